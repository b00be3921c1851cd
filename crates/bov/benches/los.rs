//! Line-of-sight queries between two 10-model units with 6 terrain pieces,
//! and between units hidden from each other on cluttered battlefields
//! (docs/performance.md, "Battles of Valerna").

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use valerna_bov::geometry::{
    Battlefield, Model, Point, Sightlines, TerrainKind, TerrainPiece, UnitId,
};

#[path = "../tests/shapes/mod.rs"]
mod shapes;

fn scene() -> (Battlefield, Vec<Model>) {
    use TerrainKind::*;
    let piece = |name: &str, x0: f64, y0: f64, x1: f64, y1: f64, kinds: Vec<TerrainKind>| {
        TerrainPiece::rect(name, Point::new(x0, y0), Point::new(x1, y1), kinds).unwrap()
    };
    let terrain = vec![
        piece("Forest", 20.0, 10.0, 26.0, 16.0, vec![Obscuring, Slowing]),
        piece("Ruins", 22.0, 20.0, 27.0, 25.0, vec![Obscuring]),
        piece("Lake", 8.0, 26.0, 14.0, 31.0, vec![Impassable]),
        piece("Rocks", 34.0, 4.0, 39.0, 8.0, vec![Obscuring, Slowing]),
        piece("River", 30.0, 28.0, 40.0, 30.0, vec![Slowing]),
        piece(
            "Swamp",
            4.0,
            4.0,
            9.0,
            9.0,
            vec![Dangerous(1), Slowing, Obscuring],
        ),
    ];
    let field = Battlefield::new(48.0, 36.0, terrain).unwrap();
    let mut models = Vec::new();
    // Two ranks of five 25 mm bases, 0.3" apart, facing each other across the
    // forest and the ruins.
    for (unit, side, x) in [(UnitId(1), 0u8, 12.0), (UnitId(2), 1u8, 34.0)] {
        for rank in 0..2 {
            for file in 0..5 {
                let c = Point::new(x + rank as f64 * 1.3, 14.0 + file as f64 * 1.3);
                models.push(Model::new(unit, side, c, 25.0));
            }
        }
    }
    (field, models)
}

/// A small deterministic generator (xorshift64*), so the scenes need no
/// random-number crate.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) as f64 / (1u64 << 53) as f64
    }

    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.next()
    }
}

/// A cluttered 4' x 3' battlefield: 6 Obscuring pieces (rectangles and L
/// shapes) and 8 units of 5 models in two ranks, each placed at random where
/// it overlaps nothing.
fn cluttered(seed: u64) -> (Battlefield, Vec<Model>) {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut terrain = Vec::new();
    for k in 0..6 {
        let (x, y) = (rng.range(4.0, 40.0), rng.range(4.0, 28.0));
        let (w, h) = (rng.range(2.0, 6.0), rng.range(2.0, 6.0));
        let outline = shapes::rect_or_l(k % 2 == 1, x, y, w, h);
        terrain
            .push(TerrainPiece::new("piece", &outline, &[], vec![TerrainKind::Obscuring]).unwrap());
    }
    let field = Battlefield::new(48.0, 36.0, terrain).unwrap();
    let mut models: Vec<Model> = Vec::new();
    for unit in 0..8u16 {
        let base = [25.0, 25.0, 32.0, 40.0][unit as usize % 4];
        let step = base / 25.4 + 0.3;
        for _attempt in 0..200 {
            let (x, y) = (rng.range(3.0, 45.0), rng.range(3.0, 33.0));
            let turn = rng.range(0.0, std::f64::consts::TAU);
            let (along, across) = (
                Point::new(turn.cos(), turn.sin()),
                Point::new(-turn.sin(), turn.cos()),
            );
            let unit_models: Vec<Model> = (0..5)
                .map(|i| {
                    let c = Point::new(x, y)
                        .plus(along.scale((i % 3) as f64 * step))
                        .plus(across.scale((i / 3) as f64 * step));
                    Model::new(UnitId(unit), (unit % 2) as u8, c, base)
                })
                .collect();
            let fits = unit_models.iter().all(|m| {
                field.holds_base(m.center, m.radius_in)
                    && models.iter().all(|o| m.gap(o) > 0.05)
                    && !field.terrain.iter().any(|t| t.contains_model(m))
            });
            if fits {
                models.extend(unit_models);
                break;
            }
        }
    }
    (field, models)
}

fn bench(c: &mut Criterion) {
    let (field, models) = scene();
    let sight = Sightlines::new(&field, &models);
    let pairs: Vec<(usize, usize)> = (0..10)
        .flat_map(|i| (10..20).map(move |j| (i, j)))
        .collect();
    let visible = pairs
        .iter()
        .filter(|&&(i, j)| sight.model_sees(i, j))
        .count();
    assert!(
        visible > 0 && visible < pairs.len(),
        "the scene mixes seen and hidden pairs"
    );
    let mut g = c.benchmark_group("los");
    g.throughput(Throughput::Elements(pairs.len() as u64));
    g.bench_function("model_to_model_10x10", |b| {
        b.iter(|| {
            let mut n = 0;
            for &(i, j) in &pairs {
                n += black_box(&sight).model_sees(black_box(i), black_box(j)) as u32;
            }
            n
        })
    });
    g.throughput(Throughput::Elements(1));
    g.bench_function("unit_to_unit", |b| {
        b.iter(|| black_box(&sight).unit_sees(black_box(UnitId(1)), black_box(UnitId(2))))
    });
    // Unit pairs hidden from each other: every model pair must be found
    // blocked, the slowest unit query.
    let mut hidden = Vec::new();
    let mut seed = 1;
    while hidden.len() < 40 {
        let (field, models) = cluttered(seed);
        seed += 1;
        let sight = Sightlines::new(&field, &models);
        for from in 0..8 {
            for to in 0..8 {
                let has = |u: u16| models.iter().any(|m| m.unit == UnitId(u));
                if from != to
                    && has(from)
                    && has(to)
                    && !sight.unit_sees(UnitId(from), UnitId(to))
                    && hidden.len() < 40
                {
                    hidden.push((sight.clone(), UnitId(from), UnitId(to)));
                }
            }
        }
    }
    g.throughput(Throughput::Elements(hidden.len() as u64));
    g.bench_function("unit_to_unit_hidden_cluttered", |b| {
        b.iter(|| {
            let mut n = 0;
            for (sight, from, to) in &hidden {
                n += black_box(sight).unit_sees(black_box(*from), black_box(*to)) as u32;
            }
            n
        })
    });
    g.throughput(Throughput::Elements(1));
    g.bench_function("prepare_sightlines", |b| {
        b.iter(|| Sightlines::new(black_box(&field), black_box(&models)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
