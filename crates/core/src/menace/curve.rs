//! A learning curve of a machine's whole story (Michie's plot): after every so many games,
//! MENACE's wins minus losses so far. One type for a class's curve (people's games) and
//! every machine's own story (every game since it was made, training and play alike).
//!
//! It thins itself as games pile up: a point every `step` games, and when it reaches
//! [`MAX_POINTS`] points every other one goes and the step doubles, so a billion games
//! keep between 64 and 127 points (a few kilobytes). Counters saturate: nothing wraps at
//! 2^64 - 1.

use serde::{Deserialize, Serialize};

use crate::menace::GameResult;
use crate::play::Tally;

/// Points at which a curve thins (every other one goes): it keeps fewer.
pub const MAX_POINTS: usize = 128;
/// The most points a file's curve may hold (class files before the curve thinned at
/// [`MAX_POINTS`] kept up to 499; the next game thins them).
pub const MAX_CURVE: usize = 500;

/// A point of a learning curve.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Point {
    /// Games played when it was taken.
    pub games: u64,
    /// MENACE's wins minus losses in them.
    pub net: i64,
}

/// A thinned learning curve: its points, oldest first, and the games between two.
/// Serialized by its owners as two fields, `curve` (the points) and `curve_step`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Curve {
    points: Vec<Point>,
    step: u64,
}

impl Default for Curve {
    /// An empty curve that takes a point every game.
    fn default() -> Curve {
        Curve { points: Vec::new(), step: 1 }
    }
}

/// MENACE's wins minus losses in `score`, clamped to what an `i64` holds.
pub fn net(score: &Tally) -> i64 {
    let n = i128::from(score.win) - i128::from(score.loss);
    n.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
}

impl Curve {
    /// A curve read from a file, as it was written: [`Curve::check`] it against its score.
    pub fn from_parts(points: Vec<Point>, step: u64) -> Curve {
        Curve { points, step }
    }

    /// The points, oldest first.
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// Games between two points.
    pub fn step(&self) -> u64 {
        self.step
    }

    /// After a game, with `score` the tally that counts it: a new point when its games
    /// are a multiple of the step (thinning as needed), returned.
    pub fn record(&mut self, score: &Tally) -> Option<Point> {
        let games = score.games();
        if games == 0 || !games.is_multiple_of(self.step) {
            return None;
        }
        if self.points.last().is_some_and(|p| p.games >= games) {
            // The counter saturated: the curve stays where it is.
            return None;
        }
        let point = Point { games, net: net(score) };
        self.points.push(point);
        self.thin();
        Some(point)
    }

    /// At [`MAX_POINTS`] points, every other one goes and the step doubles (until fewer).
    fn thin(&mut self) {
        while self.points.len() >= MAX_POINTS && self.step < u64::MAX {
            self.step = self.step.saturating_mul(2);
            let step = self.step;
            self.points.retain(|p| p.games.is_multiple_of(step));
        }
    }

    /// Checks a curve read from a file against the `score` it belongs to: every rule
    /// [`Curve::record`] keeps, so the next game cannot make it go backwards: at most
    /// [`MAX_CURVE`] points, a step of at least 1, points strictly after one another and
    /// never ahead of the score, each net within its games, and a last point at the
    /// score's games saying the score's net.
    pub fn check(&self, score: &Tally) -> Result<(), String> {
        let games = score.games_checked().ok_or("the score's counts add up past 2^64 - 1")?;
        if self.points.len() > MAX_CURVE || self.step == 0 {
            return Err("the learning curve is malformed".into());
        }
        if self.points.windows(2).any(|w| w[0].games >= w[1].games) {
            return Err("the learning curve goes backwards".into());
        }
        if self.points.iter().any(|p| p.games == 0 || p.net.unsigned_abs() > p.games) {
            return Err("the learning curve is malformed".into());
        }
        if let Some(last) = self.points.last() {
            if last.games > games {
                return Err(format!(
                    "the learning curve is ahead of its score ({} games, the score counts {games})",
                    last.games
                ));
            }
            if last.games == games && last.net != net(score) {
                return Err("the learning curve's last point is not its score".into());
            }
        }
        Ok(())
    }
}

/// A machine's whole story: its results since it was made, training and play alike, from
/// MENACE's side, and their learning curve. Kept in every saved state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "StoryFields", into = "StoryFields")]
pub struct Story {
    /// MENACE's wins, draws and losses (saturating).
    pub score: Tally,
    /// Their curve.
    pub curve: Curve,
}

impl Story {
    /// Counts one finished game, `result` for MENACE: the score, and the curve's point.
    pub fn record(&mut self, result: GameResult) -> Option<Point> {
        self.score.add(result);
        self.curve.record(&self.score)
    }

    /// Counts a block of games played elsewhere (`menace train --state`), `tally` from
    /// MENACE's side: the score, and one point at the block's end (between the curve's
    /// steps where it falls so; the next thinning may drop it).
    pub fn record_block(&mut self, tally: &Tally) {
        let s = &mut self.score;
        s.win = s.win.saturating_add(tally.win);
        s.draw = s.draw.saturating_add(tally.draw);
        s.loss = s.loss.saturating_add(tally.loss);
        let games = self.score.games();
        if games == 0 || self.curve.points.last().is_some_and(|p| p.games >= games) {
            return;
        }
        self.curve.points.push(Point { games, net: net(&self.score) });
        self.curve.thin();
    }

    /// Checks a story read from a file (see [`Curve::check`]).
    pub fn check(&self) -> Result<(), String> {
        self.curve.check(&self.score)
    }
}

/// How a story is written: the score, the points and the step, as a class's record writes
/// its curve.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StoryFields {
    score: Tally,
    curve: Vec<Point>,
    curve_step: u64,
}

impl From<StoryFields> for Story {
    fn from(f: StoryFields) -> Story {
        Story { score: f.score, curve: Curve::from_parts(f.curve, f.curve_step) }
    }
}

impl From<Story> for StoryFields {
    fn from(s: Story) -> StoryFields {
        StoryFields { score: s.score, curve: s.curve.points, curve_step: s.curve.step }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(win: u64, draw: u64, loss: u64) -> Tally {
        Tally { win, draw, loss }
    }

    #[test]
    fn a_billion_games_stay_a_few_kilobytes() {
        let mut story = Story::default();
        // A billion games, counted a block at a time: the curve only looks at the counts.
        let mut points = 0;
        for block in 1..=1_000_000u64 {
            story.score = tally(block * 600, block * 300, block * 100 - 1);
            story.record(GameResult::Loss);
            points = points.max(story.curve.points().len());
        }
        assert_eq!(story.score.games(), 1_000_000_000);
        assert!(points < MAX_POINTS, "{points}");
        assert!(story.curve.points().len() >= MAX_POINTS / 2);
        let text = serde_json::to_string(&story).unwrap();
        assert!(text.len() < 5000, "{} bytes", text.len());
        assert_eq!(story.check(), Ok(()));
    }

    #[test]
    fn the_first_games_each_make_a_point_then_it_thins() {
        let mut story = Story::default();
        let results = [GameResult::Win, GameResult::Loss, GameResult::Draw];
        for g in 0..1000 {
            story.record(results[g % 3]);
            assert_eq!(story.check(), Ok(()), "after {} games", g + 1);
        }
        let games: Vec<u64> = story.curve.points().iter().map(|p| p.games).collect();
        assert_eq!(story.curve.step(), 8);
        assert_eq!(games[0], 8);
        assert!(games.windows(2).all(|w| w[1] - w[0] == 8));
    }

    #[test]
    fn nothing_wraps_at_the_top() {
        let mut story = Story { score: tally(u64::MAX - 1, 0, 0), curve: Curve::default() };
        story.record(GameResult::Win);
        story.record(GameResult::Win);
        assert_eq!(story.score.win, u64::MAX);
        assert_eq!(story.curve.points().last().map(|p| p.net), Some(i64::MAX));
        assert_eq!(story.check(), Ok(()));
        let mut big = Story { score: tally(0, 0, u64::MAX), ..Story::default() };
        big.record(GameResult::Loss);
        assert_eq!(big.curve.points().last().map(|p| p.net), Some(i64::MIN));
    }

    #[test]
    fn a_file_curve_is_checked_against_its_score() {
        let curve = |p: &[(u64, i64)], step| {
            Curve::from_parts(p.iter().map(|&(games, net)| Point { games, net }).collect(), step)
        };
        let score = tally(3, 1, 1);
        assert_eq!(curve(&[(1, 1), (5, 2)], 1).check(&score), Ok(()));
        assert_eq!(curve(&[], 1).check(&score), Ok(()));
        let bad = [
            curve(&[(6, 2)], 1),         // ahead of the score
            curve(&[(3, 1), (2, 1)], 1), // backwards
            curve(&[(1, 1)], 0),         // no step
            curve(&[(1, 2)], 1),         // a net past its games
            curve(&[(5, 3)], 1),         // the last point is not the score
            curve(&[(0, 0)], 1),         // a point before any game
        ];
        for c in bad {
            assert!(c.check(&score).is_err(), "{c:?}");
        }
        let past = tally(u64::MAX, 1, 0);
        assert!(curve(&[], 1).check(&past).is_err());
    }

    #[test]
    fn a_block_of_games_adds_to_the_score_and_ends_on_a_point() {
        let mut story = Story::default();
        for _ in 0..5 {
            story.record(GameResult::Win);
        }
        story.record_block(&tally(10, 3, 20));
        assert_eq!(story.score, tally(15, 3, 20));
        assert_eq!(story.curve.points().last(), Some(&Point { games: 38, net: -5 }));
        assert_eq!(story.check(), Ok(()));
        story.record(GameResult::Draw);
        assert_eq!(story.curve.points().last().map(|p| p.games), Some(39));
        assert_eq!(story.check(), Ok(()));
    }

    #[test]
    fn a_story_reads_back_as_written() {
        let mut story = Story::default();
        for _ in 0..7 {
            story.record(GameResult::Win);
        }
        let text = serde_json::to_string(&story).unwrap();
        assert!(text.starts_with(r#"{"score":{"win":7,"draw":0,"loss":0},"curve":[{"games":1"#));
        assert_eq!(serde_json::from_str::<Story>(&text).unwrap(), story);
        assert!(serde_json::from_str::<Story>(
            r#"{"score":{"win":0,"draw":0,"loss":0},"curve":[],"curve_step":1,"x":1}"#
        )
        .is_err());
    }
}
