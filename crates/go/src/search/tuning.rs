//! The search's tunable constants as one table: one row per constant with its default
//! (today's value, so the default search is bit for bit the search before the table), its
//! legal range, the step a tuner perturbs it by, and what it does.
//!
//! A [`Tuning`] holds one value per row, each a whole number of the row's quantum
//! (`1 / per_unit`: whole numbers, tenths, thousandths), so values are exact, compare
//! equal, print the way they were given and turn into the search's numbers the same way
//! on every machine. The widening thresholds in particular are computed in integers
//! ([`Tuned::widen_at`]): the ratio is a whole number of thousandths, never a float.
//!
//! Values are set by name, `NAME=VALUE` ([`Setting`]): `menace go --tune rave_equiv=3000`,
//! the tournament's `builtin:--tune rave_equiv=3000`, and the tuner `menace go tune`,
//! which searches over some of them ([`TABLE`]'s `step` is its perturbation).

use std::fmt;
use std::str::FromStr;

use crate::search::mcts::geometric;

/// A tunable constant of the search.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Param {
    /// [`Row`] `rave_equiv`.
    RaveEquiv,
    /// [`Row`] `expand_visits`.
    ExpandVisits,
    /// [`Row`] `widen_start`.
    WidenStart,
    /// [`Row`] `widen_at`.
    WidenAt,
    /// [`Row`] `widen_ratio`.
    WidenRatio,
    /// [`Row`] `score_weight`.
    ScoreWeight,
    /// [`Row`] `prior_model`.
    PriorModel,
}

/// One row of the table.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Row {
    /// The constant.
    pub param: Param,
    /// Its name in `NAME=VALUE`.
    pub name: &'static str,
    /// Today's value.
    pub default: f64,
    /// The smallest legal value.
    pub min: f64,
    /// The largest legal value.
    pub max: f64,
    /// The tuner's perturbation at its first iteration, in the constant's units (SPSA's
    /// `c`): about the change a few hundred games can just tell apart.
    pub step: f64,
    /// Values are whole multiples of `1 / per_unit` (1: whole numbers, 1000: thousandths).
    pub per_unit: u32,
    /// What it does.
    pub doc: &'static str,
}

/// The table, in the order values print. Defaults, ranges and steps are whole multiples of
/// their row's quantum (checked by a test).
pub const TABLE: [Row; 7] = [
    Row {
        param: Param::RaveEquiv,
        name: "rave_equiv",
        default: 3500.0,
        min: 100.0,
        max: 50_000.0,
        step: 500.0,
        per_unit: 1,
        doc: "RAVE equivalence: a child's AMAF weight is an / (an + n + n an / rave_equiv) \
              (larger: AMAF is trusted for more visits)",
    },
    Row {
        param: Param::ExpandVisits,
        name: "expand_visits",
        default: 8.0,
        min: 1.0,
        max: 100.0,
        step: 2.0,
        per_unit: 1,
        doc: "visits before a tree leaf is expanded (the root always is)",
    },
    Row {
        param: Param::WidenStart,
        name: "widen_start",
        default: 2.0,
        min: 1.0,
        max: 30.0,
        step: 1.0,
        per_unit: 1,
        doc: "progressive widening (learned priors, v2 on; not a wide root): children \
              searchable, strongest first, before any widening",
    },
    Row {
        param: Param::WidenAt,
        name: "widen_at",
        default: 40.0,
        min: 5.0,
        max: 1000.0,
        step: 8.0,
        per_unit: 1,
        doc: "progressive widening: a node's visits at which one more child becomes \
              searchable the first time",
    },
    Row {
        param: Param::WidenRatio,
        name: "widen_ratio",
        default: 1.4,
        min: 1.05,
        max: 3.0,
        step: 0.1,
        per_unit: 1000,
        doc: "progressive widening: each further child needs this many times the visits of \
              the one before (thresholds widen_at * widen_ratio^k, 32 of them, in integers)",
    },
    Row {
        param: Param::ScoreWeight,
        name: "score_weight",
        default: 0.1,
        min: 0.0,
        max: 1.0,
        step: 0.02,
        per_unit: 1000,
        doc: "share of the score term m / (|m| + 10) in a playout's reward, the rest win or \
              loss (the score makes the search prefer the bigger win)",
    },
    Row {
        param: Param::PriorModel,
        name: "prior_model",
        default: 20.0,
        min: 0.0,
        max: 100.0,
        step: 4.0,
        per_unit: 10,
        doc: "virtual playouts of the learned move model's prior (v2 on), won in proportion \
              to sqrt(strength / strongest sibling's strength)",
    },
];

/// Number of rows.
pub const COUNT: usize = TABLE.len();

impl Param {
    /// Every constant, in table order.
    pub const ALL: [Param; COUNT] = [
        Param::RaveEquiv,
        Param::ExpandVisits,
        Param::WidenStart,
        Param::WidenAt,
        Param::WidenRatio,
        Param::ScoreWeight,
        Param::PriorModel,
    ];

    /// Its row.
    pub fn row(self) -> &'static Row {
        &TABLE[self as usize]
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// Where `value` fits the row: a whole number of quanta in the range, or why not.
    pub fn quanta(self, value: f64) -> Result<u32, String> {
        let row = self.row();
        let name = row.name;
        if !value.is_finite() {
            return Err(format!("{name}: {value} is not a number"));
        }
        if value < row.min || value > row.max {
            return Err(format!(
                "{name}={value} is out of its range {} to {}",
                format_num(row.min),
                format_num(row.max)
            ));
        }
        let scaled = value * f64::from(row.per_unit);
        let q = scaled.round();
        if (scaled - q).abs() > 1e-6 * q.abs().max(1.0) {
            return Err(match row.per_unit {
                1 => format!("{name}={value}: must be a whole number"),
                n => format!(
                    "{name}={value}: must be a multiple of {}",
                    format_num(1.0 / f64::from(n))
                ),
            });
        }
        Ok(q as u32)
    }

    /// The value of `quanta` as a number (what a tuner works with).
    pub fn value(self, quanta: u32) -> f64 {
        f64::from(quanta) / f64::from(self.row().per_unit)
    }

    /// The value of `quanta` as exact decimal text (`1.4`, `3500`, `0.1`).
    pub fn text(self, quanta: u32) -> String {
        let per = self.row().per_unit;
        let (whole, frac) = (quanta / per, quanta % per);
        if frac == 0 {
            return whole.to_string();
        }
        let digits = per.ilog10() as usize;
        let frac = format!("{frac:0digits$}");
        format!("{whole}.{}", frac.trim_end_matches('0'))
    }
}

impl FromStr for Param {
    type Err = String;

    fn from_str(s: &str) -> Result<Param, String> {
        Param::ALL.into_iter().find(|p| p.name() == s).ok_or_else(|| {
            let names: Vec<&str> = TABLE.iter().map(|r| r.name).collect();
            format!("unknown tunable {s:?} (the tunables: {})", names.join(", "))
        })
    }
}

impl fmt::Display for Param {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A number as short text (the table's bounds in messages).
fn format_num(x: f64) -> String {
    format!("{x}")
}

/// One value per row of [`TABLE`]; [`Default`] is the table's defaults.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tuning {
    /// Each row's value as a whole number of its quantum, in table order.
    quanta: [u32; COUNT],
}

impl Default for Tuning {
    fn default() -> Self {
        let mut quanta = [0; COUNT];
        for p in Param::ALL {
            quanta[p as usize] = p.quanta(p.row().default).expect("the table's defaults fit");
        }
        Tuning { quanta }
    }
}

impl Tuning {
    /// The value of `p`.
    pub fn get(&self, p: Param) -> f64 {
        p.value(self.quanta[p as usize])
    }

    /// Sets `p` to `value`, which must be in its range and a whole number of its quantum.
    pub fn set(&mut self, p: Param, value: f64) -> Result<(), String> {
        self.quanta[p as usize] = p.quanta(value)?;
        Ok(())
    }

    /// Sets `p` to the legal value nearest `value` (a tuner's point, clamped and rounded).
    pub fn set_nearest(&mut self, p: Param, value: f64) {
        let row = p.row();
        let v = if value.is_nan() { row.default } else { value.clamp(row.min, row.max) };
        let q = (v * f64::from(row.per_unit)).round();
        let (lo, hi) = (row.min * f64::from(row.per_unit), row.max * f64::from(row.per_unit));
        self.quanta[p as usize] = q.clamp(lo.round(), hi.round()) as u32;
    }

    /// Applies `NAME=VALUE`.
    pub fn apply(&mut self, setting: &str) -> Result<(), String> {
        self.put(setting.parse()?);
        Ok(())
    }

    /// Applies a checked setting.
    pub fn put(&mut self, s: Setting) {
        self.quanta[s.param as usize] = s.quanta;
    }

    /// The settings that differ from the defaults, as `NAME=VALUE` in table order (empty
    /// for the defaults): what `--tune` flags reproduce this tuning.
    pub fn changes(&self) -> Vec<String> {
        let d = Tuning::default();
        Param::ALL
            .into_iter()
            .filter(|&p| self.quanta[p as usize] != d.quanta[p as usize])
            .map(|p| format!("{}={}", p.name(), p.text(self.quanta[p as usize])))
            .collect()
    }

    /// The value of `p` as exact text.
    pub fn text(&self, p: Param) -> String {
        p.text(self.quanta[p as usize])
    }

    /// RAVE equivalence.
    pub fn rave_equiv(&self) -> f32 {
        self.quanta[Param::RaveEquiv as usize] as f32
    }

    /// Visits before a leaf is expanded.
    pub fn expand_visits(&self) -> u32 {
        self.quanta[Param::ExpandVisits as usize]
    }

    /// The numbers the search reads, computed once per tree.
    pub fn tuned(&self) -> Tuned {
        let q = |p: Param| self.quanta[p as usize];
        // `widen_at` visits at scale 10, as the constant before the table was
        // (`geometric(400, 10, 14, 10)`): the same integers for the default.
        let widen_at =
            geometric(u64::from(q(Param::WidenAt)) * 10, 10, u64::from(q(Param::WidenRatio)), 1000);
        Tuned {
            rave_equiv: self.rave_equiv(),
            expand_visits: self.expand_visits(),
            widen_start: q(Param::WidenStart) as usize,
            widen_at,
            score_weight: q(Param::ScoreWeight) as f32 / 1000.0,
            prior_model: q(Param::PriorModel) as f32 / 10.0,
        }
    }
}

/// The search's numbers from a [`Tuning`], in the types it reads them in.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuned {
    /// RAVE equivalence.
    pub rave_equiv: f32,
    /// Visits before a leaf is expanded.
    pub expand_visits: u32,
    /// Children searchable before any widening.
    pub widen_start: usize,
    /// A node's visits at which one more child becomes searchable.
    pub widen_at: [u32; 32],
    /// Share of the score term in a playout's reward.
    pub score_weight: f32,
    /// Virtual playouts of the learned prior.
    pub prior_model: f32,
}

impl Tuned {
    /// How many children (besides passing) a node with `visits` may search.
    pub fn widened(&self, visits: u32) -> usize {
        self.widen_start + self.widen_at.iter().take_while(|&&t| t <= visits).count()
    }
}

/// One `NAME=VALUE`, checked against its row.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Setting {
    /// The constant.
    pub param: Param,
    /// Its value in quanta.
    pub quanta: u32,
}

impl FromStr for Setting {
    type Err = String;

    fn from_str(s: &str) -> Result<Setting, String> {
        let (name, value) = s
            .split_once('=')
            .ok_or_else(|| format!("{s:?}: expected NAME=VALUE, e.g. rave_equiv=3000"))?;
        let param: Param = name.trim().parse()?;
        let v: f64 = value
            .trim()
            .parse()
            .map_err(|_| format!("{param}={value}: {value:?} is not a number"))?;
        Ok(Setting { param, quanta: param.quanta(v)? })
    }
}

impl fmt::Display for Setting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.param, self.param.text(self.quanta))
    }
}

/// A tuner's `NAME[=START]`: a constant to tune, from `START` or from where the search's
/// tuning has it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TuneParam {
    /// The constant.
    pub param: Param,
    /// Its start in quanta, if given.
    pub start: Option<u32>,
}

impl FromStr for TuneParam {
    type Err = String;

    fn from_str(s: &str) -> Result<TuneParam, String> {
        if s.contains('=') {
            let set: Setting = s.parse()?;
            Ok(TuneParam { param: set.param, start: Some(set.quanta) })
        } else {
            Ok(TuneParam { param: s.trim().parse()?, start: None })
        }
    }
}

/// The table as text, one row a line (for `--help` and the docs).
pub fn table_text() -> String {
    let mut out = String::new();
    for r in &TABLE {
        out.push_str(&format!(
            "{:<13} default {:<5} range {} to {}, step {}: {}\n",
            r.name,
            format_num(r.default),
            format_num(r.min),
            format_num(r.max),
            format_num(r.step),
            r.doc
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_has_one_row_per_param_in_order_and_whole_quanta() {
        for (i, p) in Param::ALL.into_iter().enumerate() {
            let r = &TABLE[i];
            assert_eq!(r.param, p);
            assert_eq!(p as usize, i);
            assert!(r.min <= r.default && r.default <= r.max, "{}", r.name);
            assert!(r.step > 0.0 && r.step < r.max - r.min, "{}", r.name);
            assert_eq!(10u32.pow(r.per_unit.ilog10()), r.per_unit, "{}: a power of ten", r.name);
            for x in [r.default, r.min, r.max, r.step] {
                let s = x * f64::from(r.per_unit);
                assert!((s - s.round()).abs() < 1e-9, "{} {x}", r.name);
            }
            assert_eq!(p.name().parse::<Param>(), Ok(p));
        }
    }

    /// The default tuning is the constants as they were before the table: the search's
    /// numbers bit for bit.
    #[test]
    fn the_defaults_are_the_constants_before_the_table() {
        let t = Tuning::default().tuned();
        assert_eq!(t.rave_equiv.to_bits(), 3500.0f32.to_bits());
        assert_eq!(t.expand_visits, 8);
        assert_eq!(t.widen_start, 2);
        assert_eq!(t.widen_at, geometric::<32>(400, 10, 14, 10));
        assert_eq!(&t.widen_at[..6], &[40, 56, 78, 109, 153, 214]);
        assert_eq!(t.score_weight.to_bits(), 0.1f32.to_bits());
        assert_eq!(t.prior_model.to_bits(), 20.0f32.to_bits());
        assert!(Tuning::default().changes().is_empty());
    }

    #[test]
    fn settings_are_read_exactly_or_refused_clearly() {
        let mut t = Tuning::default();
        t.apply("widen_ratio=1.25").unwrap();
        t.apply(" score_weight = 0.05 ").unwrap();
        t.apply("rave_equiv=3000").unwrap();
        assert_eq!(t.changes(), ["rave_equiv=3000", "widen_ratio=1.25", "score_weight=0.05"]);
        assert_eq!(t.tuned().widen_at[..3], [40, 50, 62]);
        assert_eq!(t.tuned().score_weight.to_bits(), 0.05f32.to_bits());
        let mut again = Tuning::default();
        for c in t.changes() {
            again.apply(&c).unwrap();
        }
        assert_eq!(again, t);
        for (bad, why) in [
            ("rave_equiv", "expected NAME=VALUE"),
            ("rave=3", "unknown tunable \"rave\""),
            ("rave_equiv=x", "is not a number"),
            ("rave_equiv=nan", "is not a number"),
            ("rave_equiv=10", "out of its range 100 to 50000"),
            ("expand_visits=8.5", "must be a whole number"),
            ("score_weight=0.1234", "must be a multiple of 0.001"),
            ("widen_ratio=0.9", "out of its range"),
        ] {
            let e = Tuning::default().apply(bad).unwrap_err();
            assert!(e.contains(why), "{bad}: {e}");
        }
    }

    #[test]
    fn values_print_as_exact_decimals() {
        assert_eq!(Param::WidenRatio.text(1400), "1.4");
        assert_eq!(Param::WidenRatio.text(1005), "1.005");
        assert_eq!(Param::ScoreWeight.text(100), "0.1");
        assert_eq!(Param::ScoreWeight.text(0), "0");
        assert_eq!(Param::PriorModel.text(205), "20.5");
        assert_eq!(Param::RaveEquiv.text(3500), "3500");
        for p in Param::ALL {
            let r = p.row();
            for v in [r.min, r.default, r.max] {
                let q = p.quanta(v).unwrap();
                assert_eq!(p.text(q).parse::<f64>().unwrap(), p.value(q));
                assert_eq!(p.quanta(p.value(q)), Ok(q));
            }
        }
    }

    #[test]
    fn nearest_values_are_clamped_and_rounded() {
        let mut t = Tuning::default();
        t.set_nearest(Param::ExpandVisits, 7.6);
        t.set_nearest(Param::RaveEquiv, -5.0);
        t.set_nearest(Param::WidenRatio, 9.0);
        assert_eq!(t.changes(), ["rave_equiv=100", "widen_ratio=3"]);
        assert_eq!(t.expand_visits(), 8);
        // The steepest widening still makes 32 thresholds, the last ones capped.
        let w = t.tuned().widen_at;
        assert!(w.windows(2).all(|p| p[0] <= p[1]), "{w:?}");
        assert_eq!(w[31], u32::MAX);
        // So does the widest range's other end.
        t.set_nearest(Param::WidenAt, 1000.0);
        assert!(t.tuned().widen_at.windows(2).all(|p| p[0] <= p[1]));
    }

    #[test]
    fn tune_params_take_a_start_or_not() {
        assert_eq!(
            "widen_at".parse::<TuneParam>(),
            Ok(TuneParam { param: Param::WidenAt, start: None })
        );
        assert_eq!(
            "widen_at=30".parse::<TuneParam>(),
            Ok(TuneParam { param: Param::WidenAt, start: Some(30) })
        );
        assert!("widen_at=3".parse::<TuneParam>().is_err());
        assert!("bogus".parse::<TuneParam>().unwrap_err().contains("the tunables: rave_equiv"));
    }
}
