//! The combined balance score: a weighted sum of the measures, lower is fairer.
//! Default weights live in `templates/balance.toml`; users pass their own
//! with `--weights FILE` (read by [`super::config`]).

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
    /// Weight of [`Measures::seat_gap`] (0 by default: see docs/balance.md).
    pub seat_gap: f64,
}

/// The weight names, as written in the `[weights]` table.
pub(crate) const WEIGHT_NAMES: [&str; 9] = [
    "resource_deviation",
    "corner_max",
    "corner_spread",
    "largest_group",
    "high_pairs",
    "harbor_max",
    "resource_shortfall",
    "red_same_resource",
    "seat_gap",
];

/// The seat gap's weight under `--objective seats`: a pip of seat gap then
/// outweighs any difference the other measures make between good boards.
pub(crate) const SEATS_OBJECTIVE_WEIGHT: f64 = 50.0;

/// What a balanced search (`--balanced best`, `--objective`) minimises.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Objective {
    /// The weighted score as the weights file gives it.
    #[default]
    #[value(help = "The weighted balance score")]
    Score,
    /// The seat gap first: its weight is raised to [`SEATS_OBJECTIVE_WEIGHT`].
    #[value(help = "The seat gap first, then the score")]
    Seats,
}

impl Objective {
    /// Name as written on the command line and in `layout.json`.
    pub const fn name(self) -> &'static str {
        match self {
            Objective::Score => "score",
            Objective::Seats => "seats",
        }
    }

    /// The weights this objective scores with, from the file's.
    pub fn weights(self, w: &Weights) -> Weights {
        match self {
            Objective::Score => *w,
            Objective::Seats => Weights { seat_gap: w.seat_gap.max(SEATS_OBJECTIVE_WEIGHT), ..*w },
        }
    }
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
            seat_gap: 0.0,
        }
    }
}

impl Weights {
    /// The slot of a weight by name.
    pub fn slot(&mut self, name: &str) -> Option<&mut f64> {
        Some(match name {
            "resource_deviation" => &mut self.resource_deviation,
            "corner_max" => &mut self.corner_max,
            "corner_spread" => &mut self.corner_spread,
            "largest_group" => &mut self.largest_group,
            "high_pairs" => &mut self.high_pairs,
            "harbor_max" => &mut self.harbor_max,
            "resource_shortfall" => &mut self.resource_shortfall,
            "red_same_resource" => &mut self.red_same_resource,
            "seat_gap" => &mut self.seat_gap,
            _ => return None,
        })
    }

    /// The weights as (name, value) pairs, in [`WEIGHT_NAMES`] order.
    pub fn pairs(&self) -> [(&'static str, f64); 9] {
        [
            (WEIGHT_NAMES[0], self.resource_deviation),
            (WEIGHT_NAMES[1], self.corner_max),
            (WEIGHT_NAMES[2], self.corner_spread),
            (WEIGHT_NAMES[3], self.largest_group),
            (WEIGHT_NAMES[4], self.high_pairs),
            (WEIGHT_NAMES[5], self.harbor_max),
            (WEIGHT_NAMES[6], self.resource_shortfall),
            (WEIGHT_NAMES[7], self.red_same_resource),
            (WEIGHT_NAMES[8], self.seat_gap),
        ]
    }

    /// Whether the score reads the seat simulation.
    pub fn needs_seats(&self) -> bool {
        self.seat_gap != 0.0
    }
}

/// The combined score of a layout's measures: `Σ weight × measure`, summed
/// in [`WEIGHT_NAMES`] order (so the result is the same on every machine).
/// Lower is fairer; 0 is not reachable on a real board. A zero seat weight
/// adds nothing, so the score is the same whether the seats were measured.
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
    if w.seat_gap != 0.0 {
        s += w.seat_gap * m.seat_gap;
    }
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
        let e = Weights::parse("[weights]\ncorner_maxx = 1.0\n").unwrap_err();
        assert_eq!(e.hint, "did you mean `corner_max`?");
        let e = Weights::parse("[weights]\nhigh_pairs = -1\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 14));
        let e = Weights::parse("[weights]\nseat_gap = -0.5\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 12));
        let e = Weights::parse("[weights]\nseat_gap = inf\n").unwrap_err();
        assert!(e.message.contains("finite"), "{e}");
        assert!(Weights::parse("[other]\n").is_err());
        assert!(Weights::parse("[weights\n").is_err());
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
            seat_gap: 4.0,
            ..Measures::default()
        };
        let w = Weights::default();
        // 2.5 + 11 + 0.25*8 + 3 + 1.5*2 + 0.5*5 = 24.0 (the seat gap weighs 0)
        assert_eq!(score(&m, &w), 24.0);
        assert_eq!(score(&m, &Objective::Seats.weights(&w)), 24.0 + 4.0 * SEATS_OBJECTIVE_WEIGHT);
    }
}
