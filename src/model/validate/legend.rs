//! Legend entries: the codes a map grid uses, resolved to fixed hexes or region slots.

use super::*;

/// A resolved legend code.
#[derive(Clone, Debug)]
pub(super) enum Code {
    Fixed {
        terrain: Terrain,
        number: Option<u8>,
        chip_region: Option<Sp<String>>,
        harbor: Option<HarborSpec>,
        label: Option<String>,
        rolls: Vec<u8>,
        /// A castaway spot: the corner (0..6, between the neighbours in
        /// directions `k` and `k + 1`).
        castaway: Option<u8>,
        /// Where a harbor's `facing` is written: the place to fix a facing
        /// that points at no land.
        facing_span: Option<Span>,
    },
    Slot {
        region: Sp<String>,
        label: Option<String>,
    },
}

/// Resolves one legend entry `key = ...` to a code, or reports why it cannot
/// be one (`None`).
pub(super) fn legend_entry(
    key: &Sp<String>,
    e: &Sp<RawLegendEntry>,
    c: &Constraints,
    diags: &mut Diagnostics,
) -> Option<Code> {
    if key.value == "." || key.value.chars().any(char::is_whitespace) || key.value.is_empty() {
        diags.push(
            Diagnostic::error(format!("`{}` cannot be a legend code", key.value))
                .at(key.span.clone(), "reserved or contains spaces")
                .hint("`.` marks an empty spot; codes are short names without spaces"),
        );
        return None;
    }
    match &e.value {
        RawLegendEntry::Terrain(name) => terrain_entry(key, name, c, diags),
        RawLegendEntry::Detailed(d) => detailed_entry(key, e, d, c, diags),
    }
}

/// `C = "terrain"`: a fixed hex of a terrain that takes no chip.
fn terrain_entry(
    key: &Sp<String>,
    name: &Sp<String>,
    c: &Constraints,
    diags: &mut Diagnostics,
) -> Option<Code> {
    let t = terrain(name, diags)?;
    if t == Terrain::Harbor {
        diags.push(
            Diagnostic::error("`harbor` is a pool tile, not a fixed terrain")
                .at(name.span.clone(), "use a harbor entry")
                .hint("write `{ harbor = \"random\" }` or `{ harbor = \"3:1\", facing = \"e\" }` for a harbor on a sea hex"),
        );
        return None;
    }
    if c.takes_chip(t) {
        diags.push(
            Diagnostic::error(format!("fixed `{t}` hex `{}` has no number chip", key.value))
                .at(name.span.clone(), "takes a chip")
                .hint(format!(
                    "write `{{ terrain = \"{t}\", number = 5 }}` for a printed chip, or `{{ terrain = \"{t}\", region = \"...\" }}` to draw one from a region"
                )),
        );
        return None;
    }
    Some(Code::Fixed {
        terrain: t,
        number: None,
        chip_region: None,
        harbor: None,
        label: None,
        rolls: Vec::new(),
        castaway: None,
        facing_span: None,
    })
}

/// The marks a detailed entry may add to its hex, read before its kind is
/// known: a label, a castaway corner and fixed dice rolls (with their spans).
struct Marks {
    label: Option<String>,
    castaway: Option<(u8, Span)>,
    rolls: Option<(Vec<u8>, Span)>,
}

impl Marks {
    /// Reads the marks; `None` when a castaway corner or the rolls are bad.
    fn read(d: &RawLegendTable, diags: &mut Diagnostics) -> Option<Marks> {
        let label = d.label.as_ref().map(|l| l.value.clone());
        let castaway = match &d.castaway {
            Some(c) => Some((castaway_corner(c, diags)?, c.span.clone())),
            None => None,
        };
        let rolls = match &d.rolls {
            Some(rs) => Some((rolls(rs, diags)?, rs.span.clone())),
            None => None,
        };
        Some(Marks { label, castaway, rolls })
    }

    /// Reports a castaway spot on a hex of land terrain `t`; true if it did.
    fn castaway_on(&self, t: Terrain, diags: &mut Diagnostics) -> bool {
        match &self.castaway {
            Some((_, sp)) if !t.is_water() => {
                diags.push(
                    Diagnostic::error(format!("a castaway spot cannot be marked on a `{t}` hex"))
                        .at(sp.clone(), "not on water")
                        .hint(
                            "mark castaway spots on the corners of fixed water hexes along a coast",
                        ),
                );
                true
            }
            _ => false,
        }
    }

    /// Reports `rolls` on a hex that may not have them; true if it did.
    fn no_rolls_here(&self, diags: &mut Diagnostics) -> bool {
        match &self.rolls {
            Some((_, sp)) => {
                diags.push(
                    Diagnostic::error("`rolls` is only for fixed hexes without a number chip")
                        .at(sp.clone(), "not allowed here")
                        .hint("give `rolls` to a fixed hex such as `{ terrain = \"lake\", rolls = [2, 3, 11, 12] }`"),
                );
                true
            }
            None => false,
        }
    }

    /// The castaway corner, without its span.
    fn castaway(&self) -> Option<u8> {
        self.castaway.as_ref().map(|(k, _)| *k)
    }
}

/// `C = { ... }`: a harbor hex, a region slot or a fixed hex.
fn detailed_entry(
    key: &Sp<String>,
    e: &Sp<RawLegendEntry>,
    d: &RawLegendTable,
    c: &Constraints,
    diags: &mut Diagnostics,
) -> Option<Code> {
    let marks = Marks::read(d, diags)?;
    if let Some(h) = &d.harbor {
        return harbor_entry(e, d, h, marks, diags);
    }
    if let Some(f) = &d.facing {
        diags.push(
            Diagnostic::error("`facing` is only for harbor hexes")
                .at(f.span.clone(), "no harbor here")
                .hint("add `harbor = \"random\"` or a harbor kind, or remove `facing`"),
        );
        return None;
    }
    match (&d.terrain, &d.region) {
        (None, None) => {
            diags.push(
                Diagnostic::error(format!("legend entry `{}` says neither `terrain` nor `region`", key.value))
                    .at(e.span.clone(), "what is this hex?")
                    .hint("give `terrain = \"...\"` for a fixed hex or `region = \"...\"` for a random one"),
            );
            None
        }
        (None, Some(r)) => slot_entry(d, r, marks, diags),
        (Some(tn), _) => fixed_entry(key, e, d, tn, marks, c, diags),
    }
}

/// `C = { harbor = ..., facing = ... }`: a harbor on a fixed water hex.
fn harbor_entry(
    e: &Sp<RawLegendEntry>,
    d: &RawLegendTable,
    h: &Sp<String>,
    marks: Marks,
    diags: &mut Diagnostics,
) -> Option<Code> {
    let kind = if h.value == "random" { Some(None) } else { harbor_kind(h, diags).map(Some) };
    let facing = match &d.facing {
        Some(f) => match Direction::from_name(&f.value) {
            Some(dir) => Some(dir),
            None => {
                diags.push(
                    Diagnostic::error(format!("unknown direction `{}`", f.value))
                        .at(f.span.clone(), "not a direction")
                        .hint("directions are e, ne, nw, w, sw, se (pointy-top hexes)"),
                );
                return None;
            }
        },
        None => None,
    };
    let t = match &d.terrain {
        Some(t) => terrain(t, diags)?,
        None => Terrain::Sea,
    };
    if !t.is_water() || t == Terrain::Harbor {
        diags.push(
            Diagnostic::error(format!("a harbor cannot stand on `{t}`"))
                .at(e.span.clone(), "harbor on land")
                .hint("harbors lie on sea hexes; drop `terrain` or set it to `sea`"),
        );
        return None;
    }
    for (bad, sp) in [
        ("region", d.region.as_ref().map(|x| x.span.clone())),
        ("number", d.number.as_ref().map(|x| x.span.clone())),
    ] {
        if let Some(sp) = sp {
            diags.push(
                Diagnostic::error(format!("a harbor hex cannot have a `{bad}`"))
                    .at(sp, "not allowed here")
                    .hint("harbor hexes are fixed sea hexes"),
            );
            return None;
        }
    }
    if marks.no_rolls_here(diags) || marks.castaway_on(t, diags) {
        return None;
    }
    Some(Code::Fixed {
        terrain: t,
        number: None,
        chip_region: None,
        harbor: Some(HarborSpec { kind: kind?, facing }),
        castaway: marks.castaway(),
        label: marks.label,
        rolls: Vec::new(),
        facing_span: d.facing.as_ref().map(|f| f.span.clone()),
    })
}

/// `C = { region = ... }`: a slot dealt from a region's pool.
fn slot_entry(
    d: &RawLegendTable,
    r: &Sp<String>,
    marks: Marks,
    diags: &mut Diagnostics,
) -> Option<Code> {
    if let Some(n) = &d.number {
        diags.push(
            Diagnostic::error("a random slot cannot have a fixed `number`")
                .at(n.span.clone(), "chips of a region come from its pool")
                .hint("add the chip to the region's `numbers`, or fix the terrain too"),
        );
        return None;
    }
    if marks.no_rolls_here(diags) {
        return None;
    }
    if let Some((_, sp)) = &marks.castaway {
        diags.push(
            Diagnostic::error("a castaway spot needs a fixed hex")
                .at(sp.clone(), "random slot")
                .hint("mark castaway spots on the corners of fixed water hexes along a coast"),
        );
        return None;
    }
    Some(Code::Slot { region: r.clone(), label: marks.label })
}

/// `C = { terrain = ..., number = ... | region = ... }`: a fixed hex whose
/// chip, if its terrain takes one, is printed or drawn from a region.
fn fixed_entry(
    key: &Sp<String>,
    e: &Sp<RawLegendEntry>,
    d: &RawLegendTable,
    tn: &Sp<String>,
    marks: Marks,
    c: &Constraints,
    diags: &mut Diagnostics,
) -> Option<Code> {
    let region = &d.region;
    let t = terrain(tn, diags)?;
    let number = match &d.number {
        Some(n) => Some(chip_number(n, diags)?),
        None => None,
    };
    if t == Terrain::Harbor {
        diags.push(
            Diagnostic::error("`harbor` is a pool tile, not a fixed terrain")
                .at(tn.span.clone(), "use `harbor = ...`")
                .hint("write `{ harbor = \"random\" }` for a harbor on a sea hex"),
        );
        return None;
    }
    let takes = c.takes_chip(t);
    if let (Some(_), Some(n)) = (number, &d.number) {
        if let Some(err) = fixed_number_error(t, takes, region.is_some(), n) {
            diags.push(err);
            return None;
        }
    }
    if takes && number.is_none() && region.is_none() {
        diags.push(
            Diagnostic::error(format!("fixed `{t}` hex `{}` has no number chip", key.value))
                .at(e.span.clone(), "takes a chip")
                .hint("add `number = N`, or `region = \"...\"` to draw its chip from a region"),
        );
        return None;
    }
    if !takes {
        if let Some(r) = region {
            diags.push(
                Diagnostic::error(format!(
                    "`{t}` hexes get no chip, so `region` means nothing here"
                ))
                .at(r.span.clone(), "no chip to draw")
                .hint("remove `region`"),
            );
            return None;
        }
    }
    if (takes || number.is_some()) && marks.no_rolls_here(diags) {
        return None;
    }
    if marks.castaway_on(t, diags) {
        return None;
    }
    Some(Code::Fixed {
        terrain: t,
        number,
        chip_region: region.clone(),
        harbor: None,
        castaway: marks.castaway(),
        label: marks.label,
        rolls: marks.rolls.map(|(r, _)| r).unwrap_or_default(),
        facing_span: None,
    })
}

/// The error for a printed `number` on a fixed hex of terrain `t`: its
/// terrain takes no chip, or the hex also draws its chip from a region.
fn fixed_number_error(
    t: Terrain,
    takes: bool,
    has_region: bool,
    n: &Sp<i64>,
) -> Option<Diagnostic> {
    if !takes {
        return Some(
            Diagnostic::error(format!("`{t}` hexes get no number chip here"))
                .at(n.span.clone(), "chip not allowed")
                .hint(if t == Terrain::Gold {
                    "remove `number`, or remove `gold` from `[constraints] no_chip`"
                } else {
                    "remove `number`"
                }),
        );
    }
    if has_region {
        return Some(
            Diagnostic::error("a hex cannot have both a fixed `number` and a chip `region`")
                .at(n.span.clone(), "pick one")
                .hint("keep `number` for a chip printed on the hex, or `region` to draw it"),
        );
    }
    None
}

/// The board corner index (0..6, between the neighbours in directions `k`
/// and `k + 1`) of a corner name, or the error.
fn castaway_corner(c: &Sp<String>, diags: &mut Diagnostics) -> Option<u8> {
    match crate::model::corner_from_name(&c.value) {
        Some(k) => Some(k),
        None => {
            diags.push(
                Diagnostic::error(format!("unknown corner `{}`", c.value))
                    .at(c.span.clone(), "not a corner")
                    .hint("corners of a pointy-top hex are n, ne, se, s, sw, nw"),
            );
            None
        }
    }
}
