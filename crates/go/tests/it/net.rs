//! The policy network (`model::net`): the built-in weights give PyTorch's own outputs
//! (crates/go/tests/data/policy-check.json, written by scripts/train_policy.py from the
//! same weights through `torch.nn.functional.conv2d`, an independent implementation), the
//! records hold what the position holds, and a damaged or hostile weights file is refused
//! with an error, never a panic.

use std::path::Path;

use menace_go::model::net::{self, Kernel, PolicyNet, Record, PASS, POINTS};
use menace_go::rules::board::{Board, Colour, Move};
use menace_testkit::hostile::{damage, edits};
use proptest::prelude::*;

fn data(name: &str) -> Vec<u8> {
    std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join(name)).unwrap()
}

fn hex(s: &str) -> Vec<u8> {
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
}

#[test]
fn the_builtin_network_gives_pytorchs_outputs() {
    let check: serde_json::Value =
        serde_json::from_slice(&data("tests/data/policy-check.json")).unwrap();
    assert_eq!(check["weights"], "policy.safetensors");
    let net = PolicyNet::builtin();
    let positions = check["positions"].as_array().unwrap();
    assert!(positions.len() >= 8);
    let mut worst = 0.0f32;
    for p in positions {
        let rec = Record::read(&hex(p["record"].as_str().unwrap())).unwrap();
        let want: Vec<f32> =
            p["logits"].as_array().unwrap().iter().map(|v| v.as_f64().unwrap() as f32).collect();
        let got = net.logits(&rec);
        assert_eq!(got.len(), want.len());
        for (g, w) in got.iter().zip(&want) {
            let err = (g - w).abs() / (1.0 + w.abs());
            worst = worst.max(err);
        }
        // The same best move.
        let argmax = |v: &[f32]| (0..v.len()).fold(0, |b, i| if v[i] > v[b] { i } else { b });
        assert_eq!(argmax(&got), argmax(&want));
    }
    assert!(worst < 1e-3, "largest relative difference {worst}");
}

/// Every code of a record, counted by hand on a small position.
#[test]
fn a_record_holds_the_stones_their_liberties_the_last_move_and_the_move() {
    let mut b = Board::new(19);
    // Black A19 and A18, white B19 beside them; black K9 and white L9; black D16.
    for (r, c) in [(0, 0), (0, 1), (1, 0), (10, 10), (10, 11), (3, 3)] {
        let colour =
            if (r, c) == (0, 1) || (r, c) == (10, 11) { Colour::White } else { Colour::Black };
        b.set_to_move(colour);
        b.play(Move::Play(b.point(r, c))).unwrap();
    }
    // White to move after black D16 (3, 3).
    assert_eq!(b.to_move(), Colour::White);
    let played = Move::Play(b.point(15, 15));
    let r = Record::of(&b, played).unwrap();
    let code = |row: usize, col: usize| r.codes[row * 19 + col];
    // White (to move) owns codes 1-3, black 4-6.
    assert_eq!(code(0, 0), 3 + 2, "black A19 and A18: two liberties (A17, B18)");
    assert_eq!(code(1, 0), code(0, 0));
    assert_eq!(code(0, 1), 2, "white B19: two liberties (C19, B18)");
    assert_eq!(code(10, 10), 3 + 3, "black K9: three liberties");
    assert_eq!(code(10, 11), 3, "white L9: three liberties");
    assert_eq!(code(3, 3), 3 + 3, "black D16: four liberties, counted as three or more");
    assert_eq!(r.codes.iter().filter(|&&c| c != 0).count(), 6);
    assert_eq!(r.to_move, Colour::White);
    assert_eq!(r.last, 3 * 19 + 3);
    assert_eq!(r.played, 15 * 19 + 15);
    let mut bytes = Vec::new();
    r.write(&mut bytes);
    assert_eq!(bytes.len(), Record::BYTES);
    assert_eq!(Record::read(&bytes).unwrap(), r);
    // The planes: white's stone at B19 in "own" and "two liberties", the last move, no
    // black-to-move plane, the ones plane.
    let x = net::planes(&r);
    let at = |p: usize, plane: usize| x[p * 12 + plane];
    assert_eq!((at(1, 0), at(1, 1), at(1, 4)), (1.0, 0.0, 1.0));
    assert_eq!(at(3 * 19 + 3, 9), 1.0);
    assert_eq!(x.iter().skip(9).step_by(12).sum::<f32>(), 1.0);
    assert!(x.iter().skip(10).step_by(12).all(|&v| v == 0.0));
    assert!(x.iter().skip(11).step_by(12).all(|&v| v == 1.0));
    assert_eq!(Record::of(&Board::new(9), Move::Pass), None);
    assert_eq!(Record::of(&Board::new(19), Move::Pass).unwrap().last, PASS);
}

#[test]
fn a_record_out_of_range_is_refused() {
    let mut bytes = vec![0u8; Record::BYTES];
    assert!(Record::read(&bytes).is_ok());
    bytes[5] = 7;
    assert!(Record::read(&bytes).unwrap_err().contains("code 7"));
    bytes[5] = 0;
    bytes[POINTS] = 2;
    assert!(Record::read(&bytes).is_err());
    bytes[POINTS] = 0;
    bytes[POINTS + 3] = 0x6a; // 362
    bytes[POINTS + 4] = 0x01;
    assert!(Record::read(&bytes).is_err());
    assert!(Record::read(&bytes[1..]).is_err());
}

/// Positions from the empty board to a crowded one: 0, 40, ... 240 random legal moves.
fn positions_along_a_game() -> Vec<Board> {
    let mut rng = menace_stats::rng::from_seed(11);
    let mut b = Board::new(19);
    let mut out = Vec::new();
    for moves in 0..=240 {
        if moves % 40 == 0 {
            out.push(b.clone());
        }
        let legal: Vec<Move> = (0..361)
            .map(|i| Move::Play(b.point(i / 19, i % 19)))
            .filter(|&m| b.is_legal(m))
            .collect();
        let m = legal[menace_stats::rng::below(&mut rng, legal.len() as u32) as usize];
        b.play(m).unwrap();
    }
    out
}

/// A digest of a position's logits, bit for bit (FNV-1a over the words).
fn digest(logits: &[f32]) -> u64 {
    logits.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, v| {
        (h ^ u64::from(v.to_bits())).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The network's outputs keep their bits from one version of the code to the next (the
/// recorded games of the profiles that ask it replay only so): the digests of the
/// positions above, as the straightforward loop of commit faa5adc9 computed them before
/// the convolutions were made faster.
#[test]
fn the_logits_keep_their_bits() {
    let net = PolicyNet::builtin();
    let got: Vec<u64> = positions_along_a_game()
        .iter()
        .map(|b| digest(&net.logits(&Record::of(b, Move::Pass).unwrap())))
        .collect();
    assert_eq!(got, PINNED, "{got:#x?}");
}

const PINNED: [u64; 7] = [
    0x130479e7eb8d2256,
    0xeae1a378fa0f644a,
    0xb18b1f7082cd0755,
    0x35b4f2582275ee54,
    0x7138d0033ecb0542,
    0x26b293e7768ff0fc,
    0xddf6041f68693f73,
];

/// The wide kernel is the baseline's sums, lane by lane: the same bits on positions from
/// the empty board to a crowded one (a search fed by them replays its games anywhere).
#[test]
fn every_kernel_gives_the_same_bits() {
    // CI's machines have AVX2: there the comparison must run, never pass vacuously.
    assert!(
        Kernel::Avx2.available() || std::env::var_os("CI").is_none(),
        "this processor has no AVX2: the kernels cannot be compared"
    );
    let net = PolicyNet::builtin();
    let mut compared = 0;
    for (i, b) in positions_along_a_game().iter().enumerate() {
        let rec = Record::of(b, Move::Pass).unwrap();
        let base: Vec<u32> =
            net.logits_on(Kernel::Baseline, &rec).iter().map(|v| v.to_bits()).collect();
        for kernel in [Kernel::Avx2].into_iter().filter(|k| k.available()) {
            let wide: Vec<u32> = net.logits_on(kernel, &rec).iter().map(|v| v.to_bits()).collect();
            assert_eq!(wide, base, "{kernel:?}, position {i}");
            compared += 1;
        }
        assert_eq!(net.logits(&rec).iter().map(|v| v.to_bits()).collect::<Vec<_>>(), base);
    }
    assert!(compared == 7 || !Kernel::Avx2.available(), "{compared} positions compared");
}

#[test]
fn the_policy_covers_the_legal_moves_and_sums_to_one() {
    let net = PolicyNet::builtin();
    let mut b = Board::new(19);
    for (r, c) in [(3, 3), (15, 15), (3, 15), (15, 3), (2, 5)] {
        b.play(Move::Play(b.point(r, c))).unwrap();
    }
    let p = net.policy(&b).unwrap();
    assert_eq!(p.moves.len(), 361 - 5 + 1);
    let sum: f32 = p.moves.iter().map(|m| m.1).sum();
    assert!((sum - 1.0).abs() < 1e-4, "{sum}");
    assert_eq!(p.of(Move::Play(b.point(3, 3))), 0.0, "an occupied point");
    assert!(net.policy(&Board::new(13)).is_none());
    assert!(net.blocks() >= 1 && net.channels() >= 8);
    assert!(net.about().contains("trained by scripts/train_policy.py"), "{}", net.about());
}

#[test]
fn damaged_weights_are_refused_with_a_reason() {
    let good = data("data/policy.safetensors");
    assert!(PolicyNet::from_bytes(&good).is_ok());
    for (bytes, words) in [
        (Vec::new(), "policy network"),
        (good[..good.len() / 2].to_vec(), "policy network"),
        (b"not a weights file at all".to_vec(), "policy network"),
    ] {
        let e = PolicyNet::from_bytes(&bytes).unwrap_err();
        assert!(e.contains(words), "{e}");
    }
    // The header's format names another kind of file.
    let at = good.windows(net::FORMAT.len()).position(|w| w == net::FORMAT.as_bytes()).unwrap();
    let mut other = good.clone();
    *other[at..at + net::FORMAT.len()].last_mut().unwrap() = b'9';
    let e = PolicyNet::from_bytes(&other).unwrap_err();
    assert!(e.contains("format"), "{e}");
    // A weight that is not a number.
    let header = u64::from_le_bytes(good[..8].try_into().unwrap()) as usize;
    let mut nan = good.clone();
    nan[8 + header..8 + header + 4].copy_from_slice(&f32::NAN.to_le_bytes());
    let e = PolicyNet::from_bytes(&nan).unwrap_err();
    assert!(e.contains("NaN"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Arbitrary bytes and damaged copies of the built-in weights: a network or an error,
    /// never a panic.
    #[test]
    fn weights_from_arbitrary_or_damaged_bytes_never_panic(
        bytes in prop_oneof![
            prop::collection::vec(any::<u8>(), 0..400),
            (edits(), proptest::option::of(any::<prop::sample::Index>()))
                .prop_map(|(e, cut)| damage(&data("data/policy.safetensors"), &e, cut)),
        ]
    ) {
        if let Ok(net) = PolicyNet::from_bytes(&bytes) {
            // Whatever reads must also run.
            let p = net.policy(&Board::new(19)).unwrap();
            prop_assert_eq!(p.moves.len(), 362);
        }
    }

    /// Arbitrary record bytes: a record or an error.
    #[test]
    fn records_from_arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let _ = Record::read(&bytes);
    }
}
