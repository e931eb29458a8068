//! The rules of Go, with no search in them: the board (stones, groups, captures, ko,
//! position hashes), a game's history, area scoring, where handicap stones go, and the
//! tactical facts (liberties, ataris, captures, ko captures) that search, features and
//! ladders all read.

pub mod board;
pub mod clock;
pub mod game;
pub mod handicap;
pub mod ko;
pub mod score;
pub mod tactics;
