//! `menace go bench-threads`: playouts a second of the search at each thread count, on
//! king-of-the-hill positions: the decision `menace go --threads T --playouts N < POSITION`
//! makes, timed. A deterministic search keeps its move whatever the machine, so each line
//! also says the move.

use std::path::PathBuf;
use std::time::Instant;

use menace_go::io::koth;
use menace_go::search::mcts::SearchConfig;

/// What `menace go bench-threads` prints, for its `--help`.
pub const HELP: &str = "One line per position and thread count: wall seconds, playouts (the \
     position's budget), playouts a second, the ratio to the first count's rate (one \
     thread's, as by default) and the move, which a deterministic search keeps whatever the \
     machine. The search settings are `menace go`'s own flags (`--profile`, `--tune`).";

/// Searches each of `positions` at each of `threads` with `playouts` (on the empty board;
/// more as it fills, as the profile says) and `base`'s other settings, giving `line` the
/// header and then one line per search as it ends: wall seconds, playouts (the position's
/// budget), playouts a second, the ratio to the first count's rate and the move.
pub fn threads(
    base: &SearchConfig,
    positions: &[PathBuf],
    threads: &[usize],
    playouts: usize,
    line: &mut dyn FnMut(&str),
) -> Result<(), String> {
    let reference = if threads.first() == Some(&1) { "x 1 thread" } else { "x first" };
    line(&format!(
        "{:<20} {:>7} {:>8} {:>9} {:>10} {:>10}  move",
        "position", "threads", "seconds", "playouts", "playouts/s", reference
    ));
    for path in positions {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let input = koth::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let name = path.file_name().unwrap_or(path.as_os_str()).to_string_lossy();
        let mut first = None;
        for &t in threads {
            let cfg = base.clone().with_work(playouts, t);
            let start = Instant::now();
            let d = koth::decide(&input, &cfg);
            let secs = start.elapsed().as_secs_f64();
            let playouts = d.search.as_ref().map_or(0, |s| s.playouts);
            let rate = playouts as f64 / secs;
            let ratio = rate / *first.get_or_insert(rate);
            let mv = koth::format_move(&input.board, d.mv);
            let threads = cfg.threads;
            line(&format!(
                "{name:<20} {threads:>7} {secs:>8.3} {playouts:>9} {rate:>10.0} {ratio:>10.2}  {mv}"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_per_position_and_thread_count_after_the_header() {
        let pos =
            PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/go/empty-19.txt"));
        let base = SearchConfig { threads: 1, ..SearchConfig::default() };
        let mut lines = Vec::new();
        threads(&base, &[pos], &[1, 2], 50, &mut |l| lines.push(l.to_string())).unwrap();
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert!(lines[0].starts_with("position") && lines[0].ends_with("move"), "{}", lines[0]);
        for (l, t) in lines[1..].iter().zip(["1", "2"]) {
            let words: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(words[..2], ["empty-19.txt", t], "{l}");
            assert_eq!(words[3], "50", "{l}");
        }
        let missing = PathBuf::from("no/such/position.txt");
        let e = threads(&base, &[missing], &[1], 50, &mut |_| {}).unwrap_err();
        assert!(e.starts_with("cannot read "), "{e}");
    }
}
