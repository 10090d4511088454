//! The print plan: which pages of the print pack to print how (one-sided or
//! two-sided, and on which edge), what to cut and glue, the order the map
//! sheets go together in, and how to set the board up at the table.
//!
//! [`PrintPlan`] is worked out from the composed pages themselves (their
//! kinds, [`Side`]s and what they hold, as typed data; never their labels
//! or headings), never from fixed page numbers, and is the one source of
//! the plan's pages in the pack ([`crate::compose::plan::pages`]) and of
//! `print-plan.txt` ([`crate::compose::plan::text`]).

pub mod builder;
pub mod calibration;
mod counts;
pub mod pages;
pub mod setup;
pub mod text;

use crate::compose::map::cuts::{label, Tiling};
use crate::compose::pieces::impose::shown_title;
use crate::scene::{Page, Side};
use crate::settings::sheets::Duplex;

/// What a run of pages is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartKind {
    /// The print plan itself.
    Plan,
    /// The calibration sheet, front and back.
    Calibration,
    /// The map's assembly overview.
    MapOverview,
    /// The map at 1:1, one page per sheet (A1, A2...).
    MapSheets,
    /// The sheets of coded face-down pieces (tiles and chips laid by the
    /// codes on their backs), two-sided and cut back side up.
    FaceDown,
    /// Component and reference-card sheets (fronts, backs, blanks).
    Components,
    /// The rules handout.
    Handout,
    /// The builder's sheet (face-down contents).
    Builder,
}

/// Consecutive pages of one kind, as they lie in a document.
#[derive(Clone, Copy, Debug)]
pub struct Part<'a> {
    /// What the pages are.
    pub kind: PartKind,
    /// The pages, in order.
    pub pages: &'a [Page],
}

/// How a range of pages is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sides {
    /// One-sided: nothing on the back.
    One,
    /// Two-sided, turned over the given edge: every back follows its front.
    Two(Duplex),
    /// One- or two-sided, as the reader likes (text pages).
    Either,
    /// Not printed: a page that only keeps backs behind their fronts.
    Skip,
}

impl Sides {
    /// How the plan says it.
    pub fn text(self) -> &'static str {
        match self {
            Sides::One => "one-sided",
            Sides::Two(Duplex::Long) => "two-sided, flip on the long edge",
            Sides::Two(Duplex::Short) => "two-sided, flip on the short edge",
            Sides::Either => "one- or two-sided",
            Sides::Skip => "do not print",
        }
    }
}

/// One line of the plan: a page range and what to do with it.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// First page number (from 1) in its document.
    pub first: usize,
    /// Last page number, inclusive.
    pub last: usize,
    /// What the pages are.
    pub kind: PartKind,
    /// How to print them.
    pub sides: Sides,
    /// What they hold, in a few words.
    pub what: String,
    /// What to do with them once printed.
    pub then: String,
    /// For component sheets: the kinds of pieces they hold, with how many
    /// (as the sheets' headings say), in order of first appearance.
    pub pieces: Vec<(String, usize)>,
}

impl Step {
    /// "5" or "5-11".
    pub fn range(&self) -> String {
        range_text(self.first, self.last)
    }
}

/// "5" or "5-11".
pub(crate) fn range_text(first: usize, last: usize) -> String {
    if first == last {
        first.to_string()
    } else {
        format!("{first}-{last}")
    }
}

/// The map sheets in glue order, for the assembly diagram.
#[derive(Clone, Debug, PartialEq)]
pub struct Assembly {
    /// Sheet labels, row by row (A1, A2... then B1...); `None` where the
    /// grid has no sheet (no part of the board falls there).
    pub labels: Vec<Vec<Option<String>>>,
    /// Width of each column's own part of the map (without the glue strip), mm.
    pub widths: Vec<f64>,
    /// Height of each row's own part of the map, mm.
    pub heights: Vec<f64>,
    /// Whether the sheets are turned to landscape.
    pub landscape: bool,
    /// What to do with each loose piece printed on another sheet's free
    /// paper ("L1 (printed on sheet A1): cut it out and glue it over the
    /// hex marked L1"), glued last.
    pub loose: Vec<String>,
}

impl Assembly {
    /// The glue order of a tiling: row by row from A1, each sheet laid over
    /// the glue strips of the ones before it.
    pub fn from_tiling(t: &Tiling) -> Assembly {
        let own = |v: &[(f64, f64)]| -> Vec<f64> {
            (0..v.len()).map(|i| v.get(i + 1).map_or(v[i].1, |n| n.0) - v[i].0).collect()
        };
        // Rows after the last printed sheet (a loose piece took their
        // place) are left out of the diagram.
        let rows = (0..t.rows.len())
            .rev()
            .find(|&r| (0..t.cols.len()).any(|c| t.has(r, c)))
            .map_or(t.rows.len(), |r| r + 1);
        let mut heights = own(&t.rows);
        heights.truncate(rows);
        Assembly {
            labels: (0..rows)
                .map(|r| (0..t.cols.len()).map(|c| t.has(r, c).then(|| label(r, c))).collect())
                .collect(),
            widths: own(&t.cols),
            heights,
            landscape: t.landscape,
            loose: t
                .loose
                .iter()
                .enumerate()
                .map(|(k, l)| {
                    let name = crate::compose::map::cuts::loose::Loose::name(k);
                    format!(
                        "{name} (printed on sheet {}): cut it out and glue it over the hex marked {name}",
                        label(l.host.0, l.host.1)
                    )
                })
                .collect(),
        }
    }

    /// Number of sheets.
    pub fn sheets(&self) -> usize {
        self.order().len()
    }

    /// The sheet labels in glue order: row by row, left to right.
    pub fn order(&self) -> Vec<&str> {
        self.labels.iter().flatten().flatten().map(String::as_str).collect()
    }
}

/// One separate file and how to print its pages.
#[derive(Clone, Debug, PartialEq)]
pub struct FilePlan {
    /// File name in the output folder.
    pub name: String,
    /// Its page ranges.
    pub steps: Vec<Step>,
}

/// Everything the print plan says.
#[derive(Clone, Debug, PartialEq)]
pub struct PrintPlan {
    /// "<scenario>, N players, seed S".
    pub subject: String,
    /// The command that makes the pack's board again (printed whole on a
    /// line of its own, after [`PrintPlan::COMMAND_LEAD`]).
    pub command: String,
    /// The paper, as people name it ("A4", "Letter").
    pub paper: String,
    /// The edge two-sided sheets are turned over.
    pub duplex: Duplex,
    /// The print pack's page ranges, in order.
    pub steps: Vec<Step>,
    /// The map sheets in glue order (none for a one-sheet map).
    pub assembly: Option<Assembly>,
    /// The setup at the table, in order; a line starting with `- ` is a
    /// sub-item of the numbered step before it.
    pub setup: Vec<String>,
    /// The separate files, for printing only part of the pack.
    pub files: Vec<FilePlan>,
}

/// The paper's name as people write it: `a4` -> "A4", `letter` -> "Letter".
pub(crate) fn paper_name(name: &str) -> String {
    let mut c = name.chars();
    match c.next() {
        Some(_) if name.chars().skip(1).all(|c| c.is_ascii_digit()) => name.to_ascii_uppercase(),
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// What a component sheet holds, as its heading shows the kinds: "Harbor
/// tokens: 8 · Gold coins: 20" -> both kinds with their counts.
fn sheet_pieces(page: &Page) -> Vec<(String, usize)> {
    page.holds.iter().map(|(t, n)| (shown_title(t), *n)).collect()
}

/// Adds `more` to `all`, summing the counts of kinds already there.
fn add_pieces(all: &mut Vec<(String, usize)>, more: Vec<(String, usize)>) {
    for (t, n) in more {
        match all.iter_mut().find(|(u, _)| *u == t) {
            Some((_, m)) => *m += n,
            None => all.push((t, n)),
        }
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn joined(pieces: &[(String, usize)]) -> String {
    let v: Vec<String> =
        pieces.iter().map(|(t, n)| if *n > 0 { format!("{t} ({n})") } else { t.clone() }).collect();
    v.join(", ")
}

/// Steps for the component sheets starting at page `first`: runs of
/// front/back pairs, runs of one-sided sheets and the blank pages between.
fn component_steps(pages: &[Page], first: usize, duplex: Duplex) -> Vec<Step> {
    let mut out: Vec<Step> = Vec::new();
    let mut i = 0;
    while i < pages.len() {
        let n = first + i;
        let (sides, len) = if pages[i].side == Side::Blank {
            (Sides::Skip, 1)
        } else if pages.get(i + 1).is_some_and(|p| p.side == Side::Back) {
            (Sides::Two(duplex), 2)
        } else {
            (Sides::One, 1)
        };
        let these = sheet_pieces(&pages[i]);
        match out.last_mut() {
            Some(s) if s.sides == sides && sides != Sides::Skip => {
                s.last = n + len - 1;
                add_pieces(&mut s.pieces, these);
            }
            _ => {
                let mut pieces = Vec::new();
                add_pieces(&mut pieces, these);
                out.push(Step {
                    first: n,
                    last: n + len - 1,
                    kind: PartKind::Components,
                    sides,
                    what: String::new(),
                    then: String::new(),
                    pieces,
                });
            }
        }
        i += len;
    }
    for s in &mut out {
        if s.sides == Sides::Skip {
            s.what = "Intentionally blank".into();
            s.then = "Skip it. It only keeps each back behind its front when the whole pack \
                      is printed two-sided."
                .into();
            continue;
        }
        let sheets = match s.sides {
            Sides::Two(_) => (s.last - s.first).div_ceil(2),
            _ => s.last - s.first + 1,
        };
        let list = joined(&s.pieces);
        s.what = if list.is_empty() {
            format!("Pieces to cut out ({})", plural(sheets, "sheet", "sheets"))
        } else {
            format!("Pieces to cut out ({}): {list}", plural(sheets, "sheet", "sheets"))
        };
        s.then = match s.sides {
            Sides::Two(_) => "Cut each piece out along its outline, through both sides; \
                              crop marks in the margin show the straight cuts."
                .into(),
            _ => "Cut each piece out along its outline; crop marks in the margin show the \
                  straight cuts."
                .into(),
        };
    }
    out
}

/// What to do with the sheets of coded face-down pieces, once printed.
pub(crate) const FACE_DOWN_THEN: &str =
    "Nobody looks at the printed side of these sheets: take each \
     sheet from the printer with the coded side (the one with the \"?\" backs) up, turning the \
     stack over without looking if it comes out the other way. Cut every piece out along its \
     outline back side up, and keep it back side up until it lies on the board (see the setup).";

/// Steps for the sheets of coded face-down pieces starting at page
/// `first`: as [`component_steps`], told to be handled back side up.
fn face_down_steps(pages: &[Page], first: usize, duplex: Duplex) -> Vec<Step> {
    let mut out = component_steps(pages, first, duplex);
    for s in &mut out {
        s.kind = PartKind::FaceDown;
    }
    for s in out.iter_mut().filter(|s| s.sides != Sides::Skip) {
        let sheets = (s.last - s.first).div_ceil(2);
        s.what = format!(
            "Face-down tiles and chips, each with its code on the back ({}): {}",
            plural(sheets, "sheet", "sheets"),
            joined(&s.pieces)
        );
        s.then = FACE_DOWN_THEN.into();
    }
    out
}

/// The plan's own step: its first `pages` pages.
pub(crate) fn plan_step(pages: usize) -> Step {
    Step {
        first: 1,
        last: pages,
        kind: PartKind::Plan,
        sides: Sides::Either,
        what: "This print plan and the setup at the table".into(),
        then: "Keep it at hand while you print, cut, glue and set up.".into(),
        pieces: Vec::new(),
    }
}

/// The steps of one document whose parts are `parts`, its first page being
/// page `first`.
pub fn steps(parts: &[Part<'_>], first: usize, duplex: Duplex) -> Vec<Step> {
    let mut out = Vec::new();
    let mut n = first;
    for part in parts.iter().filter(|p| !p.pages.is_empty()) {
        let (a, b) = (n, n + part.pages.len() - 1);
        let step = |sides: Sides, what: String, then: &str| Step {
            first: a,
            last: b,
            kind: part.kind,
            sides,
            what,
            then: then.to_string(),
            pieces: Vec::new(),
        };
        match part.kind {
            PartKind::Plan => out.push(Step { first: a, last: b, ..plan_step(0) }),
            PartKind::Calibration => out.push(step(
                Sides::Two(duplex),
                "Calibration sheet".into(),
                "Print it first and check it before the rest. If the bar does not measure \
                 100 mm, make the pack again with --ruler and what it measured added to the \
                 command above (e.g. --ruler 99.2); if a real hex tile is wider or narrower \
                 than the outline, with --hex-size and its width in mm. Held against the \
                 light, each circle must sit on its cross; if not, add --back-offset X,Y: how \
                 far the circle lies from the cross in mm, x right and y down, as seen on the \
                 back.",
            )),
            PartKind::MapOverview => out.push(step(
                Sides::One,
                "Map overview: how the sheets fit together".into(),
                "Nothing to cut; keep it beside you while you glue.",
            )),
            PartKind::MapSheets => {
                let k = part.pages.len();
                let names = match (part.pages.first(), part.pages.last()) {
                    (Some(f), Some(l)) if k > 1 => format!(" {} to {}", f.label, l.label),
                    (Some(f), _) => format!(" {}", f.label),
                    _ => String::new(),
                };
                out.push(step(
                    Sides::One,
                    format!("Map at 1:1, sheets{names} ({})", plural(k, "sheet", "sheets")),
                    if k > 1 {
                        "Cut along the dashed lines, then glue the sheets in the order of the \
                         diagram, each laid over the grey glue strips of the ones before it \
                         so that the crosses meet."
                    } else {
                        "Trim the margin if you like; this sheet is the whole board."
                    },
                ));
            }
            PartKind::Components => out.extend(component_steps(part.pages, a, duplex)),
            PartKind::FaceDown => out.extend(face_down_steps(part.pages, a, duplex)),
            PartKind::Handout => out.push(step(
                Sides::Either,
                format!("Rules handout ({})", plural(part.pages.len(), "page", "pages")),
                "Nothing to cut; read it before the first game.",
            )),
            PartKind::Builder => out.push(step(
                Sides::One,
                "Builder's sheet: what the face-down tiles are".into(),
                "Only for a host who builds the board and does not play: keep it out of the \
                 players' sight. A table without such a host sets up from the codes on the \
                 backs and need not print it.",
            )),
        }
        n = b + 1;
    }
    out
}

impl PrintPlan {
    /// The words before the plan's command.
    pub(crate) const COMMAND_LEAD: &'static str = "The same board again, any time:";

    /// The plan's opening sentences: paper, scale, and how to use the ranges.
    pub(crate) fn intro(&self) -> Vec<String> {
        let edge = self.duplex.name();
        vec![
            format!(
                "Paper: {}. Print every page at 100 % (\"actual size\"), never \"fit to page\" \
                 or \"shrink to fit\": the map and the pieces are printed to scale.",
                self.paper
            ),
            format!(
                "Print the page ranges below one at a time, each as its line says (the print \
                 dialog asks for the pages, and for one- or two-sided). Two-sided sheets \
                 turn over the {edge} edge."
            ),
        ]
    }

    /// The steps that cover pages of `kind`.
    pub fn steps_of(&self, kind: PartKind) -> impl Iterator<Item = &Step> {
        self.steps.iter().filter(move |s| s.kind == kind)
    }

    /// The page range of the pack holding `kind`, as text ("5-11"), if any.
    pub(crate) fn pages_of(&self, kind: PartKind) -> Option<String> {
        let mut it = self.steps_of(kind).filter(|s| s.sides != Sides::Skip);
        let first = it.next()?;
        let last = it.last().map_or(first.last, |s| s.last);
        Some(range_text(first.first, last))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet(label: &str, side: Side, holds: &[(&str, usize)]) -> Page {
        let mut p = {
            let a4 = crate::settings::sheets::SheetOptions::default().paper;
            Page::new(a4.width, a4.height, label)
        }
        .with_side(side);
        p.holds = holds.iter().map(|(t, n)| (t.to_string(), *n)).collect();
        p
    }

    #[test]
    fn component_pages_split_into_two_sided_one_sided_and_blank_ranges() {
        let o = crate::settings::sheets::SheetOptions::default();
        let pages = vec![
            crate::compose::pieces::duplex::blank_page(o.paper.width, o.paper.height, &o),
            sheet("sheet 1", Side::Front, &[("Gold coins", 20)]),
            sheet("sheet 1 back", Side::Back, &[("Gold coins", 20)]),
            sheet("sheet 2", Side::Front, &[("Gold coins", 4), ("Fish tokens", 10)]),
            sheet("sheet 2 back", Side::Back, &[]),
            sheet("sheet 3", Side::Single, &[("Fog: harbor tokens", 9)]),
        ];
        let s = component_steps(&pages, 8, Duplex::Short);
        let got: Vec<(usize, usize, Sides)> =
            s.iter().map(|s| (s.first, s.last, s.sides)).collect();
        assert_eq!(
            got,
            [(8, 8, Sides::Skip), (9, 12, Sides::Two(Duplex::Short)), (13, 13, Sides::One)]
        );
        assert_eq!(s[1].pieces, [("Gold coins".to_string(), 24), ("Fish tokens".to_string(), 10)]);
        assert!(
            s[1].what.contains("(2 sheets): Gold coins (24), Fish tokens (10)"),
            "{}",
            s[1].what
        );
        // A set title's own colon shows as a dash, as on the sheet's heading.
        assert_eq!(s[2].pieces, [("Fog – harbor tokens".to_string(), 9)]);
    }

    #[test]
    fn paper_names_read_as_people_write_them() {
        assert_eq!(paper_name("a4"), "A4");
        assert_eq!(paper_name("letter"), "Letter");
        assert_eq!(paper_name("a3"), "A3");
    }
}
