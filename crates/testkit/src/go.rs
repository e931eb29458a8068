//! Go positions the tests of more than one crate read (the GTP engine's own and the
//! lab's check against GNU Go), as data in `fixtures/go/`, with what sets them up over
//! GTP. Plain text in, plain text out: no Go types, so every crate's tests can use it.

use crate::repo;

/// A position whose dead stones are known (`fixtures/go/dead-stones.txt`).
#[derive(Clone, Debug, PartialEq)]
pub struct DeadStones {
    /// What it shows.
    pub about: String,
    /// The rows, top first, each ending in a newline (`X` black, `O` white).
    pub rows: String,
    /// The komi.
    pub komi: f32,
    /// `final_status_list dead`'s answer: one group a line.
    pub dead: String,
    /// `final_status_list seki`'s answer: one group a line.
    pub seki: String,
    /// `final_score`'s answer.
    pub score: String,
}

/// The positions of `fixtures/go/dead-stones.txt`, in order.
pub fn dead_stones() -> Vec<DeadStones> {
    let path = repo("fixtures/go/dead-stones.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    parse_dead_stones(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Reads the blocks of a dead-stones file (see its header).
pub fn parse_dead_stones(text: &str) -> Result<Vec<DeadStones>, String> {
    let lines = text.lines().filter(|l| !l.starts_with('#'));
    let mut blocks: Vec<Vec<&str>> = vec![Vec::new()];
    for line in lines {
        match (line.trim().is_empty(), blocks.last_mut()) {
            (true, Some(b)) if !b.is_empty() => blocks.push(Vec::new()),
            (true, _) => {}
            (false, Some(b)) => b.push(line),
            (false, None) => unreachable!("there is always a block"),
        }
    }
    blocks.retain(|b| !b.is_empty());
    blocks.iter().map(|b| block(b)).collect()
}

fn block(lines: &[&str]) -> Result<DeadStones, String> {
    let (mut about, mut komi, mut score) = (None, None, None);
    let (mut dead, mut seki, mut rows) = (Vec::new(), Vec::new(), String::new());
    for line in lines {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word {
            "about" => about = Some(rest.to_string()),
            "komi" => komi = Some(rest.parse::<f32>().map_err(|e| format!("komi {rest}: {e}"))?),
            "dead" => dead.push(rest),
            "seki" => seki.push(rest),
            "score" => score = Some(rest.to_string()),
            _ if line.chars().all(|c| matches!(c, 'X' | 'O' | '.')) => {
                rows.push_str(line);
                rows.push('\n');
            }
            _ => return Err(format!("not a line of a position: {line:?}")),
        }
    }
    let about = about.ok_or("a position without `about`")?;
    let width = rows.lines().next().map_or(0, str::len);
    if width == 0 || rows.lines().count() != width || rows.lines().any(|r| r.len() != width) {
        return Err(format!("{about}: the board is not square"));
    }
    Ok(DeadStones {
        komi: komi.ok_or_else(|| format!("{about}: no komi"))?,
        score: score.ok_or_else(|| format!("{about}: no score"))?,
        dead: dead.join("\n"),
        seki: seki.join("\n"),
        rows,
        about,
    })
}

/// GTP commands that set up `rows` (rows top first, `X` black, `O` white) with `komi` on
/// an empty board of their size.
pub fn gtp_setup(rows: &str, komi: f32) -> Vec<String> {
    const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRST";
    let rows: Vec<&str> = rows.lines().filter(|l| !l.is_empty()).collect();
    let n = rows.len();
    let mut cmds = vec![format!("boardsize {n}"), "clear_board".into(), format!("komi {komi}")];
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let colour = match ch {
                'X' => "b",
                'O' => "w",
                _ => continue,
            };
            cmds.push(format!("play {colour} {}{}", LETTERS[c] as char, n - r));
        }
    }
    cmds
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dead_stones_file_reads_as_written() {
        let all = dead_stones();
        assert_eq!(all.len(), 4);
        assert_eq!(all[0].rows, "..XO.\n..XO.\n..XO.\n..XO.\nO.XO.\n");
        assert_eq!((all[0].komi, all[0].dead.as_str(), all[0].score.as_str()), (0.0, "A1", "B+5"));
        assert_eq!(all[2].seki, "A3 B3 C3 D3 E3\nB2 D2 E2 A1 B1 C1 D1 E1");
        assert_eq!(all[3].dead, "D7 D6 D5 D4 D3 D2 D1\nF4");
        assert_eq!(all[3].komi, 0.5);
    }

    #[test]
    fn a_malformed_position_is_refused() {
        assert!(parse_dead_stones("about x\nkomi 0\nscore B+1\n..\n.\n").is_err());
        assert!(parse_dead_stones("about x\nkomi zero\nscore B+1\n.\n").is_err());
        assert!(parse_dead_stones("komi 0\nscore B+1\n.\n").is_err());
        assert!(parse_dead_stones("about x\nkomi 0\nscore B+1\n.\nhello\n").is_err());
    }

    #[test]
    fn setup_plays_each_stone_at_its_vertex() {
        let cmds = gtp_setup("X.\n.O\n", 6.5);
        assert_eq!(cmds, ["boardsize 2", "clear_board", "komi 6.5", "play b A2", "play w B1"]);
    }
}
