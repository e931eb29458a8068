//! `menace train`'s runs: what one call asks for, checked as a whole ([`request`]), and
//! the runs themselves, from a checked request and its flags ([`command`]). Above both
//! [`learn`](crate::learn) and [`choice`](crate::choice), which name the games and
//! learners these runs are asked for; nothing below uses them.

pub mod command;
pub mod request;
