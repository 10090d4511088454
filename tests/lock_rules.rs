//! Locks against every rule, checked from outside the library.
//!
//! The checks here are written from `docs/scenario-format.md` ("What each rule
//! looks at" and "Locking hexes") on the scenario model and hex geometry
//! alone: nothing calls the library's rule code (`model::oracle`,
//! `model::rules`, `solve::check`). Over many random lock sets on every
//! built-in, player count and both presets:
//!
//! - a lock set is accepted by `check_locks` exactly when the independent
//!   check finds no rule broken among the locked and fixed hexes alone;
//! - a refused set names a rule the independent check also finds broken;
//! - every board drawn around an accepted set keeps every lock and every
//!   rule under the independent full-board check of `tests/sampling`.
//!
//! And the locked reroll stays a fair draw: boards drawn around a lock set
//! cannot be told from a reference sampler (uniform by construction) on the
//! map where those hexes are printed as fixed.
//!
//! `HEXPRESS_LOCK_SETS` raises the number of lock sets per map and preset.

use crate::common;
use crate::partial;
use crate::sampling;

use std::collections::BTreeSet;

use hexpress::axial::Hex;
use hexpress::model::{CellContent, Constraints, MapDef, RulePreset, Scenario};
use hexpress::solve::{check_locks, Lock, LockError, SolveError, SolveOptions, Solver};
use hexpress::vocab::Terrain;
use partial::{broken_by_known, known};
use rayon::prelude::*;
use sampling::{broken, chi2, code, counts, null_chi2, Board, Geo, Rand, Reference, FAMILIES};

fn lock_sets(default: usize) -> usize {
    std::env::var("HEXPRESS_LOCK_SETS").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// A random lock set on `map`, taken from the valid board `from`: a random
/// subset of the face-up slots that hold a chip-taking tile, with their
/// tiles shuffled among themselves and their chips shuffled among
/// themselves, each within its region (so the pools always fit, and rules
/// may break). Only chip-taking land trades places, so water, deserts,
/// fishing grounds and harbors lie as on `from`: the harbor rules can always
/// be kept (as `from` keeps them) and the independent check leaves them out.
fn random_locks(map: &MapDef, c: &Constraints, from: &Board, rng: &mut Rand) -> Vec<Lock> {
    let mut by_region: Vec<Vec<usize>> = vec![Vec::new(); map.regions.len()];
    for (i, cell) in map.cells.iter().enumerate() {
        if let CellContent::Slot { region } = cell.content {
            let t = from.terrain[i];
            if !map.regions[region].face_down && t.can_take_chip() && c.takes_chip(t) {
                by_region[region].push(i);
            }
        }
    }
    let mut locks = Vec::new();
    let want = 2 + rng.below(10);
    let regions: Vec<usize> = (0..by_region.len()).filter(|r| by_region[*r].len() >= 2).collect();
    if regions.is_empty() {
        return locks;
    }
    // Mostly one region (clashes need neighbours), sometimes several.
    let picked: Vec<usize> = match rng.below(3) {
        0 => regions.clone(),
        _ => vec![regions[rng.below(regions.len())]],
    };
    for r in picked {
        let mut cells = by_region[r].clone();
        rng.shuffle(&mut cells);
        cells.truncate(want.min(cells.len()));
        let mut tiles: Vec<Terrain> = cells.iter().map(|i| from.terrain[*i]).collect();
        let mut chips: Vec<Option<u8>> = cells.iter().map(|i| from.number[*i]).collect();
        if rng.below(2) == 0 {
            rng.shuffle(&mut tiles);
        }
        if rng.below(4) != 0 {
            rng.shuffle(&mut chips);
        }
        for ((i, t), n) in cells.iter().zip(tiles).zip(chips) {
            locks.push(Lock { hex: map.cells[*i].hex, terrain: t, number: n });
        }
    }
    locks
}

fn with_preset(s: &Scenario, p: RulePreset) -> Scenario {
    s.with_preset(p).unwrap_or_else(|_| panic!("{} under {p:?}", s.meta.id))
}

#[derive(Default, Debug)]
struct Tally {
    sets: usize,
    accepted: usize,
    drawn: usize,
    proved_none: usize,
    gave_up: usize,
}

/// The property over `sets` random lock sets per map and preset of `id`.
fn check_scenario(id: &str, sets: usize, solve_every: usize) -> Tally {
    let base = common::builtin(id);
    let mut tally = Tally::default();
    for preset in RulePreset::ALL {
        let s = with_preset(&base, preset);
        let c = &s.constraints;
        for &players in &s.meta.players {
            let map = s.map_for(players).expect("map");
            let g = Geo::new(map);
            let official = with_preset(&base, RulePreset::Official);
            let source =
                Solver::new(official.map_for(players).expect("map"), &official.constraints);
            let results: Vec<Tally> = (0..sets as u64)
                .into_par_iter()
                .map(|k| {
                    let mut t = Tally { sets: 1, ..Tally::default() };
                    let what = format!("{id} {players}p {preset:?} set {k}");
                    let from = source.solve(k, &SolveOptions::default()).expect("a source board");
                    let from = Board::of(map, &from);
                    let mut rng = Rand::new(k.wrapping_mul(7919).wrapping_add(players as u64));
                    let locks = random_locks(map, c, &from, &mut rng);
                    let found = broken_by_known(map, c, &known(map, &locks));
                    match check_locks(map, c, &locks) {
                        Ok(()) => assert!(
                            found.is_empty(),
                            "{what}: accepted, but {found:?} is broken by {locks:?}"
                        ),
                        Err(LockError::Clash(clash)) => {
                            let key = clash.rule.key();
                            assert!(
                                found.iter().any(|(r, _)| *r == key),
                                "{what}: refused for `{key}`, which the independent check does not find ({found:?}) in {locks:?}"
                            );
                            for m in &clash.more {
                                let k = m.rule.key();
                                assert!(
                                    found.iter().any(|(r, _)| *r == k),
                                    "{what}: also names `{k}`, which the independent check does not find ({found:?})"
                                );
                            }
                            // The hexes named are among those that break it.
                            let breaking: BTreeSet<Hex> = found
                                .iter()
                                .filter(|(r, _)| *r == key)
                                .flat_map(|(_, cells)| cells.iter().map(|i| map.cells[*i].hex))
                                .collect();
                            for h in &clash.hexes {
                                assert!(
                                    breaking.contains(&h.hex),
                                    "{what}: `{key}` names {}, which breaks nothing ({found:?})",
                                    h.hex
                                );
                            }
                        }
                        Err(e) => panic!("{what}: refused for a reason no rule gives: {e} ({locks:?})"),
                    }
                    if !found.is_empty() {
                        return t;
                    }
                    t.accepted = 1;
                    if !(k as usize).is_multiple_of(solve_every) {
                        return t;
                    }
                    let opts = SolveOptions {
                        deadline: Some(std::time::Instant::now() + std::time::Duration::from_secs(3)),
                        ..SolveOptions::default()
                    };
                    let solver = Solver::with_locks(map, c, &locks).expect("accepted locks");
                    match solver.solve(k, &opts) {
                        Ok(layout) => {
                            t.drawn = 1;
                            let b = Board::of(map, &layout);
                            let bad = broken(map, c, &g, &b);
                            assert!(bad.is_empty(), "{what}: the board breaks {bad:?}");
                            for l in &locks {
                                let p = layout.hexes.iter().find(|p| p.hex == l.hex).expect("hex");
                                assert_eq!(
                                    (p.terrain, p.number),
                                    (l.terrain, l.number),
                                    "{what}: lost the lock at {}",
                                    l.hex
                                );
                            }
                        }
                        Err(SolveError::Unsatisfiable { stop: hexpress::solve::Stop::Exhausted, .. }) => {
                            t.proved_none = 1
                        }
                        // The exact samplers' proof that no board keeps the locks.
                        Err(SolveError::Conflict { .. }) => t.proved_none = 1,
                        Err(SolveError::Unsatisfiable { .. }) => t.gave_up = 1,
                        Err(e) => panic!("{what}: {e}"),
                    }
                    t
                })
                .collect();
            let gave_up: usize = results.iter().map(|r| r.gave_up).sum();
            let drawn: usize = results.iter().map(|r| r.drawn).sum();
            println!("{id} {players}p {preset:?}: {drawn} boards drawn, {gave_up} searches stopped by their budget");
            for r in results {
                tally.sets += r.sets;
                tally.accepted += r.accepted;
                tally.drawn += r.drawn;
                tally.proved_none += r.proved_none;
                tally.gave_up += r.gave_up;
            }
        }
    }
    println!("{id}: {tally:?}");
    assert!(
        tally.accepted > 0 && tally.accepted < tally.sets,
        "{id}: both outcomes occur: {tally:?}"
    );
    assert!(tally.drawn > 0, "{id}: some boards were drawn: {tally:?}");
    tally
}

#[test]
fn base_game_locks_agree_with_an_independent_check() {
    check_scenario("base", lock_sets(300), 3);
}

#[test]
fn gold_for_catan_locks_agree_with_an_independent_check() {
    check_scenario("gold-for-catan", lock_sets(120), 6);
}

#[test]
fn seafarer_maps_locks_agree_with_an_independent_check() {
    for id in ["seven-islands", "fog-islands", "fishermen"] {
        check_scenario(id, lock_sets(60), 10);
    }
}

#[test]
fn large_maps_locks_agree_with_an_independent_check() {
    for id in ["catan-world", "reach-catan", "traders-and-wagons"] {
        check_scenario(id, lock_sets(40), 20);
    }
}

/// `map` with the locked hexes printed as fixed ones, their tiles and chips
/// taken out of the pools: the map a fair locked reroll draws from.
fn with_locks_fixed(map: &MapDef, locks: &[Lock]) -> MapDef {
    let mut m = map.clone();
    for l in locks {
        let i = m.cells.iter().position(|c| c.hex == l.hex).expect("on the map");
        let CellContent::Slot { region } = m.cells[i].content else { panic!("a slot") };
        let r = &mut m.regions[region];
        r.slots.retain(|s| *s != i);
        let t = r.tiles.iter_mut().find(|(t, _)| *t == l.terrain).expect("in the pool");
        t.1 -= 1;
        r.tiles.retain(|(_, k)| *k > 0);
        if let Some(n) = l.number {
            let p = r.numbers.iter().position(|x| *x == n).expect("chip in the pool");
            r.numbers.remove(p);
        }
        m.cells[i].content =
            CellContent::Fixed { terrain: l.terrain, number: l.number, chip_region: None };
    }
    m
}

/// The locked reroll is uniform: hexpress boards around three locks on the
/// base game (a desert, a 6 and a 5) against the reference sampler on the
/// map where those hexes are fixed, compared as `tests/uniform.rs` does.
#[test]
fn locked_rerolls_stay_uniform() {
    let s = common::builtin("base");
    let map = s.map_for(4).expect("map");
    let c = &s.constraints;
    let locks = [
        Lock { hex: Hex::new(0, 0), terrain: Terrain::Desert, number: None },
        Lock { hex: Hex::new(1, 0), terrain: Terrain::Forest, number: Some(6) },
        Lock { hex: Hex::new(-1, -1), terrain: Terrain::Hills, number: Some(5) },
    ];
    let n: usize =
        std::env::var("HEXPRESS_UNIFORM_BOARDS").ok().and_then(|v| v.parse().ok()).unwrap_or(1_500);
    let solver = Solver::with_locks(map, c, &locks).expect("locks fit");
    let g = Geo::new(map);
    let opts = SolveOptions::default();
    let ours: Vec<Board> = (0..n as u64)
        .into_par_iter()
        .map(|seed| {
            let b = Board::of(map, &solver.solve(seed, &opts).expect("solves"));
            let bad = broken(map, c, &g, &b);
            assert!(bad.is_empty(), "seed {seed} breaks {bad:?}");
            b
        })
        .collect();
    let fixed = with_locks_fixed(map, &locks);
    let r = Reference::new(&fixed, c);
    let reference: Vec<Board> = (0..(2 * n).div_ceil(64))
        .into_par_iter()
        .flat_map_iter(|k| {
            let mut rng = Rand::new(31_337 + k as u64);
            let mut d = r.deal_buffers();
            (0..64.min(2 * n - k * 64)).map(|_| r.board(&mut rng, &mut d)).collect::<Vec<_>>()
        })
        .collect();
    let mut bad = Vec::new();
    for f in FAMILIES {
        let coded = code(f, &[&ours, &reference]);
        let stat = chi2(&counts(&coded[0], 0..n), &counts(&coded[1], 0..n));
        let null = null_chi2(&coded[1], n, 200, 7);
        let max = null.iter().copied().fold(0.0, f64::max);
        println!("locked base {f}: chi2 {stat:.1}; between reference halves max {max:.1}");
        if stat > 1.3 * max + 1e-9 {
            bad.push(format!("{f}: {stat:.1} > 1.3 x {max:.1}"));
        }
    }
    assert!(bad.is_empty(), "the locked reroll is not uniform: {bad:?}");
}

/// Every kind of lock clash as the web page receives it: status 422, a
/// message in plain words (no rule keys), and `lock_clash` naming the rule
/// and the hexes the page marks; the error object must equal
/// `tests/ref/locks/page-lock-<name>.json` (`HEXPRESS_BLESS=1` rewrites).
#[cfg(feature = "serve")]
#[test]
fn each_lock_clash_reaches_the_page_as_its_snapshot() {
    use serde_json::{json, Value};
    let s = hexpress::serve::spawn("127.0.0.1:0".parse().expect("address")).expect("server starts");
    let text = |f: &str| std::fs::read_to_string(common::crate_path(f)).expect("fixture");
    let gold = text("tests/fixtures/locks/gold.toml");
    let harbor = text("tests/fixtures/locks/harbor.toml");
    let unsat = "0,-2=forest:2 1,-2=desert 2,-2=fields:3 -1,-1=forest:3 0,-1=hills:4 \
                 2,-1=forest:4 -2,0=mountains:5 -1,0=pasture:5 2,0=forest:9 -2,1=fields:9 \
                 -1,1=hills:10 1,1=mountains:10 -2,2=pasture:11 -1,2=pasture:11 0,2=hills:12";
    let cases = [
        (
            "red",
            json!({"scenario": "base", "locks": "0,0=pasture:6 1,0=forest:8"}),
            "no_adjacent_red",
        ),
        (
            "equal",
            json!({"scenario": "base", "rules": "strict", "locks": "0,0=forest:5 1,0=hills:5"}),
            "no_equal_neighbours",
        ),
        (
            "corner",
            json!({"scenario": "base", "rules": "strict", "locks": "0,0=forest:6 1,-1=hills:5 0,-1=fields:9"}),
            "max_corner_pips",
        ),
        (
            "group",
            json!({"scenario": "base", "rules": "strict", "locks": "0,0=forest:3 1,0=forest:4 2,0=forest:9"}),
            "max_terrain_group",
        ),
        ("gold", json!({"text": gold, "locks": "-2,0=gold:6"}), "gold_no_red"),
        ("harbor", json!({"text": harbor, "locks": "-1,0=sea"}), "harbors_face_land"),
        (
            "several",
            json!({"scenario": "base", "rules": "strict", "locks": "0,0=forest:6 1,-1=hills:6 0,-1=fields:5"}),
            "no_adjacent_red",
        ),
        ("no-board", json!({"scenario": "base", "locks": unsat}), "no_adjacent_red"),
    ];
    let mut failed = Vec::new();
    for (name, mut req, rule) in cases {
        req["seed"] = json!("1");
        let r = common::http::post(s.addr, "/api/board", &req);
        assert_eq!(r.status, 422, "{name}: {}", r.text());
        let e = r.json()["error"].clone();
        let clash = &e["lock_clash"];
        assert_eq!(clash["rule"], rule, "{name}: {e}");
        let msg = e["message"].as_str().expect("message");
        assert!(!msg.contains('`') && !msg.contains(rule), "{name}: plain words: {msg}");
        if name == "several" {
            let also: Vec<&Value> =
                clash["also"].as_array().expect("also").iter().map(|a| &a["rule"]).collect();
            assert_eq!(also, [&json!("no_equal_neighbours"), &json!("max_corner_pips")], "{e}");
            assert!(msg.contains("14 pips"), "{msg}");
        }
        let hexes = clash["hexes"].as_array().expect("hexes");
        assert!(!hexes.is_empty() && hexes.iter().all(|h| h["q"].is_i64() && h["r"].is_i64()));
        let got = serde_json::to_string_pretty(&e).expect("json") + "\n";
        let path = common::crate_path(&format!("tests/ref/locks/page-lock-{name}.json"));
        match std::fs::read_to_string(&path) {
            Ok(want) if want == got => {}
            _ if common::bless() => std::fs::write(&path, &got).expect("write snapshot"),
            Ok(want) => failed.push(format!("{name}:\n--- want\n{want}--- got\n{got}")),
            Err(_) => {
                failed.push(format!("{name}: no snapshot (HEXPRESS_BLESS=1 writes it)\n{got}"))
            }
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}
