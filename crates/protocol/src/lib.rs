//! The MENACE line protocol: commands in, JSON lines out.
//!
//! Layers point one way, each module using only those above it in this list:
//!
//! - leaves: [`answer`] (the answers, serialized with `serde_json`), [`lines`] (reading
//!   capped, UTF-8-checked lines), `text` (quoting user text in errors), `history` and
//!   `series` (the record of games, the match in progress);
//! - [`sink`]: where answers go ([`Sink`], [`JsonLines`]) and [`Stop`]; [`pretty`]: the
//!   terminal view, another sink (answers as text for a person);
//! - `face` (how each game shows itself) and `engine` (what a session's commands run
//!   against: the capabilities `About`, `Play`, `Observe`, `Teach` and a class's
//!   `Classroom`, together an [`Engine`]; their arguments, [`RulesChange`]);
//! - `explain`: the record of MENACE's turns that the `explain` answer is made from;
//! - `matchplay`: the one game flow (a match, its turns, the end of each game) over a
//!   seat, the machine's side of the game;
//! - `play`: the engine written once for every game and learner, its own machine in the
//!   seat;
//! - [`session`]: one [`Session`] for every game and learner, built from a [`Config`],
//!   and the parts of it a command may run against ([`session::Capability`]);
//! - [`command`]: the commands, each a type that parses itself and runs against the
//!   capability it needs ([`command::Verb`]), in files by family; the list of them
//!   ([`COMMANDS`]: name, usage, help, which games and learners) and the dispatch of a
//!   line through it ([`Session::handle_line`] is defined there, beside the list it reads);
//! - [`transport`]: [`Worker`], [`feed`] and [`serve`], what every transport (stdin, the
//!   WebSocket server, tests) builds on; [`opponent`]: an external program as an
//!   opponent, speaking the protocol's other side.
//!
//! So the command table knows the session, the session knows its play, and nothing
//! below a transport knows it exists. A class (`menace-class`, a crate above this one)
//! is a [`Session`] too: its engine implements [`engine::Engine`] (and the class's own
//! [`engine::Classroom`]) over the same game flow
//! ([`matchplay`]) with the room's shared machine in the seat, and its sessions are made
//! with [`Session::of_engine`].
//!
//! ```
//! use menace_core::menace::BeadRules;
//! use menace_protocol::{serve, Session};
//! let mut session = Session::new(BeadRules::challenge(), 7);
//! let mut out = Vec::new();
//! serve(&b"games 1\nmove XX\n"[..], &mut out, &mut session).unwrap();
//! let text = String::from_utf8(out).unwrap();
//! let lines: Vec<&str> = text.lines().collect();
//! assert!(lines[0].starts_with(r#"{"type":"new_game","game":1,"games":1}"#));
//! assert!(lines[1].starts_with(r#"{"type":"menace_move""#));
//! assert!(lines[2].starts_with(r#"{"type":"error""#));
//! ```

pub mod answer;
pub mod command;
pub mod engine;
pub mod explain;
pub mod face;
pub mod history;
pub mod lines;
pub mod matchplay;
#[cfg(feature = "native")]
pub mod opponent;
mod play;
pub mod pretty;
mod series;
pub mod session;
pub mod sink;
mod text;
#[cfg(feature = "native")]
pub mod transport;

pub use answer::{Answer, ERROR_CODES};
pub use command::{parse_line, Command, COMMANDS};
pub use engine::{Engine, PlayersChange, RulesChange, EARLIER};
pub use history::HISTORY;
#[cfg(feature = "native")]
pub use lines::LineReader;
pub use lines::{is_stop_line, limit_for, too_long, Input, MAX_IMPORT_LINE, MAX_LINE};
pub use menace_files::FileAccess;
pub use play::{clamped, progress_every};
pub use session::{
    Config, Flow, GameChoice, LearnerChoice, OptionError, Session, Step, DEFAULT_SEED,
};
pub use sink::{Closed, JsonLines, Sink, Stop};
#[cfg(feature = "native")]
pub use transport::{feed, serve, Busy, Worker};
