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
mod candidates;
pub mod chips;
pub mod config;
pub mod draw;
pub mod improve;
pub mod json;
pub mod measures;
pub mod places;
mod quick;
pub mod report;
pub mod score;
pub mod search;
pub mod seats;
pub mod svg;

pub use bar::Bar;
pub use config::{Config, WeightsError};
pub use draw::{
    BarBuffers, BarDraw, BarError, BarMethod, BarOptions, BarSampler, Pilot, CHAIN_THIN_DIVISOR,
};
pub use measures::{measures, Evaluator, HarborStrength, IslandTotals, Measures, RegionTotals};
pub use report::{Histogram, Percentiles, Report};
pub use score::{score, Objective, Weights, DEFAULT_WEIGHTS};
pub use search::{
    candidate_seed, random_boards, search, Budget, Outcome, Progress, RandomBoards, SearchOptions,
};
pub use seats::{odds, odds_sentence, Policy, SeatFigures, SeatMeasures};

use crate::model::Scenario;
use crate::solve::{Layout, SolveError, Solver};

/// Searches for the fairest layout of `scenario` for `players` from `seed`
/// (`--balanced best` with the default seat policy), with the scenario
/// fields of the layout filled in (like [`crate::solve::solve`]).
pub fn balanced(
    scenario: &Scenario,
    players: u8,
    seed: u64,
    weights: &Weights,
    opts: &SearchOptions,
    progress: Progress<'_>,
) -> Result<Outcome, SolveError> {
    let config = Config { weights: *weights, ..Config::default() };
    balanced_with(scenario, players, seed, &config, Objective::Score, opts, progress)
}

/// [`balanced`] with a whole weights file (its seat policy) and an objective.
#[allow(clippy::too_many_arguments)]
pub fn balanced_with(
    scenario: &Scenario,
    players: u8,
    seed: u64,
    config: &Config,
    objective: Objective,
    opts: &SearchOptions,
    progress: Progress<'_>,
) -> Result<Outcome, SolveError> {
    let map = crate::solve::map_for(scenario, players)?;
    let solver = Solver::new(map, &scenario.constraints);
    let weights = objective.weights(&config.weights);
    let eval = Evaluator::for_players(map, players)
        .with_policy(config.policy)
        .scoring_seats(weights.needs_seats());
    let mut out = search(&solver, &eval, &weights, seed, opts, progress)?;
    name(&mut out.layout, scenario, players);
    Ok(out)
}

/// Draws the board of `seed` uniformly among the valid boards of
/// `scenario` that clear `config`'s bar (`--balanced`), with the scenario
/// fields filled in; also returns what the pilot saw.
pub fn draw_from_bar(
    scenario: &Scenario,
    players: u8,
    seed: u64,
    config: &Config,
    opts: &BarOptions,
) -> Result<(BarDraw, Pilot), BarError> {
    let map = crate::solve::map_for(scenario, players)?;
    let solver = Solver::new(map, &scenario.constraints);
    let eval = Evaluator::for_players(map, players).with_policy(config.policy);
    let sampler = BarSampler::new(&solver, &eval, &config.bar, opts)?;
    let mut d = sampler.draw(seed)?;
    name(&mut d.layout, scenario, players);
    Ok((d, sampler.pilot()))
}

fn name(l: &mut Layout, scenario: &Scenario, players: u8) {
    l.scenario = scenario.meta.id.clone();
    l.title = scenario.meta.title.clone();
    l.players = players;
}

/// `layout` as the players see it before anything is revealed: every
/// face-down hex as open water without a chip, so nothing measured of it
/// depends on what a hidden tile holds.
pub fn players_view(layout: &Layout) -> Layout {
    let mut l = layout.clone();
    for h in l.hexes.iter_mut().filter(|h| h.face_down) {
        h.terrain = crate::vocab::Terrain::Sea;
        h.number = None;
    }
    l
}

/// The measures printed for `layout` (measured as `m`): `m` itself for a
/// board without face-down hexes, else the measures of its
/// [`players_view`] on `map` for `players` with the seat `policy`, so no
/// printed line tells what a hidden hex holds (where the gold lies, how
/// large a group of one terrain is, which corners touch land).
pub fn seen_measures(
    map: &crate::model::MapDef,
    players: u8,
    policy: Policy,
    layout: &Layout,
    m: &Measures,
) -> Measures {
    if !layout.hexes.iter().any(|h| h.face_down) {
        return m.clone();
    }
    let seen =
        Evaluator::for_players(map, players).with_policy(policy).measure(&players_view(layout));
    // The seat simulation already leaves face-down hexes out.
    Measures { seats: m.seats.clone(), seat_gap: m.seat_gap, ..seen }
}

/// Short lines describing a layout's fairness, for a small box on the map
/// sheet (each at most about 32 characters). For a board with face-down
/// hexes, print the lines of its [`seen_measures`].
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
    lines.extend(seat_lines(m));
    lines
}

/// The seat simulation in three short lines (none when it was not run): the
/// seats' pips, the gap, and each seat's chance to win against an even share
/// of the pips, in points ([`seats::odds`]).
pub(crate) fn seat_lines(m: &Measures) -> Vec<String> {
    if m.seats.is_empty() {
        return Vec::new();
    }
    let totals: Vec<String> = m.seats.iter().map(|s| format!("{:.1}", s.total)).collect();
    let odds: Vec<String> = seats::odds(&m.seats).iter().map(|o| format!("{o:+.1}")).collect();
    vec![
        format!("Seats: {} pips", totals.join(" ")),
        format!("Seat gap: {:.1} pips", m.seat_gap),
        format!("Win odds: {} pts", odds.join(" ")),
    ]
}

/// First letter, upper case: `lumber` -> `L`.
fn initial(name: &str) -> String {
    name.chars().next().map(|c| c.to_ascii_uppercase().to_string()).unwrap_or_default()
}
