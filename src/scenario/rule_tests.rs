//! The placement-rule table's own checks: each descriptor in its place,
//! each settable rule a key of its type, `get`/`set` per rule, the presets.

use super::fields::{self, Ty};
use super::rule_table::*;

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
