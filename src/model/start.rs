//! Where the first settlements may go: a map's start area (`[map.start]`),
//! and the corner geometry of the distance rule that the validation and the
//! seat simulation share.
//!
//! A settlement stands on a board corner. Two corners are *neighbours* (the
//! distance rule forbids settlements on both) when they are the two ends of
//! one edge, that is when they share two hexes of the map.

use std::collections::BTreeMap;

use super::board::{Board, NONE};

/// The corners where a scenario's setup lets the first settlements go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartArea {
    /// Keys of the start regions, as written (for messages and reports).
    pub regions: Vec<String>,
    /// Per cell: the hex belongs to a start region (one of its random slots,
    /// or a fixed hex drawing its chip from it).
    pub start_hex: Vec<bool>,
    /// Per cell: a first settlement may not touch this hex (`avoid`).
    pub avoid: Vec<bool>,
}

impl StartArea {
    /// Whether a corner with these members touches a start hex and no hex to
    /// avoid (whether it is on land is decided per layout).
    pub fn allows(&self, members: &[u32; 3]) -> bool {
        let real = members.iter().filter(|m| **m != NONE).map(|m| *m as usize);
        let mut touches = false;
        for m in real {
            if self.avoid[m] {
                return false;
            }
            touches |= self.start_hex[m];
        }
        touches
    }
}

/// For every corner of `board`, the corners next to it (the other end of
/// each of its edges), ascending.
pub fn corner_neighbours(board: &Board) -> Vec<Vec<u32>> {
    let mut by_edge: BTreeMap<(u32, u32), Vec<u32>> = BTreeMap::new();
    for (ci, c) in board.corners.iter().enumerate() {
        for i in 0..3 {
            for j in i + 1..3 {
                let (a, b) = (c[i].min(c[j]), c[i].max(c[j]));
                if a != NONE && b != NONE {
                    by_edge.entry((a, b)).or_default().push(ci as u32);
                }
            }
        }
    }
    let mut out = vec![Vec::new(); board.corners.len()];
    for ends in by_edge.values() {
        for x in ends {
            for y in ends {
                if x != y {
                    out[*x as usize].push(*y);
                }
            }
        }
    }
    for n in &mut out {
        n.sort_unstable();
        n.dedup();
    }
    out
}

/// The most settlements that fit on `corners` (indices into the board's
/// corners) under the distance rule: the size of a largest set of them no
/// two of which are neighbours. Corners form a bipartite graph (a hex
/// lattice's corners point up or down), so this is exact: the corners
/// minus a maximum matching (König's theorem).
///
/// ```
/// use hexpress::axial::Hex;
/// use hexpress::model::{start, Board};
/// // One hex in a ring of six: the middle hex's six corners fit three settlements.
/// let mut hexes = vec![Hex::new(0, 0)];
/// hexes.extend(hexpress::axial::Direction::ALL.map(|d| Hex::new(0, 0).neighbor(d)));
/// let b = Board::new(hexes);
/// let nb = start::corner_neighbours(&b);
/// let mid: Vec<u32> = b.hex_corners[0].clone();
/// assert_eq!(start::room(&nb, &mid), 3);
/// ```
pub fn room(neighbours: &[Vec<u32>], corners: &[u32]) -> usize {
    let n = corners.len();
    let mut local: BTreeMap<u32, usize> = BTreeMap::new();
    for (i, c) in corners.iter().enumerate() {
        local.insert(*c, i);
    }
    let adj: Vec<Vec<usize>> = corners
        .iter()
        .map(|c| neighbours[*c as usize].iter().filter_map(|x| local.get(x).copied()).collect())
        .collect();
    // Two-colour the graph (breadth first per component).
    let mut side = vec![u8::MAX; n];
    for s in 0..n {
        if side[s] != u8::MAX {
            continue;
        }
        side[s] = 0;
        let mut queue = std::collections::VecDeque::from([s]);
        while let Some(x) = queue.pop_front() {
            for &y in &adj[x] {
                if side[y] == u8::MAX {
                    side[y] = 1 - side[x];
                    queue.push_back(y);
                }
            }
        }
    }
    // Maximum matching from side 0 to side 1 by augmenting paths (Kuhn),
    // with an explicit stack so large maps cannot overflow it.
    let mut mate = vec![usize::MAX; n];
    let mut matched = 0;
    let mut seen = vec![0u32; n];
    let mut round = 0u32;
    for s in (0..n).filter(|s| side[*s] == 0) {
        round += 1;
        if augment(s, &adj, &mut mate, &mut seen, round) {
            matched += 1;
        }
    }
    n - matched
}

/// One augmenting-path search from the free left vertex `s`.
fn augment(s: usize, adj: &[Vec<usize>], mate: &mut [usize], seen: &mut [u32], round: u32) -> bool {
    // Stack of (left vertex, next neighbour index); `via[k]` is the right
    // vertex taken to reach stack entry k + 1.
    let mut stack: Vec<(usize, usize)> = vec![(s, 0)];
    let mut via: Vec<usize> = Vec::new();
    while let Some(&mut (x, ref mut i)) = stack.last_mut() {
        if *i >= adj[x].len() {
            stack.pop();
            via.pop();
            continue;
        }
        let y = adj[x][*i];
        *i += 1;
        if seen[y] == round {
            continue;
        }
        seen[y] = round;
        if mate[y] == usize::MAX {
            // Flip the path: every left vertex on the stack takes the right
            // vertex it went through.
            via.push(y);
            for (k, (l, _)) in stack.iter().enumerate() {
                mate[via[k]] = *l;
            }
            return true;
        }
        via.push(y);
        stack.push((mate[y], 0));
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::axial::Hex;

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

    /// Largest independent set by trying every subset (tiny graphs only).
    fn brute(neighbours: &[Vec<u32>], corners: &[u32]) -> usize {
        let n = corners.len();
        let mut best = 0;
        for mask in 0u32..(1 << n) {
            let ok = (0..n).all(|i| {
                mask & (1 << i) == 0
                    || (0..n).all(|j| {
                        j == i
                            || mask & (1 << j) == 0
                            || !neighbours[corners[i] as usize].contains(&corners[j])
                    })
            });
            if ok {
                best = best.max(mask.count_ones() as usize);
            }
        }
        best
    }

    #[test]
    fn every_corner_has_at_most_three_neighbours_and_inner_ones_three() {
        let b = Board::new(hexagon(2));
        let nb = corner_neighbours(&b);
        for (c, members) in b.corners.iter().enumerate() {
            assert!(nb[c].len() <= 3);
            if members.iter().all(|m| *m != NONE) {
                assert_eq!(nb[c].len(), 3, "inner corner {c}");
            }
        }
    }

    #[test]
    fn room_matches_brute_force_on_small_sets() {
        let b = Board::new(hexagon(2));
        let nb = corner_neighbours(&b);
        // The corners of a few hexes around the centre, in growing sets.
        for k in 1..=4usize {
            let mut cs: Vec<u32> =
                (0..k).flat_map(|h| b.hex_corners[h * 3].iter().copied()).collect();
            cs.sort_unstable();
            cs.dedup();
            if cs.len() > 20 {
                continue;
            }
            assert_eq!(room(&nb, &cs), brute(&nb, &cs), "set {k}");
        }
        // The whole base board: 36 corners, 24 inner ones among them.
        let all: Vec<u32> = (0..b.corners.len() as u32).collect();
        let r = room(&nb, &all);
        assert!((12..=18).contains(&r), "{r}");
    }
}
