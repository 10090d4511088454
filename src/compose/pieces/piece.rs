//! A printed piece to cut out: the interface between the artwork (which
//! draws fronts and backs) and the imposition (which packs pieces on sheets).

use crate::scene::Item;

/// The outline a piece is cut along.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    /// A round token.
    Circle {
        /// Diameter in mm.
        diameter: f64,
    },
    /// A square token.
    Square {
        /// Side in mm.
        side: f64,
    },
    /// A pointy-top hex tile.
    Hex {
        /// Flat-to-flat width in mm.
        flat: f64,
    },
    /// A rectangular card.
    Card {
        /// Width in mm.
        width: f64,
        /// Height in mm.
        height: f64,
    },
}

impl Shape {
    /// Index of the kind in the sheet templates' per-shape settings:
    /// circle 0, square 1, hex 2, card 3.
    pub fn kind(self) -> usize {
        match self {
            Shape::Circle { .. } => 0,
            Shape::Square { .. } => 1,
            Shape::Hex { .. } => 2,
            Shape::Card { .. } => 3,
        }
    }
}

impl Shape {
    /// Width and height of the cut outline in mm.
    pub fn size(self) -> (f64, f64) {
        match self {
            Shape::Circle { diameter } => (diameter, diameter),
            Shape::Square { side } => (side, side),
            // Pointy-top: corner to corner is flat * 2/sqrt(3).
            Shape::Hex { flat } => (flat, flat * 2.0 / 3f64.sqrt()),
            Shape::Card { width, height } => (width, height),
        }
    }
}

/// One design of a piece, printed `count` times.
///
/// Art is drawn centred on `(0, 0)` in mm and may extend past the cut outline
/// by the bleed; the imposition clips it to the outline plus bleed.
#[derive(Clone, Debug, PartialEq)]
pub struct Piece {
    /// What it is, e.g. "number chip 6" (for overviews and tests).
    pub name: String,
    /// Cut outline.
    pub shape: Shape,
    /// Front art.
    pub front: Vec<Item>,
    /// Back art (`None`: blank back, no duplex page needed for it).
    pub back: Option<Vec<Item>>,
    /// Copies to print.
    pub count: u32,
}

/// A named set of pieces that belong together on sheets (e.g. "Number chips").
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PieceSet {
    /// Heading for the sheet.
    pub title: String,
    /// The designs in print order.
    pub pieces: Vec<Piece>,
    /// Face-down pieces laid by the placement codes on their backs
    /// ([`crate::compose::placement`]): they go on sheets of their own, first
    /// among the two-sided ones, which are cut back side up.
    pub coded: bool,
}
