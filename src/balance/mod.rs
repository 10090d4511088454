//! Balance: how fair a layout is, a search for the fairest of many layouts,
//! and a report of how the measures spread over a scenario's layouts.
//!
//! ```text
//! Layout + MapDef ─► measures ─► score (weights) ─► search (many seeds, rayon)
//!                                        └─► report (percentiles) ─► svg (balance.svg)
//! ```
//!
//! ```
//! use hexpress::balance::{self, Budget, SearchOptions, Weights};
//! let s = hexpress::model::load(&hexpress::builtin::source("base").unwrap()).unwrap();
//! let opts = SearchOptions { budget: Budget::Candidates(200), ..Default::default() };
//! let best = balance::balanced(&s, 4, 42, &Weights::default(), &opts, &|_, _| {}).unwrap();
//! assert_eq!(best.evaluated, 200);
//! assert!(best.score > 0.0);
//! ```

pub mod bar;
pub mod config;
pub mod improve;
pub mod json;
pub mod measures;
pub mod report;
pub mod score;
pub mod search;
pub mod seats;
pub mod svg;

pub use measures::{measures, Evaluator, HarborStrength, IslandTotals, Measures, RegionTotals};
pub use report::{Histogram, Percentiles, Report};
pub use bar::Bar;
pub use config::Config;
pub use score::{score, Objective, Weights, WeightsError, DEFAULT_WEIGHTS};
pub use seats::{Policy, SeatFigures, SeatMeasures};
pub use search::{
    candidate_seed, random_boards, search, Budget, Outcome, Progress, RandomBoards, SearchOptions,
};

use crate::model::Scenario;
use crate::solve::{SolveError, Solver};

/// Searches for the fairest layout of `scenario` for `players` from `seed`,
/// with the scenario fields of the layout filled in (like [`crate::solve::solve`]).
pub fn balanced(
    scenario: &Scenario,
    players: u8,
    seed: u64,
    weights: &Weights,
    opts: &SearchOptions,
    progress: Progress<'_>,
) -> Result<Outcome, SolveError> {
    let map = crate::solve::map_for(scenario, players)?;
    let solver = Solver::new(map, &scenario.constraints);
    let eval = Evaluator::new(map);
    let mut out = search(&solver, &eval, weights, seed, opts, progress)?;
    out.layout.scenario = scenario.meta.id.clone();
    out.layout.title = scenario.meta.title.clone();
    out.layout.players = players;
    Ok(out)
}

/// Short lines describing a layout's fairness, for a small box on the map
/// sheet (each at most about 32 characters).
pub fn summary_lines(m: &Measures) -> Vec<String> {
    let mut lines = Vec::new();
    let res: Vec<String> = crate::vocab::Resource::ALL
        .iter()
        .zip(m.resource_pips)
        .map(|(r, p)| format!("{}{p}", initial(r.name())))
        .collect();
    lines.push(format!("Pips: {}", res.join(" ")));
    lines.push(format!("Off fair share: {:.1} pips", m.resource_deviation));
    if !m.corner_sums.is_empty() {
        lines.push(format!("Corners: {}-{} pips", m.corner_min, m.corner_max));
    }
    lines.push(format!("Largest group: {} hexes", m.largest_group));
    lines.push(format!("High pairs: {}", m.high_pairs));
    if !m.harbors.is_empty() {
        lines.push(format!("Best 2:1 harbor: {} pips", m.harbor_max));
    }
    if m.islands.len() > 1 {
        if let Some((home, rest)) = m.home_and_rest() {
            lines.push(format!("Home island {home} / rest {rest} pips"));
        }
    }
    if let Some(g) = m.gold_reach {
        lines.push(format!("Gold {g} hexes from home"));
    }
    lines
}

/// First letter, upper case: `lumber` -> `L`.
fn initial(name: &str) -> String {
    name.chars().next().map(|c| c.to_ascii_uppercase().to_string()).unwrap_or_default()
}
