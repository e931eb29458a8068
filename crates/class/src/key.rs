//! The teacher's key: made from the operating system's randomness, and the rule a key
//! given by hand must follow.

/// Words of the teacher's keys. 256 short words a class can read off the board and type:
/// a key of [`KEY_WORDS`] of them holds 32 bits.
const WORDS: &str = include_str!("../assets/words.txt");

/// Words in a teacher's key.
pub const KEY_WORDS: usize = 4;

/// What a teacher's key must be, as [`valid_key`] checks it.
pub const KEY_RULE: &str = "at least 8 characters, no control characters, no spaces at the ends";

/// Whether `key` may be a teacher's key: [`KEY_RULE`] (`--teacher-key` and the teacher's
/// file alike).
pub fn valid_key(key: &str) -> bool {
    key.len() >= 8 && !key.chars().any(char::is_control) && key.trim() == key
}

/// A teacher's key: [`KEY_WORDS`] words drawn from 256 with the operating system's
/// randomness (32 bits; a wrong key waits a second, so guessing one takes decades).
pub fn new_key() -> std::io::Result<String> {
    let words: Vec<&str> = WORDS.split_whitespace().collect();
    debug_assert_eq!(words.len(), 256);
    let mut bytes = [0u8; KEY_WORDS];
    getrandom::fill(&mut bytes).map_err(std::io::Error::other)?;
    Ok(bytes.iter().map(|&b| words[usize::from(b) % words.len()]).collect::<Vec<_>>().join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_four_words_of_256() {
        let words: Vec<&str> = WORDS.split_whitespace().collect();
        let mut unique = words.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!((words.len(), unique.len()), (256, 256));
        assert!(words.iter().all(|w| w.chars().all(|c| c.is_ascii_lowercase())));
        let key = new_key().unwrap();
        let parts: Vec<&str> = key.split(' ').collect();
        assert_eq!(parts.len(), KEY_WORDS);
        assert!(parts.iter().all(|p| words.contains(p)), "{key}");
        assert!(valid_key(&key));
        assert!(!valid_key("short"));
        assert!(!valid_key(" padded key "));
    }
}
