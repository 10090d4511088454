//! What a draw is given besides the map: the search limits and the
//! locked hexes.

use std::time::Instant;

use super::Layout;
use crate::axial::Hex;
use crate::vocab::Terrain;

/// Search limits.
#[derive(Clone, Copy, Debug)]
pub struct SolveOptions {
    /// Deals, chain steps (in batches of 1,024) and search nodes before
    /// giving up. The default (4 million) bounds a failing search to well
    /// under a second.
    pub max_nodes: u64,
    /// Terrain arrangements the start search tries when chips or harbors
    /// cannot be placed on one.
    pub max_terrain_attempts: u32,
    /// Wall-clock limit, checked every few thousand nodes; `None` keeps the
    /// solver fully deterministic (the CLI sets one as a safety net).
    pub deadline: Option<Instant>,
    /// Refuse a map only the Markov chain can draw (`--exact`): every board
    /// is then an exact uniform draw.
    pub exact: bool,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            max_nodes: crate::limits::DEFAULT_MAX_NODES,
            max_terrain_attempts: 500,
            deadline: None,
            exact: false,
        }
    }
}

/// A hex kept as it is when the rest of the board is redrawn (`--lock`, the
/// web page's locked hexes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lock {
    /// Where.
    pub hex: Hex,
    /// The terrain it keeps.
    pub terrain: Terrain,
    /// The chip it keeps (`None` for a hex without a chip on the board).
    pub number: Option<u8>,
}

impl Lock {
    /// Locks for `hexes` with the contents they have in `layout`; `None` if a
    /// hex is not in the layout.
    pub fn from_layout(layout: &Layout, hexes: &[Hex]) -> Option<Vec<Lock>> {
        hexes
            .iter()
            .map(|h| {
                let p = layout.hexes.iter().find(|p| p.hex == *h)?;
                Some(Lock { hex: *h, terrain: p.terrain, number: p.number })
            })
            .collect()
    }
}
