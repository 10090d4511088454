//! Stage 5, render: scene pages -> SVG text.

pub mod svg;
