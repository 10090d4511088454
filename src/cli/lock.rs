//! `generate --lock` and `--from`: reading the saved layout, resolving the
//! lock list, and the terminal's messages for a lock problem, each hex
//! named with where its lock came from. Parsing lives in [`crate::front::locks`].

use anyhow::Context;

use super::Failure;
use crate::axial::Hex;
use crate::front::locks::{
    hint, parse_list, read_layout, resolve, LockItem, LockSpecError, SavedLayout,
};
use crate::front::model::Scenario;
use crate::front::solve::{Lock, LockError};
use crate::vocab::Terrain;

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
pub(crate) struct LockSet {
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
        Failure::Usage
    })?;
    let locks = resolve(&items, saved).map_err(|e| {
        match (&e, from) {
            (LockSpecError::NotInLayout(_), Some(path)) => {
                eprintln!("error: --lock: {e} `{}`", path.display())
            }
            _ => eprintln!("error: --lock: {e}"),
        }
        Failure::Usage
    })?;
    Ok(LockSet { locks, items, from: from.map(std::path::Path::to_path_buf) })
}

/// Checks `set` against the map for `players` and every placement rule
/// before any search; a problem is reported (at the `--lock` items, never
/// at the scenario file) and ends the command ([`failure`]).
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
    match crate::front::solve::check_locks(map, &scenario.constraints, &set.locks) {
        Ok(()) => Ok(()),
        Err(e) => {
            eprint!("{}", message(set, source, scenario, players, &e));
            Err(failure(&e))
        }
    }
}

/// How a lock problem ends the command: locks that break a rule together
/// leave no board (exit 3); a lock that does not fit the map or its pools
/// is a bad `--lock` value (exit 2).
pub(super) fn failure(e: &LockError) -> Failure {
    match e {
        LockError::Clash(_) => Failure::NoBoard,
        _ => Failure::Usage,
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
    let color = super::terminal::options().color;
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
    out.push_str(&format!("  = hint: {}\n", hint(scenario, e, crate::front::model::Surface::Cli)));
    out
}

/// Locks that are fine alone but leave no board the search could find or
/// that can exist: the solver's reason, the locks and where they came
/// from, and what to do (never blaming the scenario file).
pub(crate) fn unsat_message(
    set: &LockSet,
    scenario: &Scenario,
    e: &crate::front::solve::SolveError,
) -> String {
    use crate::front::solve::{SolveError, Stop};
    let mut out = String::new();
    let color = super::terminal::options().color;
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
            format!(
                "; or relax the rule: {}",
                scenario.relax_hint(*c, crate::front::model::Surface::Cli)
            )
        }
        SolveError::Conflict { rules, .. } => rules
            .iter()
            .map(|c| {
                format!(
                    "; or relax the rule: {}",
                    scenario.relax_hint(*c, crate::front::model::Surface::Cli)
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
