//! The print plan of one print pack, worked out from its composed parts:
//! the page ranges ([`super::plan::steps`]), the map sheets' glue order and
//! the setup at the table, drawn from the scenario and the layout (regions,
//! face-down tiles and their chip stacks, printed pieces, parts from boxes).

use super::plan::{paper_name, plan_step, steps, Assembly, FilePlan, Part, PartKind, PrintPlan};
use super::tiles::Tiling;
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
        .filter_map(|(ri, r)| {
            let n = layout.hexes.iter().filter(|h| h.region == Some(ri as u32)).count();
            (n > 0).then(|| format!("{} ({n} hexes)", r.name))
        })
        .collect();
    if !named.is_empty() {
        out.push(format!(
            "The board's regions are outlined on the map: {}. Their hexes lie face up, as \
             printed.",
            named.join(", ")
        ));
    }
    let builder = plan.pages_of(PartKind::Builder).map(|r| pages_word(&r));
    for &ri in &hidden {
        let r = &layout.regions[ri];
        let n = layout.hexes.iter().filter(|h| h.face_down && h.region == Some(ri as u32)).count();
        let from = match &builder {
            Some(p) => format!("where the builder's sheet ({p}) and the setup-view map put it"),
            None => "where the setup-view map puts it".to_string(),
        };
        out.push(format!(
            "{}: lay its {n} cut-out tiles face down on its hexes, each {from}.",
            r.name
        ));
        if !r.chip_stack.is_empty() {
            out.push(format!(
                "{}: stack its {} number chips face down beside the board, top first, in \
                 the order the builder's sheet lists.",
                r.name,
                r.chip_stack.len()
            ));
        }
    }
    let hidden_names: Vec<&str> =
        hidden.iter().map(|&ri| layout.regions[ri].name.as_str()).collect();
    let mut kinds: Vec<String> = Vec::new();
    for s in plan.steps_of(PartKind::Components) {
        for (t, _) in &s.pieces {
            // A face-down region's own sets ("Fog – number chips") are laid above.
            let region_set = hidden_names
                .iter()
                .any(|n| t.starts_with(&format!("{n} – ")) || t.starts_with(&format!("{n}: ")));
            if !region_set && !kinds.contains(t) {
                kinds.push(t.clone());
            }
        }
    }
    if !kinds.is_empty() {
        out.push(format!(
            "Sort the other cut-out pieces ({}) beside the board: {}.",
            pages_word(&plan.pages_of(PartKind::Components).unwrap_or_default()),
            kinds.join(", ")
        ));
    }
    for (set, items) in super::pack_notes::box_lists(scenario) {
        out.push(format!("Take from your {set} box: {}.", items.join(", ")));
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
