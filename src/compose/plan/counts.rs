//! What the print pack's plan comes to: its pages, the pages to skip, and
//! the sheets of paper it takes printed all one-sided or two-sided where a
//! range may be.

use crate::compose::plan::{PrintPlan, Sides, Step};

impl Step {
    /// Pages in the range.
    pub fn pages(&self) -> usize {
        self.last + 1 - self.first
    }

    /// Sheets of paper the range takes: one a page, or one per two pages
    /// when `two_sided` and the range may be printed two-sided; none for a
    /// range not to print.
    pub fn sheets(&self, two_sided: bool) -> usize {
        match (self.sides, two_sided) {
            (Sides::Skip, _) => 0,
            (Sides::Two(_) | Sides::Either, true) => self.pages().div_ceil(2),
            _ => self.pages(),
        }
    }
}

impl PrintPlan {
    /// The print pack's pages: the last page of its last range.
    pub fn pages(&self) -> usize {
        self.steps.iter().map(|s| s.last).max().unwrap_or(0)
    }

    /// The pages not to print (they only keep backs behind their fronts).
    pub fn skipped(&self) -> usize {
        self.steps.iter().filter(|s| s.sides == Sides::Skip).map(Step::pages).sum()
    }

    /// The sheets of paper the pack takes, printed all one-sided, or
    /// (`two_sided`) two-sided where a range may be.
    pub fn sheets(&self, two_sided: bool) -> usize {
        self.steps.iter().map(|s| s.sheets(two_sided)).sum()
    }
}

#[cfg(test)]
mod tests {
    use crate::compose::plan::{PartKind, PrintPlan, Sides, Step};
    use crate::settings::sheets::Duplex;

    fn step(first: usize, last: usize, sides: Sides) -> Step {
        Step {
            first,
            last,
            kind: PartKind::Components,
            sides,
            what: String::new(),
            then: String::new(),
            pieces: Vec::new(),
        }
    }

    #[test]
    fn ranges_count_their_pages_and_sheets() {
        let plan = PrintPlan {
            subject: String::new(),
            command: String::new(),
            paper: "A4".into(),
            duplex: Duplex::Long,
            steps: vec![
                step(1, 2, Sides::Either),
                step(3, 5, Sides::Two(Duplex::Long)),
                step(6, 6, Sides::One),
                step(7, 7, Sides::Skip),
            ],
            assembly: None,
            setup: Vec::new(),
            files: Vec::new(),
        };
        assert_eq!((plan.pages(), plan.skipped()), (7, 1));
        assert_eq!(plan.sheets(false), 6);
        assert_eq!(plan.sheets(true), 1 + 2 + 1);
    }
}
