//! The print plan as plain text (`print-plan.txt`): the same
//! [`PrintPlan`] the plan's pages in the print pack are drawn from, for
//! people who print only part of the pack or read the folder first.

use crate::compose::flow::wrap::pack_with;
use crate::compose::plan::pages::pages;
use crate::compose::plan::{range_text, PrintPlan, Step};

/// Width the text is wrapped to, in characters.
const WIDTH: usize = 78;

/// `s` wrapped to [`WIDTH`] columns, every line starting with `indent`
/// (the first with `first` instead); words are packed by the pack's one
/// line filler, [`pack_with`], counting characters.
fn wrap(s: &str, first: &str, indent: &str) -> String {
    let lead = |n: usize| if n == 0 { first } else { indent };
    let fits = |n: usize, line: &str| lead(n).chars().count() + line.chars().count() <= WIDTH;
    let lines = pack_with(s.split_whitespace(), " ", fits);
    if lines.is_empty() {
        return format!("{}\n", first.trim_end());
    }
    lines.iter().enumerate().map(|(n, l)| format!("{}{l}\n", lead(n))).collect()
}

/// One step: "pages 3-4 (two-sided, ...)" then what and what next.
fn step(s: &Step, indent: &str) -> String {
    let head = format!("{indent}{} {} ({})", pages(s.first, s.last), s.range(), s.sides.text());
    let inner = format!("{indent}    ");
    let mut out = format!("{head}\n");
    out.push_str(&wrap(&format!("{}.", s.what), &inner, &inner));
    out.push_str(&wrap(&s.then, &inner, &inner));
    out
}

/// The whole plan as text, ending with a newline.
pub fn plan_text(plan: &PrintPlan) -> String {
    let mut out = String::from("PRINT PLAN\n");
    out.push_str(&format!("{}\n\n", plan.subject));
    for p in plan.intro() {
        out.push_str(&wrap(&p, "", ""));
    }
    // The command on a line of its own, never wrapped, to copy as it is.
    out.push_str(&format!("{}\n  {}\n", PrintPlan::COMMAND_LEAD, plan.command));
    out.push_str("\nprint-pack.pdf, page by page\n");
    for s in &plan.steps {
        out.push_str(&step(s, "  "));
    }
    if let Some(a) = &plan.assembly {
        out.push_str(&format!(
            "\nGluing the map sheets: {} sheets{}, row by row in this order,\neach laid over the grey glue strips of the sheets before it\n",
            a.sheets(),
            if a.landscape { " (landscape)" } else { "" }
        ));
        let mut n = 0;
        // A row of the grid without a printed sheet (its part of the board
        // is a loose piece) is left out.
        for row in a.labels.iter().filter(|r| r.iter().any(Option::is_some)) {
            // Arrows join neighbouring sheets; a gap marks a cell without one.
            let mut line = String::from(" ");
            for (c, l) in row.iter().enumerate() {
                let joined = c > 0 && row[c - 1].is_some() && l.is_some();
                line.push_str(if joined { " -> " } else { " " });
                match l {
                    Some(l) => {
                        n += 1;
                        line.push_str(&format!("{n}. {l}"));
                    }
                    None => line.push_str("(none)"),
                }
            }
            out.push_str(&format!("{}\n", line.trim_end()));
        }
        for l in &a.loose {
            out.push_str(&wrap(&format!("Then {l}."), "  ", "  "));
        }
    }
    out.push_str("\nSetting up at the table\n");
    let mut n = 0;
    for s in &plan.setup {
        match s.strip_prefix("- ") {
            Some(item) => out.push_str(&wrap(item, "       - ", "         ")),
            None => {
                n += 1;
                let lead = format!("  {n}. ");
                let indent = " ".repeat(lead.len());
                out.push_str(&wrap(s, &lead, &indent));
            }
        }
    }
    if !plan.files.is_empty() {
        out.push_str(
            "\nPrinting only part of the pack\nThe same pages are also written as separate files, each with its own page numbers:\n",
        );
        for f in &plan.files {
            let last = f.steps.last().map_or(0, |s| s.last);
            let all = if last == 0 { String::new() } else { range_text(1, last) };
            out.push_str(&format!("  {} ({} {all})\n", f.name, pages(1, last)));
            for s in &f.steps {
                out.push_str(&step(s, "    "));
            }
        }
    }
    out
}
