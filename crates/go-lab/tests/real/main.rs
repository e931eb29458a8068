//! `menace-go-lab`'s tests, all of which drive a real program (GNU Go): the lab's dead stones
//! against GNU Go's, and the playout comparison's GTP side with GNU Go as the other policy.
//! `cargo test` runs them, and a missing GNU Go fails them under `CI=true`
//! (menace_testkit::require).

// The known dead stones are fixtures/go/dead-stones.txt, which the GTP engine's tests read
// too (menace_testkit::go).
mod playouts_gnugo;
mod status_gnugo;
