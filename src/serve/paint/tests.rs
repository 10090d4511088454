//! The painter's edits on the built-in scenarios and on a blank grid.

use super::drawing::{Drawing, Side};
use super::edit::{apply, Edit};
use super::*;

fn builtin_text(id: &str) -> String {
    crate::builtin::source(id).expect("built-in").text
}

#[test]
fn every_builtin_reads_back_unchanged() {
    for id in crate::builtin::ids() {
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
    for id in crate::builtin::ids() {
        let text = builtin_text(id);
        let mut diags = crate::diag::Diagnostics::new();
        let raw =
            crate::scenario::parse(&crate::diag::Source::new("x.toml", text.as_str()), &mut diags)
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
                crate::scenario::grid::read_grid(grid, &mut diags)
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
        let s = crate::model::load(&crate::diag::Source::new("x.toml", t)).expect("loads");
        let m = &s.maps[0];
        let f = m
            .cells
            .iter()
            .find(|c| {
                matches!(
                    c.content,
                    crate::model::CellContent::Fixed { terrain: crate::vocab::Terrain::Desert, .. }
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
                    crate::model::CellContent::Fixed { terrain: crate::vocab::Terrain::Gold, .. }
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
