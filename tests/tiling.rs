//! Tiling the 1:1 map over sheets, for every built-in scenario, player count
//! and paper (A4, Letter): no more sheets than a brute-force search over
//! orientations and offsets finds, no sheet without part of a hex, every
//! hex on some sheet, the key on the overview page, and nothing of the
//! sheets' labels and marks left visible over the board's ink once the
//! sheets are glued (checked on rasters of the composed pages). A sheet
//! that would hold a sliver of the board is left out when its hexes can be
//! printed whole as loose pieces on other sheets (each hex then counts as
//! held, and covers its glue mark).

use hexpress::compose::map::canvas::MapCanvas;
use hexpress::compose::map::cuts::{Tiling, EDGE};
use hexpress::compose::map::{canvas, tiled, Notes};
use hexpress::scene::{Document, Item, Page, Pt, Rect, Seg, TextRole};
use hexpress::settings::{Choices, Paper, Settings};
use resvg::tiny_skia;

struct Case {
    name: String,
    settings: Settings,
    canvas: MapCanvas,
    doc: Document,
    t: Tiling,
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for paper in [Paper::A4, Paper::Letter] {
        let settings = Settings::build(&Choices { paper, ..Choices::default() }).expect("settings");
        for id in hexpress::builtin::ids() {
            let src = hexpress::builtin::source(id).expect("built-in");
            let sc = hexpress::model::load(&src).expect("valid");
            for players in 2u8..=8 {
                if sc.map_for(players).is_none() {
                    continue;
                }
                let l = hexpress::solve::solve(&sc, players, 1, &Default::default())
                    .unwrap_or_else(|e| panic!("{id} {players}p: {e}"));
                let canvas = canvas(&l, &settings, &Notes::default());
                let (doc, t) = tiled(&canvas, &l, &settings);
                let name = format!("{id} {players}p {paper:?}");
                out.push(Case { name, settings: settings.clone(), canvas, doc, t });
            }
        }
    }
    assert!(out.len() >= 16, "every built-in, A4 and Letter");
    out
}

/// Signed distance of a point inside one side of a rectangle.
type Side = fn(Pt, Rect) -> f64;
/// Where a segment crosses that side.
type Cross = fn(Pt, Pt, Rect) -> Pt;

/// Area of the convex polygon `poly` inside `r` (Sutherland-Hodgman, then
/// the shoelace formula).
fn area_in(poly: &[Pt], r: Rect) -> f64 {
    let mut pts = poly.to_vec();
    let edges: [(Side, Cross); 4] = [
        (|p, r| p.x - r.x, |a, b, r| lerp(a, b, (r.x - a.x) / (b.x - a.x))),
        (|p, r| r.x + r.w - p.x, |a, b, r| lerp(a, b, (r.x + r.w - a.x) / (b.x - a.x))),
        (|p, r| p.y - r.y, |a, b, r| lerp(a, b, (r.y - a.y) / (b.y - a.y))),
        (|p, r| r.y + r.h - p.y, |a, b, r| lerp(a, b, (r.y + r.h - a.y) / (b.y - a.y))),
    ];
    for (inside, cross) in edges {
        let mut next = Vec::new();
        for i in 0..pts.len() {
            let (a, b) = (pts[i], pts[(i + 1) % pts.len()]);
            let (ia, ib) = (inside(a, r) >= 0.0, inside(b, r) >= 0.0);
            if ia {
                next.push(a);
            }
            if ia != ib {
                next.push(cross(a, b, r));
            }
        }
        pts = next;
        if pts.is_empty() {
            return 0.0;
        }
    }
    let mut s = 0.0;
    for i in 0..pts.len() {
        let (a, b) = (pts[i], pts[(i + 1) % pts.len()]);
        s += a.x * b.y - b.x * a.y;
    }
    s.abs() / 2.0
}

fn lerp(a: Pt, b: Pt, k: f64) -> Pt {
    Pt::new(a.x + (b.x - a.x) * k, a.y + (b.y - a.y) * k)
}

fn hexes(c: &MapCanvas) -> Vec<[Pt; 6]> {
    c.hexes.iter().map(|h| c.geom.corners(*h)).collect()
}

fn holds_hex(hexes: &[[Pt; 6]], r: Rect) -> bool {
    hexes.iter().any(|h| {
        let near = h.iter().any(|p| p.x > r.x - 80.0 && p.x < r.x + r.w + 80.0)
            && h.iter().any(|p| p.y > r.y - 80.0 && p.y < r.y + r.h + 80.0);
        near && area_in(h, r) > 1e-3
    })
}

/// Fewest sheets over both orientations and every start offset on a 1 mm
/// grid, with evenly spaced cuts, counting only grid cells that hold part
/// of a hex.
fn brute_force(c: &MapCanvas, paper: (f64, f64), margin: f64, overlap: f64) -> usize {
    let hx = hexes(c);
    let region = c.board.inflate(EDGE);
    let mut best = usize::MAX;
    for (w, h) in [paper, (paper.1, paper.0)] {
        let axis = |lo: f64, len: f64, p: f64| -> Vec<Vec<(f64, f64)>> {
            let mut n = 1;
            while p + (n as f64 - 1.0) * (p - overlap) < len {
                n += 1;
            }
            let slack = p + (n as f64 - 1.0) * (p - overlap) - len;
            let mut out = Vec::new();
            let mut t = 0.0;
            while t <= slack + 1e-9 {
                let s0 = lo - t;
                let w: Vec<(f64, f64)> = (0..n)
                    .map(|i| {
                        let s = s0 + i as f64 * (p - overlap);
                        (s, if i + 1 == n { lo + len } else { s + p })
                    })
                    .collect();
                out.push(w);
                t += 1.0;
            }
            out
        };
        let xs = axis(region.x, region.w, w - 2.0 * margin);
        let ys = axis(region.y, region.h, h - 2.0 * margin);
        for x in &xs {
            for y in &ys {
                let mut n = 0;
                for &(y0, y1) in y {
                    for &(x0, x1) in x {
                        n += usize::from(holds_hex(&hx, Rect::new(x0, y0, x1 - x0, y1 - y0)));
                    }
                }
                best = best.min(n);
            }
        }
    }
    best
}

/// Sheets the plain grid over the whole canvas (board, title block and
/// legend) needs, as the tiler cut it before: the count never to exceed.
fn whole_canvas_grid(c: &MapCanvas, paper: (f64, f64), margin: f64, overlap: f64) -> usize {
    let n = |len: f64, p: f64| {
        let mut n = 1usize;
        while p + (n as f64 - 1.0) * (p - overlap) < len {
            n += 1;
        }
        n
    };
    [paper, (paper.1, paper.0)]
        .iter()
        .map(|(w, h)| n(c.width, w - 2.0 * margin) * n(c.height, h - 2.0 * margin))
        .min()
        .expect("two orientations")
}

#[test]
fn fewest_sheets_and_none_empty() {
    let mut searched: Vec<(Vec<Pt>, (f64, f64), usize)> = Vec::new();
    for case in cases() {
        let (c, t, s) = (&case.canvas, &case.t, &case.settings);
        let margin = s.sheets.margin;
        let overlap = s.theme.sizes.overlap;
        // The same board on the same paper (3 and 4 players often share
        // one) is searched once.
        let known = searched.iter().find(|(h, p, _)| *h == c.hexes && *p == s.paper_mm());
        let best = match known {
            Some((_, _, b)) => *b,
            None => {
                let b = brute_force(c, s.paper_mm(), margin, overlap);
                searched.push((c.hexes.clone(), s.paper_mm(), b));
                b
            }
        };
        let n = t.sheets();
        assert!(n <= best, "{}: {n} sheets, a brute-force search finds {best}", case.name);
        let before = whole_canvas_grid(c, s.paper_mm(), margin, overlap);
        assert!(n <= before, "{}: {n} sheets, more than the plain grid's {before}", case.name);
        assert_eq!(case.doc.pages.len(), n + 1, "{}: overview and one page a sheet", case.name);
        // Every printed sheet holds part of a hex; every hex lies on sheets.
        let hx = hexes(c);
        for (row, col) in t.cells() {
            assert!(
                holds_hex(&hx, t.window(row, col)),
                "{}: sheet {row},{col} is empty",
                case.name
            );
        }
        for (i, h) in hx.iter().enumerate() {
            // A loose piece prints its hex whole on another sheet.
            if t.loose.iter().any(|l| l.hex == i) {
                continue;
            }
            let whole = area_in(h, c.board.inflate(1.0));
            // Windows overlap in glue strips: area counted once via a grid.
            let mut missing = 0;
            let centre = c.hexes[i];
            for a in -18..=18 {
                for b in -20..=20 {
                    let p = Pt::new(centre.x + f64::from(a) * 2.0, centre.y + f64::from(b) * 2.0);
                    let tiny = Rect::new(p.x - 0.05, p.y - 0.05, 0.1, 0.1);
                    if area_in(h, tiny) < 0.01 - 1e-9 {
                        continue;
                    }
                    let on = t.cells().iter().any(|&(r, cc)| {
                        let w = t.window(r, cc);
                        p.x >= w.x && p.x <= w.x + w.w && p.y >= w.y && p.y <= w.y + w.h
                    });
                    missing += usize::from(!on);
                }
            }
            assert!(
                whole > 0.0 && missing == 0,
                "{}: hex {i} is missing {missing} points",
                case.name
            );
        }
    }
}

fn texts(items: &[Item], out: &mut Vec<String>) {
    for i in items {
        match i {
            Item::Text { text, .. } => out.push(text.clone()),
            Item::Group { items, .. } => texts(items, out),
            Item::Path { .. } => {}
        }
    }
}

#[test]
fn the_key_is_on_the_overview_page_and_not_on_the_sheets() {
    for case in cases().into_iter().step_by(3) {
        let key: Vec<String> = {
            let mut v = Vec::new();
            texts(&case.canvas.key.iter().map(|b| b.item.clone()).collect::<Vec<_>>(), &mut v);
            v
        };
        assert!(key.iter().any(|t| t.starts_with("regenerate:")), "{}: {key:?}", case.name);
        let mut first = Vec::new();
        texts(&case.doc.pages[0].items, &mut first);
        for k in &key {
            assert!(first.contains(k), "{}: `{k}` missing from the overview page", case.name);
        }
        for p in &case.doc.pages[1..] {
            let mut v = Vec::new();
            texts(&p.items, &mut v);
            assert!(
                !v.iter().any(|t| t.starts_with("regenerate:")),
                "{}: title block on {}",
                case.name,
                p.label
            );
        }
    }
}

/// Pixels per mm of the rasters.
const PX: f64 = 4.0;

/// `page` rendered on a transparent ground at [`PX`] pixels per mm.
fn raster(page: &Page) -> tiny_skia::Pixmap {
    let tree = hexpress::export::tree::page_tree(page).expect("tree");
    let (w, h) = ((page.width * PX).ceil() as u32, (page.height * PX).ceil() as u32);
    let mut pm = tiny_skia::Pixmap::new(w, h).expect("pixmap");
    let size = tree.size();
    let ts = tiny_skia::Transform::from_scale(
        (page.width * PX) as f32 / size.width(),
        (page.height * PX) as f32 / size.height(),
    );
    resvg::render(&tree, ts, &mut pm.as_mut());
    pm
}

/// `item` without hex fills and outlines (six-cornered polygons a hex wide).
fn without_hexes(item: &Item, flat: f64) -> Option<Item> {
    match item {
        Item::Path { path, .. } => {
            let pts: Vec<Pt> = path
                .segs
                .iter()
                .filter_map(|s| match s {
                    hexpress::scene::Seg::Move(p) | hexpress::scene::Seg::Line(p) => Some(*p),
                    _ => None,
                })
                .collect();
            let w = pts.iter().map(|p| p.x).fold(f64::MIN, f64::max)
                - pts.iter().map(|p| p.x).fold(f64::MAX, f64::min);
            let curved = path.segs.iter().any(|s| matches!(s, hexpress::scene::Seg::Cubic(..)));
            (pts.len() != 6 || curved || w < 0.9 * flat).then(|| item.clone())
        }
        Item::Text { .. } => Some(item.clone()),
        Item::Group { transform, clip, items } => Some(Item::Group {
            transform: *transform,
            clip: clip.clone(),
            items: items.iter().filter_map(|i| without_hexes(i, flat)).collect(),
        }),
    }
}

fn alpha(pm: &tiny_skia::Pixmap, x: i64, y: i64) -> u8 {
    if x < 0 || y < 0 || x >= i64::from(pm.width()) || y >= i64::from(pm.height()) {
        return 0;
    }
    pm.pixel(x as u32, y as u32).map_or(0, |p| p.alpha())
}

#[test]
fn labels_and_marks_never_show_over_the_glued_boards_ink() {
    for case in cases() {
        let (c, t) = (&case.canvas, &case.t);
        let margin = case.settings.sheets.margin;
        // The board's ink: everything on the hexes but their fill and outline.
        let mut ink_page = c.to_page();
        ink_page.items =
            c.blocks.iter().filter_map(|b| without_hexes(&b.item, c.geom.flat)).collect();
        let ink = raster(&ink_page);
        // Which sheet shows each point once glued: the last one laid there
        // (sheets are glued row by row, left to right, each over the last).
        let (pw, ph) = (t.sheet.0 - 2.0 * margin, t.sheet.1 - 2.0 * margin);
        let cells = t.cells();
        // A loose piece, glued last, covers its hex (and the glue mark there).
        let loose: Vec<[Pt; 6]> = t.loose.iter().map(|l| c.geom.corners(c.hexes[l.hex])).collect();
        let owner = |x: f64, y: f64| {
            if loose.iter().any(|h| area_in(h, Rect::new(x - 0.01, y - 0.01, 0.02, 0.02)) > 0.0) {
                return None;
            }
            cells.iter().rposition(|&(r, col)| {
                let (x0, y0) = (t.cols[col].0, t.rows[r].0);
                x >= x0 && x < x0 + pw && y >= y0 && y < y0 + ph
            })
        };
        let region = t.region;
        let mut overlap_px = 0usize;
        let mut where_ = String::new();
        for (k, &(row, col)) in cells.iter().enumerate() {
            let page = &case.doc.pages[k + 1];
            // The sheet's own additions: its items that are not the map's,
            // leaving out the dashed cut lines (the sheet's trimmed edge).
            let mut extra = page.clone();
            for item in &mut extra.items {
                if let Item::Group { items, .. } = item {
                    items.retain(|i| {
                        let dashed =
                            matches!(i, Item::Path { stroke: Some(s), .. } if !s.dash.is_empty());
                        !dashed && !c.blocks.iter().any(|b| b.item == *i)
                    });
                }
            }
            let pm = raster(&extra);
            let (x0, y0) = (t.cols[col].0, t.rows[row].0);
            for j in 0..pm.height() {
                for i in 0..pm.width() {
                    if alpha(&pm, i64::from(i), i64::from(j)) < 32 {
                        continue;
                    }
                    let x = (f64::from(i) + 0.5) / PX - margin + x0;
                    let y = (f64::from(j) + 0.5) / PX - margin + y0;
                    let inside = x > region.x
                        && x < region.x + region.w
                        && y > region.y
                        && y < region.y + region.h;
                    // Only pixels wholly on this sheet's visible part (the
                    // ones a cut crosses show the neighbour's edge as well).
                    let h = 0.5 / PX;
                    let shown = [(-h, -h), (h, -h), (-h, h), (h, h)]
                        .iter()
                        .all(|(dx, dy)| owner(x + dx, y + dy) == Some(k));
                    if !inside || !shown {
                        continue;
                    }
                    if alpha(&ink, (x * PX) as i64, (y * PX) as i64) >= 32 {
                        overlap_px += 1;
                        if where_.is_empty() {
                            where_ = format!("sheet {} at ({x:.1}, {y:.1}) mm", page.label);
                        }
                    }
                }
            }
        }
        assert_eq!(
            overlap_px, 0,
            "{}: marks or labels over the board's ink, first {where_}",
            case.name
        );
    }
}

#[test]
fn a_sliver_sheet_becomes_a_loose_piece_on_free_paper() {
    let mut loose = 0;
    for case in cases() {
        let (c, t) = (&case.canvas, &case.t);
        let g = c.geom;
        for l in &t.loose {
            // On a printed sheet, inside its printable area, clear of every hex.
            assert!(t.has(l.host.0, l.host.1), "{}", case.name);
            assert!(!t.has(l.instead_of.0, l.instead_of.1), "{}", case.name);
            let piece = Rect::new(l.at.x - g.flat / 2.0, l.at.y - g.radius(), g.flat, g.height());
            let w = t.window(l.host.0, l.host.1);
            assert!(piece.x >= w.x && piece.x + piece.w <= w.x + w.w, "{}", case.name);
            assert!(piece.y >= w.y && piece.y + piece.h <= w.y + w.h, "{}", case.name);
            let on_board = hexes(c).iter().any(|h| area_in(h, piece) > 1e-3);
            assert!(!on_board, "{}: loose piece on the board", case.name);
            loose += 1;
        }
        // The print plan's glue order names each loose piece and where it is
        // printed, and shows no grid row without a sheet after the last.
        let a = hexpress::compose::plan::Assembly::from_tiling(t);
        assert_eq!(a.loose.len(), t.loose.len(), "{}", case.name);
        for (k, l) in t.loose.iter().enumerate() {
            let host = hexpress::compose::map::cuts::label(l.host.0, l.host.1);
            assert!(a.loose[k].starts_with(&format!("L{} (printed on sheet {host})", k + 1)));
        }
        let last = a.labels.last().expect("a row");
        assert!(last.iter().any(Option::is_some), "{}: empty last row", case.name);
        assert_eq!(a.sheets(), t.sheets(), "{}", case.name);
    }
    assert!(loose > 0, "no built-in needs a loose piece (7 Islands did)");
}

/// The box of `r` under `t`.
fn mapped(r: Rect, t: hexpress::scene::Transform) -> Rect {
    let (a, c) = (t.apply(Pt::new(r.x, r.y)), t.apply(Pt::new(r.x + r.w, r.y + r.h)));
    let (x0, x1) = (a.x.min(c.x), a.x.max(c.x));
    let (y0, y1) = (a.y.min(c.y), a.y.max(c.y));
    Rect::new(x0, y0, x1 - x0, y1 - y0)
}

/// Every note meant to be read whole (footer role: sheet names, glue notes,
/// loose pieces' captions) in `items` under `t`, as a box in page
/// coordinates, with the part of the page its groups' clips leave visible.
fn notes(
    items: &[Item],
    t: hexpress::scene::Transform,
    seen: Rect,
    out: &mut Vec<(String, Rect, Rect)>,
) {
    for it in items {
        match it {
            Item::Text { pos, text, style } if style.role == TextRole::Footer => {
                let b = hexpress::compose::pieces::fit_text::text_box(*pos, text, style);
                out.push((text.clone(), mapped(b, t), seen));
            }
            Item::Group { transform, clip, items } => {
                let t = transform.then(t);
                let mut seen = seen;
                if let Some(c) = clip {
                    let pts: Vec<Pt> = c
                        .segs
                        .iter()
                        .filter_map(|s| match s {
                            Seg::Move(p) | Seg::Line(p) => Some(t.apply(*p)),
                            _ => None,
                        })
                        .collect();
                    let x0 = pts.iter().map(|p| p.x).fold(f64::INFINITY, f64::min).max(seen.x);
                    let y0 = pts.iter().map(|p| p.y).fold(f64::INFINITY, f64::min).max(seen.y);
                    let x1 = pts.iter().map(|p| p.x).fold(f64::NEG_INFINITY, f64::max);
                    let y1 = pts.iter().map(|p| p.y).fold(f64::NEG_INFINITY, f64::max);
                    let (x1, y1) = (x1.min(seen.x + seen.w), y1.min(seen.y + seen.h));
                    seen = Rect::new(x0, y0, x1 - x0, y1 - y0);
                }
                notes(items, t, seen, out);
            }
            _ => {}
        }
    }
}

/// Every note on every map sheet (sheet names, glue notes, loose pieces'
/// captions) is wholly printed: on the paper and not cut by the window a
/// sheet's part of the map is clipped to.
#[test]
fn every_note_on_a_map_sheet_is_printed_whole() {
    let mut captions = 0;
    for case in cases() {
        for page in &case.doc.pages {
            let mut found = Vec::new();
            let all = Rect::new(0.0, 0.0, page.width, page.height);
            notes(&page.items, hexpress::scene::Transform::IDENTITY, all, &mut found);
            for (s, b, seen) in found {
                let on = b.x >= seen.x - 1e-6
                    && b.y >= seen.y - 1e-6
                    && b.x + b.w <= seen.x + seen.w + 1e-6
                    && b.y + b.h <= seen.y + seen.h + 1e-6;
                assert!(
                    on,
                    "{} {}: {s:?} at {b:?} is cut (visible {seen:?})",
                    case.name, page.label
                );
                captions += usize::from(s.contains("loose piece"));
            }
        }
    }
    assert!(captions > 0, "a loose piece's caption was checked");
}
