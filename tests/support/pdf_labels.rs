//! Reading a PDF's page labels back, for the tests that check what each
//! page of a pack is.

use std::collections::BTreeMap;

use lopdf::{Document, Object};

/// The page labels of a PDF, page by page (the `/PageLabels` number tree,
/// prefix only).
pub fn labels(doc: &Document) -> Vec<String> {
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
