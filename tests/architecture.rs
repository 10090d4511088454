//! The import rules of `docs/architecture.md`, checked on the source: every
//! `use crate::...`, `use super::...` and `crate::x::` path of `src/**/*.rs`
//! (grouped imports expanded) is held to the table of what each top-level
//! module may import, and no two modules (top-level, or files of one folder)
//! import each other round a circle. A failure names the file and line.

mod scan;

use std::collections::{BTreeMap, BTreeSet};

use scan::{all_imports, imports_of, module_of, sources, top, Import};

/// The bottom layer: shared by every stage, importing only each other as
/// [`RULES`] says.
const BOTTOM: &[&str] = &[
    "position",
    "limits",
    "axial",
    "units",
    "vocab",
    "rng",
    "fonts",
    "diag",
    "scene",
    "toml_file",
];

/// The stages from the scenario text to the solved layout and its measures.
const STAGES: &[&str] = &["builtin", "scenario", "model", "solve", "balance", "recipe"];

/// The looks: the theme and the settings built from it and the templates.
const LOOKS: &[&str] = &["theme", "settings"];

/// What each top-level module may import besides itself: names, or a group
/// ([`BOTTOM`], [`STAGES`], [`LOOKS`]) written `@bottom`, `@stages`,
/// `@looks`, or `@library` (every module but the two front ends and their
/// face, `front`).
const RULES: &[(&str, &[&str])] = &[
    ("position", &[]),
    ("limits", &["position"]),
    ("axial", &[]),
    ("units", &[]),
    ("vocab", &[]),
    ("rng", &[]),
    ("fonts", &["scene"]),
    ("diag", &["position", "limits"]),
    ("scene", &["axial"]),
    // The one reader of the templates, the weights and the vocabulary.
    ("toml_file", &["position", "diag", "vocab"]),
    ("builtin", &["@bottom"]),
    ("scenario", &["@bottom"]),
    ("model", &["@bottom", "builtin", "scenario"]),
    ("solve", &["@bottom", "builtin", "scenario", "model"]),
    ("balance", &["@bottom", "builtin", "scenario", "model", "solve", "theme"]),
    ("recipe", &["@bottom", "builtin", "scenario", "model", "solve"]),
    ("theme", &["@bottom"]),
    ("settings", &["@bottom", "theme"]),
    ("compose", &["@bottom", "@stages", "@looks"]),
    // The encoders take pages of the scene and the settings, nothing of compose.
    ("export", &["@bottom", "@stages", "@looks"]),
    // The JSON schemas of the scenario file and of `layout.json`.
    ("schema", &["@bottom", "@stages", "export"]),
    // Shared by the two front ends: they sit below both.
    ("locks", &["@bottom", "@stages", "@looks", "export"]),
    ("outputs", &["@bottom", "@stages", "@looks", "compose", "export"]),
    // The front ends' face: the items of the library they may use.
    ("front", &["@library"]),
    // The front ends: the library only through `front` (and the bottom
    // layer); the command line starts the server (from `cli/serve.rs` only,
    // see `ONLY_FROM`), the server never imports the command line.
    ("serve", &["@bottom", "front"]),
    ("cli", &["@bottom", "front", "serve"]),
];

/// Imports of a module allowed from one file only: (module, file).
const ONLY_FROM: &[(&str, &str)] = &[("serve", "src/cli/serve.rs")];

/// Known circles between the files of one folder (the folder, then the
/// files in the circle, sorted), to break and then delete from this list.
/// An entry that is no longer a circle fails the test.
const KNOWN_CIRCLES: &[(&str, &[&str])] = &[];

#[test]
fn every_import_keeps_the_layer_rules() {
    let files = sources();
    let imports = all_imports(&files);
    let problems = violations(&imports);
    assert!(problems.is_empty(), "imports the layer rules forbid:\n{}", problems.join("\n"));
}

#[test]
fn no_circle_between_top_level_modules() {
    let imports = all_imports(&sources());
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for i in &imports {
        let (a, b) = (top(&module_of(&i.file)), top(&i.target));
        if !a.is_empty() && !b.is_empty() && a != b {
            graph.entry(a).or_default().insert(b);
        }
    }
    let circles = circles(&graph);
    assert!(circles.is_empty(), "top-level modules that import each other: {circles:?}");
}

/// A colour (`#rrggbb`) written in code outside the theme, in a line that
/// is not a comment and not in a file's test module.
fn colour_literals(file: &str, text: &str) -> Vec<String> {
    if file.starts_with("src/theme/") {
        return Vec::new();
    }
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("#[cfg(test)]") {
            break;
        }
        let code = line.split("//").next().unwrap_or("");
        let b = code.as_bytes();
        for (i, _) in code.match_indices('#') {
            let hex = b[i + 1..].iter().take_while(|c| c.is_ascii_hexdigit()).count();
            if hex == 6 || hex == 8 {
                found.push(format!("{file}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    found
}

#[test]
fn colours_live_only_in_the_theme() {
    let found: Vec<String> = sources().iter().flat_map(|(f, t)| colour_literals(f, t)).collect();
    assert!(found.is_empty(), "colours outside templates/theme.toml:\n{}", found.join("\n"));
    // The check finds a planted colour and passes comments and tests.
    assert_eq!(colour_literals("src/balance/svg.rs", "const BAR: &str = \"#8fa9c8\";\n").len(), 1);
    assert!(colour_literals("src/a.rs", "/// `#ff8000`\n#[cfg(test)]\nmod t { \"#000000\" }\n")
        .is_empty());
}

#[test]
fn no_circle_between_the_files_of_a_folder() {
    let files = sources();
    let imports = all_imports(&files);
    let modules: BTreeSet<Vec<String>> = files.iter().map(|(f, _)| module_of(f)).collect();
    // A path names a module and then maybe an item: keep the module.
    let module = |t: &[String]| {
        (0..=t.len())
            .rev()
            .map(|k| t[..k].to_vec())
            .find(|m| modules.contains(m))
            .unwrap_or_default()
    };
    let folders: BTreeSet<Vec<String>> = files
        .iter()
        .map(|(f, _)| module_of(f))
        .filter(|m| !m.is_empty())
        .map(|m| m[..m.len() - 1].to_vec())
        .collect();
    let mut found = Vec::new();
    for folder in &folders {
        let n = folder.len();
        let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for i in &imports {
            let (from, to) = (module_of(&i.file), module(&i.target));
            let inside = |m: &[String]| m.len() > n && m[..n] == folder[..];
            if inside(&from) && inside(&to) && from[n] != to[n] {
                graph.entry(from[n].clone()).or_default().insert(to[n].clone());
            }
        }
        for c in circles(&graph) {
            found.push((folder.join("::"), c));
        }
    }
    let known: Vec<(String, Vec<String>)> = KNOWN_CIRCLES
        .iter()
        .map(|(f, c)| (f.to_string(), c.iter().map(|s| s.to_string()).collect()))
        .collect();
    let new: Vec<_> = found.iter().filter(|c| !known.contains(c)).collect();
    let gone: Vec<_> = known.iter().filter(|c| !found.contains(c)).collect();
    assert!(new.is_empty(), "files of one folder that import each other: {new:?}");
    assert!(gone.is_empty(), "no longer circles, delete them from KNOWN_CIRCLES: {gone:?}");
}

#[test]
fn the_checker_finds_a_forbidden_import() {
    let text = "//! use crate::cli::x; in a comment\n\
                use super::error::ApiError;\n\
                use crate::{front, cli::args::{RenderArgs, DuplexArg}};\n\
                fn f() { let s = \"crate::cli::y\"; crate::cli::run(); super::super::cli::x(); }\n";
    let imports = imports_of("src/serve/fake.rs", text);
    let problems = violations(&imports);
    assert_eq!(problems.len(), 4, "{problems:?}");
    assert!(problems[0].starts_with("src/serve/fake.rs:3: serve imports cli"), "{problems:?}");
    assert!(problems[2].starts_with("src/serve/fake.rs:4: serve imports cli"), "{problems:?}");
    let inline = imports_of("src/diag.rs", "mod tests {\n    use super::Source;\n}\n");
    assert_eq!(inline[0].target, ["diag", "Source"], "a test module's super is its file");
    let ok = imports_of("src/cli/fake.rs", "use crate::serve::run;\n");
    assert_eq!(violations(&ok).len(), 1, "only cli/serve.rs starts the server");
    // Globs, aliases and macros: each form of reaching `cli` from the
    // library is found, at its line.
    let planted: [(&str, &str); 5] = [
        ("src/units.rs", "use super::*;\n\nfn f() { cli::run(); }\n"),
        ("src/model/fake.rs", "use crate::*;\nfn f() {\n    let _ = cli::terminal::quiet();\n}\n"),
        ("src/model/fake.rs", "use crate as hx;\nfn f() { hx::cli::run(); }\n"),
        ("src/solve/fake.rs", "use crate::cli as c;\nfn f() { c::run(); }\n"),
        ("src/compose/fake.rs", "macro_rules! m {\n    () => { $crate::cli::run() };\n}\n"),
    ];
    for (file, text) in planted {
        let problems = violations(&imports_of(file, text));
        assert!(
            problems.iter().any(|p| p.contains(" imports cli (cli")),
            "{file} `{text}`: {problems:?}"
        );
    }
    let bare = imports_of("src/units.rs", "use super::*;\n\nfn f() { cli::run(); }\n");
    assert!(bare.iter().any(|i| i.line == 3 && i.target == ["cli", "run"]), "{bare:?}");
    // A type or a dependency's path is no import.
    let none = imports_of(
        "src/units.rs",
        "use super::*;\nfn f() { Vec::<u8>::new(); std::mem::take(&mut 1); }\n",
    );
    assert!(none.iter().all(|i| i.target.is_empty()), "{none:?}");
    let graph = BTreeMap::from([
        ("a".to_string(), BTreeSet::from(["b".to_string()])),
        ("b".to_string(), BTreeSet::from(["c".to_string()])),
        ("c".to_string(), BTreeSet::from(["a".to_string()])),
    ]);
    assert_eq!(circles(&graph), vec![vec!["a", "b", "c"]]);
}

#[test]
fn the_front_ends_reach_the_library_only_through_front() {
    // Each form of reaching a library module past the face is found, at
    // its line, from either front end.
    let planted: [(&str, &str, usize, &str); 7] = [
        ("src/serve/fake.rs", "use crate::model::load;\n", 1, "serve imports model"),
        ("src/cli/fake.rs", "use crate::{front, solve::Layout};\n", 1, "cli imports solve"),
        (
            "src/serve/paint/fake.rs",
            "fn f() {\n    crate::outputs::rules();\n}\n",
            2,
            "serve imports outputs",
        ),
        (
            "src/cli/fake.rs",
            "use super::super::*;\nfn f() { model::load(); }\n",
            2,
            "cli imports model",
        ),
        (
            "src/serve/fake.rs",
            "use crate::*;\nfn f() {\n    let _ = locks::parse_list();\n}\n",
            3,
            "serve imports locks",
        ),
        (
            "src/cli/fake.rs",
            "use crate as hx;\nfn f() { hx::compose::job(); }\n",
            2,
            "cli imports compose",
        ),
        (
            "src/serve/fake.rs",
            "macro_rules! m {\n    () => { $crate::export::files::stage() };\n}\n",
            2,
            "serve imports export",
        ),
    ];
    for (file, text, line, what) in planted {
        let problems = violations(&imports_of(file, text));
        let at = format!("{file}:{line}: {what}");
        assert!(problems.iter().any(|p| p.starts_with(&at)), "{file} `{text}`: {problems:?}");
    }
    // The face itself, the bottom layer and the server (from cli/serve.rs)
    // are allowed; the library may not import the face.
    let ok = "use crate::front::{model, solve::Layout};\nuse crate::limits::MAX_HEXES;\n";
    assert!(violations(&imports_of("src/serve/fake.rs", ok)).is_empty());
    assert!(violations(&imports_of("src/cli/serve.rs", "use crate::serve::run;\n")).is_empty());
    let up = violations(&imports_of("src/model/fake.rs", "use crate::front::solve::Layout;\n"));
    assert!(up.iter().any(|p| p.contains("model imports front")), "{up:?}");
}

/// Every import the rules forbid, as `file:line: what`.
fn violations(imports: &[Import]) -> Vec<String> {
    let mut out = Vec::new();
    for i in imports {
        let (from, to) = (top(&module_of(&i.file)), top(&i.target));
        if from.is_empty() || to.is_empty() || from == to {
            continue;
        }
        if !may_import(&from, &to) {
            out.push(format!(
                "{}:{}: {from} imports {to} ({})",
                i.file,
                i.line,
                i.target.join("::")
            ));
            continue;
        }
        for (module, only) in ONLY_FROM {
            if to == *module && i.file != *only && from != *module {
                out.push(format!("{}:{}: {to} is imported from {only} only", i.file, i.line));
            }
        }
    }
    out
}

fn may_import(from: &str, to: &str) -> bool {
    let Some((_, allowed)) = RULES.iter().find(|(m, _)| *m == from) else {
        // A new top-level module must be given its place in the table.
        return false;
    };
    allowed.iter().any(|a| match *a {
        "@bottom" => BOTTOM.contains(&to),
        "@stages" => STAGES.contains(&to),
        "@looks" => LOOKS.contains(&to),
        "@library" => !["cli", "serve", "front"].contains(&to),
        name => name == to,
    })
}

/// The circles of a graph (its strongly connected parts of more than one
/// node), each sorted, in order.
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let nodes: BTreeSet<&String> = graph.keys().chain(graph.values().flatten()).collect();
    let reach = |from: &String| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from];
        while let Some(n) = todo.pop() {
            for m in graph.get(n).into_iter().flatten() {
                if seen.insert(m) {
                    todo.push(m);
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&String, BTreeSet<&String>> =
        nodes.iter().map(|n| (*n, reach(n))).collect();
    let mut out: Vec<Vec<String>> = Vec::new();
    for n in &nodes {
        let part: Vec<String> = nodes
            .iter()
            .filter(|m| reached[*n].contains(*m) && reached[*m].contains(*n))
            .map(|m| m.to_string())
            .collect();
        if part.len() > 1 && !out.contains(&part) {
            out.push(part);
        }
    }
    out
}
