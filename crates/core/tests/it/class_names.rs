//! A class's names as a class takes them: a table of what is typed and what the board
//! keeps (or why it is refused), and lookalikes that are one player.

use menace_core::menace::class::{check_name, name_key, ClassRecord};
use menace_core::play::Tally;

/// (typed, kept): each refused one gives `None`.
const NAMES: &[(&str, Option<&str>)] = &[
    ("Ada", Some("Ada")),
    ("  Ada   Lovelace  ", Some("Ada Lovelace")),
    // Full-width letters and ligatures are their plain letters (NFKC).
    ("Ａｄａ", Some("Ada")),
    ("ﬁona", Some("fiona")),
    // Composed and decomposed accents are one name.
    ("Zoe\u{0301}", Some("Zoé")),
    ("Zoé", Some("Zoé")),
    // Invisible and direction characters are refused, wherever they are.
    ("\u{200b}", None),
    ("\u{200b}Ada", None),
    ("\u{feff}Ada", None),
    ("a\u{202e}gnp.exe", None),
    ("Ada\u{2066}", None),
    ("Ada\u{200e}", None),
    ("\u{3164}", None),
    ("\u{2800}", None),
    ("\u{00ad}Ada", None),
    ("Ada\u{2060}", None),
    // A variation selector is dropped: the same character drawn another way.
    ("Ada\u{2764}\u{fe0f}", Some("Ada\u{2764}")),
    // A zero-width joiner between letters stays (Indic spellings need it), not alone.
    ("क\u{094d}\u{200d}ष", Some("क\u{094d}\u{200d}ष")),
    ("\u{200d}Ada", None),
    ("Ada\u{200c}", None),
    ("Ada \u{200d} Lovelace", None),
    // Controls, emptiness, length, a combining mark first.
    ("Ada\u{7}", None),
    ("   ", None),
    ("\u{0301}Ada", None),
    ("abcdefghijklmnopqrstuvwxyzabcdef", Some("abcdefghijklmnopqrstuvwxyzabcdef")),
    ("abcdefghijklmnopqrstuvwxyzabcdefg", None),
    // Hindi and Bengali names as typed.
    ("अनन्या", Some("अनन्या")),
    ("সৌমিত্র", Some("সৌমিত্র")),
    // Markup is text.
    ("<b>x</b>", Some("<b>x</b>")),
];

#[test]
fn names_are_normalised_or_refused_as_the_table_says() {
    for (typed, kept) in NAMES {
        assert_eq!(check_name(typed).ok().as_deref(), *kept, "{typed:?} ({:?})", check_name(typed));
    }
}

#[test]
fn names_that_look_alike_share_a_key() {
    let alike = [
        ("Ada", "\u{0410}da"), // Cyrillic A
        ("Bob", "\u{0412}ob"), // Cyrillic Ve
        ("Ali", "AIi"),        // l and I
        ("paypal", "\u{0440}ay\u{0440}al"),
    ];
    for (a, b) in alike {
        assert_eq!(name_key(a), name_key(b), "{a:?} and {b:?}");
    }
    for (a, b) in [("Ada", "Ida"), ("Ada", "Adam"), ("अनन्या", "अनन्य")] {
        assert_ne!(name_key(a), name_key(b), "{a:?} and {b:?}");
    }
}

/// Class files written before names were normalised still load: the file check is the
/// old one (trimmed, short, no control characters).
#[test]
fn an_old_board_with_names_a_new_class_would_refuse_still_loads() {
    let mut record = ClassRecord::default();
    for name in ["\u{200b}x", "Ａｄａ", "a\u{202e}b"] {
        record.players.insert(name.into(), Tally::default());
    }
    assert_eq!(record.check(), Ok(()));
    record.players.insert(" padded".into(), Tally::default());
    assert!(record.check().is_err());
}
