//! Reference cards and the rules handout: both drawn from the scenario's
//! tables, fitted inside their text areas, and stable (golden text).

use crate::common;

use hexpress::compose::cards::{reference_cards, text_area, SIZES};
use hexpress::compose::flow::PageSpec;
use hexpress::compose::handout::{handout_pages, handout_spec};
use hexpress::compose::pieces::piece::{Piece, PieceSet};
use hexpress::compose::pieces::theme_art::ThemeArt;
use hexpress::diag::{render, Source};
use hexpress::fonts::{text_width, vmetrics};
use hexpress::model::{load, Scenario};
use hexpress::scene::{Anchor, Item, Page, Rect};
use hexpress::settings::sheets::SheetOptions;
use hexpress::settings::Settings;
use hexpress::solve::{solve, Layout, SolveOptions};
use hexpress::theme::{Mode, Theme};

const FIXTURE: &str = include_str!("data/rules-gold.toml");
const ROAD: &str = "item = \"Road\"\ncost = { lumber = 1, brick = 1, gold = 1 }";

fn scenario(text: &str) -> Scenario {
    let src = Source::new("rules-gold.toml", text.to_string());
    load(&src).unwrap_or_else(|d| panic!("{}", render(&src, &d)))
}

fn layout(s: &Scenario, players: u8, seed: u64) -> Layout {
    solve(s, players, seed, &SolveOptions::default()).expect("solvable")
}

fn cards(s: &Scenario, players: u8, w: f64, h: f64) -> Vec<PieceSet> {
    let theme = Theme::builtin();
    let art = ThemeArt { theme: &theme, mode: Mode::Colour };
    reference_cards(s, players, w, h, &art).expect("cards lay out")
}

/// Every text run of `items`, groups included, in drawing order.
fn texts(items: &[Item], out: &mut Vec<String>) {
    for it in items {
        match it {
            Item::Text { text, .. } => out.push(text.clone()),
            Item::Group { items, .. } => texts(items, out),
            Item::Path { .. } => {}
        }
    }
}

fn piece_texts(p: &Piece) -> Vec<String> {
    let mut v = Vec::new();
    texts(&p.front, &mut v);
    v
}

/// The top-level text runs of handout pages (the map picture's labels,
/// inside its group, are left out), one line per run, pages marked.
fn page_texts(pages: &[Page]) -> String {
    let mut out = String::new();
    for (i, p) in pages.iter().enumerate() {
        out.push_str(&format!("--- page {} ---\n", i + 1));
        for it in &p.items {
            if let Item::Text { text, .. } = it {
                out.push_str(text);
                out.push('\n');
            }
        }
    }
    out
}

fn handout(s: &Scenario, l: &Layout) -> Vec<Page> {
    common::handout(s, l, &Settings::default())
}

/// The box a text run's glyphs can occupy: advance width by the font's
/// ascender and descender.
fn ink_box(item: &Item) -> Option<Rect> {
    let Item::Text { pos, text, style } = item else { return None };
    let w = text_width(text, style.weight, style.size);
    let x = match style.anchor {
        Anchor::Start => pos.x,
        Anchor::Middle => pos.x - w / 2.0,
        Anchor::End => pos.x - w,
    };
    let vm = vmetrics();
    let top = pos.y - vm.ascent * style.size;
    Some(Rect::new(x, top, w, (vm.ascent + vm.descent) * style.size))
}

fn inside(r: Rect, area: Rect) -> bool {
    let e = 1e-6;
    r.x >= area.x - e
        && r.y >= area.y - e
        && r.x + r.w <= area.x + area.w + e
        && r.y + r.h <= area.y + area.h + e
}

/// Asserts every top-level text run of `items` lies inside `area`.
fn assert_texts_inside(items: &[Item], area: Rect, what: &str) -> usize {
    let mut n = 0;
    for it in items {
        if let Some(b) = ink_box(it) {
            assert!(inside(b, area), "{what}: {it:?} ({b:?}) runs outside {area:?}");
            n += 1;
        }
    }
    n
}

#[test]
fn changing_a_cost_changes_the_card_and_the_handout() {
    let before = scenario(FIXTURE);
    let text = FIXTURE.replace(ROAD, &ROAD.replace("gold = 1", "gold = 4"));
    assert_ne!(text, FIXTURE, "the fixture holds the Road row");
    let after = scenario(&text);

    let costs_card = |s: &Scenario| {
        let sets = cards(s, 4, 63.0, 88.0);
        let p = sets[0].pieces.iter().find(|p| p.name == "reference card: Building costs");
        piece_texts(p.expect("a building costs card"))
    };
    let (a, b) = (costs_card(&before), costs_card(&after));
    assert!(a.contains(&"Road".to_string()), "{a:?}");
    // The Road's gold coin reads 1 before and 4 after; nothing else changes.
    assert!(!a.contains(&"4".to_string()) && b.contains(&"4".to_string()), "{a:?}\n{b:?}");
    assert_eq!(a.iter().filter(|t| *t == "1").count(), b.iter().filter(|t| *t == "1").count() + 1);
    assert_eq!(a.len(), b.len());

    let l = layout(&before, 4, 7);
    let ha = page_texts(&handout(&before, &l));
    let hb = page_texts(&handout(&after, &layout(&after, 4, 7)));
    assert!(ha.contains("Road\n1 lumber, 1 brick, 1 gold\n"), "{ha}");
    assert!(hb.contains("Road\n1 lumber, 1 brick, 4 gold\n"), "{hb}");
    assert!(!hb.contains("1 lumber, 1 brick, 1 gold"));
}

#[test]
fn handout_text_matches_the_golden_file() {
    let s = scenario(FIXTURE);
    let l = layout(&s, 4, 7);
    let pages = handout(&s, &l);
    assert!(pages.len() >= 2, "the fixture needs several pages");
    common::check_golden("tests/ref/rules/rules-gold.txt", &page_texts(&pages));
}

#[test]
fn handout_pdf_holds_the_laid_out_text() {
    let s = scenario(FIXTURE);
    let l = layout(&s, 4, 7);
    let pages = common::handout(&s, &l, &Settings::default());
    let notes = hexpress::outputs::Notes::default();
    let files = hexpress::outputs::rules(&s, &l, &Settings::default(), &notes).unwrap();
    assert_eq!(files[0].0, "rules.pdf");
    assert!(files[0].1.starts_with(b"%PDF"));
    assert_eq!(files.len(), pages.len() + 1, "rules.pdf and one SVG per page");
    // Extracting text from the PDF needs a PDF reader; poppler's pdftotext
    // is used when installed (the check is skipped otherwise).
    let dir = std::env::temp_dir().join(format!("hexpress-rules-pdf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pdf = dir.join("rules.pdf");
    std::fs::write(&pdf, &files[0].1).unwrap();
    let out = std::process::Command::new("pdftotext").arg(&pdf).arg("-").output();
    std::fs::remove_dir_all(&dir).ok();
    let Ok(out) = out else {
        eprintln!("pdftotext not installed: PDF text not checked");
        return;
    };
    assert!(out.status.success(), "pdftotext failed");
    let squash = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let extracted = squash(&String::from_utf8_lossy(&out.stdout));
    let runs = page_texts(&pages);
    let mut checked = 0;
    for line in runs.lines().filter(|l| !l.starts_with("--- page")) {
        assert!(extracted.contains(&squash(line)), "{line:?} is not in the PDF's text");
        checked += 1;
    }
    assert!(checked > 100, "{checked}");
    // Page numbers run through in order.
    let n = pages.len();
    assert!(extracted.contains(&format!("page {n} of {n}")), "{extracted}");
}

#[test]
fn every_text_run_lies_inside_its_text_area() {
    let s = scenario(FIXTURE);
    for (w, h) in [(63.0, 88.0), (44.0, 68.0)] {
        let sets = cards(&s, 4, w, h);
        let area = text_area(w, h);
        let mut n = 0;
        for p in &sets[0].pieces {
            n += assert_texts_inside(&p.front, area, &p.name);
            n += assert_texts_inside(p.back.as_deref().unwrap_or(&[]), area, &p.name);
        }
        assert!(n > 40, "{n} runs checked on {w} x {h} cards");
    }
    let l = layout(&s, 4, 7);
    let a4 = SheetOptions::default().with_paper("a4").unwrap();
    let letter = SheetOptions::default().with_paper("letter").unwrap();
    for spec in [handout_spec(&l, &a4), handout_spec(&l, &letter)] {
        let pages = handout_pages(&s, &l, None, &spec).unwrap();
        check_handout_pages(&pages, &spec);
    }
    let pages = handout(&s, &l);
    check_handout_pages(&pages, &handout_spec(&l, &SheetOptions::default()));
}

fn check_handout_pages(pages: &[Page], spec: &PageSpec) {
    let body =
        Rect::new(spec.left(), spec.top(), spec.right() - spec.left(), spec.bottom() - spec.top());
    // The footer sits below the text area, within the side margins and on the page.
    let foot = Rect::new(spec.left(), spec.bottom(), body.w, spec.margins.bottom - 3.0);
    for (i, p) in pages.iter().enumerate() {
        let mut footer = 0;
        for it in &p.items {
            let Some(b) = ink_box(it) else { continue };
            if b.y >= spec.bottom() {
                assert!(inside(b, foot), "page {}: footer {it:?} outside {foot:?}", i + 1);
                footer += 1;
            } else {
                assert!(inside(b, body), "page {}: {it:?} ({b:?}) outside {body:?}", i + 1);
            }
        }
        assert!(footer >= 1, "page {} has no footer", i + 1);
    }
}

fn long_table(rows: usize) -> String {
    let mut t = String::from(
        "\n[[tables]]\nid = \"long\"\ntitle = \"A long table\"\ncolumns = [\"Roll\", \"What happens\"]\nrows = [\n",
    );
    for i in 1..=rows {
        t.push_str(&format!(
            "  [\"Row{i}\", \"Something happens to every player with a coastal town\"],\n"
        ));
    }
    t.push_str("]\n");
    FIXTURE.replace(
        "\n[[tables]]\nid = \"gold-income\"",
        &format!("{t}\n[[tables]]\nid = \"gold-income\""),
    )
}

fn long_cards(rows: usize) -> Vec<Piece> {
    let s = scenario(&long_table(rows));
    let sets = cards(&s, 3, 63.0, 88.0);
    sets[0].pieces.iter().filter(|p| p.name.contains("A long table")).cloned().collect()
}

/// The largest text size on a card apart from its title.
fn body_size(p: &Piece) -> f64 {
    let mut sizes: Vec<f64> = p
        .front
        .iter()
        .filter_map(|it| match it {
            Item::Text { text, style, .. } if text.starts_with("Row") => Some(style.size),
            _ => None,
        })
        .collect();
    sizes.sort_by(f64::total_cmp);
    *sizes.last().expect("rows on the card")
}

#[test]
fn long_tables_shrink_then_split_across_cards() {
    let short = long_cards(2);
    assert_eq!(short.len(), 1);
    assert_eq!(body_size(&short[0]), SIZES[0]);
    // More rows: the text gets smaller before the table is split.
    let mut shrunk = None;
    for n in 3..30 {
        let c = long_cards(n);
        if c.len() > 1 {
            break;
        }
        if body_size(&c[0]) < SIZES[0] {
            shrunk = Some((n, body_size(&c[0])));
        }
    }
    let (n, size) = shrunk.expect("some length shrinks the text on one card");
    assert!(size >= SIZES[SIZES.len() - 1], "{n} rows at {size}");
    // Far too many rows: several cards, each row once, all inside the text area.
    let split = long_cards(40);
    assert!(split.len() >= 3, "{}", split.len());
    let k = split.len();
    for (i, p) in split.iter().enumerate() {
        assert!(p.name.ends_with(&format!("({}/{k})", i + 1)), "{}", p.name);
        assert_texts_inside(&p.front, text_area(63.0, 88.0), &p.name);
    }
    let all: Vec<String> = split.iter().flat_map(piece_texts).collect();
    for i in 1..=40 {
        let label = format!("Row{i}");
        assert_eq!(all.iter().filter(|t| **t == label).count(), 1, "{label}");
    }
}

#[test]
fn card_counts_follow_the_tables() {
    let s = scenario(FIXTURE);
    let sets = cards(&s, 3, 63.0, 88.0);
    let names: Vec<(&str, u32)> =
        sets[0].pieces.iter().map(|p| (p.name.as_str(), p.count)).collect();
    assert_eq!(
        names,
        [
            ("reference card: Building costs", 3),
            ("reference card: Trade ratios", 1),
            ("reference card: Gold income", 3),
        ],
        "the ships table has card = false"
    );
    assert!(sets[0].pieces.iter().all(|p| p.back.is_some()));
    // A scenario without tables has no cards...
    let bare = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/two-maps.toml"
    ))
    .expect("fixture");
    assert!(cards(&scenario(&bare), 4, 63.0, 88.0).is_empty());
    // ...and the base game, which has its costs and trades, has cards.
    assert!(!cards(&common::builtin("base"), 4, 63.0, 88.0).is_empty());
}

#[test]
fn every_builtin_scenario_has_a_handout() {
    for id in hexpress::builtin::ids() {
        let s = common::builtin(id);
        let players = s.meta.default_players;
        let l = layout(&s, players, 1);
        let pages = handout(&s, &l);
        assert!(!pages.is_empty(), "{id}");
        let text = page_texts(&pages);
        assert!(text.contains(&s.meta.title), "{id}");
        assert!(text.contains("seed 1"), "{id}");
        cards(&s, players, 63.0, 88.0);
    }
}

#[test]
fn rules_command_writes_the_handout() {
    let dir = std::env::temp_dir().join(format!("hexpress-rules-cli-{}", std::process::id()));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hexpress"))
        .args(["rules", "gold-for-catan", "--players", "3", "--seed", "5", "--paper", "letter"])
        .arg("--out")
        .arg(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let pdf = std::fs::read(dir.join("rules.pdf")).unwrap();
    assert!(pdf.starts_with(b"%PDF"));
    let svg = std::fs::read_to_string(dir.join("rules-1.svg")).unwrap();
    assert!(svg.contains("215.9mm") || svg.contains("215.9"), "letter paper");
    assert!(String::from_utf8_lossy(&out.stdout).contains("rules.pdf"));
    std::fs::remove_dir_all(&dir).ok();
}
