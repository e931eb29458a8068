//! Our playout policy against another engine's, on the same positions (issue 44's lever
//! "the playout policy": Pachi's Moggy playouts are the reference heavy playouts).
//!
//! Two measures over the held-out professional games ([`crate::policy::split_games`]):
//!
//! - **move agreement** ([`agreement`]): at every position, one playout move; how often it
//!   is the move the professional played (a playout is a sample, so this is the chance
//!   that one playout move is the professional's, with its Wilson interval);
//! - **outcome** ([`outcomes`]): from positions a fixed number of moves into the games
//!   that a player won (`B+...`, `W+...`), a number of playouts each, scored with the
//!   game's komi; how well black's share of the playouts foretells the game's winner
//!   (right side of one half, and the Brier score: the mean of (share - 1 if black won)²,
//!   0.25 for a coin).
//!
//! Our policy runs in-process ([`Ours`]: [`playout::policy_move`] and
//! [`playout::play_out`], what the search runs). Another engine's is asked over GTP
//! ([`GtpPolicy`]): Pachi's `-e replay runs=1` engine plays one Moggy playout move for
//! `genmove`, so a move is `genmove` then `undo`, and a playout is `genmove` for each side
//! in turn until two passes, `final_score` (Pachi's area count, the one its search uses),
//! then an `undo` for each move. Each side scores its own playouts as its own search does.

use std::time::Duration;

use menace_arena::tournament::interval::wilson;
use menace_go::io::sgf::SgfGame;
use menace_go::io::vertex::{format_vertex, parse_vertex};
use menace_go::model::pattern;
use menace_go::referee::seat::gtp_command;
pub use menace_go::referee::Winner;
use menace_go::rules::board::{Board, Move, MAX_POINTS};
use menace_go::rules::score;
use menace_go::search::playout::{self, SelfAtari};
use menace_run::{Program, Session};
use menace_stats::rng::{from_seed, GameRng};

use crate::mm;
use crate::status_vs_gnugo::parse_score;

/// How long an engine may take over one GTP answer (a playout move takes microseconds; a
/// loaded machine gets plenty of room).
const ANSWER_TIMEOUT: Duration = Duration::from_secs(60);

/// A position of a game: the board before move `at` (0-based) of `games[game]`.
#[derive(Clone, Debug)]
pub struct Position<'a> {
    /// Which game of the list (a policy that keeps a board keeps it per game).
    pub game: usize,
    /// The game.
    pub record: &'a SgfGame,
    /// How many of its moves have been played.
    pub at: usize,
    /// The board then.
    pub board: Board,
}

/// A playout policy to measure.
pub trait Policy {
    /// Its name in the tables.
    fn name(&self) -> &str;
    /// One playout move for the side to move at `pos`.
    fn sample(&mut self, pos: &Position) -> Result<Move, String>;
    /// Who wins one playout from `pos`, with the game's komi.
    fn play_out(&mut self, pos: &Position) -> Result<Winner, String>;
}

/// Our playouts, as the search plays them, from one seeded generator.
pub struct Ours {
    rng: GameRng,
    rule: SelfAtari,
    name: String,
}

impl Ours {
    /// Our default policy with its generator seeded by `seed`, named `menace`.
    pub fn new(seed: u64) -> Ours {
        Ours::with_rule(seed, SelfAtari::Half)
    }

    /// Our policy under the self-atari rule `rule` (the registry's `self_atari`); named
    /// `menace`, or `menace:always` for the rule that is not the default.
    pub fn with_rule(seed: u64, rule: SelfAtari) -> Ours {
        let name = match rule {
            SelfAtari::Half => "menace".to_string(),
            SelfAtari::Always => "menace:always".to_string(),
        };
        Ours { rng: from_seed(seed), rule, name }
    }
}

impl Policy for Ours {
    fn name(&self) -> &str {
        &self.name
    }

    fn sample(&mut self, pos: &Position) -> Result<Move, String> {
        Ok(playout::policy_move_with(&pos.board, &mut self.rng, pattern::compiled(), self.rule))
    }

    fn play_out(&mut self, pos: &Position) -> Result<Winner, String> {
        let mut b = pos.board.clone();
        let mut amaf = [0u8; MAX_POINTS];
        playout::play_out_with(&mut b, &mut self.rng, &mut amaf, self.rule);
        Ok(Winner::of_margin(score::playout_margin(&b) as f32 - pos.record.komi))
    }
}

/// Another engine's playouts over GTP (Pachi: `pachi -e replay runs=1 -s SEED`, one Moggy
/// playout move for each `genmove`). It keeps its board at the last position asked for,
/// so walking through a game costs a `play` a move.
pub struct GtpPolicy {
    name: String,
    session: Session,
    /// The game and the number of its moves on the engine's board.
    at: Option<(usize, usize)>,
}

impl GtpPolicy {
    /// Starts `program` (a GTP engine), to be called `name` in the tables.
    pub fn start(name: &str, program: &Program) -> Result<GtpPolicy, String> {
        let session = Session::spawn(program, 1 << 16, false)
            .map_err(|e| format!("cannot start {}: {e}", program))?;
        Ok(GtpPolicy { name: name.to_string(), session, at: None })
    }

    /// Sends one GTP command and returns the answer (`Err` names the engine and the
    /// command): for a setting, or a check of where the engine's board is.
    pub fn ask(&mut self, cmd: &str) -> Result<String, String> {
        gtp_command(&mut self.session, cmd, ANSWER_TIMEOUT)
            .map_err(|e| format!("{}: `{cmd}`: {e}", self.name))
    }

    /// Brings the engine's board to `pos`: on from where it is when `pos` is further into
    /// the same game, else from a cleared board.
    fn go_to(&mut self, pos: &Position) -> Result<(), String> {
        let g = pos.record;
        let from = match self.at {
            Some((game, at)) if game == pos.game && at <= pos.at => at,
            _ => {
                self.ask(&format!("boardsize {}", g.size))?;
                self.ask("clear_board")?;
                self.ask(&format!("komi {}", g.komi))?;
                if !g.handicap.is_empty() {
                    let b = Board::new(g.size);
                    let stones: Vec<String> =
                        g.handicap.iter().map(|&p| format_vertex(&b, Move::Play(p))).collect();
                    self.ask(&format!("set_free_handicap {}", stones.join(" ")))?;
                }
                0
            }
        };
        // Moves alternate, ending with the player to move at `pos`.
        let to_move = pos.board.to_move();
        let mut colour =
            if (pos.at - from).is_multiple_of(2) { to_move } else { to_move.opponent() };
        for &m in &g.moves[from..pos.at] {
            self.ask(&format!("play {} {}", colour, format_vertex(&pos.board, m)))?;
            colour = colour.opponent();
        }
        self.at = Some((pos.game, pos.at));
        Ok(())
    }

    /// The engine's move for the player to move on `b` (its board must be `b`).
    fn genmove(&mut self, b: &Board) -> Result<Move, String> {
        let v = self.ask(&format!("genmove {}", b.to_move()))?;
        if v.eq_ignore_ascii_case("resign") {
            return Err(format!("{}: resigned in a playout", self.name));
        }
        parse_vertex(b, &v).map_err(|e| format!("{}: genmove answered {v:?}: {e}", self.name))
    }
}

impl Policy for GtpPolicy {
    fn name(&self) -> &str {
        &self.name
    }

    fn sample(&mut self, pos: &Position) -> Result<Move, String> {
        self.go_to(pos)?;
        let m = self.genmove(&pos.board)?;
        self.ask("undo")?;
        Ok(m)
    }

    fn play_out(&mut self, pos: &Position) -> Result<Winner, String> {
        self.go_to(pos)?;
        // Our board follows the playout only to read the engine's vertices and to count
        // the passes: the engine's own rules play its moves.
        let mut b = pos.board.clone();
        let cap = 3 * pos.record.size * pos.record.size;
        let mut played = 0;
        let mut passes = 0;
        while passes < 2 && played < cap {
            let m = self.genmove(&b)?;
            played += 1;
            passes = if m == Move::Pass { passes + 1 } else { 0 };
            b.play_unchecked(m);
        }
        let score = self.ask("final_score")?;
        let margin = parse_score(&score)
            .ok_or_else(|| format!("{}: final_score answered {score:?}", self.name))?;
        for _ in 0..played {
            self.ask("undo")?;
        }
        Ok(Winner::of_margin(margin))
    }
}

/// Every position of `games` where the move played is legal, in game order, with the
/// move played there.
pub fn positions<'a>(
    games: &'a [SgfGame],
    mut f: impl FnMut(Position<'a>, Move) -> Result<(), String>,
) -> Result<(), String> {
    for (i, g) in games.iter().enumerate() {
        let mut err = Ok(());
        let mut at = 0;
        mm::replay(g.size, &g.handicap, &g.moves, |b, m| {
            if err.is_ok() {
                err = f(Position { game: i, record: g, at, board: b.clone() }, m);
            }
            at += 1;
        });
        err?;
    }
    Ok(())
}

/// How often one playout move is the professional's.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Agreement {
    /// Positions asked.
    pub positions: u32,
    /// Playout moves that were the move played.
    pub same: u32,
}

impl std::fmt::Display for Agreement {
    /// `X.X% of N positions (Wilson 95% [L, H]%)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (lo, hi) = wilson(self.same as f64, self.positions).unwrap_or((0.0, 100.0));
        let pct = 100.0 * self.same as f64 / self.positions.max(1) as f64;
        write!(f, "{pct:.1}% of {} positions (Wilson 95% [{lo:.1}, {hi:.1}]%)", self.positions)
    }
}

/// One playout move of `policy` at every position of `games`, against the move played.
pub fn agreement(policy: &mut dyn Policy, games: &[SgfGame]) -> Result<Agreement, String> {
    let mut a = Agreement::default();
    positions(games, |pos, played| {
        let m = policy.sample(&pos)?;
        a.positions += 1;
        a.same += u32::from(m == played);
        Ok(())
    })?;
    Ok(a)
}

/// The outcome measure at one depth into the games.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Stage {
    /// Moves played before the position.
    pub at: usize,
    /// Positions (games long enough and won by a player).
    pub positions: u32,
    /// Positions where black's share of the playouts was on the winner's side of one half
    /// (a half counts a half).
    pub right: f64,
    /// Sum over positions of (black's share - 1 if black won, else 0)².
    pub brier: f64,
}

impl Stage {
    /// The share of positions foretold right, in percent.
    pub fn right_pct(&self) -> f64 {
        100.0 * self.right / self.positions.max(1) as f64
    }

    /// The Brier score: 0 foretells every game for sure, 0.25 is a coin.
    pub fn brier_score(&self) -> f64 {
        self.brier / self.positions.max(1) as f64
    }
}

/// Black's result in a game record (`B+...`: 1, `W+...`: 0), `None` for a tie, a void
/// game or no result.
pub fn black_won(result: &str) -> Option<bool> {
    let r = result.trim().to_ascii_uppercase();
    match r.get(..2) {
        Some("B+") => Some(true),
        Some("W+") => Some(false),
        _ => None,
    }
}

/// One position's playouts: black's share of them against the game's winner.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Foretold {
    /// Moves played before the position.
    pub at: usize,
    /// Black's share of the playouts (a tie half a win).
    pub share: f64,
    /// Whether black won the game.
    pub black_won: bool,
}

impl Foretold {
    /// (share - 1 if black won, else 0)².
    pub fn brier(&self) -> f64 {
        let y = if self.black_won { 1.0 } else { 0.0 };
        (self.share - y) * (self.share - y)
    }

    /// 1 when the share is on the winner's side of one half, 0 on the other, a half on it.
    pub fn right(&self) -> f64 {
        if self.share == 0.5 {
            0.5
        } else {
            f64::from(u8::from((self.share > 0.5) == self.black_won))
        }
    }
}

impl Stage {
    /// Counts one position in.
    pub fn add(&mut self, f: &Foretold) {
        self.positions += 1;
        self.right += f.right();
        self.brier += f.brier();
    }
}

/// The outcome measure's positions: the position `at` moves into each game of `games` that
/// a player won, for each `at` of `stages`, in game order, each with whether black won.
pub fn outcome_positions<'a>(
    games: &'a [SgfGame],
    stages: &[usize],
    mut f: impl FnMut(&Position<'a>, bool) -> Result<(), String>,
) -> Result<(), String> {
    positions(games, |pos, _| match black_won(&pos.record.result) {
        Some(won) if stages.contains(&pos.at) => f(&pos, won),
        _ => Ok(()),
    })
}

/// `playouts` playouts of `policy` at each of the [`outcome_positions`].
pub fn outcomes(
    policy: &mut dyn Policy,
    games: &[SgfGame],
    stages: &[usize],
    playouts: u32,
) -> Result<Vec<Foretold>, String> {
    let mut out = Vec::new();
    outcome_positions(games, stages, |pos, won| {
        let mut points = 0.0;
        for _ in 0..playouts {
            points += policy.play_out(pos)?.black_points();
        }
        out.push(Foretold { at: pos.at, share: points / playouts.max(1) as f64, black_won: won });
        Ok(())
    })?;
    Ok(out)
}

/// The positions counted by stage, in the order of `stages`.
pub fn by_stage(foretold: &[Foretold], stages: &[usize]) -> Vec<Stage> {
    stages
        .iter()
        .map(|&at| {
            let mut s = Stage { at, ..Stage::default() };
            foretold.iter().filter(|f| f.at == at).for_each(|f| s.add(f));
            s
        })
        .collect()
}

/// Every position together (its `at` is 0).
pub fn overall(foretold: &[Foretold]) -> Stage {
    let mut s = Stage::default();
    foretold.iter().for_each(|f| s.add(f));
    s
}

/// The header of [`outcome_rows`]' table.
pub const OUTCOME_HEADER: &str =
    "  policy          after  positions  winner foretold  Brier (0.25: a coin)   seconds";

/// The outcome table's rows for `name`'s foretold positions: one a stage of `stages`, then
/// all of them together, with `secs` (the time they took).
pub fn outcome_rows(name: &str, f: &[Foretold], stages: &[usize], secs: f64) -> Vec<String> {
    let row = |at: &str, s: &Stage| {
        format!(
            "  {name:<14} {at:>6}  {:>9}  {:>14.1}%  {:>20.3}",
            s.positions,
            s.right_pct(),
            s.brier_score()
        )
    };
    let mut rows: Vec<String> =
        by_stage(f, stages).iter().map(|s| row(&s.at.to_string(), s)).collect();
    rows.push(format!("{}   {secs:>7.1}", row("all", &overall(f))));
    rows
}

/// "`b` minus `a` over the same positions: Brier ...", or `None` when they do not hold the
/// same positions ([`brier_difference`]).
pub fn difference_line(
    a_name: &str,
    a: &[Foretold],
    b_name: &str,
    b: &[Foretold],
) -> Option<String> {
    let (mean, se) = brier_difference(a, b)?;
    Some(format!(
        "  {b_name} minus {a_name} over the same positions: Brier {mean:+.4} (standard error {se:.4}; below 0: {b_name} foretells better)"
    ))
}

/// The mean of `b`'s Brier term minus `a`'s over the same positions, with its standard
/// error (the positions' spread over the root of their number): below 0, `b` foretells
/// better. `None` unless both hold the same positions (at least two).
pub fn brier_difference(a: &[Foretold], b: &[Foretold]) -> Option<(f64, f64)> {
    let same = a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| x.at == y.at && x.black_won == y.black_won);
    if !same || a.len() < 2 {
        return None;
    }
    let d: Vec<f64> = a.iter().zip(b).map(|(x, y)| y.brier() - x.brier()).collect();
    let n = d.len() as f64;
    let mean = d.iter().sum::<f64>() / n;
    let var = d.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0);
    Some((mean, (var / n).sqrt()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use menace_go::io::sgf;

    const BLACK_WON: &str = "(;GM[1]SZ[9]KM[7]RE[B+R];B[ee];W[cc];B[gc];W[cg];B[gg])";
    const WHITE_WON: &str = "(;GM[1]SZ[9]KM[7]RE[W+2.5];B[ee];W[cc];B[gc];W[cg];B[gg])";
    const TIED: &str = "(;GM[1]SZ[9]KM[7]RE[0];B[ee];W[cc];B[gc];W[cg];B[gg])";

    /// A policy with fixed answers, to check the counting: its move is the record's own
    /// (or a pass when `oracle` is off), its playouts' winners cycle through `winners`.
    struct Scripted {
        oracle: bool,
        winners: Vec<Winner>,
        next: usize,
    }

    impl Policy for Scripted {
        fn name(&self) -> &str {
            "scripted"
        }
        fn sample(&mut self, pos: &Position) -> Result<Move, String> {
            Ok(if self.oracle { pos.record.moves[pos.at] } else { Move::Pass })
        }
        fn play_out(&mut self, _: &Position) -> Result<Winner, String> {
            self.next += 1;
            Ok(self.winners[(self.next - 1) % self.winners.len()])
        }
    }

    fn scripted(oracle: bool, winners: &[Winner]) -> Scripted {
        Scripted { oracle, winners: winners.to_vec(), next: 0 }
    }

    fn games(sgfs: &[&str]) -> Vec<SgfGame> {
        sgfs.iter().map(|s| sgf::read(s).unwrap()).collect()
    }

    #[test]
    fn results_and_margins_read_as_a_referee_reads_them() {
        assert_eq!(black_won("B+R"), Some(true));
        assert_eq!(black_won("w+3.5"), Some(false));
        assert_eq!(black_won(" B+0.5 "), Some(true));
        for r in ["0", "Void", "", "Jigo", "B", "?"] {
            assert_eq!(black_won(r), None, "{r:?}");
        }
        assert_eq!(Winner::of_margin(0.5), Winner::Black);
        assert_eq!(Winner::of_margin(-7.0), Winner::White);
        assert_eq!(Winner::of_margin(0.0), Winner::Tie);
        assert_eq!(Winner::Tie.black_points(), 0.5);
    }

    #[test]
    fn agreement_counts_every_position_once() {
        let gs = games(&[BLACK_WON, WHITE_WON]);
        let all = agreement(&mut scripted(true, &[Winner::Black]), &gs).unwrap();
        assert_eq!(all, Agreement { positions: 10, same: 10 });
        let none = agreement(&mut scripted(false, &[Winner::Black]), &gs).unwrap();
        assert_eq!(none, Agreement { positions: 10, same: 0 });
        assert!(all.to_string().starts_with("100.0% of 10 positions (Wilson 95% ["), "{all}");
    }

    #[test]
    fn outcomes_score_each_position_against_the_games_winner() {
        let gs = games(&[BLACK_WON, WHITE_WON, TIED]);
        // Black wins every playout: right in the game black won, wrong in white's; the
        // tied game and a stage past the games' end count nothing.
        let f = outcomes(&mut scripted(false, &[Winner::Black]), &gs, &[2, 4, 9], 4).unwrap();
        let s = by_stage(&f, &[2, 4, 9]);
        assert_eq!(s.iter().map(|s| s.positions).collect::<Vec<_>>(), [2, 2, 0]);
        assert_eq!((s[0].right, s[0].brier), (1.0, 1.0));
        assert_eq!((s[0].right_pct(), s[0].brier_score()), (50.0, 0.5));
        assert_eq!((overall(&f).positions, overall(&f).brier), (4, 2.0));
        // Black wins half the playouts: a coin, whoever won.
        let half =
            outcomes(&mut scripted(false, &[Winner::Black, Winner::White]), &gs, &[3], 4).unwrap();
        let s = overall(&half);
        assert_eq!((s.positions, s.right, s.brier_score()), (2, 1.0, 0.25));
        // Ties are half a win: three of four playouts tied and one won by white is a
        // share of 3/8 for black.
        let winners = [Winner::Tie, Winner::Tie, Winner::Tie, Winner::White];
        let f = outcomes(&mut scripted(false, &winners), &gs[..1], &[1], 4).unwrap();
        assert_eq!(f, [Foretold { at: 1, share: 0.375, black_won: true }]);
        assert_eq!((f[0].right(), f[0].brier()), (0.0, 0.625 * 0.625));
    }

    #[test]
    fn the_brier_difference_is_paired_over_the_same_positions() {
        let f = |at, share, black_won| Foretold { at, share, black_won };
        let a = [f(1, 0.5, true), f(2, 0.5, false), f(3, 0.5, true)];
        let b = [f(1, 1.0, true), f(2, 0.0, false), f(3, 0.5, true)];
        // b's terms 0, 0, 0.25 against a's 0.25 each: differences -0.25, -0.25, 0; their
        // mean -1/6, their sample variance 1/48, the standard error sqrt(1/144) = 1/12.
        let (mean, se) = brier_difference(&a, &b).unwrap();
        assert!((mean + 1.0 / 6.0).abs() < 1e-12 && (se - 1.0 / 12.0).abs() < 1e-12);
        assert_eq!(brier_difference(&a, &b[..2]), None, "not the same positions");
        assert_eq!(brier_difference(&a[..1], &b[..1]), None, "one position has no spread");
    }

    #[test]
    fn our_playouts_are_legal_and_repeat_with_their_seed() {
        let gs = games(&[BLACK_WON, WHITE_WON]);
        let mut moves = Vec::new();
        positions(&gs, |pos, _| {
            let m = Ours::new(7).sample(&pos)?;
            assert_eq!(pos.board.check(m), Ok(()), "{m:?}");
            moves.push(m);
            Ok(())
        })
        .unwrap();
        let a = agreement(&mut Ours::new(7), &gs).unwrap();
        assert_eq!(a, agreement(&mut Ours::new(7), &gs).unwrap());
        let o = outcomes(&mut Ours::new(7), &gs, &[3], 16).unwrap();
        assert_eq!(o, outcomes(&mut Ours::new(7), &gs, &[3], 16).unwrap());
        assert_eq!(o.len(), 2);
    }
}
