//! Why a placement rule is on, and the exact way to change that: the hints
//! of every message that blames a rule are written here, from where the
//! rule came from (the file, the preset and who chose it, or the default).

use std::collections::BTreeMap;

use super::{ConstraintId, Constraints, Overrides, RulePreset, Scenario};
use crate::diag::Span;

/// Where the rule preset in force was chosen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum PresetChoice {
    /// Nobody chose one: the default, `official`.
    #[default]
    Default,
    /// The file's `preset = "..."` in `[constraints]`, at this span.
    File(Span),
    /// The command line's `--rules` (or the web page's rules menu).
    Command,
}

/// Why a rule is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleOrigin {
    /// The file sets it itself, at this span.
    File(Span),
    /// The preset in force turns it on; the official rules would not.
    Preset(RulePreset, PresetChoice),
    /// It is on by default (in the official rules, and so in every preset).
    Default,
    /// It is part of the format and cannot be switched off.
    Always,
}

/// Who reads a hint: the words for choosing rules differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Surface {
    /// The command line (`--rules official`).
    Cli,
    /// The web page (its "Placement rules" menu).
    Page,
}

/// What the rules in force are made of: the preset, who chose it, and the
/// file's own settings with their spans.
#[derive(Clone, Copy, Debug)]
pub struct RuleSources<'a> {
    /// The preset in force.
    pub preset: RulePreset,
    /// Who chose it.
    pub choice: &'a PresetChoice,
    /// The file's own settings.
    pub overrides: &'a Overrides,
    /// Where the file sets each rule.
    pub spans: &'a BTreeMap<ConstraintId, Span>,
    /// The rules in force (the preset with the file's settings on top).
    pub constraints: &'a Constraints,
}

impl Scenario {
    /// What this scenario's rules are made of.
    pub(crate) fn rule_sources(&self) -> RuleSources<'_> {
        RuleSources {
            preset: self.preset,
            choice: &self.preset_choice,
            overrides: &self.overrides,
            spans: &self.constraint_spans,
            constraints: &self.constraints,
        }
    }

    /// Why rule `id` is on (see [`RuleSources::origin`]).
    pub(crate) fn rule_origin(&self, id: ConstraintId) -> RuleOrigin {
        self.rule_sources().origin(id)
    }

    /// Whether the official rules would allow what rule `id` forbids.
    pub(crate) fn official_allows(&self, id: ConstraintId) -> bool {
        self.rule_sources().official_allows(id)
    }

    /// The hint for rule `id` (see [`RuleSources::relax_hint`]).
    pub(crate) fn relax_hint(&self, id: ConstraintId, surface: Surface) -> String {
        self.rule_sources().relax_hint(id, surface)
    }

    /// Where rule `id` is set in the file (see [`RuleSources::rule_span`]).
    pub(crate) fn rule_span(&self, id: ConstraintId) -> Option<(Span, String)> {
        self.rule_sources().rule_span(id)
    }
}

impl RuleSources<'_> {
    /// Why rule `id` is on.
    pub fn origin(&self, id: ConstraintId) -> RuleOrigin {
        if let Some(sp) = self.spans.get(&id) {
            return RuleOrigin::File(sp.clone());
        }
        if !id.rule().settable() {
            return RuleOrigin::Always;
        }
        if RulePreset::Official.constraints().is_on(id) || self.preset == RulePreset::Official {
            return RuleOrigin::Default;
        }
        RuleOrigin::Preset(self.preset, self.choice.clone())
    }

    /// Whether switching to the official rules would turn rule `id` off
    /// (the file's own setting still applies on top).
    pub(crate) fn official_allows(&self, id: ConstraintId) -> bool {
        !self.overrides.apply(RulePreset::Official).is_on(id)
    }

    /// One hint that names why rule `id` is on and the exact way to change
    /// that, in the words of `surface`.
    pub(crate) fn relax_hint(&self, id: ConstraintId, surface: Surface) -> String {
        let key = id.key();
        let numeric = id.is_limit();
        let change = match numeric {
            true => format!("set a higher `{key}` in `[constraints]`{}", id.rule().loosest),
            false => format!("set `{key} = false` in `[constraints]`"),
        };
        let official = match surface {
            Surface::Cli => "choose `--rules official`",
            Surface::Page => "choose the official placement rules",
        };
        match self.origin(id) {
            RuleOrigin::File(_) if numeric => {
                let now = self.constraints.get(id).limit().map_or(String::new(), |v| format!(" (now {v})"));
                format!("`{key}` is set in the scenario file{now}: raise it there to relax it")
            }
            RuleOrigin::File(_) => format!(
                "`{key}` is switched on in the scenario file's `[constraints]`: set it to `false` there to relax it"
            ),
            RuleOrigin::Default => format!("`{key}` is on by default: {change} to relax it"),
            RuleOrigin::Always => {
                "a face-up harbor always faces land the players can see: turn it toward a face-up land hex, or move it".into()
            }
            RuleOrigin::Preset(p, PresetChoice::Command) => {
                let chosen = match surface {
                    Surface::Cli => format!("`--rules {p}`"),
                    Surface::Page => format!("the {p} placement rules"),
                };
                format!("`{key}` is on because of {chosen}: {official}, or {change}")
            }
            RuleOrigin::Preset(p, _) => format!(
                "`{key}` comes from `preset = \"{p}\"` in the scenario file's `[constraints]`: {change}, or {official}"
            ),
        }
    }

    /// Where rule `id` is set in the file (the rule itself, or the preset
    /// that turns it on), for a label under a message.
    pub(crate) fn rule_span(&self, id: ConstraintId) -> Option<(Span, String)> {
        match self.origin(id) {
            RuleOrigin::File(sp) => Some((sp, format!("`{id}` set here"))),
            RuleOrigin::Preset(p, PresetChoice::File(sp)) => {
                Some((sp, format!("the `{p}` preset turns on `{id}`")))
            }
            _ => None,
        }
    }
}
