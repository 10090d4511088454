//! The seat simulation on uniform boards of every built-in:
//! `cargo run --release --features probes --example seat_stats -- 2000` prints, per scenario
//! and player count, the seat gap's percentiles under both policies, the
//! mean total per seat, how often the two policies agree on the best seat,
//! and the time per board (one thread).
use std::time::Instant;

use hexpress::balance::{Evaluator, Measures, Policy};
use hexpress::model::load;
use hexpress::solve::Solver;

fn pct(v: &mut [f64], p: usize) -> f64 {
    v.sort_by(f64::total_cmp);
    v[(v.len() * p / 100).min(v.len() - 1)]
}

fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(2000);
    for id in hexpress::builtin::ids() {
        let s = load(&hexpress::builtin::source(id).expect("builtin")).expect("valid");
        for &players in &s.meta.players {
            let map = s.map_for(players).expect("map");
            let solver = Solver::new(map, &s.constraints);
            let layouts: Vec<_> =
                (0..n).filter_map(|k| solver.solve(k, &Default::default()).ok()).collect();
            let mut line = format!("{id:<20} {players}p");
            let mut best_seat: Vec<Vec<usize>> = Vec::new();
            for policy in Policy::ALL {
                let eval = Evaluator::for_players(map, players).with_policy(policy);
                let mut m = Measures::default();
                let mut scratch = Default::default();
                let t = Instant::now();
                let mut gaps = Vec::new();
                let mut totals = vec![0.0; usize::from(players)];
                let mut best = Vec::new();
                for l in &layouts {
                    eval.seats_into(l, &mut scratch, &mut m);
                    gaps.push(m.seat_gap);
                    for (t, s) in totals.iter_mut().zip(&m.seats) {
                        *t += s.total;
                    }
                    let b = m
                        .seats
                        .iter()
                        .enumerate()
                        .max_by(|a, b| a.1.total.total_cmp(&b.1.total))
                        .map_or(0, |x| x.0);
                    best.push(b);
                }
                let us = t.elapsed().as_secs_f64() * 1e6 / layouts.len() as f64;
                let means: Vec<String> =
                    totals.iter().map(|t| format!("{:.1}", t / layouts.len() as f64)).collect();
                line.push_str(&format!(
                    " | {}: gap p10 {:.1} p50 {:.1} p90 {:.1}, seats [{}], {us:.1} us",
                    policy.name(),
                    pct(&mut gaps, 10),
                    pct(&mut gaps, 50),
                    pct(&mut gaps, 90),
                    means.join(" ")
                ));
                best_seat.push(best);
            }
            let agree = best_seat[0].iter().zip(&best_seat[1]).filter(|(a, b)| a == b).count();
            line.push_str(&format!(
                " | same best seat {:.0}%",
                100.0 * agree as f64 / layouts.len().max(1) as f64
            ));
            println!("{line}");
        }
    }
}
