//! Reading a 0/1 text maze and answering `shortest` on it, as the CLI does: the
//! streaming reader ([`maze::MazeReader`], fed line by line) against the general integer
//! matrix parser ([`grid_core::parse_matrix`], one `i64` per cell, the reading before
//! streaming) on the same text, in the same run.
//!
//! ```sh
//! cargo bench -p maze --features generate --bench read
//! ```
//!
//! The mazes are generated deterministically (as in `benches/bfs.rs`) and written as
//! whitespace rows in memory; 10,000 x 10,000 (200 MB of text) is read by the streaming
//! reader only, as the general parser would need 800 MB for its integers. Peak memory
//! through the CLI is in the crate's README (`/usr/bin/time -v`).

// expect in this benchmark: its mazes are generated from fixed sizes and seeds; no user
// input reaches them.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use grid_core::Coord;
use maze::{GenerateOptions, Maze, MazeReader, MoveSet, generate_cells};

fn text_of(side: usize) -> String {
    let options = GenerateOptions {
        loops: 0.05,
        seed: 2026,
        ..GenerateOptions::default()
    };
    generate_cells(side, side, &options)
        .expect("a valid size")
        .to_string()
}

fn streamed(text: &str) -> Maze {
    let mut reader = MazeReader::new(None);
    for line in text.lines() {
        reader.push_line(line).expect("a valid maze");
    }
    reader.finish().expect("a valid maze").maze
}

fn parsed_whole(text: &str) -> Maze {
    let grid = grid_core::parse_matrix(text).expect("a valid maze");
    Maze::from_grid(&grid.map(|&v| v == 1)).expect("a valid size")
}

fn shortest(maze: &Maze) -> Option<usize> {
    let side = maze.rows();
    let query = maze
        .query(
            Coord::new(0, 0),
            &[Coord::new(side - 1, side - 1)],
            MoveSet::Four,
        )
        .expect("corners are on the maze");
    query.shortest_path().map(|p| p.len())
}

fn read_and_shortest(c: &mut Criterion) {
    for side in [2_000, 4_000, 10_000] {
        let text = text_of(side);
        let mut group = c.benchmark_group(format!("read_shortest_{side}"));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(if side > 4_000 { 30 } else { 10 }));
        group.bench_function("streamed", |b| {
            b.iter(|| black_box(shortest(&streamed(&text))))
        });
        group.bench_function("streamed_read_only", |b| {
            b.iter(|| black_box(streamed(&text).rows()))
        });
        if side <= 4_000 {
            group.bench_function("parse_matrix_whole", |b| {
                b.iter(|| black_box(shortest(&parsed_whole(&text))))
            });
        }
        group.finish();
    }
}

criterion_group!(benches, read_and_shortest);
criterion_main!(benches);
