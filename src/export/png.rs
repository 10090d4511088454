//! Scene page -> PNG through resvg, at a chosen resolution, on white.

use resvg::{tiny_skia, usvg};

use super::error::RenderError;
use super::tree::page_tree;
use crate::scene::Page;

/// Pixel size of a page of `mm` millimetres at `dpi`.
pub fn pixels(mm: f64, dpi: f64) -> u32 {
    (mm / 25.4 * dpi).round().max(1.0) as u32
}

/// Renders `page` at `dpi` dots per inch into PNG bytes.
pub fn page_to_png(page: &Page, dpi: f64) -> Result<Vec<u8>, RenderError> {
    if !(dpi > 0.0 && dpi <= 2400.0) {
        return Err(RenderError::Png(format!("a resolution of {dpi} dpi is not usable")));
    }
    tree_to_png(page, &page_tree(page)?, dpi)
}

/// Renders the parsed tree of `page` at `dpi` dots per inch into PNG bytes.
pub(crate) fn tree_to_png(
    page: &Page,
    tree: &usvg::Tree,
    dpi: f64,
) -> Result<Vec<u8>, RenderError> {
    if !(dpi > 0.0 && dpi <= 2400.0) {
        return Err(RenderError::Png(format!("a resolution of {dpi} dpi is not usable")));
    }
    let (w, h) = (pixels(page.width, dpi), pixels(page.height, dpi));
    let limit = crate::limits::MAX_PREVIEW_PIXELS;
    if u64::from(w) * u64::from(h) > limit {
        let fit = dpi * (limit as f64 / (f64::from(w) * f64::from(h))).sqrt();
        return Err(RenderError::Option(format!(
            "{} at {dpi} dpi would be {w} x {h} pixels, more than the limit of {limit} (`MAX_PREVIEW_PIXELS`)\n  hint: choose --dpi {} or less, or leave png out of --formats",
            page.label,
            fit.floor().max(1.0)
        )));
    }
    let mut pixmap = tiny_skia::Pixmap::new(w, h).ok_or_else(|| {
        RenderError::Png(format!("page {} is too large at {dpi} dpi ({w} x {h} px)", page.label))
    })?;
    pixmap.fill(tiny_skia::Color::WHITE);
    let size = tree.size();
    let ts = tiny_skia::Transform::from_scale(w as f32 / size.width(), h as f32 / size.height());
    resvg::render(tree, ts, &mut pixmap.as_mut());
    encode_rgb(pixmap, dpi)
}

/// Encodes an opaque pixmap as 8-bit RGB PNG with fast compression and the
/// resolution recorded (pHYs). The page is painted white first, so every
/// pixel is opaque and premultiplied values equal straight ones.
fn encode_rgb(pixmap: tiny_skia::Pixmap, dpi: f64) -> Result<Vec<u8>, RenderError> {
    let (width, height) = (pixmap.width(), pixmap.height());
    let rgb = rgba_to_rgb(pixmap.take());
    let mut out = Vec::with_capacity(rgb.len() / 4);
    {
        let mut enc = ::png::Encoder::new(&mut out, width, height);
        enc.set_color(::png::ColorType::Rgb);
        enc.set_depth(::png::BitDepth::Eight);
        enc.set_compression(::png::Compression::Fast);
        let ppm = (dpi / 0.0254).round() as u32;
        enc.set_pixel_dims(Some(::png::PixelDimensions {
            xppu: ppm,
            yppu: ppm,
            unit: ::png::Unit::Meter,
        }));
        let mut w = enc.write_header().map_err(|e| RenderError::Png(e.to_string()))?;
        w.write_image_data(&rgb).map_err(|e| RenderError::Png(e.to_string()))?;
        w.finish().map_err(|e| RenderError::Png(e.to_string()))?;
    }
    Ok(out)
}

/// RGBA bytes -> RGB bytes in the same buffer (alpha dropped): a full page
/// at preview resolution is tens of megabytes, and a second buffer costs
/// as much in page faults as the copy itself.
fn rgba_to_rgb(mut data: Vec<u8>) -> Vec<u8> {
    let n = data.len() / 4;
    // Four pixels at a time: 16 bytes read into a local copy, 12 written.
    // The writes stay behind the reads (12 g + 12 <= 16 g + 16), so no
    // pixel is overwritten before it is read.
    let groups = n / 4;
    for g in 0..groups {
        let mut px = [0u8; 16];
        px.copy_from_slice(&data[16 * g..16 * g + 16]);
        let rgb = [
            px[0], px[1], px[2], px[4], px[5], px[6], px[8], px[9], px[10], px[12], px[13], px[14],
        ];
        data[12 * g..12 * g + 12].copy_from_slice(&rgb);
    }
    for i in 4 * groups..n {
        let (r, w) = (4 * i, 3 * i);
        data[w] = data[r];
        data[w + 1] = data[r + 1];
        data[w + 2] = data[r + 2];
    }
    data.truncate(3 * n);
    data
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Color, Item, Path, Rect};

    #[test]
    fn size_follows_dpi_and_output_is_stable() {
        let mut p = Page::new(50.8, 25.4, "t");
        p.push(Item::Path {
            path: Path::rect(Rect::new(0.0, 0.0, 25.4, 25.4)),
            fill: Some(Color::BLACK),
            stroke: None,
        });
        let a = page_to_png(&p, 20.0).expect("png");
        assert_eq!(a, page_to_png(&p, 20.0).expect("png"));
        let img = tiny_skia::Pixmap::decode_png(&a).expect("decodes");
        assert_eq!((img.width(), img.height()), (40, 20));
        let px = |x: u32, y: u32| img.pixel(x, y).expect("inside");
        assert_eq!(px(5, 10).red(), 0, "left half is black");
        assert_eq!(px(35, 10).red(), 255, "right half is white");
        assert!(page_to_png(&p, 0.0).is_err());
    }

    #[test]
    fn alpha_is_dropped_in_place() {
        assert_eq!(rgba_to_rgb(vec![1, 2, 3, 255, 4, 5, 6, 255]), vec![1, 2, 3, 4, 5, 6]);
        assert!(rgba_to_rgb(Vec::new()).is_empty());
        // Whole groups of four pixels and a tail, against a plain copy.
        for n in [4usize, 5, 7, 8, 13] {
            let rgba: Vec<u8> = (0..4 * n).map(|i| (i * 7 % 251) as u8).collect();
            let plain: Vec<u8> = rgba.chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect();
            assert_eq!(rgba_to_rgb(rgba), plain, "{n} pixels");
        }
    }
}
