//! The walkable table of counted chip layouts: per step, every live
//! state's edges with their running counts, walked down to draw layouts
//! uniformly.

use rand_core::RngCore;

use super::plan::{self, CHIPLESS};
use super::{TooBig, MAX_STATES};
use crate::rng::{below, Rng};

/// A count type of the table: `u64` when every count fits, else `u128`.
pub(crate) trait Cum: Copy + Ord + Default + std::ops::Sub<Output = Self> {
    fn of(x: u128) -> Self;
    fn below(rng: &mut Rng, n: Self) -> Self;
}

impl Cum for u64 {
    fn of(x: u128) -> u64 {
        x as u64
    }
    fn below(rng: &mut Rng, n: u64) -> u64 {
        below_u128(rng, u128::from(n)) as u64
    }
}

impl Cum for u128 {
    fn of(x: u128) -> u128 {
        x
    }
    fn below(rng: &mut Rng, n: u128) -> u128 {
        below_u128(rng, n)
    }
}

/// One way out of a state: the completions up to and including it (summed
/// over the state's earlier edges), where the next state's edges lie in the
/// next step's array, and the symbol.
#[derive(Clone, Copy, Debug)]
pub(super) struct Edge<C> {
    cum: C,
    next: u32,
    len: u16,
    sym: u8,
}

/// The walkable table: per step, every live state's edges side by side.
pub(super) struct Table<C> {
    pub(super) steps: Vec<Vec<Edge<C>>>,
    /// Edges of the first state (at offset 0 of step 0).
    pub(super) root: u16,
    pub(super) total: C,
}

impl<C: Cum> Table<C> {
    /// Walks `k` layouts at once (their memory loads overlap); layout `j`
    /// goes to `out[j * n..(j + 1) * n]`.
    pub(super) fn walk(&self, rng: &mut Rng, out: &mut [u8], k: usize, n: usize) {
        const MAX: usize = 16;
        let k = k.min(MAX);
        let mut r = [C::default(); MAX];
        let mut at = [(0u32, self.root); MAX];
        for x in r.iter_mut().take(k) {
            *x = C::below(rng, self.total);
        }
        for (i, step) in self.steps.iter().enumerate() {
            for j in 0..k {
                let (off, len) = at[j];
                let edges = &step[off as usize..off as usize + len as usize];
                let mut prev = C::default();
                for e in edges {
                    if r[j] < e.cum {
                        out[j * n + i] = e.sym;
                        r[j] = r[j] - prev;
                        at[j] = (e.next, e.len);
                        break;
                    }
                    prev = e.cum;
                }
            }
        }
    }
}

impl<C> Table<C> {
    /// The distinct kinds (0 chipless, 1 gold, 2 plain) per step over all
    /// layouts, at most `limit` of them (else `None`).
    pub(super) fn places(&self, limit: usize) -> Option<Vec<Vec<u8>>> {
        use std::collections::{BTreeSet, HashMap};
        let mut names: Vec<Vec<u8>> = vec![Vec::new()];
        let mut here: BTreeSet<(u32, u16, u32)> = BTreeSet::from([(0, self.root, 0)]);
        for step in &self.steps {
            let mut ids: HashMap<Vec<u8>, u32> = HashMap::new();
            let mut next_names: Vec<Vec<u8>> = Vec::new();
            let mut next = BTreeSet::new();
            for (off, len, name) in &here {
                for e in &step[*off as usize..*off as usize + *len as usize] {
                    let kind = match e.sym {
                        CHIPLESS => 0,
                        s if s & plan::GOLD != 0 => 1,
                        _ => 2,
                    };
                    let mut k = names[*name as usize].clone();
                    k.push(kind);
                    let len_now = next_names.len() as u32;
                    let id = *ids.entry(k.clone()).or_insert_with(|| {
                        next_names.push(k);
                        len_now
                    });
                    next.insert((e.next, e.len, id));
                }
            }
            if next_names.len() > limit || next.len() > MAX_STATES {
                return None;
            }
            names = next_names;
            here = next;
        }
        Some(names)
    }
}

/// The walkable table of the backward sweep's edges.
pub(super) fn table<C: Cum>(
    first: &[Vec<u32>],
    edges: &[Vec<(u128, u32, u8)>],
    total: u128,
) -> Result<Table<C>, TooBig> {
    let n = first.len();
    let mut steps = Vec::with_capacity(n);
    for (i, here) in edges.iter().enumerate().take(n) {
        let next = first.get(i + 1);
        let step: Vec<Edge<C>> = here
            .iter()
            .map(|(cum, s, sym)| {
                let (next, len) = match next {
                    Some(f) => (f[*s as usize], f[*s as usize + 1] - f[*s as usize]),
                    None => (0, 0),
                };
                Ok(Edge {
                    cum: C::of(*cum),
                    next,
                    len: u16::try_from(len).map_err(|_| TooBig::States)?,
                    sym: *sym,
                })
            })
            .collect::<Result<_, TooBig>>()?;
        steps.push(step);
    }
    let root = first.first().map_or(0, |f| f.get(1).copied().unwrap_or(0));
    Ok(Table { steps, root: u16::try_from(root).map_err(|_| TooBig::States)?, total: C::of(total) })
}

/// A uniform integer in `0..n` (`n > 0`).
pub(crate) fn below_u128(rng: &mut Rng, n: u128) -> u128 {
    if n <= u128::from(u32::MAX) {
        return u128::from(below(rng, n as u32));
    }
    let bits = 128 - (n - 1).leading_zeros();
    loop {
        let x = (u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64())) >> (128 - bits);
        if x < n {
            return x;
        }
    }
}
