//! The search's parameters as one set with one registry, as KataGo reads its search
//! config by name: every lever of the search (what it knows, how its threads share the
//! work) and every tunable constant is one field of [`Params`] and one row of
//! [`REGISTRY`] (name, type, base value, range, doc). Everything that sets the search goes
//! through the registry by name, `NAME=VALUE`:
//!
//! - the profiles (`search::profile`, which builds on this module and never the other way),
//!   each the one before plus its `NAME=VALUE` changes, the first over the rows' base
//!   values; the default profile's values (`Params::default`, `Knob::default_code`) and
//!   what each profile did with a row (the registry's text and table) are written there;
//! - the command line, `menace go --tune NAME=VALUE` and the tournament's
//!   `builtin:--tune NAME=VALUE` ([`Override`], kept in a [`Overrides`]);
//! - the tuner, `menace go tune`, over the numeric rows (their `step`);
//! - `-v` and the tournament's canonical bot text, which print [`Overrides::changes`].
//!
//! So a new lever is one field and one row, whose base value leaves the search as it was;
//! once accepted, a new profile of one change turns it on.
//!
//! Values are held as whole numbers, a row's *code*: a number's count of its quantum
//! (`1 / per_unit`: whole numbers, tenths, thousandths), so values are exact, compare
//! equal, print the way they were given and turn into the search's numbers the same way
//! on every machine (the widening thresholds are computed in integers, [`Tuned::widen_at`]);
//! a choice's index among its names; a switch's 0 or 1.

use std::fmt;
use std::str::FromStr;

/// Where the tree's priors come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Priors {
    /// Hand-set priors only (michi's), every child searchable from the first visit; a
    /// root move's winrate includes its priors.
    Michi,
    /// Michi's plus the learned move model's ([`MoveModel`](crate::model::move_model::MoveModel)),
    /// children ordered by learned strength and widened progressively; a root move's
    /// winrate is its playouts' alone (the learned priors would lift a lost position's
    /// winrate above the resign threshold).
    Learned,
}

/// Which learned move model the [`Priors::Learned`] priors and widening use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Patterns {
    /// The 3x3 model (`crates/go/data/patterns.bin`): the 3x3 pattern and the tactical,
    /// line and distance features ([`MoveModel::builtin`](crate::model::move_model::MoveModel::builtin)).
    Shape3x3,
    /// The large-pattern model (`crates/go/data/patterns-large.bin`): the same features and
    /// the largest known diamond-shaped pattern around the move, up to 72 neighbours
    /// ([`MoveModel::builtin_large`](crate::model::move_model::MoveModel::builtin_large)).
    Large,
}

/// How the king-of-the-hill bot, which cannot see the history, handles a capture that
/// looks like retaking a ko (a repeated position ends the game as a tie).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KoPolicy {
    /// Search every move; if the best is a ko capture, play the best winning move that is
    /// not one instead.
    AfterSearch,
    /// Search without the ko captures; retake a ko only when even the best other move is
    /// clearly losing (the tie is worth more than the loss).
    ExcludeFromSearch,
}

/// Where the root searches every move early instead of widening by the learned ranking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WideRoot {
    /// Nowhere: the root widens as every node does.
    Never,
    /// In the king-of-the-hill format only. Without the last move the learned model cannot
    /// rank the answer to it, and widening by that ranking kept the urgent local move out
    /// of the search.
    Koth,
    /// In both formats: over GTP too, where the last move is known (decided H1 against v6
    /// on 13x13, docs/ab/wide-root-gtp-13x13.jsonl).
    Always,
}

impl WideRoot {
    /// Is the root wide in a search where the history is (`koth == false`) or is not
    /// (`koth == true`) known?
    pub fn applies(self, koth: bool) -> bool {
        match self {
            WideRoot::Never => false,
            WideRoot::Koth => koth,
            WideRoot::Always => true,
        }
    }
}

/// How a search uses its threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Parallel {
    /// Root parallelism: each thread searches a tree of its own with its share of the
    /// playouts, and the root statistics are summed in thread order. Every profile up to
    /// v8.
    RootTrees,
    /// One tree for all threads (v9): one thread walks and updates the tree in a fixed
    /// order while all of them run the playouts, so the tree gets every playout's knowledge
    /// (one tree of N playouts beat two trees of N/2 by a wide margin on 13x13) and the
    /// search stays deterministic.
    SharedTree,
}

/// Where the policy network ([`PolicyNet`](crate::model::net::PolicyNet)) gives the
/// learned priors in place of the move model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PolicyNet {
    /// Nowhere: the move model everywhere (up to v9).
    Off,
    /// At the root of a 19x19 search: one evaluation a search (v10).
    Root,
}

/// What a playout's random phase does with a move that puts its own group (of two stones
/// or more) in atari.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SelfAtari {
    /// Refused half the time (v1 to v10).
    Half,
    /// Always refused (Pachi's Moggy refuses most such moves).
    Always,
}

/// Every parameter of the search, resolved: the registry's base values, a profile's chain
/// of changes, then the user's ([`Overrides`]); [`Params::default`] is the default profile's. The
/// numbers are held as codes (see the module's doc); [`Params::tuned`] turns them into
/// the search's numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    /// The tree's priors and widening (learned from v2 on).
    pub priors: Priors,
    /// The king-of-the-hill ko policy (exclude from the search from v3 on).
    pub ko_policy: KoPolicy,
    /// The budget grows as the board fills (v4 on); otherwise every move gets the
    /// playouts asked for.
    pub growing_budget: bool,
    /// Ladders are read for the tree's priors (v5 on).
    pub ladders: bool,
    /// Where the root is wide (the KotH format from v6, both formats from v8).
    pub wide_root: WideRoot,
    /// The learned model behind the priors (large patterns from v8).
    pub patterns: Patterns,
    /// How the threads share the work (one shared tree from v9).
    pub parallel: Parallel,
    /// Where the policy network gives the learned priors.
    pub policy_net: PolicyNet,
    /// The playouts' rule for self-ataris.
    pub self_atari: SelfAtari,
    /// The chosen move is checked against the opponent's best reply (see
    /// [`crate::search::bot`]): a quarter of the budget for three short searches.
    pub verify: bool,
    /// RAVE equivalence (whole numbers).
    pub rave_equiv: u32,
    /// Visits before a tree leaf is expanded.
    pub expand_visits: u32,
    /// Children searchable before any widening.
    pub widen_start: u32,
    /// Visits at which the first widening happens.
    pub widen_at: u32,
    /// Each widening's visits over the one before, in thousandths.
    pub widen_ratio: u32,
    /// The score's share of a playout's reward, in thousandths.
    pub score_weight: u32,
    /// Virtual playouts of the learned prior, in tenths.
    pub prior_model: u32,
    /// Virtual playouts of the policy network's prior, in tenths.
    pub net_prior: u32,
    /// The deepest nodes below the root whose children the policy network ranks (0: the
    /// root alone).
    pub net_depth: u32,
    /// The criticality bonus of the root's moves, in hundredths (0: off).
    pub crit_rave: u32,
    /// On a clock, search to the deadline when the time a move leaves would be lost
    /// (a byo-yomi period), instead of stopping once the best move cannot be overtaken.
    pub spend_period: bool,
}

/// The type of a row's values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    /// A number in `min..=max`, a whole multiple of `1 / per_unit` (1: whole numbers,
    /// 1000: thousandths); `step` is the tuner's perturbation at its first iteration (SPSA's
    /// `c`): about the change a few hundred games can just tell apart.
    Number {
        /// The smallest legal value.
        min: f64,
        /// The largest legal value.
        max: f64,
        /// The tuner's first perturbation, in the row's units.
        step: f64,
        /// Quanta per unit, a power of ten.
        per_unit: u32,
    },
    /// `false` or `true`.
    Switch,
    /// One of these names (the code is the index).
    Choice(&'static [&'static str]),
}

/// One row of the registry.
#[derive(Clone, Copy)]
pub struct Row {
    /// The name in `NAME=VALUE`.
    pub name: &'static str,
    /// The type of its values.
    pub kind: Kind,
    /// Its value before any profile changed it (v1's), as written on the command line: a
    /// new lever's value that leaves the search as it was, so that the older profiles,
    /// which never name it, keep their search. The default profile's value is
    /// `Knob::default_code` (in `search::profile`).
    pub base: &'static str,
    /// What it does.
    pub doc: &'static str,
    /// Its code in a [`Params`].
    pub get: fn(&Params) -> u32,
    /// Sets its code in a [`Params`] (a legal code: [`Knob::code`] checked it).
    pub set: fn(&mut Params, u32),
}

impl fmt::Debug for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// A choice's code, for the rows' `get`.
macro_rules! pick {
    ($value:expr, $($variant:path),+) => {{
        let all = [$($variant),+];
        all.iter().position(|v| *v == $value).expect("a variant of its row") as u32
    }};
}

/// A choice's variant of a code, for the rows' `set`.
macro_rules! variant {
    ($code:expr, $($variant:path),+) => {{
        let all = [$($variant),+];
        all[($code as usize).min(all.len() - 1)]
    }};
}

/// The registry, in the order settings print: the tunable constants first (the order they
/// printed in before the levers joined them, so recorded bots keep their text), then the
/// levers. Every `base` is the value before any profile changed it; the profiles
/// (`search::profile`) are the changes.
pub const REGISTRY: &[Row] = &[
    Row {
        name: "rave_equiv",
        kind: Kind::Number { min: 100.0, max: 50_000.0, step: 500.0, per_unit: 1 },
        base: "3500",
        doc: "RAVE equivalence: a child's AMAF weight is an / (an + n + n an / rave_equiv) \
              (larger: AMAF is trusted for more visits)",
        get: |p| p.rave_equiv,
        set: |p, v| p.rave_equiv = v,
    },
    Row {
        name: "expand_visits",
        kind: Kind::Number { min: 1.0, max: 100.0, step: 2.0, per_unit: 1 },
        base: "8",
        doc: "visits before a tree leaf is expanded (the root always is)",
        get: |p| p.expand_visits,
        set: |p, v| p.expand_visits = v,
    },
    Row {
        name: "widen_start",
        kind: Kind::Number { min: 1.0, max: 30.0, step: 1.0, per_unit: 1 },
        base: "2",
        doc: "progressive widening (learned priors; not a wide root): children searchable, \
              strongest first, before any widening",
        get: |p| p.widen_start,
        set: |p, v| p.widen_start = v,
    },
    Row {
        name: "widen_at",
        kind: Kind::Number { min: 5.0, max: 1000.0, step: 8.0, per_unit: 1 },
        base: "40",
        doc: "progressive widening: a node's visits at which one more child becomes \
              searchable the first time",
        get: |p| p.widen_at,
        set: |p, v| p.widen_at = v,
    },
    Row {
        name: "widen_ratio",
        kind: Kind::Number { min: 1.05, max: 3.0, step: 0.1, per_unit: 1000 },
        base: "1.4",
        doc: "progressive widening: each further child needs this many times the visits of \
              the one before (thresholds widen_at * widen_ratio^k, 32 of them, in integers)",
        get: |p| p.widen_ratio,
        set: |p, v| p.widen_ratio = v,
    },
    Row {
        name: "score_weight",
        kind: Kind::Number { min: 0.0, max: 1.0, step: 0.02, per_unit: 1000 },
        base: "0.1",
        doc: "share of the score term m / (|m| + 10) in a playout's reward, the rest win or \
              loss (the score makes the search prefer the bigger win)",
        get: |p| p.score_weight,
        set: |p, v| p.score_weight = v,
    },
    Row {
        name: "prior_model",
        kind: Kind::Number { min: 0.0, max: 100.0, step: 4.0, per_unit: 10 },
        base: "20",
        doc: "virtual playouts of the learned move model's prior, won in proportion to \
              sqrt(strength / strongest sibling's strength)",
        get: |p| p.prior_model,
        set: |p, v| p.prior_model = v,
    },
    Row {
        name: "net_prior",
        kind: Kind::Number { min: 0.0, max: 400.0, step: 8.0, per_unit: 10 },
        base: "40",
        doc: "virtual playouts of the policy network's prior where it gives the priors \
              (policy_net), won in proportion to sqrt(p / the most probable sibling's p)",
        get: |p| p.net_prior,
        set: |p, v| p.net_prior = v,
    },
    Row {
        name: "net_depth",
        kind: Kind::Number { min: 0.0, max: 8.0, step: 1.0, per_unit: 1 },
        base: "0",
        doc: "where policy_net is on, the deepest nodes below the root whose children the \
              network ranks when they are expanded (0: the root alone; 1: the replies to the \
              root's moves too; about 5 ms a node on one thread with AVX2, 10 without)",
        get: |p| p.net_depth,
        set: |p, v| p.net_depth = v,
    },
    Row {
        name: "priors",
        kind: Kind::Choice(&["michi", "learned"]),
        base: "michi",
        doc: "the tree's priors: michi's hand-set ones, every child searchable at once, or \
              with the learned move model's, children widened progressively",
        get: |p| pick!(p.priors, Priors::Michi, Priors::Learned),
        set: |p, v| p.priors = variant!(v, Priors::Michi, Priors::Learned),
    },
    Row {
        name: "ko_policy",
        kind: Kind::Choice(&["after_search", "exclude_from_search"]),
        base: "after_search",
        doc: "king-of-the-hill format (no history): a ko capture replaced after the search, \
              or kept out of it and retaken only while clearly losing",
        get: |p| pick!(p.ko_policy, KoPolicy::AfterSearch, KoPolicy::ExcludeFromSearch),
        set: |p, v| p.ko_policy = variant!(v, KoPolicy::AfterSearch, KoPolicy::ExcludeFromSearch),
    },
    Row {
        name: "growing_budget",
        kind: Kind::Switch,
        base: "false",
        doc: "the budget grows as the board fills, up to twice the playouts asked for",
        get: |p| u32::from(p.growing_budget),
        set: |p, v| p.growing_budget = v != 0,
    },
    Row {
        name: "ladders",
        kind: Kind::Switch,
        base: "false",
        doc: "ladders read for the tree's priors",
        get: |p| u32::from(p.ladders),
        set: |p, v| p.ladders = v != 0,
    },
    Row {
        name: "wide_root",
        kind: Kind::Choice(&["never", "koth", "always"]),
        base: "never",
        doc: "where every root move is searchable early: never, in the king-of-the-hill \
              format, in both formats",
        get: |p| pick!(p.wide_root, WideRoot::Never, WideRoot::Koth, WideRoot::Always),
        set: |p, v| p.wide_root = variant!(v, WideRoot::Never, WideRoot::Koth, WideRoot::Always),
    },
    Row {
        name: "patterns",
        kind: Kind::Choice(&["3x3", "large"]),
        base: "3x3",
        doc: "the learned move model: 3x3 patterns or large patterns",
        get: |p| pick!(p.patterns, Patterns::Shape3x3, Patterns::Large),
        set: |p, v| p.patterns = variant!(v, Patterns::Shape3x3, Patterns::Large),
    },
    Row {
        name: "parallel",
        kind: Kind::Choice(&["root_trees", "shared_tree"]),
        base: "root_trees",
        doc: "the threads search a tree each, roots summed, or share one tree (still \
              deterministic)",
        get: |p| pick!(p.parallel, Parallel::RootTrees, Parallel::SharedTree),
        set: |p, v| p.parallel = variant!(v, Parallel::RootTrees, Parallel::SharedTree),
    },
    Row {
        name: "policy_net",
        kind: Kind::Choice(&["off", "root"]),
        base: "off",
        doc: "the policy network (6 residual blocks, 41.6% of professional moves against \
              the move model's 33.1%) gives the root's learned priors on 19x19 (root), or \
              nowhere (off)",
        get: |p| pick!(p.policy_net, PolicyNet::Off, PolicyNet::Root),
        set: |p, v| p.policy_net = variant!(v, PolicyNet::Off, PolicyNet::Root),
    },
    Row {
        name: "self_atari",
        kind: Kind::Choice(&["half", "always"]),
        base: "half",
        doc: "the playouts' random moves refuse a self-atari of a group half the time or \
              always (as Pachi's Moggy playouts mostly do)",
        get: |p| pick!(p.self_atari, SelfAtari::Half, SelfAtari::Always),
        set: |p, v| p.self_atari = variant!(v, SelfAtari::Half, SelfAtari::Always),
    },
    Row {
        name: "verify",
        kind: Kind::Switch,
        base: "false",
        doc: "at a fixed budget, three quarters of it choose the move and the last quarter \
              checks the choice, the runner-up and the point of the opponent's best reply, \
              each by a short search with the opponent to move; a refuted choice gives way",
        get: |p| u32::from(p.verify),
        set: |p, v| p.verify = v != 0,
    },
    Row {
        name: "crit_rave",
        kind: Kind::Number { min: 0.0, max: 5.0, step: 0.3, per_unit: 100 },
        base: "0",
        doc: "criticality at the root (Coulom 2009, as Pachi uses it): once 1,000 of the \
              root's playouts are counted, a root move whose point's owner tends to win the \
              playouts (crit > 0) gains crit * crit_rave of its AMAF playouts as wins (Pachi: \
              1.1; 0: off)",
        get: |p| p.crit_rave,
        set: |p, v| p.crit_rave = v,
    },
    Row {
        name: "spend_period",
        kind: Kind::Switch,
        base: "false",
        doc: "on a clock, a move whose unused time would be lost (a byo-yomi period, a \
              Canadian period's last stone) searches to its deadline instead of stopping once \
              its most visited move cannot be overtaken (the extra playouts deepen the tree \
              the next move keeps)",
        get: |p| u32::from(p.spend_period),
        set: |p, v| p.spend_period = v != 0,
    },
];

/// Number of rows.
pub const COUNT: usize = REGISTRY.len();

/// A row of the registry, by its index: one knob of the search, a lever or a tunable
/// constant. Named `Knob`, not `Param`, because the arena's tuner has a `Param` of its own
/// (one number under SPSA, with its start and range), which the lab builds from a knob.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Knob(u8);

impl Knob {
    /// Every row, in registry order.
    pub fn all() -> impl Iterator<Item = Knob> {
        (0..COUNT as u8).map(Knob)
    }

    /// The row named `name`, if any.
    pub fn named(name: &str) -> Option<Knob> {
        REGISTRY.iter().position(|r| r.name == name).map(|i| Knob(i as u8))
    }

    /// Its row.
    pub fn row(self) -> &'static Row {
        &REGISTRY[self.0 as usize]
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// Its index in the registry.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// A number's range, step and quanta per unit (`None` for a switch or a choice).
    pub fn number(self) -> Option<(f64, f64, f64, u32)> {
        match self.row().kind {
            Kind::Number { min, max, step, per_unit } => Some((min, max, step, per_unit)),
            _ => None,
        }
    }

    /// The code of a number `value` (a whole number of quanta in the range), or why not.
    pub fn quanta(self, value: f64) -> Result<u32, String> {
        let name = self.name();
        let Some((min, max, _, per_unit)) = self.number() else {
            return Err(format!("{name} is not a number"));
        };
        if !value.is_finite() {
            return Err(format!("{name}: {value} is not a number"));
        }
        if value < min || value > max {
            return Err(format!("{name}={value} is out of its range {min} to {max}"));
        }
        let scaled = value * f64::from(per_unit);
        let q = scaled.round();
        if (scaled - q).abs() > 1e-6 * q.abs().max(1.0) {
            return Err(match per_unit {
                1 => format!("{name}={value}: must be a whole number"),
                n => format!("{name}={value}: must be a multiple of {}", 1.0 / f64::from(n)),
            });
        }
        Ok(q as u32)
    }

    /// The code of `text` (a number, `true`/`false`, or one of the choice's names).
    pub fn code(self, text: &str) -> Result<u32, String> {
        let name = self.name();
        match self.row().kind {
            Kind::Number { .. } => {
                let v: f64 =
                    text.parse().map_err(|_| format!("{name}={text}: {text:?} is not a number"))?;
                self.quanta(v)
            }
            Kind::Switch => match text {
                "false" => Ok(0),
                "true" => Ok(1),
                _ => Err(format!("{name}={text}: true or false")),
            },
            Kind::Choice(names) => names
                .iter()
                .position(|n| *n == text)
                .map(|i| i as u32)
                .ok_or_else(|| format!("{name}={text}: one of {}", names.join(", "))),
        }
    }

    /// A number's code as a number (what a tuner works with; a choice's index).
    pub fn value(self, code: u32) -> f64 {
        match self.number() {
            Some((_, _, _, per_unit)) => f64::from(code) / f64::from(per_unit),
            None => f64::from(code),
        }
    }

    /// A code as exact text (`1.4`, `3500`, `0.1`, `true`, `shared_tree`).
    pub fn text(self, code: u32) -> String {
        match self.row().kind {
            Kind::Number { per_unit, .. } => {
                let (whole, frac) = (code / per_unit, code % per_unit);
                if frac == 0 {
                    return whole.to_string();
                }
                let digits = per_unit.ilog10() as usize;
                let frac = format!("{frac:0digits$}");
                format!("{whole}.{}", frac.trim_end_matches('0'))
            }
            Kind::Switch => (code != 0).to_string(),
            Kind::Choice(names) => names.get(code as usize).unwrap_or(&"?").to_string(),
        }
    }

    /// The code of its value before any profile changed it ([`Row::base`]).
    pub fn base_code(self) -> u32 {
        self.code(self.row().base).expect("the registry's base values are legal")
    }
}

impl FromStr for Knob {
    type Err = String;

    fn from_str(s: &str) -> Result<Knob, String> {
        Knob::named(s).ok_or_else(|| {
            let names: Vec<&str> = REGISTRY.iter().map(|r| r.name).collect();
            format!("unknown parameter {s:?} (the parameters: {})", names.join(", "))
        })
    }
}

impl fmt::Display for Knob {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Params {
    /// Every row at its [`Row::base`]: the search before any profile changed it.
    pub fn base() -> Params {
        // Every row sets its field, so these starting values are overwritten.
        let mut p = Params {
            priors: Priors::Learned,
            ko_policy: KoPolicy::ExcludeFromSearch,
            growing_budget: true,
            ladders: true,
            wide_root: WideRoot::Always,
            patterns: Patterns::Large,
            parallel: Parallel::SharedTree,
            policy_net: PolicyNet::Root,
            self_atari: SelfAtari::Half,
            verify: false,
            rave_equiv: 0,
            expand_visits: 0,
            widen_start: 0,
            widen_at: 0,
            widen_ratio: 0,
            score_weight: 0,
            prior_model: 0,
            net_prior: 0,
            net_depth: 0,
            crit_rave: 0,
            spend_period: false,
        };
        for q in Knob::all() {
            (q.row().set)(&mut p, q.base_code());
        }
        p
    }

    /// The code of `p`.
    pub fn code(&self, p: Knob) -> u32 {
        (p.row().get)(self)
    }

    /// The value of `p` as a number (a tuner's view).
    pub fn get(&self, p: Knob) -> f64 {
        p.value(self.code(p))
    }

    /// Sets `p` to the legal number nearest `value` (a tuner's point, clamped and rounded;
    /// not a number leaves it as it is).
    pub fn set_nearest(&mut self, p: Knob, value: f64) {
        let Some((min, max, _, per_unit)) = p.number() else {
            return;
        };
        if value.is_nan() {
            return;
        }
        let v = value.clamp(min, max);
        let per = f64::from(per_unit);
        let q = (v * per).round().clamp((min * per).round(), (max * per).round());
        (p.row().set)(self, q as u32);
    }

    /// The numbers the search reads, computed once per tree.
    pub fn tuned(&self) -> Tuned {
        // `widen_at` visits at scale 10, as the constant before the registry was
        // (`geometric(400, 10, 14, 10)`): the same integers for the default.
        let widen_at =
            geometric(u64::from(self.widen_at) * 10, 10, u64::from(self.widen_ratio), 1000);
        Tuned {
            rave_equiv: self.rave_equiv as f32,
            expand_visits: self.expand_visits,
            widen_start: self.widen_start as usize,
            widen_at,
            score_weight: self.score_weight as f32 / 1000.0,
            prior_model: self.prior_model as f32 / 10.0,
            net_prior: self.net_prior as f32 / 10.0,
            crit_rave: self.crit_rave as f32 / 100.0,
        }
    }
}

/// `N` visit thresholds growing geometrically: `x / scale` for `x = start`, then `x`
/// times `num / den` each step, in integers so the table is the same on every machine
/// (the widening, [`Tuned::widen_at`]: `40 * 1.4^k` by default). Past `u32::MAX` a
/// threshold stays there.
pub const fn geometric<const N: usize>(start: u64, scale: u64, num: u64, den: u64) -> [u32; N] {
    let mut t = [0u32; N];
    let mut x = start;
    let mut k = 0;
    while k < N {
        t[k] = if x / scale > u32::MAX as u64 { u32::MAX } else { (x / scale) as u32 };
        x = x.saturating_mul(num) / den;
        k += 1;
    }
    t
}

/// The search's numbers from [`Params`], in the types it reads them in.
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
    /// Virtual playouts of the policy network's prior.
    pub net_prior: f32,
    /// The root moves' criticality bonus (0: off).
    pub crit_rave: f32,
}

impl Tuned {
    /// How many children (besides passing) a node with `visits` may search.
    pub fn widened(&self, visits: u32) -> usize {
        self.widen_start + self.widen_at.iter().take_while(|&&t| t <= visits).count()
    }
}

/// A search's settings resolved once (the registry's base values, the profile's chain of
/// changes, the user's overrides): the parameters and the numbers the tree reads in them.
/// The bot resolves a configuration once per decision and its searches, trees and
/// expanders share this one value (behind an `Arc`), so no part of the search parses a
/// profile again or holds a second copy that could disagree.
#[derive(Clone, Debug, PartialEq)]
pub struct Resolved {
    /// The parameters, as codes.
    pub params: Params,
    /// The numbers computed from them.
    pub tuned: Tuned,
}

impl Resolved {
    /// `params` with their numbers computed.
    pub fn new(params: Params) -> Resolved {
        Resolved { params, tuned: params.tuned() }
    }
}

/// One `NAME=VALUE`, checked against its row: a value laid over a profile's.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Override {
    /// The parameter.
    pub param: Knob,
    /// Its code.
    pub code: u32,
}

impl FromStr for Override {
    type Err = String;

    fn from_str(s: &str) -> Result<Override, String> {
        let (name, value) = s
            .split_once('=')
            .ok_or_else(|| format!("{s:?}: expected NAME=VALUE, e.g. rave_equiv=3000"))?;
        let param: Knob = name.trim().parse()?;
        Ok(Override { param, code: param.code(value.trim())? })
    }
}

impl fmt::Display for Override {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.param, self.param.text(self.code))
    }
}

/// Some parameters set by name (a profile's changes, or the user's): at most one value a
/// row, applied over a [`Params`] in registry order. Named `Overrides`, not `Settings`,
/// because the arena's tuner has `Settings` of its own (everything that decides an SPSA
/// run), and these are only what is laid over a profile.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Overrides {
    codes: [Option<u32>; COUNT],
}

impl Overrides {
    /// Overrides read from `NAME=VALUE` texts, or the first one's error.
    pub fn parse<S: AsRef<str>>(texts: &[S]) -> Result<Overrides, String> {
        let mut s = Overrides::default();
        for t in texts {
            s.put(t.as_ref().parse()?);
        }
        Ok(s)
    }

    /// Applies `NAME=VALUE`.
    pub fn apply(&mut self, setting: &str) -> Result<(), String> {
        self.put(setting.parse()?);
        Ok(())
    }

    /// Sets a checked setting (a later one for the same row replaces the earlier).
    pub fn put(&mut self, s: Override) {
        self.codes[s.param.index()] = Some(s.code);
    }

    /// Lays every setting of `other` over these (`--tune` flags added to a base's).
    pub fn add(&mut self, other: &Overrides) {
        for (mine, theirs) in self.codes.iter_mut().zip(other.codes) {
            if theirs.is_some() {
                *mine = theirs;
            }
        }
    }

    /// Sets `p` to the legal number nearest `value` (a tuner's point; not a number sets
    /// its base value).
    pub fn set_nearest(&mut self, p: Knob, value: f64) {
        let mut params = Params::base();
        params.set_nearest(p, value);
        self.codes[p.index()] = Some(params.code(p));
    }

    /// The code set for `p`, if any.
    pub fn code(&self, p: Knob) -> Option<u32> {
        self.codes[p.index()]
    }

    /// `base` with these settings laid over it.
    pub fn over(&self, mut base: Params) -> Params {
        for p in Knob::all() {
            if let Some(c) = self.codes[p.index()] {
                (p.row().set)(&mut base, c);
            }
        }
        base
    }

    /// The settings whose value differs from `base`'s, as `NAME=VALUE` in registry order
    /// (empty when they change nothing): what `--tune` flags reproduce them over `base`.
    pub fn changes(&self, base: &Params) -> Vec<String> {
        Knob::all()
            .filter_map(|p| {
                let c = self.codes[p.index()]?;
                (c != base.code(p)).then(|| format!("{}={}", p.name(), p.text(c)))
            })
            .collect()
    }
}

/// A row's values as help shows them: a number's range and tuning step, a switch's two
/// values, a choice's names.
pub fn values(kind: Kind) -> String {
    match kind {
        Kind::Number { min, max, step, .. } => format!("{min} to {max}, step {step}"),
        Kind::Switch => "true or false".to_string(),
        Kind::Choice(names) => names.join(" | "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_reads_and_writes_its_own_field_and_its_default_is_legal() {
        for p in Knob::all() {
            let r = p.row();
            assert_eq!(p.name().parse::<Knob>(), Ok(p));
            let d = p.default_code();
            assert_eq!(p.text(p.base_code()), r.base, "{}: the base prints as written", r.name);
            // Setting one row changes its own field and no other.
            let base = Params::default();
            let other = match r.kind {
                // The smallest value, or the largest where the default is the smallest.
                Kind::Number { min, max, per_unit, .. } => {
                    let lo = (min * f64::from(per_unit)).round() as u32;
                    if lo == d {
                        (max * f64::from(per_unit)).round() as u32
                    } else {
                        lo
                    }
                }
                Kind::Switch => 1 - d,
                Kind::Choice(names) => (d + 1) % names.len() as u32,
            };
            assert_ne!(other, d, "{}", r.name);
            let mut changed = base;
            (r.set)(&mut changed, other);
            for q in Knob::all() {
                let want = if q == p { other } else { base.code(q) };
                assert_eq!(changed.code(q), want, "{} set, {} read", r.name, q.name());
            }
            if let Kind::Number { min, max, step, per_unit } = r.kind {
                assert!(min <= p.value(d) && p.value(d) <= max, "{}", r.name);
                assert!(step > 0.0 && step < max - min, "{}", r.name);
                assert_eq!(10u32.pow(per_unit.ilog10()), per_unit, "{}", r.name);
                for x in [min, max, step] {
                    let s = x * f64::from(per_unit);
                    assert!((s - s.round()).abs() < 1e-9, "{} {x}", r.name);
                }
            }
        }
    }

    /// The default numbers are the constants as they were before the registry: the
    /// search's numbers bit for bit.
    #[test]
    fn the_defaults_are_the_constants_before_the_registry() {
        let t = Params::default().tuned();
        assert_eq!(t.rave_equiv.to_bits(), 3500.0f32.to_bits());
        assert_eq!(t.expand_visits, 8);
        assert_eq!(t.widen_start, 2);
        assert_eq!(t.widen_at, geometric::<32>(400, 10, 14, 10));
        assert_eq!(&t.widen_at[..6], &[40, 56, 78, 109, 153, 214]);
        assert_eq!(t.score_weight.to_bits(), 0.1f32.to_bits());
        assert_eq!(t.prior_model.to_bits(), 20.0f32.to_bits());
    }

    #[test]
    fn settings_are_read_exactly_or_refused_clearly() {
        let mut s = Overrides::default();
        s.apply("widen_ratio=1.25").unwrap();
        s.apply(" score_weight = 0.05 ").unwrap();
        s.apply("rave_equiv=3000").unwrap();
        s.apply("parallel=root_trees").unwrap();
        s.apply("ladders=true").unwrap(); // the default: no change
        let base = Params::default();
        let want =
            ["rave_equiv=3000", "widen_ratio=1.25", "score_weight=0.05", "parallel=root_trees"];
        assert_eq!(s.changes(&base), want);
        let p = s.over(base);
        assert_eq!(p.tuned().widen_at[..3], [40, 50, 62]);
        assert_eq!(p.tuned().score_weight.to_bits(), 0.05f32.to_bits());
        assert_eq!(p.parallel, Parallel::RootTrees);
        assert_eq!(Overrides::parse(&s.changes(&base)).unwrap().over(base), p);
        for (bad, why) in [
            ("rave_equiv", "expected NAME=VALUE"),
            ("rave=3", "unknown parameter \"rave\""),
            ("rave_equiv=x", "is not a number"),
            ("rave_equiv=nan", "is not a number"),
            ("rave_equiv=10", "out of its range 100 to 50000"),
            ("expand_visits=8.5", "must be a whole number"),
            ("score_weight=0.1234", "must be a multiple of 0.001"),
            ("widen_ratio=0.9", "out of its range"),
            ("ladders=yes", "true or false"),
            ("wide_root=sometimes", "one of never, koth, always"),
        ] {
            let e = Overrides::default().apply(bad).unwrap_err();
            assert!(e.contains(why), "{bad}: {e}");
        }
    }

    #[test]
    fn values_print_as_exact_decimals() {
        let p = |n: &str| n.parse::<Knob>().unwrap();
        assert_eq!(p("widen_ratio").text(1400), "1.4");
        assert_eq!(p("widen_ratio").text(1005), "1.005");
        assert_eq!(p("score_weight").text(100), "0.1");
        assert_eq!(p("score_weight").text(0), "0");
        assert_eq!(p("prior_model").text(205), "20.5");
        assert_eq!(p("rave_equiv").text(3500), "3500");
        for q in Knob::all() {
            let Some((min, max, _, _)) = q.number() else { continue };
            for v in [min, q.value(q.default_code()), max] {
                let c = q.quanta(v).unwrap();
                assert_eq!(q.text(c).parse::<f64>().unwrap(), q.value(c));
                assert_eq!(q.quanta(q.value(c)), Ok(c));
            }
        }
    }

    #[test]
    fn nearest_values_are_clamped_and_rounded() {
        let p = |n: &str| n.parse::<Knob>().unwrap();
        let mut s = Overrides::default();
        s.set_nearest(p("expand_visits"), 7.6);
        s.set_nearest(p("rave_equiv"), -5.0);
        s.set_nearest(p("widen_ratio"), 9.0);
        let base = Params::default();
        assert_eq!(s.changes(&base), ["rave_equiv=100", "widen_ratio=3"]);
        let mut t = s.over(base);
        assert_eq!(t.expand_visits, 8);
        // The steepest widening still makes 32 thresholds, the last ones capped.
        let w = t.tuned().widen_at;
        assert!(w.windows(2).all(|p| p[0] <= p[1]), "{w:?}");
        assert_eq!(w[31], u32::MAX);
        // So does the widest range's other end.
        t.set_nearest(p("widen_at"), 1000.0);
        assert!(t.tuned().widen_at.windows(2).all(|p| p[0] <= p[1]));
    }
}
