//! Layout -> the map canvas at true scale: hexes with pictograms, number
//! chips, harbors with landing lines, fog hexes, then a band with the title
//! block, the scale ruler and the legend. [`super::tiles`] cuts it into sheets.

use super::art::{self, centre_baseline, text, text_width};
use super::docks::{council_docks, docks, DOCK_CORNERS, DOCK_RADIUS, DOCK_REACH};
use super::map_marks::{self, harbor_block, PICTURE_CHIP};
use crate::axial::Hex;
use crate::scene::HexGeom;
use crate::scene::{Anchor, Color, Item, Path, Pt, Rect, Stroke, TextRole, Transform, Weight};
use crate::settings::View;
use crate::solve::Layout;
use crate::vocab::Terrain;

pub use super::canvas::{Block, MapCanvas, MapSpec};

const PAD: f64 = 8.0;
/// The paper around a picture's board, mm.
const PICTURE_PAD: f64 = 1.0;

fn group(at: Pt, items: Vec<Item>) -> Item {
    Item::Group { transform: Transform::translate(at.x, at.y), clip: None, items }
}

fn hex_bounds(g: HexGeom, c: Pt) -> Rect {
    Rect::new(c.x - g.flat / 2.0, c.y - g.radius(), g.flat, g.height())
}

/// Composes the map canvas of `layout`.
pub fn map_canvas(layout: &Layout, spec: &MapSpec<'_>) -> MapCanvas {
    let g = HexGeom::new(spec.flat);
    let pal = spec.theme.palette(spec.mode);
    // Board bounds from every hex corner.
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
    let (bw, bh) = (x1 - x0, y1 - y0);
    let pad = if spec.picture { PICTURE_PAD } else { PAD };
    let origin = Pt::new(pad - x0, pad - y0);
    let at = |h: Hex| {
        let c = g.center(h);
        Pt::new(c.x + origin.x, c.y + origin.y)
    };
    let hidden = |face_down: bool| face_down && spec.view == View::Play;
    // A fishing ground's number is printed as a chip (with its pips), like
    // the published tiles, rather than as a text label.
    let label_chip = |i: usize| -> Option<u8> {
        let h = &layout.hexes[i];
        let n: u8 = layout.label(i)?.trim().parse().ok()?;
        (h.terrain == Terrain::FishingGround && h.number.is_none() && crate::vocab::pips(n) > 0)
            .then_some(n)
    };

    let mut blocks = Vec::new();
    let mut keep_whole = Vec::new();
    let (mut chips, mut harbor_discs) = (Vec::new(), Vec::new());
    let hexes: Vec<Pt> = layout.hexes.iter().map(|h| at(h.hex)).collect();
    let harbor_at = |h: Hex| layout.harbors.iter().find(|p| p.hex == h);

    // 1. Hex tiles.
    for (i, h) in layout.hexes.iter().enumerate() {
        let c = at(h.hex);
        let items = if hidden(h.face_down) {
            art::fog_face(spec.flat, spec.theme, spec.mode)
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
            let chip = h.number.is_some() || label_chip(i).is_some() || named;
            art::terrain_tile(h.terrain, spec.flat, spec.theme, spec.mode, chip)
        };
        let mut items = items;
        if h.face_down && spec.view == View::Setup && spec.picture {
            // The hatching alone: the legend names it.
            items.push(art::face_down_hatch(spec.flat, spec.theme, spec.mode));
        } else if h.face_down && spec.view == View::Setup {
            items.extend(art::face_down_overlay(spec.flat, spec.theme, spec.mode));
        }
        blocks.push(Block::art(hex_bounds(g, c), group(c, items)));
    }
    // 1b. Region outlines, just inside the regions' edges; then the council's
    // docks, whose landing lines cross them to the corners.
    for (i, band) in super::regions::region_bands(layout, spec.flat, spec.theme, spec.mode) {
        let c = at(layout.hexes[i].hex);
        blocks.push(Block::art(hex_bounds(g, c), group(c, vec![band])));
    }
    for h in layout.hexes.iter().filter(|h| !hidden(h.face_down) && docks(h.terrain) > 0) {
        let c = at(h.hex);
        let items = council_docks(spec.flat, spec.theme, spec.mode);
        for k in DOCK_CORNERS {
            let p = g.corners(c)[k];
            let badge = Pt::new(c.x + DOCK_REACH * (p.x - c.x), c.y + DOCK_REACH * (p.y - c.y));
            keep_whole.push((badge, DOCK_RADIUS * spec.flat));
        }
        blocks.push(Block::art(hex_bounds(g, c), group(c, items)));
    }
    let d = if spec.picture {
        (spec.theme.sizes.chip_diameter * spec.flat / spec.theme.sizes.hex_flat).max(PICTURE_CHIP)
    } else {
        spec.theme.sizes.chip_diameter
    };
    let chip_box = |i: usize| {
        let h = &layout.hexes[i];
        (h.number.is_some() || label_chip(i).is_some()).then(|| {
            let c = at(h.hex);
            Rect::new(c.x - d / 2.0, c.y + 0.1 * g.radius() - d / 2.0, d, d)
        })
    };
    let mut notes: Vec<(String, String)> = Vec::new();
    // 2. Labels: the scenario's names (front coast, a lake's rolls, a spice
    // village's benefit) in bold, else with `--labels` the terrain's name.
    for (i, h) in layout.hexes.iter().enumerate().filter(|(_, h)| !hidden(h.face_down)) {
        let (name, weight) = match layout.label(i) {
            Some(_) if label_chip(i).is_some() => continue,
            Some(l) => (l.to_string(), Weight::Bold),
            None if spec.labels => (h.terrain.label().to_string(), Weight::Regular),
            None => continue,
        };
        let c = at(h.hex);
        if !spec.picture {
            blocks.push(map_marks::full_size_label(name, weight, c, g, spec));
            continue;
        }
        let taken = chip_box(i);
        if let Some(b) = map_marks::picture_label(&name, weight, c, g, taken, spec) {
            blocks.push(b);
            continue;
        }
        // Too long for the hex: a letter, named in the picture's notes.
        let k = match notes.iter().position(|(_, n)| *n == name) {
            Some(k) => k,
            None => {
                notes.push((map_marks::note_letter(notes.len()), name));
                notes.len() - 1
            }
        };
        blocks.push(map_marks::picture_marker(&notes[k].0, c, g, taken, spec));
    }
    // 3. Harbors.
    for hb in &layout.harbors {
        let on_hidden = layout.hexes.iter().any(|h| h.hex == hb.hex && hidden(h.face_down));
        if on_hidden {
            continue;
        }
        let (block, circle) = harbor_block(hb, at, g, spec);
        keep_whole.push(circle);
        harbor_discs.push(circle);
        blocks.push(block);
    }
    // 3b. Castaway spots, on the corners where castaway tokens lie.
    for (i, h) in layout.hexes.iter().enumerate().filter(|(_, h)| !hidden(h.face_down)) {
        let Some(k) = layout.castaway(i) else { continue };
        let (p, half) = super::spots::spot_at(g, at(h.hex), k);
        keep_whole.push((p, half * std::f64::consts::SQRT_2));
        blocks.push(Block::mark(
            Rect::new(p.x - half, p.y - half, 2.0 * half, 2.0 * half),
            group(Pt::default(), super::spots::spot_badge(p, half, spec.theme, spec.mode)),
        ));
    }
    // 4. Number chips.
    for (i, h) in layout.hexes.iter().enumerate().filter(|(_, h)| !hidden(h.face_down)) {
        if let Some(n) = h.number.or_else(|| label_chip(i)) {
            let c = at(h.hex);
            let cc = Pt::new(c.x, c.y + 0.1 * g.radius());
            keep_whole.push((cc, d / 2.0));
            chips.push((cc, d / 2.0));
            let chip = art::number_chip(n, d, pal);
            let chip = if spec.picture { pictured(chip) } else { chip };
            blocks.push(Block::mark(
                Rect::new(cc.x - d / 2.0, cc.y - d / 2.0, d, d),
                group(cc, chip),
            ));
        }
    }
    // 5. Chipless production rolls (a lake's 2, 3, 11, 12): small chips in a
    // row (in a picture, in rows of two when a row is too wide for the hex).
    let small = if spec.picture { PICTURE_CHIP } else { d * 0.5 };
    for (i, h) in layout.hexes.iter().enumerate().filter(|(_, h)| !hidden(h.face_down)) {
        let rolls = layout.rolls(i);
        if rolls.is_empty() || h.number.is_some() {
            continue;
        }
        let c = at(h.hex);
        let step = small * 1.08;
        let per_row = if step * rolls.len() as f64 > 0.8 * spec.flat { 2 } else { rolls.len() };
        let rows = rolls.len().div_ceil(per_row);
        for (k, n) in rolls.iter().enumerate() {
            let (row, col) = (k / per_row, k % per_row);
            let in_row = (rolls.len() - row * per_row).min(per_row);
            let x = c.x + step * (col as f64 - (in_row as f64 - 1.0) / 2.0);
            let y = if rows == 1 {
                c.y + 0.32 * g.radius()
            } else {
                c.y + step * (row as f64 - (rows as f64 - 1.0) / 2.0)
            };
            let cc = Pt::new(x, y);
            keep_whole.push((cc, small / 2.0));
            chips.push((cc, small / 2.0));
            let chip = art::number_chip(*n, small, pal);
            let chip = if spec.picture { pictured(chip) } else { chip };
            blocks.push(Block::mark(
                Rect::new(cc.x - small / 2.0, cc.y - small / 2.0, small, small),
                group(cc, chip),
            ));
        }
    }
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

/// Text runs of a picture's chip marked as pictured.
fn pictured(items: Vec<Item>) -> Vec<Item> {
    items.into_iter().map(|i| i.with_role(TextRole::Picture)).collect()
}

fn rule(a: Pt, b: Pt, c: Color, w: f64) -> Item {
    Item::Path { path: Path::line(a, b), fill: None, stroke: Some(Stroke::solid(c, w)) }
}

/// Title block, scale ruler (with `ruler`: only where the page is at 1:1)
/// and legend below the board. Returns the blocks, the band height and the
/// width it needs.
fn info_band(
    layout: &Layout,
    spec: &MapSpec<'_>,
    top: f64,
    width: f64,
    ruler: bool,
) -> (Vec<Block>, f64, f64) {
    let pal = spec.theme.palette(spec.mode);
    let s = spec.theme.sizes;
    let mut blocks = Vec::new();
    // Title block.
    let version = env!("CARGO_PKG_VERSION");
    let mut lines = vec![
        format!("{} players · seed {} · {} view", layout.players, layout.seed, spec.view.name()),
        format!("hexpress {version} · scenario {}", layout.scenario),
        format!("regenerate: {}", spec.command),
    ];
    if !spec.notes.is_empty() {
        lines.push(String::new());
        lines.extend(spec.notes.iter().cloned());
    }
    let tw = lines
        .iter()
        .map(|l| text_width(l, s.small_text, Weight::Regular))
        .fold(text_width(&layout.title, s.title_text, Weight::Bold), f64::max)
        + 8.0;
    let th = s.title_text + 4.0 + lines.len() as f64 * s.small_text * 1.5 + 2.0;
    let mut items = vec![Item::Path {
        path: Path::rect(Rect::new(PAD, top, tw, th)),
        fill: Some(pal.paper),
        stroke: Some(Stroke::solid(pal.ink, 0.4)),
    }];
    items.push(text(
        Pt::new(PAD + 4.0, top + 3.0 + s.title_text * 0.9),
        layout.title.clone(),
        s.title_text,
        Weight::Bold,
        Anchor::Start,
        pal.ink,
    ));
    for (i, l) in lines.iter().enumerate() {
        items.push(text(
            Pt::new(PAD + 4.0, top + 4.0 + s.title_text + (i as f64 + 1.0) * s.small_text * 1.5),
            l.clone(),
            s.small_text,
            Weight::Regular,
            Anchor::Start,
            pal.ink,
        ));
    }
    blocks.push(Block::art(
        Rect::new(PAD, top, tw, th),
        Item::Group { transform: Transform::IDENTITY, clip: None, items },
    ));
    // Scale ruler: 100 mm with centimetre ticks.
    let rx = PAD + tw + 10.0;
    let ry = top + 8.0;
    let mut items = vec![rule(Pt::new(rx, ry), Pt::new(rx + 100.0, ry), pal.ink, 0.4)];
    for i in 0..=20 {
        let x = rx + f64::from(i) * 5.0;
        let h = if i % 2 == 0 { 4.0 } else { 2.0 };
        items.push(rule(Pt::new(x, ry), Pt::new(x, ry + h), pal.ink, 0.25));
        if i % 2 == 0 {
            items.push(text(
                Pt::new(x, ry + 4.0 + s.small_text),
                (i / 2).to_string(),
                s.small_text,
                Weight::Regular,
                Anchor::Middle,
                pal.ink,
            ));
        }
    }
    items.push(text(
        Pt::new(rx, ry - 2.0),
        format!("scale 1:1 · 10 cm · hexes {} mm across the flats", crate::units::num(spec.flat)),
        s.small_text,
        Weight::Regular,
        Anchor::Start,
        pal.ink,
    ));
    let ruler_w = 100.0f64.max(text_width(
        "scale 1:1 · 10 cm · hexes 000 mm across the flats",
        s.small_text,
        Weight::Regular,
    ));
    if ruler {
        blocks.push(Block::art(
            Rect::new(rx, ry - 6.0, ruler_w, 14.0),
            Item::Group { transform: Transform::IDENTITY, clip: None, items },
        ));
    }
    let (rx, ruler_w) = if ruler { (rx, ruler_w) } else { (PAD + tw - 10.0, 0.0) };
    // Legend: one swatch per terrain, region and mark on the map, in cells
    // wide enough for the longest name.
    let entries = super::legend::entries(layout, spec);
    let key = s.key_text;
    let widest: f64 =
        entries.iter().map(|(n, _)| text_width(n, key, Weight::Regular)).fold(0.0, f64::max);
    let cell = ((12.0 + widest + 4.0).max(36.0), 12.0f64.max(2.0 * key + 4.0));
    // Beside the ruler when the canvas is wide enough and that makes the
    // band no taller than the legend below the title at full width would.
    let beside = rx + ruler_w + 10.0;
    let band = |lw: f64, below: f64| {
        let cols = ((lw / cell.0).floor() as usize).max(1);
        below + 4.0 + entries.len().div_ceil(cols).max(1) as f64 * cell.1
    };
    let fits_beside = width - PAD - beside >= 2.0 * cell.0
        && band(width - PAD - beside, 4.0) <= band((width - 2.0 * PAD).max(cell.0), th + 8.0);
    let (lx, ly, lw) = if fits_beside {
        (beside, top + 4.0, width - PAD - beside)
    } else {
        (PAD, top + th + 8.0, (width - 2.0 * PAD).max(cell.0))
    };
    let cols = ((lw / cell.0).floor() as usize).max(1);
    let count = entries.len();
    let mut items =
        vec![text(Pt::new(lx, ly), "Legend", key, Weight::Bold, Anchor::Start, pal.ink)
            .with_role(TextRole::Key)];
    for (i, (name, tile)) in entries.into_iter().enumerate() {
        let (col, row) = (i % cols, i / cols);
        let x = lx + col as f64 * cell.0;
        let y = ly + 4.0 + row as f64 * cell.1;
        items.push(group(Pt::new(x + 5.0, y + 6.0), tile));
        let name = text(
            Pt::new(x + 12.0, y + 6.0 + centre_baseline(key)),
            name,
            key,
            Weight::Regular,
            Anchor::Start,
            pal.ink,
        );
        items.push(name.with_role(TextRole::Key));
    }
    let rows = count.div_ceil(cols).max(1);
    let lh = 4.0 + rows as f64 * cell.1;
    let band_h = (ly - top) + lh;
    blocks.push(Block::art(
        Rect::new(lx, ly - 5.0, lw, lh + 5.0),
        Item::Group { transform: Transform::IDENTITY, clip: None, items },
    ));
    (blocks, band_h.max(th), tw + 10.0 + ruler_w)
}
