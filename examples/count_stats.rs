//! Sizes of the counting sampler's tables for every built-in and preset.
use hexpress::model::{load, RulePreset};
use hexpress::solve::Solver;

fn main() {
    let only: Vec<String> = std::env::args().skip(1).collect();
    if let Some(path) = only.first().filter(|p| p.ends_with(".toml")) {
        let text = std::fs::read_to_string(path).expect("measurement input");
        let s = load(&hexpress::diag::Source::new(path.clone(), text)).expect("measurement input");
        for map in &s.maps {
            let solver = Solver::new(map, &s.constraints);
            println!("{path} {:?}: {}", map.players, solver.counting_stats());
        }
        return;
    }
    if only.first().map(String::as_str) == Some("desert") {
        let s = load(&hexpress::builtin::source("base").expect("measurement input"))
            .expect("measurement input");
        let s = s.with_preset(RulePreset::Strict).expect("measurement input");
        let map = &s.maps[0];
        for cell in &map.cells {
            if !matches!(cell.content, hexpress::model::CellContent::Slot { .. }) {
                continue;
            }
            let lock = hexpress::solve::Lock {
                hex: cell.hex,
                terrain: hexpress::vocab::Terrain::Desert,
                number: None,
            };
            let solver =
                Solver::with_locks(map, &s.constraints, &[lock]).expect("measurement input");
            println!("{:?}: {}", cell.hex, solver.counting_stats());
        }
        return;
    }
    for id in hexpress::builtin::ids() {
        if !only.is_empty() && !only.iter().any(|o| o == id) {
            continue;
        }
        let s = load(&hexpress::builtin::source(id).expect("measurement input"))
            .expect("measurement input");
        for preset in RulePreset::ALL {
            let Ok(s) = s.with_preset(preset) else { continue };
            for map in &s.maps {
                let solver = Solver::new(map, &s.constraints);
                println!("{id} {preset} {:?}: {}", map.players, solver.counting_stats());
            }
        }
    }
}
