//! The result of the solver: every hex with its terrain and chip, every harbor.

use crate::axial::Hex;
use crate::model::Constraints;
use crate::vocab::{HarborKind, Terrain};

/// A complete, constraint-respecting map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Scenario id.
    pub scenario: String,
    /// Scenario title.
    pub title: String,
    /// Player count.
    pub players: u8,
    /// The seed that made it.
    pub seed: u64,
    /// Every hex, in scenario order.
    pub hexes: Vec<PlacedHex>,
    /// Every harbor, in scenario order of its hex.
    pub harbors: Vec<PlacedHarbor>,
    /// Region keys, indexed by [`PlacedHex::region`].
    pub regions: Vec<RegionInfo>,
    /// Names the scenario prints on hexes, indexed like `hexes` (shared
    /// between all layouts of a map, so solving allocates nothing for them).
    pub labels: std::sync::Arc<Vec<Option<String>>>,
    /// Dice rolls of fixed hexes that produce without a chip (a lake's
    /// 2, 3, 11, 12), indexed like `hexes`; shared like `labels`.
    pub rolls: std::sync::Arc<Vec<Vec<u8>>>,
    /// Castaway spots: for each hex (indexed like `hexes`), the corner of it
    /// where a castaway token lies at the start ([`crate::model::corner_name`]);
    /// shared like `labels`.
    pub castaways: std::sync::Arc<Vec<Option<u8>>>,
    /// The features on hex sides (rivers, bridges): fixed map data, shared
    /// like `labels`.
    pub sides: std::sync::Arc<crate::model::sides::MapSides>,
    /// The rules it was made under.
    pub constraints: Constraints,
    /// Which sampler drew it.
    pub sampler: Sampler,
    /// How hard the search worked.
    pub stats: SolveStats,
}

/// A region's identity and its face-down chip stack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionInfo {
    /// Key in the scenario file.
    pub key: String,
    /// Display name.
    pub name: String,
    /// Dealt face down.
    pub face_down: bool,
    /// For face-down regions: the chips, shuffled, to stack beside the board.
    pub chip_stack: Vec<u8>,
    /// The placement rules the region sets for its own hexes
    /// (`[map.regions.<key>.constraints]`), in rule order.
    pub constraints: Vec<(crate::model::ConstraintId, crate::model::RuleValue)>,
}

/// One hex of a layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacedHex {
    /// Position.
    pub hex: Hex,
    /// Terrain.
    pub terrain: Terrain,
    /// Number chip, if any.
    pub number: Option<u8>,
    /// Index into [`Layout::regions`] for random slots and chip-drawing fixed hexes.
    pub region: Option<u32>,
    /// Whether the scenario fixes this hex.
    pub fixed: bool,
    /// Whether the tile is dealt face down.
    pub face_down: bool,
}

/// A harbor of a layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacedHarbor {
    /// The water hex it lies on.
    pub hex: Hex,
    /// The land hex it faces; `None` for a face-down harbor tile (turned when revealed).
    pub toward: Option<Hex>,
    /// Its trade.
    pub kind: HarborKind,
}

/// Which sampler drew a board (see [`crate::solve`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sampler {
    /// Exact rejection sampling: random deals until one passed every rule.
    Rejection {
        /// Deals made for this board (the last one kept).
        deals: u64,
    },
    /// A Markov chain of rule-keeping moves from a valid starting board.
    Chain {
        /// Steps taken.
        steps: u64,
        /// Steps that changed the board (0: the valid board is unique).
        moved: u64,
        /// Search nodes spent finding the starting boards (once per map).
        start_nodes: u64,
        /// What the chain's diagnostics measured on this map (`None`: a
        /// chain whose length was not measured, e.g. a test's control).
        check: Option<super::ChainCheck>,
    },
    /// Exact sampling by counting: a chip layout drawn uniformly from all
    /// the valid ones (counted once per map), completed by uniform deals;
    /// attempts until one kept every rule.
    Counting {
        /// Attempts made for this board (the last one kept).
        attempts: u64,
        /// Valid chip layouts counted (by chip class, see `docs/sampling.md`).
        layouts: u128,
        /// The number of valid boards, when the count is exact (no rule is
        /// left to the checks after the deal).
        boards: Option<u128>,
    },
}

impl Sampler {
    /// The method's name in `layout.json`.
    pub fn method(&self) -> &'static str {
        match self {
            Sampler::Rejection { .. } => "rejection",
            Sampler::Chain { .. } => "markov-chain",
            Sampler::Counting { .. } => "counting",
        }
    }

    /// Whether every valid board is this one: the count says so, or the
    /// chain could not move.
    pub fn frozen(&self) -> bool {
        matches!(self, Sampler::Chain { moved: 0, steps, .. } if *steps > 0)
            || matches!(self, Sampler::Counting { boards: Some(1), .. })
    }

    /// A note for people when the rules leave little or no choice.
    pub fn note(&self) -> Option<String> {
        match self {
            Sampler::Counting { boards: Some(1), .. } => Some(
                "these rules allow exactly one board: every seed gives this one".into(),
            ),
            Sampler::Counting { boards: Some(n), .. } if *n <= 1_000 => {
                Some(format!("these rules allow only {n} boards; each seed draws one of them, all equally likely"))
            }
            Sampler::Chain { steps, moved: 0, .. } if *steps > 0 => Some(format!(
                "no move of tiles or chips kept the rules in {steps} tries: these rules seem to \
                 allow only this board (not proved), so every seed gives it"
            )),
            _ => None,
        }
    }
}

impl Sampler {
    /// What the method guarantees about the board, in one phrase (the same
    /// in `layout.json`, on the terminal and on the web page).
    pub fn guarantee(&self) -> String {
        match self {
            Sampler::Rejection { .. } => "uniform, exact (rejection)".into(),
            Sampler::Counting { .. } => "uniform, exact (counting)".into(),
            Sampler::Chain { steps, check: Some(c), .. } if c.passed => format!(
                "approximately uniform (Markov chain: {} steps, diagnostics passed)",
                crate::units::thousands(*steps)
            ),
            Sampler::Chain { steps, check: Some(_), .. } => format!(
                "not shown to be uniform (Markov chain: {} steps, the step limit; diagnostics \
                 failed)",
                crate::units::thousands(*steps)
            ),
            Sampler::Chain { steps, check: None, .. } => format!(
                "approximately uniform (Markov chain: {} steps, diagnostics not run)",
                crate::units::thousands(*steps)
            ),
        }
    }
}

impl std::fmt::Display for Sampler {
    /// One line for people: what the board's draw guarantees, and the
    /// method's effort.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: ", self.guarantee())?;
        match self {
            Sampler::Rejection { deals } => write!(f, "deal {deals} was kept"),
            Sampler::Chain { moved, check, .. } => {
                write!(f, "{moved} steps changed the board")?;
                if let Some(c) = check.filter(|c| !c.passed) {
                    write!(
                        f,
                        "; {} chains from different starts still disagreed (R-hat {:.3}, \
                         autocorrelation time {} steps) at the limit of steps per board, so \
                         this board may lean toward the board its chain started from; \
                         loosen the rules for a board shown to be uniform",
                        c.chains,
                        f64::from(c.rhat_milli) / 1000.0,
                        crate::units::thousands(c.tau_steps)
                    )?;
                } else if let Some(c) = check {
                    write!(
                        f,
                        "; {} chains from different starts agreed (R-hat {:.3}), and the steps are at least {} times the autocorrelation time measured ({} steps)",
                        c.chains,
                        f64::from(c.rhat_milli) / 1000.0,
                        super::markov::TAU_MARGIN,
                        crate::units::thousands(c.tau_steps)
                    )?;
                }
                Ok(())
            }
            Sampler::Counting { attempts, layouts, boards } => {
                match boards {
                    Some(b) => write!(f, "one of the {b} valid boards, counted")?,
                    None => {
                        write!(f, "one of {layouts} counted chip layouts, completed at random")?
                    }
                }
                write!(f, " (attempt {attempts} kept every rule)")
            }
        }
    }
}

/// Search effort, for reports and benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// Terrain arrangements tried.
    pub terrain_attempts: u32,
    /// Search nodes visited over all stages.
    pub nodes: u64,
}

impl Layout {
    /// The rolls hex `i` produces on without a chip (empty for most hexes).
    pub fn rolls(&self, i: usize) -> &[u8] {
        self.rolls.get(i).map_or(&[], Vec::as_slice)
    }

    /// The castaway spot on hex `i`: its corner, if it has one.
    pub fn castaway(&self, i: usize) -> Option<u8> {
        self.castaways.get(i).copied().flatten()
    }

    /// The scenario's label for hex `i`, if it has one.
    pub fn label(&self, i: usize) -> Option<&str> {
        self.labels.get(i).and_then(|l| l.as_deref())
    }

    /// The region key of hex `i`, if it belongs to one.
    pub fn region_key(&self, i: usize) -> Option<&str> {
        self.hexes[i].region.and_then(|r| self.regions.get(r as usize)).map(|r| r.key.as_str())
    }
}
