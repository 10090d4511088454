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

/// One rejection candidate of `--balanced` on the default bar: the solver's
/// deal shown to the bar's quick check, the layout built only for the few
/// boards the check does not refuse (`Solver::solve_screened`). About 35
/// candidates make one balanced board on the base game, so this times 35 is
/// the floor of a balanced board before anything is measured or written.
#[divan::bench(args = ["base", "gold-for-catan"])]
fn screened_candidate(b: Bencher, id: &str) {
    let s = scenario(id);
    let map = s.map_for(4).expect("4-player map");
    let solver = Solver::new(map, &s.constraints);
    let eval = Evaluator::for_players(map, 4);
    let bar = balance::Config::default().bar;
    let opts = SolveOptions::default();
    let mut sc = solver.scratch();
    let mut ms = balance::measures::Scratch::default();
    let mut seed = 0u64;
    b.bench_local(|| {
        seed += 1;
        let quick = |d: &hexpress::solve::Dealt<'_>| {
            !eval.surely_misses_dealt(d, &mut ms, bar.red_same_resource, bar.corner_max)
        };
        solver.solve_screened(&mut sc, divan::black_box(seed), &opts, quick).expect("solvable")
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

/// The seat simulation alone on one ready layout (16 tie-break draws of a
/// snake draft). Target: at most 10 µs on the base game.
#[divan::bench(args = ["base", "gold-for-catan", "reach-catan"])]
fn seat_simulation(b: Bencher, id: &str) {
    let s = scenario(id);
    let map = s.map_for(4).expect("4-player map");
    let solver = Solver::new(map, &s.constraints);
    let layouts: Vec<_> =
        (0..64).map(|k| solver.solve(k, &SolveOptions::default()).expect("solvable")).collect();
    let eval = Evaluator::for_players(map, 4);
    let mut scratch = balance::measures::Scratch::default();
    let mut m = balance::Measures::default();
    let mut k = 0;
    b.bench_local(|| {
        k = (k + 1) % layouts.len();
        eval.seats_into(divan::black_box(&layouts[k]), &mut scratch, &mut m);
        m.seat_gap
    });
}

/// A balanced search of 20,000 candidates with the seat measures on every
/// candidate (`--objective seats`), on every core. Target: under 1 s on 2 cores.
#[divan::bench(args = ["base"], sample_count = 5, sample_size = 1)]
fn search_20k_with_seats_all_cores(b: Bencher, id: &str) {
    let s = scenario(id);
    let opts = SearchOptions { budget: Budget::Candidates(20_000), ..SearchOptions::default() };
    let config = balance::Config::default();
    b.bench_local(|| {
        balance::balanced_with(&s, 4, 42, &config, balance::Objective::Seats, &opts, &|_, _| {})
            .expect("solvable")
    });
}

/// One default-bar board from nothing: the solver, the bar's pilot and the
/// draw (`generate base --balanced` without the drawing). Target: under 5 ms.
#[divan::bench(args = ["base"], sample_count = 20, sample_size = 1)]
fn bar_board_default(b: Bencher, id: &str) {
    let s = scenario(id);
    let config = balance::Config::default();
    let opts = balance::BarOptions::default();
    let mut seed = 0u64;
    b.bench_local(|| {
        seed += 1;
        balance::draw_from_bar(&s, 4, seed, &config, &opts).expect("a board")
    });
}

/// 1,000 default-bar boards with a ready sampler, one thread, each as its
/// `sample --balanced` JSON line: divide by 1,000 for one board. Target:
/// at least 2,000 boards/s (under 500 µs each).
#[divan::bench(args = ["base"], sample_count = 5, sample_size = 1)]
fn sample_balanced_1000(b: Bencher, id: &str) {
    let s = scenario(id);
    let map = s.map_for(4).expect("4-player map");
    let solver = Solver::new(map, &s.constraints);
    let eval = Evaluator::for_players(map, 4);
    let config = balance::Config::default();
    let opts = balance::BarOptions::default();
    let sampler = balance::BarSampler::new(&solver, &eval, &config.bar, &opts).expect("a bar");
    let mut sc = solver.scratch();
    let mut first = 0u64;
    b.bench_local(|| {
        first += 1000;
        let mut bytes = 0;
        for seed in first..first + 1000 {
            let d = sampler.draw_with(&mut sc, seed).expect("a board");
            let obj = balance::json::bar_object(&d, &sampler.pilot(), &config);
            bytes += hexpress::export::json::to_json_with_balance(&d.layout, obj).len();
        }
        bytes
    });
}

/// A bar no board clears (no corner above 4 pips), refused with the
/// thresholds it missed. Target: under 1 s on every built-in.
#[divan::bench(args = ["base", "reach-catan", "catan-world", "fog-islands"], sample_count = 3, sample_size = 1)]
fn bar_impossible(b: Bencher, id: &str) {
    let s = scenario(id);
    let config = balance::Config::parse("[bar]\ncorner_max = 4\n").expect("valid");
    let opts = balance::BarOptions::default();
    b.bench_local(|| {
        let e = balance::draw_from_bar(&s, 4, 1, &config, &opts);
        assert!(matches!(e, Err(balance::BarError::NoBoard { .. })));
    });
}

/// The `sample` command itself, writing to /dev/null (the solver, the last
/// guard, the measures or the bar, and the JSON lines):
/// `hexpress sample base -n N -s 1 -q --out /dev/null [MODE] --threads T`,
/// N = 20,000 plain and 5,000 with `--measures` or `--balanced`. divan
/// prints boards/s (the `item/s` column). Targets on one thread (a core
/// of its own): 300,000 boards/s plain, 50,000 with `--measures`. With
/// `--balanced` (target 50,000, not reached) the solver's own draws set a
/// floor: on the default bar about 1 uniform board in 35 clears, so 50,000
/// boards/s would leave 0.57 µs per candidate, against about 0.5 to 1 µs for
/// a candidate refused before its layout is built (`screened_candidate`),
/// and the seat simulation (`seat_simulation`, 4 to 5 µs) runs on about 3
/// candidates per board.
fn sample_command(b: Bencher, mode: &str, threads: usize) {
    use clap::Parser;
    let n: u64 = if mode == "plain" { 20_000 } else { 5_000 };
    let count = n.to_string();
    let mut args = vec!["hexpress", "sample", "base", "-n", &count, "-s", "1", "-q"];
    args.extend(["--out", "/dev/null"]);
    if mode != "plain" {
        args.push(mode);
    }
    let threads = threads.to_string();
    args.extend(["--threads", &threads]);
    b.counter(divan::counter::ItemsCount::new(n)).bench_local(|| {
        let cli = hexpress::cli::Cli::try_parse_from(&args).expect("valid arguments");
        hexpress::cli::run(cli)
    });
}

/// [`sample_command`] on one thread.
#[divan::bench(args = ["plain", "--measures", "--balanced"], sample_count = 5, sample_size = 1)]
fn sample_command_one_thread(b: Bencher, mode: &str) {
    sample_command(b, mode, 1);
}

/// [`sample_command`] on every core (`--threads` = the cores the machine
/// has): compare with the one-thread figures on an idle machine only.
#[divan::bench(args = ["plain", "--measures", "--balanced"], sample_count = 5, sample_size = 1)]
fn sample_command_all_cores(b: Bencher, mode: &str) {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    sample_command(b, mode, cores);
}
