//! Benchmarks: fewest rolls on a 2000 x 2000 board (target < 200 ms), the expected
//! game length on a 10,000-square board (target < 1 s), and a 10,000-square board
//! with snakes on half the squares ([`Board::snake_heavy`], target < 0.5 s for all of
//! `ladders stats`): the banded elimination against the methods it replaced there
//! (Gauss-Seidel on 10,000 squares, the dense elimination on 2,000) in the same run,
//! and the length distribution. Inputs are deterministic pseudo-random boards (a fixed
//! linear congruential generator or SplitMix64, no RNG crate).
//!
//! Run: `cargo bench -p ladders --bench ladders -- --sample-size 10`
//! (`-- snake` for the snake-heavy group alone)

// expect in this benchmark: its boards are generated from fixed sizes and seeds; no
// user input reaches them.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ladders::{Board, Chain, Rules};

/// A board of `squares` squares with about one jump per `every` squares, half snakes
/// and half ladders, from a fixed LCG.
fn board(squares: u32, every: u32, seed: u64) -> Board {
    let mut state = seed;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as u32
    };
    let mut used = vec![false; squares as usize + 1];
    let mut jumps = Vec::new();
    for _ in 0..squares / every {
        let from = 2 + next() % (squares - 2);
        if used[from as usize] {
            continue;
        }
        let to = 1 + next() % (squares - 1);
        if to == from {
            continue;
        }
        used[from as usize] = true;
        jumps.push((i64::from(from), i64::from(to)));
    }
    Board::from_jumps(u64::from(squares), &jumps).expect("generated board is valid")
}

fn benches(c: &mut Criterion) {
    let big = board(2000 * 2000, 10, 1);
    let leetcode = Rules::leetcode();
    c.bench_function("bfs 2000x2000 (4M squares, 10% jumps)", |b| {
        b.iter(|| black_box(big.fewest_rolls(black_box(&leetcode))))
    });
    c.bench_function("bfs route 2000x2000 (4M squares, 10% jumps)", |b| {
        b.iter(|| black_box(big.shortest_route(black_box(&leetcode))))
    });
    let empty = Board::from_jumps(2000 * 2000, &[]).expect("valid");
    c.bench_function("bfs 2000x2000 empty", |b| {
        b.iter(|| black_box(empty.fewest_rolls(black_box(&leetcode))))
    });

    let classic = Rules::classic();
    for (name, every) in [
        ("10k squares, 1 jump per 10", 10),
        ("10k squares, 1 jump per 4", 4),
        ("10k squares, 1 jump per 2", 2),
    ] {
        let board = board(10_000, every, 7);
        c.bench_function(&format!("markov expectation {name}"), |b| {
            b.iter(|| {
                let chain = Chain::new(black_box(&board), &classic);
                black_box(chain.expected_turns().expect("solves"))
            })
        });
    }
    snake_heavy(c);
    let chutes = ladders::chutes_and_ladders();
    c.bench_function("markov expectation chutes and ladders", |b| {
        b.iter(|| {
            black_box(
                Chain::new(&chutes, &classic)
                    .expected_turns()
                    .expect("solves"),
            )
        })
    });
}

/// Snakes on half the squares, each dropping 1..=6 squares (games of ~6,500 turns).
fn snake_heavy(c: &mut Criterion) {
    let classic = Rules::classic();
    let mut group = c.benchmark_group("snake-heavy");
    for squares in [2_000, 10_000] {
        let chain = Chain::new(&Board::snake_heavy(squares, 6, 1), &classic);
        group.bench_function(format!("{squares} expectation banded (chosen)"), |b| {
            b.iter(|| black_box(chain.expected_turns().expect("solves")))
        });
        if squares <= 2_000 {
            group.bench_function(format!("{squares} expectation dense elimination"), |b| {
                b.iter(|| black_box(chain.expected_turns_dense()))
            });
        }
        group.bench_function(format!("{squares} expectation gauss-seidel"), |b| {
            b.iter(|| black_box(chain.expected_turns_gauss_seidel().expect("converges")))
        });
        group.bench_function(format!("{squares} length distribution"), |b| {
            b.iter(|| {
                black_box(
                    chain.length_distribution(
                        ladders::LENGTH_TOLERANCE,
                        chain.suggested_max_turns(),
                    ),
                )
            })
        });
    }
    group.finish();
}

criterion_group!(ladders_benches, benches);
criterion_main!(ladders_benches);
