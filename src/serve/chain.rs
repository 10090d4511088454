//! Where a lock on a face-down hex takes its tile from: the recipe of the
//! board it was locked on, so that a share link rebuilds its board on any
//! server, after any restart, without naming the tile.
//!
//! A recipe is a chain of steps, oldest first. Each step is one board of
//! the same scenario and players: its seed, rules, how it was balanced and
//! its locks, a face-down hex's lock by its place only, its tile taken from
//! the step before. Written as text (`from` in a request and in a link):
//! steps joined by `~`, each its words joined by spaces:
//!
//! ```text
//! 12 strict ~ 907 -1,2 3,0=forest:8
//! ```
//!
//! is the board of seed 12 under the Strict rules, then the board of seed
//! 907 that locked the hex `-1,2` with the tile it had on the first and the
//! face-up `3,0` as forest 8. Words: the seed first, then `official` or
//! `strict`, `bar` or `best:N` for a balanced board, then the locks.
//!
//! Chains stay short: a step is dropped when the next one took every tile
//! it is asked for from the step before it, and every step before the last
//! one without face-down locks is dropped (it needs none of them).

use std::collections::BTreeSet;

use super::error::ApiError;
use crate::axial::Hex;
use crate::front::locks::{self, LockItem};
use crate::front::model::RulePreset;

/// Steps a chain may hold.
pub(crate) const MAX_STEPS: usize = 16;

/// How a step's board was balanced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepBalance {
    /// A random board.
    Random,
    /// A draw from the fairness bar.
    Bar,
    /// The fairest of this many candidates.
    Best(u64),
}

/// One board of a chain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// Its seed.
    pub seed: u64,
    /// The rules preset asked for.
    pub rules: Option<RulePreset>,
    /// How it was balanced.
    pub balance: StepBalance,
    /// Its locks; a face-down hex by place (its tile from the step before).
    pub locks: Vec<LockItem>,
}

impl Step {
    /// The step as text (its words joined by spaces).
    pub fn text(&self) -> String {
        let mut w = vec![self.seed.to_string()];
        if let Some(r) = self.rules {
            w.push(r.name().to_string());
        }
        match self.balance {
            StepBalance::Random => {}
            StepBalance::Bar => w.push("bar".into()),
            StepBalance::Best(n) => w.push(format!("best:{n}")),
        }
        w.extend(self.locks.iter().map(|l| l.text.clone()));
        w.join(" ")
    }

    /// Reads one step's words.
    pub fn parse(text: &str) -> Result<Step, String> {
        let mut words = text.split_whitespace();
        let seed = words.next().ok_or("a step without a seed")?;
        let seed = seed.parse().map_err(|_| format!("`{seed:.24}` is not a seed"))?;
        let mut step = Step { seed, rules: None, balance: StepBalance::Random, locks: Vec::new() };
        let mut lock_words = Vec::new();
        for w in words {
            match w {
                "official" => step.rules = Some(RulePreset::Official),
                "strict" => step.rules = Some(RulePreset::Strict),
                "bar" => step.balance = StepBalance::Bar,
                w if w.starts_with("best:") => {
                    let n =
                        w[5..].parse().map_err(|_| format!("`{w:.24}` is not a search size"))?;
                    if !(1..=crate::limits::MAX_WEB_CANDIDATES).contains(&n) {
                        return Err(format!(
                            "{n} candidates: the page searches 1 to {}",
                            crate::limits::MAX_WEB_CANDIDATES
                        ));
                    }
                    step.balance = StepBalance::Best(n);
                }
                w if w.contains(',') => lock_words.push(w),
                w => return Err(format!("`{w:.24}` is not part of a board's recipe")),
            }
        }
        step.locks = locks::parse_list(&lock_words.join(" ")).map_err(|e| e.to_string())?;
        Ok(step)
    }

    /// The places of its face-down locks (those by place only).
    pub fn bare(&self) -> BTreeSet<Hex> {
        self.locks.iter().filter(|l| l.contents.is_none()).map(|l| l.hex).collect()
    }
}

/// Reads a chain (`~` between steps).
pub fn parse(text: &str) -> Result<Vec<Step>, ApiError> {
    let steps: Vec<Step> =
        text.split('~').map(Step::parse).collect::<Result<_, _>>().map_err(|e| {
            ApiError::bad(format!(
                "the board the locked face-down hexes came from cannot be read: {e}"
            ))
            .hint("lock the face-down hexes again on the board you see")
        })?;
    if steps.len() > MAX_STEPS {
        return Err(ApiError::bad(format!(
            "the locked face-down hexes come through {} boards; the page follows at most {MAX_STEPS}",
            steps.len()
        ))
        .hint("unlock the face-down hexes and lock them again on the board you see"));
    }
    if steps.first().is_some_and(|s| !s.bare().is_empty()) {
        return Err(ApiError::bad(
            "the first board of the locks' recipe takes tiles from none before it",
        )
        .hint("lock the face-down hexes again on the board you see"));
    }
    Ok(steps)
}

/// The chain as text.
pub fn format(steps: &[Step]) -> String {
    steps.iter().map(Step::text).collect::<Vec<_>>().join(" ~ ")
}

/// The shortest chain that gives the tiles at `wanted` (see the module's
/// doc); empty when nothing is wanted.
pub(crate) fn shortest(mut steps: Vec<Step>, wanted: &BTreeSet<Hex>) -> Vec<Step> {
    if wanted.is_empty() {
        return Vec::new();
    }
    while steps.len() > 1 && steps.last().is_some_and(|s| wanted.is_subset(&s.bare())) {
        steps.pop();
    }
    trim_front(steps)
}

/// Drops every step before the last one that takes no tile from another.
pub(crate) fn trim_front(mut steps: Vec<Step>) -> Vec<Step> {
    if let Some(i) = steps.iter().rposition(|s| s.bare().is_empty()) {
        steps.drain(..i);
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_read_back_as_written() {
        let text = "12 strict ~ 907 best:400 -1,2 3,0=forest:8";
        let steps = parse(text).expect("reads");
        assert_eq!(steps.len(), 2);
        assert_eq!(steps[0].rules, Some(RulePreset::Strict));
        assert_eq!(steps[1].balance, StepBalance::Best(400));
        assert_eq!(steps[1].bare(), BTreeSet::from([Hex::new(-1, 2)]));
        assert_eq!(format(&steps), text);
        for bad in ["", "x", "5 lava", "5 best:0", "5 -1,2", "5 ~ 6 1,1=lava"] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn chains_keep_only_the_steps_they_need() {
        let steps = parse("1 ~ 2 0,1 ~ 3 0,1 1,1 ~ 4 0,1 1,1").expect("reads");
        // Steps 4 and 3 took both tiles from the step before: step 2 has
        // them (it drew 1,1 itself and took 0,1 from step 1).
        let want = BTreeSet::from([Hex::new(0, 1), Hex::new(1, 1)]);
        assert_eq!(format(&shortest(steps.clone(), &want)), "1 ~ 2 0,1");
        // Only 0,1: step 2 took it from step 1, and so did 3 and 4.
        assert_eq!(format(&shortest(steps.clone(), &BTreeSet::from([Hex::new(0, 1)]))), "1");
        assert!(shortest(steps, &BTreeSet::new()).is_empty());
        let fresh = parse("1 ~ 2 0,1 ~ 3 ~ 4 1,1").expect("reads");
        assert_eq!(format(&trim_front(fresh)), "3 ~ 4 1,1");
    }
}
