//! A value from the network (issue 63's lever), measured before it is built into the
//! search: does the policy network's summary of a position foretell the game's winner
//! better than the search's own playouts do?
//!
//! The head is a logistic regression on [`PolicyNet::board_means`] (the channels' board
//! means after the last residual block, what passing's logit is read from) and the komi
//! the player to move gets or gives ([`Features::Net`]). It is fitted by Newton's method
//! with a ridge ([`fit`]) on positions of the training games that a player won (every
//! `every`-th position, to keep the positions of one game from outweighing the games). A
//! baseline with only the stones on the board and the komi ([`Features::Count`]) is
//! fitted the same way, to show what the network adds to counting.
//!
//! Both foretell black's chance at the positions of the outcome measure
//! ([`crate::playouts::outcomes`]: 25, 50, ... moves into the held-out games), as
//! [`Foretold`] values, so their Brier scores compare with the playouts' over the same
//! positions ([`crate::playouts::brier_difference`]).
//!
//! Everything is computed in a fixed order in `f64` from the network's `f32` outputs
//! (which are the same bits on every machine), so the fit is the same everywhere.

use menace_go::io::sgf::SgfGame;
use menace_go::model::net::{PolicyNet, Record};
use menace_go::rules::board::{Board, Colour, Move};

use crate::playouts::{self, black_won, Foretold};
use crate::{jobs, mm};

/// What a head reads of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Features {
    /// The network's channel means, the komi for the player to move, a constant.
    Net,
    /// The player to move's stones minus the opponent's, the komi for the player to move,
    /// a constant.
    Count,
}

impl Features {
    /// Its name in the tables.
    pub fn name(self) -> &'static str {
        match self {
            Features::Net => "value head",
            Features::Count => "stone count",
        }
    }

    /// The features of `b` with `komi` (the player to move's view), or `None` when `b` is
    /// not 19x19.
    pub fn of(self, net: &PolicyNet, b: &Board, komi: f32) -> Option<Vec<f64>> {
        let rec = Record::of(b, Move::Pass)?;
        let mut x: Vec<f64> = match self {
            Features::Net => net.board_means(&rec).iter().map(|&m| f64::from(m)).collect(),
            Features::Count => {
                let own = rec.codes.iter().filter(|&&c| (1..=3).contains(&c)).count() as f64;
                let theirs = rec.codes.iter().filter(|&&c| c >= 4).count() as f64;
                vec![(own - theirs) / 10.0]
            }
        };
        // White receives the komi: the player to move's share of it, in tens of points.
        let komi = f64::from(komi) / 10.0;
        x.push(if rec.to_move == Colour::White { komi } else { -komi });
        x.push(1.0);
        Some(x)
    }
}

/// A position to learn from: its features and whether the player to move won.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// [`Features::of`].
    pub x: Vec<f64>,
    /// 1 when the player to move won the game, else 0.
    pub won: f64,
}

/// Every `every`-th position (from the first) of each game of `games` that a player won,
/// as [`Sample`]s of `kind`, in game order; `jobs` threads share the games.
pub fn samples(
    net: &PolicyNet,
    games: &[SgfGame],
    kind: Features,
    every: usize,
    jobs: usize,
) -> Vec<Sample> {
    let every = every.max(1);
    let of_game = |i: usize| {
        let g = &games[i];
        let mut out = Vec::new();
        if let Some(black) = black_won(&g.result) {
            let mut at = 0;
            mm::replay(g.size, &g.handicap, &g.moves, |b, _| {
                if at % every == 0 {
                    if let Some(x) = kind.of(net, b, g.komi) {
                        let won = (b.to_move() == Colour::Black) == black;
                        out.push(Sample { x, won: f64::from(u8::from(won)) });
                    }
                }
                at += 1;
            });
        }
        out
    };
    jobs::in_order(games.len(), jobs, of_game).into_iter().flatten().collect()
}

/// A fitted logistic regression: the chance that the player to move wins is
/// `1 / (1 + e^-(w · x))`.
#[derive(Clone, Debug, PartialEq)]
pub struct Head {
    /// A weight a feature (the constant's last).
    pub w: Vec<f64>,
    /// Newton steps taken.
    pub steps: usize,
}

impl Head {
    /// The chance that the player to move wins, for features `x`.
    pub fn chance(&self, x: &[f64]) -> f64 {
        sigmoid(self.w.iter().zip(x).map(|(w, x)| w * x).sum())
    }
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// The logistic regression of `samples` by Newton's method, with a ridge of `ridge` on
/// every weight but the constant's (and a millionth on all; at most 50 steps, it stops
/// when no weight moves by 1e-9). `None` for no samples, samples of different lengths, or
/// a system that does not solve (a non-finite feature).
pub fn fit(samples: &[Sample], ridge: f64) -> Option<Head> {
    let d = samples.first()?.x.len();
    if d == 0 || samples.iter().any(|s| s.x.len() != d) {
        return None;
    }
    let mut w = vec![0.0; d];
    for step in 1..=50 {
        let mut g = vec![0.0; d];
        let mut h = vec![0.0; d * d];
        for s in samples {
            let p = sigmoid(w.iter().zip(&s.x).map(|(w, x)| w * x).sum());
            let (r, q) = (p - s.won, p * (1.0 - p));
            for i in 0..d {
                g[i] += r * s.x[i];
                let qi = q * s.x[i];
                for j in 0..=i {
                    h[i * d + j] += qi * s.x[j];
                }
            }
        }
        for i in 0..d {
            // A millionth on every weight keeps the system solvable where the samples
            // separate (the weights then grow large, not infinite).
            let r = if i + 1 < d { ridge + 1e-6 } else { 1e-6 };
            g[i] += r * w[i];
            h[i * d + i] += r;
        }
        let delta = cholesky_solve(&h, &g, d)?;
        let mut moved = 0.0f64;
        for (wi, di) in w.iter_mut().zip(&delta) {
            *wi -= di;
            moved = moved.max(di.abs());
        }
        if moved < 1e-9 {
            return Some(Head { w, steps: step });
        }
    }
    Some(Head { w, steps: 50 })
}

/// Solves `a x = b` for a symmetric positive definite `a` of which the lower triangle (row
/// by row, `d` by `d`) is filled; `None` when it is not positive definite.
fn cholesky_solve(a: &[f64], b: &[f64], d: usize) -> Option<Vec<f64>> {
    let mut l = vec![0.0; d * d];
    for i in 0..d {
        for j in 0..=i {
            let mut s = a[i * d + j];
            for k in 0..j {
                s -= l[i * d + k] * l[j * d + k];
            }
            if i == j {
                if s <= 0.0 || !s.is_finite() {
                    return None;
                }
                l[i * d + i] = s.sqrt();
            } else {
                l[i * d + j] = s / l[j * d + j];
            }
        }
    }
    let mut y = vec![0.0; d];
    for i in 0..d {
        let s: f64 = (0..i).map(|k| l[i * d + k] * y[k]).sum();
        y[i] = (b[i] - s) / l[i * d + i];
    }
    let mut x = vec![0.0; d];
    for i in (0..d).rev() {
        let s: f64 = (i + 1..d).map(|k| l[k * d + i] * x[k]).sum();
        x[i] = (y[i] - s) / l[i * d + i];
    }
    Some(x)
}

/// Black's chance by `head` (reading `kind`) at each of the outcome measure's positions
/// ([`playouts::outcome_positions`], those of [`playouts::outcomes`]).
pub fn foretell(
    net: &PolicyNet,
    head: &Head,
    kind: Features,
    games: &[SgfGame],
    stages: &[usize],
) -> Result<Vec<Foretold>, String> {
    let mut out = Vec::new();
    playouts::outcome_positions(games, stages, |pos, won| {
        let x = kind
            .of(net, &pos.board, pos.record.komi)
            .ok_or_else(|| format!("game {}: not 19x19", pos.game + 1))?;
        let mover = head.chance(&x);
        let share = if pos.board.to_move() == Colour::Black { mover } else { 1.0 - mover };
        out.push(Foretold { at: pos.at, share, black_won: won });
        Ok(())
    })?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(x: &[f64], won: bool) -> Sample {
        Sample { x: x.to_vec(), won: f64::from(u8::from(won)) }
    }

    #[test]
    fn the_fit_finds_the_weights_that_made_the_labels() {
        // Labels drawn from a known logistic model over a grid, in the proportions it
        // gives (a win where the cumulative chance crosses each hundredth): the fit
        // recovers the model's weights.
        let truth = [1.5, -0.75, 0.25];
        let mut samples = Vec::new();
        for a in -10..=10 {
            for b in -10..=10 {
                let x = [f64::from(a) / 5.0, f64::from(b) / 5.0, 1.0];
                let p = sigmoid(truth.iter().zip(&x).map(|(w, x)| w * x).sum());
                let wins = (p * 100.0).round() as usize;
                for k in 0..100 {
                    samples.push(sample(&x, k < wins));
                }
            }
        }
        let head = fit(&samples, 0.0).unwrap();
        for (w, t) in head.w.iter().zip(truth) {
            assert!((w - t).abs() < 0.02, "{:?} against {truth:?}", head.w);
        }
        assert!(head.steps < 50);
    }

    #[test]
    fn a_ridge_shrinks_the_weights_but_not_the_constant() {
        // Wins at 80% where the feature is 1, at 20% where it is 0.
        let samples: Vec<Sample> = (0..200)
            .map(|i| {
                let on = i % 2 == 1;
                sample(&[f64::from(u8::from(on)), 1.0], if on { i % 10 != 3 } else { i % 10 == 0 })
            })
            .collect();
        let free = fit(&samples, 0.0).unwrap();
        let held = fit(&samples, 50.0).unwrap();
        assert!(held.w[0].abs() < free.w[0].abs(), "{free:?} {held:?}");
        // Under the ridge the constant moves towards the overall rate (half of the games).
        assert!(held.w[1] > free.w[1], "{free:?} {held:?}");
    }

    #[test]
    fn a_separable_set_stops_at_the_step_limit_without_a_non_finite_weight() {
        let samples = vec![sample(&[1.0, 1.0], true), sample(&[-1.0, 1.0], false)];
        let head = fit(&samples, 0.0).unwrap();
        assert!(head.w.iter().all(|w| w.is_finite()));
        assert!(head.chance(&[1.0, 1.0]) > 0.99);
    }

    #[test]
    fn no_samples_or_ragged_samples_fit_nothing() {
        assert_eq!(fit(&[], 1.0), None);
        assert_eq!(fit(&[sample(&[1.0, 1.0], true), sample(&[1.0], false)], 1.0), None);
    }

    #[test]
    fn samples_and_foretelling_take_the_positions_the_outcome_measure_takes() {
        use menace_go::io::sgf;
        let moves = ";B[dd];W[pp];B[dp];W[pd];B[jj];W[cc]";
        let games: Vec<SgfGame> = ["B+R", "W+3.5", "0"]
            .iter()
            .map(|re| sgf::read(&format!("(;GM[1]SZ[19]KM[7.5]RE[{re}]{moves})")).unwrap())
            .collect();
        let net = PolicyNet::builtin();
        // Every other position of the two games a player won: moves 0, 2 and 4 (black to
        // move each time): a win for black's game, a loss for white's.
        let s = samples(net, &games, Features::Count, 2, 2);
        let won: Vec<f64> = s.iter().map(|s| s.won).collect();
        assert_eq!(won, [1.0, 1.0, 1.0, 0.0, 0.0, 0.0]);
        assert!(s.iter().all(|s| s.x[1] == -0.75), "black to move gives the komi");
        let head = fit(&s, 1.0).unwrap();
        let stages = [1, 2, 5];
        let f = foretell(net, &head, Features::Count, &games, &stages).unwrap();
        let ours = playouts::outcomes(&mut playouts::Ours::new(1), &games, &stages, 4).unwrap();
        assert_eq!(f.len(), 6);
        assert!(playouts::brier_difference(&ours, &f).is_some(), "the same positions");
        // White to move after one move: black's chance is one minus the mover's.
        let x = Features::Count
            .of(
                net,
                &{
                    let mut b = Board::new(19);
                    b.play(menace_go::io::vertex::parse_vertex(&b, "D16").unwrap()).unwrap();
                    b
                },
                7.5,
            )
            .unwrap();
        assert!((f[0].share - (1.0 - head.chance(&x))).abs() < 1e-12);
    }

    #[test]
    fn the_count_reads_the_stones_and_the_komi_from_the_player_to_moves_side() {
        let net = PolicyNet::builtin();
        let mut b = Board::new(19);
        for m in ["D4", "Q16", "D16"] {
            let mv = menace_go::io::vertex::parse_vertex(&b, m).unwrap();
            b.play(mv).unwrap();
        }
        // White to move: 1 stone against black's 2, and the komi is white's.
        let x = Features::Count.of(net, &b, 7.5).unwrap();
        assert_eq!(x, vec![-0.1, 0.75, 1.0]);
        let n = Features::Net.of(net, &b, 7.5).unwrap();
        assert_eq!(n.len(), net.channels() + 2);
        assert_eq!(&n[net.channels()..], &[0.75, 1.0]);
        assert_eq!(Features::Count.of(net, &Board::new(9), 7.5), None);
    }
}
