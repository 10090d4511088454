//! The web page's API over loopback: boards, locks, errors with spans,
//! limits, share links, and downloads byte-identical to `generate`.
#![cfg(feature = "serve")]

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::http::{get, post, request};
use serde_json::{json, Value};

fn server() -> hexpress::serve::Running {
    hexpress::serve::spawn("127.0.0.1:0".parse().expect("address")).expect("server starts")
}

fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hexpress-serve-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    dir
}

fn hexpress(args: &[&str]) {
    let out = Command::new(env!("CARGO_BIN_EXE_hexpress"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

/// (q, r) -> (terrain, number) of a board reply.
fn contents(board: &Value) -> BTreeMap<(i64, i64), (String, Option<u64>)> {
    board["hexes"]
        .as_array()
        .expect("hexes")
        .iter()
        .map(|h| {
            (
                (h["q"].as_i64().expect("q"), h["r"].as_i64().expect("r")),
                (h["terrain"].as_str().expect("terrain").to_string(), h["number"].as_u64()),
            )
        })
        .collect()
}

fn lock_item(h: &Value) -> String {
    let mut s = format!("{},{}={}", h["q"], h["r"], h["terrain"].as_str().expect("terrain"));
    if let Some(n) = h["number"].as_u64() {
        s.push_str(&format!(":{n}"));
    }
    s
}

#[test]
fn lists_every_builtin() {
    let s = server();
    let r = get(s.addr, "/api/scenarios");
    assert_eq!(r.status, 200);
    let ids: Vec<String> = r.json()["scenarios"]
        .as_array()
        .expect("list")
        .iter()
        .map(|x| x["id"].as_str().expect("id").to_string())
        .collect();
    let want: Vec<String> = hexpress::builtin::ids().map(str::to_string).collect();
    assert_eq!(ids, want);
    let page = get(s.addr, "/");
    assert_eq!(page.status, 200);
    assert!(page.text().contains("<script src=\"/app.js\">"));
    assert_eq!(get(s.addr, "/app.js").status, 200);
    assert_eq!(get(s.addr, "/nope").json()["error"]["message"], "no such page or API");
}

#[test]
fn the_view_buttons_take_their_names_from_the_server() {
    use hexpress::settings::View;
    let s = server();
    let list = get(s.addr, "/api/scenarios").json();
    let views = list["views"].as_array().expect("views");
    let names: Vec<&str> = views.iter().map(|v| v["name"].as_str().expect("name")).collect();
    // Every view, the default (the players') first, each as requests name it.
    assert_eq!(names, [View::Play.name(), View::Setup.name()]);
    assert_eq!(names[0], View::default().name());
    assert_eq!(list["defaults"]["view"], View::default().name());
    for v in views {
        assert!(!v["label"].as_str().expect("label").is_empty(), "{v}");
        assert!(!v["title"].as_str().expect("title").is_empty(), "{v}");
    }
    assert_ne!(views[0]["label"], views[1]["label"]);
    // The page itself spells no view name: its buttons are made from the list.
    let page = get(s.addr, "/").text();
    for n in &names {
        assert!(!page.contains(&format!("data-v=\"{n}\"")), "index.html spells {n}");
    }
}

#[test]
fn same_inputs_same_board_and_the_layout_matches_the_solver() {
    let s = server();
    let req = json!({"scenario": "gold-for-catan", "players": 3, "seed": "41"});
    let a = post(s.addr, "/api/board", &req);
    assert_eq!(a.status, 200, "{}", a.text());
    let b = post(s.addr, "/api/board", &req);
    assert_eq!(a.body, b.body);
    // A seed may also come as a JSON number.
    let c = post(
        s.addr,
        "/api/board",
        &json!({"scenario": "gold-for-catan", "players": 3, "seed": 41}),
    );
    assert_eq!(a.body, c.body);
    let board = a.json();
    assert_eq!(board["seed"], "41");
    assert_eq!(board["players"], 3);
    let scenario = common::builtin("gold-for-catan");
    let layout = hexpress::solve::solve(&scenario, 3, 41, &Default::default()).expect("solves");
    let want: BTreeMap<(i64, i64), (String, Option<u64>)> = layout
        .hexes
        .iter()
        .map(|h| {
            (
                (i64::from(h.hex.q), i64::from(h.hex.r)),
                (h.terrain.name().to_string(), h.number.map(u64::from)),
            )
        })
        .collect();
    assert_eq!(contents(&board), want);
    assert!(board["svg"].as_str().expect("svg").starts_with("<svg"));
    assert_eq!(board["command"], "hexpress generate gold-for-catan --players 3 --seed 41");
}

#[test]
fn locked_hexes_stay_and_the_rest_is_redrawn() {
    let s = server();
    let first = post(s.addr, "/api/board", &json!({"scenario": "base", "seed": "3"})).json();
    let free: Vec<&Value> = first["hexes"]
        .as_array()
        .expect("hexes")
        .iter()
        .filter(|h| !h["fixed"].as_bool().expect("fixed") && h["number"].is_u64())
        .collect();
    let locks = format!("{} {}", lock_item(free[0]), lock_item(free[5]));
    let before = contents(&first);
    let mut changed = 0;
    for seed in ["4", "5", "6"] {
        let r =
            post(s.addr, "/api/board", &json!({"scenario": "base", "seed": seed, "locks": locks}));
        assert_eq!(r.status, 200, "{}", r.text());
        let b = r.json();
        let after = contents(&b);
        for h in [free[0], free[5]] {
            let at = (h["q"].as_i64().expect("q"), h["r"].as_i64().expect("r"));
            assert_eq!(after[&at], before[&at], "locked hex {at:?} moved");
        }
        assert_eq!(
            b["hexes"].as_array().expect("hexes").iter().filter(|h| h["locked"] == true).count(),
            2
        );
        assert!(b["command"].as_str().expect("command").contains("--lock \""));
        changed += usize::from(after != before);
    }
    assert!(changed >= 2, "rerolls with locks should redraw the rest");
}

#[test]
fn a_broken_pasted_scenario_answers_with_line_and_column() {
    let s = server();
    let text = "[scenario]\nid = \"x\"\ntitle = \"X\"\nplayers = [4]\nbogus = 1\n";
    let r = post(s.addr, "/api/board", &json!({"text": text}));
    assert_eq!(r.status, 422);
    let e = &r.json()["error"];
    let d = e["diagnostics"].as_array().expect("diagnostics");
    let bogus =
        d.iter().find(|d| d["message"].as_str().expect("msg").contains("bogus")).expect("bogus");
    assert_eq!(bogus["line"], 5);
    assert_eq!(bogus["column"], 1);
    let rendered = e["rendered"].as_str().expect("rendered");
    assert!(rendered.contains("pasted.toml:5:1"), "{rendered}");
    // Validation alone says the same.
    let v = post(s.addr, "/api/validate", &json!({"text": text}));
    assert_eq!(v.status, 422);
    assert_eq!(v.json()["error"]["rendered"], e["rendered"]);
    let ok = post(s.addr, "/api/validate", &json!({"scenario": "fishermen"}));
    assert_eq!(ok.json()["ok"], true);
}

#[test]
fn limits_and_bad_requests_are_refused_as_json() {
    let s = server();
    let cases = [
        (json!({"scenario": "../../etc/passwd"}), 400, "no built-in scenario"),
        (json!({"scenario": "base", "path": "/etc/passwd"}), 400, "unknown field"),
        (json!({"scenario": "base", "balanced": true, "candidates": 10_000_000}), 400, "100000"),
        (json!({"scenario": "base", "seed": "x"}), 400, "not a seed"),
        (json!({"scenario": "base", "seed": -3}), 400, "not a seed"),
        (json!({"scenario": "base", "rules": "lax"}), 400, "unknown rules"),
        (json!({"scenario": "base", "locks": "0,0=lava"}), 400, "not a terrain"),
        (json!({"scenario": "base", "locks": "99,99=forest:8"}), 422, "not on the map"),
        (json!({"scenario": "base", "players": 9}), 422, "no map for 9 players"),
        (json!({"text": "x".repeat(hexpress::limits::MAX_SCENARIO_BYTES + 1)}), 400, "limit"),
    ];
    for (req, status, needle) in cases {
        let r = post(s.addr, "/api/board", &req);
        assert_eq!(r.status, status, "{req:.80}: {}", r.text());
        let msg = r.json()["error"]["message"].as_str().expect("message").to_string();
        assert!(msg.contains(needle), "{msg:?} should mention {needle:?}");
    }
    // A player count the scenario has no map for points at the counts it lists.
    let r = post(s.addr, "/api/board", &json!({"scenario": "base", "players": 9}));
    let d = &r.json()["error"]["diagnostics"][0];
    assert_eq!(d["line"], 11, "`players = [3, 4]` of scenarios/base.toml: {d}");
    assert!(d["label"].as_str().is_some_and(|l| l.contains("player counts")), "{d}");
    // A body over the limit is refused before it is parsed.
    let big = vec![b' '; hexpress::limits::MAX_REQUEST_BYTES + 10];
    let r = request(s.addr, "POST", "/api/board", Some(&big), std::time::Duration::from_secs(30))
        .expect("answered");
    assert_eq!(r.status, 413);
    assert!(r.json()["error"]["message"].as_str().expect("message").contains("bytes"));
    // Files are only those of a drawn pack: no key, no file.
    assert_eq!(get(s.addr, "/api/file/0000000000000000/map.pdf").status, 404);
    assert_eq!(get(s.addr, "/api/file/..%2F..%2Fetc/passwd").status, 404);
}

#[test]
fn balanced_boards_stream_progress_and_show_the_measures() {
    let s = server();
    let req = json!({"scenario": "base", "seed": "9", "balanced": true, "candidates": 3000});
    let r = post(s.addr, "/api/board?stream=1", &req);
    assert_eq!(r.status, 200);
    let lines: Vec<Value> =
        r.text().lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    let progress: Vec<(u64, u64)> = lines
        .iter()
        .filter_map(|l| Some((l["progress"]["done"].as_u64()?, l["progress"]["total"].as_u64()?)))
        .collect();
    assert!(progress.len() >= 2, "{progress:?}");
    assert!(progress.windows(2).all(|w| w[0].0 <= w[1].0), "progress only grows: {progress:?}");
    let (done, total) = *progress.last().expect("progress");
    assert!(done == total && total >= 3000, "{progress:?}");
    let board = &lines.last().expect("result")["result"];
    let bal = &board["balance"];
    assert_eq!(bal["evaluated"], 3000);
    assert!(bal["plots"].as_str().expect("plots").starts_with("<svg"));
    assert!(!bal["lines"].as_array().expect("lines").is_empty());
    assert!(board["command"]
        .as_str()
        .expect("command")
        .ends_with("--seed 9 --balanced best --candidates 3000"));
    // The same search gives the same board as the library's balanced search.
    let scenario = common::builtin("base");
    let opts = hexpress::balance::SearchOptions {
        budget: hexpress::balance::Budget::Candidates(3000),
        ..Default::default()
    };
    let w = hexpress::balance::Weights::default();
    let o = hexpress::balance::balanced(&scenario, 4, 9, &w, &opts, &|_, _| {}).expect("search");
    assert_eq!(bal["candidate"], o.candidate);
}

/// Parses a share query back into a board request, as the page does.
fn from_share(share: &str) -> Value {
    let mut req = serde_json::Map::new();
    for part in share.split('&') {
        let (k, v) = part.split_once('=').expect("key=value");
        let v = decode(v);
        match k {
            "players" => req.insert(k.into(), json!(v.parse::<u8>().expect("players"))),
            "balanced" => req.insert(k.into(), json!(v == "1")),
            "candidates" => req.insert(k.into(), json!(v.parse::<u64>().expect("n"))),
            _ => req.insert(k.into(), json!(v)),
        };
    }
    Value::Object(req)
}

fn decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => out.push(b' '),
            b'%' => {
                out.push(u8::from_str_radix(&s[i + 1..i + 3], 16).expect("hex"));
                i += 2;
            }
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8(out).expect("utf-8")
}

#[test]
fn the_share_link_reproduces_the_board() {
    let s = server();
    let first = post(s.addr, "/api/board", &json!({"scenario": "fishermen", "seed": "12"})).json();
    let lock = first["hexes"]
        .as_array()
        .expect("hexes")
        .iter()
        .find(|h| !h["fixed"].as_bool().expect("fixed") && h["number"].is_u64())
        .map(lock_item)
        .expect("a random hex");
    let req = json!({"scenario": "fishermen", "seed": "77", "rules": "official", "view": "setup",
                     "paper": "letter", "locks": lock});
    let board = post(s.addr, "/api/board", &req).json();
    let share = board["share"].as_str().expect("share");
    assert!(
        share.contains("seed=77") && share.contains("locks=") && share.contains("paper=letter")
    );
    let again = post(s.addr, "/api/board", &from_share(share));
    assert_eq!(again.status, 200, "{share}: {}", again.text());
    assert_eq!(again.body, post(s.addr, "/api/board", &req).body);
}

/// The pack the server draws, file by file.
fn pack(addr: std::net::SocketAddr, req: &Value) -> BTreeMap<String, Vec<u8>> {
    let r = post(addr, "/api/pack", req);
    assert_eq!(r.status, 200, "{}", r.text());
    r.json()["files"]
        .as_array()
        .expect("files")
        .iter()
        .map(|f| {
            let url = f["url"].as_str().expect("url");
            let got = get(addr, url);
            assert_eq!(got.status, 200);
            assert_eq!(got.body.len() as u64, f["size"].as_u64().expect("size"));
            (f["name"].as_str().expect("name").to_string(), got.body)
        })
        .collect()
}

fn folder(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .expect("output folder")
        // The list of files hexpress wrote into the folder is not a pack file.
        .filter(|e| {
            e.as_ref().is_ok_and(|e| e.file_name() != hexpress::export::files::MANIFEST_NAME)
        })
        .map(|e| {
            let p = e.expect("entry").path();
            (
                p.file_name().and_then(|n| n.to_str()).expect("name").to_string(),
                std::fs::read(&p).expect("read"),
            )
        })
        .collect()
}

fn assert_same(server: &BTreeMap<String, Vec<u8>>, cli: &BTreeMap<String, Vec<u8>>) {
    let names: Vec<&String> = server.keys().collect();
    assert_eq!(names, cli.keys().collect::<Vec<_>>());
    for (name, bytes) in server {
        assert!(
            bytes == &cli[name],
            "{name} differs from the CLI's ({} vs {} bytes)",
            bytes.len(),
            cli[name].len()
        );
    }
    assert!(server["print-pack.pdf"].starts_with(b"%PDF"));
    // The page offers the print plan as text too.
    assert!(server["print-plan.txt"].starts_with(b"PRINT PLAN"), "print-plan.txt is served");
}

#[test]
fn downloads_are_byte_identical_to_generate() {
    let s = server();
    let dir = temp_dir("plain");
    let out = dir.join("a");
    hexpress(&[
        "generate",
        "base",
        "--players",
        "3",
        "--seed",
        "21",
        "--paper",
        "letter",
        "--view",
        "setup",
        "-q",
        "--out",
        out.to_str().expect("utf-8"),
    ]);
    let req =
        json!({"scenario": "base", "players": 3, "seed": "21", "paper": "letter", "view": "setup"});
    assert_same(&pack(s.addr, &req), &folder(&out));

    // Locked hexes, through --from and --lock on the command line.
    let saved = out.join("layout.json");
    let saved_board = post(s.addr, "/api/board", &req).json();
    let picks: Vec<&Value> = saved_board["hexes"]
        .as_array()
        .expect("hexes")
        .iter()
        .filter(|h| !h["fixed"].as_bool().expect("fixed") && h["number"].is_u64())
        .take(2)
        .collect();
    let at = |h: &Value| format!("{},{}", h["q"], h["r"]);
    let locks_cli = format!("{} {}", at(picks[0]), at(picks[1]));
    let locked = dir.join("b");
    hexpress(&[
        "generate",
        "--from",
        saved.to_str().expect("utf-8"),
        "--lock",
        &locks_cli,
        "--seed",
        "22",
        "-q",
        "--out",
        locked.to_str().expect("utf-8"),
    ]);
    let locks_web = format!("{} {}", lock_item(picks[0]), lock_item(picks[1]));
    let req = json!({"scenario": "base", "players": 3, "seed": "22", "locks": locks_web});
    assert_same(&pack(s.addr, &req), &folder(&locked));

    // A balanced search with the rules preset.
    let bal = dir.join("c");
    hexpress(&[
        "generate",
        "base",
        "--seed",
        "23",
        "--rules",
        "strict",
        "--balanced",
        "best",
        "--candidates",
        "400",
        "-q",
        "--out",
        bal.to_str().expect("utf-8"),
    ]);
    let req = json!({"scenario": "base", "seed": "23", "rules": "strict", "balanced": true, "candidates": 400});
    assert_same(&pack(s.addr, &req), &folder(&bal));

    // A draw from the fairness bar.
    let fair = dir.join("d");
    hexpress(&[
        "generate",
        "base",
        "--seed",
        "24",
        "--balanced",
        "-q",
        "--out",
        fair.to_str().expect("utf-8"),
    ]);
    let req = json!({"scenario": "base", "seed": "24", "balanced": true, "mode": "bar"});
    assert_same(&pack(s.addr, &req), &folder(&fair));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bar_boards_say_which_thresholds_they_applied() {
    let s = server();
    let req = json!({"scenario": "base", "seed": "31", "balanced": true, "mode": "bar"});
    let r = post(s.addr, "/api/board", &req);
    assert_eq!(r.status, 200, "{}", r.text());
    let board: Value = serde_json::from_str(&r.text()).expect("JSON");
    let bar = &board["bar"];
    let thresholds = bar["thresholds"].as_array().expect("thresholds");
    assert!(thresholds.iter().any(|t| t.as_str().expect("text").contains("12 pips")), "{bar}");
    assert_eq!(bar["values"]["corner_max"], 12.0);
    assert_eq!(board["meets_bar"], true);
    assert!(board["command"].as_str().expect("command").ends_with("--seed 31 --balanced"));
    assert!(board["share"].as_str().expect("share").contains("mode=bar"));
    // Every board carries the seat simulation.
    let seats = board["seats"]["seats"].as_array().expect("seats");
    assert_eq!(seats.len(), 4);
    assert!(board["seats"]["gap"].as_f64().expect("gap") >= 0.0);
    // Candidates belong to the search, not to the bar.
    let bad = json!({"scenario": "base", "balanced": true, "mode": "bar", "candidates": 100});
    assert_eq!(post(s.addr, "/api/board", &bad).status, 400);
}

/// The board reply without what names the seed (the seed, the command, the
/// share link, the key and the drawing's title block).
fn without_seed(mut b: Value) -> Value {
    for k in ["seed", "command", "share", "key", "svg", "lock_from"] {
        b.as_object_mut().expect("object").remove(k);
    }
    // `lock_from` is the recipe of this board: its seed. A hex's name says which harbor it is by, and the random harbors
    // (face up, not locked) differ between seeds: the name without it.
    for h in b["hexes"].as_array_mut().into_iter().flatten() {
        if let Some(name) = h["name"].as_str() {
            let cut = name.find(", by the ").map_or(name, |i| &name[..i]).to_string();
            h["name"] = Value::String(cut);
        }
    }
    b
}

#[test]
fn the_players_view_keeps_face_down_tiles_secret() {
    let s = server();
    let play = |seed: &str, locks: &str, from: Option<&str>, view: &str| {
        let mut req = json!({"scenario": "fog-islands", "players": 4, "seed": seed, "view": view});
        if !locks.is_empty() {
            req["locks"] = json!(locks);
        }
        if let Some(f) = from {
            req["from"] = json!(f);
        }
        let r = post(s.addr, "/api/board", &req);
        assert_eq!(r.status, 200, "{}", r.text());
        r.json()
    };
    let first = play("1", "", None, "play");
    let hexes = first["hexes"].as_array().expect("hexes");
    let hidden: Vec<&Value> = hexes.iter().filter(|h| h["face_down"] == true).collect();
    assert!(hidden.len() >= 20, "fog islands has face-down hexes");
    for h in &hidden {
        assert_eq!(h["terrain"], "unknown", "{h}");
        assert!(h["number"].is_null(), "{h}");
    }
    // The same board shown face up does have terrains there.
    let shown = play("1", "", None, "setup");
    let terrain_at = |b: &Value, q: &Value, r: &Value| {
        b["hexes"]
            .as_array()
            .expect("hexes")
            .iter()
            .find(|h| &h["q"] == q && &h["r"] == r)
            .map(|h| h["terrain"].as_str().expect("terrain").to_string())
            .expect("hex")
    };
    assert_ne!(terrain_at(&shown, &hidden[0]["q"], &hidden[0]["r"]), "unknown");

    // With every face-up random hex locked, two seeds differ only in the
    // face-down tiles: the players' view of them must be the same.
    let face_up: Vec<String> = hexes
        .iter()
        .filter(|h| h["face_down"] == false && h["fixed"] == false)
        .map(lock_item)
        .collect();
    let locks = face_up.join(" ");
    let (a, b) = (play("2", &locks, None, "setup"), play("3", &locks, None, "setup"));
    assert_ne!(contents(&a), contents(&b), "the face-down tiles differ between the seeds");
    let (a, b) = (play("2", &locks, None, "play"), play("3", &locks, None, "play"));
    assert_eq!(without_seed(a.clone()), without_seed(b.clone()), "the players' view tells nothing");
    // In the drawing, every face-down hex is the same picture (a "?" tile)
    // but for its placement code, which names its place only.
    let without_code = |g: &str| -> String {
        match g.rfind("<text") {
            Some(i) if g[i..].contains(">?<") => g.to_string(),
            Some(i) => {
                let code = g[i..].split('>').nth(1).and_then(|t| t.split('<').next()).unwrap_or("");
                let mut c = code.chars();
                let coded = c.next().is_some_and(|f| f.is_ascii_uppercase())
                    && c.all(|d| d.is_ascii_digit());
                if coded {
                    g[..i].to_string()
                } else {
                    g.to_string()
                }
            }
            None => g.to_string(),
        }
    };
    let svg = a["svg"].as_str().expect("svg");
    let groups: Vec<(f64, f64, &str)> = svg
        .split("<g transform=\"matrix(1 0 0 1 ")
        .skip(1)
        .filter_map(|g| {
            let (xy, rest) = g.split_once(")\">")?;
            let (x, y) = xy.split_once(' ')?;
            Some((x.parse().ok()?, y.parse().ok()?, rest.split("</g>").next()?))
        })
        .collect();
    let pictures: std::collections::BTreeSet<String> = a["hexes"]
        .as_array()
        .expect("hexes")
        .iter()
        .filter(|h| h["face_down"] == true)
        .map(|h| {
            let (x, y) = (h["x"].as_f64().expect("x"), h["y"].as_f64().expect("y"));
            groups
                .iter()
                .find(|g| (g.0 - x).abs() < 0.02 && (g.1 - y).abs() < 0.02)
                .map(|g| without_code(g.2))
                .expect("a drawn hex")
        })
        .collect();
    assert_eq!(pictures.len(), 1, "face-down hexes all look alike: {pictures:?}");

    // Locking a face-down hex names its place only, and the recipe of the
    // board it was locked on (`lock_from`), never a server key or the tile.
    let secret = format!("{},{}", hidden[0]["q"], hidden[0]["r"]);
    let key = first["lock_from"].as_str().expect("lock_from").to_string();
    assert_eq!(key, "1", "the recipe of an unlocked board is its seed");
    let locked = play("5", &secret, Some(&key), "play");
    assert_eq!(locked["locks"], secret.as_str());
    let command = locked["command"].as_str().expect("command");
    assert!(command.contains(&format!("--from layout.json --lock \"{secret}\"")), "{command}");
    let share = locked["share"].as_str().expect("share");
    assert!(
        share.contains(&format!("from={key}")) && !share.contains(&format!("{secret}%3D")),
        "{share}"
    );
    let tile = terrain_at(&shown, &hidden[0]["q"], &hidden[0]["r"]);
    let revealed = play("5", &secret, Some(&key), "setup");
    assert_eq!(
        terrain_at(&revealed, &hidden[0]["q"], &hidden[0]["r"]),
        tile,
        "the lock kept the tile"
    );
    let again = post(s.addr, "/api/board", &from_share(share));
    assert_eq!(again.status, 200, "{}", again.text());
    assert_eq!(again.json()["hexes"], locked["hexes"], "the share link rebuilds the board");

    // A lock by place from a recipe that is none: a clear error.
    let r = post(
        s.addr,
        "/api/board",
        &json!({"scenario": "fog-islands", "seed": "5", "locks": secret, "from": "0123456789abcdef"}),
    );
    assert_eq!(r.status, 400);
    assert!(r.json()["error"]["message"].as_str().expect("message").contains("cannot be read"));
}

/// In the players' view, whether locks on face-down hexes are kept or
/// refused, and the words of a refusal, never depend on the tiles they hide:
/// the same places locked on boards with different face-down tiles get the
/// same answer (the seed and the tiles aside).
#[test]
fn a_face_down_lock_is_judged_without_its_tile() {
    let s = server();
    let board = |seed: &str, locks: &str, from: Option<&str>| {
        let mut req =
            json!({"scenario": "fog-islands", "players": 4, "seed": seed, "view": "play"});
        if !locks.is_empty() {
            req["locks"] = json!(locks);
        }
        if let Some(f) = from {
            req["from"] = json!(f);
        }
        post(s.addr, "/api/board", &req)
    };
    let first = board("1", "", None).json();
    let hidden: Vec<(i64, i64)> = first["hexes"]
        .as_array()
        .expect("hexes")
        .iter()
        .filter(|h| h["face_down"] == true)
        .map(|h| (h["q"].as_i64().expect("q"), h["r"].as_i64().expect("r")))
        .collect();
    // Singles, neighbours in pairs and a row of three.
    let near = |a: (i64, i64), b: (i64, i64)| {
        let (dq, dr) = (a.0 - b.0, a.1 - b.1);
        (dq.abs() + dr.abs() + (dq + dr).abs()) == 2
    };
    let mut sets: Vec<Vec<(i64, i64)>> = hidden.iter().take(3).map(|h| vec![*h]).collect();
    for (i, a) in hidden.iter().enumerate() {
        if let Some(b) = hidden[i + 1..].iter().find(|b| near(*a, **b)) {
            sets.push(vec![*a, *b]);
            if let Some(c) = hidden.iter().find(|c| *c != a && *c != b && near(**c, *b)) {
                sets.push(vec![*a, *b, *c]);
            }
        }
        if sets.len() >= 9 {
            break;
        }
    }
    let mut refused = 0;
    for set in &sets {
        let locks: Vec<String> = set.iter().map(|(q, r)| format!("{q},{r}")).collect();
        let locks = locks.join(" ");
        let answers: Vec<(u16, Value)> = ["2", "3", "5", "8"]
            .iter()
            .map(|from| {
                let r = board("40", &locks, Some(from));
                let v = r.json();
                (r.status, if r.status == 200 { Value::Null } else { v["error"].clone() })
            })
            .collect();
        refused += usize::from(answers[0].0 != 200);
        for a in &answers[1..] {
            assert_eq!(a, &answers[0], "locks {locks}: the answer depends on the hidden tiles");
        }
    }
    assert!(sets.len() >= 6, "enough lock sets tried: {sets:?}");
    eprintln!("{} lock sets, {refused} refused alike on every board", sets.len());
}
