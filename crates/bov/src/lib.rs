//! Battles of Valerna: the pure rules engine (no I/O, no clock, no globals).
#![forbid(unsafe_code)]

pub mod battle;
pub mod content;
pub mod geometry;
pub mod rules;
