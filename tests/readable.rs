//! The readable board picture (issue 22): on every built-in's overview page,
//! A4 and Letter, play and setup view, no sheet name lies on a number chip
//! or a harbor, and each name's text lies inside its box; no reduced page
//! carries a "scale 1:1" bar; and a board too large for a readable picture
//! on the chosen paper is refused before anything is written, naming what
//! helps.

use crate::support;

use hexpress::compose::map::cuts::plan;
use hexpress::compose::map::overview::overview;
use hexpress::compose::map::{canvas, Notes};
use hexpress::scene::{Item, Page, Rect, Transform};
use hexpress::settings::{Choices, Paper, Settings, View};
use support::{arg, expect_exit, names, run, scratch};

fn overlaps(a: Rect, b: Rect) -> bool {
    a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
}

/// Every text run of a page with its baseline point on the page.
fn runs(items: &[Item], t: Transform, out: &mut Vec<(String, f64, f64)>) {
    for i in items {
        match i {
            Item::Text { pos, text, .. } => {
                let p = t.apply(*pos);
                out.push((text.clone(), p.x, p.y));
            }
            Item::Group { transform, items, .. } => runs(items, transform.then(t), out),
            Item::Path { .. } => {}
        }
    }
}

fn page_runs(p: &Page) -> Vec<(String, f64, f64)> {
    let mut v = Vec::new();
    runs(&p.items, Transform::IDENTITY, &mut v);
    v
}

#[test]
fn overview_sheet_names_lie_on_no_chip_or_harbor() {
    let (mut names_checked, mut chips, mut harbors) = (0, 0, 0);
    for paper in [Paper::A4, Paper::Letter] {
        for view in [View::Play, View::Setup] {
            let choices = Choices { paper, view, ..Choices::default() };
            let settings = Settings::build(&choices).expect("settings");
            for id in hexpress::builtin::ids() {
                let sc = hexpress::model::load(&hexpress::builtin::source(id).expect("built-in"))
                    .expect("valid");
                for &players in &sc.meta.players {
                    let l = hexpress::solve::solve(&sc, players, 5, &Default::default())
                        .expect("solves");
                    let c = canvas(&l, &settings, &Notes::default());
                    let t = plan(
                        &c,
                        settings.paper_mm(),
                        settings.sheets.margin,
                        settings.theme.sizes.overlap,
                    );
                    let o = overview(&c, &l, &settings, &t);
                    let at = format!("{id} {players}p {paper:?} {view:?}");
                    assert!(o.flat >= 12.0, "{at}: hexes {} mm across", o.flat);
                    let texts = page_runs(&o.page);
                    for (name, b) in &o.labels {
                        for m in o.chips.iter().chain(&o.harbors) {
                            assert!(!overlaps(*b, *m), "{at}: {name} at {b:?} on {m:?}");
                        }
                        // The name drawn is inside its box.
                        let inside = texts.iter().any(|(s, x, y)| {
                            s == name && *x > b.x && *x < b.x + b.w && *y > b.y && *y <= b.y + b.h
                        });
                        assert!(inside, "{at}: {name} is not drawn in its box");
                        names_checked += 1;
                    }
                    for (i, (a, ra)) in o.labels.iter().enumerate() {
                        for (b, rb) in &o.labels[i + 1..] {
                            assert!(!overlaps(*ra, *rb), "{at}: {a} and {b} overlap");
                        }
                    }
                    chips += o.chips.len();
                    harbors += o.harbors.len();
                }
            }
        }
    }
    assert!(
        names_checked > 200 && chips > 1_000 && harbors > 100,
        "{names_checked} {chips} {harbors}"
    );
}

#[test]
fn only_pages_at_1_to_1_carry_a_1_to_1_scale_bar() {
    let settings = Settings::default();
    for id in hexpress::builtin::ids() {
        let sc = hexpress::model::load(&hexpress::builtin::source(id).expect("built-in"))
            .expect("valid");
        let l = hexpress::solve::solve(&sc, sc.meta.default_players, 5, &Default::default())
            .expect("solves");
        let job = hexpress::compose::job::print_job(&l, &sc, &settings, &Notes::default())
            .expect("composes");
        for (i, page) in job.pages.iter().enumerate() {
            let scale = page_runs(page).iter().any(|(s, ..)| s.starts_with("scale 1:1"));
            // The whole map at 1:1 (map.svg, preview.png) is the only one.
            let whole = job.file("map.svg").is_some_and(|f| f.pages == [i]);
            assert_eq!(scale, whole, "{id}: page {i} ({})", page.label);
        }
    }
}

#[test]
fn a_board_too_wide_to_picture_is_refused_before_writing() {
    // 17 across: readable on A3 only.
    let f = "tests/fixtures/wide-17.toml";
    let t = scratch("wide-a4");
    let o = run(&["generate", f, "--seed", "1", "--out", arg(t.path())]);
    let err = expect_exit(&o, 1, "17 across on A4");
    assert!(err.contains("17 hexes across") && err.contains("--paper a3"), "{err}");
    assert!(names(t.path()).is_empty(), "nothing written");
    let o = run(&["rules", f, "--seed", "1", "--out", arg(t.path())]);
    let err = expect_exit(&o, 1, "the handout alone");
    assert!(err.contains("--paper a3"), "{err}");
    let o = run(&["generate", f, "--seed", "1", "--paper", "a3", "-q", "--out", arg(t.path())]);
    expect_exit(&o, 0, "17 across on A3");
    assert!(names(t.path()).contains(&"print-pack.pdf".to_string()));
    // 31 across: no paper helps; fewer hexes across does.
    let t = scratch("wide-31");
    let f = "tests/fixtures/one-board.toml";
    let o = run(&["generate", f, "--seed", "1", "--paper", "a3", "--out", arg(t.path())]);
    let err = expect_exit(&o, 1, "31 across");
    assert!(err.contains("fewer hexes across") && !err.contains("--paper a3"), "{err}");
    assert!(names(t.path()).is_empty());
}
