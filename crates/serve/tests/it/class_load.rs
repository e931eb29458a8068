//! Nothing is lost under load: 200 connections to one class server, 40 of them playing
//! games as fast as they can (1,000 in all, every eighth abandoned mid-way: 120), the other
//! 160 watching. The load is how many are connected and playing at once; more games each
//! only make it last longer (3,000 cost 36 CPU-seconds of CI's 600 for the tests, 1,000
//! cost 12). The server's count equals the games the clients finished, and replaying its
//! log of finished games, in its order, on a fresh MENACE gives exactly its boxes. No
//! timing is asserted; the figures are `cargo run --release -p menace-serve --example load
//! -- class`'s.

use crate::common;

use common::class::{beads, class_load, record, start_class};
use menace_class::{replay, Logged};
use menace_core::game::Side;
use menace_core::menace::{BeadRules, Matchboxes};
use menace_core::ttt::TicTacToe;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_connections_forty_playing_nothing_lost() {
    let (addr, room, _stop, _task) = start_class(None, menace_serve::Limits::default()).await;
    let load = class_load(addr, 160, 40, 25, 8).await;
    assert_eq!(load.finished + load.abandoned, 40 * 25);
    assert!(load.abandoned > 0 && load.watched > 0);

    let r = record(&room);
    assert_eq!(r.games_played(), load.finished, "the server's count");
    assert_eq!(r.log().len() as u64, load.finished);
    assert_eq!(r.class().score.games(), load.finished);
    let by_players: u64 = r.class().players.values().map(|t| t.games()).sum();
    assert_eq!(by_players, load.finished);
    // The log starts from fresh boxes, and replaying it gives the server's boxes exactly:
    // no game was lost or applied twice, and the abandoned ones changed nothing.
    let fresh = Matchboxes::new(TicTacToe, Side::First, BeadRules::challenge());
    assert_eq!(beads(r.base()), beads(&fresh));
    assert_eq!(beads(&replay(&fresh, r.log())), beads(r.machine()));
    // In the order applied: numbered 1, 2, 3, ...
    assert!(r
        .log()
        .iter()
        .enumerate()
        .all(|(i, g)| matches!(g, Logged::Game { number, .. } if *number == i as u64 + 1)));
}
