//! `menace print`: the labels to build a machine of matchboxes (crates/print).

use std::path::PathBuf;
use std::process::ExitCode;

/// Flags of `menace print` (the names `/print?machine=...&paper=...` takes too).
#[derive(clap::Args, Debug)]
pub struct PrintArgs {
    /// The machine: menace (304 boxes), hexapawn or nim (rows 3, 4, 5).
    #[arg(long, default_value = "menace")]
    machine: String,
    /// The paper: a4 or letter (21 labels of 50 x 34 mm a page, for 52 x 36 mm boxes).
    #[arg(long, default_value = "a4")]
    paper: String,
    /// The beads each box starts with: a preset of `menace train` (challenge, michie, scroggs).
    #[arg(long, default_value = "challenge")]
    preset: String,
    /// cells (a colour per cell, Michie's nine) or symmetry (a colour per symmetry class
    /// of a box's cells, as Scroggs's MENACE).
    #[arg(long, default_value = "cells")]
    colours: String,
    /// The language of the words: en, hi, pt, ru or bn (the drawings are the same in all).
    #[arg(long, default_value = "en")]
    lang: String,
    /// The PDF to write, printed by headless Chromium.
    #[arg(long, value_name = "FILE.pdf", default_value = "labels.pdf", conflicts_with = "html")]
    out: PathBuf,
    /// Write the HTML page instead (no Chromium needed; print it from any browser).
    #[arg(long, value_name = "FILE.html")]
    html: Option<PathBuf>,
    // --side second: the labels of MENACE's second machine (O).
    #[command(flatten)]
    side: super::engine::SideArg,
}

/// Writes the sheets.
pub fn run(a: PrintArgs) -> ExitCode {
    let sheet = menace_print::Sheet::parse(&a.machine, &a.paper, &a.preset, &a.colours)
        .and_then(|s| s.with_side(a.side.side))
        .and_then(|s| s.in_language(&a.lang));
    match sheet.and_then(|s| menace_print::print(&s, &a.out, a.html.as_deref())) {
        Ok(line) => println!("{line}"),
        Err(e) => {
            eprintln!("menace print: {e}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
