//! The overview page of a tiled map: how to assemble the sheets, over a
//! readable picture of the whole board ([`crate::compose::map::picture`]: every chip
//! number, harbor and hex name at 6.5 pt), then the map's title block,
//! legend and the picture's notes at full size, which the sheets themselves
//! leave out.
//!
//! Each printed sheet is outlined in the picture; the outlines run under the
//! chips, harbors and names. Sheet names sit in free space inside their
//! outline, never on a chip, harbor or name, and the margins carry a key:
//! row letters down the left, column numbers along the top. The page turns
//! to landscape when that draws the board larger.

use crate::compose::art::text;
use crate::compose::map::canvas::{Block, MapCanvas};
use crate::compose::map::cuts::{label, Tiling};
use crate::compose::map::keepout::overlaps;
use crate::compose::map::picture::{layered, notes_items, picture_canvas};
use crate::fonts::text_width;
use crate::scene::{Anchor, Color, Item, Page, Path, Pt, Rect, Stroke, Transform, Weight};
use crate::settings::Settings;
use crate::solve::Layout;

/// Gap between the key's blocks, in mm.
const GAP: f64 = 6.0;
/// Size of the sheet names in the picture and its margin key, mm (8 pt).
const NAME: f64 = 8.0 * 25.4 / 72.0;
/// Room the margin key takes left of and above the picture, mm.
const KEY_BAND: f64 = 6.0;
/// Height of the header (title and instructions) with its first five
/// lines, mm; each loose piece adds a line.
const HEADER: f64 = 34.0;

/// Places the key's blocks left to right in rows no wider than `width`,
/// starting at (`x`, `y`); returns the items and the height used.
fn flow(blocks: &[Block], x: f64, y: f64, width: f64) -> (Vec<Item>, f64) {
    let mut items = Vec::new();
    let (mut cx, mut cy, mut line_h) = (x, y, 0.0f64);
    for b in blocks {
        let r = b.bounds;
        if cx > x && cx + r.w > x + width {
            cx = x;
            cy += line_h + GAP;
            line_h = 0.0;
        }
        // A block wider than the page is shrunk to fit (none is, at the
        // width the key is laid out for).
        let k = if r.w > width { width / r.w } else { 1.0 };
        let m = [k, 0.0, 0.0, k, cx - r.x * k, cy - r.y * k];
        items.push(Item::Group {
            transform: Transform { m },
            clip: None,
            items: vec![b.item.clone()],
        });
        cx += r.w * k + GAP;
        line_h = line_h.max(r.h * k);
    }
    (items, if blocks.is_empty() { 0.0 } else { cy + line_h - y })
}

/// The overview page and where its sheet names, chips and harbors lie (page
/// mm), for checking that no name sits on a chip or harbor.
#[derive(Clone, Debug, PartialEq)]
pub struct Overview {
    /// The page.
    pub page: Page,
    /// The box of every sheet name drawn in the picture, with the name.
    pub labels: Vec<(String, Rect)>,
    /// The box of every number chip in the picture.
    pub chips: Vec<Rect>,
    /// The box of every harbor disc in the picture.
    pub harbors: Vec<Rect>,
    /// The picture's hexes, mm across the flats.
    pub flat: f64,
}

/// The colour of the sheet outlines and names: the palette's ink in black
/// and white, a red that stands apart from every terrain otherwise.
fn mark_colour(settings: &Settings) -> Color {
    if settings.mode == crate::theme::Mode::BlackAndWhite {
        settings.theme.palette(settings.mode).ink
    } else {
        settings.theme.inks.accent
    }
}

/// The room the picture gets on a `w` x `h` page: its top, its width and
/// height (without the margin key), and the key's items and height.
fn room(
    canvas: &MapCanvas,
    t: &Tiling,
    (w, h): (f64, f64),
    margin: f64,
    notes_h: f64,
) -> (f64, f64, f64) {
    let avail_w = w - 2.0 * margin;
    let (_, key_h) = flow(&canvas.key, 0.0, 0.0, avail_w);
    let top = margin + HEADER + 4.5 * t.loose.len() as f64;
    let bottom = h - margin - key_h - notes_h - GAP;
    (top, avail_w - KEY_BAND, (bottom - top - KEY_BAND).max(10.0))
}

/// The assembly page: instructions, the sheets over a readable picture of
/// the board, and the key at full size.
pub fn overview(canvas: &MapCanvas, layout: &Layout, settings: &Settings, t: &Tiling) -> Overview {
    let margin = settings.sheets.margin;
    let pal = settings.theme.palette(settings.mode);
    let red = mark_colour(settings);
    // Portrait or landscape, whichever draws the board larger.
    let (pw, ph) = settings.paper_mm();
    let probe = picture_canvas(layout, settings, settings.view, 20.0);
    let notes_ink = settings.theme.inks.picture_notes;
    let notes_h = |w: f64| notes_items(&probe.notes, 0.0, 0.0, w - 2.0 * margin, notes_ink).1;
    let flat_on = |w: f64, h: f64| {
        let (_, aw, ah) = room(canvas, t, (w, h), margin, notes_h(w));
        crate::compose::map::picture::fit_flat(layout, aw, ah)
    };
    let (w, h) = if flat_on(ph, pw) > flat_on(pw, ph) * 1.05 { (ph, pw) } else { (pw, ph) };
    let (top, aw, ah) = room(canvas, t, (w, h), margin, notes_h(w));
    let flat = crate::compose::map::picture::fit_flat(layout, aw, ah);
    let pic = picture_canvas(layout, settings, settings.view, flat);

    let mut page = Page::new(w, h, "overview");
    header(&mut page, canvas, settings, t, flat);

    // The picture, centred in its room, right of and below the margin key.
    let on = OnPage {
        ox: margin + KEY_BAND + (aw - pic.width) / 2.0,
        oy: top + KEY_BAND,
        k: flat / canvas.geom.flat,
        canvas_board: canvas.board,
        picture_board: pic.board,
    };
    let (ox, oy) = (on.ox, on.oy);
    let shift = |r: Rect| Rect::new(r.x + ox, r.y + oy, r.w, r.h);
    let taken: Vec<Rect> = pic.blocks.iter().filter(|b| b.mark).map(|b| shift(b.bounds)).collect();
    let discs: Vec<Rect> = pic
        .keep_whole
        .iter()
        .map(|(c, r)| Rect::new(c.x - r + ox, c.y - r + oy, 2.0 * r, 2.0 * r))
        .collect();
    let disc = |(c, r): &(Pt, f64)| Rect::new(c.x - r + ox, c.y - r + oy, 2.0 * r, 2.0 * r);
    let chips: Vec<Rect> = pic.chips.iter().map(disc).collect();
    let harbors: Vec<Rect> = pic.harbor_discs.iter().map(disc).collect();
    let board = shift(pic.board);
    let lines_items: Vec<Item> = t
        .cells()
        .into_iter()
        .map(|(row, col)| Item::Path {
            path: Path::rect(on.rect(t.window(row, col))),
            fill: None,
            stroke: Some(Stroke::solid(red, 0.5)),
        })
        .collect();
    let free = |r: Rect| r.x >= margin && r.y >= oy && r.y + r.h <= oy + ah + KEY_BAND;
    let labels = sheet_names(t, &on, &taken, &discs, free);
    let mut names = name_items(&labels, pal.paper, red);
    names.extend(loose_marks(canvas, t, &on, flat, pal.paper, red));
    page.items.extend(margin_key(t, &on, board, red));
    // The picture's art, the sheet outlines, then its marks over them.
    let shifted =
        Item::Group { transform: Transform::translate(-ox, -oy), clip: None, items: lines_items };
    let mut items = vec![Item::Group {
        transform: Transform::translate(ox, oy),
        clip: None,
        items: layered(&pic.blocks, vec![shifted]),
    }];
    items.extend(names);
    page.push(Item::Group {
        transform: Transform::IDENTITY,
        clip: Some(Path::rect(Rect::new(
            margin,
            oy - KEY_BAND,
            w - 2.0 * margin,
            ah + 2.0 * KEY_BAND,
        ))),
        items,
    });
    foot(&mut page, canvas, &pic.notes, notes_ink, margin, notes_h(w));
    Overview { page, labels, chips, harbors, flat }
}

/// The key at the foot of the page: the picture's notes (`notes_h` mm
/// tall, in `notes_ink`), then the title block and legend.
fn foot(
    page: &mut Page,
    canvas: &MapCanvas,
    notes: &[(String, String)],
    notes_ink: Color,
    margin: f64,
    notes_h: f64,
) {
    let (w, h) = (page.width, page.height);
    let avail_w = w - 2.0 * margin;
    let (key, key_h) = flow(&canvas.key, 0.0, 0.0, avail_w);
    let key_top = h - margin - key_h;
    let (notes, nh) = notes_items(notes, margin, key_top - GAP - notes_h, avail_w, notes_ink);
    debug_assert!(nh <= notes_h + 1e-6);
    page.items.extend(notes);
    page.push(Item::Group {
        transform: Transform::translate(margin, key_top),
        clip: None,
        items: key,
    });
}

/// Where the picture lies on the page: canvas (1:1) mm -> picture mm -> page mm.
struct OnPage {
    /// The picture's left edge on the page.
    ox: f64,
    /// The picture's top edge on the page.
    oy: f64,
    /// Picture mm per canvas mm.
    k: f64,
    /// The board's box on the 1:1 canvas.
    canvas_board: Rect,
    /// The board's box in the picture.
    picture_board: Rect,
}

impl OnPage {
    /// A canvas point on the page.
    fn pt(&self, p: Pt) -> Pt {
        Pt::new(
            self.ox + self.picture_board.x + self.k * (p.x - self.canvas_board.x),
            self.oy + self.picture_board.y + self.k * (p.y - self.canvas_board.y),
        )
    }

    /// A canvas box on the page.
    fn rect(&self, r: Rect) -> Rect {
        let a = self.pt(Pt::new(r.x, r.y));
        Rect::new(a.x, a.y, r.w * self.k, r.h * self.k)
    }
}

/// The page's title and the assembly instructions under it.
fn header(page: &mut Page, canvas: &MapCanvas, settings: &Settings, t: &Tiling, flat: f64) {
    let margin = settings.sheets.margin;
    let small = settings.theme.sizes.small_text;
    let pal = settings.theme.palette(settings.mode);
    let head = margin + 8.0;
    page.push(text(
        Pt::new(margin, head),
        format!("{} - assembly", canvas.title),
        6.0,
        Weight::Bold,
        Anchor::Start,
        pal.ink,
    ));
    for (i, l) in instructions(canvas, t, flat).iter().enumerate() {
        page.push(text(
            Pt::new(margin, head + 7.0 + i as f64 * small * 1.5),
            l.clone(),
            small,
            Weight::Regular,
            Anchor::Start,
            pal.ink,
        ));
    }
}

/// The lines of the assembly instructions, for a picture whose hexes are
/// `flat` mm across.
fn instructions(canvas: &MapCanvas, t: &Tiling, flat: f64) -> Vec<String> {
    // Places left out because a loose piece holds their part of the board
    // are told with the piece, not as empty.
    let mut replaced: Vec<(usize, usize)> = t.loose.iter().map(|l| l.instead_of).collect();
    replaced.sort_unstable();
    replaced.dedup();
    let skipped = t.present.len() - t.sheets() - replaced.len();
    let scale = canvas.geom.flat / flat;
    let mut lines = vec![format!(
        "{} sheets ({} columns x {} rows), {}, printed at 1:1: print at actual size, no scaling.",
        t.sheets(),
        t.cols.len(),
        t.rows.len(),
        if t.landscape { "landscape" } else { "portrait" }
    )];
    if skipped > 0 {
        lines.push(format!(
            "{skipped} place{} of the grid hold{} no part of the board and {} not printed.",
            if skipped == 1 { "" } else { "s" },
            if skipped == 1 { "s" } else { "" },
            if skipped == 1 { "is" } else { "are" }
        ));
    }
    lines.push(
        "Trim each sheet along its dashed cut lines, lay it over the grey glue strip of its"
            .to_string(),
    );
    lines.push(
        "neighbour so the lines meet, and glue. Work row by row from the first sheet.".into(),
    );
    for (k, l) in t.loose.iter().enumerate() {
        let name = crate::compose::map::cuts::loose::Loose::name(k);
        lines.push(format!(
            "Loose piece {name} (printed on sheet {}): cut it out and glue it over the hex marked {name} (in place of sheet {}).",
            label(l.host.0, l.host.1),
            label(l.instead_of.0, l.instead_of.1)
        ));
    }
    lines.push(format!(
        "The picture below is about 1:{:.0} (hexes {} mm across); the sheets print the board at 1:1.",
        scale,
        crate::units::num((flat * 10.0).round() / 10.0)
    ));
    lines
}

/// Places each sheet's name in free space of its outline, clear of the
/// picture's marks (`taken`), its discs and the names placed before it;
/// `free` says whether a box lies where the page has room for a name.
fn sheet_names(
    t: &Tiling,
    on: &OnPage,
    taken: &[Rect],
    discs: &[Rect],
    free: impl Fn(Rect) -> bool,
) -> Vec<(String, Rect)> {
    let mut labels: Vec<(String, Rect)> = Vec::new();
    for (row, col) in t.cells() {
        let name = label(row, col);
        let own = on.rect(own_part(t, row, col));
        let bw = text_width(&name, Weight::Bold, NAME) + 1.6;
        let bh = NAME * 1.25;
        let blocked = |r: Rect| {
            taken.iter().chain(discs).any(|m| overlaps(*m, r.inflate(0.4)))
                || labels.iter().any(|(_, l)| overlaps(*l, r.inflate(1.0)))
        };
        let centre = Pt::new(own.x + own.w / 2.0, own.y + own.h / 2.0);
        let mut best: Option<(f64, Rect)> = None;
        let step = 1.0;
        let (nx, ny) = ((own.w / step) as i32, (own.h / step) as i32);
        for j in 0..=ny {
            for i in 0..=nx {
                let r = Rect::new(own.x + f64::from(i) * step, own.y + f64::from(j) * step, bw, bh);
                let inside = r.x + r.w <= own.x + own.w && r.y + r.h <= own.y + own.h;
                if !inside || !free(r) || blocked(r) {
                    continue;
                }
                let d = (r.x + bw / 2.0 - centre.x).hypot(r.y + bh / 2.0 - centre.y);
                if best.is_none_or(|(b, _)| d < b) {
                    best = Some((d, r));
                }
            }
        }
        if let Some((_, r)) = best {
            labels.push((name, r));
        }
    }
    labels
}

/// The sheet names drawn in their boxes.
fn name_items(labels: &[(String, Rect)], paper: Color, red: Color) -> Vec<Item> {
    let mut names = Vec::new();
    for (name, r) in labels {
        names.push(Item::Path {
            path: Path::rect(*r),
            fill: Some(paper),
            stroke: Some(Stroke::solid(red, 0.3)),
        });
        names.push(text(
            Pt::new(r.x + r.w / 2.0, r.y + 0.98 * NAME),
            name.clone(),
            NAME,
            Weight::Bold,
            Anchor::Middle,
            red,
        ));
    }
    names
}

/// Each loose piece's hex, marked with its name.
fn loose_marks(
    canvas: &MapCanvas,
    t: &Tiling,
    on: &OnPage,
    flat: f64,
    paper: Color,
    red: Color,
) -> Vec<Item> {
    let mut names = Vec::new();
    for (k, l) in t.loose.iter().enumerate() {
        let c = on.pt(canvas.hexes[l.hex]);
        let name = crate::compose::map::cuts::loose::Loose::name(k);
        let bw = text_width(&name, Weight::Bold, NAME) + 1.6;
        let r = Rect::new(
            c.x - bw / 2.0,
            c.y + 0.45 * flat / 3f64.sqrt() * 2.0 - NAME * 1.25,
            bw,
            NAME * 1.25,
        );
        names.push(Item::Path {
            path: Path::rect(r),
            fill: Some(paper),
            stroke: Some(Stroke { color: red, width: 0.3, dash: vec![0.8, 0.6] }),
        });
        names.push(text(
            Pt::new(c.x, r.y + 0.98 * NAME),
            name,
            NAME,
            Weight::Bold,
            Anchor::Middle,
            red,
        ));
    }
    names
}

/// The margin key: column numbers above the picture, row letters left of
/// it (`board` is the picture's board on the page).
fn margin_key(t: &Tiling, on: &OnPage, board: Rect, red: Color) -> Vec<Item> {
    let mut items = Vec::new();
    for (col, &(a, b)) in t.cols.iter().enumerate() {
        let x = on.pt(Pt::new((a + b) / 2.0, 0.0)).x;
        items.push(text(
            Pt::new(x, on.oy - 1.5),
            (col + 1).to_string(),
            NAME,
            Weight::Bold,
            Anchor::Middle,
            red,
        ));
    }
    for (row, &(a, b)) in t.rows.iter().enumerate() {
        let y = on.pt(Pt::new(0.0, (a + b) / 2.0)).y;
        let letter = label(row, 0).trim_end_matches('1').to_string();
        items.push(text(
            Pt::new(on.ox.min(board.x) - 1.5, y + 0.36 * NAME),
            letter,
            NAME,
            Weight::Bold,
            Anchor::End,
            red,
        ));
    }
    items
}

/// The part of a sheet's window no later sheet covers (its glue strips
/// left out), in canvas mm.
fn own_part(t: &Tiling, row: usize, col: usize) -> Rect {
    let w = t.window(row, col);
    let right = if t.has(row, col + 1) { t.cols[col + 1].0 } else { w.x + w.w };
    let bottom = if t.has(row + 1, col) { t.rows[row + 1].0 } else { w.y + w.h };
    Rect::new(w.x, w.y, right - w.x, bottom - w.y)
}
