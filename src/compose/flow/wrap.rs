//! Greedy line breaking of mixed regular/bold text with real font metrics.
//!
//! Text is cut into atoms at spaces and after a hyphen or slash inside a word.
//! Lines are filled greedily, each candidate line measured exactly as it will
//! be drawn (one `<text>` per same-weight run, runs' outer spaces stripped
//! and replaced by an x shift, because usvg drops them). A word wider than the
//! whole line is split between characters, with a hyphen between letters.

use super::model::Span;
use crate::fonts::{missing_char, text_width};
use std::collections::VecDeque;

use super::spec::FlowError;
use crate::scene::Weight;

/// One same-weight piece of a laid-out line.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Run {
    /// Offset from the line's left end, mm.
    pub dx: f64,
    /// Text without leading or trailing spaces.
    pub text: String,
    /// Face.
    pub weight: Weight,
}

/// A laid-out line.
#[derive(Clone, Debug, PartialEq, Default)]
pub(crate) struct Line {
    /// Runs, left to right.
    pub runs: Vec<Run>,
    /// Drawn width, mm.
    pub width: f64,
}

type Chars = Vec<(char, Weight)>;

/// A piece between break opportunities.
#[derive(Clone, Debug)]
struct Atom {
    chars: Chars,
    /// The weight of the space before it; `None` when glued to the previous
    /// atom (after a hyphen) or first.
    space: Option<Weight>,
}

fn weight_of(bold: bool) -> Weight {
    if bold {
        Weight::Bold
    } else {
        Weight::Regular
    }
}

/// Checks every character of `spans` has a glyph.
pub(crate) fn check_glyphs(spans: &[Span]) -> Result<(), FlowError> {
    for s in spans {
        if let Some(ch) = missing_char(&s.text) {
            let context: String = s.text.chars().take(40).collect();
            return Err(FlowError::MissingGlyph { ch, code: ch as u32, context });
        }
    }
    Ok(())
}

/// Collapses whitespace to single spaces and trims both ends.
fn normalize(spans: &[Span]) -> Chars {
    let mut out: Chars = Vec::new();
    for s in spans {
        let w = weight_of(s.bold);
        for c in s.text.chars() {
            if c.is_whitespace() && c != '\u{a0}' {
                if out.last().is_some_and(|(p, _)| *p != ' ') {
                    out.push((' ', w));
                }
            } else if !c.is_control() {
                out.push((c, w));
            }
        }
    }
    while out.last().is_some_and(|(c, _)| *c == ' ') {
        out.pop();
    }
    out
}

fn atoms(chars: &Chars) -> Vec<Atom> {
    let mut out = Vec::new();
    let mut cur = Atom { chars: Vec::new(), space: None };
    for (i, &(c, w)) in chars.iter().enumerate() {
        if c == ' ' {
            out.push(std::mem::replace(&mut cur, Atom { chars: Vec::new(), space: Some(w) }));
            continue;
        }
        cur.chars.push((c, w));
        let prev_alnum = i > 0 && chars[i - 1].0.is_alphanumeric();
        let next_alpha = chars.get(i + 1).is_some_and(|(n, _)| n.is_alphabetic());
        if (c == '-' || c == '/') && prev_alnum && next_alpha {
            out.push(std::mem::replace(&mut cur, Atom { chars: Vec::new(), space: None }));
        }
    }
    out.push(cur);
    out.retain(|a| !a.chars.is_empty());
    out
}

/// Lays out a character sequence as runs (spaces included as given).
fn runs_of(chars: &[(char, Weight)], size: f64) -> Line {
    let mut line = Line::default();
    let mut x = 0.0;
    let mut i = 0;
    while i < chars.len() {
        let w = chars[i].1;
        let mut j = i;
        while j < chars.len() && chars[j].1 == w {
            j += 1;
        }
        let text: String = chars[i..j].iter().map(|(c, _)| *c).collect();
        let lead = text.len() - text.trim_start_matches(' ').len();
        let trimmed = text.trim_matches(' ');
        let trail = text.len() - lead - trimmed.len();
        let space = if lead + trail > 0 { text_width(" ", w, size) } else { 0.0 };
        x += lead as f64 * space;
        if !trimmed.is_empty() {
            line.runs.push(Run { dx: x, text: trimmed.to_string(), weight: w });
            x += text_width(trimmed, w, size);
            line.width = x;
        }
        x += trail as f64 * space;
        i = j;
    }
    line
}

fn line_of(atoms: &[Atom], size: f64) -> Line {
    let mut chars: Chars = Vec::new();
    for (i, a) in atoms.iter().enumerate() {
        if let (true, Some(w)) = (i > 0, a.space) {
            chars.push((' ', w));
        }
        chars.extend_from_slice(&a.chars);
    }
    runs_of(&chars, size)
}

/// Splits an atom too wide for `max` into a head that fits (hyphenated
/// between letters) and the rest.
fn split_atom(atom: &Atom, size: f64, max: f64) -> Result<(Chars, Atom), FlowError> {
    let n = atom.chars.len();
    let head = |k: usize| {
        let mut h: Chars = atom.chars[..k].to_vec();
        if atom.chars[k - 1].0.is_alphabetic() && atom.chars[k].0.is_alphabetic() {
            h.push(('-', atom.chars[k - 1].1));
        }
        h
    };
    let mut best = 0;
    for k in 1..n {
        if runs_of(&head(k), size).width <= max + 1e-9 {
            best = k;
        } else {
            break;
        }
    }
    if best == 0 {
        let text = atom.chars.iter().map(|(c, _)| *c).collect();
        return Err(FlowError::TooNarrow { width: max, text });
    }
    let rest = Atom { chars: atom.chars[best..].to_vec(), space: None };
    Ok((head(best), rest))
}

/// Moves the finished line `cur` to `lines`. The line was filled by an
/// estimate (atom widths plus space widths); the exact measure decides, and
/// atoms that do not fit after all go back to the front of `queue`.
fn flush(
    cur: &mut Vec<Atom>,
    queue: &mut VecDeque<Atom>,
    lines: &mut Vec<Line>,
    size: f64,
    max: f64,
) {
    loop {
        let line = line_of(cur, size);
        if line.width <= max + 1e-9 || cur.len() <= 1 {
            lines.push(line);
            cur.clear();
            return;
        }
        if let Some(a) = cur.pop() {
            queue.push_front(a);
        }
    }
}

/// Breaks `spans` into lines no wider than `max` mm at `size` mm.
/// Empty text gives no lines.
pub(crate) fn wrap(spans: &[Span], size: f64, max: f64) -> Result<Vec<Line>, FlowError> {
    check_glyphs(spans)?;
    let space = |w: Option<Weight>| w.map_or(0.0, |w| text_width(" ", w, size));
    let mut lines = Vec::new();
    let mut cur: Vec<Atom> = Vec::new();
    let mut estimate = 0.0;
    let mut queue: VecDeque<Atom> = atoms(&normalize(spans)).into();
    loop {
        let Some(atom) = queue.pop_front() else {
            if cur.is_empty() {
                break;
            }
            // The last line; the exact check may push atoms back.
            flush(&mut cur, &mut queue, &mut lines, size, max);
            estimate = 0.0;
            continue;
        };
        let width = runs_of(&atom.chars, size).width;
        let add = if cur.is_empty() { width } else { space(atom.space) + width };
        if estimate + add <= max + 1e-9 {
            estimate += add;
            cur.push(atom);
            continue;
        }
        if !cur.is_empty() {
            queue.push_front(atom);
            flush(&mut cur, &mut queue, &mut lines, size, max);
            estimate = 0.0;
            continue;
        }
        // Alone and still too wide: break inside the word.
        let (head, rest) = split_atom(&atom, size, max)?;
        lines.push(runs_of(&head, size));
        queue.push_front(rest);
    }
    Ok(lines)
}

/// Width of `spans` set on one line (no wrapping), mm.
pub(crate) fn natural_width(spans: &[Span], size: f64) -> f64 {
    runs_of(&normalize(spans), size).width
}

/// Width of the widest unbreakable piece of `spans`, mm.
pub(crate) fn widest_atom(spans: &[Span], size: f64) -> f64 {
    atoms(&normalize(spans)).iter().map(|a| runs_of(&a.chars, size).width).fold(0.0, f64::max)
}

/// The one greedy line filler for plain text: `units` joined by `sep` into
/// lines, a unit joining the last line while `fits(line number, candidate
/// line)` accepts the line with it; a line breaks only between units, and a
/// unit that fits no line stands alone. [`pack_units`] measures in mm, the
/// plain-text print plan in characters. Rich text (spans, breaks after
/// hyphens, words split between letters) goes through [`wrap`].
pub(crate) fn pack_with<'a>(
    units: impl IntoIterator<Item = &'a str>,
    sep: &str,
    fits: impl Fn(usize, &str) -> bool,
) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for unit in units {
        let n = lines.len().saturating_sub(1);
        match lines.last_mut() {
            Some(l) if fits(n, &format!("{l}{sep}{unit}")) => {
                l.push_str(sep);
                l.push_str(unit);
            }
            _ => lines.push(unit.to_string()),
        }
    }
    lines
}

/// [`pack_with`] for printed text: lines no wider than `room` mm in
/// `weight` at `size`, each candidate line measured whole with
/// [`text_width`].
pub(crate) fn pack_units<'a>(
    units: impl IntoIterator<Item = &'a str>,
    sep: &str,
    weight: Weight,
    size: f64,
    room: f64,
) -> Vec<String> {
    pack_with(units, sep, |_, l| text_width(l, weight, size) <= room)
}

/// Plain text in lines no wider than `room` mm: paragraphs at line breaks,
/// words at spaces ([`pack_units`]).
pub(crate) fn wrap_plain(text: &str, weight: Weight, size: f64, room: f64) -> Vec<String> {
    text.split('\n')
        .flat_map(|p| pack_units(p.split_whitespace(), " ", weight, size, room))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(l: &Line) -> String {
        l.runs.iter().map(|r| r.text.as_str()).collect::<Vec<_>>().join("|")
    }

    #[test]
    fn wraps_within_width_and_keeps_all_words() {
        let src = "The robber moves to any land hex and blocks it until he moves again. ".repeat(5);
        let lines = wrap(&[Span::plain(src.clone())], 3.5, 60.0).unwrap();
        assert!(lines.len() > 4);
        for l in &lines {
            assert!(l.width <= 60.0 + 1e-9);
            assert!((l.width - text_width(&l.runs[0].text, Weight::Regular, 3.5)).abs() < 1e-9);
        }
        let joined: Vec<String> = lines.iter().map(text).collect();
        assert_eq!(joined.join(" "), src.trim());
    }

    #[test]
    fn every_width_gives_exactly_fitting_lines() {
        // Kerning pairs across hyphens and bold edges, so estimates and exact
        // measures can differ at the margin.
        let spans = Span::parse("AV-To Ty, **Wa.** LT-Yo **\"V\"**-Ay 7.7 r.y W-A-V-A T-y-T. ");
        let spans: Vec<Span> = spans.iter().cycle().take(spans.len() * 4).cloned().collect();
        let mut max = 15.0;
        while max < 90.0 {
            let lines = wrap(&spans, 3.7, max).unwrap();
            for l in &lines {
                let exact: f64 =
                    l.runs.last().map_or(0.0, |r| r.dx + text_width(&r.text, r.weight, 3.7));
                assert!((exact - l.width).abs() < 1e-9 && l.width <= max + 1e-9, "{max}: {l:?}");
            }
            let words: String = lines.iter().map(text).collect::<Vec<_>>().join(" ");
            assert_eq!(
                words.replace(['|', ' ', '-'], ""),
                spans.iter().map(|s| s.text.replace([' ', '-'], "")).collect::<String>()
            );
            max += 0.37;
        }
    }

    #[test]
    fn flush_returns_atoms_the_exact_measure_rejects() {
        let mut cur = atoms(&normalize(&[Span::plain("one two three")]));
        let two = line_of(&cur[..2], 4.0).width;
        let mut queue = VecDeque::new();
        let mut lines = Vec::new();
        flush(&mut cur, &mut queue, &mut lines, 4.0, two + 0.01);
        assert_eq!(text(&lines[0]), "one two");
        assert_eq!(queue.len(), 1);
        assert!(cur.is_empty());
    }

    #[test]
    fn mixed_weights_become_runs_with_shifts() {
        let spans = Span::parse("Pay **one brick** and one lumber.");
        let lines = wrap(&spans, 4.0, 200.0).unwrap();
        assert_eq!(lines.len(), 1);
        let r = &lines[0].runs;
        assert_eq!(r.len(), 3);
        assert_eq!((r[0].text.as_str(), r[1].text.as_str()), ("Pay", "one brick"));
        let space = text_width(" ", Weight::Regular, 4.0);
        assert!((r[1].dx - (text_width("Pay", Weight::Regular, 4.0) + space)).abs() < 1e-9);
        assert_eq!(r[2].text, "and one lumber.");
        assert_eq!(r[2].weight, Weight::Regular);
        assert!(r[2].dx > r[1].dx + text_width("one brick", Weight::Bold, 4.0));
    }

    #[test]
    fn long_words_break_inside_and_hyphens_are_break_points() {
        let lines = wrap(&[Span::plain("Supercalifragilisticexpialidocious")], 4.0, 20.0).unwrap();
        assert!(lines.len() >= 3);
        assert!(lines.iter().all(|l| l.width <= 20.0));
        assert!(lines[0].runs[0].text.ends_with('-'));
        let lines = wrap(&[Span::plain("face-down face-down")], 4.0, 25.0).unwrap();
        assert_eq!(text(&lines[0]), "face-down");
        let lines = wrap(&[Span::plain("xx face-down")], 4.0, 16.0).unwrap();
        assert_eq!(lines.iter().map(text).collect::<Vec<_>>(), ["xx face-", "down"]);
    }

    #[test]
    fn whitespace_collapses_and_errors_are_clear() {
        let lines = wrap(&[Span::plain("  a \n\t b  ")], 4.0, 100.0).unwrap();
        assert_eq!(text(&lines[0]), "a b");
        assert!(wrap(&[Span::plain("   ")], 4.0, 100.0).unwrap().is_empty());
        assert!(matches!(wrap(&[Span::plain("W")], 4.0, 0.5), Err(FlowError::TooNarrow { .. })));
        assert!(matches!(
            wrap(&[Span::plain("go →")], 4.0, 100.0),
            Err(FlowError::MissingGlyph { ch: '→', .. })
        ));
    }
}
