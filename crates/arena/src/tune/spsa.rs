//! The algorithm: Spall's simultaneous perturbation stochastic approximation over game
//! pairs, on numbers alone (what the numbers mean, and how a game is played, is the
//! caller's).

use std::collections::BTreeMap;

use menace_stats::rng::{from_seed, GameRng, RngCore};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::tournament::UnitId;

/// Spall's exponent of the gain sequence `a_k` (his practical choice; 1 is the
/// asymptotically optimal one, which moves too little early on).
pub const ALPHA: f64 = 0.602;
/// Spall's exponent of the perturbation sequence `c_k`.
pub const GAMMA: f64 = 0.101;
/// The gain `a` when none is given. In a run of 1000 iterations (`A` = 100), a pair that
/// θ+ wins 2-0 moves each parameter by about 1/8 of its `c` at first and 1/17 at the end.
/// Chosen on the synthetic objectives of the tests: at 4 Elo for one step `c` off the
/// optimum, 1000 iterations bring 4 steps down to about one (0.95, mean of 40 runs) where
/// gains of 2 and 8 leave 1.4 and 1.2, and 3000 iterations to 0.7.
pub const DEFAULT_GAIN: f64 = 4.0;
/// The smallest stability constant `A` chosen for a run: with `A` = 0 the first pair would
/// move θ by twice the perturbation, more than the games can say.
pub const MIN_STABILITY: f64 = 10.0;
/// Most pairs of games one iteration may play.
pub const MAX_PAIRS: u32 = 1000;

/// One parameter under tuning.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Param {
    /// Its name (unique in a run).
    pub name: String,
    /// Where θ starts.
    pub start: f64,
    /// The smallest value played or reached.
    pub min: f64,
    /// The largest value played or reached.
    pub max: f64,
    /// The perturbation at the first iteration, in the parameter's units (Spall's `c`,
    /// one per parameter); it also sets the scale of the parameter's steps (see
    /// [`Spsa::step`]).
    pub c: f64,
    /// 0: any value; `n`: the values played are whole multiples of `1 / n` (1: whole
    /// numbers), rounded at random up or down with the odds that keep their expectation
    /// (stochastic rounding): rounding to the nearest would bias a small perturbation of
    /// a whole number to one side, or cancel it.
    pub per_unit: u32,
}

/// The gain sequences: `a_k = a / (A + k + 1)^alpha` and `c_k = c / (k + 1)^gamma` (`k`
/// from 0).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gains {
    /// `a`, dimensionless (steps are in units of each parameter's `c`).
    pub a: f64,
    /// `A`, the stability constant: Spall suggests a tenth of the iterations planned.
    pub stability: f64,
    /// `alpha` ([`ALPHA`]).
    pub alpha: f64,
    /// `gamma` ([`GAMMA`]).
    pub gamma: f64,
}

impl Gains {
    /// Spall's practical choices for a run of `iterations`: `A` a tenth of them (at least
    /// [`MIN_STABILITY`]), `alpha` 0.602, `gamma` 0.101, `a` [`DEFAULT_GAIN`].
    pub fn for_iterations(iterations: u64) -> Gains {
        Gains {
            a: DEFAULT_GAIN,
            stability: (iterations as f64 / 10.0).floor().max(MIN_STABILITY),
            alpha: ALPHA,
            gamma: GAMMA,
        }
    }

    /// `a_k`.
    pub fn a_k(&self, k: u64) -> f64 {
        self.a / (self.stability + k as f64 + 1.0).powf(self.alpha)
    }

    /// `c_k / c`, the share of each parameter's `c` perturbed by at iteration `k`.
    pub fn c_k(&self, k: u64) -> f64 {
        1.0 / (k as f64 + 1.0).powf(self.gamma)
    }
}

/// Everything that decides a run's trajectory, given its games' results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// The parameters, in the order they are perturbed.
    pub params: Vec<Param>,
    /// The gain sequences.
    pub gains: Gains,
    /// Pairs of games an iteration plays (each pair: θ+ against θ−, then colours swapped).
    pub pairs: u32,
    /// The seed of the perturbations, the rounding and the games' seeds.
    pub seed: u64,
}

impl Settings {
    /// Refuses settings the algorithm cannot run (every message names the field).
    pub fn check(&self) -> Result<(), String> {
        if self.params.is_empty() {
            return Err("no parameter to tune".into());
        }
        for (i, p) in self.params.iter().enumerate() {
            let n = &p.name;
            if n.is_empty() || self.params[..i].iter().any(|o| &o.name == n) {
                return Err(format!("parameter {i}: the name {n:?} is empty or not unique"));
            }
            let finite = [p.start, p.min, p.max, p.c].iter().all(|x| x.is_finite());
            if !finite || p.min >= p.max || p.start < p.min || p.start > p.max {
                return Err(format!(
                    "{n}: start {} must lie in min {} to max {} (finite, min below max)",
                    p.start, p.min, p.max
                ));
            }
            if p.c <= 0.0 || p.c > p.max - p.min {
                return Err(format!("{n}: c {} must be above 0 and at most max - min", p.c));
            }
            if p.per_unit > 0 {
                let on_grid = |x: f64| {
                    let s = x * f64::from(p.per_unit);
                    (s - s.round()).abs() <= 1e-9 * s.abs().max(1.0)
                };
                if !on_grid(p.min) || !on_grid(p.max) {
                    return Err(format!(
                        "{n}: min {} and max {} must be multiples of 1/{}",
                        p.min, p.max, p.per_unit
                    ));
                }
            }
        }
        let g = &self.gains;
        if !(g.a > 0.0 && g.a.is_finite() && g.stability >= 0.0 && g.stability.is_finite()) {
            return Err(format!("gain a {} must be above 0, A {} at least 0", g.a, g.stability));
        }
        if !(g.alpha > 0.0 && g.alpha <= 1.0 && g.gamma > 0.0 && g.gamma <= 1.0) {
            return Err(format!("alpha {} and gamma {} must be in (0, 1]", g.alpha, g.gamma));
        }
        if self.pairs == 0 || self.pairs > MAX_PAIRS {
            return Err(format!("pairs {} must be from 1 to {MAX_PAIRS}", self.pairs));
        }
        Ok(())
    }
}

/// What iteration `k` plays: θ+ = θ + c_k Δ against θ− = θ − c_k Δ, clamped to the ranges
/// and put on the parameters' grids.
#[derive(Clone, Debug, PartialEq)]
pub struct Trial {
    /// `k`, from 0.
    pub iteration: u64,
    /// The perturbation's signs Δ (±1), in parameter order.
    pub delta: Vec<i8>,
    /// θ+.
    pub plus: Vec<f64>,
    /// θ−.
    pub minus: Vec<f64>,
    /// The iteration's seed for its games ([`Trial::pair_seed`]).
    pub seed: u64,
}

impl Trial {
    /// The seed of pair `p`'s games (both games of a pair may share it: they differ in
    /// colours).
    pub fn pair_seed(&self, p: u32) -> u64 {
        UnitId(u64::from(p)).seed(self.seed)
    }
}

/// θ+'s results over an iteration's games (a tie half a point).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct Outcome {
    /// Games θ+ won.
    pub wins: u32,
    /// Games tied.
    pub ties: u32,
    /// Games θ+ lost.
    pub losses: u32,
}

impl Outcome {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.ties + self.losses
    }
}

/// One iteration, as a line of the log: θ before, the perturbation, what was played, the
/// results and θ after. Maps are keyed by the parameters' names.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// `k`, from 0.
    pub iteration: u64,
    /// θ before the iteration.
    pub theta: BTreeMap<String, f64>,
    /// Δ.
    pub delta: BTreeMap<String, i8>,
    /// θ+, as played.
    pub plus: BTreeMap<String, f64>,
    /// θ−, as played.
    pub minus: BTreeMap<String, f64>,
    /// Games θ+ won.
    pub wins: u32,
    /// Games tied.
    pub ties: u32,
    /// Games θ+ lost.
    pub losses: u32,
    /// θ after the update.
    pub next: BTreeMap<String, f64>,
    /// The caller's notes on the games (not read back; `null` is left out).
    #[serde(default, skip_serializing_if = "Value::is_null")]
    pub games: Value,
}

impl Step {
    /// θ+'s results.
    pub fn outcome(&self) -> Outcome {
        Outcome { wins: self.wins, ties: self.ties, losses: self.losses }
    }
}

/// What the games say about one parameter's slope: the iterations' `g * Δ_i` (θ+'s share
/// of the points minus θ−'s, signed by the parameter's perturbation), summed.
///
/// Where the parameter does not matter, `Δ_i` is independent of the games and the mean is
/// 0 whatever the other parameters do; a mean several standard errors from 0 ([`Slope::z`])
/// says the games felt the parameter, and which way (positive: a larger value won). A
/// tuned value whose `|z|` stays under 2 is noise around its start, however far θ
/// wandered: the A/B will tell no difference either.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Slope {
    /// Iterations counted.
    pub n: u64,
    /// Sum of `g * Δ_i`.
    pub sum: f64,
    /// Sum of its squares.
    pub sum_sq: f64,
}

impl Slope {
    /// Counts one iteration's `g * Δ_i`.
    pub fn add(&mut self, x: f64) {
        self.n += 1;
        self.sum += x;
        self.sum_sq += x * x;
    }

    /// The mean of `g * Δ_i` (0 before any iteration).
    pub fn mean(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            self.sum / self.n as f64
        }
    }

    /// The mean over its standard error (sample variance, `n - 1`): `None` under two
    /// iterations, or when every iteration gave the same value.
    pub fn z(&self) -> Option<f64> {
        if self.n < 2 {
            return None;
        }
        let n = self.n as f64;
        let var = (self.sum_sq - self.sum * self.sum / n) / (n - 1.0);
        (var > 1e-12).then(|| self.mean() / (var / n).sqrt())
    }
}

/// A run's state: its settings, θ, the next iteration, and each parameter's [`Slope`].
/// Serialisable, but a run is best resumed from its log ([`Spsa::replay`]), which also
/// checks the log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spsa {
    settings: Settings,
    theta: Vec<f64>,
    iteration: u64,
    #[serde(default)]
    slopes: Vec<Slope>,
}

impl Spsa {
    /// A run from the parameters' starts.
    pub fn new(settings: Settings) -> Result<Spsa, String> {
        settings.check()?;
        let theta = settings.params.iter().map(|p| p.start).collect();
        let slopes = vec![Slope::default(); settings.params.len()];
        Ok(Spsa { settings, theta, iteration: 0, slopes })
    }

    /// What the games so far say about each parameter's slope, in parameter order.
    pub fn slopes(&self) -> &[Slope] {
        &self.slopes
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// θ, in parameter order.
    pub fn theta(&self) -> &[f64] {
        &self.theta
    }

    /// The next iteration's `k` (the number done).
    pub fn iteration(&self) -> u64 {
        self.iteration
    }

    /// θ by name.
    pub fn theta_map(&self) -> BTreeMap<String, f64> {
        self.named(&self.theta)
    }

    fn named<T: Copy>(&self, v: &[T]) -> BTreeMap<String, T> {
        self.settings.params.iter().zip(v).map(|(p, &x)| (p.name.clone(), x)).collect()
    }

    /// The next iteration's trial: a function of the settings, θ and `k` alone (its
    /// generator is seeded from the run's seed and `k`), so a resumed run plays what an
    /// uninterrupted one would have.
    pub fn trial(&self) -> Trial {
        let k = self.iteration;
        let seed = UnitId(k).seed(self.settings.seed);
        let mut rng = from_seed(seed);
        let params = &self.settings.params;
        // Rademacher signs first, then one uniform per parameter for the rounding.
        let delta: Vec<i8> =
            params.iter().map(|_| if rng.next_u64() >> 63 == 1 { 1 } else { -1 }).collect();
        let ck = self.settings.gains.c_k(k);
        let (mut plus, mut minus) = (Vec::new(), Vec::new());
        for (i, p) in params.iter().enumerate() {
            let u = unit_interval(&mut rng);
            let d = p.c * ck * f64::from(delta[i]);
            plus.push(on_grid(p, self.theta[i] + d, u));
            minus.push(on_grid(p, self.theta[i] - d, u));
        }
        Trial { iteration: k, delta, plus, minus, seed: UnitId(u64::MAX).seed(seed) }
    }

    /// Plays the next iteration's `outcome` (θ+'s results over its `2 * pairs` games)
    /// into θ and returns the log line, with `games` as the caller's notes.
    ///
    /// The update is Spall's in coordinates scaled by each parameter's `c` (`u_i = θ_i /
    /// c_i`): with `g = (wins - losses) / games`, the difference of θ+'s and θ−'s shares of
    /// the points,
    ///
    /// `θ_i += c_i * a_k * g / (2 * c_k / c) * Δ_i`, clamped to the range.
    ///
    /// One dimensionless gain then serves parameters of any units (3500 visits and 0.1 of
    /// a reward alike): the same as Spall's form with a per-parameter gain `a * c_i^2`
    /// (the one chess engines' testers use), so his convergence conditions hold as they are.
    pub fn step(&mut self, outcome: Outcome, games: Value) -> Result<Step, String> {
        let want = 2 * self.settings.pairs;
        if outcome.games() != want {
            return Err(format!(
                "iteration {}: {} results for {want} games",
                self.iteration,
                outcome.games()
            ));
        }
        let trial = self.trial();
        let k = self.iteration;
        let g = (f64::from(outcome.wins) - f64::from(outcome.losses)) / f64::from(want);
        let gains = &self.settings.gains;
        let scale = gains.a_k(k) * g / (2.0 * gains.c_k(k));
        let before = self.theta.clone();
        self.slopes.resize(self.settings.params.len(), Slope::default());
        for (i, p) in self.settings.params.iter().enumerate() {
            let t = self.theta[i] + p.c * scale * f64::from(trial.delta[i]);
            self.theta[i] = t.clamp(p.min, p.max);
            self.slopes[i].add(g * f64::from(trial.delta[i]));
        }
        self.iteration += 1;
        Ok(Step {
            iteration: k,
            theta: self.named(&before),
            delta: self.named(&trial.delta),
            plus: self.named(&trial.plus),
            minus: self.named(&trial.minus),
            wins: outcome.wins,
            ties: outcome.ties,
            losses: outcome.losses,
            next: self.theta_map(),
            games,
        })
    }

    /// The run of `settings` after the logged `steps` (each with its line number for
    /// messages), checking every line against the replay: the iterations in order from 0,
    /// θ, the perturbation and the points played as the algorithm gives them, the results
    /// adding up to the iteration's games, and θ after. The replay, not the numbers read,
    /// is the state, so a resumed run goes on bit for bit as an uninterrupted one (JSON
    /// text need not bring a float back to its last bit; the check allows for that).
    pub fn replay(settings: Settings, steps: &[(usize, Step)]) -> Result<Spsa, String> {
        let mut run = Spsa::new(settings)?;
        for (line, s) in steps {
            let at = |why: String| format!("line {line}: {why}");
            if s.iteration != run.iteration {
                return Err(at(format!(
                    "iteration {}, expected {} (lines must follow each other from 0)",
                    s.iteration, run.iteration
                )));
            }
            let trial = run.trial();
            run.matches("theta", &s.theta, &run.theta).map_err(at)?;
            let delta: BTreeMap<String, f64> =
                s.delta.iter().map(|(k, &d)| (k.clone(), f64::from(d))).collect();
            let want: Vec<f64> = trial.delta.iter().map(|&d| f64::from(d)).collect();
            run.matches("delta", &delta, &want).map_err(at)?;
            run.matches("plus", &s.plus, &trial.plus).map_err(at)?;
            run.matches("minus", &s.minus, &trial.minus).map_err(at)?;
            run.step(s.outcome(), Value::Null).map_err(at)?;
            run.matches("next", &s.next, &run.theta).map_err(at)?;
        }
        Ok(run)
    }

    /// Does the logged map `got` hold the parameters' values `want` (to within what a
    /// float's text may lose)?
    fn matches(
        &self,
        field: &str,
        got: &BTreeMap<String, f64>,
        want: &[f64],
    ) -> Result<(), String> {
        let names: Vec<&str> = self.settings.params.iter().map(|p| p.name.as_str()).collect();
        if got.len() != names.len() || names.iter().any(|n| !got.contains_key(*n)) {
            let keys: Vec<&String> = got.keys().collect();
            return Err(format!("{field} names {keys:?}, the run's parameters are {names:?}"));
        }
        for (n, &w) in names.iter().zip(want) {
            let g = got[*n];
            if (g - w).abs() > 1e-9 * g.abs().max(w.abs()).max(1.0) {
                return Err(format!(
                    "{field} {n} is {g}, the replay of the log gives {w} (an edited log, or \
                     one of other settings)"
                ));
            }
        }
        Ok(())
    }
}

/// A uniform number in [0, 1) from 53 bits of one output.
fn unit_interval(rng: &mut GameRng) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// `x` clamped to `p`'s range and, on a grid, rounded down or up with the uniform `u`
/// (up when `u` is below the fraction): unbiased, and the same `u` for θ+ and θ− keeps
/// their difference as near `2 c_k` as the grid allows.
fn on_grid(p: &Param, x: f64, u: f64) -> f64 {
    let x = x.clamp(p.min, p.max);
    if p.per_unit == 0 {
        return x;
    }
    let n = f64::from(p.per_unit);
    let scaled = x * n;
    let below = scaled.floor();
    let q = if u < scaled - below { below + 1.0 } else { below };
    (q / n).clamp(p.min, p.max)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Computed apart from this code, by a Python transcription of SplitMix64 and
    /// xoshiro256++ (as `menace_stats::rng` pins them): the sign of each iteration's first
    /// output, iteration k seeded `splitmix64(7 ^ splitmix64(k))`.
    const GOLDEN_SIGNS: [i8; 6] = [1, 1, 1, -1, -1, -1];

    /// A synthetic two-player objective with a known optimum: a point `θ` is worth
    /// `-k * sum(((θ_i - opt_i) / c_i)^2)` Elo, and a game between two points is won by
    /// the first with the Elo formula's odds (no ties).
    struct Synthetic {
        opt: Vec<f64>,
        elo_per_step2: f64,
    }

    impl Synthetic {
        fn elo(&self, s: &Settings, x: &[f64]) -> f64 {
            let d2: f64 = s
                .params
                .iter()
                .zip(x)
                .zip(&self.opt)
                .map(|((p, v), o)| ((v - o) / p.c).powi(2))
                .sum();
            -self.elo_per_step2 * d2
        }

        fn play(&self, s: &Settings, t: &Trial, rng: &mut GameRng) -> Outcome {
            let diff = self.elo(s, &t.plus) - self.elo(s, &t.minus);
            let p = 1.0 / (1.0 + 10f64.powf(-diff / 400.0));
            let mut o = Outcome::default();
            for _ in 0..2 * s.pairs {
                if unit_interval(rng) < p {
                    o.wins += 1;
                } else {
                    o.losses += 1;
                }
            }
            o
        }
    }

    fn settings(iterations: u64, a: f64, seed: u64) -> Settings {
        let p = |name: &str, start: f64, c: f64, per_unit: u32| Param {
            name: name.into(),
            start,
            min: start - 20.0 * c,
            max: start + 20.0 * c,
            c,
            per_unit,
        };
        Settings {
            params: vec![p("x", 0.0, 1.0, 0), p("n", 20.0, 2.0, 1), p("w", 0.5, 0.05, 1000)],
            gains: Gains { a, ..Gains::for_iterations(iterations) },
            pairs: 1,
            seed,
        }
    }

    /// Plays `iterations` of a run on the synthetic objective from `run`'s state.
    fn play_on(run: &mut Spsa, obj: &Synthetic, iterations: u64) -> Vec<Step> {
        let s = run.settings().clone();
        (0..iterations)
            .map(|_| {
                let t = run.trial();
                // The games' own randomness from the trial's seed: a resumed run replays it.
                let o = obj.play(&s, &t, &mut from_seed(t.pair_seed(0)));
                run.step(o, Value::Null).unwrap()
            })
            .collect()
    }

    fn distance(s: &Settings, theta: &[f64], opt: &[f64]) -> f64 {
        let d2: f64 =
            s.params.iter().zip(theta).zip(opt).map(|((p, v), o)| ((v - o) / p.c).powi(2)).sum();
        (d2 / s.params.len() as f64).sqrt()
    }

    #[test]
    fn the_same_seed_gives_the_same_sequence() {
        let s = settings(100, DEFAULT_GAIN, 7);
        let obj = Synthetic { opt: vec![4.0, 12.0, 0.3], elo_per_step2: 16.0 };
        let a = play_on(&mut Spsa::new(s.clone()).unwrap(), &obj, 50);
        let b = play_on(&mut Spsa::new(s.clone()).unwrap(), &obj, 50);
        assert_eq!(a, b);
        let c = play_on(&mut Spsa::new(Settings { seed: 8, ..s.clone() }).unwrap(), &obj, 50);
        assert_ne!(a, c);
        // The first perturbations of seed 7, pinned: the generator, the seeding from
        // (seed, k) and the order of the draws are part of a log's meaning.
        let signs: Vec<i8> = a.iter().take(6).map(|st| st.delta["x"]).collect();
        assert_eq!(signs, GOLDEN_SIGNS);
        // Perturbations are Rademacher: about as many of each sign.
        let plus = a.iter().flat_map(|st| st.delta.values()).filter(|&&d| d == 1).count();
        assert!((55..=95).contains(&plus), "{plus} of 150");
    }

    #[test]
    fn it_converges_on_a_noisy_objective_with_a_known_optimum() {
        let opt = [4.0, 12.0, 0.3];
        let obj = Synthetic { opt: opt.to_vec(), elo_per_step2: 16.0 };
        let (mut total, runs) = (0.0, 8);
        for seed in 0..runs {
            let s = settings(1000, DEFAULT_GAIN, seed);
            let mut run = Spsa::new(s.clone()).unwrap();
            assert!((distance(&s, run.theta(), &opt) - 4.0).abs() < 1e-9);
            play_on(&mut run, &obj, 1000);
            let d = distance(&s, run.theta(), &opt);
            assert!(d < 1.5, "seed {seed}: {d} steps from the optimum: {:?}", run.theta());
            total += d;
        }
        // From 4 steps away to well within one, on average.
        assert!(total / (runs as f64) < 0.7, "{}", total / (runs as f64));
    }

    #[test]
    fn a_gain_of_four_converges_on_a_realistically_weak_signal() {
        // 4 Elo for one step off the optimum (16 for two): what a search constant may be
        // worth. 1000 iterations (2000 games) bring 4 steps down to about one.
        let opt = [4.0, 12.0, 0.3];
        let obj = Synthetic { opt: opt.to_vec(), elo_per_step2: 4.0 };
        let runs = 16;
        let mean = |a: f64| {
            (0..runs)
                .map(|seed| {
                    let s = settings(1000, a, seed);
                    let mut run = Spsa::new(s.clone()).unwrap();
                    play_on(&mut run, &obj, 1000);
                    distance(&s, run.theta(), &opt)
                })
                .sum::<f64>()
                / runs as f64
        };
        let (small, chosen, large) = (mean(1.0), mean(DEFAULT_GAIN), mean(16.0));
        assert!(chosen < 1.5, "{chosen}");
        assert!(chosen < small && chosen < large, "{small} {chosen} {large}");
    }

    #[test]
    fn a_slope_is_the_mean_over_its_standard_error() {
        // By hand: 1, -1, 1, 1 have mean 0.5, sample variance (0.25 + 2.25 + 0.25 + 0.25)
        // / 3 = 1, standard error 1 / 2, so z = 1.
        let mut s = Slope::default();
        assert_eq!((s.mean(), s.z()), (0.0, None));
        for x in [1.0, -1.0, 1.0, 1.0] {
            s.add(x);
        }
        assert_eq!(s.mean(), 0.5);
        assert!((s.z().unwrap() - 1.0).abs() < 1e-12);
        // No spread, no z.
        let mut flat = Slope::default();
        (0..5).for_each(|_| flat.add(0.5));
        assert_eq!(flat.z(), None);
    }

    #[test]
    fn the_slopes_tell_a_parameter_that_matters_from_ones_that_do_not() {
        // x's optimum is 12 steps away and stays out of reach over 300 iterations (θ can
        // move only so far): the games keep preferring the larger x. n and w start at
        // their optimum, where the objective is flat.
        let obj = Synthetic { opt: vec![12.0, 20.0, 0.5], elo_per_step2: 16.0 };
        let mut nulls = Vec::new();
        for seed in 0..8 {
            let mut run = Spsa::new(settings(300, 1.0, seed)).unwrap();
            play_on(&mut run, &obj, 300);
            let z: Vec<f64> = run.slopes().iter().map(|s| s.z().unwrap()).collect();
            assert!(z[0] > 3.0, "seed {seed}: x's z {}", z[0]);
            nulls.extend_from_slice(&z[1..]);
            assert_eq!(run.slopes().iter().map(|s| s.n).collect::<Vec<_>>(), [300; 3]);
        }
        // Sixteen z of flat parameters, each about a standard normal.
        assert!(nulls.iter().all(|z| z.abs() < 3.0), "{nulls:?}");
        let mean = nulls.iter().sum::<f64>() / nulls.len() as f64;
        assert!(mean.abs() < 1.0, "{nulls:?}");
    }

    #[test]
    fn a_resumed_run_follows_the_uninterrupted_one() {
        let s = settings(60, DEFAULT_GAIN, 3);
        let obj = Synthetic { opt: vec![4.0, 12.0, 0.3], elo_per_step2: 16.0 };
        let whole = play_on(&mut Spsa::new(s.clone()).unwrap(), &obj, 60);
        // Stopped after 25: the log's lines, as text, are all that is kept.
        let mut first = Spsa::new(s.clone()).unwrap();
        let text: String = play_on(&mut first, &obj, 25)
            .iter()
            .map(|st| serde_json::to_string(st).unwrap() + "\n")
            .collect();
        let (steps, torn) = crate::tune::parse_log("log", &text).unwrap();
        assert_eq!(torn, 0);
        let mut resumed = Spsa::replay(s.clone(), &steps).unwrap();
        assert_eq!(resumed, first);
        let rest = play_on(&mut resumed, &obj, 35);
        assert_eq!(&whole[25..], &rest[..]);
        // The state itself round-trips through JSON too.
        let back: Spsa = serde_json::from_str(&serde_json::to_string(&resumed).unwrap()).unwrap();
        assert_eq!(back.iteration(), 60);
    }

    #[test]
    fn a_replay_refuses_a_log_that_does_not_follow() {
        let s = settings(20, DEFAULT_GAIN, 3);
        let obj = Synthetic { opt: vec![4.0, 12.0, 0.3], elo_per_step2: 16.0 };
        let steps: Vec<(usize, Step)> = play_on(&mut Spsa::new(s.clone()).unwrap(), &obj, 5)
            .into_iter()
            .enumerate()
            .map(|(i, st)| (i + 1, st))
            .collect();
        assert!(Spsa::replay(s.clone(), &steps).is_ok());
        let broken = |f: &dyn Fn(&mut Step), why: &str| {
            let mut bad = steps.clone();
            f(&mut bad[2].1);
            let e = Spsa::replay(s.clone(), &bad).unwrap_err();
            assert!(e.starts_with("line 3: ") && e.contains(why), "{e}");
        };
        broken(&|st| st.iteration = 7, "iteration 7, expected 2");
        broken(&|st| *st.theta.get_mut("x").unwrap() += 0.5, "theta x is");
        broken(&|st| *st.delta.get_mut("n").unwrap() *= -1, "delta n is");
        broken(&|st| *st.plus.get_mut("w").unwrap() += 0.001, "plus w is");
        broken(&|st| st.wins += 1, "3 results for 2 games");
        // Other results (2-0 where there were not two wins, else 0-2): another θ after.
        broken(&|st| (st.wins, st.losses) = if st.wins == 2 { (0, 2) } else { (2, 0) }, "next");
        broken(
            &|st| {
                st.minus.remove("x");
            },
            "minus names",
        );
        // A different run's settings do not replay its log.
        assert!(Spsa::replay(Settings { seed: 4, ..s.clone() }, &steps).is_err());
    }

    #[test]
    fn stochastic_rounding_keeps_the_expectation_and_the_range() {
        let p = Param { name: "n".into(), start: 5.0, min: 1.0, max: 9.0, c: 1.0, per_unit: 1 };
        let mut rng = from_seed(1);
        let draws = 20_000;
        let mean: f64 = (0..draws).map(|_| on_grid(&p, 6.3, unit_interval(&mut rng))).sum::<f64>()
            / f64::from(draws);
        assert!((mean - 6.3).abs() < 0.02, "{mean}");
        for u in [0.0, 0.2999, 0.3001, 0.9999] {
            let v = on_grid(&p, 6.3, u);
            assert!(v == 6.0 || v == 7.0);
            assert_eq!(on_grid(&p, 99.0, u), 9.0);
            assert_eq!(on_grid(&p, -3.0, u), 1.0);
        }
        // Thousandths come out as the decimals they are.
        let r = Param { per_unit: 1000, min: 1.0, max: 3.0, ..p.clone() };
        assert_eq!(on_grid(&r, 1.4, 0.5), 1.4);
        assert_eq!(on_grid(&r, 1.4004, 0.9), 1.4);
        assert_eq!(on_grid(&r, 1.4004, 0.1), 1.401);
    }

    #[test]
    fn bad_settings_are_refused_by_name() {
        let good = settings(10, DEFAULT_GAIN, 1);
        assert!(good.check().is_ok());
        let bad = |f: &dyn Fn(&mut Settings), why: &str| {
            let mut s = good.clone();
            f(&mut s);
            let e = s.check().unwrap_err();
            assert!(e.contains(why), "{e}");
            assert!(Spsa::new(s).is_err());
        };
        bad(&|s| s.params.clear(), "no parameter");
        bad(&|s| s.params[1].name = "x".into(), "not unique");
        bad(&|s| s.params[0].start = 99.0, "x: start 99");
        bad(&|s| s.params[0].min = f64::NAN, "x: start");
        bad(&|s| s.params[0].c = 0.0, "x: c 0");
        bad(&|s| s.params[1].min = 0.5, "n: min 0.5");
        bad(&|s| s.gains.a = -1.0, "gain a -1");
        bad(&|s| s.gains.alpha = 2.0, "alpha 2");
        bad(&|s| s.pairs = 0, "pairs 0");
    }

    #[test]
    fn the_gains_follow_spall() {
        let g = Gains::for_iterations(1000);
        assert_eq!(g.stability, 100.0);
        assert_eq!(g.c_k(0), 1.0);
        assert!((g.a_k(0) - DEFAULT_GAIN / 101f64.powf(0.602)).abs() < 1e-12);
        assert!((g.c_k(999) - 1000f64.powf(-0.101)).abs() < 1e-12);
        assert!((1..50).all(|k| g.a_k(k) < g.a_k(k - 1) && g.c_k(k) < g.c_k(k - 1)));
    }
}
