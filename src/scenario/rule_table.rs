//! The placement rules: one descriptor each ([`RULES`]: key, words for the
//! page and for players, stage, what the rule looks at, switch or limit, and
//! its value in each preset), and the values in force ([`Constraints`]).
//! The scenario fields and schema, the presets, the file's overrides,
//! `layout.json`, the painter's switches and the messages' wording read the
//! table. What a rule forbids lives in `model::rules` (the predicates), asked
//! by the board check (`model::oracle`) and the samplers' incremental checks.
//!
//! A new rule: here, a variant of [`ConstraintId`], its descriptor, its field
//! in [`Constraints`] (and its arms in `get` and `set`); then its predicate,
//! its place in the board check and in the incremental check.

use std::fmt;

pub use super::rule_presets::RulePreset;

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

/// The stage of a board that places what a rule looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleStage {
    /// The terrain tiles.
    Terrain,
    /// The number chips.
    Numbers,
    /// The harbors.
    Harbors,
}

/// What a rule looks at: this decides how a broken rule is reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// The chips of two neighbouring hexes.
    ChipPair,
    /// The chip of one hex and its terrain.
    ChipOnHex,
    /// The pips of the hexes meeting at a corner.
    Corner,
    /// The terrains of two neighbouring hexes.
    TerrainPair,
    /// A connected group of hexes of one terrain.
    TerrainGroup,
    /// A harbor and what lies around it.
    Harbor,
}

/// How a scenario sets a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    /// `true` or `false`.
    Switch,
    /// A limit from `min` to `max`, or none.
    Limit {
        /// Smallest limit a file may set.
        min: i64,
        /// Largest limit a file may set.
        max: i64,
    },
    /// Part of the format: always on, not a key of `[constraints]`.
    Always,
}

/// The value of one rule: a switch or a limit (`None`: no limit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleValue {
    /// A switch.
    Switch(bool),
    /// A limit, `None` when there is none.
    Limit(Option<u32>),
}

impl RuleValue {
    /// Whether the rule forbids anything.
    pub const fn is_on(self) -> bool {
        match self {
            RuleValue::Switch(b) => b,
            RuleValue::Limit(l) => l.is_some(),
        }
    }

    /// The limit, if this is one that is set.
    pub const fn limit(self) -> Option<u32> {
        match self {
            RuleValue::Switch(_) => None,
            RuleValue::Limit(l) => l,
        }
    }

    /// The same kind of value, switched off.
    pub const fn off(self) -> RuleValue {
        match self {
            RuleValue::Switch(_) => RuleValue::Switch(false),
            RuleValue::Limit(_) => RuleValue::Limit(None),
        }
    }
}

/// One placement rule: everything but its logic.
#[derive(Clone, Copy, Debug)]
pub struct Rule {
    /// The rule.
    pub id: ConstraintId,
    /// Its key in `[constraints]` and in `layout.json`.
    pub key: &'static str,
    /// Its name on the web page.
    pub words: &'static str,
    /// What it asks, for players; `{}` stands for the limit.
    pub plain: &'static str,
    /// One sentence for editors and the schema.
    pub doc: &'static str,
    /// Said after "set a higher `key`" in a hint, if anything.
    pub loosest: &'static str,
    /// The stage that places what it looks at.
    pub stage: RuleStage,
    /// What it looks at.
    pub scope: Scope,
    /// How a file sets it.
    pub setting: Setting,
    /// Its value under the official rules (the default).
    pub official: RuleValue,
    /// Its value under the strict preset.
    pub strict: RuleValue,
}

const ON: RuleValue = RuleValue::Switch(true);
const OFF: RuleValue = RuleValue::Switch(false);
const NONE: RuleValue = RuleValue::Limit(None);

/// Every placement rule, in [`ConstraintId`] order.
pub const RULES: [Rule; 10] = [
    Rule {
        id: ConstraintId::NoAdjacentRed,
        key: "no_adjacent_red",
        words: "no 6 or 8 next to another 6 or 8",
        plain: "no 6 or 8 may be next to another 6 or 8",
        doc: "No 6 or 8 next to another 6 or 8 (default true).",
        loosest: "",
        stage: RuleStage::Numbers,
        scope: Scope::ChipPair,
        setting: Setting::Switch,
        official: ON,
        strict: ON,
    },
    Rule {
        id: ConstraintId::NoEqualNeighbours,
        key: "no_equal_neighbours",
        words: "no two neighbouring hexes with the same number",
        plain: "neighbouring hexes may not have the same number",
        doc: "No two neighbouring hexes with the same number (default false).",
        loosest: "",
        stage: RuleStage::Numbers,
        scope: Scope::ChipPair,
        setting: Setting::Switch,
        official: OFF,
        strict: ON,
    },
    Rule {
        id: ConstraintId::No2Next12,
        key: "no_2_next_to_12",
        words: "no 2 next to a 12",
        plain: "no 2 may be next to a 12",
        doc: "No 2 next to a 12 (default false).",
        loosest: "",
        stage: RuleStage::Numbers,
        scope: Scope::ChipPair,
        setting: Setting::Switch,
        official: OFF,
        strict: ON,
    },
    Rule {
        id: ConstraintId::MaxTerrainGroup,
        key: "max_terrain_group",
        words: "largest group of touching hexes of one terrain",
        plain: "at most {} hexes of one terrain may form a group",
        doc: "Largest connected group of hexes of one resource terrain (or gold).",
        loosest: "",
        stage: RuleStage::Terrain,
        scope: Scope::TerrainGroup,
        setting: Setting::Limit { min: 1, max: 50 },
        official: NONE,
        strict: RuleValue::Limit(Some(2)),
    },
    Rule {
        id: ConstraintId::MaxCornerPips,
        key: "max_corner_pips",
        words: "most dots (pips) where three hexes meet",
        plain: "at most {} pips may meet at a corner",
        doc: "Largest pip sum where three hexes meet.",
        loosest: " (15 allows any corner)",
        stage: RuleStage::Numbers,
        scope: Scope::Corner,
        setting: Setting::Limit { min: 1, max: 15 },
        official: NONE,
        strict: RuleValue::Limit(Some(10)),
    },
    Rule {
        id: ConstraintId::GoldNoRed,
        key: "gold_no_red",
        words: "no 6 or 8 on a gold field",
        plain: "a gold field may not carry a 6 or 8",
        doc: "No 6 or 8 on a gold field (default false).",
        loosest: "",
        stage: RuleStage::Numbers,
        scope: Scope::ChipOnHex,
        setting: Setting::Switch,
        official: OFF,
        strict: OFF,
    },
    Rule {
        id: ConstraintId::GoldNotAdjacent,
        key: "gold_not_adjacent",
        words: "no gold field next to another",
        plain: "gold fields may not be neighbours",
        doc: "No gold field next to another (default false).",
        loosest: "",
        stage: RuleStage::Terrain,
        scope: Scope::TerrainPair,
        setting: Setting::Switch,
        official: OFF,
        strict: OFF,
    },
    Rule {
        id: ConstraintId::HarborFacesLand,
        key: "harbors_face_land",
        words: "every harbor faces land",
        plain: "a harbor must face land the players can see",
        doc: "Every face-up harbor faces land the players can see (always).",
        loosest: "",
        stage: RuleStage::Harbors,
        scope: Scope::Harbor,
        setting: Setting::Always,
        official: ON,
        strict: ON,
    },
    Rule {
        id: ConstraintId::HarborsApart,
        key: "harbors_apart",
        words: "no two harbors share a corner",
        plain: "two harbors may not share a settlement corner",
        doc: "No two harbors share a settlement corner (default true).",
        loosest: "",
        stage: RuleStage::Harbors,
        scope: Scope::Harbor,
        setting: Setting::Switch,
        official: ON,
        strict: ON,
    },
    Rule {
        id: ConstraintId::HarborsOffFishing,
        key: "harbors_off_fishing_grounds",
        words: "harbors keep clear of fishing grounds",
        plain: "a harbor may not touch a corner of a fishing ground",
        doc: "No settlement corner touches both a harbor and a fishing ground (default true).",
        loosest: "",
        stage: RuleStage::Harbors,
        scope: Scope::Harbor,
        setting: Setting::Switch,
        official: ON,
        strict: ON,
    },
];

impl ConstraintId {
    /// Every rule.
    pub const ALL: [ConstraintId; RULES.len()] = {
        let mut all = [ConstraintId::NoAdjacentRed; RULES.len()];
        let mut i = 0;
        while i < RULES.len() {
            all[i] = RULES[i].id;
            i += 1;
        }
        all
    };

    /// The rule's descriptor.
    pub const fn rule(self) -> &'static Rule {
        &RULES[self as usize]
    }

    /// The key of the rule in `[constraints]` (and in `layout.json`).
    pub const fn key(self) -> &'static str {
        self.rule().key
    }

    /// The rule with this key.
    pub fn from_key(key: &str) -> Option<ConstraintId> {
        RULES.iter().find(|r| r.key == key).map(|r| r.id)
    }

    /// Index in [`ConstraintId::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rule in plain words, as the web page names it.
    pub const fn words(self) -> &'static str {
        self.rule().words
    }

    /// Whether the rule is about harbors (checked when harbors are placed).
    pub(crate) fn is_harbor_rule(self) -> bool {
        self.rule().stage == RuleStage::Harbors
    }

    /// Whether a file sets the rule with a number (a limit).
    pub const fn is_limit(self) -> bool {
        matches!(self.rule().setting, Setting::Limit { .. })
    }
}

impl RulePreset {
    /// The rules of this preset (no terrain without chips).
    pub fn constraints(self) -> Constraints {
        let mut c = Constraints::none();
        for r in &RULES {
            c.set(r.id, r.value(self));
        }
        c
    }
}

impl Rule {
    /// Its value under `preset`.
    pub const fn value(&self, preset: RulePreset) -> RuleValue {
        match preset {
            RulePreset::Official => self.official,
            RulePreset::Strict => self.strict,
        }
    }

    /// Whether a file can set it in `[constraints]`.
    pub const fn settable(&self) -> bool {
        !matches!(self.setting, Setting::Always)
    }

    /// Whether a file can set it for one region
    /// (`[map.regions.<key>.constraints]`): every settable rule about chips
    /// and terrains; harbor rules apply to the whole map.
    pub const fn per_region(&self) -> bool {
        self.settable() && !matches!(self.scope, Scope::Harbor)
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
    /// No two harbors share a settlement corner (default on).
    pub harbors_apart: bool,
    /// No settlement corner touches both a harbor and a fishing ground (default on).
    pub harbors_off_fishing_grounds: bool,
}

impl Default for Constraints {
    fn default() -> Self {
        RulePreset::Official.constraints()
    }
}

impl Constraints {
    /// Every rule off (but the one that is always on), no terrain without chips.
    pub fn none() -> Constraints {
        Constraints {
            no_adjacent_red: false,
            no_equal_neighbours: false,
            no_2_next_to_12: false,
            no_chip: Vec::new(),
            max_terrain_group: None,
            max_corner_pips: None,
            gold_no_red: false,
            gold_not_adjacent: false,
            harbors_apart: false,
            harbors_off_fishing_grounds: false,
        }
    }

    /// The value of rule `id`.
    pub fn get(&self, id: ConstraintId) -> RuleValue {
        use RuleValue::{Limit, Switch};
        match id {
            ConstraintId::NoAdjacentRed => Switch(self.no_adjacent_red),
            ConstraintId::NoEqualNeighbours => Switch(self.no_equal_neighbours),
            ConstraintId::No2Next12 => Switch(self.no_2_next_to_12),
            ConstraintId::MaxTerrainGroup => Limit(self.max_terrain_group),
            ConstraintId::MaxCornerPips => Limit(self.max_corner_pips),
            ConstraintId::GoldNoRed => Switch(self.gold_no_red),
            ConstraintId::GoldNotAdjacent => Switch(self.gold_not_adjacent),
            ConstraintId::HarborFacesLand => Switch(true),
            ConstraintId::HarborsApart => Switch(self.harbors_apart),
            ConstraintId::HarborsOffFishing => Switch(self.harbors_off_fishing_grounds),
        }
    }

    /// Sets rule `id` (a value of the other kind, or any value of the rule
    /// that is always on, changes nothing).
    pub fn set(&mut self, id: ConstraintId, v: RuleValue) {
        use ConstraintId as C;
        use RuleValue::{Limit, Switch};
        match (id, v) {
            (C::NoAdjacentRed, Switch(b)) => self.no_adjacent_red = b,
            (C::NoEqualNeighbours, Switch(b)) => self.no_equal_neighbours = b,
            (C::No2Next12, Switch(b)) => self.no_2_next_to_12 = b,
            (C::MaxTerrainGroup, Limit(l)) => self.max_terrain_group = l,
            (C::MaxCornerPips, Limit(l)) => self.max_corner_pips = l,
            (C::GoldNoRed, Switch(b)) => self.gold_no_red = b,
            (C::GoldNotAdjacent, Switch(b)) => self.gold_not_adjacent = b,
            (C::HarborsApart, Switch(b)) => self.harbors_apart = b,
            (C::HarborsOffFishing, Switch(b)) => self.harbors_off_fishing_grounds = b,
            _ => {}
        }
    }

    /// Whether a hex of this terrain gets a number chip.
    pub fn takes_chip(&self, t: Terrain) -> bool {
        t.can_take_chip() && !self.no_chip.contains(&t)
    }

    /// Whether a rule is switched on.
    pub(crate) fn is_on(&self, id: ConstraintId) -> bool {
        self.get(id).is_on()
    }

    /// The same rules with `id` switched off.
    pub fn without(&self, id: ConstraintId) -> Constraints {
        let mut c = self.clone();
        c.set(id, c.get(id).off());
        c
    }

    /// The strict preset ([`RulePreset::Strict`]).
    pub fn strict() -> Constraints {
        RulePreset::Strict.constraints()
    }
}
