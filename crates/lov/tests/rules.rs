//! The rules of the book, one test each, set up on a cleared board.
//!
//! Dice come from the game's stream; where a test needs particular faces it
//! searches for a seed whose stream rolls them (with the dice crate, not the
//! code under test) and says which faces it wanted.

use valerna_dice::Stream;
use valerna_dice::lov::roll_combat;
use valerna_lov::content::Content;
use valerna_lov::decision::{Decision, Question, Target};
use valerna_lov::effect::UnitType;
use valerna_lov::engine::{Eng, Halt, Res};
use valerna_lov::log::Ask;
use valerna_lov::setup::{self, Setup};
use valerna_lov::state::{Core, EndReason, Force, NONE, Phase, RegionState};

const ALLARIA: u8 = 0;
const FULGEN: u8 = 1;
const TYVERIA: u8 = 2;
const MAGNIFEX: u8 = 3;

fn content() -> Content {
    Content::default_pack().expect("the default pack loads")
}

fn region(c: &Content, id: &str) -> u8 {
    c.region(id).unwrap_or_else(|| panic!("no region {id}"))
}

/// A game with every token off the board: no Units, no Power, no cities;
/// Dragons placed in `dragons`, Generals at `generals` (alone).
fn blank(c: &Content, humans: [bool; 4], generals: [u8; 2], dragons: [u8; 2]) -> Core {
    let first = humans.iter().position(|&h| h).unwrap() as u8;
    let setup = Setup {
        seed: 1,
        humans,
        first: Some(first),
        content: c.hash,
    };
    let mut s = setup::start(c, &setup).unwrap();
    s.regions = [RegionState::default(); 12];
    s.power_supply = c.power;
    s.neutral_supply = c.neutral;
    s.city_supply = c.cities;
    for seat in 0..4 {
        let p = &mut s.players[seat];
        p.supply = [6, 6, 6];
        p.power = 0;
        p.spent = 0;
    }
    s.regions[generals[0] as usize].force[0].general = true;
    s.regions[generals[1] as usize].force[1].general = true;
    s.players[1].at = dragons[0];
    s.players[3].at = dragons[1];
    s.phase = Phase::Resolution;
    s
}

/// Runs `f` on `core`, answering every question with `pick`, until it ends.
/// Returns the final state, whether the game ended, and the questions asked.
fn drive(
    core: &Core,
    c: &Content,
    f: impl Fn(&mut Eng) -> Res,
    mut pick: impl FnMut(&Question, &Core) -> Decision,
) -> (Core, bool, Vec<Question>) {
    let mut answers: Vec<u8> = Vec::new();
    let mut asked = Vec::new();
    loop {
        let mut s = core.clone();
        let mut e = Eng::new(&mut s, c, &answers, None);
        let r = f(&mut e);
        let question = e.question;
        match r {
            Ok(()) => return (s, false, asked),
            Err(Halt::Over) => return (s, true, asked),
            Err(Halt::Ask) => {
                let q = question.expect("a question");
                let d = pick(&q, &s);
                let i = q
                    .options()
                    .iter()
                    .position(|&x| x == d)
                    .expect("pick one of the options");
                answers.push(i as u8);
                asked.push(q);
                assert!(answers.len() < 500, "too many questions");
            }
        }
    }
}

/// First of the options matching `want`, else the first option.
fn prefer(want: &[Decision]) -> impl FnMut(&Question, &Core) -> Decision + '_ {
    move |q, _| {
        *want
            .iter()
            .find(|w| q.options().contains(w))
            .unwrap_or(&q.options()[0])
    }
}

/// A seed whose stream satisfies `ok`.
fn seed_where(ok: impl Fn(&mut Stream) -> bool) -> u64 {
    (0..200_000u64)
        .find(|&s| ok(&mut Stream::new(s)))
        .expect("a seed with those dice")
}

// ------------------------------------------------------------------ combat

// LoV p.12, "Combat", worked example: the Tyverian player moves 4 Units in;
// Combat Value 5 (one per Unit and one for a Unit of each type), rolls two
// standard hits and a critical; the critical at once destroys one defending
// Infantry; the defender may retreat and avoid the two standard hits, or
// counterattack with 2 dice (2 Units left).
#[test]
fn worked_combat_example_of_page_12() {
    let c = content();
    let tr = region(&c, "trade_road");
    let nt = region(&c, "north_tyveria");
    let mut s = blank(
        &c,
        [true, true, true, true],
        [region(&c, "allaria"), nt],
        [0, 11],
    );
    // Tyveria: 2 Infantry, 1 Cavalry, 1 Ranged in the battlefield, General elsewhere.
    s.regions[tr as usize].force[1] = Force {
        units: [2, 1, 1],
        general: false,
    };
    // Allaria defends with 3 Infantry (so 2 remain after the critical).
    s.regions[tr as usize].force[0] = Force {
        units: [3, 0, 0],
        general: false,
    };
    let mut core = s.clone();
    let e = Eng::new(&mut core, &c, &[], None);
    assert_eq!(e.combat_value(Target::Seat(TYVERIA), tr), 5);

    s.stream = Stream::new(seed_where(|st| {
        let r = roll_combat(5, st);
        r.immediate_wounds == 1 && r.standard_hits == 2
    }));
    // The defender retreats: only the critical's wound is suffered.
    let (end, _, asked) = drive(
        &s,
        &c,
        |e| e.combat(TYVERIA, Target::Seat(ALLARIA), tr, false),
        prefer(&[Decision::Retreat]),
    );
    let q = asked
        .iter()
        .find(|q| q.options().contains(&Decision::Counterattack))
        .expect("the defender is asked");
    assert_eq!(q.seat, ALLARIA);
    let left: u8 = end.regions.iter().map(|r| r.force[0].units[0]).sum();
    assert_eq!(
        left, 2,
        "one Infantry destroyed by the critical, two retreated"
    );
    assert!(end.regions[tr as usize].force[0].is_empty());

    // The defender counterattacks instead: it rolls 2 dice.
    let (end, _, _) = drive(
        &s,
        &c,
        |e| e.combat(TYVERIA, Target::Seat(ALLARIA), tr, false),
        prefer(&[Decision::Counterattack, Decision::Retreat]),
    );
    assert_eq!(end.last_roll[1].seat, ALLARIA);
    // The first counterattack after the critical: 2 dice. Later rounds may
    // follow, so check the first one through a fresh run stopped at it.
    let mut core = s.clone();
    let mut e = Eng::new(&mut core, &c, &[], None);
    let _ = e.combat(TYVERIA, Target::Seat(ALLARIA), tr, false);
    assert_eq!(e.combat_value(Target::Seat(ALLARIA), tr), 2);
}

// LoV p.13, "Combat Value": Units + balanced force + General; the Faceless
// get no balanced-force bonus (p.10); neutral = Units; Dragon = leftmost
// uncovered Wound-track value, none when fully wounded.
#[test]
fn combat_values() {
    let c = content();
    let a = region(&c, "allaria");
    let mut s = blank(
        &c,
        [true, true, false, true],
        [a, region(&c, "trade_road")],
        [a, 5],
    );
    s.regions[a as usize].force[0] = Force {
        units: [1, 1, 1],
        general: true,
    };
    s.regions[a as usize].neutral = 0;
    let mut core = s.clone();
    let e = Eng::new(&mut core, &c, &[], None);
    assert_eq!(e.combat_value(Target::Seat(ALLARIA), a), 4 + 1 + 1);
    // The Faceless Tyveria with the same force: no balanced bonus.
    let tr = region(&c, "trade_road");
    s.regions[tr as usize].force[1] = Force {
        units: [1, 1, 1],
        general: true,
    };
    s.regions[tr as usize].neutral = 3;
    let mut core = s.clone();
    let e = Eng::new(&mut core, &c, &[], None);
    assert_eq!(e.combat_value(Target::Seat(TYVERIA), tr), 4 + 1);
    assert_eq!(e.combat_value(Target::Neutral, tr), 3);
    // Fulgen's track: 5, 4, 3, 2, 1 (content pack); fully wounded: 0.
    let track = &c.characters[FULGEN as usize].wound_track;
    assert_eq!(e.combat_value(Target::Seat(FULGEN), a), track[0]);
    s.players[FULGEN as usize].wounds = 2;
    assert_eq!(
        Eng::new(&mut s.clone(), &c, &[], None).combat_value(Target::Seat(FULGEN), a),
        track[2]
    );
    s.players[FULGEN as usize].wounds = 5;
    assert_eq!(
        Eng::new(&mut s.clone(), &c, &[], None).combat_value(Target::Seat(FULGEN), a),
        0
    );
}

// LoV p.12 and Glossary "Mountains": Units that crossed a mountain border
// before combat make the defender (Dragons too) ignore the first hit.
#[test]
fn mountain_negates_the_first_hit() {
    let c = content();
    let up = region(&c, "upper_primalian_range");
    let s0 = blank(
        &c,
        [true, true, true, true],
        [region(&c, "allaria"), region(&c, "ogerron_plains")],
        [up, 11],
    );
    let mut s = s0.clone();
    s.regions[up as usize].force[1] = Force {
        units: [2, 0, 0],
        general: false,
    };
    // Attacker CV 2 rolls exactly one critical and nothing else.
    s.stream = Stream::new(seed_where(|st| {
        let r = roll_combat(2, st);
        r.immediate_wounds == 1 && r.standard_hits == 0
    }));
    let (with, _, _) = drive(
        &s,
        &c,
        |e| e.combat(TYVERIA, Target::Seat(FULGEN), up, true),
        prefer(&[Decision::Retreat]),
    );
    let (without, _, _) = drive(
        &s,
        &c,
        |e| e.combat(TYVERIA, Target::Seat(FULGEN), up, false),
        prefer(&[Decision::Retreat]),
    );
    assert_eq!(
        with.players[FULGEN as usize].wounds, 0,
        "the critical is ignored"
    );
    assert_eq!(without.players[FULGEN as usize].wounds, 1);
}

// Glossary "Cities": defending Units ignore one hit and the city is
// removed; with no hit the city stays; Dragons get no city protection.
#[test]
fn city_negates_one_hit_and_is_removed() {
    let c = content();
    let a = region(&c, "allaria");
    let mut s = blank(
        &c,
        [true, true, true, true],
        [region(&c, "fai_woods"), region(&c, "ogerron_plains")],
        [a, 11],
    );
    s.regions[a as usize].force[0] = Force {
        units: [3, 0, 0],
        general: false,
    };
    s.regions[a as usize].city = true;
    s.city_supply -= 1;
    let fulgen_cv = c.characters[FULGEN as usize].wound_track[0] as u32;
    s.stream = Stream::new(seed_where(|st| {
        let r = roll_combat(fulgen_cv, st);
        r.immediate_wounds == 1 && r.standard_hits == 0
    }));
    let (end, _, _) = drive(
        &s,
        &c,
        |e| e.combat(FULGEN, Target::Seat(ALLARIA), a, false),
        prefer(&[Decision::Retreat]),
    );
    let units: u8 = end.regions.iter().map(|r| r.force[0].units[0]).sum();
    assert_eq!(units, 3, "the critical was ignored");
    assert!(!end.regions[a as usize].city, "the city is removed");
    assert_eq!(end.city_supply, c.cities);

    // No hits: the city stays.
    s.stream = Stream::new(seed_where(|st| roll_combat(fulgen_cv, st).hits() == 0));
    let (end, _, _) = drive(
        &s,
        &c,
        |e| e.combat(FULGEN, Target::Seat(ALLARIA), a, false),
        prefer(&[Decision::Retreat]),
    );
    assert!(end.regions[a as usize].city);
}

// LoV FAQ: "If two players would steal Power from each other during a
// combat ... Critical hits from the attacker are resolved first, then all
// hits from the defender, and finally standard hits from the attacker.
// Stealing would be resolved in the same order."
#[test]
fn stealing_order_follows_the_order_of_hits() {
    let c = content();
    let r = region(&c, "north_tyveria");
    let mut s = blank(
        &c,
        [true, true, true, true],
        [region(&c, "allaria"), r],
        [r, 11],
    );
    // Fulgen with one space left (CV = last value), 1 unspent and 1 spent Power.
    s.players[FULGEN as usize].wounds = 4;
    s.players[FULGEN as usize].power = 1;
    s.players[FULGEN as usize].spent = 1;
    s.players[TYVERIA as usize].power = 1;
    let acv = c.characters[FULGEN as usize].wound_track[4] as u32;
    // Attacker: no critical, a standard hit; the General alone (CV 2)
    // answers with at least 2 hits: one fills the track, one injures.
    s.stream = Stream::new(seed_where(|st| {
        let a = roll_combat(acv, st);
        let d = roll_combat(2, st);
        a.immediate_wounds == 0 && a.standard_hits >= 1 && d.hits() >= 2
    }));
    let (end, _, asked) = drive(
        &s,
        &c,
        |e| e.combat(FULGEN, Target::Seat(TYVERIA), r, false),
        prefer(&[Decision::Counterattack, Decision::Steal { spent: true }]),
    );
    // The first theft is the defender's: Tyveria chooses which of Fulgen's tokens.
    let first = asked
        .iter()
        .find(|q| matches!(q.options()[0], Decision::Steal { .. }))
        .expect("a steal choice");
    assert_eq!(first.seat, TYVERIA);
    // Both stole once: Tyveria took Fulgen's spent token, then Fulgen took one back.
    assert_eq!(
        end.players[FULGEN as usize].total_power() + end.players[TYVERIA as usize].total_power(),
        3
    );
    assert_eq!(end.players[TYVERIA as usize].total_power(), 1);
}

// Glossary "Essence track": a Dragon's combat kills go on its track; a full
// track (as many spaces as the pack gives) gives 1 Power from the supply and
// empties.
#[test]
fn essence_track_fills_and_pays() {
    let c = content();
    let r = region(&c, "ysval");
    let mut s = blank(
        &c,
        [true, true, true, true],
        [region(&c, "allaria"), region(&c, "trade_road")],
        [r, 11],
    );
    s.regions[r as usize].neutral = 2;
    s.neutral_supply -= 2;
    let spaces = c.characters[FULGEN as usize].essence;
    s.players[FULGEN as usize].essence_len = spaces - 1;
    for k in 0..usize::from(spaces - 1) {
        s.players[FULGEN as usize].essence[k] = 0b1111_1100;
    }
    s.neutral_supply -= spaces - 1;
    let mut core = s.clone();
    let mut e = Eng::new(&mut core, &c, &[], None);
    let injured = e.deal_wounds(Target::Neutral, r, 2, Some(FULGEN));
    assert!(matches!(injured, Ok(false)));
    let p = e.s.players[FULGEN as usize];
    assert_eq!(p.power, 1, "the full track gives 1 Power");
    assert_eq!(p.essence_len, 1, "the second Unit starts the track again");
    assert_eq!(
        e.s.neutral_supply,
        s.neutral_supply + spaces,
        "the full track's Units back to the supply"
    );
}

// Glossary "Wounds": a General is wounded only when no other Unit is left;
// then it is injured and forced to retreat (Glossary "Injured").
#[test]
fn general_is_injured_only_alone() {
    let c = content();
    let r = region(&c, "trade_road");
    let s = {
        let mut s = blank(
            &c,
            [true, true, true, true],
            [region(&c, "allaria"), r],
            [0, 11],
        );
        s.regions[r as usize].force[1].units = [1, 0, 0];
        s
    };
    let mut core = s.clone();
    let mut e = Eng::new(&mut core, &c, &[], None);
    assert!(matches!(
        e.deal_wounds(Target::Seat(TYVERIA), r, 1, None),
        Ok(false)
    ));
    assert!(e.s.regions[r as usize].force[1].general);
    assert!(matches!(
        e.deal_wounds(Target::Seat(TYVERIA), r, 1, None),
        Ok(true)
    ));
}

// LoV p.13, "Retreat": a Dragon that retreats during combat cannot go to a
// region the opposing force controls; with nowhere to go it is eliminated
// and the game ends (Glossary "Elimination").
#[test]
fn dragon_retreat_and_elimination() {
    let c = content();
    let ys = region(&c, "ysval");
    let mut s = blank(
        &c,
        [true, true, true, true],
        [region(&c, "allaria"), ys],
        [ys, 11],
    );
    for n in ["fai_woods", "north_tyveria", "ogerron_plains"] {
        s.regions[region(&c, n) as usize].force[1].units = [1, 0, 0];
    }
    s.players[TYVERIA as usize].power = 3;
    let (end, over, _) = drive(
        &s,
        &c,
        |e| e.retreat(FULGEN, ys, Some(TYVERIA)),
        prefer(&[]),
    );
    assert!(over);
    assert_eq!(end.end, Some(EndReason::Elimination));
    assert!(end.players[FULGEN as usize].eliminated);
    assert_eq!(end.winners & (1 << FULGEN), 0);
    assert_eq!(end.winners, 1 << TYVERIA, "the most Power among the others");

    // Not in combat against Tyveria: it may go there.
    let (end, over, _) = drive(&s, &c, |e| e.retreat(FULGEN, ys, None), prefer(&[]));
    assert!(!over);
    assert_ne!(end.players[FULGEN as usize].at, ys);
}

// LoV p.13: "When a Faceless General retreats from a region, they must
// retreat to a friendly region, if possible."
#[test]
fn faceless_general_retreats_to_a_friendly_region() {
    let c = content();
    let tr = region(&c, "trade_road");
    let og = region(&c, "ogerron_plains");
    let mut s = blank(
        &c,
        [true, true, false, true],
        [region(&c, "allaria"), tr],
        [0, 11],
    );
    s.regions[tr as usize].force[1].units = [1, 0, 0];
    s.regions[og as usize].force[1].units = [1, 0, 0];
    let (end, _, asked) = drive(&s, &c, |e| e.retreat(TYVERIA, tr, None), prefer(&[]));
    assert!(asked.is_empty(), "one friendly region: no choice");
    assert_eq!(
        end.regions[og as usize].force[1],
        Force {
            units: [2, 0, 0],
            general: true
        }
    );
}

// LoV p.12: "If there are enemy Units or Dragons remaining in the region, the
// attacker must either immediately initiate another round of combat or
// retreat. This continues until there are no more enemies in the region or
// the attacker has retreated."

/// Trade Road holds one Allarian Infantry, Ferellon and (with `neutral`) a
/// neutral Unit; Adrael's six Units with their General stand next door in
/// North Tyveria, ready to Assault.
fn crowded_trade_road(c: &Content, neutral: bool) -> (Core, u8, u8) {
    let tr = region(c, "trade_road");
    let nt = region(c, "north_tyveria");
    let mut s = blank(
        c,
        [true, true, true, true],
        [region(c, "allaria"), nt],
        [tr, 11],
    );
    s.regions[nt as usize].force[1].units = [2, 2, 1];
    s.regions[tr as usize].force[0].units = [1, 0, 0];
    if neutral {
        s.regions[tr as usize].neutral = 1;
        s.neutral_supply -= 1;
    }
    (s, tr, nt)
}

/// Adrael assaults Trade Road with everything and takes Ferellon as the
/// first defender; Ferellon retreats when asked, Elyse counterattacks,
/// Adrael answers `again` to "attack again or retreat".
fn assault_the_dragon_first(again: Decision, tr: u8) -> impl FnMut(&Question, &Core) -> Decision {
    move |q, _| {
        let o = q.options();
        let want: &[Decision] = match q.seat {
            TYVERIA => &[
                Decision::Region(tr),
                Decision::Attack(Target::Seat(FULGEN)),
                again,
                Decision::Attack(Target::Seat(ALLARIA)),
            ],
            FULGEN => &[Decision::Retreat],
            _ => &[Decision::Counterattack],
        };
        if let Some(d) = want.iter().find(|w| o.contains(w)) {
            return *d;
        }
        // Move every Unit and the General: the largest count offered.
        if o.iter().all(|d| matches!(d, Decision::Count(_))) {
            return *o.last().unwrap();
        }
        o[0]
    }
}

#[test]
fn the_attacker_fights_every_enemy_in_the_region() {
    let c = content();
    let (s, tr, _) = crowded_trade_road(&c, true);
    let (end, over, asked) = drive(
        &s,
        &c,
        |e| e.assault(TYVERIA, 1),
        assault_the_dragon_first(Decision::AttackAgain, tr),
    );
    assert!(!over);
    // The first choice of defender listed all three. The Dragon retreated;
    // Adrael had to go on against the others, and chose which of the two to
    // fight next.
    let choice = asked
        .iter()
        .filter(|q| {
            q.seat == TYVERIA
                && q.options()
                    .contains(&Decision::Attack(Target::Seat(ALLARIA)))
                && q.options().contains(&Decision::Attack(Target::Neutral))
        })
        .nth(1)
        .expect("the attacker chooses the next defender among those left");
    assert!(
        !choice
            .options()
            .contains(&Decision::Attack(Target::Seat(FULGEN))),
        "the Dragon has left"
    );
    // Adrael never retreats here, and one Infantry and one neutral Unit
    // cannot injure a General with five Units: the region ends clear.
    let reg = end.regions[tr as usize];
    assert!(reg.force[0].is_empty(), "{reg:?}");
    assert_eq!(reg.neutral, 0);
    assert_ne!(end.players[FULGEN as usize].at, tr);
    assert!(!reg.force[1].is_empty());
}

#[test]
fn an_attacker_that_stops_must_retreat() {
    let c = content();
    let (s, tr, _) = crowded_trade_road(&c, false);
    let (end, _, asked) = drive(
        &s,
        &c,
        |e| e.assault(TYVERIA, 1),
        assault_the_dragon_first(Decision::Retreat, tr),
    );
    let q = asked
        .iter()
        .find(|q| q.options().contains(&Decision::AttackAgain))
        .expect("attack again or retreat, once the Dragon has gone");
    assert_eq!(q.seat, TYVERIA);
    // Adrael retreated: Elyse's Infantry holds Trade Road alone.
    let reg = end.regions[tr as usize];
    assert!(reg.force[1].is_empty(), "{reg:?}");
    assert_eq!(reg.force[0].units, [1, 0, 0]);
    assert!(
        !asked
            .iter()
            .any(|q| q.seat == ALLARIA && q.options().contains(&Decision::Counterattack)),
        "Elyse was never attacked"
    );
}

// LoV p.10: a bonded ally is not an enemy: its presence neither keeps the
// combat going nor can be attacked.
#[test]
fn a_bonded_ally_does_not_keep_the_combat_going() {
    let c = content();
    let (mut s, tr, _) = crowded_trade_road(&c, false);
    s.players[TYVERIA as usize].partner = FULGEN;
    s.players[FULGEN as usize].partner = TYVERIA;
    let (end, _, asked) = drive(
        &s,
        &c,
        |e| e.assault(TYVERIA, 1),
        assault_the_dragon_first(Decision::AttackAgain, tr),
    );
    assert!(!asked.iter().any(|q| {
        q.options()
            .contains(&Decision::Attack(Target::Seat(FULGEN)))
    }));
    assert!(end.regions[tr as usize].force[0].is_empty());
    assert_eq!(end.players[FULGEN as usize].at, tr, "the ally stays");
    assert!(!end.regions[tr as usize].force[1].is_empty());
}

// LoV p.10: the Faceless never retreat by choice: a Faceless attacker fights
// on, without being asked, until the region is clear or it must retreat.
#[test]
fn a_faceless_attacker_fights_on_without_being_asked() {
    let c = content();
    let (mut s, tr, nt) = crowded_trade_road(&c, true);
    s.players[TYVERIA as usize].human = false;
    s.regions[tr as usize].force[0] = Force::default();
    s.regions[tr as usize].force[1] = s.regions[nt as usize].force[1];
    s.regions[nt as usize].force[1] = Force::default();
    let (end, _, asked) = drive(
        &s,
        &c,
        |e| e.combat(TYVERIA, Target::Neutral, tr, false),
        prefer(&[Decision::Retreat]),
    );
    assert!(
        !asked
            .iter()
            .any(|q| q.options().contains(&Decision::AttackAgain))
    );
    let reg = end.regions[tr as usize];
    assert_eq!(reg.neutral, 0);
    assert_ne!(end.players[FULGEN as usize].at, tr, "Ferellon was fought");
}

// ------------------------------------------------- Denizens that change retreat

fn denizen(c: &Content, id: &str) -> u8 {
    c.denizens
        .iter()
        .position(|d| d.id == id)
        .unwrap_or_else(|| panic!("no Denizen {id}")) as u8
}

/// Elyse's `units` in Allaria (her General elsewhere); Adrael holds the
/// regions named.
fn cornered_in_allaria(c: &Content, units: [u8; 3], enemy: &[&str]) -> (Core, u8) {
    let a = region(c, "allaria");
    let mut s = blank(
        c,
        [true, true, true, true],
        [region(c, "ysval"), region(c, "trade_road")],
        [region(c, "ysval"), region(c, "trade_road")],
    );
    s.regions[a as usize].force[0].units = units;
    for n in enemy {
        s.regions[region(c, n) as usize].force[1].units = [1, 0, 0];
    }
    (s, a)
}

// Content brief, Denizens ("retreat"): Nahuac Templeguard, "A force that
// includes them may also retreat across a sea link" (the FAQ's sea link
// between Allaria and Nahuac). Without them, LoV p.13: "If a Unit cannot
// retreat, it is destroyed."
#[test]
fn templeguard_retreat_across_the_sea_link() {
    let c = content();
    let nahuac = region(&c, "nahuac");
    let (mut s, a) = cornered_in_allaria(
        &c,
        [2, 1, 0],
        &["fai_woods", "upper_primalian_range", "western_steppes"],
    );
    // The book's rule: every border leads to an enemy region.
    let (end, _, asked) = drive(&s, &c, |e| e.retreat(ALLARIA, a, None), prefer(&[]));
    assert!(asked.is_empty());
    assert!(end.regions.iter().all(|r| r.force[0].units == [0; 3]));
    assert_eq!(end.players[ALLARIA as usize].supply, [8, 7, 6]);
    // With the Templeguard on her Infantry: over the sea to Nahuac.
    s.players[ALLARIA as usize].denizens[UnitType::Infantry.index()] =
        denizen(&c, "nahuac_templeguard");
    let (end, _, _) = drive(&s, &c, |e| e.retreat(ALLARIA, a, None), prefer(&[]));
    assert_eq!(end.regions[nahuac as usize].force[0].units, [2, 1, 0]);
    assert!(end.regions[a as usize].force[0].is_empty());
    // A force without Infantry does not include them: destroyed.
    s.regions[a as usize].force[0].units = [0, 1, 0];
    let (end, _, _) = drive(&s, &c, |e| e.retreat(ALLARIA, a, None), prefer(&[]));
    assert!(end.regions.iter().all(|r| r.force[0].units == [0; 3]));
}

// Content brief, Denizens ("retreat"): Nahuac Raptor Riders, "A force that
// includes them may retreat up to two regions away, through regions it could
// retreat to." Without them, LoV p.13: "an adjacent friendly or uncontrolled
// region".
#[test]
fn raptor_riders_retreat_two_regions_but_not_through_enemies() {
    let c = content();
    let (mut s, a) = cornered_in_allaria(&c, [0, 1, 0], &["fai_woods", "upper_primalian_range"]);
    let ws = region(&c, "western_steppes");
    let (end, _, asked) = drive(&s, &c, |e| e.retreat(ALLARIA, a, None), prefer(&[]));
    let retreats = |asked: &[Question]| -> Vec<Question> {
        asked
            .iter()
            .filter(|q| matches!(q.ask, Ask::RetreatTo { .. }))
            .copied()
            .collect()
    };
    assert!(retreats(&asked).is_empty(), "one adjacent region is open");
    assert_eq!(end.regions[ws as usize].force[0].units, [0, 1, 0]);

    s.players[ALLARIA as usize].denizens[UnitType::Cavalry.index()] =
        denizen(&c, "nahuac_raptor_riders");
    let (_, _, asked) = drive(&s, &c, |e| e.retreat(ALLARIA, a, None), prefer(&[]));
    let mut got: Vec<u8> = retreats(&asked)[0]
        .options()
        .iter()
        .map(|d| match d {
            Decision::Region(r) => *r,
            other => panic!("{other:?}"),
        })
        .collect();
    got.sort();
    // Through the Western Steppes only: the Lower Primalian Range and
    // Nahuac, never past Adrael's regions (to North Tyveria or Ysval).
    let mut want: Vec<u8> = ["western_steppes", "lower_primalian_range", "nahuac"]
        .iter()
        .map(|n| region(&c, n))
        .collect();
    want.sort();
    assert_eq!(got, want);
}

// ------------------------------------------------------------- FAQ answers

// LoV FAQ: "Are the regions Allaria and Nahuac adjacent? No, but they are
// connected by sea."
#[test]
fn allaria_and_nahuac_are_joined_by_sea_not_adjacent() {
    let c = content();
    let (a, n) = (region(&c, "allaria"), region(&c, "nahuac"));
    assert!(!c.is_adjacent(a, n));
    assert!(c.sea[a as usize] & (1 << n) != 0);
    // A Dragon moving one region from Allaria cannot reach Nahuac.
    let s = blank(
        &c,
        [true, true, true, true],
        [region(&c, "fai_woods"), region(&c, "trade_road")],
        [a, 11],
    );
    let (_, _, asked) = drive(
        &s,
        &c,
        |e| e.move_piece(FULGEN, valerna_lov::effect::Piece::Dragon, 1),
        prefer(&[Decision::Done]),
    );
    assert!(!asked[0].options().contains(&Decision::Region(n)));
}

// LoV Glossary "Mountains": the regions adjacent to mountains are exactly
// Fai Woods, Nahuwoods, South Tyveria and Upper Primalian Range.
#[test]
fn mountain_regions_are_the_books() {
    let c = content();
    let mut got: Vec<&str> = (0..12)
        .filter(|&r| c.mountain[r] != 0)
        .map(|r| c.regions[r].name.as_str())
        .collect();
    got.sort();
    assert_eq!(
        got,
        [
            "Fai Woods",
            "Nahuwoods",
            "South Tyveria",
            "Upper Primalian Range"
        ]
    );
}

// LoV FAQ: "If I am bonded with a Dragon and they are in an otherwise
// uncontrolled region, do I control that region? No."
#[test]
fn a_dragon_gives_no_control() {
    let c = content();
    let f = region(&c, "fai_woods");
    let mut s = blank(
        &c,
        [true, true, true, true],
        [region(&c, "allaria"), region(&c, "trade_road")],
        [f, 11],
    );
    s.players[ALLARIA as usize].partner = FULGEN;
    s.players[FULGEN as usize].partner = ALLARIA;
    assert_eq!(s.controller(f), None);
    assert!(s.uncontrolled(f));
}

// LoV FAQ: Ferellon Fulgen bonded to Elyse of Allaria counts as adjacent to
// her for moving and heals 1 wound whenever he moves to a region adjacent to
// her: "he will heal one wound whenever he moves".
#[test]
fn ferellon_bonded_to_elyse_heals_on_every_move() {
    let c = content();
    let far = region(&c, "nahuac");
    let elyse = region(&c, "ysval");
    let mut s = blank(
        &c,
        [true, true, true, true],
        [elyse, region(&c, "trade_road")],
        [far, 11],
    );
    s.players[ALLARIA as usize].partner = FULGEN;
    s.players[FULGEN as usize].partner = ALLARIA;
    s.players[FULGEN as usize].wounds = 3;
    // From Nahuac (far from Ysval) he may move straight to Elyse.
    let (_, _, asked) = drive(
        &s,
        &c,
        |e| e.move_piece(FULGEN, valerna_lov::effect::Piece::Dragon, 1),
        prefer(&[Decision::Done]),
    );
    assert!(asked[0].options().contains(&Decision::Region(elyse)));
    // Any move, even one away from her, heals 1.
    let away = region(&c, "nahuwoods");
    let (end, _, _) = drive(
        &s,
        &c,
        |e| e.move_piece(FULGEN, valerna_lov::effect::Piece::Dragon, 1),
        prefer(&[Decision::Region(away)]),
    );
    assert_eq!(end.players[FULGEN as usize].at, away);
    assert_eq!(end.players[FULGEN as usize].wounds, 2);
    // Unbonded, the same move heals nothing.
    s.players[ALLARIA as usize].partner = NONE;
    s.players[FULGEN as usize].partner = NONE;
    let (end, _, _) = drive(
        &s,
        &c,
        |e| e.move_piece(FULGEN, valerna_lov::effect::Piece::Dragon, 1),
        prefer(&[Decision::Region(away)]),
    );
    assert_eq!(end.players[FULGEN as usize].wounds, 3);
}

// LoV FAQ: "Does the movement made as part of resolving an Assault/Wrath
// Glyph count as a move? Yes, and any abilities that are triggered by
// movement (such as Griffon Knights or Fai Hunters) apply."
#[test]
fn assault_movement_is_a_move() {
    let c = content();
    let griffon = c
        .denizens
        .iter()
        .position(|d| d.name == "Griffon Knights")
        .unwrap() as u8;
    let from = region(&c, "north_tyveria");
    let target = region(&c, "ogerron_plains");
    let mut s = blank(
        &c,
        [true, true, true, true],
        [region(&c, "allaria"), from],
        [0, 11],
    );
    s.regions[from as usize].force[1].units = [0, 2, 0];
    s.regions[target as usize].power = 2;
    s.regions[target as usize].neutral = 1;
    s.players[TYVERIA as usize].denizens[UnitType::Cavalry.index()] = griffon;
    let (end, _, _) = drive(
        &s,
        &c,
        |e| e.assault(TYVERIA, 1),
        prefer(&[
            Decision::Region(target),
            Decision::Count(2),
            Decision::Count(0),
            Decision::Attack(Target::Neutral),
            Decision::AttackAgain,
        ]),
    );
    assert!(
        end.players[TYVERIA as usize].total_power() >= 1,
        "Griffon Knights collected after the Assault move"
    );
}

// ------------------------------------------------------------- Dragonbond

// LoV p.10: both dice show a hit: bonded for good; a miss: nothing.
#[test]
fn dragonbond_needs_two_hits() {
    let c = content();
    let r = region(&c, "ysval");
    let mut s = blank(
        &c,
        [false, true, false, false],
        [r, region(&c, "trade_road")],
        [r, 11],
    );
    let hit = |d: u8| !valerna_dice::lov::face(d).is_miss();
    s.stream = Stream::new(seed_where(|st| hit(st.d10()) && hit(st.d10())));
    let (end, _, _) = drive(&s, &c, |e| e.dragonbond_check_all(), prefer(&[]));
    assert_eq!(end.players[ALLARIA as usize].partner, FULGEN);
    assert_eq!(end.players[FULGEN as usize].partner, ALLARIA);
    s.stream = Stream::new(seed_where(|st| hit(st.d10()) && !hit(st.d10())));
    let (end, _, _) = drive(&s, &c, |e| e.dragonbond_check_all(), prefer(&[]));
    assert_eq!(end.players[FULGEN as usize].partner, NONE);
}

// LoV p.10: "Starting with the General player, either player may choose to
// re-roll their die by spending 1 Power"; the Faceless never re-roll.
#[test]
fn dragonbond_rerolls_start_with_the_general_and_cost_power() {
    let c = content();
    let r = region(&c, "ysval");
    let mut s = blank(
        &c,
        [true, true, true, true],
        [r, region(&c, "trade_road")],
        [r, 11],
    );
    s.players[ALLARIA as usize].power = 1;
    s.players[FULGEN as usize].power = 1;
    let mut first = true;
    let (end, _, asked) = drive(
        &s,
        &c,
        |e| e.dragonbond_check_all(),
        |q, _| {
            if q.options().contains(&Decision::Attempt) {
                return Decision::Attempt;
            }
            let d = if first {
                Decision::Reroll
            } else {
                Decision::Keep
            };
            first = false;
            if q.options().contains(&d) {
                d
            } else {
                q.options()[0]
            }
        },
    );
    // Asked first whether to attempt it (LoV p.10, Italian and French books).
    assert_eq!(asked[0].seat, ALLARIA);
    assert!(matches!(asked[0].ask, Ask::AttemptBond { region } if region == r));
    assert_eq!(asked[1].seat, ALLARIA);
    assert!(matches!(asked[1].ask, Ask::Bond { .. }));
    assert_eq!(end.players[ALLARIA as usize].power, 0);
    assert_eq!(
        end.players[ALLARIA as usize].spent, 1,
        "re-roll paid by flipping a Power"
    );
    // Faceless: no question at all.
    s.players[ALLARIA as usize].human = false;
    s.players[FULGEN as usize].human = false;
    let (_, _, asked) = drive(&s, &c, |e| e.dragonbond_check_all(), prefer(&[]));
    assert!(asked.is_empty());
}

// LoV p.10: a bonded player may not initiate combat on the bonded ally.
#[test]
fn no_combat_against_the_ally() {
    let c = content();
    let r = region(&c, "ysval");
    let mut s = blank(
        &c,
        [true, true, true, true],
        [r, region(&c, "trade_road")],
        [r, 11],
    );
    s.regions[r as usize].force[0].units = [1, 0, 0];
    let mut core = s.clone();
    let e = Eng::new(&mut core, &c, &[], None);
    assert!(
        e.targets_in(FULGEN, r)
            .as_slice()
            .contains(&Decision::Attack(Target::Seat(ALLARIA)))
    );
    s.players[ALLARIA as usize].partner = FULGEN;
    s.players[FULGEN as usize].partner = ALLARIA;
    let mut core = s;
    let e = Eng::new(&mut core, &c, &[], None);
    assert!(e.targets_in(FULGEN, r).is_empty());
}

// ------------------------------------------------------- Power and the end

// LoV p.9, "End of Game" 1: 10 Power wins at once, with the bonded ally.
#[test]
fn ten_power_wins_at_once_with_the_ally() {
    let c = content();
    let r = region(&c, "ysval");
    let mut s = blank(
        &c,
        [true, true, true, true],
        [region(&c, "allaria"), region(&c, "trade_road")],
        [r, 11],
    );
    s.players[FULGEN as usize].power = 5;
    s.players[FULGEN as usize].spent = 4;
    s.players[FULGEN as usize].partner = TYVERIA;
    s.players[TYVERIA as usize].partner = FULGEN;
    s.regions[r as usize].power = 3;
    let (end, over, _) = drive(&s, &c, |e| e.collect(FULGEN, r, 3), prefer(&[]));
    assert!(over);
    assert_eq!(end.end, Some(EndReason::Power));
    assert_eq!(end.winners, (1 << FULGEN) | (1 << TYVERIA));
    assert!(end.players[FULGEN as usize].total_power() >= 10);
}

// LoV Glossary "Collect": with too few tokens in the region, take them all,
// none from the supply.
#[test]
fn collect_takes_only_what_is_there() {
    let c = content();
    let r = region(&c, "ysval");
    let mut s = blank(
        &c,
        [true, true, true, true],
        [region(&c, "allaria"), region(&c, "trade_road")],
        [r, 11],
    );
    s.regions[r as usize].power = 1;
    let (end, _, _) = drive(&s, &c, |e| e.collect(FULGEN, r, 3), prefer(&[]));
    assert_eq!(end.players[FULGEN as usize].power, 1);
    assert_eq!(end.power_supply, c.power);
}

// LoV p.9: a tie goes to the player closest in turn order to the first player.
#[test]
fn tie_goes_to_the_closest_in_turn_order() {
    let c = content();
    let mut s = blank(
        &c,
        [true, true, true, true],
        [region(&c, "allaria"), region(&c, "trade_road")],
        [0, 11],
    );
    s.initiative = TYVERIA;
    for p in &mut s.players {
        p.power = 4;
    }
    let mut core = s;
    let e = Eng::new(&mut core, &c, &[], None);
    assert_eq!(e.most_power_winners(0, false), 1 << TYVERIA);
    assert_eq!(e.most_power_winners(1 << TYVERIA, false), 1 << MAGNIFEX);
}

// Glossary "Force" and "Unit": over 6 Units (the General included) the owner
// removes Units down to 6; an empty supply places nothing.
#[test]
fn six_unit_limit_and_supply() {
    let c = content();
    let r = region(&c, "allaria");
    let mut s = blank(
        &c,
        [true, true, true, true],
        [r, region(&c, "trade_road")],
        [0, 11],
    );
    s.regions[r as usize].force[0].units = [3, 1, 0];
    let (end, _, asked) = drive(
        &s,
        &c,
        |e| e.place_unit(ALLARIA, r, UnitType::Ranged),
        prefer(&[Decision::Lose(UnitType::Infantry)]),
    );
    assert_eq!(end.regions[r as usize].force[0].size(), 6);
    assert!(asked.is_empty(), "6 exactly: nothing to remove");
    let (end, _, asked) = drive(
        &end,
        &c,
        |e| e.place_unit(ALLARIA, r, UnitType::Ranged),
        prefer(&[Decision::Lose(UnitType::Infantry)]),
    );
    assert_eq!(asked.len(), 1);
    assert_eq!(
        end.regions[r as usize].force[0],
        Force {
            units: [2, 1, 2],
            general: true
        }
    );
    let mut s = end;
    s.players[ALLARIA as usize].supply[2] = 0;
    s.regions[r as usize].force[0].units = [0, 0, 0];
    let (end, _, _) = drive(
        &s,
        &c,
        |e| e.place_unit(ALLARIA, r, UnitType::Ranged),
        prefer(&[]),
    );
    assert_eq!(end.regions[r as usize].force[0].units, [0, 0, 0]);
}

// Glossary "Rest & Recover": a fully wounded Dragon heals 2 instead of a
// glyph, then resolves the rest normally.
#[test]
fn fully_wounded_dragon_rests() {
    let c = content();
    let mut s = blank(
        &c,
        [true, true, true, true],
        [region(&c, "allaria"), region(&c, "trade_road")],
        [0, 11],
    );
    s.players[FULGEN as usize].wounds = 5;
    let (end, _, asked) = drive(
        &s,
        &c,
        |e| e.activate_glyph(FULGEN, valerna_lov::effect::Glyph::Move, true),
        prefer(&[]),
    );
    assert!(asked.is_empty(), "no choice of glyph: it rests");
    assert_eq!(end.players[FULGEN as usize].wounds, 3);
}

// ------------------------------------------------------------------ rounds

/// Plays planning turns from the start of a real game.
fn start(humans: [bool; 4], seed: u64) -> (Content, Core) {
    let c = content();
    let first = humans.iter().position(|&h| h).unwrap() as u8;
    let s = setup::start(
        &c,
        &Setup {
            seed,
            humans,
            first: Some(first),
            content: c.hash,
        },
    )
    .unwrap();
    (c, s)
}

// LoV p.8: a player may pass only after playing a card; the passer takes
// the initiative token; Planning ends and the closing Event goes on top.
#[test]
fn passing_rules() {
    let (c, s) = start([true, true, true, true], 3);
    assert_eq!(s.phase, Phase::Planning { turn: ALLARIA });
    assert_eq!(s.stack_len, 1, "the first Event card starts the stack");
    let (_, _, asked) = drive(&s, &c, |e| e.run_unit(), prefer(&[Decision::Pass]));
    assert!(
        !asked[0].options().contains(&Decision::Pass),
        "no pass before a card"
    );
    let mut s = s;
    s.players[FULGEN as usize].played = true;
    s.phase = Phase::Planning { turn: FULGEN };
    let (end, _, _) = drive(&s, &c, |e| e.run_unit(), prefer(&[Decision::Pass]));
    assert_eq!(end.initiative, FULGEN);
    assert_eq!(end.phase, Phase::Resolution);
    assert_eq!(end.stack_len, 2, "the second Event card closes the stack");
    assert_eq!(end.stack[1].kind, valerna_lov::state::CardKind::Event);
}

// LoV p.8: a holder who passes gives the token to another human; solo: the
// human keeps it (Appendix).
#[test]
fn initiative_hand_off() {
    let (c, mut s) = start([true, true, true, true], 3);
    s.players[ALLARIA as usize].played = true;
    let (end, _, asked) = drive(
        &s,
        &c,
        |e| e.run_unit(),
        prefer(&[Decision::Pass, Decision::GiveInitiative(MAGNIFEX)]),
    );
    assert!(
        asked
            .iter()
            .any(|q| q.options().contains(&Decision::GiveInitiative(TYVERIA)))
    );
    assert!(
        !asked
            .iter()
            .any(|q| q.options().contains(&Decision::GiveInitiative(ALLARIA)))
    );
    assert_eq!(end.initiative, MAGNIFEX);
    let (c, mut s) = start([true, false, false, false], 3);
    s.players[ALLARIA as usize].played = true;
    let (end, _, _) = drive(&s, &c, |e| e.run_unit(), prefer(&[Decision::Pass]));
    assert_eq!(end.initiative, ALLARIA);
}

// LoV p.10: the Faceless play random cards, never pass, and are skipped
// when out of cards (which does not end Planning).
#[test]
fn faceless_never_pass() {
    let (c, mut s) = start([true, false, false, false], 5);
    s.phase = Phase::Planning { turn: FULGEN };
    let (end, _, asked) = drive(&s, &c, |e| e.run_unit(), prefer(&[]));
    assert!(asked.is_empty());
    assert_eq!(end.stack_len, 2);
    assert_eq!(end.phase, Phase::Planning { turn: TYVERIA });
    let mut s = end;
    s.players[TYVERIA as usize].actions = 0;
    let (end, _, _) = drive(&s, &c, |e| e.run_unit(), prefer(&[]));
    assert_eq!(end.stack_len, 2, "skipped");
    assert_eq!(end.phase, Phase::Planning { turn: MAGNIFEX });
}

// ------------------------------------------------------- region glyphs

// Reference card "Region Glyphs", Upgrade: a controlling General may take a
// Denizen of this homeland free, or of an adjacent homeland for 1 Power; it
// goes onto the board for its Unit type (Glossary "Upgrading").
#[test]
fn upgrade_takes_a_denizen_of_the_homeland_or_pays_for_a_neighbour() {
    let c = content();
    let a = region(&c, "allaria");
    let fai = region(&c, "fai_woods");
    let mut s = blank(
        &c,
        [true, true, true, true],
        [a, region(&c, "trade_road")],
        [0, 11],
    );
    let own = c.denizens.iter().position(|d| d.homeland == a).unwrap() as u8;
    let near = c.denizens.iter().position(|d| d.homeland == fai).unwrap() as u8;
    let far = c
        .denizens
        .iter()
        .position(|d| d.homeland == region(&c, "nahuac"))
        .unwrap() as u8;
    s.lineup = [own, near, far, NONE, NONE, NONE];
    s.lineup_len = 3;
    s.players[ALLARIA as usize].power = 1;
    let (_, _, asked) = drive(
        &s,
        &c,
        |e| e.run_step(ALLARIA, a, &valerna_lov::effect::Step::Upgrade),
        prefer(&[Decision::Done]),
    );
    let opts = asked[0].options();
    assert!(opts.contains(&Decision::Denizen(0)) && opts.contains(&Decision::Denizen(1)));
    assert!(!opts.contains(&Decision::Denizen(2)), "not adjacent");
    let (end, _, _) = drive(
        &s,
        &c,
        |e| e.run_step(ALLARIA, a, &valerna_lov::effect::Step::Upgrade),
        prefer(&[Decision::Denizen(1)]),
    );
    let unit = c.denizens[near as usize].unit.index();
    assert_eq!(end.players[ALLARIA as usize].denizens[unit], near);
    assert_eq!(
        (
            end.players[ALLARIA as usize].power,
            end.players[ALLARIA as usize].spent
        ),
        (0, 1)
    );
    assert_eq!(end.lineup_len, 2, "not replaced until Clean-up");
}

// Reference card, Reinforce: a neutral or uncontrolled region gets 2 neutral
// Units; a controlled one a Unit of the controller's choice there and in each
// adjacent region it controls. Fortify: a city if there is none.
#[test]
fn reinforce_and_fortify() {
    let c = content();
    let a = region(&c, "allaria");
    let ws = region(&c, "western_steppes");
    let nah = region(&c, "nahuac");
    let mut s = blank(
        &c,
        [true, true, true, true],
        [a, region(&c, "trade_road")],
        [0, 11],
    );
    let (end, _, _) = drive(
        &s,
        &c,
        |e| e.run_step(NONE, nah, &valerna_lov::effect::Step::Reinforce),
        prefer(&[]),
    );
    assert_eq!(end.regions[nah as usize].neutral, 2);
    s.regions[ws as usize].force[0].units = [1, 0, 0];
    let (end, _, asked) = drive(
        &s,
        &c,
        |e| e.run_step(ALLARIA, a, &valerna_lov::effect::Step::Reinforce),
        prefer(&[Decision::Unit(UnitType::Cavalry)]),
    );
    assert_eq!(asked.len(), 2, "one choice per region");
    assert_eq!(end.regions[a as usize].force[0].units, [0, 1, 0]);
    assert_eq!(end.regions[ws as usize].force[0].units, [1, 1, 0]);
    let (end, _, _) = drive(
        &s,
        &c,
        |e| e.run_step(ALLARIA, a, &valerna_lov::effect::Step::Fortify),
        prefer(&[]),
    );
    assert!(end.regions[a as usize].city);
    assert_eq!(end.city_supply, c.cities - 1);
    let (again, _, _) = drive(
        &end,
        &c,
        |e| e.run_step(ALLARIA, a, &valerna_lov::effect::Step::Fortify),
        prefer(&[]),
    );
    assert_eq!(again.city_supply, c.cities - 1, "no second city");
}

// ----------------------------------------------------------------- Vaala

// Glossary "Vaala": pay the cost by flipping Power, resolve, discard face up;
// a card "cancel" makes the next card of the stack be ignored (Glossary
// "Cancel").
#[test]
fn vaala_costs_power_and_cancel_skips_the_next_card() {
    let c = content();
    let mut s = blank(
        &c,
        [true, true, true, true],
        [region(&c, "allaria"), region(&c, "trade_road")],
        [0, 11],
    );
    // Fulgen's Golden Law (cost 4): cancel.
    let local = c.vaala_of[FULGEN as usize]
        .iter()
        .position(|&v| c.vaala[v as usize].name == "Golden Law")
        .unwrap() as u8;
    s.players[FULGEN as usize].vaala_hand = 1 << local;
    s.players[FULGEN as usize].power = 5;
    let play = [valerna_lov::effect::Step::PlayVaala];
    let (end, _, asked) = drive(
        &s,
        &c,
        |e| e.run_steps(FULGEN, NONE, &play),
        prefer(&[Decision::Vaala(local)]),
    );
    assert!(
        asked[0].options().contains(&Decision::Done),
        "playing is optional"
    );
    let p = end.players[FULGEN as usize];
    assert_eq!((p.power, p.spent), (1, 4));
    assert_eq!(p.vaala_hand, 0);
    assert_eq!(p.vaala_discard, 1 << local);
    assert!(end.cancel_next);
    // Too little Power: the card is not offered.
    s.players[FULGEN as usize].power = 3;
    let (end, _, asked) = drive(&s, &c, |e| e.run_steps(FULGEN, NONE, &play), prefer(&[]));
    assert!(asked.is_empty());
    assert_eq!(end.players[FULGEN as usize].power, 3);
}

// Glossary "Vaala": an empty deck is refilled from the discard pile.
#[test]
fn vaala_deck_refills_from_the_discard_pile() {
    let c = content();
    let mut s = blank(
        &c,
        [true, true, true, true],
        [region(&c, "allaria"), region(&c, "trade_road")],
        [0, 11],
    );
    s.players[FULGEN as usize].vaala_deck_len = 0;
    s.players[FULGEN as usize].vaala_hand = 0;
    s.players[FULGEN as usize].vaala_discard = 0b11111;
    let draw = [valerna_lov::effect::Step::DrawVaala { count: 2 }];
    let (end, _, _) = drive(&s, &c, |e| e.run_steps(FULGEN, NONE, &draw), prefer(&[]));
    let p = end.players[FULGEN as usize];
    assert_eq!(p.vaala_hand.count_ones(), 2);
    assert_eq!(p.vaala_deck_len, 3);
    assert_eq!(p.vaala_discard, 0);
}

// --------------------------------------------------------------- Clean-up

// LoV p.9 "Clean-up Phase": hands refilled; human Generals hold the Region
// cards of the regions they control; face-up Vaala discarded; the lineup
// reshuffled and 6 drawn; an empty Event deck ends the game (most Power).
#[test]
fn clean_up() {
    let c = content();
    let a = region(&c, "allaria");
    let ws = region(&c, "western_steppes");
    let (_, mut s) = start([true, true, true, true], 9);
    s.phase = Phase::CleanUp;
    s.players[ALLARIA as usize].actions = 0;
    s.players[ALLARIA as usize].region_cards = 1 << region(&c, "nahuac");
    s.regions[ws as usize].force[0].units = [1, 0, 0];
    s.players[FULGEN as usize].vaala_face_up = 0b100;
    s.lineup_len = 2;
    let (end, _, _) = drive(&s, &c, |e| e.run_unit(), prefer(&[]));
    assert_eq!(end.players[ALLARIA as usize].actions.count_ones(), 5);
    assert_eq!(
        end.players[ALLARIA as usize].region_cards,
        (1 << a) | (1 << ws)
    );
    assert_eq!(end.players[FULGEN as usize].vaala_face_up, 0);
    assert_eq!(end.players[FULGEN as usize].vaala_discard & 0b100, 0b100);
    assert_eq!(end.lineup_len, 6);
    assert_eq!(end.round, s.round + 1);
    assert_eq!(
        end.phase,
        Phase::Planning {
            turn: end.initiative
        }
    );

    s.events_left = 0;
    s.players[MAGNIFEX as usize].power = 3;
    let (end, over, _) = drive(&s, &c, |e| e.run_unit(), prefer(&[]));
    assert!(over);
    assert_eq!(end.end, Some(EndReason::Events));
    assert_eq!(end.winners, 1 << MAGNIFEX);
}

// ---------------------------------------------------------------- Faceless

// Glossary "Focus region": the most Power; ties go to the closest to the
// Faceless piece, then to the initiative holder.
#[test]
fn focus_region() {
    let c = content();
    let ys = region(&c, "ysval");
    let nt = region(&c, "north_tyveria");
    let nah = region(&c, "nahuac");
    let mut s = blank(
        &c,
        [true, false, true, false],
        [region(&c, "allaria"), region(&c, "trade_road")],
        [ys, 11],
    );
    s.regions[nt as usize].power = 2;
    s.regions[nah as usize].power = 2;
    let (_, _, asked) = drive(&s, &c, |e| e.focus_region(FULGEN).map(|_| ()), prefer(&[]));
    assert!(asked.is_empty(), "North Tyveria is the closer to Ysval");
    s.regions[region(&c, "ogerron_plains") as usize].power = 2;
    let (_, _, asked) = drive(&s, &c, |e| e.focus_region(FULGEN).map(|_| ()), prefer(&[]));
    assert_eq!(
        asked.len(),
        1,
        "two at one region's distance: the holder chooses"
    );
    assert_eq!(asked[0].seat, s.initiative);
}

// LoV p.10: the Faceless always counterattack, and never retreat by choice.
#[test]
fn faceless_defenders_always_counterattack() {
    let c = content();
    let r = region(&c, "trade_road");
    let mut s = blank(
        &c,
        [true, true, false, true],
        [region(&c, "allaria"), r],
        [r, 11],
    );
    s.regions[r as usize].force[1].units = [3, 0, 0];
    let (_, _, asked) = drive(
        &s,
        &c,
        |e| e.combat(FULGEN, Target::Seat(TYVERIA), r, false),
        prefer(&[Decision::AttackAgain]),
    );
    assert!(
        !asked
            .iter()
            .any(|q| q.options().contains(&Decision::Counterattack))
    );
}

// Content pack, Magnifex's board line: her defender may not retreat after
// her first roll; against another attacker it may.
#[test]
fn relentless_allows_no_first_retreat() {
    let c = content();
    let r = region(&c, "trade_road");
    let mut s = blank(
        &c,
        [true, true, true, true],
        [region(&c, "allaria"), r],
        [r, r],
    );
    s.regions[r as usize].force[1].units = [5, 0, 0];
    // Neither Dragon's first roll ends the combat with criticals alone.
    s.stream = Stream::new(seed_where(|st| {
        let cv = c.characters[MAGNIFEX as usize].wound_track[0] as u32;
        roll_combat(cv, st).immediate_wounds == 0
    }));
    let pick = || prefer(&[Decision::Counterattack, Decision::Retreat]);
    let (_, _, asked) = drive(
        &s,
        &c,
        |e| e.combat(MAGNIFEX, Target::Seat(TYVERIA), r, false),
        pick(),
    );
    let first = asked.first().expect("a question");
    assert_ne!(
        first.seat, TYVERIA,
        "no choice for the defender after the first roll"
    );
    let (_, _, asked) = drive(
        &s,
        &c,
        |e| e.combat(FULGEN, Target::Seat(TYVERIA), r, false),
        pick(),
    );
    let first = asked.first().expect("a question");
    assert_eq!(first.seat, TYVERIA);
    assert!(first.options().contains(&Decision::Retreat));
}

// LoV p.10: the check after a glyph concerns the activating player's own
// General or Dragon ("if your non-bonded General is in the same region as a
// non-bonded Dragon...").
#[test]
fn dragonbond_check_follows_the_activating_player() {
    let c = content();
    let r = region(&c, "ysval");
    let mut s = blank(
        &c,
        [true, true, true, true],
        [r, region(&c, "trade_road")],
        [r, 11],
    );
    s.players[ALLARIA as usize].power = 1;
    s.players[FULGEN as usize].power = 1;
    let harvest = valerna_lov::effect::Glyph::Collect;
    let rolls = |q: &[Question]| {
        q.iter()
            .filter(|q| q.options().contains(&Decision::Reroll))
            .count()
    };
    let (_, _, asked) = drive(
        &s,
        &c,
        |e| e.activate_glyph(TYVERIA, harvest, true),
        prefer(&[Decision::Activate, Decision::Keep]),
    );
    assert_eq!(rolls(&asked), 0, "Tyveria's glyph: no check for the others");
    let (_, _, asked) = drive(
        &s,
        &c,
        |e| e.activate_glyph(ALLARIA, harvest, true),
        prefer(&[Decision::Activate, Decision::Keep]),
    );
    assert!(
        rolls(&asked) >= 1,
        "Elyse's glyph: Elyse and Ferellon check"
    );
    assert_eq!(
        asked
            .iter()
            .find(|q| q.options().contains(&Decision::Reroll))
            .unwrap()
            .seat,
        ALLARIA
    );
}

// LoV p.10: "If a Faceless player would make a choice (such as which region
// to retreat to) that choice is made by any player Dragonbonded with them
// or, if there is none, by the player with the initiative token"; in solo
// play chance replaces the initiative holder (Appendix; docs/rulings.md, "Timing and wording"), and a
// bonded ally still decides (p.10, "Dragonbond").
#[test]
fn faceless_choices_go_to_the_ally_the_initiative_holder_or_chance() {
    let c = content();
    let tr = region(&c, "trade_road");
    let mut s = blank(
        &c,
        [true, true, false, true],
        [region(&c, "allaria"), tr],
        [0, 11],
    );
    // Two friendly regions to retreat to.
    for n in ["ogerron_plains", "north_tyveria"] {
        s.regions[region(&c, n) as usize].force[1].units = [1, 0, 0];
    }
    s.initiative = MAGNIFEX;
    let (_, _, asked) = drive(&s, &c, |e| e.retreat(TYVERIA, tr, None), prefer(&[]));
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0].seat, MAGNIFEX, "the initiative holder");
    assert_eq!(asked[0].owner, TYVERIA, "decides for the Faceless player");
    s.players[TYVERIA as usize].partner = FULGEN;
    s.players[FULGEN as usize].partner = TYVERIA;
    let (_, _, asked) = drive(&s, &c, |e| e.retreat(TYVERIA, tr, None), prefer(&[]));
    assert_eq!(asked[0].seat, FULGEN, "the bonded ally");
    assert_eq!(asked[0].owner, TYVERIA);
    // Solo play: the bonded ally keeps its right (p.10); chance stands in
    // for the initiative holder only.
    s.solo = true;
    let (_, _, asked) = drive(&s, &c, |e| e.retreat(TYVERIA, tr, None), prefer(&[]));
    assert_eq!(asked[0].seat, FULGEN, "solo: the bonded ally");
    s.players[TYVERIA as usize].partner = NONE;
    s.players[FULGEN as usize].partner = NONE;
    let (end, _, asked) = drive(&s, &c, |e| e.retreat(TYVERIA, tr, None), prefer(&[]));
    assert!(asked.is_empty(), "solo: chosen at random");
    assert!(!end.regions[tr as usize].force[1].general);
}

// Glossary "Control": a region is the General's or neutral, never both; the
// reference card's Reinforce places neutral Units only where no General is
// (docs/rulings.md, "Neutral Units and a General's region").
#[test]
fn neutral_units_are_never_placed_with_a_general() {
    use valerna_lov::effect::{At, Step};
    let c = content();
    let a = region(&c, "allaria");
    let ws = region(&c, "western_steppes");
    let s = blank(
        &c,
        [true, true, true, true],
        [a, region(&c, "trade_road")],
        [ws, 11],
    );
    let place = [Step::PlaceNeutral {
        at: At::Here,
        count: 2,
    }];
    let (end, _, _) = drive(&s, &c, |e| e.run_steps(NONE, a, &place), prefer(&[]));
    assert_eq!(end.regions[a as usize].neutral, 0, "Elyse's region");
    assert_eq!(end.neutral_supply, s.neutral_supply);
    // A Dragon controls nothing: its region takes them.
    let (end, _, _) = drive(&s, &c, |e| e.run_steps(NONE, ws, &place), prefer(&[]));
    assert_eq!(end.regions[ws as usize].neutral, 2);
}

// LoV p.10: "After activating a Glyph ... if your non-bonded Dragon is in
// the same region as a non-bonded General, you have a chance of becoming
// Dragonbonded"; Rest & Recover is a glyph (p.11, Glossary "Rest &
// Recover"), so a resting Dragon next to a General checks too.
#[test]
fn a_resting_dragon_checks_for_dragonbond() {
    let c = content();
    let ys = region(&c, "ysval");
    let mut s = blank(
        &c,
        [true, true, true, true],
        [ys, region(&c, "trade_road")],
        [ys, 11],
    );
    s.players[FULGEN as usize].wounds = 5;
    s.players[FULGEN as usize].power = 1;
    let (end, _, asked) = drive(
        &s,
        &c,
        |e| e.activate_glyph(FULGEN, valerna_lov::effect::Glyph::Move, true),
        prefer(&[Decision::Keep]),
    );
    assert_eq!(end.players[FULGEN as usize].wounds, 3, "it rested");
    assert!(
        asked
            .iter()
            .any(|q| q.seat == FULGEN && q.options().contains(&Decision::Reroll)),
        "Ferellon, with Power to spend, is offered a re-roll"
    );
}

// LoV p.13: a Dragon that retreats during a combat "by being wounded or by
// choice ... cannot retreat to a region controlled by the opposing force":
// an attacking Dragon that stops attacking too.
#[test]
fn an_attacking_dragon_retreats_away_from_its_defender() {
    let c = content();
    let ys = region(&c, "ysval");
    let og = region(&c, "ogerron_plains");
    let mut s = blank(
        &c,
        [true, true, true, true],
        [region(&c, "allaria"), region(&c, "trade_road")],
        [ys, 11],
    );
    s.regions[ys as usize].force[1].units = [3, 0, 0];
    for n in ["fai_woods", "north_tyveria"] {
        s.regions[region(&c, n) as usize].force[1].units = [1, 0, 0];
    }
    // Ferellon's first roll leaves Adrael's Units in Ysval (at most one hit).
    let cv = u32::from(c.characters[FULGEN as usize].wound_track[0]);
    s.stream = Stream::new(seed_where(|st| roll_combat(cv, st).hits() <= 1));
    let (end, _, asked) = drive(
        &s,
        &c,
        |e| e.combat(FULGEN, Target::Seat(TYVERIA), ys, false),
        prefer(&[Decision::Counterattack, Decision::Retreat]),
    );
    assert!(
        asked
            .iter()
            .any(|q| q.seat == FULGEN && q.options().contains(&Decision::AttackAgain)),
        "Ferellon chose to retreat"
    );
    // Fai Woods and North Tyveria are Adrael's: only Ogerron Plains is left.
    assert_eq!(end.players[FULGEN as usize].at, og);
}

// ------------------------------------------------- the second pass rulings

/// The questions `f` asks (answered by `pick`) and the draws it made.
fn questions(
    core: &Core,
    c: &Content,
    f: impl Fn(&mut Eng) -> Res,
    pick: impl FnMut(&Question, &Core) -> Decision,
) -> (Core, Vec<Ask>) {
    let (end, _, asked) = drive(core, c, f, pick);
    (end, asked.iter().map(|q| q.ask).collect())
}

// LoV p.12: "the defender must choose to either retreat or counterattack";
// p.13: a force retreats "to an adjacent friendly or uncontrolled region".
// A retreat by choice that no region may receive is not offered: the
// defender counterattacks (docs/rulings.md, "A retreat by choice").
#[test]
fn a_retreat_by_choice_is_offered_only_where_one_may_go() {
    let c = content();
    let open = |enemies: &[&str]| {
        let (mut s, a) = cornered_in_allaria(&c, [2, 2, 0], enemies);
        s.regions[a as usize].force[1].units = [3, 0, 0];
        // The attacker (Combat Value 3) rolls no critical: the defender
        // stands and must answer.
        s.stream = Stream::new(seed_where(|st| roll_combat(3, st).immediate_wounds == 0));
        let (_, asked) = questions(
            &s,
            &c,
            |e| e.combat(TYVERIA, Target::Seat(ALLARIA), a, false),
            prefer(&[Decision::Counterattack]),
        );
        asked
            .iter()
            .any(|q| matches!(q, Ask::Defend { region } if *region == a))
    };
    assert!(
        !open(&["fai_woods", "upper_primalian_range", "western_steppes"]),
        "every neighbour is the enemy's: no retreat to offer"
    );
    assert!(
        open(&["fai_woods", "upper_primalian_range"]),
        "the Western Steppes are open"
    );
}

// LoV p.10 (Italian "potete scegliere di tentare", French "vous pouvez
// déclencher"): the Dragonbond attempt is a choice; declined, no die is
// rolled. The Faceless always attempt it, asking no one.
#[test]
fn the_dragonbond_attempt_is_a_choice() {
    let c = content();
    let r = region(&c, "ysval");
    let s = blank(
        &c,
        [true, true, true, true],
        [r, region(&c, "trade_road")],
        [r, 11],
    );
    let (end, asked) = questions(
        &s,
        &c,
        |e| e.dragonbond_check(ALLARIA),
        prefer(&[Decision::Decline]),
    );
    assert_eq!(asked, [Ask::AttemptBond { region: r }]);
    assert_eq!(end.players[ALLARIA as usize].partner, NONE);
    assert_eq!(end.draws, s.draws, "no die rolled");
    let mut faceless = s.clone();
    faceless.players[ALLARIA as usize].human = false;
    faceless.players[FULGEN as usize].human = false;
    let (end, asked) = questions(&faceless, &c, |e| e.dragonbond_check(ALLARIA), prefer(&[]));
    assert!(asked.is_empty());
    assert_eq!(end.draws, s.draws + 2, "both dice rolled");
}

// LoV p.8: "After a Glyph is resolved, if a General is in the same region as
// a Dragon, check for Dragonbond (page 10)"; p.10: "After activating a Glyph
// or retreating, if your nonbonded General is in the same region as a
// non-bonded Dragon, or if your non-bonded Dragon is in the same region as a
// non-bonded General, you have a chance of becoming Dragonbonded".
// Valerna reads p.8 by p.10: the check is made for the pieces of the
// player whose glyph (or retreat) it was (docs/rulings.md).
#[test]
fn the_dragonbond_check_is_for_the_activating_players_pieces() {
    let c = content();
    let r = region(&c, "ysval");
    let s = blank(
        &c,
        [true, true, true, true],
        [r, region(&c, "trade_road")],
        [r, 11],
    );
    // Elyse's glyph: her General shares Ysval with Ferellon.
    let (_, asked) = questions(&s, &c, |e| e.dragonbond_check(ALLARIA), prefer(&[]));
    assert_eq!(asked.first(), Some(&Ask::AttemptBond { region: r }));
    // Ferellon's glyph: the same pair.
    let (_, asked) = questions(&s, &c, |e| e.dragonbond_check(FULGEN), prefer(&[]));
    assert_eq!(asked.first(), Some(&Ask::AttemptBond { region: r }));
    // Adrael's glyph: neither piece is his; no check, no die.
    let (end, asked) = questions(&s, &c, |e| e.dragonbond_check(TYVERIA), prefer(&[]));
    assert!(asked.is_empty());
    assert_eq!(end.draws, s.draws);
    // Nagasha's glyph: her Dragon is elsewhere; no check.
    let (end, _) = questions(&s, &c, |e| e.dragonbond_check(MAGNIFEX), prefer(&[]));
    assert_eq!(end.draws, s.draws);
}

// LoV p.9, "End of Game" 2: the Event deck is empty at the end of a round.
// English: "The player with the most Power tokens wins (along with their
// bonded ally)"; Italian: "Vince il giocatore o alleanza con più segnalini
// Potere"; French: "Le joueur ou l'équipe Dragonbond avec le plus de jetons
// Pouvoir gagne". A bonded team counts its Power together.
#[test]
fn the_event_deck_end_counts_a_bonded_team_together() {
    let c = content();
    let mut s = blank(
        &c,
        [true, true, true, true],
        [region(&c, "allaria"), region(&c, "trade_road")],
        [region(&c, "ysval"), 11],
    );
    s.phase = Phase::CleanUp;
    s.events_left = 0;
    s.players[ALLARIA as usize].partner = FULGEN;
    s.players[FULGEN as usize].partner = ALLARIA;
    for (seat, power) in [(ALLARIA, 3), (FULGEN, 3), (TYVERIA, 5), (MAGNIFEX, 0)] {
        s.players[seat as usize].power = power;
    }
    let (end, over, _) = drive(&s, &c, |e| e.run_unit(), prefer(&[]));
    assert!(over);
    assert_eq!(end.end, Some(EndReason::Events));
    assert_eq!(end.winners, 0b0011, "Elyse and Ferellon, 6 against 5");
    // Elimination keeps the books' "remaining player with the most Power"
    // (p.9, "End of Game" 3): one player against one.
    let e = Eng::new(&mut s, &c, &[], None);
    assert_eq!(e.most_power_winners(0b1000, false), 1 << TYVERIA);
}

// LoV p.12, "Mountains", and Glossary "Mountains": a Denizen that ignores
// the mountain carries only the Units of its type, never the General. One
// rule for a person's Assault and a Faceless one (`mountain_protects`).
#[test]
fn a_climbing_denizen_cancels_the_mountain_for_its_units_only() {
    let c = content();
    let fai = region(&c, "fai_woods");
    let up = region(&c, "upper_primalian_range");
    for human in [true, false] {
        let mut s = blank(
            &c,
            [human, true, true, true],
            [region(&c, "ysval"), region(&c, "trade_road")],
            [region(&c, "ysval"), 11],
        );
        s.players[ALLARIA as usize].denizens[UnitType::Cavalry.index()] =
            denizen(&c, "skorpikon_riders");
        let e = Eng::new(&mut s, &c, &[], None);
        let force = |units: [u8; 3], general: bool| Force { units, general };
        assert!(!e.mountain_protects(ALLARIA, fai, up, force([0, 2, 0], false)));
        assert!(e.mountain_protects(ALLARIA, fai, up, force([1, 2, 0], false)));
        assert!(e.mountain_protects(ALLARIA, fai, up, force([0, 2, 0], true)));
        assert!(!e.mountain_protects(ALLARIA, fai, region(&c, "allaria"), force([1, 0, 0], true)));
    }
}
