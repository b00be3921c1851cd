//! Generals mounted on an Epic Creature in the starter edition (BoV
//! starter, "General cards", "Generals mounted on an Epic Creature",
//! "SELECT UNITS"; docs/rulings.md, "Mounted Generals in the starter
//! edition"). Each test can fail: 5.1's Dragonriders do otherwise.

use valerna_bov::battle::bots::{Bot as _, GreedyBot};
use valerna_bov::battle::log::Event;
use valerna_bov::battle::{Battle, BattleSetup, Decision, Phase, invariants};
use valerna_bov::force_list;
use valerna_bov::geometry::Point;
use valerna_bov::rules::edition::Edition;
use valerna_bov::rules::powers::CAPTAIN_POWER_SLOT;
use valerna_bov::rules::scenario::Scenario;
use valerna_game::Game;

mod common;
use common::{
    activate, pack, past_set_up, place, radius, settle_declining, unit_named, without_artifacts,
};

/// The Allarian and Tyverian Dragon Hosts (each General riding its
/// dragon) in a starter Slay the Foe, past deployment, the pairs not
/// bonded, so that one of a pair may fall alone.
fn hosts(seed: u64, edition: Edition) -> Battle {
    let setup = BattleSetup {
        edition,
        scenario: Scenario::SlayTheFoe,
        ..BattleSetup::pitched(
            seed,
            &without_artifacts("allaria_dragon_host"),
            &without_artifacts("tyveria_dragon_host"),
        )
    };
    let mut g = Battle::start_narrated(&pack(), &setup).unwrap();
    past_set_up(&mut g);
    for u in &mut g.units {
        u.bonded = None;
    }
    g
}

/// Elyse riding Ferellon Fulgen at (24, 10); the Ogerron Phalanx and the
/// Bloodfangs 8" and 10" in front of him, out of contact; Adrael on foot
/// at (24, 26). Returns the battle, Elyse, the dragon, the Phalanx, the
/// Bloodfangs and Adrael.
fn pair_facing_two(seed: u64, edition: Edition) -> (Battle, [u16; 5]) {
    let mut g = hosts(seed, edition);
    let elyse = unit_named(&g, "Elyse");
    let dragon = unit_named(&g, "Ferellon Fulgen");
    let phalanx = unit_named(&g, "Ogerron Phalanx");
    let bloodfangs = unit_named(&g, "Bloodfangs");
    let adrael = unit_named(&g, "Adrael");
    let at = Point::new(24.0, 10.0);
    let front = 10.0 + radius(&g, dragon);
    place(&mut g, |_| {
        vec![
            (dragon, vec![at]),
            (elyse, vec![at]),
            (phalanx, vec![Point::new(18.0, front + 6.0)]),
            (bloodfangs, vec![Point::new(30.0, front + 8.0)]),
            (adrael, vec![Point::new(24.0, 26.0)]),
        ]
    });
    g.units[usize::from(elyse)].mounted_on = Some(dragon);
    (g, [elyse, dragon, phalanx, bloodfangs, adrael])
}

/// The attack rolls `attacker` made, in order: (target, dice rolled).
fn attacks_by(g: &Battle, attacker: u16) -> Vec<(u16, usize)> {
    g.entries()
        .iter()
        .filter_map(|e| match &e.event {
            Event::AttackRolled {
                attacker: a,
                target,
                dice,
                ..
            } if *a == attacker => Some((*target, dice.len())),
            _ => None,
        })
        .collect()
}

/// A second Allarian Dragonrider, a card of one's own.
const SKY_WARDEN: &str = r#"[(
    id: "sky_warden",
    name: "Sky Warden",
    provisional: true,
    force: "Allaria",
    keywords: ["Allaria", "Hero", "Dragonrider"],
    points: 10,
    base_mm: 40,
    front: (health: 5, speed: 6, defense: gray, melee: (dice: "2xblack")),
)]"#;

/// A list of Allaria whose Sky Warden rides Ferellon Fulgen while Elyse
/// is the General; `edition` written in it or not.
fn the_warden_rides(edition: &str) -> String {
    format!(
        r#"(
    name: "Allaria: a rider who is not the General",
    force: "Allaria",
    game_size: 100,
    units: [
        (card: "elyse", general: true),
        (card: "sky_warden", mounted_on: Some("ferellon_fulgen")),
        (card: "ferellon_fulgen"),
        (card: "bladepath_warriors"),
    ],
    vaala: [],
    {edition}
)"#
    )
}

/// BoV starter, "General cards": "generals are the only units in the army
/// who are capable of mounting epic creatures"; "SELECT UNITS": "If you
/// include Epic Creatures to your army list and want to have your General
/// mounted, state on which one". A starter list mounting another Hero is
/// refused, naming the entry and the book; so is a list naming no edition
/// in a starter battle, which 5.1 plays.
#[test]
fn only_the_general_may_be_mounted_in_a_starter_list() {
    use valerna_bov::content::{FileKind, Source};
    let pack = pack()
        .with_units(&Source {
            file: "units/own.ron",
            kind: FileKind::Units,
            text: SKY_WARDEN,
        })
        .unwrap();
    let list = force_list::parse(&the_warden_rides("edition: starter,")).unwrap();
    let why: Vec<String> = force_list::validate(&pack, &list)
        .unwrap_err()
        .iter()
        .map(|v| v.to_string())
        .collect();
    assert!(
        why.iter().any(
            |w| w.contains("'sky_warden' rides a Mount but is not the General")
                && w.contains("BoV starter, \"General cards\"")
        ),
        "{why:?}"
    );
    let text = the_warden_rides("");
    let plain = force_list::parse(&text).unwrap();
    let five = force_list::validate(&pack, &plain).map(|_| ());
    assert!(five.is_ok(), "5.1 lets any Dragonrider ride: {five:?}");
    let setup = |edition| BattleSetup {
        edition,
        scenario: Scenario::SlayTheFoe,
        cards: Some(SKY_WARDEN.to_string()),
        ..BattleSetup::pitched(1, &text, &without_artifacts("tyveria_swarm"))
    };
    let pack = common::pack();
    assert!(Battle::start(&pack, &setup(Edition::V5_1)).is_ok());
    let e = Battle::start(&pack, &setup(Edition::Starter))
        .unwrap_err()
        .0;
    assert!(
        e.contains("seat 0: ") && e.contains("'sky_warden' rides a Mount but is not the General"),
        "{e}"
    );
}

/// BoV starter, "Generals mounted on an Epic Creature": "At the start of
/// the game ... attach it to the Epic Creature's card"; "moving together
/// at all times": no one mounts or dismounts during a starter battle, and
/// the General is not activated apart from its creature. 5.1 offers both.
#[test]
fn no_mount_or_dismount_is_offered_in_the_starter() {
    for edition in [Edition::Starter, Edition::V5_1] {
        let starter = edition == Edition::Starter;
        let (mut g, [elyse, dragon, ..]) = pair_facing_two(1, edition);
        assert_eq!(g.dismount_examples(elyse).is_empty(), starter);
        let at = g.dismount_examples(elyse);
        let positions = at
            .first()
            .cloned()
            .unwrap_or_else(|| vec![Point::new(24.0, 4.0)]);
        let refused = g.check_dismount(elyse, &positions);
        assert_eq!(refused.is_err(), starter, "{refused:?}");
        if starter {
            assert!(
                refused
                    .unwrap_err()
                    .0
                    .contains("move together at all times")
            );
        }
        assert_eq!(g.can_activate(0, elyse).is_err(), starter);
        // On foot in base contact with the creature: no offer to mount.
        g.units[usize::from(elyse)].mounted_on = None;
        let beside = 10.0 - radius(&g, dragon) - radius(&g, elyse);
        g.units[usize::from(elyse)].positions[0] = Point::new(24.0, beside);
        assert_eq!(g.mount_candidates(elyse).is_empty(), starter);
    }
}

/// BoV starter, "Generals mounted on an Epic Creature": "the General and
/// the Epic Creature will use the Epic Creature's Line of Sight and speed
/// ... When the Epic Creature attacks, you may use one of the General's
/// attacks and one of the Epic Creature's attacks ... Only 1 fatigue token
/// is placed, as usual." One activation of the creature makes both attacks
/// and places one fatigue counter, the pair's; then the turn passes (5.1's
/// rider and Mount activate one after the other).
#[test]
fn the_pair_activates_once_with_one_fatigue_for_both_attacks() {
    let (mut g, [elyse, dragon, phalanx, bloodfangs, _]) = pair_facing_two(2, Edition::Starter);
    g.phase = Phase::Turn { seat: 0 };
    g.apply(Decision::Activate { unit: dragon }).unwrap();
    settle_declining(&mut g);
    assert_eq!(
        g.phase,
        Phase::Action { unit: dragon },
        "no activation marker for the pair"
    );
    let mut buf = Vec::new();
    g.choices(&mut buf);
    let pair = Decision::PairAttack {
        target: phalanx,
        general_target: bloodfangs,
    };
    assert!(buf.contains(&pair), "{buf:?}");
    g.apply(pair).unwrap();
    settle_declining(&mut g);
    assert_eq!(attacks_by(&g, dragon).first().map(|a| a.0), Some(phalanx));
    assert_eq!(attacks_by(&g, elyse).first().map(|a| a.0), Some(bloodfangs));
    let fatigue = g.units[usize::from(dragon)].state.fatigue;
    assert_eq!(fatigue, 1, "one fatigue counter for the two attacks");
    assert_eq!(
        g.units[usize::from(elyse)].state.fatigue,
        fatigue,
        "the pair's one counter"
    );
    assert_eq!(g.phase, Phase::Turn { seat: 1 }, "the turn passes");
}

/// BoV starter, "Slowed": "At the end of this unit's activation, remove
/// one Slow marker", and "Generals mounted on an Epic Creature": the
/// General acts in its creature's activation, so a Slowed General riding
/// loses its marker when the pair's activation ends, as the creature does.
#[test]
fn the_general_s_markers_go_at_the_end_of_the_pair_s_activation() {
    use valerna_bov::rules::status::StatusKind;
    let (mut g, [elyse, dragon, phalanx, bloodfangs, _]) = pair_facing_two(2, Edition::Starter);
    for u in [elyse, dragon] {
        g.units[usize::from(u)]
            .state
            .status
            .add(StatusKind::Slowed, 1);
    }
    g.phase = Phase::Turn { seat: 0 };
    g.apply(Decision::Activate { unit: dragon }).unwrap();
    settle_declining(&mut g);
    g.apply(Decision::PairAttack {
        target: phalanx,
        general_target: bloodfangs,
    })
    .unwrap();
    settle_declining(&mut g);
    for u in [elyse, dragon] {
        assert_eq!(
            g.units[usize::from(u)].state.status.get(StatusKind::Slowed),
            0,
            "unit {u}"
        );
    }
}

/// BoV starter, "Generals mounted on an Epic Creature": "You must declare
/// the target for both attacks before resolving either": the decision names
/// both targets; the General's must be one the creature could attack
/// ("in range and Line of Sight of the Epic Creature"), checked before any
/// die is rolled; and both are told before the first roll.
#[test]
fn both_targets_are_declared_before_either_attack_is_rolled() {
    let (mut g, [elyse, dragon, phalanx, _, adrael]) = pair_facing_two(3, Edition::Starter);
    // Adrael, 16" away, is beyond the General's 12" range.
    activate(&mut g, dragon);
    let refused = g.validate(&Decision::PairAttack {
        target: phalanx,
        general_target: adrael,
    });
    assert!(
        refused
            .as_ref()
            .is_err_and(|e| e.0.starts_with("the General's attack")),
        "{refused:?}"
    );
    g.apply(Decision::PairAttack {
        target: phalanx,
        general_target: phalanx,
    })
    .unwrap();
    settle_declining(&mut g);
    let log = g.entries();
    let declared = log
        .iter()
        .position(|e| {
            matches!(
                e.event,
                Event::Decided {
                    decision: Decision::PairAttack { .. },
                    ..
                }
            )
        })
        .unwrap();
    let first_roll = log
        .iter()
        .position(|e| matches!(e.event, Event::AttackRolled { .. }))
        .unwrap();
    assert!(declared < first_roll);
    assert_eq!(attacks_by(&g, dragon)[0].0, phalanx);
    assert_eq!(
        attacks_by(&g, elyse)[0].0,
        phalanx,
        "the same target for both"
    );
}

/// BoV starter, "General cards": "their cards have two sides: a regular
/// side and a mounted side"; "flip the General's card to the side that
/// shows its mounted profile, not showing their Speed stat": while riding,
/// the General attacks with its mounted side (Elyse's ranged attack, 3
/// black dice mounted, 2 on foot), and the view names the side.
#[test]
fn the_mounted_side_s_stats_are_used() {
    let (mut g, [elyse, dragon, phalanx, bloodfangs, _]) = pair_facing_two(4, Edition::Starter);
    let card = g.card(elyse).clone();
    let mounted = card.mounted_profile().unwrap();
    assert_eq!(g.profile(elyse), mounted);
    assert_ne!(mounted.ranged, card.front.ranged);
    assert_eq!(g.profile(elyse).speed, 0, "no Speed on the mounted side");
    let view = g.view(0);
    let v = |u: u16| view.units.iter().find(|x| x.id == u).unwrap();
    assert!(v(elyse).mounted_side);
    assert_eq!(v(dragon).rider_card.as_deref(), Some("elyse"));
    activate(&mut g, dragon);
    g.apply(Decision::PairAttack {
        target: bloodfangs,
        general_target: phalanx,
    })
    .unwrap();
    settle_declining(&mut g);
    assert_eq!(
        attacks_by(&g, elyse)[0].1,
        3,
        "3 black dice, the mounted side's"
    );
    // In 5.1 the same Elyse rides on her one side.
    let (h, [elyse, ..]) = pair_facing_two(4, Edition::V5_1);
    assert_eq!(h.profile(elyse), &h.card(elyse).front);
}

/// BoV starter, "Activate power": "its action powers from its card or an
/// attached one (captain to troopers or mounted generals to epic
/// creatures)": the creature activates the General's Dawnfire from the
/// slot a Captain's power takes; the General has no power of its own card
/// to activate apart.
#[test]
fn the_pair_uses_the_general_s_action_powers() {
    let (mut g, [elyse, dragon, phalanx, ..]) = pair_facing_two(5, Edition::Starter);
    let lent: Vec<String> = g
        .powers_of(dragon)
        .filter(|(s, _)| *s >= CAPTAIN_POWER_SLOT && *s < 15)
        .map(|(_, p)| p.id.clone())
        .collect();
    assert_eq!(lent, ["dawnfire"]);
    assert!(
        g.powers_of(elyse).all(|(s, _)| s == 15),
        "only its Artifact's"
    );
    activate(&mut g, dragon);
    let mut buf = Vec::new();
    g.choices(&mut buf);
    let dawnfire = Decision::ActivatePower {
        power: CAPTAIN_POWER_SLOT,
        target: Some(phalanx),
    };
    assert!(buf.contains(&dawnfire), "{buf:?}");
    g.apply(dawnfire).unwrap();
    settle_declining(&mut g);
    let spent = g.units[usize::from(dragon)].state.ultimates_used;
    assert_ne!(
        spent & (1 << CAPTAIN_POWER_SLOT),
        0,
        "the Ultimate is spent"
    );
}

/// BoV starter, "Generals mounted on an Epic Creature": "Whenever hits are
/// applied to the mounted General, you may choose the mount to take all of
/// the hits instead (and roll defense, if applicable)": ranged hits too,
/// which 5.1 leaves on the rider ("hits from melee attacks").
#[test]
fn the_mount_may_take_any_hits_on_the_general() {
    let mut offered = [0, 0];
    for seed in 0..20 {
        for (k, edition) in [Edition::Starter, Edition::V5_1].into_iter().enumerate() {
            let (mut g, [elyse, dragon, .., adrael]) = pair_facing_two(seed, edition);
            // Adrael shoots Elyse from 12" (his range), out of contact.
            g.units[usize::from(adrael)].positions[0] =
                Point::new(24.0, 10.0 + radius(&g, dragon) + radius(&g, adrael) + 11.0);
            activate(&mut g, adrael);
            g.apply(Decision::Attack { target: elyse }).unwrap();
            while matches!(g.phase, Phase::Reaction { .. } | Phase::UpgradeToken { .. }) {
                let d = match g.phase {
                    Phase::Reaction { .. } => Decision::Reaction { reaction: None },
                    _ => Decision::UpgradeToken { spend: false },
                };
                g.apply(d).unwrap();
            }
            let Phase::Redirect { hero, candidates } = g.phase.clone() else {
                continue;
            };
            assert_eq!((hero, candidates), (elyse, vec![dragon]));
            offered[k] += 1;
            g.apply(Decision::Redirect { unit: Some(dragon) }).unwrap();
            settle_declining(&mut g);
            assert_eq!(g.units[usize::from(elyse)].state.wounds, 0);
        }
    }
    assert!(offered[0] > 0, "offered in the starter");
    assert_eq!(offered[1], 0, "5.1's Mount takes melee hits only");
}

/// BoV starter, "Generals mounted on an Epic Creature": "When one of the
/// units is killed, remove its miniature and card. The other unit remains
/// in place. Flip the General's card back to the Hero side if the Epic
/// Creature was killed." The General stands beside where its creature
/// stood (even when a melee attack killed it: 5.1 sets the rider against
/// the attacker), its Hero side in play, the wounds it carried kept.
#[test]
fn a_killed_creature_leaves_the_general_on_its_hero_side() {
    let mut seen = 0;
    for seed in 0..30 {
        let (mut g, [elyse, dragon, phalanx, ..]) = pair_facing_two(seed, Edition::Starter);
        // The Phalanx in base contact below the dragon.
        let below = 10.0 + radius(&g, dragon) + radius(&g, phalanx);
        g.units[usize::from(phalanx)].positions[0] = Point::new(24.0, below);
        g.units[usize::from(dragon)].state.injured = true;
        let health = g.profile(dragon).health;
        g.units[usize::from(dragon)].state.wounds = health - 1;
        g.units[usize::from(elyse)].state.wounds = 2;
        // Dawnfire, an Ultimate, spent through the dragon's card.
        g.units[usize::from(dragon)].state.ultimates_used = 1 << CAPTAIN_POWER_SLOT;
        let stood = g.units[usize::from(dragon)].model(0);
        activate(&mut g, phalanx);
        g.apply(Decision::Attack { target: dragon }).unwrap();
        settle_declining(&mut g);
        if g.units[usize::from(dragon)].alive() {
            continue;
        }
        let e = &g.units[usize::from(elyse)];
        assert!(e.alive() && e.mounted_on.is_none(), "seed {seed}");
        assert_eq!(
            g.profile(elyse),
            &g.card(elyse).front,
            "the Hero side again"
        );
        assert_eq!(e.state.wounds, 2, "its wounds carried");
        assert_eq!(
            e.state.ultimates_used, 1,
            "its Ultimate marker back on its card"
        );
        assert!(
            g.units[usize::from(elyse)].model(0).in_contact(&stood),
            "seed {seed}: in place"
        );
        assert!(
            g.entries()
                .iter()
                .any(|x| x.event == Event::HeroSideAgain { unit: elyse })
        );
        assert!(invariants::check(&g).is_ok());
        seen += 1;
    }
    assert!(seen > 0);
}

/// BoV starter, "Generals mounted on an Epic Creature": "When one of the
/// units is killed ... The other unit remains in place": the General
/// killed, the creature fights on, riderless, and is activated as before.
#[test]
fn a_killed_general_leaves_the_creature_fighting() {
    let mut seen = 0;
    for seed in 0..30 {
        let (mut g, [elyse, dragon, .., adrael]) = pair_facing_two(seed, Edition::Starter);
        g.units[usize::from(adrael)].positions[0] =
            Point::new(24.0, 10.0 + radius(&g, dragon) + radius(&g, adrael) + 11.0);
        g.units[usize::from(elyse)].state.wounds = g.profile(elyse).health - 1;
        activate(&mut g, adrael);
        g.apply(Decision::Attack { target: elyse }).unwrap();
        settle_declining(&mut g);
        if g.units[usize::from(elyse)].alive() {
            continue;
        }
        assert!(g.units[usize::from(dragon)].alive());
        assert!(g.attached_general(dragon).is_none());
        assert!(
            g.powers_of(dragon).all(|(s, _)| s < CAPTAIN_POWER_SLOT),
            "no lent power left"
        );
        g.units[usize::from(dragon)].state.fatigue = 0;
        assert!(g.can_activate(0, dragon).is_ok());
        seen += 1;
    }
    assert!(seen > 0);
}

/// BoV starter, "General's Aura of Command": "All models within 12" of
/// the general model (whether mounted or not)": measured from the
/// creature's base while the General rides.
#[test]
fn the_aura_of_command_is_measured_from_the_mount() {
    let (mut g, [elyse, dragon, ..]) = pair_facing_two(6, Edition::Starter);
    let fencers = unit_named(&g, "Dreamfencers");
    // 11" beyond the dragon's base edge, more than 12" from its centre.
    let y = 10.0 + radius(&g, dragon) + 11.0 + radius(&g, fencers);
    g.units[usize::from(fencers)].deployed = true;
    g.units[usize::from(fencers)].state.alive = valerna_bov::rules::state::ModelSet::first(1);
    g.units[usize::from(fencers)].positions[0] = Point::new(24.0, y);
    // Where Elyse's own model was left stands far off: it is not used.
    g.units[usize::from(elyse)].positions[0] = Point::new(1.0, 1.0);
    assert!(g.models_in_generals_aura(fencers).contains(0));
}

/// The greedy bots play starter battles of the Dragon Hosts to the end,
/// every invariant holding, and use the pair's two attacks.
#[test]
fn bots_play_mounted_generals() {
    let pack = pack();
    let mut pair_attacks = 0;
    for seed in 0..4 {
        let setup = BattleSetup {
            edition: Edition::Starter,
            scenario: Scenario::SlayTheFoe,
            ..BattleSetup::pitched(
                seed,
                &without_artifacts("allaria_dragon_host"),
                &without_artifacts("tyveria_dragon_host"),
            )
        };
        let mut g = Battle::start(&pack, &setup).unwrap();
        let mut bots = [GreedyBot::new(seed), GreedyBot::new(seed + 1)];
        let mut steps = 0;
        while let Some(seat) = g.to_decide() {
            assert!(steps < 20_000, "seed {seed}: no end");
            let d = bots[usize::from(seat.min(1))].decide(&g);
            assert!(
                !matches!(d, Decision::Mount { .. } | Decision::Dismount { .. }),
                "{d:?}"
            );
            pair_attacks += usize::from(matches!(d, Decision::PairAttack { .. }));
            g.apply(d).unwrap();
            invariants::check(&g).unwrap();
            steps += 1;
        }
        assert!(g.outcome().is_some());
    }
    assert!(pair_attacks > 0);
}

/// BoV starter, "Generals mounted on an Epic Creature": "When the Epic
/// Creature attacks, you may use one of the General's attacks ... You must
/// declare the target for both attacks before resolving either"; "Charge",
/// "Charge Attack": the attack comes after the charge move, "Upgraded".
/// Ferellon Fulgen charges the Ogerron Phalanx: once the move has engaged
/// it, and before either die is rolled, Elyse's target is asked for among
/// the units engaged with the dragon; both attacks are then rolled, the
/// dragon's first, each Upgraded by the charge. A Skirmish likewise asks
/// for her ranged target after the move. 5.1's rider never attacks in its
/// Mount's action.
#[test]
fn the_general_attacks_beside_its_creature_on_a_charge_and_a_skirmish() {
    let mut charged = 0;
    for seed in 0..6 {
        let (mut g, [elyse, dragon, phalanx, _, _]) = pair_facing_two(seed, Edition::Starter);
        activate(&mut g, dragon);
        g.apply(Decision::Charge { target: phalanx }).unwrap();
        common::decline_reactions(&mut g);
        if !g.last_charge.is_some_and(|c| c.engaged) {
            continue;
        }
        let Phase::PairAttack {
            mount,
            target,
            charge,
            candidates,
        } = g.phase.clone()
        else {
            panic!(
                "seed {seed}: the General's target is asked for: {:?}",
                g.phase
            )
        };
        assert_eq!((mount, target, charge), (dragon, phalanx, true));
        assert_eq!(candidates, vec![phalanx], "engaged with the dragon");
        assert!(attacks_by(&g, dragon).is_empty(), "no die rolled yet");
        assert!(
            g.validate(&Decision::PairAttack {
                target: phalanx,
                general_target: unit_named(&g, "Bloodfangs"),
            })
            .is_err()
        );
        g.apply(Decision::PairAttack {
            target: phalanx,
            general_target: phalanx,
        })
        .unwrap();
        settle_declining(&mut g);
        let rolls: Vec<(u16, Vec<_>)> = g
            .entries()
            .iter()
            .filter_map(|e| match &e.event {
                Event::AttackRolled {
                    attacker,
                    target,
                    modifiers,
                    ..
                } if *target == phalanx => Some((*attacker, modifiers.clone())),
                _ => None,
            })
            .collect();
        // A target the dragon destroyed is not attacked again.
        let expected = if g.units[usize::from(phalanx)].alive() || rolls.len() == 2 {
            vec![dragon, elyse]
        } else {
            vec![dragon]
        };
        assert_eq!(
            rolls.iter().map(|r| r.0).collect::<Vec<_>>(),
            expected,
            "seed {seed}"
        );
        for (_, m) in &rolls {
            assert!(m.contains(&valerna_bov::rules::modifiers::Modifier::Charge));
        }
        charged += 1;
    }
    assert!(charged > 0);

    let mut skirmished = 0;
    for seed in 0..6 {
        let (mut g, [elyse, dragon, _, bloodfangs, _]) = pair_facing_two(seed, Edition::Starter);
        // All three Bloodfangs, so that the dragon's shots leave some.
        let at = g.units[usize::from(dragon)].positions[0];
        let y = at.y + radius(&g, dragon) + 8.0;
        place(&mut g, |g| {
            vec![
                (dragon, vec![at]),
                (elyse, vec![at]),
                (bloodfangs, common::row(g, bloodfangs, 3, 27.0, y, 0.5)),
            ]
        });
        g.units[usize::from(elyse)].mounted_on = Some(dragon);
        activate(&mut g, dragon);
        g.apply(Decision::Skirmish {
            target: bloodfangs,
            paths: Vec::new(),
        })
        .unwrap();
        common::decline_reactions(&mut g);
        let Phase::PairAttack {
            charge, candidates, ..
        } = g.phase.clone()
        else {
            panic!("the General's ranged target is asked for: {:?}", g.phase)
        };
        assert!(
            !charge && candidates.contains(&bloodfangs),
            "{candidates:?}"
        );
        g.apply(Decision::PairAttack {
            target: bloodfangs,
            general_target: bloodfangs,
        })
        .unwrap();
        settle_declining(&mut g);
        // Elyse shoots, unless the dragon's shots destroyed the target.
        match attacks_by(&g, elyse).first() {
            Some(&(t, _)) => {
                assert_eq!(t, bloodfangs);
                skirmished += 1;
            }
            None => assert!(!g.units[usize::from(bloodfangs)].alive(), "seed {seed}"),
        }
    }
    assert!(skirmished > 0);

    // 5.1: the rider is no part of its Mount's Charge.
    let (mut g, [elyse, dragon, phalanx, _, _]) = pair_facing_two(0, Edition::V5_1);
    activate(&mut g, dragon);
    g.apply(Decision::Charge { target: phalanx }).unwrap();
    settle_declining(&mut g);
    assert!(attacks_by(&g, elyse).is_empty());
}
