//! `menace pd` and `menace pd-player`: flags and glue for the prisoner's-dilemma judge.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use menace::arena::tournament::{Merged, Plan, UnitId};
use menace::arena::Limits;
use menace::pd;
use menace::pd::format::parse_input;
use menace::pd::judge::{self, Config, GameResult, Player};
use menace::pd::rules::rounds_for;
use menace::pd::rules::Id;
use menace::pd::strategies::{self, PUBLISHED_FIELD, TABLE};
use menace::pd::{report, seeds};

use super::tournament::ShardArgs;

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
    /// Games to play, each with its own id order and seeds (from its index and --seed);
    /// prints mean and spread. Each game is a unit of a resumable, shardable tournament.
    #[arg(long, default_value_t = 1)]
    pub games: usize,
    /// Games played at once (default: the number of CPUs when every player is a
    /// built-in, else 1, so external programs are timed alone).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Directory for the results: `results.jsonl` (one line per game; a re-run with the
    /// same arguments skips the games already there), the game's files (with --games K,
    /// in `game-NNN/`) and `summary.{txt,csv,json}`.
    #[arg(long, default_value = "pd-results")]
    pub out: PathBuf,
    /// Print only the final table.
    #[arg(long)]
    pub quiet: bool,
    #[command(flatten)]
    pub shard: ShardArgs,
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
    let players_json: Vec<[String; 2]> =
        players.iter().map(|p| [p.name.clone(), spec_of(p)]).collect();
    let canonical = serde_json::json!({
        "kind": pd::tournament::KIND,
        "players": players_json,
        "order": args.order,
        "seed": args.seed,
        "seeds": file_seeds.as_ref().map(|s| s[..rounds].iter().map(u64::to_string).collect::<Vec<_>>()),
        "rounds": rounds,
        "timeout": args.timeout,
        "max_output": args.max_output,
        "games": args.games,
    })
    .to_string();
    let plan = Plan::new(pd::tournament::KIND, &canonical, args.games as u64);
    let command = "menace pd";
    let shard = args.shard.resolve(command)?;
    let all_builtin = players.iter().all(Player::is_builtin);
    let jobs = args.jobs.unwrap_or_else(|| {
        if all_builtin {
            std::thread::available_parallelism().map_or(1, usize::from)
        } else {
            1
        }
    });
    let start = Instant::now();
    let slowest = Mutex::new(0.0f64);
    let incidents = AtomicUsize::new(0);
    let played = AtomicUsize::new(0);
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let (text, merged) = super::tournament::run_merged(
        command,
        &plan,
        shard,
        &args.out,
        jobs,
        None,
        |unit| {
            let (ids, s) = pd::tournament::unit_plan(
                unit,
                args.seed,
                n,
                rounds,
                args.order.as_deref(),
                file_seeds.as_deref(),
            );
            let res = match judge::play(&players, &ids, &s, &config) {
                Ok(res) => res,
                Err(e) => {
                    // Arguments are checked above; keep the first failure for the exit.
                    failure.lock().unwrap_or_else(|p| p.into_inner()).get_or_insert(e.clone());
                    let mut m = serde_json::Map::new();
                    m.insert("error".into(), e.into());
                    return m;
                }
            };
            let dir = game_dir(&args.out, args.games, unit);
            if let Err(e) = write_game(&dir, &res, args.seeds.is_none()) {
                failure.lock().unwrap_or_else(|p| p.into_inner()).get_or_insert(e);
            }
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
            let top = res.round_seconds.iter().copied().fold(0.0, f64::max);
            let mut m = slowest.lock().unwrap_or_else(|p| p.into_inner());
            *m = m.max(top);
            incidents.fetch_add(res.incidents.len(), Ordering::Relaxed);
            played.fetch_add(1, Ordering::Relaxed);
            pd::tournament::record_fields(&res)
        },
        |r| {
            if !args.quiet && args.games > 1 {
                eprintln!("{command}: game {} of {} done", r.unit.0 + 1, plan.units);
            }
        },
    )?;
    if let Some(e) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    let elapsed = start.elapsed().as_secs_f64();
    let mut out = std::io::stdout().lock();
    let _ = write!(out, "{text}");
    if let Some(merged) = merged.filter(|_| args.games > 1 && shard.is_whole()) {
        write_summaries(&args.out, &text, &merged)?;
    }
    if !args.quiet {
        let slowest = slowest.into_inner().unwrap_or_else(|p| p.into_inner());
        let _ = writeln!(
            out,
            "{} game(s) played of {n} players, {rounds} rounds, {elapsed:.2} s (slowest round {slowest:.3} s), {} incident(s); results in {}",
            played.into_inner(),
            incidents.into_inner(),
            args.out.display()
        );
    }
    Ok(())
}

/// How a player is named in the configuration: a built-in by name, a program by its
/// command line (so two fields that differ in a program's flags never mix).
fn spec_of(p: &Player) -> String {
    match &p.kind {
        judge::Kind::Builtin(e) => format!("builtin:{}", e.name),
        judge::Kind::External(prog) => format!("program:{prog}"),
    }
}

/// Where game `unit`'s files go: the output folder itself for a single game, else
/// `game-NNN` (1-based).
fn game_dir(out: &Path, games: usize, unit: UnitId) -> PathBuf {
    if games == 1 {
        out.to_path_buf()
    } else {
        out.join(format!("game-{:03}", unit.0 + 1))
    }
}

/// `summary.{txt,csv,json}` of every game, from the results lines the printed `table` was
/// computed from (all units are there once the whole run has finished).
fn write_summaries(out: &Path, table: &str, merged: &Merged) -> Result<(), String> {
    let sums = report::summarize(&pd::tournament::games(merged)?);
    seeds::write_atomic(&out.join("summary.txt"), table.as_bytes())?;
    seeds::write_atomic(&out.join("summary.csv"), report::summary_csv(&sums).as_bytes())?;
    let json = serde_json::to_string_pretty(&sums).unwrap_or_default() + "\n";
    seeds::write_atomic(&out.join("summary.json"), json.as_bytes())
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
    w("standings.txt", &report::standings(&g.finals()))?;
    w("scores.csv", &report::scores_csv(g))?;
    w("game.json", &report::game_json(g))?;
    w("takes.txt", &report::takes_text(g))?;
    w("log.txt", &report::log_text(g))?;
    w("incidents.txt", &report::incidents_text(g))?;
    w("plot.svg", &menace_plot::pd::scores_svg(g)?)
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
