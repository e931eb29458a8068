//! Our dead stones and scores against GNU Go's on the finished games of a records root
//! (default `docs/games`): `scripts/dead-stones-vs-gnugo [ROOT] [GNUGO]` runs this.
//! Prints one line per game on stderr as it goes (the played-out games first), then the agreement table and the games
//! where the two differ.

use std::path::PathBuf;
use std::process::ExitCode;

use menace_go::io::status_vs_gnugo::{compare, differences, finished_games, table};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = PathBuf::from(args.first().map_or("docs/games", String::as_str));
    let gnugo = PathBuf::from(args.get(1).map_or("/usr/games/gnugo", String::as_str));
    let run = || -> Result<String, String> {
        let games = finished_games(&root)?;
        let rows = compare(&games, &gnugo, |r| eprintln!("{}", r.summary()));
        Ok(format!("{}\n{}", table(&rows), differences(&rows)))
    };
    match run() {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("dead_stones_vs_gnugo: {e}");
            ExitCode::FAILURE
        }
    }
}
