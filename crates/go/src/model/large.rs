//! Large patterns around a candidate move, the shape knowledge of the large-pattern move
//! model (Coulom 2007, "Computing Elo ratings of move patterns"; Pachi's "spatial
//! dictionary" is the same idea).
//!
//! **Shapes.** A pattern of size `d` is every point at *gridcular* distance `1..=d` from
//! the candidate, `dx + dy + max(dx, dy)` (the measure of Coulom's paper and Pachi, also
//! used by [`crate::model::features::distance_level`]): it grows in nested, nearly round
//! diamonds, and it is invariant under the 8 symmetries of the board, so every shape maps
//! onto itself. Distance 3 is the 3x3 square, already the [`Group::Pattern3`] feature;
//! the large sizes are 4 to 10, that is 12, 20, 28, 36, 48, 60 and 72 neighbours (size 10
//! reaches five points away along a line, seven on a diagonal). Pachi uses the same range.
//! Beyond 10 a pattern is almost never seen twice in a few hundred games (see
//! `crates/go/data/README.md` for how many of each size the dictionary holds).
//!
//! **Contents.** Each point is empty, the player to move's stone ("ours"), the
//! opponent's ("theirs") or off the board, so a pattern and its colour-swapped twin for
//! the other player to move are one pattern, and patterns near the edge know where it is.
//!
//! **Hashing.** A pattern's hash is the XOR of a fixed Zobrist key per (offset, content),
//! and a key per size; the keys come from SplitMix64 on a fixed seed at compile time, so
//! every build on every machine has the same ones. The *canonical* hash is the least of the
//! hashes of the 8 rotations and reflections of the pattern, so equivalent shapes share
//! one hash; all 8 are kept up to date at once while the neighbourhood is read, point by
//! point, out to the largest size.
//!
//! **Dictionary.** A [`PatternDict`] is the set of canonical hashes learned from games (the
//! patterns played at least K times, less those no candidate ever had as its largest
//! match, see `menace_go_lab::mm`); a move's [`Group::LargePattern`] level is the index
//! of the *largest* of its patterns found there ([`PatternDict::largest_match`]).
//!
//! [`Group::Pattern3`]: crate::model::features::Group::Pattern3
//! [`Group::LargePattern`]: crate::model::features::Group::LargePattern

use std::collections::HashMap;

use crate::rules::board::{Board, Point, EMPTY};

/// Smallest large-pattern size (gridcular distance); 3 is the 3x3 pattern.
pub const MIN_DISTANCE: u8 = 4;
/// Largest large-pattern size (gridcular distance).
pub const MAX_DISTANCE: u8 = 10;
/// Number of large-pattern sizes.
pub const SIZES: usize = (MAX_DISTANCE - MIN_DISTANCE + 1) as usize;
/// Points within the largest size (the candidate itself excluded).
const N_OFFSETS: usize = 72;
/// Farthest row or column offset within [`MAX_DISTANCE`] (`(5, 0)` is at distance 10).
const REACH: i8 = 5;

/// The gridcular distance of an offset: `dx + dy + max(dx, dy)`.
pub const fn gridcular(dr: i8, dc: i8) -> u8 {
    let (a, b) = (dr.unsigned_abs(), dc.unsigned_abs());
    a + b + if a > b { a } else { b }
}

/// A large-pattern size: the gridcular distance it reaches, 4 to 10.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PatternSize(u8);

impl PatternSize {
    /// Every size, smallest first.
    pub const ALL: [PatternSize; SIZES] = {
        let mut out = [PatternSize(0); SIZES];
        let mut i = 0;
        while i < SIZES {
            out[i] = PatternSize(MIN_DISTANCE + i as u8);
            i += 1;
        }
        out
    };

    /// The size reaching gridcular distance `distance`, if it is a large-pattern size.
    pub const fn new(distance: u8) -> Option<PatternSize> {
        if distance >= MIN_DISTANCE && distance <= MAX_DISTANCE {
            Some(PatternSize(distance))
        } else {
            None
        }
    }

    /// The gridcular distance it reaches.
    pub const fn distance(self) -> u8 {
        self.0
    }

    /// Its index in [`PatternSize::ALL`].
    pub const fn index(self) -> usize {
        (self.0 - MIN_DISTANCE) as usize
    }

    /// How many points it holds besides the candidate.
    pub const fn points(self) -> usize {
        END[self.index()]
    }
}

/// The canonical hash of a pattern of one size (the size is mixed in, so patterns of
/// different sizes do not share hashes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PatternHash(pub u64);

/// What a point of a pattern holds, seen from the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Cell {
    /// An empty point.
    Empty = 0,
    /// A stone of the player to move.
    Ours = 1,
    /// A stone of the opponent.
    Theirs = 2,
    /// Off the board.
    Off = 3,
}

/// The offsets of all points within [`MAX_DISTANCE`], nearest first (by distance, then row,
/// then column), so that every size is a prefix.
const OFFSETS: [(i8, i8); N_OFFSETS] = {
    let mut out = [(0i8, 0i8); N_OFFSETS];
    let mut n = 0;
    let mut d = 1;
    while d <= MAX_DISTANCE {
        let mut dr = -REACH;
        while dr <= REACH {
            let mut dc = -REACH;
            while dc <= REACH {
                if gridcular(dr, dc) == d {
                    out[n] = (dr, dc);
                    n += 1;
                }
                dc += 1;
            }
            dr += 1;
        }
        d += 1;
    }
    assert!(n == N_OFFSETS);
    out
};

/// Per size, how many of [`OFFSETS`] it holds.
const END: [usize; SIZES] = {
    let mut out = [0; SIZES];
    let mut s = 0;
    while s < SIZES {
        let mut i = 0;
        while i < N_OFFSETS {
            if gridcular(OFFSETS[i].0, OFFSETS[i].1) <= MIN_DISTANCE + s as u8 {
                out[s] += 1;
            }
            i += 1;
        }
        s += 1;
    }
    out
};

/// Symmetry `k` of the 8 (bit 2: swap row and column, bit 0: flip rows, bit 1: flip
/// columns) applied to an offset.
const fn transform(k: usize, dr: i8, dc: i8) -> (i8, i8) {
    let (mut a, mut b) = if k & 4 != 0 { (dc, dr) } else { (dr, dc) };
    if k & 1 != 0 {
        a = -a;
    }
    if k & 2 != 0 {
        b = -b;
    }
    (a, b)
}

const fn offset_index(dr: i8, dc: i8) -> usize {
    let mut i = 0;
    while i < N_OFFSETS {
        if OFFSETS[i].0 == dr && OFFSETS[i].1 == dc {
            return i;
        }
        i += 1;
    }
    panic!("offset out of range")
}

/// The seed of the Zobrist keys (ASCII "menace-g"). Changing it changes every hash and
/// so invalidates every learned dictionary.
const SEED: u64 = 0x6D65_6E61_6365_2D67;

/// SplitMix64 (Steele, Lea and Flood 2014; the generator Java's `SplittableRandom` and
/// the xoshiro authors use for seeding): advances `state` and returns the next output.
const fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The Zobrist keys, one per (offset, content), then one per size.
struct Keys {
    point: [[u64; 4]; N_OFFSETS],
    size: [u64; SIZES],
}

const KEYS: Keys = {
    let mut state = SEED;
    let mut point = [[0u64; 4]; N_OFFSETS];
    let mut i = 0;
    while i < N_OFFSETS {
        let mut c = 0;
        while c < 4 {
            point[i][c] = splitmix64(&mut state);
            c += 1;
        }
        i += 1;
    }
    let mut size = [0u64; SIZES];
    let mut s = 0;
    while s < SIZES {
        size[s] = splitmix64(&mut state);
        s += 1;
    }
    Keys { point, size }
};

/// `BY_SYMMETRY[i][c][k]`: the key of content `c` at the image of offset `i` under symmetry
/// `k`. XORing these while reading the neighbourhood once gives the hashes of all 8
/// transformed patterns.
static BY_SYMMETRY: [[[u64; 8]; 4]; N_OFFSETS] = {
    let mut out = [[[0u64; 8]; 4]; N_OFFSETS];
    let mut i = 0;
    while i < N_OFFSETS {
        let mut k = 0;
        while k < 8 {
            let (dr, dc) = transform(k, OFFSETS[i].0, OFFSETS[i].1);
            let j = offset_index(dr, dc);
            let mut c = 0;
            while c < 4 {
                out[i][c][k] = KEYS.point[j][c];
                c += 1;
            }
            k += 1;
        }
        i += 1;
    }
    out
};

/// What the point `(r + dr, c + dc)` holds for the player to move.
#[inline]
fn cell(b: &Board, r: isize, c: isize, ours: u8) -> Cell {
    let n = b.size() as isize;
    if r < 0 || c < 0 || r >= n || c >= n {
        return Cell::Off;
    }
    match b.at(b.point(r as usize, c as usize)) {
        EMPTY => Cell::Empty,
        x if x == ours => Cell::Ours,
        _ => Cell::Theirs,
    }
}

/// The canonical hashes of the patterns of every size around `p` (an on-board point), for
/// the player to move, smallest size first.
pub fn hashes(b: &Board, p: Point) -> [PatternHash; SIZES] {
    let (r, c) = b.row_col(p);
    let (r, c) = (r as isize, c as isize);
    let ours = b.to_move().stone();
    let mut h = [0u64; 8];
    let mut out = [PatternHash(0); SIZES];
    let mut start = 0;
    for (s, &end) in END.iter().enumerate() {
        for (i, &(dr, dc)) in OFFSETS.iter().enumerate().take(end).skip(start) {
            let keys = &BY_SYMMETRY[i][cell(b, r + dr as isize, c + dc as isize, ours) as usize];
            for (x, k) in h.iter_mut().zip(keys) {
                *x ^= k;
            }
        }
        start = end;
        out[s] = PatternHash(h.iter().fold(u64::MAX, |m, &x| m.min(x)) ^ KEYS.size[s]);
    }
    out
}

/// Largest number of patterns in a dictionary: a move's level is a `u16` and
/// [`features::ABSENT`](crate::model::features::ABSENT) takes the last value.
pub const MAX_PATTERNS: usize = u16::MAX as usize - 1;

/// The learned set of large patterns: the level of a pattern is its index, in order of size
/// then hash.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternDict {
    keys: Vec<(PatternSize, PatternHash)>,
    /// Open addressing on the hash (already uniform): level, or [`NO_SLOT`].
    slots: Vec<u16>,
}

const NO_SLOT: u16 = u16::MAX;

impl PatternDict {
    /// A dictionary of `keys`, which must be strictly increasing (by size, then hash),
    /// at most [`MAX_PATTERNS`] of them, with no hash given twice.
    pub fn new(keys: Vec<(PatternSize, PatternHash)>) -> Result<PatternDict, String> {
        if keys.len() > MAX_PATTERNS {
            return Err(format!(
                "{} patterns is more than the limit of {MAX_PATTERNS}",
                keys.len()
            ));
        }
        if let Some(w) = keys.windows(2).find(|w| w[0] >= w[1]) {
            return Err(format!("patterns out of order: {:?} then {:?}", w[0], w[1]));
        }
        let cap = (2 * keys.len()).next_power_of_two().max(2);
        let mut slots = vec![NO_SLOT; cap];
        for (level, &(_, h)) in keys.iter().enumerate() {
            let mut i = slot_of(h, cap);
            while slots[i] != NO_SLOT {
                if keys[slots[i] as usize].1 == h {
                    return Err(format!("hash {:#018x} is given twice", h.0));
                }
                i = (i + 1) & (cap - 1);
            }
            slots[i] = level as u16;
        }
        Ok(PatternDict { keys, slots })
    }

    /// The patterns seen at least `min_count` times in `counts` (how often each was
    /// played), in the dictionary's order.
    pub fn from_counts(counts: &PatternCounts, min_count: u32) -> Result<PatternDict, String> {
        let mut keys: Vec<_> =
            counts.iter().filter(|&(_, &n)| n >= min_count).map(|(&k, _)| k).collect();
        keys.sort_unstable();
        PatternDict::new(keys)
    }

    /// Number of patterns.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Holds no pattern.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The patterns, by level.
    pub fn keys(&self) -> &[(PatternSize, PatternHash)] {
        &self.keys
    }

    /// The level of the pattern with canonical hash `h`, if known.
    #[inline]
    pub fn level(&self, h: PatternHash) -> Option<u16> {
        let cap = self.slots.len();
        let mut i = slot_of(h, cap);
        loop {
            let s = self.slots[i];
            if s == NO_SLOT {
                return None;
            }
            if self.keys[s as usize].1 == h {
                return Some(s);
            }
            i = (i + 1) & (cap - 1);
        }
    }

    /// The level of the largest of a move's patterns (`hashes`, by size) in the
    /// dictionary, if any: the most specific knowledge wins, as in Coulom's and Pachi's
    /// models. All sizes are tried, largest first, so a dictionary need not hold the smaller
    /// patterns of the larger ones (a learned one does: a pattern is played at least as
    /// often as any larger one around it).
    #[inline]
    pub fn largest_match(&self, hashes: &[PatternHash; SIZES]) -> Option<u16> {
        hashes.iter().rev().find_map(|&h| self.level(h))
    }
}

#[inline]
fn slot_of(h: PatternHash, cap: usize) -> usize {
    (h.0 ^ h.0 >> 32) as usize & (cap - 1)
}

/// How often each pattern was played (the harvest the dictionary is chosen from).
pub type PatternCounts = HashMap<(PatternSize, PatternHash), u32>;

/// Counts the patterns of every size of the player to move playing at `p`.
pub fn count(counts: &mut PatternCounts, b: &Board, p: Point) {
    for (size, h) in PatternSize::ALL.into_iter().zip(hashes(b, p)) {
        *counts.entry((size, h)).or_insert(0) += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::{Colour, Move, BLACK, WHITE};
    use menace_stats::rng::{below, from_seed, GameRng};

    /// The neighbourhood of `p` read the slow way: a map from offset to content.
    fn read(b: &Board, p: Point) -> HashMap<(i8, i8), Cell> {
        let (r, c) = b.row_col(p);
        let ours = b.to_move().stone();
        OFFSETS
            .iter()
            .map(|&(dr, dc)| {
                ((dr, dc), cell(b, r as isize + dr as isize, c as isize + dc as isize, ours))
            })
            .collect()
    }

    /// The hash of an explicit pattern of `size` (no symmetry), from the key table.
    fn raw_hash(pat: &HashMap<(i8, i8), Cell>, size: PatternSize) -> u64 {
        let mut h = KEYS.size[size.index()];
        for (i, off) in OFFSETS.iter().enumerate().take(size.points()) {
            h ^= KEYS.point[i][pat[off] as usize];
        }
        h
    }

    /// The pattern moved by symmetry `k`: what was at `o` is now at `transform(k, o)`.
    fn moved(pat: &HashMap<(i8, i8), Cell>, k: usize) -> HashMap<(i8, i8), Cell> {
        pat.iter().map(|(&(dr, dc), &x)| (transform(k, dr, dc), x)).collect()
    }

    /// The pattern as a list in offset order, cut to `size`: a representative to compare.
    fn listed(pat: &HashMap<(i8, i8), Cell>, size: PatternSize) -> Vec<Cell> {
        OFFSETS[..size.points()].iter().map(|o| pat[o]).collect()
    }

    /// A position after `moves` random legal moves (captures included).
    fn random_board(rng: &mut GameRng, n: usize, moves: u32) -> Board {
        let mut b = Board::new(n);
        for _ in 0..moves {
            let empties: Vec<Point> = b.points().filter(|&p| b.at(p) == EMPTY).collect();
            let p = empties[below(rng, empties.len() as u32) as usize];
            if b.is_legal(Move::Play(p)) {
                b.play_unchecked(Move::Play(p));
            }
        }
        b
    }

    /// The board turned by symmetry `k` (rows and columns of the whole board), with the
    /// colours swapped if `swap` (the player to move too).
    fn turned(b: &Board, k: usize, swap: bool) -> (Board, impl Fn(usize, usize) -> (usize, usize)) {
        let n = b.size();
        let m = n as i8 - 1;
        let map = move |r: usize, c: usize| {
            // Centre the board, transform as an offset, move back.
            let (dr, dc) = transform(k, 2 * r as i8 - m, 2 * c as i8 - m);
            (((dr + m) / 2) as usize, ((dc + m) / 2) as usize)
        };
        let mut stones = vec![EMPTY; n * n];
        for r in 0..n {
            for c in 0..n {
                let (r2, c2) = map(r, c);
                let x = b.at(b.point(r, c));
                stones[r2 * n + c2] = match (x, swap) {
                    (BLACK, true) => WHITE,
                    (WHITE, true) => BLACK,
                    _ => x,
                };
            }
        }
        let to_move = if swap { b.to_move().opponent() } else { b.to_move() };
        (Board::from_stones(n, &stones, to_move).expect("a turned legal board is legal"), map)
    }

    #[test]
    fn the_shapes_are_nested_diamonds_closed_under_symmetry() {
        assert_eq!(
            PatternSize::ALL.map(|s| s.points()),
            [12, 20, 28, 36, 48, 60, 72],
            "gridcular distances 4..=10"
        );
        for (i, &(dr, dc)) in OFFSETS.iter().enumerate() {
            for k in 0..8 {
                let (a, b) = transform(k, dr, dc);
                assert_eq!(gridcular(a, b), gridcular(dr, dc));
                assert!(OFFSETS.contains(&(a, b)), "{i}");
            }
        }
        // The 8 transforms are distinct and form a group (closed under composition).
        let probe = (2i8, 1i8);
        let images: std::collections::HashSet<_> =
            (0..8).map(|k| transform(k, probe.0, probe.1)).collect();
        assert_eq!(images.len(), 8);
    }

    /// SplitMix64 from state 0 gives 0xe220a8397b1dcdaf first (the published first output
    /// of the reference implementation), so the keys are the generator's and not some
    /// platform's; a hash is then the XOR of keys a slow reading of the board picks.
    #[test]
    fn hashes_are_fixed_by_the_seed_and_derivable_by_hand() {
        let mut s = 0u64;
        assert_eq!(splitmix64(&mut s), 0xE220_A839_7B1D_CDAF);
        assert_eq!(splitmix64(&mut s), 0x6E78_9E6A_A1B9_65F4);
        let mut s = SEED;
        assert_eq!(KEYS.point[0][0], splitmix64(&mut s));
        // The empty 19x19 board's 3-3 point: the least over the 8 symmetries of the raw
        // hash, computed from the explicit neighbourhood.
        let b = Board::new(19);
        let p = b.point(2, 2);
        let pat = read(&b, p);
        for (s, size) in PatternSize::ALL.into_iter().enumerate() {
            let want =
                (0..8).map(|k| raw_hash(&moved(&pat, k), size) ^ KEYS.size[s]).min().unwrap()
                    ^ KEYS.size[s];
            assert_eq!(hashes(&b, p)[s], PatternHash(want));
        }
        // Literals from an independent implementation (a few lines of Python following the
        // module documentation): the learned dictionary depends on these exact values.
        assert_eq!(hashes(&b, b.point(3, 3))[6], PatternHash(0x432F_A201_7A67_CA32));
        assert_eq!(hashes(&b, b.point(0, 0))[0], PatternHash(0x0880_ED85_75DC_A9EF));
        // An X above and an O to the left of the 4-4 point: for white to move that is the
        // same shape reflected on the diagonal, colours swapped, so the same pattern.
        let diagram = |to_move| {
            let mut rows = vec![".".repeat(19); 19];
            rows[2].replace_range(3..4, "X");
            rows[3].replace_range(2..3, "O");
            Board::from_diagram(&rows.join("\n"), to_move).unwrap()
        };
        for to_move in [Colour::Black, Colour::White] {
            let b = diagram(to_move);
            assert_eq!(hashes(&b, b.point(3, 3))[2], PatternHash(0x5D00_957D_1F00_0168));
        }
    }

    /// Brute force on random boards: the canonical hash of a point equals that of its
    /// image on each of the 8 turned boards and on their colour-swapped twins (with the
    /// other player to move), and two neighbourhoods get the same hash exactly when their
    /// least representatives over the 8 symmetries are the same.
    #[test]
    fn canonical_hashes_agree_with_brute_force_over_symmetries_and_colours() {
        let mut rng = from_seed(11);
        let mut classes: HashMap<(PatternSize, Vec<Cell>), PatternHash> = HashMap::new();
        let mut seen: HashMap<PatternHash, (PatternSize, Vec<Cell>)> = HashMap::new();
        for trial in 0..60 {
            let n = [9, 13, 19][trial % 3];
            let moves = below(&mut rng, (n * n) as u32);
            let b = random_board(&mut rng, n, moves);
            for _ in 0..6 {
                let (r, c) =
                    (below(&mut rng, n as u32) as usize, below(&mut rng, n as u32) as usize);
                let p = b.point(r, c);
                let h = hashes(&b, p);
                for k in 0..8 {
                    for swap in [false, true] {
                        let (t, map) = turned(&b, k, swap);
                        let (r2, c2) = map(r, c);
                        assert_eq!(hashes(&t, t.point(r2, c2)), h, "k {k} swap {swap}");
                    }
                }
                let pat = read(&b, p);
                for size in PatternSize::ALL {
                    let canon = (0..8).map(|k| listed(&moved(&pat, k), size)).min().unwrap();
                    let hh = h[size.index()];
                    assert_eq!(
                        *classes.entry((size, canon.clone())).or_insert(hh),
                        hh,
                        "not canonical"
                    );
                    let key = (size, canon);
                    assert_eq!(*seen.entry(hh).or_insert(key.clone()), key, "collision");
                }
            }
        }
        assert!(classes.len() > 1000, "{}", classes.len());
    }

    #[test]
    fn the_largest_pattern_in_the_dictionary_is_the_match() {
        // Around (3, 4): an X at distance 3 and, on the first board only, an O at (5, 5),
        // distance 2 + 1 + 2 = 5: the two boards share their size-4 pattern only.
        let with_o = Board::from_diagram(
            "...........\n...........\n...X.......\n...........\n...........\n\
             .....O.....\n...........\n...........\n...........\n...........\n...........\n",
            Colour::Black,
        )
        .unwrap();
        let without = Board::from_diagram(
            "...........\n...........\n...X.......\n...........\n...........\n\
             ...........\n...........\n...........\n...........\n...........\n...........\n",
            Colour::Black,
        )
        .unwrap();
        let (h, g) = (hashes(&with_o, with_o.point(3, 4)), hashes(&without, without.point(3, 4)));
        assert_eq!(h[0], g[0]);
        assert!((1..SIZES).all(|s| h[s] != g[s]));
        let size = |d: u8| PatternSize::new(d).unwrap();
        let dict = |sizes: &[u8]| {
            let mut keys: Vec<_> = sizes.iter().map(|&d| (size(d), h[size(d).index()])).collect();
            keys.sort();
            PatternDict::new(keys).unwrap()
        };
        // Nested sizes 4, 5, 6 (levels 0, 1, 2): size 6 wins.
        assert_eq!(dict(&[4, 5, 6]).largest_match(&h), Some(2));
        // A gap does not stop the search: size 9 without 5 to 8 still wins.
        assert_eq!(dict(&[4, 9]).largest_match(&h), Some(1));
        assert_eq!(dict(&[9]).largest_match(&h), Some(0));
        // The other board shares size 4 only.
        assert_eq!(dict(&[4, 9]).largest_match(&g), Some(0));
        assert_eq!(dict(&[5, 9]).largest_match(&g), None);
        // Dictionaries from counts: the first board's patterns played twice, the second's
        // once, so its size-4 pattern three times.
        let mut counts = PatternCounts::new();
        count(&mut counts, &with_o, with_o.point(3, 4));
        count(&mut counts, &with_o, with_o.point(3, 4));
        count(&mut counts, &without, without.point(3, 4));
        assert_eq!(counts[&(size(4), h[0])], 3);
        assert_eq!(counts[&(size(10), h[6])], 2);
        let k2 = PatternDict::from_counts(&counts, 2).unwrap();
        assert_eq!(k2.len(), SIZES);
        assert_eq!(k2.largest_match(&h), k2.level(h[6]));
        assert_eq!(k2.largest_match(&g), k2.level(g[0]));
        let k3 = PatternDict::from_counts(&counts, 3).unwrap();
        assert_eq!(k3.len(), 1);
        assert_eq!((k3.largest_match(&h), k3.largest_match(&g)), (Some(0), Some(0)));
    }

    #[test]
    fn dictionaries_refuse_disorder_and_repeats() {
        let s4 = PatternSize::new(4).unwrap();
        let s5 = PatternSize::new(5).unwrap();
        assert!(PatternDict::new(vec![(s4, PatternHash(2)), (s4, PatternHash(1))]).is_err());
        assert!(PatternDict::new(vec![(s4, PatternHash(1)), (s4, PatternHash(1))]).is_err());
        assert!(PatternDict::new(vec![(s4, PatternHash(1)), (s5, PatternHash(1))]).is_err());
        let d = PatternDict::new(vec![(s4, PatternHash(1)), (s5, PatternHash(2))]).unwrap();
        assert_eq!((d.level(PatternHash(1)), d.level(PatternHash(2))), (Some(0), Some(1)));
        assert_eq!(d.level(PatternHash(3)), None);
        assert!(PatternDict::new(Vec::new()).unwrap().level(PatternHash(0)).is_none());
        assert!(PatternSize::new(3).is_none() && PatternSize::new(11).is_none());
    }
}
