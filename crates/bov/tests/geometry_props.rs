//! Property tests: after any validated move no two bases overlap, the unit is
//! in coherency, and no model ends within 1" of an enemy outside a charge,
//! pile-in or consolidate (BoV 5.1, "Movement", "Unit Coherency", "Charge Move").

use proptest::prelude::*;
use valerna_bov::geometry::*;

mod shapes;

const A: UnitId = UnitId(1);
const B: UnitId = UnitId(2);

fn no_overlaps(models: &[Model]) -> bool {
    (0..models.len()).all(|i| (i + 1..models.len()).all(|j| models[i].gap(&models[j]) >= -1e-6))
}

fn unit(models: &[Model], u: UnitId) -> Vec<Model> {
    models.iter().filter(|m| m.unit == u).copied().collect()
}

fn scene() -> impl Strategy<Value = (Battlefield, Vec<Model>)> {
    (
        1usize..6,
        1usize..4,
        (8.0f64..40.0, 8.0f64..28.0),
        (8.0f64..40.0, 8.0f64..28.0),
        prop::bool::ANY,
    )
        .prop_map(|(na, nb, (ax, ay), (bx, by), with_terrain)| {
            let mut models = Vec::new();
            for k in 0..na {
                models.push(Model::new(A, 0, Point::new(ax + k as f64 * 1.2, ay), 25.4));
            }
            for k in 0..nb {
                models.push(Model::new(B, 1, Point::new(bx + k as f64 * 1.6, by), 32.0));
            }
            let terrain = if with_terrain {
                vec![
                    TerrainPiece::rect(
                        "wood",
                        Point::new(20.0, 14.0),
                        Point::new(26.0, 20.0),
                        vec![TerrainKind::Slowing, TerrainKind::Obscuring],
                    )
                    .unwrap(),
                    TerrainPiece::rect(
                        "lake",
                        Point::new(30.0, 4.0),
                        Point::new(34.0, 10.0),
                        vec![TerrainKind::Impassable],
                    )
                    .unwrap(),
                ]
            } else {
                Vec::new()
            };
            (Battlefield::new(48.0, 36.0, terrain).unwrap(), models)
        })
        .prop_filter("a legal starting position", |(f, models)| {
            no_overlaps(models)
                && in_coherency(&unit(models, A))
                && unit_distance(&unit(models, A), &unit(models, B)).unwrap() > 1.5
                && !models.iter().any(|m| {
                    f.terrain
                        .iter()
                        .any(|t| t.impassable() && t.contains_model(m))
                })
        })
}

fn check_normal_move(after: &[Model]) {
    assert!(no_overlaps(after));
    assert!(in_coherency(&unit(after, A)));
    for a in unit(after, A) {
        for b in unit(after, B) {
            assert!(
                a.gap(&b) >= 1.0 - 1e-6,
                "ended {}\" from an enemy",
                a.gap(&b)
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn validated_moves_keep_the_rules(
        (f, models) in scene(),
        shift in (-8.0f64..8.0, -8.0f64..8.0),
        jitter in prop::collection::vec((-1.0f64..1.0, -1.0f64..1.0), 6),
    ) {
        let moves: Vec<ModelMove> = models
            .iter()
            .enumerate()
            .filter(|(_, m)| m.unit == A)
            .map(|(i, m)| ModelMove {
                model: i,
                waypoints: vec![m.center.plus(Point::new(shift.0 + jitter[i].0, shift.1 + jitter[i].1))],
            })
            .collect();
        let mv = UnitMove { unit: A, kind: MoveKind::Normal, allowance: Some(10.0), traits: MoveTraits::default(), moves };
        if let Ok(after) = validate_unit_move(&f, &models, &mv) {
            check_normal_move(&after);
        }
    }

    #[test]
    fn formation_moves_are_legal(
        (f, models) in scene(),
        shift in (-10.0f64..10.0, -10.0f64..10.0),
    ) {
        if let Some(mv) = plan_formation(&f, &models, A, Point::new(shift.0, shift.1), MoveKind::Normal, 8.0, MoveTraits::default()) {
            let after = validate_unit_move(&f, &models, &mv).expect("the planner proposes legal moves");
            check_normal_move(&after);
        }
    }

    #[test]
    fn charges_keep_bases_apart_and_the_unit_together(
        (f, models) in scene(),
        distance in 2.0f64..14.0,
    ) {
        if let Ok(r) = charge_move(&f, &models, A, B, distance, MoveTraits::default()) {
            prop_assert!(no_overlaps(&r.after));
            prop_assert!(in_coherency(&unit(&r.after, A)));
            if r.outcome == ChargeOutcome::Engaged {
                prop_assert!(unit_engaged_with(&unit(&r.after, A), &unit(&r.after, B)));
            }
        }
    }
}

fn crowd() -> impl Strategy<Value = (Battlefield, Vec<Model>)> {
    (
        prop::collection::vec(
            (2.0f64..30.0, 2.0f64..22.0, 0u16..4, prop::bool::ANY),
            4..24,
        ),
        prop::collection::vec((4.0f64..26.0, 4.0f64..18.0, 1.0f64..5.0, 1.0f64..5.0), 0..4),
    )
        .prop_map(|(spots, pieces)| {
            let mut models: Vec<Model> = Vec::new();
            for (x, y, u, big) in spots {
                let m = Model::new(
                    UnitId(u),
                    (u % 2) as u8,
                    Point::new(x, y),
                    if big { 50.0 } else { 25.0 },
                );
                if models.iter().all(|o| !o.overlaps(&m)) {
                    models.push(m);
                }
            }
            (obscuring_table(pieces), models)
        })
}

/// A 32" x 24" table of Obscuring pieces, every other one an L shape (not
/// convex), from `(x, y, width, height)`.
fn obscuring_table(pieces: Vec<(f64, f64, f64, f64)>) -> Battlefield {
    let terrain = pieces
        .into_iter()
        .enumerate()
        .map(|(k, (x, y, w, h))| {
            let outline = shapes::rect_or_l(k % 2 == 1, x, y, w, h);
            TerrainPiece::new("piece", &outline, &[], vec![TerrainKind::Obscuring]).unwrap()
        })
        .collect();
    Battlefield::new(32.0, 24.0, terrain).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The fast query's shortcuts never change the answer of the plain
    /// line-by-line check (BoV 5.1, "Line of Sight").
    #[test]
    fn fast_line_of_sight_agrees_with_the_line_by_line_check((f, models) in crowd()) {
        let s = Sightlines::new(&f, &models);
        for i in 0..models.len() {
            for j in 0..models.len() {
                prop_assert_eq!(s.model_sees(i, j), s.model_sees_exhaustive(i, j), "{} -> {}", i, j);
            }
        }
    }
}

/// A unit in ranks (a single wide rank screens others): its first model's
/// centre, the way its ranks face, how many models, how many to a rank, the
/// space between bases, the base, and its keyword (one model in some units
/// has another base and keyword).
type Formation = (f64, f64, f64, usize, usize, f64, usize, u8, bool);

fn formation() -> impl Strategy<Value = Formation> {
    (
        2.0f64..30.0,
        2.0f64..22.0,
        0.0f64..std::f64::consts::TAU,
        1usize..=8,
        1usize..=6,
        prop_oneof![Just(0.0), 0.0f64..0.01, 0.0f64..1.0],
        0usize..5,
        0u8..6,
        prop::bool::weighted(0.2),
    )
}

fn stature(k: u8) -> Stature {
    match k {
        0 => Stature::Huge,
        1 => Stature::Tiny,
        _ => Stature::Normal,
    }
}

/// Units in ranks among Obscuring pieces (rectangles and L shapes, some
/// over models), every base placed where it overlaps no other.
fn formations() -> impl Strategy<Value = (Battlefield, Vec<Model>)> {
    (
        prop::collection::vec(formation(), 2..6),
        prop::collection::vec((2.0f64..30.0, 2.0f64..22.0, 0.5f64..8.0, 0.5f64..8.0), 0..5),
    )
        .prop_map(|(units, pieces)| {
            const BASES: [f64; 5] = [25.0, 25.0, 32.0, 40.0, 50.0];
            let mut models: Vec<Model> = Vec::new();
            for (u, (x, y, turn, count, files, spacing, base, kw, mixed)) in
                units.into_iter().enumerate()
            {
                let (along, across) = (
                    Point::new(turn.cos(), turn.sin()),
                    Point::new(-turn.sin(), turn.cos()),
                );
                let step = BASES[base] / 25.4 + spacing;
                for i in 0..count {
                    let c = Point::new(x, y)
                        .plus(along.scale((i % files) as f64 * step))
                        .plus(across.scale((i / files) as f64 * step));
                    let odd = mixed && i + 1 == count;
                    let mm = if odd {
                        BASES[(base + 2) % 5]
                    } else {
                        BASES[base]
                    };
                    let kw = if odd { kw.wrapping_add(1) % 3 } else { kw };
                    let m = Model::new(UnitId(u as u16 + 1), (u % 2) as u8, c, mm)
                        .with_stature(stature(kw));
                    if models.iter().all(|o| !o.overlaps(&m)) {
                        models.push(m);
                    }
                }
            }
            (obscuring_table(pieces), models)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// A unit sees another exactly when one of its models sees one of the
    /// other's (BoV 5.1, "Line of Sight"), whatever shortcut the unit query
    /// takes, each pair checked line by line.
    #[test]
    fn a_unit_sees_another_when_a_model_sees_one_of_its_models((f, models) in formations()) {
        let s = Sightlines::new(&f, &models);
        let models = &models;
        let members = |u: u16| (0..models.len()).filter(move |&i| models[i].unit == UnitId(u));
        for from in 1..=5u16 {
            for to in 1..=5u16 {
                if from == to {
                    continue;
                }
                let any = members(from).any(|i| members(to).any(|j| s.model_sees_exhaustive(i, j)));
                prop_assert_eq!(s.unit_sees(UnitId(from), UnitId(to)), any, "{} -> {}", from, to);
            }
        }
    }
}
