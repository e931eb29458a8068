//! The argument parsers that several commands share (with `nom`): a word, no
//! arguments, a whole number, a path, a count and an opponent.

use nom::bytes::complete::{tag, take_while1};
use nom::character::complete::{digit1, space1};
use nom::combinator::{opt, recognize};
use nom::sequence::pair;
use nom::{IResult, Parser};

use menace_core::learn::train::OpponentSpec;

use crate::text::{quote, trailing};

/// A command's name, or a word of its arguments.
pub(super) fn word(input: &str) -> IResult<&str, &str> {
    take_while1(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-').parse(input)
}

/// Nothing after command `name` (white space aside).
pub(super) fn no_args(rest: &str, name: &str) -> Result<(), String> {
    trailing(rest, &format!("`{name}`: it takes no arguments"))
}

/// One whole number argument between `min` and `max`, with a message for each way it can
/// be wrong (missing, not a number, negative, zero, too large). The one number parser of
/// every command: a number is written one way, digits without a sign or leading zeros,
/// ended by a space or the line's end (`01`, `+1` and `1\t` are not numbers).
pub(super) fn parse_number(
    rest: &str,
    name: &str,
    expected: &str,
    min: u128,
    max: u128,
) -> Result<u128, String> {
    let number = recognize(pair(opt(tag("-")), digit1));
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
    let digits = text.trim_start_matches('-');
    // The number must end at a space or the end of the line (not `3x`, not `3\t`), and
    // be written without leading zeros (`01`).
    if !(after.is_empty() || after.starts_with(' '))
        || (digits.len() > 1 && digits.starts_with('0'))
    {
        let token = format!("{text}{}", after.split(' ').next().unwrap_or(""));
        return Err(format!(
            "{name}: {} is not a whole number: expected {expected}",
            quote(&token)
        ));
    }
    trailing(after, &format!("`{name} {text}`"))?;
    let value: Option<u128> = digits.parse().ok();
    let negative = text.starts_with('-') && value != Some(0);
    match value {
        _ if negative => Err(format!("{name}: {text} is negative: expected {min} to {max}")),
        Some(v) if v < min => Err(format!("{name}: {v} is too small: expected {min} to {max}")),
        Some(v) if v <= max => Ok(v),
        _ => Err(format!("{name}: {} is too large: expected {min} to {max}", quote(text))),
    }
}

/// `N [OPPONENT]` of `train` and `watch`.
pub(super) fn parse_versus(
    rest: &str,
    name: &str,
    max: u128,
) -> Result<(u32, OpponentSpec), String> {
    let mut words = rest.split_whitespace();
    let count = words.next().unwrap_or("");
    let expected = format!("a number of games, e.g. {name} 1000 random");
    let n = parse_number(&format!(" {count}"), name, &expected, 1, max)?;
    let opponent = match words.next() {
        None => OpponentSpec::Random,
        Some(w) => match w.parse::<OpponentSpec>() {
            Ok(OpponentSpec::Program(_)) => {
                return Err(format!("{name}: external programs are for the command line (menace train's exec: opponents)"))
            }
            Ok(spec) => spec,
            Err(e) if w.to_ascii_lowercase().starts_with("mixed:") => {
                return Err(format!("{name}: {e}"))
            }
            Err(_) => {
                return Err(format!(
                    "{name}: unknown opponent {}: choose one of {}",
                    quote(w),
                    menace_core::learn::train::built_in_names()
                ))
            }
        },
    };
    if let Some(extra) = words.next() {
        return Err(format!("unexpected {} after `{name} {n} {opponent}`", quote(extra)));
    }
    Ok((n as u32, opponent))
}

/// A path argument of `save` or `load`.
pub(super) fn parse_path(rest: &str, name: &str) -> Result<String, String> {
    let path = rest.trim();
    if path.is_empty() {
        return Err(format!(
            "{name}: missing argument: expected a file path, e.g. {name} menace.json"
        ));
    }
    Ok(path.to_string())
}
