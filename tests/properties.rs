//! Properties of the solver over many seeds, for every built-in scenario and
//! player count: fixed hexes stay, pools are used exactly, every rule holds,
//! a seed always gives the same layout, and different seeds give different ones.

use crate::common;

use std::collections::BTreeSet;

use hexpress::export::json::to_json;
use hexpress::model::Constraints;
use hexpress::solve::{check::violations, solve, SolveOptions, Solver};

/// Seeds for the two plain scenarios (fast to solve).
const SEEDS: u64 = 2_000;
/// Seeds for the larger seed scenarios, per player count.
const SEED_SCENARIO_SEEDS: u64 = 500;

fn check_scenario(id: &str) {
    check_scenario_seeds(id, SEEDS);
}

fn check_scenario_seeds(id: &str, seeds: u64) {
    let s = common::builtin(id);
    let opts = SolveOptions::default();
    for &players in &s.meta.players {
        let map = s.map_for(players).expect("map for listed player count");
        let mut distinct = BTreeSet::new();
        for seed in 0..seeds {
            let layout = solve(&s, players, seed, &opts)
                .unwrap_or_else(|e| panic!("{id} {players}p seed {seed}: {e}"));
            let v = violations(map, &s.constraints, &layout);
            assert!(v.is_empty(), "{id} {players}p seed {seed}: {v:?}");
            let json = to_json(&layout);
            let again = to_json(&solve(&s, players, seed, &opts).expect("solves again"));
            assert_eq!(json, again, "{id} {players}p seed {seed} is not reproducible");
            distinct.insert(json.replace(&format!("\"seed\": {seed},"), ""));
        }
        // Collisions among shuffles of 15 or more tiles and chips are practically impossible.
        assert!(
            distinct.len() as u64 >= seeds - 2,
            "{id} {players}p: only {} distinct layouts from {seeds} seeds",
            distinct.len()
        );
    }
}

#[test]
fn base_game_over_many_seeds() {
    check_scenario("base");
}

#[test]
fn gold_for_catan_over_many_seeds() {
    check_scenario("gold-for-catan");
}

#[test]
fn catan_world_over_many_seeds() {
    check_scenario_seeds("catan-world", SEED_SCENARIO_SEEDS);
}

#[test]
fn seven_islands_over_many_seeds() {
    check_scenario_seeds("seven-islands", SEED_SCENARIO_SEEDS);
}

#[test]
fn reach_catan_over_many_seeds() {
    check_scenario_seeds("reach-catan", SEED_SCENARIO_SEEDS);
}

#[test]
fn traders_and_wagons_over_many_seeds() {
    check_scenario_seeds("traders-and-wagons", SEED_SCENARIO_SEEDS);
}

#[test]
fn fishermen_over_many_seeds() {
    check_scenario_seeds("fishermen", SEED_SCENARIO_SEEDS);
}

#[test]
fn traders_and_wagons_overseas_over_many_seeds() {
    check_scenario_seeds("traders-and-wagons-overseas", SEED_SCENARIO_SEEDS);
}

#[test]
fn base_for_5_and_6_over_many_seeds() {
    check_scenario_seeds("base-5-6", SEED_SCENARIO_SEEDS);
}

#[test]
fn fishermen_for_5_and_6_over_many_seeds() {
    check_scenario_seeds("fishermen-5-6", SEED_SCENARIO_SEEDS);
}

#[test]
fn fog_islands_over_many_seeds() {
    check_scenario_seeds("fog-islands", SEED_SCENARIO_SEEDS);
}

#[test]
fn every_builtin_scenario_is_covered() {
    let ids: Vec<&str> = hexpress::builtin::ids().collect();
    assert_eq!(
        ids,
        [
            "base",
            "base-5-6",
            "gold-for-catan",
            "catan-world",
            "seven-islands",
            "reach-catan",
            "traders-and-wagons",
            "traders-and-wagons-overseas",
            "fishermen",
            "fishermen-5-6",
            "fog-islands"
        ],
        "add a property test for each new built-in"
    );
}

#[test]
fn strict_rules_hold_on_the_base_game() {
    let mut s = common::builtin("base");
    s.constraints = Constraints::strict();
    let map = s.map_for(4).expect("map");
    let solver = Solver::new(map, &s.constraints);
    for seed in 0..300 {
        let layout = solver.solve(seed, &SolveOptions::default()).expect("strict base solves");
        let v = violations(map, &s.constraints, &layout);
        assert!(v.is_empty(), "seed {seed}: {v:?}");
    }
}

#[test]
fn touching_fixed_gold_breaks_gold_not_adjacent() {
    // The fixed gold hexes of Gold for Catan touch in pairs, so adding
    // `gold_not_adjacent` can never be met: validation must say so up front.
    let src = hexpress::builtin::source("gold-for-catan").expect("built-in");
    let text =
        src.text.replace("no_chip = [\"gold\"]", "no_chip = [\"gold\"]\ngold_not_adjacent = true");
    let bad = hexpress::diag::Source::new("gold-variant.toml", text);
    let err = hexpress::model::load(&bad).expect_err("touching fixed gold must be refused");
    let shown = hexpress::diag::render(&bad, &err);
    assert!(shown.contains("gold_not_adjacent"), "{shown}");
}

#[test]
fn violations_catch_a_broken_layout() {
    // The checker itself must be able to fail: break a good layout by hand.
    let s = common::builtin("base");
    let map = s.map_for(4).expect("map");
    let mut layout = solve(&s, 4, 5, &SolveOptions::default()).expect("solves");
    assert!(violations(map, &s.constraints, &layout).is_empty());
    let reds: Vec<usize> = (0..layout.hexes.len())
        .filter(|i| matches!(layout.hexes[*i].number, Some(6 | 8)))
        .collect();
    let land: Vec<usize> =
        (0..layout.hexes.len()).filter(|i| layout.hexes[*i].number.is_some()).collect();
    // Move a red chip next to another red by swapping with a neighbour's chip.
    let a = reds[0];
    let b =
        map.board.neighbors_of(reds[1]).find(|n| land.contains(n) && *n != a).expect("neighbour");
    let (na, nb) = (layout.hexes[a].number, layout.hexes[b].number);
    layout.hexes[a].number = nb;
    layout.hexes[b].number = na;
    let v = violations(map, &s.constraints, &layout);
    assert!(
        v.iter().any(|x| x.rule
            == hexpress::solve::check::Rule::Constraint(
                hexpress::model::ConstraintId::NoAdjacentRed
            ))
            || na == nb,
        "{v:?}"
    );
    // A fixed sea hex turned to land is caught too.
    layout.hexes[0].terrain = hexpress::vocab::Terrain::Forest;
    assert!(violations(map, &s.constraints, &layout)
        .iter()
        .any(|x| x.rule == hexpress::solve::check::Rule::Fixed));
}
