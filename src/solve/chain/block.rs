//! The chain's block moves: a uniformly random reordering of the contents
//! of a few hexes at once (three hexes of a region anywhere on it, or a hex
//! with the hexes around it, one or two rings out, each region's share
//! reordered among itself), and a re-deal of the whole board.
//!
//! Each is symmetric: the hexes are chosen without looking at the board,
//! and every reordering of their contents is equally likely, so a move and
//! the move back have the same chance. A reordering of whole contents moves
//! tiles with their chips and harbor facings; a reordering of chips moves
//! only the chips, among the hexes that hold one (the same hexes before and
//! after). The re-deal proposes a whole board dealt uniformly at random,
//! whatever the board now: from every valid board it reaches every other
//! with a chance above zero, which makes the chain irreducible on every map
//! (it is rarely accepted on a large map; the local moves do the mixing
//! there, and the diagnostics measure it). A relabelling swaps two
//! terrains (or two chip values) that a region holds equally many of, over
//! the whole region: boards that differ by such a swap (a forced colouring
//! of the terrains, say) are often far apart for every local move.

use super::super::exact::Exact;
use super::super::problem::{Problem, NO_DIR};
use super::super::state::{Flood, State};
use crate::rng::{below, Rng};

/// Most hexes a block holds (a hex and two rings around it).
pub(crate) const MAX_BLOCK: usize = 19;

/// Buffers of the moves (one per running chain).
pub(crate) struct Work {
    pub flood: Flood,
    /// The last block: its hexes, their contents before, and the source of
    /// each hex's new contents (an index into the block).
    pub cells: Vec<u32>,
    pub old: Vec<(u8, u8, u8)>,
    pub perm: Vec<u32>,
    /// The board before the last re-deal.
    pub snapshot: Option<State>,
    exact: Option<Exact>,
}

impl Work {
    /// Records the contents (terrain, chip, harbor facing) of the block's
    /// hexes before a move changes them.
    pub(super) fn keep_old(&mut self, st: &State) {
        self.old.clear();
        self.old.extend(self.cells.iter().map(|x| {
            let x = *x as usize;
            (st.terrain[x], st.number[x], st.hdir[x])
        }));
    }

    pub fn new(p: &Problem<'_>) -> Work {
        Work {
            flood: Flood::new(p.n),
            cells: Vec::with_capacity(MAX_BLOCK),
            old: Vec::with_capacity(MAX_BLOCK),
            perm: Vec::with_capacity(MAX_BLOCK),
            snapshot: None,
            exact: None,
        }
    }
}

/// What a block reorders.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Whole contents of slots: tile, chip, harbor facing.
    Whole,
    /// Chips, among the hexes that hold one.
    Chips,
}

/// Reorders the contents of `work.cells` at random; keeps the new board
/// if every rule holds. Whether the board changed.
pub(super) fn block(
    p: &Problem<'_>,
    st: &mut State,
    work: &mut Work,
    mode: Mode,
    rng: &mut Rng,
) -> bool {
    if mode == Mode::Chips {
        work.cells.retain(|x| st.number[*x as usize] != 0);
    }
    let k = work.cells.len();
    if k < 2 {
        return false;
    }
    work.keep_old(st);
    // Contents move only within their region: the block's hexes come
    // sorted by region, and each region's run is shuffled on its own.
    work.perm.clear();
    work.perm.extend(0..k as u32);
    let mut start = 0;
    while start < k {
        let region = p.cell_region[work.cells[start] as usize];
        let mut end = start + 1;
        while end < k && p.cell_region[work.cells[end] as usize] == region {
            end += 1;
        }
        crate::rng::shuffle(rng, &mut work.perm[start..end]);
        start = end;
    }
    let same = |a: (u8, u8, u8), b: (u8, u8, u8)| match mode {
        Mode::Whole => a == b,
        Mode::Chips => a.1 == b.1,
    };
    if (0..k).all(|i| same(work.old[i], work.old[work.perm[i] as usize])) {
        return false;
    }
    if mode == Mode::Whole {
        for x in &work.cells {
            p.lift_harbor(st, *x as usize);
        }
    }
    for i in 0..k {
        let x = work.cells[i] as usize;
        let (t, n, _) = work.old[work.perm[i] as usize];
        st.number[x] = n;
        if mode == Mode::Whole {
            st.terrain[x] = t;
        }
    }
    if block_valid(p, st, work, mode) {
        return true;
    }
    restore(p, st, work, mode);
    false
}

/// Checks every rule the block can touch, landing its moved harbors
/// (they stay landed only when the whole block is valid).
fn block_valid(p: &Problem<'_>, st: &mut State, work: &mut Work, mode: Mode) -> bool {
    let k = work.cells.len();
    for i in 0..k {
        let x = work.cells[i] as usize;
        if mode == Mode::Whole && !cell_ok(p, st, &mut work.flood, x) {
            return false;
        }
        if st.number[x] != 0 && p.chip_clash(st, x, st.number[x]).is_some() {
            return false;
        }
    }
    if mode == Mode::Chips {
        return true;
    }
    for i in 0..k {
        let x = work.cells[i] as usize;
        let d = work.old[work.perm[i] as usize].2;
        if d == NO_DIR {
            continue;
        }
        if p.harbor_clash(st, x, d).is_some() {
            for y in &work.cells {
                p.lift_harbor(st, *y as usize);
            }
            return false;
        }
        p.land_harbor(st, x, d);
    }
    true
}

/// Proposes a whole board dealt uniformly at random; keeps it if valid.
pub(super) fn redeal(p: &Problem<'_>, st: &mut State, work: &mut Work, rng: &mut Rng) -> bool {
    let ex = work.exact.get_or_insert_with(|| Exact::new(p));
    if !ex.propose(p, rng) {
        return false;
    }
    match &mut work.snapshot {
        Some(s) => s.clone_from(st),
        None => work.snapshot = Some(st.clone()),
    }
    st.clone_from(&ex.st);
    true
}

/// Picks the hexes of block move `b` into `work.cells`.
pub(super) fn pick_block(b: &Block, work: &mut Work, rng: &mut Rng) -> Mode {
    work.cells.clear();
    match b.kind {
        BlockKind::Triple => {
            let cells = &b.cells;
            let n = cells.len() as u32;
            while work.cells.len() < 3.min(cells.len()) {
                let x = cells[below(rng, n) as usize];
                if !work.cells.contains(&x) {
                    work.cells.push(x);
                }
            }
        }
        BlockKind::Window => work.cells.extend_from_slice(&b.cells),
    }
    b.mode
}

/// Relabels pair `r` in its region: every tile of one terrain becomes
/// the other and back, or every chip of one value (the pair's counts
/// are equal, so the pools stay whole). Symmetric: doing it twice
/// undoes it. Whether the board changed (and keeps every rule).
pub(super) fn relabel(p: &Problem<'_>, st: &mut State, work: &mut Work, r: &Relabel) -> bool {
    let region = &p.regions[r.region as usize];
    work.cells.clear();
    work.old.clear();
    let (a, b) = (r.a, r.b);
    let cells = region.slots.iter().chain(if r.chips { &region.chip_fixed[..] } else { &[] });
    for x in cells {
        let x = *x as usize;
        let now = if r.chips { st.number[x] } else { st.terrain[x] };
        if now != a && now != b {
            continue;
        }
        work.cells.push(x as u32);
        work.old.push((st.terrain[x], st.number[x], st.hdir[x]));
        let new = if now == a { b } else { a };
        match r.chips {
            true => st.number[x] = new,
            false => st.terrain[x] = new,
        }
    }
    work.perm.clear();
    work.perm.extend(0..work.cells.len() as u32);
    if work.cells.is_empty() {
        return false;
    }
    if block_valid(p, st, work, Mode::Whole) {
        return true;
    }
    restore(p, st, work, Mode::Whole);
    false
}

/// A pair of terrains (or chip values) one region holds equally many of.
pub(crate) struct Relabel {
    region: u32,
    chips: bool,
    a: u8,
    b: u8,
}

/// Every relabelling pair of every region: terrains that both take a chip
/// or both take none (harbor tiles aside), and chip values, with equal
/// counts in the region's pools.
pub(crate) fn relabels(p: &Problem<'_>) -> Vec<Relabel> {
    let mut out = Vec::new();
    let harbor = crate::vocab::Terrain::Harbor as u8;
    for (ri, r) in p.regions.iter().enumerate() {
        let count = |items: &[u8], v: u8| items.iter().filter(|x| **x == v).count();
        let mut tiles: Vec<u8> = r.tiles.iter().copied().filter(|t| *t != harbor).collect();
        tiles.sort_unstable();
        tiles.dedup();
        for (i, a) in tiles.iter().enumerate() {
            for b in &tiles[i + 1..] {
                if count(&r.tiles, *a) == count(&r.tiles, *b)
                    && p.takes_chip(*a) == p.takes_chip(*b)
                {
                    out.push(Relabel { region: ri as u32, chips: false, a: *a, b: *b });
                }
            }
        }
        if r.face_down {
            continue;
        }
        let mut values = r.chips.clone();
        values.sort_unstable();
        values.dedup();
        for (i, a) in values.iter().enumerate() {
            for b in &values[i + 1..] {
                if count(&r.chips, *a) == count(&r.chips, *b) {
                    out.push(Relabel { region: ri as u32, chips: true, a: *a, b: *b });
                }
            }
        }
    }
    out
}

/// The rules a new tile on `x` can break (its chip aside): terrain rules,
/// fishing grounds by harbors, harbors that face `x`.
pub(crate) fn cell_ok(p: &Problem<'_>, st: &State, flood: &mut Flood, x: usize) -> bool {
    if p.terrain_rules && p.terrain_clash(st, flood, x, st.terrain[x]).is_some() {
        return false;
    }
    if p.fishing_clash(st, x).is_some() {
        return false;
    }
    // Harbors around x must still face visible land.
    p.nb[x].iter().all(|m| {
        let m = *m as usize;
        m >= p.n
            || st.hdir[m] == NO_DIR
            || p.nb[m][st.hdir[m] as usize] as usize != x
            || p.visible_land(st, x)
    })
}

/// Puts the block's old contents back (and their harbors).
fn restore(p: &Problem<'_>, st: &mut State, work: &Work, mode: Mode) {
    for (x, (t, n, d)) in work.cells.iter().zip(&work.old) {
        let x = *x as usize;
        st.number[x] = *n;
        if mode == Mode::Whole {
            st.terrain[x] = *t;
            st.hdir[x] = NO_DIR;
            let _ = d;
        }
    }
    if mode == Mode::Whole {
        for (x, (_, _, d)) in work.cells.iter().zip(&work.old) {
            if *d != NO_DIR {
                p.land_harbor(st, *x as usize, *d);
            }
        }
    }
}

/// Takes back a block move [`Chain::block`] made.
pub(super) fn revert_block(p: &Problem<'_>, st: &mut State, work: &Work, mode: Mode) {
    if mode == Mode::Whole {
        for x in &work.cells {
            p.lift_harbor(st, *x as usize);
        }
    }
    restore(p, st, work, mode);
}

/// How a block's hexes are chosen.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum BlockKind {
    /// Three hexes drawn from the list.
    Triple,
    /// The whole list (a hex and its region's hexes around it).
    Window,
}

/// One kind of block move of one region.
pub(crate) struct Block {
    pub kind: BlockKind,
    pub mode: Mode,
    pub cells: Vec<u32>,
}

/// The block moves of a problem: per region, triples of slots and of chip
/// hexes; per hex, the windows of one and two rings.
pub(crate) fn blocks(p: &Problem<'_>) -> Vec<Block> {
    let mut out = Vec::new();
    let mut slot = vec![false; p.n + 1];
    let mut chip_cell = vec![false; p.n + 1];
    for r in &p.regions {
        for s in &r.slots {
            slot[*s as usize] = true;
        }
        if !r.face_down && !r.chips.is_empty() {
            for s in r.slots.iter().chain(&r.chip_fixed) {
                chip_cell[*s as usize] = true;
            }
        }
    }
    let by_region = |mut cells: Vec<u32>| {
        cells.sort_by_key(|x| (p.cell_region[*x as usize], *x));
        cells
    };
    for r in &p.regions {
        let chips: Vec<u32> = r
            .slots
            .iter()
            .chain(&r.chip_fixed)
            .copied()
            .filter(|x| chip_cell[*x as usize])
            .collect();
        if r.slots.len() >= 3 {
            out.push(Block { kind: BlockKind::Triple, mode: Mode::Whole, cells: r.slots.clone() });
        }
        if chips.len() >= 3 {
            out.push(Block { kind: BlockKind::Triple, mode: Mode::Chips, cells: chips });
        }
        for x in r.slots.iter().chain(&r.chip_fixed) {
            for rings in 1..=2 {
                let ball = ball(p, *x as usize, rings, |m| slot[m] || chip_cell[m]);
                let slots: Vec<u32> = ball.iter().copied().filter(|m| slot[*m as usize]).collect();
                if slots.len() >= 2 {
                    let cells = by_region(slots);
                    out.push(Block { kind: BlockKind::Window, mode: Mode::Whole, cells });
                }
                let chip: Vec<u32> =
                    ball.iter().copied().filter(|m| chip_cell[*m as usize]).collect();
                if chip.len() >= 2 {
                    let cells = by_region(chip);
                    out.push(Block { kind: BlockKind::Window, mode: Mode::Chips, cells });
                }
            }
        }
    }
    out
}

/// The hexes within `rings` steps of `x` through hexes `keep` accepts (`x` first).
pub(super) fn ball(
    p: &Problem<'_>,
    x: usize,
    rings: usize,
    keep: impl Fn(usize) -> bool,
) -> Vec<u32> {
    let mut out = vec![x as u32];
    let mut frontier = vec![x as u32];
    for _ in 0..rings {
        let mut next = Vec::new();
        for y in &frontier {
            for m in p.nb[*y as usize] {
                if (m as usize) < p.n && keep(m as usize) && !out.contains(&m) {
                    out.push(m);
                    next.push(m);
                }
            }
        }
        frontier = next;
    }
    out.truncate(MAX_BLOCK);
    out
}
