//! The map painter's side on the server: the page sends the scenario text
//! and one edit; the server changes the text in place ([`edit`], with
//! `toml_edit`), validates it with the same code as `hexpress validate`, and
//! answers with the new text, its problems and what the painter shows
//! ([`view`]). The text stays the one source: the page keeps no model of
//! its own, so a file it saves is exactly the text it was shown.

pub mod drawing;
pub mod edit;
pub mod sides;
pub mod view;

use serde::Deserialize;
use serde_json::{json, Value};

use super::error::{diagnostics_out, ApiError};
use crate::diag::Source;
use crate::limits::{MAX_DRAWN_SPAN, MAX_SCENARIO_BYTES};

/// A painter request.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct PaintRequest {
    /// The scenario text (not needed with `blank`).
    pub text: Option<String>,
    /// A new scenario on a blank grid of `rows` x `cols` sea hexes.
    pub blank: Option<Blank>,
    /// The edit to make (none: only check and describe the text).
    pub edit: Option<edit::Edit>,
}

/// The size of a blank grid.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Blank {
    /// Rows.
    pub rows: usize,
    /// Hexes per row.
    pub cols: usize,
}

/// The file name the painter's messages point into.
pub(crate) const FILE_NAME: &str = "scenario.toml";

/// A new scenario: one map of `rows` x `cols` sea hexes, a starting legend
/// and an empty region to paint.
pub fn blank(b: Blank) -> Result<String, ApiError> {
    let max = MAX_DRAWN_SPAN as usize / 2;
    if !(1..=max).contains(&b.rows) || !(1..=max).contains(&b.cols) {
        return Err(ApiError::bad(format!(
            "a blank grid is 1 to {max} rows and columns; {} x {} asked for",
            b.rows, b.cols
        )));
    }
    Ok(format!(
        r#"# A scenario drawn with the hexpress map painter.

[scenario]
id = "my-scenario"
title = "My scenario"
players = [3, 4]

# What each code of the drawing means.
[legend]
"~" = "sea"
"*" = {{ region = "island" }}
h = {{ harbor = "random" }}
D = "desert"

[[map]]
players = [3, 4]
hexes = """
{}"""

# The tiles and number chips dealt to the `*` hexes.
[map.regions.island]
tiles = {{}}
numbers = []

[constraints]
preset = "official"
"#,
        drawing::Drawing::blank(b.rows, b.cols, "~")
    ))
}

/// Answers a painter request.
pub fn answer(req: &PaintRequest) -> Result<Value, ApiError> {
    let text = match (&req.blank, &req.text) {
        (Some(b), _) => blank(*b)?,
        (None, Some(t)) => t.clone(),
        (None, None) => {
            return Err(ApiError::bad("send the scenario `text`, or ask for a `blank` grid"))
        }
    };
    if text.len() > MAX_SCENARIO_BYTES {
        return Err(ApiError::bad(format!(
            "the scenario text is {} bytes; the limit is {MAX_SCENARIO_BYTES} bytes",
            text.len()
        )));
    }
    let (text, changed) = match &req.edit {
        None => (text, req.blank.is_some()),
        Some(e) => match edit::apply(&text, e) {
            Ok(Some(t)) if t.len() > MAX_SCENARIO_BYTES => {
                return Err(ApiError::bad(format!(
                "the edit would make the file {} bytes; the limit is {MAX_SCENARIO_BYTES} bytes",
                t.len()
            )))
            }
            Ok(Some(t)) => (t, true),
            Ok(None) => (text, false),
            Err(m) => return Err(ApiError::bad(quoted(&m))),
        },
    };
    Ok(describe(text, changed))
}

/// A refused edit's reason in the page's words: its code quotes as
/// typographic quotes.
fn quoted(m: &str) -> String {
    let mut out = String::new();
    let mut open = true;
    for c in m.chars() {
        match c {
            '`' => {
                out.push(if open { '\u{201c}' } else { '\u{201d}' });
                open = !open;
            }
            c => out.push(c),
        }
    }
    out
}

/// The text with its problems (those `hexpress validate` reports) and the painter's view.
pub(crate) fn describe(text: String, changed: bool) -> Value {
    let source = Source::new(FILE_NAME, text);
    let (ok, diags, scenario) = match crate::front::solve::check_file(&source) {
        Ok((s, w)) => (
            true,
            w,
            Some(json!({"id": s.meta.id, "title": s.meta.title, "players": s.meta.players,
                        "default_players": s.meta.default_players})),
        ),
        Err(p) => (false, p.diags, None),
    };
    let (list, rendered) = diagnostics_out(&source, &diags);
    json!({
        "changed": changed,
        "ok": ok,
        "errors": diags.error_count(),
        "diagnostics": list,
        "rendered": rendered,
        "scenario": scenario,
        "view": view::view(&source.text),
        "text": source.text,
    })
}

#[cfg(test)]
mod tests;
