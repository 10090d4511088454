//! A Markov chain over the valid boards, for maps no exact sampler fits
//! (a 900-hex region under the 6/8 rule: no random deal keeps the rule,
//! and counting its chip layouts would keep too many hexes open).
//!
//! Each step proposes one move, chosen independently of the board: swap
//! the whole contents (tile, chip, harbor facing) of two slots of one
//! region, swap their tiles alone, swap the chips of two hexes, turn one
//! harbor, reorder the contents or the chips of a block of hexes (three
//! anywhere in a region, or a hex and one or two rings around it: see
//! [`block`]), draw the chips of a hex and its neighbours again exactly
//! given the rest of the board (on small maps: see [`heat`]), or, rarely,
//! re-deal the whole board. A proposal that would
//! break a rule is refused and the board stays as it was. Every proposal is
//! symmetric (a move and its reverse are equally likely), so the chain's
//! stationary distribution is uniform over the valid boards it can reach,
//! and the re-deal reaches every valid board from every other: the chain
//! is irreducible, and uniform in the limit. How long "long enough" is, is
//! measured on each map ([`super::markov`]).
//!
//! The swap moves alone (the chain hexpress once used) do not connect
//! every valid board: `tests/exactness.rs` keeps them as a control
//! ([`Chain::swaps_only`]).

pub(crate) mod block;
pub(crate) mod heat;
pub(crate) mod stats;

use self::block::{Block, Mode, Work};
use super::problem::{Problem, NO_DIR};
use super::state::{Flood, State};
use super::{Budget, Stop};
use crate::rng::{below, Rng};

/// The moves of the chain, fixed for a problem.
pub(crate) struct Chain {
    /// Free slots of regions with at least two of them.
    slots: Vec<(u32, u32)>,
    /// Hexes that may take a face-up region's chips: (cell, region).
    chip_cells: Vec<(u32, u32)>,
    /// Per region: the hexes that may take its chips.
    chip_of_region: Vec<Vec<u32>>,
    /// Harbors whose facing is free to turn.
    turnable: Vec<u32>,
    /// Block moves (none: the swap moves alone).
    blocks: Vec<Block>,
    /// Relabelling pairs (none: the swap moves alone).
    relabels: Vec<block::Relabel>,
    /// Windows whose chips the heat-bath move draws again (none: the swap
    /// moves alone).
    heat: Vec<heat::Window>,
    /// Whether the whole board may be re-dealt.
    redeal: bool,
    /// Steps per board.
    pub steps: u64,
}

/// How often a block move is proposed, per block, against a swap per slot.
const BLOCK_WEIGHT: usize = 1;
/// One proposal in this many per movable unit (and at least one in
/// [`REDEAL_MIN`]) re-deals the whole board: its cost, about one unit's
/// worth of work per unit, stays a constant share of the run.
const REDEAL_PER_UNIT: u32 = 4;
const REDEAL_MIN: u32 = 64;

/// How often the heat-bath move is proposed, per window.
const HEAT_WEIGHT: usize = 1;

/// How much more often a chip swap is proposed than a tile swap: chips
/// are what tight rules hold back most (measured with `chain_length_scan`).
const CHIP_WEIGHT: usize = 3;

/// One move of the chain, as made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Move {
    /// Two slots swapped their contents.
    Slots(u32, u32),
    /// Two slots swapped their tiles, chips staying where they were.
    Terrain(u32, u32),
    /// Two hexes swapped their chips.
    Chips(u32, u32),
    /// A harbor turned; its old facing.
    Turn(u32, u8),
    /// A block of hexes reordered (whole contents, or chips); the block is
    /// in the [`Work`] buffers.
    Block(bool),
    /// The whole board re-dealt; the board before is in the [`Work`] buffers.
    Redeal,
}

/// What a run of the chain did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChainRun {
    /// Steps taken.
    pub steps: u64,
    /// Steps that changed the board.
    pub moved: u64,
}

impl Chain {
    pub fn new(p: &Problem<'_>, factor: u64) -> Chain {
        let mut slots = Vec::new();
        let mut chip_cells = Vec::new();
        let mut chip_of_region = vec![Vec::new(); p.regions.len()];
        for (ri, r) in p.regions.iter().enumerate() {
            if r.slots.len() >= 2 {
                slots.extend(r.slots.iter().map(|s| (*s, ri as u32)));
            }
            if !r.face_down && !r.chips.is_empty() {
                let cells: Vec<u32> = r.slots.iter().chain(&r.chip_fixed).copied().collect();
                if cells.len() >= 2 {
                    chip_cells.extend(cells.iter().map(|c| (*c, ri as u32)));
                    chip_of_region[ri] = cells;
                }
            }
        }
        let turnable: Vec<u32> = p
            .facing_cells
            .iter()
            .copied()
            .filter(|x| {
                let fixed = p.sites.get(p.site_of[*x as usize] as usize).and_then(|s| s.facing);
                fixed.is_none() && p.dmax[*x as usize].len() >= 2
            })
            .collect();
        let units = (slots.len() + chip_cells.len() + turnable.len()) as u64;
        let log = u64::from(64 - units.max(2).leading_zeros());
        let heat = heat::windows(p, &chip_of_region);
        Chain {
            slots,
            chip_cells,
            chip_of_region,
            turnable,
            blocks: block::blocks(p),
            relabels: block::relabels(p),
            heat,
            redeal: true,
            steps: factor * units * log,
        }
    }

    /// The same chain with the swap moves alone (the chain hexpress once
    /// used, which does not connect every valid board): a control for tests.
    pub(crate) fn swaps_only(mut self) -> Chain {
        self.blocks.clear();
        self.relabels.clear();
        self.heat.clear();
        self.redeal = false;
        self
    }

    /// The swap moves and the heat-bath move alone (a test of the heat-bath
    /// move: without the other moves it must still draw uniformly where it
    /// connects the boards).
    pub fn swaps_and_heat(mut self) -> Chain {
        self.blocks.clear();
        self.relabels.clear();
        self.redeal = false;
        self
    }

    /// Runs the chain from the valid board `st` for [`Chain::steps`] steps.
    pub fn run(
        &self,
        p: &Problem<'_>,
        st: &mut State,
        rng: &mut Rng,
        budget: &mut Budget,
    ) -> Result<ChainRun, Stop> {
        self.run_for(p, st, &mut Work::new(p), self.steps, rng, budget)
    }

    /// Runs the chain from the valid board `st` for `steps` steps.
    pub(crate) fn run_for(
        &self,
        p: &Problem<'_>,
        st: &mut State,
        work: &mut Work,
        steps: u64,
        rng: &mut Rng,
        budget: &mut Budget,
    ) -> Result<ChainRun, Stop> {
        let mut run = ChainRun::default();
        if self.units() == 0 {
            return Ok(run);
        }
        for step in 0..steps {
            if step & 0x3FF == 0 {
                budget.tick()?;
            }
            run.steps += 1;
            run.moved += u64::from(self.propose(p, st, work, rng, self.redeal).is_some());
        }
        Ok(run)
    }

    /// Movable units: slots (twice: whole swaps and tile swaps), chip
    /// hexes, turnable harbors and blocks.
    pub fn units(&self) -> u32 {
        (2 * self.slots.len()
            + CHIP_WEIGHT * self.chip_cells.len()
            + self.turnable.len()
            + BLOCK_WEIGHT * self.blocks.len()
            + self.relabels.len()
            + HEAT_WEIGHT * self.heat.len()) as u32
    }

    /// Proposes one random move and makes it if every rule still holds;
    /// returns the move made (`None`: the board did not change). `redeal`:
    /// whether a re-deal of the whole board may be proposed. A move to a
    /// board that breaks a region's own rules is taken back (the chain then
    /// stays where it was, as for any refused move).
    pub(crate) fn propose(
        &self,
        p: &Problem<'_>,
        st: &mut State,
        work: &mut Work,
        rng: &mut Rng,
        redeal: bool,
    ) -> Option<Move> {
        let m = self.propose_move(p, st, work, rng, redeal)?;
        if !p.regions_keep(st) {
            self.revert(p, st, work, m);
            return None;
        }
        Some(m)
    }

    /// [`Chain::propose`] but for the regions' own rules.
    fn propose_move(
        &self,
        p: &Problem<'_>,
        st: &mut State,
        work: &mut Work,
        rng: &mut Rng,
        redeal: bool,
    ) -> Option<Move> {
        let units = self.units();
        if redeal && self.redeal && below(rng, (REDEAL_PER_UNIT * units).max(REDEAL_MIN)) == 0 {
            return block::redeal(p, st, work, rng).then_some(Move::Redeal);
        }
        let (ws, wc) = (self.slots.len() as u32, (CHIP_WEIGHT * self.chip_cells.len()) as u32);
        let wt = self.turnable.len() as u32;
        let pick = below(rng, units);
        let wb = (BLOCK_WEIGHT * self.blocks.len()) as u32;
        let wr = self.relabels.len() as u32;
        if pick >= 2 * ws + wc + wt + wb + wr {
            let u = (pick - 2 * ws - wc - wt - wb - wr) as usize / HEAT_WEIGHT;
            return heat::heat(p, st, work, &self.heat[u], rng).then_some(Move::Block(false));
        }
        if pick >= 2 * ws + wc + wt + wb {
            let u = (pick - 2 * ws - wc - wt - wb) as usize;
            return block::relabel(p, st, work, &self.relabels[u]).then_some(Move::Block(true));
        }
        if pick >= 2 * ws + wc + wt {
            let u = (pick - 2 * ws - wc - wt) as usize / BLOCK_WEIGHT;
            let mode = block::pick_block(&self.blocks[u], work, rng);
            return block::block(p, st, work, mode, rng)
                .then_some(Move::Block(mode == Mode::Whole));
        }
        let flood = &mut work.flood;
        if pick < 2 * ws {
            let (a, r) = self.slots[(pick % ws) as usize];
            let region = &p.regions[r as usize].slots;
            let b = region[below(rng, region.len() as u32) as usize];
            if pick < ws {
                self.swap_slots(p, st, flood, a as usize, b as usize).then_some(Move::Slots(a, b))
            } else {
                self.swap_tiles(p, st, flood, a as usize, b as usize).then_some(Move::Terrain(a, b))
            }
        } else if pick < 2 * ws + wc {
            let (a, r) = self.chip_cells[((pick - 2 * ws) as usize) / CHIP_WEIGHT];
            let cells = &self.chip_of_region[r as usize];
            let b = cells[below(rng, cells.len() as u32) as usize];
            swap_chips(p, st, a as usize, b as usize).then_some(Move::Chips(a, b))
        } else {
            let x = self.turnable[(pick - 2 * ws - wc) as usize] as usize;
            let d = &p.dmax[x];
            let k = d[below(rng, d.len() as u32) as usize];
            let old = st.hdir[x];
            turn(p, st, x, k).then_some(Move::Turn(x as u32, old))
        }
    }

    /// Undoes a move [`Chain::propose`] made (the board was valid before it,
    /// so the reverse move is valid too); `work` holds what the move saved.
    pub(crate) fn revert(&self, p: &Problem<'_>, st: &mut State, work: &Work, m: Move) {
        match m {
            Move::Block(whole) => {
                let mode = if whole { Mode::Whole } else { Mode::Chips };
                block::revert_block(p, st, work, mode);
            }
            Move::Redeal => {
                if let Some(s) = &work.snapshot {
                    st.clone_from(s);
                }
            }
            Move::Slots(a, b) => {
                let (a, b) = (a as usize, b as usize);
                let (da, db) = (st.hdir[a], st.hdir[b]);
                p.lift_harbor(st, a);
                p.lift_harbor(st, b);
                exchange(st, a, b);
                for (x, k) in [(a, db), (b, da)] {
                    if k != NO_DIR {
                        p.land_harbor(st, x, k);
                    }
                }
            }
            Move::Chips(a, b) => st.number.swap(a as usize, b as usize),
            Move::Terrain(a, b) => st.terrain.swap(a as usize, b as usize),
            Move::Turn(x, old) => {
                p.lift_harbor(st, x as usize);
                p.land_harbor(st, x as usize, old);
            }
        }
    }

    /// Swaps the tiles (with chip and harbor facing) of slots `a` and `b`;
    /// keeps the swap if every rule still holds. Whether the board changed.
    fn swap_slots(
        &self,
        p: &Problem<'_>,
        st: &mut State,
        flood: &mut Flood,
        a: usize,
        b: usize,
    ) -> bool {
        if a == b
            || (st.terrain[a] == st.terrain[b]
                && st.number[a] == st.number[b]
                && st.hdir[a] == st.hdir[b])
        {
            return false;
        }
        let (da, db) = (st.hdir[a], st.hdir[b]);
        p.lift_harbor(st, a);
        p.lift_harbor(st, b);
        exchange(st, a, b);
        if self.valid_after_swap(p, st, flood, a, b, db, da) {
            return true;
        }
        p.lift_harbor(st, a);
        p.lift_harbor(st, b);
        exchange(st, a, b);
        for (x, k) in [(a, da), (b, db)] {
            if k != NO_DIR {
                p.land_harbor(st, x, k);
            }
        }
        false
    }

    /// Swaps the tiles of slots `a` and `b`, leaving chips where they are:
    /// only between tiles that both take a chip or both take none, and never
    /// with a harbor tile. Keeps the swap if every rule still holds.
    fn swap_tiles(
        &self,
        p: &Problem<'_>,
        st: &mut State,
        flood: &mut Flood,
        a: usize,
        b: usize,
    ) -> bool {
        let (ta, tb) = (st.terrain[a], st.terrain[b]);
        let harbor = crate::vocab::Terrain::Harbor as u8;
        if a == b
            || ta == tb
            || ta == harbor
            || tb == harbor
            || p.takes_chip(ta) != p.takes_chip(tb)
        {
            return false;
        }
        st.terrain.swap(a, b);
        if self.valid_after_swap(p, st, flood, a, b, NO_DIR, NO_DIR) {
            return true;
        }
        st.terrain.swap(a, b);
        false
    }

    /// Checks every rule a swap of `a` and `b` can touch; lands the moved
    /// harbors (`ka` now on `a`, `kb` on `b`) when they fit.
    #[allow(clippy::too_many_arguments)]
    fn valid_after_swap(
        &self,
        p: &Problem<'_>,
        st: &mut State,
        flood: &mut Flood,
        a: usize,
        b: usize,
        ka: u8,
        kb: u8,
    ) -> bool {
        for x in [a, b] {
            if !block::cell_ok(p, st, flood, x) {
                return false;
            }
            if st.number[x] != 0 && p.chip_clash(st, x, st.number[x]).is_some() {
                return false;
            }
        }
        for (x, k) in [(a, ka), (b, kb)] {
            if k == NO_DIR {
                continue;
            }
            if p.harbor_clash(st, x, k).is_some() {
                return false;
            }
            p.land_harbor(st, x, k);
        }
        true
    }
}

/// Swaps everything on cells `a` and `b`.
fn exchange(st: &mut State, a: usize, b: usize) {
    st.terrain.swap(a, b);
    st.number.swap(a, b);
    st.hdir.swap(a, b);
}

/// Swaps the chips of `a` and `b` if both have one and the rules allow it.
fn swap_chips(p: &Problem<'_>, st: &mut State, a: usize, b: usize) -> bool {
    let (na, nb) = (st.number[a], st.number[b]);
    if na == 0 || nb == 0 || na == nb {
        return false;
    }
    st.number[a] = nb;
    st.number[b] = na;
    if p.chip_clash(st, a, nb).is_none() && p.chip_clash(st, b, na).is_none() {
        return true;
    }
    st.number[a] = na;
    st.number[b] = nb;
    false
}

/// Turns the harbor on `x` toward direction `k` if the rules allow it.
fn turn(p: &Problem<'_>, st: &mut State, x: usize, k: u8) -> bool {
    let old = st.hdir[x];
    if old == NO_DIR || old == k {
        return false;
    }
    p.lift_harbor(st, x);
    if p.harbor_clash(st, x, k).is_none() {
        p.land_harbor(st, x, k);
        return true;
    }
    p.land_harbor(st, x, old);
    false
}
