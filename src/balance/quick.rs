//! The bar's quick check: whether a board surely misses the two
//! thresholds cheapest to check and most often missed (`red_same_resource`
//! and `corner_max`), from its terrain and chips alone. Rejection asks it
//! of the solver's board before its layout is built
//! ([`crate::solve::Solver::solve_screened`]), so most refused boards cost
//! only their deal.

use super::measures::{Evaluator, Scratch};
use crate::solve::{Dealt, Layout};
use crate::vocab::{is_red, pips, Terrain};

/// A water cell's place in the quick check's pips (no chip has so many).
const WATER: u8 = u8::MAX;

impl Evaluator<'_> {
    /// Whether `layout` surely misses a bar with these thresholds of
    /// `red_same_resource` and `corner_max`: `false` says nothing.
    /// Rejection sampling asks it before measuring a board in full.
    pub fn surely_misses(
        &self,
        layout: &Layout,
        red_same_resource: Option<f64>,
        corner_max: Option<f64>,
    ) -> bool {
        let hx = &layout.hexes;
        let (terrain, number) = (|i: usize| hx[i].terrain, |i: usize| hx[i].number);
        self.quick_misses(hx.len(), terrain, number, red_same_resource, corner_max)
    }

    /// [`Evaluator::surely_misses`] of a board the solver dealt, before
    /// its layout is built: the same answer as for that layout. The red
    /// chips are counted first (most boards miss there); only then are
    /// each cell's pips put in `scratch` ([`WATER`] on water) for the
    /// corners.
    pub fn surely_misses_dealt(
        &self,
        board: &Dealt<'_>,
        scratch: &mut Scratch,
        red_same_resource: Option<f64>,
        corner_max: Option<f64>,
    ) -> bool {
        if let Some(limit) = red_same_resource {
            let mut red = [0u32; 5];
            for (t, n) in board.cells() {
                if n.is_some_and(is_red) {
                    if let Some(r) = t.resource() {
                        red[r as usize] += 1;
                    }
                }
            }
            let pairs: u32 = red.iter().map(|n| n * n.saturating_sub(1) / 2).sum();
            if f64::from(pairs.saturating_sub(self.red_forced)) > limit + 1e-9 {
                return true;
            }
        }
        if let Some(limit) = corner_max {
            let pip = &mut scratch.pip;
            pip.clear();
            pip.extend(board.cells().map(|(t, n)| match t.is_land() {
                true => n.map_or(0, pips),
                false => WATER,
            }));
            for c in &self.full_corners {
                let [a, b, d] = c.map(|m| pip[m as usize]);
                if a == WATER || b == WATER || d == WATER {
                    continue;
                }
                if f64::from(u32::from(a) + u32::from(b) + u32::from(d)) > limit + 1e-9 {
                    return true;
                }
            }
        }
        false
    }

    /// The check, on cells `0..n` read through `terrain` and `number`.
    #[inline]
    fn quick_misses(
        &self,
        n: usize,
        terrain: impl Fn(usize) -> Terrain,
        number: impl Fn(usize) -> Option<u8>,
        red_same_resource: Option<f64>,
        corner_max: Option<f64>,
    ) -> bool {
        if let Some(limit) = red_same_resource {
            let mut red = [0u32; 5];
            for i in 0..n {
                if number(i).is_some_and(is_red) {
                    if let Some(r) = terrain(i).resource() {
                        red[r as usize] += 1;
                    }
                }
            }
            let pairs: u32 = red.iter().map(|n| n * n.saturating_sub(1) / 2).sum();
            if f64::from(pairs.saturating_sub(self.red_forced)) > limit + 1e-9 {
                return true;
            }
        }
        if let Some(limit) = corner_max {
            let pip = |m: u32| {
                let m = m as usize;
                terrain(m).is_land().then(|| u32::from(number(m).map_or(0, pips)))
            };
            for c in &self.full_corners {
                let (Some(a), Some(b), Some(d)) = (pip(c[0]), pip(c[1]), pip(c[2])) else {
                    continue;
                };
                if f64::from(a + b + d) > limit + 1e-9 {
                    return true;
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use crate::balance::Evaluator;
    use crate::solve::{SolveOptions, Solver};

    /// On rejection-drawn built-ins and a range of thresholds, the check
    /// of the dealt board answers as the check of its layout, and both
    /// answer "misses" only for boards whose measures do miss.
    #[test]
    fn the_dealt_board_and_its_layout_get_the_same_answer() {
        let opts = SolveOptions::default();
        let limits = [None, Some(0.0), Some(1.0), Some(2.0)];
        let corners = [None, Some(9.0), Some(11.0), Some(12.0), Some(13.0)];
        let (mut refused, mut taken) = (0, 0);
        for id in ["base", "base-5-6", "gold-for-catan", "seven-islands", "fishermen"] {
            let s = crate::model::load(&crate::builtin::source(id).expect("built-in"))
                .expect("valid built-in");
            for map in &s.maps {
                let solver = Solver::new(map, &s.constraints);
                let eval = Evaluator::new(map);
                let mut sc = solver.scratch();
                let mut scratch = crate::balance::measures::Scratch::default();
                for seed in 0..60u64 {
                    let layout = solver.solve_with(&mut sc, seed, &opts).expect("a board");
                    let m = eval.measure(&layout);
                    for red in limits {
                        for corner in corners {
                            let mut answer = None;
                            solver
                                .solve_screened(&mut sc, seed, &opts, |d| {
                                    answer = Some(eval.surely_misses_dealt(
                                        d,
                                        &mut scratch,
                                        red,
                                        corner,
                                    ));
                                    true
                                })
                                .expect("a board");
                            let want = eval.surely_misses(&layout, red, corner);
                            if let Some(a) = answer {
                                assert_eq!(a, want, "{id} seed {seed} {red:?} {corner:?}");
                            }
                            let over = |v: f64, l: Option<f64>| l.is_some_and(|l| v > l + 1e-9);
                            let misses = over(f64::from(m.red_same_beyond()), red)
                                || over(f64::from(m.corner_max), corner);
                            assert_eq!(want, misses, "{id} seed {seed} {red:?} {corner:?}");
                            refused += usize::from(want);
                            taken += usize::from(!want);
                        }
                    }
                }
            }
        }
        assert!(refused > 100 && taken > 100, "{refused} refused, {taken} taken");
    }
}
