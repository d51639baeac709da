//! Criterion benchmarks of the solvers, single-threaded, uniqueness checked
//! (`analyse(2)`), on deterministic inputs: the small sets in `fixtures/sudoku/data`
//! and a fixed sample (every k-th line) of the large sets in `../shared/data/sudoku`.
//! The comparisons with the crates.io `sudoku` crate and with tdoku (`--peer`) live in
//! `benches/sudoku-compare`.
//!
//! Run: `cargo bench -p sudoku --bench solve`.

// expect in this benchmark: its puzzles are the repository's fixture sets, read by its
// tests too; no user input reaches them.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use sudoku::{BoxShape, Engine, Sudoku};

fn lines(path: &Path, max: usize) -> Vec<Sudoku> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let all: Vec<&str> = text.lines().collect();
    let step = all.len().div_ceil(max).max(1);
    all.iter()
        .step_by(step)
        .map(|l| l.parse().expect("benchmark puzzles parse"))
        .collect()
}

fn solve(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let sets = [
        ("hardest", root.join("fixtures/sudoku/data/hardest.txt"), 11),
        ("hard20", root.join("fixtures/sudoku/data/hard20.txt"), 20),
        (
            "17clue",
            root.join("../shared/data/sudoku/17clue.txt"),
            1000,
        ),
        (
            "top1465",
            root.join("../shared/data/sudoku/top1465.txt"),
            1465,
        ),
        (
            "forum_hardest_1905_11plus",
            root.join("../shared/data/sudoku/forum_hardest_1905_11plus.txt"),
            300,
        ),
        (
            "serg_benchmark",
            root.join("../shared/data/sudoku/serg_benchmark.txt"),
            2000,
        ),
    ];
    let mut group = c.benchmark_group("solve_unique_9x9");
    group.sample_size(10);
    for (name, path, max) in sets {
        let puzzles = lines(&path, max);
        group.bench_function(name, |b| {
            b.iter(|| {
                puzzles
                    .iter()
                    .filter(|p| black_box(p).analyse(2).count.count == 1)
                    .count()
            })
        });
    }
    group.finish();

    let mut group = c.benchmark_group("engines_hard20");
    group.sample_size(10);
    let hard20 = lines(&root.join("fixtures/sudoku/data/hard20.txt"), 20);
    for engine in [Engine::Auto, Engine::General] {
        group.bench_function(format!("{engine:?}"), |b| {
            b.iter(|| {
                hard20
                    .iter()
                    .map(|p| p.analyse_with(2, engine).count.count)
                    .sum::<u128>()
            })
        });
    }
    group.finish();

    let mut group = c.benchmark_group("other_sizes");
    group.sample_size(10);
    let sixteen = std::fs::read_to_string(root.join("fixtures/sudoku/sixteen.txt"))
        .expect("fixture")
        .parse::<Sudoku>()
        .expect("parses");
    group.bench_function("16x16_unique", |b| {
        b.iter(|| black_box(&sixteen).analyse(2).count)
    });
    let empty = Sudoku::empty(BoxShape::CLASSIC);
    group.bench_function("count_empty_9x9_to_10000", |b| {
        b.iter(|| black_box(&empty).count_solutions_up_to(10_000))
    });
    group.finish();
}

criterion_group!(benches, solve);
criterion_main!(benches);
