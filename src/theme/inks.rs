//! The print pack's fixed colours: `[inks]` of `templates/theme.toml`.
//!
//! Pieces, cards, the handout and the print plan draw with these colours in
//! every palette (the ink-saver and black-and-white looks pale or blacken
//! them as they draw, see `compose::pieces::tokens::Ink`). A template
//! folder's `theme.toml` may set any of them; the rest keep the built-in
//! value. They reach the drawing code with the theme in use: through
//! `compose::pieces::tokens::Ink` (made from the theme art) for pieces and
//! cards, and through `settings::sheets::SheetOptions::inks` (set by
//! `Settings::build`) for sheet marks, the calibration sheet and the flowed
//! documents (`compose::flow::PageSpec::inks`).

use crate::scene::Color;

macro_rules! inks {
    ($($(#[doc = $doc:literal])* $name:ident,)*) => {
        /// The named colours of `[inks]`.
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct Inks {
            $($(#[doc = $doc])* pub $name: Color,)*
        }

        /// Every key of `[inks]`, in the order of [`Inks`]' fields.
        pub(crate) const KEYS: &[&str] = &[$(stringify!($name),)*];

        impl Inks {
            /// Every colour black, to be filled in by [`Inks::set`].
            pub(super) fn blank() -> Inks {
                Inks { $($name: Color::BLACK,)* }
            }

            /// Sets the colour of `key`; `false` when no such key exists.
            pub(super) fn set(&mut self, key: &str, c: Color) -> bool {
                match key {
                    $(stringify!($name) => self.$name = c,)*
                    _ => return false,
                }
                true
            }
        }
    };
}

inks! {
    /// Outlines and text of tokens, generic pieces and harbor tokens.
    piece_ink,
    /// The cream ground of tokens, castaway tokens and cards.
    piece_paper,
    /// Gold coins and gold accents on cards.
    gold,
    /// Water on fish tokens.
    water,
    /// A fish.
    fish,
    /// The old boot.
    boot,
    /// Stone (quarry goods, steps).
    stone,
    /// Sand (glass goods' ground).
    sand,
    /// Glass.
    glass,
    /// Wood.
    wood,
    /// Trade token ground.
    trade,
    /// Marble of building fronts.
    marble,
    /// The shaded side of marble.
    marble_shade,
    /// A hall's walls.
    hall,
    /// Fire.
    fire,
    /// Leaves.
    leaf,
    /// A present's wrapping.
    gift,
    /// A present's ribbon.
    ribbon,
    /// The see-through shade of a tiled map's glue strips (with opacity).
    glue_strip,
    /// The grey circle on the cut line of round pieces in black and white.
    cut_guide,
    /// Face of generic tokens.
    token_face,
    /// Back of generic tokens.
    token_back,
    /// Face of generic cards.
    card_face,
    /// Back of face-down number chips.
    chip_back,
    /// The fishing ground tile's water.
    fishing_ground,
    /// Ground of harbor tokens.
    harbor_token,
    /// Body text of the handout and of cards.
    text,
    /// Headings of the handout and of cards.
    heading,
    /// Quiet text: the handout's footers, cards' small print.
    quiet_text,
    /// Zebra rows of card tables.
    zebra,
    /// Header row of the handout's tables.
    table_header,
    /// Strong table rules.
    rule_dark,
    /// Light table rules.
    rule_light,
    /// Cut lines, crop marks and the blank page's note on print sheets.
    cut_line,
    /// Text and lines of the print plan.
    plan_ink,
    /// Cells of the print plan's sheet map.
    plan_cell,
    /// Red marks on the tiled map's overview and the print plan.
    accent,
    /// Text on an accent disc.
    on_accent,
    /// Headings and footers of print sheets.
    sheet_text,
    /// Lines and text of the calibration page.
    calibration,
    /// Letters and names beside the handout's board picture.
    picture_notes,
    /// The light core of the bar along a harbor tile's harbor edge.
    harbor_bar,
    /// The ground of the balance report's charts.
    chart_paper,
    /// The charts' bars of random boards.
    chart_bar,
    /// The chosen board's mark on the charts.
    chart_mark,
    /// The charts' bars of boards that clear the fairness bar.
    chart_cleared,
    /// The charts' bars of the best boards.
    chart_best,
    /// The charts' axes, ticks and labels.
    chart_axis,
    /// The web page's icon: the hex.
    icon_hex,
    /// The web page's icon: its outline.
    icon_ink,
    /// The web page's icon: the disc at its centre.
    icon_centre,
}
