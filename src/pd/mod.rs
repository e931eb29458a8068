//! The multiplayer iterated prisoner's dilemma: rules, judge, players, reports.
