//! The builder's sheet for hidden setups: the print pack holds one page with
//! the true contents of every face-down region (its tiles and chip stack
//! order), the setup-view map marks every face-down tile, and nothing the
//! players see (handout, play-view map) gives a stack order or the sheet
//! away. PDFs are read back with a PDF reader (lopdf).

use hexpress::compose::art::FACE_DOWN_MARK;
use hexpress::compose::plan::builder::{BUILDER_HEADING, STACK_LEAD};
use hexpress::model::Scenario;
use hexpress::outputs::Notes;
use hexpress::settings::{Settings, View};
use hexpress::solve::{solve, Layout};
use lopdf::Document;

/// Every built-in with a face-down region, solved at its first player count.
fn hidden_setups() -> Vec<(String, Scenario, Layout)> {
    let mut out = Vec::new();
    for id in hexpress::builtin::ids() {
        let src = hexpress::builtin::source(id).expect("built-in");
        let sc = hexpress::model::load(&src).expect("valid");
        let players = sc.meta.players[0];
        let l = solve(&sc, players, 5, &Default::default()).expect("solves");
        if l.regions.iter().any(|r| r.face_down) {
            out.push((id.to_string(), sc, l));
        }
    }
    out
}

/// Every file but the PNG preview, which no check here reads.
fn files(l: &Layout, sc: &Scenario, settings: &Settings) -> Vec<(String, Vec<u8>)> {
    let formats = hexpress::settings::Formats { png: false, ..settings.formats };
    let settings = Settings { formats, ..settings.clone() };
    hexpress::outputs::all(l, sc, &settings, &Notes::default()).expect("outputs")
}

fn file<'a>(files: &'a [(String, Vec<u8>)], name: &str) -> &'a [u8] {
    &files.iter().find(|f| f.0 == name).unwrap_or_else(|| panic!("{name} missing")).1
}

/// The text of every page of a PDF, read back.
fn pdf_pages(bytes: &[u8]) -> Vec<String> {
    let doc = Document::load_mem(bytes).expect("a PDF");
    let n = doc.get_pages().len() as u32;
    (1..=n).map(|p| doc.extract_text(&[p]).expect("text")).collect()
}

/// "Chip stack, top first: 5 · 8 · 4" for a region's stack.
fn stack_line(stack: &[u8]) -> String {
    let s: Vec<String> = stack.iter().map(u8::to_string).collect();
    format!("{STACK_LEAD} {}", s.join(" · "))
}

/// The "sheet N of M" of a page's footer (not of a map sheet's label).
fn sheet_number(text: &str) -> Option<(usize, usize)> {
    text.match_indices("sheet ").find_map(|(i, _)| {
        let (n, rest) = text[i + 6..].split_once(" of ")?;
        let m: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let after = &rest[m.len()..];
        let footer = after.starts_with(" · print") || after.starts_with(" (back)");
        footer.then_some((n.trim().parse().ok()?, m.parse().ok()?))
    })
}

#[test]
fn the_pack_holds_one_builders_sheet_with_every_stack_in_order() {
    let setups = hidden_setups();
    assert!(setups.len() >= 3, "only {} built-ins with face-down regions", setups.len());
    for (id, sc, l) in &setups {
        let out = files(l, sc, &Settings::default());
        let pack = pdf_pages(file(&out, "print-pack.pdf"));
        let sheets: Vec<&String> = pack.iter().filter(|t| t.contains(BUILDER_HEADING)).collect();
        assert_eq!(sheets.len(), 1, "{id}: builder's sheets in the pack");
        // Its footer numbers it like every other sheet: the last of the pack.
        let (n, m) = sheet_number(sheets[0]).unwrap_or_else(|| panic!("{id}: no sheet number"));
        assert!(n == m && n > 1, "{id}: the builder's sheet is sheet {n} of {m}");
        let numbers: Vec<(usize, usize)> = pack.iter().filter_map(|t| sheet_number(t)).collect();
        assert!(numbers.iter().all(|&(_, total)| total == m), "{id}: totals {numbers:?}");
        for r in l.regions.iter().filter(|r| r.face_down && !r.chip_stack.is_empty()) {
            assert!(sheets[0].contains(&r.name), "{id}: region {} not named", r.name);
            let line = stack_line(&r.chip_stack);
            assert!(sheets[0].contains(&line), "{id}: {line:?} not on the builder's sheet");
        }
        // Only that page tells a stack order.
        let told = pack.iter().filter(|t| t.contains(STACK_LEAD)).count();
        assert_eq!(told, 1, "{id}: pages of the pack giving a stack order");
        for name in ["rules.pdf", "map.pdf"] {
            for (i, t) in pdf_pages(file(&out, name)).iter().enumerate() {
                assert!(!t.contains(STACK_LEAD), "{id} {name} p{}: a stack order", i + 1);
                assert!(
                    !t.contains(BUILDER_HEADING),
                    "{id} {name} p{}: the builder's sheet",
                    i + 1
                );
            }
        }
    }
}

#[test]
fn boards_without_face_down_tiles_get_no_builders_sheet() {
    let src = hexpress::builtin::source("base").expect("built-in");
    let sc = hexpress::model::load(&src).expect("valid");
    let l = solve(&sc, 4, 5, &Default::default()).expect("solves");
    assert!(!l.hexes.iter().any(|h| h.face_down));
    let out = files(&l, &sc, &Settings::default());
    let pack = pdf_pages(file(&out, "print-pack.pdf"));
    assert!(pack.iter().all(|t| !t.contains(BUILDER_HEADING)));
}

#[test]
fn the_setup_view_marks_every_face_down_tile_and_the_play_view_none() {
    for (id, sc, l) in hidden_setups() {
        let face_down = l.hexes.iter().filter(|h| h.face_down).count();
        assert!(face_down > 0, "{id}");
        // map.svg alone: no PDF is drawn.
        let formats = hexpress::settings::Formats { svg: true, pdf: false, png: false };
        let setup = Settings { view: View::Setup, formats, ..Settings::default() };
        let svg = String::from_utf8(file(&files(&l, &sc, &setup), "map.svg").to_vec()).unwrap();
        let marks = svg.matches(&format!(">{FACE_DOWN_MARK}<")).count();
        assert_eq!(marks, face_down, "{id}: face-down marks in the setup view");
        let play = files(&l, &sc, &Settings { formats, ..Settings::default() });
        let svg = String::from_utf8(file(&play, "map.svg").to_vec()).unwrap();
        assert_eq!(svg.matches(FACE_DOWN_MARK).count(), 0, "{id}: marks in the play view");
    }
}

#[test]
fn a_setup_view_run_still_gives_the_players_a_play_view_handout() {
    // The handout pictures the map as players see it, whatever the view asked
    // for the map itself: its bytes match the play-view run's.
    for (id, sc, l) in hidden_setups() {
        let setup = Settings { view: View::Setup, ..Settings::default() };
        let a = files(&l, &sc, &setup);
        let b = files(&l, &sc, &Settings::default());
        assert!(file(&a, "map.svg") != file(&b, "map.svg"), "{id}: the views must differ");
        assert!(file(&a, "rules.pdf") == file(&b, "rules.pdf"), "{id}: setup view leaks");
    }
}
