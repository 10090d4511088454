//! The scenario file as written: every user value keeps its span.
//!
//! Nothing here is checked beyond its TOML type; [`crate::model::validate`]
//! turns a [`RawScenario`] into a [`crate::model::Scenario`] that cannot be wrong.

use crate::diag::Span;

/// A value with the span it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Sp<T> {
    /// The value.
    pub value: T,
    /// Where it was written.
    pub span: Span,
}

impl<T> Sp<T> {
    /// Wraps a value with its span.
    pub fn new(value: T, span: Span) -> Self {
        Sp { value, span }
    }
}

/// A whole scenario file.
#[derive(Clone, Debug, Default)]
pub struct RawScenario {
    /// `[scenario]`.
    pub meta: Option<RawMeta>,
    /// Top-level `[legend]`.
    pub legend: Vec<(Sp<String>, Sp<RawLegendEntry>)>,
    /// `[[map]]` entries.
    pub maps: Vec<RawMap>,
    /// Span of the first `[[map]]` key, or of the whole file when missing.
    pub maps_span: Span,
    /// `[constraints]`.
    pub constraints: RawConstraints,
    /// `[components]`, `[[costs]]`, `[[trades]]`, `[[tables]]`, `[rules]`.
    pub game: RawGame,
}

/// `[scenario]`.
#[derive(Clone, Debug, Default)]
pub struct RawMeta {
    /// Table span.
    pub span: Span,
    /// `id`.
    pub id: Option<Sp<String>>,
    /// `title`.
    pub title: Option<Sp<String>>,
    /// `description`.
    pub description: Option<Sp<String>>,
    /// `sets`.
    pub sets: Vec<Sp<String>>,
    /// `players`.
    pub players: Option<Sp<Vec<Sp<i64>>>>,
    /// `default_players`.
    pub default_players: Option<Sp<i64>>,
    /// `victory_points`.
    pub victory_points: Option<Sp<i64>>,
    /// `starting_gold`.
    pub starting_gold: Option<Sp<i64>>,
    /// `[[scenario.variants]]`.
    pub variants: Vec<RawVariant>,
    /// `source`.
    pub source: Option<Sp<String>>,
    /// `designer`.
    pub designer: Option<Sp<String>>,
}

/// `[[scenario.variants]]`.
#[derive(Clone, Debug, Default)]
pub struct RawVariant {
    /// `name`.
    pub name: Option<Sp<String>>,
    /// `victory_points`.
    pub victory_points: Option<Sp<i64>>,
    /// `starting_gold`.
    pub starting_gold: Option<Sp<i64>>,
    /// `description`.
    pub description: Option<Sp<String>>,
}

/// A legend value: a plain terrain name or a detailed table.
#[derive(Clone, Debug)]
pub enum RawLegendEntry {
    /// `C = "gold"`.
    Terrain(Sp<String>),
    /// `C = { ... }`.
    Detailed(Box<RawLegendTable>),
}

/// `C = { terrain = ..., region = ..., number = ..., harbor = ..., facing = ..., label = ... }`.
#[derive(Clone, Debug, Default)]
pub struct RawLegendTable {
    /// `terrain`.
    pub terrain: Option<Sp<String>>,
    /// `region`.
    pub region: Option<Sp<String>>,
    /// `number`.
    pub number: Option<Sp<i64>>,
    /// `harbor`.
    pub harbor: Option<Sp<String>>,
    /// `facing`.
    pub facing: Option<Sp<String>>,
    /// `label`.
    pub label: Option<Sp<String>>,
    /// `rolls`.
    pub rolls: Option<Sp<Vec<Sp<i64>>>>,
    /// `castaway`.
    pub castaway: Option<Sp<String>>,
}

/// The `hexes` drawing of a map.
#[derive(Clone, Debug)]
pub struct RawGrid {
    /// The string's value.
    pub text: String,
    /// Span of the whole string literal.
    pub span: Span,
    /// File offset of the first character of `text`, when the literal has no
    /// escapes so that every character of `text` maps 1:1 onto the file.
    pub text_offset: Option<usize>,
}

/// One `[[map]]`.
#[derive(Clone, Debug, Default)]
pub struct RawMap {
    /// Span of the map table.
    pub span: Span,
    /// `players`.
    pub players: Option<Sp<Vec<Sp<i64>>>>,
    /// `hexes`.
    pub hexes: Option<RawGrid>,
    /// `[[map.cells]]`.
    pub cells: Vec<RawCell>,
    /// `[map.legend]`.
    pub legend: Vec<(Sp<String>, Sp<RawLegendEntry>)>,
    /// `[map.regions.*]`, in file order of their keys.
    pub regions: Vec<(Sp<String>, RawRegion)>,
    /// `[map.harbors]`.
    pub harbors: Option<RawHarbors>,
    /// `[map.start]`.
    pub start: Option<RawStart>,
    /// `[map.sides]` and `side_drawing`: the map's side features.
    pub sides: RawMapSides,
}

/// `[map.start]`: where the first settlements may go.
#[derive(Clone, Debug, Default)]
pub struct RawStart {
    /// Table span.
    pub span: Span,
    /// `regions`: keys of the regions a first settlement must touch.
    pub regions: Option<Sp<Vec<Sp<String>>>>,
    /// `avoid`: legend codes of hexes a first settlement must not touch.
    pub avoid: Option<Sp<Vec<Sp<String>>>>,
}

/// `tiles = { forest = 4, ... }`: (terrain name, count) in file order.
pub(crate) type TileCounts = Vec<(Sp<String>, Sp<i64>)>;

/// `[map.regions.NAME]`.
#[derive(Clone, Debug, Default)]
pub struct RawRegion {
    /// Table span.
    pub span: Span,
    /// `name`.
    pub name: Option<Sp<String>>,
    /// `face_down`.
    pub face_down: Option<Sp<bool>>,
    /// `tiles`: terrain name -> count.
    pub tiles: Option<Sp<TileCounts>>,
    /// `numbers`.
    pub numbers: Option<Sp<Vec<Sp<i64>>>>,
    /// `harbors`.
    pub harbors: Option<Sp<Vec<Sp<String>>>>,
    /// `[map.regions.NAME.constraints]`: the rules the region sets for its
    /// own hexes, by their key.
    pub rules: std::collections::BTreeMap<super::rule_table::ConstraintId, Sp<RawRuleValue>>,
}

/// `[map.harbors]`.
#[derive(Clone, Debug, Default)]
pub struct RawHarbors {
    /// `pool`.
    pub pool: Option<Sp<Vec<Sp<String>>>>,
}

/// A placement rule's value as the file writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RawRuleValue {
    /// `true` or `false`, for a rule that is a switch.
    Switch(bool),
    /// A number, for a rule that is a limit.
    Limit(i64),
}

/// `[constraints]`.
#[derive(Clone, Debug, Default)]
pub struct RawConstraints {
    /// `preset`.
    pub preset: Option<Sp<String>>,
    /// `no_chip`.
    pub no_chip: Option<Sp<Vec<Sp<String>>>>,
    /// The placement rules the file sets, by their key (see
    /// [`super::rule_table::RULES`]).
    pub rules: std::collections::BTreeMap<super::rule_table::ConstraintId, Sp<RawRuleValue>>,
}

/// `[[map.cells]]`.
#[derive(Clone, Debug, Default)]
pub struct RawCell {
    /// Table span.
    pub span: Span,
    /// `q`.
    pub q: Option<Sp<i64>>,
    /// `r`.
    pub r: Option<Sp<i64>>,
    /// `code`.
    pub code: Option<Sp<String>>,
}

/// A table of name -> count, e.g. `cost = { lumber = 1, gold = 2 }`.
pub(crate) type Counts = Sp<Vec<(Sp<String>, Sp<i64>)>>;

/// The game material beyond the map.
#[derive(Clone, Debug, Default)]
pub struct RawGame {
    /// `[components]`.
    pub components: Option<RawComponents>,
    /// `[[costs]]`.
    pub costs: Vec<RawCost>,
    /// `[[trades]]`.
    pub trades: Vec<RawTrade>,
    /// `[[tables]]`.
    pub tables: Vec<RawTable>,
    /// `[rules]`.
    pub rules: Option<RawRules>,
    /// `[values]`: (name, number).
    pub values: Vec<(Sp<String>, Sp<i64>)>,
    /// `[starts]`: (piece, where it starts).
    pub starts: Vec<(Sp<String>, Sp<String>)>,
    /// `[[terms]]`.
    pub terms: Vec<RawTerm>,
    /// `[sides.NAME]`: the kinds of side feature, in file order.
    pub sides: Vec<(Sp<String>, RawSideFeature)>,
}

/// `[[terms]]`.
#[derive(Clone, Debug)]
pub struct RawTerm {
    /// `term`.
    pub term: Sp<String>,
    /// `means`.
    pub means: Option<Sp<String>>,
    /// `box`.
    pub from_box: Option<Sp<String>>,
}

/// `[components]`.
#[derive(Clone, Debug, Default)]
pub struct RawComponents {
    /// The pieces declared by a plain count (`gold_chits = 40`), in
    /// the order of `token_table::COUNTED`, each with the kind its key names.
    pub counted: Vec<(super::token_table::Counted, Sp<i64>)>,
    /// `fishing_grounds`.
    pub fishing_grounds: Option<Sp<Vec<Sp<i64>>>>,
    /// `[components.fish_tokens]`: (key, count).
    pub fish_tokens: Option<Counts>,
    /// `[[components.trade_tokens]]`: (building, goods).
    pub trade_tokens: Vec<(Sp<String>, Counts)>,
    /// `[[components.castaway_tokens]]`: (cost, count).
    pub castaway_tokens: Vec<(Counts, Sp<i64>)>,
    /// `[[components.tokens]]`.
    pub tokens: Vec<RawToken>,
    /// `[[components.cards]]`.
    pub cards: Vec<RawCard>,
    /// `[[components.tracks]]`.
    pub tracks: Vec<RawTrack>,
    /// `[[components.from_box]]`.
    pub from_box: Vec<RawFromBox>,
}

/// `[[components.tokens]]`.
#[derive(Clone, Debug)]
pub struct RawToken {
    /// `name`.
    pub name: Sp<String>,
    /// `count`.
    pub count: Sp<i64>,
    /// `face`.
    pub face: Option<Sp<String>>,
    /// `back`.
    pub back: Option<Sp<String>>,
    /// `shape`.
    pub shape: Option<Sp<String>>,
    /// `size` (mm).
    pub size: Option<Sp<i64>>,
}

/// `[[components.cards]]`.
#[derive(Clone, Debug)]
pub struct RawCard {
    /// `title`.
    pub title: Sp<String>,
    /// `text`.
    pub text: Sp<String>,
    /// `count`.
    pub count: Option<Sp<i64>>,
    /// `back`.
    pub back: Option<Sp<String>>,
}

/// `[[components.tracks]]`.
#[derive(Clone, Debug)]
pub struct RawTrack {
    /// `name`.
    pub name: Sp<String>,
    /// `spaces`.
    pub spaces: Sp<i64>,
    /// `count`.
    pub count: Option<Sp<i64>>,
    /// `note`.
    pub note: Option<Sp<String>>,
}

/// `[[components.from_box]]`.
#[derive(Clone, Debug)]
pub struct RawFromBox {
    /// `item`.
    pub item: Sp<String>,
    /// `count`.
    pub count: Option<Sp<i64>>,
    /// `per_player`.
    pub per_player: Option<Sp<i64>>,
    /// `set`.
    pub set: Sp<String>,
}

/// `[[costs]]`.
#[derive(Clone, Debug)]
pub struct RawCost {
    /// `item`.
    pub item: Sp<String>,
    /// `cost`.
    pub cost: Counts,
    /// `alt`.
    pub alt: Option<Counts>,
    /// `note`.
    pub note: Option<Sp<String>>,
    /// `variant`.
    pub variant: Option<Sp<String>>,
}

/// `[[trades]]`.
#[derive(Clone, Debug)]
pub struct RawTrade {
    /// `give`.
    pub give: Sp<String>,
    /// `get`.
    pub get: Sp<String>,
    /// `variant`.
    pub variant: Option<Sp<String>>,
}

/// `[[tables]]`.
#[derive(Clone, Debug)]
pub struct RawTable {
    /// `id`.
    pub id: Sp<String>,
    /// `title`.
    pub title: Sp<String>,
    /// `columns`.
    pub columns: Sp<Vec<Sp<String>>>,
    /// `rows`.
    pub rows: Vec<Sp<Vec<Sp<String>>>>,
    /// `card`.
    pub card: Option<Sp<bool>>,
    /// `per_player`.
    pub per_player: Option<Sp<bool>>,
    /// `note`.
    pub note: Option<Sp<String>>,
}

/// `[rules]`.
#[derive(Clone, Debug, Default)]
pub struct RawRules {
    /// `story`.
    pub story: Option<Sp<String>>,
    /// `setup`.
    pub setup: Option<Sp<String>>,
    /// `[[rules.sections]]`: (title, text).
    pub sections: Vec<(Sp<String>, Sp<String>)>,
}

/// `[sides.NAME]`.
#[derive(Clone, Debug, Default)]
pub struct RawSideFeature {
    /// Table span.
    pub span: Span,
    /// `name`.
    pub name: Option<Sp<String>>,
    /// `look`.
    pub look: Option<Sp<String>>,
    /// `text`.
    pub text: Option<Sp<String>>,
    /// `marks`.
    pub marks: Option<Sp<Vec<Sp<String>>>>,
    /// `pieces`.
    pub pieces: Option<Sp<i64>>,
}

/// One feature's places in `[map.sides]`: (feature key, places such as `"0,-1 se"`).
pub(crate) type SideList = (Sp<String>, Sp<Vec<Sp<String>>>);

/// Where a map puts its side features.
#[derive(Clone, Debug, Default)]
pub struct RawMapSides {
    /// `[map.sides]`: (feature key, places such as `"0,-1 se"`), in file order.
    pub lists: Vec<SideList>,
    /// `side_drawing`: the map drawing again, with side marks.
    pub drawing: Option<RawGrid>,
}

impl RawMapSides {
    /// Whether the map places no side feature.
    pub fn is_empty(&self) -> bool {
        self.lists.is_empty() && self.drawing.is_none()
    }
}
