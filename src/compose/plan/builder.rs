//! The builder's sheet: the true contents of every face-down region (which
//! tiles, and the order of its chip stack), on a page of its own for the
//! person who builds the board. It goes in the print pack only: never in the
//! handout or on a map the players see.

use std::collections::BTreeMap;

use crate::compose::art::text;
use crate::compose::flow::wrap::pack_units;
use crate::compose::map::picture::{
    fit_flat, layered, legend_items, notes_items, picture_canvas, PICTURE_MIN_FLAT,
};
use crate::scene::{Anchor, Item, Page, Path, Pt, Rect, Stroke, Transform, Weight};
use crate::settings::{Settings, View};
use crate::solve::Layout;

/// The warning at the top of the builder's sheet.
pub const BUILDER_HEADING: &str = "For the person who builds the board — do not show the players";

/// The words that open each chip-stack line of the builder's sheet.
pub const STACK_LEAD: &str = "Chip stack, top first:";

/// The page label of the builder's sheet.
pub(crate) const BUILDER_LABEL: &str = "builder's sheet";

/// One line of the builder's sheet: its weight and its units, the pieces
/// a line break may fall between (a word, or a whole list item such as
/// "3 × hills," that must never be split).
type Line = (Weight, Vec<String>);

fn words(s: &str) -> Vec<String> {
    s.split(' ').map(str::to_string).collect()
}

/// `lead` as words, then `items` as whole units, each but the last
/// followed by `sep`.
fn listed(lead: &str, items: &[String], sep: &str) -> Vec<String> {
    let mut v = words(lead);
    let n = items.len();
    v.extend(items.iter().enumerate().map(
        |(i, t)| {
            if i + 1 < n {
                format!("{t}{sep}")
            } else {
                t.clone()
            }
        },
    ));
    v
}

/// What one face-down region holds, as lines: a heading with its name, the
/// face-down tiles by terrain, and the chip stack from the top.
fn region_lines(layout: &Layout, ri: usize) -> Vec<Line> {
    let r = &layout.regions[ri];
    let mut tiles: BTreeMap<&str, usize> = BTreeMap::new();
    let mut n = 0;
    for h in layout.hexes.iter().filter(|h| h.face_down && h.region == Some(ri as u32)) {
        *tiles.entry(h.terrain.label()).or_default() += 1;
        n += 1;
    }
    let list: Vec<String> = tiles.iter().map(|(t, k)| format!("{k} × {t}")).collect();
    let stack: Vec<String> = r.chip_stack.iter().map(u8::to_string).collect();
    let mut lines = vec![(Weight::Bold, words(&r.name))];
    lines.push((Weight::Regular, listed(&format!("{n} tiles face down:"), &list, ",")));
    if stack.is_empty() {
        lines.push((Weight::Regular, words("No chip stack.")));
    } else {
        lines.push((Weight::Regular, listed(STACK_LEAD, &stack, " ·")));
    }
    lines
}

/// The builder's map: the whole board in the setup view (every face-down
/// tile hatched, showing its terrain and pictogram where it must lie) as a
/// readable picture ([`board_picture`](crate::compose::map::picture): chip numbers,
/// harbors and names at the picture's text size, hexes never under
/// [`PICTURE_MIN_FLAT`]), with its notes and the legend at full size below,
/// `width` mm wide with hexes `flat` mm across; top-left at `at`. Returns
/// the items and their height.
fn setup_map(layout: &Layout, settings: &Settings, at: Pt, width: f64, flat: f64) -> (Item, f64) {
    let c = picture_canvas(layout, settings, View::Setup, flat);
    let mut items = vec![Item::Group {
        transform: Transform::translate(((width - c.width) / 2.0).max(0.0), 0.0),
        clip: None,
        items: layered(&c.blocks, Vec::new()),
    }];
    let mut y = c.height + 2.0;
    let (notes, nh) = notes_items(&c.notes, 0.0, y, width, settings.theme.inks.picture_notes);
    items.extend(notes);
    y += nh + if nh > 0.0 { 2.0 } else { 0.0 };
    let key = legend_items(layout, settings, View::Setup, width);
    items.push(Item::Group { transform: Transform::translate(0.0, y), clip: None, items: key.0 });
    let group = Item::Group { transform: Transform::translate(at.x, at.y), clip: None, items };
    (group, y + key.1)
}

/// The height of [`setup_map`]'s notes and legend below the board.
fn below_map(layout: &Layout, settings: &Settings, width: f64, flat: f64) -> f64 {
    let c = picture_canvas(layout, settings, View::Setup, flat);
    let (_, nh) = notes_items(&c.notes, 0.0, 0.0, width, settings.theme.inks.picture_notes);
    2.0 + nh
        + if nh > 0.0 { 2.0 } else { 0.0 }
        + legend_items(layout, settings, View::Setup, width).1
}

/// The widest readable hex (mm across the flats, at most the map sheets'
/// size) with which the board, its notes and legend fit `width` x `height`;
/// `None` when even [`PICTURE_MIN_FLAT`] does not fit.
fn map_flat(layout: &Layout, settings: &Settings, width: f64, height: f64) -> Option<f64> {
    let below = below_map(layout, settings, width, PICTURE_MIN_FLAT);
    let flat = fit_flat(layout, width, height - below).min(settings.theme.sizes.hex_flat);
    (flat >= PICTURE_MIN_FLAT).then_some(flat)
}

/// The builder's sheet of `layout` on the chosen paper, or nothing when the
/// layout has no face-down region: a warning heading, how to build, the
/// setup-view map of the whole board (where every face-down tile lies), and
/// each region's tiles and chip stack in order.
pub fn builder_pages(layout: &Layout, settings: &Settings) -> Vec<Page> {
    let hidden: Vec<usize> = (0..layout.regions.len())
        .filter(|&ri| {
            layout.regions[ri].face_down
                && layout.hexes.iter().any(|h| h.face_down && h.region == Some(ri as u32))
        })
        .collect();
    if hidden.is_empty() {
        return Vec::new();
    }
    let (w, h) = settings.paper_mm();
    let m = settings.sheets.margin.max(10.0);
    let pal = settings.theme.palette(settings.mode);
    let s = settings.theme.sizes;
    let body = s.small_text.max(3.5);
    let room = w - 2.0 * m;
    let mut page = Page::new(w, h, BUILDER_LABEL);
    let mut y = builder_head(&mut page, layout, settings, m, body);
    // The lists below the map, laid out first so the map takes the room left.
    let lines = region_list(layout, &hidden, body, room);
    let list_h: f64 = lines
        .iter()
        .map(|(w, size, _)| size * 1.4 + if *w == Weight::Bold { body } else { 0.0 })
        .sum();
    y += 3.0;
    // The map takes the room the lists leave; when a readable picture does
    // not fit there, it gets a page of its own (landscape when that holds
    // larger hexes).
    let map_h = h - m - 6.0 - list_h - y;
    let mut map_page = None;
    match map_flat(layout, settings, room, map_h) {
        Some(flat) => {
            let (picture, used) = setup_map(layout, settings, Pt::new(m, y), room, flat);
            page.push(picture);
            y += used + 2.0;
        }
        None => {
            for line in pack_units(MAP_OVERLEAF.split(' '), " ", Weight::Bold, body, room) {
                y += body * 1.4;
                page.push(text(Pt::new(m, y), line, body, Weight::Bold, Anchor::Start, pal.ink));
            }
            map_page = Some(own_map_page(layout, settings, (w, h), m));
        }
    }
    for (weight, size, line) in lines {
        if weight == Weight::Bold {
            y += body;
        }
        y += size * 1.4;
        let x = if weight == Weight::Bold { m } else { m + 4.0 };
        page.push(text(Pt::new(x, y), line, size, weight, Anchor::Start, pal.ink));
    }
    page.push(Item::Path {
        path: Path::rect(Rect::new(m / 2.0, m / 2.0, w - m, (y + body).min(h - m) - m / 2.0)),
        fill: None,
        stroke: Some(Stroke { color: pal.ink, width: 0.5, dash: vec![3.0, 2.0] }),
    });
    let mut pages = vec![page];
    pages.extend(map_page);
    pages
}

/// The builder's sheet's warning heading, a rule and the instructions, from
/// the top margin `m` down, in `body` text; returns where they end.
fn builder_head(page: &mut Page, layout: &Layout, settings: &Settings, m: f64, body: f64) -> f64 {
    let w = page.width;
    let room = w - 2.0 * m;
    let pal = settings.theme.palette(settings.mode);
    let mut y = m;
    let head = settings.theme.sizes.title_text.min(6.0);
    for line in pack_units(BUILDER_HEADING.split(' '), " ", Weight::Bold, head, room) {
        y += head * 1.25;
        page.push(text(Pt::new(m, y), line, head, Weight::Bold, Anchor::Start, pal.ink));
    }
    y += 3.0;
    page.push(Item::Path {
        path: Path::line(Pt::new(m, y), Pt::new(w - m, y)),
        fill: None,
        stroke: Some(Stroke::solid(pal.ink, 0.6)),
    });
    let intro = format!(
        "{} · {} players · seed {}. For a host who does not play: lay each cut-out tile \
         face down on the hex where the map below shows its terrain (hatched), and stack \
         each area's number chips face down beside the board in the order listed, top \
         first; never shuffle them again. Keep this sheet out of the players' sight.",
        layout.title, layout.players, layout.seed
    );
    y += 2.0;
    for line in pack_units(intro.split(' '), " ", Weight::Regular, body, room) {
        y += body * 1.4;
        page.push(text(Pt::new(m, y), line, body, Weight::Regular, Anchor::Start, pal.ink));
    }
    y
}

/// Each hidden region's tiles and chip stack as lines of `room` mm (its
/// heading bold and larger): weight, size and text.
fn region_list(
    layout: &Layout,
    hidden: &[usize],
    body: f64,
    room: f64,
) -> Vec<(Weight, f64, String)> {
    let mut lines = Vec::new();
    for &ri in hidden {
        for (weight, units) in region_lines(layout, ri) {
            let size = if weight == Weight::Bold { body * 1.2 } else { body };
            for line in pack_units(units.iter().map(String::as_str), " ", weight, size, room - 4.0)
            {
                lines.push((weight, size, line));
            }
        }
    }
    lines
}

/// What the builder's sheet says when its map is on the next page.
const MAP_OVERLEAF: &str = "The map of where each face-down tile lies is on the next page.";

/// The builder's map on a page of its own, portrait or landscape (whichever
/// holds the larger hexes), under the sheet's warning.
fn own_map_page(layout: &Layout, settings: &Settings, (w, h): (f64, f64), m: f64) -> Page {
    let pal = settings.theme.palette(settings.mode);
    let head = settings.theme.sizes.title_text.min(6.0);
    let top = m + head * 1.25 + 4.0;
    let fit = |w: f64, h: f64| {
        let below = below_map(layout, settings, w - 2.0 * m, PICTURE_MIN_FLAT);
        fit_flat(layout, w - 2.0 * m, h - top - m - below)
    };
    let (w, h) = if fit(h, w) > fit(w, h) { (h, w) } else { (w, h) };
    // [`check_readable`](crate::compose::map::picture::check_readable) refused any
    // board too large for this before anything was drawn.
    let flat = fit(w, h).min(settings.theme.sizes.hex_flat).max(PICTURE_MIN_FLAT);
    let mut page = Page::new(w, h, BUILDER_LABEL);
    let heading = format!("{BUILDER_HEADING}: where each face-down tile lies");
    page.push(text(
        Pt::new(m, m + head * 1.25),
        heading,
        head,
        Weight::Bold,
        Anchor::Start,
        pal.ink,
    ));
    page.push(setup_map(layout, settings, Pt::new(m, top), w - 2.0 * m, flat).0);
    page
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fonts::text_width;

    #[test]
    fn list_items_wrap_between_items_never_inside_one() {
        let items: Vec<String> =
            ["3 × hills", "4 × forest", "2 × mountains", "5 × pasture", "1 × gold field"]
                .map(str::to_string)
                .to_vec();
        let units = listed("15 tiles face down:", &items, ",");
        let lines = pack_units(units.iter().map(String::as_str), " ", Weight::Regular, 3.5, 45.0);
        assert!(lines.len() > 2, "{lines:?}");
        let all = "15 tiles face down: 3 × hills, 4 × forest, 2 × mountains, 5 × pasture, \
                   1 × gold field";
        assert_eq!(lines.join(" "), all);
        for l in &lines {
            // Every line ends after a whole item (its comma), the lead or the last item.
            assert!(l.ends_with(',') || l.ends_with(':') || l.ends_with("gold field"), "{l}");
            assert!(text_width(l, Weight::Regular, 3.5) <= 45.0, "{l}");
        }
    }

    /// Every text of `item`, depth first.
    fn texts(item: &Item, out: &mut Vec<String>) {
        match item {
            Item::Text { text, .. } => out.push(text.clone()),
            Item::Group { items, .. } => items.iter().for_each(|i| texts(i, out)),
            Item::Path { .. } => {}
        }
    }

    fn paths(item: &Item) -> usize {
        match item {
            Item::Path { .. } => 1,
            Item::Group { items, .. } => items.iter().map(paths).sum(),
            Item::Text { .. } => 0,
        }
    }

    #[test]
    fn the_builders_map_is_readable_and_hatches_without_marks() {
        let src = crate::builtin::source("seven-islands").expect("built-in");
        let s = crate::model::load(&src).expect("valid");
        let opts = crate::solve::SolveOptions::default();
        let l = crate::solve::solve(&s, 4, 1, &opts).expect("solvable");
        assert!(l.hexes.iter().any(|h| h.face_down));
        let settings = Settings::default();
        let (picture, h) = setup_map(&l, &settings, Pt::default(), 180.0, PICTURE_MIN_FLAT);
        assert!(h > 0.0 && paths(&picture) > l.hexes.len());
        let mut words = Vec::new();
        texts(&picture, &mut words);
        assert!(!words.iter().any(|w| w == crate::compose::art::FACE_DOWN_MARK), "{words:?}");
        // Every chip of the board is on the builder's map.
        for n in l.hexes.iter().filter_map(|h| h.number) {
            assert!(words.iter().any(|w| *w == n.to_string()), "chip {n} missing: {words:?}");
        }
        // Every page of the builder's sheet lies on its paper.
        for page in builder_pages(&l, &settings) {
            assert!(page.width > 0.0 && page.height > 0.0);
        }
    }

    #[test]
    fn wrap_keeps_every_word_and_the_width() {
        let s = "one two three four five six seven eight nine ten";
        let lines = pack_units(s.split(' '), " ", Weight::Regular, 3.5, 30.0);
        assert!(lines.len() > 1, "{lines:?}");
        assert_eq!(lines.join(" "), s);
        for l in &lines {
            assert!(text_width(l, Weight::Regular, 3.5) <= 30.0 || !l.contains(' '), "{l}");
        }
    }
}
