//! Where pieces go on one sheet: the grid of centres for each kind of piece,
//! and the page orientation that holds the most.
//!
//! - Round tokens sit on a hexagonal grid (odd rows shifted half a pitch,
//!   rows `pitch·√3/2` apart), bleed areas a gutter apart; a square grid is
//!   used only where it holds more. They are cut along a ring, so they need
//!   no crop marks.
//! - Square tokens sit on a square grid with a gutter, crop marks outside.
//! - Cards sit edge to edge and share their cut lines, with bleed and crop
//!   marks only around the block. A card may be turned a quarter turn when
//!   that fits more on the page; crop marks shrink to the room left, down
//!   to [`MIN_MARK`].
//! - Hex tiles are packed in a honeycomb ([`crate::compose::pieces::honeycomb`]).
//!
//! Every block is centred on the page, so mirrored backs land inside it too.

use crate::compose::pieces::honeycomb;
use crate::compose::pieces::piece::Shape;
use crate::scene::Pt;
use crate::settings::sheets::{Orientation, SheetOptions};

/// The shortest crop mark drawn, mm: a shorter tick is hard to line a ruler up with.
pub(crate) const MIN_MARK: f64 = 2.0;

const SQRT3: f64 = 1.732_050_807_568_877_2;

/// The piece positions of one sheet.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Grid {
    /// Centres of the cut outlines on the page, mm, in reading order.
    pub centres: Vec<Pt>,
    /// Pieces are drawn a quarter turn clockwise (cards only).
    pub turned: bool,
    /// Length of the crop marks, mm (0: none).
    pub mark: f64,
}

/// Width and height of a piece's cut outline as it lies on the sheet.
pub(crate) fn placed_size(shape: Shape, turned: bool) -> (f64, f64) {
    let (w, h) = shape.size();
    if turned {
        (h, w)
    } else {
        (w, h)
    }
}

/// The band at top and bottom kept free for heading and footer, mm.
pub fn band(opts: &SheetOptions) -> f64 {
    opts.heading_band.max(opts.footer_band)
}

/// How many cells of `cell` mm fit `avail` mm with `gutter` between them.
fn fit(avail: f64, cell: f64, gutter: f64) -> usize {
    ((avail + gutter) / (cell + gutter)).floor().max(0.0) as usize
}

/// A `cols` x `rows` grid of pitch `px`, `py`, centred on `c`.
fn square_grid(cols: usize, rows: usize, px: f64, py: f64, c: Pt) -> Vec<Pt> {
    let x0 = c.x - (cols as f64 - 1.0) * px / 2.0;
    let y0 = c.y - (rows as f64 - 1.0) * py / 2.0;
    let mut out = Vec::with_capacity(cols * rows);
    for r in 0..rows {
        for k in 0..cols {
            out.push(Pt::new(x0 + k as f64 * px, y0 + r as f64 * py));
        }
    }
    out
}

/// Round cells of diameter `cell` a `gutter` apart in a `w` x `h` area,
/// centred on `c`: a hexagonal grid, or a square one where that holds more.
///
/// Two hexagonal grids are tried, as for hex tiles: odd rows as long as even
/// ones (the block half a pitch wider), or one shorter.
pub(crate) fn round_grid(cell: f64, gutter: f64, w: f64, h: f64, c: Pt) -> Vec<Pt> {
    let p = cell + gutter;
    let (cols, rows) = (fit(w, cell, gutter), fit(h, cell, gutter));
    let square = square_grid(cols, rows, p, p, c);
    if cols < 2 || h < cell {
        return square;
    }
    let rp = p * SQRT3 / 2.0;
    let hrows = ((h - cell) / rp).floor() as usize + 1;
    let wide = (cols as f64 - 0.5) * p + cell <= w + 1e-9;
    let odd = if wide { cols } else { cols - 1 };
    if cols * hrows.div_ceil(2) + odd * (hrows / 2) < square.len() {
        return square;
    }
    let spread = (cols as f64 - 1.0) * p + if wide { p / 2.0 } else { 0.0 };
    let (x0, y0) = (c.x - spread / 2.0, c.y - (hrows as f64 - 1.0) * rp / 2.0);
    let mut out = Vec::new();
    for r in 0..hrows {
        let (n, dx) = if r % 2 == 1 { (odd, p / 2.0) } else { (cols, 0.0) };
        out.extend((0..n).map(|k| Pt::new(x0 + dx + k as f64 * p, y0 + r as f64 * rp)));
    }
    out
}

/// Cards `cw` x `ch` edge to edge on a `w` x `h` page, with the longest crop
/// marks that fit (at most the template's, at least [`MIN_MARK`]).
fn card_grid(cw: f64, ch: f64, w: f64, h: f64, opts: &SheetOptions) -> (Vec<Pt>, f64) {
    let edge = opts.margin + opts.bleed + opts.crop_offset;
    let (aw, ah) = (w - 2.0 * (edge + MIN_MARK), h - 2.0 * (edge + band(opts) + MIN_MARK));
    let (cols, rows) = (fit(aw, cw, 0.0), fit(ah, ch, 0.0));
    if cols == 0 || rows == 0 {
        return (Vec::new(), 0.0);
    }
    let room_x = (w - cols as f64 * cw) / 2.0 - edge;
    let room_y = (h - rows as f64 * ch) / 2.0 - edge - band(opts);
    let mark = opts.crop_length.min(room_x).min(room_y);
    (square_grid(cols, rows, cw, ch, Pt::new(w / 2.0, h / 2.0)), mark)
}

/// The piece positions for `shape` on a `w` x `h` page.
pub fn positions(shape: Shape, w: f64, h: f64, opts: &SheetOptions) -> Grid {
    let c = Pt::new(w / 2.0, h / 2.0);
    let (aw, ah) = (w - 2.0 * opts.margin, h - 2.0 * (opts.margin + band(opts)));
    match shape {
        Shape::Hex { flat } => {
            let centres = honeycomb::pack(flat, opts.bleed, aw, ah)
                .into_iter()
                .map(|p| Pt::new(p.x + c.x, p.y + c.y))
                .collect();
            Grid { centres, turned: false, mark: 0.0 }
        }
        Shape::Circle { diameter } => {
            let centres = round_grid(diameter + 2.0 * opts.bleed, opts.gutter, aw, ah, c);
            Grid { centres, turned: false, mark: 0.0 }
        }
        Shape::Square { side } => {
            let room = opts.crop_offset + opts.crop_length;
            let cell = side + 2.0 * opts.bleed;
            let (aw, ah) = (aw - 2.0 * room, ah - 2.0 * room);
            let (cols, rows) = (fit(aw, cell, opts.gutter), fit(ah, cell, opts.gutter));
            let p = cell + opts.gutter;
            Grid {
                centres: square_grid(cols, rows, p, p, c),
                turned: false,
                mark: opts.crop_length,
            }
        }
        Shape::Card { width, height } => {
            let (up, up_mark) = card_grid(width, height, w, h, opts);
            let (turned, turned_mark) = card_grid(height, width, w, h, opts);
            if turned.len() > up.len() {
                Grid { centres: turned, turned: true, mark: turned_mark }
            } else {
                Grid { centres: up, turned: false, mark: up_mark }
            }
        }
    }
}

/// How far a block of `shape` reaches past its pieces' cut outlines: the
/// bleed, and for cut-line pieces with crop marks the marks too (`mark` long).
pub fn reach(shape: Shape, mark: f64, opts: &SheetOptions) -> f64 {
    match shape {
        Shape::Card { .. } | Shape::Square { .. } => opts.bleed + opts.crop_offset + mark,
        _ => opts.bleed,
    }
}

/// A band of `n` pieces of `shape` across a `w` mm wide page: the grid of
/// the shortest band that holds them (a card lying either way, whichever is
/// shorter), its `n` centres shifted so that the band's top (pieces, bleed
/// and crop marks) is at 0; and the band's height. `None` when `n` do not
/// fit a page `max_h` tall.
pub fn strip(
    shape: Shape,
    n: usize,
    w: f64,
    max_h: f64,
    opts: &SheetOptions,
) -> Option<(Grid, f64)> {
    if n == 0 {
        return None;
    }
    let pad = 2.0 * (opts.margin + band(opts));
    let mut best: Option<(Grid, f64)> = None;
    let mut hv = pad + 4.0;
    while hv <= max_h + 1e-9 {
        let grids: Vec<Grid> = match shape {
            Shape::Card { width, height } => [(width, height, false), (height, width, true)]
                .iter()
                .map(|&(cw, ch, turned)| {
                    let (centres, mark) = card_grid(cw, ch, w, hv, opts);
                    Grid { centres, turned, mark }
                })
                .collect(),
            _ => vec![positions(shape, w, hv, opts)],
        };
        for mut g in grids.into_iter().filter(|g| g.centres.len() >= n) {
            g.centres.truncate(n);
            let (_, ph) = placed_size(shape, g.turned);
            let r = reach(shape, g.mark, opts) + ph / 2.0;
            let top = g.centres.iter().map(|c| c.y - r).fold(f64::MAX, f64::min);
            let bottom = g.centres.iter().map(|c| c.y + r).fold(f64::MIN, f64::max);
            g.centres.iter_mut().for_each(|c| c.y -= top);
            if best.as_ref().is_none_or(|(_, h)| bottom - top < *h) {
                best = Some((g, bottom - top));
            }
        }
        if best.is_some() {
            return best;
        }
        hv += 2.0;
    }
    None
}

/// The page size and positions for `shape`, choosing the orientation that
/// fits more pieces when the setting is `auto` (portrait on a tie).
pub(crate) fn page_for(shape: Shape, opts: &SheetOptions) -> (f64, f64, Grid) {
    let try_o = |o: Orientation| {
        let (w, h) = opts.paper.size(o);
        (w, h, positions(shape, w, h, opts))
    };
    match opts.orientation_for_kind(shape.kind()) {
        Orientation::Auto => {
            let p = try_o(Orientation::Portrait);
            let l = try_o(Orientation::Landscape);
            if l.2.centres.len() > p.2.centres.len() {
                l
            } else {
                p
            }
        }
        o => try_o(o),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paper(name: &str) -> SheetOptions {
        SheetOptions::default().with_paper(name).expect("defined")
    }

    #[test]
    fn cards_sit_edge_to_edge_eight_or_more_per_sheet() {
        let poker = Shape::Card { width: 63.0, height: 88.0 };
        for name in ["a4", "letter"] {
            let mut o = paper(name);
            o.orientation = Orientation::Auto;
            o.shape_orientation[3] = Orientation::Auto;
            let (_, _, g) = page_for(poker, &o);
            assert!(g.centres.len() >= 8, "{name}: {}", g.centres.len());
            assert!(g.mark >= MIN_MARK, "{name}: marks {}", g.mark);
            let (cw, _) = placed_size(poker, g.turned);
            let dx = g.centres[1].x - g.centres[0].x;
            assert!((dx - cw).abs() < 1e-9, "{name}: cards share their cut line: pitch {dx}");
        }
    }

    #[test]
    fn round_tokens_sit_on_a_hexagonal_grid() {
        let o = paper("a4");
        let (w, h) = o.paper.size(Orientation::Portrait);
        let g = positions(Shape::Circle { diameter: 25.0 }, w, h, &o);
        let p = 25.0 + 2.0 * o.bleed + o.gutter;
        let c = &g.centres;
        assert!((c[1].x - c[0].x - p).abs() < 1e-9);
        let next = c.iter().find(|q| q.y > c[0].y + 1e-6).expect("a second row");
        assert!((next.y - c[0].y - p * SQRT3 / 2.0).abs() < 1e-9, "row pitch");
        assert!((next.x - c[0].x - p / 2.0).abs() < 1e-9, "half-pitch offset");
        assert_eq!(g.mark, 0.0);
    }
}
