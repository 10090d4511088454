//! Writes map.svg, map.pdf and preview.png for a built-in scenario to /tmp/hx-map-<id>/.
use hexpress::outputs::{self, Notes};
use hexpress::settings::{Choices, Settings, View};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let id = args.get(1).map(String::as_str).unwrap_or("base");
    let players: u8 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(4);
    let seed: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let view = args.get(4).and_then(|s| View::from_name(s)).unwrap_or(View::Play);
    let src = hexpress::builtin::source(id).expect("builtin");
    let sc = hexpress::model::load(&src).expect("loads");
    let layout = hexpress::solve::solve(&sc, players, seed, &Default::default()).expect("solves");
    let choices = Choices {
        view,
        labels: args.iter().any(|a| a == "labels"),
        black_and_white: args.iter().any(|a| a == "bw"),
        ink_saver: args.iter().any(|a| a == "ink"),
        ..Choices::default()
    };
    let settings = Settings::build(&choices).expect("settings");
    let t = std::time::Instant::now();
    let f = outputs::map(&layout, &settings, &Notes::default()).expect("renders");
    eprintln!("{} sheets, cuts clear: {}, {:?}", f.sheets, f.cuts_clear, t.elapsed());
    let dir = format!("/tmp/hx-map-{id}");
    std::fs::create_dir_all(&dir).expect("write");
    std::fs::write(format!("{dir}/map.svg"), f.svg.expect("write")).expect("write");
    std::fs::write(format!("{dir}/map.pdf"), f.pdf.expect("write")).expect("write");
    std::fs::write(format!("{dir}/preview.png"), f.png.expect("write")).expect("write");
}
