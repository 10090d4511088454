//! One rule oracle, checked from outside on thousands of random small user
//! maps (issue 29): random drawings with sea, random slots of two regions
//! (one sometimes face down), fixed land with printed chips, fixed fishing
//! grounds and harbors, random pools, and every rule toggled at random.
//!
//! For every map:
//! - validation refuses it whenever the fixed hexes alone break a rule, as an
//!   independent check (`tests/partial`, written from the format doc) finds,
//!   naming that rule; a map it accepts has fixed hexes that break nothing;
//! - every board the sampler draws for an accepted map keeps its fixed hexes
//!   and every rule under the independent whole-board check (`tests/sampling`).
//!
//! - when the sampler proves that no board exists, on a map small enough to
//!   enumerate (at most 6 random slots, no harbors), no deal of its pools
//!   keeps every rule under the independent check.
//!
//! `HEXPRESS_RANDOM_MAPS` sets how many maps (default 3,000).

use crate::partial;
use crate::sampling;

use std::time::{Duration, Instant};

use hexpress::diag::Source;
use hexpress::model::CellContent;
use hexpress::solve::{SolveError, SolveOptions, Solver};
use rayon::prelude::*;
use sampling::{broken, Board, Geo, Rand};

const LAND: [&str; 7] = ["forest", "hills", "fields", "pasture", "mountains", "gold", "desert"];
const CHIPS: [u8; 10] = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12];
const RULES: [&str; 7] = [
    "no_adjacent_red",
    "no_equal_neighbours",
    "no_2_next_to_12",
    "gold_no_red",
    "gold_not_adjacent",
    "max_terrain_group",
    "max_corner_pips",
];

fn takes_chip(t: &str) -> bool {
    !matches!(t, "desert" | "sea")
}

/// A random small scenario file.
fn random_scenario(k: u64) -> String {
    let mut rng = Rand::new(k);
    let rows = 2 + rng.below(3);
    let cols = 2 + rng.below(3);
    let mut drawing = String::new();
    let mut used = std::collections::BTreeSet::new();
    let (mut slots_a, mut slots_b) = (0usize, 0usize);
    for y in 0..rows {
        let mut line = String::from(if y % 2 == 0 { "  " } else { "" });
        for x in 0..cols {
            let code = match rng.below(20) {
                0..=8 => '*',
                9..=10 => '+',
                11..=13 => '~',
                14 => 'F',
                15 => 'E',
                16 => 'G',
                17 => 'f',
                _ => 'h',
            };
            match code {
                '*' => slots_a += 1,
                '+' => slots_b += 1,
                _ => {}
            }
            used.insert(code);
            if x > 0 {
                line.push_str("   ");
            }
            line.push(code);
        }
        drawing.push_str(line.trim_end());
        drawing.push('\n');
    }
    let chip = |rng: &mut Rand| CHIPS[rng.below(CHIPS.len())];
    let mut legend = String::new();
    for code in &used {
        let entry = match code {
            '~' => "\"sea\"".to_string(),
            '*' => "{ region = \"a\" }".to_string(),
            '+' => "{ region = \"b\" }".to_string(),
            'F' => format!("{{ terrain = \"forest\", number = {} }}", chip(&mut rng)),
            'E' => format!("{{ terrain = \"hills\", number = {} }}", chip(&mut rng)),
            'G' => format!("{{ terrain = \"gold\", number = {} }}", chip(&mut rng)),
            'f' => "\"fishing_ground\"".to_string(),
            _ => "{ harbor = \"3:1\" }".to_string(),
        };
        legend.push_str(&format!("\"{code}\" = {entry}\n"));
    }
    let mut regions = String::new();
    for (key, n, face_down) in [("a", slots_a, false), ("b", slots_b, rng.below(2) == 0)] {
        if n == 0 {
            continue;
        }
        let mut tiles = std::collections::BTreeMap::new();
        let mut numbers = Vec::new();
        for _ in 0..n {
            let t = match rng.below(6) {
                0 => "sea",
                _ => LAND[rng.below(LAND.len())],
            };
            *tiles.entry(t).or_insert(0) += 1;
            if takes_chip(t) {
                numbers.push(chip(&mut rng));
            }
        }
        let tiles: Vec<String> = tiles.iter().map(|(t, n)| format!("{t} = {n}")).collect();
        let numbers: Vec<String> = numbers.iter().map(u8::to_string).collect();
        regions.push_str(&format!(
            "\n[map.regions.{key}]\ntiles = {{ {} }}\nnumbers = [{}]\n{}",
            tiles.join(", "),
            numbers.join(", "),
            if face_down { "face_down = true\n" } else { "" }
        ));
    }
    let mut rules = String::new();
    for key in [
        "no_adjacent_red",
        "no_equal_neighbours",
        "no_2_next_to_12",
        "gold_no_red",
        "gold_not_adjacent",
        "harbors_apart",
        "harbors_off_fishing_grounds",
    ] {
        rules.push_str(&format!("{key} = {}\n", rng.below(2) == 0));
    }
    if rng.below(2) == 0 {
        rules.push_str(&format!("max_terrain_group = {}\n", 1 + rng.below(3)));
    }
    if rng.below(2) == 0 {
        rules.push_str(&format!("max_corner_pips = {}\n", 5 + rng.below(8)));
    }
    format!(
        "[scenario]\nid = \"random-{k}\"\ntitle = \"Random {k}\"\nplayers = [4]\n\n[legend]\n{legend}\n\
         [[map]]\nplayers = [4]\nhexes = \"\"\"\n{drawing}\"\"\"\n{regions}\n[constraints]\n{rules}"
    )
}

#[derive(Default, Debug, Clone, Copy)]
struct Tally {
    maps: usize,
    accepted: usize,
    refused_for_a_rule: usize,
    boards: usize,
    no_board: usize,
    proofs_enumerated: usize,
}

#[test]
fn validation_the_sampler_and_an_independent_check_agree_on_random_maps() {
    let n: u64 =
        std::env::var("HEXPRESS_RANDOM_MAPS").ok().and_then(|v| v.parse().ok()).unwrap_or(3_000);
    let tallies: Vec<Tally> = (0..n)
        .into_par_iter()
        .map(|k| {
            let mut t = Tally { maps: 1, ..Tally::default() };
            let text = random_scenario(k);
            let source = Source::new(format!("random-{k}.toml"), text.clone());
            // The fixed hexes alone, from the parsed model (validation may
            // refuse the map, so read it without validating: a map the
            // parser accepts has its cells).
            let s = match hexpress::model::load(&source) {
                Ok(s) => s,
                Err(d) => {
                    let rendered = hexpress::diag::render(&source, &d);
                    // Which fixed-only breaks should have been named? Check
                    // by loading the same map with every rule off.
                    let mut relaxed = text.clone();
                    let cut = relaxed.find("[constraints]").expect("constraints");
                    relaxed.truncate(cut);
                    relaxed.push_str(
                        "[constraints]\nno_adjacent_red = false\nharbors_apart = false\nharbors_off_fishing_grounds = false\n",
                    );
                    let Ok(plain) = hexpress::model::load(&Source::new("relaxed", relaxed)) else {
                        return t; // refused for something other than a rule
                    };
                    let strictish = strict_constraints_of(&text, &plain);
                    let map = plain.map_for(4).expect("map");
                    let found = partial::broken_by_known(map, &strictish, &partial::known(map, &[]));
                    for (rule, _) in &found {
                        assert!(
                            rendered.contains(rule),
                            "map {k}: the fixed hexes break `{rule}`, and validation does not say so:\n{rendered}\n{text}"
                        );
                    }
                    if !found.is_empty() {
                        t.refused_for_a_rule = 1;
                    }
                    return t;
                }
            };
            t.accepted = 1;
            let map = s.map_for(4).expect("map");
            let c = &s.constraints;
            let found = partial::broken_by_known(map, c, &partial::known(map, &[]));
            assert!(found.is_empty(), "map {k}: accepted, but its fixed hexes break {found:?}\n{text}");
            let solver = Solver::new(map, c);
            let g = Geo::new(map);
            for seed in 0..3 {
                let opts = SolveOptions {
                    deadline: Some(Instant::now() + Duration::from_millis(500)),
                    ..SolveOptions::default()
                };
                match solver.solve(seed, &opts) {
                    Ok(layout) => {
                        t.boards += 1;
                        let b = Board::of(map, &layout);
                        let bad = broken(map, c, &g, &b);
                        assert!(bad.is_empty(), "map {k} seed {seed}: the board breaks {bad:?}\n{text}");
                        for (i, cell) in map.cells.iter().enumerate() {
                            if let CellContent::Fixed { terrain, number, .. } = cell.content {
                                assert_eq!(b.terrain[i], terrain, "map {k}: a fixed hex moved");
                                if number.is_some() {
                                    assert_eq!(b.number[i], number, "map {k}: a printed chip moved");
                                }
                            }
                        }
                    }
                    Err(
                        e @ (SolveError::Unsatisfiable { .. }
                        | SolveError::Conflict { .. }
                        | SolveError::Unsampleable { .. }),
                    ) => {
                        t.no_board = 1;
                        // A proof: the search ran out of placements, or the
                        // exact samplers' count found no board.
                        let proved = matches!(
                            e,
                            SolveError::Unsatisfiable { stop: hexpress::solve::Stop::Exhausted, .. }
                                | SolveError::Conflict { .. }
                        );
                        if proved {
                            let small = map.regions.iter().map(|r| r.slots.len()).sum::<usize>() <= 6
                                && map.cells.iter().all(|c| c.harbor.is_none());
                            t.proofs_enumerated = usize::from(small);
                            if let Some(valid) = any_valid_deal(map, c, &g) {
                                panic!("map {k}: the sampler proved no board exists, but {valid:?} keeps every rule\n{text}");
                            }
                        }
                        break;
                    }
                    Err(e) => panic!("map {k}: {e}\n{text}"),
                }
            }
            t
        })
        .collect();
    let sum = tallies.iter().fold(Tally::default(), |a, t| Tally {
        maps: a.maps + t.maps,
        accepted: a.accepted + t.accepted,
        refused_for_a_rule: a.refused_for_a_rule + t.refused_for_a_rule,
        boards: a.boards + t.boards,
        no_board: a.no_board + t.no_board,
        proofs_enumerated: a.proofs_enumerated + t.proofs_enumerated,
    });
    println!("{sum:?}");
    assert!(sum.accepted > sum.maps / 10, "enough maps are valid to test the sampler: {sum:?}");
    assert!(sum.refused_for_a_rule > 0, "some maps break a rule with fixed hexes: {sum:?}");
    assert!(sum.boards > sum.maps / 10, "boards were drawn: {sum:?}");
    assert!(sum.proofs_enumerated > 0, "some proofs were checked by enumeration: {sum:?}");
}

/// The rules the file turns on, read back from the text, over the relaxed
/// map's constraints (so the fixed-only check uses exactly the file's rules).
fn strict_constraints_of(
    text: &str,
    plain: &hexpress::model::Scenario,
) -> hexpress::model::Constraints {
    let mut c = plain.constraints.clone();
    let rules = &text[text.find("[constraints]").expect("constraints")..];
    let flag = |key: &str| rules.contains(&format!("{key} = true"));
    c.no_adjacent_red = flag(RULES[0]);
    c.no_equal_neighbours = flag(RULES[1]);
    c.no_2_next_to_12 = flag(RULES[2]);
    c.gold_no_red = flag(RULES[3]);
    c.gold_not_adjacent = flag(RULES[4]);
    let number = |key: &str| {
        rules.lines().find_map(|l| l.strip_prefix(&format!("{key} = "))?.trim().parse().ok())
    };
    c.max_terrain_group = number(RULES[5]);
    c.max_corner_pips = number(RULES[6]);
    c
}

/// Rearranges `v` into the next permutation in lexicographic order; false
/// after the last.
fn next_permutation<T: Ord>(v: &mut [T]) -> bool {
    let Some(i) = (1..v.len()).rev().find(|&i| v[i - 1] < v[i]) else { return false };
    let j = (i..v.len()).rev().find(|&j| v[j] > v[i - 1]).expect("a larger element");
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

/// A deal of every pool (tiles over slots, chips over the face-up hexes
/// that take one) that keeps every rule, on a map with at most 6 random
/// slots and no harbors; `None` when there is none (or the map is larger).
fn any_valid_deal(
    map: &hexpress::model::MapDef,
    c: &hexpress::model::Constraints,
    g: &Geo,
) -> Option<Board> {
    use hexpress::vocab::Terrain;
    let slots: usize = map.regions.iter().map(|r| r.slots.len()).sum();
    if slots > 6 || map.cells.iter().any(|c| c.harbor.is_some()) {
        return None;
    }
    let mut board = Board {
        terrain: vec![Terrain::Sea; map.cells.len()],
        number: vec![None; map.cells.len()],
        harbors: Vec::new(),
    };
    for (i, cell) in map.cells.iter().enumerate() {
        if let CellContent::Fixed { terrain, number, .. } = cell.content {
            board.terrain[i] = terrain;
            board.number[i] = number;
        }
    }
    // Every arrangement of each region's tiles, region by region.
    let mut tiles: Vec<Vec<Terrain>> = map
        .regions
        .iter()
        .map(|r| {
            let mut v: Vec<Terrain> =
                r.tiles.iter().flat_map(|(t, k)| std::iter::repeat_n(*t, *k as usize)).collect();
            v.sort();
            v
        })
        .collect();
    fn deal_tiles(
        map: &hexpress::model::MapDef,
        c: &hexpress::model::Constraints,
        g: &Geo,
        tiles: &mut [Vec<Terrain>],
        r: usize,
        board: &mut Board,
    ) -> bool {
        if r == tiles.len() {
            return deal_chips(map, c, g, 0, board);
        }
        let mut v = tiles[r].clone();
        loop {
            for (slot, t) in map.regions[r].slots.iter().zip(&v) {
                board.terrain[*slot] = *t;
            }
            if deal_tiles(map, c, g, tiles, r + 1, board) {
                return true;
            }
            if !next_permutation(&mut v) {
                return false;
            }
        }
    }
    /// Chips of each face-up region (from `r` on) over its hexes that take one.
    fn deal_chips(
        map: &hexpress::model::MapDef,
        c: &hexpress::model::Constraints,
        g: &Geo,
        r: usize,
        board: &mut Board,
    ) -> bool {
        let Some(region) = map.regions.get(r) else {
            return broken(map, c, g, board).is_empty();
        };
        if region.face_down {
            return deal_chips(map, c, g, r + 1, board);
        }
        let mut hexes = Vec::new();
        for s in &region.slots {
            board.number[*s] = None;
            if c.takes_chip(board.terrain[*s]) {
                hexes.push(*s);
            }
        }
        let mut chips = region.numbers.clone();
        if hexes.len() != chips.len() {
            return false;
        }
        chips.sort();
        loop {
            for (h, v) in hexes.iter().zip(&chips) {
                board.number[*h] = Some(*v);
            }
            if deal_chips(map, c, g, r + 1, board) {
                return true;
            }
            if !next_permutation(&mut chips) {
                return false;
            }
        }
    }
    deal_tiles(map, c, g, &mut tiles, 0, &mut board).then_some(board)
}
