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
        assert!(
            told.entries().len() > d2.len(),
            "every decision is told, and more"
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
