//! Imposition: pieces packed on print sheets, each front page followed by
//! its back page, with bleed, crop marks, cut lines and a footer.
//!
//! Where pieces go is [`crate::compose::pieces::sheet_plan`]'s and [`crate::compose::pieces::packing`]'s job;
//! this module draws them.
//!
//! - Round tokens: art clipped to the cut ring plus the bleed, bleed areas a
//!   gutter apart on a hexagonal grid, and a thin cut ring at the true
//!   diameter on the front.
//! - Square tokens: art clipped to outline plus bleed, crop marks outside
//!   the grid at every row's and column's cut lines.
//! - Cards are packed edge to edge sharing their cut lines, with bleed only
//!   around the block and crop marks in the margin around it; a card turned
//!   a quarter turn has its art turned with it.
//! - Hex tiles are packed edge to edge in a honeycomb ([`crate::compose::pieces::honeycomb`]):
//!   neighbours share a cut line, drawn once; bleed only on outer edges.
//! - The heading of every sheet says what it holds and how many.
//! - Back pages put every back at the mirrored position of its front (flip
//!   on the long or short edge, see [`Duplex`]), shifted by the printer
//!   profile's back offset. A card's back is also turned so that it reads
//!   upright when the card is turned over about its own long side. The
//!   profile's scale correction applies to every sheet about the page centre.
//! - Pieces of one shape and size share sheets across sets; the grid block
//!   is centred on the page so that mirrored backs land inside it too.

use crate::compose::pieces::cutting::{crop_marks, cut_rings, trim_box};
use crate::compose::pieces::honeycomb;
use crate::compose::pieces::packing::placed_size;
use crate::compose::pieces::piece::{PieceSet, Shape};
use crate::fonts::text_width;
use crate::scene::{
    Anchor, Item, Page, Path, Pt, Rect, Side, Stroke, TextStyle, Transform, Weight,
};
use crate::settings::sheets::{Duplex, PrinterProfile, SheetOptions};

pub use crate::compose::pieces::cutting::{cut_color, CROP_WIDTH};
pub use crate::compose::pieces::sheet_plan::{
    duplex_orientations, plan, unplaced, PieceBlock, SheetPlan, Slot,
};
/// Ends the label of a back page ("sheet 3 back"), for people reading page
/// labels; what the page is travels in [`Page::side`].
pub const BACK_SUFFIX: &str = " back";

/// What a sheet holds, as its heading says: "Fish tokens: 30 · Trade tokens: 12".
/// A set title's own colon becomes a dash ("Fog – number chips: 4", see
/// [`shown_title`]).
pub(crate) fn contents_line(counts: &[(String, usize)]) -> String {
    counts.iter().map(|(t, n)| format!("{}: {n}", shown_title(t))).collect::<Vec<_>>().join(" · ")
}

/// A set title as sheet headings and the print plan show it: its own colon
/// becomes a dash ("Fog: number chips" -> "Fog – number chips").
pub(crate) fn shown_title(title: &str) -> String {
    title.replace(": ", " – ")
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
pub(crate) fn page_transform(w: f64, h: f64, printer: &PrinterProfile) -> Transform {
    Transform::translate(-w / 2.0, -h / 2.0)
        .then(Transform::scale(printer.scale_x, printer.scale_y))
        .then(Transform::translate(w / 2.0, h / 2.0))
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

fn text(pos: Pt, s: String, size: f64, weight: Weight, opts: &SheetOptions) -> Item {
    Item::Text {
        pos,
        text: s,
        style: TextStyle {
            size,
            weight,
            anchor: Anchor::Middle,
            color: opts.inks.sheet_text,
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

/// The heading of a sheet side: its contents, then which side it is (on a
/// two-sided sheet); shrunk
/// (down to 8 pt) to fit between the margins.
fn heading(contents: &str, side: Option<&str>, w: f64, opts: &SheetOptions) -> Item {
    let line = match side {
        Some(side) => format!("{contents} ({side})"),
        None => contents.to_string(),
    };
    let room = w - 2.0 * opts.margin;
    let natural = text_width(&line, Weight::Bold, opts.heading_size);
    let size = if natural > room {
        (opts.heading_size * room / natural).max(MIN_HEADING)
    } else {
        opts.heading_size
    };
    text(Pt::new(w / 2.0, opts.margin + opts.heading_size), line, size, Weight::Bold, opts)
}

/// The smallest heading size, mm (8 pt): players read what a sheet holds.
pub(crate) const MIN_HEADING: f64 = 8.0 * 25.4 / 72.0;

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
                stroke: Some(Stroke::solid(cut_color(opts), opts.cut_line)),
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
            body.push(crop_marks(centres, size, block.mark, opts));
        }
        shape => {
            for (c, art) in &drawn {
                body.push(placed(*c, clip(shape, opts.bleed), art, Transform::IDENTITY));
            }
            match shape {
                // Round tokens are cut along a ring, drawn on the front only
                // (a back printed slightly off would show it beside the edge).
                Shape::Circle { diameter } if front => {
                    body.push(cut_rings(centres, diameter, opts));
                }
                Shape::Circle { .. } => {}
                _ => body.push(crop_marks(centres, size, block.mark, opts)),
            }
        }
    }
    Some(trim_box(centres, size))
}

/// The front page and (if any piece on it has a back) the back page of one
/// planned sheet, as sheet `n` of its run. Both headings say what the sheet
/// holds and how many, and which side they are when the sheet has two; so
/// do the pages' [`Page::holds`] and [`Page::side`].
pub fn render_plan(plan: &SheetPlan, sets: &[PieceSet], opts: &SheetOptions, n: usize) -> Sheet {
    let piece = |s: &Slot| &sets[s.set].pieces[s.piece];
    let (c, a): (Vec<Pt>, Vec<Option<&[Item]>>) = plan
        .slots()
        .map(|s| {
            (
                back_centre(s.centre, plan.width, plan.height, &opts.printer),
                piece(s).back.as_deref(),
            )
        })
        .unzip();
    let two_sided = a.iter().any(Option::is_some);
    let holds = plan.counts(sets, false);
    let centres: Vec<Pt> = plan.slots().map(|s| s.centre).collect();
    let fronts: Vec<Option<&[Item]>> =
        plan.slots().map(|s| Some(piece(s).front.as_slice())).collect();
    let side = two_sided.then_some("front");
    let mut front = side_page(
        plan,
        &centres,
        &fronts,
        heading(&contents_line(&holds), side, plan.width, opts),
        format!("sheet {n}"),
        true,
        opts,
    );
    front.holds = holds;
    if !two_sided {
        return Sheet { front, back: None };
    }
    let holds = plan.counts(sets, true);
    let mut back = side_page(
        plan,
        &c,
        &a,
        heading(&contents_line(&holds), Some("back"), plan.width, opts),
        format!("sheet {n}{BACK_SUFFIX}"),
        false,
        opts,
    )
    .with_side(Side::Back);
    back.holds = holds;
    Sheet { front: front.with_side(Side::Front), back: Some(back) }
}

/// One printed sheet of pieces: its front page and, when a piece on it has
/// a back, its back page. Each page says what it holds
/// ([`Page::holds`]) and which side it is ([`Page::side`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Sheet {
    /// The front page ([`Side::Front`], or [`Side::Single`] without a back).
    pub front: Page,
    /// The back page ([`Side::Back`]).
    pub back: Option<Page>,
}

impl Sheet {
    /// The front page, then the back page if any.
    pub(crate) fn into_pages(self) -> impl Iterator<Item = Page> {
        std::iter::once(self.front).chain(self.back)
    }
}

/// The pieces imposed: the sheets, without footers (numbered once the whole
/// document is known, see [`crate::compose::pieces::footers`]), and what fit on no sheet.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Imposition {
    /// Sheets with backs first (the sheets of coded face-down pieces first
    /// of all), single-sided sheets after them, so each group prints as one
    /// page range.
    pub sheets: Vec<Sheet>,
    /// How many of the first [`Imposition::sheets`] hold coded face-down
    /// pieces ([`PieceSet::coded`]): two-sided sheets, cut back side up.
    pub coded: usize,
    /// Names of pieces too large for one page of the chosen paper (see
    /// [`unplaced`]).
    pub unplaced: Vec<String>,
}

impl Imposition {
    /// Every page, each front followed by its back.
    pub fn pages(&self) -> Vec<Page> {
        self.sheets.iter().cloned().flat_map(Sheet::into_pages).collect()
    }

    /// Whether the two-sided sheets lie landscape (they keep one
    /// orientation: see [`plan`]).
    pub(crate) fn two_sided_landscape(&self) -> bool {
        self.sheets.iter().any(|s| s.back.is_some() && s.front.width > s.front.height)
    }
}

/// Packs the pieces on sheets (see [`plan`]) and draws them, once.
pub fn impose(sets: &[PieceSet], opts: &SheetOptions) -> Imposition {
    let (duplex, single): (Vec<SheetPlan>, Vec<SheetPlan>) =
        plan(sets, opts).into_iter().partition(|p| p.has_back(sets));
    let (coded, duplex): (Vec<SheetPlan>, Vec<SheetPlan>) =
        duplex.into_iter().partition(|p| p.coded(sets));
    let sheets = coded
        .iter()
        .chain(&duplex)
        .chain(&single)
        .enumerate()
        .map(|(i, p)| render_plan(p, sets, opts, i + 1))
        .collect();
    Imposition { sheets, coded: coded.len(), unplaced: unplaced(sets, opts) }
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
    }
}
