//! MENACE in the browser: the protocol engine (`menace-core` and `menace-protocol`, the
//! same crates `menace` answers stdin with) compiled to WebAssembly, and the single-file
//! page that carries it.
//!
//! - [`in_page`]: one session as a page holds it (lines in, JSON answer lines out, long
//!   commands in slices, the state for the browser's storage); plain Rust, tested natively.
//! - [`labels`]: the matchbox labels, `menace-print`'s sheets with the page's words.
//! - `exports` (wasm32 only): the functions the page's worker calls, over linear memory.
//! - [`bundle`] (not in the browser build): writes `menace.html`, the engine, the page, its
//!   scripts and every language's catalog in one file that works from `file://`.
//!
//! ```
//! use menace_web::in_page::{InPage, Status};
//! let mut page = InPage::open("game=ttt&seed=7").unwrap();
//! assert_eq!(page.line(b"games 1", &|| false), Status::Ready);
//! let answers = page.take_answers();
//! assert!(answers.starts_with(r#"{"type":"new_game","game":1,"games":1}"#));
//! ```

pub mod in_page;
pub mod labels;

// Built for WebAssembly only (its exports need the page's one import), and checked under
// clippy on any target, so that CI's one clippy run lints it.
#[cfg(any(target_family = "wasm", clippy))]
mod exports;

#[cfg(not(target_family = "wasm"))]
pub mod bundle;
