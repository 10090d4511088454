//! Why a layout could not be made.

use std::fmt;

use crate::axial::Hex;
use crate::model::{ConstraintId, Scope};
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
    /// The locked hexes break a placement rule among themselves and the
    /// fixed hexes, whatever the rest of the board.
    #[error("the locked hexes break `{}`: {}", .0.rule, .0.sentence())]
    Clash(Box<LockClash>),
}

impl LockError {
    /// The hexes the error is about.
    pub fn hexes(&self) -> Vec<Hex> {
        match self {
            LockError::NotOnMap(h)
            | LockError::Twice(h)
            | LockError::ChipMissing(h)
            | LockError::NoChipHere(h)
            | LockError::FixedTerrain { hex: h, .. }
            | LockError::FixedChip { hex: h }
            | LockError::TerrainNotInPool { hex: h, .. }
            | LockError::ChipNotInPool { hex: h, .. } => vec![*h],
            LockError::Clash(c) => c.hexes.iter().map(|h| h.hex).collect(),
        }
    }
}

/// A placement rule that locked hexes break among themselves and the fixed
/// hexes: the rule, the hexes with their contents, and the rule in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LockClash {
    /// The rule.
    pub rule: ConstraintId,
    /// The hexes that break it together (for harbor rules, the harbor first).
    pub hexes: Vec<ClashHex>,
    /// Pips at the corner, or hexes in the group; 0 for the other rules.
    pub amount: u32,
    /// The rule's limit, for `max_corner_pips` and `max_terrain_group`.
    pub limit: Option<u32>,
    /// What the rule asks, in plain words ([`crate::model::rules::plain`]).
    pub plain: String,
    /// Other clashes of the same locks, reported at once (each with an
    /// empty `more`; a few at most).
    pub more: Vec<LockClash>,
}

/// One hex of a [`LockClash`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClashHex {
    /// Where.
    pub hex: Hex,
    /// Its terrain (`None`: a free slot, e.g. a harbor's far side).
    pub terrain: Option<Terrain>,
    /// Its chip.
    pub number: Option<u8>,
    /// Locked (`false`: fixed by the scenario).
    pub locked: bool,
}

impl ClashHex {
    /// "the locked pasture 6 at (0, 0)".
    pub(crate) fn describe(&self) -> String {
        let how = if self.locked { "locked" } else { "fixed" };
        match (self.terrain, self.number) {
            (Some(t), Some(n)) => format!("the {how} {t} {n} at {}", self.hex),
            (Some(Terrain::Harbor), None) => format!("the {how} harbor tile at {}", self.hex),
            (Some(t), None) => format!("the {how} {t} at {}", self.hex),
            (None, _) => format!("the hex at {}", self.hex),
        }
    }
}

impl LockClash {
    /// One sentence for players: what the hexes do, and what the rule asks.
    ///
    /// ```
    /// use hexpress::axial::Hex;
    /// use hexpress::model::ConstraintId;
    /// use hexpress::solve::{ClashHex, LockClash};
    /// use hexpress::vocab::Terrain;
    /// let h = |q, t, n| ClashHex { hex: Hex::new(q, 0), terrain: Some(t), number: Some(n), locked: true };
    /// let c = LockClash {
    ///     rule: ConstraintId::NoAdjacentRed,
    ///     hexes: vec![h(0, Terrain::Pasture, 6), h(1, Terrain::Forest, 8)],
    ///     amount: 0,
    ///     limit: None,
    ///     plain: "no 6 or 8 may be next to another 6 or 8".into(),
    ///     more: vec![],
    /// };
    /// assert_eq!(c.sentence(), "the locked pasture 6 at (0, 0) and the locked forest 8 at (1, 0) \
    ///     are neighbours, but no 6 or 8 may be next to another 6 or 8");
    /// ```
    pub fn sentence(&self) -> String {
        let all: Vec<String> = self.hexes.iter().map(ClashHex::describe).collect();
        let first = all.first().cloned().unwrap_or_default();
        let rest = join(&all[1.min(all.len())..]);
        let harbor =
            self.hexes.first().map_or(String::new(), |h| format!("the harbor at {}", h.hex));
        let facts = match self.rule.rule().scope {
            Scope::ChipPair | Scope::TerrainPair => format!("{} are neighbours", join(&all)),
            Scope::ChipOnHex if self.rule == ConstraintId::GoldNoRed => {
                format!("{first} is a gold field with a red chip")
            }
            Scope::ChipOnHex => format!("{first} carries that chip"),
            Scope::Corner => format!("{} meet at a corner with {} pips", join(&all), self.amount),
            Scope::TerrainGroup => {
                format!("{} form one group of {} hexes", join(&all), self.amount)
            }
            Scope::Harbor => match self.rule {
                ConstraintId::HarborFacesLand if all.len() > 1 => format!("{harbor} faces {rest}"),
                ConstraintId::HarborFacesLand => format!("{harbor} has no face-up land beside it"),
                ConstraintId::HarborsApart => {
                    let others: Vec<String> = self.hexes[1.min(self.hexes.len())..]
                        .iter()
                        .map(|h| format!("the harbor at {}", h.hex))
                        .collect();
                    format!(
                        "{harbor} cannot face land without sharing a settlement corner with {}",
                        join(&others)
                    )
                }
                ConstraintId::HarborsOffFishing => {
                    format!("{harbor} cannot face land without touching a corner of {rest}")
                }
                _ => format!("{harbor} cannot be placed"),
            },
        };
        format!("{facts}, but {}", self.plain)
    }
}

/// "a", "a and b", "a, b and c".
fn join(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
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
        /// Whether the table was given up on a forecast from its growth,
        /// before the sweep passed the limit.
        foreseen: bool,
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
    /// Counted draws kept no board in a trial of this many attempts.
    Attempts {
        /// Attempts of the trial.
        max: u64,
    },
    /// No trial deal kept the terrain rules, and counted draws deal the
    /// tiles the same way.
    Terrain {
        /// Trial deals.
        deals: u64,
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
            SamplerLimit::States { max, foreseen } => write!(
                f,
                "counting its chip layouts would take more than {} states (the limit{})",
                crate::units::thousands(*max as u64),
                match foreseen {
                    true => "; judged from how far and how fast the table grew before it was given up",
                    false => "",
                }
            ),
            SamplerLimit::PoolSize => {
                write!(f, "its pools are too large to count (the limit is 2^64 pool states)")
            }
            SamplerLimit::Count => write!(f, "it has more than 2^128 chip layouts (the limit)"),
            SamplerLimit::Memory { max_mb } => {
                write!(f, "counting its chip layouts would take more than {max_mb} MB (the limit)")
            }
            SamplerLimit::Attempts { max } => write!(
                f,
                "counted draws kept none of {} trial attempts (the limit)",
                crate::units::thousands(*max)
            ),
            SamplerLimit::Terrain { deals } => write!(
                f,
                "none of those {} deals kept even the terrain rules, so counting the chip \
                 layouts (which deals the tiles the same way) would not find boards either",
                crate::units::thousands(*deals)
            ),
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
    /// The last guard refused a board the solver drew: a bug.
    #[error("{0}")]
    Broken(Box<super::BrokenBoard>),
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
    /// Only the Markov chain can draw this map, and an exact draw was asked
    /// for (`--exact`): why no exact sampler fits.
    #[error("only the Markov chain can draw this map, and `--exact` asks for an exact draw: {}", why_not_exact(.0))]
    NotExact(Box<SolveError>),
    /// The complete search for a first board stopped on its limit (maps
    /// beyond the documented sizes): nothing is proved either way.
    #[error("{}", search_limit_message(*.nodes, *.stop, *.max))]
    SearchLimit {
        /// Search steps taken.
        nodes: u64,
        /// Why it stopped.
        stop: Stop,
        /// The limit on steps.
        max: u64,
    },
    /// The map is too large for the Markov chain's limit on steps.
    #[error(
        "cannot draw a board of this map: the Markov chain would need at least {} steps per board, and the limit is {}",
        crate::units::thousands(*.steps), crate::units::thousands(*.max)
    )]
    ChainLimit {
        /// Steps per board the map needs at least.
        steps: u64,
        /// The limit.
        max: u64,
    },
    /// The time limit passed after boards were found (the search's
    /// starting boards, or trial deals that kept every rule), before a fair
    /// draw was ready: boards exist, none was handed out.
    #[error(
        "ran out of time (the limit, `--time-limit-ms`) after valid boards were found, while {}: boards exist, but none is drawn fairly yet",
        .while_
    )]
    OutOfTime {
        /// What was running: the chain's diagnostics, or the choice of method.
        while_: &'static str,
    },
    /// No board keeps every rule: proved, with the rules that conflict.
    #[error("{}", conflict_message(*.stage, .rules, *.locked, .place))]
    Conflict {
        /// The stage that cannot be completed.
        stage: Stage,
        /// Rules that together leave no board, with the pools, the fixed
        /// hexes and any locks (empty: those alone leave none).
        rules: Vec<ConstraintId>,
        /// Whether locked hexes take part.
        locked: bool,
        /// Where the rules already conflict, when the proof found it.
        place: Option<ConflictPlace>,
        /// Which single rule, relaxed alone, leaves a board (checked).
        relax: Relax,
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

/// The hexes where a proof's rules already leave no board: those rules,
/// kept on these hexes alone (with the pools, fixed hexes and locks), are
/// already impossible to keep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConflictPlace {
    /// The hexes, board order.
    pub hexes: Vec<Hex>,
    /// The key of the region they all belong to, if one.
    pub region: Option<String>,
}

/// Whether relaxing one rule of a proof alone leaves a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relax {
    /// This rule: the solver found a board with it off.
    Enough(ConstraintId),
    /// No rule alone: with any one of them off, still no board (proved).
    NoneAlone,
    /// Not checked (the map is too large to check quickly).
    Unchecked,
}

/// Most hexes a proof lists by position (more are counted).
const LISTED_HEXES: usize = 8;

fn place_words(place: &ConflictPlace) -> String {
    let n = place.hexes.len();
    let of = match &place.region {
        Some(r) => format!(" of region `{r}`"),
        None => String::new(),
    };
    let hexes = if n == 1 { "hex" } else { "hexes" };
    if n <= LISTED_HEXES {
        let at: Vec<String> = place.hexes.iter().map(|h| h.to_string()).collect();
        format!("; they already fail on the {n} {hexes}{of} at {}", at.join(", "))
    } else {
        format!("; they already fail on {n} {hexes}{of}")
    }
}

fn conflict_message(
    stage: Stage,
    rules: &[ConstraintId],
    locked: bool,
    place: &Option<ConflictPlace>,
) -> String {
    let at = place.as_ref().filter(|p| !p.hexes.is_empty()).map(place_words).unwrap_or_default();
    format!("{}{at}", conflict_words(stage, rules, locked))
}

fn conflict_words(stage: Stage, rules: &[ConstraintId], locked: bool) -> String {
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

/// Why no exact sampler fits, without the refusal's opening words.
fn why_not_exact(e: &SolveError) -> String {
    match e {
        SolveError::Unsampleable { deals, limit } => format!(
            "dealing at random kept none of {} trial deals, and {limit}",
            crate::units::thousands(*deals)
        ),
        other => other.to_string(),
    }
}

fn search_limit_message(nodes: u64, stop: Stop, max: u64) -> String {
    let nodes = crate::units::thousands(nodes);
    match stop {
        Stop::Deadline => format!(
            "ran out of time (the limit, `--time-limit-ms`) after {nodes} steps, before finding a board or showing that none exists"
        ),
        _ => format!(
            "the search for a first board reached its limit of {} steps without finding one or showing that none exists (maps beyond the documented sizes may need more)",
            crate::units::thousands(max)
        ),
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
            SolveError::NoMap { scenario, players, available } => {
                let mut h = format!("use `--players` with one of {available:?}");
                if let Some(other) = sibling_for(scenario, *players) {
                    h.push_str(&format!(
                        ", or the built-in `{other}`, the same game for {players} players"
                    ));
                }
                h
            }
            SolveError::NoBoard { .. } => "raise `--max-nodes`, or relax the rules".into(),
            SolveError::Broken(b) => b.hint().into(),
            SolveError::Conflict { rules, locked, relax, .. } => {
                let them = match (rules.as_slice(), relax) {
                    ([], _) => {
                        return "check the region pools against the map and its fixed hexes".into()
                    }
                    (_, Relax::Enough(r)) => format!("`{r}` (a board exists without it)"),
                    (_, Relax::NoneAlone) => {
                        "more than one rule: relaxing any one of them alone still leaves no board"
                            .into()
                    }
                    ([one], Relax::Unchecked) => format!("`{one}`"),
                    (_, Relax::Unchecked) => "one of these rules".into(),
                };
                match locked {
                    true => format!("unlock some of the locked hexes, or relax {them}"),
                    false => format!("change the pools, or relax {them}"),
                }
            }
            SolveError::Unsampleable { .. } => "relax the chip rules so that random deals keep \
                some boards, or make the map narrower (the count sweeps it row by row)"
                .into(),
            SolveError::NotExact(_) => "drop `--exact` for an approximately uniform board (its \
                chain's diagnostics are checked), or relax the chip rules so that an exact method fits"
                .into(),
            SolveError::SearchLimit { stop: Stop::Deadline, .. } => {
                "raise `--time-limit-ms`, or make the map smaller or its rules looser".into()
            }
            SolveError::OutOfTime { .. } => {
                "raise `--time-limit-ms` (the default is 5000)".into()
            }
            SolveError::SearchLimit { .. } | SolveError::ChainLimit { .. } => {
                "make the map smaller, or its rules looser (docs/sampling.md lists the limits)".into()
            }
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
                    "valid boards are very rare or absent: relax {rule}, or give the region more tiles that take chips"
                )
            }
            SolveError::Unsatisfiable { constraint: Some(c), .. } => {
                format!("change the pools, or relax `{c}`")
            }
            SolveError::Unsatisfiable { .. } => "check the region pools against the map".into(),
        }
    }
}

/// A built-in that is the same game as built-in `id` for `players` (`base`
/// and `base-5-6`: one id starts with the other and a dash), if there is one.
fn sibling_for(id: &str, players: u8) -> Option<&'static str> {
    crate::builtin::ids().filter(|o| *o != id).find(|o| {
        let related = o.strip_prefix(id).is_some_and(|r| r.starts_with('-'))
            || id.strip_prefix(*o).is_some_and(|r| r.starts_with('-'));
        related
            && crate::builtin::source(o)
                .and_then(|src| crate::model::load(&src).ok())
                .is_some_and(|s| s.map_for(players).is_some())
    })
}
