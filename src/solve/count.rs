//! Counting the chip layouts: the table behind the exact counting sampler.
//!
//! The hexes that take chips from a face-up region (its free slots and the
//! fixed hexes that draw from it) are walked in an order that keeps few of
//! them "open" at once (a hex is open while a later hex touches it; see
//! [`plan`]). Each gets a symbol: no chip (a chipless tile: desert, sea...),
//! or a chip class ([`classes`]) on a plain tile, or on a gold tile where a
//! gold rule matters. A state after `i` steps is the classes of the open
//! hexes and what is left of the pools; two partial layouts that reach the
//! same state can be completed in exactly the same ways. Counting the
//! completions of every state, from the last step back to the first, gives
//! the number of valid symbol layouts; drawing one number below that count
//! and walking down the table gives each layout the same chance.
//!
//! The rules checked on symbols are the chip rules: pairs of neighbours,
//! corners under a pip cap, red chips on gold. What symbols do not say
//! (which chipless tile, which plain terrain, which value within a class
//! when classes are coarse) is dealt uniformly afterwards by the sampler,
//! which checks the remaining rules and starts over on a clash (see
//! [`super::counted`]).
//!
//! Everything is bounded: at most [`plan::MAX_OPEN`] open hexes,
//! [`MAX_STATES`] states and counts below 2^128; beyond that no table is
//! built and the caller says so.

pub(crate) mod classes;
#[cfg(test)]
mod forecast_tests;
pub(crate) mod plan;
mod table;

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

use self::classes::{Classes, Split};
use self::plan::{Plan, Step, CHIPLESS};
use self::table::{table, Edge, Table};
use super::problem::Problem;
use crate::model::{rules, Constraints};
use crate::rng::Rng;

/// One step's edges, as (cumulative count, successor, symbol).
type StepEdges = Vec<(u128, u32, u8)>;
/// Most states the forward sweep may reach, over all steps.
pub(crate) const MAX_STATES: usize = 2_500_000;
/// Most bytes the walkable table may take.
pub(crate) const MAX_TABLE_BYTES: usize = 64 << 20;

/// Why no table was built: the bound it would pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TooBig {
    /// More chip classes than a state can hold.
    Classes,
    /// More hexes open at once than [`plan::MAX_OPEN`].
    Open(usize),
    /// More states than [`MAX_STATES`].
    States,
    /// More states than [`MAX_STATES`] by the forecast from the table's
    /// growth ([`Bound::foresee`]), before the sweep passed them.
    Foreseen,
    /// Pools too large to pack in a state.
    Pools,
    /// More than 2^128 layouts.
    Count,
    /// A table larger than [`MAX_TABLE_BYTES`].
    Memory,
    /// The deadline passed while the table was being built (not a bound of
    /// the map: the caller reports the time limit).
    Late,
}

impl TooBig {
    /// The limit, for people.
    pub fn limit(self) -> crate::solve::SamplerLimit {
        use crate::solve::SamplerLimit as L;
        match self {
            TooBig::Classes => L::Classes { max: classes::MAX_CLASSES },
            TooBig::Open(n) => L::OpenHexes { needed: n, max: plan::MAX_OPEN },
            TooBig::States => L::States { max: MAX_STATES, foreseen: false },
            TooBig::Foreseen => L::States { max: MAX_STATES, foreseen: true },
            TooBig::Pools => L::PoolSize,
            TooBig::Count => L::Count,
            TooBig::Memory => L::Memory { max_mb: MAX_TABLE_BYTES >> 20 },
            // Callers that pass a deadline report the time limit instead.
            TooBig::Late => L::States { max: MAX_STATES, foreseen: false },
        }
    }
}

/// The table with the narrowest count type that holds its counts.
enum Tables {
    Narrow(Table<u64>),
    Wide(Table<u128>),
}

/// The counted table of chip layouts for one problem.
pub(crate) struct Counter {
    pub classes: Classes,
    pub plan: Plan,
    table: Tables,
    total: u128,
    /// States reached by the forward sweep.
    pub reached: usize,
    /// States with at least one completion.
    pub live: usize,
    /// Whether values dealt within classes must still be checked.
    pub relaxed: bool,
}

/// A hasher for packed state keys.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(*b)).wrapping_mul(0x517C_C1B7_2722_0A95);
        }
    }
    #[inline]
    fn write_u128(&mut self, k: u128) {
        let x = (k as u64) ^ ((k >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = x.wrapping_mul(0x517C_C1B7_2722_0A95);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }
}

type KeyMap = HashMap<u128, u32, BuildHasherDefault<KeyHasher>>;

/// How far a table may grow before it is abandoned.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bound {
    /// The states the forward sweep may reach in all.
    pub states: usize,
    /// Whether to abandon the table early when its growth so far foresees
    /// more than twice `states` (a rule of thumb that saves building most
    /// of a table that will not fit; off when only an exact sampler may
    /// draw, so that every table within the limit is built).
    pub foresee: bool,
    /// When to stop with [`TooBig::Late`].
    pub deadline: Option<Instant>,
}

impl Bound {
    /// At most `states` states, foreseen, with no deadline.
    pub fn states(states: usize) -> Bound {
        Bound { states, foresee: true, deadline: None }
    }
}

impl Counter {
    /// Builds and counts the table, or says which bound it would pass.
    pub fn new(p: &Problem<'_>, split: Split, max_states: usize) -> Result<Counter, TooBig> {
        Counter::with_rules(p, &p.c, split, max_states)
    }

    /// Like [`Counter::new`], under rules `c` instead of the problem's (for
    /// finding which rules conflict).
    pub(crate) fn with_rules(
        p: &Problem<'_>,
        c: &Constraints,
        split: Split,
        max_states: usize,
    ) -> Result<Counter, TooBig> {
        Counter::until(p, c, split, Bound::states(max_states))
    }

    /// Like [`Counter::with_rules`], within `bound` (stopping with
    /// [`TooBig::Late`] once its deadline has passed).
    pub fn until(
        p: &Problem<'_>,
        c: &Constraints,
        split: Split,
        bound: Bound,
    ) -> Result<Counter, TooBig> {
        let mut values = 0u16;
        for r in &p.regions {
            values = r.chips.iter().fold(values, |m, v| m | rules::chip_bit(*v));
        }
        let classes = Classes::new(c, values, split).ok_or(TooBig::Classes)?;
        let plan = Plan::new(p, c, &classes)?;
        let relaxed = classes.relaxed || plan.partial;
        let mut ctr = Counter {
            classes,
            plan,
            table: Tables::Narrow(Table { steps: Vec::new(), root: 0, total: 0 }),
            total: 0,
            reached: 0,
            live: 0,
            relaxed,
        };
        ctr.build(c, bound)?;
        Ok(ctr)
    }

    /// The number of valid symbol layouts.
    pub fn total(&self) -> u128 {
        self.total
    }

    /// The steps, in order.
    pub fn steps(&self) -> &[Step] {
        &self.plan.steps
    }

    /// The successors of a state key at step `i`: (symbol, next key).
    fn successors(&self, c: &Constraints, i: usize, key: u128, out: &mut Vec<(u8, u128)>) {
        out.clear();
        let step = &self.plan.steps[i];
        let cl = &self.classes;
        let cap = c.max_corner_pips.unwrap_or(u32::MAX);
        let pool = &self.plan.pools[step.pool as usize];
        let mut front = [0u8; plan::MAX_OPEN];
        let mut f = key as u64;
        for slot in front.iter_mut() {
            *slot = (f & 0xF) as u8;
            f >>= 4;
        }
        let counts = (key >> 64) as u64;
        let own = match step.own_before {
            0 => pool.full(),
            m => (counts / m) % pool.radix,
        };
        let (chipless, gold) = (pool.field(own, 0), pool.field(own, 1));
        let slots_after = step.slots_left - u8::from(step.slot);
        for ch in &step.choices {
            let a = ch.class as usize;
            if ch.sym == CHIPLESS {
                if chipless == 0 {
                    continue;
                }
            } else {
                if pool.field(own, a + 1) == 0 {
                    continue;
                }
                if ch.sym & plan::GOLD != 0 {
                    if gold == 0 {
                        continue;
                    }
                } else if step.slot && step.slots_left <= chipless + gold {
                    continue; // no plain tile left
                }
                let forbid = cl.forbid[a];
                if step.nbr.iter().any(|j| forbid & (1 << front[*j as usize]) != 0) {
                    continue;
                }
            }
            // Corners this hex completes, whatever it holds: the others
            // there may already be over the cap.
            let mine = u32::from(cl.pips[a]);
            let over = step.corners.iter().any(|(js, fixed)| {
                let others: u32 = js
                    .iter()
                    .filter(|j| **j != u8::MAX)
                    .map(|j| u32::from(cl.pips[front[*j as usize] as usize]))
                    .sum();
                mine + others + u32::from(*fixed) > cap
            });
            if over {
                continue;
            }
            let next_own = own - ch.delta;
            // Tiles left must fit the slots left; a pool's last step empties it.
            if pool.field(next_own, 0) + pool.field(next_own, 1) > slots_after
                || (step.last && next_own != 0)
            {
                continue;
            }
            let mut nk: u64 = 0;
            for (q, src) in step.keep.iter().enumerate() {
                let cls = if *src == u8::MAX {
                    cl.canon[ch.class as usize]
                } else {
                    front[*src as usize]
                };
                nk |= u64::from(cls) << (4 * q);
            }
            let mut nc: u64 = 0;
            for cr in &step.carry {
                // A pool enters the key only at its own first step.
                let v = if cr.own { next_own } else { (counts / cr.before) % cr.radix };
                nc += v * cr.after;
            }
            out.push((ch.sym, u128::from(nk) | u128::from(nc) << 64));
        }
    }

    /// Builds the table: the states reached forward, the completions of each
    /// counted backward, and the live states' edges packed.
    fn build(&mut self, c: &Constraints, bound: Bound) -> Result<(), TooBig> {
        let layers = self.forward(c, bound)?;
        if bound.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(TooBig::Late);
        }
        let (first_rev, edges_rev) = self.backward(c, layers)?;
        if std::env::var_os("HEXPRESS_COUNT_DEBUG").is_some() {
            let sizes: Vec<usize> = first_rev.iter().map(|f| f.len() - 1).collect();
            eprintln!("live states per step: {sizes:?}");
        }
        let edges: usize = edges_rev.iter().map(Vec::len).sum();
        let wide = u64::try_from(self.total).is_err();
        let size = if wide { size_of::<Edge<u128>>() } else { size_of::<Edge<u64>>() };
        if edges.saturating_mul(size) > MAX_TABLE_BYTES {
            return Err(TooBig::Memory);
        }
        self.table = match u64::try_from(self.total) {
            Ok(_) => Tables::Narrow(table(&first_rev, &edges_rev, self.total)?),
            Err(_) => Tables::Wide(table(&first_rev, &edges_rev, self.total)?),
        };
        Ok(())
    }

    /// Forward: the keys reached at each step boundary (at most
    /// `bound.states` in all).
    fn forward(&mut self, c: &Constraints, bound: Bound) -> Result<Vec<Vec<u128>>, TooBig> {
        let Bound { states: max_states, foresee, deadline } = bound;
        let n = self.plan.steps.len();
        let mut layers: Vec<Vec<u128>> = vec![vec![0]];
        let mut succ = Vec::new();
        for i in 0..n {
            let mut map = KeyMap::default();
            map.reserve(layers[i].len() * 2);
            let mut next: Vec<u128> = Vec::new();
            for (j, key) in layers[i].iter().enumerate() {
                // The bound is met as soon as it is passed (the states
                // reached only grow), not at the end of a step.
                if j % 4096 == 0 {
                    if self.reached + next.len() > max_states {
                        return Err(TooBig::States);
                    }
                    if deadline.is_some_and(|d| Instant::now() >= d) {
                        return Err(TooBig::Late);
                    }
                }
                self.successors(c, i, *key, &mut succ);
                for (_, k) in &succ {
                    map.entry(*k).or_insert_with(|| {
                        next.push(*k);
                        0
                    });
                }
            }
            self.reached += next.len();
            if std::env::var_os("HEXPRESS_COUNT_DEBUG").is_some() {
                eprintln!("step {i}: {} states, {} in all", next.len(), self.reached);
            }
            if self.reached > max_states {
                return Err(TooBig::States);
            }
            if foresee && self.foreseen(i, next.len()) > 2 * max_states {
                return Err(TooBig::Foreseen);
            }
            layers.push(next);
        }
        Ok(layers)
    }

    /// The states the sweep will reach in all, foreseen after step `i` put
    /// `layer` states in its layer, on the shape such sweeps take: the
    /// layers grow to the middle step and shrink after it, about as they
    /// grew, so the steps still to come up to the mirror of `i` hold at
    /// least `layer` states each and the steps after it about as many as
    /// the first ones. A cheap forecast, not a bound: the table is
    /// abandoned only when it says more than twice the limit, and never
    /// under `--exact` ([`Bound::foresee`]) (measured: on
    /// `base-5-6` under the strict rules it says 5.3 million after 9
    /// steps, where the sweep passes 2.5 million two steps later; on `base`
    /// under the strict rules, whose table of 1.8 million fits, it never
    /// says more than 0.8 million).
    fn foreseen(&self, i: usize, layer: usize) -> usize {
        let n = self.plan.steps.len();
        let mirrored = n.saturating_sub(2 * (i + 1));
        if mirrored == 0 {
            return self.reached;
        }
        (2 * self.reached).saturating_add(mirrored.saturating_mul(layer))
    }

    /// Backward: completions of each state; only live states keep edges.
    /// Per step, in step order: each live state's first edge, and its edges
    /// as (cumulative count, successor, symbol). Sets the live count and
    /// the total.
    fn backward(
        &mut self,
        c: &Constraints,
        mut layers: Vec<Vec<u128>>,
    ) -> Result<(Vec<Vec<u32>>, Vec<StepEdges>), TooBig> {
        let n = self.plan.steps.len();
        let mut succ = Vec::new();
        let mut live: KeyMap = KeyMap::default();
        let mut counts: Vec<u128> = Vec::new();
        if let Some(last) = layers[n].first() {
            live.insert(*last, 0);
            counts.push(1);
        }
        self.live = live.len();
        let mut first_rev: Vec<Vec<u32>> = Vec::with_capacity(n);
        let mut edges_rev: Vec<StepEdges> = Vec::with_capacity(n);
        for i in (0..n).rev() {
            let mut map = KeyMap::default();
            let mut cnt: Vec<u128> = Vec::new();
            let mut first = vec![0u32];
            let mut edges: StepEdges = Vec::new();
            for key in &layers[i] {
                self.successors(c, i, *key, &mut succ);
                let mark = edges.len();
                let mut sum: u128 = 0;
                for (sym, k) in &succ {
                    let Some(s) = live.get(k) else { continue };
                    sum = sum.checked_add(counts[*s as usize]).ok_or(TooBig::Count)?;
                    edges.push((sum, *s, *sym));
                }
                if sum == 0 {
                    edges.truncate(mark);
                    continue;
                }
                map.insert(*key, cnt.len() as u32);
                cnt.push(sum);
                first.push(edges.len() as u32);
            }
            self.live += cnt.len();
            live = map;
            counts = cnt;
            first_rev.push(first);
            edges_rev.push(edges);
            layers.truncate(i + 1);
        }
        first_rev.reverse();
        edges_rev.reverse();
        self.total = if live.contains_key(&0) { counts.first().copied().unwrap_or(0) } else { 0 };
        Ok((first_rev, edges_rev))
    }

    /// Draws `k` symbol layouts (`k` at most 16), each uniformly and
    /// independently, into `out` (`k` times the number of steps); `false`
    /// if there is none.
    pub fn sample(&self, rng: &mut Rng, out: &mut [u8], k: usize) -> bool {
        if self.total == 0 {
            return false;
        }
        let n = self.plan.steps.len();
        match &self.table {
            Tables::Narrow(t) => t.walk(rng, out, k, n),
            Tables::Wide(t) => t.walk(rng, out, k, n),
        }
        true
    }

    /// Every distinct place of the chipless and gold tiles over the valid
    /// layouts: per step 0 (chipless), 1 (gold) or 2 (a plain chip hex);
    /// `None` if there are more than `limit`.
    pub fn places(&self, limit: usize) -> Option<Vec<Vec<u8>>> {
        if self.total == 0 {
            return Some(Vec::new());
        }
        match &self.table {
            Tables::Narrow(t) => t.places(limit),
            Tables::Wide(t) => t.places(limit),
        }
    }

    /// Bytes the table holds (for reports).
    pub fn bytes(&self) -> usize {
        match &self.table {
            Tables::Narrow(t) => t.steps.iter().map(|e| e.len() * size_of::<Edge<u64>>()).sum(),
            Tables::Wide(t) => t.steps.iter().map(|e| e.len() * size_of::<Edge<u128>>()).sum(),
        }
    }
}
