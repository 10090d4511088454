//! Reads a map drawing (`hexes = """..."""`) into codes at axial coordinates.
//!
//! Codes are separated by spaces. Codes in one row sit a fixed number of
//! columns apart (the pitch); a row is shifted by half a pitch against its
//! neighbours, as hexes are. `.` marks an empty spot. The middle of the drawing
//! becomes `(0, 0)`.

use super::raw::RawGrid;
use crate::axial::Hex;
use crate::diag::{Diagnostic, Diagnostics, Span};

/// One code of the drawing, placed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GridCode {
    /// The legend code as written.
    pub code: String,
    /// Where it lands.
    pub hex: Hex,
    /// Where it is written in the file.
    pub span: Span,
}

/// One code of a drawing as written: its text, line, column and span.
#[derive(Clone, Debug)]
pub(super) struct Tok<'a> {
    pub(super) code: &'a str,
    pub(super) line: usize,
    pub(super) col: i64,
    pub(super) span: Span,
}

/// Places the codes of a drawing; reports misaligned codes into `diags`.
pub(crate) fn read_grid(grid: &RawGrid, diags: &mut Diagnostics) -> Vec<GridCode> {
    let toks = tokens(grid);
    if toks.is_empty() {
        diags.push(
            Diagnostic::error("the map drawing has no hexes")
                .at(grid.span.clone(), "empty drawing")
                .hint("draw the map as rows of legend codes, e.g. `S S S`"),
        );
        return Vec::new();
    }

    // The pitch: the most common distance between neighbouring codes in a row.
    let mut gaps: Vec<i64> =
        toks.windows(2).filter(|w| w[0].line == w[1].line).map(|w| w[1].col - w[0].col).collect();
    gaps.sort_unstable();
    let pitch = mode(&gaps).unwrap_or(2);
    if pitch % 2 != 0 {
        diags.push(
            Diagnostic::error(format!(
                "codes in a row are {pitch} columns apart, which cannot be halved for the shifted rows"
            ))
            .at(grid.span.clone(), "in this drawing")
            .hint("put codes an even number of columns apart, e.g. `S   S   S` (4) or `S S S` (2)"),
        );
        return Vec::new();
    }
    let Some(placed) = on_grid(&toks, pitch / 2, diags) else {
        return Vec::new();
    };
    centred(placed)
}

/// The codes of the drawing, in reading order, with their columns.
pub(super) fn tokens(grid: &RawGrid) -> Vec<Tok<'_>> {
    let mut toks = Vec::new();
    let mut byte = 0usize;
    for (line_no, line) in grid.text.split('\n').enumerate() {
        let mut in_tok: Option<(usize, i64, usize)> = None; // (byte start, col, char start)
        let line_trim = line.strip_suffix('\r').unwrap_or(line);
        for (col, (bi, ch)) in line_trim.char_indices().enumerate() {
            let col = col as i64;
            if ch.is_whitespace() {
                if let Some((bs, c, _)) = in_tok.take() {
                    toks.push(tok(grid, line_trim, bs, bi, c, line_no, byte));
                }
            } else if in_tok.is_none() {
                in_tok = Some((bi, col, 0));
            }
        }
        if let Some((bs, c, _)) = in_tok.take() {
            toks.push(tok(grid, line_trim, bs, line_trim.len(), c, line_no, byte));
        }
        byte += line.len() + 1;
    }
    toks
}

/// Each code's place on the doubled grid (column steps of `half`, rows),
/// counted from the first code; `None` when some code is off the grid or
/// not shifted by half a hex from its neighbouring rows (each is reported).
pub(super) fn on_grid<'t, 'a>(
    toks: &'t [Tok<'a>],
    half: i64,
    diags: &mut Diagnostics,
) -> Option<Vec<(i64, i64, &'t Tok<'a>)>> {
    let first = &toks[0];
    let (c0, parity) = (first.col, (first.line as i64) & 1);
    let mut placed = Vec::new();
    let mut ok = true;
    for t in toks {
        let d = t.col - c0;
        if d.rem_euclid(half) != 0 {
            ok = false;
            let below = c0 + d.div_euclid(half) * half;
            diags.push(
                Diagnostic::error(format!("code `{}` is off the hex grid", t.code))
                    .at(t.span.clone(), "misaligned")
                    .hint(format!(
                        "codes sit every {half} columns here; move it {} column(s) left or {} right",
                        t.col - below,
                        below + half - t.col
                    )),
            );
            continue;
        }
        let x = d / half;
        let y = t.line as i64;
        if (x + y - parity).rem_euclid(2) != 0 {
            ok = false;
            diags.push(
                Diagnostic::error(format!("code `{}` is not shifted by half a hex from the row above", t.code))
                    .at(t.span.clone(), "misaligned")
                    .hint(format!("neighbouring rows must be offset by {half} column(s), like the rows of a hex map")),
            );
            continue;
        }
        placed.push((x, y, t));
    }
    ok.then_some(placed)
}

/// The middle of a drawing's lattice: the place that becomes `(0, 0)`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Centre {
    xmid: i64,
    ymid: i64,
}

impl Centre {
    /// The middle of the placed codes (empty spots count).
    pub(super) fn of(placed: &[(i64, i64, &Tok<'_>)]) -> Centre {
        let (xmin, xmax) = minmax(placed.iter().map(|p| p.0));
        let (ymin, ymax) = minmax(placed.iter().map(|p| p.1));
        let ymid = (ymin + ymax).div_euclid(2);
        let mut xmid = (xmin + xmax).div_euclid(2);
        let p = (placed[0].0 + placed[0].1).rem_euclid(2);
        if (xmid + ymid).rem_euclid(2) != p {
            xmid += 1;
        }
        Centre { xmid, ymid }
    }

    /// The axial coordinate of lattice place `(x, y)` (a place on the
    /// lattice: `x + y` has the parity of the drawing's codes).
    pub(super) fn hex(self, x: i64, y: i64) -> Hex {
        let r = y - self.ymid;
        let q = ((x - self.xmid) - r).div_euclid(2);
        Hex::new(q as i32, r as i32)
    }
}

/// The placed codes (empty spots left out) at axial coordinates, the middle
/// of the drawing at `(0, 0)`.
pub(super) fn centred(placed: Vec<(i64, i64, &Tok<'_>)>) -> Vec<GridCode> {
    let centre = Centre::of(&placed);
    placed
        .into_iter()
        .filter(|(_, _, t)| t.code != ".")
        .map(|(x, y, t)| GridCode {
            code: t.code.to_string(),
            hex: centre.hex(x, y),
            span: t.span.clone(),
        })
        .collect()
}

fn tok<'a>(
    grid: &RawGrid,
    line: &'a str,
    bs: usize,
    be: usize,
    col: i64,
    line_no: usize,
    line_byte: usize,
) -> Tok<'a> {
    let span = match grid.text_offset {
        Some(off) => off + line_byte + bs..off + line_byte + be,
        None => grid.span.clone(),
    };
    Tok { code: &line[bs..be], line: line_no, col, span }
}

/// The most common value of a sorted list (the painter reads drawings with it too).
pub(crate) fn mode(sorted: &[i64]) -> Option<i64> {
    let mut best: Option<(usize, i64)> = None;
    let mut i = 0;
    while i < sorted.len() {
        let mut j = i;
        while j < sorted.len() && sorted[j] == sorted[i] {
            j += 1;
        }
        if best.is_none_or(|(n, _)| j - i > n) {
            best = Some((j - i, sorted[i]));
        }
        i = j;
    }
    best.map(|(_, v)| v)
}

fn minmax(it: impl Iterator<Item = i64>) -> (i64, i64) {
    it.fold((i64::MAX, i64::MIN), |(a, b), v| (a.min(v), b.max(v)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(text: &str) -> RawGrid {
        RawGrid { text: text.to_string(), span: 0..text.len(), text_offset: Some(0) }
    }

    #[test]
    fn base_frame_is_centred_on_the_origin() {
        let g = grid(
            "  a   b\n\
             c   d   e\n\
             \x20 f   g\n",
        );
        let mut d = Diagnostics::new();
        let codes = read_grid(&g, &mut d);
        assert!(d.is_empty(), "{d:?}");
        let at = |c: &str| codes.iter().find(|x| x.code == c).map(|x| (x.hex.q, x.hex.r));
        assert_eq!(at("d"), Some((0, 0)));
        assert_eq!(at("c"), Some((-1, 0)));
        assert_eq!(at("a"), Some((0, -1)));
        assert_eq!(at("b"), Some((1, -1)));
        assert_eq!(at("f"), Some((-1, 1)));
        assert_eq!(at("g"), Some((0, 1)));
        assert_eq!(&g.text[codes[0].span.clone()], "a");
    }

    #[test]
    fn dots_are_empty_and_spacing_of_two_works() {
        let g = grid(" . x\nx x x\n");
        let mut d = Diagnostics::new();
        let codes = read_grid(&g, &mut d);
        assert!(d.is_empty());
        assert_eq!(codes.len(), 4);
    }

    #[test]
    fn unshifted_rows_are_an_error() {
        let g = grid("a   b\nc   d\n");
        let mut d = Diagnostics::new();
        assert!(read_grid(&g, &mut d).is_empty());
        assert!(d.has_errors());
    }

    #[test]
    fn misaligned_code_is_pointed_at() {
        let g = grid("a   b   c\n  d    e\n");
        let mut d = Diagnostics::new();
        read_grid(&g, &mut d);
        assert_eq!(d.items().len(), 1);
        assert_eq!(&g.text[d.items()[0].labels[0].span.clone()], "e");
    }
}
