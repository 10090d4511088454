//! Boards per second of one built-in: `cargo run --release --features probes --example sample_speed -- base 4 200000 [strict]`
use hexpress::model::{load, Constraints};
use hexpress::solve::{SolveOptions, Solver};

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let id = a.get(1).map_or("base", |s| s.as_str());
    let players: u8 = a.get(2).and_then(|s| s.parse().ok()).unwrap_or(4);
    let n: u64 = a.get(3).and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let mut s = load(&hexpress::builtin::source(id).expect("builtin")).expect("valid");
    if a.get(4).is_some_and(|x| x == "strict") {
        s.constraints = Constraints::strict();
    }
    let map = s.map_for(players).expect("map");
    let solver = Solver::new(map, &s.constraints);
    let opts = SolveOptions::default();
    let t = std::time::Instant::now();
    let mut deals = 0u64;
    let mut scratch = solver.scratch();
    for seed in 0..n {
        let l = solver.solve_with(&mut scratch, seed, &opts).expect("solves");
        deals += l.stats.nodes;
    }
    let el = t.elapsed();
    println!(
        "{id} {players}p {:?}: {:.0} boards/s, {:.2} nodes/board",
        solver.method(),
        n as f64 / el.as_secs_f64(),
        deals as f64 / n as f64
    );
}
