//! # menace-plot
//!
//! Every SVG chart the program draws, and the only crate that builds `plotters`: learning
//! curves ([`curve`]) and a prisoner's-dilemma game's scores ([`pd`]). The library crates
//! produce the numbers; the binary asks this crate to draw them.

pub mod curve;
pub mod pd;
