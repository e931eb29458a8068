//! The golden transcripts (fixtures/transcripts) as a private page's session replays them:
//! the session options a transcript's `#!args` line asks for, and the answers stdin gives
//! in such a session (pages reach no file). Shared by the replays over the socket (`it`)
//! and through the engine in the offline page (`real`).
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use menace_core::menace::BeadRules;
use menace_files::FileAccess;
use menace_protocol::{serve, Config, GameChoice, LearnerChoice, Session};

use menace_testkit::golden;

pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/transcripts")
}

/// The `#!args` flags of a transcript as the `/ws` query string. Every socket session is
/// `--no-files`, so `--no-files` and `--files DIR` need no translation (see `expected`).
pub fn query(input: &[u8]) -> Option<String> {
    let Some(args) = golden::args_line(input) else {
        return Some(String::new());
    };
    let words: Vec<&str> = args.iter().map(String::as_str).filter(|w| *w != "--no-files").collect();
    let mut pairs = Vec::new();
    for flag in words.chunks(2) {
        let [flag, value] = flag else { panic!("flag without a value in {args:?}") };
        let key = match *flag {
            "--files" => continue,
            "--seed" => "seed",
            "--game" => "game",
            "--preset" => "preset",
            "--learner" => "learner",
            "--side" => "side",
            other => panic!("the socket replay does not know the flag {other}: teach it"),
        };
        pairs.push(format!("{key}={value}"));
    }
    Some(pairs.join("&"))
}

/// Whether a transcript's lines touch server files (`save`, `load`).
fn uses_files(input: &[u8]) -> bool {
    input.split(|&b| b == b'\n').filter_map(|l| std::str::from_utf8(l).ok()).any(|l| {
        let word = l.split_whitespace().next().unwrap_or("").to_ascii_lowercase();
        word == "save" || word == "load"
    })
}

/// What stdin answers to this transcript in a session like the socket's (`--no-files`):
/// the golden `.out` (what the binary prints) when the transcript touches no file, else
/// the protocol's own stdin loop with file commands disabled.
pub fn expected(path: &Path, input: &[u8], query: &str) -> Vec<u8> {
    if !uses_files(input) {
        return std::fs::read(path.with_extension("out")).unwrap();
    }
    let mut config = Config { files: FileAccess::Nowhere, ..Config::default() };
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap();
        match key {
            "seed" => config.seed = value.parse().unwrap(),
            "game" => config.game = GameChoice::parse(value, None).unwrap(),
            "learner" => config.learner = LearnerChoice::parse(value).unwrap(),
            "preset" => config.rules = BeadRules::preset(value).unwrap(),
            "side" => config.side = Some(menace_core::game::Side::parse(value).unwrap()),
            other => panic!("unexpected option {other}"),
        }
    }
    let mut session = Session::with(config).unwrap();
    let mut out = Vec::new();
    serve(input, &mut out, &mut session).unwrap();
    out
}

/// One golden transcript as a private page's session replays it.
pub struct Case {
    /// The transcript's name (its file's stem).
    pub name: String,
    /// Its lines, as bytes.
    pub input: Vec<u8>,
    /// The session's options (`/ws?QUERY`, `MenaceInPage.open(QUERY)`).
    pub query: String,
    /// What stdin answers in such a session.
    pub want: Vec<u8>,
}

impl Case {
    /// `None` when `got` is what stdin answers, else where the two part.
    pub fn differs(&self, got: &[u8]) -> Option<String> {
        (got != self.want)
            .then(|| format!("{}: {}", self.name, golden::first_difference(&self.want, got)))
    }
}

/// Every golden transcript (at least six), ready to replay.
pub fn cases() -> Vec<Case> {
    golden::inputs(&fixtures(), 6)
        .into_iter()
        .map(|path| {
            let input = std::fs::read(&path).unwrap();
            let query = query(&input).unwrap_or_default();
            let want = expected(&path, &input, &query);
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            Case { name, input, query, want }
        })
        .collect()
}
