//! Chunks -> pages: stacking, keep-with-next, repeated table headers, footer.

use super::blocks::{line_items, Chunk};
use super::spec::{FlowError, PageSpec};
use super::wrap::{Line, Run};
use crate::scene::{Item, Page, Path, Pt, Stroke, Transform, Weight};

const EPS: f64 = 1e-6;

/// Moves an item by (`dx`, `dy`).
fn shift(item: Item, dx: f64, dy: f64) -> Item {
    let p = |a: Pt| Pt::new(a.x + dx, a.y + dy);
    match item {
        Item::Text { pos, text, style } => Item::Text { pos: p(pos), text, style },
        Item::Path { path, fill, stroke } => {
            use crate::scene::Seg;
            let segs = path
                .segs
                .into_iter()
                .map(|s| match s {
                    Seg::Move(a) => Seg::Move(p(a)),
                    Seg::Line(a) => Seg::Line(p(a)),
                    Seg::Cubic(a, b, c) => Seg::Cubic(p(a), p(b), p(c)),
                    Seg::Close => Seg::Close,
                })
                .collect();
            Item::Path { path: Path { segs }, fill, stroke }
        }
        Item::Group { transform, clip, items } => {
            Item::Group { transform: transform.then(Transform::translate(dx, dy)), clip, items }
        }
    }
}

struct Pager<'a> {
    spec: &'a PageSpec,
    headers: &'a [Chunk],
    room: f64,
    pages: Vec<Vec<Item>>,
    items: Vec<Item>,
    y: f64,
    empty: bool,
}

impl Pager<'_> {
    fn new_page(&mut self) {
        self.pages.push(std::mem::take(&mut self.items));
        self.y = 0.0;
        self.empty = true;
    }

    fn fits(&self, h: f64) -> bool {
        self.y + h <= self.room + EPS
    }

    /// Height `c` adds to the current page, header repeat included.
    fn cost(&self, c: &Chunk) -> f64 {
        if self.empty {
            c.header.map_or(0.0, |h| self.headers[h].height) + c.height
        } else {
            c.space_before + c.height
        }
    }

    /// Height of a whole unit on the current page.
    fn unit_cost(&self, unit: &[Chunk]) -> f64 {
        unit.iter()
            .enumerate()
            .map(|(i, c)| if i == 0 { self.cost(c) } else { c.space_before + c.height })
            .sum()
    }

    fn put(&mut self, c: &Chunk) {
        if !self.empty {
            self.y += c.space_before;
        }
        let (dx, dy) = (self.spec.left(), self.spec.top() + self.y);
        self.items.extend(c.items.iter().cloned().map(|it| shift(it, dx, dy)));
        self.y += c.height;
        self.empty = false;
    }

    fn place(&mut self, c: &Chunk) {
        if self.empty {
            if let Some(h) = c.header {
                let head = &self.headers[h];
                self.put(head);
            }
        }
        self.put(c);
    }

    fn unit(&mut self, unit: &[Chunk]) {
        if self.fits(self.unit_cost(unit)) {
            unit.iter().for_each(|c| self.place(c));
            return;
        }
        let on_fresh_page: f64 = unit
            .iter()
            .enumerate()
            .map(|(i, c)| match (i, c.header) {
                (0, Some(h)) => self.headers[h].height + c.height,
                (0, None) => c.height,
                _ => c.space_before + c.height,
            })
            .sum();
        if on_fresh_page <= self.room + EPS {
            self.new_page();
            unit.iter().for_each(|c| self.place(c));
            return;
        }
        // Taller than a page: break inside, but never right after a chunk
        // that must stay with its successor when the pair fits on a page.
        for (i, c) in unit.iter().enumerate() {
            let mut need = self.cost(c);
            if let (true, Some(next)) = (c.keep_with_next, unit.get(i + 1)) {
                need += next.space_before + next.height;
            }
            if !self.fits(need) && !self.empty {
                self.new_page();
            }
            self.place(c);
        }
    }
}

/// Stacks `chunks` onto pages; returns each page's items.
pub(crate) fn paginate(
    spec: &PageSpec,
    chunks: &[Chunk],
    headers: &[Chunk],
) -> Result<Vec<Vec<Item>>, FlowError> {
    let room = spec.bottom() - spec.top();
    for c in chunks {
        let h = c.header.map_or(0.0, |h| headers[h].height) + c.height;
        if h > room + EPS {
            return Err(FlowError::TooTall { what: c.what.to_string(), height: h, room });
        }
    }
    let mut pager =
        Pager { spec, headers, room, pages: Vec::new(), items: Vec::new(), y: 0.0, empty: true };
    let mut start = 0;
    while start < chunks.len() {
        if chunks[start].page_break {
            if !pager.empty {
                pager.new_page();
            }
            start += 1;
            continue;
        }
        let mut end = start;
        while end + 1 < chunks.len() && chunks[end].keep_with_next && !chunks[end + 1].page_break {
            end += 1;
        }
        pager.unit(&chunks[start..=end]);
        start = end + 1;
    }
    if !pager.empty || pager.pages.is_empty() {
        pager.new_page();
    }
    Ok(pager.pages)
}

/// Shortens `text` with an ellipsis until it fits `max` mm.
fn fit(text: &str, size: f64, max: f64) -> String {
    let w = |t: &str| crate::fonts::text_width(t, Weight::Regular, size);
    if w(text) <= max {
        return text.to_string();
    }
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let t: String = chars.iter().collect::<String>().trim_end().to_string() + "\u{2026}";
        if w(&t) <= max {
            return t;
        }
    }
    String::new()
}

/// Turns page item lists into pages with the footer and "page N of M".
pub(crate) fn finish(spec: &PageSpec, bodies: Vec<Vec<Item>>) -> Vec<Page> {
    let m = bodies.len();
    let size = 0.8 * spec.base_size;
    let base = spec.bottom() + (0.5 * spec.margins.bottom).max(2.0 * size);
    let rule_y = base - 1.5 * size;
    let (l, r) = (spec.left(), spec.right());
    let text = |x: f64, s: String| {
        let width = crate::fonts::text_width(&s, Weight::Regular, size);
        let line = Line { runs: vec![Run { dx: 0.0, text: s, weight: Weight::Regular }], width };
        line_items(&line, x, base, size, spec.inks.quiet_text)
            .into_iter()
            .map(|i| i.with_role(crate::scene::TextRole::Footer))
            .collect::<Vec<_>>()
    };
    bodies
        .into_iter()
        .enumerate()
        .map(|(i, items)| {
            let mut page = Page::new(spec.width, spec.height, format!("page {}", i + 1));
            page.items = items;
            page.push(Item::Path {
                path: Path::line(Pt::new(l, rule_y), Pt::new(r, rule_y)),
                fill: None,
                stroke: Some(Stroke::solid(spec.inks.quiet_text, 0.15)),
            });
            let num = format!("page {} of {m}", i + 1);
            let num_w = crate::fonts::text_width(&num, Weight::Regular, size);
            let left = fit(spec.footer.trim(), size, r - l - num_w - 4.0 * size);
            if !left.is_empty() {
                page.items.extend(text(l, left));
            }
            page.items.extend(text(r - num_w, num));
            page
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Anchor, TextStyle};

    #[test]
    fn footer_text_is_shortened_to_fit() {
        let long = "A very long scenario name that keeps going ".repeat(6);
        let short = fit(&long, 3.0, 80.0);
        assert!(short.ends_with('\u{2026}'));
        assert!(crate::fonts::text_width(&short, Weight::Regular, 3.0) <= 80.0);
        assert_eq!(fit("Short", 3.0, 80.0), "Short");
    }

    #[test]
    fn shift_moves_every_kind_of_item() {
        let t = Item::Text {
            pos: Pt::new(1.0, 2.0),
            text: "x".into(),
            style: TextStyle {
                size: 3.0,
                weight: Weight::Regular,
                anchor: Anchor::Start,
                color: crate::scene::Color::BLACK,
                role: crate::scene::TextRole::Body,
            },
        };
        match shift(t, 10.0, 20.0) {
            Item::Text { pos, .. } => assert_eq!(pos, Pt::new(11.0, 22.0)),
            other => panic!("{other:?}"),
        }
        let g = Item::Group { transform: Transform::scale(2.0, 2.0), clip: None, items: vec![] };
        match shift(g, 10.0, 20.0) {
            Item::Group { transform, .. } => {
                assert_eq!(transform.apply(Pt::new(1.0, 1.0)), Pt::new(12.0, 22.0))
            }
            other => panic!("{other:?}"),
        }
    }
}
