//! Dense, index-based adjacency of a map: what the solver and the checks walk.
//!
//! Indices are `u32`, so maps are limited by the hex-count limit of the
//! scenario format, not by the index type. Memory is proportional to the
//! number of hexes (sparse maps stay sparse: no bounding-box grids).

use std::collections::BTreeMap;

use crate::axial::{Direction, Hex};

/// Marks a missing neighbour or corner member.
pub const NONE: u32 = u32::MAX;

/// The hexes of a map with their neighbours and corners as indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Hexes in scenario order; index `i` is cell `i` of the map.
    pub hexes: Vec<Hex>,
    /// Hex -> index.
    pub index: BTreeMap<Hex, usize>,
    /// For each hex, its neighbours in [`Direction::ALL`] order ([`NONE`] when off the map).
    pub neighbors: Vec<[u32; 6]>,
    /// Every corner touched by at least two hexes of the map: the up-to-three
    /// hexes meeting there ([`NONE`] for off-map).
    pub corners: Vec<[u32; 3]>,
    /// For each hex, the indices into `corners` of its corners.
    pub hex_corners: Vec<Vec<u32>>,
    /// For each hex, its corner `k` (between the neighbours in directions `k`
    /// and `k + 1`) as an index into `corners`, or [`NONE`] when no other hex
    /// of the map touches it.
    pub corner_at: Vec<[u32; 6]>,
}

impl Board {
    /// Builds the adjacency of a set of distinct hexes.
    ///
    /// ```
    /// use hexpress::axial::{Direction, Hex};
    /// use hexpress::model::Board;
    /// let b = Board::new(vec![Hex::new(0, 0), Hex::new(1, 0)]);
    /// assert_eq!(b.neighbors_of(0).collect::<Vec<_>>(), vec![1]);
    /// // The shared edge has two corners, each touched by both hexes.
    /// assert_eq!(b.corners.len(), 2);
    /// let [a, z] = b.edge_corners(0, Direction::E);
    /// assert_ne!(a, z);
    /// ```
    pub fn new(hexes: Vec<Hex>) -> Board {
        let index: BTreeMap<Hex, usize> = hexes.iter().enumerate().map(|(i, h)| (*h, i)).collect();
        let idx = |h: Hex| index.get(&h).map_or(NONE, |i| *i as u32);
        let neighbors: Vec<[u32; 6]> =
            hexes.iter().map(|h| Direction::ALL.map(|d| idx(h.neighbor(d)))).collect();
        // A corner of hex h lies between its neighbours in directions k and k+1.
        let mut seen: BTreeMap<[Hex; 3], u32> = BTreeMap::new();
        let mut corners = Vec::new();
        let mut hex_corners = vec![Vec::new(); hexes.len()];
        let mut corner_at = vec![[NONE; 6]; hexes.len()];
        for (i, h) in hexes.iter().enumerate() {
            #[allow(clippy::needless_range_loop)] // k is also a direction index
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
                    (corners.len() - 1) as u32
                });
                hex_corners[i].push(ci);
                corner_at[i][k] = ci;
            }
        }
        Board { hexes, index, neighbors, corners, hex_corners, corner_at }
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

    /// The two corners (indices into `corners`) at the ends of the edge of hex
    /// `i` toward `dir`: where a harbor on hex `i` facing `dir` lets
    /// settlements trade. [`NONE`] for a corner no other hex touches (which
    /// happens only when the neighbour in `dir` is off the map).
    pub fn edge_corners(&self, i: usize, dir: Direction) -> [u32; 2] {
        let k = dir.index();
        [self.corner_at[i][(k + 5) % 6], self.corner_at[i][k]]
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
        // 19 hexes have 54 corners: 24 inside, 30 on the rim. Of the rim's, 18
        // are the outer tips of a single hex (skipped) and 12 touch two hexes.
        assert_eq!(b.corners.len(), 36);
        let three = b.corners.iter().filter(|c| c.iter().all(|m| *m != NONE)).count();
        assert_eq!(three, 24);
        let centre = b.index[&Hex::new(0, 0)];
        assert_eq!(b.neighbors_of(centre).count(), 6);
        assert_eq!(b.hex_corners[centre].len(), 6);
    }

    #[test]
    fn an_edge_has_the_corners_both_hexes_share() {
        let b = Board::new(hexagon(2));
        let centre = b.index[&Hex::new(0, 0)];
        for d in Direction::ALL {
            let other = b.index[&Hex::new(0, 0).neighbor(d)];
            let [x, y] = b.edge_corners(centre, d);
            assert_ne!(x, y);
            for c in [x, y] {
                assert!(b.corners[c as usize].contains(&(centre as u32)));
                assert!(b.corners[c as usize].contains(&(other as u32)));
            }
            // Seen from the other side, the same two corners.
            let back = Direction::ALL[(d.index() + 3) % 6];
            let mut a = b.edge_corners(other, back);
            let mut z = [x, y];
            a.sort_unstable();
            z.sort_unstable();
            assert_eq!(a, z);
        }
    }
}
