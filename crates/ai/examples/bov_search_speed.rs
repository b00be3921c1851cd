//! ISMCTS iterations a second on mid-battle positions, by this thread's CPU
//! time (docs/performance.md, "Speed of the engine"): the position of the
//! `bov` bench (a 100-point Pitched Battle played by two greedy bots into
//! round 2, at an action of seat 0; seed 7) and the same at seeds 3 and 11,
//! each searched `REPS` times (the first argument, 20 unless given) with 32
//! iterations as the bench's decision is.
//!
//! `cargo run --release -p valerna-ai --example bov_search_speed -- 40`

use std::sync::Arc;

use valerna_ai::Observable;
use valerna_ai::bov::BovSampler;
use valerna_ai::ismcts::{Budget, Ismcts};
use valerna_ai::spec::bov_settings;
use valerna_bov::battle::bots::{Bot as _, GreedyBot};
use valerna_bov::battle::{Battle, BattleSetup, Phase};
use valerna_bov::content::Pack;
use valerna_game::Game;

/// The allocator of the `valerna` binary, so that the figures are its own.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The bench's position for `seed`.
fn mid_game(seed: u64) -> Battle {
    let pack = Arc::new(Pack::default_pack().unwrap());
    let setup = BattleSetup::pitched(seed, "allaria_guild_line", "tyveria_swarm");
    let mut g = Battle::start(&pack, &setup).unwrap();
    let mut bots = [GreedyBot::new(1), GreedyBot::new(2)];
    while !(g.round >= 2 && matches!(g.phase, Phase::Action { .. }) && g.to_decide() == Some(0)) {
        let seat = g.to_decide().expect("the battle is still on");
        let d = bots[usize::from(seat)].decide(&g);
        g.apply(d).unwrap();
    }
    g
}

/// This thread's CPU time in seconds (Linux), or 0 where it is not told.
fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |ns| ns / 1e9)
}

fn main() {
    let reps: u32 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    let (mut iterations, mut wall, mut cpu) = (0u64, 0.0, 0.0);
    for seed in [7u64, 3, 11] {
        let g = mid_game(seed);
        let k = Observable::knowledge(&g, 0);
        let mut bot = Ismcts::new(
            BovSampler::new(),
            bov_settings(Budget::Iterations(32)),
            1,
            Box::new(valerna_ai::bov::Greedy::new(2)),
        );
        let (start, c0) = (std::time::Instant::now(), cpu_seconds());
        for _ in 0..reps {
            std::hint::black_box(bot.search(&k));
        }
        let (w, c) = (start.elapsed().as_secs_f64(), cpu_seconds() - c0);
        println!(
            "seed {seed}: {:.0} iterations/s (CPU), {:.0} (wall)",
            f64::from(32 * reps) / c,
            f64::from(32 * reps) / w
        );
        iterations += u64::from(32 * reps);
        wall += w;
        cpu += c;
    }
    println!(
        "all: {:.0} iterations/s (CPU), {:.0} (wall)",
        iterations as f64 / cpu,
        iterations as f64 / wall
    );
}
