//! Stage 3, solve: a validated map + a seed -> a [`Layout`] that respects
//! every fixed hex, every pool and every placement rule.
//!
//! Three stages, each with its own random stream: terrain, numbers, harbors.
//! Each stage is a randomized depth-first search with constraint checks,
//! restarts, and a node budget, so it finds a layout when one exists for the
//! seed's order and fails in bounded time otherwise, naming the rule that
//! blocked it. The solver is pure: no I/O; an optional deadline is the only
//! clock it reads.

pub mod check;
mod harbors;
mod layout;
mod numbers;
mod terrain;

pub use layout::{Layout, PlacedHarbor, PlacedHex, RegionInfo, SolveStats};

use std::fmt;
use std::time::Instant;

use crate::model::{board::NONE, CellContent, ConstraintId, Constraints, MapDef, Scenario};
use crate::rng::{stage_rng, Stream};
use crate::vocab::Terrain;

/// Search limits.
#[derive(Clone, Copy, Debug)]
pub struct SolveOptions {
    /// Search nodes over all stages and attempts before giving up. At about
    /// 20 ns a node, the default (4 million) bounds a failing search to well
    /// under a second.
    pub max_nodes: u64,
    /// Terrain arrangements to try when numbers or harbors cannot be placed on one.
    pub max_terrain_attempts: u32,
    /// Wall-clock limit, checked every few thousand nodes; `None` keeps the
    /// solver fully deterministic (the CLI sets one as a safety net).
    pub deadline: Option<Instant>,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions { max_nodes: 4_000_000, max_terrain_attempts: 500, deadline: None }
    }
}

/// The solver stage that failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Terrain placement.
    Terrain,
    /// Number chip placement.
    Numbers,
    /// Harbor placement.
    Harbors,
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stage::Terrain => "terrain",
            Stage::Numbers => "number chips",
            Stage::Harbors => "harbors",
        })
    }
}

/// Why the search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Every arrangement was tried: none exists.
    Exhausted,
    /// The node budget ran out.
    Budget,
    /// The deadline passed.
    Deadline,
}

/// A layout could not be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The scenario has no map for this player count.
    #[error("`{scenario}` has no map for {players} players (it has maps for {available:?})")]
    NoMap {
        /// Scenario id.
        scenario: String,
        /// Asked for.
        players: u8,
        /// Supported.
        available: Vec<u8>,
    },
    /// The rules cannot be met.
    #[error("{}", unsat_message(*.stage, *.constraint, *.rejections, *.nodes, *.stop, *.terrain_attempts))]
    Unsatisfiable {
        /// The stage that could not finish.
        stage: Stage,
        /// The rule that rejected the most placements in that stage.
        constraint: Option<ConstraintId>,
        /// How many placements that rule rejected.
        rejections: u64,
        /// Nodes searched in all.
        nodes: u64,
        /// Why the search stopped.
        stop: Stop,
        /// Terrain arrangements tried.
        terrain_attempts: u32,
    },
}

fn unsat_message(
    stage: Stage,
    c: Option<ConstraintId>,
    rej: u64,
    nodes: u64,
    stop: Stop,
    attempts: u32,
) -> String {
    let why = match stop {
        Stop::Exhausted => "no arrangement exists".to_string(),
        Stop::Budget => format!("gave up after {nodes} search steps"),
        Stop::Deadline => format!("ran out of time after {nodes} search steps"),
    };
    let rule = match c {
        Some(c) => format!("; the rule `{c}` blocked {rej} placements"),
        None => String::new(),
    };
    let tries =
        if attempts > 1 { format!(" (on {attempts} terrain arrangements)") } else { String::new() };
    format!("cannot place the {stage}: {why}{tries}{rule}")
}

impl SolveError {
    /// A suggestion for the user.
    pub fn hint(&self) -> String {
        match self {
            SolveError::NoMap { available, .. } => {
                format!("use `--players` with one of {available:?}")
            }
            SolveError::Unsatisfiable { constraint: Some(c), .. } => format!(
                "relax `{c}` in `[constraints]`, or change the pools; another `--seed` may also help when the search merely ran out of budget"
            ),
            SolveError::Unsatisfiable { .. } => {
                "check the region pools against the map, or try another `--seed`".into()
            }
        }
    }
}

/// The scenario's map for a player count, or the error that says which
/// player counts it supports.
pub fn map_for(scenario: &Scenario, players: u8) -> Result<&MapDef, SolveError> {
    scenario.map_for(players).ok_or_else(|| SolveError::NoMap {
        scenario: scenario.meta.id.clone(),
        players,
        available: scenario.meta.players.clone(),
    })
}

/// Lays out the map of `scenario` for `players` from `seed`.
pub fn solve(
    scenario: &Scenario,
    players: u8,
    seed: u64,
    opts: &SolveOptions,
) -> Result<Layout, SolveError> {
    let map = map_for(scenario, players)?;
    let solver = Solver::new(map, &scenario.constraints);
    let mut layout = solver.solve(seed, opts)?;
    layout.scenario = scenario.meta.id.clone();
    layout.title = scenario.meta.title.clone();
    layout.players = players;
    Ok(layout)
}

/// Precomputed search data for one map and rule set; reusable across seeds.
pub struct Solver<'a> {
    map: &'a MapDef,
    c: &'a Constraints,
    /// Fixed terrain per cell (`u8::MAX` for slots).
    fixed_terrain: Vec<u8>,
    /// Printed chip per cell (0 for none).
    fixed_number: Vec<u8>,
    /// Region per cell for slots and chip-drawing fixed hexes (`NONE` otherwise).
    cell_region: Vec<u16>,
    /// Slot cells, board order.
    slots: Vec<u16>,
    /// Neighbours of each cell, with the sentinel index `n` for off-map
    /// (number and pip arrays carry an always-zero slot there).
    nb_s: Vec<[u16; 6]>,
    /// Per corner of each cell: the other two members (sentinel `n` if absent;
    /// cells with fewer corners are padded with sentinel pairs).
    cp_s: Vec<[[u16; 2]; 6]>,
    terrain_rules: bool,
    number_rules: bool,
    /// Whether the terrain deal can change the chip stage (which hexes take
    /// a chip, or where gold is under `gold_no_red`); if not, chips that fail
    /// on one deal fail on all, and retrying the terrain is pointless.
    terrain_shapes_chips: bool,
    /// The map's hex labels, shared by every layout.
    labels: std::sync::Arc<Vec<Option<String>>>,
    /// The map's chipless production rolls, shared by every layout.
    rolls: std::sync::Arc<Vec<Vec<u8>>>,
}

/// Per-run scratch state.
pub(crate) struct Work {
    pub terrain: Vec<u8>,
    /// Chip per cell, plus an always-zero sentinel slot at index `n`.
    pub number: Vec<u8>,
    /// Pips per cell during the chip search (a chip still to come counts 1),
    /// plus the sentinel slot.
    pub pv: Vec<u8>,
    pub nodes: u64,
    pub max_nodes: u64,
    pub deadline: Option<Instant>,
    pub rejections: [u64; 8],
}

pub(crate) const UNSET: u8 = u8::MAX;

/// The outcome of one stage's search.
pub(crate) enum StageResult {
    Done,
    Failed(Stop),
}

impl Work {
    /// Counts a node; tells whether the budget or deadline is spent.
    #[inline]
    pub fn tick(&mut self) -> Option<Stop> {
        self.nodes += 1;
        if self.nodes >= self.max_nodes {
            return Some(Stop::Budget);
        }
        if self.nodes & 0xFFF == 0 {
            if let Some(d) = self.deadline {
                if Instant::now() >= d {
                    return Some(Stop::Deadline);
                }
            }
        }
        None
    }

    fn top_rule(&self, ids: &[ConstraintId]) -> (Option<ConstraintId>, u64) {
        ids.iter()
            .map(|id| (*id, self.rejections[id.index()]))
            .filter(|(_, n)| *n > 0)
            .max_by_key(|(_, n)| *n)
            .map_or((None, 0), |(id, n)| (Some(id), n))
    }
}

impl<'a> Solver<'a> {
    /// Precomputes the search tables for a map under a rule set.
    pub fn new(map: &'a MapDef, c: &'a Constraints) -> Solver<'a> {
        let n = map.cells.len();
        let mut fixed_terrain = vec![UNSET; n];
        let mut fixed_number = vec![0u8; n + 1];
        let mut cell_region = vec![NONE; n];
        let mut slots = Vec::new();
        for (i, cell) in map.cells.iter().enumerate() {
            match cell.content {
                CellContent::Fixed { terrain, number, chip_region } => {
                    fixed_terrain[i] = terrain.index() as u8;
                    fixed_number[i] = number.unwrap_or(0);
                    if let Some(r) = chip_region {
                        cell_region[i] = r as u16;
                    }
                }
                CellContent::Slot { region } => {
                    cell_region[i] = region as u16;
                    slots.push(i as u16);
                }
            }
        }
        let b = &map.board;
        let sentinel = |m: u16| if m == NONE { n as u16 } else { m };
        let nb_s = b.neighbors.iter().map(|ns| ns.map(sentinel)).collect();
        let cp_s = (0..n)
            .map(|i| {
                let mut pairs = [[n as u16; 2]; 6];
                for (k, ci) in b.hex_corners[i].iter().enumerate().take(6) {
                    let mut others = [n as u16; 2];
                    let mut j = 0;
                    for m in b.corners[*ci as usize] {
                        if m != NONE && m as usize != i && j < 2 {
                            others[j] = m;
                            j += 1;
                        }
                    }
                    pairs[k] = others;
                }
                pairs
            })
            .collect();
        let terrain_shapes_chips = map.regions.iter().filter(|r| !r.face_down).any(|r| {
            let chip = |t: &Terrain| c.takes_chip(*t);
            let mixed =
                r.tiles.iter().any(|(t, _)| chip(t)) && r.tiles.iter().any(|(t, _)| !chip(t));
            mixed || (c.gold_no_red && r.tiles.iter().any(|(t, _)| *t == Terrain::Gold))
        });
        Solver {
            map,
            c,
            fixed_terrain,
            fixed_number,
            cell_region,
            slots,
            nb_s,
            cp_s,
            labels: std::sync::Arc::new(map.cells.iter().map(|c| c.label.clone()).collect()),
            rolls: std::sync::Arc::new(map.cells.iter().map(|c| c.rolls.clone()).collect()),
            terrain_rules: c.max_terrain_group.is_some() || c.gold_not_adjacent,
            number_rules: c.no_adjacent_red
                || c.no_equal_neighbours
                || c.no_2_next_to_12
                || c.max_corner_pips.is_some()
                || c.gold_no_red,
            terrain_shapes_chips,
        }
    }

    /// Solves for one seed. The returned layout's scenario fields are blank;
    /// [`solve`] fills them.
    pub fn solve(&self, seed: u64, opts: &SolveOptions) -> Result<Layout, SolveError> {
        let n = self.map.cells.len();
        let mut w = Work {
            terrain: self.fixed_terrain.clone(),
            number: self.fixed_number.clone(),
            pv: vec![0; n + 1],
            nodes: 0,
            max_nodes: opts.max_nodes.max(1),
            deadline: opts.deadline,
            rejections: [0; 8],
        };
        let mut t_rng = stage_rng(seed, Stream::Terrain);
        let mut n_rng = stage_rng(seed, Stream::Numbers);
        let mut h_rng = stage_rng(seed, Stream::Harbors);
        let mut last_fail = (Stage::Numbers, Stop::Exhausted);
        let attempts = opts.max_terrain_attempts.max(1);
        let mut tried = 0;
        for attempt in 1..=attempts {
            tried = attempt;
            w.terrain.copy_from_slice(&self.fixed_terrain);
            w.number.copy_from_slice(&self.fixed_number);
            if let StageResult::Failed(stop) = self.place_terrain(&mut w, &mut t_rng) {
                let (constraint, rejections) =
                    w.top_rule(&[ConstraintId::MaxTerrainGroup, ConstraintId::GoldNotAdjacent]);
                return Err(SolveError::Unsatisfiable {
                    stage: Stage::Terrain,
                    constraint,
                    rejections,
                    nodes: w.nodes,
                    stop,
                    terrain_attempts: attempt,
                });
            }
            let stacks = match self.place_numbers(&mut w, &mut n_rng) {
                Ok(stacks) => stacks,
                Err(stop) => {
                    last_fail = (Stage::Numbers, stop);
                    if stop == Stop::Exhausted && self.terrain_shapes_chips {
                        continue;
                    }
                    break;
                }
            };
            let harbors = match self.place_harbors(&mut w, &mut h_rng) {
                Some(h) => h,
                None => {
                    last_fail = (Stage::Harbors, Stop::Exhausted);
                    if let Some(stop) = w.tick() {
                        last_fail = (Stage::Harbors, stop);
                        break;
                    }
                    continue;
                }
            };
            return Ok(self.build(seed, &w, harbors, stacks, attempt, n));
        }
        let (stage, stop) = last_fail;
        let ids: &[ConstraintId] = match stage {
            Stage::Numbers => &[
                ConstraintId::NoAdjacentRed,
                ConstraintId::NoEqualNeighbours,
                ConstraintId::No2Next12,
                ConstraintId::MaxCornerPips,
                ConstraintId::GoldNoRed,
            ],
            _ => &[ConstraintId::HarborFacesLand],
        };
        let (constraint, rejections) = w.top_rule(ids);
        Err(SolveError::Unsatisfiable {
            stage,
            constraint,
            rejections,
            nodes: w.nodes,
            stop,
            terrain_attempts: tried,
        })
    }

    fn build(
        &self,
        seed: u64,
        w: &Work,
        harbors: Vec<PlacedHarbor>,
        stacks: Vec<Vec<u8>>,
        attempt: u32,
        n: usize,
    ) -> Layout {
        let hexes = (0..n)
            .map(|i| {
                let cell = &self.map.cells[i];
                let region = (self.cell_region[i] != NONE).then_some(self.cell_region[i]);
                let face_down = matches!(cell.content, CellContent::Slot { region } if self.map.regions[region].face_down);
                PlacedHex {
                    hex: cell.hex,
                    terrain: Terrain::ALL[w.terrain[i] as usize],
                    number: (w.number[i] != 0).then_some(w.number[i]),
                    region,
                    fixed: matches!(cell.content, CellContent::Fixed { .. }),
                    face_down,
                }
            })
            .collect();
        let regions = self
            .map
            .regions
            .iter()
            .zip(stacks)
            .map(|(r, chip_stack)| RegionInfo {
                key: r.key.clone(),
                name: r.name.clone(),
                face_down: r.face_down,
                chip_stack,
            })
            .collect();
        Layout {
            scenario: String::new(),
            title: String::new(),
            players: 0,
            seed,
            hexes,
            harbors,
            regions,
            labels: self.labels.clone(),
            rolls: self.rolls.clone(),
            constraints: self.c.clone(),
            stats: SolveStats { terrain_attempts: attempt, nodes: w.nodes },
        }
    }

    /// Neighbour indices of cell `i` (with `NONE` for off-map).
    #[inline]
    pub(crate) fn nbrs(&self, i: usize) -> &[u16; 6] {
        &self.map.board.neighbors[i]
    }
}

/// Restart schedule for a randomized depth-first search: the node limit of
/// run `k` (0-based). The last runs are unbounded, so the search stays
/// complete when it is given enough budget.
pub(crate) fn restart_limit(depth: usize, run: u32) -> u64 {
    if run >= RESTART_RUNS {
        return u64::MAX;
    }
    // Grows by half each run: short runs escape bad early choices cheaply.
    let base = (depth as u64 + 1) * RESTART_BASE;
    base * 3u64.pow(run) / 2u64.pow(run)
}

const RESTART_BASE: u64 = 2;
const RESTART_RUNS: u32 = 24;
