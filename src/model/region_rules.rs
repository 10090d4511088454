//! Rules per region: the rule set each hex keeps, when a region sets its own
//! rules (`[map.regions.<key>.constraints]`) on top of the scenario's.
//!
//! What a rule looks at may span hexes of several regions. It is broken
//! when it breaks the rules of any of those hexes:
//! - a pair of neighbouring chips or terrains: when either hex's rules
//!   forbid the pair;
//! - a chip on a hex: under that hex's rules;
//! - a corner: when its pips pass the cap of any hex meeting there;
//! - a group of touching hexes of one terrain: when it is larger than the
//!   limit of any hex in it.
//!
//! Hexes outside every region (fixed hexes that draw no chip from one) keep
//! the scenario's rules. Harbor rules apply to the whole map.

use super::{ConstraintId, Constraints, MapDef, RuleValue};

/// The rule sets of a map whose regions set their own rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RegionRules {
    /// The rule sets in force: the scenario's first, then one per region
    /// whose rules differ from it.
    pub sets: Vec<Constraints>,
    /// The region of each set after the first (index into `MapDef::regions`).
    pub regions: Vec<usize>,
    /// The set each cell keeps (index into `sets`).
    pub set_of: Vec<u32>,
    /// The loosest value of each rule over every set: what every hex keeps
    /// at least.
    pub loosest: Constraints,
}

impl RegionRules {
    /// The sets of `map` under the scenario's rules `c`; `None` when no
    /// region's rules differ from `c`.
    pub fn new(map: &MapDef, c: &Constraints) -> Option<RegionRules> {
        let mut sets = vec![c.clone()];
        let mut regions = Vec::new();
        let mut set_of = vec![0u32; map.cells.len()];
        for (ri, r) in map.regions.iter().enumerate() {
            let mut own = c.clone();
            for id in ConstraintId::ALL {
                if let Some(v) = r.rules.get(id) {
                    own.set(id, v);
                }
            }
            if own == *c {
                continue;
            }
            let k = sets.len() as u32;
            for x in r.slots.iter().chain(&r.chip_cells) {
                set_of[*x] = k;
            }
            sets.push(own);
            regions.push(ri);
        }
        if sets.len() == 1 {
            return None;
        }
        let loosest = sets.iter().skip(1).fold(c.clone(), |acc, s| loosest(&acc, s));
        Some(RegionRules { sets, regions, set_of, loosest })
    }

    /// The rules cell `x` keeps.
    pub(crate) fn of_cell(&self, x: usize) -> &Constraints {
        &self.sets[self.set_of[x] as usize]
    }

    /// The mask of the cells that keep set `k`.
    pub(crate) fn mask(&self, k: usize) -> Vec<bool> {
        self.set_of.iter().map(|s| *s as usize == k).collect()
    }
}

/// Each rule at its looser value of `a` and `b` (a switch on only when on
/// in both, the larger limit, no limit when either has none): every board
/// that keeps `a` or `b` keeps it.
pub(crate) fn loosest(a: &Constraints, b: &Constraints) -> Constraints {
    let mut out = a.clone();
    for id in ConstraintId::ALL {
        let v = match (a.get(id), b.get(id)) {
            (RuleValue::Switch(x), RuleValue::Switch(y)) => RuleValue::Switch(x && y),
            (RuleValue::Limit(Some(x)), RuleValue::Limit(Some(y))) => {
                RuleValue::Limit(Some(x.max(y)))
            }
            (RuleValue::Limit(_), RuleValue::Limit(_)) => RuleValue::Limit(None),
            (x, _) => x,
        };
        out.set(id, v);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_loosest_rules_keep_what_both_keep() {
        let (a, b) = (Constraints::strict(), Constraints::default());
        let l = loosest(&a, &b);
        assert!(l.no_adjacent_red);
        assert!(!l.no_equal_neighbours);
        assert_eq!(l.max_corner_pips, None);
        let mut c = Constraints::strict();
        c.max_terrain_group = Some(3);
        assert_eq!(loosest(&a, &c).max_terrain_group, Some(3));
    }
}
