//! `menace-core`'s integration tests in one binary (one module a former test file), so the
//! workspace is linked once for them: `cargo test -p menace-core --test it` is the quick loop.

mod bead_colours;
mod class_names;
mod eval;
mod file_loaders;
mod hexapawn;
mod hot_loop;
mod matchboxes;
mod nim;
mod saved_state;
mod second_side;
mod state;
mod train_request;
mod unbeatable;
mod weighted;
