//! How a piece is inked: the look of the print mode and the theme's fixed
//! colours (`[inks]`), carried together so that every drawing uses the
//! inks of the theme in use.

use crate::scene::Color;
use crate::theme::Inks;

/// How much ink the art may use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Look {
    /// Full colour.
    #[default]
    Color,
    /// Light tints of the colours; outlines and text stay dark.
    Saver,
    /// Black and white: white fills, black outlines, kinds told apart by
    /// pictogram and text.
    Mono,
}

impl From<crate::theme::Mode> for Look {
    /// The theme's print mode as a token look.
    fn from(m: crate::theme::Mode) -> Look {
        match m {
            crate::theme::Mode::Colour => Look::Color,
            crate::theme::Mode::InkSaver => Look::Saver,
            crate::theme::Mode::BlackAndWhite => Look::Mono,
        }
    }
}

/// How pieces are inked: the look, and the fixed colours (`[inks]`) of the
/// theme in use, which every piece, card and sheet mark draws with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ink {
    /// Colour, ink saver or black and white.
    pub look: Look,
    /// The theme's `[inks]`.
    pub inks: Inks,
}

impl Ink {
    /// The inks of `theme` in the look of print mode `mode`.
    pub fn new(mode: crate::theme::Mode, theme: &crate::theme::Theme) -> Ink {
        Ink { look: mode.into(), inks: theme.inks }
    }

    /// The printed version of a fill colour.
    pub fn fill(self, c: Color) -> Color {
        match self.look {
            Look::Color => c,
            Look::Saver => {
                let t = |v: u8| (u16::from(v) + 3 * 255).div_ceil(4) as u8;
                Color::rgb(t(c.r), t(c.g), t(c.b))
            }
            Look::Mono => Color::WHITE,
        }
    }

    /// The printed version of a line or text colour.
    pub fn line(self, c: Color) -> Color {
        match self.look {
            Look::Mono => Color::BLACK,
            _ => c,
        }
    }

    /// The printed version of a dark accent fill (eyes, pips): kept dark in every look.
    pub(crate) fn accent(self, c: Color) -> Color {
        match self.look {
            Look::Mono => Color::BLACK,
            _ => c,
        }
    }
}
