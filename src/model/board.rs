//! Dense, index-based adjacency of a map: what the solver and the checks walk.

use std::collections::BTreeMap;

use crate::hex::{Direction, Hex};

/// Marks a missing neighbour or corner member.
pub const NONE: u16 = u16::MAX;

/// The hexes of a map with their neighbours and corners as indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Hexes in scenario order; index `i` is cell `i` of the map.
    pub hexes: Vec<Hex>,
    /// Hex -> index.
    pub index: BTreeMap<Hex, usize>,
    /// For each hex, its neighbours in [`Direction::ALL`] order ([`NONE`] when off the map).
    pub neighbors: Vec<[u16; 6]>,
    /// Every corner touched by at least two hexes of the map: the up-to-three
    /// hexes meeting there ([`NONE`] for off-map).
    pub corners: Vec<[u16; 3]>,
    /// For each hex, the indices into `corners` of its corners.
    pub hex_corners: Vec<Vec<u16>>,
}

impl Board {
    /// Builds the adjacency of a set of distinct hexes.
    pub fn new(hexes: Vec<Hex>) -> Board {
        let index: BTreeMap<Hex, usize> = hexes.iter().enumerate().map(|(i, h)| (*h, i)).collect();
        let idx = |h: Hex| index.get(&h).map_or(NONE, |i| *i as u16);
        let neighbors: Vec<[u16; 6]> =
            hexes.iter().map(|h| Direction::ALL.map(|d| idx(h.neighbor(d)))).collect();
        // A corner of hex h lies between its neighbours in directions k and k+1.
        let mut seen: BTreeMap<[Hex; 3], u16> = BTreeMap::new();
        let mut corners = Vec::new();
        let mut hex_corners = vec![Vec::new(); hexes.len()];
        for (i, h) in hexes.iter().enumerate() {
            for k in 0..6 {
                let a = h.neighbor(Direction::ALL[k]);
                let b = h.neighbor(Direction::ALL[(k + 1) % 6]);
                let mut key = [*h, a, b];
                key.sort();
                let members = key.map(idx);
                if members.iter().filter(|m| **m != NONE).count() < 2 {
                    continue;
                }
                let ci = *seen.entry(key).or_insert_with(|| {
                    corners.push(members);
                    (corners.len() - 1) as u16
                });
                hex_corners[i].push(ci);
            }
        }
        Board { hexes, index, neighbors, corners, hex_corners }
    }

    /// Number of hexes.
    pub fn len(&self) -> usize {
        self.hexes.len()
    }

    /// Whether the board has no hexes.
    pub fn is_empty(&self) -> bool {
        self.hexes.is_empty()
    }

    /// Indices of the on-map neighbours of hex `i`.
    pub fn neighbors_of(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        self.neighbors[i].iter().filter(|n| **n != NONE).map(|n| *n as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hexagon(radius: i32) -> Vec<Hex> {
        let mut v = Vec::new();
        for r in -radius..=radius {
            for q in -radius..=radius {
                if (q + r).abs() <= radius {
                    v.push(Hex::new(q, r));
                }
            }
        }
        v
    }

    #[test]
    fn base_board_has_the_known_counts() {
        let b = Board::new(hexagon(2));
        assert_eq!(b.len(), 19);
        // 19 hexes have 54 corners; 18 of them touch a single hex and are skipped.
        assert_eq!(b.corners.len(), 36);
        let three = b.corners.iter().filter(|c| c.iter().all(|m| *m != NONE)).count();
        assert_eq!(three, 24);
        let centre = b.index[&Hex::new(0, 0)];
        assert_eq!(b.neighbors_of(centre).count(), 6);
        assert_eq!(b.hex_corners[centre].len(), 6);
    }
}
