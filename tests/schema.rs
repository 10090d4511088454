//! The editor schemas against a real JSON Schema validator (boon, draft
//! 2020-12): `hexpress schema` must accept every scenario the parser accepts
//! (every built-in, every fixture, every example in the docs) and reject
//! what the parser rejects for its shape; `hexpress schema --layout` must
//! accept every layout.json the tool writes and reject damaged ones.

use std::path::{Path, PathBuf};

use boon::{Compiler, SchemaIndex, Schemas};
use hexpress::diag::Source;
use hexpress::export::json;
use hexpress::model;
use hexpress::solve::{self, SolveOptions};
use serde_json::{Map, Value};
use toml_span::value::ValueInner;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn compile(text: &str) -> (Schemas, SchemaIndex) {
    let doc: Value = serde_json::from_str(text).expect("the schema is JSON");
    let mut schemas = Schemas::new();
    let mut c = Compiler::new();
    let loc = "file:///hexpress/schema.json";
    c.add_resource(loc, doc).expect("schema added");
    let idx = c.compile(loc, &mut schemas).unwrap_or_else(|e| panic!("schema compiles: {e:#}"));
    (schemas, idx)
}

fn scenario_schema() -> (Schemas, SchemaIndex) {
    compile(&hexpress::schema::scenario_schema())
}

/// A TOML document as the JSON value an editor's TOML plugin validates.
fn toml_to_json(text: &str) -> Value {
    fn conv(v: &toml_span::Value<'_>) -> Value {
        match v.as_ref() {
            ValueInner::String(s) => Value::String(s.to_string()),
            ValueInner::Integer(i) => Value::from(*i),
            ValueInner::Float(f) => Value::from(*f),
            ValueInner::Boolean(b) => Value::Bool(*b),
            ValueInner::Array(a) => Value::Array(a.iter().map(conv).collect()),
            ValueInner::Table(t) => Value::Object(
                t.iter().map(|(k, v)| (k.name.to_string(), conv(v))).collect::<Map<_, _>>(),
            ),
        }
    }
    conv(&toml_span::parse(text).unwrap_or_else(|e| panic!("TOML parses: {e}\n{text}")))
}

fn schema_errors(s: &(Schemas, SchemaIndex), doc: &Value) -> Option<String> {
    s.0.validate(doc, s.1).err().map(|e| format!("{e}"))
}

fn toml_files(dir: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
        .expect("folder exists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    v.sort();
    v
}

/// ```toml blocks of a Markdown file.
fn toml_blocks(md: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur: Option<String> = None;
    for line in md.lines() {
        match (&mut cur, line.trim_start()) {
            (None, l) if l.starts_with("```toml") => cur = Some(String::new()),
            (Some(_), l) if l.starts_with("```") => out.extend(cur.take()),
            (Some(c), _) => {
                c.push_str(line);
                c.push('\n');
            }
            _ => {}
        }
    }
    out
}

#[test]
fn every_builtin_and_fixture_the_parser_accepts_fits_the_schema() {
    let schema = scenario_schema();
    let mut files = toml_files("scenarios");
    assert_eq!(files.len(), hexpress::builtin::ids().count(), "{files:?}");
    files.extend(toml_files("tests/fixtures"));
    files.extend(toml_files("tests/data"));
    for f in files {
        let text = std::fs::read_to_string(&f).expect("readable");
        let name = f.display().to_string();
        if let Err(d) = model::load(&Source::new(&name, &text)) {
            panic!(
                "{name} no longer loads:\n{}",
                hexpress::diag::render(&Source::new(&name, &text), &d)
            );
        }
        if let Some(e) = schema_errors(&schema, &toml_to_json(&text)) {
            panic!("the schema rejects {name}, which the parser accepts:\n{e}");
        }
    }
}

#[test]
fn every_toml_example_in_the_docs_fits_the_schema() {
    let schema = scenario_schema();
    let mut checked = 0;
    for doc in ["README.md", "docs/scenario-format.md", "docs/balance.md"] {
        let md = std::fs::read_to_string(root().join(doc)).expect("doc exists");
        let blocks = toml_blocks(&md);
        // Fragments (one table of a scenario) are checked inside the first
        // complete example of the same page, as a reader would paste them.
        let base = blocks.iter().find(|b| b.contains("[scenario]")).cloned();
        for (i, b) in blocks.iter().enumerate() {
            let whole = match (b.contains("[scenario]"), &base) {
                (true, _) => b.clone(),
                (false, Some(base)) => format!("{base}\n{b}"),
                (false, None) => continue,
            };
            if let Some(e) = schema_errors(&schema, &toml_to_json(&whole)) {
                panic!("{doc}, TOML example {}: the schema rejects it:\n{e}\n{b}", i + 1);
            }
            checked += 1;
        }
    }
    assert!(checked >= 4, "only {checked} examples found");
}

/// Files that are wrong in shape: the schema and the parser both refuse
/// each. `(what, after this line, insert this)`; an empty anchor appends.
const INVALID: &[(&str, &str, &str)] = &[
    ("unknown top-level key", "", "[scenerio]\nid = \"x\"\n"),
    ("typo in a key", "[scenario]\n", "victory_point = 10\n"),
    ("a string where a number belongs", "[scenario]\n", "victory_points = \"ten\"\n"),
    ("a player count out of range", "[scenario]\n", "default_players = 12\n"),
    ("an unknown terrain in the legend", "[legend]\n", "X = \"volcano\"\n"),
    ("an unknown key in a map", "[[map]]\n", "size = 3\n"),
    ("an unknown constraint", "", "[constraints]\nno_red_neighbours = true\n"),
    ("a cost missing its item", "", "[[costs]]\ncost = { wool = 1 }\n"),
    ("a rules section without text", "", "[[rules.sections]]\ntitle = \"Ships\"\n"),
    (
        "a table cell that is a number",
        "",
        "[[tables]]\nid = \"t\"\ntitle = \"T\"\ncolumns = [\"a\"]\nrows = [[1]]\n",
    ),
    ("an unknown component", "", "[components]\nsheep_tokens = 3\n"),
];

#[test]
fn files_wrong_in_shape_are_refused_by_both() {
    let schema = scenario_schema();
    let base =
        std::fs::read_to_string(root().join("tests/fixtures/specials.toml")).expect("fixture");
    for (what, anchor, insert) in INVALID {
        let text = match anchor.is_empty() {
            true => format!("{base}\n{insert}"),
            false => {
                assert!(base.contains(anchor), "{what}: no `{anchor}` in the fixture");
                base.replacen(anchor, &format!("{anchor}{insert}"), 1)
            }
        };
        let json = match toml_span::parse(&text) {
            Ok(_) => toml_to_json(&text),
            Err(e) => panic!("{what}: the test file is not TOML: {e}"),
        };
        assert!(schema_errors(&schema, &json).is_some(), "{what}: the schema accepts it\n{text}");
        assert!(model::load(&Source::new(*what, &text)).is_err(), "{what}: the parser accepts it");
    }
}

#[test]
fn the_schema_lists_every_key_the_parser_reads() {
    // The parser can only take declared keys (see scenario/parse.rs), so a
    // key missing from the schema makes a built-in fail to load; this checks
    // the other direction: every declared top-level key is in the schema.
    let s: Value = serde_json::from_str(&hexpress::schema::scenario_schema()).expect("JSON");
    for f in hexpress::scenario::fields::TOP {
        assert!(s["properties"][f.name].is_object(), "`{}` missing from the schema", f.name);
    }
    for k in ["components", "costs", "trades", "tables", "rules"] {
        assert!(s["properties"][k].is_object(), "{k}");
    }
}

#[test]
fn every_layout_the_tool_writes_fits_the_layout_schema() {
    let schema = compile(&hexpress::schema::layout_schema());
    let opts = SolveOptions { max_nodes: 2_000_000, ..SolveOptions::default() };
    for id in hexpress::builtin::ids() {
        let src = hexpress::builtin::source(id).expect("built-in");
        let s = model::load(&src).expect("loads");
        for &players in &s.meta.players {
            let layout = solve::solve(&s, players, 11, &opts).expect("solves");
            let text = json::to_json(&layout);
            let doc: Value = serde_json::from_str(&text).expect("layout.json is JSON");
            assert_eq!(doc["generator"], json::GENERATOR);
            let lines: Vec<&str> = text.lines().take(3).collect();
            assert!(
                lines[1].contains("\"format\"") && lines[2].contains("\"generator\""),
                "generator right after format: {lines:?}"
            );
            if let Some(e) = schema_errors(&schema, &doc) {
                panic!("{id} {players}p: layout.json does not fit its schema:\n{e}");
            }
        }
    }
}

#[test]
fn a_balanced_layout_fits_the_layout_schema() {
    use hexpress::balance::{self, Budget, SearchOptions, Weights};
    let schema = compile(&hexpress::schema::layout_schema());
    let s = model::load(&hexpress::builtin::source("base").expect("base")).expect("loads");
    let w = Weights::default();
    let opts = SearchOptions { budget: Budget::Candidates(20), ..SearchOptions::default() };
    let o = balance::balanced(&s, 4, 3, &w, &opts, &|_, _| {}).expect("search");
    let recipe = hexpress::recipe::Recipe::plain(&o.layout);
    let doc: Value =
        serde_json::from_str(&json::layout_json(&o.layout, &recipe, Some((&o, &w)))).expect("JSON");
    assert!(doc["balance"].is_object());
    assert_eq!(schema_errors(&schema, &doc), None);
}

#[test]
fn damaged_layouts_are_refused() {
    let schema = compile(&hexpress::schema::layout_schema());
    let s = model::load(&hexpress::builtin::source("base").expect("base")).expect("loads");
    let layout = solve::solve(&s, 4, 1, &SolveOptions::default()).expect("solves");
    let good: Value = serde_json::from_str(&json::to_json(&layout)).expect("JSON");
    type Damage = (&'static str, fn(&mut Value));
    let damages: [Damage; 5] = [
        ("no generator", |v| {
            v.as_object_mut().map(|o| o.remove("generator"));
        }),
        ("another format", |v| v["format"] = "hexpress-layout/2".into()),
        ("a chip of 13", |v| v["hexes"][5]["number"] = 13.into()),
        ("an unknown terrain", |v| v["hexes"][0]["terrain"] = "lava".into()),
        ("an extra key", |v| v["extra"] = true.into()),
    ];
    assert_eq!(schema_errors(&schema, &good), None);
    for (what, damage) in damages {
        let mut v = good.clone();
        damage(&mut v);
        assert!(schema_errors(&schema, &v).is_some(), "{what}: accepted");
    }
}
