//! Maps far beyond the published ones: one region of about 1,000 and about
//! 10,000 hexes with a single pool (`scripts/large-map.py` wrote the
//! fixtures), and a rule set that allows exactly one board.
//!
//! Every board is checked with the test suite's own rule predicate
//! (`tests/sampling`), not the solver's. Limits are given to the solver as
//! node budgets, never as wall-clock time; the speed figures live in
//! `benches/solve.rs`.

use crate::sampling;

use hexpress::diag::Source;
use hexpress::model::{load, Scenario};
use hexpress::solve::{solve, Sampler, SolveOptions};
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

#[test]
fn a_thousand_hexes_in_one_region() {
    let s = fixture("large-1027");
    assert_eq!(s.map_for(4).expect("map").cells.len(), 1027);
    for seed in [1, 2, 3] {
        let sampler = valid_board(&s, seed);
        // Rejection cannot keep one deal in a thousand hexes: the chain
        // draws, and it must actually move.
        match sampler {
            Sampler::Chain { steps, moved, .. } => {
                assert!(moved > steps / 10, "the chain barely moved: {moved} of {steps}")
            }
            other => panic!("expected the chain, got {other:?}"),
        }
    }
}

#[test]
fn ten_thousand_hexes_in_one_region() {
    let s = fixture("large-9919");
    assert_eq!(s.map_for(4).expect("map").cells.len(), 9919);
    valid_board(&s, 11);
}

#[test]
fn different_seeds_give_different_large_boards() {
    let s = fixture("large-1027");
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
