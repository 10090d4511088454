//! Errors of the web API, always answered as JSON: a message, a hint, and
//! for a scenario problem every diagnostic with its line and column plus the
//! same text `hexpress validate` prints.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::diag::{self, Diagnostics, Severity, Source};

/// One diagnostic as the page shows it beside the scenario text.
#[derive(Clone, Debug, Serialize)]
pub struct SpanOut {
    /// `error` or `warning`.
    pub severity: &'static str,
    /// The message.
    pub message: String,
    /// 1-based line of the primary label (`None`: the whole file).
    pub line: Option<usize>,
    /// 1-based column, in characters.
    pub column: Option<usize>,
    /// Where the primary label ends.
    pub end_line: Option<usize>,
    /// Column where it ends.
    pub end_column: Option<usize>,
    /// What the label says.
    pub label: String,
    /// Suggested fixes.
    pub hints: Vec<String>,
}

/// A failed API request.
#[derive(Clone, Debug, Serialize)]
pub struct ApiError {
    /// HTTP status.
    #[serde(skip)]
    pub status: StatusCode,
    /// What went wrong, in one line.
    pub message: String,
    /// A suggestion, if there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
    /// Scenario problems with their places in the text.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub diagnostics: Vec<SpanOut>,
    /// The diagnostics as `validate` prints them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rendered: Option<String>,
    /// Locks the board cannot keep: the rule and the hexes concerned
    /// ([`super::lock_error::clash_json`]), for the page to mark on the board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lock_clash: Option<Box<serde_json::Value>>,
}

impl ApiError {
    /// A request the server cannot use (400).
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// An error with a status and a message.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            hint: None,
            diagnostics: Vec::new(),
            rendered: None,
            lock_clash: None,
        }
    }

    /// The error in the page's words: the command line's flags become the
    /// page's controls (`--rules official` -> "Official under Placement
    /// rules"). For errors of boards and packs, not of the scenario text,
    /// whose problems stay those `hexpress validate` prints.
    pub(crate) fn for_page(mut self) -> ApiError {
        self.message = page_words(&self.message);
        self.hint = self.hint.map(|h| page_words(&h));
        for d in &mut self.diagnostics {
            d.message = page_words(&d.message);
            d.label = page_words(&d.label);
            for h in &mut d.hints {
                *h = page_words(h);
            }
        }
        self.rendered = None;
        self
    }

    /// Adds a hint.
    pub fn hint(mut self, hint: impl Into<String>) -> ApiError {
        self.hint = Some(hint.into());
        self
    }

    /// A scenario (or a layout request) that failed with diagnostics (422).
    pub fn diagnostics(source: &Source, diags: &Diagnostics) -> ApiError {
        let items: Vec<SpanOut> = diags.items().iter().map(|d| span_out(source, d)).collect();
        let errors = diags.error_count();
        let message = match items.iter().find(|d| d.severity == "error") {
            Some(first) if errors > 1 => {
                format!("{} (and {} more problems)", first.message, errors - 1)
            }
            Some(first) => first.message.clone(),
            None => "the scenario has problems".into(),
        };
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message,
            hint: None,
            diagnostics: items,
            rendered: Some(diag::render(source, diags)),
            lock_clash: None,
        }
    }
}

/// Command-line phrases and what the page calls the same thing.
const PAGE_WORDS: &[(&str, &str)] = &[
    (
        "raise `--max-nodes` or `--time-limit-ms`, or relax the rules",
        "try another seed, or choose milder placement rules",
    ),
    (
        "raise `--max-nodes`, or relax the rules",
        "try another seed, or choose milder placement rules",
    ),
    ("(the limit, `--max-nodes`)", "(the page's limit)"),
    ("(the limit, `--time-limit-ms`)", "(the page's time limit)"),
    ("is on because of `--rules strict`", "is on because Strict is chosen under Placement rules"),
    ("choose `--rules official`", "choose Official under Placement rules"),
    ("(or choose a milder `--rules` preset)", "(or choose Official under Placement rules)"),
    ("use `--players` with one of", "choose a player count of"),
    ("give the saved board with `--from layout.json`", "lock the hex again on the board you see"),
    ("with the terrain and chip they have in the saved layout", "as they are on the board you see"),
    ("(as in a saved layout.json)", "(as they are on the board you see)"),
    ("raise `--max-nodes`", "try another map number"),
    ("`--time-limit-ms`", "the page's time limit"),
];

/// `text` with the command line's words replaced by the page's.
pub(crate) fn page_words(text: &str) -> String {
    let mut s = text.to_string();
    for (cli, page) in PAGE_WORDS {
        s = s.replace(cli, page);
    }
    // Rules by what they say rather than by their keys, and the file's
    // `[constraints]` as the painter's Placement rules.
    for id in crate::front::model::ConstraintId::ALL {
        s = rule_words(&s, id);
    }
    for (file, page) in FILE_WORDS {
        s = s.replace(file, page);
    }
    s
}

/// Where the page changes a rule: the Scenario tab's Placement rules (a
/// built-in opened there becomes the user's own copy).
const ON_THE_TAB: &str = "under Placement rules on the Scenario tab";

/// The file's words for where a rule is set, in the page's words.
const FILE_WORDS: &[(&str, &str)] = &[
    ("in the scenario file's `[constraints]`", "in the scenario file"),
    ("in `[constraints]`", ON_THE_TAB),
    ("`[constraints]`", "the placement rules"),
    ("raise it there to relax it", "raise it under Placement rules on the Scenario tab"),
    (
        "set it to `false` there to relax it",
        "switch it off under Placement rules on the Scenario tab",
    ),
    ("`preset = \"official\"`", "the Official rules"),
    ("`preset = \"strict\"`", "the Strict rules"),
];

/// `text` with rule `id`'s key and settings in the page's words.
fn rule_words(text: &str, id: crate::front::model::ConstraintId) -> String {
    let (key, words) = (id.key(), id.words());
    let named = format!("\u{201c}{words}\u{201d}");
    let mut s = text.to_string();
    for (cli, page) in [
        (
            format!("set `{key} = false` in `[constraints]`"),
            format!("switch off {named} {ON_THE_TAB}"),
        ),
        (
            format!("set a higher `{key}` in `[constraints]`"),
            format!("raise the limit of {named} {ON_THE_TAB}"),
        ),
        (
            format!("`{key}` comes from the `strict` rule preset"),
            format!("{named} comes with the Strict rules"),
        ),
        (format!("the rule `{key}`"), format!("the rule {named}")),
        (format!("`{key}`"), named.clone()),
    ] {
        s = s.replace(&cli, &page);
    }
    s
}

/// Every diagnostic with its place, and the text `hexpress validate` prints
/// for them (empty when there are none).
pub(crate) fn diagnostics_out(source: &Source, diags: &Diagnostics) -> (Vec<SpanOut>, String) {
    let items = diags.items().iter().map(|d| span_out(source, d)).collect();
    let rendered = if diags.is_empty() { String::new() } else { diag::render(source, diags) };
    (items, rendered)
}

fn span_out(source: &Source, d: &diag::Diagnostic) -> SpanOut {
    let primary = d.labels.iter().find(|l| l.primary).or(d.labels.first());
    let (start, end) = match primary {
        Some(l) => (Some(source.line_col(l.span.start)), Some(source.line_col(l.span.end))),
        None => (None, None),
    };
    SpanOut {
        severity: match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        },
        message: d.message.clone(),
        line: start.map(|p| p.0),
        column: start.map(|p| p.1),
        end_line: end.map(|p| p.0),
        end_column: end.map(|p| p.1),
        label: primary.map(|l| l.message.clone()).unwrap_or_default(),
        hints: d.hints.clone(),
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": &self }).to_string();
        let mut r =
            (self.status, [(header::CONTENT_TYPE, "application/json")], body).into_response();
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            r.headers_mut().insert(header::RETRY_AFTER, header::HeaderValue::from_static("2"));
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::page_words;
    use crate::front::model::{ConstraintId, RulePreset, Surface};

    /// Every way the library says how to relax a rule, for a built-in under
    /// each preset and for a file that sets the rule itself, reads in the
    /// page's words: no rule keys, no `[constraints]`, no flags.
    #[test]
    fn rule_hints_read_in_the_page_words() {
        let base = crate::front::builtin::source("base").expect("base");
        let own = crate::diag::Source::new(
            "own.toml",
            base.text.replace(
                "[constraints]",
                "[constraints]\nno_2_next_to_12 = true\nmax_corner_pips = 12",
            ),
        );
        let preset = crate::diag::Source::new(
            "preset.toml",
            base.text.replace("[constraints]", "[constraints]\npreset = \"strict\""),
        );
        let mut scenarios = Vec::new();
        for src in [&base, &own, &preset] {
            let s = crate::front::model::load(src).expect("loads");
            scenarios.push(s.clone());
            for p in [RulePreset::Official, RulePreset::Strict] {
                scenarios.push(s.clone().with_preset(p).expect("preset"));
            }
        }
        for s in &scenarios {
            for id in ConstraintId::ALL {
                let words = page_words(&s.relax_hint(id, Surface::Cli));
                for bad in ["`", "[constraints]", "--", "preset ="] {
                    assert!(!words.contains(bad), "{id}: {words:?} has {bad:?}");
                }
            }
        }
    }
}
