//! The WebAssembly interface: a few functions over the module's linear memory, no
//! generated glue. The page's worker (`engine.js`) copies a line into memory from
//! [`menace_alloc`], calls [`menace_line`], and reads the answers back from
//! [`menace_text_ptr`]/[`menace_text_len`]. A long command runs in slices of
//! [`SLICE_MS`], measured by the import `env.menace_now` (`performance.now()`).
//!
//! Everything is on the worker's one thread: the session lives in a thread-local. The page
//! keeps a second instance of the same module on its main thread for the matchbox labels
//! ([`menace_labels`]), whose words it gives through the other import, `env.menace_words`,
//! answered at once from its Fluent bundle (the worker's instance never asks).

use std::cell::RefCell;

use crate::in_page::{InPage, Status};

/// How long a slice of a long command runs before it pauses, so that the worker reads a
/// `stop` within this (and shows progress) while it trains.
pub const SLICE_MS: f64 = 50.0;

#[link(wasm_import_module = "env")]
extern "C" {
    /// Milliseconds from some fixed start (`performance.now()`).
    fn menace_now() -> f64;
    /// The page's answer to a word request (the `len` bytes at `ptr`, JSON: see
    /// [`crate::labels`]), written as UTF-8 at `out` up to `cap` bytes: its whole length in
    /// bytes (more than `cap`: ask again with room for it).
    fn menace_words(ptr: *const u8, len: usize, out: *mut u8, cap: usize) -> usize;
}

thread_local! {
    static PAGE: RefCell<Option<InPage>> = const { RefCell::new(None) };
    /// The text of the last call that answers text (answers, a state, an error).
    static TEXT: RefCell<String> = const { RefCell::new(String::new()) };
}

/// A pause predicate: `true` once this slice has run [`SLICE_MS`].
fn slice() -> impl Fn() -> bool {
    // SAFETY: an imported function with no arguments that returns a number.
    let start = unsafe { menace_now() };
    move || unsafe { menace_now() } - start >= SLICE_MS
}

fn set_text(text: String) {
    TEXT.with(|t| *t.borrow_mut() = text);
}

/// The bytes the page wrote at `ptr` (from [`menace_alloc`]), `len` long.
fn bytes<'a>(ptr: *const u8, len: usize) -> &'a [u8] {
    if len == 0 {
        return &[];
    }
    // SAFETY: the page wrote `len` bytes into a block of at least `len` it allocated with
    // `menace_alloc` and frees only after this call returns.
    unsafe { std::slice::from_raw_parts(ptr, len) }
}

/// A block of `len` bytes for the page to write a line into; give it back with
/// [`menace_free`].
#[no_mangle]
pub extern "C" fn menace_alloc(len: usize) -> *mut u8 {
    let mut block = Vec::<u8>::with_capacity(len.max(1));
    let ptr = block.as_mut_ptr();
    std::mem::forget(block);
    ptr
}

/// Gives back a block from [`menace_alloc`].
#[no_mangle]
pub extern "C" fn menace_free(ptr: *mut u8, len: usize) {
    // SAFETY: `ptr` came from `menace_alloc(len)`, which allocated `len.max(1)` bytes.
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len.max(1)) });
}

/// Starts a session with the options at `ptr` (`game=ttt&seed=1961`, UTF-8): 0 when it
/// started, 1 when the options were refused (the reason is the text).
#[no_mangle]
pub extern "C" fn menace_open(ptr: *const u8, len: usize) -> u32 {
    let opened = std::str::from_utf8(bytes(ptr, len))
        .map_err(|_| "session options are not UTF-8".to_string())
        .and_then(InPage::open);
    match opened {
        Ok(page) => {
            PAGE.with(|p| *p.borrow_mut() = Some(page));
            0
        }
        Err(e) => {
            set_text(e);
            1
        }
    }
}

fn with_page(f: impl FnOnce(&mut InPage) -> u32) -> u32 {
    PAGE.with(|p| match p.borrow_mut().as_mut() {
        Some(page) => f(page),
        None => Status::Over as u32,
    })
}

/// Handles one line (the bytes at `ptr`): a [`Status`] (0 ready, 1 paused, 2 over).
#[no_mangle]
pub extern "C" fn menace_line(ptr: *const u8, len: usize) -> u32 {
    let line = bytes(ptr, len);
    with_page(|page| page.line(line, &slice()) as u32)
}

/// Goes on with a paused long command: a [`Status`].
#[no_mangle]
pub extern "C" fn menace_resume() -> u32 {
    with_page(|page| page.resume(&slice()) as u32)
}

/// A line arrived (the bytes at `ptr`), to be handled in its turn: a `stop` takes effect
/// at once (see [`InPage::arrived`]).
#[no_mangle]
pub extern "C" fn menace_arrived(ptr: *const u8, len: usize) {
    let line = bytes(ptr, len);
    with_page(|page| {
        page.arrived(line);
        0
    });
}

/// Makes the answers produced since the last call the text; its length.
#[no_mangle]
pub extern "C" fn menace_answers() -> usize {
    let answers = PAGE.with(|p| p.borrow_mut().as_mut().map(InPage::take_answers));
    set_text(answers.unwrap_or_default());
    menace_text_len()
}

/// Makes the learned state (the saved-state file's text) the text: 0, or 1 with the
/// reason there is none as the text.
#[no_mangle]
pub extern "C" fn menace_state() -> u32 {
    let state = PAGE.with(|p| p.borrow().as_ref().map(InPage::state));
    match state.unwrap_or_else(|| Err("no session".into())) {
        Ok(text) => {
            set_text(text);
            0
        }
        Err(e) => {
            set_text(e);
            1
        }
    }
}

/// Takes back a saved state (the bytes at `ptr`): 0, or 1 with the reason as the text.
#[no_mangle]
pub extern "C" fn menace_restore(ptr: *const u8, len: usize) -> u32 {
    let text = String::from_utf8_lossy(bytes(ptr, len)).into_owned();
    let restored = PAGE.with(|p| match p.borrow_mut().as_mut() {
        Some(page) => page.restore(&text),
        None => Err("no session".into()),
    });
    match restored {
        Ok(()) => 0,
        Err(e) => {
            set_text(e);
            1
        }
    }
}

/// The page's answer to `request` (see [`crate::labels`]).
fn ask_page(request: &str) -> String {
    let mut out = vec![0u8; 256];
    loop {
        // SAFETY: the page reads `request`'s bytes and writes at most `out.len()` bytes
        // into `out`, both alive for the call.
        let len =
            unsafe { menace_words(request.as_ptr(), request.len(), out.as_mut_ptr(), out.len()) };
        if len <= out.len() {
            out.truncate(len);
            return String::from_utf8_lossy(&out).into_owned();
        }
        out.resize(len, 0);
    }
}

/// Makes the labels' page for the query at `ptr` (`machine=nim&paper=a4&...`, UTF-8; see
/// [`crate::labels::sheet`]) the text, in the words the page gives: 0, or 1 with the
/// reason the query is refused as the text.
#[no_mangle]
pub extern "C" fn menace_labels(ptr: *const u8, len: usize) -> u32 {
    let page = std::str::from_utf8(bytes(ptr, len))
        .map_err(|_| "the labels' query is not UTF-8".to_string())
        .and_then(|query| crate::labels::sheet(query, &crate::labels::Asked(ask_page)));
    match page {
        Ok(html) => {
            set_text(html);
            0
        }
        Err(e) => {
            set_text(e);
            1
        }
    }
}

/// Where the text is (valid until the next call).
#[no_mangle]
pub extern "C" fn menace_text_ptr() -> *const u8 {
    TEXT.with(|t| t.borrow().as_ptr())
}

/// How long the text is, in bytes.
#[no_mangle]
pub extern "C" fn menace_text_len() -> usize {
    TEXT.with(|t| t.borrow().len())
}
