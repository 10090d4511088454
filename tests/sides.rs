//! Features on hex sides (issue 40): rivers, bridges and any kind a scenario
//! declares, placed by a list or a side drawing, validated with file, line,
//! column and hint, carried through `layout.json`, drawn on the map and its
//! key, named in the handout with their rules, printed as pieces, and kept
//! by the painter.

use std::collections::BTreeSet;

use crate::common;

use hexpress::axial::Hex;
use hexpress::diag::Source;
use hexpress::model::{load, Scenario};

/// A base-game island with a river of three sides (two by list, one drawn),
/// a bridge by list and printed bridge pieces.
const RIVER: &str = r#"
[scenario]
id = "river-test"
title = "River test"
players = [3, 4]

[legend]
"~" = "sea"
"*" = { region = "island" }

[sides.river]
name = "River"
look = "river"
text = "A river: {ford} steps to ford."
marks = ["|", "/", "\\"]

[sides.bridge]
name = "Bridge"
look = "bridge"
pieces = 6

[values]
ford = 3

[[map]]
players = [3, 4]
hexes = """
      ~   ~   ~   ~
    ~   *   *   *   ~
  ~   *   *   *   *   ~
~   *   *   *   *   *   ~
  ~   *   *   *   *   ~
    ~   *   *   *   ~
      ~   ~   ~   ~
"""
side_drawing = '''
      ~   ~   ~   ~
    ~   *   *   *   ~
  ~   *   * | *   *   ~
~   *   *   *   *   *   ~
  ~   *   *   *   *   ~
    ~   *   *   *   ~
      ~   ~   ~   ~
'''

[map.sides]
river = ["0,0 e", "0,0 se"]
bridge = ["-1,1 e"]

[map.regions.island]
tiles = { forest = 4, pasture = 4, fields = 4, hills = 3, mountains = 3, desert = 1 }
numbers = [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]

[starts]
"bridge pieces" = "Beside the board."
"#;

fn river() -> Scenario {
    let src = Source::new("river.toml", RIVER);
    load(&src).unwrap_or_else(|d| panic!("{}", hexpress::diag::render(&src, &d)))
}

/// The sides of a map as unordered pairs with their feature's key.
fn pairs(s: &hexpress::model::sides::MapSides) -> BTreeSet<((Hex, Hex), String)> {
    s.sides
        .iter()
        .map(|x| {
            let key = s.kinds[x.kind as usize].key.clone();
            ((x.hex.min(x.toward), x.hex.max(x.toward)), key)
        })
        .collect()
}

fn pair(a: (i32, i32), b: (i32, i32)) -> (Hex, Hex) {
    let (a, b) = (Hex::new(a.0, a.1), Hex::new(b.0, b.1));
    (a.min(b), a.max(b))
}

#[test]
fn lists_and_drawings_place_sides_between_the_hexes_they_name() {
    let s = river();
    let got = pairs(&s.map_for(4).unwrap().sides);
    let want: BTreeSet<_> = [
        (pair((0, 0), (1, 0)), "river".to_string()),
        (pair((0, 0), (0, 1)), "river".to_string()),
        (pair((-1, 1), (0, 1)), "bridge".to_string()),
        // The drawing's mark between the second and third hex of row -1.
        (pair((0, -1), (1, -1)), "river".to_string()),
    ]
    .into_iter()
    .collect();
    assert_eq!(got, want);
    // Every side lies between neighbours.
    for x in &s.map_for(4).unwrap().sides.sides {
        assert_eq!(x.hex.distance(x.toward), 1, "{x:?}");
    }
}

#[test]
fn sides_round_trip_through_layout_json_for_every_builtin() {
    let mut seen = 0;
    for id in hexpress::builtin::ids() {
        let s = common::builtin(id);
        for &players in &s.meta.players {
            let map = s.map_for(players).unwrap();
            let l = hexpress::solve::solve(&s, players, 3, &Default::default()).unwrap();
            let doc: serde_json::Value =
                serde_json::from_str(&hexpress::export::json::to_json(&l)).unwrap();
            if map.sides.is_empty() {
                assert!(doc.get("sides").is_none() && doc.get("side_features").is_none(), "{id}");
                continue;
            }
            seen += 1;
            let kinds: Vec<(String, String, String)> = doc["side_features"]
                .as_array()
                .unwrap()
                .iter()
                .map(|k| {
                    let f = |n: &str| k[n].as_str().unwrap().to_string();
                    (f("key"), f("name"), f("look"))
                })
                .collect();
            let want: Vec<_> = map
                .sides
                .kinds
                .iter()
                .map(|k| (k.key.clone(), k.name.clone(), k.look.name().to_string()))
                .collect();
            assert_eq!(kinds, want, "{id}");
            let read: BTreeSet<_> = doc["sides"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| {
                    let at = |v: &serde_json::Value| {
                        Hex::new(v["q"].as_i64().unwrap() as i32, v["r"].as_i64().unwrap() as i32)
                    };
                    let (a, b) = (at(x), at(&x["toward"]));
                    ((a.min(b), a.max(b)), x["feature"].as_str().unwrap().to_string())
                })
                .collect();
            assert_eq!(read, pairs(&map.sides), "{id} {players}p");
        }
    }
    assert!(seen >= 2, "a built-in with side features, at each of its player counts");
}

/// The problem a scenario text raises: message, line, column, label, hints.
fn problem(text: &str) -> Vec<(String, usize, usize, String, String)> {
    let src = Source::new("bad.toml", text);
    let d = load(&src).expect_err("refused");
    d.items()
        .iter()
        .map(|x| {
            let l = &x.labels[0];
            let (line, col) = src.line_col(l.span.start);
            (x.message.clone(), line, col, l.message.clone(), x.hints.join(" "))
        })
        .collect()
}

fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).expect("in the text") + 1
}

#[test]
fn a_side_off_the_map_or_given_twice_is_refused_where_it_is_written() {
    let text =
        RIVER.replace(r#"river = ["0,0 e", "0,0 se"]"#, r#"river = ["0,0 e", "1,0 w", "3,0 e"]"#);
    let p = problem(&text);
    let line = line_of(&text, "river = [");
    let twice = p.iter().find(|x| x.0.contains("given twice")).expect("a repeat");
    assert_eq!(
        (twice.1, twice.2),
        (line, text.lines().nth(line - 1).unwrap().find("1,0 w").unwrap() + 1)
    );
    assert!(twice.4.contains("one feature"), "{twice:?}");
    let off = p.iter().find(|x| x.0.contains("not between two hexes")).expect("off the map");
    assert!(off.3.contains("(4, 0) is no hex of the map"), "{off:?}");
    assert_eq!(off.1, line);
}

#[test]
fn a_drawn_side_given_again_by_list_is_a_repeat() {
    let text = RIVER.replace(r#"bridge = ["-1,1 e"]"#, r#"bridge = ["1,-1 w"]"#);
    let p = problem(&text);
    let twice = p.iter().find(|x| x.0.contains("is given twice")).expect("a repeat");
    assert!(twice.0.contains("(1, -1)") && twice.0.contains("(0, -1)"), "{twice:?}");
    // Pointed at the drawing's mark, the second time the side is given.
    assert_eq!(twice.1, line_of(&text, "* | *"), "{twice:?}");
}

#[test]
fn unknown_features_bad_places_and_bad_marks_get_hints() {
    let text = RIVER.replace(
        r#"bridge = ["-1,1 e"]"#,
        r#"brige = ["-1,1 e"]
river2 = ["0,0 east"]"#,
    );
    let p = problem(&text);
    let unknown = p.iter().find(|x| x.0 == "unknown side feature `brige`").expect("unknown");
    assert_eq!(unknown.4, "did you mean `bridge`?");
    assert_eq!(unknown.1, line_of(&text, "brige = "));
    let undeclared = p.iter().find(|x| x.0 == "unknown side feature `river2`").expect("river2");
    assert!(undeclared.4.contains("did you mean `river`"), "{undeclared:?}");
    let text = RIVER.replace(r#"river = ["0,0 e", "0,0 se"]"#, r#"river = ["0,0 east"]"#);
    let p = problem(&text);
    assert!(
        p.iter().any(|x| x.0 == "`0,0 east` is not a side" && x.4.contains("\"0,-1 se\"")),
        "{p:?}"
    );
    let text = RIVER.replace(r#"marks = ["|", "/", "\\"]"#, r#"marks = ["||", "/", "/"]"#);
    let p = problem(&text);
    assert!(p.iter().any(|x| x.0 == "side mark `||` is not one character"), "{p:?}");
    assert!(p.iter().any(|x| x.0 == "side mark `/` is given twice"), "{p:?}");
    let text = RIVER.replace(r#"look = "river""#, r#"look = "rivr""#);
    let p = problem(&text);
    assert!(p.iter().any(|x| x.0 == "unknown side look `rivr`" && x.4 == "did you mean `river`?"));
}

#[test]
fn a_misplaced_mark_and_a_drawing_that_differs_are_pointed_at() {
    // A line of marks whose mark is not halfway between a code above and below.
    let text = RIVER.replace("  ~   *   * | *   *   ~", "  ~   *   *   *   *   ~\n    |");
    let p = problem(&text);
    let mark = p.iter().find(|x| x.0.contains("side mark `|`")).expect("the mark");
    assert_eq!((mark.1, mark.2), (line_of(&text, "    |"), 5), "{mark:?}");
    assert!(mark.4.contains("halfway"), "{mark:?}");
    let text = RIVER.replacen("~   *   *   *   *   *   ~\n  ~   *   *   *   *   ~\n    ~   *   *   *   ~\n      ~   ~   ~   ~\n'''", "~   *   *   *   *   *   ~\n  ~   *   *   *   *   ~\n    ~   *   ~   *   ~\n      ~   ~   ~   ~\n'''", 1);
    let p = problem(&text);
    let differs =
        p.iter().find(|x| x.0.contains("does not match the map drawing")).expect("differs");
    assert_eq!(differs.3, "the map drawing has `*` there");
    assert!(differs.4.contains("copy of `hexes`"), "{differs:?}");
}

#[test]
fn the_map_its_key_and_the_handout_show_the_sides_and_the_pack_prints_the_pieces() {
    use hexpress::compose::map::canvas::{map_canvas, MapSpec};
    use hexpress::settings::{Choices, Settings};
    let s = river();
    let l = hexpress::solve::solve(&s, 4, 1, &Default::default()).unwrap();
    let settings = Settings::build(&Choices::default()).unwrap();
    let spec = MapSpec {
        theme: &settings.theme,
        mode: settings.mode,
        view: settings.view,
        flat: settings.theme.sizes.hex_flat,
        labels: false,
        notes: &[],
        command: "",
        key_width: None,
        picture: false,
    };
    let with = map_canvas(&l, &spec);
    let mut bare = l.clone();
    bare.sides = Default::default();
    let without = map_canvas(&bare, &spec);
    // Each side adds its passes (banks and water; a bridge its deck too), and
    // the key names both features.
    let added = with.blocks.len() - without.blocks.len();
    assert_eq!(added, 3 * 2 + 3, "{added}");
    let names = hexpress::compose::map::legend::entries(&l, &spec);
    for n in ["River", "Bridge"] {
        assert!(names.iter().any(|(x, _)| x == n), "{n} not in the key");
    }
    // The handout names each feature, its count on the map and its rules.
    let words = hexpress::compose::handout::handout_blocks(&s, &l, None, &settings.theme.inks);
    let text = format!("{words:?}");
    assert!(text.contains("On the hex sides"), "{text}");
    assert!(text.contains("3 sides of the map"), "{text}");
    assert!(text.contains("3 steps to ford"), "{text}");
    // Six bridge pieces on the component sheets.
    let art = hexpress::compose::pieces::theme_art::ThemeArt {
        theme: &settings.theme,
        mode: settings.mode,
    };
    let sets = hexpress::compose::pieces::component_sets(&l, &s, &settings.sheets.sizes, &art);
    let bridges = sets.iter().find(|x| x.title == "Bridge pieces").expect("bridge pieces");
    assert_eq!(bridges.pieces.iter().map(|p| p.count).sum::<u32>(), 6);
}
