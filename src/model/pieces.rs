//! Every piece a pack uses, how many, where it comes from and where it
//! starts (`[starts]`): the robber and the pirate when the scenario places
//! them, every printed component and every part taken from a box. The rules
//! handout's pieces table and the print plan's setup both list these, so
//! they tell one story.
//!
//! A piece the pack provides without a `[starts]` entry is an error naming
//! it; a `[starts]` entry for no piece of the pack is a warning.

use super::material::Components;
pub(crate) use super::parts::PieceCount;
use super::prose::Refs;
use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::scenario::raw::{RawComponents, Sp};
use crate::vocab::did_you_mean;

/// Where a piece comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PieceFrom {
    /// Printed in this pack (the component sheets).
    Printed,
    /// Taken from a published box.
    Box(String),
}

/// One piece and where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// What players call it ("Castaway tokens").
    pub name: String,
    /// How many.
    pub count: PieceCount,
    /// Printed, or from which box.
    pub from: PieceFrom,
    /// Where it starts, references filled.
    pub starts: String,
    /// How the count splits between the kinds the rules tell apart ("11
    /// with one fish, 10 with two, 8 with three"), for a printed kind that
    /// has several.
    pub mix: Option<String>,
}

impl Piece {
    /// How many, in words, with the mix: "29: 11 with one fish, 10 with
    /// two, 8 with three", "8 (2 per player)".
    pub(crate) fn count_text(&self, players: u8) -> String {
        match &self.mix {
            Some(m) => format!("{}: {m}", self.count.text(players)),
            None => self.count.text(players),
        }
    }
}

/// A piece the pack provides, before its `[starts]` entry is found.
struct Known {
    name: String,
    count: PieceCount,
    from: PieceFrom,
    mix: Option<String>,
    /// Where the piece is declared, for the error when it starts nowhere.
    at: Option<Span>,
    /// Whether it needs a `[starts]` entry (the robber and pirate do not:
    /// a scenario may leave them as the boxes' rules place them).
    required: bool,
}

/// `name` as a `[starts]` key: lowercase, single spaces.
fn key(name: &str) -> String {
    name.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

/// The pieces of `c` in handout order: the robber and pirate, the printed
/// kinds, the generic parts, the parts from boxes.
fn known(c: &Components, raw: Option<&RawComponents>) -> Vec<Known> {
    let mut v = vec![
        Known {
            name: "Robber".into(),
            count: PieceCount::Total(1),
            from: PieceFrom::Box("Base game".into()),
            mix: None,
            at: None,
            required: false,
        },
        Known {
            name: "Pirate".into(),
            count: PieceCount::Total(1),
            from: PieceFrom::Box("Seafarers".into()),
            mix: None,
            at: None,
            required: false,
        },
    ];
    // A scenario that lists the robber or the pirate from its box does not
    // get a second entry.
    let listed = |name: &str| c.parts.from_box.iter().any(|b| key(&b.item) == key(name));
    v.retain(|p| !listed(&p.name));
    printed_kinds(c, raw, &mut v);
    parts(c, raw, &mut v);
    v
}

/// A piece the pack prints, `n` of it, declared at `at`.
fn printed(name: &str, n: u32, at: Option<Span>) -> Known {
    Known {
        name: name.to_string(),
        count: PieceCount::Total(n),
        from: PieceFrom::Printed,
        mix: None,
        at,
        required: true,
    }
}

/// Adds the printed kinds of `[components]` to `v`: gold coins, present
/// tiles, fishing grounds, fish tokens, trade and castaway tokens.
fn printed_kinds(c: &Components, raw: Option<&RawComponents>, v: &mut Vec<Known>) {
    let sp = |s: Option<&Sp<i64>>| s.map(|s| s.span.clone());
    for &(kind, n) in c.counted.iter().filter(|(_, n)| *n > 0) {
        let at = raw.and_then(|r| r.counted.iter().find(|(k, _)| *k == kind)).map(|(_, v)| v);
        v.push(printed(kind.kind().set, n, sp(at)));
    }
    if !c.fishing_grounds.is_empty() {
        let at = raw.and_then(|r| r.fishing_grounds.as_ref().map(|f| f.span.clone()));
        v.push(printed("Fishing-ground tiles", c.fishing_grounds.len() as u32, at));
    }
    if let Some(f) = c.fish_tokens {
        let at = raw.and_then(|r| r.fish_tokens.as_ref().map(|f| f.span.clone()));
        let mut fish = printed("Fish tokens", f.one + f.two + f.three, at.clone());
        let kinds: Vec<String> = [(f.one, "one fish"), (f.two, "two"), (f.three, "three")]
            .iter()
            .filter(|(n, _)| *n > 0)
            .map(|(n, what)| format!("{n} with {what}"))
            .collect();
        fish.mix = (kinds.len() > 1).then(|| kinds.join(", "));
        v.push(fish);
        if f.old_boot > 0 {
            v.push(printed("Old boot", f.old_boot, at));
        }
    }
    if !c.trade_tokens.is_empty() {
        let n = c.trade_tokens.iter().flat_map(|t| t.goods.iter().map(|g| g.1)).sum();
        let at = raw.and_then(|r| r.trade_tokens.first().map(|t| t.0.span.clone()));
        let mut trade = printed("Trade tokens", n, at);
        let kinds: Vec<String> = c
            .trade_tokens
            .iter()
            .map(|t| {
                let goods: Vec<String> =
                    t.goods.iter().map(|(g, k)| format!("{k} {}", g.name())).collect();
                format!("{} at the {}", goods.join(" and "), t.building.name())
            })
            .collect();
        trade.mix = Some(kinds.join("; "));
        v.push(trade);
    }
    if !c.castaway_tokens.is_empty() {
        let n = c.castaway_tokens.iter().map(|t| t.count).sum();
        let at = raw.and_then(|r| r.castaway_tokens.first().map(|t| t.0.span.clone()));
        v.push(printed("Castaway tokens", n, at));
    }
    for p in &c.side_pieces {
        v.push(printed(&p.name, p.count, p.at.clone()));
    }
}

/// Adds the generic parts (tokens, cards, tracks) and the parts from boxes
/// to `v`.
fn parts(c: &Components, raw: Option<&RawComponents>, v: &mut Vec<Known>) {
    let p = &c.parts;
    for (i, t) in p.tokens.iter().enumerate() {
        let at = raw.and_then(|r| r.tokens.get(i)).map(|t| t.name.span.clone());
        v.push(printed(&t.name, t.count, at));
    }
    for (i, k) in p.cards.iter().enumerate() {
        let at = raw.and_then(|r| r.cards.get(i)).map(|t| t.title.span.clone());
        v.push(printed(&k.title, k.count, at));
    }
    for (i, t) in p.tracks.iter().enumerate() {
        let at = raw.and_then(|r| r.tracks.get(i)).map(|t| t.name.span.clone());
        v.push(printed(&format!("{} track", t.name), t.count, at));
    }
    for (i, b) in p.from_box.iter().enumerate() {
        let at = raw.and_then(|r| r.from_box.get(i)).map(|t| t.item.span.clone());
        v.push(Known {
            name: capitalised(&b.item),
            count: b.count,
            from: PieceFrom::Box(b.set.clone()),
            mix: None,
            at,
            required: true,
        });
    }
}

/// The names of every piece the pack prints or lists from a box (the robber
/// and pirate only when `[starts]` places them), whether or not it starts
/// anywhere yet.
pub(crate) fn provided_names(c: &Components, starts: &[(Sp<String>, Sp<String>)]) -> Vec<String> {
    known(c, None)
        .into_iter()
        .filter(|p| p.required || starts.iter().any(|(k, _)| key(&k.value) == key(&p.name)))
        .map(|p| p.name)
        .collect()
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Where a piece without a `[starts]` entry lies, in a user's file that
/// older versions accepted without one.
pub const STARTS_BESIDE_THE_BOARD: &str = "Beside the board when the game begins.";

/// The pieces of a scenario with where each starts, from `[starts]`.
/// Reports a provided piece without an entry (an error in a built-in; in a
/// user's file a warning, and the piece lies beside the board) and an
/// entry for no piece (a warning).
pub(crate) fn validate_pieces(
    c: &Components,
    raw: Option<&RawComponents>,
    starts: &[(Sp<String>, Sp<String>)],
    refs: &Refs<'_>,
    strict: bool,
    diags: &mut Diagnostics,
) -> Vec<Piece> {
    let known = known(c, raw);
    let mut out = Vec::new();
    for (k, text) in starts {
        if text.value.trim().is_empty() {
            diags.push(
                Diagnostic::error(format!("`{}` starts nowhere: its text is empty", k.value))
                    .at(text.span.clone(), "empty")
                    .hint(
                        "say where the piece lies when the game begins, e.g. \"Beside the board.\"",
                    ),
            );
        }
        if !known.iter().any(|p| key(&p.name) == key(&k.value)) {
            let names: Vec<String> = known.iter().map(|p| key(&p.name)).collect();
            let hint = match did_you_mean(&key(&k.value), names.iter().map(String::as_str)) {
                Some(n) => format!("did you mean `{n}`?"),
                None => format!(
                    "the pieces of this pack: {}; a part is named as in [components]",
                    names.join(", ")
                ),
            };
            diags.push(
                Diagnostic::warning(format!(
                    "`[starts]` names `{}`, which is no piece of this pack",
                    k.value
                ))
                .at(k.span.clone(), "unknown piece")
                .hint(hint),
            );
        }
    }
    for p in known {
        let entry = starts.iter().find(|(k, _)| key(&k.value) == key(&p.name));
        match entry {
            Some((_, text)) => out.push(Piece {
                name: p.name,
                count: p.count,
                from: p.from,
                starts: refs.fill(text, diags),
                mix: p.mix,
            }),
            None if p.required => {
                let fix = format!(
                    "add `\"{}\" = \"...\"` to `[starts]`, saying where they lie when the game begins",
                    key(&p.name)
                );
                let mut d = match strict {
                    true => Diagnostic::error(format!(
                        "{} start nowhere: the setup never places them",
                        p.name
                    ))
                    .hint(fix),
                    false => Diagnostic::warning(format!(
                        "{} have no `[starts]` entry: the handout says they lie beside the board when the game begins",
                        p.name
                    ))
                    .hint(format!("{fix} (files written before `[starts]` existed still work)")),
                };
                if let Some(at) = p.at.clone() {
                    d = d.at(at, "declared here");
                }
                diags.push(d);
                if !strict {
                    out.push(Piece {
                        name: p.name,
                        count: p.count,
                        from: p.from,
                        starts: STARTS_BESIDE_THE_BOARD.into(),
                        mix: p.mix,
                    });
                }
            }
            None => {}
        }
    }
    out
}
