//! Stage 1, parse: scenario TOML text -> [`RawScenario`] with spans.

pub mod fields;
pub mod grid;
mod parse;
mod parse_game;
mod parse_map;
pub mod raw;
mod rule_presets;
pub(crate) mod rule_table;
#[cfg(test)]
mod rule_tests;
pub(crate) mod side_grid;
pub mod sides;
pub mod token_table;

pub use parse::parse;
pub use raw::RawScenario;
