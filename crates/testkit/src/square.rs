//! The 8 symmetries of the 3x3 square, written out independently of the crates' own
//! symmetry code, for tests that check symmetry classes by brute force.

/// Where (row, column) goes.
type Map = fn(usize, usize) -> (usize, usize);

/// The 8 symmetries of the 3x3 grid as cell permutations: `sym[i]` is where cell `i`
/// (row `i / 3`, column `i % 3`) goes. The identity is first.
pub fn symmetries() -> Vec<[usize; 9]> {
    let maps: [Map; 8] = [
        |r, c| (r, c),
        |r, c| (c, 2 - r),
        |r, c| (2 - r, 2 - c),
        |r, c| (2 - c, r),
        |r, c| (r, 2 - c),
        |r, c| (2 - r, c),
        |r, c| (c, r),
        |r, c| (2 - c, 2 - r),
    ];
    maps.iter()
        .map(|f| {
            std::array::from_fn(|i| {
                let (r, c) = f(i / 3, i % 3);
                r * 3 + c
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn eight_distinct_permutations() {
        let all = super::symmetries();
        let distinct: std::collections::HashSet<[usize; 9]> = all.iter().copied().collect();
        assert_eq!(distinct.len(), 8);
        for p in all {
            let mut sorted = p;
            sorted.sort_unstable();
            assert_eq!(sorted, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
        }
    }
}
