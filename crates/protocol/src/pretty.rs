//! The terminal view: the engine's answers as text for a person at a terminal (used when
//! standard output is a terminal, or with `--pretty`). Boards are labelled grids, the
//! prompt says whose move it is and what to type, results are sentences, the boxes of the
//! game just played are drawn as small boards, and `dump` draws all of them.
//!
//! Output to a pipe stays the JSON protocol byte for byte: this module only ever runs when
//! asked for, as a [`Sink`] in place of the JSON one. It lives in the protocol crate as a
//! face of the answers (it reads nothing but [`Answer`]s, and decides nothing the engine
//! has not said, except whether a tic-tac-toe board is over, by the core's rules), so the
//! binary is left with the flag that chooses it.

use std::fmt::Write as _;
use std::io::Write;

use crate::answer::{Answer, BoxDump, Draw, Score, Turn, Winner};
use crate::sink::{Closed, Sink};

/// Renders answers as text to `out`, flushing after each.
pub struct Pretty<W: Write> {
    out: W,
    /// The game's name (`ttt`, `nim`, `hexapawn`): what a move looks like.
    game: &'static str,
    /// The type of the previous answer: a dump right after a result is the automatic one
    /// (show the game's boxes), any other is `dump` (show them all).
    after_result: bool,
    /// Whether the person opens every game (MENACE plays second): then a new game asks
    /// for their move at once, since MENACE has nothing to say before it.
    person_opens: bool,
}

impl<W: Write> Pretty<W> {
    /// A terminal view of a `game` session writing to `out`.
    pub fn new(out: W, game: &'static str) -> Pretty<W> {
        Pretty { out, game, after_result: false, person_opens: false }
    }

    /// The same view for a session where the person opens every game (MENACE playing
    /// second, as `--side second` or Hexapawn's learner).
    pub fn person_opens(self, opens: bool) -> Pretty<W> {
        Pretty { person_opens: opens, ..self }
    }

    fn example(&self) -> &'static str {
        match self.game {
            "nim" => "2:3 (take 3 from row 2)",
            "hexapawn" => "a1-a2 (or b1xa2 to capture)",
            _ => "MM (row L/M/R = top/middle/bottom, then column L/M/R)",
        }
    }
}

impl<W: Write + Send> Sink for Pretty<W> {
    fn emit(&mut self, answer: &Answer) -> Result<(), Closed> {
        let mut text = render(answer, self.game, self.after_result, self.example());
        if self.person_opens && matches!(answer, Answer::NewGame { .. }) {
            let _ = writeln!(text, "You open: type a move such as {}.", self.example());
        }
        self.after_result = matches!(answer, Answer::Result { .. });
        self.out.write_all(text.as_bytes()).and_then(|()| self.out.flush()).map_err(|_| Closed)
    }
}

/// One answer as text (ending with a newline).
pub fn render(answer: &Answer, game: &str, after_result: bool, example: &str) -> String {
    let mut s = String::new();
    match answer {
        Answer::NewGame { game: n, games } => {
            let _ = writeln!(s, "\n── Game {n} of {games} ──");
        }
        Answer::MenaceMove { mv, board, box_index, bead, refilled, to_move } => {
            let how = match (box_index, bead) {
                (Some(b), Some(bead)) => format!(" (bead {bead} from box {b})"),
                _ => " (its only move)".to_string(),
            };
            let _ = writeln!(s, "MENACE plays {mv}{how}.");
            if *refilled > 0 {
                let _ = writeln!(s, "(The box was empty: {refilled} random beads were put in.)");
            }
            s.push_str(&grid(board, game));
            // The engine says whose move it is: no rules of the game re-written here.
            if *to_move == Some(Turn::Player) {
                let _ = writeln!(s, "Your move: type a move such as {example}.");
            }
        }
        Answer::Board { mv, board, .. } => {
            if let Some(mv) = mv {
                let _ = writeln!(s, "You play {mv}.");
            }
            s.push_str(&grid(board, game));
        }
        Answer::Result { game: n, winner, reason, score, empty_box, resigned } => {
            let what = match winner {
                Winner::Menace => format!("MENACE wins game {n}"),
                Winner::Player => format!("You win game {n}"),
                Winner::Draw => format!("Game {n} is a draw"),
            };
            let why = match reason {
                Some(r) => format!(" ({r})"),
                None => String::new(),
            };
            let _ = writeln!(s, "{what}{why}. {}", score_line(score));
            if let Some(b) = empty_box {
                let _ = writeln!(s, "(Box {b} was empty, and the rules say resign.)");
            }
            if let Some(sentence) = resigned {
                let _ = writeln!(s, "{sentence}.");
            }
        }
        Answer::Matchboxes { machine, boxes, drawn } => {
            let whose = if machine.is_some() { "The second MENACE's" } else { "MENACE's" };
            if after_result && !drawn.is_empty() {
                let _ = writeln!(
                    s,
                    "The boxes {} used, in order, after learning ([n]: the bead it drew):",
                    if machine.is_some() { "the second MENACE" } else { "MENACE" }
                );
                s.push_str(&box_rows(boxes, drawn, drawn.iter().map(|d| d.box_index).collect()));
            } else {
                let _ = writeln!(
                    s,
                    "{whose} {} boxes ([n]: the bead drawn in the latest game):",
                    boxes.len()
                );
                s.push_str(&box_rows(boxes, drawn, (0..boxes.len()).collect()));
            }
        }
        Answer::MatchOver { played, games, aborted, score } => {
            let how = if *aborted { "stopped" } else { "over" };
            let _ =
                writeln!(s, "Match {how} after {played} of {games} games. {}", score_line(score));
            let _ = writeln!(s, "Type `games N` for another match, `help` for every command.");
        }
        Answer::Status {
            game,
            learner,
            side,
            seed,
            preset,
            rules,
            games_played,
            current,
            resigned,
        } => {
            let _ = writeln!(s, "Game {game}; learner {learner}, playing {side}; seed {seed}.");
            let _ = writeln!(s, "Bead rules: {} ({rules}).", preset.unwrap_or("custom"));
            let _ = writeln!(s, "Games learned from: {games_played}.");
            if let Some(sentence) = resigned {
                let _ = writeln!(s, "{sentence}.");
            }
            match current {
                Some(m) => {
                    let _ = writeln!(
                        s,
                        "Game {} of {} in progress. {}",
                        m.game,
                        m.games,
                        score_line(&m.score)
                    );
                    s.push_str(&grid(&m.board, game));
                }
                None => {
                    let _ = writeln!(s, "No match in progress.");
                }
            }
        }
        Answer::Seed { seed } => {
            let _ = writeln!(s, "Seed set to {seed}.");
        }
        Answer::Reset { boxes } => {
            let _ =
                writeln!(s, "Forgot everything: {boxes} boxes refilled with their initial beads.");
        }
        Answer::Help { commands } => {
            let width = commands.iter().map(|c| c.usage.len()).max().unwrap_or(0).min(30);
            for c in commands {
                let _ = writeln!(s, "  {:<width$}  {}", c.usage, c.summary);
            }
        }
        Answer::Progress { command, games, of, score } => {
            let _ = writeln!(s, "{command}: {games} of {of} games. {}", score_line(score));
        }
        Answer::Trained { games, opponent, score, games_played, stopped } => {
            let early = if *stopped { " (stopped early)" } else { "" };
            let _ = writeln!(
                s,
                "Trained {games} games against {opponent}{early}. {} Games learned from: {games_played}.",
                score_line(score)
            );
        }
        Answer::Eval(r) => {
            let pct = |x: f64| format!("{:.1}%", 100.0 * x);
            let _ = writeln!(s, "Exact evaluation of the beads as they are:");
            let _ =
                writeln!(s, "  P(loss) against the best response:     {}", pct(r.exploitability));
            let _ = writeln!(
                s,
                "  ... taking the most-beaded move:        {}",
                pct(r.greedy_exploitability)
            );
            for (name, o) in [("random", &r.vs_random), ("perfect", &r.vs_perfect)] {
                let _ = writeln!(
                    s,
                    "  against {name:<8} win {} draw {} loss {}",
                    pct(o.win),
                    pct(o.draw),
                    pct(o.loss)
                );
            }
        }
        Answer::Saved { path, games_played } => {
            let _ = writeln!(s, "Saved to {path} (after {games_played} games).");
        }
        Answer::Loaded { path, games_played, preset } => {
            let _ = writeln!(s, "Loaded {path}: {games_played} games learned, {preset} rules.");
        }
        Answer::Imported { games_played, preset } => {
            let _ = writeln!(s, "Imported a state: {games_played} games learned, {preset} rules.");
        }
        Answer::Rules { preset, rules, reset } => {
            let then = if *reset { "every box refilled" } else { "beads kept" };
            let _ = writeln!(s, "Bead rules now {preset} ({rules}); {then}.");
        }
        Answer::History { games, .. } => {
            let mut score = Score::default();
            for g in games {
                score.add(g.winner);
            }
            let _ = writeln!(s, "The last {} games: {}", games.len(), score_line(&score));
            let beads: Vec<String> =
                games.iter().filter_map(|g| g.first_box).map(|b| b.to_string()).collect();
            if let (Some(first), Some(last)) = (beads.first(), beads.last()) {
                let _ = writeln!(s, "Beads in the first box went from {first} to {last}.");
            }
        }
        Answer::Info { game, learner, presets, opponents, .. } => {
            let _ = writeln!(s, "Playing {game} with the {learner} learner.");
            let _ = writeln!(s, "Bead presets (rules preset NAME):");
            for p in presets {
                let _ = writeln!(s, "  {:<10} {}", p.name, p.summary);
            }
            let _ = writeln!(s, "Opponents (train N OPPONENT, watch N OPPONENT):");
            for o in opponents {
                let _ = writeln!(s, "  {:<10} {}", o.name, o.summary);
            }
        }
        Answer::Stopped => {
            let _ = writeln!(s, "Stopped.");
        }
        Answer::Bye => {
            let _ = writeln!(s, "Bye.");
        }
        Answer::Error { message, .. } => {
            let _ = writeln!(s, "Sorry: {message}");
        }
        // `export` (data to copy) and answers this view does not know yet: their JSON.
        other => {
            let _ = writeln!(s, "{}", other.to_json());
        }
    }
    s
}

fn score_line(score: &Score) -> String {
    format!("Score: MENACE {}, draws {}, you {}.", score.menace, score.draw, score.player)
}

/// Whether a tic-tac-toe board is finished, as core's rules decide it (another game's
/// board: never; its `result` answer says so).
/// A board as a labelled grid (tic-tac-toe), or the game's own drawing, indented.
pub fn grid(board: &[String], game: &str) -> String {
    let mut s = String::new();
    if game != "ttt" || board.len() != 3 {
        for row in board {
            let _ = writeln!(s, "    {row}");
        }
        return s;
    }
    let _ = writeln!(s, "       L   M   R");
    for (r, row) in board.iter().enumerate() {
        let cells: Vec<char> = row.chars().map(|c| if c == '.' { ' ' } else { c }).collect();
        let line =
            format!("   {}   {} | {} | {}", ["L", "M", "R"][r], cells[0], cells[1], cells[2]);
        let _ = writeln!(s, "{}", line.trim_end());
        if r < 2 {
            let _ = writeln!(s, "      ---+---+---");
        }
    }
    s
}

/// The boxes `which` (indices into `boxes`) as small boards side by side, each with its
/// index; bead counts in free cells, `[n]` around the bead drawn in the latest game.
fn box_rows(boxes: &[BoxDump], drawn: &[Draw], which: Vec<usize>) -> String {
    let mut s = String::new();
    let ttt = boxes.iter().all(|b| b.position.len() == 9 && b.beads.len() == 9);
    let drawn_cell = |index: usize| -> Option<usize> {
        let d = drawn.iter().rev().find(|d| d.box_index == index)?;
        let b = d.bead.as_bytes();
        let rc = |c: u8| b"LMR".iter().position(|&x| x == c);
        (b.len() == 2).then(|| Some(rc(b[0])? * 3 + rc(b[1])?)).flatten()
    };
    if !ttt {
        for i in which {
            let b = &boxes[i];
            let beads: Vec<String> = b.beads.iter().map(u32::to_string).collect();
            let _ = writeln!(s, "  box {i:>3}  {}  beads {}", b.position, beads.join(" "));
        }
        return s;
    }
    let digits = which
        .iter()
        .flat_map(|&i| boxes[i].beads.iter())
        .map(|n| n.to_string().len())
        .max()
        .unwrap_or(1);
    let cell_w = digits + 2;
    let box_w = (3 * cell_w).max(8);
    let per_row = (80 / (box_w + 2)).max(1);
    for chunk in which.chunks(per_row) {
        let mut lines = vec![String::new(); 4];
        for &i in chunk {
            let b = &boxes[i];
            let _ = write!(lines[0], "{:<w$}  ", format!("box {i}"), w = box_w);
            let mark = drawn_cell(i);
            for r in 0..3 {
                let mut row = String::new();
                for c in 0..3 {
                    let k = r * 3 + c;
                    let p = b.position.as_bytes()[k];
                    let text = if p != b'.' {
                        format!("{:^w$}", p as char, w = cell_w)
                    } else if mark == Some(k) {
                        format!("{:>w$}", format!("[{}]", b.beads[k]), w = cell_w)
                    } else {
                        format!("{:>w$} ", b.beads[k], w = cell_w - 1)
                    };
                    row.push_str(&text);
                }
                let _ = write!(lines[r + 1], "{row:<box_w$}  ");
            }
        }
        for line in lines {
            let _ = writeln!(s, "{}", line.trim_end());
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(r: [&str; 3]) -> Vec<String> {
        r.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_board_is_a_labelled_grid() {
        let text = grid(&rows(["X.O", ".X.", "..."]), "ttt");
        assert_eq!(
            text,
            "       L   M   R\n   L   X |   | O\n      ---+---+---\n   M     | X |\n      ---+---+---\n   R     |   |\n"
        );
    }

    #[test]
    fn menace_moves_prompt_only_while_the_game_goes_on() {
        let mv = |board: [&str; 3], to_move| Answer::MenaceMove {
            mv: "MM".into(),
            board: rows(board),
            box_index: Some(3),
            bead: Some("RL".into()),
            refilled: 0,
            to_move,
        };
        let mut opens = Pretty::new(Vec::new(), "ttt").person_opens(true);
        opens.emit(&Answer::NewGame { game: 1, games: 2 }).unwrap();
        let text = String::from_utf8(opens.out).unwrap();
        assert!(text.ends_with("── Game 1 of 2 ──\nYou open: type a move such as MM (row L/M/R = top/middle/bottom, then column L/M/R).\n"), "{text}");
        let going = render(&mv(["X..", ".X.", "O.O"], Some(Turn::Player)), "ttt", false, "MM");
        assert!(going.starts_with("MENACE plays MM (bead RL from box 3).\n"), "{going}");
        assert!(going.contains("Your move"), "{going}");
        let won = render(&mv(["X.O", ".X.", "O.X"], None), "ttt", false, "MM");
        assert!(!won.contains("Your move"), "{won}");
    }

    #[test]
    fn the_boxes_of_a_game_show_the_drawn_bead() {
        let boxes = vec![
            BoxDump { position: ".........".into(), beads: vec![4, 4, 4, 4, 5, 4, 4, 4, 4] },
            BoxDump { position: "XO.......".into(), beads: vec![0, 0, 3, 3, 3, 3, 3, 3, 12] },
        ];
        let drawn = vec![
            Draw { box_index: 0, bead: "MM".into() },
            Draw { box_index: 1, bead: "RR".into() },
        ];
        let a = Answer::Matchboxes { machine: None, boxes, drawn };
        let text = render(&a, "ttt", true, "");
        assert!(text.contains("box 0"), "{text}");
        assert!(text.contains("[5]"), "{text}");
        assert!(text.contains("[12]"), "{text}");
        assert!(text.contains(" X "), "{text}");
    }
}
