//! Prints search effort per seed for the base game under the strict rules.
//! `cargo run --release --features probes --example solve_stats -- [seeds]`
use hexpress::model::{load, Constraints};
use hexpress::solve::{SolveOptions, Solver};

fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(300);
    let src = hexpress::builtin::source("base").expect("base");
    let mut s = load(&src).expect("valid");
    s.constraints = Constraints::strict();
    let map = s.map_for(4).expect("map");
    let solver = Solver::new(map, &s.constraints);
    let mut nodes: Vec<(u64, u32, u64)> = Vec::new();
    let t = std::time::Instant::now();
    for seed in 0..n {
        match solver.solve(seed, &SolveOptions::default()) {
            Ok(l) => nodes.push((l.stats.nodes, l.stats.terrain_attempts, seed)),
            Err(e) => println!("seed {seed}: {e}"),
        }
    }
    let el = t.elapsed();
    nodes.sort();
    let pick = |q: f64| nodes[((nodes.len() - 1) as f64 * q) as usize];
    let mean = nodes.iter().map(|n| n.0).sum::<u64>() as f64 / nodes.len() as f64;
    println!(
        "{} layouts in {:?} ({:.0}/s), mean {mean:.1} nodes",
        nodes.len(),
        el,
        nodes.len() as f64 / el.as_secs_f64()
    );
    for q in [0.0, 0.5, 0.9, 0.99, 1.0] {
        let (nd, at, seed) = pick(q);
        println!("q{q}: nodes {nd} terrain attempts {at} (seed {seed})");
    }
}
