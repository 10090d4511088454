//! The Council of Catan's docks: the council island has 2 docks, shown by
//! anchor symbols, where ships deliver fish hauls and spice sacks when an end
//! of the ship points at one (seed 004). Each dock is drawn as an anchor
//! badge with a landing line to the hex corner ships point at.

use crate::compose::art::{ink_for, pictogram};
use crate::scene::{HexGeom, Item, Path, Pt, Stroke};
use crate::theme::{Mode, Pictogram, Theme};
use crate::vocab::Terrain;

/// The corners of a council hex (indices into [`HexGeom::corners`]) that
/// carry its 2 docks: upper left and lower right, clear of the hex's name
/// (printed below the centre) and of its pictogram (in the centre).
pub(crate) const DOCK_CORNERS: [usize; 2] = [5, 2];

/// A dock badge's radius as a share of the hex's flat-to-flat width.
pub(crate) const DOCK_RADIUS: f64 = 0.085;

/// Where a dock badge sits, as a share of the way from the hex's centre to
/// its corner.
pub(crate) const DOCK_REACH: f64 = 0.74;

/// How many docks a terrain's hex carries.
pub fn docks(t: Terrain) -> usize {
    if t == Terrain::Council {
        DOCK_CORNERS.len()
    } else {
        0
    }
}

/// One dock badge centred on `c` with radius `r`: a chip-coloured disc with
/// an anchor.
pub(crate) fn dock_badge(c: Pt, r: f64, theme: &Theme, mode: Mode) -> Vec<Item> {
    let pal = theme.palette(mode);
    let mut v = vec![Item::Path {
        path: Path::circle(c, r),
        fill: Some(pal.chip),
        stroke: Some(Stroke::solid(pal.ink, 0.4)),
    }];
    let ink = ink_for(Terrain::Harbor, theme, mode);
    let ink = crate::compose::art::Ink { hole: pal.chip, ..ink };
    v.extend(pictogram(Pictogram::Anchor, c, 1.6 * r, &ink));
    v
}

/// The docks of a council hex `flat` mm wide, centred on `(0, 0)`.
pub fn council_docks(flat: f64, theme: &Theme, mode: Mode) -> Vec<Item> {
    let g = HexGeom::new(flat);
    let pal = theme.palette(mode);
    let k = g.corners(Pt::default());
    let r = DOCK_RADIUS * flat;
    let mut v = Vec::new();
    for i in DOCK_CORNERS {
        let corner = k[i];
        let c = Pt::new(DOCK_REACH * corner.x, DOCK_REACH * corner.y);
        for (color, w) in
            [(pal.ink, theme.sizes.harbor_stroke * 2.2), (pal.chip, theme.sizes.harbor_stroke)]
        {
            v.push(Item::Path {
                path: Path::line(c, corner),
                fill: None,
                stroke: Some(Stroke::solid(color, w)),
            });
        }
        v.extend(dock_badge(c, r, theme, mode));
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_council_hex_has_two_docks_inside_its_corners() {
        assert_eq!(docks(Terrain::Council), 2);
        assert_eq!(docks(Terrain::Forest), 0);
        let items = council_docks(76.0, &Theme::builtin(), Mode::Colour);
        let discs = items
            .iter()
            .filter(|i| matches!(i, Item::Path { fill: Some(_), stroke: Some(s), .. } if s.width == 0.4))
            .count();
        assert_eq!(discs, 2);
        let g = HexGeom::new(76.0);
        for i in DOCK_CORNERS {
            let corner = g.corners(Pt::default())[i];
            let landing = items.iter().any(|it| {
                matches!(it, Item::Path { path, .. } if path.segs.last() == Some(&crate::scene::Seg::Line(corner)))
            });
            assert!(landing, "a landing line reaches corner {i}");
        }
    }
}
