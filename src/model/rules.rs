//! What each placement rule forbids: the one home of the rule predicates.
//!
//! Validation (rules that fixed hexes alone already break), the solver (its
//! incremental checks and tables), the whole-layout check in
//! [`crate::solve::check`] and the balance measures all ask these functions,
//! so a rule means the same thing everywhere. (The test suite keeps its own,
//! independently written oracle.)

use super::{ConstraintId, Constraints};
use crate::vocab::{is_red, pips, Terrain};

/// The rule that forbids chips `a` and `b` on neighbouring hexes, if any.
///
/// ```
/// use hexpress::model::{rules, ConstraintId, Constraints};
/// let c = Constraints::default();
/// assert_eq!(rules::chip_pair_clash(&c, 6, 8), Some(ConstraintId::NoAdjacentRed));
/// assert_eq!(rules::chip_pair_clash(&c, 5, 5), None);
/// ```
pub fn chip_pair_clash(c: &Constraints, a: u8, b: u8) -> Option<ConstraintId> {
    if c.no_adjacent_red && is_red(a) && is_red(b) {
        Some(ConstraintId::NoAdjacentRed)
    } else if c.no_equal_neighbours && a == b {
        Some(ConstraintId::NoEqualNeighbours)
    } else if c.no_2_next_to_12 && a.min(b) == 2 && a.max(b) == 12 {
        Some(ConstraintId::No2Next12)
    } else {
        None
    }
}

/// The second rule a neighbouring pair of chips breaks besides `first`
/// ([`chip_pair_clash`]): two equal red chips under both `no_adjacent_red`
/// and `no_equal_neighbours`. Reports name both, so that switching one rule
/// off is never offered as the fix.
pub(crate) fn chip_pair_also(
    c: &Constraints,
    first: ConstraintId,
    a: u8,
    b: u8,
) -> Option<ConstraintId> {
    (first == ConstraintId::NoAdjacentRed && c.no_equal_neighbours && a == b)
        .then_some(ConstraintId::NoEqualNeighbours)
}

/// The rule that forbids chip `v` on a hex of terrain `t`, if any.
pub(crate) fn chip_on_terrain_clash(c: &Constraints, t: Terrain, v: u8) -> Option<ConstraintId> {
    (c.gold_no_red && t == Terrain::Gold && is_red(v)).then_some(ConstraintId::GoldNoRed)
}

/// Whether `sum` pips at one corner break `max_corner_pips`.
pub(crate) fn corner_over(c: &Constraints, sum: u32) -> bool {
    c.max_corner_pips.is_some_and(|cap| sum > cap)
}

/// The rule that forbids terrains `a` and `b` on neighbouring hexes, if any.
pub(crate) fn terrain_pair_clash(c: &Constraints, a: Terrain, b: Terrain) -> Option<ConstraintId> {
    (c.gold_not_adjacent && a == Terrain::Gold && b == Terrain::Gold)
        .then_some(ConstraintId::GoldNotAdjacent)
}

/// Whether hexes of terrain `t` form the groups `max_terrain_group` limits
/// (resource terrains and gold: the ones that can carry a chip).
pub fn groups(t: Terrain) -> bool {
    t.can_take_chip()
}

/// Whether a group of `size` hexes of one terrain breaks `max_terrain_group`.
pub(crate) fn group_too_big(c: &Constraints, size: u32) -> bool {
    c.max_terrain_group.is_some_and(|max| size > max)
}

/// Whether a face-up harbor may face a hex of terrain `t`: it must be land
/// the players can see, never a face-down tile.
pub(crate) fn harbor_may_face(t: Terrain, face_down: bool) -> bool {
    t.is_land() && !face_down
}

/// What rule `id` asks, in plain words for players (with the limits of `c`).
///
/// ```
/// use hexpress::model::{rules, ConstraintId, Constraints};
/// let c = Constraints::strict();
/// assert_eq!(rules::plain(&c, ConstraintId::MaxCornerPips), "at most 10 pips may meet at a corner");
/// ```
pub fn plain(c: &Constraints, id: ConstraintId) -> String {
    let words = id.rule().plain;
    match c.get(id).limit() {
        Some(n) => words.replace("{}", &n.to_string()),
        None => words.replace("{}", "0"),
    }
}

/// Chip `v` as a bit of a chip mask (bit `v`; nothing for 0, the empty hex).
pub const fn chip_bit(v: u8) -> u16 {
    if crate::vocab::is_chip_number(v as i64) {
        1 << v
    } else {
        0
    }
}

/// Bits 2..=12 except 7: every chip value.
pub(crate) const ALL_CHIPS: u16 = 0b1_1111_0111_1100;

/// For each chip value `v`, the mask of chips the pair rules forbid next to it.
pub(crate) fn pair_table(c: &Constraints) -> [u16; 13] {
    let mut t = [0u16; 13];
    for (a, row) in t.iter_mut().enumerate().skip(2) {
        for b in 2..=12u8 {
            if a != 7 && b != 7 && chip_pair_clash(c, a as u8, b).is_some() {
                *row |= chip_bit(b);
            }
        }
    }
    t
}

/// Chips that no active rule can ever forbid anywhere: they can be dealt
/// last, onto whatever hexes are left.
pub(crate) fn free_chips(c: &Constraints) -> u16 {
    if c.max_corner_pips.is_some() {
        return 0;
    }
    let table = pair_table(c);
    let mut blocked = 0u16;
    for (v, row) in table.iter().enumerate() {
        if *row != 0 {
            blocked |= chip_bit(v as u8);
        }
    }
    if c.gold_no_red {
        blocked |= chip_bit(6) | chip_bit(8);
    }
    ALL_CHIPS & !blocked
}

/// Pips of every chip value, 0 for no chip (index = value).
pub const PIPS: [u8; 13] = {
    let mut t = [0u8; 13];
    let mut v = 2;
    while v <= 12 {
        if v != 7 {
            t[v] = pips(v as u8);
        }
        v += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_rules_free_every_chip_but_the_red_ones() {
        let c = Constraints::default();
        assert_eq!(free_chips(&c), ALL_CHIPS & !(chip_bit(6) | chip_bit(8)));
        let t = pair_table(&c);
        assert_eq!(t[6], chip_bit(6) | chip_bit(8));
        assert_eq!(t[5], 0);
    }

    #[test]
    fn strict_rules_free_nothing() {
        assert_eq!(free_chips(&Constraints::strict()), 0);
        let t = pair_table(&Constraints::strict());
        assert_eq!(t[2] & chip_bit(12), chip_bit(12));
        assert_eq!(t[4], chip_bit(4));
    }

    #[test]
    fn harbors_face_visible_land_only() {
        assert!(harbor_may_face(Terrain::Forest, false));
        assert!(!harbor_may_face(Terrain::Forest, true));
        assert!(!harbor_may_face(Terrain::Sea, false));
    }
}
