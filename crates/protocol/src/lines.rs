//! Reading protocol lines: capped in length without ever holding more than the cap,
//! line endings and a byte-order mark dropped, UTF-8 checked. A leaf: every transport
//! reads through it.

use std::io::{self, BufRead};

/// The longest line accepted, in bytes, not counting its line ending (`\n` or `\r\n`)
/// or a UTF-8 byte-order mark on the first line. Long enough for `import` with a whole
/// state on one line; the WebSocket server uses it as its frame cap too. Longer lines are
/// answered with one error and skipped whole.
pub const MAX_LINE: usize = 64 * 1024;

/// One line read from the input.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A line (without its `\n`), at most the limit asked for.
    Text(Vec<u8>),
    /// A line of this many bytes, longer than the limit; its bytes were discarded.
    TooLong(u64),
    /// End of input.
    Eof,
}

/// Reads one line of at most `max` bytes without ever holding more than that in memory:
/// a longer line is consumed to its end and reported by length only.
pub fn read_line(input: &mut impl BufRead, max: usize) -> io::Result<Line> {
    let mut line = Vec::new();
    let mut total: u64 = 0;
    let mut too_long = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            if total == 0 {
                return Ok(Line::Eof);
            }
            break;
        }
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        total += chunk.len() as u64;
        if !too_long {
            if line.len() + chunk.len() > max {
                too_long = true;
                line = Vec::new();
            } else {
                line.extend_from_slice(chunk);
            }
        }
        let used = done.unwrap_or(buf.len());
        input.consume(used);
        if done.is_some() {
            // Count the newline, so an empty line is not taken for end of input.
            total += 1;
            break;
        }
    }
    if too_long {
        Ok(Line::TooLong(total))
    } else {
        Ok(Line::Text(line))
    }
}

/// Reads protocol lines: at most [`MAX_LINE`] bytes each, without their line ending
/// (`\n` or `\r\n`, so a line of exactly the cap is accepted either way), a UTF-8
/// byte-order mark on the first line dropped, UTF-8 checked.
pub struct LineReader<R> {
    input: R,
    first: bool,
}

/// [`LineReader::next_line`]: a line to handle, or the error that refuses it.
pub type Input = Result<String, String>;

impl<R: BufRead> LineReader<R> {
    /// Lines from `input`.
    pub fn new(input: R) -> LineReader<R> {
        LineReader { input, first: true }
    }

    /// The next line (`Ok(None)` at end of input); `Some(Err(message))` for a line that
    /// is refused (too long, not UTF-8), which the session answers with that error.
    pub fn next_line(&mut self) -> io::Result<Option<Input>> {
        // Room for a carriage return and a byte-order mark beyond the cap.
        let read = read_line(&mut self.input, MAX_LINE + 4)?;
        let first = std::mem::replace(&mut self.first, false);
        let mut bytes = match read {
            Line::Eof => return Ok(None),
            Line::TooLong(n) => return Ok(Some(Err(too_long(n)))),
            Line::Text(bytes) => bytes,
        };
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
        if first && bytes.starts_with(b"\xEF\xBB\xBF") {
            bytes.drain(..3);
        }
        if bytes.len() > MAX_LINE {
            return Ok(Some(Err(too_long(bytes.len() as u64))));
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn read_line_caps_without_losing_the_next_line() {
        let mut text = vec![b'a'; 10_000];
        text.extend_from_slice(b"\nok\n\nlast");
        let mut input = io::BufReader::with_capacity(64, &text[..]);
        assert_eq!(read_line(&mut input, 100).unwrap(), Line::TooLong(10_001));
        assert_eq!(read_line(&mut input, 100).unwrap(), Line::Text(b"ok".to_vec()));
        assert_eq!(read_line(&mut input, 100).unwrap(), Line::Text(Vec::new()));
        assert_eq!(read_line(&mut input, 100).unwrap(), Line::Text(b"last".to_vec()));
        assert_eq!(read_line(&mut input, 100).unwrap(), Line::Eof);
    }
}
