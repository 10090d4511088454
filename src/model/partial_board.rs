//! A board as the placement rules see it, whole or in part: the one type
//! behind the fixed hexes validation checks ([`PartialBoard::fixed`]), the
//! fixed and locked hexes the lock check reads (`solve::locks`, which adds
//! the locks on top) and a whole layout the board check and the last guard
//! read (`solve::check`, which fills it from a layout). The rules read it
//! through [`PartialBoard::view`].

use super::oracle::{View, NO_HARBOR, OPEN, UNSET};
use super::{CellContent, MapDef};

/// Terrain, chips, face-down tiles and harbor facings per cell of a map,
/// with what is not known yet marked as such.
#[derive(Clone, Debug, Default)]
pub(crate) struct PartialBoard {
    /// Terrain index per cell ([`crate::vocab::Terrain::index`]), [`UNSET`]
    /// where not known yet.
    pub terrain: Vec<u8>,
    /// Chip per cell (at least one entry per cell), 0 for none.
    pub number: Vec<u8>,
    /// Whether each cell is a tile of a face-down region.
    pub face_down: Vec<bool>,
    /// Per cell: the facing of its face-up harbor, [`OPEN`] for a facing not
    /// known yet (or, on a whole board, a harbor that faces nothing), or
    /// [`NO_HARBOR`].
    pub harbor: Vec<u8>,
    /// The cells that hold a harbor, ascending.
    pub harbors: Vec<u32>,
    /// For cells whose terrain is [`UNSET`]: whether they may still be dealt
    /// land. Empty on a whole board.
    pub unknown_land: Vec<bool>,
    /// Whether every terrain and facing is decided.
    pub whole: bool,
}

impl PartialBoard {
    /// The fixed parts of `map`: their terrain, printed chips and fixed
    /// harbor facings; every random slot unknown, and marked as one that may
    /// be dealt land when its region's pool holds some.
    pub fn fixed(map: &MapDef) -> PartialBoard {
        let n = map.cells.len();
        let mut b = PartialBoard {
            terrain: vec![UNSET; n],
            number: vec![0; n],
            face_down: vec![false; n],
            harbor: vec![NO_HARBOR; n],
            harbors: Vec::new(),
            unknown_land: vec![false; n],
            whole: false,
        };
        for (i, cell) in map.cells.iter().enumerate() {
            match cell.content {
                CellContent::Fixed { terrain, number, .. } => {
                    b.terrain[i] = terrain.index() as u8;
                    b.number[i] = number.unwrap_or(0);
                }
                CellContent::Slot { region } => {
                    let r = &map.regions[region];
                    b.face_down[i] = r.face_down;
                    b.unknown_land[i] = r.tiles.iter().any(|(t, _)| t.is_land());
                }
            }
            if let Some(h) = cell.harbor {
                b.harbor[i] = h.facing.map_or(OPEN, |d| d.index() as u8);
                b.harbors.push(i as u32);
            }
        }
        b
    }

    /// A whole board of `n` cells to fill: terrain index 0 and no chip
    /// everywhere, no face-down tile, no harbor.
    pub fn whole(n: usize) -> PartialBoard {
        PartialBoard {
            terrain: vec![0; n],
            number: vec![0; n],
            face_down: vec![false; n],
            harbor: vec![NO_HARBOR; n],
            harbors: Vec::new(),
            unknown_land: Vec::new(),
            whole: true,
        }
    }

    /// The board as the rules see it.
    pub fn view(&self) -> View<'_> {
        View {
            terrain: &self.terrain,
            number: &self.number,
            face_down: &self.face_down,
            harbor: &self.harbor,
            harbors: &self.harbors,
            unknown_land: &self.unknown_land,
            whole: self.whole,
        }
    }
}
