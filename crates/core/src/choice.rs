//! The games and learners by name, as the command line, the protocol and the web page
//! choose them: one parser for all of them instead of names matched by hand.

use crate::game::{Game, Side};
use crate::hexapawn::Hexapawn;
use crate::learn::LearnerKind;
use crate::nim::Nim;
use crate::solve::Solver;

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

    /// The side the learner plays when `asked` is the side asked for (`None`: none was).
    /// Tic-tac-toe's MENACE plays either side (Scroggs's second machine plays O); the
    /// other games keep their learner's side, and asking for the other one is refused
    /// ([`OneSided`]) rather than ignored.
    pub fn side(&self, asked: Option<Side>) -> Result<Side, OneSided> {
        let own = self.learner_side();
        match asked {
            None => Ok(own),
            Some(side) if *self == GameChoice::Ttt || side == own => Ok(side),
            Some(side) => Err(OneSided { game: self.name(), asked: side, own }),
        }
    }
}

/// A side asked of a game whose learner plays only the other one (every game but
/// tic-tac-toe). Its words name no flag: the binary's do.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OneSided {
    /// The game's name.
    pub game: &'static str,
    /// The side asked for.
    pub asked: Side,
    /// The side its learner plays.
    pub own: Side,
}

impl std::fmt::Display for OneSided {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "only tic-tac-toe's learner plays either side; {}'s plays {}",
            self.game,
            self.own.name()
        )
    }
}

impl From<OneSided> for String {
    fn from(e: OneSided) -> String {
        e.to_string()
    }
}

/// The side that wins Hexapawn with perfect play (by exhaustive search): the side its
/// learner plays, as Gardner's HER did.
pub fn hexapawn_winner() -> Side {
    let mut s = Solver::new(Hexapawn);
    if s.value(Hexapawn.start()) > 0 {
        Side::First
    } else {
        Side::Second
    }
}

/// The sides' names, as `--side` and the state file's `side` take them.
pub const SIDE_NAMES: [&str; 2] = ["first", "second"];

impl Side {
    /// Parses `first` or `second` (any case), or `x` / `o`, tic-tac-toe's names for them.
    pub fn parse(name: &str) -> Result<Side, String> {
        match name.trim().to_ascii_lowercase().as_str() {
            "first" | "x" => Ok(Side::First),
            "second" | "o" => Ok(Side::Second),
            other => Err(format!("unknown side {other:?}: first or second")),
        }
    }

    /// The side's name: `first` or `second`.
    pub fn name(self) -> &'static str {
        match self {
            Side::First => "first",
            Side::Second => "second",
        }
    }

    /// Whether this is the first side (state files leave that side out, so files written
    /// before MENACE could play second keep their bytes).
    pub fn is_first(&self) -> bool {
        *self == Side::First
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
    fn sides_parse_by_name_and_only_ttt_takes_either() {
        for name in SIDE_NAMES {
            assert_eq!(Side::parse(name).unwrap().name(), name);
        }
        assert_eq!(Side::parse("O"), Ok(Side::Second));
        assert!(Side::parse("third").unwrap_err().contains("first or second"));
        assert_eq!(GameChoice::Ttt.side(Some(Side::Second)), Ok(Side::Second));
        assert_eq!(GameChoice::Ttt.side(None), Ok(Side::First));
        assert_eq!(GameChoice::Hexapawn.side(None), Ok(Side::Second));
        assert_eq!(GameChoice::Hexapawn.side(Some(Side::Second)), Ok(Side::Second));
        let e = GameChoice::Nim(Nim::default()).side(Some(Side::Second)).unwrap_err();
        assert_eq!(e, OneSided { game: "nim", asked: Side::Second, own: Side::First });
        assert_eq!(
            e.to_string(),
            "only tic-tac-toe's learner plays either side; nim's plays first"
        );
    }

    #[test]
    fn the_hexapawn_learner_takes_the_winning_side() {
        assert_eq!(GameChoice::Ttt.learner_side(), Side::First);
        assert_eq!(GameChoice::Hexapawn.learner_side(), Side::Second);
    }
}
