//! Proofs that no board exists, naming the rules in conflict.
//!
//! Run when a sampler finds nothing: the counting table's total is 0 (no
//! chip layout keeps the chip rules), or trial draws kept nothing. Each
//! stage is tried on its own with a complete search: chips (the table),
//! terrain (a depth-first search over tiles) and harbors (over facings).
//! When each works alone, the places of the chipless tiles that the chips
//! allow are tried one by one against the terrain rules. The rules named
//! are shrunk by deletion: a rule is dropped from the list when the others
//! still leave no board without it.

use super::budget::Budget;
use super::complete::Complete;
use super::count::classes::Split;
use super::count::{plan::CHIPLESS, Counter, MAX_STATES};
use super::error::{ConflictPlace, Relax};
use super::problem::Problem;
use super::search::{self, Rejections};
use super::state::{Flood, State};
use super::{sat, Lock, SolveError, SolveOptions, Stage, Stop};
use crate::model::{ConstraintId, Constraints, MapDef, Rule, RuleStage, RULES};
use crate::rng::{stage_rng, Stream};
use crate::vocab::Terrain;

/// Search steps a proof may take, per stage.
const PROOF_NODES: u64 = 2_000_000;
/// Most places of chipless tiles tried against the terrain rules.
const MAX_PLACES: usize = 4_096;

/// The rules of `c` that are on and look at what `stage` places, in the
/// order of their descriptors, the rule that is always on last.
fn stage_rules(c: &Constraints, stage: RuleStage) -> Vec<ConstraintId> {
    let on = |r: &&Rule| r.stage == stage && c.is_on(r.id);
    let (mut ids, always): (Vec<ConstraintId>, Vec<ConstraintId>) =
        RULES.iter().filter(on).map(|r| r.id).partition(|id| id.rule().settable());
    ids.extend(always);
    ids
}

/// The chip rules of `c` that are on.
fn chip_rules(c: &Constraints) -> Vec<ConstraintId> {
    stage_rules(c, RuleStage::Numbers)
}

/// `c` with `id` switched off.
fn without(c: &Constraints, id: ConstraintId) -> Constraints {
    c.without(id)
}

/// Deletion filter: drops each rule of `rules` whose removal still leaves
/// `impossible` true; the rest is a set of rules that conflict.
fn shrink(
    c: &Constraints,
    rules: Vec<ConstraintId>,
    mut impossible: impl FnMut(&Constraints) -> bool,
) -> Vec<ConstraintId> {
    let mut keep = rules.clone();
    let mut cur = c.clone();
    for id in rules {
        let next = without(&cur, id);
        if impossible(&next) {
            cur = next;
            keep.retain(|k| *k != id);
        }
    }
    keep
}

/// Whether the chip rules of `c` leave no chip layout (`false` when the
/// table cannot be built: not proved).
fn no_chips(p: &Problem<'_>, c: &Constraints) -> bool {
    Counter::with_rules(p, c, Split::Pips, MAX_STATES).is_ok_and(|t| t.total() == 0)
}

/// The proof for a problem whose chip table counts no layout.
pub(crate) fn chips(p: &Problem<'_>, locks: &[Lock]) -> SolveError {
    let rules = shrink(&p.c, chip_rules(&p.c), |c| no_chips(p, c));
    conflict(p, locks, Stage::Numbers, rules)
}

/// A problem under other rules (same map and locks).
fn variant<'a>(map: &'a MapDef, c: &Constraints, locks: &[Lock]) -> Option<Problem<'a>> {
    Problem::new(map, c, locks).ok()
}

fn budget(opts: &SolveOptions) -> Budget {
    Budget { nodes: 0, max: PROOF_NODES, deadline: opts.deadline }
}

/// Whether the terrain rules of `p` leave no tile deal at all (restricted
/// to `allowed` terrains per cell when given); `None` if not proved.
fn no_terrain(p: &Problem<'_>, opts: &SolveOptions, allowed: Option<&[u32]>) -> Option<bool> {
    let mut st = State::new(p);
    let mut rng = stage_rng(0, Stream::Start);
    let mut rej: Rejections = [0; ConstraintId::ALL.len()];
    let mut b = budget(opts);
    match search::terrain(p, &mut st, &mut Flood::new(p.n), &mut rng, &mut b, &mut rej, allowed) {
        Ok(()) => Some(false),
        Err(Stop::Exhausted) => Some(true),
        Err(_) => None,
    }
}

/// Whether the harbor rules leave no facings (only asked when they cannot
/// depend on the tile deal: any deal then shows harbors the same land, and
/// the slots get one, in pool order; a slot left without terrain would
/// look like no land at all).
fn no_harbors(p: &Problem<'_>, opts: &SolveOptions) -> Option<bool> {
    let mut st = State::new(p);
    for r in &p.regions {
        for (s, t) in r.slots.iter().zip(&r.tiles) {
            st.terrain[*s as usize] = *t;
        }
    }
    let mut rng = stage_rng(0, Stream::Start);
    let mut rej: Rejections = [0; ConstraintId::ALL.len()];
    let mut b = budget(opts);
    match search::harbors(p, &mut st, &mut rng, &mut b, &mut rej) {
        Ok(()) => Some(false),
        Err(Stop::Exhausted) => Some(true),
        Err(_) => None,
    }
}

/// Looks for a proof that no board exists; `None` when none is found (a
/// board may exist, or the search ran out of steps).
pub(crate) fn explain(
    p: &Problem<'_>,
    table: Option<&Counter>,
    locks: &[Lock],
    opts: &SolveOptions,
) -> Option<SolveError> {
    if table.is_some_and(|t| t.total() == 0) {
        return Some(chips(p, locks));
    }
    if p.terrain_rules && no_terrain(p, opts, None) == Some(true) {
        let on = stage_rules(&p.c, RuleStage::Terrain);
        let rules = shrink(&p.c, on, |c| {
            variant(p.map, c, locks).is_some_and(|q| no_terrain(&q, opts, None) == Some(true))
        });
        return Some(conflict(p, locks, Stage::Terrain, rules));
    }
    if !p.harbors_need_terrain && no_harbors(p, opts) == Some(true) {
        let on = stage_rules(&p.c, RuleStage::Harbors);
        let rules = shrink(&p.c, on, |c| {
            variant(p.map, c, locks).is_some_and(|q| no_harbors(&q, opts) == Some(true))
        });
        return Some(conflict(p, locks, Stage::Harbors, rules));
    }
    // Both work alone: do the chips allow a place for the chipless tiles
    // where the terrain rules can be kept too?
    let table = table?;
    if !p.terrain_rules {
        return None;
    }
    let places = places(p, table)?;
    for allowed in &places {
        if no_terrain(p, opts, Some(allowed)) != Some(true) {
            return None;
        }
    }
    let mut rules = stage_rules(&p.c, RuleStage::Terrain);
    rules.extend(chip_rules(&p.c));
    Some(conflict(p, locks, Stage::Terrain, rules))
}

/// States the counting table of [`quick`] may reach.
const QUICK_STATES: usize = 300_000;

/// The proofs that cost little, tried before [`joint`] (which asks the
/// complete search once per rule that is on, seconds on a 30-hex map under
/// the strict rules): the terrain or the harbor rules alone leave nothing
/// ([`explain`] without a table), or the chip rules leave no chip layout (a
/// counting table of at most [`QUICK_STATES`] states, shrunk as
/// [`chips`] does). `None` when none of them shows it.
pub(crate) fn quick(p: &Problem<'_>, locks: &[Lock]) -> Option<SolveError> {
    if let Some(e) = explain(p, None, locks, &SolveOptions::default()) {
        return Some(e);
    }
    match Counter::with_rules(p, &p.c, Split::Pips, QUICK_STATES) {
        Ok(t) if t.total() == 0 => Some(chips(p, locks)),
        _ => None,
    }
}

/// Every place of the chipless (and, under a gold rule, gold) tiles that
/// some chip layout allows, as masks of allowed terrains per cell; `None`
/// if there are more than [`MAX_PLACES`].
fn places(p: &Problem<'_>, table: &Counter) -> Option<Vec<Vec<u32>>> {
    let kinds = table.places(MAX_PLACES)?;
    let steps = table.steps();
    let chipless: u32 = (0..17u32).filter(|t| !p.takes_chip(*t as u8)).fold(0, |m, t| m | 1 << t);
    let gold = 1u32 << Terrain::Gold as u32;
    let all = (1u32 << 17) - 1;
    let gold_matters = p.c.gold_no_red && p.c.takes_chip(Terrain::Gold);
    Some(
        kinds
            .into_iter()
            .map(|k| {
                let mut allowed = vec![all; p.n];
                for (step, sym) in steps.iter().zip(&k) {
                    if !step.slot {
                        continue;
                    }
                    allowed[step.cell as usize] = match *sym {
                        CHIPLESS => chipless,
                        1 => gold,
                        _ if gold_matters => all & !chipless & !gold,
                        _ => all & !chipless,
                    };
                }
                allowed
            })
            .collect(),
    )
}

/// Whether the complete search shows `p` has no board (`false` when it
/// finds one or stops on its limit: not proved).
fn no_board(p: &Problem<'_>) -> bool {
    let mut budget = Budget { nodes: 0, max: super::markov::SEARCH_NODES, deadline: None };
    let mut rng = stage_rng(0, Stream::Start);
    matches!(sat::find(&Complete::new(p), &mut rng, &mut budget), Err(Stop::Exhausted))
}

/// The proof for a problem the complete search found no board of: the
/// rules shrunk by deletion, each step checked by the same complete search
/// (a rule is dropped only when the others are shown to leave no board).
pub(crate) fn joint(p: &Problem<'_>, locks: &[Lock]) -> SolveError {
    let on: Vec<ConstraintId> = ConstraintId::ALL
        .into_iter()
        .filter(|id| *id != ConstraintId::HarborFacesLand && p.c.is_on(*id))
        .collect();
    let rules = shrink(&p.c, on, |c| variant(p.map, c, locks).is_some_and(|q| no_board(&q)));
    let stage = if rules.iter().any(|r| chip_rules(&p.c).contains(r)) {
        Stage::Numbers
    } else if rules.iter().any(|r| !r.is_harbor_rule()) {
        Stage::Terrain
    } else if rules.is_empty() && !p.facing_cells.is_empty() && no_pure_harbors(p, locks) {
        Stage::Harbors
    } else if rules.is_empty() {
        Stage::Numbers
    } else {
        Stage::Harbors
    };
    conflict(p, locks, stage, rules)
}

/// Whether the harbors alone (with every rule but `harbors_face_land` off)
/// still leave no board.
fn no_pure_harbors(p: &Problem<'_>, locks: &[Lock]) -> bool {
    let mut c = Constraints::none();
    c.no_chip.clone_from(&p.c.no_chip);
    variant(p.map, &c, locks).is_some_and(|q| no_board(&q))
}

/// The proof that `rules` (with the pools, fixed hexes and `locks`) leave
/// no board of `p`: where they already conflict, and which one relaxed
/// alone leaves a board, each checked by the complete search where the map
/// is small enough for the solver.
fn conflict(p: &Problem<'_>, locks: &[Lock], stage: Stage, rules: Vec<ConstraintId>) -> SolveError {
    if rules.is_empty() {
        if let Some(e) = region_conflict(p, locks) {
            return e;
        }
    }
    let small = Complete::new(p).vars.len() <= sat::MAX_VARS;
    let place = if small { place(p, locks, &rules) } else { None };
    let relax = if small { relax_alone(p, locks, &rules) } else { Relax::Unchecked };
    SolveError::Conflict { stage, rules, locked: !locks.is_empty(), place, relax }
}

/// `c` with every rule but `rules` (and `harbors_face_land`) off.
fn only(c: &Constraints, rules: &[ConstraintId]) -> Constraints {
    ConstraintId::ALL
        .into_iter()
        .filter(|id| !rules.contains(id))
        .fold(c.clone(), |c, id| without(&c, id))
}

/// The hexes where `rules` alone already leave no board, and their region
/// when they share one.
fn place(p: &Problem<'_>, locks: &[Lock], rules: &[ConstraintId]) -> Option<ConflictPlace> {
    let q = variant(p.map, &only(&p.c, rules), locks)?;
    let mut budget = Budget { nodes: 0, max: PROOF_NODES, deadline: None };
    let cells = sat::locate(&Complete::new(&q), &mut budget)?;
    // Stack cells are no hexes; their region is the face-down one.
    let hexes = cells.iter().filter_map(|x| p.map.cells.get(*x).map(|c| c.hex)).collect();
    let mut regions = cells.iter().map(|x| p.map_region(*x));
    let first = regions.next();
    let region = match first {
        Some(r) if r != crate::model::board::NONE && regions.all(|s| s == r) => {
            p.map.regions.get(r as usize).map(|g| g.key.clone())
        }
        _ => None,
    };
    Some(ConflictPlace { hexes, region })
}

/// The first rule of `rules` that, relaxed alone, leaves a board; or that
/// none does (each checked), or that the search could not tell.
fn relax_alone(p: &Problem<'_>, locks: &[Lock], rules: &[ConstraintId]) -> Relax {
    let mut all_none = true;
    for id in rules {
        let Some(q) = variant(p.map, &without(&p.c, *id), locks) else {
            all_none = false;
            continue;
        };
        let mut budget = Budget { nodes: 0, max: PROOF_NODES, deadline: None };
        let mut rng = stage_rng(0, Stream::Start);
        match sat::find(&Complete::new(&q), &mut rng, &mut budget) {
            Ok(_) => return Relax::Enough(*id),
            Err(Stop::Exhausted) => {}
            Err(_) => all_none = false,
        }
    }
    if all_none && !rules.is_empty() {
        Relax::NoneAlone
    } else {
        Relax::Unchecked
    }
}

/// When no rule of the map's own is named but its regions set rules of
/// their own: if the pools and fixed hexes alone (every rule off, the
/// regions' too) leave a board, the regions' rules take part, and the proof
/// names them (it once said "no board exists: with these pools and fixed
/// hexes", with a hint to check the pools, on a map whose only conflict was
/// a region's `max_corner_pips = 9`). Whether relaxing one alone is enough
/// is not checked.
fn region_conflict(p: &Problem<'_>, locks: &[Lock]) -> Option<SolveError> {
    let own: Vec<ConstraintId> = ConstraintId::ALL
        .into_iter()
        .filter(|id| p.map.regions.iter().any(|r| r.rules.get(*id).is_some_and(|v| v.is_on())))
        .collect();
    if own.is_empty() {
        return None;
    }
    let mut map = p.map.clone();
    for r in &mut map.regions {
        r.rules = Default::default();
    }
    let mut none = Constraints::none();
    none.no_chip.clone_from(&p.c.no_chip);
    let q = Problem::new(&map, &none, locks).ok()?;
    if no_board(&q) {
        return None;
    }
    let stage = if own.iter().any(|r| r.rule().stage == RuleStage::Numbers) {
        Stage::Numbers
    } else if own.iter().any(|r| !r.is_harbor_rule()) {
        Stage::Terrain
    } else {
        Stage::Harbors
    };
    let locked = !locks.is_empty();
    Some(SolveError::Conflict { stage, rules: own, locked, place: None, relax: Relax::Unchecked })
}
