//! The move decision shared by the king-of-the-hill bot and the GTP engine: when to pass,
//! which root moves to forbid, and the search itself.
//!
//! Passing: a pass is only ever considered when the board *as it stands* already wins for
//! us under Tromp-Taylor area scoring (with komi), so that if the opponent passes back the
//! game ends in our favour; when the opponent has just passed and that holds, we pass at
//! once and the game is over. Otherwise we play on, and since dead stones count as alive
//! on a board scored as it stands, the search (which scores two passes in its tree
//! exactly) captures them before it is willing to pass. With no legal move left except
//! filling our own eyes we pass. In a cleanup phase ([`Context::capture_dead`]) we never
//! pass while the opponent has dead stones on the board.

use crate::rules::board::{Board, Colour, Move, Point, EMPTY};
use crate::rules::ko::is_ko_capture;
use crate::rules::score;
use crate::search::control::Control;
use crate::search::mcts::{self, Resolved, SearchConfig, SearchResult};
use crate::search::params::{KoPolicy, Priors};
use crate::search::tree::RootRules;

/// What the bot knows besides the board.
#[derive(Clone, Debug, Default)]
pub struct Context {
    /// The opponent's last move was a pass (known in GTP, inferred in KOTH).
    pub opponent_passed: bool,
    /// Root points that would repeat an earlier position (known in GTP).
    pub forbidden: Vec<Point>,
    /// We cannot see the history (KOTH): avoid moves that look like retaking a ko while
    /// winning, since an immediate retake repeats the position and makes the game a tie
    /// (the profile's [`KoPolicy`] says how). It also marks the search as one without
    /// history for the profile's [`WideRoot`](crate::search::params::WideRoot) parameter.
    pub avoid_ko_retakes: bool,
    /// Resign when the most visited move's winrate is below this (0: never). Only GTP
    /// can resign; the king-of-the-hill format has no word for it.
    pub resign_below: f32,
    /// The opponent still has dead stones on the board and we were asked to clean up
    /// (GTP `kgs-genmove_cleanup`): never pass, play on until they are captured.
    pub capture_dead: bool,
}

/// The decision and the evidence for it.
#[derive(Clone, Debug)]
pub struct Decision {
    /// The move (possibly [`Move::Pass`]).
    pub mv: Move,
    /// Why, in a few words.
    pub reason: &'static str,
    /// The search, when one ran.
    pub search: Option<SearchResult>,
    /// Resign instead of playing `mv`: the search finds the game lost whatever we play.
    pub resign: bool,
}

/// Is the board as it stands a win for the player to move?
pub fn winning_now(b: &Board, komi: f32) -> bool {
    let m = score::margin(b, komi);
    if b.to_move() == Colour::Black {
        m > 0.0
    } else {
        m < 0.0
    }
}

/// A move worth searching at `p` for `c`: empty, legal, and not filling `c`'s own eye.
fn playable(b: &Board, p: Point, c: Colour) -> bool {
    b.at(p) == EMPTY && !b.is_eye(p, c) && b.is_legal(Move::Play(p))
}

/// Chooses a move for the player to move on `b`.
pub fn decide(b: &Board, cfg: &SearchConfig, ctx: &Context) -> Decision {
    decide_with(b, cfg, ctx, &Control::default())
}

/// [`decide`] with the search under `ctl` (a clock's deadline, a stop flag, snapshots).
pub fn decide_with(b: &Board, cfg: &SearchConfig, ctx: &Context, ctl: &Control) -> Decision {
    decide_resolved(b, &cfg.resolve(), ctx, ctl)
}

/// [`decide_with`] of a configuration the caller resolved ([`SearchConfig::resolve`]):
/// every search of the decision reads that one value.
pub fn decide_resolved(b: &Board, search: &Resolved, ctx: &Context, ctl: &Control) -> Decision {
    let c = b.to_move();
    let win_now = winning_now(b, search.komi);
    if ctx.opponent_passed && win_now && !ctx.capture_dead {
        return Decision {
            mv: Move::Pass,
            reason: "opponent passed and the board wins as it stands",
            search: None,
            resign: false,
        };
    }
    let any_move = b.points().any(|p| playable(b, p, c) && !ctx.forbidden.contains(&p));
    if !any_move {
        return Decision {
            mv: Move::Pass,
            reason: "no move left but filling own eyes",
            search: None,
            resign: false,
        };
    }
    let mut root = b.clone();
    root.set_passes(u8::from(ctx.opponent_passed));
    let caps = search.params();
    if ctx.avoid_ko_retakes && caps.ko_policy == KoPolicy::ExcludeFromSearch {
        return decide_without_history(b, &root, search, ctx, ctl, win_now);
    }
    let wide = caps.wide_root.applies(ctx.avoid_ko_retakes);
    let allow_pass = win_now && !ctx.capture_dead;
    let rules = RootRules { forbidden: ctx.forbidden.clone(), allow_pass, wide };
    let (res, better) = search_checked(&root, search, &rules, ctl);
    let mut mv = better.unwrap_or(res.best());
    let mut reason = if better.is_some() { REFUTED } else { "most visited move" };
    if ctx.avoid_ko_retakes && is_ko_capture(b, mv) {
        // A tie is worth having only when we are losing.
        // Learned priors give barely visited moves prior winrates above 0.5, so with
        // them only moves with a real share of the visits count as winning.
        let enough = match caps.priors {
            Priors::Michi => 0,
            Priors::Learned => res.moves.first().map_or(0, |m| m.visits / 10),
        };
        if let Some(alt) = res
            .moves
            .iter()
            .find(|m| !is_ko_capture(b, m.mv) && m.winrate >= 0.5 && m.visits >= enough)
        {
            mv = alt.mv;
            reason = "best move that cannot repeat a ko position";
        }
    }
    // Resign only on a clear verdict: the best move had a real share of the playouts
    // and still almost none of them won (a won playout counts at least 0.9, so a
    // winrate below 0.05 means under about 5% of them were won).
    let resign = res.moves.first().is_some_and(|best| {
        best.winrate < ctx.resign_below && best.visits as usize >= res.playouts / 10
    });
    if resign {
        reason = "every move loses in the search";
    }
    Decision { mv, reason, search: Some(res), resign }
}

/// The reason of a choice `checked` replaced (`menace go -v` says it).
pub const REFUTED: &str = "the most visited move is refuted by the opponent's best reply";

/// The root's search under `rules`, and under the registry's `verify` (at a fixed budget
/// only: not under a clock, a stop flag or live analysis) the move that replaces its
/// choice: three quarters of the budget search, the last quarter checks ([`checked`]).
fn search_checked(
    root: &Board,
    search: &Resolved,
    rules: &RootRules,
    ctl: &Control,
) -> (SearchResult, Option<Move>) {
    let verify = search.params().verify && !ctl.is_active() && search.playouts >= 12;
    let checks = if verify { search.playouts / 4 } else { 0 };
    let main = search.with_playouts(search.playouts - checks);
    let res = mcts::search_resolved(root, &main, rules, ctl);
    let better = if verify { checked(root, search, &res, rules) } else { None };
    (res, better)
}

/// How much more another candidate's check must leave us than the choice's for it to give
/// way: a short search's winrate is noisy. At 0.05, on 27 positions of v10's games at
/// 12,000 playouts, the checks replaced two choices for moves a four times deeper search
/// rated 1.9 points better and 3.4 worse; at 0.10 none, and the blind spot it was made for
/// (docs/go-lab.md, "A traced loss against Pachi", a 30-point difference) is still caught.
/// Not a lever: part of what the lever `verify` does, which no profile has adopted yet.
pub const VERIFY_MARGIN: f32 = 0.10;

/// What move `m` leaves us after the opponent's best reply, by a search of `playouts /
/// 12` from the position after it: our winrate (one minus the reply's for the opponent)
/// and the reply. `None` for a pass or a move the board refuses.
fn check(root: &Board, m: Move, search: &Resolved, wide: bool) -> Option<(f32, Move)> {
    let Move::Play(_) = m else { return None };
    let mut after = root.clone();
    after.play(m).ok()?;
    after.set_passes(0);
    let sub = search.with_playouts(search.playouts / 12);
    let rules =
        RootRules { forbidden: Vec::new(), allow_pass: winning_now(&after, search.komi), wide };
    let res = mcts::search_resolved(&after, &sub, &rules, &Control::default());
    let reply = res.moves.first()?;
    Some((1.0 - reply.winrate, reply.mv))
}

/// [`Params::verify`](crate::search::params::Params::verify): the main search's choice, its
/// runner-up and the point of the opponent's best reply to the choice (played by us
/// first: the opponent's vital point is often ours), each checked by [`check`]. The best
/// checked candidate replaces the choice when its check leaves us [`VERIFY_MARGIN`] more;
/// `None` keeps the choice. The main search can rate a move highly because the tree
/// under it never reached the opponent's one refuting reply (a loss traced against Pachi:
/// docs/go-lab.md, "A traced loss against Pachi"); a search from the position after the
/// move, with the opponent to move, looks for exactly that reply.
fn checked(root: &Board, search: &Resolved, res: &SearchResult, rules: &RootRules) -> Option<Move> {
    let choice = res.best();
    let (mine, reply) = check(root, choice, search, rules.wide)?;
    let usable = |m: Move| match m {
        Move::Play(p) => {
            m != choice && playable(root, p, root.to_move()) && !rules.forbidden.contains(&p)
        }
        Move::Pass => false,
    };
    let runner_up = res.moves.get(1).map(|m| m.mv).filter(|&m| usable(m));
    let vital = Some(reply).filter(|&m| usable(m) && Some(m) != runner_up);
    let mut best: Option<(f32, Move)> = None;
    for m in [runner_up, vital].into_iter().flatten() {
        if let Some((v, _)) = check(root, m, search, rules.wide) {
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, m));
            }
        }
    }
    best.filter(|&(v, _)| v > mine + VERIFY_MARGIN).map(|(_, m)| m)
}

/// Below this winrate (of the best move that is not a ko capture) the king-of-the-hill
/// bot retakes a ko: if the opponent has just taken it, the repeat ends the game as a tie
/// (half a point, better than the loss the search expects); if not, it is an ordinary
/// capture. Between this and 0.5 it plays on: the search may be wrong, and a tie gives
/// away a game it might still win. Not a lever: part of what `ko_policy=exclude_from_search`
/// does, frozen with v3, whose records replay with it.
pub const RETAKE_KO_BELOW: f32 = 0.3;

/// [`KoPolicy::ExcludeFromSearch`]: the decision without history (the king-of-the-hill format): every move
/// that looks like retaking a ko could repeat the position (a tie), so the search runs
/// without them; then, if even the best remaining move is clearly losing, the first such
/// capture is played for the chance of a tie.
fn decide_without_history(
    b: &Board,
    root: &Board,
    search: &Resolved,
    ctx: &Context,
    ctl: &Control,
    win_now: bool,
) -> Decision {
    let c = b.to_move();
    let ko_captures: Vec<Point> = b
        .points()
        .filter(|&p| !ctx.forbidden.contains(&p) && is_ko_capture(b, Move::Play(p)))
        .collect();
    let mut forbidden = ctx.forbidden.clone();
    let others = b
        .points()
        .any(|p| playable(b, p, c) && !forbidden.contains(&p) && !ko_captures.contains(&p));
    if !others && !win_now {
        // Only ko captures (or eye fills) are left and passing would lose: take the ko.
        if let Some(&ko) = ko_captures.first() {
            return Decision {
                mv: Move::Play(ko),
                reason: "no other move: retake a ko",
                search: None,
                resign: false,
            };
        }
    }
    forbidden.extend(ko_captures.iter().copied());
    let wide = search.params().wide_root.applies(true);
    let rules = RootRules { forbidden, allow_pass: win_now, wide };
    let (res, better) = search_checked(root, search, &rules, ctl);
    let best = res.moves.first().map_or(0.0, |m| m.winrate);
    match ko_captures.first() {
        Some(&ko) if best < RETAKE_KO_BELOW => Decision {
            mv: Move::Play(ko),
            reason: "losing: retake a ko (a repeated position is a tie)",
            search: Some(res),
            resign: false,
        },
        _ => Decision {
            mv: better.unwrap_or(res.best()),
            reason: if better.is_some() {
                REFUTED
            } else if ko_captures.is_empty() {
                "most visited move"
            } else {
                "most visited move that cannot repeat a ko position"
            },
            search: Some(res),
            resign: false,
        },
    }
}
