//! The five catalogs stay in step: each parses, each has exactly the messages English
//! has (no missing one, no extra one), with the same variables; every message is used by
//! the code; plural selectors have the CLDR categories of their language. A catalog
//! edited by a native speaker is checked by `cargo test -p menace-i18n`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use fluent_syntax::ast::{
    Entry, Expression, InlineExpression, Pattern, PatternElement, VariantKey,
};
use menace_i18n::{message_ids, Catalog, LANGUAGES};

/// Each message's variables, and each plural selector's variant keys, by message id.
struct Shape {
    vars: BTreeMap<String, BTreeSet<String>>,
    plurals: BTreeMap<String, Vec<BTreeSet<String>>>,
}

fn walk(p: &Pattern<&str>, vars: &mut BTreeSet<String>, plurals: &mut Vec<BTreeSet<String>>) {
    for e in &p.elements {
        if let PatternElement::Placeable { expression } = e {
            expr(expression, vars, plurals);
        }
    }
}

fn expr(e: &Expression<&str>, vars: &mut BTreeSet<String>, plurals: &mut Vec<BTreeSet<String>>) {
    match e {
        Expression::Inline(InlineExpression::VariableReference { id }) => {
            vars.insert(id.name.to_string());
        }
        Expression::Inline(_) => {}
        Expression::Select { selector, variants } => {
            if let InlineExpression::VariableReference { id } = selector {
                vars.insert(id.name.to_string());
            }
            let keys = variants
                .iter()
                .map(|v| match &v.key {
                    VariantKey::Identifier { name } => name.to_string(),
                    VariantKey::NumberLiteral { value } => value.to_string(),
                })
                .collect();
            plurals.push(keys);
            for v in variants {
                walk(&v.value, vars, plurals);
            }
        }
    }
}

fn shape(ftl: &str, code: &str) -> Shape {
    let resource = fluent_syntax::parser::parse(ftl)
        .unwrap_or_else(|(_, errors)| panic!("locales/{code}.ftl does not parse: {errors:?}"));
    let mut s = Shape { vars: BTreeMap::new(), plurals: BTreeMap::new() };
    for entry in &resource.body {
        if let Entry::Message(m) = entry {
            let (mut vars, mut plurals) = (BTreeSet::new(), Vec::new());
            if let Some(v) = &m.value {
                walk(v, &mut vars, &mut plurals);
            }
            assert!(
                m.attributes.is_empty(),
                "{code}: {} has attributes the pages do not read",
                m.id.name
            );
            s.vars.insert(m.id.name.to_string(), vars);
            s.plurals.insert(m.id.name.to_string(), plurals);
        }
        if let Entry::Junk { content } = entry {
            panic!("locales/{code}.ftl has a line Fluent cannot read: {content}");
        }
    }
    s
}

#[test]
fn every_catalog_parses_and_loads() {
    for lang in LANGUAGES {
        shape(lang.ftl, lang.code);
        Catalog::new(lang.code).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn every_catalog_has_exactly_the_messages_english_has_with_the_same_variables() {
    let english = shape(LANGUAGES[0].ftl, "en");
    for lang in &LANGUAGES[1..] {
        let other = shape(lang.ftl, lang.code);
        let (want, got): (BTreeSet<_>, BTreeSet<_>) =
            (english.vars.keys().collect(), other.vars.keys().collect());
        let missing: Vec<_> = want.difference(&got).collect();
        let extra: Vec<_> = got.difference(&want).collect();
        assert!(missing.is_empty(), "locales/{}.ftl lacks {missing:?}", lang.code);
        assert!(
            extra.is_empty(),
            "locales/{}.ftl has messages English lacks: {extra:?}",
            lang.code
        );
        for (id, vars) in &english.vars {
            assert_eq!(
                &other.vars[id], vars,
                "{}: {id} uses other variables than English",
                lang.code
            );
        }
    }
}

#[test]
fn each_message_is_defined_once() {
    for lang in LANGUAGES {
        let ids = message_ids(lang.ftl);
        let unique: BTreeSet<_> = ids.iter().collect();
        assert_eq!(ids.len(), unique.len(), "{} defines a message twice", lang.code);
    }
}

/// CLDR's plural categories for whole numbers: a selector must cover each, or say
/// `*[...]` for the rest. Russian needs one, few and many; the others one and other.
#[test]
fn plural_selectors_have_their_languages_categories() {
    for lang in LANGUAGES {
        let need: &[&str] = match lang.code {
            "ru" => &["one", "few", "many"],
            _ => &["one", "other"],
        };
        for (id, selectors) in shape(lang.ftl, lang.code).plurals {
            for keys in selectors {
                for k in need {
                    // The default variant (`*[...]`) may stand for the last category.
                    let last = need.last() == Some(k);
                    assert!(
                        keys.contains(*k) || (last && keys.len() >= need.len() - 1),
                        "{}: {id}'s selector lacks [{k}] (has {keys:?})",
                        lang.code
                    );
                }
            }
        }
    }
}

/// Where the code names messages: the pages, their scripts, menace print and the CLI.
fn code_text() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut text = String::new();
    let mut dirs =
        vec![root.join("crates/serve/assets"), root.join("crates/print/src"), root.join("src")];
    while let Some(dir) = dirs.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() && !p.ends_with("vendor") {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "js" || x == "html" || x == "rs") {
                text.push_str(&std::fs::read_to_string(&p).unwrap());
            }
        }
    }
    text
}

/// Families of messages named from the engine's own tables (`preset-NAME`,
/// `opponent-NAME`, `symmetry-NAME`, `error-CODE`): a message per entry of the table, no
/// more.
fn families() -> Vec<(&'static str, BTreeSet<String>)> {
    let presets = menace_core::menace::PRESETS.iter().map(|p| p.name.to_string()).collect();
    let opponents = menace_core::learn::train::OPPONENTS
        .iter()
        .filter(|o| o.built_in)
        .map(|o| o.name.split(':').next().unwrap().to_string())
        .collect();
    let symmetries =
        menace_core::ttt::TRANSFORMS.iter().map(|t| t.name().replace(' ', "-")).collect();
    let codes = menace_protocol::ERROR_CODES.iter().map(|e| e.code.to_string()).collect();
    vec![
        ("preset-", presets),
        ("opponent-", opponents),
        ("symmetry-", symmetries),
        ("error-", codes),
    ]
}

#[test]
fn every_message_is_used_by_the_code() {
    let code = code_text();
    let families = families();
    let mut unused = Vec::new();
    for id in message_ids(LANGUAGES[0].ftl) {
        if code.contains(&format!("\"{id}\"")) {
            continue;
        }
        let named = families.iter().any(|(prefix, names)| {
            id.strip_prefix(prefix).is_some_and(|rest| names.contains(rest))
        });
        if !named {
            unused.push(id);
        }
    }
    assert!(unused.is_empty(), "messages no code uses: {unused:?}");
}

#[test]
fn every_table_entry_has_its_message() {
    let ids: BTreeSet<String> = message_ids(LANGUAGES[0].ftl).into_iter().collect();
    for (prefix, names) in families() {
        for name in names {
            assert!(ids.contains(&format!("{prefix}{name}")), "en.ftl lacks {prefix}{name}");
        }
    }
}

#[test]
fn numbers_are_written_as_each_language_writes_them() {
    use menace_i18n::format_number;
    assert_eq!(format_number("en", 1234567), "1,234,567");
    assert_eq!(format_number("hi", 1234567), "12,34,567");
    assert_eq!(format_number("bn", 1234567), "১২,৩৪,৫৬৭");
    assert_eq!(format_number("pt", 1234567), "1.234.567");
    assert_eq!(format_number("pt", 1234), "1.234");
    assert_eq!(format_number("ru", 1234567), "1\u{a0}234\u{a0}567");
    assert_eq!(format_number("ru", 1234), "1\u{a0}234");
    assert_eq!(format_number("en", 7), "7");
}

#[test]
fn plurals_follow_cldr() {
    let ru = Catalog::new("ru").unwrap();
    let n = |c: &Catalog, k: u32| c.text("beads-count", &[("count", k.into())]);
    assert_eq!(n(&ru, 1), "1 бусина");
    assert_eq!(n(&ru, 2), "2 бусины");
    assert_eq!(n(&ru, 5), "5 бусин");
    assert_eq!(n(&ru, 21), "21 бусина");
    assert_eq!(n(&ru, 11), "11 бусин");
    let en = Catalog::new("en").unwrap();
    assert_eq!(n(&en, 1), "1 bead");
    assert_eq!(n(&en, 0), "0 beads");
    let bn = Catalog::new("bn").unwrap();
    assert_eq!(n(&bn, 4), "৪টি পুঁতি");
    let hi = Catalog::new("hi").unwrap();
    assert_eq!(n(&hi, 1), "1 मनका");
    assert_eq!(n(&hi, 3), "3 मनके");
}

#[test]
fn an_unknown_language_or_message_says_so() {
    assert!(Catalog::new("xx").err().unwrap().contains("en, hi, pt, ru, bn"));
    assert_eq!(Catalog::new("pt").unwrap().get("no-such-message"), "no-such-message");
}
