//! The search's parameters as one type declared once, as KataGo reads its search config by
//! name: every lever of the search (what it knows, how its threads share the work) and
//! every tunable constant is one entry of the `params!` declaration below, which makes
//! both its field of [`Params`] (a real `f32`, `u32`, `bool` or choice, what the search
//! reads) and its row of [`REGISTRY`] (name, type, base value, range, doc). Everything
//! that sets the search goes through the registry by name, `NAME=VALUE`:
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
//! So a new lever is one entry of the declaration, whose base value leaves the search as
//! it was, and the code that reads its field; once accepted, a new profile of one change
//! turns it on.
//!
//! A row speaks in *codes*, whole numbers: a number's count of its quantum (`1 / per_unit`:
//! whole numbers, tenths, thousandths), so that values given as text are exact, compare
//! equal and print the way they were given; a choice's index among its names; a switch's
//! 0 or 1. A field holds the value itself: an `f32` field is its code divided by
//! `per_unit` in `f32` (one correctly rounded division, the number the search has always
//! read), and its code comes back exactly ([`Field`]; a test checks every legal code).

use std::fmt;
use std::str::FromStr;

/// A type of [`Params`]'s fields: how a value is its row's code and back.
pub trait Field: Copy {
    /// The code of this value in a row of `kind`.
    fn to_code(self, kind: Kind) -> u32;
    /// The value of a legal `code` in a row of `kind`.
    fn of_code(code: u32, kind: Kind) -> Self;
}

/// A number row's quanta per unit (1 for the other kinds).
fn per_unit(kind: Kind) -> u32 {
    match kind {
        Kind::Number { per_unit, .. } => per_unit,
        _ => 1,
    }
}

impl Field for bool {
    fn to_code(self, _: Kind) -> u32 {
        u32::from(self)
    }
    fn of_code(code: u32, _: Kind) -> bool {
        code != 0
    }
}

/// A whole number (its row's `per_unit` is 1).
impl Field for u32 {
    fn to_code(self, _: Kind) -> u32 {
        self
    }
    fn of_code(code: u32, _: Kind) -> u32 {
        code
    }
}

/// A number of `1 / per_unit` quanta: `code / per_unit`, the `f32` nearest the exact
/// value (the codes are below 2^24, so both operands are exact and the division rounds
/// once), and back by rounding, exact for every code of a row's range.
impl Field for f32 {
    fn to_code(self, kind: Kind) -> u32 {
        (f64::from(self) * f64::from(per_unit(kind))).round() as u32
    }
    fn of_code(code: u32, kind: Kind) -> f32 {
        code as f32 / per_unit(kind) as f32
    }
}

/// A choice's enum, its variants' names in `NAME=VALUE` and its [`Field`] (the code is
/// the variant's index), from one declaration.
macro_rules! choice {
    ($(#[$doc:meta])* pub enum $name:ident {
        $($(#[$vdoc:meta])* $variant:ident = $text:literal,)+
    }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vdoc])* $variant,)+
        }

        impl $name {
            /// Its values' names in `NAME=VALUE`, in order (a code is an index).
            pub const NAMES: &'static [&'static str] = &[$($text),+];
            const ALL: &'static [$name] = &[$($name::$variant),+];
        }

        impl Field for $name {
            fn to_code(self, _: Kind) -> u32 {
                Self::ALL.iter().position(|v| *v == self).expect("one of its variants") as u32
            }
            fn of_code(code: u32, _: Kind) -> $name {
                Self::ALL[(code as usize).min(Self::ALL.len() - 1)]
            }
        }
    };
}

choice! {
    /// Where the tree's priors come from.
    pub enum Priors {
        /// Hand-set priors only (michi's), every child searchable from the first visit; a
        /// root move's winrate includes its priors.
        Michi = "michi",
        /// Michi's plus the learned move model's ([`MoveModel`](crate::model::move_model::MoveModel)),
        /// children ordered by learned strength and widened progressively; a root move's
        /// winrate is its playouts' alone (the learned priors would lift a lost position's
        /// winrate above the resign threshold).
        Learned = "learned",
    }
}

choice! {
    /// Which learned move model the [`Priors::Learned`] priors and widening use.
    pub enum Patterns {
        /// The 3x3 model (`crates/go/data/patterns.bin`): the 3x3 pattern and the tactical,
        /// line and distance features ([`MoveModel::builtin`](crate::model::move_model::MoveModel::builtin)).
        Shape3x3 = "3x3",
        /// The large-pattern model (`crates/go/data/patterns-large.bin`): the same features and
        /// the largest known diamond-shaped pattern around the move, up to 72 neighbours
        /// ([`MoveModel::builtin_large`](crate::model::move_model::MoveModel::builtin_large)).
        Large = "large",
    }
}

choice! {
    /// How the king-of-the-hill bot, which cannot see the history, handles a capture that
    /// looks like retaking a ko (a repeated position ends the game as a tie).
    pub enum KoPolicy {
        /// Search every move; if the best is a ko capture, play the best winning move that is
        /// not one instead.
        AfterSearch = "after_search",
        /// Search without the ko captures; retake a ko only when even the best other move is
        /// clearly losing (the tie is worth more than the loss).
        ExcludeFromSearch = "exclude_from_search",
    }
}

choice! {
    /// Where the root searches every move early instead of widening by the learned ranking.
    pub enum WideRoot {
        /// Nowhere: the root widens as every node does.
        Never = "never",
        /// In the king-of-the-hill format only. Without the last move the learned model cannot
        /// rank the answer to it, and widening by that ranking kept the urgent local move out
        /// of the search.
        Koth = "koth",
        /// In both formats: over GTP too, where the last move is known (decided H1 against v6
        /// on 13x13, docs/ab/wide-root-gtp-13x13.jsonl).
        Always = "always",
    }
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

choice! {
    /// How a search uses its threads.
    pub enum Parallel {
        /// Root parallelism: each thread searches a tree of its own with its share of the
        /// playouts, and the root statistics are summed in thread order. Every profile up to
        /// v8.
        RootTrees = "root_trees",
        /// One tree for all threads (v9): one thread walks and updates the tree in a fixed
        /// order while all of them run the playouts, so the tree gets every playout's knowledge
        /// (one tree of N playouts beat two trees of N/2 by a wide margin on 13x13) and the
        /// search stays deterministic.
        SharedTree = "shared_tree",
    }
}

choice! {
    /// Where the policy network ([`PolicyNet`](crate::model::net::PolicyNet)) gives the
    /// learned priors in place of the move model.
    pub enum PolicyNet {
        /// Nowhere: the move model everywhere (up to v9).
        Off = "off",
        /// At the root of a 19x19 search: one evaluation a search (v10).
        Root = "root",
    }
}

choice! {
    /// What a playout's random phase does with a move that puts its own group (of two stones
    /// or more) in atari.
    pub enum SelfAtari {
        /// Refused half the time (v1 to v10).
        Half = "half",
        /// Always refused (Pachi's Moggy refuses most such moves).
        Always = "always",
    }
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
    /// Sets its field in a [`Params`] from a code (a legal code: [`Knob::code`] checked it).
    pub set: fn(&mut Params, u32),
}

impl fmt::Debug for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// [`Params`], [`REGISTRY`] and [`Params::base`] from one list: each entry a field's
/// name, its type, its base value as `NAME=VALUE` writes it, its row's [`Kind`] and what
/// it does (the field's doc and the row's).
macro_rules! params {
    ($($name:ident: $ty:ty = $base:literal, $kind:expr, $doc:literal;)+) => {
        /// Every parameter of the search, in the types the search reads: the registry's
        /// base values ([`Params::base`]), a profile's chain of changes, then the user's
        /// ([`Overrides`]); [`Params::default`] is the default profile's. Each field is
        /// one row of [`REGISTRY`], declared together.
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct Params {
            $(#[doc = $doc] pub $name: $ty,)+
        }

        /// The registry, in the order settings print: the tunable constants first (the
        /// order they printed in before the levers joined them, so recorded bots keep
        /// their text), then the levers. Every `base` is the value before any profile
        /// changed it; the profiles (`search::profile`) are the changes.
        pub const REGISTRY: &[Row] = &[$(Row {
            name: stringify!($name),
            kind: $kind,
            base: $base,
            doc: $doc,
            get: |p| Field::to_code(p.$name, $kind),
            set: |p, code| p.$name = Field::of_code(code, $kind),
        },)+];

        impl Params {
            /// Every row at its [`Row::base`]: the search before any profile changed it.
            pub fn base() -> Params {
                let base = |name: &str| Knob::named(name).expect("a row").base_code();
                Params { $($name: Field::of_code(base(stringify!($name)), $kind),)+ }
            }
        }
    };
}

params! {
    rave_equiv: f32 = "3500",
        Kind::Number { min: 100.0, max: 50_000.0, step: 500.0, per_unit: 1 },
        "RAVE equivalence: a child's AMAF weight is an / (an + n + n an / rave_equiv) \
         (larger: AMAF is trusted for more visits)";
    expand_visits: u32 = "8",
        Kind::Number { min: 1.0, max: 100.0, step: 2.0, per_unit: 1 },
        "visits before a tree leaf is expanded (the root always is)";
    widen_start: u32 = "2",
        Kind::Number { min: 1.0, max: 30.0, step: 1.0, per_unit: 1 },
        "progressive widening (learned priors; not a wide root): children searchable, \
         strongest first, before any widening";
    widen_at: u32 = "40",
        Kind::Number { min: 5.0, max: 1000.0, step: 8.0, per_unit: 1 },
        "progressive widening: a node's visits at which one more child becomes \
         searchable the first time";
    widen_ratio: f32 = "1.4",
        Kind::Number { min: 1.05, max: 3.0, step: 0.1, per_unit: 1000 },
        "progressive widening: each further child needs this many times the visits of \
         the one before (thresholds widen_at * widen_ratio^k, 32 of them, in integers)";
    score_weight: f32 = "0.1",
        Kind::Number { min: 0.0, max: 1.0, step: 0.02, per_unit: 1000 },
        "share of the score term m / (|m| + 10) in a playout's reward, the rest win or \
         loss (the score makes the search prefer the bigger win)";
    prior_model: f32 = "20",
        Kind::Number { min: 0.0, max: 100.0, step: 4.0, per_unit: 10 },
        "virtual playouts of the learned move model's prior, won in proportion to \
         sqrt(strength / strongest sibling's strength)";
    net_prior: f32 = "40",
        Kind::Number { min: 0.0, max: 400.0, step: 8.0, per_unit: 10 },
        "virtual playouts of the policy network's prior where it gives the priors \
         (policy_net), won in proportion to sqrt(p / the most probable sibling's p)";
    net_depth: u32 = "0",
        Kind::Number { min: 0.0, max: 8.0, step: 1.0, per_unit: 1 },
        "where policy_net is on, the deepest nodes below the root whose children the \
         network ranks when they are expanded (0: the root alone; 1: the replies to the \
         root's moves too; about 5 ms a node on one thread with AVX2, 10 without)";
    priors: Priors = "michi", Kind::Choice(Priors::NAMES),
        "the tree's priors: michi's hand-set ones, every child searchable at once, or \
         with the learned move model's, children widened progressively";
    ko_policy: KoPolicy = "after_search", Kind::Choice(KoPolicy::NAMES),
        "king-of-the-hill format (no history): a ko capture replaced after the search, \
         or kept out of it and retaken only while clearly losing";
    growing_budget: bool = "false", Kind::Switch,
        "the budget grows as the board fills, up to twice the playouts asked for";
    ladders: bool = "false", Kind::Switch,
        "ladders read for the tree's priors";
    wide_root: WideRoot = "never", Kind::Choice(WideRoot::NAMES),
        "where every root move is searchable early: never, in the king-of-the-hill \
         format, in both formats";
    patterns: Patterns = "3x3", Kind::Choice(Patterns::NAMES),
        "the learned move model: 3x3 patterns or large patterns";
    parallel: Parallel = "root_trees", Kind::Choice(Parallel::NAMES),
        "the threads search a tree each, roots summed, or share one tree (still \
         deterministic)";
    policy_net: PolicyNet = "off", Kind::Choice(PolicyNet::NAMES),
        "the policy network (6 residual blocks, 41.6% of professional moves against \
         the move model's 33.1%) gives the root's learned priors on 19x19 (root), or \
         nowhere (off)";
    self_atari: SelfAtari = "half", Kind::Choice(SelfAtari::NAMES),
        "the playouts' random moves refuse a self-atari of a group half the time or \
         always (as Pachi's Moggy playouts mostly do)";
    verify: bool = "false", Kind::Switch,
        "at a fixed budget, three quarters of it choose the move and the last quarter \
         checks the choice, the runner-up and the point of the opponent's best reply, \
         each by a short search with the opponent to move; a refuted choice gives way";
    crit_rave: f32 = "0",
        Kind::Number { min: 0.0, max: 5.0, step: 0.3, per_unit: 100 },
        "criticality at the root (Coulom 2009, as Pachi uses it): once 1,000 of the \
         root's playouts are counted, a root move whose point's owner tends to win the \
         playouts (crit > 0) gains crit * crit_rave of its AMAF playouts as wins (Pachi: \
         1.1; 0: off)";
    spend_period: bool = "false", Kind::Switch,
        "on a clock, a move whose unused time would be lost (a byo-yomi period, a \
         Canadian period's last stone) searches to its deadline instead of stopping once \
         its most visited move cannot be overtaken (the extra playouts deepen the tree \
         the next move keeps)";
}

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

    /// The widening's visit thresholds ([`Params::widen_at`] times [`Params::widen_ratio`]
    /// to the k-th), in integers from the two rows' codes: `widen_at` visits at scale 10,
    /// as the constant before the registry was (`geometric(400, 10, 14, 10)`), so the same
    /// integers for the default on every machine.
    pub fn widen_thresholds(&self) -> [u32; 32] {
        let ratio = self.code(Knob::named("widen_ratio").expect("a row"));
        geometric(u64::from(self.widen_at) * 10, 10, u64::from(ratio), 1000)
    }
}

/// `N` visit thresholds growing geometrically: `x / scale` for `x = start`, then `x`
/// times `num / den` each step, in integers so the table is the same on every machine
/// (the widening, [`Params::widen_thresholds`]: `40 * 1.4^k` by default). Past `u32::MAX` a
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
        let t = Params::default();
        assert_eq!(t.rave_equiv.to_bits(), 3500.0f32.to_bits());
        assert_eq!(t.expand_visits, 8);
        assert_eq!(t.widen_start, 2);
        assert_eq!(t.widen_thresholds(), geometric::<32>(400, 10, 14, 10));
        assert_eq!(&t.widen_thresholds()[..6], &[40, 56, 78, 109, 153, 214]);
        assert_eq!(t.score_weight.to_bits(), 0.1f32.to_bits());
        assert_eq!(t.prior_model.to_bits(), 20.0f32.to_bits());
    }

    /// Every legal code of every number row is a field's value and back exactly, and the
    /// value is the code divided in `f32` as the search's numbers were computed when the
    /// fields held codes (`code as f32 / 1000.0`), which is also the `f32` its text reads as.
    #[test]
    fn every_code_of_a_number_is_its_fields_value_exactly() {
        for p in Knob::all() {
            let Kind::Number { min, max, per_unit, .. } = p.row().kind else { continue };
            let per = f64::from(per_unit);
            let (lo, hi) = ((min * per).round() as u32, (max * per).round() as u32);
            let mut params = Params::base();
            for code in lo..=hi {
                (p.row().set)(&mut params, code);
                assert_eq!(params.code(p), code, "{p}");
                let as_f32 = code as f32 / per_unit as f32;
                assert_eq!(<f32 as Field>::of_code(code, p.row().kind).to_bits(), as_f32.to_bits());
                assert_eq!(p.text(code).parse::<f32>().unwrap().to_bits(), as_f32.to_bits(), "{p}");
            }
        }
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
        assert_eq!(p.widen_thresholds()[..3], [40, 50, 62]);
        assert_eq!(p.score_weight.to_bits(), 0.05f32.to_bits());
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
        let w = t.widen_thresholds();
        assert!(w.windows(2).all(|p| p[0] <= p[1]), "{w:?}");
        assert_eq!(w[31], u32::MAX);
        // So does the widest range's other end.
        t.set_nearest(p("widen_at"), 1000.0);
        assert!(t.widen_thresholds().windows(2).all(|p| p[0] <= p[1]));
    }
}
