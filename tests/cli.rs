//! Smoke tests of the `hexpress` binary: commands, exit codes, output files.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn hexpress(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hexpress"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A fresh, empty folder under the system temp dir, unique to this test.
fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hexpress-cli-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    dir
}

fn builtin_files() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .expect("scenarios folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .map(|p| format!("scenarios/{}", p.file_name().and_then(|n| n.to_str()).expect("name")))
        .collect();
    files.sort();
    files
}

#[test]
fn help_lists_the_commands() {
    let out = hexpress(&["--help"]);
    assert!(out.status.success());
    let help = text(&out.stdout);
    for cmd in ["generate", "validate", "list", "schema"] {
        assert!(help.contains(cmd), "`{cmd}` missing from --help:\n{help}");
    }
}

#[test]
fn every_builtin_scenario_file_validates() {
    let files = builtin_files();
    assert!(files.len() >= 2, "{files:?}");
    let mut args = vec!["validate"];
    args.extend(files.iter().map(String::as_str));
    let out = hexpress(&args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    for f in &files {
        assert!(stdout.contains(&format!("ok: {f}")), "{f} not reported ok:\n{stdout}");
    }
}

#[test]
fn an_invalid_file_exits_1_pointing_at_the_problem() {
    let out = hexpress(&["validate", "tests/invalid/unknown-terrain.toml"]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("error:"), "{err}");
    assert!(err.contains("tests/invalid/unknown-terrain.toml:31:11"), "{err}");
    assert!(err.contains("hint:"), "{err}");
}

#[test]
fn good_and_bad_files_together_exit_1_and_report_both() {
    let out = hexpress(&["validate", "base", "tests/invalid/bad-id.toml"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("ok: scenarios/base.toml"), "{}", text(&out.stdout));
    assert!(text(&out.stderr).contains("bad-id.toml:5:7"), "{}", text(&out.stderr));
}

#[test]
fn a_missing_file_exits_4() {
    let out = hexpress(&["validate", "tests/no-such-file.toml"]);
    assert_eq!(out.status.code(), Some(4), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("error:"));
}

#[test]
fn generate_writes_the_same_layout_json_every_time() {
    let dir = temp_dir("generate");
    let (a, b) = (dir.join("a"), dir.join("b"));
    for d in [&a, &b] {
        let out =
            hexpress(&["generate", "base", "--seed", "7", "--out", d.to_str().expect("utf-8")]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert!(text(&out.stdout).contains("seed: 7"), "{}", text(&out.stdout));
    }
    let ja = std::fs::read(a.join("layout.json")).expect("layout.json written");
    let jb = std::fs::read(b.join("layout.json")).expect("layout.json written");
    assert_eq!(ja, jb, "two runs with seed 7 differ");
    let v: serde_json::Value = serde_json::from_slice(&ja).expect("valid JSON");
    assert_eq!(v["format"], "hexpress-layout/1", "{v}");
    assert_eq!(v["seed"], 7);
    assert_eq!(v["hexes"].as_array().map(Vec::len), Some(37));
    // Exactly the promised files, no temporary ones, and every one of them
    // byte-identical between the two runs.
    let mut names: Vec<String> = std::fs::read_dir(&a)
        .expect("dir")
        .map(|e| e.expect("e").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    // The handout has one SVG per page (rules-1.svg, rules-2.svg...).
    let pages: Vec<&String> = names.iter().filter(|n| n.starts_with("rules-")).collect();
    assert!(pages.first().is_some_and(|n| *n == "rules-1.svg"), "{names:?}");
    let others: Vec<&String> = names.iter().filter(|n| !n.starts_with("rules-")).collect();
    assert_eq!(
        others,
        [
            hexpress::export::files::MANIFEST_NAME,
            "calibration.pdf",
            "components.pdf",
            "layout.json",
            "map.pdf",
            "map.svg",
            "preview.png",
            "print-pack.pdf",
            "print-plan.txt",
            "rules.pdf"
        ]
    );
    for n in &names {
        let (fa, fb) = (std::fs::read(a.join(n)).expect("a"), std::fs::read(b.join(n)).expect("b"));
        assert!(fa == fb, "{n} differs between two runs with the same seed");
    }
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn different_seeds_give_different_layouts() {
    let dir = temp_dir("seeds");
    let mut layouts = Vec::new();
    for seed in ["1", "2"] {
        let d = dir.join(seed);
        let out =
            hexpress(&["generate", "-q", "--seed", seed, "--out", d.to_str().expect("utf-8")]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        layouts.push(std::fs::read(d.join("layout.json")).expect("written"));
    }
    assert_ne!(layouts[0], layouts[1]);
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn unsatisfiable_rules_exit_1_naming_the_rule() {
    let dir = temp_dir("unsat");
    let out = hexpress(&[
        "generate",
        "tests/invalid/unsat-corner-pips.toml",
        "--seed",
        "3",
        "--out",
        dir.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.contains("`max_corner_pips`"), "{err}");
    assert!(err.contains("unsat-corner-pips.toml:30:19"), "{err}");
    assert!(!dir.join("layout.json").exists());
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn a_player_count_without_a_map_exits_2() {
    let dir = temp_dir("players");
    let out =
        hexpress(&["generate", "base", "--players", "7", "--out", dir.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("7 players"), "{}", text(&out.stderr));
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn list_shows_the_builtins() {
    let out = hexpress(&["list"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    // Every built-in on a line of its own, its id first, then its players and title.
    for id in hexpress::builtin::ids() {
        let src = hexpress::builtin::source(id).expect("built-in");
        let sc = hexpress::model::load(&src).expect("valid");
        let line = s.lines().find(|l| l.split_whitespace().next() == Some(id));
        let line = line.unwrap_or_else(|| panic!("`{id}` not listed:\n{s}"));
        assert!(line.contains(&sc.meta.title), "{line}");
    }
    // The columns line up: every title starts in the same column.
    let starts: std::collections::BTreeSet<usize> = s
        .lines()
        .skip(1)
        .filter_map(|l| {
            let id = l.split_whitespace().next()?;
            let src = hexpress::builtin::source(id)?;
            let title = hexpress::model::load(&src).ok()?.meta.title;
            l.find(&title)
        })
        .collect();
    assert_eq!(starts.len(), 1, "titles in different columns:\n{s}");
}

#[test]
fn schema_is_json_describing_the_format() {
    let out = hexpress(&["schema"]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    let props = &v["properties"];
    for key in ["scenario", "legend", "map", "constraints"] {
        assert!(props.get(key).is_some(), "`{key}` missing from the schema");
    }
}

/// The error contract of `src/cli/contract.rs` (and the README's table):
/// each kind of failure ends with its own exit code on every command that
/// can meet it. `OUT` stands for a fresh output folder.
#[test]
fn every_error_path_keeps_the_exit_code_contract() {
    let dir = temp_dir("contract");
    let weights = dir.join("bar.toml");
    std::fs::write(&weights, "[bar]\ncorner_max = 4\nhigh_pairs = 0\n").expect("write");
    let not_layout = dir.join("x.json");
    std::fs::write(&not_layout, "{\"format\": \"something-else\"}").expect("write");
    let (w, nl) = (weights.to_str().expect("utf-8"), not_layout.to_str().expect("utf-8"));
    let unsat = "tests/invalid/unsat-corner-pips.toml";
    let cases: &[(i32, &[&str])] = &[
        // 1: an input file is wrong.
        (1, &["validate", "tests/invalid/unknown-terrain.toml"]),
        (1, &["generate", "tests/invalid/duplicate-hex.toml", "--out", "OUT"]),
        (1, &["sample", "tests/invalid/chip-count.toml", "-n", "2"]),
        (1, &["rules", "tests/invalid/bad-id.toml", "--out", "OUT"]),
        (1, &["generate", "--templates", "tests/data/hardening/theme-typo", "--out", "OUT"]),
        (1, &["generate", "--from", nl, "--lock", "0,0", "--out", "OUT"]),
        (1, &["validate", "tests/data/hardening/utf16.toml"]),
        // 2: the command line is wrong, whoever refuses it.
        (2, &["generate", "--no-such-flag"]),
        (2, &["generate", "--formats", "svg,xyz", "--out", "OUT"]),
        (2, &["generate", "base", "--players", "7", "--out", "OUT"]),
        (2, &["sample", "base", "--players", "7", "-n", "2"]),
        (2, &["rules", "base", "--players", "7", "--out", "OUT"]),
        (2, &["balance", "base", "--players", "7", "--samples", "10", "--out", "OUT"]),
        (2, &["generate", "base", "--lock", "9,9=forest:8", "--out", "OUT"]),
        (2, &["generate", "base", "--lock", "0,0=forest:13", "--out", "OUT"]),
        (2, &["generate", "base", "--balanced", "--candidates", "10", "--out", "OUT"]),
        (2, &["generate", "base", "--balanced", "--lock", "0,0=forest:3", "--out", "OUT"]),
        (2, &["generate", "bsae", "--out", "OUT"]),
        (2, &["generate", "--templates", "no/such/folder", "--out", "OUT"]),
        // 3: no board keeps the rules, locks or bar.
        (3, &["generate", unsat, "--out", "OUT"]),
        (3, &["sample", unsat, "-n", "2"]),
        (3, &["rules", unsat, "--out", "OUT"]),
        (3, &["validate", unsat]),
        (3, &["generate", "base", "--lock", "0,0=pasture:6 1,0=forest:8", "--out", "OUT"]),
        (3, &["generate", "base", "--balanced", "--weights", w, "--layout-only", "--out", "OUT"]),
        // 4: a file cannot be found, read or written.
        (4, &["validate", "no/such/file.toml"]),
        (4, &["generate", "no-such-file.toml", "--out", "OUT"]),
        (4, &["generate", "--from", "no/such/layout.json", "--lock", "0,0"]),
        (4, &["generate", "--balanced", "--weights", "no/such/w.toml", "--out", "OUT"]),
    ];
    for (k, (code, args)) in cases.iter().enumerate() {
        let out_dir = dir.join(format!("out-{k}"));
        let args: Vec<&str> = args
            .iter()
            .map(|a| if *a == "OUT" { out_dir.to_str().expect("utf-8") } else { a })
            .collect();
        let out = hexpress(&args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(*code), "{args:?}: {err}");
        assert!(err.contains("error"), "{args:?} says what went wrong: {err}");
        assert!(!out_dir.exists(), "{args:?} wrote nothing");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `validate` reports every problem of a file in one pass, says which checks
/// an earlier problem kept from running, and runs the board check: six
/// planted mistakes, one run.
#[test]
fn validate_reports_every_problem_at_once() {
    let out = hexpress(&["validate", "tests/invalid/several-six-mistakes.toml"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    for needle in [
        "unknown key `victory_pointz`",
        "hex (0, 0) is given twice",
        "region `island` has 21 tiles for 19 hexes",
        "unknown terrain `desrt`",
        "`ore` is a resource; the terrain that yields it is `mountains`",
        "the harbor at (-1, -2) faces `w`, where there is no land",
        "has 6 problems, and 3 checks did not run",
        "note: the placement rules were not checked on the map for 3, 4 players",
    ] {
        assert!(err.contains(needle), "`{needle}` missing:\n{err}");
    }
    // The harbor error points at the `facing` key, where the fix goes.
    assert!(err.contains("several-six-mistakes.toml:20:33"), "{err}");
    // Fixed but for a chip rule no board keeps: the board check finds it.
    let fixed = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/invalid/several-six-mistakes.toml"),
    )
    .expect("read")
    .replace("victory_pointz", "victory_points")
    .replace("desrt = 1, ore = 2", "desert = 1")
    .replace("facing = \"w\"", "facing = \"e\"")
    .replace("[[map.cells]]\nq = 0\nr = 0\ncode = \"~\"\n", "");
    let dir = temp_dir("six");
    let f = dir.join("fixed.toml");
    let rule_line = 1 + fixed.lines().position(|l| l == "max_corner_pips = 3").expect("the rule");
    std::fs::write(&f, fixed).expect("write");
    let out = hexpress(&["validate", f.to_str().expect("utf-8")]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(err.contains("the map for 3, 4 players: no board keeps `max_corner_pips`"), "{err}");
    assert!(err.contains(&format!("fixed.toml:{rule_line}:19")), "points at the rule: {err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_player_count_the_5_6_builtin_has_is_pointed_to() {
    for (id, players, other) in [("base", "6", "base-5-6"), ("fishermen-5-6", "3", "fishermen")] {
        let out = hexpress(&["generate", id, "--players", players, "--seed", "1", "--layout-only"]);
        assert_eq!(
            out.status.code(),
            Some(2),
            "a player count the file lacks is the command line's"
        );
        let err = text(&out.stderr);
        assert!(err.contains(&format!("or the built-in `{other}`")), "{err}");
    }
    // No other built-in plays 7: the hint names none.
    let out = hexpress(&["generate", "base", "--players", "7", "--seed", "1", "--layout-only"]);
    assert!(!text(&out.stderr).contains("or the built-in"), "{}", text(&out.stderr));
}
