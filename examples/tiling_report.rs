//! Prints, for every built-in, player count and paper, the map sheets the
//! tiler cuts and how many are slivers, with the time the search took.
//! `cargo run --release --features probes --example tiling_report`.

use std::time::Instant;

use hexpress::compose::map::cuts::plan;
use hexpress::compose::map::{canvas, Notes};
use hexpress::settings::{Choices, Paper, Settings};

fn main() {
    for paper in [Paper::A4, Paper::Letter, Paper::A3] {
        let settings = Settings::build(&Choices { paper, ..Choices::default() }).expect("settings");
        for id in hexpress::builtin::ids() {
            let sc = hexpress::model::load(&hexpress::builtin::source(id).expect("built-in"))
                .expect("valid");
            for &players in &sc.meta.players {
                let l =
                    hexpress::solve::solve(&sc, players, 5, &Default::default()).expect("solves");
                let c = canvas(&l, &settings, &Notes::default());
                let t0 = Instant::now();
                let t = plan(
                    &c,
                    settings.paper_mm(),
                    settings.sheets.margin,
                    settings.theme.sizes.overlap,
                );
                let dt = t0.elapsed();
                println!(
                    "{id:20} {players}p {paper:?}: {} sheets, {} slivers, clear {}, {:?}",
                    t.sheets(),
                    t.slivers,
                    t.cuts_clear,
                    dt
                );
            }
        }
    }
}
