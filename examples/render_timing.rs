//! Times each drawing step for one scenario (release build):
//! `cargo run --release --example render_timing -- [scenario] [players]`.
use std::time::Instant;

use hexpress::export::{map, pdf, png, rules, tree, RenderOptions};

fn main() {
    let id = std::env::args().nth(1).unwrap_or_else(|| "reach-catan".into());
    let players: u8 = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(4);
    let src = hexpress::builtin::source(&id).expect("built-in");
    let sc = hexpress::model::load(&src).expect("valid");
    let l = hexpress::solve::solve(&sc, players, 1, &Default::default()).expect("solves");
    let opts = RenderOptions::default();
    let theme = map::theme_for(&opts).expect("theme");
    let t = Instant::now();
    let c = map::canvas(&l, &theme, &opts);
    let page = c.to_page();
    println!("compose map: {:?}", t.elapsed());
    let t = Instant::now();
    let svg = hexpress::render::svg::page_to_svg(&page);
    println!("map svg: {:?} ({} KB)", t.elapsed(), svg.len() / 1024);
    let t = Instant::now();
    let (doc, _) = map::map_document(&l, &opts).expect("tiles");
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
    let h = rules::handout_document(&sc, &l, &opts).expect("handout");
    println!("handout layout: {:?} ({} pages)", t.elapsed(), h.pages.len());
    let t = Instant::now();
    rules::rules_files(&h).expect("rules files");
    println!("handout pdf+svg: {:?}", t.elapsed());
}
