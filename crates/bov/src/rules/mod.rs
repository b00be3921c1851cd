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
//!
//! # Driving an attack ("Performing an Attack")
//! 1. [`attack::check_declaration`] with the geometry's facts; for an
//!    Opportunity Attack, [`attack::check_opportunity_attack`] first.
//! 2. [`attack::collect_dice`] for the attacking models the geometry counted;
//!    a Flanked unit groups its models by target with
//!    [`attack::flanked_attack_groups`] and attacks each group.
//! 3. [`modifiers::AttackModifiers`] → [`attack::make_attack_roll`].
//! 4. A ranged attack into an engaged unit splits the hits with
//!    [`attack::split_hits`]; each unit hit rolls
//!    [`attack::make_defense_roll`] with its [`modifiers::DefenseModifiers`]
//!    ([`attack::resolve_against`] does 3 and 4 for a single target).
//! 5. [`wounds::plan_wounds`], the owner's casualty decision when
//!    [`wounds::WoundPlan::needs_choice`], [`wounds::apply_wound_plan`];
//!    [`attack::statuses_inflicted`] adds the attack keywords' markers.
//! 6. [`morale::heavy_casualties`] on the models before and after →
//!    [`morale::test_models`] with [`modifiers::MoraleModifiers`].
//! 7. A defeated unit scores with [`scenario::Score::unit_defeated`] (its
//!    value is [`crate::force_list::ForceUnit::value`]); a defeated Giant inflicts
//!    [`attack::roll_wounds`] of its [`units::UnitCard::giant_dice`].
//!
//! # Turns and rounds
//! [`round::activate`], [`round::start_of_activation`] (Poison),
//! [`activation::check_activation`] / [`activation::activate`],
//! [`round::end_of_activation`]; at the end of the round
//! [`scenario::Score::score_round`], [`round::restore_fatigue`] per unit,
//! and at the end of the game [`scenario::Score::reserves_defeated`] and
//! [`scenario::game_result`].

pub mod activation;
pub mod attack;
pub mod cards;
pub mod charge;
pub mod edition;
pub mod fatigue;
pub mod keywords;
pub mod modifiers;
pub mod morale;
pub mod neutral;
pub mod powers;
pub mod quest;
pub mod references;
pub mod round;
pub mod scenario;
pub mod setup;
pub mod state;
pub mod status;
pub mod units;
pub mod weapons;
pub mod wounds;

pub use valerna_game::Seat;
