//! The bundled fonts: the only fonts any output may use.
//!
//! The font database is built from `include_bytes!` copies of `fonts/`; system
//! fonts are never loaded, so every machine lays text out identically. The
//! generic families (`sans-serif`, `serif`, ...) all map to the bundled family.

use std::sync::{Arc, OnceLock};

use resvg::usvg::{self, fontdb};

use crate::export::svg::FONT_FAMILY;

/// Noto Sans Regular (SIL Open Font License, see `fonts/OFL.txt`).
pub const REGULAR: &[u8] = crate::fonts::REGULAR;
/// Noto Sans Bold (SIL Open Font License, see `fonts/OFL.txt`).
pub const BOLD: &[u8] = crate::fonts::BOLD;

/// The shared font database holding only the bundled faces.
pub(crate) fn database() -> Arc<fontdb::Database> {
    static DB: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = fontdb::Database::new();
        db.load_font_source(fontdb::Source::Binary(Arc::new(REGULAR)));
        db.load_font_source(fontdb::Source::Binary(Arc::new(BOLD)));
        db.set_sans_serif_family(FONT_FAMILY);
        db.set_serif_family(FONT_FAMILY);
        db.set_monospace_family(FONT_FAMILY);
        db.set_cursive_family(FONT_FAMILY);
        db.set_fantasy_family(FONT_FAMILY);
        Arc::new(db)
    })
    .clone()
}

/// usvg options that resolve every font through [`database`].
pub(crate) fn usvg_options() -> usvg::Options<'static> {
    usvg::Options {
        font_family: FONT_FAMILY.to_string(),
        fontdb: database(),
        ..usvg::Options::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_bundled_faces_are_loaded() {
        let db = database();
        assert_eq!(db.len(), 2);
        for face in db.faces() {
            assert!(face.families.iter().any(|(name, _)| name == FONT_FAMILY));
        }
        let q = fontdb::Query { families: &[fontdb::Family::SansSerif], ..Default::default() };
        assert!(db.query(&q).is_some());
    }
}
