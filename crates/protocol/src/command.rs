//! Reading one protocol line into a [`Command`], with `nom`.
//!
//! Every command is one entry of [`COMMANDS`]: its name, how to write it, what it does,
//! and the parser for its arguments. The help answer, `protocol.md` and the dispatch all
//! follow this one list.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while1};
use nom::character::complete::{digit1, space0, space1};
use nom::combinator::{opt, recognize};
use nom::sequence::pair;
use nom::{IResult, Parser};

use menace_core::learn::train::OpponentSpec;
use menace_core::ttt::Cell;

/// A parsed command.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `games N`: start a match of N games.
    Games(u32),
    /// `move RC`: the player's move.
    Move(Cell),
    /// `board`: show the current board.
    Board,
    /// `status`: the session, the match and the score so far.
    Status,
    /// `dump`: the contents of all matchboxes.
    Dump,
    /// `resign`: the player gives up the current game.
    Resign,
    /// `abort`: end the match now; the game in progress teaches nothing.
    Abort,
    /// `reset`: refill every box with its initial beads (forget all learning).
    Reset,
    /// `seed N`: reseed the random generator.
    Seed(u64),
    /// `help [COMMAND]`.
    Help(Option<String>),
    /// `train N [OPPONENT]`: MENACE plays N games against a built-in opponent.
    Train(u32, OpponentSpec),
    /// `eval`: exact exploitability and odds.
    Eval,
    /// `save PATH`.
    Save(String),
    /// `load PATH`.
    Load(String),
    /// `quit`.
    Quit,
}

/// One entry of the command table.
pub struct CommandSpec {
    /// The command's name, as typed (any case).
    pub name: &'static str,
    /// How to write it, e.g. `games N`.
    pub usage: &'static str,
    /// What it does, in one line.
    pub summary: &'static str,
    parse: fn(&str) -> Result<Command, String>,
}

/// Every command, in the order `help` lists them.
pub const COMMANDS: &[CommandSpec] = &[
    CommandSpec {
        name: "games",
        usage: "games N",
        summary: "start a match of N games (1 to 4294967295); MENACE moves first in each",
        parse: |rest| parse_number(rest, "games", "a number of games, e.g. games 3", 1, u32::MAX.into()).map(|n| Command::Games(n as u32)),
    },
    CommandSpec {
        name: "move",
        usage: "move RC",
        summary: "play your O: row then column, each L/M/R (top/middle/bottom, left/middle/right), e.g. move MR; a bare MR works too",
        parse: |rest| parse_cell(rest).map(Command::Move),
    },
    CommandSpec {
        name: "board",
        usage: "board",
        summary: "show the current board",
        parse: |rest| no_args(rest, "board").map(|()| Command::Board),
    },
    CommandSpec {
        name: "status",
        usage: "status",
        summary: "the seed, the bead rules, the match in progress and the score",
        parse: |rest| no_args(rest, "status").map(|()| Command::Status),
    },
    CommandSpec {
        name: "dump",
        usage: "dump",
        summary: "the beads in all 304 matchboxes",
        parse: |rest| no_args(rest, "dump").map(|()| Command::Dump),
    },
    CommandSpec {
        name: "resign",
        usage: "resign",
        summary: "give up the current game: MENACE wins it and learns from it",
        parse: |rest| no_args(rest, "resign").map(|()| Command::Resign),
    },
    CommandSpec {
        name: "abort",
        usage: "abort",
        summary: "end the match now; the unfinished game teaches MENACE nothing",
        parse: |rest| no_args(rest, "abort").map(|()| Command::Abort),
    },
    CommandSpec {
        name: "reset",
        usage: "reset",
        summary: "refill every box with its initial beads, forgetting all learning (not during a match)",
        parse: |rest| no_args(rest, "reset").map(|()| Command::Reset),
    },
    CommandSpec {
        name: "seed",
        usage: "seed N",
        summary: "reseed MENACE's random generator (0 to 18446744073709551615)",
        parse: |rest| parse_number(rest, "seed", "a seed, e.g. seed 42", 0, u64::MAX.into()).map(|n| Command::Seed(n as u64)),
    },
    CommandSpec {
        name: "train",
        usage: "train N [OPPONENT]",
        summary: "MENACE plays N games (1 to 100000000) against random (default), perfect, mixed:P, exploiter or menace, and learns",
        parse: parse_train,
    },
    CommandSpec {
        name: "eval",
        usage: "eval",
        summary: "exact figures for the current beads: P(loss) against a best response, odds against random and perfect",
        parse: |rest| no_args(rest, "eval").map(|()| Command::Eval),
    },
    CommandSpec {
        name: "save",
        usage: "save PATH",
        summary: "write MENACE's state (rules and beads) to a JSON file, atomically",
        parse: |rest| parse_path(rest, "save").map(Command::Save),
    },
    CommandSpec {
        name: "load",
        usage: "load PATH",
        summary: "replace MENACE's state with a saved one, after checking it (not during a match)",
        parse: |rest| parse_path(rest, "load").map(Command::Load),
    },
    CommandSpec {
        name: "help",
        usage: "help [COMMAND]",
        summary: "list the commands, or describe one",
        parse: parse_help,
    },
    CommandSpec {
        name: "quit",
        usage: "quit",
        summary: "end the session (end of input does too)",
        parse: |rest| no_args(rest, "quit").map(|()| Command::Quit),
    },
];

/// The table entry for `name` (any case).
pub fn spec(name: &str) -> Option<&'static CommandSpec> {
    COMMANDS.iter().find(|c| c.name.eq_ignore_ascii_case(name))
}

fn word(input: &str) -> IResult<&str, &str> {
    take_while1(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-').parse(input)
}

/// Shortens user text quoted back in an error, so a huge line gives a short message.
pub(crate) fn quote(text: &str) -> String {
    const MAX: usize = 40;
    if text.chars().count() <= MAX {
        format!("{text:?}")
    } else {
        let head: String = text.chars().take(MAX).collect();
        format!("{head:?}...")
    }
}

pub(crate) fn trailing(rest: &str, what: &str) -> Result<(), String> {
    let rest = rest.trim();
    if rest.is_empty() {
        Ok(())
    } else {
        Err(format!("unexpected {} after {what}", quote(rest)))
    }
}

pub(crate) fn no_args(rest: &str, name: &str) -> Result<(), String> {
    trailing(rest, &format!("`{name}`: it takes no arguments"))
}

/// One whole number argument between `min` and `max`, with a message for each way it can
/// be wrong (missing, not a number, negative, zero, too large).
pub(crate) fn parse_number(
    rest: &str,
    name: &str,
    expected: &str,
    min: u128,
    max: u128,
) -> Result<u128, String> {
    let number = recognize(pair(opt(alt((tag("-"), tag("+")))), digit1));
    let parsed: IResult<&str, &str> = (space1, number).map(|(_, n)| n).parse(rest);
    let (after, text) = match parsed {
        Ok(ok) => ok,
        Err(_) => {
            let got = rest.trim();
            return Err(if got.is_empty() {
                format!("{name}: missing argument: expected {expected}")
            } else {
                format!(
                    "{name}: {} is not a whole number: expected {expected}",
                    quote(got.split_whitespace().next().unwrap_or(got))
                )
            });
        }
    };
    // The number must end at white space or the end of the line (not `3x`).
    if after.starts_with(|c: char| !c.is_whitespace()) {
        let token = format!("{text}{}", after.split_whitespace().next().unwrap_or(""));
        return Err(format!(
            "{name}: {} is not a whole number: expected {expected}",
            quote(&token)
        ));
    }
    trailing(after, &format!("`{name} {text}`"))?;
    let digits = text.trim_start_matches(['+', '-']);
    let value: Option<u128> = digits.parse().ok();
    let negative = text.starts_with('-') && value != Some(0);
    match value {
        _ if negative => Err(format!("{name}: {text} is negative: expected {min} to {max}")),
        Some(v) if v < min => Err(format!("{name}: {v} is too small: expected {min} to {max}")),
        Some(v) if v <= max => Ok(v),
        _ => Err(format!("{name}: {} is too large: expected {min} to {max}", quote(text))),
    }
}

fn parse_cell(rest: &str) -> Result<Cell, String> {
    let expected = "expected a cell as two letters, row then column (L/M/R), e.g. move MR";
    let parsed: IResult<&str, &str> = (space1, word).map(|(_, w)| w).parse(rest);
    match parsed {
        Ok((after, w)) if after.is_empty() || after.starts_with(char::is_whitespace) => {
            let cell = Cell::parse_rc(w).map_err(|e| format!("move: {}: {e}", quote(w)))?;
            trailing(after, &format!("`move {}`", cell.rc()))?;
            Ok(cell)
        }
        _ if rest.trim().is_empty() => Err(format!("move: missing argument: {expected}")),
        _ => Err(format!("move: {} is not a cell: {expected}", quote(rest.trim()))),
    }
}

fn parse_train(rest: &str) -> Result<Command, String> {
    let mut words = rest.split_whitespace();
    let count = words.next().unwrap_or("");
    let n = parse_number(
        &format!(" {count}"),
        "train",
        "a number of games, e.g. train 1000 random",
        1,
        100_000_000,
    )?;
    let opponent = match words.next() {
        None => OpponentSpec::Random,
        Some(w) => match w.parse::<OpponentSpec>()? {
            OpponentSpec::Program(_) => {
                return Err("train: external programs are for the command line: menace train --opponent exec:...".into())
            }
            spec => spec,
        },
    };
    if let Some(extra) = words.next() {
        return Err(format!("unexpected {} after `train {n} {opponent}`", quote(extra)));
    }
    Ok(Command::Train(n as u32, opponent))
}

fn parse_path(rest: &str, name: &str) -> Result<String, String> {
    let path = rest.trim();
    if path.is_empty() {
        return Err(format!(
            "{name}: missing argument: expected a file path, e.g. {name} menace.json"
        ));
    }
    Ok(path.to_string())
}

fn parse_help(rest: &str) -> Result<Command, String> {
    let parsed: IResult<&str, &str> = (space1, word).map(|(_, w)| w).parse(rest);
    match parsed {
        Ok((after, w)) if after.is_empty() || after.starts_with(char::is_whitespace) => {
            trailing(after, &format!("`help {w}`"))?;
            match spec(w) {
                Some(s) => Ok(Command::Help(Some(s.name.to_string()))),
                None => {
                    Err(format!("help: no command called {}; type help for the list", quote(w)))
                }
            }
        }
        _ if rest.trim().is_empty() => Ok(Command::Help(None)),
        _ => Err(format!("help: {} is not a command name", quote(rest.trim()))),
    }
}

/// Parses one line (without its line ending). `Ok(None)` for a blank line or a comment
/// (`# ...`), which are ignored. Leading and trailing white space (including a stray
/// carriage return) and the case of letters do not matter. A line that is just a move in
/// RC notation (`MR`) is read as `move MR`.
///
/// ```
/// use menace_protocol::{parse_line, Command};
/// use menace_core::ttt::Cell;
/// assert_eq!(parse_line("  GAMES 3 "), Ok(Some(Command::Games(3))));
/// assert_eq!(parse_line("mr"), Ok(Some(Command::Move(Cell::parse_rc("MR").unwrap()))));
/// assert!(parse_line("games 0").is_err());
/// assert_eq!(parse_line("# a comment"), Ok(None));
/// ```
pub fn parse_line(line: &str) -> Result<Option<Command>, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let parsed: IResult<&str, &str> = (space0, word).map(|(_, w)| w).parse(line);
    let Ok((rest, name)) = parsed else {
        return Err(format!("{} is not a command; type help for the list", quote(line)));
    };
    if !(rest.is_empty() || rest.starts_with(char::is_whitespace)) {
        return Err(format!("{} is not a command; type help for the list", quote(line)));
    }
    if let Some(spec) = spec(name) {
        return (spec.parse)(rest).map(Some);
    }
    if rest.is_empty() {
        if let Ok(cell) = Cell::parse_rc(name) {
            return Ok(Some(Command::Move(cell)));
        }
    }
    Err(format!("unknown command {}; type help for the list", quote(name)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(rc: &str) -> Cell {
        Cell::parse_rc(rc).unwrap()
    }

    #[test]
    fn good_lines() {
        let cases: &[(&str, Command)] = &[
            ("games 5", Command::Games(5)),
            ("\tGames\t  12  \r", Command::Games(12)),
            ("games +7", Command::Games(7)),
            ("games 4294967295", Command::Games(u32::MAX)),
            ("move MR", Command::Move(cell("MR"))),
            ("MOVE ll", Command::Move(cell("LL"))),
            ("rm", Command::Move(cell("RM"))),
            ("dump", Command::Dump),
            ("DUMP  ", Command::Dump),
            ("seed 0", Command::Seed(0)),
            ("seed 18446744073709551615", Command::Seed(u64::MAX)),
            ("help", Command::Help(None)),
            ("help MOVE", Command::Help(Some("move".into()))),
            ("quit", Command::Quit),
            ("board", Command::Board),
            ("status", Command::Status),
            ("resign", Command::Resign),
            ("abort", Command::Abort),
            ("reset", Command::Reset),
            ("train 500", Command::Train(500, OpponentSpec::Random)),
            ("TRAIN 20 Mixed:0.25", Command::Train(20, OpponentSpec::Mixed(0.25))),
            ("train 3 exploiter", Command::Train(3, OpponentSpec::Exploiter)),
            ("eval", Command::Eval),
            ("save  my state.json ", Command::Save("my state.json".into())),
            ("load /tmp/M.json", Command::Load("/tmp/M.json".into())),
        ];
        for (line, want) in cases {
            assert_eq!(parse_line(line), Ok(Some(want.clone())), "{line:?}");
        }
        assert_eq!(parse_line(""), Ok(None));
        assert_eq!(parse_line("   \t"), Ok(None));
        assert_eq!(parse_line("# games 3"), Ok(None));
    }

    #[test]
    fn bad_lines_say_what_is_wrong() {
        let cases: &[(&str, &str)] = &[
            ("games", "missing argument"),
            ("games 0", "too small"),
            ("games -3", "negative"),
            ("games -0", "too small"),
            ("games 4294967296", "too large"),
            ("games 99999999999999999999999999999999999999999999", "too large"),
            ("games three", "not a whole number"),
            ("games 3x", "not a whole number"),
            ("games 3 4", "unexpected \"4\""),
            ("games 3.5", "not a whole number"),
            ("move", "missing argument"),
            ("move XY", "not a row or column letter"),
            ("move MRL", "two letters"),
            ("move MR now", "unexpected \"now\""),
            ("move M R", "two letters"),
            ("dump all", "takes no arguments"),
            ("seed -1", "negative"),
            ("seed 18446744073709551616", "too large"),
            ("help me", "no command called"),
            ("hello", "unknown command"),
            ("MX", "unknown command"),
            ("!!", "not a command"),
            ("games\u{0}3", "not a command"),
            ("gämes 3", "not a command"),
            ("train", "missing argument"),
            ("train 0", "too small"),
            ("train 100000001", "too large"),
            ("train 5 nobody", "unknown opponent"),
            ("train 5 mixed:2", "probability"),
            ("train 5 exec:ls", "command line"),
            ("train 5 random extra", "unexpected"),
            ("save", "missing argument"),
            ("load   ", "missing argument"),
            ("eval now", "takes no arguments"),
        ];
        for (line, fragment) in cases {
            let err = parse_line(line).expect_err(line);
            assert!(err.contains(fragment), "{line:?}: {err}");
        }
    }

    #[test]
    fn long_junk_is_quoted_briefly() {
        let line = format!("games {}", "9".repeat(100_000));
        let err = parse_line(&line).unwrap_err();
        assert!(err.len() < 200, "{err}");
    }

    #[test]
    fn every_command_has_a_unique_name_and_parses_its_usage() {
        let mut names: Vec<&str> = COMMANDS.iter().map(|c| c.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), COMMANDS.len());
        for c in COMMANDS {
            let example = c
                .usage
                .replace(" N", " 3")
                .replace(" RC", " MM")
                .replace(" [COMMAND]", "")
                .replace(" [OPPONENT]", "")
                .replace(" PATH", " x.json");
            assert!(parse_line(&example).is_ok(), "{}", c.usage);
        }
    }
}
