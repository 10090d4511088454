//! The players' view over the network: every answer the page receives
//! (boards, packs, refusals, streamed progress) and the layout.json it
//! downloads, read as the browser got them, never carries a face-down
//! hex's tile. The page's `fetch` is wrapped before its scripts run (a
//! script the DevTools protocol adds to every new document), so each answer
//! is seen whole. See `serve_browser` for how these tests run.
#![cfg(feature = "serve")]

use serde_json::{json, Value};

use crate::serve_browser::{click_hex, downloaded, idle, session, DESKTOP};

/// Keeps a copy of every answer `fetch` returns: `[url, status, text]`.
const RECORD: &str = "window.__seen = []; const f0 = window.fetch;
  window.fetch = async (...a) => { const r = await f0(...a);
    r.clone().text().then(t => window.__seen.push([String(a[0]), r.status, t]), () => {}); return r; };";

/// Every value in `v` that gives a face-down hex a tile or a chip.
fn told(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            if m.get("face_down") == Some(&json!(true)) {
                let terrain = m.get("terrain").cloned().unwrap_or(Value::Null);
                let number = m.get("number").cloned().unwrap_or(Value::Null);
                if !(terrain.is_null() || terrain == "unknown") || !number.is_null() {
                    out.push(v.to_string());
                }
            }
            m.values().for_each(|x| told(x, out));
        }
        Value::Array(a) => a.iter().for_each(|x| told(x, out)),
        _ => {}
    }
}

/// Each JSON value of an answer (one, or one per line when streamed).
fn values(text: &str) -> Vec<Value> {
    serde_json::from_str(text).map(|v| vec![v]).unwrap_or_else(|_| {
        text.lines().filter_map(|l| serde_json::from_str(l).ok()).collect::<Vec<Value>>()
    })
}

#[test]
fn the_players_view_never_receives_a_secret() {
    let (w, h, m) = DESKTOP;
    let Some(s) = session("network", w, h, m) else { return };
    let b = &s.b;
    // What seed 9 hides, from the setup view.
    b.go(&format!("{}/?scenario=fog-islands&seed=9&view=setup", s.base));
    idle(b, "the setup view");
    let secrets: Vec<(String, String)> = serde_json::from_value(b.js(
        "return state.board.hexes.filter(h => h.face_down).map(h => [`${h.q},${h.r}`, h.terrain])",
        json!([]),
    ))
    .expect("pairs");
    assert!(secrets.iter().all(|(_, t)| t != "unknown"), "the setup view shows every tile");
    assert!(secrets.len() > 3, "fog islands hides tiles");
    b.cdp("Page.addScriptToEvaluateOnNewDocument", json!({ "source": RECORD }));
    b.go(&format!("{}/?scenario=fog-islands&seed=9&view=play", s.base));
    idle(b, "the players' view");
    b.wait("the pack", "return !!state.pack", 90);
    // Locks on face-down hexes (judged without telling), two rerolls.
    for (key, _) in secrets.iter().take(3) {
        click_hex(b, key);
    }
    for _ in 0..2 {
        let before = crate::serve_browser::seed(b);
        b.click("#reroll");
        b.wait(
            "a reroll",
            &format!("return !state.busy && (state.board.seed !== {before:?} || !document.getElementById('error').hidden)"),
            90,
        );
    }
    b.wait("the pack", "return !state.busy && !!state.pack", 90);
    b.click(".dl[data-file='layout.json']");
    let layout = String::from_utf8(downloaded(&s.downloads, "layout.json")).expect("utf-8");
    let seen = b.js("return window.__seen", json!([]));
    let mut answers: Vec<(String, String)> = seen
        .as_array()
        .expect("answers")
        .iter()
        .map(|a| {
            (
                a[0].as_str().unwrap_or_default().to_string(),
                a[2].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    for api in ["/api/board", "/api/pack"] {
        assert!(answers.iter().any(|(u, _)| u.starts_with(api)), "{api} was seen: {answers:?}");
    }
    answers.push(("layout.json (downloaded)".into(), layout));
    for (url, text) in &answers {
        let mut leaks = Vec::new();
        for v in values(text) {
            told(&v, &mut leaks);
        }
        assert!(leaks.is_empty(), "{url} gives a face-down hex its tile: {leaks:?}");
        for (key, terrain) in &secrets {
            for spelled in [format!("{key}={terrain}"), format!("locked {terrain} at")] {
                assert!(!text.contains(&spelled), "{url} spells a secret: {spelled}");
            }
        }
    }
}
