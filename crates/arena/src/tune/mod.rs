//! A small sequential tuner: SPSA (Spall's simultaneous perturbation stochastic
//! approximation) over pairs of games, the form chess engines' testers use.
//!
//! Each iteration `k` perturbs every parameter at once by `±c_k` (Rademacher signs from a
//! generator seeded by the run's seed and `k`), plays θ+ against θ− in pairs of games with
//! the colours swapped, and moves θ along the perturbation by how much better θ+ scored,
//! with gains `a_k = a / (A + k + 1)^0.602` and `c_k = c / (k + 1)^0.101` ([`spsa`]).
//! Nothing here knows what a parameter means or how a game is played: the caller turns a
//! [`Trial`]'s points into players and its games' results into an [`Outcome`].
//!
//! A run lives in a folder ([`log`]): its settings, written once, and a log of one JSON
//! line per iteration, from which a stopped run resumes exactly where it stopped.
//!
//! ```
//! use menace_arena::tune::{Gains, Outcome, Param, Settings, Spsa};
//! use serde_json::Value;
//!
//! let x = Param { name: "x".into(), start: 0.0, min: -10.0, max: 10.0, c: 1.0, per_unit: 0 };
//! let gains = Gains::for_iterations(100);
//! let settings = Settings { params: vec![x], gains, pairs: 1, seed: 7 };
//! let mut run = Spsa::new(settings).unwrap();
//! let trial = run.trial(); // θ+ and θ−, one step c_0 = 1 either side of 0
//! assert_eq!((trial.plus[0] - trial.minus[0]).abs(), 2.0);
//! // θ+ won both games of the pair: θ moves towards θ+.
//! let step = run.step(Outcome { wins: 2, ties: 0, losses: 0 }, Value::Null).unwrap();
//! assert_eq!(run.theta()[0].signum(), trial.plus[0].signum());
//! assert_eq!(step.iteration, 0);
//! ```

pub mod log;
pub mod spsa;

pub use log::{parse_log, read_header, Header, Run};
pub use spsa::{Gains, Outcome, Param, Settings, Slope, Spsa, Step, Trial};
