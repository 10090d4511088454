//! The print plan as the first pages of the print pack: the page ranges as a
//! table, the map sheets' glue order as a small diagram, then the setup at
//! the table and the separate files. Always an even number of pages (a blank
//! back where needed), so every back after it stays on an even page.

use crate::compose::art::text;
use crate::compose::flow::{layout_document, Block, Cell, FlowError, Margins, PageSpec, Span};
use crate::compose::pieces::duplex::blank_page;
use crate::compose::pieces::impose::BACK_SUFFIX;
use crate::compose::plan::{Assembly, PrintPlan};
use crate::scene::{Anchor, Item, Page, Path, Pt, Rect, Side, Stroke, TextRole, Weight};
use crate::settings::Settings;
use crate::theme::Inks;
use crate::units::MM_PER_PT;

/// The label of the plan's first page.
pub(crate) const PLAN_LABEL: &str = "print plan";

/// The diagram's largest size on the page, mm.
const DIAGRAM_MAX: (f64, f64) = (150.0, 70.0);

/// An arrow from `a` to `b` with a filled head.
fn arrow(a: Pt, b: Pt, width: f64, inks: &Inks) -> Vec<Item> {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (ux, uy) = (dx / len, dy / len);
    let head = 4.0 * width + 1.5;
    let base = Pt::new(b.x - ux * head, b.y - uy * head);
    let side = Pt::new(-uy * head * 0.45, ux * head * 0.45);
    vec![
        Item::Path {
            path: Path::line(a, base),
            fill: None,
            stroke: Some(Stroke::solid(inks.accent, width)),
        },
        Item::Path {
            path: Path::polygon(&[
                b,
                Pt::new(base.x + side.x, base.y + side.y),
                Pt::new(base.x - side.x, base.y - side.y),
            ]),
            fill: Some(inks.accent),
            stroke: None,
        },
    ]
}

/// The map sheets as a grid in glue order: each cell the sheet's own part
/// of the board to scale, its label and its place in the order (a number in
/// a red disc), with arrows from each sheet to the next in its row. Grid
/// cells without a sheet are dashed and empty. Drawn in the theme's `inks`.
pub(crate) fn diagram(a: &Assembly, inks: &Inks) -> Block {
    let (tw, th) = (a.widths.iter().sum::<f64>(), a.heights.iter().sum::<f64>());
    let k = (DIAGRAM_MAX.0 / tw).min(DIAGRAM_MAX.1 / th);
    let xs: Vec<f64> = std::iter::once(0.0)
        .chain(a.widths.iter().scan(0.0, |s, w| {
            *s += w * k;
            Some(*s)
        }))
        .collect();
    let ys: Vec<f64> = std::iter::once(0.0)
        .chain(a.heights.iter().scan(0.0, |s, h| {
            *s += h * k;
            Some(*s)
        }))
        .collect();
    let min_w = a.widths.iter().fold(f64::INFINITY, |m, v| m.min(v * k));
    let min_h = a.heights.iter().fold(f64::INFINITY, |m, v| m.min(v * k));
    let size = (min_h * 0.45).min(min_w * 0.16).clamp(2.9, 5.0);
    let mut items = Vec::new();
    // Drawn after every cell, so that no cell's fill covers an arrow's head.
    let mut arrows = Vec::new();
    let mut n = 0;
    for (r, row) in a.labels.iter().enumerate() {
        for (c, name) in row.iter().enumerate() {
            let cell = Path::rect(Rect::new(xs[c], ys[r], xs[c + 1] - xs[c], ys[r + 1] - ys[r]));
            let Some(name) = name else {
                // No sheet here: a dashed outline keeps the grid readable.
                items.push(Item::Path {
                    path: cell,
                    fill: None,
                    stroke: Some(Stroke { color: inks.plan_ink, width: 0.2, dash: vec![1.0, 1.0] }),
                });
                continue;
            };
            n += 1;
            let p = Pt::new((xs[c] + xs[c + 1]) / 2.0, (ys[r] + ys[r + 1]) / 2.0);
            items.extend(sheet_cell(cell, p, (n, name), size, inks));
            if row.get(c + 1).is_some_and(Option::is_some) {
                // An arrow across the shared edge to the next sheet.
                let x = xs[c + 1];
                let half = (min_w * 0.12).clamp(2.0, 6.0);
                arrows.extend(arrow(Pt::new(x - half, p.y), Pt::new(x + half, p.y), 0.5, inks));
            }
        }
    }
    items.extend(arrows);
    Block::Image { width: xs[xs.len() - 1], height: ys[ys.len() - 1], items }
}

/// A sheet's cell in the assembly diagram, centred on `p`: the glue order
/// `n` in a red disc, the sheet's label `name` beside it, in `size` text.
fn sheet_cell(cell: Path, p: Pt, (n, name): (usize, &str), size: f64, inks: &Inks) -> Vec<Item> {
    let mut items = vec![Item::Path {
        path: cell,
        fill: Some(inks.plan_cell),
        stroke: Some(Stroke::solid(inks.plan_ink, 0.4)),
    }];
    let base = p.y + size * 0.36;
    // The glue order in a red disc, the sheet label beside it.
    let d = Pt::new(p.x - size * 0.9, p.y);
    items.push(Item::Path {
        path: Path::circle(d, size * 0.75),
        fill: Some(inks.accent),
        stroke: None,
    });
    let order = n.to_string();
    // Two digits are set a little smaller, never under the body text floor.
    let floor = TextRole::Body.min_pt() * MM_PER_PT * 1.02;
    let small = if n >= 10 { (size * 0.8).max(floor) } else { size };
    items.push(text(
        Pt::new(d.x, p.y + small * 0.36),
        order,
        small,
        Weight::Bold,
        Anchor::Middle,
        inks.on_accent,
    ));
    items.push(text(
        Pt::new(p.x + size * 0.1, base),
        name.to_string(),
        size,
        Weight::Bold,
        Anchor::Start,
        inks.plan_ink,
    ));
    items
}

fn para(s: &str) -> Block {
    Block::Paragraph(Span::parse(s))
}

/// The plan's flowed blocks: the print table and diagram, then (from a new
/// page) the setup at the table and the separate files, in the sizes and
/// inks of `spec`.
fn blocks(plan: &PrintPlan, spec: &PageSpec) -> Vec<Block> {
    let size = spec.base_size;
    let mut v = vec![para(&format!("**{}**", plan.subject))];
    v.extend(plan.intro().iter().map(|s| para(s)));
    v.push(para(PrintPlan::COMMAND_LEAD));
    v.push(crate::compose::handout::command_block(&plan.command, size, spec.inks.text));
    let rows = plan
        .steps
        .iter()
        .map(|s| {
            vec![
                Cell::new(&format!("**{}**", s.range())),
                Cell::new(&s.what),
                Cell::new(s.sides.text()),
                Cell::new(&s.then),
            ]
        })
        .collect();
    v.push(Block::Table {
        header: vec!["Pages".into(), "What".into(), "How to print".into(), "Then".into()],
        rows,
        col_widths: Some(vec![1.2, 3.4, 2.3, 5.0]),
    });
    if let Some(a) = &plan.assembly {
        v.push(Block::KeepTogether(vec![
            Block::Heading { level: 2, text: "Gluing the map sheets".into() },
            para(&format!(
                "{} sheets{}, glued row by row in the order of the numbers; each sheet is \
                 laid over the grey glue strips of the sheets before it.",
                a.sheets(),
                if a.landscape { " (landscape)" } else { "" }
            )),
            diagram(a, &spec.inks),
        ]));
        for l in &a.loose {
            v.push(para(&format!("Then {l}.")));
        }
    }
    v.push(Block::PageBreak);
    v.push(Block::Heading { level: 2, text: "Setting up at the table".into() });
    v.push(setup_bullets(&plan.setup));
    if !plan.files.is_empty() {
        v.push(Block::Heading { level: 2, text: "Printing only part of the pack".into() });
        v.push(para(
            "The same pages are also written as separate files, each with its own page numbers:",
        ));
        v.push(file_bullets(plan));
    }
    v
}

/// The setup at the table as bullets: numbered steps, each followed by its
/// sub-items (`- name: rest`, the piece name in bold).
fn setup_bullets(setup: &[String]) -> Block {
    let mut n = 0;
    Block::Bullets(
        setup
            .iter()
            .map(|s| match s.strip_prefix("- ") {
                // A sub-item of the step before: its piece name in bold.
                Some(item) => match item.split_once(": ") {
                    Some((name, rest)) => {
                        vec![Span::bold(format!("{name}: ")), Span::plain(rest.to_string())]
                    }
                    None => vec![Span::plain(item.to_string())],
                },
                None => {
                    n += 1;
                    vec![Span::bold(format!("{n}.")), Span::plain(format!(" {s}"))]
                }
            })
            .collect(),
    )
}

/// The separate files as bullets: each file's name and the pages it holds.
fn file_bullets(plan: &PrintPlan) -> Block {
    Block::Bullets(
        plan.files
            .iter()
            .map(|f| {
                let parts: Vec<String> = f
                    .steps
                    .iter()
                    .map(|s| {
                        format!(
                            "{} {}: {} ({})",
                            pages(s.first, s.last),
                            s.range(),
                            s.what,
                            s.sides.text()
                        )
                    })
                    .collect();
                vec![Span::bold(f.name.clone()), Span::plain(format!(": {}.", parts.join("; ")))]
            })
            .collect(),
    )
}

/// "page" or "pages".
pub fn pages(first: usize, last: usize) -> &'static str {
    if first == last {
        "page"
    } else {
        "pages"
    }
}

/// The plan's pages on the chosen paper: an even number, labelled
/// [`PLAN_LABEL`] N and its back, so that they print as sheets of their own.
pub fn plan_pages(plan: &PrintPlan, settings: &Settings) -> Result<Vec<Page>, FlowError> {
    let (w, h) = settings.paper_mm();
    let spec = PageSpec {
        width: w,
        height: h,
        margins: Margins::all(settings.sheets.margin.max(12.0)),
        base_size: 9.0 * MM_PER_PT,
        footer: format!("Print plan · {}", plan.subject),
        ..PageSpec::handout(&settings.sheets, "")
    };
    let mut pages = layout_document("Print plan", &blocks(plan, &spec), &spec)?;
    if pages.len() % 2 == 1 {
        pages.push(blank_page(w, h, &settings.sheets));
    }
    let backed: Vec<bool> =
        (0..pages.len()).map(|i| pages.get(i + 1).is_some_and(|p| p.side != Side::Blank)).collect();
    for (i, p) in pages.iter_mut().enumerate() {
        if p.side == Side::Blank {
            continue;
        }
        let n = i / 2 + 1;
        let front = if n == 1 { PLAN_LABEL.to_string() } else { format!("{PLAN_LABEL} {n}") };
        (p.label, p.side) = match (i % 2, backed[i]) {
            (0, true) => (front, Side::Front),
            (0, false) => (front, Side::Single),
            _ => (format!("{front}{BACK_SUFFIX}"), Side::Back),
        };
    }
    Ok(pages)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compose::plan::{plan_step, Sides};
    use crate::settings::sheets::Duplex;

    fn plan(setup_lines: usize) -> PrintPlan {
        PrintPlan {
            subject: "Test, 4 players, seed 1".into(),
            command: "hexpress generate test --players 4 --seed 1".into(),
            paper: "A4".into(),
            duplex: Duplex::Long,
            steps: vec![plan_step(2)],
            assembly: None,
            setup: (0..setup_lines)
                .map(|i| format!("Step {i}: lay the pieces of this step where the map shows."))
                .collect(),
            files: Vec::new(),
        }
    }

    #[test]
    fn the_plan_takes_an_even_number_of_pages_labelled_as_sheets() {
        let settings = Settings::default();
        for lines in [3, 80, 160] {
            let pages = plan_pages(&plan(lines), &settings).expect("lays out");
            assert!(pages.len().is_multiple_of(2), "{lines} lines: {} pages", pages.len());
            assert_eq!(pages[0].label, PLAN_LABEL);
            for (i, p) in pages.iter().enumerate().skip(1) {
                let ok = p.side == Side::Blank
                    || (i % 2 == 1
                        && p.side == Side::Back
                        && p.label == format!("{}{BACK_SUFFIX}", pages[i - 1].label))
                    || (i % 2 == 0
                        && p.side.starts_sheet()
                        && p.label == format!("{PLAN_LABEL} {}", i / 2 + 1));
                assert!(ok, "{lines} lines: page {} is {:?}", i + 1, p.label);
            }
            if lines > 100 {
                assert!(pages.len() > 2, "a long setup runs on");
            }
        }
        assert_eq!(plan_step(2).sides, Sides::Either);
    }
}
