//! `hexpress schema`: a JSON Schema of the scenario format, built from the
//! same key tables the parser uses.

use serde_json::{json, Map, Value};

use crate::scenario::fields::{self, Field, Ty};

fn ty(t: &Ty) -> Value {
    match t {
        Ty::Str => json!({ "type": "string" }),
        Ty::Choice(c) => json!({ "type": "string", "enum": c }),
        Ty::Int(lo, hi) => json!({ "type": "integer", "minimum": lo, "maximum": hi }),
        Ty::Bool => json!({ "type": "boolean" }),
        Ty::Array(inner) => json!({ "type": "array", "items": ty(inner) }),
        Ty::Table(f) => table(f),
        Ty::TableArray(f) => json!({ "type": "array", "items": table(f) }),
        Ty::MapOf(inner) => json!({ "type": "object", "additionalProperties": ty(inner) }),
        Ty::StrOrTable(choices, f) => json!({
            "oneOf": [ { "type": "string", "enum": choices }, table(f) ]
        }),
    }
}

fn table(fs: &[Field]) -> Value {
    let mut props = Map::new();
    for f in fs {
        let mut v = ty(&f.ty);
        if let Value::Object(o) = &mut v {
            o.insert("description".into(), Value::String(f.doc.into()));
        }
        props.insert(f.name.into(), v);
    }
    let required: Vec<&str> = fs.iter().filter(|f| f.required).map(|f| f.name).collect();
    json!({
        "type": "object",
        "properties": props,
        "required": required,
        "additionalProperties": false,
    })
}

/// The JSON Schema of a scenario file, as pretty-printed JSON.
pub fn scenario_schema() -> String {
    let mut root = table(fields::TOP);
    if let Value::Object(o) = &mut root {
        o.insert("$schema".into(), json!("https://json-schema.org/draft/2020-12/schema"));
        o.insert("title".into(), json!("hexpress scenario"));
        o.insert(
            "description".into(),
            json!("A Catan scenario for hexpress: metadata, maps drawn as text, region pools, harbors and placement rules."),
        );
    }
    let mut s = serde_json::to_string_pretty(&root).unwrap_or_default();
    s.push('\n');
    s
}

/// A chip number in `layout.json`.
fn chip_schema() -> Value {
    json!({ "type": "integer", "minimum": 2, "maximum": 12 })
}

/// One hex of `layout.json`.
fn hex_schema() -> Value {
    use crate::scenario::fields::TERRAINS;
    let int = json!({ "type": "integer" });
    let chip = chip_schema();
    json!({
        "type": "object",
        "description": "One hex, in scenario order.",
        "properties": {
            "q": int, "r": int,
            "terrain": { "type": "string", "enum": TERRAINS },
            "number": { "oneOf": [chip, { "type": "null" }] },
            "region": { "type": ["string", "null"], "description": "Key of the region the hex was dealt from; null for a fixed hex." },
            "fixed": { "type": "boolean" },
            "face_down": { "type": "boolean" },
            "label": { "type": "string" },
            "rolls": { "type": "array", "items": chip, "description": "Rolls a chipless hex produces on." },
            "castaway": { "type": "string", "enum": crate::model::CORNER_NAMES, "description": "A castaway spot on this corner of the hex (where a castaway token lies at the start)." },
        },
        "required": ["q", "r", "terrain", "number", "region", "fixed", "face_down"],
        "additionalProperties": false,
    })
}

/// One harbor of `layout.json`.
fn harbor_schema() -> Value {
    use crate::scenario::fields::HARBOR_KINDS;
    let int = json!({ "type": "integer" });
    let at = json!({
        "type": "object",
        "properties": { "q": int, "r": int },
        "required": ["q", "r"],
        "additionalProperties": false,
    });
    json!({
        "type": "object",
        "description": "A harbor: its sea hex, the land hex it faces and its kind.",
        "properties": {
            "q": int, "r": int,
            "toward": { "oneOf": [at, { "type": "null" }] },
            "kind": { "type": "string", "enum": HARBOR_KINDS },
        },
        "required": ["q", "r", "toward", "kind"],
        "additionalProperties": false,
    })
}

/// One side feature kind and one side of `layout.json`.
fn side_schemas() -> (Value, Value) {
    let int = json!({ "type": "integer" });
    let kind = json!({
        "type": "object",
        "description": "A kind of side feature the scenario declares: its key, name and look.",
        "properties": {
            "key": { "type": "string" },
            "name": { "type": "string" },
            "look": { "type": "string", "enum": crate::scenario::fields::SIDE_LOOKS },
        },
        "required": ["key", "name", "look"],
        "additionalProperties": false,
    });
    let side = json!({
        "type": "object",
        "description": "A hex side with a feature: the side hex (q, r) shares with its neighbour `toward`.",
        "properties": {
            "q": int, "r": int,
            "toward": {
                "type": "object",
                "properties": { "q": int, "r": int },
                "required": ["q", "r"],
                "additionalProperties": false,
            },
            "feature": { "type": "string", "description": "The `key` of its kind in `side_features`." },
        },
        "required": ["q", "r", "toward", "feature"],
        "additionalProperties": false,
    });
    (kind, side)
}

/// One region of `layout.json`.
fn region_schema() -> Value {
    let chip = chip_schema();
    json!({
        "type": "object",
        "properties": {
            "key": { "type": "string" },
            "name": { "type": "string" },
            "face_down": { "type": "boolean" },
            "chip_stack": { "type": "array", "items": chip },
            "constraints": region_rules_schema(),
        },
        "required": ["key", "name", "face_down", "chip_stack"],
        "additionalProperties": false,
    })
}

/// The rules a region of `layout.json` sets for its own hexes (present only
/// when it sets any), each as its descriptor says.
fn region_rules_schema() -> Value {
    use crate::scenario::rule_table::{Setting, RULES};
    let mut props = Map::new();
    for r in RULES.iter().filter(|r| r.per_region()) {
        let ty = match r.setting {
            Setting::Limit { min, max } => {
                json!({ "type": "integer", "minimum": min, "maximum": max })
            }
            _ => json!({ "type": "boolean" }),
        };
        props.insert(r.key.to_string(), ty);
    }
    json!({
        "type": "object",
        "description": "The placement rules this region sets for its own hexes, on top of the layout's.",
        "properties": props,
        "additionalProperties": false,
    })
}

/// How `layout.json` says the layout was drawn.
fn sampler_schema() -> Value {
    json!({
        "type": "object",
        "description": "How the layout was drawn and what that guarantees: `rejection` (whole deals, `deals` of them; uniform, exact), `counting` (a uniform draw from `layouts` counted chip layouts, completed by uniform deals; `attempts` of them; `boards` is the exact number of valid boards when known; uniform, exact) or `markov-chain` (`steps` moves proposed, `moved` accepted; approximately uniform when its diagnostics passed; where they still failed at the limit of steps per board, `guarantee` says the board is not shown to be uniform). `guarantee` says it in words.",
        "properties": {
            "method": { "type": "string", "enum": ["rejection", "counting", "markov-chain"] },
            "guarantee": { "type": "string" },
            "deals": { "type": "integer", "minimum": 0 },
            "steps": { "type": "integer", "minimum": 0 },
            "moved": { "type": "integer", "minimum": 0 },
            "attempts": { "type": "integer", "minimum": 1 },
            "layouts": { "type": "integer", "minimum": 1 },
            "boards": { "type": "integer", "minimum": 1 },
        },
        "required": ["method"],
    })
}

/// The `balance` object of `layout.json`: open (its measures grow), with
/// the keys that say how the board was drawn spelled out.
fn balance_schema() -> Value {
    json!({
        "type": "object",
        "description": "With --balanced (mode bar: the fairness bar, how the board was drawn) or --balanced best (the search facts), or sample --measures: every measure, the seat simulation and meets_bar.",
        "properties": {
            "mode": { "type": "string", "enum": ["bar", "best"] },
            "method": {
                "type": "string",
                "enum": ["rejection", "rejection-over-chain", "restricted-chain", "local-search"],
                "description": "How the board was drawn: `rejection` (uniform boards of the exact sampler until one clears the bar; uniform, exact), `rejection-over-chain` (on a map only the Markov chain draws: successive boards of one chain run until one clears; approximately uniform), `restricted-chain` (the chain restricted to the bar; approximately uniform) or `local-search` (--balanced best; not a uniform draw).",
            },
            "candidate_seed": { "type": ["integer", "null"], "minimum": 0, "description": "Rejection: the seed whose plain board is the one kept; null when no seed gives it alone (rejection-over-chain)." },
        },
    })
}

/// The JSON Schema of `layout.json` (`hexpress-layout/1`), as pretty-printed
/// JSON. Closed where the format is fixed (hexes, harbors, regions); open
/// where later versions may add keys (`constraints`, `sampler`, `balance`),
/// so a reader built on it keeps working.
pub fn layout_schema() -> String {
    use crate::export::json::FORMAT;
    let (hex, harbor, region, sampler) =
        (hex_schema(), harbor_schema(), region_schema(), sampler_schema());
    let (side_kind, side) = side_schemas();
    let root = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "hexpress layout",
        "description": "One laid-out map as written by `hexpress generate` (layout.json).",
        "type": "object",
        "properties": {
            "format": { "const": FORMAT },
            "generator": { "type": "string", "pattern": "^hexpress [0-9]+\\.[0-9]+\\.[0-9]+", "description": "The tool and version that wrote the file." },
            "scenario": { "type": "string", "description": "The scenario's id." },
            "title": { "type": "string" },
            "players": { "type": "integer", "minimum": 1, "maximum": 8 },
            "seed": { "type": "integer", "minimum": 0 },
            "command": { "type": "string", "description": "The command line that makes this board again (every option that shapes it)." },
            "hexes": { "type": "array", "items": hex },
            "harbors": { "type": "array", "items": harbor },
            "side_features": { "type": "array", "items": side_kind, "description": "Present when the map has features on hex sides: every kind the scenario declares." },
            "sides": { "type": "array", "items": side, "description": "Present when the map has features on hex sides: each side with its feature." },
            "regions": { "type": "array", "items": region },
            "constraints": { "type": "object", "description": "The placement rules the layout meets." },
            "sampler": sampler,
            "balance": balance_schema(),
        },
        "required": ["format", "generator", "scenario", "title", "players", "seed", "command", "hexes", "harbors", "regions", "constraints"],
        "additionalProperties": false,
    });
    let mut s = serde_json::to_string_pretty(&root).unwrap_or_default();
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    #[test]
    fn schema_lists_every_top_key_and_forbids_others() {
        let s: serde_json::Value = serde_json::from_str(&super::scenario_schema()).unwrap();
        for k in ["scenario", "legend", "map", "constraints"] {
            assert!(s["properties"][k].is_object(), "{k}");
        }
        assert_eq!(s["additionalProperties"], false);
        let map = &s["properties"]["map"]["items"]["properties"];
        assert!(map["regions"]["additionalProperties"]["properties"]["tiles"].is_object());
    }
}
