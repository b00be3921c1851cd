//! What each hosted game adds to the erased table: its words, setup and bot.

pub mod lov;
