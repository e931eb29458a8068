//! The Monte-Carlo bot: its parameters (one registry) and profiles, the search (its entry
//! points and budget, the tree, the shared-tree driver, tree reuse, the control of a
//! running search), the priors, the playouts, criticality, ladder reading, the seed of a move's search,
//! the move decision (when to pass, resign, avoid a ko) built on them, the player of a
//! game (its clocks, early stop, kept trees, pondering), the time a move gets, and the
//! dead-stone status at the end of a game.

pub mod bot;
pub mod config;
pub mod control;
pub mod criticality;
pub mod ladder;
pub mod mcts;
pub mod ownership;
pub mod params;
pub mod player;
pub mod playout;
pub mod priors;
pub mod profile;
pub mod reuse;
pub mod seed;
pub mod shared;
pub mod status;
pub mod time;
pub mod tree;
