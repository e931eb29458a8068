//! The generator against its independent Python reference, run live: SplitMix64 and
//! xoshiro256++ written from their published C definitions (`tests/reference/xoshiro_ref.py`),
//! not from ours. The unit tests hold the same numbers written out; this test keeps the
//! script and the numbers honest with each other. Needs Python 3 (`menace_testkit::require`:
//! skipped without it, a failure under `CI=true`).

use std::path::Path;

use menace_stats::rng::{below, from_seed, RngCore};
use menace_testkit::python_output;

#[test]
fn the_first_outputs_and_below_agree_with_the_python_reference() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/reference/xoshiro_ref.py");
    let Some(text) = python_output(Path::new(script)) else { return };
    let numbers = |list: &str| -> Vec<u64> {
        list.trim_matches(|c| c == '[' || c == ']')
            .split(',')
            .map(|x| x.trim().trim_matches('\''))
            .map(|x| match x.strip_prefix("0x") {
                Some(hex) => u64::from_str_radix(hex, 16).unwrap(),
                None => x.parse().unwrap(),
            })
            .collect()
    };
    let mut checked = 0;
    for line in text.lines() {
        if let Some(list) = line.strip_prefix("below9 seed1 ") {
            let mut rng = from_seed(1);
            let ours: Vec<u64> = (0..12).map(|_| u64::from(below(&mut rng, 9))).collect();
            assert_eq!(ours, numbers(list), "below(9) from seed 1");
        } else {
            let (seed, list) = line.split_once(' ').expect("SEED [OUTPUTS]");
            let seed: u64 = seed.parse().unwrap();
            let want = numbers(list);
            let mut rng = from_seed(seed);
            let ours: Vec<u64> = want.iter().map(|_| rng.next_u64()).collect();
            assert_eq!(ours, want, "seed {seed}");
        }
        checked += 1;
    }
    assert_eq!(checked, 5, "four seeds and one below line:\n{text}");
}
