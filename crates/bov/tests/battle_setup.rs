//! Setting up a battle in the turn engine: objectives placed by the players,
//! Reserves, and Dangerous terrain at Initiative (BoV 5.1, "Objectives
//! Setup", "Take Turns Deploying" > "Reserves", "Dangerous Terrain (X)").

use valerna_bov::battle::bots::{Bot, GreedyBot, RandomBot, play};
use valerna_bov::battle::{Battle, BattleSetup, Decision, Phase};
use valerna_bov::geometry::{Battlefield, Point, TerrainKind, TerrainPiece};
use valerna_bov::rules::scenario::{self, Scenario};
use valerna_game::Game;

mod common;
use common::{first_choices_while, pack, unit_named};

fn setup(seed: u64, scenario: Scenario, battlefield: scenario::Battlefield) -> BattleSetup {
    BattleSetup {
        cards: None,
        edition: Default::default(),
        seed,
        lists: ["allaria_guild_line".into(), "tyveria_swarm".into()],
        scenario,
        battlefield,
        map: None,
        monsters: Vec::new(),
    }
}

/// BoV 5.1, "Objectives Setup": "Alternate which player places each
/// objective, starting with the winner of a face-off roll"; "more than 9"
/// apart"; "more than 3" away from any edge of the playing area"; 5 tokens
/// on 4'x3'.
#[test]
fn players_place_five_objectives_by_the_rules() {
    let mut g = Battle::start(
        &pack(),
        &setup(
            4,
            Scenario::PitchedBattle,
            scenario::Battlefield::Standard4x3,
        ),
    )
    .unwrap();
    let first = g.objectives_first;
    assert_eq!(g.phase, Phase::PlaceObjective { seat: first });
    assert_eq!(g.to_decide(), Some(first));

    let e = g
        .apply(Decision::PlaceObjective {
            at: Point::new(3.0, 18.0),
        })
        .unwrap_err();
    assert!(e.to_string().contains("more than 3\""), "{e}");
    assert!(e.to_string().contains("Objectives Setup"), "{e}");
    let e = g
        .apply(Decision::PlaceObjective {
            at: Point::new(24.0, 33.0),
        })
        .unwrap_err();
    assert!(e.to_string().contains("more than 3\""), "{e}");
    assert!(g.objectives.is_empty());

    let spots = [
        Point::new(24.0, 18.0),
        Point::new(33.1, 18.0),
        Point::new(14.0, 18.0),
        Point::new(24.0, 8.0),
        Point::new(24.0, 28.0),
    ];
    for (k, &at) in spots.iter().enumerate() {
        let placer = if k % 2 == 0 { first } else { 1 - first };
        assert_eq!(g.phase, Phase::PlaceObjective { seat: placer }, "token {k}");
        if k == 1 {
            // 9" exactly from the first token is not "more than 9"".
            let e = g
                .apply(Decision::PlaceObjective {
                    at: Point::new(33.0, 18.0),
                })
                .unwrap_err();
            assert!(e.to_string().contains("more than 9\""), "{e}");
        }
        g.apply(Decision::PlaceObjective { at }).unwrap();
    }
    assert_eq!(g.objectives, spots.to_vec());
    assert_eq!(g.control.control.len(), 5);
    assert_eq!(
        g.phase,
        Phase::TableEdge {
            seat: g.deploy_first
        }
    );
}

/// BoV 5.1, "Roll for Table Edges": "The winner of the roll picks either of
/// the two longer table edges as their own. The opponent gets the opposite
/// longer table edge"; "Mark Deployment Zones": the zone runs from the
/// player's edge to the line 12" from the middle (6" deep on 4'x3'); "Take
/// Turns Deploying": "Starting with the player who won the face-off roll".
#[test]
fn the_edge_roll_winner_picks_an_edge_and_deploys_first() {
    let mut g = Battle::start(
        &pack(),
        &setup(6, Scenario::SlayTheFoe, scenario::Battlefield::Standard4x3),
    )
    .unwrap();
    let winner = g.deploy_first;
    assert_eq!(g.phase, Phase::TableEdge { seat: winner });
    g.apply(Decision::TableEdge {
        near: false,
        short: false,
    })
    .unwrap();
    assert!(!g.near_edge(winner) && g.near_edge(1 - winner));
    assert_eq!(g.phase, Phase::Deploy { seat: winner });
    // The winner's zone is now the far 6": y from 30 to 36.
    let unit = g.units.iter().find(|u| u.owner == winner).unwrap().id;
    let mut buf = Vec::new();
    g.choices(&mut buf);
    let Some(Decision::Deploy { positions, .. }) = buf
        .iter()
        .find(|d| matches!(d, Decision::Deploy { unit: u, .. } if *u == unit))
        .cloned()
    else {
        panic!("no deployment offered");
    };
    let r = f64::from(g.units[usize::from(unit)].base_mm) / 25.4 / 2.0;
    assert!(positions.iter().all(|p| p.y - r >= 30.0 - 1e-9));
    let mirrored: Vec<Point> = positions
        .iter()
        .map(|p| Point::new(p.x, 36.0 - p.y))
        .collect();
    let e = g
        .apply(Decision::Deploy {
            unit,
            positions: mirrored,
        })
        .unwrap_err();
    assert!(e.to_string().contains("deployment zone"), "{e}");
    g.apply(Decision::Deploy { unit, positions }).unwrap();
    assert_eq!(g.phase, Phase::Deploy { seat: 1 - winner });
}

/// "Slay the Foe!": "no objectives are placed on the table", so deployment
/// comes straight after the terrain.
#[test]
fn slay_the_foe_places_no_objectives() {
    let g = Battle::start(
        &pack(),
        &setup(4, Scenario::SlayTheFoe, scenario::Battlefield::Standard4x3),
    )
    .unwrap();
    assert!(g.objectives.is_empty());
    assert!(matches!(g.phase, Phase::TableEdge { .. }));
}

/// Whole games on every battlefield and scenario, greedy against random:
/// the tokens placed obey "Objectives Setup" (7 on 6'x4', 5 on 4'x3'), and
/// no unit is left in Reserve once the game is over ("all units left in
/// Reserve are immediately defeated").
#[test]
fn bots_place_legal_objectives_and_reserves_end_defeated() {
    let pack = pack();
    for seed in 0..3u64 {
        for (scn, field) in [
            (Scenario::PitchedBattle, scenario::Battlefield::Large6x4),
            (Scenario::SeizeTheLand, scenario::Battlefield::Standard4x3),
            (Scenario::SlayTheFoe, scenario::Battlefield::Small2x1),
        ] {
            let mut g = Battle::start(&pack, &setup(seed, scn, field)).unwrap();
            let mut a = GreedyBot::new(seed);
            let mut b = RandomBot::new(seed + 50);
            if seed % 2 == 0 {
                play(&mut g, &mut [&mut a, &mut b], 20_000).unwrap();
            } else {
                play(&mut g, &mut [&mut b, &mut a], 20_000).unwrap();
            }
            assert!(g.outcome().is_some());
            let (w, h) = field.inches();
            match field {
                scenario::Battlefield::Large6x4 => assert_eq!(g.objectives.len(), 7),
                scenario::Battlefield::Standard4x3 => assert_eq!(g.objectives.len(), 5),
                scenario::Battlefield::Small2x1 => assert!(g.objectives.is_empty()),
            }
            for (i, p) in g.objectives.iter().enumerate() {
                assert!(p.x > 3.0 && p.x < w - 3.0 && p.y > 3.0 && p.y < h - 3.0);
                for q in &g.objectives[..i] {
                    assert!(p.dist(*q) > 9.0, "seed {seed}: {p:?} {q:?}");
                }
            }
            assert!(g.units.iter().all(|u| !u.reserve), "seed {seed}");
        }
    }
}

/// Seat 0 takes the edge at y = 0, then deploys seat 0's `order` first (its other units left for Reserve),
/// seat 1 everything, on a Slay the Foe battlefield.
fn deploy_in_order(g: &mut Battle, order: &[u16]) -> Vec<Result<(), String>> {
    let mut buf = Vec::new();
    let mut next = order.iter();
    let mut reserve_tries = Vec::new();
    // Seat 0 plays from the edge at y = 0.
    let winner = g.deploy_first;
    g.apply(Decision::TableEdge {
        near: winner == 0,
        short: false,
    })
    .unwrap();
    assert!(g.near_edge(0));
    while let Phase::Deploy { seat } = g.phase {
        g.choices(&mut buf);
        if seat == 0 {
            let Some(&unit) = next.next() else {
                g.apply(Decision::Reserve).unwrap();
                continue;
            };
            reserve_tries.push(g.validate(&Decision::Reserve).map_err(|e| e.to_string()));
            let d = buf
                .iter()
                .find(|d| matches!(d, Decision::Deploy { unit: u, .. } if *u == unit))
                .unwrap()
                .clone();
            g.apply(d).unwrap();
        } else {
            g.apply(buf[0].clone()).unwrap();
        }
    }
    reserve_tries
}

/// BoV 5.1, "Reserves": Reserve only "after you have deployed at least half
/// of your units", never the General; "In Round 1 ... they do nothing;
/// simply put 1 fatigue counter on it ... up to three times per unit per
/// round"; "Starting in Round 2 ... by taking a March action" from "a point
/// on your table edge, or either of the shorter table edges"; at the end
/// of the game "all units left in Reserve are immediately defeated".
#[test]
fn reserves_follow_the_book() {
    let mut g = Battle::start(
        &pack(),
        &setup(9, Scenario::SlayTheFoe, scenario::Battlefield::Standard4x3),
    )
    .unwrap();
    let general = unit_named(&g, "Eldai Alarn");
    let qui = unit_named(&g, "Parrymaster Qui");
    let oathguard = unit_named(&g, "Oathguard Commander");
    let others: Vec<u16> = g
        .units
        .iter()
        .filter(|u| u.owner == 0 && ![general, qui, oathguard].contains(&u.id))
        .map(|u| u.id)
        .collect();
    assert_eq!(others.len(), 4);
    // Three, then four of seven deployed with the General still out, then
    // the General: 5 of 7.
    let order = [others[0], others[1], others[2], others[3], general];
    let tries = deploy_in_order(&mut g, &order);
    common::decline_reactions(&mut g);
    for t in &tries[..4] {
        let e = t.as_ref().unwrap_err();
        assert!(e.contains("at least half") || e.contains("General"), "{e}");
    }
    assert!(tries[3].as_ref().unwrap_err().contains("at least half"));
    assert!(tries[4].as_ref().unwrap_err().contains("General"));
    assert!(g.units[usize::from(qui)].reserve);
    assert!(g.units[usize::from(oathguard)].reserve);
    assert!(!g.units[usize::from(general)].reserve);
    // Each side's view shows the units in Reserve, off the table.
    let view = g.view(1);
    let q = view.units.iter().find(|u| u.id == qui).unwrap();
    assert!(q.reserve && q.models.is_empty());

    // Round 1: seat 1 passes; each activation of Qui is a fatigue counter
    // and the end of its turn.
    assert_eq!(g.round, 1);
    for n in 1..=3u8 {
        if matches!(g.phase, Phase::Turn { seat: 1 }) {
            g.apply(Decision::Pass).unwrap();
            common::decline_reactions(&mut g);
        }
        assert_eq!(g.phase, Phase::Turn { seat: 0 });
        g.apply(Decision::Activate { unit: qui }).unwrap();
        // The end of its turn may be answered (Mending Light, cast by Eldai).
        common::decline_reactions(&mut g);
        assert_eq!(g.units[usize::from(qui)].state.fatigue, n);
        assert!(g.units[usize::from(qui)].reserve);
        assert!(!matches!(g.phase, Phase::Reserve { .. }));
    }
    if matches!(g.phase, Phase::Turn { seat: 1 }) {
        g.apply(Decision::Pass).unwrap();
    }
    let e = g.apply(Decision::Activate { unit: qui }).unwrap_err();
    assert!(e.to_string().contains("Exhausted"), "{e}");
    g.apply(Decision::Pass).unwrap();
    first_choices_while(&mut g, |p| matches!(p, Phase::Turn { seat: 1 }));
    common::decline_reactions(&mut g);

    // Round 2: fatigue restored like any unit's (3 - 2 = 1); Qui may enter.
    assert_eq!(g.round, 2);
    assert_eq!(g.units[usize::from(qui)].state.fatigue, 1);
    if matches!(g.phase, Phase::Turn { seat: 1 }) {
        g.apply(Decision::Pass).unwrap();
    }
    g.apply(Decision::Activate { unit: qui }).unwrap();
    assert_eq!(g.phase, Phase::Reserve { unit: qui });
    // Not from the enemy's long edge.
    let e = g
        .apply(Decision::Enter {
            point: Point::new(24.0, 36.0),
            paths: vec![(0, vec![Point::new(24.0, 33.0)])],
        })
        .unwrap_err();
    assert!(e.to_string().contains("table edge"), "{e}");
    // Not farther than a March: the centre starts one radius outside, so
    // a centre 7" in has moved 7" and a radius.
    let e = g
        .apply(Decision::Enter {
            point: Point::new(24.0, 0.0),
            paths: vec![(0, vec![Point::new(24.0, 7.0)])],
        })
        .unwrap_err();
    assert!(e.to_string().contains("Movement"), "{e}");
    // Not off the table from a short edge.
    assert!(
        g.validate(&Decision::Enter {
            point: Point::new(0.0, 5.0),
            paths: vec![(0, vec![Point::new(-1.0, 5.0)])],
        })
        .is_err()
    );
    // From the player's own long edge, a March of up to its Speed (7")
    // measured from just outside the table: the base's far edge ends 7" in.
    let r = f64::from(g.units[usize::from(qui)].base_mm) / 25.4 / 2.0;
    let speed = 7.0;
    let end = Point::new(30.0, speed - r - 0.01);
    g.apply(Decision::Enter {
        point: Point::new(30.0, 0.0),
        paths: vec![(0, vec![end])],
    })
    .unwrap();
    common::decline_reactions(&mut g);
    let u = &g.units[usize::from(qui)];
    assert!(u.deployed && !u.reserve);
    assert_eq!(u.positions[0], end);

    // The game ends with the Oathguard Commander (12 points) still in
    // Reserve: defeated, and scored by the opponent.
    let before = g.score.points;
    g.round = 4;
    loop {
        common::decline_reactions(&mut g);
        let Phase::Turn { .. } = g.phase else { break };
        g.apply(Decision::Pass).unwrap();
    }
    assert!(g.outcome().is_some(), "{:?}", g.phase);
    let o = &g.units[usize::from(oathguard)];
    assert!(o.state.is_defeated() && !o.reserve);
    assert_eq!(g.score.points[1], before[1] + 12);
    assert_eq!(g.score.points[0], before[0]);
}

/// Puts `unit`'s models in a row from `x` at height `y`.
fn place_row(g: &mut Battle, unit: u16, x: f64, y: f64) {
    let u = &mut g.units[usize::from(unit)];
    u.deployed = true;
    let r = f64::from(u.base_mm) / 25.4 / 2.0;
    for m in 0..u.positions.len() {
        u.positions[m] = Point::new(x + m as f64 * (2.0 * r + 0.5), y);
    }
}

/// BoV 5.1, "Dangerous Terrain (X)": "Whenever a player wins Initiative,
/// that player must pick a target unit for each piece ... any unit inside
/// or within 6" of the piece ..., friend or foe".
#[test]
fn dangerous_terrain_targets_at_initiative() {
    let pack = pack();
    let mut hurt_inside = 0;
    let mut hurt_outside = 0;
    for seed in 0..12u64 {
        let mut g = Battle::start(
            &pack,
            &setup(
                seed,
                Scenario::SlayTheFoe,
                scenario::Battlefield::Standard4x3,
            ),
        )
        .unwrap();
        first_choices_while(&mut g, |p| {
            matches!(p, Phase::TableEdge { .. } | Phase::Deploy { .. })
        });
        common::decline_reactions(&mut g);
        let lava = TerrainPiece::rect(
            "Lava pool",
            Point::new(4.0, 16.0),
            Point::new(44.0, 20.0),
            vec![TerrainKind::Dangerous(3), TerrainKind::Slowing],
        )
        .unwrap();
        g.field = Battlefield::new(48.0, 36.0, vec![lava]).unwrap();
        for u in &mut g.units {
            u.deployed = false;
        }
        let inside = unit_named(&g, "Eldai Alarn");
        let near = g.units.iter().find(|u| u.owner == 1).unwrap().id;
        let far = unit_named(&g, "Dreamfencers");
        // Inside; 4" beyond the far side of the piece; 10" away.
        place_row(&mut g, inside, 10.0, 18.0);
        let rn = f64::from(g.units[usize::from(near)].base_mm) / 25.4 / 2.0;
        place_row(&mut g, near, 10.0, 20.0 + 4.0 + rn);
        let rf = f64::from(g.units[usize::from(far)].base_mm) / 25.4 / 2.0;
        place_row(&mut g, far, 10.0, 16.0 - 10.0 - rf);
        // Both pass: Round 2 begins with a new Initiative.
        while let Phase::Turn { .. } = g.phase {
            g.apply(Decision::Pass).unwrap();
            common::decline_reactions(&mut g);
        }
        let Phase::Dangerous {
            seat,
            piece,
            candidates,
        } = g.phase.clone()
        else {
            panic!("seed {seed}: {:?}", g.phase);
        };
        assert_eq!(seat, g.initiative);
        assert_eq!(piece, 0);
        let mut want = vec![inside, near];
        want.sort();
        assert_eq!(candidates, want);
        let e = g
            .apply(Decision::DangerousTarget { unit: far })
            .unwrap_err();
        assert!(e.to_string().contains("Dangerous Terrain (X)"), "{e}");
        let target = if seed % 2 == 0 { inside } else { near };
        let before = g.units[usize::from(target)].state;
        g.apply(Decision::DangerousTarget { unit: target }).unwrap();
        first_choices_while(&mut g, |p| {
            matches!(p, Phase::Casualties { .. } | Phase::Reaction { .. })
        });
        if g.units[usize::from(target)].state != before {
            if target == inside {
                hurt_inside += 1;
            } else {
                hurt_outside += 1;
            }
        }
        if g.outcome().is_none() {
            assert_eq!(g.phase, Phase::Turn { seat: g.initiative });
        }
    }
    // Three dice against a single unit hurt it now and then, wherever it is.
    assert!(
        hurt_inside > 0 && hurt_outside > 0,
        "{hurt_inside} {hurt_outside}"
    );
}

/// BoV 5.1, "Dangerous Terrain (X)": the terrain "makes a melee attack"
/// on a unit inside it, and a ranged one on a unit outside; the target
/// defends as against any such attack, so a defense upgrade kept for its
/// next melee defense roll is used up by the first and kept by the second.
#[test]
fn dangerous_terrain_meets_the_targets_lasting_defense() {
    use valerna_bov::rules::powers::{Change, Duration, Lasting, Roll};
    use valerna_bov::rules::units::WeaponKind;
    let pack = pack();
    let mut g = Battle::start(
        &pack,
        &setup(3, Scenario::SlayTheFoe, scenario::Battlefield::Standard4x3),
    )
    .unwrap();
    first_choices_while(&mut g, |p| {
        matches!(p, Phase::TableEdge { .. } | Phase::Deploy { .. })
    });
    common::decline_reactions(&mut g);
    // Two pieces, so both attacks come at the same Initiative, with no end
    // of turn between them.
    let lava = |name, y0, y1| {
        TerrainPiece::rect(
            name,
            Point::new(4.0, y0),
            Point::new(44.0, y1),
            vec![TerrainKind::Dangerous(3)],
        )
        .unwrap()
    };
    let pieces = vec![
        lava("Lava pool", 16.0, 20.0),
        lava("Fire vents", 30.0, 32.0),
    ];
    g.field = Battlefield::new(48.0, 36.0, pieces).unwrap();
    for u in &mut g.units {
        u.deployed = false;
    }
    let inside = unit_named(&g, "Eldai Alarn");
    let near = g.units.iter().find(|u| u.owner == 1).unwrap().id;
    place_row(&mut g, inside, 10.0, 18.0);
    let rn = f64::from(g.units[usize::from(near)].base_mm) / 25.4 / 2.0;
    place_row(&mut g, near, 10.0, 20.0 + 4.0 + rn);
    let guard = Lasting {
        change: Change::Roll {
            roll: Roll::Defense,
            against: Some(WeaponKind::Melee),
        },
        amount: 1,
        duration: Duration::ThisRoll,
        source: None,
    };
    // Both pass: Round 2 begins with a new Initiative.
    while let Phase::Turn { .. } = g.phase {
        g.apply(Decision::Pass).unwrap();
        common::decline_reactions(&mut g);
    }
    for u in [inside, near] {
        g.units[usize::from(u)].lasting = vec![guard];
    }
    // The Lava pool's target is inside it; the Fire vents' is within 6".
    for (piece, target) in [(0, inside), (1, near)] {
        assert!(
            matches!(g.phase, Phase::Dangerous { piece: p, .. } if p == piece),
            "{:?}",
            g.phase
        );
        g.apply(Decision::DangerousTarget { unit: target }).unwrap();
        first_choices_while(&mut g, |p| {
            matches!(p, Phase::Casualties { .. } | Phase::Reaction { .. })
        });
    }
    assert!(
        g.units[usize::from(inside)].lasting.is_empty(),
        "melee: spent"
    );
    assert_eq!(
        g.units[usize::from(near)].lasting,
        vec![guard],
        "ranged: kept"
    );
}

/// The greedy bot aims Dangerous terrain at an enemy when it can.
#[test]
fn greedy_aims_dangerous_terrain_at_the_enemy() {
    let mut g = Battle::start(
        &pack(),
        &setup(3, Scenario::SlayTheFoe, scenario::Battlefield::Standard4x3),
    )
    .unwrap();
    first_choices_while(&mut g, |p| {
        matches!(p, Phase::TableEdge { .. } | Phase::Deploy { .. })
    });
    common::decline_reactions(&mut g);
    g.phase = Phase::Dangerous {
        seat: 0,
        piece: 0,
        candidates: vec![0, g.units.iter().find(|u| u.owner == 1).unwrap().id],
    };
    let d = GreedyBot::new(1).decide(&g);
    let Decision::DangerousTarget { unit } = d else {
        panic!("{d:?}");
    };
    assert_eq!(g.units[usize::from(unit)].owner, 1);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// Any point offered for an objective is accepted exactly when it is
    /// more than 3" from every edge and more than 9" from every token
    /// already down ("Objectives Setup"), and a refusal changes nothing.
    #[test]
    fn objective_points_are_judged_by_the_book(
        points in proptest::collection::vec((-2.0f64..50.0, -2.0f64..38.0), 1..24),
    ) {
        let mut g = Battle::start(
            &pack(),
            &setup(1, Scenario::PitchedBattle, scenario::Battlefield::Standard4x3),
        )
        .unwrap();
        for (x, y) in points {
            if !matches!(g.phase, Phase::PlaceObjective { .. }) {
                break;
            }
            let at = Point::new(x, y);
            let legal = x > 3.0
                && x < 45.0
                && y > 3.0
                && y < 33.0
                && g.objectives.iter().all(|o| o.dist(at) > 9.0);
            let before = g.objectives.clone();
            let r = g.apply(Decision::PlaceObjective { at });
            proptest::prop_assert_eq!(r.is_ok(), legal, "{:?} after {:?}", at, before);
            if !legal {
                proptest::prop_assert_eq!(&g.objectives, &before);
            }
        }
    }
}
