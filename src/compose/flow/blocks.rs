//! Blocks -> chunks: the unbreakable vertical pieces the paginator stacks.
//!
//! A chunk's items are placed relative to the text area's left edge and the
//! chunk's own top; the paginator shifts them into place.

use super::model::Span;
use super::spec::{FlowError, PageSpec};
use super::wrap::{wrap, Line};
use crate::fonts::{vmetrics, VMetrics};
use crate::scene::{Anchor, Color, Item, Path, Pt, Rect, TextStyle, Transform};

/// An unbreakable vertical piece of the flow.
#[derive(Clone, Debug, Default)]
pub(crate) struct Chunk {
    /// Height, mm.
    pub height: f64,
    /// Gap above it, dropped at the top of a page.
    pub space_before: f64,
    /// Items relative to (text-area left, chunk top).
    pub items: Vec<Item>,
    /// Must go on the same page as the next chunk (when that can fit).
    pub keep_with_next: bool,
    /// Table header (index into [`Ctx::headers`]) drawn first when this chunk
    /// starts a page.
    pub header: Option<usize>,
    /// A forced page break (no content).
    pub page_break: bool,
    /// What it is, for error messages.
    pub what: &'static str,
}

/// Shared layout state while turning blocks into chunks.
pub(crate) struct Ctx<'a> {
    /// The page setup.
    pub spec: &'a PageSpec,
    /// Text area width, mm.
    pub width: f64,
    /// Body line pitch, mm.
    pub lh: f64,
    /// Font vertical metrics per em.
    pub vm: VMetrics,
    /// Table header chunks, repeated on continuation pages.
    pub headers: Vec<Chunk>,
}

impl<'a> Ctx<'a> {
    /// A context for `spec` (already checked).
    pub fn new(spec: &'a PageSpec) -> Ctx<'a> {
        Ctx {
            spec,
            width: spec.right() - spec.left(),
            lh: spec.base_size * spec.line_height,
            vm: vmetrics(),
            headers: Vec::new(),
        }
    }

    /// Baseline offset from the top of a line box of pitch `pitch` for text of
    /// `size`: the half-leading model of CSS, centring ascender + descender.
    pub fn baseline(&self, size: f64, pitch: f64) -> f64 {
        (pitch - (self.vm.ascent + self.vm.descent) * size) / 2.0 + self.vm.ascent * size
    }
}

/// The items drawing `line` with its left end at `x` and baseline at `y`.
pub(crate) fn line_items(line: &Line, x: f64, y: f64, size: f64, color: Color) -> Vec<Item> {
    line.runs
        .iter()
        .map(|r| Item::Text {
            pos: Pt::new(x + r.dx, y),
            text: r.text.clone(),
            style: TextStyle {
                size,
                weight: r.weight,
                anchor: Anchor::Start,
                color,
                role: crate::scene::TextRole::Body,
            },
        })
        .collect()
}

/// One chunk per line, with widow and orphan control (a paragraph of two or
/// more lines never leaves a single line alone at either end of a page).
pub(super) fn line_chunks(
    ctx: &Ctx,
    lines: &[Line],
    x: f64,
    size: f64,
    color: Color,
    space_before: f64,
    mut first_extra: impl FnMut(f64) -> Vec<Item>,
) -> Vec<Chunk> {
    let pitch = size * ctx.spec.line_height;
    let base = ctx.baseline(size, pitch);
    let n = lines.len();
    lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let mut items = line_items(l, x, base, size, color);
            if i == 0 {
                items.extend(first_extra(base));
            }
            Chunk {
                height: pitch,
                space_before: if i == 0 { space_before } else { 0.0 },
                items,
                keep_with_next: n >= 2 && (i == 0 || i + 2 == n),
                what: "a line",
                ..Chunk::default()
            }
        })
        .collect()
}

fn heading_size(ctx: &Ctx, level: u8) -> f64 {
    ctx.spec.base_size
        * match level {
            0 => 2.0,
            1 => 1.55,
            2 => 1.3,
            _ => 1.1,
        }
}

/// The heading (level 0: the document title) as one chunk kept with the next.
pub(super) fn heading_chunk(ctx: &Ctx, level: u8, text: &str) -> Result<Chunk, FlowError> {
    let size = heading_size(ctx, level);
    let lines = wrap(&[Span::bold(text)], size, ctx.width)?;
    let pitch = size * ctx.spec.line_height;
    let base = ctx.baseline(size, pitch);
    let color = ctx.spec.inks.heading;
    let mut items = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        items.extend(line_items(l, 0.0, base + i as f64 * pitch, size, color));
    }
    let mut height = lines.len() as f64 * pitch + 0.15 * ctx.lh;
    if level <= 1 {
        // A thin rule under the title and top-level headings.
        let y = height + 0.1 * ctx.lh;
        items.push(Item::Path {
            path: Path::line(Pt::new(0.0, y), Pt::new(ctx.width, y)),
            fill: None,
            stroke: Some(crate::scene::Stroke::solid(color, 0.3)),
        });
        height = y + 0.2 * ctx.lh;
    }
    let space_before = match level {
        0 => 0.0,
        1 => 1.4,
        2 => 1.1,
        _ => 0.8,
    } * ctx.lh;
    Ok(Chunk {
        height,
        space_before,
        items,
        keep_with_next: true,
        what: "a heading",
        ..Chunk::default()
    })
}

pub(super) fn image_chunk(
    ctx: &Ctx,
    width: f64,
    height: f64,
    items: &[Item],
) -> Result<Chunk, FlowError> {
    if !(width.is_finite() && height.is_finite() && width > 0.0 && height > 0.0) {
        return Err(FlowError::BadImage { width, height });
    }
    let room = ctx.spec.bottom() - ctx.spec.top();
    let scale = 1.0_f64.min(ctx.width / width).min(room / height);
    let x = (ctx.width - width * scale) / 2.0;
    let group = Item::Group {
        transform: Transform::scale(scale, scale).then(Transform::translate(x, 0.0)),
        clip: Some(Path::rect(Rect::new(0.0, 0.0, width, height))),
        items: items.to_vec(),
    };
    Ok(Chunk {
        height: height * scale,
        space_before: 0.7 * ctx.lh,
        items: vec![group],
        what: "an image",
        ..Chunk::default()
    })
}

/// The document title as a chunk (nothing for an empty title).
pub(crate) fn title_chunk(ctx: &Ctx, title: &str) -> Result<Option<Chunk>, FlowError> {
    if title.trim().is_empty() {
        return Ok(None);
    }
    let mut c = heading_chunk(ctx, 0, title)?;
    c.keep_with_next = false;
    Ok(Some(c))
}
