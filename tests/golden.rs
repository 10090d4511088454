//! Golden `layout.json` files for fixed seeds: a seed must keep giving the
//! same map across versions and machines. Regenerate with `HEXPRESS_BLESS=1`.

use crate::common;

use hexpress::export::json::to_json;
use hexpress::solve::{solve, SolveOptions};

fn golden(id: &str, players: u8, seed: u64) {
    let s = common::builtin(id);
    let layout = solve(&s, players, seed, &SolveOptions::default()).expect("solves");
    common::check_golden(
        &format!("tests/ref/layout/{id}-{players}p-{seed}.json"),
        &to_json(&layout),
    );
}

#[test]
fn base_4p_seed_1() {
    golden("base", 4, 1);
}

#[test]
fn base_3p_seed_2026() {
    golden("base", 3, 2026);
}

#[test]
fn gold_for_catan_3p_seed_2() {
    golden("gold-for-catan", 3, 2);
}

#[test]
fn gold_for_catan_4p_seed_42() {
    golden("gold-for-catan", 4, 42);
}

#[test]
fn catan_world_4p_seed_3() {
    golden("catan-world", 4, 3);
}

#[test]
fn seven_islands_3p_seed_4() {
    golden("seven-islands", 3, 4);
}

#[test]
fn reach_catan_4p_seed_5() {
    golden("reach-catan", 4, 5);
}

#[test]
fn traders_and_wagons_3p_seed_6() {
    golden("traders-and-wagons", 3, 6);
}

#[test]
fn fishermen_4p_seed_7() {
    golden("fishermen", 4, 7);
}

#[test]
fn fog_islands_3p_seed_8() {
    golden("fog-islands", 3, 8);
}

#[test]
fn strict_base_seed_7() {
    let mut s = common::builtin("base");
    s.constraints = hexpress::model::Constraints::strict();
    let layout = solve(&s, 4, 7, &SolveOptions::default()).expect("solves");
    let mut recipe = hexpress::recipe::Recipe::plain(&layout);
    recipe.rules = Some(hexpress::model::RulePreset::Strict);
    let json = hexpress::export::json::layout_json(&layout, &recipe, None);
    common::check_golden("tests/ref/layout/base-strict-4p-7.json", &json);
}
