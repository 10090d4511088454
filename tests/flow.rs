//! Flowed documents (rules handouts): text stays in its box, pages break in
//! the right places, widths agree with usvg, output is byte-stable.
//! Regenerate the reference SVGs with `HEXPRESS_BLESS=1`.

use crate::common;

use std::sync::Arc;

use hexpress::compose::flow::{layout_document, Align, Block, Cell, FlowError, PageSpec, Span};
use hexpress::export::svg::{page_to_svg, FONT_FAMILY};
use hexpress::fonts::{text_width, vmetrics, BOLD as BOLD_TTF, REGULAR as REGULAR_TTF};
use hexpress::scene::{Anchor, Color, Item, Page, Path, Pt, Stroke, TextStyle, Weight};
use hexpress::settings::sheets::SheetOptions;
use resvg::usvg;

// ---------------------------------------------------------------- helpers

fn spec() -> PageSpec {
    PageSpec::handout(&SheetOptions::default(), "Sample scenario - seed 42")
}

/// Every text item of a page (top level; groups hold pictures only here).
fn texts(page: &Page) -> Vec<(Pt, &str, &TextStyle)> {
    page.items
        .iter()
        .filter_map(|it| match it {
            Item::Text { pos, text, style } => Some((*pos, text.as_str(), style)),
            _ => None,
        })
        .collect()
}

fn all_text(page: &Page) -> String {
    texts(page).iter().map(|t| t.1).collect::<Vec<_>>().join(" ")
}

fn body_texts(page: &Page, s: &PageSpec) -> Vec<(Pt, String, TextStyle)> {
    texts(page)
        .into_iter()
        .filter(|(p, _, _)| p.y < s.bottom())
        .map(|(p, t, st)| (p, t.to_string(), st.clone()))
        .collect()
}

fn para(text: &str) -> Block {
    Block::Paragraph(Span::parse(text))
}

/// A picture of a small hex map: flat hexes in rows, as paths.
fn map_picture() -> (f64, f64, Vec<Item>) {
    let r = 6.0;
    let h = r * 3f64.sqrt() / 2.0;
    let colors = [
        Color::rgb(0x3f, 0x8f, 0x3a),
        Color::rgb(0xd8, 0xb8, 0x3a),
        Color::rgb(0xa5, 0x4a, 0x2a),
        Color::rgb(0x8a, 0x8a, 0x8a),
        Color::rgb(0x9c, 0xcf, 0x5a),
    ];
    let mut items = vec![Item::Path {
        path: Path::rect(hexpress::scene::Rect::new(0.0, 0.0, 80.0, 60.0)),
        fill: Some(Color::rgb(0x7f, 0xb8, 0xe0)),
        stroke: None,
    }];
    let mut k = 0;
    for row in 0..5i32 {
        let n = 5 - (row - 2).abs();
        for col in 0..n {
            let cx = 40.0 + (f64::from(col) - f64::from(n - 1) / 2.0) * 2.0 * h;
            let cy = 30.0 + f64::from(row - 2) * 1.5 * r;
            let pts: Vec<Pt> =
                [(0.0, -r), (h, -r / 2.0), (h, r / 2.0), (0.0, r), (-h, r / 2.0), (-h, -r / 2.0)]
                    .iter()
                    .map(|(dx, dy)| Pt::new(cx + dx, cy + dy))
                    .collect();
            items.push(Item::Path {
                path: Path::polygon(&pts),
                fill: Some(colors[k % colors.len()]),
                stroke: Some(Stroke::solid(Color::WHITE, 0.4)),
            });
            k += 1;
        }
    }
    (80.0, 60.0, items)
}

/// A rules handout shaped like the real ones (text in our own words).
fn sample() -> Vec<Block> {
    let (w, h, map) = map_picture();
    let mut region_rows = Vec::new();
    for (i, name) in
        ["North Reach", "Ember Coast", "Salt Flats", "Misty Shelf", "Far Islet"].iter().enumerate()
    {
        region_rows.push(vec![
            Cell::new(&format!("**{name}**")),
            Cell::new(
                [
                    "2 forest, 1 pasture, 1 hills",
                    "3 mountains",
                    "1 fields, 2 pasture, 1 gold river",
                    "face-down sea and 2 fog hexes, shuffled after the frame is built",
                    "1 desert",
                ][i],
            ),
            Cell::new(
                [
                    "5, 9, 10, 11",
                    "4, 6, 8",
                    "3, 4, 9, 10",
                    "drawn when revealed",
                    "none; see Longwordwithoutanyspacesatall",
                ][i],
            ),
            Cell::new(&(i + 2).to_string()).aligned(Align::Right),
        ]);
    }
    let mut events = Vec::new();
    for i in 1..=22 {
        events.push(vec![
            Cell::new(&i.to_string()).aligned(Align::Right),
            Cell::new(if i % 4 == 0 {
                "A storm closes one harbor of the active player's choice until the end of the next round; ships there may not move."
            } else if i % 3 == 0 {
                "Each player with a settlement on the coast draws one resource of the terrain beside it."
            } else {
                "Nothing happens."
            }),
            Cell::new(if i % 2 == 0 { "**yes**" } else { "no" }).aligned(Align::Center),
        ]);
    }
    vec![
        Block::Paragraph(vec![
            Span::plain("Two ragged islands lie off the coast, and the fog between them hides "),
            Span::bold("gold"),
            Span::plain(". Settle the mainland, build ships, and be the first to chart the strait."),
        ]),
        Block::Heading { level: 1, text: "What you need".into() },
        Block::Bullets(vec![
            Span::parse("The **base game** and the **seafarers** extension (frame, sea hexes, ships)."),
            Span::parse("For 5 or 6 players, both **5-6 player** extensions."),
            Span::parse("This handout, the printed map and the chips sheet."),
        ]),
        Block::Heading { level: 2, text: "Players and victory".into() },
        para("Three or four players. The first player to reach **13 victory points** on their own turn wins. Each island settled for the first time is worth **one** extra point, marked with a chip under the settlement."),
        Block::Heading { level: 1, text: "Setup".into() },
        para("The frame, the harbors of the mainland and the desert are fixed. Everything else is dealt from the region pools below, then the number chips go on in the order printed on the map. Keep the fog hexes face down; they are turned over when a ship first touches them."),
        Block::KeepTogether(vec![
            Block::Image { width: w, height: h, items: map },
            Block::Paragraph(vec![Span::plain("The map of seed 42 (the same as on the printed sheet).")]),
        ]),
        Block::Table {
            header: vec!["Region".into(), "Tiles".into(), "Chips".into(), "Hexes".into()],
            rows: region_rows,
            col_widths: None,
        },
        Block::Heading { level: 2, text: "Building costs".into() },
        Block::Table {
            header: vec!["Piece".into(), "Cost".into(), "Points".into()],
            rows: vec![
                vec![Cell::new("Road"), Cell::new("1 brick, 1 lumber"), Cell::new("0").aligned(Align::Right)],
                vec![Cell::new("Ship"), Cell::new("1 lumber, 1 wool"), Cell::new("0").aligned(Align::Right)],
                vec![Cell::new("Settlement"), Cell::new("1 brick, 1 lumber, 1 wool, 1 grain"), Cell::new("1").aligned(Align::Right)],
                vec![Cell::new("City"), Cell::new("2 grain, 3 ore"), Cell::new("2").aligned(Align::Right)],
                vec![Cell::new("Development card"), Cell::new("1 wool, 1 grain, 1 ore"), Cell::new("-").aligned(Align::Right)],
            ],
            col_widths: None,
        },
        Block::Heading { level: 1, text: "Special rules".into() },
        Block::Heading { level: 2, text: "The fog".into() },
        para(&"A ship that ends its move next to a face-down hex turns it over. If it shows land, the owner takes one resource of that land as a reward; if it shows sea, nothing happens and the ship may keep exploring on a later turn. ".repeat(3)),
        Block::Heading { level: 2, text: "Gold river".into() },
        para("Whoever has a settlement on the gold river takes **any one resource** of their choice instead of gold; a city takes two, which may differ. The robber may be placed on the gold river like on any other land hex."),
        Block::Heading { level: 2, text: "Harbor events".into() },
        para("Roll a die at the start of each round and read the table. Events with **yes** in the last column last one full round."),
        Block::Table {
            header: vec!["Roll".into(), "Event".into(), "Lasts".into()],
            rows: events,
            col_widths: Some(vec![1.0, 8.0, 1.5]),
        },
        Block::Heading { level: 2, text: "Pirate fleet".into() },
        para(&"The pirate moves like the robber but only on sea hexes; ships next to it cannot move, and a player who places it may steal from one ship owner beside it. ".repeat(4)),
        Block::Heading { level: 3, text: "Long names".into() },
        para("Words wider than the column break inside: Supercalifragilisticexpialidociouslylongharborname and http://example.org/a/very/long/path/that/never/ends/and/keeps/going/on."),
    ]
}

// ------------------------------------------------------- width agreement

fn fontdb() -> Arc<usvg::fontdb::Database> {
    let mut db = usvg::fontdb::Database::new();
    db.load_font_source(usvg::fontdb::Source::Binary(Arc::new(REGULAR_TTF)));
    db.load_font_source(usvg::fontdb::Source::Binary(Arc::new(BOLD_TTF)));
    db.set_sans_serif_family(FONT_FAMILY);
    Arc::new(db)
}

fn usvg_tree(svg: &str) -> usvg::Tree {
    let opt = usvg::Options {
        font_family: FONT_FAMILY.to_string(),
        fontdb: fontdb(),
        ..usvg::Options::default()
    };
    usvg::Tree::from_str(svg, &opt).expect("parses")
}

fn usvg_texts(g: &usvg::Group, out: &mut Vec<usvg::Rect>) {
    for n in g.children() {
        match n {
            usvg::Node::Text(t) => out.push(t.abs_bounding_box()),
            usvg::Node::Group(g) => usvg_texts(g, out),
            _ => {}
        }
    }
}

fn one_line_page(text: &str, weight: Weight, size: f64, x: f64) -> Page {
    let mut p = Page::new(210.0, 297.0, "w");
    p.push(Item::Text {
        pos: Pt::new(x, 50.0),
        text: text.into(),
        style: TextStyle {
            size,
            weight,
            anchor: Anchor::Start,
            color: Color::BLACK,
            role: hexpress::scene::TextRole::Body,
        },
    });
    p
}

#[test]
fn measured_widths_match_usvg_layout() {
    let cases = [
        ("The robber moves to any land hex.", Weight::Regular, 3.528),
        ("AVAST! Wave, Tow, Yo-yo: kerning pairs.", Weight::Regular, 4.0),
        ("Settlement: 1 brick, 1 lumber, 1 wool, 1 grain", Weight::Bold, 5.468),
        ("fi fl ffi office", Weight::Regular, 3.0),
        ("Victory points", Weight::Bold, 7.056),
    ];
    for (text, weight, size) in cases {
        let ours = text_width(text, weight, size);
        let tree = usvg_tree(&page_to_svg(&one_line_page(text, weight, size, 20.0)));
        let mut boxes = Vec::new();
        usvg_texts(tree.root(), &mut boxes);
        assert_eq!(boxes.len(), 1, "usvg dropped the text {text:?}");
        // usvg's text box is the advance box; the tree is in px at 96 dpi.
        let px_per_mm = f64::from(tree.size().width()) / 210.0;
        let b = boxes[0];
        let (x, w) = (f64::from(b.x()) / px_per_mm, f64::from(b.width()) / px_per_mm);
        assert!((x - 20.0).abs() < 0.01, "{text:?} starts at {x}");
        assert!((w - ours).abs() < 0.2, "{text:?}: usvg {w:.3} mm, ours {ours:.3} mm");
        assert!((w - ours).abs() < 0.005, "{text:?}: usvg {w:.4} mm, ours {ours:.4} mm");
    }
}

#[test]
fn every_laid_out_line_fits_in_usvg_too() {
    let s = spec();
    let pages = layout_document("The Foggy Strait", &sample(), &s).unwrap();
    for page in &pages {
        let tree = usvg_tree(&page_to_svg(page));
        let mut boxes = Vec::new();
        usvg_texts(tree.root(), &mut boxes);
        assert_eq!(boxes.len(), texts(page).len(), "usvg dropped text on {}", page.label);
        let px_per_mm = f64::from(tree.size().width()) / s.width;
        for b in boxes {
            let (l, r) = (f64::from(b.left()) / px_per_mm, f64::from(b.right()) / px_per_mm);
            assert!(l >= s.left() - 0.01 && r <= s.right() + 0.01, "{}: {l}..{r}", page.label);
        }
    }
}

// ------------------------------------------------------------- geometry

fn assert_in_text_area(pages: &[Page], s: &PageSpec) {
    let vm = vmetrics();
    for page in pages {
        assert_eq!((page.width, page.height), (s.width, s.height));
        for (pos, text, style) in texts(page) {
            assert!(!text.is_empty() && text.trim() == text, "{text:?}");
            assert_eq!(style.anchor, Anchor::Start);
            let w = text_width(text, style.weight, style.size);
            assert!(pos.x >= s.left() - 1e-6, "{text:?} starts left of the margin");
            assert!(
                pos.x + w <= s.right() + 1e-6,
                "{text:?} ends at {} > {}",
                pos.x + w,
                s.right()
            );
            if pos.y < s.bottom() {
                assert!(pos.y - vm.ascent * style.size >= s.top() - 1e-6, "{text:?} above the top");
                assert!(pos.y + vm.descent * style.size <= s.bottom() + 1e-6, "{text:?} below");
            } else {
                // Footer: inside the bottom margin, clear of the paper edge.
                assert!(pos.y + vm.descent * style.size <= s.height - 5.0, "{text:?} footer");
            }
        }
    }
}

#[test]
fn no_text_leaves_the_text_area() {
    let s = spec();
    let pages = layout_document("The Foggy Strait", &sample(), &s).unwrap();
    assert!(pages.len() >= 3);
    assert_in_text_area(&pages, &s);
    let letter = PageSpec::handout(&SheetOptions::default().with_paper("letter").unwrap(), "x");
    assert_in_text_area(&layout_document("The Foggy Strait", &sample(), &letter).unwrap(), &letter);
    let mut narrow = spec();
    narrow.width = 140.0;
    narrow.base_size = 4.2;
    assert_in_text_area(&layout_document("The Foggy Strait", &sample(), &narrow).unwrap(), &narrow);
}

#[test]
fn long_paragraphs_wrap_and_flow_onto_the_next_page() {
    let s = spec();
    let sentence = "Ships carry no cargo but claim the sea lanes between islands. ";
    let pages = layout_document("", &[para(&sentence.repeat(8))], &s).unwrap();
    assert_eq!(pages.len(), 1);
    let lines = body_texts(&pages[0], &s);
    assert!(lines.len() >= 5, "{} lines", lines.len());
    // Lines stack downwards at one pitch, all starting at the margin.
    for pair in lines.windows(2) {
        assert!((pair[1].0.y - pair[0].0.y - s.base_size * s.line_height).abs() < 1e-9);
        assert_eq!(pair[1].0.x, s.left());
    }
    let words: Vec<String> =
        lines.iter().flat_map(|l| l.1.split(' ').map(String::from).collect::<Vec<_>>()).collect();
    assert_eq!(words.join(" "), sentence.repeat(8).trim());

    let pages = layout_document("", &[para(&sentence.repeat(150))], &s).unwrap();
    assert!(pages.len() >= 2);
    let first = body_texts(&pages[0], &s);
    let last_y = first.last().unwrap().0.y;
    assert!(last_y > s.bottom() - 2.0 * s.base_size * s.line_height, "page 1 not filled");
    let all: Vec<String> = pages.iter().flat_map(|p| body_texts(p, &s)).map(|t| t.1).collect();
    assert_eq!(all.join(" "), sentence.repeat(150).trim());
}

#[test]
fn a_heading_never_ends_a_page() {
    let s = spec();
    let mut moved = 0;
    for k in 20..50 {
        let mut blocks: Vec<Block> = (0..k).map(|i| para(&format!("Filler line {i}."))).collect();
        blocks.push(Block::Heading { level: 2, text: "Robber".into() });
        blocks.push(para(&"The robber blocks production on the hex he stands on. ".repeat(6)));
        let pages = layout_document("", &blocks, &s).unwrap();
        let (pi, page) = pages
            .iter()
            .enumerate()
            .find(|(_, p)| texts(p).iter().any(|t| t.1 == "Robber"))
            .unwrap();
        let body = body_texts(page, &s);
        let at = body.iter().position(|t| t.1 == "Robber").unwrap();
        assert!(at + 2 < body.len(), "k={k}: heading followed by {} lines", body.len() - at - 1);
        if pi >= 1 && at == 0 {
            moved += 1;
        }
    }
    assert!(moved >= 1, "no case put the heading at a page foot");
}

#[test]
fn table_rows_never_split_and_headers_repeat() {
    let s = spec();
    let rows: Vec<Vec<Cell>> = (1..=60)
        .map(|i| {
            vec![
                Cell::new(&format!("R{i}")),
                Cell::new(
                    &format!("row{i}a row{i}b row{i}c row{i}d row{i}e row{i}f row{i}g ").repeat(2),
                ),
            ]
        })
        .collect();
    let blocks = vec![
        para(&"Intro text before the table. ".repeat(20)),
        Block::Table {
            header: vec!["Key".into(), "Words".into()],
            rows,
            col_widths: Some(vec![1.0, 1.2]),
        },
    ];
    let pages = layout_document("", &blocks, &s).unwrap();
    assert!(pages.len() >= 2);
    for i in 1..=60 {
        let of_row = |t: &str| {
            t.split(' ').any(|w| {
                w.strip_prefix(&format!("row{i}")).is_some_and(|r| r.len() == 1 && r < "h")
            })
        };
        let on: Vec<usize> = pages
            .iter()
            .enumerate()
            .filter(|(_, p)| texts(p).iter().any(|t| of_row(t.1)))
            .map(|(n, _)| n)
            .collect();
        assert_eq!(on.len(), 1, "row {i} is on pages {on:?}");
        // The multi-line cell really wrapped.
        let n = texts(&pages[on[0]]).iter().filter(|t| of_row(t.1)).count();
        assert!(n >= 2, "row {i} has {n} lines");
    }
    // Every page the table is on starts its part with the header.
    for p in &pages {
        let body = body_texts(p, &s);
        let has_rows = body.iter().any(|t| t.1.starts_with('R') && t.1[1..].parse::<u32>().is_ok());
        let first_row =
            body.iter().position(|t| t.1.starts_with('R') && t.1[1..].parse::<u32>().is_ok());
        let header = body.iter().position(|t| t.1 == "Key");
        if has_rows {
            assert!(header.is_some() && header < first_row, "{}: rows without header", p.label);
        }
        // And never a header as the page's last row.
        if let Some(h) = header {
            assert!(first_row.is_some_and(|r| r > h), "{}: lone header", p.label);
        }
    }
}

#[test]
fn keep_together_moves_as_one() {
    let s = spec();
    for k in 30..60 {
        let mut blocks: Vec<Block> = (0..k).map(|i| para(&format!("Line {i}."))).collect();
        blocks.push(Block::KeepTogether(vec![
            para("KT start"),
            para(&"Middle words of the kept group. ".repeat(10)),
            para("KT end"),
        ]));
        let pages = layout_document("", &blocks, &s).unwrap();
        let find = |needle: &str| {
            pages.iter().position(|p| texts(p).iter().any(|t| t.1 == needle)).unwrap()
        };
        assert_eq!(find("KT start"), find("KT end"), "k={k}");
    }
}

#[test]
fn page_numbers_count_pages() {
    let s = spec();
    let pages = layout_document("The Foggy Strait", &sample(), &s).unwrap();
    let m = pages.len();
    for (i, p) in pages.iter().enumerate() {
        let t = all_text(p);
        assert!(t.contains(&format!("page {} of {m}", i + 1)), "{t}");
        assert!(t.contains("Sample scenario - seed 42"));
        assert_eq!(p.label, format!("page {}", i + 1));
    }
    assert!(all_text(&pages[0]).starts_with("The Foggy Strait"));
    // An explicit page break adds a page; a break at a page top does not.
    let one = layout_document("", &[para("a")], &s).unwrap();
    let two = layout_document(
        "",
        &[Block::PageBreak, para("a"), Block::PageBreak, Block::PageBreak, para("b")],
        &s,
    )
    .unwrap();
    assert_eq!((one.len(), two.len()), (1, 2));
    assert!(all_text(&two[1]).contains("page 2 of 2"));
    let empty = layout_document("", &[], &s).unwrap();
    assert_eq!(empty.len(), 1);
}

#[test]
fn bad_input_gives_clear_errors() {
    let s = spec();
    let t = |rows: Vec<Vec<Cell>>, w: Option<Vec<f64>>| {
        layout_document(
            "",
            &[Block::Table { header: vec!["A".into(), "B".into()], rows, col_widths: w }],
            &s,
        )
    };
    let e = t(vec![vec![Cell::new("1")]], None).unwrap_err();
    assert!(e.to_string().contains("row 1 has 1 cells"), "{e}");
    assert!(matches!(t(vec![], Some(vec![1.0])), Err(FlowError::BadTable { .. })));
    assert!(matches!(t(vec![], Some(vec![1.0, -1.0])), Err(FlowError::BadTable { .. })));
    let e = layout_document("", &[para("Go → there")], &s).unwrap_err();
    assert!(e.to_string().contains("U+2192"), "{e}");
    let mut bad = spec();
    bad.margins.left = 200.0;
    assert!(matches!(layout_document("", &[], &bad), Err(FlowError::BadSpec(_))));
    bad = spec();
    bad.line_height = f64::NAN;
    assert!(matches!(layout_document("", &[], &bad), Err(FlowError::BadSpec(_))));
    // A row taller than a page continues on the next pages, every word kept,
    // each part under the repeated header.
    let huge = vec![vec![Cell::new("x"), Cell::new(&"word ".repeat(3000))]];
    let pages = t(huge, None).expect("a tall row continues on the next page");
    assert!(pages.len() >= 2, "{} pages", pages.len());
    let words: usize = pages.iter().map(|p| all_text(p).matches("word").count()).sum();
    assert_eq!(words, 3000);
    for p in &pages {
        assert!(texts(p).iter().any(|t| t.1 == "A"), "{}: no header", p.label);
    }
    let img = Block::Image { width: 0.0, height: 5.0, items: vec![] };
    assert!(matches!(layout_document("", &[img], &s), Err(FlowError::BadImage { .. })));
}

// --------------------------------------------------- golden and stability

fn sample_svgs() -> Vec<String> {
    let pages = layout_document("The Foggy Strait", &sample(), &spec()).expect("sample lays out");
    pages.iter().map(page_to_svg).collect()
}

#[test]
fn sample_matches_reference_svgs() {
    let svgs = sample_svgs();
    for (i, svg) in svgs.iter().enumerate() {
        common::check_golden(&format!("tests/ref/svg/flow-sample-{}.svg", i + 1), svg);
    }
    let extra = format!("tests/ref/svg/flow-sample-{}.svg", svgs.len() + 1);
    let extra_path = common::crate_path(&extra);
    if common::bless() {
        let _ = std::fs::remove_file(&extra_path);
    }
    assert!(!extra_path.exists(), "{extra} exists: the sample has fewer pages than its reference");
    if let Some(dir) = std::env::var_os("HEXPRESS_FLOW_PNG") {
        let dpi = std::env::var("HEXPRESS_FLOW_DPI").ok().and_then(|d| d.parse().ok());
        write_pngs(&svgs, std::path::Path::new(&dir), dpi.unwrap_or(60.0));
    }
}

#[test]
fn same_input_same_bytes() {
    assert_eq!(sample_svgs(), sample_svgs());
}

/// Renders pages to PNG for looking at (`HEXPRESS_FLOW_PNG=dir`).
fn write_pngs(svgs: &[String], dir: &std::path::Path, dpi: f64) {
    std::fs::create_dir_all(dir).expect("create PNG directory");
    for (i, svg) in svgs.iter().enumerate() {
        let tree = usvg_tree(svg);
        let scale = (dpi / 96.0) as f32;
        let size = tree.size();
        let (w, h) = ((size.width() * scale).ceil() as u32, (size.height() * scale).ceil() as u32);
        let mut pix = resvg::tiny_skia::Pixmap::new(w, h).expect("page has a size");
        pix.fill(resvg::tiny_skia::Color::WHITE);
        resvg::render(
            &tree,
            resvg::tiny_skia::Transform::from_scale(scale, scale),
            &mut pix.as_mut(),
        );
        pix.save_png(dir.join(format!("flow-sample-{}.png", i + 1))).expect("write PNG");
    }
}

#[test]
fn oversized_keep_together_still_flows() {
    let s = spec();
    let mut blocks: Vec<Block> = (0..10).map(|i| para(&format!("Line {i}."))).collect();
    blocks.push(Block::KeepTogether(vec![
        Block::Heading { level: 2, text: "Kept".into() },
        para(&"A group longer than one page has to break somewhere after all. ".repeat(120)),
    ]));
    let pages = layout_document("", &blocks, &s).unwrap();
    assert!(pages.len() >= 2);
    assert_in_text_area(&pages, &s);
    // It starts on the first page (no pointless empty space), heading not last.
    let body = body_texts(&pages[0], &s);
    let at = body.iter().position(|t| t.1 == "Kept").unwrap();
    assert!(at + 2 < body.len());
}

#[test]
#[ignore = "timing, run by hand"]
fn timing() {
    let t = std::time::Instant::now();
    for _ in 0..20 {
        layout_document("The Foggy Strait", &sample(), &spec()).unwrap();
    }
    eprintln!("layout: {:?} per sample", t.elapsed() / 20);
}
