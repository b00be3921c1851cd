//! The battle's story: every public happening as a typed event, with the
//! seat it is for. Events carry ids (units, seats, objectives, cards) and
//! numbers, never text: the terminal and the web table word them in the
//! reader's language from the same stream (`valerna_texts::bov`).
//!
//! The log is off unless a battle is started narrated
//! ([`Battle::start_narrated`]): bots and simulations play without it, and
//! a battle's rules never read it. A roll is told die by die by rolling it
//! again on a copy of the stream taken before it (the same draws give the
//! same faces), so the rules count their dice as they always have.

use serde::{Deserialize, Serialize};
use valerna_dice::bov::{AttackDie, DefenseDie};
use valerna_game::{Seat, Viewer};

use super::{Battle, Decision, DrawnPath};
use crate::rules::modifiers::{Modifier, MoraleCause};
use crate::rules::status::StatusKind;
use crate::rules::units::WeaponKind;

/// Who may read an event: everyone, or one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovAudience))]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    Public,
    Seat(Seat),
}

impl Audience {
    /// Whether `viewer` may read an event for this audience.
    pub fn admits(self, viewer: Viewer) -> bool {
        match self {
            Audience::Public => true,
            Audience::Seat(s) => viewer.is(s),
        }
    }
}

/// One event with its audience.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovEntry))]
pub struct Entry {
    pub to: Audience,
    pub event: Event,
}

/// What kind of roll an attack was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovAttackKind))]
#[serde(rename_all = "snake_case")]
pub enum AttackKind {
    Melee,
    Ranged,
    /// A power's or a Vaala card's attack (BoV p.21: not an attack of the
    /// unit's weapons).
    Power,
    /// Dangerous terrain's attack on a unit.
    Terrain,
    /// A defeated Giant's dice of wounds (BoV 5.1, "Giant").
    Giant,
}

impl From<WeaponKind> for AttackKind {
    fn from(w: WeaponKind) -> Self {
        match w {
            WeaponKind::Melee => AttackKind::Melee,
            WeaponKind::Ranged => AttackKind::Ranged,
        }
    }
}

/// What an effect did to a unit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovAffect))]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Affect {
    /// Wound counters and status markers healed.
    Healed {
        wounds: u8,
        markers: Vec<StatusKind>,
    },
    /// A lasting change: an upgrade (+) or downgrade (-) of its rolls, or
    /// inches of Speed, for as long as `duration` says.
    Lasting {
        lasting: crate::rules::powers::Lasting,
    },
    /// Fatigue counters added (+) or removed (-).
    Fatigue { change: i8 },
    /// Poison markers turned into as many wounds.
    PoisonToWounds { markers: u8 },
}

/// One unit's share of a ranged attack's hits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovHitShare))]
pub struct HitShare {
    pub unit: u16,
    pub standard: u32,
    pub critical: u32,
}

/// What a face-off roll decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovFaceOffFor))]
#[serde(rename_all = "snake_case")]
pub enum FaceOffFor {
    /// Who places the first objective ("Objectives Setup").
    Objectives,
    /// Who places the first Monster ("Deploying monsters").
    Monsters,
    /// Who picks a table edge and deploys first ("Roll for Table Edges").
    TableEdge,
    /// Who has the Initiative this round ("Initiative").
    Initiative,
    /// Who picks the edge a unit enters from ("The Quest").
    EntryEdge,
}

/// Why a unit's models moved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovMoveCause))]
#[serde(rename_all = "snake_case")]
pub enum MoveCause {
    /// The move a player decided: a March, a Skirmish's move, a power's.
    #[default]
    Ordered,
    /// A charge move (BoV 5.1, "Charge Move"): the models whose path is
    /// longer than `allowance` piled in beyond it ("Pile-In").
    Charge { allowance: f64 },
    /// Models left out of contact moved in against the enemies engaged
    /// with their unit ("Charging a Flanking enemy").
    PileIn,
    /// Models no longer engaged after a melee attack moved back in
    /// ("Consolidate").
    Consolidate,
    /// A charged Flanking unit moved apart from the unit it was flanking
    /// ("Charging a Flanking enemy").
    Separated,
    /// The charger moved along with the Flanking unit it charged, hemmed
    /// in, keeping contact with it (docs/rulings.md, "Charging a Flanking
    /// enemy").
    Alongside,
    /// A rider set down beside the Mount that fell under it
    /// ("Dragonriders").
    SetDown,
}

impl MoveCause {
    pub fn is_ordered(&self) -> bool {
        *self == MoveCause::Ordered
    }
}

/// One public (or one seat's private) happening of a battle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovEvent))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// The seat's Vaala cards as dealt from its list (its own eyes only).
    HandDealt { seat: Seat, cards: Vec<String> },
    /// A seat decided: the decision as made (a Vaala card played is shown
    /// as it is played), and the unit the question was about (the active
    /// unit, the unit moving away from an Opportunity Attack...). A secret
    /// bid is told to everyone as [`Event::BidMade`], its points to its
    /// seat alone.
    Decided {
        seat: Seat,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        about: Option<u16>,
        decision: Decision,
    },
    /// A secret bid was made (BoV 5.1, "Bidding"): no points shown.
    BidMade { seat: Seat },
    /// A round began, and who won the Initiative.
    RoundStarted { round: u8, initiative: Seat },
    /// A face-off roll (BoV 5.1, "Face-off Rolls"): what it decides, each
    /// attempt's three black dice of each seat (all but the last tied), and
    /// the seat that won.
    FaceOff {
        about: FaceOffFor,
        attempts: Vec<[valerna_dice::bov::FaceOffDice; 2]>,
        winner: Seat,
    },
    /// A unit's models moved; each path from where the model stood, and
    /// why (a player's move, left out, or one the rules make).
    Moved {
        unit: u16,
        paths: Vec<DrawnPath>,
        #[serde(default, skip_serializing_if = "MoveCause::is_ordered")]
        cause: MoveCause,
    },
    /// The charge move's dice (BoV 5.1, "Charge Move"): the three black
    /// dice, the inches they add, the allowance, the distance it had to
    /// cover, and whether the charge engaged.
    ChargeRolled {
        unit: u16,
        target: u16,
        dice: Vec<AttackDie>,
        bonus: u32,
        allowance: f64,
        distance: f64,
        engaged: bool,
    },
    /// An attack roll, die by die, with the modifiers that shifted it.
    AttackRolled {
        attacker: u16,
        target: u16,
        attack: AttackKind,
        dice: Vec<AttackDie>,
        modifiers: Vec<Modifier>,
        /// The powers behind a `Power` modifier, by name.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        powers: Vec<String>,
        standard: u32,
        critical: u32,
    },
    /// Dangerous terrain piece `piece` attacked `unit` (BoV 5.1 and starter,
    /// "Dangerous Terrain (X)"): its dice, melee or ranged, and its hits.
    TerrainAttacked {
        piece: u16,
        unit: u16,
        attack: AttackKind,
        dice: Vec<AttackDie>,
        standard: u32,
        critical: u32,
    },
    /// A defense roll against a unit's share of the hits: one die per
    /// standard hit; criticals cannot be blocked.
    DefenseRolled {
        unit: u16,
        dice: Vec<DefenseDie>,
        modifiers: Vec<Modifier>,
        /// The powers behind a `Power` modifier, by name.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        powers: Vec<String>,
        critical: u32,
        blocks: u32,
        wounds: u32,
    },
    /// Wounds applied to a unit: the models it lost and the wounds left on
    /// its wounded model.
    Wounded {
        unit: u16,
        wounds: u32,
        models_lost: u32,
        wounds_left: u8,
    },
    /// A unit lost its last model.
    Destroyed { unit: u16 },
    /// "Poisoned", at the start of the unit's activation: one white die
    /// per marker, every hit a wound.
    PoisonRolled {
        unit: u16,
        dice: Vec<AttackDie>,
        wounds: u32,
    },
    /// What an effect of a power or a Vaala card of `caster` did to `unit`
    /// (the card or power is named by the decision told before it).
    Affected {
        caster: u16,
        unit: u16,
        effect: Affect,
    },
    /// A ranged attack's hits split among the target and the units engaged
    /// with it (BoV 5.1, "Shooting into combat"): each unit's share.
    HitsSplit {
        attacker: u16,
        target: u16,
        shares: Vec<HitShare>,
    },
    /// The troopers a Hero led as their Captain are all gone: the Hero
    /// fights on as a unit of its own (BoV starter, "Heroes as Captains").
    HeroFightsOn { unit: u16 },
    /// The Epic Creature a General rode was killed: the General stands
    /// where it stood, its card flipped back to the Hero side (BoV
    /// starter, "Generals mounted on an Epic Creature").
    HeroSideAgain { unit: u16 },
    /// A unit gained a status marker.
    StatusGained { unit: u16, status: StatusKind },
    /// A unit's status marker went (at the end of its activation, by
    /// Restore Fatigue, or healed).
    StatusLost { unit: u16, status: StatusKind },
    /// A unit's fatigue counters changed (BoV 5.1, "Fatigue"): the count
    /// it carries now.
    Fatigue { unit: u16, fatigue: u8 },
    /// A Morale test (BoV 5.1, "Morale"): the dice, one per testing model,
    /// and the models that failed and flee.
    MoraleTested {
        unit: u16,
        cause: MoraleCause,
        dice: Vec<DefenseDie>,
        modifiers: Vec<Modifier>,
        /// The powers behind a `Power` modifier, by name.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        powers: Vec<String>,
        failed: u32,
    },
    /// A Monster's behaviour card was drawn (BoV 5.1, "Monsters"): the
    /// card's place in its deck, and the unit it aims at.
    MonsterCard {
        unit: u16,
        card: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<u16>,
    },
    /// The score after the round's scoring (BoV 5.1, "Scenarios").
    Scored { round: u8, score: [i32; 2] },
    /// Who holds each objective now.
    Control { control: Vec<Option<Seat>> },
    /// The battle ended: the winner (none for a draw) and the final score.
    Ended {
        winner: Option<Seat>,
        reason: String,
        score: [i32; 2],
    },
}

/// The events kept by a narrated battle, and each unit's fatigue and
/// markers as last told.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Log {
    pub entries: Vec<Entry>,
    told: Vec<(u8, [u8; 3])>,
}

impl Battle {
    /// Adds an event for `to`, if the battle keeps its story: the event is
    /// made only then, so a battle not narrated builds none.
    pub(crate) fn tell(&mut self, to: Audience, event: impl FnOnce() -> Event) {
        if let Some(log) = self.log.as_mut() {
            log.entries.push(Entry { to, event: event() });
        }
    }

    /// Every entry of the story so far (none when not narrated).
    pub fn entries(&self) -> &[Entry] {
        self.log.as_ref().map_or(&[], |l| &l.entries)
    }

    /// The events `viewer` may read, from its `from`-th on.
    pub fn events_for(&self, viewer: Viewer, from: usize) -> impl Iterator<Item = &Event> {
        self.entries()
            .iter()
            .filter(move |e| e.to.admits(viewer))
            .skip(from)
            .map(|e| &e.event)
    }

    /// Places `n` status markers of `kind` on `unit` as the edition counts
    /// them, and tells each one placed at once, so that a marker placed and
    /// gone within one decision is told too.
    pub(crate) fn add_status(&mut self, unit: u16, kind: StatusKind, n: u8) {
        let edition = self.edition();
        let i = usize::from(unit);
        let before = self.units[i].state.status.get(kind);
        self.units[i]
            .state
            .status
            .place(kind, n, edition.status_adds_up(kind));
        let after = self.units[i].state.status.get(kind);
        let Some(log) = self.log.as_mut() else {
            return;
        };
        let k = StatusKind::ALL.iter().position(|&s| s == kind).unwrap_or(0);
        if let Some(told) = log.told.get_mut(i) {
            told.1[k] = told.1[k].saturating_add(after.saturating_sub(before));
        }
        for _ in before..after {
            self.tell(Audience::Public, || Event::StatusGained {
                unit,
                status: kind,
            });
        }
    }

    /// Tells what changed in the units' fatigue and status markers since
    /// the last time, whatever changed them (an attack's keyword, a power,
    /// the end of an activation, Restore Fatigue, a heal). Called once the
    /// engine has run after each decision, and as a round starts, so that
    /// Restore Fatigue is told before the next Initiative.
    pub(crate) fn tell_changes(&mut self) {
        let Some(log) = self.log.as_mut() else {
            return;
        };
        let now: Vec<(u8, [u8; 3])> = self
            .units
            .iter()
            .map(|u| {
                (
                    u.state.fatigue,
                    StatusKind::ALL.map(|k| u.state.status.get(k)),
                )
            })
            .collect();
        let before = std::mem::replace(&mut log.told, now.clone());
        for (i, &(fatigue, markers)) in now.iter().enumerate() {
            let (was, had) = before.get(i).copied().unwrap_or((0, [0; 3]));
            let unit = i as u16;
            if !self.units[i].alive() {
                continue;
            }
            if fatigue != was {
                self.tell(Audience::Public, || Event::Fatigue { unit, fatigue });
            }
            for (k, status) in StatusKind::ALL.into_iter().enumerate() {
                for _ in had[k]..markers[k] {
                    self.tell(Audience::Public, || Event::StatusGained { unit, status });
                }
                for _ in markers[k]..had[k] {
                    self.tell(Audience::Public, || Event::StatusLost { unit, status });
                }
            }
        }
    }

    /// Tells a decision before it is carried out: who made it and what it
    /// was (a bid's points to its seat alone).
    pub(crate) fn tell_decision(&mut self, decision: &Decision) {
        if self.log.is_none() {
            return;
        }
        let Some(seat) = valerna_game::Game::to_decide(self) else {
            return;
        };
        let about = self.about();
        if let Decision::Bid { .. } = decision {
            self.tell(Audience::Public, || Event::BidMade { seat });
            self.tell(Audience::Seat(seat), || Event::Decided {
                seat,
                about,
                decision: decision.clone(),
            });
            return;
        }
        // Declining is no news: an unanswered offer tells nothing.
        let declined = matches!(
            decision,
            Decision::Reaction { reaction: None }
                | Decision::React { unit: None }
                | Decision::Command { unit: None }
                | Decision::Redirect { unit: None }
                | Decision::Mount { mount: None }
        );
        if !declined {
            self.tell(Audience::Public, || Event::Decided {
                seat,
                about,
                decision: decision.clone(),
            });
        }
    }
}

impl Battle {
    /// Rolls a face-off on the battle's stream and tells it: the seat that
    /// won.
    pub(crate) fn face_off(&mut self, about: FaceOffFor) -> Seat {
        let roll = valerna_dice::bov::FaceOff::roll(&mut self.stream);
        let winner = roll.winner as Seat;
        self.tell(Audience::Public, || Event::FaceOff {
            about,
            attempts: roll.attempts,
            winner,
        });
        winner
    }

    /// "Hits vs. Wounds": `dice` rolled by `by` (a power's or a Giant's),
    /// every hit a wound on `target` with no defense roll; told die by
    /// die. The wounds.
    pub(crate) fn roll_wounds_told(
        &mut self,
        by: u16,
        target: u16,
        kind: AttackKind,
        dice: &crate::rules::units::Dice,
    ) -> u32 {
        let witness = self.witness();
        let roll = valerna_dice::bov::roll_attack(
            dice.groups(),
            valerna_dice::bov::Shift::None,
            &mut self.stream,
        );
        self.tell_attack(
            witness,
            by,
            target,
            kind,
            dice.groups(),
            &crate::rules::modifiers::AttackModifiers::new(
                crate::rules::fatigue::FatigueState::Normal,
            ),
            roll,
        );
        roll.standard + roll.critical
    }

    /// The names of the powers behind a roll's `Power` modifier (none when
    /// it has none).
    pub(crate) fn powers_named(&self, modifiers: &[Modifier]) -> Vec<String> {
        if modifiers.iter().any(|m| matches!(m, Modifier::Power(_))) {
            self.roll_named.clone()
        } else {
            Vec::new()
        }
    }

    /// A copy of the stream before a roll, to tell the roll by when the
    /// story is kept.
    pub(crate) fn witness(&self) -> Option<valerna_dice::Stream> {
        self.log.as_ref().map(|_| self.stream.clone())
    }

    /// Tells an attack roll made from `witness`'s copy of the stream.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn tell_attack(
        &mut self,
        witness: Option<valerna_dice::Stream>,
        attacker: u16,
        target: u16,
        attack: AttackKind,
        pool: &[valerna_dice::bov::DiceGroup],
        modifiers: &impl crate::rules::modifiers::Modifiers,
        roll: valerna_dice::bov::AttackRoll,
    ) {
        let Some(mut w) = witness else {
            return;
        };
        let dice = valerna_dice::bov::roll_attack_dice(pool, modifiers.shift(), &mut w);
        let modifiers = modifiers.sources();
        let powers = self.powers_named(&modifiers);
        self.tell(Audience::Public, || Event::AttackRolled {
            attacker,
            target,
            attack,
            dice,
            modifiers,
            powers,
            standard: roll.standard,
            critical: roll.critical,
        });
    }

    /// Tells a defense roll made from `witness`'s copy of the stream.
    pub(crate) fn tell_defense(
        &mut self,
        witness: Option<valerna_dice::Stream>,
        unit: u16,
        colour: valerna_dice::bov::Colour,
        modifiers: &impl crate::rules::modifiers::Modifiers,
        d: crate::rules::attack::Defended,
    ) {
        let Some(mut w) = witness else {
            return;
        };
        let dice =
            valerna_dice::bov::roll_defense_dice(d.standard, colour, modifiers.shift(), &mut w);
        let modifiers = modifiers.sources();
        let powers = self.powers_named(&modifiers);
        self.tell(Audience::Public, || Event::DefenseRolled {
            unit,
            dice,
            modifiers,
            powers,
            critical: d.critical,
            blocks: d.blocks,
            wounds: d.wounds,
        });
    }
}

/// What a question asks, by the phase that asks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovAsk))]
#[serde(rename_all = "snake_case")]
pub enum Ask {
    Deploy,
    Turn,
    Action,
    Opportunity,
    Casualties,
    PlaceObjective,
    Reserve,
    Dangerous,
    TableEdge,
    Markers,
    Reaction,
    PowerMove,
    PowerPlace,
    Consolidate,
    Giant,
    PairAttack,
    Command,
    Redirect,
    Mount,
    EntryEdge,
    Monster,
    UpgradeToken,
    Over,
}

impl Ask {
    pub fn of(phase: &super::Phase) -> Ask {
        use super::Phase as P;
        match phase {
            P::Deploy { .. } => Ask::Deploy,
            P::Turn { .. } => Ask::Turn,
            P::Action { .. } => Ask::Action,
            P::Opportunity { .. } => Ask::Opportunity,
            P::Casualties { .. } => Ask::Casualties,
            P::Over => Ask::Over,
            P::PlaceObjective { .. } => Ask::PlaceObjective,
            P::Reserve { .. } => Ask::Reserve,
            P::Dangerous { .. } => Ask::Dangerous,
            P::TableEdge { .. } => Ask::TableEdge,
            P::Markers { .. } => Ask::Markers,
            P::Reaction { .. } => Ask::Reaction,
            P::PowerMove { .. } => Ask::PowerMove,
            P::PowerPlace { .. } => Ask::PowerPlace,
            P::Consolidate { .. } => Ask::Consolidate,
            P::Giant { .. } => Ask::Giant,
            P::PairAttack { .. } => Ask::PairAttack,
            P::Command { .. } => Ask::Command,
            P::Redirect { .. } => Ask::Redirect,
            P::Mount { .. } => Ask::Mount,
            P::EntryEdge { .. } => Ask::EntryEdge,
            P::Monster { .. } => Ask::Monster,
            P::UpgradeToken { .. } => Ask::UpgradeToken,
        }
    }
}

/// What one option of the pending question means: who decides, what is
/// asked, the unit the question is about (if any), the decision, and for a
/// choice that rolls dice its exact odds.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovMeaning))]
pub struct Meaning {
    pub seat: Option<Seat>,
    pub ask: Ask,
    pub unit: Option<u16>,
    pub decision: Decision,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub odds: Option<Odds>,
}

/// The exact odds of a choice that rolls dice, from the dice crate's
/// distributions (never sampled), with the modifiers the roll would have now.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovOdds))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Odds {
    /// "Charge Move": the distance to the target; the fewest inches the
    /// three black dice must add for the allowance to cover it (0: Speed
    /// alone does; none: no roll does); the chance they add that many.
    /// The move itself may still find terrain or bases in its way.
    Charge {
        distance: f64,
        needed: Option<u32>,
        chance: f64,
    },
    /// An attack on `target`: the dice rolled, the net shifts of the attack
    /// and of the defense, the mean wounds past the target's defense, the
    /// chance of at least one, and the mean models it removes.
    Attack {
        target: u16,
        dice: u32,
        attack_shift: valerna_dice::bov::Shift,
        defense_shift: valerna_dice::bov::Shift,
        mean_wounds: f64,
        any_wound: f64,
        mean_models: f64,
        /// A ranged attack on a unit in a melee: every unit sharing the
        /// hits, nearest to the attacker first (BoV 5.1, "Ranged Attacks
        /// against Engaged Units"); empty when the target takes them all.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        shared: Vec<u16>,
        /// The chance that at least one hit lands on one of the attacking
        /// side's own units among `shared`.
        #[serde(default, skip_serializing_if = "is_zero")]
        own_hit: f64,
    },
}

fn is_zero(x: &f64) -> bool {
    *x == 0.0
}

impl valerna_game::Narrated for Battle {
    type Event = Event;
    type Meaning = Meaning;

    fn events(&self, viewer: Viewer, from: usize, out: &mut Vec<Event>) {
        out.extend(self.events_for(viewer, from).cloned());
    }

    fn describe(&self, decision: &Decision) -> Meaning {
        Meaning {
            seat: valerna_game::Game::to_decide(self),
            ask: Ask::of(&self.phase),
            unit: self.about(),
            decision: decision.clone(),
            odds: self.odds(decision),
        }
    }

    fn view_as(&self, viewer: Viewer) -> super::BattleView {
        match viewer {
            Viewer::Seat(s) => valerna_game::Game::view(self, s),
            Viewer::Spectator => self.public_view(),
        }
    }

    /// A battle's decision is not taken back: most roll dice or reveal a
    /// card, and a move checked against the table is made at once.
    fn can_take_back(&self) -> bool {
        false
    }
}

impl Battle {
    /// The unit the pending question is about: the active unit, the unit
    /// losing models, the unit moving away from an Opportunity Attack...
    pub fn about(&self) -> Option<u16> {
        use super::Phase as P;
        match &self.phase {
            P::Action { unit }
            | P::Casualties { unit, .. }
            | P::Reserve { unit }
            | P::PowerMove { unit, .. }
            | P::PowerPlace { unit }
            | P::Consolidate { unit, .. }
            | P::Giant { unit, .. }
            | P::PairAttack { mount: unit, .. }
            | P::Markers { unit, .. }
            | P::Command { hero: unit, .. }
            | P::Redirect { hero: unit, .. }
            | P::Mount { rider: unit, .. }
            | P::EntryEdge { unit, .. }
            | P::UpgradeToken { unit, .. } => Some(*unit),
            P::Opportunity { mover, .. } => Some(*mover),
            _ => None,
        }
    }
}

impl Battle {
    /// The exact odds of an action that rolls dice: a Charge (the chance the
    /// dice carry the charge to its target), an Attack or a Skirmish (its
    /// wounds and models removed), with the modifiers the roll would have.
    pub fn odds(&self, decision: &Decision) -> Option<Odds> {
        use valerna_dice::odds;
        let super::Phase::Action { unit } = self.phase else {
            return None;
        };
        match *decision {
            Decision::Charge { target } => {
                let distance = self.distance(unit, target);
                let bonus = odds::charge_bonus();
                // Rounded to a thousandth of an inch, as the move is found.
                let reaches = |b: u32| self.charge_distance(unit, b) + 1e-3 >= distance;
                let needed = (0..=bonus.max() as u32).find(|&b| reaches(b));
                let chance = needed.map_or(0.0, |b| bonus.at_least(b as usize));
                Some(Odds::Charge {
                    distance,
                    needed,
                    chance,
                })
            }
            Decision::Attack { target } => self.attack_odds(unit, target, false),
            // "Skirmish": the attack is made from where the move ends, with
            // the Skirmish modifier: the odds are worked out there.
            Decision::Skirmish { target, ref paths } => {
                let mut after = self.clone();
                let u = &mut after.units[usize::from(unit)];
                for (m, way) in paths {
                    if let (Some(p), Some(end)) = (u.positions.get_mut(usize::from(*m)), way.last())
                    {
                        *p = *end;
                    }
                }
                after.attack_odds(unit, target, true)
            }
            _ => None,
        }
    }

    /// An attack of `unit` on `target` as it would be rolled now: the
    /// models that would attack, the attack and defense modifiers (worked
    /// out on a copy, since some powers are spent by the roll they change).
    fn attack_odds(&self, unit: u16, target: u16, skirmish: bool) -> Option<Odds> {
        use crate::geometry::{Sightlines, UnitId};
        use crate::rules::modifiers::{AttackModifiers, Modifiers};
        use crate::rules::powers::Roll;
        use valerna_dice::odds;
        let snap = self.snapshot();
        let melee = self.engaged_with(&snap, unit).contains(&target);
        let weapon = if melee {
            WeaponKind::Melee
        } else {
            WeaponKind::Ranged
        };
        let sight = (!melee).then(|| Sightlines::new(&self.field, &snap.models));
        let models = match &sight {
            None => self.melee_models(&snap, unit, target),
            Some(s) => self.ranged_models(&snap, s, unit, target),
        };
        let per_model = self.profile(unit).weapon_dice(weapon)?.groups().to_vec();
        let mut probe = self.clone();
        let mut am = AttackModifiers::new(self.units[usize::from(unit)].fatigue());
        am.skirmish = skirmish;
        am.dragonbonded = self.dragonbonded(unit);
        am.injured = self.injured_downgrade(unit);
        am.powers = probe.roll_powers(unit, Roll::Attack, Some(weapon), Some(target));
        let mut dm = probe.defense_modifiers_against(target, weapon, Some(unit));
        match &sight {
            None => dm.flanked = self.flanked_against(&snap, target, weapon),
            Some(s) => {
                dm.flanked = self.flanked_against(&snap, target, weapon);
                dm.obscured =
                    s.unit_in_cover_from(UnitId(self.body(unit)), UnitId(self.body(target)));
            }
        }
        if models == 0 {
            // No model would attack (a Skirmish that ends out of range or
            // sight): no die is rolled.
            return Some(Odds::Attack {
                target,
                dice: 0,
                attack_shift: am.shift(),
                defense_shift: dm.shift(),
                mean_wounds: 0.0,
                any_wound: 0.0,
                mean_models: 0.0,
                shared: Vec::new(),
                own_hit: 0.0,
            });
        }
        let attack = odds::Attack {
            per_model,
            models,
            shift: am.shift(),
        };
        let dice = attack.dice().ok()?;
        let defense = odds::Defense {
            colour: self.profile(target).defense,
            shift: dm.shift(),
        };
        let o = odds::attack(&attack, defense).ok()?;
        let t = &self.units[usize::from(target)];
        let lost = odds::models_lost(
            &o.wounds,
            odds::Target {
                health: u32::from(self.profile(target).health),
                models: Some(t.state.models()),
                wounds: u32::from(t.state.wounds),
            },
        )
        .ok()?;
        // Hits go round the sharing units one at a time, nearest first: the
        // first own unit in that order is hit once there are as many hits
        // as its place (Assassinate hits all go to the target).
        let assassinate = self.profile(unit).ranged.as_ref().is_some_and(|r| {
            r.keywords
                .contains(&crate::rules::keywords::AttackKeyword::Assassinate)
        });
        let shared = match &sight {
            Some(_) if !assassinate => self.sharing_the_hits(&snap, unit, target),
            _ => Vec::new(),
        };
        let shared = if shared.len() > 1 { shared } else { Vec::new() };
        let owner = self.units[usize::from(unit)].owner;
        let own_hit = shared
            .iter()
            .position(|&u| self.units[usize::from(u)].owner == owner)
            .map_or(0.0, |k| o.hits.at_least(k + 1));
        Some(Odds::Attack {
            target,
            dice,
            attack_shift: am.shift(),
            defense_shift: dm.shift(),
            mean_wounds: o.wounds.mean(),
            any_wound: o.wounds.at_least(1),
            mean_models: lost.mean(),
            shared,
            own_hit,
        })
    }
}

impl Decision {
    /// The decision's kind in the book's words, for a refusal ("a Charge").
    pub fn kind_name(&self) -> &'static str {
        match self {
            Decision::Deploy { .. } => "a deployment",
            Decision::Pass => "a Pass",
            Decision::Activate { .. } => "an activation (Select a Unit)",
            Decision::March { .. } => "a March",
            Decision::Attack { .. } => "an Attack",
            Decision::Charge { .. } => "a Charge",
            Decision::Skirmish { .. } => "a Skirmish",
            Decision::React { .. } | Decision::ReactSplit { .. } => "an Opportunity Attack",
            Decision::Remove { .. } => "a choice of casualties",
            Decision::Consolidate { .. } => "a consolidation",
            Decision::PlaceObjective { .. } => "an objective's place",
            Decision::Reserve => "keeping units in Reserve",
            Decision::Enter { .. } => "an entry from Reserve",
            Decision::StayInReserve => "staying in Reserve",
            Decision::DangerousTarget { .. } => "a target for Dangerous terrain",
            Decision::TableEdge { .. } => "a table edge",
            Decision::UpgradeToken { .. } => "spending an Upgrade token or not",
            Decision::RemoveMarkers { .. } => "markers to remove (Restore Fatigue)",
            Decision::ActivatePower { .. } => "an Activate Power",
            Decision::FlankedAttack { .. } => "a Flanked unit's attack model by model",
            Decision::Reaction { .. } => "a reaction",
            Decision::GiantTarget { .. } => "the Giant's target",
            Decision::Command { .. } => "the Command X marker",
            Decision::Redirect { .. } => "a unit to take the hits",
            Decision::Mount { .. } => "mounting",
            Decision::Dismount { .. } => "dismounting",
            Decision::PairAttack { .. } => "an attack of the Epic Creature and its General",
            Decision::EntryEdge { .. } => "an entry edge",
            Decision::PlaceMonster { .. } => "a Monster's place",
            Decision::Bid { .. } => "a bid",
        }
    }
}

impl Ask {
    /// What the question asks for, in the book's words, for a refusal.
    pub fn asks_for(self) -> &'static str {
        match self {
            Ask::Deploy => "a unit to deploy (BoV 5.1, \"Deployment\")",
            Ask::Turn => "Pass or Activate (BoV 5.1, \"Turn Order\")",
            Ask::Action => "the active unit's action (BoV 5.1, \"Choose an Action\")",
            Ask::Opportunity => "an Opportunity Attack or none (BoV 5.1, \"Opportunity Attack\")",
            Ask::Casualties => "the models removed (BoV 5.1, \"Apply Wounds\")",
            Ask::PlaceObjective => "an objective's place (BoV 5.1, \"Objectives Setup\")",
            Ask::Reserve => "entering from Reserve or staying (BoV 5.1, \"Reserves\")",
            Ask::Dangerous => "a target for Dangerous terrain (BoV 5.1, \"Dangerous Terrain (X)\")",
            Ask::TableEdge => {
                "a table edge (BoV 5.1, \"Roll for Table Edges\"; any edge in the starter edition)"
            }
            Ask::UpgradeToken => {
                "whether to spend an Upgrade token on the roll (BoV starter, \"Add Vaala cards or Upgrade tokens\")"
            }
            Ask::Markers => "the markers to remove (BoV 5.1, \"Restore Fatigue\")",
            Ask::Reaction => "a reaction or none (BoV 5.1, \"Reactions\")",
            Ask::PowerMove => "the paths of a power's move",
            Ask::PowerPlace => "where a power places the unit, engaged with no enemy",
            Ask::Consolidate => {
                "where the models no longer engaged consolidate (BoV 5.1, \"Consolidate\")"
            }
            Ask::Giant => "the Giant's target (BoV 5.1, \"Giant\")",
            Ask::PairAttack => {
                "the target of the riding General's attack beside its Epic Creature's, or none (BoV starter, \"Generals mounted on an Epic Creature\")"
            }
            Ask::Command => "the Command X marker's unit or none (BoV 5.1, \"Command X\")",
            Ask::Redirect => {
                "a unit to take the hits or none (BoV 5.1, \"Command X\", \"Dragonriders\")"
            }
            Ask::Mount => "a Mount or none (BoV 5.1, \"Dragonriders\")",
            Ask::EntryEdge => "an entry edge (BoV 5.1, \"The Quest\")",
            Ask::Monster => "a Monster's place or a bid (BoV 5.1, \"Monsters\")",
            Ask::Over => "nothing: the battle is over",
        }
    }
}
