//! Layout -> the map canvas at true scale: hexes with pictograms, number
//! chips, harbors with landing lines, fog hexes, then a band with the title
//! block, the scale ruler and the legend ([`crate::compose::map::band`]).
//! [`crate::compose::map::cuts`] cuts it into sheets.

use crate::axial::Hex;
use crate::compose::art;
use crate::compose::map::band::{info_band, PAD};
use crate::compose::map::docks::{council_docks, docks, DOCK_CORNERS, DOCK_RADIUS, DOCK_REACH};
use crate::compose::map::marks::{self, harbor_block, PICTURE_CHIP};
use crate::compose::map::spec::group;
use crate::scene::HexGeom;
use crate::scene::{Item, Pt, Rect, Stroke, TextRole, Weight};
use crate::settings::View;
use crate::solve::{Layout, PlacedHex};
use crate::vocab::Terrain;

pub use crate::compose::map::spec::{Block, MapCanvas, MapSpec};

/// The paper around a picture's board, mm.
const PICTURE_PAD: f64 = 1.0;

fn hex_bounds(g: HexGeom, c: Pt) -> Rect {
    Rect::new(c.x - g.flat / 2.0, c.y - g.radius(), g.flat, g.height())
}

/// What every step of the canvas reads: the layout, the spec, the hex
/// geometry and where the board's origin lies on the canvas.
struct Board<'a, 'b> {
    layout: &'a Layout,
    spec: &'a MapSpec<'b>,
    g: HexGeom,
    origin: Pt,
}

impl Board<'_, '_> {
    /// The centre of hex `h` on the canvas.
    fn at(&self, h: Hex) -> Pt {
        let c = self.g.center(h);
        Pt::new(c.x + self.origin.x, c.y + self.origin.y)
    }

    /// Whether a tile dealt face down is hidden (drawn as fog).
    fn hidden(&self, face_down: bool) -> bool {
        face_down && self.spec.view == View::Play
    }

    /// The hexes shown face up, with their index.
    fn shown(&self) -> impl Iterator<Item = (usize, &PlacedHex)> {
        self.layout.hexes.iter().enumerate().filter(|(_, h)| !self.hidden(h.face_down))
    }

    /// A fishing ground's number, printed as a chip (with its pips), like
    /// the published tiles, rather than as a text label.
    fn label_chip(&self, i: usize) -> Option<u8> {
        let h = &self.layout.hexes[i];
        let n: u8 = self.layout.label(i)?.trim().parse().ok()?;
        (h.terrain == Terrain::FishingGround && h.number.is_none() && crate::vocab::pips(n) > 0)
            .then_some(n)
    }
}

/// What the canvas's steps draw, in drawing order, with the discs that must
/// stay whole on one sheet and the chips and harbor discs among them.
#[derive(Default)]
struct Drawn {
    blocks: Vec<Block>,
    keep_whole: Vec<(Pt, f64)>,
    chips: Vec<(Pt, f64)>,
    harbor_discs: Vec<(Pt, f64)>,
}

/// The bounds of every hex corner of `layout`: (x0, y0, x1, y1).
fn board_bounds(layout: &Layout, g: HexGeom) -> (f64, f64, f64, f64) {
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for h in &layout.hexes {
        for k in g.corners(g.center(h.hex)) {
            x0 = x0.min(k.x);
            y0 = y0.min(k.y);
            x1 = x1.max(k.x);
            y1 = y1.max(k.y);
        }
    }
    if layout.hexes.is_empty() {
        (x0, y0, x1, y1) = (0.0, 0.0, 0.0, 0.0);
    }
    (x0, y0, x1, y1)
}

/// Composes the map canvas of `layout`.
pub fn map_canvas(layout: &Layout, spec: &MapSpec<'_>) -> MapCanvas {
    let g = HexGeom::new(spec.flat);
    let (x0, y0, x1, y1) = board_bounds(layout, g);
    let (bw, bh) = (x1 - x0, y1 - y0);
    let pad = if spec.picture { PICTURE_PAD } else { PAD };
    let b = Board { layout, spec, g, origin: Pt::new(pad - x0, pad - y0) };
    let hexes: Vec<Pt> = layout.hexes.iter().map(|h| b.at(h.hex)).collect();
    let d = if spec.picture {
        (spec.theme.sizes.chip_diameter * spec.flat / spec.theme.sizes.hex_flat).max(PICTURE_CHIP)
    } else {
        spec.theme.sizes.chip_diameter
    };

    let mut drawn = Drawn::default();
    hex_tiles(&b, &mut drawn);
    regions_and_docks(&b, &mut drawn);
    side_features(&b, &mut drawn);
    let notes = hex_labels(&b, d, &mut drawn);
    harbors(&b, &mut drawn);
    castaway_spots(&b, &mut drawn);
    number_chips(&b, d, &mut drawn);
    roll_chips(&b, d, &mut drawn);
    let Drawn { mut blocks, keep_whole, chips, harbor_discs } = drawn;

    let board = Rect::new(pad, pad, bw, bh);
    let key = spec.key_width.map_or_else(Vec::new, |w| info_band(layout, spec, 0.0, w, false).0);
    let (width, height) = if spec.picture {
        (bw + 2.0 * pad, bh + 2.0 * pad)
    } else {
        let mut width = (bw + 2.0 * PAD).max(190.0);
        let band_top = PAD + bh + 10.0;
        let (band, band_h, band_w) = info_band(layout, spec, band_top, width, true);
        width = width.max(band_w + 2.0 * PAD);
        blocks.extend(band);
        (width, band_top + band_h + PAD)
    };
    MapCanvas {
        width,
        height,
        blocks,
        keep_whole,
        chips,
        harbor_discs,
        board,
        hexes,
        key,
        notes,
        geom: g,
        title: layout.title.clone(),
        footer: format!(
            "{} · seed {} · hexpress {} · print at 100 %",
            layout.title,
            layout.seed,
            env!("CARGO_PKG_VERSION")
        ),
    }
}

/// Step 1: the hex tiles (fog for hidden ones, plain for harbors' water,
/// else the terrain with its pictogram), with the face-down marks of the
/// setup view.
fn hex_tiles(b: &Board, drawn: &mut Drawn) {
    let (layout, spec, g) = (b.layout, b.spec, b.g);
    let pal = spec.theme.palette(spec.mode);
    let harbor_at = |h: Hex| layout.harbors.iter().find(|p| p.hex == h);
    // The map at full size shows each hidden hex's placement code, which
    // the cut-out tile repeats on its back; a picture is too small for them.
    let codes = (!spec.picture).then(|| crate::compose::placement::Codes::of(layout));
    for (i, h) in layout.hexes.iter().enumerate() {
        let c = b.at(h.hex);
        let items = if b.hidden(h.face_down) {
            let mut v = art::fog_face(spec.flat, spec.theme, spec.mode);
            if let Some(code) = codes.as_ref().and_then(|k| k.hex(i)) {
                v.push(art::fog_code(spec.flat, code, spec.theme, spec.mode));
            }
            v
        } else if harbor_at(h.hex).is_some() {
            vec![
                Item::Path {
                    path: g.outline(Pt::default()),
                    fill: Some(pal.fill(h.terrain)),
                    stroke: None,
                },
                Item::Path {
                    path: g.outline(Pt::default()),
                    fill: None,
                    stroke: Some(Stroke::solid(pal.ink, spec.theme.sizes.hex_stroke)),
                },
            ]
        } else {
            // A picture's name goes where a chip would: its pictogram moves up.
            let named = spec.picture && (layout.label(i).is_some() || spec.labels);
            let chip = h.number.is_some() || b.label_chip(i).is_some() || named;
            art::terrain_tile(h.terrain, spec.flat, spec.theme, spec.mode, chip)
        };
        let mut items = items;
        if h.face_down && spec.view == View::Setup && spec.picture {
            // The hatching alone: the legend names it.
            items.push(art::face_down_hatch(spec.flat, spec.theme, spec.mode));
        } else if h.face_down && spec.view == View::Setup {
            items.extend(art::face_down_overlay(spec.flat, spec.theme, spec.mode));
        }
        drawn.blocks.push(Block::art(hex_bounds(g, c), group(c, items)));
    }
}

/// Step 1b: region outlines, just inside the regions' edges; then the
/// council's docks, whose landing lines cross them to the corners.
fn regions_and_docks(b: &Board, drawn: &mut Drawn) {
    let (layout, spec, g) = (b.layout, b.spec, b.g);
    for (i, band) in
        crate::compose::map::regions::region_bands(layout, spec.flat, spec.theme, spec.mode)
    {
        let c = b.at(layout.hexes[i].hex);
        drawn.blocks.push(Block::art(hex_bounds(g, c), group(c, vec![band])));
    }
    for h in layout.hexes.iter().filter(|h| !b.hidden(h.face_down) && docks(h.terrain) > 0) {
        let c = b.at(h.hex);
        let items = council_docks(spec.flat, spec.theme, spec.mode);
        for k in DOCK_CORNERS {
            let p = g.corners(c)[k];
            let badge = Pt::new(c.x + DOCK_REACH * (p.x - c.x), c.y + DOCK_REACH * (p.y - c.y));
            drawn.keep_whole.push((badge, DOCK_RADIUS * spec.flat));
        }
        drawn.blocks.push(Block::art(hex_bounds(g, c), group(c, items)));
    }
}

/// Step 1c: features on hex sides (rivers, bridges, walls), in passes over
/// all sides so that neighbouring sides join ([`crate::compose::map::sides`]).
fn side_features(b: &Board, drawn: &mut Drawn) {
    use crate::compose::map::sides::{side_items, Pass, SideInks, HALF_WIDTH};
    let sides = &b.layout.sides;
    let inks = SideInks::of(b.spec.theme.palette(b.spec.mode));
    for pass in Pass::ALL {
        for s in &sides.sides {
            let (Some(dir), Some(kind)) =
                (s.hex.direction_to(s.toward), sides.kinds.get(s.kind as usize))
            else {
                continue;
            };
            let (p, q) = b.g.edge_corners(b.at(s.hex), dir);
            let items = side_items(kind.look, p, q, b.g.flat, inks, pass);
            if items.is_empty() {
                continue;
            }
            let pad = (HALF_WIDTH + 0.12) * b.g.flat;
            let bounds = Rect::new(
                p.x.min(q.x) - pad,
                p.y.min(q.y) - pad,
                (p.x - q.x).abs() + 2.0 * pad,
                (p.y - q.y).abs() + 2.0 * pad,
            );
            drawn.blocks.push(Block::art(bounds, group(Pt::default(), items)));
        }
    }
}

/// Step 2: labels: the scenario's names (front coast, a lake's rolls, a
/// spice village's benefit) in bold, else with `--labels` the terrain's
/// name. In a picture, a name too long for its hex becomes a letter; returns
/// the letters with their names (the picture's notes).
fn hex_labels(b: &Board, d: f64, drawn: &mut Drawn) -> Vec<(String, String)> {
    let (layout, spec, g) = (b.layout, b.spec, b.g);
    let chip_box = |i: usize| {
        let h = &layout.hexes[i];
        (h.number.is_some() || b.label_chip(i).is_some()).then(|| {
            let c = b.at(h.hex);
            Rect::new(c.x - d / 2.0, c.y + 0.1 * g.radius() - d / 2.0, d, d)
        })
    };
    let mut notes: Vec<(String, String)> = Vec::new();
    for (i, h) in b.shown() {
        let (name, weight) = match layout.label(i) {
            Some(_) if b.label_chip(i).is_some() => continue,
            Some(l) => (l.to_string(), Weight::Bold),
            None if spec.labels => (h.terrain.label().to_string(), Weight::Regular),
            None => continue,
        };
        let c = b.at(h.hex);
        if !spec.picture {
            drawn.blocks.push(marks::full_size_label(name, weight, c, g, spec));
            continue;
        }
        let taken = chip_box(i);
        if let Some(block) = marks::picture_label(&name, weight, c, g, taken, spec) {
            drawn.blocks.push(block);
            continue;
        }
        // Too long for the hex: a letter, named in the picture's notes.
        let k = match notes.iter().position(|(_, n)| *n == name) {
            Some(k) => k,
            None => {
                notes.push((marks::note_letter(notes.len()), name));
                notes.len() - 1
            }
        };
        drawn.blocks.push(marks::picture_marker(&notes[k].0, c, g, taken, spec));
    }
    notes
}

/// Step 3: the harbors not on hidden hexes.
fn harbors(b: &Board, drawn: &mut Drawn) {
    let layout = b.layout;
    for hb in &layout.harbors {
        let on_hidden = layout.hexes.iter().any(|h| h.hex == hb.hex && b.hidden(h.face_down));
        if on_hidden {
            continue;
        }
        let (block, circle) = harbor_block(hb, |h| b.at(h), b.g, b.spec);
        drawn.keep_whole.push(circle);
        drawn.harbor_discs.push(circle);
        drawn.blocks.push(block);
    }
}

/// Step 3b: castaway spots, on the corners where castaway tokens lie.
fn castaway_spots(b: &Board, drawn: &mut Drawn) {
    for (i, h) in b.shown() {
        let Some(k) = b.layout.castaway(i) else { continue };
        let (p, half) = crate::compose::map::spots::spot_at(b.g, b.at(h.hex), k);
        drawn.keep_whole.push((p, half * std::f64::consts::SQRT_2));
        drawn.blocks.push(Block::mark(
            Rect::new(p.x - half, p.y - half, 2.0 * half, 2.0 * half),
            group(
                Pt::default(),
                crate::compose::map::spots::spot_badge(p, half, b.spec.theme, b.spec.mode),
            ),
        ));
    }
}

/// A number chip of diameter `d` centred on `cc`, kept whole and counted
/// among the chips.
fn push_chip(b: &Board, n: u8, cc: Pt, d: f64, drawn: &mut Drawn) {
    drawn.keep_whole.push((cc, d / 2.0));
    drawn.chips.push((cc, d / 2.0));
    let chip = art::number_chip(n, d, b.spec.theme.palette(b.spec.mode));
    let chip = if b.spec.picture { pictured(chip) } else { chip };
    drawn
        .blocks
        .push(Block::mark(Rect::new(cc.x - d / 2.0, cc.y - d / 2.0, d, d), group(cc, chip)));
}

/// Step 4: the number chips (of diameter `d`), a fishing ground's too.
fn number_chips(b: &Board, d: f64, drawn: &mut Drawn) {
    for (i, h) in b.shown() {
        if let Some(n) = h.number.or_else(|| b.label_chip(i)) {
            let c = b.at(h.hex);
            push_chip(b, n, Pt::new(c.x, c.y + 0.1 * b.g.radius()), d, drawn);
        }
    }
}

/// Step 5: chipless production rolls (a lake's 2, 3, 11, 12): small chips
/// in a row (in a picture, in rows of two when a row is too wide for the
/// hex); `d` is a full chip's diameter.
fn roll_chips(b: &Board, d: f64, drawn: &mut Drawn) {
    let small = if b.spec.picture { PICTURE_CHIP } else { d * 0.5 };
    for (i, h) in b.shown() {
        let rolls = b.layout.rolls(i);
        if rolls.is_empty() || h.number.is_some() {
            continue;
        }
        let c = b.at(h.hex);
        let step = small * 1.08;
        let per_row = if step * rolls.len() as f64 > 0.8 * b.spec.flat { 2 } else { rolls.len() };
        let rows = rolls.len().div_ceil(per_row);
        for (k, n) in rolls.iter().enumerate() {
            let (row, col) = (k / per_row, k % per_row);
            let in_row = (rolls.len() - row * per_row).min(per_row);
            let x = c.x + step * (col as f64 - (in_row as f64 - 1.0) / 2.0);
            let y = if rows == 1 {
                c.y + 0.32 * b.g.radius()
            } else {
                c.y + step * (row as f64 - (rows as f64 - 1.0) / 2.0)
            };
            push_chip(b, *n, Pt::new(x, y), small, drawn);
        }
    }
}

/// Text runs of a picture's chip marked as pictured.
fn pictured(items: Vec<Item>) -> Vec<Item> {
    items.into_iter().map(|i| i.with_role(TextRole::Picture)).collect()
}
