//! `menace-i18n`'s integration tests in one binary (one module a former test file), so the
//! workspace is linked once for them: `cargo test -p menace-i18n --test it` is the quick loop.

mod catalogs;
