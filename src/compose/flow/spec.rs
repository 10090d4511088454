//! Page geometry and type sizes of a flowed document, and its errors.

use crate::settings::sheets::SheetOptions;
use crate::theme::Inks;
use crate::units::MM_PER_PT;

/// Page margins in mm. The footer sits inside the bottom margin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Margins {
    /// Top.
    pub top: f64,
    /// Right.
    pub right: f64,
    /// Bottom (holds the footer).
    pub bottom: f64,
    /// Left.
    pub left: f64,
}

impl Margins {
    /// The same margin on every side.
    pub const fn all(mm: f64) -> Margins {
        Margins { top: mm, right: mm, bottom: mm, left: mm }
    }
}

/// Paper, margins and type of a flowed document.
#[derive(Clone, Debug, PartialEq)]
pub struct PageSpec {
    /// Page width in mm.
    pub width: f64,
    /// Page height in mm.
    pub height: f64,
    /// Margins around the text area.
    pub margins: Margins,
    /// Body text size (em height) in mm; headings and the footer scale from it.
    pub base_size: f64,
    /// Line pitch as a multiple of the text size (at least 1.0).
    pub line_height: f64,
    /// Left part of every page's footer (e.g. the scenario name); the right
    /// part is "page N of M".
    pub footer: String,
    /// The colours of text, headings, footers and table shades and rules:
    /// the `[inks]` of the theme in use.
    pub inks: Inks,
}

/// Body text size of a handout (10 pt), mm.
pub const BODY_SIZE: f64 = 10.0 * MM_PER_PT;

impl PageSpec {
    /// A handout page: the paper of `sheets` in portrait, its handout margin
    /// (`[handout] margin` in `templates/sheets.toml`) and 10 pt body text.
    pub fn handout(sheets: &SheetOptions, footer: impl Into<String>) -> PageSpec {
        PageSpec {
            width: sheets.paper.width,
            height: sheets.paper.height,
            margins: Margins::all(sheets.handout_margin),
            base_size: BODY_SIZE,
            line_height: 1.4,
            footer: footer.into(),
            inks: sheets.inks,
        }
    }

    /// Left edge of the text area.
    pub fn left(&self) -> f64 {
        self.margins.left
    }

    /// Right edge of the text area.
    pub fn right(&self) -> f64 {
        self.width - self.margins.right
    }

    /// Top edge of the text area.
    pub fn top(&self) -> f64 {
        self.margins.top
    }

    /// Bottom edge of the text area (the footer is below it).
    pub fn bottom(&self) -> f64 {
        self.height - self.margins.bottom
    }

    /// Checks the numbers make a usable page.
    pub(crate) fn check(&self) -> Result<(), FlowError> {
        let m = &self.margins;
        let all = [self.width, self.height, m.top, m.right, m.bottom, m.left];
        if all.iter().any(|v| !v.is_finite() || *v < 0.0) {
            return Err(FlowError::BadSpec("sizes and margins must be finite and not negative"));
        }
        if !(self.base_size.is_finite() && self.base_size >= 1.0 && self.base_size <= 20.0) {
            return Err(FlowError::BadSpec("the base text size must be between 1 and 20 mm"));
        }
        if !(self.line_height.is_finite() && (1.0..=4.0).contains(&self.line_height)) {
            return Err(FlowError::BadSpec("the line height must be between 1 and 4"));
        }
        let min = 20.0 * self.base_size;
        if self.right() - self.left() < min || self.bottom() - self.top() < min {
            return Err(FlowError::BadSpec(
                "the text area (page minus margins) must be at least 20 text sizes wide and high",
            ));
        }
        if m.bottom < 2.5 * self.base_size {
            return Err(FlowError::BadSpec("the bottom margin is too small to hold the footer"));
        }
        Ok(())
    }
}

/// Why a document could not be laid out.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum FlowError {
    /// The page specification is unusable.
    #[error("page setup: {0}")]
    BadSpec(&'static str),
    /// A character the bundled fonts cannot draw.
    #[error("the bundled font has no glyph for {ch:?} (U+{code:04X}) in {context:?}")]
    MissingGlyph {
        /// The character.
        ch: char,
        /// Its code point.
        code: u32,
        /// The text it appears in (shortened).
        context: String,
    },
    /// A table whose rows do not match its header, or bad column widths.
    #[error("table {table:?}: {problem}")]
    BadTable {
        /// The table's header, joined.
        table: String,
        /// What is wrong.
        problem: String,
    },
    /// A table row or other unbreakable piece taller than the text area.
    #[error("{what} is {height:.1} mm tall, more than a page's {room:.1} mm text area")]
    TooTall {
        /// What it is.
        what: String,
        /// Its height.
        height: f64,
        /// The text area height.
        room: f64,
    },
    /// A column or indent too narrow to hold even a single character.
    #[error("{width:.1} mm is too narrow to set {text:?}")]
    TooNarrow {
        /// The width available.
        width: f64,
        /// The text that did not fit.
        text: String,
    },
    /// Bad image dimensions.
    #[error("image size {width} x {height} mm is not positive and finite")]
    BadImage {
        /// Width.
        width: f64,
        /// Height.
        height: f64,
    },
}
