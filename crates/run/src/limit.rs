//! Optional limits on what an entrant may use, set with `setrlimit` in the child just
//! before it executes its program, so that they bind the program and everything it starts
//! (limits are inherited), and the CPU time it used, read when it is reaped.
//!
//! Why `setrlimit` through `libc`: the limits are two calls in the child, and `libc` is
//! already this crate's one system interface (the reaper's `prctl`, `waitid`, `kill`);
//! neither `nix` nor `rlimit` is in the workspace's lock file, and a crate for two calls
//! would be one more to keep. Why these limits:
//! - memory: `RLIMIT_AS`, the address space, which every allocation counts (`brk` and
//!   `mmap` alike; `RLIMIT_DATA` missed `mmap` before Linux 4.7). A program over it sees
//!   its allocation fail (Python's `MemoryError`, C's `malloc` returning null, Rust's
//!   abort): the judge tells that from its exit and the end of its standard error. Runtimes
//!   that reserve much more address space than they use (Go, Java, some JITs) need a limit
//!   well above what they use;
//! - CPU: `RLIMIT_CPU`, whole seconds (rounded up), the soft limit sending `SIGXCPU` and
//!   the hard one, a second later, `SIGKILL`.
//!
//! Limits are per process: a program that forks shares none of its child's budget. The
//! wall-clock deadline ([`crate::Limits::deadline`]) still ends every run.

use std::process::ExitStatus;
use std::time::Duration;

/// The resource limits of an entrant's processes (none by default).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Rlimits {
    /// Bytes of address space each process may map.
    pub memory: Option<u64>,
    /// CPU time each process may use (whole seconds, rounded up).
    pub cpu: Option<Duration>,
}

/// Words on standard error that say an allocation failed (Python, C's `strerror`, glibc,
/// C++, Rust, Node), how a program over its memory limit is told from one that failed
/// otherwise.
const OUT_OF_MEMORY: [&str; 7] = [
    "MemoryError",
    "Cannot allocate memory",
    "out of memory",
    "Out of memory",
    "bad_alloc",
    "memory allocation of",
    "allocation failed",
];

impl Rlimits {
    /// No limit at all.
    pub fn is_none(&self) -> bool {
        self.memory.is_none() && self.cpu.is_none()
    }

    /// The CPU limit in whole seconds (at least 1).
    fn cpu_secs(&self) -> Option<u64> {
        self.cpu.map(|d| d.as_secs_f64().ceil().max(1.0) as u64)
    }

    /// The memory limit as people write it (`64 MiB`).
    pub fn memory_text(&self) -> Option<String> {
        self.memory.map(|b| {
            let mib = b as f64 / f64::from(1 << 20);
            if mib.fract() == 0.0 {
                format!("{mib} MiB")
            } else {
                format!("{b} bytes")
            }
        })
    }

    /// Sets the limits in the child `cmd` starts, before it executes the program.
    pub(crate) fn apply(&self, cmd: &mut std::process::Command) {
        #[cfg(unix)]
        if !self.is_none() {
            use std::os::unix::process::CommandExt;
            let (memory, cpu) = (self.memory, self.cpu_secs());
            // SAFETY: the closure runs in the child between fork and exec, and calls only
            // setrlimit, which is async-signal-safe; it allocates nothing.
            unsafe {
                cmd.pre_exec(move || {
                    let set = |resource, soft: u64, hard: u64| {
                        let lim = libc::rlimit {
                            rlim_cur: soft as libc::rlim_t,
                            rlim_max: hard as libc::rlim_t,
                        };
                        if libc::setrlimit(resource, &lim) != 0 {
                            return Err(std::io::Error::last_os_error());
                        }
                        Ok(())
                    };
                    if let Some(bytes) = memory {
                        set(libc::RLIMIT_AS, bytes, bytes)?;
                    }
                    if let Some(secs) = cpu {
                        set(libc::RLIMIT_CPU, secs, secs + 1)?;
                    }
                    Ok(())
                });
            }
        }
        #[cfg(not(unix))]
        let _ = cmd;
    }

    /// Which limit a program that ended with `status` (after `stderr`, having used `cpu`)
    /// went over, in words: `over its CPU limit of 2 s`, `over its memory limit of 64 MiB`.
    pub fn over(
        &self,
        status: Option<ExitStatus>,
        stderr: &[u8],
        cpu: Option<Duration>,
    ) -> Option<String> {
        let failed = status.is_some_and(|s| !s.success());
        if let Some(secs) = self.cpu_secs() {
            #[cfg(unix)]
            let signal = {
                use std::os::unix::process::ExitStatusExt;
                status.and_then(|s| s.signal())
            };
            #[cfg(not(unix))]
            let signal: Option<i32> = None;
            #[cfg(unix)]
            let by_limit = signal == Some(libc::SIGXCPU)
                || (signal == Some(libc::SIGKILL) && cpu.is_some_and(|c| c.as_secs() >= secs));
            #[cfg(not(unix))]
            let by_limit = signal.is_some() && cpu.is_some();
            if by_limit {
                return Some(format!("over its CPU limit of {secs} s"));
            }
        }
        if let Some(text) = self.memory_text() {
            let said = String::from_utf8_lossy(stderr);
            if failed && OUT_OF_MEMORY.iter().any(|w| said.contains(w)) {
                return Some(format!("over its memory limit of {text}"));
            }
        }
        None
    }
}

/// The CPU time (user and system) in a `rusage`.
#[cfg(unix)]
pub(crate) fn cpu_of(r: &libc::rusage) -> Duration {
    let tv = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec.max(0) as u64) + Duration::from_micros(t.tv_usec.max(0) as u64)
    };
    tv(r.ru_utime) + tv(r.ru_stime)
}
