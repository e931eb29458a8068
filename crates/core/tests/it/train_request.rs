//! Which flags a training call accepts together: a table of cases worked out by hand from
//! what each run can do, and two properties over every combination of flags.

use menace_core::choice::GameChoice;
use menace_core::learn::train::OpponentSpec;
use menace_core::learn::LearnerKind;
use menace_core::nim::Nim;
use menace_core::runs::request::{Part, Refusal, Request, Run};

fn nim() -> GameChoice {
    GameChoice::Nim(Nim::new(&[3, 4, 5]).unwrap())
}

/// A request from a compact description: game, learner, opponent, then flags
/// (`seeds=K`, `games=N`, `state`, `out`, `curve`, `json`, `table`).
fn request(game: &str, kind: &str, opponent: &str, flags: &[&str]) -> Request {
    let game = match game {
        "ttt" => GameChoice::Ttt,
        "nim" => nim(),
        "hexapawn" => GameChoice::Hexapawn,
        other => panic!("no game {other}"),
    };
    let mut r =
        Request::new(game, LearnerKind::parse(kind).unwrap(), opponent.parse().unwrap(), 100);
    for f in flags {
        match *f {
            "state" => r.state = true,
            "out" => r.out = true,
            "curve" => r.curve = true,
            "json" => r.json = true,
            "table" => r.table = true,
            f if f.starts_with("seeds=") => r.seeds = f[6..].parse().unwrap(),
            f if f.starts_with("games=") => r.games = f[6..].parse().unwrap(),
            other => panic!("no flag {other}"),
        }
    }
    r
}

/// Game, learner, opponent, flags, and the run (or the refusal) expected.
type Case<'a> = (&'a str, &'a str, &'a str, &'a [&'a str], Result<Run, Refusal>);

#[test]
fn each_run_and_each_refusal_as_worked_out_by_hand() {
    use Refusal::*;
    use Run::*;
    let ok = |run| Ok::<Run, Refusal>(run);
    let cases: &[Case] = &[
        // MENACE on tic-tac-toe: every kind of run, programs and state files.
        ("ttt", "menace", "random", &[], ok(Single)),
        ("ttt", "menace", "exec:python3 bot.py", &["state", "curve", "json"], ok(Single)),
        ("ttt", "menace", "perfect", &["seeds=5", "curve", "json"], ok(Sweep)),
        ("ttt", "menace", "exec:./bot", &["seeds=5"], ok(Sweep)),
        ("ttt", "menace", "random", &["out"], ok(Recorded)),
        ("ttt", "menace", "mixed:0.2", &["out", "seeds=8"], ok(Recorded)),
        // Other learners and games: built-in opponents, curves, JSON, Nim's table.
        ("ttt", "weighted", "random", &["seeds=3", "curve", "json"], ok(Generic)),
        ("nim", "menace", "exploiter", &["table"], ok(Generic)),
        ("nim", "weighted", "random", &["table", "seeds=4"], ok(Generic)),
        ("hexapawn", "menace", "menace", &["json"], ok(Generic)),
        // Refused: nothing to play.
        ("ttt", "menace", "random", &["games=0"], Err(NothingToPlay)),
        ("nim", "menace", "random", &["seeds=0"], Err(NothingToPlay)),
        ("hexapawn", "weighted", "random", &["games=0"], Err(NothingToPlay)),
        // Refused: what only MENACE on tic-tac-toe can do.
        ("nim", "menace", "exec:./bot", &[], Err(ProgramNeedsClassic)),
        ("ttt", "weighted", "exec:./bot", &[], Err(ProgramNeedsClassic)),
        ("hexapawn", "menace", "random", &["state"], Err(StateNeedsClassic)),
        ("nim", "menace", "random", &["out"], Err(OutNeedsClassic)),
        ("ttt", "weighted", "random", &["out", "seeds=3"], Err(OutNeedsClassic)),
        // Refused: flags that do not go together.
        ("ttt", "menace", "random", &["state", "seeds=2"], Err(StateWithSeeds)),
        ("ttt", "menace", "random", &["state", "out"], Err(StateWithOut)),
        ("ttt", "menace", "random", &["out", "curve"], Err(CurveWithOut)),
        ("ttt", "menace", "random", &["out", "json"], Err(JsonWithOut)),
        ("ttt", "menace", "random", &["table"], Err(TableNeedsNim)),
        ("hexapawn", "weighted", "random", &["table"], Err(TableNeedsNim)),
    ];
    for (game, kind, opponent, flags, want) in cases {
        let got = request(game, kind, opponent, flags).check();
        assert_eq!(&got, want, "{game} {kind} {opponent} {flags:?}");
    }
}

/// Every request over games, learners, opponent kinds, seeds, games and the five flags.
fn every_request() -> Vec<Request> {
    let mut all = Vec::new();
    for game in ["ttt", "nim", "hexapawn"] {
        for kind in ["menace", "weighted"] {
            for opponent in ["random", "exploiter", "exec:./bot"] {
                for counts in [
                    ["games=0", "seeds=1"],
                    ["games=5", "seeds=0"],
                    ["games=5", "seeds=1"],
                    ["games=5", "seeds=3"],
                ] {
                    for bits in 0..32u32 {
                        let mut flags: Vec<&str> = counts.to_vec();
                        for (i, f) in ["state", "out", "curve", "json", "table"].iter().enumerate()
                        {
                            if bits & (1 << i) != 0 {
                                flags.push(f);
                            }
                        }
                        all.push(request(game, kind, opponent, &flags));
                    }
                }
            }
        }
    }
    all
}

#[test]
fn a_refusal_is_always_about_something_the_request_gave() {
    // The binary's message names the flags of a refusal's parts: each part must be one
    // the user gave (a count of 0, more than one seed, a program, a flag set).
    for r in every_request() {
        let Err(refusal) = r.check() else { continue };
        let given = |part: &Part| match part {
            Part::Games => r.games == 0,
            Part::Seeds => r.seeds != 1,
            Part::Program => matches!(r.opponent, OpponentSpec::Program(_)),
            Part::State => r.state,
            Part::Out => r.out,
            Part::Curve => r.curve,
            Part::Json => r.json,
            Part::Table => r.table,
        };
        assert!(refusal.parts().iter().any(given), "{r:?}: {refusal:?} is about nothing it gave");
    }
}

#[test]
fn only_flags_are_refused_never_a_plain_run() {
    // Take every optional flag away (and a built-in opponent, some games, one seed): what
    // remains is a plain run, which every game and learner accepts.
    for mut r in every_request() {
        (r.state, r.out, r.curve, r.json, r.table) = (false, false, false, false, false);
        (r.games, r.seeds) = (5, 1);
        if matches!(r.opponent, OpponentSpec::Program(_)) {
            r.opponent = OpponentSpec::Random;
        }
        let want = if r.is_classic() { Run::Single } else { Run::Generic };
        assert_eq!(r.check(), Ok(want), "{r:?}");
    }
}

#[test]
fn every_refusal_is_reachable() {
    let all = every_request();
    for refusal in Refusal::ALL {
        assert!(
            all.iter().any(|r| r.check() == Err(refusal)),
            "no request is refused with {refusal:?}"
        );
    }
}
