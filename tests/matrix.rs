//! The matrix: every command on every built-in scenario at every player
//! count, under each mode a user picks, plus user files with face-down
//! regions, gold, harbors and castaway spots, and the web page's endpoints.
//! Every run must succeed, and every board a run writes (each `layout.json`,
//! each line of `sample`, each board the page sends) must pass the library's
//! own board check (`solve::check_board`) under the rules and locks of that
//! run. Drawing is left out (`--layout-only`) where it is not the point; each
//! scenario draws its whole pack on each paper and in both views once.
//!
//! One test per built-in (so they run side by side), a test that the list
//! of them is every built-in, and one for the user files and the page.

use crate::common::{self, layout_json::layout_from_json};
use crate::support::{arg, expect_exit, run, scratch};

use std::path::Path;

use hexpress::axial::Hex;
use hexpress::model::{RulePreset, Scenario};
use hexpress::solve::{check_board, Lock};
use serde_json::Value;

/// Runs the binary, asserting success; returns standard output.
fn ok(args: &[&str]) -> String {
    let o = run(args);
    expect_exit(&o, 0, &args.join(" "));
    String::from_utf8(o.stdout).expect("utf-8")
}

/// The library's board check of one board, under `scenario`'s rules (the
/// run's preset applied) and `locks`.
fn check(scenario: &Scenario, board: &Value, locks: &[Lock], what: &str) {
    let layout = layout_from_json(board);
    let map = scenario.map_for(layout.players).unwrap_or_else(|| panic!("{what}: no map"));
    if let Err(e) = check_board(map, &scenario.constraints, locks, &layout) {
        panic!("{what}: the board check refuses a board it wrote: {e}");
    }
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("layout.json")).expect("JSON")
}

/// A lock on the first hex that holds a chip (else the first random hex),
/// as `--lock` takes it, and as a [`Lock`].
fn first_lock(board: &Value) -> Option<(String, Lock)> {
    let hexes = board["hexes"].as_array()?;
    let h = hexes
        .iter()
        .find(|h| h["number"].is_u64() && !h["fixed"].as_bool().unwrap_or(true))
        .or_else(|| hexes.iter().find(|h| !h["fixed"].as_bool().unwrap_or(true)))?;
    let l = layout_from_json(board);
    let (q, r) = (h["q"].as_i64()? as i32, h["r"].as_i64()? as i32);
    let placed = l.hexes.iter().find(|p| p.hex == Hex::new(q, r))?;
    let item = match placed.number {
        Some(n) => format!("{q},{r}={}:{n}", placed.terrain.name()),
        None => format!("{q},{r}={}", placed.terrain.name()),
    };
    Some((item, Lock { hex: placed.hex, terrain: placed.terrain, number: placed.number }))
}

/// The URL of a pack's full `layout.json`: the builder's when the pack
/// keeps one apart (the players' view of face-down tiles), else the pack's.
fn full_layout_url(reply: &Value) -> Option<String> {
    let find = |files: &Value| {
        files.as_array()?.iter().find(|f| f["name"] == "layout.json")?["url"]
            .as_str()
            .map(str::to_string)
    };
    find(&reply["builder"]["files"]).or_else(|| find(&reply["files"]))
}

/// The scenario under `--rules strict`.
fn strict(s: &Scenario) -> Scenario {
    s.with_preset(RulePreset::Strict).expect("the strict preset applies")
}

/// Every board-making command of one scenario at one player count: plain,
/// strict, balanced (bar and best for the seats), locked, from a saved
/// layout, `sample` in each of its modes, `rules` and `balance`.
fn boards(name: &str, scenario: &Scenario, players: u8, dir: &Path) {
    let p = players.to_string();
    let tag = format!("{name} {players}p");
    let out = |m: &str| dir.join(format!("{players}-{m}"));
    let gen = |m: &str, extra: &[&str]| -> Value {
        let o = out(m);
        let mut a = vec!["generate", name, "-p", &p, "-s", "11", "-q", "--layout-only", "--out"];
        a.push(arg(&o));
        a.extend_from_slice(extra);
        ok(&a);
        read_json(&o.join("layout.json"))
    };
    let plain = gen("plain", &[]);
    check(scenario, &plain, &[], &format!("{tag} plain"));
    let strict_s = strict(scenario);
    // Every built-in has strict boards; a user's map may have none, and
    // then the run ends with a proof naming the rule (exit 3).
    let has_strict = {
        let o = out("strict");
        let a = ["generate", name, "-p", &p, "-s", "11", "-q", "--layout-only", "--rules"];
        let r = run(&[&a[..], &["strict", "--out", arg(&o)]].concat());
        match r.status.code() {
            Some(0) => {
                check(&strict_s, &read_json(&o.join("layout.json")), &[], &format!("{tag} strict"));
                true
            }
            // No exact sampler (common::AWAITING_A_SAMPLER): the chain ran
            // out of its limit, or no board; refused, with no board.
            _ if common::awaits_strict(name) => {
                assert_ne!(r.status.code(), Some(0), "{tag} strict");
                false
            }
            _ if hexpress::builtin::source(name).is_none() => {
                let err = expect_exit(&r, 3, &format!("{tag} strict"));
                assert!(err.contains("no board keeps `"), "{tag} strict: {err}");
                false
            }
            _ => panic!("{tag} strict: {}", crate::support::stderr(&r)),
        }
    };
    check(scenario, &gen("bar", &["--balanced"]), &[], &format!("{tag} balanced"));
    let best = gen("best", &["--balanced", "best", "--objective", "seats", "--candidates", "300"]);
    check(scenario, &best, &[], &format!("{tag} best seats"));
    // A lock of the plain board's first chip, spelled out; and the same hex
    // by its place, its contents read from the saved layout (`--from`).
    let saved = out("plain").join("layout.json");
    if let Some((item, lock)) = first_lock(&plain) {
        let o = out("lock");
        ok(&["generate", name, "-p", &p, "--lock", &item, "-s", "12", "-q"]
            .into_iter()
            .chain(["--layout-only", "--out", arg(&o)])
            .collect::<Vec<_>>());
        check(scenario, &read_json(&o.join("layout.json")), &[lock], &format!("{tag} lock"));
        let place = item.split('=').next().expect("q,r").to_string();
        let o = out("from");
        // A built-in is named by the saved layout; a user's file by the user.
        let mut a = match hexpress::builtin::source(name) {
            Some(_) => vec!["generate"],
            None => vec!["generate", name],
        };
        a.extend(["--from", arg(&saved), "--lock", &place, "-s", "13", "-q", "--layout-only"]);
        a.extend(["--out", arg(&o)]);
        ok(&a);
        check(scenario, &read_json(&o.join("layout.json")), &[lock], &format!("{tag} --from"));
    }
    // `sample` in every mode: each line a board.
    for (mode, extra, rules) in [
        ("plain", &[][..], scenario),
        ("strict", &["--rules", "strict"][..], &strict_s),
        ("measures", &["--measures"][..], scenario),
        ("balanced", &["--balanced"][..], scenario),
    ] {
        if mode == "strict" && !has_strict {
            continue;
        }
        let mut a = vec!["sample", name, "-p", &p, "-n", "12", "-s", "11", "-q"];
        a.extend_from_slice(extra);
        let text = ok(&a);
        assert_eq!(text.lines().count(), 12, "{tag} sample {mode}");
        for (k, line) in text.lines().enumerate() {
            let v: Value = serde_json::from_str(line).expect("a JSON line");
            check(rules, &v, &[], &format!("{tag} sample {mode} line {k}"));
        }
    }
    let o = out("rules");
    ok(&["rules", name, "-p", &p, "-s", "11", "-q", "--out", arg(&o)]);
    assert!(o.join("rules.pdf").is_file(), "{tag}: rules writes its handout");
    let o = out("balance");
    ok(&["balance", name, "-p", &p, "--samples", "200", "-q", "--out", arg(&o)]);
}

/// The whole pack on every paper and in both views (one run with every
/// format, the others PDF only), each drawn from a board the check accepts.
fn packs(name: &str, scenario: &Scenario, dir: &Path) {
    let runs: [(&str, &[&str]); 3] = [
        ("a4-play", &["--paper", "a4", "--view", "play"]),
        (
            "letter-setup",
            &["--paper", "letter", "--view", "setup", "--black-and-white", "--formats", "pdf"],
        ),
        ("a3-play", &["--paper", "a3", "--ink-saver", "--formats", "pdf"]),
    ];
    for (mode, extra) in runs {
        let o = dir.join(format!("pack-{mode}"));
        let mut a = vec!["generate", name, "-s", "11", "-q", "--out", arg(&o)];
        a.extend_from_slice(extra);
        ok(&a);
        assert!(o.join("print-pack.pdf").is_file(), "{name} {mode}: the print pack");
        check(scenario, &read_json(&o.join("layout.json")), &[], &format!("{name} pack {mode}"));
    }
    let o = dir.join("rules-setup");
    ok(&[
        "rules",
        name,
        "-s",
        "11",
        "-q",
        "--paper",
        "letter",
        "--view",
        "setup",
        "--out",
        arg(&o),
    ]);
}

/// Every command on one built-in scenario.
fn builtin(id: &str) {
    let scenario = common::builtin(id);
    let t = scratch(&format!("matrix-{id}"));
    for &players in &scenario.meta.players {
        boards(id, &scenario, players, t.path());
    }
    packs(id, &scenario, t.path());
    let file = format!("scenarios/{id}.toml");
    assert!(ok(&["validate", &file]).starts_with("ok: "), "{id}: validate");
}

macro_rules! builtins {
    ($($test:ident => $id:literal),* $(,)?) => {
        $(
            #[test]
            fn $test() {
                builtin($id);
            }
        )*
        /// The ids the tests above cover.
        const COVERED: &[&str] = &[$($id),*];
    };
}

builtins! {
    base => "base",
    base_5_6 => "base-5-6",
    catan_world => "catan-world",
    fishermen => "fishermen",
    fishermen_5_6 => "fishermen-5-6",
    fog_islands => "fog-islands",
    gold_for_catan => "gold-for-catan",
    reach_catan => "reach-catan",
    seven_islands => "seven-islands",
    traders_and_wagons => "traders-and-wagons",
    traders_and_wagons_overseas => "traders-and-wagons-overseas",
}

#[test]
fn the_matrix_covers_every_builtin() {
    let mut all: Vec<&str> = hexpress::builtin::ids().collect();
    all.sort_unstable();
    let mut covered = COVERED.to_vec();
    covered.sort_unstable();
    assert_eq!(covered, all, "add the new built-in to the `builtins!` list of tests/matrix.rs");
}

/// Users' own files: face-down regions with harbor tiles and gold (and a
/// face-up hex drawing its chip from a face-down pool), a gold
/// pool without chips, special hexes and fixed harbors, and a copy of a
/// scenario with castaway spots (as a user would start from one).
#[test]
fn user_files_through_every_command() {
    let t = scratch("matrix-user");
    let castaways = t.path().join("my-fog.toml");
    let text = hexpress::builtin::source("fog-islands").expect("built-in").text;
    std::fs::write(&castaways, text.replace("id = \"fog-islands\"", "id = \"my-fog\""))
        .expect("write");
    let files = [
        "tests/fixtures/face-down.toml".to_string(),
        "tests/fixtures/face-up-from-fog.toml".to_string(),
        "tests/fixtures/gold-pool.toml".to_string(),
        "tests/fixtures/specials.toml".to_string(),
        "tests/fixtures/locks/harbor.toml".to_string(),
        arg(&castaways).to_string(),
    ];
    for f in &files {
        let src = hexpress::diag::Source::new(
            f.as_str(),
            std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(f))
                .unwrap_or_else(|_| std::fs::read_to_string(f).expect("read")),
        );
        let scenario = hexpress::model::load(&src)
            .unwrap_or_else(|d| panic!("{}", hexpress::diag::render(&src, &d)));
        let dir = t.path().join(scenario.meta.id.clone());
        for &players in &scenario.meta.players {
            boards(f, &scenario, players, &dir);
        }
        packs(f, &scenario, &dir);
        ok(&["validate", f]);
    }
    ok(&["schema"]);
    ok(&["schema", "--layout"]);
    ok(&["list"]);
}

/// The page's endpoints on every built-in at every player count: a board
/// in each mode (plain, strict, balanced, locked), its files (the
/// downloaded `layout.json` passes the check), and the painter and
/// validation of the scenario's text.
#[cfg(feature = "serve")]
#[test]
fn the_page_endpoints_on_every_builtin() {
    use crate::common::http::{get, post};
    use serde_json::json;
    let s = hexpress::serve::spawn("127.0.0.1:0".parse().expect("address")).expect("server");
    for id in hexpress::builtin::ids() {
        let scenario = common::builtin(id);
        let text = hexpress::builtin::source(id).expect("built-in").text;
        let r = post(s.addr, "/api/paint", &json!({ "text": text }));
        assert_eq!(r.status, 200, "{id}: paint");
        assert_eq!(r.json()["ok"], true, "{id}: the painter accepts the built-in: {}", r.text());
        let r = post(s.addr, "/api/validate", &json!({ "scenario": id }));
        assert_eq!(r.status, 200, "{id}: validate {}", r.text());
        for &players in &scenario.meta.players {
            let tag = format!("{id} {players}p");
            let base = json!({ "scenario": id, "players": players, "seed": 11 });
            let with = |extra: Value| {
                let mut b = base.clone();
                for (k, v) in extra.as_object().expect("object") {
                    b[k] = v.clone();
                }
                b
            };
            for (mode, body, rules) in [
                ("plain", base.clone(), scenario.clone()),
                ("strict", with(json!({ "rules": "strict" })), strict(&scenario)),
                ("balanced", with(json!({ "balanced": true, "mode": "bar" })), scenario.clone()),
            ] {
                // The full layout: in the players' view of face-down tiles
                // it is among the builder's files.
                let r = post(s.addr, "/api/pack?builder=1", &body);
                if mode == "strict" && common::awaits_strict(id) && r.status != 200 {
                    // No exact sampler (common::AWAITING_A_SAMPLER): a
                    // board from the chain, or a refusal with a message.
                    assert!(r.json()["error"]["message"].is_string(), "{tag} {mode}: {}", r.text());
                    continue;
                }
                assert_eq!(r.status, 200, "{tag} {mode}: {}", r.text());
                let reply = r.json();
                let url = full_layout_url(&reply).expect("layout.json offered");
                let file = get(s.addr, &url);
                assert_eq!(file.status, 200, "{tag} {mode}: {url}");
                let board: Value = serde_json::from_slice(&file.body).expect("JSON");
                check(&rules, &board, &[], &format!("{tag} page {mode}"));
                if mode == "plain" {
                    let Some((item, lock)) = first_lock(&board) else { continue };
                    let locked = with(json!({ "seed": 12, "locks": item }));
                    let r = post(s.addr, "/api/pack?builder=1", &locked);
                    assert_eq!(r.status, 200, "{tag} locked: {}", r.text());
                    let url = full_layout_url(&r.json()).expect("layout.json");
                    let board: Value =
                        serde_json::from_slice(&get(s.addr, &url).body).expect("JSON");
                    check(&scenario, &board, &[lock], &format!("{tag} page locked"));
                }
            }
        }
    }
}
