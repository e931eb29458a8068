//! A class's data (`menace serve --class`): what its file holds beside the machine (the
//! record of MENACE against the people, its training, the players' board and the
//! learning curve), the limits that keep it bounded, and the rule for a player's name.
//! The live room that plays on it is the class crate's (`menace_class`); the file that
//! holds it is a saved state ([`super::state::State::class`]). The record and the name
//! rule stay here, below the protocol: the one state loader reads the record, and the
//! protocol's `name` parser checks a name as a class will.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::curve::Curve;
pub use super::curve::{Point as ClassPoint, MAX_CURVE};
use crate::play::Tally;

/// The longest player name in a class, in characters.
pub const MAX_NAME: usize = 32;
/// Players on a class's board at most (a new name past this is refused, so the board's
/// memory and the file stay bounded).
pub const MAX_PLAYERS: usize = 2000;
/// Opponents a class keeps training records for.
pub const MAX_TRAINED: usize = 64;

/// A class's record beside its machine: MENACE's results against the people of the
/// class, apart from its training, each from MENACE's side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(from = "RecordFields", into = "RecordFields")]
pub struct ClassRecord {
    /// MENACE's results in the games people played on the class page.
    pub score: Tally,
    /// MENACE's results in the training games the teacher started, by opponent.
    #[serde(default)]
    pub trained: BTreeMap<String, Tally>,
    /// MENACE's results against each player, by name.
    pub players: BTreeMap<String, Tally>,
    /// The class's learning curve: after each point's games (people's games only),
    /// MENACE's wins minus losses (written as `curve` and `curve_step`).
    pub curve: Curve,
}

/// How a class's record is written (the fields of its files since the first).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordFields {
    score: Tally,
    #[serde(default)]
    trained: BTreeMap<String, Tally>,
    players: BTreeMap<String, Tally>,
    curve: Vec<ClassPoint>,
    curve_step: u64,
}

impl From<RecordFields> for ClassRecord {
    fn from(f: RecordFields) -> ClassRecord {
        ClassRecord {
            score: f.score,
            trained: f.trained,
            players: f.players,
            curve: Curve::from_parts(f.curve, f.curve_step),
        }
    }
}

impl From<ClassRecord> for RecordFields {
    fn from(r: ClassRecord) -> RecordFields {
        RecordFields {
            score: r.score,
            trained: r.trained,
            players: r.players,
            curve: r.curve.points().to_vec(),
            curve_step: r.curve.step(),
        }
    }
}

impl Default for ClassRecord {
    /// A class that has played nothing yet (a point on the curve every game).
    fn default() -> ClassRecord {
        ClassRecord {
            score: Tally::default(),
            trained: BTreeMap::new(),
            players: BTreeMap::new(),
            curve: Curve::default(),
        }
    }
}

impl ClassRecord {
    /// Checks what a file may have put here: names, sizes, counts that add up, and a curve
    /// that the next game can extend (never ahead of its score): what a restart checks,
    /// and an import too.
    pub fn check(&self) -> Result<(), String> {
        if self.players.len() > MAX_PLAYERS || self.players.keys().any(|n| !stored_name_ok(n)) {
            return Err("the class's board of players has a bad name or too many names".into());
        }
        if self.trained.len() > MAX_TRAINED || self.trained.keys().any(|n| n.len() > 64) {
            return Err("the class's training record is malformed".into());
        }
        let counts = std::iter::once(&self.score).chain(self.trained.values());
        if counts.chain(self.players.values()).any(|t| t.games_checked().is_none()) {
            return Err("the class's record counts past 2^64 - 1".into());
        }
        self.curve.check(&self.score).map_err(|e| format!("the class's record: {e}"))
    }
}

/// A player's name as a class takes a new one: Unicode-normalised (NFKC, so a
/// full-width "Ａｄａ" is "Ada"), runs of spaces made one space and trimmed, variation
/// selectors dropped; refused if it holds a control character or an invisible one (a
/// zero-width space, a byte-order mark, a direction override such as the one that shows
/// `a\u{202e}gnp.exe` as "aexe.png", a blank Hangul filler), or opens with a combining
/// mark, or is empty or over [`MAX_NAME`] characters. A zero-width joiner or non-joiner
/// stays between two letters, where Indic spellings need it. Two names that look alike
/// (the same [`name_key`]) are one player: the class keeps the first. A name is text:
/// pages must show it as text, never as markup.
pub fn check_name(name: &str) -> Result<String, String> {
    use unicode_normalization::char::is_combining_mark;
    use unicode_normalization::UnicodeNormalization;
    if name.chars().any(char::is_control) {
        return Err("a name cannot hold control characters".into());
    }
    let normal: String = name.nfkc().filter(|c| !is_variation_selector(*c)).collect();
    let words: Vec<&str> = normal.split(char::is_whitespace).filter(|w| !w.is_empty()).collect();
    let name = words.join(" ");
    if name.is_empty() {
        return Err("type your name first".into());
    }
    if name.chars().count() > MAX_NAME {
        return Err(format!("a name has at most {MAX_NAME} characters"));
    }
    let chars: Vec<char> = name.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if !is_invisible(c) {
            continue;
        }
        let joins = matches!(c, '\u{200c}' | '\u{200d}')
            && i > 0
            && i + 1 < chars.len()
            && !chars[i - 1].is_whitespace()
            && !is_invisible(chars[i - 1])
            && !chars[i + 1].is_whitespace()
            && !is_invisible(chars[i + 1]);
        if !joins {
            return Err(format!(
                "a name cannot hold invisible or direction characters (U+{:04X})",
                u32::from(c)
            ));
        }
    }
    if is_combining_mark(chars[0]) {
        return Err("a name cannot open with a combining mark".into());
    }
    Ok(name)
}

/// What two names that look alike share: the UTS #39 skeleton of the name (its
/// confusable characters mapped to one prototype: Cyrillic "А" and Latin "A", "l" and
/// "I"), so a class keeps one player for "Ada" and "Аda".
pub fn name_key(name: &str) -> String {
    unicode_security::skeleton(name).collect()
}

/// Variation selectors choose how a character is drawn (an emoji's colour), not which
/// character it is: dropped, so "❤" and "❤\u{fe0f}" are one name.
fn is_variation_selector(c: char) -> bool {
    matches!(c, '\u{fe00}'..='\u{fe0f}' | '\u{e0100}'..='\u{e01ef}' | '\u{180b}'..='\u{180f}')
}

/// Characters that draw nothing: Unicode's default-ignorable code points (format
/// characters, direction controls, zero-width characters, fillers, tags) and the blank
/// Braille pattern.
fn is_invisible(c: char) -> bool {
    use unicode_security::general_security_profile::{GeneralSecurityProfile, IdentifierType};
    c == '\u{2800}' || c.identifier_type() == Some(IdentifierType::Default_Ignorable)
}

/// Whether a name read from a class file is one a class could have kept: trimmed, 1 to
/// [`MAX_NAME`] characters, no control characters. Looser than [`check_name`], so class
/// files written before names were normalised still load.
fn stored_name_ok(name: &str) -> bool {
    let n = name.chars().count();
    name.trim() == name && (1..=MAX_NAME).contains(&n) && !name.chars().any(char::is_control)
}
