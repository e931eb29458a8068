//! `menace` with no subcommand: the MENACE protocol engine on stdin/stdout.

use std::io::{self, IsTerminal};
use std::path::Path;
use std::process::ExitCode;

use std::sync::atomic::AtomicUsize;
use std::sync::Arc;

use menace_core::game::Side;
use menace_core::learn::WeightedConfig;
use menace_core::learn::{LearnerKind, Learners};
use menace_core::menace::state::State;
use menace_core::menace::BeadRules;
use menace_protocol::transport::run_stdio;
use menace_protocol::{Config, FileAccess, GameChoice, LearnerChoice, DEFAULT_SEED};
use signal_hook::consts::{SIGINT, SIGTERM};

/// Bead rules from the command line: a preset, then any explicit numbers on top of it.
#[derive(clap::Args, Debug, Clone)]
pub struct BeadArgs {
    /// Bead rules by name: challenge (default), michie, scroggs. See --help.
    #[arg(long, value_name = "NAME", long_help = preset_help())]
    pub preset: Option<String>,
    /// Initial beads per legal move at MENACE's 1st, 2nd, ... move, e.g. 4,3,2,1.
    #[arg(long, value_name = "N,N,...")]
    pub initial: Option<String>,
    /// Net beads per drawn bead after a win, a draw and a loss, e.g. 3,1,-1.
    #[arg(long, value_name = "W,D,L", allow_hyphen_values = true)]
    pub reward: Option<String>,
    /// What an empty box does: refill:N (add N random legal beads, then draw) or resign.
    #[arg(long, value_name = "RULE")]
    pub empty: Option<String>,
    /// Which legal moves get beads: every (each legal move, the default) or symmetry (one
    /// colour per symmetry class of moves, as Michie's and Scroggs's boxes).
    #[arg(long, value_name = "every|symmetry")]
    pub colours: Option<String>,
}

fn preset_help() -> String {
    format!(
        "Bead rules by name (default: challenge):\n{}\n--initial, --reward and --empty override parts of the preset.",
        BeadRules::preset_list()
    )
}

impl BeadArgs {
    /// Whether any flag asks for particular bead rules (then a saved state trained with
    /// other rules is refused rather than silently kept).
    pub fn given(&self) -> bool {
        self.preset.is_some()
            || self.initial.is_some()
            || self.reward.is_some()
            || self.empty.is_some()
    }

    /// The rules these flags describe, or a message saying which flag is wrong.
    pub fn rules(&self) -> Result<BeadRules, String> {
        BeadRules::from_parts(
            self.preset.as_deref(),
            self.initial.as_deref(),
            self.reward.as_deref(),
            self.empty.as_deref(),
            self.colours.as_deref(),
        )
    }
}

/// MENACE's side, the one `--side` flag of every subcommand that builds a MENACE (the
/// engine, `train`, `eval`, `serve`, `print`), parsed by the core's [`Side::parse`].
#[derive(clap::Args, Debug, Clone, Default)]
pub struct SideArg {
    /// MENACE's side: first (X, it opens: Michie's machine, the default) or second (O:
    /// its opponent opens, as Scroggs's second machine). Tic-tac-toe only.
    #[arg(long, value_name = "first|second", value_parser = Side::parse)]
    pub side: Option<Side>,
}

impl SideArg {
    /// The side to play with the state file `state`: `--side` if given (a file of the
    /// other side is then refused, saying which `--side` loads it), else the side the file
    /// says it plays, if it exists; `None` when neither says.
    pub fn with_state(&self, state: Option<&Path>) -> Result<Option<Side>, String> {
        match (self.side, state) {
            (Some(side), _) => self.refuse_other_state(state).map(|()| Some(side)),
            (None, Some(path)) if path.exists() => {
                let name = path.display().to_string();
                Ok(Some(State::read(path, &name)?.side))
            }
            (None, _) => Ok(None),
        }
    }

    /// Refuses a `--side` that contradicts the state file `state` (when both are given and
    /// the file exists), naming the `--side` that loads it.
    pub fn refuse_other_state(&self, state: Option<&Path>) -> Result<(), String> {
        let (Some(side), Some(path)) = (self.side, state) else { return Ok(()) };
        if !path.exists() {
            return Ok(());
        }
        let name = path.display().to_string();
        State::read(path, &name)?.refuse_other_side(side).map_err(|e| {
            let default = if e.found == Side::First { " (the default)" } else { "" };
            format!("{name}: {}; start with --side {}{default}", e.what(), e.found.name())
        })
    }

    /// The side `game`'s learner plays, given what `--side` (or the state file) asked:
    /// a side its learner cannot play is refused, naming the flag.
    pub fn of_game(game: &GameChoice, asked: Option<Side>) -> Result<Side, String> {
        game.side(asked).map_err(|e| format!("--side {}: {e}", e.asked.name()))
    }
}

/// Which game, which learner, and the weighted learner's constants.
#[derive(clap::Args, Debug, Clone)]
pub struct LearnerArgs {
    /// The game: ttt (tic-tac-toe, the default), nim, hexapawn.
    #[arg(long, default_value = "ttt", value_name = "GAME")]
    pub game: String,
    #[command(flatten)]
    pub side: SideArg,
    /// The learner: menace (matchboxes, the default) or weighted (the weighted table).
    #[arg(long, default_value = "menace", value_name = "NAME")]
    pub learner: String,
    /// Nim's rows, e.g. 3,4,5 (the default).
    #[arg(long, value_name = "N,N,...")]
    pub rows: Option<String>,
    /// Weighted learner: PrecCoeff, the list size weights are quantised into.
    #[arg(long, value_name = "N")]
    pub prec_coeff: Option<u32>,
    /// Weighted learner: LearningStep, the change to the last move's weight.
    #[arg(long, value_name = "S")]
    pub learning_step: Option<f64>,
    /// Weighted learner: StepCoeff, the discount per move going backwards (below 1).
    #[arg(long, value_name = "C")]
    pub step_coeff: Option<f64>,
    /// Weighted learner: fold symmetric positions into one table row.
    #[arg(long)]
    pub symmetry: bool,
}

impl LearnerArgs {
    /// The learner kind named by `--learner`.
    pub fn kind(&self) -> Result<LearnerKind, String> {
        LearnerKind::parse(&self.learner)
    }

    /// The game named by `--game` (with `--rows` for Nim).
    pub fn game(&self) -> Result<GameChoice, String> {
        GameChoice::parse(&self.game, self.rows.as_deref())
    }

    /// Both learners' settings, with `rules` for the matchbox learner.
    pub fn learners(&self, rules: BeadRules) -> Result<Learners, String> {
        let weighted = WeightedConfig::from_flags(
            self.prec_coeff,
            self.learning_step,
            self.step_coeff,
            self.symmetry,
        )?;
        Ok(Learners { rules, weighted })
    }
}

/// Flags of the protocol engine.
#[derive(clap::Args, Debug)]
pub struct EngineArgs {
    /// Seed of MENACE's random generator; the same seed and input give the same output.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    #[command(flatten)]
    pub beads: BeadArgs,
    /// Load MENACE from this state file if it exists, and save it back (atomically) when
    /// the session ends: end of input, `quit`, Ctrl-C (SIGINT) or SIGTERM (the menace
    /// learner, any game: the file must be of the game and Nim's rows).
    #[arg(long, value_name = "FILE")]
    pub state: Option<std::path::PathBuf>,
    /// Confine `save` and `load` to relative names inside DIR (no `..`, no escaping
    /// symlinks): for a program that relays lines from someone else.
    #[arg(long, value_name = "DIR", conflicts_with = "no_files")]
    pub files: Option<std::path::PathBuf>,
    /// Refuse `save` and `load` (`export` and `import` still work).
    #[arg(long)]
    pub no_files: bool,
    #[command(flatten)]
    pub learner: LearnerArgs,
    /// Answer as text for a person (boards as grids, results as sentences) even when
    /// standard output is not a terminal.
    #[arg(long)]
    pub pretty: bool,
    /// Answer in the JSON protocol even when standard output is a terminal (for a program
    /// driving the engine through a pseudo-terminal: pexpect, `script`, tmux).
    #[arg(long, conflicts_with = "pretty")]
    pub json: bool,
}

impl EngineArgs {
    /// Whether answers are text for a person: `--pretty`, or else standard output is a
    /// terminal and `--json` was not given. Otherwise they are the JSON protocol.
    pub fn text_answers(&self) -> bool {
        self.pretty || (!self.json && io::stdout().is_terminal())
    }
}

/// The session these flags describe, or a message saying which flag is wrong.
fn config(args: &EngineArgs, rules: BeadRules) -> Result<Config, String> {
    let game = args.learner.game()?;
    // A state file plays its own side unless --side says otherwise.
    let asked = SideArg { side: args.learner.side.with_state(args.state.as_deref())? };
    let side = Some(SideArg::of_game(&game, asked.side)?);
    let learner = args.learner.kind()?;
    if args.state.is_some() && learner != LearnerChoice::Menace {
        return Err("--state is for the menace learner".into());
    }
    let weighted = args.learner.learners(rules.clone())?.weighted;
    let files = FileAccess::choose(args.files.as_deref(), args.no_files)
        .map_err(|e| format!("--files {e}"))?;
    Ok(Config { game, side, learner, rules, weighted, seed: args.seed, files })
}

/// Runs the engine until `quit`, end of input, SIGINT or SIGTERM.
///
/// The protocol's `transport::run_stdio` runs the session: a reader thread feeds it stdin,
/// so `stop` is read while a long command runs. The signal handlers only set a flag;
/// `drive` notices it (before and after end of input alike) and stops the session at its
/// next game boundary; `--state` is then saved.
pub fn run(args: EngineArgs) -> ExitCode {
    let fail = |e: String| super::fail("menace", e);
    // First of all: a SIGTERM that comes while the state loads must still end the
    // session cleanly (saving --state), never kill it with the signal's default.
    let signalled = Arc::new(AtomicUsize::new(0));
    for signal in [SIGINT, SIGTERM] {
        // The handler only stores the signal's number; this thread does the rest.
        if let Err(e) =
            signal_hook::flag::register_usize(signal, signalled.clone(), signal as usize)
        {
            return fail(format!("cannot handle signal {signal}: {e}"));
        }
    }
    let config = match args.beads.rules().and_then(|rules| config(&args, rules)) {
        Ok(c) => c,
        Err(e) => return fail(e),
    };
    let asked = args.beads.given().then(|| config.rules.clone());
    let (state, text) = (args.state.as_deref(), args.text_answers());
    match run_stdio(config, state, asked.as_ref(), text, &signalled) {
        Ok(status) => ExitCode::from(status),
        Err(e) => fail(e),
    }
}
