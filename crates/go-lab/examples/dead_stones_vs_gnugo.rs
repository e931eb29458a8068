//! Our dead stones and scores against GNU Go's on the finished games of a records root:
//! `scripts/dead-stones-vs-gnugo [ROOT [GNUGO [SECONDS]]]` runs this (defaults
//! `docs/games`, `/usr/games/gnugo`, no time limit; after SECONDS no new game is started).
//! Prints one line per game on stderr as it goes (the played-out games first), then the
//! agreement table and the games where the two differ.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use menace_go_lab::status_vs_gnugo::{compare, differences, finished_games, table};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = PathBuf::from(args.first().map_or("docs/games", String::as_str));
    let gnugo = PathBuf::from(args.get(1).map_or("/usr/games/gnugo", String::as_str));
    let until = match args.get(2).map(|s| s.parse::<u64>()) {
        None => None,
        Some(Ok(secs)) => Some(Instant::now() + Duration::from_secs(secs)),
        Some(Err(_)) => {
            eprintln!("dead_stones_vs_gnugo: SECONDS must be a whole number");
            return ExitCode::FAILURE;
        }
    };
    match finished_games(&root) {
        Ok(games) => {
            let rows = compare(&games, &gnugo, until, |r| eprintln!("{}", r.summary()));
            print!("{}\n{}", table(&rows), differences(&rows));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("dead_stones_vs_gnugo: {e}");
            ExitCode::FAILURE
        }
    }
}
