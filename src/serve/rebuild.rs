//! The boards of a lock recipe ([`super::chain`]) made again: each step
//! with the same library calls as any board ([`board::make`]), its bare
//! locks taking their tiles from the step before. The server keeps the
//! boards it made lately ([`KeptBoards`]), so a chain is made again only
//! after a restart or when it has been forgotten.

use super::board;
use super::chain::{self, Step, StepBalance};
use super::error::ApiError;
use super::kept::KeptBoards;
use super::request::{content_hash, with_rules, Resolved};
use crate::locks::{self, SavedLayout};
use crate::model::Scenario;
use crate::settings::{Paper, View};

/// The key a chain's last board is kept under: the scenario, the players
/// and the chain.
pub fn key(hash: &str, players: u8, steps: &[Step]) -> String {
    content_hash(&format!("{hash}\n{players}\n{}", chain::format(steps)))
}

/// The step that makes the board of `r`: its seed, rules, balance and
/// locks, those that took their tile from a chain by place only.
pub fn step_of(r: &Resolved) -> Step {
    let mut sorted = r.locks.clone();
    sorted.sort_by_key(|l| l.hex);
    let locks = sorted
        .iter()
        .map(|l| {
            let bare = r.bare.contains(&l.hex);
            locks::LockItem {
                hex: l.hex,
                contents: (!bare).then_some((l.terrain, l.number)),
                text: match bare {
                    true => format!("{},{}", l.hex.q, l.hex.r),
                    false => locks::format_list(std::slice::from_ref(l)),
                },
            }
        })
        .collect();
    let balance = match (r.candidates, r.bar) {
        (Some(n), _) => StepBalance::Best(n),
        (None, true) => StepBalance::Bar,
        (None, false) => StepBalance::Random,
    };
    Step { seed: r.seed, rules: r.rules, balance, locks }
}

/// The recipe a lock made on the board of `r` takes its tile from: the
/// board's own chain, then the board.
pub fn lock_from(r: &Resolved) -> Vec<Step> {
    let mut steps = r.chain.clone();
    steps.push(step_of(r));
    chain::trim_front(steps)
}

/// Keeps the board of `r` under the key of [`lock_from`], so that locks
/// made on it find it without making it again.
pub fn keep(r: &Resolved, layout: &crate::solve::Layout, kept: &KeptBoards) {
    kept.keep(&key(&r.hash, r.players, &lock_from(r)), layout);
}

/// The board of the last step of `steps` (the scenario and players of
/// `r`; `base` is its scenario before any preset).
pub fn last_board(
    r: &Resolved,
    base: &Scenario,
    steps: &[Step],
    kept: &KeptBoards,
) -> Result<SavedLayout, ApiError> {
    let mut prev: Option<SavedLayout> = None;
    for i in 0..steps.len() {
        let k = key(&r.hash, r.players, &steps[..=i]);
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
) -> Result<crate::solve::Layout, ApiError> {
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
        locks,
        bare: step.bare(),
        chain: Vec::new(),
    };
    Ok(board::make(&sr, &|_, _| {})?.layout)
}
