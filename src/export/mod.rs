//! The last stage, export: encoders only. A composed job's pages and files
//! ([`crate::scene::JobView`]) become file bytes (SVG text, PDF through
//! krilla, PNG through resvg), a layout becomes `layout.json` or the
//! terminal picture, and [`files`] writes them atomically inside the output
//! folder. Nothing here composes a page, and nothing here imports `compose`:
//! the encoders read the scene alone.

pub mod encode;
pub mod error;
pub mod files;
pub mod fonts;
pub mod json;
mod json_text;
pub mod pdf;
pub(crate) mod pdf_draw;
pub mod png;
pub mod shape;
pub mod svg;
pub mod text;
pub mod tree;

pub use encode::{encode, OutFile};
pub(crate) use error::RenderError;
