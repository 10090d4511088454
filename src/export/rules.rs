//! `rules.pdf`, the `rules-N.svg` pages and the reference-card sheets: the
//! handout and the cards of one layout, ready to write or to add to the
//! print pack.

use super::components::{mode, with_theme_sizes};
use super::error::RenderError;
use super::map;
use super::options::RenderOptions;
use super::pdf::document_to_pdf;
use crate::compose::cards::reference_cards;
use crate::compose::handout::{handout_pages, handout_spec};
use crate::compose::piece::PieceSet;
use crate::compose::scene::{Document, Page};
use crate::compose::sheet::{impose, FooterInfo};
use crate::compose::sheet_config::SheetOptions;
use crate::compose::theme_art::ThemeArt;
use crate::model::Scenario;
use crate::render::svg::page_to_svg;
use crate::solve::Layout;
use crate::theme::Theme;

/// The rules handout as files.
#[derive(Clone, Debug, PartialEq)]
pub struct RulesFiles {
    /// `rules.pdf`.
    pub pdf: Vec<u8>,
    /// `rules-1.svg`, `rules-2.svg`...: one per page, in order.
    pub svgs: Vec<String>,
}

/// The handout of `layout` on the paper of `opts`, with a small picture of
/// the map drawn as `opts` asks (view, look, theme).
pub fn handout_document(
    scenario: &Scenario,
    layout: &Layout,
    opts: &RenderOptions,
) -> Result<Document, RenderError> {
    let theme = map::theme_for(opts)?;
    let picture = map::canvas(layout, &theme, opts).to_page();
    let (w, h) = opts.paper.size_mm();
    let spec = handout_spec(layout, w, h);
    let pages = handout_pages(scenario, layout, Some(&picture), &spec)?;
    Ok(Document { title: format!("{} rules (seed {})", layout.title, layout.seed), pages })
}

/// `rules.pdf` and the SVG pages of a handout document.
pub fn rules_files(doc: &Document) -> Result<RulesFiles, RenderError> {
    Ok(RulesFiles { pdf: document_to_pdf(doc)?, svgs: doc.pages.iter().map(page_to_svg).collect() })
}

/// File name of handout page `n` (from 1).
pub fn svg_name(n: usize) -> String {
    format!("rules-{n}.svg")
}

/// The reference cards of a scenario at the card size of `opts`, drawn in
/// its print look (empty when the scenario has no tables for cards).
pub fn card_sets(
    scenario: &Scenario,
    players: u8,
    opts: &SheetOptions,
    theme: &Theme,
) -> Result<Vec<PieceSet>, RenderError> {
    let art = ThemeArt { theme, mode: mode(opts) };
    Ok(reference_cards(scenario, players, opts.card.width, opts.card.height, &art)?)
}

/// The reference cards imposed on sheets with bleed, crop marks, backs and
/// footers (empty when there are none).
pub fn card_pages(
    scenario: &Scenario,
    layout: &Layout,
    opts: &SheetOptions,
    theme: &Theme,
) -> Result<Vec<Page>, RenderError> {
    let opts = &with_theme_sizes(opts, theme);
    let sets = card_sets(scenario, layout.players, opts, theme)?;
    Ok(impose(&sets, opts, &FooterInfo::new(layout.title.clone(), layout.seed)))
}
