//! Battles of Valerna: the pure rules engine (no I/O, no clock, no globals).
#![forbid(unsafe_code)]

pub mod battle;
pub mod content;
pub mod force_list;
pub mod geometry;
pub mod rules;

/// The RON dialect of content and force lists: `Some(..)` may be left out
/// around an optional value (`bonded_to: "ferellon_fulgen"`).
pub fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}
