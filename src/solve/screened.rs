//! A draw that shows its board to a caller before the layout is built
//! ([`Solver::solve_screened`]). Rejection over the solver's boards (the
//! fairness bar of `--balanced`) refuses most boards at a glance at their
//! terrain and chips; a refused board's layout (its hexes, harbor kinds,
//! labels and regions) is then never built, copied or dropped.
//!
//! The board is the one [`Solver::solve_with`] draws for the same seed: the
//! same deals from the same stream; only the layout of a refused board is
//! left out, and the stream it would have drawn harbor kinds from belongs to
//! that seed alone.

use super::problem::UNSET;
use super::{Budget, Layout, Method, Sampler, Scratch, SolveError, SolveOptions, Solver};
use crate::vocab::Terrain;

/// A board as the solver dealt it, before its layout is built: cell `i` is
/// hex `i` of the layout it becomes ([`Layout::hexes`]).
pub struct Dealt<'b> {
    terrain: &'b [u8],
    number: &'b [u8],
}

impl Dealt<'_> {
    /// Cells on the board (the layout's hexes).
    pub fn len(&self) -> usize {
        self.terrain.len()
    }

    /// Whether the board has no cell.
    pub fn is_empty(&self) -> bool {
        self.terrain.is_empty()
    }

    /// The terrain of cell `i`: the layout's `hexes[i].terrain`.
    #[inline]
    pub fn terrain(&self, i: usize) -> Terrain {
        Terrain::ALL[usize::from(self.terrain[i])]
    }

    /// The chip on cell `i`: the layout's `hexes[i].number`.
    #[inline]
    pub fn number(&self, i: usize) -> Option<u8> {
        let n = self.number[i];
        (n != 0).then_some(n)
    }

    /// Every cell's terrain and chip, in board order ([`Dealt::terrain`],
    /// [`Dealt::number`]).
    #[inline]
    pub fn cells(&self) -> impl Iterator<Item = (Terrain, Option<u8>)> + '_ {
        self.terrain
            .iter()
            .zip(self.number)
            .map(|(t, n)| (Terrain::ALL[usize::from(*t)], (*n != 0).then_some(*n)))
    }
}

impl Solver<'_> {
    /// [`Solver::solve_with`], showing the board to `screen` before its
    /// layout is built: `Ok(None)` when `screen` refuses it, else the layout
    /// `solve_with` returns for the same seed. Only the rejection sampler
    /// (the method of most built-ins) asks `screen`; the other methods
    /// build every board, so a caller keeps its own check of the layout.
    pub fn solve_screened(
        &self,
        scratch: &mut Scratch,
        seed: u64,
        opts: &SolveOptions,
        screen: impl FnOnce(&Dealt<'_>) -> bool,
    ) -> Result<Option<Layout>, SolveError> {
        if self.refused.is_some() || self.markov.is_some() || self.method != Method::Rejection {
            return self.solve_with(scratch, seed, opts).map(Some);
        }
        // The rejection branch of `Solver::draw`, with the screen before
        // the layout.
        let mut budget = Budget::new(opts);
        let (ex, mut rng, deals) = self.rejection_deal(scratch, seed, &mut budget)?;
        // The map's cells (stack cells are no hexes to screen).
        let n = self.p.n_map;
        let dealt = Dealt { terrain: &ex.st.terrain[..n], number: &ex.st.number[..n] };
        debug_assert!(dealt.terrain.iter().all(|t| *t != UNSET));
        if !screen(&dealt) {
            return Ok(None);
        }
        let sampler = Sampler::Rejection { deals };
        Ok(Some(self.build(&ex.st, &mut rng, seed, sampler, budget.nodes, 1)))
    }
}

#[cfg(test)]
mod tests {
    use crate::solve::{SolveOptions, Solver};

    /// Every built-in at every player count: a screen that takes every
    /// board sees the layout's terrain and chips and gets `solve_with`'s
    /// layout; one that refuses every board gets none; the scratch holds
    /// nothing from one seed to the next.
    #[test]
    fn a_screened_draw_is_the_plain_draw_and_shows_its_board() {
        let opts = SolveOptions::default();
        for id in crate::builtin::ids() {
            let s = crate::model::load(&crate::builtin::source(id).expect("built-in"))
                .expect("valid built-in");
            for map in &s.maps {
                let solver = Solver::new(map, &s.constraints);
                let (mut plain, mut screened) = (solver.scratch(), solver.scratch());
                for seed in 0..40u64 {
                    let want = solver.solve_with(&mut plain, seed, &opts).expect("a board");
                    let mut seen = None;
                    let got = solver
                        .solve_screened(&mut screened, seed, &opts, |d| {
                            let cells: Vec<_> =
                                (0..d.len()).map(|i| (d.terrain(i), d.number(i))).collect();
                            assert!(d.cells().eq(cells.iter().copied()));
                            seen = Some(cells);
                            true
                        })
                        .expect("a board")
                        .expect("the screen took it");
                    assert_eq!(got, want, "{id} seed {seed}");
                    if let Some(cells) = seen {
                        let hexes: Vec<_> =
                            want.hexes.iter().map(|h| (h.terrain, h.number)).collect();
                        assert_eq!(cells, hexes, "{id} seed {seed}");
                    }
                    let refused = solver
                        .solve_screened(&mut screened, seed, &opts, |_| false)
                        .expect("no error");
                    let asked = solver.method() == crate::solve::Method::Rejection;
                    assert_eq!(refused.is_none(), asked, "{id} seed {seed}");
                }
            }
        }
    }
}
