//! Print advice for the page, read from the pack's own print plan
//! (`print-plan.txt`, the text `generate` writes): the paper, the page
//! ranges of `print-pack.pdf` with how to print each, and the page and
//! sheet counts that follow from them.

use serde_json::{json, Value};

/// How a range is printed, as the plan says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sides {
    One,
    Two,
    Either,
    Skip,
}

/// The advice, or `None` when the plan has no page list of the pack.
pub fn advice(plan: &str) -> Option<Value> {
    let paper = plan
        .lines()
        .find_map(|l| l.strip_prefix("Paper: "))
        .and_then(|l| l.split('.').next())
        .map(str::to_string)?;
    let mut lines =
        plan.lines().skip_while(|l| !l.starts_with("print-pack.pdf")).skip(1).peekable();
    let mut steps = Vec::new();
    while let Some(l) = lines.next() {
        let Some(head) = l.strip_prefix("  ").filter(|h| h.starts_with("page")) else {
            if l.trim().is_empty() {
                break;
            }
            continue;
        };
        let (range, how) = head.split_once(" (")?;
        let how = how.trim_end_matches(')');
        let sides = match how {
            h if h.starts_with("one-sided") => Sides::One,
            h if h.starts_with("two-sided") => Sides::Two,
            h if h.starts_with("one- or two-sided") => Sides::Either,
            _ => Sides::Skip,
        };
        let nums = range.trim_start_matches("pages ").trim_start_matches("page ");
        let (first, last) = match nums.split_once('-') {
            Some((a, b)) => (a.trim().parse::<usize>().ok()?, b.trim().parse::<usize>().ok()?),
            None => {
                let n = nums.trim().parse::<usize>().ok()?;
                (n, n)
            }
        };
        // The step's "what" is its first sentence, wrapped over lines.
        let mut what = String::new();
        while let Some(w) = lines.peek().filter(|w| w.starts_with("      ")) {
            if !what.is_empty() {
                what.push(' ');
            }
            what.push_str(w.trim());
            lines.next();
            if what.ends_with('.') {
                break;
            }
        }
        steps.push((first, last, sides, how.to_string(), range.to_string(), what));
    }
    if steps.is_empty() {
        return None;
    }
    let pages = steps.iter().map(|s| s.1).max().unwrap_or(0);
    let len = |s: &(usize, usize, Sides, String, String, String)| s.1 + 1 - s.0;
    let skip: usize = steps.iter().filter(|s| s.2 == Sides::Skip).map(len).sum();
    let one: usize = steps.iter().filter(|s| s.2 != Sides::Skip).map(len).sum();
    let two: usize = steps
        .iter()
        .map(|s| match s.2 {
            Sides::Skip => 0,
            Sides::One => len(s),
            Sides::Two | Sides::Either => len(s).div_ceil(2),
        })
        .sum();
    Some(json!({
        "paper": paper,
        "pages": pages,
        "skip": skip,
        "sheets_one_sided": one,
        "sheets_two_sided": two,
        "steps": steps.iter().map(|(_, _, sides, how, range, what)| json!({
            "pages": range, "how": how, "what": what,
            "sides": match sides { Sides::One => "one", Sides::Two => "two", Sides::Either => "either", Sides::Skip => "skip" },
        })).collect::<Vec<_>>(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_ranges_and_counts_the_sheets() {
        let plan = "PRINT PLAN\nX\n\nPaper: A4. Print every page at 100 %\n\nprint-pack.pdf, page by page\n  pages 1-2 (one- or two-sided)\n      The plan.\n  pages 3-4 (two-sided, flip on the long edge)\n      Calibration\n      sheet.\n      Print it first.\n  page 5 (one-sided)\n      Overview.\n  page 6 (do not print)\n      Blank.\n\nGluing\n";
        let a = advice(plan).expect("advice");
        assert_eq!(a["paper"], "A4");
        assert_eq!(a["pages"], 6);
        assert_eq!(a["skip"], 1);
        assert_eq!(a["sheets_one_sided"], 5);
        assert_eq!(a["sheets_two_sided"], 3);
        assert_eq!(a["steps"][1]["what"], "Calibration sheet.");
        assert_eq!(a["steps"][3]["sides"], "skip");
    }
}
