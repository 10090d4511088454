//! An independent check of the rules on a partial board (the fixed hexes,
//! plus locked ones): written from `docs/scenario-format.md` ("What each
//! rule looks at") on the scenario model and hex geometry alone, never
//! calling the library's rule code. The harbor rules are left out: the
//! tests that use it draw cases in which harbors cannot break a rule, or
//! check the harbor rules on whole boards (`tests/sampling`).
#![allow(dead_code)]

use std::collections::{BTreeSet, HashMap};

use hexpress::axial::{Direction, Hex};
use hexpress::model::{CellContent, Constraints, MapDef};
use hexpress::solve::Lock;
use hexpress::vocab::Terrain;

/// Pips of a chip, from the format doc: 2 and 12 give 1, ..., 6 and 8 give 5.
pub fn pips(n: u8) -> u32 {
    match n {
        2 | 12 => 1,
        3 | 11 => 2,
        4 | 10 => 3,
        5 | 9 => 4,
        6 | 8 => 5,
        _ => 0,
    }
}

/// What is known before any deal: the fixed hexes, and the locks.
pub struct Known {
    pub terrain: Vec<Option<Terrain>>,
    pub number: Vec<Option<u8>>,
}

pub fn known(map: &MapDef, locks: &[Lock]) -> Known {
    let at: HashMap<Hex, usize> = map.cells.iter().enumerate().map(|(i, c)| (c.hex, i)).collect();
    let n = map.cells.len();
    let mut k = Known { terrain: vec![None; n], number: vec![None; n] };
    for (i, c) in map.cells.iter().enumerate() {
        if let CellContent::Fixed { terrain, number, .. } = c.content {
            k.terrain[i] = Some(terrain);
            k.number[i] = number;
        }
    }
    for l in locks {
        let i = at[&l.hex];
        k.terrain[i] = Some(l.terrain);
        k.number[i] = l.number;
    }
    k
}

/// The rules (other than the harbor rules) broken among the known hexes
/// alone, each with the cells that break it.
pub fn broken_by_known(
    map: &MapDef,
    c: &Constraints,
    k: &Known,
) -> Vec<(&'static str, Vec<usize>)> {
    let hexes: Vec<Hex> = map.cells.iter().map(|c| c.hex).collect();
    let at: HashMap<Hex, usize> = hexes.iter().enumerate().map(|(i, h)| (*h, i)).collect();
    let nb = |i: usize| -> Vec<usize> {
        Direction::ALL.iter().filter_map(|d| at.get(&hexes[i].neighbor(*d)).copied()).collect()
    };
    let red = |x: Option<u8>| matches!(x, Some(6 | 8));
    let mut out = Vec::new();
    for i in 0..hexes.len() {
        if c.gold_no_red && k.terrain[i] == Some(Terrain::Gold) && red(k.number[i]) {
            out.push(("gold_no_red", vec![i]));
        }
        for j in nb(i).into_iter().filter(|j| *j > i) {
            let both_gold =
                k.terrain[i] == Some(Terrain::Gold) && k.terrain[j] == Some(Terrain::Gold);
            if c.gold_not_adjacent && both_gold {
                out.push(("gold_not_adjacent", vec![i, j]));
            }
            let (Some(x), Some(y)) = (k.number[i], k.number[j]) else { continue };
            if c.no_adjacent_red && red(Some(x)) && red(Some(y)) {
                out.push(("no_adjacent_red", vec![i, j]));
            }
            if c.no_equal_neighbours && x == y {
                out.push(("no_equal_neighbours", vec![i, j]));
            }
            if c.no_2_next_to_12 && x.min(y) == 2 && x.max(y) == 12 {
                out.push(("no_2_next_to_12", vec![i, j]));
            }
        }
    }
    if let Some(cap) = c.max_corner_pips {
        // A corner: a hex and two neighbours that are neighbours of each other.
        let mut corners = BTreeSet::new();
        for h in &hexes {
            for d in 0..6 {
                let mut key =
                    [*h, h.neighbor(Direction::ALL[d]), h.neighbor(Direction::ALL[(d + 1) % 6])];
                key.sort();
                corners.insert(key);
            }
        }
        for key in corners {
            let cells: Vec<usize> = key.iter().filter_map(|h| at.get(h).copied()).collect();
            let sum: u32 = cells.iter().map(|j| k.number[*j].map_or(0, pips)).sum();
            if sum > cap {
                out.push(("max_corner_pips", cells));
            }
        }
    }
    if let Some(max) = c.max_terrain_group {
        let mut seen = vec![false; hexes.len()];
        for s in 0..hexes.len() {
            let Some(t) = k.terrain[s] else { continue };
            if seen[s] || !t.can_take_chip() {
                continue;
            }
            seen[s] = true;
            let mut group = vec![s];
            let mut stack = vec![s];
            while let Some(x) = stack.pop() {
                for y in nb(x) {
                    if !seen[y] && k.terrain[y] == Some(t) {
                        seen[y] = true;
                        group.push(y);
                        stack.push(y);
                    }
                }
            }
            if group.len() as u32 > max {
                out.push(("max_terrain_group", group));
            }
        }
    }
    out
}
