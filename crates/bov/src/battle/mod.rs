//! The turn engine of Battles of Valerna 5.1: set-up, deployment, rounds,
//! turns, actions, reactions, wounds, morale and the end of the game, tying
//! the geometry and the rules together behind [`valerna_game::Game`].
//!
//! The engine runs a queue of pending steps ([`Step`]); a step that needs a
//! player's answer (which model to remove, whether to react) stops the queue
//! and names the deciding seat, and the answer resumes it. Dice come from the
//! one seeded [`Stream`], so a game is its [`BattleSetup`] and its decisions.

pub mod actions;
pub mod attacks;
pub mod bots;
pub mod dangerous;
pub mod deployment;
pub mod powers;
pub mod reserves;
pub mod round;
pub mod units;

use std::collections::VecDeque;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use valerna_dice::Stream;
use valerna_game::{Choices, Game, Outcome, Seat};

use crate::content::{Pack, SAMPLE_LISTS};
use crate::geometry::{Battlefield, Map, Point, default_templates, place_terrain};
use crate::rules::force_list;
use crate::rules::scenario::{self, Objectives, Scenario, Score};
use crate::rules::status::StatusKind;
use crate::rules::wounds::WoundPlan;

pub use units::Unit;

/// Everything needed to start a battle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BattleSetup {
    pub seed: u64,
    /// The two force lists: a sample list's name (`"allaria_guild_line"`)
    /// or the RON text of a list.
    pub lists: [String; 2],
    pub scenario: Scenario,
    pub battlefield: scenario::Battlefield,
    /// A saved map to play on instead of terrain placed by sectors and
    /// scatter; its size must be `battlefield`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub map: Option<Map>,
}

impl BattleSetup {
    /// A Pitched Battle on a 4'x3' battlefield.
    pub fn pitched(seed: u64, a: &str, b: &str) -> Self {
        Self {
            seed,
            lists: [a.to_string(), b.to_string()],
            scenario: Scenario::PitchedBattle,
            battlefield: scenario::Battlefield::Standard4x3,
            map: None,
        }
    }
}

/// Paths given per model of a unit: the model's number in its unit and its
/// waypoints.
pub type Paths = Vec<(u8, Vec<Point>)>;

/// One seat's answer to the pending decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Decision {
    /// Place every model of a unit in the deployment zone.
    Deploy { unit: u16, positions: Vec<Point> },
    /// "Pass or Activate": pass for the rest of the round.
    Pass,
    /// "Select a Unit".
    Activate { unit: u16 },
    /// "March": each listed model moves along its path.
    March { paths: Paths },
    /// "Attack": melee if engaged with the target, otherwise ranged.
    Attack { target: u16 },
    /// "Charge" the target.
    Charge { target: u16 },
    /// "Skirmish": a half-Speed move, then a downgraded ranged attack on the
    /// target chosen beforehand.
    Skirmish { target: u16, paths: Paths },
    /// An Opportunity Attack by one engaged unit, or none.
    React { unit: Option<u16> },
    /// The models the owner removes as casualties.
    Remove { models: Vec<u8> },
    /// "Objectives Setup": place the next objective token here.
    PlaceObjective { at: Point },
    /// "Reserves": stop deploying and leave every remaining unit in Reserve.
    Reserve,
    /// A unit in Reserve enters with a March from `point` on a table edge:
    /// each model moves from just outside the table, in base contact with
    /// `point`, along its path. Every model must enter.
    Enter { point: Point, paths: Paths },
    /// A unit in Reserve activated from Round 2 does not enter.
    StayInReserve,
    /// "Dangerous Terrain (X)": the unit the Initiative winner picks as the
    /// terrain's target.
    DangerousTarget { unit: u16 },
    /// "Roll for Table Edges": the winner takes the long edge at y = 0
    /// (`near`) or the one opposite.
    TableEdge { near: bool },
    /// "Restore Fatigue": the status markers the owner removes from the unit.
    RemoveMarkers { markers: Vec<StatusKind> },
    /// "Activate Power": the unit's action power in `power` (its slot: the
    /// power's index on the card's side in play, or
    /// [`crate::rules::powers::ARTIFACT_POWER_SLOT`] for its Artifact's), and
    /// the one unit its effects that choose a unit apply to.
    ActivatePower { power: u8, target: Option<u16> },
    /// A Flanked unit's melee attack: each attacking model and the engaged
    /// enemy unit it attacks (BoV 5.1, "Flanking & Flanked").
    FlankedAttack { targets: Vec<(u8, u16)> },
}

/// A refused set-up or decision.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct BattleError(pub String);

pub(crate) fn err<T>(msg: impl Into<String>) -> Result<T, BattleError> {
    Err(BattleError(msg.into()))
}

/// What the engine waits for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Phase {
    /// A seat deploys its next unit.
    Deploy {
        seat: Seat,
    },
    /// "Pass or Activate".
    Turn {
        seat: Seat,
    },
    /// The active unit chooses an action.
    Action {
        unit: u16,
    },
    /// The owner of the engaged units may make one Opportunity Attack
    /// against `mover` (BoV 5.1, "Reactions": one reaction per trigger).
    Opportunity {
        mover: u16,
        candidates: Vec<u16>,
    },
    /// The owner of `unit` removes `count` models.
    Casualties {
        unit: u16,
        plan: WoundPlan,
        statuses: Vec<StatusKind>,
    },
    Over,
    /// "Objectives Setup": `seat` places the next objective token.
    PlaceObjective {
        seat: Seat,
    },
    /// A unit in Reserve was activated from Round 2: it may enter.
    Reserve {
        unit: u16,
    },
    /// The Initiative winner picks the target of Dangerous terrain `piece`
    /// (an index into the battlefield's terrain) among `candidates`.
    Dangerous {
        seat: Seat,
        piece: usize,
        candidates: Vec<u16>,
    },
    /// The winner of the table-edge face-off picks a long edge.
    TableEdge {
        seat: Seat,
    },
    /// "Restore Fatigue": the owner of `unit` chooses which `allowed` status
    /// markers to remove (asked only when markers of more than one kind
    /// compete for the removals).
    Markers {
        unit: u16,
        allowed: u8,
    },
}

/// A step of the engine's queue.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Step {
    /// Apply wounds to a unit, then statuses and morale.
    Wounds {
        unit: u16,
        wounds: u32,
        statuses: Vec<StatusKind>,
    },
    /// Offer the engaged enemies of `mover` an Opportunity Attack.
    Opportunity { mover: u16 },
    /// Carry out a validated move (re-checked: casualties may have changed it).
    Move {
        unit: u16,
        paths: Paths,
        allowance: f64,
    },
    /// The attack of a Skirmish, if the target is still in range and sight.
    SkirmishAttack { unit: u16, target: u16 },
    /// "Consolidate": models of each unit left out of contact by casualties
    /// move back in against the enemies it was engaged with before the attack.
    Consolidate { units: Vec<(u16, Vec<u16>)> },
    /// The active unit chooses its action.
    ChooseAction { unit: u16 },
    /// End of the active unit's turn.
    EndOfTurn { unit: u16 },
    /// "Dangerous Terrain (X)": the Initiative winner picks a target for
    /// terrain piece `piece`, if any unit is inside or within 6".
    Dangerous { piece: usize },
    /// The Initiative winner takes the first turn of the round.
    FirstTurn,
    /// "Restore Fatigue" for a unit whose owner chooses the markers removed.
    RestoreFatigue { unit: u16 },
    /// "Roll Initiative" and "Next Round, or End of Game".
    NextRound,
}

/// A model's move as drawn: where it came from and where it went.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DrawnPath {
    pub unit: u16,
    pub from: Point,
    pub waypoints: Vec<Point>,
}

/// A battle in progress.
#[derive(Clone, Debug)]
pub struct Battle {
    pub(crate) pack: Arc<Pack>,
    pub setup: BattleSetup,
    pub field: Battlefield,
    pub units: Vec<Unit>,
    pub objectives: Vec<Point>,
    pub control: Objectives,
    pub score: Score,
    pub round: u8,
    /// Who took the first turn of this round.
    pub initiative: Seat,
    pub passed: [bool; 2],
    pub phase: Phase,
    pub(crate) queue: VecDeque<Step>,
    pub(crate) stream: Stream,
    /// The Vaala cards in each hand (hidden from the opponent).
    pub(crate) hands: [Vec<String>; 2],
    pub game_size: u32,
    /// Who won the face-off to place the first objective.
    pub objectives_first: Seat,
    /// Who won the table-edge face-off: picks an edge and deploys first.
    pub deploy_first: Seat,
    /// The seat whose table edge is the long edge at y = 0; the other's is
    /// the one opposite.
    pub near_seat: Seat,
    pub(crate) last_deployed: Option<Seat>,
    /// Models removed from each side so far.
    pub models_lost: [u32; 2],
    /// The paths of the last move, for drawing.
    pub last_paths: Vec<DrawnPath>,
    pub(crate) result: Option<Outcome>,
    /// The last charge: the dice added to Speed and whether it engaged.
    pub last_charge: Option<ChargeReport>,
}

/// What the last charge rolled and did (BoV 5.1, "Charge Move").
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChargeReport {
    pub unit: u16,
    pub target: u16,
    pub bonus: u32,
    pub distance_before: f64,
    pub engaged: bool,
}

/// One unit as anyone may see it.
#[derive(Clone, Debug, Serialize)]
pub struct UnitView {
    pub id: u16,
    pub name: String,
    pub owner: Seat,
    pub models: Vec<Point>,
    pub wounds: u8,
    pub fatigue: u8,
    pub deployed: bool,
    /// Left in Reserve, off the table (BoV 5.1, "Reserves").
    pub reserve: bool,
}

/// What one seat may see: all of the battlefield, its own Vaala cards and
/// only the number of the opponent's.
#[derive(Clone, Debug, Serialize)]
pub struct BattleView {
    pub seat: Seat,
    pub round: u8,
    pub phase: Phase,
    pub units: Vec<UnitView>,
    pub objectives: Vec<Point>,
    pub control: Vec<Option<Seat>>,
    pub score: [i32; 2],
    pub hand: Vec<String>,
    pub opponent_cards: usize,
    /// The seat whose table edge is the long edge at y = 0.
    pub near_seat: Seat,
}

/// The text of a force list named in a setup.
fn list_text(name: &str) -> Option<&str> {
    // A list's text, comments above it or not: no list name has a '('.
    if name.contains('(') {
        return Some(name);
    }
    SAMPLE_LISTS
        .iter()
        .find(|(file, _)| file.trim_start_matches("lists/").trim_end_matches(".ron") == name)
        .map(|(_, text)| *text)
}

impl Battle {
    pub fn pack(&self) -> &Pack {
        &self.pack
    }

    pub(crate) fn other(seat: Seat) -> Seat {
        1 - seat.min(1)
    }

    /// Runs queued steps until one needs a decision or the queue is empty.
    pub(crate) fn run(&mut self) {
        while self.result.is_none() {
            let Some(step) = self.queue.pop_front() else {
                return;
            };
            if !self.step(step) {
                return;
            }
        }
        self.phase = Phase::Over;
    }

    /// Does one step; `false` when it stopped for a decision.
    fn step(&mut self, step: Step) -> bool {
        match step {
            Step::Wounds {
                unit,
                wounds,
                statuses,
            } => self.wounds_step(unit, wounds, statuses),
            Step::Opportunity { mover } => self.opportunity_step(mover),
            Step::Move {
                unit,
                paths,
                allowance,
            } => {
                self.move_step(unit, &paths, allowance);
                true
            }
            Step::SkirmishAttack { unit, target } => {
                self.skirmish_attack_step(unit, target);
                true
            }
            Step::Consolidate { units } => {
                self.consolidate_step(&units);
                true
            }
            Step::ChooseAction { unit } => {
                if self.units[usize::from(unit)].alive() {
                    self.phase = Phase::Action { unit };
                    false
                } else {
                    self.queue.push_front(Step::EndOfTurn { unit });
                    true
                }
            }
            Step::EndOfTurn { unit } => {
                self.end_of_turn(unit);
                // The end of the round may have queued its own steps.
                !self.queue.is_empty()
            }
            Step::RestoreFatigue { unit } => self.restore_fatigue_step(unit),
            Step::NextRound => {
                self.next_round();
                // A new round may have queued its Dangerous terrain.
                !self.queue.is_empty()
            }
            Step::Dangerous { piece } => self.dangerous_step(piece),
            Step::FirstTurn => {
                self.phase = Phase::Turn {
                    seat: self.initiative,
                };
                false
            }
        }
    }
}

impl Game for Battle {
    type Content = Pack;
    type Setup = BattleSetup;
    type Decision = Decision;
    type View = BattleView;
    type Error = BattleError;

    fn start(content: &Arc<Pack>, setup: &BattleSetup) -> Result<Self, BattleError> {
        let mut stream = Stream::new(setup.seed);
        let mut forces = Vec::new();
        for (seat, name) in setup.lists.iter().enumerate() {
            let Some(text) = list_text(name) else {
                return err(format!("seat {seat}: no force list named \"{name}\""));
            };
            let list =
                force_list::parse(text).map_err(|e| BattleError(format!("seat {seat}: {e}")))?;
            let force = force_list::validate(content, &list).map_err(|es| {
                let names: Vec<String> = es.iter().map(|e| e.to_string()).collect();
                BattleError(format!("seat {seat}: {}", names.join("; ")))
            })?;
            forces.push(force);
        }
        let game_size = forces[0].game_size.max(forces[1].game_size);
        let size = setup.battlefield;
        // BoV 5.1, "Setting up a game" > "1) Place Terrain": sectors and
        // scatter. The scatter is rolled even on a saved map (the alternative
        // method, terrain "set up in advance") so that the rest of the game
        // draws the same dice: a map saved from a game replays that game.
        let placed = place_terrain(size, &default_templates(size), &mut stream)
            .map_err(|e| BattleError(format!("terrain: {e}")))?;
        let field = match &setup.map {
            Some(map) => map
                .battlefield(size)
                .map_err(|e| BattleError(e.to_string()))?,
            None => placed,
        };
        let mut units = Vec::new();
        let mut hands: [Vec<String>; 2] = [Vec::new(), Vec::new()];
        for (seat, force) in forces.iter().enumerate() {
            let seat = seat as Seat;
            for (k, fu) in force.units.iter().enumerate() {
                let Some(card) = content.card(fu.card) else {
                    return err(format!("unit card {:?} is not in the pack", fu.card));
                };
                let mut unit = Unit::new(
                    units.len() as u16,
                    card,
                    fu.card,
                    seat,
                    fu.value,
                    k == force.general,
                );
                // BoV 5.1, "Artifact Cards": one at most, on a Hero.
                unit.artifact = fu.artifacts.first().copied();
                units.push(unit);
            }
            hands[usize::from(seat)] = force
                .vaala
                .iter()
                .map(|&v| content.vaala[v].id.clone())
                .collect();
        }
        // BoV 5.1, "Objectives Setup": players alternate, "starting with the
        // winner of a face-off roll".
        let objectives_first = if setup.scenario.has_objectives() {
            valerna_dice::bov::FaceOff::roll(&mut stream).winner as Seat
        } else {
            0
        };
        let mut b = Battle {
            pack: content.clone(),
            setup: setup.clone(),
            field,
            units,
            control: Objectives::new(0),
            objectives: Vec::new(),
            score: Score::default(),
            round: 0,
            initiative: 0,
            passed: [false; 2],
            phase: Phase::PlaceObjective {
                seat: objectives_first,
            },
            queue: VecDeque::new(),
            stream,
            hands,
            game_size,
            objectives_first,
            deploy_first: 0,
            near_seat: 0,
            last_deployed: None,
            models_lost: [0; 2],
            last_paths: Vec::new(),
            result: None,
            last_charge: None,
        };
        b.next_objective();
        b.run();
        Ok(b)
    }

    fn seats(&self) -> usize {
        2
    }

    fn to_decide(&self) -> Option<Seat> {
        match &self.phase {
            Phase::Deploy { seat }
            | Phase::Turn { seat }
            | Phase::PlaceObjective { seat }
            | Phase::TableEdge { seat }
            | Phase::Dangerous { seat, .. } => Some(*seat),
            Phase::Action { unit }
            | Phase::Casualties { unit, .. }
            | Phase::Reserve { unit }
            | Phase::Markers { unit, .. } => Some(self.units[usize::from(*unit)].owner),
            Phase::Opportunity { mover, .. } => {
                Some(Self::other(self.units[usize::from(*mover)].owner))
            }
            Phase::Over => None,
        }
    }

    fn choices(&self, out: &mut Vec<Decision>) -> Choices {
        out.clear();
        self.list_choices(out)
    }

    fn validate(&self, decision: &Decision) -> Result<(), BattleError> {
        self.check(decision)
    }

    fn apply(&mut self, decision: Decision) -> Result<(), BattleError> {
        self.check(&decision)?;
        self.carry_out(decision);
        self.run();
        Ok(())
    }

    fn view(&self, seat: Seat) -> BattleView {
        let s = usize::from(seat.min(1));
        BattleView {
            seat,
            round: self.round,
            phase: self.phase.clone(),
            units: self
                .units
                .iter()
                .map(|u| UnitView {
                    id: u.id,
                    name: u.name.clone(),
                    owner: u.owner,
                    models: u.alive_positions().collect(),
                    wounds: u.state.wounds,
                    fatigue: u.state.fatigue,
                    deployed: u.deployed,
                    reserve: u.reserve,
                })
                .collect(),
            objectives: self.objectives.clone(),
            control: self.control.control.clone(),
            score: self.score.points,
            hand: self.hands[s].clone(),
            opponent_cards: self.hands[1 - s].len(),
            near_seat: self.near_seat,
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.result.clone()
    }
}
