//! The exact calculator against the seeded Monte Carlo it replaces: 20 black
//! dice per model × 10 models with a net upgrade, against gray defense.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use valerna_dice::bov::{Colour, DiceGroup, Shift};
use valerna_dice::odds::{self, Attack, Defense};
use valerna_dice::{Stream, sim};

fn spec() -> (Attack, Defense) {
    (
        Attack {
            per_model: vec![DiceGroup {
                count: 20,
                colour: Colour::Black,
            }],
            models: 10,
            shift: Shift::Upgrade,
        },
        Defense {
            colour: Colour::Gray,
            shift: Shift::None,
        },
    )
}

fn exact(c: &mut Criterion) {
    let (a, d) = spec();
    c.bench_function("exact 20 black x 10 models, upgraded", |b| {
        b.iter(|| odds::attack(black_box(&a), black_box(d)).unwrap())
    });
}

fn simulated(c: &mut Criterion) {
    let (a, d) = spec();
    let mut g = c.benchmark_group("simulated");
    g.sample_size(10);
    g.bench_function("1,000,000 rolls of 20 black x 10 models, upgraded", |b| {
        b.iter(|| sim::attack_wounds(black_box(&a), d, 1_000_000, &mut Stream::new(1)).unwrap())
    });
    g.finish();
}

criterion_group!(benches, exact, simulated);
criterion_main!(benches);
