//! Line-of-sight queries between two 10-model units with 6 terrain pieces
//! (docs/performance.md, "Battles of Valerna").

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use valerna_bov::geometry::{
    Battlefield, Model, Point, Sightlines, TerrainKind, TerrainPiece, UnitId,
};

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
    g.bench_function("prepare_sightlines", |b| {
        b.iter(|| Sightlines::new(black_box(&field), black_box(&models)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
