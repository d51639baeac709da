//! Criterion benchmark of `sudoku::logic::grade`: the whole human-style explanation of
//! every puzzle of top1465 and easy50 (from `../shared/data/sudoku`), one core.
//! Throughput is reported in puzzles per second. The named reference measured in the
//! same run is the exhaustive solver's uniqueness check (`analyse(2)`) on the same
//! puzzles, so the figure reads as a ratio to plain solving.
//!
//! Run: `cargo bench -p sudoku --bench grade`.

// expect in this benchmark: its puzzles are the repository's fixture sets, 9 x 9
// puzzles its tests read; no user input reaches them.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sudoku::Sudoku;

fn puzzles(name: &str) -> Option<Vec<Sudoku>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/sudoku")
        .join(name);
    let text = std::fs::read_to_string(&path).ok()?;
    Some(
        text.lines()
            .map(|l| l.parse().expect("benchmark puzzles parse"))
            .collect(),
    )
}

fn grade(c: &mut Criterion) {
    let mut group = c.benchmark_group("grade");
    group.sample_size(10);
    for name in ["top1465.txt", "easy50.txt"] {
        let Some(set) = puzzles(name) else {
            eprintln!("skipping {name}: ../shared/data/sudoku is absent");
            continue;
        };
        group.throughput(Throughput::Elements(set.len() as u64));
        group.bench_function(format!("{name}/grade"), |b| {
            b.iter(|| {
                set.iter()
                    .map(|p| sudoku::logic::grade(black_box(p)).expect("9 x 9").rating.0)
                    .max()
            })
        });
        group.bench_function(format!("{name}/solve (reference)"), |b| {
            b.iter(|| {
                set.iter()
                    .filter(|p| black_box(p).analyse(2).count.count == 1)
                    .count()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, grade);
criterion_main!(benches);
