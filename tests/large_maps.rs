//! Maps far beyond the published ones: one region of about 1,000 and about
//! 10,000 hexes with a single pool (`scripts/large-map.py` wrote the
//! fixtures), and a rule set that allows exactly one board. Without chip
//! rules every deal is valid and they are drawn at any size; under the 6/8
//! rule no exact sampler fits them and they are refused with the limit.
//!
//! Every board is checked with the test suite's own rule predicate
//! (`tests/sampling`), not the solver's. Limits are given to the solver as
//! node budgets, never as wall-clock time; the speed figures live in
//! `benches/solve.rs`.

use crate::sampling;

use hexpress::diag::Source;
use hexpress::model::{load, Scenario};
use hexpress::solve::{solve, Sampler, SamplerLimit, SolveError, SolveOptions};
use sampling::{broken, Board, Geo};

fn fixture(name: &str) -> Scenario {
    let path = format!("{}/tests/fixtures/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("fixture exists");
    let src = Source::new(path, text);
    load(&src).unwrap_or_else(|d| panic!("{}", hexpress::diag::render(&src, &d)))
}

/// Solves `seed` and checks the board against the independent predicate.
fn valid_board(s: &Scenario, seed: u64) -> Sampler {
    let map = s.map_for(4).expect("a 4-player map");
    let layout =
        solve(s, 4, seed, &SolveOptions::default()).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    let board = Board::of(map, &layout);
    let bad = broken(map, &s.constraints, &Geo::new(map), &board);
    assert!(bad.is_empty(), "seed {seed}: the board breaks {bad:?}");
    layout.sampler
}

/// The fixture without any chip rule: every deal keeps the rules.
fn without_chip_rules(name: &str) -> Scenario {
    let mut s = fixture(name);
    s.constraints.no_adjacent_red = false;
    s
}

/// Under the 6/8 rule a region of a thousand hexes keeps no random deal,
/// and counting its chip layouts would keep a whole row of hexes open: no
/// exact sampler fits, so hexpress refuses, naming the limit, rather than
/// draw a board it cannot prove fair (see docs/sampling.md).
#[test]
fn large_regions_under_the_red_rule_are_refused_with_the_limit() {
    for name in ["large-1027", "large-9919"] {
        let s = fixture(name);
        let e = solve(&s, 4, 1, &SolveOptions::default()).expect_err("no fair sampler fits");
        match &e {
            SolveError::Unsampleable { limit: SamplerLimit::OpenHexes { needed, max }, deals } => {
                assert!(needed > max, "{name}: {needed} open hexes, limit {max}");
                assert!(*deals > 0);
            }
            other => panic!("{name}: expected a refusal naming the limit, got {other:?}"),
        }
        let msg = e.to_string();
        assert!(msg.contains("the limit is 16") && msg.contains("fair"), "{msg}");
    }
}

#[test]
fn a_thousand_hexes_without_chip_rules() {
    let s = without_chip_rules("large-1027");
    assert_eq!(s.map_for(4).expect("map").cells.len(), 1027);
    for seed in [1, 2, 3] {
        assert!(matches!(valid_board(&s, seed), Sampler::Rejection { deals: 1 }));
    }
}

#[test]
fn ten_thousand_hexes_without_chip_rules() {
    let s = without_chip_rules("large-9919");
    assert_eq!(s.map_for(4).expect("map").cells.len(), 9919);
    valid_board(&s, 11);
}

#[test]
fn different_seeds_give_different_large_boards() {
    let s = without_chip_rules("large-1027");
    let a = solve(&s, 4, 1, &SolveOptions::default()).expect("solves");
    let b = solve(&s, 4, 2, &SolveOptions::default()).expect("solves");
    let same = a.hexes.iter().zip(&b.hexes).filter(|(x, y)| x == y).count();
    // Two independent uniform boards agree on a hex about one time in five
    // (the most common terrain-and-chip pair is rarer than that).
    assert!(same < a.hexes.len() / 3, "{same} of {} hexes agree", a.hexes.len());
}

#[test]
fn a_rule_set_with_one_board_says_so_and_returns_it() {
    let s = fixture("one-board");
    let first = solve(&s, 4, 1, &SolveOptions::default()).expect("solves");
    assert!(first.sampler.frozen(), "{:?}", first.sampler);
    // The count says so: exactly one valid board.
    assert!(
        matches!(first.sampler, Sampler::Counting { boards: Some(1), .. }),
        "{:?}",
        first.sampler
    );
    for seed in 2..6 {
        let l = solve(&s, 4, seed, &SolveOptions::default()).expect("solves");
        assert!(l.sampler.frozen());
        assert_eq!(l.hexes, first.hexes, "seed {seed} found another board");
    }
    let sixes: Vec<usize> = first
        .hexes
        .iter()
        .enumerate()
        .filter(|(_, h)| h.number == Some(6))
        .map(|(i, _)| i)
        .collect();
    assert_eq!(sixes, (0..31).step_by(2).collect::<Vec<_>>());
}
