//! Sheet numbers: the footer every printed sheet of a document carries
//! ("sheet n of m"), stamped once the whole document is known. What a page
//! is comes from its [`Side`]: a back shares its front's number, a blank
//! page is no sheet and gets no footer.

use crate::scene::{Anchor, Item, Page, Pt, Side, TextRole, TextStyle, Weight};
use crate::settings::sheets::SheetOptions;

/// What the footer of every sheet says.
#[derive(Clone, Debug, PartialEq)]
pub struct FooterInfo {
    /// Scenario title.
    pub scenario: String,
    /// Seed of the layout.
    pub seed: u64,
    /// Program version.
    pub version: String,
}

impl FooterInfo {
    /// Footer data with this crate's version.
    pub fn new(scenario: impl Into<String>, seed: u64) -> FooterInfo {
        FooterInfo {
            scenario: scenario.into(),
            seed,
            version: env!("CARGO_PKG_VERSION").to_string(),
        }
    }

    /// The footer line of sheet `n` of `m`.
    pub fn text(&self, n: usize, m: usize, back: bool) -> String {
        format!(
            "{} · seed {} · hexpress v{} · sheet {n} of {m}{} · print at 100 %",
            self.scenario,
            self.seed,
            self.version,
            if back { " (back)" } else { "" }
        )
    }
}

/// Adds the footer to every page, numbering the sheets `1..=M` of these pages.
pub fn stamp_footers(pages: &mut [Page], opts: &SheetOptions, footer: &FooterInfo) {
    let total = sheet_count(pages);
    stamp_footers_from(pages, opts, footer, 1, total);
}

/// How many sheets `pages` make: blank pages and backs do not count (a
/// document's first printed page always does).
pub(crate) fn sheet_count(pages: &[Page]) -> usize {
    pages
        .iter()
        .filter(|p| p.side != Side::Blank)
        .enumerate()
        .filter(|(i, p)| *i == 0 || p.side != Side::Back)
        .count()
}

/// Like [`stamp_footers`], for pages that are part of a larger document:
/// their first sheet is number `first` of `total`.
pub(crate) fn stamp_footers_from(
    pages: &mut [Page],
    opts: &SheetOptions,
    footer: &FooterInfo,
    first: usize,
    total: usize,
) {
    let mut n = first;
    let printed = pages.iter_mut().filter(|p| p.side != Side::Blank);
    for (i, page) in printed.enumerate() {
        let back = page.side == Side::Back;
        if i > 0 && !back {
            n += 1;
        }
        let y = page.height - opts.margin - (opts.footer_band - opts.footer_size) / 2.0;
        page.push(Item::Text {
            pos: Pt::new(page.width / 2.0, y),
            text: footer.text(n, total, back && i > 0),
            style: TextStyle {
                size: opts.footer_size,
                weight: Weight::Regular,
                anchor: Anchor::Middle,
                color: opts.inks.sheet_text,
                role: TextRole::Footer,
            },
        });
    }
}
