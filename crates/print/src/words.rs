//! Where a sheet's words come from: [`Words`], a language's messages by their catalog id.
//!
//! The sheet only asks; it never holds a catalog. `menace print` and `menace serve`'s
//! `/print` answer with [`menace_i18n::Catalog`] (the `catalog` feature, on by default);
//! the offline page's engine, built without it, answers from the page's own Fluent bundle
//! (crates/web), so the WebAssembly carries no catalog and no Fluent. Both resolve the same
//! `.ftl` files with CLDR plurals, and write numbers alike (`menace_i18n::format_number`
//! mirrors the browsers' `Intl.NumberFormat`), so the two sheets read the same.

/// A value a message is given: a count (its plural and its digits follow the language) or
/// a text, as it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// A whole number: `{ $boxes }`, and the plural it selects.
    Count(u64),
    /// A text: a name, or a rule already written (`8/4/2/1`, `+3/+1/-1`).
    Text(String),
}

impl From<u64> for Arg {
    fn from(n: u64) -> Arg {
        Arg::Count(n)
    }
}

impl From<u32> for Arg {
    fn from(n: u32) -> Arg {
        Arg::Count(u64::from(n))
    }
}

impl From<usize> for Arg {
    fn from(n: usize) -> Arg {
        Arg::Count(n as u64)
    }
}

impl From<String> for Arg {
    fn from(text: String) -> Arg {
        Arg::Text(text)
    }
}

/// A language's words, as the sheet asks for them.
pub trait Words {
    /// The language's code (`en`, `hi`, `pt`, `ru`, `bn`): the page's `lang`.
    fn lang(&self) -> String;

    /// Message `id` with `args`, in the language (else in English; the id itself when no
    /// catalog has it).
    fn text(&self, id: &str, args: &[(&str, Arg)]) -> String;

    /// A whole number as the language writes it (its digits and grouping).
    fn number(&self, n: u64) -> String;

    /// Message `id` without arguments.
    fn get(&self, id: &str) -> String {
        self.text(id, &[])
    }
}

#[cfg(feature = "catalog")]
impl Words for menace_i18n::Catalog {
    fn lang(&self) -> String {
        self.code().to_string()
    }

    fn text(&self, id: &str, args: &[(&str, Arg)]) -> String {
        let args: Vec<(&str, menace_i18n::Arg)> = args
            .iter()
            .map(|(k, v)| {
                let v = match v {
                    Arg::Count(n) => menace_i18n::Arg::from(*n),
                    Arg::Text(t) => menace_i18n::Arg::from(t.clone()),
                };
                (*k, v)
            })
            .collect();
        menace_i18n::Catalog::text(self, id, &args)
    }

    fn number(&self, n: u64) -> String {
        menace_i18n::Catalog::number(self, n)
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use super::*;
    use crate::{Colours, Machine, Sheet};

    /// Words that say which message was asked (`«id»`) and mark every number (`#n#`),
    /// remembering the ids.
    struct Marked {
        asked: RefCell<Vec<String>>,
    }

    impl Words for Marked {
        fn lang(&self) -> String {
            "xx".into()
        }
        fn text(&self, id: &str, args: &[(&str, Arg)]) -> String {
            self.asked.borrow_mut().push(id.to_string());
            let args: Vec<String> = args
                .iter()
                .map(|(k, v)| match v {
                    Arg::Count(n) => format!("{k}=#{n}#"),
                    Arg::Text(t) => format!("{k}={t}"),
                })
                .collect();
            format!("«{id}{}»", args.join(","))
        }
        fn number(&self, n: u64) -> String {
            format!("#{n}#")
        }
    }

    /// The text between a page's tags (style and the SVG's letters left out).
    fn texts(html: &str) -> Vec<String> {
        let body = &html[html.find("</style>").unwrap()..];
        let mut out = Vec::new();
        for part in body.split('<').skip(1) {
            let (tag, text) = part.split_once('>').unwrap_or((part, ""));
            // The markers' letters are the palette's, drawn in the SVG.
            if !tag.starts_with("text") && !text.trim().is_empty() {
                out.push(text.trim().to_string());
            }
        }
        out
    }

    #[test]
    fn every_word_and_number_on_a_sheet_comes_from_its_words() {
        for machine in [Machine::Menace, Machine::Hexapawn, Machine::Nim] {
            for colours in [Colours::Cells, Colours::Symmetry] {
                let sheet = Sheet { machine, colours, ..Sheet::default() };
                let words = Marked { asked: RefCell::new(Vec::new()) };
                let html = sheet.html_in(&words);
                assert!(html.contains("<html lang=\"xx\">"), "the words' language");
                for text in texts(&html) {
                    // What is outside every message and number: a label's bead letters
                    // and counts (`R×4 A×3`) and the key's `R = ` before a colour's name.
                    let mut depth = 0;
                    let mut plain = String::new();
                    for ch in text.chars() {
                        match ch {
                            '«' => depth += 1,
                            '»' => depth -= 1,
                            c if depth == 0 => plain.push(c),
                            _ => {}
                        }
                    }
                    let letters = plain.chars().all(|c| {
                        c.is_ascii_uppercase() || c.is_ascii_digit() || " ×=#".contains(c)
                    });
                    assert!(letters, "{machine:?}: {plain:?} in {text:?}");
                }
                let asked = words.asked.into_inner();
                assert!(asked.contains(&"print-label-box".to_string()));
                #[cfg(feature = "catalog")]
                for id in &asked {
                    let en = menace_i18n::LANGUAGES[0].ftl;
                    assert!(menace_i18n::message_ids(en).contains(id), "{id} is in the catalogs");
                }
            }
        }
    }

    #[cfg(feature = "catalog")]
    #[test]
    fn the_catalogs_words_make_the_sheet_the_server_serves() {
        // Sheet::html (the server's, the command line's) is the one renderer with the
        // catalog as its words: in Bengali, its digits are Bengali, from the catalog.
        let sheet = Sheet { machine: Machine::Nim, ..Sheet::default() }.in_language("bn").unwrap();
        let catalog = menace_i18n::Catalog::new("bn").unwrap();
        assert_eq!(sheet.html(), sheet.html_in(&catalog));
        assert!(sheet.html().contains("<html lang=\"bn\">"));
        assert_eq!(Words::number(&catalog, 1234), "১,২৩৪");
        assert_eq!(
            Words::text(&catalog, "print-label-box", &[("box", Arg::from(12u64))]),
            menace_i18n::Catalog::new("bn").unwrap().text("print-label-box", &[("box", 12.into())])
        );
    }
}
