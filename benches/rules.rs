//! The rule checks: the lock check before a search, and the last guard
//! every board passes before it is written.
//!
//! Run with `cargo bench --bench rules`. Targets (release, one core):
//! checking locks on the base game under 10 µs; the guard adds under 2 % to
//! what `hexpress sample base` spends per board (solve, JSON, one line):
//! compare `sample_line_base` with `sample_line_guarded_base`. `guard_*`
//! time the whole-layout check `generate` and the web page run.

use divan::{black_box, Bencher};
use hexpress::axial::Hex;
use hexpress::export::json::to_json;
use hexpress::model::{load, Constraints, Scenario};
use hexpress::solve::{check_locks, Guard, Layout, Lock, SolveOptions, Solver};
use hexpress::vocab::Terrain;

fn main() {
    divan::main();
}

fn scenario(id: &str) -> Scenario {
    let src = hexpress::builtin::source(id).expect("built-in scenario");
    load(&src).expect("valid built-in scenario")
}

fn layouts(s: &Scenario, n: u64) -> Vec<Layout> {
    let map = s.map_for(4).expect("map");
    let solver = Solver::new(map, &s.constraints);
    (0..n).map(|seed| solver.solve(seed, &SolveOptions::default()).expect("solvable")).collect()
}

/// Four locks that keep every rule, as a user locks a desert and some chips.
fn base_locks() -> Vec<Lock> {
    let l = |q, r, terrain, number| Lock { hex: Hex::new(q, r), terrain, number };
    vec![
        l(0, 0, Terrain::Desert, None),
        l(1, 0, Terrain::Forest, Some(8)),
        l(-1, 0, Terrain::Hills, Some(6)),
        l(0, -2, Terrain::Fields, Some(5)),
    ]
}

#[divan::bench]
fn lock_check_base(b: Bencher) {
    let s = scenario("base");
    let map = s.map_for(4).expect("map");
    let locks = base_locks();
    assert!(check_locks(map, &s.constraints, &locks).is_ok());
    b.bench_local(|| check_locks(black_box(map), &s.constraints, black_box(&locks)));
}

#[divan::bench]
fn lock_check_base_strict(b: Bencher) {
    let s = scenario("base");
    let map = s.map_for(4).expect("map");
    let locks = base_locks();
    let c = Constraints::strict();
    b.bench_local(|| check_locks(black_box(map), &c, black_box(&locks)));
}

fn bench_guard(b: Bencher, s: &Scenario) {
    let map = s.map_for(4).expect("map");
    let boards = layouts(s, 256);
    let mut guard = Guard::new(map, &s.constraints, &[]);
    let mut k = 0usize;
    b.bench_local(|| {
        k = (k + 1) % boards.len();
        black_box(guard.check(black_box(&boards[k])).is_ok())
    });
}

#[divan::bench]
fn guard_base(b: Bencher) {
    bench_guard(b, &scenario("base"));
}

#[divan::bench]
fn guard_base_strict(b: Bencher) {
    let mut s = scenario("base");
    s.constraints = Constraints::strict();
    bench_guard(b, &s);
}

#[divan::bench]
fn guard_gold_for_catan(b: Bencher) {
    bench_guard(b, &scenario("gold-for-catan"));
}

/// What `hexpress sample base` does per board, without and with the guard
/// (`sample` runs it on the solver's tables: [`Solver::solve_checked`]).
fn sample_line(b: Bencher, guarded: bool) {
    let s = scenario("base");
    let map = s.map_for(4).expect("map");
    let solver = Solver::new(map, &s.constraints);
    let opts = SolveOptions::default();
    let mut scratch = solver.scratch();
    let mut guard = solver.guard();
    let mut seed = 0u64;
    const BATCH: usize = 100;
    b.counter(divan::counter::ItemsCount::new(BATCH)).bench_local(|| {
        for _ in 0..BATCH {
            seed += 1;
            let l = match guarded {
                true => solver.solve_checked(&mut scratch, &mut guard, seed, &opts).expect("ok").0,
                false => solver.solve_with(&mut scratch, seed, &opts).expect("solvable"),
            };
            let text = to_json(&l);
            black_box(text.lines().map(str::trim_start).collect::<String>());
        }
    });
}

/// The guard on the solver's tables alone, per board (with the draw).
#[divan::bench]
fn solve_checked_base(b: Bencher) {
    let s = scenario("base");
    let map = s.map_for(4).expect("map");
    let solver = Solver::new(map, &s.constraints);
    let opts = SolveOptions::default();
    let mut scratch = solver.scratch();
    let mut guard = solver.guard();
    let mut seed = 0u64;
    b.bench_local(|| {
        seed += 1;
        black_box(solver.solve_checked(&mut scratch, &mut guard, seed, &opts).is_ok())
    });
}

#[divan::bench]
fn solve_base(b: Bencher) {
    let s = scenario("base");
    let map = s.map_for(4).expect("map");
    let solver = Solver::new(map, &s.constraints);
    let opts = SolveOptions::default();
    let mut scratch = solver.scratch();
    let mut seed = 0u64;
    b.bench_local(|| {
        seed += 1;
        black_box(solver.solve_with(&mut scratch, seed, &opts).is_ok())
    });
}

#[divan::bench(sample_count = 40)]
fn sample_line_base(b: Bencher) {
    sample_line(b, false);
}

#[divan::bench(sample_count = 40)]
fn sample_line_guarded_base(b: Bencher) {
    sample_line(b, true);
}
