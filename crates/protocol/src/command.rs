//! Reading one protocol line into a [`Command`], with `nom`.
//!
//! Every command is one entry of [`COMMANDS`]: its name, how to write it, what it does,
//! which games and learners have it, the parser for its arguments and its handler. The
//! help answer, the dispatch and `protocol.md` (checked by a test) all follow this one
//! list.

use nom::bytes::complete::{tag, take_while1};
use nom::character::complete::{digit1, space0, space1};
use nom::combinator::{opt, recognize};
use nom::sequence::pair;
use nom::{IResult, Parser};

use menace_core::learn::train::OpponentSpec;
use menace_core::menace::state::State;
use menace_core::menace::{BeadColours, BeadRules};
use menace_core::ttt::Cell;

use crate::answer::{Answer, HelpEntry, MaxCounts, OpponentEntry, PresetEntry};
use crate::engine::{PlayersChange, RulesChange};
use crate::history::HISTORY;
use crate::session::{Flow, Session, Step};
use crate::sink::{Out, Sink, Stop};
use crate::text::{quote, trailing};

/// A parsed command: the command's name and its arguments, checked.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `games N`: start a match of N games.
    Games(u32),
    /// `move MOVE`: the player's move, in the game's notation (checked when played).
    Move(String),
    /// `board`: show the current board.
    Board,
    /// `status`: the session, the match and the score so far.
    Status,
    /// `dump [opponent]`: the contents of all matchboxes (the learner's, or the second
    /// MENACE's).
    Dump {
        /// The second MENACE's boxes rather than the learner's.
        opponent: bool,
    },
    /// `resign`: the player gives up the current game.
    Resign,
    /// `abort`: end the match now; the game in progress teaches nothing.
    Abort,
    /// `reset`: a fresh learner (forget all learning).
    Reset,
    /// `seed N`: reseed the random generator.
    Seed(u64),
    /// `help [COMMAND]`.
    Help(Option<String>),
    /// `train N [OPPONENT]`: MENACE plays N games against a built-in opponent.
    Train(u32, OpponentSpec),
    /// `watch N [OPPONENT]`: like `train`, answering every move.
    Watch(u32, OpponentSpec),
    /// `eval`: exact exploitability and odds.
    Eval,
    /// `rules ...`: change the bead rules.
    Rules(RulesChange),
    /// `history [N]`: the last games' results.
    History(Option<u32>),
    /// `save PATH`.
    Save(String),
    /// `load PATH`.
    Load(String),
    /// `export`: the state as an answer.
    Export,
    /// `import STATE`: a state (one line of JSON) replaces the learner's.
    Import(String),
    /// `info`: the presets and opponents the session offers.
    Info,
    /// `stop`: end the running command.
    Stop,
    /// `quit`.
    Quit,
    /// `matchboxes on|off`: the dump after each game, or not.
    Matchboxes(bool),
    /// `name NAME` (class): the player's name.
    Name(String),
    /// `players remove NAME` / `players clear` (class, the teacher's).
    Players(PlayersChange),
    /// `restore N` (class, the teacher's): bring back earlier machine N.
    Restore(usize),
    /// `teacher KEY` (class): open the teacher's commands.
    Teacher(String),
    /// `class` (class): the whole class.
    Class,
    /// `explain`: why MENACE moved where it did.
    Explain,
}

/// Who may run a command in a class session. A private session runs every command but
/// the class's own ([`Who::Class`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Who {
    /// Anyone, in a class or alone.
    Anyone,
    /// In a class, only a session that gave the teacher's key (`teacher KEY`).
    Teacher,
    /// Only in a private session: a class has no such thing (its files are the server's).
    Private,
    /// Only in a class.
    Class,
    /// Only in a class, and only the teacher.
    ClassTeacher,
}

impl Who {
    /// Why command `name` is refused to this session: `member` is `None` in a private
    /// session, else whether the session is the teacher's.
    pub fn refusal(self, name: &str, member: Option<bool>) -> Option<String> {
        match (self, member) {
            (Who::Teacher | Who::ClassTeacher, Some(false)) => {
                Some(format!("`{name}` is the teacher's in a class: send `teacher KEY` first"))
            }
            (Who::Private, Some(_)) => Some(format!(
                "`{name}` is for a private session, not a class (the class's machine is the \
                 server's: the teacher downloads it with `export`)"
            )),
            (Who::Class | Who::ClassTeacher, None) => {
                Some(format!("`{name}` is for a class session (menace serve in class mode)"))
            }
            _ => None,
        }
    }

    /// In words, for protocol.md's list.
    pub fn describe(self) -> &'static str {
        match self {
            Who::Anyone => "anyone",
            Who::Teacher => "the teacher",
            Who::Private => "no (private only)",
            Who::Class => "anyone (class only)",
            Who::ClassTeacher => "the teacher (class only)",
        }
    }
}

/// Which games and learners a command works with (empty: all).
#[derive(Copy, Clone, Debug)]
pub struct Support {
    /// Game names (`ttt`, `nim`, `hexapawn`); empty for every game.
    pub games: &'static [&'static str],
    /// Learner names (`menace`, `weighted`); empty for both.
    pub learners: &'static [&'static str],
}

impl Support {
    /// Every game and learner.
    pub const ALL: Support = Support { games: &[], learners: &[] };
    /// The matchbox learner, any game.
    pub const MENACE: Support = Support { games: &[], learners: &["menace"] };
    /// Tic-tac-toe with the matchbox learner (a class's commands: a class plays it).
    pub const TTT_MENACE: Support = Support { games: &["ttt"], learners: &["menace"] };

    /// Why command `name` is refused in a session of `game` with `learner`, if it is.
    pub fn refusal(&self, name: &str, game: &str, learner: &str) -> Option<String> {
        if !self.learners.is_empty() && !self.learners.contains(&learner) {
            return Some(format!(
                "`{name}` needs the {} learner; this session's learner is {learner}",
                self.learners.join(" or ")
            ));
        }
        if !self.games.is_empty() && !self.games.contains(&game) {
            return Some(format!(
                "`{name}` is for {} only; this session plays {game}",
                self.games.join(" or ")
            ));
        }
        None
    }

    /// In words, for protocol.md: `all`, or the games and learners.
    pub fn describe(&self) -> String {
        match (self.games, self.learners) {
            ([], []) => "every game and learner".into(),
            ([], l) => format!("the {} learner", l.join(", ")),
            (g, []) => g.join(", "),
            (g, l) => format!("{} with the {} learner", g.join(", "), l.join(", ")),
        }
    }
}

/// A command's handler: runs the parsed command on the session, its answers going out as
/// they are made; `Err` is the one error answer of a line that changed nothing.
pub(crate) type Handler = fn(&mut Session, Command, &mut Out) -> Result<Flow, String>;

/// One entry of the command table: everything about one command.
pub struct CommandSpec {
    /// The command's name, as typed (any case).
    pub name: &'static str,
    /// How to write it, e.g. `games N`.
    pub usage: &'static str,
    /// What it does, in one line.
    pub summary: &'static str,
    /// Which games and learners have it.
    pub support: Support,
    /// Who may run it in a class.
    pub who: Who,
    parse: fn(&str) -> Result<Command, String>,
    pub(crate) run: Handler,
}

/// The largest `games N`.
pub const MAX_GAMES: u64 = u32::MAX as u64;
/// The largest `train N`.
pub const MAX_TRAIN: u64 = 100_000_000;
/// The largest `watch N`.
pub const MAX_WATCH: u64 = 10_000;

/// The largest counts, as `info` answers them.
pub const MAX_COUNTS: MaxCounts =
    MaxCounts { games: MAX_GAMES, train: MAX_TRAIN, watch: MAX_WATCH, history: HISTORY as u64 };

/// Every command, in the order `help` lists them.
pub const COMMANDS: &[CommandSpec] = &[
    CommandSpec {
        name: "games",
        usage: "games N",
        summary: "start a match of N games (1 to 4294967295); MENACE moves first in each when its side starts",
        support: Support::ALL,
        who: Who::Anyone,
        parse: |rest| parse_number(rest, "games", "a number of games, e.g. games 3", 1, MAX_GAMES.into()).map(|n| Command::Games(n as u32)),
        run: Session::run_games,
    },
    CommandSpec {
        name: "move",
        usage: "move MOVE",
        summary: "play your move: in tic-tac-toe row then column, each L/M/R (top/middle/bottom, left/middle/right), e.g. move MR; a bare MR works too",
        support: Support::ALL,
        who: Who::Anyone,
        parse: parse_move,
        run: Session::run_move,
    },
    CommandSpec {
        name: "board",
        usage: "board",
        summary: "show the current board",
        support: Support::ALL,
        who: Who::Anyone,
        parse: |rest| no_args(rest, "board").map(|()| Command::Board),
        run: Session::run_board,
    },
    CommandSpec {
        name: "status",
        usage: "status",
        summary: "the game, the learner, the seed, the bead rules, games played and the match in progress",
        support: Support::ALL,
        who: Who::Anyone,
        parse: |rest| no_args(rest, "status").map(|()| Command::Status),
        run: Session::run_status,
    },
    CommandSpec {
        name: "dump",
        usage: "dump [opponent]",
        summary: "the beads in all matchboxes (304 for tic-tac-toe) and the beads drawn in the latest game; `dump opponent`: the second MENACE's",
        support: Support::MENACE,
        who: Who::Anyone,
        parse: parse_dump,
        run: Session::run_dump,
    },
    CommandSpec {
        name: "resign",
        usage: "resign",
        summary: "give up the current game: MENACE wins it and learns from it",
        support: Support::ALL,
        who: Who::Anyone,
        parse: |rest| no_args(rest, "resign").map(|()| Command::Resign),
        run: Session::run_resign,
    },
    CommandSpec {
        name: "abort",
        usage: "abort",
        summary: "end the match now; the unfinished game teaches MENACE nothing",
        support: Support::ALL,
        who: Who::Anyone,
        parse: |rest| no_args(rest, "abort").map(|()| Command::Abort),
        run: Session::run_abort,
    },
    CommandSpec {
        name: "reset",
        usage: "reset",
        summary: "forget all learning: every box refilled with its initial beads, games played back to 0 (not during a match)",
        support: Support::ALL,
        who: Who::Teacher,
        parse: |rest| no_args(rest, "reset").map(|()| Command::Reset),
        run: Session::run_reset,
    },
    CommandSpec {
        name: "seed",
        usage: "seed N",
        summary: "reseed MENACE's random generator (0 to 18446744073709551615)",
        support: Support::ALL,
        who: Who::Teacher,
        parse: |rest| parse_number(rest, "seed", "a seed, e.g. seed 42", 0, u64::MAX.into()).map(|n| Command::Seed(n as u64)),
        run: Session::run_seed,
    },
    CommandSpec {
        name: "train",
        usage: "train N [OPPONENT]",
        summary: "MENACE plays N games (1 to 100000000) against random (default), perfect, mixed:P, exploiter or menace, and learns; progress answers as it goes; `stop` ends it",
        support: Support::ALL,
        who: Who::Teacher,
        parse: |rest| parse_versus(rest, "train", MAX_TRAIN.into()).map(|(n, o)| Command::Train(n, o)),
        run: Session::run_train,
    },
    CommandSpec {
        name: "watch",
        usage: "watch N [OPPONENT]",
        summary: "MENACE plays N games (1 to 10000) against a built-in opponent, answering every move and bead, and learns",
        support: Support::ALL,
        who: Who::Private,
        parse: |rest| parse_versus(rest, "watch", MAX_WATCH.into()).map(|(n, o)| Command::Watch(n, o)),
        run: Session::run_watch,
    },
    CommandSpec {
        name: "eval",
        usage: "eval",
        summary: "exact figures for the learner as it stands: P(loss) against a best response, odds against random and perfect",
        support: Support::ALL,
        who: Who::Anyone,
        parse: |rest| no_args(rest, "eval").map(|()| Command::Eval),
        run: Session::run_eval,
    },
    CommandSpec {
        name: "rules",
        usage: "rules [preset NAME] [initial N,N,...] [reward W,D,L] [empty refill:N|resign] [colours every|symmetry] [reset]",
        summary: "change the bead rules, keeping the beads, or with `reset` refilling every box with the new initial beads (not during a match); colours symmetry: one bead colour per symmetry class",
        support: Support::MENACE,
        who: Who::Teacher,
        parse: parse_rules,
        run: Session::run_rules,
    },
    CommandSpec {
        name: "explain",
        usage: "explain",
        summary: "why MENACE moved where it did: for each of its turns in the game in progress and the last one finished, the box, how the board was turned to match its drawing, every bead mapped onto the real board, and what the result did to them",
        support: Support::MENACE,
        who: Who::Anyone,
        parse: |rest| no_args(rest, "explain").map(|()| Command::Explain),
        run: Session::run_explain,
    },
    CommandSpec {
        name: "history",
        usage: "history [N]",
        summary: "the last N games (1 to 1000; default all kept, at most 1000): result and first-box beads",
        support: Support::ALL,
        who: Who::Anyone,
        parse: parse_history,
        run: Session::run_history,
    },
    CommandSpec {
        name: "save",
        usage: "save PATH",
        summary: "write MENACE's state (rules and beads) to a JSON file, atomically",
        support: Support::MENACE,
        who: Who::Private,
        parse: |rest| parse_path(rest, "save").map(Command::Save),
        run: Session::run_save,
    },
    CommandSpec {
        name: "load",
        usage: "load PATH",
        summary: "replace MENACE's state with a saved one, after checking it (not during a match)",
        support: Support::MENACE,
        who: Who::Private,
        parse: |rest| parse_path(rest, "load").map(Command::Load),
        run: Session::run_load,
    },
    CommandSpec {
        name: "export",
        usage: "export",
        summary: "MENACE's state (what save writes) as an answer",
        support: Support::MENACE,
        who: Who::Teacher,
        parse: |rest| no_args(rest, "export").map(|()| Command::Export),
        run: Session::run_export,
    },
    CommandSpec {
        name: "import",
        usage: "import STATE",
        summary: "replace MENACE's state with STATE, a state document on one line (what export answers), after checking it (not during a match)",
        support: Support::MENACE,
        who: Who::Teacher,
        parse: parse_import,
        run: Session::run_import,
    },
    CommandSpec {
        name: "stop",
        usage: "stop",
        summary: "end the running command (and any sent before) at its next game boundary, keeping what was learned",
        support: Support::ALL,
        who: Who::Anyone,
        parse: |rest| no_args(rest, "stop").map(|()| Command::Stop),
        run: Session::run_stop,
    },
    CommandSpec {
        name: "help",
        usage: "help [COMMAND]",
        summary: "list the commands, or describe one",
        support: Support::ALL,
        who: Who::Anyone,
        parse: parse_help,
        run: Session::run_help,
    },
    CommandSpec {
        name: "info",
        usage: "info",
        summary: "the game, the learner, the bead presets and the opponents this session offers, from the engine's own tables",
        support: Support::ALL,
        who: Who::Anyone,
        parse: |rest| no_args(rest, "info").map(|()| Command::Info),
        run: Session::run_info,
    },
    CommandSpec {
        name: "matchboxes",
        usage: "matchboxes on|off",
        summary: "whether each game's end answers the `matchboxes` dump (on by default; a driver that does not want it turns it off)",
        support: Support::MENACE,
        who: Who::Anyone,
        parse: parse_on_off,
        run: Session::run_matchboxes,
    },
    CommandSpec {
        name: "name",
        usage: "name NAME",
        summary: "in a class: your name on the class's board (1 to 32 characters), needed before `games N`",
        support: Support::TTT_MENACE,
        who: Who::Class,
        parse: parse_name,
        run: Session::run_name,
    },
    CommandSpec {
        name: "players",
        usage: "players remove NAME|clear",
        summary: "in a class: take one name (or every name) off the class's board, keeping the score, the curve and the boxes; `clear` also lets every connection name new players again",
        support: Support::TTT_MENACE,
        who: Who::ClassTeacher,
        parse: parse_players,
        run: Session::run_players,
    },
    CommandSpec {
        name: "restore",
        usage: "restore N",
        summary: "in a class: bring back earlier machine N (1: the one replaced last; the class answer lists them): a reset, new rules with reset, an import or a restore keeps the machine it replaces, five at most",
        support: Support::TTT_MENACE,
        who: Who::ClassTeacher,
        parse: parse_restore,
        run: Session::run_restore,
    },
    CommandSpec {
        name: "teacher",
        usage: "teacher KEY",
        summary: "in a class: the teacher's key (the server printed it); opens reset, rules, seed, train, export and import to this session; each wrong key waits a second",
        support: Support::TTT_MENACE,
        who: Who::Class,
        parse: parse_key,
        run: Session::run_teacher,
    },
    CommandSpec {
        name: "class",
        usage: "class",
        summary: "in a class: the whole class: the shared boxes, MENACE's score against the class, its training apart, the players and the curve",
        support: Support::TTT_MENACE,
        who: Who::Class,
        parse: |rest| no_args(rest, "class").map(|()| Command::Class),
        run: Session::run_class,
    },
    CommandSpec {
        name: "quit",
        usage: "quit",
        summary: "end the session (end of input does too)",
        support: Support::ALL,
        who: Who::Anyone,
        parse: |rest| no_args(rest, "quit").map(|()| Command::Quit),
        run: Session::run_quit,
    },
];

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

fn word(input: &str) -> IResult<&str, &str> {
    take_while1(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-').parse(input)
}

pub(crate) fn no_args(rest: &str, name: &str) -> Result<(), String> {
    trailing(rest, &format!("`{name}`: it takes no arguments"))
}

/// One whole number argument between `min` and `max`, with a message for each way it can
/// be wrong (missing, not a number, negative, zero, too large). The one number parser of
/// every command: a number is written one way, digits without a sign or leading zeros,
/// ended by a space or the line's end (`01`, `+1` and `1\t` are not numbers).
pub(crate) fn parse_number(
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

fn parse_move(rest: &str) -> Result<Command, String> {
    let text = rest.trim();
    if text.is_empty() {
        return Err(
            "move: missing argument: expected a move, e.g. move MR (tic-tac-toe), 2:3 (nim), a1-a2 (hexapawn)"
                .into(),
        );
    }
    Ok(Command::Move(text.to_string()))
}

fn parse_dump(rest: &str) -> Result<Command, String> {
    match rest.trim().to_ascii_lowercase().as_str() {
        "" => Ok(Command::Dump { opponent: false }),
        "opponent" => Ok(Command::Dump { opponent: true }),
        _ => Err(format!(
            "dump: {} is not something to dump: expected nothing or `opponent`",
            quote(rest.trim())
        )),
    }
}

/// `N [OPPONENT]` of `train` and `watch`.
fn parse_versus(rest: &str, name: &str, max: u128) -> Result<(u32, OpponentSpec), String> {
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

fn parse_on_off(rest: &str) -> Result<Command, String> {
    match rest.trim().to_ascii_lowercase().as_str() {
        "on" => Ok(Command::Matchboxes(true)),
        "off" => Ok(Command::Matchboxes(false)),
        "" => Err("matchboxes: missing argument: expected on or off".into()),
        other => Err(format!("matchboxes: {} is not on or off", quote(other))),
    }
}

fn parse_name(rest: &str) -> Result<Command, String> {
    let name = menace_core::menace::class::check_name(rest).map_err(|e| format!("name: {e}"))?;
    Ok(Command::Name(name))
}

fn parse_restore(rest: &str) -> Result<Command, String> {
    let max = crate::engine::EARLIER as u128;
    let n = parse_number(rest, "restore", "the number of an earlier machine", 1, max)?;
    Ok(Command::Restore(n as usize))
}

fn parse_players(rest: &str) -> Result<Command, String> {
    let rest = rest.trim();
    let (verb, name) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    match verb.to_ascii_lowercase().as_str() {
        "clear" if name.trim().is_empty() => Ok(Command::Players(PlayersChange::Clear)),
        "remove" if !name.trim().is_empty() => {
            Ok(Command::Players(PlayersChange::Remove(name.trim().to_string())))
        }
        _ => Err("players: expected `players remove NAME` or `players clear`".into()),
    }
}

fn parse_key(rest: &str) -> Result<Command, String> {
    let key = rest.trim();
    if key.is_empty() {
        return Err("teacher: missing argument: expected the key the server printed".into());
    }
    Ok(Command::Teacher(key.to_string()))
}

fn parse_history(rest: &str) -> Result<Command, String> {
    if rest.trim().is_empty() {
        return Ok(Command::History(None));
    }
    let max = HISTORY as u128;
    let n = parse_number(rest, "history", "a number of games, e.g. history 100", 1, max)?;
    Ok(Command::History(Some(n as u32)))
}

fn parse_import(rest: &str) -> Result<Command, String> {
    let text = rest.trim();
    if text.is_empty() {
        return Err(
            "import: missing argument: expected a state on one line, as `export` answers it".into(),
        );
    }
    Ok(Command::Import(text.to_string()))
}

/// `rules` with any of `preset NAME`, `initial N,N,...`, `reward W,D,L`,
/// `empty refill:N|resign`, `colours every|symmetry` (each at most once) and `reset`.
fn parse_rules(rest: &str) -> Result<Command, String> {
    let mut change = RulesChange::default();
    let mut words = rest.split_whitespace();
    let mut any = false;
    let twice = |what: &str| format!("rules: {what} is given twice");
    while let Some(word) = words.next() {
        let key = word.to_ascii_lowercase();
        if key == "reset" {
            if change.reset {
                return Err(twice("reset"));
            }
            change.reset = true;
            any = true;
            continue;
        }
        let Some(value) = words.next().filter(|_| {
            matches!(key.as_str(), "preset" | "initial" | "reward" | "empty" | "colours")
        }) else {
            return Err(match key.as_str() {
                "preset" | "initial" | "reward" | "empty" | "colours" => {
                    format!("rules: {key} needs a value, e.g. {}", rules_example(&key))
                }
                _ => format!(
                    "rules: {} is not a rule: expected preset, initial, reward, empty, colours or reset",
                    quote(word)
                ),
            });
        };
        any = true;
        match key.as_str() {
            "preset" if change.preset.is_none() => {
                change.preset = Some(BeadRules::preset(value).ok_or_else(|| {
                    format!("rules: unknown preset {}: challenge, michie or scroggs", quote(value))
                })?)
            }
            "initial" if change.initial.is_none() => {
                change.initial =
                    Some(BeadRules::parse_initial(value).map_err(|e| format!("rules: {e}"))?)
            }
            "reward" if change.reward.is_none() => {
                change.reward =
                    Some(BeadRules::parse_reward(value).map_err(|e| format!("rules: {e}"))?)
            }
            "empty" if change.empty.is_none() => {
                change.empty =
                    Some(BeadRules::parse_empty(value).map_err(|e| format!("rules: {e}"))?)
            }
            "colours" if change.colours.is_none() => {
                change.colours = Some(BeadColours::parse(value).map_err(|e| format!("rules: {e}"))?)
            }
            _ => return Err(twice(&key)),
        }
    }
    if !any {
        return Err("rules: nothing to change: expected e.g. rules reward 3,1,-1 or rules preset scroggs reset".into());
    }
    Ok(Command::Rules(change))
}

fn rules_example(key: &str) -> &'static str {
    match key {
        "preset" => "preset michie",
        "initial" => "initial 4,3,2,1",
        "reward" => "reward 3,1,-1",
        "colours" => "colours symmetry",
        _ => "empty refill:3",
    }
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

/// Parses one line (without its line ending) for a tic-tac-toe session. `Ok(None)` for a
/// blank line or a comment (`# ...`), which are ignored. Leading and trailing white space
/// (including a stray carriage return) and the case of letters do not matter. A line that
/// is just a move in RC notation (`MR`) is read as `move MR`.
///
/// ```
/// use menace_protocol::{parse_line, Command};
/// assert_eq!(parse_line("  GAMES 3 "), Ok(Some(Command::Games(3))));
/// assert_eq!(parse_line("mr"), Ok(Some(Command::Move("mr".into()))));
/// assert!(parse_line("games 0").is_err());
/// assert_eq!(parse_line("# a comment"), Ok(None));
/// ```
pub fn parse_line(line: &str) -> Result<Option<Command>, String> {
    Ok(parse(line, &|w| Cell::parse_rc(w).is_ok(), &|_| None)?.map(|(_, cmd)| cmd))
}

/// Parses one line: the table entry and the command, `Ok(None)` for a blank line or a
/// comment. `is_bare_move` says whether a line that is not a command is meant as a move.
pub(crate) fn parse(
    line: &str,
    is_bare_move: &dyn Fn(&str) -> bool,
    refusal: &dyn Fn(&CommandSpec) -> Option<String>,
) -> Result<Option<(&'static CommandSpec, Command)>, String> {
    // Spaces around a line are not part of it; any other white space at its end (a tab)
    // is, so a number's argument `1\t` is refused, not read as `1`.
    let line = line.trim_start().trim_end_matches(' ');
    if line.trim().is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let parsed: IResult<&str, &str> = (space0, word).map(|(_, w)| w).parse(line);
    let bare_move = || {
        let spec = spec("move").expect("the move command");
        Ok(Some((spec, Command::Move(line.to_string()))))
    };
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
        return (spec.parse)(rest).map(|cmd| Some((spec, cmd)));
    }
    if is_bare_move(line) {
        return bare_move();
    }
    Err(format!("unknown command {}; type help for the list", quote(name)))
}

/// The dispatch of a line through the table, and the table's handlers. They live here,
/// beside the table, so the session below knows nothing of commands.
impl Session {
    /// Handles one line of input (without its line ending): its answers go to `sink` as
    /// they are produced; a long command ends early, at a game boundary, once `stop` is
    /// requested. A closed sink ends the session ([`Flow::Quit`]).
    pub fn handle_line(&mut self, line: &str, sink: &mut dyn Sink, stop: &Stop) -> Flow {
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
        stop: &Stop,
        pause: &dyn Fn() -> bool,
    ) -> Step {
        let mut out = Out::pausable(sink, stop, pause);
        let flow = self.line_in(line, &mut out);
        self.step(flow, &out)
    }

    /// Goes on with the command [`Session::start_line`] paused (nothing when none is).
    pub fn resume(&mut self, sink: &mut dyn Sink, stop: &Stop, pause: &dyn Fn() -> bool) -> Step {
        let mut out = Out::pausable(sink, stop, pause);
        self.engine.resume(&mut out);
        let flow = if out.closed { Flow::Quit } else { Flow::Continue };
        self.step(flow, &out)
    }

    fn step(&mut self, flow: Flow, out: &Out) -> Step {
        if out.closed {
            // Nobody reads the rest: a paused command ends here, as it would have ended
            // at its next game boundary on a transport that never pauses.
            let mut nobody: Vec<Answer> = Vec::new();
            let mut gone = Out::new(&mut nobody, out.stop);
            gone.closed = true;
            while self.engine.pending() {
                self.engine.resume(&mut gone);
            }
            return Step::Done(Flow::Quit);
        }
        if self.engine.pending() {
            Step::Paused
        } else {
            Step::Done(flow)
        }
    }

    fn line_in(&mut self, line: &str, out: &mut Out) -> Flow {
        // A line after a paused command waits for it, as on a transport that never pauses.
        while self.engine.pending() && !out.closed {
            out.unpaused(|out| self.engine.resume(out));
        }
        let engine = &self.engine;
        let refusal = |spec: &CommandSpec| self.refusal(spec);
        let flow = match parse(line, &|word| engine.is_bare_move(word), &refusal) {
            Ok(None) => Flow::Continue,
            Ok(Some((spec, cmd))) => match (spec.run)(self, cmd, out) {
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

    /// Why `spec` is not available in this session, if it is not.
    pub(crate) fn refusal(&self, spec: &CommandSpec) -> Option<String> {
        let (game, learner) = (self.engine.game_name(), self.engine.learner_name());
        spec.who
            .refusal(spec.name, self.engine.member())
            .or_else(|| spec.support.refusal(spec.name, game, learner))
    }

    // The handlers of the command table, one per command.

    pub(crate) fn run_games(&mut self, cmd: Command, out: &mut Out) -> Result<Flow, String> {
        let Command::Games(n) = cmd else { return Err(mismatch()) };
        self.engine.games(n, out).map(|()| Flow::Continue)
    }

    pub(crate) fn run_move(&mut self, cmd: Command, out: &mut Out) -> Result<Flow, String> {
        let Command::Move(text) = cmd else { return Err(mismatch()) };
        self.engine.play_move(&text, out).map(|()| Flow::Continue)
    }

    pub(crate) fn run_board(&mut self, _: Command, out: &mut Out) -> Result<Flow, String> {
        out.emit(self.engine.board()?);
        Ok(Flow::Continue)
    }

    pub(crate) fn run_status(&mut self, _: Command, out: &mut Out) -> Result<Flow, String> {
        out.emit(self.engine.status());
        Ok(Flow::Continue)
    }

    pub(crate) fn run_dump(&mut self, cmd: Command, out: &mut Out) -> Result<Flow, String> {
        let Command::Dump { opponent } = cmd else { return Err(mismatch()) };
        out.emit(self.engine.dump(opponent)?);
        Ok(Flow::Continue)
    }

    pub(crate) fn run_resign(&mut self, _: Command, out: &mut Out) -> Result<Flow, String> {
        self.engine.resign(out).map(|()| Flow::Continue)
    }

    pub(crate) fn run_abort(&mut self, _: Command, out: &mut Out) -> Result<Flow, String> {
        self.engine.abort(out).map(|()| Flow::Continue)
    }

    pub(crate) fn run_reset(&mut self, _: Command, out: &mut Out) -> Result<Flow, String> {
        self.engine.reset(out).map(|()| Flow::Continue)
    }

    pub(crate) fn run_seed(&mut self, cmd: Command, out: &mut Out) -> Result<Flow, String> {
        let Command::Seed(seed) = cmd else { return Err(mismatch()) };
        self.engine.seed(seed);
        out.emit(Answer::Seed { seed });
        Ok(Flow::Continue)
    }

    pub(crate) fn run_train(&mut self, cmd: Command, out: &mut Out) -> Result<Flow, String> {
        let Command::Train(n, spec) = cmd else { return Err(mismatch()) };
        self.engine.train(n, &spec, out).map(|()| Flow::Continue)
    }

    pub(crate) fn run_watch(&mut self, cmd: Command, out: &mut Out) -> Result<Flow, String> {
        let Command::Watch(n, spec) = cmd else { return Err(mismatch()) };
        self.engine.watch(n, &spec, out).map(|()| Flow::Continue)
    }

    pub(crate) fn run_eval(&mut self, _: Command, out: &mut Out) -> Result<Flow, String> {
        out.emit(self.engine.eval());
        Ok(Flow::Continue)
    }

    pub(crate) fn run_rules(&mut self, cmd: Command, out: &mut Out) -> Result<Flow, String> {
        let Command::Rules(change) = cmd else { return Err(mismatch()) };
        self.engine.rules(&change, out).map(|()| Flow::Continue)
    }

    pub(crate) fn run_history(&mut self, cmd: Command, out: &mut Out) -> Result<Flow, String> {
        let Command::History(n) = cmd else { return Err(mismatch()) };
        out.emit(self.engine.history(n.map_or(usize::MAX, |n| n as usize)));
        Ok(Flow::Continue)
    }

    pub(crate) fn run_explain(&mut self, _: Command, out: &mut Out) -> Result<Flow, String> {
        out.emit(self.engine.explain()?);
        Ok(Flow::Continue)
    }

    pub(crate) fn run_save(&mut self, cmd: Command, out: &mut Out) -> Result<Flow, String> {
        let Command::Save(name) = cmd else { return Err(mismatch()) };
        let path = self.files.resolve(&name).map_err(|e| format!("save: {e}"))?;
        let state = self.engine.state()?;
        let mut text = serde_json::to_vec_pretty(&state).expect("a state serializes");
        text.push(b'\n');
        // Errors name the file as the client did, not the folder it is confined to.
        menace_files::write_atomic(&path, &text)
            .map_err(|e| format!("cannot write {name}: {e}"))?;
        out.emit(Answer::Saved { path: name, games_played: state.games_played });
        Ok(Flow::Continue)
    }

    pub(crate) fn run_load(&mut self, cmd: Command, out: &mut Out) -> Result<Flow, String> {
        let Command::Load(name) = cmd else { return Err(mismatch()) };
        self.engine.idle("loading a state")?;
        let path = self.files.resolve(&name).map_err(|e| format!("load: {e}"))?;
        let state = State::read(&path, &name)?;
        self.engine.restore(&state).map_err(|e| format!("{name}: {e}"))?;
        let preset = state.rules.preset_name().unwrap_or("custom");
        out.emit(Answer::Loaded { path: name, games_played: state.games_played, preset });
        Ok(Flow::Continue)
    }

    pub(crate) fn run_export(&mut self, _: Command, out: &mut Out) -> Result<Flow, String> {
        out.emit(Answer::State { state: self.engine.state()? });
        Ok(Flow::Continue)
    }

    pub(crate) fn run_import(&mut self, cmd: Command, out: &mut Out) -> Result<Flow, String> {
        let Command::Import(text) = cmd else { return Err(mismatch()) };
        self.engine.idle("importing a state")?;
        let state =
            State::parse(text.as_bytes()).map_err(|e| format!("import: not a valid state: {e}"))?;
        self.engine.restore(&state).map_err(|e| format!("import: {e}"))?;
        let preset = state.rules.preset_name().unwrap_or("custom");
        out.emit(Answer::Imported { games_played: state.games_played, preset });
        self.engine.announce(out);
        Ok(Flow::Continue)
    }

    pub(crate) fn run_help(&mut self, cmd: Command, out: &mut Out) -> Result<Flow, String> {
        let Command::Help(name) = cmd else { return Err(mismatch()) };
        let entry = |c: &CommandSpec| HelpEntry { usage: c.usage, summary: c.summary };
        let commands = match name.as_deref().and_then(spec) {
            Some(c) => vec![entry(c)],
            None => COMMANDS.iter().filter(|c| self.refusal(c).is_none()).map(entry).collect(),
        };
        out.emit(Answer::Help { commands });
        Ok(Flow::Continue)
    }

    pub(crate) fn run_info(&mut self, _: Command, out: &mut Out) -> Result<Flow, String> {
        out.emit(Answer::Info {
            game: self.engine.game_name(),
            learner: self.engine.learner_name(),
            presets: PresetEntry::all(),
            opponents: OpponentEntry::all(),
            max: MAX_COUNTS,
        });
        Ok(Flow::Continue)
    }

    pub(crate) fn run_stop(&mut self, _: Command, out: &mut Out) -> Result<Flow, String> {
        out.stop.clear();
        out.emit(Answer::Stopped);
        Ok(Flow::Continue)
    }

    pub(crate) fn run_matchboxes(&mut self, cmd: Command, out: &mut Out) -> Result<Flow, String> {
        let Command::Matchboxes(on) = cmd else { return Err(mismatch()) };
        self.engine.set_dumps(on);
        out.emit(Answer::Setting { matchboxes: on });
        Ok(Flow::Continue)
    }

    pub(crate) fn run_name(&mut self, cmd: Command, out: &mut Out) -> Result<Flow, String> {
        let Command::Name(name) = cmd else { return Err(mismatch()) };
        self.engine.name(&name, out).map(|()| Flow::Continue)
    }

    pub(crate) fn run_players(&mut self, cmd: Command, out: &mut Out) -> Result<Flow, String> {
        let Command::Players(change) = cmd else { return Err(mismatch()) };
        self.engine.players(&change, out).map(|()| Flow::Continue)
    }

    pub(crate) fn run_restore(&mut self, cmd: Command, out: &mut Out) -> Result<Flow, String> {
        let Command::Restore(n) = cmd else { return Err(mismatch()) };
        self.engine.restore_earlier(n, out).map(|()| Flow::Continue)
    }

    pub(crate) fn run_teacher(&mut self, cmd: Command, out: &mut Out) -> Result<Flow, String> {
        let Command::Teacher(key) = cmd else { return Err(mismatch()) };
        self.engine.teacher(&key, out).map(|()| Flow::Continue)
    }

    pub(crate) fn run_class(&mut self, _: Command, out: &mut Out) -> Result<Flow, String> {
        out.emit(self.engine.class()?);
        Ok(Flow::Continue)
    }

    pub(crate) fn run_quit(&mut self, _: Command, out: &mut Out) -> Result<Flow, String> {
        out.emit(Answer::Bye);
        Ok(Flow::Quit)
    }
}

/// A handler given another command's arguments: a bug in the table, answered as an
/// error rather than a panic.
fn mismatch() -> String {
    "internal error: the command table paired this command with another's handler".into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn good_lines() {
        let cases: &[(&str, Command)] = &[
            ("games 5", Command::Games(5)),
            ("\tGames\t  12  \r", Command::Games(12)),
            ("games 4294967295", Command::Games(u32::MAX)),
            ("move MR", Command::Move("MR".into())),
            ("MOVE ll", Command::Move("ll".into())),
            ("rm", Command::Move("rm".into())),
            ("dump", Command::Dump { opponent: false }),
            ("DUMP  opponent", Command::Dump { opponent: true }),
            ("watch 3 perfect", Command::Watch(3, OpponentSpec::Perfect)),
            ("history", Command::History(None)),
            ("history 10", Command::History(Some(10))),
            ("export", Command::Export),
            ("import {\"a\":1}", Command::Import("{\"a\":1}".into())),
            ("stop", Command::Stop),
            (
                "rules reward 3,1,-1 empty resign reset",
                Command::Rules(RulesChange {
                    reward: Some((3, 1, -1)),
                    empty: Some(menace_core::menace::EmptyBox::Resign),
                    reset: true,
                    ..RulesChange::default()
                }),
            ),
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
            // A number is written one way (issue 74): no sign, no leading zero, no tab.
            ("games +7", "not a whole number"),
            ("games 07", "not a whole number"),
            ("games 7\t", "not a whole number"),
            ("move", "missing argument"),
            ("dump all", "not something to dump"),
            ("train 5 bogus", "choose one of random, perfect, mixed:P, exploiter, menace"),
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
