//! Dragonriders (BoV 5.1, "Dragonriders"; "Reserves"; "Huge"; "Select
//! Units" > "Dragonriders") and the charge into a Flanking enemy ("Charge" >
//! "Charging a Flanking enemy").

use valerna_bov::battle::bots::{Bot as _, GreedyBot, SHIELD_MARGIN, SUPPORT};
use valerna_bov::battle::{Battle, BattleSetup, Decision, Phase, Reaction, Window};
use valerna_bov::geometry::{Point, Sightlines, TerrainKind, TerrainPiece, UnitId, engaged_models};
use valerna_bov::rules::powers::Trigger;
use valerna_bov::rules::scenario::Scenario;
use valerna_game::Game;

mod common;
use common::{
    activate, check_charge_waits, check_march_as_one, decline_reactions, deployed, pack, place,
    place_on, radius, row, settle_declining, unit_named,
};

/// Elyse (a Dragonrider Hero, base 40 mm, ranged 12") and Ferellon Fulgen
/// (Mount, Huge, base 120 mm) of the Allarian Dragon Host, not bonded (so
/// that one may fall without the other), with the Ogerron Phalanx of the
/// Tyverian Dragon Host.
fn host(seed: u64) -> (Battle, u16, u16) {
    let mut g = deployed(seed, "allaria_dragon_host", "tyveria_dragon_host");
    let elyse = unit_named(&g, "Elyse");
    let dragon = unit_named(&g, "Ferellon Fulgen");
    g.units[usize::from(elyse)].bonded = None;
    g.units[usize::from(dragon)].bonded = None;
    (g, elyse, dragon)
}

/// The pair at `at` with Elyse riding, and `others` placed as given.
fn ride_at(g: &mut Battle, elyse: u16, dragon: u16, at: Point, others: Vec<(u16, Vec<Point>)>) {
    place(g, |_| {
        let mut keep = vec![(dragon, vec![at]), (elyse, vec![at])];
        keep.extend(others);
        keep
    });
    g.units[usize::from(elyse)].mounted_on = Some(dragon);
}

/// "Select Units" > "Dragonriders": "If one of your Dragonriders starts the
/// game already mounted on a Mount, write this down on your Force list";
/// "Heroes may also start the game already mounted". The rider is deployed
/// with its Mount, as one unit: its models never stand on their own.
#[test]
fn a_rider_that_starts_mounted_deploys_with_its_mount() {
    let g = deployed(3, "allaria_dragon_host", "tyveria_dragon_host");
    for (rider, mount) in [("Elyse", "Ferellon Fulgen"), ("Adrael", "Nagasha Magnifex")] {
        let (r, m) = (unit_named(&g, rider), unit_named(&g, mount));
        let u = &g.units[usize::from(r)];
        assert_eq!(u.mounted_on, Some(m), "{rider}");
        assert!(u.deployed && g.units[usize::from(m)].deployed);
        assert!(
            g.snapshot().of_unit(r).is_empty(),
            "no model of {rider} on the table"
        );
        assert_eq!(g.body(r), m);
        assert_eq!(g.view(0).units[usize::from(r)].mounted_on, Some(m));
    }
    // Deployment never asks for the rider on its own.
    let mut g = Battle::start(
        &pack(),
        &BattleSetup::pitched(3, "allaria_dragon_host", "tyveria_dragon_host"),
    )
    .unwrap();
    let elyse = unit_named(&g, "Elyse");
    let mut buf = Vec::new();
    while !matches!(g.phase, Phase::Deploy { .. }) {
        g.choices(&mut buf);
        g.apply(buf[0].clone()).unwrap();
    }
    let seat = g.units[usize::from(elyse)].owner;
    while !g.units[usize::from(elyse)].deployed {
        g.choices(&mut buf);
        if matches!(g.phase, Phase::Deploy { seat: s } if s == seat) {
            assert!(
                !buf.iter()
                    .any(|d| matches!(d, Decision::Deploy { unit, .. } if *unit == elyse))
            );
            let e = g
                .validate(&Decision::Deploy {
                    unit: elyse,
                    positions: vec![Point::new(24.0, 2.0)],
                })
                .unwrap_err();
            assert!(e.to_string().contains("deployed with it"), "{e}");
        }
        g.apply(buf[0].clone()).unwrap();
    }
    assert!(g.units[usize::from(elyse)].mounted_on.is_some());
}

/// BoV 5.1, "Reserves": "Dragonriders that start the game mounted and their
/// mount count as a single unit for this purpose". A force of six units,
/// one a rider on its Mount, counts five: with the pair and one more down
/// (two of five), it may not stop deploying yet; one more and it may.
#[test]
fn a_mounted_pair_counts_as_one_unit_for_reserves() {
    let six = r#"(
        name: "Six", force: "Allaria", game_size: 100,
        units: [
            (card: "elyse", general: true, mounted_on: Some("ferellon_fulgen")),
            (card: "ferellon_fulgen"),
            (card: "dreamfencers"),
            (card: "guild_enforcers"),
            (card: "bladepath_warriors"),
            (card: "oathguard_commander"),
        ],
    )"#;
    let mut g = Battle::start(
        &pack(),
        &BattleSetup::pitched(1, six, "tyveria_dragon_host"),
    )
    .unwrap();
    let mut buf = Vec::new();
    while !matches!(g.phase, Phase::Deploy { .. }) {
        g.choices(&mut buf);
        g.apply(buf[0].clone()).unwrap();
    }
    let ids: Vec<u16> = [
        "Elyse",
        "Ferellon Fulgen",
        "Dreamfencers",
        "Guild Enforcers",
    ]
    .iter()
    .map(|n| unit_named(&g, n))
    .collect();
    let seat = g.units[usize::from(ids[0])].owner;
    g.phase = Phase::Deploy { seat };
    for &u in &ids[..3] {
        g.units[usize::from(u)].deployed = true;
    }
    let e = g.validate(&Decision::Reserve).unwrap_err();
    assert!(e.to_string().contains("half"), "{e}");
    g.units[usize::from(ids[3])].deployed = true;
    g.validate(&Decision::Reserve).unwrap();
}

/// BoV 5.1, "Reserves" with "Dragonriders": the pair in Reserve enters as
/// one, when the Mount enters; the rider is not activated to enter alone.
#[test]
fn a_mounted_pair_enters_from_reserve_with_its_mount() {
    let (mut g, elyse, dragon) = host(2);
    for u in [elyse, dragon] {
        let u = &mut g.units[usize::from(u)];
        u.deployed = false;
        u.reserve = true;
    }
    let seat = g.units[usize::from(elyse)].owner;
    g.round = 2;
    g.passed = [false, false];
    g.phase = Phase::Turn { seat };
    let e = g.validate(&Decision::Activate { unit: elyse }).unwrap_err();
    assert!(e.to_string().contains("enters from Reserve with it"), "{e}");
    g.apply(Decision::Activate { unit: dragon }).unwrap();
    assert_eq!(g.phase, Phase::Reserve { unit: dragon });
    let mut buf = Vec::new();
    g.choices(&mut buf);
    let enter = buf
        .iter()
        .find(|d| matches!(d, Decision::Enter { .. }))
        .cloned()
        .expect("an entry");
    g.apply(enter).unwrap();
    assert!(g.units[usize::from(dragon)].alive());
    assert!(
        g.units[usize::from(elyse)].alive(),
        "the rider came in with its Mount"
    );
    assert_eq!(g.units[usize::from(elyse)].mounted_on, Some(dragon));
}

/// BoV 5.1, "Dragonriders" > "Mounting/Dismounting": "If the Hero is not
/// mounted and ends its activation in base contact with a unit with the
/// Mount keyword, and both the Mount and the Hero are not engaged, the
/// Hero may freely mount." Then it stands where its Mount stands.
#[test]
fn a_rider_mounts_at_the_end_of_its_activation_in_base_contact() {
    let (mut g, elyse, dragon) = host(4);
    let phalanx = unit_named(&g, "Ogerron Phalanx");
    let touch = 20.0 + radius(&g, dragon) + radius(&g, elyse);
    place(&mut g, |g| {
        vec![
            (dragon, vec![Point::new(20.0, 10.0)]),
            (elyse, vec![Point::new(touch, 10.0)]),
            (phalanx, row(g, phalanx, 3, 10.0, 30.0, 0.5)),
        ]
    });
    activate(&mut g, elyse);
    g.apply(Decision::March { paths: Vec::new() }).unwrap();
    decline_reactions(&mut g);
    let Phase::Mount { rider, candidates } = g.phase.clone() else {
        panic!("{:?}", g.phase)
    };
    assert_eq!((rider, candidates), (elyse, vec![dragon]));
    assert!(
        g.validate(&Decision::Mount {
            mount: Some(phalanx)
        })
        .is_err()
    );
    g.apply(Decision::Mount {
        mount: Some(dragon),
    })
    .unwrap();
    assert_eq!(g.units[usize::from(elyse)].mounted_on, Some(dragon));
    assert!(g.snapshot().of_unit(elyse).is_empty());
    assert_eq!(g.distance(elyse, phalanx), g.distance(dragon, phalanx));
    assert_eq!(g.centre_of(elyse), Point::new(20.0, 10.0));

    // Not in contact, or an enemy engaging the Mount: no mount.
    let (mut g, elyse, dragon) = host(4);
    place(&mut g, |g| {
        vec![
            (dragon, vec![Point::new(20.0, 10.0)]),
            (elyse, vec![Point::new(touch + 0.5, 10.0)]),
            (phalanx, row(g, phalanx, 3, 10.0, 30.0, 0.5)),
        ]
    });
    assert!(g.mount_candidates(elyse).is_empty());
    let (mut g, elyse, dragon) = host(4);
    let below = 10.0 - radius(&g, dragon) - radius(&g, phalanx);
    place(&mut g, |_| {
        vec![
            (dragon, vec![Point::new(20.0, 10.0)]),
            (elyse, vec![Point::new(touch, 10.0)]),
            (phalanx, vec![Point::new(20.0, below)]),
        ]
    });
    assert!(g.mount_candidates(elyse).is_empty(), "the Mount is engaged");
}

/// BoV 5.1, "Dragonriders" > "Mounting/Dismounting": "If the Hero is
/// mounted at the start of its activation, and the Mount is not engaged,
/// the Hero may freely dismount, placing the Hero model in base contact
/// with the Mount. The Hero may then proceed with its activation as
/// normal." "A Hero cannot voluntarily mount and dismount in the same
/// activation."
#[test]
fn a_rider_dismounts_at_the_start_of_its_activation_and_acts() {
    let (mut g, elyse, dragon) = host(5);
    let phalanx = unit_named(&g, "Ogerron Phalanx");
    let far = row(&g, phalanx, 3, 10.0, 30.0, 0.5);
    ride_at(
        &mut g,
        elyse,
        dragon,
        Point::new(20.0, 10.0),
        vec![(phalanx, far)],
    );
    activate(&mut g, elyse);
    let mut buf = Vec::new();
    g.choices(&mut buf);
    let Some(Decision::Dismount { positions }) = buf
        .iter()
        .find(|d| matches!(d, Decision::Dismount { .. }))
        .cloned()
    else {
        panic!("no dismount offered: {buf:?}")
    };
    // Not in base contact with the Mount: refused.
    let e = g
        .validate(&Decision::Dismount {
            positions: vec![Point::new(30.0, 10.0)],
        })
        .unwrap_err();
    assert!(e.to_string().contains("base contact"), "{e}");
    // On the Mount's base: refused.
    assert!(
        g.validate(&Decision::Dismount {
            positions: vec![Point::new(20.0, 10.0)],
        })
        .is_err()
    );
    g.apply(Decision::Dismount {
        positions: positions.clone(),
    })
    .unwrap();
    assert_eq!(g.units[usize::from(elyse)].mounted_on, None);
    let m = g.snapshot().of_unit(elyse);
    let d = g.snapshot().of_unit(dragon);
    assert!(m[0].in_contact(&d[0]) && !m[0].overlaps(&d[0]));
    // The activation goes on, and ends without a mount.
    assert_eq!(g.phase, Phase::Action { unit: elyse });
    assert!(g.mount_candidates(elyse).is_empty());
    g.apply(Decision::March { paths: Vec::new() }).unwrap();
    decline_reactions(&mut g);
    assert!(!matches!(g.phase, Phase::Mount { .. }), "{:?}", g.phase);

    // A Mount engaged: no dismount.
    let (mut g, elyse, dragon) = host(5);
    let below = 10.0 - radius(&g, dragon) - radius(&g, phalanx);
    ride_at(
        &mut g,
        elyse,
        dragon,
        Point::new(20.0, 10.0),
        vec![(phalanx, vec![Point::new(20.0, below)])],
    );
    activate(&mut g, elyse);
    g.choices(&mut buf);
    assert!(!buf.iter().any(|d| matches!(d, Decision::Dismount { .. })));
    let e = g
        .validate(&Decision::Dismount {
            positions: vec![Point::new(
                20.0 + radius(&g, dragon) + radius(&g, elyse),
                10.0,
            )],
        })
        .unwrap_err();
    assert!(e.to_string().contains("engaged"), "{e}");
}

/// BoV 5.1, "Dragonriders": a mounted rider "counts as being in the same
/// location as its Mount": it does not march or charge on its own.
#[test]
fn a_mounted_rider_moves_only_with_its_mount() {
    let (mut g, elyse, dragon) = host(6);
    let phalanx = unit_named(&g, "Ogerron Phalanx");
    let near = row(&g, phalanx, 3, 14.0, 20.0, 0.5);
    ride_at(
        &mut g,
        elyse,
        dragon,
        Point::new(20.0, 10.0),
        vec![(phalanx, near)],
    );
    activate(&mut g, elyse);
    let e = g
        .validate(&Decision::Charge { target: phalanx })
        .unwrap_err();
    assert!(e.to_string().contains("dismount first"), "{e}");
    let e = g
        .validate(&Decision::March {
            paths: vec![(0, vec![Point::new(20.0, 12.0)])],
        })
        .unwrap_err();
    assert!(e.to_string().contains("dismount first"), "{e}");
    g.validate(&Decision::March { paths: Vec::new() }).unwrap();
    // The Mount charges, and its rider is engaged with it.
    activate(&mut g, dragon);
    g.validate(&Decision::Charge { target: phalanx }).unwrap();
}

/// BoV 5.1, "Dragonriders": "Measure ranges and lines of sight to/from the
/// Hero from the Mount's base"; "Huge": "When working out line of sight
/// to/from this unit (or its rider), ignore units that don't have the Huge
/// keyword". A row of Bloodfangs between Elyse and the Phalanx hides the
/// Phalanx from her on foot; on Ferellon Fulgen (Huge) she sees over them,
/// and her 12" range is measured from the dragon's base.
#[test]
fn a_mounted_rider_measures_and_sees_from_its_huge_mount() {
    let (mut g, elyse, dragon) = host(7);
    let phalanx = unit_named(&g, "Ogerron Phalanx");
    let fangs = unit_named(&g, "Bloodfangs");
    let wall = {
        let w = row(&g, fangs, 7, 0.0, 0.0, 0.0);
        let span = w[6].x;
        w.into_iter()
            .map(|p| Point::new(p.x + 24.0 - span / 2.0, 15.0))
            .collect::<Vec<_>>()
    };
    let screen = || wall.clone();
    let target = vec![Point::new(24.0, 20.0)];
    // On foot at the same place as the dragon's centre: hidden.
    let (screen_pts, target_pts) = (screen(), target.clone());
    place(&mut g, |_| {
        vec![
            (elyse, vec![Point::new(24.0, 8.0)]),
            (fangs, screen_pts),
            (phalanx, target_pts),
        ]
    });
    let snap = g.snapshot();
    let sight = Sightlines::new(&g.field, &snap.models);
    assert!(
        !sight.unit_sees(UnitId(elyse), UnitId(phalanx)),
        "the screen must hide the Phalanx from Elyse on foot"
    );
    assert!(g.check_attack(elyse, phalanx).is_err());
    // Mounted: the dragon's base, Huge, sees over the screen.
    let (screen_pts, target_pts) = (screen(), target.clone());
    ride_at(
        &mut g,
        elyse,
        dragon,
        Point::new(24.0, 8.0),
        vec![(fangs, screen_pts), (phalanx, target_pts)],
    );
    g.check_attack(elyse, phalanx).unwrap();
    let snap = g.snapshot();
    let sight = Sightlines::new(&g.field, &snap.models);
    assert_eq!(g.ranged_models(&snap, &sight, elyse, phalanx), 1);
    // 12" from the dragon's edge, not from where Elyse's own model was left.
    let edge = 8.0 + radius(&g, dragon);
    let beyond = vec![Point::new(24.0, edge + 12.5 + radius(&g, phalanx))];
    ride_at(
        &mut g,
        elyse,
        dragon,
        Point::new(24.0, 8.0),
        vec![(phalanx, beyond)],
    );
    g.units[usize::from(elyse)].positions[0] = Point::new(24.0, 30.0);
    assert!(g.check_attack(elyse, phalanx).is_err(), "out of range");
}

/// BoV 5.1, "Dragonriders": "They count as a single unit for the purpose of
/// Flanking"; "enemy units in base contact with the Mount can attack either
/// the Hero or the Mount (or indeed split their attacks between the two)";
/// ranged attacks may target either "that have line of sight to the Mount".
#[test]
fn enemies_choose_the_rider_or_the_mount_and_may_split_melee() {
    let (mut g, elyse, dragon) = host(8);
    let phalanx = unit_named(&g, "Ogerron Phalanx");
    let adrael = unit_named(&g, "Adrael");
    let below = 10.0 - radius(&g, dragon) - radius(&g, phalanx);
    ride_at(
        &mut g,
        elyse,
        dragon,
        Point::new(20.0, 10.0),
        vec![
            (phalanx, vec![Point::new(20.0, below)]),
            (adrael, vec![Point::new(20.0, 22.0)]),
        ],
    );
    g.units[usize::from(adrael)].mounted_on = None;
    let snap = g.snapshot();
    let mut engaged = g.engaged_with(&snap, phalanx);
    engaged.sort_unstable();
    let mut pair = vec![elyse, dragon];
    pair.sort_unstable();
    assert_eq!(engaged, pair, "the Phalanx is engaged with both");
    assert!(
        !g.flanked(&snap, phalanx),
        "a rider and its Mount flank as one"
    );
    assert!(!g.flanked(&snap, elyse) && !g.flanked(&snap, dragon));
    activate(&mut g, phalanx);
    g.validate(&Decision::Attack { target: elyse }).unwrap();
    g.validate(&Decision::Attack { target: dragon }).unwrap();
    g.validate(&Decision::FlankedAttack {
        targets: vec![(0, elyse)],
    })
    .unwrap();
    assert_eq!(
        g.check_flanked_attack(phalanx, &[(0, dragon)]).unwrap(),
        vec![(dragon, 1)]
    );
    // A ranged attack on the rider: sight of the Mount is enough.
    activate(&mut g, adrael);
    g.units[usize::from(phalanx)].deployed = false;
    g.validate(&Decision::Attack { target: elyse }).unwrap();
    // A second enemy unit on the Mount: the pair is Flanked.
    let (mut g, elyse, dragon) = host(8);
    let fangs = unit_named(&g, "Bloodfangs");
    let above = 10.0 + radius(&g, dragon) + radius(&g, fangs);
    ride_at(
        &mut g,
        elyse,
        dragon,
        Point::new(20.0, 10.0),
        vec![
            (phalanx, vec![Point::new(20.0, below)]),
            (fangs, vec![Point::new(20.0, above)]),
        ],
    );
    let snap = g.snapshot();
    assert!(g.flanked(&snap, elyse) && g.flanked(&snap, dragon));
}

/// Elyse riding her Dragon at (20, 10) with the Ogerron Phalanx in base
/// contact below: the battle, Elyse, the Dragon and the Phalanx.
fn rider_over_the_phalanx(seed: u64) -> (Battle, u16, u16, u16) {
    let (mut g, elyse, dragon) = host(seed);
    let phalanx = unit_named(&g, "Ogerron Phalanx");
    let below = 10.0 - radius(&g, dragon) - radius(&g, phalanx);
    ride_at(
        &mut g,
        elyse,
        dragon,
        Point::new(20.0, 10.0),
        vec![(phalanx, vec![Point::new(20.0, below)])],
    );
    (g, elyse, dragon, phalanx)
}

/// [`rider_over_the_phalanx`], the Phalanx's melee attack on Elyse made and
/// every reaction declined.
fn phalanx_strikes_the_rider(seed: u64) -> (Battle, u16, u16) {
    let (mut g, elyse, dragon, phalanx) = rider_over_the_phalanx(seed);
    activate(&mut g, phalanx);
    g.apply(Decision::Attack { target: elyse }).unwrap();
    while matches!(g.phase, Phase::Reaction { .. }) {
        g.apply(Decision::Reaction { reaction: None }).unwrap();
    }
    (g, elyse, dragon)
}

/// BoV 5.1, "Dragonriders": "Whenever hits from melee attacks are dealt to
/// the mounted Hero, you may choose to have the Mount take all of the melee
/// hits instead (and roll defense, if applicable)."
#[test]
fn the_mount_may_take_the_melee_hits_on_its_rider() {
    let mut offered = 0;
    for seed in 0..12 {
        let (mut g, elyse, dragon) = phalanx_strikes_the_rider(seed);
        let Phase::Redirect { hero, candidates } = g.phase.clone() else {
            continue;
        };
        assert_eq!((hero, candidates), (elyse, vec![dragon]));
        g.apply(Decision::Redirect { unit: Some(dragon) }).unwrap();
        settle_declining(&mut g);
        assert_eq!(g.units[usize::from(elyse)].state.wounds, 0);
        offered += 1;
    }
    assert!(offered > 0);
}

/// The greedy bot lets a bonded Mount take melee hits that would defeat its
/// rider ("you may choose to have the Mount take all of the melee hits
/// instead", BoV 5.1, "Dragonriders"), since the rider's fall would take
/// the Mount too ("if either of them is defeated, both of them are
/// immediately removed", "The Dragonbond"): when the hits reach the rider's
/// Health left with `SHIELD_MARGIN` to spare for its defense dice, and not
/// otherwise, in every scenario.
#[test]
fn the_greedy_mount_takes_hits_that_would_defeat_its_bonded_rider() {
    let mut asked = 0;
    for seed in 0..100 {
        let (mut g, elyse, dragon) = phalanx_strikes_the_rider(seed);
        if !matches!(g.phase, Phase::Redirect { .. }) {
            continue;
        }
        let (unit, standard, critical) = g.pending_hits().unwrap();
        assert_eq!(unit, elyse);
        let hits = standard + critical;
        let health = u32::from(g.profile(elyse).health);
        if hits <= SHIELD_MARGIN || hits >= u32::from(g.profile(dragon).health) {
            continue;
        }
        // A rider worth little on her own: by points per wound she takes
        // her hits herself.
        g.units[usize::from(elyse)].value = 1;
        let greedy = |g: &Battle| GreedyBot::new(seed).decide(g);
        let at_risk = (hits - SHIELD_MARGIN).min(health);
        g.units[usize::from(elyse)].state.wounds = (health - at_risk) as u8;
        assert_eq!(greedy(&g), Decision::Redirect { unit: None }, "not bonded");
        g.units[usize::from(elyse)].bonded = Some(dragon);
        g.units[usize::from(dragon)].bonded = Some(elyse);
        for scenario in [Scenario::PitchedBattle, Scenario::SlayTheFoe] {
            g.setup.scenario = scenario;
            assert_eq!(
                greedy(&g),
                Decision::Redirect { unit: Some(dragon) },
                "{scenario:?}"
            );
        }
        // One more wound left to her: the hits might not defeat her.
        if at_risk < health {
            g.units[usize::from(elyse)].state.wounds -= 1;
            assert_eq!(greedy(&g), Decision::Redirect { unit: None });
        }
        asked += 1;
    }
    assert!(asked > 0, "no seed dealt enough hits");
}

/// The greedy bot advances as one in every scenario: a fast unit
/// (Nagasha Magnifex, Speed 10, flying) goes no closer to the nearest enemy
/// than the second slowest of its friends will stand after its own march,
/// whether it marches on that enemy or toward an objective beside it. In
/// "Slay the Foe!", where only defeated units score, Nagasha reached the
/// Guild Line alone in the first round and fell with Adrael.
#[test]
fn the_greedy_bot_keeps_a_fast_unit_with_its_force() {
    for (scenario, objective) in [
        (Scenario::SlayTheFoe, None),
        (Scenario::PitchedBattle, None),
        (Scenario::PitchedBattle, Some(Point::new(28.0, 28.0))),
    ] {
        // A march on the enemy stops where the force will stand; one
        // toward an objective is cut short by centre distances.
        let slack = if objective.is_some() { 1.0 } else { 0.5 };
        check_march_as_one(scenario, objective, slack, |g| GreedyBot::new(5).decide(g));
    }
}

/// A charge is part of the advance: the greedy bot does not charge with a
/// unit whose force stands farther than `SUPPORT` from the enemy after its
/// next marches, and does when the force is that near. Nagasha is within
/// her charge reach of the Guild Enforcers in both cases.
#[test]
fn the_greedy_bot_charges_only_with_its_force_near() {
    for (friends_y, supported) in [(3.0, false), (27.0, true)] {
        let stands = check_charge_waits(friends_y, supported, |g| GreedyBot::new(5).decide(g));
        assert_eq!(stands <= SUPPORT, supported);
    }
}

/// BoV 5.1, "Dragonriders": a mounted rider moves only with its Mount, so
/// the greedy bot does not spend Wind Step (3" of Speed this activation)
/// at the start of the rider's activation, and does at the start of a unit
/// that marches on its own.
#[test]
fn the_greedy_bot_lends_no_speed_to_a_rider() {
    let (mut g, elyse, dragon) = host(3);
    let enforcers = unit_named(&g, "Guild Enforcers");
    let line = row(&g, enforcers, 6, 30.0, 5.0, 0.5);
    ride_at(
        &mut g,
        elyse,
        dragon,
        Point::new(20.0, 10.0),
        vec![(enforcers, line)],
    );
    let seat = g.units[usize::from(elyse)].owner;
    for (unit, plays) in [(elyse, false), (enforcers, true)] {
        let window = Window {
            trigger: Trigger::StartOfActivation,
            subjects: vec![unit],
            actor: None,
        };
        let options = g.reaction_options(&window, seat, false);
        let wind_step = Reaction::Vaala {
            card: "wind_step".into(),
            caster: None,
            target: None,
        };
        assert!(options.contains(&wind_step), "{options:?}");
        g.phase = Phase::Reaction {
            seat,
            window,
            options,
        };
        let d = GreedyBot::new(3).decide(&g);
        assert_eq!(
            d == (Decision::Reaction {
                reaction: Some(wind_step)
            }),
            plays,
            "{d:?}"
        );
    }
}

/// BoV 5.1, "Dragonriders": "If the Mount is defeated by a ranged attack,
/// simply dismount the Hero as described above and then remove the Mount
/// model. If the Mount is defeated by a melee attack, remove the Mount model
/// and place the Hero model back into base contact with the unit that
/// defeated the Mount." "If the Hero is defeated, the mount continues to
/// fight as normal."
#[test]
fn a_fallen_mount_sets_its_rider_down() {
    let mut by_melee = 0;
    let mut by_ranged = 0;
    for seed in 0..30 {
        for melee in [true, false] {
            let (mut g, elyse, dragon) = host(seed);
            let phalanx = unit_named(&g, "Ogerron Phalanx");
            let adrael = unit_named(&g, "Adrael");
            let below = 10.0 - radius(&g, dragon) - radius(&g, phalanx);
            let (attacker, at) = if melee {
                (phalanx, Point::new(20.0, below))
            } else {
                (adrael, Point::new(20.0, 20.0))
            };
            ride_at(
                &mut g,
                elyse,
                dragon,
                Point::new(20.0, 10.0),
                vec![(attacker, vec![at])],
            );
            g.units[usize::from(dragon)].state.injured = true;
            let health = g.profile(dragon).health;
            g.units[usize::from(dragon)].state.wounds = health - 1;
            activate(&mut g, attacker);
            g.apply(Decision::Attack { target: dragon }).unwrap();
            settle_declining(&mut g);
            if g.units[usize::from(dragon)].alive() {
                continue;
            }
            let e = &g.units[usize::from(elyse)];
            assert!(e.alive() && e.mounted_on.is_none(), "seed {seed}");
            let snap = g.snapshot();
            let hero = snap.of_unit(elyse);
            assert_eq!(hero.len(), 1);
            assert!(
                snap.models
                    .iter()
                    .all(|m| !m.overlaps(&hero[0]) || m.unit == UnitId(elyse))
            );
            if melee {
                let foe = snap.of_unit(phalanx);
                assert!(
                    engaged_models(&hero, &foe)[0],
                    "seed {seed}: in base contact with the unit that defeated the Mount"
                );
                by_melee += 1;
            } else {
                let d = g.units[usize::from(dragon)].model(0);
                assert!(
                    hero[0].in_contact(&d),
                    "seed {seed}: beside where the Mount stood"
                );
                by_ranged += 1;
            }
        }
    }
    assert!(by_melee > 0 && by_ranged > 0, "{by_melee} {by_ranged}");
    // The rider falls, the Mount fights on, riderless.
    let mut defeated = false;
    for seed in 0..30 {
        let (mut h, elyse, dragon, phalanx) = rider_over_the_phalanx(seed);
        h.units[usize::from(elyse)].state.wounds = h.profile(elyse).health - 1;
        activate(&mut h, phalanx);
        h.apply(Decision::Attack { target: elyse }).unwrap();
        settle_declining(&mut h);
        if h.units[usize::from(elyse)].alive() {
            continue;
        }
        assert!(h.units[usize::from(dragon)].alive());
        assert!(h.riders_of(dragon).is_empty());
        defeated = true;
        break;
    }
    assert!(defeated);
}

/// BoV 5.1, "Simultaneous Activation": "At the start of either the rider or
/// the Mount's activation, you may place an activation marker on one of
/// them. After you have resolved its action, you must immediately remove
/// the activation marker and activate the other unit. (Do not place an
/// activation marker during the second activation)." And "As long as a
/// Hero is mounted on a Mount, they cannot use their Command keyword."
#[test]
fn a_rider_and_its_mount_activate_one_after_the_other() {
    let (mut g, elyse, dragon) = host(9);
    let phalanx = unit_named(&g, "Ogerron Phalanx");
    let far = row(&g, phalanx, 3, 10.0, 30.0, 0.5);
    ride_at(
        &mut g,
        elyse,
        dragon,
        Point::new(20.0, 10.0),
        vec![(phalanx, far)],
    );
    let seat = g.units[usize::from(elyse)].owner;
    for u in &mut g.units {
        u.state.fatigue = 0;
    }
    g.passed = [false, false];
    g.phase = Phase::Turn { seat };
    g.apply(Decision::Activate { unit: elyse }).unwrap();
    let Phase::Command { hero, candidates } = g.phase.clone() else {
        panic!("{:?}", g.phase)
    };
    assert_eq!((hero, candidates), (elyse, vec![dragon]));
    g.apply(Decision::Command { unit: Some(dragon) }).unwrap();
    decline_reactions(&mut g);
    assert_eq!(g.phase, Phase::Action { unit: elyse });
    g.apply(Decision::March { paths: Vec::new() }).unwrap();
    // The Mount's activation follows at once, with no marker offered.
    loop {
        match g.phase {
            Phase::Reaction { .. } => g.apply(Decision::Reaction { reaction: None }).unwrap(),
            Phase::Command { .. } => panic!("no marker in the second activation"),
            _ => break,
        }
    }
    assert_eq!(g.phase, Phase::Action { unit: dragon });
    assert_eq!(g.units[usize::from(dragon)].state.fatigue, 1);
    // Adrael rides Nagasha: his Command Infantry is not used.
    let g = deployed(9, "allaria_dragon_host", "tyveria_dragon_host");
    let adrael = unit_named(&g, "Adrael");
    assert!(g.units[usize::from(adrael)].mounted_on.is_some());
    assert!(g.command_candidates_near(adrael).is_empty());
    assert!(g.redirect_candidates(adrael, &[]).is_empty());
}

/// BoV 5.1, "Charge" > "Charging a Flanking enemy" (Fig. 12.1): "Any models
/// in the unit you charged, or in the unit they were flanking, that are no
/// longer in contact with any enemy models because of this separation must
/// immediately be moved to engage enemy models in the unit they are engaged
/// with." The Dreamfencers (B) are flanked by the Ogerron Warchief (A) at
/// one end and Adrael (C) at the other; Eldai Alarn charges the Warchief
/// from below, who is moved apart; the Dreamfencer that touched only him
/// piles in against Adrael.
#[test]
fn charging_a_flanking_enemy_piles_in_the_flanked_unit_too() {
    let mut checked = 0;
    for seed in 0..6 {
        let mut g = deployed(seed, "allaria_guild_line", "tyveria_swarm");
        let b = unit_named(&g, "Dreamfencers");
        let a = unit_named(&g, "Ogerron Warchief");
        let c = unit_named(&g, "Adrael");
        let d = unit_named(&g, "Eldai Alarn");
        let line = row(&g, b, 5, 10.0, 10.0, 0.0);
        let (first, last) = (line[0], line[4]);
        let ra = radius(&g, b) + radius(&g, a);
        let rc = radius(&g, b) + radius(&g, c);
        let a_at = Point::new(first.x - ra, first.y);
        let chargers = vec![Point::new(a_at.x, a_at.y - 4.0)];
        place(&mut g, |_| {
            vec![
                (b, line),
                (a, vec![a_at]),
                (c, vec![Point::new(last.x + rc, last.y)]),
                (d, chargers),
            ]
        });
        let snap = g.snapshot();
        assert!(g.flanked(&snap, b));
        let before = g.units[usize::from(b)].positions[0];
        activate(&mut g, d);
        g.apply(Decision::Charge { target: a }).unwrap();
        settle_declining(&mut g);
        if !g.last_charge.is_some_and(|c| c.engaged) || !g.units[usize::from(c)].alive() {
            continue;
        }
        let snap = g.snapshot();
        let own = snap.of_unit(b);
        let foe = snap.of_unit(c);
        assert!(
            engaged_models(&own, &foe).into_iter().all(|e| e),
            "seed {seed}: every Dreamfencer engages Adrael"
        );
        assert!(g.units[usize::from(b)].positions[0].dist(before) > 0.5);
        checked += 1;
    }
    assert!(checked > 0);
}

/// Whether any unit on the table is both Flanked and Flanking.
fn flanked_and_flanking(g: &Battle) -> Vec<u16> {
    let snap = g.snapshot();
    g.units
        .iter()
        .filter(|u| u.alive() && u.mounted_on.is_none())
        .filter(|u| {
            g.flanked(&snap, u.id)
                && g.engaged_with(&snap, u.id)
                    .into_iter()
                    .any(|x| g.flanked(&snap, x))
        })
        .map(|u| u.id)
        .collect()
}

/// BoV p.13, "Charging a Flanking enemy", and p.14: "a unit can never be
/// both Flanked and Flanking at the same time ... if a Flanking unit is
/// charged by an enemy unit, it is immediately separated from the unit
/// that it was Flanking". Parrymaster Qui flanks the Scythed Reavers with
/// the Guild Enforcers; the Ogerron Phalanx charges him from the side away
/// from them, and its three models close round him, so that he cannot step
/// back alone: he and his charger move apart together.
#[test]
fn a_flanking_unit_hemmed_in_by_its_charger_is_still_separated() {
    let mut checked = 0;
    for seed in 0..4 {
        let mut g = deployed(seed, "allaria_guild_line", "tyveria_swarm");
        let qui = unit_named(&g, "Parrymaster Qui");
        let reavers = unit_named(&g, "Scythed Reavers");
        let enforcers = unit_named(&g, "Guild Enforcers");
        let phalanx = unit_named(&g, "Ogerron Phalanx");
        place(&mut g, |g| {
            let (rq, rr, re) = (radius(g, qui), radius(g, reavers), radius(g, enforcers));
            let at = |from: Point, d: f64, deg: f64| {
                let a = f64::to_radians(deg);
                Point::new(from.x + d * a.cos(), from.y + d * a.sin())
            };
            let q = Point::new(18.69, 24.40);
            // The Reavers touch Qui; the Enforcers touch the Reavers round
            // their far side.
            let r0 = at(q, rq + rr, 20.0);
            let r1 = at(r0, 2.0 * rr + 0.1, 5.0);
            let enforcers_at = vec![
                at(r0, rr + re, -100.0),
                at(r0, rr + re, 100.0),
                at(r1, rr + re, -90.0),
                at(r1, rr + re, 90.0),
                at(r1, rr + re, 0.0),
            ];
            let x = q.x - rq - radius(g, phalanx) - 1.0;
            vec![
                (qui, vec![q]),
                (reavers, vec![r0, r1]),
                (enforcers, enforcers_at),
                (
                    phalanx,
                    vec![
                        Point::new(x, 22.8),
                        Point::new(x, 24.4),
                        Point::new(x, 26.0),
                    ],
                ),
            ]
        });
        let snap = g.snapshot();
        assert!(g.flanked(&snap, reavers) && !g.flanked(&snap, qui));
        assert!(flanked_and_flanking(&g).is_empty());
        activate(&mut g, phalanx);
        g.apply(Decision::Charge { target: qui }).unwrap();
        // The reactions to the charge declared (a hand that may hold a
        // card answering it is asked), declined; the charge is then moved.
        while matches!(&g.phase, Phase::Reaction { window, .. }
            if window.trigger == valerna_bov::rules::powers::Trigger::Charged)
        {
            g.apply(Decision::Reaction { reaction: None }).unwrap();
        }
        assert!(g.last_charge.is_some_and(|c| c.engaged), "seed {seed}");
        assert!(
            flanked_and_flanking(&g).is_empty(),
            "seed {seed}: {:?} both Flanked and Flanking",
            flanked_and_flanking(&g)
        );
        let snap = g.snapshot();
        assert_eq!(g.engaged_with(&snap, qui), vec![phalanx], "seed {seed}");
        assert!(g.distance(qui, reavers) >= 1.0 - 1e-6, "seed {seed}");
        settle_declining(&mut g);
        assert!(flanked_and_flanking(&g).is_empty());
        checked += 1;
    }
    assert!(checked > 0);
}

/// docs/rulings.md, "Charging a Flanking enemy": where the table leaves no
/// room to separate the charged unit from the unit it flanks, alone or with
/// its charger, the charge cannot force it to disengage (BoV p.13) and so
/// cannot succeed: it is not made. In a corridor of Impassable terrain the
/// Ogerron Warchief charges Parrymaster Qui, who flanks the Scythed Reavers
/// with the Guild Enforcers; the Warchief stays where it stood, no blow is
/// struck, and no unit is both Flanked and Flanking (p.14).
#[test]
fn a_charge_that_cannot_separate_its_flanking_target_is_not_made() {
    let mut g = deployed(1, "allaria_guild_line", "tyveria_swarm");
    let qui = unit_named(&g, "Parrymaster Qui");
    let reavers = unit_named(&g, "Scythed Reavers");
    let enforcers = unit_named(&g, "Guild Enforcers");
    let warchief = unit_named(&g, "Ogerron Warchief");
    let wall = |x0: f64, y0: f64, x1: f64, y1: f64| {
        TerrainPiece::rect(
            "Wall",
            Point::new(x0, y0),
            Point::new(x1, y1),
            vec![TerrainKind::Impassable],
        )
        .unwrap()
    };
    // A corridor 2.1" wide from x = 5 to x = 12.5.
    let terrain = vec![
        wall(3.0, 8.0, 14.0, 10.0),
        wall(3.0, 12.1, 14.0, 14.0),
        wall(3.0, 10.0, 5.0, 12.1),
        wall(12.5, 10.0, 14.0, 12.1),
    ];
    let y = 11.05;
    place_on(&mut g, terrain, |g| {
        let wc = 5.0 + radius(g, warchief) + 0.05;
        let q = wc + radius(g, warchief) + 0.3 + radius(g, qui);
        let r = q + radius(g, qui) + radius(g, reavers);
        let e = r + radius(g, reavers) + radius(g, enforcers);
        vec![
            (warchief, vec![Point::new(wc, y)]),
            (qui, vec![Point::new(q, y)]),
            (reavers, vec![Point::new(r, y)]),
            (enforcers, vec![Point::new(e, y)]),
        ]
    });
    let snap = g.snapshot();
    assert!(g.flanked(&snap, reavers));
    let before: Vec<Point> = g.units[usize::from(warchief)].positions.clone();
    let wounds = g.units[usize::from(qui)].state.wounds;
    activate(&mut g, warchief);
    g.apply(Decision::Charge { target: qui }).unwrap();
    settle_declining(&mut g);
    assert!(g.last_charge.is_some_and(|c| !c.engaged));
    assert_eq!(g.units[usize::from(warchief)].positions, before);
    assert_eq!(g.units[usize::from(qui)].state.wounds, wounds);
    assert!(flanked_and_flanking(&g).is_empty());
    assert!(!matches!(g.phase, Phase::Action { unit } if unit == warchief));
}

/// BoV 5.1, "Dragonriders" (p.19): "some Heroes have the Dragonrider
/// keyword. Such Heroes can ride on top of a unit that has the Mount
/// keyword"; the mounting rules, the Dragonbond and the General speak of
/// "the Hero" only. The loader refuses the keyword on a unit that is not a
/// Hero, naming the card (docs/rulings.md, "Dragonrider is a Hero's
/// keyword"); on a Hero it loads.
#[test]
fn the_loader_refuses_a_dragonrider_that_is_not_a_hero() {
    let card = |keywords: &str, models: u8| {
        format!(
            r#"[(id: "sky_lancers", name: "Sky Lancers", provisional: true, force: "Allaria",
            keywords: {keywords}, points: 10, models: {models}, base_mm: 30,
            front: (health: 1, speed: 6, defense: gray, melee: (dice: "1xgray")))]"#
        )
    };
    let e = common::load_units(&[], &card(r#"["Dragonrider"]"#, 3)).unwrap_err();
    assert!(
        e.contains("entry 'sky_lancers'")
            && e.contains("'Sky Lancers' has the Dragonrider keyword but is not a Hero"),
        "{e}"
    );
    let e = common::load_units(&[], &card(r#"["Dragonrider"]"#, 1)).unwrap_err();
    assert!(
        e.contains("is not a Hero"),
        "a single model is not a Hero: {e}"
    );
    let p = common::load_units(&[], &card(r#"["Hero", "Dragonrider"]"#, 1)).unwrap();
    assert_eq!(p.units.len(), 1);
}

/// Elyse riding her Dragon at (20, 10) with two models of the Ogerron
/// Phalanx in base contact below; the Dragon is activated and marches 3"
/// away, up the table: the battle stops for the Phalanx's Opportunity
/// Attack. The battle, Elyse, the Dragon and the Phalanx.
fn pair_moves_away(seed: u64) -> (Battle, u16, u16, u16) {
    let (mut g, elyse, dragon) = host(seed);
    let phalanx = unit_named(&g, "Ogerron Phalanx");
    let r = radius(&g, dragon) + radius(&g, phalanx);
    let (s, c) = 20f64.to_radians().sin_cos();
    ride_at(
        &mut g,
        elyse,
        dragon,
        Point::new(20.0, 10.0),
        vec![(
            phalanx,
            vec![
                Point::new(20.0 - r * s, 10.0 - r * c),
                Point::new(20.0 + r * s, 10.0 - r * c),
            ],
        )],
    );
    activate(&mut g, dragon);
    g.apply(Decision::March {
        paths: vec![(0, vec![Point::new(20.0, 13.0)])],
    })
    .unwrap();
    (g, elyse, dragon, phalanx)
}

/// BoV p.18, "Opportunity Attack": "when an enemy they are engaged with
/// moves (or is moved) away from combat ... perform a normal melee attack
/// against the enemy unit that triggered this reaction"; p.19,
/// "Dragonriders": the Hero "counts as being in the same location as its
/// Mount", and "enemy units in base contact with the Mount can attack
/// either the Hero or the Mount (or indeed split their attacks between the
/// two)"; p.18: "the same player cannot take more than one reaction
/// activated by the same trigger". The Dragon marching away with Elyse is
/// one move: the Phalanx's player is offered one Opportunity Attack, on the
/// Dragon, on Elyse, or split model by model, never on a third unit; hits
/// on Elyse are hers, unless the Mount takes them (docs/rulings.md, "An
/// Opportunity Attack on a Mount carrying its rider").
#[test]
fn an_opportunity_attack_on_a_mount_may_strike_its_rider() {
    let (g, elyse, dragon, phalanx) = pair_moves_away(1);
    assert_eq!(
        g.phase,
        Phase::Opportunity {
            mover: dragon,
            candidates: vec![phalanx],
            reacted: Vec::new(),
        }
    );
    let mut buf = Vec::new();
    g.choices(&mut buf);
    assert!(buf.contains(&Decision::React {
        unit: Some(phalanx)
    }));
    let on_rider = Decision::ReactSplit {
        unit: phalanx,
        targets: vec![(0, elyse), (1, elyse)],
    };
    assert!(buf.contains(&on_rider), "{buf:?}");
    g.validate(&Decision::ReactSplit {
        unit: phalanx,
        targets: vec![(0, elyse), (1, dragon)],
    })
    .unwrap();
    assert!(
        g.validate(&Decision::ReactSplit {
            unit: phalanx,
            targets: vec![(0, phalanx)],
        })
        .is_err()
    );
    assert!(
        g.validate(&Decision::ReactSplit {
            unit: elyse,
            targets: vec![(0, dragon)],
        })
        .is_err()
    );
    // All on Elyse: her owner is asked whether the Dragon takes the hits.
    let mut struck = 0;
    for seed in 0..12 {
        let (mut g, elyse, dragon, phalanx) = pair_moves_away(seed);
        let fatigue = g.units[usize::from(phalanx)].state.fatigue;
        g.apply(Decision::ReactSplit {
            unit: phalanx,
            targets: vec![(0, elyse), (1, elyse)],
        })
        .unwrap();
        assert_eq!(g.units[usize::from(phalanx)].state.fatigue, fatigue + 1);
        let mut hits_on_rider = false;
        for _ in 0..50 {
            match &g.phase {
                Phase::Opportunity { .. } => panic!("one Opportunity Attack per move"),
                Phase::Redirect { hero, candidates } => {
                    assert_eq!((*hero, candidates.clone()), (elyse, vec![dragon]));
                    hits_on_rider = true;
                    g.apply(Decision::Redirect { unit: None }).unwrap();
                }
                Phase::Reaction { .. } => g.apply(Decision::Reaction { reaction: None }).unwrap(),
                Phase::Casualties { .. } | Phase::Mount { .. } | Phase::Command { .. } => {
                    let mut buf = Vec::new();
                    g.choices(&mut buf);
                    g.apply(buf[0].clone()).unwrap();
                }
                _ => break,
            }
        }
        if hits_on_rider {
            struck += 1;
        }
        // The pair moved on, together.
        let at = g.units[usize::from(dragon)].positions[0];
        assert!((at.y - 13.0).abs() < 1e-9, "{at:?}");
        if g.units[usize::from(elyse)].alive() {
            assert_eq!(g.body(elyse), dragon);
        }
    }
    assert!(struck > 0, "some seed hits Elyse");
}
