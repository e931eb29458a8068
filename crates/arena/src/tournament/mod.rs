//! Tournaments: batches of independent units (games, seeds), run on one machine or split
//! into shards across a scheduler, recorded as JSON lines and summarised from those lines
//! alone.
//!
//! The shape shared by the Go tournament, the Go match runner, `menace pd --games` and
//! `menace train --seeds`:
//! - [`unit`]: a deterministic list of units, numbered `0..units`; each unit's seed comes
//!   from its global index ([`UnitId::seed`]), never from the shard that runs it, so a unit
//!   plays the same wherever and whenever it runs;
//! - [`shard`]: which units this process runs (`index mod N == K`), from `--shard K/N`,
//!   a Slurm job array or a Kubernetes indexed job;
//! - [`record`]: one JSON line per finished unit, carrying the tournament's kind, its
//!   configuration fingerprint and the unit count; a [`Journal`] appends them and, when a
//!   run is restarted, reports which units are already done (a torn last line is dropped);
//! - [`merge`](mod@merge): the lines of any number of files, checked to hold every unit exactly
//!   once under one configuration, in unit order;
//! - [`standings`] and [`elo`]: points, wins/ties/losses, a crosstable and Elo estimates for
//!   tournaments of two-player games, [`interval`]: how sure a share of points is, and
//!   [`sprt`]: when an A/B match between two entrants has decided;
//! - [`driver`]: the run every command shares (resume, shards, SPRT stop, summaries,
//!   merge), over a [`ResultKind`] that each kind of unit implements;
//! - [`settings`]: the configuration's settings beside the results (`settings.json`), so
//!   a run refused for another configuration is told which setting differs;
//! - [`report`]: the standings written into the folder as CSV, JSON and one HTML page, and
//!   the run's incident log beside them;
//! - [`entrants`]: what each entrant runs, stamped beside the results, so a re-run after
//!   an entrant's program changed says so instead of showing the old games.

pub mod driver;
pub mod elo;
pub mod entrants;
pub mod interval;
pub mod merge;
pub mod record;
pub mod report;
pub mod runner;
pub mod settings;
pub mod shard;
pub mod sprt;
pub mod standings;
pub mod unit;

pub use driver::{ResultKind, Run, RunOptions, SprtStop, UnitWords};
pub use merge::{merge, MergeError, Merged};
pub use record::{Journal, Record, RecordError};
pub use runner::run_units;
pub use shard::{Shard, ShardError, ShardSource};
pub use unit::{Fingerprint, Plan, UnitId};
