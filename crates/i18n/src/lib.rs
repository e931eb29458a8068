//! The words of the web pages and of the printed labels, in five languages: English,
//! Hindi, Portuguese, Russian and Bengali.
//!
//! Each language is one [Project Fluent](https://projectfluent.org) catalog,
//! `locales/CODE.ftl`, compiled into the binary. The server hands the catalogs to the
//! pages as they are, which resolve them with Mozilla's `@fluent/bundle` (plurals by
//! `Intl.PluralRules`, numbers by `Intl.NumberFormat`); `menace print` resolves them here
//! with the `fluent-bundle` crate. Both follow CLDR's plural rules, and a message a
//! catalog lacks falls back to English. The protocol itself and the board notation
//! (`LL` ... `RR`, `2:3`, `a1-a2`) stay language-free.
//!
//! ```
//! use menace_i18n::{Catalog, Arg};
//! let ru = Catalog::new("ru").unwrap();
//! assert_eq!(ru.text("beads-count", &[("count", Arg::from(3))]), "3 бусины");
//! assert_eq!(ru.text("beads-count", &[("count", Arg::from(5))]), "5 бусин");
//! ```

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

/// A value a message is given: a number (plural categories and number formatting
/// follow the language) or a text.
pub type Arg = FluentValue<'static>;

/// One language of the pages and labels.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Language {
    /// Its code, as `?lang=CODE` and `menace print --lang CODE` take it.
    pub code: &'static str,
    /// Its name in itself, for the language menu.
    pub name: &'static str,
    /// Its catalog, in Fluent syntax.
    pub ftl: &'static str,
}

/// Every language, English (the fallback) first.
pub const LANGUAGES: [Language; 5] = [
    Language { code: "en", name: "English", ftl: include_str!("../locales/en.ftl") },
    Language { code: "hi", name: "हिन्दी", ftl: include_str!("../locales/hi.ftl") },
    Language { code: "pt", name: "Português", ftl: include_str!("../locales/pt.ftl") },
    Language { code: "ru", name: "Русский", ftl: include_str!("../locales/ru.ftl") },
    Language { code: "bn", name: "বাংলা", ftl: include_str!("../locales/bn.ftl") },
];

/// The language with `code` (exactly as listed: `en`, `hi`, `pt`, `ru`, `bn`).
pub fn language(code: &str) -> Option<&'static Language> {
    LANGUAGES.iter().find(|l| l.code == code)
}

/// The language codes, for error messages: `en, hi, pt, ru, bn`.
pub fn codes() -> String {
    LANGUAGES.iter().map(|l| l.code).collect::<Vec<_>>().join(", ")
}

/// The message identifiers a catalog defines, in the order written (terms, `-name`,
/// are not messages and are left out).
pub fn message_ids(ftl: &str) -> Vec<String> {
    ftl.lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_lowercase()))
        .filter_map(|l| l.split_once('=').map(|(id, _)| id.trim().to_string()))
        .collect()
}

/// A language's messages, resolved: the language's own catalog, then English's for a
/// message it lacks.
pub struct Catalog {
    bundles: Vec<FluentBundle<FluentResource>>,
}

impl Catalog {
    /// The catalog of language `code`, or why there is none (an unknown code, or a
    /// catalog that does not parse, which a test rules out).
    pub fn new(code: &str) -> Result<Catalog, String> {
        let lang = language(code)
            .ok_or_else(|| format!("no language {code:?}: expected one of {}", codes()))?;
        let mut bundles = vec![bundle(lang)?];
        if lang.code != "en" {
            bundles.push(bundle(&LANGUAGES[0])?);
        }
        Ok(Catalog { bundles })
    }

    /// Message `id` with `args`, in the language, else in English; the id itself when
    /// no catalog has it (a test makes sure every id the code uses exists).
    pub fn text(&self, id: &str, args: &[(&str, Arg)]) -> String {
        let mut fluent = FluentArgs::new();
        for (k, v) in args {
            fluent.set(*k, v.clone());
        }
        for b in &self.bundles {
            if let Some(pattern) = b.get_message(id).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                return b.format_pattern(pattern, Some(&fluent), &mut errors).into_owned();
            }
        }
        id.to_string()
    }

    /// Message `id` without arguments.
    pub fn get(&self, id: &str) -> String {
        self.text(id, &[])
    }

    /// The language's code.
    pub fn code(&self) -> &'static str {
        self.bundles[0]
            .locales
            .first()
            .and_then(|l| language(&l.to_string()))
            .map_or("en", |l| l.code)
    }

    /// A whole number written as the language writes it (Bengali digits in Bengali;
    /// the group separators of each language), as the pages' `Intl.NumberFormat` does.
    pub fn number(&self, n: u64) -> String {
        format_number(self.code(), n)
    }
}

/// `n` with the language's digits and grouping, as the browsers' `Intl.NumberFormat`
/// writes it (ICU's CLDR data; a browser test compares the two).
pub fn format_number(code: &str, n: u64) -> String {
    let digits = n.to_string();
    let bytes = digits.as_bytes();
    // Indian grouping (hi, bn): the last three digits, then pairs: 12,34,567.
    let indian = matches!(code, "hi" | "bn");
    let sep = match code {
        "pt" => ".",
        "ru" => "\u{a0}",
        _ => ",",
    };
    let mut out = String::new();
    for (i, &d) in bytes.iter().enumerate() {
        let left = bytes.len() - i;
        if i > 0 {
            let boundary = if indian {
                left == 3 || (left > 3 && (left - 3).is_multiple_of(2))
            } else {
                left.is_multiple_of(3)
            };
            if boundary {
                out.push_str(sep);
            }
        }
        let d = d - b'0';
        if code == "bn" {
            out.push(char::from_u32(0x09E6 + u32::from(d)).expect("a Bengali digit"));
        } else {
            out.push(char::from(b'0' + d));
        }
    }
    out
}

fn formatter(
    code: &'static str,
) -> fn(&FluentValue, &intl_memoizer::IntlLangMemoizer) -> Option<String> {
    match code {
        "hi" => |v, _| whole(v).map(|n| format_number("hi", n)),
        "pt" => |v, _| whole(v).map(|n| format_number("pt", n)),
        "ru" => |v, _| whole(v).map(|n| format_number("ru", n)),
        "bn" => |v, _| whole(v).map(|n| format_number("bn", n)),
        _ => |v, _| whole(v).map(|n| format_number("en", n)),
    }
}

/// A whole, non-negative number argument (the only kind the catalogs format: counts).
fn whole(v: &FluentValue) -> Option<u64> {
    match v {
        FluentValue::Number(n) if n.value >= 0.0 && n.value.fract() == 0.0 => Some(n.value as u64),
        _ => None,
    }
}

fn bundle(lang: &Language) -> Result<FluentBundle<FluentResource>, String> {
    bundle_of(lang.code, lang.ftl)
}

/// The bundle of catalog text `ftl` for language `code` (one of the table's).
fn bundle_of(code: &'static str, ftl: &str) -> Result<FluentBundle<FluentResource>, String> {
    let id: LanguageIdentifier = code.parse().map_err(|e| format!("language {code}: {e:?}"))?;
    let resource = FluentResource::try_new(ftl.to_string())
        .map_err(|(_, e)| format!("locales/{code}.ftl does not parse: {e:?}"))?;
    let mut b = FluentBundle::new(vec![id]);
    // No Unicode isolation marks around arguments: the labels and pages lay out
    // direction themselves, and the marks would show up in extracted PDF text.
    b.set_use_isolating(false);
    b.set_formatter(Some(formatter(code)));
    b.add_resource(resource).map_err(|e| format!("locales/{code}.ftl: {e:?}"))?;
    Ok(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_a_catalog_lacks_comes_in_english() {
        // A Portuguese catalog with one message: the rest falls back to English.
        let pt = bundle_of("pt", "panel-play = Jogar\n").unwrap();
        let catalog = Catalog { bundles: vec![pt, bundle(&LANGUAGES[0]).unwrap()] };
        assert_eq!(catalog.get("panel-play"), "Jogar");
        assert_eq!(catalog.get("panel-beads"), "Beads");
        assert_eq!(catalog.code(), "pt");
        assert_eq!(catalog.number(1234), "1.234");
    }
}
