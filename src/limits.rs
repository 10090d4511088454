//! Limits on everything a scenario or a command line can make grow: one home
//! for each, named in the error that enforces it.

/// Most hexes on one map (a 10,000-hex map is supported with room to spare).
pub const MAX_HEXES: usize = 20_000;
