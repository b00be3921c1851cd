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
