//! No sheet wasted, and black and white means black and white (issue 22),
//! on rasters of the composed pages of every built-in's print job (every
//! player count, A4 and Letter):
//!
//! - every map sheet and component sheet (front or back) carries at least
//!   8 % ink: a pixel is ink when any channel is under 250 on white paper;
//!   only "intentionally blank" pages are exempt;
//! - with `--black-and-white`, no pixel of any page of any file has
//!   channels that differ, and no colour in the IR is anything but a grey.

use crate::common;
use hexpress::compose::job::print_job;
use hexpress::outputs::Notes;
use hexpress::scene::{Item, Page};
use hexpress::settings::{Choices, Paper, Settings};
use resvg::tiny_skia;

/// Pixels per mm of the rasters.
const PX: f32 = 1.0;

/// `page` rendered on white paper.
fn raster(page: &Page) -> tiny_skia::Pixmap {
    let tree = hexpress::export::tree::page_tree(page).expect("tree");
    let (w, h) = ((page.width as f32 * PX).ceil() as u32, (page.height as f32 * PX).ceil() as u32);
    let mut pm = tiny_skia::Pixmap::new(w.max(1), h.max(1)).expect("pixmap");
    pm.fill(tiny_skia::Color::WHITE);
    let size = tree.size();
    let ts = tiny_skia::Transform::from_scale(
        page.width as f32 * PX / size.width(),
        page.height as f32 * PX / size.height(),
    );
    resvg::render(&tree, ts, &mut pm.as_mut());
    pm
}

/// The share of a page's pixels that carry ink.
fn ink(page: &Page) -> f64 {
    let pm = raster(page);
    let n =
        pm.pixels().iter().filter(|p| p.red() < 250 || p.green() < 250 || p.blue() < 250).count();
    n as f64 / pm.pixels().len() as f64
}

/// Whether a page is a map sheet (A1, B12) or a component sheet (front or back).
fn is_sheet(p: &Page) -> bool {
    let mut c = p.label.chars();
    let map = c.next().is_some_and(|f| f.is_ascii_uppercase())
        && !c.as_str().is_empty()
        && c.as_str().chars().all(|d| d.is_ascii_digit());
    map || p.label.starts_with("sheet ")
}

fn builtins() -> Vec<(String, hexpress::model::Scenario)> {
    hexpress::builtin::ids()
        .map(|id| {
            let src = hexpress::builtin::source(id).expect("built-in");
            (id.to_string(), hexpress::model::load(&src).expect("valid"))
        })
        .collect()
}

#[test]
fn every_map_and_component_sheet_carries_at_least_8_percent_ink() {
    let mut problems = Vec::new();
    let mut sheets = 0;
    for paper in [Paper::A4, Paper::Letter] {
        let settings = Settings::build(&Choices { paper, ..Choices::default() }).expect("settings");
        for (id, sc) in builtins() {
            for &players in &sc.meta.players {
                let l =
                    hexpress::solve::solve(&sc, players, 5, &Default::default()).expect("solves");
                let job = print_job(&l, &sc, &settings, &Notes::default()).expect("composes");
                let pack = job.file("print-pack.pdf").expect("a print pack");
                for &i in &pack.pages {
                    let page = &job.pages[i];
                    if !is_sheet(page) {
                        continue;
                    }
                    let share = ink(page);
                    if share < 0.08 {
                        problems.push(format!(
                            "{id} {players}p {paper:?} {}: {:.1} % ink",
                            page.label,
                            100.0 * share
                        ));
                    }
                    sheets += 1;
                }
            }
        }
    }
    assert!(problems.is_empty(), "{} sheets under 8 %:\n{}", problems.len(), problems.join("\n"));
    assert!(sheets > 300, "{sheets} sheets measured");
}

fn colours(items: &[Item], out: &mut Vec<hexpress::scene::Color>) {
    for i in items {
        match i {
            Item::Path { fill, stroke, .. } => {
                out.extend(fill);
                out.extend(stroke.as_ref().map(|s| s.color));
            }
            Item::Text { style, .. } => out.push(style.color),
            Item::Group { items, .. } => colours(items, out),
        }
    }
}

#[test]
fn black_and_white_pages_hold_no_coloured_pixel() {
    let mut pages = 0;
    for paper in [Paper::A4, Paper::Letter] {
        let choices = Choices { paper, black_and_white: true, ..Choices::default() };
        let settings = Settings::build(&choices).expect("settings");
        for (id, sc) in builtins() {
            let players = sc.meta.default_players;
            let l = hexpress::solve::solve(&sc, players, 5, &Default::default()).expect("solves");
            let job = print_job(&l, &sc, &settings, &Notes::default()).expect("composes");
            for (i, page) in job.pages.iter().enumerate() {
                let at = format!("{id} {paper:?} page {i} ({})", page.label);
                let mut cs = Vec::new();
                colours(&page.items, &mut cs);
                assert!(cs.iter().all(|c| c.is_grey()), "{at}: colour in the IR");
                let pm = raster(page);
                let coloured = pm
                    .pixels()
                    .iter()
                    .filter(|p| p.red() != p.green() || p.green() != p.blue())
                    .count();
                assert_eq!(coloured, 0, "{at}: {coloured} coloured pixels");
                pages += 1;
            }
            // The files the job writes are encoded from these pages only.
            let png = common::encode_file(job.view(), "preview.png");
            let img = resvg::tiny_skia::Pixmap::decode_png(&png).expect("png");
            let coloured =
                img.pixels().iter().filter(|p| p.red() != p.green() || p.green() != p.blue());
            assert_eq!(coloured.count(), 0, "{id} {paper:?} preview.png");
        }
    }
    assert!(pages > 200, "{pages} pages");
}
