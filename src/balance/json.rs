//! The `balance` object of `layout.json`, written after a balanced search.
//! Keys come in a fixed order; decimals are rounded to 3 places.

use serde::Serialize;

use super::bar::Bar;
use super::draw::{BarDraw, Pilot};
use super::seats::{Policy, SeatFigures};
use super::{Config, Measures, Objective, Outcome, Weights};

/// `--balanced best`. The keys before `mode` are those of the first version
/// of this object, in their order; later keys are only ever added at the end.
#[derive(Serialize)]
struct BalanceOut<'a> {
    score: f64,
    /// Not a uniform draw: chosen by local search (see docs/balance.md).
    method: &'static str,
    candidate: u64,
    candidate_seed: u64,
    candidates: u64,
    failed: u64,
    random: RandomOut,
    weights: WeightsOut,
    measures: MeasuresOut<'a>,
    mode: &'static str,
    objective: &'static str,
    seat_policy: &'static str,
    seats: Vec<SeatOut>,
    seat_gap: f64,
    bar: BarOut,
    meets_bar: bool,
}

/// `--balanced` (bar).
#[derive(Serialize)]
struct BarBalanceOut<'a> {
    mode: &'static str,
    method: &'static str,
    bar: BarOut,
    meets_bar: bool,
    pilot: PilotOut,
    /// Rejection: boards drawn for this one (uniform boards, or the boards
    /// of one chain run for `rejection-over-chain`).
    candidates: u64,
    candidate_seed: Option<u64>,
    chain_steps: Option<u64>,
    chain_moved: Option<u64>,
    score: f64,
    weights: WeightsOut,
    seat_policy: &'static str,
    seats: Vec<SeatOut>,
    seat_gap: f64,
    measures: MeasuresOut<'a>,
}

#[derive(Serialize)]
struct PilotOut {
    boards: u64,
    cleared: u64,
    pass_rate: f64,
}

/// The thresholds of a bar, `null` where off.
#[derive(Serialize)]
pub(crate) struct BarOut {
    corner_max: Option<f64>,
    resource_floor: Option<f64>,
    red_same_resource: Option<f64>,
    high_pairs: Option<f64>,
    harbor_max: Option<f64>,
    largest_group: Option<f64>,
    seat_gap: Option<f64>,
}

impl BarOut {
    /// The thresholds of `b`.
    pub fn new(b: &Bar) -> BarOut {
        BarOut {
            corner_max: b.corner_max,
            resource_floor: b.resource_floor,
            red_same_resource: b.red_same_resource,
            high_pairs: b.high_pairs,
            harbor_max: b.harbor_max,
            largest_group: b.largest_group,
            seat_gap: b.seat_gap,
        }
    }
}

/// One seat of the seat simulation.
#[derive(Serialize)]
pub(crate) struct SeatOut {
    seat: u8,
    pips: SeatPips,
    resources: f64,
    robber: f64,
    harbors: f64,
    settlements: f64,
}

#[derive(Serialize)]
struct SeatPips {
    lumber: f64,
    wool: f64,
    grain: f64,
    brick: f64,
    ore: f64,
    gold: f64,
    total: f64,
}

/// The seats of a board, rounded for `layout.json`.
pub(crate) fn seats_out(seats: &[SeatFigures]) -> Vec<SeatOut> {
    seats
        .iter()
        .map(|s| SeatOut {
            seat: s.seat,
            pips: SeatPips {
                lumber: r3(s.pips[0]),
                wool: r3(s.pips[1]),
                grain: r3(s.pips[2]),
                brick: r3(s.pips[3]),
                ore: r3(s.pips[4]),
                gold: r3(s.gold),
                total: r3(s.total),
            },
            resources: r3(s.resources),
            robber: r3(s.robber),
            harbors: r3(s.harbors),
            settlements: r3(s.settlements),
        })
        .collect()
}

#[derive(Serialize)]
struct RandomOut {
    drawn: u64,
    best: f64,
    median: f64,
    as_fair: u64,
    seat_gap_drawn: u64,
    seat_gap_median: f64,
    seat_gap_as_low: u64,
}

#[derive(Serialize)]
struct WeightsOut {
    resource_deviation: f64,
    corner_max: f64,
    corner_spread: f64,
    largest_group: f64,
    high_pairs: f64,
    harbor_max: f64,
    resource_shortfall: f64,
    red_same_resource: f64,
    seat_gap: f64,
}

impl WeightsOut {
    fn new(w: &Weights) -> WeightsOut {
        WeightsOut {
            resource_deviation: w.resource_deviation,
            corner_max: w.corner_max,
            corner_spread: w.corner_spread,
            largest_group: w.largest_group,
            high_pairs: w.high_pairs,
            harbor_max: w.harbor_max,
            resource_shortfall: w.resource_shortfall,
            red_same_resource: w.red_same_resource,
            seat_gap: w.seat_gap,
        }
    }
}

#[derive(Serialize)]
struct PerResource<T> {
    lumber: T,
    wool: T,
    grain: T,
    brick: T,
    ore: T,
}

impl<T: Copy> PerResource<T> {
    fn new(v: [T; 5]) -> Self {
        PerResource { lumber: v[0], wool: v[1], grain: v[2], brick: v[3], ore: v[4] }
    }
}

#[derive(Serialize)]
struct HarborOut {
    q: i32,
    r: i32,
    resource: &'static str,
    pips: u32,
}

#[derive(Serialize)]
struct IslandOut {
    q: i32,
    r: i32,
    hexes: u32,
    pips: u32,
}

#[derive(Serialize)]
struct RegionOut<'a> {
    key: &'a str,
    hexes: u32,
    pips: u32,
}

#[derive(Serialize)]
struct MeasuresOut<'a> {
    resource_pips: PerResource<u32>,
    resource_share: PerResource<f64>,
    resource_deviation: f64,
    resource_shortfall: f64,
    red_same_resource: u32,
    corner_max: u32,
    corner_min: u32,
    corner_spread: u32,
    corner_sums: &'a [u32],
    largest_group: u32,
    largest_group_terrain: Option<&'static str>,
    high_pairs: u32,
    harbors: Vec<HarborOut>,
    harbor_max: u32,
    gold_pips: u32,
    islands: Vec<IslandOut>,
    home_island: Option<usize>,
    gold_reach: Option<u32>,
    regions: Vec<RegionOut<'a>>,
}

/// Rounds to 3 decimals so the file does not carry float noise.
pub(crate) fn r3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// The measures of a board as `layout.json` writes them.
fn measures_out(m: &Measures) -> MeasuresOut<'_> {
    MeasuresOut {
        resource_pips: PerResource::new(m.resource_pips),
        resource_share: PerResource::new(m.resource_share.map(r3)),
        resource_deviation: r3(m.resource_deviation),
        resource_shortfall: r3(m.resource_shortfall),
        red_same_resource: m.red_same_resource,
        corner_max: m.corner_max,
        corner_min: m.corner_min,
        corner_spread: m.corner_spread,
        corner_sums: &m.corner_sums,
        largest_group: m.largest_group,
        largest_group_terrain: m.largest_group_terrain.map(|t| t.name()),
        high_pairs: m.high_pairs,
        harbors: m
            .harbors
            .iter()
            .map(|h| HarborOut {
                q: h.hex.q,
                r: h.hex.r,
                resource: h.resource.name(),
                pips: h.pips,
            })
            .collect(),
        harbor_max: m.harbor_max,
        gold_pips: m.gold_pips,
        islands: m
            .islands
            .iter()
            .map(|i| IslandOut { q: i.first.q, r: i.first.r, hexes: i.hexes, pips: i.pips })
            .collect(),
        home_island: m.home_island,
        gold_reach: m.gold_reach,
        regions: m
            .regions
            .iter()
            .map(|r| RegionOut { key: &r.key, hexes: r.hexes, pips: r.pips })
            .collect(),
    }
}

/// The `balance` object of a `--balanced best` board as compact JSON text:
/// `config` gives the bar it is checked against and the seat policy; the
/// weights are those the search scored with (`objective` applied).
pub fn object(o: &Outcome, w: &Weights) -> String {
    let config = Config { weights: *w, ..Config::default() };
    object_with(o, &config, Objective::Score)
}

/// [`object`] with the whole weights file and the objective.
pub(crate) fn object_with(o: &Outcome, config: &Config, objective: Objective) -> String {
    let w = objective.weights(&config.weights);
    let out = BalanceOut {
        score: r3(o.score),
        method: "local-search",
        candidate: o.candidate,
        candidate_seed: o.candidate_seed,
        candidates: o.evaluated,
        failed: o.failed,
        random: RandomOut {
            drawn: o.random.drawn,
            best: r3(o.random.best),
            median: r3(o.random.median),
            as_fair: o.random.as_fair,
            seat_gap_drawn: o.random.seat_gap_drawn,
            seat_gap_median: r3(o.random.seat_gap_median),
            seat_gap_as_low: o.random.seat_gap_as_low,
        },
        weights: WeightsOut::new(&w),
        measures: measures_out(&o.measures),
        mode: "best",
        objective: objective.name(),
        seat_policy: config.policy.name(),
        seats: seats_out(&o.measures.seats),
        seat_gap: r3(o.measures.seat_gap),
        bar: BarOut::new(&config.bar),
        meets_bar: config.bar.clears(&o.measures),
    };
    // Plain structs of numbers and strings always serialize.
    serde_json::to_string(&out).unwrap_or_else(|_| "null".into())
}

/// The `balance` object of a `--balanced` (bar) board as compact JSON text.
pub fn bar_object(d: &BarDraw, pilot: &Pilot, config: &Config) -> String {
    let out = BarBalanceOut {
        mode: "bar",
        method: d.method.name(),
        bar: BarOut::new(&config.bar),
        meets_bar: config.bar.clears(&d.measures),
        pilot: PilotOut {
            boards: pilot.boards,
            cleared: pilot.cleared,
            pass_rate: (pilot.pass_rate() * 1e6).round() / 1e6,
        },
        candidates: d.candidates,
        candidate_seed: d.candidate_seed,
        chain_steps: d.run.map(|r| r.steps),
        chain_moved: d.run.map(|r| r.moved),
        score: r3(super::score(&d.measures, &config.weights)),
        weights: WeightsOut::new(&config.weights),
        seat_policy: config.policy.name(),
        seats: seats_out(&d.measures.seats),
        seat_gap: r3(d.measures.seat_gap),
        measures: measures_out(&d.measures),
    };
    serde_json::to_string(&out).unwrap_or_else(|_| "null".into())
}

/// The `balance` object of a `sample --measures` line: every measure, the
/// seats, and whether the board clears `bar`.
pub(crate) fn measures_object(m: &Measures, config: &Config) -> String {
    #[derive(Serialize)]
    struct Out<'a> {
        meets_bar: bool,
        score: f64,
        seat_policy: &'static str,
        seats: Vec<SeatOut>,
        seat_gap: f64,
        measures: MeasuresOut<'a>,
    }
    let out = Out {
        meets_bar: config.bar.clears(m),
        score: r3(super::score(m, &config.weights)),
        seat_policy: config.policy.name(),
        seats: seats_out(&m.seats),
        seat_gap: r3(m.seat_gap),
        measures: measures_out(m),
    };
    serde_json::to_string(&out).unwrap_or_else(|_| "null".into())
}

/// The name of a seat policy (for callers without the enum in scope).
pub fn policy_name(p: Policy) -> &'static str {
    p.name()
}
