//! The policy network's data and its measure: the professional games split the way the
//! move model's learner splits them ([`split_games`]: every tenth game held out),
//! their positions written as a dataset the trainer reads (`scripts/train_policy.py`), and
//! a network's move-prediction accuracy on the held-out games, counted as the move
//! model's is ([`Accuracy`]), so the two compare.
//!
//! A dataset file is a header, [`MAGIC`] and the record count (a little-endian `u32`), then
//! the records ([`Record`], 366 bytes each) in game order.
//!
//! The priors learned from our own search ([`search_visits`]): positions of the training
//! games searched by the engine, each kept with its root's visit counts, the target a
//! network learns to foretell the search by (as AlphaGo Zero's does). A visits file is
//! [`VISITS_MAGIC`], the count, then the records ([`Visited`], 1,090 bytes each).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use menace_go::io::sgf::{self, SgfGame};
use menace_go::model::net::{self, PolicyNet, Record, OUTPUTS};
use menace_go::rules::board::{Board, Move};
use menace_go::search::mcts::{self, SearchConfig};
use menace_go::search::tree::RootRules;

use crate::jobs;
use crate::mm::{self, Accuracy};

/// The first bytes of a dataset file.
pub const MAGIC: &[u8; 8] = b"MNPOL001";

/// The 19x19 games of a folder, split for learning.
#[derive(Clone, Debug, Default)]
pub struct Games {
    /// Every game but the held-out ones.
    pub train: Vec<SgfGame>,
    /// Every tenth file's game (the 10th, 20th, ... in name order).
    pub test: Vec<SgfGame>,
    /// Files read.
    pub files: usize,
    /// Files that were not 19x19 games.
    pub refused: usize,
}

/// Reads every `*.sgf` and `*.mgt` file (both are SGF) under `dir` and its folders, sorted
/// by path, keeps the 19x19 games and holds out every tenth file's (the split of the move
/// model's learner, `go_learn_patterns`). A file that does not read is reported on stderr
/// and counted as refused. The professional games are one folder; our own records
/// (`docs/games`) a folder a match.
pub fn split_games(dir: &Path) -> Result<Games, String> {
    let mut files = Vec::new();
    sgf_files(dir, &mut files)?;
    files.sort();
    let mut games = Games { files: files.len(), ..Games::default() };
    for (i, f) in files.iter().enumerate() {
        let bytes = std::fs::read(f).map_err(|e| format!("{}: {e}", f.display()))?;
        match sgf::read(&String::from_utf8_lossy(&bytes)) {
            Ok(g) if g.size == 19 => {
                if i % 10 == 9 {
                    games.test.push(g)
                } else {
                    games.train.push(g)
                }
            }
            Ok(_) => games.refused += 1,
            Err(e) => {
                eprintln!("{}: {e}", f.display());
                games.refused += 1
            }
        }
    }
    Ok(games)
}

/// The `*.sgf` and `*.mgt` files under `dir`, its folders' included.
fn sgf_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    for e in std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))? {
        let path = e.map_err(|e| format!("{}: {e}", dir.display()))?.path();
        if path.is_dir() {
            sgf_files(&path, out)?;
        } else if path.extension().is_some_and(|x| x == "sgf" || x == "mgt") {
            out.push(path);
        }
    }
    Ok(())
}

/// The records of every position of `games` (each with the move played there), in game
/// order, as far as each game's moves are legal.
pub fn records(games: &[SgfGame]) -> Vec<Record> {
    let mut out = Vec::new();
    for g in games {
        mm::replay(g.size, &g.handicap, &g.moves, |b, m| out.extend(Record::of(b, m)));
    }
    out
}

/// A file of fixed-size records behind a header: its 8 bytes of magic, then the count (a
/// little-endian `u32`). The dataset and the visits file are two.
trait Item: Sized {
    /// The header's first bytes.
    const MAGIC: &'static [u8; 8];
    /// What the file holds, for the error on a foreign header.
    const WHAT: &'static str;
    /// Bytes a record takes.
    const BYTES: usize;
    fn put(&self, out: &mut Vec<u8>);
    fn get(bytes: &[u8]) -> Result<Self, String>;
}

impl Item for Record {
    const MAGIC: &'static [u8; 8] = MAGIC;
    const WHAT: &'static str = "a policy dataset";
    const BYTES: usize = Record::BYTES;
    fn put(&self, out: &mut Vec<u8>) {
        self.write(out)
    }
    fn get(bytes: &[u8]) -> Result<Self, String> {
        Record::read(bytes)
    }
}

fn file_bytes<T: Item>(records: &[T]) -> Vec<u8> {
    let mut out = Vec::with_capacity(12 + records.len() * T::BYTES);
    out.extend_from_slice(T::MAGIC);
    out.extend_from_slice(&(records.len() as u32).to_le_bytes());
    for r in records {
        r.put(&mut out);
    }
    out
}

fn read_file<T: Item>(bytes: &[u8]) -> Result<Vec<T>, String> {
    if bytes.len() < 12 || &bytes[..8] != T::MAGIC {
        let magic = String::from_utf8_lossy(T::MAGIC);
        return Err(format!("not {} (no {magic} header)", T::WHAT));
    }
    let n = u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize;
    let body = &bytes[12..];
    if body.len() != n.saturating_mul(T::BYTES) {
        return Err(format!(
            "{n} records need {} bytes, the file has {}",
            n.saturating_mul(T::BYTES),
            body.len()
        ));
    }
    body.chunks_exact(T::BYTES)
        .enumerate()
        .map(|(i, c)| T::get(c).map_err(|e| format!("record {i}: {e}")))
        .collect()
}

/// A dataset file's bytes.
pub fn dataset(records: &[Record]) -> Vec<u8> {
    file_bytes(records)
}

/// Reads a dataset file's bytes, checking its header, its length and every record.
pub fn read_dataset(bytes: &[u8]) -> Result<Vec<Record>, String> {
    read_file(bytes)
}

/// The first bytes of a visits file.
pub const VISITS_MAGIC: &[u8; 8] = b"MNVIS001";

/// A position with the visit counts of our search's root there.
#[derive(Clone, Debug, PartialEq)]
pub struct Visited {
    /// The position and the move the professional played there.
    pub record: Record,
    /// Playouts through each root move, by the network's output index ([`net::index`]:
    /// the points row by row, then passing), capped at `u16::MAX`.
    pub visits: [u16; OUTPUTS],
}

impl Visited {
    /// Bytes a record takes in a visits file: the [`Record`], then the visits as
    /// little-endian `u16`s.
    pub const BYTES: usize = Record::BYTES + 2 * OUTPUTS;

    /// Appends the record's bytes.
    pub fn write(&self, out: &mut Vec<u8>) {
        self.record.write(out);
        for v in self.visits {
            out.extend_from_slice(&v.to_le_bytes());
        }
    }

    /// Reads a record written by [`Visited::write`]: the position as [`Record::read`]
    /// checks it, some visits, and none on a point with a stone.
    pub fn read(bytes: &[u8]) -> Result<Visited, String> {
        if bytes.len() != Visited::BYTES {
            return Err(format!("a record is {} bytes, not {}", Visited::BYTES, bytes.len()));
        }
        let record = Record::read(&bytes[..Record::BYTES])?;
        let mut visits = [0u16; OUTPUTS];
        for (i, v) in visits.iter_mut().enumerate() {
            let at = Record::BYTES + 2 * i;
            *v = u16::from_le_bytes([bytes[at], bytes[at + 1]]);
        }
        if visits.iter().all(|&v| v == 0) {
            return Err("no visits".into());
        }
        if let Some(i) = (0..net::POINTS).find(|&i| visits[i] > 0 && record.codes[i] != 0) {
            return Err(format!("visits on point {i}, which holds a stone"));
        }
        Ok(Visited { record, visits })
    }
}

impl Item for Visited {
    const MAGIC: &'static [u8; 8] = VISITS_MAGIC;
    const WHAT: &'static str = "a visits file";
    const BYTES: usize = Visited::BYTES;
    fn put(&self, out: &mut Vec<u8>) {
        self.write(out)
    }
    fn get(bytes: &[u8]) -> Result<Self, String> {
        Visited::read(bytes)
    }
}

/// A visits file's bytes.
pub fn visits_dataset(records: &[Visited]) -> Vec<u8> {
    file_bytes(records)
}

/// Reads a visits file's bytes, checking its header, its length and every record.
pub fn read_visits(bytes: &[u8]) -> Result<Vec<Visited>, String> {
    read_file(bytes)
}

/// Our search's root visits on every `every`-th position of `games` (the first, then
/// each `every` further, counted over all the games in order), at most `limit` of them (0:
/// all), each searched as `cfg` says with its seed plus the position's number, passing
/// allowed, the root as wide as over GTP. The searches run `jobs` at a time (each on
/// `cfg.threads`), and the result is the same for any `jobs`. `progress` hears the count
/// done after each.
pub fn search_visits(
    games: &[SgfGame],
    every: usize,
    limit: usize,
    cfg: &SearchConfig,
    jobs: usize,
    progress: impl Fn(usize, usize) + Sync,
) -> Vec<Visited> {
    let mut positions: Vec<(Board, Move)> = Vec::new();
    let mut seen = 0usize;
    for g in games {
        mm::replay(g.size, &g.handicap, &g.moves, |b, m| {
            if seen.is_multiple_of(every.max(1)) && (limit == 0 || positions.len() < limit) {
                positions.push((b.clone(), m));
            }
            seen += 1;
        });
    }
    let rules = RootRules {
        forbidden: Vec::new(),
        allow_pass: true,
        wide: cfg.resolve().params().wide_root.applies(false),
    };
    let done = AtomicUsize::new(0);
    let searched = jobs::in_order(positions.len(), jobs, |i| {
        let (b, played) = &positions[i];
        let c = SearchConfig { seed: cfg.seed.wrapping_add(i as u64), ..cfg.clone() };
        let res = mcts::search(b, &c, &rules);
        let mut visits = [0u16; OUTPUTS];
        for m in &res.moves {
            visits[net::index(b, m.mv) as usize] = m.visits.min(u16::MAX as u32) as u16;
        }
        let v = Record::of(b, *played).map(|record| Visited { record, visits });
        progress(done.fetch_add(1, Ordering::Relaxed) + 1, positions.len());
        v
    });
    searched.into_iter().flatten().collect()
}

/// How the search's most visited move and `net`'s most likely one (among the empty
/// points and passing) agree with the professional's move over `recs`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Agreement {
    /// Positions counted.
    pub positions: usize,
    /// The professional's move was both first choices.
    pub both: usize,
    /// Only the search's.
    pub search_only: usize,
    /// Only the network's.
    pub net_only: usize,
}

/// Whether the visits are a better teacher than the network already is: [`Agreement`]
/// over `recs`.
pub fn agreement(recs: &[Visited], net: &PolicyNet) -> Agreement {
    let first = |score: &dyn Fn(usize) -> f32, r: &Record| {
        (0..OUTPUTS)
            .filter(|&i| i == net::POINTS || r.codes[i] == 0)
            .max_by(|&a, &b| score(a).total_cmp(&score(b)).then(b.cmp(&a)))
    };
    let mut a = Agreement { positions: recs.len(), ..Agreement::default() };
    for v in recs {
        let played = Some(v.record.played as usize);
        let search = first(&|i| f32::from(v.visits[i]), &v.record) == played;
        let logits = net.logits(&v.record);
        let network = first(&|i| logits[i], &v.record) == played;
        match (search, network) {
            (true, true) => a.both += 1,
            (true, false) => a.search_only += 1,
            (false, true) => a.net_only += 1,
            (false, false) => {}
        }
    }
    a
}

/// The network's accuracy on `games`: every position where the move played is legal, the
/// move ranked by its probability among the legal moves.
pub fn accuracy(net: &PolicyNet, games: &[SgfGame]) -> Accuracy {
    let mut acc = Accuracy::default();
    for g in games {
        mm::replay(g.size, &g.handicap, &g.moves, |b, m: Move| {
            if let Some(p) = net.policy(b) {
                acc.add_ranked(&p.moves, m);
            }
        });
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;
    use menace_testkit::hostile;
    use proptest::prelude::*;

    /// A short 19x19 game, its moves spread so that captures play no part.
    fn game() -> SgfGame {
        sgf::read("(;GM[1]SZ[19];B[pd];W[dp];B[pq];W[dd];B[fq];W[cn];B[jp];W[qf];B[nc];W[rd])")
            .expect("a legal game")
    }

    /// Every third position of the game played twice, at 120 playouts.
    fn searched(jobs: usize) -> Vec<Visited> {
        let cfg = SearchConfig { komi: 7.5, ..SearchConfig::default() }.with_work(120, 1);
        search_visits(&[game(), game()], 3, 0, &cfg, jobs, |_, _| {})
    }

    #[test]
    fn the_searched_positions_are_the_chosen_ones_with_their_visits_whatever_the_jobs() {
        let one = searched(1);
        // Every third of the 20 positions (the two games one after the other): 0, 3, ...,
        // 18, seven of them; position k of a game has k stones on the board.
        assert_eq!(one.len(), 7);
        let stones: Vec<usize> =
            one.iter().map(|v| v.record.codes.iter().filter(|&&c| c != 0).count()).collect();
        assert_eq!(stones, [0, 3, 6, 9, 2, 5, 8]);
        for v in &one {
            let total: u32 = v.visits.iter().map(|&x| u32::from(x)).sum();
            // The root's playouts go through its moves: the budget, grown as the board
            // fills (up to twice 120).
            assert!((120..=240).contains(&total), "{total}");
            for (i, &x) in v.visits[..net::POINTS].iter().enumerate() {
                assert!(x == 0 || v.record.codes[i] == 0, "visits on a stone at {i}");
            }
        }
        // The same searches, seeded by the position's number, on any number of jobs.
        assert_eq!(searched(3), one);
        // A file holds them exactly.
        assert_eq!(read_visits(&visits_dataset(&one)), Ok(one));
    }

    #[test]
    fn a_damaged_visits_file_is_refused_with_the_reason() {
        let good = visits_dataset(&searched(2)[..2]);
        let refused = |bytes: &[u8]| read_visits(bytes).expect_err("refused");
        assert_eq!(refused(b"MNPOL001\0\0\0\0"), "not a visits file (no MNVIS001 header)");
        // The dataset's reader, the same code behind its own header.
        let positions: Vec<Record> = searched(1).into_iter().map(|v| v.record).collect();
        assert_eq!(read_dataset(&dataset(&positions)), Ok(positions));
        let err = read_dataset(&good).expect_err("a visits file is no dataset");
        assert_eq!(err, "not a policy dataset (no MNPOL001 header)");
        assert!(refused(&good[..good.len() - 1]).contains("2 records need 2180 bytes"));
        let mut count = good.clone();
        count[8] = 0xff;
        assert!(refused(&count).contains("records need"));
        // A visit on a stone: the second record's position has three stones; the first
        // point with one gets a visit.
        let mut on_stone = good.clone();
        let second = 12 + Visited::BYTES;
        let p = good[second..second + net::POINTS].iter().position(|&c| c != 0).expect("stone");
        on_stone[second + Record::BYTES + 2 * p] = 1;
        assert_eq!(
            refused(&on_stone),
            format!("record 1: visits on point {p}, which holds a stone")
        );
        // No visits at all.
        let mut none = good.clone();
        none[12 + Record::BYTES..12 + Visited::BYTES].fill(0);
        assert_eq!(refused(&none), "record 0: no visits");
        // A position the dataset's own reader refuses.
        let mut code = good.clone();
        code[12] = 7;
        assert_eq!(refused(&code), "record 0: point 0: code 7 (0 to 6)");
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

        #[test]
        fn any_bytes_read_or_are_refused_without_a_panic(bytes in prop::collection::vec(any::<u8>(), 0..3000)) {
            let _ = read_visits(&bytes);
            let mut headed = VISITS_MAGIC.to_vec();
            headed.extend_from_slice(&bytes);
            let _ = read_visits(&headed);
        }

        #[test]
        fn a_damaged_file_reads_back_only_as_valid_records(edits in hostile::edits(), cut in any::<Option<prop::sample::Index>>()) {
            let good = visits_dataset(&FILE.with(|f| f.clone()));
            if let Ok(recs) = read_visits(&hostile::damage(&good, &edits, cut)) {
                // Whatever reads back writes back to the same bytes and reads again.
                prop_assert_eq!(read_visits(&visits_dataset(&recs)), Ok(recs));
            }
        }
    }

    thread_local! {
        static FILE: Vec<Visited> = searched(1)[..3].to_vec();
    }
}
