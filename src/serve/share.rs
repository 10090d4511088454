//! What makes a board again, composed from one list: the board's
//! [`Recipe`] ([`recipe_of`]). Its options ([`Recipe::options`]) are the
//! printed command ([`command`]) and, each under its request field's name,
//! the share link ([`share_query`]); the key the server keeps the board's
//! files under is made from the share link ([`key`]). A page control is one
//! field of [`Resolved`] that reaches the recipe (a drawing choice through
//! [`Resolved::choices`]): it then reaches all three, and the test below
//! fails for a field that changes none of them.

use super::request::{content_hash, Resolved};
use crate::front::locks;
use crate::front::recipe::{Balanced, Recipe};
use crate::front::solve::Lock;

/// The recipe of this board (what makes it again): a pasted scenario is
/// named as the file it would be saved to, `<id>.toml`; locks that keep a
/// face-down secret are named by place, their contents read from the
/// board's own `layout.json` (`--from`).
pub(crate) fn recipe_of(r: &Resolved) -> Recipe {
    let id =
        if r.builtin { r.scenario.meta.id.clone() } else { format!("{}.toml", r.scenario.meta.id) };
    let mut recipe = Recipe::new(id, r.players, r.seed);
    recipe.rules = r.rules;
    recipe.balanced = match (r.candidates, r.bar) {
        (Some(n), _) => Some(Balanced::best(n)),
        (None, true) => Some(Balanced::bar()),
        (None, false) => None,
    };
    recipe.locks.clone_from(&r.locks);
    recipe.locks_from_layout = r.locks.iter().any(|l| r.is_secret(l.hex));
    recipe.drawing = r.choices().flags();
    recipe
}

/// The locks as the page, the command and the share link show them: those
/// that took their tile from the lock recipe ([`super::chain`]) and a
/// face-down hex of the players' view by place only (`q,r`).
pub(crate) fn public_locks(r: &Resolved) -> String {
    let mut sorted: Vec<&Lock> = r.locks.iter().collect();
    sorted.sort_by_key(|l| l.hex);
    let items: Vec<String> = sorted
        .iter()
        .map(|l| {
            if r.is_secret(l.hex) || r.bare.contains(&l.hex) {
                format!("{},{}", l.hex.q, l.hex.r)
            } else {
                locks::format_list(std::slice::from_ref(*l))
            }
        })
        .collect();
    items.join(" ")
}

/// The command line that makes the same board and files. Locks that keep a
/// face-down secret name their place only and read the contents from the
/// board's own `layout.json` (`--from`), which holds the same tiles there.
pub fn command(r: &Resolved) -> String {
    recipe_of(r).command()
}

/// The share link's items: the scenario (a built-in's id, or the hash of a
/// pasted text), then each option of the recipe under the name of the
/// request field that reads it back (`--some-flag` is `some_flag`, a switch
/// is `1`), in the recipe's order.
fn items(r: &Resolved) -> Vec<(String, String)> {
    let recipe = recipe_of(r);
    let mut q: Vec<(String, String)> = Vec::new();
    let mut push = |k: &str, v: String| q.push((k.to_string(), v));
    match r.builtin {
        true => push("scenario", recipe.scenario.clone()),
        false => push("hash", r.hash.clone()),
    }
    for (flag, value) in recipe.options() {
        match (flag, value) {
            // A draw from the bar; the search's `best` follows from its
            // candidates.
            ("--balanced", None) => {
                push("balanced", "1".into());
                push("mode", "bar".into());
            }
            ("--balanced", Some(_)) => push("balanced", "1".into()),
            // The page's locks: a secret or bare one by place, and the
            // recipe its tile comes from.
            ("--lock", _) => {
                push("locks", public_locks(r));
                if !r.chain.is_empty() {
                    push("from", super::chain::format(&r.chain));
                }
            }
            // The command's `--from layout.json`: the page's locks above
            // name those places already.
            ("--from", _) => {}
            (flag, value) => {
                let name = flag.trim_start_matches("--").replace('-', "_");
                push(&name, value.unwrap_or_else(|| "1".into()));
            }
        }
    }
    q
}

/// The share link's query: every input of the board, in a fixed order.
pub(crate) fn share_query(r: &Resolved) -> String {
    let parts: Vec<String> = items(r).iter().map(|(k, v)| format!("{k}={}", encode(v))).collect();
    parts.join("&")
}

/// The key the server keeps a board's files under: its scenario text and
/// inputs, salted with the server's own secret (so that no one can work
/// out the key of a board's files, or of its builder's files, from what a
/// board's answer shows). `part` tells the players' files from the
/// builder's.
pub fn key(r: &Resolved, salt: &str, part: &str) -> String {
    content_hash(&format!("{salt}\n{part}\n{}\n{}", r.hash, share_query(r)))
}

/// Percent-encodes everything but unreserved characters and `,` `:` `=`.
fn encode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b',' | b':' => {
                out.push(b as char)
            }
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

#[cfg(test)]
#[path = "share_tests.rs"]
mod tests;
