//! Features on hex sides: the kinds a scenario declares (`[sides.NAME]`: a
//! river, a bridge, a wall), with their look, rules text and printed pieces,
//! and the sides each map puts them on ([`MapSides`], checked in
//! `validate/sides.rs`: every side between two hexes of the map, none twice).

use super::prose::Refs;
use crate::axial::Hex;
use crate::diag::{Diagnostic, Diagnostics};
use crate::scenario::fields::SIDE_LOOKS;
use crate::scenario::raw::RawSideFeature;
use crate::scenario::raw::Sp;
use crate::vocab::did_you_mean;

/// How the map draws a side feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SideLook {
    /// A band of water along the side.
    River,
    /// A river with a bridge across it.
    Bridge,
    /// A dark bar along the side.
    Wall,
}

impl SideLook {
    /// Every look, in the order of [`SIDE_LOOKS`].
    pub const ALL: [SideLook; 3] = [SideLook::River, SideLook::Bridge, SideLook::Wall];

    /// Name as written in scenario files.
    pub const fn name(self) -> &'static str {
        match self {
            SideLook::River => "river",
            SideLook::Bridge => "bridge",
            SideLook::Wall => "wall",
        }
    }

    /// Parses a scenario-file name.
    pub fn from_name(s: &str) -> Option<SideLook> {
        SideLook::ALL.into_iter().find(|l| l.name() == s)
    }
}

/// A kind of side feature as a map needs it: to draw it and name it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideKind {
    /// Key in the file (`[sides.KEY]`).
    pub key: String,
    /// Display name.
    pub name: String,
    /// How it is drawn.
    pub look: SideLook,
}

/// A kind of side feature with what the handout and the pieces need.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideFeature {
    /// Key, name and look.
    pub kind: SideKind,
    /// What it does in play, references filled.
    pub text: Option<String>,
    /// Pieces of it to print.
    pub pieces: u32,
}

/// One side with a feature: the side hex `hex` shares with `toward`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Side {
    /// The hex on one side (as the file names it, or the left/upper one of a drawing).
    pub hex: Hex,
    /// Its neighbour across the side.
    pub toward: Hex,
    /// Index into [`MapSides::kinds`].
    pub kind: u32,
}

/// The side features of one map: every kind the scenario declares (in file
/// order, so indices agree across maps) and the sides that carry one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MapSides {
    /// The scenario's kinds of side feature.
    pub kinds: Vec<SideKind>,
    /// The sides with a feature: the list form in file order, then the drawing's marks.
    pub sides: Vec<Side>,
}

impl MapSides {
    /// Whether the map has no side feature.
    pub fn is_empty(&self) -> bool {
        self.sides.is_empty()
    }

    /// How many sides carry kind `k`.
    pub fn count(&self, k: usize) -> usize {
        self.sides.iter().filter(|s| s.kind as usize == k).count()
    }
}

/// The kinds of a file's `[sides]`, read without checks (the checks and
/// their messages are [`validate_features`]'s).
pub fn kinds(raw: &[(Sp<String>, RawSideFeature)]) -> Vec<SideKind> {
    raw.iter()
        .map(|(k, f)| SideKind {
            key: k.value.clone(),
            name: f.name.as_ref().map_or_else(|| k.value.clone(), |n| n.value.trim().to_string()),
            look: f
                .look
                .as_ref()
                .and_then(|l| SideLook::from_name(&l.value))
                .unwrap_or(SideLook::Wall),
        })
        .collect()
}

/// The one-character marks of a feature (bad ones are reported by
/// [`validate_features`] and left out here).
pub fn marks(f: &RawSideFeature) -> Vec<String> {
    f.marks
        .iter()
        .flat_map(|m| &m.value)
        .filter(|m| is_mark(&m.value))
        .map(|m| m.value.clone())
        .collect()
}

fn is_mark(s: &str) -> bool {
    let mut c = s.chars();
    matches!((c.next(), c.next()), (Some(ch), None) if !ch.is_whitespace() && ch != '.')
}

/// Checks `[sides]`: plain keys, known looks, names, one-character marks
/// that no two features share, and piece counts; fills the texts' references.
pub(crate) fn validate_features(
    raw: &[(Sp<String>, RawSideFeature)],
    refs: &Refs<'_>,
    diags: &mut Diagnostics,
) -> Vec<SideFeature> {
    let mut seen_marks: Vec<&Sp<String>> = Vec::new();
    let mut out = Vec::new();
    for ((key, f), kind) in raw.iter().zip(kinds(raw)) {
        let plain = !key.value.is_empty()
            && key
                .value
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-');
        if !plain {
            diags.push(
                Diagnostic::error(format!("side feature key `{}` is not a plain name", key.value))
                    .at(key.span.clone(), "invalid key")
                    .hint("use lowercase letters, digits, `_` and `-`, e.g. `[sides.river]`"),
            );
        }
        if let Some(l) = &f.look {
            if SideLook::from_name(&l.value).is_none() {
                diags.push(
                    Diagnostic::error(format!("unknown side look `{}`", l.value))
                        .at(l.span.clone(), "not a look")
                        .hint(match did_you_mean(&l.value, SIDE_LOOKS.iter().copied()) {
                            Some(s) => format!("did you mean `{s}`?"),
                            None => format!("looks are: {}", SIDE_LOOKS.join(", ")),
                        }),
                );
            }
        }
        if let Some(n) = f.name.as_ref().filter(|n| n.value.trim().is_empty()) {
            diags.push(
                Diagnostic::error("the side feature's name is empty")
                    .at(n.span.clone(), "empty")
                    .hint("name it as players will, e.g. `name = \"River\"`, or leave `name` out"),
            );
        }
        for m in f.marks.iter().flat_map(|m| &m.value) {
            check_mark(m, &seen_marks, diags);
            seen_marks.push(m);
        }
        let pieces = f.pieces.as_ref().map_or(0, |p| {
            if !(0..=200).contains(&p.value) {
                diags.push(
                    Diagnostic::error(format!(
                        "`pieces` must be between 0 and 200, found {}",
                        p.value
                    ))
                    .at(p.span.clone(), "out of range")
                    .hint("write how many pieces to print, 0 to 200"),
                );
            }
            p.value.clamp(0, 200) as u32
        });
        let text = f.text.as_ref().map(|t| {
            refs.warn_spelled(t, diags);
            refs.fill(t, diags)
        });
        out.push(SideFeature { kind, text, pieces });
    }
    out
}

/// One mark: a single character other than a space or `.`, used once.
fn check_mark(m: &Sp<String>, seen: &[&Sp<String>], diags: &mut Diagnostics) {
    if !is_mark(&m.value) {
        diags.push(
            Diagnostic::error(format!("side mark `{}` is not one character", m.value))
                .at(m.span.clone(), "not a mark")
                .hint("a mark is one character other than a space or `.`, e.g. \"|\" or \"/\""),
        );
        return;
    }
    if let Some(first) = seen.iter().find(|s| s.value == m.value) {
        diags.push(
            Diagnostic::error(format!("side mark `{}` is given twice", m.value))
                .at(m.span.clone(), "repeated")
                .also(first.span.clone(), "first given here")
                .hint("each mark names one side feature; choose another character"),
        );
    }
}
