//! Locks judged before any search, telling only what the viewer may know.
//!
//! In the players' view a locked face-down hex keeps its tile secret, so
//! whether its lock is refused must not depend on that tile: a refusal that
//! came only for some tiles would tell the players which one it is. So:
//!
//! 1. the face-up locks are checked alone, and a clash among them is
//!    reported as usual (it names only hexes the players see);
//! 2. each locked face-down hex is tried with every tile its region could
//!    put there (never with the one it holds), alone and with each locked
//!    face-down neighbour; if any of them would break a rule with the other
//!    locks, the locks are refused, whatever the hexes hide, with a message
//!    that names the rule and the places but no tile;
//! 3. only then are the real tiles checked and the board searched. A failure
//!    there (rare: every lock comes from a board that kept the rules) names
//!    no rule and no tile.
//!
//! In the setup view every tile is shown, and the locks are checked as they
//! are.

use super::error::ApiError;
use super::lock_error::{self, Telling};
use crate::model::{CellContent, Constraints, MapDef};
use crate::solve::{self, Lock, LockClash, LockError};
use crate::vocab::Terrain;

/// Candidate deals tried at most (pairs of neighbours multiply them).
const MAX_TRIES: usize = 4096;

/// Checks `locks` on `map` before any search (see the module's doc).
pub fn check(
    t: &Telling<'_>,
    map: &MapDef,
    c: &Constraints,
    locks: &[Lock],
) -> Result<(), ApiError> {
    let (hidden, public): (Vec<Lock>, Vec<Lock>) = locks.iter().partition(|l| t.is_secret(l.hex));
    if hidden.is_empty() {
        return solve::check_locks(map, c, locks).map_err(|e| lock_error::api_error(t, &e));
    }
    solve::check_locks(map, c, &public).map_err(|e| lock_error::api_error(t, &e))?;
    if let Some((secret, clash)) = could_clash(map, c, &public, &hidden) {
        return Err(lock_error::hidden_clash_error(t, &secret, &clash));
    }
    // Every tile was tried above, alone and beside its neighbours: what is
    // left is a clash among three or more face-down hexes, or none.
    // Whatever fails with the real tiles is answered without them.
    solve::check_locks(map, c, locks).map_err(|_| lock_error::unsat(t, locks, None, true))
}

/// The terrains a face-down slot at `hex` may hold: its region's pool.
fn candidates(map: &MapDef, hex: crate::axial::Hex) -> Vec<Terrain> {
    let region = map.cells.iter().find(|c| c.hex == hex).and_then(|c| match c.content {
        CellContent::Slot { region } => map.regions.get(region),
        CellContent::Fixed { .. } => None,
    });
    region.map(|g| g.tiles.iter().map(|(t, _)| *t).collect()).unwrap_or_default()
}

/// The first clash some tile of the face-down locks (alone, or two
/// neighbours together) would make with the face-up locks, tried in a fixed
/// order that never looks at the tiles they hold.
fn could_clash(
    map: &MapDef,
    c: &Constraints,
    public: &[Lock],
    hidden: &[Lock],
) -> Option<(Vec<crate::axial::Hex>, LockClash)> {
    let tries = std::cell::Cell::new(0usize);
    let attempt = |extra: &[Lock]| -> Option<LockClash> {
        tries.set(tries.get() + 1);
        let mut all = public.to_vec();
        all.extend_from_slice(extra);
        match solve::check_locks(map, c, &all) {
            Err(LockError::Clash(clash)) => Some(*clash),
            // A deal the pools cannot make (two locks taking the region's
            // only gold) is no clash: that deal cannot be what they hide.
            _ => None,
        }
    };
    let as_tile = |l: &Lock, t: Terrain| Lock { hex: l.hex, terrain: t, number: None };
    for l in hidden {
        for t in candidates(map, l.hex) {
            if let Some(clash) = attempt(&[as_tile(l, t)]) {
                return Some((vec![l.hex], clash));
            }
        }
    }
    for (i, a) in hidden.iter().enumerate() {
        for b in hidden[i + 1..].iter().filter(|b| a.hex.distance(b.hex) == 1) {
            for ta in candidates(map, a.hex) {
                for tb in candidates(map, b.hex) {
                    if tries.get() > MAX_TRIES {
                        return None;
                    }
                    if let Some(clash) = attempt(&[as_tile(a, ta), as_tile(b, tb)]) {
                        return Some((vec![a.hex, b.hex], clash));
                    }
                }
            }
        }
    }
    None
}
