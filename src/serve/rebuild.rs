//! The lock recipe ([`super::chain`]) of a board: the step that makes it,
//! the recipe a lock made on it takes its tile from, and the key the server
//! keeps it under ([`KeptBoards`]), so a chain is made again
//! ([`super::resolve`]) only after a restart or when it has been forgotten.

use super::chain::{self, Step, StepBalance};
use super::kept::KeptBoards;
use super::request::{content_hash, Resolved};
use crate::front::locks;

/// The key a chain's last board is kept under: the scenario, the players
/// and the chain.
pub fn key(hash: &str, players: u8, steps: &[Step]) -> String {
    content_hash(&format!("{hash}\n{players}\n{}", chain::format(steps)))
}

/// The step that makes the board of `r`: its seed, rules, balance and
/// locks, those that took their tile from a chain by place only.
pub(crate) fn step_of(r: &Resolved) -> Step {
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
pub fn keep(r: &Resolved, layout: &crate::front::solve::Layout, kept: &KeptBoards) {
    kept.keep(&key(&r.hash, r.players, &lock_from(r)), layout);
}
