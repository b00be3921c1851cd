//! The battle's invariants (`battle::invariants`) under any decisions, legal
//! or not: a refused decision changes nothing, an accepted one keeps every
//! count in range, every model on the table and apart, and every token and
//! card accounted for.

use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use valerna_bov::battle::{Battle, BattleSetup, Decision, Phase, invariants};
use valerna_bov::geometry::Point;
use valerna_bov::rules::scenario::Scenario;
use valerna_game::Game;

mod common;
use common::{deployed, pack, place_on, radius, unit_named};

const LISTS: [&str; 4] = [
    "allaria_guild_line",
    "tyveria_swarm",
    "allaria_dragon_host",
    "tyveria_dragon_host",
];

const SCENARIOS: [Scenario; 4] = [
    Scenario::PitchedBattle,
    Scenario::SeizeTheLand,
    Scenario::SlayTheFoe,
    Scenario::Quest,
];

/// What either seat can see, and where the game stands: equal before and
/// after a refused decision.
fn fingerprint(g: &Battle) -> String {
    format!(
        "{}|{}|{:?}|{:?}",
        serde_json::to_string(&g.view(0)).unwrap(),
        serde_json::to_string(&g.view(1)).unwrap(),
        g.phase,
        g.to_decide()
    )
}

/// Plays one battle from fuzzer-like bytes: each step either takes one of
/// the listed choices or replays a decision from earlier in the game (most
/// of them illegal by now). Returns the number of decisions refused.
fn play_from_bytes(setup: &BattleSetup, bytes: &[u8]) -> Result<usize, String> {
    let mut g = Battle::start(&pack(), setup).map_err(|e| e.to_string())?;
    let mut buf = Vec::new();
    let mut seen: Vec<Decision> = Vec::new();
    let mut refused = 0;
    for (step, &b) in bytes.iter().cycle().take(4_000).enumerate() {
        if g.to_decide().is_none() {
            break;
        }
        g.choices(&mut buf);
        let d = if b % 5 == 0 && !seen.is_empty() {
            seen[usize::from(b) * 7919 % seen.len()].clone()
        } else if buf.is_empty() {
            Decision::Pass
        } else {
            buf[(usize::from(b) + step) % buf.len()].clone()
        };
        let before = fingerprint(&g);
        match g.apply(d.clone()) {
            Ok(()) => {
                if seen.len() < 256 {
                    seen.push(d.clone());
                }
            }
            Err(_) => {
                refused += 1;
                if fingerprint(&g) != before {
                    return Err(format!("step {step}: a refused {d:?} changed the game"));
                }
            }
        }
        invariants::check(&g).map_err(|e| format!("step {step}, after {d:?}: {e}"))?;
    }
    Ok(refused)
}

/// The case count: `PROPTEST_CASES` when set, else `default`.
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: cases(16),
        rng_seed: RngSeed::Fixed(0x1a7a),
        ..ProptestConfig::default()
    })]

    /// Any decisions, legal or not, in any scenario and pairing of the
    /// shipped lists: the invariants hold after every step.
    #[test]
    fn arbitrary_decisions_keep_the_battle_sound(
        seed in any::<u64>(),
        scenario in 0usize..4,
        lists in (0usize..4, 0usize..4),
        bytes in proptest::collection::vec(any::<u8>(), 1..64),
    ) {
        let mut setup = BattleSetup::pitched(seed, LISTS[lists.0], LISTS[lists.1]);
        setup.scenario = SCENARIOS[scenario];
        let r = play_from_bytes(&setup, &bytes);
        prop_assert!(r.is_ok(), "seed {seed}: {}", r.unwrap_err());
    }
}

/// BoV 5.1, "Reserves": "all units left in Reserve are immediately
/// defeated" at the end of the game, and "The Dragonbond": "if either of
/// them is defeated, both of them are immediately removed": a bonded Hero
/// left in Reserve takes its dragon with it, and the opponent scores both.
#[test]
fn a_bonded_hero_left_in_reserve_takes_its_dragon_with_it() {
    let mut ended = 0;
    for seed in 0..30 {
        let mut g = deployed(seed, "allaria_dragon_host", "tyveria_swarm");
        let elyse = unit_named(&g, "Elyse");
        let dragon = unit_named(&g, "Ferellon Fulgen");
        let foe = unit_named(&g, "Bloodclaws");
        assert_eq!(g.units[usize::from(elyse)].bonded, Some(dragon));
        let gap = radius(&g, dragon) + radius(&g, foe);
        place_on(&mut g, Vec::new(), |_| {
            vec![
                (dragon, vec![Point::new(20.0, 10.0)]),
                (foe, vec![Point::new(20.0, 10.0 + gap)]),
            ]
        });
        let e = &mut g.units[usize::from(elyse)];
        e.deployed = false;
        e.reserve = true;
        let health = g.profile(foe).health;
        g.units[usize::from(foe)].state.wounds = health - 1;
        let before = g.score.points[1];
        g.phase = Phase::Action { unit: dragon };
        g.apply(Decision::Attack { target: foe }).unwrap();
        while matches!(g.phase, Phase::Reaction { .. }) {
            g.apply(Decision::Reaction { reaction: None }).unwrap();
        }
        if g.outcome().is_none() {
            continue;
        }
        ended += 1;
        let (e, d) = (&g.units[usize::from(elyse)], &g.units[usize::from(dragon)]);
        assert!(
            e.state.is_defeated() && d.state.is_defeated(),
            "seed {seed}"
        );
        assert_eq!(
            g.score.points[1] - before,
            i32::from(e.value) + i32::from(d.value),
            "seed {seed}: the opponent scores both"
        );
        invariants::check(&g).unwrap();
    }
    assert!(ended > 0);
}

/// The sweep: 1,000 whole battles over every scenario, battlefield size
/// and pairing of the shipped lists, greedy and random bots, with and
/// without Monsters, told (the story kept) one time in four. After every
/// decision the invariants hold (among them "a unit can never be both
/// Flanked and Flanking", BoV p.14), no bot's decision is refused, and
/// every battle ends within its decision cap. Minutes: run in release with
/// `cargo test --release -p valerna-bov --test battle_invariants -- --ignored --nocapture`.
#[test]
#[ignore = "minutes: run in release with --ignored"]
fn a_thousand_battles_keep_every_invariant() {
    use valerna_bov::battle::bots::{Bot, GreedyBot, RandomBot};
    use valerna_bov::rules::scenario::Battlefield;
    const SIZES: [Battlefield; 3] = [
        Battlefield::Small2x1,
        Battlefield::Standard4x3,
        Battlefield::Large6x4,
    ];
    const MONSTERS: [&[&str]; 3] = [&[], &["ravine_troll"], &["ravine_wyvern", "marsh_hydra"]];
    let pack = pack();
    let (mut decisions, mut breaks, mut aborts, mut played) = (0usize, 0usize, 0usize, 0usize);
    let mut failures = Vec::new();
    for n in 0..1000u64 {
        let scenario = SCENARIOS[(n % 4) as usize];
        let size = SIZES[(n / 4 % 3) as usize];
        let lists = (LISTS[(n / 12 % 4) as usize], LISTS[(n / 48 % 4) as usize]);
        // The Quest fields no Monsters (docs/rulings.md).
        let monsters = if scenario == Scenario::Quest {
            &[][..]
        } else {
            MONSTERS[(n / 7 % 3) as usize]
        };
        let mut setup = BattleSetup::pitched(n, lists.0, lists.1);
        setup.scenario = scenario;
        setup.battlefield = size;
        setup.monsters = monsters.iter().map(|m| m.to_string()).collect();
        let started = if n % 4 == 0 {
            Battle::start_narrated(&pack, &setup)
        } else {
            Battle::start(&pack, &setup)
        };
        let mut g = match started {
            Ok(g) => g,
            Err(e) => {
                failures.push(format!("battle {n}: its set-up is refused: {e}"));
                aborts += 1;
                continue;
            }
        };
        let mut bots: [Box<dyn Bot>; 2] = match n % 3 {
            0 => [Box::new(GreedyBot::new(n)), Box::new(GreedyBot::new(n + 1))],
            1 => [Box::new(GreedyBot::new(n)), Box::new(RandomBot::new(n + 1))],
            _ => [Box::new(RandomBot::new(n)), Box::new(GreedyBot::new(n + 1))],
        };
        let mut steps = 0;
        while let Some(seat) = g.to_decide() {
            if steps == 20_000 {
                failures.push(format!("battle {n}: no end after {steps} decisions"));
                aborts += 1;
                break;
            }
            let d = bots[usize::from(seat.min(1))].decide(&g);
            if let Err(e) = g.apply(d.clone()) {
                failures.push(format!("battle {n}: {d:?} refused: {e}"));
                aborts += 1;
                break;
            }
            steps += 1;
            if let Err(e) = invariants::check(&g) {
                failures.push(format!("battle {n}, decision {steps}: {e}"));
                breaks += 1;
                break;
            }
        }
        decisions += steps;
        played += 1;
    }
    println!("{played} battles, {decisions} decisions: {breaks} invariant breaks, {aborts} aborts");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// BoV p.14, "Flanking & Flanked": "a unit can never be both Flanked and
/// Flanking at the same time". A Dragon Host's rider and Mount are engaged
/// by three enemy units, each of which is so Flanking; a fourth unit's
/// charge at one of them falls short with a follower touching it (docs/
/// rulings.md, "Charging a Flanking enemy"): it is not moved, and no unit is
/// both Flanked and Flanking after any decision of the battle.
#[test]
fn a_charge_falling_short_against_a_flanking_unit_is_not_moved_into_it() {
    use valerna_bov::battle::bots::{Bot, GreedyBot};
    let mut setup = BattleSetup::pitched(8, "allaria_dragon_host", "tyveria_dragon_host");
    setup.scenario = Scenario::SlayTheFoe;
    let mut g = Battle::start(&pack(), &setup).unwrap();
    let mut bots = [GreedyBot::new(8), GreedyBot::new(9)];
    let mut checked = None;
    let mut steps = 0;
    while let Some(seat) = g.to_decide() {
        let d = bots[usize::from(seat.min(1))].decide(&g);
        // The charge of the Guild Enforcers at the Vespidai Swarm, which
        // flanks the rider and Mount with two other units.
        let charge = match (&g.phase, &d) {
            (Phase::Action { unit }, Decision::Charge { target }) => {
                let snap = g.snapshot();
                let flanking = g
                    .engaged_with(&snap, *target)
                    .into_iter()
                    .any(|x| g.flanked(&snap, x));
                flanking.then(|| {
                    let models: Vec<Point> = g
                        .snapshot()
                        .of_unit(*unit)
                        .iter()
                        .map(|m| m.center)
                        .collect();
                    (*unit, models)
                })
            }
            _ => None,
        };
        g.apply(d).unwrap();
        steps += 1;
        invariants::check(&g).unwrap_or_else(|e| panic!("decision {steps}: {e}"));
        if let Some((unit, before)) = charge
            && g.last_charge.as_ref().is_some_and(|c| !c.engaged)
        {
            let after: Vec<Point> = g
                .snapshot()
                .of_unit(unit)
                .iter()
                .map(|m| m.center)
                .collect();
            if after == before {
                checked = Some(steps);
            }
        }
    }
    assert!(g.outcome().is_some(), "the battle ends");
    assert!(
        checked.is_some(),
        "a charge at a Flanking unit fell short and was not moved"
    );
}
