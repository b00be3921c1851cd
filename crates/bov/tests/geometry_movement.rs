//! Movement, planning, contact placement and terrain set-up (BoV 5.1,
//! "Movement", "Actions", "Charge Move", "Terrain", "1) Place Terrain").

use valerna_bov::geometry::*;
use valerna_dice::Stream;

const INCH_BASE: f64 = 25.4; // radius exactly 0.5"
const A: UnitId = UnitId(1);
const B: UnitId = UnitId(2);
const C: UnitId = UnitId(3);

fn m(unit: UnitId, side: u8, x: f64, y: f64) -> Model {
    Model::new(unit, side, Point::new(x, y), INCH_BASE)
}

fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

fn field(terrain: Vec<TerrainPiece>) -> Battlefield {
    Battlefield::new(48.0, 36.0, terrain).unwrap()
}

fn square(x0: f64, y0: f64, x1: f64, y1: f64, kinds: Vec<TerrainKind>) -> TerrainPiece {
    TerrainPiece::rect("piece", p(x0, y0), p(x1, y1), kinds).unwrap()
}

fn march(unit: UnitId, allowance: f64, moves: Vec<(usize, Vec<Point>)>) -> UnitMove {
    UnitMove {
        unit,
        kind: MoveKind::Normal,
        allowance: Some(allowance),
        traits: MoveTraits::default(),
        moves: moves
            .into_iter()
            .map(|(model, waypoints)| ModelMove { model, waypoints })
            .collect(),
    }
}

// --- Speed --------------------------------------------------------------

#[test]
fn speed_modifiers_halve_cumulatively_and_immobilized_zeroes() {
    let none = SpeedModifiers::default();
    let skirmish = SpeedModifiers {
        skirmish: true,
        ..none
    };
    // BoV 5.1, "Skirmish Move": the Fai Hunters' Speed 12 gives 6".
    assert_eq!(effective_speed(12.0, skirmish), 6.0);
    // BoV 5.1, "Slowed": a Slowed Skirmish Move is a quarter of the Speed.
    let both = SpeedModifiers {
        slowed: true,
        skirmish: true,
        ..none
    };
    assert_eq!(effective_speed(12.0, both), 3.0);
    assert_eq!(
        effective_speed(
            8.0,
            SpeedModifiers {
                slowed: true,
                ..none
            }
        ),
        4.0
    );
    // BoV 5.1, "Immobilized": zero.
    let stuck = SpeedModifiers {
        immobilized: true,
        ..none
    };
    assert_eq!(effective_speed(12.0, stuck), 0.0);
    assert_eq!(effective_speed(f64::NAN, none), 0.0);
}

// --- Path cost ----------------------------------------------------------

#[test]
fn slowing_terrain_costs_two_inches_an_inch_unless_field_craft() {
    // BoV 5.1, "Slowing terrain". The base (0.5" radius) overlaps the 2"-wide
    // strip while its centre is within 0.5" of it: 3" of the 10" path.
    let f = field(vec![square(
        14.0,
        5.0,
        16.0,
        15.0,
        vec![TerrainKind::Slowing],
    )]);
    let model = m(A, 0, 10.0, 10.0);
    let cost = path_cost(&f, &model, &[p(20.0, 10.0)], MoveTraits::default());
    assert!((cost - 13.0).abs() < 1e-5, "cost {cost}");
    let crafty = MoveTraits {
        field_craft: true,
        ..MoveTraits::default()
    };
    let cost = path_cost(&f, &model, &[p(20.0, 10.0)], crafty);
    assert!((cost - 10.0).abs() < 1e-9);
    // Several legs add up; a zero-length path costs nothing.
    let cost = path_cost(
        &f,
        &model,
        &[p(10.0, 20.0), p(13.0, 24.0)],
        MoveTraits::default(),
    );
    assert!((cost - 15.0).abs() < 1e-9);
    assert_eq!(path_cost(&f, &model, &[], MoveTraits::default()), 0.0);
}

#[test]
fn a_path_longer_than_the_allowance_is_refused_naming_the_model() {
    let f = field(vec![square(
        14.0,
        5.0,
        16.0,
        15.0,
        vec![TerrainKind::Slowing],
    )]);
    let models = [m(A, 0, 10.0, 10.0)];
    let err = validate_unit_move(&f, &models, &march(A, 12.0, vec![(0, vec![p(20.0, 10.0)])]))
        .unwrap_err();
    assert!(matches!(err, MoveError::TooFar { model: 0, .. }));
    let text = err.to_string();
    assert!(
        text.contains("model 0") && text.contains("Movement"),
        "{text}"
    );
    assert!(
        validate_unit_move(&f, &models, &march(A, 13.0, vec![(0, vec![p(20.0, 10.0)])])).is_ok()
    );
}

// --- Validation ---------------------------------------------------------

#[test]
fn impassable_terrain_cannot_be_entered_but_may_be_skirted() {
    // BoV 5.1, "Impassable terrain" (Fig. 15).
    let mut lake = square(14.0, 5.0, 16.0, 15.0, vec![TerrainKind::Impassable]);
    lake.name = "lake".into();
    let f = field(vec![lake]);
    let models = [m(A, 0, 10.0, 10.0)];
    let err = validate_unit_move(&f, &models, &march(A, 20.0, vec![(0, vec![p(20.0, 10.0)])]))
        .unwrap_err();
    assert_eq!(
        err,
        MoveError::Impassable {
            model: 0,
            piece: "lake".into()
        }
    );
    // Along its edge, base touching it: allowed (touching is outside).
    let models = [m(A, 0, 10.0, 15.5)];
    assert!(
        validate_unit_move(&f, &models, &march(A, 20.0, vec![(0, vec![p(20.0, 15.5)])])).is_ok()
    );
}

#[test]
fn enemy_bases_cannot_be_crossed_friendly_ones_can() {
    // BoV 5.1, "Movement".
    let f = field(vec![]);
    let models = [m(A, 0, 10.0, 10.0), m(B, 1, 15.0, 10.0)];
    let err = validate_unit_move(&f, &models, &march(A, 12.0, vec![(0, vec![p(20.0, 10.0)])]))
        .unwrap_err();
    assert_eq!(err, MoveError::ThroughEnemy { model: 0, enemy: 1 });
    let models = [m(A, 0, 10.0, 10.0), m(C, 0, 15.0, 10.0)];
    assert!(
        validate_unit_move(&f, &models, &march(A, 12.0, vec![(0, vec![p(20.0, 10.0)])])).is_ok()
    );
}

#[test]
fn a_move_ends_at_least_one_inch_from_enemies_outside_a_charge() {
    // BoV 5.1, "Movement": at least 1" away; exactly 1" is allowed.
    let f = field(vec![]);
    let models = [m(A, 0, 10.0, 10.0), m(B, 1, 20.0, 10.0)];
    let err = validate_unit_move(&f, &models, &march(A, 12.0, vec![(0, vec![p(18.1, 10.0)])]))
        .unwrap_err();
    assert!(matches!(
        err,
        MoveError::EndsNearEnemy {
            model: 0,
            enemy: 1,
            ..
        }
    ));
    assert!(
        validate_unit_move(&f, &models, &march(A, 12.0, vec![(0, vec![p(18.0, 10.0)])])).is_ok()
    );
    // A charge may end in contact with its target.
    let mut charge = march(A, 12.0, vec![(0, vec![p(19.0, 10.0)])]);
    charge.kind = MoveKind::Charge { target: B };
    assert!(validate_unit_move(&f, &models, &charge).is_ok());
    // ...but not with another enemy unit (BoV 5.1, "Charge Move").
    charge.kind = MoveKind::Charge { target: C };
    assert!(validate_unit_move(&f, &models, &charge).is_err());
}

#[test]
fn a_move_cannot_end_on_another_base_or_out_of_coherency() {
    let f = field(vec![]);
    let models = [
        m(A, 0, 10.0, 10.0),
        m(A, 0, 11.5, 10.0),
        m(C, 0, 14.0, 10.0),
    ];
    let err = validate_unit_move(&f, &models, &march(A, 12.0, vec![(1, vec![p(13.5, 10.0)])]))
        .unwrap_err();
    assert_eq!(err, MoveError::EndsOverlapping { model: 1, other: 2 });
    let err = validate_unit_move(&f, &models, &march(A, 12.0, vec![(1, vec![p(11.5, 15.0)])]))
        .unwrap_err();
    assert_eq!(err, MoveError::BreaksCoherency { unit: 1 });
    // Both models moving together keep coherency.
    let both = march(
        A,
        12.0,
        vec![(0, vec![p(10.0, 15.0)]), (1, vec![p(11.5, 15.0)])],
    );
    let after = validate_unit_move(&f, &models, &both).unwrap();
    assert_eq!(after[1].center, p(11.5, 15.0));
}

#[test]
fn bad_moves_are_refused_not_panicked_on() {
    let f = field(vec![]);
    let models = [m(A, 0, 10.0, 10.0)];
    let nan = march(A, 12.0, vec![(0, vec![p(f64::NAN, 10.0)])]);
    assert_eq!(
        validate_unit_move(&f, &models, &nan).unwrap_err(),
        MoveError::NotFinite { model: 0 }
    );
    let missing = march(A, 12.0, vec![(5, vec![p(11.0, 10.0)])]);
    assert_eq!(
        validate_unit_move(&f, &models, &missing).unwrap_err(),
        MoveError::NoSuchModel { model: 5 }
    );
    let off = march(A, 12.0, vec![(0, vec![p(0.2, 10.0)])]);
    assert_eq!(
        validate_unit_move(&f, &models, &off).unwrap_err(),
        MoveError::OffTable { model: 0 }
    );
    let nan_allowance = march(A, f64::NAN, vec![(0, vec![p(11.0, 10.0)])]);
    assert!(validate_unit_move(&f, &models, &nan_allowance).is_err());
    // Standing still is a legal (zero-length) move.
    assert!(validate_unit_move(&f, &models, &march(A, 0.0, vec![(0, vec![])])).is_ok());
}

#[test]
fn flying_ignores_terrain_on_the_way_but_not_where_it_lands() {
    // BoV 5.1, "Keywords", Flying.
    let f = field(vec![
        square(14.0, 5.0, 16.0, 15.0, vec![TerrainKind::Impassable]),
        square(24.0, 5.0, 26.0, 15.0, vec![TerrainKind::Obscuring]),
    ]);
    let models = [m(A, 0, 10.0, 10.0), m(B, 1, 18.0, 10.0)];
    let mut mv = march(A, 16.0, vec![(0, vec![p(21.0, 10.0)])]);
    mv.traits.flying = true;
    assert!(validate_unit_move(&f, &models, &mv).is_ok());
    mv.moves[0].waypoints = vec![p(25.0, 10.0)];
    assert!(matches!(
        validate_unit_move(&f, &models, &mv),
        Err(MoveError::FlyingEndsInTerrain { model: 0, .. })
    ));
}

// --- Planner ------------------------------------------------------------

#[test]
fn the_planner_goes_straight_on_open_ground() {
    let f = field(vec![]);
    let models = [m(A, 0, 10.0, 10.0)];
    let path = plan_path(&f, &models, 0, p(20.0, 20.0), MoveTraits::default()).unwrap();
    assert_eq!(path.waypoints, vec![p(20.0, 20.0)]);
    assert!((path.cost - 200f64.sqrt()).abs() < 1e-9);
}

#[test]
fn the_planner_goes_around_impassable_terrain() {
    // A wall from the table edge to y = 15; the shortest way round its end,
    // keeping the base off it, is about 19.8" (two 8.9" diagonals and 2"
    // along the top); straight through would be 16".
    let f = field(vec![square(
        9.0,
        0.0,
        11.0,
        15.0,
        vec![TerrainKind::Impassable],
    )]);
    let models = [m(A, 0, 2.0, 10.0)];
    let path = plan_path(&f, &models, 0, p(18.0, 10.0), MoveTraits::default()).unwrap();
    assert!(path.cost > 19.0 && path.cost < 20.5, "cost {}", path.cost);
    assert_eq!(path.waypoints.last(), Some(&p(18.0, 10.0)));
    let mv = march(A, 21.0, vec![(0, path.waypoints.clone())]);
    assert!(validate_unit_move(&f, &models, &mv).is_ok());
    // No way through a wall across the whole table.
    let f = field(vec![square(
        9.0,
        0.0,
        11.0,
        36.0,
        vec![TerrainKind::Impassable],
    )]);
    assert_eq!(
        plan_path(&f, &models, 0, p(18.0, 10.0), MoveTraits::default()),
        Err(PlanError::Unreachable { model: 0 })
    );
}

#[test]
fn one_planner_plans_as_fresh_planners_do() {
    // A planner keeps its grids and A*'s working arrays between paths: every
    // path it gives must be the one a planner built for that path alone
    // gives, whatever was asked of it before (a wall with a gap, a slowing
    // marsh, two bases of one size and one of another, an enemy in the way).
    let f = field(vec![
        square(20.0, 0.0, 22.0, 14.0, vec![TerrainKind::Impassable]),
        square(20.0, 18.0, 22.0, 36.0, vec![TerrainKind::Impassable]),
        square(30.0, 4.0, 36.0, 10.0, vec![TerrainKind::Slowing]),
    ]);
    let mut big = m(A, 0, 6.0, 20.0);
    big.radius_in = 1.0;
    let models = [
        m(A, 0, 4.0, 6.0),
        m(A, 0, 8.0, 30.0),
        big,
        m(B, 1, 26.0, 16.0),
    ];
    let mut planner = Planner::new(&f, &models);
    let mut planned = 0;
    for (k, dest) in [
        (28.0, 8.0),
        (40.0, 30.0),
        (10.0, 12.0),
        (44.0, 6.0),
        (30.0, 20.0),
    ]
    .into_iter()
    .enumerate()
    {
        for idx in [0, 1, 2, 0] {
            let dest = p(dest.0, dest.1 + k as f64 * 0.1);
            let fresh = plan_path(&f, &models, idx, dest, MoveTraits::default());
            assert_eq!(planner.plan(idx, dest, MoveTraits::default()), fresh);
            planned += usize::from(fresh.is_ok_and(|p| p.waypoints.len() > 1));
        }
    }
    // The case needs detours, not only straight lines.
    assert!(planned >= 8, "{planned} detours");
}

#[test]
fn a_battlefield_changed_after_planning_is_planned_on_its_new_terrain() {
    // The planner's terrain grids are kept with the battlefield and shared by
    // its clones: a clone given a wall, and the original without it, must each
    // plan as a battlefield built afresh with its own terrain does. A block in
    // the way makes both plans use the grid.
    let block = || square(14.0, 6.0, 16.0, 14.0, vec![TerrainKind::Impassable]);
    let wall = square(20.0, 0.0, 22.0, 30.0, vec![TerrainKind::Impassable]);
    let open = field(vec![block()]);
    let models = [m(A, 0, 10.0, 10.0)];
    let dest = p(30.0, 10.0);
    let plan = |f: &Battlefield| plan_path(f, &models, 0, dest, MoveTraits::default());
    let past_block = plan(&open).unwrap();
    assert!(past_block.waypoints.len() > 1, "{past_block:?}");
    let mut changed = open.clone();
    changed.terrain.push(wall.clone());
    let past_wall = plan(&changed).unwrap();
    assert_eq!(Ok(past_wall.clone()), plan(&field(vec![block(), wall])));
    assert!(past_wall.cost > past_block.cost + 20.0, "{past_wall:?}");
    assert_eq!(plan(&open), Ok(past_block.clone()));
    assert_eq!(plan(&field(vec![block()])), Ok(past_block));
}

#[test]
fn the_planner_skirts_slowing_terrain_when_that_is_cheaper() {
    // Straight through the 6"-wide marsh costs 12 + 7 = 19"; around its end
    // (y from 10 to 12.5 and back) costs about 13".
    let f = field(vec![square(
        15.0,
        8.0,
        21.0,
        12.0,
        vec![TerrainKind::Slowing],
    )]);
    let models = [m(A, 0, 12.0, 10.0)];
    let path = plan_path(&f, &models, 0, p(24.0, 10.0), MoveTraits::default()).unwrap();
    assert!(path.cost < 14.5, "cost {}", path.cost);
}

#[test]
fn truncating_a_path_stops_where_the_allowance_runs_out() {
    let f = field(vec![square(
        14.0,
        5.0,
        16.0,
        15.0,
        vec![TerrainKind::Slowing],
    )]);
    let model = m(A, 0, 10.0, 10.0);
    // 3.5" of open ground, then every inch costs two: 6" of move reach 14.75.
    let w = truncate_path(&f, &model, &[p(20.0, 10.0)], MoveTraits::default(), 6.0);
    assert!((w[0].x - 14.75).abs() < 1e-6, "{:?}", w);
}

#[test]
fn a_formation_move_keeps_the_shape_and_stops_short_of_enemies() {
    let f = field(vec![]);
    let models = [
        m(A, 0, 10.0, 10.0),
        m(A, 0, 11.5, 10.0),
        m(A, 0, 13.0, 10.0),
        m(B, 1, 11.5, 20.0),
    ];
    let mv = plan_formation(
        &f,
        &models,
        A,
        p(0.0, 5.0),
        MoveKind::Normal,
        6.0,
        MoveTraits::default(),
    )
    .unwrap();
    for step in &mv.moves {
        assert_eq!(
            step.waypoints,
            vec![models[step.model].center.plus(p(0.0, 5.0))]
        );
    }
    // 8" toward the enemy would end 1" short of 0 — shortened to stay 1" away.
    let mv = plan_formation(
        &f,
        &models,
        A,
        p(0.0, 9.0),
        MoveKind::Normal,
        10.0,
        MoveTraits::default(),
    )
    .unwrap();
    let after = validate_unit_move(&f, &models, &mv).unwrap();
    let gap = after[1].gap(&after[3]);
    assert!((1.0..2.0).contains(&gap), "gap {gap}");
}

// --- Charge -------------------------------------------------------------

fn unit_row(unit: UnitId, side: u8, x: f64, y: f64, n: usize, step: f64) -> Vec<Model> {
    (0..n)
        .map(|k| m(unit, side, x + k as f64 * step, y))
        .collect()
}

#[test]
fn the_dreamfencers_charge_reaches_with_three_hits() {
    // BoV 5.1, "Charge Move", example: Speed 8, just over 10" away, 3 hits: 11".
    let f = field(vec![]);
    let mut models = unit_row(A, 0, 10.0, 10.0, 3, 1.5);
    models.extend(unit_row(B, 1, 10.0, 21.2, 3, 1.5)); // 10.2" base to base
    let r = charge_move(&f, &models, A, B, 8.0 + 3.0, MoveTraits::default()).unwrap();
    assert_eq!(r.outcome, ChargeOutcome::Engaged);
    let own: Vec<Model> = r.after.iter().filter(|x| x.unit == A).copied().collect();
    let foes: Vec<Model> = r.after.iter().filter(|x| x.unit == B).copied().collect();
    assert!(engaged_models(&own, &foes).into_iter().all(|e| e));
    assert!(in_coherency(&own));
    // With 2 hits (10") the first model falls 0.2" short, having moved the full 10".
    let r = charge_move(&f, &models, A, B, 8.0 + 2.0, MoveTraits::default()).unwrap();
    assert_eq!(r.outcome, ChargeOutcome::FellShort);
    let first = &r.unit_move.moves[0];
    let moved = models[first.model]
        .center
        .dist(*first.waypoints.last().unwrap());
    assert!((moved - 10.0).abs() < 1e-4, "moved {moved}");
    let gap = unit_distance(&r.after[..3], &r.after[3..]).unwrap();
    assert!((gap - 0.2).abs() < 1e-3, "gap {gap}");
}

#[test]
fn four_chargers_engage_each_of_three_enemy_models() {
    // BoV 5.1, "Charge Move" (Fig. 11): at least one charger on each enemy
    // model, the fourth on any; no overlap; coherency kept.
    let f = field(vec![]);
    let mut models = unit_row(A, 0, 10.0, 10.0, 4, 1.5);
    models.extend(unit_row(B, 1, 11.0, 16.0, 3, 1.5));
    let r = charge_move(&f, &models, A, B, 10.0, MoveTraits::default()).unwrap();
    assert_eq!(r.outcome, ChargeOutcome::Engaged);
    let own: Vec<Model> = r.after[..4].to_vec();
    for foe in &r.after[4..] {
        assert!(
            own.iter().any(|c| c.in_contact(foe)),
            "foe at {:?} not engaged",
            foe.center
        );
    }
    for c in &own {
        assert!(r.after[4..].iter().any(|foe| c.in_contact(foe)));
    }
    for i in 0..r.after.len() {
        for j in i + 1..r.after.len() {
            assert!(!r.after[i].overlaps(&r.after[j]));
        }
    }
    assert!(in_coherency(&own));
    // Deterministic.
    let again = charge_move(&f, &models, A, B, 10.0, MoveTraits::default()).unwrap();
    assert_eq!(again, r);
}

#[test]
fn chargers_that_cannot_reach_an_enemy_base_touch_a_friend_that_does() {
    // BoV 5.1, "Charge Move": physical constraints. Eight 1" bases charge one
    // 1" base: only six fit around it.
    let f = field(vec![]);
    let mut models = unit_row(A, 0, 10.0, 10.0, 8, 1.2);
    models.push(m(B, 1, 14.0, 15.0));
    let r = charge_move(&f, &models, A, B, 10.0, MoveTraits::default()).unwrap();
    assert_eq!(r.outcome, ChargeOutcome::Engaged);
    let own: Vec<Model> = r.after[..8].to_vec();
    let foe = &r.after[8..];
    let touching = own.iter().filter(|c| c.in_contact(&foe[0])).count();
    assert!((1..=6).contains(&touching));
    assert!(in_coherency(&own));
    for i in 0..r.after.len() {
        for j in i + 1..r.after.len() {
            assert!(!r.after[i].overlaps(&r.after[j]), "{i} overlaps {j}");
        }
    }
    let engaged = engaged_models(&own, foe).into_iter().filter(|e| *e).count();
    assert!(engaged >= touching);
}

#[test]
fn pile_in_brings_unengaged_models_into_contact() {
    let f = field(vec![]);
    let models = [
        m(A, 0, 10.0, 10.0),
        m(A, 0, 10.0, 11.5),
        m(A, 0, 10.0, 13.0),
        m(B, 1, 11.0, 10.0),
        m(B, 1, 12.0, 11.8),
    ];
    let r = pile_in(&f, &models, A, &[B], MoveTraits::default()).unwrap();
    let own = &r.after[..3];
    let foes = &r.after[3..];
    assert!(engaged_models(own, foes).into_iter().all(|e| e));
    assert!(in_coherency(own));
}

#[test]
fn charging_with_no_models_or_a_bad_distance_is_an_error() {
    let f = field(vec![]);
    let models = [m(A, 0, 10.0, 10.0)];
    assert!(charge_move(&f, &models, A, B, 10.0, MoveTraits::default()).is_err());
    let models = [m(A, 0, 10.0, 10.0), m(B, 1, 12.0, 10.0)];
    assert!(charge_move(&f, &models, A, B, f64::NAN, MoveTraits::default()).is_err());
}

// --- Terrain set-up -----------------------------------------------------

#[test]
fn terrain_is_placed_one_piece_a_sector_and_scattered_by_the_dice() {
    // BoV 5.1, "1) Place Terrain": 4 sectors on 4' x 3', 6 on 6' x 4'.
    for (size, n) in [
        (BattlefieldSize::Small2x1, 2),
        (BattlefieldSize::Standard4x3, 4),
        (BattlefieldSize::Large6x4, 6),
    ] {
        let mut s = Stream::new(7);
        let f = place_terrain(size, &default_templates(size), &mut s).unwrap();
        assert_eq!(f.terrain.len(), n);
        assert_eq!((f.width, f.height), size.inches());
        let obscuring = f.terrain.iter().filter(|t| t.obscuring()).count();
        assert!(obscuring * 2 >= n, "at least half Obscuring");
        for t in &f.terrain {
            let (lo, hi) = t.bounds();
            assert!(
                lo.x >= -1e-9 && lo.y >= -1e-9 && hi.x <= f.width + 1e-9 && hi.y <= f.height + 1e-9
            );
        }
        // Same seed, same table.
        let again = place_terrain(size, &default_templates(size), &mut Stream::new(7)).unwrap();
        assert_eq!(again, f);
    }
}

#[test]
fn the_scatter_distance_is_the_hits_on_six_black_and_one_gray_dice() {
    use valerna_dice::bov::{Colour, DiceGroup, Shift, roll_attack};
    // A 1" square piece in the first sector of a 4' x 3' table (centre 12, 9);
    // a scatter of at most 14" may push it against an edge.
    let tiny = TerrainTemplate {
        name: "stone".into(),
        outline: vec![p(-0.5, -0.5), p(0.5, -0.5), p(0.5, 0.5), p(-0.5, 0.5)],
        holes: vec![],
        kinds: vec![TerrainKind::Obscuring],
    };
    for seed in 0..20 {
        let f = place_terrain(
            BattlefieldSize::Standard4x3,
            std::slice::from_ref(&tiny),
            &mut Stream::new(seed),
        )
        .unwrap();
        let mut s = Stream::new(seed);
        let angle = (s.below(360) as f64).to_radians();
        let pool = [
            DiceGroup {
                count: 6,
                colour: Colour::Black,
            },
            DiceGroup {
                count: 1,
                colour: Colour::Gray,
            },
        ];
        let roll = roll_attack(&pool, Shift::None, &mut s);
        let d = (roll.standard + roll.critical) as f64;
        let x = (12.0 + d * angle.cos()).clamp(0.5, 47.5);
        let y = (9.0 + d * angle.sin()).clamp(0.5, 35.5);
        let (lo, hi) = f.terrain[0].bounds();
        assert!(((lo.x + hi.x) / 2.0 - x).abs() < 1e-9 && ((lo.y + hi.y) / 2.0 - y).abs() < 1e-9);
    }
}

#[test]
fn a_charged_flanking_unit_is_moved_about_an_inch_apart() {
    // BoV 5.1, "Charging a Flanking enemy" (Fig. 12.1): C flanks B with A;
    // D charges C, so C separates from B by roughly an inch.
    let d_unit = UnitId(4);
    let f = field(vec![]);
    let models = [
        m(B, 1, 20.0, 20.0), // flanked
        m(A, 0, 19.0, 20.0), // flanking from the left
        m(C, 0, 21.0, 20.0), // flanking from the right
        m(C, 0, 22.0, 20.0),
        m(d_unit, 1, 22.0, 21.0), // the charger, touching C's second model
    ];
    let (mv, after) = separate_flanking(&f, &models, C, B, MoveTraits::default()).unwrap();
    assert_eq!(mv.moves.len(), 2);
    let gap = unit_distance(&after[2..4], &after[..1]).unwrap();
    assert!((1.0..1.2).contains(&gap), "gap {gap}");
    for i in 0..after.len() {
        for j in i + 1..after.len() {
            assert!(!after[i].overlaps(&after[j]));
        }
    }
    assert!(in_coherency(&after[2..4]));
}

#[test]
fn a_charge_goes_round_impassable_terrain_and_may_fall_short() {
    // BoV 5.1, "Charge Move" with "Impassable terrain": the first model takes
    // the shortest way round the wall: 5.3" to clear its corner, 2" along
    // it, 4.3" down to the target, 11.7" in all where 9" would do in the
    // open. So 10" falls short and 13" reaches.
    let wall = square(14.0, 7.0, 16.0, 13.0, vec![TerrainKind::Impassable]);
    let f = field(vec![wall]);
    let models = [m(A, 0, 10.0, 10.0), m(B, 1, 20.0, 10.0)];
    let short = charge_move(&f, &models, A, B, 10.0, MoveTraits::default()).unwrap();
    assert_eq!(short.outcome, ChargeOutcome::FellShort);
    let reach = charge_move(&f, &models, A, B, 13.0, MoveTraits::default()).unwrap();
    assert_eq!(reach.outcome, ChargeOutcome::Engaged);
    assert!(reach.after[0].in_contact(&reach.after[1]));
    let cost = path_cost(
        &f,
        &models[0],
        &reach.unit_move.moves[0].waypoints,
        MoveTraits::default(),
    );
    // Near-shortest: within a tenth of an inch of the 11.69" taut path.
    assert!(cost > 11.68 && cost < 11.8, "cost {cost}");
}

#[test]
fn a_charge_at_an_unreachable_target_still_closes_in() {
    // BoV 5.1, "Charge Move": "as close to the target unit as possible". The
    // target stands in a walled pen; the charger moves straight up to the wall.
    let pen = TerrainPiece::new(
        "pen",
        &[p(16.0, 6.0), p(24.0, 6.0), p(24.0, 14.0), p(16.0, 14.0)],
        &[vec![
            p(17.0, 7.0),
            p(23.0, 7.0),
            p(23.0, 13.0),
            p(17.0, 13.0),
        ]],
        vec![TerrainKind::Impassable],
    )
    .unwrap();
    let f = field(vec![pen]);
    let models = [m(A, 0, 10.0, 10.0), m(B, 1, 20.0, 10.0)];
    let r = charge_move(&f, &models, A, B, 8.0, MoveTraits::default()).unwrap();
    assert_eq!(r.outcome, ChargeOutcome::FellShort);
    // The base stops at the wall's outer edge (x = 16): centre at 15.5 at most.
    let x = r.after[0].center.x;
    assert!(x > 15.3 && x <= 15.5 + 1e-9, "x {x}");
}
