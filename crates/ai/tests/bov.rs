//! Battles of Valerna bots: they decide only from what their seat knows,
//! and only legally.

use std::sync::Arc;

use valerna_ai::bov::{BovSampler, candidates, quick};
use valerna_ai::ismcts::Budget;
use valerna_ai::spec::BovSpec;
use valerna_ai::{Observable, Sampler};
use valerna_bov::battle::bots::{Bot as _, GreedyBot, expected_points};
use valerna_bov::battle::{Battle, BattleSetup, Decision, Phase};
use valerna_bov::content::Pack;
use valerna_bov::geometry::Sightlines;
use valerna_bov::rules::scenario::Scenario;
use valerna_bov::rules::units::WeaponKind;
use valerna_dice::Stream;
use valerna_game::Game;

#[path = "../../bov/tests/common/mod.rs"]
mod common;

fn pack() -> Arc<Pack> {
    Arc::new(Pack::default_pack().unwrap())
}

const SWARM: &str = include_str!("../../../content/bov/lists/tyveria_swarm.ron");
const CARDS: &str = r#"vaala: ["sapping_curse", "binding_roots", "veil_of_mist"]"#;

/// A Pitched Battle of the Guild Line (seat 0) against the Swarm (seat 1),
/// the Swarm's Vaala cards as given.
fn battle(seed: u64, swarm_cards: &str) -> Battle {
    assert!(SWARM.contains(CARDS));
    let swarm = SWARM.replace(CARDS, swarm_cards);
    Battle::start(
        &pack(),
        &BattleSetup::pitched(seed, "allaria_guild_line", &swarm),
    )
    .unwrap()
}

/// Plays `steps` greedy decisions.
fn greedy_steps(g: &mut Battle, steps: usize) {
    let mut bots = [GreedyBot::new(1), GreedyBot::new(2)];
    for _ in 0..steps {
        let Some(seat) = g.to_decide() else { return };
        let d = bots[usize::from(seat)].decide(g);
        g.apply(d).unwrap();
    }
}

/// A determinisation shows the deciding seat exactly its own view, with
/// its own candidates, whatever hand it deals the other seat.
#[test]
fn a_determinisation_shows_the_seat_its_own_view() {
    let sampler = BovSampler::new();
    let mut built = 0;
    let mut hands = std::collections::BTreeSet::new();
    for seed in 0..3u64 {
        let mut g = battle(seed, CARDS);
        greedy_steps(&mut g, 40 + 20 * seed as usize);
        let Some(seat) = g.to_decide() else { continue };
        let k = Observable::knowledge(&g, seat);
        let shown = serde_json::to_string(&g.view(seat)).unwrap();
        for i in 0..6 {
            let d = sampler.sample(&k, i).unwrap();
            assert_eq!(serde_json::to_string(&d.view(seat)).unwrap(), shown);
            let mut c = Vec::new();
            candidates(&d, &mut c);
            assert_eq!(c, Battle::options(&k));
            hands.insert(d.view(1 - seat).hand);
            built += 1;
        }
    }
    assert_eq!(built, 18);
    // The hands dealt vary: the sampler guesses, it does not copy.
    assert!(hands.len() > 3, "{hands:?}");
}

/// Every candidate the search weighs is legal in the battle itself, the
/// first is the greedy bot's decision, and the rest come in its order.
#[test]
fn every_candidate_is_legal() {
    let (mut checked, mut ordered) = (0, 0);
    for seed in 0..2u64 {
        let mut g = battle(seed, CARDS);
        let mut bots = [GreedyBot::new(seed), GreedyBot::new(seed + 1)];
        let mut c = Vec::new();
        for _ in 0..400 {
            let Some(seat) = g.to_decide() else { break };
            candidates(&g, &mut c);
            // The first is what the greedy bot decides.
            assert_eq!(c.first(), Some(&GreedyBot::new(0).decide(&g)));
            for d in &c {
                g.validate(d).unwrap();
                checked += 1;
            }
            ordered += greedy_order(&g, &c);
            let d = bots[usize::from(seat)].decide(&g);
            g.apply(d).unwrap();
        }
    }
    assert!(checked > 800, "{checked}");
    assert!(ordered > 20, "{ordered}");
}

/// Checks that the candidates after the greedy bot's pick come in its
/// order, the likeliest best first: at a turn, Pass last; at the action of
/// a unit out of combat, its shots by the points they are expected to
/// remove. Returns the pairs of candidates compared.
fn greedy_order(g: &Battle, c: &[Decision]) -> usize {
    match g.phase {
        Phase::Turn { .. } => {
            let pass = c[1..].iter().position(|d| *d == Decision::Pass);
            assert!(pass.is_none_or(|p| p + 2 == c.len()), "{c:?}");
            usize::from(pass.is_some() && c.len() > 2)
        }
        Phase::Action { unit } => {
            let snap = g.snapshot();
            if !g.engaged_with(&snap, unit).is_empty() {
                return 0;
            }
            let sight = Sightlines::new(&g.field, &snap.models);
            let shots: Vec<f64> = c[1..]
                .iter()
                .filter_map(|d| match d {
                    Decision::Attack { target } => {
                        let n = g.ranged_models(&snap, &sight, unit, *target);
                        Some(expected_points(
                            g,
                            unit,
                            *target,
                            WeaponKind::Ranged,
                            n,
                            false,
                        ))
                    }
                    _ => None,
                })
                .collect();
            assert!(shots.windows(2).all(|w| w[0] >= w[1]), "{shots:?} {c:?}");
            shots.windows(2).filter(|w| w[0] != w[1]).count()
        }
        _ => 0,
    }
}

/// The no-peeking test: two battles that differ only in the Vaala cards of
/// the other seat (hidden from the bot's seat) give the search bot the
/// same decisions with the same seed and budget, at every point where its
/// seat sees the same. (They part where the other seat's cards first open
/// a reaction window in one battle only.)
#[test]
fn ismcts_decides_the_same_whatever_the_other_hand_holds() {
    let other = r#"vaala: ["sapping_curse", "veil_of_mist", "ember_lance"]"#;
    let seen = |g: &Battle| (serde_json::to_string(&g.view(0)).unwrap(), g.to_decide());
    let spec = BovSpec::Ismcts {
        budget: Budget::Iterations(6),
        playout: Default::default(),
    };
    let mut searched = 0;
    for seed in 0..2u64 {
        let mut a = battle(seed, CARDS);
        let mut b = battle(seed, other);
        assert_ne!(a.view(1).hand, b.view(1).hand);
        let (mut bot_a, mut bot_b) = (spec.bot(seed), spec.bot(seed));
        let mut greedy = [GreedyBot::new(seed + 1), GreedyBot::new(seed + 1)];
        let mut steps = 0;
        while seen(&a) == seen(&b) && steps < 260 {
            let Some(seat) = a.to_decide() else { break };
            steps += 1;
            let (x, y) = if seat == 0 {
                let (ka, kb) = (Observable::knowledge(&a, 0), Observable::knowledge(&b, 0));
                assert_eq!(Battle::options(&ka), Battle::options(&kb));
                if Battle::options(&ka).len() > 1 {
                    searched += 1;
                }
                (bot_a.decide(&ka), bot_b.decide(&kb))
            } else {
                (greedy[0].decide(&a), greedy[1].decide(&b))
            };
            if seat == 0 {
                assert_eq!(x, y, "seed {seed}: the same view, another decision");
            } else if x != y {
                break;
            }
            a.apply(x).unwrap();
            b.apply(y).unwrap();
        }
        assert!(bot_a.stats().unwrap().iterations > 0);
    }
    eprintln!("{searched} searched decisions of seat 0 compared");
    assert!(searched > 20, "{searched}");
}

/// The playouts foresee the greedy bot's advance (its `keep_up` and
/// `SUPPORT`; valerna-bov's `battle_riders` tests): the quick policy marches
/// a fast unit no nearer the enemy than its force will stand, and charges
/// only with its force near. Nagasha Magnifex, ahead of the Tyverian Dragon
/// Host, against the Guild Enforcers.
#[test]
fn the_quick_playout_advances_as_the_greedy_bot_does() {
    for scenario in [Scenario::SlayTheFoe, Scenario::PitchedBattle] {
        common::check_march_as_one(scenario, None, 0.5, |g| quick(g, &mut Stream::new(1)));
    }
    for (friends_y, supported) in [(3.0, false), (27.0, true)] {
        common::check_charge_waits(friends_y, supported, |g| quick(g, &mut Stream::new(1)));
    }
}

/// The search judges a lead on the scale of the edition's winning margin:
/// BoV starter, "Seize the Land" > "Scoring", "at least 30 points more than
/// the opponent", where BoV 5.1 asks 10% of the game size. The same lead
/// of 20 points weighs less in a starter Seize the Land than it would by
/// the 5.1 rule, and the same in Slay the Foe, whose margin the editions
/// share.
#[test]
fn the_search_weighs_a_lead_by_the_edition_s_margin() {
    use valerna_bov::rules::edition::Edition;
    let pack = Arc::new(Pack::default_pack().unwrap());
    for (scenario, differs) in [
        (Scenario::SeizeTheLand, true),
        (Scenario::SlayTheFoe, false),
    ] {
        let setup = BattleSetup {
            edition: Edition::Starter,
            scenario,
            ..BattleSetup::pitched(2, "allaria_fencers", "tyveria_packs")
        };
        let mut g = Battle::start(&pack, &setup).unwrap();
        g.score.points = [20, 0];
        let mut by_starter = [0.0; 2];
        BovSampler::new().evaluate(&g, &mut by_starter);
        g.setup.edition = Edition::V5_1;
        let mut by_v51 = [0.0; 2];
        BovSampler::new().evaluate(&g, &mut by_v51);
        assert!(by_starter[0] > 0.5, "{by_starter:?}");
        if differs {
            assert!(by_starter[0] < by_v51[0], "{by_starter:?} {by_v51:?}");
        } else {
            assert_eq!(by_starter, by_v51);
        }
    }
}

/// The greedy bot, whose judgement the search's playouts use, weighs a
/// Quest treasure at its 5.1 worth in either edition: the starter's 2 and 1
/// points are the same treasures on a tenth of the scale.
#[test]
fn the_bots_weigh_starter_treasures_as_5_1_ones() {
    use valerna_bov::battle::quest::{Place, Treasure, treasure_worth};
    use valerna_bov::rules::edition::Edition;
    use valerna_bov::rules::quest::TreasureKind;
    assert_eq!(treasure_worth(TreasureKind::Major), 20.0);
    assert_eq!(treasure_worth(TreasureKind::Minor), 10.0);
    let pack = Arc::new(Pack::default_pack().unwrap());
    for (edition, points) in [(Edition::Starter, 3), (Edition::V5_1, 30)] {
        // Each edition's own lists (the starter has no Artifacts).
        let lists = match edition {
            Edition::Starter => ["allaria_fencers", "tyveria_packs"],
            Edition::V5_1 => ["allaria_guild_line", "tyveria_swarm"],
        };
        let setup = BattleSetup {
            edition,
            scenario: Scenario::Quest,
            ..BattleSetup::pitched(2, lists[0], lists[1])
        };
        let mut g = Battle::start(&pack, &setup).unwrap();
        let unit = g.units[0].id;
        g.quest.treasures = vec![
            Treasure {
                kind: Some(TreasureKind::Major),
                place: Place::Carried(unit),
            },
            Treasure {
                kind: Some(TreasureKind::Minor),
                place: Place::Carried(unit),
            },
        ];
        assert_eq!(g.carried_points(unit), points, "{edition}: the score");
        assert_eq!(g.carried_worth(unit), 30.0, "{edition}: the bots' weight");
    }
}
