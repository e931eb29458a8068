//! Bead rules: initial beads by stage, the reward schedule, and the empty-box rule.

use std::fmt;

use serde::{Deserialize, Serialize};

/// What MENACE does when it opens a box with no beads in it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EmptyBox {
    /// Put this many beads in first, each a uniformly random legal move (the challenge's
    /// rule, with 3), then draw.
    Refill(u32),
    /// Give up the game (Michie's and Scroggs's rule): it counts as a loss.
    Resign,
}

impl fmt::Display for EmptyBox {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EmptyBox::Refill(n) => write!(f, "refill:{n}"),
            EmptyBox::Resign => f.write_str("resign"),
        }
    }
}

/// Which legal moves of a box get beads (a colour each).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BeadColours {
    /// Every legal move (every empty cell in tic-tac-toe): the challenge's rule, and the
    /// engine's default.
    #[default]
    EveryMove,
    /// One colour per symmetry class of the legal moves: moves that the symmetries
    /// keeping the box's drawing unchanged map onto each other share one colour, placed on
    /// the lowest of them (Michie's and Scroggs's boxes: 1 colour instead of 9 in the
    /// first box). Two moves share a class exactly when they lead to the same position up
    /// to symmetry.
    PerSymmetryClass,
}

impl BeadColours {
    /// The default, which state files leave out (so files keep their 0.1.0 bytes).
    pub fn is_every_move(&self) -> bool {
        *self == BeadColours::EveryMove
    }

    /// Parses `every` or `symmetry` (the names used on the command line and in the
    /// protocol).
    pub fn parse(text: &str) -> Result<BeadColours, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "every" | "every_move" | "all" => Ok(BeadColours::EveryMove),
            "symmetry" | "per_symmetry_class" | "classes" => Ok(BeadColours::PerSymmetryClass),
            _ => Err(format!(
                "bead colours {text:?}: expected every (every legal move) or symmetry (one per symmetry class)"
            )),
        }
    }
}

impl fmt::Display for BeadColours {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BeadColours::EveryMove => "every",
            BeadColours::PerSymmetryClass => "symmetry",
        })
    }
}

/// The complete bead configuration of a machine.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BeadRules {
    /// Beads per legal move in a new box, by the learner's move number (first move
    /// first); the last entry serves for all later moves.
    pub initial: Vec<u32>,
    /// Net beads per drawn bead after a win (the challenge: +1, Michie: +3).
    pub win: i32,
    /// Net beads per drawn bead after a draw (the challenge: 0, Michie: +1).
    pub draw: i32,
    /// Net beads per drawn bead after a loss (-1: the bead stays out).
    pub loss: i32,
    /// What an empty box does.
    pub empty: EmptyBox,
    /// Which legal moves get beads: every one (default) or one per symmetry class.
    #[serde(default, skip_serializing_if = "BeadColours::is_every_move")]
    pub colours: BeadColours,
}

/// A named bead configuration.
pub struct Preset {
    /// The name used by `--preset` and the protocol.
    pub name: &'static str,
    /// One line for `--help` and `help`.
    pub summary: &'static str,
    /// Builds the rules.
    pub rules: fn() -> BeadRules,
}

/// The named presets.
pub const PRESETS: &[Preset] = &[
    Preset {
        name: "challenge",
        summary: "4/3/2/1 beads, win +1 / draw 0 / loss -1, an empty box gets 3 random beads",
        rules: BeadRules::challenge,
    },
    Preset {
        name: "michie",
        summary: "Michie's 1961 schedule: 4/3/2/1 beads, win +3 / draw +1 / loss -1, refill 3, a colour per symmetry class",
        rules: BeadRules::michie,
    },
    Preset {
        name: "scroggs",
        summary:
            "Scroggs's MENACE: 8/4/2/1 beads, win +3 / draw +1 / loss -1, resigns on an empty box, a colour per symmetry class",
        rules: BeadRules::scroggs,
    },
];

impl Default for BeadRules {
    fn default() -> Self {
        BeadRules::challenge()
    }
}

impl BeadRules {
    /// The rules a preset (by name; the challenge's when `None`) and written parts on top
    /// of it describe, each part written as the command line and the protocol's `rules`
    /// take it (`4,3,2,1`, `3,1,-1`, `refill:3`, `symmetry`); checked. The message says
    /// which part is wrong.
    pub fn from_parts(
        preset: Option<&str>,
        initial: Option<&str>,
        reward: Option<&str>,
        empty: Option<&str>,
        colours: Option<&str>,
    ) -> Result<BeadRules, String> {
        let mut rules = match preset {
            None => BeadRules::challenge(),
            Some(name) => BeadRules::preset(name).ok_or_else(|| {
                let names: Vec<&str> = PRESETS.iter().map(|p| p.name).collect();
                format!("unknown preset {name:?}: choose one of {}", names.join(", "))
            })?,
        };
        if let Some(text) = initial {
            rules.initial = BeadRules::parse_initial(text)?;
        }
        if let Some(text) = reward {
            (rules.win, rules.draw, rules.loss) = BeadRules::parse_reward(text)?;
        }
        if let Some(text) = empty {
            rules.empty = BeadRules::parse_empty(text)?;
        }
        if let Some(text) = colours {
            rules.colours = BeadColours::parse(text)?;
        }
        rules.validate()?;
        Ok(rules)
    }

    /// The presets, one line each (`  NAME       summary`), for help texts.
    pub fn preset_list() -> String {
        let lines: Vec<String> =
            PRESETS.iter().map(|p| format!("  {:<10} {}", p.name, p.summary)).collect();
        lines.join("\n")
    }

    /// The challenge's rules, the engine's default.
    pub fn challenge() -> BeadRules {
        BeadRules {
            initial: vec![4, 3, 2, 1],
            win: 1,
            draw: 0,
            loss: -1,
            empty: EmptyBox::Refill(3),
            colours: BeadColours::EveryMove,
        }
    }

    /// Michie's machine: his reward schedule (+3/+1/-1), with the challenge's refill, and
    /// his boxes' one colour per symmetry class of moves (the first box holds 3 colours:
    /// a corner, an edge, the centre), which the preset's name promises.
    pub fn michie() -> BeadRules {
        BeadRules {
            win: 3,
            draw: 1,
            colours: BeadColours::PerSymmetryClass,
            ..BeadRules::challenge()
        }
    }

    /// Matthew Scroggs's machine (8/4/2/1, +3/+1/-1, resign on an empty box), with its
    /// one colour per symmetry class of moves: with every cell a colour of its own it
    /// loses about three times the games Scroggs reports against perfect play.
    pub fn scroggs() -> BeadRules {
        BeadRules {
            initial: vec![8, 4, 2, 1],
            win: 3,
            draw: 1,
            loss: -1,
            empty: EmptyBox::Resign,
            colours: BeadColours::PerSymmetryClass,
        }
    }

    /// The preset called `name` (case-insensitive).
    pub fn preset(name: &str) -> Option<BeadRules> {
        PRESETS.iter().find(|p| p.name.eq_ignore_ascii_case(name)).map(|p| (p.rules)())
    }

    /// The name of the preset these rules equal, if any.
    pub fn preset_name(&self) -> Option<&'static str> {
        PRESETS.iter().find(|p| (p.rules)() == *self).map(|p| p.name)
    }

    /// Initial beads per legal move at the learner's move number `stage` (0-based).
    pub fn initial_for(&self, stage: usize) -> u32 {
        self.initial.get(stage).or(self.initial.last()).copied().unwrap_or(0)
    }

    /// Checks the rules make sense: at least one initial count, every count positive so a
    /// new box is never empty, and a refill that adds at least one bead.
    pub fn validate(&self) -> Result<(), String> {
        if self.initial.is_empty() || self.initial.len() > 64 {
            return Err("initial beads: give 1 to 64 counts, e.g. 4,3,2,1".into());
        }
        if self.initial.iter().any(|&n| n == 0 || n > 1_000_000) {
            return Err("initial beads: each count must be 1 to 1000000".into());
        }
        for (what, v) in [("win", self.win), ("draw", self.draw), ("loss", self.loss)] {
            if !(-1_000_000..=1_000_000).contains(&v) {
                return Err(format!("{what} reward must be between -1000000 and 1000000"));
            }
        }
        if let EmptyBox::Refill(n) = self.empty {
            if n == 0 || n > 1_000_000 {
                return Err("refill must add 1 to 1000000 beads".into());
            }
        }
        Ok(())
    }

    /// Parses `4,3,2,1` (initial beads per move number).
    pub fn parse_initial(text: &str) -> Result<Vec<u32>, String> {
        text.split(',')
            .map(|t| {
                t.trim().parse::<u32>().map_err(|_| {
                    format!("initial beads: {:?} is not a count (expected e.g. 4,3,2,1)", t.trim())
                })
            })
            .collect()
    }

    /// Parses `3,1,-1` (win, draw, loss rewards).
    pub fn parse_reward(text: &str) -> Result<(i32, i32, i32), String> {
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        let bad = || format!("reward {text:?}: expected three numbers win,draw,loss e.g. 3,1,-1");
        if parts.len() != 3 {
            return Err(bad());
        }
        let n = |s: &str| s.parse::<i32>().map_err(|_| bad());
        Ok((n(parts[0])?, n(parts[1])?, n(parts[2])?))
    }

    /// Parses `refill:N` or `resign`.
    pub fn parse_empty(text: &str) -> Result<EmptyBox, String> {
        let t = text.trim().to_ascii_lowercase();
        if t == "resign" {
            return Ok(EmptyBox::Resign);
        }
        if let Some(n) = t.strip_prefix("refill:").or_else(|| t.strip_prefix("refill=")) {
            return n.parse::<u32>().map(EmptyBox::Refill).map_err(|_| {
                format!("empty-box rule {text:?}: refill needs a count, e.g. refill:3")
            });
        }
        Err(format!("empty-box rule {text:?}: expected refill:N or resign"))
    }
}

impl fmt::Display for BeadRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let init: Vec<String> = self.initial.iter().map(u32::to_string).collect();
        write!(
            f,
            "initial {}, reward {:+}/{:+}/{:+}, empty box {}",
            init.join("/"),
            self.win,
            self.draw,
            self.loss,
            self.empty
        )?;
        // The default is left out, so existing texts and transcripts stay as they were.
        if self.colours == BeadColours::PerSymmetryClass {
            f.write_str(", one colour per symmetry class")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_valid_and_named() {
        for p in PRESETS {
            let rules = (p.rules)();
            rules.validate().unwrap();
            assert_eq!(rules.preset_name(), Some(p.name));
            assert_eq!(BeadRules::preset(&p.name.to_uppercase()), Some(rules));
        }
        assert_eq!(BeadRules::preset("nope"), None);
    }

    #[test]
    fn stages_past_the_list_reuse_the_last_count() {
        let r = BeadRules::challenge();
        assert_eq!((0..6).map(|s| r.initial_for(s)).collect::<Vec<_>>(), [4, 3, 2, 1, 1, 1]);
    }

    #[test]
    fn parsing() {
        assert_eq!(BeadRules::parse_initial("8, 4,2,1"), Ok(vec![8, 4, 2, 1]));
        assert!(BeadRules::parse_initial("8,-4").is_err());
        assert_eq!(BeadRules::parse_reward("3,1,-1"), Ok((3, 1, -1)));
        assert!(BeadRules::parse_reward("3,1").is_err());
        assert_eq!(BeadRules::parse_empty("Refill:5"), Ok(EmptyBox::Refill(5)));
        assert_eq!(BeadRules::parse_empty("resign"), Ok(EmptyBox::Resign));
        assert!(BeadRules::parse_empty("refill:x").is_err());
        let zero = BeadRules { initial: vec![4, 0], ..BeadRules::challenge() };
        assert!(zero.validate().is_err());
    }
}
