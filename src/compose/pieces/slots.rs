//! Sheet plans as data: which copy of which piece sits where on a sheet
//! ([`Slot`]), grouped by shape ([`PieceBlock`]) into sheets
//! ([`SheetPlan`]). [`crate::compose::pieces::sheet_plan`] makes them, [`crate::compose::pieces::sharing`]
//! merges the partly filled ones, [`crate::compose::pieces::impose`] draws them.

use crate::compose::pieces::piece::{PieceSet, Shape};
use crate::scene::Pt;

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
/// (pieces that print the same way share a sheet, see [`crate::compose::pieces::sharing`]).
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

    /// Whether the sheet holds coded face-down pieces ([`PieceSet::coded`]);
    /// such a sheet holds nothing else.
    pub fn coded(&self, sets: &[PieceSet]) -> bool {
        self.slots().any(|s| sets[s.set].coded)
    }

    /// Whether some piece on the sheet has a back.
    pub(crate) fn has_back(&self, sets: &[PieceSet]) -> bool {
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
