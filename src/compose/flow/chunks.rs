//! Every kind of block to its chunks: the one match over [`Block`], with
//! text, headings and images from `blocks.rs` and tables from `table.rs`
//! (which builds on `blocks.rs`, so neither needs the other's caller).

use super::blocks::{heading_chunk, image_chunk, line_chunks, line_items, Chunk, Ctx};
use super::model::Block;
use super::spec::FlowError;
use super::table::table_chunks;
use super::wrap::{wrap, Line};

/// Appends the chunks of `block` to `out`.
pub(crate) fn block_chunks(
    ctx: &mut Ctx,
    block: &Block,
    out: &mut Vec<Chunk>,
) -> Result<(), FlowError> {
    let size = ctx.spec.base_size;
    let body = ctx.spec.inks.text;
    match block {
        Block::Heading { level, text } => out.push(heading_chunk(ctx, (*level).max(1), text)?),
        Block::Paragraph(spans) => {
            let lines = wrap(spans, size, ctx.width)?;
            out.extend(line_chunks(ctx, &lines, 0.0, size, body, 0.55 * ctx.lh, |_| Vec::new()));
        }
        Block::Bullets(entries) => {
            let indent = 1.6 * size;
            let bullet = Line {
                runs: vec![super::wrap::Run {
                    dx: 0.0,
                    text: "\u{2022}".into(),
                    weight: crate::scene::Weight::Regular,
                }],
                width: 0.0,
            };
            for (i, spans) in entries.iter().enumerate() {
                let lines = wrap(spans, size, ctx.width - indent)?;
                let gap = if i == 0 { 0.5 } else { 0.2 } * ctx.lh;
                let mark = |base: f64| line_items(&bullet, 0.45 * size, base, size, body);
                out.extend(line_chunks(ctx, &lines, indent, size, body, gap, mark));
            }
        }
        Block::Table { header, rows, col_widths } => {
            out.extend(table_chunks(ctx, header, rows, col_widths.as_deref())?);
        }
        Block::Image { width, height, items } => {
            out.push(image_chunk(ctx, *width, *height, items)?)
        }
        Block::KeepTogether(blocks) => {
            let start = out.len();
            for b in blocks {
                block_chunks(ctx, b, out)?;
            }
            let end = out.len();
            if end > start + 1 {
                for c in &mut out[start..end - 1] {
                    c.keep_with_next = true;
                }
            }
        }
        Block::PageBreak => {
            out.push(Chunk { page_break: true, what: "a page break", ..Chunk::default() })
        }
    }
    Ok(())
}
