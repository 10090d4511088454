//! Imposition: pieces packed on print sheets, each front page followed by
//! its back page, with bleed, crop marks, cut lines and a footer.
//!
//! - Round, square and card pieces sit on a grid; each piece's art is
//!   clipped to its outline plus the bleed, bleed areas never overlap (the
//!   gutter lies between them), and crop marks outside the grid mark every
//!   row's and column's cut lines.
//! - Cards are packed edge to edge in a grid sharing their cut lines, with
//!   bleed only around the block.
//! - Hex tiles are packed edge to edge in a honeycomb ([`super::honeycomb`]):
//!   neighbours share a cut line, drawn once; bleed only on outer edges.
//! - Back pages put every back at the mirrored position of its front (flip
//!   on the long or short edge, see [`Duplex`]), shifted by the printer
//!   profile's back offset. The profile's scale correction applies to every
//!   sheet about the page centre.
//! - Pieces of one shape and size share sheets across sets; the grid block
//!   is centred on the page so that mirrored backs land inside it too.

use super::honeycomb;
use super::piece::{PieceSet, Shape};
use crate::scene::{
    Anchor, Color, Item, Page, Path, Pt, Rect, Stroke, TextStyle, Transform, Weight,
};
use crate::settings::sheets::{Duplex, Orientation, PrinterProfile, SheetOptions};

/// Colour of crop marks and cut lines.
pub const CUT_COLOR: Color = Color::rgb(96, 96, 96);
/// Crop mark stroke width, mm.
pub const CROP_WIDTH: f64 = 0.2;
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

/// One planned sheet: a front page and, if any piece has a back, a back page.
#[derive(Clone, Debug, PartialEq)]
pub struct SheetPlan {
    /// Page width, mm.
    pub width: f64,
    /// Page height, mm.
    pub height: f64,
    /// Shape (and size) of every piece on it.
    pub shape: Shape,
    /// Titles of the sets on it, in order.
    pub titles: Vec<String>,
    /// The copies, in reading order.
    pub slots: Vec<Slot>,
}

impl SheetPlan {
    /// Whether the page is wider than high.
    pub fn landscape(&self) -> bool {
        self.width > self.height
    }
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

/// The band at top and bottom kept free for heading and footer, mm.
fn band(opts: &SheetOptions) -> f64 {
    opts.heading_band.max(opts.footer_band)
}

/// Room crop marks take outside the pieces' bleed, mm (none for hex tiles,
/// whose cut lines are drawn).
fn mark_room(shape: Shape, opts: &SheetOptions) -> f64 {
    match shape {
        Shape::Hex { .. } => 0.0,
        _ => opts.crop_offset + opts.crop_length,
    }
}

/// Centres of the piece positions on a `w` x `h` page, row by row.
fn positions(shape: Shape, w: f64, h: f64, opts: &SheetOptions) -> Vec<Pt> {
    let room = opts.margin + mark_room(shape, opts);
    let (aw, ah) = (w - 2.0 * room, h - 2.0 * (room + band(opts)));
    let (cx, cy) = (w / 2.0, h / 2.0);
    if let Shape::Hex { flat } = shape {
        return honeycomb::pack(flat, opts.bleed, aw, ah)
            .into_iter()
            .map(|p| Pt::new(p.x + cx, p.y + cy))
            .collect();
    }
    let (sw, sh) = shape.size();
    // Cards sit edge to edge and share their cut lines (a guillotine grid):
    // no gutter, and bleed only around the block. Tokens keep their own
    // bleed and a gutter.
    let shared = matches!(shape, Shape::Card { .. });
    let (cw, ch, gutter, (aw, ah)) = if shared {
        (sw, sh, 0.0, (aw - 2.0 * opts.bleed, ah - 2.0 * opts.bleed))
    } else {
        (sw + 2.0 * opts.bleed, sh + 2.0 * opts.bleed, opts.gutter, (aw, ah))
    };
    let fit = |avail: f64, cell: f64| ((avail + gutter) / (cell + gutter)).floor();
    let (cols, rows) = (fit(aw, cw).max(0.0) as usize, fit(ah, ch).max(0.0) as usize);
    let (px, py) = (cw + gutter, ch + gutter);
    let x0 = cx - (cols as f64 - 1.0) * px / 2.0;
    let y0 = cy - (rows as f64 - 1.0) * py / 2.0;
    let mut out = Vec::with_capacity(cols * rows);
    for r in 0..rows {
        for c in 0..cols {
            out.push(Pt::new(x0 + c as f64 * px, y0 + r as f64 * py));
        }
    }
    out
}

/// The page size and positions for `shape`, choosing the orientation that
/// fits more pieces when the setting is `auto` (portrait on a tie).
fn page_for(shape: Shape, opts: &SheetOptions) -> (f64, f64, Vec<Pt>) {
    let try_o = |o: Orientation| {
        let (w, h) = opts.paper.size(o);
        (w, h, positions(shape, w, h, opts))
    };
    match opts.orientation_for_kind(shape.kind()) {
        Orientation::Auto => {
            let p = try_o(Orientation::Portrait);
            let l = try_o(Orientation::Landscape);
            if l.2.len() > p.2.len() {
                l
            } else {
                p
            }
        }
        o => try_o(o),
    }
}

/// Plans the sheets: pieces grouped by shape and size (in order of first
/// appearance), copies in set and piece order, pages filled in reading order.
/// A piece too large for the paper gets no slot (see [`unplaced`]).
pub fn plan(sets: &[PieceSet], opts: &SheetOptions) -> Vec<SheetPlan> {
    let mut shapes: Vec<Shape> = Vec::new();
    for p in sets.iter().flat_map(|s| &s.pieces) {
        if p.count > 0 && !shapes.contains(&p.shape) {
            shapes.push(p.shape);
        }
    }
    let mut out = Vec::new();
    for shape in shapes {
        let (w, h, spots) = page_for(shape, opts);
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
            out.push(SheetPlan { width: w, height: h, shape, titles, slots });
        }
    }
    out
}

/// Names of pieces too large for one page of the chosen paper (not imposed).
pub fn unplaced(sets: &[PieceSet], opts: &SheetOptions) -> Vec<String> {
    sets.iter()
        .flat_map(|s| &s.pieces)
        .filter(|p| p.count > 0 && page_for(p.shape, opts).2.is_empty())
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

fn placed(centre: Pt, clip: Path, art: &[Item]) -> Item {
    Item::Group {
        transform: Transform::translate(centre.x, centre.y),
        clip: Some(clip),
        items: art.to_vec(),
    }
}

fn text(pos: Pt, s: String, size: f64, anchor: Anchor, weight: Weight) -> Item {
    Item::Text {
        pos,
        text: s,
        style: TextStyle {
            size,
            weight,
            anchor,
            color: Color::BLACK,
            role: crate::scene::TextRole::Body,
        },
    }
}

/// Crop marks outside a grid block: at both ends of every column's and row's cut lines.
fn crop_marks(centres: &[Pt], shape: Shape, opts: &SheetOptions) -> Item {
    let (sw, sh) = shape.size();
    let mut xs: Vec<f64> = Vec::new();
    let mut ys: Vec<f64> = Vec::new();
    for c in centres {
        for x in [c.x - sw / 2.0, c.x + sw / 2.0] {
            if !xs.iter().any(|v| (v - x).abs() < 1e-6) {
                xs.push(x);
            }
        }
        for y in [c.y - sh / 2.0, c.y + sh / 2.0] {
            if !ys.iter().any(|v| (v - y).abs() < 1e-6) {
                ys.push(y);
            }
        }
    }
    let min = |v: &[f64]| v.iter().cloned().fold(f64::INFINITY, f64::min);
    let max = |v: &[f64]| v.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    let gap = opts.bleed + opts.crop_offset;
    let (left, right) = (min(&xs) - gap, max(&xs) + gap);
    let (top, bottom) = (min(&ys) - gap, max(&ys) + gap);
    let l = opts.crop_length;
    let mut path = Path::default();
    for &x in &xs {
        path.segs.extend(Path::line(Pt::new(x, top - l), Pt::new(x, top)).segs);
        path.segs.extend(Path::line(Pt::new(x, bottom), Pt::new(x, bottom + l)).segs);
    }
    for &y in &ys {
        path.segs.extend(Path::line(Pt::new(left - l, y), Pt::new(left, y)).segs);
        path.segs.extend(Path::line(Pt::new(right, y), Pt::new(right + l, y)).segs);
    }
    Item::Path { path, fill: None, stroke: Some(Stroke::solid(CUT_COLOR, CROP_WIDTH)) }
}

/// The bounding box of the cut outlines of pieces at `centres`.
fn trim_box(centres: &[Pt], shape: Shape) -> Rect {
    let (w, h) = shape.size();
    let (mut x0, mut y0, mut x1, mut y1) =
        (f64::INFINITY, f64::INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY);
    for c in centres {
        x0 = x0.min(c.x - w / 2.0);
        y0 = y0.min(c.y - h / 2.0);
        x1 = x1.max(c.x + w / 2.0);
        y1 = y1.max(c.y + h / 2.0);
    }
    Rect::new(x0, y0, x1 - x0, y1 - y0)
}

/// One side of a sheet: `items` are (centre, art) pairs.
fn side_page(
    plan: &SheetPlan,
    centres: &[Pt],
    arts: &[&[Item]],
    heading: String,
    label: String,
    opts: &SheetOptions,
) -> Page {
    let (w, h) = (plan.width, plan.height);
    let mut body = Vec::new();
    body.push(text(
        Pt::new(w / 2.0, opts.margin + opts.heading_size),
        heading,
        opts.heading_size,
        Anchor::Middle,
        Weight::Bold,
    ));
    match plan.shape {
        Shape::Hex { flat } => {
            let shared = honeycomb::shared_edges(centres, flat);
            for (i, (c, art)) in centres.iter().zip(arts).enumerate() {
                body.push(placed(*c, honeycomb::clip_outline(flat, opts.bleed, &shared[i]), art));
            }
            body.push(Item::Path {
                path: honeycomb::cut_lines(centres, flat),
                fill: None,
                stroke: Some(Stroke::solid(CUT_COLOR, opts.cut_line)),
            });
        }
        Shape::Card { width, height } => {
            // Bleed only on sides without a neighbouring card: inside the
            // block, each card ends exactly on the shared cut line.
            let near = |p: Pt| {
                centres.iter().any(|c| (c.x - p.x).abs() < 1e-6 && (c.y - p.y).abs() < 1e-6)
            };
            for (c, art) in centres.iter().zip(arts) {
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
                body.push(placed(*c, Path::rect(outline), art));
            }
            body.push(crop_marks(centres, plan.shape, opts));
        }
        shape => {
            for (c, art) in centres.iter().zip(arts) {
                body.push(placed(*c, clip(shape, opts.bleed), art));
            }
            body.push(crop_marks(centres, shape, opts));
        }
    }
    let mut page = Page::new(w, h, label);
    page.push(Item::Group {
        transform: page_transform(w, h, &opts.printer),
        clip: None,
        items: body,
    });
    let t = trim_box(centres, plan.shape);
    page.trim = Some(t);
    page.bleed = Some(t.inflate(opts.bleed));
    page
}

/// The front page and (if any piece on it has a back) the back page of one planned sheet.
pub fn render_plan(
    plan: &SheetPlan,
    sets: &[PieceSet],
    opts: &SheetOptions,
    n: usize,
) -> Vec<Page> {
    let title = plan.titles.join(", ");
    let piece = |s: &Slot| &sets[s.set].pieces[s.piece];
    let centres: Vec<Pt> = plan.slots.iter().map(|s| s.centre).collect();
    let fronts: Vec<&[Item]> = plan.slots.iter().map(|s| piece(s).front.as_slice()).collect();
    let mut pages = vec![side_page(
        plan,
        &centres,
        &fronts,
        format!("{title} (front)"),
        format!("sheet {n}"),
        opts,
    )];
    let backs: Vec<(Pt, &[Item])> = plan
        .slots
        .iter()
        .filter_map(|s| {
            piece(s)
                .back
                .as_deref()
                .map(|b| (back_centre(s.centre, plan.width, plan.height, &opts.printer), b))
        })
        .collect();
    if !backs.is_empty() {
        let (c, a): (Vec<Pt>, Vec<&[Item]>) = backs.into_iter().unzip();
        pages.push(side_page(
            plan,
            &c,
            &a,
            format!("{title} (back)"),
            format!("sheet {n}{BACK_SUFFIX}"),
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
    let has_back =
        |p: &SheetPlan| p.slots.iter().any(|s| sets[s.set].pieces[s.piece].back.is_some());
    let (duplex, single): (Vec<SheetPlan>, Vec<SheetPlan>) =
        plan(sets, opts).into_iter().partition(has_back);
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

    fn a4() -> SheetOptions {
        SheetOptions::default().with_paper("a4").expect("a4 is defined")
    }

    #[test]
    fn cards_sit_edge_to_edge_and_tokens_keep_a_gutter() {
        let o = a4();
        let (w, h) = o.paper.size(Orientation::Portrait);
        let mini = Shape::Card { width: 44.0, height: 68.0 };
        let p = positions(mini, w, h, &o);
        // Twelve mini-euro cards per A4 page (three with a bleed and gutter each).
        assert_eq!(p.len(), 12);
        let dx = p[1].x - p[0].x;
        assert!((dx - 44.0).abs() < 1e-9, "cards share their cut line: pitch {dx}");
        let poker = Shape::Card { width: 63.0, height: 88.0 };
        assert_eq!(positions(poker, w, h, &o).len(), 4);
        let chip = Shape::Circle { diameter: 25.0 };
        let c = positions(chip, w, h, &o);
        assert!((c[1].x - c[0].x - (25.0 + 2.0 * o.bleed + o.gutter)).abs() < 1e-9);
    }
}
