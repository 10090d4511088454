//! A face-up hex that takes its chip from a face-down region's pool (issue
//! 42): the hex shows a chip from the pool, the region's stack holds the
//! rest, and the boards are uniform over the valid boards with the stack's
//! order counted as part of the board (`docs/sampling.md`).
//!
//! The reference lists every valid board by brute force with the test's own
//! oracle: every board of the map with the shared pool left out
//! ([`valid_boards`] deals no face-down chips), times every order of the
//! shared pool (its first chips on the face-up hexes, the rest the stack),
//! kept when the oracle finds nothing broken. hexpress's draws (with the
//! method it chooses, by counting and with the Markov chain) are compared
//! with the uniform distribution over that list by the chi-square of
//! `tests/exactness.rs`, its threshold calibrated on uniform draws from the
//! list itself.

use crate::exactness::{chain_draws, judge, scenario, DRAWS_PER_BOARD, LIST_LIMIT, MIN_DRAWS};
use crate::sampling::enumerate::{orders, valid_boards};
use crate::sampling::{broken, Board, Geo, Rand};

use std::collections::{HashMap, HashSet};

use hexpress::axial::Hex;
use hexpress::balance::{
    self, BarMethod, BarOptions, BarSampler, Budget as SearchBudget, Config, Evaluator,
    SearchOptions, Weights,
};
use hexpress::model::{MapDef, Scenario};
use hexpress::solve::{check, Layout, Lock, LockError, SolveError, SolveOptions, Solver};
use hexpress::vocab::Terrain;
use rayon::prelude::*;

/// A board and the shared region's stack.
type Key = (Board, Vec<u8>);

/// Four face-up slots, a fixed fields hex drawing from the face-down pool
/// `[8, 8, 3]`, two face-down slots: the fields hex may show an 8 only
/// where the home region's 6 is not beside it, and an 8 there leaves two
/// stack orders (8 3 and 3 8) where a 3 leaves one (8 8).
const SHARED: &str = r#"
[scenario]
id = "fog-shared"
title = "A fog pool shared with a face-up hex"
players = [4]
[legend]
"*" = { region = "home" }
"?" = { region = "fog" }
"F" = { terrain = "fields", region = "fog" }
[[map]]
players = [4]
hexes = """
 * * *
* F ? ?
"""
[map.regions.home]
tiles = { forest = 2, pasture = 1, desert = 1 }
numbers = [6, 5, 4]
[map.regions.fog]
face_down = true
tiles = { hills = 1, mountains = 1 }
numbers = [8, 8, 3]
"#;

/// The face-down region that feeds face-up hexes, and those hexes.
fn shared_region(map: &MapDef) -> (usize, Vec<usize>) {
    let (ri, r) = map
        .regions
        .iter()
        .enumerate()
        .find(|(_, r)| r.face_down && !r.chip_cells.is_empty())
        .expect("a face-down region feeding a face-up hex");
    (ri, r.chip_cells.clone())
}

/// Every valid board of `s`'s map that keeps `locks`, with its stack.
fn reference(s: &Scenario, locks: &[Lock]) -> HashSet<Key> {
    let map = &s.maps[0];
    let g = Geo::new(map);
    let (ri, face_up) = shared_region(map);
    let pool = &map.regions[ri].numbers;
    let keeps = |b: &Board| {
        locks.iter().all(|l| {
            let i = g.at[&l.hex];
            b.terrain[i] == l.terrain && b.number[i] == l.number
        })
    };
    let mut out = HashSet::new();
    for b in valid_boards(map, &s.constraints, &[], LIST_LIMIT) {
        for o in orders(pool) {
            let mut b = b.clone();
            for (x, v) in face_up.iter().zip(&o) {
                b.number[*x] = Some(*v);
            }
            if keeps(&b) && broken(map, &s.constraints, &g, &b).is_empty() {
                out.insert((b, o[face_up.len()..].to_vec()));
            }
        }
    }
    out
}

/// The board and stack of a drawn layout, after checking it against the
/// map with the library's independent checker.
fn key(s: &Scenario, solver: &Solver<'_>, l: &Layout) -> Key {
    let map = &s.maps[0];
    let v = check::violations(map, &s.constraints, l);
    assert!(v.is_empty(), "a drawn board breaks the map: {v:?}");
    if let Err(e) = solver.guard().check(l) {
        panic!("the guard refuses a drawn board: {e:?}");
    }
    let (ri, _) = shared_region(map);
    (Board::of(map, l), l.regions[ri].chip_stack.clone())
}

/// Draws `n` boards with `solver` and compares them with `list`.
fn compare(
    name: &str,
    list: &HashSet<Key>,
    s: &Scenario,
    solver: &Solver<'_>,
    n: usize,
) -> Vec<String> {
    let opts = SolveOptions::default();
    compare_with(name, list, s, solver, n, |seed| solver.solve(seed, &opts).expect("draws"))
}

/// Draws `n` boards with `draw` (boards of `solver`) and compares them with
/// `list`; the problems found (empty: indistinguishable from uniform).
fn compare_with(
    name: &str,
    list: &HashSet<Key>,
    s: &Scenario,
    solver: &Solver<'_>,
    n: usize,
    draw: impl Fn(u64) -> Layout + Sync,
) -> Vec<String> {
    let drawn: Vec<Key> =
        (0..n as u64).into_par_iter().map(|seed| key(s, solver, &draw(seed))).collect();
    judge(name, list, &drawn)
}

/// Holds the draws of every sampler on `s` (with `locks`) to the list.
fn check_all(name: &str, s: &Scenario, locks: &[Lock]) -> HashSet<Key> {
    let map = &s.maps[0];
    let list = reference(s, locks);
    assert!(!list.is_empty(), "{name}: no valid board to compare with");
    let solver = Solver::with_locks(map, &s.constraints, locks).expect("locks fit");
    let n = (DRAWS_PER_BOARD * list.len()).max(MIN_DRAWS);
    let mut problems = compare(name, &list, s, &solver, n);
    let counting = Solver::with_locks(map, &s.constraints, locks)
        .expect("locks fit")
        .with_counting()
        .expect("a counting table fits so small a map");
    assert_eq!(
        counting.counted_boards(),
        Some(list.len() as u128),
        "{name}: the count must be the listed boards, stack orders included"
    );
    problems.extend(compare(&format!("{name} (counting)"), &list, s, &counting, n));
    let chain = Solver::with_locks(map, &s.constraints, locks)
        .expect("locks fit")
        .with_markov_chain()
        .unwrap_or_else(|e| panic!("{name}: the chain is not ready: {e}"));
    let n = chain_draws(list.len());
    problems.extend(compare(&format!("{name} (chain)"), &list, s, &chain, n));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    list
}

/// The fields hex that draws from the face-down pool.
fn fields_hex(s: &Scenario) -> (usize, Hex) {
    let map = &s.maps[0];
    let (_, face_up) = shared_region(map);
    (face_up[0], map.cells[face_up[0]].hex)
}

#[test]
fn the_shared_pool_is_drawn_uniformly_by_every_sampler() {
    let s = scenario(SHARED);
    let list = check_all("shared pool", &s, &[]);
    // The list weighs a value by the stack orders it leaves: each deal of
    // the rest of the map that lets an 8 on the fields hex has two boards
    // with an 8 there (stacks 8 3 and 3 8) for one with a 3 (stack 8 8).
    let (f, _) = fields_hex(&s);
    let rest = |b: &Board| {
        let mut b = b.clone();
        b.number[f] = None;
        b
    };
    let with = |v: u8| -> Vec<Board> {
        list.iter().filter(|(b, _)| b.number[f] == Some(v)).map(|(b, _)| rest(b)).collect()
    };
    let (eights, threes) = (with(8), with(3));
    assert!(!eights.is_empty() && eights.len() + threes.len() == list.len());
    let allowed: HashSet<&Board> = eights.iter().collect();
    let threes_there = threes.iter().filter(|b| allowed.contains(b)).count();
    assert_eq!(eights.len(), 2 * threes_there, "two stack orders per 8, one per 3");
}

#[test]
fn a_locked_chip_on_the_face_up_hex_comes_out_of_the_pool() {
    let s = scenario(SHARED);
    let (_, hex) = fields_hex(&s);
    let three = Lock { hex, terrain: Terrain::Fields, number: Some(3) };
    let list = check_all("shared pool, the fields hex locked to 3", &s, &[three]);
    assert!(list.iter().all(|(_, stack)| stack == &[8, 8]), "the stack is the rest of the pool");
    // A chip the pool does not hold is refused, naming the hex and the chip.
    let five = Lock { number: Some(5), ..three };
    let e = Solver::with_locks(&s.maps[0], &s.constraints, &[five]).err().expect("refused");
    assert!(
        matches!(&e, SolveError::Lock(LockError::ChipNotInPool { chip: 5, hex: h }) if *h == hex),
        "{e:?}"
    );
    let said = e.to_string();
    assert!(said.contains(&hex.to_string()) && said.contains("no 5 chip"), "{said}");
}

/// A bar every board clears (no corner has 30 pips), as a weights file.
const OPEN_BAR: &str = "[bar]\ncorner_max = 30\nresource_floor = false\n\
    red_same_resource = false\nhigh_pairs = false\nharbor_max = false\n\
    largest_group = false\nseat_gap = false\n";

/// `--balanced`'s chain restricted to the bar walks the face-up hex's chip
/// and the stack together (a swap between them trades a shown chip for one
/// of the stack, and `chip_stack` follows): under a bar every board
/// clears, its boards must be uniform over the whole list.
#[test]
fn the_bar_chain_walks_the_shared_pool_uniformly() {
    let s = scenario(SHARED);
    let map = &s.maps[0];
    let list = reference(&s, &[]);
    let solver = Solver::new(map, &s.constraints);
    let config = Config::parse(OPEN_BAR).expect("the test's bar parses");
    let eval = Evaluator::for_players(map, 4);
    let opts = BarOptions { force: Some(BarMethod::Chain { steps: 0 }), ..BarOptions::default() };
    let sampler = BarSampler::new(&solver, &eval, &config.bar, &opts).expect("a start");
    assert!(matches!(sampler.method(), BarMethod::Chain { .. }));
    let n = chain_draws(list.len());
    let problems = compare_with("shared pool (bar chain)", &list, &s, &solver, n, |seed| {
        sampler.draw(seed).expect("draw").layout
    });
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// `--balanced best` walks the same cells: its boards keep the pool.
#[test]
fn the_balanced_search_keeps_the_shared_pool() {
    let s = scenario(SHARED);
    let solver = Solver::new(&s.maps[0], &s.constraints);
    let opts = SearchOptions { budget: SearchBudget::Candidates(300), ..SearchOptions::default() };
    for seed in 0..20 {
        let out = balance::balanced(&s, 4, seed, &Weights::default(), &opts, &|_, _| {})
            .expect("a board");
        key(&s, &solver, &out.layout);
    }
}

/// The file that was refused before (issue 42) draws a board with every
/// seed: the fields hex shows a chip of the fog's pool and the fog's stack
/// holds exactly the rest.
#[test]
fn the_fixture_draws_with_every_seed() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/face-up-from-fog.toml");
    let s = scenario(&std::fs::read_to_string(path).expect("fixture"));
    let map = &s.maps[0];
    let (ri, face_up) = shared_region(map);
    let mut pool = map.regions[ri].numbers.clone();
    pool.sort_unstable();
    let solver = Solver::new(map, &s.constraints);
    let mut shown = HashSet::new();
    for seed in 0..2_000 {
        let l = solver.solve(seed, &SolveOptions::default()).expect("a board for every seed");
        let (b, stack) = key(&s, &solver, &l);
        let chip = b.number[face_up[0]].expect("the fields hex shows a chip");
        shown.insert(chip);
        let mut all = stack.clone();
        all.push(chip);
        all.sort_unstable();
        assert_eq!(all, pool, "seed {seed}: the stack {stack:?} and the chip {chip}");
        assert_eq!(stack.len(), pool.len() - 1);
    }
    // No rule keeps any of the five off the fields hex on this map.
    assert_eq!(shown.len(), pool.len(), "{shown:?}");
}

/// The power check: a sampler uniform over the boards with the stack's
/// order left out (each board of the map alike, then a stack order at
/// random), the natural mistake, shows an 8 on the fields hex too seldom,
/// and the comparison must catch it.
#[test]
fn a_draw_that_leaves_the_stack_order_out_is_caught() {
    let s = scenario(SHARED);
    let list = reference(&s, &[]);
    let mut stacks: HashMap<Board, Vec<Vec<u8>>> = HashMap::new();
    for (b, stack) in &list {
        stacks.entry(b.clone()).or_default().push(stack.clone());
    }
    let mut boards: Vec<(&Board, &Vec<Vec<u8>>)> = stacks.iter().collect();
    boards.sort_by_key(|(b, _)| format!("{b:?}"));
    let mut rng = Rand::new(0x5AC4);
    let n = (DRAWS_PER_BOARD * list.len()).max(MIN_DRAWS);
    let drawn: Vec<Key> = (0..n)
        .map(|_| {
            let (b, orders) = boards[rng.below(boards.len())];
            (b.clone(), orders[rng.below(orders.len())].clone())
        })
        .collect();
    assert!(!judge("shared pool (stack order left out)", &list, &drawn).is_empty());
}
