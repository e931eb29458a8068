//! The policy network's data and its measure: the professional games split the way the
//! move model's learner splits them ([`professional_games`]: every tenth game held out),
//! their positions written as a dataset the trainer reads (`scripts/train_policy.py`), and
//! a network's move-prediction accuracy on the held-out games, counted as the move
//! model's is ([`Accuracy`]), so the two compare.
//!
//! A dataset file is a header, [`MAGIC`] and the record count (a little-endian `u32`), then
//! the records ([`Record`], 366 bytes each) in game order.

use std::path::{Path, PathBuf};

use menace_go::io::sgf::{self, SgfGame};
use menace_go::model::net::{PolicyNet, Record};
use menace_go::rules::board::Move;

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

/// Reads every `*.sgf` and `*.mgt` file (both are SGF) under `dir`, sorted by name, keeps
/// the 19x19 games and holds out every tenth file's (the split of the move model's
/// learner, `go_learn_patterns`). A file that does not read is reported on stderr and
/// counted as refused.
pub fn professional_games(dir: &Path) -> Result<Games, String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "sgf" || x == "mgt"))
        .collect();
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

/// The records of every position of `games` (each with the move played there), in game
/// order, as far as each game's moves are legal.
pub fn records(games: &[SgfGame]) -> Vec<Record> {
    let mut out = Vec::new();
    for g in games {
        mm::replay(g.size, &g.handicap, &g.moves, |b, m| out.extend(Record::of(b, m)));
    }
    out
}

/// A dataset file's bytes.
pub fn dataset(records: &[Record]) -> Vec<u8> {
    let mut out = Vec::with_capacity(12 + records.len() * Record::BYTES);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&(records.len() as u32).to_le_bytes());
    for r in records {
        r.write(&mut out);
    }
    out
}

/// Reads a dataset file's bytes, checking its header, its length and every record.
pub fn read_dataset(bytes: &[u8]) -> Result<Vec<Record>, String> {
    if bytes.len() < 12 || &bytes[..8] != MAGIC {
        return Err("not a policy dataset (no MNPOL001 header)".into());
    }
    let n = u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize;
    let body = &bytes[12..];
    if body.len() != n.saturating_mul(Record::BYTES) {
        return Err(format!(
            "{n} records need {} bytes, the file has {}",
            n * Record::BYTES,
            body.len()
        ));
    }
    body.chunks_exact(Record::BYTES)
        .enumerate()
        .map(|(i, c)| Record::read(c).map_err(|e| format!("record {i}: {e}")))
        .collect()
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
