//! The learned move model: a strength ("gamma", Coulom 2007) for each feature level of
//! [`crate::model::features`]; a move's strength is the product of its features' gammas, and the
//! probability that a professional plays it is its strength over the sum of all
//! candidates' strengths (the generalised Bradley-Terry model). The search uses the
//! strengths as tree priors and to order moves for progressive widening.
//!
//! The weights that ship with the bot, `crates/go/data/patterns.bin`, were learned with
//! [`crate::model::mm`] from Debian's `goban-original-games` (see `crates/go/data/README.md`).
//!
//! File format (little-endian): the 8 bytes `MGAMMA01`, a `u32` count, then per entry a
//! `u8` group index, a zero byte, a `u16` level and an `f32` gamma (finite, positive).
//! Levels not listed have gamma 1.

use std::sync::OnceLock;

use crate::model::features::{self, Features, Group, ABSENT, ALL_GROUPS, GROUPS};
use crate::rules::board::{Board, Move, EMPTY};

const MAGIC: &[u8; 8] = b"MGAMMA01";
/// Largest accepted number of entries (a 3x3 pattern set has well under 10,000).
const MAX_ENTRIES: usize = 1 << 17;
/// The weights that ship with the bot.
static BUILTIN: &[u8] = include_bytes!("../../data/patterns.bin");

/// Strengths per feature level.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveModel {
    /// Canonical 3x3 code to gamma (65,536 entries).
    pattern: Vec<f32>,
    /// Per other group, level to gamma.
    levels: [Vec<f32>; GROUPS],
}

impl Default for MoveModel {
    /// The neutral model: every gamma 1, all moves alike.
    fn default() -> Self {
        MoveModel {
            pattern: vec![1.0; 1 << 16],
            levels: std::array::from_fn(|g| {
                let max = ALL_GROUPS[g].max_level();
                vec![1.0; if g == Group::Pattern3 as usize { 0 } else { usize::from(max) + 1 }]
            }),
        }
    }
}

impl MoveModel {
    /// The model that ships with the bot (parsed once).
    pub fn builtin() -> &'static MoveModel {
        static M: OnceLock<MoveModel> = OnceLock::new();
        M.get_or_init(|| MoveModel::from_bytes(BUILTIN).expect("the built-in move model is valid"))
    }

    /// A model from `(group, level, gamma)` entries; levels not given stay at 1.
    pub fn from_entries(entries: &[(Group, u16, f32)]) -> Result<MoveModel, String> {
        let mut m = MoveModel::default();
        for &(g, level, gamma) in entries {
            if !(gamma.is_finite() && gamma > 0.0) {
                return Err(format!("gamma {gamma} of {g:?} {level} is not a positive number"));
            }
            if level > g.max_level() {
                return Err(format!("level {level} is out of range for {g:?}"));
            }
            if g == Group::Pattern3 {
                m.pattern[level as usize] = gamma;
            } else {
                m.levels[g as usize][level as usize] = gamma;
            }
        }
        Ok(m)
    }

    /// Reads the file format (see the module documentation); any deviation is an error.
    pub fn from_bytes(bytes: &[u8]) -> Result<MoveModel, String> {
        let rest = bytes.strip_prefix(MAGIC).ok_or("not a move model (bad magic)")?;
        let (count, rest) = rest.split_at_checked(4).ok_or("truncated entry count")?;
        let count = u32::from_le_bytes(count.try_into().unwrap_or_default()) as usize;
        if count > MAX_ENTRIES {
            return Err(format!("{count} entries is more than the limit of {MAX_ENTRIES}"));
        }
        if rest.len() != count * 8 {
            return Err(format!("{count} entries need {} bytes, got {}", count * 8, rest.len()));
        }
        let mut entries = Vec::with_capacity(count);
        let mut seen = std::collections::HashSet::new();
        for e in rest.chunks_exact(8) {
            let g = Group::from_index(e[0] as usize)
                .ok_or_else(|| format!("unknown feature group {}", e[0]))?;
            if e[1] != 0 {
                return Err("reserved byte is not zero".into());
            }
            let level = u16::from_le_bytes([e[2], e[3]]);
            let gamma = f32::from_le_bytes([e[4], e[5], e[6], e[7]]);
            if !seen.insert((e[0], level)) {
                return Err(format!("{g:?} level {level} is given twice"));
            }
            entries.push((g, level, gamma));
        }
        MoveModel::from_entries(&entries)
    }

    /// The entries that differ from 1, in group and level order.
    pub fn entries(&self) -> Vec<(Group, u16, f32)> {
        let mut out = Vec::new();
        for (code, &g) in self.pattern.iter().enumerate() {
            if g != 1.0 {
                out.push((Group::Pattern3, code as u16, g));
            }
        }
        for group in &ALL_GROUPS[1..] {
            for (level, &g) in self.levels[*group as usize].iter().enumerate() {
                if g != 1.0 {
                    out.push((*group, level as u16, g));
                }
            }
        }
        out
    }

    /// The file format of [`MoveModel::from_bytes`].
    pub fn to_bytes(&self) -> Vec<u8> {
        let entries = self.entries();
        let mut out = Vec::with_capacity(12 + 8 * entries.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(entries.len() as u32).to_le_bytes());
        for (g, level, gamma) in entries {
            out.push(g as u8);
            out.push(0);
            out.extend_from_slice(&level.to_le_bytes());
            out.extend_from_slice(&gamma.to_le_bytes());
        }
        out
    }

    /// The gamma of one feature level (1 when absent or unknown).
    #[inline]
    pub fn gamma(&self, g: Group, level: u16) -> f32 {
        if level == ABSENT {
            return 1.0;
        }
        if g == Group::Pattern3 {
            self.pattern[level as usize]
        } else {
            self.levels[g as usize].get(level as usize).copied().unwrap_or(1.0)
        }
    }

    /// A move's strength: the product of its features' gammas (in group order, so the
    /// result is the same on every machine).
    #[inline]
    pub fn strength(&self, f: &Features) -> f32 {
        let mut s = 1.0f32;
        for (i, &level) in f.0.iter().enumerate() {
            if level != ABSENT {
                s *= self.gamma(ALL_GROUPS[i], level);
            }
        }
        s
    }

    /// Strengths of every legal move of the player to move (including filling own eyes)
    /// and of passing (last), as `(move, strength)`.
    pub fn rank_all(&self, b: &Board) -> Vec<(Move, f32)> {
        let mut out: Vec<(Move, f32)> = b
            .points()
            .filter(|&p| b.at(p) == EMPTY && b.is_legal(Move::Play(p)))
            .map(|p| (Move::Play(p), self.strength(&features::features(b, p))))
            .collect();
        out.push((Move::Pass, self.strength(&features::pass_features(b))));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_model_loads_and_round_trips() {
        let m = MoveModel::builtin();
        assert_eq!(MoveModel::from_bytes(&m.to_bytes()).as_ref(), Ok(m));
    }

    #[test]
    fn bad_files_are_refused() {
        let good = MoveModel::from_entries(&[(Group::Line, 3, 2.5)]).unwrap().to_bytes();
        assert!(MoveModel::from_bytes(&good).is_ok());
        assert!(MoveModel::from_bytes(&good[..good.len() - 1]).is_err());
        assert!(MoveModel::from_bytes(b"MGAMMA02\0\0\0\0").is_err());
        let mut bad = good.clone();
        bad[12] = 99; // group
        assert!(MoveModel::from_bytes(&bad).is_err());
        let mut bad = good.clone();
        bad[14] = 200; // level 200 of Line
        assert!(MoveModel::from_bytes(&bad).is_err());
        let mut bad = good;
        bad[16..20].copy_from_slice(&f32::NAN.to_le_bytes());
        assert!(MoveModel::from_bytes(&bad).is_err());
    }
}
