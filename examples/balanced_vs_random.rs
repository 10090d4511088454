//! The balanced search against keeping the best of as many random boards:
//! `cargo run --release --features probes --example balanced_vs_random -- base 4 20000 5`
//! prints, per seed, both scores and both times (one thread each).
use std::sync::Mutex;
use std::time::Instant;

use hexpress::balance::{self, Budget, Evaluator, SearchOptions, Weights};
use hexpress::model::load;
use hexpress::solve::Solver;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let id = a.get(1).map_or("base", |s| s.as_str());
    let players: u8 = a.get(2).and_then(|s| s.parse().ok()).unwrap_or(4);
    let n: u64 = a.get(3).and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let seeds: u64 = a.get(4).and_then(|s| s.parse().ok()).unwrap_or(5);
    let s = load(&hexpress::builtin::source(id).expect("builtin")).expect("valid");
    let map = s.map_for(players).expect("map");
    let solver = Solver::new(map, &s.constraints);
    let eval = Evaluator::new(map);
    let w = Weights::default();
    let opts = SearchOptions { budget: Budget::Candidates(n), ..Default::default() };
    let (mut sum_walk, mut sum_rand) = (0.0, 0.0);
    for seed in 1..=seeds {
        let t = Instant::now();
        let out = balance::search(&solver, &eval, &w, seed, &opts, &|_, _| {}).expect("search");
        let t_walk = t.elapsed();
        let best = Mutex::new(f64::INFINITY);
        let t = Instant::now();
        balance::random_boards(&solver, &eval, &w, seed, n, &opts, &|_, _| {}, &|_, _, _, sc| {
            let mut b = best.lock().expect("lock");
            *b = b.min(sc);
        });
        let t_rand = t.elapsed();
        let best = *best.lock().expect("lock");
        sum_walk += out.score;
        sum_rand += best;
        println!(
            "seed {seed}: search {:.2} in {:.0} ms, best of {n} random {:.2} in {:.0} ms; random median {:.2}",
            out.score,
            t_walk.as_secs_f64() * 1e3,
            best,
            t_rand.as_secs_f64() * 1e3,
            out.random.median
        );
    }
    println!(
        "mean: search {:.2}, best of random {:.2}",
        sum_walk / seeds as f64,
        sum_rand / seeds as f64
    );
}
