//! Tight maps end in a board or a proof (issue 42): a forced colouring of
//! the terrains, red chips squeezed onto a ring, gold squeezed among the
//! chips, eight red chips crowded among fives and nines on thirty hexes, a
//! map with exactly one board, and maps with none. Every board is
//! checked by the test suite's own rule checker (`tests/sampling`), every
//! proof against the brute force where the map is small enough to list.
//! Their speed (each under a second) is measured in `benches/solve.rs`.

use crate::sampling;

use hexpress::diag::Source;
use hexpress::model::{load, CellContent, ConstraintId, Scenario};
use hexpress::solve::{solve, Relax, SolveError, SolveOptions};
use sampling::enumerate::valid_boards;
use sampling::{broken, Board, Geo};

fn scenario(name: &str, text: &str) -> Scenario {
    let src = Source::new(name, text);
    load(&src).unwrap_or_else(|d| panic!("{}", hexpress::diag::render(&src, &d)))
}

fn fixture(name: &str) -> Scenario {
    let path = format!("{}/tests/fixtures/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    scenario(&path.clone(), &std::fs::read_to_string(&path).expect("fixture"))
}

/// The board for seed 1, checked by the independent rule checker.
fn board(s: &Scenario) {
    let map = &s.maps[0];
    let l = solve(s, 4, 1, &SolveOptions::default())
        .unwrap_or_else(|e| panic!("{}: no board: {e}", s.meta.id));
    let bad = broken(map, &s.constraints, &Geo::new(map), &Board::of(map, &l));
    assert!(bad.is_empty(), "{}: the board breaks {bad:?}", s.meta.id);
    let guarantee = l.sampler.guarantee();
    assert!(!guarantee.starts_with("not shown"), "{}: {guarantee}", s.meta.id);
}

/// The proof for a map with no board: the rules it names, checked against
/// the brute force.
fn proof(s: &Scenario) -> Vec<ConstraintId> {
    let map = &s.maps[0];
    match solve(s, 4, 1, &SolveOptions::default()) {
        Err(SolveError::Conflict { rules, .. }) => {
            assert!(valid_boards(map, &s.constraints, &[], 1_000_000).is_empty());
            rules
        }
        other => panic!("{}: expected a proof, got {other:?}", s.meta.id),
    }
}

#[test]
fn a_forced_colouring_of_the_terrains_gives_a_board() {
    board(&fixture("three-colours"));
}

/// The forced colouring goes to the chain because no trial deal keeps even
/// the terrain rules (so the counting sampler, which deals the tiles the
/// same way, is not tried); `--exact` refuses it and says why.
#[test]
fn a_forced_colouring_is_refused_under_exact_naming_the_terrain_rules() {
    let s = fixture("three-colours");
    let opts = SolveOptions { exact: true, ..SolveOptions::default() };
    match solve(&s, 4, 1, &opts) {
        Err(e @ SolveError::NotExact(_)) => {
            let text = e.to_string();
            assert!(text.contains("kept even the terrain rules"), "{text}");
        }
        other => panic!("expected the --exact refusal, got {other:?}"),
    }
}

/// Thirty hexes under the strict rules with 8 red chips and 6 fives and
/// nines: no trial deal keeps a board and no counting table fits, so the
/// Markov chain draws it, and its diagnostics must pass (before the
/// heat-bath move its chains still disagreed at 2,000,000 steps).
#[test]
fn red_chips_crowded_among_fives_and_nines_give_a_board() {
    board(&fixture("strict-30-reds"));
}

/// A map whose chains still disagree at the limit of steps per board
/// (R-hat about 3): the chain draws there anyway, and the board (which the
/// checker accepts) says it is not shown to be uniform; `--exact` refuses.
#[test]
fn chains_that_disagree_still_draw_and_say_so() {
    let s = fixture("chain-disagrees");
    let map = &s.maps[0];
    let l = solve(&s, 4, 1, &SolveOptions::default()).expect("a board, labelled");
    let bad = broken(map, &s.constraints, &Geo::new(map), &Board::of(map, &l));
    assert!(bad.is_empty(), "the board breaks {bad:?}");
    let guarantee = l.sampler.guarantee();
    assert!(guarantee.starts_with("not shown to be uniform"), "{guarantee}");
    let line = l.sampler.to_string();
    assert!(line.contains("still disagreed"), "{line}");
    let opts = SolveOptions { exact: true, ..SolveOptions::default() };
    assert!(matches!(solve(&s, 4, 1, &opts), Err(SolveError::NotExact(_))));
}

/// Three 6s on a ring of six around a fixed 5: two patterns only.
const RING_REDS: &str = include_str!("fixtures/ring-reds.toml");

#[test]
fn red_chips_squeezed_onto_a_ring_give_a_board() {
    board(&scenario("ring-reds.toml", RING_REDS));
}

#[test]
fn four_red_chips_on_a_ring_of_six_end_in_a_proof() {
    let s =
        scenario("ring-four.toml", &RING_REDS.replace("[6, 6, 6, 4, 4, 4]", "[6, 6, 6, 8, 4, 4]"));
    assert_eq!(proof(&s), [ConstraintId::NoAdjacentRed]);
}

/// A row of four: two gold fields that may not touch nor carry a red chip,
/// and two red chips that may not touch either.
const GOLD_ROW: &str = include_str!("fixtures/gold-row.toml");

#[test]
fn gold_squeezed_among_red_chips_gives_a_board() {
    board(&scenario("gold-row.toml", GOLD_ROW));
}

#[test]
fn gold_with_no_room_beside_the_red_chips_ends_in_a_proof() {
    let three = GOLD_ROW.replace("~ * * * * ~", "~ * * * ~ ~").replace(
        "tiles = { gold = 2, forest = 2 }\nnumbers = [6, 8, 5, 9]",
        "tiles = { gold = 2, forest = 1 }\nnumbers = [6, 8, 5]",
    );
    let rules = proof(&scenario("gold-three.toml", &three));
    assert!(rules.contains(&ConstraintId::GoldNoRed), "{rules:?}");
}

#[test]
fn a_map_with_one_board_gives_it() {
    board(&fixture("one-board"));
}

/// The forced colouring with one forest too many: a proper three-colouring
/// of this island has eight hexes of each colour, so there is no board.
/// The proof names the group rule, and its hint (relax it) is checked: with
/// the rule off, a board exists.
#[test]
fn a_colouring_with_unequal_colours_ends_in_a_proof_with_a_checked_hint() {
    let s = fixture("three-colours-none");
    match solve(&s, 4, 1, &SolveOptions::default()) {
        Err(SolveError::Conflict { rules, relax, .. }) => {
            assert_eq!(rules, [ConstraintId::MaxTerrainGroup]);
            assert_eq!(relax, Relax::Enough(ConstraintId::MaxTerrainGroup));
        }
        other => panic!("expected a proof, got {other:?}"),
    }
    let mut loose = s.clone();
    loose.constraints.max_terrain_group = None;
    board(&loose);
}

/// Four red chips on the ring of six beside a second region: the proof
/// names the ring's six hexes and its region, not the whole map, and the
/// rule it says to relax gives a board when relaxed.
#[test]
fn a_local_conflict_names_its_hexes_and_region() {
    let text = RING_REDS
        .replace("[6, 6, 6, 4, 4, 4]", "[6, 6, 6, 8, 4, 4]")
        .replace("\"~\" = \"sea\"", "\"~\" = \"sea\"\n\"+\" = { region = \"west\" }")
        .replace(" ~ * * ~\n~ * F * ~\n ~ * * ~", " + + ~ * * ~\n+ + + * F * ~\n + + ~ * * ~")
        .replace("[map.regions.ring]", "[map.regions.west]\ntiles = { forest = 3, hills = 2, pasture = 2 }\nnumbers = [2, 3, 4, 5, 9, 10, 11]\n[map.regions.ring]");
    let s = scenario("ring-west.toml", &text);
    let map = &s.maps[0];
    match solve(&s, 4, 1, &SolveOptions::default()) {
        Err(SolveError::Conflict { rules, place, relax, .. }) => {
            assert_eq!(rules, [ConstraintId::NoAdjacentRed]);
            assert_eq!(relax, Relax::Enough(ConstraintId::NoAdjacentRed));
            let place = place.expect("the proof finds where");
            assert_eq!(place.region.as_deref(), Some("ring"));
            let ring: Vec<_> = map
                .cells
                .iter()
                .filter(|c| matches!(c.content, CellContent::Slot { region } if map.regions[region].key == "ring"))
                .map(|c| c.hex)
                .collect();
            assert_eq!(place.hexes, ring, "the ring's six hexes, board order");
        }
        other => panic!("expected a proof, got {other:?}"),
    }
    let mut loose = s.clone();
    loose.constraints.no_adjacent_red = false;
    board(&loose);
}

/// Issue 42 audit: two islands, three terrains of ten, groups of one under
/// the strict rules. The proof names the group rule (it once took 9 s of
/// CPU to name the chip rules instead, asking the complete search once per
/// rule; the terrain search alone shows it, `benches/solve.rs` times it).
/// Checked apart from the library: no proper three-colouring of the slots
/// (no two neighbours alike) uses ten of each terrain.
#[test]
fn a_colouring_of_two_islands_under_strict_ends_in_a_true_proof() {
    let s = fixture("strict-colouring-two-islands");
    match solve(&s, 4, 1, &SolveOptions::default()) {
        Err(SolveError::Conflict { rules, .. }) => {
            assert_eq!(rules, [ConstraintId::MaxTerrainGroup]);
        }
        other => panic!("expected a proof, got {other:?}"),
    }
    let map = &s.maps[0];
    let g = Geo::new(map);
    let slots: Vec<usize> = map.regions[0].slots.clone();
    assert!(!colourable(&g, &slots, &mut vec![None; map.cells.len()], &mut [10, 10, 10], 0));
}

/// Whether `slots[k..]` can be coloured with the colours left in `left`,
/// no two neighbours alike (the other cells hold other terrains).
fn colourable(
    g: &Geo,
    slots: &[usize],
    colour: &mut Vec<Option<usize>>,
    left: &mut [u32; 3],
    k: usize,
) -> bool {
    let Some(&x) = slots.get(k) else { return true };
    for c in 0..3 {
        let clash = g.neighbours(x).any(|y| colour[y] == Some(c));
        if left[c] == 0 || clash {
            continue;
        }
        left[c] -= 1;
        colour[x] = Some(c);
        if colourable(g, slots, colour, left, k + 1) {
            return true;
        }
        colour[x] = None;
        left[c] += 1;
    }
    false
}

/// Issue 42 audit: a strip two hexes wide under the strict rules with 7
/// red chips, 7 fives and 7 nines: the corner cap leaves no chip layout.
/// Its proof once took 3.3 s of CPU (the complete search asked once per
/// rule); the counting table shows it at once (`benches/solve.rs`). The
/// hint's claim is checked: without the cap, a board the independent
/// checker accepts.
#[test]
fn a_strip_crowded_with_pips_ends_in_a_proof_with_a_checked_hint() {
    let s = fixture("strict-strip-pips-none");
    match solve(&s, 4, 1, &SolveOptions::default()) {
        Err(SolveError::Conflict { rules, relax, .. }) => {
            assert_eq!(rules, [ConstraintId::MaxCornerPips]);
            assert_eq!(relax, Relax::Enough(ConstraintId::MaxCornerPips));
        }
        other => panic!("expected a proof, got {other:?}"),
    }
    let mut loose = s.clone();
    loose.constraints.max_corner_pips = None;
    board(&loose);
}

/// Issue 42 audit: a region caps its corners at 9 pips under the map's 12,
/// and no board keeps its cap. The proof names `max_corner_pips` (it once
/// named no rule and said to check the pools); checked: without the
/// region's own rules, a board the independent checker accepts.
#[test]
fn a_region_cap_with_no_board_is_named_in_its_proof() {
    let s = fixture("strict-region-cap-none");
    match solve(&s, 4, 1, &SolveOptions::default()) {
        Err(SolveError::Conflict { rules, .. }) => {
            assert_eq!(rules, [ConstraintId::MaxCornerPips]);
        }
        other => panic!("expected a proof, got {other:?}"),
    }
    let mut loose = s.clone();
    for r in &mut loose.maps[0].regions {
        r.rules = Default::default();
    }
    board(&loose);
}
