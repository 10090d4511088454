//! Flowed documents: headings, wrapped paragraphs, bullet lists, tables and
//! pictures laid out onto numbered pages of scene items (rules handouts).
//!
//! usvg does not wrap text, so this module does: every line becomes one
//! `Item::Text` per same-weight run, positioned with widths measured from the
//! bundled Noto Sans by the same shaper usvg uses ([`crate::fonts`]). Pages break
//! between lines, never inside a table row; headings stay with what follows;
//! table headers repeat on continuation pages; every page gets a footer with
//! "page N of M". Output is deterministic.
//!
//! ```
//! use hexpress::compose::flow::{layout_document, Block, PageSpec, Span};
//! let blocks = vec![
//!     Block::Heading { level: 1, text: "Setup".into() },
//!     Block::Paragraph(Span::parse("Place the **desert** in the centre.")),
//! ];
//! let pages = layout_document("Rules", &blocks, &PageSpec::handout(&Default::default(), "Sample")).unwrap();
//! assert_eq!(pages.len(), 1);
//! ```

mod blocks;
mod chunks;
mod model;
mod paginate;
mod spec;
mod table;
pub(crate) mod wrap;

pub use model::{Align, Block, Cell, Span};
pub use spec::{FlowError, Margins, PageSpec, BODY_SIZE};

use crate::scene::Page;

/// Text that cannot be laid out is the user's: a character the fonts lack,
/// a table that does not match its header or is taller than a page, a page
/// too small.
impl crate::diag::UserError for FlowError {
    fn is_input(&self) -> bool {
        true
    }
}

/// Lays `blocks` out on pages of `spec`, with `title` set large at the top of
/// the first page (nothing when empty). Always returns at least one page.
///
/// Errors: an unusable `spec`, a character the bundled fonts lack, a table
/// whose rows do not match its header, or a table row taller than a page.
pub fn layout_document(
    title: &str,
    blocks: &[Block],
    spec: &PageSpec,
) -> Result<Vec<Page>, FlowError> {
    spec.check()?;
    let mut ctx = blocks::Ctx::new(spec);
    let mut chunks = Vec::new();
    if let Some(t) = blocks::title_chunk(&ctx, title)? {
        chunks.push(t);
    }
    for b in blocks {
        chunks::block_chunks(&mut ctx, b, &mut chunks)?;
    }
    wrap::check_glyphs(&[model::Span::plain(spec.footer.clone())])?;
    let bodies = paginate::paginate(spec, &chunks, &ctx.headers)?;
    Ok(paginate::finish(spec, bodies))
}
