//! One rule for the seed of a move's search, whichever face asked (the king-of-the-hill
//! program, the GTP engine, the judge's built-in entrant): hash what the player is shown of
//! the position, XOR the number of moves it knows were played, and mix in the user's seed.
//! The bot thus stays deterministic (the same position gives the same move on every
//! machine) while `--seed` gives a match different games.
//!
//! - In the king-of-the-hill format the player sees the position's text
//!   ([`koth::format`](crate::io::koth::format)) and knows no moves (0);
//! - over GTP it sees the game: the position's key
//!   ([`Board::position_key`](crate::rules::board::Board::position_key), little-endian)
//!   and the move count.

/// Spreads a user seed over all 64 bits (seed 0 leaves the position hash as it is).
pub const SEED_MIX: u64 = 0x9E37_79B9_7F4A_7C15;

/// The seed of a search of the position shown as `seen`, after `moves_known` moves the
/// player knows were played, with the user's seed `user`.
pub fn position_seed(seen: &[u8], moves_known: u32, user: u64) -> u64 {
    fnv1a(seen) ^ u64::from(moves_known) ^ user.wrapping_mul(SEED_MIX)
}

/// A portable 64-bit FNV-1a hash of bytes: the same on every machine (std's hashers are
/// randomised or unspecified).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_matches_its_published_vectors() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn seed_zero_and_no_moves_leave_the_hash_as_it_is() {
        assert_eq!(position_seed(b"x", 0, 0), fnv1a(b"x"));
        assert_ne!(position_seed(b"x", 0, 1), position_seed(b"x", 0, 0));
        assert_ne!(position_seed(b"x", 1, 0), position_seed(b"x", 0, 0));
    }
}
