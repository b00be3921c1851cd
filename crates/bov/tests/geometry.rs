//! Geometry: bases, distance, coherency, engagement, terrain, line of sight
//! (BoV 5.1, "Important Concepts", "Engaged", "Terrain", "Keywords").

use valerna_bov::geometry::*;

const INCH_BASE: f64 = 25.4; // a 1" base: radius exactly 0.5"
const A: UnitId = UnitId(1);
const B: UnitId = UnitId(2);
const C: UnitId = UnitId(3);

fn m(unit: UnitId, side: u8, x: f64, y: f64) -> Model {
    Model::new(unit, side, Point::new(x, y), INCH_BASE)
}

fn big(unit: UnitId, side: u8, x: f64, y: f64, radius: f64) -> Model {
    Model {
        unit,
        side,
        center: Point::new(x, y),
        radius_in: radius,
        stature: Stature::Normal,
    }
}

fn field(terrain: Vec<TerrainPiece>) -> Battlefield {
    Battlefield::new(48.0, 36.0, terrain).unwrap()
}

fn square(x0: f64, y0: f64, x1: f64, y1: f64, kinds: Vec<TerrainKind>) -> TerrainPiece {
    TerrainPiece::rect("piece", Point::new(x0, y0), Point::new(x1, y1), kinds).unwrap()
}

// --- Bases and distance -------------------------------------------------

#[test]
fn base_diameter_in_mm_becomes_inches() {
    // docs/rulings.md, "Editions, inches and bases": 25.4 mm = 1".
    assert!((base_radius_in(25.4) - 0.5).abs() < 1e-12);
    assert!((base_radius_in(50.8) - 1.0).abs() < 1e-12);
    assert!((base_radius_in(25.0) - 25.0 / 50.8).abs() < 1e-12);
}

#[test]
fn unit_distance_is_between_the_nearest_bases() {
    // BoV 5.1, "Distance" (Fig. 6): nearest point of the nearest models.
    let a = [m(A, 0, 0.0, 0.0), m(A, 0, 3.0, 0.0)];
    let b = [m(B, 1, 10.0, 0.0), m(B, 1, 6.0, 0.0)];
    assert!((unit_distance(&a, &b).unwrap() - 2.0).abs() < 1e-12);
    assert_eq!(unit_distance(&a, &[]), None);
    // Touching bases are 0" apart.
    let c = [m(B, 1, 4.0, 0.0)];
    assert_eq!(unit_distance(&a, &c), Some(0.0));
}

// --- Coherency ----------------------------------------------------------

#[test]
fn a_model_exactly_one_inch_away_is_in_coherency() {
    // BoV 5.1, "Unit Coherency": within 1". Centres 2" apart, bases 1" wide.
    assert!(in_coherency(&[m(A, 0, 0.0, 0.0), m(A, 0, 2.0, 0.0)]));
    assert!(!in_coherency(&[m(A, 0, 0.0, 0.0), m(A, 0, 2.01, 0.0)]));
}

#[test]
fn coherency_needs_one_uninterrupted_group() {
    // BoV 5.1, "Unit Coherency" (Fig. 7): every model has a neighbour, but two
    // separate pairs are not one group.
    let two_pairs = [
        m(A, 0, 0.0, 0.0),
        m(A, 0, 1.5, 0.0),
        m(A, 0, 10.0, 0.0),
        m(A, 0, 11.5, 0.0),
    ];
    assert!(!in_coherency(&two_pairs));
    // A chain: the ends are far apart, each link within 1".
    let chain = [m(A, 0, 0.0, 0.0), m(A, 0, 1.9, 0.0), m(A, 0, 3.8, 0.0)];
    assert!(in_coherency(&chain));
    assert!(in_coherency(&[m(A, 0, 0.0, 0.0)]));
    assert!(in_coherency(&[]));
}

#[test]
fn a_model_with_a_nan_position_breaks_coherency_without_panicking() {
    assert!(!in_coherency(&[m(A, 0, 0.0, 0.0), m(A, 0, f64::NAN, 0.0)]));
}

// --- Engagement ---------------------------------------------------------

#[test]
fn engaged_through_a_friend_in_contact_but_only_one_step() {
    // BoV 5.1, "Engaged": in contact with an enemy, or with a model of its own
    // unit that is in contact with an enemy.
    let enemy = [m(B, 1, 0.0, 0.0)];
    let unit = [
        m(A, 0, 1.0, 0.0), // touches the enemy
        m(A, 0, 2.0, 0.0), // touches the first
        m(A, 0, 3.0, 0.0), // touches only the second
        m(A, 0, 0.0, 3.0), // 2" from the enemy
    ];
    assert_eq!(
        engaged_models(&unit, &enemy),
        vec![true, true, false, false]
    );
    assert!(unit_engaged_with(&unit, &enemy));
    assert!(!unit_engaged_with(&unit[2..], &enemy));
}

// --- Terrain ------------------------------------------------------------

#[test]
fn a_base_touching_the_terrain_edge_is_outside() {
    // BoV 5.1, "Models inside/outside Terrain": in contact is outside; any
    // overlap, even a millimetre, is inside.
    let t = square(0.0, 0.0, 4.0, 4.0, vec![TerrainKind::Obscuring]);
    assert!(!t.contains_model(&m(A, 0, 4.5, 2.0)));
    assert!(t.contains_model(&m(A, 0, 4.5 - 1.0 / 25.4, 2.0)));
    assert!(t.contains_model(&m(A, 0, 2.0, 2.0)));
    // Touching a corner only.
    let d = 0.5 / 2f64.sqrt();
    assert!(!t.contains_model(&m(A, 0, 4.0 + d, 4.0 + d)));
}

#[test]
fn a_model_in_a_hole_is_outside_the_piece() {
    let outline = [
        Point::new(0.0, 0.0),
        Point::new(10.0, 0.0),
        Point::new(10.0, 10.0),
        Point::new(0.0, 10.0),
    ];
    let hole = vec![
        Point::new(3.0, 3.0),
        Point::new(7.0, 3.0),
        Point::new(7.0, 7.0),
        Point::new(3.0, 7.0),
    ];
    let t = TerrainPiece::new(
        "walled garden",
        &outline,
        &[hole],
        vec![TerrainKind::Slowing],
    )
    .unwrap();
    assert!(!t.contains_model(&m(A, 0, 5.0, 5.0)));
    assert!(!t.contains_model(&m(A, 0, 3.5, 5.0))); // touches the hole's edge
    assert!(t.contains_model(&m(A, 0, 3.4, 5.0)));
    assert!(t.contains_model(&m(A, 0, 1.0, 1.0)));
    // A line inside the hole does not pass through the terrain.
    assert!(!t.segment_crosses_interior(Point::new(4.0, 4.0), Point::new(6.0, 6.0)));
    assert!(t.segment_crosses_interior(Point::new(5.0, 5.0), Point::new(5.0, 12.0)));
}

#[test]
fn lines_along_an_edge_or_through_a_corner_do_not_pass_through() {
    let t = square(0.0, 0.0, 4.0, 4.0, vec![TerrainKind::Obscuring]);
    assert!(!t.segment_crosses_interior(Point::new(-1.0, 0.0), Point::new(5.0, 0.0)));
    assert!(t.segment_crosses_interior(Point::new(-1.0, 5.0), Point::new(5.0, -1.0)));
    assert!(!t.segment_crosses_interior(Point::new(3.0, 5.0), Point::new(5.0, 3.0)));
    assert!(t.segment_crosses_interior(Point::new(-1.0, 2.0), Point::new(5.0, 2.0)));
    // Corner to corner through the middle.
    assert!(t.segment_crosses_interior(Point::new(0.0, 0.0), Point::new(4.0, 4.0)));
}

#[test]
fn bad_outlines_and_battlefields_are_refused() {
    let nan = [
        Point::new(0.0, 0.0),
        Point::new(f64::NAN, 1.0),
        Point::new(1.0, 0.0),
    ];
    assert!(TerrainPiece::new("x", &nan, &[], vec![]).is_err());
    let two = [
        Point::new(0.0, 0.0),
        Point::new(1.0, 1.0),
        Point::new(0.0, 0.0),
    ];
    assert!(TerrainPiece::new("x", &two, &[], vec![]).is_err());
    assert!(Battlefield::new(0.0, 10.0, vec![]).is_err());
    assert!(Battlefield::new(f64::NAN, 10.0, vec![]).is_err());
}

// --- Line of sight ------------------------------------------------------

fn sees(f: &Battlefield, models: &[Model], from: usize, to: usize) -> bool {
    Sightlines::new(f, models).model_sees(from, to)
}

#[test]
fn open_ground_gives_line_of_sight() {
    let models = [m(A, 0, 5.0, 5.0), m(B, 1, 20.0, 9.0)];
    assert!(sees(&field(vec![]), &models, 0, 1));
    assert!(sees(&field(vec![]), &models, 1, 0));
}

#[test]
fn a_base_across_every_line_blocks() {
    // BoV 5.1, "Line of Sight": bases of other models block. Every line between
    // the two 1" bases crosses x = 15 within 0.5" of the 2"-radius base there.
    let models = [
        m(A, 0, 10.0, 10.0),
        m(B, 1, 20.0, 10.0),
        big(C, 1, 15.0, 10.0, 2.0),
    ];
    assert!(!sees(&field(vec![]), &models, 0, 1));
}

#[test]
fn a_line_grazing_a_base_is_not_blocked() {
    // Same-sized bases in a row: the only lines that miss the middle base are
    // the two common tangents, which touch it without passing through it.
    let models = [
        m(A, 0, 10.0, 10.0),
        m(B, 1, 20.0, 10.0),
        m(C, 1, 15.0, 10.0),
    ];
    assert!(sees(&field(vec![]), &models, 0, 1));
    // A hair larger and the tangents pass through it.
    let models = [
        m(A, 0, 10.0, 10.0),
        m(B, 1, 20.0, 10.0),
        big(C, 1, 15.0, 10.0, 0.501),
    ];
    assert!(!sees(&field(vec![]), &models, 0, 1));
}

#[test]
fn the_line_linking_two_models_of_a_unit_blocks() {
    // BoV 5.1, "Line of Sight" (Fig. 8): the imaginary line between models of
    // a unit blocks. Two models 0.8" apart (linked) straddle every line.
    let linked = [
        m(A, 0, 10.0, 10.0),
        m(B, 1, 20.0, 10.0),
        m(C, 1, 15.0, 10.9),
        m(C, 1, 15.0, 9.1),
    ];
    assert!(!sees(&field(vec![]), &linked, 0, 1));
    // 1.4" apart they are not linked (docs/rulings.md): the gap can be seen through.
    let apart = [
        m(A, 0, 10.0, 10.0),
        m(B, 1, 20.0, 10.0),
        m(C, 1, 15.0, 11.2),
        m(C, 1, 15.0, 8.8),
    ];
    assert!(sees(&field(vec![]), &apart, 0, 1));
}

#[test]
fn the_looking_units_own_models_block() {
    // BoV 5.1, "Count attacking models": even the attacking unit itself blocks.
    let models = [
        m(A, 0, 10.0, 10.0), // behind its own front rank
        m(A, 0, 12.0, 9.4),
        m(A, 0, 12.0, 10.6),
        m(B, 1, 20.0, 10.0),
    ];
    let s = Sightlines::new(&field(vec![]), &models);
    assert!(!s.model_sees(0, 3));
    assert!(s.model_sees(1, 3));
    assert!(s.unit_sees(A, B));
}

#[test]
fn obscuring_terrain_blocks_lines_through_it_but_not_into_or_out_of_it() {
    // BoV 5.1, "Obscuring terrain" (Fig. 17).
    let wood = square(14.0, 5.0, 16.0, 15.0, vec![TerrainKind::Obscuring]);
    let f = field(vec![wood]);
    // Behind the terrain: not seen.
    assert!(!sees(&f, &[m(A, 0, 10.0, 10.0), m(B, 1, 20.0, 10.0)], 0, 1));
    // Behind it, base touching its far edge: still outside, still not seen.
    assert!(!sees(&f, &[m(A, 0, 10.0, 10.0), m(B, 1, 16.5, 10.0)], 0, 1));
    // Inside it: seen, and it sees out.
    let into = [m(A, 0, 10.0, 10.0), m(B, 1, 15.0, 10.0)];
    assert!(sees(&f, &into, 0, 1));
    assert!(sees(&f, &into, 1, 0));
    // Both inside.
    assert!(sees(&f, &[m(A, 0, 14.5, 6.0), m(B, 1, 15.5, 14.0)], 0, 1));
    // Past its end: the lines go around.
    assert!(sees(&f, &[m(A, 0, 10.0, 16.0), m(B, 1, 20.0, 16.0)], 0, 1));
    // Slowing alone does not block.
    let river = square(14.0, 5.0, 16.0, 15.0, vec![TerrainKind::Slowing]);
    assert!(sees(
        &field(vec![river]),
        &[m(A, 0, 10.0, 10.0), m(B, 1, 20.0, 10.0)],
        0,
        1
    ));
}

#[test]
fn huge_units_ignore_units_that_are_not_huge() {
    // BoV 5.1, "Keywords", Huge.
    let wall = big(C, 1, 15.0, 10.0, 2.0);
    let mut models = [m(A, 0, 10.0, 10.0), m(B, 1, 20.0, 10.0), wall];
    models[0].stature = Stature::Huge;
    assert!(sees(&field(vec![]), &models, 0, 1));
    assert!(sees(&field(vec![]), &models, 1, 0)); // to the Huge unit, too
    models[2].stature = Stature::Huge;
    assert!(!sees(&field(vec![]), &models, 0, 1));
    // Terrain still blocks.
    let wood = square(14.0, 5.0, 16.0, 15.0, vec![TerrainKind::Obscuring]);
    let models = [
        m(A, 0, 10.0, 10.0).with_stature(Stature::Huge),
        m(B, 1, 20.0, 10.0),
    ];
    assert!(!sees(&field(vec![wood]), &models, 0, 1));
}

#[test]
fn tiny_units_block_only_tiny_units() {
    // BoV 5.1, "Keywords", Tiny.
    let swarm = big(C, 1, 15.0, 10.0, 2.0).with_stature(Stature::Tiny);
    let models = [m(A, 0, 10.0, 10.0), m(B, 1, 20.0, 10.0), swarm];
    assert!(sees(&field(vec![]), &models, 0, 1));
    let models = [
        m(A, 0, 10.0, 10.0).with_stature(Stature::Tiny),
        m(B, 1, 20.0, 10.0),
        swarm,
    ];
    assert!(!sees(&field(vec![]), &models, 0, 1));
}

#[test]
fn line_of_sight_survives_bad_input() {
    let models = [m(A, 0, f64::NAN, 10.0), m(B, 1, 20.0, 10.0)];
    let s = Sightlines::new(&field(vec![]), &models);
    assert!(!s.model_sees(0, 1));
    assert!(!s.model_sees(1, 0));
    assert!(!s.model_sees(0, 7));
    assert!(!s.unit_sees(A, UnitId(99)));
}

#[test]
fn cover_counts_models_inside_or_behind_obscuring_terrain() {
    // BoV 5.1, "Obscuring terrain": at least half inside or behind.
    let wood = square(14.0, 5.0, 16.0, 12.0, vec![TerrainKind::Obscuring]);
    let f = field(vec![wood]);
    let models = [
        m(A, 0, 5.0, 10.0),
        m(B, 1, 20.0, 10.0), // behind
        m(B, 1, 20.0, 20.0), // in the open
    ];
    let s = Sightlines::new(&f, &models);
    assert!(s.in_cover_from(0, 1));
    assert!(!s.in_cover_from(0, 2));
    assert!(s.unit_in_cover_from(A, B)); // one of two: half
    let models = [m(A, 0, 5.0, 10.0), m(B, 1, 20.0, 20.0), m(B, 1, 22.0, 20.0)];
    assert!(!Sightlines::new(&f, &models).unit_in_cover_from(A, B));
}

#[test]
fn counting_attacking_models_needs_range_and_sight() {
    // BoV 5.1, "Count attacking models": a target model both within range and
    // in line of sight. The nearest target base is 9" away (edge to edge).
    let models = [
        m(A, 0, 10.0, 10.0),
        m(B, 1, 20.0, 10.0),
        m(B, 1, 30.0, 10.0),
    ];
    let s = Sightlines::new(&field(vec![]), &models);
    assert!(s.model_sees_unit_within(0, B, 9.0));
    assert!(!s.model_sees_unit_within(0, B, 8.9));
    // The far model lies right behind the near one (same bases, one line):
    // only the two tangent lines pass, and a grazing line is not blocked.
    assert!(s.model_sees(0, 2));
    assert!(!s.model_sees_unit_within(0, C, 50.0));
}

#[test]
fn dangerous_terrain_reaches_six_inches_from_its_edge() {
    // BoV 5.1, "Dangerous terrain (X)": inside, or within 6".
    let lava = square(
        10.0,
        10.0,
        14.0,
        14.0,
        vec![TerrainKind::Dangerous(3), TerrainKind::Slowing],
    );
    assert_eq!(lava.dangerous(), Some(3));
    assert!(lava.slowing() && !lava.obscuring());
    assert!((lava.distance_to_model(&m(A, 0, 20.5, 12.0)) - 6.0).abs() < 1e-12);
    assert_eq!(lava.distance_to_model(&m(A, 0, 12.0, 12.0)), 0.0);
}

#[test]
fn units_see_each_other_if_any_pair_does() {
    // BoV 5.1, "Line of Sight": any model of the unit to any model of the target.
    let wood = square(14.0, 5.0, 16.0, 15.0, vec![TerrainKind::Obscuring]);
    let f = field(vec![wood]);
    let models = [
        m(A, 0, 10.0, 10.0), // behind the wood
        m(A, 0, 10.0, 18.0), // clear of it
        m(B, 1, 20.0, 10.0),
        m(B, 1, 20.0, 18.0),
    ];
    let s = Sightlines::new(&f, &models);
    assert!(!s.model_sees(0, 2));
    assert!(s.unit_sees(A, B));
    let hidden = [m(A, 0, 10.0, 8.0), m(A, 0, 10.0, 10.0), m(B, 1, 20.0, 10.0)];
    assert!(!Sightlines::new(&f, &hidden).unit_sees(A, B));
}
