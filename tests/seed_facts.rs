//! The seed documents' numbers, typed in here by hand, against what the
//! built-in scenarios load: tile pools, chip lists, fixed hexes, component
//! counts, costs, victory points and variants. A change to a scenario file
//! that drifts from its seed fails here.

use crate::common;

use std::collections::BTreeMap;

use hexpress::axial::Hex;
use hexpress::model::game::{Building, Goods, Pay};
use hexpress::model::{CellContent, MapDef, Region, Scenario};
use hexpress::vocab::{Resource, Terrain};

/// The region `key` of the map for `players`.
fn region<'a>(s: &'a Scenario, players: u8, key: &str) -> &'a Region {
    let map = s.map_for(players).expect("map for player count");
    map.regions.iter().find(|r| r.key == key).unwrap_or_else(|| panic!("no region {key}"))
}

/// A pool as `terrain name -> count`.
fn pool(r: &Region) -> BTreeMap<&'static str, u32> {
    r.tiles.iter().map(|(t, n)| (t.name(), *n)).collect()
}

fn expect_pool(r: &Region, want: &[(&'static str, u32)]) {
    let want: BTreeMap<&str, u32> = want.iter().copied().filter(|(_, n)| *n > 0).collect();
    assert_eq!(pool(r), want, "tiles of region `{}`", r.key);
}

fn sorted(v: &[u8]) -> Vec<u8> {
    let mut v = v.to_vec();
    v.sort_unstable();
    v
}

/// Fixed hexes of one terrain on a map.
fn fixed(map: &MapDef, terrain: Terrain) -> Vec<usize> {
    (0..map.cells.len())
        .filter(|i| {
            matches!(map.cells[*i].content, CellContent::Fixed { terrain: t, .. } if t == terrain)
        })
        .collect()
}

/// Fixed hexes with a harbor printed on the map.
fn fixed_harbors(map: &MapDef) -> usize {
    map.cells.iter().filter(|c| c.harbor.is_some()).count()
}

fn harbor_names(kinds: &[hexpress::vocab::HarborKind]) -> Vec<&'static str> {
    let mut v: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
    v.sort_unstable();
    v
}

fn cost_of(s: &Scenario, item: &str) -> Vec<(Pay, u32)> {
    s.game
        .costs
        .iter()
        .find(|c| c.item == item)
        .unwrap_or_else(|| panic!("no cost {item}"))
        .cost
        .clone()
}

const L: Pay = Pay::Resource(Resource::Lumber);
const W: Pay = Pay::Resource(Resource::Wool);
const G: Pay = Pay::Resource(Resource::Grain);
const B: Pay = Pay::Resource(Resource::Brick);
const O: Pay = Pay::Resource(Resource::Ore);

fn same_cost(got: &[(Pay, u32)], want: &[(Pay, u32)]) -> bool {
    let a: BTreeMap<Pay, u32> = got.iter().copied().collect();
    let b: BTreeMap<Pay, u32> = want.iter().copied().collect();
    a == b
}

const BASE_CHIPS: [u8; 18] = [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12];

#[test]
fn base_game_matches_the_published_counts() {
    let s = common::builtin("base");
    for p in [3, 4] {
        let r = region(&s, p, "island");
        expect_pool(
            r,
            &[
                ("forest", 4),
                ("pasture", 4),
                ("fields", 4),
                ("hills", 3),
                ("mountains", 3),
                ("desert", 1),
            ],
        );
        assert_eq!(sorted(&r.numbers), BASE_CHIPS);
        let map = s.map_for(p).expect("map");
        assert_eq!(
            harbor_names(&map.harbor_pool),
            ["3:1", "3:1", "3:1", "3:1", "brick", "grain", "lumber", "ore", "wool"]
        );
    }
    assert_eq!(s.meta.victory_points, Some(10));
    assert!(same_cost(&cost_of(&s, "Settlement"), &[(L, 1), (B, 1), (G, 1), (W, 1)]));
    assert!(same_cost(&cost_of(&s, "City"), &[(G, 2), (O, 3)]));
}

#[test]
fn gold_for_catan_matches_seed_000() {
    let s = common::builtin("gold-for-catan");
    assert_eq!(s.meta.players, [3, 4]);
    assert_eq!(s.meta.victory_points, Some(12));
    assert_eq!(s.meta.starting_gold, Some(8));
    let ck = s.meta.variants.iter().find(|v| v.name == "With Cities & Knights").expect("C&K");
    assert_eq!((ck.victory_points, ck.starting_gold), (Some(15), Some(10)));
    // Gold hexes: fixed and without chips.
    assert!(s.constraints.no_chip.contains(&Terrain::Gold));
    for p in [3, 4] {
        let map = s.map_for(p).expect("map");
        assert!(!fixed(map, Terrain::Gold).is_empty());
        assert!(map.regions.iter().all(|r| r.tiles.iter().all(|(t, _)| *t != Terrain::Gold)));
    }
    let gold = Pay::Gold;
    let want: &[(&str, &[(Pay, u32)])] = &[
        ("Road", &[(L, 1), (B, 1), (gold, 1)]),
        ("Ship", &[(L, 1), (W, 1), (gold, 1)]),
        ("Settlement", &[(L, 1), (B, 1), (G, 1), (W, 1), (gold, 2)]),
        ("City", &[(G, 2), (O, 3), (gold, 2)]),
        ("Development card", &[(W, 1), (O, 1), (G, 1), (gold, 1)]),
        ("Knight", &[(W, 1), (O, 1), (gold, 1)]),
        ("Activate a knight", &[(G, 1)]),
        ("City wall", &[(B, 2), (gold, 1)]),
    ];
    for (item, cost) in want {
        assert!(same_cost(&cost_of(&s, item), cost), "{item}: {:?}", cost_of(&s, item));
    }
    let dev = s.game.costs.iter().find(|c| c.item == "Development card").expect("dev");
    assert!(same_cost(dev.alt.as_deref().expect("alt"), &[(W, 1), (O, 1), (gold, 2)]));
    let act = s.game.costs.iter().find(|c| c.item == "Activate a knight").expect("act");
    assert!(same_cost(act.alt.as_deref().expect("alt"), &[(gold, 1)]));
    for item in ["Knight", "Activate a knight", "City wall"] {
        let row = s.game.costs.iter().find(|c| c.item == item).expect("row");
        assert_eq!(row.variant.as_deref(), Some("With Cities & Knights"), "{item}");
    }
    let trades: Vec<(&str, &str)> =
        s.game.trades.iter().map(|t| (t.give.as_str(), t.get.as_str())).collect();
    // Each with where it is made: "(bank)".
    let has = |give: &str, get: &str| trades.iter().any(|(g, t)| *g == give && t.starts_with(get));
    assert!(has("2 gold", "1 resource card"));
    assert!(has("4 gold", "1 commodity card"));
    assert!(trades.iter().any(|(g, get)| g.starts_with("Any 3") && get.starts_with("1 gold")));
    let awards = s.game.tables.iter().find(|t| t.id == "awards").expect("awards");
    assert!(awards.rows.iter().any(|r| r[0] == "Largest Fleet" && r[2] == "2 VP"));
    assert!(s.game.components.count(hexpress::scenario::token_table::Counted::GoldChits) > 0);
    // City improvements: commodities as usual and no gold (the seed), said
    // in words rather than as a cost row that would print "free".
    assert!(s.game.costs.iter().all(|c| c.item != "City improvement"));
    let ck = s.meta.variants.iter().find(|v| v.name == "With Cities & Knights").expect("C&K");
    let d = ck.description.as_deref().unwrap_or("");
    assert!(d.contains("city improvements cost their usual commodities and no gold"), "{d}");
}

/// Ship moves (path to path) between a path touching a front-coast corner
/// and a path between a gold hex and water: the seed says 3 or 4.
#[test]
fn gold_for_catan_gold_is_three_or_four_ship_moves_from_the_front_coast() {
    let s = common::builtin("gold-for-catan");
    for p in [3, 4] {
        let map = s.map_for(p).expect("map");
        let at: BTreeMap<Hex, usize> =
            map.cells.iter().enumerate().map(|(i, c)| (c.hex, i)).collect();
        let kind = |h: Hex| -> u8 {
            // 0 off the board, 1 water, 2 gold, 3 other land (slots are land here).
            match at.get(&h).map(|i| &map.cells[*i]) {
                None => 0,
                Some(c) => match c.content {
                    CellContent::Fixed { terrain: Terrain::Gold, .. } => 2,
                    CellContent::Fixed { terrain, .. } if terrain.is_water() => 1,
                    _ if c.harbor.is_some() => 1,
                    _ => 3,
                },
            }
        };
        let front = |h: Hex| {
            at.get(&h).is_some_and(|i| map.cells[*i].label.as_deref() == Some("Front coast"))
        };
        // Paths are pairs of neighbouring hexes, corners are triples.
        type Path = (Hex, Hex);
        let path = |a: Hex, b: Hex| if a < b { (a, b) } else { (b, a) };
        let corners = |e: Path| -> Vec<[Hex; 3]> {
            e.0.neighbors()
                .into_iter()
                .filter(|c| e.1.neighbors().contains(c))
                .map(|c| {
                    let mut t = [e.0, e.1, c];
                    t.sort();
                    t
                })
                .collect()
        };
        let mut paths: Vec<Path> = Vec::new();
        for c in &map.cells {
            for n in c.hex.neighbors() {
                let e = path(c.hex, n);
                let ks = [kind(e.0), kind(e.1)];
                if ks.contains(&1) && !paths.contains(&e) {
                    paths.push(e);
                }
            }
        }
        let mut by_corner: BTreeMap<[Hex; 3], Vec<Path>> = BTreeMap::new();
        for e in &paths {
            for c in corners(*e) {
                by_corner.entry(c).or_default().push(*e);
            }
        }
        let mut dist: BTreeMap<Path, u32> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::new();
        for e in &paths {
            let mut ks = [kind(e.0), kind(e.1)];
            ks.sort_unstable();
            if ks == [1, 2] {
                dist.insert(*e, 0);
                queue.push_back(*e);
            }
        }
        while let Some(e) = queue.pop_front() {
            let d = dist[&e];
            for c in corners(e) {
                for f in &by_corner[&c] {
                    if !dist.contains_key(f) {
                        dist.insert(*f, d + 1);
                        queue.push_back(*f);
                    }
                }
            }
        }
        let mut seen = Vec::new();
        for (corner, ps) in &by_corner {
            let ks: Vec<u8> = corner.iter().map(|h| kind(*h)).collect();
            if ks.contains(&3) && ks.contains(&1) && corner.iter().any(|h| front(*h)) {
                let d = ps.iter().filter_map(|e| dist.get(e)).min().copied().expect("reachable");
                seen.push(d);
            }
        }
        assert!(seen.len() >= 10, "{p}p: only {} front-coast corners", seen.len());
        assert!(seen.iter().all(|d| (3..=4).contains(d)), "{p}p: {seen:?}");
        assert!(seen.contains(&3) && seen.contains(&4), "{p}p: {seen:?}");
    }
}

#[test]
fn catan_world_matches_seed_003() {
    let s = common::builtin("catan-world");
    assert_eq!(s.meta.victory_points, Some(12));
    for p in [3, 4] {
        let map = s.map_for(p).expect("map");
        // Starting island: the pool plus the fixed desert.
        let start = region(&s, p, "start");
        assert!(!start.face_down);
        expect_pool(
            start,
            &[
                ("forest", 3),
                ("fields", 3),
                ("hills", 4),
                ("pasture", 3),
                ("mountains", 4),
                ("sea", 1),
            ],
        );
        assert_eq!(fixed(map, Terrain::Desert).len(), 1);
        assert_eq!(
            sorted(&start.numbers),
            [2, 3, 3, 4, 4, 5, 5, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]
        );
        assert_eq!(fixed_harbors(map), 2, "the two face-up harbors");
        let unknown = region(&s, p, "unknown");
        assert!(unknown.face_down);
        expect_pool(
            unknown,
            &[
                ("forest", 4),
                ("fields", 4),
                ("hills", 3),
                ("pasture", 4),
                ("mountains", 3),
                ("desert", 1),
                ("gold", 2),
                ("sea", 9),
                ("harbor", 9),
            ],
        );
        assert_eq!(
            harbor_names(&unknown.harbors),
            ["3:1", "3:1", "3:1", "3:1", "brick", "grain", "lumber", "ore", "wool"]
        );
        assert_eq!(sorted(&unknown.numbers), BASE_CHIPS);
    }
    // The reading: gold takes no chip.
    assert!(s.constraints.no_chip.contains(&Terrain::Gold));
}

#[test]
fn seven_islands_matches_seed_003() {
    let s = common::builtin("seven-islands");
    assert_eq!(s.meta.victory_points, Some(12));
    for p in [3, 4] {
        let map = s.map_for(p).expect("map");
        let start = region(&s, p, "start");
        expect_pool(
            start,
            &[("forest", 3), ("fields", 3), ("hills", 2), ("pasture", 3), ("mountains", 3)],
        );
        assert_eq!(fixed(map, Terrain::Desert).len(), 1, "the starting island's desert");
        assert_eq!(sorted(&start.numbers), [2, 3, 4, 4, 5, 5, 6, 8, 9, 9, 10, 10, 11, 12]);
        let isles = region(&s, p, "islands");
        assert!(isles.face_down);
        expect_pool(
            isles,
            &[
                ("forest", 3),
                ("fields", 2),
                ("hills", 3),
                ("pasture", 3),
                ("mountains", 3),
                ("desert", 1),
                ("gold", 2),
                ("sea", 1),
            ],
        );
        assert_eq!(sorted(&isles.numbers), [2, 3, 3, 4, 4, 5, 6, 6, 8, 8, 9, 10, 10, 11, 11, 12]);
        // "Add the 18 sea tiles, the 8 harbor tiles and the desert tile".
        assert_eq!(fixed(map, Terrain::Sea).len() - fixed_harbors(map), 18);
        assert_eq!(fixed_harbors(map), 8);
        assert_eq!(map.harbor_pool.len(), 8);
        // Six islands of three hexes each.
        let slots: Vec<Hex> = isles.slots.iter().map(|i| map.cells[*i].hex).collect();
        let mut sizes = Vec::new();
        let mut left = slots.clone();
        while let Some(h) = left.pop() {
            let mut group = vec![h];
            let mut i = 0;
            while i < group.len() {
                let g = group[i];
                left.retain(|x| {
                    let touch = g.distance(*x) == 1;
                    if touch {
                        group.push(*x);
                    }
                    !touch
                });
                i += 1;
            }
            sizes.push(group.len());
        }
        assert_eq!(sizes, [3; 6]);
    }
}

#[test]
fn reach_catan_matches_seed_003() {
    let s = common::builtin("reach-catan");
    assert_eq!(s.meta.victory_points, Some(12));
    for p in [3, 4] {
        let map = s.map_for(p).expect("map");
        let start = region(&s, p, "start");
        expect_pool(
            start,
            &[
                ("forest", 4),
                ("fields", 3),
                ("hills", 3),
                ("pasture", 4),
                ("mountains", 0),
                ("desert", 1),
            ],
        );
        assert_eq!(sorted(&start.numbers), [2, 3, 4, 4, 5, 5, 6, 8, 9, 9, 10, 10, 11, 12]);
        let ocean = region(&s, p, "ocean");
        assert!(ocean.face_down);
        expect_pool(
            ocean,
            &[
                ("forest", 2),
                ("fields", 3),
                ("hills", 3),
                ("pasture", 1),
                ("mountains", 3),
                ("desert", 1),
                ("sea", 9),
                ("harbor", 3),
            ],
        );
        assert_eq!(harbor_names(&ocean.harbors), ["3:1", "grain", "ore"]);
        assert_eq!(sorted(&ocean.numbers), [2, 3, 4, 5, 6, 6, 8, 9, 10, 11, 11, 12]);
        let catan = region(&s, p, "catan");
        assert!(!catan.face_down);
        expect_pool(
            catan,
            &[
                ("forest", 1),
                ("fields", 1),
                ("hills", 1),
                ("pasture", 2),
                ("mountains", 4),
                ("desert", 1),
                ("gold", 2),
            ],
        );
        // The seed's 12 chips less the second 10 (the recorded reading).
        let seed_chips = [3, 4, 5, 5, 6, 6, 8, 8, 9, 10, 10, 11];
        let mut chips = sorted(&catan.numbers);
        chips.push(10);
        chips.sort_unstable();
        assert_eq!(chips, seed_chips);
        // 9 sea tiles and 6 harbor tiles, face up.
        assert_eq!(fixed(map, Terrain::Sea).len() - fixed_harbors(map), 9);
        assert_eq!(fixed_harbors(map), 6);
    }
}

#[test]
fn traders_and_wagons_matches_seed_001() {
    let s = common::builtin("traders-and-wagons");
    assert_eq!(s.meta.victory_points, Some(13));
    let c = &s.game.components;
    assert_eq!(c.count(hexpress::scenario::token_table::Counted::GoldChits), 40);
    assert!(c.count(hexpress::scenario::token_table::Counted::PresentTiles) > 0);
    let want = [
        (Building::Castle, [Goods::Tools, Goods::Sand]),
        (Building::Quarry, [Goods::Sand, Goods::Marble]),
        (Building::Glassworks, [Goods::Glass, Goods::Tools]),
    ];
    assert_eq!(c.trade_tokens.len(), 3);
    let mut total = 0;
    for (b, goods) in want {
        let t = c.trade_tokens.iter().find(|t| t.building == b).expect("building");
        let got: Vec<Goods> = t.goods.iter().map(|(g, _)| *g).collect();
        assert_eq!(got, goods, "{b:?}");
        assert_eq!(t.goods.iter().map(|(_, n)| n).sum::<u32>(), 12, "{b:?}");
        assert_eq!(b.goods(), goods);
        total += t.goods.iter().map(|(_, n)| n).sum::<u32>();
    }
    assert_eq!(total, 36);
    for p in [3, 4] {
        let map = s.map_for(p).expect("map");
        for t in [Terrain::Castle, Terrain::Quarry, Terrain::Glassworks] {
            assert_eq!(fixed(map, t).len(), 1, "{t:?}");
        }
    }
    let train = s.game.tables.iter().find(|t| t.id == "baggage-train").expect("train");
    assert!(train.per_player);
    let levels: Vec<&str> = train.rows.iter().map(|r| r[0].as_str()).collect();
    assert_eq!(levels, ["1", "2", "3", "4", "5"]);
    assert_eq!(train.rows[0][1], "4", "a wagon starts with 4 movement points");
    let gold: Vec<&str> = train.rows.iter().map(|r| r[2].as_str()).collect();
    assert_eq!(gold, ["1", "2", "3", "4", "5"], "1 to 5 gold per delivery");
    let moves = s.game.tables.iter().find(|t| t.id == "wagon-moves").expect("moves");
    let mp = |path: &str| moves.rows.iter().find(|r| r[0] == path).map(|r| r[1].as_str());
    assert_eq!(mp("No road"), Some("2"));
    assert_eq!(mp("Your own road"), Some("1"));
    assert_eq!(mp("Another player's road"), Some("1"));
    assert_eq!(mp("Along a hex with a barbarian"), Some("+2"));
    // The toll is per path of another player's road, as the source's example
    // counts it (2 gold for 2 roads), in the table and in the prose alike.
    let toll = moves.rows.iter().find(|r| r[0] == "Another player's road").expect("toll");
    assert!(toll[2].contains("per path"), "{toll:?}");
    // The map has no rivers, so the table has no river rows.
    assert!(moves.rows.iter().all(|r| !r[0].to_lowercase().contains("river")));
    assert!(s.meta.variants.iter().any(|v| v.name == "Santa's workshop"));
    assert!(same_cost(&cost_of(&s, "Extra wagon move"), &[(G, 1)]));
}

#[test]
fn fishermen_matches_seed_002() {
    let s = common::builtin("fishermen");
    let c = &s.game.components;
    assert_eq!(sorted(&c.fishing_grounds), [4, 5, 6, 8, 9, 10]);
    let f = c.fish_tokens.expect("fish tokens");
    assert_eq!((f.one, f.two, f.three, f.old_boot), (11, 10, 8, 1));
    assert_eq!(f.one + f.two + f.three, 29);
    let fish = s.game.tables.iter().find(|t| t.id == "fish").expect("fish table");
    let prices: Vec<&str> = fish.rows.iter().map(|r| r[0].as_str()).collect();
    assert_eq!(prices, ["2", "3", "4", "5", "7"]);
    for p in [3, 4] {
        let map = s.map_for(p).expect("map");
        let lakes = fixed(map, Terrain::Lake);
        assert_eq!(lakes.len(), 1);
        // Seed 002: the lake produces on 2, 3, 11 and 12.
        assert_eq!(map.cells[lakes[0]].rolls, [2, 3, 11, 12]);
        let grounds = fixed(map, Terrain::FishingGround);
        let mut labels: Vec<u8> = grounds
            .iter()
            .map(|i| map.cells[*i].label.as_deref().expect("label").parse().expect("number"))
            .collect();
        labels.sort_unstable();
        assert_eq!(labels, sorted(&c.fishing_grounds));
        let land = |h: Hex| {
            map.cells.iter().any(|c| {
                c.hex == h
                    && match c.content {
                        CellContent::Slot { .. } => true,
                        CellContent::Fixed { terrain, .. } => terrain.is_land(),
                    }
            })
        };
        // Each fishing ground touches three coastal corners.
        let mut ground_corners = Vec::new();
        for i in &grounds {
            let h = map.cells[*i].hex;
            let ns = h.neighbors();
            let coastal: Vec<[Hex; 3]> = (0..6)
                .filter(|k| land(ns[*k]) || land(ns[(k + 1) % 6]))
                .map(|k| {
                    let mut t = [h, ns[k], ns[(k + 1) % 6]];
                    t.sort();
                    t
                })
                .collect();
            assert_eq!(coastal.len(), 3, "fishing ground at {h:?}");
            ground_corners.extend(coastal);
        }
        // No corner gets both a harbor and a fishing ground.
        for c in map.cells.iter().filter(|c| c.harbor.is_some()) {
            let dir = c.harbor.and_then(|h| h.facing).expect("fixed facing");
            let to = c.hex.neighbor(dir);
            assert!(land(to));
            for x in c.hex.neighbors().into_iter().filter(|x| to.neighbors().contains(x)) {
                let mut t = [c.hex, to, x];
                t.sort();
                assert!(!ground_corners.contains(&t), "harbor at {:?} shares a corner", c.hex);
            }
        }
    }
}

#[test]
fn fog_islands_matches_seed_004() {
    let s = common::builtin("fog-islands");
    for p in [3, 4] {
        let map = s.map_for(p).expect("map");
        assert_eq!(fixed(map, Terrain::Council).len(), 1);
        let council = fixed(map, Terrain::Council)[0];
        assert!(map.cells[council].label.as_deref().is_some_and(|l| l.contains("2 docks")));
        assert!(!fixed(map, Terrain::FishShoal).is_empty());
        // Two fog areas, each dealing one village of each advantage: three
        // spice tiles in each area's face-down pool.
        assert!(fixed(map, Terrain::Spice).is_empty(), "villages are dealt face down");
        let fogs: Vec<&Region> = map.regions.iter().filter(|r| r.face_down).collect();
        assert_eq!(fogs.len(), 2);
        for fog in fogs {
            let n = fog.tiles.iter().find(|(t, _)| *t == Terrain::Spice).map_or(0, |(_, n)| *n);
            assert_eq!(n, 3, "{}", fog.name);
        }
    }
    // The advantages: three benefits, two villages each, one per fog area
    // (moon and sun backs); the Pirate Bonus shows a 5 in one, a 4 in the other.
    let tokens = &s.game.components.parts.tokens;
    for back in ["Moon", "Sun"] {
        let faces: Vec<&str> = tokens
            .iter()
            .filter(|t| t.back.as_deref() == Some(back))
            .map(|t| t.face.as_str())
            .collect();
        assert_eq!(faces.len(), 3, "{back}: {faces:?}");
        for benefit in ["Swift Voyage", "Pirate Bonus", "Fast Gold"] {
            assert_eq!(faces.iter().filter(|f| f.starts_with(benefit)).count(), 1, "{back}");
        }
    }
    let bonus: Vec<&str> = tokens
        .iter()
        .filter(|t| t.face.starts_with("Pirate Bonus"))
        .map(|t| t.face.as_str())
        .collect();
    assert!(bonus.iter().any(|f| f.contains('5')) && bonus.iter().any(|f| f.contains('4')));
    // Fish hauls, spice sacks, both mission cards and their tracks.
    for name in ["Fish haul", "Spice sack"] {
        assert!(tokens.iter().any(|t| t.name == name), "{name}");
    }
    let parts = &s.game.components.parts;
    for mission in ["Fish for Catan", "Spices for Catan"] {
        assert!(parts.cards.iter().any(|c| c.title == mission), "{mission} card");
        assert!(parts.tracks.iter().any(|t| t.name == mission), "{mission} track");
    }
    assert!(s.meta.sets.iter().any(|x| x == "Explorers & Pirates"));
    let castaways = &s.game.components.castaway_tokens;
    assert!(castaways.iter().map(|c| c.count).sum::<u32>() >= 6);
    assert!(castaways.iter().all(|c| c.cost.iter().all(|(p, _)| matches!(p, Pay::Resource(_)))));
    assert!(same_cost(&cost_of(&s, "Ship"), &[(L, 1), (W, 1)]));
    assert!(same_cost(&cost_of(&s, "Extra ship movement"), &[(W, 1)]));
    let ships = s.game.tables.iter().find(|t| t.id == "ship-moves").expect("ship table");
    assert!(ships.rows[0][1].starts_with("4 per ship"));
    let reward = s.game.tables.iter().find(|t| t.id == "castaways").expect("castaways");
    assert_eq!(reward.rows[1][1], "2 VP");
    assert_eq!(reward.rows[2][1], "1 VP");
}

/// The literal readings of the seed tables that do not add up must be
/// refused by validation, with the counts in the message.
#[test]
fn literal_seed_readings_are_refused() {
    let cases = [
        (
            "catan-world-literal.toml",
            "region `unknown` has 18 number chips for 20 chip-taking hexes",
            "no_chip = [\"gold\"]",
        ),
        (
            "reach-catan-literal.toml",
            "region `catan` has 12 number chips for 11 chip-taking hexes",
            "remove 1 chip",
        ),
    ];
    for (file, error, hint) in cases {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/seed-readings")
            .join(file);
        let text = std::fs::read_to_string(&path).expect("fixture");
        let src = hexpress::diag::Source::new(file, text);
        let err = hexpress::model::load(&src).expect_err("the literal reading must be refused");
        let shown = hexpress::diag::render(&src, &err);
        assert!(shown.contains(error), "{file}: {shown}");
        assert!(shown.contains(hint), "{file}: {shown}");
    }
}
