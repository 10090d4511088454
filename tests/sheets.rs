//! Print sheets: margins, duplex mirroring, shared hex cut lines, footers,
//! a golden SVG and the PDF's pages.
#![allow(clippy::unwrap_used)]

use crate::common;

use hexpress::compose::job::{print_job, PrintJob};
use hexpress::compose::map::Notes;
use hexpress::compose::pieces::component_sets;
use hexpress::compose::pieces::duplex;
use hexpress::compose::pieces::footers::{stamp_footers, FooterInfo};
use hexpress::compose::pieces::impose::{self, back_centre, cut_color};
use hexpress::compose::pieces::piece::{Piece, PieceSet, Shape};
use hexpress::compose::pieces::theme_art::ThemeArt;
use hexpress::diag::Source;
use hexpress::model::costs::Pay;
use hexpress::model::material::{
    Building, CastawayTokens, Components, FishTokens, Goods, TradeTokens,
};
use hexpress::model::Scenario;
use hexpress::scene::{Color, Item, Page, Path, Pt, Rect, Seg, Side, Transform};
use hexpress::settings::sheets::{Duplex, Orientation, SheetOptions, MIN_MARGIN};
use hexpress::settings::{Choices, Paper, Settings};
use hexpress::solve::Layout;
use hexpress::theme::Theme;
use hexpress::vocab::Resource;

/// A small island with a face-down region holding a harbor tile.
const FOG: &str = r#"
[scenario]
id = "fog-test"
title = "Fog test"
players = [4]

[legend]
"~" = "sea"
F = { terrain = "forest", number = 4 }
"?" = { region = "fog" }
h = { harbor = "random" }

[[map]]
players = [4]
hexes = """
    ~   h   ~   ~
  h   F   F   ?   ~
    ~   F   ?   ?   ~
  ~   ?   ?   ?   ~
    ~   ~   ~   ~
"""

[map.regions.fog]
name = "Fog"
face_down = true
tiles = { hills = 2, mountains = 1, gold = 1, harbor = 1, sea = 1 }
numbers = [5, 6, 8, 9]
harbors = ["ore"]

[map.harbors]
pool = ["3:1", "wool"]
"#;

fn fog() -> (Scenario, Layout) {
    let scenario = hexpress::model::load(&Source::new("fog.toml".to_string(), FOG))
        .unwrap_or_else(|d| panic!("{d:?}"));
    let layout = hexpress::solve::solve(&scenario, 4, 7, &Default::default()).unwrap();
    (scenario, layout)
}

/// The fog scenario declaring `components` in its `[components]`, and its
/// layout.
fn fog_with(components: Components) -> (Scenario, Layout) {
    let (mut s, l) = fog();
    s.game.components = components;
    (s, l)
}

/// Fish tokens as published: 11, 10 and 8 with one, two and three fish,
/// and the old boot.
fn published_fish() -> Components {
    let fish = FishTokens { one: 11, two: 10, three: 8, old_boot: 1 };
    Components { fish_tokens: Some(fish), ..Default::default() }
}

/// REFERENCE.md's published counts (fishermen, trade hexes, gold).
fn reference_components() -> Components {
    let trade = |building, goods: [Goods; 2]| TradeTokens {
        building,
        goods: goods.iter().map(|&g| (g, 6)).collect(),
    };
    let r = Pay::Resource;
    Components {
        counted: vec![(hexpress::scenario::token_table::Counted::GoldChits, 40)],
        trade_tokens: vec![
            trade(Building::Castle, [Goods::Tools, Goods::Sand]),
            trade(Building::Quarry, [Goods::Sand, Goods::Marble]),
            trade(Building::Glassworks, [Goods::Glass, Goods::Tools]),
        ],
        castaway_tokens: vec![
            CastawayTokens {
                cost: vec![(r(Resource::Lumber), 1), (r(Resource::Wool), 1)],
                count: 2,
            },
            CastawayTokens { cost: vec![(r(Resource::Ore), 2)], count: 1 },
        ],
        fishing_grounds: vec![4, 5, 6, 8, 9, 10],
        ..published_fish()
    }
}

fn all_sets(opts: &SheetOptions) -> Vec<PieceSet> {
    let (s, l) = fog_with(reference_components());
    component_sets(&l, &s, &opts.sizes, &shipped_art())
}

/// The art the product draws: the shipped theme in colour.
fn shipped_art() -> ThemeArt<'static> {
    static THEME: std::sync::OnceLock<Theme> = std::sync::OnceLock::new();
    ThemeArt { theme: THEME.get_or_init(Theme::builtin), mode: hexpress::theme::Mode::Colour }
}

/// The pieces imposed as production does, with footers numbering their
/// sheets as a document of their own (as in `components.pdf`).
fn impose(sets: &[PieceSet], opts: &SheetOptions, footer: &FooterInfo) -> Vec<Page> {
    let mut pages = impose::impose(sets, opts).pages();
    stamp_footers(&mut pages, opts, footer);
    pages
}

fn footer() -> FooterInfo {
    FooterInfo { scenario: "Fog test".into(), seed: 7, version: "9.9.9".into() }
}

/// Every point a path visits, through a transform.
fn points(p: &Path, t: Transform) -> Vec<Pt> {
    p.segs
        .iter()
        .flat_map(|s| match s {
            Seg::Move(a) | Seg::Line(a) => vec![*a],
            Seg::Cubic(a, b, c) => vec![*a, *b, *c],
            Seg::Close => vec![],
        })
        .map(|a| t.apply(a))
        .collect()
}

/// Bounding box of what an item can paint: a clipped group paints at most its clip.
fn bounds(item: &Item, t: Transform, out: &mut Vec<Pt>) {
    match item {
        Item::Path { path, .. } => out.extend(points(path, t)),
        Item::Text { pos, style, .. } => {
            let p = t.apply(*pos);
            out.push(Pt::new(p.x, p.y - style.size));
            out.push(Pt::new(p.x, p.y + style.size * 0.3));
        }
        Item::Group { transform, clip, items } => {
            let inner = transform.then(t);
            match clip {
                Some(c) => out.extend(points(c, inner)),
                None => items.iter().for_each(|i| bounds(i, inner, out)),
            }
        }
    }
}

/// Pieces placed on a page: centre (page coordinates) of every clipped group.
fn piece_centres(page: &Page) -> Vec<Pt> {
    fn walk(item: &Item, t: Transform, out: &mut Vec<Pt>) {
        if let Item::Group { transform, clip, items } = item {
            let inner = transform.then(t);
            if clip.is_some() {
                out.push(inner.apply(Pt::new(0.0, 0.0)));
            } else {
                items.iter().for_each(|i| walk(i, inner, out));
            }
        }
    }
    let mut out = Vec::new();
    page.items.iter().for_each(|i| walk(i, Transform::IDENTITY, &mut out));
    out
}

fn texts(page: &Page) -> Vec<String> {
    fn walk(item: &Item, out: &mut Vec<String>) {
        match item {
            Item::Text { text, .. } => out.push(text.clone()),
            Item::Group { items, .. } => items.iter().for_each(|i| walk(i, out)),
            Item::Path { .. } => {}
        }
    }
    let mut out = Vec::new();
    page.items.iter().for_each(|i| walk(i, &mut out));
    out
}

#[test]
fn everything_stays_inside_the_printable_area() {
    for paper in ["a4", "letter", "a3"] {
        for o in [Orientation::Portrait, Orientation::Landscape, Orientation::Auto] {
            let mut opts = SheetOptions::default().with_paper(paper).unwrap();
            opts.orientation = o;
            let sets = all_sets(&opts);
            assert!(impose::unplaced(&sets, &opts).is_empty());
            let pages = impose(&sets, &opts, &footer());
            // Small sets share sheets (issue 22): fewer pages on larger paper.
            assert!(pages.len() >= 4, "{paper} {o:?}: {}", pages.len());
            let placed: usize = pages
                .iter()
                .filter(|p| !(p.side == Side::Back))
                .map(|p| piece_centres(p).len())
                .sum();
            let wanted: u32 = sets.iter().flat_map(|s| &s.pieces).map(|p| p.count).sum();
            assert_eq!(placed, wanted as usize, "{paper} {o:?}");
            for page in &pages {
                if o == Orientation::Portrait {
                    assert!(page.width < page.height, "{paper} {}", page.label);
                }
                if o == Orientation::Landscape {
                    assert!(page.width > page.height, "{paper} {}", page.label);
                }
                let mut pts = Vec::new();
                page.items.iter().for_each(|i| bounds(i, Transform::IDENTITY, &mut pts));
                for p in pts {
                    assert!(
                        p.x >= MIN_MARGIN - 1e-6
                            && p.y >= MIN_MARGIN - 1e-6
                            && p.x <= page.width - MIN_MARGIN + 1e-6
                            && p.y <= page.height - MIN_MARGIN + 1e-6,
                        "{paper} {o:?} {}: {p:?} outside the printable area",
                        page.label
                    );
                }
            }
        }
    }
}

#[test]
fn auto_orientation_fits_at_least_as_many() {
    let mut opts = SheetOptions::default();
    let hex = PieceSet {
        title: "Tiles".into(),
        pieces: vec![Piece {
            name: "tile".into(),
            shape: Shape::Hex { flat: 76.0 },
            front: vec![],
            back: None,
            count: 24,
        }],
        coded: false,
    };
    let count = |opts: &SheetOptions| impose::plan(std::slice::from_ref(&hex), opts).len();
    let auto = count(&opts);
    opts.orientation = Orientation::Portrait;
    let portrait = count(&opts);
    opts.orientation = Orientation::Landscape;
    let landscape = count(&opts);
    assert_eq!(auto, portrait.min(landscape), "{auto} {portrait} {landscape}");
}

fn mirror_case(duplex: Duplex, orientation: Orientation) {
    let mut opts = SheetOptions { orientation, ..Default::default() };
    opts.printer.duplex = duplex;
    opts.printer.back_offset_x = 1.5;
    opts.printer.back_offset_y = -0.75;
    opts.printer.scale_x = 1.01;
    opts.printer.scale_y = 0.99;
    let (s, l) = fog_with(published_fish());
    let sets = component_sets(&l, &s, &opts.sizes, &shipped_art());
    let pages = impose(&sets, &opts, &footer());
    let plans = impose::plan(&sets, &opts);
    let mut i = 0;
    let mut checked = 0;
    for plan in &plans {
        let front = &pages[i];
        let back = &pages[i + 1];
        assert!(
            back.side == Side::Back && back.label.ends_with(impose::BACK_SUFFIX),
            "{}",
            back.label
        );
        let (w, h) = (front.width, front.height);
        let scale =
            |p: Pt| Pt::new((p.x - w / 2.0) * 1.01 + w / 2.0, (p.y - h / 2.0) * 0.99 + h / 2.0);
        let fc = piece_centres(front);
        let bc = piece_centres(back);
        assert_eq!(fc.len(), bc.len());
        let landscape = w > h;
        for (k, (f, b)) in fc.iter().zip(&bc).enumerate() {
            let planned = plan.slots().nth(k).expect("a slot").centre;
            assert!((scale(planned).x - f.x).abs() < 1e-9 && (scale(planned).y - f.y).abs() < 1e-9);
            // Mirror by hand: long edge of a portrait page = left-right.
            let lr = (duplex == Duplex::Long) != landscape;
            let m = if lr {
                Pt::new(w - planned.x + 1.5, planned.y - 0.75)
            } else {
                Pt::new(planned.x + 1.5, h - planned.y - 0.75)
            };
            let want = scale(m);
            assert!(
                (want.x - b.x).abs() < 1e-9 && (want.y - b.y).abs() < 1e-9,
                "{duplex:?} {orientation:?}: back {b:?} != {want:?}"
            );
            assert_eq!(back_centre(planned, w, h, &opts.printer), m);
            checked += 1;
        }
        i += 2;
    }
    assert_eq!(i, pages.len());
    assert!(checked >= 30, "{checked}");
}

#[test]
fn backs_mirror_fronts_with_the_printer_offset() {
    for d in [Duplex::Long, Duplex::Short] {
        for o in [Orientation::Portrait, Orientation::Landscape] {
            mirror_case(d, o);
        }
    }
}

#[test]
fn hex_tiles_share_cut_lines() {
    let opts = SheetOptions::default();
    let grounds = Components { fishing_grounds: vec![4, 5, 6, 8, 9, 10], ..Default::default() };
    let (s, l) = fog_with(grounds);
    let sets: Vec<PieceSet> = component_sets(&l, &s, &opts.sizes, &shipped_art())
        .into_iter()
        .filter(|s| s.pieces.iter().all(|p| matches!(p.shape, Shape::Hex { .. })))
        .collect();
    let pages = impose(&sets, &opts, &footer());
    let mut tiles = 0;
    let mut segments = 0;
    for page in &pages {
        let n = piece_centres(page).len();
        fn cut(item: &Item, color: Color, out: &mut usize) {
            match item {
                Item::Path { path, stroke: Some(s), fill: None } if s.color == color => {
                    *out += path.segs.iter().filter(|s| matches!(s, Seg::Move(_))).count();
                }
                Item::Group { items, .. } => items.iter().for_each(|i| cut(i, color, out)),
                _ => {}
            }
        }
        let mut c = 0;
        page.items.iter().for_each(|i| cut(i, cut_color(&opts), &mut c));
        if page.side == Side::Back {
            continue;
        }
        if n > 1 {
            assert!(c < 6 * n, "{}: {c} cut segments for {n} tiles", page.label);
        }
        tiles += n;
        segments += c;
    }
    // 6 face-down fog tiles + 6 fishing grounds.
    assert_eq!(
        tiles,
        12,
        "{:?}",
        pages.iter().map(|p| (&p.label, piece_centres(p).len())).collect::<Vec<_>>()
    );
    assert!(segments < 6 * tiles, "{segments}");
}

#[test]
fn footers_number_the_sheets() {
    let opts = SheetOptions::default();
    let pages = impose(&all_sets(&opts), &opts, &footer());
    let fronts = pages.iter().filter(|p| !(p.side == Side::Back)).count();
    let mut n = 0;
    for page in &pages {
        let back = page.side == Side::Back;
        if !back {
            n += 1;
        }
        let want = format!(
            "Fog test · seed 7 · hexpress v9.9.9 · sheet {n} of {fronts}{} · print at 100 %",
            if back { " (back)" } else { "" }
        );
        let t = texts(page);
        assert_eq!(t.iter().filter(|s| s.contains("print at 100 %")).count(), 1);
        assert!(t.contains(&want), "{}: {want:?} not in {t:?}", page.label);
    }
    assert_eq!(n, fronts);
}

#[test]
fn pages_carry_trim_and_bleed_boxes() {
    let opts = SheetOptions::default();
    for page in impose(&all_sets(&opts), &opts, &footer()) {
        let t: Rect = page.trim.unwrap();
        let b: Rect = page.bleed.unwrap();
        assert_eq!(b, t.inflate(opts.bleed));
        assert!(b.x >= MIN_MARGIN && b.x + b.w <= page.width - MIN_MARGIN, "{}", page.label);
    }
}

#[test]
fn mono_sheets_use_no_colour() {
    let opts = SheetOptions { mono: true, ..Default::default() };
    let (s, l) = fog_with(reference_components());
    let sets = component_sets(
        &l,
        &s,
        &opts.sizes,
        &ThemeArt { theme: &Theme::builtin(), mode: hexpress::theme::Mode::BlackAndWhite },
    );
    fn walk(item: &Item, bad: &mut Vec<Color>) {
        match item {
            Item::Path { fill: Some(c), .. } if c.r != c.g || c.g != c.b => bad.push(*c),
            Item::Group { items, .. } => items.iter().for_each(|i| walk(i, bad)),
            _ => {}
        }
    }
    let mut bad = Vec::new();
    for page in impose(&sets, &opts, &footer()) {
        page.items.iter().for_each(|i| walk(i, &mut bad));
    }
    // Chip numbers keep their red in every look; fills are grey only.
    assert!(bad.is_empty(), "{:?}", &bad[..bad.len().min(5)]);
}

#[test]
fn golden_fish_sheet_svg() {
    let opts = SheetOptions::default();
    let (s, l) = fog_with(published_fish());
    let sets = component_sets(&l, &s, &opts.sizes, &shipped_art());
    let fish: Vec<PieceSet> = sets.into_iter().filter(|s| s.title == "Fish tokens").collect();
    let pages = impose(&fish, &opts, &footer());
    let svg = hexpress::export::svg::page_to_svg(&pages[0]);
    common::check_golden("tests/ref/svg/sheet-fish-a4.svg", &svg);
}

/// The pages of file `name` of a job.
fn file_pages<'a>(job: &'a PrintJob, name: &str) -> Vec<&'a Page> {
    job.file(name).unwrap().pages.iter().map(|&i| &job.pages[i]).collect()
}

/// The bytes of file `name` of a job, as `generate` writes them.
fn file_bytes(job: &PrintJob, name: &str) -> Vec<u8> {
    common::encode_file(job.view(), name)
}

#[test]
fn components_pdf_pages_and_sizes() {
    let (s, l) = fog();
    for (paper, w_pt, h_pt) in [("a4", 595.28, 841.89), ("letter", 612.0, 792.0)] {
        let choices = Choices { paper: Paper::from_name(paper).unwrap(), ..Choices::default() };
        let settings = Settings::build(&choices).unwrap();
        let job = print_job(&l, &s, &settings, &Notes::default()).unwrap();
        let pages = file_pages(&job, "components.pdf");
        assert!(!pages.is_empty(), "{paper}: the fog tiles are printed");
        let pdf = components_pdf(&l, &s, &settings);
        assert!(pdf.starts_with(b"%PDF"));
        let found = pdf_pages(&pdf);
        assert_eq!(found.len(), pages.len(), "{paper}");
        for (page, (pw, ph, trim, bleed)) in pages.iter().zip(&found) {
            let (a, b) = if pw < ph { (*pw, *ph) } else { (*ph, *pw) };
            assert!((a - w_pt).abs() < 0.01 && (b - h_pt).abs() < 0.01, "{paper}: {pw} x {ph}");
            assert!((hexpress::units::mm_to_pt(page.width) - pw).abs() < 0.01);
            assert!(*trim && *bleed, "{paper} {}: no trim or bleed box", page.label);
        }
        assert!(String::from_utf8_lossy(&pdf).contains("/PrintScaling/None"));
        let again = components_pdf(&l, &s, &settings);
        assert!(again == pdf, "components.pdf is not deterministic");
        if let Some(dir) = std::env::var_os("HEXPRESS_PREVIEW") {
            let dir = std::path::Path::new(&dir);
            std::fs::write(dir.join(format!("components-{paper}.pdf")), &pdf).unwrap();
            for (name, o) in [
                ("mono", Choices { black_and_white: true, ..choices.clone() }),
                ("saver", Choices { ink_saver: true, ..choices.clone() }),
            ] {
                let b = components_pdf(&l, &s, &Settings::build(&o).unwrap());
                std::fs::write(dir.join(format!("components-{paper}-{name}.pdf")), b).unwrap();
            }
        }
    }
}

/// `components.pdf` of the fixture layout, as `generate` writes it.
fn components_pdf(l: &Layout, s: &Scenario, settings: &Settings) -> Vec<u8> {
    let job = print_job(l, s, settings, &Notes::default()).unwrap();
    file_bytes(&job, "components.pdf")
}

/// (width pt, height pt, has TrimBox, has BleedBox) of every page object, in file order.
fn pdf_pages(pdf: &[u8]) -> Vec<(f64, f64, bool, bool)> {
    let text = String::from_utf8_lossy(pdf);
    let mut out = Vec::new();
    let mut rest = text.as_ref();
    while let Some(i) = rest.find("/Type/Page") {
        rest = &rest[i + 10..];
        if rest.starts_with(|c: char| c.is_alphanumeric()) {
            continue;
        }
        let obj = &rest[..rest.find("endobj").unwrap()];
        let mb = &obj[obj.find("/MediaBox[").unwrap() + 10..];
        let nums: Vec<f64> =
            mb[..mb.find(']').unwrap()].split_whitespace().map(|v| v.parse().unwrap()).collect();
        out.push((
            nums[2] - nums[0],
            nums[3] - nums[1],
            obj.contains("/TrimBox"),
            obj.contains("/BleedBox"),
        ));
    }
    out
}

#[test]
fn print_pack_starts_with_calibration() {
    let (s, l) = fog();
    let settings = Settings::default();
    let job = print_job(&l, &s, &settings, &Notes::default()).unwrap();
    let pages = file_pages(&job, "print-pack.pdf");
    // The print plan first, on sheets of its own; then the calibration sheet.
    let lead = pages.iter().position(|p| p.label == "calibration").unwrap();
    assert!(lead >= 2 && lead % 2 == 0, "{lead}");
    assert_eq!(pages[lead].side, Side::Front);
    assert!(
        pages[lead + 1].side == Side::Back && pages[lead + 1].label.ends_with(impose::BACK_SUFFIX)
    );
    // Then the map pages, as map.pdf holds them.
    let map = file_pages(&job, "map.pdf");
    assert_eq!(&pages[lead + 2..lead + 2 + map.len()], &map[..]);
    // Every front lands on an odd page; a blank page (no sheet, no footer)
    // keeps it there.
    for (i, p) in pages.iter().enumerate() {
        if p.side == Side::Front {
            assert!(i % 2 == 0 && pages[i + 1].side == Side::Back, "page {}: {}", i + 1, p.label);
        }
        if p.side == Side::Blank {
            assert_eq!(p.label, duplex::BLANK_LABEL);
            assert!(!texts(p).iter().any(|t| t.contains("print at 100 %")));
        }
    }
    let printed = |p: &&&Page| p.side.starts_sheet();
    let sheets = pages.iter().filter(printed).count();
    let last =
        texts(pages.last().unwrap()).into_iter().find(|t| t.contains("print at 100 %")).unwrap();
    assert!(last.contains(&format!("sheet {sheets} of {sheets}")), "{last}");
    let cal = texts(pages[lead]);
    assert!(cal.iter().any(|t| t.contains(&format!("sheet {} of", lead / 2 + 1))), "{cal:?}");
    assert!(cal.iter().any(|t| t.contains("76 mm flat to flat")));
    let first = pages.iter().position(|p| !p.holds.is_empty()).unwrap();
    let n = lead / 2 + 1 + map.len() + 1;
    let t = texts(pages[first]);
    assert!(t.iter().any(|t| t.contains(&format!("sheet {n} of"))), "{t:?}");
    let pdf = file_bytes(&job, "print-pack.pdf");
    if let Some(dir) = std::env::var_os("HEXPRESS_PREVIEW") {
        std::fs::write(std::path::Path::new(&dir).join("print-pack.pdf"), &pdf).unwrap();
    }
}
