//! Sheet plans: which piece goes where on which sheet, before anything is
//! drawn ([`crate::compose::pieces::impose`] draws them). Pieces of one shape and size share
//! sheets across sets ([`crate::compose::pieces::packing`] finds the grid); partly filled
//! sheets that print the same way share pages ([`crate::compose::pieces::sharing`]).

use crate::compose::pieces::packing::page_for;
use crate::compose::pieces::piece::{PieceSet, Shape};
pub use crate::compose::pieces::slots::{PieceBlock, SheetPlan, Slot};
use crate::settings::sheets::{Orientation, SheetOptions};

/// Plans the sheets: pieces grouped by shape and size (in order of first
/// appearance; coded face-down pieces apart from the others), copies in set and piece order, pages filled in reading order;
/// then the partly filled sheets that print the same way share pages where
/// they fit ([`crate::compose::pieces::sharing`]). A piece too large for the paper gets no
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
    // Coded face-down pieces never share a sheet with other pieces.
    let mut kinds: Vec<(Shape, bool)> = Vec::new();
    for s in sets {
        for p in &s.pieces {
            if p.count > 0 && !kinds.contains(&(p.shape, s.coded)) {
                kinds.push((p.shape, s.coded));
            }
        }
    }
    let mut out = Vec::new();
    for (shape, coded) in kinds {
        let (w, h, grid) = page_for(shape, opts);
        let spots = grid.centres;
        if spots.is_empty() {
            continue;
        }
        let mut copies = Vec::new();
        for (si, set) in sets.iter().enumerate().filter(|(_, s)| s.coded == coded) {
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
    crate::compose::pieces::sharing::share(out, sets, opts)
}

/// Names of pieces too large for one page of the chosen paper (not imposed).
pub fn unplaced(sets: &[PieceSet], opts: &SheetOptions) -> Vec<String> {
    sets.iter()
        .flat_map(|s| &s.pieces)
        .filter(|p| p.count > 0 && page_for(p.shape, opts).2.centres.is_empty())
        .map(|p| p.name.clone())
        .collect()
}
