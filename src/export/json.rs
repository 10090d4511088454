//! `layout.json`: the stable contract other tools read (`hexpress-layout/1`).
//!
//! Keys come in a fixed order, hexes in scenario order, one hex or harbor per
//! line so diffs stay readable. `hexpress sample` writes the same text on one
//! line ([`write_line`]): the file's lines joined without their indentation.
//!
//! The text is written by hand into a byte buffer (no serializer, no
//! allocation per hex): `sample` writes hundreds of thousands of boards a
//! second. Strings are escaped exactly as `serde_json` escapes them.

use crate::recipe::Recipe;
use crate::solve::Layout;

use super::json_text::Writer;
pub use super::json_text::{Command, HexCache, FORMAT, GENERATOR};

/// Renders a layout as `layout.json` text, its command the plain one
/// ([`Recipe::plain`]: scenario id, players, seed).
pub fn to_json(layout: &Layout) -> String {
    render(layout, &Recipe::plain(layout).command(), None)
}

/// Renders a layout made by `recipe` as `layout.json` text; a board chosen by
/// a balanced search gets a `balance` object (its measures, score and search
/// facts) after `sampler`.
pub fn layout_json(
    layout: &Layout,
    recipe: &Recipe,
    balanced: Option<(&crate::balance::Outcome, &crate::balance::Weights)>,
) -> String {
    let balance = balanced.map(|(o, w)| crate::balance::json::object(o, w));
    render(layout, &recipe.command(), balance)
}

/// Renders a layout with a `balance` object given as compact JSON text
/// (see [`crate::balance::json`]: `object_with`, `bar_object`), its command
/// the plain one.
pub fn to_json_with_balance(layout: &Layout, balance: String) -> String {
    render(layout, &Recipe::plain(layout).command(), Some(balance))
}

/// `layout.json` of a board whose command is already formatted
/// ([`Recipe::command`], or [`Recipe::around_seed`] with the seed spliced in
/// by `hexpress sample`, which writes many), with an optional `balance`
/// object as compact JSON text.
pub(crate) fn layout_json_with(layout: &Layout, command: &str, balance: Option<String>) -> String {
    render(layout, command, balance)
}

/// Appends the one-line form of `layout.json` (its lines joined without
/// their indentation), without a line break, to `out`.
pub fn write_line(out: &mut Vec<u8>, layout: &Layout, command: Command<'_>, balance: Option<&str>) {
    Writer { b: out, pretty: false, cache: None }.layout(layout, command, balance);
}

/// [`write_line`] for many boards of one map: `cache` keeps each hex's text
/// for each terrain and chip it has shown, so a hex seen before is one copy.
/// The same bytes as [`write_line`]; a cache used for another map starts
/// afresh.
pub(crate) fn write_line_cached(
    out: &mut Vec<u8>,
    layout: &Layout,
    command: Command<'_>,
    balance: Option<&str>,
    cache: &mut HexCache,
) {
    cache.fit(layout);
    Writer { b: out, pretty: false, cache: Some(cache) }.layout(layout, command, balance);
}

fn render(layout: &Layout, command: &str, balance: Option<String>) -> String {
    let mut b = Vec::with_capacity(8192);
    Writer { b: &mut b, pretty: true, cache: None }.layout(
        layout,
        Command::Whole(command),
        balance.as_deref(),
    );
    // Only valid UTF-8 is ever written: ASCII and whole strings.
    String::from_utf8(b).unwrap_or_default()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::super::json_text::escape_into;
    use super::*;

    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        for s in [
            "plain",
            "a \"quoted\" \\ path",
            "tab\there\nnew\r\u{8}\u{c}\u{1}\u{1f}",
            "Île ✓ \u{7f}",
        ] {
            let mut out = Vec::new();
            escape_into(&mut out, s);
            let ours = format!("\"{}\"", String::from_utf8(out).unwrap());
            assert_eq!(ours, serde_json::to_string(s).unwrap());
        }
    }

    /// Every built-in's layout.json (and one with awkward labels) parses,
    /// keeps its values, and its one-line form is its lines joined.
    #[test]
    fn the_line_is_the_file_joined_and_both_parse() {
        for id in crate::builtin::ids() {
            let s = crate::model::load(&crate::builtin::source(id).unwrap()).unwrap();
            let players = s.meta.default_players;
            let mut l = crate::solve::solve(&s, players, 5, &Default::default()).unwrap();
            let mut labels = (*l.labels).clone();
            labels.resize(l.hexes.len(), None);
            labels[0] = Some("the \"old\" mill\\\n✓".into());
            l.labels = std::sync::Arc::new(labels);
            let pretty = to_json_with_balance(&l, "{\"x\":1}".into());
            let joined: String = pretty.lines().map(str::trim_start).collect();
            let mut line = Vec::new();
            let cmd = Recipe::plain(&l).command();
            let (head, tail) = cmd.split_once(&l.seed.to_string()).unwrap();
            write_line(&mut line, &l, Command::Spliced(head, l.seed, tail), Some("{\"x\":1}"));
            assert_eq!(String::from_utf8(line).unwrap(), joined, "{id}");
            let v: serde_json::Value = serde_json::from_str(&pretty).unwrap();
            assert_eq!(v["hexes"][0]["label"], "the \"old\" mill\\\n✓", "{id}");
            assert_eq!(v["hexes"].as_array().unwrap().len(), l.hexes.len(), "{id}");
            assert_eq!(v["seed"], l.seed, "{id}");
            assert_eq!(v["balance"]["x"], 1, "{id}");
            for (h, o) in l.hexes.iter().zip(v["hexes"].as_array().unwrap()) {
                assert_eq!(o["q"], h.hex.q, "{id}");
                assert_eq!(o["r"], h.hex.r, "{id}");
                assert_eq!(o["number"].as_u64(), h.number.map(u64::from), "{id}");
            }
        }
    }
}
