//! Stage 5: a scene page -> SVG text. No layout decisions here: attribute
//! order is fixed, numbers go through [`crate::units::num`], ids count up.

use std::fmt::Write;

use crate::scene::{Anchor, Color, Item, Page, Path, Seg, Stroke, Weight};
use crate::units::num;

/// The font family every text uses; `export::fonts` maps it to the bundled files.
pub const FONT_FAMILY: &str = "Noto Sans";

/// Writes one page as a standalone SVG document sized in millimetres.
pub fn page_to_svg(page: &Page) -> String {
    let mut w = Writer { out: String::with_capacity(16 * 1024), clip_id: 0 };
    let (wd, ht) = (num(page.width), num(page.height));
    let _ = writeln!(
        w.out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{wd}mm\" height=\"{ht}mm\" viewBox=\"0 0 {wd} {ht}\" font-family=\"{FONT_FAMILY}\">"
    );
    for item in &page.items {
        w.item(item, 1);
    }
    w.out.push_str("</svg>\n");
    w.out
}

struct Writer {
    out: String,
    clip_id: u32,
}

fn path_data(p: &Path) -> String {
    let mut d = String::with_capacity(p.segs.len() * 14);
    for s in &p.segs {
        if !d.is_empty() {
            d.push(' ');
        }
        match s {
            Seg::Move(a) => {
                let _ = write!(d, "M{} {}", num(a.x), num(a.y));
            }
            Seg::Line(a) => {
                let _ = write!(d, "L{} {}", num(a.x), num(a.y));
            }
            Seg::Cubic(a, b, c) => {
                let _ = write!(
                    d,
                    "C{} {} {} {} {} {}",
                    num(a.x),
                    num(a.y),
                    num(b.x),
                    num(b.y),
                    num(c.x),
                    num(c.y)
                );
            }
            Seg::Close => d.push('Z'),
        }
    }
    d
}

fn paint(attr: &str, c: Color) -> String {
    if c.a == 255 {
        format!(" {attr}=\"{}\"", c.hex())
    } else {
        format!(" {attr}=\"{}\" {attr}-opacity=\"{}\"", c.hex(), num(f64::from(c.a) / 255.0))
    }
}

fn stroke_attrs(s: &Stroke) -> String {
    let mut a = paint("stroke", s.color);
    let _ = write!(a, " stroke-width=\"{}\" stroke-linejoin=\"round\"", num(s.width));
    if !s.dash.is_empty() {
        let dash: Vec<String> = s.dash.iter().map(|d| num(*d)).collect();
        let _ = write!(a, " stroke-dasharray=\"{}\"", dash.join(" "));
    }
    a
}

/// Escapes text for XML content.
pub(crate) fn escape(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            c if (c as u32) < 0x20 && c != '\t' => {}
            c => o.push(c),
        }
    }
    o
}

impl Writer {
    fn indent(&mut self, depth: usize) {
        for _ in 0..depth {
            self.out.push_str("  ");
        }
    }

    fn item(&mut self, item: &Item, depth: usize) {
        match item {
            Item::Path { path, fill, stroke } => {
                self.indent(depth);
                let fill = match fill {
                    Some(c) => paint("fill", *c),
                    None => " fill=\"none\"".into(),
                };
                let stroke = stroke.as_ref().map(stroke_attrs).unwrap_or_default();
                let _ = writeln!(self.out, "<path d=\"{}\"{fill}{stroke}/>", path_data(path));
            }
            Item::Text { pos, text, style } => {
                self.indent(depth);
                let anchor = match style.anchor {
                    Anchor::Start => "",
                    Anchor::Middle => " text-anchor=\"middle\"",
                    Anchor::End => " text-anchor=\"end\"",
                };
                let weight = match style.weight {
                    Weight::Regular => "",
                    Weight::Bold => " font-weight=\"bold\"",
                };
                let _ = writeln!(
                    self.out,
                    "<text x=\"{}\" y=\"{}\" font-size=\"{}\"{weight}{anchor}{}>{}</text>",
                    num(pos.x),
                    num(pos.y),
                    num(style.size),
                    paint("fill", style.color),
                    escape(text)
                );
            }
            Item::Group { transform, clip, items } => {
                self.indent(depth);
                let m = transform.m;
                let mut attrs = String::new();
                if m != crate::scene::Transform::IDENTITY.m {
                    let _ = write!(
                        attrs,
                        " transform=\"matrix({} {} {} {} {} {})\"",
                        num(m[0]),
                        num(m[1]),
                        num(m[2]),
                        num(m[3]),
                        num(m[4]),
                        num(m[5])
                    );
                }
                if let Some(clip) = clip {
                    self.clip_id += 1;
                    let id = self.clip_id;
                    let _ = writeln!(
                        self.out,
                        "<clipPath id=\"clip{id}\"><path d=\"{}\"/></clipPath>",
                        path_data(clip)
                    );
                    self.indent(depth);
                    let _ = write!(attrs, " clip-path=\"url(#clip{id})\"");
                }
                let _ = writeln!(self.out, "<g{attrs}>");
                for it in items {
                    self.item(it, depth + 1);
                }
                self.indent(depth);
                self.out.push_str("</g>\n");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Pt, TextStyle, Transform};

    #[test]
    fn writes_paths_text_and_groups_deterministically() {
        let mut p = Page::new(210.0, 297.0, "test");
        p.push(Item::Path {
            path: Path::polygon(&[Pt::new(0.0, 0.0), Pt::new(10.0, 0.0), Pt::new(5.0, 8.66)]),
            fill: Some(Color::rgb(255, 0, 0)),
            stroke: Some(Stroke::solid(Color::BLACK, 0.25)),
        });
        p.push(Item::Group {
            transform: Transform::translate(5.0, 5.0),
            clip: Some(Path::circle(Pt::new(0.0, 0.0), 3.0)),
            items: vec![Item::Text {
                pos: Pt::new(0.0, 1.0),
                text: "6 & <8>".into(),
                style: TextStyle {
                    size: 4.0,
                    weight: Weight::Bold,
                    anchor: Anchor::Middle,
                    color: Color::rgb(200, 0, 0),
                    role: crate::scene::TextRole::Body,
                },
            }],
        });
        let a = page_to_svg(&p);
        assert_eq!(a, page_to_svg(&p));
        assert!(a.starts_with(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"210mm\" height=\"297mm\""
        ));
        assert!(a.contains(
            "d=\"M0 0 L10 0 L5 8.66 Z\" fill=\"#ff0000\" stroke=\"#000000\" stroke-width=\"0.25\""
        ));
        assert!(a.contains(">6 &amp; &lt;8&gt;</text>"));
        assert!(a.contains("clip-path=\"url(#clip1)\""));
        assert!(a.contains("matrix(1 0 0 1 5 5)"));
    }
}
