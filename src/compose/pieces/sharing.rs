//! Small sets of pieces share sheets: the partly filled sheets of the plan
//! (a set's last sheet, a track or two, a spare card) that print the same
//! way (all one-sided, or all two-sided with the pack's one flip edge) are
//! stacked on one page when their blocks fit it together, so no sheet goes
//! to the printer nearly empty; a partly filled one-sided sheet left over
//! joins a two-sided one, its pieces' backs left blank.
//!
//! Each block is laid out again as the shortest band of its pieces across
//! the page ([`crate::compose::pieces::packing::strip`]); bands are stacked from the top of
//! the printable area, biggest first, a [`GAP`] apart, and centred across.
//! The page turns when every kind on it may ([`SheetOptions::orientation_for_kind`]).
//! Coded face-down pieces share only with each other.

use crate::compose::pieces::packing::{band, strip};
use crate::compose::pieces::piece::PieceSet;
use crate::compose::pieces::slots::{PieceBlock, SheetPlan, Slot};
use crate::scene::Pt;
use crate::settings::sheets::{Orientation, SheetOptions};

/// Room between two stacked blocks, mm (beyond their bleed and crop marks).
pub(crate) const GAP: f64 = 4.0;

/// Whether a sheet has room left: fewer pieces than a full page of its one
/// block would hold.
fn partial(p: &SheetPlan, opts: &SheetOptions) -> bool {
    match p.blocks.as_slice() {
        [b] => {
            let (_, _, grid) = crate::compose::pieces::packing::page_for(b.shape, opts);
            b.slots.len() < grid.centres.len()
        }
        _ => true,
    }
}

/// The blocks of `sheets` stacked on one page of `opts`' paper, if they fit
/// in one orientation every kind on it allows.
fn stack(sheets: &[&SheetPlan], opts: &SheetOptions) -> Option<SheetPlan> {
    let mut blocks: Vec<&PieceBlock> = sheets.iter().flat_map(|s| &s.blocks).collect();
    // Bigger blocks first.
    blocks.sort_by_key(|b| std::cmp::Reverse(b.slots.len()));
    let allowed = |o: Orientation| {
        blocks.iter().all(|b| {
            let k = opts.orientation_for_kind(b.shape.kind());
            k == Orientation::Auto || k == o
        })
    };
    for o in [Orientation::Portrait, Orientation::Landscape] {
        if !allowed(o) {
            continue;
        }
        let (w, h) = opts.paper.size(o);
        let top = opts.margin + band(opts);
        let bottom = h - opts.margin - band(opts);
        let mut y = top;
        let mut out = Vec::new();
        let mut fits = true;
        for b in &blocks {
            let Some((grid, bh)) = strip(b.shape, b.slots.len(), w, h, opts) else {
                fits = false;
                break;
            };
            if y + bh > bottom + 1e-9 {
                fits = false;
                break;
            }
            let slots = b
                .slots
                .iter()
                .zip(&grid.centres)
                .map(|(s, c)| Slot { centre: Pt::new(c.x, c.y + y), ..*s })
                .collect();
            out.push(PieceBlock { shape: b.shape, slots, turned: grid.turned, mark: grid.mark });
            y += bh + GAP;
        }
        if fits {
            // Centre the stack down the page.
            let dy = (bottom - (y - GAP)) / 2.0;
            for b in &mut out {
                b.slots.iter_mut().for_each(|s| s.centre.y += dy);
            }
            let mut titles: Vec<String> = Vec::new();
            for t in sheets.iter().flat_map(|s| &s.titles) {
                if !titles.contains(t) {
                    titles.push(t.clone());
                }
            }
            return Some(SheetPlan { width: w, height: h, titles, blocks: out });
        }
    }
    None
}

/// `sheets` with every pair of partly filled sheets that print the same way
/// and fit one page together merged, until no pair does; the order of the
/// sheets is kept (a merged sheet takes the place of the first).
///
/// When no such pair is left, a partly filled one-sided sheet joins a
/// partly filled two-sided one it fits with: its pieces print on the
/// fronts and leave their backs blank (as a one-sided piece does beside
/// two-sided ones of its own shape), rather than a sheet going to the
/// printer a quarter full.
pub fn share(mut sheets: Vec<SheetPlan>, sets: &[PieceSet], opts: &SheetOptions) -> Vec<SheetPlan> {
    let mut mixed = false;
    loop {
        let mut merged = None;
        'pairs: for i in 0..sheets.len() {
            if !partial(&sheets[i], opts) {
                continue;
            }
            for j in i + 1..sheets.len() {
                let same_way = sheets[i].has_back(sets) == sheets[j].has_back(sets);
                // Coded face-down pieces keep to sheets of their own.
                let apart = sheets[i].coded(sets) != sheets[j].coded(sets);
                if (!same_way && !mixed) || apart || !partial(&sheets[j], opts) {
                    continue;
                }
                if let Some(m) = stack(&[&sheets[i], &sheets[j]], opts) {
                    merged = Some((i, j, m));
                    break 'pairs;
                }
            }
        }
        match merged {
            Some((i, j, m)) => {
                sheets[i] = m;
                sheets.remove(j);
            }
            None if !mixed => mixed = true,
            None => return sheets,
        }
    }
}
