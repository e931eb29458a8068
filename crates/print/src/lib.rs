//! # menace-print
//!
//! The sheets to build a physical machine: one label per matchbox of MENACE (304 boxes),
//! Hexapawn or Nim, each with its position drawn as on the box, every move that holds
//! beads marked in its bead's colour (with a letter, for black-and-white printers), the
//! box's number as the protocol numbers it (`dump`, `menace_move`'s `box`), and the beads
//! it starts with under the chosen preset; a colour key on every page.
//!
//! - [`label`]: the labels, from the core's own machines (no second enumeration).
//! - [`html`]: the labels as an HTML page with SVG boards and `@page` sizes A4 and
//!   Letter, 21 labels of 50 x 34 mm per page (a matchbox top is about 52 x 36 mm).
//! - [`words`]: where the words come from ([`Words`]): the Fluent catalogs on the server
//!   and the command line, the page's own in the offline file.
//! - `pdf` (feature `pdf`): that page printed to PDF by headless Chromium.
//!
//! `menace print`, `menace serve`'s `/print` and the offline file's labels all start from
//! a [`Sheet`], parsed here once ([`Sheet::parse`], [`Sheet::from_query`]), and render it
//! with the one [`html::page`].
//!
//! Features, both on by default: `catalog` (the words from `menace-i18n`'s catalogs:
//! [`Sheet::html`], `lang`) and `pdf` (Chromium, a temporary folder, a deadline: `print`).
//! The browser's engine (crates/web) takes neither: it renders the same sheets with the
//! page's words, without Fluent or the catalogs in its WebAssembly.
//!
//! A crate of its own rather than a module of `menace-core`: the core is rules and
//! learners with no presentation, and this crate starts a browser process.

pub mod html;
pub mod label;
pub mod palette;
#[cfg(feature = "pdf")]
pub mod pdf;
pub mod words;

#[cfg(feature = "pdf")]
use std::path::Path;

use menace_core::game::Side;
use menace_core::menace::BeadRules;

pub use label::{labels, Bead, Drawing, Label};
pub use words::{Arg, Words};

/// The machines this crate prints.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Machine {
    /// MENACE: tic-tac-toe, playing X.
    Menace,
    /// Hexapawn's machine, playing Black (as Gardner's HER).
    Hexapawn,
    /// Nim's machine for rows 3, 4, 5, moving first.
    Nim,
}

/// Paper sizes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Paper {
    /// ISO A4, 210 x 297 mm.
    A4,
    /// US Letter, 8.5 x 11 in.
    Letter,
}

/// How bead colours are given.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Colours {
    /// One colour per move (Michie's nine colours, one per cell, in tic-tac-toe).
    Cells,
    /// One colour per symmetry class of a box's moves (Scroggs's MENACE): moves the
    /// symmetries that keep the box's position map onto each other share one bead.
    Symmetry,
}

/// A name a flag or query value takes, with the value and a description for errors.
struct Named<T: 'static> {
    name: &'static str,
    value: T,
    title: &'static str,
}

const MACHINES: &[Named<Machine>] = &[
    Named { name: "menace", value: Machine::Menace, title: "MENACE (noughts and crosses)" },
    Named { name: "hexapawn", value: Machine::Hexapawn, title: "Hexapawn" },
    Named { name: "nim", value: Machine::Nim, title: "Nim (rows of 3, 4 and 5)" },
];

const PAPERS: &[Named<Paper>] = &[
    Named { name: "a4", value: Paper::A4, title: "A4" },
    Named { name: "letter", value: Paper::Letter, title: "Letter" },
];

const COLOURS: &[Named<Colours>] = &[
    Named { name: "cells", value: Colours::Cells, title: "one colour per cell" },
    Named {
        name: "symmetry",
        value: Colours::Symmetry,
        title: "one colour per symmetry class of cells",
    },
];

fn find<T: Copy>(table: &'static [Named<T>], what: &str, text: &str) -> Result<T, String> {
    table.iter().find(|n| n.name.eq_ignore_ascii_case(text.trim())).map(|n| n.value).ok_or_else(
        || {
            let names: Vec<&str> = table.iter().map(|n| n.name).collect();
            format!("{what} {text:?} is not one of {}", names.join(", "))
        },
    )
}

fn named<T: Copy + PartialEq>(table: &'static [Named<T>], value: T) -> &'static Named<T> {
    table.iter().find(|n| n.value == value).expect("every value is in its table")
}

impl Machine {
    /// Its name on the command line and in `/print?machine=`.
    pub fn name(self) -> &'static str {
        named(MACHINES, self).name
    }

    /// A title for the page.
    pub fn title(self) -> &'static str {
        named(MACHINES, self).title
    }
}

impl Paper {
    /// Its name on the command line and in `/print?paper=`.
    pub fn name(self) -> &'static str {
        named(PAPERS, self).name
    }

    /// The CSS `@page` size.
    pub fn css_size(self) -> &'static str {
        named(PAPERS, self).title
    }
}

impl Colours {
    /// Its name on the command line and in `/print?colours=`.
    pub fn name(self) -> &'static str {
        named(COLOURS, self).name
    }
}

/// What to print: a machine, a paper size, the bead preset, the colouring and the
/// language of the words (the drawings and numbers of boxes are the same in all).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sheet {
    /// Which machine.
    pub machine: Machine,
    /// The paper.
    pub paper: Paper,
    /// The bead preset's name, as the core's preset table spells it.
    pub preset: &'static str,
    /// The colouring.
    pub colours: Colours,
    /// The language of the key, the labels' words and the building page: a code of
    /// `menace_i18n::LANGUAGES` (`en`, `hi`, `pt`, `ru`, `bn`), whose catalog
    /// [`Sheet::html`] speaks. A sheet rendered with other [`Words`] speaks theirs.
    pub lang: &'static str,
    /// The side MENACE plays: its first machine (X, 304 boxes) or its second (O, 289);
    /// Hexapawn's and Nim's machines keep their own side and take `First` here.
    pub side: Side,
}

impl Default for Sheet {
    /// MENACE on A4, the challenge's preset, one colour per cell.
    fn default() -> Sheet {
        Sheet {
            machine: Machine::Menace,
            paper: Paper::A4,
            preset: menace_core::menace::PRESETS[0].name,
            colours: Colours::Cells,
            lang: "en",
            side: Side::First,
        }
    }
}

/// The most query text `/print` reads: six short fields need far less.
pub const MAX_QUERY: usize = 512;

impl Sheet {
    /// Parses the four settings (names as [`Machine::name`] etc., the preset by the
    /// core's preset table, any case); the message says which one is wrong.
    pub fn parse(machine: &str, paper: &str, preset: &str, colours: &str) -> Result<Sheet, String> {
        let preset = menace_core::menace::PRESETS
            .iter()
            .find(|p| p.name.eq_ignore_ascii_case(preset.trim()))
            .map(|p| p.name)
            .ok_or_else(|| {
                let names: Vec<&str> =
                    menace_core::menace::PRESETS.iter().map(|p| p.name).collect();
                format!("preset {preset:?} is not one of {}", names.join(", "))
            })?;
        Ok(Sheet {
            machine: find(MACHINES, "machine", machine)?,
            paper: find(PAPERS, "paper", paper)?,
            preset,
            colours: find(COLOURS, "colours", colours)?,
            lang: "en",
            side: Side::First,
        })
    }

    /// The same sheet in language `code` (`en`, `hi`, `pt`, `ru`, `bn`); an unknown code
    /// is refused with the list.
    #[cfg(feature = "catalog")]
    pub fn in_language(self, code: &str) -> Result<Sheet, String> {
        let lang = menace_i18n::language(code.trim())
            .ok_or_else(|| format!("language {code:?} is not one of {}", menace_i18n::codes()))?;
        Ok(Sheet { lang: lang.code, ..self })
    }

    /// This sheet for MENACE playing `side` (`--side`, `/print?side=`; `None` keeps the
    /// first machine). Only MENACE has a second machine; asking another for one is
    /// refused rather than ignored.
    pub fn with_side(self, side: Option<Side>) -> Result<Sheet, String> {
        match side {
            None => Ok(self),
            Some(side) if self.machine == Machine::Menace => Ok(Sheet { side, ..self }),
            Some(_) => Err(format!(
                "side is for machine menace; {}'s machine plays its own side",
                self.machine.name()
            )),
        }
    }

    /// The page's title: the machine's, saying so when it is MENACE's second machine.
    pub fn title(&self) -> &'static str {
        match (self.machine, self.side) {
            (Machine::Menace, Side::Second) => "MENACE playing O (noughts and crosses)",
            (machine, _) => machine.title(),
        }
    }

    /// Parses a URL query such as `machine=nim&paper=letter` (every field optional, the
    /// defaults of [`Sheet::default`]); unknown fields, repeated fields, and values
    /// that are not plain names are refused with a sentence. Without the `catalog` feature
    /// there is no `lang` field: the words, and their language, are the renderer's.
    pub fn from_query(query: &str) -> Result<Sheet, String> {
        if query.len() > MAX_QUERY {
            return Err(format!("the query is longer than {MAX_QUERY} characters"));
        }
        let d = Sheet::default();
        let mut fields: Vec<(&str, Option<&str>)> = vec![
            ("machine", None),
            ("paper", None),
            ("preset", None),
            ("colours", None),
            ("side", None),
        ];
        if cfg!(feature = "catalog") {
            fields.insert(4, ("lang", None));
        }
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let known: Vec<&str> = fields.iter().map(|f| f.0).collect();
            let Some(field) = fields.iter_mut().find(|f| f.0 == key) else {
                let key: String = key.chars().take(40).collect();
                return Err(format!("unknown field {key:?}: use {}", known.join(", ")));
            };
            if field.1.replace(value).is_some() {
                return Err(format!("{key} is given twice"));
            }
        }
        let field = |name: &str| fields.iter().find(|f| f.0 == name).and_then(|f| f.1);
        let side = field("side").map(Side::parse).transpose()?;
        let sheet = Sheet::parse(
            field("machine").unwrap_or(d.machine.name()),
            field("paper").unwrap_or(d.paper.name()),
            field("preset").unwrap_or(d.preset),
            field("colours").unwrap_or(d.colours.name()),
        )?
        .with_side(side)?;
        #[cfg(feature = "catalog")]
        let sheet = sheet.in_language(field("lang").unwrap_or(d.lang))?;
        Ok(sheet)
    }

    /// What the colours mean on this machine's boxes, for the key: a message of the
    /// catalogs.
    pub fn colours_message(&self) -> &'static str {
        match (self.colours, self.machine) {
            (Colours::Cells, Machine::Menace) => "print-colours-cells",
            (Colours::Cells, _) => "print-colours-moves",
            (Colours::Symmetry, Machine::Nim) => "print-colours-symmetry-nim",
            (Colours::Symmetry, Machine::Menace) => "print-colours-symmetry-cells",
            (Colours::Symmetry, _) => "print-colours-symmetry-moves",
        }
    }

    /// The words of the sheet's language.
    #[cfg(feature = "catalog")]
    pub fn catalog(&self) -> menace_i18n::Catalog {
        menace_i18n::Catalog::new(self.lang).expect("a language of the table")
    }

    /// The bead rules of the preset.
    pub fn rules(&self) -> BeadRules {
        BeadRules::preset(self.preset).expect("parsed from the preset table")
    }

    /// The labels, in box order.
    pub fn labels(&self) -> Vec<Label> {
        labels(self.machine, self.side, &self.rules(), self.colours)
    }

    /// The whole page, HTML with inline CSS and SVG, in the sheet's language.
    #[cfg(feature = "catalog")]
    pub fn html(&self) -> String {
        self.html_in(&self.catalog())
    }

    /// The whole page with the words (and their language) of `words`.
    pub fn html_in(&self, words: &dyn Words) -> String {
        html::page(self, &self.labels(), words)
    }
}

/// `menace print`: writes the sheets atomically, as HTML to `html` if given, else as a
/// PDF to `pdf`; the answer is a line for the user (`wrote FILE: N labels ...`).
#[cfg(feature = "pdf")]
pub fn print(sheet: &Sheet, pdf: &Path, html: Option<&Path>) -> Result<String, String> {
    let labels = sheet.labels();
    // The labels' pages, then the page of how to build it.
    let pages = html::pages(labels.len()) + 1;
    let page = html::page(sheet, &labels, &sheet.catalog());
    let (path, bytes) = match html {
        Some(path) => (path, page.into_bytes()),
        None => (pdf, pdf::render(&page, &pdf::chromium()?)?),
    };
    menace_files::write_atomic(path, &bytes)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(format!(
        "wrote {}: {} labels for {}'s matchboxes on {pages} {} page{}",
        path.display(),
        labels.len(),
        sheet.title(),
        sheet.paper.css_size(),
        if pages == 1 { "" } else { "s" }
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_parse_by_name_in_any_case_and_say_what_is_wrong() {
        let s = Sheet::parse("NIM", "Letter", "Scroggs", "symmetry").unwrap();
        assert_eq!(
            s,
            Sheet {
                machine: Machine::Nim,
                paper: Paper::Letter,
                preset: "scroggs",
                colours: Colours::Symmetry,
                lang: "en",
                side: Side::First,
            }
        );
        let e = Sheet::parse("chess", "a4", "challenge", "cells").unwrap_err();
        assert_eq!(e, r#"machine "chess" is not one of menace, hexapawn, nim"#);
        let e = Sheet::parse("menace", "a3", "challenge", "cells").unwrap_err();
        assert!(e.starts_with("paper \"a3\""), "{e}");
        let e = Sheet::parse("menace", "a4", "fast", "cells").unwrap_err();
        assert_eq!(e, r#"preset "fast" is not one of challenge, michie, scroggs"#);
        assert!(Sheet::parse("menace", "a4", "michie", "every").is_err());
    }

    #[test]
    fn queries_default_every_field_and_refuse_unknown_or_repeated_ones() {
        assert_eq!(Sheet::from_query(""), Ok(Sheet::default()));
        let s = Sheet::from_query("paper=letter&machine=hexapawn").unwrap();
        assert_eq!((s.machine, s.paper), (Machine::Hexapawn, Paper::Letter));
        assert!(Sheet::from_query("size=a4").unwrap_err().starts_with("unknown field \"size\""));
        assert_eq!(Sheet::from_query("paper=a4&paper=a4").unwrap_err(), "paper is given twice");
        assert!(Sheet::from_query("paper=").is_err());
        assert!(Sheet::from_query(&"a".repeat(MAX_QUERY + 1)).is_err());
    }

    proptest::proptest! {
        #[test]
        fn any_query_parses_or_is_refused_without_panicking(q in ".{0,600}") {
            let _ = Sheet::from_query(&q);
        }

        #[test]
        fn any_bytes_as_a_query_are_safe(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..300)) {
            let _ = Sheet::from_query(&String::from_utf8_lossy(&bytes));
        }
    }
}
