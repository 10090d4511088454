//! Every setting of a resolved request reaches the command, the share link
//! and the files' key, and the share link reads back as the same request.

use serde_json::{json, Value};

use super::{command, key, share_query};
use crate::serve::kept::KeptBoards;
use crate::serve::request::{BoardRequest, Resolved};
use crate::serve::resolve::resolve;

/// Each field of a resolved request, by name, as text. It names every
/// field (no `..`): a new field does not compile until it is listed here,
/// and [`every_setting_reaches_the_command_the_link_and_the_key`] then
/// fails until a request that changes it is among its cases.
fn fields(r: &Resolved) -> Vec<(&'static str, String)> {
    let Resolved {
        source,
        scenario,
        hash,
        builtin,
        players,
        seed,
        rules,
        candidates,
        bar,
        view,
        paper,
        ruler,
        back_offset,
        locks,
        bare,
        chain,
    } = r;
    vec![
        ("source", format!("{source:?}")),
        ("scenario", format!("{scenario:?}")),
        ("hash", hash.clone()),
        ("builtin", builtin.to_string()),
        ("players", players.to_string()),
        ("seed", seed.to_string()),
        ("rules", format!("{rules:?}")),
        ("candidates", format!("{candidates:?}")),
        ("bar", bar.to_string()),
        ("view", format!("{view:?}")),
        ("paper", format!("{paper:?}")),
        ("ruler", format!("{ruler:?}")),
        ("back_offset", format!("{back_offset:?}")),
        ("locks", format!("{locks:?}")),
        ("bare", format!("{bare:?}")),
        ("chain", format!("{chain:?}")),
    ]
}

/// Fields that change the board's files without changing the command:
/// the command names a scenario file, not its text, and a lock's tile,
/// not the earlier board the page took it from.
const NOT_IN_THE_COMMAND: [&str; 4] = ["source", "hash", "bare", "chain"];

fn resolved(req: &Value) -> Resolved {
    let req: BoardRequest = serde_json::from_value(req.clone()).expect("a request");
    resolve(&req, &KeptBoards::default()).unwrap_or_else(|e| panic!("{req:?}: {}", e.message))
}

/// A share query read back into a request, as the page reads a link.
fn from_share(share: &str) -> Value {
    let mut req = serde_json::Map::new();
    for part in share.split('&') {
        let (k, v) = part.split_once('=').expect("key=value");
        let v = decode(v);
        let v = match k {
            "players" | "candidates" => json!(v.parse::<u64>().expect("a number")),
            "balanced" => json!(v == "1"),
            _ => json!(v),
        };
        req.insert(k.to_string(), v);
    }
    Value::Object(req)
}

/// Percent-decoding, `+` a space.
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

/// `base` with `more` on top.
fn with(base: &Value, more: Value) -> Value {
    let mut v = base.clone();
    for (k, x) in more.as_object().expect("an object") {
        v[k] = x.clone();
    }
    v
}

#[test]
fn every_setting_reaches_the_command_the_link_and_the_key() {
    let base = json!({"scenario": "base", "seed": "5"});
    let text = crate::front::builtin::source("base").expect("base").text;
    let pasted = json!({"text": text, "seed": "5"});
    let bare = with(&base, json!({"seed": "9", "locks": "0,0", "from": "5"}));
    let full = with(&base, json!({"seed": "9", "locks": locks_of(&resolved(&bare))}));
    // (the field each case is for, the request before, the request after)
    let cases = [
        ("players", base.clone(), with(&base, json!({"players": 3}))),
        ("seed", base.clone(), with(&base, json!({"seed": "6"}))),
        ("rules", base.clone(), with(&base, json!({"rules": "strict"}))),
        ("candidates", base.clone(), with(&base, json!({"balanced": true, "candidates": 50}))),
        ("bar", base.clone(), with(&base, json!({"balanced": true}))),
        ("view", base.clone(), with(&base, json!({"view": "setup"}))),
        ("paper", base.clone(), with(&base, json!({"paper": "letter"}))),
        ("ruler", base.clone(), with(&base, json!({"ruler": "99.5"}))),
        ("back_offset", base.clone(), with(&base, json!({"back_offset": "1.5,-0.5"}))),
        ("locks", base.clone(), with(&base, json!({"locks": "0,0=desert"}))),
        ("builtin", base.clone(), pasted.clone()),
        ("hash", pasted.clone(), with(&pasted, json!({"text": format!("{text}\n# more\n")}))),
        ("bare", full, bare.clone()),
        ("chain", bare.clone(), with(&bare, json!({"from": "6"}))),
    ];
    let names: Vec<&str> = fields(&resolved(&base)).iter().map(|(n, _)| *n).collect();
    let mut changed = std::collections::BTreeSet::new();
    for (field, before, after) in &cases {
        let (a, b) = (resolved(before), resolved(after));
        let diff: Vec<&str> = fields(&a)
            .iter()
            .zip(fields(&b))
            .filter(|(x, y)| x.1 != y.1)
            .map(|(x, _)| x.0)
            .collect();
        assert!(diff.contains(field), "{field}: the case does not change it ({diff:?})");
        changed.extend(diff);
        assert_ne!(share_query(&a), share_query(&b), "{field}: the share link");
        assert_ne!(key(&a, "s", "players"), key(&b, "s", "players"), "{field}: the files' key");
        if !NOT_IN_THE_COMMAND.contains(field) {
            assert_ne!(command(&a), command(&b), "{field}: the command");
        }
    }
    let missed: Vec<&&str> = names.iter().filter(|n| !changed.contains(*n)).collect();
    assert!(missed.is_empty(), "no case changes {missed:?}: add one");
}

/// The locks of a request with their contents spelled out.
fn locks_of(r: &Resolved) -> String {
    crate::front::locks::format_list(&r.locks)
}

#[test]
fn a_share_link_reads_back_as_the_same_request() {
    let base = json!({"scenario": "base", "seed": "12"});
    let bare = with(&base, json!({"locks": "0,0", "from": "5", "view": "setup"}));
    let cases = [
        base.clone(),
        with(&base, json!({"players": 3, "rules": "official", "paper": "a3"})),
        with(&base, json!({"balanced": true})),
        with(&base, json!({"balanced": true, "candidates": 40, "view": "setup"})),
        with(&base, json!({"ruler": "100.4", "back_offset": "-2,0.25", "paper": "letter"})),
        with(&base, json!({"locks": "0,0=desert 1,-1=forest:6"})),
        bare,
    ];
    for req in &cases {
        let r = resolved(req);
        let again = resolved(&from_share(&share_query(&r)));
        assert_eq!(fields(&again), fields(&r), "{req}: {}", share_query(&r));
        assert_eq!(command(&again), command(&r));
    }
}
