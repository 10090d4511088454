//! The weights file (`templates/balance.toml`, `--weights FILE`): the
//! score's `[weights]`, the fairness `[bar]` and the seat simulation's
//! `[seats]` policy. Every table and key is optional; what a file leaves out
//! keeps its default. Every problem is reported at its line and column.

use super::bar::{Bar, THRESHOLDS};
use super::score::{Weights, DEFAULT_WEIGHTS, WEIGHT_NAMES};
use super::seats::Policy;
use crate::toml_file::{Node, TomlError, TomlFile};

/// Everything a weights file sets.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// The score's weights.
    pub weights: Weights,
    /// The fairness bar.
    pub bar: Bar,
    /// The seat simulation's policy.
    pub policy: Policy,
}

impl Default for Config {
    /// The content of `templates/balance.toml` (a unit test keeps them equal).
    fn default() -> Self {
        Config { weights: Weights::default(), bar: Bar::default(), policy: Policy::default() }
    }
}

/// A problem in a weights file, with where it is: the one error of
/// hexpress's TOML reader ([`crate::toml_file`]).
pub type WeightsError = TomlError;

/// The tables a weights file may have.
pub(crate) const TABLES: [&str; 3] = ["weights", "bar", "seats"];

/// The weights file's name in messages (its built-in copy is
/// `templates/balance.toml`).
const FILE_NAME: &str = "balance.toml";

impl Config {
    /// Parses a weights file; see the module docs.
    pub fn parse(text: &str) -> Result<Config, Box<WeightsError>> {
        let file = TomlFile::parse(FILE_NAME, text)?;
        let mut c = Config::default();
        for table in file.root().entries(&TABLES)? {
            match table.name() {
                "weights" => c.read_weights(&table)?,
                "bar" => c.read_bar(&table)?,
                _ => {
                    let names = Policy::ALL.map(Policy::name);
                    if let Some(p) = table.entries(&["policy"])?.first() {
                        c.policy = Policy::from_name(p.one_of(&names)?).unwrap_or_default();
                    }
                }
            }
        }
        Ok(c)
    }

    /// `[weights]`: numbers of at least 0.
    fn read_weights(&mut self, table: &Node<'_>) -> Result<(), Box<WeightsError>> {
        for k in table.entries(&WEIGHT_NAMES)? {
            let x = k.number_in(0.0, f64::INFINITY).map_err(|e| {
                e.with_hint("write a number of at least 0; 0 leaves the measure out of the score")
            })?;
            if let Some(slot) = self.weights.slot(k.name()) {
                *slot = x;
            }
        }
        Ok(())
    }

    /// `[bar]`: thresholds of at least 0 (`resource_floor` at most 1), or
    /// `false` for off.
    fn read_bar(&mut self, table: &Node<'_>) -> Result<(), Box<WeightsError>> {
        for k in table.entries(&THRESHOLDS.map(|t| t.0))? {
            let x = match k.value().as_bool() {
                Some(false) => None,
                _ => {
                    let hi = if k.name() == "resource_floor" { 1.0 } else { f64::INFINITY };
                    Some(k.number_in(0.0, hi).map_err(|e| {
                        e.with_hint("write a number, or `false` to switch the threshold off")
                    })?)
                }
            };
            if let Some(slot) = self.bar.slot(k.name()) {
                *slot = x;
            }
        }
        Ok(())
    }
}

/// The default file parses to [`Config::default`]; used by the tests.
pub fn default_text() -> &'static str {
    DEFAULT_WEIGHTS
}

/// Reading weights from a file lives beside the file's reader, so the
/// scores never import it back.
impl Weights {
    /// Parses a weights file (see [`Config::parse`]) and keeps its weights.
    /// Weights left out keep their default; unknown names are errors.
    pub fn parse(text: &str) -> Result<Weights, Box<WeightsError>> {
        Config::parse(text).map(|c| c.weights)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn the_template_is_the_default() {
        assert_eq!(Config::parse(DEFAULT_WEIGHTS), Ok(Config::default()));
    }

    #[test]
    fn left_out_keeps_the_default_and_false_switches_a_threshold_off() {
        let c = Config::parse("[bar]\ncorner_max = 10\nhigh_pairs = false\n").unwrap();
        assert_eq!(c.bar.corner_max, Some(10.0));
        assert_eq!(c.bar.high_pairs, None);
        assert_eq!(c.bar.resource_floor, Bar::default().resource_floor);
        assert_eq!(c.weights, Weights::default());
        let c = Config::parse("[seats]\npolicy = \"variety\"\n").unwrap();
        assert_eq!(c.policy, Policy::Variety);
    }

    #[test]
    fn problems_point_at_their_line_and_column() {
        let e = Config::parse("[bar]\ncorner_max = 10\nhigh_pairs = -1\n").unwrap_err();
        assert_eq!((e.line, e.col), (3, 14), "{e}");
        assert_eq!(e.message, "`bar.high_pairs` is -1; it must be at least 0");
        let e = Config::parse("[weights]\nseat_gap = nan\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 12), "{e}");
        assert!(e.message.contains("finite"), "{e}");
        let e = Config::parse("[bar]\n  corner_maxx = 3\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 3), "{e}");
        assert_eq!(e.message, "unknown key `corner_maxx` in `[bar]`");
        assert_eq!(e.hint, "did you mean `corner_max`?");
        let e = Config::parse("[bar]\nresource_floor = 1.5\n").unwrap_err();
        assert!(e.message.contains("between 0 and 1"), "{e}");
        let e = Config::parse("[barr]\n").unwrap_err();
        assert_eq!(e.hint, "did you mean `[bar]`?");
        let e = Config::parse("[weights\n").unwrap_err();
        assert!(e.message.starts_with("invalid TOML"), "{e}");
        let e = Config::parse("[seats]\npolicy = \"greedy\"\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 11), "{e}");
        assert_eq!(e.message, "`seats.policy` is \"greedy\"; use pips or variety");
    }
}
