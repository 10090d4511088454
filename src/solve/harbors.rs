//! Stage 3c: deal the harbor pool onto the random harbor hexes and turn every
//! harbor toward land.

use super::{PlacedHarbor, Solver, Work};
use crate::model::{board::NONE, ConstraintId, HarborSpec};
use crate::rng::{below, shuffle, Rng};
use crate::vocab::{HarborKind, Terrain};

impl Solver<'_> {
    /// Places harbors; `None` when some harbor has no land to face on this terrain.
    pub(crate) fn place_harbors(&self, w: &mut Work, rng: &mut Rng) -> Option<Vec<PlacedHarbor>> {
        let cells = &self.map.cells;
        let mut pool: Vec<HarborKind> = self.map.harbor_pool.clone();
        shuffle(rng, &mut pool);
        let mut pool = pool.into_iter();
        // Harbor tiles dealt from region pools, per region.
        let mut region_kinds: Vec<std::vec::IntoIter<HarborKind>> = self
            .map
            .regions
            .iter()
            .map(|r| {
                let mut k = r.harbors.clone();
                shuffle(rng, &mut k);
                k.into_iter()
            })
            .collect();
        let mut out = Vec::new();
        for (i, cell) in cells.iter().enumerate() {
            let (kind, facing, face_down) = if let Some(HarborSpec { kind, facing }) = cell.harbor {
                (kind.or_else(|| pool.next())?, facing, false)
            } else if w.terrain[i] == Terrain::Harbor as u8 {
                let r = self.cell_region[i] as usize;
                let kind = region_kinds.get_mut(r)?.next()?;
                (kind, None, self.map.regions[r].face_down)
            } else {
                continue;
            };
            let toward = if face_down {
                None
            } else if let Some(dir) = facing {
                let n = self.nbrs(i)[dir.index()];
                if n == NONE || !Terrain::ALL[w.terrain[n as usize] as usize].is_land() {
                    w.rejections[ConstraintId::HarborFacesLand.index()] += 1;
                    return None;
                }
                Some(cells[n as usize].hex)
            } else {
                let mut land = [0u16; 6];
                let mut k = 0;
                for n in self.nbrs(i) {
                    if *n != NONE && Terrain::ALL[w.terrain[*n as usize] as usize].is_land() {
                        land[k] = *n;
                        k += 1;
                    }
                }
                if k == 0 {
                    w.rejections[ConstraintId::HarborFacesLand.index()] += 1;
                    return None;
                }
                Some(cells[land[below(rng, k as u32) as usize] as usize].hex)
            };
            out.push(PlacedHarbor { hex: cell.hex, toward, kind });
        }
        Some(out)
    }
}
