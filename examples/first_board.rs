//! Time to the first board, or to the proof that none exists, from a fresh
//! solver (table, trial deals and any proof included), for every built-in
//! under every preset and player count; then random lock sets on the base
//! game under the strict rules that leave no completion.
//!
//! `cargo run --release --features probes --example first_board` (quote `uptime` with it).
use std::time::Instant;

use hexpress::model::{load, CellContent, Constraints, RulePreset};
use hexpress::solve::{Lock, SolveError, SolveOptions, Solver};
use hexpress::vocab::Terrain;

fn main() {
    let opts = SolveOptions::default();
    let only: Vec<String> = std::env::args().skip(1).collect();
    let mut worst = (0.0f64, String::new());
    for id in hexpress::builtin::ids() {
        if !only.is_empty() && !only.iter().any(|o| o == id) {
            continue;
        }
        let s = load(&hexpress::builtin::source(id).expect("built-in")).expect("valid");
        for preset in RulePreset::ALL {
            let Ok(s) = s.with_preset(preset) else { continue };
            for &players in &s.meta.players {
                let map = s.map_for(players).expect("map");
                let t = Instant::now();
                let solver = Solver::new(map, &s.constraints);
                let first = solver.solve(1, &opts).map(|_| ());
                let ms = t.elapsed().as_secs_f64() * 1e3;
                let what = match first {
                    Ok(()) => format!("board ({:?})", solver.method()),
                    Err(e) => format!("no board: {e}"),
                };
                println!("{id:20} {preset:8} {players}p {ms:8.1} ms  {what}");
                if ms > worst.0 {
                    worst = (ms, format!("{id} {preset} {players}p"));
                }
            }
        }
    }
    println!("slowest: {} in {:.1} ms", worst.1, worst.0);
    if !only.is_empty() {
        return;
    }

    // Locks fine alone that leave no completion (issue 27): the desert of
    // Reach Catan's Catan region locked on each of its hexes, under the
    // strict rules (the corner-pip cap leaves it two places).
    let s = load(&hexpress::builtin::source("reach-catan").expect("built-in")).expect("valid");
    let map = s.map_for(4).expect("map");
    let c = Constraints::strict();
    let catan = map.regions.iter().position(|r| r.key == "catan").expect("region");
    let (mut boards, mut proofs, mut worst) = (0, 0, 0.0f64);
    for cell in &map.cells {
        if !matches!(cell.content, CellContent::Slot { region } if region == catan) {
            continue;
        }
        let lock = Lock { hex: cell.hex, terrain: Terrain::Desert, number: None };
        let t = Instant::now();
        let r = Solver::with_locks(map, &c, &[lock]).and_then(|s| s.solve(1, &opts));
        let ms = t.elapsed().as_secs_f64() * 1e3;
        worst = worst.max(ms);
        match r {
            Ok(_) => boards += 1,
            Err(SolveError::Conflict { rules, .. }) => {
                if proofs == 0 {
                    println!(
                        "--lock \"{},{}=desert\": {rules:?} in {ms:.1} ms",
                        cell.hex.q, cell.hex.r
                    );
                }
                proofs += 1;
            }
            Err(e) => println!("{:?}: {e}", cell.hex),
        }
    }
    println!("desert locks: {boards} boards, {proofs} proofs, slowest {worst:.1} ms");
}
