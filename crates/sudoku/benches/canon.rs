//! Criterion benchmarks of the minlex canonicaliser (`sudoku::canon::minlex`), one
//! thread: 5,000 puzzles of the 17-clue set (every tenth line of
//! `../shared/data/sudoku/17clue.txt`), and their solution grids (solved before timing;
//! the grid search's tables are built before timing too). Criterion reports elements/s:
//! puzzles/s and grids/s.
//!
//! Run: `cargo bench -p sudoku --bench canon` (short settings: 10 samples, 3 s). For
//! instruction counts, which a loaded machine does not disturb, see
//! `examples/canon_speed.rs`.

// expect in this benchmark: its puzzles are the repository's fixture sets, proper 9 x 9
// puzzles its tests read; no user input reaches them.

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sudoku::Sudoku;

/// Every `step`-th puzzle of 17clue.txt, `max` of them, as cell arrays: the puzzles and
/// their solution grids.
fn sample(max: usize) -> (Vec<[u8; 81]>, Vec<[u8; 81]>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let path = root.join("../shared/data/sudoku/17clue.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let all: Vec<&str> = text.lines().collect();
    let step = all.len().div_ceil(max).max(1);
    let mut puzzles = Vec::new();
    let mut grids = Vec::new();
    for line in all.iter().step_by(step) {
        let p: Sudoku = line.parse().expect("17clue puzzles parse");
        let cells: [u8; 81] = p.cells().try_into().expect("9 x 9");
        let solution = p.solution().expect("17clue puzzles are proper");
        puzzles.push(cells);
        grids.push(solution.cells().try_into().expect("9 x 9"));
    }
    (puzzles, grids)
}

fn canon(c: &mut Criterion) {
    let (puzzles, grids) = sample(5000);
    // The grid search's tables are built once per process, at first use.
    black_box(sudoku::canon::minlex(&grids[0]));
    let mut group = c.benchmark_group("minlex");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    group.throughput(Throughput::Elements(puzzles.len() as u64));
    group.bench_function("17clue puzzles", |b| {
        b.iter(|| {
            for p in &puzzles {
                black_box(sudoku::canon::minlex(black_box(p)));
            }
        });
    });
    group.throughput(Throughput::Elements(grids.len() as u64));
    group.bench_function("17clue solution grids", |b| {
        b.iter(|| {
            for g in &grids {
                black_box(sudoku::canon::minlex(black_box(g)));
            }
        });
    });
    group.finish();
}

criterion_group!(benches, canon);
criterion_main!(benches);
