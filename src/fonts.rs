//! The bundled font files (Noto Sans, SIL OFL; see `fonts/OFL.txt`): the only
//! fonts any output uses. Text measuring (compose) and drawing (export) both
//! read these bytes, so what is measured is what is printed.

/// Noto Sans Regular.
pub const REGULAR: &[u8] = include_bytes!("../fonts/NotoSans-Regular.ttf");
/// Noto Sans Bold.
pub const BOLD: &[u8] = include_bytes!("../fonts/NotoSans-Bold.ttf");
