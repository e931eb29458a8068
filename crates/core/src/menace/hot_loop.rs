//! The training hot loop: MENACE as X learning tic-tac-toe against the uniform random
//! opponent, the configuration users time and sweep most.
//!
//! [`Matchboxes::train_against_random`] plays exactly the games that the generic
//! [`play`](crate::play::play) plays between a `Matchboxes<TicTacToe>` and
//! [`Random`](crate::play::Random): the same draws from the generator in the same
//! order, the same beads taken and returned, the same results
//! (`crates/core/tests/it/hot_loop.rs` holds it to that, preset by preset). What it drops is generality. It knows that X moves on
//! even plies, that nobody has a line before ply 5 and that only the mover can have just
//! made one, that X's move on ply 9 is forced, and it keeps the board's base-3 code as it
//! goes instead of recomputing it. A game is then a straight run of table reads with a
//! branch per possible ending; the bead is found by SSE2 prefix sums, and the beads drawn
//! are packed in a register, not pushed to a `Vec`. About 11 million games a second on
//! one core here (`menace bench`), against about 8 million for the generic loop.

use std::ops::ControlFlow;

use super::matchboxes::{draw_below, FORCED, NONE};
use super::{EmptyBox, GameResult, Matchboxes};
use crate::game::{FastPath, Game, Side};
use crate::play::{play, Random, Tally};
use crate::ttt::{SELECT, WINS};
use menace_stats::rng::{below, GameRng};

const FULL: u16 = 0x1ff;

/// X's boxes in tic-tac-toe.
const BOXES: usize = 304;

/// A mark placed on `cell`, as the change it makes: the cell's bit in the low 16 bits, and
/// what it adds to the board's base-3 code (`weight` 2 for X, 1 for O; cell `i` counts
/// 3^(8-i), as in [`Board::code`](crate::ttt::Board::code)) in the high 16, so that one
/// table read both marks the board and updates the key of the next box.
const fn placement(cell: usize, weight: u32) -> u32 {
    let mut pow = 1;
    let mut i = cell;
    while i < 8 {
        pow *= 3;
        i += 1;
    }
    1 << cell | (weight * pow) << 16
}

/// `O_PLACE[empty][k]`: O's placement on the k-th empty cell of the mask `empty`, the
/// generic random move's choice (see [`TicTacToe::random_move`](crate::ttt::TicTacToe)).
static O_PLACE: [[u32; 9]; 512] = {
    let mut table = [[0u32; 9]; 512];
    let mut m = 0;
    while m < 512 {
        let mut k = 0;
        while k < 9 {
            table[m][k] = placement(SELECT[m][k] as usize, 1);
            k += 1;
        }
        m += 1;
    }
    table
};

/// The board of a game in progress, with its base-3 code kept up to date.
struct Progress {
    x: u16,
    o: u16,
    code: u32,
}

impl Progress {
    #[inline(always)]
    fn put_x(&mut self, place: u32) {
        self.x |= place as u16;
        self.code += place >> 16;
    }

    #[inline(always)]
    fn put_o(&mut self, place: u32) {
        self.o |= place as u16;
        self.code += place >> 16;
    }
}

/// The beads drawn in a game, packed: `(box << 4 | bead)` in 16-bit slots, at most four
/// (X's fifth move is always forced), and how many there are. Registers, not memory.
#[derive(Copy, Clone, Default)]
struct Drawn {
    slots: u64,
    len: u32,
}

impl Drawn {
    #[inline(always)]
    fn push(&mut self, b: usize, bead: usize) {
        self.slots |= ((b as u64) << 4 | bead as u64) << (16 * self.len);
        self.len += 1;
    }
}

/// The parts of the machine a game touches, borrowed once for a whole run so that the
/// compiler keeps them (and the generator) in registers instead of reloading them through
/// `self` after every store to a bead count.
struct Hot<'a> {
    beads: &'a mut [[u32; 9]; BOXES],
    totals: &'a mut [u64; BOXES],
    lookup: &'a [u32; 19683],
    /// `x_place[sym][bead]`: X's placement for a bead drawn on a drawing reached by `sym`.
    x_place: [[u32; 9]; 8],
    legal: &'a [u16],
    legal_start: &'a [u32],
    rules: &'a super::BeadRules,
    rng: GameRng,
}

/// A game the training loop has just learned from: its result, and read access to the
/// boxes, saying which ones the game moved beads in when the loop knows.
pub struct Learned<'a> {
    result: GameResult,
    touched: Option<Drawn>,
    beads: &'a [u32],
    moves: usize,
}

impl Learned<'_> {
    /// The result, from the machine's side.
    pub fn result(&self) -> GameResult {
        self.result
    }

    /// The boxes whose beads this game changed (drawn from, refilled, rewarded), or `None`
    /// when the loop does not track them (then any box may have changed).
    pub fn touched(&self) -> Option<impl Iterator<Item = usize> + '_> {
        self.touched
            .map(|d| (0..d.len).map(move |i| ((d.slots >> (16 * i)) as usize & 0xffff) >> 4))
    }

    /// The beads in box `b` now, one count per move index.
    pub fn beads(&self, b: usize) -> &[u32] {
        &self.beads[b * self.moves..(b + 1) * self.moves]
    }
}

impl<G: Game + Clone> Matchboxes<G> {
    /// Plays `games` training games against the uniform random opponent, learning after
    /// each, and returns the results: the same games, draw for draw, as
    /// [`play`](crate::play::play) with [`Random`](crate::play::Random), on the game's
    /// dedicated loop when it has one ([`Game::fast_path`]; tic-tac-toe as X).
    ///
    /// ```
    /// use menace_core::game::Side;
    /// use menace_core::menace::{BeadRules, Matchboxes};
    /// use menace_stats::rng::from_seed;
    /// use menace_core::ttt::TicTacToe;
    /// let mut m = Matchboxes::new(TicTacToe, Side::First, BeadRules::challenge());
    /// let tally = m.train_against_random(10_000, &mut from_seed(1));
    /// assert_eq!(tally.games(), 10_000);
    /// assert!(tally.win > tally.loss);
    /// ```
    pub fn train_against_random(&mut self, games: u64, rng: &mut GameRng) -> Tally {
        let mut tally = Tally::default();
        self.train_against_random_each(games, rng, |g| {
            tally.add(g.result());
            ControlFlow::Continue(())
        });
        tally
    }

    /// [`Matchboxes::train_against_random`], telling `each` about every game as it ends
    /// (after the machine has learned from it), for callers that keep more than a tally:
    /// the game of the last loss, a window for a learning curve, whether the greedy policy
    /// changed. `each` may break to end the run early; returns the games played.
    #[inline]
    pub fn train_against_random_each(
        &mut self,
        games: u64,
        rng: &mut GameRng,
        mut each: impl FnMut(&Learned<'_>) -> ControlFlow<()>,
    ) -> u64 {
        let fast = self.game().fast_path() == Some(FastPath::TicTacToe)
            && self.side == Side::First
            && self.out.is_empty();
        let hot = match (
            fast,
            self.beads.as_chunks_mut().0.try_into(),
            self.totals.as_mut_slice().try_into(),
            self.lookup.as_slice().try_into(),
            <&[[u16; 9]; 8]>::try_from(self.from_drawing.as_chunks().0),
        ) {
            (true, Ok(beads), Ok(totals), Ok(lookup), Ok(from_drawing)) => Some(Hot {
                beads,
                totals,
                lookup,
                x_place: from_drawing.map(|row| row.map(|cell| placement(usize::from(cell), 2))),
                legal: &self.legal,
                legal_start: &self.legal_start,
                rules: &self.rules,
                rng: rng.clone(),
            }),
            _ => None,
        };
        let Some(mut hot) = hot else {
            // Another game, playing O, or a game in progress holding beads: the general
            // loop handles them all.
            let game = self.game().clone();
            let side = self.side;
            for played in 1..=games {
                let outcome = match side {
                    Side::First => play(&game, self, &mut Random::default(), rng),
                    Side::Second => play(&game, &mut Random::default(), self, rng),
                };
                let learned = Learned {
                    result: GameResult::for_side(outcome, side),
                    touched: None,
                    beads: &self.beads,
                    moves: self.moves,
                };
                if each(&learned).is_break() {
                    return played;
                }
            }
            return games;
        };
        let mut played = 0;
        while played < games {
            let mut drawn = Drawn::default();
            let result = hot.one_game(&mut drawn);
            hot.settle(drawn, result);
            played += 1;
            let learned =
                Learned { result, touched: Some(drawn), beads: hot.beads.as_flattened(), moves: 9 };
            if each(&learned).is_break() {
                break;
            }
        }
        *rng = hot.rng;
        played
    }
}

impl Hot<'_> {
    /// One game, leaving the drawn beads in `drawn`.
    #[inline(always)]
    fn one_game(&mut self, drawn: &mut Drawn) -> GameResult {
        let mut p = Progress { x: 0, o: 0, code: 0 };
        if let Some(r) = self.round::<0>(&mut p, drawn) {
            return r;
        }
        if let Some(r) = self.round::<1>(&mut p, drawn) {
            return r;
        }
        if let Some(r) = self.round::<2>(&mut p, drawn) {
            return r;
        }
        if let Some(r) = self.round::<3>(&mut p, drawn) {
            return r;
        }
        // Ply 9: one empty cell, so no box and no draw.
        let x = p.x | (!(p.x | p.o) & FULL);
        if WINS[usize::from(x & FULL)] {
            GameResult::Win
        } else {
            GameResult::Draw
        }
    }

    /// Round `ROUND` (0 to 3): a move by X and a reply by O; the result if the game ended.
    /// Nobody can have a line before X's third move (round 2), and O always chooses among
    /// `8 - 2 * ROUND` empty cells, which the generic loop counts and we know.
    #[inline(always)]
    fn round<const ROUND: u32>(
        &mut self,
        p: &mut Progress,
        drawn: &mut Drawn,
    ) -> Option<GameResult> {
        let Some(place) = self.draw(p.code as usize, drawn) else {
            return Some(GameResult::Loss); // resigned
        };
        p.put_x(place);
        if ROUND >= 2 && WINS[usize::from(p.x & FULL)] {
            return Some(GameResult::Win);
        }
        let empty = usize::from(!(p.x | p.o) & FULL);
        let k = below(&mut self.rng, 8 - 2 * ROUND);
        p.put_o(O_PLACE[empty][(k as usize).min(8)]);
        if ROUND >= 2 && WINS[usize::from(p.o & FULL)] {
            return Some(GameResult::Loss);
        }
        None
    }

    /// X's move in the position with base-3 code `code`, as [`Matchboxes::choose`] makes
    /// it; `None` to resign.
    #[inline(always)]
    fn draw(&mut self, code: usize, drawn: &mut Drawn) -> Option<u32> {
        let e = self.lookup[code];
        if e & FORCED != 0 {
            // Cannot happen before ply 9 in tic-tac-toe; kept for exactness.
            return (e != NONE).then(|| placement((e & !FORCED) as usize, 2));
        }
        let (b, sym) = ((e >> 8) as usize, (e & 0xff) as usize);
        let row = &mut self.beads[b];
        let mut total = self.totals[b];
        if total == 0 {
            match self.rules.empty {
                EmptyBox::Resign => return None,
                EmptyBox::Refill(n) => {
                    let legal =
                        &self.legal[self.legal_start[b] as usize..self.legal_start[b + 1] as usize];
                    for _ in 0..n {
                        let m = legal[below(&mut self.rng, legal.len() as u32) as usize];
                        row[usize::from(m)] += 1;
                    }
                    total = u64::from(n);
                }
            }
        }
        let r = draw_below(&mut self.rng, total);
        let bead = match u32::try_from(total) {
            Ok(_) => pick(row, r as u32),
            Err(_) => pick_wide(row, r),
        };
        row[bead] -= 1;
        self.totals[b] = total - 1;
        drawn.push(b, bead);
        Some(self.x_place[sym][bead])
    }

    /// Returns the drawn beads with the reward, as [`Matchboxes::learn`] does.
    #[inline(always)]
    fn settle(&mut self, drawn: Drawn, result: GameResult) {
        let delta = i64::from(match result {
            GameResult::Win => self.rules.win,
            GameResult::Draw => self.rules.draw,
            GameResult::Loss => self.rules.loss,
        });
        for i in 0..drawn.len {
            let slot = (drawn.slots >> (16 * i)) as usize;
            let (b, m) = ((slot & 0xffff) >> 4, slot & 15);
            let cell = &mut self.beads[b][m.min(8)];
            let n = (i64::from(*cell) + 1 + delta).clamp(0, i64::from(u32::MAX)) as u32;
            self.totals[b] = self.totals[b] + u64::from(n) - u64::from(*cell);
            *cell = n;
        }
    }
}

/// The bead that draw `r` (below the row's total) lands on: the first move whose running
/// count exceeds `r`. Equivalently, the number of the first eight running counts that do
/// not exceed it (the ninth, the total, always does), which SSE2 (part of every x86-64)
/// finds with two prefix sums and a compare instead of nine dependent additions.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn pick(row: &[u32; 9], r: u32) -> usize {
    // SAFETY: SSE2 is part of the x86-64 baseline, so every x86-64 CPU has it.
    unsafe { pick_sse2(row, r) }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
#[inline]
fn pick_sse2(row: &[u32; 9], r: u32) -> usize {
    use std::arch::x86_64::*;
    // SAFETY: `row` holds nine u32, so both 16-byte reads (lanes 0-3 and 4-7) are in it.
    let (mut lo, mut hi) = unsafe {
        let p = row.as_ptr().cast::<__m128i>();
        (_mm_loadu_si128(p), _mm_loadu_si128(row.as_ptr().add(4).cast::<__m128i>()))
    };
    lo = _mm_add_epi32(lo, _mm_slli_si128::<4>(lo));
    lo = _mm_add_epi32(lo, _mm_slli_si128::<8>(lo));
    hi = _mm_add_epi32(hi, _mm_slli_si128::<4>(hi));
    hi = _mm_add_epi32(hi, _mm_slli_si128::<8>(hi));
    hi = _mm_add_epi32(hi, _mm_shuffle_epi32::<0xff>(lo));
    // Unsigned compare by flipping the sign bits (the total fits in 32 bits here).
    let flip = _mm_set1_epi32(i32::MIN);
    let r = _mm_xor_si128(_mm_set1_epi32(r as i32), flip);
    let over_lo = _mm_cmpgt_epi32(_mm_xor_si128(lo, flip), r);
    let over_hi = _mm_cmpgt_epi32(_mm_xor_si128(hi, flip), r);
    let over = _mm_movemask_ps(_mm_castsi128_ps(over_lo))
        | _mm_movemask_ps(_mm_castsi128_ps(over_hi)) << 4;
    // Running counts never decrease, so the lanes over `r` are the top ones.
    (over as u32 | 0x100).trailing_zeros() as usize
}

/// [`pick`] without SSE2: the same answer by nine additions.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn pick(row: &[u32; 9], r: u32) -> usize {
    pick_wide(row, u64::from(r))
}

/// [`pick`] for a box holding 2^32 beads or more.
#[inline(always)]
fn pick_wide(row: &[u32; 9], r: u64) -> usize {
    let mut running = 0u64;
    let mut bead = 0;
    for &n in row.iter() {
        running += u64::from(n);
        bead += usize::from(running <= r);
    }
    bead
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The SSE2 pick and the plain running count agree on every row and draw: rows of
        /// large counts, and small sparse rows (where most boxes live).
        #[test]
        fn pick_agrees_with_the_running_count(
            row in prop_oneof![
                proptest::array::uniform9(0u32..=u32::MAX / 9),
                proptest::array::uniform9(prop_oneof![Just(0u32), 0u32..4, 0u32..1000]),
            ],
            at in any::<u64>(),
        ) {
            let total: u64 = row.iter().map(|&n| u64::from(n)).sum();
            prop_assume!(total > 0);
            let r = at % total;
            prop_assert_eq!(pick(&row, r as u32), pick_wide(&row, r));
        }
    }

    #[test]
    fn pick_lands_on_each_bead_in_turn() {
        let row = [0, 2, 0, 0, 1, 0, 0, 0, 3];
        let picks: Vec<usize> = (0..6).map(|r| pick(&row, r)).collect();
        assert_eq!(picks, [1, 1, 4, 8, 8, 8]);
    }
}
