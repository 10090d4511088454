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
