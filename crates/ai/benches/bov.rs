//! Search speed on a mid-game Battles of Valerna state: the clone of a
//! battle, one determinisation, the candidates of an action, playouts by
//! the greedy bot and by the quick policy (cut short as the search cuts
//! them, and to the end), and one ISMCTS decision (docs/performance.md,
//! "Bots").

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use valerna_ai::bov::{BovSampler, candidates, quick};
use valerna_ai::ismcts::{Budget, Ismcts};
use valerna_ai::spec::{BOV_PLAYOUT_CAP, bov_settings};
use valerna_ai::{Observable, Sampler};
use valerna_bov::battle::bots::{Bot as _, GreedyBot};
use valerna_bov::battle::{Battle, BattleSetup, Phase};
use valerna_bov::content::Pack;
use valerna_dice::Stream;
use valerna_game::Game;

/// The allocator of the `valerna` binary, so that the figures are its own.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// A 100-point Pitched Battle played by two greedy bots into round 2, at
/// an action of a unit of seat 0.
fn mid_game() -> Battle {
    let pack = Arc::new(Pack::default_pack().unwrap());
    let setup = BattleSetup::pitched(7, "allaria_guild_line", "tyveria_swarm");
    let mut g = Battle::start(&pack, &setup).unwrap();
    let mut bots = [GreedyBot::new(1), GreedyBot::new(2)];
    while !(g.round >= 2 && matches!(g.phase, Phase::Action { .. }) && g.to_decide() == Some(0)) {
        let seat = g.to_decide().expect("the battle is still on");
        let d = bots[usize::from(seat)].decide(&g);
        g.apply(d).unwrap();
    }
    g
}

/// Plays `cap` decisions (or to the end) with `policy`.
fn playout(g: &Battle, cap: u32, mut policy: impl FnMut(&Battle) -> valerna_bov::battle::Decision) {
    let mut x = g.clone();
    let mut n = 0;
    while x.to_decide().is_some() && n < cap {
        let d = policy(&x);
        x.apply(d).unwrap();
        n += 1;
    }
    black_box(x.score);
}

fn search(c: &mut Criterion) {
    let g = mid_game();
    let k = Observable::knowledge(&g, 0);
    let sampler = BovSampler::new();
    c.bench_function("bov: clone a battle in progress", |b| {
        b.iter(|| black_box(g.clone()))
    });
    c.bench_function("bov: determinise (deal the other hand, build)", |b| {
        let mut i = 0u64;
        b.iter(|| {
            i += 1;
            black_box(sampler.sample(&k, i))
        })
    });
    c.bench_function("bov: candidates of an action", |b| {
        let mut out = Vec::new();
        b.iter(|| {
            candidates(&g, &mut out);
            black_box(out.len())
        })
    });
    let cap = BOV_PLAYOUT_CAP;
    c.bench_function("bov: greedy playout, cut short", |b| {
        let mut bot = GreedyBot::new(3);
        b.iter(|| playout(&g, cap, |x| bot.decide(x)))
    });
    c.bench_function("bov: quick playout, cut short", |b| {
        let mut st = Stream::new(3);
        b.iter(|| playout(&g, cap, |x| quick(x, &mut st)))
    });
    c.bench_function("bov: greedy playout to the end", |b| {
        let mut bot = GreedyBot::new(3);
        b.iter(|| playout(&g, u32::MAX, |x| bot.decide(x)))
    });
    c.bench_function("bov: quick playout to the end", |b| {
        let mut st = Stream::new(3);
        b.iter(|| playout(&g, u32::MAX, |x| quick(x, &mut st)))
    });
    c.bench_function("bov: ismcts decision, 32 iterations", |b| {
        let mut bot = Ismcts::new(
            BovSampler::new(),
            bov_settings(Budget::Iterations(32)),
            1,
            Box::new(valerna_ai::bov::Greedy::new(2)),
        );
        b.iter(|| black_box(bot.search(&k)))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(4));
    targets = search
}
criterion_main!(benches);
