//! `menace` with no subcommand: the MENACE protocol engine on stdin/stdout.

use std::io::{self, IsTerminal};
use std::process::ExitCode;

use menace::menace::state::State;
use menace::menace::{BeadRules, PRESETS};
use menace::protocol::{serve, Session, DEFAULT_SEED};

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
}

fn preset_help() -> String {
    let mut s = String::from("Bead rules by name (default: challenge):");
    for p in PRESETS {
        s.push_str(&format!("\n  {:<10} {}", p.name, p.summary));
    }
    s.push_str("\n--initial, --reward and --empty override parts of the preset.");
    s
}

impl BeadArgs {
    /// The rules these flags describe, or a message saying which flag is wrong.
    pub fn rules(&self) -> Result<BeadRules, String> {
        let mut rules = match &self.preset {
            None => BeadRules::challenge(),
            Some(name) => BeadRules::preset(name).ok_or_else(|| {
                let names: Vec<&str> = PRESETS.iter().map(|p| p.name).collect();
                format!("unknown preset {name:?}: choose one of {}", names.join(", "))
            })?,
        };
        if let Some(text) = &self.initial {
            rules.initial = BeadRules::parse_initial(text)?;
        }
        if let Some(text) = &self.reward {
            (rules.win, rules.draw, rules.loss) = BeadRules::parse_reward(text)?;
        }
        if let Some(text) = &self.empty {
            rules.empty = BeadRules::parse_empty(text)?;
        }
        rules.validate()?;
        Ok(rules)
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
    /// the session ends.
    #[arg(long, value_name = "FILE")]
    pub state: Option<std::path::PathBuf>,
}

/// Runs the engine until `quit` or end of input.
pub fn run(args: EngineArgs) -> ExitCode {
    let rules = match args.beads.rules() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("menace: {e}");
            return ExitCode::from(2);
        }
    };
    let mut session = Session::new(rules, args.seed);
    if let Some(path) = args.state.as_ref().filter(|p| p.exists()) {
        match State::load(path) {
            Ok((machine, played)) => session.restore(machine, played),
            Err(e) => {
                eprintln!("menace: {e}");
                return ExitCode::from(2);
            }
        }
    }
    let stdin = io::stdin();
    if stdin.is_terminal() {
        eprintln!(
            "MENACE is ready ({} matchboxes). Type `games 3` to play three games, `help` for all commands.",
            session.machine().len()
        );
    }
    let stdout = io::stdout();
    let served = serve(stdin.lock(), io::BufWriter::new(stdout.lock()), &mut session);
    if let Some(path) = &args.state {
        let path = path.to_string_lossy();
        if let Err(e) = session.save(&path, &mut Vec::new()) {
            eprintln!("menace: {e}");
            return ExitCode::FAILURE;
        }
    }
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("menace: {e}");
            ExitCode::FAILURE
        }
    }
}
