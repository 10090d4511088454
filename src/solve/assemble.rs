//! The layout of a drawn board: harbor kinds and face-down chip stacks
//! dealt from the sampler's stream, and every hex, harbor and region put
//! into a [`Layout`].

use super::problem::NO_DIR;
use super::state::State;
use super::{Layout, PlacedHarbor, PlacedHex, RegionInfo, Sampler, SolveStats, Solver};
use crate::model::{board::NONE, CellContent};
use crate::rng::shuffle;
use crate::vocab::Terrain;

impl Solver<'_> {
    /// The layout of board `st`, with harbor kinds and face-down chip stacks
    /// drawn from `rng` (the sampler's stream, after the board).
    pub(super) fn build(
        &self,
        st: &State,
        rng: &mut crate::rng::Rng,
        seed: u64,
        sampler: Sampler,
        nodes: u64,
        attempts: u32,
    ) -> Layout {
        // Harbor kinds first, then the chip stacks: the stream's order.
        let harbors = self.placed_harbors(st, rng);
        let regions = self.region_infos(st, rng);
        Layout {
            scenario: String::new(),
            title: String::new(),
            players: 0,
            seed,
            hexes: self.placed_hexes(st),
            harbors,
            regions,
            labels: self.labels.clone(),
            rolls: self.rolls.clone(),
            castaways: self.castaways.clone(),
            sides: self.sides.clone(),
            constraints: self.p.given.clone(),
            sampler,
            stats: SolveStats { terrain_attempts: attempts, nodes },
        }
    }

    /// The harbors of board `st`. Harbor kinds: the map's pool over its
    /// random harbor sites, each region's kinds over its harbor tiles, in
    /// board order.
    fn placed_harbors(&self, st: &State, rng: &mut crate::rng::Rng) -> Vec<PlacedHarbor> {
        let p = &self.p;
        let map = p.map;
        let mut pool = p.pool_kinds.clone();
        shuffle(rng, &mut pool);
        let mut pool = pool.into_iter();
        let mut region_kinds: Vec<_> = p
            .regions
            .iter()
            .map(|r| {
                let mut k = r.kinds.clone();
                shuffle(rng, &mut k);
                k.into_iter()
            })
            .collect();
        let mut harbors = Vec::new();
        for (i, cell) in map.cells.iter().enumerate() {
            let kind = if let Some(h) = cell.harbor {
                h.kind.or_else(|| pool.next())
            } else if st.terrain[i] == Terrain::Harbor as u8 && p.cell_region[i] != NONE {
                region_kinds[p.cell_region[i] as usize].next()
            } else {
                continue;
            };
            let Some(kind) = kind else { continue };
            let toward = (st.hdir[i] != NO_DIR)
                .then(|| map.cells[p.nb[i][st.hdir[i] as usize] as usize].hex);
            harbors.push(PlacedHarbor { hex: cell.hex, toward, kind });
        }
        harbors
    }

    /// The regions, each face-down region's chip stack shuffled (a stack
    /// some face-up hexes share a pool with: the chips on its stack cells,
    /// whose order is already uniform; shuffling keeps it so).
    fn region_infos(&self, st: &State, rng: &mut crate::rng::Rng) -> Vec<RegionInfo> {
        let p = &self.p;
        p.map
            .regions
            .iter()
            .zip(&p.regions)
            .enumerate()
            .map(|(ri, (r, plan))| {
                let mut chip_stack = plan.stack.clone();
                for (_, cells) in p.stack_cells.iter().filter(|(g, _)| *g as usize == ri) {
                    chip_stack.extend(cells.clone().map(|x| st.number[x as usize]));
                }
                shuffle(rng, &mut chip_stack);
                RegionInfo {
                    key: r.key.clone(),
                    name: r.name.clone(),
                    face_down: r.face_down,
                    chip_stack,
                    constraints: crate::model::ConstraintId::ALL
                        .into_iter()
                        .filter_map(|id| r.rules.get(id).map(|v| (id, v)))
                        .collect(),
                }
            })
            .collect()
    }

    /// Every hex of board `st`, in board order.
    fn placed_hexes(&self, st: &State) -> Vec<PlacedHex> {
        let p = &self.p;
        (0..p.n_map)
            .map(|i| {
                let cell = &p.map.cells[i];
                let region = (p.cell_region[i] != NONE).then(|| p.map_region(i));
                PlacedHex {
                    hex: cell.hex,
                    terrain: Terrain::ALL[st.terrain[i] as usize],
                    number: (st.number[i] != 0).then_some(st.number[i]),
                    region,
                    fixed: matches!(cell.content, CellContent::Fixed { .. }),
                    face_down: p.face_down[i],
                }
            })
            .collect()
    }
}
