//! The painter's edits on the built-in scenarios and on a blank grid.

use super::drawing::{Drawing, Side};
use super::edit::{apply, Edit};
use super::*;

fn builtin_text(id: &str) -> String {
    crate::front::builtin::source(id).expect("built-in").text
}

#[test]
fn every_builtin_reads_back_unchanged() {
    for id in crate::front::builtin::ids() {
        let text = builtin_text(id);
        let doc: toml_edit::DocumentMut = text.parse().expect("toml");
        assert_eq!(doc.to_string(), text, "{id}: toml_edit keeps the text");
        // Painting a hex with the code it has changes nothing.
        let v = describe(text.clone(), false);
        let cells = v["view"]["maps"][0]["cells"].as_array().expect("cells");
        let c = &cells[cells.len() / 2];
        let edit = Edit::Paint {
            map: 0,
            cells: vec![(c[0].as_i64().expect("x"), c[1].as_i64().expect("y"))],
            code: Some(c[2].as_str().expect("code").to_string()),
        };
        assert_eq!(apply(&text, &edit), Ok(None), "{id}");
        assert_eq!(v["ok"], true, "{id}: {}", v["rendered"]);
    }
}

#[test]
fn edits_change_only_what_they_touch() {
    let text = builtin_text("base");
    let lines = |t: &str| t.lines().map(str::to_string).collect::<Vec<_>>();
    let added = |t: &str| {
        let old = lines(&text);
        lines(t).into_iter().filter(|l| !old.contains(l)).collect::<Vec<_>>()
    };
    let t = apply(
        &text,
        &Edit::Tiles { map: 0, region: "island".into(), terrain: "gold".into(), count: 2 },
    )
    .expect("ok")
    .expect("changed");
    assert_eq!(
        added(&t),
        ["tiles = { forest = 4, pasture = 4, fields = 4, hills = 3, mountains = 3, desert = 1, gold = 2 }"]
    );
    let t =
        apply(&text, &Edit::Rule { key: "max_corner_pips".into(), value: serde_json::json!(11) })
            .expect("ok")
            .expect("changed");
    assert_eq!(added(&t), ["max_corner_pips = 11"]);
    assert_eq!(t.replace("max_corner_pips = 11\n", ""), text, "nothing else moved");
    let t = apply(&text, &Edit::Grow { map: 0, side: Side::Top, add: true })
        .expect("ok")
        .expect("changed");
    assert_eq!(added(&t), [".   .   .   .   .   .   ."]);
    let back = apply(&t, &Edit::Grow { map: 0, side: Side::Top, add: false })
        .expect("ok")
        .expect("changed");
    assert_eq!(back, text, "adding and removing a row gives the text back");
    let t = apply(&text, &Edit::Grow { map: 0, side: Side::Right, add: true })
        .expect("ok")
        .expect("changed");
    let back = apply(&t, &Edit::Grow { map: 0, side: Side::Right, add: false })
        .expect("ok")
        .expect("changed");
    assert_eq!(back, text, "adding and removing a column gives the text back");
    assert!(apply(
        &text,
        &Edit::Tiles { map: 0, region: "island".into(), terrain: "lava".into(), count: 1 }
    )
    .is_err_and(|e| e.contains("not a terrain")));
    assert!(apply("[scenario", &Edit::Players { players: vec![3] })
        .is_err_and(|e| e.contains("not valid TOML")));
}

#[test]
fn a_blank_grid_paints_into_a_valid_scenario() {
    let mut text = blank(Blank { rows: 3, cols: 4 }).expect("blank");
    assert_eq!(describe(text.clone(), true)["ok"], false, "an empty region is a problem");
    let d = Drawing::parse(text.split("\"\"\"").nth(1).expect("drawing").trim_start_matches('\n'))
        .expect("grid");
    assert_eq!(d.cells().len(), 12);
    let edits = [
        Edit::Paint { map: 0, cells: vec![(2, 0), (1, 1), (3, 1), (2, 2)], code: Some("*".into()) },
        Edit::Paint { map: 0, cells: vec![(4, 0)], code: Some("D".into()) },
        Edit::Tiles { map: 0, region: "island".into(), terrain: "forest".into(), count: 2 },
        Edit::Tiles { map: 0, region: "island".into(), terrain: "hills".into(), count: 2 },
        Edit::Numbers { map: 0, region: "island".into(), numbers: vec![5, 6, 9, 10] },
    ];
    for e in &edits {
        text = apply(&text, e).expect("applies").expect("changes");
    }
    let v = describe(text.clone(), true);
    assert_eq!(v["ok"], true, "{}", v["rendered"]);
    let island = &v["view"]["maps"][0]["regions"][0];
    assert_eq!((island["slots"].as_u64(), island["tile_total"].as_i64()), (Some(4), Some(4)));
    assert_eq!(island["chips_needed"], 4);
}

#[test]
fn drawings_keep_their_lines() {
    let text = "  a   b\nc   d   e\n  f   g\n";
    let mut d = Drawing::parse(text).expect("aligned");
    assert_eq!(d.render(), text);
    assert_eq!(d.get(1, 1), Some("d"));
    assert!(d.set(1, 1, Some("xy")).expect("on the grid"));
    assert_eq!(d.render(), "  a   b\nc   xy  e\n  f   g\n");
    assert!(d.set(0, 1, Some("q")).is_err(), "off the lattice");
    assert!(Drawing::parse("a   b\nc   d\n").is_err());
}

/// The drawing positions the painter gives codes land where the scenario
/// reader puts them, on every map of every built-in.
#[test]
fn frames_agree_with_the_scenario_reader() {
    for id in crate::front::builtin::ids() {
        let text = builtin_text(id);
        let mut diags = crate::diag::Diagnostics::new();
        let raw = crate::front::scenario::parse(
            &crate::diag::Source::new("x.toml", text.as_str()),
            &mut diags,
        )
        .expect("parses");
        for (i, m) in raw.maps.iter().enumerate() {
            let Some(grid) = &m.hexes else { continue };
            let d = Drawing::parse(&grid.text).expect("on the grid");
            let f = d.frame().expect("a frame");
            let mut mine: Vec<(i64, i64, String)> = d
                .cells()
                .into_iter()
                .filter(|c| c.2 != ".")
                .map(|(x, y, c)| {
                    let (q, r) = f.axial(x, y);
                    assert_eq!(f.position(q, r), (x, y), "{id} map {i}: the frame goes both ways");
                    (q, r, c.to_string())
                })
                .collect();
            let mut theirs: Vec<(i64, i64, String)> =
                crate::front::scenario::grid::read_grid(grid, &mut diags)
                    .into_iter()
                    .map(|g| (i64::from(g.hex.q), i64::from(g.hex.r), g.code))
                    .collect();
            mine.sort();
            theirs.sort();
            assert_eq!(mine, theirs, "{id} map {i}");
        }
    }
}

/// A scenario with a hex listed by coordinates: it is drawn at its place,
/// painted there, erased there, and stays beside the same drawn hex when
/// the drawing grows on any side.
#[test]
fn listed_cells_are_painted_and_move_with_the_drawing() {
    let text = "[scenario]\nid = \"x\"\ntitle = \"X\"\nplayers = [3]\n\n[legend]\n\"~\" = \"sea\"\nF = \"desert\"\nG = { terrain = \"gold\", number = 5 }\n\n[[map]]\nplayers = [3]\nhexes = \"\"\"\n~   ~   ~\n  ~   F   ~\n~   ~   ~\n\"\"\"\n\n[[map.cells]]\nq = 3\nr = 0\ncode = \"G\"\n";
    let v = describe(text.to_string(), false);
    let listed = &v["view"]["maps"][0]["listed"][0];
    let at = (listed[0].as_i64().expect("x"), listed[1].as_i64().expect("y"));
    assert_eq!(listed[2], "G");
    // Beside the drawing, in the middle line.
    assert_eq!(at.1, 1, "{listed}");
    let forest = |t: &str| {
        let s = crate::front::model::load(&crate::diag::Source::new("x.toml", t)).expect("loads");
        let m = &s.maps[0];
        let f = m
            .cells
            .iter()
            .find(|c| {
                matches!(
                    c.content,
                    crate::front::model::CellContent::Fixed {
                        terrain: crate::vocab::Terrain::Desert,
                        ..
                    }
                )
            })
            .expect("desert")
            .hex;
        let g = m
            .cells
            .iter()
            .find(|c| {
                matches!(
                    c.content,
                    crate::front::model::CellContent::Fixed {
                        terrain: crate::vocab::Terrain::Gold,
                        ..
                    }
                )
            })
            .expect("gold")
            .hex;
        (g.q - f.q, g.r - f.r)
    };
    let apart = forest(text);
    for side in [Side::Top, Side::Bottom, Side::Left, Side::Right] {
        for add in [true, false] {
            let t = apply(text, &Edit::Grow { map: 0, side, add }).expect("ok").expect("changed");
            assert_eq!(forest(&t), apart, "{side:?} {add}: the listed hex stays beside the desert");
        }
    }
    let t = apply(text, &Edit::Paint { map: 0, cells: vec![at], code: Some("F".into()) })
        .expect("ok")
        .expect("changed");
    assert!(t.contains("code = \"F\"") && t.contains("G = {"), "{t}");
    let t = apply(text, &Edit::Paint { map: 0, cells: vec![at], code: None })
        .expect("ok")
        .expect("changed");
    assert!(!t.contains("[[map.cells]]"), "erased: {t}");
}

#[test]
fn a_region_added_and_dropped_gives_the_text_back() {
    let text = builtin_text("base");
    let t =
        apply(&text, &Edit::Region { map: 0, key: "moon".into() }).expect("ok").expect("changed");
    assert!(t.contains("[map.regions.moon]"), "{t}");
    let back =
        apply(&t, &Edit::DropRegion { map: 0, key: "moon".into() }).expect("ok").expect("changed");
    assert_eq!(back, text);
    assert!(apply(&text, &Edit::DropRegion { map: 0, key: "moon".into() })
        .is_err_and(|e| e.contains("no region")));
}

/// The sides of map 0 of `text` as unordered pairs with their feature keys.
fn sides_of(
    text: &str,
) -> std::collections::BTreeSet<((crate::axial::Hex, crate::axial::Hex), String)> {
    let s = crate::front::model::load(&crate::diag::Source::new("s.toml", text)).expect("valid");
    let m = &s.maps[0].sides;
    m.sides
        .iter()
        .map(|x| ((x.hex.min(x.toward), x.hex.max(x.toward)), m.kinds[x.kind as usize].key.clone()))
        .collect()
}

fn at(v: &serde_json::Value) -> (i64, i64) {
    (v[0].as_i64().expect("x"), v[1].as_i64().expect("y"))
}

#[test]
fn the_painter_shows_side_features_and_puts_them_on_and_off() {
    let text = builtin_text("traders-and-wagons-overseas");
    let v = describe(text.clone(), false);
    let feats: Vec<&str> = v["view"]["side_features"]
        .as_array()
        .expect("features")
        .iter()
        .map(|f| f["key"].as_str().expect("key"))
        .collect();
    assert_eq!(feats, ["river", "bridge"]);
    let shown = v["view"]["maps"][0]["sides"].as_array().expect("sides").clone();
    let before = sides_of(&text);
    assert_eq!(shown.len(), before.len());
    // The positions the painter shows are the model's sides.
    let anchor = sides::Anchor::of(
        &crate::front::scenario::parse(
            &crate::diag::Source::new("s", text.as_str()),
            &mut crate::diag::Diagnostics::new(),
        )
        .expect("raw")
        .maps[0]
            .hexes
            .as_ref()
            .expect("drawing")
            .text,
    )
    .expect("anchor");
    for s in &shown {
        let (a, b) = (at(&s["a"]), at(&s["b"]));
        let (a, b) = (anchor.hex(a.0, a.1).expect("a hex"), anchor.hex(b.0, b.1).expect("a hex"));
        let key = s["feature"].as_str().expect("feature").to_string();
        assert!(before.contains(&((a.min(b), a.max(b)), key)), "{s}");
    }
    // A listed bridge comes off, and back on.
    let bridge =
        shown.iter().find(|s| s["feature"] == "bridge" && s["drawn"] == false).expect("a bridge");
    let cells = [at(&bridge["a"]), at(&bridge["b"])];
    let off =
        apply(&text, &Edit::Side { map: 0, cells, feature: None }).expect("ok").expect("changed");
    assert_eq!(sides_of(&off).len(), before.len() - 1);
    let on = apply(&off, &Edit::Side { map: 0, cells, feature: Some("bridge".into()) })
        .expect("ok")
        .expect("changed");
    assert_eq!(sides_of(&on), before);
    // The same feature again takes it off; another feature replaces it.
    let again = apply(&on, &Edit::Side { map: 0, cells, feature: Some("bridge".into()) });
    assert_eq!(again.expect("ok").map(|t| sides_of(&t).len()), Some(before.len() - 1));
    let river = apply(&on, &Edit::Side { map: 0, cells, feature: Some("river".into()) })
        .expect("ok")
        .expect("changed");
    let after = sides_of(&river);
    assert_eq!(after.len(), before.len());
    assert_eq!(after.iter().filter(|(_, k)| k == "bridge").count(), 1);
    // A drawn side is changed in the text; a side needs neighbours and a declared feature.
    let drawn = shown.iter().find(|s| s["drawn"] == true).expect("a drawn river");
    let cells_drawn = [at(&drawn["a"]), at(&drawn["b"])];
    assert!(apply(&text, &Edit::Side { map: 0, cells: cells_drawn, feature: None })
        .is_err_and(|e| e.contains("side_drawing")));
    let far = [cells[0], (cells[0].0 + 4, cells[0].1)];
    assert!(apply(&text, &Edit::Side { map: 0, cells: far, feature: Some("river".into()) })
        .is_err_and(|e| e.contains("neighbouring")));
    assert!(apply(&text, &Edit::Side { map: 0, cells, feature: Some("canal".into()) })
        .is_err_and(|e| e.contains("not a side feature")));
}

#[test]
fn a_first_side_feature_makes_its_table() {
    let base = builtin_text("base").replace("[[map]]", "[sides.wall]\nlook = \"wall\"\n\n[[map]]");
    let v = describe(base.clone(), false);
    assert_eq!(v["ok"], true, "{}", v["rendered"]);
    // Two neighbours of the middle row: (x, y) and (x + 2, y).
    let cells = v["view"]["maps"][0]["cells"].as_array().expect("cells");
    let mid = cells
        .iter()
        .find(|c| {
            c[2] == "*"
                && cells.iter().any(|d| {
                    d[1] == c[1] && d[0].as_i64() == c[0].as_i64().map(|x| x + 2) && d[2] == "*"
                })
        })
        .expect("two land hexes");
    let a = (mid[0].as_i64().expect("x"), mid[1].as_i64().expect("y"));
    let t = apply(
        &base,
        &Edit::Side { map: 0, cells: [a, (a.0 + 2, a.1)], feature: Some("wall".into()) },
    )
    .expect("ok")
    .expect("changed");
    assert!(t.contains("[map.sides]\nwall = ["), "{t}");
    assert_eq!(sides_of(&t).len(), 1);
    let back = apply(&t, &Edit::Side { map: 0, cells: [a, (a.0 + 2, a.1)], feature: None })
        .expect("ok")
        .expect("changed");
    assert_eq!(sides_of(&back).len(), 0);
    // On an existing list: a side put on and taken off gives the text back.
    let text = builtin_text("traders-and-wagons-overseas");
    let cells = [(a.0 - 2, a.1), a];
    let on = apply(&text, &Edit::Side { map: 0, cells, feature: Some("bridge".into()) })
        .expect("ok")
        .expect("changed");
    assert!(on.contains("bridge = [\"2,-1 e\", \"2,1 e\", \""), "{on}");
    let off =
        apply(&on, &Edit::Side { map: 0, cells, feature: None }).expect("ok").expect("changed");
    assert_eq!(off, text);
}

/// A region's own rules show in the painter's region list, and an edit of
/// that region (a tile count there and back) keeps them in the file.
#[test]
fn a_regions_own_rules_show_and_survive_edits() {
    let text = builtin_text("traders-and-wagons-overseas");
    let v = describe(text.clone(), false);
    let regions = v["view"]["maps"][0]["regions"].as_array().expect("regions");
    let island = regions.iter().find(|r| r["key"] == "desert_island").expect("desert island");
    let rules = island["rules"].as_array().expect("rules");
    assert_eq!(rules.len(), 1, "{rules:?}");
    assert_eq!(
        (rules[0]["key"].as_str(), rules[0]["value"].as_i64()),
        (Some("max_terrain_group"), Some(3))
    );
    let catan = regions.iter().find(|r| r["key"] == "catan").expect("catan");
    assert_eq!(catan["rules"].as_array().map(Vec::len), Some(0));
    let tiles = |n| Edit::Tiles {
        map: 0,
        region: "desert_island".into(),
        terrain: "mountains".into(),
        count: n,
    };
    let t = apply(&text, &tiles(4)).expect("ok").expect("changed");
    assert!(t.contains("[map.regions.desert_island.constraints]\nmax_terrain_group = 3"), "{t}");
    let back = apply(&t, &tiles(3)).expect("ok").expect("changed");
    assert_eq!(back, text);
    let s = crate::front::model::load(&crate::diag::Source::new("s.toml", &back)).expect("valid");
    let rules = &s.maps[0].regions[1].rules;
    assert_eq!(
        rules.get(crate::front::model::ConstraintId::MaxTerrainGroup),
        Some(crate::front::model::RuleValue::Limit(Some(3)))
    );
}

fn region_rule(region: &str, key: &str, value: serde_json::Value) -> Edit {
    Edit::RegionRule { map: 0, region: region.into(), key: key.into(), value }
}

/// A region's own rule set from the painter lands in the region's
/// `constraints` table, reads back with the same value, shows on the card,
/// and goes again (table and all) when removed.
#[test]
fn a_regions_own_rule_is_set_saved_and_removed() {
    use crate::front::model::{ConstraintId as C, RuleValue};
    let text = builtin_text("base");
    let t = apply(&text, &region_rule("island", "max_corner_pips", json!(11))).expect("ok");
    let t = t.expect("changed");
    assert!(t.contains("[map.regions.island.constraints]\nmax_corner_pips = 11\n"), "{t}");
    let t2 = apply(&t, &region_rule("island", "no_equal_neighbours", json!(false)));
    let t2 = t2.expect("ok").expect("changed");
    let s = crate::front::model::load(&crate::diag::Source::new("s.toml", &t2)).expect("valid");
    let rules = &s.maps[0].regions[0].rules;
    assert_eq!(rules.get(C::MaxCornerPips), Some(RuleValue::Limit(Some(11))));
    assert_eq!(rules.get(C::NoEqualNeighbours), Some(RuleValue::Switch(false)));
    assert_eq!(rules.get(C::MaxTerrainGroup), None);
    let v = describe(t2.clone(), true);
    assert_eq!(v["ok"], true, "{}", v["rendered"]);
    let shown = &v["view"]["maps"][0]["regions"][0]["rules"];
    assert_eq!(shown.as_array().map(Vec::len), Some(2), "{shown}");
    // The same value again changes nothing; removing both gives the file back.
    assert_eq!(apply(&t2, &region_rule("island", "max_corner_pips", json!(11))), Ok(None));
    let back = apply(&t2, &region_rule("island", "no_equal_neighbours", json!(null)));
    let back = back.expect("ok").expect("changed");
    assert_eq!(back, t);
    let back = apply(&back, &region_rule("island", "max_corner_pips", json!(null)));
    assert_eq!(back.expect("ok").expect("changed"), text);
}

/// The refusals are the file's: a limit out of the descriptor's range, a
/// rule of the whole map, a chip rule on a face-down region.
#[test]
fn a_regions_own_rule_is_refused_as_the_file_would_be() {
    let text = builtin_text("base");
    let e = apply(&text, &region_rule("island", "max_corner_pips", json!(40))).expect_err("range");
    assert!(e.contains("40") && e.contains("from 1 to 15"), "{e}");
    for key in ["harbors_apart", "preset", "no_chip"] {
        let e = apply(&text, &region_rule("island", key, json!(true))).expect_err(key);
        assert!(e.contains("whole map") && e.contains(key), "{e}");
    }
    let e = apply(&text, &region_rule("island", "max_terrain_group", json!(true)));
    assert!(e.is_err_and(|e| e.contains("not a setting")));
    let e = apply(&text, &region_rule("nowhere", "max_terrain_group", json!(3)));
    assert!(e.is_err_and(|e| e.contains("no region `nowhere`")));
    let down = Edit::FaceDown { map: 0, region: "island".into(), on: true };
    let down = apply(&text, &down).expect("ok").expect("changed");
    let e = apply(&down, &region_rule("island", "no_adjacent_red", json!(true)));
    let e = e.expect_err("a chip rule on a face-down region");
    assert!(e.contains("face down") && e.contains("`no_adjacent_red`"), "{e}");
    // A terrain rule is not about chips: the face-down region takes it.
    let t = apply(&down, &region_rule("island", "max_terrain_group", json!(3)));
    assert!(t.expect("ok").is_some());
}
