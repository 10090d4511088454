//! The scenario format can express what later scenarios need: face-down
//! regions, sea and harbor tiles in pools, special hexes, printed chips,
//! chips drawn from a region by fixed hexes, extra cells, per-map legends,
//! one map per player count, and gold with or without chips.
//!
//! Each fixture in `tests/fixtures/` is solved for many seeds; every layout
//! must pass `solve::check::violations` and show the fixture's facts.

use hexpress::axial::{Direction, Hex};
use hexpress::diag::{self, Source};
use hexpress::export::json;
use hexpress::model::{self, Scenario};
use hexpress::solve::{self, check, Layout, PlacedHex};
use hexpress::vocab::{HarborKind, Terrain};

const SEEDS: std::ops::Range<u64> = 0..25;

fn load_text(name: &str, text: &str) -> Scenario {
    let source = Source::new(format!("tests/fixtures/{name}"), text);
    model::load(&source).unwrap_or_else(|d| panic!("{name}:\n{}", diag::render(&source, &d)))
}

fn fixture(name: &str) -> (Scenario, String) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name);
    let text = std::fs::read_to_string(path).expect("fixture exists");
    (load_text(name, &text), text)
}

/// Solves for `players` and one seed, and holds the layout to every rule.
fn solve_checked(s: &Scenario, players: u8, seed: u64) -> Layout {
    let layout = solve::solve(s, players, seed, &Default::default())
        .unwrap_or_else(|e| panic!("{} seed {seed}: {e}", s.meta.id));
    let map = s.map_for(players).expect("map");
    let v = check::violations(map, &s.constraints, &layout);
    assert!(v.is_empty(), "{} seed {seed}: {v:?}", s.meta.id);
    layout
}

fn region_hexes<'a>(l: &'a Layout, key: &str) -> Vec<&'a PlacedHex> {
    (0..l.hexes.len()).filter(|i| l.region_key(*i) == Some(key)).map(|i| &l.hexes[i]).collect()
}

fn at(l: &Layout, q: i32, r: i32) -> &PlacedHex {
    l.hexes.iter().find(|h| h.hex == Hex::new(q, r)).unwrap_or_else(|| panic!("no hex ({q}, {r})"))
}

fn sorted<T: Ord + Clone>(v: &[T]) -> Vec<T> {
    let mut v = v.to_vec();
    v.sort();
    v
}

#[test]
fn face_down_region_stacks_its_chips_and_deals_harbor_tiles() {
    let (s, _) = fixture("face-down.toml");
    for seed in SEEDS {
        let l = solve_checked(&s, 4, seed);
        let fog_index = l.regions.iter().position(|r| r.key == "fog").expect("fog region");
        let fog = &l.regions[fog_index];
        assert!(fog.face_down);
        assert_eq!(sorted(&fog.chip_stack), vec![3, 4, 6, 8, 9, 10, 11]);
        let home = l.regions.iter().find(|r| r.key == "home").expect("home region");
        assert!(!home.face_down && home.chip_stack.is_empty());

        let fog_hexes = region_hexes(&l, "fog");
        assert_eq!(fog_hexes.len(), 11);
        assert!(fog_hexes.iter().all(|h| h.face_down && h.number.is_none() && !h.fixed));
        let count = |hs: &[&PlacedHex], t| hs.iter().filter(|h| h.terrain == t).count();
        assert_eq!(count(&fog_hexes, Terrain::Sea), 2);
        assert_eq!(count(&fog_hexes, Terrain::Harbor), 2);

        let home_hexes = region_hexes(&l, "home");
        assert_eq!(count(&home_hexes, Terrain::Harbor), 2);
        for h in &home_hexes {
            assert!(!h.face_down);
            assert_eq!(h.number.is_some(), h.terrain.can_take_chip(), "{h:?}");
        }

        // Harbors: face-up ones turn toward a land neighbour; face-down ones toward nothing.
        assert_eq!(l.harbors.len(), 4);
        let mut fog_kinds = Vec::new();
        let mut home_kinds = Vec::new();
        for h in &l.harbors {
            let hex = at(&l, h.hex.q, h.hex.r);
            assert_eq!(hex.terrain, Terrain::Harbor);
            if hex.face_down {
                assert_eq!(h.toward, None, "{h:?}");
                fog_kinds.push(h.kind);
            } else {
                let t = h.toward.expect("a face-up harbor faces land");
                assert_eq!(h.hex.distance(t), 1);
                assert!(at(&l, t.q, t.r).terrain.is_land(), "{h:?} faces water");
                home_kinds.push(h.kind);
            }
        }
        let kind = HarborKind::from_name;
        assert_eq!(sorted(&fog_kinds), sorted(&[kind("3:1"), kind("wool")].map(Option::unwrap)));
        assert_eq!(sorted(&home_kinds), sorted(&[kind("3:1"), kind("ore")].map(Option::unwrap)));

        // layout.json carries the stack and the unturned harbors.
        let v: serde_json::Value = serde_json::from_str(&json::to_json(&l)).expect("json");
        let regions = v["regions"].as_array().expect("regions");
        let fog_json = regions.iter().find(|r| r["key"] == "fog").expect("fog in json");
        assert_eq!(fog_json["chip_stack"].as_array().map(Vec::len), Some(7));
        let unturned =
            v["harbors"].as_array().expect("harbors").iter().filter(|h| h["toward"].is_null());
        assert_eq!(unturned.count(), 2);
    }
}

#[test]
fn special_hexes_printed_chips_chip_regions_and_extra_cells() {
    let (s, _) = fixture("specials.toml");
    let map = s.map_for(3).expect("map");
    let council = map
        .cells
        .iter()
        .find(|c| matches!(c.content, model::CellContent::Fixed { terrain: Terrain::Council, .. }))
        .expect("council cell");
    assert_eq!(council.label.as_deref(), Some("Council of Catan"));
    let main = &map.regions[0];
    assert_eq!((main.slots.len(), main.chip_cells.len()), (6, 1));

    let specials = [
        Terrain::Castle,
        Terrain::Quarry,
        Terrain::Glassworks,
        Terrain::Council,
        Terrain::Spice,
        Terrain::FishShoal,
        Terrain::Lake,
        Terrain::FishingGround,
    ];
    let mut gold_chips = std::collections::BTreeSet::new();
    for seed in SEEDS {
        let l = solve_checked(&s, 3, seed);
        for t in specials {
            let hs: Vec<_> = l.hexes.iter().filter(|h| h.terrain == t).collect();
            assert_eq!(hs.len(), 1, "{t}");
            assert!(hs[0].fixed && hs[0].number.is_none() && hs[0].region.is_none(), "{t}");
        }
        // The printed chip.
        let m = at(&l, 0, 0);
        assert_eq!((m.terrain, m.number, m.fixed), (Terrain::Mountains, Some(6), true));
        // The fixed gold hex draws its chip from the region's pool.
        let g: Vec<_> = l.hexes.iter().filter(|h| h.terrain == Terrain::Gold).collect();
        assert_eq!(g.len(), 1);
        assert!(g[0].fixed);
        assert_eq!(l.region_key(l.hexes.iter().position(|h| h == g[0]).expect("i")), Some("main"));
        gold_chips.insert(g[0].number.expect("gold takes a chip from `main`"));
        let chips: Vec<u8> = region_hexes(&l, "main").iter().filter_map(|h| h.number).collect();
        assert_eq!(sorted(&chips), vec![2, 3, 4, 5, 9, 10, 11]);
        // The islet from `[[map.cells]]`.
        let islet = at(&l, 8, 0);
        assert!(!islet.fixed && islet.number.is_some() && islet.terrain.can_take_chip());
        assert_eq!(at(&l, 9, 0).terrain, Terrain::Sea);
        // The fixed harbor keeps its kind and its side.
        assert_eq!(l.harbors.len(), 1);
        let h = l.harbors[0];
        assert_eq!(h.kind, HarborKind::from_name("brick").expect("kind"));
        assert_eq!(h.toward, Some(h.hex.neighbor(Direction::SE)));
    }
    assert!(gold_chips.len() > 1, "the gold hex always got {gold_chips:?}: not drawn at random");
}

#[test]
fn each_player_count_has_its_map_and_a_map_legend_overrides() {
    let (s, _) = fixture("two-maps.toml");
    assert_eq!(s.meta.players, vec![3, 4]);
    for seed in SEEDS {
        let three = solve_checked(&s, 3, seed);
        let four = solve_checked(&s, 4, seed);
        assert_eq!((three.players, four.players), (3, 4));
        assert_eq!((three.hexes.len(), four.hexes.len()), (16, 20));
        let has = |l: &Layout, t| l.hexes.iter().any(|h| h.terrain == t);
        assert!(has(&three, Terrain::Lake) && !has(&three, Terrain::Desert));
        assert!(has(&four, Terrain::Desert) && !has(&four, Terrain::Lake));
        // Gold takes chips in this scenario.
        for l in [&three, &four] {
            let gold: Vec<_> = l.hexes.iter().filter(|h| h.terrain == Terrain::Gold).collect();
            assert!(!gold.is_empty() && gold.iter().all(|h| h.number.is_some()));
        }
    }
    assert!(solve::solve(&s, 5, 1, &Default::default()).is_err());
}

#[test]
fn no_chip_gold_versus_gold_with_chips() {
    let (s, text) = fixture("gold-pool.toml");
    assert!(s.constraints.no_chip.contains(&Terrain::Gold));
    let chips_on = |l: &Layout, gold: bool| -> Vec<bool> {
        l.hexes
            .iter()
            .filter(|h| (h.terrain == Terrain::Gold) == gold && h.terrain.can_take_chip())
            .map(|h| h.number.is_some())
            .collect()
    };
    for seed in SEEDS {
        let l = solve_checked(&s, 4, seed);
        assert_eq!(chips_on(&l, true), vec![false, false], "gold got a chip");
        assert!(chips_on(&l, false).iter().all(|x| *x));
    }

    // Without `no_chip`, the same pool needs two more chips, and gold gets them.
    let with_chips = text
        .replace("no_chip = [\"gold\"]", "")
        .replace("numbers = [3, 5, 9, 10, 11]", "numbers = [3, 4, 5, 9, 10, 11, 12]");
    assert_ne!(with_chips, text);
    let s2 = load_text("gold-pool-chips.toml", &with_chips);
    for seed in SEEDS {
        let l = solve_checked(&s2, 4, seed);
        assert_eq!(chips_on(&l, true), vec![true, true], "gold without a chip");
    }

    // Without `no_chip` and without the extra chips, the file says what to do.
    let short = text.replace("no_chip = [\"gold\"]", "");
    let src = Source::new("gold-pool-short.toml", short);
    let d = model::load(&src).expect_err("chips are short");
    assert!(diag::render(&src, &d).contains("no_chip = [\"gold\"]"));
}
