//! Fault class: messages. Every error the command line prints for a bad
//! request or a limit is pinned as a snapshot (`tests/ref/messages/`,
//! rewritten with `HEXPRESS_BLESS=1`), names what to change, and never
//! repeats itself ("X: X").

use crate::support;

use std::path::Path;

use support::*;

/// `(snapshot name, arguments, exit code)`. `OUT` stands for a fresh folder.
/// The contract of `src/cli/contract.rs`: exit 1, an input file is wrong (a
/// scenario, a template, a weights file, a limit it passes); exit 2, the
/// command line is wrong (clap's usage errors and hexpress's own checks of
/// flag values); exit 3, no board; exit 4, a file that cannot be found or
/// read; exit 5, a bug.
const CASES: &[(&str, &[&str], i32)] = &[
    ("input-too-large", &["validate", "/dev/zero"], 1),
    ("out-dash", &["generate", "--out", "-"], 2),
    ("unknown-format", &["generate", "--formats", "svg,xyz", "--out", "OUT"], 2),
    ("missing-templates", &["generate", "--templates", "no/such/folder", "--out", "OUT"], 2),
    (
        "margin-too-large",
        &["generate", "--templates", "tests/data/hardening/margin", "--out", "OUT"],
        1,
    ),
    (
        "pieces-too-large",
        &[
            "generate",
            "traders-and-wagons",
            "--templates",
            "tests/data/hardening/big-token",
            "--out",
            "OUT",
        ],
        1,
    ),
    (
        "paper-too-large",
        &["generate", "--templates", "tests/data/hardening/huge-paper", "--out", "OUT"],
        1,
    ),
    (
        "piece-too-small",
        &["generate", "--templates", "tests/data/hardening/tiny-token", "--out", "OUT"],
        1,
    ),
    (
        "theme-typo",
        &["generate", "--templates", "tests/data/hardening/theme-typo", "--out", "OUT"],
        1,
    ),
    (
        "user-inks",
        &["generate", "--templates", "tests/data/hardening/user-inks", "--out", "OUT"],
        1,
    ),
    (
        "sheets-typo",
        &["generate", "--templates", "tests/data/hardening/sheets-typo", "--out", "OUT"],
        1,
    ),
    (
        "handout-margin",
        &["generate", "--templates", "tests/data/hardening/handout-margin", "--out", "OUT"],
        1,
    ),
    (
        "weights-typo",
        &[
            "generate",
            "--balanced",
            "best",
            "--candidates",
            "10",
            "--weights",
            "tests/data/hardening/weights-typo.toml",
            "--out",
            "OUT",
        ],
        1,
    ),
    ("utf16", &["validate", "tests/data/hardening/utf16.toml"], 1),
    ("corner-cap-0", &["validate", "tests/data/hardening/corner-cap-0.toml"], 1),
    ("players-not-in-scenario", &["generate", "base", "--players", "7", "--out", "OUT"], 2),
    ("control-character", &["validate", "tests/data/hardening/nul-title.toml"], 1),
    ("missing-glyph", &["validate", "tests/data/hardening/cjk-title.toml"], 1),
    ("title-too-long", &["validate", "tests/data/hardening/long-title.toml"], 1),
    ("map-too-wide", &["validate", "tests/data/hardening/too-wide.toml"], 1),
    ("too-wide-to-draw", &["generate", "tests/data/hardening/far-apart.toml", "--out", "OUT"], 1),
    (
        "preview-too-large",
        &[
            "generate",
            "tests/data/hardening/far-drawn.toml",
            "--formats",
            "png",
            "--dpi",
            "100",
            "--out",
            "OUT",
        ],
        1,
    ),
    ("candidates-limit", &["generate", "--balanced", "--candidates", "18446744073709551615"], 2),
    ("unknown-scenario", &["generate", "bsae"], 2),
    ("missing-file", &["validate", "no-such-file.toml", "base"], 4),
];

/// Cases whose error lies in a file: the message points at its line and
/// column.
const PLACED: &[&str] = &[
    "paper-too-large",
    "piece-too-small",
    "theme-typo",
    "user-inks",
    "handout-margin",
    "sheets-typo",
    "weights-typo",
    "utf16",
    "corner-cap-0",
    "players-not-in-scenario",
    "control-character",
    "title-too-long",
    "map-too-wide",
];

fn snapshot(name: &str, actual: &str) {
    let path = root().join("tests/ref/messages").join(format!("{name}.txt"));
    let bless = std::env::var_os("HEXPRESS_BLESS").is_some_and(|v| v == "1");
    match std::fs::read_to_string(&path) {
        Ok(expected) if expected == actual => {}
        _ if bless => {
            std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
            std::fs::write(&path, actual).expect("write snapshot");
        }
        Ok(expected) => panic!(
            "{name}: the message changed (rerun with HEXPRESS_BLESS=1 if intended)\n--- expected\n{expected}\n--- actual\n{actual}"
        ),
        Err(_) => panic!("{name}: no snapshot at {}; run with HEXPRESS_BLESS=1\n{actual}", path.display()),
    }
}

/// The first repeated part of a message, if any: the same text on both
/// sides of ": " (e.g. "cannot read: no such file: no such file").
fn repeated(message: &str) -> Option<String> {
    for line in message.lines() {
        let parts: Vec<&str> = line.split(": ").map(str::trim).filter(|p| p.len() > 3).collect();
        for (i, p) in parts.iter().enumerate() {
            if parts[i + 1..].iter().any(|q| q == p || q.contains(p) && p.len() > 20) {
                return Some(line.to_string());
            }
        }
    }
    None
}

#[test]
fn error_messages_match_their_snapshots_and_say_things_once() {
    let mut failures = Vec::new();
    for (name, args, code) in CASES {
        let t = scratch("messages");
        let out = t.path().join("out");
        let args: Vec<&str> =
            args.iter().map(|a| if *a == "OUT" { arg(&out) } else { a }).collect();
        let o = run(&args);
        let err = expect_exit(&o, *code, name);
        assert!(err.starts_with("error"), "{name}: {err}");
        let advice = ["hint:", "limit of", "e.g.", "; use ", "did you mean", "choose", "between"];
        assert!(advice.iter().any(|a| err.contains(a)), "{name}: says nothing to do: {err}");
        if *code == 1 {
            // Every input error ends with a hint.
            let blocks = err.split("\nerror").filter(|b| !b.contains("problem"));
            for b in blocks {
                assert!(b.contains("hint:"), "{name}: an error without a hint: {b}");
            }
        }
        if PLACED.contains(name) {
            let placed =
                err.contains(".toml:") || err.contains("line ") && err.contains(", column ");
            assert!(placed, "{name}: no line and column: {err}");
        }
        if let Some(line) = repeated(&err) {
            failures.push(format!("{name} repeats itself: {line}"));
        }
        assert!(!Path::new(&out).exists(), "{name}: wrote {:?}", names(&out));
        snapshot(name, &err);
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn the_repetition_check_catches_repetition() {
    assert!(repeated("error: cannot read `x`: No such file: No such file").is_some());
    assert!(repeated("error: laying out text: row 1 of table \"A | B\" is 900 mm tall: row 1 of table \"A | B\" is 900 mm tall").is_some());
    assert!(
        repeated("error: cannot read `a.toml`: No such file or directory (os error 2)").is_none()
    );
}

#[test]
fn a_flood_of_problems_shows_the_first_fifty_and_counts_the_rest() {
    let o = run(&["validate", "tests/data/hardening/flood.toml"]);
    let err = expect_exit(&o, 1, "flood");
    let shown = err.matches("error: unknown key").count();
    assert_eq!(shown, hexpress::limits::MAX_SHOWN_PROBLEMS, "{err:.2000}");
    assert!(
        err.contains("70 more problems are not shown"),
        "{}",
        &err[err.len().saturating_sub(400)..]
    );
    assert!(
        err.trim_end().contains("has 120 problems"),
        "{}",
        &err[err.len().saturating_sub(400)..]
    );
    assert!(err.len() < 64 << 10, "{} bytes on stderr", err.len());
}
