//! The document model: what a flowed document says, before it has pages.

use crate::scene::Item;

/// A run of text inside a paragraph, bullet or table cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Span {
    /// The text. Whitespace (spaces, tabs, newlines) collapses to single
    /// spaces, as in HTML; a no-break space (U+00A0) keeps words together.
    pub text: String,
    /// Set in the bold face.
    pub bold: bool,
}

impl Span {
    /// Regular text.
    pub fn plain(text: impl Into<String>) -> Span {
        Span { text: text.into(), bold: false }
    }

    /// Bold text.
    pub fn bold(text: impl Into<String>) -> Span {
        Span { text: text.into(), bold: true }
    }

    /// Splits `text` at `**` markers: text between a pair of markers is bold.
    ///
    /// ```
    /// use hexpress::compose::flow::Span;
    /// let s = Span::parse("Build a **road** first.");
    /// assert_eq!(s, vec![Span::plain("Build a "), Span::bold("road"), Span::plain(" first.")]);
    /// ```
    pub fn parse(text: &str) -> Vec<Span> {
        text.split("**")
            .enumerate()
            .filter(|(_, t)| !t.is_empty())
            .map(|(i, t)| Span { text: t.to_string(), bold: i % 2 == 1 })
            .collect()
    }
}

/// Horizontal alignment of a table cell's lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Align {
    /// Flush left.
    #[default]
    Left,
    /// Centred.
    Center,
    /// Flush right (numbers).
    Right,
}

/// One table cell: rich text, wrapped to the column width.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Cell {
    /// The text.
    pub spans: Vec<Span>,
    /// Alignment of each line in the column.
    pub align: Align,
}

impl Cell {
    /// A left-aligned cell; `**` marks bold as in [`Span::parse`].
    pub fn new(text: &str) -> Cell {
        Cell { spans: Span::parse(text), align: Align::Left }
    }

    /// The same cell with another alignment.
    pub fn aligned(mut self, align: Align) -> Cell {
        self.align = align;
        self
    }
}

impl From<&str> for Cell {
    fn from(text: &str) -> Cell {
        Cell::new(text)
    }
}

/// A block of a flowed document, laid out top to bottom by
/// [`layout_document`](super::layout_document).
#[derive(Clone, Debug, PartialEq)]
pub enum Block {
    /// A bold heading; level 1 is the largest. Kept with what follows it.
    Heading {
        /// 1, 2 or 3 (larger numbers look like 3).
        level: u8,
        /// The heading text (wrapped if long).
        text: String,
    },
    /// A wrapped paragraph of regular and bold runs.
    Paragraph(Vec<Span>),
    /// A bullet list: one entry per item, wrapped with a hanging indent.
    Bullets(Vec<Vec<Span>>),
    /// A table with a bold header row. Rows never split across pages; the
    /// header is repeated on each page the table continues on.
    Table {
        /// Column titles (this also fixes the column count).
        header: Vec<String>,
        /// Rows of exactly `header.len()` cells.
        rows: Vec<Vec<Cell>>,
        /// Relative column widths (any positive numbers; the table then
        /// spans the text width). `None`: sized from the content.
        col_widths: Option<Vec<f64>>,
    },
    /// A picture made of scene items, `width` x `height` mm with its origin at
    /// the top left; centred, and scaled down if it does not fit.
    Image {
        /// Width in mm.
        width: f64,
        /// Height in mm.
        height: f64,
        /// What is drawn, in the picture's own coordinates.
        items: Vec<Item>,
    },
    /// Blocks that go on one page when they fit on one.
    KeepTogether(Vec<Block>),
    /// Start a new page (ignored at the top of a page).
    PageBreak,
}
