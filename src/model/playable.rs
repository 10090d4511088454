//! Is the pack playable? Warnings for pieces the rules use that the pack
//! neither prints nor lists as taken from a box ("put a spice sack on the
//! ship" without a spice sack anywhere).

use super::game::Game;
use crate::diag::{Diagnostic, Diagnostics};
use crate::scenario::raw::{RawRules, Sp};

/// Pieces a fan scenario's rules may ask for that a plain base game does
/// not hold, in the singular.
pub const PIECE_WORDS: &[&str] = &[
    "fish token",
    "old boot",
    "castaway",
    "trade token",
    "present",
    "fish haul",
    "spice sack",
    "gold chit",
    "gold coin",
    "crew",
    "settler",
    "wagon",
    "barbarian",
    "warship",
    "marker",
    "bridge",
    "track",
];

/// Where `text` holds `w` as a word or words, singular or plural
/// ("settler" in "settlers", not in "settlement"): byte offsets.
pub fn mentions(text: &str, w: &str) -> Vec<usize> {
    text.match_indices(w)
        .filter(|(i, _)| {
            let before = text[..*i].chars().next_back().is_none_or(|c| !c.is_alphabetic());
            let mut after = text[i + w.len()..].chars();
            let end = match after.next() {
                Some('s') => after.next().is_none_or(|c| !c.is_alphabetic()),
                Some(c) => !c.is_alphabetic(),
                None => true,
            };
            before && end
        })
        .map(|(i, _)| i)
        .collect()
}

/// What the pack prints or lists from a box, in lowercase words.
pub fn provided(g: &Game) -> String {
    let c = &g.components;
    let mut v: Vec<String> = Vec::new();
    if c.gold_chits > 0 {
        v.push("gold chits, gold coins".into());
    }
    if c.present_tiles > 0 {
        v.push("present tiles".into());
    }
    if let Some(f) = c.fish_tokens {
        v.push("fish tokens".into());
        if f.old_boot > 0 {
            v.push("old boot".into());
        }
    }
    if !c.trade_tokens.is_empty() {
        v.push("trade tokens".into());
    }
    if !c.castaway_tokens.is_empty() {
        v.push("castaway tokens".into());
    }
    let p = &c.parts;
    for t in &p.tokens {
        v.push(format!("{}, {}, {}", t.name, t.face, t.back.clone().unwrap_or_default()));
    }
    v.extend(p.cards.iter().map(|k| k.title.clone()));
    v.extend(p.tracks.iter().map(|t| format!("{} track", t.name)));
    v.extend(p.from_box.iter().map(|b| b.item.clone()));
    v.join("\n").to_lowercase()
}

/// Warns at each rules text that uses a piece the pack does not provide
/// (once per piece), pointing at the word.
pub fn check_pieces(g: &Game, rules: &RawRules, source: &str, diags: &mut Diagnostics) {
    let have = provided(g);
    let texts: Vec<&Sp<String>> =
        rules.setup.iter().chain(rules.sections.iter().map(|(_, t)| t)).collect();
    for w in PIECE_WORDS {
        if !mentions(&have, w).is_empty() {
            continue;
        }
        let hit = texts.iter().find_map(|t| {
            let raw = source.get(t.span.clone()).unwrap_or("").to_lowercase();
            mentions(&raw, w).first().map(|i| t.span.start + i..t.span.start + i + w.len())
        });
        if let Some(at) = hit {
            diags.push(
                Diagnostic::warning(format!(
                    "the rules use a {w}, which the pack does not provide"
                ))
                .at(at, "no such part in [components]")
                .hint(
                    "add it to `[[components.tokens]]`, `[[components.cards]]` or \
                         `[[components.tracks]]`, or list it in `[[components.from_box]]` with \
                         the box it comes from",
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::mentions;

    #[test]
    fn words_match_whole_and_plural_only() {
        assert_eq!(mentions("two settlers land", "settler"), vec![4]);
        assert!(mentions("a settlement", "settler").is_empty());
        assert_eq!(mentions("crew. crews", "crew").len(), 2);
    }
}
