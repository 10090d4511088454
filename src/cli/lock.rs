//! Locked hexes for `generate --lock` and the web page: parsing lock lists,
//! reading the hexes they keep from a saved `layout.json`, and writing them
//! back as a self-contained `--lock` argument.
//!
//! A lock list is a space- (or `;`-) separated list of items:
//! - `q,r` keeps hex `(q, r)` as it is in the layout given with `--from`;
//! - `q,r=terrain` or `q,r=terrain:N` names the contents itself (no `--from`
//!   needed), e.g. `0,-2=forest:8 1,1=desert`.

use anyhow::Context;

use super::Failure;
use crate::hex::Hex;
use crate::limits::MAX_LOCKS;
use crate::model::Scenario;
use crate::solve::{Lock, LockError};
use crate::vocab::Terrain;

/// A lock list or a saved layout that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LockSpecError {
    /// An item is not `q,r` or `q,r=terrain[:N]`.
    #[error(
        "`{0}` is not a lock: write `q,r` (with --from) or `q,r=terrain:N`, e.g. `0,-2=forest:8`"
    )]
    Syntax(String),
    /// An unknown terrain name.
    #[error("`{0}` is not a terrain name (forest, pasture, fields, hills, mountains, desert, gold, ...)")]
    Terrain(String),
    /// A chip outside 2-12.
    #[error("`{0}` is not a number chip (2-12)")]
    Chip(String),
    /// More locks than the limit.
    #[error("{0} locks asked for; at most {MAX_LOCKS} hexes can be locked")]
    TooMany(usize),
    /// A `q,r` item with no layout to take its contents from.
    #[error("`{0}` names no contents: add `=terrain:N`, or give the saved board with `--from layout.json`")]
    NoSource(String),
    /// The hex is not in the saved layout.
    #[error("the hex {0} is not in the saved layout")]
    NotInLayout(Hex),
    /// The saved layout cannot be read.
    #[error("the saved layout is not a hexpress layout.json: {0}")]
    Layout(String),
}

/// One item of a lock list: a hex, and its contents when they were given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LockItem {
    /// Where.
    pub hex: Hex,
    /// The terrain and chip written in the item, if any.
    pub contents: Option<(Terrain, Option<u8>)>,
    /// The item as written (for messages).
    pub text: String,
}

/// Parses a lock list (see the module docs).
///
/// ```
/// use hexpress::cli::lock::parse_list;
/// let items = parse_list("0,-2=forest:8 1,1").unwrap();
/// assert_eq!(items.len(), 2);
/// assert!(items[1].contents.is_none());
/// ```
pub fn parse_list(text: &str) -> Result<Vec<LockItem>, LockSpecError> {
    let items: Vec<&str> = text.split([' ', ';', '\t', '\n']).filter(|s| !s.is_empty()).collect();
    if items.len() > MAX_LOCKS {
        return Err(LockSpecError::TooMany(items.len()));
    }
    items.into_iter().map(parse_item).collect()
}

fn parse_item(item: &str) -> Result<LockItem, LockSpecError> {
    let syntax = || LockSpecError::Syntax(item.to_string());
    let (at, what) = match item.split_once('=') {
        Some((a, w)) => (a, Some(w)),
        None => (item, None),
    };
    let (q, r) = at.split_once(',').ok_or_else(syntax)?;
    let q: i32 = q.trim().parse().map_err(|_| syntax())?;
    let r: i32 = r.trim().parse().map_err(|_| syntax())?;
    let contents = match what {
        None => None,
        Some(w) => {
            let (t, n) = match w.split_once(':') {
                Some((t, n)) => (t, Some(n)),
                None => (w, None),
            };
            let terrain =
                Terrain::from_name(t).ok_or_else(|| LockSpecError::Terrain(t.to_string()))?;
            let number = match n {
                None => None,
                Some(n) => match n.parse::<u8>() {
                    Ok(v) if (2..=12).contains(&v) => Some(v),
                    _ => return Err(LockSpecError::Chip(n.to_string())),
                },
            };
            Some((terrain, number))
        }
    };
    Ok(LockItem { hex: Hex::new(q, r), contents, text: item.to_string() })
}

/// A hex of a saved `layout.json`, as far as locks need it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedLayout {
    /// The scenario id it was made from.
    pub scenario: String,
    /// Player count.
    pub players: u8,
    /// Every hex with its terrain and chip.
    pub hexes: Vec<(Hex, Terrain, Option<u8>)>,
}

/// Reads the parts of a `layout.json` (`hexpress-layout/1`) that locks need.
pub fn read_layout(text: &str) -> Result<SavedLayout, LockSpecError> {
    let bad = |m: &str| LockSpecError::Layout(m.to_string());
    let v: serde_json::Value =
        serde_json::from_str(text).map_err(|e| LockSpecError::Layout(e.to_string()))?;
    if v.get("format").and_then(|f| f.as_str()) != Some(crate::export::json::FORMAT) {
        return Err(bad("its `format` is not `hexpress-layout/1`"));
    }
    let scenario =
        v.get("scenario").and_then(|s| s.as_str()).ok_or_else(|| bad("no `scenario`"))?;
    let players = v
        .get("players")
        .and_then(|p| p.as_u64())
        .and_then(|p| u8::try_from(p).ok())
        .ok_or_else(|| bad("no `players`"))?;
    let list = v.get("hexes").and_then(|h| h.as_array()).ok_or_else(|| bad("no `hexes`"))?;
    if list.len() > crate::limits::MAX_HEXES {
        return Err(bad("more hexes than a map may have"));
    }
    let mut hexes = Vec::with_capacity(list.len());
    for h in list {
        let coord = |k: &str| h.get(k).and_then(|x| x.as_i64()).and_then(|x| i32::try_from(x).ok());
        let (Some(q), Some(r)) = (coord("q"), coord("r")) else {
            return Err(bad("a hex without `q` and `r`"));
        };
        let t = h.get("terrain").and_then(|t| t.as_str()).unwrap_or_default();
        let terrain = Terrain::from_name(t).ok_or_else(|| LockSpecError::Terrain(t.into()))?;
        let number = h.get("number").and_then(|n| n.as_u64()).and_then(|n| u8::try_from(n).ok());
        hexes.push((Hex::new(q, r), terrain, number));
    }
    Ok(SavedLayout { scenario: scenario.to_string(), players, hexes })
}

/// Turns lock items into solver locks, taking missing contents from `saved`.
pub fn resolve(
    items: &[LockItem],
    saved: Option<&SavedLayout>,
) -> Result<Vec<Lock>, LockSpecError> {
    items
        .iter()
        .map(|it| {
            let (terrain, number) = match (it.contents, saved) {
                (Some(c), _) => c,
                (None, Some(s)) => s
                    .hexes
                    .iter()
                    .find(|(h, _, _)| *h == it.hex)
                    .map(|&(_, t, n)| (t, n))
                    .ok_or(LockSpecError::NotInLayout(it.hex))?,
                (None, None) => {
                    return Err(LockSpecError::NoSource(format!("{},{}", it.hex.q, it.hex.r)))
                }
            };
            Ok(Lock { hex: it.hex, terrain, number })
        })
        .collect()
}

/// The locks as one self-contained `--lock` value: `q,r=terrain:N ...`,
/// sorted by hex so the same set always reads the same.
///
/// ```
/// use hexpress::cli::lock::{format_list, parse_list, resolve};
/// let locks = resolve(&parse_list("1,1=desert 0,-2=forest:8").unwrap(), None).unwrap();
/// assert_eq!(format_list(&locks), "0,-2=forest:8 1,1=desert");
/// ```
pub fn format_list(locks: &[Lock]) -> String {
    crate::recipe::lock_list(locks)
}

/// Reads `--from LAYOUT` for `generate`.
pub(super) fn read_from(path: Option<&std::path::Path>) -> Result<Option<SavedLayout>, Failure> {
    let Some(path) = path else { return Ok(None) };
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the saved layout `{}`", path.display()))?;
    read_layout(&text).map(Some).map_err(|e| {
        eprintln!("error: {}: {e}", path.display());
        eprintln!("  hint: pass the layout.json that `hexpress generate` wrote");
        Failure::Invalid
    })
}

/// The locks of `generate --lock`, with where each came from.
#[derive(Clone, Debug, Default)]
pub struct LockSet {
    /// The locks.
    pub locks: Vec<Lock>,
    /// The items of `--lock`, in the same order.
    pub items: Vec<LockItem>,
    /// The `--from` file, if one was given.
    pub from: Option<std::path::PathBuf>,
}

impl LockSet {
    /// Where the lock of `hex` came from, for messages: the `--lock` item
    /// and, for a bare `q,r`, the `--from` file that gave its contents.
    pub fn origin(&self, hex: Hex) -> String {
        let Some(item) = self.items.iter().find(|i| i.hex == hex) else {
            return "not locked".into();
        };
        match (&item.contents, &self.from) {
            (None, Some(path)) => {
                format!("`--lock` item `{}`, as saved in `{}`", item.text, path.display())
            }
            _ => format!("`--lock` item `{}`", item.text),
        }
    }
}

/// The locks of `generate --lock`, with contents from `--from`.
pub(super) fn locks_for_generate(
    list: Option<&str>,
    saved: Option<&SavedLayout>,
    from: Option<&std::path::Path>,
) -> Result<LockSet, Failure> {
    let Some(list) = list else { return Ok(LockSet::default()) };
    let items = parse_list(list).map_err(|e| {
        eprintln!("error: --lock: {e}");
        Failure::Invalid
    })?;
    let locks = resolve(&items, saved).map_err(|e| {
        match (&e, from) {
            (LockSpecError::NotInLayout(_), Some(path)) => {
                eprintln!("error: --lock: {e} `{}`", path.display())
            }
            _ => eprintln!("error: --lock: {e}"),
        }
        Failure::Invalid
    })?;
    Ok(LockSet { locks, items, from: from.map(std::path::Path::to_path_buf) })
}

/// Checks `set` against the map for `players` and every placement rule
/// before any search; a problem is reported (at the `--lock` items, never
/// at the scenario file) and ends the command with exit code 1.
pub(super) fn check_for_generate(
    set: &LockSet,
    source: &crate::diag::Source,
    scenario: &Scenario,
    players: u8,
) -> Result<(), Failure> {
    if set.locks.is_empty() {
        return Ok(());
    }
    let Some(map) = scenario.map_for(players) else { return Ok(()) };
    match crate::solve::check_locks(map, &scenario.constraints, &set.locks) {
        Ok(()) => Ok(()),
        Err(e) => {
            eprint!("{}", message(set, source, scenario, players, &e));
            Err(Failure::Invalid)
        }
    }
}

/// A lock problem as the command line prints it: the error, one line per
/// hex naming where it came from (the `--lock` item, the `--from` file, or
/// the scenario file for a fixed hex), and a hint that is true for these
/// rules.
pub fn message(
    set: &LockSet,
    source: &crate::diag::Source,
    scenario: &Scenario,
    players: u8,
    e: &LockError,
) -> String {
    let mut out = String::new();
    let color = super::output::settings().color;
    match color {
        true => out.push_str(&format!("\x1b[1;31merror\x1b[0m\x1b[1m:\x1b[0m {e}\n")),
        false => out.push_str(&format!("error: {e}\n")),
    }
    let map = scenario.map_for(players);
    let clash = match e {
        LockError::Clash(c) => Some(c),
        _ => None,
    };
    let hexes: Vec<(Hex, String, bool)> = match clash {
        Some(c) => c
            .hexes
            .iter()
            .enumerate()
            .map(|(k, h)| {
                // A harbor rule names its harbor first: a sea hex that holds one.
                let harbor = k == 0 && c.rule.is_harbor_rule() && h.terrain == Some(Terrain::Sea);
                let what = match (h.terrain, h.number) {
                    _ if harbor => "harbor".to_string(),
                    (Some(t), Some(n)) => format!("{t} {n}"),
                    (Some(t), None) => t.to_string(),
                    (None, _) => "not dealt yet".into(),
                };
                (h.hex, what, h.locked)
            })
            .collect(),
        None => e.hexes().into_iter().map(|h| (h, String::new(), true)).collect(),
    };
    for (hex, what, locked) in hexes {
        let from = match locked {
            true => set.origin(hex),
            false => {
                let at = map
                    .and_then(|m| m.board.index.get(&hex).map(|i| &m.cells[*i]))
                    .map(|cell| {
                        let (line, col) = source.line_col(cell.span.start);
                        format!("{}:{line}:{col}", source.name)
                    })
                    .unwrap_or_else(|| source.name.clone());
                format!("fixed by the scenario, {at}")
            }
        };
        let what = if what.is_empty() { String::new() } else { format!(" {what}") };
        out.push_str(&format!("  --> {hex}{what}: {from}\n"));
    }
    for more in clash.map_or(&[][..], |c| &c.more[..]) {
        out.push_str(&format!("  = also `{}`: {}\n", more.rule, more.sentence()));
    }
    out.push_str(&format!("  = hint: {}\n", hint(scenario, e, crate::model::Surface::Cli)));
    out
}

/// Locks that are fine alone but leave no board the search could find or
/// that can exist: the solver's reason, the locks and where they came
/// from, and what to do (never blaming the scenario file).
pub fn unsat_message(set: &LockSet, scenario: &Scenario, e: &crate::solve::SolveError) -> String {
    use crate::solve::{SolveError, Stop};
    let mut out = String::new();
    let color = super::output::settings().color;
    let head = format!("{e}, around the locked hexes");
    match color {
        true => out.push_str(&format!("\x1b[1;31merror\x1b[0m\x1b[1m:\x1b[0m {head}\n")),
        false => out.push_str(&format!("error: {head}\n")),
    }
    for lock in &set.locks {
        let what = match lock.number {
            Some(n) => format!("{} {n}", lock.terrain),
            None => lock.terrain.to_string(),
        };
        out.push_str(&format!("  --> {} {what}: {}\n", lock.hex, set.origin(lock.hex)));
    }
    let relax = match e {
        SolveError::Unsatisfiable { constraint: Some(c), .. } => {
            format!("; or relax the rule: {}", scenario.relax_hint(*c, crate::model::Surface::Cli))
        }
        SolveError::Conflict { rules, .. } => rules
            .iter()
            .map(|c| {
                format!(
                    "; or relax the rule: {}",
                    scenario.relax_hint(*c, crate::model::Surface::Cli)
                )
            })
            .collect(),
        _ => String::new(),
    };
    let hint = match e {
        SolveError::Unsatisfiable { stop: Stop::Exhausted, .. } | SolveError::Conflict { .. } => {
            format!("no board keeps these locks and every rule: unlock some of them{relax}")
        }
        SolveError::Unsatisfiable { .. } => format!(
            "the search stopped before it found a board that keeps these locks: unlock some of them, or raise `--max-nodes` or `--time-limit-ms`{relax}"
        ),
        other => other.hint(),
    };
    out.push_str(&format!("  = hint: {hint}\n"));
    out
}

/// What to do about a lock problem, true for the rules in force.
pub fn hint(scenario: &Scenario, e: &LockError, surface: crate::model::Surface) -> String {
    use crate::model::{RuleOrigin, Surface};
    let LockError::Clash(c) = e else {
        return "lock only hexes of the map, with a terrain and chip their region's pools still hold (as in a saved layout.json)".into();
    };
    let locked = c.hexes.iter().filter(|h| h.locked).count();
    let unlock = match locked {
        1 => "unlock that hex or lock it with other contents",
        _ => "unlock one of them",
    };
    match scenario.rule_origin(c.rule) {
        RuleOrigin::Preset(p, crate::model::PresetChoice::Command) => match surface {
            Surface::Cli => format!(
                "{unlock}, or choose `--rules official` (`{}` comes from `--rules {p}`)",
                c.rule
            ),
            Surface::Page => format!(
                "{unlock}, or choose the official placement rules (the {p} rules add this one)"
            ),
        },
        RuleOrigin::Always => format!("{unlock}; {}", scenario.relax_hint(c.rule, surface)),
        _ => format!("{unlock}; or relax the rule: {}", scenario.relax_hint(c.rule, surface)),
    }
}

/// A lock problem as the web page's API answers it: status 422, the error
/// in one line, a hint in the page's words, and `lock_clash` (see
/// [`clash_json`]).
#[cfg(feature = "serve")]
pub fn api_error(scenario: &Scenario, e: &LockError) -> crate::serve::error::ApiError {
    let mut a = crate::serve::error::ApiError::new(
        axum::http::StatusCode::UNPROCESSABLE_ENTITY,
        page_message(e),
    )
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
#[cfg(feature = "serve")]
pub fn unsat_api_error(
    scenario: &Scenario,
    locks: &[Lock],
    e: &crate::solve::SolveError,
) -> crate::serve::error::ApiError {
    let mut a = crate::serve::error::ApiError::new(
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_parse_and_reject() {
        let it = parse_list("  -1,2=hills:6;3,-4 ").expect("valid");
        assert_eq!(it[0].hex, Hex::new(-1, 2));
        assert_eq!(it[0].contents, Some((Terrain::Hills, Some(6))));
        assert_eq!(it[1], LockItem { hex: Hex::new(3, -4), contents: None, text: "3,-4".into() });
        assert!(matches!(parse_list("1;2"), Err(LockSpecError::Syntax(_))));
        assert!(matches!(parse_list("1,2=lava"), Err(LockSpecError::Terrain(_))));
        assert!(matches!(parse_list("1,2=forest:13"), Err(LockSpecError::Chip(_))));
        let many = "0,0 ".repeat(MAX_LOCKS + 1);
        assert!(matches!(parse_list(&many), Err(LockSpecError::TooMany(_))));
    }

    #[test]
    fn contents_come_from_the_saved_layout() {
        let json = r#"{"format":"hexpress-layout/1","scenario":"base","players":4,
            "hexes":[{"q":0,"r":0,"terrain":"forest","number":8},{"q":1,"r":0,"terrain":"desert","number":null}]}"#;
        let saved = read_layout(json).expect("readable");
        let locks = resolve(&parse_list("1,0 0,0").expect("valid"), Some(&saved)).expect("found");
        assert_eq!(format_list(&locks), "0,0=forest:8 1,0=desert");
        let missing = resolve(&parse_list("5,5").expect("valid"), Some(&saved));
        assert_eq!(missing, Err(LockSpecError::NotInLayout(Hex::new(5, 5))));
        assert!(matches!(
            resolve(&parse_list("5,5").expect("valid"), None),
            Err(LockSpecError::NoSource(_))
        ));
        assert!(read_layout("{\"format\":\"other\"}").is_err());
    }
}
