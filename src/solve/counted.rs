//! Exact sampling by counting: a uniform draw from the counted table of chip
//! layouts ([`super::count`]), completed by uniform deals and checked.
//!
//! One attempt:
//! 1. draw a symbol layout from the table: where the chipless tiles go, where
//!    gold goes when a gold rule matters, and which chip class each hex takes.
//!    Every valid layout has the same chance;
//! 2. deal each region's chipless tiles over its chipless hexes and its
//!    other tiles over the rest, uniformly (face-down regions and regions
//!    without chips: all tiles over all slots); check the terrain rules;
//! 3. deal each class's chip values over the hexes of that class, uniformly;
//!    check the chip rules the classes did not settle (only when the
//!    classes are coarser than the rules);
//! 4. draw the harbor facings ([`super::facing`]) and check the harbor rules.
//!
//! A failed check starts a new attempt from step 1. Every proposal is then
//! equally likely: a symbol layout is uniform among the valid ones, and the
//! deals of steps 2-4 are uniform with sizes that do not depend on the
//! layout (how many ways to deal the chipless tiles, the other tiles, each
//! class's values and the facings is the same for every layout). Keeping
//! the first proposal that passes every check therefore draws uniformly
//! from the valid boards. When harbor rules cannot depend on the terrain,
//! a harbor clash redraws the facings alone: the valid boards are then every
//! valid board-without-harbors times every valid set of facings.

use super::count::classes::Split;
use super::count::plan::{CHIPLESS, GOLD};
use super::count::{Bound, Counter, TooBig};
use super::facing::Facing;
use super::problem::Problem;
use super::state::{Flood, State};
use super::{Budget, Stop};
use crate::model::ConstraintId;
use crate::rng::{shuffle, Rng};
use crate::vocab::Terrain;

/// Symbol layouts drawn at once.
const BATCH: usize = 8;

/// What each region deals.
struct Deal {
    /// The region's pool in the table, if it has one.
    pool: Option<usize>,
    /// Chipless tiles (counted regions), or every tile (the others).
    chipless: Vec<u8>,
    /// Plain tiles: chip-taking, and not gold where the gold rule matters.
    plain: Vec<u8>,
    /// Chip values of each class.
    values: Vec<Vec<u8>>,
}

/// The counting sampler for one problem.
pub(crate) struct Counted {
    pub ctr: Counter,
    deals: Vec<Deal>,
    facing: Facing,
}

/// Buffers of one draw.
pub(crate) struct Draw {
    pub st: State,
    /// A batch of symbol layouts drawn together, and how many are used.
    syms: Vec<u8>,
    used: usize,
    flood: Flood,
    /// Per region: chipless, gold and plain hexes of the layout drawn.
    chipless: Vec<Vec<u32>>,
    gold: Vec<Vec<u32>>,
    plain: Vec<Vec<u32>>,
    /// Per region and class: the hexes of that class.
    classes: Vec<Vec<Vec<u32>>>,
    tiles: Vec<u8>,
    values: Vec<u8>,
    /// Rejections per rule (for reports).
    pub rejections: [u64; ConstraintId::ALL.len()],
}

impl Counted {
    /// The sampler for `p`, or the bound its table would pass.
    pub fn new(p: &Problem<'_>, split: Split, max_states: usize) -> Result<Counted, TooBig> {
        Counted::until(p, split, Bound::states(max_states))
    }

    /// Like [`Counted::new`], within `bound` (stopping with
    /// [`TooBig::Late`] once its deadline has passed).
    pub fn until(p: &Problem<'_>, split: Split, bound: Bound) -> Result<Counted, TooBig> {
        let ctr = Counter::until(p, &p.c, split, bound)?;
        let gold_matters = p.c.gold_no_red && p.c.takes_chip(Terrain::Gold);
        let mut deals: Vec<Deal> = p
            .regions
            .iter()
            .map(|r| Deal {
                pool: None,
                chipless: r.tiles.clone(),
                plain: Vec::new(),
                values: Vec::new(),
            })
            .collect();
        for (pi, pool) in ctr.plan.pools.iter().enumerate() {
            let r = &p.regions[pool.region];
            let d = &mut deals[pool.region];
            d.pool = Some(pi);
            // Gold tiles are dealt apart exactly when the table marked the
            // gold hexes (its rules may be coarser than the problem's).
            let gold_tracked = gold_matters && pool.fields[1] > 0;
            d.chipless = r.tiles.iter().copied().filter(|t| !p.takes_chip(*t)).collect();
            d.plain = r
                .tiles
                .iter()
                .copied()
                .filter(|t| p.takes_chip(*t) && !(gold_tracked && *t == Terrain::Gold as u8))
                .collect();
            d.values = vec![Vec::new(); ctr.classes.k + 1];
            for v in &r.chips {
                d.values[ctr.classes.of[*v as usize] as usize].push(*v);
            }
        }
        Ok(Counted { ctr, deals, facing: Facing::new(p) })
    }

    /// The exact number of valid boards (harbor kinds and face-down chip
    /// stacks included), when no rule is left to the checks after the
    /// deal and the count fits in 128 bits.
    pub fn boards(&self, p: &Problem<'_>) -> Option<u128> {
        let random_facing = p.facing_cells.iter().any(|x| {
            p.sites.get(p.site_of[*x as usize] as usize).is_none_or(|s| s.facing.is_none())
        });
        if self.ctr.relaxed || p.terrain_rules || random_facing || p.regional.is_some() {
            return None;
        }
        let mut n = self.ctr.total();
        for pool in &self.ctr.plan.pools {
            // A class counted together with the chipless tiles: each layout
            // stands for every way to choose which of its hexes get them.
            if let Some((f, chipless)) = pool.merged {
                let hexes = u128::from(pool.fields[f as usize + 1]);
                n = n.checked_mul(binomial(hexes, u128::from(chipless))?)?;
            }
        }
        let mut times = |items: &[u8]| -> Option<()> {
            n = n.checked_mul(multinomial(items)?)?;
            Some(())
        };
        for (deal, r) in self.deals.iter().zip(&p.regions) {
            times(&deal.chipless)?;
            times(&deal.plain)?;
            for v in &deal.values {
                times(v)?;
            }
            times(&r.stack)?;
            times(&kind_codes(&r.kinds))?;
        }
        times(&kind_codes(&p.pool_kinds))?;
        Some(n)
    }

    /// Whether a trial of at most `attempts` attempts (fixed seed) finds a
    /// valid board.
    pub(crate) fn finds_a_board(
        &self,
        p: &Problem<'_>,
        attempts: u64,
        deadline: Option<std::time::Instant>,
    ) -> Result<bool, Stop> {
        let mut d = self.draw(p);
        let mut rng = crate::rng::stage_rng(0, crate::rng::Stream::Pilot);
        let mut budget = Budget { nodes: 0, max: attempts, deadline };
        match self.sample(p, &mut d, &mut rng, &mut budget) {
            Ok(_) => Ok(true),
            Err(Stop::Deadline) => Err(Stop::Deadline),
            Err(_) => Ok(false),
        }
    }

    /// Fresh buffers.
    pub fn draw(&self, p: &Problem<'_>) -> Draw {
        let nr = p.regions.len();
        Draw {
            st: State::new(p),
            syms: vec![0; BATCH * self.ctr.steps().len()],
            used: BATCH,
            flood: Flood::new(p.n),
            chipless: vec![Vec::new(); nr],
            gold: vec![Vec::new(); nr],
            plain: vec![Vec::new(); nr],
            classes: vec![vec![Vec::new(); self.ctr.classes.k + 1]; nr],
            tiles: Vec::new(),
            values: Vec::new(),
            rejections: [0; ConstraintId::ALL.len()],
        }
    }

    /// Draws until a valid board comes up (left in `d.st`); returns the
    /// number of attempts.
    pub fn sample(
        &self,
        p: &Problem<'_>,
        d: &mut Draw,
        rng: &mut Rng,
        budget: &mut Budget,
    ) -> Result<u64, Stop> {
        d.rejections = [0; ConstraintId::ALL.len()];
        // Layouts come in batches (their table walks overlap in memory);
        // a board never uses a batch drawn for another seed.
        d.used = BATCH;
        let mut attempts = 0u64;
        'attempt: loop {
            attempts += 1;
            budget.tick()?;
            if d.used == BATCH {
                if !self.ctr.sample(rng, &mut d.syms, BATCH) {
                    return Err(Stop::Exhausted);
                }
                d.used = 0;
            }
            self.sort_layout(d, rng);
            d.used += 1;
            self.deal_tiles(p, d, rng);
            if p.terrain_rules && !terrain_ok(p, d) {
                continue 'attempt;
            }
            self.deal_values(d, rng);
            if self.ctr.relaxed && !chips_ok(p, d) {
                continue 'attempt;
            }
            if let Some(id) = p.region_clash(&d.st) {
                d.rejections[id.index()] += 1;
                continue 'attempt;
            }
            while !self.facing.face_all(p, &mut d.st, rng, &mut d.rejections) {
                if p.harbors_need_terrain {
                    continue 'attempt;
                }
                attempts += 1;
                budget.tick()?;
            }
            return Ok(attempts);
        }
    }

    /// Sorts the hexes of the drawn symbol layout by region and kind; where
    /// a free class also holds the chipless tiles, draws which of its hexes
    /// get them (uniformly: every split is equally likely).
    fn sort_layout(&self, d: &mut Draw, rng: &mut Rng) {
        for v in d.chipless.iter_mut().chain(&mut d.gold).chain(&mut d.plain) {
            v.clear();
        }
        for per in &mut d.classes {
            per.iter_mut().for_each(Vec::clear);
        }
        let n = self.ctr.steps().len();
        let syms = &d.syms[d.used * n..(d.used + 1) * n];
        for (step, sym) in self.ctr.steps().iter().zip(syms) {
            let pool = &self.ctr.plan.pools[step.pool as usize];
            let r = pool.region;
            let x = step.cell;
            if *sym == CHIPLESS {
                d.chipless[r].push(x);
                continue;
            }
            let a = sym & 0xF;
            d.classes[r][a as usize].push(x);
            if step.slot && pool.merged.is_none_or(|(f, _)| f != a) {
                match sym & GOLD != 0 {
                    true => d.gold[r].push(x),
                    false => d.plain[r].push(x),
                }
            }
        }
        for pool in &self.ctr.plan.pools {
            let Some((f, chipless)) = pool.merged else { continue };
            let r = pool.region;
            let cells = &mut d.classes[r][f as usize];
            shuffle(rng, cells);
            d.chipless[r].extend(cells.drain(..chipless as usize));
            d.plain[r].extend_from_slice(cells);
        }
    }

    fn deal_tiles(&self, p: &Problem<'_>, d: &mut Draw, rng: &mut Rng) {
        let st = &mut d.st;
        st.terrain.copy_from_slice(&p.base_terrain);
        st.number.copy_from_slice(&p.base_number);
        for (ri, (deal, r)) in self.deals.iter().zip(&p.regions).enumerate() {
            if deal.pool.is_none() {
                d.tiles.clone_from(&deal.chipless);
                shuffle(rng, &mut d.tiles);
                for (s, t) in r.slots.iter().zip(&d.tiles) {
                    st.terrain[*s as usize] = *t;
                }
                continue;
            }
            for (cells, tiles) in [(&d.chipless[ri], &deal.chipless), (&d.plain[ri], &deal.plain)] {
                d.tiles.clone_from(tiles);
                shuffle(rng, &mut d.tiles);
                for (s, t) in cells.iter().zip(&d.tiles) {
                    st.terrain[*s as usize] = *t;
                }
            }
            for s in &d.gold[ri] {
                st.terrain[*s as usize] = Terrain::Gold as u8;
            }
        }
    }

    fn deal_values(&self, d: &mut Draw, rng: &mut Rng) {
        let st = &mut d.st;
        for (deal, per) in self.deals.iter().zip(&d.classes) {
            if deal.pool.is_none() {
                continue;
            }
            for (cells, values) in per.iter().zip(&deal.values).skip(1) {
                d.values.clone_from(values);
                shuffle(rng, &mut d.values);
                for (x, v) in cells.iter().zip(&d.values) {
                    st.number[*x as usize] = *v;
                }
            }
        }
    }
}

fn terrain_ok(p: &Problem<'_>, d: &mut Draw) -> bool {
    for r in &p.regions {
        for s in &r.slots {
            let x = *s as usize;
            if let Some(id) = p.terrain_clash(&d.st, &mut d.flood, x, d.st.terrain[x]) {
                d.rejections[id.index()] += 1;
                return false;
            }
        }
    }
    true
}

/// Every chip hex against its neighbours and corners (the rules coarse
/// classes may have let through).
fn chips_ok(p: &Problem<'_>, d: &mut Draw) -> bool {
    for r in &p.regions {
        for x in r.slots.iter().chain(&r.chip_fixed) {
            let x = *x as usize;
            let v = d.st.number[x];
            if v != 0 {
                if let Some(id) = p.chip_clash(&d.st, x, v) {
                    d.rejections[id.index()] += 1;
                    return false;
                }
            }
        }
    }
    true
}

/// `n` choose `k`, if it fits.
fn binomial(n: u128, k: u128) -> Option<u128> {
    let mut out: u128 = 1;
    for i in 0..k.min(n) {
        // out * (n - i) / (i + 1) stays an integer at every step.
        out = out.checked_mul(n - i)? / (i + 1);
    }
    Some(if k > n { 0 } else { out })
}

/// Distinct orders of `items`: n! / (k1! k2! ...), if it fits.
fn multinomial(items: &[u8]) -> Option<u128> {
    let mut seen = [0u32; 256];
    let mut n: u128 = 1;
    for (i, x) in items.iter().enumerate() {
        seen[*x as usize] += 1;
        // Multiply by (i + 1) / (count of x so far): stays an integer.
        n = n.checked_mul(i as u128 + 1)? / u128::from(seen[*x as usize]);
    }
    Some(n)
}

fn kind_codes(kinds: &[crate::vocab::HarborKind]) -> Vec<u8> {
    use crate::vocab::HarborKind;
    kinds.iter().map(|k| HarborKind::ALL.iter().position(|x| x == k).unwrap_or(0) as u8).collect()
}
