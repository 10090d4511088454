//! A `layout.json` (or one line of `hexpress sample`) read back into the
//! library's [`Layout`], as a user's program would read the file, so that the
//! library's own board check ([`hexpress::solve::check_board`]) can judge
//! every board a command wrote.

use std::sync::Arc;

use hexpress::axial::Hex;
use hexpress::model::{ConstraintId, RuleValue};
use hexpress::solve::{Layout, PlacedHarbor, PlacedHex, RegionInfo, Sampler, SolveStats};
use hexpress::vocab::{HarborKind, Terrain};
use serde_json::Value;

fn hex_of(v: &Value) -> Hex {
    let c = |k: &str| v[k].as_i64().and_then(|x| i32::try_from(x).ok()).expect("a coordinate");
    Hex::new(c("q"), c("r"))
}

/// The board of a `layout.json` value. Panics on a file that is not one:
/// every file the tests read was written by hexpress.
pub fn layout_from_json(v: &Value) -> Layout {
    let regions: Vec<RegionInfo> = v["regions"]
        .as_array()
        .expect("regions")
        .iter()
        .map(|r| RegionInfo {
            key: r["key"].as_str().expect("key").to_string(),
            name: r["name"].as_str().expect("name").to_string(),
            face_down: r["face_down"].as_bool().expect("face_down"),
            chip_stack: r["chip_stack"]
                .as_array()
                .expect("chip_stack")
                .iter()
                .map(|c| c.as_u64().expect("chip") as u8)
                .collect(),
            constraints: r["constraints"]
                .as_object()
                .map(|o| {
                    let mut rules: Vec<_> = o
                        .iter()
                        .map(|(k, v)| {
                            let id = ConstraintId::from_key(k).expect("a rule key");
                            let value = match v.as_bool() {
                                Some(b) => RuleValue::Switch(b),
                                None => RuleValue::Limit(v.as_u64().map(|n| n as u32)),
                            };
                            (id, value)
                        })
                        .collect();
                    rules.sort_by_key(|(id, _)| *id);
                    rules
                })
                .unwrap_or_default(),
        })
        .collect();
    let hexes = v["hexes"]
        .as_array()
        .expect("hexes")
        .iter()
        .map(|h| PlacedHex {
            hex: hex_of(h),
            terrain: Terrain::from_name(h["terrain"].as_str().expect("terrain"))
                .expect("a terrain"),
            number: h["number"].as_u64().map(|n| n as u8),
            region: h["region"]
                .as_str()
                .map(|k| regions.iter().position(|r| r.key == k).expect("a region") as u32),
            fixed: h["fixed"].as_bool().expect("fixed"),
            face_down: h["face_down"].as_bool().expect("face_down"),
        })
        .collect();
    let harbors = v["harbors"]
        .as_array()
        .expect("harbors")
        .iter()
        .map(|h| PlacedHarbor {
            hex: hex_of(h),
            toward: h.get("toward").filter(|t| !t.is_null()).map(hex_of),
            kind: HarborKind::from_name(h["kind"].as_str().expect("kind")).expect("a kind"),
        })
        .collect();
    Layout {
        sides: Arc::new(sides_from_json(v)),
        scenario: v["scenario"].as_str().expect("scenario").to_string(),
        title: v["title"].as_str().expect("title").to_string(),
        players: v["players"].as_u64().expect("players") as u8,
        seed: v["seed"].as_u64().expect("seed"),
        hexes,
        harbors,
        regions,
        labels: Arc::new(Vec::new()),
        rolls: Arc::new(Vec::new()),
        castaways: Arc::new(Vec::new()),
        constraints: Default::default(),
        sampler: Sampler::Rejection { deals: 0 },
        stats: SolveStats::default(),
    }
}

/// The side features of a `layout.json` value (none when it has no `sides`).
pub fn sides_from_json(v: &Value) -> hexpress::model::sides::MapSides {
    use hexpress::model::sides::{MapSides, Side, SideKind, SideLook};
    let Some(kinds) = v.get("side_features").and_then(Value::as_array) else {
        return MapSides::default();
    };
    let kinds: Vec<SideKind> = kinds
        .iter()
        .map(|k| SideKind {
            key: k["key"].as_str().expect("key").to_string(),
            name: k["name"].as_str().expect("name").to_string(),
            look: SideLook::from_name(k["look"].as_str().expect("look")).expect("a look"),
        })
        .collect();
    let sides = v["sides"]
        .as_array()
        .expect("sides with side_features")
        .iter()
        .map(|s| Side {
            hex: hex_of(s),
            toward: hex_of(&s["toward"]),
            kind: kinds.iter().position(|k| s["feature"] == k.key.as_str()).expect("a feature")
                as u32,
        })
        .collect();
    MapSides { kinds, sides }
}
