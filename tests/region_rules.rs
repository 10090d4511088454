//! Rules per region, exact by test: on small maps whose regions set their
//! own rules (`[map.regions.<key>.constraints]`), every valid board, listed
//! by brute force under the test's own oracle (each hex under its region's
//! rules; a pair, corner or group under the rules of every hex in it), must
//! come up equally often with the method hexpress chooses, with the
//! counting sampler, and with the Markov chain (whose starts come from the
//! complete search). The statistic and its threshold are
//! [`crate::exactness`]'s, calibrated on uniform draws from the list.
//!
//! Also: the board check refuses a board that keeps the scenario's rules
//! but breaks a region's own, and a region's bad rule is reported at its
//! key with a hint.

use crate::exactness::{check, compare, scenario, DRAWS_PER_BOARD, LIST_LIMIT, MIN_DRAWS};
use crate::sampling::enumerate::valid_boards;
use crate::sampling::{broken, Board, Geo};

use hexpress::solve::{check_board, Lock, SolveOptions, Solver};
use hexpress::vocab::Terrain;

/// West keeps the official rules; east lets its 6 and 8 be neighbours but
/// forbids equal neighbours. Across the border a 6/8 pair is still
/// forbidden (west's rule) and so are two equal chips (east's).
pub(crate) const PAIRS: &str = r#"
[scenario]
id = "region-pairs"
title = "Region pairs"
players = [4]
[legend]
w = { region = "west" }
e = { region = "east" }
[[map]]
players = [4]
hexes = """
w w w w e e e
"""
[map.regions.west]
tiles = { forest = 4 }
numbers = [6, 5, 8, 5]
[map.regions.east]
tiles = { forest = 3 }
numbers = [6, 8, 5]
[map.regions.east.constraints]
no_adjacent_red = false
no_equal_neighbours = true
"#;

/// Groups of one terrain at most 1 hex, but the east's range may hold 3:
/// a forest group across the border keeps the smaller limit.
const GROUPS: &str = r#"
[scenario]
id = "region-groups"
title = "Region groups"
players = [4]
[legend]
a = { region = "plain" }
b = { region = "range" }
[[map]]
players = [4]
hexes = """
a a a b b b b
"""
[map.regions.plain]
tiles = { forest = 2, pasture = 1 }
numbers = [5, 5, 5]
[map.regions.range]
tiles = { mountains = 3, forest = 1 }
numbers = [9, 9, 9, 9]
[map.regions.range.constraints]
max_terrain_group = 3
[constraints]
max_terrain_group = 1
"#;

/// A gold region with its own gold rule and pip cap (the rest of the map
/// has neither): a corner touching it keeps its cap.
const GOLD_CAP: &str = r#"
[scenario]
id = "region-gold"
title = "Region gold"
players = [4]
[legend]
a = { region = "home" }
g = { region = "gold" }
[[map]]
players = [4]
hexes = """
a a g g g
"""
[map.regions.home]
tiles = { forest = 2 }
numbers = [5, 3]
[map.regions.gold]
tiles = { gold = 1, forest = 2 }
numbers = [6, 4, 9]
[map.regions.gold.constraints]
gold_no_red = true
max_corner_pips = 8
"#;

/// Every method draws `text`'s boards uniformly: `check`'s two, and the
/// counting sampler.
fn check_all(name: &str, text: &str, locks: &[Lock]) -> usize {
    let k = check(name, text, locks);
    let s = scenario(text);
    let map = &s.maps[0];
    let list = valid_boards(map, &s.constraints, locks, LIST_LIMIT);
    let counting = Solver::with_locks(map, &s.constraints, locks)
        .expect("locks fit")
        .with_counting()
        .unwrap_or_else(|| panic!("{name}: no counting table"));
    let opts = SolveOptions::default();
    let n = (DRAWS_PER_BOARD * list.len()).max(MIN_DRAWS);
    let problems = compare(&format!("{name} (counting)"), &list, &s, n, |seed| {
        counting.solve(seed, &opts).unwrap_or_else(|e| panic!("{name} (counting): {seed}: {e}"))
    });
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    k
}

/// The list itself differs from the one under the scenario's rules alone
/// (so each map tests what its regions change).
fn lists_differ(text: &str, without: &str) {
    let (s, t) = (scenario(text), scenario(without));
    let a = valid_boards(&s.maps[0], &s.constraints, &[], LIST_LIMIT);
    let b = valid_boards(&t.maps[0], &t.constraints, &[], LIST_LIMIT);
    assert!(!a.is_empty() && a != b, "the region's rules change nothing on this map");
}

/// `text` without its regions' own rules.
fn without_region_rules(text: &str) -> String {
    let mut out = String::new();
    let mut skip = false;
    for line in text.lines() {
        if line.starts_with('[') {
            skip = line.contains(".constraints]");
        }
        if !skip {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

#[test]
fn pair_rules_per_region_are_drawn_uniformly() {
    lists_differ(PAIRS, &without_region_rules(PAIRS));
    // West's 6 and 8 apart (2 ways each side of the pair x 3 places), east's
    // three chips in any order but a 5 never next to a 5 and a 6/8 never
    // next to a 6/8 across the border: 16 boards (worked out by hand).
    assert_eq!(check_all("region pairs", PAIRS, &[]), 16);
}

#[test]
fn a_group_limit_per_region_is_drawn_uniformly() {
    lists_differ(GROUPS, &without_region_rules(GROUPS));
    // Forest, pasture, forest in the plain; the range's forest anywhere but
    // next to the plain's (that group would keep the plain's limit of 1).
    assert_eq!(check_all("region groups", GROUPS, &[]), 3);
}

#[test]
fn gold_and_corner_rules_per_region_are_drawn_uniformly() {
    lists_differ(GOLD_CAP, &without_region_rules(GOLD_CAP));
    // Three chip orders keep the cap of 8 at every corner touching the gold
    // region (the home's 5 next to its 6 would make 9), each with the gold
    // on one of the two hexes without the 6.
    assert_eq!(check_all("region gold", GOLD_CAP, &[]), 6);
}

/// A locked east hex: the redraw is uniform among the boards that keep it
/// and every region's rules.
#[test]
fn a_lock_under_region_rules_keeps_the_redraw_uniform() {
    let s = scenario(PAIRS);
    let map = &s.maps[0];
    let east = map.regions.iter().find(|r| r.key == "east").expect("east");
    let hex = map.cells[east.slots[0]].hex;
    let lock = Lock { hex, terrain: Terrain::Forest, number: Some(6) };
    // West's hex next to the locked 6 holds a 5: 2 west orders x 2 east orders.
    assert_eq!(check_all("region pairs, one hex locked", PAIRS, &[lock]), 4);
}

/// Boards drawn without the regions' own rules that break them are refused
/// by the board check of the map that has them, naming the rule.
#[test]
fn the_board_check_refuses_a_board_breaking_a_region_rule() {
    let loose = format!("{}[constraints]\nno_adjacent_red = false\n", without_region_rules(PAIRS));
    let (s, loose) = (scenario(PAIRS), scenario(&loose));
    let (map, loose_map) = (&s.maps[0], &loose.maps[0]);
    let solver = Solver::new(loose_map, &loose.constraints);
    let g = Geo::new(map);
    let mut refused = 0;
    for seed in 0..200 {
        let l = solver.solve(seed, &SolveOptions::default()).expect("a board");
        let bad = broken(map, &s.constraints, &g, &Board::of(map, &l));
        match check_board(map, &s.constraints, &[], &l) {
            Ok(_) => assert!(bad.is_empty(), "seed {seed}: accepted a board breaking {bad:?}"),
            Err(e) => {
                assert!(!bad.is_empty(), "seed {seed}: refused a valid board: {e}");
                let text = e.to_string();
                assert!(bad.iter().any(|r| text.contains(r)), "seed {seed}: {text} vs {bad:?}");
                refused += 1;
            }
        }
    }
    assert!(refused > 0, "no board drawn without the region rules broke them");
}

/// The overseas map under the strict rules (groups of at most 2, but 3 on
/// the Desert Island): a board is drawn, its `layout.json` names the
/// island's own rule, and read back it passes the board check, which refuses
/// it once the island's rule is taken away.
#[test]
fn a_region_rule_round_trips_through_layout_json() {
    use hexpress::model::{ConstraintId, RulePreset, RuleValue};
    let s = crate::common::builtin("traders-and-wagons-overseas")
        .with_preset(RulePreset::Strict)
        .expect("the fixed hexes keep the strict rules");
    let map = s.map_for(4).expect("4 players");
    let l = Solver::new(map, &s.constraints).solve(1, &SolveOptions::default()).expect("a board");
    let v: serde_json::Value =
        serde_json::from_str(&hexpress::export::json::to_json(&l)).expect("json");
    let island =
        v["regions"].as_array().expect("regions").iter().find(|r| r["key"] == "desert_island");
    assert_eq!(
        island.expect("island")["constraints"],
        serde_json::json!({ "max_terrain_group": 3 })
    );
    let back = crate::common::layout_json::layout_from_json(&v);
    let own = &back.regions.iter().find(|r| r.key == "desert_island").expect("island").constraints;
    assert_eq!(own, &vec![(ConstraintId::MaxTerrainGroup, RuleValue::Limit(Some(3)))]);
    check_board(map, &s.constraints, &[], &back).expect("the board keeps every rule");
    let mut strict_everywhere = map.clone();
    for r in &mut strict_everywhere.regions {
        r.rules = Default::default();
    }
    let e = check_board(&strict_everywhere, &s.constraints, &[], &back)
        .expect_err("three mountains together break groups of 2");
    assert!(e.to_string().contains("max_terrain_group"), "{e}");
}
