//! Hidden information: a seat's Vaala cards are its own until played. What
//! the other seat is shown (`Game::view`) never names them, whatever the
//! game is waiting for.

use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use valerna_bov::battle::bots::{Bot, GreedyBot, RandomBot};
use valerna_bov::battle::{Battle, BattleSetup, Phase};
use valerna_game::Game;

mod common;
use common::pack;

const LISTS: [&str; 4] = [
    "allaria_guild_line",
    "tyveria_swarm",
    "allaria_dragon_host",
    "tyveria_dragon_host",
];

/// The view of `seat` as JSON, without its own hand.
fn shown(g: &Battle, seat: u8) -> String {
    let mut v = serde_json::to_value(g.view(seat)).unwrap();
    v.as_object_mut().unwrap().remove("hand");
    v.to_string()
}

/// Plays a battle, checking at every step that neither seat is shown a
/// card of the other's hand it does not hold itself. Returns how many steps
/// had the other seat choosing among its reactions.
fn check_game(setup: &BattleSetup, greedy: bool) -> Result<usize, String> {
    let mut g = Battle::start(&pack(), setup).map_err(|e| e.to_string())?;
    let mut bots: [Box<dyn Bot>; 2] = if greedy {
        [Box::new(GreedyBot::new(1)), Box::new(GreedyBot::new(2))]
    } else {
        [Box::new(RandomBot::new(1)), Box::new(RandomBot::new(2))]
    };
    let mut reacting = 0;
    for step in 0..20_000 {
        let Some(seat) = g.to_decide() else {
            return Ok(reacting);
        };
        if matches!(g.phase, Phase::Reaction { .. }) {
            reacting += 1;
        }
        for viewer in 0..2u8 {
            let own = g.view(viewer).hand;
            let theirs = g.view(1 - viewer).hand;
            let json = shown(&g, viewer);
            for id in theirs.iter().filter(|id| !own.contains(id)) {
                if json.contains(&format!("\"{id}\"")) {
                    return Err(format!(
                        "step {step}: seat {viewer} is shown '{id}' from the other hand ({:?})",
                        g.phase
                    ));
                }
            }
        }
        let d = bots[usize::from(seat.min(1))].decide(&g);
        g.apply(d).map_err(|e| format!("step {step}: {e}"))?;
    }
    Err("the game did not end".into())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 12,
        rng_seed: RngSeed::Fixed(0x41dd),
        ..ProptestConfig::default()
    })]

    #[test]
    fn no_view_names_the_other_seats_vaala_cards(
        seed in any::<u64>(),
        lists in (0usize..4, 0usize..4),
        greedy in any::<bool>(),
    ) {
        let setup = BattleSetup::pitched(seed, LISTS[lists.0], LISTS[lists.1]);
        let r = check_game(&setup, greedy);
        prop_assert!(r.is_ok(), "seed {seed}: {}", r.unwrap_err());
    }
}

/// The greedy bot decides from what its seat may see: two battles that
/// differ only in the Vaala cards of the other seat's list give it the same
/// decision at every point where its view is the same. (They part where the
/// other seat's cards first open a reaction window in one battle only.)
#[test]
fn the_greedy_bot_decides_the_same_whatever_the_other_hand_holds() {
    let swarm = include_str!("../../../content/bov/lists/tyveria_swarm.ron");
    let cards = r#"vaala: ["sapping_curse", "binding_roots", "veil_of_mist"]"#;
    assert!(swarm.contains(cards));
    let other = swarm.replace(
        cards,
        r#"vaala: ["sapping_curse", "veil_of_mist", "ember_lance"]"#,
    );
    let seen = |g: &Battle| (serde_json::to_string(&g.view(0)).unwrap(), g.to_decide());
    let mut compared = 0;
    for seed in 0..10 {
        let mut a = Battle::start(
            &pack(),
            &BattleSetup::pitched(seed, "allaria_guild_line", swarm),
        )
        .unwrap();
        let mut b = Battle::start(
            &pack(),
            &BattleSetup::pitched(seed, "allaria_guild_line", &other),
        )
        .unwrap();
        assert_ne!(a.view(1).hand, b.view(1).hand);
        let mut bots = [GreedyBot::new(seed), GreedyBot::new(seed)];
        let mut others = [GreedyBot::new(seed + 1), GreedyBot::new(seed + 1)];
        while seen(&a) == seen(&b) {
            let Some(seat) = a.to_decide() else { break };
            let (x, y) = if seat == 0 {
                let [p, q] = &mut bots;
                (p.decide(&a), q.decide(&b))
            } else {
                let [p, q] = &mut others;
                (p.decide(&a), q.decide(&b))
            };
            if seat == 0 {
                assert_eq!(x, y, "seed {seed}: the same view, another decision");
                compared += 1;
            } else if x != y {
                break;
            }
            a.apply(x).unwrap();
            b.apply(y).unwrap();
        }
    }
    eprintln!("{compared} decisions of seat 0 compared");
    assert!(compared > 50, "{compared}");
}

/// BoV starter, "Add Vaala cards or Upgrade tokens": the tokens a side has
/// left are bought with points every player sees, so both views show both
/// counts (as both show the size of each hand); a battle where no list
/// bought any leaves them out of the view.
#[test]
fn the_upgrade_tokens_left_are_shown_to_both_sides() {
    let mut g = Battle::start(
        &pack(),
        &BattleSetup::pitched(4, "allaria_guild_line", "tyveria_swarm"),
    )
    .unwrap();
    for seat in [0, 1] {
        let v = serde_json::to_value(g.view(seat)).unwrap();
        assert!(v.get("upgrade_tokens").is_none(), "{v}");
    }
    g.upgrade_tokens = [3, 1];
    for seat in [0, 1] {
        let v = serde_json::to_value(g.view(seat)).unwrap();
        assert_eq!(v["upgrade_tokens"], serde_json::json!([3, 1]));
    }
}

/// Whether a seat is asked for a reaction tells nothing of its hand: BoV
/// 5.1, "Vaala Cards", a hand is secret until a card is played. The
/// Allarian side activates a unit (the trigger "start of activation",
/// which Wind Step answers) holding Wind Step or, with as many cards, none
/// that answers it: the other seat's view and the events it may read are
/// the same either way, and so is who decides next.
#[test]
fn being_asked_for_a_reaction_does_not_tell_the_hand() {
    use valerna_bov::battle::Decision;
    use valerna_game::Viewer;
    let mut compared = 0;
    for seed in 0..6u64 {
        let setup = BattleSetup::pitched(seed, LISTS[0], LISTS[1]);
        let mut with = Battle::start_narrated(&pack(), &setup).unwrap();
        common::past_set_up(&mut with);
        let seat = 0u8;
        if !with.view(seat).hand.contains(&"wind_step".to_string()) {
            continue;
        }
        let Some(without) = (0..64)
            .map(|salt| with.with_other_hand(seat, salt))
            .find(|b| {
                let hand = b.view(seat).hand;
                hand.len() == with.view(seat).hand.len()
                    && !hand
                        .iter()
                        .any(|c| c == "wind_step" || c == "mending_light")
            })
        else {
            continue;
        };
        let unit = with.units.iter().find(|u| u.owner == seat).unwrap().id;
        let mut games = [with, without];
        let mut seen = Vec::new();
        for g in &mut games {
            g.phase = Phase::Turn { seat };
            g.passed = [false, false];
            let from = g.events_for(Viewer::Seat(1), 0).count();
            g.apply(Decision::Activate { unit }).unwrap();
            let events: Vec<String> = g
                .events_for(Viewer::Seat(1), from)
                .map(|e| format!("{e:?}"))
                .collect();
            seen.push((g.to_decide(), shown(g, 1), events));
        }
        assert_eq!(seen[0], seen[1], "seed {seed}");
        compared += 1;
    }
    assert!(compared > 0);
}

/// A reaction is offered only when it can change something (docs/rulings.md,
/// "A reaction that changes nothing"): Mending Light ("heal 3 on the target
/// friendly unit", BoV 5.1, "Healing") opens no window at the end of a turn
/// when no friendly unit has a wound or a marker to heal, whatever the
/// hand; once a unit is wounded the window opens and the card is offered on
/// that unit alone. Which units are hurt is public, so being asked still
/// tells nothing of the hand.
#[test]
fn a_heal_is_offered_only_where_there_is_something_to_heal() {
    use valerna_bov::battle::{Decision, Reaction};
    use valerna_bov::rules::powers::Trigger;
    let mut checked = 0;
    for seed in 0..12u64 {
        let setup = BattleSetup::pitched(seed, LISTS[0], LISTS[1]);
        let mut g = Battle::start(&pack(), &setup).unwrap();
        common::past_set_up(&mut g);
        let seat = 0u8;
        if !g.view(seat).hand.contains(&"mending_light".to_string()) {
            continue;
        }
        let unit = g.units.iter().find(|u| u.owner == seat).unwrap().id;
        // The end-of-turn windows of one activation that marches nowhere.
        let windows = |g: &mut Battle| {
            g.phase = Phase::Turn { seat };
            g.passed = [false, false];
            g.apply(Decision::Activate { unit }).unwrap();
            let mut asked = Vec::new();
            for _ in 0..20 {
                match g.phase.clone() {
                    Phase::Reaction {
                        seat: s,
                        window,
                        options,
                    } => {
                        if window.trigger == Trigger::EndOfTurn {
                            asked.push((s, options));
                        }
                        g.apply(Decision::Reaction { reaction: None }).unwrap();
                    }
                    Phase::Action { .. } => g.apply(Decision::March { paths: Vec::new() }).unwrap(),
                    Phase::Command { .. } => g.apply(Decision::Command { unit: None }).unwrap(),
                    _ => break,
                }
            }
            asked
        };
        let mut whole = g.clone();
        for u in whole.units.iter_mut().filter(|u| u.owner == seat) {
            u.state.wounds = 0;
            u.state.status = Default::default();
        }
        assert!(
            windows(&mut whole).iter().all(|(s, _)| *s != seat),
            "seed {seed}: nothing to heal, no window"
        );
        let hurt = g
            .units
            .iter()
            .rfind(|u| u.owner == seat && u.id != unit && u.alive())
            .unwrap()
            .id;
        let mut wounded = whole.clone();
        wounded.units[usize::from(hurt)].state.wounds = 1;
        let asked = windows(&mut wounded);
        let offered: Vec<&Reaction> = asked
            .iter()
            .filter(|(s, _)| *s == seat)
            .flat_map(|(_, o)| o)
            .collect();
        assert!(
            offered.iter().all(|r| matches!(r,
                Reaction::Vaala { card, target: Some(t), .. } if card == "mending_light" && *t == hurt)),
            "seed {seed}: {offered:?}"
        );
        // Out of every caster's range, the window still opens: whether it
        // does depends only on what both seats see.
        assert!(
            asked.iter().any(|(s, _)| *s == seat),
            "seed {seed}: a unit to heal, the window opens"
        );
        checked += 1;
    }
    assert!(checked > 0);
}
