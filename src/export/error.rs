//! Errors of the render and export stage.

/// Something that stopped a map or sheet from being rendered.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The SVG of a page could not be parsed (a bug in the SVG writer).
    #[error("page {page}: the drawing could not be read back ({message})")]
    Svg {
        /// Page label.
        page: String,
        /// Parser message.
        message: String,
    },
    /// Text would have been lost because no bundled font could draw it.
    #[error("page {page}: {expected} text runs were drawn but only {found} survived font lookup")]
    TextDropped {
        /// Page label.
        page: String,
        /// Text runs in the scene.
        expected: usize,
        /// Text runs after parsing.
        found: usize,
    },
    /// A character has no glyph in the bundled fonts.
    #[error("page {page}: the bundled fonts have no glyph for a character in {text:?}")]
    MissingGlyph {
        /// Page label.
        page: String,
        /// The text containing it.
        text: String,
    },
    /// A page has a size no renderer accepts.
    #[error("page {page}: size {width} x {height} mm cannot be rendered")]
    PageSize {
        /// Page label.
        page: String,
        /// Width in mm.
        width: f64,
        /// Height in mm.
        height: f64,
    },
    /// The PDF writer failed.
    #[error("the PDF could not be written: {0}")]
    Pdf(String),
    /// The PNG encoder failed.
    #[error("the PNG could not be written: {0}")]
    Png(String),
    /// A document without pages was asked for.
    #[error("there is nothing to render: the document has no pages")]
    Empty,
    /// A render option is out of range.
    #[error("{0}")]
    Option(String),
}

impl crate::diag::UserError for RenderError {
    /// Whether the user's input or options caused it (a page size, a
    /// character, a resolution); the rest are bugs.
    fn is_input(&self) -> bool {
        matches!(
            self,
            RenderError::MissingGlyph { .. }
                | RenderError::PageSize { .. }
                | RenderError::Option(_)
        )
    }
}
