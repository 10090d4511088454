//! Game terms: the scenario's own (`[[terms]]`, each defined in the pack's
//! words or attributed to a box's rulebook) and the shared vocabulary
//! (`templates/vocabulary.toml`), against which the rules are checked: a
//! term the rules use that the pack neither defines, attributes nor prints
//! is a warning at its line and column.

use std::sync::OnceLock;

use super::material::Components;
use super::prose::Refs;
use super::Meta;
use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::scenario::raw::{RawScenario, RawTerm, Sp};
use crate::toml_file::{TomlError, TomlFile};

/// A term of the scenario, as the handout prints it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Term {
    /// The term, as the rules write it.
    pub term: String,
    /// What it means, references filled.
    pub means: Option<String>,
    /// The box whose rulebook defines it.
    pub from_box: Option<String>,
}

/// One entry of the shared vocabulary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VocabTerm {
    /// The term, in the singular.
    pub term: String,
    /// The box whose rulebook defines it, if a published one does.
    pub from_box: Option<String>,
    /// Whether it is a physical piece.
    pub piece: bool,
}

/// The shared vocabulary's text, embedded.
pub(crate) const VOCABULARY: &str = include_str!("../../templates/vocabulary.toml");

/// Parses the vocabulary file: `[[term]]` tables with `term`, `box`, `piece`.
pub(crate) fn parse_vocabulary(text: &str) -> Result<Vec<VocabTerm>, Box<TomlError>> {
    let file = TomlFile::parse("vocabulary.toml", text)?;
    let root = file.root();
    root.entries(&["term"])?;
    let Some(terms) = root.get("term") else { return Ok(Vec::new()) };
    let mut out = Vec::new();
    for t in terms.array()? {
        t.entries(&["term", "box", "piece"])?;
        out.push(VocabTerm {
            term: t.require("term")?.string()?.to_string(),
            from_box: t.get("box").map(|b| b.string().map(str::to_string)).transpose()?,
            piece: t.get("piece").map(|p| p.bool()).transpose()?.unwrap_or(false),
        });
    }
    Ok(out)
}

/// The shared vocabulary (empty if the embedded file were broken, which a
/// unit test rules out).
pub fn vocabulary() -> &'static [VocabTerm] {
    static V: OnceLock<Vec<VocabTerm>> = OnceLock::new();
    V.get_or_init(|| parse_vocabulary(VOCABULARY).unwrap_or_default())
}

/// Validates `[[terms]]`: each has a meaning or a box, none twice.
pub(crate) fn validate_terms(
    raw: &[RawTerm],
    refs: &Refs<'_>,
    diags: &mut Diagnostics,
) -> Vec<Term> {
    let mut out: Vec<Term> = Vec::new();
    for t in raw {
        let name = t.term.value.trim();
        if name.is_empty() {
            diags.push(Diagnostic::error("a term is empty").at(t.term.span.clone(), "empty"));
            continue;
        }
        if out.iter().any(|o| o.term.eq_ignore_ascii_case(name)) {
            diags.push(
                Diagnostic::error(format!("the term `{name}` is listed twice"))
                    .at(t.term.span.clone(), "repeated"),
            );
            continue;
        }
        let blank = |s: &Option<Sp<String>>| s.as_ref().is_none_or(|s| s.value.trim().is_empty());
        if blank(&t.means) && blank(&t.from_box) {
            diags.push(
                Diagnostic::error(format!("the term `{name}` says nothing about what it is"))
                    .at(t.term.span.clone(), "no `means` and no `box`")
                    .hint("give `means = \"...\"` in your own words, or `box = \"...\"`: the box whose rulebook defines it"),
            );
        }
        out.push(Term {
            term: name.to_string(),
            means: t.means.as_ref().map(|m| refs.fill(m, diags)),
            from_box: t.from_box.as_ref().map(|b| b.value.trim().to_string()),
        });
    }
    out
}

/// Lowercase ASCII copy of `s` with `{...}` references blanked, the same
/// length as `s` so offsets carry over.
fn searchable(s: &str) -> Vec<u8> {
    let mut out = s.as_bytes().to_ascii_lowercase();
    let mut depth = 0;
    for b in &mut out {
        match *b {
            b'{' => depth += 1,
            b'}' if depth > 0 => {
                depth -= 1;
                *b = b' ';
                continue;
            }
            _ => {}
        }
        if depth > 0 && b.is_ascii() {
            *b = b' ';
        }
    }
    out
}

fn word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}

/// The end of a match of `word` (lowercase) at `at` in `hay`, allowing a
/// plural ending when `last`: -s, -es, or -y to -ies.
fn word_at(hay: &[u8], at: usize, word: &[u8], last: bool) -> Option<usize> {
    let end = at + word.len();
    if hay.get(at..end)? == word {
        if !last {
            return Some(end);
        }
        for tail in [&b""[..], b"s", b"es"] {
            let e = end + tail.len();
            if hay.get(end..e) == Some(tail) && hay.get(e).is_none_or(|b| !word_byte(*b)) {
                return Some(e);
            }
        }
        return None;
    }
    // city -> cities
    let stem = word.strip_suffix(b"y")?;
    let e = at + stem.len() + 3;
    let ok = last
        && hay.get(at..at + stem.len()) == Some(stem)
        && hay.get(at + stem.len()..e) == Some(&b"ies"[..])
        && hay.get(e).is_none_or(|b| !word_byte(*b));
    ok.then_some(e)
}

/// Byte ranges in `hay` (see [`searchable`]) where `term` stands as whole
/// words, singular or plural, any run of whitespace between its words.
pub fn find(hay: &[u8], term: &str) -> Vec<(usize, usize)> {
    let words: Vec<Vec<u8>> =
        term.split_whitespace().map(|w| w.as_bytes().to_ascii_lowercase()).collect();
    let Some(first) = words.first() else { return Vec::new() };
    let mut out = Vec::new();
    let mut i = 0;
    while i + first.len() <= hay.len() {
        if hay[i] != first[0] || (i > 0 && word_byte(hay[i - 1])) {
            i += 1;
            continue;
        }
        let mut at = i;
        let mut ok = true;
        for (k, w) in words.iter().enumerate() {
            if k > 0 {
                let gap = hay[at..].iter().take_while(|b| b.is_ascii_whitespace()).count();
                if gap == 0 {
                    ok = false;
                    break;
                }
                at += gap;
            }
            match word_at(hay, at, w, k + 1 == words.len()) {
                Some(e) => at = e,
                None => {
                    ok = false;
                    break;
                }
            }
        }
        if ok {
            out.push((i, at));
            i = at;
        } else {
            i += 1;
        }
    }
    out
}

/// Whether `name` holds `term` as whole words (singular or plural).
pub fn names(name: &str, term: &str) -> bool {
    !find(&searchable(name), term).is_empty()
}

/// Every text of the rules a player reads, as written in the file.
fn rule_texts(raw: &RawScenario) -> Vec<&Sp<String>> {
    let g = &raw.game;
    let mut v: Vec<&Sp<String>> = Vec::new();
    if let Some(r) = &g.rules {
        v.extend(r.setup.iter());
        for (title, text) in &r.sections {
            v.push(title);
            v.push(text);
        }
    }
    for t in &g.tables {
        v.push(&t.title);
        v.extend(t.columns.value.iter());
        v.extend(t.rows.iter().flat_map(|r| r.value.iter()));
        v.extend(t.note.iter());
    }
    for c in &g.costs {
        v.push(&c.item);
        v.extend(c.note.iter());
    }
    for t in &g.trades {
        v.push(&t.give);
        v.push(&t.get);
    }
    if let Some(c) = &g.components {
        v.extend(c.cards.iter().map(|k| &k.text));
        for t in &c.tokens {
            v.extend(t.face.iter());
            v.extend(t.back.iter());
        }
        v.extend(c.tracks.iter().filter_map(|t| t.note.as_ref()));
    }
    if let Some(m) = &raw.meta {
        v.extend(m.variants.iter().filter_map(|x| x.description.as_ref()));
    }
    v.extend(g.starts.iter().map(|(_, s)| s));
    v.extend(g.terms.iter().filter_map(|t| t.means.as_ref()));
    v.extend(g.sides.iter().filter_map(|(_, f)| f.text.as_ref()));
    v
}

/// Whether the pack settles `t`: the scenario defines or attributes it, a
/// part of the pack is it, or (not for a piece outside the base game) a box
/// the scenario names defines it.
fn settled(t: &VocabTerm, terms: &[Term], parts: &[String], sets: &[String]) -> bool {
    if terms.iter().any(|x| names(&x.term, &t.term) || names(&t.term, &x.term)) {
        return true;
    }
    if parts.iter().any(|p| names(p, &t.term)) {
        return true;
    }
    let named = t.from_box.as_ref().is_some_and(|b| sets.iter().any(|s| s == b));
    named && (!t.piece || t.from_box.as_deref() == Some("Base game"))
}

/// Warns at the first use of each vocabulary term the pack leaves open.
pub(crate) fn check_vocabulary(
    raw: &RawScenario,
    terms: &[Term],
    components: &Components,
    meta: Option<&Meta>,
    source: &str,
    diags: &mut Diagnostics,
) {
    let sets: Vec<String> = meta.map(|m| m.sets.clone()).unwrap_or_default();
    let mut parts = super::pieces::provided_names(components, &raw.game.starts);
    // A side feature the map prints (a river, a bridge) is part of the pack.
    parts.extend(super::sides::kinds(&raw.game.sides).into_iter().map(|k| k.name));
    let texts: Vec<(Span, Vec<u8>)> = rule_texts(raw)
        .into_iter()
        .map(|t| (t.span.clone(), searchable(source.get(t.span.clone()).unwrap_or(""))))
        .collect();
    // Longest terms first, so "pirate lair" is not also read as "pirate".
    let mut vocab: Vec<&VocabTerm> = vocabulary().iter().collect();
    vocab.sort_by_key(|t| std::cmp::Reverse(t.term.len()));
    let mut taken: Vec<Vec<(usize, usize)>> = vec![Vec::new(); texts.len()];
    for t in vocab {
        let mut first: Option<Span> = None;
        for (k, (span, hay)) in texts.iter().enumerate() {
            for (a, b) in find(hay, &t.term) {
                if taken[k].iter().any(|(x, y)| a < *y && *x < b) {
                    continue;
                }
                taken[k].push((a, b));
                if first.is_none() {
                    first = Some(span.start + a..span.start + b);
                }
            }
        }
        let Some(at) = first else { continue };
        if settled(t, terms, &parts, &sets) {
            continue;
        }
        let name = &t.term;
        let d = if t.piece {
            let a = if name.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
            Diagnostic::warning(format!("the rules use {a} {name}, which the pack does not provide"))
                .at(at, "no such part in [components]")
                .hint("print it (`[[components.tokens]]`, `[[components.cards]]` or `[[components.tracks]]`), or list it in `[[components.from_box]]` with its box and count; then say where it starts in `[starts]`")
        } else {
            Diagnostic::warning(format!(
                "the rules use `{name}`, a game term this pack neither defines nor attributes to a box"
            ))
            .at(at, "undefined term")
            .hint(format!(
                "define it in `[[terms]]`: `term = \"{name}\"` with `means = \"...\"` in your own words, or `box = \"...\"` naming the box whose rulebook defines it"
            ))
        };
        diags.push(d);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_vocabulary_file_reads() {
        let v = parse_vocabulary(VOCABULARY).expect("templates/vocabulary.toml parses");
        assert!(v.len() > 40, "{}", v.len());
        assert!(v.iter().any(|t| t.term == "robber" && t.piece));
        for t in &v {
            assert!(!t.term.trim().is_empty());
            let n = v.iter().filter(|u| u.term.eq_ignore_ascii_case(&t.term)).count();
            assert_eq!(n, 1, "`{}` is listed twice", t.term);
        }
        let e = parse_vocabulary("[[term]]\nterm = \"x\"\ncolour = 1\n").unwrap_err();
        assert_eq!(
            (e.message.as_str(), e.line, e.col),
            ("unknown key `colour` in `term[0]`", 3, 1)
        );
        let e = parse_vocabulary("[[term]]\nbox = \"Seafarers\"\n").unwrap_err();
        assert_eq!(e.message, "missing `term` in `term[0]`");
    }

    #[test]
    fn terms_match_whole_words_singular_or_plural_across_line_breaks() {
        let hay = searchable("Two Sea\n  Ports, a seaport, cities and {sea_port} settlements");
        assert_eq!(find(&hay, "sea port").len(), 1);
        assert_eq!(find(&hay, "city").len(), 1);
        assert_eq!(find(&hay, "settler").len(), 0);
        assert_eq!(find(&hay, "settlement").len(), 1);
        assert!(find(&searchable("{castaway_limit} castaways"), "castaway").len() == 1);
        assert!(names("Castaway tokens", "castaway"));
        assert!(!names("Castaway tokens", "token box"));
    }
}
