//! Render timings: the map of the largest built-in scenario as SVG + PDF, and
//! with the PNG preview at 100 dpi. Run with `cargo bench --bench render`.

use hexpress::outputs::{self, Notes};
use hexpress::settings::{Choices, Formats, Settings};
use hexpress::solve::Layout;

fn main() {
    divan::main();
}

/// The built-in scenario with the most hexes, solved once.
fn largest() -> Layout {
    let mut best: Option<Layout> = None;
    for id in hexpress::builtin::ids() {
        let Some(src) = hexpress::builtin::source(id) else { continue };
        let Ok(sc) = hexpress::model::load(&src) else { continue };
        for players in [3u8, 4, 5, 6] {
            if let Ok(l) = hexpress::solve::solve(&sc, players, 1, &Default::default()) {
                if best.as_ref().is_none_or(|b| l.hexes.len() > b.hexes.len()) {
                    best = Some(l);
                }
            }
        }
    }
    best.expect("a built-in scenario solves")
}

#[divan::bench(sample_count = 20)]
fn map_svg_pdf(b: divan::Bencher) {
    let l = largest();
    let choices =
        Choices { formats: Formats { svg: true, pdf: true, png: false }, ..Choices::default() };
    let settings = Settings::build(&choices).expect("settings");
    b.bench(|| outputs::map(divan::black_box(&l), &settings, &Notes::default()).expect("renders"));
}

#[divan::bench(sample_count = 10)]
fn map_svg_pdf_png_100dpi(b: divan::Bencher) {
    let l = largest();
    let settings = Settings::default();
    b.bench(|| outputs::map(divan::black_box(&l), &settings, &Notes::default()).expect("renders"));
}

/// Everything `generate` draws for the largest built-in scenario: map SVG,
/// tiled map PDF, PNG preview at 100 dpi, rules handout (PDF + SVG pages),
/// components PDF and the whole print pack. Target: under 150 ms.
#[divan::bench(sample_count = 10)]
fn whole_print_pack(b: divan::Bencher) {
    let l = largest();
    let src = hexpress::builtin::source(&l.scenario).expect("built-in");
    let sc = hexpress::model::load(&src).expect("valid");
    let settings = Settings::default();
    b.bench(|| {
        outputs::all(divan::black_box(&l), &sc, &settings, &Notes::default()).expect("renders")
    });
}

/// The composing share of `whole_print_pack`: every page of the job
/// composed once (map, handout, pieces and cards imposed, calibration,
/// builder's sheet, the plan laid out until it settles), nothing encoded.
#[divan::bench(sample_count = 10)]
fn compose_print_job(b: divan::Bencher) {
    let l = largest();
    let src = hexpress::builtin::source(&l.scenario).expect("built-in");
    let sc = hexpress::model::load(&src).expect("valid");
    let settings = Settings::default();
    b.bench(|| {
        hexpress::compose::job::print_job(divan::black_box(&l), &sc, &settings, &Notes::default())
            .expect("composes")
    });
}

/// The print plan's own share of `whole_print_pack`: its two pages laid
/// out and `print-plan.txt` written, from the plan of the same job.
#[divan::bench(sample_count = 20)]
fn print_plan_pages_and_text(b: divan::Bencher) {
    let l = largest();
    let src = hexpress::builtin::source(&l.scenario).expect("built-in");
    let sc = hexpress::model::load(&src).expect("valid");
    let settings = Settings::default();
    let job =
        hexpress::compose::job::print_job(&l, &sc, &settings, &Notes::default()).expect("composes");
    let plan = job.plan.expect("a plan");
    b.bench(|| {
        let pages = hexpress::compose::plan::pages::plan_pages(divan::black_box(&plan), &settings)
            .expect("lays out");
        (pages, hexpress::compose::plan::text::plan_text(&plan))
    });
}

/// The tiling search alone (`compose::map::cuts::plan`: orientations, offsets,
/// slivers and loose pieces) for every built-in's map on A4 and on Letter:
/// 16 maps per iteration. Target: under 20 ms per map.
#[divan::bench(sample_count = 10)]
fn tiling_search_16_maps(b: divan::Bencher) {
    use hexpress::compose::map::canvas;
    use hexpress::settings::Paper;
    let mut cases = Vec::new();
    for paper in [Paper::A4, Paper::Letter] {
        let settings = Settings::build(&Choices { paper, ..Choices::default() }).expect("settings");
        for id in hexpress::builtin::ids() {
            let src = hexpress::builtin::source(id).expect("built-in");
            let sc = hexpress::model::load(&src).expect("valid");
            let l = hexpress::solve::solve(&sc, sc.meta.default_players, 1, &Default::default())
                .expect("solves");
            let c = canvas(&l, &settings, &Notes::default());
            cases.push((c, settings.clone()));
        }
    }
    b.bench(|| {
        for (c, s) in &cases {
            divan::black_box(hexpress::compose::map::cuts::plan(
                c,
                s.paper_mm(),
                s.sheets.margin,
                s.theme.sizes.overlap,
            ));
        }
    });
}
