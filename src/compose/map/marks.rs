//! What the map draws over its hexes, at two scales: harbors (a disc with the
//! ratio, the resource's icon and the landing lines) and the scenario's hex
//! names. At 1:1 they take their sizes from the hex; in a reduced picture of
//! the board ([`MapSpec::picture`]) every word keeps the picture's text size
//! ([`PICTURE_TEXT`]) and a name that does not fit its hex becomes a letter
//! whose meaning the picture's notes give.

use crate::axial::Hex;
use crate::compose::art::{self, centre_baseline, text};
use crate::compose::map::spec::{Block, MapSpec};
use crate::fonts::text_width;
use crate::scene::{Anchor, HexGeom, Item, Path, Pt, Rect, Stroke, TextRole, Transform, Weight};
use crate::solve::PlacedHarbor;
use crate::vocab::HarborKind;

/// Text size of a reduced board picture, mm (6.5 pt): above the 6 pt floor
/// every printed word keeps, with room for rounding.
pub(crate) const PICTURE_TEXT: f64 = 6.5 * 25.4 / 72.0;

/// The smallest number chip of a picture, mm: its two-digit numbers print
/// at [`PICTURE_TEXT`] ([`art::number_chip`] sets them at 0.36 of the chip).
pub(crate) const PICTURE_CHIP: f64 = PICTURE_TEXT / 0.36;

/// The smallest hex of a readable picture, mm across the flats: one holds a
/// [`PICTURE_CHIP`] chip with room around it, and a harbor disc beside its
/// resource icon.
pub(crate) const PICTURE_MIN_FLAT: f64 = 12.0;

/// A harbor's ratio ("3:1", "2:1") and resource (none for a generic one).
fn ratio(kind: HarborKind) -> (&'static str, Option<crate::vocab::Resource>) {
    match kind {
        HarborKind::Generic => ("3:1", None),
        HarborKind::Special(res) => ("2:1", Some(res)),
    }
}

/// A harbor token with its ratio and icon, and the two landing lines to the
/// corners of the edge it faces; with the circle a sheet cut should not
/// cross.
pub(crate) fn harbor_block(
    hb: &PlacedHarbor,
    at: impl Fn(Hex) -> Pt,
    g: HexGeom,
    spec: &MapSpec<'_>,
) -> (Block, (Pt, f64)) {
    let pal = spec.theme.palette(spec.mode);
    let c = at(hb.hex);
    // In a picture the disc holds the ratio at the picture's text size and
    // the icon sits beside it, towards the hex's centre.
    let r = if spec.picture {
        0.5 * text_width("2:1", Weight::Bold, PICTURE_TEXT) + 0.7
    } else {
        0.19 * spec.flat
    };
    let mut items = Vec::new();
    let mut centre = c;
    let mut bounds = Rect::new(c.x - r, c.y - r, 2.0 * r, 2.0 * r);
    let facing = hb.toward.and_then(|t| hb.hex.direction_to(t));
    let reach = if spec.picture { 0.42 } else { 0.25 };
    let stroke = if spec.picture { 0.45 } else { spec.theme.sizes.harbor_stroke };
    if let Some(dir) = facing {
        let (a, b) = g.edge_corners(c, dir);
        let mid = Pt::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
        centre = Pt::new(c.x + reach * (mid.x - c.x), c.y + reach * (mid.y - c.y));
        for k in [a, b] {
            // Landing stage: a thick line from the token to the corner.
            for (color, w) in [(pal.ink, stroke * 2.2), (pal.chip, stroke)] {
                items.push(Item::Path {
                    path: Path::line(centre, k),
                    fill: None,
                    stroke: Some(Stroke::solid(color, w)),
                });
            }
        }
        bounds = Rect::new(c.x - g.flat / 2.0, c.y - g.radius(), g.flat, g.height());
    }
    items.push(Item::Path {
        path: Path::circle(centre, r),
        fill: Some(pal.chip),
        stroke: Some(Stroke::solid(pal.ink, if spec.picture { 0.25 } else { 0.5 })),
    });
    items.extend(harbor_face(hb.kind, c, centre, r, spec));
    let item = Item::Group { transform: Transform::IDENTITY, clip: None, items };
    (Block::mark(bounds, item), (centre, r))
}

/// What a harbor's disc (radius `r`, centred on `centre`, on the hex
/// centred on `c`) shows: its ratio, and the resource's icon in the disc at
/// 1:1, beside it across the hex's centre in a picture.
fn harbor_face(kind: HarborKind, c: Pt, centre: Pt, r: f64, spec: &MapSpec<'_>) -> Vec<Item> {
    let pal = spec.theme.palette(spec.mode);
    let mut items = Vec::new();
    let (label, resource) = ratio(kind);
    if spec.picture {
        items.push(
            text(
                Pt::new(centre.x, centre.y + centre_baseline(PICTURE_TEXT)),
                label,
                PICTURE_TEXT,
                Weight::Bold,
                Anchor::Middle,
                pal.ink,
            )
            .with_role(TextRole::Picture),
        );
        if let Some(res) = resource {
            // Opposite the disc, across the hex's centre.
            let icon = Pt::new(c.x - 0.55 * (centre.x - c.x), c.y - 0.55 * (centre.y - c.y));
            let size = (0.34 * spec.flat).max(2.0 * r);
            items.extend(art::resource_icon(res, icon, size, spec.theme, spec.mode));
        }
    } else {
        match resource {
            None => {
                let size = 0.62 * r;
                items.push(text(
                    Pt::new(centre.x, centre.y + centre_baseline(size)),
                    label,
                    size,
                    Weight::Bold,
                    Anchor::Middle,
                    pal.ink,
                ));
            }
            Some(res) => {
                let size = 0.42 * r;
                items.push(text(
                    Pt::new(centre.x, centre.y - 0.38 * r + centre_baseline(size)),
                    label,
                    size,
                    Weight::Bold,
                    Anchor::Middle,
                    pal.ink,
                ));
                items.extend(art::resource_icon(
                    res,
                    Pt::new(centre.x, centre.y + 0.3 * r),
                    0.75 * r,
                    spec.theme,
                    spec.mode,
                ));
            }
        }
    }
    items
}

/// A hex name at 1:1, centred on the hex at `c` below its centre: it
/// shrinks to fit, but never below the legible floor; a longer one moves up
/// to where the hex is wide enough.
pub(crate) fn full_size_label(
    name: String,
    weight: Weight,
    c: Pt,
    g: HexGeom,
    spec: &MapSpec<'_>,
) -> Block {
    let pal = spec.theme.palette(spec.mode);
    // A pointy-top hex is (R - |y|) * sqrt(3) wide at height y below its centre.
    let room = |y: f64| 0.9 * (g.radius() - y) * 3f64.sqrt();
    let base = spec.theme.sizes.label_text;
    let per_mm = text_width(&name, weight, 1.0).max(0.001);
    let size = base.min(room(0.64 * g.radius()) / per_mm).max(TextRole::Body.min_mm());
    let w = text_width(&name, weight, size);
    let y = (0.64 * g.radius()).min(g.radius() - w / (0.9 * 3f64.sqrt()));
    let pos = Pt::new(c.x, c.y + y);
    Block::mark(
        Rect::new(pos.x - w / 2.0, pos.y - size, w, size * 1.3),
        text(pos, name, size, weight, Anchor::Middle, pal.ink),
    )
}

/// A hex name in a picture: at [`PICTURE_TEXT`], on one line or two, below
/// the hex's centre and clear of `taken` (its chip); `None` when it does not
/// fit in the hex.
pub(crate) fn picture_label(
    name: &str,
    weight: Weight,
    c: Pt,
    g: HexGeom,
    taken: Option<Rect>,
    spec: &MapSpec<'_>,
) -> Option<Block> {
    let pal = spec.theme.palette(spec.mode);
    let s = PICTURE_TEXT;
    let words: Vec<&str> = name.split(' ').collect();
    let mut options = vec![vec![name.to_string()]];
    for k in 1..words.len() {
        options.push(vec![words[..k].join(" "), words[k..].join(" ")]);
    }
    let lead = 1.15 * s;
    for lines in options {
        let w = lines.iter().map(|l| text_width(l, weight, s)).fold(0.0, f64::max);
        let h = lead * lines.len() as f64;
        for k in 0..=8 {
            // From just below the centre (or the chip) down, under the
            // pictogram (drawn in the hex's upper half, as for a chip).
            let top =
                taken.map_or(c.y - 0.15 * g.radius(), |t| t.y + t.h + 0.3) + f64::from(k) * 0.4;
            let r = Rect::new(c.x - w / 2.0, top, w, h);
            if !g.contains_rect(c, r.inflate(0.3), 0.4) {
                continue;
            }
            // On a paper box, readable on dark fills too.
            let mut items = vec![Item::Path {
                path: Path::rect(r.inflate(0.3)),
                fill: Some(pal.paper),
                stroke: None,
            }];
            items.extend(lines.iter().enumerate().map(|(i, l)| {
                let y = top + 0.78 * s + i as f64 * lead;
                text(Pt::new(c.x, y), l.clone(), s, weight, Anchor::Middle, pal.ink)
                    .with_role(TextRole::Picture)
            }));
            let item = Item::Group { transform: Transform::IDENTITY, clip: None, items };
            return Some(Block::mark(r, item));
        }
    }
    None
}

/// A note letter in a picture (`a`, `b`...) on a paper disc, at the first
/// place inside the hex clear of `taken`.
pub(crate) fn picture_marker(
    letter: &str,
    c: Pt,
    g: HexGeom,
    taken: Option<Rect>,
    spec: &MapSpec<'_>,
) -> Block {
    let pal = spec.theme.palette(spec.mode);
    let s = PICTURE_TEXT;
    let r = 0.5 * text_width(letter, Weight::Bold, s).max(0.72 * s) + 0.45;
    let rad = g.radius();
    let spots = [(0.0, 0.6), (0.0, -0.6), (-0.5, 0.3), (0.5, 0.3), (-0.5, -0.3), (0.5, -0.3)];
    let free = |p: Pt| {
        let b = Rect::new(p.x - r, p.y - r, 2.0 * r, 2.0 * r);
        g.contains_rect(c, b, 0.2)
            && taken.is_none_or(|t| !crate::compose::map::keepout::overlaps(t, b))
    };
    let p = spots
        .iter()
        .map(|(x, y)| Pt::new(c.x + x * g.flat, c.y + y * rad))
        .find(|p| free(*p))
        .unwrap_or(Pt::new(c.x, c.y + 0.6 * rad));
    let items = vec![
        Item::Path {
            path: Path::circle(p, r),
            fill: Some(pal.paper),
            stroke: Some(Stroke::solid(pal.ink, 0.25)),
        },
        text(
            Pt::new(p.x, p.y + centre_baseline(s)),
            letter,
            s,
            Weight::Bold,
            Anchor::Middle,
            pal.ink,
        )
        .with_role(TextRole::Picture),
    ];
    let item = Item::Group { transform: Transform::IDENTITY, clip: None, items };
    Block::mark(Rect::new(p.x - r, p.y - r, 2.0 * r, 2.0 * r), item)
}

/// The letter of the `i`-th note of a picture: a, b... z, then aa, ab...
pub(crate) fn note_letter(i: usize) -> String {
    let a = |k: usize| char::from(b'a' + (k % 26) as u8);
    if i < 26 {
        a(i).to_string()
    } else {
        format!("{}{}", a(i / 26 - 1), a(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn note_letters_run_a_to_z_then_double() {
        assert_eq!(note_letter(0), "a");
        assert_eq!(note_letter(25), "z");
        assert_eq!(note_letter(26), "aa");
        assert_eq!(note_letter(27), "ab");
    }
}
