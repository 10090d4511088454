//! Duplex by construction: in a document that holds backs, every front sits
//! on an odd page and its back on the even page right after it. Where a
//! single-sided page before a front would shift the pair by one, a page that
//! says it is intentionally blank keeps the parity (printed duplex, it is the
//! empty back of the single-sided page before it). Pages say which side
//! they are in [`Page::side`]; labels are only for people.

use crate::scene::{Anchor, Item, Page, Pt, Side, TextStyle, Weight};
use crate::settings::sheets::SheetOptions;

/// Label of a page inserted only to keep fronts on odd pages.
pub const BLANK_LABEL: &str = "intentionally blank";

/// A `w` x `h` page ([`Side::Blank`]) saying, in small text, that it is
/// intentionally blank.
pub(crate) fn blank_page(w: f64, h: f64, opts: &SheetOptions) -> Page {
    let mut page = Page::new(w, h, BLANK_LABEL).with_side(Side::Blank);
    page.push(Item::Text {
        pos: Pt::new(w / 2.0, h / 2.0),
        text: "intentionally blank: keeps every back behind its front when printed duplex"
            .to_string(),
        style: TextStyle {
            size: opts.footer_size,
            weight: Weight::Regular,
            anchor: Anchor::Middle,
            color: opts.inks.cut_line,
            role: crate::scene::TextRole::Footer,
        },
    });
    page
}

/// `pages`, whose first page will be page number `first` (from 1) of its
/// document, with a blank page inserted before every front whose back would
/// otherwise land on an odd page.
pub(crate) fn keep_parity(pages: Vec<Page>, first: usize, opts: &SheetOptions) -> Vec<Page> {
    let has_back: Vec<bool> =
        (0..pages.len()).map(|i| pages.get(i + 1).is_some_and(|p| p.side == Side::Back)).collect();
    let mut out = Vec::with_capacity(pages.len() + 1);
    for (page, back_follows) in pages.into_iter().zip(has_back) {
        let number = first + out.len();
        if back_follows && page.side != Side::Back && number.is_multiple_of(2) {
            out.push(blank_page(page.width, page.height, opts));
        }
        out.push(page);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(label: &str, side: Side) -> Page {
        let a4 = SheetOptions::default().paper;
        Page::new(a4.width, a4.height, label).with_side(side)
    }

    fn labels(pages: &[Page]) -> Vec<&str> {
        pages.iter().map(|p| p.label.as_str()).collect()
    }

    #[test]
    fn a_blank_page_goes_only_where_a_back_would_land_on_an_odd_page() {
        let o = SheetOptions::default();
        let pages = vec![
            page("sheet 1", Side::Front),
            page("sheet 1 back", Side::Back),
            page("sheet 2", Side::Single),
        ];
        // Starting on page 4, the first front would be on an even page.
        let out = keep_parity(pages.clone(), 4, &o);
        assert_eq!(labels(&out), [BLANK_LABEL, "sheet 1", "sheet 1 back", "sheet 2"]);
        // Starting on page 3, nothing moves.
        assert_eq!(labels(&keep_parity(pages, 3, &o)), ["sheet 1", "sheet 1 back", "sheet 2"]);
    }
}
