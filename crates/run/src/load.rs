//! What else the machine did while a judge played one game: the load average, sampled
//! through the game, and the CPU time of every process that was not the judge or one it
//! started. A timed game (both sides on a clock) is only a measure of the two programs
//! when nothing else ran beside them (issue 76: the T = 2 match against Pachi went from 6
//! wins in 22 games to 14 in 18 with the same build, on a shared machine).
//!
//! The others' CPU time is the machine's busy time over the game (`/proc/stat`) less the
//! judge's own and its reaped children's (`getrusage`): every program a judge starts is
//! ended and reaped before its game's watch is read (the judge is a child subreaper, so
//! even what they started that left their group is counted as ours). It is meaningful
//! with one game at a time: a second game's programs, still running when this one ends,
//! would count as others. Linux only; elsewhere there is nothing to read and
//! [`LoadWatch::finish`] says `None`.

use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How often the load average is read during a game.
pub const SAMPLE_EVERY: Duration = Duration::from_secs(5);

/// The share of one core the other processes may have used, on average over a game, for
/// the game to count as played alone. The kernel's own housekeeping stays below it: 0.1 to
/// 0.3% of a core on an idle machine, and 0.83% on the project's 2-core machine on
/// 2026-12-07, where the kernel's memory monitor (kdamond) runs (60 s of `/proc/stat` with
/// nothing started: 50 ticks, 41 of them system), so 1% left almost no margin. With both
/// cores busy in a game the floor is higher: two T = 2 games against Pachi played with
/// nothing else running on 2026-12-08 read 8.39 and 8.86 s over about 380 and 430 s (2.2
/// and 2.1% of a core: the kernel's own work, and the machine's time counted in ticks
/// against ours counted exactly, a percent apart on 800 s of both cores). So 3%. A build,
/// a test or a second judge takes 50 to 200% of a core, far above; helpers reading code
/// beside a game read 43 and 23 s (11 and 5%).
pub const CLEAN_SHARE: f64 = 0.03;

/// What the machine did during one game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Load {
    /// Mean of the 1-minute load average over the samples (at the start, every
    /// [`SAMPLE_EVERY`], and at the end).
    pub mean_1m: f64,
    /// The largest 1-minute load average sampled.
    pub max_1m: f64,
    /// CPU seconds used by processes other than the judge and what it started.
    pub others_cpu_s: f64,
    /// The game's wall-clock seconds.
    pub wall_s: f64,
}

impl Load {
    /// Played alone: the others used at most [`CLEAN_SHARE`] of one core over the game.
    pub fn clean(&self) -> bool {
        self.others_cpu_s <= CLEAN_SHARE * self.wall_s
    }
}

/// A watch over one game, from [`LoadWatch::start`] to [`LoadWatch::finish`].
pub struct LoadWatch {
    started: Instant,
    /// The machine's busy and our CPU seconds at the start.
    cpu: Option<(f64, f64)>,
    /// Dropping it ends the sampler.
    stop: Option<mpsc::Sender<()>>,
    sampler: Option<JoinHandle<Vec<f64>>>,
}

impl LoadWatch {
    /// Starts watching: a thread reads the load average now and every [`SAMPLE_EVERY`].
    pub fn start() -> LoadWatch {
        let cpu = busy_s().zip(ours_s());
        let (stop, stopped) = mpsc::channel::<()>();
        let sampler = cpu.is_some().then(|| {
            std::thread::spawn(move || {
                let mut samples = Vec::new();
                loop {
                    samples.extend(load_1m());
                    match stopped.recv_timeout(SAMPLE_EVERY) {
                        Err(mpsc::RecvTimeoutError::Timeout) => {}
                        _ => break,
                    }
                }
                samples
            })
        });
        LoadWatch { started: Instant::now(), cpu, stop: Some(stop), sampler }
    }

    /// What the machine did since [`LoadWatch::start`]; `None` where it cannot be read.
    pub fn finish(mut self) -> Option<Load> {
        let wall_s = self.started.elapsed().as_secs_f64();
        let (busy0, ours0) = self.cpu?;
        let (busy1, ours1) = busy_s().zip(ours_s())?;
        drop(self.stop.take());
        let mut samples = self.sampler.take()?.join().ok()?;
        samples.extend(load_1m());
        if samples.is_empty() {
            return None;
        }
        let mean_1m = samples.iter().sum::<f64>() / samples.len() as f64;
        let max_1m = samples.iter().copied().fold(0.0, f64::max);
        // Jiffies and rusage are counted apart: a few hundredths either way are noise.
        let others_cpu_s = ((busy1 - busy0) - (ours1 - ours0)).max(0.0);
        Some(Load { mean_1m, max_1m, others_cpu_s, wall_s })
    }
}

impl Drop for LoadWatch {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(s) = self.sampler.take() {
            let _ = s.join();
        }
    }
}

/// The 1-minute load average (`/proc/loadavg`'s first figure).
fn load_1m() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// Seconds the machine's CPUs were busy since boot, all of them together: `/proc/stat`'s
/// `cpu` line, every field but idle and iowait (guest time is inside user time already).
#[cfg(target_os = "linux")]
fn busy_s() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/stat").ok()?;
    let line = text.lines().find(|l| l.starts_with("cpu "))?;
    let f: Vec<u64> =
        line.split_whitespace().skip(1).map(|w| w.parse().ok()).collect::<Option<_>>()?;
    // user nice system idle iowait irq softirq steal [guest guest_nice]
    let busy: u64 =
        f.iter().take(8).enumerate().filter(|(i, _)| *i != 3 && *i != 4).map(|(_, v)| v).sum();
    // SAFETY: sysconf has no preconditions.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    (hz > 0).then(|| busy as f64 / hz as f64)
}

#[cfg(not(target_os = "linux"))]
fn busy_s() -> Option<f64> {
    None
}

/// CPU seconds (user and system) of this process and of its children that were reaped.
#[cfg(unix)]
fn ours_s() -> Option<f64> {
    let used = |who| {
        // SAFETY: getrusage writes into the zeroed struct it is given.
        let mut u: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: as above.
        let r = unsafe { libc::getrusage(who, &mut u) };
        let tv = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
        (r == 0).then(|| tv(u.ru_utime) + tv(u.ru_stime))
    };
    Some(used(libc::RUSAGE_SELF)? + used(libc::RUSAGE_CHILDREN)?)
}

#[cfg(not(unix))]
fn ours_s() -> Option<f64> {
    None
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    /// A program the judge starts and reaps is ours: its CPU time is in ours as soon as
    /// it is reaped, so it is never counted as the others'.
    #[test]
    fn a_reaped_child_is_ours() {
        let before = ours_s().unwrap();
        let w = LoadWatch::start();
        let spin = "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done";
        let mut child = std::process::Command::new("sh").args(["-c", spin]).spawn().unwrap();
        let pid = child.id().to_string();
        // The child's own CPU time, read from /proc just before it is reaped.
        let mut ticks = 0;
        while let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) {
            let after_name = &stat[stat.rfind(')').unwrap() + 2..];
            let f: Vec<&str> = after_name.split_whitespace().collect();
            // Fields 14 and 15 (utime, stime), counted from the state (field 3) here.
            ticks = f[11].parse::<u64>().unwrap() + f[12].parse::<u64>().unwrap();
            if f[0] == "Z" {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        child.wait().unwrap();
        // SAFETY: sysconf has no preconditions.
        let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as f64;
        let child_s = ticks as f64 / hz;
        assert!(child_s > 0.05, "the child spun for {child_s} s");
        assert!(ours_s().unwrap() - before >= child_s - 0.02);
        let load = w.finish().unwrap();
        assert!(load.mean_1m >= 0.0 && load.max_1m >= load.mean_1m, "{load:?}");
        assert!(load.wall_s > 0.0 && load.others_cpu_s >= 0.0, "{load:?}");
    }

    #[test]
    fn clean_is_the_others_share_of_one_core() {
        let l = |others_cpu_s| Load { mean_1m: 1.0, max_1m: 1.0, others_cpu_s, wall_s: 100.0 };
        assert!(l(0.0).clean());
        assert!(l(3.0).clean());
        assert!(!l(3.01).clean());
    }
}
