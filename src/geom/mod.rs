//! Geometry in millimetres for pointy-top hexes (y down), without trigonometry.

pub mod hex;

pub use hex::HexGeom;
