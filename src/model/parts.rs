//! Generic components: tokens, cards, tracks and parts taken from a
//! published box, described as data so a scenario can ask for what it needs
//! without new code (`[[components.tokens]]`, `[[components.cards]]`,
//! `[[components.tracks]]`, `[[components.from_box]]`).

use super::prose::Refs;
use crate::diag::{Diagnostic, Diagnostics};
use crate::scenario::raw::{RawComponents, Sp};

/// The outline of a generic token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenShape {
    /// A round token.
    Round,
    /// A square token.
    Square,
}

/// A token described by data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// What it is; rules name it so.
    pub name: String,
    /// Copies to print.
    pub count: u32,
    /// Text on the face.
    pub face: String,
    /// Text on the back (`None`: blank).
    pub back: Option<String>,
    /// Outline.
    pub shape: TokenShape,
    /// Diameter or side in mm (`None`: the sheets' token size).
    pub size: Option<u32>,
}

/// A card with a title and a text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    /// Title; rules name it so.
    pub title: String,
    /// Text, references filled.
    pub text: String,
    /// Copies to print.
    pub count: u32,
    /// Text on the back (`None`: blank).
    pub back: Option<String>,
}

/// A strip of numbered spaces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Track {
    /// Name printed on it; rules name it so.
    pub name: String,
    /// Spaces, numbered 1 to this.
    pub spaces: u32,
    /// Copies to print.
    pub count: u32,
    /// A line under the spaces.
    pub note: Option<String>,
}

/// A part the players take from a published box.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FromBox {
    /// What to take; rules name it so.
    pub item: String,
    /// How many, in all or per player.
    pub count: PieceCount,
    /// The box.
    pub set: String,
}

/// The generic components of a scenario.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parts {
    /// Tokens.
    pub tokens: Vec<Token>,
    /// Cards.
    pub cards: Vec<Card>,
    /// Tracks.
    pub tracks: Vec<Track>,
    /// Parts from published boxes.
    pub from_box: Vec<FromBox>,
}

impl Parts {
    /// The names the rules may use for these parts, in file order.
    pub fn names(&self) -> Vec<String> {
        let mut v: Vec<String> = self.tokens.iter().map(|t| t.name.clone()).collect();
        v.extend(self.cards.iter().map(|c| c.title.clone()));
        v.extend(self.tracks.iter().map(|t| t.name.clone()));
        v.extend(self.from_box.iter().map(|b| b.item.clone()));
        v
    }
}

fn count(v: &Sp<i64>, lo: i64, hi: i64, diags: &mut Diagnostics) -> u32 {
    if v.value < lo || v.value > hi {
        diags.push(
            Diagnostic::error(format!("a count must be between {lo} and {hi}, found {}", v.value))
                .at(v.span.clone(), "out of range")
                .hint(format!("write a whole number from {lo} to {hi}")),
        );
    }
    v.value.clamp(lo, hi) as u32
}

fn not_blank(s: &Sp<String>, what: &str, diags: &mut Diagnostics) {
    if s.value.trim().is_empty() {
        diags.push(
            Diagnostic::error(format!("the {what} is empty"))
                .at(s.span.clone(), "empty")
                .hint("write a few words here, or leave the entry out"),
        );
    }
}

/// Validates the generic components, filling their texts from `refs`.
pub(crate) fn validate_parts(c: &RawComponents, refs: &Refs<'_>, diags: &mut Diagnostics) -> Parts {
    let mut p = Parts::default();
    for t in &c.tokens {
        not_blank(&t.name, "token name", diags);
        let shape = match t.shape.as_ref().map(|s| s.value.as_str()) {
            None | Some("round") => TokenShape::Round,
            Some("square") => TokenShape::Square,
            Some(other) => {
                let at = t.shape.as_ref().map_or(t.name.span.clone(), |s| s.span.clone());
                diags.push(
                    Diagnostic::error(format!("unknown token shape `{other}`"))
                        .at(at, "not a shape")
                        .hint("shapes are: round, square"),
                );
                TokenShape::Round
            }
        };
        p.tokens.push(Token {
            name: t.name.value.clone(),
            count: count(&t.count, 1, 500, diags),
            face: t.face.as_ref().map_or_else(|| t.name.value.clone(), |f| refs.fill(f, diags)),
            back: t.back.as_ref().map(|b| refs.fill(b, diags)),
            shape,
            size: t.size.as_ref().map(|s| count(s, 8, 60, diags)),
        });
    }
    for k in &c.cards {
        not_blank(&k.title, "card title", diags);
        refs.warn_spelled(&k.text, diags);
        p.cards.push(Card {
            title: k.title.value.clone(),
            text: refs.fill(&k.text, diags),
            count: k.count.as_ref().map_or(1, |n| count(n, 1, 200, diags)),
            back: k.back.as_ref().map(|b| refs.fill(b, diags)),
        });
    }
    for t in &c.tracks {
        not_blank(&t.name, "track name", diags);
        p.tracks.push(Track {
            name: t.name.value.clone(),
            spaces: count(&t.spaces, 2, 30, diags),
            count: t.count.as_ref().map_or(1, |n| count(n, 1, 20, diags)),
            note: t.note.as_ref().map(|n| refs.fill(n, diags)),
        });
    }
    for b in &c.from_box {
        not_blank(&b.item, "item", diags);
        not_blank(&b.set, "set", diags);
        let n = match (&b.count, &b.per_player) {
            (Some(n), None) => PieceCount::Total(count(n, 1, 200, diags)),
            (None, Some(n)) => PieceCount::PerPlayer(count(n, 1, 50, diags)),
            (Some(_), Some(n)) => {
                diags.push(
                    Diagnostic::error(format!(
                        "`{}` has both `count` and `per_player`",
                        b.item.value
                    ))
                    .at(n.span.clone(), "pick one")
                    .hint("`count` is how many in all, `per_player` how many each player takes"),
                );
                PieceCount::Total(1)
            }
            (None, None) => {
                diags.push(
                    Diagnostic::error(format!(
                        "how many `{}` does the game take from the box?",
                        b.item.value
                    ))
                    .at(b.item.span.clone(), "no count")
                    .hint("add `count = N` (in all) or `per_player = N`"),
                );
                PieceCount::Total(1)
            }
        };
        p.from_box.push(FromBox { item: b.item.value.clone(), count: n, set: b.set.value.clone() });
    }
    p
}

/// How many of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceCount {
    /// This many in all.
    Total(u32),
    /// This many per player.
    PerPlayer(u32),
}

impl PieceCount {
    /// The count for `players`, in words: "12", "8 (2 per player)".
    pub fn text(self, players: u8) -> String {
        match self {
            PieceCount::Total(n) => n.to_string(),
            PieceCount::PerPlayer(n) => format!("{} ({n} per player)", n * u32::from(players)),
        }
    }

    /// The number for `players`.
    pub fn total(self, players: u8) -> u32 {
        match self {
            PieceCount::Total(n) => n,
            PieceCount::PerPlayer(n) => n * u32::from(players),
        }
    }

    /// `item` with its count for `players`: "12 castaway tokens", "8 markers
    /// (2 per player)".
    pub fn of(self, item: &str, players: u8) -> String {
        match self {
            PieceCount::Total(n) => format!("{n} {item}"),
            PieceCount::PerPlayer(n) => {
                format!("{} {item} ({n} per player)", n * u32::from(players))
            }
        }
    }
}
