//! The games and learners by name, as the command line, the protocol and the web page
//! choose them: one parser for all of them instead of names matched by hand.

use crate::game::Side;
use crate::learn::hexapawn_experiment::hexapawn_winner;
use crate::learn::LearnerKind;
use crate::nim::Nim;

/// Which game to play.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum GameChoice {
    /// Tic-tac-toe: the learner plays X and moves first.
    #[default]
    Ttt,
    /// Nim with these rows (taking the last counter wins); the learner moves first.
    Nim(Nim),
    /// Gardner's Hexapawn; the learner plays the side that wins with perfect play.
    Hexapawn,
}

/// The games' names, in the order help texts list them.
pub const GAME_NAMES: [&str; 3] = ["ttt", "nim", "hexapawn"];

impl GameChoice {
    /// Parses a game's name (any case): `ttt`, `nim` (with `rows`, e.g. `3,4,5`, the
    /// default when `None`) or `hexapawn`. `rows` are Nim's only; the other games ignore
    /// them, as `--rows` always did.
    pub fn parse(name: &str, rows: Option<&str>) -> Result<GameChoice, String> {
        match name.to_ascii_lowercase().as_str() {
            "ttt" => Ok(GameChoice::Ttt),
            "nim" => Ok(GameChoice::Nim(match rows {
                Some(r) => Nim::parse_rows(r)?,
                None => Nim::default(),
            })),
            "hexapawn" => Ok(GameChoice::Hexapawn),
            _ => Err(format!("unknown game {name:?}: ttt, nim or hexapawn")),
        }
    }

    /// The game's name: `ttt`, `nim` or `hexapawn`.
    pub fn name(&self) -> &'static str {
        match self {
            GameChoice::Ttt => "ttt",
            GameChoice::Nim(_) => "nim",
            GameChoice::Hexapawn => "hexapawn",
        }
    }

    /// The side the learner plays: the first player, except in Hexapawn, where it takes
    /// the side that wins with perfect play (as Gardner's HER did).
    pub fn learner_side(&self) -> Side {
        match self {
            GameChoice::Ttt | GameChoice::Nim(_) => Side::First,
            GameChoice::Hexapawn => hexapawn_winner(),
        }
    }
}

impl LearnerKind {
    /// Parses `menace` or `weighted` (any case).
    pub fn parse(name: &str) -> Result<LearnerKind, String> {
        match name.to_ascii_lowercase().as_str() {
            "menace" => Ok(LearnerKind::Menace),
            "weighted" => Ok(LearnerKind::Weighted),
            other => Err(format!("unknown learner {other:?}: menace or weighted")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_parse_by_name_in_any_case() {
        assert_eq!(GameChoice::parse("TTT", None), Ok(GameChoice::Ttt));
        assert_eq!(GameChoice::parse("hexapawn", Some("1,2")), Ok(GameChoice::Hexapawn));
        let nim = GameChoice::parse("nim", Some("1,2")).unwrap();
        assert_eq!(nim, GameChoice::Nim(Nim::parse_rows("1,2").unwrap()));
        assert_eq!(GameChoice::parse("nim", None), Ok(GameChoice::Nim(Nim::default())));
        for name in GAME_NAMES {
            assert_eq!(GameChoice::parse(name, None).unwrap().name(), name);
        }
        let e = GameChoice::parse("chess", None).unwrap_err();
        assert_eq!(e, r#"unknown game "chess": ttt, nim or hexapawn"#);
        assert!(GameChoice::parse("nim", Some("x")).is_err());
    }

    #[test]
    fn learners_parse_by_name_in_any_case() {
        assert_eq!(LearnerKind::parse("Weighted"), Ok(LearnerKind::Weighted));
        assert_eq!(LearnerKind::parse("menace"), Ok(LearnerKind::Menace));
        assert!(LearnerKind::parse("tabular").unwrap_err().contains("menace or weighted"));
    }

    #[test]
    fn the_hexapawn_learner_takes_the_winning_side() {
        assert_eq!(GameChoice::Ttt.learner_side(), Side::First);
        assert_eq!(GameChoice::Hexapawn.learner_side(), Side::Second);
    }
}
