//! Text shaped for the PDF: the glyphs krilla's own `draw_text` would make,
//! shaped by [`crate::fonts::shape`] (the shaping the text measure uses),
//! and the glyphs of a text kept while a job is encoded: a page in two
//! documents (the print pack and its separate file) and a card printed once
//! per player repeat the same texts.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use krilla::text::{Font, GlyphId, KrillaGlyph};

use crate::scene::Weight;

/// Texts kept at most; the cache starts again beyond it (a long-running
/// server shapes unboundedly many texts).
const KEEP: usize = 8192;

/// Glyphs by (bold, text).
type Glyphs = HashMap<(bool, String), Rc<[KrillaGlyph]>>;

thread_local! {
    static GLYPHS: RefCell<Glyphs> = RefCell::new(HashMap::new());
}

/// The glyphs of `text` in `font` (the bundled face of `weight`), as
/// krilla's `draw_text` shapes them left to right; `None` when the face
/// cannot be read.
pub fn glyphs(text: &str, weight: Weight, font: &Font) -> Option<Rc<[KrillaGlyph]>> {
    let key = (weight == Weight::Bold, text.to_string());
    if let Some(g) = GLYPHS.with_borrow(|m| m.get(&key).cloned()) {
        return Some(g);
    }
    let g: Rc<[KrillaGlyph]> = shape(text, weight, font.units_per_em())?.into();
    GLYPHS.with_borrow_mut(|m| {
        if m.len() >= KEEP {
            m.clear();
        }
        m.insert(key, g.clone());
    });
    Some(g)
}

fn shape(text: &str, weight: Weight, upem: f32) -> Option<Vec<KrillaGlyph>> {
    Some(glyphs_of(&crate::fonts::shape(weight, text), text.len(), upem))
}

/// krilla's glyphs from a shaped buffer: advances and offsets per em, each
/// glyph's cluster as a range of the text (left to right).
fn glyphs_of(output: &rustybuzz::GlyphBuffer, len: usize, upem: f32) -> Vec<KrillaGlyph> {
    let (positions, infos) = (output.glyph_positions(), output.glyph_infos());
    (0..output.len())
        .map(|i| {
            let (pos, info) = (positions[i], infos[i]);
            let start = info.cluster as usize;
            let mut e = i + 1;
            while infos.get(e).is_some_and(|n| n.cluster == info.cluster) {
                e += 1;
            }
            let end = infos.get(e).map_or(len, |n| n.cluster as usize);
            KrillaGlyph::new(
                GlyphId::new(info.glyph_id),
                pos.x_advance as f32 / upem,
                pos.x_offset as f32 / upem,
                pos.y_offset as f32 / upem,
                pos.y_advance as f32 / upem,
                start..end,
                None,
            )
        })
        .collect()
}
