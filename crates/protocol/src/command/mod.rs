//! The protocol's commands: each a type ([`Verb`]) that parses itself and runs against the
//! one capability of the session it needs, in a file of its family; the list of them
//! ([`COMMANDS`], in the order `help` lists them); and the dispatch of a line through it,
//! with `nom`.
//!
//! The help answer, the dispatch and `protocol.md` (checked by a test) all follow the one
//! list. Adding a command is a type in a file here (its `mod` and `pub use` lines and its
//! line in the list below) and its section and row in protocol.md; a golden transcript
//! that records `help`'s whole list then records the new row too (`MENACE_BLESS=1`).
//!
//! - `verb`: what a command is ([`Verb`]) and its row of the table ([`CommandSpec`]:
//!   [`Support`], [`Who`]);
//! - `args`: the argument parsers several commands share;
//! - the commands, by what they run against: `game` (a match: [`Play`](crate::engine::Play)),
//!   `view` ([`Observe`](crate::engine::Observe)), `teach`
//!   ([`Teach`](crate::engine::Teach)), `state` (save, load, export, import), `class`
//!   ([`Classroom`](crate::engine::Classroom)) and `meta` (stop, help, info, quit).

use nom::character::complete::space0;
use nom::{IResult, Parser};

use menace_core::ttt::Cell;

use crate::answer::Answer;
use crate::session::{Capability, Flow, Session, Step};
use crate::sink::{self, Out, Sink};
use crate::text::quote;

mod args;
mod class;
mod game;
mod meta;
mod state;
mod teach;
mod verb;
mod view;

pub use class::{Class, Name, Players, Restore, Teacher};
pub use game::{Abort, Board, Games, Matchboxes, Move, Resign, MAX_GAMES};
pub use meta::{Help, Info, Quit, Stop, MAX_COUNTS};
pub use state::{Export, Import, Load, Save};
pub use teach::{Reset, Rules, Seed, Train, Watch, MAX_TRAIN, MAX_WATCH};
pub use verb::{CommandSpec, Support, Verb, Who};
pub use view::{Dump, Eval, Explain, History, Status};

/// The list of commands, in the order `help` lists them: each `Variant(Type)` makes the
/// [`Command`] variant that holds a parsed `Type` and the type's row of [`COMMANDS`], and
/// dispatches the variant to the type's [`Verb::run`].
macro_rules! commands {
    ($($variant:ident($verb:ty)),* $(,)?) => {
        /// A parsed command: one of the command types, its arguments checked.
        #[derive(Clone, Debug, PartialEq)]
        pub enum Command {
            $(
                #[doc = concat!("`", stringify!($variant), "`: see [`", stringify!($verb), "`].")]
                $variant($verb),
            )*
        }

        $(
            impl From<$verb> for Command {
                fn from(verb: $verb) -> Command {
                    Command::$variant(verb)
                }
            }
        )*

        /// Every command, in the order `help` lists them.
        pub const COMMANDS: &[CommandSpec] = &[$(CommandSpec::of::<$verb>()),*];

        impl Command {
            /// Runs the command on `session`.
            fn run(self, session: &mut Session, out: &mut Out) -> Result<Flow, String> {
                match self {
                    $(Command::$variant(verb) => run(verb, session, out),)*
                }
            }
        }
    };
}

commands! {
    Games(Games),
    Move(Move),
    Board(Board),
    Status(Status),
    Dump(Dump),
    Resign(Resign),
    Abort(Abort),
    Reset(Reset),
    Seed(Seed),
    Train(Train),
    Watch(Watch),
    Eval(Eval),
    Rules(Rules),
    Explain(Explain),
    History(History),
    Save(Save),
    Load(Load),
    Export(Export),
    Import(Import),
    Stop(Stop),
    Help(Help),
    Info(Info),
    Matchboxes(Matchboxes),
    Name(Name),
    Players(Players),
    Restore(Restore),
    Teacher(Teacher),
    Class(Class),
    Quit(Quit),
}

/// Runs `verb` against the part of `session` it needs.
fn run<'s, V: Verb>(verb: V, session: &'s mut Session, out: &mut Out) -> Result<Flow, String> {
    let on = <V::On<'s> as Capability<'s>>::of(session)?;
    verb.run(on, out)
}

/// The command list of protocol.md, made from the table: one Markdown row per command
/// (a test keeps the document equal to it).
pub fn command_list() -> String {
    let mut text =
        String::from("| command | works with | in a class | what it does |\n|---|---|---|---|\n");
    for c in COMMANDS {
        text.push_str(&format!(
            "| `{}` | {} | {} | {} |\n",
            c.usage,
            c.support.describe(),
            c.who.describe(),
            c.summary
        ));
    }
    text
}

/// The table entry for `name` (any case).
pub fn spec(name: &str) -> Option<&'static CommandSpec> {
    COMMANDS.iter().find(|c| c.name.eq_ignore_ascii_case(name))
}

/// Parses one line (without its line ending) for a tic-tac-toe session. `Ok(None)` for a
/// blank line or a comment (`# ...`), which are ignored. Leading and trailing white space
/// (including a stray carriage return) and the case of letters do not matter. A line that
/// is just a move in RC notation (`MR`) is read as `move MR`.
///
/// ```
/// use menace_protocol::command::{Games, Move};
/// use menace_protocol::{parse_line, Command};
/// assert_eq!(parse_line("  GAMES 3 "), Ok(Some(Command::Games(Games(3)))));
/// assert_eq!(parse_line("mr"), Ok(Some(Command::Move(Move("mr".into())))));
/// assert!(parse_line("games 0").is_err());
/// assert_eq!(parse_line("# a comment"), Ok(None));
/// ```
pub fn parse_line(line: &str) -> Result<Option<Command>, String> {
    parse(line, &|w| Cell::parse_rc(w).is_ok(), &|_| None)
}

/// Parses one line: the command, `Ok(None)` for a blank line or a comment. `is_bare_move`
/// says whether a line that is not a command is meant as a move; `refusal`, why a command
/// is not this session's, if it is not (checked before its arguments).
fn parse(
    line: &str,
    is_bare_move: &dyn Fn(&str) -> bool,
    refusal: &dyn Fn(&CommandSpec) -> Option<String>,
) -> Result<Option<Command>, String> {
    // Spaces around a line are not part of it; any other white space at its end (a tab)
    // is, so a number's argument `1\t` is refused, not read as `1`.
    let line = line.trim_start().trim_end_matches(' ');
    if line.trim().is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let parsed: IResult<&str, &str> = (space0, args::word).map(|(_, w)| w).parse(line);
    let bare_move = || Ok(Some(Command::Move(Move(line.to_string()))));
    let Ok((rest, name)) = parsed else {
        if is_bare_move(line) {
            return bare_move();
        }
        return Err(format!("{} is not a command; type help for the list", quote(line)));
    };
    if !(rest.is_empty() || rest.starts_with(char::is_whitespace)) {
        if is_bare_move(line) {
            return bare_move();
        }
        return Err(format!("{} is not a command; type help for the list", quote(line)));
    }
    if let Some(spec) = spec(name) {
        if let Some(why) = refusal(spec) {
            return Err(why);
        }
        return (spec.parse)(rest).map(Some);
    }
    if is_bare_move(line) {
        return bare_move();
    }
    Err(format!("unknown command {}; type help for the list", quote(name)))
}

/// The dispatch of a line through the table. It lives here, beside the table, so the
/// session below knows nothing of commands.
impl Session {
    /// Handles one line of input (without its line ending): its answers go to `sink` as
    /// they are produced; a long command ends early, at a game boundary, once `stop` is
    /// requested. A closed sink ends the session ([`Flow::Quit`]).
    pub fn handle_line(&mut self, line: &str, sink: &mut dyn Sink, stop: &sink::Stop) -> Flow {
        let mut out = Out::new(sink, stop);
        self.line_in(line, &mut out)
    }

    /// [`Session::handle_line`] for a transport that must keep its thread (the browser's
    /// engine runs on the page's worker, which reads nothing while a command runs): a long
    /// command (`train`, `watch`) pauses at a game boundary once `pause` answers `true`,
    /// after at least one game, and [`Session::resume`] goes on with it. The answers are
    /// the same lines, in the same order, wherever it pauses. A `stop` requested while it
    /// is paused ends it at the next resume, as it would end it mid-run.
    pub fn start_line(
        &mut self,
        line: &str,
        sink: &mut dyn Sink,
        stop: &sink::Stop,
        pause: &dyn Fn() -> bool,
    ) -> Step {
        let mut out = Out::pausable(sink, stop, pause);
        let flow = self.line_in(line, &mut out);
        self.step(flow, &out)
    }

    fn line_in(&mut self, line: &str, out: &mut Out) -> Flow {
        // A line after a paused command waits for it, as on a transport that never pauses.
        self.finish_paused(out);
        let about = self.about();
        let refusal = |spec: &CommandSpec| spec.refusal(about);
        let flow = match parse(line, &|word| about.is_bare_move(word), &refusal) {
            Ok(None) => Flow::Continue,
            Ok(Some(cmd)) => match cmd.run(self, out) {
                Ok(flow) => flow,
                Err(message) => {
                    out.emit(Answer::error(message));
                    Flow::Continue
                }
            },
            Err(message) => {
                out.emit(Answer::error(message));
                Flow::Continue
            }
        };
        if out.closed {
            Flow::Quit
        } else {
            flow
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::RulesChange;
    use menace_core::learn::train::OpponentSpec;

    #[test]
    fn good_lines() {
        let cases: &[(&str, Command)] = &[
            ("games 5", Command::Games(Games(5))),
            ("\tGames\t  12  \r", Command::Games(Games(12))),
            ("games 4294967295", Command::Games(Games(u32::MAX))),
            ("move MR", Command::Move(Move("MR".into()))),
            ("MOVE ll", Command::Move(Move("ll".into()))),
            ("rm", Command::Move(Move("rm".into()))),
            ("dump", Command::Dump(Dump { opponent: false })),
            ("DUMP  opponent", Command::Dump(Dump { opponent: true })),
            ("watch 3 perfect", Command::Watch(Watch(3, OpponentSpec::Perfect))),
            ("history", Command::History(History(None))),
            ("history 10", Command::History(History(Some(10)))),
            ("export", Command::Export(Export)),
            ("import {\"a\":1}", Command::Import(Import("{\"a\":1}".into()))),
            ("stop", Command::Stop(Stop)),
            (
                "rules reward 3,1,-1 empty resign reset",
                Command::Rules(Rules(RulesChange {
                    reward: Some((3, 1, -1)),
                    empty: Some(menace_core::menace::EmptyBox::Resign),
                    reset: true,
                    ..RulesChange::default()
                })),
            ),
            ("seed 0", Command::Seed(Seed(0))),
            ("seed 18446744073709551615", Command::Seed(Seed(u64::MAX))),
            ("help", Command::Help(Help(None))),
            ("help MOVE", Command::Help(Help(Some("move".into())))),
            ("quit", Command::Quit(Quit)),
            ("board", Command::Board(Board)),
            ("status", Command::Status(Status)),
            ("resign", Command::Resign(Resign)),
            ("abort", Command::Abort(Abort)),
            ("reset", Command::Reset(Reset)),
            ("train 500", Command::Train(Train(500, OpponentSpec::Random))),
            ("TRAIN 20 Mixed:0.25", Command::Train(Train(20, OpponentSpec::Mixed(0.25)))),
            ("train 3 exploiter", Command::Train(Train(3, OpponentSpec::Exploiter))),
            ("eval", Command::Eval(Eval)),
            ("save  my state.json ", Command::Save(Save("my state.json".into()))),
            ("load /tmp/M.json", Command::Load(Load("/tmp/M.json".into()))),
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
            // A number is written one way (issue 74): no sign, no leading zero, no tab.
            ("games +7", "not a whole number"),
            ("games 07", "not a whole number"),
            ("games 7\t", "not a whole number"),
            ("move", "missing argument"),
            ("dump all", "not something to dump"),
            ("train 5 bogus", "unknown opponent \"bogus\": choose one of random, "),
            ("watch 10001", "too large"),
            ("watch 3 exec:ls", "command line"),
            ("history 0", "too small"),
            ("history 1001", "too large"),
            ("rules", "nothing to change"),
            ("rules reward", "needs a value"),
            ("rules reward 1,2", "three numbers"),
            ("rules colour red", "not a rule"),
            ("rules reset reset", "twice"),
            ("rules empty resign empty refill:3", "twice"),
            ("rules preset bogus", "unknown preset"),
            ("rules colours plaid", "expected every"),
            ("import", "missing argument"),
            ("export now", "takes no arguments"),
            ("stop now", "takes no arguments"),
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
                .replace(" N,N,...", "")
                .replace(" [N]", "")
                .replace(" N", " 3")
                .replace(" MOVE", " MM")
                .replace(" [COMMAND]", "")
                .replace(" [OPPONENT]", "")
                .replace(" [opponent]", "")
                .replace(" STATE", " {}")
                .replace(" PATH", " x.json")
                .replace(" on|off", " off")
                .replace(" NAME", " Ada")
                .replace(" KEY", " secret");
            let example = example.split(" [").next().unwrap().to_string();
            let example = if c.name == "rules" { "rules reset".to_string() } else { example };
            assert!(parse_line(&example).is_ok(), "{}", c.usage);
        }
    }
}
