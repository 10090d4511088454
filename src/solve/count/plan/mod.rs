//! The steps of the counting table: which hexes get symbols, in what order,
//! and what each step checks and keeps.

use super::classes::Classes;
use super::TooBig;
use crate::model::board::NONE;
use crate::model::Constraints;
use crate::solve::problem::Problem;
use crate::vocab::Terrain;

mod steps;

/// Most hexes open at once (four bits each in a state's key).
pub(crate) const MAX_OPEN: usize = 16;

/// Symbol of a hex with a chipless tile.
pub(crate) const CHIPLESS: u8 = 0;
/// Added to a class to mark a gold tile.
pub(crate) const GOLD: u8 = 16;

/// One region's pool as the table counts it: the fields chipless tiles,
/// gold tiles, chips of class 1, class 2... packed in mixed radix.
#[derive(Clone, Debug)]
pub(crate) struct Pool {
    /// Index in [`Problem::regions`].
    pub region: usize,
    /// Count of each field.
    pub fields: Vec<u8>,
    /// Weight of each field in the packed value.
    pub weight: Vec<u64>,
    /// Product of `count + 1` over the fields.
    pub radix: u64,
    /// A class that no rule ever blocks, counted together with the
    /// chipless tiles (their places are split after the draw): the class
    /// and how many chipless tiles it holds.
    pub merged: Option<(u8, u8)>,
}

impl Pool {
    fn new(region: usize, fields: Vec<u8>) -> Result<Pool, TooBig> {
        let mut weight = vec![0u64; fields.len()];
        let mut w: u64 = 1;
        for (slot, f) in weight.iter_mut().zip(&fields).rev() {
            *slot = w;
            w = w.checked_mul(u64::from(*f) + 1).ok_or(TooBig::Pools)?;
        }
        Ok(Pool { region, fields, weight, radix: w, merged: None })
    }

    /// The packed value of the full pool.
    pub fn full(&self) -> u64 {
        self.fields.iter().zip(&self.weight).map(|(f, w)| u64::from(*f) * w).sum()
    }

    /// Field `j` of packed value `v`.
    #[inline]
    pub fn field(&self, v: u64, j: usize) -> u8 {
        ((v / self.weight[j]) % (u64::from(self.fields[j]) + 1)) as u8
    }
}

/// A symbol a step may give, with what it takes from the pool.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Choice {
    /// The symbol ([`CHIPLESS`], a class, or [`GOLD`] | class).
    pub sym: u8,
    /// Its class (0 for chipless).
    pub class: u8,
    /// Amount the pool's packed value drops.
    pub delta: u64,
}

/// How a pool's packed value moves from one key to the next.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Carry {
    /// Multiplier in the key before the step; 0 when the pool is not in it
    /// (then it is the step's own pool, still full).
    pub before: u64,
    /// Radix of the pool.
    pub radix: u64,
    /// Multiplier in the key after the step.
    pub after: u64,
    /// Whether it is the step's own pool.
    pub own: bool,
}

/// One step: the hex it gives a symbol to, and how the state changes.
#[derive(Clone, Debug)]
pub(crate) struct Step {
    /// The hex.
    pub cell: u32,
    /// Its pool (index into the table's pools).
    pub pool: u8,
    /// Whether it is a free slot (takes a tile) or a fixed hex drawing a chip.
    pub slot: bool,
    /// The symbols it may take (allowed by its fixed neighbours and terrain).
    pub choices: Vec<Choice>,
    /// Slots of its pool at this step or later.
    pub slots_left: u8,
    /// Whether it is its pool's last hex.
    pub last: bool,
    /// Multiplier of its pool in the key before the step (0: not there, full).
    pub own_before: u64,
    /// Open positions of its earlier neighbours.
    pub nbr: Vec<u8>,
    /// Corners this hex completes: open positions of the other hexes there
    /// (`u8::MAX` for none) and the pips of the fixed chips there.
    pub corners: Vec<([u8; 2], u8)>,
    /// The open hexes after this step: for each, its position before
    /// (`u8::MAX`: this hex).
    pub keep: Vec<u8>,
    /// The pools in the key after this step.
    pub carry: Vec<Carry>,
}

/// The steps of a table, with its pools.
pub(crate) struct Plan {
    pub pools: Vec<Pool>,
    pub steps: Vec<Step>,
    /// Whether some class is only partly allowed next to a fixed chip.
    pub partial: bool,
}

/// A pool before packing: region, field counts, merged free class.
type RawPool = (usize, Vec<usize>, Option<(u8, u8)>);

/// The hexes that take a symbol: (cell, pool, is a slot), and the pools.
fn variables(
    p: &Problem<'_>,
    c: &Constraints,
    cl: &Classes,
) -> (Vec<(u32, u8, bool)>, Vec<RawPool>) {
    let gold_matters = c.gold_no_red && c.takes_chip(Terrain::Gold);
    let mut vars = Vec::new();
    let mut pools = Vec::new();
    for (ri, r) in p.regions.iter().enumerate() {
        if r.face_down || r.chips.is_empty() {
            continue;
        }
        let pool = pools.len().min(u8::MAX as usize) as u8;
        let count = |f: &dyn Fn(u8) -> bool| r.tiles.iter().filter(|t| f(**t)).count();
        let chipless = count(&|t| !p.takes_chip(t));
        let gold = if gold_matters { count(&|t| t == Terrain::Gold as u8) } else { 0 };
        let mut fields = vec![0usize; cl.k + 2];
        fields[0] = chipless;
        fields[1] = gold;
        for v in &r.chips {
            fields[cl.of[*v as usize] as usize + 1] += 1;
        }
        // A class no rule ever blocks may hold the chipless tiles too when
        // every hex of the region is a slot (a chipless tile can go wherever
        // the class can): one field less to count. Which of its hexes get
        // the chipless tiles is drawn after the layout.
        let free = (1..=cl.k).find(|a| cl.canon[*a] == 0 && fields[*a + 1] > 0 && !cl.red[*a]);
        let merged = match free {
            // Not when gold is dealt apart: a gold hex of the merged class
            // must never be drawn to hold a chipless tile.
            Some(a) if chipless > 0 && chipless < 256 && r.chip_fixed.is_empty() && gold == 0 => {
                fields[a + 1] += chipless;
                fields[0] = 0;
                Some((a as u8, chipless as u8))
            }
            _ => None,
        };
        pools.push((ri, fields, merged));
        vars.extend(r.slots.iter().map(|s| (*s, pool, true)));
        vars.extend(r.chip_fixed.iter().map(|s| (*s, pool, false)));
    }
    (vars, pools)
}

/// Packs the pools (after the sweep is known to fit).
fn pack(raw: Vec<RawPool>) -> Result<Vec<Pool>, TooBig> {
    if raw.len() > u8::MAX as usize {
        return Err(TooBig::Pools);
    }
    raw.into_iter()
        .map(|(region, fields, merged)| {
            let fields: Vec<u8> = fields
                .into_iter()
                .map(u8::try_from)
                .collect::<Result<_, _>>()
                .map_err(|_| TooBig::Pools)?;
            let mut pool = Pool::new(region, fields)?;
            pool.merged = merged;
            Ok(pool)
        })
        .collect()
}

/// For each variable hex, the variables among its neighbours (by index in `vars`).
fn var_neighbours(p: &Problem<'_>, vars: &[(u32, u8, bool)]) -> Vec<Vec<usize>> {
    let mut at = vec![NONE; p.n + 1];
    for (i, v) in vars.iter().enumerate() {
        at[v.0 as usize] = i as u32;
    }
    vars.iter()
        .map(|v| {
            p.nb[v.0 as usize]
                .iter()
                .filter(|m| at[**m as usize] != NONE)
                .map(|m| at[*m as usize] as usize)
                .collect()
        })
        .collect()
}

/// An order of the hexes that keeps few of them open: connected groups one
/// after the other, each swept along the best of the three hex axes.
fn order(p: &Problem<'_>, vars: &[(u32, u8, bool)]) -> Vec<usize> {
    let n = vars.len();
    let adj = var_neighbours(p, vars);
    let mut comp = vec![usize::MAX; n];
    let mut groups = 0;
    for s in 0..n {
        if comp[s] != usize::MAX {
            continue;
        }
        let mut stack = vec![s];
        comp[s] = groups;
        while let Some(x) = stack.pop() {
            for y in &adj[x] {
                if comp[*y] == usize::MAX {
                    comp[*y] = groups;
                    stack.push(*y);
                }
            }
        }
        groups += 1;
    }
    let hex = |i: usize| p.hex(vars[i].0 as usize);
    type Key = fn(crate::axial::Hex) -> (i32, i32);
    let keys: [Key; 6] = [
        |h| (h.r, h.q),
        |h| (-h.r, -h.q),
        |h| (h.q, h.r),
        |h| (-h.q, -h.r),
        |h| (-h.q - h.r, h.q),
        |h| (h.q + h.r, -h.q),
    ];
    let mut best: Option<((usize, usize), Vec<usize>)> = None;
    for key in keys {
        let mut o: Vec<usize> = (0..n).collect();
        o.sort_by_key(|i| (comp[*i], key(hex(*i)), *i));
        let cost = open_cost(&o, &adj);
        if best.as_ref().is_none_or(|b| cost < b.0) {
            best = Some((cost, o));
        }
    }
    best.map(|b| b.1).unwrap_or_default()
}

/// The most hexes open at once along `ord`, if more than [`MAX_OPEN`].
fn too_many_open(p: &Problem<'_>, vars: &[(u32, u8, bool)], ord: &[usize]) -> Option<usize> {
    let adj = var_neighbours(p, vars);
    let (max, _) = open_cost(ord, &adj);
    (max > MAX_OPEN).then_some(max)
}

/// The most hexes open at once along `order`, and their sum over the steps.
fn open_cost(order: &[usize], adj: &[Vec<usize>]) -> (usize, usize) {
    let n = order.len();
    let mut pos = vec![0usize; n];
    for (k, v) in order.iter().enumerate() {
        pos[*v] = k;
    }
    let mut delta = vec![0i64; n + 1];
    for v in 0..n {
        let last = adj[v].iter().map(|w| pos[*w]).max().unwrap_or(0);
        if last > pos[v] {
            delta[pos[v]] += 1;
            delta[last] -= 1;
        }
    }
    let (mut open, mut max, mut sum) = (0i64, 0usize, 0usize);
    for d in &delta[..n] {
        open += d;
        max = max.max(open as usize);
        sum += open as usize;
    }
    (max, sum)
}
