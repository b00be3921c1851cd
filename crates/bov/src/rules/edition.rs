//! The editions of Battles of Valerna the engine plays (docs/editions.md;
//! docs/rulings.md, "Editions, inches and bases"): 5.1, the default, and
//! the starter set's rules ("starter"). One engine plays
//! both; every rule the two books word differently asks the battle's
//! [`Edition`] here, in one method, so a rule is switched in one place and
//! the engine code that follows it is shared.

use serde::{Deserialize, Serialize};
use valerna_dice::bov::{Colour, DiceGroup};

use super::status::StatusKind;

use super::scenario::{Battlefield, Scenario};

/// Where objective tokens may be placed ("Objectives Setup").
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ObjectiveRules {
    /// Tokens must be more than this many inches apart.
    pub separation_in: f64,
    /// ... and more than this many inches from every edge.
    pub edge_in: f64,
}

/// Which rulebook a battle, a record or a list file follows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovEdition))]
#[serde(rename_all = "snake_case")]
pub enum Edition {
    /// Battles of Valerna 5.1.
    #[default]
    #[serde(rename = "v5_1")]
    V5_1,
    /// The starter set's rules, an earlier edition.
    Starter,
}

impl Edition {
    /// Every edition, the default first.
    pub const ALL: [Edition; 2] = [Edition::V5_1, Edition::Starter];

    /// Whether this is the default edition, which a record or a list file
    /// leaves unwritten (so records made before editions read the same).
    pub fn is_default(&self) -> bool {
        *self == Edition::V5_1
    }

    /// The name the command line and the API use.
    pub fn name(self) -> &'static str {
        match self {
            Edition::V5_1 => "5.1",
            Edition::Starter => "starter",
        }
    }

    /// How a rule of this edition is cited: `BoV 5.1` or `BoV starter`.
    pub fn book(self) -> &'static str {
        match self {
            Edition::V5_1 => "BoV 5.1",
            Edition::Starter => "BoV starter",
        }
    }

    /// The scenarios (game modes) the edition's book has. BoV starter,
    /// "Determine Game Mode": Slay the Foe, Seize the Land, The Grand
    /// Tactical and The Quest; it has no Pitched Battle. The Grand
    /// Tactical is the starter's alone.
    ///
    /// A scenario with objectives needs a battlefield with room for them:
    /// in the starter edition a 2'x1' one has none ([`Edition::objectives`]).
    pub fn plays(self, scenario: Scenario, battlefield: Battlefield) -> Result<(), String> {
        if scenario.has_objectives() && self.objectives(battlefield) == 0 {
            let edge = self.objective_rules().edge_in;
            return Err(format!(
                "the {self} edition's objectives go more than {edge}\" from every edge ({}, \"Objectives Setup\"): a 2'x1' battlefield has no such point, so only Slay the Foe is played on it",
                self.book()
            ));
        }
        match (self, scenario) {
            (Edition::V5_1, Scenario::GrandTactical) => Err(
                "the Grand Tactical is a game mode of the starter edition only (BoV starter, \"Determine Game Mode\"); BoV 5.1's Pitched Battle scores objectives and defeated units alike".into()
            ),
            (Edition::Starter, Scenario::PitchedBattle) => Err(
                "the starter edition has no Pitched Battle (BoV starter, \"Determine Game Mode\"): its Grand Tactical scores objectives and defeated units alike".into()
            ),
            _ => Ok(()),
        }
    }

    /// BoV starter, "Dangerous Terrain (X)": "If a unit starts its turn
    /// with any models inside Dangerous terrain, the unit immediately
    /// suffers a melee attack from the terrain". BoV 5.1 instead has the
    /// Initiative winner aim each piece at a unit within 6".
    pub fn dangerous_at_start_of_turn(self) -> bool {
        self == Edition::Starter
    }

    /// Which moves bring a Quest treasure home: BoV 5.1, "The Quest" >
    /// "Scoring", "March into contact with your table edge"; BoV starter,
    /// "The Quest" > "Scoring", "moves into contact with your table edge
    /// with a Move action", and its Skirmish's move is one ("Skirmish" >
    /// "Move": "Execute a normal Move action").
    pub fn skirmish_brings_treasure_home(self) -> bool {
        self == Edition::Starter
    }

    /// Points for a Quest treasure brought home, (major, minor): BoV 5.1,
    /// "The Quest" > "Scoring", 20 and 10; BoV starter, "The Quest" >
    /// "Scoring", 2 and 1.
    pub fn treasure_points(self) -> (i32, i32) {
        match self {
            Edition::V5_1 => (20, 10),
            Edition::Starter => (2, 1),
        }
    }

    /// Where objectives may go: BoV 5.1, "Objectives Setup", more than 9"
    /// apart and 3" from the edges; BoV starter, "Seize the Land" >
    /// "Objectives Setup" (which the Grand Tactical and the Quest follow),
    /// more than 12" apart and 6" from the edges.
    pub fn objective_rules(self) -> ObjectiveRules {
        match self {
            Edition::V5_1 => ObjectiveRules {
                separation_in: 9.0,
                edge_in: 3.0,
            },
            Edition::Starter => ObjectiveRules {
                separation_in: 12.0,
                edge_in: 6.0,
            },
        }
    }

    /// How many objective tokens a battlefield gets. BoV starter, "Seize
    /// the Land" > "Objectives Setup": "six objective tokens", on 6'x4',
    /// "increase/decrease the objectives by one per each 2'x2' sector of
    /// difference", so three on 4'x3' (three sectors' area); a 2'x1'
    /// battlefield has no point more than 6" from every edge, so none
    /// (docs/rulings.md, "Starter objectives on smaller battlefields").
    pub fn objectives(self, battlefield: Battlefield) -> u8 {
        match (self, battlefield) {
            (Edition::V5_1, b) => b.objectives(),
            (Edition::Starter, Battlefield::Small2x1) => 0,
            (Edition::Starter, Battlefield::Standard4x3) => 3,
            (Edition::Starter, Battlefield::Large6x4) => 6,
        }
    }

    /// The lead that wins a scenario. BoV starter, "Seize the Land" >
    /// "Scoring": "at least 30 points more than the opponent", whatever
    /// the game size; its other game modes lead as 5.1's do (10% of the
    /// game size, any lead in the Quest): [`Scenario::victory_margin`].
    pub fn victory_margin(self, scenario: Scenario, game_size: u32) -> i32 {
        match (self, scenario) {
            (Edition::Starter, Scenario::SeizeTheLand) => 30,
            _ => scenario.victory_margin(game_size),
        }
    }

    /// The dice whose hits scatter each terrain piece: BoV 5.1, "1) Place
    /// Terrain", "6 black attack dice and 1 gray attack die", every hit on
    /// all seven counted; BoV starter, "1) Place terrain", "4 black attack
    /// dice and 1 white attack dice", the white die the arrow and only the
    /// hits "on the black dice" counted.
    pub fn scatter_dice(self) -> &'static [DiceGroup] {
        const STARTER: [DiceGroup; 1] = [DiceGroup {
            count: 4,
            colour: Colour::Black,
        }];
        match self {
            Edition::V5_1 => &crate::geometry::SCATTER_DICE,
            Edition::Starter => &STARTER,
        }
    }

    /// The sectors, across and down, each getting one terrain piece. BoV
    /// 5.1, "1) Place Terrain": [`Battlefield::sectors`]. BoV starter, "1)
    /// Place terrain": six 2'x2' sectors on 6'x4', and "increase/decrease
    /// the pieces of terrain by one per each sector of difference": a
    /// 4'x3' battlefield has three sectors' area, three pieces side by
    /// side; a 2'x1' one half a sector's, one piece in the middle
    /// (docs/rulings.md, "Starter terrain on smaller battlefields").
    pub fn terrain_sectors(self, battlefield: Battlefield) -> (usize, usize) {
        match (self, battlefield) {
            (Edition::V5_1, b) => b.sectors(),
            (Edition::Starter, Battlefield::Small2x1) => (1, 1),
            (Edition::Starter, Battlefield::Standard4x3) => (3, 1),
            (Edition::Starter, Battlefield::Large6x4) => (3, 2),
        }
    }

    /// Whether units left in Reserve are defeated when the game ends. BoV
    /// 5.1, "Reserves": "all units left in Reserve are immediately
    /// defeated!"; BoV starter, "Reserves" and "End of Game", says no such
    /// thing: they score nothing for the opponent and keep their army from
    /// being "completely destroyed" (docs/rulings.md, "Starter reserves at
    /// the end").
    pub fn reserves_defeated_at_the_end(self) -> bool {
        self == Edition::V5_1
    }

    /// BoV starter, "Move": "No model may move through another model,
    /// friend or foe"; BoV 5.1, "Movement", lets models move through
    /// friendly models.
    pub fn friends_block_moves(self) -> bool {
        self == Edition::Starter
    }

    /// Which bases block a line of sight: BoV 5.1, "Line of Sight", every
    /// base (Huge looking past the others); BoV starter, "Line of Sight"
    /// and "Keywords" > "Huge", only Huge bases, "like Obscuring terrain".
    pub fn base_blocking(self) -> crate::geometry::BaseBlocking {
        match self {
            Edition::V5_1 => crate::geometry::BaseBlocking::Every,
            Edition::Starter => crate::geometry::BaseBlocking::HugeOnly,
        }
    }

    /// What gives cover against ranged attacks: BoV 5.1, "Obscuring
    /// terrain", being inside or behind Obscuring terrain; BoV starter,
    /// "Cover (Covering Terrain)" and "Obscuring Terrain and Cover",
    /// being inside or behind Covering terrain or partially behind
    /// Obscuring terrain.
    pub fn cover_rule(self) -> crate::geometry::CoverRule {
        match self {
            Edition::V5_1 => crate::geometry::CoverRule::Obscuring,
            Edition::Starter => crate::geometry::CoverRule::Starter,
        }
    }

    /// BoV starter, "Roll for Table Edges": "The winner of the roll picks
    /// any table edge as their own"; BoV 5.1, "Roll for Table Edges":
    /// "either of the two longer table edges".
    pub fn any_table_edge(self) -> bool {
        self == Edition::Starter
    }

    /// A Skirmish's move: BoV 5.1, "Skirmish Move", "half the unit's
    /// Speed"; BoV starter, "Skirmish" > "Move", "Execute a normal Move
    /// action", the whole Speed.
    pub fn skirmish_halves_move(self) -> bool {
        self == Edition::V5_1
    }

    /// Whether markers of a status add up. BoV starter, "Status Effects":
    /// "multiple copies of the same status effect are not cumulative,
    /// unless otherwise specified": Poison is ("For each poison marker"),
    /// Slow and Immobilized are not, so a unit holds one of each at most.
    /// BoV 5.1 lets every marker count.
    pub fn status_adds_up(self, kind: StatusKind) -> bool {
        self == Edition::V5_1 || kind == StatusKind::Poisoned
    }

    /// BoV 5.1, "The Dragonbond": "an upgrade on all of their attack,
    /// defense, and morale rolls"; BoV starter, "The Dragonbond": "an
    /// Upgrade on all of their attack and defense rolls", its Morale Test
    /// Modifiers table naming no Dragonbond.
    pub fn dragonbond_upgrades_morale(self) -> bool {
        self == Edition::V5_1
    }

    /// BoV starter, "Epic Creatures" > "Injury Penalty": "An Injured Epic
    /// Creature downgrades all attack and defense rolls", besides using its
    /// Injured side; BoV 5.1, "Epic Creatures", weakens it by its Injured
    /// side alone.
    pub fn injured_downgrades(self) -> bool {
        self == Edition::Starter
    }

    /// Who takes a defeated Giant's wounds among the enemy units engaged
    /// with it: BoV 5.1, "Giant", "controlling player's choice"; BoV
    /// starter, "Keywords" > "Giant", "a random enemy unit engaged with
    /// this unit".
    pub fn giant_target_random(self) -> bool {
        self == Edition::Starter
    }

    /// BoV starter, "Captains": "All units that consist of two or more
    /// models start the game with a captain amongst their ranks", a model
    /// of the unit in all respects that helps the others with their Morale
    /// tests; a starter list may name the Hero with "Captain, X" that is
    /// that Captain ("Heroes as Captains", `battle/captains.rs`). BoV 5.1
    /// has no Captains.
    pub fn captains(self) -> bool {
        self == Edition::Starter
    }

    /// BoV starter, "Generals mounted on an Epic Creature": only the
    /// General rides, from the start of the game, its card flipped to its
    /// mounted side and attached to the creature's; the pair activates
    /// once, attacks with one attack of each and never mounts or
    /// dismounts in play (`battle/mounted_generals.rs`). BoV 5.1's
    /// Dragonriders mount and dismount, and the pair activates twice
    /// ("Simultaneous Activation").
    pub fn generals_mount(self) -> bool {
        self == Edition::Starter
    }

    /// BoV 5.1, "Charge" > "Charging a Flanking enemy": a charged Flanking
    /// unit is moved about an inch away from the unit it was flanking, so
    /// that no unit is both Flanked and Flanking. BoV starter, "Flanking",
    /// has no such rule: in its Fig. 4.1 "all four units are flanked", and
    /// a charge moves only the charger.
    pub fn charge_separates_flanking(self) -> bool {
        self == Edition::V5_1
    }

    /// BoV 5.1, "Reactions": "one reaction per trigger", so one Opportunity
    /// Attack on a unit moving away; BoV starter, "Opportunity Attack":
    /// "any unit is allowed to take" one, each engaged enemy unit in turn.
    pub fn one_reaction_per_trigger(self) -> bool {
        self == Edition::V5_1
    }

    /// BoV 5.1, "Consolidate": only models "no longer engaged" (engaged
    /// before the attack) move; BoV starter, "Consolidate": the attacking
    /// and the defending unit's models "that are not engaged", any of them.
    pub fn consolidate_only_the_disengaged(self) -> bool {
        self == Edition::V5_1
    }

    /// BoV 5.1, "Command X": a Hero's activation marker on a unit it
    /// commands, ranged hits taken by that unit instead, and the "In Command
    /// of a Hero" morale Upgrade. BoV starter, "Turns": players "activate a
    /// single unit", and its keywords and Morale Test Modifiers have no
    /// Command: a card's Command X does nothing.
    pub fn command_keyword(self) -> bool {
        self == Edition::V5_1
    }

    /// Whether a Flanked unit downgrades its defense roll against an attack
    /// of `kind`: BoV 5.1, "Flanking & Flanked", "against melee attacks";
    /// BoV starter, "Flanking", "Flanked units Downgrade their defense
    /// rolls", against every attack (ranged, a power's, the terrain's).
    pub fn flanked_downgrades(self, kind: super::units::WeaponKind) -> bool {
        self == Edition::Starter || kind == super::units::WeaponKind::Melee
    }

    /// BoV starter, "Morale": "Epic Creatures don't have to take a morale
    /// test"; BoV 5.1, "Morale", has them test with a black die.
    pub fn epic_creatures_test_morale(self) -> bool {
        self == Edition::V5_1
    }

    /// Who tests when the General is killed: BoV starter, "Morale" > "3)
    /// The General is killed", "each and every model in the army"; BoV
    /// 5.1, "The General is Defeated", the models within its aura.
    pub fn general_shakes_the_whole_army(self) -> bool {
        self == Edition::Starter
    }
}

impl std::fmt::Display for Edition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Edition {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "5.1" | "v5_1" => Ok(Edition::V5_1),
            "starter" => Ok(Edition::Starter),
            _ => Err(format!(
                "no edition \"{s}\": the editions are 5.1 (the default) and starter"
            )),
        }
    }
}
