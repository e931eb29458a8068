//! The exact evaluator, on boxes whose values are known.

use menace_core::game::Side;
use menace_core::learn::eval::{outcome_odds, report, Model, Version};
use menace_core::menace::{BeadRules, Matchboxes};
use menace_core::solve::Solver;
use menace_core::ttt::{Board, Cell, Mark, TicTacToe};

fn fresh() -> Matchboxes<TicTacToe> {
    Matchboxes::new(TicTacToe, Side::First, BeadRules::challenge())
}

const EPS: f64 = 1e-12;

#[test]
fn fresh_boxes_play_uniformly_so_they_score_the_random_vs_random_odds() {
    // A fresh MENACE holds equal beads for every legal cell, so it plays like a random
    // player. Random against random: X wins 737/1260, O wins 121/420, draws 8/63
    // (exact fractions of the well-known 58.5% / 28.8% / 12.7%).
    let odds = outcome_odds(&TicTacToe, &fresh(), Side::First, Version::Stochastic, Model::Random);
    assert!((odds.win - 737.0 / 1260.0).abs() < EPS, "{odds:?}");
    assert!((odds.loss - 121.0 / 420.0).abs() < EPS, "{odds:?}");
    assert!((odds.draw - 8.0 / 63.0).abs() < EPS, "{odds:?}");
}

/// P(X loses) when X plays uniformly at random and O plays to make X lose: computed here
/// by brute force, without the library's evaluator.
fn uniform_x_vs_best_response(board: Board) -> f64 {
    if board.has_won(Mark::O) {
        return 1.0;
    }
    if board.has_won(Mark::X) || board.empty_mask() == 0 {
        return 0.0;
    }
    let free: Vec<Cell> = board.empty_cells().collect();
    let children = free.iter().map(|&c| uniform_x_vs_best_response(board.with(c, board.to_move())));
    match board.to_move() {
        Mark::X => children.sum::<f64>() / free.len() as f64,
        Mark::O => children.fold(0.0, f64::max),
    }
}

#[test]
fn exploitability_of_fresh_boxes_matches_brute_force() {
    let want = uniform_x_vs_best_response(Board::EMPTY);
    let got =
        outcome_odds(&TicTacToe, &fresh(), Side::First, Version::Stochastic, Model::BestResponse);
    assert!((got.loss - want).abs() < EPS, "{} vs {want}", got.loss);
    assert!(want > 0.3 && want < 1.0);
}

/// Boxes holding one bead, on a minimax-best move of their drawing.
fn perfect_boxes() -> Matchboxes<TicTacToe> {
    let mut m = fresh();
    let mut solver = Solver::new(TicTacToe);
    let mut best = Vec::new();
    for b in 0..m.len() {
        solver.best_moves(m.position(b), &mut best);
        let mut beads = [0u32; 9];
        beads[best[0]] = 1;
        m.set_beads(b, &beads).unwrap();
    }
    m
}

#[test]
fn boxes_that_hold_only_best_moves_cannot_be_beaten() {
    let m = perfect_boxes();
    let mut solver = Solver::new(TicTacToe);
    let r = report(&TicTacToe, &m, Side::First, &mut solver);
    assert_eq!(r.exploitability, 0.0);
    assert_eq!(r.greedy_exploitability, 0.0);
    assert_eq!(r.vs_perfect.draw, 1.0);
    assert_eq!(r.vs_random.loss, 0.0);
    assert!(r.vs_random.win > 0.9, "{:?}", r.vs_random);
}

#[test]
fn one_bad_bead_is_found_and_weighed_exactly() {
    // X always opens in the top-left corner, and every box holds one bead on a best move,
    // except one box after O's reply that also holds a bead on a move losing by force: 3
    // beads on the best move, 1 on the blunder. The best response steers into that box
    // and X then loses exactly a quarter of the time; the greedy policy never blunders.
    let mut m = perfect_boxes();
    let mut solver = Solver::new(TicTacToe);
    let mut first = [0u32; 9];
    first[0] = 1;
    m.set_beads(0, &first).unwrap();
    let corner = Board::EMPTY.with(Cell::ALL[0], Mark::X);
    let (b, losing) = corner
        .empty_cells()
        .find_map(|reply| {
            let (b, _) = m.box_of(corner.with(reply, Mark::O))?;
            let drawing = m.position(b);
            let losing = (0..9).find(|&c| {
                drawing.get(Cell::ALL[c]).is_none() && solver.move_value(drawing, c) == -1
            })?;
            Some((b, losing))
        })
        .expect("some reply to the corner gives X a move that loses by force");
    let mut best = Vec::new();
    solver.best_moves(m.position(b), &mut best);
    let mut beads = [0u32; 9];
    beads[best[0]] = 3;
    beads[losing] = 1;
    m.set_beads(b, &beads).unwrap();
    let loss =
        outcome_odds(&TicTacToe, &m, Side::First, Version::Stochastic, Model::BestResponse).loss;
    assert!((loss - 0.25).abs() < EPS, "{loss}");
    let greedy =
        outcome_odds(&TicTacToe, &m, Side::First, Version::Greedy, Model::BestResponse).loss;
    assert_eq!(greedy, 0.0, "the greedy policy ignores the single bad bead");
}

#[test]
fn a_box_with_no_beads_under_the_resign_rule_loses_for_sure() {
    let mut m = Matchboxes::new(TicTacToe, Side::First, BeadRules::scroggs());
    m.set_beads(0, &[0; 9]).unwrap();
    let odds = outcome_odds(&TicTacToe, &m, Side::First, Version::Stochastic, Model::Random);
    assert_eq!(odds.loss, 1.0);
}

/// `menace eval`'s report: a fresh MENACE with the rules when there is no file (and the
/// rules are only asked for then), the saved one otherwise, and a missing file refused.
#[test]
fn the_report_of_a_state_file_or_of_fresh_rules() {
    use menace_core::learn::eval::report_of_state;
    use menace_core::menace::state::State;
    let fresh_report = report(&TicTacToe, &fresh(), Side::First, &mut Solver::new(TicTacToe));
    assert_eq!(report_of_state(None, Side::First, || Ok(BeadRules::challenge())), Ok(fresh_report));
    assert_eq!(
        report_of_state(None, Side::First, || Err("bad --reward".into())),
        Err("bad --reward".into())
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.json");
    let mut learned = fresh();
    learned.set_beads(0, &[0, 0, 0, 0, 9, 0, 0, 0, 0]).unwrap();
    State::of(&learned, 1).save(&path).unwrap();
    let saved =
        report_of_state(Some(&path), Side::First, || panic!("rules are not asked for")).unwrap();
    assert_eq!(saved, report(&TicTacToe, &learned, Side::First, &mut Solver::new(TicTacToe)));
    assert_ne!(saved, fresh_report);
    let none = dir.path().join("none.json");
    assert!(report_of_state(Some(&none), Side::First, || unreachable!()).is_err());
    let other = report_of_state(Some(&path), Side::Second, || unreachable!()).unwrap_err();
    assert!(
        other.ends_with("this state is MENACE playing first (X); this MENACE plays second (O)"),
        "{other}"
    );
}

#[test]
fn the_report_of_menace_playing_second_is_of_o() {
    use menace_core::learn::eval::report_of_state;
    let o = Matchboxes::new(TicTacToe, Side::Second, BeadRules::challenge());
    let fresh = report_of_state(None, Side::Second, || Ok(BeadRules::challenge())).unwrap();
    assert_eq!(fresh, report(&TicTacToe, &o, Side::Second, &mut Solver::new(TicTacToe)));
    // Fresh boxes play uniformly: random against random, seen from O's side.
    assert!((fresh.vs_random.win - 121.0 / 420.0).abs() < EPS, "{fresh:?}");
    assert!((fresh.vs_random.loss - 737.0 / 1260.0).abs() < EPS, "{fresh:?}");
    assert!(fresh.vs_perfect.loss > 0.0 && fresh.vs_perfect.win == 0.0);
}

#[test]
fn experiment_learners_come_from_a_preset_by_name() {
    use menace_core::learn::{Learners, WeightedConfig};
    let w = WeightedConfig::default();
    let l = Learners::from_preset("scroggs", w.prec_coeff, w.learning_step, w.step_coeff, false);
    assert_eq!(l.unwrap().rules, BeadRules::scroggs());
    let e = Learners::from_preset("fast", w.prec_coeff, w.learning_step, w.step_coeff, false);
    assert_eq!(e.unwrap_err(), "unknown preset \"fast\": challenge, michie or scroggs");
}
