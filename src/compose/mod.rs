//! Stage 4, compose: layouts and scenarios -> pages of placed items ([`scene`]).

pub mod art;
pub mod basic_art;
pub mod calibration;
pub mod cards;
pub mod components;
pub mod flow;
pub mod generic;
pub mod handout;
pub mod honeycomb;
pub mod map;
pub mod pack_notes;
pub mod piece;
pub mod scene;
pub mod sheet;
pub mod sheet_config;
pub mod theme_art;
pub mod tiles;
pub mod tokens;
