//! The weights file (`templates/balance.toml`, `--weights FILE`): the
//! score's `[weights]`, the fairness `[bar]` and the seat simulation's
//! `[seats]` policy. Every table and key is optional; what a file leaves out
//! keeps its default. Every problem is reported at its line and column.

use std::ops::Range;

use toml_span::value::{Value, ValueInner};

use super::bar::{Bar, THRESHOLDS};
use super::score::{Weights, DEFAULT_WEIGHTS, WEIGHT_NAMES};
use super::seats::Policy;
use crate::diag::{line_col, Diagnostic, Span};
use crate::vocab::did_you_mean;

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

/// A problem in a weights file, with where it is.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("line {line}, column {col}: {message}")]
pub struct WeightsError {
    /// What is wrong.
    pub message: String,
    /// Byte range in the file.
    pub span: Range<usize>,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub col: usize,
    /// How to fix it, when there is an obvious way.
    pub hint: Option<String>,
}

impl WeightsError {
    fn new(text: &str, span: Range<usize>, message: impl Into<String>) -> WeightsError {
        let (line, col) = line_col(text, span.start);
        WeightsError { message: message.into(), span, line, col, hint: None }
    }

    fn hint(mut self, h: impl Into<String>) -> Self {
        self.hint = Some(h.into());
        self
    }

    /// The error as a diagnostic pointing into the file.
    pub fn diagnostic(&self) -> Diagnostic {
        Diagnostic::error(self.message.clone()).at(Span::from(self.span.clone()), "here").hint(
            self.hint.clone().unwrap_or_else(|| {
                "see templates/balance.toml for the tables, names and values".to_string()
            }),
        )
    }
}

/// The tables a weights file may have.
pub const TABLES: [&str; 3] = ["weights", "bar", "seats"];

impl Config {
    /// Parses a weights file; see the module docs.
    pub fn parse(text: &str) -> Result<Config, WeightsError> {
        let mut root = toml_span::parse(text).map_err(|e| {
            let start = e.span.start.min(text.len());
            WeightsError::new(
                text,
                start..e.span.end.max(start),
                format!("invalid TOML: {}", e.kind),
            )
        })?;
        let ValueInner::Table(top) = root.take() else {
            return Err(WeightsError::new(text, 0..0, "the file is not a TOML table"));
        };
        let mut c = Config::default();
        let mut tables: Vec<_> = top.into_iter().collect();
        tables.sort_by_key(|(k, _)| k.span.start);
        for (key, mut value) in tables {
            let span = key.span.start..key.span.end;
            let name = key.name.to_string();
            let ValueInner::Table(entries) = value.take() else {
                return Err(WeightsError::new(text, span, format!("`{name}` must be a table"))
                    .hint(format!(
                        "write `[{name}]` on a line of its own, then `key = value` lines"
                    )));
            };
            let mut entries: Vec<_> = entries.into_iter().collect();
            entries.sort_by_key(|(k, _)| k.span.start);
            match name.as_str() {
                "weights" => {
                    for (k, v) in entries {
                        let x = number(text, &k.name, &v, 0.0, f64::MAX, "weight")?;
                        let Some(slot) = c.weights.slot(&k.name) else {
                            return Err(unknown(text, &k, "weight", &WEIGHT_NAMES));
                        };
                        *slot = x;
                    }
                }
                "bar" => {
                    let names = THRESHOLDS.map(|t| t.0);
                    for (k, v) in entries {
                        if c.bar.slot(&k.name).is_none() {
                            return Err(unknown(text, &k, "threshold", &names));
                        }
                        let off = matches!(v.as_bool(), Some(false));
                        let x = match off {
                            true => None,
                            false => {
                                let hi = if k.name == "resource_floor" { 1.0 } else { f64::MAX };
                                Some(number(text, &k.name, &v, 0.0, hi, "threshold")?)
                            }
                        };
                        if let Some(slot) = c.bar.slot(&k.name) {
                            *slot = x;
                        }
                    }
                }
                "seats" => {
                    for (k, v) in entries {
                        let vs = v.span.start..v.span.end;
                        match k.name.as_ref() {
                            "policy" => {
                                let names = Policy::ALL.map(Policy::name);
                                let p = v.as_str().and_then(Policy::from_name);
                                c.policy = p.ok_or_else(|| {
                                    WeightsError::new(text, vs, "`policy` must name a seat policy")
                                        .hint(format!("use one of: {}", names.join(", ")))
                                })?;
                            }
                            _ => return Err(unknown(text, &k, "seat setting", &["policy"])),
                        }
                    }
                }
                _ => {
                    let mut e = WeightsError::new(text, span, format!("unknown table `[{name}]`"));
                    e = e.hint(match did_you_mean(&name, TABLES) {
                        Some(s) => format!("did you mean `[{s}]`?"),
                        None => format!("the tables are [{}]", TABLES.join("], [")),
                    });
                    return Err(e);
                }
            }
        }
        Ok(c)
    }
}

/// A finite number in `lo..=hi` (integers accepted).
fn number(
    text: &str,
    name: &str,
    v: &Value<'_>,
    lo: f64,
    hi: f64,
    what: &str,
) -> Result<f64, WeightsError> {
    let span = v.span.start..v.span.end;
    let x = v.as_float().or_else(|| v.as_integer().map(|i| i as f64));
    match x {
        Some(x) if x.is_finite() && x >= lo && x <= hi => Ok(x),
        Some(x) if !x.is_finite() => Err(WeightsError::new(
            text,
            span,
            format!("{what} `{name}` must be a finite number, found {x}"),
        )),
        Some(x) => {
            let range = if hi == f64::MAX {
                format!("at least {lo}")
            } else {
                format!("from {lo} to {hi}")
            };
            Err(WeightsError::new(
                text,
                span,
                format!("{what} `{name}` must be {range}, found {x}"),
            ))
        }
        None => Err(WeightsError::new(text, span, format!("{what} `{name}` must be a number"))
            .hint(match what {
                "threshold" => "write a number, or `false` to switch the threshold off",
                _ => "write a number; 0 leaves the measure out of the score",
            })),
    }
}

fn unknown(text: &str, k: &toml_span::value::Key<'_>, what: &str, names: &[&str]) -> WeightsError {
    let e =
        WeightsError::new(text, k.span.start..k.span.end, format!("unknown {what} `{}`", k.name));
    e.hint(match did_you_mean(&k.name, names.iter().copied()) {
        Some(s) => format!("did you mean `{s}`?"),
        None => format!("known names: {}", names.join(", ")),
    })
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
    pub fn parse(text: &str) -> Result<Weights, WeightsError> {
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
        assert!(e.message.contains("at least 0"), "{e}");
        let e = Config::parse("[weights]\nseat_gap = nan\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 12), "{e}");
        assert!(e.message.contains("finite"), "{e}");
        let e = Config::parse("[bar]\n  corner_maxx = 3\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 3), "{e}");
        assert_eq!(e.hint.as_deref(), Some("did you mean `corner_max`?"));
        let e = Config::parse("[bar]\nresource_floor = 1.5\n").unwrap_err();
        assert!(e.message.contains("from 0 to 1"), "{e}");
        let e = Config::parse("[barr]\n").unwrap_err();
        assert_eq!(e.hint.as_deref(), Some("did you mean `[bar]`?"));
        let e = Config::parse("[weights\n").unwrap_err();
        assert!(e.message.starts_with("invalid TOML"), "{e}");
        let e = Config::parse("[seats]\npolicy = \"greedy\"\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 11), "{e}");
    }
}
