//! Reading protocol lines: capped in length without ever holding more than the cap,
//! line endings and a byte-order mark dropped ([`menace_run::Lines`], the workspace's one
//! capped-line reader), UTF-8 checked. Every transport reads through it.

#[cfg(feature = "native")]
use std::io::{self, BufRead};

use menace_core::menace::state::MAX_STATE_BYTES;
#[cfg(feature = "native")]
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

/// The line a transport's message holds, when each message is one line (a WebSocket
/// frame, a page's call to the browser engine), or the error that refuses it, worded as
/// stdin words the same line: a trailing line end (`\n` or `\r\n`) is allowed, a second
/// line is not, and the line is held to its command's limit ([`limit_for`]). Bytes, not
/// text, so any line stdin takes can be sent, and one that is not UTF-8 is refused alike.
pub fn line_of(bytes: &[u8]) -> Input {
    let raw = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let line = raw.strip_suffix(b"\r").unwrap_or(raw);
    let limit = limit_for(line);
    if line.len() > limit {
        let n = line.len();
        return Err(too_long(n as u64, (n <= MAX_IMPORT_LINE).then_some(limit)));
    }
    if line.contains(&b'\n') {
        let lines = line.split(|&b| b == b'\n').count();
        return Err(format!(
            "one command per frame: this frame holds {lines} lines; nothing was done"
        ));
    }
    std::str::from_utf8(line).map(str::to_string).map_err(|e| not_utf8(e.valid_up_to()))
}

/// `bytes` without a UTF-8 byte-order mark when it is a session's first message (`first`
/// says so, and is then cleared), as stdin drops one from its first line.
pub fn without_bom<'a>(bytes: &'a [u8], first: &mut bool) -> &'a [u8] {
    let was_first = std::mem::replace(first, false);
    match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) if was_first => rest,
        _ => bytes,
    }
}

/// The error for a line whose first bad byte is at `at`.
fn not_utf8(at: usize) -> String {
    format!("line is not valid UTF-8 (bad byte at position {at}); nothing was done")
}

/// Whether `line` is the `stop` command (which a transport acts on as soon as it reads it).
pub fn is_stop_line(line: &str) -> bool {
    line.trim().eq_ignore_ascii_case("stop")
}

/// Reads protocol lines: at most [`limit_for`] bytes each, without their line ending
/// (`\n` or `\r\n`, so a line of exactly the cap is accepted either way), a UTF-8
/// byte-order mark on the first line dropped, UTF-8 checked.
#[cfg(feature = "native")]
pub struct LineReader<R> {
    lines: Lines<R>,
}

/// [`LineReader::next_line`]: a line to handle, or the error that refuses it.
pub type Input = Result<String, String>;

#[cfg(feature = "native")]
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
        Ok(Some(String::from_utf8(bytes).map_err(|e| not_utf8(e.utf8_error().valid_up_to()))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_is_one_line() {
        assert_eq!(line_of(b"games 3"), Ok("games 3".into()));
        assert_eq!(line_of(b"games 3\r\n"), Ok("games 3".into()));
        assert_eq!(line_of(b""), Ok(String::new()));
        assert!(matches!(line_of(b"games 3\nquit"), Err(m) if m.contains("2 lines")));
        assert_eq!(line_of(b"ok \xff"), Err(not_utf8(3)));
        assert_eq!(line_of(&vec![b'a'; MAX_LINE]), Ok("a".repeat(MAX_LINE)));
        let over = MAX_LINE as u64 + 1;
        assert_eq!(line_of(&vec![b'a'; MAX_LINE + 1]), Err(too_long(over, Some(MAX_LINE))));
        // `import` may be longer, up to its own limit.
        let import = |n: usize| [b"import ".as_slice(), &vec![b'{'; n - 7]].concat();
        assert!(matches!(line_of(&import(MAX_LINE + 1)), Ok(t) if t.len() == MAX_LINE + 1));
        assert!(line_of(&import(MAX_IMPORT_LINE)).is_ok());
        let over = MAX_IMPORT_LINE as u64 + 1;
        assert_eq!(line_of(&import(MAX_IMPORT_LINE + 1)), Err(too_long(over, None)));
    }
}
