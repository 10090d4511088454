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
    },
    Slot {
        region: Sp<String>,
        label: Option<String>,
    },
}

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
        RawLegendEntry::Terrain(name) => {
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
            })
        }
        RawLegendEntry::Detailed(d) => {
            let label = d.label.as_ref().map(|l| l.value.clone());
            let castaway = match &d.castaway {
                Some(c) => Some((castaway_corner(c, diags)?, c.span.clone())),
                None => None,
            };
            let castaway_on = |t: Terrain, diags: &mut Diagnostics| match &castaway {
                Some((_, sp)) if !t.is_water() => {
                    diags.push(
                        Diagnostic::error(format!(
                            "a castaway spot cannot be marked on a `{t}` hex"
                        ))
                        .at(sp.clone(), "not on water")
                        .hint(
                            "mark castaway spots on the corners of fixed water hexes along a coast",
                        ),
                    );
                    true
                }
                _ => false,
            };
            let rolls = match &d.rolls {
                Some(rs) => Some((rolls(rs, diags)?, rs.span.clone())),
                None => None,
            };
            let no_rolls_here = |diags: &mut Diagnostics| match &rolls {
                Some((_, sp)) => {
                    diags.push(
                        Diagnostic::error("`rolls` is only for fixed hexes without a number chip")
                            .at(sp.clone(), "not allowed here")
                            .hint("give `rolls` to a fixed hex such as `{ terrain = \"lake\", rolls = [2, 3, 11, 12] }`"),
                    );
                    true
                }
                None => false,
            };
            if let Some(h) = &d.harbor {
                let kind =
                    if h.value == "random" { Some(None) } else { harbor_kind(h, diags).map(Some) };
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
                if no_rolls_here(diags) || castaway_on(t, diags) {
                    return None;
                }
                return Some(Code::Fixed {
                    terrain: t,
                    number: None,
                    chip_region: None,
                    harbor: Some(HarborSpec { kind: kind?, facing }),
                    label,
                    rolls: Vec::new(),
                    castaway: castaway.map(|(k, _)| k),
                });
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
                (None, Some(r)) => {
                    if let Some(n) = &d.number {
                        diags.push(
                            Diagnostic::error("a random slot cannot have a fixed `number`")
                                .at(n.span.clone(), "chips of a region come from its pool")
                                .hint("add the chip to the region's `numbers`, or fix the terrain too"),
                        );
                        return None;
                    }
                    if no_rolls_here(diags) {
                        return None;
                    }
                    if let Some((_, sp)) = &castaway {
                        diags.push(
                            Diagnostic::error("a castaway spot needs a fixed hex")
                                .at(sp.clone(), "random slot")
                                .hint("mark castaway spots on the corners of fixed water hexes along a coast"),
                        );
                        return None;
                    }
                    Some(Code::Slot { region: r.clone(), label })
                }
                (Some(tn), region) => {
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
                        if !takes {
                            diags.push(
                                Diagnostic::error(format!("`{t}` hexes get no number chip here"))
                                    .at(n.span.clone(), "chip not allowed")
                                    .hint(if t == Terrain::Gold {
                                        "remove `number`, or remove `gold` from `[constraints] no_chip`"
                                    } else {
                                        "remove `number`"
                                    }),
                            );
                            return None;
                        }
                        if region.is_some() {
                            diags.push(
                                Diagnostic::error(
                                    "a hex cannot have both a fixed `number` and a chip `region`",
                                )
                                .at(n.span.clone(), "pick one")
                                .hint("keep `number` for a chip printed on the hex, or `region` to draw it"),
                            );
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
                    if (takes || number.is_some()) && no_rolls_here(diags) {
                        return None;
                    }
                    if castaway_on(t, diags) {
                        return None;
                    }
                    Some(Code::Fixed {
                        terrain: t,
                        number,
                        chip_region: region.clone(),
                        harbor: None,
                        label,
                        rolls: rolls.map(|(r, _)| r).unwrap_or_default(),
                        castaway: castaway.map(|(k, _)| k),
                    })
                }
            }
        }
    }
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
