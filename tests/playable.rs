//! Playable from the pack: what players see never depends on what they must
//! not know, and every built-in's printed parts and prose fit its rules.

mod common;

use hexpress::compose::scene::Page;
use hexpress::export::map::{canvas, theme_for};
use hexpress::export::options::RenderOptions;
use hexpress::export::rules::handout_document;
use hexpress::solve::{solve, Layout, SolveOptions};
use hexpress::vocab::Terrain;

/// `layout` with the hidden facts shuffled: the terrains of each face-down
/// region's hexes turned one step (harbor tiles stay put, their kinds are
/// public in the region's pool), and every chip stack reversed.
fn with_other_secrets(layout: &Layout) -> Layout {
    let mut l = layout.clone();
    for (ri, region) in layout.regions.iter().enumerate() {
        if !region.face_down {
            continue;
        }
        let idx: Vec<usize> = (0..l.hexes.len())
            .filter(|&i| {
                let h = &l.hexes[i];
                h.face_down && h.region == Some(ri as u32) && h.terrain != Terrain::Harbor
            })
            .collect();
        let terrains: Vec<Terrain> = idx.iter().map(|&i| l.hexes[i].terrain).collect();
        for (k, &i) in idx.iter().enumerate() {
            l.hexes[i].terrain = terrains[(k + 1) % terrains.len()];
        }
        l.regions[ri].chip_stack.reverse();
    }
    l
}

fn handout(s: &hexpress::model::Scenario, l: &Layout) -> Vec<Page> {
    handout_document(s, l, &RenderOptions::default()).expect("handout lays out").pages
}

#[test]
fn players_pages_do_not_depend_on_hidden_tiles_or_stack_order() {
    let mut checked = 0;
    for id in hexpress::builtin::ids() {
        let s = common::builtin(id);
        for &players in &s.meta.players {
            let l = solve(&s, players, 3, &SolveOptions::default()).expect("solvable");
            if !l.regions.iter().any(|r| r.face_down && r.chip_stack.len() > 1) {
                continue;
            }
            let other = with_other_secrets(&l);
            assert_ne!(l.hexes, other.hexes, "{id}: the test must change a hidden tile");
            // The rules handout (its map picture included) ...
            assert!(handout(&s, &l) == handout(&s, &other), "{id} {players}p: handout leaks");
            // ... and the map as players lay it out (the default, play view).
            let opts = RenderOptions::default();
            let theme = theme_for(&opts).expect("theme");
            assert!(
                canvas(&l, &theme, &opts).to_page() == canvas(&other, &theme, &opts).to_page(),
                "{id} {players}p: play-view map leaks"
            );
            checked += 1;
        }
    }
    assert!(checked >= 4, "only {checked} maps with face-down regions were checked");
}

/// All the top-level text of a handout as one line of words.
fn handout_words(s: &hexpress::model::Scenario) -> String {
    use hexpress::compose::handout::{handout_pages, handout_spec};
    use hexpress::compose::scene::Item;
    let l = solve(s, s.meta.default_players, 1, &SolveOptions::default()).expect("solvable");
    let pages = handout_pages(s, &l, None, &handout_spec(&l, 210.0, 297.0)).expect("lays out");
    let mut words = Vec::new();
    for p in &pages {
        for it in &p.items {
            if let Item::Text { text, .. } = it {
                words.extend(text.split_whitespace().map(str::to_string));
            }
        }
    }
    words.join(" ")
}

fn load_text(id: &str, text: String) -> hexpress::model::Scenario {
    let src = hexpress::diag::Source::new(format!("{id}.toml"), text);
    hexpress::model::load(&src).unwrap_or_else(|d| panic!("{}", hexpress::diag::render(&src, &d)))
}

/// The number on the line `key = N` that follows `section` in `text`.
fn value_after(text: &str, section: &str, key: &str) -> Option<(usize, i64)> {
    let from = text.find(section)?;
    let at = from + text[from..].find(&format!("\n{key} = "))? + key.len() + 4;
    let end = at + text[at..].find(|c: char| !c.is_ascii_digit())?;
    Some((at, text[at..end].parse().ok()?))
}

#[test]
fn changing_a_value_changes_the_handout_prose() {
    for id in hexpress::builtin::ids() {
        let text = hexpress::builtin::source(id).expect("built-in").text;
        let mut keys: Vec<(String, String)> = vec![("[scenario]".into(), "victory_points".into())];
        if text.contains("\nstarting_gold = ") {
            keys.push(("[scenario]".into(), "starting_gold".into()));
        }
        if let Some(v) = text.find("\n[values]\n") {
            let body = &text[v + 10..];
            let body = &body[..body.find("\n\n").unwrap_or(body.len())];
            for line in body.lines().filter(|l| !l.starts_with('#')) {
                if let Some((k, _)) = line.split_once(" = ") {
                    keys.push(("[values]".into(), k.trim().to_string()));
                }
            }
        }
        for (section, key) in keys {
            let (at, old) = value_after(&text, &section, &key)
                .unwrap_or_else(|| panic!("{id}: no {key} in {section}"));
            let new = old + 80; // a number no built-in prints otherwise
            let mut edited = text.clone();
            edited.replace_range(at..at + old.to_string().len(), &new.to_string());
            let before = handout_words(&load_text(id, text.clone()));
            let after = handout_words(&load_text(id, edited));
            let n = format!("{new}");
            let count =
                |s: &str| s.split(|c: char| !c.is_ascii_digit()).filter(|w| *w == n).count();
            // The facts list prints victory points and gold too; the prose
            // ("reach 90 victory points", "takes 88 gold") must follow.
            let phrase = match key.as_str() {
                "victory_points" => Some(format!("{new} victory points")),
                "starting_gold" => Some(format!("{new} gold")),
                _ => None,
            };
            if let Some(p) = phrase {
                assert!(after.contains(&p), "{id}: the prose does not say `{p}` after the edit");
            }
            assert!(
                count(&after) > count(&before),
                "{id}: changing {key} from {old} to {new} does not change the handout's text"
            );
        }
    }
}
