//! Times each drawing step for one scenario (release build):
//! `cargo run --release --features probes --example render_timing -- [scenario] [players]`.
use std::time::Instant;

use hexpress::compose::{handout, map};
use hexpress::export::{pdf, png, svg, tree};
use hexpress::outputs::Notes;
use hexpress::settings::Settings;

fn main() {
    let id = std::env::args().nth(1).unwrap_or_else(|| "reach-catan".into());
    let players: u8 = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(4);
    let src = hexpress::builtin::source(&id).expect("built-in");
    let sc = hexpress::model::load(&src).expect("valid");
    let l = hexpress::solve::solve(&sc, players, 1, &Default::default()).expect("solves");
    let settings = Settings::default();
    let t = Instant::now();
    let c = map::canvas(&l, &settings, &Notes::default());
    let page = c.to_page();
    println!("compose map: {:?}", t.elapsed());
    let t = Instant::now();
    let svg = svg::page_to_svg(&page);
    println!("map svg: {:?} ({} KB)", t.elapsed(), svg.len() / 1024);
    let t = Instant::now();
    let (doc, _) = map::tiled(&c, &l, &settings);
    println!("tile map: {:?} ({} pages)", t.elapsed(), doc.pages.len());
    let t = Instant::now();
    for p in &doc.pages {
        tree::page_tree(p).expect("tree");
    }
    println!("usvg trees of map pages: {:?}", t.elapsed());
    let t = Instant::now();
    let bytes = pdf::document_to_pdf(&doc).expect("pdf");
    println!("map pdf (trees + krilla): {:?} ({} KB)", t.elapsed(), bytes.len() / 1024);
    let t = Instant::now();
    png::page_to_png(&page, 100.0).expect("png");
    println!("png 100 dpi: {:?}", t.elapsed());
    let t = Instant::now();
    let command = hexpress::recipe::Recipe::plain(&l).command();
    let map = handout::MapBlock { picture: &page, command: &command, lines: &[] };
    let h = handout::handout_document(&sc, &l, map, &settings).expect("handout");
    println!("handout layout: {:?} ({} pages)", t.elapsed(), h.pages.len());
    let t = Instant::now();
    pdf::document_to_pdf(&h).expect("rules pdf");
    for p in &h.pages {
        svg::page_to_svg(p);
    }
    println!("handout pdf+svg: {:?}", t.elapsed());
}
