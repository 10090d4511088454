//! Why a layout could not be made.

use std::fmt;

use crate::hex::Hex;
use crate::model::ConstraintId;
use crate::vocab::Terrain;

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
    /// No chips or harbors fit on any of the tile deals tried (the limit on
    /// deals): valid boards are very rare, perhaps absent.
    Attempts,
}

/// A lock that does not fit the map.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LockError {
    /// No hex of the map is there.
    #[error("the locked hex {0} is not on the map")]
    NotOnMap(Hex),
    /// Locked twice.
    #[error("the hex {0} is locked twice")]
    Twice(Hex),
    /// A fixed hex locked to another terrain.
    #[error("the hex {hex} is always {fixed}; it cannot be locked to another terrain")]
    FixedTerrain {
        /// Where.
        hex: Hex,
        /// Its fixed terrain.
        fixed: Terrain,
    },
    /// A printed chip locked to another value.
    #[error("the hex {hex} has a fixed chip (or none); it cannot be locked to another")]
    FixedChip {
        /// Where.
        hex: Hex,
    },
    /// More tiles of a terrain locked than the region's pool holds.
    #[error("the region of {hex} has no {terrain} tile left to lock there")]
    TerrainNotInPool {
        /// Where.
        hex: Hex,
        /// The terrain asked for.
        terrain: Terrain,
    },
    /// More chips of a value locked than the region's pool holds.
    #[error("the region of {hex} has no {chip} chip left to lock there")]
    ChipNotInPool {
        /// Where.
        hex: Hex,
        /// The chip asked for.
        chip: u8,
    },
    /// A chip-taking hex locked without its chip.
    #[error("the locked hex {0} takes a number chip: lock it with its chip")]
    ChipMissing(Hex),
    /// A chip locked on a hex that takes none (or whose chips are stacked face down).
    #[error("the locked hex {0} takes no chip on the board")]
    NoChipHere(Hex),
}

/// A bound of the exact samplers (see `docs/sampling.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SamplerLimit {
    /// More distinct chip classes than a counted state can hold.
    Classes {
        /// The most classes.
        max: usize,
    },
    /// More hexes open at once on the counting sweep than allowed.
    OpenHexes {
        /// Open hexes this map needs.
        needed: usize,
        /// The most allowed.
        max: usize,
    },
    /// More counted states than allowed.
    States {
        /// The most allowed.
        max: usize,
    },
    /// A pool too large to pack in a counted state.
    PoolSize,
    /// More chip layouts than 2^128.
    Count,
    /// A counting table larger than allowed.
    Memory {
        /// The most megabytes allowed.
        max_mb: usize,
    },
}

impl fmt::Display for SamplerLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SamplerLimit::Classes { max } => {
                write!(f, "the rules tell apart more than {max} kinds of chip (the limit)")
            }
            SamplerLimit::OpenHexes { needed, max } => write!(
                f,
                "counting its chip layouts would keep {needed} hexes open at once (the limit is {max})"
            ),
            SamplerLimit::States { max } => {
                write!(f, "counting its chip layouts would take more than {max} states (the limit)")
            }
            SamplerLimit::PoolSize => {
                write!(f, "its pools are too large to count (the limit is 2^64 pool states)")
            }
            SamplerLimit::Count => write!(f, "it has more than 2^128 chip layouts (the limit)"),
            SamplerLimit::Memory { max_mb } => {
                write!(f, "counting its chip layouts would take more than {max_mb} MB (the limit)")
            }
        }
    }
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
    /// A search over many boards could lay out none of them.
    #[error("none of the {tried} boards tried could be laid out")]
    NoBoard {
        /// Boards tried.
        tried: u64,
    },
    /// A lock does not fit the map.
    #[error("{0}")]
    Lock(#[from] LockError),
    /// No exact sampler can draw this map within its limits (hexpress never
    /// falls back to a draw it cannot prove fair).
    #[error(
        "cannot draw a fair board of this map: dealing at random kept none of {deals} trial deals, and {limit}"
    )]
    Unsampleable {
        /// Trial deals made.
        deals: u64,
        /// The bound the counting sampler would pass.
        limit: SamplerLimit,
    },
    /// No board keeps every rule: proved, with the rules that conflict.
    #[error("{}", conflict_message(*.stage, .rules, *.locked))]
    Conflict {
        /// The stage that cannot be completed.
        stage: Stage,
        /// Rules that together leave no board, with the pools, the fixed
        /// hexes and any locks (empty: those alone leave none).
        rules: Vec<ConstraintId>,
        /// Whether locked hexes take part.
        locked: bool,
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

fn conflict_message(stage: Stage, rules: &[ConstraintId], locked: bool) -> String {
    let given = if locked {
        "these pools, fixed hexes and locked hexes"
    } else {
        "these pools and fixed hexes"
    };
    let what = match stage {
        Stage::Terrain => "the tiles cannot all be laid",
        Stage::Numbers => "the number chips cannot all be placed",
        Stage::Harbors => "the harbors cannot all be turned toward land",
    };
    let names: Vec<String> = rules.iter().map(|r| format!("`{r}`")).collect();
    match names.as_slice() {
        [] => format!("no board exists: with {given}, {what}"),
        [one] => format!("no board keeps {one}: with {given}, {what}"),
        [first @ .., last] => {
            format!("no board keeps {} and {last} together: with {given}, {what}", first.join(", "))
        }
    }
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
        Stop::Budget => format!("gave up after {nodes} search steps (the limit, `--max-nodes`)"),
        Stop::Deadline => {
            format!("ran out of time after {nodes} search steps (the limit, `--time-limit-ms`)")
        }
        Stop::Attempts => format!(
            "none of the {attempts} tile deals tried (the limit on deals) leaves room for them"
        ),
    };
    let rule = match c {
        Some(c) => format!("; the rule `{c}` blocked {rej} placements"),
        None => String::new(),
    };
    let tries = if attempts > 1 && stop != Stop::Attempts {
        format!(" (on {attempts} terrain arrangements)")
    } else {
        String::new()
    };
    format!("cannot place the {stage}: {why}{tries}{rule}")
}

impl SolveError {
    /// The rules the error names (where they are set is worth pointing at).
    pub fn rules(&self) -> Vec<ConstraintId> {
        match self {
            SolveError::Unsatisfiable { constraint: Some(c), .. } => vec![*c],
            SolveError::Conflict { rules, .. } => rules.clone(),
            _ => Vec::new(),
        }
    }

    /// A suggestion for the user.
    pub fn hint(&self) -> String {
        match self {
            SolveError::NoMap { available, .. } => {
                format!("use `--players` with one of {available:?}")
            }
            SolveError::NoBoard { .. } => "raise `--max-nodes`, or relax the rules".into(),
            SolveError::Conflict { rules, locked, .. } => {
                let them = match rules.as_slice() {
                    [] => return "check the region pools against the map and its fixed hexes".into(),
                    [one] => format!("`{one}`"),
                    _ => "one of these rules".into(),
                };
                match locked {
                    true => format!("unlock some of the locked hexes, or relax {them}"),
                    false => format!(
                        "relax {them} in `[constraints]` (or choose a milder `--rules` preset), or change the pools"
                    ),
                }
            }
            SolveError::Unsampleable { .. } => "relax the chip rules so that random deals keep \
                some boards, or make the map narrower (the count sweeps it row by row)"
                .into(),
            SolveError::Lock(_) => {
                "lock only random hexes, with the terrain and chip they have in the saved layout"
                    .into()
            }
            SolveError::Unsatisfiable { stop: Stop::Budget | Stop::Deadline, .. } => {
                "raise `--max-nodes` or `--time-limit-ms`, or relax the rules".into()
            }
            SolveError::Unsatisfiable { stop: Stop::Attempts, constraint, .. } => {
                let rule = constraint.map_or("the rules".to_string(), |c| format!("`{c}`"));
                format!(
                    "valid boards are very rare or absent: relax {rule} in `[constraints]`, or give the region more tiles that take chips"
                )
            }
            SolveError::Unsatisfiable { constraint: Some(c), .. } => format!(
                "relax `{c}` in `[constraints]` (or choose a milder `--rules` preset), or change the pools"
            ),
            SolveError::Unsatisfiable { .. } => {
                "check the region pools against the map".into()
            }
        }
    }
}
