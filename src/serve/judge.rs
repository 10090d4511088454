//! Locks judged before any search, telling only what the viewer may know.
//!
//! In the players' view a locked face-down hex keeps its tile secret, so
//! whether its lock is refused must not depend on that tile: a refusal that
//! came only for some tiles would tell the players which one it is. So:
//!
//! 1. the face-up locks are checked alone, and a clash among them is
//!    reported as usual (it names only hexes the players see);
//! 2. each locked face-down hex is tried with every tile its region could
//!    put there (never with the one it holds), alone, with each locked
//!    face-down neighbour, and (three or more of them) in every deal of
//!    their tiles together, up to [`MAX_TRIES`] deals; if any of them would
//!    break a rule with the other locks, the locks are refused, whatever the
//!    hexes hide, with a message that names the rule and the places but no
//!    tile;
//! 3. only then are the real tiles checked and the board searched. A failure
//!    there names no rule and no tile; it can depend on the tiles only when
//!    the face-down locks have more deals than [`MAX_TRIES`] (say, six
//!    face-down locks in a region of five terrains).
//!
//! In the setup view every tile is shown, and the locks are checked as they
//! are.

use super::error::ApiError;
use super::lock_error::{self, Telling};
use crate::front::model::{CellContent, Constraints, MapDef};
use crate::front::solve::{self, Lock, LockClash, LockError};
use crate::vocab::Terrain;

/// Candidate deals tried at most (pairs of neighbours and deals of three or
/// more face-down locks multiply them).
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
    // Every deal of the face-down locks' tiles was tried above (within
    // `MAX_TRIES`): what fails with the real tiles now is either beyond that
    // budget or no clash of tiles, and is answered without them.
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
    if hidden.len() < 3 {
        return None;
    }
    // Three or more: every deal of their tiles together (a group of three
    // forests, a corner of three reds), if the budget allows all of them.
    let choices: Vec<Vec<Terrain>> = hidden.iter().map(|l| candidates(map, l.hex)).collect();
    let deals = choices.iter().try_fold(1usize, |n, ts| n.checked_mul(ts.len()))?;
    if deals == 0 || tries.get().saturating_add(deals) > MAX_TRIES {
        return None;
    }
    let mut at = vec![0usize; hidden.len()];
    loop {
        let deal: Vec<Lock> =
            hidden.iter().zip(&at).zip(&choices).map(|((l, &i), ts)| as_tile(l, ts[i])).collect();
        if let Some(clash) = attempt(&deal) {
            return Some((hidden.iter().map(|l| l.hex).collect(), clash));
        }
        // The next deal, the first lock's tile turning fastest.
        let mut k = 0;
        loop {
            if k == at.len() {
                return None;
            }
            at[k] += 1;
            if at[k] < choices[k].len() {
                break;
            }
            at[k] = 0;
            k += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Source;

    /// Three face-down forests in a row: no single tile and no pair breaks a
    /// group limit of 2, but the three together can. The locks are refused
    /// whatever tiles they hold.
    #[test]
    fn three_face_down_locks_are_tried_together() {
        let text = include_str!("../../tests/fixtures/face-down.toml")
            .replace("forest = 2, pasture = 2, gold", "forest = 3, pasture = 1, gold")
            .replace(
                "[map.regions.home]",
                "[constraints]\nmax_terrain_group = 2\n\n[map.regions.home]",
            );
        let s =
            crate::front::model::load(&Source::new("fog.toml", text)).expect("the fixture loads");
        let map = s.map_for(4).expect("a 4-player map");
        let fog = map.regions.iter().position(|g| g.key == "fog").expect("the fog");
        let mut slots: Vec<crate::axial::Hex> = map
            .cells
            .iter()
            .filter(|c| matches!(c.content, CellContent::Slot { region } if region == fog))
            .map(|c| c.hex)
            .collect();
        slots.sort_by_key(|h| (h.r, h.q));
        let row = slots
            .windows(3)
            .find(|w| {
                w[0].distance(w[1]) == 1 && w[1].distance(w[2]) == 1 && w[0].distance(w[2]) == 2
            })
            .expect("three fog hexes in a row");
        // What they hold does not matter: the candidates are the pool's.
        let hidden: Vec<Lock> = row
            .iter()
            .zip([Terrain::Pasture, Terrain::Hills, Terrain::Mountains])
            .map(|(&hex, terrain)| Lock { hex, terrain, number: None })
            .collect();
        let (places, clash) =
            could_clash(map, &s.constraints, &[], &hidden).expect("three forests clash");
        assert_eq!(places.len(), 3);
        assert_eq!(clash.rule, crate::front::model::ConstraintId::MaxTerrainGroup);
        // Two of them alone clash under no deal.
        assert!(could_clash(map, &s.constraints, &[], &hidden[..2]).is_none());
    }
}
