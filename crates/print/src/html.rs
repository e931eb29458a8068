//! The labels as one HTML page: inline CSS, one SVG board per label, `@page` sized to
//! the paper, [`PER_PAGE`] labels of [`LABEL_MM`] per page under a colour key.
//!
//! Every label carries its box number, position and bead counts as `data-` attributes too,
//! so tests (and anyone curious) can check them against the protocol's `dump`.

use std::fmt::Write;

use menace_core::game::{Game, Side};
use menace_core::hexapawn::{HexPos, Hexapawn};
use menace_core::nim::{Nim, NimPos};
use menace_core::ttt::{Board, Cell, Mark};

use crate::label::{Drawing, Label};
use crate::palette::{colour, Colour, PALETTE};
use crate::words::{Arg, Words};
use crate::{Colours, Machine, Sheet};

/// A label's size in millimetres: it fits inside a standard matchbox top (about
/// 52 x 36 mm) with a millimetre to spare on each side.
pub const LABEL_MM: (u32, u32) = (50, 34);
/// Labels across a page.
pub const COLUMNS: usize = 3;
/// Rows of labels on a page (7 x 34 mm, under the key, fit both A4 and Letter with
/// 10 mm margins).
pub const ROWS: usize = 7;
/// Labels on one page.
pub const PER_PAGE: usize = COLUMNS * ROWS;

/// Pages for `labels` labels.
pub fn pages(labels: usize) -> usize {
    labels.div_ceil(PER_PAGE).max(1)
}

/// The board drawing's side in millimetres (the SVG's user unit is the millimetre).
const BOARD: f64 = 28.0;

const CSS: &str = "
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body { font-family: 'DejaVu Sans', 'Liberation Sans', 'Noto Sans', 'Noto Sans Devanagari',
  'Noto Sans Bengali', Arial, sans-serif; color: #000;
  -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.page { width: 150mm; margin: 0 auto; }
.page + .page { break-before: page; }
.key { height: 20mm; margin-bottom: 1mm; font-size: 2.05mm; line-height: 1.15;
  display: flex; gap: 2mm; align-items: flex-start; overflow: hidden; }
.key .text { flex: 1; }
.key h1 { font-size: 3.1mm; margin: 0 0 0.5mm 0; }
.key p { margin: 0.4mm 0; }
.swatches { display: flex; flex-wrap: wrap; gap: 0.2mm 1.3mm; margin: 0.4mm 0; font-size: 1.9mm; }
.swatch { display: inline-flex; align-items: center; gap: 0.6mm; }
.labels { display: grid; grid-template-columns: repeat(3, 50mm); grid-auto-rows: 34mm; }
.label { border: 0.2mm dashed #888; display: flex; align-items: center; padding: 1mm;
  gap: 1mm; break-inside: avoid; }
.label svg.board { flex: none; }
.info { width: 19mm; font-size: 2.5mm; line-height: 1.2; }
.info .no { font-size: 3.6mm; font-weight: bold; margin-bottom: 1mm; overflow-wrap: anywhere; }
.info p { margin: 0.5mm 0; }
.build { font-size: 3.4mm; line-height: 1.35; }
.build h1 { font-size: 5mm; margin: 0 0 2mm 0; }
.build h2 { font-size: 4mm; margin: 4mm 0 1.5mm 0; }
.build table { border-collapse: collapse; }
.build th, .build td { border-bottom: 0.2mm solid #888; padding: 0.6mm 2mm; text-align: left; }
.build td.n { text-align: right; }
.build ol { padding-left: 6mm; }
.build li { margin: 1mm 0; }
";

/// The whole page for `labels` (as [`crate::label::labels`] made them for `sheet`), in
/// the language of `t`, which gives every word and number on it.
pub fn page(sheet: &Sheet, labels: &[Label], t: &dyn Words) -> String {
    let total = pages(labels.len());
    let used = labels.iter().flat_map(|l| &l.beads).map(|b| b.colour + 1).max().unwrap_or(0);
    let mut out = String::new();
    let machine = machine_name(t, sheet);
    let title = t.text("print-title", &[("machine", Arg::from(machine.clone()))]);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\">\
         <title>{}</title><style>@page {{ size: {}; margin: 10mm; }}{CSS}</style></head><body>\n",
        esc(&t.lang()),
        esc(&title),
        sheet.paper.css_size()
    );
    for (i, chunk) in labels.chunks(PER_PAGE).enumerate() {
        out.push_str("<section class=\"page\">\n");
        key(&mut out, t, sheet, labels.len(), used, (i + 1, total + 1));
        out.push_str("<div class=\"labels\">\n");
        for l in chunk {
            label(&mut out, t, l);
        }
        out.push_str("</div></section>\n");
    }
    build_page(&mut out, t, sheet, labels, used);
    out.push_str("</body></html>\n");
    out
}

/// The machine's name in the sheet's language (MENACE's second machine says so).
fn machine_name(t: &dyn Words, sheet: &Sheet) -> String {
    t.get(match sheet.machine {
        Machine::Menace if sheet.side == Side::Second => "print-machine-menace-second",
        Machine::Menace => "print-machine-menace",
        Machine::Hexapawn => "print-machine-hexapawn",
        Machine::Nim => "print-machine-nim",
    })
}

/// A bead colour's name in the sheet's language (its letter stays the palette's, as the
/// markers print it).
fn colour_name(t: &dyn Words, c: &Colour) -> String {
    t.get(match c.name {
        "red" => "print-colour-red",
        "amber" => "print-colour-amber",
        "yellow" => "print-colour-yellow",
        "green" => "print-colour-green",
        "blue" => "print-colour-blue",
        "purple" => "print-colour-purple",
        "pink" => "print-colour-pink",
        "brown" => "print-colour-brown",
        "silver" => "print-colour-silver",
        "cyan" => "print-colour-cyan",
        "lime" => "print-colour-lime",
        _ => "print-colour-magenta",
    })
}

/// The bead rules in words: initial beads, the reward and the empty-box rule.
fn rules_text(t: &dyn Words, sheet: &Sheet) -> String {
    let rules = sheet.rules();
    let initial: Vec<String> = rules.initial.iter().map(u32::to_string).collect();
    let empty = match rules.empty {
        menace_core::menace::EmptyBox::Resign => t.get("print-empty-resign"),
        menace_core::menace::EmptyBox::Refill(n) => {
            t.text("print-empty-refill", &[("count", Arg::from(n))])
        }
    };
    t.text(
        "print-rules",
        &[
            ("preset", Arg::from(t.get(&format!("preset-{}", sheet.preset)))),
            ("initial", Arg::from(initial.join("/"))),
            ("reward", Arg::from(format!("{:+}/{:+}/{:+}", rules.win, rules.draw, rules.loss))),
            ("empty", Arg::from(empty)),
        ],
    )
}

/// Beads of each palette colour the machine's boxes start with (index: palette colour).
pub fn beads_by_colour(labels: &[Label]) -> Vec<u64> {
    let mut n = vec![0u64; PALETTE.len()];
    for b in labels.iter().flat_map(|l| &l.beads) {
        n[b.colour % PALETTE.len()] += u64::from(b.beads);
    }
    n
}

/// Beads to buy of a colour the boxes start with `need` of: a quarter more, and at least
/// 10 more, for the refills of empty boxes and the beads won games add.
pub fn to_buy(need: u64) -> u64 {
    if need == 0 {
        0
    } else {
        need + need.div_ceil(4).max(10)
    }
}

/// The last page: the beads to buy, colour by colour, and how to build and play it.
fn build_page(out: &mut String, t: &dyn Words, sheet: &Sheet, labels: &[Label], used: usize) {
    let machine = machine_name(t, sheet);
    let n = |x: u64| Arg::from(x);
    let _ = write!(
        out,
        "<section class=\"page build\"><h1>{}</h1><p>{}</p><h2>{}</h2><table><tr><th>{}</th><th>{}</th><th>{}</th></tr>",
        esc(&t.text("print-build-title", &[("machine", Arg::from(machine))])),
        esc(&rules_text(t, sheet)),
        esc(&t.get("print-build-shopping")),
        esc(&t.get("print-build-col-colour")),
        esc(&t.get("print-build-col-start")),
        esc(&t.get("print-build-col-buy")),
    );
    let need = beads_by_colour(labels);
    for (i, c) in PALETTE.iter().enumerate().take(used) {
        let _ = write!(
            out,
            "<tr data-colour=\"{}\" data-start=\"{}\" data-buy=\"{}\"><td>{} {}</td><td class=\"n\">{}</td><td class=\"n\">{}</td></tr>",
            c.letter,
            need[i],
            to_buy(need[i]),
            marker_svg(i, 3.4),
            esc(&colour_name(t, c)),
            esc(&t.number(need[i])),
            esc(&t.number(to_buy(need[i]))),
        );
    }
    let total: u64 = need.iter().sum();
    let buy: u64 = need.iter().map(|&x| to_buy(x)).sum();
    let _ = write!(
        out,
        "</table><p>{}</p><p>{}</p><p>{}</p><h2>{}</h2><ol>",
        esc(&t.text(
            "print-build-total",
            &[("boxes", n(labels.len() as u64)), ("beads", n(total)), ("buy", n(buy))]
        )),
        esc(&t.get("print-build-margin")),
        esc(&t.get("print-build-numbers")),
        esc(&t.get("print-build-steps")),
    );
    let rules = sheet.rules();
    let unit = if sheet.machine == Machine::Menace { "print-unit-cell" } else { "print-unit-move" };
    let steps = [
        t.get("print-build-step-cut"),
        t.text("print-build-step-glue", &[("boxes", n(labels.len() as u64))]),
        t.get("print-build-step-sort"),
        t.text("print-build-step-fill", &[("unit", Arg::from(t.get(unit)))]),
        t.get("print-build-step-rows"),
        t.get("print-build-step-play"),
        t.text(
            "print-build-step-learn",
            &[
                ("win", Arg::from(format!("{:+}", rules.win))),
                ("draw", Arg::from(format!("{:+}", rules.draw))),
                ("loss", Arg::from(format!("{:+}", rules.loss))),
            ],
        ),
    ];
    for step in steps {
        let _ = write!(out, "<li>{}</li>", esc(&step));
    }
    let _ = write!(out, "</ol><h2>{}</h2><div class=\"swatches\">", esc(&t.get("print-build-key")));
    for (i, c) in PALETTE.iter().enumerate().take(used) {
        let _ = write!(
            out,
            "<span class=\"swatch\">{}{} = {}</span>",
            marker_svg(i, 4.0),
            c.letter,
            esc(&colour_name(t, c))
        );
    }
    out.push_str("</div></section>\n");
}

/// The key at the top of a page: what is printed, the rules, and the colours.
fn key(
    out: &mut String,
    t: &dyn Words,
    sheet: &Sheet,
    labels: usize,
    used: usize,
    (page, pages): (usize, usize),
) {
    out.push_str("<header class=\"key\">");
    if sheet.machine == Machine::Menace && sheet.colours == Colours::Cells {
        // Michie's key: which colour belongs to which cell, on every box.
        let markers: Vec<(usize, usize)> = (0..9).map(|c| (c, c)).collect();
        out.push_str(&ttt_svg(Board::EMPTY, &markers, 16.0));
    }
    let n = |x: usize| Arg::from(x as u64);
    let _ = write!(
        out,
        "<div class=\"text\"><h1>{}</h1><p>{}</p><div class=\"swatches\">",
        esc(&t.text(
            "print-key-heading",
            &[
                ("machine", Arg::from(machine_name(t, sheet))),
                ("boxes", n(labels)),
                ("page", n(page)),
                ("pages", n(pages)),
            ]
        )),
        // One sentence, punctuated by its language (Hindi and Bengali end with "।").
        esc(&t.text(
            "print-key-line",
            &[
                ("rules", Arg::from(rules_text(t, sheet))),
                ("colours", Arg::from(t.get(sheet.colours_message()))),
            ]
        ))
    );
    for (i, c) in PALETTE.iter().enumerate().take(used) {
        let _ = write!(
            out,
            "<span class=\"swatch\">{}{}</span>",
            marker_svg(i, 3.4),
            esc(&colour_name(t, c))
        );
    }
    let unit = if sheet.machine == Machine::Menace { "print-unit-cell" } else { "print-unit-move" };
    let _ = write!(
        out,
        "</div><p>{} {}</p></div>",
        esc(&t.text("print-key-fill", &[("unit", Arg::from(t.get(unit)))])),
        esc(&t.get(match sheet.machine {
            Machine::Menace if sheet.side == Side::Second => "print-key-menace-second",
            Machine::Menace => "print-key-menace",
            Machine::Hexapawn => "print-key-hexapawn",
            Machine::Nim => "print-key-nim",
        }))
    );
    out.push_str("</header>\n");
}

fn label(out: &mut String, t: &dyn Words, l: &Label) {
    let counts: Vec<String> = l.counts.iter().map(u32::to_string).collect();
    let _ = write!(
        out,
        "<div class=\"label\" data-box=\"{}\" data-position=\"{}\" data-beads=\"{}\">",
        l.number,
        esc(&l.position),
        counts.join(",")
    );
    let markers: Vec<(usize, usize)> =
        l.beads.iter().flat_map(|b| b.moves.iter().map(move |&m| (m, b.colour))).collect();
    out.push_str(&match &l.drawing {
        Drawing::Ttt(board) => ttt_svg(*board, &markers, BOARD),
        Drawing::Hexapawn(p) => hexapawn_svg(*p, &markers),
        Drawing::Nim(game, p) => nim_svg(*game, *p, &markers),
    });
    let first = l.beads.first().map_or(0, |b| b.beads);
    let each = if l.beads.iter().all(|b| b.beads == first) {
        t.text("print-label-each", &[("count", Arg::from(first))])
    } else {
        let parts: Vec<String> = l
            .beads
            .iter()
            .map(|b| format!("{}\u{00d7}{}", colour(b.colour).letter, b.beads))
            .collect();
        parts.join(" ")
    };
    let n = |x: usize| Arg::from(x as u64);
    let _ = writeln!(
        out,
        "<div class=\"info\"><div class=\"no\">{}</div><p>{}</p><p>{}</p><p>{}</p></div></div>",
        esc(&t.text("print-label-box", &[("box", n(l.number))])),
        esc(&t.text("print-label-move", &[("move", n(l.move_number))])),
        esc(&each),
        esc(&t.text(
            "print-label-colours",
            &[("colours", n(l.beads.len())), ("beads", Arg::from(l.total_beads()))]
        )),
    );
}

/// A round marker of palette colour `i` with its letter, centred at (`x`, `y`), radius `r`.
fn marker(x: f64, y: f64, r: f64, i: usize) -> String {
    let c = colour(i);
    format!(
        "<circle cx=\"{x:.2}\" cy=\"{y:.2}\" r=\"{r:.2}\" fill=\"{}\" stroke=\"#000\" \
         stroke-width=\"0.2\"/><text x=\"{x:.2}\" y=\"{:.2}\" font-size=\"{:.2}\" \
         font-weight=\"bold\" text-anchor=\"middle\" fill=\"{}\">{}</text>",
        c.fill,
        y + r * 0.42,
        r * 1.2,
        c.ink,
        c.letter
    )
}

/// A marker on its own (the key's swatches), `mm` across.
fn marker_svg(i: usize, mm: f64) -> String {
    let r = mm / 2.0;
    format!(
        "<svg width=\"{mm}mm\" height=\"{mm}mm\" viewBox=\"0 0 {mm} {mm}\">{}</svg>",
        marker(r, r, r - 0.15, i)
    )
}

fn svg_open(side: f64) -> String {
    format!(
        "<svg class=\"board\" width=\"{side}mm\" height=\"{side}mm\" viewBox=\"0 0 {side} {side}\" \
         xmlns=\"http://www.w3.org/2000/svg\">"
    )
}

/// A tic-tac-toe board `side` mm across, with a marker of colour `c` in each cell `m` of
/// `markers` (`(cell, colour)`).
fn ttt_svg(board: Board, markers: &[(usize, usize)], side: f64) -> String {
    let s = side / 3.0;
    let mut svg = svg_open(side);
    for k in 1..3 {
        let v = s * f64::from(k);
        let _ = write!(
            svg,
            "<path d=\"M{v:.2} 0.5V{e:.2}M0.5 {v:.2}H{e:.2}\" stroke=\"#000\" stroke-width=\"0.45\"/>",
            e = side - 0.5
        );
    }
    for cell in Cell::ALL {
        let (x, y) = ((cell.col() as f64 + 0.5) * s, (cell.row() as f64 + 0.5) * s);
        let d = s * 0.3;
        match board.get(cell) {
            Some(Mark::X) => {
                let _ = write!(
                    svg,
                    "<path d=\"M{:.2} {:.2}L{:.2} {:.2}M{:.2} {:.2}L{:.2} {:.2}\" stroke=\"#000\" \
                     stroke-width=\"0.8\" stroke-linecap=\"round\"/>",
                    x - d,
                    y - d,
                    x + d,
                    y + d,
                    x + d,
                    y - d,
                    x - d,
                    y + d
                );
            }
            Some(Mark::O) => {
                let _ = write!(
                    svg,
                    "<circle cx=\"{x:.2}\" cy=\"{y:.2}\" r=\"{d:.2}\" fill=\"none\" stroke=\"#000\" \
                     stroke-width=\"0.8\"/>"
                );
            }
            None => {
                if let Some(&(_, c)) = markers.iter().find(|&&(m, _)| m == cell.index()) {
                    svg.push_str(&marker(x, y, s * 0.36, c));
                }
            }
        }
    }
    svg.push_str("</svg>");
    svg
}

/// A Hexapawn board, rank 3 at the top: white pawns open circles, black pawns filled,
/// each move an arrow in its bead's colour with the marker half-way along.
fn hexapawn_svg(p: HexPos, markers: &[(usize, usize)]) -> String {
    let s = BOARD / 3.0;
    let centre = |sq: usize| ((sq % 3) as f64 * s + s / 2.0, (2 - sq / 3) as f64 * s + s / 2.0);
    let mut svg = svg_open(BOARD);
    for sq in 0..9 {
        let (x, y) = centre(sq);
        let shade = if (sq / 3 + sq % 3) % 2 == 0 { "#e4e4e4" } else { "#fff" };
        let _ = write!(
            svg,
            "<rect x=\"{:.2}\" y=\"{:.2}\" width=\"{s:.2}\" height=\"{s:.2}\" fill=\"{shade}\" \
             stroke=\"#000\" stroke-width=\"0.3\"/>",
            x - s / 2.0,
            y - s / 2.0
        );
        let (white, black) = (p.white >> sq & 1 == 1, p.black >> sq & 1 == 1);
        if white || black {
            let _ = write!(
                svg,
                "<circle cx=\"{x:.2}\" cy=\"{y:.2}\" r=\"{:.2}\" fill=\"{}\" stroke=\"#000\" \
                 stroke-width=\"0.5\"/>",
                s * 0.3,
                if white { "#fff" } else { "#000" }
            );
        }
    }
    for &(mv, c) in markers {
        // Where the pawn lands, by the core's own rules: the square the mover gains.
        let (from, after) = (mv / 3, Hexapawn.play(p, mv));
        let gained = match p.to_move {
            Side::First => after.white & !p.white,
            Side::Second => after.black & !p.black,
        };
        let to = gained.trailing_zeros() as usize;
        let ((x0, y0), (x1, y1)) = (centre(from), centre(to));
        let _ = write!(
            svg,
            "<path d=\"M{x0:.2} {y0:.2}L{:.2} {:.2}\" stroke=\"{}\" stroke-width=\"0.9\" \
             stroke-linecap=\"round\"/>",
            x0 + (x1 - x0) * 0.85,
            y0 + (y1 - y0) * 0.85,
            colour(c).fill
        );
        svg.push_str(&marker(x0 + (x1 - x0) * 0.55, y0 + (y1 - y0) * 0.55, 2.1, c));
    }
    svg.push_str("</svg>");
    svg
}

/// Nim's rows as counters: the counter `k` places from the right end of a row stands for
/// "take `k` from this row", so it carries that move's marker.
fn nim_svg(game: Nim, p: NimPos, markers: &[(usize, usize)]) -> String {
    let rows = &p.rows[..game.rows().len()];
    // The pitch comes from the starting rows, so counters are the same size on every box.
    let widest = usize::from(*game.rows().iter().max().unwrap_or(&1)).max(rows.len());
    let pitch = BOARD / widest as f64;
    let top = (BOARD - pitch * rows.len() as f64) / 2.0;
    let mut svg = svg_open(BOARD);
    for (i, &n) in rows.iter().enumerate() {
        let y = top + pitch * (i as f64 + 0.5);
        for k in 1..=usize::from(n) {
            let x = pitch * ((usize::from(n) - k) as f64 + 0.5);
            let r = pitch * 0.4;
            match markers.iter().find(|&&(m, _)| game.decode(m) == (i, k)) {
                Some(&(_, c)) => svg.push_str(&marker(x, y, r, c)),
                None => {
                    let _ = write!(
                        svg,
                        "<circle cx=\"{x:.2}\" cy=\"{y:.2}\" r=\"{r:.2}\" fill=\"#fff\" \
                         stroke=\"#000\" stroke-width=\"0.3\"/>"
                    );
                }
            }
        }
    }
    svg.push_str("</svg>");
    svg
}

/// Escapes text for HTML (the page holds no user text, but names and rules pass through
/// here all the same).
fn esc(text: &str) -> std::borrow::Cow<'_, str> {
    html_escape::encode_quoted_attribute(text)
}
