//! The board check of a map whose regions may set their own rules
//! ([`crate::model::region_rules`]): one scan per rule set, each keeping
//! the clashes that touch a hex of its set. A clash two sets both find is
//! reported once; harbor rules, the same in every set, are scanned once.

use std::ops::ControlFlow;

use super::{Clash, Oracle, Scan, View};
use crate::model::{ConstraintId, Constraints, MapDef, RegionRules};

/// The one board check of a map: its rules, per region where a region sets
/// its own. Build it once, scan many boards.
#[derive(Clone, Debug)]
pub struct MapCheck<'a> {
    /// The scenario's rules.
    c: Constraints,
    /// One check per rule set, with the cells that keep it (`None`: every cell).
    parts: Vec<(Oracle<'a>, Option<Vec<bool>>)>,
    /// The clashes reported in the current scan (rule sets may share one).
    seen: Vec<(ConstraintId, Vec<u32>)>,
}

impl<'a> MapCheck<'a> {
    /// The check of `map` under the scenario's rules `c` and its regions' own.
    pub(crate) fn for_map(map: &'a MapDef, c: &Constraints) -> MapCheck<'a> {
        let parts = match RegionRules::new(map, c) {
            None => vec![(Oracle::for_map(map, c), None)],
            Some(rr) => rr
                .sets
                .iter()
                .enumerate()
                .map(|(k, set)| (Oracle::for_map(map, set), Some(rr.mask(k))))
                .collect(),
        };
        MapCheck { c: c.clone(), parts, seen: Vec::new() }
    }

    /// The scenario's rules.
    pub fn constraints(&self) -> &Constraints {
        &self.c
    }

    /// Whether regions set rules of their own.
    pub fn per_region(&self) -> bool {
        self.parts.len() > 1
    }

    /// The limit `clash` passed: the smallest limit of its rule among the
    /// rule sets of its hexes (`None` for a switch).
    pub fn limit(&self, clash: &Clash) -> Option<u32> {
        let touches = |mask: &Option<Vec<bool>>| match mask {
            None => true,
            Some(m) => clash.cells.iter().any(|x| m.get(*x as usize) == Some(&true)),
        };
        self.parts
            .iter()
            .filter(|(_, mask)| touches(mask))
            .filter_map(|(o, _)| o.constraints().get(clash.rule).limit())
            .min()
    }

    /// The scenario's rules with the limit `clash` passed ([`MapCheck::limit`]):
    /// the rules its messages quote.
    pub(crate) fn rules_of(&self, clash: &Clash) -> Constraints {
        let mut c = self.c.clone();
        if clash.rule.is_limit() {
            c.set(clash.rule, crate::model::RuleValue::Limit(self.limit(clash)));
        }
        c
    }
}

impl Scan for MapCheck<'_> {
    /// Calls `f` with every clash of `v` (rule set by rule set, each in the
    /// order of the check of one rule set), until it breaks.
    fn scan(
        &mut self,
        v: &View<'_>,
        f: &mut dyn FnMut(Clash) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if self.parts.len() == 1 {
            return self.parts[0].0.scan(v, f);
        }
        self.seen.clear();
        let seen = &mut self.seen;
        for (k, (oracle, mask)) in self.parts.iter_mut().enumerate() {
            let mask = mask.as_deref().unwrap_or(&[]);
            oracle.scan(v, &mut |c: Clash| {
                let keep = match c.rule.is_harbor_rule() {
                    true => k == 0,
                    false => c.cells.iter().any(|x| mask.get(*x as usize) == Some(&true)),
                };
                if !keep || seen.iter().any(|(r, cells)| *r == c.rule && *cells == c.cells) {
                    return ControlFlow::Continue(());
                }
                seen.push((c.rule, c.cells.clone()));
                f(c)
            })?;
        }
        ControlFlow::Continue(())
    }
}
