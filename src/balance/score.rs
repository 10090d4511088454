//! The combined balance score: a weighted sum of the measures, lower is fairer.
//! Default weights live in `templates/balance.toml`; users pass their own
//! with `--weights FILE`.

use toml_span::value::ValueInner;

use super::Measures;

/// The default weights file, embedded.
pub const DEFAULT_WEIGHTS: &str = include_str!("../../templates/balance.toml");

/// The weight of each measure in the score.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Weight of [`Measures::resource_deviation`].
    pub resource_deviation: f64,
    /// Weight of [`Measures::corner_max`].
    pub corner_max: f64,
    /// Weight of [`Measures::corner_spread`].
    pub corner_spread: f64,
    /// Weight of [`Measures::largest_group`].
    pub largest_group: f64,
    /// Weight of [`Measures::high_pairs`].
    pub high_pairs: f64,
    /// Weight of [`Measures::harbor_max`].
    pub harbor_max: f64,
    /// Weight of [`Measures::resource_shortfall`].
    pub resource_shortfall: f64,
    /// Weight of [`Measures::red_same_resource`].
    pub red_same_resource: f64,
}

/// The weight names, as written in the `[weights]` table.
pub const WEIGHT_NAMES: [&str; 8] = [
    "resource_deviation",
    "corner_max",
    "corner_spread",
    "largest_group",
    "high_pairs",
    "harbor_max",
    "resource_shortfall",
    "red_same_resource",
];

/// A weights file that cannot be used.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum WeightsError {
    /// Not valid TOML.
    #[error("invalid TOML: {0}")]
    Syntax(String),
    /// No `[weights]` table.
    #[error("no `[weights]` table")]
    NoTable,
    /// A key that is not a known measure.
    #[error("unknown weight `{name}`{}", hint.as_ref().map(|h| format!(" (did you mean `{h}`?)")).unwrap_or_default())]
    Unknown {
        /// The key.
        name: String,
        /// The closest known name.
        hint: Option<String>,
    },
    /// A weight that is not a finite, non-negative number.
    #[error("weight `{0}` must be a number of at least 0")]
    Bad(String),
}

impl Default for Weights {
    fn default() -> Self {
        // The embedded template is tested to parse; these values are its
        // content, kept in sync by `default_matches_template`.
        Weights {
            resource_deviation: 1.0,
            corner_max: 1.0,
            corner_spread: 0.25,
            largest_group: 1.0,
            high_pairs: 1.5,
            harbor_max: 0.5,
            resource_shortfall: 1.0,
            red_same_resource: 2.0,
        }
    }
}

impl Weights {
    /// Parses a weights file: a `[weights]` table of `name = number`.
    /// Weights left out keep their default; unknown names are errors.
    pub fn parse(text: &str) -> Result<Weights, WeightsError> {
        Weights::parse_located(text).map_err(|(e, _)| e)
    }

    /// Like [`Weights::parse`], with the byte range of the problem in
    /// `text` when it has a place.
    pub fn parse_located(
        text: &str,
    ) -> Result<Weights, (WeightsError, Option<std::ops::Range<usize>>)> {
        let mut root = toml_span::parse(text).map_err(|e| {
            (WeightsError::Syntax(e.kind.to_string()), Some(e.span.start..e.span.end))
        })?;
        let no_table = |sp: Option<std::ops::Range<usize>>| (WeightsError::NoTable, sp);
        let whole = Some(root.span.start..root.span.end);
        let ValueInner::Table(mut top) = root.take() else { return Err(no_table(whole)) };
        let Some(mut table) = top.remove("weights") else { return Err(no_table(None)) };
        let at = Some(table.span.start..table.span.end);
        let ValueInner::Table(table) = table.take() else { return Err(no_table(at)) };
        let mut w = Weights::default();
        for (key, value) in table {
            let name = key.name.to_string();
            let key_at = Some(key.span.start..key.span.end);
            let x = match value.as_float().or_else(|| value.as_integer().map(|i| i as f64)) {
                Some(x) if x.is_finite() && x >= 0.0 => x,
                _ => return Err((WeightsError::Bad(name), Some(value.span.start..value.span.end))),
            };
            let slot = match name.as_str() {
                "resource_deviation" => &mut w.resource_deviation,
                "corner_max" => &mut w.corner_max,
                "corner_spread" => &mut w.corner_spread,
                "largest_group" => &mut w.largest_group,
                "high_pairs" => &mut w.high_pairs,
                "harbor_max" => &mut w.harbor_max,
                "resource_shortfall" => &mut w.resource_shortfall,
                "red_same_resource" => &mut w.red_same_resource,
                _ => {
                    let hint = crate::vocab::did_you_mean(&name, WEIGHT_NAMES).map(str::to_string);
                    return Err((WeightsError::Unknown { name, hint }, key_at));
                }
            };
            *slot = x;
        }
        Ok(w)
    }

    /// The weights as (name, value) pairs, in [`WEIGHT_NAMES`] order.
    pub fn pairs(&self) -> [(&'static str, f64); 8] {
        [
            (WEIGHT_NAMES[0], self.resource_deviation),
            (WEIGHT_NAMES[1], self.corner_max),
            (WEIGHT_NAMES[2], self.corner_spread),
            (WEIGHT_NAMES[3], self.largest_group),
            (WEIGHT_NAMES[4], self.high_pairs),
            (WEIGHT_NAMES[5], self.harbor_max),
            (WEIGHT_NAMES[6], self.resource_shortfall),
            (WEIGHT_NAMES[7], self.red_same_resource),
        ]
    }
}

/// The combined score of a layout's measures: `Σ weight × measure`, summed
/// in [`WEIGHT_NAMES`] order (so the result is the same on every machine).
/// Lower is fairer; 0 is not reachable on a real board.
pub fn score(m: &Measures, w: &Weights) -> f64 {
    let mut s = 0.0;
    s += w.resource_deviation * m.resource_deviation;
    s += w.corner_max * f64::from(m.corner_max);
    s += w.corner_spread * f64::from(m.corner_spread);
    s += w.largest_group * f64::from(m.largest_group);
    s += w.high_pairs * f64::from(m.high_pairs);
    s += w.harbor_max * f64::from(m.harbor_max);
    s += w.resource_shortfall * m.resource_shortfall;
    s += w.red_same_resource * f64::from(m.red_same_resource);
    s
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn default_matches_template() {
        assert_eq!(Weights::parse(DEFAULT_WEIGHTS), Ok(Weights::default()));
    }

    #[test]
    fn partial_files_keep_defaults_and_typos_are_caught() {
        let w = Weights::parse("[weights]\ncorner_max = 3\n").unwrap();
        assert_eq!(w.corner_max, 3.0);
        assert_eq!(w.high_pairs, Weights::default().high_pairs);
        match Weights::parse("[weights]\ncorner_maxx = 1.0\n") {
            Err(WeightsError::Unknown { hint, .. }) => {
                assert_eq!(hint.as_deref(), Some("corner_max"))
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            Weights::parse("[weights]\nhigh_pairs = -1\n"),
            Err(WeightsError::Bad(_))
        ));
        assert!(matches!(Weights::parse("[other]\n"), Err(WeightsError::NoTable)));
        assert!(matches!(Weights::parse("[weights\n"), Err(WeightsError::Syntax(_))));
    }

    #[test]
    fn score_is_the_weighted_sum() {
        let m = Measures {
            resource_deviation: 2.5,
            corner_max: 11,
            corner_spread: 8,
            largest_group: 3,
            high_pairs: 2,
            harbor_max: 5,
            ..Measures::default()
        };
        let w = Weights::default();
        // 2.5 + 11 + 0.25*8 + 3 + 1.5*2 + 0.5*5 = 24.0
        assert_eq!(score(&m, &w), 24.0);
    }
}
