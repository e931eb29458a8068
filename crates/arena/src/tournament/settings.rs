//! The settings of a results folder's tournament (`settings.json`: its kind, fingerprint
//! and the configuration's canonical text), so that a run refused for holding another
//! tournament's results says which setting differs, not two fingerprints.
//!
//! The order of the entrants counts: it decides the pairs' order, so which unit is which
//! game, who takes black (or which seat) in each, and the `{game}` a command is given;
//! the same entrants in another order are another tournament, whose units could not be
//! matched to the recorded ones. The refusal says so, and that giving them in the
//! recorded order resumes.

use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::Plan;

/// The file beside the results.
pub const FILE: &str = "settings.json";

/// What the file holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Recorded {
    /// The tournament's kind.
    pub kind: String,
    /// The configuration's fingerprint.
    pub config: String,
    /// Units in the tournament.
    pub units: u64,
    /// The configuration's canonical text, parsed (a string when it is not JSON).
    pub settings: Value,
}

/// Largest settings file read.
const MAX_FILE: u64 = 4 << 20;

/// The settings recorded in `out`, if any (a file that cannot be read as such is treated as
/// absent: it is rewritten once a run of this folder's own configuration starts).
pub fn read(out: &Path) -> Result<Option<Recorded>, String> {
    let path = out.join(FILE);
    if !path.exists() {
        return Ok(None);
    }
    let bytes = menace_files::read_capped(&path, MAX_FILE).map_err(|e| e.to_string())?;
    Ok(serde_json::from_slice(&bytes).ok())
}

/// `plan`'s settings as recorded.
fn recorded(plan: &Plan) -> Recorded {
    Recorded {
        kind: plan.kind.clone(),
        config: plan.config.0.clone(),
        units: plan.units,
        settings: serde_json::from_str(&plan.canonical)
            .unwrap_or_else(|_| Value::String(plan.canonical.clone())),
    }
}

/// Records `plan`'s settings in `out`.
pub fn write(out: &Path, plan: &Plan) -> Result<(), String> {
    let path = out.join(FILE);
    let text = serde_json::to_string_pretty(&recorded(plan)).unwrap_or_default() + "\n";
    menace_files::write_atomic(&path, text.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The refusal of a run of `plan` into `out`, whose results are of `old`'s configuration.
pub fn refusal(out: &Path, old: &Recorded, plan: &Plan) -> String {
    let said = differences(&old.settings, &recorded(plan).settings);
    let said = if said.is_empty() {
        format!("configuration {} (this run: {})", old.config, plan.config)
    } else {
        said.join("; ")
    };
    format!(
        "{} holds results of another tournament: {said}; nothing was changed: give another results folder (by default each tournament gets one of its own), or the recorded settings to resume it",
        out.display()
    )
}

/// Each setting that differs between `old` and `new` (objects, key by key), in words:
/// `komi differs: recorded 0, now 7.5`; a list holding the same things in another order:
/// `entrants order differs: recorded a, b, c; now b, a, c (...)`.
pub fn differences(old: &Value, new: &Value) -> Vec<String> {
    let (Value::Object(o), Value::Object(n)) = (old, new) else {
        return if old == new { Vec::new() } else { vec![differs("the settings", old, new)] };
    };
    let mut keys: Vec<&String> = o.keys().chain(n.keys()).collect();
    keys.sort();
    keys.dedup();
    let mut out = Vec::new();
    for k in keys {
        let name = k.replace('_', " ");
        match (o.get(k), n.get(k)) {
            (Some(a), Some(b)) if a == b => {}
            (Some(Value::Array(a)), Some(Value::Array(b))) if same_items(a, b) => {
                out.push(format!(
                    "{name} order differs: recorded {}; now {} (the order decides each game's pairing, colours and number, so the same entrants in another order are another tournament: give them in the recorded order to resume it)",
                    list(a),
                    list(b)
                ));
            }
            (Some(a), Some(b)) => out.push(differs(&name, a, b)),
            (Some(a), None) => out.push(format!("{name} was {}, now not set", short(a))),
            (None, Some(b)) => out.push(format!("{name} was not set, now {}", short(b))),
            (None, None) => {}
        }
    }
    out
}

fn differs(name: &str, a: &Value, b: &Value) -> String {
    format!("{name} differs: recorded {}, now {}", short(a), short(b))
}

/// Whether two lists hold the same items, in any order.
fn same_items(a: &[Value], b: &[Value]) -> bool {
    let key = |v: &[Value]| {
        let mut k: Vec<String> = v.iter().map(Value::to_string).collect();
        k.sort();
        k
    };
    a.len() == b.len() && a != b && key(a) == key(b)
}

/// A list's items by name: an item that is itself a list (`[name, spec]`) by its first.
fn list(items: &[Value]) -> String {
    let name = |v: &Value| match v {
        Value::Array(a) if !a.is_empty() => short(&a[0]),
        v => short(v),
    };
    items.iter().map(name).collect::<Vec<_>>().join(", ")
}

/// A value as short text: a string bare, anything else as JSON, cut at 200 characters.
fn short(v: &Value) -> String {
    let text = match v {
        Value::String(s) => s.clone(),
        v => v.to_string(),
    };
    let mut shown: String = text.chars().take(200).collect();
    if shown.len() < text.len() {
        shown.push('…');
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_setting_that_differs_is_named_with_both_values() {
        let old = json!({"entrants": [["a", "koth:x"], ["b", "koth:y"], ["c", "builtin"]],
                         "komi": 0.0, "size": 9, "games_per_pair": 2});
        let reordered = json!({"entrants": [["b", "koth:y"], ["a", "koth:x"], ["c", "builtin"]],
                               "komi": 7.5, "size": 9, "games_per_pair": 4});
        let said = differences(&old, &reordered);
        assert_eq!(said.len(), 3, "{said:?}");
        assert!(said[0].starts_with("entrants order differs: recorded a, b, c; now b, a, c ("));
        assert_eq!(said[1], "games per pair differs: recorded 2, now 4");
        assert_eq!(said[2], "komi differs: recorded 0.0, now 7.5");
        // Another entrant is a difference of the list, not of its order.
        let other = json!({"entrants": [["a", "koth:x"], ["b", "koth:z"], ["c", "builtin"]],
                           "komi": 0.0, "size": 9, "games_per_pair": 2});
        let said = differences(&old, &other);
        assert_eq!(said.len(), 1);
        assert!(said[0].starts_with("entrants differs: recorded [[\"a\""), "{said:?}");
        assert!(differences(&old, &old).is_empty());
        let added = differences(&json!({"a": 1}), &json!({"a": 1, "time": "5m"}));
        assert_eq!(added, ["time was not set, now 5m"]);
    }

    #[test]
    fn a_refusal_names_the_setting_and_the_recorded_file_round_trips() {
        let dir = tempfile::tempdir().unwrap();
        let plan = Plan::new("go", r#"{"seed":1,"games":2}"#, 2);
        write(dir.path(), &plan).unwrap();
        let old = read(dir.path()).unwrap().unwrap();
        assert_eq!(old.config, plan.config.0);
        let other = Plan::new("go", r#"{"seed":2,"games":2}"#, 2);
        let e = refusal(dir.path(), &old, &other);
        assert!(e.contains("holds results of another tournament: seed differs: recorded 1, now 2; nothing was changed"), "{e}");
        assert!(!e.contains(&plan.config.0), "no fingerprints when a setting is named: {e}");
    }
}
