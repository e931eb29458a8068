//! The labels against counts written here, independently of the core: MENACE's 304
//! boxes by a plain enumeration of boards, the symmetry classes by brute force over the 8
//! symmetries of the square (written out in menace-testkit), Nim's boxes by a search of its own, and the beads by the
//! presets' numbers.

use std::collections::{BTreeSet, HashSet};

use menace_core::game::Side;
use menace_print::{html, palette, Colours, Drawing, Machine, Sheet};
use menace_testkit::square::symmetries;

fn sheet(machine: Machine, preset: &'static str, colours: Colours) -> Sheet {
    Sheet {
        machine,
        paper: menace_print::Paper::A4,
        preset,
        colours,
        side: Side::First,
        ..Sheet::default()
    }
}

fn won(b: &[u8; 9], m: u8) -> bool {
    const L: [[usize; 3]; 8] =
        [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
    L.iter().any(|l| l.iter().all(|&i| b[i] == m))
}

/// Boards (0 empty, 1 X, 2 O) where X is to move, nobody has won, and X has at least two
/// empty cells, up to symmetry: one per class (the smallest image).
fn menace_boxes() -> HashSet<[u8; 9]> {
    boxes_of(1)
}

/// The same for the mark `me` (1 X, 2 O) to move: MENACE's boxes for either side.
fn boxes_of(me: u8) -> HashSet<[u8; 9]> {
    let syms = symmetries();
    let mut seen = HashSet::new();
    let mut boxes = HashSet::new();
    let mut stack = vec![[0u8; 9]];
    while let Some(b) = stack.pop() {
        if !seen.insert(b) {
            continue;
        }
        let xs = b.iter().filter(|&&v| v == 1).count();
        let os = b.iter().filter(|&&v| v == 2).count();
        if won(&b, 1) || won(&b, 2) {
            continue;
        }
        let mover = if xs == os { 1 } else { 2 };
        let empty: Vec<usize> = (0..9).filter(|&i| b[i] == 0).collect();
        if mover == me && empty.len() >= 2 {
            let canon = syms
                .iter()
                .map(|s| {
                    let mut t = [0u8; 9];
                    for i in 0..9 {
                        t[s[i]] = b[i];
                    }
                    t
                })
                .min()
                .unwrap();
            boxes.insert(canon);
        }
        for i in empty {
            let mut c = b;
            c[i] = mover;
            stack.push(c);
        }
    }
    boxes
}

#[test]
fn menace_playing_second_has_a_label_for_each_of_its_289_boxes() {
    let expected: HashSet<String> = boxes_of(2)
        .iter()
        .map(|b| b.iter().map(|&v| ['.', 'X', 'O'][usize::from(v)]).collect())
        .collect();
    assert_eq!(expected.len(), 289);
    let o = Sheet::default().with_side(Some(Side::Second)).unwrap();
    let labels = o.labels();
    let per_move: Vec<usize> =
        (1..=4).map(|m| labels.iter().filter(|l| l.move_number == m).count()).collect();
    assert_eq!(per_move, [3, 38, 153, 95]);
    // Each label is one class: its drawing's smallest image is one of the expected.
    let syms = symmetries();
    let canon: HashSet<String> = labels
        .iter()
        .map(|l| {
            let b: Vec<char> = l.position.chars().collect();
            syms.iter()
                .map(|s| {
                    let mut t = ['.'; 9];
                    for i in 0..9 {
                        t[s[i]] = b[i];
                    }
                    t.iter().collect::<String>()
                })
                .min_by_key(|t| t.replace('X', "1").replace('O', "2").replace('.', "0"))
                .unwrap()
        })
        .collect();
    assert_eq!(canon, expected);
    assert!(o.html().contains("MENACE playing O (noughts and crosses)"));
    assert!(o.html().contains("its opponent opens every game"));
    let e = Sheet { machine: Machine::Nim, ..Sheet::default() }.with_side(Some(Side::Second));
    assert_eq!(e.unwrap_err(), "side is for machine menace; nim's machine plays its own side");
    assert_eq!(Sheet::from_query("side=second").unwrap(), o);
    assert!(Sheet::from_query("side=third").is_err());
}

#[test]
fn menace_has_a_label_for_each_of_its_304_boxes_numbered_as_the_protocol() {
    let expected = menace_boxes().len();
    assert_eq!(expected, 304);
    for colours in [Colours::Cells, Colours::Symmetry] {
        let labels = sheet(Machine::Menace, "challenge", colours).labels();
        assert_eq!(labels.len(), expected);
        assert!(labels.iter().enumerate().all(|(i, l)| l.number == i));
        // By move number: 1 box, then 12, 108 and 183 (protocol.md).
        let per_move: Vec<usize> =
            (1..=4).map(|m| labels.iter().filter(|l| l.move_number == m).count()).collect();
        assert_eq!(per_move, [1, 12, 108, 183]);
        let distinct: BTreeSet<&str> = labels.iter().map(|l| l.position.as_str()).collect();
        assert_eq!(distinct.len(), expected);
    }
}

#[test]
fn cells_mode_marks_every_empty_cell_in_its_own_fixed_colour() {
    for l in sheet(Machine::Menace, "michie", Colours::Cells).labels() {
        let Drawing::Ttt(board) = l.drawing else { panic!("a tic-tac-toe board") };
        let empty: Vec<usize> = (0..9).filter(|&i| board.empty_mask() >> i & 1 == 1).collect();
        let marked: Vec<usize> = l.beads.iter().map(|b| b.moves[0]).collect();
        assert_eq!(marked, empty, "box {}", l.number);
        for b in &l.beads {
            assert_eq!(b.moves.len(), 1);
            assert_eq!(b.colour, b.moves[0], "cell {} keeps its colour on every box", b.moves[0]);
        }
    }
}

#[test]
fn symmetry_mode_colours_are_the_orbits_of_the_symmetries_that_fix_the_box() {
    let syms = symmetries();
    let labels = sheet(Machine::Menace, "scroggs", Colours::Symmetry).labels();
    let mut shared = 0;
    for l in &labels {
        let cells: Vec<u8> = l
            .position
            .chars()
            .map(|c| match c {
                'X' => 1,
                'O' => 2,
                _ => 0,
            })
            .collect();
        let fixing: Vec<&[usize; 9]> =
            syms.iter().filter(|s| (0..9).all(|i| cells[s[i]] == cells[i])).collect();
        let mut orbits: Vec<BTreeSet<usize>> = Vec::new();
        for i in (0..9).filter(|&i| cells[i] == 0) {
            let orbit: BTreeSet<usize> = fixing.iter().map(|s| s[i]).collect();
            if !orbits.contains(&orbit) {
                orbits.push(orbit);
            }
        }
        let colours: Vec<BTreeSet<usize>> =
            l.beads.iter().map(|b| b.moves.iter().copied().collect()).collect();
        let (mut a, mut b) = (orbits.clone(), colours.clone());
        a.sort();
        b.sort();
        assert_eq!(a, b, "box {} {}", l.number, l.position);
        shared += colours.iter().filter(|c| c.len() > 1).count();
        // Colours are numbered within the box, so they are distinct.
        let used: BTreeSet<usize> = l.beads.iter().map(|b| b.colour).collect();
        assert_eq!(used.len(), l.beads.len());
    }
    assert!(shared >= 50, "many boxes have symmetric cells sharing a colour ({shared})");
    assert_eq!(labels[0].beads.len(), 3, "the empty board: corner, edge, centre");
}

#[test]
fn every_colour_starts_with_the_presets_beads_for_the_boxs_move() {
    let presets =
        [("challenge", [4, 3, 2, 1]), ("michie", [4, 3, 2, 1]), ("scroggs", [8, 4, 2, 1])];
    for (preset, initial) in presets {
        for colours in [Colours::Cells, Colours::Symmetry] {
            for machine in [Machine::Menace, Machine::Hexapawn, Machine::Nim] {
                for l in sheet(machine, preset, colours).labels() {
                    let n = initial[(l.move_number - 1).min(3)];
                    assert!(l.beads.iter().all(|b| b.beads == n), "{preset} box {}", l.number);
                    assert_eq!(l.total_beads(), n * l.beads.len() as u32);
                    assert_eq!(l.counts.iter().sum::<u32>(), l.total_beads());
                }
            }
        }
    }
}

/// Nim 3,4,5 with the machine moving first: positions it meets with two or more moves,
/// found here by a search of its own (Nim has no symmetry to merge).
fn nim_boxes() -> usize {
    let mut seen = HashSet::new();
    let mut stack = vec![([3u8, 4, 5], true)];
    let mut boxes = 0;
    while let Some((rows, first)) = stack.pop() {
        if !seen.insert((rows, first)) {
            continue;
        }
        let moves: u32 = rows.iter().map(|&r| u32::from(r)).sum();
        if first && moves >= 2 {
            boxes += 1;
        }
        for i in 0..3 {
            for take in 1..=rows[i] {
                let mut next = rows;
                next[i] -= take;
                stack.push((next, !first));
            }
        }
    }
    boxes
}

#[test]
fn hexapawn_and_nim_have_a_label_per_box_and_enough_colours() {
    let nim = sheet(Machine::Nim, "challenge", Colours::Cells).labels();
    assert_eq!(nim.len(), nim_boxes());
    // Gardner's HER as the core counts it (crates/core/tests/it/hexapawn.rs: 2 + 9 + 6).
    let hex = sheet(Machine::Hexapawn, "challenge", Colours::Cells).labels();
    assert_eq!(hex.len(), 17);
    for labels in [&nim, &hex] {
        assert!(labels.iter().enumerate().all(|(i, l)| l.number == i));
        let most = labels.iter().map(|l| l.beads.len()).max().unwrap();
        assert!(most <= palette::PALETTE.len(), "{most} colours on one box");
    }
    assert_eq!(nim[0].beads.len(), 12, "the start: 3 + 4 + 5 moves");
    // Hexapawn's mirror: the start is symmetric, so its mirrored moves share colours.
    let sym = sheet(Machine::Hexapawn, "challenge", Colours::Symmetry).labels();
    assert!(sym.iter().zip(&hex).any(|(s, c)| s.beads.len() < c.beads.len()));
    let nim_sym = sheet(Machine::Nim, "challenge", Colours::Symmetry).labels();
    assert_eq!(nim_sym, nim, "Nim has no symmetry: the same labels");
}

#[test]
fn the_page_has_every_label_once_on_the_expected_pages() {
    for machine in [Machine::Menace, Machine::Hexapawn, Machine::Nim] {
        let s = sheet(machine, "challenge", Colours::Cells);
        let page = s.html();
        let n = s.labels().len();
        assert_eq!(page.matches("<div class=\"label\"").count(), n);
        assert_eq!(page.matches("<section class=\"page\">").count(), n.div_ceil(21));
        assert_eq!(html::pages(n), n.div_ceil(21));
        for i in 0..n {
            assert_eq!(page.matches(&format!(">box {i}<")).count(), 1, "box {i}");
        }
        assert!(page.contains("@page { size: A4;"));
    }
    let letter = Sheet { paper: menace_print::Paper::Letter, ..Sheet::default() };
    assert!(letter.html().contains("@page { size: Letter;"));
}

#[test]
fn the_shopping_list_counts_the_beads_the_boxes_start_with() {
    for machine in [Machine::Menace, Machine::Hexapawn, Machine::Nim] {
        for preset in menace_core::menace::PRESETS {
            let s = sheet(machine, preset.name, Colours::Cells);
            let labels = s.labels();
            let by = html::beads_by_colour(&labels);
            let total: u64 = labels.iter().map(|l| u64::from(l.total_beads())).sum();
            assert_eq!(by.iter().sum::<u64>(), total, "{machine:?} {}", preset.name);
            let page = s.html();
            for (i, c) in
                menace_print::palette::PALETTE.iter().enumerate().filter(|&(i, _)| by[i] > 0)
            {
                let row = format!(
                    "data-colour=\"{}\" data-start=\"{}\" data-buy=\"{}\"",
                    c.letter,
                    by[i],
                    html::to_buy(by[i])
                );
                assert!(page.contains(&row), "{machine:?} {}: no row {row}", preset.name);
            }
        }
    }
    // MENACE's second machine (O, 289 boxes) has its own list.
    let second = Sheet::default().with_side(Some(menace_core::game::Side::Second)).unwrap();
    let labels = second.labels();
    let by = html::beads_by_colour(&labels);
    assert_eq!(labels.len(), 289);
    assert_eq!(
        by.iter().sum::<u64>(),
        labels.iter().map(|l| u64::from(l.total_beads())).sum::<u64>()
    );
    assert!(second.html().contains(&format!("data-start=\"{}\"", by[0])));
    // The margin: a quarter more, at least ten more, nothing for a colour not used.
    assert_eq!(html::to_buy(0), 0);
    assert_eq!(html::to_buy(8), 18);
    assert_eq!(html::to_buy(400), 500);
    // MENACE's first box under the challenge's rules: 4 beads of each of nine colours.
    let menace = sheet(Machine::Menace, "challenge", Colours::Cells).labels();
    assert_eq!(menace[0].total_beads(), 36);
}

#[test]
fn a_sheet_in_another_language_keeps_its_drawings_and_numbers() {
    let en = Sheet::default();
    let ru = Sheet::default().in_language("ru").unwrap();
    let (a, b) = (en.html(), ru.html());
    // Every data attribute (box, position, beads; the shopping list's colours) with its
    // value: the same in both languages.
    let data = |p: &str| -> Vec<String> {
        p.split(" data-")
            .skip(1)
            .map(|s| {
                let value = &s[s.find('"').unwrap() + 1..];
                format!("{}={}", &s[..s.find('=').unwrap()], &value[..value.find('"').unwrap()])
            })
            .collect()
    };
    assert_eq!(data(&a), data(&b), "the same labels, box for box");
    assert!(b.contains("<html lang=\"ru\">") && b.contains("коробок 0<"));
    assert!(Sheet::default().in_language("xx").unwrap_err().contains("en, hi, pt, ru, bn"));
    assert_eq!(Sheet::from_query("lang=bn").unwrap().lang, "bn");
}

/// The key's sentence under the heading ends as its language ends a sentence: "।" in Hindi
/// and Bengali, "." elsewhere.
#[test]
fn the_key_sentence_ends_with_its_languages_full_stop() {
    for (lang, stop) in [("en", "."), ("pt", "."), ("ru", "."), ("hi", "।"), ("bn", "।")] {
        let page = Sheet::default().in_language(lang).unwrap().html();
        let after = &page[page.find("</h1><p>").expect("the key's sentence") + 8..];
        let sentence = &after[..after.find("</p>").unwrap()];
        assert!(sentence.ends_with(stop), "{lang}: {sentence}");
        assert!(!sentence.ends_with(".।") && !sentence.ends_with("।."), "{lang}: {sentence}");
    }
}
