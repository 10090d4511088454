//! The rules handout: a scenario and one of its layouts as a flowed document
//! (title, story, facts, setup with each region's tiles and chips, a small
//! picture of the map with its seed, the cost, trade and reference tables,
//! the special rules), laid out on pages by [`crate::compose::flow`].
//!
//! Every sentence of rules prose comes from the scenario file; the words
//! here only label the tables. Costs and trades are the same rows the
//! reference cards ([`crate::compose::cards`]) draw.

pub mod contents;

use crate::compose::cards::{cost_text, variant_note};
use crate::compose::flow::{layout_document, Block, Cell, FlowError, PageSpec, Span};
use crate::model::Scenario;
use crate::scene::Page;
use crate::settings::sheets::SheetOptions;
use crate::solve::Layout;
use crate::theme::Inks;

mod board;

use board::{face_down_blocks, facts, fixed_summary, regions_table, sides_blocks};

/// The largest height of the board in the map picture, mm (its notes and
/// legend come below).
pub(crate) const MAP_MAX_HEIGHT: f64 = 90.0;

/// Splits rules prose into blocks: paragraphs are separated by blank lines;
/// lines starting with "- " are bullet points (a following line that does
/// not start with "- " continues the bullet). `**` marks bold.
///
/// ```
/// use hexpress::compose::flow::{Block, Span};
/// use hexpress::compose::handout::prose_blocks;
/// let b = prose_blocks("Ships move.\n\n- one\n- two\n  more");
/// assert_eq!(b[0], Block::Paragraph(vec![Span::plain("Ships move.")]));
/// assert_eq!(b[1], Block::Bullets(vec![vec![Span::plain("one")], vec![Span::plain("two more")]]));
/// ```
pub fn prose_blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut para: Vec<&str> = Vec::new();
    let mut bullets: Vec<String> = Vec::new();
    let flush_para = |para: &mut Vec<&str>, out: &mut Vec<Block>| {
        if !para.is_empty() {
            out.push(Block::Paragraph(Span::parse(&para.join(" "))));
            para.clear();
        }
    };
    let flush_bullets = |bullets: &mut Vec<String>, out: &mut Vec<Block>| {
        if !bullets.is_empty() {
            out.push(Block::Bullets(bullets.iter().map(|b| Span::parse(b)).collect()));
            bullets.clear();
        }
    };
    for line in text.lines() {
        let t = line.trim();
        if t.is_empty() {
            flush_para(&mut para, &mut out);
            flush_bullets(&mut bullets, &mut out);
        } else if let Some(item) = t.strip_prefix("- ") {
            flush_para(&mut para, &mut out);
            bullets.push(item.trim().to_string());
        } else if let Some(last) = bullets.last_mut() {
            last.push(' ');
            last.push_str(t);
        } else {
            para.push(t);
        }
    }
    flush_para(&mut para, &mut out);
    flush_bullets(&mut bullets, &mut out);
    out
}

fn heading(level: u8, text: &str) -> Block {
    Block::Heading { level, text: text.into() }
}

/// The widest line of a [`command_block`], mm: inside the text column of
/// A4 and Letter paper with the handout's margins.
pub(crate) const COMMAND_WIDTH: f64 = 170.0;

/// A command line as a block of its own, in bold at `size` mm: broken into
/// lines only at spaces (never inside a word, as prose is at its hyphens),
/// so it can be typed back exactly as printed; in `color` (the theme's
/// `inks.text`).
pub(crate) fn command_block(command: &str, size: f64, color: crate::scene::Color) -> Block {
    use crate::fonts::text_width;
    use crate::scene::{Anchor, Weight};
    let pitch = 1.35 * size;
    let lines = crate::compose::flow::wrap::pack_units(
        command.split(' '),
        " ",
        Weight::Bold,
        size,
        COMMAND_WIDTH,
    );
    let width = lines
        .iter()
        .map(|l| text_width(l, Weight::Bold, size))
        .fold(1.0, f64::max)
        .min(COMMAND_WIDTH);
    let items = lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            crate::compose::art::text(
                crate::scene::Pt::new(0.0, 0.8 * size + i as f64 * pitch),
                l.clone(),
                size,
                Weight::Bold,
                Anchor::Start,
                color,
            )
        })
        .collect();
    // A little room below the last line for descenders.
    let height = 0.8 * size + (lines.len() - 1) as f64 * pitch + 0.4 * size;
    Block::Image { width: COMMAND_WIDTH.max(width), height, items }
}

/// The map picture ([`crate::compose::map::picture::handout_picture`], composed at
/// the text column's width with its words at their printed size) as a
/// picture block.
pub fn map_picture(map: &Page) -> Block {
    Block::Image { width: map.width, height: map.height, items: map.items.clone() }
}

fn costs_block(s: &Scenario) -> Vec<Block> {
    let g = &s.game;
    if g.costs.is_empty() {
        return Vec::new();
    }
    let notes = g.costs.iter().any(|c| c.note.is_some() || c.variant.is_some());
    let rows = g
        .costs
        .iter()
        .map(|c| {
            let mut cost = cost_text(&c.cost);
            if let Some(a) = &c.alt {
                cost = format!("{cost} **or** {}", cost_text(a));
            }
            let mut r = vec![Cell::new(&format!("**{}**", c.item)), Cell::new(&cost)];
            if notes {
                let n: Vec<String> = c
                    .variant
                    .as_deref()
                    .map(variant_note)
                    .into_iter()
                    .chain(c.note.clone())
                    .collect();
                r.push(Cell::new(&n.join(". ")));
            }
            r
        })
        .collect();
    let mut header = vec!["Item".to_string(), "Cost".to_string()];
    let mut widths = vec![1.2, 2.6];
    if notes {
        header.push("Notes".into());
        widths.push(1.6);
    }
    vec![Block::KeepTogether(vec![
        heading(1, "Building costs"),
        Block::Table { header, rows, col_widths: Some(widths) },
    ])]
}

fn trades_block(s: &Scenario) -> Vec<Block> {
    let g = &s.game;
    if g.trades.is_empty() {
        return Vec::new();
    }
    let variants = g.trades.iter().any(|t| t.variant.is_some());
    let rows = g
        .trades
        .iter()
        .map(|t| {
            let mut r = vec![Cell::new(&t.give), Cell::new(&t.get)];
            if variants {
                r.push(Cell::new(&t.variant.as_deref().map(variant_note).unwrap_or_default()));
            }
            r
        })
        .collect();
    let mut header = vec!["Give".to_string(), "Get".to_string()];
    if variants {
        header.push("Notes".into());
    }
    vec![Block::KeepTogether(vec![
        heading(1, "Trade ratios"),
        Block::Table { header, rows, col_widths: None },
    ])]
}

fn ref_tables(s: &Scenario) -> Vec<Block> {
    let mut out = Vec::new();
    for t in &s.game.tables {
        let mut part = vec![heading(2, &t.title)];
        if !t.rows.is_empty() {
            part.push(Block::Table {
                header: t.columns.clone(),
                rows: t.rows.iter().map(|r| r.iter().map(|c| Cell::new(c)).collect()).collect(),
                col_widths: None,
            });
        }
        if let Some(n) = &t.note {
            part.push(Block::Paragraph(Span::parse(n)));
        }
        out.push(Block::KeepTogether(part));
    }
    if !out.is_empty() {
        out.insert(0, heading(1, "Reference tables"));
    }
    out
}

/// The handout's map: the whole map drawn as one page
/// ([`crate::compose::map::players_canvas`]) and the command that makes it again.
#[derive(Clone, Copy, Debug)]
pub struct MapBlock<'a> {
    /// The map as the players see it.
    pub picture: &'a Page,
    /// [`crate::recipe::Recipe::command`] of the board.
    pub command: &'a str,
    /// How a balanced board was balanced (its title block's lines), or none.
    pub lines: &'a [String],
}

/// The handout's blocks for `scenario` and one of its layouts; `map` is the
/// map picture with its command, or `None` to leave them out; `inks` are
/// the theme's (the command is set in `inks.text`).
pub fn handout_blocks(
    scenario: &Scenario,
    layout: &Layout,
    map: Option<MapBlock<'_>>,
    inks: &Inks,
) -> Vec<Block> {
    let m = &scenario.meta;
    let r = &scenario.game.rules;
    let mut out = Vec::new();
    if let Some(d) = &m.description {
        out.push(Block::Paragraph(vec![Span::bold(d.as_str())]));
    }
    if let Some(story) = &r.story {
        out.extend(prose_blocks(story));
    }
    out.push(heading(1, "At a glance"));
    out.push(facts(scenario, layout.players));
    let described: Vec<Vec<Span>> = m
        .variants
        .iter()
        .filter_map(|v| {
            v.description.as_ref().map(|d| {
                let mut s = vec![Span::bold(format!("{}: ", v.name))];
                s.extend(Span::parse(d));
                s
            })
        })
        .collect();
    if !described.is_empty() {
        out.push(heading(2, "Variants"));
        out.push(Block::Bullets(described));
    }
    out.push(heading(1, "Setup"));
    if let Some(map_def) = scenario.map_for(layout.players) {
        out.extend(fixed_summary(map_def));
        if let Some(t) = regions_table(map_def) {
            out.push(heading(2, "Random regions"));
            out.push(t);
        }
    }
    out.extend(sides_blocks(scenario, layout));
    out.extend(face_down_blocks(layout));
    out.extend(crate::compose::handout::contents::pieces_blocks(scenario, layout.players));
    if let Some(setup) = &r.setup {
        out.extend(prose_blocks(setup));
    }
    if let Some(map) = map {
        out.push(Block::KeepTogether(vec![
            heading(2, "This game's map"),
            Block::Paragraph(vec![Span::plain(format!(
                "Laid out for {} players from seed {}. The same seed always gives the same \
                 map; this command draws it again:",
                layout.players, layout.seed
            ))]),
            command_block(map.command, crate::compose::flow::BODY_SIZE, inks.text),
            map_picture(map.picture),
        ]));
        if !map.lines.is_empty() {
            out.push(Block::KeepTogether(vec![
                heading(2, "How this map was balanced"),
                Block::Bullets(map.lines.iter().map(|l| vec![Span::plain(l.as_str())]).collect()),
            ]));
        }
    }
    out.extend(costs_block(scenario));
    out.extend(trades_block(scenario));
    out.extend(ref_tables(scenario));
    if !r.sections.is_empty() {
        out.push(heading(1, "Special rules"));
        for (title, text) in &r.sections {
            out.push(heading(2, title));
            out.extend(prose_blocks(text));
        }
    }
    out.extend(crate::compose::handout::contents::terms_blocks(scenario));
    out.extend(crate::compose::handout::contents::credits_blocks(scenario));
    out
}

/// The page setup of a handout on the paper of `sheets`, with the
/// scenario, player count and seed in the footer.
pub fn handout_spec(layout: &Layout, sheets: &SheetOptions) -> PageSpec {
    let footer = format!("{} · {} players · seed {}", layout.title, layout.players, layout.seed);
    PageSpec::handout(sheets, footer)
}

/// The handout laid out on pages of `spec`.
pub fn handout_pages(
    scenario: &Scenario,
    layout: &Layout,
    map: Option<MapBlock<'_>>,
    spec: &PageSpec,
) -> Result<Vec<Page>, FlowError> {
    let blocks = handout_blocks(scenario, layout, map, &spec.inks);
    layout_document(&scenario.meta.title, &blocks, spec)
}

/// The handout of `layout` on the chosen paper, with `map` (the whole map
/// as the players see it, its command, and how a balanced map was
/// balanced) as its small map.
pub fn handout_document(
    scenario: &Scenario,
    layout: &Layout,
    map: MapBlock<'_>,
    settings: &crate::settings::Settings,
) -> Result<crate::scene::Document, FlowError> {
    let spec = handout_spec(layout, &settings.sheets);
    let pages = handout_pages(scenario, layout, Some(map), &spec)?;
    Ok(crate::scene::Document {
        title: format!("{} rules (seed {})", layout.title, layout.seed),
        pages,
    })
}

/// File name of handout page `n` (from 1).
pub(crate) fn svg_name(n: usize) -> String {
    format!("rules-{n}.svg")
}

/// The handout's map picture ([`crate::compose::map::picture::handout_picture`]) as
/// wide as the handout's text column, the board at most [`MAP_MAX_HEIGHT`]
/// tall.
pub(crate) fn handout_picture_for(layout: &Layout, settings: &crate::settings::Settings) -> Page {
    let spec = handout_spec(layout, &settings.sheets);
    crate::compose::map::picture::handout_picture(
        layout,
        settings,
        spec.right() - spec.left(),
        MAP_MAX_HEIGHT,
    )
}
