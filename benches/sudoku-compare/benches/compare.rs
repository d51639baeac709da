//! Criterion comparison: gridsolve's `sudoku` crate vs the crates.io `sudoku` crate
//! (v0.8), single-threaded, uniqueness checked by both, on the same puzzles from
//! `../../../shared/data/sudoku` (a deterministic sample of each large file).

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data/sudoku/");

fn sample(name: &str, max: usize) -> Vec<String> {
    let text = std::fs::read_to_string(format!("{DATA}{name}")).expect("data file");
    let lines: Vec<&str> = text.lines().collect();
    let step = lines.len().div_ceil(max).max(1);
    lines
        .iter()
        .step_by(step)
        .map(|l| (*l).to_owned())
        .collect()
}

fn compare(c: &mut Criterion) {
    for (name, max) in [
        ("17clue.txt", 2000),
        ("top1465.txt", 1465),
        ("forum_hardest_1905_11plus.txt", 500),
        ("hardest.txt", 11),
    ] {
        let lines = sample(name, max);
        let ours: Vec<gridsolve_sudoku::Sudoku> =
            lines.iter().map(|l| l.parse().expect("parses")).collect();
        let theirs: Vec<emerentius::Sudoku> = lines
            .iter()
            .map(|l| emerentius::Sudoku::from_str_line(l).expect("parses"))
            .collect();
        let mut group = c.benchmark_group(name);
        group.sample_size(10);
        group.bench_function("gridsolve", |b| {
            b.iter(|| {
                ours.iter()
                    .filter(|p| black_box(p).analyse(2).count.count == 1)
                    .count()
            })
        });
        group.bench_function("sudoku-0.8", |b| {
            b.iter(|| {
                theirs
                    .iter()
                    .filter(|p| black_box(p).solution().is_some())
                    .count()
            })
        });
        group.finish();
    }
}

criterion_group!(benches, compare);
criterion_main!(benches);
