//! Reference-card text at print size: nothing on a card prints under the
//! body floor (8 pt); a table that does not fit at the floor continues on
//! more cards, split by columns when it is too wide and by rows when it is
//! too long, and every cell still prints once.

use hexpress::compose::cards::{reference_cards, text_area, MIN_SIZE};
use hexpress::compose::pieces::piece::Piece;
use hexpress::compose::pieces::theme_art::ThemeArt;
use hexpress::diag::{render, Source};
use hexpress::model::{load, Scenario};
use hexpress::scene::{Item, TextRole};
use hexpress::theme::{Mode, Theme};

const FIXTURE: &str = include_str!("data/rules-gold.toml");
const SIZES: [(f64, f64); 2] = [(63.0, 88.0), (44.0, 68.0)];

fn scenario(name: &str, text: &str) -> Scenario {
    let src = Source::new(name, text.to_string());
    load(&src).unwrap_or_else(|d| panic!("{}", render(&src, &d)))
}

fn cards(s: &Scenario, players: u8, w: f64, h: f64) -> Vec<Piece> {
    let theme = Theme::builtin();
    let art = ThemeArt { theme: &theme, mode: Mode::Colour };
    let sets = reference_cards(s, players, w, h, &art).expect("cards lay out");
    sets.into_iter().flat_map(|s| s.pieces).collect()
}

/// Every text run under `items` with its size at the scale `k` of its groups.
fn runs(items: &[Item], k: f64, out: &mut Vec<(String, f64)>) {
    for it in items {
        match it {
            Item::Text { text, style, .. } => out.push((text.clone(), style.size * k)),
            Item::Group { transform, items, .. } => {
                let [a, b, c, d, _, _] = transform.m;
                runs(items, k * (a * d - b * c).abs().sqrt(), out);
            }
            Item::Path { .. } => {}
        }
    }
}

fn face_runs(p: &Piece) -> Vec<(String, f64)> {
    let mut v = Vec::new();
    runs(&p.front, 1.0, &mut v);
    runs(p.back.as_deref().unwrap_or(&[]), 1.0, &mut v);
    v
}

/// A fixture with a five-column table whose headings are too wide for a
/// small card at 8 pt, and a note.
fn wide_fixture() -> String {
    let t = "\n[[tables]]\nid = \"wide\"\ntitle = \"Wide table\"\n\
        columns = [\"Key\", \"Alpha heading words\", \"Beta heading words\", \"Gamma heading words\", \"Delta heading words\"]\n\
        rows = [\n  [\"K1\", \"a1\", \"b1\", \"g1\", \"d1\"],\n  [\"K2\", \"a2\", \"b2\", \"g2\", \"d2\"],\n  [\"K3\", \"a3\", \"b3\", \"g3\", \"d3\"],\n]\n\
        note = \"Closing remark.\"\n";
    let out = FIXTURE.replace(
        "\n[[tables]]\nid = \"gold-income\"",
        &format!("{t}\n[[tables]]\nid = \"gold-income\""),
    );
    assert_ne!(out, FIXTURE, "the fixture holds the gold-income table");
    out
}

#[test]
fn min_size_is_the_body_floor() {
    assert!((MIN_SIZE - TextRole::Body.min_mm()).abs() < 1e-12, "{MIN_SIZE}");
}

#[test]
fn no_card_text_prints_under_8_pt() {
    let mut all: Vec<(String, Scenario)> = hexpress::builtin::ids()
        .map(|id| {
            let src = hexpress::builtin::source(id).expect("built-in");
            (id.to_string(), load(&src).expect("valid"))
        })
        .collect();
    all.push(("rules fixture".into(), scenario("rules-gold.toml", FIXTURE)));
    all.push(("wide fixture".into(), scenario("wide.toml", &wide_fixture())));
    let floor = TextRole::Body.min_mm();
    let mut checked = 0;
    for (id, s) in &all {
        for &players in &s.meta.players {
            for (w, h) in SIZES {
                for p in cards(s, players, w, h) {
                    for (text, size) in face_runs(&p) {
                        assert!(
                            size + 1e-9 >= floor,
                            "{id} {players}p {w}x{h} {}: {text:?} at {size:.3} mm",
                            p.name
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 1_000, "{checked} runs");
}

#[test]
fn a_table_too_wide_at_the_floor_splits_by_columns() {
    let s = scenario("wide.toml", &wide_fixture());
    let (w, h) = (44.0, 68.0);
    let parts: Vec<Piece> =
        cards(&s, 3, w, h).into_iter().filter(|p| p.name.contains("Wide table")).collect();
    let n = parts.len();
    assert!(n >= 2, "{n} cards");
    let texts: Vec<Vec<String>> =
        parts.iter().map(|p| face_runs(p).into_iter().map(|r| r.0).collect()).collect();
    for (i, p) in parts.iter().enumerate() {
        assert!(p.name.ends_with(&format!("({}/{n})", i + 1)), "{}", p.name);
        // Every run starts inside the text area.
        let area = text_area(w, h);
        for it in &p.front {
            if let Item::Text { pos, text, .. } = it {
                let inside = pos.x >= area.x - 1e-9
                    && pos.x <= area.x + area.w + 1e-9
                    && pos.y >= area.y - 1e-9
                    && pos.y <= area.y + area.h + 1e-9;
                assert!(inside, "card {}: {text:?} at {pos:?} outside {area:?}", i + 1);
            }
        }
        // Every card names its rows: a row's cells come with its key.
        for r in 1..=3 {
            let cells = ["a", "b", "g", "d"].map(|c| format!("{c}{r}"));
            if cells.iter().any(|c| texts[i].contains(c)) {
                assert!(texts[i].contains(&format!("K{r}")), "card {}: {:?}", i + 1, texts[i]);
            }
        }
    }
    // Each cell prints once over the cards, the note on the last card only.
    for c in ["a", "b", "g", "d"] {
        for r in 1..=3 {
            let cell = format!("{c}{r}");
            let on = texts.iter().filter(|t| t.contains(&cell)).count();
            assert_eq!(on, 1, "{cell} on {on} cards");
        }
    }
    let note = |t: &Vec<String>| t.iter().any(|x| x.contains("Closing"));
    assert!(note(&texts[n - 1]), "{:?}", texts[n - 1]);
    assert!(!note(&texts[0]), "{:?}", texts[0]);
}
