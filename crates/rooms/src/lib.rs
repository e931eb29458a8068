//! Many classes on one server (`menace serve --rooms`): a teacher makes a room and gets a
//! six-character code for the board; students type it (or scan its QR code) and join a
//! class exactly as `menace serve --class` holds one.
//!
//! - [`code`]: the room's code, without look-alike characters;
//! - [`db`]: the rooms' SQLite database, group-committed, checked at open;
//! - [`limits`]: how much one client may make the server do, in bounded memory;
//! - [`proxy`]: the client's address behind a reverse proxy the operator trusts.

pub mod code;
pub mod db;
pub mod limits;
pub mod proxy;

pub use code::RoomCode;
pub use db::{Db, DbError, DbStats, RoomRow};
