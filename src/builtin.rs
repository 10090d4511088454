//! The built-in scenarios, embedded in the binary so it works from any folder.

use crate::diag::Source;

/// The scenario `generate` uses when none is named.
pub(crate) const DEFAULT: &str = "base";

/// (id, file text) of every built-in scenario.
pub const ALL: &[(&str, &str)] = &[
    ("base", include_str!("../scenarios/base.toml")),
    ("base-5-6", include_str!("../scenarios/base-5-6.toml")),
    ("gold-for-catan", include_str!("../scenarios/gold-for-catan.toml")),
    ("catan-world", include_str!("../scenarios/catan-world.toml")),
    ("seven-islands", include_str!("../scenarios/seven-islands.toml")),
    ("reach-catan", include_str!("../scenarios/reach-catan.toml")),
    ("traders-and-wagons", include_str!("../scenarios/traders-and-wagons.toml")),
    ("traders-and-wagons-overseas", include_str!("../scenarios/traders-and-wagons-overseas.toml")),
    ("fishermen", include_str!("../scenarios/fishermen.toml")),
    ("fishermen-5-6", include_str!("../scenarios/fishermen-5-6.toml")),
    ("fog-islands", include_str!("../scenarios/fog-islands.toml")),
];

/// The source of a built-in scenario, named `builtin:<id>`.
pub fn source(id: &str) -> Option<Source> {
    ALL.iter()
        .find(|(i, _)| *i == id)
        .map(|(i, text)| Source::builtin(format!("scenarios/{i}.toml"), *text))
}

/// Ids of all built-in scenarios.
pub fn ids() -> impl Iterator<Item = &'static str> {
    ALL.iter().map(|(i, _)| *i)
}
