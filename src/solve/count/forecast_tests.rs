//! The growth forecast is a rule of thumb, and [`Bound::foresee`] turns it
//! off (what `--exact` does): a table that fits its limit is then built.

use super::super::problem::Problem;
use super::classes::Split;
use super::{Bound, Counter, TooBig};
use crate::model::RulePreset;

/// On Reach Catan under the strict rules the pips table reaches about
/// 100,000 states in all, but its middle layers foresee more than three
/// times that: with the limit set at the states it really reaches, the
/// forecast abandons the table and the whole sweep builds it.
#[test]
fn a_table_the_forecast_abandons_is_built_without_it() {
    let s = crate::model::load(&crate::builtin::source("reach-catan").expect("built-in"))
        .expect("valid built-in")
        .with_preset(RulePreset::Strict)
        .expect("strict applies");
    let map = &s.maps[0];
    let p = Problem::new(map, &s.constraints, &[]).expect("no locks");
    let whole = Bound { states: usize::MAX, foresee: false, deadline: None };
    let reached = Counter::until(&p, &p.c, Split::Pips, whole).expect("a table").reached;
    let exact = Bound { states: reached, foresee: false, deadline: None };
    let built = Counter::until(&p, &p.c, Split::Pips, exact).expect("fits at its own size");
    assert_eq!(built.reached, reached);
    let foreseen = Bound { foresee: true, ..exact };
    assert!(
        matches!(Counter::until(&p, &p.c, Split::Pips, foreseen), Err(TooBig::Foreseen)),
        "the forecast was expected to abandon a table of {reached} states at that limit"
    );
}
