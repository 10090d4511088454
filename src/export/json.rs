//! `layout.json`: the stable contract other tools read (`hexpress-layout/1`).
//!
//! Keys come in a fixed order, hexes in scenario order, one hex or harbor per
//! line so diffs stay readable.

use serde::Serialize;

use crate::model::Constraints;
use crate::recipe::Recipe;
use crate::solve::Layout;

/// The format tag written first in every file.
pub const FORMAT: &str = "hexpress-layout/1";

/// The tool and version that wrote a file, written right after the format.
pub const GENERATOR: &str = concat!("hexpress ", env!("CARGO_PKG_VERSION"));

#[derive(Serialize)]
struct HexOut<'a> {
    q: i32,
    r: i32,
    terrain: &'a str,
    number: Option<u8>,
    region: Option<&'a str>,
    fixed: bool,
    face_down: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    label: Option<&'a str>,
    #[serde(skip_serializing_if = "<[u8]>::is_empty")]
    rolls: &'a [u8],
    #[serde(skip_serializing_if = "Option::is_none")]
    castaway: Option<&'static str>,
}

#[derive(Serialize)]
struct At {
    q: i32,
    r: i32,
}

#[derive(Serialize)]
struct HarborOut<'a> {
    q: i32,
    r: i32,
    toward: Option<At>,
    kind: &'a str,
}

#[derive(Serialize)]
struct SideOut<'a> {
    q: i32,
    r: i32,
    toward: At,
    feature: &'a str,
}

#[derive(Serialize)]
struct SideFeatureOut<'a> {
    key: &'a str,
    name: &'a str,
    look: &'static str,
}

#[derive(Serialize)]
struct RegionOut<'a> {
    key: &'a str,
    name: &'a str,
    face_down: bool,
    chip_stack: &'a [u8],
}

#[derive(Serialize)]
struct ConstraintsOut<'a> {
    no_adjacent_red: bool,
    no_equal_neighbours: bool,
    no_2_next_to_12: bool,
    no_chip: Vec<&'a str>,
    max_terrain_group: Option<u32>,
    max_corner_pips: Option<u32>,
    gold_no_red: bool,
    gold_not_adjacent: bool,
    harbors_face_land: bool,
    harbors_apart: bool,
    harbors_off_fishing_grounds: bool,
}

#[derive(Serialize)]
struct SamplerOut {
    method: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    deals: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    moved: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    attempts: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    layouts: Option<u128>,
    #[serde(skip_serializing_if = "Option::is_none")]
    boards: Option<u128>,
}

fn sampler(s: &crate::solve::Sampler) -> SamplerOut {
    use crate::solve::Sampler;
    let none = SamplerOut {
        method: s.method(),
        deals: None,
        steps: None,
        moved: None,
        attempts: None,
        layouts: None,
        boards: None,
    };
    match *s {
        Sampler::Rejection { deals } => SamplerOut { deals: Some(deals), ..none },
        Sampler::Chain { steps, moved, .. } => {
            SamplerOut { steps: Some(steps), moved: Some(moved), ..none }
        }
        Sampler::Counting { attempts, layouts, boards } => {
            SamplerOut { attempts: Some(attempts), layouts: Some(layouts), boards, ..none }
        }
    }
}

fn constraints(c: &Constraints) -> ConstraintsOut<'_> {
    ConstraintsOut {
        no_adjacent_red: c.no_adjacent_red,
        no_equal_neighbours: c.no_equal_neighbours,
        no_2_next_to_12: c.no_2_next_to_12,
        no_chip: c.no_chip.iter().map(|t| t.name()).collect(),
        max_terrain_group: c.max_terrain_group,
        max_corner_pips: c.max_corner_pips,
        gold_no_red: c.gold_no_red,
        gold_not_adjacent: c.gold_not_adjacent,
        harbors_face_land: true,
        harbors_apart: c.harbors_apart,
        harbors_off_fishing_grounds: c.harbors_off_fishing_grounds,
    }
}

fn compact<T: Serialize>(v: &T) -> String {
    // Serializing plain structs of strings, integers and booleans cannot fail.
    serde_json::to_string(v).unwrap_or_else(|_| "null".into())
}

fn list(out: &mut String, key: &str, items: Vec<String>, last: bool) {
    out.push_str(&format!("  \"{key}\": ["));
    if items.is_empty() {
        out.push(']');
    } else {
        out.push('\n');
        let n = items.len();
        for (i, it) in items.into_iter().enumerate() {
            out.push_str("    ");
            out.push_str(&it);
            if i + 1 < n {
                out.push(',');
            }
            out.push('\n');
        }
        out.push_str("  ]");
    }
    out.push_str(if last { "\n" } else { ",\n" });
}

/// Renders a layout as `layout.json` text, its command the plain one
/// ([`Recipe::plain`]: scenario id, players, seed).
pub fn to_json(layout: &Layout) -> String {
    render(layout, &Recipe::plain(layout).command(), None)
}

/// Renders a layout made by `recipe` as `layout.json` text; a board chosen by
/// a balanced search gets a `balance` object (its measures, score and search
/// facts) after `sampler`.
pub fn layout_json(
    layout: &Layout,
    recipe: &Recipe,
    balanced: Option<(&crate::balance::Outcome, &crate::balance::Weights)>,
) -> String {
    let balance = balanced.map(|(o, w)| crate::balance::json::object(o, w));
    render(layout, &recipe.command(), balance)
}

/// Renders a layout with a `balance` object given as compact JSON text
/// (see [`crate::balance::json`]: `object_with`, `bar_object`), its command
/// the plain one.
pub fn to_json_with_balance(layout: &Layout, balance: String) -> String {
    render(layout, &Recipe::plain(layout).command(), Some(balance))
}

/// `layout.json` of a board whose command is already formatted
/// ([`Recipe::command`], or [`Recipe::around_seed`] with the seed spliced in
/// by `hexpress sample`, which writes many), with an optional `balance`
/// object as compact JSON text.
pub fn layout_json_with(layout: &Layout, command: &str, balance: Option<String>) -> String {
    render(layout, command, balance)
}

/// `side_features` and `sides`, when the map has features on hex sides.
fn sides(out: &mut String, s: &crate::model::sides::MapSides) {
    if s.is_empty() {
        return;
    }
    let kinds = s
        .kinds
        .iter()
        .map(|k| compact(&SideFeatureOut { key: &k.key, name: &k.name, look: k.look.name() }))
        .collect();
    list(out, "side_features", kinds, false);
    let placed = s
        .sides
        .iter()
        .map(|x| {
            compact(&SideOut {
                q: x.hex.q,
                r: x.hex.r,
                toward: At { q: x.toward.q, r: x.toward.r },
                feature: s.kinds.get(x.kind as usize).map_or("", |k| k.key.as_str()),
            })
        })
        .collect();
    list(out, "sides", placed, false);
}

fn render(layout: &Layout, command: &str, balance: Option<String>) -> String {
    let mut out = String::from("{\n");
    out.push_str(&format!("  \"format\": {},\n", compact(&FORMAT)));
    out.push_str(&format!("  \"generator\": {},\n", compact(&GENERATOR)));
    out.push_str(&format!("  \"scenario\": {},\n", compact(&layout.scenario)));
    out.push_str(&format!("  \"title\": {},\n", compact(&layout.title)));
    out.push_str(&format!("  \"players\": {},\n", layout.players));
    out.push_str(&format!("  \"seed\": {},\n", layout.seed));
    out.push_str(&format!("  \"command\": {},\n", compact(&command)));
    let hexes = layout
        .hexes
        .iter()
        .enumerate()
        .map(|(i, h)| {
            compact(&HexOut {
                q: h.hex.q,
                r: h.hex.r,
                terrain: h.terrain.name(),
                number: h.number,
                region: layout.region_key(i),
                fixed: h.fixed,
                face_down: h.face_down,
                label: layout.label(i),
                rolls: layout.rolls(i),
                castaway: layout.castaway(i).map(crate::model::corner_name),
            })
        })
        .collect();
    list(&mut out, "hexes", hexes, false);
    let harbors = layout
        .harbors
        .iter()
        .map(|h| {
            compact(&HarborOut {
                q: h.hex.q,
                r: h.hex.r,
                toward: h.toward.map(|t| At { q: t.q, r: t.r }),
                kind: h.kind.name(),
            })
        })
        .collect();
    list(&mut out, "harbors", harbors, false);
    sides(&mut out, &layout.sides);
    let regions = layout
        .regions
        .iter()
        .map(|r| {
            compact(&RegionOut {
                key: &r.key,
                name: &r.name,
                face_down: r.face_down,
                chip_stack: &r.chip_stack,
            })
        })
        .collect();
    list(&mut out, "regions", regions, false);
    out.push_str(&format!("  \"constraints\": {},\n", compact(&constraints(&layout.constraints))));
    out.push_str(&format!("  \"sampler\": {}", compact(&sampler(&layout.sampler))));
    if let Some(b) = balance {
        out.push_str(&format!(",\n  \"balance\": {b}"));
    }
    out.push('\n');
    out.push_str("}\n");
    out
}
