//! Locked hexes, shared by both front ends (`generate --lock` and the web
//! page): parsing lock lists, reading the hexes they keep from a saved
//! `layout.json`, writing them back as a self-contained `--lock` argument,
//! and the hint for a lock problem in either front end's words.
//!
//! A lock list is a space- (or `;`-) separated list of items:
//! - `q,r` keeps hex `(q, r)` as it is in the layout given with `--from`;
//! - `q,r=terrain` or `q,r=terrain:N` names the contents itself (no `--from`
//!   needed), e.g. `0,-2=forest:8 1,1=desert`.

use crate::axial::Hex;
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
    /// A value that is no number chip (2 to 12, without 7).
    #[error("`{0}` is not a number chip (2 to 12, without 7)")]
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
/// use hexpress::locks::parse_list;
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
                    Ok(v) if crate::vocab::is_chip_number(i64::from(v)) => Some(v),
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
pub(crate) fn read_layout(text: &str) -> Result<SavedLayout, LockSpecError> {
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

impl SavedLayout {
    /// The parts of a layout that locks need (what its `layout.json` holds).
    pub(crate) fn of(layout: &crate::solve::Layout) -> SavedLayout {
        SavedLayout {
            scenario: layout.scenario.clone(),
            players: layout.players,
            hexes: layout.hexes.iter().map(|h| (h.hex, h.terrain, h.number)).collect(),
        }
    }
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
/// use hexpress::locks::{format_list, parse_list, resolve};
/// let locks = resolve(&parse_list("1,1=desert 0,-2=forest:8").unwrap(), None).unwrap();
/// assert_eq!(format_list(&locks), "0,-2=forest:8 1,1=desert");
/// ```
pub fn format_list(locks: &[Lock]) -> String {
    crate::recipe::lock_list(locks)
}

/// What to do about a lock problem, true for the rules in force.
pub(crate) fn hint(scenario: &Scenario, e: &LockError, surface: crate::model::Surface) -> String {
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
        assert!(matches!(parse_list("1,2=forest:7"), Err(LockSpecError::Chip(_))));
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
