//! The named starting sets of placement rules. Each rule's value in each
//! preset is in its descriptor (`rule_table::RULES`), and
//! `RulePreset::constraints` there lays them out.

use std::fmt;

/// A named starting set of placement rules, chosen with `rules = "..."` in
/// `[constraints]` or with `--rules` (whose help is the variants' docs); the
/// scenario's own settings apply on top. Official is the default. Each
/// rule's value in each preset is in its descriptor (`RULES`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RulePreset {
    /// No 6 or 8 next to another 6 or 8 (the published rule).
    Official,
    /// Also no equal neighbours, no 2 next to 12, at most 10 pips at a
    /// corner, same-terrain groups of at most 2.
    Strict,
}

impl RulePreset {
    /// Every preset.
    pub const ALL: [RulePreset; 2] = [RulePreset::Official, RulePreset::Strict];

    /// The name used in files and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            RulePreset::Official => "official",
            RulePreset::Strict => "strict",
        }
    }

    /// Its name on the web page's menu.
    pub const fn title(self) -> &'static str {
        match self {
            RulePreset::Official => "Official rules",
            RulePreset::Strict => "Strict rules",
        }
    }

    /// Parses a preset name.
    pub fn from_name(s: &str) -> Option<RulePreset> {
        RulePreset::ALL.into_iter().find(|p| p.name() == s)
    }
}

impl fmt::Display for RulePreset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
