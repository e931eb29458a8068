//! Go: rules, the king-of-the-hill bot, GTP and the match runner.
