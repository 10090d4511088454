//! Where the red chips (6 and 8) and the deserts fall: on the coast, on the
//! inner ring, or in the centre. Balanced searches tend to push 6 and 8 to
//! the middle; the report compares random, bar and best boards.
//!
//! A land hex's *depth* is its distance in hexes to the nearest hex that is
//! not land (water, or off the map): 1 on the coast, 2 on the ring inside
//! it, 3 or more in the centre. On the base game that is 12 coast hexes, 6
//! on the inner ring and the centre hex.

use crate::model::{board::NONE, MapDef};
use crate::solve::Layout;
use crate::vocab::{is_red, Terrain};

/// The classes, in order.
pub(crate) const CLASSES: [&str; 3] = ["coast", "inner ring", "centre"];

/// Counts per class ([`CLASSES`] order).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Places {
    /// Red chips (6 and 8, face up).
    pub red: [u64; 3],
    /// Deserts.
    pub desert: [u64; 3],
    /// Boards counted.
    pub boards: u64,
}

impl Places {
    /// Adds another count.
    pub fn add(&mut self, o: &Places) {
        for i in 0..3 {
            self.red[i] += o.red[i];
            self.desert[i] += o.desert[i];
        }
        self.boards += o.boards;
    }

    /// Share of red chips in each class, in percent.
    pub(crate) fn red_shares(&self) -> [f64; 3] {
        shares(&self.red)
    }

    /// Share of deserts in each class, in percent.
    pub(crate) fn desert_shares(&self) -> [f64; 3] {
        shares(&self.desert)
    }
}

fn shares(c: &[u64; 3]) -> [f64; 3] {
    let all: u64 = c.iter().sum();
    c.map(|x| if all == 0 { 0.0 } else { 100.0 * x as f64 / all as f64 })
}

/// The places of one layout.
pub fn places(map: &MapDef, layout: &Layout) -> Places {
    let b = &map.board;
    let hx = &layout.hexes;
    let land = |i: usize| hx[i].terrain.is_land();
    // Breadth first from every land hex that touches water or the edge.
    let mut depth = vec![u32::MAX; hx.len()];
    let mut queue = std::collections::VecDeque::new();
    for (i, d) in depth.iter_mut().enumerate() {
        if land(i) && b.neighbors[i].iter().any(|n| *n == NONE || !land(*n as usize)) {
            *d = 1;
            queue.push_back(i);
        }
    }
    while let Some(i) = queue.pop_front() {
        for n in b.neighbors_of(i) {
            if land(n) && depth[n] == u32::MAX {
                depth[n] = depth[i] + 1;
                queue.push_back(n);
            }
        }
    }
    let mut p = Places { boards: 1, ..Places::default() };
    for (i, h) in hx.iter().enumerate() {
        if !land(i) || h.face_down {
            continue;
        }
        let class = (depth[i].clamp(1, 3) - 1) as usize;
        if h.number.is_some_and(is_red) {
            p.red[class] += 1;
        }
        if h.terrain == Terrain::Desert {
            p.desert[class] += 1;
        }
    }
    p
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn the_base_board_has_twelve_six_and_one() {
        let s = crate::model::load(&crate::builtin::source("base").unwrap()).unwrap();
        let map = &s.maps[0];
        let l = crate::solve::solve(&s, 4, 1, &Default::default()).unwrap();
        let p = places(map, &l);
        assert_eq!(p.red.iter().sum::<u64>(), 4);
        assert_eq!(p.desert.iter().sum::<u64>(), 1);
        // Count the classes of every land hex by making each a desert in turn.
        let mut classes = [0u64; 3];
        for i in 0..l.hexes.len() {
            if !l.hexes[i].terrain.is_land() {
                continue;
            }
            let mut m = l.clone();
            for h in &mut m.hexes {
                if h.terrain == Terrain::Desert {
                    h.terrain = Terrain::Forest;
                }
            }
            m.hexes[i].terrain = Terrain::Desert;
            let q = places(map, &m);
            for (c, d) in classes.iter_mut().zip(q.desert) {
                *c += d;
            }
        }
        assert_eq!(classes, [12, 6, 1]);
    }
}
