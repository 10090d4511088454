//! A page request resolved: its scenario loaded under the rules asked for,
//! each setting read ([`super::request`]), and its locks filled in; a lock
//! that names only its place takes its tile from the board of its recipe
//! ([`super::chain`]), made again here with the same library calls as any
//! board ([`board::make`]) when the server no longer keeps it.

use std::collections::BTreeSet;

use super::board;
use super::chain::{self, Step, StepBalance};
use super::error::ApiError;
use super::kept::KeptBoards;
use super::rebuild;
use super::request::{
    balance_of, calibration_of, content_hash, rules_of, scenario_source, seed_of, view_and_paper,
    with_rules, BoardRequest, Resolved,
};
use crate::axial::Hex;
use crate::front::locks::{self, SavedLayout};
use crate::front::model::{self, Scenario};
use crate::front::settings::{Paper, View};

/// Checks a request and loads its scenario; bare `q,r` locks take their
/// contents from the board whose recipe is `req.from` ([`chain`]), made
/// again when `kept` no longer has it.
pub fn resolve(req: &BoardRequest, kept: &KeptBoards) -> Result<Resolved, ApiError> {
    let (source, builtin) = scenario_source(req)?;
    let rules = rules_of(req)?;
    let base = model::load(&source).map_err(|d| ApiError::diagnostics(&source, &d))?;
    let scenario = with_rules(&base, &source, rules)?;
    let players = req.players.unwrap_or(scenario.meta.default_players);
    let seed = seed_of(req)?;
    let (bar, candidates) = balance_of(req)?;
    let (view, paper) = view_and_paper(req)?;
    let (ruler, back_offset) = calibration_of(req)?;
    let hash = content_hash(&source.text);
    let mut r = Resolved {
        source,
        scenario,
        hash,
        builtin,
        players,
        seed,
        rules,
        candidates,
        bar,
        view,
        paper,
        ruler,
        back_offset,
        locks: Vec::new(),
        bare: BTreeSet::new(),
        chain: Vec::new(),
    };
    resolve_locks(req, kept, &base, &mut r)?;
    if (candidates.is_some() || bar) && !r.locks.is_empty() {
        return Err(ApiError::bad("a balanced search does not keep locked hexes yet")
            .hint("unlock the hexes, or turn balanced off"));
    }
    Ok(r)
}

/// The request's locks, bare positions filled from the board of the
/// recipe `req.from`; in the players' view a face-down hex is locked by its
/// place only (an answer never shows a tile it hides).
fn resolve_locks(
    req: &BoardRequest,
    kept: &KeptBoards,
    base: &Scenario,
    r: &mut Resolved,
) -> Result<(), ApiError> {
    let Some(list) = req.locks.as_deref() else { return Ok(()) };
    let items = locks::parse_list(list).map_err(|e| ApiError::bad(format!("locks: {e}")))?;
    if let Some(i) = items.iter().find(|i| i.contents.is_some() && r.is_secret(i.hex)) {
        return Err(ApiError::bad(format!(
            "in the players' view the face-down hex `{},{}` is locked by its place only",
            i.hex.q, i.hex.r
        ))
        .hint("lock it on the board you see: its tile stays secret"));
    }
    let bare: BTreeSet<Hex> =
        items.iter().filter(|i| i.contents.is_none()).map(|i| i.hex).collect();
    let saved = match (&req.from, bare.is_empty()) {
        (_, true) => None,
        (None, false) => {
            return Err(ApiError::bad(
                "a locked hex names only its place, and no board to take it from",
            )
            .hint("lock the hexes again on the board you see"))
        }
        (Some(text), false) => {
            let steps = chain::shortest(chain::parse(text)?, &bare);
            let saved = last_board(r, base, &steps, kept)?;
            r.chain = steps;
            Some(saved)
        }
    };
    r.locks = locks::resolve(&items, saved.as_ref()).map_err(|e| match e {
        locks::LockSpecError::NotInLayout(h) => ApiError::bad(format!(
            "the hex ({}, {}) is not on the board the locks were made on",
            h.q, h.r
        )),
        e => ApiError::bad(format!("locks: {e}")),
    })?;
    r.bare = bare;
    Ok(())
}

/// The board of the last step of `steps` (the scenario and players of
/// `r`; `base` is its scenario before any preset).
pub(crate) fn last_board(
    r: &Resolved,
    base: &Scenario,
    steps: &[Step],
    kept: &KeptBoards,
) -> Result<SavedLayout, ApiError> {
    let mut prev: Option<SavedLayout> = None;
    for i in 0..steps.len() {
        let k = rebuild::key(&r.hash, r.players, &steps[..=i]);
        if let Some(saved) = kept.get(&k) {
            prev = Some(saved);
            continue;
        }
        let layout = make_step(r, base, &steps[i], prev.as_ref()).map_err(|e| {
            let mut e = e;
            e.message = format!(
                "the board the locked face-down hexes came from cannot be made again: {}",
                e.message
            );
            e.hint.get_or_insert_with(|| {
                "lock the face-down hexes again on the board you see".into()
            });
            e.lock_clash = None;
            e
        })?;
        kept.keep(&k, &layout);
        prev = Some(SavedLayout::of(&layout));
    }
    prev.ok_or_else(|| ApiError::bad("the locks' recipe names no board"))
}

/// Makes one step's board, its bare locks from `prev`.
fn make_step(
    r: &Resolved,
    base: &Scenario,
    step: &Step,
    prev: Option<&SavedLayout>,
) -> Result<crate::front::solve::Layout, ApiError> {
    let locks = locks::resolve(&step.locks, prev).map_err(|e| ApiError::bad(e.to_string()))?;
    let (candidates, bar) = match step.balance {
        StepBalance::Random => (None, false),
        StepBalance::Bar => (None, true),
        StepBalance::Best(n) => (Some(n), false),
    };
    let sr = Resolved {
        source: r.source.clone(),
        scenario: with_rules(base, &r.source, step.rules)?,
        hash: r.hash.clone(),
        builtin: r.builtin,
        players: r.players,
        seed: step.seed,
        rules: step.rules,
        candidates,
        bar,
        view: View::Setup,
        paper: Paper::A4,
        ruler: None,
        back_offset: None,
        locks,
        bare: step.bare(),
        chain: Vec::new(),
    };
    Ok(board::make(&sr, &|_, _| {})?.layout)
}
