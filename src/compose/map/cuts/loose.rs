//! Loose pieces: when the fewest sheets that hold the board leave one
//! nearly empty (a sliver: a corner of one hex), that sheet is not printed;
//! the hexes only it held are printed whole on the free paper of another
//! sheet, to cut out and glue over their place, which a mark on the board
//! shows ("L1"). A sliver whose hexes find no free paper stays a sheet.

use crate::compose::map::canvas::MapCanvas;
use crate::compose::map::cuts::{hex_in_rect, Tiling};
use crate::scene::{Pt, Rect};

/// Paper kept clear around a loose piece and its caption, mm.
pub(crate) const CLEAR: f64 = 3.0;
/// Height of a loose piece's caption under it, mm: three lines at the
/// sheets' small text size.
pub(crate) const CAPTION: f64 = 10.0;

/// One hex printed whole on another sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct Loose {
    /// The hex (index into the canvas' hexes).
    pub hex: usize,
    /// The sheet (row, column) it is printed on.
    pub host: (usize, usize),
    /// Where its centre lies, in the canvas coordinates of the host's window.
    pub at: Pt,
    /// The sheet that is left out because of it.
    pub instead_of: (usize, usize),
}

impl Loose {
    /// The piece's name ("L1") for its number `k` (from 0).
    pub fn name(k: usize) -> String {
        format!("L{}", k + 1)
    }
}

/// The part of a sheet's window left visible once the board is glued: its
/// window without the strips the next sheets are laid on.
pub fn visible(t: &Tiling, row: usize, col: usize) -> Rect {
    let w = t.window(row, col);
    let right = if t.has(row, col + 1) { t.cols[col + 1].0 } else { w.x + w.w };
    let bottom = if t.has(row + 1, col) { t.rows[row + 1].0 } else { w.y + w.h };
    Rect::new(w.x, w.y, right - w.x, bottom - w.y)
}

/// Whether every point of hex `i` lies in some printed sheet's window.
fn covered(t: &Tiling, canvas: &MapCanvas, i: usize) -> bool {
    let g = canvas.geom;
    let c = canvas.hexes[i];
    let windows: Vec<Rect> = t.cells().into_iter().map(|(r, k)| t.window(r, k)).collect();
    let inside = |p: Pt| {
        windows.iter().any(|w| p.x >= w.x && p.x <= w.x + w.w && p.y >= w.y && p.y <= w.y + w.h)
    };
    let (rad, step) = (g.radius(), 2.0);
    let (nx, ny) = ((g.flat / step) as i32, (2.0 * rad / step) as i32);
    (-nx / 2..=nx / 2).all(|a| {
        (-ny / 2..=ny / 2).all(|b| {
            let p = Pt::new(c.x + f64::from(a) * step, c.y + f64::from(b) * step);
            !g.contains(c, p, 0.3) || inside(p)
        })
    })
}

/// A place on sheet (`row`, `col`) for a whole hex and its caption, clear
/// of the board's hexes, of the strips the next sheets cover and of
/// `taken`: the hex's centre, in canvas coordinates.
fn free_spot(
    t: &Tiling,
    canvas: &MapCanvas,
    row: usize,
    col: usize,
    margin: f64,
    taken: &[Rect],
) -> Option<Pt> {
    let g = canvas.geom;
    let v = visible(t, row, col);
    let (pw, ph) = (t.sheet.0 - 2.0 * margin, t.sheet.1 - 2.0 * margin);
    let area = Rect::new(v.x, v.y, v.w.min(pw), v.h.min(ph));
    let (w, h) = (g.flat + 2.0 * CLEAR, g.height() + CAPTION + 2.0 * CLEAR);
    let step = 2.0;
    let (nx, ny) = (((area.w - w) / step).floor() as i32, ((area.h - h) / step).floor() as i32);
    for j in 0..=ny.max(-1) {
        for i in 0..=nx.max(-1) {
            let r = Rect::new(area.x + f64::from(i) * step, area.y + f64::from(j) * step, w, h);
            let clear = !canvas.hexes.iter().any(|c| hex_in_rect(g, *c, r))
                && !taken.iter().any(|q| crate::compose::map::keepout::overlaps(*q, r));
            if clear {
                return Some(Pt::new(r.x + w / 2.0, r.y + CLEAR + g.radius()));
            }
        }
    }
    None
}

/// Turns every sliver sheet of `t` (as `sliver` says of its window) whose hexes all find
/// free paper on other printed sheets into loose pieces: the sheet is no
/// longer printed.
pub(crate) fn loosen(
    t: &mut Tiling,
    canvas: &MapCanvas,
    margin: f64,
    sliver: impl Fn(Rect) -> bool,
) {
    let g = canvas.geom;
    let slivers: Vec<(usize, usize)> =
        t.cells().into_iter().filter(|&(r, c)| sliver(t.window(r, c))).collect();
    for (row, col) in slivers {
        let mut trial = t.clone();
        trial.present[row * t.cols.len() + col] = false;
        if trial.sheets() == 0 {
            continue;
        }
        let w = t.window(row, col);
        let needed: Vec<usize> = (0..canvas.hexes.len())
            .filter(|&i| hex_in_rect(g, canvas.hexes[i], w) && !covered(&trial, canvas, i))
            .collect();
        let mut taken: Vec<Rect> = Vec::new();
        let mut placed = Vec::new();
        for &i in &needed {
            let spot = trial.cells().into_iter().find_map(|(r, c)| {
                free_spot(&trial, canvas, r, c, margin, &taken).map(|p| ((r, c), p))
            });
            let Some((host, at)) = spot else { break };
            taken.push(Rect::new(
                at.x - g.flat / 2.0 - CLEAR,
                at.y - g.radius() - CLEAR,
                g.flat + 2.0 * CLEAR,
                g.height() + CAPTION + 2.0 * CLEAR,
            ));
            placed.push(Loose { hex: i, host, at, instead_of: (row, col) });
        }
        if placed.len() == needed.len() && !needed.is_empty() {
            trial.loose.extend(placed);
            trial.slivers -= 1;
            *t = trial;
        }
    }
}
