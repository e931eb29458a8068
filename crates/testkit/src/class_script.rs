//! Golden transcripts of a class session: several sessions of one shared MENACE, each line
//! of input tagged with the session that sends it, each answer with the session that
//! receives it (its own answers, and what the others did, as broadcasts).
//!
//! `NAME.in` holds `who> line` lines (blank lines and `#` comments ignored). `NAME.out`
//! repeats each input line, followed by every answer it caused, in order, as
//! `who< {json}`. The in-process replay (crates/protocol) checks the order exactly; a
//! replay over WebSockets (crates/serve) checks what each session receives.

/// One input line and the answers it caused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The session that sent it.
    pub who: String,
    /// The line.
    pub line: String,
    /// What each session received, in order: (session, answer).
    pub answers: Vec<(String, String)>,
}

/// The input lines of a `.in` file: (session, line).
pub fn inputs(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (who, line) = l.split_once("> ").unwrap_or_else(|| panic!("not `who> line`: {l}"));
            (who.to_string(), line.to_string())
        })
        .collect()
}

/// The steps of a `.out` file.
pub fn steps(text: &str) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    for l in text.lines() {
        if let Some((who, answer)) = l.split_once("< ") {
            if !who.contains(' ') && answer.starts_with('{') {
                let step =
                    steps.last_mut().unwrap_or_else(|| panic!("an answer before any line: {l}"));
                step.answers.push((who.to_string(), answer.to_string()));
                continue;
            }
        }
        let (who, line) = l.split_once("> ").unwrap_or_else(|| panic!("not a step: {l}"));
        steps.push(Step { who: who.to_string(), line: line.to_string(), answers: Vec::new() });
    }
    steps
}

/// Writes steps as a `.out` file.
pub fn render(steps: &[Step]) -> String {
    let mut text = String::new();
    for s in steps {
        text.push_str(&format!("{}> {}\n", s.who, s.line));
        for (who, answer) in &s.answers {
            text.push_str(&format!("{who}< {answer}\n"));
        }
    }
    text
}

/// The codes the class crate's test `refusals_carry_their_codes` makes for real (the
/// protocol's `codes.rs` makes the private sessions' own, and checks that the two make
/// every code): here, where both tests can read it.
pub const CLASS_CODES: &[&str] = &[
    "name-first",
    "name-empty",
    "no-game",
    "teacher-only",
    "wrong-key",
    "name-invisible",
    "name-too-long",
    "name-control",
    "name-combining",
    "names-per-connection",
    "not-on-board",
    "line-too-long",
    "busy",
    "class-file",
    "no-earlier",
    "out-of-range",
    "class-opponent",
    "private-only",
    "no-opponent-machine",
    "bad-argument",
    "too-many-opponents",
    "one-line",
    "not-utf8",
    "state-curve",
    "idle",
    "server-full",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_round_trip() {
        let text =
            "ada> name Ada\nada< {\"type\":\"named\"}\nbo> class\nbo< {\"a\":1}\nada< {\"b\":2}\n";
        let s = steps(text);
        assert_eq!(s.len(), 2);
        assert_eq!(
            s[1].answers,
            [("bo".into(), "{\"a\":1}".into()), ("ada".into(), "{\"b\":2}".into())]
        );
        assert_eq!(render(&s), text);
        assert_eq!(inputs("# x\n\nada> games 1\n"), [("ada".to_string(), "games 1".to_string())]);
    }
}
