//! Axial hex coordinates (pointy-top hexes, `r` grows downward).
//!
//! The six neighbours of `(q, r)` are `(q+1, r)`, `(q-1, r)`, `(q, r+1)`,
//! `(q, r-1)`, `(q+1, r-1)` and `(q-1, r+1)`.

use std::fmt;

/// A hex cell in axial coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Hex {
    /// Column axis (grows to the east).
    pub q: i32,
    /// Row axis (grows to the south-east / downward).
    pub r: i32,
}

impl Hex {
    /// Position across the drawing in half hex widths: rows are drawn shifted
    /// by half a hex, so a hex sits `q + r/2` hex widths from the origin.
    pub(crate) fn half_columns(self) -> i64 {
        2 * i64::from(self.q) + i64::from(self.r)
    }

    /// Builds a hex from its axial coordinates.
    pub const fn new(q: i32, r: i32) -> Self {
        Hex { q, r }
    }

    /// The neighbour of this hex in direction `dir`.
    pub fn neighbor(self, dir: Direction) -> Hex {
        let (dq, dr) = dir.offset();
        Hex::new(self.q + dq, self.r + dr)
    }

    /// The six neighbours, in [`Direction::ALL`] order.
    pub fn neighbors(self) -> [Hex; 6] {
        Direction::ALL.map(|d| self.neighbor(d))
    }

    /// The direction from `self` to an adjacent hex `other`, if they are neighbours.
    pub fn direction_to(self, other: Hex) -> Option<Direction> {
        Direction::ALL.into_iter().find(|d| self.neighbor(*d) == other)
    }

    /// Hex distance (number of steps) between two hexes.
    pub fn distance(self, other: Hex) -> u32 {
        let dq = self.q - other.q;
        let dr = self.r - other.r;
        ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2) as u32
    }
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.q, self.r)
    }
}

/// One of the six directions from a pointy-top hex to its neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Direction {
    /// East: `(q+1, r)`.
    E,
    /// North-east: `(q+1, r-1)`.
    NE,
    /// North-west: `(q, r-1)`.
    NW,
    /// West: `(q-1, r)`.
    W,
    /// South-west: `(q-1, r+1)`.
    SW,
    /// South-east: `(q, r+1)`.
    SE,
}

impl Direction {
    /// All six directions, counter-clockwise starting east.
    pub const ALL: [Direction; 6] =
        [Direction::E, Direction::NE, Direction::NW, Direction::W, Direction::SW, Direction::SE];

    /// The axial offset `(dq, dr)` of this direction.
    pub const fn offset(self) -> (i32, i32) {
        match self {
            Direction::E => (1, 0),
            Direction::NE => (1, -1),
            Direction::NW => (0, -1),
            Direction::W => (-1, 0),
            Direction::SW => (-1, 1),
            Direction::SE => (0, 1),
        }
    }

    /// The lowercase name used in scenario files (`"e"`, `"ne"`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Direction::E => "e",
            Direction::NE => "ne",
            Direction::NW => "nw",
            Direction::W => "w",
            Direction::SW => "sw",
            Direction::SE => "se",
        }
    }

    /// Parses a direction name as written in scenario files.
    pub fn from_name(name: &str) -> Option<Direction> {
        Direction::ALL.into_iter().find(|d| d.name() == name)
    }

    /// Index of this direction in [`Direction::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_match_the_axial_convention() {
        let n = Hex::new(0, 0).neighbors();
        let expected = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];
        for (h, (q, r)) in n.iter().zip(expected) {
            assert_eq!((h.q, h.r), (q, r));
        }
    }

    #[test]
    fn distance_and_direction() {
        let a = Hex::new(0, 0);
        assert_eq!(a.distance(Hex::new(3, -3)), 3);
        assert_eq!(a.distance(Hex::new(2, 1)), 3);
        assert_eq!(a.direction_to(Hex::new(-1, 1)), Some(Direction::SW));
        assert_eq!(a.direction_to(Hex::new(2, 0)), None);
        for d in Direction::ALL {
            assert_eq!(Direction::from_name(d.name()), Some(d));
            assert_eq!(Direction::ALL[d.index()], d);
        }
    }
}

/// How many hexes a set of hexes spans across and down, as drawn (0, 0 for
/// none): the size of the drawing, however sparse the map.
pub(crate) fn extent(hexes: impl IntoIterator<Item = Hex>) -> (i64, i64) {
    let mut it = hexes.into_iter();
    let Some(first) = it.next() else { return (0, 0) };
    let (mut x0, mut x1, mut r0, mut r1) =
        (first.half_columns(), first.half_columns(), first.r, first.r);
    for h in it {
        x0 = x0.min(h.half_columns());
        x1 = x1.max(h.half_columns());
        r0 = r0.min(h.r);
        r1 = r1.max(h.r);
    }
    ((x1 - x0) / 2 + 1, i64::from(r1) - i64::from(r0) + 1)
}

#[cfg(test)]
mod extent_tests {
    use super::*;

    #[test]
    fn extent_counts_hexes_across_and_rows_down() {
        assert_eq!(extent([]), (0, 0));
        assert_eq!(extent([Hex::new(0, 0)]), (1, 1));
        // One row of three, and the hex below-left of the middle one.
        assert_eq!(extent([Hex::new(-1, 0), Hex::new(0, 0), Hex::new(1, 0)]), (3, 1));
        assert_eq!(extent([Hex::new(0, 0), Hex::new(0, 1)]), (1, 2));
        assert_eq!(extent([Hex::new(-100, 0), Hex::new(100, 0)]), (201, 1));
    }
}
