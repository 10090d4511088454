//! Scene document -> vector PDF through krilla.
//!
//! Each page is drawn straight from the scene ([`super::pdf_draw`]) on a
//! krilla page sized exactly in points.
//! Output is deterministic: no creation date, no XMP packet, ids from content.
//! krilla has no viewer preferences, so "print at actual size" is added by
//! [`add_print_scaling_none`] as a PDF incremental update.

use std::num::NonZeroU32;

use krilla::geom::Rect as KRect;
use krilla::metadata::Metadata;
use krilla::page::{PageLabel, PageSettings};
use krilla::{Document as KDocument, SerializeSettings};

use super::error::RenderError;
use super::pdf_draw::draw_page;
use crate::scene::{Document, Page, Rect};
use crate::units::mm_to_pt;

fn pt_rect(r: Rect) -> Option<KRect> {
    KRect::from_xywh(
        mm_to_pt(r.x) as f32,
        mm_to_pt(r.y) as f32,
        mm_to_pt(r.w) as f32,
        mm_to_pt(r.h) as f32,
    )
}

fn settings(page: &Page) -> Result<PageSettings, RenderError> {
    let size_err = || RenderError::PageSize {
        page: page.label.clone(),
        width: page.width,
        height: page.height,
    };
    let (w, h) = (mm_to_pt(page.width) as f32, mm_to_pt(page.height) as f32);
    let mut s = PageSettings::from_wh(w, h).ok_or_else(size_err)?;
    if let Some(t) = page.trim {
        s = s.with_trim_box(pt_rect(t));
    }
    if let Some(b) = page.bleed {
        s = s.with_bleed_box(pt_rect(b));
    }
    if !page.label.is_empty() {
        s = s.with_page_label(PageLabel::new(None, Some(page.label.clone()), None::<NonZeroU32>));
    }
    Ok(s)
}

/// Renders every page of `doc` into one PDF.
pub fn document_to_pdf(doc: &Document) -> Result<Vec<u8>, RenderError> {
    document_to_pdf_with(doc, true)
}

/// As [`document_to_pdf`]; `compress: false` leaves content streams readable
/// (for tests that measure drawn geometry).
pub fn document_to_pdf_with(doc: &Document, compress: bool) -> Result<Vec<u8>, RenderError> {
    let pages: Vec<&Page> = doc.pages.iter().collect();
    pages_to_pdf(&PdfInfo { title: doc.title.clone(), subject: String::new() }, &pages, compress)
}

/// What a PDF says about itself in its document information.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct PdfInfo {
    /// The title.
    pub title: String,
    /// The subject: scenario, players and seed (empty: none written).
    pub subject: String,
}

/// The document information every hexpress PDF carries, through krilla's own
/// metadata: title, author "hexpress", subject, and the creating tool with its
/// version. No dates, so the bytes depend only on the content.
fn metadata(info: &PdfInfo) -> Metadata {
    Metadata::new()
        .title(info.title.clone())
        .authors(vec!["hexpress".into()])
        .description(info.subject.clone())
        .creator(format!("hexpress {}", env!("CARGO_PKG_VERSION")))
}

/// One PDF described by `info` from `pages`, in order, drawn straight from
/// the scene ([`super::pdf_draw`]).
pub(crate) fn pages_to_pdf(
    info: &PdfInfo,
    pages: &[&Page],
    compress: bool,
) -> Result<Vec<u8>, RenderError> {
    if pages.is_empty() {
        return Err(RenderError::Empty);
    }
    let ser = SerializeSettings {
        xmp_metadata: false,
        compress_content_streams: compress,
        ..SerializeSettings::default()
    };
    let mut kd = KDocument::new_with(ser);
    kd.set_metadata(metadata(info));
    for page in pages {
        check_size(page)?;
        let mut kp = kd.start_page_with(settings(page)?);
        let mut surface = kp.surface();
        draw_page(&mut surface, page)?;
        surface.finish();
        kp.finish();
    }
    let bytes = kd.finish().map_err(|e| RenderError::Pdf(format!("{e:?}")))?;
    Ok(add_print_scaling_none(bytes))
}

fn check_size(page: &Page) -> Result<(), RenderError> {
    let ok = |v: f64| v > 0.0 && v.is_finite();
    if ok(page.width) && ok(page.height) {
        Ok(())
    } else {
        Err(RenderError::PageSize {
            page: page.label.clone(),
            width: page.width,
            height: page.height,
        })
    }
}

/// Appends an incremental update that gives the catalog
/// `/ViewerPreferences <</PrintScaling /None>>` ("print at actual size").
///
/// Returns the input unchanged if the file does not have the simple shape
/// krilla writes (one classic xref table, one catalog object).
pub(crate) fn add_print_scaling_none(pdf: Vec<u8>) -> Vec<u8> {
    match print_scaling_update(&pdf) {
        Some(update) => {
            let mut out = pdf;
            out.extend_from_slice(&update);
            out
        }
        None => pdf,
    }
}

fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    hay.get(from..)?.windows(needle.len()).position(|w| w == needle).map(|p| p + from)
}

fn rfind(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).rposition(|w| w == needle)
}

fn trailer_value<'a>(trailer: &'a str, key: &str) -> Option<&'a str> {
    let start = trailer.find(key)? + key.len();
    let rest = trailer[start..].trim_start();
    let end = rest.find(['/', '>']).unwrap_or(rest.len());
    Some(rest[..end].trim())
}

fn print_scaling_update(pdf: &[u8]) -> Option<Vec<u8>> {
    if find(pdf, b"/ViewerPreferences", 0).is_some() {
        return None;
    }
    let startxref_at = rfind(pdf, b"startxref")?;
    let after = std::str::from_utf8(pdf.get(startxref_at + 9..)?).ok()?;
    let prev: usize = after.split_whitespace().next()?.parse().ok()?;
    let trailer_at = rfind(pdf, b"trailer")?;
    let trailer = std::str::from_utf8(pdf.get(trailer_at..startxref_at)?).ok()?;
    let size: u32 = trailer_value(trailer, "/Size")?.parse().ok()?;
    let root = trailer_value(trailer, "/Root")?; // "N 0 R"
    let root_num: u32 = root.split_whitespace().next()?.parse().ok()?;
    // The document information must survive the update: readers take the
    // newest trailer.
    let info = trailer_value(trailer, "/Info").map(|r| format!(" /Info {r}")).unwrap_or_default();
    let id = trailer.find("/ID").map(|i| {
        let s = &trailer[i..];
        let end = s.find(']').map_or(s.len(), |e| e + 1);
        s[..end].to_string()
    });
    // The catalog's dictionary body.
    let head = format!("\n{root_num} 0 obj");
    let obj_at = find(pdf, head.as_bytes(), 0)? + head.len();
    let end_at = find(pdf, b"endobj", obj_at)?;
    let body = std::str::from_utf8(&pdf[obj_at..end_at]).ok()?.trim();
    let inner = body.strip_prefix("<<")?.strip_suffix(">>")?;
    let mut out = Vec::new();
    let offset = pdf.len() + 1;
    out.extend_from_slice(b"\n");
    out.extend_from_slice(
        format!("{root_num} 0 obj\n<<{inner}/ViewerPreferences<</PrintScaling/None>>>>\nendobj\n")
            .as_bytes(),
    );
    let xref_at = pdf.len() + out.len();
    out.extend_from_slice(format!("xref\n{root_num} 1\n{offset:010} 00000 n\r\n").as_bytes());
    let id = id.map(|s| format!(" {s}")).unwrap_or_default();
    out.extend_from_slice(
        format!(
            "trailer\n<< /Size {size} /Root {root_num} 0 R{info} /Prev {prev}{id} >>\nstartxref\n{xref_at}\n%%EOF\n"
        )
        .as_bytes(),
    );
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Anchor, Color, Item, Path, Pt, Stroke, TextStyle, Weight};

    fn doc() -> Document {
        let mut pages = Vec::new();
        for (i, label) in ["A1", "A2"].iter().enumerate() {
            let a4 = crate::settings::sheets::SheetOptions::default().paper;
            let mut p = Page::new(a4.width, a4.height, *label);
            p.push(Item::Path {
                path: Path::rect(Rect::new(10.0, 10.0, 50.0, 20.0)),
                fill: Some(Color::rgb(40, 120, 60)),
                stroke: Some(Stroke::solid(Color::BLACK, 0.3)),
            });
            p.push(Item::Text {
                pos: Pt::new(20.0, 50.0),
                text: format!("page {}", i + 1),
                style: TextStyle {
                    size: 5.0,
                    weight: Weight::Bold,
                    anchor: Anchor::Start,
                    color: Color::BLACK,
                    role: crate::scene::TextRole::Body,
                },
            });
            pages.push(p);
        }
        pages[1].trim = Some(Rect::new(5.0, 5.0, 200.0, 287.0));
        Document { title: "test".into(), pages }
    }

    fn count(hay: &[u8], needle: &[u8]) -> usize {
        hay.windows(needle.len()).filter(|w| *w == needle).count()
    }

    #[test]
    fn pages_fonts_boxes_and_viewer_preference() {
        let a = document_to_pdf(&doc()).expect("pdf");
        assert_eq!(a, document_to_pdf(&doc()).expect("pdf"), "same bytes every run");
        assert_eq!(count(&a, b"/Type/Page/"), 2);
        assert!(find(&a, b"/Type/Pages/Count 2/", 0).is_some());
        assert_eq!(count(&a, b"/MediaBox[0 0 595.2756 841.8898]"), 2);
        assert_eq!(count(&a, b"/FontFile2"), 1, "one shared font subset");
        assert_eq!(count(&a, b"/TrimBox"), 1);
        assert_eq!(count(&a, b"/ViewerPreferences<</PrintScaling/None>>"), 1);
        assert!(find(&a, b"CreationDate", 0).is_none());
        assert!(a.ends_with(b"%%EOF\n"));
    }

    #[test]
    fn lengths_are_points_and_missing_glyphs_are_errors() {
        use crate::scene::Transform;
        let mut p = Page::new(100.0, 100.0, "g");
        p.push(Item::Group {
            transform: Transform::translate(25.4, 0.0),
            clip: None,
            items: vec![Item::Path {
                path: Path::rect(Rect::new(0.0, 0.0, 25.4, 25.4)),
                fill: Some(Color::BLACK),
                stroke: None,
            }],
        });
        let doc = Document { title: "t".into(), pages: vec![p.clone()] };
        let raw =
            String::from_utf8_lossy(&document_to_pdf_with(&doc, false).expect("pdf")).into_owned();
        assert!(raw.contains(" 0 0 -1 72 "), "one inch of translation is 72 pt: {raw}");
        assert!(raw.contains("72 72 l"), "a one-inch square: {raw}");
        p.push(Item::Text {
            pos: Pt::new(5.0, 5.0),
            text: "\u{1F600}".into(),
            style: TextStyle {
                size: 4.0,
                weight: Weight::Regular,
                anchor: Anchor::Start,
                color: Color::BLACK,
                role: crate::scene::TextRole::Body,
            },
        });
        let doc = Document { title: "t".into(), pages: vec![p] };
        assert!(matches!(document_to_pdf(&doc), Err(RenderError::MissingGlyph { .. })));
    }

    #[test]
    fn an_empty_document_is_an_error() {
        assert!(matches!(document_to_pdf(&Document::default()), Err(RenderError::Empty)));
    }
}
