//! Draws from the fairness bar and times it:
//! `cargo run --release --features probes --example bar_draw -- base 4 200 [FILE] [chain]`
//! prints the method, the pilot's pass rate, the time to set up and the
//! time per board (one thread).
use std::time::Instant;

use hexpress::balance::{BarMethod, BarOptions, BarSampler, Config, Evaluator};
use hexpress::model::load;
use hexpress::solve::Solver;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let id = a.get(1).map_or("base", |s| s.as_str());
    let players: u8 = a.get(2).and_then(|s| s.parse().ok()).unwrap_or(4);
    let n: u64 = a.get(3).and_then(|s| s.parse().ok()).unwrap_or(200);
    let config = match a.get(4).filter(|f| f.as_str() != "-") {
        Some(f) => Config::parse(&std::fs::read_to_string(f).expect("read")).expect("valid"),
        None => Config::default(),
    };
    let force =
        (a.get(5).map(String::as_str) == Some("chain")).then_some(BarMethod::Chain { steps: 0 });
    let s = load(&hexpress::builtin::source(id).expect("builtin")).expect("valid");
    let map = s.map_for(players).expect("map");
    let t = Instant::now();
    let solver = Solver::new(map, &s.constraints);
    let eval = Evaluator::for_players(map, players).with_policy(config.policy);
    let opts = BarOptions { force, ..Default::default() };
    let sampler = match BarSampler::new(&solver, &eval, &config.bar, &opts) {
        Ok(x) => x,
        Err(e) => {
            println!("{e:?} after {:.1} ms", t.elapsed().as_secs_f64() * 1e3);
            return;
        }
    };
    let setup = t.elapsed();
    let first = sampler.draw(1).expect("draw");
    let one = t.elapsed();
    let t = Instant::now();
    let mut cand = 0;
    for seed in 0..n {
        cand += sampler.draw(seed).expect("draw").candidates;
    }
    let per = t.elapsed().as_secs_f64() / n as f64;
    println!(
        "{id} {players}p: {:?}, pilot {:?} ({:.3} %), setup {:.2} ms, first board {:.2} ms, {:.1} us per board ({:.0} boards/s), {:.1} candidates per board; first: {} candidates, gap {:.2}",
        sampler.method(),
        sampler.pilot(),
        100.0 * sampler.pilot().pass_rate(),
        setup.as_secs_f64() * 1e3,
        one.as_secs_f64() * 1e3,
        per * 1e6,
        1.0 / per,
        cand as f64 / n as f64,
        first.candidates,
        first.measures.seat_gap
    );
}
