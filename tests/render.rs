//! Rendering: golden SVGs, byte-identical reruns, PDF structure and true
//! scale, PNG against a reference image.
//!
//! Golden files live in tests/ref/; rewrite them with `HEXPRESS_BLESS=1`.

use crate::common;

use std::path::PathBuf;

use hexpress::export::png;
use hexpress::outputs::{MapFiles, Notes};
use hexpress::settings::{Choices, Formats, Settings, View};
use hexpress::solve::Layout;

fn layout(id: &str, players: u8, seed: u64) -> Layout {
    let src = hexpress::builtin::source(id).expect("built-in scenario");
    let sc = hexpress::model::load(&src).expect("scenario loads");
    hexpress::solve::solve(&sc, players, seed, &Default::default()).expect("solves")
}

fn reference(rel: &str) -> PathBuf {
    common::crate_path("tests/ref").join(rel)
}

fn bless() -> bool {
    common::bless()
}

fn check_golden(rel: &str, actual: &[u8]) {
    common::check_golden_bytes(&format!("tests/ref/{rel}"), actual);
}

fn svg_only() -> Choices {
    Choices { formats: Formats { svg: true, pdf: false, png: false }, ..Choices::default() }
}

fn map_outputs(l: &Layout, choices: &Choices) -> Result<MapFiles, hexpress::outputs::OutputError> {
    let settings = Settings::build(choices).expect("settings");
    hexpress::outputs::map(l, &settings, &Notes::default())
}

#[test]
fn golden_map_svgs() {
    let base = map_outputs(&layout("base", 4, 1), &svg_only()).expect("renders");
    check_golden("svg/base-4p-seed1.svg", base.svg.expect("svg").as_bytes());
    let opts = Choices { view: View::Setup, ..svg_only() };
    let gold = map_outputs(&layout("gold-for-catan", 3, 2), &opts).expect("renders");
    check_golden("svg/gold-for-catan-3p-seed2-setup.svg", gold.svg.expect("svg").as_bytes());
}

#[test]
fn reruns_are_byte_identical() {
    let l = layout("base", 4, 1);
    let opts = Choices { dpi: 10.0, ..Choices::default() };
    let a = map_outputs(&l, &opts).expect("renders");
    let b = map_outputs(&l, &opts).expect("renders");
    assert!(a.svg.is_some() && a.pdf.is_some() && a.png.is_some());
    assert_eq!(a.svg, b.svg);
    assert_eq!(a.pdf, b.pdf);
    assert_eq!(a.png, b.png);
}

/// A minimal reader for the PDFs krilla writes: classic objects, no object streams.
mod pdf {
    pub fn count(hay: &[u8], needle: &[u8]) -> usize {
        hay.windows(needle.len()).filter(|w| *w == needle).count()
    }

    /// MediaBox values of every page, in points.
    pub fn media_boxes(pdf: &[u8]) -> Vec<[f64; 4]> {
        let key = b"/MediaBox[";
        let mut out = Vec::new();
        let mut i = 0;
        while let Some(p) = pdf[i..].windows(key.len()).position(|w| w == key) {
            let start = i + p + key.len();
            let end = start + pdf[start..].iter().position(|b| *b == b']').expect("closed");
            let nums: Vec<f64> = std::str::from_utf8(&pdf[start..end])
                .expect("ascii")
                .split_whitespace()
                .map(|s| s.parse().expect("number"))
                .collect();
            out.push([nums[0], nums[1], nums[2], nums[3]]);
            i = end;
        }
        out
    }

    /// Every content stream that is plain text.
    pub fn streams(pdf: &[u8]) -> Vec<String> {
        let mut out = Vec::new();
        let mut i = 0;
        while let Some(p) = pdf[i..].windows(7).position(|w| w == b"stream\n") {
            let start = i + p + 7;
            let end =
                start + pdf[start..].windows(9).position(|w| w == b"endstream").expect("ends");
            if let Ok(s) = std::str::from_utf8(&pdf[start..end]) {
                out.push(s.to_string());
            }
            i = end + 9;
        }
        out
    }

    /// Closed straight-edged polygons (m, l..., h) of a content stream in
    /// page points, following q/Q/cm.
    pub fn polygons(stream: &str) -> Vec<Vec<(f64, f64)>> {
        type M = [f64; 6];
        let mul = |a: M, b: M| -> M {
            [
                a[0] * b[0] + a[1] * b[2],
                a[0] * b[1] + a[1] * b[3],
                a[2] * b[0] + a[3] * b[2],
                a[2] * b[1] + a[3] * b[3],
                a[4] * b[0] + a[5] * b[2] + b[4],
                a[4] * b[1] + a[5] * b[3] + b[5],
            ]
        };
        let map = |m: M, x: f64, y: f64| (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]);
        let mut ctm: M = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];
        let mut stack = Vec::new();
        let mut nums: Vec<f64> = Vec::new();
        let mut cur: Vec<(f64, f64)> = Vec::new();
        let mut curved = false;
        let mut out = Vec::new();
        for tok in stream.split_whitespace() {
            if let Ok(n) = tok.parse::<f64>() {
                nums.push(n);
                continue;
            }
            match tok {
                "q" => stack.push(ctm),
                "Q" => ctm = stack.pop().unwrap_or(ctm),
                "cm" if nums.len() >= 6 => {
                    let n = &nums[nums.len() - 6..];
                    ctm = mul([n[0], n[1], n[2], n[3], n[4], n[5]], ctm);
                }
                "m" if nums.len() >= 2 => {
                    let n = &nums[nums.len() - 2..];
                    cur = vec![map(ctm, n[0], n[1])];
                    curved = false;
                }
                "l" if nums.len() >= 2 => {
                    let n = &nums[nums.len() - 2..];
                    cur.push(map(ctm, n[0], n[1]));
                }
                "c" | "v" | "y" => curved = true,
                "h" => {
                    let poly = std::mem::take(&mut cur);
                    if !curved {
                        out.push(poly);
                    }
                }
                _ => {}
            }
            nums.clear();
        }
        out
    }
}

#[test]
fn pdf_pages_sizes_fonts_text_and_true_hex_size() {
    let l = layout("base", 4, 1);
    let opts =
        Choices { formats: Formats { svg: false, pdf: true, png: false }, ..Choices::default() };
    let files = map_outputs(&l, &opts).expect("renders");
    let bytes = files.pdf.expect("pdf");
    // Page count: overview + sheets; every page is A4 in points, either way up.
    let boxes = pdf::media_boxes(&bytes);
    assert_eq!(boxes.len(), files.sheets + 1);
    assert_eq!(pdf::count(&bytes, b"/Type/Page/"), boxes.len());
    for b in &boxes {
        let (w, h) = (b[2] - b[0], b[3] - b[1]);
        let a4 = |x: f64, y: f64| (x - 595.2756).abs() < 0.01 && (y - 841.8898).abs() < 0.01;
        assert!(a4(w, h) || a4(h, w), "page {w} x {h} pt is not A4");
    }
    assert!(pdf::count(&bytes, b"/FontFile2") >= 1, "font program embedded");
    assert!(pdf::count(&bytes, b"/ToUnicode") >= 1, "text is real text");
    assert_eq!(pdf::count(&bytes, b"/ViewerPreferences<</PrintScaling/None>>"), 1);

    // True scale: the same sheets with uncompressed streams; measure the hexes.
    let settings = Settings::default();
    let canvas = hexpress::compose::map::canvas(&l, &settings, &Notes::default());
    let (doc, _) = hexpress::compose::map::tiled(&canvas, &l, &settings);
    let raw = hexpress::export::pdf::document_to_pdf_with(&doc, false).expect("pdf");
    let streams = pdf::streams(&raw);
    assert!(streams.iter().any(|s| s.contains("Tj") || s.contains("TJ")), "text drawn as text");
    let flat_mm = 76.0;
    let pt_per_mm = 72.0 / 25.4;
    let mut measured = Vec::new();
    for s in &streams {
        for poly in pdf::polygons(s) {
            if poly.len() != 6 {
                continue;
            }
            let span = |f: fn(&(f64, f64)) -> f64| {
                let v: Vec<f64> = poly.iter().map(f).collect();
                v.iter().cloned().fold(f64::MIN, f64::max)
                    - v.iter().cloned().fold(f64::MAX, f64::min)
            };
            let (w, h) = (span(|p| p.0) / pt_per_mm, span(|p| p.1) / pt_per_mm);
            // Full-size map hexes only (the overview and legend draw smaller ones).
            if (w - flat_mm).abs() < 5.0 {
                measured.push((w, h));
            }
        }
    }
    assert!(measured.len() > 10, "hex outlines found on the sheets: {}", measured.len());
    for (w, h) in measured {
        assert!((w - flat_mm).abs() <= 0.1, "hex measures {w} mm across the flats");
        let corner = flat_mm * 2.0 / 3f64.sqrt();
        assert!((h - corner).abs() <= 0.1, "hex measures {h} mm corner to corner");
    }
}

#[test]
fn png_matches_the_reference_image() {
    let l = layout("base", 4, 1);
    let settings = Settings::default();
    let page = hexpress::compose::map::canvas(&l, &settings, &Notes::default()).to_page();
    let bytes = png::page_to_png(&page, 12.0).expect("png");
    let path = reference("png/base-4p-seed1-12dpi.png");
    if bless() {
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(&path, &bytes).expect("write");
        return;
    }
    let want = std::fs::read(&path).expect("missing reference PNG; run with HEXPRESS_BLESS=1");
    let a = resvg::tiny_skia::Pixmap::decode_png(&bytes).expect("decodes");
    let b = resvg::tiny_skia::Pixmap::decode_png(&want).expect("decodes");
    assert_eq!((a.width(), a.height()), (b.width(), b.height()));
    // Mean channel difference under 2 %, and under 1 % of pixels visibly off.
    let (mut sum, mut bad) = (0u64, 0usize);
    for (p, q) in a.data().chunks(4).zip(b.data().chunks(4)) {
        let d: u64 = p.iter().zip(q).map(|(x, y)| u64::from(x.abs_diff(*y))).sum();
        sum += d;
        if d > 64 {
            bad += 1;
        }
    }
    let px = a.data().len() / 4;
    let mean = sum as f64 / (px as f64 * 4.0 * 255.0);
    assert!(mean < 0.02, "mean difference {mean}");
    assert!((bad as f64) < px as f64 * 0.01, "{bad} of {px} pixels differ");
}
