//! Complete 100-point Pitched Battles per second: between two random bots,
//! and between two greedy bots told (the battle's story kept) and not
//! (docs/performance.md, "Battles of Valerna" > "Turn engine", "The
//! battle's story", "Speed of the engine"). Each iteration plays the same
//! ten seeded battles, so every sample measures the same work.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use valerna_bov::battle::bots::{Bot, GreedyBot, RandomBot, play};
use valerna_bov::battle::{Battle, BattleSetup};
use valerna_bov::content::Pack;

/// The allocator of the `valerna` binary, so that the figures are its own.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The battles of one iteration.
const SEEDS: std::ops::Range<u64> = 1..11;

fn game(pack: &Arc<Pack>, seed: u64, narrated: bool, random: bool) -> u8 {
    use valerna_game::Game;
    let setup = BattleSetup::pitched(seed, "allaria_guild_line", "tyveria_swarm");
    let mut g = if narrated {
        Battle::start_narrated(pack, &setup).unwrap()
    } else {
        Battle::start(pack, &setup).unwrap()
    };
    let (mut a, mut b): (Box<dyn Bot>, Box<dyn Bot>) = if random {
        (
            Box::new(RandomBot::new(seed)),
            Box::new(RandomBot::new(seed + 1)),
        )
    } else {
        (
            Box::new(GreedyBot::new(seed)),
            Box::new(GreedyBot::new(seed + 1)),
        )
    };
    play(&mut g, &mut [a.as_mut(), b.as_mut()], 20_000).unwrap();
    g.round
}

fn games(c: &mut Criterion) {
    let pack = Arc::new(Pack::default_pack().unwrap());
    let mut group = c.benchmark_group("bov");
    group.throughput(Throughput::Elements(SEEDS.end - SEEDS.start));
    group.sample_size(10);
    for (name, narrated, random) in [
        ("complete 100-point games, random vs random", false, true),
        ("complete 100-point games, greedy vs greedy", false, false),
        (
            "complete 100-point games, greedy vs greedy, narrated",
            true,
            false,
        ),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| {
                SEEDS
                    .map(|seed| black_box(game(&pack, seed, narrated, random)))
                    .sum::<u8>()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, games);
criterion_main!(benches);
