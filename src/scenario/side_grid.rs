//! Reads a map's `side_drawing`: the `hexes` drawing again, with marks on
//! the sides between hexes.
//!
//! A mark between two codes of a row marks the side they share. A line that
//! holds only marks lies between the rows above and below it: a mark there,
//! halfway between a code of the row above and a code of the row below,
//! marks the side those two share. Lines of marks are not rows, so the codes
//! sit as in `hexes`; marks need codes 4 (or 8, 12...) columns apart, so
//! that halfway between two rows' codes is a column of its own.
//!
//! ```text
//!   ~   *   *   ~        a mark `|` between two codes of a row: their side
//! ~   * | *   *   ~
//!      \ /               marks under a row: a side to the row below
//!   ~   *   *   ~
//! ```

use std::collections::BTreeMap;

use super::grid::{centred, mode, on_grid, tokens, Centre, GridCode, Tok};
use super::raw::RawGrid;
use crate::axial::Hex;
use crate::diag::{Diagnostic, Diagnostics, Span};

/// One side mark of a drawing, placed: the two hexes whose side it marks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SideMark {
    /// The mark as written.
    pub code: String,
    /// The hex on one side (left, or above).
    pub a: Hex,
    /// The hex on the other side.
    pub b: Hex,
    /// Where the mark is written.
    pub span: Span,
}

/// A side drawing read: its hex codes (to check against `hexes`) and marks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct SideDrawing {
    /// The hex codes, placed as `hexes` places them.
    pub hexes: Vec<GridCode>,
    /// The side marks.
    pub marks: Vec<SideMark>,
}

/// Reads a side drawing; `is_mark` says which codes are side marks.
/// Misplaced marks and codes are reported into `diags`; `None` when the
/// drawing cannot be placed at all.
pub(crate) fn read_side_drawing(
    grid: &RawGrid,
    is_mark: &dyn Fn(&str) -> bool,
    diags: &mut Diagnostics,
) -> Option<SideDrawing> {
    let toks = tokens(grid);
    // Lines that hold a hex code are rows; lines of marks only lie between.
    let mut by_line: BTreeMap<usize, bool> = BTreeMap::new();
    for t in &toks {
        *by_line.entry(t.line).or_insert(false) |= !is_mark(t.code);
    }
    let rows: Vec<usize> = by_line.iter().filter(|(_, hex)| **hex).map(|(l, _)| *l).collect();
    let row_of = |line: usize| rows.iter().position(|l| *l == line);
    let hex_toks: Vec<Tok<'_>> = toks
        .iter()
        .filter(|t| !is_mark(t.code))
        .filter_map(|t| row_of(t.line).map(|y| Tok { line: y, ..t.clone() }))
        .collect();
    if hex_toks.is_empty() {
        diags.push(
            Diagnostic::error("the side drawing has no hexes")
                .at(grid.span.clone(), "no hex codes")
                .hint(
                    "copy the map's `hexes` drawing here and add the side marks between its codes",
                ),
        );
        return None;
    }
    let mut gaps: Vec<i64> = hex_toks
        .windows(2)
        .filter(|w| w[0].line == w[1].line)
        .map(|w| w[1].col - w[0].col)
        .collect();
    gaps.sort_unstable();
    let pitch = mode(&gaps).unwrap_or(4);
    if pitch % 4 != 0 {
        diags.push(
            Diagnostic::error(format!(
                "codes in the side drawing are {pitch} columns apart, too close for marks between the rows"
            ))
            .at(grid.span.clone(), "in this drawing")
            .hint("draw it with codes 4 (or 8) columns apart, e.g. `S   S   S`, so that a mark fits halfway between two rows' codes"),
        );
        return None;
    }
    let placed = on_grid(&hex_toks, pitch / 2, diags)?;
    let centre = Centre::of(&placed);
    let lattice =
        Lattice { c0: hex_toks[0].col, parity: (hex_toks[0].line as i64) & 1, half: pitch / 2 };
    let mut marks = Vec::new();
    for t in toks.iter().filter(|t| is_mark(t.code)) {
        let place = match row_of(t.line) {
            Some(y) => lattice.in_row(t, y as i64),
            None => {
                let above = rows.iter().filter(|l| **l < t.line).count();
                match above {
                    0 => Err("a mark above the first row has no hex above it"),
                    n if n == rows.len() => Err("a mark below the last row has no hex below it"),
                    n => lattice.between_rows(t, n as i64 - 1),
                }
            }
        };
        match place {
            Ok(((xa, ya), (xb, yb))) => marks.push(SideMark {
                code: t.code.to_string(),
                a: centre.hex(xa, ya),
                b: centre.hex(xb, yb),
                span: t.span.clone(),
            }),
            Err(why) => diags.push(
                Diagnostic::error(format!("side mark `{}` is not on a side between two hexes", t.code))
                    .at(t.span.clone(), why)
                    .hint(format!(
                        "put a mark halfway between two codes of a row ({} after the left one), or on a line of marks between two rows, halfway between a code above and a code below ({} from each)",
                        columns(lattice.half),
                        columns(lattice.half / 2)
                    )),
            ),
        }
    }
    Some(SideDrawing { hexes: centred(placed), marks })
}

fn columns(n: i64) -> String {
    match n {
        1 => "1 column".into(),
        n => format!("{n} columns"),
    }
}

/// The lattice of a side drawing's codes: the first code's column, the
/// parity of its row and half the pitch.
struct Lattice {
    c0: i64,
    parity: i64,
    half: i64,
}

/// Two lattice places `(x, y)`.
type Pair = ((i64, i64), (i64, i64));

impl Lattice {
    /// Whether lattice column `x` holds a hex in row `y`.
    fn hex_at(&self, x: i64, y: i64) -> bool {
        (x + y - self.parity).rem_euclid(2) == 0
    }

    /// A mark on row `y`: halfway between two codes of the row.
    fn in_row(&self, t: &Tok<'_>, y: i64) -> Result<Pair, &'static str> {
        let d = t.col - self.c0;
        if d.rem_euclid(self.half) != 0 {
            return Err("not halfway between two codes");
        }
        let x = d.div_euclid(self.half);
        if self.hex_at(x, y) {
            return Err("where a hex code would go");
        }
        Ok(((x - 1, y), (x + 1, y)))
    }

    /// A mark on a line of marks below row `y`: halfway between a code of
    /// row `y` and a code of row `y + 1`.
    fn between_rows(&self, t: &Tok<'_>, y: i64) -> Result<Pair, &'static str> {
        let quarter = self.half / 2;
        let d = t.col - self.c0;
        if d.rem_euclid(quarter) != 0 || d.div_euclid(quarter).rem_euclid(2) != 1 {
            return Err("not halfway between a code above and a code below");
        }
        let u = d.div_euclid(quarter);
        let (left, right) = ((u - 1).div_euclid(2), (u + 1).div_euclid(2));
        if self.hex_at(left, y) {
            Ok(((left, y), (right, y + 1)))
        } else {
            Ok(((right, y), (left, y + 1)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(text: &str) -> RawGrid {
        RawGrid { text: text.to_string(), span: 0..text.len(), text_offset: Some(0) }
    }

    fn marks(text: &str) -> (SideDrawing, Diagnostics) {
        let mut d = Diagnostics::new();
        let is_mark = |c: &str| matches!(c, "|" | "/" | "\\");
        let s = read_side_drawing(&grid(text), &is_mark, &mut d).unwrap_or_default();
        (s, d)
    }

    fn pair(m: &SideMark) -> ((i32, i32), (i32, i32)) {
        ((m.a.q, m.a.r), (m.b.q, m.b.r))
    }

    #[test]
    fn marks_land_on_the_sides_they_sit_between() {
        // The hexes as `hexes` would place them: d at (0, 0).
        let (s, d) = marks("  a   b\n /   \\\nc   d | e\n     / \\\n  f   g\n");
        assert!(d.is_empty(), "{d:?}");
        let at = |c: &str| s.hexes.iter().find(|x| x.code == c).map(|x| (x.hex.q, x.hex.r));
        assert_eq!(at("d"), Some((0, 0)));
        assert_eq!(at("a"), Some((0, -1)));
        let got: Vec<_> = s.marks.iter().map(pair).collect();
        // a-c, b-d (halfway between b above and d below), d-e, d-g, e-g.
        assert_eq!(
            got,
            vec![
                ((0, -1), (-1, 0)),
                ((1, -1), (0, 0)),
                ((0, 0), (1, 0)),
                ((0, 0), (0, 1)),
                ((1, 0), (0, 1))
            ]
        );
        // Every marked pair is a pair of neighbours.
        for m in &s.marks {
            let d = (m.b.q - m.a.q, m.b.r - m.a.r);
            assert!([(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)].contains(&d), "{m:?}");
        }
    }

    #[test]
    fn the_hexes_sit_where_the_plain_drawing_puts_them() {
        let plain = "  a   b\nc   d   e\n  f   g\n";
        let mut d = Diagnostics::new();
        let want = crate::scenario::grid::read_grid(&grid(plain), &mut d);
        let (s, d2) = marks("  a   b\n   \\\nc   d   e\n  f | g\n");
        assert!(d.is_empty() && d2.is_empty());
        assert_eq!(
            s.hexes.iter().map(|h| (h.code.clone(), h.hex)).collect::<Vec<_>>(),
            want.iter().map(|h| (h.code.clone(), h.hex)).collect::<Vec<_>>()
        );
    }

    #[test]
    fn misplaced_marks_are_pointed_at() {
        let text = "  a   b\n  |\nc   d   e\n";
        let (s, d) = marks(text);
        assert!(s.marks.is_empty());
        assert_eq!(d.items().len(), 1);
        assert_eq!(&text[d.items()[0].labels[0].span.clone()], "|");
        let (_, d) = marks(" /\n  a   b\n");
        assert_eq!(d.items().len(), 1, "a mark above the first row");
    }

    #[test]
    fn a_pitch_of_two_leaves_no_room_for_marks() {
        let (_, d) = marks(" a b\nc d e\n");
        assert!(d.has_errors());
    }
}
