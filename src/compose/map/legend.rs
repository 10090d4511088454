//! The map's key: one entry (a small swatch and a name) per terrain on the
//! map, per region outline, and per special mark (face-down tiles, harbors,
//! docks), in colour and in black and white alike.

use crate::compose::art::{self, centre_baseline, text};
use crate::compose::map::docks::{dock_badge, docks};
use crate::compose::map::regions::{region_of_hexes, region_swatch};
use crate::compose::map::spec::MapSpec;
use crate::scene::{Anchor, HexGeom, Item, Path, Pt, Stroke, Weight};
use crate::settings::View;
use crate::solve::Layout;
use crate::vocab::Terrain;

/// Width of a swatch (a hex `SWATCH` mm across the flats), mm.
pub(crate) const SWATCH: f64 = 10.0;

/// The legend's entries for `layout` drawn as `spec` says: `(name, swatch
/// centred on (0, 0))`, terrains first (in vocabulary order), then the
/// regions (in the layout's order), then the marks.
pub fn entries(layout: &Layout, spec: &MapSpec<'_>) -> Vec<(String, Vec<Item>)> {
    let pal = spec.theme.palette(spec.mode);
    let mut terrains: Vec<Terrain> = Vec::new();
    let mut fog = false;
    for h in &layout.hexes {
        if h.face_down && spec.view == View::Play {
            fog = true;
        } else if !terrains.contains(&h.terrain) {
            terrains.push(h.terrain);
        }
    }
    terrains.sort();
    let mut out: Vec<(String, Vec<Item>)> = terrains
        .iter()
        .map(|t| {
            let tile = art::terrain_tile(*t, SWATCH, spec.theme, spec.mode, false);
            (t.label().to_string(), tile)
        })
        .collect();
    let outlined = region_of_hexes(layout);
    for (k, r) in layout.regions.iter().enumerate() {
        if outlined.contains(&Some(k as u32)) {
            out.push((r.name.clone(), region_swatch(k, SWATCH, spec.theme, spec.mode)));
        }
    }
    if fog {
        out.push(("face down".into(), art::fog_face(SWATCH, spec.theme, spec.mode)));
    }
    if spec.view == View::Setup && layout.hexes.iter().any(|h| h.face_down) {
        let g = HexGeom::new(SWATCH);
        let tile = vec![
            Item::Path { path: g.outline(Pt::default()), fill: Some(pal.paper), stroke: None },
            art::face_down_hatch(SWATCH, spec.theme, spec.mode),
            Item::Path {
                path: g.outline(Pt::default()),
                fill: None,
                stroke: Some(Stroke::solid(pal.ink, 0.3)),
            },
        ];
        out.push(("lay face down".into(), tile));
    }
    let sides = &layout.sides;
    for (k, kind) in sides.kinds.iter().enumerate() {
        if sides.count(k) > 0 {
            let swatch = crate::compose::map::sides::side_swatch(kind.look, SWATCH, pal);
            out.push((kind.name.clone(), swatch));
        }
    }
    if !layout.harbors.is_empty() {
        let size = 3.0;
        out.push((
            "harbor".into(),
            vec![
                Item::Path {
                    path: Path::circle(Pt::default(), 4.5),
                    fill: Some(pal.chip),
                    stroke: Some(Stroke::solid(pal.ink, 0.3)),
                },
                text(
                    Pt::new(0.0, centre_baseline(size)),
                    "3:1",
                    size,
                    Weight::Bold,
                    Anchor::Middle,
                    pal.ink,
                ),
            ],
        ));
    }
    let shown = |h: &crate::solve::PlacedHex| !(h.face_down && spec.view == View::Play);
    if layout.hexes.iter().any(|h| shown(h) && docks(h.terrain) > 0) {
        out.push(("dock".into(), dock_badge(Pt::default(), 4.5, spec.theme, spec.mode)));
    }
    if (0..layout.hexes.len()).any(|i| layout.castaway(i).is_some()) {
        let badge =
            crate::compose::map::spots::spot_badge(Pt::default(), 4.0, spec.theme, spec.mode);
        out.push(("castaway spot".into(), badge));
    }
    out
}
