//! The exact bytes a program reads each round, and the reading of what it answers.
//!
//! Input (one round, as the original judge wrote it):
//! ```text
//! P D N                 players, this program's id, rounds already played
//! (a, b) (a, c) ...     N lines, oldest first: every take written "(taker, victim) ",
//!                       each pair followed by a space, takers in increasing id order;
//!                       an empty line for a round without takes
//! SEED                  this round's seed, the same for every program
//! STATE                 the program's own line 2 of the previous round; absent in round 1
//! ```
//! Answer: line 1 the ids to take from (spaces between), optional line 2 a state line.
//! Reading an answer is tolerant (whatever is legal is kept) and strict in reporting
//! (every dropped token is named), so a misbehaving program never stops the game.

use std::fmt::{self, Write as _};

use super::rules::{Id, Round, Take, MAX_PLAYERS};

/// One round's input, owned (what `menace pd-player` parses from its stdin).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    /// Number of players `P`.
    pub players: u32,
    /// This program's id `D`, in `1..=P`.
    pub id: Id,
    /// The past rounds, oldest first.
    pub history: Vec<Round>,
    /// This round's seed.
    pub seed: u64,
    /// The program's previous state line (without its newline); `None` in round 1.
    pub state: Option<String>,
}

impl Input {
    /// A borrowed view, what strategies read.
    pub fn view(&self) -> View<'_> {
        View {
            players: self.players,
            id: self.id,
            history: &self.history,
            seed: self.seed,
            state: self.state.as_deref(),
        }
    }
}

/// One round's input as a strategy sees it: exactly what an external program receives.
#[derive(Copy, Clone, Debug)]
pub struct View<'a> {
    /// Number of players `P`.
    pub players: u32,
    /// Own id `D`.
    pub id: Id,
    /// The past rounds, oldest first (`N = history.len()`).
    pub history: &'a [Round],
    /// This round's seed.
    pub seed: u64,
    /// The previous state line; `None` in round 1.
    pub state: Option<&'a str>,
}

impl View<'_> {
    /// Rounds already played.
    pub fn round(&self) -> usize {
        self.history.len()
    }

    /// The other players' ids, increasing.
    pub fn others(&self) -> impl Iterator<Item = Id> + '_ {
        (1..=self.players).filter(move |&j| j != self.id)
    }
}

/// Writes one history line (without its newline): `(a, b) ` for every take.
pub fn write_round(out: &mut String, round: &[Take]) {
    for t in round {
        let _ = write!(out, "({}, {}) ", t.taker, t.victim);
    }
}

/// The exact input bytes for player `id` (see the module documentation).
///
/// `state` is the player's previous line 2 (empty if it printed none); it is written
/// only when `history` is not empty, because in round one there is no state line at all.
pub fn render_input(players: u32, id: Id, history: &[Round], seed: u64, state: &[u8]) -> Vec<u8> {
    let mut s = String::with_capacity(32 + history.iter().map(|r| r.len() * 9 + 1).sum::<usize>());
    let _ = writeln!(s, "{players} {id} {}", history.len());
    for r in history {
        write_round(&mut s, r);
        s.push('\n');
    }
    let _ = writeln!(s, "{seed}");
    let mut bytes = s.into_bytes();
    if !history.is_empty() {
        bytes.extend_from_slice(state);
        bytes.push(b'\n');
    }
    bytes
}

/// Why an input could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError(pub String);

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InputError {}

fn err<T>(msg: impl Into<String>) -> Result<T, InputError> {
    Err(InputError(msg.into()))
}

/// Parses one history line (`(1, 2) (1, 3) `) of a game of `players` players.
///
/// Accepts any spacing around the parentheses and the comma; rejects anything else.
pub fn parse_round(line: &str, players: u32) -> Result<Round, InputError> {
    let mut round = Vec::new();
    let mut rest = line.trim_start();
    while !rest.is_empty() {
        let Some(r) = rest.strip_prefix('(') else {
            return err(format!("expected '(' at {rest:.20?}"));
        };
        let Some(close) = r.find(')') else {
            return err(format!("unclosed pair at {rest:.20?}"));
        };
        let inner = &r[..close];
        let Some((a, b)) = inner.split_once(',') else {
            return err(format!("pair without a comma: ({inner:.20})"));
        };
        let (Ok(taker), Ok(victim)) = (a.trim().parse::<Id>(), b.trim().parse::<Id>()) else {
            return err(format!("pair with a bad id: ({inner:.20})"));
        };
        if taker == 0 || victim == 0 || taker > players || victim > players || taker == victim {
            return err(format!("pair out of range for {players} players: ({taker}, {victim})"));
        }
        round.push(Take { taker, victim });
        rest = r[close + 1..].trim_start();
    }
    Ok(round)
}

/// Parses a whole round's input (the bytes `render_input` writes).
///
/// Lenient about a missing final newline and `\r\n` line ends; strict about everything
/// that carries meaning (counts, ids, pairs, the seed).
pub fn parse_input(bytes: &[u8]) -> Result<Input, InputError> {
    let text = String::from_utf8_lossy(bytes);
    let mut lines = text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l));
    let Some(head) = lines.next() else { return err("empty input") };
    let nums: Vec<&str> = head.split_whitespace().collect();
    let [p, d, n] = nums[..] else {
        return err(format!("first line should be 'P D N', got {head:.40?}"));
    };
    let (Ok(players), Ok(id), Ok(n)) = (p.parse::<u32>(), d.parse::<u32>(), n.parse::<usize>())
    else {
        return err(format!("first line should be three numbers, got {head:.40?}"));
    };
    if !(2..=MAX_PLAYERS).contains(&players) {
        return err(format!("P must be 2..={MAX_PLAYERS}, got {players}"));
    }
    if id == 0 || id > players {
        return err(format!("own id {id} is not in 1..={players}"));
    }
    let mut history = Vec::new();
    for r in 0..n {
        let Some(line) = lines.next() else {
            return err(format!("input ends after {r} of {n} history lines"));
        };
        history.push(
            parse_round(line, players)
                .map_err(|e| InputError(format!("history line {}: {e}", r + 1)))?,
        );
    }
    let Some(seed_line) = lines.next() else { return err("input ends before the seed line") };
    let Ok(seed) = seed_line.trim().parse::<u64>() else {
        return err(format!("seed line is not an unsigned 64-bit number: {seed_line:.40?}"));
    };
    // The state line: present from round 2 on; if it is the very last thing and was
    // empty, `split` shows it as the empty piece after the seed's newline, and a missing
    // line shows as that same empty piece, so both read as an empty state.
    let state = if n == 0 {
        lines.next().filter(|s| !s.is_empty()).map(str::to_string)
    } else {
        Some(lines.next().unwrap_or("").to_string())
    };
    Ok(Input { players, id, history, seed, state })
}

/// What a strategy answers: the ids it takes from and an optional state line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Answer {
    /// Ids to take from, in the order named.
    pub takes: Vec<Id>,
    /// Line 2, handed back next round (must not contain a newline).
    pub state: Option<String>,
}

impl Answer {
    /// The answer as a program prints it.
    pub fn render(&self) -> Vec<u8> {
        let mut s = String::new();
        for (i, t) in self.takes.iter().enumerate() {
            if i > 0 {
                s.push(' ');
            }
            let _ = write!(s, "{t}");
        }
        s.push('\n');
        if let Some(st) = &self.state {
            s.push_str(st);
            s.push('\n');
        }
        s.into_bytes()
    }
}

/// An answer as the judge reads it from a program's output.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parsed {
    /// Legal ids, in the order named, each at most once.
    pub takes: Vec<Id>,
    /// Line 2 exactly as printed (without its newline), if any.
    pub state: Option<Vec<u8>>,
    /// One phrase per thing that was dropped or ignored.
    pub dropped: Vec<String>,
}

/// Reads a program's output. `truncated` says the output was cut at the judge's cap, so
/// a last line without its newline is incomplete and is not used.
///
/// Tokens of line 1 are separated by white space or commas; each must be an id in
/// `1..=players` other than `own`, named once. Everything else is dropped and reported.
pub fn parse_answer(out: &[u8], players: u32, own: Id, truncated: bool) -> Parsed {
    let mut parsed = Parsed::default();
    let (line1, rest) = match out.iter().position(|&b| b == b'\n') {
        Some(i) => (&out[..i], Some(&out[i + 1..])),
        None if truncated => {
            parsed.dropped.push("first line cut by the output cap: no takes".into());
            return parsed;
        }
        None => (out, None),
    };
    let line1 = String::from_utf8_lossy(line1);
    let mut seen = vec![false; players as usize + 1];
    for tok in line1.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()) {
        let id = match tok.parse::<u64>() {
            Ok(v) if tok.bytes().all(|b| b.is_ascii_digit()) => v,
            _ => {
                parsed.dropped.push(format!("garbage token {:?}", truncate(tok, 24)));
                continue;
            }
        };
        if id == 0 || id > u64::from(players) {
            parsed.dropped.push(format!("id {id} out of range 1..={players}"));
        } else if id == u64::from(own) {
            parsed.dropped.push(format!("own id {id}"));
        } else if seen[id as usize] {
            parsed.dropped.push(format!("duplicate id {id}"));
        } else {
            seen[id as usize] = true;
            parsed.takes.push(id as Id);
        }
    }
    if let Some(rest) = rest.filter(|r| !r.is_empty()) {
        match rest.iter().position(|&b| b == b'\n') {
            Some(i) => {
                parsed.state = Some(rest[..i].to_vec());
                let extra = rest[i + 1..].split(|&b| b == b'\n').filter(|l| !l.is_empty()).count();
                if extra > 0 {
                    parsed.dropped.push(format!("{extra} line(s) after the state line ignored"));
                }
            }
            None if truncated => parsed.dropped.push("state line cut by the output cap".into()),
            None => parsed.state = Some(rest.to_vec()),
        }
    }
    parsed
}

fn truncate(s: &str, n: usize) -> String {
    let mut t: String = s.chars().take(n).collect();
    if t.len() < s.len() {
        t.push('…');
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(taker: Id, victim: Id) -> Take {
        Take { taker, victim }
    }

    #[test]
    fn round_one_has_no_state_line() {
        assert_eq!(render_input(4, 3, &[], 42, b"ignored"), b"4 3 0\n42\n");
    }

    #[test]
    fn later_rounds_have_pairs_with_trailing_spaces_and_the_state() {
        let h = vec![vec![t(1, 2), t(1, 3), t(4, 2)], vec![]];
        assert_eq!(render_input(4, 3, &h, 7, b"s x"), b"4 3 2\n(1, 2) (1, 3) (4, 2) \n\n7\ns x\n");
        assert_eq!(render_input(4, 3, &h, 7, b""), b"4 3 2\n(1, 2) (1, 3) (4, 2) \n\n7\n\n");
    }

    #[test]
    fn input_round_trips() {
        let h = vec![vec![t(1, 2), t(3, 1)], vec![], vec![t(2, 3)]];
        let bytes = render_input(3, 2, &h, u64::MAX, b"abc def");
        let inp = parse_input(&bytes).unwrap();
        assert_eq!(inp.history, h);
        assert_eq!(inp.seed, u64::MAX);
        assert_eq!(inp.state.as_deref(), Some("abc def"));
        let first = parse_input(&render_input(3, 2, &[], 5, b"")).unwrap();
        assert_eq!(first.state, None);
        let empty_state = parse_input(&render_input(3, 2, &h, 5, b"")).unwrap();
        assert_eq!(empty_state.state.as_deref(), Some(""));
    }

    #[test]
    fn bad_inputs_are_errors() {
        for bad in [
            "",
            "4 3",
            "4 5 0\n1\n",
            "4 3 1\n1\n",
            "4 3 1\n(1, 9) \n1\n",
            "4 3 0\nx\n",
            "1 1 0\n5\n",
        ] {
            assert!(parse_input(bad.as_bytes()).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn answers_keep_legal_ids_and_name_the_rest() {
        let p = parse_answer(b"2 x 0 5 3 2 1,4\nstate here\nmore\n", 4, 1, false);
        assert_eq!(p.takes, [2, 3, 4]);
        assert_eq!(p.state.as_deref(), Some(&b"state here"[..]));
        assert_eq!(
            p.dropped,
            [
                "garbage token \"x\"",
                "id 0 out of range 1..=4",
                "id 5 out of range 1..=4",
                "duplicate id 2",
                "own id 1",
                "1 line(s) after the state line ignored"
            ]
        );
        assert_eq!(parse_answer(b"", 4, 1, false), Parsed::default());
        assert_eq!(parse_answer(b"2 3", 4, 1, false).takes, [2, 3]);
        assert!(parse_answer(b"2 3", 4, 1, true).takes.is_empty());
        assert_eq!(parse_answer(b"+2 -3 99999999999999999999999", 4, 1, false).dropped.len(), 3);
    }
}
