//! The Wilson score interval: how sure a share of points over a few games is.
//!
//! A tournament of 16 games that ends 8.5 to 7.5 says little; the interval says how
//! little. Wilson's interval rather than the textbook `p ± 1.96·√(p(1−p)/n)` because that
//! one collapses to a point at 0% and 100% and runs past them near the ends, exactly
//! where short runs of games often are.
//!
//! ```
//! use menace_arena::tournament::interval::wilson;
//!
//! // 8.5 points of 16 games: 53%, somewhere between 30% and 75%.
//! let (lo, hi) = wilson(8.5, 16).unwrap();
//! assert_eq!((lo.floor(), hi.ceil()), (30.0, 75.0));
//! // Nothing is known of no games.
//! assert_eq!(wilson(0.0, 0), None);
//! ```

/// The normal quantile of a two-sided 95% interval.
const Z: f64 = 1.96;

/// Wilson's 95% interval, in percent, of `points` scored in `games` (a tie half a point,
/// counted as half a success); `None` for no games. Points are clamped to `0..=games`.
pub fn wilson(points: f64, games: u32) -> Option<(f64, f64)> {
    if games == 0 {
        return None;
    }
    let n = f64::from(games);
    let p = (points / n).clamp(0.0, 1.0);
    let z2 = Z * Z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    Some((100.0 * (centre - half).max(0.0), 100.0 * (centre + half).min(1.0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Published values: Newcombe (1998), "Two-sided confidence intervals for the single
    /// proportion", table I: 81/263 gives 0.2553 to 0.3662; 15/148 gives 0.0624 to 0.1605;
    /// 0/20 gives 0 to 0.1611; 1/29 gives 0.0061 to 0.1718.
    #[test]
    fn matches_newcombes_table() {
        for (k, n, lo, hi) in [
            (81.0, 263, 25.53, 36.62),
            (15.0, 148, 6.24, 16.05),
            (0.0, 20, 0.0, 16.11),
            (1.0, 29, 0.61, 17.18),
        ] {
            let (l, h) = wilson(k, n).unwrap();
            assert!((l - lo).abs() < 0.01 && (h - hi).abs() < 0.01, "{k}/{n}: {l} {h}");
        }
    }

    #[test]
    fn is_symmetric_and_inside_zero_to_a_hundred() {
        for n in 1..60u32 {
            for half in 0..=2 * n {
                let k = f64::from(half) / 2.0;
                let (l, h) = wilson(k, n).unwrap();
                let (l2, h2) = wilson(f64::from(n) - k, n).unwrap();
                assert!((0.0..=100.0).contains(&l) && (0.0..=100.0).contains(&h) && l <= h);
                assert!((l - (100.0 - h2)).abs() < 1e-9 && (h - (100.0 - l2)).abs() < 1e-9);
                let share = 100.0 * k / f64::from(n);
                assert!(l <= share + 1e-9 && share <= h + 1e-9, "{k}/{n}");
            }
        }
    }
}
