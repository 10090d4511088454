//! Stage 6, export: files from a layout (`layout.json`, the text picture,
//! SVG/PDF/PNG drawings), written atomically inside the output folder.

pub mod components;
pub mod error;
pub mod files;
pub mod fonts;
pub mod json;
pub mod map;
pub mod options;
pub mod pack;
pub mod pdf;
pub mod png;
pub mod rules;
pub mod text;
pub mod tree;

pub use error::RenderError;
pub use map::{map_document, map_outputs, MapFiles};
pub use options::{Formats, Paper, RenderOptions, View};
