//! The Markov chain against the exact samplers on the built-in maps.
//!
//! The exactness tests hold the chain to every listed board of small maps;
//! a built-in has far too many boards to list, so here its boards are
//! compared feature by feature: for every hex, what it holds (terrain and
//! chip), and for every harbor, its trade and the side it faces. For each
//! built-in map that an exact sampler draws, `N` chain boards
//! ([`Solver::with_markov_chain`], the chain hexpress uses on maps no exact
//! sampler fits) and `N` exact boards are compared by a two-sample
//! chi-square summed over the features. The threshold is calibrated on the
//! exact sampler itself: the same statistic between pairs of independent
//! exact samples of `N` (the largest seen, times a margin). A chain run far
//! too short to forget its start is kept as a control, and must be caught.
//!
//! The default run takes two maps (one per preset) and `N` = 1,000;
//! `HEXPRESS_CHAIN_BUILTINS=all` takes every built-in map under both
//! presets (`=ID` one built-in under both), and `HEXPRESS_CHAIN_DRAWS=N` sets `N` (the 20,000).

use std::collections::HashMap;

use hexpress::model::{load, MapDef, RulePreset, Scenario};
use hexpress::solve::{check, Layout, SolveError, SolveOptions, Solver};
use rayon::prelude::*;

/// Pairs of exact samples the threshold is calibrated on.
const REFERENCE_PAIRS: u64 = 30;
/// Margin over the largest reference statistic.
const MARGIN: f64 = 1.3;
/// Boards per sample in the default run.
const DEFAULT_DRAWS: usize = 1_000;

fn draws() -> usize {
    std::env::var("HEXPRESS_CHAIN_DRAWS").ok().and_then(|v| v.parse().ok()).unwrap_or(DEFAULT_DRAWS)
}

fn builtin(id: &str, preset: RulePreset) -> Scenario {
    load(&hexpress::builtin::source(id).expect("built-in"))
        .expect("valid built-in")
        .with_preset(preset)
        .expect("the preset applies")
}

/// A board as its features: per hex what it holds, per harbor its trade
/// and facing.
fn features(layout: &Layout) -> Vec<String> {
    let hexes = layout.hexes.iter().map(|h| format!("{:?} {:?}", h.terrain, h.number));
    let harbors = layout.harbors.iter().map(|h| format!("{:?} {:?}", h.kind, h.toward));
    hexes.chain(harbors).collect()
}

/// Boards `first..first + n` of `draw`, as features.
fn sample(n: usize, first: u64, draw: &(impl Fn(u64) -> Layout + Sync)) -> Vec<Vec<String>> {
    (first..first + n as u64).into_par_iter().map(|seed| features(&draw(seed))).collect()
}

/// `Σ (a - b)² / (a + b)` over every feature's values, for two samples of
/// the same size.
fn two_sample(a: &[Vec<String>], b: &[Vec<String>]) -> f64 {
    per_feature(a, b).iter().sum()
}

/// The two-sample statistic of each feature.
fn per_feature(a: &[Vec<String>], b: &[Vec<String>]) -> Vec<f64> {
    let width = a[0].len();
    (0..width)
        .map(|f| {
            let mut counts: HashMap<&str, (u64, u64)> = HashMap::new();
            for board in a {
                counts.entry(board[f].as_str()).or_default().0 += 1;
            }
            for board in b {
                counts.entry(board[f].as_str()).or_default().1 += 1;
            }
            counts
                .values()
                .map(|(x, y)| {
                    let d = *x as f64 - *y as f64;
                    d * d / (*x + *y) as f64
                })
                .sum()
        })
        .collect()
}

/// The largest statistic between pairs of independent exact samples.
fn reference(n: usize, exact: &(impl Fn(u64) -> Layout + Sync)) -> f64 {
    let mut max: f64 = 0.0;
    for pair in 0..REFERENCE_PAIRS {
        let base = 1_000_000 + 2 * pair * n as u64;
        let a = sample(n, base, exact);
        let b = sample(n, base + n as u64, exact);
        max = max.max(two_sample(&a, &b));
    }
    max
}

/// The chain's statistic against the exact sampler, and the threshold, for
/// one map: `None` when an exact sampler does not draw it (no reference).
fn compare(name: &str, map: &MapDef, s: &Scenario, chain: Option<u64>) -> Option<(f64, f64)> {
    let opts = SolveOptions::default();
    let exact = Solver::new(map, &s.constraints);
    if exact.chain_board_steps().is_some() {
        return None;
    }
    let chain = match chain {
        None => Solver::new(map, &s.constraints)
            .with_markov_chain()
            .unwrap_or_else(|e| panic!("{name}: the chain is not ready: {e}")),
        Some(steps) => Solver::new(map, &s.constraints).with_chain_steps(steps),
    };
    let draw_exact = |seed| exact.solve(seed, &opts).unwrap_or_else(|e| panic!("{name}: {e}"));
    let draw_chain = |seed| valid(name, map, s, chain.solve(seed, &opts));
    let n = draws();
    let t = std::time::Instant::now();
    let bound = MARGIN * reference(n, &draw_exact);
    let reference_time = t.elapsed();
    let (ours, theirs) = (sample(n, 0, &draw_exact), sample(n, 0, &draw_chain));
    let stat = two_sample(&ours, &theirs);
    if stat > bound {
        // Name the features that differ most, for whoever reads the failure.
        let mut each: Vec<(f64, usize)> =
            per_feature(&ours, &theirs).into_iter().enumerate().map(|(i, x)| (x, i)).collect();
        each.sort_by(|x, y| y.0.total_cmp(&x.0));
        for (x, f) in each.iter().take(5) {
            let what = if *f < map.cells.len() { "hex" } else { "harbor" };
            println!("  {what} {f}: {x:.1}");
        }
    }
    println!(
        "{name}: {n} boards each, statistic {stat:.1} (threshold {bound:.1}; reference {:.1} s, \
         chain {:.1} s)",
        reference_time.as_secs_f64(),
        (t.elapsed() - reference_time).as_secs_f64()
    );
    Some((stat, bound))
}

/// A chain board, which the independent checker must accept.
fn valid(name: &str, map: &MapDef, s: &Scenario, drawn: Result<Layout, SolveError>) -> Layout {
    let layout = drawn.unwrap_or_else(|e| panic!("{name}: {e}"));
    let broken = check::violations(map, &s.constraints, &layout);
    assert!(broken.is_empty(), "{name}: seed {}: {broken:?}", layout.seed);
    layout
}

/// The maps of the run: a few by default, every built-in under both
/// presets with `HEXPRESS_CHAIN_BUILTINS=all`.
fn maps() -> Vec<(String, Scenario)> {
    let asked = std::env::var("HEXPRESS_CHAIN_BUILTINS").unwrap_or_default();
    let all = asked == "all";
    // A chain board costs a whole run (about 10 ms on base): the default
    // run keeps to one map under each preset.
    let few = [("base", RulePreset::Official), ("seven-islands", RulePreset::Strict)];
    let chosen: Vec<(&str, RulePreset)> = match all || !asked.is_empty() {
        false => few.to_vec(),
        true => hexpress::builtin::ids()
            .flat_map(|id| [(id, RulePreset::Official), (id, RulePreset::Strict)])
            .collect(),
    };
    chosen
        .into_iter()
        .filter(|(id, _)| all || asked.is_empty() || asked == *id)
        .map(|(id, preset)| (format!("{id} {}", preset.name()), builtin(id, preset)))
        .collect()
}

#[test]
fn the_chain_draws_the_builtins_as_the_exact_samplers_do() {
    let mut problems = Vec::new();
    let mut compared = 0;
    for (name, s) in maps() {
        for map in &s.maps {
            let name = format!("{name}, {:?} players", map.players);
            if let Some((stat, bound)) = compare(&name, map, &s, None) {
                compared += 1;
                if stat > bound {
                    problems.push(format!("{name}: statistic {stat:.1} > {bound:.1}"));
                }
            }
        }
    }
    assert!(compared > 0, "no map had an exact sampler to compare with");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The control: a swap chain of 20 steps per board barely leaves its start,
/// and the comparison sees it.
#[test]
fn a_chain_too_short_to_forget_its_start_is_caught() {
    let s = builtin("base", RulePreset::Official);
    let (stat, bound) = compare("base, 20 steps", &s.maps[0], &s, Some(20)).expect("exact");
    assert!(stat > bound, "a 20-step chain passed: {stat:.1} <= {bound:.1}");
}

/// Chain boards keep every pool on maps with a face-down region and no
/// terrain rule: the chain's starts once dealt the face-down tiles again
/// over the search's kinds, and every chain board of Reach Catan's ocean
/// had lost tiles of one terrain to others (the checker refused them all).
#[test]
fn chain_boards_keep_the_face_down_pools() {
    let opts = SolveOptions::default();
    let fixture = |name: &str| {
        let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("fixture");
        load(&hexpress::diag::Source::new(&path, &text)).expect("valid fixture")
    };
    let maps = [
        ("reach-catan".to_string(), builtin("reach-catan", RulePreset::Official)),
        ("face-down.toml".to_string(), fixture("face-down.toml")),
    ];
    for (name, s) in &maps {
        let map = &s.maps[0];
        let chain = Solver::new(map, &s.constraints)
            .with_markov_chain()
            .unwrap_or_else(|e| panic!("{name}: the chain is not ready: {e}"));
        for seed in 0..40 {
            valid(name, map, s, chain.solve(seed, &opts));
        }
    }
}
