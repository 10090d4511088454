//! Every valid board of a small map, listed by brute force: every tile
//! deal, every chip deal, every harbor kind and facing, kept when the
//! test's own oracle ([`super::broken`]) finds nothing broken. Written from
//! the scenario model only, apart from the library's samplers.

use std::collections::HashSet;

use super::{broken, Board, Geo};
use hexpress::axial::Direction;
use hexpress::model::{CellContent, Constraints, MapDef};
use hexpress::solve::Lock;
use hexpress::vocab::{HarborKind, Terrain};

/// Every distinct order of `items` (a multiset), each once.
pub fn orders<T: Clone + Ord>(items: &[T]) -> Vec<Vec<T>> {
    let mut sorted = items.to_vec();
    sorted.sort();
    let mut out = Vec::new();
    let mut used = vec![false; sorted.len()];
    let mut cur = Vec::with_capacity(sorted.len());
    fn go<T: Clone + Ord>(s: &[T], used: &mut [bool], cur: &mut Vec<T>, out: &mut Vec<Vec<T>>) {
        if cur.len() == s.len() {
            out.push(cur.clone());
            return;
        }
        for i in 0..s.len() {
            // Equal items are taken in order, so each order appears once.
            if used[i] || (i > 0 && s[i] == s[i - 1] && !used[i - 1]) {
                continue;
            }
            used[i] = true;
            cur.push(s[i].clone());
            go(s, used, cur, out);
            cur.pop();
            used[i] = false;
        }
    }
    go(&sorted, &mut used, &mut cur, &mut out);
    out
}

/// How many distinct orders a multiset of these multiplicities has.
fn multinomial(counts: impl IntoIterator<Item = usize>) -> f64 {
    let mut total = 0usize;
    let mut out = 1f64;
    for k in counts {
        for j in 1..=k {
            total += 1;
            out = out * total as f64 / j as f64;
        }
    }
    out
}

/// An upper bound on the tile and chip deals [`valid_boards`] tries for
/// `map` (harbors aside): every tile order of every region times every chip
/// order. Tests use it to keep their brute force small.
pub fn deals_bound(map: &MapDef) -> f64 {
    map.regions
        .iter()
        .map(|r| {
            let tiles = multinomial(r.tiles.iter().map(|(_, k)| *k as usize));
            let mut values = std::collections::BTreeMap::new();
            for v in &r.numbers {
                *values.entry(*v).or_insert(0usize) += 1;
            }
            tiles * multinomial(values.into_values())
        })
        .product()
}

/// One harbor to deal: its cell, the kinds it may draw from (by pool), a
/// fixed facing, and whether it lies face down.
struct HarborSlot {
    cell: usize,
    pool: Pool,
    facing: Option<usize>,
    face_down: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Pool {
    Fixed(HarborKind),
    Map,
    Region(usize),
}

/// Every valid board of `map` under `c` that keeps `locks`; panics if the
/// deals to try exceed `limit`.
pub fn valid_boards(map: &MapDef, c: &Constraints, locks: &[Lock], limit: usize) -> HashSet<Board> {
    let g = Geo::new(map);
    let n = map.cells.len();
    let mut base =
        Board { terrain: vec![Terrain::Sea; n], number: vec![None; n], harbors: Vec::new() };
    for (i, cell) in map.cells.iter().enumerate() {
        if let CellContent::Fixed { terrain, number, .. } = cell.content {
            base.terrain[i] = terrain;
            base.number[i] = number;
        }
    }
    // Tile deals of every region, one after the other.
    let mut terrains = vec![base.clone()];
    for r in &map.regions {
        let tiles: Vec<Terrain> =
            r.tiles.iter().flat_map(|(t, k)| std::iter::repeat_n(*t, *k as usize)).collect();
        let mut next = Vec::new();
        for b in &terrains {
            for o in orders(&tiles) {
                let mut b = b.clone();
                for (s, t) in r.slots.iter().zip(o) {
                    b.terrain[*s] = t;
                }
                next.push(b);
            }
        }
        terrains = next;
        assert!(terrains.len() <= limit, "too many tile deals to list");
    }
    let locked = |b: &Board| {
        locks.iter().all(|l| {
            let i = g.at[&l.hex];
            b.terrain[i] == l.terrain && b.number[i] == l.number
        })
    };
    terrains.retain(|b| locks.iter().all(|l| b.terrain[g.at[&l.hex]] == l.terrain));
    // Chip deals of every face-up region on the hexes that take a chip.
    let mut boards = Vec::new();
    for b in terrains {
        let mut partial = vec![b];
        for r in map.regions.iter().filter(|r| !r.face_down) {
            let mut next = Vec::new();
            for b in &partial {
                let cells: Vec<usize> = r
                    .slots
                    .iter()
                    .copied()
                    .filter(|s| c.takes_chip(b.terrain[*s]))
                    .chain(r.chip_cells.iter().copied())
                    .collect();
                if cells.len() != r.numbers.len() {
                    continue;
                }
                for o in orders(&r.numbers) {
                    let mut b = b.clone();
                    for (s, v) in cells.iter().zip(o) {
                        b.number[*s] = Some(v);
                    }
                    next.push(b);
                }
            }
            partial = next;
        }
        boards.extend(partial.into_iter().filter(|b| locked(b)));
        assert!(boards.len() <= limit, "too many chip deals to list");
    }
    // Harbors, in cell order: fixed sites and the regions' harbor tiles.
    let mut out = HashSet::new();
    for b in boards {
        let slots: Vec<HarborSlot> = map
            .cells
            .iter()
            .enumerate()
            .filter_map(|(i, cell)| {
                if let Some(h) = cell.harbor {
                    let pool = h.kind.map_or(Pool::Map, Pool::Fixed);
                    return Some(HarborSlot {
                        cell: i,
                        pool,
                        facing: h.facing.map(Direction::index),
                        face_down: false,
                    });
                }
                match cell.content {
                    CellContent::Slot { region } if b.terrain[i] == Terrain::Harbor => {
                        Some(HarborSlot {
                            cell: i,
                            pool: Pool::Region(region),
                            facing: None,
                            face_down: map.regions[region].face_down,
                        })
                    }
                    _ => None,
                }
            })
            .collect();
        for kinds in harbor_kinds(map, &slots) {
            for dirs in facings(&slots) {
                let mut b = b.clone();
                b.harbors = slots
                    .iter()
                    .zip(&kinds)
                    .zip(&dirs)
                    .map(|((s, k), d)| (s.cell, *k, *d))
                    .collect();
                if broken(map, c, &g, &b).is_empty() {
                    out.insert(b);
                }
            }
        }
        assert!(out.len() <= limit, "too many valid boards to list");
    }
    out
}

/// Every way to deal the harbor kinds onto `slots`.
fn harbor_kinds(map: &MapDef, slots: &[HarborSlot]) -> Vec<Vec<HarborKind>> {
    let mut pools: Vec<(Pool, Vec<HarborKind>)> = vec![(Pool::Map, map.harbor_pool.clone())];
    for (ri, r) in map.regions.iter().enumerate() {
        pools.push((Pool::Region(ri), r.harbors.clone()));
    }
    let mut out: Vec<Vec<Option<HarborKind>>> = vec![vec![None; slots.len()]];
    for (pool, kinds) in pools {
        let idx: Vec<usize> = (0..slots.len()).filter(|i| slots[*i].pool == pool).collect();
        if idx.is_empty() {
            continue;
        }
        let mut next = Vec::new();
        for o in orders(&kinds) {
            for partial in &out {
                let mut p = partial.clone();
                for (i, k) in idx.iter().zip(&o) {
                    p[*i] = Some(*k);
                }
                next.push(p);
            }
        }
        out = next;
    }
    out.into_iter()
        .map(|v| {
            v.into_iter()
                .zip(slots)
                .map(|(k, s)| match s.pool {
                    Pool::Fixed(f) => f,
                    _ => k.unwrap_or(HarborKind::Generic),
                })
                .collect()
        })
        .collect()
}

/// Every choice of facings: fixed ones kept, face-down ones none, the rest
/// any of the six directions (the oracle keeps the valid ones).
fn facings(slots: &[HarborSlot]) -> Vec<Vec<Option<usize>>> {
    let mut out: Vec<Vec<Option<usize>>> = vec![Vec::new()];
    for s in slots {
        let options: Vec<Option<usize>> = match (s.face_down, s.facing) {
            (true, _) => vec![None],
            (false, Some(d)) => vec![Some(d)],
            (false, None) => (0..6).map(Some).collect(),
        };
        out = out
            .into_iter()
            .flat_map(|p| {
                options.iter().map(move |o| {
                    let mut p = p.clone();
                    p.push(*o);
                    p
                })
            })
            .collect();
    }
    out
}
