//! A class: one shared MENACE that many sessions play at once (`menace serve --class`),
//! spoken in the one protocol. A class session is a [`Session`](menace_protocol::Session)
//! like any other: the same command table, parsers, answers and errors; its engine (the
//! member's, `member.rs`) plays on the room's shared machine instead of a machine of its
//! own. The class's own commands (`name`, `teacher`, `class`) are rows of the protocol's
//! table, and the table says which commands are the teacher's.
//!
//! A game draws from the shared boxes as they are when it draws, and leaves its beads in
//! them (a bead in one player's game is not hidden from another's); when a game ends, its
//! beads get the reward under the single-player rule's net change, in the order games
//! end. A game abandoned (its session closed, `abort`) is dropped and touches nothing.
//!
//! What the class did is logged, in the order applied, from a base machine: people's games
//! and the teacher's training blocks (each with its generator's seed), so [`replay`] on
//! the base gives exactly the shared boxes. The log is bounded: past [`MAX_LOG`] entries
//! the base moves to the current boxes.
//!
//! Answers to one session go to its sink in order; what everyone should see (`drew`,
//! `finished`, and `class` after the teacher changes the machine) goes to the others
//! through the room's [`Bus`], which the transport provides. What the class holds is kept
//! by a [`Store`] before anything about a change is told: the single class file
//! ([`FileStore`]) today, the rooms' database next.
//!
//! Modules use only those above them in this list (a test checks it):
//! - `limits`: the bounds of the log, the board and the undo history;
//! - `key`: the teacher's key, made and checked;
//! - `record`: the shared machine and everything the class did with it, a game in flight,
//!   and the two rules that change the boxes;
//! - `store`: what keeps a class ([`Store`]) and the class file ([`FileStore`]);
//! - `room`: the record behind its one lock, the key, the store and the bus;
//! - `seat`: the machine's side of a member's game, on the room's shared boxes;
//! - `member`: a member's session (the protocol's engine), and the room's door to it.

mod key;
mod limits;
mod member;
mod record;
mod room;
mod seat;
mod store;

pub use key::{new_key, valid_key, KEY_RULE, KEY_WORDS};
pub use limits::{EARLIER, MAX_LOG, NAMES_PER_ADDRESS, NAMES_PER_SESSION};
pub use record::{replay, Earlier, Logged, Record, ResultWord, WHYS};
pub use room::{Bus, Clock, Room, RoomOptions, WRONG_KEY_WAIT};
pub use store::{document, read_document, teacher_file, FileStore, Store, Stored};
