//! The rules of Go, with no search in them: the vocabulary (a colour, a point, a move, the
//! Zobrist keys, each in a file of its own), the board (stones, groups, captures, ko,
//! position hashes), a game's history, area scoring, where handicap stones go, and the
//! tactical facts (liberties, ataris, captures, ko captures) that search, features and
//! ladders all read.

pub mod board;
pub mod clock;
pub mod colour;
pub mod game;
pub mod handicap;
pub mod ko;
pub mod moves;
pub mod point;
pub mod score;
pub mod tactics;
pub mod zobrist;
