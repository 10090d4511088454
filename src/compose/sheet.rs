//! Imposition: pieces packed on print sheets, each front page followed by
//! its back page, with bleed, crop marks, cut lines and a footer.
//!
//! Where pieces go is [`super::packing`]'s job; this module draws them.
//!
//! - Round tokens: art clipped to the cut ring plus the bleed, bleed areas a
//!   gutter apart on a hexagonal grid, and a thin cut ring at the true
//!   diameter on the front.
//! - Square tokens: art clipped to outline plus bleed, crop marks outside
//!   the grid at every row's and column's cut lines.
//! - Cards are packed edge to edge sharing their cut lines, with bleed only
//!   around the block and crop marks in the margin around it; a card turned
//!   a quarter turn has its art turned with it.
//! - Hex tiles are packed edge to edge in a honeycomb ([`super::honeycomb`]):
//!   neighbours share a cut line, drawn once; bleed only on outer edges.
//! - The heading of every sheet says what it holds and how many.
//! - Back pages put every back at the mirrored position of its front (flip
//!   on the long or short edge, see [`Duplex`]), shifted by the printer
//!   profile's back offset. A card's back is also turned so that it reads
//!   upright when the card is turned over about its own long side. The
//!   profile's scale correction applies to every sheet about the page centre.
//! - Pieces of one shape and size share sheets across sets; the grid block
//!   is centred on the page so that mirrored backs land inside it too.

use super::cutting::{crop_marks, cut_rings, trim_box};
use super::honeycomb;
use super::packing::{page_for, placed_size};
use super::piece::{PieceSet, Shape};
use crate::fonts::text_width;
use crate::scene::{Anchor, Item, Page, Path, Pt, Rect, Stroke, TextStyle, Transform, Weight};
use crate::settings::sheets::{Duplex, Orientation, PrinterProfile, SheetOptions};

pub use super::cutting::{cut_color, CROP_WIDTH};
/// Marks a page label as the back of the page before it.
pub const BACK_SUFFIX: &str = " back";

/// What the footer of every sheet says.
#[derive(Clone, Debug, PartialEq)]
pub struct FooterInfo {
    /// Scenario title.
    pub scenario: String,
    /// Seed of the layout.
    pub seed: u64,
    /// Program version.
    pub version: String,
}

impl FooterInfo {
    /// Footer data with this crate's version.
    pub fn new(scenario: impl Into<String>, seed: u64) -> FooterInfo {
        FooterInfo {
            scenario: scenario.into(),
            seed,
            version: env!("CARGO_PKG_VERSION").to_string(),
        }
    }

    /// The footer line of sheet `n` of `m`.
    pub fn text(&self, n: usize, m: usize, back: bool) -> String {
        format!(
            "{} · seed {} · hexpress v{} · sheet {n} of {m}{} · print at 100 %",
            self.scenario,
            self.seed,
            self.version,
            if back { " (back)" } else { "" }
        )
    }
}

/// One copy of a piece on a sheet.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slot {
    /// Index of the set in the input.
    pub set: usize,
    /// Index of the piece in its set.
    pub piece: usize,
    /// Centre of the front on the page, mm.
    pub centre: Pt,
}

/// Pieces of one shape and size laid out together on a sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct PieceBlock {
    /// Shape (and size) of every piece in the block.
    pub shape: Shape,
    /// The copies, in reading order.
    pub slots: Vec<Slot>,
    /// Pieces lie a quarter turn clockwise (cards that fit better so).
    pub turned: bool,
    /// Length of the crop marks, mm (0: none).
    pub mark: f64,
}

/// One planned sheet: a front page and, if any piece has a back, a back
/// page. A sheet holds one block of pieces, or several small ones stacked
/// (pieces that print the same way share a sheet, see [`super::sharing`]).
#[derive(Clone, Debug, PartialEq)]
pub struct SheetPlan {
    /// Page width, mm.
    pub width: f64,
    /// Page height, mm.
    pub height: f64,
    /// Titles of the sets on it, in order.
    pub titles: Vec<String>,
    /// The blocks, top to bottom.
    pub blocks: Vec<PieceBlock>,
}

impl SheetPlan {
    /// Whether the page is wider than high.
    pub fn landscape(&self) -> bool {
        self.width > self.height
    }

    /// Every copy on the sheet, block by block.
    pub fn slots(&self) -> impl Iterator<Item = &Slot> {
        self.blocks.iter().flat_map(|b| &b.slots)
    }

    /// Whether some piece on the sheet has a back.
    pub fn has_back(&self, sets: &[PieceSet]) -> bool {
        self.slots().any(|s| sets[s.set].pieces[s.piece].back.is_some())
    }

    /// How many copies of each set the sheet holds: `(title, count)` in the
    /// order of [`SheetPlan::titles`]; with `backs`, only copies that have a
    /// back (what the back page holds).
    pub fn counts(&self, sets: &[PieceSet], backs: bool) -> Vec<(String, usize)> {
        self.titles
            .iter()
            .filter_map(|t| {
                let n = self
                    .slots()
                    .filter(|s| &sets[s.set].title == t)
                    .filter(|s| !backs || sets[s.set].pieces[s.piece].back.is_some())
                    .count();
                (n > 0).then(|| (t.clone(), n))
            })
            .collect()
    }
}

/// What a sheet holds, as its heading says: "Fish tokens: 30 · Trade tokens: 12".
/// A set title's own colon becomes a dash ("Fog – number chips: 4").
pub fn contents_line(counts: &[(String, usize)]) -> String {
    counts
        .iter()
        .map(|(t, n)| format!("{}: {n}", t.replace(": ", " – ")))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// Where the back of a piece whose front is at `p` goes on a `w` x `h` page
/// (before the page scale correction): mirrored for the flip edge, then
/// shifted by the back offset.
pub fn back_centre(p: Pt, w: f64, h: f64, printer: &PrinterProfile) -> Pt {
    let landscape = w > h;
    // Flipping on the long edge turns the sheet about the long axis: a
    // portrait page mirrors left-right, a landscape page top-bottom.
    let left_right = (printer.duplex == Duplex::Long) != landscape;
    let m = if left_right { Pt::new(w - p.x, p.y) } else { Pt::new(p.x, h - p.y) };
    Pt::new(m.x + printer.back_offset_x, m.y + printer.back_offset_y)
}

/// The scale correction about the page centre, applied to every sheet.
pub fn page_transform(w: f64, h: f64, printer: &PrinterProfile) -> Transform {
    Transform::translate(-w / 2.0, -h / 2.0)
        .then(Transform::scale(printer.scale_x, printer.scale_y))
        .then(Transform::translate(w / 2.0, h / 2.0))
}

/// Plans the sheets: pieces grouped by shape and size (in order of first
/// appearance), copies in set and piece order, pages filled in reading order;
/// then the partly filled sheets that print the same way share pages where
/// they fit ([`super::sharing`]). A piece too large for the paper gets no
/// slot (see [`unplaced`]).
///
/// Two-sided sheets keep one orientation, so a duplex run never turns
/// between pages: when the orientation each kind of piece fits best on
/// differs among them, every sheet takes the one orientation that needs
/// the fewest sheets (portrait on a tie), as far as the sheet settings
/// leave each kind free to turn.
pub fn plan(sets: &[PieceSet], opts: &SheetOptions) -> Vec<SheetPlan> {
    let best = plan_once(sets, opts);
    if duplex_orientations(&best, sets).len() < 2 {
        return best;
    }
    // Cards hold the most per sheet where they lie best: an orientation
    // that fits fewer of them comes after one that does not, then fewer
    // sheets win.
    let cards_per_sheet = |o: &SheetOptions| -> usize {
        let mut shapes: Vec<Shape> = Vec::new();
        for p in sets.iter().flat_map(|s| &s.pieces) {
            if matches!(p.shape, Shape::Card { .. }) && !shapes.contains(&p.shape) {
                shapes.push(p.shape);
            }
        }
        shapes.iter().map(|s| page_for(*s, o).2.centres.len()).sum()
    };
    [Orientation::Portrait, Orientation::Landscape]
        .into_iter()
        .filter(|o| {
            opts.orientation == Orientation::Auto
                && opts.shape_orientation.iter().all(|k| *k == Orientation::Auto || k == o)
        })
        .map(|o| SheetOptions { orientation: o, ..opts.clone() })
        .map(|o| (std::cmp::Reverse(cards_per_sheet(&o)), plan_once(sets, &o)))
        .filter(|(_, p)| unplaced_in(p, sets) == unplaced_in(&best, sets))
        .min_by_key(|(cards, p)| (*cards, p.len()))
        .map_or(best, |(_, p)| p)
}

/// The orientations (landscape or not) of the two-sided sheets of a plan.
pub fn duplex_orientations(plan: &[SheetPlan], sets: &[PieceSet]) -> Vec<bool> {
    let mut v: Vec<bool> =
        plan.iter().filter(|p| p.has_back(sets)).map(SheetPlan::landscape).collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// How many copies a plan leaves without a slot.
fn unplaced_in(plan: &[SheetPlan], sets: &[PieceSet]) -> usize {
    let wanted: u32 = sets.iter().flat_map(|s| &s.pieces).map(|p| p.count).sum();
    wanted as usize - plan.iter().map(|p| p.slots().count()).sum::<usize>()
}

fn plan_once(sets: &[PieceSet], opts: &SheetOptions) -> Vec<SheetPlan> {
    let mut shapes: Vec<Shape> = Vec::new();
    for p in sets.iter().flat_map(|s| &s.pieces) {
        if p.count > 0 && !shapes.contains(&p.shape) {
            shapes.push(p.shape);
        }
    }
    let mut out = Vec::new();
    for shape in shapes {
        let (w, h, grid) = page_for(shape, opts);
        let spots = grid.centres;
        if spots.is_empty() {
            continue;
        }
        let mut copies = Vec::new();
        for (si, set) in sets.iter().enumerate() {
            for (pi, piece) in set.pieces.iter().enumerate() {
                if piece.shape == shape {
                    copies.extend((0..piece.count).map(|_| (si, pi)));
                }
            }
        }
        for chunk in copies.chunks(spots.len()) {
            let mut titles: Vec<String> = Vec::new();
            let slots = chunk
                .iter()
                .zip(&spots)
                .map(|(&(set, piece), &centre)| {
                    let t = &sets[set].title;
                    if !titles.contains(t) {
                        titles.push(t.clone());
                    }
                    Slot { set, piece, centre }
                })
                .collect();
            out.push(SheetPlan {
                width: w,
                height: h,
                titles,
                blocks: vec![PieceBlock { shape, slots, turned: grid.turned, mark: grid.mark }],
            });
        }
    }
    super::sharing::share(out, sets, opts)
}

/// Names of pieces too large for one page of the chosen paper (not imposed).
pub fn unplaced(sets: &[PieceSet], opts: &SheetOptions) -> Vec<String> {
    sets.iter()
        .flat_map(|s| &s.pieces)
        .filter(|p| p.count > 0 && page_for(p.shape, opts).2.centres.is_empty())
        .map(|p| p.name.clone())
        .collect()
}

/// The clip outline of a piece centred on (0, 0), outline plus bleed.
fn clip(shape: Shape, bleed: f64) -> Path {
    match shape {
        Shape::Circle { diameter } => Path::circle(Pt::new(0.0, 0.0), diameter / 2.0 + bleed),
        _ => {
            let (w, h) = shape.size();
            Path::rect(Rect::new(-w / 2.0, -h / 2.0, w, h).inflate(bleed))
        }
    }
}

/// `art` at `centre`, drawn through `turn` (about its own centre) and
/// clipped to `clip` (in page directions, relative to the centre).
fn placed(centre: Pt, clip: Path, art: &[Item], turn: Transform) -> Item {
    let items = if turn == Transform::IDENTITY {
        art.to_vec()
    } else {
        vec![Item::Group { transform: turn, clip: None, items: art.to_vec() }]
    };
    Item::Group { transform: Transform::translate(centre.x, centre.y), clip: Some(clip), items }
}

fn text(pos: Pt, s: String, size: f64, anchor: Anchor, weight: Weight) -> Item {
    Item::Text {
        pos,
        text: s,
        style: TextStyle {
            size,
            weight,
            anchor,
            color: crate::theme::inks().sheet_text,
            role: crate::scene::TextRole::Body,
        },
    }
}

/// A quarter turn clockwise (y down).
const QUARTER: Transform = Transform { m: [0.0, 1.0, -1.0, 0.0, 0.0, 0.0] };

/// How a card's back art is drawn on the back page so that the card, turned
/// over about its own long side, shows the back upright: the front's turn,
/// the sheet's flip and the card's own flip combined.
fn back_turn(turned: bool, w: f64, h: f64, printer: &PrinterProfile) -> Transform {
    let left_right = (printer.duplex == Duplex::Long) != (w > h);
    let sheet_flip =
        if left_right { Transform::scale(-1.0, 1.0) } else { Transform::scale(1.0, -1.0) };
    let front = if turned { QUARTER } else { Transform::IDENTITY };
    Transform::scale(-1.0, 1.0).then(front).then(sheet_flip)
}

/// The set titles a front heading names, as [`contents_line`] wrote them:
/// "Fish tokens: 30 · Fog – number chips: 4 (front)" -> "Fish tokens",
/// "Fog – number chips".
pub fn heading_titles(heading: &str) -> Vec<String> {
    let body = heading.strip_suffix(" (front)").unwrap_or(heading);
    body.split(" · ").map(|p| p.rsplit_once(": ").map_or(p, |(t, _)| t).to_string()).collect()
}

/// The heading of a sheet side: its contents, then which side it is; shrunk
/// (down to 8 pt) to fit between the margins.
fn heading(contents: &str, side: &str, w: f64, opts: &SheetOptions) -> Item {
    let line = format!("{contents} ({side})");
    let room = w - 2.0 * opts.margin;
    let natural = text_width(&line, Weight::Bold, opts.heading_size);
    let size = if natural > room {
        (opts.heading_size * room / natural).max(MIN_HEADING)
    } else {
        opts.heading_size
    };
    text(
        Pt::new(w / 2.0, opts.margin + opts.heading_size),
        line,
        size,
        Anchor::Middle,
        Weight::Bold,
    )
}

/// The smallest heading size, mm (8 pt): players read what a sheet holds.
pub const MIN_HEADING: f64 = 8.0 * 25.4 / 72.0;

/// One side of a sheet: pieces with art `arts` at `spots` (in the order of
/// [`SheetPlan::slots`]). A spot without art holds a piece printed on the
/// other side only: nothing is drawn there, but neighbours' bleed stays off
/// it as off any piece.
fn side_page(
    plan: &SheetPlan,
    spots: &[Pt],
    arts: &[Option<&[Item]>],
    head: Item,
    label: String,
    front: bool,
    opts: &SheetOptions,
) -> Page {
    let (w, h) = (plan.width, plan.height);
    let mut body = vec![head];
    let mut trim: Option<Rect> = None;
    let mut start = 0;
    for block in &plan.blocks {
        let n = block.slots.len();
        let (spots, arts) = (&spots[start..start + n], &arts[start..start + n]);
        start += n;
        if let Some(t) = draw_block(block, spots, arts, front, (w, h), opts, &mut body) {
            trim = Some(trim.map_or(t, |u| union(u, t)));
        }
    }
    let mut page = Page::new(w, h, label);
    page.push(Item::Group {
        transform: page_transform(w, h, &opts.printer),
        clip: None,
        items: body,
    });
    let t = trim.unwrap_or_default();
    page.trim = Some(t);
    page.bleed = Some(t.inflate(opts.bleed));
    page
}

fn union(a: Rect, b: Rect) -> Rect {
    let (x0, y0) = (a.x.min(b.x), a.y.min(b.y));
    let (x1, y1) = ((a.x + a.w).max(b.x + b.w), (a.y + a.h).max(b.y + b.h));
    Rect::new(x0, y0, x1 - x0, y1 - y0)
}

/// Draws one block's pieces, cut lines and marks into `body`; returns the
/// block's trim box (`None` when no piece of it is drawn on this side).
fn draw_block(
    block: &PieceBlock,
    spots: &[Pt],
    arts: &[Option<&[Item]>],
    front: bool,
    (w, h): (f64, f64),
    opts: &SheetOptions,
    body: &mut Vec<Item>,
) -> Option<Rect> {
    let size = placed_size(block.shape, block.turned);
    let drawn: Vec<(Pt, &[Item])> =
        spots.iter().zip(arts).filter_map(|(c, a)| a.map(|a| (*c, a))).collect();
    let centres: Vec<Pt> = drawn.iter().map(|(c, _)| *c).collect();
    let centres = centres.as_slice();
    if centres.is_empty() {
        return None;
    }
    match block.shape {
        Shape::Hex { flat } => {
            let shared = honeycomb::shared_edges(spots, flat);
            for (i, (c, art)) in spots.iter().zip(arts).enumerate() {
                let Some(art) = art else { continue };
                let outline = honeycomb::clip_outline(flat, opts.bleed, &shared[i]);
                body.push(placed(*c, outline, art, Transform::IDENTITY));
            }
            body.push(Item::Path {
                path: honeycomb::cut_lines(centres, flat),
                fill: None,
                stroke: Some(Stroke::solid(cut_color(), opts.cut_line)),
            });
        }
        Shape::Card { .. } => {
            let (width, height) = size;
            let turn = match (front, block.turned) {
                (true, true) => QUARTER,
                (true, false) => Transform::IDENTITY,
                (false, t) => back_turn(t, w, h, &opts.printer),
            };
            // Bleed only on sides without a neighbouring card: inside the
            // block, each card ends exactly on the shared cut line.
            let near =
                |p: Pt| spots.iter().any(|c| (c.x - p.x).abs() < 1e-6 && (c.y - p.y).abs() < 1e-6);
            for (c, art) in &drawn {
                let b = |dx: f64, dy: f64| {
                    if near(Pt::new(c.x + dx, c.y + dy)) {
                        0.0
                    } else {
                        opts.bleed
                    }
                };
                let (l, r, t, bo) =
                    (b(-width, 0.0), b(width, 0.0), b(0.0, -height), b(0.0, height));
                let outline =
                    Rect::new(-width / 2.0 - l, -height / 2.0 - t, width + l + r, height + t + bo);
                body.push(placed(*c, Path::rect(outline), art, turn));
            }
            body.push(crop_marks(centres, size, opts.bleed + opts.crop_offset, block.mark));
        }
        shape => {
            for (c, art) in &drawn {
                body.push(placed(*c, clip(shape, opts.bleed), art, Transform::IDENTITY));
            }
            match shape {
                // Round tokens are cut along a ring, drawn on the front only
                // (a back printed slightly off would show it beside the edge).
                Shape::Circle { diameter } if front => {
                    body.push(cut_rings(centres, diameter, opts.cut_line));
                }
                Shape::Circle { .. } => {}
                _ => {
                    body.push(crop_marks(centres, size, opts.bleed + opts.crop_offset, block.mark))
                }
            }
        }
    }
    Some(trim_box(centres, size))
}

/// The front page and (if any piece on it has a back) the back page of one
/// planned sheet. Both headings say what the sheet holds and how many.
pub fn render_plan(
    plan: &SheetPlan,
    sets: &[PieceSet],
    opts: &SheetOptions,
    n: usize,
) -> Vec<Page> {
    let contents = contents_line(&plan.counts(sets, false));
    let piece = |s: &Slot| &sets[s.set].pieces[s.piece];
    let centres: Vec<Pt> = plan.slots().map(|s| s.centre).collect();
    let fronts: Vec<Option<&[Item]>> =
        plan.slots().map(|s| Some(piece(s).front.as_slice())).collect();
    let mut pages = vec![side_page(
        plan,
        &centres,
        &fronts,
        heading(&contents, "front", plan.width, opts),
        format!("sheet {n}"),
        true,
        opts,
    )];
    let (c, a): (Vec<Pt>, Vec<Option<&[Item]>>) = plan
        .slots()
        .map(|s| {
            (
                back_centre(s.centre, plan.width, plan.height, &opts.printer),
                piece(s).back.as_deref(),
            )
        })
        .unzip();
    if a.iter().any(Option::is_some) {
        pages.push(side_page(
            plan,
            &c,
            &a,
            heading(&contents_line(&plan.counts(sets, true)), "back", plan.width, opts),
            format!("sheet {n}{BACK_SUFFIX}"),
            false,
            opts,
        ));
    }
    pages
}

/// Sheets without footers, for documents that number sheets across more
/// parts (see [`stamp_footers`]).
/// Sheets with backs come first, single-sided sheets after them, so each
/// group prints as one page range.
pub fn impose_pages(sets: &[PieceSet], opts: &SheetOptions) -> Vec<Page> {
    let (duplex, single): (Vec<SheetPlan>, Vec<SheetPlan>) =
        plan(sets, opts).into_iter().partition(|p| p.has_back(sets));
    duplex
        .iter()
        .chain(&single)
        .enumerate()
        .flat_map(|(i, p)| render_plan(p, sets, opts, i + 1))
        .collect()
}

/// Packs the pieces on sheets: front page, then its back page, each with a
/// footer numbering the sheets.
pub fn impose(sets: &[PieceSet], opts: &SheetOptions, footer: &FooterInfo) -> Vec<Page> {
    let mut pages = impose_pages(sets, opts);
    stamp_footers(&mut pages, opts, footer);
    pages
}

/// Adds the footer to every page, numbering the sheets `1..=M` of these pages.
/// A page whose label ends with [`BACK_SUFFIX`] is the back of the sheet
/// before it and shares its number.
pub fn stamp_footers(pages: &mut [Page], opts: &SheetOptions, footer: &FooterInfo) {
    let total = sheet_count(pages);
    stamp_footers_from(pages, opts, footer, 1, total);
}

/// How many sheets `pages` make (backs do not count).
pub fn sheet_count(pages: &[Page]) -> usize {
    pages
        .iter()
        .filter(|p| !super::duplex::is_blank(p))
        .enumerate()
        .filter(|(i, p)| *i == 0 || !p.label.ends_with(BACK_SUFFIX))
        .count()
}

/// Like [`stamp_footers`], for pages that are part of a larger document:
/// their first sheet is number `first` of `total`.
pub fn stamp_footers_from(
    pages: &mut [Page],
    opts: &SheetOptions,
    footer: &FooterInfo,
    first: usize,
    total: usize,
) {
    let mut n = first;
    let printed = pages.iter_mut().filter(|p| !super::duplex::is_blank(p));
    for (i, page) in printed.enumerate() {
        let back = page.label.ends_with(BACK_SUFFIX);
        if i > 0 && !back {
            n += 1;
        }
        let y = page.height - opts.margin - (opts.footer_band - opts.footer_size) / 2.0;
        page.push(
            text(
                Pt::new(page.width / 2.0, y),
                footer.text(n, total, back && i > 0),
                opts.footer_size,
                Anchor::Middle,
                Weight::Regular,
            )
            .with_role(crate::scene::TextRole::Footer),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_back_reads_upright_after_the_turn_over() {
        let p = PrinterProfile::default();
        let top = Pt::new(0.0, -1.0);
        // Portrait sheet, long edge: the sheet turns left-right like the card.
        let t = back_turn(false, 210.0, 297.0, &p).apply(top);
        assert!((t.x - top.x).abs() < 1e-12 && (t.y - top.y).abs() < 1e-12, "{t:?}");
        // Landscape sheet, long edge: the sheet turns top-bottom, the back half a turn.
        let t = back_turn(false, 297.0, 210.0, &p).apply(top);
        assert!((t.x).abs() < 1e-12 && (t.y - 1.0).abs() < 1e-12, "{t:?}");
        // A card lying a quarter turn clockwise (top to the right) on a
        // portrait sheet shows its back's top to the left, where the turned
        // front's top lands after the left-right flip.
        assert_eq!(QUARTER.apply(top), Pt::new(1.0, 0.0));
        let t = back_turn(true, 210.0, 297.0, &p).apply(top);
        assert!((t.x + 1.0).abs() < 1e-12 && t.y.abs() < 1e-12, "{t:?}");
    }

    #[test]
    fn the_contents_line_names_every_set_and_its_count() {
        let c = vec![("Fish tokens".to_string(), 30), ("Fog: number chips".to_string(), 4)];
        assert_eq!(contents_line(&c), "Fish tokens: 30 · Fog – number chips: 4");
        let h = format!("{} (front)", contents_line(&c));
        assert_eq!(heading_titles(&h), ["Fish tokens", "Fog – number chips"]);
    }
}
