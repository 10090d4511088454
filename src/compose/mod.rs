//! Stage 4, compose: layouts and scenarios -> pages of placed items ([`scene`]).

pub mod art;
pub mod map;
pub mod piece;
pub mod scene;
pub mod tiles;
