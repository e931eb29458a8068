//! The learned move models and their use in the search: the weights files are validated
//! (any bytes give a model or an error, never a panic), the shipped weights encode opening
//! knowledge, and profile v2 searches only the strongest few moves at first.

use menace_go::model::move_model::MoveModel;
use menace_go::rules::board::{Board, Point};
use menace_go::search::mcts::{self, SearchConfig};
use menace_go::search::profile::Profile;
use menace_go::search::tree::RootRules;
use proptest::prelude::*;

fn line(b: &Board, p: Point) -> usize {
    let (r, c) = b.row_col(p);
    let n = b.size();
    r.min(c).min(n - 1 - r).min(n - 1 - c) + 1
}

proptest! {
    #[test]
    fn any_bytes_give_a_model_or_an_error(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        if let Ok(m) = MoveModel::from_bytes(&bytes) {
            prop_assert_eq!(MoveModel::from_bytes(&m.to_bytes()), Ok(m));
        }
    }

    #[test]
    fn corrupted_weights_give_a_model_or_an_error(at in 0usize..4096, byte in any::<u8>()) {
        let mut bytes = MoveModel::builtin().to_bytes();
        let i = at % bytes.len();
        bytes[i] = byte;
        if let Ok(m) = MoveModel::from_bytes(&bytes) {
            prop_assert_eq!(MoveModel::from_bytes(&m.to_bytes()), Ok(m));
        }
    }

    /// Bytes after either magic, with small counts so that the parser gets past them.
    #[test]
    fn any_bytes_after_a_magic_give_a_model_or_an_error(
        large in any::<bool>(),
        entries in 0u32..4,
        patterns in 0u32..4,
        tail in proptest::collection::vec(any::<u8>(), 0..120),
    ) {
        let mut bytes = if large { b"MGAMMA02".to_vec() } else { b"MGAMMA01".to_vec() };
        bytes.extend_from_slice(&entries.to_le_bytes());
        bytes.extend_from_slice(&tail[..tail.len().min(8 * entries as usize)]);
        bytes.extend_from_slice(&patterns.to_le_bytes());
        bytes.extend_from_slice(&tail);
        if let Ok(m) = MoveModel::from_bytes(&bytes) {
            prop_assert_eq!(MoveModel::from_bytes(&m.to_bytes()), Ok(m));
        }
    }

    /// Pattern lists near the valid ones (sizes around 4 to 10, reserved bytes mostly zero,
    /// few distinct hashes, odd gammas): the loader accepts exactly the valid lists.
    #[test]
    fn the_loader_accepts_exactly_the_valid_pattern_lists(
        patterns in proptest::collection::vec(
            (
                3u8..12,
                prop_oneof![4 => Just([0u8; 3]), 1 => any::<[u8; 3]>()],
                0u64..6,
                prop_oneof![
                    12 => Just(1.5f32),
                    1 => Just(0.0f32),
                    1 => Just(-2.0f32),
                    1 => Just(f32::NAN),
                    1 => Just(f32::INFINITY),
                ],
            ),
            0..6,
        ),
        count_off in -1i64..=1,
        trailing in proptest::collection::vec(any::<u8>(), 0..2),
    ) {
        let mut bytes = b"MGAMMA02".to_vec();
        bytes.extend_from_slice(&0u32.to_le_bytes());
        let count = (patterns.len() as i64 + count_off).max(0) as u32;
        bytes.extend_from_slice(&count.to_le_bytes());
        for (size, reserved, hash, gamma) in &patterns {
            bytes.push(*size);
            bytes.extend_from_slice(reserved);
            bytes.extend_from_slice(&hash.to_le_bytes());
            bytes.extend_from_slice(&gamma.to_le_bytes());
        }
        bytes.extend_from_slice(&trailing);
        let keys: Vec<(u8, u64)> = patterns.iter().map(|p| (p.0, p.2)).collect();
        let hashes: std::collections::HashSet<u64> = keys.iter().map(|k| k.1).collect();
        let valid = count as usize == patterns.len()
            && trailing.is_empty()
            && !patterns.is_empty()
            && patterns.iter().all(|(size, reserved, _, gamma)| {
                (4..=10).contains(size) && *reserved == [0; 3] && gamma.is_finite() && *gamma > 0.0
            })
            && keys.windows(2).all(|w| w[0] < w[1])
            && hashes.len() == keys.len();
        let got = MoveModel::from_bytes(&bytes);
        prop_assert_eq!(got.is_ok(), valid, "{:?}", got.as_ref().err());
        if let Ok(m) = got {
            prop_assert_eq!(m.to_bytes(), bytes);
        }
    }

    #[test]
    fn corrupted_large_weights_give_a_model_or_an_error(
        at in any::<usize>(),
        byte in any::<u8>(),
        cut in any::<usize>(),
    ) {
        let good = MoveModel::builtin_large().to_bytes();
        let mut bytes = good.clone();
        let i = at % bytes.len();
        bytes[i] = byte;
        if let Ok(m) = MoveModel::from_bytes(&bytes) {
            prop_assert_eq!(MoveModel::from_bytes(&m.to_bytes()), Ok(m));
        }
        // Any shorter file is refused.
        prop_assert!(MoveModel::from_bytes(&good[..cut % good.len()]).is_err());
    }
}

/// Professionals open on the third and fourth lines; the learned strengths say so, and
/// the neutral model (all gammas 1) does not.
#[test]
fn the_shipped_model_prefers_the_third_and_fourth_lines_on_an_empty_board() {
    let b = Board::new(19);
    let mut ranked = MoveModel::builtin().rank_all(&b);
    ranked.sort_by(|x, y| y.1.total_cmp(&x.1).then(x.0.cmp(&y.0)));
    let top: Vec<usize> =
        ranked[..12].iter().map(|&(m, _)| m.point().map_or(0, |p| line(&b, p))).collect();
    assert!(top.iter().all(|l| (3..=4).contains(l)), "lines of the top moves: {top:?}");
    assert!(ranked.iter().rev().take(40).all(|&(m, _)| m.point().is_none_or(|p| line(&b, p) <= 2)));
    let neutral = MoveModel::default().rank_all(&b);
    assert!(neutral.iter().all(|&(_, s)| s == 1.0));
}

/// Within four lines of two edges: a corner point of the opening (3-3, 3-4, 4-4, ...).
fn corner(b: &Board, p: Point) -> bool {
    let (r, c) = b.row_col(p);
    let n = b.size();
    r.min(n - 1 - r) < 4 && c.min(n - 1 - c) < 4
}

/// From a corner point the large patterns see both edges: the large-pattern model ranks
/// the corners of the empty board first, where the 3x3 model cannot tell a 3-4 point from
/// any other point of the third line.
#[test]
fn the_large_model_tells_corners_from_sides_on_an_empty_board() {
    let b = Board::new(19);
    let (small, large) = (MoveModel::builtin(), MoveModel::builtin_large());
    let s = |m: &MoveModel, r, c| m.strength(&m.features(&b, b.point(r, c)));
    for (r, c) in [(2, 3), (3, 3), (2, 2)] {
        assert_eq!(s(small, r, c), s(small, r, 9), "3x3 model, row {r}");
        assert!(s(large, r, c) > s(large, r, 9), "large model, row {r}");
    }
    let mut ranked = large.rank_all(&b);
    ranked.sort_by(|x, y| y.1.total_cmp(&x.1).then(x.0.cmp(&y.0)));
    let top: Vec<(usize, usize)> =
        ranked[..16].iter().filter_map(|&(m, _)| m.point()).map(|p| b.row_col(p)).collect();
    assert!(ranked[..16].iter().all(|&(m, _)| m.point().is_some_and(|p| corner(&b, p))), "{top:?}");
}

#[test]
fn profile_v8_opens_in_a_corner() {
    let b = Board::new(19);
    let cfg = SearchConfig {
        playouts: 2000,
        threads: 1,
        profile: Profile::V8,
        ..SearchConfig::default()
    };
    let best = mcts::search(&b, &cfg, &RootRules::default()).best().point().expect("not a pass");
    assert!(corner(&b, best) && line(&b, best) >= 3, "{:?}", b.row_col(best));
}

/// Progressive widening: after 200 playouts on one thread a root has passed the visit
/// thresholds 40, 56, 78.4, 109.8 and 153.7 (`40 * 1.4^k`), so at most 2 + 5 = 7 moves
/// were ever searchable; v1 spreads the same playouts over more moves.
#[test]
fn profile_v2_widens_the_root_progressively() {
    let b = Board::new(19);
    let rules = RootRules::default();
    let visited = |profile| {
        let cfg = SearchConfig { playouts: 200, threads: 1, profile, ..SearchConfig::default() };
        mcts::search(&b, &cfg, &rules).moves.iter().filter(|m| m.visits > 0).count()
    };
    assert!(visited(Profile::V2) <= 7, "{}", visited(Profile::V2));
    assert!(visited(Profile::V1) > 7, "{}", visited(Profile::V1));
}

#[test]
fn profile_v2_opens_on_the_third_or_fourth_line() {
    let b = Board::new(19);
    let cfg = SearchConfig {
        playouts: 2000,
        threads: 1,
        profile: Profile::V2,
        ..SearchConfig::default()
    };
    let best = mcts::search(&b, &cfg, &RootRules::default()).best().point().expect("not a pass");
    assert!((3..=4).contains(&line(&b, best)), "{:?}", b.row_col(best));
}

#[test]
fn profiles_have_names() {
    assert_eq!("v1".parse::<Profile>(), Ok(Profile::V1));
    assert_eq!("v2".parse::<Profile>(), Ok(Profile::V2));
    assert_eq!("v3".parse::<Profile>(), Ok(Profile::V3));
    assert_eq!("v4".parse::<Profile>(), Ok(Profile::V4));
    assert_eq!("v5".parse::<Profile>(), Ok(Profile::V5));
    assert_eq!("v6".parse::<Profile>(), Ok(Profile::V6));
    // v7 (dynamic komi) was deleted with its lever; its name is not reused.
    assert!("v7".parse::<Profile>().is_err());
    assert_eq!("v8".parse::<Profile>(), Ok(Profile::V8));
    assert_eq!("v9".parse::<Profile>(), Ok(Profile::V9));
    assert_eq!("v10".parse::<Profile>(), Ok(Profile::V10));
    assert_eq!("v11".parse::<Profile>(), Ok(Profile::V11));
    assert!("v0".parse::<Profile>().is_err());
    // The default is the newest profile, the last whose A/B accepted it (docs/go-lab.md):
    // adopting a lever is a new row, and the default follows it.
    assert_eq!(Profile::all().last(), Some(Profile::default()));
    for p in Profile::all() {
        assert_eq!(p.to_string().parse::<Profile>(), Ok(p));
    }
}
