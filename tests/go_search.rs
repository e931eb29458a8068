//! The search and the move decision: determinism with threads, the pass rules, ko retakes,
//! (The tactic test is `spec_example_takes_the_stone` in go_koth.rs.)

use menace::go::board::{Board, Colour, Move};
use menace::go::bot::{self, Context};
use menace::go::mcts::{self, RootRules, SearchConfig};

fn cfg(playouts: usize, threads: usize) -> SearchConfig {
    SearchConfig { playouts, threads, seed: 42, ..SearchConfig::default() }
}

#[test]
fn two_threads_are_deterministic() {
    let b = Board::from_diagram(
        ". . . . . . . . .
         . . . . . . . . .
         . . X . . . O . .
         . . . . . . . . .
         . . . . X . . . .
         . . . . . . . . .
         . . O . . . X . .
         . . . . . . . . .
         . . . . . . . . .",
        Colour::White,
    )
    .unwrap();
    let rules = RootRules::default();
    let a = mcts::search(&b, &cfg(600, 2), &rules);
    let c = mcts::search(&b, &cfg(600, 2), &rules);
    assert_eq!(a.moves, c.moves);
    assert_eq!(a.playouts, 600);
    let other = mcts::search(&b, &SearchConfig { seed: 43, ..cfg(600, 2) }, &rules);
    assert_ne!(a.moves, other.moves, "the seed must matter");
}

#[test]
fn passes_only_when_no_move_is_left_or_the_board_wins() {
    // Black has two eyes and nothing else to play: pass.
    let b = Board::from_diagram(
        ". X X X X
         X X . X X
         X X X X X
         X X X X X
         X X X X .",
        Colour::Black,
    )
    .unwrap();
    let d = bot::decide(&b, &cfg(100, 1), &Context::default());
    assert_eq!((d.mv, d.reason), (Move::Pass, "no move left but filling own eyes"));
    // The empty board does not win as it stands for black: no pass, even after a pass.
    let b = Board::new(5);
    let ctx = Context { opponent_passed: true, ..Context::default() };
    assert!(!bot::winning_now(&b, 0.0));
    assert_ne!(bot::decide(&b, &cfg(200, 1), &ctx).mv, Move::Pass);
}

#[test]
fn ko_captures_are_recognised() {
    let b = Board::from_diagram(
        ". X O . .
         X O . O .
         . X O . .
         . . . . .
         . . . . .",
        Colour::Black,
    )
    .unwrap();
    assert!(mcts::is_ko_capture(&b, Move::Play(b.point(1, 2))));
    assert!(!mcts::is_ko_capture(&b, Move::Play(b.point(4, 4))));
    assert!(!mcts::is_ko_capture(&b, Move::Pass));
}
