//! The builder's sheet: the true contents of every face-down region (which
//! tiles, and the order of its chip stack), on a page of its own for the
//! person who builds the board. It goes in the print pack only: never in the
//! handout or on a map the players see.

use std::collections::BTreeMap;

use super::art::{text, text_width};
use crate::scene::{Anchor, Item, Page, Path, Pt, Rect, Stroke, TextRole, Transform, Weight};
use crate::settings::{Settings, View};
use crate::solve::Layout;

/// The warning at the top of the builder's sheet.
pub const BUILDER_HEADING: &str = "For the person who builds the board — do not show the players";

/// The words that open each chip-stack line of the builder's sheet.
pub const STACK_LEAD: &str = "Chip stack, top first:";

/// The page label of the builder's sheet.
pub const BUILDER_LABEL: &str = "builder's sheet";

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

/// Splits `s` into lines no wider than `room` mm at `size` (at spaces).
fn wrap(s: &str, size: f64, weight: Weight, room: f64) -> Vec<String> {
    wrap_units(&words(s), size, weight, room)
}

/// Joins `units` with spaces into lines no wider than `room` mm at `size`,
/// breaking only between units (a unit wider than `room` gets a line alone).
fn wrap_units(units: &[String], size: f64, weight: Weight, room: f64) -> Vec<String> {
    let mut out = Vec::new();
    let mut line = String::new();
    for unit in units {
        let next = if line.is_empty() { unit.clone() } else { format!("{line} {unit}") };
        if !line.is_empty() && text_width(&next, size, weight) > room {
            out.push(std::mem::replace(&mut line, unit.clone()));
        } else {
            line = next;
        }
    }
    out.push(line);
    out
}

/// Every text of `item`, depth first.
fn texts(item: &Item, out: &mut Vec<String>) {
    match item {
        Item::Text { text, .. } => out.push(text.clone()),
        Item::Group { items, .. } => items.iter().for_each(|i| texts(i, out)),
        Item::Path { .. } => {}
    }
}

/// `item` without the texts not in `keep` (`None` when nothing is left). A
/// dropped [`FACE_DOWN_MARK`](super::art::FACE_DOWN_MARK) takes the plate
/// drawn just under it along, so no empty label is left on the hex.
fn keep_texts(item: Item, keep: &[String]) -> Option<Item> {
    match item {
        Item::Text { ref text, .. } if !keep.contains(text) => None,
        Item::Group { transform, clip, items } => {
            let mut kept: Vec<Item> = Vec::with_capacity(items.len());
            for i in items {
                let mark =
                    matches!(&i, Item::Text { text, .. } if text == super::art::FACE_DOWN_MARK);
                match keep_texts(i, keep) {
                    Some(i) => kept.push(i),
                    None if mark => {
                        if matches!(kept.last(), Some(Item::Path { fill: Some(_), .. })) {
                            kept.pop();
                        }
                    }
                    None => {}
                }
            }
            (!kept.is_empty()).then_some(Item::Group { transform, clip, items: kept })
        }
        other => Some(other),
    }
}

/// The builder's map: the whole board in the setup view (every face-down
/// tile hatched, showing its terrain and pictogram where it must lie),
/// scaled into `room` (width, height) mm with its top-left at `at`. Returns
/// the picture and its height.
fn setup_map(layout: &Layout, settings: &Settings, at: Pt, room: (f64, f64)) -> (Item, f64) {
    let setup = Settings { view: View::Setup, ..settings.clone() };
    let notes = super::map_pages::Notes::default();
    let canvas = super::map_pages::canvas(layout, &setup, &notes);
    // The picture's words are read full size on the map sheets: it keeps
    // those (chips, harbors, names) and drops the setup view's own marks,
    // which the hatching already shows.
    let play = Settings { view: View::Play, ..settings.clone() };
    let mut shown = Vec::new();
    for b in &super::map_pages::canvas(layout, &play, &notes).blocks {
        texts(&b.item, &mut shown);
    }
    let b = canvas.board;
    // A little of the sea frame's edge around the hexes.
    let frame = Rect::new(b.x - 2.0, b.y - 2.0, b.w + 4.0, b.h + 4.0);
    let s = (room.0 / frame.w).min(room.1 / frame.h).min(1.0);
    let items: Vec<Item> = canvas
        .blocks
        .iter()
        // The map's own title block and key stay on the map; the sheet has its own.
        .filter(|blk| blk.bounds.y < frame.y + frame.h)
        .filter_map(|blk| keep_texts(blk.item.clone(), &shown))
        // A reduced copy of text printed full size on the map sheets.
        .map(|item| item.with_role(TextRole::Picture))
        .collect();
    let x = at.x + (room.0 - frame.w * s) / 2.0;
    let transform = Transform::translate(-frame.x, -frame.y)
        .then(Transform::scale(s, s))
        .then(Transform::translate(x, at.y));
    let picture = Item::Group { transform, clip: Some(Path::rect(frame)), items };
    (picture, frame.h * s)
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
    let mut y = m;
    let head = s.title_text.min(6.0);
    for line in wrap(BUILDER_HEADING, head, Weight::Bold, room) {
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
        "{} · {} players · seed {}. The generator has dealt the face-down areas: do not \
         shuffle them again. Lay each cut-out tile face down on the hex where the map below \
         shows its terrain (the hatched hexes), and stack each area's number chips face down \
         beside the board in the order listed, top first. Keep this sheet out of the \
         players' sight.",
        layout.title, layout.players, layout.seed
    );
    y += 2.0;
    for line in wrap(&intro, body, Weight::Regular, room) {
        y += body * 1.4;
        page.push(text(Pt::new(m, y), line, body, Weight::Regular, Anchor::Start, pal.ink));
    }
    // The lists below the map, laid out first so the map takes the room left.
    let mut lines: Vec<(Weight, f64, String)> = Vec::new();
    for ri in hidden {
        for (weight, units) in region_lines(layout, ri) {
            let size = if weight == Weight::Bold { body * 1.2 } else { body };
            for line in wrap_units(&units, size, weight, room - 4.0) {
                lines.push((weight, size, line));
            }
        }
    }
    let list_h: f64 = lines
        .iter()
        .map(|(w, size, _)| size * 1.4 + if *w == Weight::Bold { body } else { 0.0 })
        .sum();
    y += 3.0;
    let map_room = (room, (h - m - 6.0 - list_h - y).max(40.0));
    let (picture, map_h) = setup_map(layout, settings, Pt::new(m, y), map_room);
    page.push(picture);
    y += map_h + 2.0;
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
    vec![page]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_items_wrap_between_items_never_inside_one() {
        let items: Vec<String> =
            ["3 × hills", "4 × forest", "2 × mountains", "5 × pasture", "1 × gold field"]
                .map(str::to_string)
                .to_vec();
        let units = listed("15 tiles face down:", &items, ",");
        let lines = wrap_units(&units, 3.5, Weight::Regular, 45.0);
        assert!(lines.len() > 2, "{lines:?}");
        let all = "15 tiles face down: 3 × hills, 4 × forest, 2 × mountains, 5 × pasture, \
                   1 × gold field";
        assert_eq!(lines.join(" "), all);
        for l in &lines {
            // Every line ends after a whole item (its comma), the lead or the last item.
            assert!(l.ends_with(',') || l.ends_with(':') || l.ends_with("gold field"), "{l}");
            assert!(text_width(l, 3.5, Weight::Regular) <= 45.0, "{l}");
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
    fn the_builders_map_drops_each_face_down_mark_with_its_plate() {
        let src = crate::builtin::source("seven-islands").expect("built-in");
        let s = crate::model::load(&src).expect("valid");
        let opts = crate::solve::SolveOptions::default();
        let l = crate::solve::solve(&s, 4, 1, &opts).expect("solvable");
        let hidden = l.hexes.iter().filter(|h| h.face_down).count();
        assert!(hidden > 0);
        let settings = Settings::default();
        let (picture, _) = setup_map(&l, &settings, Pt::default(), (180.0, 200.0));
        let mut words = Vec::new();
        texts(&picture, &mut words);
        assert!(!words.iter().any(|w| w == super::super::art::FACE_DOWN_MARK), "{words:?}");
        // The setup view draws, per face-down hex, its hatching and the
        // mark's plate: the picture keeps the hatching only.
        let setup = Settings { view: View::Setup, ..settings.clone() };
        let canvas = super::super::map_pages::canvas(&l, &setup, &Default::default());
        let frame_bottom = canvas.board.y + canvas.board.h + 2.0;
        let drawn: usize = canvas
            .blocks
            .iter()
            .filter(|b| b.bounds.y < frame_bottom)
            .map(|b| paths(&b.item))
            .sum();
        assert_eq!(paths(&picture), drawn - hidden);
    }

    #[test]
    fn wrap_keeps_every_word_and_the_width() {
        let s = "one two three four five six seven eight nine ten";
        let lines = wrap(s, 3.5, Weight::Regular, 30.0);
        assert!(lines.len() > 1, "{lines:?}");
        assert_eq!(lines.join(" "), s);
        for l in &lines {
            assert!(text_width(l, 3.5, Weight::Regular) <= 30.0 || !l.contains(' '), "{l}");
        }
    }
}
