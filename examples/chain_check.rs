//! The Markov chain on one scenario file, whatever the exact samplers could
//! do: the time to prepare it (starting boards and diagnostics), its steps
//! per board, and boards per second.
//!
//! `cargo run --release --features probes --example chain_check -- FILE [BOARDS]`
use std::time::Instant;

use hexpress::diag::Source;
use hexpress::solve::{SolveOptions, Solver};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args.get(1).expect("a scenario file");
    let boards: u64 = args.get(2).and_then(|b| b.parse().ok()).unwrap_or(20);
    let text = std::fs::read_to_string(path).expect("readable");
    let s = hexpress::model::load(&Source::new(path.clone(), text)).expect("valid");
    let map = &s.maps[0];
    let t = Instant::now();
    let solver = match Solver::new(map, &s.constraints).with_markov_chain() {
        Ok(s) => s,
        Err(e) => return println!("not ready after {:?}: {e}", t.elapsed()),
    };
    println!("ready in {:?}: {:?}", t.elapsed(), solver.method());
    let t = Instant::now();
    let opts = SolveOptions::default();
    let mut sc = solver.scratch();
    for seed in 0..boards {
        let l = solver.solve_with(&mut sc, seed, &opts).expect("a board");
        if seed == 0 {
            println!("{}", l.sampler);
        }
    }
    let secs = t.elapsed().as_secs_f64();
    println!("{boards} boards in {secs:.3} s: {:.1} boards/s", boards as f64 / secs);
}
