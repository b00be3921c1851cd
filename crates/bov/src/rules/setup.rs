//! Setting up a game, the parts with no shapes in them (BoV 5.1, "Pre-game
//! Phase": "Determine Scenario" > "Objectives Setup", "Determine Deployment
//! Zones", "Take Turns Deploying" > "Reserves").

use serde::{Deserialize, Serialize};
use valerna_game::Seat;

use super::edition::Edition;
use super::scenario::Battlefield;

pub use crate::geometry::setup::{DEPLOYMENT_LINE_INCHES, deployment_depth, deployment_zone_depth};

/// Objectives "must be placed more than 9" apart" (BoV 5.1; the starter
/// edition's are [`Edition::objective_rules`]).
pub const OBJECTIVE_SEPARATION_INCHES: f64 = 9.0;
/// "... and more than 3" away from any edge of the playing area."
pub const OBJECTIVE_EDGE_INCHES: f64 = 3.0;

/// A refused set-up step.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error(
        "an objective must be more than {}\" from every edge of the battlefield ({}, \"Objectives Setup\")",
        .0.objective_rules().edge_in,
        .0.book()
    )]
    ObjectiveNearEdge(Edition),
    #[error(
        "objectives must be more than {}\" apart ({}, \"Objectives Setup\")",
        .0.objective_rules().separation_in,
        .0.book()
    )]
    ObjectivesTooClose(Edition),
    #[error(
        "units may be left in Reserve only after at least half of them are deployed ({deployed} of {total}) (BoV 5.1, \"Reserves\")"
    )]
    ReservesTooEarly { deployed: usize, total: usize },
    #[error(
        "the General cannot be left in Reserve: \"in Valerna they lead from the front\" (BoV 5.1, \"Reserves\")"
    )]
    GeneralInReserve,
}

/// Checks a new objective at `(x, y)` inches (origin at a corner, x along the
/// long edge) against the edges and the objectives already placed, by BoV
/// 5.1's distances.
pub fn check_objective(
    table: Battlefield,
    placed: &[(f64, f64)],
    at: (f64, f64),
) -> Result<(), SetupError> {
    check_objective_in(Edition::V5_1, table, placed, at)
}

/// [`check_objective`] by `edition`'s distances ([`Edition::objective_rules`]).
pub fn check_objective_in(
    edition: Edition,
    table: Battlefield,
    placed: &[(f64, f64)],
    at: (f64, f64),
) -> Result<(), SetupError> {
    let rules = edition.objective_rules();
    let (w, d) = table.inches();
    let (x, y) = at;
    let m = rules.edge_in;
    if !(x.is_finite() && y.is_finite() && x > m && x < w - m && y > m && y < d - m) {
        return Err(SetupError::ObjectiveNearEdge(edition));
    }
    if placed
        .iter()
        .any(|&(px, py)| ((px - x).powi(2) + (py - y).powi(2)).sqrt() <= rules.separation_in)
    {
        return Err(SetupError::ObjectivesTooClose(edition));
    }
    Ok(())
}

/// Who places the next objective: players alternate, "starting with the
/// winner of a face-off roll".
pub fn objective_placer(face_off_winner: Seat, placed: usize) -> Seat {
    if placed.is_multiple_of(2) {
        face_off_winner
    } else {
        1 - face_off_winner.min(1)
    }
}

/// Who deploys next: players alternate a unit at a time, the player who won
/// the table-edge face-off first; a player with nothing left to deploy (all
/// deployed or the rest declared in Reserve) is skipped. `None` when both
/// are done.
pub fn next_to_deploy(last: Option<Seat>, left: [usize; 2], first: Seat) -> Option<Seat> {
    let other = |s: Seat| 1 - s.min(1);
    let want = match last {
        None => first.min(1),
        Some(s) => other(s),
    };
    if left[usize::from(want)] > 0 {
        Some(want)
    } else if left[usize::from(other(want))] > 0 {
        Some(other(want))
    } else {
        None
    }
}

/// "After you have deployed at least half of your units" a player may leave
/// the rest in Reserve; the General never stays there. Count a Dragonrider
/// mounted at the start and its Mount as one unit.
pub fn check_reserves(deployed: usize, total: usize, general_left: bool) -> Result<(), SetupError> {
    if 2 * deployed < total {
        return Err(SetupError::ReservesTooEarly { deployed, total });
    }
    if general_left {
        return Err(SetupError::GeneralInReserve);
    }
    Ok(())
}

/// What activating a unit in Reserve does in a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovReserveActivation))]
pub enum ReserveActivation {
    /// Round 1: nothing but the fatigue counter.
    FatigueOnly,
    /// From Round 2: it may enter with a March from the player's table edge
    /// or a short edge.
    MayEnter,
}

/// "In Round 1 ... when you activate a unit in Reserve, they do nothing";
/// "Starting in Round 2 ... you may choose to bring the unit in".
pub fn reserve_activation(round: u8) -> ReserveActivation {
    if round <= 1 {
        ReserveActivation::FatigueOnly
    } else {
        ReserveActivation::MayEnter
    }
}
