//! Peak memory of one breadth-first search, ours against the `pathfinding` crate's `bfs`,
//! on the same generated maze (the benchmark `benches/bfs.rs` measures the time).
//!
//! ```sh
//! cargo run --release -p maze --features generate --example bfs_memory -- ours 4000
//! cargo run --release -p maze --features generate --example bfs_memory -- pathfinding 4000
//! ```
//!
//! Linux only: after building the maze it resets the process's peak resident set size
//! (`echo 5 > /proc/self/clear_refs`), runs one search, and prints how far the peak
//! (`VmHWM` in `/proc/self/status`) rose above the resident size before the search.

// expect in this example: its mazes are generated from fixed sizes, and it measures
// Linux's /proc (elsewhere it cannot run); no user input reaches them.

use std::time::Instant;

use grid_core::{Coord, Direction};
use maze::{GenerateOptions, Maze, MoveSet, generate_cells};

fn status_kib(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// The benchmark maze: a perfect maze with a few loops, `side x side` cells.
pub fn bench_maze(side: usize) -> Maze {
    let options = GenerateOptions {
        loops: 0.05,
        seed: 2026,
        ..GenerateOptions::default()
    };
    generate_cells(side, side, &options).expect("a valid size")
}

/// CPU seconds (user + system) this process has used, from `/proc/self/stat`.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let ticks = |k: usize| {
        fields
            .get(k)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // Fields 14 and 15 of stat(5) are utime and stime; `fields` starts at field 3.
    (ticks(11) + ticks(12)) / 100.0
}

fn main() {
    let mut args = std::env::args().skip(1);
    let which = args.next().unwrap_or_else(|| "ours".into());
    let side: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(4000);
    let maze = if std::env::var_os("OPEN_MAZE").is_some() {
        Maze::new(side, side, true).expect("a valid size")
    } else {
        bench_maze(side)
    };
    // The reference gets the plain row-major `Vec<bool>` it would naturally use (built
    // before the measurement, like our maze).
    let open: Vec<bool> = if which == "pathfinding" {
        maze.to_grid().into_vec()
    } else {
        Vec::new()
    };
    let start = Coord::new(0, 0);
    let goal = Coord::new(side - 1, side - 1);

    std::fs::write("/proc/self/clear_refs", "5").expect("Linux /proc/self/clear_refs");
    let before = status_kib("VmRSS:");
    let clock = Instant::now();
    let cpu = cpu_seconds();
    let length = match which.as_str() {
        "ours" => maze
            .query(start, &[goal], MoveSet::Four)
            .expect("corners are on the maze")
            .shortest_path()
            .map(|p| p.len()),
        "distance" => maze
            .query(start, &[goal], MoveSet::Four)
            .expect("corners are on the maze")
            .shortest_distance(),
        "exists" => maze
            .query(start, &[goal], MoveSet::Four)
            .expect("corners are on the maze")
            .path_exists()
            .then_some(0),
        "pathfinding" => pathfinding::prelude::bfs(
            &start,
            |&here: &Coord| {
                let open = &open;
                Direction::CARDINAL
                    .into_iter()
                    .filter_map(move |d| here.step(d, side, side).filter(|n| open[n.index(side)]))
            },
            |&here| here == goal,
        )
        .map(|p| p.len() - 1),
        other => panic!("expected `ours` or `pathfinding`, found {other}"),
    };
    let elapsed = clock.elapsed();
    let cpu = cpu_seconds() - cpu;
    let peak = status_kib("VmHWM:");
    println!(
        "{which} {side}x{side}: shortest path {length:?} moves in {:.3} s wall, {cpu:.2} s CPU; peak RSS rose {:.1} MB above {:.1} MB",
        elapsed.as_secs_f64(),
        (peak.saturating_sub(before)) as f64 / 1024.0,
        before as f64 / 1024.0
    );
}
