//! Where a page tree's time goes: the full map SVG parsed with and without
//! its text. `cargo run --release --features probes --example tree_cost`.
use std::time::Instant;

fn main() {
    let src = hexpress::builtin::source("reach-catan").expect("built-in");
    let sc = hexpress::model::load(&src).expect("valid");
    let l = hexpress::solve::solve(&sc, 4, 1, &Default::default()).expect("solves");
    let settings = hexpress::settings::Settings::default();
    let notes = hexpress::outputs::Notes::default();
    let page = hexpress::compose::map::canvas(&l, &settings, &notes).to_page();
    let svg = hexpress::export::svg::page_to_svg(&page);
    let no_text: String =
        svg.lines().filter(|l| !l.trim_start().starts_with("<text")).collect::<Vec<_>>().join("\n");
    let texts = svg.lines().filter(|l| l.trim_start().starts_with("<text")).count();
    for (name, s) in [("with text", &svg), ("without text", &no_text)] {
        let t = Instant::now();
        for _ in 0..10 {
            hexpress::export::tree::parse_svg(s, "map").expect("parses");
        }
        println!("{name}: {:?} per parse", t.elapsed() / 10);
    }
    println!("{texts} text elements");
}
