//! One scene page -> one parsed usvg tree, checked so that no text is lost.
//!
//! usvg silently drops text whose font it cannot find and draws `.notdef`
//! boxes for characters the font lacks; both are turned into errors here.

use resvg::usvg;

use super::error::RenderError;
use super::fonts;
use crate::export::svg::page_to_svg;
use crate::scene::{Item, Page};

/// Number of non-blank text runs in a list of items (groups included).
pub(crate) fn count_text(items: &[Item]) -> usize {
    items
        .iter()
        .map(|i| match i {
            Item::Text { text, .. } if !text.trim().is_empty() => 1,
            Item::Group { items, .. } => count_text(items),
            _ => 0,
        })
        .sum()
}

/// Number of text nodes in a parsed group; fails on a glyph the fonts lack.
fn count_tree_text(g: &usvg::Group, page: &str) -> Result<usize, RenderError> {
    let mut n = 0;
    for node in g.children() {
        match node {
            usvg::Node::Group(g) => n += count_tree_text(g, page)?,
            usvg::Node::Text(t) => {
                let missing = t
                    .layouted()
                    .iter()
                    .flat_map(|s| &s.positioned_glyphs)
                    .find(|gl| gl.id.0 == 0 && !gl.text.trim().is_empty());
                if let Some(gl) = missing {
                    return Err(RenderError::MissingGlyph {
                        page: page.to_string(),
                        text: gl.text.clone(),
                    });
                }
                n += 1;
            }
            _ => {}
        }
    }
    Ok(n)
}

/// Parses SVG text with the bundled fonts only.
pub fn parse_svg(svg: &str, label: &str) -> Result<usvg::Tree, RenderError> {
    usvg::Tree::from_str(svg, &fonts::usvg_options())
        .map_err(|e| RenderError::Svg { page: label.to_string(), message: e.to_string() })
}

/// Writes `page` as SVG and parses it, checking every text run survived.
pub fn page_tree(page: &Page) -> Result<usvg::Tree, RenderError> {
    checked_tree(page, &page_to_svg(page))
}

/// Parses `svg`, the SVG text of `page`, checking the page size and that
/// every text run survived.
pub(crate) fn checked_tree(page: &Page, svg: &str) -> Result<usvg::Tree, RenderError> {
    if !(page.width > 0.0 && page.height > 0.0 && page.width.is_finite() && page.height.is_finite())
    {
        return Err(RenderError::PageSize {
            page: page.label.clone(),
            width: page.width,
            height: page.height,
        });
    }
    let tree = parse_svg(svg, &page.label)?;
    let expected = count_text(&page.items);
    let found = count_tree_text(tree.root(), &page.label)?;
    if found != expected {
        return Err(RenderError::TextDropped { page: page.label.clone(), expected, found });
    }
    Ok(tree)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Anchor, Color, Pt, TextStyle, Transform, Weight};

    fn text(s: &str, weight: Weight) -> Item {
        Item::Text {
            pos: Pt::new(10.0, 10.0),
            text: s.into(),
            style: TextStyle {
                size: 4.0,
                weight,
                anchor: Anchor::Start,
                color: Color::BLACK,
                role: crate::scene::TextRole::Body,
            },
        }
    }

    #[test]
    fn every_text_run_survives_parsing() {
        let mut p = Page::new(100.0, 50.0, "t");
        p.push(text("Regular 2:1", Weight::Regular));
        p.push(text("Bold 6", Weight::Bold));
        p.push(Item::Group {
            transform: Transform::translate(5.0, 5.0),
            clip: None,
            items: vec![text("nested ?", Weight::Regular)],
        });
        assert_eq!(count_text(&p.items), 3);
        let tree = page_tree(&p).expect("parses");
        assert_eq!(count_tree_text(tree.root(), "t").expect("glyphs"), 3);
    }

    #[test]
    fn an_unknown_font_is_reported_not_dropped() {
        // Same text as the writer would emit, but with a family that is not bundled
        // and no generic fallback: usvg drops it, and the count notices.
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10mm\" height=\"10mm\" \
                   viewBox=\"0 0 10 10\"><text x=\"1\" y=\"5\" font-family=\"NoSuchFont\" \
                   font-size=\"3\">x</text></svg>";
        let tree = parse_svg(svg, "t").expect("parses");
        // With our database the fallback resolves to Noto Sans, so nothing is lost.
        assert_eq!(count_tree_text(tree.root(), "t").expect("glyphs"), 1);
        // With an empty database the same text vanishes: this is what the check guards.
        let opts = resvg::usvg::Options::default();
        let bare = resvg::usvg::Tree::from_str(svg, &opts).expect("parses");
        assert_eq!(count_tree_text(bare.root(), "t").expect("glyphs"), 0);
    }

    #[test]
    fn a_character_without_glyph_is_an_error() {
        let mut p = Page::new(40.0, 20.0, "g");
        p.push(text("\u{1F600}", Weight::Regular));
        assert!(matches!(page_tree(&p), Err(RenderError::MissingGlyph { .. })));
    }
}
