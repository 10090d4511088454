//! The placement rules a scenario file sets itself, laid over a preset.

use super::{ConstraintId, Constraints, RulePreset, RuleValue, RULES};
use crate::vocab::Terrain;

/// The rules a scenario file sets itself, each `None` when the file leaves
/// it to the preset. Laid over a preset by [`Overrides::apply`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Overrides {
    /// The file's value of each rule, by [`ConstraintId::index`].
    pub values: [Option<RuleValue>; RULES.len()],
    /// `no_chip` (not part of any preset: it is about the scenario's terrains).
    pub no_chip: Vec<Terrain>,
}

impl Overrides {
    /// The file's value of rule `id`, if it sets one.
    pub fn get(&self, id: ConstraintId) -> Option<RuleValue> {
        self.values[id.index()]
    }

    /// Sets the file's value of rule `id`.
    pub fn set(&mut self, id: ConstraintId, v: RuleValue) {
        self.values[id.index()] = Some(v);
    }

    /// The preset's rules with the file's own settings on top.
    ///
    /// ```
    /// use hexpress::model::{ConstraintId, Overrides, RulePreset, RuleValue};
    /// let mut mine = Overrides::default();
    /// mine.set(ConstraintId::MaxCornerPips, RuleValue::Limit(Some(12)));
    /// let c = mine.apply(RulePreset::Strict);
    /// assert_eq!(c.max_corner_pips, Some(12));
    /// assert!(c.no_equal_neighbours);
    /// ```
    pub fn apply(&self, preset: RulePreset) -> Constraints {
        let mut c = preset.constraints();
        for id in ConstraintId::ALL {
            if let Some(v) = self.get(id) {
                c.set(id, v);
            }
        }
        c.no_chip.clone_from(&self.no_chip);
        c
    }
}
