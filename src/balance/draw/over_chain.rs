//! The pilot and rejection of a bar on a map that only the solver's Markov
//! chain draws: successive boards of one chain run
//! ([`crate::solve::Solver::chain_boards`]) instead of a fresh run per
//! board (see the parent module's docs).

use super::{
    BarDraw, BarError, BarMethod, BarSampler, Local, Seen, PILOT_CLEARS, PILOT_SEED, START_WALKS,
};
use crate::solve::{ChainBoards, Layout, SolveError};

impl<'s, 'a> BarSampler<'s, 'a> {
    /// The chain run for `seed`, `thin` steps between boards.
    fn chain_run(&self, seed: u64, thin: u64) -> Result<ChainBoards<'s, 'a>, SolveError> {
        match self.solver.chain_boards(seed, thin, &self.opts)? {
            Some(run) => Ok(run),
            None => unreachable!("`over_chain` is set only where the chain draws"),
        }
    }

    /// The pilot over one chain run (seed [`PILOT_SEED`]): board `j` is the
    /// run's `j`-th. Keeps the [`START_WALKS`] boards closest to the bar
    /// (the first that cleared among them), which are all that
    /// [`BarSampler::search_start`] and the restricted chain's start ask for.
    pub(super) fn run_chain_pilot(
        &mut self,
        max: u64,
        thin: u64,
    ) -> Result<(Vec<Seen>, Option<u64>), BarError> {
        let mut run = self.chain_run(PILOT_SEED, thin)?;
        let mut local = Local::default();
        let mut seen: Vec<Seen> = Vec::new();
        let mut first = None;
        let mut closest: Vec<(f64, u64, Layout)> = Vec::new();
        while self.pilot.boards < max.max(1) && self.pilot.cleared < PILOT_CLEARS {
            let j = self.pilot.boards;
            let l = run.next_board()?;
            let x = self.seen(&l, &mut local);
            self.pilot.boards += 1;
            if x.cleared {
                self.pilot.cleared += 1;
                first.get_or_insert(j);
            }
            // Ordered by excess, then index, as the start search orders them.
            let at =
                closest.partition_point(|(e, k, _)| e.total_cmp(&x.excess).then(k.cmp(&j)).is_lt());
            if at < START_WALKS as usize {
                closest.insert(at, (x.excess, j, l));
                closest.truncate(START_WALKS as usize);
            }
            seen.push(x);
        }
        self.kept = closest.into_iter().map(|(_, j, l)| (j, l)).collect();
        Ok((seen, first))
    }

    /// Rejection over the chain run for `seed`: its boards, `thin` steps
    /// apart, until one clears the bar (measured as
    /// [`BarSampler::reject`] measures).
    pub(super) fn reject_over_chain(
        &self,
        local: &mut Local,
        seed: u64,
        thin: u64,
    ) -> Result<BarDraw, BarError> {
        let cap = (200 * self.pilot.boards / self.pilot.cleared.max(1)).max(1_000_000);
        let mut run = self.chain_run(seed, thin)?;
        let b = &self.bar;
        for j in 0..cap {
            let layout = run.next_board()?;
            if self.eval.surely_misses(&layout, b.red_same_resource, b.corner_max)
                || !self.clears(&layout, local)
            {
                continue;
            }
            // `clears` measured the seats when the bar reads them.
            if !b.needs_seats() && !self.eval.scores_seats() {
                self.eval.seats_into(&layout, &mut local.scratch, &mut local.m);
            }
            self.eval.finish_into(&layout, &mut local.scratch, &mut local.m);
            return Ok(BarDraw {
                layout,
                measures: std::mem::take(&mut local.m),
                method: BarMethod::RejectionOverChain { thin },
                candidates: j + 1,
                candidate_seed: None,
                run: None,
            });
        }
        Err(BarError::GaveUp { tried: cap })
    }
}
