//! Stage 4, compose: layouts and scenarios -> pages of placed items
//! ([`crate::scene`]), one module per kind of page, and the [`job::PrintJob`]
//! that lists every file and the pages it holds.

pub mod art;
pub mod basic_art;
pub mod board_picture;
pub mod builder;
pub mod calibration;
pub mod canvas;
pub mod cards;
pub mod components;
pub mod cutting;
pub mod docks;
pub mod duplex;
pub mod fit_text;
pub mod flow;
pub mod generic;
pub mod handout;
pub mod honeycomb;
pub mod job;
pub mod keepout;
pub mod legend;
pub mod loose;
pub mod map;
pub mod map_marks;
pub mod map_pages;
pub mod pack;
pub mod pack_notes;
pub mod packing;
pub mod piece;
pub mod plan;
pub mod plan_page;
pub mod plan_setup;
pub mod regions;
pub mod sharing;
pub mod sheet;
pub mod spots;
pub mod theme_art;
pub mod tile_overview;
pub mod tile_pages;
pub mod tiles;
pub mod tokens;
