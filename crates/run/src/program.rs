//! A program to run, given as a command line but never handed to a shell.

use std::fmt;

/// A program and its arguments.
///
/// Parsed from a command line with the usual quoting (`'...'`, `"..."`, backslash
/// escapes) but run directly, without `/bin/sh`: write `sh -c '...'` to ask for a shell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    /// `argv[0]` is the program, the rest its arguments. Never empty.
    pub argv: Vec<String>,
}

/// Why a command line could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProgramError {
    /// Nothing but white space.
    Empty,
    /// A quote was opened and never closed.
    UnclosedQuote(char),
    /// The line ends in a lone backslash.
    TrailingBackslash,
}

impl fmt::Display for ProgramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProgramError::Empty => write!(f, "empty command line"),
            ProgramError::UnclosedQuote(q) => write!(f, "unclosed {q} quote in command line"),
            ProgramError::TrailingBackslash => write!(f, "command line ends in a backslash"),
        }
    }
}

impl std::error::Error for ProgramError {}

impl Program {
    /// A program from an explicit argument vector.
    ///
    /// # Panics
    /// If `argv` is empty.
    pub fn new<S: Into<String>>(argv: impl IntoIterator<Item = S>) -> Program {
        let argv: Vec<String> = argv.into_iter().map(Into::into).collect();
        assert!(!argv.is_empty(), "a program needs a name");
        Program { argv }
    }

    /// Splits a command line into words, shell-style quoting but no expansion of any kind.
    ///
    /// ```
    /// use menace_run::Program;
    /// let p = Program::parse(r#"python3 "my bot.py" --name 'a b' x\ y"#).unwrap();
    /// assert_eq!(p.argv, ["python3", "my bot.py", "--name", "a b", "x y"]);
    /// ```
    pub fn parse(line: &str) -> Result<Program, ProgramError> {
        let mut argv = Vec::new();
        let mut word = String::new();
        let mut in_word = false;
        let mut chars = line.chars();
        while let Some(c) = chars.next() {
            match c {
                '\'' => {
                    in_word = true;
                    loop {
                        match chars.next() {
                            Some('\'') => break,
                            Some(ch) => word.push(ch),
                            None => return Err(ProgramError::UnclosedQuote('\'')),
                        }
                    }
                }
                '"' => {
                    in_word = true;
                    loop {
                        match chars.next() {
                            Some('"') => break,
                            Some('\\') => match chars.next() {
                                Some(ch @ ('"' | '\\')) => word.push(ch),
                                Some(ch) => {
                                    word.push('\\');
                                    word.push(ch);
                                }
                                None => return Err(ProgramError::UnclosedQuote('"')),
                            },
                            Some(ch) => word.push(ch),
                            None => return Err(ProgramError::UnclosedQuote('"')),
                        }
                    }
                }
                '\\' => match chars.next() {
                    Some(ch) => {
                        in_word = true;
                        word.push(ch);
                    }
                    None => return Err(ProgramError::TrailingBackslash),
                },
                c if c.is_whitespace() => {
                    if in_word {
                        argv.push(std::mem::take(&mut word));
                        in_word = false;
                    }
                }
                c => {
                    in_word = true;
                    word.push(c);
                }
            }
        }
        if in_word {
            argv.push(word);
        }
        if argv.is_empty() {
            return Err(ProgramError::Empty);
        }
        Ok(Program { argv })
    }

    /// A `std::process::Command` for this program, in a process group of its own.
    pub(crate) fn command(&self) -> std::process::Command {
        let mut cmd = std::process::Command::new(&self.argv[0]);
        cmd.args(&self.argv[1..]);
        super::new_group(&mut cmd);
        cmd
    }
}

impl fmt::Display for Program {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, a) in self.argv.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            if !a.is_empty()
                && a.chars().all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@".contains(c))
            {
                f.write_str(a)?;
            } else {
                write!(f, "'{}'", a.replace('\'', r"'\''"))?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting_rules() {
        assert_eq!(Program::parse("  a   b ").unwrap().argv, ["a", "b"]);
        assert_eq!(Program::parse("a '' b").unwrap().argv, ["a", "", "b"]);
        assert_eq!(Program::parse(r#"a "x\"y" 'p"q'"#).unwrap().argv, ["a", "x\"y", "p\"q"]);
        assert_eq!(Program::parse("a 'b").unwrap_err(), ProgramError::UnclosedQuote('\''));
        assert_eq!(Program::parse("a \\").unwrap_err(), ProgramError::TrailingBackslash);
        assert_eq!(Program::parse("   ").unwrap_err(), ProgramError::Empty);
    }

    #[test]
    fn display_round_trips() {
        for line in ["a b", "python3 'my bot.py' x", "a '' \"it's\""] {
            let p = Program::parse(line).unwrap();
            assert_eq!(Program::parse(&p.to_string()).unwrap(), p, "{line}");
        }
    }
}
