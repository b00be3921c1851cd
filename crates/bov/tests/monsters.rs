//! Neutral units in battle (BoV 5.1, "Neutral Units"): Monsters as a third
//! side — placed after a face-off, enemy to everyone, ignored for
//! objectives, always making Opportunity Attacks, worth their trophy,
//! driven by their behaviour deck or bid for in secret — and Mercenaries
//! playing in their force.

use std::sync::Arc;

use valerna_bov::battle::monsters::{DeckEvent, MonsterAsk, NEUTRAL};
use valerna_bov::battle::{Battle, BattleSetup, Decision, Phase};
use valerna_bov::content::{DEFAULT_SOURCES, FileKind, Pack, Source};
use valerna_bov::geometry::{Point, TerrainKind, TerrainPiece};
use valerna_bov::rules::powers::Roll;
use valerna_bov::rules::units::WeaponKind;
use valerna_game::Game;

mod common;
use common::{activate, pack, place, place_on, radius, row, unit_named};

fn set_up(seed: u64, monsters: &[&str]) -> Battle {
    let mut s = BattleSetup::pitched(seed, "allaria_guild_line", "tyveria_swarm");
    s.monsters = monsters.iter().map(|m| m.to_string()).collect();
    Battle::start(&pack(), &s).unwrap()
}

/// Answers the set-up (objectives, Monsters, table edges, deployment) with
/// the engine's first suggestion, up to the first turn or bid.
fn through_setup(g: &mut Battle) {
    let mut buf = Vec::new();
    while matches!(
        g.phase,
        Phase::PlaceObjective { .. }
            | Phase::TableEdge { .. }
            | Phase::Deploy { .. }
            | Phase::Monster {
                ask: MonsterAsk::Place { .. },
                ..
            }
    ) {
        g.choices(&mut buf);
        g.apply(buf[0].clone()).unwrap();
    }
    // The reactions to the first Initiative (a hand that may hold a card
    // answering it is asked), declined.
    common::decline_reactions(g);
}

/// Answers whatever the engine asks (reactions declined, otherwise its
/// first listed choice) until a player's turn or a bid comes.
fn until_turn(g: &mut Battle) {
    let mut buf = Vec::new();
    for _ in 0..500 {
        match g.phase {
            Phase::Turn { .. }
            | Phase::Over
            | Phase::Monster {
                ask: MonsterAsk::Bid { .. },
                ..
            } => return,
            Phase::Reaction { .. } => g.apply(Decision::Reaction { reaction: None }).unwrap(),
            _ => {
                g.choices(&mut buf);
                g.apply(buf[0].clone()).unwrap();
            }
        }
    }
    panic!("no turn came: {:?}", g.phase);
}

/// Both players pass: the round ends.
fn end_round(g: &mut Battle) {
    g.phase = Phase::Turn { seat: 0 };
    g.passed = [false; 2];
    g.apply(Decision::Pass).unwrap();
    g.apply(Decision::Pass).unwrap();
    until_turn(g);
}

fn first_of(g: &Battle, seat: u8) -> u16 {
    g.units.iter().find(|u| u.owner == seat).unwrap().id
}

/// BoV 5.1, "Monsters": "place objectives as normal before making another
/// face-off roll. The winner of this roll resolves one of the Monster
/// cards"; "keep alternating which player places the next Monster in
/// contact with an objective"; "Deploying monsters": "in base contact of
/// any objective token"; "You can only place one Monster per objective".
#[test]
fn monsters_are_placed_after_a_face_off_alternating_one_per_objective() {
    let mut g = set_up(7, &["ravine_troll", "marsh_hydra", "ravine_wyvern"]);
    let mut buf = Vec::new();
    while matches!(g.phase, Phase::PlaceObjective { .. }) {
        g.choices(&mut buf);
        g.apply(buf[0].clone()).unwrap();
    }
    assert_eq!(g.objectives.len(), 5);
    let first = g.monsters.first.expect("a face-off after the objectives");
    let ids: Vec<u16> = g.monsters.list.iter().map(|m| m.unit).collect();
    let mut used = Vec::new();
    for (k, &unit) in ids.iter().enumerate() {
        let seat = if k % 2 == 0 { first } else { 1 - first };
        assert_eq!(
            g.phase,
            Phase::Monster {
                seat,
                ask: MonsterAsk::Place { unit }
            },
            "monster {k}"
        );
        assert_eq!(g.to_decide(), Some(seat));
        // Not in contact with any objective.
        let e = g
            .validate(&Decision::PlaceMonster {
                at: Point::new(24.0, 18.3),
            })
            .unwrap_err();
        assert!(e.to_string().contains("base contact"), "{e}");
        // In contact with an objective that has a Monster already.
        let r = radius(&g, unit);
        for &o in &used {
            let p: Point = g.objectives[o];
            let e = g
                .validate(&Decision::PlaceMonster {
                    at: Point::new(p.x, p.y - r),
                })
                .unwrap_err();
            assert!(e.to_string().contains("one Monster per objective"), "{e}");
        }
        g.choices(&mut buf);
        let Decision::PlaceMonster { at } = buf[0] else {
            panic!("{:?}", buf[0]);
        };
        g.apply(buf[0].clone()).unwrap();
        let m = g.monster(unit).unwrap();
        let o = m.objective.unwrap();
        assert!((g.objectives[o].dist(at) - r).abs() < 1e-6);
        assert!(!used.contains(&o));
        used.push(o);
        assert!(g.units[usize::from(unit)].deployed);
        assert_eq!(g.units[usize::from(unit)].owner, NEUTRAL);
    }
    assert!(matches!(g.phase, Phase::TableEdge { .. }), "{:?}", g.phase);
}

/// Without objectives a Monster has nowhere to go: "if a monster cannot be
/// placed, you simply discard the monster card and continue with setup"
/// (BoV 5.1, "Deploying monsters").
#[test]
fn a_monster_that_cannot_be_placed_is_discarded() {
    let mut s = BattleSetup::pitched(3, "allaria_guild_line", "tyveria_swarm");
    s.scenario = valerna_bov::rules::scenario::Scenario::SlayTheFoe;
    s.monsters = vec!["ravine_troll".into()];
    let g = Battle::start(&pack(), &s).unwrap();
    assert!(g.monsters.list[0].discarded);
    assert!(matches!(g.phase, Phase::TableEdge { .. }), "{:?}", g.phase);
}

/// A Monster named twice, or unknown, is refused or fielded once.
#[test]
fn unknown_monsters_are_refused_by_name() {
    let mut s = BattleSetup::pitched(3, "allaria_guild_line", "tyveria_swarm");
    s.monsters = vec!["bucentaur".into()];
    let e = Battle::start(&pack(), &s).unwrap_err().to_string();
    assert!(e.contains("'bucentaur' is not a Monster card"), "{e}");
    assert!(e.contains("ravine_troll"), "{e}");
}

/// A Troll between a unit of each player, in base contact with both.
fn troll_between(seed: u64) -> (Battle, u16, u16, u16) {
    let mut g = set_up(seed, &["ravine_troll"]);
    through_setup(&mut g);
    let troll = unit_named(&g, "Ravine Troll");
    let df = unit_named(&g, "Dreamfencers");
    let ph = unit_named(&g, "Ogerron Phalanx");
    let (rt, rd, rp) = (radius(&g, troll), radius(&g, df), radius(&g, ph));
    place(&mut g, |_| {
        vec![
            (troll, vec![Point::new(24.0, 18.0)]),
            (df, vec![Point::new(24.0 - rt - rd, 18.0)]),
            (ph, vec![Point::new(24.0 + rt + rp, 18.0)]),
        ]
    });
    (g, troll, df, ph)
}

/// BoV 5.1, "Monster general rules": "Monsters count as an enemy unit for
/// all players": each player's unit is engaged with it and may attack it,
/// and it may attack either.
#[test]
fn a_monster_is_an_enemy_of_both_players_and_they_of_it() {
    let (g, troll, df, ph) = troll_between(1);
    let snap = g.snapshot();
    let mut engaged = g.engaged_with(&snap, troll);
    engaged.sort_unstable();
    assert_eq!(engaged, vec![df, ph]);
    assert_eq!(g.engaged_with(&snap, df), vec![troll]);
    assert_eq!(g.engaged_with(&snap, ph), vec![troll]);
    g.check_attack(df, troll).unwrap();
    g.check_attack(ph, troll).unwrap();
    g.check_attack(troll, df).unwrap();
    g.check_attack(troll, ph).unwrap();
    assert!(g.enemies(0).any(|u| u.id == troll));
    assert!(g.enemies(1).any(|u| u.id == troll));
}

/// BoV 5.1, "Monster general rules": Monsters "are ignored for the purpose
/// of capturing objectives".
#[test]
fn a_monster_is_ignored_for_objective_control() {
    let mut g = set_up(2, &["ravine_troll"]);
    through_setup(&mut g);
    let troll = unit_named(&g, "Ravine Troll");
    let df = unit_named(&g, "Dreamfencers");
    let o = g.objectives[0];
    let rt = radius(&g, troll);
    place(&mut g, |_| vec![(troll, vec![Point::new(o.x, o.y - rt)])]);
    assert_eq!(g.models_on_objectives()[0], [0, 0]);
    let rd = radius(&g, df);
    place(&mut g, |_| {
        vec![
            (troll, vec![Point::new(o.x, o.y - rt)]),
            (df, vec![Point::new(o.x, o.y + rd + 0.1)]),
        ]
    });
    assert_eq!(g.models_on_objectives()[0], [1, 0]);
}

/// BoV 5.1, "Monster general rules" (p.30): Monsters "are ignored for the
/// purpose of capturing objectives"; "Bidding": the winner "takes control
/// of the monster this round, treating it like a Mercenary unit". Control
/// makes the Monster fight for its controller, not stop being a Monster:
/// the Wyvern bid for by seat 0, still under its control at Calculate
/// Scoring, neither holds nor contests the objective it stands on, and one
/// model of seat 1 there captures it (docs/rulings.md, "A Monster won by
/// bidding holds no objective").
#[test]
fn a_monster_won_by_bidding_holds_no_objective() {
    let mut g = set_up(5, &["ravine_wyvern"]);
    through_setup(&mut g);
    let w = g.monsters.list[0].unit;
    g.apply(Decision::Bid { points: 1 }).unwrap();
    g.apply(Decision::Bid { points: 0 }).unwrap();
    assert_eq!(g.monster(w).unwrap().controller, Some(0));
    assert_eq!(g.units[usize::from(w)].owner, 0);
    let foe = first_of(&g, 1);
    let own = first_of(&g, 0);
    let o = g.objectives[0];
    let (rw, rf) = (radius(&g, w), radius(&g, foe));
    // Seat 0 keeps a unit on the table, as far from every objective as
    // the table allows.
    let far = (0..=8)
        .flat_map(|i| {
            (0..=6).map(move |j| Point::new(4.0 + 5.0 * f64::from(i), 3.0 + 5.0 * f64::from(j)))
        })
        .max_by(|a, b| {
            let near = |p: &Point| {
                g.objectives
                    .iter()
                    .map(|q| q.dist(*p))
                    .fold(f64::MAX, f64::min)
            };
            near(a).total_cmp(&near(b))
        })
        .unwrap();
    place(&mut g, |_| {
        vec![
            (w, vec![Point::new(o.x, o.y - rw)]),
            (foe, vec![Point::new(o.x + 2.0, o.y + rf + 0.5)]),
            (own, vec![far]),
        ]
    });
    assert_eq!(g.units[usize::from(w)].state.models(), 1);
    assert_eq!(g.models_on_objectives()[0], [0, 1]);
    for c in &mut g.control.control {
        *c = None;
    }
    let points = g.score.points;
    g.phase = Phase::Turn { seat: 0 };
    g.passed = [false; 2];
    g.apply(Decision::Pass).unwrap();
    g.apply(Decision::Pass).unwrap();
    // The round's scoring came with the Wyvern still seat 0's.
    until_turn(&mut g);
    assert_eq!(g.round, 2);
    assert_eq!(g.control.control[0], Some(1), "seat 1 captured it");
    assert_eq!(g.score.points[0], points[0], "seat 0 scored nothing");
}

/// BoV p.14, "Flanking & Flanked": "A unit is Flanked if it is engaged by
/// more than one enemy unit. These engaged enemy units are Flanking";
/// p.30, "Monster general rules": "Monsters count as an enemy unit for all
/// players". A Troll between a unit of each player is Flanked (and so makes
/// no Opportunity Attack, p.18), the two Flanking it though enemies of each
/// other. The Dreamfencers between the Troll and a Bloodfang are Flanked,
/// the Troll Flanking them; but the Bloodfangs' Pack Hunt ("against a unit
/// that is already engaged with another friendly unit") counts the
/// Bloodfangs' own side only: not the neutral Troll, yes the Phalanx, yes
/// the Troll once seat 1 controls it (docs/rulings.md, "Flanked and
/// Flanking with a Monster").
#[test]
fn flanked_and_flanking_with_a_monster() {
    let mut s = BattleSetup::pitched(3, "allaria_guild_line", "tyveria_dragon_host");
    s.monsters = vec!["ravine_troll".to_string()];
    let mut g = Battle::start(&pack(), &s).unwrap();
    through_setup(&mut g);
    let troll = unit_named(&g, "Ravine Troll");
    let df = unit_named(&g, "Dreamfencers");
    let ph = unit_named(&g, "Ogerron Phalanx");
    let fangs = unit_named(&g, "Bloodfangs");
    let (rt, rd, rp, rf) = (
        radius(&g, troll),
        radius(&g, df),
        radius(&g, ph),
        radius(&g, fangs),
    );
    let (x, y) = (24.0, 18.0);
    // The Troll between the Dreamfencers and the Phalanx.
    place(&mut g, |_| {
        vec![
            (troll, vec![Point::new(x, y)]),
            (df, vec![Point::new(x - rt - rd, y)]),
            (ph, vec![Point::new(x + rt + rp, y)]),
        ]
    });
    let snap = g.snapshot();
    assert!(g.flanked(&snap, troll));
    assert!(!g.flanked(&snap, df) && !g.flanked(&snap, ph));
    assert!(!g.opportunity_candidates(df).contains(&troll));
    assert!(!g.opportunity_candidates(ph).contains(&troll));
    // The Dreamfencers between the Troll and a Bloodfang.
    let pack_hunt =
        |g: &Battle| g.passive_modifier(fangs, Roll::Attack, Some(WeaponKind::Melee), Some(df));
    let between = |g: &mut Battle, left: u16, r: f64| {
        place(g, |_| {
            vec![
                (df, vec![Point::new(x, y)]),
                (left, vec![Point::new(x - rd - r, y)]),
                (fangs, vec![Point::new(x + rd + rf, y)]),
            ]
        })
    };
    between(&mut g, troll, rt);
    let snap = g.snapshot();
    assert!(g.flanked(&snap, df));
    assert!(!g.flanked(&snap, troll) && !g.flanked(&snap, fangs));
    assert_eq!(pack_hunt(&g), 0, "the Troll is no friend of the Bloodfangs");
    between(&mut g, ph, rp);
    assert!(g.flanked(&g.snapshot(), df));
    assert_eq!(pack_hunt(&g), 1, "the Phalanx is");
    between(&mut g, troll, rt);
    // As a bid won by seat 1 leaves it: a Mercenary of seat 1 this round.
    let t = &mut g.units[usize::from(troll)];
    t.owner = 1;
    t.state.owner = 1;
    assert!(g.flanked(&g.snapshot(), df));
    assert_eq!(pack_hunt(&g), 1, "a Troll seat 1 controls is");
}

/// BoV 5.1, "Monster general rules": "If the monster is able to make an
/// opportunity attack, it will make it, even if that means exhausting
/// itself." No player is asked.
#[test]
fn a_monster_always_makes_its_opportunity_attack() {
    let (mut g, troll, df, ph) = troll_between(4);
    place(&mut g, |g| {
        vec![
            (troll, vec![Point::new(24.0, 18.0)]),
            (
                df,
                vec![Point::new(24.0 - radius(g, troll) - radius(g, df), 18.0)],
            ),
            (ph, vec![Point::new(40.0, 30.0)]),
        ]
    });
    g.units[usize::from(troll)].state.fatigue = 2;
    activate(&mut g, df);
    let from = g.units[usize::from(df)].positions[0];
    let away = vec![(0u8, vec![Point::new(from.x - 4.0, from.y)])];
    g.apply(Decision::March { paths: away }).unwrap();
    assert!(
        !matches!(g.phase, Phase::Opportunity { .. }),
        "nobody is asked about the Monster's attack"
    );
    assert_eq!(
        g.units[usize::from(troll)].state.fatigue,
        3,
        "the attack's fatigue counter exhausts it"
    );
}

/// A Hydra one wound from defeat in the sight of the Golden Gunners, who
/// shoot it; the seeds tried until one defeats it.
fn shoot_hydra(bid_for: Option<(u16, u16)>, monster: &str) -> (Battle, u16) {
    for seed in 0..60 {
        let mut g = set_up(seed, &[monster]);
        through_setup(&mut g);
        if let Some((a, b)) = bid_for {
            g.apply(Decision::Bid { points: a }).unwrap();
            g.apply(Decision::Bid { points: b }).unwrap();
        }
        let m = g.monsters.list[0].unit;
        let gg = unit_named(&g, "Golden Gunners");
        let other = first_of(&g, 1);
        place(&mut g, |g| {
            vec![
                (m, vec![Point::new(24.0, 18.0)]),
                (
                    gg,
                    row(
                        g,
                        gg,
                        g.units[usize::from(gg)].positions.len(),
                        18.0,
                        8.0,
                        0.5,
                    ),
                ),
                (other, vec![Point::new(44.0, 33.0)]),
            ]
        });
        let health = g.profile(m).health;
        g.units[usize::from(m)].state.wounds = health - 1;
        let before = g.score.points;
        activate(&mut g, gg);
        g.apply(Decision::Attack { target: m }).unwrap();
        until_turn(&mut g);
        if g.units[usize::from(m)].state.is_defeated() {
            assert_eq!(g.score.points[1], before[1]);
            return (g, m);
        }
    }
    panic!("no seed defeated the Monster");
}

/// BoV 5.1, "Trophy value": "When a monster is defeated, the player that
/// defeated it gains victory points equal to its trophy value".
#[test]
fn the_player_that_defeats_a_monster_gains_its_trophy() {
    let (g, hydra) = shoot_hydra(None, "marsh_hydra");
    assert_eq!(g.monster(hydra).unwrap().trophy, Some((0, 10)));
    assert_eq!(g.monsters.trophies, [10, 0]);
    assert_eq!(g.score.points[0], 10);
}

/// BoV 5.1, "Bidding": "The winner of the bid immediately loses those
/// victory points (this may take them into a negative value) and takes
/// control of the monster this round"; "Trophy value": "If the trophy value
/// is an LSB the trophy value of the monster is determined by the last
/// successful bid".
#[test]
fn the_winner_pays_its_bid_and_an_lsb_trophy_is_the_last_successful_bid() {
    let mut g = set_up(5, &["ravine_wyvern"]);
    through_setup(&mut g);
    let w = g.monsters.list[0].unit;
    assert_eq!(
        g.phase,
        Phase::Monster {
            seat: 0,
            ask: MonsterAsk::Bid { unit: w }
        }
    );
    g.apply(Decision::Bid { points: 1 }).unwrap();
    g.apply(Decision::Bid { points: 3 }).unwrap();
    let m = g.monster(w).unwrap();
    assert_eq!(m.revealed, Some([1, 3]));
    assert_eq!(m.last_bid, Some((1, 3)));
    assert_eq!(m.controller, Some(1));
    assert_eq!(g.score.points, [0, -3], "the winner's score goes negative");
    assert_eq!(g.units[usize::from(w)].owner, 1, "a Mercenary of seat 1");
    assert!(g.enemies(0).any(|u| u.id == w));
    assert!(!g.enemies(1).any(|u| u.id == w));
    // Seat 1's Wyvern falls to seat 0's Gunners: its trophy is the 3 bid.
    let (g, w) = shoot_hydra(Some((1, 3)), "ravine_wyvern");
    assert_eq!(g.monster(w).unwrap().trophy, Some((0, 3)));
    assert_eq!(g.monsters.trophies, [3, 0]);
}

/// Equal bids: neither wins, nobody pays, the Monster stays neutral
/// (docs/rulings.md, "Tied bids for a Monster"); control ends with the
/// round and the players bid again.
#[test]
fn tied_bids_win_nothing_and_control_lasts_one_round() {
    let mut g = set_up(5, &["ravine_wyvern"]);
    through_setup(&mut g);
    let w = g.monsters.list[0].unit;
    g.apply(Decision::Bid { points: 2 }).unwrap();
    g.apply(Decision::Bid { points: 2 }).unwrap();
    assert_eq!(g.score.points, [0, 0]);
    assert_eq!(g.units[usize::from(w)].owner, NEUTRAL);
    assert_eq!(g.monster(w).unwrap().controller, None);
    // Round 2: seat 0 wins, and at round 3 the bidding starts over.
    g.phase = Phase::Turn { seat: 0 };
    g.passed = [false; 2];
    g.apply(Decision::Pass).unwrap();
    g.apply(Decision::Pass).unwrap();
    let mut buf = Vec::new();
    while !matches!(g.phase, Phase::Monster { .. }) {
        match g.phase {
            Phase::Reaction { .. } => g.apply(Decision::Reaction { reaction: None }).unwrap(),
            _ => {
                g.choices(&mut buf);
                g.apply(buf[0].clone()).unwrap();
            }
        }
    }
    assert_eq!(g.round, 2);
    let before = g.score.points;
    g.apply(Decision::Bid { points: 4 }).unwrap();
    g.apply(Decision::Bid { points: 0 }).unwrap();
    assert_eq!(g.units[usize::from(w)].owner, 0);
    assert_eq!(g.score.points, [before[0] - 4, before[1]]);
    common::decline_reactions(&mut g);
    end_round(&mut g);
    assert_eq!(g.round, 3);
    assert!(matches!(
        g.phase,
        Phase::Monster {
            ask: MonsterAsk::Bid { .. },
            ..
        }
    ));
    assert_eq!(
        g.units[usize::from(w)].owner,
        NEUTRAL,
        "control was for the round"
    );
}

/// BoV 5.1, "Bidding": "secretly hold in your hand a number of Fatigue
/// counters ... When ready, each player reveals their bid": what seat 1 is
/// shown while it bids is the same whatever seat 0 bid.
#[test]
fn a_bid_is_hidden_from_the_other_seat_until_the_reveal() {
    let mut g = set_up(9, &["ravine_wyvern"]);
    through_setup(&mut g);
    let shown = |g: &Battle, seat: u8| serde_json::to_string(&g.view(seat)).unwrap();
    let mut views = Vec::new();
    for bid in [0u16, 3, 7] {
        let mut h = g.clone();
        h.apply(Decision::Bid { points: bid }).unwrap();
        assert_eq!(h.to_decide(), Some(1));
        assert_eq!(h.view(0).monsters[0].own_bid, Some(bid));
        assert_eq!(h.view(1).monsters[0].own_bid, None);
        assert_eq!(h.view(1).monsters[0].revealed, None);
        views.push(shown(&h, 1));
    }
    assert!(views.windows(2).all(|w| w[0] == w[1]), "{views:?}");
}

/// Whole games with the Wyvern, random bots: at every bid of seat 1 its
/// view is the same as if seat 0 had bid anything else.
#[test]
fn bids_stay_hidden_through_whole_games() {
    use valerna_bov::battle::bots::{Bot, RandomBot};
    for seed in 0..3 {
        let mut g = set_up(seed, &["ravine_wyvern"]);
        let mut bots = [RandomBot::new(seed), RandomBot::new(seed + 100)];
        let mut checked = 0;
        for _ in 0..20_000 {
            let Some(seat) = g.to_decide() else { break };
            if let Phase::Monster {
                seat: 0,
                ask: MonsterAsk::Bid { .. },
            } = g.phase
            {
                let mut a = g.clone();
                let mut b = g.clone();
                a.apply(Decision::Bid { points: 0 }).unwrap();
                b.apply(Decision::Bid { points: 5 }).unwrap();
                assert_eq!(
                    serde_json::to_string(&a.view(1)).unwrap(),
                    serde_json::to_string(&b.view(1)).unwrap()
                );
                checked += 1;
            }
            let d = bots[usize::from(seat)].decide(&g);
            g.apply(d).unwrap();
        }
        assert!(g.outcome().is_some());
        assert!(checked > 0);
    }
}

/// A Troll alone in the middle, a unit of each player far away.
fn lone_troll(seed: u64) -> (Battle, u16) {
    let mut g = set_up(seed, &["ravine_troll"]);
    through_setup(&mut g);
    let troll = unit_named(&g, "Ravine Troll");
    let a = first_of(&g, 0);
    let b = first_of(&g, 1);
    place(&mut g, |_| {
        vec![
            (troll, vec![Point::new(24.0, 18.0)]),
            (a, vec![Point::new(3.0, 3.0)]),
            (b, vec![Point::new(45.0, 33.0)]),
        ]
    });
    (g, troll)
}

fn card_named(g: &Battle, unit: u16, name: &str) -> u8 {
    let deck = &g.card(unit).monster.as_ref().unwrap().behaviour;
    deck.iter().position(|c| c.name == name).unwrap() as u8
}

/// BoV 5.1, "Behaviour deck": at the end of the round "draw a card ... if
/// it has one or fewer fatigue tokens on it. This process is repeated until
/// the monster has two or more ... Finally, reshuffle all the monster
/// behaviour cards back into the deck"; "Drawing card": an action whose
/// "if" is not fulfilled is skipped "and do not place a fatigue".
#[test]
fn end_of_round_draws_while_at_most_one_fatigue_skipping_failed_ifs() {
    let (mut g, troll) = lone_troll(3);
    let roar = card_named(&g, troll, "Roar");
    let lumber = card_named(&g, troll, "Lumber Forth");
    let m = &mut g.monsters.list[0];
    // Roar on top (last), then Lumber Forth.
    m.deck = vec![lumber, roar];
    m.discard = (0..5).filter(|c| *c != roar && *c != lumber).collect();
    g.units[usize::from(troll)].state.fatigue = 1;
    end_round(&mut g);
    let log = &g.monster(troll).unwrap().log;
    assert!(
        matches!(
            log.as_slice(),
            [
                DeckEvent::Drew { card: c1, fatigue: 1, attacked: false, .. },
                // Nobody within 12": Roar's "if" fails, no fatigue.
                DeckEvent::Drew { card: c2, fatigue: 1, attacked: false, .. },
                DeckEvent::Reshuffled { fatigue: 2, .. },
            ] if *c1 == roar && *c2 == lumber
        ),
        "{log:?}"
    );
    let m = g.monster(troll).unwrap();
    assert_eq!(m.deck.len(), 5, "every card back in the deck");
    assert!(m.discard.is_empty());
}

/// At two fatigue no card is drawn at the end of the round.
#[test]
fn no_end_of_round_draw_at_two_fatigue() {
    let (mut g, troll) = lone_troll(3);
    g.units[usize::from(troll)].state.fatigue = 2;
    end_round(&mut g);
    let log = &g.monster(troll).unwrap().log;
    assert!(
        matches!(log.as_slice(), [DeckEvent::Reshuffled { fatigue: 2, .. }]),
        "{log:?}"
    );
}

/// BoV 5.1, "Behaviour deck": "If the monster is attacked by an enemy unit
/// and the monster has two or fewer fatigue tokens on it, draw one card
/// from the behaviour deck immediately after that player's turn"; "If a
/// behaviour card was drawn due to being attacked, it will always consider
/// the attacking unit the target."
#[test]
fn an_attacked_monster_draws_after_the_turn_at_two_fatigue_or_fewer() {
    for (fatigue, draws) in [(2u8, true), (3, false)] {
        let mut g = set_up(11, &["ravine_troll"]);
        through_setup(&mut g);
        let troll = unit_named(&g, "Ravine Troll");
        let gg = unit_named(&g, "Golden Gunners");
        let near = first_of(&g, 1);
        place(&mut g, |g| {
            vec![
                (troll, vec![Point::new(24.0, 18.0)]),
                (
                    gg,
                    row(
                        g,
                        gg,
                        g.units[usize::from(gg)].positions.len(),
                        18.0,
                        6.0,
                        0.5,
                    ),
                ),
                (near, vec![Point::new(30.0, 22.0)]),
            ]
        });
        g.units[usize::from(troll)].state.fatigue = fatigue;
        activate(&mut g, gg);
        g.apply(Decision::Attack { target: troll }).unwrap();
        until_turn(&mut g);
        let log = &g.monster(troll).unwrap().log;
        if draws {
            assert!(
                matches!(
                    log.first(),
                    Some(DeckEvent::Drew { fatigue: 2, attacked: true, target: Some(t), .. })
                        if *t == gg
                ),
                "{log:?}"
            );
        } else {
            assert!(log.is_empty(), "{log:?}");
        }
    }
}

/// BoV 5.1, "Drawing card from the behaviour deck": "If there are no
/// applicable targets, the target is the closest unit, ignoring LoS."
#[test]
fn without_an_applicable_target_the_closest_unit_is_aimed_at_ignoring_sight() {
    let mut g = set_up(6, &["ravine_troll"]);
    through_setup(&mut g);
    let troll = unit_named(&g, "Ravine Troll");
    let near = first_of(&g, 0);
    let far = first_of(&g, 1);
    let wall = TerrainPiece::rect(
        "Cliff",
        Point::new(16.0, 12.0),
        Point::new(32.0, 14.0),
        vec![TerrainKind::Obscuring, TerrainKind::Impassable],
    )
    .unwrap();
    place_on(&mut g, vec![wall], |_| {
        vec![
            (troll, vec![Point::new(24.0, 18.0)]),
            (near, vec![Point::new(24.0, 8.0)]),
            (far, vec![Point::new(40.0, 18.0)]),
        ]
    });
    let lumber = card_named(&g, troll, "Lumber Forth");
    let boulder = card_named(&g, troll, "Hurl Boulder");
    let smash = card_named(&g, troll, "Smash");
    // "Target: the closest unit": behind the cliff or not.
    assert_eq!(g.behaviour_target(troll, lumber), Some(near));
    // "The closest unit in line of sight": the one it sees.
    assert_eq!(g.behaviour_target(troll, boulder), Some(far));
    // "The closest engaged unit", none engaged: the closest, ignoring LoS.
    assert_eq!(g.behaviour_target(troll, smash), Some(near));
}

/// A pack with a Tyverian Hero whose two powers heal a friendly unit and a
/// friendly Tyverian unit.
fn pack_with_banner() -> Arc<Pack> {
    let banner = r#"[(
        id: "tyverian_banner", name: "Tyverian Banner", provisional: true, force: "Tyveria",
        keywords: ["Tyveria", "Hero"], points: 10, base_mm: 40,
        front: (health: 4, speed: 6, defense: gray, melee: (dice: "2xgray"),
            powers: [
                (id: "mend", name: "Mend", timing: Action, text: "Heal 1 on a friendly unit within 6\".",
                 effects: [Heal(target: Friend(range: 6), amount: 1)]),
                (id: "oath", name: "Oath", timing: Action, text: "Heal 1 on a friendly Tyverian unit within 6\".",
                 effects: [Heal(target: Friend(range: 6, with: Some("Tyveria")), amount: 1)]),
            ]),
    )]"#;
    let mut sources: Vec<Source> = DEFAULT_SOURCES.to_vec();
    sources.push(Source {
        file: "units/banner.ron",
        kind: FileKind::Units,
        text: banner,
    });
    Arc::new(Pack::load(&sources).unwrap())
}

/// BoV 5.1, "Mercenaries": "Mercenary units are part of your force for the
/// duration of the game and count as friendly units for any rules in your
/// force that use that term. They do not count as Allarian/Tyverian/Nahuac
/// units, however, for rules that use those terms."
#[test]
fn a_mercenary_plays_in_its_force_friendly_but_not_of_the_faction() {
    let list = r#"(name: "Banner and blades", force: "Tyveria", game_size: 100, units: [
        (card: "ogerron_warchief", general: true),
        (card: "tyverian_banner"),
        (card: "ogerron_phalanx"),
        (card: "sellsword_company"),
    ])"#;
    let setup = BattleSetup::pitched(4, "allaria_guild_line", list);
    let mut g = Battle::start(&pack_with_banner(), &setup).unwrap();
    through_setup(&mut g);
    let banner = unit_named(&g, "Tyverian Banner");
    let ph = unit_named(&g, "Ogerron Phalanx");
    let ss = unit_named(&g, "Sellsword Company");
    // Part of the force: seat 1's own unit, deployed with it.
    assert_eq!(g.units[usize::from(ss)].owner, 1);
    assert!(g.units[usize::from(ss)].deployed || g.units[usize::from(ss)].reserve);
    place(&mut g, |g| {
        vec![
            (banner, vec![Point::new(20.0, 20.0)]),
            (ph, row(g, ph, 1, 24.0, 20.0, 0.0)),
            (
                ss,
                row(
                    g,
                    ss,
                    g.units[usize::from(ss)].positions.len(),
                    12.0,
                    23.0,
                    0.5,
                ),
            ),
        ]
    });
    activate(&mut g, banner);
    let offered = g.power_choices(banner);
    // "Mend": any friendly unit, the Mercenaries included.
    assert!(offered.contains(&(0, Some(ss))), "{offered:?}");
    assert!(offered.contains(&(0, Some(ph))), "{offered:?}");
    // "Oath": a friendly Tyverian unit, which the Mercenaries are not.
    assert!(offered.contains(&(1, Some(ph))), "{offered:?}");
    assert!(!offered.contains(&(1, Some(ss))), "{offered:?}");
}

/// BoV 5.1, "Monsters": "agree on which Monsters you are going to use": a
/// list may name them (`monsters: [...]`, Monster cards only); the battle
/// fields those of both lists and of the set-up, each once.
#[test]
fn lists_may_name_monsters_for_the_battle() {
    use valerna_bov::force_list::{ListRule, parse, validate};
    let text = |monsters: &str| {
        format!(
            r#"(name: "Line", force: "Allaria", game_size: 100, units: [
                (card: "eldai_alarn", general: true), (card: "dreamfencers")],
                monsters: [{monsters}])"#
        )
    };
    let p = pack();
    let bad = validate(&p, &parse(&text(r#""bucentaur""#)).unwrap()).unwrap_err();
    assert!(
        bad.iter()
            .any(|e| e.rule == ListRule::Monsters && e.message.contains("'bucentaur'")),
        "{bad:?}"
    );
    let good = text(r#""ravine_troll", "marsh_hydra""#);
    validate(&p, &parse(&good).unwrap()).unwrap();
    let mut s = BattleSetup::pitched(2, &good, "tyveria_swarm");
    s.monsters = vec!["ravine_troll".into()];
    let g = Battle::start(&p, &s).unwrap();
    let names: Vec<&str> = g
        .monsters
        .list
        .iter()
        .map(|m| g.units[usize::from(m.unit)].name.as_str())
        .collect();
    assert_eq!(names, ["Ravine Troll", "Marsh Hydra"]);
}
