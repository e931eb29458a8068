//! Which units this process runs: shard K of N holds the units whose index is K mod N.
//!
//! K and N come from, in this order: `--shard K/N`; a Slurm job array
//! (`SLURM_ARRAY_TASK_ID` minus `SLURM_ARRAY_TASK_MIN`, and `SLURM_ARRAY_TASK_COUNT`);
//! a Kubernetes indexed job (`JOB_COMPLETION_INDEX`, with N given as `--shards N`, since
//! the job's completion count is not in the pod's environment). Otherwise the process
//! runs every unit. The run says which source it used ([`ShardSource`]). The binary says
//! the sources and the errors ([`ShardError`]) in terms of its flags.

use super::unit::UnitId;

/// Shard `index` of `count` (`index < count`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shard {
    /// K: this shard's number, from 0.
    pub index: u64,
    /// N: how many shards share the units.
    pub count: u64,
}

/// Where K and N came from, said on stderr by every sharded run (by the binary, which
/// knows its flags: this Display says the environment's variables only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShardSource {
    /// No shard: all units.
    Whole,
    /// K and N given (the command line's `--shard K/N`).
    Flag,
    /// A Slurm job array's environment, with the variables' values.
    SlurmArray {
        /// `SLURM_ARRAY_TASK_ID`.
        task_id: u64,
        /// `SLURM_ARRAY_TASK_MIN` (0 when not set).
        task_min: u64,
        /// `SLURM_ARRAY_TASK_COUNT`.
        task_count: u64,
    },
    /// A Kubernetes indexed job: `JOB_COMPLETION_INDEX`, with N given (`--shards N`).
    IndexedJob,
}

impl std::fmt::Display for ShardSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ShardSource::Whole => {
                f.write_str("no shard given, no SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX")
            }
            ShardSource::Flag => f.write_str("as given"),
            ShardSource::SlurmArray { task_id, task_min, task_count } => write!(
                f,
                "from the Slurm job array: SLURM_ARRAY_TASK_ID={task_id} - SLURM_ARRAY_TASK_MIN={task_min}, SLURM_ARRAY_TASK_COUNT={task_count}"
            ),
            ShardSource::IndexedJob => {
                f.write_str("from JOB_COMPLETION_INDEX and the number of shards given")
            }
        }
    }
}

/// Why no shard could be decided: the facts. Its Display names no flag; the binary says
/// the ones about its flags in their terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShardError {
    /// Text that does not read as `K/N`.
    NotKOfN(String),
    /// N is 0.
    NoShards,
    /// K is not below N.
    OutOfRange {
        /// K.
        index: u64,
        /// N.
        count: u64,
    },
    /// Both K/N and N alone were given.
    BothGiven,
    /// N given in a Slurm job array, which gives N itself.
    CountInSlurmArray,
    /// A Slurm job array whose task id and count make no shard: not contiguous with step 1.
    SlurmArray(Box<ShardError>),
    /// A variable of the environment that is wrong, in words.
    Environment(String),
    /// `JOB_COMPLETION_INDEX` is set but N was not given.
    IndexedJobWithoutCount,
    /// N was given without `JOB_COMPLETION_INDEX`.
    CountWithoutIndexedJob,
}

impl std::fmt::Display for ShardError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ShardError::NotKOfN(text) => {
                write!(f, "shard {text:?}: expected K/N, e.g. 0/4 (K from 0 to N-1)")
            }
            ShardError::NoShards => f.write_str("the number of shards must be at least 1"),
            ShardError::OutOfRange { index, count } => {
                write!(f, "shard {index} of {count}: K must be below N (shards count from 0)")
            }
            ShardError::BothGiven => f.write_str("give K/N or N alone, not both"),
            ShardError::CountInSlurmArray => {
                f.write_str("N alone is for JOB_COMPLETION_INDEX; a Slurm array gives N itself")
            }
            ShardError::SlurmArray(e) => write!(
                f,
                "{e}: the job array must be contiguous with step 1 (an array of 0-3, say)"
            ),
            ShardError::Environment(e) => f.write_str(e),
            ShardError::IndexedJobWithoutCount => f.write_str(
                "JOB_COMPLETION_INDEX is set (a Kubernetes indexed job): give the number of completions as N",
            ),
            ShardError::CountWithoutIndexedJob => f.write_str(
                "N alone goes with JOB_COMPLETION_INDEX (a Kubernetes indexed job), which is not set; give K/N",
            ),
        }
    }
}

impl From<ShardError> for String {
    fn from(e: ShardError) -> String {
        e.to_string()
    }
}

impl Shard {
    /// All units in one shard.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// A shard, if `index < count`.
    pub fn new(index: u64, count: u64) -> Result<Shard, ShardError> {
        if count == 0 {
            return Err(ShardError::NoShards);
        }
        if index >= count {
            return Err(ShardError::OutOfRange { index, count });
        }
        Ok(Shard { index, count })
    }

    /// Reads `K/N`.
    pub fn parse(text: &str) -> Result<Shard, ShardError> {
        let bad = || ShardError::NotKOfN(text.to_string());
        let (k, n) = text.trim().split_once('/').ok_or_else(bad)?;
        let k: u64 = k.trim().parse().map_err(|_| bad())?;
        let n: u64 = n.trim().parse().map_err(|_| bad())?;
        Shard::new(k, n)
    }

    /// Does this shard run `unit`?
    pub fn holds(&self, unit: UnitId) -> bool {
        unit.0 % self.count == self.index
    }

    /// Is this all units?
    pub fn is_whole(&self) -> bool {
        self.count == 1
    }

    /// Decides K and N from `flag` (K/N as given), `shards` (N alone, given) and the
    /// environment (`env` looks a variable up: `|k| std::env::var(k).ok()` in a real run).
    pub fn resolve(
        flag: Option<&str>,
        shards: Option<u64>,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<(Shard, ShardSource), ShardError> {
        let env_error = |e: &str| ShardError::Environment(e.to_string());
        let num = |name: &str| -> Result<Option<u64>, ShardError> {
            match env(name) {
                None => Ok(None),
                Some(v) if v.trim().is_empty() => Ok(None),
                Some(v) => v
                    .trim()
                    .parse()
                    .map(Some)
                    .map_err(|_| env_error(&format!("{name}={v:?} is not a whole number"))),
            }
        };
        if let Some(text) = flag {
            if shards.is_some() {
                return Err(ShardError::BothGiven);
            }
            return Ok((Shard::parse(text)?, ShardSource::Flag));
        }
        if let Some(task_id) = num("SLURM_ARRAY_TASK_ID")? {
            if shards.is_some() {
                return Err(ShardError::CountInSlurmArray);
            }
            let task_count = num("SLURM_ARRAY_TASK_COUNT")?.ok_or_else(|| env_error(
                "SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not (Slurm 17.11 or later sets both)",
            ))?;
            let task_min = num("SLURM_ARRAY_TASK_MIN")?.unwrap_or(0);
            let k = task_id
                .checked_sub(task_min)
                .ok_or_else(|| env_error("SLURM_ARRAY_TASK_ID is below SLURM_ARRAY_TASK_MIN"))?;
            let shard =
                Shard::new(k, task_count).map_err(|e| ShardError::SlurmArray(Box::new(e)))?;
            return Ok((shard, ShardSource::SlurmArray { task_id, task_min, task_count }));
        }
        if let Some(index) = num("JOB_COMPLETION_INDEX")? {
            let n = shards.ok_or(ShardError::IndexedJobWithoutCount)?;
            return Ok((Shard::new(index, n)?, ShardSource::IndexedJob));
        }
        if shards.is_some() {
            return Err(ShardError::CountWithoutIndexedJob);
        }
        Ok((Shard::WHOLE, ShardSource::Whole))
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |k| vars.iter().find(|(n, _)| *n == k).map(|(_, v)| v.to_string())
    }

    #[test]
    fn shards_partition_the_units() {
        for n in 1..6 {
            for u in 0..40 {
                let holders: Vec<u64> =
                    (0..n).filter(|&k| Shard::new(k, n).unwrap().holds(UnitId(u))).collect();
                assert_eq!(holders, [u % n], "unit {u} among {n} shards");
            }
        }
    }

    #[test]
    fn the_flag_wins_then_slurm_then_kubernetes() {
        let slurm = [
            ("SLURM_ARRAY_TASK_ID", "5"),
            ("SLURM_ARRAY_TASK_MIN", "4"),
            ("SLURM_ARRAY_TASK_COUNT", "3"),
        ];
        let (s, src) = Shard::resolve(Some("2/7"), None, &env(&slurm)).unwrap();
        assert_eq!((s, src), (Shard { index: 2, count: 7 }, ShardSource::Flag));
        let (s, src) = Shard::resolve(None, None, &env(&slurm)).unwrap();
        assert_eq!(s, Shard { index: 1, count: 3 });
        assert!(src.to_string().contains("SLURM_ARRAY_TASK_ID=5"), "{src}");
        let k8s = [("JOB_COMPLETION_INDEX", "2")];
        let (s, src) = Shard::resolve(None, Some(4), &env(&k8s)).unwrap();
        assert_eq!((s, src), (Shard { index: 2, count: 4 }, ShardSource::IndexedJob));
        assert_eq!(
            Shard::resolve(None, None, &env(&[])).unwrap(),
            (Shard::WHOLE, ShardSource::Whole)
        );
    }

    #[test]
    fn inconsistent_sources_are_refused_with_a_reason() {
        let k8s = [("JOB_COMPLETION_INDEX", "2")];
        let refused = |flag, shards, vars| Shard::resolve(flag, shards, &env(vars)).unwrap_err();
        assert_eq!(refused(None, None, &k8s), ShardError::IndexedJobWithoutCount);
        assert_eq!(refused(None, Some(2), &k8s), ShardError::OutOfRange { index: 2, count: 2 });
        assert!(refused(None, Some(2), &k8s).to_string().contains("K must be below N"));
        assert_eq!(refused(None, Some(2), &[]), ShardError::CountWithoutIndexedJob);
        assert_eq!(refused(Some("0/2"), Some(2), &[]), ShardError::BothGiven);
        let half = [("SLURM_ARRAY_TASK_ID", "1")];
        assert!(refused(None, None, &half).to_string().contains("COUNT"));
        assert_eq!(refused(None, Some(3), &half), ShardError::CountInSlurmArray);
        let stepped = [("SLURM_ARRAY_TASK_ID", "6"), ("SLURM_ARRAY_TASK_COUNT", "4")];
        assert!(refused(None, None, &stepped).to_string().contains("contiguous"));
        for bad in ["", "3", "1/0", "4/4", "a/b", "-1/3", "1/2/3"] {
            assert!(Shard::parse(bad).is_err(), "{bad:?}");
        }
        assert_eq!(Shard::parse(" 0/1 ").unwrap(), Shard::WHOLE);
    }
}
