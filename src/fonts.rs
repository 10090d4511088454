//! The bundled fonts (Noto Sans, SIL OFL; see `fonts/OFL.txt`), the only
//! fonts any output uses, and the one text measure: widths come from shaping
//! with rustybuzz, the shaper usvg itself uses (same font bytes,
//! left-to-right, default features: kerning and ligatures on, no letter or
//! word spacing). A `<text>` element holding exactly the measured string
//! therefore ends where we say it ends (checked against usvg in
//! `tests/flow.rs`), and the PDF encoder places text with the same widths.
//! Compose measures and export draws with this module, so what is measured is
//! what is printed. Lengths are in millimetres; `size` is the em height.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::OnceLock;

use rustybuzz::{Direction, Face, Language, Script, ShapePlan, UnicodeBuffer};

use crate::scene::Weight;

/// Noto Sans Regular.
pub const REGULAR: &[u8] = include_bytes!("../fonts/NotoSans-Regular.ttf");
/// Noto Sans Bold.
pub const BOLD: &[u8] = include_bytes!("../fonts/NotoSans-Bold.ttf");

fn face(weight: Weight) -> &'static Face<'static> {
    static REGULAR_FACE: OnceLock<Face<'static>> = OnceLock::new();
    static BOLD_FACE: OnceLock<Face<'static>> = OnceLock::new();
    let (cell, bytes) = match weight {
        Weight::Regular => (&REGULAR_FACE, REGULAR),
        Weight::Bold => (&BOLD_FACE, BOLD),
    };
    // The bytes are compiled in and checked by a unit test; a failure here is
    // a build defect, not bad input.
    #[allow(clippy::expect_used)]
    cell.get_or_init(|| Face::from_slice(bytes, 0).expect("bundled font parses"))
}

type Plans = Vec<(Weight, Script, Option<Language>, ShapePlan)>;

thread_local! {
    /// Shaping plans by face, script and language.
    static PLANS: RefCell<Plans> = const { RefCell::new(Vec::new()) };
    /// Shaped advances in font units by text, for each weight (regular,
    /// bold): card fitting and the flow measure the same words at many
    /// sizes. Emptied when it holds [`WIDTH_CACHE_ENTRIES`] texts.
    static ADVANCES: RefCell<[HashMap<String, i64>; 2]> = RefCell::new([HashMap::new(), HashMap::new()]);
}

/// How many texts the per-thread advance cache keeps before it starts over
/// (a bound on its memory in a long-running server).
const WIDTH_CACHE_ENTRIES: usize = 20_000;

/// Advance width in mm of `text` set in one line at `size` mm, exactly as
/// usvg lays out a `<text>` holding the same string.
///
/// `text` should carry no leading, trailing or doubled spaces: usvg strips and
/// collapses them (`xml:space` default), so they would not be drawn.
pub fn text_width(text: &str, weight: Weight, size: f64) -> f64 {
    if text.is_empty() {
        return 0.0;
    }
    let face = face(weight);
    let w = usize::from(weight != Weight::Regular);
    let cached = ADVANCES.with_borrow(|c| c[w].get(text).copied());
    let units = match cached {
        Some(u) => u,
        None => {
            let u = shaped_units(weight, text);
            ADVANCES.with_borrow_mut(|c| {
                if c[w].len() >= WIDTH_CACHE_ENTRIES {
                    c[w].clear();
                }
                c[w].insert(text.to_string(), u);
            });
            u
        }
    };
    units as f64 * size / f64::from(face.units_per_em())
}

/// The sum of the shaped advances of `text`, in font units.
fn shaped_units(weight: Weight, text: &str) -> i64 {
    shape(weight, text).glyph_positions().iter().map(|p| i64::from(p.x_advance)).sum()
}

/// `text` shaped in the bundled face of `weight`, left to right with no
/// features, as usvg and krilla's `draw_text` shape it (the shaping plan
/// is built once per thread, face, script and language). The PDF encoder
/// draws these glyphs; [`text_width`] sums their advances.
pub fn shape(weight: Weight, text: &str) -> rustybuzz::GlyphBuffer {
    let face = face(weight);
    let mut buffer = UnicodeBuffer::new();
    buffer.push_str(text);
    buffer.set_direction(Direction::LeftToRight);
    // What `rustybuzz::shape` does, with the (slow to build) plan cached.
    buffer.guess_segment_properties();
    let (script, language) = (buffer.script(), buffer.language());
    PLANS.with_borrow_mut(|plans| {
        let i = match plans.iter().position(|p| p.0 == weight && p.1 == script && p.2 == language) {
            Some(i) => i,
            None => {
                let plan = ShapePlan::new(
                    face,
                    Direction::LeftToRight,
                    Some(script),
                    language.as_ref(),
                    &[],
                );
                plans.push((weight, script, language, plan));
                plans.len() - 1
            }
        };
        rustybuzz::shape_with_plan(face, &plans[i].3, buffer)
    })
}

/// The first character of `text` that one of the bundled fonts cannot draw
/// (whitespace aside), if any. Everything printed is drawn with these fonts,
/// so a scenario's texts are checked with this before anything is drawn.
pub(crate) fn missing_char(text: &str) -> Option<char> {
    let ascii = ascii_drawn();
    let drawn = |c: char| ascii.get(c as usize).copied().unwrap_or_else(|| both_draw(c));
    text.chars().find(|c| !c.is_whitespace() && !drawn(*c))
}

/// Whether both bundled fonts have a glyph for `c`.
fn both_draw(c: char) -> bool {
    [Weight::Regular, Weight::Bold].iter().all(|w| face(*w).glyph_index(c).is_some())
}

/// [`both_draw`] for the 128 ASCII characters, looked up in the fonts once:
/// nearly every character printed is one of these, and [`missing_char`]
/// checks every text drawn.
fn ascii_drawn() -> &'static [bool; 128] {
    static DRAWN: OnceLock<[bool; 128]> = OnceLock::new();
    DRAWN.get_or_init(|| std::array::from_fn(|i| both_draw(char::from(i as u8))))
}

/// Vertical extent of a font above and below the baseline, as fractions of
/// the em: the `hhea` ascender and descender, the largest of both weights.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VMetrics {
    /// Height above the baseline (positive).
    pub ascent: f64,
    /// Depth below the baseline (positive).
    pub descent: f64,
}

/// The bundled fonts' vertical metrics (per em).
pub fn vmetrics() -> VMetrics {
    let mut m = VMetrics { ascent: 0.0, descent: 0.0 };
    for w in [Weight::Regular, Weight::Bold] {
        let f = face(w);
        let upem = f64::from(f.units_per_em());
        m.ascent = m.ascent.max(f64::from(f.ascender()) / upem);
        m.descent = m.descent.max(-f64::from(f.descender()) / upem);
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ascii_table_says_what_the_fonts_say() {
        let faces = [face(Weight::Regular), face(Weight::Bold)];
        for (i, known) in ascii_drawn().iter().enumerate() {
            let c = char::from(i as u8);
            assert_eq!(*known, faces.iter().all(|f| f.glyph_index(c).is_some()), "{c:?}");
        }
        // Printable ASCII is drawn; a control character is not.
        assert_eq!(missing_char("Ore & wool: 2-for-1 (~)"), None);
        assert_eq!(missing_char("a\u{7}b"), Some('\u{7}'));
    }

    #[test]
    fn coverage_is_latin_greek_cyrillic_not_cjk() {
        assert_eq!(missing_char("Catan — Ærø, Αθήνα, Москва, 6 × 8"), None);
        assert_eq!(missing_char("map 漢字"), Some('漢'));
        assert_eq!(missing_char("Knight • 2:1 – ok"), None);
        assert_eq!(missing_char("a ★"), Some('★'));
    }

    #[test]
    fn both_faces_parse_and_measure() {
        for w in [Weight::Regular, Weight::Bold] {
            assert!(Face::from_slice(if w == Weight::Bold { BOLD } else { REGULAR }, 0).is_some());
            let a = text_width("Settlement", w, 4.0);
            assert!(a > 10.0 && a < 30.0, "{a}");
            // Width scales with size.
            assert!((text_width("Settlement", w, 8.0) - 2.0 * a).abs() < 1e-9);
        }
        assert!(text_width("Road", Weight::Bold, 4.0) > text_width("Road", Weight::Regular, 4.0));
        assert_eq!(text_width("", Weight::Regular, 4.0), 0.0);
    }

    #[test]
    fn kerning_is_applied() {
        // "AV" kerns tighter than its letters apart.
        let pair = text_width("AV", Weight::Regular, 10.0);
        let apart = text_width("A", Weight::Regular, 10.0) + text_width("V", Weight::Regular, 10.0);
        assert!(pair < apart - 0.05, "{pair} vs {apart}");
    }

    #[test]
    fn glyph_coverage() {
        let v = vmetrics();
        assert!(v.ascent > 0.9 && v.ascent < 1.2 && v.descent > 0.2 && v.descent < 0.4, "{v:?}");
    }
}
