//! Every PDF of a generate, read back with a PDF reader (lopdf): document
//! information (title, author, subject with scenario and seed, creator),
//! "print at actual size", and the page count each file should have.

use hexpress::compose::job::{print_job, Encoding};
use hexpress::outputs::Notes;
use hexpress::settings::Settings;
use lopdf::{Dictionary, Document, Object};

fn text(d: &Dictionary, key: &[u8]) -> String {
    match d.get(key) {
        Ok(Object::String(bytes, _)) => String::from_utf8_lossy(bytes).into_owned(),
        other => panic!("{}: not a string: {other:?}", String::from_utf8_lossy(key)),
    }
}

#[test]
fn pdfs_describe_themselves_and_print_at_actual_size() {
    let src = hexpress::builtin::source("gold-for-catan").expect("built-in");
    let sc = hexpress::model::load(&src).expect("valid");
    let l = hexpress::solve::solve(&sc, 3, 11, &Default::default()).expect("solves");
    let settings = Settings::default();
    let job = print_job(&l, &sc, &settings, &Notes::default()).expect("composes");
    let files = hexpress::export::encode(job.view()).expect("encodes");
    let mut pdfs = 0;
    for (f, (name, bytes)) in job.files.iter().zip(&files) {
        assert_eq!(&f.name, name);
        let Encoding::Pdf { title } = &f.encoding else { continue };
        pdfs += 1;
        let doc = Document::load_mem(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(doc.get_pages().len(), f.pages.len(), "{name}: page count");
        let info_ref = doc.trailer.get(b"Info").and_then(Object::as_reference).expect("Info");
        let info = doc.get_dictionary(info_ref).expect("Info dictionary");
        assert_eq!(&text(info, b"Title"), title, "{name}");
        assert_eq!(text(info, b"Author"), "hexpress", "{name}");
        let subject = text(info, b"Subject");
        assert!(subject.contains("Gold for Catan") && subject.contains("seed 11"), "{subject}");
        assert!(subject.contains("3 players"), "{subject}");
        assert!(text(info, b"Creator").starts_with("hexpress "), "{name}");
        assert!(info.get(b"CreationDate").is_err(), "{name}: no date, bytes stay reproducible");
        let catalog = doc.catalog().expect("catalog");
        let prefs = catalog.get(b"ViewerPreferences").and_then(Object::as_dict).expect("prefs");
        assert_eq!(prefs.get(b"PrintScaling").and_then(Object::as_name).ok(), Some(&b"None"[..]));
    }
    assert_eq!(pdfs, 5, "calibration, map, rules, components and the print pack");
}
