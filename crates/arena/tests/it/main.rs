//! `menace-arena`'s integration tests in one binary (one module a former test file), so the
//! workspace is linked once for them: `cargo test -p menace-arena --test it` is the quick loop.

mod driver;
