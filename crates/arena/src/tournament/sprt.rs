//! The sequential probability ratio test: when an A/B match has said enough.
//!
//! A fixed number of games either wastes hours on a lever that is clearly better or
//! worse, or is stopped early by eye, which makes the error rate unknown.
//! Wald's SPRT decides between two hypotheses about the entrant under test, H0 "it is
//! `elo0` stronger" and H1 "it is `elo1` stronger", after every game, with error rates
//! `alpha` (accepting H1 when H0 holds) and `beta` (the reverse) set in advance: it stops
//! as soon as the log-likelihood ratio leaves `(ln(beta / (1 - alpha)), ln((1 - beta) /
//! alpha))`.
//!
//! Games end in a win, a tie or a loss, so the likelihood is trinomial, and a hypothesis
//! fixes only the expected score (`1 / (1 + 10^(-elo / 400))`, a tie half a point), not the
//! tie rate. This is the generalized SPRT (as in Michel Van den Bergh's notes for
//! fishtest): each hypothesis is represented by the trinomial of that expected score most
//! likely to give the observed counts, which here has a closed form (see
//! [`max_log_likelihood`]).
//!
//! ```
//! use menace_arena::tournament::sprt::{Sprt, Verdict};
//!
//! // H0: no better; H1: 35 Elo better; 5% error either way.
//! let test = Sprt::new(0.0, 35.0).unwrap();
//! assert_eq!(test.verdict(12, 0, 8), Verdict::Continue); // 60% of 20 says little
//! assert_eq!(test.verdict(70, 0, 30), Verdict::H1); // 70% of 100 is enough
//! assert_eq!(test.verdict(35, 0, 65), Verdict::H0); // 35% of 100: not 35 Elo better
//! // A lever far better than H1 is still decided quickly: 25 of 27 against H1 = 100.
//! assert_eq!(Sprt::new(0.0, 100.0).unwrap().verdict(25, 0, 2), Verdict::H1);
//! ```

/// The error rates used when none are given: 5% each way.
pub const DEFAULT_ERROR: f64 = 0.05;

/// What the games so far decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H0 accepted: the entrant is not `elo1` stronger (it is at most about `elo0`).
    H0,
    /// H1 accepted: the entrant is at least about `elo1` stronger.
    H1,
    /// Neither yet: play on.
    Continue,
}

/// A test of H0 (`elo0`) against H1 (`elo1`) with error rates `alpha` and `beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo difference under H0.
    pub elo0: f64,
    /// Elo difference under H1 (above `elo0`).
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds.
    pub beta: f64,
}

impl Sprt {
    /// H0 `elo0` against H1 `elo1`, 5% error each way. Both finite, within ±1000 (beyond,
    /// the expected score is 1 or 0 to within rounding), and `elo0 < elo1`.
    pub fn new(elo0: f64, elo1: f64) -> Result<Sprt, SprtError> {
        Sprt::with_errors(elo0, elo1, DEFAULT_ERROR, DEFAULT_ERROR)
    }

    /// As [`Sprt::new`] with the error rates given (each strictly between 0 and 0.5).
    pub fn with_errors(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, SprtError> {
        let elo_ok = |e: f64| e.is_finite() && e.abs() <= 1000.0;
        if !elo_ok(elo0) || !elo_ok(elo1) {
            return Err(SprtError::EloOutOfRange { elo0, elo1 });
        }
        if elo0 >= elo1 {
            return Err(SprtError::EloOrder { elo0, elo1 });
        }
        for (name, e) in [("alpha", alpha), ("beta", beta)] {
            if !(e > 0.0 && e < 0.5) {
                return Err(SprtError::ErrorRate { name, value: e });
            }
        }
        Ok(Sprt { elo0, elo1, alpha, beta })
    }

    /// The log-likelihood ratio's bounds: at or below the first H0 is accepted, at or
    /// above the second H1.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The log-likelihood ratio of H1 against H0 after `wins`, `ties` and `losses` of the
    /// entrant under test (0 before any game).
    pub fn llr(&self, wins: u32, ties: u32, losses: u32) -> f64 {
        let s0 = expected_score(self.elo0);
        let s1 = expected_score(self.elo1);
        max_log_likelihood(s1, wins, ties, losses) - max_log_likelihood(s0, wins, ties, losses)
    }

    /// What the counts decide.
    pub fn verdict(&self, wins: u32, ties: u32, losses: u32) -> Verdict {
        let llr = self.llr(wins, ties, losses);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

impl Sprt {
    /// One paragraph for `entrant`'s `wins`, `ties` and `losses` against `opponent`: the
    /// hypotheses, the ratio, its bounds and the verdict.
    pub fn report(
        &self,
        entrant: &str,
        opponent: &str,
        wins: u32,
        ties: u32,
        losses: u32,
    ) -> String {
        let (lower, upper) = self.bounds();
        let verdict = match self.verdict(wins, ties, losses) {
            Verdict::H1 => format!("H1 accepted: {entrant} is stronger than {opponent}"),
            Verdict::H0 => format!("H0 accepted: {entrant} is not {} Elo stronger", self.elo1),
            Verdict::Continue => "not decided yet: play on".to_string(),
        };
        format!(
            "SPRT for {entrant} against {opponent} (H0: {} Elo, H1: {} Elo; alpha {}, beta {}): \
             {wins} won, {ties} tied, {losses} lost; log-likelihood ratio {:.2} in ({lower:.2}, \
             {upper:.2}): {verdict}\n",
            self.elo0,
            self.elo1,
            self.alpha,
            self.beta,
            self.llr(wins, ties, losses),
        )
    }
}

/// Why an SPRT's settings, or the field it is asked of, were refused.
#[derive(Clone, Debug, PartialEq)]
pub enum SprtError {
    /// Text that is not two numbers with a comma between them.
    NotAPair {
        /// The text given.
        given: String,
    },
    /// One of the two is not a number.
    NotANumber {
        /// The text given.
        given: String,
        /// The part that is not a number.
        part: String,
    },
    /// An Elo that is not a number within ±1000.
    EloOutOfRange {
        /// H0's Elo.
        elo0: f64,
        /// H1's Elo.
        elo1: f64,
    },
    /// H0's Elo not below H1's.
    EloOrder {
        /// H0's Elo.
        elo0: f64,
        /// H1's Elo.
        elo1: f64,
    },
    /// An error rate not strictly between 0 and 0.5.
    ErrorRate {
        /// `alpha` or `beta`.
        name: &'static str,
        /// The rate given.
        value: f64,
    },
    /// A test asked of a field that is not two entrants.
    NotTwoEntrants {
        /// How many there are.
        count: usize,
    },
    /// A test for an entrant that is not in the field.
    NoSuchEntrant {
        /// The entrant named.
        entrant: String,
        /// The field's entrants.
        entrants: Vec<String>,
    },
}

impl std::fmt::Display for SprtError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SprtError::NotAPair { given } => write!(f, "{given:?}: expected ELO0,ELO1"),
            SprtError::NotANumber { given, part } => {
                write!(f, "{given:?}: {part:?} is not a number")
            }
            SprtError::EloOutOfRange { elo0, elo1 } => {
                write!(f, "Elo {elo0}, {elo1}: each must be a number within ±1000")
            }
            SprtError::EloOrder { elo0, elo1 } => {
                write!(f, "Elo {elo0}, {elo1}: H0's must be below H1's")
            }
            SprtError::ErrorRate { name, value } => {
                write!(f, "{name} {value}: must be between 0 and 0.5")
            }
            SprtError::NotTwoEntrants { count } => {
                write!(f, "the SPRT needs two entrants, there are {count}")
            }
            SprtError::NoSuchEntrant { entrant, entrants } => {
                write!(f, "the SPRT: no entrant {entrant:?} (there are {entrants:?})")
            }
        }
    }
}

impl std::error::Error for SprtError {}

impl From<SprtError> for String {
    fn from(e: SprtError) -> String {
        e.to_string()
    }
}

impl std::str::FromStr for Sprt {
    type Err = SprtError;

    /// `ELO0,ELO1` (e.g. `0,35`), 5% error each way.
    fn from_str(s: &str) -> Result<Sprt, SprtError> {
        let (a, b) = s.split_once(',').ok_or_else(|| SprtError::NotAPair { given: s.into() })?;
        let num = |t: &str| {
            t.trim()
                .parse::<f64>()
                .map_err(|_| SprtError::NotANumber { given: s.into(), part: t.into() })
        };
        Sprt::new(num(a)?, num(b)?)
    }
}

/// The expected score (a win 1, a tie ½) of a side `elo` stronger, in the logistic model.
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The largest log-likelihood of the counts under a trinomial (win, tie, loss) whose
/// expected score is `s` (strictly between 0 and 1).
///
/// With `t` the tie probability, the win and loss probabilities are `s - t/2` and
/// `1 - s - t/2`; the log-likelihood is concave in `t`, and setting its derivative to zero
/// gives `N t² - 2 (ties + wins (1 - s) + losses s) t + 4 s (1 - s) ties = 0`, whose
/// smaller root is the maximum (it lies in `[0, 2 min(s, 1 - s)]`).
pub fn max_log_likelihood(s: f64, wins: u32, ties: u32, losses: u32) -> f64 {
    let (w, d, l) = (f64::from(wins), f64::from(ties), f64::from(losses));
    let n = w + d + l;
    if n == 0.0 {
        return 0.0;
    }
    let b = d + w * (1.0 - s) + l * s;
    let disc = (b * b - 4.0 * n * s * (1.0 - s) * d).max(0.0);
    let t = ((b - disc.sqrt()) / n).clamp(0.0, 2.0 * s.min(1.0 - s));
    let term = |count: f64, p: f64| if count == 0.0 { 0.0 } else { count * p.ln() };
    term(w, s - t / 2.0) + term(d, t) + term(l, 1.0 - s - t / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The maximum found by scanning every tie rate on a fine grid: an independent check
    /// of the closed form.
    fn brute_max(s: f64, w: u32, d: u32, l: u32) -> f64 {
        let top = 2.0 * s.min(1.0 - s);
        let steps = 200_000;
        (0..=steps)
            .map(|i| top * f64::from(i) / f64::from(steps))
            .map(|t| {
                let term = |c: u32, p: f64| if c == 0 { 0.0 } else { f64::from(c) * p.ln() };
                term(w, s - t / 2.0) + term(d, t) + term(l, 1.0 - s - t / 2.0)
            })
            .filter(|v| v.is_finite())
            .fold(f64::NEG_INFINITY, f64::max)
    }

    #[test]
    fn the_closed_form_is_the_maximum() {
        for &(w, d, l) in &[(10, 0, 0), (0, 0, 7), (5, 5, 5), (30, 3, 12), (1, 20, 0), (0, 4, 9)] {
            for s in [0.3, 0.5, 0.55, 0.8] {
                let got = max_log_likelihood(s, w, d, l);
                let want = brute_max(s, w, d, l);
                assert!(got >= want - 1e-9, "{w}-{d}-{l} at {s}: {got} < {want}");
                assert!(got - want < 1e-3, "{w}-{d}-{l} at {s}: {got} vs {want}");
            }
        }
    }

    #[test]
    fn without_ties_it_is_the_binomial_ratio() {
        // No ties: the likelihood is binomial, and the ratio is w ln(s1/s0) + l ln((1-s1)/(1-s0)).
        let test = Sprt::new(0.0, 35.0).unwrap();
        let (s0, s1) = (0.5, expected_score(35.0));
        for (w, l) in [(25, 2), (12, 8), (40, 60)] {
            let want =
                f64::from(w) * (s1 / s0).ln() + f64::from(l) * ((1.0 - s1) / (1.0 - s0)).ln();
            assert!((test.llr(w, 0, l) - want).abs() < 1e-9);
        }
    }

    #[test]
    fn bounds_and_symmetry() {
        let test = Sprt::new(0.0, 35.0).unwrap();
        let (lo, hi) = test.bounds();
        assert!((hi - 19f64.ln()).abs() < 1e-12 && (lo + 19f64.ln()).abs() < 1e-12);
        // Swapping the entrants and the hypotheses' signs swaps the ratio's sign.
        let mirror = Sprt::new(-35.0, 0.0).unwrap();
        assert!((test.llr(30, 4, 20) + mirror.llr(20, 4, 30)).abs() < 1e-9);
        assert_eq!(test.llr(0, 0, 0), 0.0);
    }

    #[test]
    fn bad_hypotheses_are_refused() {
        assert!(Sprt::new(35.0, 0.0).is_err());
        assert!(Sprt::new(0.0, f64::NAN).is_err());
        assert!(Sprt::new(0.0, 5000.0).is_err());
        assert!(Sprt::with_errors(0.0, 10.0, 0.0, 0.05).is_err());
        assert!("0".parse::<Sprt>().is_err());
        assert!("a,b".parse::<Sprt>().is_err());
        // Each refusal names what is wrong, in the words the binary prints.
        let said = |t: &str| t.parse::<Sprt>().unwrap_err().to_string();
        assert_eq!(said("0"), "\"0\": expected ELO0,ELO1");
        assert_eq!(said("0,x"), "\"0,x\": \"x\" is not a number");
        assert_eq!(said("0,5000"), "Elo 0, 5000: each must be a number within ±1000");
        assert_eq!(said("35,0"), "Elo 35, 0: H0's must be below H1's");
        let e = Sprt::with_errors(0.0, 10.0, 0.0, 0.05).unwrap_err();
        assert_eq!(
            (e.to_string(), e),
            (
                "alpha 0: must be between 0 and 0.5".into(),
                SprtError::ErrorRate { name: "alpha", value: 0.0 }
            )
        );
        assert_eq!("0, 35".parse::<Sprt>(), Sprt::new(0.0, 35.0));
    }
}
