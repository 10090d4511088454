//! The `balance` object of `layout.json`, written after a balanced search.
//! Keys come in a fixed order; decimals are rounded to 3 places.

use serde::Serialize;

use super::{Measures, Outcome, Weights};

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
}

#[derive(Serialize)]
struct RandomOut {
    drawn: u64,
    best: f64,
    median: f64,
    as_fair: u64,
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
fn r3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

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

/// The `balance` object as compact JSON text.
pub fn object(o: &Outcome, w: &Weights) -> String {
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
        },
        weights: WeightsOut {
            resource_deviation: w.resource_deviation,
            corner_max: w.corner_max,
            corner_spread: w.corner_spread,
            largest_group: w.largest_group,
            high_pairs: w.high_pairs,
            harbor_max: w.harbor_max,
            resource_shortfall: w.resource_shortfall,
            red_same_resource: w.red_same_resource,
        },
        measures: measures_out(&o.measures),
    };
    // Plain structs of numbers and strings always serialize.
    serde_json::to_string(&out).unwrap_or_else(|_| "null".into())
}
