//! The harbor rules of the board check: a face-up harbor faces land it may
//! face, lands off fishing grounds and apart from other harbors, tracked
//! per corner within one scan.

use std::ops::ControlFlow;

use super::{clash, Clash, Oracle, View, FISHING, OPEN, UNSET};
use crate::model::board::NONE;
use crate::model::ConstraintId;

impl Oracle<'_> {
    /// The harbor that landed on corner `k` in this scan ([`NONE`]: none).
    fn owner(&self, k: u32) -> u32 {
        match self.owner_at[k as usize] == self.scans {
            true => self.owner[k as usize],
            false => NONE,
        }
    }

    /// Checks the harbor rules in one scan: the harbors whose facing is
    /// decided take their corners first, then the ones still to be turned
    /// are checked against them.
    pub(super) fn harbors(
        &mut self,
        v: &View<'_>,
        f: &mut dyn FnMut(Clash) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.scans = self.scans.wrapping_add(1);
        if self.scans == 0 {
            self.owner_at.iter_mut().for_each(|s| *s = 0);
            self.scans = 1;
        }
        self.facing_harbors(v, f)?;
        self.open_harbors(v, f)
    }

    /// Harbors whose facing is decided: they face land they may face, and
    /// take their corners (off fishing grounds, apart from each other).
    fn facing_harbors(
        &mut self,
        v: &View<'_>,
        f: &mut dyn FnMut(Clash) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let apart = self.c.harbors_apart;
        let off_fishing = self.fishing && self.c.harbors_off_fishing_grounds;
        for &i in v.harbors {
            let i = i as usize;
            let d = v.harbor[i];
            if d >= OPEN {
                continue;
            }
            let j = self.board.neighbors[i][usize::from(d)];
            if !self.may_face(v, j) {
                let mut cells = vec![i as u32];
                if j != NONE {
                    cells.push(j);
                }
                f(clash(ConstraintId::HarborFacesLand, cells, 0))?;
            }
            for k in self.landing(i, d) {
                if k == NONE {
                    continue;
                }
                if off_fishing {
                    if let Some(m) = self.fishing_at(v, k) {
                        f(clash(ConstraintId::HarborsOffFishing, vec![i as u32, m], 0))?;
                    }
                }
                let other = self.owner(k);
                if other == NONE {
                    self.owner[k as usize] = i as u32;
                    self.owner_at[k as usize] = self.scans;
                } else if apart && other != i as u32 {
                    f(clash(ConstraintId::HarborsApart, vec![i as u32, other], 0))?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Harbors still to be turned: on a whole board they face nothing; on a
    /// partial one they clash only when every side is ruled out.
    fn open_harbors(
        &self,
        v: &View<'_>,
        f: &mut dyn FnMut(Clash) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for &i in v.harbors {
            let i = i as usize;
            if v.harbor[i] != OPEN {
                continue;
            }
            if v.whole {
                f(clash(ConstraintId::HarborFacesLand, vec![i as u32], 0))?;
                continue;
            }
            let mut why: Option<(ConstraintId, Vec<u32>)> = None;
            let mut open = false;
            for d in 0..6u8 {
                let j = self.board.neighbors[i][usize::from(d)];
                if !self.may_face(v, j) {
                    continue;
                }
                match self.side_blocked(v, i, d) {
                    None => {
                        open = true;
                        break;
                    }
                    Some((rule, m)) => {
                        let w = why.get_or_insert_with(|| (rule, vec![i as u32]));
                        if !w.1.contains(&m) {
                            w.1.push(m);
                        }
                    }
                }
            }
            if !open {
                let (rule, cells) = why.unwrap_or((ConstraintId::HarborFacesLand, vec![i as u32]));
                f(clash(rule, cells, 0))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Why a harbor on cell `i` may not face side `d`: a corner it would
    /// land on touches a fishing ground, or another harbor took it (the
    /// rule and the cell in the way); `None` when it may.
    #[inline]
    fn side_blocked(&self, v: &View<'_>, i: usize, d: u8) -> Option<(ConstraintId, u32)> {
        let apart = self.c.harbors_apart;
        let off_fishing = self.fishing && self.c.harbors_off_fishing_grounds;
        for k in self.landing(i, d) {
            if k == NONE {
                continue;
            }
            if off_fishing {
                if let Some(m) = self.fishing_at(v, k) {
                    return Some((ConstraintId::HarborsOffFishing, m));
                }
            }
            let other = self.owner(k);
            if apart && other != NONE && other != i as u32 {
                return Some((ConstraintId::HarborsApart, other));
            }
        }
        None
    }

    /// Whether a harbor may face cell `j` as far as is known: on the map,
    /// face up, and land (or not dealt yet and possibly land).
    fn may_face(&self, v: &View<'_>, j: u32) -> bool {
        if j == NONE || v.face_down[j as usize] {
            return false;
        }
        let t = v.terrain[j as usize];
        match t {
            UNSET => v.unknown_land.get(j as usize).copied().unwrap_or(true),
            _ => self.land.get(usize::from(t)).copied().unwrap_or(false),
        }
    }

    /// The two corners a harbor on cell `i` facing `d` lands on.
    fn landing(&self, i: usize, d: u8) -> [u32; 2] {
        const BEFORE: [usize; 6] = [5, 0, 1, 2, 3, 4];
        let d = usize::from(d) % 6;
        [self.board.corner_at[i][BEFORE[d]], self.board.corner_at[i][d]]
    }

    /// A fishing ground at corner `k`, if one is known there.
    fn fishing_at(&self, v: &View<'_>, k: u32) -> Option<u32> {
        self.board.corners[k as usize]
            .iter()
            .copied()
            .find(|m| *m != NONE && v.terrain[*m as usize] == FISHING)
    }
}
