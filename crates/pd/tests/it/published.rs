//! The published 4-house-player game: 4 players, 100 rounds, the published seed file.
//! The challenge reports lazy -204, greedy -100, wrathful -199, envious -199; the house
//! players do not use the seed, so this must hold for every id order.

use menace_pd::judge::{play, Config, Player};
use menace_pd::seeds::parse_seeds;

fn permutations(n: u32) -> Vec<Vec<u32>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for pos in 0..=p.len() {
            let mut q = p.clone();
            q.insert(pos, n);
            out.push(q);
        }
    }
    out
}

#[test]
fn the_four_house_players_score_as_published_for_every_id_order() {
    let seeds = parse_seeds(include_bytes!("../../../../fixtures/pd/pd_rand")).unwrap();
    let names = ["lazy", "greedy", "wrathful", "envious"];
    let want = [-204, -100, -199, -199];
    let players: Vec<Player> = names.iter().map(|n| Player::parse(n).unwrap()).collect();
    let orders = permutations(4);
    assert_eq!(orders.len(), 24);
    for ids in orders {
        let g = play(&players, &ids, &seeds, &Config::default()).unwrap();
        assert_eq!(g.history.len(), 100);
        let finals = g.final_scores();
        for (i, name) in names.iter().enumerate() {
            assert_eq!(finals[(ids[i] - 1) as usize], want[i], "{name} with ids {ids:?}");
        }
        assert!(g.incidents.is_empty());
    }
}

#[test]
fn too_few_seeds_is_an_error_not_a_panic() {
    let players: Vec<Player> =
        ["lazy", "greedy"].iter().map(|n| Player::parse(n).unwrap()).collect();
    let err = play(&players, &[1, 2], &[1, 2, 3], &Config::default()).unwrap_err();
    assert!(err.contains("50 seeds"), "{err}");
    assert!(play(&players, &[1, 1], &[0; 50], &Config::default()).is_err());
}
