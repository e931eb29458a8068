//! The Monte-Carlo bot: the tree search and its priors, the playouts, ladder reading,
//! local life-and-death reading of enclosed groups,
//! dynamic komi, the profile table (what each version does), the table of tunable constants, the seed of a move's search,
//! the move decision (when to pass, resign, avoid a ko) built on them, and the dead-stone
//! status at the end of a game.

pub mod bot;
pub mod control;
pub mod dynamic_komi;
pub mod ladder;
pub mod life;
pub mod mcts;
pub mod ownership;
pub mod playout;
pub mod priors;
pub mod profile;
pub mod seed;
pub mod status;
pub mod time;
pub mod tuning;
