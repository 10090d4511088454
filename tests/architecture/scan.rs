//! Reading the source: the files of `src/`, the module each holds, and
//! the imports each makes (`use` items with groups expanded, `crate::` and
//! `super::` paths in code; comments and string literals left out).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// One import: where it is written and the module path it names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Import {
    pub file: String,
    pub line: usize,
    /// The module it names, from the crate root (`["compose", "flow"]`).
    pub target: Vec<String>,
}

/// Every `.rs` file under `src/`, with its text: (path from the crate root, text).
pub fn sources() -> Vec<(String, String)> {
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

pub fn all_imports(files: &[(String, String)]) -> Vec<Import> {
    let modules = modules(files);
    files.iter().flat_map(|(f, text)| imports_in(f, text, &modules)).collect()
}

/// Every module of the crate (each file's, from [`module_of`]), so that a
/// bare `name::` path can be told apart from a type or a dependency.
pub fn modules(files: &[(String, String)]) -> BTreeSet<Vec<String>> {
    files.iter().map(|(f, _)| module_of(f)).collect()
}

/// The module a file holds: `src/a/b.rs` is `a::b`, `src/a/mod.rs` is `a`,
/// `src/lib.rs` and `src/main.rs` the root.
pub fn module_of(file: &str) -> Vec<String> {
    let rel = file.trim_start_matches("src/").trim_end_matches(".rs");
    let mut m: Vec<String> = rel.split('/').map(str::to_string).collect();
    if m.last().is_some_and(|l| l == "mod") || m == ["lib"] || m == ["main"] {
        m.pop();
    }
    m
}

pub fn top(module: &[String]) -> String {
    module.first().cloned().unwrap_or_default()
}

/// The imports of one file ([`imports_in`]) with the crate's real modules.
pub fn imports_of(file: &str, text: &str) -> Vec<Import> {
    imports_in(file, text, &modules(&sources()))
}

/// The imports of one file: `use` items (groups expanded) and `crate::`,
/// `$crate::` and `super::` paths in code, comments and string literals
/// left out; `super::` and `self::` resolved from the module around them
/// (the file's, or an inline `mod tests` in it). Names brought in by a glob
/// (`use super::*`, `use crate::*`) or an alias (`use crate as x`, `use
/// crate::cli as c`) count too: a bare `cli::run()` after `use crate::*` is
/// an import of `cli`. `modules` is every module of the crate.
pub fn imports_in(file: &str, text: &str, modules: &BTreeSet<Vec<String>>) -> Vec<Import> {
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
    // What globs and aliases of `use` items bring into scope: (the module
    // where the `use` stands, the module globbed), (where, alias, module).
    let mut globs: Vec<(Vec<String>, Vec<String>)> = Vec::new();
    let mut aliases: Vec<(Vec<String>, String, Vec<String>)> = Vec::new();
    let named = |at: usize,
                 path: &str,
                 globs: &[(Vec<String>, Vec<String>)],
                 aliases: &[(Vec<String>, String, Vec<String>)]| {
        let scope = here(at);
        if let Some(t) = resolve(&scope, path) {
            return Some(t);
        }
        // A bare first segment: an alias in scope, or a child of a glob.
        let mut segs = path.split(" as ").next().unwrap_or(path).split("::");
        let first = segs.next()?;
        let rest: Vec<String> =
            segs.filter(|s| !s.is_empty() && *s != "*").map(str::to_string).collect();
        let visible = |m: &Vec<String>| scope.starts_with(m);
        let base = aliases
            .iter()
            .find(|(m, a, _)| visible(m) && a == first)
            .map(|(_, _, t)| t.clone())
            .or_else(|| {
                globs.iter().filter(|(m, _)| visible(m)).find_map(|(_, g)| {
                    let mut t = g.clone();
                    t.push(first.to_string());
                    modules.contains(&t).then_some(t)
                })
            })?;
        Some(base.into_iter().chain(rest).collect())
    };
    let mut out = Vec::new();
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
            let Some(target) = named(start, &path, &globs, &aliases) else { continue };
            if path.ends_with("::*") {
                globs.push((here(start), target.clone()));
            }
            if let Some(alias) = path.split(" as ").nth(1) {
                aliases.push((here(start), alias.trim().to_string(), target.clone()));
            }
            out.push(Import { file: file.to_string(), line: line_at(start), target });
        }
        at += end;
        uses.push(start..at);
    }
    // Paths written in code (those of `use` items are counted above):
    // `crate::x::y` and `$crate::x::y` (a macro's), `super::x::y`, and bare
    // `name::x` where a glob or an alias in scope gives `name` a meaning.
    let mut at = 0;
    while let Some(k) = code[at..].find("::") {
        let colons = at + k;
        at = colons + 2;
        let start = code[..colons]
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(0, |p| p + 1);
        if start == colons || uses.iter().any(|u| u.contains(&start)) {
            continue;
        }
        // Only the first segment of a path starts one.
        let before = if start > 0 { bytes[start - 1] } else { b' ' };
        if before == b':' || (before == b'$' && &code[start..colons] != "crate") {
            continue;
        }
        let len = code[start..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(code.len() - start);
        let path = &code[start..start + len];
        if let Some(target) = named(start, path, &globs, &aliases) {
            out.push(Import { file: file.to_string(), line: line_at(start), target });
        }
        at = start + len.max(2);
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
