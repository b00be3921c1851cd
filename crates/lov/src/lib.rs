//! Lords of Vaala: the pure rules engine (no I/O, no clock, no globals).
//!
//! The rulebook is the specification; the cards and boards it does not print
//! come from the content pack (`content/lov/`, docs/rulings.md, "The provisional pack"), loaded by
//! [`content`] and written in the effect language of [`effect`]. The game is
//! driven through [`valerna_game::Game`], implemented by [`Lov`].
#![forbid(unsafe_code)]

pub mod combat;
pub mod content;
pub mod decision;
pub mod dragonbond;
pub mod effect;
pub mod effects;
pub mod engine;
pub mod faceless;
pub mod game;
pub mod invariants;
pub mod knowledge;
pub mod log;
pub mod movement;
pub mod policy;
pub mod question;
pub mod round;
pub mod setup;
pub mod state;
pub mod view;

pub use content::{Content, LoadError};
pub use decision::{Decision, Target};
pub use game::{Lov, LovError};
pub use setup::Setup;
pub use view::View;
