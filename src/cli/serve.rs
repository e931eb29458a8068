//! `menace serve`: the MENACE page and the protocol over a WebSocket (crates/serve).

use std::net::SocketAddr;
use std::process::ExitCode;

use menace_serve::class::{valid_key, ClassOptions, KEY_RULE};
use menace_serve::host::Hosts;
use menace_serve::rooms::RoomsOptions;
use menace_serve::{
    Limits, DEFAULT_MAX_CONNECTIONS, DEFAULT_MAX_PER_ADDRESS, DEFAULT_MAX_SESSIONS,
};

/// Flags of `menace serve`.
#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on: loopback by default; 0.0.0.0:8080 lets a classroom network in.
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
    /// Connections at once, of every kind; more are refused at once with a 503
    /// [default: 1024, or twice --max-sessions if that is more].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub max_connections: Option<u32>,
    /// Connections at once from one address: a class behind one NAT address shares it
    /// (8 a student for 40 students).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_PER_ADDRESS as u32,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub max_per_address: u32,
    /// Another name it answers to (repeatable, NAME or NAME:PORT); others get 403.
    #[arg(long, value_name = "NAME")]
    pub allow_host: Vec<String>,
    /// One shared MENACE for every page: a whole class plays and trains the same boxes.
    #[arg(long, conflicts_with = "rooms")]
    pub class: bool,
    /// Many classes on one server, each in a room a teacher makes and students join by
    /// its code, kept in the SQLite database FILE (made if missing). --max-sessions is
    /// then the players of each room.
    #[arg(long, value_name = "FILE")]
    pub rooms: Option<std::path::PathBuf>,
    /// With --rooms: rooms one address may make in an hour.
    #[arg(long, value_name = "N", default_value_t = 10, requires = "rooms",
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub rooms_per_hour: u32,
    /// With --rooms: rooms in all, open and archived.
    #[arg(long, value_name = "N", default_value_t = 10_000, requires = "rooms",
          value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub max_rooms: u64,
    /// With --rooms: wrong teacher's keys one address may try in an hour.
    #[arg(long, value_name = "N", default_value_t = 20, requires = "rooms",
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub wrong_keys_per_hour: u32,
    /// With --rooms: archive a room unused for this many days (students can no longer join;
    /// its teacher can open or download it again).
    #[arg(long, value_name = "DAYS", default_value_t = 30, requires = "rooms",
          value_parser = clap::value_parser!(u64).range(1..=3650))]
    pub archive_after: u64,
    /// With --rooms: delete an archived room this many days after it was archived.
    #[arg(long, value_name = "DAYS", default_value_t = 60, requires = "rooms",
          value_parser = clap::value_parser!(u64).range(1..=3650))]
    pub delete_after: u64,
    /// With --rooms: a reverse proxy whose X-Forwarded-For is believed (repeatable); from
    /// anyone else the header is ignored.
    #[arg(long, value_name = "IP", requires = "rooms")]
    pub trust_proxy: Vec<std::net::IpAddr>,
    /// With --rooms: the address students reach the server at, for the rooms' QR codes
    /// (https://menace.example.org/ behind a proxy).
    #[arg(long, value_name = "URL", requires = "rooms")]
    pub public_url: Option<String>,
    /// With --class: the class file, restored at start, saved after every game and on exit.
    #[arg(long, value_name = "FILE", requires = "class")]
    pub state: Option<std::path::PathBuf>,
    /// With --class: the teacher's key (default: the key kept with the class file, in
    /// FILE.teacher, or else a new random key; printed at start).
    #[arg(long, value_name = "KEY", requires = "class")]
    pub teacher_key: Option<String>,
    /// With --class --state: a new random key instead of the one kept with the class.
    #[arg(long, requires = "class", conflicts_with = "teacher_key")]
    pub new_key: bool,
    // --side: MENACE's side on the private page (a link's `?side=` wins), or the class's
    // (default: the class file's side, else first).
    #[command(flatten)]
    pub side: super::engine::SideArg,
}

/// Serves until Ctrl-C or SIGTERM.
pub fn run(args: ServeArgs) -> ExitCode {
    // The class file is saved by replacing it: a FIFO or a device (`/dev/null`) given as
    // --state is refused now, before an address or a key is printed and a port bound.
    if let Some(path) = args.state.as_deref().filter(|_| args.class) {
        if let Err(e) = menace_files::check_writable(path) {
            eprintln!("menace serve: --state {}: {}", path.display(), e.reason());
            return ExitCode::from(2);
        }
    }
    // The names to answer to and the teacher's key are checked here, naming their flags.
    if let Err(e) = Hosts::new(args.addr, &args.allow_host) {
        eprintln!("menace serve: --allow-host {e}");
        return ExitCode::from(2);
    }
    if args.teacher_key.as_deref().is_some_and(|k| !valid_key(k)) {
        eprintln!("menace serve: --teacher-key: {KEY_RULE}");
        return ExitCode::from(2);
    }
    // A --side the class file contradicts is refused here, saying which --side loads it.
    if let Err(e) = args.side.refuse_other_state(args.state.as_deref().filter(|_| args.class)) {
        eprintln!("menace serve: {e}");
        return ExitCode::from(2);
    }
    let side = args.side.side;
    let class = args.class.then(|| {
        let mut class = ClassOptions::new(args.teacher_key, args.state)?;
        class.side = side;
        // The key written on the board last week still opens the class.
        class.keep_key &= !args.new_key;
        class.adopt_kept_key().map_err(std::io::Error::other)?;
        Ok(class)
    });
    let max_sessions = args.max_sessions as usize;
    let max_connections = match args.max_connections {
        Some(n) if (n as usize) < max_sessions => {
            eprintln!(
                "menace serve: --max-connections {n} is below --max-sessions {max_sessions}: \
                 every session holds a connection"
            );
            return ExitCode::from(2);
        }
        Some(n) => n as usize,
        None => DEFAULT_MAX_CONNECTIONS.max(2 * max_sessions),
    };
    let limits = Limits {
        max_connections,
        max_per_address: args.max_per_address as usize,
        ..Limits::new(max_sessions, args.idle_minutes)
    };
    let rooms = match args.rooms {
        None => None,
        Some(db) => match RoomsOptions::new(db) {
            Ok(o) => Some(RoomsOptions {
                made_per_hour: args.rooms_per_hour as usize,
                max_rooms: args.max_rooms,
                wrong_keys_per_hour: args.wrong_keys_per_hour as usize,
                archive_after: std::time::Duration::from_secs(args.archive_after * 86_400),
                delete_after: std::time::Duration::from_secs(args.delete_after * 86_400),
                trusted_proxies: args.trust_proxy,
                public_url: args.public_url,
                ..o
            }),
            Err(e) => {
                eprintln!("menace serve: {e}");
                return ExitCode::FAILURE;
            }
        },
    };
    let (hosts, class) = (args.allow_host, class.transpose());
    menace_serve::main(args.addr, limits, hosts, class, rooms, args.side.side, "--new-key")
}
