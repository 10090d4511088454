//! Maps far beyond the published ones: one region of about 1,000 and about
//! 10,000 hexes with a single pool (`scripts/large-map.py` wrote the
//! fixtures, and one of 331), and a rule set that allows exactly one board.
//! Without chip rules every deal is valid and they are drawn exactly at any
//! size; under the 6/8 rule no exact sampler fits them and the Markov chain
//! draws them, up to its limit on steps per board.
//!
//! Every board is checked with the test suite's own rule predicate
//! (`tests/sampling`), not the solver's. Limits are given to the solver as
//! node budgets, never as wall-clock time; the speed figures live in
//! `benches/solve.rs`.

use crate::sampling;

use hexpress::diag::Source;
use hexpress::model::{load, Scenario};
use hexpress::solve::{solve, Sampler, SolveError, SolveOptions};
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

/// Under the 6/8 rule no random deal of a region of hundreds of hexes
/// keeps the rule, and counting its chip layouts would keep a whole row of
/// hexes open: the Markov chain draws them (radius 10 and 18), its length
/// measured on the map; a region of ten thousand hexes would need more
/// steps per board than the chain's limit and is refused at once, naming it.
#[test]
fn large_regions_under_the_red_rule_draw_with_the_chain() {
    for name in ["large-331", "large-1027"] {
        let s = fixture(name);
        match valid_board(&s, 1) {
            Sampler::Chain { check: Some(c), steps, .. } => {
                assert!(c.rhat_milli <= 1050, "{name}: R-hat {}", c.rhat_milli);
                assert!(steps >= 20 * c.tau_steps, "{name}: {steps} steps, tau {}", c.tau_steps);
            }
            other => panic!("{name}: expected a checked chain, got {other:?}"),
        }
    }
    let s = fixture("large-9919");
    let e = solve(&s, 4, 1, &SolveOptions::default()).expect_err("past the chain's limit");
    assert!(matches!(e, SolveError::ChainLimit { .. }), "{e:?}");
    let msg = e.to_string();
    assert!(msg.contains("steps per board") && msg.contains("the limit is 2,000,000"), "{msg}");
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
