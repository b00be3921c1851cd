//! Why an attack or a charge is not offered, in the table's terms (BoV
//! 5.1, "Attack" > "Declare Target", "No Ranged Attacks while Engaged",
//! "Line of Sight", "Charge" > "Select Target").

use valerna_bov::battle::why::WhyNot;
use valerna_bov::geometry::Point;

mod common;
use common::{activate, deployed, place, radius, row, unit_named};

/// The Golden Gunners (range 24", Speed 6) alone at (24, 4) against one
/// model of Ogerron Warchief's at `foe`, and the Guild Enforcers where
/// `wall` says.
fn gunners_against(foe: Point, wall: Option<f64>) -> (valerna_bov::battle::Battle, u16, u16, u16) {
    let mut g = deployed(1, "allaria_guild_line", "tyveria_swarm");
    let gunners = unit_named(&g, "Golden Gunners");
    let enforcers = unit_named(&g, "Guild Enforcers");
    let warchief = unit_named(&g, "Ogerron Warchief");
    place(&mut g, |g| {
        let mut keep = vec![
            (gunners, vec![Point::new(24.0, 4.0)]),
            (warchief, vec![foe]),
        ];
        if let Some(y) = wall {
            // In contact across the line, centred on it.
            let n = g.units[usize::from(enforcers)].positions.len();
            let width = (n as f64 - 1.0) * 2.0 * radius(g, enforcers);
            keep.push((enforcers, row(g, enforcers, n, 24.0 - width / 2.0, y, 0.0)));
        }
        keep
    });
    activate(&mut g, gunners);
    (g, gunners, enforcers, warchief)
}

/// Beyond the weapon's range and the charge's best reach: each says how far.
#[test]
fn a_target_too_far_is_told_by_its_inches() {
    let (g, gunners, _, warchief) = gunners_against(Point::new(24.0, 34.0), None);
    let why = g.why_not(gunners, warchief);
    let distance = g.distance(gunners, warchief);
    assert!(distance > 24.0, "{distance}");
    assert_eq!(
        why.attack,
        Some(WhyNot::OutOfRange {
            distance,
            range: 24.0
        })
    );
    let reach = g.charge_reach(gunners);
    assert!(reach < distance);
    assert_eq!(why.charge, Some(WhyNot::OutOfReach { distance, reach }));
}

/// In range, behind a wall of the Guild Enforcers (in 5.1 every base
/// blocks a line of sight): the wall is named, for the attack and the
/// charge alike.
#[test]
fn a_target_out_of_sight_names_what_stands_between() {
    let (g, gunners, _, warchief) = gunners_against(Point::new(24.0, 16.0), Some(10.0));
    let why = g.why_not(gunners, warchief);
    let wall = Some(WhyNot::NoSight {
        between: Some("Guild Enforcers".into()),
    });
    assert_eq!(why.attack, wall);
    assert_eq!(why.charge, wall);
    // Without the wall both are allowed.
    let (g, gunners, _, warchief) = gunners_against(Point::new(24.0, 16.0), None);
    let why = g.why_not(gunners, warchief);
    assert_eq!((why.attack, why.charge), (None, None));
}

/// An engaged unit attacks only the units it is engaged with, in melee,
/// and does not charge; its own side is no target.
#[test]
fn an_engaged_unit_is_told_it_is_engaged() {
    let mut g = deployed(1, "allaria_guild_line", "tyveria_swarm");
    let gunners = unit_named(&g, "Golden Gunners");
    let enforcers = unit_named(&g, "Guild Enforcers");
    let warchief = unit_named(&g, "Ogerron Warchief");
    let reavers = unit_named(&g, "Scythed Reavers");
    let touch = radius(&g, gunners) + radius(&g, warchief) + 0.001;
    place(&mut g, |_| {
        vec![
            (gunners, vec![Point::new(24.0, 4.0)]),
            (warchief, vec![Point::new(24.0, 4.0 + touch)]),
            (reavers, vec![Point::new(30.0, 14.0)]),
            (enforcers, vec![Point::new(10.0, 4.0)]),
        ]
    });
    activate(&mut g, gunners);
    let on_reavers = g.why_not(gunners, reavers);
    assert_eq!(on_reavers.attack, Some(WhyNot::Engaged));
    assert_eq!(on_reavers.charge, Some(WhyNot::Engaged));
    // The unit it is engaged with it may attack (in melee).
    assert_eq!(g.why_not(gunners, warchief).attack, None);
    let own = g.why_not(gunners, enforcers);
    assert_eq!(own.attack, Some(WhyNot::NotAnEnemy));
    assert_eq!(own.charge, Some(WhyNot::NotAnEnemy));
}
