//! A complete search for one valid board: it finds a board whenever one
//! exists, and when it ends without one, none exists (a proof). The start
//! of the Markov chain ([`super::markov`]) and the last word on maps no
//! exact sampler fits.
//!
//! A depth-first search over the cells in row order. Each cell gets a
//! *kind* of tile and a chip *class* together, checked against the cells
//! already given theirs (the same local checks every sampler runs):
//! - kinds: every chipless terrain (desert, sea, harbor...) stands for
//!   itself, and so does every terrain under a terrain rule; otherwise the
//!   terrains that take a chip are one kind (no rule can tell them apart),
//!   gold apart when a gold rule reads it;
//! - classes: chip values that every rule treats alike (the same
//!   neighbours forbidden, the same pips under a corner cap, both red or
//!   not under a gold rule) are one class.
//!
//! Values within a kind or a class are interchangeable, so only one of each
//! is tried on a cell, and the actual terrains and values are dealt over
//! the cells of their kind and class once every cell has one. After each
//! step, every neighbour still to fill must keep some kind and class that
//! fits (forward checking). At the end, the harbor facings are searched
//! (complete too); when they fail and depend on the tiles, the search goes
//! back into the tiles.
//!
//! Randomized restarts (growing node limits, the last unbounded, so the
//! search stays complete) keep it from sinking into one bad early choice.

use super::budget::{restart_limit, Budget};
use super::problem::{Problem, UNSET};
use super::search::{self, Rejections};
use super::state::{Flood, State};
use super::Stop;
use crate::model::board::NONE;
use crate::model::rules;
use crate::rng::{below, shuffle, Rng};
use crate::vocab::Terrain;

/// A cell the search fills.
#[derive(Clone, Copy)]
pub(super) struct Var {
    pub cell: u32,
    pub region: u32,
    /// A slot (takes a tile), or a fixed hex drawing a chip.
    pub slot: bool,
    /// Whether its region deals chips onto the board.
    pub chips: bool,
}

/// What one step may put on its cell: a kind (terrain index standing for
/// its kind) and a class (0: no chip), with how many ways it can be dealt.
#[derive(Clone, Copy)]
struct Cand {
    kind: u8,
    class: u8,
    weight: u32,
}

/// The search's fixed tables for one problem.
pub(crate) struct Complete<'p, 'a> {
    pub p: &'p Problem<'a>,
    pub vars: Vec<Var>,
    /// The var on each cell (`NONE`: none), plus the off-map sentinel.
    pub var_at: Vec<u32>,
    /// The kind of each terrain index.
    pub kind_of: [u8; 17],
    /// The class of each chip value (0: none) and a value standing for each class.
    pub class_of: [u8; 13],
    pub rep: [u8; 16],
    /// Per region: tiles of each kind, chips of each class.
    pub kinds: Vec<[u32; 17]>,
    pub classes: Vec<[u32; 16]>,
}

/// Search state that changes as the search goes.
struct Run {
    st: State,
    flood: Flood,
    kinds: Vec<[u32; 17]>,
    classes: Vec<[u32; 16]>,
    /// Per depth: the var filled there, its candidates, and the next to try.
    var: Vec<usize>,
    cands: Vec<Vec<Cand>>,
    next: Vec<usize>,
    /// Whether each var is filled.
    filled: Vec<bool>,
}

/// Maps with at most this many cells to fill pick the cell with the fewest
/// candidates first; larger ones go in row order (cheaper per step).
const MRV_VARS: usize = 160;

/// Chip classes: values every rule treats alike share one.
fn chip_classes(p: &Problem<'_>) -> ([u8; 13], [u8; 16]) {
    // Under rules per region, values alike under every region's rules.
    let sets: Vec<&crate::model::Constraints> = match &p.regional {
        Some(r) => r.sets.iter().chain([&p.c]).collect(),
        None => vec![&p.c],
    };
    let values: Vec<u8> = (2..=12u8).filter(|v| *v != 7).collect();
    let key = |v: u8| {
        let per_set = |c: &crate::model::Constraints| {
            let row: Vec<bool> =
                values.iter().map(|w| rules::chip_pair_clash(c, v, *w).is_some()).collect();
            let pips = c.max_corner_pips.map(|_| rules::PIPS[v as usize]);
            (row, pips, c.gold_no_red && crate::vocab::is_red(v))
        };
        sets.iter().map(|c| per_set(c)).collect::<Vec<_>>()
    };
    let mut keys = Vec::new();
    let mut of = [0u8; 13];
    let mut rep = [0u8; 16];
    for v in &values {
        let k = key(*v);
        let a = match keys.iter().position(|x| *x == k) {
            Some(i) => i + 1,
            None => {
                keys.push(k);
                rep[keys.len()] = *v;
                keys.len()
            }
        };
        of[*v as usize] = a as u8;
    }
    (of, rep)
}

impl<'p, 'a> Complete<'p, 'a> {
    /// The tables for `p`.
    pub fn new(p: &'p Problem<'a>) -> Complete<'p, 'a> {
        let (class_of, rep) = chip_classes(p);
        let gold_matters = (p.c.gold_no_red || p.regional.as_ref().is_some_and(|r| r.gold))
            && p.c.takes_chip(Terrain::Gold);
        // The terrain standing for the plain kind: the first chip-taking one.
        let plain = (0..17u8).find(|t| p.takes_chip(*t)).unwrap_or(0);
        let mut kind_of = [0u8; 17];
        for (t, k) in kind_of.iter_mut().enumerate() {
            let t = t as u8;
            let own =
                p.terrain_rules || !p.takes_chip(t) || (gold_matters && t == Terrain::Gold as u8);
            *k = if own { t } else { plain };
        }
        let mut vars = Vec::new();
        for (ri, r) in p.regions.iter().enumerate() {
            // Face-down tiles matter only to the terrain rules.
            if !r.face_down || p.terrain_rules {
                vars.extend(r.slots.iter().map(|s| Var {
                    cell: *s,
                    region: ri as u32,
                    slot: true,
                    chips: !r.face_down,
                }));
            }
            if !r.face_down {
                vars.extend(r.chip_fixed.iter().map(|s| Var {
                    cell: *s,
                    region: ri as u32,
                    slot: false,
                    chips: true,
                }));
            }
        }
        let hex = |v: &Var| p.hex(v.cell as usize);
        vars.sort_by_key(|v| (hex(v).r, hex(v).q));
        let mut var_at = vec![NONE; p.n + 1];
        for (i, v) in vars.iter().enumerate() {
            var_at[v.cell as usize] = i as u32;
        }
        let kinds = p
            .regions
            .iter()
            .map(|r| {
                let mut k = [0u32; 17];
                for t in &r.tiles {
                    k[kind_of[*t as usize] as usize] += 1;
                }
                k
            })
            .collect();
        let classes = p
            .regions
            .iter()
            .map(|r| {
                let mut k = [0u32; 16];
                for v in &r.chips {
                    k[class_of[*v as usize] as usize] += 1;
                }
                k
            })
            .collect();
        Complete { p, vars, var_at, kind_of, class_of, rep, kinds, classes }
    }

    /// Searches for a valid board. `Err(Stop::Exhausted)`: none exists.
    /// The depth-first search (any size; `super::sat::find` sends small
    /// maps to the solver instead). `Err(Stop::Exhausted)`: no board.
    pub(crate) fn depth_first(&self, rng: &mut Rng, budget: &mut Budget) -> Result<State, Stop> {
        let p = self.p;
        let len = self.vars.len();
        let mut run = Run {
            st: State::new(p),
            flood: Flood::new(p.n),
            kinds: self.kinds.clone(),
            classes: self.classes.clone(),
            var: vec![0; len + 1],
            cands: vec![Vec::new(); len + 1],
            next: vec![0; len + 1],
            filled: vec![false; len],
        };
        let mut rej: Rejections = [0; crate::model::ConstraintId::ALL.len()];
        let (mut restarts, mut run_nodes) = (0u32, 0u64);
        let mut d = 0usize;
        self.enter(&mut run, 0, rng);
        loop {
            budget.tick()?;
            run_nodes += 1;
            if run_nodes > restart_limit(len, restarts) {
                restarts += 1;
                run_nodes = 0;
                while d > 0 {
                    d -= 1;
                    self.lift(&mut run, d);
                }
                self.enter(&mut run, 0, rng);
                continue;
            }
            if d == len && !p.regions_keep(&run.st) {
                // Kinds and classes tell apart whatever any region's rules
                // read, so this board of them breaks one however it is dealt.
                if d == 0 {
                    return Err(Stop::Exhausted);
                }
                d -= 1;
                self.lift(&mut run, d);
                continue;
            }
            if d == len {
                match self.finish(&mut run, rng, budget, &mut rej) {
                    Ok(()) => return Ok(run.st),
                    Err(Stop::Exhausted) if p.harbors_need_terrain && len > 0 => {}
                    Err(stop) => return Err(stop),
                }
                d -= 1;
                self.lift(&mut run, d);
                continue;
            }
            if self.advance(&mut run, d) {
                d += 1;
                if d < len {
                    self.enter(&mut run, d, rng);
                }
                continue;
            }
            // Nothing left to try here: back to the cell before.
            if d == 0 {
                return Err(Stop::Exhausted);
            }
            d -= 1;
            self.lift(&mut run, d);
        }
    }

    /// Lists the candidates of depth `d` in a random order: the first drawn
    /// in proportion to how many tiles and chips of it are left, the rest
    /// shuffled.
    fn enter(&self, run: &mut Run, d: usize, rng: &mut Rng) {
        let j = self.pick_var(run, d);
        run.var[d] = j;
        let mut list = std::mem::take(&mut run.cands[d]);
        list.clear();
        let v = self.vars[j];
        let mut total = 0u64;
        self.candidates(run, v, |kind, class, w| {
            total += u64::from(w);
            list.push(Cand { kind, class, weight: w });
            true
        });
        shuffle(rng, &mut list);
        if total > 0 && list.len() > 1 {
            let mut pick = u64::from(below(rng, total.min(u64::from(u32::MAX)) as u32));
            let first = list.iter().position(|c| {
                let w = u64::from(c.weight);
                if pick < w {
                    return true;
                }
                pick -= w;
                false
            });
            list.swap(0, first.unwrap_or(0));
        }
        run.cands[d] = list;
        run.next[d] = 0;
    }

    /// The var to fill at depth `d`: in row order, or on small maps the
    /// one with the fewest candidates (the first in row order on a tie).
    fn pick_var(&self, run: &mut Run, d: usize) -> usize {
        if self.vars.len() > MRV_VARS {
            return d;
        }
        let mut best = (usize::MAX, 0);
        for j in 0..self.vars.len() {
            if run.filled[j] {
                continue;
            }
            let mut n = 0usize;
            let limit = best.0;
            self.candidates(run, self.vars[j], |_, _, _| {
                n += 1;
                n < limit
            });
            if n < best.0 {
                best = (n, j);
                if n <= 1 {
                    break;
                }
            }
        }
        best.1
    }

    /// Calls `each(kind, class, weight)` for every candidate of `v` that
    /// keeps the rules with the cells filled so far, until it returns false.
    /// Whether it was stopped.
    fn candidates(&self, run: &mut Run, v: Var, mut each: impl FnMut(u8, u8, u32) -> bool) -> bool {
        let p = self.p;
        let x = v.cell as usize;
        let r = v.region as usize;
        if !v.slot {
            return self.chip_choices(run, v, |class, w| each(p.base_terrain[x], class, w));
        }
        for kind in 0..17u8 {
            let left = run.kinds[r][kind as usize];
            if left == 0 {
                continue;
            }
            if p.terrain_rules && p.terrain_clash(&run.st, &mut run.flood, x, kind).is_some() {
                continue;
            }
            if !v.chips || !p.takes_chip(kind) {
                if !each(kind, 0, left) {
                    return true;
                }
                continue;
            }
            run.st.terrain[x] = kind;
            let stopped = self.chip_choices(run, v, |class, w| each(kind, class, left * w));
            run.st.terrain[x] = UNSET;
            if stopped {
                return true;
            }
        }
        false
    }

    /// The chip classes left for `v` that fit beside the chips placed.
    fn chip_choices(&self, run: &Run, v: Var, mut each: impl FnMut(u8, u32) -> bool) -> bool {
        let x = v.cell as usize;
        for class in 1..16u8 {
            let left = run.classes[v.region as usize][class as usize];
            if left == 0 || self.p.chip_clash(&run.st, x, self.rep[class as usize]).is_some() {
                continue;
            }
            if !each(class, left) {
                return true;
            }
        }
        false
    }

    /// Puts the next candidate of depth `d` on its cell, if one passes the
    /// forward check; whether one did (it stays placed).
    fn advance(&self, run: &mut Run, d: usize) -> bool {
        let j = run.var[d];
        let v = self.vars[j];
        while run.next[d] < run.cands[d].len() {
            let c = run.cands[d][run.next[d]];
            run.next[d] += 1;
            self.place(run, v, c);
            run.filled[j] = true;
            if self.neighbours_alive(run, v) {
                return true;
            }
            run.filled[j] = false;
            self.unplace(run, v, c);
        }
        false
    }

    fn place(&self, run: &mut Run, v: Var, c: Cand) {
        let (x, r) = (v.cell as usize, v.region as usize);
        if v.slot {
            run.st.terrain[x] = c.kind;
            run.kinds[r][c.kind as usize] -= 1;
        }
        if c.class != 0 {
            run.st.number[x] = self.rep[c.class as usize];
            run.classes[r][c.class as usize] -= 1;
        }
    }

    fn unplace(&self, run: &mut Run, v: Var, c: Cand) {
        let (x, r) = (v.cell as usize, v.region as usize);
        if v.slot {
            run.st.terrain[x] = UNSET;
            run.kinds[r][c.kind as usize] += 1;
        }
        if c.class != 0 {
            run.st.number[x] = 0;
            run.classes[r][c.class as usize] += 1;
        }
    }

    /// Takes back the candidate placed at depth `d`.
    fn lift(&self, run: &mut Run, d: usize) {
        let c = run.cands[d][run.next[d] - 1];
        let j = run.var[d];
        run.filled[j] = false;
        self.unplace(run, self.vars[j], c);
    }

    /// Whether every neighbour of `v` still to fill keeps some candidate.
    fn neighbours_alive(&self, run: &mut Run, v: Var) -> bool {
        let p = self.p;
        for m in p.nb[v.cell as usize] {
            let j = self.var_at[m as usize];
            if j == NONE {
                continue;
            }
            let w = self.vars[j as usize];
            let empty = match w.slot {
                true => run.st.terrain[m as usize] == UNSET,
                false => run.st.number[m as usize] == 0,
            };
            if empty && !self.candidates(run, w, |_, _, _| false) {
                return false;
            }
        }
        true
    }

    /// Every cell holds a kind and a class: the harbor facings, then the
    /// actual terrains and values dealt over their kinds and classes.
    fn finish(
        &self,
        run: &mut Run,
        rng: &mut Rng,
        budget: &mut Budget,
        rej: &mut Rejections,
    ) -> Result<(), Stop> {
        let p = self.p;
        self.fill_face_down(&mut run.st);
        search::harbors(p, &mut run.st, rng, budget, rej)?;
        let mut st = run.st.clone();
        self.deal_within(&mut st, rng);
        run.st = st;
        Ok(())
    }

    /// Face-down tiles the search left out (no terrain rule reads them).
    fn fill_face_down(&self, st: &mut State) {
        if self.p.terrain_rules {
            return;
        }
        for r in self.p.regions.iter().filter(|r| r.face_down) {
            for (s, t) in r.slots.iter().zip(&r.tiles) {
                st.terrain[*s as usize] = *t;
            }
        }
    }

    /// A board of kinds and classes (with its harbors) made whole: the
    /// face-down tiles laid, the actual terrains and values dealt.
    pub(super) fn settle(&self, st: &mut State, rng: &mut Rng) {
        self.fill_face_down(st);
        self.deal_within(st, rng);
    }

    /// Replaces the kinds and classes by actual terrains and values, dealt
    /// uniformly over the cells of each kind and class of each region.
    fn deal_within(&self, st: &mut State, rng: &mut Rng) {
        let p = self.p;
        for r in &p.regions {
            // Face-down tiles hold their actual terrains already: laid by
            // `fill_face_down`, or searched one by one under the terrain
            // rules (their kinds are then the terrains themselves). Dealt
            // again over kinds, the plain kind's few slots would take the
            // first tiles of every chip-taking terrain and break the pool.
            if r.face_down && !p.terrain_rules {
                continue;
            }
            let mut cells: Vec<u32> = Vec::new();
            let mut items: Vec<u8> = Vec::new();
            for kind in 0..17u8 {
                cells.clear();
                cells.extend(r.slots.iter().filter(|s| st.terrain[**s as usize] == kind));
                items.clear();
                items.extend(r.tiles.iter().filter(|t| self.kind_of[**t as usize] == kind));
                shuffle(rng, &mut items);
                for (s, t) in cells.iter().zip(&items) {
                    st.terrain[*s as usize] = *t;
                }
            }
            if r.face_down {
                continue;
            }
            let all: Vec<u32> = r.slots.iter().chain(&r.chip_fixed).copied().collect();
            for class in 1..16u8 {
                let rep = self.rep[class as usize];
                cells.clear();
                cells.extend(all.iter().filter(|s| {
                    let n = st.number[**s as usize];
                    n != 0 && n == rep && p.base_number[**s as usize] == 0
                }));
                items.clear();
                items.extend(r.chips.iter().filter(|v| self.class_of[**v as usize] == class));
                shuffle(rng, &mut items);
                for (s, v) in cells.iter().zip(&items) {
                    st.number[*s as usize] = *v;
                }
            }
        }
    }
}
