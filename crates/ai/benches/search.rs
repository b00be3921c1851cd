//! Search speed on a mid-game Lords of Vaala state: one ISMCTS decision of
//! 200 iterations, one determinisation, one random playout to the end, and
//! the clone of a game (docs/performance.md, "Bots").

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use valerna_ai::Sampler;
use valerna_ai::ismcts::{Budget, Ismcts, Settings};
use valerna_ai::lov::{Heuristic, LovSampler};
use valerna_dice::Stream;
use valerna_game::Game;
use valerna_lov::policy::RandomPolicy;
use valerna_lov::{Content, Lov, Setup};

/// A game one human seat (seat 0) and three Faceless, 40 decisions in, at a
/// decision of seat 0.
fn mid_game(content: &Arc<Content>) -> Lov {
    let setup = Setup::new(11, [true, false, false, false], content);
    let mut g = Lov::start(content, &setup).unwrap();
    g.set_logging(false);
    let mut p = RandomPolicy::new(3);
    for _ in 0..40 {
        let d = p.choose(&g).unwrap();
        g.apply(d).unwrap();
    }
    assert!(g.to_decide().is_some(), "the game is still on");
    g
}

fn search(c: &mut Criterion) {
    let content = Arc::new(Content::default_pack().unwrap());
    let g = mid_game(&content);
    let k = g.knowledge(0);
    let sampler = LovSampler::new(content.clone());
    c.bench_function("lov: clone a game in progress", |b| {
        b.iter(|| black_box(g.clone()))
    });
    c.bench_function("lov: determinise (deal and build)", |b| {
        let mut i = 0u64;
        b.iter(|| {
            i += 1;
            black_box(sampler.sample(&k, i))
        })
    });
    c.bench_function("lov: random playout to the end", |b| {
        let mut st = Stream::new(5);
        let mut buf = Vec::new();
        b.iter(|| {
            let mut x = g.clone();
            while x.to_decide().is_some() {
                x.choices(&mut buf);
                let d = buf[st.index(buf.len())];
                x.apply(d).unwrap();
            }
            black_box(x.outcome())
        })
    });
    c.bench_function("lov: ismcts decision, 200 iterations", |b| {
        let mut bot = Ismcts::new(
            LovSampler::new(content.clone()),
            Settings {
                budget: Budget::Iterations(200),
                ..Settings::default()
            },
            1,
            Box::new(Heuristic::new(content.clone(), 2)),
        );
        b.iter(|| black_box(bot.search(&k)))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = search
}
criterion_main!(benches);
