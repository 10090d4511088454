//! Prose drawn from the tables: texts refer to values as `{name}` and are
//! filled from the same data as the cards, so changing a number in one
//! place changes every page that prints it.
//!
//! Names a text may use:
//! - `{victory_points}`, `{starting_gold}`, `{players}` ("3 or 4"), and
//!   `{victory_points:VARIANT}` / `{starting_gold:VARIANT}` for a variant's;
//! - `{cost.ITEM}`: a `[[costs]]` row's cost in words, ITEM being the row's
//!   item in lowercase with `_` between words (`{cost.extra_ship_movement}`);
//! - `{NAME}`: a number of the scenario's `[values]` table.
//!
//! `{{` and `}}` print a brace. A reference to nothing is an error pointing
//! at it; a number spelled out in the prose that a value holds (e.g. "12
//! victory points" when `victory_points = 12`) is a warning.

use super::costs::{cost_words, CostRow};
use super::Meta;
use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::scenario::raw::Sp;
use crate::vocab::did_you_mean;

/// The values a text may refer to, by name.
#[derive(Clone, Debug, Default)]
pub(crate) struct Refs<'a> {
    entries: Vec<(String, String)>,
    /// Numbers with the words that name them in prose, for the warning.
    numbers: Vec<(String, i64, Vec<String>)>,
    /// The scenario file's text, to point at a reference inside a string.
    source: &'a str,
}

/// `item` as a reference key: lowercase words joined by `_`.
pub(crate) fn slug(item: &str) -> String {
    let mut out = String::new();
    for w in item.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()) {
        if !out.is_empty() {
            out.push('_');
        }
        out.push_str(&w.to_ascii_lowercase());
    }
    out
}

fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

impl<'a> Refs<'a> {
    /// The values of a scenario: its facts, its costs and its `[values]`.
    pub fn new(
        meta: Option<&Meta>,
        values: &[(Sp<String>, Sp<i64>)],
        costs: &[CostRow],
        source: &'a str,
        diags: &mut Diagnostics,
    ) -> Refs<'a> {
        let mut r = Refs { source, ..Refs::default() };
        let vp_words = vec!["victory".to_string(), "vp".to_string()];
        let gold_words = vec!["gold".to_string()];
        if let Some(m) = meta {
            let players: Vec<String> = m.players.iter().map(u8::to_string).collect();
            r.entries.push(("players".into(), or_list(&players)));
            if let Some(v) = m.victory_points {
                r.number("victory_points", i64::from(v), vp_words.clone());
            }
            if let Some(v) = m.starting_gold {
                r.number("starting_gold", i64::from(v), gold_words.clone());
            }
            for var in &m.variants {
                if let Some(v) = var.victory_points {
                    r.number(
                        &format!("victory_points:{}", var.name),
                        i64::from(v),
                        vp_words.clone(),
                    );
                }
                if let Some(v) = var.starting_gold {
                    r.number(
                        &format!("starting_gold:{}", var.name),
                        i64::from(v),
                        gold_words.clone(),
                    );
                }
            }
        }
        for c in costs {
            r.entries.push((format!("cost.{}", slug(&c.item)), cost_words(&c.cost)));
        }
        for (name, v) in values {
            let ok = !name.value.is_empty()
                && name
                    .value
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
            if !ok {
                diags.push(
                    Diagnostic::error(format!("value name `{}` is not a plain name", name.value))
                        .at(name.span.clone(), "invalid name")
                        .hint("use lowercase letters, digits and `_`, e.g. `city_draw`"),
                );
                continue;
            }
            if r.entries.iter().any(|(k, _)| *k == name.value) {
                diags.push(
                    Diagnostic::error(format!("`{}` is already a value of the scenario", name.value))
                        .at(name.span.clone(), "taken name")
                        .hint("pick another name; `victory_points`, `starting_gold` and `players` come from [scenario]"),
                );
                continue;
            }
            let words =
                name.value.split('_').filter(|w| w.len() >= 3).map(str::to_string).collect();
            r.number(&name.value, v.value, words);
        }
        r
    }

    fn number(&mut self, name: &str, v: i64, words: Vec<String>) {
        self.entries.push((name.to_string(), v.to_string()));
        self.numbers.push((name.to_string(), v, words));
    }

    /// Every name a text may refer to, in declaration order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|(k, _)| k.as_str())
    }

    /// The value of `name`, if there is one.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.entries.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// Where `needle` stands inside the string written at `span`, at or
    /// after `*from` (moved past it), or the whole string if it is not there.
    fn locate(&self, span: &Span, needle: &str, from: &mut usize) -> Span {
        let start = (*from).clamp(span.start, span.end);
        let hay = self.source.get(start..span.end).unwrap_or("");
        match hay.find(needle) {
            Some(i) => {
                *from = start + i + needle.len();
                start + i..start + i + needle.len()
            }
            None => span.clone(),
        }
    }

    /// `text` with every `{name}` replaced by its value; a reference to
    /// nothing is reported and left as written.
    pub fn fill(&self, text: &Sp<String>, diags: &mut Diagnostics) -> String {
        let s = &text.value;
        let mut out = String::with_capacity(s.len());
        let mut rest = s.as_str();
        let mut from = text.span.start;
        while let Some(i) = rest.find(['{', '}']) {
            out.push_str(&rest[..i]);
            let tail = &rest[i..];
            if tail.starts_with("{{") || tail.starts_with("}}") {
                out.push_str(&tail[..1]);
                rest = &tail[2..];
                continue;
            }
            if let Some(after) = tail.strip_prefix('}') {
                out.push('}');
                rest = after;
                continue;
            }
            let Some(end) = tail.find('}') else {
                diags.push(
                    Diagnostic::error("a `{` without its closing `}`")
                        .at(self.locate(&text.span, tail, &mut from), "unclosed reference")
                        .hint("write `{{` for a brace, or close the reference: `{name}`"),
                );
                out.push_str(tail);
                return out;
            };
            let name = &tail[1..end];
            match self.get(name.trim()) {
                Some(v) => out.push_str(v),
                None => {
                    let hint = match did_you_mean(name.trim(), self.names()) {
                        Some(n) => format!("did you mean `{{{n}}}`?"),
                        None => {
                            let all: Vec<&str> = self.names().collect();
                            if all.is_empty() {
                                "this scenario has no values; add them in `[values]`".to_string()
                            } else {
                                format!("values here: {}", all.join(", "))
                            }
                        }
                    };
                    diags.push(
                        Diagnostic::error(format!("`{{{name}}}` refers to no value"))
                            .at(
                                self.locate(&text.span, &tail[..=end], &mut from),
                                "nothing has this name",
                            )
                            .hint(hint),
                    );
                    out.push_str(&tail[..=end]);
                }
            }
            rest = &tail[end + 1..];
        }
        out.push_str(rest);
        out
    }

    /// Warns where `text` spells out a number that a value holds, followed
    /// by a word of the value's name ("12 victory points", "3 castaways").
    pub(crate) fn warn_spelled(&self, text: &Sp<String>, diags: &mut Diagnostics) {
        let words: Vec<&str> = text.value.split_whitespace().collect();
        let mut from = text.span.start;
        for pair in words.windows(2) {
            let num = pair[0].trim_matches(|c: char| "(),.;:".contains(c));
            if num.is_empty() || !num.bytes().all(|b| b.is_ascii_digit()) {
                continue;
            }
            let Ok(n) = num.parse::<i64>() else { continue };
            let next = pair[1].to_ascii_lowercase();
            let next = next.trim_matches(|c: char| !c.is_ascii_alphanumeric());
            let Some((name, _, _)) = self.numbers.iter().find(|(_, v, ws)| {
                *v == n && ws.iter().any(|w| next.starts_with(&w[..w.len().min(4)]))
            }) else {
                continue;
            };
            diags.push(
                Diagnostic::warning(format!("the prose spells out {n}, which `{name}` holds"))
                    .at(
                        self.locate(&text.span, &format!("{} {}", pair[0], pair[1]), &mut from),
                        "a copied number",
                    )
                    .hint(format!("write `{{{name}}}` so the text follows the table")),
            );
        }
    }
}
