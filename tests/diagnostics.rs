//! Snapshot tests of the messages for broken scenarios.
//!
//! Every `tests/invalid/*.toml` holds one mistake (or, for `several-errors`,
//! several independent ones). Its rendered diagnostics -- or, for the
//! `unsat-*` files, which are valid but cannot be laid out, the solver's
//! error -- must equal `tests/snapshots/<name>.txt`. Run with
//! `HEXPRESS_BLESS=1` to write missing or changed snapshots.
//!
//! Independent of the snapshots, each file's header names where the problem
//! is, one `# expect: <text of the line>` per problem, with `|` marking the
//! column; the output must point at exactly that `file:line:col`.

use crate::common;

use std::path::{Path, PathBuf};

use hexpress::diag::{self, Diagnostics, Source};
use hexpress::model;
use hexpress::solve::{self, SolveError, SolveOptions};

/// Node budget for the unsatisfiable files: they must be proved impossible well within it.
const UNSAT_BUDGET: u64 = 200_000;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn invalid_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("tests/invalid"))
        .expect("tests/invalid exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

/// `(line, col)`, both 1-based, of every `# expect:` marker of a file.
fn expected_positions(text: &str) -> Vec<(usize, usize, String)> {
    let body: Vec<(usize, &str)> =
        text.lines().enumerate().filter(|(_, l)| !l.starts_with('#')).collect();
    text.lines()
        .filter_map(|l| l.strip_prefix("# expect: "))
        .map(|marker| {
            let bar = marker.find('|').unwrap_or_else(|| panic!("no `|` in `{marker}`"));
            let needle = marker.replacen('|', "", 1);
            let (no, line) = body
                .iter()
                .find(|(_, l)| l.contains(&needle))
                .unwrap_or_else(|| panic!("`{needle}` is not in the file"));
            let at = line.find(&needle).expect("found above") + bar;
            (no + 1, line[..at].chars().count() + 1, marker.to_string())
        })
        .collect()
}

/// What a broken file produces.
struct Outcome {
    rendered: String,
    diags: Diagnostics,
    solve_error: Option<SolveError>,
}

fn outcome(name: &str, text: &str) -> Outcome {
    let source = Source::new(format!("tests/invalid/{name}.toml"), text);
    match model::load(&source) {
        Err(diags) => {
            assert!(
                !name.starts_with("unsat-"),
                "{name}: should be valid, got\n{}",
                diag::render(&source, &diags)
            );
            Outcome { rendered: diag::render(&source, &diags), diags, solve_error: None }
        }
        Ok(scenario) => {
            assert!(name.starts_with("unsat-"), "{name}: the scenario is valid but should not be");
            let opts = SolveOptions { max_nodes: UNSAT_BUDGET, ..SolveOptions::default() };
            let players = scenario.meta.default_players;
            let e = match solve::solve(&scenario, players, 1, &opts) {
                Ok(_) => panic!("{name}: the solver found a layout for an impossible scenario"),
                Err(e) => e,
            };
            // What `validate` prints: the board check's problem.
            let diags = hexpress::solve::check_file(&source).expect_err("no board").diags;
            Outcome { rendered: diag::render(&source, &diags), diags, solve_error: Some(e) }
        }
    }
}

/// Compares with (or, blessing, writes) the snapshot; returns a problem description.
fn check_snapshot(name: &str, rendered: &str) -> Option<String> {
    let path = root().join("tests/snapshots").join(format!("{name}.txt"));
    let bless = common::bless();
    let old = std::fs::read_to_string(&path).ok().map(|s| s.replace("\r\n", "\n"));
    if old.as_deref() == Some(rendered) {
        return None;
    }
    if bless {
        std::fs::create_dir_all(path.parent().expect("has a parent")).expect("create snapshots");
        std::fs::write(&path, rendered).expect("write snapshot");
        return None;
    }
    Some(match old {
        None => format!("{name}: no snapshot at {}; got:\n{rendered}", path.display()),
        Some(old) => format!(
            "{name}: output differs from {}\n--- snapshot\n{old}\n--- now\n{rendered}",
            path.display()
        ),
    })
}

#[test]
fn every_invalid_file_matches_its_snapshot() {
    let files = invalid_files();
    assert!(files.len() >= 17, "only {} files in tests/invalid", files.len());
    let mut problems = Vec::new();
    for path in &files {
        let name = path.file_stem().and_then(|s| s.to_str()).expect("utf-8 name").to_string();
        let text = std::fs::read_to_string(path).expect("readable").replace("\r\n", "\n");
        let out = outcome(&name, &text);
        if let Some(p) = check_snapshot(&name, &out.rendered) {
            problems.push(p);
        }
    }
    // Snapshots nobody produces any more are stale.
    for e in std::fs::read_dir(root().join("tests/snapshots")).expect("snapshots folder") {
        let p = e.expect("entry").path();
        let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
        if !files.iter().any(|f| f.file_stem().and_then(|s| s.to_str()) == Some(stem.as_str())) {
            problems.push(format!("stale snapshot {} has no tests/invalid file", p.display()));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

#[test]
fn every_problem_is_pointed_at_with_a_hint() {
    for path in invalid_files() {
        let name = path.file_stem().and_then(|s| s.to_str()).expect("utf-8 name").to_string();
        let text = std::fs::read_to_string(&path).expect("readable").replace("\r\n", "\n");
        let out = outcome(&name, &text);
        let r = &out.rendered;
        let expected = expected_positions(&text);
        assert!(!expected.is_empty(), "{name}: the header names no `# expect:` position");
        for (line, col, marker) in &expected {
            let at = format!("tests/invalid/{name}.toml:{line}:{col}");
            assert!(r.contains(&at), "{name}: `{marker}` should be reported at {at}:\n{r}");
        }
        assert!(r.contains("error:"), "{name}: no `error:` line:\n{r}");
        assert!(r.contains("= hint:"), "{name}: no hint:\n{r}");
        assert!(out.diags.has_errors(), "{name}: no error recorded");
        // Every label lies inside the file.
        for d in out.diags.items() {
            for l in &d.labels {
                assert!(l.span.start <= l.span.end && l.span.end <= text.len(), "{name}: {d:?}");
            }
        }
        // One mistake gives few messages: no cascade of follow-up errors.
        if !name.starts_with("several-") {
            assert!(out.diags.error_count() <= 2, "{name}: a cascade of errors:\n{r}");
        }
    }
}

#[test]
fn several_independent_errors_are_reported_at_once() {
    let text = std::fs::read_to_string(root().join("tests/invalid/several-errors.toml"))
        .expect("readable");
    let out = outcome("several-errors", &text);
    let n = out.diags.error_count();
    assert!(n >= 3, "only {n} errors:\n{}", out.rendered);
    assert_eq!(n, expected_positions(&text).len(), "{}", out.rendered);
    assert!(out.rendered.contains(&format!("has {n} problems")), "{}", out.rendered);
}

#[test]
fn seafarers_gold_mismatch_suggests_no_chip() {
    let text = std::fs::read_to_string(root().join("tests/invalid/gold-chip-count.toml"))
        .expect("readable");
    let out = outcome("gold-chip-count", &text);
    assert!(out.rendered.contains("no_chip = [\"gold\"]"), "{}", out.rendered);
}

#[test]
fn syntax_errors_stop_early_with_one_message() {
    let text =
        std::fs::read_to_string(root().join("tests/invalid/syntax-error.toml")).expect("readable");
    let out = outcome("syntax-error", &text);
    assert_eq!(out.diags.error_count(), 1, "{}", out.rendered);
    assert!(out.rendered.contains("invalid TOML"), "{}", out.rendered);
}

#[test]
fn unsatisfiable_rules_fail_by_proof_and_name_the_rule() {
    for (name, rule) in
        [("unsat-corner-pips", "max_corner_pips"), ("unsat-adjacent-red", "no_adjacent_red")]
    {
        let text = std::fs::read_to_string(root().join(format!("tests/invalid/{name}.toml")))
            .expect("readable");
        let out = outcome(name, &text);
        // Proved impossible (not merely out of budget), naming the one rule
        // that conflicts with the pools.
        match out.solve_error {
            Some(SolveError::Conflict { rules, .. }) => {
                let keys: Vec<&str> = rules.iter().map(|c| c.key()).collect();
                assert_eq!(keys, [rule], "{name}");
            }
            other => panic!("{name}: expected a proof of impossibility, got {other:?}"),
        }
        assert!(out.rendered.contains(&format!("`{rule}`")), "{name}:\n{}", out.rendered);
    }
}

/// Inputs on which the TOML parser reported spans past the end of the text or
/// reversed (found by tests/robustness.rs); the diagnostics must stay inside.
#[test]
fn syntax_error_spans_stay_inside_the_file() {
    for text in
        ["[constraints]\nno_adjacent]red = true\n", "numbers = [11, 11. 12]\n", "n = [12.\n\n["]
    {
        let source = Source::new("s.toml", text);
        let diags = model::load(&source).expect_err(text);
        assert_eq!(diags.error_count(), 1, "{text:?}");
        for l in &diags.items()[0].labels {
            assert!(l.span.start <= l.span.end && l.span.end <= text.len(), "{text:?}: {l:?}");
        }
        let out = diag::render(&source, &diags);
        assert!(out.contains("s.toml:") && out.contains("invalid TOML:"), "{out}");
        assert!(!out.contains("invalid TOML: wanted"), "a bare error code:\n{out}");
    }
}
