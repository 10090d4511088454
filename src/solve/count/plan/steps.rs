//! The steps of a plan, built in the order the hexes get their symbols.

use super::{
    order, pack, too_many_open, variables, Carry, Choice, Plan, Pool, Step, TooBig, CHIPLESS, GOLD,
    MAX_OPEN,
};
use crate::model::{rules, Constraints};
use crate::solve::count::classes::Classes;
use crate::solve::problem::{Problem, UNSET};
use crate::vocab::Terrain;

/// The hexes that take a symbol, in order, and where each stands.
struct Order<'v> {
    /// (cell, pool, is a slot) of each variable.
    vars: &'v [(u32, u8, bool)],
    /// The variables in step order.
    ord: Vec<usize>,
    /// The step of each cell (`usize::MAX`: not a variable), plus the sentinel.
    pos: Vec<usize>,
    /// The last step that touches each step's hex (itself included).
    last: Vec<usize>,
    /// The first and last step of each pool.
    pool_first: Vec<usize>,
    pool_last: Vec<usize>,
    /// Number of cells.
    n: usize,
}

impl<'v> Order<'v> {
    fn new(p: &Problem<'_>, vars: &'v [(u32, u8, bool)], ord: Vec<usize>, pools: usize) -> Self {
        let steps = ord.len();
        let mut pos = vec![usize::MAX; p.n + 1];
        for (k, v) in ord.iter().enumerate() {
            pos[vars[*v].0 as usize] = k;
        }
        let mut o = Order {
            vars,
            ord,
            pos,
            last: Vec::new(),
            pool_first: Vec::new(),
            pool_last: Vec::new(),
            n: p.n,
        };
        o.last = o
            .ord
            .iter()
            .enumerate()
            .map(|(k, v)| {
                p.nb[vars[*v].0 as usize]
                    .iter()
                    .filter(|m| o.is_var(**m))
                    .map(|m| o.pos[*m as usize])
                    .fold(k, usize::max)
            })
            .collect();
        o.pool_first = (0..pools)
            .map(|pi| o.ord.iter().position(|v| vars[*v].1 as usize == pi).unwrap_or(steps))
            .collect();
        o.pool_last = (0..pools)
            .map(|pi| o.ord.iter().rposition(|v| vars[*v].1 as usize == pi).unwrap_or(0))
            .collect();
        o
    }

    /// Whether cell `m` takes a symbol.
    fn is_var(&self, m: u32) -> bool {
        (m as usize) < self.n && self.pos[m as usize] != usize::MAX
    }

    /// The position of cell `m` among the `open` steps.
    fn open_pos(&self, open: &[usize], m: u32) -> Option<u8> {
        open.iter().position(|o| self.vars[self.ord[*o]].0 == m).map(|q| q as u8)
    }

    /// Whether pool `pi` is in the key before step `k`.
    fn pool_open(&self, pi: usize, k: usize) -> bool {
        self.pool_first[pi] < k && self.pool_last[pi] >= k
    }

    /// Multipliers of the pools in the key before step `k`.
    fn mults(&self, pools: &[Pool], k: usize) -> Result<Vec<u64>, TooBig> {
        let mut m = vec![0u64; pools.len()];
        let mut mult: u64 = 1;
        for (pi, pl) in pools.iter().enumerate() {
            if self.pool_open(pi, k) {
                m[pi] = mult;
                mult = mult.checked_mul(pl.radix).ok_or(TooBig::Pools)?;
            }
        }
        Ok(m)
    }

    /// The classes step `k` (on hex `x`) may take beside the fixed chips and
    /// on its terrain, and whether some class is only partly allowed there.
    fn unary(&self, p: &Problem<'_>, c: &Constraints, cl: &Classes, x: usize) -> (u16, bool) {
        let mut unary: u16 = (1..=cl.k).fold(0, |m, a| m | 1 << a);
        let mut partial = false;
        for m in p.nb[x] {
            let m = m as usize;
            if m < p.n && !self.is_var(m as u32) && p.base_number[m] != 0 {
                let (allowed, part) = cl.next_to_fixed(c, p.base_number[m]);
                unary &= allowed;
                partial |= part;
            }
        }
        let gold_matters = c.gold_no_red && c.takes_chip(Terrain::Gold);
        let t = p.base_terrain[x];
        if gold_matters && t != UNSET && t == Terrain::Gold as u8 {
            unary &= !cl.red_mask();
        }
        (unary, partial)
    }

    /// The corners step `k` (on hex `x`) completes, every other member fixed
    /// or earlier: open positions of the others and the pips fixed there. A
    /// corner with only fixed chips besides this hex narrows `unary` instead.
    fn corners(
        &self,
        p: &Problem<'_>,
        cap: u32,
        cl: &Classes,
        (x, k): (usize, usize),
        open: &[usize],
        unary: &mut u16,
    ) -> Vec<([u8; 2], u8)> {
        let mut corners = Vec::new();
        for pair in &p.mates[x] {
            let mut js = [u8::MAX; 2];
            let mut fixed = 0u32;
            let mut later = false;
            for (j, m) in js.iter_mut().zip(*pair) {
                if !self.is_var(m) {
                    fixed += u32::from(rules::PIPS[p.base_number[m as usize] as usize]);
                } else if self.pos[m as usize] > k {
                    later = true;
                } else {
                    *j = self.open_pos(open, m).unwrap_or(u8::MAX);
                }
            }
            if later {
                continue;
            }
            if js == [u8::MAX; 2] {
                // Only fixed chips besides this hex: a rule on its class.
                for a in 1..=cl.k {
                    if u32::from(cl.pips[a]) + fixed > cap {
                        *unary &= !(1 << a);
                    }
                }
            } else {
                corners.push((js, fixed.min(255) as u8));
            }
        }
        corners
    }

    /// The pools in the key after step `k` (of pool `pool`).
    fn carry(
        &self,
        pools: &[Pool],
        k: usize,
        pool: u8,
        before: &[u64],
        after: &[u64],
    ) -> Vec<Carry> {
        (0..pools.len())
            .filter(|pi| self.pool_first[*pi] < k + 1 && self.pool_last[*pi] > k)
            .map(|pi| Carry {
                before: before[pi],
                radix: pools[pi].radix,
                after: after[pi],
                own: pi == pool as usize,
            })
            .collect()
    }

    /// The steps still open after step `k`, and for each its position among
    /// the `open` ones before (`u8::MAX`: step `k` itself).
    fn still_open(&self, open: &[usize], k: usize) -> (Vec<usize>, Vec<u8>) {
        let mut still: Vec<usize> = open.iter().copied().filter(|o| self.last[*o] > k).collect();
        let mut keep: Vec<u8> = open
            .iter()
            .enumerate()
            .filter(|(_, o)| self.last[**o] > k)
            .map(|(q, _)| q as u8)
            .collect();
        if self.last[k] > k {
            still.push(k);
            keep.push(u8::MAX);
        }
        (still, keep)
    }
}

/// The symbols a hex of pool `pl` may take with its classes limited to
/// `unary`: chipless and gold tiles only on slots.
fn choices(pl: &Pool, cl: &Classes, unary: u16, slot: bool) -> Vec<Choice> {
    let mut choices = Vec::new();
    if slot && pl.fields[0] > 0 {
        choices.push(Choice { sym: CHIPLESS, class: 0, delta: pl.weight[0] });
    }
    for a in 1..=cl.k {
        if unary & (1 << a) == 0 || pl.fields[a + 1] == 0 {
            continue;
        }
        choices.push(Choice { sym: a as u8, class: a as u8, delta: pl.weight[a + 1] });
        if slot && pl.fields[1] > 0 && !cl.red[a] {
            let delta = pl.weight[a + 1] + pl.weight[1];
            choices.push(Choice { sym: GOLD | a as u8, class: a as u8, delta });
        }
    }
    choices
}

impl Plan {
    /// The plan for `p` with classes `cl`.
    pub fn new(p: &Problem<'_>, c: &Constraints, cl: &Classes) -> Result<Plan, TooBig> {
        let (vars, raw) = variables(p, c, cl);
        let ord = order(p, &vars);
        if let Some(open) = too_many_open(p, &vars, &ord) {
            return Err(TooBig::Open(open));
        }
        let pools = pack(raw)?;
        let o = Order::new(p, &vars, ord, pools.len());
        let mut slots_after = vec![0u8; pools.len()];
        for v in &vars {
            slots_after[v.1 as usize] += u8::from(v.2);
        }
        let mut partial = false;
        let mut steps = Vec::with_capacity(o.ord.len());
        let mut open: Vec<usize> = Vec::new();
        let mut before = o.mults(&pools, 0)?;
        for (k, v) in o.ord.iter().enumerate() {
            let (cell, pool, slot) = vars[*v];
            let x = cell as usize;
            let nbr: Vec<u8> = p.nb[x].iter().filter_map(|m| o.open_pos(&open, *m)).collect();
            let (mut unary, part) = o.unary(p, c, cl, x);
            partial |= part;
            let corners = match c.max_corner_pips {
                Some(cap) => o.corners(p, cap, cl, (x, k), &open, &mut unary),
                None => Vec::new(),
            };
            let choices = choices(&pools[pool as usize], cl, unary, slot);
            let slots_left = slots_after[pool as usize];
            slots_after[pool as usize] -= u8::from(slot);
            let after = o.mults(&pools, k + 1)?;
            let carry = o.carry(&pools, k, pool, &before, &after);
            let (still, keep) = o.still_open(&open, k);
            if still.len() > MAX_OPEN {
                return Err(TooBig::Open(still.len()));
            }
            steps.push(Step {
                cell,
                pool,
                slot,
                choices,
                slots_left,
                last: o.pool_last[pool as usize] == k,
                own_before: before[pool as usize],
                nbr,
                corners,
                keep,
                carry,
            });
            open = still;
            before = after;
        }
        Ok(Plan { pools, steps, partial })
    }
}
