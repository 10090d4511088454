//! Stage 4, compose: layouts and scenarios -> pages of placed items
//! ([`crate::scene`]), one folder per thing the pack holds, and the
//! [`job::PrintJob`] that lists every file and the pages it holds.
//!
//! - [`map`]: the map canvas, its readable picture, and the 1:1 sheets it is
//!   cut into with their assembly overview;
//! - [`pieces`]: the pieces to cut out (tokens, tiles, described
//!   components) and their imposition on two-sided sheets;
//! - [`cards`]: the reference cards;
//! - [`handout`]: the rules handout, laid out by [`flow`] (text flow shared
//!   with the cards and the plan);
//! - [`plan`]: the print plan, the calibration sheet and the builder's sheet;
//! - [`art`]: pictograms and the theme's look shared by the map and pieces;
//! - [`pack`] and [`job`]: the print pack composed once, and its files.

pub mod art;
pub mod cards;
pub mod flow;
pub mod handout;
pub mod job;
pub mod map;
pub mod pack;
pub mod pieces;
pub mod placement;
pub mod plan;
