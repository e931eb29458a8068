//! `menace-serve`'s integration tests in one binary (one module a former test file), so the
//! workspace is linked once for them, its shared helpers compiled once: `cargo test -p
//! menace-serve --test it` is the quick loop.

#[path = "../common/mod.rs"]
mod common;
#[path = "../common/transcripts.rs"]
mod transcripts;

mod class;
mod class_load;
mod guide;
mod host_header;
mod page_menus;
mod print_page;
mod rooms;
mod site;
mod slow_clients;
mod socket_abuse;
mod socket_load;
mod socket_transcripts;
