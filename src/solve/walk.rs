//! A valid board that takes random rule-keeping steps and can take the last
//! one back: the balanced search's local moves. It uses the Markov chain's
//! moves ([`super::chain`]) plus swaps of harbor kinds, and keeps a
//! [`Layout`] of the board current after every step, for scoring.

use super::chain::block::Work;
use super::chain::{Chain, Move};
use super::problem::NO_DIR;
use super::state::State;
use super::{Layout, PlacedHarbor, Solver};
use crate::model::board::NONE;
use crate::rng::{below, Rng};
use crate::vocab::{HarborKind, Terrain};

/// What [`Walker::step`] did last.
#[derive(Clone, Copy)]
enum Step {
    Chain(Move),
    Kinds(u32, u32),
}

/// A board walking through the valid boards of one solver.
pub(crate) struct Walker<'s, 'a> {
    solver: &'s Solver<'a>,
    /// The moves it takes.
    chain: &'s Chain,
    st: State,
    work: Work,
    layout: Layout,
    /// The harbor kind on each cell (moves with its tile).
    kind_at: Vec<Option<HarborKind>>,
    /// Cells that can hold a harbor, board order.
    harbor_cells: Vec<u32>,
    /// Groups of cells whose harbor kinds may be swapped (one pool each).
    kind_groups: Vec<Vec<u32>>,
    /// (group, member) of every swappable kind, for uniform picks.
    kind_units: Vec<(u32, u32)>,
    last: Option<Step>,
}

impl<'a> Solver<'a> {
    /// A walker starting at `layout`, which must be a board of this solver
    /// (a result of [`Solver::solve`]), taking the swap moves alone.
    pub(crate) fn walker<'s>(&'s self, layout: &Layout) -> Walker<'s, 'a> {
        self.walker_on(layout, &self.swaps)
    }

    /// A walker taking every move of the Markov chain but the re-deal of
    /// the whole board (block moves and relabellings included).
    pub(crate) fn rich_walker<'s>(&'s self, layout: &Layout) -> Walker<'s, 'a> {
        self.walker_on(layout, &self.chain)
    }

    fn walker_on<'s>(&'s self, layout: &Layout, chain: &'s Chain) -> Walker<'s, 'a> {
        let p = &self.p;
        let mut st = State::new(p);
        for (i, h) in layout.hexes.iter().enumerate() {
            st.terrain[i] = h.terrain.index() as u8;
            st.number[i] = h.number.unwrap_or(0);
        }
        // Stack cells hold their region's stack, in its order.
        for (r, cells) in &p.stack_cells {
            let stack = &layout.regions[*r as usize].chip_stack;
            for (x, v) in cells.clone().zip(stack) {
                st.number[x as usize] = *v;
            }
        }
        let mut kind_at = vec![None; p.n];
        for h in &layout.harbors {
            let Some(&i) = p.map.board.index.get(&h.hex) else { continue };
            kind_at[i] = Some(h.kind);
            if let Some(d) = h.toward.and_then(|t| h.hex.direction_to(t)) {
                p.land_harbor(&mut st, i, d.index() as u8);
            }
        }
        let mut harbor_cells: Vec<u32> = Vec::new();
        let mut kind_groups: Vec<Vec<u32>> = vec![Vec::new(); p.regions.len() + 1];
        for i in 0..p.n_map {
            let site = p.site_of[i] != NONE;
            let region = p.cell_region[i];
            let tile_region = region != NONE
                && p.map.cells[i].harbor.is_none()
                && p.regions[region as usize].tiles.contains(&(Terrain::Harbor as u8))
                || st.terrain[i] == Terrain::Harbor as u8;
            if site || tile_region {
                harbor_cells.push(i as u32);
            }
            if site && p.map.cells[i].harbor.is_some_and(|h| h.kind.is_none()) {
                kind_groups[0].push(i as u32);
            }
        }
        // Region harbor tiles: their kinds swap within the region, wherever
        // the tiles are (the group is of cells holding a tile now; a tile
        // moving with a slot swap takes its kind along).
        for (ri, r) in p.regions.iter().enumerate() {
            if r.kinds.len() >= 2 {
                kind_groups[ri + 1] = r.slots.clone();
            }
        }
        let kind_units = kind_groups
            .iter()
            .enumerate()
            .filter(|(_, g)| g.len() >= 2)
            .flat_map(|(gi, g)| (0..g.len()).map(move |m| (gi as u32, m as u32)))
            .collect();
        Walker {
            solver: self,
            chain,
            st,
            work: Work::new(p),
            layout: layout.clone(),
            kind_at,
            harbor_cells,
            kind_groups,
            kind_units,
            last: None,
        }
    }
}

impl Walker<'_, '_> {
    /// The board now.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Proposes one random move and makes it if every rule still holds.
    /// Whether the board changed (only then can [`Walker::undo`] take it back).
    pub fn step(&mut self, rng: &mut Rng) -> bool {
        let chain: &Chain = self.chain;
        let p = &self.solver.p;
        let units = chain.units() + self.kind_units.len() as u32;
        if units == 0 {
            return false;
        }
        self.last = None;
        let pick = below(rng, units);
        if pick < chain.units() {
            // Let the chain draw its own move (same distribution as `pick`
            // restricted to the chain's units).
            let Some(m) = chain.propose(p, &mut self.st, &mut self.work, rng, false) else {
                return false;
            };
            self.mirror(m);
            self.last = Some(Step::Chain(m));
        } else {
            let (g, m) = self.kind_units[(pick - chain.units()) as usize];
            let group = &self.kind_groups[g as usize];
            let a = group[m as usize];
            let b = group[below(rng, group.len() as u32) as usize];
            let (ka, kb) = (self.kind_at[a as usize], self.kind_at[b as usize]);
            if a == b || ka.is_none() || kb.is_none() || ka == kb {
                return false;
            }
            self.kind_at.swap(a as usize, b as usize);
            self.rebuild_harbors();
            self.last = Some(Step::Kinds(a, b));
        }
        true
    }

    /// Takes back the last step that changed the board.
    pub fn undo(&mut self) {
        match self.last.take() {
            Some(Step::Chain(m)) => {
                self.chain.revert(&self.solver.p, &mut self.st, &self.work, m);
                self.mirror_back(m);
            }
            Some(Step::Kinds(a, b)) => {
                self.kind_at.swap(a as usize, b as usize);
                self.rebuild_harbors();
            }
            None => {}
        }
    }

    /// Brings the layout up to date after move `m` (made or reverted).
    fn mirror(&mut self, m: Move) {
        let touches_harbor = match m {
            Move::Slots(a, b) => {
                self.show(a as usize);
                self.show(b as usize);
                let moved =
                    self.kind_at[a as usize].is_some() || self.kind_at[b as usize].is_some();
                if moved {
                    // A harbor tile moved with its slot.
                    let (ka, kb) = (self.kind_at[a as usize], self.kind_at[b as usize]);
                    self.kind_at[a as usize] = kb;
                    self.kind_at[b as usize] = ka;
                }
                moved
            }
            Move::Terrain(a, b) | Move::Chips(a, b) => {
                self.show(a as usize);
                self.show(b as usize);
                false
            }
            Move::Turn(..) => true,
            Move::Block(whole) => {
                self.mirror_block(whole, true);
                whole
            }
            Move::Redeal => unreachable!("walkers never re-deal the whole board"),
        };
        if touches_harbor {
            self.rebuild_harbors();
        }
    }

    /// Brings the layout up to date after move `m` was taken back.
    fn mirror_back(&mut self, m: Move) {
        match m {
            Move::Block(whole) => {
                self.mirror_block(whole, false);
                if whole {
                    self.rebuild_harbors();
                }
            }
            _ => self.mirror(m),
        }
    }

    /// The hexes of the last block as they are now; harbor kinds follow
    /// their tiles (forward: as the block moved them; back: as they were).
    fn mirror_block(&mut self, whole: bool, forward: bool) {
        for i in 0..self.work.cells.len() {
            self.show(self.work.cells[i] as usize);
        }
        let w = &self.work;
        if !whole {
            return;
        }
        let before: Vec<Option<HarborKind>> =
            w.cells.iter().map(|x| self.kind_at[*x as usize]).collect();
        for (i, x) in w.cells.iter().enumerate() {
            let src = w.perm[i] as usize;
            if forward {
                self.kind_at[*x as usize] = before[src];
            } else {
                self.kind_at[w.cells[src] as usize] = before[i];
            }
        }
    }

    /// Brings cell `x` of the layout up to date with the board: its hex,
    /// or, for a stack cell, its place in its region's stack.
    fn show(&mut self, x: usize) {
        let p = &self.solver.p;
        let v = self.st.number[x];
        if let Some(h) = self.layout.hexes.get_mut(x) {
            h.terrain = Terrain::ALL[self.st.terrain[x] as usize];
            h.number = (v != 0).then_some(v);
        } else if let Some((r, cells)) = p.stack_cells.iter().find(|(_, c)| c.contains(&(x as u32)))
        {
            self.layout.regions[*r as usize].chip_stack[(x as u32 - cells.start) as usize] = v;
        }
    }

    fn rebuild_harbors(&mut self) {
        let p = &self.solver.p;
        let cells = &p.map.cells;
        self.layout.harbors.clear();
        for x in &self.harbor_cells {
            let x = *x as usize;
            let Some(kind) = self.kind_at[x] else { continue };
            let d = self.st.hdir[x];
            let toward = (d != NO_DIR).then(|| cells[p.nb[x][d as usize] as usize].hex);
            self.layout.harbors.push(PlacedHarbor { hex: cells[x].hex, toward, kind });
        }
    }
}
