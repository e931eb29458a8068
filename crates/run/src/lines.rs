//! Reading capped lines: the one reader behind the protocol's standard input, the GTP
//! engine and a [`Session`](crate::Session)'s answers. A leaf (std only), so a transport
//! can read through it without spawning anything.
//!
//! The rules, the protocol's own: a line ends at `\n`; one `\r` before it (or at the end
//! of input) is dropped, so a line of exactly the cap is accepted with either ending; a
//! UTF-8 byte-order mark on the first line is dropped when asked for; a line longer than
//! the cap is consumed to its end without ever being held whole and reported once, by
//! length. Decoding (strict or lossy UTF-8) is the caller's: each answers a bad line its
//! own way.

use std::io::{self, BufRead};

/// The UTF-8 byte-order mark some editors put at the start of a file.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// One line read from the input.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A line without its line ending (and byte-order mark), at most the cap long.
    Text(Vec<u8>),
    /// A line longer than the cap; its bytes were discarded. The length is the line's
    /// without its ending when it was short enough to hold (the cap plus room for `\r` and
    /// a byte-order mark); a longer one, skipped unheld, counts its `\n` too (the number the
    /// protocol has always reported, kept so its transcripts stay as they are).
    TooLong(u64),
    /// End of input.
    Eof,
}

/// Capped lines from a [`BufRead`].
pub struct Lines<R> {
    input: R,
    max: usize,
    bom: bool,
    first: bool,
}

impl<R: BufRead> Lines<R> {
    /// Lines of `input` of at most `max` bytes each (without their ending).
    pub fn new(input: R, max: usize) -> Lines<R> {
        Lines { input, max, bom: false, first: true }
    }

    /// Also drops a UTF-8 byte-order mark at the start of the first line (the protocol's
    /// option: files saved by some editors start with one).
    pub fn dropping_bom(mut self) -> Lines<R> {
        self.bom = true;
        self
    }

    /// The cap this reader was made with.
    pub fn max(&self) -> usize {
        self.max
    }

    /// The next line; an I/O error is passed on (an interrupted read is retried).
    pub fn next_line(&mut self) -> io::Result<Line> {
        // Room for a carriage return, and a byte-order mark, beyond the cap.
        let hold = self.max.saturating_add(if self.bom { 4 } else { 1 });
        let read = read_held(&mut self.input, hold)?;
        // Only the first line read may carry the mark, even if it was too long.
        let first = std::mem::replace(&mut self.first, false);
        let mut bytes = match read {
            Line::Text(bytes) => bytes,
            other => return Ok(other),
        };
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
        if self.bom && first && bytes.starts_with(BOM) {
            bytes.drain(..BOM.len());
        }
        if bytes.len() > self.max {
            return Ok(Line::TooLong(bytes.len() as u64));
        }
        Ok(Line::Text(bytes))
    }
}

/// Reads one line (without its `\n`) of at most `hold` bytes without ever holding more:
/// a longer line is consumed to its end and reported by its length, `\n` included.
fn read_held(input: &mut impl BufRead, hold: usize) -> io::Result<Line> {
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
            if line.len() + chunk.len() > hold {
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
    Ok(if too_long { Line::TooLong(total) } else { Line::Text(line) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn all(input: &[u8], max: usize, bom: bool, capacity: usize) -> Vec<Line> {
        let mut lines = Lines::new(io::BufReader::with_capacity(capacity, input), max);
        if bom {
            lines = lines.dropping_bom();
        }
        let mut out = Vec::new();
        loop {
            match lines.next_line().unwrap() {
                Line::Eof => return out,
                line => out.push(line),
            }
        }
    }

    #[test]
    fn a_long_line_is_skipped_without_losing_the_next() {
        let mut text = vec![b'a'; 10_000];
        text.extend_from_slice(b"\nok\r\n\nlast\r");
        let got = all(&text, 100, false, 64);
        let want = [
            Line::TooLong(10_001),
            Line::Text(b"ok".to_vec()),
            Line::Text(Vec::new()),
            Line::Text(b"last".to_vec()),
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn the_cap_counts_neither_the_ending_nor_the_first_lines_mark() {
        let line = |n| vec![b'x'; n];
        let text = [BOM, &line(5), b"\r\n", &line(5), b"\n", &line(6), b"\r\n"].concat();
        let want = [Line::Text(line(5)), Line::Text(line(5)), Line::TooLong(6)];
        assert_eq!(all(&text, 5, true, 8), want);
        // Without the option the mark is part of the line (and too long for the cap).
        assert_eq!(all(&text, 5, false, 8)[0], Line::TooLong(10));
        // A mark on a later line is data.
        assert_eq!(all(&[b"a\n", BOM].concat(), 5, true, 8)[1], Line::Text(BOM.to_vec()));
    }

    proptest! {
        /// Any bytes, any cap, any buffer size: no panic, no line over the cap, and the
        /// lines are the input's own: split at `\n`, one `\r` dropped, each kept exactly
        /// when it fits (with the lengths the protocol reports for those that do not).
        #[test]
        fn lines_rejoin_to_the_input(
            input in proptest::collection::vec(
                prop_oneof![Just(b'\n'), Just(b'\r'), Just(b'a'), any::<u8>()], 0..300),
            max in 0usize..40,
            capacity in 1usize..50,
        ) {
            let got = all(&input, max, false, capacity);
            let mut pieces: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
            if input.ends_with(b"\n") || input.is_empty() {
                pieces.pop();
            }
            prop_assert_eq!(got.len(), pieces.len());
            for (i, (line, raw)) in got.iter().zip(&pieces).enumerate() {
                let body = raw.strip_suffix(b"\r").unwrap_or(raw);
                let ended = i + 1 < pieces.len() || input.ends_with(b"\n");
                let want = if body.len() <= max {
                    Line::Text(body.to_vec())
                } else if raw.len() > max + 1 {
                    Line::TooLong(raw.len() as u64 + u64::from(ended))
                } else {
                    Line::TooLong(body.len() as u64)
                };
                prop_assert_eq!(line, &want);
                if let Line::Text(t) = line {
                    prop_assert!(t.len() <= max);
                }
            }
        }

        /// With the protocol's byte-order-mark option: the same lines, the first one's
        /// mark dropped, none over the cap.
        #[test]
        fn a_first_mark_is_all_the_option_changes(
            input in proptest::collection::vec(any::<u8>(), 0..200),
            mark in any::<bool>(),
            max in 0usize..40,
        ) {
            let marked = [if mark { BOM } else { b"" }, &input].concat();
            let got = all(&marked, max, true, 7);
            let plain = all(&input, max, false, 7);
            prop_assert_eq!(got.len(), plain.len().max(usize::from(mark)));
            for line in &got {
                if let Line::Text(t) = line {
                    prop_assert!(t.len() <= max);
                }
            }
            // Past the first line the same lines are kept (a refused line's reported
            // length may differ: the option holds 3 bytes more before skipping).
            let kept = |lines: &[Line]| -> Vec<Option<Vec<u8>>> {
                let text = |l: &Line| if let Line::Text(t) = l { Some(t.clone()) } else { None };
                lines.iter().skip(1).map(text).collect()
            };
            prop_assert_eq!(kept(&got), kept(&plain));
        }
    }
}
