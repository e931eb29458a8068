//! Go: the rules, a Monte-Carlo bot, its faces (the king-of-the-hill format, GTP, SGF) and
//! the judges that run games between bots.
//!
//! ```
//! use menace_go::io::koth;
//! use menace_go::rules::board::{Board, Move};
//! use menace_go::search::mcts::SearchConfig;
//!
//! // The rules: a 9x9 board, black plays on the 3-3 point.
//! let mut board = Board::new(9);
//! board.play(Move::Play(board.point(2, 2))).unwrap(); // black
//!
//! // The bot `menace go` runs (`SearchConfig::default()` is its flags' defaults: two
//! // threads, seed 0, the default profile), at a small budget: a king-of-the-hill
//! // position in, a move out. The same position and settings give the same move on every
//! // machine.
//! let input = koth::parse(&koth::format(&board)).unwrap();
//! let cfg = SearchConfig { playouts: 200, ..SearchConfig::default() };
//! let decision = koth::decide(&input, &cfg);
//! assert!(board.is_legal(decision.mv));
//! assert_eq!(koth::decide(&input, &cfg).mv, decision.mv);
//! println!("{}", koth::format_move(&board, decision.mv)); // `row col` or `pass`
//! ```
//!
//! The modules, each leaning only on those above it:
//!
//! - [`rules`]: what Go is, with no search in it. Its vocabulary, a type a file:
//!   [`colour`](rules::colour), [`point`](rules::point), [`moves`](rules::moves) (a move and
//!   why one is refused) and the [`zobrist`](rules::zobrist) keys; the
//!   [`board`](rules::board) (stones, groups, captures, ko, position hashes; fast enough for
//!   playouts), [`score`](rules::score)
//!   (Tromp-Taylor area), [`handicap`](rules::handicap) (where the stones go),
//!   [`tactics`](rules::tactics) (captures, self-ataris, the moves that take or save a group
//!   in atari) and [`ko`](rules::ko) (does a capture look like retaking a ko?).
//! - [`model`]: move knowledge. [`pattern`](model::pattern) (3x3 patterns),
//!   [`features`](model::features) of a move, the [`move_model`](model::move_model) learned
//!   from professional games (its learner, `mm`, is in the lab crate `menace-go-lab`).
//! - [`search`]: the bot. [`params`](search::params) (every parameter of the search, one
//!   registry read by name), the [`profile`](search::profile)s (each the profile before it
//!   plus its changes, `v1` to the default), [`mcts`](search::mcts) (the configuration, the budget, the entry points and
//!   the root-parallel driver), the [`tree`](search::tree) (nodes, UCT with RAVE, expansion,
//!   backup), the [`shared`](search::shared)-tree driver, tree [`reuse`](search::reuse), the
//!   search's [`control`](search::control) (deadlines, stops, live snapshots), the tree's
//!   [`priors`](search::priors), [`playout`](search::playout), [`ladder`](search::ladder)
//!   reading, the [`seed`](search::seed) of a move's search, and [`bot`](search::bot), the
//!   decision (pass, resign, ko) around a search.
//! - [`io`]: the bot's faces. [`koth`](io::koth) (the king-of-the-hill format and its move
//!   decision), [`gtp`](io::gtp) (the Go Text Protocol engine) and [`sgf`](io::sgf) records.
//! - [`referee`]: the one referee of matches and tournaments: seats (GTP engine,
//!   king-of-the-hill program, built-in bot), the rules as a value with the presets `koth`
//!   and `gtp`, one game loop and one `Ending`; a match is a two-entrant tournament.
//!
//! Tests: unit tests beside the code, the rest in `crates/go/tests` (`cargo test -p
//! menace-go`); `menace go` as a process is tested in the repository's `tests/`.

pub mod io;
pub mod model;
pub mod referee;
pub mod rules;
pub mod search;
