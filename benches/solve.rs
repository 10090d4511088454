//! Sampling speed: uniform valid boards per second on one core.
//!
//! Run with `cargo bench --bench solve`. Targets (release, one core): base
//! game and Gold for Catan 4p 500,000/s each, base game under the strict set
//! 20,000/s, one region of 1,000 hexes under 100 ms and of 10,000 hexes
//! under 2 s (a fresh solver each time: start search, pilot and chain), an
//! unsatisfiable scenario reported in under a second.

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
    let mut scratch = solver.scratch();
    let mut seed = 0u64;
    // Each sample solves 200 consecutive seeds, so the figure is the mean
    // over many maps, slow seeds included.
    const BATCH: usize = 200;
    b.counter(divan::counter::ItemsCount::new(BATCH)).bench_local(|| {
        for _ in 0..BATCH {
            seed += 1;
            black_box(solver.solve_with(&mut scratch, seed, &opts).expect("solvable"));
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

fn fixture(name: &str) -> Scenario {
    let path = format!("{}/tests/fixtures/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("fixture exists");
    load(&hexpress::diag::Source::new(path, text)).expect("valid fixture")
}

/// One board of a large single-region map, from a fresh solver (start
/// search, method pilot and chain all included).
fn bench_large(b: Bencher, name: &str) {
    let s = fixture(name);
    let mut seed = 0u64;
    b.bench_local(|| {
        seed += 1;
        black_box(hexpress::solve::solve(&s, 4, seed, &SolveOptions::default()).expect("solves"))
    });
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn one_region_1027_hexes(b: Bencher) {
    bench_large(b, "large-1027");
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn one_region_9919_hexes(b: Bencher) {
    bench_large(b, "large-9919");
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
