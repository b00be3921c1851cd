//! Scenarios and scoring (BoV 5.1, "Determine Scenario" > "Pitched Battle";
//! "Alternative Scenarios" > "Seize the Land!", "Slay the Foe!", "The
//! Quest"; "End of Game"; BoV starter, "Determine Game Mode" > "The Grand
//! Tactical").

use serde::{Deserialize, Serialize};
use valerna_game::Seat;

/// Points an objective scores its controller each round.
pub const POINTS_PER_OBJECTIVE: i32 = 10;
/// A model is on an objective within this many inches of the token.
pub const OBJECTIVE_RADIUS_INCHES: f64 = 3.0;
/// Rounds in a game unless the players agree otherwise ("End of Game").
pub const ROUNDS: u8 = 4;

/// The scenarios of 5.1 that this engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovScenario))]
pub enum Scenario {
    /// Objectives and defeated units both score.
    PitchedBattle,
    /// Only objectives score.
    SeizeTheLand,
    /// No objectives are placed; only defeated units score.
    SlayTheFoe,
    /// The objective tokens are treasure tokens; every unit starts in
    /// Reserve; only treasures carried home score.
    Quest,
    /// BoV starter, "The Grand Tactical": objectives placed and scored as
    /// in Seize the Land, defeated units as in Slay the Foe. The starter
    /// edition's alone ([`super::edition::Edition::plays`]).
    GrandTactical,
}

impl Scenario {
    /// Whether objective tokens are placed ("Objectives Setup"): in the
    /// Quest they are the treasure tokens.
    pub fn has_objectives(self) -> bool {
        self != Scenario::SlayTheFoe
    }

    /// Whether controlling objectives scores each round. The Quest's own
    /// "Scoring" names only treasures.
    pub fn scores_objectives(self) -> bool {
        matches!(
            self,
            Scenario::PitchedBattle | Scenario::SeizeTheLand | Scenario::GrandTactical
        )
    }

    /// Whether defeated enemy units score their points. The Quest is not
    /// written as "the same as the Pitched Battle, except", as the other
    /// two variants are: only its treasures score.
    pub fn scores_defeated_units(self) -> bool {
        matches!(
            self,
            Scenario::PitchedBattle | Scenario::SlayTheFoe | Scenario::GrandTactical
        )
    }

    /// "The Quest" > "Special Deployment": no models are deployed before
    /// the game; every unit starts in Reserve.
    pub fn all_in_reserve(self) -> bool {
        self == Scenario::Quest
    }

    /// The lead that wins: 10% of the game size for the Pitched Battle and
    /// its variants; any lead in the Quest ("the player with the most
    /// points wins").
    pub fn victory_margin(self, game_size: u32) -> i32 {
        match self {
            Scenario::Quest => 1,
            _ => victory_margin(game_size),
        }
    }
}

/// The battlefield sizes the book names; one type with the geometry's.
pub use crate::geometry::BattlefieldSize as Battlefield;

impl Battlefield {
    /// Objective tokens for a Pitched Battle: 5 on 4'x3', 7 on 6'x4'
    /// ("Objectives Setup"); 3 on 2'x1', whose area leaves no room for more
    /// tokens more than 9" apart and 3" from the edges (docs/rulings.md,
    /// "Three objectives on a 2'x1' battlefield").
    pub fn objectives(self) -> u8 {
        match self {
            Battlefield::Small2x1 => 3,
            Battlefield::Standard4x3 => 5,
            Battlefield::Large6x4 => 7,
        }
    }
}

/// Who controls each objective. Control persists until the opponent captures it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovObjectives))]
pub struct Objectives {
    pub control: Vec<Option<Seat>>,
}

impl Objectives {
    pub fn new(count: usize) -> Self {
        Self {
            control: vec![None; count],
        }
    }

    /// "Calculate Scoring": an objective is captured by the player with the
    /// most models within 3" of it (a tie captures nothing and leaves control
    /// as it was). `models_on[i][seat]` is the geometry's count for
    /// objective `i`, Monsters left out ("ignored for the purpose of
    /// capturing objectives"). Extra or missing rows are ignored.
    pub fn capture(&mut self, models_on: &[[u16; 2]]) {
        for (control, counts) in self.control.iter_mut().zip(models_on) {
            if counts[0] > counts[1] {
                *control = Some(0);
            } else if counts[1] > counts[0] {
                *control = Some(1);
            }
        }
    }

    /// Points each side scores this round: 10 per objective it controls.
    pub fn round_points(&self) -> [i32; 2] {
        let mut p = [0; 2];
        for seat in self.control.iter().flatten() {
            if let Some(x) = p.get_mut(usize::from(*seat)) {
                *x += POINTS_PER_OBJECTIVE;
            }
        }
        p
    }
}

/// Victory points. They may go below zero (a Monster bid).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovScore))]
pub struct Score {
    pub points: [i32; 2],
}

impl Score {
    /// End of round: capture, then score the objectives.
    pub fn score_round(
        &mut self,
        scenario: Scenario,
        objectives: &mut Objectives,
        models_on: &[[u16; 2]],
    ) -> [i32; 2] {
        if !scenario.scores_objectives() {
            return [0; 2];
        }
        objectives.capture(models_on);
        let p = objectives.round_points();
        self.points[0] += p[0];
        self.points[1] += p[1];
        p
    }

    /// "Scoring points for defeating enemy units": the opponent of `owner`
    /// scores the unit's cost, artifacts and upgrades included, at once.
    /// Returns the points scored.
    pub fn unit_defeated(&mut self, scenario: Scenario, owner: Seat, value: u16) -> i32 {
        if !scenario.scores_defeated_units() {
            return 0;
        }
        let scorer = usize::from(1 - owner.min(1));
        self.points[scorer] += i32::from(value);
        i32::from(value)
    }

    /// "If the game ends for any reason ..., all units left in Reserve are
    /// immediately defeated": each scores for the opponent like any defeated
    /// unit. Returns the points scored.
    pub fn reserves_defeated(&mut self, scenario: Scenario, owner: Seat, values: &[u16]) -> i32 {
        values
            .iter()
            .map(|&v| self.unit_defeated(scenario, owner, v))
            .sum()
    }

    /// A Monster's trophy goes to whoever defeated it, in every scenario
    /// (BoV 5.1, "Trophy value").
    pub fn trophy(&mut self, scorer: Seat, value: u16) {
        if let Some(p) = self.points.get_mut(usize::from(scorer)) {
            *p += i32::from(value);
        }
    }
}

/// The victory margin: 10 points at 100, "10% of the game size" otherwise,
/// rounded up so a fraction is never enough (docs/rulings.md, "The victory
/// margin rounds up").
pub fn victory_margin(game_size: u32) -> i32 {
    game_size.div_ceil(10) as i32
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovGameResult))]
pub enum GameResult {
    Win { seat: Seat, by_wipe_out: bool },
    Draw,
}

/// "End of Game" and "Victory!": a side with no unit left on the battlefield
/// loses whatever the score; otherwise a lead of at least the margin wins
/// and anything less is a draw. `on_battlefield[seat]` is whether the side
/// has a unit on the battlefield (Reserves do not count: they are defeated
/// when the game ends).
pub fn game_result(score: &Score, game_size: u32, on_battlefield: [bool; 2]) -> GameResult {
    result_with_margin(score, victory_margin(game_size), on_battlefield)
}

/// [`game_result`] with the scenario's lead to win
/// ([`Scenario::victory_margin`]).
pub fn result_with_margin(score: &Score, margin: i32, on_battlefield: [bool; 2]) -> GameResult {
    match on_battlefield {
        [true, false] => {
            return GameResult::Win {
                seat: 0,
                by_wipe_out: true,
            };
        }
        [false, true] => {
            return GameResult::Win {
                seat: 1,
                by_wipe_out: true,
            };
        }
        _ => {}
    }
    let d = score.points[0] - score.points[1];
    if d >= margin {
        GameResult::Win {
            seat: 0,
            by_wipe_out: false,
        }
    } else if -d >= margin {
        GameResult::Win {
            seat: 1,
            by_wipe_out: false,
        }
    } else {
        GameResult::Draw
    }
}
