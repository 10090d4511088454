//! The game material beyond the map: goods, buildings, tokens to print,
//! trade and reference tables, rules prose. `game.rs` validates a scenario's
//! `[game]` into these.

use super::costs::Cost;
use super::parts::Parts;
use crate::scenario::token_table::Counted;

/// Goods carried by trade tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Goods {
    /// Glass.
    Glass,
    /// Marble.
    Marble,
    /// Sand.
    Sand,
    /// Tools.
    Tools,
}

impl Goods {
    /// Name as written in scenario files.
    pub const fn name(self) -> &'static str {
        match self {
            Goods::Glass => "glass",
            Goods::Marble => "marble",
            Goods::Sand => "sand",
            Goods::Tools => "tools",
        }
    }

    pub(super) fn from_name(s: &str) -> Option<Goods> {
        [Goods::Glass, Goods::Marble, Goods::Sand, Goods::Tools].into_iter().find(|g| g.name() == s)
    }
}

/// The trade hexes where tokens are picked up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Building {
    /// The castle.
    Castle,
    /// The marble quarry.
    Quarry,
    /// The glassworks.
    Glassworks,
}

impl Building {
    /// The two goods picked up here (published pairing).
    pub const fn goods(self) -> [Goods; 2] {
        match self {
            Building::Castle => [Goods::Tools, Goods::Sand],
            Building::Quarry => [Goods::Sand, Goods::Marble],
            Building::Glassworks => [Goods::Glass, Goods::Tools],
        }
    }

    /// Name as written in scenario files.
    pub const fn name(self) -> &'static str {
        match self {
            Building::Castle => "castle",
            Building::Quarry => "quarry",
            Building::Glassworks => "glassworks",
        }
    }

    pub(super) fn from_name(s: &str) -> Option<Building> {
        [Building::Castle, Building::Quarry, Building::Glassworks]
            .into_iter()
            .find(|b| b.name() == s)
    }
}

/// Fish token counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FishTokens {
    /// One fish.
    pub one: u32,
    /// Two fish.
    pub two: u32,
    /// Three fish.
    pub three: u32,
    /// The old boot.
    pub old_boot: u32,
}

/// Trade tokens picked up at one trade hex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TradeTokens {
    /// Printed on the back.
    pub building: Building,
    /// Printed on the faces, with counts.
    pub goods: Vec<(Goods, u32)>,
}

/// Castaway tokens with one cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CastawayTokens {
    /// Resources to pay (on the face).
    pub cost: Cost,
    /// How many.
    pub count: u32,
}

/// Tokens and tiles the scenario needs printed (beyond what the map implies).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Components {
    /// The pieces declared by a plain count (gold coins, present tiles), in
    /// the order of [`COUNTED`](crate::scenario::token_table::COUNTED); a
    /// kind the file does not declare is not listed.
    pub counted: Vec<(Counted, u32)>,
    /// Fishing-ground tiles by number.
    pub fishing_grounds: Vec<u8>,
    /// Fish tokens and the old boot.
    pub fish_tokens: Option<FishTokens>,
    /// Trade tokens per trade hex.
    pub trade_tokens: Vec<TradeTokens>,
    /// Castaway tokens per cost.
    pub castaway_tokens: Vec<CastawayTokens>,
    /// Generic tokens, cards, tracks and parts from published boxes.
    pub parts: Parts,
    /// Pieces of side features (`[sides.NAME] pieces`), e.g. bridges to build.
    pub side_pieces: Vec<SidePieces>,
}

impl Components {
    /// How many pieces of a counted kind the scenario declares (0 if none).
    ///
    /// ```
    /// use hexpress::model::material::Components;
    /// use hexpress::scenario::token_table::Counted;
    /// let c = Components { counted: vec![(Counted::GoldChits, 40)], ..Components::default() };
    /// assert_eq!(c.count(Counted::GoldChits), 40);
    /// assert_eq!(c.count(Counted::PresentTiles), 0);
    /// ```
    pub fn count(&self, kind: Counted) -> u32 {
        self.counted.iter().find(|(k, _)| *k == kind).map_or(0, |&(_, n)| n)
    }
}

/// Printed pieces of one side feature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SidePieces {
    /// The piece's name: the feature's name with " pieces" ("Bridge pieces").
    pub name: String,
    /// How the feature looks (the piece shows it).
    pub look: super::sides::SideLook,
    /// How many.
    pub count: u32,
    /// Where `pieces` is set in the file.
    pub at: Option<crate::diag::Span>,
}

/// One trade ratio.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TradeRow {
    /// What a player gives.
    pub give: String,
    /// What the player gets.
    pub get: String,
    /// Only with this variant.
    pub variant: Option<String>,
}

/// A reference table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefTable {
    /// Unique id.
    pub id: String,
    /// Heading.
    pub title: String,
    /// Column headings.
    pub columns: Vec<String>,
    /// Rows, as many cells as columns.
    pub rows: Vec<Vec<String>>,
    /// Print as a card too.
    pub card: bool,
    /// One card per player.
    pub per_player: bool,
    /// A line under the table.
    pub note: Option<String>,
}

/// Rules prose for the handout.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rules {
    /// The story line.
    pub story: Option<String>,
    /// Setup notes.
    pub setup: Option<String>,
    /// Special rules: (title, text).
    pub sections: Vec<(String, String)>,
}
