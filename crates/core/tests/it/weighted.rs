//! The weighted learner against the book's rules: quantisation by PrecCoeff (with the
//! first legal move when the list is empty), learning with the StepCoeff discount and
//! clamping at 0, sampling that matches the exact policy, symmetry folding, and the
//! exact evaluators on it.

use menace_core::game::{Game, Side};
use menace_core::learn::eval::{exploitability, vs_uniform};
use menace_core::learn::{play, Player, Policy, Weighted, WeightedConfig};
use menace_core::menace::GameResult;
use menace_core::ttt::{Board, TicTacToe};
use menace_stats::rng::{from_seed, GameRng};

const T: TicTacToe = TicTacToe;

fn board(s: &str) -> Board {
    Board::parse(s).unwrap()
}

fn learner(cfg: WeightedConfig) -> Weighted<TicTacToe> {
    Weighted::new(&T, cfg)
}

fn policy_of(w: &Weighted<TicTacToe>, p: Board) -> Vec<(usize, f64)> {
    let mut out = Vec::new();
    w.policy(&T, p, &mut out);
    out
}

#[test]
fn a_new_position_gets_equal_weights_on_legal_moves_only() {
    let mut w = learner(WeightedConfig::default());
    let p = board("X...O....");
    assert!(w.weights(&T, p).is_none());
    let mv = w.choose(&T, p, &mut from_seed(1)).unwrap();
    assert!(mv != 0 && mv != 4);
    assert_eq!(w.weights(&T, p).unwrap(), &[0.0, 1.0, 1.0, 1.0, 0.0, 1.0, 1.0, 1.0, 1.0]);
    // floor(1/7 * 50) = 7 entries for each of the 7 empty cells.
    let pol = policy_of(&w, p);
    assert_eq!(pol.len(), 7);
    assert!(pol.iter().all(|&(m, q)| m != 0 && m != 4 && q == 1.0 / 7.0));
}

#[test]
fn quantisation_follows_the_book() {
    let mut w = learner(WeightedConfig::default());
    let p = Board::EMPTY;
    // Normalised 0.75, 0.25 -> 37.5, 12.5 -> 37 and 12 entries.
    let mut weights = [0.0; 9];
    weights[0] = 3.0;
    weights[4] = 1.0;
    w.set_weights(&T, p, &weights).unwrap();
    assert_eq!(policy_of(&w, p), [(0, 37.0 / 49.0), (4, 12.0 / 49.0)]);
    // A weight below 1/50 of the total truncates to no entries at all.
    weights[8] = 0.07; // 0.07/4.07*50 = 0.86
    w.set_weights(&T, p, &weights).unwrap();
    let pol = policy_of(&w, p);
    assert_eq!(pol.iter().map(|e| e.0).collect::<Vec<_>>(), [0, 4]);
    // 3/4.07*50 = 36.85 -> 36, 1/4.07*50 = 12.28 -> 12.
    assert_eq!(pol, [(0, 36.0 / 48.0), (4, 12.0 / 48.0)]);
    // The greedy choice is the heaviest.
    let mut g = Vec::new();
    w.greedy(&T, p, &mut g);
    assert_eq!(g, [(0, 1.0)]);
}

#[test]
fn an_empty_list_plays_the_first_legal_move() {
    // All weights zero.
    let mut w = learner(WeightedConfig::default());
    let p = board("X...O....");
    w.set_weights(&T, p, &[0.0; 9]).unwrap();
    assert_eq!(policy_of(&w, p), [(1, 1.0)]);
    let mut rng = from_seed(5);
    for _ in 0..20 {
        assert_eq!(w.choose(&T, p, &mut rng), Some(1));
    }
    // All truncated to zero: nine equal weights with PrecCoeff 5 give 5/9 < 1 each.
    let mut w = learner(WeightedConfig { prec_coeff: 5, ..WeightedConfig::default() });
    assert_eq!(policy_of(&w, Board::EMPTY), [(0, 1.0)]);
    assert_eq!(w.choose(&T, Board::EMPTY, &mut rng), Some(0));
    // Seven empty cells, PrecCoeff 7: exactly one entry each.
    assert_eq!(policy_of(&w, p).len(), 1);
    let w7 = learner(WeightedConfig { prec_coeff: 7, ..WeightedConfig::default() });
    assert_eq!(policy_of(&w7, p).len(), 7);
}

#[test]
fn illegal_weights_are_refused() {
    let mut w = learner(WeightedConfig::default());
    let p = board("X...O....");
    assert!(w.set_weights(&T, p, &[1.0; 9]).unwrap_err().contains("not legal"));
    assert!(w.set_weights(&T, p, &[0.0; 8]).is_err());
    let mut neg = [0.0; 9];
    neg[1] = -1.0;
    assert!(w.set_weights(&T, p, &neg).is_err());
    assert!(w.weights(&T, p).is_none(), "nothing added by refused calls");
    for bad in [
        WeightedConfig { prec_coeff: 0, ..WeightedConfig::default() },
        WeightedConfig { learning_step: f64::NAN, ..WeightedConfig::default() },
        WeightedConfig { step_coeff: 1.5, ..WeightedConfig::default() },
        WeightedConfig { initial: 0.0, ..WeightedConfig::default() },
    ] {
        assert!(bad.validate().is_err(), "{bad:?}");
        assert!(Weighted::try_new(&T, bad).is_err());
    }
}

/// Plays a fixed list of moves.
struct Script(Vec<usize>);
impl Player<TicTacToe> for Script {
    fn choose(&mut self, _g: &TicTacToe, _p: Board, _r: &mut GameRng) -> Option<usize> {
        Some(self.0.remove(0))
    }
}

/// Forces the learner's moves by giving it one heavy weight per position on the way.
fn rig(w: &mut Weighted<TicTacToe>, line: &[(&str, usize)]) {
    for &(b, mv) in line {
        let mut weights = [0.0; 9];
        weights[mv] = 1.0;
        w.set_weights(&T, board(b), &weights).unwrap();
    }
}

#[test]
fn learning_discounts_backwards_and_clamps_at_zero() {
    let cfg = WeightedConfig { learning_step: 0.5, step_coeff: 0.5, ..WeightedConfig::default() };
    // X plays 0, 1, 2 (top row) while O plays 3, 4: X wins on its third move.
    let line = [(".........", 0), ("X..O.....", 1), ("XX.OO....", 2)];
    let mut w = learner(cfg.clone());
    rig(&mut w, &line);
    let mut rng = from_seed(1);
    let o = play(&T, &mut w, &mut Script(vec![3, 4]), &mut rng);
    assert_eq!(o, menace_core::game::Outcome::Win(Side::First));
    // Last move +0.5, the one before +0.25, the first +0.125.
    assert_eq!(w.weights(&T, board("XX.OO....")).unwrap()[2], 1.5);
    assert_eq!(w.weights(&T, board("X..O.....")).unwrap()[1], 1.25);
    assert_eq!(w.weights(&T, board(".........")).unwrap()[0], 1.125);
    assert!(w.history().is_empty());

    // The same game lost: O completes the middle row instead of X finishing. X plays
    // 0, 1, 6; O plays 3, 4, 5. Weights start at 1 (a, b) and 0.2 (c).
    let mut w = learner(cfg.clone());
    rig(&mut w, &[(".........", 0), ("X..O.....", 1)]);
    let mut c = [0.0; 9];
    c[6] = 0.2;
    w.set_weights(&T, board("XX.OO...."), &c).unwrap();
    let o = play(&T, &mut w, &mut Script(vec![3, 4, 5]), &mut rng);
    assert_eq!(o, menace_core::game::Outcome::Win(Side::Second));
    assert_eq!(w.weights(&T, board("XX.OO....")).unwrap()[6], 0.0, "0.2 - 0.5 clamps at 0");
    assert_eq!(w.weights(&T, board("X..O.....")).unwrap()[1], 0.75);
    assert_eq!(w.weights(&T, board(".........")).unwrap()[0], 0.875);

    // A draw teaches nothing.
    let mut w = learner(cfg);
    w.choose(&T, Board::EMPTY, &mut rng);
    let before = w.weights(&T, Board::EMPTY).unwrap().to_vec();
    w.finish(GameResult::Draw);
    assert_eq!(w.weights(&T, Board::EMPTY).unwrap(), &before[..]);
    assert!(w.history().is_empty());
}

#[test]
fn sampled_moves_follow_the_exact_policy() {
    let mut w = learner(WeightedConfig::default());
    let p = board("X...O....");
    let weights = [0.0, 3.0, 0.5, 1.0, 0.0, 0.0, 0.25, 2.0, 0.04];
    w.set_weights(&T, p, &weights).unwrap();
    let pol = policy_of(&w, p);
    assert_eq!(pol.iter().map(|e| e.0).collect::<Vec<_>>(), [1, 2, 3, 6, 7], "0.04 truncates");
    let mut rng = from_seed(42);
    let n = 40_000;
    let mut seen = [0u32; 9];
    for _ in 0..n {
        seen[w.choose(&T, p, &mut rng).unwrap()] += 1;
        w.abandon();
    }
    for &(m, q) in &pol {
        let f = f64::from(seen[m]) / f64::from(n);
        // Five standard deviations of a binomial proportion.
        let tol = 5.0 * (q * (1.0 - q) / f64::from(n)).sqrt();
        assert!((f - q).abs() < tol, "move {m}: {f} vs {q}");
    }
    assert_eq!(seen[8], 0);
    assert_eq!(seen.iter().sum::<u32>(), n);
}

#[test]
fn symmetry_folding_shares_one_row_between_mirror_images() {
    let cfg = WeightedConfig { symmetry: true, ..WeightedConfig::default() };
    let mut w = learner(cfg);
    let mut rng = from_seed(3);
    // X in the top-left corner and in the top-right corner are one class.
    let a = board("X...O....");
    let b = board("..X.O....");
    w.choose(&T, a, &mut rng);
    w.abandon();
    assert_eq!(w.len(), 1);
    w.choose(&T, b, &mut rng);
    w.abandon();
    assert_eq!(w.len(), 1, "the mirror image found the same row");
    // Make one move certain on the drawing and check it maps to the real board.
    let (canon, _) = T.canonical(a);
    let mut weights = [0.0; 9];
    let mut legal = Vec::new();
    T.legal_moves(canon, &mut legal);
    weights[legal[0]] = 1.0;
    w.set_weights(&T, a, &weights).unwrap();
    for p in [a, b] {
        let mv = w.choose(&T, p, &mut rng).unwrap();
        w.abandon();
        assert_eq!(p.get(menace_core::ttt::Cell::new(mv).unwrap()), None, "a legal move");
        let (c, s) = T.canonical(p);
        assert_eq!(c, canon);
        assert_eq!(T.move_to_canonical(s, mv), legal[0]);
        assert_eq!(policy_of(&w, p), [(mv, 1.0)]);
    }
}

#[test]
fn a_fresh_learner_is_exactly_a_random_player_and_learning_helps() {
    let w = learner(WeightedConfig::default());
    // floor(50/k) entries per move is the same count for every legal move: uniform.
    let fresh = vs_uniform(&T, Side::First, &w, false);
    assert!((fresh.win - 0.5849).abs() < 1e-4, "{fresh:?}");
    let mut w = learner(WeightedConfig::default());
    let mut rng = from_seed(9);
    let mut random = menace_core::learn::Random::default();
    for _ in 0..3000 {
        play(&T, &mut w, &mut random, &mut rng);
    }
    let trained = vs_uniform(&T, Side::First, &w, false);
    assert!(trained.win > fresh.win + 0.03, "{trained:?}");
    assert!(trained.loss < fresh.loss, "{trained:?}");
    let e = exploitability(&T, Side::First, &w, false);
    assert!((0.0..=1.0).contains(&e));
    // The knowledge base lists its positions sorted, independent of meeting order.
    let known = w.known();
    assert!(known.windows(2).all(|p| p[0] < p[1]));
    assert_eq!(known.len(), w.len());
}

#[test]
fn flags_override_the_defaults_and_are_validated() {
    let d = WeightedConfig::default();
    assert_eq!(WeightedConfig::from_flags(None, None, None, false), Ok(d.clone()));
    let c = WeightedConfig::from_flags(Some(7), None, Some(0.5), true).unwrap();
    assert_eq!(
        (c.prec_coeff, c.learning_step, c.step_coeff, c.symmetry),
        (7, d.learning_step, 0.5, true)
    );
    assert!(WeightedConfig::from_flags(Some(0), None, None, false).is_err());
}
