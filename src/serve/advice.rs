//! Print advice for the page, from the pack's typed print plan
//! ([`PrintPlan`], the plan `print-plan.txt` is written from): the paper,
//! the page ranges of `print-pack.pdf` with how to print each, and the page
//! and sheet counts that follow from them.

use serde::Serialize;

use crate::front::compose::plan::pages::pages;
use crate::front::compose::plan::{PrintPlan, Sides};

/// The advice the page shows under "How to print it".
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct Advice {
    /// The paper, as people name it ("A4", "Letter").
    pub paper: String,
    /// Pages of `print-pack.pdf`.
    pub pages: usize,
    /// Pages not to print.
    pub skip: usize,
    /// Sheets of paper, every page printed one-sided.
    pub sheets_one_sided: usize,
    /// Sheets of paper, two-sided where a range may be.
    pub sheets_two_sided: usize,
    /// The page ranges, in order.
    pub steps: Vec<AdviceStep>,
}

/// One page range and how to print it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct AdviceStep {
    /// "pages 3-4" or "page 5".
    pub pages: String,
    /// How to print them, as the plan says it.
    pub how: &'static str,
    /// What they hold, as the plan says it.
    pub what: String,
    /// `one`, `two`, `either` or `skip`: how the page marks the row.
    pub sides: &'static str,
}

/// The advice of a plan, or `None` when it lists no page of the pack.
pub fn advice(plan: &PrintPlan) -> Option<Advice> {
    if plan.steps.is_empty() {
        return None;
    }
    let steps = plan
        .steps
        .iter()
        .map(|s| AdviceStep {
            pages: format!("{} {}", pages(s.first, s.last), s.range()),
            how: s.sides.text(),
            what: format!("{}.", s.what),
            sides: match s.sides {
                Sides::One => "one",
                Sides::Two(_) => "two",
                Sides::Either => "either",
                Sides::Skip => "skip",
            },
        })
        .collect();
    Some(Advice {
        paper: plan.paper.clone(),
        pages: plan.pages(),
        skip: plan.skipped(),
        sheets_one_sided: plan.sheets(false),
        sheets_two_sided: plan.sheets(true),
        steps,
    })
}

#[cfg(test)]
#[path = "advice_tests.rs"]
mod tests;
