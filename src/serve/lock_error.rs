//! A lock problem in the page's words: the API error (status 422, a
//! sentence for players, a hint) and the `lock_clash` object the page marks
//! on the board. Hexes are named by their place on the board ([`Places`]),
//! never by coordinates, and a hex whose contents the viewer may not see
//! (a face-down hex in the players' view) is named by its place alone: no
//! message, hint or `lock_clash` carries its terrain or chip. The terminal's
//! words are in `cli::lock`.

use serde_json::{json, Value};

use super::error::ApiError;
use super::names::Places;
use super::request::Resolved;
use crate::axial::Hex;
use crate::front::model::{ConstraintId, RuleOrigin, Scenario};
use crate::front::solve::{ClashHex, Lock, LockClash, LockError, SolveError, Stop};

/// What a lock message may say, and how it names hexes.
pub(crate) struct Telling<'a> {
    /// The scenario, with the rules in force.
    pub scenario: &'a Scenario,
    /// Whether it is a built-in (its file cannot be changed in place).
    pub builtin: bool,
    /// Whether the Official rules were chosen on the page.
    pub official_chosen: bool,
    /// The places of the map's hexes.
    pub places: Places,
    /// The hexes whose contents stay secret.
    pub secret: Vec<Hex>,
}

impl<'a> Telling<'a> {
    /// For a request: its map's places, and its secrets in the players' view.
    pub fn of(r: &'a Resolved) -> Telling<'a> {
        let map = crate::front::solve::map_for(&r.scenario, r.players).ok();
        let secret = map
            .map(|m| m.cells.iter().map(|c| c.hex).filter(|h| r.is_secret(*h)).collect())
            .unwrap_or_default();
        Telling {
            scenario: &r.scenario,
            builtin: r.builtin,
            official_chosen: r.rules == Some(crate::front::model::RulePreset::Official),
            places: map.map(Places::of_map).unwrap_or_default(),
            secret,
        }
    }

    /// Whether `hex` keeps its contents secret.
    pub(crate) fn is_secret(&self, hex: Hex) -> bool {
        self.secret.contains(&hex)
    }

    /// "(second row from the top, 3rd from the left)".
    fn place(&self, hex: Hex) -> String {
        format!("({})", self.places.name(hex))
    }

    /// `text` with every "at (q, r)" and "(q, r)" of `hexes` as its place.
    fn named(&self, text: &str, hexes: &[Hex]) -> String {
        let mut s = text.to_string();
        for h in hexes {
            s = s.replace(&format!("at {h}"), &self.place(*h));
            s = s.replace(&h.to_string(), &self.place(*h));
        }
        s
    }

    /// One hex of a clash in words: "the locked pasture 6 (top row, leftmost)".
    fn describe(&self, h: &ClashHex) -> String {
        if self.is_secret(h.hex) {
            return format!("the locked face-down hex {}", self.place(h.hex));
        }
        self.named(&h.describe(), &[h.hex])
    }

    /// A clash's sentence with the hexes named by place.
    fn sentence(&self, c: &LockClash) -> String {
        let mut s = c.sentence();
        for h in &c.hexes {
            s = s.replace(&h.describe(), &self.describe(h));
        }
        let hexes: Vec<Hex> = c.hexes.iter().map(|h| h.hex).collect();
        self.named(&s, &hexes)
    }

    /// One hex as the page receives it: its contents unless they are secret.
    fn hex_json(&self, hex: Hex, terrain: Option<&str>, number: Option<u8>, locked: bool) -> Value {
        let secret = self.is_secret(hex);
        json!({
            "q": hex.q, "r": hex.r,
            "terrain": if secret { None } else { terrain },
            "number": if secret { None } else { number },
            "locked": locked,
            "name": self.places.name(hex),
        })
    }

    fn clash_hex_json(&self, h: &ClashHex) -> Value {
        self.hex_json(h.hex, h.terrain.map(|t| t.name()), h.number, h.locked)
    }

    /// What to do about `rule` in the page's words: unlock, or the page's
    /// own control that relaxes it.
    fn hint(&self, rule: Option<ConstraintId>, unlock: &str) -> String {
        let Some(rule) = rule else { return unlock.to_string() };
        let words = format!("\u{201c}{}\u{201d}", rule.words());
        let numeric = matches!(rule, ConstraintId::MaxCornerPips | ConstraintId::MaxTerrainGroup);
        let change = match numeric {
            true => format!("raise the limit of {words} under Placement rules on the Scenario tab"),
            false => format!("switch off {words} under Placement rules on the Scenario tab"),
        };
        let own_copy = if self.builtin { " (a copy of the scenario of your own)" } else { "" };
        match self.scenario.rule_origin(rule) {
            RuleOrigin::Always => format!("{unlock}: every harbor faces land, always"),
            _ if !self.official_chosen && self.scenario.official_allows(rule) => {
                format!("{unlock}, or choose Official under Placement rules")
            }
            _ => format!("{unlock}, or {change}{own_copy}"),
        }
    }
}

/// "unlock that hex" or "unlock one of the marked hexes".
fn unlock_words(locked: usize) -> &'static str {
    match locked {
        1 => "unlock the marked hex",
        _ => "unlock one of the marked hexes",
    }
}

/// A lock problem as the web page's API answers it: status 422, the error
/// in one line, a hint in the page's words, and `lock_clash` (see
/// [`clash_json`]).
pub(crate) fn api_error(t: &Telling<'_>, e: &LockError) -> ApiError {
    let mut a = ApiError::new(axum::http::StatusCode::UNPROCESSABLE_ENTITY, page_message(t, e))
        .hint(lock_hint(t, e));
    a.lock_clash = Some(Box::new(clash_json(t, e)));
    a
}

fn lock_hint(t: &Telling<'_>, e: &LockError) -> String {
    match e {
        LockError::Clash(c) => {
            t.hint(Some(c.rule), unlock_words(c.hexes.iter().filter(|h| h.locked).count()))
        }
        _ => "lock only hexes of this board, as they are shown on it".into(),
    }
}

/// A lock problem in the page's words: a sentence for players, no rule keys.
pub(crate) fn page_message(t: &Telling<'_>, e: &LockError) -> String {
    match e {
        LockError::Clash(c) => {
            let mut m = format!("These locked hexes cannot be kept together: {}.", t.sentence(c));
            for more in &c.more {
                m.push_str(&format!(" Also, {}.", t.sentence(more)));
            }
            m
        }
        other => capitalized(&format!("{}.", t.named(&other.to_string(), &other.hexes()))),
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
/// page marks them. With secret hexes among the locks, the answer names no
/// rule: the rule in the way could tell what they hide.
pub(crate) fn unsat_api_error(t: &Telling<'_>, locks: &[Lock], e: &SolveError) -> ApiError {
    unsat(t, locks, unsat_rule(e), unsat_proved(e))
}

/// [`unsat_api_error`] from its parts: the rule in the way, if known, and
/// whether no board is proved.
pub fn unsat(
    t: &Telling<'_>,
    locks: &[Lock],
    rule: Option<ConstraintId>,
    proved: bool,
) -> ApiError {
    let hidden = locks.iter().any(|l| t.is_secret(l.hex));
    let rule = if hidden { None } else { rule };
    let message = unsat_page_message(t, rule, proved, hidden);
    let hint = match hidden {
        true => "unlock the face-down hexes you locked, or some of the others".to_string(),
        false => t.hint(rule, unlock_words(locks.len())),
    };
    let mut a = ApiError::new(axum::http::StatusCode::UNPROCESSABLE_ENTITY, message.clone())
        .hint(hint.clone());
    a.lock_clash = Some(Box::new(json!({
        "rule": rule.map(|r| r.key()),
        "rule_text": rule.map(|r| crate::front::model::rules::plain(&t.scenario.constraints, r)),
        "sentence": message,
        "hexes": locks.iter().map(|l| t.hex_json(l.hex, Some(l.terrain.name()), l.number, true)).collect::<Vec<_>>(),
        "amount": 0,
        "limit": null,
        "origin": rule.map(|r| origin_key(t.scenario, r)),
        "official_allows": rule.is_some_and(|r| t.scenario.official_allows(r)),
        "proved": proved,
        "hint": hint,
    })));
    a
}

fn unsat_rule(e: &SolveError) -> Option<ConstraintId> {
    match e {
        SolveError::Unsatisfiable { constraint, .. } => *constraint,
        SolveError::Conflict { rules, .. } => rules.first().copied(),
        SolveError::Lock(LockError::Clash(c)) => Some(c.rule),
        _ => None,
    }
}

fn unsat_proved(e: &SolveError) -> bool {
    !matches!(e, SolveError::Unsatisfiable { stop: Stop::Budget | Stop::Deadline, .. })
}

/// "No board keeps these locked hexes: ..." in the page's words.
fn unsat_page_message(
    t: &Telling<'_>,
    rule: Option<ConstraintId>,
    proved: bool,
    hidden: bool,
) -> String {
    let rule = match rule {
        Some(r) => {
            format!(
                " (the rule in the way: {})",
                crate::front::model::rules::plain(&t.scenario.constraints, r)
            )
        }
        None => String::new(),
    };
    let secret = match hidden {
        true => " The page does not say which rule is in the way: that could tell what a face-down tile hides.",
        false => "",
    };
    match proved {
        true => format!("No board keeps these locked hexes and every rule{rule}.{secret}"),
        false => format!("No board that keeps these locked hexes was found in time{rule}.{secret}"),
    }
}

/// Locks on face-down hexes that could clash with the other locks for some
/// tile a face-down hex may hide (found without looking at what it does
/// hide): refused whatever it hides, so the answer tells nothing about it.
pub(crate) fn hidden_clash_error(t: &Telling<'_>, secret: &[Hex], c: &LockClash) -> ApiError {
    let public: Vec<&ClashHex> = c.hexes.iter().filter(|h| !t.is_secret(h.hex)).collect();
    let mine: Vec<String> =
        secret.iter().map(|h| format!("the face-down hex {}", t.place(*h))).collect();
    let others: Vec<String> = public.iter().map(|h| t.describe(h)).collect();
    let with = match others.as_slice() {
        [] => String::new(),
        o => format!(" and {}", o.join(", ")),
    };
    let message = format!(
        "Under these rules, {}{with} might break \u{201c}{}\u{201d}, depending on what the face-down tile hides. The page keeps face-down tiles secret, so it does not keep such locks together whatever the tiles are.",
        mine.join(" and "),
        c.rule.words()
    );
    let hint = t.hint(Some(c.rule), "unlock the marked face-down hex or the hexes beside it");
    let mut hexes: Vec<Value> = secret.iter().map(|h| t.hex_json(*h, None, None, true)).collect();
    hexes.extend(public.iter().map(|h| t.clash_hex_json(h)));
    let mut a = ApiError::new(axum::http::StatusCode::UNPROCESSABLE_ENTITY, message.clone())
        .hint(hint.clone());
    a.lock_clash = Some(Box::new(json!({
        "rule": c.rule.key(),
        "rule_text": c.plain,
        "sentence": message,
        "hexes": hexes,
        "amount": 0,
        "limit": c.limit,
        "origin": origin_key(t.scenario, c.rule),
        "official_allows": t.scenario.official_allows(c.rule),
        "proved": true,
        "hint": hint,
        "secret": true,
    })));
    a
}

fn origin_key(scenario: &Scenario, rule: ConstraintId) -> &'static str {
    match scenario.rule_origin(rule) {
        RuleOrigin::File(_) => "file",
        RuleOrigin::Preset(..) => "preset",
        RuleOrigin::Default => "default",
        RuleOrigin::Always => "always",
    }
}

/// A lock problem as the web page receives it, under `lock_clash` in the
/// error: the rule (`null` for a lock that does not fit the map or its
/// pools), the rule and the clash in plain words, and every hex concerned
/// (its contents unless they are secret, its place), so the page can mark
/// them on the board.
pub(crate) fn clash_json(t: &Telling<'_>, e: &LockError) -> Value {
    match e {
        LockError::Clash(c) => {
            let origin = origin_key(t.scenario, c.rule);
            json!({
                "rule": c.rule.key(),
                "rule_text": c.plain,
                "sentence": t.sentence(c),
                "hexes": c.hexes.iter().map(|h| t.clash_hex_json(h)).collect::<Vec<_>>(),
                "amount": c.amount,
                "limit": c.limit,
                "origin": origin,
                "official_allows": t.scenario.official_allows(c.rule),
                "also": c.more.iter().map(|m| json!({
                    "rule": m.rule.key(),
                    "rule_text": m.plain,
                    "sentence": t.sentence(m),
                    "hexes": m.hexes.iter().map(|h| t.clash_hex_json(h)).collect::<Vec<_>>(),
                })).collect::<Vec<_>>(),
                "proved": true,
                "hint": lock_hint(t, e),
            })
        }
        other => json!({
            "proved": true,
            "rule": null,
            "rule_text": null,
            "sentence": t.named(&other.to_string(), &other.hexes()),
            "hexes": other.hexes().iter().map(|h| t.hex_json(*h, None, None, true)).collect::<Vec<_>>(),
            "amount": 0,
            "limit": null,
            "origin": null,
            "official_allows": false,
            "hint": lock_hint(t, e),
        }),
    }
}
