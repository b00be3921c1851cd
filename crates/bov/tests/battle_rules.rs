//! The turn engine against the rulebook's rules and worked examples.

use valerna_bov::battle::bots::{GreedyBot, RandomBot, play};
use valerna_bov::battle::{Battle, BattleSetup, Decision, Phase};
use valerna_bov::geometry::{Battlefield, Point, in_coherency};
use valerna_game::{Game, Record, replay};

mod common;
use common::{decline_reactions, deployed, pack, unit_named};

/// Only `keep` stay on an open battlefield, each model on a row at `y`.
fn isolate(g: &mut Battle, keep: &[(u16, f64)]) {
    g.field = Battlefield::new(48.0, 36.0, Vec::new()).unwrap();
    for u in &mut g.units {
        u.deployed = false;
    }
    for &(id, y) in keep {
        let u = &mut g.units[usize::from(id)];
        u.deployed = true;
        let r = f64::from(u.base_mm) / 25.4 / 2.0;
        for m in 0..u.positions.len() {
            u.positions[m] = Point::new(10.0 + m as f64 * (2.0 * r + 0.5), y);
        }
    }
}

fn radius(g: &Battle, id: u16) -> f64 {
    f64::from(g.units[usize::from(id)].base_mm) / 25.4 / 2.0
}

/// BoV 5.1, "Charge Move", the worked example: Dreamfencers (Speed 8) with
/// a target "just over 10"" away engage it on 3 hits or more, and fall
/// short on 2 or fewer.
#[test]
fn dreamfencers_charge_just_over_ten_inches() {
    let mut seen = [false; 2];
    for seed in 0..40 {
        let mut g = deployed(seed, "allaria_guild_line", "tyveria_swarm");
        let df = unit_named(&g, "Dreamfencers");
        let target = g.units.iter().find(|u| u.owner == 1).unwrap().id;
        let y_t = 5.0 + radius(&g, df) + radius(&g, target) + 10.1;
        isolate(&mut g, &[(df, 5.0), (target, y_t)]);
        assert!((g.distance(df, target) - 10.1).abs() < 1e-9);
        assert_eq!(g.profile(df).speed, 8);
        g.phase = Phase::Action { unit: df };
        g.apply(Decision::Charge { target }).unwrap();
        decline_reactions(&mut g);
        let c = g.last_charge.unwrap();
        assert_eq!(c.engaged, c.bonus >= 3, "bonus {}", c.bonus);
        seen[usize::from(c.engaged)] = true;
    }
    assert_eq!(seen, [true, true], "both outcomes occur over 40 seeds");
}

/// The view's charge reach, as the table draws it: Speed for sure, each
/// further inch on the dice's hits ("Charge Move": the Dreamfencers need 3
/// hits for a target just over 10"), up to Speed + 6"; halved when Slowed,
/// none when Immobilized.
#[test]
fn the_view_tells_how_far_a_charge_reaches_and_its_chance() {
    use valerna_dice::odds::charge_bonus;
    let mut g = deployed(1, "allaria_guild_line", "tyveria_swarm");
    let df = unit_named(&g, "Dreamfencers");
    let seen = |g: &Battle| g.view(0).units[usize::from(df)].clone();
    let v = seen(&g);
    assert_eq!(v.allowance_in, 8.0);
    let inches: Vec<f64> = v.charge.iter().map(|c| c.inches).collect();
    assert_eq!(inches, [8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0]);
    assert_eq!(v.charge[0].chance, 1.0);
    assert!(v.charge.windows(2).all(|w| w[1].chance < w[0].chance));
    // Just over 10": 3 hits or more.
    assert!((v.charge[3].chance - charge_bonus().at_least(3)).abs() < 1e-12);
    g.units[usize::from(df)].state.status.slowed = 1;
    let v = seen(&g);
    assert_eq!(v.allowance_in, 4.0);
    assert_eq!(v.charge.first().map(|c| c.inches), Some(4.0));
    assert_eq!(v.charge.last().map(|c| c.inches), Some(7.0));
    g.units[usize::from(df)].state.status.slowed = 0;
    g.units[usize::from(df)].state.status.immobilized = 1;
    let v = seen(&g);
    assert_eq!(v.allowance_in, 0.0);
    assert!(v.charge.is_empty());
}

/// "Select Target": beyond Speed + 6" a charge has no chance and is refused.
#[test]
fn a_charge_beyond_speed_plus_six_is_refused() {
    let mut g = deployed(1, "allaria_guild_line", "tyveria_swarm");
    let df = unit_named(&g, "Dreamfencers");
    let target = g.units.iter().find(|u| u.owner == 1).unwrap().id;
    let y_t = 5.0 + radius(&g, df) + radius(&g, target) + 14.5;
    isolate(&mut g, &[(df, 5.0), (target, y_t)]);
    g.phase = Phase::Action { unit: df };
    let e = g.validate(&Decision::Charge { target }).unwrap_err();
    assert!(e.to_string().contains("Speed + 6"), "{e}");
}

/// "Skirmish", the worked example: Fai Hunters (Speed 12) move at most 6".
#[test]
fn fai_hunters_skirmish_six_inches() {
    let mut g = deployed(2, "allaria_dragon_host", "tyveria_swarm");
    let fh = unit_named(&g, "Fai Hunters");
    assert_eq!(g.profile(fh).speed, 12);
    let target = g.units.iter().find(|u| u.owner == 1).unwrap().id;
    let range = f64::from(g.profile(fh).ranged.as_ref().unwrap().range);
    // The target stands in range; the move goes along the line.
    let y_t = 5.0 + radius(&g, fh) + radius(&g, target) + range - 1.0;
    isolate(&mut g, &[(fh, 5.0), (target, y_t)]);
    g.phase = Phase::Action { unit: fh };
    let models: Vec<u8> = g.units[usize::from(fh)].alive_models().collect();
    let step = |d: f64| -> Vec<(u8, Vec<Point>)> {
        models
            .iter()
            .map(|&m| {
                let p = g.units[usize::from(fh)].positions[usize::from(m)];
                (m, vec![Point::new(p.x + d, p.y)])
            })
            .collect()
    };
    g.validate(&Decision::Skirmish {
        target,
        paths: step(6.0),
    })
    .unwrap();
    let e = g
        .validate(&Decision::Skirmish {
            target,
            paths: step(6.2),
        })
        .unwrap_err();
    assert!(e.to_string().contains("6.00\" move"), "{e}");
    // A March uses the full Speed.
    g.validate(&Decision::March { paths: step(12.0) }).unwrap();
}

/// "Pass or Activate": once a player passes, they pass every turn until
/// the end of the round; the other keeps taking turns; both passed ends it.
#[test]
fn passing_lasts_the_round() {
    let mut g = deployed(3, "allaria_guild_line", "tyveria_swarm");
    assert_eq!(g.round, 1);
    let Phase::Turn { seat: first } = g.phase.clone() else {
        panic!("{:?}", g.phase)
    };
    g.apply(Decision::Pass).unwrap();
    let other = 1 - first;
    assert_eq!(g.phase, Phase::Turn { seat: other });
    let u = g.living(other).next().unwrap().id;
    g.apply(Decision::Activate { unit: u }).unwrap();
    decline_reactions(&mut g);
    g.apply(Decision::March { paths: Vec::new() }).unwrap();
    decline_reactions(&mut g);
    // The passed player is skipped: the other takes the next turn too.
    assert_eq!(g.phase, Phase::Turn { seat: other });
    g.apply(Decision::Pass).unwrap();
    decline_reactions(&mut g);
    assert_eq!(g.round, 2, "both passed: the round ended");
    assert_eq!(g.passed, [false, false]);
}

#[test]
fn a_passed_player_cannot_activate() {
    let mut g = deployed(4, "allaria_guild_line", "tyveria_swarm");
    let Phase::Turn { seat: first } = g.phase.clone() else {
        panic!()
    };
    let other = 1 - first;
    g.apply(Decision::Pass).unwrap();
    let u = g.living(other).next().unwrap().id;
    g.apply(Decision::Activate { unit: u }).unwrap();
    decline_reactions(&mut g);
    g.apply(Decision::March { paths: Vec::new() }).unwrap();
    // Seat `other` takes turns; hand the turn to the passed seat by hand.
    g.phase = Phase::Turn { seat: first };
    let mine = g.living(first).next().unwrap().id;
    let e = g.validate(&Decision::Activate { unit: mine }).unwrap_err();
    assert!(
        e.to_string().contains("pass until the end of the round"),
        "{e}"
    );
}

/// "Select a Unit": a fatigue counter on activation; an Exhausted unit (3
/// counters) cannot be selected.
#[test]
fn activation_places_fatigue_and_exhausted_units_rest() {
    let mut g = deployed(5, "allaria_guild_line", "tyveria_swarm");
    let Phase::Turn { seat } = g.phase.clone() else {
        panic!()
    };
    let u = g.living(seat).next().unwrap().id;
    assert_eq!(g.units[usize::from(u)].state.fatigue, 0);
    g.apply(Decision::Activate { unit: u }).unwrap();
    assert_eq!(g.units[usize::from(u)].state.fatigue, 1);
    decline_reactions(&mut g);
    assert_eq!(g.phase, Phase::Action { unit: u });
    g.apply(Decision::March { paths: Vec::new() }).unwrap();
    g.units[usize::from(u)].state.fatigue = 3;
    g.phase = Phase::Turn { seat };
    let e = g.validate(&Decision::Activate { unit: u }).unwrap_err();
    assert!(e.to_string().contains("Exhausted"), "{e}");
    let mut buf = Vec::new();
    g.choices(&mut buf);
    assert!(!buf.contains(&Decision::Activate { unit: u }));
}

/// "Restore Fatigue": 2 counters come off at the end of the round (1 if
/// the unit had just 1).
#[test]
fn end_of_round_restores_fatigue() {
    let mut g = deployed(6, "allaria_guild_line", "tyveria_swarm");
    let ids: Vec<u16> = g.units.iter().map(|u| u.id).take(3).collect();
    g.units[usize::from(ids[0])].state.fatigue = 3;
    g.units[usize::from(ids[1])].state.fatigue = 1;
    g.units[usize::from(ids[2])].state.fatigue = 2;
    g.apply(Decision::Pass).unwrap();
    g.apply(Decision::Pass).unwrap();
    assert_eq!(g.round, 2);
    let f: Vec<u8> = ids
        .iter()
        .map(|&i| g.units[usize::from(i)].state.fatigue)
        .collect();
    assert_eq!(f, vec![1, 0, 0]);
}

/// Property over whole games: after every decision no two bases overlap;
/// after every March or Skirmish the unit that moved is in coherency and
/// 1" or more from every enemy model it was not already in contact with.
#[test]
fn moves_keep_bases_apart_coherency_and_the_enemy_gap() {
    let pack = pack();
    for seed in 0..4 {
        let setup = BattleSetup::pitched(seed, "allaria_dragon_host", "tyveria_swarm");
        let mut g = Battle::start(&pack, &setup).unwrap();
        let mut bots = (GreedyBot::new(seed), RandomBot::new(seed + 7));
        while let Some(seat) = g.to_decide() {
            let d = if seat == 0 {
                valerna_bov::battle::bots::Bot::decide(&mut bots.0, &g)
            } else {
                valerna_bov::battle::bots::Bot::decide(&mut bots.1, &g)
            };
            let mover = match (&g.phase, &d) {
                (Phase::Action { unit }, Decision::March { paths })
                | (Phase::Action { unit }, Decision::Skirmish { paths, .. })
                    if !paths.is_empty() =>
                {
                    Some(*unit)
                }
                _ => None,
            };
            let before = mover.map(|u| g.units[usize::from(u)].positions.clone());
            g.apply(d).unwrap();
            let snap = g.snapshot();
            for (i, a) in snap.models.iter().enumerate() {
                for b in &snap.models[i + 1..] {
                    assert!(!a.overlaps(b), "seed {seed}: bases overlap");
                }
            }
            if let (Some(u), Some(before)) = (mover, before)
                && g.units[usize::from(u)].alive()
                && g.units[usize::from(u)].positions != before
            {
                let own = snap.of_unit(u);
                assert!(in_coherency(&own), "seed {seed}: unit {u} out of coherency");
                for m in &own {
                    for e in snap.models.iter().filter(|e| e.is_enemy_of(m)) {
                        assert!(
                            m.gap(e) >= 1.0 - 1e-6,
                            "seed {seed}: within 1\" of an enemy"
                        );
                    }
                }
            }
        }
        assert!(g.outcome().is_some());
    }
}

/// The same setup and decisions give the same game.
#[test]
fn replay_gives_the_same_battle() {
    let pack = pack();
    let setup = BattleSetup::pitched(11, "allaria_guild_line", "tyveria_dragon_host");
    let mut g = Battle::start(&pack, &setup).unwrap();
    let log = play(
        &mut g,
        &mut [&mut GreedyBot::new(1), &mut RandomBot::new(2)],
        10_000,
    )
    .unwrap();
    let record = Record::<Battle> {
        setup,
        decisions: log,
    };
    let again = replay(&pack, &record).unwrap();
    assert_eq!(again.outcome(), g.outcome());
    assert_eq!(again.score, g.score);
    assert_eq!(again.units, g.units);
    assert_eq!(again.models_lost, g.models_lost);
    // Through JSON, as the command line saves it.
    let json = serde_json::to_string(&record).unwrap();
    let back: Record<Battle> = serde_json::from_str(&json).unwrap();
    let again = replay(&pack, &back).unwrap();
    assert_eq!(again.outcome(), g.outcome());
    assert_eq!(again.score, g.score);
}

/// A refused decision names what was wrong and leaves the game unchanged.
#[test]
fn bad_decisions_are_refused_with_a_reason() {
    let mut g = deployed(7, "allaria_guild_line", "tyveria_swarm");
    let before = g.units.clone();
    let e = g.apply(Decision::Attack { target: 0 }).unwrap_err();
    assert!(e.to_string().contains("not a decision for now"), "{e}");
    let e = g.apply(Decision::Activate { unit: 999 }).unwrap_err();
    assert!(e.to_string().contains("no unit 999"), "{e}");
    assert_eq!(g.units, before);
}

/// Hidden information: a seat sees its own Vaala cards and only the number
/// of the opponent's.
#[test]
fn views_hide_the_opponents_cards() {
    let g = deployed(8, "allaria_guild_line", "tyveria_swarm");
    let v0 = g.view(0);
    let v1 = g.view(1);
    assert_eq!(v0.opponent_cards, v1.hand.len());
    assert_eq!(v1.opponent_cards, v0.hand.len());
    assert!(!v0.hand.is_empty());
}

/// Two units in base contact: the Dreamfencers (seat 0) and the first unit
/// of seat 1, whose models are then marched 3" straight away.
fn engaged_pair(seed: u64) -> (Battle, u16, u16, Vec<(u8, Vec<Point>)>) {
    let mut g = deployed(seed, "allaria_guild_line", "tyveria_swarm");
    let df = unit_named(&g, "Dreamfencers");
    let foe = g.units.iter().find(|u| u.owner == 1).unwrap().id;
    let y = 5.0 + radius(&g, df) + radius(&g, foe);
    isolate(&mut g, &[(df, 5.0), (foe, y)]);
    let snap = g.snapshot();
    assert_eq!(g.engaged_with(&snap, foe), vec![df]);
    let paths = g.units[usize::from(foe)]
        .alive_models()
        .map(|m| {
            let p = g.units[usize::from(foe)].positions[usize::from(m)];
            (m, vec![Point::new(p.x, p.y + 3.0)])
        })
        .collect();
    g.phase = Phase::Action { unit: foe };
    (g, df, foe, paths)
}

/// "Opportunity Attack": an engaged enemy may attack a unit moving away,
/// taking a fatigue counter, and the attack comes before the move.
#[test]
fn moving_away_offers_an_opportunity_attack_first() {
    let (mut g, df, foe, paths) = engaged_pair(9);
    let before = g.units[usize::from(foe)].positions.clone();
    g.apply(Decision::March { paths }).unwrap();
    assert_eq!(
        g.phase,
        Phase::Opportunity {
            mover: foe,
            candidates: vec![df],
            reacted: Vec::new(),
        }
    );
    assert_eq!(g.to_decide(), Some(0), "the engaged enemy's owner decides");
    assert_eq!(g.units[usize::from(foe)].positions, before, "not moved yet");
    let fatigue = g.units[usize::from(df)].state.fatigue;
    g.apply(Decision::React { unit: Some(df) }).unwrap();
    assert_eq!(g.units[usize::from(df)].state.fatigue, fatigue + 1);
}

/// An Exhausted unit cannot make Opportunity Attacks: the move goes ahead.
#[test]
fn an_exhausted_unit_makes_no_opportunity_attack() {
    let (mut g, df, foe, paths) = engaged_pair(10);
    g.units[usize::from(df)].state.fatigue = 3;
    let before = g.units[usize::from(foe)].positions.clone();
    g.apply(Decision::March { paths }).unwrap();
    common::decline_reactions(&mut g);
    assert!(matches!(g.phase, Phase::Turn { .. }), "{:?}", g.phase);
    assert_ne!(g.units[usize::from(foe)].positions, before, "moved away");
}

/// "Apply Wounds": the owner picks the casualties; the engine's suggestion
/// keeps the rest of the unit in coherency ("Unit Coherency"), so it never
/// names the model that holds a line together.
#[test]
fn suggested_casualties_keep_the_unit_coherent() {
    let mut g = deployed(12, "allaria_guild_line", "tyveria_swarm");
    let df = unit_named(&g, "Dreamfencers");
    isolate(&mut g, &[(df, 5.0)]);
    let step = 2.0 * radius(&g, df) + 0.5;
    // Model 4 stands in the middle of the line: 0 1 4 2 3.
    for (m, slot) in [(0, 0.0), (1, 1.0), (4, 2.0), (2, 3.0), (3, 4.0)] {
        g.units[usize::from(df)].positions[m] = Point::new(10.0 + slot * step, 5.0);
    }
    assert_eq!(g.coherent_casualties(df, 1), Some(vec![3]));
    assert_eq!(g.coherent_casualties(df, 2), Some(vec![3, 2]));
}

/// A refused move names each model as a player counts them: by its number
/// in its unit from 1, and its unit's name ("model 4 of Dreamfencers"),
/// never by its place among every model on the table; an enemy model it
/// would touch is named the same way (BoV 5.1, "Movement").
#[test]
fn a_refused_move_names_the_model_by_its_unit() {
    let mut g = deployed(3, "allaria_guild_line", "tyveria_swarm");
    let df = unit_named(&g, "Dreamfencers");
    let foe = unit_named(&g, "Sellsword Company");
    isolate(&mut g, &[(df, 10.0), (foe, 14.0)]);
    g.phase = Phase::Action { unit: df };
    let refusal = |g: &Battle, m: u8, to: Point| {
        g.validate(&Decision::March {
            paths: vec![(m, vec![to])],
        })
        .unwrap_err()
        .to_string()
    };
    let off = refusal(&g, 0, Point::new(-5.0, 10.0));
    assert!(
        off.starts_with("model 1 of Dreamfencers would leave the battlefield"),
        "{off}"
    );
    let far = refusal(&g, 2, Point::new(40.0, 30.0));
    assert!(
        far.starts_with("model 3 of Dreamfencers: the path uses"),
        "{far}"
    );
    // Before the Sellswords' last model, closer than 1" to it alone.
    let n = g.units[usize::from(foe)].positions.len();
    let last = g.units[usize::from(foe)].positions[n - 1];
    let near = refusal(&g, 3, Point::new(last.x, last.y - 1.6));
    assert!(
        near.starts_with("model 4 of Dreamfencers would end")
            && near.contains(&format!("from enemy model {n} of Sellsword Company")),
        "{near}"
    );
}
