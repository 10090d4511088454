//! A lock problem in the page's words: the API error (status 422, a
//! sentence for players, a hint) and the `lock_clash` object the page marks
//! on the board. The terminal's words are in `cli::lock`; the hint both use
//! is [`crate::locks::hint`].

use super::error::ApiError;
use crate::locks::hint;
use crate::model::Scenario;
use crate::solve::{Lock, LockError};

/// A lock problem as the web page's API answers it: status 422, the error
/// in one line, a hint in the page's words, and `lock_clash` (see
/// [`clash_json`]).
pub fn api_error(scenario: &Scenario, e: &LockError) -> ApiError {
    let mut a = ApiError::new(axum::http::StatusCode::UNPROCESSABLE_ENTITY, page_message(e))
        .hint(hint(scenario, e, crate::model::Surface::Page));
    a.lock_clash = Some(Box::new(clash_json(scenario, e)));
    a
}

/// A lock problem in the page's words: a sentence for players, no rule keys.
pub fn page_message(e: &LockError) -> String {
    match e {
        LockError::Clash(c) => {
            let mut m = format!("These locked hexes cannot be kept together: {}.", c.sentence());
            for more in &c.more {
                m.push_str(&format!(" Also, {}.", more.sentence()));
            }
            m
        }
        other => capitalized(&format!("{other}.")),
    }
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Locks that are fine alone but leave no board (or none the search could
/// find in time), as the page's API answers it: status 422, the rule in
/// conflict in plain words, and `lock_clash` with every locked hex, so the
/// page marks them.
pub fn unsat_api_error(
    scenario: &Scenario,
    locks: &[Lock],
    e: &crate::solve::SolveError,
) -> ApiError {
    let mut a = ApiError::new(
        axum::http::StatusCode::UNPROCESSABLE_ENTITY,
        unsat_page_message(scenario, e),
    )
    .hint(unsat_page_hint(scenario, e));
    a.lock_clash = Some(Box::new(unsat_json(scenario, locks, e)));
    a
}

fn unsat_rule(e: &crate::solve::SolveError) -> Option<crate::model::ConstraintId> {
    match e {
        crate::solve::SolveError::Unsatisfiable { constraint, .. } => *constraint,
        crate::solve::SolveError::Conflict { rules, .. } => rules.first().copied(),
        _ => None,
    }
}

fn unsat_proved(e: &crate::solve::SolveError) -> bool {
    matches!(
        e,
        crate::solve::SolveError::Unsatisfiable { stop: crate::solve::Stop::Exhausted, .. }
            | crate::solve::SolveError::Conflict { .. }
    )
}

/// "No board keeps these locked hexes: ..." in the page's words.
pub fn unsat_page_message(scenario: &Scenario, e: &crate::solve::SolveError) -> String {
    let rule = match unsat_rule(e) {
        Some(r) => format!(
            " (the rule in the way: {})",
            crate::model::rules::plain(&scenario.constraints, r)
        ),
        None => String::new(),
    };
    match unsat_proved(e) {
        true => format!("No board keeps these locked hexes and every rule{rule}."),
        false => format!("No board that keeps these locked hexes was found in time{rule}."),
    }
}

fn unsat_page_hint(scenario: &Scenario, e: &crate::solve::SolveError) -> String {
    let relax = match unsat_rule(e) {
        Some(r) => {
            format!("; or relax the rule: {}", scenario.relax_hint(r, crate::model::Surface::Page))
        }
        None => String::new(),
    };
    format!("unlock some of the marked hexes{relax}")
}

/// The `lock_clash` of locks that leave no board: the rule in conflict (if
/// the search named one) and every locked hex.
pub fn unsat_json(
    scenario: &Scenario,
    locks: &[Lock],
    e: &crate::solve::SolveError,
) -> serde_json::Value {
    use serde_json::json;
    let rule = unsat_rule(e);
    json!({
        "rule": rule.map(|r| r.key()),
        "rule_text": rule.map(|r| crate::model::rules::plain(&scenario.constraints, r)),
        "sentence": unsat_page_message(scenario, e),
        "hexes": locks.iter().map(|l| json!({
            "q": l.hex.q,
            "r": l.hex.r,
            "terrain": l.terrain.name(),
            "number": l.number,
            "locked": true,
        })).collect::<Vec<_>>(),
        "amount": 0,
        "limit": null,
        "origin": rule.map(|r| origin_key(scenario, r)),
        "official_allows": rule.is_some_and(|r| scenario.official_allows(r)),
        "proved": unsat_proved(e),
        "hint": unsat_page_hint(scenario, e),
    })
}

fn origin_key(scenario: &Scenario, rule: crate::model::ConstraintId) -> &'static str {
    match scenario.rule_origin(rule) {
        crate::model::RuleOrigin::File(_) => "file",
        crate::model::RuleOrigin::Preset(..) => "preset",
        crate::model::RuleOrigin::Default => "default",
        crate::model::RuleOrigin::Always => "always",
    }
}

/// A lock problem as the web page receives it, under `lock_clash` in the
/// error: the rule (`null` for a lock that does not fit the map or its
/// pools), the rule and the clash in plain words, and every hex concerned
/// with its contents, so the page can mark them on the board.
pub fn clash_json(scenario: &Scenario, e: &LockError) -> serde_json::Value {
    use serde_json::json;
    let surface = crate::model::Surface::Page;
    match e {
        LockError::Clash(c) => {
            let origin = origin_key(scenario, c.rule);
            json!({
                "rule": c.rule.key(),
                "rule_text": c.plain,
                "sentence": c.sentence(),
                "hexes": c.hexes.iter().map(clash_hex_json).collect::<Vec<_>>(),
                "amount": c.amount,
                "limit": c.limit,
                "origin": origin,
                "official_allows": scenario.official_allows(c.rule),
                "also": c.more.iter().map(|m| json!({
                    "rule": m.rule.key(),
                    "rule_text": m.plain,
                    "sentence": m.sentence(),
                    "hexes": m.hexes.iter().map(clash_hex_json).collect::<Vec<_>>(),
                })).collect::<Vec<_>>(),
                "proved": true,
                "hint": hint(scenario, e, surface),
            })
        }
        other => json!({
            "proved": true,
            "rule": null,
            "rule_text": null,
            "sentence": other.to_string(),
            "hexes": other.hexes().iter().map(|h| json!({
                "q": h.q, "r": h.r, "terrain": null, "number": null, "locked": true,
            })).collect::<Vec<_>>(),
            "amount": 0,
            "limit": null,
            "origin": null,
            "official_allows": false,
            "hint": hint(scenario, e, surface),
        }),
    }
}

/// One hex of a clash, as the page receives it.
fn clash_hex_json(h: &crate::solve::ClashHex) -> serde_json::Value {
    serde_json::json!({
        "q": h.hex.q,
        "r": h.hex.r,
        "terrain": h.terrain.map(|t| t.name()),
        "number": h.number,
        "locked": h.locked,
    })
}
