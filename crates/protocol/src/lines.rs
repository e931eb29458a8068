//! Reading protocol lines: capped in length without ever holding more than the cap,
//! line endings and a byte-order mark dropped ([`menace_run::Lines`], the workspace's one
//! capped-line reader), UTF-8 checked. Every transport reads through it.

use std::io::{self, BufRead};

use menace_run::{Line, Lines};

/// The longest line accepted, in bytes, not counting its line ending (`\n` or `\r\n`)
/// or a UTF-8 byte-order mark on the first line. Long enough for `import` with a whole
/// state on one line; the WebSocket server uses it as its frame cap too. Longer lines are
/// answered with one error and skipped whole.
pub const MAX_LINE: usize = 64 * 1024;

/// Reads protocol lines: at most [`MAX_LINE`] bytes each, without their line ending
/// (`\n` or `\r\n`, so a line of exactly the cap is accepted either way), a UTF-8
/// byte-order mark on the first line dropped, UTF-8 checked.
pub struct LineReader<R> {
    lines: Lines<R>,
}

/// [`LineReader::next_line`]: a line to handle, or the error that refuses it.
pub type Input = Result<String, String>;

impl<R: BufRead> LineReader<R> {
    /// Lines from `input`.
    pub fn new(input: R) -> LineReader<R> {
        LineReader { lines: Lines::new(input, MAX_LINE).dropping_bom() }
    }

    /// The next line (`Ok(None)` at end of input); `Some(Err(message))` for a line that
    /// is refused (too long, not UTF-8), which the session answers with that error.
    pub fn next_line(&mut self) -> io::Result<Option<Input>> {
        let bytes = match self.lines.next_line()? {
            Line::Eof => return Ok(None),
            Line::TooLong(n) => return Ok(Some(Err(too_long(n)))),
            Line::Text(bytes) => bytes,
        };
        Ok(Some(String::from_utf8(bytes).map_err(|e| {
            format!(
                "line is not valid UTF-8 (bad byte at position {}); nothing was done",
                e.utf8_error().valid_up_to()
            )
        })))
    }
}

fn too_long(n: u64) -> String {
    format!("line too long: {n} bytes (the limit is {MAX_LINE}); nothing was done")
}
