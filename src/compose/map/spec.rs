//! The map canvas's types: what decides a map's look ([`MapSpec`]), the
//! drawn pieces with their bounds ([`Block`]) and the whole canvas at 1:1
//! ([`MapCanvas`]). `map.rs` draws it; the legend, the marks and the sheet
//! cutters read it without importing the drawing.

use crate::scene::{HexGeom, Item, Page, Pt, Rect, Transform};
use crate::settings::View;
use crate::theme::{Mode, Theme};

/// What decides the look of a map.
#[derive(Clone, Copy, Debug)]
pub struct MapSpec<'a> {
    /// Colours, pictograms, sizes.
    pub theme: &'a Theme,
    /// Palette.
    pub mode: Mode,
    /// Setup or play view.
    pub view: View,
    /// Flat-to-flat hex width in mm.
    pub flat: f64,
    /// Terrain names on hexes.
    pub labels: bool,
    /// Extra lines for the title block, e.g. the balance measures of a
    /// `--balanced` map.
    pub notes: &'a [String],
    /// The command that makes this map again ([`crate::recipe::Recipe::command`]).
    pub command: &'a str,
    /// Lay the title block and legend out a second time for a page this
    /// wide ([`MapCanvas::key`]): the tiled map's overview page.
    pub key_width: Option<f64>,
    /// A reduced picture of the board (the overview's, the handout's): every
    /// word at the picture's text size, hex names that do not fit as note
    /// letters, no title block or legend.
    pub picture: bool,
}

/// `items` in a group moved to `at`.
pub fn group(at: Pt, items: Vec<Item>) -> Item {
    Item::Group { transform: Transform::translate(at.x, at.y), clip: None, items }
}

/// One drawn piece of the canvas with its bounds (for cutting into sheets).
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    /// Bounds in canvas mm.
    pub bounds: Rect,
    /// The drawing.
    pub item: Item,
    /// A mark over the hexes (chip, harbor, name): a picture draws its
    /// sheet lines under these and over the rest.
    pub mark: bool,
}

impl Block {
    /// Part of the hexes' art.
    pub fn art(bounds: Rect, item: Item) -> Block {
        Block { bounds, item, mark: false }
    }

    /// A mark over the hexes ([`Block::mark`]).
    pub fn mark(bounds: Rect, item: Item) -> Block {
        Block { bounds, item, mark: true }
    }
}

/// The whole map at 1:1, before it is cut into sheets.
#[derive(Clone, Debug, PartialEq)]
pub struct MapCanvas {
    /// Width in mm.
    pub width: f64,
    /// Height in mm.
    pub height: f64,
    /// Drawings, back to front; the first one per hex of the layout are the
    /// hex tiles, in layout order.
    pub blocks: Vec<Block>,
    /// Round things (chips, harbor tokens) a sheet cut should not cross, as circles.
    pub keep_whole: Vec<(Pt, f64)>,
    /// The number chips (and a lake's roll chips), as circles.
    pub chips: Vec<(Pt, f64)>,
    /// The harbor discs, as circles.
    pub harbor_discs: Vec<(Pt, f64)>,
    /// The board's area (hexes only).
    pub board: Rect,
    /// Centre of every hex, in canvas mm (the tiler keeps the sheets that
    /// hold part of one).
    pub hexes: Vec<Pt>,
    /// The title block and legend laid out for a page [`MapSpec::key_width`]
    /// wide, top edge at 0 (empty without one).
    pub key: Vec<Block>,
    /// A picture's notes: each letter drawn on a hex whose name did not fit,
    /// with that name.
    pub notes: Vec<(String, String)>,
    /// Hex geometry used.
    pub geom: HexGeom,
    /// Heading for overview pages and metadata.
    pub title: String,
    /// The footer facts every printed sheet carries: title, seed, version, scale.
    pub footer: String,
}

impl MapCanvas {
    /// The canvas as one page.
    pub fn to_page(&self) -> Page {
        let mut p = Page::new(self.width, self.height, "map");
        p.items = self.blocks.iter().map(|b| b.item.clone()).collect();
        p
    }
}
