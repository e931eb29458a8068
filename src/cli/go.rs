//! `menace go`: flags and glue for the Go bot, GTP engine and match runner.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use menace_arena::tournament::driver::results_dir;
use menace_arena::tournament::entrants::OnChange;
use menace_go::io::{analysis_engine, gtp, koth};
use menace_go::model::net::PolicyNet;
use menace_go::referee::tournament::{placeholder, Builtin, Config, Format};
use menace_go::referee::{Invalid, Rules};
use menace_go::search::mcts::{Given, SearchConfig};
use menace_go::search::params::{Knob, Override, Overrides};
use menace_go::search::profile::{self, Profile};
// The lab's commands (tune, bench-threads) come with the `lab` feature only.
#[cfg(feature = "lab")]
use menace_go_lab::tune::TuneParam;

use super::tournament::{ClockArgs, EntrantLimitArgs, ShardArgs, SprtArgs};
use super::{fail, report};

/// Default playouts per move (the library's one default budget).
pub use menace_go::search::mcts::DEFAULT_PLAYOUTS;

/// Flags of `menace go`.
///
/// Without a subcommand: read a king-of-the-hill position (19 rows of `0`/`1`/`2`, then
/// `black_prisoners white_prisoners to_move`) on stdin and print `row col` or `pass`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Lizzie, Sabaki, GoGui, gtp2ogs, KaTrain: docs/go.md (Use it in your Go software)"
)]
pub struct GoArgs {
    #[command(subcommand)]
    command: Option<GoCommand>,
    /// Speak GTP version 2 on stdin/stdout (GoGui, Sabaki, Lizzie: clocks, lz-analyze).
    #[arg(long)]
    gtp: bool,
    #[command(flatten)]
    search: SearchFlags,
    /// GTP only: answer `genmove` with `resign` when the search's best winrate is below
    /// this, once a quarter of the board's points have been played (0: never resign).
    /// At 0.05 under about 5% of the best move's playouts were won.
    #[arg(long, default_value_t = gtp::DEFAULT_RESIGN_BELOW, value_name = "WINRATE")]
    resign_below: f32,
    /// GTP only: think on the opponent's time, keeping the subtree of the moves played.
    #[arg(long)]
    ponder: bool,
    /// GTP only: the engine's own clock, for controllers that set none (Lizzie, gtp2ogs
    /// without one): `0+10/1` thinks up to 10 s a move, `1800+30x5` is byo-yomi;
    /// `time_settings` replaces it. Forms as `menace go match --time`.
    #[arg(long, value_name = "CONTROL", requires = "gtp")]
    time: Option<menace_go::rules::clock::TimeControl>,
    /// GTP only: answer `version` with this (Lizzie wants a Leela Zero version: `0.17`).
    #[arg(long, value_name = "VERSION")]
    gtp_version: Option<String>,
    /// GTP only: answer `name` with this (Lizzie 0.7.4 shows the ownership map and each
    /// move's score, through `kata-analyze`, only for a name that starts with `KataGo`).
    #[arg(long, value_name = "NAME")]
    gtp_name: Option<String>,
    /// The policy network's weights from this file (safetensors, as
    /// `scripts/train_policy.py` writes them) instead of the built-in ones, for this whole
    /// process; validated before anything else runs.
    #[arg(long, value_name = "FILE")]
    policy_weights: Option<PathBuf>,
    /// Print the search's top moves on stderr (over GTP: a line per move chosen, with its
    /// playouts, the visits kept from the last search or pondering, and its seconds).
    #[arg(long, short)]
    verbose: bool,
}

/// The registry's names whose rows are numbers (`numbers`) or not (the levers), in registry
/// order, comma-separated.
fn names(numbers: bool) -> String {
    let names: Vec<&str> =
        Knob::all().filter(|p| p.number().is_some() == numbers).map(Knob::name).collect();
    names.join(", ")
}

/// `--tune`'s help, its names read from the search's registry.
fn tune_help() -> String {
    format!(
        "Sets one of the search's parameters over the profile's, NAME=VALUE (repeat; for an \
         A/B): a tunable constant ({}) or a lever ({}); their defaults, ranges and meaning: \
         `menace go tune --help`.",
        names(true),
        names(false)
    )
}

/// `menace go tune --param`'s help, its names the registry's numeric rows.
#[cfg(feature = "lab")]
fn param_help() -> String {
    format!(
        "A constant to tune (repeat), from its value in the base settings or from START. \
         NAME is one of {} (see below).",
        names(true)
    )
}

/// The search's flags: one table for `menace go` and for the builtin entrants of `menace go
/// tournament` (`builtin:FLAGS`, read by [`SearchFlags::overlay`]).
#[derive(clap::Args, Clone, Debug)]
pub struct SearchFlags {
    /// Playouts per move (fixed work, so the answer is the same on every machine). From
    /// profile v4 on, the playouts on the empty board: a position gets more as the board
    /// fills, up to twice this, so that every move costs about what the first one does.
    #[arg(long, default_value_t = DEFAULT_PLAYOUTS)]
    playouts: usize,
    /// Search threads, each with a fixed seed, so the answer stays deterministic: from v9 they
    /// share one tree that one of them updates in a fixed order (up to v8, a tree each, the
    /// roots summed in thread order). More threads, more playouts a second under a clock.
    #[arg(long, default_value_t = SearchConfig::default().threads)]
    threads: usize,
    /// Extra seed mixed into the position hash that seeds each move (default 0). The bot
    /// stays deterministic; a match can pass `--seed {game}` to get different games.
    #[arg(long, default_value_t = SearchConfig::default().seed)]
    seed: u64,
    /// Profile: the latest (default) or an older one, frozen to replay its records (what
    /// each does: --help).
    #[arg(long, default_value_t = Profile::default(), long_help = profile::help())]
    profile: Profile,
    #[arg(long = "tune", value_name = "NAME=VALUE", hide = true, help = tune_help())]
    tune: Vec<Override>,
}

impl SearchFlags {
    /// The search these flags ask for, every one of them (defaults included).
    pub fn config(&self) -> SearchConfig {
        let mut settings = Overrides::default();
        self.tune.iter().for_each(|&s| settings.put(s));
        SearchConfig { settings, seed: self.seed, profile: self.profile, ..SearchConfig::default() }
            .with_work(self.playouts, self.threads)
    }

    /// A builtin entrant's settings: `base` (the tournament's own `menace go` flags) with
    /// only the flags in `words` laid over it, `--tune` adding to base's. Errors are clap's
    /// first line (`unexpected argument '--fast' found`).
    pub fn overlay(base: &SearchConfig, words: &[String]) -> Result<SearchConfig, String> {
        use clap::parser::ValueSource;
        use clap::{Args, FromArgMatches};
        let cmd = SearchFlags::augment_args(clap::Command::new("builtin").no_binary_name(true));
        let first_line = |e: clap::Error| {
            let text = e.to_string();
            text.lines().next().unwrap_or("").trim_start_matches("error: ").to_string()
        };
        let m = cmd.try_get_matches_from(words).map_err(first_line)?;
        let flags = SearchFlags::from_arg_matches(&m).map_err(first_line)?;
        let given = |id: &str| m.value_source(id) == Some(ValueSource::CommandLine);
        let given = Given {
            playouts: given("playouts"),
            threads: given("threads"),
            seed: given("seed"),
            profile: given("profile"),
        };
        Ok(base.overlay(&flags.config(), given))
    }
}

/// The flags `Given` takes from a builtin entrant (every search flag but `--tune`, whose
/// settings are added: a test checks that no flag is missing).
#[cfg(test)]
const LAID: [&str; 4] = ["playouts", "threads", "seed", "profile"];

/// A search's settings as `menace go` flags, every one resolved: `--playouts N --threads N
/// --seed N --profile P`, then `--tune NAME=VALUE` for each parameter set off the
/// profile's value, in registry order. What `menace go -v` prints, and what fingerprints a
/// tournament's builtin entrant (the defaults' text is what it was before the registry,
/// so recorded runs keep their fingerprints).
pub fn search_flags(cfg: &SearchConfig) -> String {
    let mut text = format!(
        "--playouts {} --threads {} --seed {} --profile {}",
        cfg.playouts, cfg.threads, cfg.seed, cfg.profile
    );
    for t in cfg.changes() {
        text.push_str(&format!(" --tune {t}"));
    }
    text
}

/// A builtin entrant of `menace go tournament`: its flags (`words`) over `base`, the
/// tournament's own. `{unit}` and `{game}` stand for `--seed`'s value only: the flag reader
/// sees 0, and each game's seat gets its own seed.
fn builtin_entrant(base: &SearchConfig, words: &[String]) -> Result<Builtin, String> {
    let mut words = words.to_vec();
    let mut seed_per_game = None;
    for i in 0..words.len() {
        let Some(offset) = placeholder(&words[i]) else { continue };
        if i == 0 || words[i - 1] != "--seed" {
            return Err(format!("{} stands only for the value of --seed", words[i]));
        }
        seed_per_game = Some(offset);
        words[i] = "0".into();
    }
    let search = SearchFlags::overlay(base, &words)?;
    Ok(Builtin { canonical: search_flags(&search), search, seed_per_game })
}

/// A setting the referee refuses, in the words of the flag that set it (`--games` is a
/// match's games per pair).
fn refused(e: &Invalid, format: Format) -> String {
    let flag = match e {
        Invalid::Entrants => {
            return "a tournament needs at least 2 entrants (--entrant NAME=SPEC, repeated)".into()
        }
        Invalid::SameName(_) => return e.to_string(),
        Invalid::Games(_) if format == Format::Tournament => "games-per-pair".to_string(),
        _ => e.setting().replace('_', "-"),
    };
    format!("--{flag} {}", e.problem())
}

#[derive(clap::Subcommand, Debug)]
enum GoCommand {
    /// Play games between two GTP engines under the `gtp` rules, alternating colours: a
    /// two-entrant tournament (one JSON line and one SGF per game, standings; resumable,
    /// shardable, merged with `menace merge`).
    Match(MatchArgs),
    /// The king-of-the-hill tournament: every entrant plays every other; standings,
    /// crosstable, Elo; one JSON line and one SGF per game; resumable and shardable.
    Tournament(TournamentArgs),
    /// KataGo's JSON analysis engine (`katago analysis`) on stdin/stdout, for KaTrain and
    /// other tools: one JSON query a line, one answer a line per analysed turn. The search
    /// flags before `analysis` set its search (`--playouts`: the default `maxVisits`).
    /// KaTrain's settings and what is supported: docs/go.md.
    Analysis(AnalysisArgs),
    /// Print the position before a move of an SGF game in the king-of-the-hill format, so
    /// any recorded move can be replayed: `menace go position g.sgf --move 120 | menace go -v`.
    Position(PositionArgs),
    /// Tune some of the search's constants by SPSA in games of our bot against itself (the
    /// result is a hypothesis: confirm it with an A/B, `menace go tournament ... --sprt`).
    ///
    /// How it works, and the parameters it can tune: after the flags.
    #[cfg(feature = "lab")]
    Tune(TuneArgs),
    /// Playouts a second of the search at each thread count, on king-of-the-hill
    /// positions: the decision `menace go --threads T --playouts N < POSITION` makes, timed.
    #[cfg(feature = "lab")]
    #[command(after_long_help = menace_go_lab::bench::HELP)]
    BenchThreads(BenchThreadsArgs),
}

/// `menace go analysis`'s flags (what it does: [`GoCommand::Analysis`]).
#[derive(clap::Args, Debug)]
pub struct AnalysisArgs {
    /// Turns searched at once (KataGo's `numAnalysisThreads`), each on `--threads`
    /// threads; answers come as each ends.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
    workers: u16,
}

/// `menace go bench-threads`'s flags (what it does: [`GoCommand::BenchThreads`]).
#[cfg(feature = "lab")]
#[derive(clap::Args, Debug)]
struct BenchThreadsArgs {
    /// Thread counts to time, comma-separated (the first is the ratios' reference).
    #[arg(long, value_delimiter = ',', default_value = "1,2,4,8,16")]
    threads: Vec<usize>,
    /// Playouts per search (on the empty board; more as it fills, as the profile says):
    /// the same work at every thread count.
    #[arg(long, default_value_t = 20_000)]
    playouts: usize,
    /// King-of-the-hill positions (e.g. fixtures/go/empty-19.txt).
    #[arg(required = true, value_name = "POSITION")]
    positions: Vec<PathBuf>,
}

/// `menace go tune`'s flags (what it does: [`GoCommand::Tune`]).
#[cfg(feature = "lab")]
#[derive(clap::Args, Debug)]
#[command(after_long_help = menace_go_lab::tune::help())]
struct TuneArgs {
    #[arg(long = "param", value_name = "NAME[=START]", required = true, help = param_help())]
    params: Vec<TuneParam>,
    /// Board side.
    #[arg(long, default_value_t = 9)]
    size: usize,
    /// Komi (7.5 by default: without komi black wins most 9x9 games between equals, and a
    /// pair split 1-1 by colour says nothing).
    #[arg(long, default_value_t = 7.5, allow_negative_numbers = true)]
    komi: f32,
    /// Playouts per move (on the empty board; more as it fills, as the profile says).
    #[arg(long, default_value_t = 2000)]
    playouts: usize,
    /// Search threads of each player.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Iterations the run should have done (counting those already in OUT).
    #[arg(long)]
    iterations: u64,
    /// Pairs of games per iteration (more: a less noisy step, fewer steps per game).
    #[arg(long, default_value_t = 1)]
    pairs: u32,
    /// The run's seed: the perturbations and the games' searches.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// SPSA's gain a (dimensionless: steps are in units of each constant's step; default 4).
    #[arg(long, hide_short_help = true)]
    gain: Option<f64>,
    /// SPSA's stability constant A (default: a tenth of --iterations when the run starts, at
    /// least 10).
    #[arg(long, hide_short_help = true)]
    stability: Option<f64>,
    /// Moves after which a game is scored as it stands.
    #[arg(long, default_value_t = 1000, hide_short_help = true)]
    move_cap: usize,
    /// Games played at once (up to 2 x --pairs).
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// The run's folder (spsa.json, spsa.jsonl); running again into it resumes.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
}

#[derive(clap::Args, Debug)]
struct PositionArgs {
    /// The game (SGF, one line of play, as `menace go match` and `tournament` write).
    sgf: PathBuf,
    /// The position before this move (1-based; default: after the last move).
    #[arg(long = "move", value_name = "N")]
    before: Option<usize>,
}

#[derive(clap::Args, Debug)]
struct TournamentArgs {
    /// An entrant, NAME=SPEC (repeat): koth:COMMAND (a king-of-the-hill program, run for
    /// every move), gtp:COMMAND (a GTP engine, one process per game) or builtin[:FLAGS]
    /// (our bot in-process; FLAGS are `menace go`'s search flags, --playouts, --threads,
    /// --seed, --profile, --tune NAME=VALUE..., over the ones given to `menace go`;
    /// `--seed {game}` seeds each game, else two builtins replay their games).
    /// Commands run without a shell; {unit} becomes the game's unit number (from 0),
    /// {game} the unit + 1.
    #[arg(long = "entrant", value_name = "NAME=SPEC", required = true)]
    entrants: Vec<String>,
    /// Games each pair plays, colours alternating.
    #[arg(long, default_value_t = 2)]
    games_per_pair: u64,
    /// Board side (the challenge's is 19; king-of-the-hill programs then get N rows of N).
    #[arg(long, default_value_t = 19)]
    size: usize,
    /// Komi (the challenge has none).
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    komi: f32,
    /// Moves (passes included) after which a game is scored as it stands.
    #[arg(long, default_value_t = 1000)]
    move_cap: usize,
    /// Seconds allowed for one move; slower loses the game.
    #[arg(long, default_value_t = 60.0, value_name = "SECS")]
    move_timeout: f64,
    #[command(flatten)]
    clock: ClockArgs,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// Folder for results.jsonl (or results-K-of-N.jsonl) and sgf/; re-running into it
    /// resumes. Default: a folder of this tournament's own,
    /// `go-tournament/<its configuration fingerprint>`.
    #[arg(long)]
    out: Option<PathBuf>,
    #[command(flatten)]
    shard: ShardArgs,
    #[command(flatten)]
    sprt: SprtArgs,
    #[command(flatten)]
    changed: ChangedArgs,
    #[command(flatten)]
    limits: EntrantLimitArgs,
}

/// What a judge does when an entrant's program changed since the games in its results
/// folder were played: refuses, with [`CHANGED_ADVICE`], unless told to go on.
#[derive(clap::Args, Debug)]
pub(crate) struct ChangedArgs {
    /// Go on recording into a results folder although an entrant's files (its program, a
    /// script its command names) changed since the games there were played: said on
    /// stderr, and the files as they are now are appended to entrants.json as a new
    /// version, the old ones kept (each game names its version). Files equal to a recorded
    /// version (an edit reverted) need no flag. Without it such a run is refused before
    /// any game.
    #[arg(long)]
    resume_changed: bool,
}

/// What to do about a refused run whose entrants changed, in the flags' words.
pub(crate) const CHANGED_ADVICE: &str = "to play the games again with the new files, delete that folder (or give another --out); to go on recording into it with them, add --resume-changed";

impl ChangedArgs {
    /// The rule these flags give.
    pub(crate) fn rule(&self) -> OnChange<'static> {
        if self.resume_changed {
            OnChange::Resume
        } else {
            OnChange::Refuse(CHANGED_ADVICE)
        }
    }
}

#[derive(clap::Args, Debug)]
struct MatchArgs {
    /// First engine's command line (black in games 1, 3, 5, ...), run without a shell.
    /// `{game}` in it becomes the game number (e.g. `gnugo --seed {game}`).
    #[arg(long = "a")]
    a: String,
    /// Second engine's command line.
    #[arg(long = "b")]
    b: String,
    /// Display name of the first engine.
    #[arg(long, default_value = "A")]
    name_a: String,
    /// Display name of the second engine.
    #[arg(long, default_value = "B")]
    name_b: String,
    /// Number of games.
    #[arg(long, default_value_t = 2)]
    games: usize,
    /// Kept for older command lines, and always 1: a match is split over processes with
    /// --shard (or a Slurm array) instead.
    #[arg(long, default_value_t = 1)]
    first_game: usize,
    /// Board side.
    #[arg(long, default_value_t = 19)]
    size: usize,
    /// Komi, added to white's area [default: 7.5, the komi of area scoring (Chinese and AGA
    /// rules, the Go servers' area-scored games) on every board, 9x9 and 13x13 included;
    /// 0.5 with a handicap].
    #[arg(long)]
    komi: Option<f32>,
    /// Black's fixed handicap stones (2 to 9 on odd boards from 9x9, 2 to 4 on even
    /// boards and 7x7; 0 for none), set up with GTP `fixed_handicap`. With a handicap the first
    /// engine (`--a`) takes black in every game.
    #[arg(long, default_value_t = 0)]
    handicap: usize,
    /// Moves after which the game ends without a result (a tie).
    #[arg(long, default_value_t = 1000)]
    move_cap: usize,
    /// After two passes, a cleanup phase as Go servers play one (KGS): the game goes on,
    /// each engine asked with `kgs-genmove_cleanup` (`genmove` if it does not know it),
    /// until two more passes in a row; then the board is scored as it stands. An engine
    /// that passed with its opponent's dead stones on the board then takes them off first.
    #[arg(long)]
    cleanup: bool,
    /// Seconds allowed for one answer (under --time, for all but `genmove`).
    #[arg(long, default_value_t = 120)]
    move_timeout: u64,
    #[command(flatten)]
    clock: ClockArgs,
    /// Each game's line says what else the machine did while it was played: the 1-minute
    /// load average sampled every 5 s (`load_1m_mean`, `load_1m_max`), the CPU seconds of
    /// every process the judge did not start (`others_cpu_s`), and `"clean": true` when
    /// those stayed within 3% of one core (Linux; elsewhere `"clean": false`). For timed
    /// games, whose moves depend on the machine; `menace merge --clean` counts the clean
    /// games only. Does not change the record's fingerprint.
    #[arg(long)]
    watch_load: bool,
    /// The results folder when --out is not given (older runs wrote only SGF there).
    #[arg(long)]
    sgf_dir: Option<PathBuf>,
    /// The results folder: one JSON line per game in DIR/results.jsonl (re-running into it
    /// resumes; shardable with --shard or a Slurm array; merged with `menace merge`), SGFs
    /// in DIR/sgf; default `go-match`.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    #[command(flatten)]
    shard: ShardArgs,
    #[command(flatten)]
    sprt: SprtArgs,
    #[command(flatten)]
    changed: ChangedArgs,
    #[command(flatten)]
    limits: EntrantLimitArgs,
}

/// Runs `menace go`.
pub fn run(args: GoArgs) -> ExitCode {
    if let Some(path) = &args.policy_weights {
        let installed = PolicyNet::from_file(path).and_then(PolicyNet::install);
        match installed {
            Ok(net) if args.verbose => eprintln!("policy network: {}", net.about()),
            Ok(_) => {}
            Err(e) => return fail("menace go", format!("--policy-weights: {e}")),
        }
    }
    let cfg = args.search.config();
    match args.command {
        Some(GoCommand::Match(m)) => return report("menace go match", run_match(m)),
        Some(GoCommand::Tournament(t)) => {
            return report("menace go tournament", tournament(t, &cfg))
        }
        Some(GoCommand::Analysis(a)) => {
            let engine = analysis_engine::Engine { cfg, workers: usize::from(a.workers) };
            engine.serve(std::io::stdin().lock(), std::io::stdout());
            return ExitCode::SUCCESS;
        }
        Some(GoCommand::Position(p)) => return report("menace go position", position(&p)),
        #[cfg(feature = "lab")]
        Some(GoCommand::Tune(t)) => return report("menace go tune", tune(t, &cfg)),
        #[cfg(feature = "lab")]
        Some(GoCommand::BenchThreads(b)) => {
            return report("menace go bench-threads", bench_threads(&b, &cfg))
        }
        None => {}
    }
    if args.gtp {
        let engine = gtp::GtpEngine::new(cfg).resign_below(args.resign_below.clamp(0.0, 1.0));
        let engine = engine
            .version(args.gtp_version)
            .name(args.gtp_name)
            .ponder(args.ponder)
            .verbose(args.verbose);
        let engine = engine.time_control(args.time);
        return gtp::serve_stdio(engine, "menace go --gtp");
    }
    let mut text = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut text) {
        eprintln!("menace go: cannot read standard input: {e}");
        return ExitCode::FAILURE;
    }
    match koth::answer(&text, &cfg, args.verbose) {
        Ok((mv, why)) => {
            if let Some(why) = why {
                eprintln!("{why}  settings: {}", search_flags(&cfg));
            }
            println!("{mv}");
        }
        Err(e) => return fail("menace go", format!("bad input: {e}")),
    }
    ExitCode::SUCCESS
}

/// A judge stopped by a signal ends its running engines and all they started first.
fn judge_signals() -> Result<(), String> {
    menace_run::stop_entrants_on_signals().map_err(|e| format!("cannot handle signals: {e}"))
}

/// `menace go match`: a two-entrant run of the referee's tournament under the `gtp` rules.
fn run_match(m: MatchArgs) -> Result<String, String> {
    judge_signals()?;
    let timeout = Duration::from_secs(m.move_timeout);
    let komi = m.komi.unwrap_or_else(|| Rules::gtp_komi(m.handicap));
    let rules = Rules::gtp(m.size, komi, m.handicap, m.move_cap, timeout)
        .with_clock(m.clock.time)
        .with_cleanup(m.cleanup)
        .with_entrant_limits(m.limits.rlimits()?);
    let engines = [(m.name_a.as_str(), m.a.as_str()), (m.name_b.as_str(), m.b.as_str())];
    let cfg =
        Config { watch_load: m.watch_load, ..Config::gtp_match(engines, m.games as u64, rules)? };
    if m.first_game != 1 {
        return Err("split a match with --shard (or a Slurm array), not --first-game".into());
    }
    cfg.check().map_err(|e| refused(&e, Format::Match))?;
    let out = m.out.or(m.sgf_dir).unwrap_or_else(|| "go-match".into());
    let flags = || m.shard.flags("menace go match", 1);
    cfg.judge(flags, m.sprt.rule().as_ref(), &out, m.changed.rule())
}

/// `menace go tournament`: every entrant against every other under the `koth` rules.
fn tournament(t: TournamentArgs, base: &SearchConfig) -> Result<String, String> {
    judge_signals()?;
    let timeout =
        Rules::timeout_secs(t.move_timeout).map_err(|e| refused(&e, Format::Tournament))?;
    let rules = Rules::koth(t.size, t.komi, t.move_cap, timeout)
        .with_clock(t.clock.time)
        .with_entrant_limits(t.limits.rlimits()?);
    let builtin = |words: &[String]| builtin_entrant(base, words);
    let cfg = Config::tournament(&t.entrants, &builtin, t.games_per_pair, rules)
        .map_err(|e| format!("--entrant {e}"))?;
    cfg.check().map_err(|e| refused(&e, Format::Tournament))?;
    let out = results_dir(t.out.as_deref(), Path::new("go-tournament"), &cfg.plan());
    let flags = || t.shard.flags("menace go tournament", t.jobs.max(1));
    cfg.judge(flags, t.sprt.rule().as_ref(), &out, t.changed.rule())
}

/// `menace go tune`: SPSA over the constants of `--param`, from `base`.
#[cfg(feature = "lab")]
fn tune(t: TuneArgs, base: &SearchConfig) -> Result<String, String> {
    let base = base.clone().with_work(t.playouts, t.threads);
    let run = menace_go_lab::tune::Tune {
        bot: search_flags(&SearchConfig { seed: 0, ..base.clone() }),
        base,
        params: t.params,
        rules: Rules::koth(t.size, t.komi, t.move_cap, menace_go_lab::tune::MOVE_TIMEOUT),
        pairs: t.pairs,
        seed: t.seed,
        gain: t.gain,
        stability: t.stability,
        iterations: t.iterations,
        jobs: t.jobs.max(1),
    };
    run.run(&t.out, &mut |line| eprintln!("menace go tune: {line}"))
}

/// `menace go bench-threads`: each position searched at each thread count, a line printed
/// as each search ends.
#[cfg(feature = "lab")]
fn bench_threads(b: &BenchThreadsArgs, base: &SearchConfig) -> Result<String, String> {
    let print = &mut |line: &str| println!("{line}");
    menace_go_lab::bench::threads(base, &b.positions, &b.threads, b.playouts, print)?;
    Ok(String::new())
}

/// The king-of-the-hill text of the position before move `p.before` of an SGF game.
fn position(p: &PositionArgs) -> Result<String, String> {
    if p.before == Some(0) {
        return Err("--move counts from 1".into());
    }
    let game = menace_go::io::sgf::read_file(&p.sgf)?;
    Ok(koth::format(&game.position_before(p.before)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    /// The help of `--tune`, `--profile` and the tuner's `--param` name every row of the
    /// search's registry and every profile (they are printed from them).
    #[test]
    fn the_helps_name_every_registry_row_and_profile() {
        use clap::Args;
        let help = |cmd: clap::Command, id: &str, long: bool| {
            let arg = cmd.get_arguments().find(|a| a.get_id() == id).expect(id).clone();
            let text = if long { arg.get_long_help() } else { arg.get_help() };
            text.map(|t| t.to_string()).unwrap_or_default()
        };
        let search = SearchFlags::augment_args(clap::Command::new("x"));
        let tune = help(search.clone(), "tune", false);
        // The tuner is a lab command: without the lab, only `--tune` and `--profile`.
        #[cfg(feature = "lab")]
        let param = help(TuneArgs::augment_args(clap::Command::new("t")), "params", false);
        #[cfg(not(feature = "lab"))]
        let param = String::new();
        // The words of a text: runs of letters, digits and underscores.
        let names = |text: &str| -> Vec<String> {
            text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .map(String::from)
                .collect()
        };
        let (tune_names, param_names) = (names(&tune), names(&param));
        for p in Knob::all() {
            let name = p.name().to_string();
            assert!(tune_names.contains(&name), "--tune: {name}: {tune}");
            let numeric = p.number().is_some();
            if cfg!(feature = "lab") {
                assert_eq!(param_names.contains(&name), numeric, "{name}: {param}");
            }
        }
        let profiles = help(search, "profile", true);
        for p in Profile::all() {
            assert!(profiles.contains(&format!("\n{p}")), "--profile: {p}: {profiles}");
        }
        assert!(profiles.contains(&format!("\n{} (default): ", Profile::default())));
    }

    /// `menace go`'s defaults are the library's: `SearchConfig::default()` is the bot the
    /// command line runs without flags.
    #[test]
    fn the_flags_defaults_are_the_librarys_bot() {
        use clap::{Args, FromArgMatches};
        let cmd = SearchFlags::augment_args(clap::Command::new("x").no_binary_name(true));
        let m = cmd.try_get_matches_from(Vec::<String>::new()).unwrap();
        let flags = SearchFlags::from_arg_matches(&m).unwrap();
        assert_eq!(flags.config(), SearchConfig::default());
        assert_eq!((flags.threads, flags.seed), (2, 0));
    }

    #[test]
    fn every_search_flag_can_be_laid_over() {
        use clap::Args;
        let cmd = SearchFlags::augment_args(clap::Command::new("x"));
        for arg in cmd.get_arguments() {
            let id = arg.get_id().as_str();
            let laid = LAID.contains(&id);
            assert!(id == "tune" || laid, "{id}");
        }
    }

    #[test]
    fn a_builtin_entrant_lays_only_its_given_flags_over_the_base() {
        let base = SearchConfig { playouts: 777, seed: 9, ..Default::default() };
        let c = SearchFlags::overlay(&base, &words("--seed 4 --tune widen_ratio=1.3")).unwrap();
        assert_eq!((c.playouts, c.seed), (777, 4), "--playouts not given: the base's");
        assert_eq!(c.changes(), ["widen_ratio=1.3"]);
        // The same clamps as `menace go`'s own flags.
        let c = SearchFlags::overlay(&base, &words("--threads 999 --playouts 0")).unwrap();
        assert_eq!((c.threads, c.playouts), (64, 1));
    }

    /// `{unit}` and `{game}` are `--seed`'s value, each game's own; the canonical text
    /// fingerprints the resolved settings, the defaults' as it was before the registry.
    #[test]
    fn a_builtin_entrant_reads_its_seed_placeholders_and_writes_its_canonical_text() {
        let base = SearchConfig::default();
        for (flags, offset) in [("--seed {unit}", 0), ("--seed {game}", 1)] {
            let b = builtin_entrant(&base, &words(flags)).unwrap();
            assert_eq!((b.seed_per_game, b.search.seed), (Some(offset), 0), "{flags}");
        }
        for bad in ["{game}", "--playouts {game}"] {
            let e = builtin_entrant(&base, &words(bad)).unwrap_err();
            assert_eq!(e, "{game} stands only for the value of --seed", "{bad}");
        }
        let b = builtin_entrant(&base, &[]).unwrap();
        let want = format!("--playouts {} --threads 2 --seed 0 --profile v11", base.playouts);
        assert_eq!((b.canonical, b.seed_per_game), (want.clone(), None));
        let b = builtin_entrant(&base, &words("--tune parallel=root_trees")).unwrap();
        assert_eq!(b.canonical, format!("{want} --tune parallel=root_trees"));
        // A setting that changes nothing leaves the text as it was.
        let b = builtin_entrant(&base, &words("--tune parallel=shared_tree")).unwrap();
        assert_eq!(b.canonical, want);
        // An entrant's error, in the flag's words.
        let e = Config::tournament(
            &["x=builtin:--seed".to_string()],
            &|w: &[String]| builtin_entrant(&base, w),
            2,
            Rules::koth(9, 0.0, 10, Duration::from_secs(1)),
        )
        .map_err(|e| format!("--entrant {e}"))
        .unwrap_err();
        assert!(e.starts_with("--entrant x: ") && e.contains("'--seed <SEED>'"), "{e}");
    }

    /// The referee's refusals are said with the flag that set the setting.
    #[test]
    fn a_refused_setting_names_its_flag() {
        let t = Format::Tournament;
        assert_eq!(refused(&Invalid::Games(0), t), "--games-per-pair must be from 1 to 1000000");
        assert_eq!(refused(&Invalid::Games(0), Format::Match), "--games must be from 1 to 1000000");
        assert_eq!(refused(&Invalid::MoveCap, t), "--move-cap must be at least 1");
        assert_eq!(refused(&Invalid::Size(20), t), "--size 20: give a side from 2 to 19");
        assert_eq!(
            refused(&Invalid::MoveTimeout(0.0), t),
            "--move-timeout 0: give seconds, up to a day"
        );
        assert!(refused(&Invalid::Entrants, t).contains("(--entrant NAME=SPEC, repeated)"));
    }

    #[test]
    fn a_bad_builtin_flag_is_one_line_naming_it() {
        let base = SearchConfig::default();
        for (bad, says) in [
            ("--fast 1", "'--fast'"),
            ("--playouts", "'--playouts <PLAYOUTS>'"),
            ("--playouts many", "'many'"),
            ("--profile v99", "'v99'"),
            ("--tune rave=1", "unknown parameter \"rave\""),
            ("--gtp", "'--gtp'"),
        ] {
            let e = SearchFlags::overlay(&base, &words(bad)).unwrap_err();
            assert!(e.contains(says) && !e.contains('\n'), "{bad}: {e}");
        }
    }
}
