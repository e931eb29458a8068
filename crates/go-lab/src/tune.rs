//! `menace go tune`: the search's numeric parameters ([`params`](menace_go::search::params)) tuned by
//! SPSA ([`menace_arena::tune`]) in games of our bot against itself.
//!
//! Each iteration perturbs every constant under tuning at once, θ+ and θ−, and plays
//! `pairs` pairs of games between the two, in this process under the king-of-the-hill
//! rules ([`Rules::koth`]), each pair once with θ+ black and once with θ− black. Every
//! game's players are built as the tournament's `builtin` entrants are
//! ([`BuiltinSeat`]) and refereed by the one game loop ([`game::play`]); the seed of a
//! pair's searches comes from the run's seed and the iteration, so an iteration plays
//! the same games wherever and whenever it runs. The run lives in a folder (settings and
//! a JSON-lines log, one line per iteration); running the same command again resumes it.
//!
//! A tuned value is a hypothesis: SPSA follows noisy pairs of games, and the values it
//! ends at are only worth keeping once an A/B with the SPRT (`menace go tournament ... --sprt`)
//! accepts them against the defaults ([`Summary`] prints that command).

use std::path::Path;
use std::time::Duration;

use menace_arena::tune::{self, Gains, Header, Outcome, Run, Settings, Trial};
use serde_json::{json, Value};

use menace_go::referee::game::{self, Winner};
use menace_go::referee::rules::{Invalid, Rules};
use menace_go::referee::seat::BuiltinSeat;
use menace_go::search::mcts::SearchConfig;
use menace_go::search::params::{self, Knob, Override};
use menace_go::search::profile::{self, Profile};

use crate::jobs;

/// A tuner's `NAME[=START]`: a numeric parameter to tune, from `START` or from where the
/// base settings have it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TuneParam {
    /// The parameter.
    pub param: Knob,
    /// Its start (a code), if given.
    pub start: Option<u32>,
}

impl std::str::FromStr for TuneParam {
    type Err = String;

    fn from_str(s: &str) -> Result<TuneParam, String> {
        let (param, start) = if s.contains('=') {
            let set: Override = s.parse()?;
            (set.param, Some(set.code))
        } else {
            (s.trim().parse::<Knob>()?, None)
        };
        match param.number() {
            Some(_) => Ok(TuneParam { param, start }),
            None => Err(format!("{param} is not a number: the tuner tunes numbers")),
        }
    }
}

/// Most iterations a run may ask for.
pub const MAX_ITERATIONS: u64 = 1_000_000;

/// A tuning run's settings.
#[derive(Clone, Debug)]
pub struct Tune {
    /// Our bot for everything not tuned: playouts, threads, profile, and the constants'
    /// values (the tuned ones start there unless given a start).
    pub base: SearchConfig,
    /// `base` as the binary's flags write it, seed 0 and every setting resolved: the
    /// settings file records it, so a run resumes only with the bot it started with.
    pub bot: String,
    /// The constants to tune, each from its start or from `base`.
    pub params: Vec<TuneParam>,
    /// How a game is refereed (the `koth` preset: size, komi, move cap).
    pub rules: Rules,
    /// Pairs of games an iteration plays.
    pub pairs: u32,
    /// The run's seed (perturbations and games).
    pub seed: u64,
    /// SPSA's gain `a` (`None`: [`tune::spsa::DEFAULT_GAIN`]).
    pub gain: Option<f64>,
    /// SPSA's stability constant `A` (`None`: the run's if it exists, else a tenth of
    /// `iterations`).
    pub stability: Option<f64>,
    /// Iterations the run should have done when this call ends.
    pub iterations: u64,
    /// Games played at once.
    pub jobs: usize,
}

impl Tune {
    /// Checks the settings, in the words of the command-line flags that set them.
    pub fn check(&self) -> Result<(), String> {
        // The rules' settings are the flags of the same names.
        let flag = |e: Invalid| format!("--{} {}", e.setting().replace('_', "-"), e.problem());
        self.rules.check().map_err(flag)?;
        if self.params.is_empty() {
            return Err("give at least one --param NAME[=START]".into());
        }
        for (i, p) in self.params.iter().enumerate() {
            if self.params[..i].iter().any(|o| o.param == p.param) {
                return Err(format!("--param {} is given twice", p.param));
            }
        }
        if self.iterations == 0 || self.iterations > MAX_ITERATIONS {
            return Err(format!("--iterations must be from 1 to {MAX_ITERATIONS}"));
        }
        let pairs = tune::spsa::MAX_PAIRS;
        if self.pairs == 0 || self.pairs > pairs {
            return Err(format!("--pairs must be from 1 to {pairs}"));
        }
        if let Some(a) = self.gain.filter(|a| !(a.is_finite() && *a > 0.0)) {
            return Err(format!("--gain {a}: give a number above 0"));
        }
        if let Some(s) = self.stability.filter(|s| !(s.is_finite() && *s >= 0.0)) {
            return Err(format!("--stability {s}: give a number from 0"));
        }
        Ok(())
    }

    /// The run's settings file: SPSA's settings (`existing`: the folder's, whose
    /// stability constant is kept when none is given) and how games are played.
    pub fn header(&self, existing: Option<&Header>) -> Header {
        let defaults = Gains::for_iterations(self.iterations);
        let stability = self
            .stability
            .or(existing.map(|h| h.settings.gains.stability))
            .unwrap_or(defaults.stability);
        let gains = Gains { a: self.gain.unwrap_or(defaults.a), stability, ..defaults };
        let params = self
            .params
            .iter()
            .map(|tp| {
                let (min, max, step, per_unit) = tp.param.number().expect("a numeric parameter");
                let start = tp
                    .start
                    .map_or(self.base.resolve().params().get(tp.param), |q| tp.param.value(q));
                tune::Param { name: tp.param.name().into(), start, min, max, c: step, per_unit }
            })
            .collect();
        let settings = Settings { params, gains, pairs: self.pairs, seed: self.seed };
        Header::new(settings, self.context())
    }

    /// How games are played, as the settings file records it.
    fn context(&self) -> Value {
        let r = &self.rules;
        json!({
            "game": "go",
            "rules": "koth",
            "size": r.size,
            "komi": r.komi,
            "move_cap": r.move_cap,
            "bot": self.bot,
        })
    }

    /// Runs the iterations still to play into `out` (resuming what is there), each line
    /// of progress given to `progress`; the answer is the [`Summary`] as text.
    pub fn run(&self, out: &Path, progress: &mut dyn FnMut(&str)) -> Result<String, String> {
        self.check()?;
        let existing = tune::read_header(out)?;
        let header = self.header(existing.as_ref());
        let mut run = Run::open(out, &header)?;
        if run.dropped > 0 {
            progress(&format!(
                "{}: cut a torn last line ({} bytes)",
                run.log_path().display(),
                run.dropped
            ));
        }
        let params: Vec<Knob> = self.params.iter().map(|p| p.param).collect();
        let done = run.spsa().iteration();
        if done > 0 {
            progress(&format!("resuming after iteration {done}: {}", self.theta_text(&run)));
        }
        while run.spsa().iteration() < self.iterations {
            let trial = run.spsa().trial();
            let (outcome, games) = self.play(&trial, &params);
            let step = run.record(outcome, games)?;
            progress(&format!(
                "iteration {} of {}: θ+ won {}, tied {}, lost {}; θ: {}",
                step.iteration + 1,
                self.iterations,
                step.wins,
                step.ties,
                step.losses,
                self.theta_text(&run)
            ));
        }
        Ok(self.summary(&run, out).to_string())
    }

    /// θ as `name=value` words, to a few significant digits.
    fn theta_text(&self, run: &Run) -> String {
        let s = run.spsa();
        s.settings()
            .params
            .iter()
            .zip(s.theta())
            .map(|(p, t)| format!("{}={}", p.name, short(*t)))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Our bot at the point `values` (of `params`, in order).
    fn bot(&self, params: &[Knob], values: &[f64], seed: u64) -> SearchConfig {
        let mut settings = self.base.settings;
        for (&p, &v) in params.iter().zip(values) {
            settings.set_nearest(p, v);
        }
        SearchConfig { settings, seed, ..self.base.clone() }
    }

    /// Plays a trial's games, `jobs` at once: θ+'s results, and a note on each game.
    fn play(&self, trial: &Trial, params: &[Knob]) -> (Outcome, Value) {
        let games = 2 * self.pairs as usize;
        let results = jobs::in_order(games, self.jobs, |g| {
            // Game 2p: θ+ black; game 2p + 1: the same pair, colours swapped.
            let plus_black = g.is_multiple_of(2);
            let seed = trial.pair_seed((g / 2) as u32);
            let plus = self.bot(params, &trial.plus, seed);
            let minus = self.bot(params, &trial.minus, seed);
            let (black, white) = if plus_black { (plus, minus) } else { (minus, plus) };
            let names = if plus_black { ["plus", "minus"] } else { ["minus", "plus"] };
            let (mut b, mut w) = (BuiltinSeat::new(black), BuiltinSeat::new(white));
            (plus_black, game::play(&self.rules, names, [&mut b, &mut w]))
        });
        let mut outcome = Outcome::default();
        let mut notes = Vec::new();
        for (plus_black, game) in results {
            match (game.winner, plus_black) {
                (Winner::Tie, _) => outcome.ties += 1,
                (Winner::Black, true) | (Winner::White, false) => outcome.wins += 1,
                _ => outcome.losses += 1,
            }
            notes.push(json!({
                "black": if plus_black { "plus" } else { "minus" },
                "result": game.result,
                "ending": game.ending.word(),
                "moves": game.moves.len(),
            }));
        }
        (outcome, Value::Array(notes))
    }

    /// Where the run stands.
    fn summary(&self, run: &Run, out: &Path) -> Summary {
        let s = run.spsa();
        let mut tuned = self.base.settings;
        let rows = s
            .settings()
            .params
            .iter()
            .zip(s.theta())
            .zip(s.slopes())
            .map(|((p, &theta), slope)| {
                let param: Knob = p.name.parse().expect("a run of the registry's numbers");
                tuned.set_nearest(param, theta);
                let z = slope.z();
                let text = param.text(tuned.code(param).expect("just set"));
                SummaryRow { param, start: p.start, theta, tuned: text, z }
            })
            .collect();
        Summary {
            out: out.display().to_string(),
            iterations: s.iteration(),
            games: s.iteration() * 2 * u64::from(self.pairs),
            rules: self.rules.clone(),
            playouts: self.base.playouts,
            threads: self.base.threads,
            profile: self.base.profile,
            base: self.base.settings,
            tuned,
            rows,
        }
    }
}

/// A number to about 5 significant digits, without trailing zeros.
fn short(x: f64) -> String {
    let digits = (4 - x.abs().max(1e-9).log10().floor() as i32).clamp(0, 9) as usize;
    let t = format!("{x:.digits$}");
    if t.contains('.') {
        t.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        t
    }
}

/// One constant's line in a [`Summary`].
#[derive(Clone, Debug)]
pub struct SummaryRow {
    /// The constant.
    pub param: Knob,
    /// Where θ started.
    pub start: f64,
    /// θ now.
    pub theta: f64,
    /// θ on the constant's grid: the value to try.
    pub tuned: String,
    /// How far the games' slope along the constant is from none, in standard errors
    /// ([`menace_arena::tune::Slope::z`]; `None` before two iterations).
    pub z: Option<f64>,
}

/// Where a run stands: θ, the tuned values as `--tune` flags, and the A/B that would
/// confirm them.
#[derive(Clone, Debug)]
pub struct Summary {
    /// The run's folder.
    pub out: String,
    /// Iterations done.
    pub iterations: u64,
    /// Games played.
    pub games: u64,
    /// The games' rules.
    pub rules: Rules,
    /// Playouts per move.
    pub playouts: usize,
    /// Search threads.
    pub threads: usize,
    /// The profile.
    pub profile: Profile,
    /// The base's settings, without the tuned values.
    pub base: params::Overrides,
    /// The settings with them.
    pub tuned: params::Overrides,
    /// One line per constant tuned.
    pub rows: Vec<SummaryRow>,
}

impl Summary {
    /// The tuned constants as `--tune NAME=VALUE` flags.
    pub fn flags(&self) -> String {
        self.rows
            .iter()
            .map(|r| format!("--tune {}={}", r.param, r.tuned))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The A/B that confirms the tuned values, in the format they were tuned in: the tuned
    /// bot against the base as two builtin entrants of a tournament under the same rules
    /// (the king-of-the-hill format, the run's board, komi and move cap), each game seeded
    /// by its number, stopped by the SPRT.
    pub fn ab_command(&self) -> String {
        let bot = |t: &params::Overrides| {
            let mut words = format!(
                "builtin:--profile {} --threads {} --playouts {} --seed {{game}}",
                self.profile, self.threads, self.playouts
            );
            for c in t.changes(&self.profile.params()) {
                words.push_str(&format!(" --tune {c}"));
            }
            words
        };
        format!(
            "menace go tournament --entrant 'tuned={}' --entrant 'base={}' --size {} --komi {} \
             --move-cap {} --games-per-pair 400 --out {}/ab --sprt tuned",
            bot(&self.tuned),
            bot(&self.base),
            self.rules.size,
            self.rules.komi,
            self.rules.move_cap,
            self.out
        )
    }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let r = &self.rules;
        writeln!(
            f,
            "SPSA in {}: iterations {}, games {}; {}x{}, komi {}, {} playouts a move",
            self.out, self.iterations, self.games, r.size, r.size, r.komi, self.playouts
        )?;
        writeln!(
            f,
            "{:<13} {:>10} {:>12} {:>10} {:>7}  range",
            "constant", "start", "θ", "tuned", "slope z"
        )?;
        for row in &self.rows {
            let (min, max, _, _) = row.param.number().expect("a numeric parameter");
            let z = row.z.map_or("-".to_string(), |z| format!("{z:+.2}"));
            writeln!(
                f,
                "{:<13} {:>10} {:>12} {:>10} {:>7}  {} to {}",
                row.param.name(),
                short(row.start),
                short(row.theta),
                row.tuned,
                z,
                min,
                max
            )?;
        }
        writeln!(
            f,
            "slope z: the games' preference along each constant (θ+'s score minus θ−'s, \
             signed by its perturbation) in standard errors; under 2 either way, the games \
             felt no slope and the tuned value is noise around where it started"
        )?;
        writeln!(f, "tuned values (a hypothesis until an A/B with the SPRT accepts them):")?;
        writeln!(f, "  {}", self.flags())?;
        writeln!(f, "confirm with an A/B (it stops once the SPRT decides):")?;
        writeln!(f, "  {}", self.ab_command())
    }
}

/// The table of constants, for `--help`.
pub fn help() -> String {
    String::from(METHOD)
        + &String::from(
            "The search's parameters (NAME: default (range and the step SPSA perturbs by at \
         first, or the values). Doc; `menace go --tune NAME=VALUE` sets one, `--param` \
         tunes the numeric ones):\n",
        )
        + &profile::registry_text()
}

/// How `menace go tune` works, for its `--help` (the lab owns the method).
pub const METHOD: &str = "\
         Each iteration perturbs every constant under tuning at once by its step (shrinking \
         slowly, step / (k + 1)^0.101), θ+ and θ−, plays them against each other in this \
         process in --pairs pairs of games (the king-of-the-hill rules, colours swapped \
         within a pair, the searches seeded from --seed and the iteration, so an iteration \
         always plays the same games), and moves θ towards the side that scored better. One \
         JSON line per iteration goes to OUT/spsa.jsonl (θ, the perturbation, the values \
         played, the results, θ after), the settings to OUT/spsa.json; running the same \
         command again resumes, and a larger --iterations goes on. Progress goes to stderr; \
         at the end the tuned values are printed as --tune flags, with the A/B that would \
         confirm them, and each constant's slope z: how strongly the games preferred the \
         larger (positive) or smaller value, in standard errors; under 2 either way, the \
         games felt no slope for it.\n\n\
         A tuned value is a hypothesis, not a result: SPSA follows noisy game pairs. Keep it \
         only once an A/B with the SPRT against the defaults accepts it: the printed `menace \
         go tournament ... --sprt tuned` command (tuned and base as builtin entrants, in the \
         format and on the board they were tuned on, each game seeded by its number), then \
         over GTP (`menace go match ... --sprt`) on 13x13 and 19x19. The base settings come \
         from `menace go`'s own flags (`--profile`, `--tune`), not its --playouts and \
         --threads.\n\n\
         ";

/// The per-move limit of a tuning game: our bot in-process has no deadline, so this only
/// bounds the referee's wait.
pub const MOVE_TIMEOUT: Duration = Duration::from_secs(3600);

#[cfg(test)]
mod tests {
    use super::*;

    fn tune(params: &[&str]) -> Tune {
        Tune {
            // A named profile, so the header's text does not follow the default.
            base: SearchConfig {
                playouts: 30,
                threads: 1,
                profile: Profile::V6,
                ..SearchConfig::default()
            },
            bot: "--playouts 30 --threads 1 --seed 0 --profile v6".into(),
            params: params.iter().map(|p| p.parse().unwrap()).collect(),
            rules: Rules::koth(5, 0.5, 60, MOVE_TIMEOUT),
            pairs: 1,
            seed: 3,
            gain: None,
            stability: None,
            iterations: 40,
            jobs: 1,
        }
    }

    #[test]
    fn the_header_takes_the_table_and_the_starts() {
        let mut t = tune(&["rave_equiv", "widen_ratio=1.25"]);
        t.base.settings.apply("rave_equiv=3000").unwrap();
        let h = t.header(None);
        let [r, w] = &h.settings.params[..] else { panic!("two params") };
        assert_eq!(
            (r.name.as_str(), r.start, r.min, r.c, r.per_unit),
            ("rave_equiv", 3000.0, 100.0, 500.0, 1)
        );
        assert_eq!((w.name.as_str(), w.start, w.c, w.per_unit), ("widen_ratio", 1.25, 0.1, 1000));
        assert_eq!(h.settings.gains.stability, 10.0);
        // The bot's text is the binary's (its flags), recorded as given.
        assert_eq!(h.context["bot"], t.bot.as_str());
        // Resuming keeps the run's stability constant unless one is given.
        let mut longer = t.clone();
        longer.iterations = 400;
        assert_eq!(longer.header(Some(&h)).settings.gains.stability, 10.0);
        assert_eq!(longer.header(None).settings.gains.stability, 40.0);
        longer.stability = Some(7.0);
        assert_eq!(longer.header(Some(&h)).settings.gains.stability, 7.0);
    }

    #[test]
    fn bad_settings_are_refused_in_the_flags_words() {
        for (f, why) in [
            (&(|t: &mut Tune| t.params.clear()) as &dyn Fn(&mut Tune), "at least one --param"),
            (
                &|t: &mut Tune| t.params.push("rave_equiv=200".parse().unwrap()),
                "--param rave_equiv is given twice",
            ),
            (&|t: &mut Tune| t.iterations = 0, "--iterations"),
            (&|t: &mut Tune| t.pairs = 0, "--pairs"),
            (&|t: &mut Tune| t.gain = Some(0.0), "--gain 0"),
            (&|t: &mut Tune| t.stability = Some(-1.0), "--stability -1"),
            (&|t: &mut Tune| t.rules.size = 1, "--size 1"),
        ] {
            let mut t = tune(&["rave_equiv"]);
            f(&mut t);
            let e = t.check().unwrap_err();
            assert!(e.contains(why), "{e}");
        }
    }

    /// An iteration's games depend on the trial alone: not on the job count, not on when.
    #[test]
    fn a_trial_plays_the_same_games_however_many_at_once() {
        let mut t = tune(&["expand_visits", "score_weight"]);
        t.pairs = 2;
        let h = t.header(None);
        let spsa = menace_arena::tune::Spsa::new(h.settings).unwrap();
        let trial = spsa.trial();
        let params = ["expand_visits".parse().unwrap(), "score_weight".parse().unwrap()];
        let one = t.play(&trial, &params);
        t.jobs = 3;
        assert_eq!(t.play(&trial, &params), one);
        assert_eq!(one.0.games(), 4);
        let notes = one.1.as_array().unwrap();
        let blacks: Vec<&str> = notes.iter().map(|n| n["black"].as_str().unwrap()).collect();
        assert_eq!(blacks, ["plus", "minus", "plus", "minus"]);
        // θ+ and θ− as played are on the constants' grids.
        let plus = *t.bot(&params, &trial.plus, 0).resolve().params();
        assert_eq!(plus.get(params[0]), trial.plus[0]);
        assert_eq!(plus.get(params[1]), trial.plus[1]);
    }

    #[test]
    fn the_summary_gives_flags_and_an_ab_to_paste() {
        let dir = tempfile::tempdir().unwrap();
        let mut t = tune(&["widen_at=30"]);
        t.iterations = 1;
        let mut lines = Vec::new();
        let text = t.run(dir.path(), &mut |l| lines.push(l.to_string())).unwrap();
        assert_eq!(lines.len(), 1);
        assert!(lines[0].starts_with("iteration 1 of 1: θ+ won "), "{}", lines[0]);
        assert!(
            text.contains("iterations 1, games 2; 5x5, komi 0.5, 30 playouts a move"),
            "{text}"
        );
        let log = std::fs::read_to_string(dir.path().join(tune::log::LOG_FILE)).unwrap();
        let step: tune::Step = serde_json::from_str(log.lines().next().unwrap()).unwrap();
        let tuned = step.next["widen_at"].round();
        assert!(text.contains(&format!("  --tune widen_at={tuned}\n")), "{text}");
        let bot = format!(
            "builtin:--profile {} --threads 1 --playouts 30 --seed {{game}}",
            t.base.profile
        );
        let ab = format!(
            "menace go tournament --entrant 'tuned={bot} --tune widen_at={tuned}' --entrant \
             'base={bot}' --size 5 --komi 0.5 --move-cap {} --games-per-pair 400 --out {}/ab \
             --sprt tuned",
            t.rules.move_cap,
            dir.path().display()
        );
        assert!(text.contains(&ab), "{text}");
        // Run again: nothing left to play, the same summary.
        let again = t.run(dir.path(), &mut |l| lines.push(l.to_string())).unwrap();
        assert_eq!(again, text);
        assert_eq!(
            lines[1],
            format!("resuming after iteration 1: widen_at={}", short(step.next["widen_at"]))
        );
    }

    #[test]
    fn tune_params_take_a_start_or_not() {
        let widen_at: Knob = "widen_at".parse().unwrap();
        assert_eq!("widen_at".parse::<TuneParam>(), Ok(TuneParam { param: widen_at, start: None }));
        assert_eq!(
            "widen_at=30".parse::<TuneParam>(),
            Ok(TuneParam { param: widen_at, start: Some(30) })
        );
        assert!("widen_at=3".parse::<TuneParam>().is_err());
        assert!("bogus".parse::<TuneParam>().unwrap_err().contains("the parameters: rave_equiv"));
        assert!("ladders".parse::<TuneParam>().unwrap_err().contains("not a number"));
    }

    #[test]
    fn numbers_print_short() {
        assert_eq!(short(3500.0), "3500");
        assert_eq!(short(3512.3456), "3512.3");
        assert_eq!(short(1.40012), "1.4001");
        assert_eq!(short(0.1), "0.1");
        assert_eq!(short(0.0), "0");
        assert_eq!(short(-0.0123456), "-0.012346");
    }
}
