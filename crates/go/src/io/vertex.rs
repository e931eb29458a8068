//! GTP's words for a colour and a point (`b`, `D4`, `pass`): shared by the GTP engine, its
//! live analysis and the referee's GTP seat, and depending on nothing of theirs (so
//! `gtp` and `analysis` need not import each other).

use crate::rules::board::{Board, Colour, Move};

/// Reads a GTP colour (`b`, `w`, `black`, `white`, any case).
pub(crate) fn parse_color(s: &str) -> Result<Colour, String> {
    match s.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Colour::Black),
        "w" | "white" => Ok(Colour::White),
        _ => Err("invalid color".into()),
    }
}

/// Column letters: A-T without I.
pub(crate) const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRST";

/// Reads a GTP vertex (`D4`, `pass`) on `b`.
pub fn parse_vertex(b: &Board, s: &str) -> Result<Move, String> {
    if s.eq_ignore_ascii_case("pass") {
        return Ok(Move::Pass);
    }
    let up = s.to_ascii_uppercase();
    let bytes = up.as_bytes();
    let col = bytes
        .first()
        .and_then(|c| LETTERS.iter().position(|l| l == c))
        .ok_or_else(|| "invalid coordinate".to_string())?;
    let row: usize = up[1..].parse().map_err(|_| "invalid coordinate".to_string())?;
    let n = b.size();
    if col >= n || row == 0 || row > n || !up[1..].bytes().all(|c| c.is_ascii_digit()) {
        return Err("invalid coordinate".into());
    }
    Ok(Move::Play(b.point(n - row, col)))
}

/// Writes a move as a GTP vertex (`D4`, `pass`).
pub fn format_vertex(b: &Board, m: Move) -> String {
    let Move::Play(p) = m else {
        return "pass".into();
    };
    let (r, c) = b.row_col(p);
    format!("{}{}", LETTERS[c] as char, b.size() - r)
}

#[cfg(test)]
mod layers {
    /// The live analysis sits below the GTP engine (which runs it): it names GTP's words
    /// here, never `gtp`, so the two do not import each other.
    #[test]
    fn analysis_does_not_reach_back_to_gtp() {
        let code = include_str!("analysis.rs").split("#[cfg(test)]").next().unwrap_or("");
        assert!(!code.contains("io::gtp") && !code.contains("super::gtp"));
        assert!(code.contains("io::vertex"), "the test reads the right file");
    }
}
