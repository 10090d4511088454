//! Costs: what a building or card asks the players to pay, and its words
//! ("1 lumber, 1 wool"), read by the rules prose, the cards and the handout.

use crate::vocab::Resource;

/// Something a cost can ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Pay {
    /// A resource card.
    Resource(Resource),
    /// Gold (chits or coins).
    Gold,
    /// Cities & Knights commodity: cloth.
    Cloth,
    /// Cities & Knights commodity: coin.
    Coin,
    /// Cities & Knights commodity: paper.
    Paper,
}

impl Pay {
    /// Name as written in scenario files.
    pub fn name(self) -> &'static str {
        match self {
            Pay::Resource(r) => r.name(),
            Pay::Gold => "gold",
            Pay::Cloth => "cloth",
            Pay::Coin => "coin",
            Pay::Paper => "paper",
        }
    }

    /// Parses a name.
    pub fn from_name(s: &str) -> Option<Pay> {
        Resource::from_name(s).map(Pay::Resource).or(match s {
            "gold" => Some(Pay::Gold),
            "cloth" => Some(Pay::Cloth),
            "coin" => Some(Pay::Coin),
            "paper" => Some(Pay::Paper),
            _ => None,
        })
    }
}

/// A cost: what to pay, in file order (counts > 0).
pub type Cost = Vec<(Pay, u32)>;

/// A cost in words, "1 lumber, 1 wool"; an empty cost is "nothing".
pub fn cost_words(cost: &Cost) -> String {
    if cost.is_empty() {
        return "nothing".into();
    }
    cost.iter().map(|(p, n)| format!("{n} {}", p.name())).collect::<Vec<_>>().join(", ")
}

/// One row of the building costs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CostRow {
    /// What is built or bought.
    pub item: String,
    /// Its cost.
    pub cost: Cost,
    /// An alternative cost.
    pub alt: Option<Cost>,
    /// A remark.
    pub note: Option<String>,
    /// Only with this variant.
    pub variant: Option<String>,
}
