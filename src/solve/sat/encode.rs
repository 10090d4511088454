//! The literals of one problem and the clauses every board keeps whatever
//! the rules: one kind per slot, one chip class per hex that takes a chip,
//! the pools' counts, and the harbor facings' structure.

use batsat::{Lit, Solver, SolverOpts};

use super::card::{clause, exactly, fresh, B};
use super::Stopper;
use crate::model::board::NONE;
use crate::model::{rules, ConstraintId};
use crate::solve::complete::Complete;
use crate::solve::problem::UNSET;
use crate::vocab::Terrain;

/// A problem as clauses, with the literals that read a board back.
pub(crate) struct Encoding<'c, 'p, 'a> {
    pub c: &'c Complete<'p, 'a>,
    pub s: Solver<Stopper>,
    pub buf: Vec<Lit>,
    /// Per search var: the kinds it may take, each with its literal.
    pub kind: Vec<Vec<(u8, Lit)>>,
    /// Per search var that takes a chip: its classes, each with its literal.
    pub class: Vec<Vec<(u8, Lit)>>,
    /// Per search var: "at least q pips" for q in 0..=5 (under a corner cap).
    pub ge: Vec<[B; 6]>,
    /// Per facing cell (in `p.facing_cells` order): its directions.
    pub dirs: Vec<Vec<(u8, Lit)>>,
    /// Selectors that switch each rule's clauses on (proofs only).
    pub rule_sel: [Option<Lit>; ConstraintId::ALL.len()],
    /// Selectors that switch the rules' clauses at each cell on (proofs only).
    pub cell_sel: Vec<Option<Lit>>,
}

impl<'c, 'p, 'a> Encoding<'c, 'p, 'a> {
    /// The clauses of `c`'s problem; with `tagged`, every rule clause is
    /// switched by a selector of its rule and of each of its cells.
    pub fn new(c: &'c Complete<'p, 'a>, seed: f64, tagged: bool) -> Self {
        let opts = SolverOpts { random_seed: seed, rnd_init_act: true, ..SolverOpts::default() };
        let mut s = Solver::new(opts, Stopper::default());
        let p = c.p;
        let mut rule_sel = [None; ConstraintId::ALL.len()];
        let mut cell_sel = vec![None; p.n];
        if tagged {
            for id in ConstraintId::ALL {
                rule_sel[id.index()] = Some(fresh(&mut s));
            }
            for v in &c.vars {
                cell_sel[v.cell as usize] = Some(fresh(&mut s));
            }
        }
        let mut e = Encoding {
            c,
            s,
            buf: Vec::new(),
            kind: Vec::new(),
            class: Vec::new(),
            ge: Vec::new(),
            dirs: Vec::new(),
            rule_sel,
            cell_sel,
        };
        e.tiles_and_chips();
        e.counts();
        e.pips();
        e.facings();
        e.rules();
        e
    }

    /// Adds a plain clause.
    pub fn add(&mut self, lits: &[B]) {
        clause(&mut self.s, &mut self.buf, lits, &[]);
    }

    /// Adds a clause of rule `id` about `cells` (switched by their selectors).
    pub fn rule(&mut self, id: ConstraintId, cells: &[usize], lits: &[B]) {
        let mut extra: Vec<Lit> = Vec::with_capacity(cells.len() + 1);
        extra.extend(self.rule_sel[id.index()].map(|l| !l));
        for x in cells {
            if let Some(Some(l)) = self.cell_sel.get(*x) {
                extra.push(!*l);
            }
        }
        clause(&mut self.s, &mut self.buf, lits, &extra);
    }

    /// The search var on cell `x`, if any.
    pub fn var(&self, x: usize) -> Option<usize> {
        let j = *self.c.var_at.get(x)?;
        (j != NONE).then_some(j as usize)
    }

    /// Whether cell `x` holds terrain `t` (a terrain that is its own kind);
    /// off-map and undealt hexes hold none.
    pub(crate) fn terrain_is(&self, x: usize, t: u8) -> B {
        let p = self.c.p;
        if x >= p.n {
            return B::F;
        }
        match self.var(x).filter(|j| self.c.vars[*j].slot) {
            Some(j) => self.kind[j].iter().find(|(k, _)| *k == t).map_or(B::F, |(_, l)| B::L(*l)),
            None if p.base_terrain[x] == t => B::T,
            None => B::F,
        }
    }

    /// Whether cell `x` is land the players see (a harbor may face it).
    pub fn land(&mut self, x: usize) -> B {
        let p = self.c.p;
        if x >= p.n || p.face_down[x] {
            return B::F;
        }
        let Some(j) = self.var(x).filter(|j| self.c.vars[*j].slot) else {
            let t = p.base_terrain[x];
            let land = t != UNSET && rules::harbor_may_face(Terrain::ALL[t as usize], false);
            return if land { B::T } else { B::F };
        };
        let is_land = |k: u8| Terrain::ALL[k as usize].is_land();
        let lits: Vec<Lit> =
            self.kind[j].iter().filter(|(k, _)| is_land(*k)).map(|(_, l)| *l).collect();
        match lits.len() {
            0 => B::F,
            n if n == self.kind[j].len() => B::T,
            1 => B::L(lits[0]),
            _ => {
                let v = fresh(&mut self.s);
                let mut all: Vec<B> = lits.iter().map(|l| B::L(*l)).collect();
                all.push(B::L(!v));
                self.add(&all);
                for l in lits {
                    self.add(&[B::L(!l), B::L(v)]);
                }
                B::L(v)
            }
        }
    }

    /// The chips cell `x` may hold: (a value standing for its class, literal).
    pub(crate) fn chips_at(&self, x: usize) -> Vec<(u8, B)> {
        let p = self.c.p;
        if x >= p.n {
            return Vec::new();
        }
        match self.var(x) {
            Some(j) if self.c.vars[j].chips => {
                self.class[j].iter().map(|(a, l)| (self.c.rep[*a as usize], B::L(*l))).collect()
            }
            _ if p.base_number[x] != 0 => vec![(p.base_number[x], B::T)],
            _ => Vec::new(),
        }
    }

    /// One literal per kind a slot may take (exactly one true), one per
    /// class a chip hex may take (exactly one when it takes a chip).
    fn tiles_and_chips(&mut self) {
        let c = self.c;
        for v in &c.vars {
            let r = v.region as usize;
            let mut kinds = Vec::new();
            if v.slot {
                for k in 0..17u8 {
                    if c.kinds[r][k as usize] > 0 {
                        kinds.push((k, fresh(&mut self.s)));
                    }
                }
                let lits: Vec<B> = kinds.iter().map(|(_, l)| B::L(*l)).collect();
                self.add(&lits);
                at_most_one(self, &lits);
            }
            let mut classes = Vec::new();
            if v.chips {
                for a in 1..16u8 {
                    if c.classes[r][a as usize] > 0 {
                        classes.push((a, fresh(&mut self.s)));
                    }
                }
                let lits: Vec<B> = classes.iter().map(|(_, l)| B::L(*l)).collect();
                at_most_one(self, &lits);
                if !v.slot {
                    self.add(&lits);
                }
                for (k, kl) in &kinds {
                    if c.p.takes_chip(*k) {
                        let mut any = lits.clone();
                        any.push(B::L(!*kl));
                        self.add(&any);
                    } else {
                        for l in &lits {
                            self.add(&[B::L(!*kl), l.not()]);
                        }
                    }
                }
            }
            self.kind.push(kinds);
            self.class.push(classes);
        }
    }

    /// Each region's pools: exactly its tiles of each kind, its chips of
    /// each class (face-down regions the search leaves out have neither).
    fn counts(&mut self) {
        let c = self.c;
        for r in 0..c.p.regions.len() {
            let searched = c.vars.iter().any(|v| v.region as usize == r && v.slot);
            for k in (0..17u8).filter(|_| searched) {
                let want = c.kinds[r][k as usize] as usize;
                let lits: Vec<Lit> = (0..c.vars.len())
                    .filter(|j| c.vars[*j].region as usize == r && c.vars[*j].slot)
                    .filter_map(|j| self.kind[j].iter().find(|(x, _)| *x == k).map(|(_, l)| *l))
                    .collect();
                if want > 0 {
                    exactly(&mut self.s, &mut self.buf, &lits, want);
                }
            }
            for a in 1..16u8 {
                let want = c.classes[r][a as usize] as usize;
                let lits: Vec<Lit> = (0..c.vars.len())
                    .filter(|j| c.vars[*j].region as usize == r)
                    .filter_map(|j| self.class[j].iter().find(|(x, _)| *x == a).map(|(_, l)| *l))
                    .collect();
                if want > 0 && c.vars.iter().any(|v| v.region as usize == r && v.chips) {
                    exactly(&mut self.s, &mut self.buf, &lits, want);
                }
            }
        }
    }

    /// "At least q pips" per chip hex, tied both ways to its classes.
    fn pips(&mut self) {
        let c = self.c;
        let cap = c.p.c.max_corner_pips.is_some();
        for j in 0..c.vars.len() {
            let mut ge = [B::F; 6];
            ge[0] = B::T;
            if cap && c.vars[j].chips {
                for (q, slot) in ge.iter_mut().enumerate().skip(1) {
                    let lits: Vec<Lit> = self.class[j]
                        .iter()
                        .filter(|(a, _)| usize::from(rules::PIPS[c.rep[*a as usize] as usize]) >= q)
                        .map(|(_, l)| *l)
                        .collect();
                    if lits.is_empty() {
                        continue;
                    }
                    let g = fresh(&mut self.s);
                    let mut any: Vec<B> = lits.iter().map(|l| B::L(*l)).collect();
                    any.push(B::L(!g));
                    self.add(&any);
                    for l in lits {
                        self.add(&[B::L(!l), B::L(g)]);
                    }
                    *slot = B::L(g);
                }
            }
            self.ge.push(ge);
        }
    }

    /// "Cell `x` has at least `q` pips" (its class, or its printed chip).
    pub(crate) fn pips_ge(&self, x: usize, q: usize) -> B {
        let p = self.c.p;
        if q == 0 {
            return B::T;
        }
        if x >= p.n || q > 5 {
            return B::F;
        }
        match self.var(x) {
            Some(j) if self.c.vars[j].chips => self.ge[j][q],
            _ if usize::from(rules::PIPS[p.base_number[x] as usize]) >= q => B::T,
            _ => B::F,
        }
    }

    /// One direction per face-up harbor that needs a facing; none elsewhere.
    fn facings(&mut self) {
        let p = self.c.p;
        for i in 0..p.facing_cells.len() {
            let x = p.facing_cells[i] as usize;
            let needs =
                if p.site_of[x] != NONE { B::T } else { self.terrain_is(x, Terrain::Harbor as u8) };
            let options = match p.sites.get(p.site_of[x] as usize).and_then(|s| s.facing) {
                Some(k) => vec![k],
                None => p.dmax[x].clone(),
            };
            let dirs: Vec<(u8, Lit)> = options.iter().map(|k| (*k, fresh(&mut self.s))).collect();
            let lits: Vec<B> = dirs.iter().map(|(_, l)| B::L(*l)).collect();
            at_most_one(self, &lits);
            let mut any = lits.clone();
            any.push(needs.not());
            self.rule(ConstraintId::HarborFacesLand, &[x], &any);
            for l in &lits {
                self.add(&[l.not(), needs]);
            }
            self.dirs.push(dirs);
        }
    }
}

/// At most one of `lits` (pairwise).
pub(crate) fn at_most_one(e: &mut Encoding<'_, '_, '_>, lits: &[B]) {
    for (i, a) in lits.iter().enumerate() {
        for b in &lits[i + 1..] {
            e.add(&[a.not(), b.not()]);
        }
    }
}
