//! Tests of the last guard on whole scenario boards.

use super::*;
use crate::solve::check::Rule;

fn base() -> crate::model::Scenario {
    crate::model::load(&crate::builtin::source("base").expect("built-in")).expect("valid")
}

#[test]
fn good_boards_pass_and_a_broken_one_names_rule_and_hexes() {
    let s = base();
    let map = s.map_for(4).expect("map");
    let mut guard = Guard::new(map, &s.constraints, &[]);
    let mut layout = crate::solve::solve(&s, 4, 5, &Default::default()).expect("solves");
    assert!(guard.check(&layout).is_ok());
    // Put two red chips side by side by swapping chips.
    let reds: Vec<usize> = (0..layout.hexes.len())
        .filter(|i| layout.hexes[*i].number.is_some_and(crate::vocab::is_red))
        .collect();
    let a = reds[0];
    let b = map
        .board
        .neighbors_of(reds[1])
        .find(|n| *n != a && layout.hexes[*n].number.is_some_and(|v| v != 6 && v != 8))
        .expect("a chip beside a red one");
    let (na, nb) = (layout.hexes[a].number, layout.hexes[b].number);
    layout.hexes[a].number = nb;
    layout.hexes[b].number = na;
    let e = guard.check(&layout).expect_err("broken");
    assert!(e
        .problems
        .iter()
        .any(|p| p.rule == Rule::Constraint(crate::model::ConstraintId::NoAdjacentRed)
            && p.at.len() == 2));
    assert!(e.to_string().contains("`no_adjacent_red`"), "{e}");
}

#[test]
fn a_changed_fixed_hex_or_lost_lock_is_refused() {
    let s = base();
    let map = s.map_for(4).expect("map");
    let layout = crate::solve::solve(&s, 4, 9, &Default::default()).expect("solves");
    let i = layout.hexes.iter().position(|h| !h.fixed).expect("a slot");
    let other =
        if layout.hexes[i].terrain == Terrain::Forest { Terrain::Hills } else { Terrain::Forest };
    let lock = Lock { hex: layout.hexes[i].hex, terrain: other, number: layout.hexes[i].number };
    let e = check_board(map, &s.constraints, &[lock], &layout).expect_err("lost lock");
    assert!(e.problems.iter().any(|p| p.rule == Rule::Locked), "{e}");
    let mut sea_to_land = layout.clone();
    sea_to_land.hexes[0].terrain = Terrain::Forest;
    let e = check_board(map, &s.constraints, &[], &sea_to_land).expect_err("fixed");
    assert!(e.problems.iter().any(|p| p.rule == Rule::Fixed), "{e}");
}
