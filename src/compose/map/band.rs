//! The band under a full-size map: the title block, the scale ruler and the
//! legend ([`info_band`]); the overview page lays the title block and legend
//! out again as its key.

use crate::compose::art::{centre_baseline, text};
use crate::compose::map::spec::{group, Block, MapSpec};
use crate::fonts::text_width;
use crate::scene::{Anchor, Color, Item, Path, Pt, Rect, Stroke, TextRole, Transform, Weight};
use crate::solve::Layout;

/// The paper around a full-size map's board and band, mm.
pub(crate) const PAD: f64 = 8.0;

fn rule(a: Pt, b: Pt, c: Color, w: f64) -> Item {
    Item::Path { path: Path::line(a, b), fill: None, stroke: Some(Stroke::solid(c, w)) }
}

/// Title block, scale ruler (with `ruler`: only where the page is at 1:1)
/// and legend below the board, from `top` on a canvas `width` mm wide.
/// Returns the blocks, the band height and the width it needs.
pub(crate) fn info_band(
    layout: &Layout,
    spec: &MapSpec<'_>,
    top: f64,
    width: f64,
    ruler: bool,
) -> (Vec<Block>, f64, f64) {
    let s = spec.theme.sizes;
    let (title, tw, th) = title_block(layout, spec, top);
    let mut blocks = vec![title];
    let rx = PAD + tw + 10.0;
    let ruler_w = 100.0f64.max(text_width(
        "scale 1:1 · 10 cm · hexes 000 mm across the flats",
        Weight::Regular,
        s.small_text,
    ));
    if ruler {
        blocks.push(scale_ruler(spec, rx, top + 8.0, ruler_w));
    }
    let (rx, ruler_w) = if ruler { (rx, ruler_w) } else { (PAD + tw - 10.0, 0.0) };
    let (legend, band_h) = legend(layout, spec, (top, th), width, rx + ruler_w + 10.0);
    blocks.push(legend);
    (blocks, band_h.max(th), tw + 10.0 + ruler_w)
}

/// The title block at (`PAD`, `top`): the map's title, players, seed, view,
/// version, the command that makes it again and the spec's notes. Returns
/// the block, its width and its height.
fn title_block(layout: &Layout, spec: &MapSpec<'_>, top: f64) -> (Block, f64, f64) {
    let pal = spec.theme.palette(spec.mode);
    let s = spec.theme.sizes;
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
        .map(|l| text_width(l, Weight::Regular, s.small_text))
        .fold(text_width(&layout.title, Weight::Bold, s.title_text), f64::max)
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
    let block = Block::art(
        Rect::new(PAD, top, tw, th),
        Item::Group { transform: Transform::IDENTITY, clip: None, items },
    );
    (block, tw, th)
}

/// The scale ruler: 100 mm with centimetre ticks, its line at (`rx`, `ry`),
/// in a block `ruler_w` mm wide.
fn scale_ruler(spec: &MapSpec<'_>, rx: f64, ry: f64, ruler_w: f64) -> Block {
    let pal = spec.theme.palette(spec.mode);
    let s = spec.theme.sizes;
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
    Block::art(
        Rect::new(rx, ry - 6.0, ruler_w, 14.0),
        Item::Group { transform: Transform::IDENTITY, clip: None, items },
    )
}

/// The legend: one swatch per terrain, region and mark on the map, in cells
/// wide enough for the longest name; at `beside` (right of the ruler) when
/// the canvas is wide enough and that makes the band no taller than the
/// legend below the title block (`top`, height `th`) at full width would.
/// Returns the block and the band's height down to the legend's foot.
fn legend(
    layout: &Layout,
    spec: &MapSpec<'_>,
    (top, th): (f64, f64),
    width: f64,
    beside: f64,
) -> (Block, f64) {
    let pal = spec.theme.palette(spec.mode);
    let entries = crate::compose::map::legend::entries(layout, spec);
    let key = spec.theme.sizes.key_text;
    let widest: f64 =
        entries.iter().map(|(n, _)| text_width(n, Weight::Regular, key)).fold(0.0, f64::max);
    let cell = ((12.0 + widest + 4.0).max(36.0), 12.0f64.max(2.0 * key + 4.0));
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
    let block = Block::art(
        Rect::new(lx, ly - 5.0, lw, lh + 5.0),
        Item::Group { transform: Transform::IDENTITY, clip: None, items },
    );
    (block, (ly - top) + lh)
}
