//! Splitting a table that does not fit on one card at the smallest text size
//! over several cards: by columns when it is too wide (each part repeating
//! the first column), then by rows when it is too long.

use super::face::{columns, fit, Look, Sz};
use super::*;
use std::ops::Range;

/// A split card's title: "Title (k/n)".
pub(super) fn numbered(title: &str, k: usize, n: usize) -> String {
    format!("{title} ({k}/{n})")
}

/// Whether `t`'s columns fit across `area` at the smallest size.
fn fits_across(t: &CardTable, area: Rect) -> bool {
    columns(&t.header, &t.rows, area.w, &Sz::new(MIN_SIZE), false).is_some()
}

/// The columns `cols` of `t` as a table of their own, without the note.
fn pick_columns(t: &CardTable, cols: &[usize]) -> CardTable {
    let cell = |row: &Vec<CardCell>, i: usize| row.get(i).cloned().unwrap_or_default();
    CardTable {
        title: t.title.clone(),
        header: cols.iter().filter_map(|&i| t.header.get(i).cloned()).collect(),
        rows: t.rows.iter().map(|r| cols.iter().map(|&i| cell(r, i)).collect()).collect(),
        note: None,
        copies: t.copies,
    }
}

/// `t` without its note, split by columns when it is too wide for a card at
/// the smallest size (or always, with `narrow`): every part repeats the
/// first column (the row's name) and takes as many of the others, in order,
/// as fit across (one each, with `narrow`).
fn column_parts(t: &CardTable, area: Rect, narrow: bool) -> Result<Vec<CardTable>, FlowError> {
    let n = t.header.len().max(t.rows.iter().map(Vec::len).max().unwrap_or(0));
    let all: Vec<usize> = (0..n).collect();
    if !narrow && fits_across(t, area) {
        return Ok(vec![pick_columns(t, &all)]);
    }
    let too_wide = || FlowError::TooTall {
        what: format!("a column of the card \"{}\" (too wide even alone)", t.title),
        height: f64::NAN,
        room: area.w,
    };
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut next = 1;
    while next < n {
        let mut cols = vec![0, next];
        if !fits_across(&pick_columns(t, &cols), area) {
            return Err(too_wide());
        }
        next += 1;
        while !narrow && next < n {
            cols.push(next);
            if !fits_across(&pick_columns(t, &cols), area) {
                cols.pop();
                break;
            }
            next += 1;
        }
        groups.push(cols);
    }
    if groups.is_empty() {
        return Err(too_wide());
    }
    Ok(groups.iter().map(|g| pick_columns(t, g)).collect())
}

/// A run of a table part's rows that fits one card.
type Group = (CardTable, Range<usize>);

/// The parts' rows in runs that each fit one card (measured with `probe` as
/// the title); `None` when a single row does not fit.
fn row_groups(
    parts: Vec<CardTable>,
    probe: &str,
    area: Rect,
    look: &Look,
) -> Result<Option<Vec<Group>>, FlowError> {
    let mut groups = Vec::new();
    for part in parts {
        let mut start = 0;
        while start < part.rows.len() {
            let mut end = start + 1;
            if fit(&part, probe, &part.rows[start..end], area, look)?.is_none() {
                return Ok(None);
            }
            while end < part.rows.len()
                && fit(&part, probe, &part.rows[start..=end], area, look)?.is_some()
            {
                end += 1;
            }
            groups.push((part.clone(), start..end));
            start = end;
        }
    }
    Ok(Some(groups))
}

/// The card faces of one table (several when it must be split), each the
/// text items at their fitted size, in order.
pub(super) fn faces(t: &CardTable, area: Rect, look: &Look) -> Result<Vec<Vec<Item>>, FlowError> {
    if let Some((items, _)) = fit(t, &t.title, &t.rows, area, look)? {
        return Ok(vec![items]);
    }
    // Too long for one card: fill cards greedily at any size that fits,
    // measuring with a two-digit count in the title to be safe. A table too
    // wide for a card at the smallest size is first split by columns, and
    // by single columns when a row is still too tall for a card.
    let probe = numbered(&t.title, 88, 88);
    let too_tall = |what: String| FlowError::TooTall { what, height: f64::NAN, room: area.h };
    let mut groups = match row_groups(column_parts(t, area, false)?, &probe, area, look)? {
        Some(g) => g,
        None => row_groups(column_parts(t, area, true)?, &probe, area, look)?
            .ok_or_else(|| too_tall(format!("a row of the card \"{}\"", t.title)))?,
    };
    // The note goes under the last rows, or on a card of its own.
    if let Some(note) = &t.note {
        let last = groups.last_mut().map(|(part, g)| (part, g.clone()));
        let noted = |part: &CardTable| CardTable { note: Some(note.clone()), ..part.clone() };
        match last {
            Some((part, g))
                if fit(&noted(part), &probe, &part.rows[g.clone()], area, look)?.is_some() =>
            {
                *part = noted(part);
            }
            _ => {
                let alone = CardTable { header: Vec::new(), rows: Vec::new(), ..noted(t) };
                groups.push((alone, 0..0));
            }
        }
    }
    let n = groups.len();
    let mut out = Vec::new();
    for (k, (part, g)) in groups.into_iter().enumerate() {
        let title = numbered(&t.title, k + 1, n);
        match fit(&part, &title, &part.rows[g], area, look)? {
            Some((items, _)) => out.push(items),
            None => return Err(too_tall(title)),
        }
    }
    Ok(out)
}
