//! The learned move model: a strength ("gamma", Coulom 2007) for each feature level of
//! [`crate::model::features`]; a move's strength is the product of its features' gammas, and the
//! probability that a professional plays it is its strength over the sum of all
//! candidates' strengths (the generalised Bradley-Terry model). The search uses the
//! strengths as tree priors and to order moves for progressive widening.
//!
//! The weights that ship with the bot, `crates/go/data/patterns.bin` (the 3x3 model, priors
//! of profiles v2 to v7) and `crates/go/data/patterns-large.bin` (the large-pattern model,
//! priors of v8), were learned with `menace_go_lab::mm` from Debian's
//! `goban-original-games` (see `crates/go/data/README.md`).
//!
//! File format `MGAMMA01` (little-endian), the 3x3 model: the 8 bytes `MGAMMA01`, a `u32`
//! count, then per entry a `u8` group index, a zero byte, a `u16` level and an `f32` gamma
//! (finite, positive). Levels not listed have gamma 1. No [`Group::LargePattern`] entries.
//!
//! File format `MGAMMA02`, a model with large patterns ([`crate::model::large`]): the 8
//! bytes `MGAMMA02`, the count and entries of `MGAMMA01` (no [`Group::LargePattern`]
//! entries), then a `u32` count of patterns (1 to [`MAX_PATTERNS`]) and per pattern a `u8`
//! size (gridcular distance, 4 to 10), three zero bytes, a `u64` canonical hash and an
//! `f32` gamma; patterns strictly increasing by size then hash, no hash twice. The `i`-th
//! pattern is level `i` of [`Group::LargePattern`].

use std::sync::OnceLock;

use crate::model::features::{self, Features, Group, ABSENT, ALL_GROUPS, GROUPS};
use crate::model::large::{PatternDict, PatternHash, PatternSize, MAX_PATTERNS};
use crate::rules::board::{Board, Move, Point, EMPTY};

const MAGIC: &[u8; 8] = b"MGAMMA01";
const MAGIC_LARGE: &[u8; 8] = b"MGAMMA02";
/// Largest accepted number of entries (a 3x3 pattern set has well under 10,000).
const MAX_ENTRIES: usize = 1 << 17;
/// Bytes per pattern of an `MGAMMA02` file.
const PATTERN_BYTES: usize = 16;
/// The weights that ship with the bot.
static BUILTIN: &[u8] = include_bytes!("../../data/patterns.bin");
/// The large-pattern weights that ship with the bot.
static BUILTIN_LARGE: &[u8] = include_bytes!("../../data/patterns-large.bin");

/// Strengths per feature level.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveModel {
    /// Canonical 3x3 code to gamma (65,536 entries).
    pattern: Vec<f32>,
    /// Per other group, level to gamma ([`Group::LargePattern`]: one per pattern of
    /// `large`).
    levels: [Vec<f32>; GROUPS],
    /// The large patterns the model knows, if it has any.
    large: Option<PatternDict>,
}

impl Default for MoveModel {
    /// The neutral model: every gamma 1, all moves alike, no large patterns.
    fn default() -> Self {
        MoveModel {
            pattern: vec![1.0; 1 << 16],
            levels: std::array::from_fn(|g| match ALL_GROUPS[g] {
                Group::Pattern3 | Group::LargePattern => Vec::new(),
                group => vec![1.0; usize::from(group.max_level()) + 1],
            }),
            large: None,
        }
    }
}

impl MoveModel {
    /// The 3x3 model that ships with the bot (parsed once).
    pub fn builtin() -> &'static MoveModel {
        static M: OnceLock<MoveModel> = OnceLock::new();
        M.get_or_init(|| MoveModel::from_bytes(BUILTIN).expect("the built-in move model is valid"))
    }

    /// The large-pattern model that ships with the bot (parsed once).
    pub fn builtin_large() -> &'static MoveModel {
        static M: OnceLock<MoveModel> = OnceLock::new();
        M.get_or_init(|| {
            MoveModel::from_bytes(BUILTIN_LARGE).expect("the built-in large-pattern model is valid")
        })
    }

    /// A model from `(group, level, gamma)` entries; levels not given stay at 1.
    pub fn from_entries(entries: &[(Group, u16, f32)]) -> Result<MoveModel, String> {
        MoveModel::with_large_patterns(entries, None)
    }

    /// A model from entries and the large patterns their [`Group::LargePattern`] levels
    /// index (patterns without an entry have gamma 1).
    pub fn with_large_patterns(
        entries: &[(Group, u16, f32)],
        large: Option<PatternDict>,
    ) -> Result<MoveModel, String> {
        let mut m = MoveModel::default();
        if let Some(d) = &large {
            if d.is_empty() {
                return Err("a large-pattern model needs at least one pattern".into());
            }
            m.levels[Group::LargePattern as usize] = vec![1.0; d.len()];
        }
        m.large = large;
        for &(g, level, gamma) in entries {
            if !(gamma.is_finite() && gamma > 0.0) {
                return Err(format!("gamma {gamma} of {g:?} {level} is not a positive number"));
            }
            if level > g.max_level() {
                return Err(format!("level {level} is out of range for {g:?}"));
            }
            match g {
                Group::Pattern3 => m.pattern[level as usize] = gamma,
                Group::LargePattern => {
                    let known = m.levels[g as usize].len();
                    *m.levels[g as usize].get_mut(level as usize).ok_or_else(|| {
                        format!("large pattern {level} is beyond the {known} of the dictionary")
                    })? = gamma;
                }
                _ => m.levels[g as usize][level as usize] = gamma,
            }
        }
        Ok(m)
    }

    /// Reads the file formats (see the module documentation); any deviation is an error.
    pub fn from_bytes(bytes: &[u8]) -> Result<MoveModel, String> {
        let (with_large, rest) = match (bytes.strip_prefix(MAGIC), bytes.strip_prefix(MAGIC_LARGE))
        {
            (Some(rest), _) => (false, rest),
            (_, Some(rest)) => (true, rest),
            _ => return Err("not a move model (bad magic)".into()),
        };
        let (count, rest) = read_u32(rest).ok_or("truncated entry count")?;
        if count > MAX_ENTRIES {
            return Err(format!("{count} entries is more than the limit of {MAX_ENTRIES}"));
        }
        let (body, rest) = if with_large {
            rest.split_at_checked(count * 8).ok_or_else(|| {
                format!("{count} entries need {} bytes, got {}", count * 8, rest.len())
            })?
        } else if rest.len() != count * 8 {
            return Err(format!("{count} entries need {} bytes, got {}", count * 8, rest.len()));
        } else {
            (rest, &[][..])
        };
        let mut entries = Vec::with_capacity(count);
        let mut seen = std::collections::HashSet::new();
        for e in body.chunks_exact(8) {
            let g = Group::from_index(e[0] as usize)
                .ok_or_else(|| format!("unknown feature group {}", e[0]))?;
            if g == Group::LargePattern {
                return Err("large-pattern gammas belong in the pattern list".into());
            }
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
        if !with_large {
            return MoveModel::from_entries(&entries);
        }
        let (n, rest) = read_u32(rest).ok_or("truncated pattern count")?;
        if n == 0 || n > MAX_PATTERNS {
            return Err(format!("{n} patterns is not between 1 and {MAX_PATTERNS}"));
        }
        if rest.len() != n * PATTERN_BYTES {
            let want = n * PATTERN_BYTES;
            return Err(format!("{n} patterns need {want} bytes, got {}", rest.len()));
        }
        let mut keys = Vec::with_capacity(n);
        for (level, e) in rest.chunks_exact(PATTERN_BYTES).enumerate() {
            let size = PatternSize::new(e[0])
                .ok_or_else(|| format!("pattern size {} is not 4 to 10", e[0]))?;
            if e[1..4] != [0, 0, 0] {
                return Err("reserved pattern bytes are not zero".into());
            }
            let hash = u64::from_le_bytes(e[4..12].try_into().unwrap_or_default());
            let gamma = f32::from_le_bytes(e[12..16].try_into().unwrap_or_default());
            keys.push((size, PatternHash(hash)));
            entries.push((Group::LargePattern, level as u16, gamma));
        }
        MoveModel::with_large_patterns(&entries, Some(PatternDict::new(keys)?))
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

    /// The large patterns the model knows, if any.
    pub fn large_patterns(&self) -> Option<&PatternDict> {
        self.large.as_ref()
    }

    /// The file format of [`MoveModel::from_bytes`]: `MGAMMA02` if the model has large
    /// patterns, else `MGAMMA01`.
    pub fn to_bytes(&self) -> Vec<u8> {
        let entries: Vec<_> =
            self.entries().into_iter().filter(|e| e.0 != Group::LargePattern).collect();
        let mut out = Vec::with_capacity(12 + 8 * entries.len());
        out.extend_from_slice(if self.large.is_some() { MAGIC_LARGE } else { MAGIC });
        out.extend_from_slice(&(entries.len() as u32).to_le_bytes());
        for (g, level, gamma) in entries {
            out.push(g as u8);
            out.push(0);
            out.extend_from_slice(&level.to_le_bytes());
            out.extend_from_slice(&gamma.to_le_bytes());
        }
        if let Some(d) = &self.large {
            out.extend_from_slice(&(d.len() as u32).to_le_bytes());
            let gammas = &self.levels[Group::LargePattern as usize];
            for (&(size, hash), gamma) in d.keys().iter().zip(gammas) {
                out.extend_from_slice(&[size.distance(), 0, 0, 0]);
                out.extend_from_slice(&hash.0.to_le_bytes());
                out.extend_from_slice(&gamma.to_le_bytes());
            }
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

    /// The features this model reads of the player to move playing at the empty, legal
    /// point `p`: [`features::features`], and the largest known large pattern if the model
    /// has large patterns.
    #[inline]
    pub fn features(&self, b: &Board, p: Point) -> Features {
        features::features_with(b, p, self.large.as_ref())
    }

    /// Strengths of every legal move of the player to move (including filling own eyes)
    /// and of passing (last), as `(move, strength)`.
    pub fn rank_all(&self, b: &Board) -> Vec<(Move, f32)> {
        let mut out: Vec<(Move, f32)> = b
            .points()
            .filter(|&p| b.at(p) == EMPTY && b.is_legal(Move::Play(p)))
            .map(|p| (Move::Play(p), self.strength(&self.features(b, p))))
            .collect();
        out.push((Move::Pass, self.strength(&features::pass_features(b))));
        out
    }
}

/// A little-endian `u32` count off the front of `bytes`, and the rest.
fn read_u32(bytes: &[u8]) -> Option<(usize, &[u8])> {
    let (n, rest) = bytes.split_at_checked(4)?;
    Some((u32::from_le_bytes(n.try_into().ok()?) as usize, rest))
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
        // The 3x3 format has no large patterns.
        let large = MoveModel::from_entries(&[(Group::LargePattern, 0, 2.0)]);
        assert!(large.is_err());
        let mut bad = MoveModel::from_entries(&[(Group::Line, 3, 2.5)]).unwrap().to_bytes();
        bad[12] = Group::LargePattern as u8;
        assert!(MoveModel::from_bytes(&bad).is_err());
    }

    fn small_large_model() -> MoveModel {
        let size = |d| PatternSize::new(d).unwrap();
        let keys =
            vec![(size(4), PatternHash(7)), (size(4), PatternHash(9)), (size(6), PatternHash(3))];
        let entries =
            [(Group::Line, 3, 2.5), (Group::LargePattern, 0, 4.0), (Group::LargePattern, 2, 0.5)];
        MoveModel::with_large_patterns(&entries, Some(PatternDict::new(keys).unwrap())).unwrap()
    }

    #[test]
    fn large_models_round_trip() {
        let m = small_large_model();
        let bytes = m.to_bytes();
        assert_eq!(&bytes[..8], b"MGAMMA02");
        assert_eq!(bytes.len(), 8 + 4 + 8 + 4 + 3 * 16);
        let back = MoveModel::from_bytes(&bytes).unwrap();
        assert_eq!(back, m);
        assert_eq!(back.gamma(Group::LargePattern, 0), 4.0);
        assert_eq!(back.gamma(Group::LargePattern, 1), 1.0);
        assert_eq!(back.gamma(Group::LargePattern, 2), 0.5);
        assert_eq!(back.large_patterns().map(PatternDict::len), Some(3));
        let shipped = MoveModel::builtin_large();
        assert!(shipped.large_patterns().is_some_and(|d| !d.is_empty()));
        assert_eq!(MoveModel::from_bytes(&shipped.to_bytes()).as_ref(), Ok(shipped));
    }

    #[test]
    fn bad_large_files_are_refused() {
        let good = small_large_model().to_bytes();
        let first = 8 + 4 + 8 + 4; // the first pattern
        let refused = |edit: &dyn Fn(&mut Vec<u8>)| {
            let mut bad = good.clone();
            edit(&mut bad);
            MoveModel::from_bytes(&bad).err()
        };
        assert!(refused(&|b| b.truncate(b.len() - 1)).is_some(), "truncated");
        assert!(refused(&|b| b.push(0)).is_some(), "trailing byte");
        assert!(refused(&|b| b[first] = 3).is_some(), "size 3");
        assert!(refused(&|b| b[first] = 11).is_some(), "size 11");
        assert!(refused(&|b| b[first + 1] = 1).is_some(), "reserved byte");
        assert!(refused(&|b| b[first + 4] = 9).is_some(), "repeated key");
        assert!(refused(&|b| b[first + 32 + 4] = 9).is_some(), "a hash at two sizes");
        assert!(refused(&|b| b[first + 4] = 10).is_some(), "out of order");
        assert!(
            refused(&|b| b[first + 12..first + 16].copy_from_slice(&0f32.to_le_bytes())).is_some()
        );
        assert!(refused(&|b| b[first - 4..first].copy_from_slice(&0u32.to_le_bytes())).is_some());
        assert!(
            refused(&|b| b[first - 4..first].copy_from_slice(&u32::MAX.to_le_bytes())).is_some()
        );
        assert!(
            refused(&|b| b[12] = Group::LargePattern as u8).is_some(),
            "gamma outside the list"
        );
        let msg = refused(&|b| b.truncate(first - 2)).unwrap_or_default();
        assert!(msg.contains("pattern count"), "{msg}");
    }
}
