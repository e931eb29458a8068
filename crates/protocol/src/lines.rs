//! Reading protocol lines: capped in length without ever holding more than the cap,
//! line endings and a byte-order mark dropped ([`menace_run::Lines`], the workspace's one
//! capped-line reader), UTF-8 checked. Every transport reads through it.

use std::io::{self, BufRead};

use menace_core::menace::state::MAX_STATE_BYTES;
use menace_run::{Line, Lines};

/// The longest command line accepted, in bytes, not counting its line ending (`\n` or
/// `\r\n`) or a UTF-8 byte-order mark on the first line; `import` alone may be longer
/// ([`MAX_IMPORT_LINE`]). Longer lines are answered with one error and skipped whole.
pub const MAX_LINE: usize = 64 * 1024;

/// The longest `import` line: `import ` and a state document as large as `load` reads
/// ([`MAX_STATE_BYTES`], 1 MiB), so whatever `export` answers (a whole class with a full
/// board of players among it) can be taken back. The longest line of any kind: the
/// WebSocket server's frame cap is this plus a line end and a byte-order mark.
pub const MAX_IMPORT_LINE: usize = MAX_STATE_BYTES as usize + "import ".len();

/// The longest `line` may be: [`MAX_IMPORT_LINE`] for an `import` command, [`MAX_LINE`]
/// for any other.
pub fn limit_for(line: &[u8]) -> usize {
    let start = line.trim_ascii_start();
    let word = start.split(|b| b.is_ascii_whitespace()).next().unwrap_or_default();
    if word.eq_ignore_ascii_case(b"import") {
        MAX_IMPORT_LINE
    } else {
        MAX_LINE
    }
}

/// The error for a line of `n` bytes over its limit: `limit`, or `None` when the line was
/// too long to be read at all (over [`MAX_IMPORT_LINE`], whatever its command).
pub fn too_long(n: u64, limit: Option<usize>) -> String {
    match limit {
        Some(limit) => {
            format!("line too long: {n} bytes (the limit is {limit}); nothing was done")
        }
        None => format!(
            "line too long: {n} bytes (the limit is {MAX_LINE}, {MAX_IMPORT_LINE} for `import`); \
             nothing was done"
        ),
    }
}

/// Reads protocol lines: at most [`limit_for`] bytes each, without their line ending
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
        LineReader { lines: Lines::new(input, MAX_IMPORT_LINE).dropping_bom() }
    }

    /// The next line (`Ok(None)` at end of input); `Some(Err(message))` for a line that
    /// is refused (too long, not UTF-8), which the session answers with that error.
    pub fn next_line(&mut self) -> io::Result<Option<Input>> {
        let bytes = match self.lines.next_line()? {
            Line::Eof => return Ok(None),
            Line::TooLong(n) => return Ok(Some(Err(too_long(n, None)))),
            Line::Text(bytes) => bytes,
        };
        let limit = limit_for(&bytes);
        if bytes.len() > limit {
            return Ok(Some(Err(too_long(bytes.len() as u64, Some(limit)))));
        }
        Ok(Some(String::from_utf8(bytes).map_err(|e| {
            format!(
                "line is not valid UTF-8 (bad byte at position {}); nothing was done",
                e.utf8_error().valid_up_to()
            )
        })))
    }
}
