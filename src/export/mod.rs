//! The last stage, export: encoders only. A composed [`PrintJob`] becomes
//! file bytes (SVG text, PDF through krilla, PNG through resvg), a layout
//! becomes `layout.json` or the terminal picture, and [`files`] writes them
//! atomically inside the output folder. Nothing here composes a page.
//!
//! [`PrintJob`]: crate::compose::job::PrintJob

pub mod encode;
pub mod error;
pub mod files;
pub mod fonts;
pub mod json;
pub mod pdf;
pub mod pdf_draw;
pub mod plan_text;
pub mod png;
pub mod svg;
pub mod text;
pub mod tree;

pub use encode::{encode, OutFile};
pub use error::RenderError;
