//! The counts of scenario components the layout does not tell (coins,
//! trade, castaway and fish tokens, fishing grounds, presents), read from
//! the scenario's `[components]` table.

use super::tokens::{Building, Goods};
use crate::vocab::Resource;

/// Trade tokens of one kind: picked up at `building`, showing `goods`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TradeTokens {
    /// Where they are picked up (printed on the back).
    pub building: Building,
    /// What they show (printed on the face).
    pub goods: Goods,
    /// How many.
    pub count: u32,
}

/// Castaway tokens of one kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CastawayTokens {
    /// The resources to pay to rescue the castaway, with amounts.
    pub cost: Vec<(Resource, u8)>,
    /// How many.
    pub count: u32,
}

/// Counts of scenario components the layout does not tell. Everything is
/// zero or empty by default: a scenario prints only what it declares.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ComponentCounts {
    /// Gold coins (round, value 1, both sides alike).
    pub gold_coins: u32,
    /// Trade tokens (round; goods on the face, building on the back).
    pub trade_tokens: Vec<TradeTokens>,
    /// Castaway tokens (square; the cost on the face, a plain islet back).
    pub castaways: Vec<CastawayTokens>,
    /// Fish tokens with one, two and three fish (round, one plain back for all).
    pub fish: [u32; 3],
    /// Old boot tokens (share the fish back).
    pub old_boots: u32,
    /// Fishing-ground tiles, one per number (hex tiles, single-sided).
    pub fishing_grounds: Vec<u8>,
    /// Print a round harbor token for every harbor of the map's harbor pool.
    pub harbor_tokens: bool,
    /// Present tiles (Santa's workshop; square, one plain back).
    pub presents: u32,
    /// Pieces of side features (`[sides.NAME] pieces`): name, look, count.
    pub side_pieces: Vec<(String, crate::model::sides::SideLook, u32)>,
}

impl ComponentCounts {
    /// The counts a scenario file declares in `[components]`. Harbor tokens
    /// are not printed: the map sheets carry every harbor.
    pub fn from_scenario(s: &crate::model::Scenario, _players: u8) -> ComponentCounts {
        use crate::model::game::Pay;
        let c = &s.game.components;
        let fish = c.fish_tokens.unwrap_or_default();
        ComponentCounts {
            gold_coins: c.gold_chits,
            trade_tokens: c
                .trade_tokens
                .iter()
                .flat_map(|t| {
                    t.goods.iter().map(|(g, n)| TradeTokens {
                        building: t.building,
                        goods: *g,
                        count: *n,
                    })
                })
                .collect(),
            castaways: c
                .castaway_tokens
                .iter()
                .map(|t| CastawayTokens {
                    cost: t
                        .cost
                        .iter()
                        .filter_map(|(p, n)| match p {
                            Pay::Resource(r) => Some((*r, (*n).min(255) as u8)),
                            _ => None,
                        })
                        .collect(),
                    count: t.count,
                })
                .collect(),
            fish: [fish.one, fish.two, fish.three],
            old_boots: fish.old_boot,
            fishing_grounds: c.fishing_grounds.clone(),
            // Every harbor of a map is printed on the map sheets (a face-down
            // harbor on its cut-out tile), where the generator dealt it: a
            // loose token would only be a second copy with no place to go.
            harbor_tokens: false,
            presents: c.present_tiles,
            side_pieces: c.side_pieces.iter().map(|p| (p.name.clone(), p.look, p.count)).collect(),
        }
    }
}
