//! The seed file (one unsigned 64-bit number per line, line `r` for round `r`) and the
//! atomic writing of every file the judge produces.

use std::path::Path;

use menace_stats::rng::RngCore;

use menace_stats::rng::from_seed;

/// The largest seed file read: 20 bytes a round for far more rounds than any game plays.
pub const MAX_SEED_FILE_BYTES: u64 = 16 << 20;

/// Reads a seed file and checks it: every non-empty line a `u64`, at least `need` of them.
///
/// # Errors
/// A message naming the file and the first bad line.
pub fn read_seeds(path: &Path, need: usize) -> Result<Vec<u64>, String> {
    let text = menace_files::read_capped(path, MAX_SEED_FILE_BYTES)
        .map_err(|e| format!("seed file: {e}"))?;
    let seeds = parse_seeds(&text).map_err(|e| format!("seed file {}: {e}", path.display()))?;
    if seeds.len() < need {
        return Err(format!(
            "seed file {} has {} seeds, the game needs {need} (one per round)",
            path.display(),
            seeds.len()
        ));
    }
    Ok(seeds)
}

/// Parses seed-file text: one `u64` per line; blank lines at the end are allowed.
///
/// # Errors
/// The first line that is not an unsigned 64-bit number.
pub fn parse_seeds(bytes: &[u8]) -> Result<Vec<u64>, String> {
    let text = std::str::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_string())?;
    let lines: Vec<&str> = text.lines().collect();
    let last = lines.iter().rposition(|l| !l.trim().is_empty()).map_or(0, |i| i + 1);
    lines[..last]
        .iter()
        .enumerate()
        .map(|(i, l)| {
            l.trim()
                .parse::<u64>()
                .map_err(|_| format!("line {} is not an unsigned 64-bit number: {:.40?}", i + 1, l))
        })
        .collect()
}

/// `n` seeds drawn from the crate's generator seeded with `seed`.
pub fn generate(seed: u64, n: usize) -> Vec<u64> {
    let mut rng = from_seed(seed);
    (0..n).map(|_| rng.next_u64()).collect()
}

/// Seed-file text for `seeds`.
pub fn render_seeds(seeds: &[u64]) -> String {
    seeds.iter().map(|s| format!("{s}\n")).collect()
}

/// Writes `bytes` to `path` atomically: a temporary file in the same directory, synced,
/// then renamed over `path`, so a reader never sees half a file.
///
/// # Errors
/// Any I/O error, with the path.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    menace_files::write_atomic(path, bytes)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_rejects() {
        assert_eq!(parse_seeds(b"1\n 2 \n18446744073709551615\n\n").unwrap(), [1, 2, u64::MAX]);
        assert!(parse_seeds(b"1\n\n2\n").unwrap_err().contains("line 2"));
        assert!(parse_seeds(b"1\n-3\n").unwrap_err().contains("line 2"));
        assert!(parse_seeds(b"18446744073709551616\n").is_err());
        assert!(parse_seeds(&[0xff, b'\n']).is_err());
    }

    #[test]
    fn the_published_file_reads() {
        let s = parse_seeds(include_bytes!("../../../fixtures/pd/pd_rand")).unwrap();
        assert_eq!(s.len(), 500);
        assert_eq!(s[0], 13_790_414_708_394_749_614);
    }

    #[test]
    fn atomic_write_replaces() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x.txt");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"two");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
