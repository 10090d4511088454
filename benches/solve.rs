//! Layout search speed: valid layouts per second on one core.
//!
//! Run with `cargo bench --bench solve`. Targets (release, one core): base
//! game 250,000/s, Gold for Catan 100,000/s, base game under the strict set
//! 20,000/s; an unsatisfiable scenario reported in under a second.

use divan::{black_box, Bencher};
use hexpress::model::{load, Constraints, Scenario};
use hexpress::solve::{SolveOptions, Solver};

fn main() {
    divan::main();
}

fn scenario(id: &str) -> Scenario {
    let src = hexpress::builtin::source(id).expect("built-in scenario");
    load(&src).expect("valid built-in scenario")
}

fn bench_layouts(b: Bencher, s: &Scenario, players: u8) {
    let map = s.map_for(players).expect("map");
    let solver = Solver::new(map, &s.constraints);
    let opts = SolveOptions::default();
    let mut seed = 0u64;
    // Each sample solves 200 consecutive seeds, so the figure is the mean
    // over many maps, slow seeds included.
    const BATCH: usize = 200;
    b.counter(divan::counter::ItemsCount::new(BATCH)).bench_local(|| {
        for _ in 0..BATCH {
            seed += 1;
            black_box(solver.solve(seed, &opts).expect("solvable"));
        }
    });
}

#[divan::bench(sample_count = 30)]
fn base_default(b: Bencher) {
    bench_layouts(b, &scenario("base"), 4);
}

#[divan::bench(sample_count = 30)]
fn gold_for_catan_4p(b: Bencher) {
    bench_layouts(b, &scenario("gold-for-catan"), 4);
}

#[divan::bench(sample_count = 30)]
fn base_strict(b: Bencher) {
    let mut s = scenario("base");
    s.constraints = Constraints::strict();
    bench_layouts(b, &s, 4);
}

/// An impossible rule set: time until the solver gives up with its error.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn unsatisfiable_base(b: Bencher) {
    let mut s = scenario("base");
    s.constraints = Constraints { max_corner_pips: Some(5), ..Constraints::strict() };
    let map = s.map_for(4).expect("map").clone();
    let c = s.constraints.clone();
    b.bench_local(|| {
        let solver = Solver::new(&map, &c);
        black_box(solver.solve(1, &SolveOptions::default()).expect_err("unsatisfiable"))
    });
}
