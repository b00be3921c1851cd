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
pub mod captains;
pub mod consolidate;
pub mod dangerous;
pub mod defense;
pub mod deployment;
pub mod invariants;
pub mod knowledge;
pub mod log;
pub mod look;
pub mod monsters;
pub mod mounted_generals;
pub mod placing;
pub mod powers;
pub mod quest;
pub mod reactions;
pub mod reserves;
pub mod riders;
pub mod round;
pub mod units;
pub mod why;

use std::collections::VecDeque;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use valerna_dice::Stream;
use valerna_game::{Choices, Game, Outcome, Seat};

use crate::content::Pack;
use crate::force_list;
use crate::geometry::{Battlefield, Map, Point, default_templates, place_terrain_by};
use crate::rules::edition::Edition;
use crate::rules::modifiers::MoraleCause;
use crate::rules::powers::{Roll, Trigger};
use crate::rules::scenario::{self, Objectives, Scenario, Score};
use crate::rules::state::ModelSet;
use crate::rules::status::StatusKind;
use crate::rules::wounds::WoundPlan;

pub use units::{HeroCaptain, Unit};

/// Everything needed to start a battle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovBattleSetup))]
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
    /// Monsters fielded in the battle, by unit id (BoV 5.1, "Monsters");
    /// the lists may name more.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub monsters: Vec<String>,
    /// Unit cards of one's own added to the pack for this battle: a list
    /// of unit cards as `content/bov/units/*.ron` holds them. The text is
    /// kept in the setup, so the battle replays from its record alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards: Option<String>,
    /// The rulebook the battle follows (docs/editions.md); 5.1, the default, is
    /// left unwritten, so a record from before editions reads the same.
    #[serde(default, skip_serializing_if = "Edition::is_default")]
    pub edition: Edition,
}

/// The file name a battle's own unit cards ([`BattleSetup::cards`]) are
/// reported under.
pub const OWN_CARDS_FILE: &str = "units/own.ron";

impl BattleSetup {
    /// A Pitched Battle on a 4'x3' battlefield.
    pub fn pitched(seed: u64, a: &str, b: &str) -> Self {
        Self {
            seed,
            lists: [a.to_string(), b.to_string()],
            scenario: Scenario::PitchedBattle,
            battlefield: scenario::Battlefield::Standard4x3,
            map: None,
            monsters: Vec::new(),
            cards: None,
            edition: Edition::V5_1,
        }
    }
}

/// Paths given per model of a unit: the model's number in its unit and its
/// waypoints.
pub type Paths = Vec<(u8, Vec<Point>)>;

/// One seat's answer to the pending decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovDecision))]
pub enum Decision {
    /// Place every model of a unit in the deployment zone; also the answer
    /// to a power's placement ([`Phase::PowerPlace`]), anywhere.
    Deploy { unit: u16, positions: Vec<Point> },
    /// "Pass or Activate": pass for the rest of the round.
    Pass,
    /// "Select a Unit".
    Activate { unit: u16 },
    /// "March": each listed model moves along its path.
    March {
        #[cfg_attr(feature = "schema", schema(value_type = Vec<(u8, Vec<Point>)>))]
        paths: Paths,
    },
    /// "Attack": melee if engaged with the target, otherwise ranged.
    Attack { target: u16 },
    /// "Charge" the target.
    Charge { target: u16 },
    /// "Skirmish": a half-Speed move, then a downgraded ranged attack on the
    /// target chosen beforehand.
    Skirmish {
        target: u16,
        #[cfg_attr(feature = "schema", schema(value_type = Vec<(u8, Vec<Point>)>))]
        paths: Paths,
    },
    /// An Opportunity Attack by one engaged unit on the unit moving away
    /// (a Mount carrying its rider: on the Mount), or none.
    React { unit: Option<u16> },
    /// An Opportunity Attack on a Mount moving away with its rider,
    /// declared model by model: each model of the reacting `unit` and
    /// which of the two it attacks (BoV 5.1, "Dragonriders": "attack
    /// either the Hero or the Mount (or indeed split their attacks between
    /// the two)"; docs/rulings.md, "An Opportunity Attack on a Mount
    /// carrying its rider").
    ReactSplit { unit: u16, targets: Vec<(u8, u16)> },
    /// The models the owner removes as casualties.
    Remove { models: Vec<u8> },
    /// "Consolidate": each listed model (of those asked about) moves along
    /// its path back into contact ([`Phase::Consolidate`]).
    Consolidate {
        #[cfg_attr(feature = "schema", schema(value_type = Vec<(u8, Vec<Point>)>))]
        paths: Paths,
    },
    /// "Objectives Setup": place the next objective token here.
    PlaceObjective { at: Point },
    /// "Reserves": stop deploying and leave every remaining unit in Reserve.
    Reserve,
    /// A unit in Reserve enters with a March from `point` on a table edge:
    /// each model moves from just outside the table, in base contact with
    /// `point`, along its path. Every model must enter.
    Enter {
        point: Point,
        #[cfg_attr(feature = "schema", schema(value_type = Vec<(u8, Vec<Point>)>))]
        paths: Paths,
    },
    /// A unit in Reserve activated from Round 2 does not enter.
    StayInReserve,
    /// "Dangerous Terrain (X)": the unit the Initiative winner picks as the
    /// terrain's target.
    DangerousTarget { unit: u16 },
    /// "Roll for Table Edges": the winner takes the long edge at y = 0
    /// (`near`) or the one opposite.
    TableEdge {
        near: bool,
        /// One of the short edges (the left one when `near`): the starter
        /// edition's "any table edge" (BoV starter, "Roll for Table
        /// Edges").
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        short: bool,
    },
    /// BoV starter, "Add Vaala cards or Upgrade tokens": spend one of the
    /// seat's Upgrade tokens on the roll about to be made, or not.
    UpgradeToken { spend: bool },
    /// "Restore Fatigue": the status markers the owner removes from the unit.
    RemoveMarkers { markers: Vec<StatusKind> },
    /// "Activate Power": the unit's action power in `power` (its slot: the
    /// power's index on the card's side in play, or
    /// [`crate::rules::powers::ARTIFACT_POWER_SLOT`] for its Artifact's), and
    /// the one unit its effects that choose a unit apply to.
    ActivatePower { power: u8, target: Option<u16> },
    /// A melee attack declared model by model: each attacking model and the
    /// engaged enemy unit it attacks, by a Flanked unit (BoV 5.1, "Flanking
    /// & Flanked") or split between a Dragonrider and its Mount
    /// ("Dragonriders").
    FlankedAttack { targets: Vec<(u8, u16)> },
    /// One reaction to the pending trigger, or none (BoV 5.1, "Reactions").
    Reaction { reaction: Option<Reaction> },
    /// The enemy unit a defeated Giant inflicts its wounds on.
    GiantTarget { unit: u16 },
    /// "Command X": the unit given the Hero's activation marker, or none.
    Command { unit: Option<u16> },
    /// "Command X": the commanded unit that takes the ranged hits on the
    /// Hero instead, or none; or the Mount that takes the melee hits on its
    /// rider ("Dragonriders").
    Redirect { unit: Option<u16> },
    /// "Dragonriders": at the end of its activation the rider mounts the
    /// Mount named, or stays on foot.
    Mount { mount: Option<u16> },
    /// "Dragonriders": before it acts, the mounted rider gets off, each of
    /// its models placed at its point, in base contact with the Mount.
    Dismount { positions: Vec<Point> },
    /// BoV starter, "Generals mounted on an Epic Creature": the Epic
    /// Creature's attack on `target` and its General's on
    /// `general_target`, both declared before either is rolled.
    PairAttack { target: u16, general_target: u16 },
    /// "The Quest": the face-off's winner picks the table edge the unit
    /// being brought in from Reserve enters from.
    EntryEdge { edge: quest::Edge },
    /// "Deploying monsters": the Monster asked about goes here, in base
    /// contact with an objective.
    PlaceMonster { at: Point },
    /// "Bidding": a secret bid of victory points for control of a Monster.
    Bid { points: u16 },
}

/// A moment that sets off reactions (BoV 5.1, "Reactions"): the trigger,
/// the units it happened to and the unit that set it off.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovWindow))]
pub struct Window {
    pub trigger: Trigger,
    /// The units attacked, charged, activated, testing morale or losing a
    /// model; empty for the end of a round or Initiative.
    pub subjects: Vec<u16>,
    /// The unit that attacks, charges or moves away, when another does.
    pub actor: Option<u16>,
}

/// One reaction a player may take on a trigger.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovReaction))]
pub enum Reaction {
    /// A reaction power of `unit` (its slot, as for Activate Power) and the
    /// unit its effects that choose one apply to.
    Power {
        unit: u16,
        power: u8,
        target: Option<u16>,
    },
    /// A Vaala card from the hand, its caster (for a targeted card) and the
    /// unit named.
    Vaala {
        card: String,
        caster: Option<u16>,
        target: Option<u16>,
    },
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
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovPhase))]
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
    /// against `mover` (BoV 5.1, "Reactions": one reaction per trigger). In
    /// the starter edition each engaged unit may take its own ("any unit is
    /// allowed", BoV starter, "Opportunity Attack"): asked again after each,
    /// without the units in `reacted`.
    Opportunity {
        mover: u16,
        candidates: Vec<u16>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        reacted: Vec<u16>,
    },
    /// The owner of `unit` removes `count` models.
    Casualties {
        unit: u16,
        plan: WoundPlan,
        statuses: Vec<StatusKind>,
        /// The unit whose melee attack dealt the wounds.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<u16>,
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
    /// `seat` may take one reaction to the trigger (BoV 5.1, "Reactions").
    Reaction {
        seat: Seat,
        window: Window,
        options: Vec<Reaction>,
    },
    /// A power moves `unit` up to `inches`: its owner gives the paths
    /// (answered with `Decision::March`).
    PowerMove {
        unit: u16,
        inches: f64,
    },
    /// A power places `unit` anywhere, engaged with no enemy: its owner
    /// gives the models' positions (answered with `Decision::Deploy`).
    PowerPlace {
        unit: u16,
    },
    /// "Consolidate": the owner of `unit` places its models `movers`, left
    /// out of contact by casualties, back into contact with `foes`
    /// ([`Decision::Consolidate`]). `proposal` is the engine's placement by
    /// the book's principle, which engages `engages` models; no placement
    /// may engage fewer.
    Consolidate {
        unit: u16,
        foes: Vec<u16>,
        movers: Vec<u8>,
        #[cfg_attr(feature = "schema", schema(value_type = Vec<(u8, Vec<Point>)>))]
        proposal: Paths,
        engages: consolidate::Engages,
    },
    /// The owner of a defeated Giant picks the enemy unit engaged with it
    /// that takes its wounds (BoV 5.1, "Giant").
    Giant {
        unit: u16,
        candidates: Vec<u16>,
    },
    /// BoV starter, "Generals mounted on an Epic Creature": after the move
    /// of the Charge (`charge`) or the Skirmish of `mount`, before its
    /// attack on `target` is rolled, its owner names the target of the
    /// riding General's attack among `candidates` ([`Decision::PairAttack`])
    /// or lets the creature attack alone ([`Decision::Attack`] on `target`).
    PairAttack {
        mount: u16,
        target: u16,
        charge: bool,
        candidates: Vec<u16>,
    },
    /// "Command X": at the start of the Hero's activation its owner may
    /// place the activation marker on one of `candidates`. The same marker
    /// makes the "Simultaneous Activation" of a Dragonrider and its Mount:
    /// `hero` is then the one of the pair activated, and the candidate the
    /// other.
    Command {
        hero: u16,
        candidates: Vec<u16>,
    },
    /// "Command X": ranged hits on the Hero; its owner may have one of
    /// `candidates` take them all instead. "Dragonriders": melee hits on a
    /// mounted rider, which its Mount may take.
    Redirect {
        hero: u16,
        candidates: Vec<u16>,
    },
    /// "Dragonriders": the rider's activation ends in base contact with
    /// `candidates`, Mounts it may get on.
    Mount {
        rider: u16,
        candidates: Vec<u16>,
    },
    /// "The Quest": `seat` won the face-off and picks the edge `unit`
    /// enters from.
    EntryEdge {
        unit: u16,
        seat: Seat,
    },
    /// `seat` places a Monster or bids for one (BoV 5.1, "Monsters").
    Monster {
        seat: Seat,
        ask: monsters::MonsterAsk,
    },
    /// `seat` may spend an Upgrade token on the `roll` of `unit` about to
    /// be made (BoV starter, "Add Vaala cards or Upgrade tokens");
    /// `changes_nothing` when the token would not change the roll
    /// ([`Battle::token_would_change`]).
    UpgradeToken {
        seat: Seat,
        unit: u16,
        roll: Roll,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        changes_nothing: bool,
    },
}

/// A step of the engine's queue.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovStep))]
pub enum Step {
    /// Apply wounds to a unit, then statuses and morale; `by`: the unit
    /// whose melee attack dealt them (where a Dragonrider lands when its
    /// Mount falls).
    Wounds {
        unit: u16,
        wounds: u32,
        statuses: Vec<StatusKind>,
        by: Option<u16>,
    },
    /// Offer the engaged enemies of `mover` an Opportunity Attack, but not
    /// those that made theirs against this move already (the starter
    /// edition's).
    Opportunity {
        mover: u16,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        reacted: Vec<u16>,
    },
    /// Carry out a validated move (re-checked: casualties may have changed it).
    Move {
        unit: u16,
        #[cfg_attr(feature = "schema", schema(value_type = Vec<(u8, Vec<Point>)>))]
        paths: Paths,
        allowance: f64,
    },
    /// The attack of a Skirmish, if the target is still in range and sight.
    SkirmishAttack { unit: u16, target: u16 },
    /// "Consolidate": models of each unit left out of contact by casualties
    /// move back in against the enemies it was engaged with before the attack.
    Consolidate {
        units: Vec<consolidate::Consolidating>,
    },
    /// The active unit chooses its action.
    ChooseAction { unit: u16 },
    /// End of the active unit's activation: its reactions, then
    /// [`Step::ActivationEnds`].
    EndOfTurn { unit: u16 },
    /// The activation's markers go; then a unit an activation marker calls
    /// for is activated in the same turn, or the turn ends.
    ActivationEnds { unit: u16 },
    /// "Dangerous Terrain (X)": the Initiative winner picks a target for
    /// terrain piece `piece`, if any unit is inside or within 6".
    Dangerous { piece: usize },
    /// The Initiative winner takes the first turn of the round.
    FirstTurn,
    /// "Restore Fatigue" for a unit whose owner chooses the markers removed.
    RestoreFatigue { unit: u16 },
    /// "Roll Initiative" and "Next Round, or End of Game".
    NextRound,
    /// Offer each of `seats` in turn one reaction to the trigger; no second
    /// Vaala card once one was played on it.
    Reactions {
        window: Window,
        seats: Vec<Seat>,
        vaala_played: bool,
    },
    /// A melee attack declared earlier, resolved after the reactions to it;
    /// `recount`: count the attacking models again (a single target).
    MeleeAttack {
        unit: u16,
        groups: Vec<(u16, u32)>,
        recount: bool,
        charge: bool,
        consolidate: bool,
    },
    /// A ranged attack declared earlier, resolved after the reactions.
    RangedAttack {
        unit: u16,
        target: u16,
        skirmish: bool,
    },
    /// A Charge declared earlier, moved after the reactions to it.
    Charge { unit: u16, target: u16 },
    /// Wounds whose reactions ("a model is defeated") were offered.
    ReactedWounds {
        unit: u16,
        wounds: u32,
        statuses: Vec<StatusKind>,
        by: Option<u16>,
    },
    /// Morale tests; `reacted` once the reactions to them were offered.
    Morale {
        unit: u16,
        testing: ModelSet,
        cause: MoraleCause,
        reacted: bool,
    },
    /// The end of a turn once its reactions were offered.
    TurnEnds { unit: u16 },
    /// The end of the round once its reactions were offered.
    RoundEnds,
    /// The first turn once the Initiative reactions were offered.
    TakeFirstTurn,
    /// A power moves a unit: its owner gives the paths.
    PowerMove { unit: u16, inches: f64 },
    /// A power places a unit: its owner gives the positions.
    PowerPlace { unit: u16 },
    /// Whether `unit`'s attack or power destroyed the last model of
    /// `target`, to offer `unit` its reactions to having done so.
    Destroyed { unit: u16, target: u16 },
    /// A defeated Giant's wounds on one of the enemy units engaged with it.
    Giant { unit: u16, candidates: Vec<u16> },
    /// The attack that ends the Charge (`charge`) or the Skirmish of
    /// `mount` on `target`, with its riding General's beside it in the
    /// starter edition.
    PairAttack {
        mount: u16,
        target: u16,
        charge: bool,
    },
    /// "End of Game" once a defeated Giant's wounds were inflicted.
    WipeOut,
    /// The effects of an `Attack` effect's `if_wounds` on the units its
    /// attack wounded (gathered as the defense rolls are made).
    IfWounds {
        caster: u16,
        effects: Vec<crate::rules::powers::Effect>,
        wounded: Vec<u16>,
    },
    /// "Command X": the Hero may place its activation marker.
    Command { hero: u16 },
    /// "Dragonriders": the rider may mount at the end of its activation.
    Mount { rider: u16 },
    /// BoV starter: `seat` is asked whether it spends an Upgrade token on
    /// the `roll` of `unit` that follows.
    UpgradeToken { seat: Seat, unit: u16, roll: Roll },
    /// `unit`'s defense roll against `standard` and `critical` hits that
    /// are no unit's attack (Dangerous terrain's, a power's), once its side
    /// was `asked` about an Upgrade token (`defense.rs`).
    Defend {
        unit: u16,
        against: defense::Against,
        standard: u32,
        critical: u32,
        asked: bool,
    },
    /// Hits of an attack on `unit`, before its defense roll: `stage` 0
    /// offers a Command X Hero's owner to have a commanded unit take ranged
    /// hits, or a mounted rider's owner to have its Mount take melee hits,
    /// 1 the reactions to being hit, 2 rolls the defense (`flanked`:
    /// the target was Flanked when the melee attack was made).
    Hits {
        attacker: u16,
        unit: u16,
        kind: crate::rules::units::WeaponKind,
        standard: u32,
        critical: u32,
        keywords: Vec<crate::rules::keywords::AttackKeyword>,
        flanked: bool,
        stage: u8,
    },
    /// "The Quest" > "Scoring": after a March, a carrying unit wholly in
    /// contact with its own table edge scores and leaves.
    Home { unit: u16 },
    /// A step of the neutral side's Monsters (BoV 5.1, "Monsters").
    Monster(monsters::MonsterStep),
}

/// A model's move as drawn: where it came from and where it went.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovDrawnPath))]
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
    /// Where the battle's own unit cards ([`BattleSetup::cards`]) begin in
    /// its pack (the pack's length when it has none).
    pub(crate) own_cards_from: usize,
    /// The last charge: the dice added to Speed and whether it engaged.
    pub last_charge: Option<ChargeReport>,
    /// The Vaala cards each side started with.
    pub(crate) dealt: [Vec<String>; 2],
    /// A Command X Hero's activation marker: the Hero and the unit it
    /// activates next (BoV 5.1, "Command X").
    pub command_marker: Option<(u16, u16)>,
    /// How many times each power, Vaala card and Artifact acted, by
    /// [`CardUse`] key.
    pub(crate) uses: std::collections::BTreeMap<(CardKind, String), u32>,
    /// The treasures of the Quest (empty in other scenarios).
    pub quest: quest::Quest,
    /// The neutral side (BoV 5.1, "Monsters").
    pub monsters: monsters::Monsters,
    /// The Upgrade tokens each seat has left (BoV starter, "Add Vaala
    /// cards or Upgrade tokens"): those its list bought.
    pub upgrade_tokens: [u32; 2],
    /// The seat that declared an Upgrade token for the roll about to be
    /// made.
    pub(crate) token_declared: Option<Seat>,
    /// The battle's story, when it is told ([`Battle::start_narrated`]).
    /// The passive powers that changed the last roll's modifiers, by
    /// name, for its story.
    pub(crate) roll_named: Vec<String>,
    pub(crate) log: Option<Box<log::Log>>,
}

/// What kind of card a [`CardUse`] counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovCardKind))]
pub enum CardKind {
    /// A power printed on a unit card.
    Power,
    Vaala,
    Artifact,
}

/// How many times one card acted in a battle: a power was activated or a
/// passive one changed a roll, a Vaala card was played, an Artifact's power
/// acted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovCardUse))]
pub struct CardUse {
    pub kind: CardKind,
    /// The power's, Vaala card's or Artifact card's id.
    pub id: String,
    pub uses: u32,
}

/// What the last charge rolled and did (BoV 5.1, "Charge Move").
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovChargeReport))]
pub struct ChargeReport {
    pub unit: u16,
    pub target: u16,
    pub bonus: u32,
    pub distance_before: f64,
    pub engaged: bool,
}

/// One unit as anyone may see it.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovUnitView))]
pub struct UnitView {
    pub id: u16,
    pub name: String,
    /// Its unit card's id in the pack.
    pub card: String,
    pub owner: Seat,
    /// Where its models on the table stand, in the order of `model_ids`.
    pub models: Vec<Point>,
    /// The numbers of those models in the unit (a decision names models by
    /// number).
    pub model_ids: Vec<u8>,
    /// Its models' base radius in inches.
    pub radius_in: f64,
    pub general: bool,
    pub hero: bool,
    pub monster: bool,
    /// An Epic Creature showing its Injured side.
    pub injured: bool,
    pub wounds: u8,
    pub fatigue: u8,
    /// Activations it may still make before it is Exhausted (BoV 5.1,
    /// "Fatigue").
    pub activations_left: u8,
    pub status: crate::rules::status::StatusMarkers,
    /// The unit it is bonded with by the Dragonbond.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bonded: Option<u16>,
    /// The Artifact card it carries (its id).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub artifact: Option<String>,
    pub deployed: bool,
    /// Left in Reserve, off the table (BoV 5.1, "Reserves").
    pub reserve: bool,
    /// The Mount it rides: its models are then not on the table
    /// (BoV 5.1, "Dragonriders").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mounted_on: Option<u16>,
    /// The number of its Captain model while it is on the battlefield (BoV
    /// starter, "Captains").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub captain: Option<u8>,
    /// The card of the Hero leading it as its Captain, while the Hero leads
    /// troopers (BoV starter, "Heroes as Captains"): its power is the unit's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub captain_card: Option<String>,
    /// Its card shows its mounted side: a General riding an Epic Creature
    /// in a starter battle (BoV starter, "General cards").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub mounted_side: bool,
    /// The card of the General riding it, attached to its own (BoV
    /// starter, "Generals mounted on an Epic Creature"): its powers are
    /// the pair's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rider_card: Option<String>,
    /// How far it may march now, in inches: Speed with the powers' bonuses,
    /// after Slowed and Immobilized (0 when not on the table).
    pub allowance_in: f64,
    /// How far a charge of its would reach and the chance of each distance
    /// (Speed plus the 3 black dice, each hit an inch; exact odds), nearest
    /// first; empty when it cannot charge (BoV 5.1, "Charge").
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub charge: Vec<ChargeReach>,
}

/// One distance a charge may cover, and the chance its dice reach it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovChargeReach))]
pub struct ChargeReach {
    pub inches: f64,
    pub chance: f64,
}

/// What one seat may see: all of the battlefield, its own Vaala cards and
/// only the number of the opponent's.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovBattleView))]
pub struct BattleView {
    pub seat: Seat,
    pub round: u8,
    /// The rounds the battle lasts (BoV 5.1, "End of Game": the end of
    /// Round 4).
    pub rounds: u8,
    /// The side that won this round's face-off and took its first turn
    /// (BoV 5.1, "Initiative").
    pub initiative: Seat,
    /// Whether each side has passed this round: it takes no more turns
    /// until the round ends (BoV 5.1, "Pass or Activate").
    pub passed: [bool; 2],
    pub phase: Phase,
    pub units: Vec<UnitView>,
    pub objectives: Vec<Point>,
    /// Who controls each objective, in `objectives` order (`null`: no one).
    #[cfg_attr(feature = "schema", schema(value_type = Vec<Option<u8>>))]
    pub control: Vec<Option<Seat>>,
    pub score: [i32; 2],
    pub hand: Vec<String>,
    pub opponent_cards: usize,
    /// How many Vaala cards each seat holds (public).
    pub hand_sizes: [usize; 2],
    /// The Upgrade tokens each seat has left (public, as a hand's size is;
    /// BoV starter, "Add Vaala cards or Upgrade tokens"); left out when
    /// neither list bought any.
    #[serde(default, skip_serializing_if = "no_tokens")]
    pub upgrade_tokens: [u32; 2],
    /// The seat whose table edge is the long edge at y = 0.
    pub near_seat: Seat,
    /// The Quest's treasure tokens: on the table, carried or scored.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub treasures: Vec<quest::TreasureView>,
    /// The Monsters, the seat's own bid only.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub monsters: Vec<monsters::MonsterView>,
    pub scenario: Scenario,
    /// The rulebook the battle follows; left out for 5.1, the default.
    #[serde(default, skip_serializing_if = "Edition::is_default")]
    pub edition: Edition,
    /// The table, its terrain and the deployment zones.
    pub field: FieldView,
    /// The paths of the last move, for drawing it.
    pub last_paths: Vec<DrawnPath>,
    /// The battle's own unit cards (not in the shipped pack), for drawing
    /// its units' cards: public, as every unit card is.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub own_cards: Vec<crate::rules::units::UnitCard>,
}

fn no_tokens(tokens: &[u32; 2]) -> bool {
    *tokens == [0, 0]
}

/// The battlefield as drawn: its size in inches, its terrain pieces
/// (outline and kinds) and each long edge's deployment zone.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovFieldView))]
pub struct FieldView {
    pub width: f64,
    pub height: f64,
    pub terrain: Vec<crate::geometry::TerrainPiece>,
    /// The zone along the edge at y = 0 and the one opposite, as
    /// `(y_min, y_max)` (BoV 5.1, "Deployment").
    pub zones: [(f64, f64); 2],
}

/// The text of a force list named in a setup.
fn list_text(name: &str) -> Option<&str> {
    // A list's text, comments above it or not: no list name has a '('.
    if name.contains('(') {
        return Some(name);
    }
    crate::content::shipped_lists()
        .find(|(shipped, _)| *shipped == name)
        .map(|(_, text)| text)
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
                match self.neutral_decision() {
                    Some(d) if self.check(&d).is_ok() => {
                        let before = self.phase.clone();
                        self.carry_out(d);
                        // A decision that queued nothing and changed nothing
                        // would be taken again for ever.
                        if self.queue.is_empty() && self.phase == before {
                            return;
                        }
                    }
                    _ => return,
                }
                continue;
            };
            // The neutral side's decisions are the engine's: no seat is
            // ever asked for them.
            if !self.step(step) {
                match self.neutral_decision() {
                    Some(d) if self.check(&d).is_ok() => self.carry_out(d),
                    _ => return,
                }
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
                by,
            } => self.wounds_step(unit, wounds, statuses, by),
            Step::Opportunity { mover, reacted } => self.opportunity_step(mover, reacted),
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
            Step::Consolidate { units } => self.consolidate_step(&units),
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
                // BoV 5.1, "Reactions": the end of the activation; the end
                // of the turn follows once no second activation is due
                // (`Battle::end_of_activation`).
                self.queue.push_front(Step::ActivationEnds { unit });
                let owner = self.units[usize::from(unit)].owner;
                self.queue.push_front(Step::Reactions {
                    window: Window {
                        trigger: Trigger::EndOfActivation,
                        subjects: vec![unit],
                        actor: None,
                    },
                    seats: vec![owner],
                    vaala_played: false,
                });
                // BoV 5.1, "Dragonriders": a Hero "ends its activation in
                // base contact" with a Mount and may mount.
                if let Some(s) = self.mount_offer(unit) {
                    self.queue.push_front(s);
                }
                true
            }
            Step::RestoreFatigue { unit } => self.restore_fatigue_step(unit),
            Step::NextRound => {
                self.next_round();
                // A new round may have queued its Dangerous terrain.
                !self.queue.is_empty()
            }
            Step::Dangerous { piece } => self.dangerous_step(piece),
            Step::FirstTurn => {
                // BoV 5.1, "Reactions": "When you win Initiative".
                self.queue.push_front(Step::TakeFirstTurn);
                self.queue.push_front(Step::Reactions {
                    window: Window {
                        trigger: Trigger::Initiative,
                        subjects: Vec::new(),
                        actor: None,
                    },
                    seats: vec![self.initiative],
                    vaala_played: false,
                });
                true
            }
            Step::TakeFirstTurn => {
                self.phase = Phase::Turn {
                    seat: self.initiative,
                };
                false
            }
            Step::Reactions {
                window,
                seats,
                vaala_played,
            } => self.reactions_step(window, seats, vaala_played),
            Step::MeleeAttack {
                unit,
                groups,
                recount,
                charge,
                consolidate,
            } => {
                self.melee_attack_step(unit, &groups, recount, charge, consolidate);
                true
            }
            Step::RangedAttack {
                unit,
                target,
                skirmish,
            } => {
                self.ranged_attack_step(unit, target, skirmish);
                true
            }
            Step::Charge { unit, target } => {
                self.charge(unit, target);
                true
            }
            Step::ReactedWounds {
                unit,
                wounds,
                statuses,
                by,
            } => self.wounds_now(unit, wounds, statuses, by),
            Step::Morale {
                unit,
                testing,
                cause,
                reacted,
            } => {
                self.morale_step(unit, testing, cause, reacted);
                true
            }
            Step::ActivationEnds { unit } => {
                self.end_of_activation(unit);
                true
            }
            Step::TurnEnds { unit } => {
                self.end_of_turn(unit);
                !self.queue.is_empty()
            }
            Step::RoundEnds => {
                self.round_ends();
                !self.queue.is_empty()
            }
            Step::IfWounds {
                caster,
                effects,
                wounded,
            } => {
                self.if_wounds_step(caster, &effects, &wounded);
                true
            }
            Step::WipeOut => {
                self.check_wipe_out();
                true
            }
            Step::UpgradeToken { seat, unit, roll } => self.upgrade_token_step(seat, unit, roll),
            Step::Defend {
                unit,
                against,
                standard,
                critical,
                asked,
            } => self.defend_step(
                unit,
                against,
                valerna_dice::bov::AttackRoll { standard, critical },
                asked,
            ),
            Step::PairAttack {
                mount,
                target,
                charge,
            } => self.pair_attack_step(mount, target, charge),
            Step::Giant { unit, candidates } => {
                let alive: Vec<u16> = candidates
                    .into_iter()
                    .filter(|&c| self.units[usize::from(c)].alive())
                    .collect();
                match alive.as_slice() {
                    [] => true,
                    [only] => {
                        self.giant_wounds(unit, *only);
                        true
                    }
                    // BoV starter, "Giant": "a random enemy unit engaged".
                    _ if self.edition().giant_target_random() => {
                        let k = self.stream.below(alive.len() as u32) as usize;
                        self.giant_wounds(unit, alive[k]);
                        true
                    }
                    _ => {
                        self.phase = Phase::Giant {
                            unit,
                            candidates: alive,
                        };
                        false
                    }
                }
            }
            Step::Command { hero } => {
                let candidates = self.command_candidates(hero);
                if candidates.is_empty() {
                    true
                } else {
                    self.phase = Phase::Command { hero, candidates };
                    false
                }
            }
            Step::Hits {
                attacker,
                unit,
                kind,
                standard,
                critical,
                keywords,
                flanked,
                stage,
            } => self.hits_step(
                attacks::Hits {
                    attacker,
                    unit,
                    kind,
                    standard,
                    critical,
                    keywords,
                    flanked,
                },
                stage,
            ),
            Step::Mount { rider } => self.mount_step(rider),
            Step::Home { unit } => {
                self.home_step(unit);
                true
            }
            Step::Monster(s) => self.monster_step(s),
            Step::PowerMove { unit, inches } => {
                // A mounted rider moves only with its Mount.
                if self.units[usize::from(unit)].alive() && !self.mounted(unit) {
                    self.phase = Phase::PowerMove { unit, inches };
                    false
                } else {
                    true
                }
            }
            Step::PowerPlace { unit } => self.power_place_step(unit),
            Step::Destroyed { unit, target } => {
                self.destroyed_step(unit, target);
                true
            }
        }
    }
}

impl Battle {
    /// A battle whose story is told: every public happening kept as a typed
    /// event for each seat ([`log::Event`]), for a table or a replay to
    /// narrate. The same battle as [`Game::start`] gives, at some cost in
    /// time and memory.
    pub fn start_narrated(content: &Arc<Pack>, setup: &BattleSetup) -> Result<Self, BattleError> {
        Battle::begin(content, setup, true)
    }

    /// The rulebook this battle follows.
    pub fn edition(&self) -> Edition {
        self.setup.edition
    }

    fn begin(content: &Arc<Pack>, setup: &BattleSetup, narrate: bool) -> Result<Self, BattleError> {
        let own;
        let base_units = content.units.len();
        let content = match &setup.cards {
            None => content,
            Some(text) => {
                let src = crate::content::Source {
                    file: OWN_CARDS_FILE,
                    kind: crate::content::FileKind::Units,
                    text,
                };
                own = Arc::new(
                    content
                        .with_units(&src)
                        .map_err(|e| BattleError(format!("the battle's own cards: {e}")))?,
                );
                &own
            }
        };
        setup
            .edition
            .plays(setup.scenario, setup.battlefield)
            .map_err(BattleError)?;
        if let (Edition::Starter, Some(m)) = (setup.edition, setup.monsters.first()) {
            return err(format!(
                "Monster '{m}': the starter edition has no Monsters (BoV starter, \"Writing army lists\"; Monsters are BoV 5.1's, \"Neutral Units\")"
            ));
        }
        let mut stream = Stream::new(setup.seed);

        let mut forces = Vec::new();
        for (seat, name) in setup.lists.iter().enumerate() {
            let Some(text) = list_text(name) else {
                return err(format!("seat {seat}: no force list named \"{name}\""));
            };
            let list =
                force_list::parse(text).map_err(|e| BattleError(format!("seat {seat}: {e}")))?;
            if let Some(e) = list.edition
                && e != setup.edition
            {
                return err(format!(
                    "seat {seat}: the list \"{}\" is written for the {e} edition, the battle is played by {} (docs/editions.md)",
                    list.name,
                    setup.edition.book()
                ));
            }
            // A list naming no edition is read by the battle's edition's
            // rules: a starter battle refuses what its book has not
            // (Artifacts, Mercenaries, Monsters, a Hero twice, a rider who
            // is not the General).
            let mut list = list;
            list.edition = Some(setup.edition);
            let force = force_list::validate(content, &list).map_err(|es| {
                let names: Vec<String> = es.iter().map(|e| e.to_string()).collect();
                BattleError(format!("seat {seat}: {}", names.join("; ")))
            })?;
            forces.push(force);
        }
        // BoV 5.1, "Game Size": the players "decide a size for the game",
        // one size that "each player's force can add up to".
        if forces[0].game_size != forces[1].game_size {
            return err(format!(
                "the two lists are written for different game sizes ({} and {} points): BoV 5.1, \"Game Size\", the players agree one size",
                forces[0].game_size, forces[1].game_size
            ));
        }
        let game_size = forces[0].game_size;
        let size = setup.battlefield;
        // BoV 5.1, "Setting up a game" > "1) Place Terrain": sectors and
        // scatter. The scatter is rolled even on a saved map (the alternative
        // method, terrain "set up in advance") so that the rest of the game
        // draws the same dice: a map saved from a game replays that game.
        let placed = place_terrain_by(
            size,
            setup.edition.terrain_sectors(size),
            &default_templates(size),
            setup.edition.scatter_dice(),
            &mut stream,
        )
        .map_err(|e| BattleError(format!("terrain: {e}")))?;
        let mut field = match &setup.map {
            Some(map) => map
                .battlefield(size)
                .map_err(|e| BattleError(e.to_string()))?,
            None => placed,
        };
        field.base_blocking = setup.edition.base_blocking();
        field.cover_rule = setup.edition.cover_rule();
        // BoV 5.1, "Basic Terrain Effects", has no Covering terrain.
        if setup.edition.cover_rule() == crate::geometry::CoverRule::Obscuring
            && let Some(t) = field.terrain.iter().find(|t| t.covering())
        {
            return err(format!(
                "terrain piece \"{}\" is Covering terrain, a type of the starter edition only (BoV starter, \"Cover (Covering Terrain)\"): BoV 5.1 gives cover by Obscuring terrain",
                t.name
            ));
        }
        let mut units = Vec::new();
        let mut hands: [Vec<String>; 2] = [Vec::new(), Vec::new()];
        for (seat, force) in forces.iter().enumerate() {
            let seat = seat as Seat;
            let first = units.len() as u16;
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
                // BoV starter, "Captains": a unit of two or more models
                // starts with a Captain, its first model (docs/rulings.md,
                // "Starter morale").
                if setup.edition.captains() && card.models >= 2 {
                    unit.captain = Some(0);
                }
                // BoV starter, "Heroes as Captains": the Hero the list
                // names is that Captain, its card beside the troopers'.
                if let Some(c) = fu.captain.as_ref().filter(|_| unit.captain.is_some()) {
                    unit.hero_captain = Some(HeroCaptain {
                        card: c.card,
                        value: c.value,
                        troopers: fu.card,
                        alone: false,
                    });
                    unit.value = fu.value.saturating_add(c.value);
                }
                unit.traits.friends_block = setup.edition.friends_block_moves();
                units.push(unit);
            }
            // BoV 5.1, "Dragonriders": "Heroes may also start the game
            // already mounted", as the list says.
            for (k, fu) in force.units.iter().enumerate() {
                if let Some(m) = fu.mounted_on {
                    units[usize::from(first + k as u16)].mounted_on = Some(first + m as u16);
                }
            }
            // BoV 5.1, "The Dragonbond": noted down when the list is picked.
            for (k, fu) in force.units.iter().enumerate() {
                if let Some(d) = fu.bonded_to {
                    let (h, d) = (first + k as u16, first + d as u16);
                    units[usize::from(h)].bonded = Some(d);
                    units[usize::from(d)].bonded = Some(h);
                }
            }
            hands[usize::from(seat)] = force
                .vaala
                .iter()
                .map(|&v| content.vaala[v].id.clone())
                .collect();
        }
        // BoV 5.1, "Objectives Setup": players alternate, "starting with the
        // winner of a face-off roll".
        let objectives_roll = setup
            .scenario
            .has_objectives()
            .then(|| valerna_dice::bov::FaceOff::roll(&mut stream));
        let objectives_first = objectives_roll.as_ref().map_or(0, |r| r.winner as Seat);
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
            hands: hands.clone(),
            game_size,
            objectives_first,
            deploy_first: 0,
            near_seat: 0,
            last_deployed: None,
            models_lost: [0; 2],
            last_paths: Vec::new(),
            result: None,
            own_cards_from: setup
                .cards
                .as_ref()
                .map_or(content.units.len(), |_| base_units),
            last_charge: None,
            dealt: hands.clone(),
            command_marker: None,
            uses: Default::default(),
            quest: Default::default(),
            monsters: Default::default(),
            upgrade_tokens: [0, 1].map(|s| forces.get(s).map_or(0, |f| f.upgrade_tokens)),
            token_declared: None,
            roll_named: Vec::new(),
            log: narrate.then(Default::default),
        };
        for (seat, cards) in hands.iter().enumerate() {
            let seat = seat as Seat;
            b.tell(log::Audience::Seat(seat), || log::Event::HandDealt {
                seat,
                cards: cards.clone(),
            });
        }
        if let Some(roll) = objectives_roll {
            b.tell(log::Audience::Public, || log::Event::FaceOff {
                about: log::FaceOffFor::Objectives,
                attempts: roll.attempts,
                winner: roll.winner as Seat,
            });
        }
        // BoV 5.1, "Monsters": the Monsters agreed, then those the lists
        // name, each once.
        let mut named: Vec<String> = Vec::new();
        for id in setup
            .monsters
            .iter()
            .chain(forces.iter().flat_map(|f| &f.monsters))
        {
            if !named.contains(id) {
                named.push(id.clone());
            }
        }
        // BoV 5.1, "Monsters": they are fielded "in a normal Pitched
        // Battle" or in a scenario written for them; the Quest is not one
        // (docs/rulings.md, "No Monsters in the Quest").
        if setup.scenario == Scenario::Quest && !named.is_empty() {
            return err(format!(
                "the Quest fields no Monsters (BoV 5.1, \"Monsters\"), but {} named",
                named.join(", ")
            ));
        }
        b.add_monsters(&named)?;
        b.next_objective();
        b.run();
        b.tell_changes();
        Ok(b)
    }
}

impl Game for Battle {
    type Content = Pack;
    type Setup = BattleSetup;
    type Decision = Decision;
    type View = BattleView;
    type Error = BattleError;

    fn start(content: &Arc<Pack>, setup: &BattleSetup) -> Result<Self, BattleError> {
        Battle::begin(content, setup, false)
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
            | Phase::Dangerous { seat, .. }
            | Phase::EntryEdge { seat, .. }
            | Phase::UpgradeToken { seat, .. } => Some(*seat),
            Phase::Monster { seat, .. } => Some(*seat),
            Phase::Action { unit }
            | Phase::Casualties { unit, .. }
            | Phase::Reserve { unit }
            | Phase::PowerMove { unit, .. }
            | Phase::PowerPlace { unit }
            | Phase::Consolidate { unit, .. }
            | Phase::Giant { unit, .. }
            | Phase::PairAttack { mount: unit, .. }
            | Phase::Command { hero: unit, .. }
            | Phase::Redirect { hero: unit, .. }
            | Phase::Mount { rider: unit, .. }
            | Phase::Markers { unit, .. } => Some(self.units[usize::from(*unit)].owner),
            Phase::Reaction { seat, .. } => Some(*seat),
            // The engaged units offered are one side's.
            Phase::Opportunity {
                mover, candidates, ..
            } => Some(match candidates.first() {
                Some(&c) => self.units[usize::from(c)].owner,
                None => Self::other(self.units[usize::from(*mover)].owner),
            }),
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
        self.tell_decision(&decision);
        self.carry_out(decision);
        self.run();
        self.tell_changes();
        #[cfg(debug_assertions)]
        if let Err(e) = invariants::check(self) {
            panic!("a battle invariant broke: {e}");
        }
        Ok(())
    }

    fn view(&self, seat: Seat) -> BattleView {
        let s = usize::from(seat.min(1));
        let bonus = valerna_dice::odds::charge_bonus();
        BattleView {
            seat,
            round: self.round,
            rounds: crate::rules::scenario::ROUNDS,
            initiative: self.initiative,
            passed: self.passed,
            phase: self.phase_seen_by(seat),
            units: self
                .units
                .iter()
                .map(|u| UnitView {
                    id: u.id,
                    name: u.name.clone(),
                    card: self.pack.units[usize::from(u.state.card.0)].id.clone(),
                    owner: u.owner,
                    models: u.alive_positions().collect(),
                    model_ids: if u.deployed && u.mounted_on.is_none() {
                        u.alive_models().collect()
                    } else {
                        Vec::new()
                    },
                    radius_in: crate::geometry::base_radius_in(f64::from(u.base_mm)),
                    general: u.general,
                    hero: u.hero,
                    monster: u.monster,
                    injured: u.state.injured,
                    wounds: u.state.wounds,
                    fatigue: u.state.fatigue,
                    activations_left: crate::rules::fatigue::activations_left(u.state.fatigue),
                    status: u.state.status,
                    bonded: u.bonded,
                    artifact: u
                        .artifact
                        .and_then(|a| self.pack.artifacts.get(a))
                        .map(|a| a.id.clone()),
                    deployed: u.deployed,
                    reserve: u.reserve,
                    mounted_on: u.mounted_on,
                    captain: u.captain.filter(|_| u.captain_in_play()),
                    captain_card: u
                        .led_by_hero()
                        .and_then(|h| self.pack.card(h.card))
                        .map(|c| c.id.clone()),
                    mounted_side: self.on_mounted_side(u.id),
                    rider_card: self.attached_general(u.id).map(|g| self.card(g).id.clone()),
                    allowance_in: if u.alive() && u.mounted_on.is_none() {
                        self.allowance(u.id, false)
                    } else {
                        0.0
                    },
                    charge: self.charge_reaches(u.id, &bonus),
                })
                .collect(),
            objectives: self.objectives.clone(),
            control: self.control.control.clone(),
            score: self.score.points,
            hand: self.hands[s].clone(),
            opponent_cards: self.hands[1 - s].len(),
            hand_sizes: [self.hands[0].len(), self.hands[1].len()],
            upgrade_tokens: self.upgrade_tokens,
            near_seat: self.near_seat,
            treasures: self.quest.view(),
            monsters: self.monster_views(seat),
            scenario: self.setup.scenario,
            edition: self.setup.edition,
            field: FieldView {
                width: self.field.width,
                height: self.field.height,
                terrain: self.field.terrain.clone(),
                zones: [
                    deployment::zone_across(self.field.height, true),
                    deployment::zone_across(self.field.height, false),
                ],
            },
            last_paths: self.last_paths.clone(),
            own_cards: self.pack.units[self.own_cards_from.min(self.pack.units.len())..].to_vec(),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.result.clone()
    }
}

impl Battle {
    /// What anyone may see: the battlefield, and no Vaala card of either
    /// hand (only their sizes), no reaction's options, no secret bid.
    pub fn public_view(&self) -> BattleView {
        const NO_SEAT: Seat = Seat::MAX;
        let mut v = self.view(0);
        v.seat = NO_SEAT;
        v.phase = self.phase_seen_by(NO_SEAT);
        v.hand = Vec::new();
        v.opponent_cards = 0;
        v.monsters = self.monster_views(NO_SEAT);
        v
    }

    /// The phase as `seat` may see it: another seat's reaction window shows
    /// its trigger, not the options, which name the Vaala cards in that
    /// seat's hand.
    fn phase_seen_by(&self, seat: Seat) -> Phase {
        match &self.phase {
            Phase::Reaction {
                seat: reacting,
                window,
                ..
            } if *reacting != seat => Phase::Reaction {
                seat: *reacting,
                window: window.clone(),
                options: Vec::new(),
            },
            p => p.clone(),
        }
    }
}
