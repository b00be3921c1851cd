//! Complete games per second (the human seat by the random policy, the
//! others by the Faceless automaton) and the cost of cloning a game, which
//! search does millions of times (docs/performance.md, "Lords of Vaala").

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use valerna_game::Game;
use valerna_lov::policy::RandomPolicy;
use valerna_lov::{Content, Lov, Setup};

fn play(content: &Arc<Content>, seed: u64, log: bool) -> u8 {
    let k = seed % 4;
    let setup = Setup::new(seed, [k == 0, k == 1, k == 2, k == 3], content);
    let mut g = Lov::start(content, &setup).unwrap();
    g.set_logging(log);
    let mut p = RandomPolicy::new(seed);
    while let Some(d) = p.choose(&g) {
        g.apply(d).unwrap();
    }
    g.state().round
}

fn games(c: &mut Criterion) {
    let content = Arc::new(Content::default_pack().unwrap());
    let mut group = c.benchmark_group("lov");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("complete game, 1 human (random) + 3 Faceless", |b| {
        b.iter(|| {
            seed += 1;
            black_box(play(&content, seed, false))
        })
    });
    // The same games narrated: every event kept, as a table keeps them.
    group.bench_function("complete game with the event log", |b| {
        b.iter(|| {
            seed += 1;
            black_box(play(&content, seed, true))
        })
    });
    let mut g = Lov::start(
        &content,
        &Setup::new(1, [true, false, false, false], &content),
    )
    .unwrap();
    g.set_logging(false);
    let mut p = RandomPolicy::new(1);
    for _ in 0..40 {
        if let Some(d) = p.choose(&g) {
            g.apply(d).unwrap();
        }
    }
    group.bench_function("clone a game in progress", |b| {
        b.iter(|| black_box(g.clone()))
    });
    group.finish();
}

criterion_group!(benches, games);
criterion_main!(benches);
