//! The rules of Battles of Valerna 5.1 that need no geometry: unit cards and
//! keywords, force lists, attacks, wounds, morale, fatigue, status effects
//! and scenario scoring.
//!
//! Each module is named after the rulebook's section and exposes small pure
//! functions over compact state ([`state::UnitState`]). Where a rule needs
//! geometry (engagement, range, line of sight, the General's aura, models on
//! an objective) the caller passes the answer in; where a rule leaves a
//! player a choice (which model to remove, which markers to heal) the
//! function takes the choice as an argument, so the turn engine can ask for
//! it as a decision.

pub mod attack;
pub mod cards;
pub mod charge;
pub mod fatigue;
pub mod force_list;
pub mod keywords;
pub mod modifiers;
pub mod morale;
pub mod neutral;
pub mod powers;
pub mod round;
pub mod scenario;
pub mod state;
pub mod status;
pub mod units;
pub mod wounds;

pub use valerna_game::Seat;
