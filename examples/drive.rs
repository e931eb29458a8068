//! Drives the `menace` engine as a subprocess through its line protocol, the way a judge
//! or GUI would: sends `games N`, reads the JSON answers, and answers each MENACE move
//! with a move of its own player. Prints the score and games per second.
//!
//! ```text
//! cargo build --release
//! cargo run --release --example drive -- --games 1000 --player perfect
//! cargo run --release --example drive -- --games 3 --player weak,perfect,drawer --record match.in
//! ```
//!
//! Players: `random` (uniform), `perfect` (minimax, random among best moves), `drawer`
//! (never loses, avoids winning), `weak` (first free cell). A comma list cycles per game.

use std::io::Write;
use std::time::{Duration, Instant};

use menace_core::solve::Solver;
use menace_core::ttt::{Board, Cell, Mark, TicTacToe};
use menace_run::{Program, Session};
use menace_stats::rng::{below, from_seed, GameRng};
use serde_json::Value;

struct Args {
    games: u32,
    players: Vec<String>,
    seed: u64,
    engine: Option<String>,
    engine_args: Vec<String>,
    record: Option<String>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        games: 1000,
        players: vec!["perfect".into()],
        seed: 1,
        engine: None,
        engine_args: Vec::new(),
        record: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--games" => args.games = value()?.parse().map_err(|_| "--games: a number")?,
            "--player" => args.players = value()?.split(',').map(str::to_string).collect(),
            "--seed" => args.seed = value()?.parse().map_err(|_| "--seed: a number")?,
            "--engine" => args.engine = Some(value()?),
            "--engine-arg" => args.engine_args.push(value()?),
            "--record" => args.record = Some(value()?),
            "--help" | "-h" => {
                println!("usage: drive [--games N] [--player random|perfect|drawer|weak[,...]] [--seed S] [--engine PATH] [--engine-arg ARG]... [--record FILE]");
                std::process::exit(0);
            }
            other => return Err(format!("unknown flag {other}")),
        }
    }
    for p in &args.players {
        if !["random", "perfect", "drawer", "weak"].contains(&p.as_str()) {
            return Err(format!("unknown player {p}"));
        }
    }
    Ok(args)
}

/// The `menace` binary beside this example's (target/<profile>/examples/..).
fn default_engine() -> String {
    let exe = std::env::current_exe().expect("own path");
    let dir = exe.parent().and_then(|d| d.parent()).expect("target dir");
    dir.join("menace").to_string_lossy().into_owned()
}

fn choose(player: &str, board: Board, solver: &mut Solver<TicTacToe>, rng: &mut GameRng) -> Cell {
    let free: Vec<Cell> = board.empty_cells().collect();
    match player {
        "weak" => free[0],
        "random" => free[below(rng, free.len() as u32) as usize],
        "perfect" => {
            let mut best = Vec::new();
            solver.best_moves(board, &mut best);
            Cell::ALL[best[below(rng, best.len() as u32) as usize]]
        }
        _ => {
            // drawer: never lose; among safe moves, prefer ones that do not win.
            let mut safe: Vec<(i8, Cell)> = free
                .iter()
                .map(|&c| (solver.move_value(board, c.index()), c))
                .filter(|&(v, _)| v >= 0)
                .collect();
            if safe.iter().any(|&(v, _)| v == 0) {
                safe.retain(|&(v, _)| v == 0);
            }
            safe.first().map_or(free[0], |&(_, c)| c)
        }
    }
}

fn rows_to_board(v: &Value) -> Result<Board, String> {
    let rows = v.as_array().ok_or("board is not an array")?;
    let text: String = rows.iter().filter_map(Value::as_str).collect();
    Board::parse(&text).ok_or(format!("bad board {v}"))
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("drive: {e}");
            std::process::exit(2);
        }
    };
    let mut argv = vec![args.engine.clone().unwrap_or_else(default_engine)];
    argv.extend(args.engine_args.iter().cloned());
    let program = Program::new(argv);
    let mut engine = Session::spawn(&program, 1 << 20, true).unwrap_or_else(|e| {
        eprintln!("drive: cannot start {program}: {e}");
        std::process::exit(1);
    });
    let mut record = args.record.as_ref().map(|path| {
        let mut f = std::fs::File::create(path).expect("record file");
        writeln!(f, "# players: {} (drive --seed {})", args.players.join(","), args.seed).unwrap();
        f
    });
    let mut send = |engine: &mut Session, line: String| {
        if let Some(f) = record.as_mut() {
            writeln!(f, "{line}").unwrap();
        }
        engine.send(&format!("{line}\n")).expect("engine input");
    };
    let mut solver = Solver::new(TicTacToe);
    let mut rng = from_seed(args.seed);
    let (mut menace, mut draws, mut player, mut lines) = (0u32, 0u32, 0u32, 0u64);
    let mut game = 0u32;
    let start = Instant::now();
    send(&mut engine, format!("games {}", args.games));
    loop {
        let line = engine.read_line(Duration::from_secs(30)).unwrap_or_else(|e| {
            eprintln!("drive: engine: {e}");
            std::process::exit(1);
        });
        lines += 1;
        let v: Value = serde_json::from_str(&line).unwrap_or_else(|e| {
            eprintln!("drive: not JSON ({e}): {line}");
            std::process::exit(1);
        });
        match v["type"].as_str().unwrap_or("") {
            "new_game" => game = v["game"].as_u64().unwrap_or(0) as u32,
            "menace_move" => {
                let board = rows_to_board(&v["board"]).expect("board");
                if !board.is_over() {
                    let who = &args.players[(game as usize - 1) % args.players.len()];
                    let cell = choose(who, board, &mut solver, &mut rng);
                    debug_assert_eq!(board.to_move(), Mark::O);
                    send(&mut engine, format!("move {}", cell.rc()));
                }
            }
            "result" => match v["winner"].as_str() {
                Some("menace") => menace += 1,
                Some("draw") => draws += 1,
                _ => player += 1,
            },
            "matchboxes" => {
                let n = v["boxes"].as_array().map_or(0, Vec::len);
                assert_eq!(n, 304, "a dump has 304 boxes");
            }
            "match_over" => break,
            "error" => {
                eprintln!("drive: engine error: {}", v["message"]);
                std::process::exit(1);
            }
            _ => {}
        }
    }
    let secs = start.elapsed().as_secs_f64();
    send(&mut engine, "quit".into());
    engine.finish(Duration::from_secs(5));
    println!(
        "{} games against {}: MENACE won {menace}, drew {draws}, lost {player}; {lines} answer lines in {secs:.2} s = {:.0} games/s",
        args.games,
        args.players.join(","),
        f64::from(args.games) / secs
    );
}
