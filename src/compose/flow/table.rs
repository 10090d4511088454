//! Tables: column widths, wrapped cells, header and row chunks with rules.

use super::blocks::{line_items, Chunk, Ctx};
use super::model::{Align, Cell, Span};
use super::spec::FlowError;
use super::wrap::{natural_width, widest_atom, wrap, Line};
use crate::scene::{Color, Item, Path, Pt, Rect, Stroke};

fn bad(header: &[String], problem: String) -> FlowError {
    FlowError::BadTable { table: header.join(" | "), problem }
}

/// Column widths in mm (summing to at most the text width).
fn widths(
    ctx: &Ctx,
    header: &[String],
    cells: &[Vec<Vec<Span>>],
    relative: Option<&[f64]>,
    pad: f64,
) -> Result<Vec<f64>, FlowError> {
    let n = header.len();
    let total = ctx.width;
    if let Some(rel) = relative {
        if rel.len() != n {
            return Err(bad(header, format!("{} column widths for {n} columns", rel.len())));
        }
        if rel.iter().any(|w| !(w.is_finite() && *w > 0.0)) {
            return Err(bad(header, "column widths must be positive numbers".into()));
        }
        let sum: f64 = rel.iter().sum();
        return Ok(rel.iter().map(|w| total * w / sum).collect());
    }
    let size = ctx.spec.base_size;
    let floor = 2.5 * size + 2.0 * pad;
    if floor * n as f64 > total {
        return Err(bad(header, format!("{n} columns do not fit in {total:.0} mm")));
    }
    let col = |j: usize| cells.iter().map(move |row| &row[j]);
    let nat: Vec<f64> = (0..n)
        .map(|j| col(j).map(|c| natural_width(c, size)).fold(0.0, f64::max) + 2.0 * pad)
        .collect();
    if nat.iter().sum::<f64>() <= total {
        return Ok(nat);
    }
    let min: Vec<f64> = (0..n)
        .map(|j| {
            let widest = col(j).map(|c| widest_atom(c, size)).fold(0.0, f64::max) + 2.0 * pad;
            widest.max(floor.min(nat[j]))
        })
        .collect();
    if let Some(w) = share(&nat, &min, total) {
        return Ok(w);
    }
    // Some words must break: at least `floor` each, the rest by word width.
    let over: f64 = min.iter().map(|m| (m - floor).max(0.0)).sum();
    let spare = total - floor * n as f64;
    Ok(min.iter().map(|m| floor + spare * (m - floor).max(0.0) / over.max(1e-9)).collect())
}

/// Widths for columns wanting `nat` (natural) and needing `min` (widest
/// word) in `total`: narrow columns get their natural width, the others
/// share the rest by natural width, none below its minimum. `None` when the
/// minimums do not fit.
fn share(nat: &[f64], min: &[f64], total: f64) -> Option<Vec<f64>> {
    let n = nat.len();
    let mut w: Vec<Option<f64>> = vec![None; n];
    loop {
        let free: Vec<usize> = (0..n).filter(|&j| w[j].is_none()).collect();
        if free.is_empty() {
            break;
        }
        let rest = total - w.iter().flatten().sum::<f64>();
        let even = rest / free.len() as f64;
        let narrow: Vec<usize> = free.iter().copied().filter(|&j| nat[j] <= even).collect();
        if !narrow.is_empty() {
            narrow.iter().for_each(|&j| w[j] = Some(nat[j]));
            continue;
        }
        let sum_nat: f64 = free.iter().map(|&j| nat[j]).sum();
        let starved: Vec<usize> =
            free.iter().copied().filter(|&j| rest * nat[j] / sum_nat < min[j]).collect();
        if !starved.is_empty() {
            starved.iter().for_each(|&j| w[j] = Some(min[j]));
            continue;
        }
        free.iter().for_each(|&j| w[j] = Some(rest * nat[j] / sum_nat));
        break;
    }
    let w: Vec<f64> = w.into_iter().flatten().collect();
    (w.len() == n && w.iter().sum::<f64>() <= total + 1e-6).then_some(w)
}

fn rule(y: f64, x0: f64, x1: f64, color: Color, width: f64) -> Item {
    Item::Path {
        path: Path::line(Pt::new(x0, y), Pt::new(x1, y)),
        fill: None,
        stroke: Some(Stroke::solid(color, width)),
    }
}

/// One row laid out: its items (relative to the row top) and height.
fn row(
    ctx: &Ctx,
    cells: &[Vec<Line>],
    aligns: &[Align],
    widths: &[f64],
    pad: f64,
) -> (Vec<Item>, f64) {
    row_part(ctx, cells, aligns, widths, pad, 0..usize::MAX)
}

/// Lines `part` of every cell of a row laid out (a row taller than a page
/// is drawn in parts, one a page): the items, relative to the part's top,
/// and its height.
fn row_part(
    ctx: &Ctx,
    cells: &[Vec<Line>],
    aligns: &[Align],
    widths: &[f64],
    pad: f64,
    part: std::ops::Range<usize>,
) -> (Vec<Item>, f64) {
    let size = ctx.spec.base_size;
    let pitch = ctx.lh;
    let pad_y = 0.22 * pitch;
    let base = ctx.baseline(size, pitch) + pad_y;
    let mut items = Vec::new();
    let mut x = 0.0;
    let mut lines_max = 1;
    for ((lines, align), w) in cells.iter().zip(aligns).zip(widths) {
        let lines =
            lines.get(part.start.min(lines.len())..part.end.min(lines.len())).unwrap_or(&[]);
        lines_max = lines_max.max(lines.len());
        for (i, l) in lines.iter().enumerate() {
            let inner = w - 2.0 * pad;
            let dx = match align {
                Align::Left => 0.0,
                Align::Center => (inner - l.width) / 2.0,
                Align::Right => inner - l.width,
            };
            items.extend(line_items(
                l,
                x + pad + dx,
                base + i as f64 * pitch,
                size,
                ctx.spec.inks.text,
            ));
        }
        x += w;
    }
    (items, lines_max as f64 * pitch + 2.0 * pad_y)
}

/// The header's chunk: the header cells (`lines`) on their shade between
/// two rules, kept with the first row when the table has rows.
fn header_chunk(
    ctx: &Ctx,
    lines: &[Vec<Line>],
    aligns: &[Align],
    widths: &[f64],
    pad: f64,
    has_rows: bool,
) -> Chunk {
    let table_w: f64 = widths.iter().sum();
    let (head_items, head_h) = row(ctx, lines, aligns, widths, pad);
    let mut items = vec![Item::Path {
        path: Path::rect(Rect::new(0.0, 0.0, table_w, head_h)),
        fill: Some(ctx.spec.inks.table_header),
        stroke: None,
    }];
    items.extend(head_items);
    items.push(rule(0.0, 0.0, table_w, ctx.spec.inks.rule_dark, 0.35));
    items.push(rule(head_h, 0.0, table_w, ctx.spec.inks.rule_dark, 0.25));
    Chunk {
        height: head_h,
        space_before: 0.7 * ctx.lh,
        items,
        keep_with_next: has_rows,
        what: "a table header",
        ..Chunk::default()
    }
}

/// A row taller than a page in parts of `per_page` lines each.
fn row_parts(
    ctx: &Ctx,
    lines: &[Vec<Line>],
    aligns: &[Align],
    widths: &[f64],
    pad: f64,
    per_page: usize,
) -> Vec<(Vec<Item>, f64)> {
    let count = lines.iter().map(Vec::len).max().unwrap_or(1);
    (0..count)
        .step_by(per_page)
        .map(|from| row_part(ctx, lines, aligns, widths, pad, from..from + per_page))
        .collect()
}

/// The chunks of a table: the header (kept with the first row) and one
/// unbreakable chunk per row, each row repeating the header when it starts a
/// page. A row taller than a page continues on the next page, in parts of
/// as many lines as a page holds under the header.
pub(crate) fn table_chunks(
    ctx: &mut Ctx,
    header: &[String],
    rows: &[Vec<Cell>],
    relative: Option<&[f64]>,
) -> Result<Vec<Chunk>, FlowError> {
    let n = header.len();
    if n == 0 {
        return Err(bad(header, "a table needs at least one column".into()));
    }
    if let Some(i) = rows.iter().position(|r| r.len() != n) {
        let got = rows[i].len();
        return Err(bad(header, format!("row {} has {got} cells, the header has {n}", i + 1)));
    }
    let size = ctx.spec.base_size;
    let pad = 0.45 * size;
    let head_spans: Vec<Vec<Span>> = header.iter().map(|h| vec![Span::bold(h.clone())]).collect();
    let mut all: Vec<Vec<Vec<Span>>> = vec![head_spans.clone()];
    all.extend(rows.iter().map(|r| r.iter().map(|c| c.spans.clone()).collect()));
    let widths = widths(ctx, header, &all, relative, pad)?;
    let table_w: f64 = widths.iter().sum();
    // Header cells follow the alignment of the first row's cells.
    let aligns: Vec<Align> = match rows.first() {
        Some(r) => r.iter().map(|c| c.align).collect(),
        None => vec![Align::Left; n],
    };
    let wrap_row = |spans: &[Vec<Span>]| -> Result<Vec<Vec<Line>>, FlowError> {
        spans.iter().zip(&widths).map(|(s, w)| wrap(s, size, w - 2.0 * pad)).collect()
    };

    let head = header_chunk(ctx, &wrap_row(&head_spans)?, &aligns, &widths, pad, !rows.is_empty());
    let head_h = head.height;
    let room = ctx.spec.bottom() - ctx.spec.top();
    ctx.headers.push(Chunk { space_before: 0.0, ..head.clone() });
    let header_id = ctx.headers.len() - 1;

    let mut out = vec![head];
    for (i, cells) in all[1..].iter().enumerate() {
        let lines = wrap_row(cells)?;
        let (items, h) = row(ctx, &lines, &aligns, &widths, pad);
        let last = i + 2 == all.len();
        let (color, width) =
            if last { (ctx.spec.inks.rule_dark, 0.35) } else { (ctx.spec.inks.rule_light, 0.15) };
        let parts = if h + head_h > room {
            // Lines a page holds under the header, with the row's padding.
            let per_page = ((room - head_h - 0.44 * ctx.lh) / ctx.lh).floor();
            if per_page < 1.0 {
                return Err(FlowError::TooTall {
                    what: format!("row {} of table \"{}\"", i + 1, header.join(" | ")),
                    height: h + head_h,
                    room,
                });
            }
            row_parts(ctx, &lines, &aligns, &widths, pad, per_page as usize)
        } else {
            vec![(items, h)]
        };
        let n_parts = parts.len();
        for (k, (mut items, h)) in parts.into_iter().enumerate() {
            let (color, width) =
                if k + 1 == n_parts { (color, width) } else { (ctx.spec.inks.rule_light, 0.15) };
            items.push(rule(h, 0.0, table_w, color, width));
            out.push(Chunk {
                height: h,
                items,
                header: Some(header_id),
                what: if k == 0 { "a table row" } else { "a table row, continued" },
                ..Chunk::default()
            });
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::share;

    #[test]
    fn narrow_columns_keep_their_natural_width() {
        let w = share(&[20.0, 150.0, 30.0], &[15.0, 30.0, 20.0], 150.0).unwrap();
        assert_eq!(w, vec![20.0, 100.0, 30.0]);
        // Two wide columns share by natural width, but none below its minimum.
        let w = share(&[200.0, 100.0], &[20.0, 90.0], 150.0).unwrap();
        assert_eq!(w, vec![60.0, 90.0]);
        assert!(share(&[200.0, 200.0], &[100.0, 100.0], 150.0).is_none());
    }
}
