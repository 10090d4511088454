//! Stage 6, export: files from a layout (`layout.json`, the text picture),
//! written atomically inside the output folder.

pub mod files;
pub mod json;
pub mod text;
