//! How often uniform boards clear the fairness bar:
//! `cargo run --release --features probes --example bar_rates -- 20000 [FILE]` prints, for
//! every built-in and player count, the share of boards that clear the bar
//! (the default, or FILE's) and the share that meets each threshold alone.
use hexpress::balance::{Bar, Config, Evaluator, Measures};
use hexpress::model::load;
use hexpress::solve::Solver;
use rayon::prelude::*;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let n: u64 = a.get(1).and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let config = match a.get(2) {
        Some(f) => Config::parse(&std::fs::read_to_string(f).expect("read")).expect("valid"),
        None => Config::default(),
    };
    let bar = config.bar;
    println!("bar: {}", bar.sentences().join("; "));
    for id in hexpress::builtin::ids() {
        let s = load(&hexpress::builtin::source(id).expect("builtin")).expect("valid");
        for &players in &s.meta.players {
            let map = s.map_for(players).expect("map");
            let solver = Solver::new(map, &s.constraints);
            let eval = Evaluator::for_players(map, players)
                .with_policy(config.policy)
                .scoring_seats(bar.needs_seats());
            let ms: Vec<Measures> = (0..n)
                .into_par_iter()
                .filter_map(|k| solver.solve(k, &Default::default()).ok())
                .map(|l| eval.measure(&l))
                .collect();
            let all = ms.iter().filter(|m| bar.clears(m)).count();
            let mut line = format!(
                "{id:<20} {players}p  clear {:>6.2} %",
                100.0 * all as f64 / ms.len() as f64
            );
            for (name, v) in bar.pairs() {
                if v.is_none() {
                    continue;
                }
                let mut one = Bar::NONE;
                *one.slot(name).expect("known") = v;
                let k = ms.iter().filter(|m| one.clears(m)).count();
                line.push_str(&format!("  {name} {:.1}", 100.0 * k as f64 / ms.len() as f64));
            }
            println!("{line}");
            if std::env::var("DIST").is_ok() {
                let q = |f: &dyn Fn(&Measures) -> f64| {
                    let mut v: Vec<f64> = ms.iter().map(f).collect();
                    v.sort_by(f64::total_cmp);
                    let at = |p: usize| v[(v.len() * p / 100).min(v.len() - 1)];
                    format!("{}/{}/{}/{}/{}", at(10), at(25), at(50), at(75), at(90))
                };
                let floor = |m: &Measures| {
                    m.resource_pips
                        .iter()
                        .zip(m.resource_share)
                        .filter(|(_, s)| *s > 0.0)
                        .map(|(p, s)| (f64::from(*p) / s * 100.0).round() / 100.0)
                        .fold(f64::INFINITY, f64::min)
                };
                println!(
                    "    p10/25/50/75/90: corner_max {} floor {} red {} high {} harbor {} group {} gap {}",
                    q(&|m| f64::from(m.corner_max)),
                    q(&floor),
                    q(&|m| f64::from(m.red_same_resource)),
                    q(&|m| f64::from(m.high_pairs)),
                    q(&|m| f64::from(m.harbor_max)),
                    q(&|m| f64::from(m.largest_group)),
                    q(&|m| m.seat_gap),
                );
            }
        }
    }
}
