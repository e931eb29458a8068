//! `menace go`: flags and glue for the Go bot, GTP engine and match runner.

use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use menace::arena::Program;
use menace::go::io::{gtp, koth};
use menace::go::matches::{self, MatchConfig, Player};
use menace::go::search::mcts::SearchConfig;
use menace::go::search::profile::{Profile, WideRoot};

/// Default playouts per move (the library's one default budget).
pub use menace::go::search::mcts::DEFAULT_PLAYOUTS;

/// Flags of `menace go`.
///
/// Without a subcommand: read a king-of-the-hill position (19 rows of `0`/`1`/`2`, then
/// `black_prisoners white_prisoners to_move`) on stdin and print `row col` or `pass`.
#[derive(clap::Args, Debug)]
pub struct GoArgs {
    #[command(subcommand)]
    command: Option<GoCommand>,
    /// Speak GTP version 2 on stdin/stdout instead (for GoGui, Sabaki, other engines).
    #[arg(long)]
    gtp: bool,
    /// Playouts per move (fixed work, so the answer is the same on every machine). From
    /// profile v4 on, the playouts on the empty board: a position gets more as the board
    /// fills, up to twice this, so that every move costs about what the first one does.
    #[arg(long, default_value_t = DEFAULT_PLAYOUTS)]
    playouts: usize,
    /// Search threads (each with a fixed seed; results merged in a fixed order).
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Extra seed mixed into the position hash that seeds each move (default 0). The bot
    /// stays deterministic; a match can pass `--seed {game}` to get different games.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// GTP only: answer `genmove` with `resign` when the search's best winrate is below
    /// this, once a quarter of the board's points have been played (0: never resign).
    /// At 0.05 under about 5% of the best move's playouts were won.
    #[arg(long, default_value_t = 0.05, value_name = "WINRATE")]
    resign_below: f32,
    /// Profile: `v6` (default) reads ladders for its priors, grows its budget as the board
    /// fills (`--playouts` on the empty board, up to twice that in the middle game) and, in
    /// the king-of-the-hill format, searches every root move from the first visit (no last
    /// move to rank the answer to it; over GTP it plays as v5); it scored 33.5 of 40
    /// against GNU Go level 10 on 19x19 in that format. `v7` (experimental) adds a virtual
    /// komi when clearly ahead (the search asks itself for half the lead it expects). The
    /// older ones are frozen to replay their records: `v5` is v4 plus ladders; `v4` is v3
    /// with the growing budget; `v3` is v2 plus the king-of-the-hill ko policy (no ko
    /// retake while winning, a retake for a tie while clearly losing); `v2` adds priors
    /// learned from professional games and progressive widening to `v1`, the bot of the
    /// first recorded matches.
    #[arg(long, default_value_t = Profile::default())]
    profile: Profile,
    /// RAVE equivalence parameter (tuning).
    #[arg(long, default_value_t = 3500.0, hide = true)]
    rave_equiv: f32,
    /// Search every root move early in both formats, over GTP too (the profile table's
    /// `wide_root` column set to "always"; tuning, for an A/B).
    #[arg(long, hide = true)]
    wide_root: bool,
    /// Print the search's top moves on stderr.
    #[arg(long, short)]
    verbose: bool,
}

#[derive(clap::Subcommand, Debug)]
enum GoCommand {
    /// Play games between two GTP engines, alternating colours; SGF per game and a table.
    Match(MatchArgs),
    /// The king-of-the-hill tournament: every entrant plays every other; standings,
    /// crosstable, Elo; one JSON line and one SGF per game; resumable and shardable.
    Tournament(TournamentArgs),
    /// Print the position before a move of an SGF game in the king-of-the-hill format, so
    /// any recorded move can be replayed: `menace go position g.sgf --move 120 | menace go -v`.
    Position(PositionArgs),
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
    /// (our bot in-process; FLAGS from --playouts, --threads, --seed, --profile). Commands run without
    /// a shell; {unit} becomes the game's unit number (from 0), {game} the unit + 1.
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
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// Folder for results.jsonl (or results-K-of-N.jsonl) and sgf/; re-running into it
    /// resumes.
    #[arg(long, default_value = "go-tournament")]
    out: PathBuf,
    #[command(flatten)]
    shard: super::tournament::ShardArgs,
    #[command(flatten)]
    sprt: super::tournament::SprtArgs,
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
    /// Number of the first game (to split a match over processes; colours and `{game}`
    /// follow the game number).
    #[arg(long, default_value_t = 1)]
    first_game: usize,
    /// Board side.
    #[arg(long, default_value_t = 19)]
    size: usize,
    /// Komi.
    #[arg(long, default_value_t = 0.0)]
    komi: f32,
    /// Black's fixed handicap stones (2 to 9 on odd boards from 9x9, 2 to 4 on even
    /// boards and 7x7; 0 for none), set up with GTP `fixed_handicap`. With a handicap the first
    /// engine (`--a`) takes black in every game.
    #[arg(long, default_value_t = 0)]
    handicap: usize,
    /// Moves after which the game is a tie.
    #[arg(long, default_value_t = 1000)]
    move_cap: usize,
    /// Seconds allowed for one answer.
    #[arg(long, default_value_t = 120)]
    move_timeout: u64,
    /// Folder for game-NNN.sgf.
    #[arg(long)]
    sgf_dir: Option<PathBuf>,
    /// Record the match as a tournament: one JSON line per game in DIR/results.jsonl
    /// (resumable; shardable with --shard or a Slurm array instead of --first-game; merged
    /// with `menace merge`), SGFs in DIR/sgf, and print the standings from the lines.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    #[command(flatten)]
    shard: super::tournament::ShardArgs,
    #[command(flatten)]
    sprt: super::tournament::SprtArgs,
}

/// Runs `menace go`.
pub fn run(args: GoArgs) -> ExitCode {
    let cfg = SearchConfig {
        playouts: args.playouts.max(1),
        threads: args.threads.clamp(1, 64),
        rave_equiv: args.rave_equiv,
        seed: args.seed,
        profile: args.profile,
        wide_root: args.wide_root.then_some(WideRoot::Always),
        ..SearchConfig::default()
    };
    match args.command {
        Some(GoCommand::Match(m)) => return run_match(m),
        Some(GoCommand::Tournament(t)) => return run_tournament(t, &cfg),
        Some(GoCommand::Position(p)) => {
            return match position(&p) {
                Ok(text) => {
                    print!("{text}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("menace go position: {e}");
                    ExitCode::from(2)
                }
            }
        }
        None => {}
    }
    if args.gtp {
        let stdin = std::io::stdin();
        let engine = gtp::Engine::new(cfg).resign_below(args.resign_below.clamp(0.0, 1.0));
        return match gtp::serve(engine, stdin.lock(), std::io::stdout()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("menace go --gtp: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let mut text = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut text) {
        eprintln!("menace go: cannot read standard input: {e}");
        return ExitCode::FAILURE;
    }
    let input = match koth::parse(&text) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("menace go: bad input: {e}");
            return ExitCode::from(2);
        }
    };
    let board = &input.board;
    let d = koth::decide(&input, &cfg);
    if args.verbose {
        eprintln!("{} ({})", d.reason, koth::infer(&input));
        if let Some(s) = &d.search {
            if s.virtual_komi > 0.0 {
                eprintln!(
                    "  ahead: the search's last part asked for a lead of {} points",
                    s.virtual_komi
                );
            }
            for m in s.moves.iter().take(8) {
                eprintln!(
                    "  {:>6} visits {:>6} winrate {:.3} amaf {:>7.0} {:.3}",
                    koth::format_move(board, m.mv),
                    m.visits,
                    m.winrate,
                    m.amaf_visits,
                    m.amaf_winrate
                );
            }
        }
    }
    println!("{}", koth::format_move(board, d.mv));
    ExitCode::SUCCESS
}

fn run_match(m: MatchArgs) -> ExitCode {
    let parse = |s: &str| Program::parse(s).map_err(|e| format!("{s:?}: {e}"));
    let (pa, pb) = match (parse(&m.a), parse(&m.b)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("menace go match: {e}");
            return ExitCode::from(2);
        }
    };
    if !(2..=19).contains(&m.size) {
        eprintln!("menace go match: --size must be 2..=19");
        return ExitCode::from(2);
    }
    if m.handicap > 0 {
        if let Err(e) = menace::go::rules::handicap::fixed(m.size, m.handicap) {
            let takes = match menace::go::rules::handicap::max_fixed(m.size) {
                0 => "no fixed handicap".to_string(),
                max => format!("2 to {max} stones"),
            };
            eprintln!(
                "menace go match: --handicap {}: {e}; {1}x{1} takes {takes} (or 0 for none)",
                m.handicap, m.size
            );
            return ExitCode::from(2);
        }
    }
    let players = [
        Player { name: m.name_a.clone(), program: pa },
        Player { name: m.name_b.clone(), program: pb },
    ];
    if m.sprt.sprt.is_some() && m.out.is_none() {
        eprintln!("menace go match: --sprt stops a recorded match: give --out DIR");
        return ExitCode::from(2);
    }
    if let Some(out) = m.out.clone() {
        return match recorded_match(&m, &players, &out) {
            Ok(text) => {
                print!("{text}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("menace go match: {e}");
                ExitCode::from(2)
            }
        };
    }
    let cfg = MatchConfig {
        size: m.size,
        games: m.games,
        first_game: m.first_game,
        komi: m.komi,
        move_cap: m.move_cap,
        handicap: m.handicap,
        move_timeout: Duration::from_secs(m.move_timeout),
        sgf_dir: m.sgf_dir,
    };
    let recs = matches::run_match(&players, &cfg, |r| {
        let times = |i: usize| {
            let mut t = r.move_times[i].clone();
            t.sort_by(|a, b| a.total_cmp(b));
            let median = menace::stats::median(&t).unwrap_or(0.0);
            format!("{median:.2}/{:.2}", t.last().copied().unwrap_or(0.0))
        };
        println!(
            "game {:>3}: {} (black) vs {} (white): {} after {} moves, {}; move s median/max {} {}, {} {}",
            r.number,
            players[r.black].name,
            players[1 - r.black].name,
            r.result,
            r.moves.len(),
            r.reason,
            players[0].name,
            times(0),
            players[1].name,
            times(1)
        );
    });
    print!("{}", matches::table(&players, &recs));
    ExitCode::SUCCESS
}

fn run_tournament(t: TournamentArgs, base: &SearchConfig) -> ExitCode {
    match tournament(t, base) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("menace go tournament: {e}");
            ExitCode::from(2)
        }
    }
}

fn tournament(t: TournamentArgs, base: &SearchConfig) -> Result<String, String> {
    use menace::go::tournament::{self as tour, Config, Entrant};
    let entrants =
        t.entrants.iter().map(|e| Entrant::parse(e, base)).collect::<Result<Vec<_>, _>>()?;
    if !(t.move_timeout.is_finite() && t.move_timeout > 0.0 && t.move_timeout <= 86_400.0) {
        return Err(format!("--move-timeout {}: give seconds, up to a day", t.move_timeout));
    }
    let cfg = Config {
        entrants,
        games_per_pair: t.games_per_pair,
        size: t.size,
        komi: t.komi,
        move_cap: t.move_cap,
        move_timeout: Duration::from_secs_f64(t.move_timeout),
    };
    cfg.check()?;
    let names: Vec<&str> = cfg.entrants.iter().map(|e| e.name.as_str()).collect();
    t.sprt.check(&names)?;
    let command = "menace go tournament";
    let shard = t.shard.resolve(command)?;
    let out = t.out.clone();
    super::tournament::run(
        command,
        &cfg.plan(),
        shard,
        &t.out,
        t.jobs.max(1),
        t.sprt.rule().as_ref(),
        |unit| tour::run_unit(&cfg, unit, &out),
        |r| {
            let f = |k: &str| {
                r.data
                    .get(k)
                    .map(|v| v.as_str().map_or(v.to_string(), String::from))
                    .unwrap_or_default()
            };
            eprintln!(
                "unit {}: {} (black) vs {} (white): {} after {} moves; {}",
                r.unit,
                f("black"),
                f("white"),
                f("result"),
                f("moves"),
                f("reason")
            );
        },
    )
}

/// The longest of `times` in seconds, to the hundredth (0 for a side that never moved).
fn slowest(times: &[f64]) -> f64 {
    (times.iter().copied().fold(0.0, f64::max) * 100.0).round() / 100.0
}

/// `menace go match --out DIR`: game `u + 1` is unit `u` (colours and `{game}` from the
/// unit, never the shard), one JSON line per game with the fields of the Go tournament's
/// lines, so `menace merge` and the tournament's standings read it.
fn recorded_match(
    m: &MatchArgs,
    players: &[Player; 2],
    out: &std::path::Path,
) -> Result<String, String> {
    use menace::arena::tournament::Plan;
    use menace::go::matches::Outcome;
    use menace::go::rules::board::Board;
    if m.first_game != 1 {
        return Err("--out splits a match with --shard (or a Slurm array), not --first-game".into());
    }
    m.sprt.check(&[&m.name_a, &m.name_b])?;
    if m.name_a == m.name_b && m.sprt.sprt.is_some() {
        return Err("--sprt needs the two engines named apart (--name-a, --name-b)".into());
    }
    if m.games == 0 {
        return Err("--games must be at least 1".into());
    }
    let cfg = MatchConfig {
        size: m.size,
        games: 1,
        first_game: 1,
        komi: m.komi,
        move_cap: m.move_cap,
        handicap: m.handicap,
        move_timeout: Duration::from_secs(m.move_timeout),
        sgf_dir: Some(out.join("sgf")),
    };
    let canonical = serde_json::json!({
        "kind": "go-match",
        "players": players.iter().map(|p| [p.name.clone(), p.program.to_string()]).collect::<Vec<_>>(),
        "games": m.games,
        "size": m.size,
        "komi": m.komi,
        "move_cap": m.move_cap,
        "handicap": m.handicap,
        "move_timeout": m.move_timeout,
    })
    .to_string();
    let plan = Plan::new(menace::go::tournament::KIND, &canonical, m.games as u64);
    let command = "menace go match";
    let shard = m.shard.resolve(command)?;
    super::tournament::run(
        command,
        &plan,
        shard,
        out,
        1,
        m.sprt.rule().as_ref(),
        |unit| {
            let number = unit.0 as usize + 1;
            let black = if cfg.handicap > 0 { 0 } else { (number - 1) % 2 };
            let rec = matches::play_game(players, black, number, &cfg);
            // The final board, for the area: the start (handicap stones) and the moves.
            let mut board = match cfg.handicap {
                0 => Some(Board::new(cfg.size)),
                n => menace::go::rules::handicap::fixed(cfg.size, n)
                    .and_then(|h| menace::go::rules::handicap::board(cfg.size, &h))
                    .ok(),
            }
            .unwrap_or_else(|| Board::new(cfg.size));
            for &mv in &rec.moves {
                let _ = board.play(mv);
            }
            let (bs, ws) = menace::go::rules::score::area(&board);
            let ending = if rec.reason == "two passes" {
                "two passes"
            } else if rec.reason.starts_with("move cap") {
                "move cap"
            } else if rec.reason.contains("repeats a position") {
                "repeat"
            } else {
                "forfeit"
            };
            let winner = match rec.outcome {
                Outcome::BlackWins => "black",
                Outcome::WhiteWins => "white",
                Outcome::Tie => "tie",
            };
            let v = serde_json::json!({
                "black": players[black].name,
                "white": players[1 - black].name,
                "winner": winner,
                "ending": ending,
                "reason": rec.reason,
                "result": rec.result,
                "black_score": bs,
                "white_score": ws,
                "moves": rec.moves.len(),
                // The slowest genmove of each side, as the judge's lines have it (wall
                // clock, GTP round trip included), for `menace merge --timings`.
                "black_slowest_s": slowest(&rec.move_times[black]),
                "white_slowest_s": slowest(&rec.move_times[1 - black]),
                "sgf": format!("sgf/game-{number:03}.sgf"),
                "size": cfg.size,
                "komi": cfg.komi,
            });
            match v {
                serde_json::Value::Object(o) => o,
                _ => unreachable!("a JSON object"),
            }
        },
        |r| eprintln!("{command}: game {} {}", r.unit.0 + 1, r.data["result"]),
    )
}

/// The king-of-the-hill text of the position before move `p.before` of an SGF game.
fn position(p: &PositionArgs) -> Result<String, String> {
    use menace::go::rules::board::Board;
    let bytes = menace::files::read_capped(&p.sgf, 1 << 20)
        .map_err(|e| format!("cannot read {}: {e}", p.sgf.display()))?;
    let text = String::from_utf8(bytes).map_err(|_| format!("{} is not UTF-8", p.sgf.display()))?;
    let game = menace::go::io::sgf::read(&text).map_err(|e| format!("{}: {e}", p.sgf.display()))?;
    let upto = match p.before {
        None => game.moves.len(),
        Some(0) => return Err("--move counts from 1".into()),
        Some(n) if n > game.moves.len() + 1 => {
            return Err(format!(
                "the game has {} moves; --move {n} is past its end",
                game.moves.len()
            ))
        }
        Some(n) => n - 1,
    };
    let mut board = if game.handicap.is_empty() {
        Board::new(game.size)
    } else {
        menace::go::rules::handicap::board(game.size, &game.handicap)?
    };
    for (i, &mv) in game.moves[..upto].iter().enumerate() {
        board.play(mv).map_err(|e| format!("move {} is illegal: {e:?}", i + 1))?;
    }
    Ok(koth::format(&board))
}
