//! The page's edges in a real browser: a change the server refuses (rules
//! no board keeps, a file no board comes of, locks that clash), links that
//! cannot be honoured as they are, the players' view and its secrets (a
//! locked face-down hex, its link after a server restart, the players' and
//! the builder's files), and the keyboard with the screen reader's live
//! region. See `serve_browser` for how these tests run.
#![cfg(feature = "serve")]

use serde_json::{json, Value};

use crate::serve_browser::{
    board_hexes, choose, click_hex, downloaded, idle, save, seed, session, text_of, DESKTOP, PHONE,
};

/// A rules change and a pasted file no board comes of: the Scenario tab's
/// status and problem list tell the same story (the rule is named, the file
/// will be refused), and the board and its downloads stay the last good one.
#[test]
fn failed_changes_keep_the_last_good_board() {
    let (w, h, m) = DESKTOP;
    let Some(s) = session("failed", w, h, m) else { return };
    let b = &s.b;
    b.go(&format!("{}/?scenario=reach-catan&seed=4", s.base));
    idle(b, "reach catan");
    choose(b, "rules", "strict");
    b.wait(
        "a strict Reach Catan board",
        "return !state.busy && state.rules === 'strict' && document.getElementById('error').hidden",
        90,
    );
    choose(b, "rules", "");
    b.wait("the rules as written", "return !state.busy && state.rules === ''", 90);
    let good = seed(b);
    let stuck = "[scenario]\nid = \"stuck\"\ntitle = \"Stuck\"\nplayers = [3]\n\n[legend]\n\"*\" = { region = \"island\" }\n\n[[map]]\nplayers = [3]\nhexes = \"\"\"\n*   *\n\"\"\"\n\n[map.regions.island]\ntiles = { forest = 2 }\nnumbers = [6, 8]\n";
    b.click("#tab-text");
    b.click("#author-mode [data-v=text]");
    b.js("const t = document.getElementById('text'); t.value = arguments[0]; t.dispatchEvent(new Event('input'));", json!([stuck]));
    b.wait(
        "the file is checked",
        "return !!author.reply && author.reply.text.includes('Stuck')",
        60,
    );
    let list = text_of(b, "problem-list");
    let status = text_of(b, "file-status");
    assert!(list.contains("no_adjacent_red"), "the problem list names the rule: {list}");
    assert!(
        status.contains("1 problem") && status.contains("refuse"),
        "the status says it will be refused: {status}"
    );
    assert_eq!(text_of(b, "problems-head"), "1 problem");
    assert!(!status.contains("No problems"), "{status}");
    assert!(text_of(b, "save-file").contains("1 problem"));
    save(b, "failed-file-1280x800.png");
    assert_eq!(b.js("return state.text", json!([])), json!(null), "the built-in stays in use");
    b.click("#tab-board");
    assert_eq!(seed(b), good);
    b.wait("the pack", "return !!state.pack", 90);
    b.click(".dl[data-file='layout.json']");
    let layout: Value =
        serde_json::from_slice(&downloaded(&s.downloads, "layout.json")).expect("json");
    assert_eq!(layout["scenario"], "reach-catan", "downloads still make the board on screen");
    assert_eq!(layout["seed"].to_string(), good);
}

/// Two locked neighbours with the same number, then the strict rules: the
/// server refuses the locks before any search, the page marks the two hexes
/// and says why in its own words (hexes named by place, no coordinates, no
/// rule keys), the live region says it, and the board on screen stays.
#[test]
fn a_lock_clash_is_marked_on_its_hexes() {
    let (w, h, m) = DESKTOP;
    let Some(s) = session("clash", w, h, m) else { return };
    let b = &s.b;
    let find = "const hs = state.board.hexes.filter(h => !h.fixed && h.number != null);
        const dirs = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
        for (const a of hs) for (const [dq, dr] of dirs) {
          const n = hs.find(h => h.q === a.q + dq && h.r === a.r + dr && h.number === a.number);
          if (n) return [`${a.q},${a.r}`, `${n.q},${n.r}`];
        }
        return null;";
    let mut pair = Value::Null;
    for seed in 1..60 {
        b.go(&format!("{}/?scenario=base&seed={seed}", s.base));
        idle(b, "the base game");
        pair = b.js(find, json!([]));
        if !pair.is_null() {
            break;
        }
    }
    let mut pair: Vec<String> = serde_json::from_value(pair).expect("two equal neighbours");
    for p in &pair {
        click_hex(b, p);
    }
    let (good, before) = (seed(b), board_hexes(b));
    choose(b, "rules", "strict");
    b.wait(
        "the refused locks",
        "return !state.busy && !document.getElementById('error').hidden",
        90,
    );
    let err = text_of(b, "error");
    assert!(err.contains("neighbouring hexes may not have the same number"), "{err}");
    assert!(
        err.contains("choose Official under Placement rules"),
        "the hint names the way out: {err}"
    );
    assert!(
        err.contains(" row") && !err.contains("at ("),
        "hexes by place, not coordinates: {err}"
    );
    assert!(!err.contains('`') && !err.contains("no_equal"), "no rule keys: {err}");
    b.wait(
        "the refusal said",
        "return document.getElementById('announce').textContent.includes('Not done')",
        20,
    );
    let marked: Vec<String> = serde_json::from_value(b.js(
        "return [...document.querySelectorAll('#hits .hit.clash')].map(p => p.dataset.hex).sort()",
        json!([]),
    ))
    .expect("keys");
    pair.sort();
    assert_eq!(marked, pair, "the two locked hexes are marked");
    assert_eq!(seed(b), good, "the board stays");
    assert_eq!(board_hexes(b), before, "nothing changed on the board");
    save(b, "lock-clash-1280x800.png");
}

/// Links the server cannot honour as they are open the nearest board that
/// can be made, with a message: never an empty board, an empty Players
/// group or another scenario selected than the one shown.
fn links_open_the_nearest_board(s: &crate::serve_browser::Session, tag: &str) {
    let b = &s.b;
    let cases = [
        ("scenario=base&players=6&seed=5", "base", Some("5")),
        ("scenario=base&seed=5&locks=0,0%3Dlava", "base", Some("5")),
        ("scenario=fog-islands&seed=5&view=play&locks=1,1&from=nonsense", "fog-islands", Some("5")),
        (
            "scenario=fog-islands&seed=5&view=play&locks=1,1&from=0123456789abcdef",
            "fog-islands",
            Some("5"),
        ),
        ("scenario=nope&seed=5", "base", None),
        ("hash=0123456789abcdef&players=3&seed=5", "", None),
    ];
    for (query, scenario, want_seed) in cases {
        b.go(&format!("{}/?{query}", s.base));
        if scenario.is_empty() {
            // A pasted scenario this browser has never seen: it says so and
            // offers a built-in.
            b.wait("the notice", "return !document.getElementById('notice').hidden", 60);
            assert!(text_of(b, "notice").contains("has not seen"), "{}", text_of(b, "notice"));
            continue;
        }
        b.wait(
            query,
            "return !!state.board && !state.busy && !document.getElementById('notice').hidden",
            90,
        );
        let notice = text_of(b, "notice");
        assert!(notice.contains("could not be opened as it was"), "{query}: {notice}");
        assert_eq!(b.js("return state.board.scenario", json!([])), json!(scenario), "{query}");
        assert_eq!(
            b.js("return document.getElementById('scenario').value", json!([])),
            json!(scenario),
            "{query}: the list shows the board's scenario"
        );
        let players = b.js("return [...document.querySelectorAll('#players button')].map(x => x.getAttribute('aria-pressed'))", json!([]));
        let pressed = players.as_array().expect("buttons").iter().filter(|p| *p == "true").count();
        assert!(pressed == 1, "{query}: one player count chosen: {players}");
        assert!(
            b.js("return document.querySelectorAll('#hits .hit').length", json!([])).as_u64()
                > Some(0)
        );
        if let Some(want) = want_seed {
            assert_eq!(seed(b), want, "{query}: the same map number");
        }
        assert!(b
            .js("return document.getElementById('announce').textContent", json!([]))
            .as_str()
            .is_some());
    }
    save(b, &format!("link-fallback-{tag}.png"));
}

#[test]
fn links_that_cannot_be_honoured_at_desktop_size() {
    let (w, h, m) = DESKTOP;
    let Some(s) = session("links-desktop", w, h, m) else { return };
    links_open_the_nearest_board(&s, "1280x800");
}

#[test]
fn links_that_cannot_be_honoured_on_a_phone() {
    let (w, h, m) = PHONE;
    let Some(s) = session("links-phone", w, h, m) else { return };
    links_open_the_nearest_board(&s, "390x844");
}

/// The players' view of fog islands: face-down hexes reach the page as
/// unknown; a locked one is named by place and its link rebuilds its board
/// on a server started afresh; the players' layout.json leaves the tiles
/// out, the builder's files are apart under a warning, and the builder's
/// sheet is not reachable with the key the board carries.
fn players_view(s: &crate::serve_browser::Session, tag: &str) {
    let b = &s.b;
    b.go(&format!("{}/?scenario=fog-islands&seed=9&view=play", s.base));
    idle(b, "fog islands");
    let leaks = b.js("return state.board.hexes.filter(h => h.face_down && (h.terrain !== 'unknown' || h.number != null)).length", json!([]));
    assert_eq!(leaks, json!(0), "no face-down contents in the players' view");
    let hidden: Vec<String> = serde_json::from_value(b.js(
        "return state.board.hexes.filter(h => h.face_down).map(h => `${h.q},${h.r}`)",
        json!([]),
    ))
    .expect("keys");
    // The players' files: the print pack (it holds the builder's sheet) is
    // the builder's; layout.json leaves the face-down tiles out.
    b.wait("the pack", "return !!state.pack", 90);
    assert_eq!(
        b.js(
            "return document.querySelector(\".dl[data-file='print-pack.pdf']\").hidden",
            json!([])
        ),
        json!(true)
    );
    assert_eq!(
        b.js("return document.getElementById('builder-files').hidden", json!([])),
        json!(false)
    );
    b.click(".dl[data-file='layout.json']");
    let players: Value =
        serde_json::from_slice(&downloaded(&s.downloads, "layout.json")).expect("json");
    assert_eq!(players["view"], "players");
    for h in players["hexes"].as_array().expect("hexes").iter().filter(|h| h["face_down"] == true) {
        assert!(h["terrain"].is_null() && h["number"].is_null(), "{h}");
    }
    let url = b.js("return `/api/file/${state.board.key}/builder.pdf`", json!([]));
    let status = b.js("return fetch(arguments[0]).then(r => r.status)", json!([url]));
    assert_eq!(status, json!(404), "the builder's sheet is not under the board's key");
    // The builder's files, from their own section.
    b.js("document.getElementById('builder-files').open = true", json!([]));
    b.click(".dl[data-builder='layout.json']");
    let full: Value =
        serde_json::from_slice(&downloaded(&s.downloads, "layout.json")).expect("json");
    assert!(full["hexes"]
        .as_array()
        .expect("hexes")
        .iter()
        .filter(|h| h["face_down"] == true)
        .all(|h| h["terrain"].is_string()));
    b.click(".dl[data-builder='builder.pdf']");
    assert!(downloaded(&s.downloads, "builder.pdf").starts_with(b"%PDF"));
    // Lock a face-down hex, reroll: named by place, and the page never
    // spells its tile.
    click_hex(b, &hidden[0]);
    b.click("#reroll");
    b.wait("a reroll with a secret kept", "return !state.busy && state.board.seed !== '9'", 90);
    let command = text_of(b, "command");
    assert!(command.contains(&format!("--from layout.json --lock \"{}\"", hidden[0])), "{command}");
    let share = b
        .js("return document.getElementById('share').value", json!([]))
        .as_str()
        .expect("link")
        .to_string();
    assert!(
        share.contains("from=9"),
        "the link carries the recipe of the board it was locked on: {share}"
    );
    let page = b
        .js("return document.documentElement.outerHTML", json!([]))
        .as_str()
        .expect("html")
        .to_string();
    assert!(!page.contains(&format!("{}=", hidden[0])), "the page never spells the locked tile");
    save(b, &format!("players-view-{tag}.png"));
    // The same link in the setup view, here and on a server started afresh:
    // the same board, and the locked hex holds the tile it had on seed 9.
    // (A link leaves out each input at its default: the players' view.)
    assert!(!share.contains("view="), "{share}");
    let setup = format!("{share}&view=setup");
    let path = &setup[setup.find("/?").expect("a path")..];
    b.go(&format!("{}{path}", s.base));
    idle(b, "the setup view here");
    let here = board_hexes(b);
    let fresh = hexpress::serve::spawn("127.0.0.1:0".parse().expect("address")).expect("starts");
    b.go(&format!("http://{}{path}", fresh.addr));
    idle(b, "the setup view on a fresh server");
    assert_eq!(board_hexes(b), here, "the link rebuilds its board after a restart");
    b.go(&format!("http://{}/?scenario=fog-islands&seed=9&view=setup", fresh.addr));
    idle(b, "seed 9 face up");
    let tile = |all: &Value| {
        all.as_array()
            .expect("hexes")
            .iter()
            .find(|h| format!("{},{}", h[0], h[1]) == hidden[0])
            .cloned()
    };
    assert_eq!(tile(&board_hexes(b)), tile(&here), "the locked hex kept its tile");
}

#[test]
fn the_players_view_keeps_its_secrets_at_desktop_size() {
    let (w, h, m) = DESKTOP;
    let Some(s) = session("secrets-desktop", w, h, m) else { return };
    players_view(&s, "1280x800");
}

#[test]
fn the_players_view_keeps_its_secrets_on_a_phone() {
    let (w, h, m) = PHONE;
    let Some(s) = session("secrets-phone", w, h, m) else { return };
    players_view(&s, "390x844");
}

/// The board is one Tab stop (the arrow keys move inside it), hexes are
/// named as players name them, Enter locks, and the live region says each
/// new board and each lock.
#[test]
fn keyboard_and_screen_reader() {
    let (w, h, m) = DESKTOP;
    let Some(s) = session("keys", w, h, m) else { return };
    let b = &s.b;
    b.go(&format!("{}/?scenario=fog-islands&seed=11&view=play", s.base));
    idle(b, "fog islands");
    b.wait(
        "the board said",
        "return document.getElementById('announce').textContent.startsWith('Board shown')",
        20,
    );
    // Names: unique, in words, no coordinates.
    let names: Vec<String> = serde_json::from_value(b.js(
        "return [...document.querySelectorAll('#hits .hit')].map(p => p.getAttribute('aria-label'))",
        json!([]),
    ))
    .expect("names");
    let unique: std::collections::BTreeSet<&String> = names.iter().collect();
    assert_eq!(unique.len(), names.len(), "every hex has a name of its own");
    assert!(
        names.iter().all(|n| n.contains(" row") && !n.contains(", -") && !n.contains("at (")),
        "{names:?}"
    );
    assert!(names.iter().any(|n| n.contains("harbor")), "hexes by a harbor say so");
    // From Reroll to the first download, the board is one Tab stop.
    b.js("document.getElementById('reroll').focus()", json!([]));
    let mut on_board = std::collections::BTreeSet::new();
    let mut tabs = 0;
    while b.js("return document.activeElement.matches('.dl')", json!([])) != json!(true) {
        b.press(&["\u{E004}"]);
        tabs += 1;
        assert!(tabs < 60, "Tab never reached the downloads");
        if let Some(k) = b.js("return document.activeElement.matches('#hits .hit') ? document.activeElement.dataset.hex : null", json!([])).as_str() {
            on_board.insert(k.to_string());
        }
    }
    assert_eq!(
        on_board.len(),
        1,
        "the board is one Tab stop, not {} ({tabs} Tabs in all)",
        on_board.len()
    );
    // Into the board, the arrow keys move, Enter locks.
    let first = on_board.into_iter().next().expect("a hex");
    b.js(&format!("document.querySelector(\"#hits .hit[data-hex='{first}']\").focus()"), json!([]));
    b.press(&["\u{E014}", "\u{E015}"]); // right, down
    let key = b
        .js("return document.activeElement.dataset.hex", json!([]))
        .as_str()
        .expect("a hex")
        .to_string();
    assert_ne!(key, first, "the arrows moved");
    assert_eq!(b.js("return [...document.querySelectorAll('#hits .hit')].filter(p => p.tabIndex === 0).length", json!([])), json!(1));
    b.press(&["\u{E007}"]);
    assert_eq!(b.js(&format!("return document.querySelector(\"#hits .hit[data-hex='{key}']\").getAttribute('aria-pressed')"), json!([])), json!("true"));
    b.wait(
        "the lock said",
        "return document.getElementById('announce').textContent.startsWith('Locked')",
        20,
    );
    assert!(
        b.js("return document.activeElement.dataset.hex", json!([])) == json!(key),
        "the focus stays on the hex"
    );
    b.js("document.getElementById('reroll').focus()", json!([]));
    b.press(&["\u{E007}"]);
    b.wait("a keyboard reroll", "return !state.busy && state.board.seed !== '11'", 90);
    b.wait(
        "the new board said",
        "return document.getElementById('announce').textContent.includes('1 hex locked')",
        20,
    );
}
