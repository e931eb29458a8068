//! A program to run, given as a command line but never handed to a shell; where it is
//! found, and the files it runs.

use std::fmt;
use std::path::{Path, PathBuf};

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
    /// let p = Program::parse(r#"python3 "my bot.py" -n 'a b' x\ y"#).unwrap();
    /// assert_eq!(p.argv, ["python3", "my bot.py", "-n", "a b", "x y"]);
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

    /// The file `argv[0]` names, as it will be started: the path itself when the name holds
    /// a `/`, else the first executable file of that name in a folder of `PATH` (as
    /// `execvp` looks). A judge asks this before any game, so a typo is one error rather
    /// than a program that fails every move.
    ///
    /// A name found nowhere on `PATH` that is a file in the current folder is the classic
    /// slip (`tft.py` for `./tft.py`): the error suggests the path.
    pub fn locate(&self) -> Result<PathBuf, NotFound> {
        let name = &self.argv[0];
        let missing = |why| Err(NotFound { name: name.clone(), why });
        if name.contains('/') {
            let path = Path::new(name);
            return match std::fs::metadata(path) {
                Ok(m) if m.is_file() => Ok(path.to_path_buf()),
                Ok(_) => missing(Missing::NotAFile),
                Err(_) => missing(Missing::NoFile),
            };
        }
        let found = std::env::var_os("PATH").and_then(|paths| {
            std::env::split_paths(&paths).map(|d| d.join(name)).find(|p| executable_file(p))
        });
        match found {
            Some(p) => Ok(p),
            None => {
                missing(Missing::NotOnPath { here: !name.is_empty() && Path::new(name).is_file() })
            }
        }
    }

    /// The files this program runs, as its command line names them: the executable
    /// ([`Program::locate`]) and every argument that names an existing file (the script of
    /// `python3 bot.py`), each as `(word, path)` with the path resolved (symbolic links
    /// followed), once each. What the program reads by other means (a module it imports, a
    /// file named inside a script or a shell's `-c` text) is not seen.
    pub fn files(&self) -> Result<Vec<(String, PathBuf)>, NotFound> {
        let resolved = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
        let mut out = vec![(self.argv[0].clone(), resolved(&self.locate()?))];
        for word in &self.argv[1..] {
            let path = Path::new(word);
            if !word.is_empty() && path.is_file() {
                let path = resolved(path);
                if !out.iter().any(|(_, p)| *p == path) {
                    out.push((word.clone(), path));
                }
            }
        }
        Ok(out)
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

/// Is `p` a file this process may execute?
fn executable_file(p: &Path) -> bool {
    let Ok(m) = std::fs::metadata(p) else { return false };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        m.is_file() && m.permissions().mode() & 0o111 != 0
    }
    #[cfg(not(unix))]
    m.is_file()
}

/// A program's name that names nothing to run ([`Program::locate`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotFound {
    /// The name, `argv[0]`.
    pub name: String,
    /// What is wrong with it.
    pub why: Missing,
}

/// What is wrong with a program's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Missing {
    /// A bare name that no folder of `PATH` holds as an executable file; `here`: a file of
    /// that name is in the current folder.
    NotOnPath {
        /// A file of that name is in the current folder (its path was meant).
        here: bool,
    },
    /// A path to nothing.
    NoFile,
    /// A path to something that is not a file (a folder).
    NotAFile,
}

impl NotFound {
    /// The path that was probably meant (`./tft.py` for `tft.py`), if any.
    pub fn suggestion(&self) -> Option<String> {
        matches!(self.why, Missing::NotOnPath { here: true }).then(|| format!("./{}", self.name))
    }
}

impl fmt::Display for NotFound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = &self.name;
        match self.why {
            Missing::NotOnPath { .. } => write!(f, "no program {name:?} found on PATH")?,
            Missing::NoFile => write!(f, "{name:?}: no such file")?,
            Missing::NotAFile => write!(f, "{name:?} is not a file")?,
        }
        match self.suggestion() {
            Some(path) => write!(f, "; did you mean {path}?"),
            None => Ok(()),
        }
    }
}

impl std::error::Error for NotFound {}

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

    #[cfg(unix)]
    #[test]
    fn locating_finds_paths_and_path_programs_and_says_what_is_missing() {
        let sh = Program::new(["sh", "-c", "true"]).locate().unwrap();
        assert!(sh.is_absolute() && sh.ends_with("sh"), "{}", sh.display());
        let e = Program::new(["menace-no-such-program-x"]).locate().unwrap_err();
        assert_eq!(e.to_string(), "no program \"menace-no-such-program-x\" found on PATH");
        assert_eq!(e.suggestion(), None);
        let e = Program::new(["/nonexistent/bot"]).locate().unwrap_err();
        assert_eq!(e.why, Missing::NoFile);
        let e = Program::new(["/"]).locate().unwrap_err();
        assert_eq!(e.why, Missing::NotAFile);
    }

    #[cfg(unix)]
    #[test]
    fn the_files_of_a_program_are_its_executable_and_the_files_it_names() {
        let dir = std::env::temp_dir().join(format!("menace-run-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let script = dir.join("bot.py");
        std::fs::write(&script, "print()").unwrap();
        let s = script.display().to_string();
        let files = Program::new(["sh", &s, "--seed", "{game}", &s]).files().unwrap();
        let canonical = std::fs::canonicalize(&script).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(files.len(), 2, "{files:?}");
        assert_eq!(files[0].0, "sh");
        assert_eq!(files[1], (s, canonical));
    }
}
