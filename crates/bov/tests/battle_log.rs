//! The battle's story (`battle::log`): a narrated battle is the same battle,
//! every roll it tells is the roll the rules counted, and no seat's stream
//! names a card of the other seat's hand before it is played.

use std::sync::Arc;

use valerna_bov::battle::bots::{Bot, GreedyBot, RandomBot, play};
use valerna_bov::battle::log::{Audience, Event};
use valerna_bov::battle::{Battle, BattleSetup, Decision, Reaction};
use valerna_bov::content::Pack;
use valerna_dice::bov::AttackFace;
use valerna_game::{Game, Narrated, Viewer};

mod common;

fn battles() -> Vec<BattleSetup> {
    let pack = ["allaria_guild_line", "tyveria_swarm"];
    (0..3)
        .map(|seed| BattleSetup::pitched(40 + seed, pack[0], pack[1]))
        .collect()
}

/// Plays `setup` with greedy against random, narrated or not.
fn played(setup: &BattleSetup, narrated: bool) -> (Battle, Vec<Decision>) {
    let pack = Arc::new(Pack::default_pack().unwrap());
    let mut g = if narrated {
        Battle::start_narrated(&pack, setup).unwrap()
    } else {
        Battle::start(&pack, setup).unwrap()
    };
    let mut a = GreedyBot::new(setup.seed);
    let mut b = RandomBot::new(setup.seed + 1);
    let decisions = play(&mut g, &mut [&mut a, &mut b], 20_000).unwrap();
    (g, decisions)
}

/// Telling the story draws no die of the game's stream: the same bots make
/// the same decisions to the same end, and only the narrated battle keeps
/// events.
#[test]
fn a_narrated_battle_is_the_same_battle() {
    for setup in battles() {
        let (quiet, d1) = played(&setup, false);
        let (told, d2) = played(&setup, true);
        assert_eq!(d1, d2, "seed {}", setup.seed);
        assert_eq!(quiet.outcome(), told.outcome());
        assert_eq!(
            serde_json::to_value(quiet.view(0)).unwrap(),
            serde_json::to_value(told.view(0)).unwrap()
        );
        assert!(quiet.entries().is_empty());
        // Declining is no news (an unanswered offer tells nothing).
        let made = d2
            .iter()
            .filter(|d| {
                !matches!(
                    d,
                    Decision::Reaction { reaction: None }
                        | Decision::React { unit: None }
                        | Decision::Command { unit: None }
                        | Decision::Redirect { unit: None }
                        | Decision::Mount { mount: None }
                )
            })
            .count();
        assert!(
            told.entries().len() > made,
            "every decision made is told, and more"
        );
    }
}

/// BoV 5.1, "Make Attack Roll" and "Make Defense Roll": the dice told are
/// the dice counted. Each attack die's face gives its hits; each defense
/// die is a block or not, one die per standard hit; a charge's three black
/// dice give its bonus inches ("Charge Move").
#[test]
fn every_roll_told_adds_up_to_what_the_rules_counted() {
    let (mut attacks, mut defenses, mut charges, mut morale) = (0, 0, 0, 0);
    for setup in battles() {
        let (g, _) = played(&setup, true);
        for e in g.entries() {
            match &e.event {
                Event::AttackRolled {
                    dice,
                    standard,
                    critical,
                    ..
                } => {
                    attacks += 1;
                    assert_eq!(
                        dice.iter().map(|d| d.face.standard()).sum::<u32>(),
                        *standard
                    );
                    assert_eq!(
                        dice.iter().map(|d| d.face.critical()).sum::<u32>(),
                        *critical
                    );
                }
                Event::DefenseRolled {
                    dice,
                    blocks,
                    critical,
                    wounds,
                    ..
                } => {
                    defenses += 1;
                    assert_eq!(dice.iter().filter(|d| d.block).count() as u32, *blocks);
                    // "Hits vs. Wounds": an unblocked standard hit and every
                    // critical hit is a wound.
                    assert_eq!(dice.len() as u32 - blocks + critical, *wounds);
                }
                Event::ChargeRolled { dice, bonus, .. } => {
                    charges += 1;
                    assert_eq!(dice.len(), 3, "three black dice");
                    assert_eq!(dice.iter().map(|d| d.face.symbols()).sum::<u32>(), *bonus);
                    assert!(
                        dice.iter()
                            .all(|d| d.face != AttackFace::Miss || d.rerolled.is_none())
                    );
                }
                Event::MoraleTested { dice, failed, .. } => {
                    morale += 1;
                    assert_eq!(dice.iter().filter(|d| !d.block).count() as u32, *failed);
                }
                _ => {}
            }
        }
        let ended = g
            .entries()
            .iter()
            .filter(|e| matches!(e.event, Event::Ended { .. }))
            .count();
        assert_eq!(ended, 1, "the end is told once");
    }
    assert!(
        attacks > 20 && defenses > 20 && charges > 0 && morale > 0,
        "{attacks} attacks, {defenses} defenses, {charges} charges, {morale} morale tests"
    );
}

/// The Vaala cards in a hand are its owner's alone (BoV 5.1, "Vaala
/// Cards"): the other seat's stream, and a spectator's, name a card only
/// once it is played, and no one sees another seat's bid.
#[test]
fn no_stream_names_the_other_hand_before_it_is_played() {
    for setup in battles() {
        let (g, _) = played(&setup, true);
        for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator] {
            let mut out = Vec::new();
            g.events(viewer, 0, &mut out);
            for e in &out {
                match e {
                    Event::HandDealt { seat, .. } => {
                        assert!(viewer.is(*seat), "{viewer:?} saw seat {seat}'s hand");
                    }
                    Event::Decided {
                        seat,
                        decision: Decision::Bid { .. },
                        ..
                    } => assert!(viewer.is(*seat), "{viewer:?} saw seat {seat}'s bid"),
                    Event::Decided {
                        decision: Decision::Reaction { reaction: None },
                        ..
                    } => panic!("a declined reaction is no news"),
                    _ => {}
                }
            }
            // A seat's own stream has its hand.
            if let Viewer::Seat(s) = viewer {
                assert!(
                    out.iter()
                        .any(|e| matches!(e, Event::HandDealt { seat, .. } if *seat == s))
                );
            }
        }
        // The public entries are the spectator's stream, in order.
        let public: Vec<&Event> = g
            .entries()
            .iter()
            .filter(|e| e.to == Audience::Public)
            .map(|e| &e.event)
            .collect();
        let spectator: Vec<&Event> = g.events_for(Viewer::Spectator, 0).collect();
        assert_eq!(public, spectator);
        // A Vaala card played is told as it is played, by its player.
        for e in g.entries() {
            if let Event::Decided {
                decision:
                    Decision::Reaction {
                        reaction: Some(Reaction::Vaala { .. }),
                    },
                ..
            } = &e.event
            {
                assert_eq!(e.to, Audience::Public);
            }
        }
    }
}

/// The spectator's view holds no card of either hand; a seat's holds its own.
#[test]
fn a_spectator_sees_the_hands_sizes_only() {
    let (g, _) = played(&battles()[0], false);
    let v = g.view_as(Viewer::Spectator);
    assert!(v.hand.is_empty());
    let mine = g.view_as(Viewer::Seat(1));
    assert_eq!(mine.hand.len(), v.hand_sizes[1]);
}

/// Every Charge, Attack and Skirmish option says what its dice may do, exactly.
/// BoV 5.1, "Charge Move": the allowance is Speed plus the three black
/// dice, so a unit not Slowed standing `d` inches away needs the dice to
/// add `ceil(d - Speed)` inches, and the chance is the dice's at least
/// that. "Count Attacking Models and Collect Dice": an attack rolls each
/// attacking model's dice.
#[test]
fn every_option_that_rolls_dice_tells_its_odds() {
    use valerna_bov::battle::Phase;
    use valerna_bov::battle::log::Odds;
    use valerna_bov::rules::status::StatusKind;
    let pack = Arc::new(Pack::default_pack().unwrap());
    let (mut charges, mut attacks, mut skirmishes) = (0, 0, 0);
    for setup in battles() {
        let mut g = Battle::start(&pack, &setup).unwrap();
        let mut a = GreedyBot::new(setup.seed);
        let mut b = GreedyBot::new(setup.seed + 1);
        let mut buf = Vec::new();
        while let Some(seat) = g.to_decide() {
            if let Phase::Action { unit } = g.phase {
                g.choices(&mut buf);
                for d in &buf {
                    let m = g.describe(d);
                    match (d, &m.odds) {
                        (
                            Decision::Charge { target },
                            Some(Odds::Charge {
                                distance,
                                needed,
                                chance,
                            }),
                        ) => {
                            charges += 1;
                            assert_eq!(*distance, g.distance(unit, *target));
                            let slowed = g.units[usize::from(unit)]
                                .state
                                .status
                                .get(StatusKind::Slowed)
                                > 0
                                || g.units[usize::from(unit)]
                                    .state
                                    .status
                                    .get(StatusKind::Immobilized)
                                    > 0;
                            if !slowed {
                                let speed = g.charge_distance(unit, 0);
                                let need = (distance - speed - 1e-3).ceil().max(0.0) as u32;
                                let bonus = valerna_dice::odds::charge_bonus();
                                if need as usize <= bonus.max() {
                                    assert_eq!(
                                        *needed,
                                        Some(need),
                                        "{distance} from Speed {speed}"
                                    );
                                    assert!((chance - bonus.at_least(need as usize)).abs() < 1e-12);
                                } else {
                                    assert_eq!(*needed, None);
                                }
                            }
                        }
                        (
                            Decision::Attack { target },
                            Some(Odds::Attack {
                                target: t,
                                dice,
                                mean_wounds,
                                any_wound,
                                mean_models,
                                ..
                            }),
                        ) => {
                            attacks += 1;
                            assert_eq!(t, target);
                            assert!(*dice > 0, "an Attack offered has a model to make it");
                            assert!(*mean_wounds <= 2.0 * f64::from(*dice) + 1e-9);
                            assert!((0.0..=1.0).contains(any_wound));
                            let left = f64::from(g.units[usize::from(*target)].state.models());
                            assert!(*mean_models <= left + 1e-9);
                        }
                        // "Skirmish": the attack is made from where the move
                        // ends, with the Skirmish downgrade: the same dice as
                        // an attack from there, never more wounds.
                        (
                            Decision::Skirmish { target, paths },
                            Some(Odds::Attack {
                                dice, mean_wounds, ..
                            }),
                        ) => {
                            skirmishes += 1;
                            let mut there = g.clone();
                            for (m, way) in paths {
                                there.units[usize::from(unit)].positions[usize::from(*m)] =
                                    *way.last().unwrap();
                            }
                            let Some(Odds::Attack {
                                dice: d2,
                                mean_wounds: w2,
                                ..
                            }) = there.odds(&Decision::Attack { target: *target })
                            else {
                                panic!("no attack odds from the Skirmish's end")
                            };
                            assert_eq!(*dice, d2);
                            assert!(*mean_wounds <= w2 + 1e-9, "{mean_wounds} > {w2}");
                        }
                        (
                            Decision::Charge { .. }
                            | Decision::Attack { .. }
                            | Decision::Skirmish { .. },
                            odds,
                        ) => {
                            panic!("{d:?} without its odds: {odds:?}")
                        }
                        (_, None) => {}
                        (_, Some(o)) => panic!("{d:?} with odds {o:?}"),
                    }
                }
            }
            let d = if seat == 0 {
                a.decide(&g)
            } else {
                b.decide(&g)
            };
            g.apply(d).unwrap();
        }
    }
    assert!(
        charges > 5 && attacks > 20 && skirmishes > 5,
        "{charges} charges, {attacks} attacks, {skirmishes} skirmishes"
    );
}

/// BoV 5.1, "Monsters": a Monster's behaviour cards are drawn in the open;
/// the story tells each one, from the Monster's own deck.
#[test]
fn a_monsters_behaviour_cards_are_told() {
    let pack = Arc::new(Pack::default_pack().unwrap());
    let mut told = 0;
    for seed in 0..4 {
        let mut setup = BattleSetup::pitched(60 + seed, "allaria_guild_line", "tyveria_swarm");
        setup.monsters = vec!["ravine_troll".to_string()];
        let mut g = Battle::start_narrated(&pack, &setup).unwrap();
        let mut a = GreedyBot::new(seed);
        let mut b = GreedyBot::new(seed + 1);
        play(&mut g, &mut [&mut a, &mut b], 20_000).unwrap();
        for e in g.entries() {
            if let Event::MonsterCard { unit, card, .. } = &e.event {
                let deck = &g.card(*unit).monster.as_ref().expect("a Monster").behaviour;
                assert!(usize::from(*card) < deck.len());
                assert_eq!(e.to, Audience::Public);
                told += 1;
            }
        }
    }
    assert!(told > 0, "no behaviour card was told");
}

/// The options a seat is offered name only its own Vaala cards (BoV 5.1,
/// "Vaala Cards": a hand is its owner's): at every question of whole
/// battles, every card a Reaction option plays is in the deciding seat's
/// hand, and its meaning, as the server words it, names no other.
#[test]
fn no_option_names_the_other_hand() {
    use std::collections::BTreeSet;
    let mut offered = 0;
    for setup in battles() {
        let pack = Arc::new(Pack::default_pack().unwrap());
        let mut g = Battle::start_narrated(&pack, &setup).unwrap();
        let dealt: Vec<BTreeSet<String>> = (0..2u8)
            .map(|s| {
                g.entries()
                    .iter()
                    .find_map(|e| match &e.event {
                        Event::HandDealt { seat, cards } if *seat == s => {
                            Some(cards.iter().cloned().collect())
                        }
                        _ => None,
                    })
                    .unwrap()
            })
            .collect();
        let mut a = GreedyBot::new(setup.seed);
        let mut b = RandomBot::new(setup.seed + 1);
        let mut buf = Vec::new();
        while let Some(seat) = g.to_decide() {
            g.choices(&mut buf);
            for d in &buf {
                if let Decision::Reaction {
                    reaction: Some(Reaction::Vaala { card, .. }),
                } = d
                {
                    offered += 1;
                    assert!(
                        dealt[usize::from(seat)].contains(card),
                        "seat {seat} offered {card}"
                    );
                }
                let meaning = serde_json::to_string(&g.describe(d)).unwrap();
                for other in &dealt[usize::from(1 - seat)] {
                    if !dealt[usize::from(seat)].contains(other) {
                        assert!(
                            !meaning.contains(other.as_str()),
                            "seat {seat}'s option names {other}"
                        );
                    }
                }
            }
            let d = if seat == 0 {
                a.decide(&g)
            } else {
                b.decide(&g)
            };
            g.apply(d).unwrap();
        }
    }
    assert!(offered > 0, "no Vaala card was offered");
}

/// A decision of the wrong kind is refused in words: what it was, and what
/// the battle asks for instead with the rule's name, never Rust's debug text.
#[test]
fn a_decision_out_of_turn_is_refused_in_words() {
    let pack = Arc::new(Pack::default_pack().unwrap());
    let g = Battle::start(&pack, &battles()[0]).unwrap();
    // The battle opens on "Objectives Setup".
    let e = g
        .validate(&Decision::Charge { target: 3 })
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("a Charge is not a decision for now"), "{e}");
    assert!(e.contains("\"Objectives Setup\""), "{e}");
    assert!(!e.contains('{') && !e.contains("PlaceObjective"), "{e}");
}

/// BoV 5.1, "Fatigue": a counter for each activation and action, some
/// taken away by Restore Fatigue at the end of the round. The story tells
/// each change, so a reader who keeps count from it knows every standing
/// unit's fatigue and markers at the end.
#[test]
fn fatigue_and_markers_told_add_up_to_the_units_own() {
    use valerna_bov::rules::status::StatusKind;
    let mut changes = 0;
    for setup in battles() {
        let (g, _) = played(&setup, true);
        let mut fatigue = vec![0u8; g.units.len()];
        let mut markers = vec![[0i32; 3]; g.units.len()];
        let slot = |s: StatusKind| StatusKind::ALL.iter().position(|&k| k == s).unwrap();
        for e in g.entries() {
            match &e.event {
                Event::Fatigue { unit, fatigue: f } => {
                    fatigue[usize::from(*unit)] = *f;
                    changes += 1;
                }
                Event::StatusGained { unit, status } => {
                    markers[usize::from(*unit)][slot(*status)] += 1
                }
                Event::StatusLost { unit, status } => {
                    markers[usize::from(*unit)][slot(*status)] -= 1
                }
                _ => {}
            }
        }
        for u in g.units.iter().filter(|u| u.alive()) {
            let i = usize::from(u.id);
            assert_eq!(fatigue[i], u.state.fatigue, "{}'s fatigue", u.name);
            for k in StatusKind::ALL {
                assert_eq!(
                    markers[i][slot(k)],
                    i32::from(u.state.status.get(k)),
                    "{}'s {k:?}",
                    u.name
                );
            }
        }
    }
    assert!(changes > 50, "{changes} changes of fatigue told");
}

/// Where each model of each unit stands on the table, by its number in its
/// unit (none for a model or unit off it).
fn standing(g: &Battle) -> Vec<Vec<Option<(u64, u64)>>> {
    g.units
        .iter()
        .map(|u| {
            let on = u.alive() && u.deployed && u.mounted_on.is_none();
            (0..u.positions.len())
                .map(|m| {
                    let p = u.positions[m];
                    (on && u.state.alive.contains(m as u8))
                        .then_some((p.x.to_bits(), p.y.to_bits()))
                })
                .collect()
        })
        .collect()
}

/// No model moves without an event that says so: after every decision of
/// narrated battles of both editions in every game mode, each unit whose
/// models stand elsewhere than before is named by a `Moved` event of that
/// decision, or by the decision itself (a deployment, an entry, a
/// placement, a dismount). The engine's own moves (a pile-in, a
/// consolidation, a Flanking unit separated, a rider set down) are told as
/// a player's are (BoV 5.1, "Consolidate", "Charging a Flanking enemy").
#[test]
fn no_model_moves_without_an_event_that_says_so() {
    use valerna_bov::rules::edition::Edition;
    use valerna_bov::rules::scenario::Scenario;
    let pack = Arc::new(Pack::default_pack().unwrap());
    let mut moved = 0;
    let mut cases: Vec<BattleSetup> = Vec::new();
    for seed in 0..4u64 {
        for scenario in [
            Scenario::PitchedBattle,
            Scenario::SlayTheFoe,
            Scenario::SeizeTheLand,
            Scenario::Quest,
        ] {
            cases.push(BattleSetup {
                scenario,
                ..BattleSetup::pitched(seed, "allaria_dragon_host", "tyveria_swarm")
            });
        }
        for scenario in [
            Scenario::GrandTactical,
            Scenario::SlayTheFoe,
            Scenario::Quest,
        ] {
            cases.push(BattleSetup {
                scenario,
                edition: Edition::Starter,
                ..BattleSetup::pitched(seed, "allaria_fencers", "tyveria_packs")
            });
        }
    }
    for setup in cases {
        let mut g = Battle::start_narrated(&pack, &setup).unwrap();
        let mut bots = [GreedyBot::new(setup.seed), GreedyBot::new(setup.seed + 3)];
        let mut n = 0;
        while let Some(seat) = g.to_decide() {
            let before = standing(&g);
            let from = g.entries().len();
            let d = bots[usize::from(seat.min(1))].decide(&g);
            g.apply(d.clone()).unwrap();
            let after = standing(&g);
            let told: Vec<u16> = g.entries()[from..]
                .iter()
                .filter_map(|e| match &e.event {
                    Event::Moved { unit, .. } => Some(*unit),
                    Event::Decided { about: Some(u), .. } => Some(*u),
                    Event::Decided {
                        decision: Decision::Deploy { unit, .. },
                        ..
                    } => Some(*unit),
                    _ => None,
                })
                .collect();
            for (u, (b, a)) in before.iter().zip(&after).enumerate() {
                // A model on the table before and after, elsewhere.
                let shifted = b
                    .iter()
                    .zip(a)
                    .any(|(x, y)| x.is_some() && y.is_some() && x != y);
                if !shifted {
                    continue;
                }
                moved += 1;
                let u = u as u16;
                let body = |x: u16| g.units[usize::from(x)].mounted_on.unwrap_or(x);
                assert!(
                    told.iter().any(|&t| t == u || body(t) == u),
                    "{:?} {:?} seed {}: unit {u} ({}) moved after {d:?} with no event naming it",
                    setup.edition,
                    setup.scenario,
                    setup.seed,
                    g.units[usize::from(u)].name
                );
            }
            n += 1;
            assert!(n < 20_000);
        }
    }
    assert!(moved > 100, "{moved} moves checked");
}

/// BoV 5.1, "Charge" > "Charging a Flanking enemy": the charged Flanking
/// unit is moved "apart by roughly an inch (just enough to make it clear
/// they are no longer engaged)" (docs/rulings.md, "Separating a charged
/// Flanking unit": 1"). In narrated 5.1 battles, every unit a charge
/// separated stands, once the charge is resolved, 1" or more from every
/// unit it was engaged with before but its charger, and is told as moved.
#[test]
fn a_separated_flanking_unit_ends_an_inch_clear() {
    use valerna_bov::battle::log::MoveCause;
    let pack = Arc::new(Pack::default_pack().unwrap());
    let mut separated = 0;
    for seed in 0..40u64 {
        let lists = [
            ["allaria_guild_line", "tyveria_swarm"],
            ["allaria_dragon_host", "tyveria_dragon_host"],
        ][(seed % 2) as usize];
        let setup = BattleSetup::pitched(seed, lists[0], lists[1]);
        let mut g = Battle::start_narrated(&pack, &setup).unwrap();
        let mut bots = [GreedyBot::new(seed), GreedyBot::new(seed + 9)];
        while let Some(seat) = g.to_decide() {
            let snap = g.snapshot();
            let engaged_before: Vec<Vec<u16>> = g
                .units
                .iter()
                .map(|u| {
                    if u.alive() && u.deployed {
                        g.engaged_with(&snap, u.id)
                    } else {
                        Vec::new()
                    }
                })
                .collect();
            let from = g.entries().len();
            let d = bots[usize::from(seat.min(1))].decide(&g);
            g.apply(d).unwrap();
            let charger = g.last_charge.map(|c| c.unit);
            for e in &g.entries()[from..] {
                let Event::Moved {
                    unit,
                    cause: MoveCause::Separated,
                    ..
                } = &e.event
                else {
                    continue;
                };
                if !g.units[usize::from(*unit)].alive() {
                    continue;
                }
                separated += 1;
                for &x in &engaged_before[usize::from(*unit)] {
                    let x = g.units[usize::from(x)].mounted_on.unwrap_or(x);
                    if Some(x) == charger || !g.units[usize::from(x)].alive() {
                        continue;
                    }
                    let d = g.distance(*unit, x);
                    assert!(
                        d >= 1.0 - 1e-6,
                        "seed {seed}: unit {unit} separated ends {d:.3}\" from unit {x}"
                    );
                }
            }
        }
    }
    assert!(separated > 0, "no separation seen");
}

/// The battle told in full (BoV 5.1, "Face-off Rolls", "Initiative",
/// "Restore Fatigue", "Shooting into combat", "Apply Wounds"): in narrated
/// battles of both editions,
/// - every face-off is told with its dice, the Initiative's before each
///   round's first line, its winner the round's;
/// - Restore Fatigue is told before the next round's Initiative, never
///   after it;
/// - every defense roll follows the roll that made its hits on that unit
///   (an attack on it, the terrain's, a split of hits naming it, or a
///   redirect to it);
/// - every wound follows a roll or a Poison roll that dealt it.
#[test]
fn every_roll_and_its_consequences_are_told() {
    use valerna_bov::battle::log::FaceOffFor;
    use valerna_bov::rules::edition::Edition;
    use valerna_bov::rules::scenario::Scenario;
    let pack = Arc::new(Pack::default_pack().unwrap());
    let mut face_offs = 0;
    let mut splits = 0;
    for seed in 0..8u64 {
        let setup = if seed % 2 == 0 {
            BattleSetup {
                scenario: Scenario::SeizeTheLand,
                ..BattleSetup::pitched(seed, "allaria_guild_line", "tyveria_dragon_host")
            }
        } else {
            BattleSetup {
                edition: Edition::Starter,
                scenario: Scenario::GrandTactical,
                ..BattleSetup::pitched(seed, "allaria_fencers", "tyveria_packs")
            }
        };
        let (g, _) = {
            let mut g = Battle::start_narrated(&pack, &setup).unwrap();
            let mut a = GreedyBot::new(seed);
            let mut b = GreedyBot::new(seed + 1);
            let d = play(&mut g, &mut [&mut a, &mut b], 20_000).unwrap();
            (g, d)
        };
        let events: Vec<&Event> = g.entries().iter().map(|e| &e.event).collect();
        // Face-offs: the objectives' first, each round's Initiative told
        // just before the round.
        assert!(
            matches!(
                events.iter().find(|e| matches!(e, Event::FaceOff { .. })),
                Some(Event::FaceOff {
                    about: FaceOffFor::Objectives,
                    ..
                })
            ),
            "seed {seed}"
        );
        for (i, e) in events.iter().enumerate() {
            if let Event::RoundStarted { initiative, .. } = e {
                let Some(Event::FaceOff {
                    about: FaceOffFor::Initiative,
                    winner,
                    attempts,
                }) = events.get(i.wrapping_sub(1))
                else {
                    panic!("seed {seed}: no face-off before {e:?}");
                };
                assert_eq!(winner, initiative);
                assert!(!attempts.is_empty());
                face_offs += 1;
                // Restore Fatigue comes before, not after.
                let next = events[i + 1..]
                    .iter()
                    .position(|e| matches!(e, Event::Decided { .. }))
                    .map_or(events.len(), |k| i + 1 + k);
                assert!(
                    !events[i + 1..next]
                        .iter()
                        .any(|e| matches!(e, Event::Fatigue { .. })),
                    "seed {seed}: fatigue told after the Initiative: {:?}",
                    &events[i..next]
                );
            }
        }
        // Every defense roll and every wound has the roll that caused it,
        // told since the last one of the same unit (decisions may come
        // between: a redirect, an Upgrade token, the casualties chosen).
        for (i, e) in events.iter().enumerate() {
            let since = |same: &dyn Fn(&Event) -> bool| {
                events[..i]
                    .iter()
                    .rposition(|b| same(b))
                    .map_or(0, |k| k + 1)
            };
            match e {
                Event::DefenseRolled { unit, .. } => {
                    let from =
                        since(&|b| matches!(b, Event::DefenseRolled { unit: u, .. } if u == unit));
                    let explained = events[from..i].iter().any(|b| match b {
                        Event::AttackRolled { target, .. } => target == unit,
                        Event::TerrainAttacked { unit: u, .. } => u == unit,
                        Event::HitsSplit { shares, .. } => shares.iter().any(|s| s.unit == *unit),
                        Event::Decided {
                            decision: Decision::Redirect { unit: Some(u) },
                            ..
                        } => u == unit,
                        _ => false,
                    });
                    assert!(explained, "seed {seed}: {e:?} after {:?}", &events[from..i]);
                }
                Event::Wounded { unit, .. } => {
                    let from = since(&|b| matches!(b, Event::Wounded { unit: u, .. } if u == unit));
                    let explained = events[from..i].iter().any(|b| match b {
                        Event::DefenseRolled { unit: u, .. }
                        | Event::PoisonRolled { unit: u, .. } => u == unit,
                        Event::AttackRolled { target, .. } => target == unit,
                        Event::Affected { unit: u, .. } => u == unit,
                        _ => false,
                    });
                    assert!(
                        explained,
                        "seed {seed}: {e:?} unexplained after {:?}",
                        &events[from..i]
                    );
                }
                Event::HitsSplit { .. } => splits += 1,
                _ => {}
            }
        }
    }
    assert!(face_offs > 8, "{face_offs}");
    assert!(splits > 0, "no shot into combat split its hits");
}

/// BoV 5.1, "Passive Powers", "Vaala Cards": a power or card that changes a
/// roll, passive or lasting from its activation, is named in the roll's
/// story ("Flowing Guard upgrade"), not told as "a power".
#[test]
fn a_passive_power_on_a_roll_is_named() {
    use valerna_bov::rules::modifiers::Modifier;
    let pack = Arc::new(Pack::default_pack().unwrap());
    let names: Vec<String> = pack
        .units
        .iter()
        .flat_map(|u| u.front.powers.iter().map(|p| p.name.clone()))
        .chain(pack.artifacts.iter().map(|a| a.power.name.clone()))
        .chain(pack.vaala.iter().map(|c| c.name.clone()))
        .collect();
    let mut named = 0;
    for setup in battles() {
        let (g, _) = played(&setup, true);
        for e in g.entries() {
            let (mods, powers) = match &e.event {
                Event::AttackRolled {
                    modifiers, powers, ..
                }
                | Event::DefenseRolled {
                    modifiers, powers, ..
                } => (modifiers, powers),
                _ => continue,
            };
            if !mods.iter().any(|m| matches!(m, Modifier::Power(_))) {
                assert!(powers.is_empty());
                continue;
            }
            for p in powers {
                assert!(names.contains(p), "{p} is no power of the pack");
                named += 1;
            }
        }
    }
    assert!(named > 0, "no power named on a roll");
}

/// What a card or power did is told (BoV 5.1, "Healing", "Status
/// Effects"): Rally's heal with the wounds it removed, and the markers
/// Venom Cloud places told as they are placed, before the hits the same
/// power deals (not at the end of the decision, where a marker gone by
/// then would never be told).
#[test]
fn card_effects_are_told_as_they_happen() {
    use valerna_bov::battle::Phase;
    use valerna_bov::battle::log::Affect;
    use valerna_bov::geometry::Point;
    use valerna_bov::rules::status::StatusKind;
    let pack = Arc::new(Pack::default_pack().unwrap());
    let start = |a: &str, b: &str| {
        let mut g = Battle::start_narrated(&pack, &BattleSetup::pitched(2, a, b)).unwrap();
        common::past_set_up(&mut g);
        g
    };
    // Rally heals the Bucentaur's 3 wounds by 2.
    let mut g = start("allaria_guild_line", "tyveria_swarm");
    let oc = common::unit_named(&g, "Oathguard Commander");
    let bu = common::unit_named(&g, "Bucentaur");
    common::place(&mut g, |g| {
        vec![
            (oc, common::row(g, oc, 1, 10.0, 5.0, 0.0)),
            (bu, common::row(g, bu, 1, 14.0, 5.0, 0.0)),
        ]
    });
    g.units[usize::from(bu)].state.wounds = 3;
    common::activate(&mut g, oc);
    let from = g.entries().len();
    g.apply(Decision::ActivatePower {
        power: 0,
        target: Some(bu),
    })
    .unwrap();
    assert!(
        g.entries()[from..].iter().any(|e| e.event
            == Event::Affected {
                caster: oc,
                unit: bu,
                effect: Affect::Healed {
                    wounds: 2,
                    markers: Vec::new()
                }
            }),
        "{:?}",
        &g.entries()[from..]
    );
    // Venom Cloud: the Poison marker told before the defense roll.
    let mut g = start("allaria_guild_line", "tyveria_dragon_host");
    let df = common::unit_named(&g, "Dreamfencers");
    let nagasha = common::unit_named(&g, "Nagasha Magnifex");
    common::place(&mut g, |g| {
        let y = 5.0 + common::radius(g, df) + 2.0 + common::radius(g, nagasha);
        vec![
            (df, common::row(g, df, 5, 10.0, 5.0, 0.5)),
            (nagasha, vec![Point::new(14.0, y)]),
        ]
    });
    common::activate(&mut g, nagasha);
    let from = g.entries().len();
    g.apply(Decision::ActivatePower {
        power: 0,
        target: None,
    })
    .unwrap();
    common::decline_reactions(&mut g);
    while let Phase::Casualties { .. } = g.phase {
        let mut buf = Vec::new();
        g.choices(&mut buf);
        g.apply(buf[0].clone()).unwrap();
        common::decline_reactions(&mut g);
    }
    let told = &g.entries()[from..];
    let at = |f: &dyn Fn(&Event) -> bool| told.iter().position(|e| f(&e.event));
    let poisoned = at(&|e| {
        *e == Event::StatusGained {
            unit: df,
            status: StatusKind::Poisoned,
        }
    })
    .expect("the Poison marker is told");
    if let Some(defended) = at(&|e| matches!(e, Event::DefenseRolled { unit, .. } if *unit == df)) {
        assert!(poisoned < defended, "{told:?}");
    }
}

/// BoV 5.1, "Ranged Attacks against Engaged Units" (Fig. 13): hits on a
/// unit in a melee go one at a time to it and the units engaged with it,
/// nearest to the attacker first. The Golden Gunners' odds on Sellswords
/// engaged with their own Dreamfencers name both units and the chance a
/// hit lands on the Dreamfencers: with them nearer, the first hit
/// (at least one of eight gray dice hits); with them farther, the second.
/// The chances are worked out here from the rulings' gray die (docs/
/// rulings.md, "The attack die": 1-5 miss, 6-8 hit, 9 double hit, 0
/// critical).
#[test]
fn a_shot_into_a_melee_tells_the_chance_of_hitting_your_own() {
    use common::{activate, deployed, place, radius, row, unit_named};
    use valerna_bov::battle::log::Odds;
    use valerna_dice::bov::Shift;
    // Hits of eight gray dice: each none (5 in 10), one (4 in 10) or two
    // (1 in 10).
    let mut hits = vec![1.0];
    for _ in 0..8 {
        let mut next = vec![0.0; hits.len() + 2];
        for (h, p) in hits.iter().enumerate() {
            next[h] += p * 0.5;
            next[h + 1] += p * 0.4;
            next[h + 2] += p * 0.1;
        }
        hits = next;
    }
    let at_least = |k: usize| hits[k..].iter().sum::<f64>();
    let mut seen = [false; 2];
    for nearer in [true, false] {
        let mut g = deployed(2, "allaria_guild_line", "tyveria_swarm");
        let gunners = unit_named(&g, "Golden Gunners");
        let df = unit_named(&g, "Dreamfencers");
        let ss = unit_named(&g, "Sellsword Company");
        let (rd, rs) = (radius(&g, df), radius(&g, ss));
        let foes = row(&g, ss, 5, 10.0, 15.0, 0.5);
        let last = foes[4];
        let y = if nearer {
            last.y - rs - rd
        } else {
            last.y + rs + rd
        };
        place(&mut g, |g| {
            vec![
                (gunners, row(g, gunners, 4, 10.0, 5.0, 0.5)),
                (ss, foes.clone()),
                (df, row(g, df, 5, last.x, y, 0.5)),
            ]
        });
        assert_eq!(g.distance(gunners, df) < g.distance(gunners, ss), nearer);
        activate(&mut g, gunners);
        let Some(Odds::Attack {
            dice,
            attack_shift,
            shared,
            own_hit,
            ..
        }) = g.describe(&Decision::Attack { target: ss }).odds
        else {
            panic!("no odds for the shot");
        };
        assert_eq!((dice, attack_shift), (8, Shift::None));
        let expected = if nearer {
            assert_eq!(shared, vec![df, ss]);
            at_least(1)
        } else {
            assert_eq!(shared, vec![ss, df]);
            at_least(2)
        };
        assert!(
            (own_hit - expected).abs() < 1e-9,
            "{own_hit} for {expected}"
        );
        seen[usize::from(nearer)] = true;
    }
    assert_eq!(seen, [true, true]);
}
