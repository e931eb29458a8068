//! Elo estimates with 95% intervals from two-player game results.
//!
//! The method: the Bradley–Terry model, `P(i scores against j) = 1 / (1 + 10^(-(Ri - Rj)/400))`,
//! with a tie counted as half a win (the game contributes `s ln p + (1 - s) ln(1 - p)` to
//! the log-likelihood, `s` being i's score 1, ½ or 0). A perfect record would send the
//! maximum-likelihood rating to infinity, so each player also gets one virtual tie
//! against a phantom rated 0 (a weak prior, as BayesElo's virtual draws), which keeps the
//! ratings finite. The estimate is the maximum of that penalised likelihood (Newton's
//! method, which converges because the function is strictly concave). Ratings are then
//! shifted to average 0 over the field, since only differences are measured. The 95%
//! interval is the normal approximation `R ± 1.96 σ`, with the covariance the inverse of
//! the observed information (minus the Hessian of the log-likelihood at the maximum),
//! carried through the same shift (`C Σ Cᵀ`, `C = I - 11ᵀ/n`): each interval says how well
//! an entrant is placed against the field's average. No bootstrap: the result depends
//! only on the games, so every run (and every merge) prints the same figures.

/// Elo points per natural-log unit of strength: `400 / ln 10`.
pub const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

/// Virtual ties each player has against the phantom rated 0.
pub const PRIOR_TIES: f64 = 1.0;

/// One game's result for the estimate: players `a` and `b`, `a` scoring `score`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Game {
    /// First player's index.
    pub a: usize,
    /// Second player's index.
    pub b: usize,
    /// `a`'s score: 1 a win, 0.5 a tie, 0 a loss.
    pub score: f64,
}

/// Ratings and their uncertainty.
#[derive(Clone, Debug, PartialEq)]
pub struct Ratings {
    /// Elo per player, relative to the field's average (0).
    pub elo: Vec<f64>,
    /// Covariance of the (centred) estimates, in Elo², row-major `n x n`.
    pub covariance: Vec<f64>,
}

impl Ratings {
    /// Half the width of player `i`'s 95% interval, in Elo.
    pub fn half_width(&self, i: usize) -> f64 {
        let n = self.elo.len();
        1.96 * self.covariance[i * n + i].max(0.0).sqrt()
    }

    /// `i`'s rating minus `j`'s, and half the width of its 95% interval.
    pub fn difference(&self, i: usize, j: usize) -> (f64, f64) {
        let n = self.elo.len();
        let c = |a: usize, b: usize| self.covariance[a * n + b];
        let var = c(i, i) + c(j, j) - 2.0 * c(i, j);
        (self.elo[i] - self.elo[j], 1.96 * var.max(0.0).sqrt())
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The penalised log-likelihood at `theta` (natural units), for checks.
pub fn log_likelihood(theta: &[f64], games: &[Game], prior: f64) -> f64 {
    let mut ll = 0.0;
    for g in games {
        let p = sigmoid(theta[g.a] - theta[g.b]);
        ll += g.score * p.ln() + (1.0 - g.score) * (1.0 - p).ln();
    }
    for &t in theta {
        let p = sigmoid(t);
        ll += prior * (0.5 * p.ln() + 0.5 * (1.0 - p).ln());
    }
    ll
}

/// Gradient and information matrix (minus the Hessian) of the penalised log-likelihood.
fn derivatives(theta: &[f64], games: &[Game], prior: f64) -> (Vec<f64>, Vec<f64>) {
    let n = theta.len();
    let mut g = vec![0.0; n];
    let mut h = vec![0.0; n * n];
    for game in games {
        let (a, b) = (game.a, game.b);
        let p = sigmoid(theta[a] - theta[b]);
        let w = p * (1.0 - p);
        g[a] += game.score - p;
        g[b] -= game.score - p;
        h[a * n + a] += w;
        h[b * n + b] += w;
        h[a * n + b] -= w;
        h[b * n + a] -= w;
    }
    for i in 0..n {
        let p = sigmoid(theta[i]);
        g[i] += prior * (0.5 - p);
        h[i * n + i] += prior * p * (1.0 - p);
    }
    (g, h)
}

/// Inverse of a symmetric positive-definite matrix by Gauss–Jordan elimination with
/// partial pivoting (the matrices here are small: one row per player).
fn invert(m: &[f64], n: usize) -> Vec<f64> {
    let mut a = m.to_vec();
    let mut inv = vec![0.0; n * n];
    for i in 0..n {
        inv[i * n + i] = 1.0;
    }
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&x, &y| a[x * n + col].abs().total_cmp(&a[y * n + col].abs()))
            .unwrap_or(col);
        if pivot != col {
            for k in 0..n {
                a.swap(col * n + k, pivot * n + k);
                inv.swap(col * n + k, pivot * n + k);
            }
        }
        let d = a[col * n + col];
        for k in 0..n {
            a[col * n + k] /= d;
            inv[col * n + k] /= d;
        }
        for r in 0..n {
            if r != col {
                let f = a[r * n + col];
                if f != 0.0 {
                    for k in 0..n {
                        a[r * n + k] -= f * a[col * n + k];
                        inv[r * n + k] -= f * inv[col * n + k];
                    }
                }
            }
        }
    }
    inv
}

/// Estimates the ratings of `players` players from `games`, with `prior` virtual ties
/// per player against the phantom (use [`PRIOR_TIES`]; it must be positive).
pub fn estimate(players: usize, games: &[Game], prior: f64) -> Ratings {
    assert!(prior > 0.0, "the prior keeps the estimate finite");
    let n = players;
    let mut theta = vec![0.0; n];
    let mut ll = log_likelihood(&theta, games, prior);
    for _ in 0..200 {
        let (g, h) = derivatives(&theta, games, prior);
        let inv = invert(&h, n);
        let step: Vec<f64> =
            (0..n).map(|i| (0..n).map(|k| inv[i * n + k] * g[k]).sum::<f64>()).collect();
        // Newton's step, halved while it fails to raise the likelihood (it always does
        // near the maximum; this only guards the first steps from far away).
        let mut scale = 1.0;
        let mut next;
        loop {
            next = theta.iter().zip(&step).map(|(t, s)| t + scale * s).collect::<Vec<f64>>();
            let l = log_likelihood(&next, games, prior);
            if l >= ll || scale < 1e-6 {
                ll = l;
                break;
            }
            scale /= 2.0;
        }
        let moved = step.iter().map(|s| (s * scale).abs()).fold(0.0, f64::max);
        theta = next;
        if moved < 1e-12 {
            break;
        }
    }
    let (_, h) = derivatives(&theta, games, prior);
    let (elo, covariance) = centre(&theta, &invert(&h, n));
    Ratings { elo, covariance }
}

/// Shifts ratings (natural units) to average 0 and carries their covariance through the
/// shift; both come out in Elo.
pub fn centre(theta: &[f64], cov: &[f64]) -> (Vec<f64>, Vec<f64>) {
    let n = theta.len();
    if n == 0 {
        return (Vec::new(), Vec::new());
    }
    let nf = n as f64;
    let mean = theta.iter().sum::<f64>() / nf;
    let elo = theta.iter().map(|t| (t - mean) * ELO_PER_NAT).collect();
    // (C Σ C)_ij = Σ_ij - rowmean_i - colmean_j + mean, for symmetric Σ.
    let row: Vec<f64> = (0..n).map(|i| (0..n).map(|k| cov[i * n + k]).sum::<f64>() / nf).collect();
    let all = row.iter().sum::<f64>() / nf;
    let mut out = vec![0.0; n * n];
    for i in 0..n {
        for j in 0..n {
            out[i * n + j] = (cov[i * n + j] - row[i] - row[j] + all) * ELO_PER_NAT * ELO_PER_NAT;
        }
    }
    (elo, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(list: &[(usize, usize, f64, usize)]) -> Vec<Game> {
        list.iter()
            .flat_map(|&(a, b, score, times)| std::iter::repeat_n(Game { a, b, score }, times))
            .collect()
    }

    /// Two players, `w` wins of `n` for the first: by symmetry the ratings are `t` and
    /// `-t` with `w - n σ(2t) + prior (1/2 - σ(t)) = 0`, solved here by bisection.
    fn two_player_by_bisection(w: f64, n: f64) -> f64 {
        let f = |t: f64| w - n * sigmoid(2.0 * t) + PRIOR_TIES * (0.5 - sigmoid(t));
        let (mut lo, mut hi) = (-50.0, 50.0);
        for _ in 0..200 {
            let mid = (lo + hi) / 2.0;
            if f(mid) > 0.0 {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        lo * ELO_PER_NAT
    }

    #[test]
    fn two_players_match_the_one_dimensional_solution() {
        for (w, n) in [(7.0_f64, 10.0_f64), (10.0, 10.0), (0.0, 4.0), (2.5, 5.0), (1.0, 1.0)] {
            let wins = (w as usize, 0.0, (n - w).floor() as usize);
            let mut gs = games(&[(0, 1, 1.0, wins.0), (0, 1, 0.0, wins.2)]);
            if w.fract() != 0.0 {
                gs.push(Game { a: 0, b: 1, score: 0.5 });
            }
            let r = estimate(2, &gs, PRIOR_TIES);
            let t = two_player_by_bisection(w, n);
            assert!(
                (r.elo[0] - t).abs() < 1e-6 && (r.elo[1] + t).abs() < 1e-6,
                "{w}/{n}: {r:?} vs {t}"
            );
        }
    }

    #[test]
    fn newton_agrees_with_plain_gradient_ascent_and_numeric_curvature() {
        let gs = games(&[
            (0, 1, 1.0, 3),
            (1, 0, 1.0, 1),
            (0, 2, 0.5, 2),
            (2, 1, 1.0, 2),
            (1, 2, 1.0, 1),
            (2, 0, 0.0, 1),
        ]);
        let r = estimate(3, &gs, PRIOR_TIES);
        // Independent: many small gradient steps, the gradient by central differences.
        let mut theta = vec![0.0; 3];
        let h = 1e-6;
        for _ in 0..20_000 {
            let grad: Vec<f64> = (0..3)
                .map(|i| {
                    let mut up = theta.clone();
                    let mut down = theta.clone();
                    up[i] += h;
                    down[i] -= h;
                    (log_likelihood(&up, &gs, PRIOR_TIES) - log_likelihood(&down, &gs, PRIOR_TIES))
                        / (2.0 * h)
                })
                .collect();
            for i in 0..3 {
                theta[i] += 0.05 * grad[i];
            }
        }
        let mean = theta.iter().sum::<f64>() / 3.0;
        for i in 0..3 {
            assert!(
                ((theta[i] - mean) * ELO_PER_NAT - r.elo[i]).abs() < 1e-3,
                "{i}: {theta:?} vs {r:?}"
            );
        }
        // The curvature by second differences at the maximum, inverted by the adjugate,
        // then centred by hand: Var(t_i - mean) = Var(t_i) - 2 Cov(t_i, mean) + Var(mean).
        let d = 1e-4;
        let ll = |t: &[f64]| log_likelihood(t, &gs, PRIOR_TIES);
        let t0 = theta.clone();
        let mut m = [[0.0; 3]; 3];
        for i in 0..3 {
            for j in 0..3 {
                let at = |di: f64, dj: f64| {
                    let mut t = t0.clone();
                    t[i] += di;
                    t[j] += dj;
                    ll(&t)
                };
                m[i][j] = -(at(d, d) - at(d, -d) - at(-d, d) + at(-d, -d)) / (4.0 * d * d);
            }
        }
        let det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
        let mut inv = [[0.0; 3]; 3];
        #[allow(clippy::needless_range_loop)] // indices name rows and columns here
        for i in 0..3 {
            for j in 0..3 {
                // Cofactor of m[j][i] (the adjugate is the transposed cofactor matrix).
                let (r0, r1) = ((j + 1) % 3, (j + 2) % 3);
                let (c0, c1) = ((i + 1) % 3, (i + 2) % 3);
                inv[i][j] = (m[r0][c0] * m[r1][c1] - m[r0][c1] * m[r1][c0]) / det;
            }
        }
        for i in 0..3 {
            let cov_mean: f64 = (0..3).map(|k| inv[i][k]).sum::<f64>() / 3.0;
            let var_mean: f64 = inv.iter().flatten().sum::<f64>() / 9.0;
            let var = (inv[i][i] - 2.0 * cov_mean + var_mean) * ELO_PER_NAT * ELO_PER_NAT;
            let half = 1.96 * var.sqrt();
            assert!(
                (half - r.half_width(i)).abs() < 0.01 * half,
                "{i}: {half} vs {}",
                r.half_width(i)
            );
        }
    }

    #[test]
    fn equal_records_give_equal_ratings_and_more_games_narrow_the_interval() {
        let few = estimate(2, &games(&[(0, 1, 1.0, 2), (1, 0, 1.0, 2)]), PRIOR_TIES);
        assert!(few.elo[0].abs() < 1e-9 && few.elo[1].abs() < 1e-9);
        let many = estimate(2, &games(&[(0, 1, 1.0, 50), (1, 0, 1.0, 50)]), PRIOR_TIES);
        assert!(many.half_width(0) < few.half_width(0) / 3.0);
    }
}
