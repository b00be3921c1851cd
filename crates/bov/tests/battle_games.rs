//! Whole battles played by the bots (BoV 5.1, "End of Game").

use std::sync::Arc;

use valerna_bov::battle::bots::{GreedyBot, RandomBot, play};
use valerna_bov::battle::{Battle, BattleSetup};
use valerna_bov::content::Pack;
use valerna_game::Game;

/// "The game ends at the end of Round 4 or immediately when only one
/// player has units left on the battlefield."
#[test]
fn whole_games_end_by_round_four_or_a_wipe_out() {
    let pack = Arc::new(Pack::default_pack().unwrap());
    for seed in 0..3 {
        let setup = BattleSetup::pitched(seed, "allaria_guild_line", "tyveria_swarm");
        let mut g = Battle::start(&pack, &setup).unwrap();
        let mut a = GreedyBot::new(seed);
        let mut b = RandomBot::new(seed + 100);
        play(&mut g, &mut [&mut a, &mut b], 5000).unwrap();
        let out = g.outcome().expect("the game ended");
        assert!(g.round <= 4);
        let standing = [0, 1].map(|s| g.living(s).count());
        if out.reason == "wipe_out" {
            assert!(standing.contains(&0), "{standing:?}");
        } else {
            assert_eq!(g.round, 4);
        }
    }
}

/// The greedy bot beats the random one, whichever seat and force it has.
/// (200 games in release: see docs/performance.md; six here.)
#[test]
fn greedy_beats_random() {
    let pack = Arc::new(Pack::default_pack().unwrap());
    let mut greedy_wins = 0;
    let games = 6;
    for seed in 0..games {
        let greedy_seat = (seed % 2) as u8;
        let lists = ["allaria_guild_line", "tyveria_swarm"];
        let setup = BattleSetup::pitched(1000 + seed, lists[0], lists[1]);
        let mut g = Battle::start(&pack, &setup).unwrap();
        let mut greedy = GreedyBot::new(seed);
        let mut random = RandomBot::new(seed);
        if greedy_seat == 0 {
            play(&mut g, &mut [&mut greedy, &mut random], 20_000).unwrap();
        } else {
            play(&mut g, &mut [&mut random, &mut greedy], 20_000).unwrap();
        }
        if g.outcome().unwrap().winners == vec![greedy_seat] {
            greedy_wins += 1;
        }
    }
    assert!(greedy_wins * 10 >= games * 8, "{greedy_wins} of {games}");
}
