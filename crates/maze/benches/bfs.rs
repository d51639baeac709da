//! Breadth-first search on generated mazes of 2000^2, 4000^2 and 10,000^2 cells, and against the `pathfinding` crate's
//! `bfs` on the same 4,000 x 4,000 maze in the same run.
//!
//! ```sh
//! cargo bench -p maze --features generate --bench bfs
//! ```
//!
//! The mazes are generated deterministically (recursive backtracker, seed 2026, 5 % of the
//! remaining walls knocked down for loops; about half the cells open). Sample sizes are
//! the minimum criterion allows, as one search on 10^8 cells takes seconds on a shared
//! machine. Peak memory is measured separately by `examples/bfs_memory.rs`.

// expect in this benchmark: its mazes are generated from fixed sizes and seeds; no user
// input reaches them.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use grid_core::{Coord, Direction};
use maze::{GenerateOptions, Maze, MoveSet, generate_cells};

fn bench_maze(side: usize) -> Maze {
    let options = GenerateOptions {
        loops: 0.05,
        seed: 2026,
        ..GenerateOptions::default()
    };
    generate_cells(side, side, &options).expect("a valid size")
}

/// The searches on generated mazes of 2000^2, 4000^2 and 10,000^2 cells (groups
/// `maze_2000x2000`, ...), corner to corner.
fn huge(c: &mut Criterion) {
    for side in [2_000, 4_000, 10_000] {
        let maze = bench_maze(side);
        let goal = [Coord::new(side - 1, side - 1)];
        let query = maze
            .query(Coord::new(0, 0), &goal, MoveSet::Four)
            .expect("corners are on the maze");
        let mut group = c.benchmark_group(format!("maze_{side}x{side}"));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(if side > 5_000 { 12 } else { 4 }));
        group.bench_function("path_exists", |b| b.iter(|| black_box(query.path_exists())));
        group.bench_function("shortest_distance", |b| {
            b.iter(|| black_box(query.shortest_distance()))
        });
        group.bench_function("shortest_path", |b| {
            b.iter(|| black_box(query.shortest_path()))
        });
        group.finish();
    }
}

fn versus_pathfinding(c: &mut Criterion) {
    let side = 4_000;
    let maze = bench_maze(side);
    let open: Vec<bool> = maze.to_grid().into_vec();
    let start = Coord::new(0, 0);
    let goal = Coord::new(side - 1, side - 1);
    let query = maze
        .query(start, &[goal], MoveSet::Four)
        .expect("corners are on the maze");
    let successors = |&here: &Coord| {
        let open = &open;
        Direction::CARDINAL
            .into_iter()
            .filter_map(move |d| here.step(d, side, side).filter(|n| open[n.index(side)]))
    };
    let reference = pathfinding::prelude::bfs(&start, successors, |&here| here == goal);
    assert_eq!(
        query.shortest_path().map(|p| p.len()),
        reference.map(|p| p.len() - 1),
        "both searches find the same distance"
    );

    let mut group = c.benchmark_group("bfs_4000x4000");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10));
    group.bench_function("maze::shortest_path", |b| {
        b.iter(|| black_box(query.shortest_path()))
    });
    group.bench_function("pathfinding::bfs", |b| {
        b.iter(|| {
            black_box(pathfinding::prelude::bfs(&start, successors, |&here| {
                here == goal
            }))
        })
    });
    group.finish();
}

criterion_group!(benches, versus_pathfinding, huge);
criterion_main!(benches);
