//! The nakade reader against the eye shapes Go players learn (Sensei's Library, "Killable
//! eyeshapes", and any beginner's book on life and death): every polyomino of three to
//! seven points, enumerated here by brute force, placed on the board in each of its
//! orientations and at the edge and in the corner, must give the vital point the table
//! names, and every other shape none; and on random positions the area read must be the
//! one a naive flood fill finds.

use menace_go::rules::board::{Board, Colour, Move, Point, EMPTY};
use menace_go::rules::tactics::{enclosed_area, nakade_point, nakade_vital, NAKADE_MAX};
use std::collections::BTreeSet;

use crate::support;
use support::random_position;

/// A point of a shape: (row, column).
type Cell = (i32, i32);
type Shape = BTreeSet<Cell>;

/// The killable eye shapes, each in one orientation, with its vital point: the table the
/// code must agree with (square four is killable too, but has no vital point to play).
const KILLABLE: [(&str, &[Cell], Cell); 7] = [
    ("straight three", &[(0, 0), (0, 1), (0, 2)], (0, 1)),
    ("bent three", &[(0, 0), (0, 1), (1, 0)], (0, 0)),
    ("pyramid four", &[(0, 0), (0, 1), (0, 2), (1, 1)], (0, 1)),
    ("crossed five", &[(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)], (1, 1)),
    ("bulky five", &[(0, 0), (0, 1), (1, 0), (1, 1), (0, 2)], (0, 1)),
    ("rabbity six", &[(0, 1), (1, 0), (1, 1), (1, 2), (2, 1), (2, 2)], (1, 1)),
    ("square four", &[(0, 0), (0, 1), (1, 0), (1, 1)], (-1, -1)),
];

/// `s` moved so that its smallest row and column are 0.
fn normal(s: &Shape) -> Shape {
    let r0 = s.iter().map(|p| p.0).min().unwrap();
    let c0 = s.iter().map(|p| p.1).min().unwrap();
    s.iter().map(|&(r, c)| (r - r0, c - c0)).collect()
}

/// The eight orientations of `s` (rotations and reflections), with where `p` goes.
fn orientations(s: &Shape, p: (i32, i32)) -> Vec<(Shape, (i32, i32))> {
    let maps: [fn(Cell) -> Cell; 8] = [
        |(r, c)| (r, c),
        |(r, c)| (c, -r),
        |(r, c)| (-r, -c),
        |(r, c)| (-c, r),
        |(r, c)| (r, -c),
        |(r, c)| (-c, -r),
        |(r, c)| (-r, c),
        |(r, c)| (c, r),
    ];
    maps.iter()
        .map(|m| {
            let t: Shape = s.iter().map(|&q| m(q)).collect();
            let (r0, c0) =
                (t.iter().map(|q| q.0).min().unwrap(), t.iter().map(|q| q.1).min().unwrap());
            let v = m(p);
            (normal(&t), (v.0 - r0, v.1 - c0))
        })
        .collect()
}

/// Every fixed polyomino (each orientation counted) of `n` points, by growing the ones of
/// `n - 1` a point at a time.
fn polyominoes(n: usize) -> BTreeSet<Shape> {
    let mut all: BTreeSet<Shape> = [Shape::from([(0, 0)])].into();
    for _ in 1..n {
        let mut next = BTreeSet::new();
        for s in &all {
            for &(r, c) in s {
                for q in [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)] {
                    if !s.contains(&q) {
                        let mut t = s.clone();
                        t.insert(q);
                        next.insert(normal(&t));
                    }
                }
            }
        }
        all = next;
    }
    all
}

/// The vital point the table gives `s` (an orientation of a killable shape), if any.
fn table_vital(s: &Shape) -> Option<(i32, i32)> {
    KILLABLE.iter().find_map(|&(_, shape, vital)| {
        let shape: Shape = shape.iter().copied().collect();
        orientations(&shape, vital)
            .into_iter()
            .find(|(t, _)| t == s)
            .map(|(_, v)| v)
            .filter(|v| v.0 >= 0 && shape.contains(&vital))
    })
}

/// A 9x9 board whose every point is White's but `s` placed at (`r0`, `c0`), the last
/// stone on it White's move next to the area: Black to move.
fn enclosed(s: &Shape, r0: i32, c0: i32) -> Board {
    let size = 9usize;
    let inside = |r: usize, c: usize| s.contains(&(r as i32 - r0, c as i32 - c0));
    // The last white stone: a point next to the area.
    let last = (0..size * size)
        .map(|i| (i / size, i % size))
        .find(|&(r, c)| {
            !inside(r, c)
                && [(0i32, 1i32), (1, 0), (0, -1), (-1, 0)].iter().any(|(dr, dc)| {
                    let (rr, cc) = (r as i32 + dr, c as i32 + dc);
                    rr >= 0 && cc >= 0 && inside(rr as usize, cc as usize)
                })
        })
        .unwrap();
    let mut text = String::new();
    for r in 0..size {
        for c in 0..size {
            text.push(if inside(r, c) || (r, c) == last { '.' } else { 'O' });
        }
        text.push('\n');
    }
    let mut b = Board::from_diagram(&text, Colour::White).unwrap();
    b.play(Move::Play(b.point(last.0, last.1))).unwrap();
    b
}

#[test]
fn the_table_is_what_the_shapes_are() {
    // Free polyominoes: 2 of three points, 5 of four, 12 of five, 35 of six (OEIS A000105).
    for (n, free) in [(3, 2), (4, 5), (5, 12), (6, 35)] {
        let fixed = polyominoes(n);
        let canon: BTreeSet<Shape> = fixed
            .iter()
            .map(|s| orientations(s, (0, 0)).into_iter().map(|(t, _)| t).min().unwrap())
            .collect();
        assert_eq!(canon.len(), free, "free polyominoes of {n}");
    }
}

#[test]
fn every_shape_of_three_to_seven_points_gives_the_tables_vital_point() {
    let mut killable_seen = 0;
    for n in 3..=7 {
        for s in polyominoes(n) {
            let want = table_vital(&s);
            killable_seen += usize::from(want.is_some());
            let (h, w) =
                (s.iter().map(|p| p.0).max().unwrap(), s.iter().map(|p| p.1).max().unwrap());
            // In the corner, on the top edge, in the middle, at the bottom right.
            for (r0, c0) in [(0, 0), (0, 2), (2, 2), (8 - h, 8 - w)] {
                let b = enclosed(&s, r0, c0);
                let got = nakade_point(&b).map(|p| {
                    let (r, c) = b.row_col(p);
                    (r as i32 - r0, c as i32 - c0)
                });
                assert_eq!(got, want, "shape {s:?} at ({r0}, {c0}):\n{}", b.diagram());
            }
        }
    }
    // Orientations: straight three 2, bent three 4, pyramid four 4, crossed five 1, bulky
    // five 8, rabbity six 4 (it is its own mirror across a diagonal): 23 with a vital point.
    assert_eq!(killable_seen, 23);
}

#[test]
fn an_area_touching_the_player_to_moves_stone_is_no_nakade() {
    // White closes a straight three at D6; with White at D8 Black kills at D7, with
    // Black's own stone at D8 the area is not White's eye space alone.
    for (wall, want) in [('O', Some((2, 3))), ('X', None)] {
        let mut text = String::from("OOOOOOOOO\nOOOwOOOOO\nOO...OOOO\nOOO.OOOOO\n");
        text = text.replace('w', &wall.to_string()) + &"OOOOOOOOO\n".repeat(5);
        let mut b = Board::from_diagram(&text, Colour::White).unwrap();
        b.play(Move::Play(b.point(3, 3))).unwrap();
        assert_eq!(nakade_point(&b).map(|p| b.row_col(p)), want, "{}", b.diagram());
    }
}

/// The empty area at `start` by a naive flood fill with sets, and the colours next to it.
fn flood(b: &Board, start: Point) -> (BTreeSet<Point>, BTreeSet<u8>) {
    let (mut area, mut border) = (BTreeSet::from([start]), BTreeSet::new());
    let mut todo = vec![start];
    while let Some(p) = todo.pop() {
        let (r, c) = b.row_col(p);
        for (dr, dc) in [(0i32, 1i32), (1, 0), (0, -1), (-1, 0)] {
            let (rr, cc) = (r as i32 + dr, c as i32 + dc);
            if rr < 0 || cc < 0 || rr >= b.size() as i32 || cc >= b.size() as i32 {
                continue;
            }
            let q = b.point(rr as usize, cc as usize);
            if b.at(q) == EMPTY {
                if area.insert(q) {
                    todo.push(q);
                }
            } else {
                border.insert(b.at(q));
            }
        }
    }
    (area, border)
}

#[test]
fn enclosed_areas_on_random_positions_are_what_a_flood_fill_finds() {
    let mut small = 0;
    for seed in 0..400u64 {
        let size = [7usize, 9, 13][seed as usize % 3];
        let moves = size * size * (40 + (seed as usize * 7) % 40) / 100;
        let b = random_position(size, seed, moves);
        for owner in [1u8, 2u8] {
            for &p in b.empties() {
                let (area, border) = flood(&b, p);
                let want = (area.len() <= NAKADE_MAX && border.iter().all(|&s| s == owner))
                    .then_some(area);
                let mut buf = [Point::new(0); NAKADE_MAX];
                let got = enclosed_area(&b, p, owner, &mut buf)
                    .map(|n| buf[..n].iter().copied().collect::<BTreeSet<_>>());
                if let Some(a) = &got {
                    small += usize::from(a.len() >= 3);
                    // What the shape rule says is the table's answer too.
                    let v = nakade_vital(&b, &buf[..a.len()]);
                    assert!(v.is_none_or(|v| a.contains(&v)));
                }
                assert_eq!(got, want, "at {p:?} for {owner}:\n{}", b.diagram());
            }
        }
    }
    assert!(small >= 50, "only {small} enclosed areas of three or more: the check means little");
}
