//! Reference cards drawn from the scenario's tables: building costs (resource
//! icons and gold coins with counts), trade ratios, and every `[[tables]]`
//! entry marked `card`. The rules handout reads the same tables, so card and
//! handout cannot disagree.
//!
//! Text is measured with the flow engine's metrics ([`crate::fonts`]).
//! A card is tried at a few body sizes, largest first; a table still too long
//! at the smallest size is split over several cards ("(1/2)", "(2/2)").
//! Nothing is drawn outside the card's [`text_area`] except the frame and the
//! background. Cards are [`Piece`]s with [`Shape::Card`]; the imposition adds
//! bleed, crop marks and duplex backs.

use crate::compose::art::{centre_baseline, resource_icon};
use crate::compose::flow::wrap::{natural_width, widest_atom, wrap, Line};
use crate::compose::flow::{FlowError, Span};
use crate::compose::pieces::piece::{Piece, PieceSet, Shape};
use crate::compose::pieces::theme_art::ThemeArt;
use crate::compose::pieces::tokens::Ink;
use crate::fonts::{text_width, vmetrics};
use crate::model::game::{Cost, CostRow, Game, Pay, RefTable, TradeRow};
use crate::model::Scenario;
use crate::scene::{Anchor, Color, Item, Path, Pt, Rect, Stroke, TextRole, TextStyle, Weight};
use crate::units::MM_PER_PT;

mod face;
mod frame;
mod split;

use face::Look;
pub(crate) use frame::card_back;
use frame::front;
use split::{faces, numbered};

/// Distance from the cut line to the text area, mm.
pub(crate) const SAFE: f64 = 4.5;
/// Body text sizes tried, largest first, mm (about 10 pt down to the 8 pt
/// floor, [`MIN_SIZE`]); a table that does not fit at the floor continues on
/// more cards rather than printing smaller.
pub const SIZES: [f64; 4] = [3.6, 3.3, 3.0, MIN_SIZE];

/// The smallest size any text on a card prints at, mm: the floor of
/// [`TextRole::Body`] (8 pt).
pub const MIN_SIZE: f64 = TextRole::Body.min_pt() * MM_PER_PT;
/// Title of the set of reference cards on print sheets.
pub(crate) const SET_TITLE: &str = "Reference cards";

/// The text area of a `width` x `height` card centred on (0, 0).
pub fn text_area(width: f64, height: f64) -> Rect {
    Rect::new(-width / 2.0 + SAFE, -height / 2.0 + SAFE, width - 2.0 * SAFE, height - 2.0 * SAFE)
}

/// One stacked part of a card cell.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Part {
    /// Wrapped text; `small` sets it smaller and grey (notes, variants).
    Text {
        /// The runs.
        spans: Vec<Span>,
        /// Smaller and grey.
        small: bool,
    },
    /// A cost drawn as icons.
    Cost(Cost),
}

impl Part {
    fn text(s: &str) -> Part {
        Part::Text { spans: Span::parse(s), small: false }
    }
    fn bold(s: &str) -> Part {
        Part::Text { spans: vec![Span::bold(s)], small: false }
    }
    fn small(s: &str) -> Part {
        Part::Text { spans: Span::parse(s), small: true }
    }
}

/// A cell: parts stacked top to bottom.
pub(crate) type CardCell = Vec<Part>;

/// What one reference card says (split over more cards when it is too long).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct CardTable {
    /// The heading.
    pub title: String,
    /// Column headings; empty for none.
    pub header: Vec<String>,
    /// Rows of cells.
    pub rows: Vec<Vec<CardCell>>,
    /// A line under the table.
    pub note: Option<String>,
    /// Copies to print.
    pub copies: u32,
}

/// How a variant-only row is marked, on cards and in the handout alike.
pub(crate) fn variant_note(variant: &str) -> String {
    format!("Variant: {variant}")
}

/// A cost in words, as the handout prints it: "1 lumber, 1 brick, 2 gold".
pub(crate) fn cost_text(cost: &Cost) -> String {
    if cost.is_empty() {
        return "free".into();
    }
    cost.iter().map(|(p, n)| format!("{n} {}", p.name())).collect::<Vec<_>>().join(", ")
}

fn cost_row(r: &CostRow) -> Vec<CardCell> {
    let mut name = vec![Part::bold(&r.item)];
    if let Some(v) = &r.variant {
        name.push(Part::small(&variant_note(v)));
    }
    if let Some(n) = &r.note {
        name.push(Part::small(n));
    }
    let mut cost = vec![Part::Cost(r.cost.clone())];
    if let Some(a) = &r.alt {
        cost.push(Part::small("or"));
        cost.push(Part::Cost(a.clone()));
    }
    vec![name, cost]
}

fn trade_row(t: &TradeRow) -> Vec<CardCell> {
    let mut get = vec![Part::text(&t.get)];
    if let Some(v) = &t.variant {
        get.push(Part::small(&variant_note(v)));
    }
    vec![vec![Part::text(&t.give)], get]
}

fn ref_table(t: &RefTable, players: u8) -> CardTable {
    CardTable {
        title: t.title.clone(),
        header: t.columns.clone(),
        rows: t.rows.iter().map(|r| r.iter().map(|c| vec![Part::text(c)]).collect()).collect(),
        note: t.note.clone(),
        copies: if t.per_player { u32::from(players) } else { 1 },
    }
}

/// The cards a game asks for, in print order: building costs (one per
/// player), trade ratios (one), then each table marked `card` (one per player
/// when `per_player`).
pub(crate) fn card_tables(game: &Game, players: u8) -> Vec<CardTable> {
    let mut out = Vec::new();
    if !game.costs.is_empty() {
        out.push(CardTable {
            title: "Building costs".into(),
            header: Vec::new(),
            rows: game.costs.iter().map(cost_row).collect(),
            note: None,
            copies: u32::from(players),
        });
    }
    if !game.trades.is_empty() {
        out.push(CardTable {
            title: "Trade ratios".into(),
            header: vec!["Give".into(), "Get".into()],
            rows: game.trades.iter().map(trade_row).collect(),
            note: None,
            copies: 1,
        });
    }
    out.extend(game.tables.iter().filter(|t| t.card).map(|t| ref_table(t, players)));
    out
}

/// The reference cards of `scenario` for `players`, `width` x `height` mm,
/// as one piece set (empty when the scenario has no tables for cards).
///
/// Errors: a character the bundled fonts lack, or a single table row too
/// large for a card even at the smallest size.
pub fn reference_cards(
    scenario: &Scenario,
    players: u8,
    width: f64,
    height: f64,
    art: &ThemeArt,
) -> Result<Vec<PieceSet>, FlowError> {
    let tables = card_tables(&scenario.game, players);
    if tables.is_empty() {
        return Ok(Vec::new());
    }
    let ink = Ink::new(art.mode, art.theme);
    let look = Look { art, ink };
    let area = text_area(width, height);
    let back = card_back(width, height, &scenario.meta.title, ink)?;
    let mut pieces = Vec::new();
    for t in &tables {
        let faces = faces(t, area, &look)?;
        let n = faces.len();
        for (k, body) in faces.into_iter().enumerate() {
            let name = if n > 1 { numbered(&t.title, k + 1, n) } else { t.title.clone() };
            pieces.push(Piece {
                name: format!("reference card: {name}"),
                shape: Shape::Card { width, height },
                front: front(width, height, body, ink),
                back: Some(back.clone()),
                count: t.copies,
            });
        }
    }
    Ok(vec![PieceSet { title: SET_TITLE.into(), pieces, coded: false }])
}
