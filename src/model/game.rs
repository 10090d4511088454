//! The game material beyond the map, validated: components to print, cost
//! and trade tables, reference tables and rules prose. Cards and the rules
//! handout are both drawn from these, so they cannot disagree.

pub use super::costs::{cost_words, Cost, CostRow, Pay};
pub use super::material::{
    Building, CastawayTokens, Components, FishTokens, Goods, RefTable, Rules, TradeRow, TradeTokens,
};
use super::parts::validate_parts;
use super::prose::Refs;
use super::{Meta, Variant};
use crate::diag::{Diagnostic, Diagnostics};
use crate::scenario::fields;
use crate::scenario::raw::*;
use crate::vocab::did_you_mean;

/// Everything beyond the map.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Game {
    /// Components to print.
    pub components: Components,
    /// Building costs.
    pub costs: Vec<CostRow>,
    /// Trade ratios.
    pub trades: Vec<TradeRow>,
    /// Other tables.
    pub tables: Vec<RefTable>,
    /// Rules prose.
    pub rules: Rules,
    /// Every piece the pack uses and where it starts (`[starts]`).
    pub pieces: Vec<super::pieces::Piece>,
    /// The scenario's own game terms (`[[terms]]`).
    pub terms: Vec<super::terms::Term>,
    /// The kinds of side feature (`[sides.NAME]`), in file order.
    pub sides: Vec<super::sides::SideFeature>,
}

fn count(v: &Sp<i64>, lo: i64, hi: i64, what: &str, diags: &mut Diagnostics) -> Option<u32> {
    if v.value < lo || v.value > hi {
        diags.push(
            Diagnostic::error(format!("{what} must be between {lo} and {hi}, found {}", v.value))
                .at(v.span.clone(), "out of range")
                .hint(format!("write a whole number from {lo} to {hi}")),
        );
        return None;
    }
    Some(v.value as u32)
}

fn unknown(kind: &str, name: &Sp<String>, known: &[&str], diags: &mut Diagnostics) {
    diags.push(
        Diagnostic::error(format!("unknown {kind} `{}`", name.value))
            .at(name.span.clone(), format!("not a {kind}"))
            .hint(match did_you_mean(&name.value, known.iter().copied()) {
                Some(s) => format!("did you mean `{s}`?"),
                None => format!("{kind}s are: {}", known.join(", ")),
            }),
    );
}

fn cost(c: &Counts, diags: &mut Diagnostics) -> Cost {
    let mut out = Cost::new();
    for (name, n) in &c.value {
        let Some(p) = Pay::from_name(&name.value) else {
            unknown("payment", name, fields::PAYMENTS, diags);
            continue;
        };
        if out.iter().any(|(q, _)| *q == p) {
            diags.push(
                Diagnostic::error(format!("`{}` is listed twice", name.value))
                    .at(name.span.clone(), "repeated")
                    .hint("list it once, with the whole amount"),
            );
            continue;
        }
        if let Some(n) = count(n, 0, 99, "an amount", diags) {
            if n > 0 {
                out.push((p, n));
            }
        }
    }
    out
}

fn variant_ok(
    v: &Option<Sp<String>>,
    variants: &[Variant],
    diags: &mut Diagnostics,
) -> Option<String> {
    let v = v.as_ref()?;
    if !variants.iter().any(|x| x.name == v.value) {
        let names: Vec<&str> = variants.iter().map(|x| x.name.as_str()).collect();
        diags.push(
            Diagnostic::error(format!("`{}` is not a variant of this scenario", v.value))
                .at(v.span.clone(), "unknown variant")
                .hint(match did_you_mean(&v.value, names.iter().copied()) {
                    Some(s) => format!("did you mean `{s}`?"),
                    None if names.is_empty() => "declare it in `[[scenario.variants]]`".to_string(),
                    None => format!("variants: {}", names.join(", ")),
                }),
        );
    }
    Some(v.value.clone())
}

/// Validates the game sections. Texts may refer to values (see
/// [`super::prose`]); `file` is the file, to point inside strings (and a
/// built-in is held to rules a user's older file only gets warnings for).
pub(crate) fn validate_game(
    raw: &RawGame,
    meta: Option<&Meta>,
    file: &crate::diag::Source,
    diags: &mut Diagnostics,
) -> Game {
    let source = file.text.as_str();
    let variants: &[Variant] = meta.map_or(&[], |m| &m.variants);
    let mut g = Game::default();
    if let Some(c) = &raw.components {
        g.components = components(c, diags);
    }
    g.costs = cost_rows(&raw.costs, variants, diags);
    let refs = Refs::new(meta, &raw.values, &g.costs, source, diags);
    for (row, c) in g.costs.iter_mut().zip(&raw.costs) {
        row.note = c.note.as_ref().map(|n| refs.fill(n, diags));
    }
    if let Some(c) = &raw.components {
        g.components.parts = validate_parts(c, &refs, diags);
    }
    g.sides = super::sides::validate_features(&raw.sides, &refs, diags);
    g.components.side_pieces = g
        .sides
        .iter()
        .zip(&raw.sides)
        .filter(|(f, _)| f.pieces > 0)
        .map(|(f, (_, r))| super::material::SidePieces {
            name: format!("{} pieces", f.kind.name),
            look: f.kind.look,
            count: f.pieces,
            at: r.pieces.as_ref().map(|p| p.span.clone()),
        })
        .collect();
    g.pieces = super::pieces::validate_pieces(
        &g.components,
        raw.components.as_ref(),
        &raw.starts,
        &refs,
        file.builtin,
        diags,
    );
    g.terms = super::terms::validate_terms(&raw.terms, &refs, diags);
    for t in &raw.trades {
        g.trades.push(TradeRow {
            give: refs.fill(&t.give, diags),
            get: refs.fill(&t.get, diags),
            variant: variant_ok(&t.variant, variants, diags),
        });
    }
    for t in &raw.tables {
        check_table(t, &g.tables, diags);
        g.tables.push(RefTable {
            id: t.id.value.clone(),
            title: t.title.value.clone(),
            columns: t.columns.value.iter().map(|c| c.value.clone()).collect(),
            rows: t
                .rows
                .iter()
                .map(|r| r.value.iter().map(|c| refs.fill(c, diags)).collect())
                .collect(),
            card: t.card.as_ref().is_none_or(|c| c.value),
            per_player: t.per_player.as_ref().is_some_and(|c| c.value),
            note: t.note.as_ref().map(|n| refs.fill(n, diags)),
        });
    }
    if let Some(r) = &raw.rules {
        let mut prose = |s: &Sp<String>| {
            refs.warn_spelled(s, diags);
            refs.fill(s, diags)
        };
        g.rules = Rules {
            story: r.story.as_ref().map(&mut prose),
            setup: r.setup.as_ref().map(&mut prose),
            sections: r.sections.iter().map(|(a, b)| (a.value.clone(), prose(b))).collect(),
        };
    }
    g
}

/// `[components]` without its parts (those need the values, read later).
fn components(c: &RawComponents, diags: &mut Diagnostics) -> Components {
    let counted = c.counted.iter().filter_map(|(kind, v)| {
        let k = kind.kind();
        Some((*kind, count(v, 0, k.max, &format!("`{}`", k.key), diags)?))
    });
    let mut comp = Components { counted: counted.collect(), ..Components::default() };
    if let Some(fg) = &c.fishing_grounds {
        for n in &fg.value {
            if crate::vocab::is_chip_number(n.value) {
                comp.fishing_grounds.push(n.value as u8);
            } else {
                diags.push(
                    Diagnostic::error(format!("`{}` is not a number chip", n.value))
                        .at(n.span.clone(), "no such number")
                        .hint("fishing grounds carry numbers 2 to 12, without 7"),
                );
            }
        }
    }
    if let Some(ft) = &c.fish_tokens {
        let mut f = FishTokens::default();
        for (k, n) in &ft.value {
            let n = count(n, 0, 200, "a token count", diags).unwrap_or(0);
            match k.value.as_str() {
                "one" => f.one = n,
                "two" => f.two = n,
                "three" => f.three = n,
                _ => f.old_boot = n,
            }
        }
        comp.fish_tokens = Some(f);
    }
    comp.trade_tokens = trade_tokens(c, diags);
    comp.castaway_tokens = castaway_tokens(c, diags);
    comp
}

/// `[[components.trade_tokens]]`: the goods tokens of each trade building.
fn trade_tokens(c: &RawComponents, diags: &mut Diagnostics) -> Vec<TradeTokens> {
    let mut out = Vec::new();
    for (b, goods) in &c.trade_tokens {
        let Some(building) = Building::from_name(&b.value) else {
            unknown("trade building", b, fields::BUILDINGS, diags);
            continue;
        };
        let mut gs = Vec::new();
        for (name, n) in &goods.value {
            match Goods::from_name(&name.value) {
                Some(gd) => {
                    if let Some(n) = count(n, 0, 99, "a token count", diags) {
                        gs.push((gd, n));
                    }
                }
                None => unknown("good", name, fields::GOODS, diags),
            }
        }
        out.push(TradeTokens { building, goods: gs });
    }
    out
}

/// `[[components.castaway_tokens]]`: castaway tokens, paid in resources.
fn castaway_tokens(c: &RawComponents, diags: &mut Diagnostics) -> Vec<CastawayTokens> {
    let mut out = Vec::new();
    for (c, n) in &c.castaway_tokens {
        let cost = cost(c, diags);
        if let Some(bad) = cost.iter().find(|(p, _)| !matches!(p, Pay::Resource(_))) {
            let at = c
                .value
                .iter()
                .find(|(k, _)| k.value == bad.0.name())
                .map_or(c.span.clone(), |(k, _)| k.span.clone());
            diags.push(
                Diagnostic::error(format!(
                    "castaways are paid in resources, not `{}`",
                    bad.0.name()
                ))
                .at(at, "not a resource")
                .hint("use lumber, wool, grain, brick or ore"),
            );
        }
        if let Some(n) = count(n, 1, 50, "`count`", diags) {
            out.push(CastawayTokens { cost, count: n });
        }
    }
    out
}

/// `[[costs]]`, their notes still unfilled (they may refer to values, which
/// are read after the costs).
fn cost_rows(costs: &[RawCost], variants: &[Variant], diags: &mut Diagnostics) -> Vec<CostRow> {
    let mut out = Vec::new();
    for c in costs {
        if c.cost.value.is_empty() && c.alt.is_none() {
            diags.push(
                Diagnostic::warning(format!("`{}` has an empty cost: it prints as \"free\"", c.item.value))
                    .at(c.cost.span.clone(), "nothing to pay")
                    .hint("if it costs something a cost table cannot show (e.g. commodities by level), say so in a rules section instead"),
            );
        }
        out.push(CostRow {
            item: c.item.value.clone(),
            cost: cost(&c.cost, diags),
            alt: c.alt.as_ref().map(|a| cost(a, diags)),
            note: c.note.as_ref().map(|n| n.value.clone()),
            variant: variant_ok(&c.variant, variants, diags),
        });
    }
    out
}

/// Checks a `[[tables]]` entry's id (plain, not used by an `earlier` table)
/// and its shape (some columns, one cell per column in every row).
fn check_table(t: &RawTable, earlier: &[RefTable], diags: &mut Diagnostics) {
    let id_ok = !t.id.value.is_empty()
        && t.id.value.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if !id_ok {
        diags.push(
            Diagnostic::error(format!("table id `{}` is not a plain name", t.id.value))
                .at(t.id.span.clone(), "invalid id")
                .hint("use lowercase letters, digits and dashes"),
        );
    }
    if earlier.iter().any(|x| x.id == t.id.value) {
        diags.push(
            Diagnostic::error(format!("two tables have the id `{}`", t.id.value))
                .at(t.id.span.clone(), "repeated")
                .hint("give each table its own `id`"),
        );
    }
    let cols = t.columns.value.len();
    if cols == 0 {
        diags.push(
            Diagnostic::error("a table needs at least one column")
                .at(t.columns.span.clone(), "no columns")
                .hint("name its columns, e.g. `columns = [\"Roll\", \"Effect\"]`"),
        );
    }
    for row in &t.rows {
        if row.value.len() != cols {
            diags.push(
                Diagnostic::error(format!(
                    "this row has {} cells for {cols} columns",
                    row.value.len()
                ))
                .at(row.span.clone(), "wrong number of cells")
                .also(t.columns.span.clone(), "the columns")
                .hint("give every row one cell per column (\"\" for an empty cell)"),
            );
        }
    }
}
