//! The pieces of the print pack (components and reference cards), composed
//! and imposed once; the pack itself is assembled in [`crate::compose::job`].
//!
//! Print-pack order: the print plan, the calibration sheet (check the
//! printer's scale and duplex alignment before spending ink on the rest),
//! then the map pages, then the component sheets and reference cards, then
//! the rules handout and the builder's sheet. Component sheets with backs
//! come before single-sided ones, and every front lands on an odd page
//! ([`crate::compose::pieces::duplex::keep_parity`] inserts an "intentionally blank" page
//! where needed). Sheets are numbered once the whole document is known
//! ([`crate::compose::pieces::footers`]).

use crate::compose::cards::reference_cards;
use crate::compose::flow::FlowError;
use crate::compose::pieces::component_sets;
use crate::compose::pieces::impose::{impose, Imposition};
use crate::compose::pieces::piece::PieceSet;
use crate::compose::pieces::theme_art::ThemeArt;
use crate::model::Scenario;
use crate::settings::Settings;
use crate::solve::Layout;

fn art(settings: &Settings) -> ThemeArt<'_> {
    ThemeArt { theme: &settings.theme, mode: settings.mode }
}

/// Every piece the print pack imposes, drawn once, and their sheets.
#[derive(Clone, Debug, PartialEq)]
pub struct PackPieces {
    /// The piece sets: the components, then the reference cards.
    pub sets: Vec<PieceSet>,
    /// The sets imposed on sheets (without footers), and what fit on none.
    pub imposition: Imposition,
}

/// The components and reference cards of a layout, drawn in the chosen look
/// and imposed on the chosen paper.
pub fn pack_pieces(
    layout: &Layout,
    scenario: &Scenario,
    settings: &Settings,
) -> Result<PackPieces, FlowError> {
    let opts = &settings.sheets;
    let mut sets = component_sets(layout, scenario, &opts.sizes, &art(settings));
    sets.extend(card_sets(scenario, layout.players, settings)?);
    let imposition = impose(&sets, opts);
    Ok(PackPieces { sets, imposition })
}

/// The reference cards of a scenario at the card size of the sheet settings,
/// drawn in the chosen look (empty when the scenario has no tables for cards).
pub fn card_sets(
    scenario: &Scenario,
    players: u8,
    settings: &Settings,
) -> Result<Vec<PieceSet>, FlowError> {
    let card = settings.sheets.card.clone();
    reference_cards(scenario, players, card.width, card.height, &art(settings))
}
