//! `menace serve`: the MENACE page and the protocol over a WebSocket (crates/serve).

use std::net::SocketAddr;
use std::process::ExitCode;

use menace_serve::{Limits, Options, DEFAULT_MAX_SESSIONS};

/// Flags of `menace serve`.
#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on. Loopback by default: give e.g. 0.0.0.0:8080 to let other
    /// machines in (a classroom network), knowing anyone who reaches it can play.
    #[arg(long, value_name = "IP:PORT", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Sessions (open pages) at once; one more is refused with a message.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_SESSIONS as u32,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub max_sessions: u32,
    /// Close a session after this many minutes without a command (frees its place).
    #[arg(long, value_name = "MINUTES", default_value_t = 30,
          value_parser = clap::value_parser!(u64).range(1..=10_080))]
    pub idle_minutes: u64,
    /// Another name the server answers to (repeatable; NAME or NAME:PORT), e.g. the
    /// machine's name on the classroom network. Requests for names it does not know get
    /// 403 (a guard against DNS rebinding).
    #[arg(long, value_name = "NAME")]
    pub allow_host: Vec<String>,
}

/// Serves until Ctrl-C.
pub fn run(args: ServeArgs) -> ExitCode {
    let limits = Limits {
        max_sessions: args.max_sessions as usize,
        idle: std::time::Duration::from_secs(60 * args.idle_minutes),
    };
    let options = Options { limits, allow_hosts: args.allow_host };
    let served = menace_serve::run(args.addr, options, |addr| {
        println!("MENACE is at http://{addr}/  (Ctrl-C stops the server)");
    });
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("menace serve: {}: {e}", args.addr);
            ExitCode::FAILURE
        }
    }
}
