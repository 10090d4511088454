//! Balanced-search throughput on the base game and on Gold for Catan.
//!
//! `cargo bench --bench balance`. Each "candidate" is one full solve plus
//! its measures and score, the unit the balanced search counts.

use divan::Bencher;
use hexpress::balance::{self, Budget, Evaluator, SearchOptions, Weights};
use hexpress::model::{self, Scenario};
use hexpress::solve::{SolveOptions, Solver};

fn main() {
    divan::main();
}

fn scenario(id: &str) -> Scenario {
    let source = hexpress::builtin::source(id).expect("built-in scenario");
    model::load(&source).expect("valid built-in scenario")
}

/// One solve, no measures: the solver's share of a candidate.
#[divan::bench(args = ["base", "gold-for-catan"])]
fn solve_only(b: Bencher, id: &str) {
    let s = scenario(id);
    let map = s.map_for(4).expect("4-player map");
    let solver = Solver::new(map, &s.constraints);
    let opts = SolveOptions::default();
    let mut seed = 0u64;
    b.bench_local(|| {
        seed += 1;
        solver.solve(divan::black_box(seed), &opts).expect("solvable")
    });
}

/// Measures and score of one ready layout.
#[divan::bench(args = ["base", "gold-for-catan"])]
fn measure_only(b: Bencher, id: &str) {
    let s = scenario(id);
    let map = s.map_for(4).expect("4-player map");
    let solver = Solver::new(map, &s.constraints);
    let layout = solver.solve(7, &SolveOptions::default()).expect("solvable");
    let eval = Evaluator::new(map);
    let w = Weights::default();
    let mut scratch = balance::measures::Scratch::default();
    let mut m = balance::Measures::default();
    b.bench_local(|| {
        eval.measure_into(divan::black_box(&layout), &mut scratch, &mut m);
        balance::score(&m, &w)
    });
}

/// A whole balanced search of 10,000 candidates on one thread: divide the
/// time by 10,000 for the cost of a candidate.
#[divan::bench(args = ["base", "gold-for-catan"], sample_count = 5, sample_size = 1)]
fn search_10k_one_thread(b: Bencher, id: &str) {
    let s = scenario(id);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("thread pool");
    let opts = SearchOptions { budget: Budget::Candidates(10_000), ..SearchOptions::default() };
    b.bench_local(|| {
        pool.install(|| balance::balanced(&s, 4, 42, &Weights::default(), &opts, &|_, _| {}))
            .expect("solvable")
    });
}

/// The same search on every core.
#[divan::bench(args = ["base"], sample_count = 5, sample_size = 1)]
fn search_10k_all_cores(b: Bencher, id: &str) {
    let s = scenario(id);
    let opts = SearchOptions { budget: Budget::Candidates(10_000), ..SearchOptions::default() };
    b.bench_local(|| {
        balance::balanced(&s, 4, 42, &Weights::default(), &opts, &|_, _| {}).expect("solvable")
    });
}
