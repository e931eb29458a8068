//! The published tournament games (docs/games/*/results.jsonl: the king-of-the-hill
//! judge's and `menace go match --out`'s) are checked, not trusted: each line's SGF replays
//! legally on our board, the recorded scores and winner follow from the final board and how
//! the game ended, and the standings block in docs/go-lab.md is exactly what the summary
//! computes from the lines.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use menace_arena::tournament::record::{complete_lines, parse_lines};
use menace_arena::tournament::Merged;
use menace_go::io::sgf;
use menace_go::referee::tournament;
use menace_go::rules::board::Move;
use menace_go::rules::score;
use serde_json::Value;

fn koth_dirs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/games");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap().path())
        // A run whose first game is still under way has an empty file and no block yet.
        .filter(|p| std::fs::metadata(p.join("results.jsonl")).is_ok_and(|m| m.len() > 0))
        .collect();
    dirs.sort();
    dirs
}

fn merged(dir: &Path) -> Merged {
    let text = std::fs::read_to_string(dir.join("results.jsonl")).unwrap();
    let (lines, covered) = complete_lines(&text);
    assert_eq!(covered, text.len(), "no torn line is published");
    let label = dir.display().to_string();
    let recs = parse_lines(&label, &lines).unwrap();
    Merged::from_records(recs.into_iter().map(|r| (label.clone(), r)).collect(), false).unwrap()
}

#[test]
fn every_published_koth_game_replays_and_its_line_follows_from_it() {
    let dirs = koth_dirs();
    assert!(!dirs.is_empty(), "docs/games/koth-19x19-level10 is published");
    for dir in dirs {
        let m = merged(&dir);
        assert!(!m.records.is_empty());
        for r in &m.records {
            let s = |k: &str| r.data[k].as_str().unwrap().to_string();
            let n = |k: &str| r.data[k].as_u64().unwrap();
            let at = format!("{} unit {}", dir.display(), r.unit);
            let g = sgf::read(&std::fs::read_to_string(dir.join(s("sgf"))).unwrap()).unwrap();
            assert_eq!(
                (g.black.clone(), g.white.clone(), g.result.clone()),
                (s("black"), s("white"), s("result")),
                "{at}"
            );
            assert_eq!(g.moves.len() as u64, n("moves"), "{at}");
            // A handicap game starts from its stones (SGF `AB`), white to move.
            let mut b = g.position_before(Some(1)).unwrap_or_else(|e| panic!("{at}: {e}"));
            let mut seen = HashSet::from([b.position_key()]);
            let ending = s("ending");
            for (i, &mv) in g.moves.iter().enumerate() {
                let last = i + 1 == g.moves.len();
                match b.play(mv) {
                    Ok(()) => {}
                    // A ko retake is recorded and ends the game as a repeat.
                    Err(_) if last && ending == "repeat" => break,
                    Err(e) => panic!("{at}: move {} illegal: {e}", i + 1),
                }
                let fresh = seen.insert(b.position_key());
                assert!(
                    fresh || mv.is_pass() || (last && ending == "repeat"),
                    "{at}: move {} repeats",
                    i + 1
                );
            }
            let (black, white) = score::area(&b);
            assert_eq!(
                (u64::from(black), u64::from(white)),
                (n("black_score"), n("white_score")),
                "{at}"
            );
            let winner = s("winner");
            match ending.as_str() {
                "two passes" | "move cap" => {
                    if ending == "two passes" {
                        assert_eq!(&g.moves[g.moves.len() - 2..], [Move::Pass, Move::Pass], "{at}");
                    }
                    // The area with komi decides (the king-of-the-hill games have none;
                    // matches such as the 9x9 ones with komi 7.5 do).
                    let margin = score::margin(&b, g.komi);
                    let want = if margin > 0.0 {
                        "black"
                    } else if margin < 0.0 {
                        "white"
                    } else {
                        "tie"
                    };
                    assert_eq!(winner, want, "{at}");
                    assert_eq!(
                        s("result"),
                        score::result_string(score::margin(&b, g.komi)),
                        "{at}"
                    );
                }
                "repeat" => assert_eq!(winner, "tie", "{at}"),
                // A crash or a timeout is `+F`; over GTP (`menace go match --out`) a
                // resignation is `+R`.
                "forfeit" => {
                    let r = s("result");
                    assert!((r.ends_with("+F") || r.ends_with("+R")) && winner != "tie", "{at}")
                }
                other => panic!("{at}: unknown ending {other:?}"),
            }
            assert_eq!(r.data["komi"].as_f64(), Some(f64::from(g.komi)), "{at}: the SGF's komi");
            if dir.file_name().unwrap().to_string_lossy().starts_with("koth-") {
                assert_eq!(r.data["komi"], Value::from(0.0), "{at}: the challenge has no komi");
            }
        }
    }
}

#[test]
fn the_standings_in_docs_go_md_are_the_summary_of_the_lines() {
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/go-lab.md"))
        .unwrap();
    for dir in koth_dirs() {
        let summary = tournament::summary(&merged(&dir)).unwrap();
        // The block is indented by nothing and sits in a fence right after this marker.
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        let marker = format!("<!-- standings: docs/games/{name} -->\n```\n");
        let start = doc.find(&marker).unwrap_or_else(|| panic!("docs/go-lab.md has no {marker:?}"))
            + marker.len();
        let end = start + doc[start..].find("```").unwrap();
        assert_eq!(&doc[start..end], summary, "docs/go-lab.md's block for {name}");
    }
}

#[test]
fn the_published_small_field_in_three_shards_merges_to_the_one_machine_standings() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/games");
    let shards: Vec<(String, String)> = (0..3)
        .map(|k| {
            let p = root.join(format!("koth-small-3/results-{k}-of-3.jsonl"));
            (p.display().to_string(), std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    let merged = menace_arena::tournament::merge(&shards).unwrap();
    let whole = self::merged(&root.join("koth-small"));
    assert_eq!(merged.records.len(), 12);
    assert_eq!(tournament::summary(&merged).unwrap(), tournament::summary(&whole).unwrap());
    // Game by game, the shards played what the one-machine run played (timings aside).
    for (a, b) in merged.records.iter().zip(&whole.records) {
        let strip = |r: &menace_arena::tournament::Record| {
            let mut d = r.data.clone();
            d.remove("black_slowest_s");
            d.remove("white_slowest_s");
            (r.unit, d)
        };
        assert_eq!(strip(a), strip(b));
        let sgf = |dir: &str, r: &menace_arena::tournament::Record| {
            std::fs::read_to_string(root.join(dir).join(r.data["sgf"].as_str().unwrap())).unwrap()
        };
        assert_eq!(sgf("koth-small-3", a), sgf("koth-small", b), "unit {}", a.unit);
    }
}

/// The share and colour table of every published summary, recounted here from the raw
/// JSON lines (winner and seats only), not from the standings code.
#[test]
fn the_colour_table_is_a_recount_of_the_lines() {
    use menace_arena::tournament::interval::wilson;
    for dir in koth_dirs() {
        let text = std::fs::read_to_string(dir.join("results.jsonl")).unwrap();
        // entrant -> [[won, tied, lost] as black, as white]
        let mut counts: std::collections::BTreeMap<String, [[u32; 3]; 2]> = Default::default();
        for line in text.lines() {
            let v: Value = serde_json::from_str(line).unwrap();
            let winner = v["winner"].as_str().unwrap();
            for (seat, colour) in [(0, "black"), (1, "white")] {
                let name = v[colour].as_str().unwrap().to_string();
                let k = match winner {
                    "tie" => 1,
                    w if w == colour => 0,
                    _ => 2,
                };
                counts.entry(name).or_default()[seat][k] += 1;
            }
        }
        let summary = tournament::summary(&merged(&dir)).unwrap();
        let table = summary.split("games by colour as won-tied-lost:\n").nth(1).unwrap();
        for (name, c) in &counts {
            let games: u32 = c.iter().flatten().sum();
            let points = f64::from(c[0][0] + c[1][0]) + 0.5 * f64::from(c[0][1] + c[1][1]);
            let (lo, hi) = wilson(points, games).unwrap();
            let want = [
                format!("{}%", (100.0 * points / f64::from(games)).round()),
                format!("[{},", lo.floor()),
                format!("{}]", hi.ceil()),
                format!("{}-{}-{}", c[0][0], c[0][1], c[0][2]),
                format!("{}-{}-{}", c[1][0], c[1][1], c[1][2]),
            ];
            let row = table
                .lines()
                .find(|l| l.split_whitespace().next() == Some(name.as_str()))
                .unwrap_or_else(|| panic!("{}: no row for {name}", dir.display()));
            let got: Vec<&str> = row.split_whitespace().skip(1).collect();
            assert_eq!(got, want, "{}: {name}", dir.display());
        }
    }
}
