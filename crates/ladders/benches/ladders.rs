//! Benchmarks: fewest rolls on a 2000 x 2000 board (target < 200 ms) and the expected
//! game length on a 10,000-square board (target < 1 s). Inputs are deterministic
//! pseudo-random boards (a fixed linear congruential generator, no RNG crate).
//!
//! Run: `cargo bench -p ladders --bench ladders -- --sample-size 10`

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

criterion_group!(ladders_benches, benches);
criterion_main!(ladders_benches);
