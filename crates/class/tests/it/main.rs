//! `menace-class`'s integration tests in one binary.

mod class;
mod layers;
