//! Area scoring as Tromp-Taylor defines it: a player's score is her stones plus the empty
//! points from which only her colour can be reached. No dead-stone removal: the board is
//! scored exactly as it stands.

use crate::rules::board::{Board, Point, BLACK, EDGE, EMPTY, MAX_POINTS, WHITE};

/// The largest komi taken, either way: far past any real komi (a 19x19 board has 361
/// points), and small enough that every score stays exact in `f32`. GTP's `komi`, SGF's
/// `KM` and the referee's rules check it in one place: [`komi_in_range`].
pub const MAX_KOMI: f32 = 1000.0;

/// Whether `komi` is one the engine plays with: finite and at most [`MAX_KOMI`] either way.
pub fn komi_in_range(komi: f32) -> bool {
    komi.is_finite() && komi.abs() <= MAX_KOMI
}

/// A komi written as text (GTP's `komi`, SGF's `KM`), if it is a number in range.
pub fn parse_komi(text: &str) -> Option<f32> {
    text.trim().parse::<f32>().ok().filter(|&k| komi_in_range(k))
}

/// Black's and white's area on the board as it stands.
pub fn area(b: &Board) -> (u32, u32) {
    let mut score = [0u32; 3];
    let mut seen = [false; MAX_POINTS];
    let mut region: Vec<Point> = Vec::with_capacity(b.size() * b.size());
    for p in b.points() {
        let c = b.at(p);
        if c != EMPTY {
            score[c as usize] += 1;
            continue;
        }
        if seen[p.index()] {
            continue;
        }
        // Flood one empty region, noting which colours border it.
        let mut reaches = 0u8;
        region.clear();
        region.push(p);
        seen[p.index()] = true;
        let mut i = 0;
        while i < region.len() {
            let q = region[i];
            i += 1;
            for n in b.neighbors(q) {
                match b.at(n) {
                    EMPTY if !seen[n.index()] => {
                        seen[n.index()] = true;
                        region.push(n);
                    }
                    BLACK => reaches |= 1,
                    WHITE => reaches |= 2,
                    _ => {}
                }
            }
        }
        if reaches == 1 || reaches == 2 {
            score[reaches as usize] += region.len() as u32;
        }
    }
    (score[BLACK as usize], score[WHITE as usize])
}

/// Black's area minus white's, minus komi: positive means black wins.
pub fn margin(b: &Board, komi: f32) -> f32 {
    let (bl, wh) = area(b);
    bl as f32 - wh as f32 - komi
}

/// A fast approximation of [`area`] for the end of a playout, where almost every empty
/// point is a single-point eye: an empty point counts for a colour when all its
/// neighbours are that colour (or the edge). Returns black minus white.
pub fn playout_margin(b: &Board) -> i32 {
    b.points().map(|p| playout_owner(b, p)).sum()
}

/// [`playout_margin`], also writing each point's [`playout_owner`] into `owners` by point
/// index (1 black, -1 white, 0 nobody; `owners` has [`MAX_POINTS`] entries, those past the
/// board's points left as they were): the one walk behind the search's ownership and
/// criticality.
///
/// [`MAX_POINTS`]: crate::rules::board::MAX_POINTS
pub fn playout_owners(b: &Board, owners: &mut [i8]) -> i32 {
    let mut margin = 0;
    for p in b.points() {
        let owner = playout_owner(b, p);
        owners[p.index()] = owner as i8;
        margin += owner;
    }
    margin
}

/// Who owns `p` at the end of a playout: +1 black, -1 white, 0 nobody. A stone for its
/// colour, an empty point for the colour of all its neighbours (nobody's when both
/// colours, or neither, touch it). The one rule behind [`playout_margin`], the search's
/// ownership map and the dead stones of `final_status_list`.
pub fn playout_owner(b: &Board, p: Point) -> i32 {
    let mut m = b.at(p);
    if m == EMPTY {
        for n in b.neighbors(p) {
            let c = b.at(n);
            if c != EDGE {
                m |= c;
            }
        }
    }
    match m {
        BLACK => 1,
        WHITE => -1,
        _ => 0,
    }
}

/// A result string in SGF/GTP style: `B+3`, `W+0.5`, `0` for a tie.
pub fn result_string(margin: f32) -> String {
    if margin > 0.0 {
        format!("B+{}", fmt_num(margin))
    } else if margin < 0.0 {
        format!("W+{}", fmt_num(-margin))
    } else {
        "0".to_string()
    }
}

fn fmt_num(x: f32) -> String {
    if x.fract() == 0.0 {
        format!("{}", x as i64)
    } else {
        format!("{x:.1}")
    }
}
