//! Tactical facts about a position that the playouts, the tree's priors, the move
//! features and the ladder reader all ask: captures, self-ataris, the moves that take or
//! save a group in atari. They read the board only (no search, no randomness), so they live
//! with the rules; [`MoveList`] holds their answers on the stack, since playouts must not
//! allocate.

use crate::rules::board::{Board, Move, Point, EDGE, EMPTY};

/// A small list of candidate points on the stack.
#[derive(Clone, Copy)]
pub struct MoveList {
    moves: [Point; 32],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList { moves: [Point::new(0); 32], len: 0 }
    }
}

impl MoveList {
    /// Adds `m` unless it is there already or the list is full.
    #[inline]
    pub fn push(&mut self, m: Point) {
        if self.len < self.moves.len() && !self.moves[..self.len].contains(&m) {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }

    /// The points.
    #[inline]
    pub fn as_slice(&self) -> &[Point] {
        &self.moves[..self.len]
    }
}

/// Would the player to move, playing at the empty point `p`, leave the group containing
/// `p` with a single liberty (or none)? Capturing counts as gaining liberties.
pub fn is_self_atari(b: &Board, p: Point) -> bool {
    libs_after(b, p, 2) < 2
}

/// The liberties of the group containing `p` once the player to move plays at the empty
/// point `p`, counted up to `max` (at most 4): `p`'s empty neighbours, the liberties of the
/// friendly groups it joins, and the enemy stones next to `p` that it captures. Exact when
/// the move captures nothing; a capture can free more points than these (stones of the
/// captured group away from `p`), so then it may count fewer, never more.
pub fn libs_after(b: &Board, p: Point, max: usize) -> usize {
    let max = max.min(4);
    let (c, o) = (b.to_move().stone(), b.to_move().opponent().stone());
    let mut libs = [Point::new(0); 4];
    let mut n = 0usize;
    let mut add = |q: Point, n: &mut usize| {
        if q != p && !libs[..*n].contains(&q) && *n < max {
            libs[*n] = q;
            *n += 1;
        }
    };
    for q in b.neighbors(p) {
        let qc = b.at(q);
        if qc == EMPTY {
            add(q, &mut n);
        } else if qc == o {
            if b.atari_lib(b.group_of(q)) == Some(p) {
                add(q, &mut n);
            }
        } else if qc == c {
            let h = b.group_of(q);
            if b.atari_lib(h).is_none() {
                // This group's liberties other than p, until there are enough.
                'outer: for s in b.group_stones(h) {
                    for l in b.neighbors(s) {
                        if b.at(l) == EMPTY {
                            add(l, &mut n);
                            if n >= max {
                                break 'outer;
                            }
                        }
                    }
                }
            }
        }
        if n >= max {
            return n;
        }
    }
    n
}

/// Stones the player to move would capture by playing at `p`.
pub fn capture_size(b: &Board, p: Point) -> usize {
    let o = b.to_move().opponent().stone();
    let mut heads = [Point::new(0); 4];
    let mut k = 0;
    let mut total = 0;
    for q in b.neighbors(p) {
        if b.at(q) == o {
            let h = b.group_of(q);
            if !heads[..k].contains(&h) && b.atari_lib(h) == Some(p) {
                heads[k] = h;
                k += 1;
                total += b.group_size(h);
            }
        }
    }
    total
}

/// The last move's point and its four neighbours, where the local readers look (`None`
/// after a pass or at the start).
fn near_last(b: &Board) -> Option<[Point; 5]> {
    let Move::Play(last) = b.last_move() else {
        return None;
    };
    let mut near = [last; 5];
    near[1..].copy_from_slice(&b.neighbors(last));
    Some(near)
}

/// Capture and atari-escape moves around the last move, for the player to move.
pub fn tactical_moves(b: &Board, out: &mut MoveList) {
    let Some(near) = near_last(b) else {
        return;
    };
    let (c, o) = (b.to_move().stone(), b.to_move().opponent().stone());
    for q in near {
        let qc = b.at(q);
        if qc == o {
            // An enemy group in atari: take it.
            if let Some(l) = b.atari_lib(b.group_of(q)) {
                out.push(l);
            }
        } else if qc == c {
            let h = b.group_of(q);
            if let Some(l) = b.atari_lib(h) {
                // Our group in atari: capture an adjacent attacker in atari...
                if b.group_size(h) <= 40 {
                    for s in b.group_stones(h) {
                        for n in b.neighbors(s) {
                            if b.at(n) == o {
                                if let Some(l2) = b.atari_lib(b.group_of(n)) {
                                    out.push(l2);
                                }
                            }
                        }
                    }
                }
                // ...or run, if running gains liberties.
                if b.is_legal(Move::Play(l)) && !is_self_atari(b, l) {
                    out.push(l);
                }
            }
        }
    }
}

/// Capturing-race moves around the last move, for the player to move: the groups at the
/// last move and next to it with exactly two liberties (groups of up to 40 stones).
/// - An enemy group with two liberties: either liberty that is not a self-atari (an atari).
/// - A group of ours with two liberties: a liberty that leaves it three or more
///   ([`libs_after`]), and the liberties of the enemy groups touching it that have one or
///   two (a capture, or an atari that shortens the race), when not a self-atari.
///
/// Pachi's playouts read two-liberty groups in the same spirit (its `2lib` checks); the
/// one-liberty cases are [`tactical_moves`]'s.
pub fn two_liberty_moves(b: &Board, out: &mut MoveList) {
    let Some(near) = near_last(b) else {
        return;
    };
    let (c, o) = (b.to_move().stone(), b.to_move().opponent().stone());
    let mut seen = [Point::new(0); 5];
    let mut k = 0;
    let mut libs = [Point::new(0); 3];
    for q in near {
        let qc = b.at(q);
        if qc != c && qc != o {
            continue;
        }
        let h = b.group_of(q);
        if seen[..k].contains(&h) || b.group_size(h) > 40 || b.liberties(h, &mut libs) != 2 {
            continue;
        }
        seen[k] = h;
        k += 1;
        if qc == o {
            push_safe(b, &libs[..2], out);
            continue;
        }
        for &l in &libs[..2] {
            if b.is_legal(Move::Play(l)) && libs_after(b, l, 3) >= 3 {
                out.push(l);
            }
        }
        let mut their = [Point::new(0); 3];
        for s in b.group_stones(h) {
            for e in b.neighbors(s) {
                if b.at(e) != o {
                    continue;
                }
                let n = b.liberties(b.group_of(e), &mut their);
                if n <= 2 {
                    push_safe(b, &their[..n], out);
                }
            }
        }
    }
}

/// Adds the points of `libs` that are legal and not a self-atari for the player to move.
fn push_safe(b: &Board, libs: &[Point], out: &mut MoveList) {
    for &l in libs {
        if b.is_legal(Move::Play(l)) && !is_self_atari(b, l) {
            out.push(l);
        }
    }
}

/// The largest eye space read as a nakade: the rabbity six.
pub const NAKADE_MAX: usize = 6;

/// The vital point of a killable eye space next to the last move, for the player to move.
///
/// The last mover's stones (and the board's edge) must enclose an empty area of three to
/// [`NAKADE_MAX`] points next to its move, shaped as one of the eye spaces that die when
/// the attacker takes their vital point ([`nakade_vital`]). A capture of three to six
/// stones leaves such an area, and closing an eye space makes one: either way the player
/// to move kills a group that has no other eye by playing the vital point, a move random
/// playouts rarely find, so their owner's group lives in the playouts and the search
/// believes it alive (both three-stone losses traced in docs/go-lab.md turned on a corner
/// group that GNU Go read dead while our search saw White well ahead).
///
/// ```
/// use menace_go::rules::board::{Board, Colour, Move};
/// use menace_go::rules::tactics::nakade_point;
///
/// // White closes a straight three on the first line with C4; black kills at B5.
/// let mut b = Board::from_diagram(
///     "...O.
///      OO.O.
///      ..OO.
///      .....
///      X.X.X",
///     Colour::White,
/// )
/// .unwrap();
/// b.play(Move::Play(b.point(1, 2))).unwrap();
/// assert_eq!(nakade_point(&b), Some(b.point(0, 1)));
/// ```
pub fn nakade_point(b: &Board) -> Option<Point> {
    let Move::Play(last) = b.last_move() else {
        return None;
    };
    let mover = b.at(last);
    let mut area = [Point::new(0); NAKADE_MAX];
    for q in b.neighbors(last) {
        if b.at(q) != EMPTY {
            continue;
        }
        // Two neighbours in one area read it twice; it is at most six points, so cheap.
        if let Some(n) = enclosed_area(b, q, mover, &mut area) {
            if let Some(v) = nakade_vital(b, &area[..n]) {
                if b.is_legal(Move::Play(v)) {
                    return Some(v);
                }
            }
        }
    }
    None
}

/// The empty area connected to `start`, when it has at most [`NAKADE_MAX`] points and
/// every stone next to it is `owner`'s: its size, the points in `area[..size]`.
pub fn enclosed_area(
    b: &Board,
    start: Point,
    owner: u8,
    area: &mut [Point; NAKADE_MAX],
) -> Option<usize> {
    area[0] = start;
    let mut n = 1;
    let mut i = 0;
    while i < n {
        for q in b.neighbors(area[i]) {
            match b.at(q) {
                EMPTY => {
                    if !area[..n].contains(&q) {
                        if n == NAKADE_MAX {
                            return None;
                        }
                        area[n] = q;
                        n += 1;
                    }
                }
                EDGE => {}
                s if s == owner => {}
                _ => return None,
            }
        }
        i += 1;
    }
    Some(n)
}

/// The vital point of `area` (a connected set of points) when it is one of the killable
/// eye shapes: straight or bent three, pyramid four, crossed five, bulky five, rabbity six
/// (the shapes that die when the attacker takes the vital point). Each is told by the
/// number of neighbours its points have inside it: the vital point is the one with the
/// most, and a pentomino with five adjacencies is the bulky five (the only one holding a
/// 2x2 square), a hexomino with six and a point of four the rabbity six. Square four has
/// no vital point (it is dead as it stands) and every other shape lives: `None`.
pub fn nakade_vital(b: &Board, area: &[Point]) -> Option<Point> {
    let mut degree = [0u8; NAKADE_MAX];
    for (i, &p) in area.iter().enumerate() {
        degree[i] = b.neighbors(p).iter().filter(|q| area.contains(q)).count() as u8;
    }
    let degree = &degree[..area.len()];
    let edges: u8 = degree.iter().sum::<u8>() / 2;
    let with = |d: u8| area.iter().zip(degree).find(|&(_, &k)| k == d).map(|(&p, _)| p);
    match (area.len(), edges) {
        (3, _) => with(2),
        (4, 3) => with(3),
        (5, 4) => with(4),
        (5, 5) => with(3),
        (6, 6) => with(4),
        _ => None,
    }
}
