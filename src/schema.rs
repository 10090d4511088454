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
