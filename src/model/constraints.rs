//! Placement rules as data. The predicates that check them live in
//! [`crate::solve::check`], shared by the solver and the tests.

use std::fmt;

use crate::vocab::Terrain;

/// Names one placement rule, for messages and statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ConstraintId {
    /// No 6/8 next to a 6/8.
    NoAdjacentRed,
    /// No equal numbers on neighbours.
    NoEqualNeighbours,
    /// No 2 next to 12.
    No2Next12,
    /// Connected same-terrain groups are at most N hexes.
    MaxTerrainGroup,
    /// Pip sum at a corner is at most N.
    MaxCornerPips,
    /// No 6/8 on gold.
    GoldNoRed,
    /// No gold next to gold.
    GoldNotAdjacent,
    /// Every harbor faces a land hex.
    HarborFacesLand,
}

impl ConstraintId {
    /// Every rule.
    pub const ALL: [ConstraintId; 8] = [
        ConstraintId::NoAdjacentRed,
        ConstraintId::NoEqualNeighbours,
        ConstraintId::No2Next12,
        ConstraintId::MaxTerrainGroup,
        ConstraintId::MaxCornerPips,
        ConstraintId::GoldNoRed,
        ConstraintId::GoldNotAdjacent,
        ConstraintId::HarborFacesLand,
    ];

    /// The key of the rule in `[constraints]` (and in `layout.json`).
    pub const fn key(self) -> &'static str {
        match self {
            ConstraintId::NoAdjacentRed => "no_adjacent_red",
            ConstraintId::NoEqualNeighbours => "no_equal_neighbours",
            ConstraintId::No2Next12 => "no_2_next_to_12",
            ConstraintId::MaxTerrainGroup => "max_terrain_group",
            ConstraintId::MaxCornerPips => "max_corner_pips",
            ConstraintId::GoldNoRed => "gold_no_red",
            ConstraintId::GoldNotAdjacent => "gold_not_adjacent",
            ConstraintId::HarborFacesLand => "harbors_face_land",
        }
    }

    /// Index in [`ConstraintId::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for ConstraintId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// The rules in force for a scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Constraints {
    /// No 6 or 8 next to another 6 or 8 (default on).
    pub no_adjacent_red: bool,
    /// No equal numbers on neighbouring hexes.
    pub no_equal_neighbours: bool,
    /// No 2 next to 12.
    pub no_2_next_to_12: bool,
    /// Terrains (that could take a chip) that get none, e.g. gold.
    pub no_chip: Vec<Terrain>,
    /// Largest connected group of one resource terrain (or gold).
    pub max_terrain_group: Option<u32>,
    /// Largest pip sum at a corner.
    pub max_corner_pips: Option<u32>,
    /// No 6/8 on gold.
    pub gold_no_red: bool,
    /// No gold next to gold.
    pub gold_not_adjacent: bool,
}

impl Default for Constraints {
    fn default() -> Self {
        Constraints {
            no_adjacent_red: true,
            no_equal_neighbours: false,
            no_2_next_to_12: false,
            no_chip: Vec::new(),
            max_terrain_group: None,
            max_corner_pips: None,
            gold_no_red: false,
            gold_not_adjacent: false,
        }
    }
}

impl Constraints {
    /// Whether a hex of this terrain gets a number chip.
    pub fn takes_chip(&self, t: Terrain) -> bool {
        t.can_take_chip() && !self.no_chip.contains(&t)
    }

    /// Whether a rule is switched on.
    pub fn is_on(&self, id: ConstraintId) -> bool {
        match id {
            ConstraintId::NoAdjacentRed => self.no_adjacent_red,
            ConstraintId::NoEqualNeighbours => self.no_equal_neighbours,
            ConstraintId::No2Next12 => self.no_2_next_to_12,
            ConstraintId::MaxTerrainGroup => self.max_terrain_group.is_some(),
            ConstraintId::MaxCornerPips => self.max_corner_pips.is_some(),
            ConstraintId::GoldNoRed => self.gold_no_red,
            ConstraintId::GoldNotAdjacent => self.gold_not_adjacent,
            ConstraintId::HarborFacesLand => true,
        }
    }

    /// The strict set used in benchmarks and by `--strict`: no neighbouring
    /// 6/8, no 2 next to 12, no equal neighbours, corner pips at most 10,
    /// same-terrain groups at most 2.
    pub fn strict() -> Constraints {
        Constraints {
            no_adjacent_red: true,
            no_equal_neighbours: true,
            no_2_next_to_12: true,
            max_terrain_group: Some(2),
            max_corner_pips: Some(10),
            ..Constraints::default()
        }
    }
}
