//! Stress run for issue 42, as an adversarial user would try it: random
//! scenario files of up to 40 land hexes (`stress/gen.rs`: varied shapes,
//! one to three regions, deserts, sea and gold, fixed hexes, harbors, tight
//! chip pools, random rules on either preset), each run through the
//! `hexpress generate FILE -s 1 --layout-only` command, some with `--exact`,
//! `--balanced` or locks, recording the outcome (board, proof, refusal) and
//! the command's user CPU time. Every board is held to the test suite's own
//! rule checker (`tests/sampling`) and its pools; on maps small enough to
//! list every board, a proof must agree with the list (none), a printed
//! count must be the list's length, and a proof's "relax X (a board exists
//! without it)" hint must hold. A refusal (a limit or a budget) on these
//! maps is a wrong answer too: they are all within the documented limits.
//!
//! The default run checks a few small maps (a few seconds).
//! `HEXPRESS_STRESS=N` runs `N` maps of up to 40 land hexes and prints the
//! table of findings; `HEXPRESS_STRESS_SEED` moves the generator,
//! `HEXPRESS_STRESS_BIN` runs another binary (a release to compare with),
//! `HEXPRESS_STRESS_KEEP=DIR` keeps every scenario file there.

mod gen;
mod run;

use crate::sampling::Rand;
use run::{Finding, Table};

/// Small maps in the default run.
const DEFAULT_MAPS: usize = 12;

#[test]
fn random_maps_end_in_a_true_board_or_proof() {
    let n: usize = std::env::var("HEXPRESS_STRESS").ok().and_then(|v| v.parse().ok()).unwrap_or(0);
    let seed: u64 =
        std::env::var("HEXPRESS_STRESS_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(42);
    let (maps, max_land) = if n == 0 { (DEFAULT_MAPS, 7) } else { (n, 40) };
    let keep = std::env::var("HEXPRESS_STRESS_KEEP").ok();
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut table = Table::default();
    for k in 0..maps {
        let mut rng = Rand::new(seed.wrapping_mul(1_000_003).wrapping_add(k as u64));
        // A third of the maps are small enough to list every board.
        let limit = if n == 0 || k % 3 == 0 { 7 } else { max_land };
        let g = gen::scenario(&mut rng, limit);
        let file = dir.path().join(format!("stress-{k}.toml"));
        std::fs::write(&file, &g.text).expect("write the scenario");
        if let Some(keep) = &keep {
            std::fs::create_dir_all(keep).expect("the keep folder");
            let text = format!("# --rules {}: {}\n{}", g.preset, g.label, g.text);
            std::fs::write(format!("{keep}/stress-{seed}-{k}.toml"), text).expect("keep");
        }
        run::case(&mut table, &mut rng, k, &file, &g, dir.path());
    }
    table.print();
    let wrong: Vec<&Finding> = table.findings.iter().filter(|f| f.wrong).collect();
    assert!(wrong.is_empty(), "{} wrong answers (see the table above)", wrong.len());
}
