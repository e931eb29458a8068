//! A room's code: six characters a class reads off the board and types on a phone.
//!
//! The alphabet leaves out the characters that look like others (`0`/`O`, `1`/`I`/`L`), so
//! 31 remain and a code is one of 31⁶ ≈ 887 million. Codes are drawn from the operating
//! system's randomness (a code is not a secret, since the teacher writes it on the board,
//! but it must not be guessable from the one before). A code is read leniently, as people
//! type it: in either case, with spaces or a hyphen anywhere.

use std::fmt;

/// The characters of a code: digits and capital letters less the look-alikes.
pub const ALPHABET: &[u8; 31] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/// Characters in a code.
pub const LEN: usize = 6;

/// A room's code, always [`LEN`] characters of [`ALPHABET`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RoomCode([u8; LEN]);

/// Why a typed code is not one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CodeError {
    /// Not [`LEN`] characters once spaces and hyphens are taken out.
    Length(usize),
    /// A character no code has (`0`, `O`, `1`, `I`, `L` among them: they look like others).
    Character(char),
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeError::Length(n) => write!(f, "a room's code has {LEN} characters, not {n}"),
            CodeError::Character(c) => write!(f, "{c:?} is in no room's code"),
        }
    }
}

impl std::error::Error for CodeError {}

impl RoomCode {
    /// A new code from the operating system's randomness (rejection sampling, so every
    /// code is equally likely).
    pub fn random() -> std::io::Result<RoomCode> {
        let mut code = [0u8; LEN];
        let mut filled = 0;
        while filled < LEN {
            let mut bytes = [0u8; 16];
            getrandom::fill(&mut bytes).map_err(std::io::Error::other)?;
            // 248 = 8 × 31: bytes above it would favour the first characters.
            for b in bytes.into_iter().filter(|&b| b < 248) {
                if filled == LEN {
                    break;
                }
                code[filled] = ALPHABET[usize::from(b % 31)];
                filled += 1;
            }
        }
        Ok(RoomCode(code))
    }

    /// The code as six characters.
    pub fn as_str(&self) -> &str {
        // Only ALPHABET's ASCII bytes are ever stored.
        std::str::from_utf8(&self.0).unwrap_or("")
    }
}

impl std::str::FromStr for RoomCode {
    type Err = CodeError;

    fn from_str(typed: &str) -> Result<RoomCode, CodeError> {
        let chars: Vec<char> = typed.chars().filter(|c| !c.is_whitespace() && *c != '-').collect();
        if chars.len() != LEN {
            return Err(CodeError::Length(chars.len().min(1000)));
        }
        let mut code = [0u8; LEN];
        for (slot, c) in code.iter_mut().zip(chars) {
            let up = c.to_ascii_uppercase();
            match u8::try_from(up) {
                Ok(b) if ALPHABET.contains(&b) => *slot = b,
                _ => return Err(CodeError::Character(c)),
            }
        }
        Ok(RoomCode(code))
    }
}

impl fmt::Display for RoomCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for RoomCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RoomCode({})", self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_alphabet_has_no_look_alikes_and_no_repeats() {
        let mut sorted = ALPHABET.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 31);
        for c in b"0O1IL" {
            assert!(!ALPHABET.contains(c), "{}", *c as char);
        }
        // Derived independently: the ten digits and 26 letters, less the five look-alikes.
        let all = (b'0'..=b'9').chain(b'A'..=b'Z').filter(|c| !b"0O1IL".contains(c)).count();
        assert_eq!(all, ALPHABET.len());
    }

    #[test]
    fn codes_are_read_as_people_type_them() {
        let code: RoomCode = "k7m-2qx".parse().unwrap();
        assert_eq!(code.to_string(), "K7M2QX");
        assert_eq!(" K7M 2QX ".parse::<RoomCode>(), Ok(code));
        assert_eq!("K7M2Q".parse::<RoomCode>(), Err(CodeError::Length(5)));
        assert_eq!("K7M2QO".parse::<RoomCode>(), Err(CodeError::Character('O')));
        assert_eq!("K7M2Q1".parse::<RoomCode>(), Err(CodeError::Character('1')));
        assert_eq!("K7M2Qé".parse::<RoomCode>(), Err(CodeError::Character('é')));
    }

    #[test]
    fn random_codes_use_the_whole_alphabet() {
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..400 {
            let code = RoomCode::random().unwrap();
            assert_eq!(code.to_string().parse::<RoomCode>(), Ok(code));
            seen.extend(code.to_string().bytes());
        }
        // 2,400 draws of 31 characters: missing one has odds below 1e-30.
        assert_eq!(seen.len(), 31);
    }
}
