//! The balance measures of a board as the page shows them: each with its
//! value and a sentence in plain words (the formulas are in docs/balance.md).

use super::answers::Explained;
use crate::front::balance::Measures;
use crate::vocab::Resource;

/// One measure for the page.
fn item(name: &'static str, value: String, words: String) -> Explained {
    Explained { name, value, words }
}

/// Every measure of `m` the page shows, in plain words.
pub(crate) fn explain(m: &Measures) -> Vec<Explained> {
    let mut out = Vec::new();
    let per: Vec<String> = Resource::ALL
        .iter()
        .zip(m.resource_pips)
        .map(|(r, p)| format!("{} {p}", r.name()))
        .collect();
    out.push(item(
        "Dots per resource",
        per.join(", "),
        "How often each resource is rolled: the dots (pips) on its number chips added up. A 6 or 8 has 5 dots, a 2 or 12 has 1.".into(),
    ));
    out.push(item(
        "Away from a fair share",
        format!("{:.1} dots", m.resource_deviation),
        "How far the resources are, all together, from a share of the dots in proportion to their tiles. 0 would be perfectly even.".into(),
    ));
    if !m.corner_sums.is_empty() {
        out.push(item(
            "Settling spots",
            format!("{} to {} dots", m.corner_min, m.corner_max),
            "The poorest and the richest corner where three land hexes meet, counted in dots. A narrow range means no spot is far better than the others.".into(),
        ));
    }
    out.push(item(
        "Largest group",
        format!("{} hexes", m.largest_group),
        "The biggest cluster of touching hexes of one terrain. Big clusters let one player corner a resource.".into(),
    ));
    out.push(item(
        "Neighbouring high numbers",
        m.high_pairs.to_string(),
        "Pairs of touching hexes that both carry a 5, 6, 8 or 9. Fewer pairs spread the good numbers out.".into(),
    ));
    if !m.harbors.is_empty() {
        out.push(item(
            "Best 2:1 harbor",
            format!("{} dots", m.harbor_max),
            "The dots of its own resource around the strongest special harbor. High values make that harbor very rich.".into(),
        ));
    }
    if m.islands.len() > 1 {
        if let Some((home, rest)) = m.home_and_rest() {
            out.push(item(
                "Home island and the rest",
                format!("{home} / {rest} dots"),
                "Dots on the starting island against all other islands together.".into(),
            ));
        }
    }
    if let Some(g) = m.gold_reach {
        out.push(item(
            "Gold from home",
            format!("{g} hexes"),
            "How far the nearest gold field lies from the starting island.".into(),
        ));
    }
    out
}
