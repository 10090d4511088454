//! `generate --from layout.json --lock ...`: locked hexes stay, the rest is
//! redrawn, the map's footer command makes the same board again, and bad
//! lock lists end with a clear error.

use std::path::PathBuf;
use std::process::{Command, Output};

fn hexpress(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hexpress"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hexpress-lock-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    dir
}

/// (q, r, terrain, number) of every hex of a layout.json.
fn hexes(path: &std::path::Path) -> Vec<(i64, i64, String, Option<u64>)> {
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("layout")).expect("json");
    v["hexes"]
        .as_array()
        .expect("hexes")
        .iter()
        .map(|h| {
            (
                h["q"].as_i64().expect("q"),
                h["r"].as_i64().expect("r"),
                h["terrain"].as_str().expect("terrain").to_string(),
                h["number"].as_u64(),
            )
        })
        .collect()
}

#[test]
fn locked_hexes_stay_and_the_footer_command_repeats_the_board() {
    let dir = temp_dir("stay");
    let (a, b, c) = (dir.join("a"), dir.join("b"), dir.join("c"));
    let s = |p: &PathBuf| p.to_str().expect("utf-8").to_string();
    assert!(hexpress(&[
        "generate",
        "fishermen",
        "--seed",
        "3",
        "-q",
        "--formats",
        "svg",
        "--out",
        &s(&a)
    ])
    .status
    .success());
    let saved = hexes(&a.join("layout.json"));
    // Two random hexes with chips, one with a negative coordinate first.
    let layout: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(a.join("layout.json")).expect("read"))
            .expect("json");
    let free: Vec<(i64, i64)> = layout["hexes"]
        .as_array()
        .expect("hexes")
        .iter()
        .filter(|h| h["fixed"] == false && h["number"].is_u64())
        .map(|h| (h["q"].as_i64().expect("q"), h["r"].as_i64().expect("r")))
        .collect();
    let neg = free.iter().find(|(q, _)| *q < 0).expect("a hex with q < 0");
    let other = free.iter().find(|h| *h != neg).expect("another hex");
    let list = format!("{},{} {},{}", neg.0, neg.1, other.0, other.1);
    let from = a.join("layout.json");
    let out = hexpress(&[
        "generate",
        "--from",
        &s(&from),
        "--lock",
        &list,
        "--seed",
        "4",
        "-q",
        "--formats",
        "svg",
        "--out",
        &s(&b),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let redrawn = hexes(&b.join("layout.json"));
    for at in [neg, other] {
        let keep = |v: &Vec<(i64, i64, String, Option<u64>)>| {
            v.iter().find(|h| (h.0, h.1) == *at).cloned().expect("hex")
        };
        assert_eq!(keep(&redrawn), keep(&saved), "{at:?} stayed");
    }
    assert_ne!(redrawn, saved, "the rest was redrawn");
    // The map's footer names the command with the locks spelled out.
    let svg = std::fs::read_to_string(b.join("map.svg")).expect("map.svg");
    let start = svg.find("regenerate: hexpress ").expect("a regenerate line")
        + "regenerate: hexpress ".len();
    let cmd = svg[start..svg[start..].find('<').expect("end") + start].replace("&quot;", "\"");
    let (head, locks) = cmd.split_once(" --lock \"").expect("a --lock argument");
    let mut args: Vec<String> = head.split(' ').map(str::to_string).collect();
    args.extend(["--lock".into(), locks.trim_end_matches('"').into()]);
    args.extend(["-q", "--formats", "svg", "--out"].map(String::from));
    args.push(s(&c));
    let again = Command::new(env!("CARGO_BIN_EXE_hexpress")).args(&args).output().expect("runs");
    assert!(again.status.success(), "{args:?}: {}", String::from_utf8_lossy(&again.stderr));
    assert_eq!(
        std::fs::read(c.join("layout.json")).expect("c"),
        std::fs::read(b.join("layout.json")).expect("b")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_lock_lists_are_refused_with_a_reason() {
    let dir = temp_dir("bad");
    let not_layout = dir.join("x.json");
    std::fs::write(&not_layout, "{\"format\": \"something-else\"}").expect("write");
    let cases: [(&[&str], &str); 4] = [
        (&["generate", "base", "--lock", "0,-2"], "names no contents"),
        (&["generate", "base", "--lock", "0,-2=forest:13"], "not a number chip"),
        (&["generate", "base", "--lock", "9,9=forest:8"], "not on the map"),
        (
            &["generate", "--from", not_layout.to_str().expect("utf-8"), "--lock", "0,0"],
            "not a hexpress layout.json",
        ),
    ];
    for (args, needle) in cases {
        let out = hexpress(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The confirmed bug of issue 27: two locked hexes that break a rule between
/// themselves were kept and the board written. Now: exit 1, the rule and
/// both `--lock` items named, nothing written.
#[test]
fn locks_that_break_a_rule_between_them_are_refused_and_nothing_is_written() {
    let dir = temp_dir("clash");
    let out_dir = dir.join("out");
    let out = hexpress(&[
        "generate",
        "base",
        "--seed",
        "1",
        "--lock",
        "0,0=pasture:6 1,0=forest:8",
        "--layout-only",
        "--out",
        out_dir.to_str().expect("utf-8"),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(!out_dir.exists(), "nothing may be written: {err}");
    assert!(err.contains("no_adjacent_red"), "names the rule: {err}");
    assert!(
        err.contains("0,0=pasture:6") && err.contains("1,0=forest:8"),
        "names the items: {err}"
    );
    assert!(!err.contains("scenarios/base.toml"), "blames the locks, not the scenario: {err}");
    let _ = std::fs::remove_dir_all(&dir);
}
