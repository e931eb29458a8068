//! `menace print` from the outside: the PDF's pages, page size and labels counted from
//! the file with poppler-utils, for both paper sizes; the labels' positions and beads
//! against the engine's own `dump`; a missing Chromium is one clear error.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Output};

use menace_testkit::{require, Component};

use crate::common;

fn menace(args: &[&str]) -> Output {
    common::menace(args, None, b"")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn tool(dir: &Path, name: &str, args: &[&str]) -> String {
    let out = Command::new(dir.join(name)).args(args).output().expect("run poppler");
    assert!(out.status.success(), "{name} {args:?}: {}", text(&out.stderr));
    text(&out.stdout)
}

/// The box numbers printed on each page of `pdf` (`box N` in the page's text).
fn boxes_per_page(poppler: &Path, pdf: &str, pages: usize) -> Vec<Vec<usize>> {
    (1..=pages)
        .map(|p| {
            let page = p.to_string();
            let words = tool(poppler, "pdftotext", &["-f", &page, "-l", &page, pdf, "-"]);
            let words: Vec<&str> = words.split_whitespace().collect();
            words.windows(2).filter(|w| w[0] == "box").filter_map(|w| w[1].parse().ok()).collect()
        })
        .collect()
}

fn pdf_info(poppler: &Path, pdf: &str) -> BTreeMap<String, String> {
    tool(poppler, "pdfinfo", &[pdf])
        .lines()
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect()
}

#[test]
fn the_pdf_has_every_box_once_on_the_right_pages_of_both_paper_sizes() {
    let Some(poppler) = require(Component::Poppler) else { return };
    let Some(_) = require(Component::Chromium) else { return };
    let dir = tempfile::tempdir().unwrap();
    // (machine, paper, boxes, pages of 21 labels and the page of how to build it,
    // pdfinfo's size name)
    let cases = [
        ("menace", "a4", 304, 16, "(A4)"),
        ("menace", "letter", 304, 16, "(letter)"),
        ("hexapawn", "letter", 17, 2, "(letter)"),
    ];
    for (machine, paper, boxes, pages, size) in cases {
        let pdf = dir.path().join(format!("{machine}-{paper}.pdf"));
        let pdf = pdf.to_str().unwrap();
        let out = menace(&["print", "--machine", machine, "--paper", paper, "--out", pdf]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(text(&out.stdout).contains(&format!("{boxes} labels")));
        let info = pdf_info(&poppler, pdf);
        assert_eq!(info["Pages"], pages.to_string(), "{machine} {paper}");
        assert!(info["Page size"].ends_with(size), "{machine} {paper}: {}", info["Page size"]);
        let per_page = boxes_per_page(&poppler, pdf, pages - 1);
        assert!(per_page.iter().all(|p| !p.is_empty() && p.len() <= 21), "{per_page:?}");
        let mut all: Vec<usize> = per_page.concat();
        all.sort_unstable();
        assert_eq!(all, (0..boxes).collect::<Vec<_>>(), "{machine} {paper}: each box once");
    }
    // A page renders to a picture (docs/print.png is made this way).
    let pdf = dir.path().join("menace-a4.pdf");
    let png = dir.path().join("page");
    let args = ["-png", "-r", "40", "-f", "1", "-l", "1", "-singlefile"];
    let out =
        Command::new(poppler.join("pdftoppm")).args(args).arg(&pdf).arg(&png).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let bytes = std::fs::read(dir.path().join("page.png")).unwrap();
    assert!(bytes.starts_with(b"\x89PNG") && bytes.len() > 10_000);
}

/// `data-NAME="..."` values of the page's labels, in order.
fn attribute<'a>(page: &'a str, name: &str) -> Vec<&'a str> {
    let key = format!(" data-{name}=\"");
    page.split(&key).skip(1).map(|s| &s[..s.find('"').unwrap()]).collect()
}

/// A protocol drawing as the labels write positions: tic-tac-toe's as is, Hexapawn's
/// nine squares, Nim's row sizes.
fn as_label(game: &str, drawing: &str) -> String {
    let lines: Vec<&str> = drawing.split('/').collect();
    match game {
        "hexapawn" => lines[..3].iter().map(|l| l[2..].replace(' ', "")).collect(),
        "nim" => {
            let rows: Vec<&str> = lines.iter().map(|l| l.split(' ').next_back().unwrap()).collect();
            rows.join(",")
        }
        _ => drawing.to_string(),
    }
}

#[test]
fn labels_show_the_boxes_and_beads_of_the_engines_dump() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("menace", "ttt", "challenge", "cells", "every", "first"),
        ("menace", "ttt", "scroggs", "symmetry", "symmetry", "first"),
        ("menace", "ttt", "michie", "symmetry", "symmetry", "second"),
        ("hexapawn", "hexapawn", "michie", "symmetry", "symmetry", ""),
        ("nim", "nim", "challenge", "cells", "every", ""),
    ];
    for (machine, game, preset, colours, engine_colours, side) in cases {
        let html = dir.path().join(format!("{machine}-{colours}-{side}.html"));
        let html = html.to_str().unwrap();
        // MENACE's second machine (`--side second`) against the engine's dump as O.
        let side: &[&str] = if side.is_empty() { &[] } else { &["--side", side] };
        let args = ["print", "--machine", machine, "--preset", preset, "--colours", colours];
        let out = menace(&[&args[..], side, &["--html", html]].concat());
        assert!(out.status.success(), "{}", text(&out.stderr));
        let page = std::fs::read_to_string(html).unwrap();
        let engine = ["--game", game, "--preset", preset, "--colours", engine_colours];
        let dump = common::menace(&[&engine[..], side].concat(), None, b"dump\n");
        let dump: serde_json::Value =
            serde_json::from_str(text(&dump.stdout).lines().next().unwrap()).unwrap();
        let boxes = dump["boxes"].as_array().unwrap();
        let (positions, beads) = (attribute(&page, "position"), attribute(&page, "beads"));
        assert_eq!(positions.len(), boxes.len(), "{machine}");
        assert_eq!(attribute(&page, "box").len(), boxes.len());
        for (i, b) in boxes.iter().enumerate() {
            let drawing = as_label(game, b["position"].as_str().unwrap());
            assert_eq!(positions[i], drawing, "{machine} box {i}");
            let counts: Vec<String> =
                b["beads"].as_array().unwrap().iter().map(|n| n.to_string()).collect();
            assert_eq!(beads[i], counts.join(","), "{machine} {preset} box {i}");
        }
    }
}

#[test]
fn a_missing_chromium_or_a_bad_setting_is_one_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("labels.pdf");
    let out = Command::new(env!("CARGO_BIN_EXE_menace"))
        .args(["print", "--out", pdf.to_str().unwrap()])
        .env("MENACE_CHROMIUM", dir.path().join("no-chromium"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("menace print: MENACE_CHROMIUM=") && err.contains("needs Chromium"));
    assert!(!pdf.exists(), "nothing written");
    for (flag, value, says) in [
        ("--machine", "chess", "machine \"chess\" is not one of menace, hexapawn, nim"),
        ("--paper", "a3", "paper \"a3\" is not one of a4, letter"),
        ("--preset", "fast", "preset \"fast\" is not one of challenge, michie, scroggs"),
        ("--colours", "every", "colours \"every\" is not one of cells, symmetry"),
    ] {
        let out = menace(&["print", flag, value, "--html", "x.html"]);
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(text(&out.stderr), format!("menace print: {says}\n"));
    }
    assert!(!Path::new("x.html").exists());
}

/// The words of each language, from a PDF read back by pdftotext: Devanagari (Hindi) and
/// Bengali come out as the catalogs wrote them (the fonts are Debian's Noto, installed by
/// .ci/run), Russian and Portuguese too, with no English sentence of the key left. And each
/// machine's key, in each language, whole on Letter paper. Each PDF is a Chromium started
/// (1.5 to 3 CPU-seconds), so each is printed once: Hexapawn's serves both checks.
#[test]
fn the_labels_print_in_every_language_and_read_back() {
    let Some(poppler) = require(Component::Poppler) else { return };
    let Some(_) = require(Component::Chromium) else { return };
    let Some(_) = require(Component::NotoFonts) else { return };
    let dir = tempfile::tempdir().unwrap();
    // A machine's labels in a language on Letter: the PDF's path.
    let letter = |machine: &str, lang: &str| -> String {
        let pdf = dir.path().join(format!("{machine}-{lang}.pdf")).display().to_string();
        let args = ["print", "--machine", machine, "--paper", "letter", "--lang", lang];
        let out = menace(&[&args[..], &["--out", &pdf]].concat());
        assert!(out.status.success(), "{}", text(&out.stderr));
        pdf
    };
    for lang in menace_i18n::LANGUAGES {
        let hexapawn = letter("hexapawn", lang.code);
        // pdftotext may break a line or put a space inside a word where its layout
        // splits glyphs (Devanagari's anusvara), and gives ligatures as one character
        // (U+FB01 for "fi"): compare without white space, ligatures spelt out.
        let bare = |t: &str| {
            t.split_whitespace()
                .collect::<String>()
                .replace('\u{fb01}', "fi")
                .replace('\u{fb02}', "fl")
        };
        let words = bare(&tool(&poppler, "pdftotext", &[&hexapawn, "-"]));
        let t = menace_i18n::Catalog::new(lang.code).unwrap();
        for (id, args) in [
            ("print-machine-hexapawn", vec![]),
            ("print-key-hexapawn", vec![]),
            ("print-build-shopping", vec![]),
            ("print-build-key", vec![]),
            ("print-label-move", vec![("move", menace_i18n::Arg::from(1))]),
        ] {
            let want = t.text(id, &args);
            assert!(
                words.contains(&bare(&want)),
                "{}: {want:?} not in the PDF's text:\n{words}",
                lang.code
            );
        }
        // Every box's label, with the language's word for box and its digits.
        for b in 0..17u64 {
            let label = t.text("print-label-box", &[("box", menace_i18n::Arg::from(b))]);
            assert!(words.contains(&bare(&label)), "{}: {label:?} missing", lang.code);
        }
        if lang.code != "en" {
            for english in ["matchboxes", "The machine plays", "Beads to buy", "each colour"] {
                assert!(!words.contains(&bare(english)), "{}: English {english:?} left", lang.code);
            }
        }
        // The key at the top of each page has a fixed height (seven rows of labels must fit
        // under it on Letter): every machine's key, in every language, is read back whole.
        for (machine, sentence, pdf) in [
            ("menace", "print-key-menace", letter("menace", lang.code)),
            ("nim", "print-key-nim", letter("nim", lang.code)),
            ("hexapawn", "print-key-hexapawn", hexapawn),
        ] {
            let first: String =
                tool(&poppler, "pdftotext", &["-l", "1", &pdf, "-"]).split_whitespace().collect();
            let want: String = t.get(sentence).split_whitespace().collect();
            assert!(
                first.contains(&want),
                "{} {machine}: the key is cut short: {first}",
                lang.code
            );
        }
    }
    // A language that is not one of them is one clear error.
    let out = menace(&["print", "--lang", "xx", "--html", "x.html"]);
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("en, hi, pt, ru, bn"), "{}", text(&out.stderr));
}
