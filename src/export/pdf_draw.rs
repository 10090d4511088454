//! Scene page -> drawing calls on a krilla surface, straight from the IR (no
//! SVG text, no usvg tree in between, as typst's PDF exporter reads its frames).
//!
//! Lengths are converted from millimetres to points here: paths, stroke widths,
//! dashes, font sizes and the translation part of group transforms, so a
//! content stream holds page coordinates in points. Text is drawn as real text
//! with the bundled fonts, shaped with rustybuzz as krilla would (the shaper
//! the composer measures with; see [`super::shape`]), so anchors line up
//! with the measured widths.

use std::sync::OnceLock;

use krilla::color::rgb;
use krilla::geom::{Path as KPath, PathBuilder, Point, Transform as KTransform};
use krilla::num::NormalizedF32;
use krilla::paint::{Fill, FillRule, LineCap, LineJoin, Stroke as KStroke, StrokeDash};
use krilla::surface::Surface;
use krilla::text::Font;

use super::error::RenderError;
use crate::fonts::{missing_char, text_width};
use crate::scene::{Anchor, Color, Item, Page, Path, Seg, Stroke, Weight};
use crate::units::mm_to_pt;

/// The bundled faces as krilla fonts, parsed once.
fn font(weight: Weight) -> Result<Font, RenderError> {
    static REGULAR: OnceLock<Option<Font>> = OnceLock::new();
    static BOLD: OnceLock<Option<Font>> = OnceLock::new();
    let (cell, bytes) = match weight {
        Weight::Regular => (&REGULAR, crate::fonts::REGULAR),
        Weight::Bold => (&BOLD, crate::fonts::BOLD),
    };
    cell.get_or_init(|| Font::new(bytes.into(), 0))
        .clone()
        .ok_or_else(|| RenderError::Pdf("a bundled font could not be read".into()))
}

fn pt(v: f64) -> f32 {
    mm_to_pt(v) as f32
}

fn path(p: &Path) -> Option<KPath> {
    let mut b = PathBuilder::new();
    for s in &p.segs {
        match *s {
            Seg::Move(a) => b.move_to(pt(a.x), pt(a.y)),
            Seg::Line(a) => b.line_to(pt(a.x), pt(a.y)),
            Seg::Cubic(a, c, d) => b.cubic_to(pt(a.x), pt(a.y), pt(c.x), pt(c.y), pt(d.x), pt(d.y)),
            Seg::Close => b.close(),
        }
    }
    b.finish()
}

fn opacity(c: Color) -> NormalizedF32 {
    NormalizedF32::new(f32::from(c.a) / 255.0).unwrap_or(NormalizedF32::ONE)
}

fn fill(c: Color) -> Fill {
    Fill {
        paint: rgb::Color::new(c.r, c.g, c.b).into(),
        opacity: opacity(c),
        rule: FillRule::NonZero,
    }
}

fn stroke(s: &Stroke) -> KStroke {
    KStroke {
        paint: rgb::Color::new(s.color.r, s.color.g, s.color.b).into(),
        width: pt(s.width),
        // The SVG defaults the other encoders use.
        miter_limit: 4.0,
        line_cap: LineCap::Butt,
        line_join: LineJoin::Round,
        opacity: opacity(s.color),
        dash: (!s.dash.is_empty())
            .then(|| StrokeDash { array: s.dash.iter().map(|d| pt(*d)).collect(), offset: 0.0 }),
    }
}

/// Draws every item of `page` on `surface` (a page of the same size in points).
pub(crate) fn draw_page(surface: &mut Surface<'_>, page: &Page) -> Result<(), RenderError> {
    for item in &page.items {
        draw(surface, item, &page.label)?;
    }
    Ok(())
}

fn draw(surface: &mut Surface<'_>, item: &Item, label: &str) -> Result<(), RenderError> {
    match item {
        Item::Path { path: p, fill: f, stroke: s } => {
            if f.is_none() && s.is_none() {
                return Ok(());
            }
            let Some(kp) = path(p) else { return Ok(()) };
            surface.set_fill(f.map(fill));
            surface.set_stroke(s.as_ref().map(stroke));
            surface.draw_path(&kp);
        }
        Item::Text { pos, text, style } => {
            if text.trim().is_empty() {
                return Ok(());
            }
            if missing_char(text).is_some() {
                return Err(RenderError::MissingGlyph {
                    page: label.to_string(),
                    text: text.clone(),
                });
            }
            let w = text_width(text, style.weight, style.size);
            let x = match style.anchor {
                Anchor::Start => pos.x,
                Anchor::Middle => pos.x - w / 2.0,
                Anchor::End => pos.x - w,
            };
            surface.set_fill(Some(fill(style.color)));
            surface.set_stroke(None);
            let font = font(style.weight)?;
            let glyphs = super::shape::glyphs(text, style.weight, &font)
                .ok_or_else(|| RenderError::Pdf("a bundled font could not be read".into()))?;
            let start = Point::from_xy(pt(x), pt(pos.y));
            surface.draw_glyphs(start, &glyphs, font, text, pt(style.size), false);
        }
        Item::Group { transform, clip, items } => {
            let [a, b, c, d, e, f] = transform.m;
            let identity = transform.m == crate::scene::Transform::IDENTITY.m;
            if !identity {
                // The linear part is unitless; the translation is a length.
                surface.push_transform(&KTransform::from_row(
                    a as f32,
                    b as f32,
                    c as f32,
                    d as f32,
                    pt(e),
                    pt(f),
                ));
            }
            let clipped = match clip.as_ref().and_then(path) {
                Some(cp) => {
                    surface.push_clip_path(&cp, &FillRule::NonZero);
                    true
                }
                None => false,
            };
            for it in items {
                draw(surface, it, label)?;
            }
            if clipped {
                surface.pop();
            }
            if !identity {
                surface.pop();
            }
        }
    }
    Ok(())
}
