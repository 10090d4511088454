//! Cut lines for every component, read from the composed pages (the scene
//! IR) of every built-in scenario and player count, on A4 and on Letter:
//!
//! - poker cards lie at least 8 to a sheet, edge to edge (one cut line serves
//!   two cards), with crop marks only outside the cards and their bleed;
//! - round tokens carry a cut ring of their true diameter, their art fills a
//!   bleed past it, and no token's bleed reaches another token's ring;
//! - round tokens sit on a hexagonal grid holding at least as many as a
//!   square grid would;
//! - every sheet's heading states what it holds and how many, and the counts
//!   match the pieces placed on it;
//! - small sets share sheets when they print the same way: the blocks of a
//!   shared sheet keep apart (no piece's bleed on another's, no crop mark on
//!   any piece), inside the printable area;
//! - every word on a round or shaped piece lies inside its cut line with a
//!   margin.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;

use hexpress::compose::pack::card_sets;
use hexpress::compose::pieces::component_sets;
use hexpress::compose::pieces::impose::{self, cut_color, SheetPlan};
use hexpress::compose::pieces::piece::{Piece, PieceSet, Shape};
use hexpress::compose::pieces::theme_art::ThemeArt;
use hexpress::fonts::text_width;
use hexpress::scene::{Color, Item, Page, Path, Pt, Seg, Transform, Weight};
use hexpress::settings::sheets::{Orientation, SheetOptions, MAX_BLEED};
use hexpress::settings::{Choices, Paper, Settings};

/// 8 pt in mm: the smallest heading a player reads.
const PT8: f64 = 8.0 * 25.4 / 72.0;

/// One built-in, player count and paper: the piece sets it prints.
struct Case {
    name: String,
    sets: Vec<PieceSet>,
    opts: SheetOptions,
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for paper in [Paper::A4, Paper::Letter] {
        let settings = Settings::build(&Choices { paper, ..Choices::default() }).unwrap();
        let art = ThemeArt { theme: &settings.theme, mode: settings.mode };
        for id in hexpress::builtin::ids() {
            let src = hexpress::builtin::source(id).unwrap();
            let sc = hexpress::model::load(&src).unwrap();
            for &players in &sc.meta.players {
                let l = hexpress::solve::solve(&sc, players, 5, &Default::default()).unwrap();
                let mut sets = component_sets(&l, &sc, &settings.sheets.sizes, &art);
                sets.extend(card_sets(&sc, players, &settings).unwrap());
                out.push(Case {
                    name: format!("{id} {players}p {paper:?}"),
                    sets,
                    opts: settings.sheets.clone(),
                });
            }
        }
    }
    assert!(out.len() >= 16, "8 built-ins on two papers");
    out
}

/// Every sheet of a case: its plan, front page and back page (if any).
fn sheets(case: &Case) -> Vec<(SheetPlan, Page, Option<Page>)> {
    impose::plan(&case.sets, &case.opts)
        .into_iter()
        .enumerate()
        .map(|(i, plan)| {
            let sheet = impose::render_plan(&plan, &case.sets, &case.opts, i + 1);
            (plan, sheet.front, sheet.back)
        })
        .collect()
}

/// A piece placed on a page: its centre, its clip outline and its art, in
/// page coordinates (the art as drawn inside the clip).
struct Placed {
    centre: Pt,
    clip: Vec<Pt>,
    art: Vec<Item>,
    to_page: Transform,
}

fn points(p: &Path, t: Transform) -> Vec<Pt> {
    p.segs
        .iter()
        .filter_map(|s| match s {
            Seg::Move(a) | Seg::Line(a) | Seg::Cubic(_, _, a) => Some(t.apply(*a)),
            Seg::Close => None,
        })
        .collect()
}

fn placed(page: &Page) -> Vec<Placed> {
    fn walk(item: &Item, t: Transform, out: &mut Vec<Placed>) {
        if let Item::Group { transform, clip, items } = item {
            let inner = transform.then(t);
            match clip {
                Some(c) => out.push(Placed {
                    centre: inner.apply(Pt::new(0.0, 0.0)),
                    clip: points(c, inner),
                    art: items.clone(),
                    to_page: inner,
                }),
                None => items.iter().for_each(|i| walk(i, inner, out)),
            }
        }
    }
    let mut out = Vec::new();
    page.items.iter().for_each(|i| walk(i, Transform::IDENTITY, &mut out));
    out
}

/// The subpaths of every cut line or crop mark on a page (in the built-in
/// theme's cut colour, as every case draws), in page coordinates.
fn cut_paths(page: &Page) -> Vec<Vec<Pt>> {
    fn walk(item: &Item, t: Transform, cut: Color, out: &mut Vec<Vec<Pt>>) {
        match item {
            Item::Path { path, fill: None, stroke: Some(s) } if s.color == cut => {
                for seg in &path.segs {
                    match seg {
                        Seg::Move(a) => out.push(vec![t.apply(*a)]),
                        Seg::Line(a) | Seg::Cubic(_, _, a) => {
                            out.last_mut().unwrap().push(t.apply(*a))
                        }
                        Seg::Close => {}
                    }
                }
            }
            Item::Group { transform, clip: None, items } => {
                items.iter().for_each(|i| walk(i, transform.then(t), cut, out))
            }
            _ => {}
        }
    }
    let cut = cut_color(&SheetOptions::default());
    let mut out = Vec::new();
    page.items.iter().for_each(|i| walk(i, Transform::IDENTITY, cut, &mut out));
    out
}

/// The heading of a sheet side, its first text: (text, size in mm).
fn heading(page: &Page) -> (String, f64) {
    fn walk(item: &Item, out: &mut Option<(String, f64)>) {
        match item {
            Item::Text { text, style, .. } if out.is_none() => {
                *out = Some((text.clone(), style.size));
            }
            Item::Group { items, clip: None, .. } => items.iter().for_each(|i| walk(i, out)),
            _ => {}
        }
    }
    let mut out = None;
    page.items.iter().for_each(|i| walk(i, &mut out));
    out.unwrap_or_else(|| panic!("{}: no heading", page.label))
}

/// The counts a heading states: "A: 3 · B – c: 4 (front)" -> {A: 3, B – c: 4};
/// the side is named on two-sided sheets only (`side`: `None` for a
/// one-sided sheet, whose heading names none).
fn stated(text: &str, side: Option<&str>) -> BTreeMap<String, usize> {
    let body = match side {
        Some(side) => text.strip_suffix(&format!(" ({side})")).unwrap(),
        None => {
            assert!(!text.ends_with(" (front)"), "{text:?}: a one-sided sheet has no front");
            text
        }
    };
    body.split(" · ")
        .map(|part| {
            let (title, n) = part.rsplit_once(": ").unwrap_or_else(|| panic!("{text:?}"));
            (title.to_string(), n.parse().unwrap_or_else(|_| panic!("{text:?}")))
        })
        .collect()
}

fn dist(a: Pt, b: Pt) -> f64 {
    ((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt()
}

#[test]
fn every_sheet_states_what_it_holds_and_how_many() {
    let mut checked = 0;
    for case in cases() {
        // What every sheet says, summed, must be what the scenario prints.
        let mut said: BTreeMap<String, usize> = BTreeMap::new();
        for (plan, front, back) in sheets(&case) {
            let (text, size) = heading(&front);
            let counts = stated(&text, back.is_some().then_some("front"));
            assert!(size >= PT8 - 1e-9, "{}: heading at {size} mm", case.name);
            let room = front.width - 2.0 * case.opts.margin;
            assert!(text_width(&text, Weight::Bold, size) <= room, "{}: {text:?}", case.name);
            let pieces = placed(&front).len();
            assert_eq!(counts.values().sum::<usize>(), pieces, "{}: {text:?}", case.name);
            assert_eq!(pieces, plan.slots().count());
            if let Some(back) = back {
                // The back states the pieces that have a back printed.
                let (bt, _) = heading(&back);
                let on_back = stated(&bt, Some("back"));
                assert_eq!(on_back.values().sum::<usize>(), placed(&back).len(), "{bt:?}");
                let with_back = plan
                    .slots()
                    .filter(|s| case.sets[s.set].pieces[s.piece].back.is_some())
                    .count();
                assert_eq!(placed(&back).len(), with_back, "{}: {bt:?}", case.name);
                for (t, n) in &on_back {
                    assert!(counts.get(t).is_some_and(|f| f >= n), "{}: {bt:?}", case.name);
                }
            }
            for (t, n) in counts {
                *said.entry(t).or_default() += n;
            }
            checked += 1;
        }
        let printed: BTreeMap<String, usize> = case
            .sets
            .iter()
            .map(|s| {
                let n: u32 = s.pieces.iter().map(|p| p.count).sum();
                (s.title.replace(": ", " – "), n as usize)
            })
            .filter(|(_, n)| *n > 0)
            .collect();
        assert_eq!(said, printed, "{}", case.name);
    }
    assert!(checked > 50, "{checked} sheets");
}

/// A set of `n` copies of one blank piece.
fn blank(shape: Shape, n: u32) -> Vec<PieceSet> {
    let piece = Piece { name: "blank".into(), shape, front: vec![], back: None, count: n };
    vec![PieceSet { title: "Blanks".into(), pieces: vec![piece], coded: false }]
}

/// How many pieces of `shape` one sheet holds.
fn capacity(shape: Shape, opts: &SheetOptions) -> usize {
    impose::plan(&blank(shape, 400), opts)[0].slots().count()
}

#[test]
fn poker_cards_go_eight_or_more_to_a_sheet_edge_to_edge() {
    let poker = Shape::Card { width: 63.0, height: 88.0 };
    let mut card_sheets = 0;
    for case in cases() {
        let cap = capacity(poker, &case.opts);
        assert!(cap >= 8, "{}: {cap} poker cards per sheet", case.name);
        let all = sheets(&case);
        // Sheets of poker cards alone (a shared sheet is checked below).
        let cards: Vec<_> = all
            .iter()
            .filter(|(p, _, _)| p.blocks.len() == 1 && p.blocks[0].shape == poker)
            .collect();
        for (k, (plan, front, back)) in cards.iter().enumerate() {
            // Every sheet but the last one of the kind is full, in the
            // orientation it has (two-sided sheets share one: see duplex.rs).
            let o = if plan.landscape() { Orientation::Landscape } else { Orientation::Portrait };
            let cap = capacity(poker, &SheetOptions { orientation: o, ..case.opts.clone() });
            assert!(cap >= 8, "{}: {cap} poker cards per {o:?} sheet", case.name);
            if k + 1 < cards.len() {
                assert_eq!(plan.slots().count(), cap, "{}", case.name);
            }
            for page in std::iter::once(front).chain(back) {
                check_card_page(&case.name, plan, page, &case.opts);
            }
            card_sheets += 1;
        }
    }
    assert!(card_sheets >= 16, "{card_sheets} card sheets");
}

#[test]
fn no_back_bleeds_onto_a_card_printed_on_one_side() {
    let mut spots = 0;
    for case in cases() {
        for (plan, _, back) in sheets(&case) {
            let [block] = plan.blocks.as_slice() else { continue };
            let (Shape::Card { .. }, Some(back)) = (block.shape, back) else { continue };
            let (cw, ch) = if block.turned { (88.0, 63.0) } else { (63.0, 88.0) };
            let bleeds: Vec<[f64; 4]> = placed(&back)
                .iter()
                .map(|p| {
                    let xs = p.clip.iter().map(|q| q.x);
                    let ys = p.clip.iter().map(|q| q.y);
                    [
                        xs.clone().fold(f64::MAX, f64::min),
                        ys.clone().fold(f64::MAX, f64::min),
                        xs.fold(f64::MIN, f64::max),
                        ys.fold(f64::MIN, f64::max),
                    ]
                })
                .collect();
            for s in plan.slots().filter(|s| case.sets[s.set].pieces[s.piece].back.is_none()) {
                // Where the blank back of this card lies on the back page.
                let c = impose::back_centre(s.centre, plan.width, plan.height, &case.opts.printer);
                let (x0, y0, x1, y1) =
                    (c.x - cw / 2.0, c.y - ch / 2.0, c.x + cw / 2.0, c.y + ch / 2.0);
                for b in &bleeds {
                    let overlap = (x1.min(b[2]) - x0.max(b[0])).min(y1.min(b[3]) - y0.max(b[1]));
                    assert!(
                        overlap < 1e-6,
                        "{} {}: a back bleeds {overlap} mm onto a blank back",
                        case.name,
                        back.label
                    );
                }
                spots += 1;
            }
        }
    }
    assert!(spots > 0, "no card sheet mixes cards with and without backs");
}

/// Cards edge to edge, crop marks outside the cards and their bleed, inside
/// the printable area.
fn check_card_page(name: &str, plan: &SheetPlan, page: &Page, opts: &SheetOptions) {
    let cards = placed(page);
    let trim = page.trim.unwrap();
    let (cw, ch) = if plan.blocks[0].turned { (88.0, 63.0) } else { (63.0, 88.0) };
    // Every card lies inside the trim box, so a mark outside its bleed lies
    // on no card.
    for c in &cards {
        let inside = c.centre.x - cw / 2.0 >= trim.x - 1e-6
            && c.centre.x + cw / 2.0 <= trim.x + trim.w + 1e-6
            && c.centre.y - ch / 2.0 >= trim.y - 1e-6
            && c.centre.y + ch / 2.0 <= trim.y + trim.h + 1e-6;
        assert!(inside, "{name} {}: card outside the trim box", page.label);
        // Art and bleed stay within the printable area.
        for q in &c.clip {
            let m = opts.margin - 1e-6;
            let ok = q.x >= m && q.y >= m && q.x <= page.width - m && q.y <= page.height - m;
            assert!(ok, "{name} {}: card bleed at {q:?} in the margin", page.label);
        }
    }
    for a in &cards {
        for b in &cards {
            let (dx, dy) = (b.centre.x - a.centre.x, b.centre.y - a.centre.y);
            if dx > 1e-6 && dy.abs() < 1e-6 && dx < cw + 1.0 {
                // Neighbours in a row share the cut line: no gutter, and
                // neither card's art crosses it.
                assert!((dx - cw).abs() < 1e-6, "{name} {}: pitch {dx}, card {cw}", page.label);
                let a_right = a.clip.iter().map(|p| p.x).fold(f64::MIN, f64::max);
                let b_left = b.clip.iter().map(|p| p.x).fold(f64::MAX, f64::min);
                assert!((a_right - b_left).abs() < 1e-6, "{name} {}: shared cut", page.label);
            }
            if dy > 1e-6 && dx.abs() < 1e-6 && dy < ch + 1.0 {
                assert!((dy - ch).abs() < 1e-6, "{name} {}: pitch {dy}, card {ch}", page.label);
            }
        }
    }
    let marks = cut_paths(page);
    assert!(marks.len() >= 4 * 2, "{name} {}: {} crop marks", page.label, marks.len());
    let art = trim.inflate(opts.bleed);
    for m in &marks {
        assert_eq!(m.len(), 2, "{name}: a crop mark is one straight line");
        let len = dist(m[0], m[1]);
        assert!(len >= 2.0 - 1e-9, "{name} {}: a crop mark {len} mm long", page.label);
        for p in m {
            let inside = p.x > art.x + 1e-6
                && p.x < art.x + art.w - 1e-6
                && p.y > art.y + 1e-6
                && p.y < art.y + art.h - 1e-6;
            assert!(!inside, "{name} {}: crop mark at {p:?} over the cards", page.label);
            let m = opts.margin - 1e-6;
            assert!(
                p.x >= m && p.y >= m && p.x <= page.width - m && p.y <= page.height - m,
                "{name} {}: crop mark at {p:?} in the unprintable margin",
                page.label
            );
        }
    }
    // Every cut line between two columns is marked above and below the block.
    let mut xs: Vec<f64> = cards.iter().map(|c| c.centre.x - cw / 2.0).collect();
    xs.extend(cards.iter().map(|c| c.centre.x + cw / 2.0));
    for x in xs {
        let at = marks.iter().filter(|m| (m[0].x - x).abs() < 1e-6 && (m[1].x - x).abs() < 1e-6);
        assert!(at.count() >= 2, "{name} {}: cut line x = {x} unmarked", page.label);
    }
}

/// Centre and radius of a closed circle drawn as four arcs.
fn circle(points: &[Pt]) -> (Pt, f64) {
    let n = points.len() as f64;
    let c = Pt::new(
        points.iter().map(|p| p.x).sum::<f64>() / n,
        points.iter().map(|p| p.y).sum::<f64>() / n,
    );
    (c, dist(c, points[0]))
}

#[test]
fn round_tokens_carry_a_true_size_cut_ring_and_a_bleed() {
    let mut tokens = 0;
    for case in cases() {
        for (plan, front, back) in sheets(&case) {
            let [block] = plan.blocks.as_slice() else { continue };
            let Shape::Circle { diameter } = block.shape else { continue };
            let pieces = placed(&front);
            let rings: Vec<(Pt, f64)> = cut_paths(&front)
                .iter()
                .map(|sub| {
                    // Move, four arc ends (the last back at the start).
                    assert_eq!(sub.len(), 5, "{}: a ring is one circle", case.name);
                    circle(&sub[..4])
                })
                .collect();
            assert_eq!(rings.len(), pieces.len(), "{}: one ring per token", case.name);
            let bleed_r = diameter / 2.0 + case.opts.bleed;
            for (p, (c, r)) in pieces.iter().zip(&rings) {
                assert!(dist(p.centre, *c) < 1e-6, "{}: ring off its token", case.name);
                assert!(
                    (2.0 * r - diameter).abs() < 1e-6,
                    "{}: ring {r} for {diameter}",
                    case.name
                );
                // The art is clipped to the bleed circle, and its background
                // fills it (no white edge on a slightly-off cut).
                let (cc, cr) = circle(&p.clip[..4]);
                assert!(dist(cc, p.centre) < 1e-6 && (cr - bleed_r).abs() < 1e-6);
                assert!(case.opts.bleed > 0.0);
                let Some(Item::Path { path, fill: Some(_), .. }) = p.art.first() else {
                    panic!("{}: token art starts with no background", case.name);
                };
                let (bc, br) = circle(&points(path, p.to_page)[..4]);
                assert!(dist(bc, p.centre) < 1e-6 && br >= bleed_r, "{}", case.name);
            }
            for (i, a) in pieces.iter().enumerate() {
                for b in &pieces[i + 1..] {
                    // No bleed reaches a neighbour's ring (nor its bleed).
                    let d = dist(a.centre, b.centre);
                    assert!(d >= 2.0 * bleed_r - 1e-6, "{}: tokens {d} mm apart", case.name);
                }
            }
            if let Some(back) = back {
                assert!(cut_paths(&back).is_empty(), "{}: cut rings on the back", case.name);
            }
            tokens += pieces.len();
        }
    }
    assert!(tokens > 500, "{tokens} round tokens checked");
}

#[test]
fn a_hexagonal_grid_holds_at_least_as_many_tokens_as_a_square_one() {
    let mut better = 0;
    let mut diameters: Vec<f64> = Vec::new();
    for case in cases() {
        for s in case.sets.iter().flat_map(|s| &s.pieces) {
            if let Shape::Circle { diameter } = s.shape {
                if !diameters.contains(&diameter) {
                    diameters.push(diameter);
                }
            }
        }
    }
    assert!(diameters.len() >= 3, "{diameters:?}");
    for paper in [Paper::A4, Paper::Letter] {
        let opts = Settings::build(&Choices { paper, ..Choices::default() }).unwrap().sheets;
        for &d in &diameters {
            let shape = Shape::Circle { diameter: d };
            let hex = capacity(shape, &opts);
            // A square grid of bleed circles a gutter apart, in either orientation.
            let cell = d + 2.0 * opts.bleed;
            let band = opts.heading_band.max(opts.footer_band);
            let fit = |a: f64| ((a + opts.gutter) / (cell + opts.gutter)).floor();
            let (w, h) = (opts.paper.width, opts.paper.height);
            let grid = |w: f64, h: f64| {
                (fit(w - 2.0 * opts.margin) * fit(h - 2.0 * (opts.margin + band))) as usize
            };
            let square = grid(w, h).max(grid(h, w));
            assert!(hex >= square, "{paper:?} {d} mm: {hex} on a hex grid, {square} square");
            if hex > square {
                better += 1;
            }
            // The grid is hexagonal: a second row half a pitch over, pitch·√3/2 down.
            let plan = &impose::plan(&blank(shape, 400), &opts)[0];
            let c: Vec<Pt> = plan.slots().map(|s| s.centre).collect();
            let p = cell + opts.gutter;
            let next = c.iter().find(|q| q.y > c[0].y + 1e-6).unwrap();
            assert!((next.y - c[0].y - p * 3f64.sqrt() / 2.0).abs() < 1e-6, "{paper:?} {d}");
            assert!((next.x - c[0].x - p / 2.0).abs() < 1e-6, "{paper:?} {d}");
        }
    }
    assert!(better > 0, "the hexagonal grid never held more");
}

#[test]
fn every_pieces_art_fills_the_largest_bleed_allowed() {
    // sheets.toml accepts a bleed up to MAX_BLEED: the background of every
    // front and back must reach that far past the cut line.
    let mut sides = 0;
    for case in cases().iter().filter(|c| c.name.ends_with("A4")) {
        for piece in case.sets.iter().flat_map(|s| &s.pieces) {
            let (w, h) = piece.shape.size();
            for art in std::iter::once(&piece.front).chain(&piece.back) {
                let Some(Item::Path { path, fill: Some(_), .. }) = art.first() else {
                    panic!("{}: {} starts with no background", case.name, piece.name);
                };
                let pts = points(path, Transform::IDENTITY);
                let (x0, x1) =
                    pts.iter().fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.x), b.max(p.x)));
                let (y0, y1) =
                    pts.iter().fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.y), b.max(p.y)));
                let (rx, ry) = (w / 2.0 + MAX_BLEED - 1e-6, h / 2.0 + MAX_BLEED - 1e-6);
                let covers = -x0 >= rx && x1 >= rx && -y0 >= ry && y1 >= ry;
                assert!(covers, "{}: {} background {x0}..{x1} x {y0}..{y1}", case.name, piece.name);
                if let Shape::Circle { diameter } = piece.shape {
                    let (_, r) = circle(&pts[..4]);
                    assert!(
                        r >= diameter / 2.0 + MAX_BLEED - 1e-6,
                        "{}: {}",
                        case.name,
                        piece.name
                    );
                }
                sides += 1;
            }
        }
    }
    assert!(sides > 100, "{sides} piece sides");
}

/// The cut outline plus bleed of every piece on a side, in page mm, as
/// rectangles (a round token's square box).
fn bleed_boxes(plan: &SheetPlan, opts: &SheetOptions) -> Vec<[f64; 4]> {
    plan.blocks
        .iter()
        .flat_map(|b| {
            let (w, h) = b.shape.size();
            let (w, h) = if b.turned { (h, w) } else { (w, h) };
            b.slots.iter().map(move |s| {
                let (x, y) = (s.centre.x, s.centre.y);
                [x - w / 2.0, y - h / 2.0, x + w / 2.0, y + h / 2.0]
            })
        })
        .map(|r| [r[0] - opts.bleed, r[1] - opts.bleed, r[2] + opts.bleed, r[3] + opts.bleed])
        .collect()
}

#[test]
fn shared_sheets_keep_their_blocks_apart() {
    let (mut shared, mut mixed) = (0, 0);
    for case in cases() {
        for (plan, front, back) in sheets(&case) {
            if plan.blocks.len() < 2 {
                continue;
            }
            shared += 1;
            let boxes = bleed_boxes(&plan, &case.opts);
            let firsts: Vec<usize> = plan
                .blocks
                .iter()
                .scan(0, |n, b| {
                    *n += b.slots.len();
                    Some(*n)
                })
                .collect();
            let block_of = |i: usize| firsts.iter().position(|f| i < *f).unwrap();
            for (i, a) in boxes.iter().enumerate() {
                let m = case.opts.margin - 1e-6;
                assert!(
                    a[0] >= m && a[1] >= m && a[2] <= plan.width - m && a[3] <= plan.height - m,
                    "{}: a piece's bleed in the margin",
                    case.name
                );
                for (j, b) in boxes.iter().enumerate().skip(i + 1) {
                    if block_of(i) == block_of(j) {
                        continue;
                    }
                    let apart = a[2] <= b[0] || b[2] <= a[0] || a[3] <= b[1] || b[3] <= a[1];
                    assert!(apart, "{}: blocks {} and {} overlap", case.name, i, j);
                }
            }
            // No crop mark crosses a piece (a hex tile's own cut lines run
            // along its edges, inside its bleed box: those boxes are left out).
            let hex = |i: usize| matches!(plan.blocks[block_of(i)].shape, Shape::Hex { .. });
            let mirrored: Vec<[f64; 4]> = boxes
                .iter()
                .map(|b| {
                    let c = Pt::new((b[0] + b[2]) / 2.0, (b[1] + b[3]) / 2.0);
                    let m = impose::back_centre(c, plan.width, plan.height, &case.opts.printer);
                    let (dx, dy) = (m.x - c.x, m.y - c.y);
                    [b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy]
                })
                .collect();
            let sides = [(&front, &boxes)].into_iter().chain(back.as_ref().map(|b| (b, &mirrored)));
            for (page, boxes) in sides {
                for mark in cut_paths(page).iter().filter(|m| m.len() == 2) {
                    for b in boxes.iter().enumerate().filter(|(i, _)| !hex(*i)).map(|(_, b)| b) {
                        let inside = |p: &Pt| {
                            p.x > b[0] + 1e-6
                                && p.x < b[2] - 1e-6
                                && p.y > b[1] + 1e-6
                                && p.y < b[3] - 1e-6
                        };
                        assert!(
                            !mark.iter().any(inside),
                            "{} {}: a crop mark on a piece",
                            case.name,
                            page.label
                        );
                    }
                }
            }
            // A one-sided block may join a two-sided sheet (when no sheet
            // printing its way had room): the sheet then has its back page,
            // and that back leaves the one-sided block's place blank (no cut
            // line there: nothing to print behind it).
            let blocks_with_back: Vec<bool> = plan
                .blocks
                .iter()
                .map(|b| b.slots.iter().any(|s| case.sets[s.set].pieces[s.piece].back.is_some()))
                .collect();
            if blocks_with_back.iter().any(|b| *b) {
                let back = back.as_ref().expect("a two-sided sheet has its back page");
                let cuts = cut_paths(back);
                for (i, b) in mirrored.iter().enumerate() {
                    if blocks_with_back[block_of(i)] {
                        continue;
                    }
                    mixed += 1;
                    let inside = |p: &Pt| p.x > b[0] && p.x < b[2] && p.y > b[1] && p.y < b[3];
                    let drawn = cuts.iter().any(|c| c.iter().any(inside));
                    assert!(!drawn, "{}: a back drawn behind a one-sided piece", case.name);
                }
            }
        }
    }
    assert!(shared > 0, "no sheet is shared");
    assert!(mixed > 0, "no one-sided piece joined a two-sided sheet (base's harbor tokens do)");
}

/// Whether the point lies inside `shape`'s cut line, `margin` mm clear of it.
fn within_cut(shape: Shape, p: Pt, margin: f64) -> bool {
    match shape {
        Shape::Circle { diameter } => dist(p, Pt::new(0.0, 0.0)) <= diameter / 2.0 - margin,
        Shape::Hex { flat } => {
            // Inside all three pairs of edges, each `margin` further in.
            let apothem = flat / 2.0 - margin;
            let s = 3f64.sqrt() / 2.0;
            p.x.abs() <= apothem
                && (0.5 * p.x + s * p.y).abs() <= apothem
                && (-0.5 * p.x + s * p.y).abs() <= apothem
        }
        Shape::Square { side } => {
            p.x.abs() <= side / 2.0 - margin && p.y.abs() <= side / 2.0 - margin
        }
        Shape::Card { width, height } => {
            p.x.abs() <= width / 2.0 - margin && p.y.abs() <= height / 2.0 - margin
        }
    }
}

#[test]
fn every_word_on_a_round_or_shaped_piece_lies_inside_its_cut_line() {
    fn walk(item: &Item, t: Transform, out: &mut Vec<(String, [Pt; 4])>) {
        match item {
            Item::Text { pos, text, style } => {
                let w = text_width(text, style.weight, style.size);
                let x = match style.anchor {
                    hexpress::scene::Anchor::Start => pos.x,
                    hexpress::scene::Anchor::Middle => pos.x - w / 2.0,
                    hexpress::scene::Anchor::End => pos.x - w,
                };
                // Cap height above the baseline, descenders below.
                let (top, bottom) = (pos.y - 0.72 * style.size, pos.y + 0.24 * style.size);
                let corners = [
                    Pt::new(x, top),
                    Pt::new(x + w, top),
                    Pt::new(x, bottom),
                    Pt::new(x + w, bottom),
                ];
                out.push((text.clone(), corners.map(|c| t.apply(c))));
            }
            Item::Group { transform, items, .. } => {
                items.iter().for_each(|i| walk(i, transform.then(t), out))
            }
            Item::Path { .. } => {}
        }
    }
    let (mut words, mut problems) = (0, Vec::new());
    for case in cases() {
        for piece in case.sets.iter().flat_map(|s| &s.pieces) {
            if matches!(piece.shape, Shape::Card { .. }) {
                continue;
            }
            for art in std::iter::once(&piece.front).chain(&piece.back) {
                let mut runs = Vec::new();
                art.iter().for_each(|i| walk(i, Transform::IDENTITY, &mut runs));
                for (text, corners) in runs.iter().filter(|(t, _)| !t.trim().is_empty()) {
                    words += 1;
                    // 0.8 mm: the 1 mm margin the art keeps, less rounding.
                    if !corners.iter().all(|c| within_cut(piece.shape, *c, 0.8)) {
                        problems.push(format!(
                            "{}: {:?} on {} crosses its cut line",
                            case.name, text, piece.name
                        ));
                    }
                }
            }
        }
    }
    problems.sort();
    problems.dedup();
    assert!(problems.is_empty(), "{} words:\n{}", problems.len(), problems.join("\n"));
    assert!(words > 1_000, "{words} words checked");
}

#[test]
fn harbor_tiles_show_their_ratio_beside_the_pictogram_towards_their_edge() {
    fn ratios(item: &Item, t: Transform, out: &mut Vec<Pt>) {
        match item {
            Item::Text { pos, text, .. } if text == "3:1" || text == "2:1" => {
                out.push(t.apply(*pos))
            }
            Item::Group { transform, items, .. } => {
                items.iter().for_each(|i| ratios(i, transform.then(t), out))
            }
            _ => {}
        }
    }
    let mut tiles = 0;
    for case in cases() {
        for piece in case.sets.iter().flat_map(|s| &s.pieces) {
            let Shape::Hex { flat } = piece.shape else { continue };
            let mut at = Vec::new();
            piece.front.iter().for_each(|i| ratios(i, Transform::IDENTITY, &mut at));
            let Some(p) = at.first() else { continue };
            // Off the centre (where the pictogram is), towards the harbor's edge.
            let g = hexpress::scene::HexGeom::new(flat);
            let k = g.corners(Pt::new(0.0, 0.0));
            let (a, b) = hexpress::compose::pieces::HARBOR_TILE_EDGE;
            let mid = Pt::new((k[a].x + k[b].x) / 2.0, (k[a].y + k[b].y) / 2.0);
            assert!(
                dist(*p, Pt::new(0.0, 0.0)) > 0.2 * flat,
                "{}: {} at {p:?}",
                case.name,
                piece.name
            );
            assert!(p.x * mid.x + p.y * mid.y > 0.0, "{}: {} faces away", case.name, piece.name);
            tiles += 1;
        }
    }
    assert!(tiles > 0, "no harbor tile among the built-ins' pieces");
}
