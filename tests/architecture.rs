//! The import rules of `docs/architecture.md`, checked on the source: every
//! `use crate::...`, `use super::...` and `crate::x::` path of `src/**/*.rs`
//! (grouped imports expanded) is held to the table of what each top-level
//! module may import, and no two modules (top-level, or files of one folder)
//! import each other round a circle. A failure names the file and line.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The bottom layer: shared by every stage, importing only each other as
/// [`RULES`] says.
const BOTTOM: &[&str] =
    &["position", "limits", "axial", "units", "vocab", "rng", "fonts", "diag", "scene"];

/// The stages from the scenario text to the solved layout and its measures.
const STAGES: &[&str] = &["builtin", "scenario", "model", "solve", "balance", "recipe"];

/// The looks: the theme and the settings built from it and the templates.
const LOOKS: &[&str] = &["theme", "settings"];

/// What each top-level module may import besides itself: names, or a group
/// ([`BOTTOM`], [`STAGES`], [`LOOKS`]) written `@bottom`, `@stages`,
/// `@looks`, or `@library` (every module but the two front ends).
const RULES: &[(&str, &[&str])] = &[
    ("position", &[]),
    ("limits", &["position"]),
    ("axial", &[]),
    ("units", &[]),
    ("vocab", &[]),
    ("rng", &[]),
    ("fonts", &[]),
    ("diag", &["position", "limits"]),
    ("scene", &["axial"]),
    ("builtin", &["@bottom"]),
    ("scenario", &["@bottom"]),
    ("model", &["@bottom", "builtin", "scenario"]),
    ("solve", &["@bottom", "builtin", "scenario", "model"]),
    ("balance", &["@bottom", "builtin", "scenario", "model", "solve"]),
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
    // The front ends: the library alone; the command line starts the server
    // (from `cli/serve.rs` only, see `ONLY_FROM`), the server never imports
    // the command line.
    ("serve", &["@library"]),
    ("cli", &["@library", "serve"]),
];

/// Imports of a module allowed from one file only: (module, file).
const ONLY_FROM: &[(&str, &str)] = &[("serve", "src/cli/serve.rs")];

/// Known exception, to delete once the encoders take the scene alone (issue
/// 21, item 2): the files of `export` that still import `compose` today.
/// An entry that is no longer needed fails the test, so the list only shrinks.
const EXPORT_COMPOSE_TODAY: &[&str] = &[
    "src/export/encode.rs",
    "src/export/error.rs",
    "src/export/pdf_draw.rs",
    "src/export/plan_text.rs",
];

/// Known circles between the files of one folder (the folder, then the
/// files in the circle, sorted), to break and then delete from this list.
/// An entry that is no longer a circle fails the test.
const KNOWN_CIRCLES: &[(&str, &[&str])] = &[
    ("balance", &["config", "score"]),
    ("compose", &["board_picture", "handout", "map_pages", "tile_overview"]),
    ("compose", &["duplex", "sharing", "sheet"]),
    ("compose", &["loose", "tiles"]),
];

/// One import: where it is written and the module path it names.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Import {
    file: String,
    line: usize,
    /// The module it names, from the crate root (`["compose", "flow"]`).
    target: Vec<String>,
}

#[test]
fn every_import_keeps_the_layer_rules() {
    let files = sources();
    let imports = all_imports(&files);
    let mut problems = violations(&imports);
    let used: BTreeSet<&str> = imports
        .iter()
        .filter(|i| top(&module_of(&i.file)) == "export" && top(&i.target) == "compose")
        .map(|i| i.file.as_str())
        .collect();
    for stale in EXPORT_COMPOSE_TODAY.iter().filter(|f| !used.contains(**f)) {
        problems.push(format!(
            "{stale} no longer imports compose: delete it from EXPORT_COMPOSE_TODAY"
        ));
    }
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
                use crate::{model, cli::args::{PaperArg, ViewArg}};\n\
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
    let graph = BTreeMap::from([
        ("a".to_string(), BTreeSet::from(["b".to_string()])),
        ("b".to_string(), BTreeSet::from(["c".to_string()])),
        ("c".to_string(), BTreeSet::from(["a".to_string()])),
    ]);
    assert_eq!(circles(&graph), vec![vec!["a", "b", "c"]]);
}

/// Every `.rs` file under `src/`, with its text: (path from the crate root, text).
fn sources() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    let mut dirs = vec![root.join("src")];
    while let Some(d) = dirs.pop() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(&d)
            .expect("src is readable")
            .map(|e| e.expect("a directory entry").path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|e| e == "rs") {
                let rel = p.strip_prefix(root).expect("under the root");
                let rel = rel.to_string_lossy().replace('\\', "/");
                out.push((rel, std::fs::read_to_string(&p).expect("a source file")));
            }
        }
    }
    assert!(out.len() > 100, "found only {} source files", out.len());
    out
}

fn all_imports(files: &[(String, String)]) -> Vec<Import> {
    files.iter().flat_map(|(f, text)| imports_of(f, text)).collect()
}

/// The module a file holds: `src/a/b.rs` is `a::b`, `src/a/mod.rs` is `a`,
/// `src/lib.rs` and `src/main.rs` the root.
fn module_of(file: &str) -> Vec<String> {
    let rel = file.trim_start_matches("src/").trim_end_matches(".rs");
    let mut m: Vec<String> = rel.split('/').map(str::to_string).collect();
    if m.last().is_some_and(|l| l == "mod") || m == ["lib"] || m == ["main"] {
        m.pop();
    }
    m
}

fn top(module: &[String]) -> String {
    module.first().cloned().unwrap_or_default()
}

/// The imports of one file: `use` items (groups expanded) and `crate::`
/// paths in code, comments and string literals left out. `super::` and
/// `self::` are resolved from the file's module (an inline `mod tests`
/// counts as the file).
fn imports_of(file: &str, text: &str) -> Vec<Import> {
    let code = strip(text);
    let inline = inline_modules(&code);
    // The module at a place of the file: the file's, then the inline `mod`s
    // around it (`mod tests { use super::*; }` names the file's module).
    let here = |at: usize| {
        let mut m = module_of(file);
        for (span, name) in &inline {
            if span.contains(&at) {
                m.push(name.clone());
            }
        }
        m
    };
    let line_at = |at: usize| code[..at].matches('\n').count() + 1;
    let mut out = Vec::new();
    let mut push = |path: &str, at: usize| {
        if let Some(target) = resolve(&here(at), path) {
            out.push(Import { file: file.to_string(), line: line_at(at), target });
        }
    };
    let bytes = code.as_bytes();
    let mut uses = Vec::new();
    let mut at = 0;
    while let Some(k) = code[at..].find("use ") {
        let start = at + k;
        at = start + 4;
        if start > 0 && is_ident(bytes[start - 1]) {
            continue;
        }
        let Some(end) = code[at..].find(';') else { break };
        let tree = code[at..at + end].split_whitespace().collect::<Vec<_>>().join(" ");
        let tree =
            [(" ::", "::"), (":: ", "::"), ("{ ", "{"), (" }", "}"), (" ,", ","), (", ", ",")]
                .iter()
                .fold(tree, |t, (a, b)| t.replace(a, b));
        for path in expand(&tree) {
            push(&path, start);
        }
        at += end;
        uses.push(start..at);
    }
    // `crate::x::y` and `super::x::y` written in code (those of `use`
    // items are counted above).
    for needle in ["crate::", "super::"] {
        let mut at = 0;
        while let Some(k) = code[at..].find(needle) {
            let start = at + k;
            at = start + needle.len();
            let glued =
                start > 0 && (is_ident(bytes[start - 1]) || b"$:".contains(&bytes[start - 1]));
            if glued || uses.iter().any(|u| u.contains(&start)) {
                continue;
            }
            let len = code[start..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(code.len() - start);
            push(&code[start..start + len], start);
        }
    }
    out
}

/// The inline modules of a file (`mod name { ... }`), outermost first:
/// (the bytes they span, their name).
fn inline_modules(code: &str) -> Vec<(std::ops::Range<usize>, String)> {
    let bytes = code.as_bytes();
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(k) = code[at..].find("mod ") {
        let start = at + k;
        at = start + 4;
        if start > 0 && is_ident(bytes[start - 1]) {
            continue;
        }
        let rest = &code[at..];
        let name: String =
            rest.trim_start().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        let after = rest.trim_start()[name.len()..].trim_start();
        if name.is_empty() || !after.starts_with('{') {
            continue;
        }
        let open = code.len() - after.len();
        let mut depth = 0;
        let mut end = code.len();
        for (i, b) in bytes.iter().enumerate().skip(open) {
            match b {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = i;
                        break;
                    }
                }
                _ => {}
            }
        }
        out.push((open..end, name));
    }
    out
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// `a::{b, c::{d, e}}` -> `a::b`, `a::c::d`, `a::c::e` (no spaces in `tree`).
fn expand(tree: &str) -> Vec<String> {
    let Some(open) = tree.find('{') else { return vec![tree.to_string()] };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let (mut parts, mut depth, mut cur) = (Vec::new(), 0, String::new());
    for c in inner.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        if c == ',' && depth == 0 {
            parts.push(std::mem::take(&mut cur));
        } else {
            cur.push(c);
        }
    }
    parts.push(cur);
    parts
        .iter()
        .filter(|p| !p.is_empty())
        .flat_map(|p| expand(p))
        .map(|p| prefix.to_owned() + &p)
        .collect()
}

/// The module path a `crate::`, `super::` or `self::` path names (its items
/// and `as` renames dropped by the caller's rules: only the first segments
/// matter); `None` for other paths (std, dependencies).
fn resolve(here: &[String], path: &str) -> Option<Vec<String>> {
    let path = path.split(" as ").next().unwrap_or(path);
    let mut segs = path.split("::").filter(|s| !s.is_empty());
    let mut base: Vec<String> = match segs.next()? {
        "crate" => Vec::new(),
        "super" => here[..here.len().saturating_sub(1)].to_vec(),
        "self" => here.to_vec(),
        _ => return None,
    };
    for s in segs {
        match s {
            "super" => {
                base.pop();
            }
            "self" | "*" => {}
            s => base.push(s.to_string()),
        }
    }
    // `hex` is the old name of `axial` (`pub use axial as hex` in lib.rs).
    if base.first().is_some_and(|m| m == "hex") {
        base[0] = "axial".into();
    }
    Some(base)
}

/// `text` with comments and the contents of string and character literals
/// blanked (newlines kept, so offsets and lines stay).
fn strip(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |ch: char| if ch == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < c.len() {
        let next = c.get(i + 1).copied();
        if c[i] == '/' && next == Some('/') {
            while i < c.len() && c[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c[i] == '/' && next == Some('*') {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                    continue;
                }
                out.push(blank(c[i]));
                i += 1;
            }
        } else if c[i] == 'r' && (next == Some('"') || next == Some('#')) && !prev_ident(&c, i) {
            let hashes = c[i + 1..].iter().take_while(|&&h| h == '#').count();
            if c.get(i + 1 + hashes) != Some(&'"') {
                out.push(c[i]);
                i += 1;
                continue;
            }
            let close: String = std::iter::once('"').chain("#".repeat(hashes).chars()).collect();
            let body_start = i + 2 + hashes;
            let rest: String = c[body_start..].iter().collect();
            let len = rest.find(&close).map_or(rest.chars().count(), |b| rest[..b].chars().count());
            for &ch in &c[i..(body_start + len + close.len()).min(c.len())] {
                out.push(blank(ch));
            }
            i = body_start + len + close.len();
        } else if c[i] == '"' {
            out.push(' ');
            i += 1;
            while i < c.len() && c[i] != '"' {
                let step = if c[i] == '\\' { 2 } else { 1 };
                for &ch in &c[i..(i + step).min(c.len())] {
                    out.push(blank(ch));
                }
                i += step;
            }
            out.push(' ');
            i += 1;
        } else if c[i] == '\'' && (next == Some('\\') || c.get(i + 2) == Some(&'\'')) {
            // A character literal (a lifetime has no closing quote).
            let from = if next == Some('\\') { i + 3 } else { i + 2 };
            let end = c.iter().skip(from).position(|&q| q == '\'').map_or(c.len(), |p| from + p);
            for _ in i..=end.min(c.len() - 1) {
                out.push(' ');
            }
            i = end + 1;
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

fn prev_ident(c: &[char], i: usize) -> bool {
    i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_')
}

/// Every import the rules forbid, as `file:line: what`.
fn violations(imports: &[Import]) -> Vec<String> {
    let mut out = Vec::new();
    for i in imports {
        let (from, to) = (top(&module_of(&i.file)), top(&i.target));
        if from.is_empty() || to.is_empty() || from == to {
            continue;
        }
        let exception =
            from == "export" && to == "compose" && EXPORT_COMPOSE_TODAY.contains(&i.file.as_str());
        if !exception && !may_import(&from, &to) {
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
        "@library" => to != "cli" && to != "serve",
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
