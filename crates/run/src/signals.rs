//! A judge told to stop (SIGINT, SIGTERM, SIGHUP) ends its entrants first.
//!
//! The entrants run in process groups of their own, so a Ctrl-C at the terminal does not
//! reach them, and a judge killed by the signal's default action would leave them (and
//! everything they started) running. The handler only writes the signal's number to a
//! pipe; a thread reads it, ends every entrant ([`crate::entrant`]'s registry), and then
//! ends the process by the same signal, as the default action would have.

use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::OnceLock;

const SIGNALS: [libc::c_int; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

/// The pipe's write end, for the handler.
static WAKE: AtomicI32 = AtomicI32::new(-1);

extern "C" fn on_signal(signal: libc::c_int) {
    let byte = signal as u8;
    // SAFETY: write is async-signal-safe; the write end is non-blocking, so a full pipe
    // (signals already pending) loses this byte instead of blocking the handler. It only
    // sets errno when it fails.
    unsafe {
        libc::write(WAKE.load(Ordering::Relaxed), (&byte as *const u8).cast(), 1);
    }
}

/// Makes this process, on SIGINT, SIGTERM or SIGHUP (those it was not started ignoring,
/// as under `nohup`), kill every program started through
/// this crate that still runs and everything those started (see [`crate::Session`] and
/// [`crate::run_once`] for what "everything" covers), start no more, and then end by that
/// signal. For judges (the prisoner's-dilemma judge, the Go match runner); a program that
/// handles these signals itself (to save its state) must not call it. Once per process;
/// later calls do nothing. Does nothing off Unix.
///
/// # Errors
/// When the pipe, the thread or a handler cannot be set up.
pub fn stop_entrants_on_signals() -> std::io::Result<()> {
    static SET: OnceLock<Result<(), String>> = OnceLock::new();
    SET.get_or_init(|| install().map_err(|e| e.to_string())).clone().map_err(std::io::Error::other)
}

fn install() -> std::io::Result<()> {
    let mut fds = [0; 2];
    // SAFETY: pipe writes two descriptors into `fds`.
    if unsafe { libc::pipe(fds.as_mut_ptr()) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    let [read_end, write_end] = fds;
    // SAFETY: fcntl on descriptors we own; both close on exec, the write end non-blocking.
    unsafe {
        libc::fcntl(read_end, libc::F_SETFD, libc::FD_CLOEXEC);
        libc::fcntl(write_end, libc::F_SETFD, libc::FD_CLOEXEC);
        let flags = libc::fcntl(write_end, libc::F_GETFL);
        libc::fcntl(write_end, libc::F_SETFL, flags | libc::O_NONBLOCK);
    }
    WAKE.store(write_end, Ordering::Relaxed);
    std::thread::Builder::new().name("menace-run signals".into()).spawn(move || loop {
        let mut byte = 0u8;
        // SAFETY: read writes at most one byte into `byte`.
        let n = unsafe { libc::read(read_end, (&mut byte as *mut u8).cast(), 1) };
        if n == 1 {
            stop(byte as libc::c_int);
        } else if n == 0
            || std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted
        {
            return;
        }
    })?;
    for signal in SIGNALS {
        // A signal the judge was started ignoring (`nohup`, a background job of a script)
        // stays ignored.
        // SAFETY: a zeroed sigaction is valid for sigaction to fill; a null new action
        // only reads the current one.
        let mut current: libc::sigaction = unsafe { std::mem::zeroed() };
        if unsafe { libc::sigaction(signal, std::ptr::null(), &mut current) } == 0
            && current.sa_sigaction == libc::SIG_IGN
        {
            continue;
        }
        // SAFETY: a zeroed sigaction is valid; we set its handler and an empty mask.
        let mut action: libc::sigaction = unsafe { std::mem::zeroed() };
        action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
        action.sa_flags = libc::SA_RESTART;
        // SAFETY: sigemptyset and sigaction with valid pointers; the handler is
        // async-signal-safe.
        unsafe {
            libc::sigemptyset(&mut action.sa_mask);
            if libc::sigaction(signal, &action, std::ptr::null_mut()) != 0 {
                return Err(std::io::Error::last_os_error());
            }
        }
    }
    Ok(())
}

/// Ends the entrants, then the process by `signal`'s default action.
fn stop(signal: libc::c_int) -> ! {
    super::entrant::stop_all();
    // SAFETY: restoring the default action, unblocking the signal and raising it ends
    // the process as the signal would have; _exit is the fallback.
    unsafe {
        libc::signal(signal, libc::SIG_DFL);
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, signal);
        libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
        libc::raise(signal);
        libc::_exit(128 + signal)
    }
}
