//! The scene: pages of placed items, in millimetres, y pointing down.
//!
//! The page IR at the bottom of the program: every output (SVG, PDF, PNG) is
//! drawn from this one description. Compose modules build it, the encoders in
//! `export` read it; nothing after composing makes layout decisions. This
//! module imports nothing of the program above it (only [`crate::axial`]
//! coordinates, for hex geometry).

pub mod hex;
pub mod job;

pub use hex::HexGeom;
pub use job::{Encoding, JobFile, JobView};

/// A point or vector in millimetres.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Pt {
    /// Right.
    pub x: f64,
    /// Down.
    pub y: f64,
}

impl Pt {
    /// A point.
    pub const fn new(x: f64, y: f64) -> Pt {
        Pt { x, y }
    }
}

/// An axis-aligned rectangle in millimetres.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Rect {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
}

impl Rect {
    /// A rectangle.
    pub const fn new(x: f64, y: f64, w: f64, h: f64) -> Rect {
        Rect { x, y, w, h }
    }

    /// Grown by `d` on every side.
    pub fn inflate(self, d: f64) -> Rect {
        Rect::new(self.x - d, self.y - d, self.w + 2.0 * d, self.h + 2.0 * d)
    }
}

/// An sRGB colour with opacity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Color {
    /// Red.
    pub r: u8,
    /// Green.
    pub g: u8,
    /// Blue.
    pub b: u8,
    /// Opacity, 0-255.
    pub a: u8,
}

impl Color {
    /// Opaque colour.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Color {
        Color { r, g, b, a: 255 }
    }

    /// Black.
    pub const BLACK: Color = Color::rgb(0, 0, 0);
    /// White.
    pub const WHITE: Color = Color::rgb(255, 255, 255);

    /// Parses `#rrggbb`, or `#rrggbbaa` with an opacity (as used in
    /// templates).
    ///
    /// ```
    /// use hexpress::scene::Color;
    /// assert_eq!(Color::from_hex("#ff8000"), Some(Color::rgb(255, 128, 0)));
    /// assert_eq!(Color::from_hex("#80808046").map(|c| c.a), Some(0x46));
    /// assert_eq!(Color::from_hex("#fff"), None);
    /// ```
    pub fn from_hex(s: &str) -> Option<Color> {
        let s = s.strip_prefix('#')?;
        if !(s.len() == 6 || s.len() == 8) || !s.is_ascii() {
            return None;
        }
        let p = |i: usize| u8::from_str_radix(&s[i..i + 2], 16).ok();
        let a = if s.len() == 8 { p(6)? } else { 255 };
        Some(Color { a, ..Color::rgb(p(0)?, p(2)?, p(4)?) })
    }

    /// `#rrggbb`.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }

    /// The grey of the same lightness (Rec. 601 luma), same opacity.
    ///
    /// ```
    /// use hexpress::scene::Color;
    /// let g = Color::rgb(200, 20, 20).grey();
    /// assert!(g.r == g.g && g.g == g.b && g.r < 100);
    /// assert_eq!(Color::WHITE.grey(), Color::WHITE);
    /// ```
    pub fn grey(self) -> Color {
        let l = (299 * u32::from(self.r) + 587 * u32::from(self.g) + 114 * u32::from(self.b) + 500)
            / 1000;
        let l = l.min(255) as u8;
        Color { r: l, g: l, b: l, a: self.a }
    }

    /// Whether the colour is a grey (all three channels equal).
    pub fn is_grey(self) -> bool {
        self.r == self.g && self.g == self.b
    }
}

/// One segment of a path.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Seg {
    /// Start a subpath.
    Move(Pt),
    /// Straight line.
    Line(Pt),
    /// Cubic Bézier (control 1, control 2, end).
    Cubic(Pt, Pt, Pt),
    /// Close the subpath.
    Close,
}

/// A vector path.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Path {
    /// Segments in order.
    pub segs: Vec<Seg>,
}

impl Path {
    /// A closed polygon through `pts`.
    pub fn polygon(pts: &[Pt]) -> Path {
        let mut segs = Vec::with_capacity(pts.len() + 1);
        for (i, p) in pts.iter().enumerate() {
            segs.push(if i == 0 { Seg::Move(*p) } else { Seg::Line(*p) });
        }
        segs.push(Seg::Close);
        Path { segs }
    }

    /// An open polyline through `pts`.
    pub(crate) fn polyline(pts: &[Pt]) -> Path {
        let segs = pts
            .iter()
            .enumerate()
            .map(|(i, p)| if i == 0 { Seg::Move(*p) } else { Seg::Line(*p) })
            .collect();
        Path { segs }
    }

    /// A rectangle.
    pub fn rect(r: Rect) -> Path {
        Path::polygon(&[
            Pt::new(r.x, r.y),
            Pt::new(r.x + r.w, r.y),
            Pt::new(r.x + r.w, r.y + r.h),
            Pt::new(r.x, r.y + r.h),
        ])
    }

    /// A circle, as four cubic arcs (no trigonometry).
    pub fn circle(c: Pt, radius: f64) -> Path {
        const K: f64 = 0.552_284_749_830_793_4; // 4/3 (sqrt 2 - 1)
        let (x, y, r, k) = (c.x, c.y, radius, radius * K);
        Path {
            segs: vec![
                Seg::Move(Pt::new(x + r, y)),
                Seg::Cubic(Pt::new(x + r, y + k), Pt::new(x + k, y + r), Pt::new(x, y + r)),
                Seg::Cubic(Pt::new(x - k, y + r), Pt::new(x - r, y + k), Pt::new(x - r, y)),
                Seg::Cubic(Pt::new(x - r, y - k), Pt::new(x - k, y - r), Pt::new(x, y - r)),
                Seg::Cubic(Pt::new(x + k, y - r), Pt::new(x + r, y - k), Pt::new(x + r, y)),
                Seg::Close,
            ],
        }
    }

    /// A straight line from `a` to `b`.
    pub fn line(a: Pt, b: Pt) -> Path {
        Path { segs: vec![Seg::Move(a), Seg::Line(b)] }
    }
}

/// How a path's outline is drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Stroke {
    /// Colour.
    pub color: Color,
    /// Width in mm.
    pub width: f64,
    /// Dash pattern in mm (empty: solid).
    pub dash: Vec<f64>,
}

impl Stroke {
    /// A solid stroke.
    pub fn solid(color: Color, width: f64) -> Stroke {
        Stroke { color, width, dash: Vec::new() }
    }
}

/// Font weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    /// Regular.
    Regular,
    /// Bold.
    Bold,
}

/// Horizontal anchor of a text run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// `x` is the left end.
    Start,
    /// `x` is the middle.
    Middle,
    /// `x` is the right end.
    End,
}

/// What a text run is for: it decides how small the run may print (the
/// legibility test holds every page to these floors at print size).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TextRole {
    /// Anything players read: rules, tables, names, numbers, notes. At
    /// least 8 pt.
    #[default]
    Body,
    /// Print facts in a sheet's margin: footers, page numbers, glue-strip
    /// and "intentionally blank" notes. At least 6 pt.
    Footer,
    /// A name in the map's key (legend). At least 10 pt.
    Key,
    /// Text of a reduced picture of the board (the map's overview page,
    /// the handout's map): chip numbers, harbor ratios, hex names. At least
    /// 6 pt, like every printed word.
    Picture,
}

impl TextRole {
    /// The smallest size a run of this role may print at, in points.
    pub const fn min_pt(self) -> f64 {
        match self {
            TextRole::Body => 8.0,
            TextRole::Footer => 6.0,
            TextRole::Key => 10.0,
            TextRole::Picture => 6.0,
        }
    }

    /// [`TextRole::min_pt`] in millimetres (1 pt = 25.4 / 72 mm).
    pub fn min_mm(self) -> f64 {
        self.min_pt() * 25.4 / 72.0
    }
}

/// How a text run looks.
#[derive(Clone, Debug, PartialEq)]
pub struct TextStyle {
    /// Font size (em height) in mm.
    pub size: f64,
    /// Weight.
    pub weight: Weight,
    /// Anchor.
    pub anchor: Anchor,
    /// Colour.
    pub color: Color,
    /// What the run is for.
    pub role: TextRole,
}

/// An affine transform `[a b c d e f]` as in SVG.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Transform {
    /// Matrix entries.
    pub m: [f64; 6],
}

impl Transform {
    /// Identity.
    pub const IDENTITY: Transform = Transform { m: [1.0, 0.0, 0.0, 1.0, 0.0, 0.0] };

    /// A translation.
    pub(crate) fn translate(dx: f64, dy: f64) -> Transform {
        Transform { m: [1.0, 0.0, 0.0, 1.0, dx, dy] }
    }

    /// A uniform or axis scale.
    pub fn scale(sx: f64, sy: f64) -> Transform {
        Transform { m: [sx, 0.0, 0.0, sy, 0.0, 0.0] }
    }

    /// `self` applied after `inner` (i.e. `self ∘ inner`).
    pub fn then(self, outer: Transform) -> Transform {
        let [a, b, c, d, e, f] = self.m;
        let [a2, b2, c2, d2, e2, f2] = outer.m;
        Transform {
            m: [
                a2 * a + c2 * b,
                b2 * a + d2 * b,
                a2 * c + c2 * d,
                b2 * c + d2 * d,
                a2 * e + c2 * f + e2,
                b2 * e + d2 * f + f2,
            ],
        }
    }

    /// Maps a point.
    pub fn apply(self, p: Pt) -> Pt {
        let [a, b, c, d, e, f] = self.m;
        Pt::new(a * p.x + c * p.y + e, b * p.x + d * p.y + f)
    }
}

/// One thing drawn on a page.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// A filled and/or stroked path.
    Path {
        /// Geometry.
        path: Path,
        /// Fill colour.
        fill: Option<Color>,
        /// Outline.
        stroke: Option<Stroke>,
    },
    /// One line of text; `pos` is the baseline point at the anchor.
    Text {
        /// Baseline anchor point.
        pos: Pt,
        /// The text.
        text: String,
        /// Looks.
        style: TextStyle,
    },
    /// Items drawn with a transform and an optional clip.
    Group {
        /// Applied to the children.
        transform: Transform,
        /// Clip path in the group's own coordinates.
        clip: Option<Path>,
        /// Children.
        items: Vec<Item>,
    },
}

impl Item {
    /// The item with every text run in it (inside groups too) given `role`.
    pub(crate) fn with_role(self, role: TextRole) -> Item {
        match self {
            Item::Text { pos, text, style } => {
                Item::Text { pos, text, style: TextStyle { role, ..style } }
            }
            Item::Group { transform, clip, items } => Item::Group {
                transform,
                clip,
                items: items.into_iter().map(|i| i.with_role(role)).collect(),
            },
            other => other,
        }
    }
}

impl Item {
    /// The item with every colour in it (fills, strokes, text, inside
    /// groups too) turned into its grey ([`Color::grey`]).
    pub(crate) fn greyed(self) -> Item {
        match self {
            Item::Path { path, fill, stroke } => Item::Path {
                path,
                fill: fill.map(Color::grey),
                stroke: stroke.map(|s| Stroke { color: s.color.grey(), ..s }),
            },
            Item::Text { pos, text, style } => {
                Item::Text { pos, text, style: TextStyle { color: style.color.grey(), ..style } }
            }
            Item::Group { transform, clip, items } => Item::Group {
                transform,
                clip,
                items: items.into_iter().map(Item::greyed).collect(),
            },
        }
    }
}

/// A page of a document.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    /// Width in mm.
    pub width: f64,
    /// Height in mm.
    pub height: f64,
    /// What is drawn, back to front.
    pub items: Vec<Item>,
    /// The trim box (where the sheet or card is cut), if it differs from the page.
    pub trim: Option<Rect>,
    /// The bleed box, if any.
    pub bleed: Option<Rect>,
    /// A short label (`A1`, `sheet 3 front`), for file names and overviews.
    /// Only people read it: what the page is travels in [`Page::side`] and
    /// [`Page::holds`].
    pub label: String,
    /// Which side of a printed sheet the page is.
    pub side: Side,
    /// What the page holds, as `(kind, count)` in order of first
    /// appearance: the pieces on a component sheet's front (empty for pages
    /// that hold no pieces).
    pub holds: Vec<(String, usize)>,
}

/// Which side of a printed sheet a page is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Side {
    /// A sheet of its own: nothing printed on its back (or printed one- or
    /// two-sided as the reader likes, like a text page).
    #[default]
    Single,
    /// The front of a two-sided sheet: the next page is its back.
    Front,
    /// The back of the sheet whose front is the page before it.
    Back,
    /// A page printed only to keep every back behind its front; no sheet.
    Blank,
}

impl Side {
    /// Whether the page begins a new sheet (a front or a single page).
    pub fn starts_sheet(self) -> bool {
        matches!(self, Side::Single | Side::Front)
    }
}

impl Page {
    /// An empty page.
    pub fn new(width: f64, height: f64, label: impl Into<String>) -> Page {
        Page {
            width,
            height,
            items: Vec::new(),
            trim: None,
            bleed: None,
            label: label.into(),
            side: Side::Single,
            holds: Vec::new(),
        }
    }

    /// The page as side `side` of its sheet.
    pub(crate) fn with_side(mut self, side: Side) -> Page {
        self.side = side;
        self
    }

    /// Adds an item.
    pub fn push(&mut self, item: Item) {
        self.items.push(item);
    }

    /// Turns every colour of the page into its grey: what
    /// `--black-and-white` promises of every page, whatever drew it.
    pub fn to_greys(&mut self) {
        let items = std::mem::take(&mut self.items);
        self.items = items.into_iter().map(Item::greyed).collect();
    }
}

/// A sequence of pages that becomes one PDF.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Document {
    /// Title for the PDF metadata.
    pub title: String,
    /// Pages in order.
    pub pages: Vec<Page>,
}
