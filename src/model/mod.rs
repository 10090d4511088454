//! Stage 2, validate: [`RawScenario`](crate::scenario::RawScenario) ->
//! [`Scenario`], a model later stages trust without re-checking.

pub mod board;
pub mod costs;
pub mod game;
pub mod material;
pub mod oracle;
mod origin;
mod overrides;
pub(crate) mod partial_board;
pub mod parts;
pub mod pieces;
pub mod prose;
pub mod region_rules;
pub mod rules;
pub mod sides;
pub mod spots;
pub mod start;
pub(crate) mod static_checks;
pub mod terms;
mod validate;

pub use crate::scenario::rule_table::{
    ConstraintId, Constraints, Rule, RulePreset, RuleStage, RuleValue, Scope, Setting, RULES,
};
pub use board::Board;
pub use origin::{PresetChoice, RuleOrigin, RuleSources, Surface};
pub use overrides::Overrides;
pub(crate) use region_rules::RegionRules;
pub(crate) use start::StartArea;
pub use validate::{given_sides, parse_place, validate, GivenSide};

use crate::axial::{Direction, Hex};
use crate::diag::{Diagnostics, Source, Span};
use crate::vocab::{HarborKind, Terrain};

/// A validated scenario.
#[derive(Clone, Debug)]
pub struct Scenario {
    /// Name of the file it came from (for messages).
    pub source_name: String,
    /// Id, title, players and the other facts about the game.
    pub meta: Meta,
    /// One map per group of player counts.
    pub maps: Vec<MapDef>,
    /// Placement rules the solver must respect: the preset with the file's
    /// own settings on top.
    pub constraints: Constraints,
    /// The rule preset in force: the file's (`[constraints] preset`), the
    /// command line's, or the default.
    pub preset: RulePreset,
    /// Who chose the preset (for hints that say how to change a rule).
    pub preset_choice: PresetChoice,
    /// The rules the file sets itself, laid over any preset.
    pub overrides: Overrides,
    /// Where each rule was set in the file (absent: its default is in force).
    pub constraint_spans: std::collections::BTreeMap<ConstraintId, Span>,
    /// Where the file lists its player counts (`[scenario] players`), for
    /// messages about a player count it has no map for.
    pub players_span: Option<Span>,
    /// Components, tables and rules prose.
    pub game: game::Game,
}

impl Scenario {
    /// The map for a player count, if the scenario supports it.
    pub fn map_for(&self, players: u8) -> Option<&MapDef> {
        self.maps.iter().find(|m| m.players.contains(&players))
    }

    /// The same scenario under another rule preset, with the file's own
    /// settings still on top; errors where the fixed hexes break a rule of it.
    pub fn with_preset(&self, preset: RulePreset) -> Result<Scenario, Diagnostics> {
        let mut s = self.clone();
        s.preset = preset;
        s.preset_choice = PresetChoice::Command;
        s.constraints = self.overrides.apply(preset);
        let mut diags = Diagnostics::new();
        for map in &s.maps {
            static_checks::check(map, &s.rule_sources(), &mut diags);
        }
        match diags.has_errors() {
            true => Err(diags),
            false => Ok(s),
        }
    }
}

/// Facts about the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Meta {
    /// Lowercase letters, digits and dashes; safe in file names.
    pub id: String,
    /// Title.
    pub title: String,
    /// Short description.
    pub description: Option<String>,
    /// Sets needed.
    pub sets: Vec<String>,
    /// Supported player counts, ascending.
    pub players: Vec<u8>,
    /// Player count used when none is asked for.
    pub default_players: u8,
    /// Victory points to win.
    pub victory_points: Option<u32>,
    /// Starting gold per player.
    pub starting_gold: Option<u32>,
    /// Rule variants.
    pub variants: Vec<Variant>,
    /// Where the scenario comes from (for the credits).
    pub source: Option<String>,
    /// Who designed it (for the credits).
    pub designer: Option<String>,
}

/// A named rule variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    /// Name.
    pub name: String,
    /// Victory points in this variant.
    pub victory_points: Option<u32>,
    /// Starting gold in this variant.
    pub starting_gold: Option<u32>,
    /// What changes.
    pub description: Option<String>,
}

/// One map of a scenario.
#[derive(Clone, Debug)]
pub struct MapDef {
    /// Player counts this map is for.
    pub players: Vec<u8>,
    /// The hexes, in scenario (drawing) order.
    pub cells: Vec<Cell>,
    /// The random regions, in order of first appearance.
    pub regions: Vec<Region>,
    /// Harbor kinds dealt to the random harbor hexes.
    pub harbor_pool: Vec<HarborKind>,
    /// Adjacency of `cells` (same order).
    pub board: Board,
    /// Where the first settlements may go (`[map.start]`); `None`: any corner
    /// touching land.
    pub start: Option<StartArea>,
    /// The features on the map's hex sides (rivers, bridges...).
    pub sides: sides::MapSides,
}

/// One hex of a map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// Position.
    pub hex: Hex,
    /// Fixed content or random slot.
    pub content: CellContent,
    /// A harbor printed on this (water) hex.
    pub harbor: Option<HarborSpec>,
    /// Name to print on the hex.
    pub label: Option<String>,
    /// Dice rolls this fixed hex produces on without a chip (a lake's 2, 3, 11, 12).
    pub rolls: Vec<u8>,
    /// A castaway spot on this (water) hex's corner `k` (between its
    /// neighbours in directions `k` and `k + 1`; see [`corner_name`]).
    pub castaway: Option<u8>,
    /// Where the hex is written in the file.
    pub span: Span,
}

/// What decides a hex's terrain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellContent {
    /// The terrain never moves.
    Fixed {
        /// Its terrain.
        terrain: Terrain,
        /// A chip printed on the map, if any.
        number: Option<u8>,
        /// A region whose number pool gives this hex its chip.
        chip_region: Option<usize>,
    },
    /// A random slot filled from a region's pool.
    Slot {
        /// Index into [`MapDef::regions`].
        region: usize,
    },
}

/// A harbor on a fixed water hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HarborSpec {
    /// The kind, or `None` to draw from the map's harbor pool.
    pub kind: Option<HarborKind>,
    /// The side facing land, or `None` to choose a land-facing side at random.
    pub facing: Option<Direction>,
}

/// A random region with its pools.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// Key in the file.
    pub key: String,
    /// Display name.
    pub name: String,
    /// Tiles dealt face down, chips stacked beside the board.
    pub face_down: bool,
    /// Terrain pool, as (terrain, count) in file order; counts are > 0.
    pub tiles: Vec<(Terrain, u32)>,
    /// Number chip pool.
    pub numbers: Vec<u8>,
    /// Kinds of the `harbor` tiles in the pool.
    pub harbors: Vec<HarborKind>,
    /// Cell indices of the region's random slots.
    pub slots: Vec<usize>,
    /// Cell indices of fixed hexes that draw their chip from this region.
    pub chip_cells: Vec<usize>,
    /// The placement rules this region sets for its own hexes (slots and
    /// `chip_cells`), on top of the scenario's (`[map.regions.<key>.constraints]`);
    /// see [`region_rules`].
    pub rules: Overrides,
}

/// Corner names in board order: corner `k` of a hex lies between its
/// neighbours in directions `k` and `k + 1` ([`Direction::ALL`]), so `ne`
/// (upper right), `n`, `nw`, `sw`, `s`, `se`.
pub(crate) const CORNER_NAMES: [&str; 6] = ["ne", "n", "nw", "sw", "s", "se"];

/// The name of corner `k` ([`CORNER_NAMES`]).
pub(crate) fn corner_name(k: u8) -> &'static str {
    CORNER_NAMES[usize::from(k) % 6]
}

/// The corner index of a name ([`CORNER_NAMES`]).
pub(crate) fn corner_from_name(s: &str) -> Option<u8> {
    CORNER_NAMES.iter().position(|n| *n == s).map(|k| k as u8)
}

/// Parses and validates a scenario source: all problems are returned at once.
pub fn load(source: &Source) -> Result<Scenario, Diagnostics> {
    load_with_warnings(source).map(|(s, _)| s)
}

/// Like [`load`], and also returns the warnings of a valid file (e.g. a
/// number the prose spells out instead of referring to its value).
pub fn load_with_warnings(source: &Source) -> Result<(Scenario, Diagnostics), Diagnostics> {
    let mut diags = Diagnostics::new();
    let raw = crate::scenario::parse(source, &mut diags);
    let scenario = raw.and_then(|raw| validate(&raw, source, &mut diags));
    diags.sort();
    match scenario {
        Some(s) if !diags.has_errors() => Ok((s, diags)),
        _ => Err(diags),
    }
}
