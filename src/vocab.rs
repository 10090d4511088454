//! The closed vocabulary of scenario files: terrains, resources and harbor kinds.
//!
//! Every name a scenario author may type is listed here once; unknown names are
//! rejected with a "did you mean" hint built from these lists.

use std::fmt;

/// A resource card type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Resource {
    /// From forest.
    Lumber,
    /// From pasture.
    Wool,
    /// From fields.
    Grain,
    /// From hills.
    Brick,
    /// From mountains.
    Ore,
}

impl Resource {
    /// All five resources in the usual order.
    pub const ALL: [Resource; 5] =
        [Resource::Lumber, Resource::Wool, Resource::Grain, Resource::Brick, Resource::Ore];

    /// Lowercase name as written in scenario files and `layout.json`.
    pub const fn name(self) -> &'static str {
        match self {
            Resource::Lumber => "lumber",
            Resource::Wool => "wool",
            Resource::Grain => "grain",
            Resource::Brick => "brick",
            Resource::Ore => "ore",
        }
    }

    /// Parses a resource name.
    pub fn from_name(s: &str) -> Option<Resource> {
        Resource::ALL.into_iter().find(|r| r.name() == s)
    }

    /// The terrain that produces this resource.
    pub const fn terrain(self) -> Terrain {
        match self {
            Resource::Lumber => Terrain::Forest,
            Resource::Wool => Terrain::Pasture,
            Resource::Grain => Terrain::Fields,
            Resource::Brick => Terrain::Hills,
            Resource::Ore => Terrain::Mountains,
        }
    }
}

/// What a hex is. Land, water and scenario-specific special hexes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Terrain {
    /// Produces lumber.
    Forest,
    /// Produces wool.
    Pasture,
    /// Produces grain.
    Fields,
    /// Produces brick.
    Hills,
    /// Produces ore.
    Mountains,
    /// Produces nothing.
    Desert,
    /// Gold field (a resource of choice, or a currency in some scenarios).
    Gold,
    /// Open water.
    Sea,
    /// An inland lake (fishermen); no number chip.
    Lake,
    /// Trade hex: the castle.
    Castle,
    /// Trade hex: the marble quarry.
    Quarry,
    /// Trade hex: the glassworks.
    Glassworks,
    /// The Council of Catan island with its docks.
    Council,
    /// A spice village hex.
    Spice,
    /// A sea hex where fish hauls gather.
    FishShoal,
    /// A sea hex carrying a fishing-ground tile.
    FishingGround,
    /// A sea tile with a harbor printed on it (used inside region pools).
    Harbor,
}

impl Terrain {
    /// Every terrain, in vocabulary order.
    pub const ALL: [Terrain; 17] = [
        Terrain::Forest,
        Terrain::Pasture,
        Terrain::Fields,
        Terrain::Hills,
        Terrain::Mountains,
        Terrain::Desert,
        Terrain::Gold,
        Terrain::Sea,
        Terrain::Lake,
        Terrain::Castle,
        Terrain::Quarry,
        Terrain::Glassworks,
        Terrain::Council,
        Terrain::Spice,
        Terrain::FishShoal,
        Terrain::FishingGround,
        Terrain::Harbor,
    ];

    /// Name as written in scenario files and `layout.json`.
    pub const fn name(self) -> &'static str {
        match self {
            Terrain::Forest => "forest",
            Terrain::Pasture => "pasture",
            Terrain::Fields => "fields",
            Terrain::Hills => "hills",
            Terrain::Mountains => "mountains",
            Terrain::Desert => "desert",
            Terrain::Gold => "gold",
            Terrain::Sea => "sea",
            Terrain::Lake => "lake",
            Terrain::Castle => "castle",
            Terrain::Quarry => "quarry",
            Terrain::Glassworks => "glassworks",
            Terrain::Council => "council",
            Terrain::Spice => "spice",
            Terrain::FishShoal => "fish_shoal",
            Terrain::FishingGround => "fishing_ground",
            Terrain::Harbor => "harbor",
        }
    }

    /// The name printed for players: words, not the file's identifier
    /// ("fishing ground", "spice village").
    pub const fn label(self) -> &'static str {
        match self {
            Terrain::Council => "council island",
            Terrain::Spice => "spice village",
            Terrain::FishShoal => "fish shoal",
            Terrain::FishingGround => "fishing ground",
            Terrain::Harbor => "harbor tile",
            Terrain::Quarry => "marble quarry",
            other => other.name(),
        }
    }

    /// Parses a terrain name.
    pub fn from_name(s: &str) -> Option<Terrain> {
        Terrain::ALL.into_iter().find(|t| t.name() == s)
    }

    /// Index in [`Terrain::ALL`], for dense per-terrain tables.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The resource this terrain produces, if it is one of the five resource terrains.
    pub const fn resource(self) -> Option<Resource> {
        match self {
            Terrain::Forest => Some(Resource::Lumber),
            Terrain::Pasture => Some(Resource::Wool),
            Terrain::Fields => Some(Resource::Grain),
            Terrain::Hills => Some(Resource::Brick),
            Terrain::Mountains => Some(Resource::Ore),
            _ => None,
        }
    }

    /// Whether the hex is water (settlements cannot stand on it alone).
    pub const fn is_water(self) -> bool {
        matches!(self, Terrain::Sea | Terrain::FishShoal | Terrain::FishingGround | Terrain::Harbor)
    }

    /// Whether the hex is land.
    pub const fn is_land(self) -> bool {
        !self.is_water()
    }

    /// Whether a hex of this terrain can carry a number chip at all
    /// (the five resource terrains and gold; scenarios may exclude gold).
    pub const fn can_take_chip(self) -> bool {
        self.resource().is_some() || matches!(self, Terrain::Gold)
    }
}

impl fmt::Display for Terrain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The trade offered by a harbor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HarborKind {
    /// Any three identical resources for one.
    Generic,
    /// Two of this resource for one.
    Special(Resource),
}

impl HarborKind {
    /// All six kinds.
    pub const ALL: [HarborKind; 6] = [
        HarborKind::Generic,
        HarborKind::Special(Resource::Lumber),
        HarborKind::Special(Resource::Wool),
        HarborKind::Special(Resource::Grain),
        HarborKind::Special(Resource::Brick),
        HarborKind::Special(Resource::Ore),
    ];

    /// `"3:1"` or the resource name of a 2:1 harbor.
    pub const fn name(self) -> &'static str {
        match self {
            HarborKind::Generic => "3:1",
            HarborKind::Special(r) => r.name(),
        }
    }

    /// Parses `"3:1"` or a resource name.
    pub fn from_name(s: &str) -> Option<HarborKind> {
        HarborKind::ALL.into_iter().find(|k| k.name() == s)
    }
}

impl fmt::Display for HarborKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Dots under a number chip: the number of ways two dice roll `n` (0 for non-rolls).
pub const fn pips(n: u8) -> u8 {
    match n {
        2..=6 => n - 1,
        8..=12 => 13 - n,
        _ => 0,
    }
}

/// Whether `n` is the number of a number chip: 2 to 12, without 7 (the
/// robber's roll has no chip). The one test of a chip value: scenario
/// numbers, fishing grounds, locks and the page's edits all ask it.
///
/// ```
/// use hexpress::vocab::is_chip_number;
/// assert!(is_chip_number(2) && is_chip_number(12));
/// assert!(!is_chip_number(7) && !is_chip_number(1) && !is_chip_number(13));
/// ```
pub const fn is_chip_number(n: i64) -> bool {
    n >= 2 && n <= 12 && n != 7
}

/// Whether `n` is a "red" number (6 or 8).
pub const fn is_red(n: u8) -> bool {
    n == 6 || n == 8
}

/// Levenshtein edit distance, for "did you mean" hints.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.chars().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// The closest candidate to `word`, if it is close enough to be a likely typo.
pub(crate) fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let word_l = word.to_ascii_lowercase();
    candidates
        .into_iter()
        .map(|c| (edit_distance(&word_l, c), c))
        .filter(|(d, c)| {
            *d <= (c.len().max(word.len()) / 3).max(1)
                || c.starts_with(&word_l) && word_l.len() >= 3
        })
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pips_follow_the_dice() {
        let total: u32 = (2..=12).map(|n| u32::from(pips(n))).sum();
        assert_eq!(total, 30); // 36 outcomes minus the six sevens
        assert_eq!(pips(7), 0);
        assert_eq!(pips(6), 5);
        assert_eq!(pips(2), 1);
        assert_eq!(pips(11), 2);
    }

    #[test]
    fn names_round_trip() {
        for t in Terrain::ALL {
            assert_eq!(Terrain::from_name(t.name()), Some(t));
            assert_eq!(Terrain::ALL[t.index()], t);
        }
        for k in HarborKind::ALL {
            assert_eq!(HarborKind::from_name(k.name()), Some(k));
        }
    }

    #[test]
    fn suggestions_catch_typos_only() {
        let names = Terrain::ALL.map(Terrain::name);
        assert_eq!(did_you_mean("forrest", names), Some("forest"));
        assert_eq!(did_you_mean("field", names), Some("fields"));
        assert_eq!(did_you_mean("Mountain", names), Some("mountains"));
        assert_eq!(did_you_mean("xylophone", names), None);
    }
}
