//! The keys of every table of the scenario format, with their types and docs.
//!
//! One table drives both the parser (unknown keys are errors, with a "did you
//! mean" hint drawn from here) and `hexpress schema`, so they cannot drift apart.

use super::rule_table::{Rule, Scope, Setting, RULES as PLACEMENT};
use super::token_table::COUNTED;

/// The type of a value in the scenario format.
#[derive(Clone, Copy, Debug)]
pub enum Ty {
    /// A string.
    Str,
    /// A string naming a terrain, harbor kind, direction, ...: listed choices.
    Choice(&'static [&'static str]),
    /// An integer in a range.
    Int(i64, i64),
    /// `true` or `false`.
    Bool,
    /// An array of values.
    Array(&'static Ty),
    /// A table with known keys.
    Table(&'static [Field]),
    /// An array of tables with known keys (`[[...]]`).
    TableArray(&'static [Field]),
    /// A table whose keys are free names and whose values have one type.
    MapOf(&'static Ty),
    /// A string OR a table with known keys (a legend entry).
    StrOrTable(&'static [&'static str], &'static [Field]),
}

/// One key of a table.
#[derive(Clone, Copy, Debug)]
pub struct Field {
    /// The key.
    pub name: &'static str,
    /// Its value type.
    pub ty: Ty,
    /// Whether it must be present.
    pub required: bool,
    /// One sentence for editors and the schema.
    pub doc: &'static str,
}

const fn f(name: &'static str, ty: Ty, required: bool, doc: &'static str) -> Field {
    Field { name, ty, required, doc }
}

/// Terrain names accepted in scenario files.
pub(crate) const TERRAINS: &[&str] = &[
    "forest",
    "pasture",
    "fields",
    "hills",
    "mountains",
    "desert",
    "gold",
    "sea",
    "lake",
    "castle",
    "quarry",
    "glassworks",
    "council",
    "spice",
    "fish_shoal",
    "fishing_ground",
    "harbor",
];

/// Harbor kinds accepted in scenario files.
pub(crate) const HARBOR_KINDS: &[&str] = &["3:1", "lumber", "wool", "grain", "brick", "ore"];
/// Harbor kinds in a legend entry, where `random` draws from the map's pool.
pub(crate) const HARBOR_SLOT_KINDS: &[&str] =
    &["random", "3:1", "lumber", "wool", "grain", "brick", "ore"];
/// Direction names.
pub(crate) const DIRECTIONS: &[&str] = &["e", "ne", "nw", "w", "sw", "se"];
/// Corner names of a (pointy-top) hex: top, upper right, lower right,
/// bottom, lower left, upper left.
pub(crate) const CORNERS: &[&str] = &["n", "ne", "se", "s", "sw", "nw"];

const INT_LIST: Ty = Ty::Int(2, 12);
const PLAYER: Ty = Ty::Int(1, 8);
const STR: Ty = Ty::Str;
const HARBOR_KIND: Ty = Ty::Choice(HARBOR_KINDS);
const COUNT: Ty = Ty::Int(0, crate::limits::MAX_HEXES as i64);

/// `[[scenario.variants]]`.
pub(crate) const VARIANT: &[Field] = &[
    f("name", Ty::Str, true, "Name of the variant, e.g. \"With Cities & Knights\"."),
    f("victory_points", Ty::Int(1, 99), false, "Victory points needed to win with this variant."),
    f("starting_gold", Ty::Int(0, 99), false, "Gold each player starts with in this variant."),
    f("description", Ty::Str, false, "What changes in this variant."),
];

/// `[scenario]`.
pub const META: &[Field] = &[
    f(
        "id",
        Ty::Str,
        true,
        "Short identifier: lowercase letters, digits and dashes (used in output folder names).",
    ),
    f("title", Ty::Str, true, "Title printed on the map and handouts."),
    f("description", Ty::Str, false, "A short description in your own words."),
    f(
        "sets",
        Ty::Array(&STR),
        false,
        "Game sets needed to play, e.g. [\"Base game\", \"Seafarers\"].",
    ),
    f("players", Ty::Array(&PLAYER), true, "Supported player counts; each needs a map."),
    f(
        "default_players",
        PLAYER,
        false,
        "Player count used when none is given (default: the largest).",
    ),
    f("victory_points", Ty::Int(1, 99), false, "Victory points needed to win."),
    f("source", Ty::Str, false, "Where the scenario comes from, printed in the handout's credits."),
    f("designer", Ty::Str, false, "Who designed the scenario, printed in the handout's credits."),
    f(
        "starting_gold",
        Ty::Int(0, 99),
        false,
        "Gold each player starts with, if the scenario uses gold.",
    ),
    f(
        "variants",
        Ty::TableArray(VARIANT),
        false,
        "Rule variants with their own victory points or starting gold.",
    ),
];

/// A detailed legend entry.
pub const LEGEND_ENTRY: &[Field] = &[
    f("terrain", Ty::Choice(TERRAINS), false, "A FIXED hex of this terrain (default `sea` for harbor entries)."),
    f("region", Ty::Str, false, "A RANDOM slot of this region; with `terrain`, a fixed hex whose chip comes from the region's pool."),
    f("number", INT_LIST, false, "A fixed number chip on a fixed hex."),
    f("harbor", Ty::Choice(HARBOR_SLOT_KINDS), false, "A harbor on this sea hex: a kind, or `random` to draw one from the map's harbor pool."),
    f("facing", Ty::Choice(DIRECTIONS), false, "Side of the harbor hex that faces land; omitted: a land-facing side is chosen at random."),
    f("label", Ty::Str, false, "A name printed on the hex."),
    f("rolls", Ty::Array(&INT_LIST), false, "Dice rolls a fixed hex without a chip produces on, e.g. a lake's [2, 3, 11, 12]."),
    f("castaway", Ty::Choice(CORNERS), false, "A castaway spot on this corner of a fixed water hex (n, ne, se, s, sw, nw): a coastal corner where a castaway token lies face down at the start."),
];

/// The legend: code -> terrain name or detailed entry.
pub(crate) const LEGEND: Ty = Ty::StrOrTable(TERRAINS, LEGEND_ENTRY);

/// `[map.regions.NAME]`.
pub const REGION: &[Field] = &[
    f("name", Ty::Str, false, "Display name of the region (default: its key)."),
    f(
        "face_down",
        Ty::Bool,
        false,
        "Tiles are dealt face down and the chips stacked beside the board (fog, the unknown).",
    ),
    f(
        "tiles",
        Ty::MapOf(&COUNT),
        true,
        "How many tiles of each terrain the region's pool holds; must equal the region's slots.",
    ),
    f(
        "numbers",
        Ty::Array(&INT_LIST),
        false,
        "The region's number chips: one per chip-taking hex.",
    ),
    f(
        "harbors",
        Ty::Array(&HARBOR_KIND),
        false,
        "Kinds of the `harbor` tiles in the pool, one per harbor tile.",
    ),
    f(
        "constraints",
        Ty::Table(REGION_CONSTRAINTS),
        false,
        "Placement rules for this region's hexes only, on top of `[constraints]` (same keys, but no harbor rules, `preset` or `no_chip`); a rule about two neighbours or a corner holds where any of its hexes' rules asks for it.",
    ),
];

/// `[map.regions.NAME.constraints]`: the rules a region may set for its own
/// hexes, each from its descriptor ([`Rule::per_region`]).
pub(crate) const REGION_CONSTRAINTS: &[Field] = &REGION_RULE_FIELDS;

/// How many rules a region can set.
const fn region_rules() -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < PLACEMENT.len() {
        if PLACEMENT[i].per_region() {
            n += 1;
        }
        i += 1;
    }
    n
}

const REGION_RULE_FIELDS: [Field; region_rules()] = {
    let mut out = [PRESET_FIELD; region_rules()];
    let mut n = 0;
    let mut i = 0;
    while i < PLACEMENT.len() {
        if PLACEMENT[i].per_region() {
            out[n] = rule_field(&PLACEMENT[i]);
            n += 1;
        }
        i += 1;
    }
    out
};

/// `[map.harbors]`.
pub const HARBORS: &[Field] = &[f(
    "pool",
    Ty::Array(&HARBOR_KIND),
    true,
    "Harbor kinds dealt at random to the map's `harbor = \"random\"` hexes.",
)];

/// `[[map.cells]]`: a hex given by axial coordinates.
pub const CELL: &[Field] = &[
    f("q", Ty::Int(-100, 100), true, "Axial column of the hex."),
    f("r", Ty::Int(-100, 100), true, "Axial row of the hex."),
    f("code", Ty::Str, true, "Legend code of the hex."),
];

/// `[map.start]`: where the first settlements may go.
pub(crate) const START: &[Field] = &[
    f(
        "regions",
        Ty::Array(&STR),
        true,
        "Keys of the regions a first settlement must touch (a corner with at least one hex of them).",
    ),
    f(
        "avoid",
        Ty::Array(&STR),
        false,
        "Legend codes of hexes a first settlement must not touch, e.g. a front coast.",
    ),
];

/// `[[map]]`.
pub const MAP: &[Field] = &[
    f("players", Ty::Array(&PLAYER), true, "The player counts this map is for."),
    f("hexes", Ty::Str, true, "The map drawn as rows of legend codes; neighbouring rows are shifted by half a hex; `.` is an empty spot."),
    f("cells", Ty::TableArray(CELL), false, "Extra hexes given by coordinates instead of in the drawing (e.g. far-away islands)."),
    f("legend", Ty::MapOf(&LEGEND), false, "Codes used only by this map (added to, or overriding, the top-level legend)."),
    f("regions", Ty::MapOf(&Ty::Table(REGION)), false, "The random regions of this map and their pools."),
    f("harbors", Ty::Table(HARBORS), false, "The harbor pool for random harbor hexes."),
    f("start", Ty::Table(START), false, "Where the first settlements may go (default: any land corner); the balance report's seat simulation keeps to it."),
    f("sides", MAP_SIDES, false, "Hex sides with a side feature, by the feature's key: each place is \"q,r dir\", a hex and the direction of its side (e, ne, nw, w, sw, se), e.g. river = [\"0,-1 se\"]."),
    f("side_drawing", Ty::Str, false, "The `hexes` drawing again, with side features' marks between the hexes: on a row between two codes, or on a line of their own between two rows (codes 4 or 8 columns apart)."),
];

/// `[constraints]`: the preset, the rules about neighbouring chips, the
/// terrains without chips, then the other rules a file can set, each from
/// its descriptor ([`PLACEMENT`]).
pub const CONSTRAINTS: &[Field] = &CONSTRAINT_FIELDS;

const PRESET_FIELD: Field = f("preset", Ty::Choice(PRESETS), false, "Named rule set to start from: \"official\" (no neighbouring 6/8; the default) or \"strict\" (also no equal neighbours, no 2 next to 12, at most 10 pips at a corner, same-terrain groups of at most 2). The keys below apply on top.");
const NO_CHIP_FIELD: Field = f("no_chip", Ty::Array(&Ty::Choice(TERRAINS)), false, "Terrains that never get a number chip (desert, sea, lake and special hexes never do); e.g. [\"gold\"].");

/// How many rules a file can set.
const fn settable_rules() -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < PLACEMENT.len() {
        if PLACEMENT[i].settable() {
            n += 1;
        }
        i += 1;
    }
    n
}

/// The key of a rule, from its descriptor.
const fn rule_field(r: &Rule) -> Field {
    let ty = match r.setting {
        Setting::Limit { min, max } => Ty::Int(min, max),
        Setting::Switch | Setting::Always => Ty::Bool,
    };
    f(r.key, ty, false, r.doc)
}

const CONSTRAINT_FIELDS: [Field; settable_rules() + 2] = {
    let mut out = [PRESET_FIELD; settable_rules() + 2];
    let mut n = 1;
    let mut pass = 0;
    while pass < 2 {
        let mut i = 0;
        while i < PLACEMENT.len() {
            let pair = matches!(PLACEMENT[i].scope, Scope::ChipPair);
            if PLACEMENT[i].settable() && pair == (pass == 0) {
                out[n] = rule_field(&PLACEMENT[i]);
                n += 1;
            }
            i += 1;
        }
        if pass == 0 {
            out[n] = NO_CHIP_FIELD;
            n += 1;
        }
        pass += 1;
    }
    out
};

/// Names of the rule presets.
pub(crate) const PRESETS: &[&str] = &["official", "strict"];

/// What can be paid: the five resources, gold and the three commodities.
pub(crate) const PAYMENTS: &[&str] =
    &["lumber", "wool", "grain", "brick", "ore", "gold", "cloth", "coin", "paper"];
/// Goods on trade tokens.
pub(crate) const GOODS: &[&str] = &["glass", "marble", "sand", "tools"];
/// Trade hex buildings, on the backs of trade tokens.
pub(crate) const BUILDINGS: &[&str] = &["castle", "quarry", "glassworks"];

const COUNT_MAP: Ty = Ty::MapOf(&Ty::Int(0, 99));

/// `[components.fish_tokens]`.
pub(crate) const FISH_TOKENS: &[Field] = &[
    f("one", Ty::Int(0, 200), false, "Tokens showing one fish."),
    f("two", Ty::Int(0, 200), false, "Tokens showing two fish."),
    f("three", Ty::Int(0, 200), false, "Tokens showing three fish."),
    f("old_boot", Ty::Int(0, 10), false, "Old boot tokens (same back as the fish)."),
];

/// `[[components.trade_tokens]]`.
pub(crate) const TRADE_TOKENS: &[Field] = &[
    f(
        "building",
        Ty::Choice(BUILDINGS),
        true,
        "The trade hex where these tokens are picked up (printed on the back).",
    ),
    f(
        "goods",
        COUNT_MAP,
        true,
        "How many tokens of each good (printed on the face): glass, marble, sand, tools.",
    ),
];

/// `[[components.castaway_tokens]]`.
pub(crate) const CASTAWAY_TOKENS: &[Field] = &[
    f("cost", COUNT_MAP, true, "Resources to pay for this castaway (printed on the face)."),
    f("count", Ty::Int(1, 50), true, "How many tokens with this cost."),
];

/// `[components]`: the pieces declared by a plain count, each from its
/// descriptor ([`COUNTED`]), then the others.
pub(crate) const COMPONENTS: &[Field] = &COMPONENT_FIELDS;

const OTHER_COMPONENTS: &[Field] = &[
    f(
        "fishing_grounds",
        Ty::Array(&INT_LIST),
        false,
        "Fishing-ground tiles, one per number listed.",
    ),
    f("fish_tokens", Ty::Table(FISH_TOKENS), false, "Fish tokens and the old boot."),
    f("trade_tokens", Ty::TableArray(TRADE_TOKENS), false, "Trade tokens, per trade hex."),
    f("castaway_tokens", Ty::TableArray(CASTAWAY_TOKENS), false, "Castaway tokens, per cost."),
    f(
        "tokens",
        Ty::TableArray(GENERIC_TOKEN),
        false,
        "Any other token: name, count, face and back text, shape.",
    ),
    f(
        "cards",
        Ty::TableArray(GENERIC_CARD),
        false,
        "Cards with a title and a text (e.g. mission cards).",
    ),
    f("tracks", Ty::TableArray(TRACK), false, "Tracks of numbered spaces (e.g. a mission track)."),
    f(
        "from_box",
        Ty::TableArray(FROM_BOX),
        false,
        "Parts taken from a published box instead of printed.",
    ),
];

const COMPONENT_FIELDS: [Field; COUNTED.len() + OTHER_COMPONENTS.len()] = {
    let mut out = [OTHER_COMPONENTS[0]; COUNTED.len() + OTHER_COMPONENTS.len()];
    let mut i = 0;
    while i < out.len() {
        out[i] = if i < COUNTED.len() {
            let k = &COUNTED[i];
            f(k.key, Ty::Int(0, k.max), false, k.doc)
        } else {
            OTHER_COMPONENTS[i - COUNTED.len()]
        };
        i += 1;
    }
    out
};

/// `[[costs]]`.
pub(crate) const COST: &[Field] = &[
    f("item", Ty::Str, true, "What is built or bought, e.g. \"Road\"."),
    f("cost", COUNT_MAP, true, "What it costs: resources, gold, commodities."),
    f("alt", COUNT_MAP, false, "An alternative cost (\"or\")."),
    f("note", Ty::Str, false, "A short remark printed beside it."),
    f("variant", Ty::Str, false, "Only with this variant (a `[[scenario.variants]]` name)."),
];

/// `[[trades]]`.
pub(crate) const TRADE: &[Field] = &[
    f("give", Ty::Str, true, "What a player gives, e.g. \"2 gold\"."),
    f("get", Ty::Str, true, "What the player gets, e.g. \"1 resource card\"."),
    f("variant", Ty::Str, false, "Only with this variant."),
];

/// `[[tables]]`.
pub(crate) const TABLE: &[Field] = &[
    f("id", Ty::Str, true, "A short unique name (lowercase letters, digits, dashes)."),
    f("title", Ty::Str, true, "Heading on the card and in the rules."),
    f("columns", Ty::Array(&STR), true, "Column headings."),
    f("rows", Ty::Array(&Ty::Array(&STR)), true, "Rows, each with one text per column."),
    f("card", Ty::Bool, false, "Also print it as a reference card (default true)."),
    f("per_player", Ty::Bool, false, "Print one card per player (default false)."),
    f("note", Ty::Str, false, "A line printed under the table."),
];

/// `[[rules.sections]]`.
pub(crate) const RULE_SECTION: &[Field] = &[
    f("title", Ty::Str, true, "Section heading."),
    f(
        "text",
        Ty::Str,
        true,
        "Paragraphs separated by blank lines; lines starting with `- ` are bullets.",
    ),
];

/// `[rules]`.
pub const RULES: &[Field] = &[
    f("story", Ty::Str, false, "The story line, in the project's own words."),
    f("setup", Ty::Str, false, "Setup notes beyond what the map shows."),
    f("sections", Ty::TableArray(RULE_SECTION), false, "The special rules, one section each."),
];

/// The top level of a scenario file.
pub const TOP: &[Field] = &[
    f(
        "scenario",
        Ty::Table(META),
        true,
        "What the scenario is: id, title, players, victory points.",
    ),
    f("legend", Ty::MapOf(&LEGEND), false, "Codes used in the maps' `hexes` drawings."),
    f("map", Ty::TableArray(MAP), true, "One map per player count (or group of player counts)."),
    f(
        "constraints",
        Ty::Table(CONSTRAINTS),
        false,
        "Placement rules the random layout must respect.",
    ),
    f(
        "components",
        Ty::Table(COMPONENTS),
        false,
        "Extra pieces to print: gold chits, fish, trade and castaway tokens.",
    ),
    f(
        "costs",
        Ty::TableArray(COST),
        false,
        "Building costs shown on the reference cards and in the rules.",
    ),
    f(
        "trades",
        Ty::TableArray(TRADE),
        false,
        "Special trades shown on the reference cards and in the rules.",
    ),
    f(
        "tables",
        Ty::TableArray(TABLE),
        false,
        "Reference tables, printed in the rules and as cards.",
    ),
    f(
        "rules",
        Ty::Table(RULES),
        false,
        "The rules handout's own text: story, setup and special rules.",
    ),
    f("values", VALUES, false, "Named numbers the prose and tables refer to as `{name}`."),
    f(
        "starts",
        Ty::MapOf(&STR),
        false,
        "Where each piece starts, by piece name: the robber, every printed component and every part from a box.",
    ),
    f(
        "terms",
        Ty::TableArray(TERM),
        false,
        "Game terms the rules use, each defined (`means`) or attributed to a box (`box`).",
    ),
    f(
        "sides",
        Ty::MapOf(&Ty::Table(SIDE_FEATURE)),
        false,
        "Features that lie on hex sides (rivers, bridges, walls): their look, rules text and printed pieces.",
    ),
];

// --- Playable-pack keys: generic components and named values (issue 13) ---

/// Shapes of a generic token.
pub(crate) const TOKEN_SHAPES: &[&str] = &["round", "square"];

/// `[[components.tokens]]`: a token described by data.
pub(crate) const GENERIC_TOKEN: &[Field] = &[
    f(
        "name",
        Ty::Str,
        true,
        "What the token is, e.g. \"Fish haul\"; rules mention it by this name.",
    ),
    f("count", Ty::Int(1, 500), true, "How many to print."),
    f("face", Ty::Str, false, "Text on the face (default: the name)."),
    f("back", Ty::Str, false, "Text on the back; omitted: a blank back."),
    f("shape", Ty::Choice(TOKEN_SHAPES), false, "`round` (default) or `square`."),
    f(
        "size",
        Ty::Int(8, 60),
        false,
        "Diameter (round) or side (square) in mm; default: the sheets' token size (25 mm).",
    ),
];

/// `[[components.cards]]`: a card described by data.
pub(crate) const GENERIC_CARD: &[Field] = &[
    f("title", Ty::Str, true, "Title on the card; rules mention it by this name."),
    f("text", Ty::Str, true, "Text on the card; may refer to `{values}`."),
    f("count", Ty::Int(1, 200), false, "How many to print (default 1)."),
    f("back", Ty::Str, false, "Text on the back; omitted: a blank back."),
];

/// `[[components.tracks]]`: a strip of numbered spaces.
pub(crate) const TRACK: &[Field] = &[
    f("name", Ty::Str, true, "Name printed on the track; rules mention it by this name."),
    f("spaces", Ty::Int(2, 30), true, "Numbered spaces, 1 to this number."),
    f("count", Ty::Int(1, 20), false, "How many to print (default 1)."),
    f("note", Ty::Str, false, "A line printed under the spaces."),
];

/// `[[components.from_box]]`: a part the players take from a published box.
pub(crate) const FROM_BOX: &[Field] = &[
    f(
        "item",
        Ty::Str,
        true,
        "What to take, e.g. \"settler ships\"; rules mention it by this name.",
    ),
    f("count", Ty::Int(1, 200), false, "How many in all."),
    f("per_player", Ty::Int(1, 50), false, "How many per player (instead of `count`)."),
    f("set", Ty::Str, true, "The box it comes from, e.g. \"Seafarers\"."),
];

/// `[[terms]]`: a game term the rules use.
pub(crate) const TERM: &[Field] = &[
    f("term", Ty::Str, true, "The term as the rules write it, in the singular, e.g. \"sea port\"."),
    f(
        "means",
        Ty::Str,
        false,
        "What it means, in the pack's own words (printed under \"Terms\" in the handout).",
    ),
    f("box", Ty::Str, false, "The published box whose rulebook defines it, e.g. \"Seafarers\"."),
];

/// `[values]`: named numbers.
pub(crate) const VALUES: Ty = Ty::MapOf(&Ty::Int(-9999, 9999));

/// Names of a field list, for "did you mean" hints.
pub fn names(fields: &[Field]) -> impl Iterator<Item = &'static str> + '_ {
    fields.iter().map(|f| f.name)
}

// --- Features on hex sides (issue 40) ---

/// How a side feature is drawn.
pub(crate) const SIDE_LOOKS: &[&str] = &["river", "bridge", "wall"];

/// `[sides.NAME]`: one kind of side feature.
pub(crate) const SIDE_FEATURE: &[Field] = &[
    f("name", Ty::Str, false, "Name printed in the map's key and the rules handout (default: the key)."),
    f("look", Ty::Choice(SIDE_LOOKS), true, "How the map draws it: `river` (a band of water along the side), `bridge` (a river with a bridge across it) or `wall` (a dark bar along the side)."),
    f("text", Ty::Str, false, "What it does in play, in your own words; printed in the handout with its name (may use `{references}`)."),
    f("marks", Ty::Array(&STR), false, "One-character codes that mark it in a map's `side_drawing`, e.g. [\"/\", \"\\\\\", \"|\"]."),
    f("pieces", Ty::Int(0, 200), false, "How many pieces of it to print on the component sheets (e.g. bridges the players build), in its look."),
];

/// `[map.sides]`: places by feature key.
pub(crate) const MAP_SIDES: Ty = Ty::MapOf(&Ty::Array(&STR));
