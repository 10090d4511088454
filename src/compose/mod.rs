//! Stage 4, compose: layouts and scenarios -> pages of placed items ([`scene`]).

pub mod flow;
pub mod piece;
pub mod scene;
