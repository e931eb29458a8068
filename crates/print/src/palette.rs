//! The bead colours: twelve that print well, each with a letter so that a label still
//! reads on a black-and-white printer (and for readers who do not tell red from green).

/// One bead colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Colour {
    /// Its name, for the key.
    pub name: &'static str,
    /// The letter printed in every marker of this colour (never X or O, which are marks).
    pub letter: char,
    /// The fill, as CSS.
    pub fill: &'static str,
    /// The letter's colour on that fill (black on light fills, white on dark ones).
    pub ink: &'static str,
}

const fn c(name: &'static str, letter: char, fill: &'static str, ink: &'static str) -> Colour {
    Colour { name, letter, fill, ink }
}

/// The palette, in the order boxes use it. The first nine are the tic-tac-toe cells'
/// colours in `--colours cells` (top-left first, as Michie gave each square a colour).
pub const PALETTE: [Colour; 12] = [
    c("red", 'R', "#d7191c", "#fff"),
    c("amber", 'A', "#f59a23", "#000"),
    c("yellow", 'Y', "#ffe135", "#000"),
    c("green", 'G', "#2b9a3c", "#fff"),
    c("blue", 'B', "#1f5fbf", "#fff"),
    c("purple", 'P', "#7b3fa0", "#fff"),
    c("pink", 'K', "#f49ac2", "#000"),
    c("brown", 'N', "#8c564b", "#fff"),
    c("silver", 'S', "#b8b8b8", "#000"),
    c("cyan", 'C', "#3fc5d9", "#000"),
    c("lime", 'L', "#b5e61d", "#000"),
    c("magenta", 'M', "#d1208a", "#fff"),
];

/// The colour with index `i`. No box of the printed machines needs more than the
/// palette's twelve (Nim's first box has the most: 3 + 4 + 5 moves; a test checks); past
/// that the palette would repeat rather than fail.
pub fn colour(i: usize) -> Colour {
    PALETTE[i % PALETTE.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_are_distinct_and_never_a_mark() {
        let mut letters: Vec<char> = PALETTE.iter().map(|c| c.letter).collect();
        assert!(!letters.contains(&'X') && !letters.contains(&'O'));
        letters.sort_unstable();
        letters.dedup();
        assert_eq!(letters.len(), PALETTE.len());
    }
}
