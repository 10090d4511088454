//! The layout side of the last guard: a layout's own fields (positions,
//! regions, flags, harbor kinds, face-down chip stacks) read into the
//! guard's tables, and the detailed explanation of a board it refused.

use super::{bump, kind_index, Guard, PER_REGION};
use crate::model::oracle::NO_HARBOR;
use crate::solve::check::{violations, Rule, Violation};
use crate::solve::guard::BrokenBoard;
use crate::solve::Layout;
use crate::vocab::Terrain;

impl Guard<'_> {
    /// Every problem of a board the fast check refused, in detail.
    pub(crate) fn explain(&mut self, layout: &Layout) -> BrokenBoard {
        let mut problems = Vec::new();
        if layout.hexes.len() == self.map.cells.len() {
            problems = violations(self.map, &self.c, layout);
            problems.extend(self.lost_locks(layout));
        } else {
            problems.push(Violation {
                rule: Rule::Fixed,
                at: vec![],
                detail: "the layout's hexes are not the map's".into(),
            });
        }
        if problems.is_empty() {
            // Only the fast check saw it (harbors out of board order, a
            // region or flag of the layout that disagrees with the map).
            problems.push(Violation {
                rule: Rule::Harbors,
                at: vec![],
                detail: "the layout's own fields disagree with its map".into(),
            });
        }
        BrokenBoard { seed: layout.seed, problems }
    }

    fn lost_locks(&self, layout: &Layout) -> Vec<Violation> {
        self.locks
            .iter()
            .filter(|l| {
                !layout
                    .hexes
                    .iter()
                    .any(|h| h.hex == l.hex && h.terrain == l.terrain && h.number == l.number)
            })
            .map(|l| Violation {
                rule: Rule::Locked,
                at: vec![l.hex],
                detail: "a locked hex lost its terrain or chip".into(),
            })
            .collect()
    }

    /// Reads a layout into the tables, checking its own fields on the way,
    /// then checks the tables.
    pub(super) fn layout_holds(&mut self, layout: &Layout) -> bool {
        let n = self.n;
        if layout.hexes.len() != n || layout.regions.len() != self.map.regions.len() {
            return false;
        }
        let mut bad = false;
        let hexes = &layout.hexes[..n];
        let cells = &self.map.cells[..n];
        let (region, fixed) = (&self.region[..n], &self.fixed[..n]);
        let (face_down, terrain, number) =
            (&self.board.face_down[..n], &mut self.board.terrain[..n], &mut self.board.number[..n]);
        for i in 0..n {
            let h = &hexes[i];
            terrain[i] = h.terrain.index() as u8;
            number[i] = h.number.unwrap_or(0);
            bad |= (h.hex != cells[i].hex)
                | (h.region != region[i])
                | (h.fixed != fixed[i])
                | (h.face_down != face_down[i]);
        }
        // Harbors come in board order: kinds from their pools, fixed ones
        // kept, a facing recorded for each face-up one.
        self.kinds.fill(0);
        self.board.harbors.clear();
        for w in &self.harbor_cells {
            self.board.harbor[w.cell as usize] = NO_HARBOR;
        }
        let mut next = layout.harbors.iter();
        for w in &self.harbor_cells {
            let i = w.cell as usize;
            if !w.site && layout.hexes[i].terrain != Terrain::Harbor {
                continue;
            }
            let Some(h) = next.next() else { return false };
            bad |= h.hex != cells[i].hex;
            match w.kind {
                Some(k) => bad |= k != h.kind,
                None => bump(&mut self.kinds, w.pool as usize * 6 + kind_index(h.kind)),
            }
            crate::solve::check::set_harbor(&mut self.board, i, h);
        }
        bad |= next.next().is_some() || self.kinds != self.want_kinds;
        // Face-down stacks hold the chips of their regions.
        self.counts.fill(0);
        for (ri, (r, info)) in self.map.regions.iter().zip(&layout.regions).enumerate() {
            if r.face_down {
                for v in &info.chip_stack {
                    bad |= !crate::vocab::is_chip_number(i64::from(*v));
                    bump(&mut self.counts, ri * PER_REGION + 17 + usize::from(*v));
                }
            }
        }
        if bad {
            return false;
        }
        let board = std::mem::take(&mut self.board);
        let ok = self.tables_hold_counted(
            &board.terrain,
            &board.number,
            &board.face_down,
            &board.harbor,
            &board.harbors,
        );
        self.board = board;
        ok
    }
}
