//! `menace pd` and `menace pd-player`: flags and glue for the prisoner's-dilemma judge.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use rand::RngCore;
use rayon::prelude::*;

use menace::arena::Limits;
use menace::pd::format::parse_input;
use menace::pd::judge::{self, Config, GameResult, Player};
use menace::pd::rules::{rounds_for, Id};
use menace::pd::strategies::{self, PUBLISHED_FIELD, TABLE};
use menace::pd::{report, seeds};
use menace::rng::from_seed;

/// Flags of `menace pd`.
#[derive(clap::Args, Debug)]
pub struct PdArgs {
    /// Players: built-in strategy names (see --list) or command lines of external programs
    /// (run without a shell; quote a command with arguments as one word).
    pub players: Vec<String>,
    /// Print the built-in strategies with a line about each, and exit.
    #[arg(long)]
    pub list: bool,
    /// Add the 13 entries of the published tournament to the players.
    #[arg(long)]
    pub published: bool,
    /// Seed for the id shuffle and for generated round seeds.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Fixed ids instead of a shuffle: the id of each listed player (players named on the
    /// command line first, then those of --published), comma-separated; every game uses it.
    #[arg(long, value_delimiter = ',')]
    pub order: Option<Vec<Id>>,
    /// Seed file (one u64 per line, line r for round r). Default: generated from --seed
    /// and written beside the results as seeds.txt. With --games, every game uses the file.
    #[arg(long)]
    pub seeds: Option<PathBuf>,
    /// Seconds per program per round before it is killed.
    #[arg(long, default_value_t = 2.0)]
    pub timeout: f64,
    /// Bytes of a program's output read per round; the rest is discarded.
    #[arg(long, default_value_t = 65536)]
    pub max_output: usize,
    /// Rounds per game (default P*25, the rule).
    #[arg(long)]
    pub rounds: Option<usize>,
    /// Games to play, each with its own id order and seeds; prints mean and spread.
    #[arg(long, default_value_t = 1)]
    pub games: usize,
    /// Directory for the results.
    #[arg(long, default_value = "pd-results")]
    pub out: PathBuf,
    /// Print only the final table.
    #[arg(long)]
    pub quiet: bool,
}

/// Flags of `menace pd-player`.
#[derive(clap::Args, Debug)]
pub struct PdPlayerArgs {
    /// The built-in strategy to play (see `menace pd --list`).
    pub name: String,
}

fn fail(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("menace pd: {msg}");
    ExitCode::from(2)
}

fn list() -> String {
    let mut s = String::new();
    for e in TABLE {
        s.push_str(&format!(
            "{:<11} {:<9} {}\n",
            e.name,
            format!("{:?}", e.origin).to_lowercase(),
            e.about
        ));
    }
    s
}

/// Runs `menace pd`.
pub fn run(args: PdArgs) -> ExitCode {
    if args.list {
        print!("{}", list());
        return ExitCode::SUCCESS;
    }
    match run_games(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(e),
    }
}

fn run_games(args: &PdArgs) -> Result<(), String> {
    let mut specs: Vec<String> = args.players.clone();
    if args.published {
        specs.extend(PUBLISHED_FIELD.iter().map(|s| s.to_string()));
    }
    let mut players = specs.iter().map(|s| Player::parse(s)).collect::<Result<Vec<_>, _>>()?;
    // A mistyped strategy name would otherwise be run as a program and fail every round.
    for p in &players {
        if let judge::Kind::External(prog) = &p.kind {
            if !runnable(&prog.argv[0]) {
                return Err(format!(
                    "{:?} is neither a built-in strategy (see --list) nor a program found on PATH",
                    prog.argv[0]
                ));
            }
        }
    }
    if players.len() < 2 {
        return Err("a game needs at least 2 players (see --help and --list)".into());
    }
    // Repeated names get a suffix so tables and plots tell them apart.
    for i in 0..players.len() {
        let same = players[..i]
            .iter()
            .filter(|p| {
                p.name == players[i].name || p.name.starts_with(&format!("{}#", players[i].name))
            })
            .count();
        if same > 0 {
            players[i].name = format!("{}#{}", players[i].name, same + 1);
        }
    }
    let n = players.len();
    if !(args.timeout.is_finite() && args.timeout > 0.0 && args.timeout < 1e6) {
        return Err(format!(
            "--timeout must be a positive number of seconds, got {}",
            args.timeout
        ));
    }
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    let rounds = args.rounds.unwrap_or_else(|| rounds_for(n as u32));
    if rounds == 0 {
        return Err("--rounds must be at least 1".into());
    }
    if let Some(order) = &args.order {
        judge::check_order(order, n)?;
    }
    let file_seeds = match &args.seeds {
        Some(p) => Some(seeds::read_seeds(p, rounds)?),
        None => None,
    };
    let config = Config {
        limits: Limits {
            deadline: Duration::from_secs_f64(args.timeout),
            max_output: args.max_output.max(1),
            max_stderr: 4096,
        },
        rounds: Some(rounds),
    };
    // Each game's id order and generated seeds come from its own draw of --seed.
    let mut master = from_seed(args.seed);
    let plans: Vec<(Vec<Id>, Vec<u64>)> = (0..args.games)
        .map(|_| {
            let order_seed = master.next_u64();
            let seed_seed = master.next_u64();
            let ids = args.order.clone().unwrap_or_else(|| judge::shuffled_ids(n, order_seed));
            let s = file_seeds.clone().unwrap_or_else(|| seeds::generate(seed_seed, rounds));
            (ids, s)
        })
        .collect();
    std::fs::create_dir_all(&args.out)
        .map_err(|e| format!("cannot create {}: {e}", args.out.display()))?;
    let start = Instant::now();
    let play = |(ids, s): &(Vec<Id>, Vec<u64>)| judge::play(&players, ids, s, &config);
    let results: Vec<GameResult> = if players.iter().all(Player::is_builtin) {
        plans.par_iter().map(play).collect::<Result<_, _>>()?
    } else {
        plans.iter().map(play).collect::<Result<_, _>>()?
    };
    let elapsed = start.elapsed().as_secs_f64();
    for (g, res) in results.iter().enumerate() {
        let dir = if args.games == 1 {
            args.out.clone()
        } else {
            args.out.join(format!("game-{:03}", g + 1))
        };
        write_game(&dir, res, args.seeds.is_none())?;
        if !args.quiet && args.games == 1 {
            for x in &res.incidents {
                eprintln!(
                    "round {}, player {} ({}): {}",
                    x.round,
                    x.id,
                    res.names[(x.id - 1) as usize],
                    x.what
                );
            }
        }
    }
    let mut out = std::io::stdout().lock();
    if args.games == 1 {
        let _ = write!(out, "{}", report::standings(&results[0]));
    } else {
        let sums = report::summarize(&results);
        let table = report::summary_table(&sums);
        let _ = write!(out, "{table}");
        seeds::write_atomic(&args.out.join("summary.txt"), table.as_bytes())?;
        seeds::write_atomic(&args.out.join("summary.csv"), report::summary_csv(&sums).as_bytes())?;
        let json = serde_json::to_string_pretty(&sums).unwrap_or_default() + "\n";
        seeds::write_atomic(&args.out.join("summary.json"), json.as_bytes())?;
    }
    if !args.quiet {
        let incidents: usize = results.iter().map(|r| r.incidents.len()).sum();
        let slowest =
            results.iter().flat_map(|r| r.round_seconds.iter().copied()).fold(0.0, f64::max);
        let _ = writeln!(
            out,
            "{} game(s) of {n} players, {rounds} rounds, {elapsed:.2} s (slowest round {slowest:.3} s), {incidents} incident(s); results in {}",
            args.games,
            args.out.display()
        );
    }
    Ok(())
}

/// Does `name` name an existing file, directly (with a `/`) or through `PATH`?
fn runnable(name: &str) -> bool {
    if name.contains('/') {
        return Path::new(name).is_file();
    }
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join(name).is_file()))
}

fn write_game(dir: &Path, g: &GameResult, write_seeds: bool) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let w = |name: &str, text: &str| seeds::write_atomic(&dir.join(name), text.as_bytes());
    if write_seeds {
        w("seeds.txt", &seeds::render_seeds(&g.seeds))?;
    }
    w("standings.txt", &report::standings(g))?;
    w("scores.csv", &report::scores_csv(g))?;
    w("game.json", &report::game_json(g))?;
    w("takes.txt", &report::takes_text(g))?;
    w("log.txt", &report::log_text(g))?;
    w("incidents.txt", &report::incidents_text(g))?;
    w("plot.svg", &report::svg_plot(g)?)
}

/// Runs `menace pd-player`.
pub fn run_player(args: PdPlayerArgs) -> ExitCode {
    let Some(entry) = strategies::find(&args.name) else {
        eprintln!("menace pd-player: no strategy {:?}; the built-ins are:\n{}", args.name, list());
        return ExitCode::from(2);
    };
    let mut input = Vec::new();
    if let Err(e) = std::io::stdin().lock().read_to_end(&mut input) {
        eprintln!("menace pd-player: cannot read standard input: {e}");
        return ExitCode::from(2);
    }
    let parsed = match parse_input(&input) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("menace pd-player: bad input: {e}");
            return ExitCode::from(2);
        }
    };
    let answer = (entry.play)(&parsed.view());
    let mut out = std::io::stdout().lock();
    if out.write_all(&answer.render()).and_then(|()| out.flush()).is_err() {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
