//! Draws boards of every built-in and checks them; prints method and speed.
//! `cargo run --release --features probes --example sample_check -- [boards]`
use hexpress::model::{load, Constraints};
use hexpress::solve::{check::violations, SolveOptions, Solver};

fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(2000);
    for id in hexpress::builtin::ids() {
        let s = load(&hexpress::builtin::source(id).expect("builtin")).expect("valid");
        for &players in &s.meta.players {
            run(id, &s, players, &s.constraints, n);
        }
    }
    let s = load(&hexpress::builtin::source("base").expect("builtin")).expect("valid");
    run("base strict", &s, 4, &Constraints::strict(), n);
}

fn run(id: &str, s: &hexpress::model::Scenario, players: u8, c: &Constraints, n: u64) {
    let map = s.map_for(players).expect("map");
    let t0 = std::time::Instant::now();
    let solver = Solver::new(map, c);
    let built = t0.elapsed();
    let t = std::time::Instant::now();
    let mut bad = 0;
    let mut err = 0;
    let mut last = None;
    for seed in 0..n {
        match solver.solve(seed, &SolveOptions::default()) {
            Ok(l) => {
                if !violations(map, c, &l).is_empty() {
                    bad += 1;
                    if bad < 3 {
                        println!("  {:?}", violations(map, c, &l));
                    }
                }
                last = Some(l.sampler);
            }
            Err(e) => {
                err += 1;
                if err < 3 {
                    println!("  seed {seed}: {e}");
                }
            }
        }
    }
    let el = t.elapsed();
    println!(
        "{id:<20} {players}p {:?} new {:?}: {:.0} boards/s, bad {bad}, errors {err}, last {:?}",
        solver.method(),
        built,
        n as f64 / el.as_secs_f64(),
        last
    );
}
