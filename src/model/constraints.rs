//! Placement rules as data, and the named presets they can start from. The
//! predicates that say what each rule forbids live in [`super::rules`],
//! shared by validation, the solver, the checks and the balance measures.

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
    /// Every face-up harbor faces a land hex the players can see.
    HarborFacesLand,
    /// No two harbors share a settlement corner.
    HarborsApart,
    /// No settlement corner touches both a harbor and a fishing ground.
    HarborsOffFishing,
}

impl ConstraintId {
    /// Every rule.
    pub const ALL: [ConstraintId; 10] = [
        ConstraintId::NoAdjacentRed,
        ConstraintId::NoEqualNeighbours,
        ConstraintId::No2Next12,
        ConstraintId::MaxTerrainGroup,
        ConstraintId::MaxCornerPips,
        ConstraintId::GoldNoRed,
        ConstraintId::GoldNotAdjacent,
        ConstraintId::HarborFacesLand,
        ConstraintId::HarborsApart,
        ConstraintId::HarborsOffFishing,
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
            ConstraintId::HarborsApart => "harbors_apart",
            ConstraintId::HarborsOffFishing => "harbors_off_fishing_grounds",
        }
    }

    /// Index in [`ConstraintId::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rule in plain words, as the web page names it.
    pub const fn words(self) -> &'static str {
        match self {
            ConstraintId::NoAdjacentRed => "no 6 or 8 next to another 6 or 8",
            ConstraintId::NoEqualNeighbours => "no two neighbouring hexes with the same number",
            ConstraintId::No2Next12 => "no 2 next to a 12",
            ConstraintId::MaxTerrainGroup => "largest group of touching hexes of one terrain",
            ConstraintId::MaxCornerPips => "most dots (pips) where three hexes meet",
            ConstraintId::GoldNoRed => "no 6 or 8 on a gold field",
            ConstraintId::GoldNotAdjacent => "no gold field next to another",
            ConstraintId::HarborFacesLand => "every harbor faces land",
            ConstraintId::HarborsApart => "no two harbors share a corner",
            ConstraintId::HarborsOffFishing => "harbors keep clear of fishing grounds",
        }
    }

    /// Whether the rule is about harbors (checked when harbors are placed).
    pub const fn is_harbor_rule(self) -> bool {
        matches!(
            self,
            ConstraintId::HarborFacesLand
                | ConstraintId::HarborsApart
                | ConstraintId::HarborsOffFishing
        )
    }
}

impl fmt::Display for ConstraintId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A named starting set of placement rules, chosen with `rules = "..."` in
/// `[constraints]` or with `--rules` (whose help is the variants' docs); the
/// scenario's own settings apply on top. Official is the default.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RulePreset {
    /// No 6 or 8 next to another 6 or 8 (the published rule).
    Official,
    /// Also no equal neighbours, no 2 next to 12, at most 10 pips at a
    /// corner, same-terrain groups of at most 2.
    Strict,
}

impl RulePreset {
    /// Every preset.
    pub const ALL: [RulePreset; 2] = [RulePreset::Official, RulePreset::Strict];

    /// The name used in files and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            RulePreset::Official => "official",
            RulePreset::Strict => "strict",
        }
    }

    /// Parses a preset name.
    pub fn from_name(s: &str) -> Option<RulePreset> {
        RulePreset::ALL.into_iter().find(|p| p.name() == s)
    }

    /// The rules of this preset (harbor rules on, no terrain without chips).
    pub fn constraints(self) -> Constraints {
        match self {
            RulePreset::Official => Constraints::default(),
            RulePreset::Strict => Constraints {
                no_adjacent_red: true,
                no_equal_neighbours: true,
                no_2_next_to_12: true,
                max_terrain_group: Some(2),
                max_corner_pips: Some(10),
                ..Constraints::default()
            },
        }
    }
}

impl fmt::Display for RulePreset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
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
    /// No two harbors share a settlement corner (default on).
    pub harbors_apart: bool,
    /// No settlement corner touches both a harbor and a fishing ground (default on).
    pub harbors_off_fishing_grounds: bool,
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
            harbors_apart: true,
            harbors_off_fishing_grounds: true,
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
            ConstraintId::HarborsApart => self.harbors_apart,
            ConstraintId::HarborsOffFishing => self.harbors_off_fishing_grounds,
        }
    }

    /// The strict preset ([`RulePreset::Strict`]).
    pub fn strict() -> Constraints {
        RulePreset::Strict.constraints()
    }
}

/// The rules a scenario file sets itself, each `None` when the file leaves
/// it to the preset. Laid over a preset by [`Overrides::apply`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Overrides {
    /// `no_adjacent_red`.
    pub no_adjacent_red: Option<bool>,
    /// `no_equal_neighbours`.
    pub no_equal_neighbours: Option<bool>,
    /// `no_2_next_to_12`.
    pub no_2_next_to_12: Option<bool>,
    /// `max_terrain_group`.
    pub max_terrain_group: Option<u32>,
    /// `max_corner_pips`.
    pub max_corner_pips: Option<u32>,
    /// `gold_no_red`.
    pub gold_no_red: Option<bool>,
    /// `gold_not_adjacent`.
    pub gold_not_adjacent: Option<bool>,
    /// `harbors_apart`.
    pub harbors_apart: Option<bool>,
    /// `harbors_off_fishing_grounds`.
    pub harbors_off_fishing_grounds: Option<bool>,
    /// `no_chip` (not part of any preset: it is about the scenario's terrains).
    pub no_chip: Vec<Terrain>,
}

impl Overrides {
    /// The preset's rules with the file's own settings on top.
    ///
    /// ```
    /// use hexpress::model::{Overrides, RulePreset};
    /// let mine = Overrides { max_corner_pips: Some(12), ..Overrides::default() };
    /// let c = mine.apply(RulePreset::Strict);
    /// assert_eq!(c.max_corner_pips, Some(12));
    /// assert!(c.no_equal_neighbours);
    /// ```
    pub fn apply(&self, preset: RulePreset) -> Constraints {
        let mut c = preset.constraints();
        let set = |slot: &mut bool, v: Option<bool>| {
            if let Some(v) = v {
                *slot = v;
            }
        };
        set(&mut c.no_adjacent_red, self.no_adjacent_red);
        set(&mut c.no_equal_neighbours, self.no_equal_neighbours);
        set(&mut c.no_2_next_to_12, self.no_2_next_to_12);
        set(&mut c.gold_no_red, self.gold_no_red);
        set(&mut c.gold_not_adjacent, self.gold_not_adjacent);
        set(&mut c.harbors_apart, self.harbors_apart);
        set(&mut c.harbors_off_fishing_grounds, self.harbors_off_fishing_grounds);
        if self.max_terrain_group.is_some() {
            c.max_terrain_group = self.max_terrain_group;
        }
        if self.max_corner_pips.is_some() {
            c.max_corner_pips = self.max_corner_pips;
        }
        c.no_chip.clone_from(&self.no_chip);
        c
    }
}
