//! The units of a tournament: numbered, seeded from their number, under one configuration.

use serde::{Deserialize, Serialize};

/// A unit's global index in the tournament's list (`0..units`): the same on every shard.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UnitId(pub u64);

/// SplitMix64's output function: a fixed, portable bijection that scatters nearby inputs.
pub(crate) const fn splitmix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

impl UnitId {
    /// The unit's seed under the tournament's `base` seed: a function of the two numbers
    /// only (never of the shard, the job count or the order units finish in).
    pub fn seed(self, base: u64) -> u64 {
        splitmix64(base ^ splitmix64(self.0))
    }
}

impl std::fmt::Display for UnitId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A short name for a configuration: results recorded under one fingerprint are
/// comparable, results under two are not (a merge refuses to mix them).
///
/// 64-bit FNV-1a of the configuration's canonical text, as 16 hex digits: portable and
/// fixed, and enough to tell configurations apart (it guards against mistakes, not
/// against forgery).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Fingerprint(pub String);

impl Fingerprint {
    /// The fingerprint of a configuration's canonical text (e.g. its JSON).
    pub fn of(canonical: &str) -> Fingerprint {
        let mut h = Fnv1a::new();
        h.write(canonical.as_bytes());
        Fingerprint(format!("{:016x}", h.finish()))
    }
}

/// 64-bit FNV-1a, fed in pieces: the one hash of configurations and of entrants' files.
pub(crate) struct Fnv1a(u64);

impl Fnv1a {
    pub(crate) fn new() -> Fnv1a {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }

    pub(crate) fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    pub(crate) fn finish(&self) -> u64 {
        self.0
    }
}

impl std::fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// What every line of one tournament shares: its kind (which summary applies), its
/// configuration and its number of units.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The kind of tournament, e.g. `go`, `go-match`, `pd`, `train`.
    pub kind: String,
    /// The configuration's fingerprint.
    pub config: Fingerprint,
    /// Units in the whole tournament (all shards together).
    pub units: u64,
    /// The configuration's canonical text (a JSON object, for the commands that record
    /// one), kept in the results folder so a refusal can name the setting that differs.
    pub canonical: String,
}

impl Plan {
    /// A plan of `units` units of `kind` under the configuration whose canonical text is
    /// `canonical`.
    pub fn new(kind: &str, canonical: &str, units: u64) -> Plan {
        Plan {
            kind: kind.to_string(),
            config: Fingerprint::of(canonical),
            units,
            canonical: canonical.to_string(),
        }
    }

    /// Every unit, in order.
    pub fn all(&self) -> impl Iterator<Item = UnitId> {
        (0..self.units).map(UnitId)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_depend_on_the_unit_and_the_base_only() {
        // SplitMix64 of 0 is a published test value (the first output of a generator
        // seeded with 0 is splitmix64(0) in this formulation).
        assert_eq!(splitmix64(0), 0xE220_A839_7B1D_CDAF);
        let seeds: std::collections::BTreeSet<u64> = (0..1000).map(|u| UnitId(u).seed(7)).collect();
        assert_eq!(seeds.len(), 1000, "distinct units get distinct seeds");
        assert_ne!(UnitId(3).seed(7), UnitId(3).seed(8));
    }

    #[test]
    fn fnv1a_matches_its_published_vectors() {
        // From the FNV reference (draft-eastlake-fnv): "" and "a".
        assert_eq!(Fingerprint::of("").0, "cbf29ce484222325");
        assert_eq!(Fingerprint::of("a").0, "af63dc4c8601ec8c");
        assert_eq!(Fingerprint::of("foobar").0, "85944171f73967e8");
    }
}
