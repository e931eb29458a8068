//! Rules engine: hand-made positions, the spec's example, and random games checked against
//! recomputation from scratch and a naive rules implementation.

use menace_go::io::koth;
use menace_go::rules::board::{Board, Colour, Illegal, Move, Point, BLACK, EMPTY, WHITE};
use menace_go::rules::score;
use menace_stats::rng::{below, from_seed};
use proptest::prelude::*;

use crate::support;
use support::repo;

/// The point at row `r`, column `c`, both 1-based.
fn pt(b: &Board, r: usize, c: usize) -> Point {
    b.point(r - 1, c - 1)
}

/// Playing at row `r`, column `c`, both 1-based.
fn mv(b: &Board, r: usize, c: usize) -> Move {
    Move::Play(pt(b, r, c))
}

#[test]
fn spec_example_capture() {
    let text = std::fs::read_to_string(repo("fixtures/go/spec-example.txt")).unwrap();
    let input = koth::parse(&text).unwrap();
    let mut b = input.board.clone();
    assert_eq!(b.to_move(), Colour::Black);
    assert_eq!(b.at(pt(&b, 7, 5)), WHITE);
    assert_eq!(b.play(mv(&b, 6, 5)), Ok(()));
    assert_eq!(b.at(pt(&b, 7, 5)), EMPTY);
    assert_eq!(b.prisoners(Colour::Black), 1);
    let out = koth::format(&b);
    assert!(out.ends_with("\n1 0 2\n"), "{out}");
    assert_eq!(koth::parse_move(&b, "6 5").unwrap(), mv(&b, 6, 5));
    b.check_consistency().unwrap();
}

#[test]
fn corner_capture_and_prisoners() {
    let mut b = Board::from_diagram(
        "O X . . .
         . . . . .
         . . . . .
         . . . . .
         . . . . .",
        Colour::Black,
    )
    .unwrap();
    b.play(mv(&b, 2, 1)).unwrap();
    assert_eq!(b.at(pt(&b, 1, 1)), EMPTY);
    assert_eq!(b.prisoners(Colour::Black), 1);
    assert_eq!(b.prisoners(Colour::White), 0);
    b.check_consistency().unwrap();
}

#[test]
fn one_move_captures_two_groups() {
    // Three separate white stones whose last liberty is the same point.
    let mut b = Board::from_diagram(
        "X O . O X
         . X O X .
         . . X . .
         . . . . .
         . . . . .",
        Colour::Black,
    )
    .unwrap();
    b.play(mv(&b, 1, 3)).unwrap();
    for (r, c) in [(1, 2), (1, 4), (2, 3)] {
        assert_eq!(b.at(pt(&b, r, c)), EMPTY, "({r},{c})");
    }
    assert_eq!(b.prisoners(Colour::Black), 3);
    b.check_consistency().unwrap();
}

#[test]
fn suicide_is_forbidden_but_capturing_is_not() {
    let b = Board::from_diagram(
        ". X . . .
         X . . . .
         . . . . .
         . . . . .
         . . . . .",
        Colour::White,
    )
    .unwrap();
    assert_eq!(b.check(mv(&b, 1, 1)), Err(Illegal::Suicide));
    assert_eq!(b.check(mv(&b, 1, 2)), Err(Illegal::Occupied));
    // Filling the last liberty of a group with several stones is suicide too.
    let b = Board::from_diagram(
        "X X O . .
         . O O . .
         O . . . .
         . . . . .
         . . . . .",
        Colour::Black,
    )
    .unwrap();
    assert_eq!(b.check(mv(&b, 2, 1)), Err(Illegal::Suicide));
    // ...but a move without liberties that captures is legal.
    let mut b = Board::from_diagram(
        "X O . . .
         . X O . .
         O X . . .
         . . . . .
         . . . . .",
        Colour::White,
    )
    .unwrap();
    assert_eq!(b.check(mv(&b, 2, 1)), Ok(()));
    b.play(mv(&b, 2, 1)).unwrap();
    assert_eq!(b.at(pt(&b, 1, 1)), EMPTY);
    b.check_consistency().unwrap();
}

#[test]
fn ko_cannot_be_retaken_at_once() {
    let mut b = support::ko_5x5();
    // Black takes the ko at (2,3), capturing (2,2).
    b.play(mv(&b, 2, 3)).unwrap();
    assert_eq!(b.at(pt(&b, 2, 2)), EMPTY);
    assert_eq!(b.ko(), Some(pt(&b, 2, 2)));
    assert_eq!(b.check(mv(&b, 2, 2)), Err(Illegal::Ko));
    // A threat elsewhere and its answer lift the ban.
    b.play(mv(&b, 5, 5)).unwrap();
    b.play(mv(&b, 5, 4)).unwrap();
    assert_eq!(b.check(mv(&b, 2, 2)), Ok(()));
    let key = b.hash();
    b.play(mv(&b, 2, 2)).unwrap();
    assert_ne!(b.hash(), key);
    b.check_consistency().unwrap();
}

#[test]
fn snapback() {
    // White's six stones have two liberties, (1,3) and (1,4).
    let mut b = Board::from_diagram(
        "X O . . O X
         X O O O O X
         . X X X X .
         . . . . . .
         . . . . . .
         . . . . . .",
        Colour::Black,
    )
    .unwrap();
    // Black throws in at (1,3), putting white in atari.
    b.play(mv(&b, 1, 3)).unwrap();
    assert_eq!(b.atari_lib(b.group_of(pt(&b, 2, 2))), Some(pt(&b, 1, 4)));
    // White takes the stone...
    b.play(mv(&b, 1, 4)).unwrap();
    assert_eq!(b.at(pt(&b, 1, 3)), EMPTY);
    assert_eq!(b.prisoners(Colour::White), 1);
    // ...which is not a ko (the capturing stone joined a group), and black snaps back.
    assert!(b.ko().is_none());
    b.play(mv(&b, 1, 3)).unwrap();
    for (r, c) in [(1, 2), (2, 2), (2, 3), (2, 4), (2, 5), (1, 5), (1, 4)] {
        assert_eq!(b.at(pt(&b, r, c)), EMPTY, "({r},{c})");
    }
    assert_eq!(b.prisoners(Colour::Black), 7);
    b.check_consistency().unwrap();
}

#[test]
fn tromp_taylor_area() {
    let b = Board::from_diagram(
        ". X O . .
         X X O . .
         . X O O O
         X X O . .
         . X O . O",
        Colour::Black,
    )
    .unwrap();
    // Black: 7 stones + 3 empty points reaching only black. White: 8 stones + 7 empty.
    assert_eq!(score::area(&b), (10, 15));
    assert_eq!(score::result_string(score::margin(&b, 0.0)), "W+5");
    assert_eq!(score::result_string(score::margin(&b, -5.0)), "0");
    assert_eq!(score::result_string(score::margin(&b, 0.5)), "W+5.5");
    // A region touching both colours (dame) counts for nobody.
    let b = Board::from_diagram(". . .\nX . O\n. . .", Colour::Black).unwrap();
    assert_eq!(score::area(&b), (1, 1));
    assert_eq!(score::area(&Board::new(9)), (0, 0));
}

#[test]
fn hash_depends_on_position_not_order() {
    let mut a = Board::new(9);
    let mut b = Board::new(9);
    for (r, c) in [(2, 2), (6, 6), (2, 6), (6, 2)] {
        let p = a.point(r, c);
        a.play(Move::Play(p)).unwrap();
    }
    for (r, c) in [(2, 6), (6, 2), (2, 2), (6, 6)] {
        let p = b.point(r, c);
        b.play(Move::Play(p)).unwrap();
    }
    assert_eq!(a.hash(), b.hash());
    assert_eq!(a.position_key(), b.position_key());
    b.play(Move::Pass).unwrap();
    assert_eq!(a.hash(), b.hash());
    assert_ne!(a.position_key(), b.position_key(), "side to move is part of the key");
}

/// A naive rules engine on a plain grid: the reference for random games.
#[derive(Clone, PartialEq, Debug)]
struct Naive {
    n: usize,
    g: Vec<u8>,
}

impl Naive {
    fn group(&self, i: usize) -> (Vec<usize>, usize) {
        let col = self.g[i];
        let mut seen = vec![false; self.n * self.n];
        let mut stack = vec![i];
        let mut stones = vec![];
        let mut libs = std::collections::BTreeSet::new();
        seen[i] = true;
        while let Some(j) = stack.pop() {
            stones.push(j);
            let (r, c) = (j / self.n, j % self.n);
            let mut ns = vec![];
            if r > 0 {
                ns.push(j - self.n);
            }
            if r + 1 < self.n {
                ns.push(j + self.n);
            }
            if c > 0 {
                ns.push(j - 1);
            }
            if c + 1 < self.n {
                ns.push(j + 1);
            }
            for k in ns {
                if self.g[k] == EMPTY {
                    libs.insert(k);
                } else if self.g[k] == col && !seen[k] {
                    seen[k] = true;
                    stack.push(k);
                }
            }
        }
        (stones, libs.len())
    }

    /// Plays `i` for `col`; `None` if suicide.
    fn play(&self, i: usize, col: u8) -> Option<Naive> {
        let mut next = self.clone();
        next.g[i] = col;
        for j in 0..self.n * self.n {
            if next.g[j] == 3 - col {
                let (stones, libs) = next.group(j);
                if libs == 0 {
                    for s in stones {
                        next.g[s] = EMPTY;
                    }
                }
            }
        }
        (next.group(i).1 > 0).then_some(next)
    }
}

fn naive_of(b: &Board) -> Naive {
    Naive { n: b.size(), g: b.points().map(|p| b.at(p)).collect() }
}

fn random_game(size: usize, seed: u64, moves: usize) {
    let mut rng = from_seed(seed);
    let mut b = Board::new(size);
    let mut prev: Option<Naive> = None;
    for _ in 0..moves {
        let naive = naive_of(&b);
        // Legality of every point against the naive rules (ko: only an immediate retake).
        for (i, p) in b.points().enumerate().collect::<Vec<_>>() {
            let expect = if b.at(p) != EMPTY {
                false
            } else {
                match naive.play(i, b.to_move().stone()) {
                    None => false,
                    Some(after) => {
                        let is_ko = Some(p) == b.ko();
                        if is_ko {
                            assert_eq!(Some(&after), prev.as_ref(), "ko point does not repeat");
                        }
                        !is_ko
                    }
                }
            };
            assert_eq!(b.is_legal(Move::Play(p)), expect, "point {i} on\n{b:?}");
        }
        // Atari detection against true liberty counts.
        for (i, p) in b.points().enumerate().collect::<Vec<_>>() {
            if b.at(p) == BLACK || b.at(p) == WHITE {
                let libs = naive.group(i).1;
                assert_eq!(b.atari_lib(b.group_of(p)).is_some(), libs == 1);
                assert_eq!(b.count_libs(b.group_of(p), 8), libs.min(8));
            }
        }
        let legal: Vec<Point> = b.points().filter(|&p| b.is_legal(Move::Play(p))).collect();
        let m = if legal.is_empty() || below(&mut rng, 50) == 0 {
            Move::Pass
        } else {
            Move::Play(legal[below(&mut rng, legal.len() as u32) as usize])
        };
        let col = b.to_move();
        if let Move::Play(p) = m {
            let i = b.points().position(|q| q == p).unwrap();
            let expect = naive.play(i, col.stone()).unwrap();
            let before = b.prisoners(col);
            b.play(m).unwrap();
            assert_eq!(naive_of(&b), expect);
            let them = col.opponent().stone();
            let removed = naive.g.iter().filter(|&&x| x == them).count()
                - expect.g.iter().filter(|&&x| x == them).count();
            assert_eq!(b.prisoners(col) - before, removed as u32);
        } else {
            b.play(Move::Pass).unwrap();
        }
        prev = Some(naive);
        if let Err(e) = b.check_consistency() {
            panic!("{e}\n{b:?}");
        }
    }
}

#[test]
fn random_games_on_small_boards_follow_the_naive_rules() {
    for seed in 0..6 {
        random_game(5, seed, 150);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn random_games_stay_consistent(seed in any::<u64>(), size in prop::sample::select(vec![5usize, 7, 9])) {
        random_game(size, seed, 120);
    }

    #[test]
    fn long_random_19x19_games_stay_consistent(seed in any::<u64>()) {
        let mut rng = from_seed(seed);
        let mut b = Board::new(19);
        for _ in 0..600 {
            let e: Vec<Point> =
                b.empties().iter().copied().filter(|&p| b.is_legal(Move::Play(p))).collect();
            let m = if e.is_empty() {
                Move::Pass
            } else {
                Move::Play(e[below(&mut rng, e.len() as u32) as usize])
            };
            b.play(m).unwrap();
        }
        prop_assert_eq!(b.check_consistency(), Ok(()));
        let rebuilt = koth::parse(&koth::format(&b)).unwrap().board;
        prop_assert_eq!(rebuilt.hash(), b.hash());
    }
}
