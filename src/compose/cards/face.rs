//! One card face: body text sizes, cost tokens, table columns, fitting a
//! table onto one card, the frame and the shared back.

use super::*;

/// Sizes derived from the body text size.
#[derive(Clone, Copy, Debug)]
pub(super) struct Sz {
    s: f64,
    pitch: f64,
    icon: f64,
    gap: f64,
    col_gap: f64,
    pad: f64,
}

impl Sz {
    pub(super) fn new(s: f64) -> Sz {
        Sz { s, pitch: 1.4 * s, icon: 1.45 * s, gap: 0.3 * s, col_gap: 0.9 * s, pad: 0.3 * s }
    }
    /// Notes, headers and variants: a little smaller, never under the floor.
    fn small(&self) -> f64 {
        (0.85 * self.s).max(MIN_SIZE)
    }
    fn icon_line(&self) -> f64 {
        (1.2 * self.icon).max(self.pitch)
    }
    /// Baseline offset from the top of a line box of `pitch` for text of `size`.
    pub(super) fn baseline(size: f64, pitch: f64) -> f64 {
        let vm = vmetrics();
        (pitch - (vm.ascent + vm.descent) * size) / 2.0 + vm.ascent * size
    }
}

/// One drawn piece of a cost.
#[derive(Clone, Debug, PartialEq)]
enum Tok {
    /// A resource icon.
    Icon(crate::vocab::Resource),
    /// A resource icon with "×n".
    Many(crate::vocab::Resource, u32),
    /// A gold coin with the amount on it.
    Gold(u32),
    /// A word ("2 cloth").
    Word(String),
}

fn tokens(cost: &Cost, z: &Sz) -> Vec<(Tok, f64)> {
    let mut v = Vec::new();
    for &(p, n) in cost {
        match p {
            Pay::Resource(r) if n <= 3 => v.extend((0..n).map(|_| (Tok::Icon(r), z.icon))),
            Pay::Resource(r) => {
                let w = z.icon + 0.15 * z.s + text_width(&format!("×{n}"), Weight::Regular, z.s);
                v.push((Tok::Many(r, n), w));
            }
            Pay::Gold => v.push((Tok::Gold(n), z.icon)),
            other => {
                let t = format!("{n} {}", other.name());
                let w = text_width(&t, Weight::Regular, z.s);
                v.push((Tok::Word(t), w));
            }
        }
    }
    v
}

fn part_size(p: &Part, z: &Sz) -> f64 {
    match p {
        Part::Text { small: true, .. } => z.small(),
        _ => z.s,
    }
}

/// (narrowest, natural) width of a part; with `whole_costs` a cost's icons
/// stay on one line.
fn part_widths(p: &Part, z: &Sz, whole_costs: bool) -> (f64, f64) {
    match p {
        Part::Text { spans, .. } => {
            let size = part_size(p, z);
            (widest_atom(spans, size), natural_width(spans, size))
        }
        Part::Cost(c) => {
            let t = tokens(c, z);
            let min = t.iter().map(|x| x.1).fold(0.0, f64::max);
            let nat = t.iter().map(|x| x.1).sum::<f64>() + z.gap * t.len().saturating_sub(1) as f64;
            (if whole_costs { nat } else { min }, nat)
        }
    }
}

/// A part laid out in a column.
enum Laid {
    Text { lines: Vec<Line>, size: f64, color: Color },
    Cost(Vec<Vec<(Tok, f64)>>),
}

impl Laid {
    fn height(&self, z: &Sz) -> f64 {
        match self {
            Laid::Text { lines, size, .. } => lines.len() as f64 * 1.4 * size,
            Laid::Cost(lines) => lines.len().max(1) as f64 * z.icon_line(),
        }
    }
}

fn lay_part(p: &Part, width: f64, z: &Sz, look: &Look) -> Result<Laid, FlowError> {
    let inks = &look.ink.inks;
    Ok(match p {
        Part::Text { spans, small } => Laid::Text {
            lines: wrap(spans, part_size(p, z), width)?,
            size: part_size(p, z),
            color: if *small { inks.quiet_text } else { inks.text },
        },
        Part::Cost(c) => {
            let mut lines: Vec<Vec<(Tok, f64)>> = Vec::new();
            let mut used = 0.0;
            for t in tokens(c, z) {
                match lines.last_mut() {
                    Some(l) if used + z.gap + t.1 <= width + 1e-9 => {
                        used += z.gap + t.1;
                        l.push(t);
                    }
                    _ => {
                        used = t.1;
                        lines.push(vec![t]);
                    }
                }
            }
            Laid::Cost(lines)
        }
    })
}

pub(super) fn text_item(
    pos: Pt,
    text: &str,
    size: f64,
    weight: Weight,
    anchor: Anchor,
    color: Color,
) -> Item {
    Item::Text {
        pos,
        text: text.to_string(),
        style: TextStyle { size, weight, anchor, color, role: crate::scene::TextRole::Body },
    }
}

pub(super) fn line_items(
    line: &Line,
    x: f64,
    y: f64,
    size: f64,
    color: Color,
    out: &mut Vec<Item>,
) {
    for r in &line.runs {
        out.push(text_item(Pt::new(x + r.dx, y), &r.text, size, r.weight, Anchor::Start, color));
    }
}

/// How a card is drawn: theme art and the printed look.
pub(super) struct Look<'a> {
    pub(super) art: &'a ThemeArt<'a>,
    pub(super) ink: Ink,
}

fn gold_coin(c: Pt, n: u32, z: &Sz, look: &Look) -> Vec<Item> {
    let r = z.icon / 2.0;
    let size = (if n >= 10 { 0.5 * z.icon } else { 0.62 * z.icon }).max(MIN_SIZE);
    vec![
        Item::Path {
            path: Path::circle(c, r),
            fill: Some(look.ink.fill(look.ink.inks.gold)),
            stroke: Some(Stroke::solid(look.ink.line(look.ink.inks.text), 0.2)),
        },
        text_item(
            Pt::new(c.x, c.y + centre_baseline(size)),
            &n.to_string(),
            size,
            Weight::Bold,
            Anchor::Middle,
            look.ink.line(look.ink.inks.text),
        ),
    ]
}

fn draw_laid(l: &Laid, x: f64, y: f64, z: &Sz, look: &Look, out: &mut Vec<Item>) {
    match l {
        Laid::Text { lines, size, color } => {
            let pitch = 1.4 * size;
            let base = Sz::baseline(*size, pitch);
            for (i, line) in lines.iter().enumerate() {
                line_items(line, x, y + base + i as f64 * pitch, *size, look.ink.line(*color), out);
            }
        }
        Laid::Cost(lines) => {
            for (i, line) in lines.iter().enumerate() {
                let cy = y + (i as f64 + 0.5) * z.icon_line();
                let mut cx = x;
                for (tok, w) in line {
                    let c = Pt::new(cx + z.icon / 2.0, cy);
                    match tok {
                        Tok::Icon(r) => out.extend(icon(*r, c, z, look)),
                        Tok::Many(r, n) => {
                            out.extend(icon(*r, c, z, look));
                            out.push(text_item(
                                Pt::new(cx + z.icon + 0.15 * z.s, cy + centre_baseline(z.s)),
                                &format!("×{n}"),
                                z.s,
                                Weight::Regular,
                                Anchor::Start,
                                look.ink.line(look.ink.inks.text),
                            ));
                        }
                        Tok::Gold(n) => out.extend(gold_coin(c, *n, z, look)),
                        Tok::Word(t) => out.push(text_item(
                            Pt::new(cx, cy + centre_baseline(z.s)),
                            t,
                            z.s,
                            Weight::Regular,
                            Anchor::Start,
                            look.ink.line(look.ink.inks.text),
                        )),
                    }
                    cx += w + z.gap;
                }
            }
        }
    }
}

fn icon(r: crate::vocab::Resource, c: Pt, z: &Sz, look: &Look) -> Vec<Item> {
    // The themed icon's disc is 1.24 x its box.
    resource_icon(r, c, z.icon / 1.24, look.art.theme, look.art.mode)
}

/// Column widths for `rows` (and the header) in `avail` mm; with
/// `whole_costs` each cost stays on one line. `None` when even the
/// narrowest columns do not fit.
pub(super) fn columns(
    header: &[String],
    rows: &[Vec<CardCell>],
    avail: f64,
    z: &Sz,
    whole_costs: bool,
) -> Option<Vec<f64>> {
    let n = header.len().max(rows.iter().map(Vec::len).max().unwrap_or(0));
    if n == 0 {
        return Some(Vec::new());
    }
    let mut min = vec![0.0_f64; n];
    let mut nat = vec![0.0_f64; n];
    for (i, h) in header.iter().enumerate() {
        let spans = [Span::bold(h.as_str())];
        min[i] = min[i].max(widest_atom(&spans, z.small()));
        nat[i] = nat[i].max(natural_width(&spans, z.small()));
    }
    for row in rows {
        for (i, cell) in row.iter().enumerate() {
            for p in cell {
                let (a, b) = part_widths(p, z, whole_costs);
                min[i] = min[i].max(a);
                nat[i] = nat[i].max(b);
            }
        }
    }
    let room = avail - z.col_gap * (n - 1) as f64;
    let (smin, snat): (f64, f64) = (min.iter().sum(), nat.iter().sum());
    if smin > room + 1e-9 {
        return None;
    }
    Some(if snat <= room {
        let extra = room - snat;
        nat.iter().map(|w| w + extra * w / snat.max(1e-9)).collect()
    } else {
        let spread = snat - smin;
        min.iter().zip(&nat).map(|(a, b)| a + (room - smin) * (b - a) / spread.max(1e-9)).collect()
    })
}

/// Lays out one card at body size `z`; `None` when the columns do not fit
/// across. Returns the items and the height used.
fn lay_card(
    t: &CardTable,
    title: &str,
    rows: &[Vec<CardCell>],
    area: Rect,
    z: &Sz,
    whole_costs: bool,
    look: &Look,
) -> Result<Option<(Vec<Item>, f64)>, FlowError> {
    let (header, note) = (&t.header, t.note.as_deref());
    let Some(widths) = columns(header, rows, area.w, z, whole_costs) else {
        return Ok(None);
    };
    let mut items = Vec::new();
    let mut y = card_title(title, area, z, look, &mut items)?;
    let xs: Vec<f64> = widths
        .iter()
        .scan(area.x, |x, w| {
            let at = *x;
            *x += w + z.col_gap;
            Some(at)
        })
        .collect();
    if !header.is_empty() {
        let mut h = 0.0_f64;
        for (i, t) in header.iter().enumerate() {
            let laid = Laid::Text {
                lines: wrap(&[Span::bold(t.as_str())], z.small(), widths[i])?,
                size: z.small(),
                color: look.ink.inks.quiet_text,
            };
            draw_laid(&laid, xs[i], y, z, look, &mut items);
            h = h.max(laid.height(z));
        }
        y += h + 0.15 * z.s;
        items.push(rule(area.x, area.x + area.w, y, 0.2, look.ink.line(look.ink.inks.quiet_text)));
    }
    let cols = Columns { xs: &xs, widths: &widths };
    for (r, row) in rows.iter().enumerate() {
        y += card_row(
            row,
            r % 2 == 1,
            &cols,
            Rect::new(area.x, y, area.w, 0.0),
            z,
            look,
            &mut items,
        )?;
    }
    if let Some(n) = note {
        y += 0.4 * z.s;
        let laid = Laid::Text {
            lines: wrap(&Span::parse(n), z.small(), area.w)?,
            size: z.small(),
            color: look.ink.inks.quiet_text,
        };
        draw_laid(&laid, area.x, y, z, look, &mut items);
        y += laid.height(z);
    }
    Ok(Some((items, y - area.y)))
}

/// The card's title, centred across `area` from its top, with a rule under
/// it; returns where the body starts.
fn card_title(
    title: &str,
    area: Rect,
    z: &Sz,
    look: &Look,
    items: &mut Vec<Item>,
) -> Result<f64, FlowError> {
    let mut y = area.y;
    let ts = 1.3 * z.s;
    let tp = 1.4 * ts;
    for line in wrap(&[Span::bold(title)], ts, area.w)? {
        let x = area.x + (area.w - line.width) / 2.0;
        line_items(
            &line,
            x,
            y + Sz::baseline(ts, tp),
            ts,
            look.ink.line(look.ink.inks.heading),
            items,
        );
        y += tp;
    }
    y += 0.25 * z.s;
    items.push(rule(area.x, area.x + area.w, y, 0.3, look.ink.line(look.ink.inks.heading)));
    Ok(y + 0.5 * z.s)
}

/// Where a card's columns start and how wide they are, mm.
struct Columns<'a> {
    xs: &'a [f64],
    widths: &'a [f64],
}

/// One row of a card's table from the top of `at` (its x and width are the
/// table's), on a zebra stripe when `striped`; returns its height.
fn card_row(
    row: &[CardCell],
    striped: bool,
    cols: &Columns<'_>,
    at: Rect,
    z: &Sz,
    look: &Look,
    items: &mut Vec<Item>,
) -> Result<f64, FlowError> {
    let mut cells = Vec::new();
    let mut h = 0.0_f64;
    for (i, cell) in row.iter().enumerate() {
        let laid: Vec<Laid> =
            cell.iter().map(|p| lay_part(p, cols.widths[i], z, look)).collect::<Result<_, _>>()?;
        h = h.max(laid.iter().map(|l| l.height(z)).sum());
        cells.push(laid);
    }
    let row_h = h + 2.0 * z.pad;
    if striped {
        items.push(Item::Path {
            path: Path::rect(Rect::new(at.x, at.y, at.w, row_h)),
            fill: Some(look.ink.fill(look.ink.inks.zebra)),
            stroke: None,
        });
    }
    for (i, laid) in cells.iter().enumerate() {
        let mut cy = at.y + z.pad;
        for l in laid {
            draw_laid(l, cols.xs[i], cy, z, look, items);
            cy += l.height(z);
        }
    }
    Ok(row_h)
}

fn rule(x0: f64, x1: f64, y: f64, width: f64, color: Color) -> Item {
    Item::Path {
        path: Path::line(Pt::new(x0, y), Pt::new(x1, y)),
        fill: None,
        stroke: Some(Stroke::solid(color, width)),
    }
}

/// The card at the largest size that fits, if any: items and body size.
pub(super) fn fit(
    t: &CardTable,
    title: &str,
    rows: &[Vec<CardCell>],
    area: Rect,
    look: &Look,
) -> Result<Option<(Vec<Item>, f64)>, FlowError> {
    // Costs on one line at a smaller size look better than wrapped icons.
    for whole in [true, false] {
        for s in SIZES {
            let z = Sz::new(s);
            let lay = |z: &Sz| lay_card(t, title, rows, area, z, whole, look);
            let Some((items, h)) = lay(&z)? else { continue };
            if h > area.h + 1e-9 {
                continue;
            }
            // Spread spare room over the rows (up to a comfortable padding).
            let spare = (area.h - h) / (2 * rows.len()).max(1) as f64;
            if spare > 0.05 {
                let airy = Sz { pad: z.pad + spare.min(0.5 * s), ..z };
                if let Some((items, h)) = lay(&airy)? {
                    if h <= area.h + 1e-9 {
                        return Ok(Some((items, s)));
                    }
                }
            }
            return Ok(Some((items, s)));
        }
    }
    Ok(None)
}
