//! Every special hex of every built-in is drawn as the scenario says and
//! named in the map's key: each hex of a terrain beyond the base game's
//! (gold, lake, council, spice village, fish shoal, harbor tile...) carries
//! its terrain's pictogram on the composed map, the council island its 2
//! docks, every named region its outline band, and `map.svg` names each of
//! them in its legend. Setup view (every tile shown) and play view (face-down
//! tiles hidden behind fog), colour and black and white.

use crate::common;
use hexpress::compose::art::{ink_for, pictogram};
use hexpress::compose::job::map_job;
use hexpress::compose::map::canvas;
use hexpress::compose::map::docks::{council_docks, docks};
use hexpress::outputs::Notes;
use hexpress::scene::{HexGeom, Item, Pt};
use hexpress::settings::{Choices, Formats, Settings, View};
use hexpress::theme::Pictogram;
use hexpress::vocab::Terrain;

/// The base game's terrains; every other one is "special".
const PLAIN: [Terrain; 7] = [
    Terrain::Forest,
    Terrain::Pasture,
    Terrain::Fields,
    Terrain::Hills,
    Terrain::Mountains,
    Terrain::Desert,
    Terrain::Sea,
];

/// Whether `hay` holds `needle` as a run of consecutive items (inside
/// groups too).
fn holds(hay: &[Item], needle: &[Item]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
        || hay.iter().any(|i| matches!(i, Item::Group { items, .. } if holds(items, needle)))
}

#[test]
fn every_special_hex_is_drawn_and_named_in_the_legend() {
    let mut seen = std::collections::BTreeSet::new();
    let (mut docks_drawn, mut regions_named) = (0, 0);
    for black_and_white in [false, true] {
        for view in [View::Setup, View::Play] {
            let choices = Choices {
                view,
                black_and_white,
                formats: Formats { svg: true, pdf: false, png: false },
                ..Choices::default()
            };
            let settings = Settings::build(&choices).expect("settings");
            let theme = &settings.theme;
            let flat = theme.sizes.hex_flat;
            let r = HexGeom::new(flat).radius();
            for id in hexpress::builtin::ids() {
                let src = hexpress::builtin::source(id).expect("built-in");
                let sc = hexpress::model::load(&src).expect("valid");
                for &players in &sc.meta.players {
                    let name = format!("{id} {players}p {view:?} bw={black_and_white}");
                    let l = hexpress::solve::solve(&sc, players, 11, &Default::default())
                        .expect("solves");
                    let c = canvas(&l, &settings, &Notes::default());
                    let (job, _) = map_job(&l, &settings, &Notes::default());
                    let svg = common::encode_file(job.view(), "map.svg");
                    let svg = String::from_utf8_lossy(&svg);
                    let named = |label: &str| svg.contains(&format!(">{label}</text>"));
                    // The first blocks of the canvas are the hex tiles, in layout order.
                    assert!(c.blocks.len() >= l.hexes.len(), "{name}");
                    let mut special = Vec::new();
                    for (i, h) in l.hexes.iter().enumerate() {
                        let shown = !(h.face_down && view == View::Play);
                        if PLAIN.contains(&h.terrain) || !shown {
                            continue;
                        }
                        if l.harbors.iter().any(|p| p.hex == h.hex) {
                            // A harbor tile dealt with its harbor: the harbor
                            // token (ratio and icon) is its drawing.
                            continue;
                        }
                        let pic = theme.pictogram(h.terrain);
                        assert_ne!(pic, Pictogram::None, "{name}: {:?} has a pictogram", h.terrain);
                        let ink = ink_for(h.terrain, theme, settings.mode);
                        let with_chip = pictogram(pic, Pt::new(0.0, -0.52 * r), 0.36 * flat, &ink);
                        let alone = pictogram(pic, Pt::default(), 0.5 * flat, &ink);
                        let tile = std::slice::from_ref(&c.blocks[i].item);
                        assert!(
                            holds(tile, &with_chip) || holds(tile, &alone),
                            "{name}: the {} hex at {:?} lacks its pictogram",
                            h.terrain.name(),
                            h.hex
                        );
                        special.push(h.terrain);
                        seen.insert(h.terrain);
                    }
                    for t in &special {
                        assert!(named(t.label()), "{name}: the legend names {}", t.label());
                    }
                    // The council's docks: each council hex shown carries them
                    // (2 anchor badges with landing lines, see the unit test).
                    let councils = special.iter().filter(|t| docks(**t) > 0).count();
                    if councils > 0 {
                        let marks = council_docks(flat, theme, settings.mode);
                        let drawn = c
                            .blocks
                            .iter()
                            .filter(|b| holds(std::slice::from_ref(&b.item), &marks))
                            .count();
                        assert_eq!(drawn, councils, "{name}: docks on every council hex");
                        assert!(named("dock"), "{name}: the legend names the docks");
                        docks_drawn += 1;
                    }
                    // Every region with an outline is named in the legend.
                    for reg in &l.regions {
                        assert!(named(&reg.name), "{name}: the legend names region {}", reg.name);
                        regions_named += 1;
                    }
                    if view == View::Play && l.hexes.iter().any(|h| h.face_down) {
                        assert!(named("face down"), "{name}: the legend explains the fog");
                    }
                }
            }
        }
    }
    for t in [
        Terrain::Gold,
        Terrain::Lake,
        Terrain::Castle,
        Terrain::Quarry,
        Terrain::Glassworks,
        Terrain::Council,
        Terrain::Spice,
        Terrain::FishShoal,
        Terrain::FishingGround,
    ] {
        assert!(seen.contains(&t), "no built-in map showed {}", t.name());
    }
    assert!(docks_drawn >= 4, "the Fog Islands' council, both views and palettes");
    assert!(regions_named > 0);
}
