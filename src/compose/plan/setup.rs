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
        let sheet = match &builder {
            Some(p) => format!("the builder's sheet ({p})"),
            None => "the builder's sheet".to_string(),
        };
        out.push(format!(
            "{}: one person, the builder, lays its {n} cut-out tiles face down, each on the \
             hex where the map on {sheet} shows it. Nobody else looks; nobody shuffles them \
             again.",
            r.name
        ));
        if !r.chip_stack.is_empty() {
            out.push(format!(
                "{}: the builder stacks its {} number chips face down beside the board in the \
                 order {sheet} lists, top first.",
                r.name,
                r.chip_stack.len()
            ));
        }
    }
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
