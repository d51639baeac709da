//! Times `sudoku::canon::minlex` on one core: the first N puzzles of a file (default
//! `../shared/data/sudoku/17clue.txt`, N = 10,000), or their solution grids, each
//! canonicalised ROUNDS times (default 1). For instruction counts, run it under
//! `valgrind --tool=cachegrind` with two ROUNDS values: the difference divided by the
//! extra rounds times N is the count per puzzle, free of reading, solving and the
//! one-time grid tables.
//!
//! Run: `cargo run --release -p sudoku --example canon_speed -- puzzles|grids [N [ROUNDS [FILE]]]`.

use std::path::PathBuf;
use std::time::Instant;

use sudoku::Sudoku;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let kind = args.first().map_or("puzzles", String::as_str);
    let n: usize = args.get(1).map_or(Ok(10_000), |s| s.parse())?;
    let rounds: usize = args.get(2).map_or(Ok(1), |s| s.parse())?;
    let path = args.get(3).map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/sudoku/17clue.txt"),
        PathBuf::from,
    );
    let text = std::fs::read_to_string(&path)?;
    let mut inputs: Vec<[u8; 81]> = Vec::with_capacity(n);
    for line in text.lines().take(n) {
        let p: Sudoku = line.parse()?;
        let p = match kind {
            "grids" => p.solution().ok_or("a puzzle without a unique solution")?,
            "puzzles" => p,
            other => return Err(format!("unknown kind {other}: puzzles or grids").into()),
        };
        inputs.push(p.cells().try_into()?);
    }
    let first = inputs.first().ok_or("no puzzles read")?;
    // Build the grid tables (once per process) before the clock starts.
    let start = Instant::now();
    let _ = sudoku::canon::minlex(first);
    let warm = start.elapsed().as_secs_f64();
    let start = Instant::now();
    let mut check = 0u64;
    for _ in 0..rounds {
        for cells in &inputs {
            let form = sudoku::canon::minlex(cells);
            check = check
                .wrapping_mul(31)
                .wrapping_add(u64::from(form[80]) + u64::from(form[40]));
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let done = inputs.len() * rounds;
    println!(
        "{done} {kind} in {secs:.3} s: {:.0} {kind}/s (checksum {check}; first call {warm:.3} s)",
        done as f64 / secs
    );
    Ok(())
}
