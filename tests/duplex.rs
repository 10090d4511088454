//! Duplex by construction, read back from the PDFs with a PDF reader
//! (lopdf): in every PDF that holds backs, each back is on an even page
//! directly after its front, pages inserted to keep that parity say they are
//! intentionally blank, and single-sided component sheets come after all
//! double-sided ones. Every built-in, every player count, A4 and Letter.

use std::collections::BTreeMap;

use hexpress::outputs::Notes;
use hexpress::settings::{Choices, Paper, Settings};
use lopdf::{Document, Object};

/// The page labels of a PDF, page by page (the `/PageLabels` number tree,
/// prefix only).
fn labels(doc: &Document) -> Vec<String> {
    let catalog = doc.catalog().expect("catalog");
    let tree = match catalog.get(b"PageLabels").expect("page labels") {
        Object::Reference(r) => doc.get_dictionary(*r).expect("label tree"),
        Object::Dictionary(d) => d,
        other => panic!("page labels: {other:?}"),
    };
    let nums = tree.get(b"Nums").and_then(Object::as_array).expect("flat number tree");
    let mut starts = BTreeMap::new();
    for pair in nums.chunks(2) {
        let start = pair[0].as_i64().expect("page index");
        let dict = match &pair[1] {
            Object::Reference(r) => doc.get_dictionary(*r).expect("label"),
            Object::Dictionary(d) => d,
            other => panic!("label: {other:?}"),
        };
        let prefix = match dict.get(b"P") {
            Ok(Object::String(b, _)) => String::from_utf8_lossy(b).into_owned(),
            _ => String::new(),
        };
        starts.insert(start, prefix);
    }
    let n = doc.get_pages().len() as i64;
    (0..n)
        .map(|i| starts.range(..=i).next_back().map(|(_, p)| p.clone()).unwrap_or_default())
        .collect()
}

/// Checks one PDF; returns how many backs and blank pages it holds.
fn check(name: &str, doc: &Document, grouped: bool) -> (usize, usize) {
    let labels = labels(doc);
    let (mut backs, mut blanks) = (0, 0);
    let mut single_seen = false;
    for (i, label) in labels.iter().enumerate() {
        let number = i + 1;
        if let Some(front) = label.strip_suffix(" back") {
            backs += 1;
            assert!(number.is_multiple_of(2), "{name}: back '{label}' on odd page {number}");
            assert_eq!(
                labels[i - 1],
                front,
                "{name}: page {number} is not the back of the one before"
            );
            assert!(
                !(grouped && single_seen),
                "{name}: back on page {number} after single-sided sheets"
            );
        } else if label == "intentionally blank" {
            blanks += 1;
            assert!(
                number.is_multiple_of(2),
                "{name}: blank page {number} is not the back of a page"
            );
            let text = doc.extract_text(&[number as u32]).unwrap_or_default();
            assert!(text.contains("intentionally blank"), "{name}: page {number} says {text:?}");
        } else if labels.get(i + 1).is_some_and(|l| l.ends_with(" back")) {
            assert!(!number.is_multiple_of(2), "{name}: front '{label}' on even page {number}");
        } else {
            single_seen = true;
        }
    }
    (backs, blanks)
}

#[test]
fn every_back_lies_on_the_even_page_after_its_front() {
    let (mut packs_with_backs, mut blanks) = (0, 0);
    for paper in [Paper::A4, Paper::Letter] {
        let settings = Settings::build(&Choices { paper, ..Choices::default() }).expect("settings");
        for id in hexpress::builtin::ids() {
            let src = hexpress::builtin::source(id).expect("built-in");
            let sc = hexpress::model::load(&src).expect("valid");
            for &players in &sc.meta.players {
                let l =
                    hexpress::solve::solve(&sc, players, 7, &Default::default()).expect("solves");
                let files =
                    hexpress::outputs::all(&l, &sc, &settings, &Notes::default()).expect("outputs");
                for (file, bytes) in &files {
                    let grouped = match file.as_str() {
                        "print-pack.pdf" => false,
                        "components.pdf" => true,
                        _ => continue,
                    };
                    let name = format!("{id} {players}p {paper:?} {file}");
                    let doc = Document::load_mem(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
                    let (backs, b) = check(&name, &doc, grouped);
                    blanks += b;
                    if file == "print-pack.pdf" {
                        assert!(backs >= 1, "{name}: the calibration sheet has a back");
                        packs_with_backs += 1;
                    }
                }
            }
        }
    }
    assert!(blanks > 0, "some pack needs a blank page to keep parity");
    assert!(packs_with_backs >= 16, "8 built-ins on two papers: {packs_with_backs}");
}
