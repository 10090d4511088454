//! What a map's chips allow at best: the fewest pairs of red chips (6 and 8)
//! that must share a resource. The fairness bar's `red_same_resource` counts
//! pairs beyond these, so a bar of 0 asks for the reds spread as evenly as the
//! chips allow: none shared with the base game's four reds, one pair with
//! the 5-6 player extension's six reds on five resources.

use crate::model::{CellContent, MapDef};
use crate::vocab::is_red;

/// The fewest pairs of face-up red chips that share a resource on any board
/// of `map`. A lower bound: it spreads the reds of every face-up pool over
/// all the map's hexes of each resource that can take a chip, as if any red
/// could lie on any of them (regions are not kept apart; gold and other
/// chip-taking hexes that produce no resource are left out, as if a red
/// could never go there). Chips printed on fixed hexes stay where they are.
pub(crate) fn forced_red_pairs(map: &MapDef) -> u32 {
    // Reds fixed on each resource, and free hexes of each resource.
    let mut reds = [0u32; 5];
    let mut room = [0u32; 5];
    let mut loose = 0u32;
    for c in &map.cells {
        if let CellContent::Fixed { terrain, number, chip_region } = c.content {
            let Some(r) = terrain.resource() else { continue };
            match (number, chip_region) {
                (Some(n), _) => reds[r as usize] += u32::from(is_red(n)),
                (None, Some(g)) if map.regions.get(g).is_some_and(|g| !g.face_down) => {
                    room[r as usize] += 1;
                }
                _ => {}
            }
        }
    }
    for g in map.regions.iter().filter(|g| !g.face_down) {
        loose += g.numbers.iter().filter(|n| is_red(**n)).count() as u32;
        for (t, k) in &g.tiles {
            if let Some(r) = t.resource().filter(|_| t.can_take_chip()) {
                room[r as usize] += k;
            }
        }
    }
    // Each loose red goes where the fewest reds lie so far: the fewest new
    // pairs (the sum of n(n-1)/2 is convex, so greedy is optimal).
    for _ in 0..loose {
        let best = (0..5).filter(|r| room[*r] > 0).min_by_key(|r| (reds[*r], *r));
        let Some(r) = best else { break };
        reds[r] += 1;
        room[r] -= 1;
    }
    reds.iter().map(|n| n * n.saturating_sub(1) / 2).sum()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn map(id: &str, players: u8) -> MapDef {
        let s = crate::model::load(&crate::builtin::source(id).unwrap()).unwrap();
        s.map_for(players).unwrap().clone()
    }

    #[test]
    fn four_reds_on_five_resources_need_share_none() {
        assert_eq!(forced_red_pairs(&map("base", 4)), 0);
    }

    #[test]
    fn more_reds_than_resources_force_pairs() {
        let mut m = map("base", 4);
        // Two more reds in the pool: six on five resources, one pair; then
        // four more: ten, five pairs.
        let g = m.regions.iter_mut().find(|g| !g.face_down).unwrap();
        let twos: Vec<usize> =
            g.numbers.iter().enumerate().filter(|(_, n)| **n == 3).map(|(i, _)| i).collect();
        g.numbers[twos[0]] = 6;
        g.numbers[twos[1]] = 8;
        assert_eq!(forced_red_pairs(&m), 1);
        let g = m.regions.iter_mut().find(|g| !g.face_down).unwrap();
        for n in g.numbers.iter_mut().filter(|n| matches!(**n, 4 | 10)) {
            *n = 6;
        }
        assert_eq!(forced_red_pairs(&m), 5);
    }
}
