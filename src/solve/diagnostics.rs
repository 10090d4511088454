//! A solver failure as diagnostics, the same for the terminal and the web
//! page: the message, a hint, and the span where the blocking rule is set.

use super::SolveError;
use crate::diag::{Diagnostic, Diagnostics};
use crate::model::{Scenario, Surface};

/// A solver failure as diagnostics: the message, a hint, and the span where
/// the blocking rule is set (or a hint that it is on by default).
pub fn error_diagnostics(scenario: &Scenario, e: &SolveError) -> Diagnostics {
    let mut d = Diagnostic::error(e.to_string()).hint(e.hint());
    for c in &e.rules() {
        // Why the rule is on (the file, a preset and who chose it, or the
        // default) and the exact way to change that: one home for it.
        d = d.hint(scenario.relax_hint(*c, Surface::Cli));
        if let Some((sp, label)) = scenario.rule_span(*c) {
            d = d.at(sp, label);
        }
    }
    if let (SolveError::NoMap { .. }, Some(sp)) = (e, &scenario.players_span) {
        // A player count asked for from outside the file (the command
        // line, the page): point at the counts the scenario lists.
        d = d.at(sp.clone(), "the player counts this scenario has maps for");
    }
    let mut ds = Diagnostics::new();
    ds.push(d);
    ds
}
