//! The chain's heat-bath move: the chips of a small window of hexes (a hex
//! and the hexes of its region around it) drawn
//! again exactly given the rest of the board.
//!
//! The move lists, by a depth-first search, every way to lay the window's
//! chips back on the window's hexes that keeps the chip rules given the
//! chips outside it, and moves to one of them chosen uniformly (reservoir
//! sampling over the list, so nothing is stored). Every board the move can
//! reach from a board `s` has the same window contents as a multiset and
//! the same chips outside, so it can reach exactly the same list: the move
//! from `s` to `s'` and back have the same chance, 1 over the list's
//! length, and the uniform distribution over valid boards stays
//! stationary. The search visits the same tree from every board of the
//! list (the window is emptied first and values are tried in a fixed
//! order), so stopping it after [`MAX_NODES`] steps is decided the same way
//! from each of them: a window too loose to list is skipped from all its
//! boards alike, and the move stays symmetric. Where single swaps are
//! rarely accepted (reds squeezed among fives and nines under a pip cap),
//! this move still finds the few fillings that fit.

use super::super::problem::Problem;
use super::super::state::State;
use super::block::Work;
use crate::rng::{below, Rng};

/// Search steps after which a window is skipped (the same from every
/// board of its list: see the module notes).
pub(crate) const MAX_NODES: u32 = 2_000;
/// The move is made only on maps with at most this many chip hexes: on a
/// large map the local swaps mix (the diagnostics say so), and listing
/// windows there would cost more than it brings (measured: a 331-hex map
/// under the 6/8 rule took 1.6 s with it, 0.24 s without).
pub(crate) const MAX_CHIP_HEXES: usize = 64;

/// One window: hexes that take one face-up region's chips.
pub(crate) struct Window {
    pub cells: Vec<u32>,
}

/// The windows of a problem: for each hex of each region's chip hexes
/// (`chip_of_region`), the region's chip hexes within one ring of it (none
/// on a map with more than [`MAX_CHIP_HEXES`] chip hexes).
pub(crate) fn windows(p: &Problem<'_>, chip_of_region: &[Vec<u32>]) -> Vec<Window> {
    let mut out = Vec::new();
    if chip_of_region.iter().map(Vec::len).sum::<usize>() > MAX_CHIP_HEXES {
        return out;
    }
    let mut member = vec![false; p.n + 1];
    for cells in chip_of_region {
        for x in cells {
            member[*x as usize] = true;
        }
        for x in cells {
            let ball = super::block::ball(p, *x as usize, 1, |m| member[m]);
            if ball.len() >= 3 {
                out.push(Window { cells: ball });
            }
        }
        for x in cells {
            member[*x as usize] = false;
        }
    }
    out
}

/// Draws the chips of window `w` again, uniformly among the fillings that
/// keep the chip rules given the rest of `st`. The window's old chips are
/// saved in `work` (for [`super::block::revert_block`] in chip mode).
/// Whether the board changed.
pub(super) fn heat(
    p: &Problem<'_>,
    st: &mut State,
    work: &mut Work,
    w: &Window,
    rng: &mut Rng,
) -> bool {
    work.cells.clear();
    work.cells.extend(w.cells.iter().copied().filter(|x| st.number[*x as usize] != 0));
    let k = work.cells.len();
    if k < 2 {
        return false;
    }
    work.keep_old(st);
    // The window's values and how many of each, in a fixed order.
    let mut vals: Vec<(u8, u8)> = Vec::with_capacity(k);
    let mut sorted: Vec<u8> = work.old.iter().map(|o| o.1).collect();
    sorted.sort_unstable();
    for v in sorted {
        match vals.last_mut() {
            Some((u, c)) if *u == v => *c += 1,
            _ => vals.push((v, 1)),
        }
    }
    if vals.len() < 2 {
        return false;
    }
    for x in &work.cells {
        st.number[*x as usize] = 0;
    }
    // What the chips outside allow on each hex (a filling must keep the
    // rules with them whatever the window holds), and the hexes in order
    // of fewest values allowed: both read only the chips outside and the
    // window's values, the same from every board of the list.
    let allowed: Vec<u32> = work
        .cells
        .iter()
        .map(|x| {
            let x = *x as usize;
            vals.iter()
                .enumerate()
                .filter(|(_, (v, _))| p.chip_clash(st, x, *v).is_none())
                .fold(0, |m, (j, _)| m | 1 << j)
        })
        .collect();
    let mut order: Vec<usize> = (0..k).collect();
    order.sort_by_key(|i| (allowed[*i].count_ones(), *i));
    let cells: Vec<(u32, u32)> = order.iter().map(|i| (work.cells[*i], allowed[*i])).collect();
    let mut search =
        Search { nodes: 0, found: 0, pick: Vec::with_capacity(k), now: Vec::with_capacity(k) };
    let done = search.fill(p, st, &cells, &mut vals, rng);
    // The filling found, back in the window's own order.
    let mut pick = vec![0; k];
    for (o, i) in order.iter().enumerate() {
        if let Some(v) = search.pick.get(o) {
            pick[*i] = *v;
        }
    }
    let changed = done && search.found > 0 && pick.iter().zip(&work.old).any(|(v, o)| *v != o.1);
    for (i, x) in work.cells.iter().enumerate() {
        st.number[*x as usize] = if changed { pick[i] } else { work.old[i].1 };
    }
    changed
}

/// The depth-first listing of a window's fillings.
struct Search {
    nodes: u32,
    /// Fillings found so far.
    found: u32,
    /// The filling kept (uniform among those found).
    pick: Vec<u8>,
    /// The filling being built.
    now: Vec<u8>,
}

impl Search {
    /// Fills `cells[self.now.len()..]` every way the rules allow; `false`
    /// once the search passed [`MAX_NODES`] steps.
    fn fill(
        &mut self,
        p: &Problem<'_>,
        st: &mut State,
        cells: &[(u32, u32)],
        vals: &mut [(u8, u8)],
        rng: &mut Rng,
    ) -> bool {
        let i = self.now.len();
        if i == cells.len() {
            self.found += 1;
            if below(rng, self.found) == 0 {
                self.pick.clear();
                self.pick.extend_from_slice(&self.now);
            }
            return true;
        }
        let (x, allowed) = (cells[i].0 as usize, cells[i].1);
        for j in 0..vals.len() {
            let (v, c) = vals[j];
            if c == 0 || allowed & 1 << j == 0 {
                continue;
            }
            self.nodes += 1;
            if self.nodes > MAX_NODES {
                return false;
            }
            if p.chip_clash(st, x, v).is_some() {
                continue;
            }
            st.number[x] = v;
            vals[j].1 -= 1;
            self.now.push(v);
            let go_on = self.fill(p, st, cells, vals, rng);
            self.now.pop();
            vals[j].1 += 1;
            st.number[x] = 0;
            if !go_on {
                return false;
            }
        }
        true
    }
}
