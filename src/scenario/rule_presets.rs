//! The named starting sets of placement rules. Each rule's value in each
//! preset is in its descriptor (`rule_table::RULES`), and
//! `RulePreset::constraints` there lays them out.

use std::fmt;

/// A named starting set of placement rules, chosen with `rules = "..."` in
/// `[constraints]` or with `--rules` (whose help is the variants' docs); the
/// scenario's own settings apply on top. Official is the default. Each
/// rule's value in each preset is in its descriptor (`RULES`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RulePreset {
    /// No 6 or 8 next to another 6 or 8 (the published rule).
    Official,
    /// Also no equal neighbours, no 2 next to 12, at most 10 pips at a
    /// corner, same-terrain groups of at most 2.
    Strict,
}

impl RulePreset {
    /// Every preset.
    pub const ALL: [RulePreset; 2] = [RulePreset::Official, RulePreset::Strict];

    /// The name used in files and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            RulePreset::Official => "official",
            RulePreset::Strict => "strict",
        }
    }

    /// Its name on the web page's menu.
    pub const fn title(self) -> &'static str {
        match self {
            RulePreset::Official => "Official rules",
            RulePreset::Strict => "Strict rules",
        }
    }

    /// Parses a preset name.
    pub fn from_name(s: &str) -> Option<RulePreset> {
        RulePreset::ALL.into_iter().find(|p| p.name() == s)
    }
}

impl fmt::Display for RulePreset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::super::fields::{self, Ty};
    use super::super::rule_table::*;
    use super::RulePreset;

    #[test]
    fn each_descriptor_sits_at_its_rules_index_under_a_unique_key() {
        for (i, r) in RULES.iter().enumerate() {
            assert_eq!(r.id.index(), i, "{} out of place", r.key);
            assert_eq!(ConstraintId::from_key(r.key), Some(r.id));
        }
        assert_eq!(ConstraintId::from_key("no_such_rule"), None);
    }

    #[test]
    fn every_rule_a_file_can_set_is_a_key_of_its_type() {
        for r in RULES.iter() {
            let field = fields::CONSTRAINTS.iter().find(|f| f.name == r.key);
            match (r.setting, field.map(|f| f.ty)) {
                (Setting::Switch, Some(Ty::Bool)) => {}
                (Setting::Limit { min, max }, Some(Ty::Int(lo, hi))) => {
                    assert_eq!((min, max), (lo, hi), "{}", r.key)
                }
                (Setting::Always, None) => {}
                (s, t) => panic!("{}: setting {s:?} but field {t:?}", r.key),
            }
        }
    }

    #[test]
    fn every_rule_keeps_the_value_it_is_set_to() {
        for r in RULES.iter().filter(|r| r.settable()) {
            for v in match r.setting {
                Setting::Switch => vec![RuleValue::Switch(true), RuleValue::Switch(false)],
                _ => vec![RuleValue::Limit(Some(3)), RuleValue::Limit(None)],
            } {
                let mut c = Constraints::none();
                c.set(r.id, v);
                assert_eq!(c.get(r.id), v, "{}", r.key);
                let others = RULES.iter().filter(|o| o.id != r.id && o.settable());
                assert!(others.clone().all(|o| !c.is_on(o.id)), "{} set another rule", r.key);
            }
        }
    }

    #[test]
    fn each_preset_holds_its_descriptors_values() {
        for p in RulePreset::ALL {
            let c = p.constraints();
            for r in RULES.iter().filter(|r| r.settable()) {
                assert_eq!(c.get(r.id), r.value(p), "{p} {}", r.key);
            }
            assert_eq!(RulePreset::from_name(p.name()), Some(p));
        }
        assert_eq!(Constraints::default(), RulePreset::Official.constraints());
    }
}
