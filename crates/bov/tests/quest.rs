//! The Quest (BoV 5.1, "Alternative scenarios" > "The Quest"): special
//! deployment, grabbing, carrying and scoring treasure, and its victory.

mod common;

use common::{activate, decline_reactions, pack, place, row, unit_named};
use valerna_bov::battle::bots::{GreedyBot, RandomBot, play};
use valerna_bov::battle::quest::{Edge, Place, Treasure};
use valerna_bov::battle::{Battle, BattleSetup, Decision, Phase};
use valerna_bov::geometry::Point;
use valerna_bov::rules::edition::Edition;
use valerna_bov::rules::quest::{TreasureKind, grab_roll};
use valerna_bov::rules::scenario::{self, GameResult, Scenario, Score, result_with_margin};
use valerna_dice::Stream;
use valerna_dice::bov::{AttackFace, Colour, attack_face};
use valerna_game::Game;

fn quest(seed: u64, battlefield: scenario::Battlefield) -> BattleSetup {
    BattleSetup {
        cards: None,
        edition: Default::default(),
        seed,
        lists: ["allaria_guild_line".into(), "tyveria_swarm".into()],
        scenario: Scenario::Quest,
        battlefield,
        map: None,
        monsters: Vec::new(),
    }
}

/// A Quest through "Objectives Setup" and "Roll for Table Edges" by the
/// engine's first suggestions: Round 1 begins.
fn started(seed: u64) -> Battle {
    let mut g = Battle::start(&pack(), &quest(seed, scenario::Battlefield::Standard4x3)).unwrap();
    let mut buf = Vec::new();
    while matches!(
        g.phase,
        Phase::PlaceObjective { .. } | Phase::TableEdge { .. }
    ) {
        g.choices(&mut buf);
        g.apply(buf[0].clone()).unwrap();
    }
    g
}

fn token(at: Point, kind: Option<TreasureKind>) -> Treasure {
    Treasure {
        kind,
        place: Place::Table(at),
    }
}

fn carried(unit: u16, kind: TreasureKind) -> Treasure {
    Treasure {
        kind: Some(kind),
        place: Place::Carried(unit),
    }
}

/// "Objectives Setup": "Place objectives as in Pitched Battle ... the
/// objective tokens are known as treasure tokens"; "Special Deployment":
/// "no models are deployed before game start; instead, all units start in
/// Reserve", the General too.
#[test]
fn every_unit_starts_in_reserve_and_the_objectives_are_treasures() {
    let g = started(3);
    assert_eq!(g.round, 1);
    assert!(matches!(g.phase, Phase::Turn { .. }), "{:?}", g.phase);
    assert!(g.units.iter().all(|u| u.reserve && !u.deployed));
    assert!(g.units.iter().any(|u| u.general && u.reserve));
    // Five tokens on 4'x3', as the Pitched Battle's objectives; none is an
    // objective to control.
    assert_eq!(g.quest.treasures.len(), 5);
    assert!(
        g.quest
            .treasures
            .iter()
            .all(|t| t.kind.is_none() && matches!(t.place, Place::Table(_)))
    );
    assert!(g.objectives.is_empty());
    let view = g.view(0);
    assert_eq!(view.treasures.len(), 5);
    assert!(view.treasures.iter().all(|t| t.at.is_some()));
}

/// "Special Deployment": "units in Reserve are also able to enter the
/// battlefield starting in Round 1, and the winner of a face-off roll
/// chooses which table edge the unit enters from".
#[test]
fn units_enter_in_round_one_from_the_edge_the_face_off_winner_picks() {
    let mut g = started(7);
    let Phase::Turn { seat } = g.phase else {
        panic!("{:?}", g.phase)
    };
    let unit = g
        .units
        .iter()
        .find(|u| u.owner == seat && u.mounted_on.is_none())
        .unwrap()
        .id;
    g.apply(Decision::Activate { unit }).unwrap();
    let Phase::EntryEdge {
        unit: u,
        seat: winner,
    } = g.phase
    else {
        panic!("a face-off for the edge first: {:?}", g.phase)
    };
    assert_eq!(u, unit);
    assert_eq!(g.to_decide(), Some(winner));
    // The winner may pick any edge, even the enemy's own long edge, from
    // which a unit in Reserve never enters in other scenarios.
    let enemy_edge = g.own_edge(1 - seat);
    g.apply(Decision::EntryEdge { edge: enemy_edge }).unwrap();
    assert_eq!(g.phase, Phase::Reserve { unit });
    // Not from the player's own edge now.
    let (w, h) = (g.field.width, g.field.height);
    let own = if g.near_edge(seat) {
        Point::new(w / 2.0, 0.0)
    } else {
        Point::new(w / 2.0, h)
    };
    let e = g
        .apply(Decision::Enter {
            point: own,
            paths: vec![(0, vec![own])],
        })
        .unwrap_err();
    assert!(e.to_string().contains("table edge"), "{e}");
    let mut buf = Vec::new();
    g.choices(&mut buf);
    let enters: Vec<Decision> = buf
        .into_iter()
        .filter(|d| matches!(d, Decision::Enter { .. }))
        .collect();
    assert!(!enters.is_empty());
    for d in &enters {
        let Decision::Enter { point, .. } = d else {
            unreachable!()
        };
        assert!(enemy_edge.depth(*point, w, h).abs() < 1e-9, "{point:?}");
    }
    g.apply(enters[0].clone()).unwrap();
    assert_eq!(g.round, 1);
    let u = &g.units[usize::from(unit)];
    assert!(u.alive() && !u.reserve);
}

/// "Grabbing Treasure": "If a critical hit is rolled, the unit has found
/// and seized a major magical treasure. Otherwise they have found a minor
/// magical treasure." The roll is one black attack die.
#[test]
fn a_critical_on_the_black_die_is_a_major_treasure() {
    assert_eq!(
        TreasureKind::of_face(AttackFace::Critical),
        TreasureKind::Major
    );
    assert_eq!(
        TreasureKind::of_face(AttackFace::DoubleCritical),
        TreasureKind::Major
    );
    for f in [AttackFace::Miss, AttackFace::Hit, AttackFace::DoubleHit] {
        assert_eq!(TreasureKind::of_face(f), TreasureKind::Minor);
    }
    // "You immediately score 20 points for a major treasure or 10 points
    // for a minor treasure."
    assert_eq!(TreasureKind::Major.points(Edition::V5_1), 20);
    assert_eq!(TreasureKind::Minor.points(Edition::V5_1), 10);
    // The roll is the black die's face: on a d10, 9 and 0 are criticals
    // (docs/rulings.md, "The attack die"), so 2 rolls in 10 find a major treasure.
    let mut majors = 0;
    for seed in 0..2000 {
        let mut s = Stream::new(seed);
        let face = attack_face(Colour::Black, s.clone().d10());
        let kind = grab_roll(&mut s);
        assert_eq!(kind, TreasureKind::of_face(face));
        majors += usize::from(kind == TreasureKind::Major);
    }
    assert!((300..500).contains(&majors), "{majors} of 2000");
}

/// "When a unit moves into contact with a treasure token, its move ends,
/// and it immediately rolls a black attack die ... Place the token on the
/// unit to show it's now carrying it."
#[test]
fn a_unit_stops_at_a_treasure_and_carries_it() {
    let mut g = started(5);
    let qui = unit_named(&g, "Parrymaster Qui");
    let guards = unit_named(&g, "Oathguard Commander");
    let foe = unit_named(&g, "Adrael");
    place(&mut g, |g| {
        vec![
            (qui, vec![Point::new(10.0, 10.0)]),
            (guards, row(g, guards, 1, 30.0, 10.0, 0.5)),
            (foe, vec![Point::new(40.0, 30.0)]),
        ]
    });
    let at = Point::new(10.0, 14.0);
    g.quest.treasures = vec![token(at, None)];
    activate(&mut g, qui);
    // A march 5" straight on, over the token 4" ahead.
    g.apply(Decision::March {
        paths: vec![(0, vec![Point::new(10.0, 15.0)])],
    })
    .unwrap();
    decline_reactions(&mut g);
    let end = g.units[usize::from(qui)].positions[0];
    let r = common::radius(&g, qui);
    let token_r = valerna_bov::battle::quest::token_radius();
    // It stopped in contact, short of where it was going.
    assert!((end.dist(at) - r - token_r).abs() < 0.01, "{end:?}");
    assert!(end.y < 15.0 - 1.0);
    let t = g.quest.treasures[0];
    assert_eq!(t.place, Place::Carried(qui));
    let kind = t.kind.expect("rolled when grabbed");
    // "Once a unit is carrying one or more treasures, it will continue to
    // do so": it marches on with it, and the kind stays.
    assert!(matches!(g.phase, Phase::Turn { .. }), "{:?}", g.phase);
    activate(&mut g, qui);
    g.apply(Decision::March {
        paths: vec![(0, vec![Point::new(14.0, 8.0)])],
    })
    .unwrap();
    decline_reactions(&mut g);
    assert!(g.units[usize::from(qui)].positions[0].dist(Point::new(14.0, 8.0)) < 1e-9);
    assert_eq!(g.quest.treasures[0].place, Place::Carried(qui));
    assert_eq!(g.quest.treasures[0].kind, Some(kind));
    let view = g.view(1);
    assert_eq!(view.treasures[0].carried_by, Some(qui));
}

/// The whole unit stops when its first model touches the token: a block
/// marching together keeps its shape ("its move ends").
#[test]
fn the_whole_unit_stops_when_one_model_touches_a_treasure() {
    let mut g = started(5);
    let dream = unit_named(&g, "Dreamfencers");
    let foe = unit_named(&g, "Adrael");
    place(&mut g, |g| {
        vec![
            (dream, row(g, dream, 5, 10.0, 10.0, 0.5)),
            (foe, vec![Point::new(40.0, 30.0)]),
        ]
    });
    let before: Vec<Point> = g.units[usize::from(dream)].positions.clone();
    let at = Point::new(10.0, 13.0);
    g.quest.treasures = vec![token(at, None)];
    activate(&mut g, dream);
    let paths = (0..5u8)
        .map(|m| (m, vec![before[usize::from(m)].plus(Point::new(0.0, 5.0))]))
        .collect();
    g.apply(Decision::March { paths }).unwrap();
    decline_reactions(&mut g);
    let after = &g.units[usize::from(dream)].positions;
    let moved: Vec<f64> = (0..5).map(|m| after[m].y - before[m].y).collect();
    assert!(moved[0] < 5.0 - 1.0, "{moved:?}");
    for d in &moved {
        assert!((d - moved[0]).abs() < 1e-6, "{moved:?}");
    }
    assert_eq!(g.quest.treasures[0].place, Place::Carried(dream));
}

/// Readies `unit` to fall to its next wound: one model left, its health
/// less one in wounds.
fn one_wound_from_defeat(g: &mut Battle, unit: u16) {
    let health = g.profile(unit).health;
    g.units[usize::from(unit)].state.wounds = health - 1;
}

/// "If the unit is defeated, place any treasure tokens it was carrying
/// onto the table where its last miniature was removed. Other units can
/// pick up the token by moving onto it as above. No new roll is required."
#[test]
fn a_carrier_shot_down_drops_its_treasure_where_it_fell() {
    let mut fell = 0;
    for seed in 0..40 {
        let mut g = started(seed);
        let gunners = unit_named(&g, "Golden Gunners");
        let chief = unit_named(&g, "Ogerron Warchief");
        let reavers = unit_named(&g, "Scythed Reavers");
        place(&mut g, |g| {
            vec![
                (gunners, row(g, gunners, 3, 10.0, 10.0, 0.5)),
                (chief, vec![Point::new(12.0, 20.0)]),
                (reavers, row(g, reavers, 1, 18.0, 24.0, 0.5)),
            ]
        });
        one_wound_from_defeat(&mut g, chief);
        g.quest.treasures = vec![carried(chief, TreasureKind::Major)];
        activate(&mut g, gunners);
        g.apply(Decision::Attack { target: chief }).unwrap();
        decline_reactions(&mut g);
        if g.units[usize::from(chief)].alive() {
            assert_eq!(g.quest.treasures[0].place, Place::Carried(chief));
            continue;
        }
        fell += 1;
        assert_eq!(
            g.quest.treasures[0].place,
            Place::Table(Point::new(12.0, 20.0))
        );
        // Picked up again by marching onto it, still major.
        assert_eq!(g.outcome(), None);
        assert!(matches!(g.phase, Phase::Turn { .. }), "{:?}", g.phase);
        {
            activate(&mut g, reavers);
            let to = Point::new(12.0, 21.0);
            g.apply(Decision::March {
                paths: vec![(0, vec![to])],
            })
            .unwrap();
            decline_reactions(&mut g);
            assert_eq!(g.quest.treasures[0].place, Place::Carried(reavers));
            assert_eq!(g.quest.treasures[0].kind, Some(TreasureKind::Major));
        }
    }
    assert!(fell > 0, "no seed shot the carrier down");
}

/// "If the unit carrying the treasures is defeated by a melee attack, the
/// attacking unit automatically takes its treasures."
#[test]
fn a_carrier_defeated_in_melee_loses_its_treasure_to_the_attacker() {
    let mut taken = 0;
    for seed in 0..40 {
        let mut g = started(seed);
        let qui = unit_named(&g, "Parrymaster Qui");
        let chief = unit_named(&g, "Ogerron Warchief");
        let reavers = unit_named(&g, "Scythed Reavers");
        let r = common::radius(&g, qui) + common::radius(&g, chief);
        place(&mut g, |g| {
            vec![
                (qui, vec![Point::new(20.0, 20.0)]),
                (chief, vec![Point::new(20.0 + r, 20.0)]),
                (reavers, row(g, reavers, 1, 40.0, 30.0, 0.5)),
            ]
        });
        one_wound_from_defeat(&mut g, chief);
        g.quest.treasures = vec![
            carried(chief, TreasureKind::Minor),
            carried(chief, TreasureKind::Major),
        ];
        activate(&mut g, qui);
        g.apply(Decision::Attack { target: chief }).unwrap();
        decline_reactions(&mut g);
        if g.units[usize::from(chief)].alive() {
            continue;
        }
        taken += 1;
        for t in &g.quest.treasures {
            assert_eq!(t.place, Place::Carried(qui));
        }
    }
    assert!(taken > 0, "no seed defeated the carrier");
}

/// "If all models in the unit carrying the treasure March into contact
/// with your table edge, the unit is removed, and you immediately score 20
/// points for a major treasure or 10 points for a minor treasure."
#[test]
fn treasure_scores_only_when_the_whole_unit_marches_to_its_own_edge() {
    let mut g = started(11);
    g.near_seat = 0;
    let dream = unit_named(&g, "Dreamfencers");
    let foe = unit_named(&g, "Adrael");
    place(&mut g, |g| {
        vec![
            (dream, row(g, dream, 5, 10.0, 4.0, 0.5)),
            (foe, vec![Point::new(40.0, 30.0)]),
        ]
    });
    g.quest.treasures = vec![carried(dream, TreasureKind::Minor)];
    let r = common::radius(&g, dream);
    let start = g.units[usize::from(dream)].positions.clone();
    let score = g.score.points;
    // Four models touch the edge, one stays an inch short: no score.
    activate(&mut g, dream);
    let paths = (0..5u8)
        .map(|m| {
            let p = start[usize::from(m)];
            let y = if m == 4 { r + 1.0 } else { r };
            (m, vec![Point::new(p.x, y)])
        })
        .collect();
    g.apply(Decision::March { paths }).unwrap();
    decline_reactions(&mut g);
    assert!(g.units[usize::from(dream)].alive());
    assert_eq!(g.quest.treasures[0].place, Place::Carried(dream));
    assert_eq!(g.score.points, score);
    // Now the last model marches in too.
    if !matches!(g.phase, Phase::Turn { .. }) {
        panic!("{:?}", g.phase);
    }
    activate(&mut g, dream);
    let p = g.units[usize::from(dream)].positions[4];
    g.apply(Decision::March {
        paths: vec![(4, vec![Point::new(p.x, r)])],
    })
    .unwrap();
    decline_reactions(&mut g);
    let u = &g.units[usize::from(dream)];
    assert!(!u.alive(), "the unit is removed");
    assert!(!u.state.is_defeated(), "removed, not defeated");
    assert_eq!(g.quest.treasures[0].place, Place::Home(0));
    assert_eq!(g.score.points, [score[0] + 10, score[1]]);
    assert_eq!(g.view(1).treasures[0].scored_by, Some(0));
}

/// The enemy's edge scores nothing: "your table edge".
#[test]
fn the_enemy_edge_scores_nothing() {
    let mut g = started(11);
    g.near_seat = 1;
    let qui = unit_named(&g, "Parrymaster Qui");
    let foe = unit_named(&g, "Adrael");
    place(&mut g, |_| {
        vec![
            (qui, vec![Point::new(10.0, 4.0)]),
            (foe, vec![Point::new(40.0, 30.0)]),
        ]
    });
    g.quest.treasures = vec![carried(qui, TreasureKind::Major)];
    let r = common::radius(&g, qui);
    activate(&mut g, qui);
    g.apply(Decision::March {
        paths: vec![(0, vec![Point::new(10.0, r)])],
    })
    .unwrap();
    decline_reactions(&mut g);
    assert!(g.units[usize::from(qui)].alive());
    assert_eq!(g.quest.treasures[0].place, Place::Carried(qui));
}

/// "End of Game": the game ends "immediately when only one player has
/// units left on the battlefield". In the Quest every unit starts in
/// Reserve, so a side with units still to bring in is not beaten: the
/// first unit to enter does not end the game (docs/rulings.md, "The
/// Quest").
#[test]
fn no_wipe_out_while_reserves_remain() {
    let mut g = started(2);
    let Phase::Turn { seat } = g.phase else {
        panic!("{:?}", g.phase)
    };
    let unit = g
        .units
        .iter()
        .find(|u| u.owner == seat && u.mounted_on.is_none())
        .unwrap()
        .id;
    g.apply(Decision::Activate { unit }).unwrap();
    let edge = g.own_edge(seat);
    g.apply(Decision::EntryEdge { edge }).unwrap();
    let mut buf = Vec::new();
    g.choices(&mut buf);
    let enter = buf
        .into_iter()
        .find(|d| matches!(d, Decision::Enter { .. }))
        .unwrap();
    g.apply(enter).unwrap();
    decline_reactions(&mut g);
    assert!(g.units[usize::from(unit)].alive());
    assert!(g.living(1 - seat).next().is_none());
    assert_eq!(g.outcome(), None);
    assert!(g.phase != Phase::Over);
}

/// "Victory!": "At the end of the game, the player with the most points
/// wins. If the players have the same amount of points, the game is a
/// draw." No 10% margin, as in the Pitched Battle.
#[test]
fn the_most_points_win_the_quest() {
    let s = Score { points: [30, 20] };
    let quest = Scenario::Quest.victory_margin(200);
    let pitched = Scenario::PitchedBattle.victory_margin(200);
    assert_eq!(
        result_with_margin(&s, quest, [true, true]),
        GameResult::Win {
            seat: 0,
            by_wipe_out: false
        }
    );
    assert_eq!(
        result_with_margin(&s, pitched, [true, true]),
        GameResult::Draw
    );
    let even = Score { points: [20, 20] };
    assert_eq!(
        result_with_margin(&even, quest, [true, true]),
        GameResult::Draw
    );
    // Only treasures score: neither objectives held nor defeated units.
    assert!(!Scenario::Quest.scores_objectives());
    assert!(!Scenario::Quest.scores_defeated_units());
}

/// Whole games by the bots: every game ends, only treasures score, and a
/// game that ends on the rounds goes to the side with more points.
#[test]
fn bot_games_end_and_score_only_treasures() {
    let sizes = [
        scenario::Battlefield::Small2x1,
        scenario::Battlefield::Standard4x3,
        scenario::Battlefield::Large6x4,
    ];
    let mut scored = 0;
    for (k, size) in sizes.into_iter().enumerate() {
        for seed in 0..3u64 {
            for random in [[false, false], [true, false], [true, true]] {
                let setup = quest(seed * 7 + k as u64, size);
                let mut g = Battle::start(&pack(), &setup).unwrap();
                let mut a: Box<dyn valerna_bov::battle::bots::Bot> = if random[0] {
                    Box::new(RandomBot::new(seed))
                } else {
                    Box::new(GreedyBot::new(seed))
                };
                let mut b: Box<dyn valerna_bov::battle::bots::Bot> = if random[1] {
                    Box::new(RandomBot::new(seed + 1))
                } else {
                    Box::new(GreedyBot::new(seed + 1))
                };
                play(&mut g, &mut [a.as_mut(), b.as_mut()], 20_000).unwrap();
                let out = g.outcome().expect("the game ends");
                assert_eq!(g.score.points, g.quest.points);
                scored += g.quest.scored.iter().sum::<u32>();
                if out.reason == "score" {
                    let [p0, p1] = g.score.points;
                    assert_eq!(out.winners, vec![if p0 > p1 { 0 } else { 1 }]);
                }
                if out.reason == "draw" {
                    assert_eq!(g.score.points[0], g.score.points[1]);
                }
            }
        }
    }
    assert!(scored > 0, "no treasure was ever brought home");
}

/// The winner's edge choice is the only thing the face-off gives: the
/// edges are the four of the table.
#[test]
fn the_face_off_winner_chooses_among_the_four_edges() {
    let mut g = started(7);
    let Phase::Turn { seat } = g.phase else {
        panic!("{:?}", g.phase)
    };
    let unit = g
        .units
        .iter()
        .find(|u| u.owner == seat && u.mounted_on.is_none())
        .unwrap()
        .id;
    g.apply(Decision::Activate { unit }).unwrap();
    let mut buf = Vec::new();
    g.choices(&mut buf);
    let edges: Vec<Edge> = buf
        .iter()
        .filter_map(|d| match d {
            Decision::EntryEdge { edge } => Some(*edge),
            _ => None,
        })
        .collect();
    assert_eq!(edges, Edge::ALL.to_vec());
}

const LISTS: [&str; 4] = [
    "allaria_guild_line",
    "tyveria_swarm",
    "allaria_dragon_host",
    "tyveria_dragon_host",
];

fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

proptest::proptest! {
    // A small fixed sample by default; `PROPTEST_CASES=500` runs a large
    // one (`cargo test --release`).
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: cases(6),
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x9e57),
        ..proptest::prelude::ProptestConfig::default()
    })]

    /// Any seed, battlefield, pair of lists (Dragonriders on their Mounts
    /// included) and pair of bots: the Quest ends, no treasure is lost or
    /// made, and the points are the treasures brought home.
    #[test]
    fn every_quest_ends_with_its_treasures_accounted_for(
        seed in proptest::prelude::any::<u64>(),
        size in 0usize..3,
        lists in (0usize..4, 0usize..4),
        random in (proptest::prelude::any::<bool>(), proptest::prelude::any::<bool>()),
    ) {
        let sizes = [
            scenario::Battlefield::Small2x1,
            scenario::Battlefield::Standard4x3,
            scenario::Battlefield::Large6x4,
        ];
        let setup = BattleSetup {
            cards: None,
            edition: Default::default(),
            seed,
            lists: [LISTS[lists.0].into(), LISTS[lists.1].into()],
            scenario: Scenario::Quest,
            battlefield: sizes[size],
            map: None,
            monsters: Vec::new(),
        };
        let mut g = Battle::start(&pack(), &setup).unwrap();
        let mut a: Box<dyn valerna_bov::battle::bots::Bot> = if random.0 {
            Box::new(RandomBot::new(seed))
        } else {
            Box::new(GreedyBot::new(seed))
        };
        let mut b: Box<dyn valerna_bov::battle::bots::Bot> = if random.1 {
            Box::new(RandomBot::new(seed ^ 1))
        } else {
            Box::new(GreedyBot::new(seed ^ 1))
        };
        play(&mut g, &mut [a.as_mut(), b.as_mut()], 20_000).unwrap();
        proptest::prop_assert!(g.outcome().is_some());
        // The objective tokens placed, as many as fitted ("Objectives
        // Setup"), are the treasures, all still somewhere.
        let n = g.quest.treasures.len();
        proptest::prop_assert!(n > 0 && n <= usize::from(sizes[size].objectives()));
        proptest::prop_assert_eq!(g.score.points, g.quest.points);
        proptest::prop_assert!(valerna_bov::battle::invariants::check(&g).is_ok());
    }
}
