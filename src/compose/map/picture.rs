//! One readable picture of the whole board, for the map's overview page and
//! the rules handout: the board redrawn small, but with every chip number,
//! harbor ratio and hex name at the picture's text size
//! ([`PICTURE_TEXT`], 6.5 pt) rather than shrunk with the hexes; a hex name
//! too long for its hex becomes a letter explained in the picture's notes.
//!
//! The picture is readable when its hexes are at least [`PICTURE_MIN_FLAT`]
//! across; [`check_readable`] says, before anything is drawn, when a board
//! is too wide or tall for that on the chosen paper.

use crate::compose::art::{centre_baseline, text};
use crate::compose::map::canvas::{map_canvas, Block, MapCanvas, MapSpec};
use crate::compose::map::legend::SWATCH;
pub(crate) use crate::compose::map::marks::{PICTURE_MIN_FLAT, PICTURE_TEXT};
use crate::fonts::text_width;
use crate::scene::{Anchor, Color, HexGeom, Item, Page, Pt, TextRole, Transform, Weight};
use crate::settings::{Settings, View};
use crate::solve::Layout;

/// The board's width and height in hexes' flat-to-flat widths (its size at
/// a hex width of 1 mm), without the picture's paper border.
pub(crate) fn board_units(layout: &Layout) -> (f64, f64) {
    let g = HexGeom::new(1.0);
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for h in &layout.hexes {
        let c = g.center(h.hex);
        x0 = x0.min(c.x - 0.5);
        x1 = x1.max(c.x + 0.5);
        y0 = y0.min(c.y - g.radius());
        y1 = y1.max(c.y + g.radius());
    }
    if layout.hexes.is_empty() {
        return (1.0, 1.0);
    }
    (x1 - x0, y1 - y0)
}

/// The widest hex (mm across the flats) with which the board and a 1 mm
/// border fit `w` x `h` mm.
pub(crate) fn fit_flat(layout: &Layout, w: f64, h: f64) -> f64 {
    let (uw, uh) = board_units(layout);
    ((w - 2.0) / uw).min((h - 2.0) / uh).max(0.0)
}

/// The board drawn as a picture with hexes `flat` mm across, in `view`,
/// with the settings' palette: a canvas whose blocks are the picture (no
/// title block or legend), with its notes.
pub(crate) fn picture_canvas(
    layout: &Layout,
    settings: &Settings,
    view: View,
    flat: f64,
) -> MapCanvas {
    let spec = MapSpec {
        theme: &settings.theme,
        mode: settings.mode,
        view,
        flat,
        labels: settings.labels,
        notes: &[],
        command: "",
        key_width: None,
        picture: true,
    };
    map_canvas(layout, &spec)
}

/// The view the players may see: the play view when the layout has
/// face-down tiles (a setup view would show what they hide).
pub fn players_view(layout: &Layout, settings: &Settings) -> View {
    if layout.hexes.iter().any(|h| h.face_down) {
        View::Play
    } else {
        settings.view
    }
}

/// The picture's notes (letter, hex name) laid out from (`x`, `y`) in rows
/// no wider than `width`, in `ink` (the theme's `inks.picture_notes`);
/// returns the items and the height used.
pub(crate) fn notes_items(
    notes: &[(String, String)],
    x: f64,
    y: f64,
    width: f64,
    ink: Color,
) -> (Vec<Item>, f64) {
    let s = TextRole::Body.min_mm().max(PICTURE_TEXT) * 1.2;
    let mut items = Vec::new();
    let (mut cx, mut cy) = (x, y + s);
    for (letter, name) in notes {
        let lw = text_width(letter, Weight::Bold, s);
        let w = lw + 1.5 + text_width(name, Weight::Regular, s) + 6.0;
        if cx > x && cx + w > x + width {
            cx = x;
            cy += 1.5 * s;
        }
        items.push(text(Pt::new(cx, cy), letter.clone(), s, Weight::Bold, Anchor::Start, ink));
        items.push(text(
            Pt::new(cx + lw + 1.5, cy),
            name.clone(),
            s,
            Weight::Regular,
            Anchor::Start,
            ink,
        ));
        cx += w;
    }
    let h = if notes.is_empty() { 0.0 } else { cy - y + 0.5 * s };
    (items, h)
}

/// Draws `blocks` (a picture canvas's), with `between` drawn over the
/// hexes' art and under their marks (chips, harbors, names).
pub(crate) fn layered(blocks: &[Block], between: Vec<Item>) -> Vec<Item> {
    let mut items: Vec<Item> = blocks.iter().filter(|b| !b.mark).map(|b| b.item.clone()).collect();
    items.extend(between);
    items.extend(blocks.iter().filter(|b| b.mark).map(|b| b.item.clone()));
    items
}

/// The handout's map picture: the board as the players see it, as wide as
/// `width` mm and at most `max_h` mm tall (never below the readable hex
/// size: [`check_readable`] reports a board too large for that before
/// anything is drawn), then its notes and the legend at full size.
pub(crate) fn handout_picture(
    layout: &Layout,
    settings: &Settings,
    width: f64,
    max_h: f64,
) -> Page {
    let view = players_view(layout, settings);
    let key = legend_items(layout, settings, view, width);
    let flat = fit_flat(layout, width, max_h).max(PICTURE_MIN_FLAT);
    let c = picture_canvas(layout, settings, view, flat);
    let mut page = Page::new(width, 0.0, "map picture");
    let x = ((width - c.width) / 2.0).max(0.0);
    page.push(Item::Group {
        transform: Transform::translate(x, 0.0),
        clip: None,
        items: layered(&c.blocks, Vec::new()),
    });
    let mut y = c.height + 2.0;
    let (notes, nh) = notes_items(&c.notes, 0.0, y, width, settings.theme.inks.picture_notes);
    page.items.extend(notes);
    y += nh + if nh > 0.0 { 2.0 } else { 0.0 };
    page.push(Item::Group { transform: Transform::translate(0.0, y), clip: None, items: key.0 });
    page.height = y + key.1;
    page
}

/// The legend at full size (names at the key's text size), in cells as wide
/// as the longest name, in rows no wider than `width`, top at 0; and its
/// height.
pub(crate) fn legend_items(
    layout: &Layout,
    settings: &Settings,
    view: View,
    width: f64,
) -> (Vec<Item>, f64) {
    let spec = MapSpec {
        theme: &settings.theme,
        mode: settings.mode,
        view,
        flat: settings.theme.sizes.hex_flat,
        labels: settings.labels,
        notes: &[],
        command: "",
        key_width: None,
        picture: true,
    };
    let pal = settings.theme.palette(settings.mode);
    let entries = crate::compose::map::legend::entries(layout, &spec);
    let key = settings.theme.sizes.key_text;
    let widest =
        entries.iter().map(|(n, _)| text_width(n, Weight::Regular, key)).fold(0.0, f64::max);
    let cell = (SWATCH + 4.0 + widest + 4.0, SWATCH.max(key) + 3.0);
    let cols = ((width / cell.0).floor() as usize).max(1);
    let mut items = Vec::new();
    for (i, (name, tile)) in entries.iter().enumerate() {
        let (col, row) = (i % cols, i / cols);
        let (x, y) = (col as f64 * cell.0, row as f64 * cell.1 + cell.1 / 2.0);
        items.push(Item::Group {
            transform: Transform::translate(x + SWATCH / 2.0, y),
            clip: None,
            items: tile.clone(),
        });
        items.push(
            text(
                Pt::new(x + SWATCH + 2.0, y + centre_baseline(key)),
                name.clone(),
                key,
                Weight::Regular,
                Anchor::Start,
                pal.ink,
            )
            .with_role(TextRole::Key),
        );
    }
    let rows = entries.len().div_ceil(cols);
    (items, rows as f64 * cell.1)
}

/// The board is too wide or too tall for a readable picture on the chosen
/// paper.
#[derive(Debug, thiserror::Error)]
#[error(
    "the board of `{title}` is {across} hexes across and {rows} tall: on {paper} paper its picture (on the map's overview page and in the rules handout) would draw hexes {got} mm across, and chip numbers and harbors stay readable (6 pt) only from {need} mm\n  hint: {hint}"
)]
pub struct Unreadable {
    /// The scenario's title.
    pub title: String,
    /// Hexes across the board.
    pub across: String,
    /// Rows of hexes ("1 row", "7 rows").
    pub rows: String,
    /// The paper's name.
    pub paper: String,
    /// The largest hex the picture could draw, mm.
    pub got: String,
    /// The smallest readable hex, mm.
    pub need: String,
    /// What helps.
    pub hint: String,
}

/// The room a picture of the board gets on `paper` (portrait width,
/// height) with `margin`: the larger hex of the handout's text column and a
/// whole page in either orientation, whichever is smaller (both must be
/// readable).
fn best_flat(layout: &Layout, paper: (f64, f64), margin: f64) -> f64 {
    let (w, h) = paper;
    // The handout's text column: 18 mm margins, room for a heading above.
    let handout = fit_flat(layout, w - 36.0, h - 36.0 - 40.0);
    let page = |w: f64, h: f64| fit_flat(layout, w - 2.0 * margin, h - 2.0 * margin - 30.0);
    handout.min(page(w, h).max(page(h, w)))
}

/// Checks that the board of `layout` can be pictured readably on the
/// settings' paper; the error names the paper that can, or says the board
/// needs fewer hexes across.
pub(crate) fn check_readable(layout: &Layout, settings: &Settings) -> Result<(), Box<Unreadable>> {
    let margin = settings.sheets.margin;
    let got = best_flat(layout, settings.paper_mm(), margin);
    if got >= PICTURE_MIN_FLAT {
        return Ok(());
    }
    let (uw, uh) = board_units(layout);
    // Rows: a row adds 1.5 R = 0.866 flats to the first row's 2 R.
    let rows = ((uh - 2.0 / 3f64.sqrt()) / (0.5 * 3f64.sqrt())).round() + 1.0;
    let a3 = crate::settings::Paper::A3;
    let larger = settings.sheets.papers.iter().find(|p| p.name == a3.name()).is_some_and(|p| {
        settings.paper_mm().0 < p.width
            && best_flat(layout, (p.width, p.height), margin) >= PICTURE_MIN_FLAT
    });
    let paper = settings.sheets.paper.name.clone();
    let hint = if larger {
        "choose a larger paper: --paper a3".to_string()
    } else {
        // Which way the board is too large, and how many fit that way.
        let (w, h) = settings.paper_mm();
        let (fit_w, fit_h) = (w - 36.0 - 2.0, h - 36.0 - 40.0 - 2.0);
        if uw * PICTURE_MIN_FLAT > fit_w {
            let most = (fit_w / PICTURE_MIN_FLAT).floor();
            format!(
                "draw a map of fewer hexes across: at most {} fit on {paper} paper",
                crate::units::num(most)
            )
        } else {
            let most = ((fit_h / PICTURE_MIN_FLAT - 2.0 / 3f64.sqrt()) / (0.5 * 3f64.sqrt()))
                .floor()
                + 1.0;
            format!(
                "draw a map of fewer rows: at most {} fit on {paper} paper",
                crate::units::num(most)
            )
        }
    };
    let mm = |v: f64| crate::units::num((v * 10.0).floor() / 10.0);
    Err(Box::new(Unreadable {
        title: layout.title.clone(),
        across: crate::units::num(uw.round()),
        rows: if rows == 1.0 {
            "1 row".into()
        } else {
            format!("{} rows", crate::units::num(rows))
        },
        paper,
        got: mm(got),
        need: mm(PICTURE_MIN_FLAT),
        hint,
    }))
}
