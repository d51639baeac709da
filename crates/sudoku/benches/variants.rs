//! Criterion benchmarks of the variant solver and generator, single-threaded, against
//! the classic 9 x 9 solver measured in the same run:
//!
//! - `variant_solver_vs_classic/*`: the uniqueness check (`limit` 2) of the same
//!   classic puzzles by the classic solver (`analyse`) and by the variant solver given
//!   the classic units as a jigsaw whose regions are the boxes (`analyse_variant`):
//!   the cost of arbitrary units on identical work.
//! - `same_givens/*`: generated X, windoku, disjoint and jigsaw puzzles, each checked
//!   under its variant, and the same givens checked by the classic solver under the
//!   classic rules (jigsaw givens may break the boxes: jigsaw has no classic run).
//! - `first_solution/*` (a second comparison, not the issue's): the same puzzles with
//!   `limit` 1, the time to a first solution under each rule set, and 200 proper
//!   classic puzzles from the same generator checked for uniqueness (`limit` 2), a
//!   classic check that must exhaust its tree as the variant checks do (on a variant
//!   puzzle's givens the classic check stops at its second solution).
//! - `generate/*`: proper (unique, minimal) puzzles per variant, a fresh region layout
//!   per jigsaw puzzle.
//!
//! Run: `cargo bench -p sudoku --bench variants`.

// expect in this benchmark: its puzzles are the repository's fixture sets and generated
// ones; no user input reaches them.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use sudoku::{GenerateOptions, Regions, Sudoku, Variant, VariantKind, generate_variant};

fn lines(path: &Path, max: usize) -> Vec<Sudoku> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let all: Vec<&str> = text.lines().collect();
    let step = all.len().div_ceil(max).max(1);
    all.iter()
        .step_by(step)
        .map(|l| l.parse().expect("benchmark puzzles parse"))
        .collect()
}

fn solver(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let boxes = Variant::Jigsaw(Regions::boxes());
    let sets = [
        (
            "top1465",
            root.join("../shared/data/sudoku/top1465.txt"),
            1465,
        ),
        (
            "17clue",
            root.join("../shared/data/sudoku/17clue.txt"),
            1000,
        ),
        ("hard20", root.join("fixtures/sudoku/data/hard20.txt"), 20),
    ];
    let mut group = c.benchmark_group("variant_solver_vs_classic");
    group.sample_size(10);
    for (name, path, max) in sets {
        let puzzles = lines(&path, max);
        group.bench_function(format!("{name}/classic"), |b| {
            b.iter(|| {
                puzzles
                    .iter()
                    .map(|p| black_box(p).analyse(2).count.count)
                    .sum::<u128>()
            })
        });
        group.bench_function(format!("{name}/variant_solver_boxes"), |b| {
            b.iter(|| {
                puzzles
                    .iter()
                    .map(|p| black_box(p).analyse_variant(2, &boxes).count.count)
                    .sum::<u128>()
            })
        });
    }
    group.finish();

    let mut group = c.benchmark_group("same_givens");
    group.sample_size(10);
    for kind in [
        VariantKind::X,
        VariantKind::Windoku,
        VariantKind::Disjoint,
        VariantKind::Jigsaw,
    ] {
        let puzzles: Vec<(Sudoku, Variant)> = (0..200)
            .map(|i| generate_variant(&GenerateOptions::default(), kind, 1, i))
            .collect();
        group.bench_function(format!("{kind}/variant"), |b| {
            b.iter(|| {
                puzzles
                    .iter()
                    .map(|(p, v)| black_box(p).analyse_variant(2, v).count.count)
                    .sum::<u128>()
            })
        });
        if kind != VariantKind::Jigsaw {
            group.bench_function(format!("{kind}/classic_rules"), |b| {
                b.iter(|| {
                    puzzles
                        .iter()
                        .map(|(p, _)| black_box(p).analyse(2).count.count)
                        .sum::<u128>()
                })
            });
        }
    }
    group.finish();

    let mut group = c.benchmark_group("first_solution");
    group.sample_size(10);
    for kind in [VariantKind::X, VariantKind::Windoku, VariantKind::Disjoint] {
        let puzzles: Vec<(Sudoku, Variant)> = (0..200)
            .map(|i| generate_variant(&GenerateOptions::default(), kind, 1, i))
            .collect();
        group.bench_function(format!("{kind}/variant_limit1"), |b| {
            b.iter(|| {
                puzzles
                    .iter()
                    .map(|(p, v)| black_box(p).analyse_variant(1, v).count.count)
                    .sum::<u128>()
            })
        });
        group.bench_function(format!("{kind}/classic_rules_limit1"), |b| {
            b.iter(|| {
                puzzles
                    .iter()
                    .map(|(p, _)| black_box(p).analyse(1).count.count)
                    .sum::<u128>()
            })
        });
    }
    let proper: Vec<Sudoku> = (0..200)
        .map(|i| generate_variant(&GenerateOptions::default(), VariantKind::Classic, 1, i).0)
        .collect();
    group.bench_function("proper_classic/classic", |b| {
        b.iter(|| {
            proper
                .iter()
                .map(|p| black_box(p).analyse(2).count.count)
                .sum::<u128>()
        })
    });
    group.finish();
}

fn generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    group.sample_size(10);
    for kind in VariantKind::ALL {
        group.bench_function(format!("{kind}/20_puzzles"), |b| {
            b.iter(|| {
                (0..20)
                    .map(|i| {
                        generate_variant(&GenerateOptions::default(), kind, 1, i)
                            .0
                            .givens()
                    })
                    .sum::<usize>()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, solver, generation);
criterion_main!(benches);
