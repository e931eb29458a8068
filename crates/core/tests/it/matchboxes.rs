//! The 304 matchboxes, checked against an enumeration that shares no code with the one in
//! `menace_core::menace`: all 3^9 boards, filtered by counting marks, grouped by orbit under
//! the 8 symmetries written out here from scratch.

use std::collections::{BTreeMap, BTreeSet};

use menace_core::game::{Game, Side};
use menace_core::menace::{BeadRules, Choice, EmptyBox, GameResult, Matchboxes};
use menace_core::ttt::{Board, Cell, Mark, TicTacToe, TRANSFORMS};
use menace_stats::rng::from_seed;

/// A board as 9 chars, from a base-3 number (digit 0 empty, 1 X, 2 O).
fn board_from_number(mut n: u32) -> [u8; 9] {
    let mut cells = [b'.'; 9];
    for c in cells.iter_mut() {
        *c = [b'.', b'X', b'O'][(n % 3) as usize];
        n /= 3;
    }
    cells
}

fn lines_of(cells: &[u8; 9], mark: u8) -> bool {
    const L: [[usize; 3]; 8] =
        [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
    L.iter().any(|l| l.iter().all(|&i| cells[i] == mark))
}

/// The 8 images of a board, by rotating (r,c) -> (c, 2-r) and mirroring (r,c) -> (r, 2-c).
fn orbit(cells: &[u8; 9]) -> BTreeSet<[u8; 9]> {
    let rotate = |b: &[u8; 9]| -> [u8; 9] {
        let mut out = [b'.'; 9];
        for r in 0..3 {
            for c in 0..3 {
                out[c * 3 + (2 - r)] = b[r * 3 + c];
            }
        }
        out
    };
    let mirror = |b: &[u8; 9]| -> [u8; 9] {
        let mut out = [b'.'; 9];
        for r in 0..3 {
            for c in 0..3 {
                out[r * 3 + (2 - c)] = b[r * 3 + c];
            }
        }
        out
    };
    let mut set = BTreeSet::new();
    let mut b = *cells;
    for _ in 0..4 {
        set.insert(b);
        set.insert(mirror(&b));
        b = rotate(&b);
    }
    set
}

/// Orbits (each as its smallest member) of positions with X to move, no line, at least
/// two empty cells, keyed by number of pieces.
fn independent_boxes() -> BTreeMap<usize, BTreeSet<[u8; 9]>> {
    let mut by_pieces: BTreeMap<usize, BTreeSet<[u8; 9]>> = BTreeMap::new();
    for n in 0..3u32.pow(9) {
        let cells = board_from_number(n);
        let xs = cells.iter().filter(|&&c| c == b'X').count();
        let os = cells.iter().filter(|&&c| c == b'O').count();
        let empty = 9 - xs - os;
        if xs != os || empty < 2 || lines_of(&cells, b'X') || lines_of(&cells, b'O') {
            continue;
        }
        let rep = *orbit(&cells).iter().next().unwrap();
        by_pieces.entry(xs + os).or_default().insert(rep);
    }
    by_pieces
}

fn cells_of(board: Board) -> [u8; 9] {
    board.to_string().as_bytes().try_into().unwrap()
}

fn machine() -> Matchboxes<TicTacToe> {
    Matchboxes::new(TicTacToe, Side::First, BeadRules::challenge())
}

#[test]
fn there_are_304_boxes_split_1_12_108_183() {
    let m = machine();
    assert_eq!(m.len(), 304);
    let mut per_stage = [0; 4];
    for b in 0..m.len() {
        let pieces = m.position(b).pieces() as usize;
        assert_eq!(pieces, 2 * m.stage(b));
        per_stage[m.stage(b)] += 1;
    }
    assert_eq!(per_stage, [1, 12, 108, 183]);

    let independent = independent_boxes();
    let counts: Vec<usize> = independent.values().map(BTreeSet::len).collect();
    assert_eq!(counts, [1, 12, 108, 183]);
}

#[test]
fn the_boxes_are_exactly_the_independent_orbits() {
    let m = machine();
    let ours: BTreeSet<[u8; 9]> =
        (0..m.len()).map(|b| *orbit(&cells_of(m.position(b))).iter().next().unwrap()).collect();
    let theirs: BTreeSet<[u8; 9]> = independent_boxes().into_values().flatten().collect();
    assert_eq!(ours.len(), 304, "two boxes share a symmetry class");
    assert_eq!(ours, theirs);
}

/// Every game X and O can play, depth first; calls `visit` on each position with X to move.
fn every_x_position(board: Board, visit: &mut impl FnMut(Board)) {
    if board.is_over() {
        return;
    }
    if board.to_move() == Mark::X {
        visit(board);
    }
    for cell in board.empty_cells() {
        every_x_position(board.with(cell, board.to_move()), visit);
    }
}

#[test]
fn every_position_met_in_play_maps_to_exactly_one_box() {
    let m = machine();
    let mut visited = 0u64;
    let mut forced = 0u64;
    every_x_position(Board::EMPTY, &mut |real| {
        visited += 1;
        let empties = real.empty_mask().count_ones();
        if empties < 2 {
            forced += 1;
            assert_eq!(m.box_of(real), None);
            return;
        }
        let images = orbit(&cells_of(real));
        let matching: Vec<usize> =
            (0..m.len()).filter(|&b| images.contains(&cells_of(m.position(b)))).collect();
        assert_eq!(matching.len(), 1, "{real}");
        let (b, sym) = m.box_of(real).expect("a box");
        assert_eq!(b, matching[0]);
        assert_eq!(TRANSFORMS[usize::from(sym)].board(real), m.position(b));
    });
    // 4,520 X-to-move positions over all move orders (counted with multiplicity).
    assert!(visited > 100_000, "{visited}");
    assert!(forced > 0);
}

#[test]
fn new_boxes_hold_beads_by_stage_on_legal_cells_only() {
    // Every legal cell gets beads with every colour (Scroggs's preset has one colour per
    // symmetry class: `bead_colours.rs` checks that).
    let every =
        BeadRules { colours: menace_core::menace::BeadColours::EveryMove, ..BeadRules::scroggs() };
    for rules in [BeadRules::challenge(), every] {
        let m = Matchboxes::new(TicTacToe, Side::First, rules.clone());
        for b in 0..m.len() {
            let pos = m.position(b);
            for cell in Cell::ALL {
                let want = if pos.get(cell).is_none() { rules.initial[m.stage(b)] } else { 0 };
                assert_eq!(m.beads(b)[cell.index()], want, "box {b} {pos} {cell}");
            }
        }
        // The first box: the empty board, 9 legal cells.
        assert_eq!(m.beads(0), [rules.initial[0]; 9]);
    }
}

/// Plays one game with MENACE as X against a fixed list of O moves (skipping taken
/// cells), returning the boxes used and the result.
fn play(m: &mut Matchboxes<TicTacToe>, seed: u64, o_moves: &[usize]) -> (Vec<usize>, GameResult) {
    let mut rng = from_seed(seed);
    let mut board = Board::EMPTY;
    let mut used = Vec::new();
    let mut o = o_moves.iter().copied();
    loop {
        match m.choose(board, &mut rng).expect("X to move") {
            Choice::Drew { mv, box_index, .. } => {
                used.push(box_index);
                board = board.with(Cell::ALL[mv], Mark::X);
            }
            Choice::Forced(mv) => board = board.with(Cell::ALL[mv], Mark::X),
            Choice::Resign { .. } => return (used, GameResult::Loss),
        }
        if let Some(out) = TicTacToe.outcome(board) {
            return (used, GameResult::for_side(out, Side::First));
        }
        let cell = o.find(|&c| board.get(Cell::ALL[c]).is_none()).expect("an O move");
        board = board.with(Cell::ALL[cell], Mark::O);
        if let Some(out) = TicTacToe.outcome(board) {
            return (used, GameResult::for_side(out, Side::First));
        }
    }
}

#[test]
fn a_drawn_bead_stays_out_until_the_game_ends_then_the_result_applies() {
    for (rules, seed) in [(BeadRules::challenge(), 1), (BeadRules::michie(), 2)] {
        for result in [GameResult::Win, GameResult::Draw, GameResult::Loss] {
            let mut m = Matchboxes::new(TicTacToe, Side::First, rules.clone());
            let before: Vec<Vec<u32>> = (0..m.len()).map(|b| m.beads(b).to_vec()).collect();
            let (used, _) = play(&mut m, seed, &[0, 1, 2, 3, 4, 5, 6, 7, 8]);
            let out: Vec<(usize, usize)> = m.beads_out().collect();
            assert_eq!(out.iter().map(|&(b, _)| b).collect::<Vec<_>>(), used);
            for &(b, bead) in &out {
                assert_eq!(m.beads(b)[bead] + 1, before[b][bead], "taken out while playing");
            }
            m.learn(result);
            let delta = match result {
                GameResult::Win => rules.win,
                GameResult::Draw => rules.draw,
                GameResult::Loss => rules.loss,
            };
            for (b, was) in before.iter().enumerate() {
                let mut want = was.clone();
                for &(ob, bead) in &out {
                    if ob == b {
                        want[bead] = (want[bead] as i32 + delta).max(0) as u32;
                    }
                }
                assert_eq!(m.beads(b), want, "box {b} after {result:?}");
            }
            assert_eq!(m.beads_out().count(), 0);
        }
    }
}

#[test]
fn an_empty_box_is_refilled_with_three_random_legal_beads_or_resigns() {
    let mut m = machine();
    let b0 = 0;
    m.set_beads(b0, &[0; 9]).unwrap();
    let mut rng = from_seed(7);
    let choice = m.choose(Board::EMPTY, &mut rng).unwrap();
    let Choice::Drew { refilled, bead, .. } = choice else { panic!("{choice:?}") };
    assert_eq!(refilled, 3);
    assert_eq!(m.beads(b0).iter().sum::<u32>(), 2, "three in, one drawn");
    m.learn(GameResult::Win);
    assert_eq!(m.beads(b0).iter().sum::<u32>(), 4);
    assert!(m.beads(b0)[bead] >= 2);

    // Refill only ever adds legal beads: an X-to-move box with two marks.
    let mut m = machine();
    let pos = Board::parse("XO.......").unwrap();
    let (b, _) = m.box_of(pos).unwrap();
    m.set_beads(b, &[0; 9]).unwrap();
    for seed in 0..50 {
        let mut rng = from_seed(seed);
        m.choose(m.position(b), &mut rng);
        m.put_back();
        let drawing = m.position(b);
        for cell in Cell::ALL {
            if drawing.get(cell).is_some() {
                assert_eq!(m.beads(b)[cell.index()], 0);
            }
        }
        m.set_beads(b, &[0; 9]).unwrap();
    }

    let mut m = Matchboxes::new(TicTacToe, Side::First, BeadRules::scroggs());
    assert_eq!(m.rules().empty, EmptyBox::Resign);
    m.set_beads(0, &[0; 9]).unwrap();
    assert_eq!(m.choose(Board::EMPTY, &mut from_seed(1)), Some(Choice::Resign { box_index: 0 }));
}

#[test]
fn beads_are_drawn_in_proportion_to_their_counts() {
    let mut m = machine();
    let mut beads = [0u32; 9];
    beads[0] = 1;
    beads[4] = 3;
    m.set_beads(0, &beads).unwrap();
    let mut rng = from_seed(42);
    let mut hits = [0u32; 9];
    for _ in 0..40_000 {
        let Some(Choice::Drew { bead, .. }) = m.choose(Board::EMPTY, &mut rng) else { panic!() };
        hits[bead] += 1;
        m.put_back();
    }
    assert_eq!(hits.iter().sum::<u32>(), 40_000);
    assert_eq!(hits[0] + hits[4], 40_000, "only cells with beads");
    let share = f64::from(hits[4]) / 40_000.0;
    assert!((share - 0.75).abs() < 0.01, "{share}");
}

#[test]
fn the_last_empty_cell_is_a_forced_move_without_a_box() {
    let mut m = machine();
    let board = Board::parse("XOXXOOOX.").unwrap();
    assert_eq!(m.box_of(board), None);
    assert_eq!(m.choose(board, &mut from_seed(0)), Some(Choice::Forced(8)));
    assert_eq!(m.beads_out().count(), 0);
    // Not MENACE's turn, or the game is over: nothing to do.
    assert_eq!(m.choose(Board::parse("X........").unwrap(), &mut from_seed(0)), None);
    assert_eq!(m.choose(Board::parse("XXXOO....").unwrap(), &mut from_seed(0)), None);
}

#[test]
fn bead_cells_map_back_to_the_real_board_through_the_symmetry() {
    // MENACE's move on a real board is always legal and is the bead's cell moved by the
    // inverse of the transform that turned the real board into the drawing.
    let mut m = machine();
    let mut n = 0;
    every_x_position(Board::EMPTY, &mut |real| {
        n += 1;
        if n % 7 != 0 {
            return;
        }
        let Some((b, sym)) = m.box_of(real) else { return };
        if let Some(Choice::Drew { mv, bead, box_index, .. }) = m.choose(real, &mut from_seed(n)) {
            assert_eq!(box_index, b);
            assert!(real.get(Cell::ALL[mv]).is_none());
            assert_eq!(TRANSFORMS[usize::from(sym)].cell(Cell::ALL[mv]), Cell::ALL[bead]);
            m.put_back();
        }
    });
}

/// The second machine's boxes, found by a walk of its own: every board reachable by
/// legal play from the empty board (cells as bytes, lines checked by `lines_of`), kept
/// when O is to move, nobody has a line and at least two cells are empty; each orbit
/// under the 8 symmetries (this file's `orbit`) once, keyed by O's move number (0-based).
fn independent_o_boxes() -> BTreeMap<usize, BTreeSet<[u8; 9]>> {
    fn walk(
        cells: [u8; 9],
        seen: &mut BTreeSet<[u8; 9]>,
        out: &mut BTreeMap<usize, BTreeSet<[u8; 9]>>,
    ) {
        if !seen.insert(cells) || lines_of(&cells, b'X') || lines_of(&cells, b'O') {
            return;
        }
        let pieces = cells.iter().filter(|&&c| c != b'.').count();
        let mark = if pieces % 2 == 0 { b'X' } else { b'O' };
        if mark == b'O' && 9 - pieces >= 2 {
            out.entry(pieces / 2).or_default().insert(*orbit(&cells).iter().next().unwrap());
        }
        for i in 0..9 {
            if cells[i] == b'.' {
                let mut next = cells;
                next[i] = mark;
                walk(next, seen, out);
            }
        }
    }
    let mut out = BTreeMap::new();
    walk([b'.'; 9], &mut BTreeSet::new(), &mut out);
    out
}

#[test]
fn menace_playing_second_has_289_boxes_split_3_38_153_95() {
    let m = Matchboxes::new(TicTacToe, Side::Second, BeadRules::challenge());
    let independent = independent_o_boxes();
    let counts: Vec<usize> = independent.values().map(BTreeSet::len).collect();
    assert_eq!(counts, [3, 38, 153, 95]);
    assert_eq!(m.len(), 289);
    let mut per_stage = [0; 4];
    for b in 0..m.len() {
        assert_eq!(m.position(b).pieces() as usize, 2 * m.stage(b) + 1);
        assert_eq!(m.position(b).to_move(), Mark::O);
        per_stage[m.stage(b)] += 1;
    }
    assert_eq!(per_stage, [3, 38, 153, 95]);
    let ours: BTreeSet<[u8; 9]> =
        (0..m.len()).map(|b| *orbit(&cells_of(m.position(b))).iter().next().unwrap()).collect();
    assert_eq!(ours.len(), 289, "two boxes share a symmetry class");
    assert_eq!(ours, independent.into_values().flatten().collect());
}
