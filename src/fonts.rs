//! The bundled font files (Noto Sans, SIL OFL; see `fonts/OFL.txt`): the only
//! fonts any output uses. Text measuring (compose) and drawing (export) both
//! read these bytes, so what is measured is what is printed.

/// Noto Sans Regular.
pub const REGULAR: &[u8] = include_bytes!("../fonts/NotoSans-Regular.ttf");
/// Noto Sans Bold.
pub const BOLD: &[u8] = include_bytes!("../fonts/NotoSans-Bold.ttf");

/// The first character of `text` that one of the bundled fonts cannot draw
/// (whitespace aside), if any. Everything printed is drawn with these fonts,
/// so a scenario's texts are checked with this before anything is drawn.
pub fn missing_char(text: &str) -> Option<char> {
    use std::sync::OnceLock;
    static FACES: OnceLock<Vec<rustybuzz::Face<'static>>> = OnceLock::new();
    let faces = FACES.get_or_init(|| {
        [REGULAR, BOLD].iter().filter_map(|b| rustybuzz::Face::from_slice(b, 0)).collect()
    });
    text.chars().find(|c| !c.is_whitespace() && faces.iter().any(|f| f.glyph_index(*c).is_none()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn coverage_is_latin_greek_cyrillic_not_cjk() {
        assert_eq!(super::missing_char("Catan — Ærø, Αθήνα, Москва, 6 × 8"), None);
        assert_eq!(super::missing_char("map 漢字"), Some('漢'));
    }
}
