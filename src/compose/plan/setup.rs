//! The print plan of one print pack, worked out from its composed parts:
//! the page ranges ([`crate::compose::plan::steps`]), the map sheets' glue order and
//! the setup at the table, drawn from the scenario and the layout (regions,
//! face-down tiles and their chip stacks, printed pieces, parts from boxes).

use crate::compose::map::cuts::Tiling;
use crate::compose::plan::{
    paper_name, plan_step, steps, Assembly, FilePlan, Part, PartKind, PrintPlan,
};
use crate::model::Scenario;
use crate::settings::Settings;
use crate::solve::Layout;

/// What the plan is made from: the pack's parts in order and the separate
/// files' parts, all as composed.
#[derive(Clone, Copy, Debug)]
pub struct PlanInput<'a> {
    /// The print pack after the plan's own pages, in order.
    pub pack: &'a [Part<'a>],
    /// How many pages the plan itself takes (even, so parity is kept).
    pub plan_pages: usize,
    /// The separate files (`map.pdf`, `components.pdf`, `rules.pdf`) and
    /// their parts.
    pub files: &'a [(&'a str, &'a [Part<'a>])],
    /// How the map was cut into sheets.
    pub tiling: &'a Tiling,
    /// The command that makes the board again.
    pub command: &'a str,
}

/// The face-down regions of `layout` that hold face-down hexes.
fn hidden_regions(layout: &Layout) -> Vec<usize> {
    (0..layout.regions.len())
        .filter(|&ri| {
            layout.regions[ri].face_down
                && layout.hexes.iter().any(|h| h.face_down && h.region == Some(ri as u32))
        })
        .collect()
}

/// A region's size in words: "18 hexes", or "19 hexes, 1 desert of them
/// fixed" when fixed hexes lie inside its outline (every neighbour of
/// theirs is the region's); `None` for a region without hexes.
fn region_size(layout: &Layout, ri: usize) -> Option<String> {
    let inside = |h: &crate::solve::PlacedHex| h.region == Some(ri as u32);
    let n = layout.hexes.iter().filter(|h| inside(h)).count();
    if n == 0 {
        return None;
    }
    let at = |x: crate::axial::Hex| layout.hexes.iter().find(|h| h.hex == x);
    let mut fixed: Vec<crate::vocab::Terrain> = layout
        .hexes
        .iter()
        .filter(|h| h.region.is_none())
        .filter(|h| h.hex.neighbors().iter().all(|&x| at(x).is_some_and(inside)))
        .map(|h| h.terrain)
        .collect();
    fixed.sort_by_key(|t| t.index());
    if fixed.is_empty() {
        return Some(format!("{n} hexes"));
    }
    let mut kinds: Vec<(crate::vocab::Terrain, usize)> = Vec::new();
    for t in &fixed {
        match kinds.iter_mut().find(|(u, _)| u == t) {
            Some(e) => e.1 += 1,
            None => kinds.push((*t, 1)),
        }
    }
    let list: Vec<String> = kinds.iter().map(|(t, k)| format!("{k} {}", t.label())).collect();
    Some(format!("{} hexes, {} of them fixed", n + fixed.len(), list.join(", ")))
}

/// The setup lines for the face-down areas: cutting their coded pieces
/// back side up, laying each tile on its code and stacking each area's
/// chips in the order on their backs, then the builder's sheet as the way
/// for a host who does not play.
fn face_down_lines(plan: &PrintPlan, layout: &Layout, hidden: &[usize]) -> Vec<String> {
    let mut out = Vec::new();
    if hidden.is_empty() {
        return out;
    }
    let codes = crate::compose::placement::Codes::of(layout);
    if let Some(p) = plan.pages_of(PartKind::FaceDown) {
        out.push(format!(
            "Cut out the face-down tiles and chips ({}) back side up, as the plan says above; \
             nobody turns one over.",
            pages_word(&p)
        ));
    }
    for &ri in hidden {
        let r = &layout.regions[ri];
        let n = codes.count(ri);
        let range = codes.range(ri).unwrap_or_default();
        out.push(format!(
            "{}: lay its {n} tiles back side up, each on the hex of the map that shows the \
             code on its back ({range}), without turning any over.",
            r.name
        ));
        let k = r.chip_stack.len();
        if k > 1 {
            out.push(format!(
                "{}: stack its {k} number chips back side up beside the board in the order on \
                 their backs: {} at the bottom, {} on top.",
                r.name,
                crate::compose::placement::stack_code(k, k),
                crate::compose::placement::stack_code(1, k)
            ));
        } else if k == 1 {
            out.push(format!("{}: lay its number chip back side up beside the board.", r.name));
        }
    }
    let sheet = match plan.pages_of(PartKind::Builder).map(|r| pages_word(&r)) {
        Some(p) => format!("the builder's sheet ({p})"),
        None => "the builder's sheet".to_string(),
    };
    out.push(format!(
        "Or, with a host who does not play: the host lays the tiles and stacks the chips from \
         {sheet}, which shows every hidden face. Either way nobody who plays sees a hidden \
         face, and nobody shuffles the tiles or chips again."
    ));
    out
}

fn pages_word(range: &str) -> String {
    if range.contains('-') {
        format!("pages {range}")
    } else {
        format!("page {range}")
    }
}

/// The setup at the table, step by step.
fn setup_lines(plan: &PrintPlan, layout: &Layout, scenario: &Scenario) -> Vec<String> {
    let mut out = Vec::new();
    let sheets = plan.assembly.as_ref().map_or(1, Assembly::sheets);
    let map_pages = plan.pages_of(PartKind::MapSheets).map(|r| pages_word(&r));
    match (sheets, map_pages) {
        (1, Some(p)) => out.push(format!("Lay the map ({p}) in the middle of the table.")),
        (k, Some(p)) => out.push(format!(
            "Glue the {k} map sheets ({p}) together in the order this plan shows, and lay \
             the board in the middle of the table."
        )),
        _ => {}
    }
    let hidden = hidden_regions(layout);
    let named: Vec<String> = layout
        .regions
        .iter()
        .enumerate()
        .filter(|(ri, _)| !hidden.contains(ri))
        .filter_map(|(ri, r)| region_size(layout, ri).map(|n| format!("{} ({n})", r.name)))
        .collect();
    if !named.is_empty() {
        out.push(format!(
            "The board's regions are outlined on the map: {}. Their hexes lie face up, as \
             printed.",
            named.join(", ")
        ));
    }
    out.extend(face_down_lines(plan, layout, &hidden));
    if let Some(p) = plan.pages_of(PartKind::Components) {
        out.push(format!(
            "Cut out the pieces ({}). Lay the reference cards beside the board where everyone \
             can read them (a card printed once per player goes to each player).",
            pages_word(&p)
        ));
    }
    for (set, items) in crate::compose::handout::contents::box_lists(scenario, layout.players) {
        out.push(format!("Take from your {set} box: {}.", items.join(", ")));
    }
    if !scenario.game.pieces.is_empty() {
        out.push("Lay out every piece where it starts:".to_string());
        out.extend(
            crate::compose::handout::contents::piece_lines(scenario, layout.players)
                .into_iter()
                .map(|l| format!("- {l}")),
        );
    }
    if let Some(h) = plan.pages_of(PartKind::Handout).map(|r| pages_word(&r)) {
        out.push(match scenario.game.rules.setup {
            Some(_) => format!("Then follow the setup section of the rules handout ({h})."),
            None => format!("Then start as the rules handout ({h}) says."),
        });
    }
    out
}

/// The print plan of a pack.
pub fn print_plan(
    input: &PlanInput<'_>,
    layout: &Layout,
    scenario: &Scenario,
    settings: &Settings,
) -> PrintPlan {
    let duplex = settings.sheets.printer.duplex;
    let mut all = vec![plan_step(input.plan_pages)];
    all.extend(steps(input.pack, input.plan_pages + 1, duplex));
    let files = input
        .files
        .iter()
        .map(|(name, parts)| FilePlan { name: name.to_string(), steps: steps(parts, 1, duplex) })
        .collect();
    let mut plan = PrintPlan {
        subject: format!("{}, {} players, seed {}", layout.title, layout.players, layout.seed),
        command: input.command.to_string(),
        paper: paper_name(&settings.sheets.paper.name),
        duplex,
        steps: all,
        assembly: (input.tiling.sheets() > 1).then(|| Assembly::from_tiling(input.tiling)),
        setup: Vec::new(),
        files,
    };
    plan.setup = setup_lines(&plan, layout, scenario);
    plan
}
