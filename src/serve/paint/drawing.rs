//! A map drawing (`hexes = """..."""`) as the painter edits it: codes at
//! drawing positions `(x, y)`, where `y` is the line and `x` counts half
//! pitches, so neighbouring codes in a row are 2 apart and rows are shifted
//! by 1 (the lattice `scenario::grid` reads). Lines the edit leaves alone are
//! written back exactly as they were.

use std::collections::BTreeMap;

use crate::front::scenario::grid::mode;

/// A side of the drawing, for adding or removing a row or a column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The first line.
    Top,
    /// The last line.
    Bottom,
    /// The first hex of every row.
    Left,
    /// The last hex of every row.
    Right,
}

/// An editable drawing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawing {
    /// The original lines (without their `\n`).
    lines: Vec<String>,
    /// Codes per line: x -> code.
    rows: Vec<BTreeMap<i64, String>>,
    /// Half the distance between neighbouring codes in a row, in columns.
    half: i64,
    /// Column of x = 0.
    base: i64,
    /// Which lines were changed (re-written on output).
    dirty: Vec<bool>,
}

/// Why a drawing cannot be painted (validation tells where).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Misaligned;

impl Drawing {
    /// Reads a drawing; `Err` when its codes are off the hex lattice (the
    /// page then asks for a fix in the text, where validation points).
    pub fn parse(text: &str) -> Result<Drawing, Misaligned> {
        let lines: Vec<String> = text.split('\n').map(str::to_string).collect();
        let mut toks: Vec<(usize, i64, String)> = Vec::new();
        for (y, line) in lines.iter().enumerate() {
            let line = line.strip_suffix('\r').unwrap_or(line);
            let mut start: Option<i64> = None;
            let mut code = String::new();
            for (col, ch) in line.chars().enumerate() {
                if ch.is_whitespace() {
                    if let Some(c) = start.take() {
                        toks.push((y, c, std::mem::take(&mut code)));
                    }
                } else {
                    start.get_or_insert(col as i64);
                    code.push(ch);
                }
            }
            if let Some(c) = start {
                toks.push((y, c, code));
            }
        }
        let mut gaps: Vec<i64> =
            toks.windows(2).filter(|w| w[0].0 == w[1].0).map(|w| w[1].1 - w[0].1).collect();
        gaps.sort_unstable();
        let pitch = mode(&gaps).unwrap_or(4);
        if pitch % 2 != 0 || pitch <= 0 {
            return Err(Misaligned);
        }
        let half = pitch / 2;
        let mut rows = vec![BTreeMap::new(); lines.len()];
        let Some(first) = toks.first() else {
            return Ok(Drawing::new(lines, rows, half, 0));
        };
        let (c0, y0) = (first.1, first.0 as i64);
        // x = 0 at the first code's column, shifted so that (x + y) is even.
        let shift = (y0).rem_euclid(2);
        let base = c0 - shift * half;
        for (y, col, code) in toks {
            let d = col - base;
            if d.rem_euclid(half) != 0 {
                return Err(Misaligned);
            }
            let x = d / half;
            if (x + y as i64).rem_euclid(2) != 0 {
                return Err(Misaligned);
            }
            rows[y].insert(x, code);
        }
        Ok(Drawing::new(lines, rows, half, base))
    }

    fn new(lines: Vec<String>, rows: Vec<BTreeMap<i64, String>>, half: i64, base: i64) -> Self {
        let dirty = vec![false; lines.len()];
        Drawing { lines, rows, half, base, dirty }
    }

    /// A blank drawing of `rows` x `cols` hexes, every one `code`.
    pub fn blank(rows: usize, cols: usize, code: &str) -> String {
        let mut out = String::new();
        for y in 0..rows {
            let mut line = String::new();
            if y % 2 == 1 {
                line.push_str("  ");
            }
            let row: Vec<&str> = (0..cols).map(|_| code).collect();
            line.push_str(&row.join("   "));
            out.push_str(&line);
            out.push('\n');
        }
        out
    }

    /// Every code with its position, row by row.
    pub fn cells(&self) -> Vec<(i64, i64, &str)> {
        let mut out = Vec::new();
        for (y, row) in self.rows.iter().enumerate() {
            for (x, code) in row {
                out.push((*x, y as i64, code.as_str()));
            }
        }
        out
    }

    /// The box the codes span: (xmin, xmax, ymin, ymax), or `None` when empty.
    pub(crate) fn extent(&self) -> Option<(i64, i64, i64, i64)> {
        let cells = self.cells();
        let xs = cells.iter().map(|c| c.0);
        let ys = cells.iter().map(|c| c.1);
        Some((xs.clone().min()?, xs.max()?, ys.clone().min()?, ys.max()?))
    }

    /// Where the drawing's codes sit on the map: the axial coordinates the
    /// scenario reader gives them (`scenario::grid`, the middle of the
    /// drawing at `(0, 0)`), or `None` for an empty drawing.
    pub fn frame(&self) -> Option<Frame> {
        let (y0, row) = self.rows.iter().enumerate().find(|(_, r)| !r.is_empty())?;
        let x0 = *row.keys().next()?;
        let (xmin, xmax, ymin, ymax) = self.extent()?;
        let (gmin, gmax) = (xmin - x0, xmax - x0);
        let ymid = (ymin + ymax).div_euclid(2);
        let mut xmid = (gmin + gmax).div_euclid(2);
        let parity = (y0 as i64).rem_euclid(2);
        if (xmid + ymid).rem_euclid(2) != parity {
            xmid += 1;
        }
        Some(Frame { x0, xmid, ymid })
    }

    /// The code at a position.
    pub fn get(&self, x: i64, y: i64) -> Option<&str> {
        let y = usize::try_from(y).ok()?;
        self.rows.get(y)?.get(&x).map(String::as_str)
    }

    /// Puts `code` at `(x, y)` (`None`: no hex there). Returns whether the
    /// drawing changed; positions off the lattice or outside the lines are refused.
    pub fn set(&mut self, x: i64, y: i64, code: Option<&str>) -> Result<bool, String> {
        let Some(row) = usize::try_from(y).ok().filter(|&y| y < self.rows.len()) else {
            return Err(format!("row {y} is not part of the drawing"));
        };
        if (x + y).rem_euclid(2) != 0 {
            return Err(format!("({x}, {y}) is not a hex position of the drawing"));
        }
        let old = self.rows[row].get(&x).cloned();
        if old.as_deref() == code {
            return Ok(false);
        }
        match code {
            Some(c) => {
                self.rows[row].insert(x, c.to_string());
            }
            None => {
                self.rows[row].remove(&x);
            }
        }
        self.dirty[row] = true;
        Ok(true)
    }

    /// Adds a row or a column of `fill` codes on one side.
    pub fn add(&mut self, side: Side, fill: &str) {
        let Some((xmin, xmax, ymin, ymax)) = self.extent() else {
            return;
        };
        match side {
            Side::Top | Side::Bottom => {
                let (y, (lo, hi)) = if side == Side::Top {
                    // The lines below move down one: shift every x by one so
                    // that (x + y) stays even; `base` follows, so no code moves.
                    for r in &mut self.rows {
                        *r = std::mem::take(r).into_iter().map(|(x, c)| (x + 1, c)).collect();
                    }
                    self.base -= self.half;
                    (ymin, (xmin + 1, xmax + 1))
                } else {
                    (ymax + 1, (xmin, xmax))
                };
                let mut fits: Vec<i64> = (lo..=hi).filter(|x| (x + y).rem_euclid(2) == 0).collect();
                if fits.is_empty() {
                    fits.push(lo + 1);
                }
                let row = fits.into_iter().map(|x| (x, fill.to_string())).collect();
                let at = y as usize;
                self.rows.insert(at, row);
                self.lines.insert(at, String::new());
                self.dirty.insert(at, true);
            }
            Side::Left | Side::Right => {
                for (y, row) in self.rows.iter_mut().enumerate() {
                    let y = y as i64;
                    if y < ymin || y > ymax {
                        continue;
                    }
                    let (lo, hi) = if side == Side::Left {
                        (xmin - 2, xmin - 1)
                    } else {
                        (xmax + 1, xmax + 2)
                    };
                    for x in lo..=hi {
                        if (x + y).rem_euclid(2) == 0 {
                            row.insert(x, fill.to_string());
                        }
                    }
                }
                for d in &mut self.dirty {
                    *d = true;
                }
            }
        }
    }

    /// Removes the row or column on one side (at least one row and column stay).
    pub fn remove(&mut self, side: Side) -> Result<(), String> {
        let Some((xmin, xmax, ymin, ymax)) = self.extent() else {
            return Err("the drawing is empty".into());
        };
        match side {
            Side::Top | Side::Bottom => {
                if ymin == ymax {
                    return Err("the last row stays: a map needs at least one".into());
                }
                let y = if side == Side::Top { ymin } else { ymax } as usize;
                self.rows.remove(y);
                self.lines.remove(y);
                self.dirty.remove(y);
            }
            Side::Left | Side::Right => {
                if xmax - xmin < 2 {
                    return Err("the last column stays: a map needs at least one".into());
                }
                let keep = |x: i64| if side == Side::Left { x > xmin + 1 } else { x < xmax - 1 };
                for (y, row) in self.rows.iter_mut().enumerate() {
                    let before = row.len();
                    row.retain(|&x, _| keep(x));
                    if row.len() != before {
                        self.dirty[y] = true;
                    }
                }
            }
        }
        Ok(())
    }

    /// The drawing as text: unchanged lines as they were.
    pub fn render(&self) -> String {
        let widest =
            self.rows.iter().flat_map(|r| r.values()).map(|c| c.chars().count() as i64).max();
        // Neighbours in a row are 2 half-pitches apart: a code needs its
        // length plus one space.
        let need = widest.map_or(1, |w| (w + 2) / 2);
        let half = self.half.max(need);
        let xmin = self.rows.iter().flat_map(|r| r.keys()).min().copied().unwrap_or(0);
        let mut base = self.base;
        let relayout = half != self.half || base + xmin * half < 0;
        if base + xmin * half < 0 {
            base = -xmin * half;
        }
        let mut out = Vec::with_capacity(self.lines.len());
        for (y, row) in self.rows.iter().enumerate() {
            if !relayout && !self.dirty[y] {
                out.push(self.lines[y].clone());
                continue;
            }
            let mut line = String::new();
            for (x, code) in row {
                let col = (base + x * half).max(0) as usize;
                let len = line.chars().count();
                let pad = if len == 0 { col } else { col.saturating_sub(len).max(1) };
                line.extend(std::iter::repeat_n(' ', pad));
                line.push_str(code);
            }
            out.push(line);
        }
        out.join("\n")
    }
}

/// How drawing positions and axial coordinates relate for one drawing
/// ([`Drawing::frame`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The drawing position of the first code read.
    x0: i64,
    /// The middle of the drawing, counted from `x0`.
    xmid: i64,
    /// The middle line.
    ymid: i64,
}

impl Frame {
    /// The axial `(q, r)` of drawing position `(x, y)`.
    pub fn axial(&self, x: i64, y: i64) -> (i64, i64) {
        let r = y - self.ymid;
        (((x - self.x0 - self.xmid) - r).div_euclid(2), r)
    }

    /// The drawing position of axial `(q, r)`.
    pub fn position(&self, q: i64, r: i64) -> (i64, i64) {
        (2 * q + r + self.xmid + self.x0, r + self.ymid)
    }
}
