//! Prints µs/puzzle for gridsolve's `sudoku` crate and the crates.io `sudoku` crate
//! (v0.8) on the same files, single-threaded, uniqueness checked by both. The two are
//! measured in alternating rounds so that a loaded machine slows both alike.
//!
//! Usage: `cargo run --release -- [ROUNDS] FILE...` (from benches/sudoku-compare).
//! With `ONLY=ours` or `ONLY=theirs` in the environment only that solver is timed
//! (for `perf stat -e task-clock`, whose CPU time is less sensitive to machine load).

use std::time::{Duration, Instant};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let rounds = args
        .first()
        .and_then(|a| a.parse::<u32>().ok())
        .inspect(|_| {
            args.remove(0);
        })
        .unwrap_or(3);
    println!(
        "{:<34} {:>8} {:>14} {:>14} {:>7}",
        "file", "puzzles", "ours µs/p", "sudoku µs/p", "ratio"
    );
    for path in &args {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        let ours: Vec<gridsolve_sudoku::Sudoku> = lines
            .iter()
            .map(|l| l.parse().expect("ours parses"))
            .collect();
        let theirs: Vec<emerentius::Sudoku> = lines
            .iter()
            .map(|l| emerentius::Sudoku::from_str_line(l).expect("theirs parses"))
            .collect();
        let (mut t_ours, mut t_theirs) = (Duration::MAX, Duration::MAX);
        let only = std::env::var("ONLY").unwrap_or_default();
        for _ in 0..rounds {
            if only == "theirs" {
                let start = Instant::now();
                let u = theirs.iter().filter(|p| p.solution().is_some()).count();
                t_theirs = t_theirs.min(start.elapsed());
                assert!(u > 0);
                continue;
            }
            if only == "ours" {
                let start = Instant::now();
                let u = ours.iter().filter(|p| p.analyse(2).count.count == 1).count();
                t_ours = t_ours.min(start.elapsed());
                assert!(u > 0);
                continue;
            }
            let start = Instant::now();
            let mut unique = 0usize;
            for p in &ours {
                unique += usize::from(p.analyse(2).count.count == 1);
            }
            t_ours = t_ours.min(start.elapsed());
            let start = Instant::now();
            let mut unique_theirs = 0usize;
            for p in &theirs {
                unique_theirs += usize::from(p.solution().is_some());
            }
            t_theirs = t_theirs.min(start.elapsed());
            assert_eq!(unique, unique_theirs, "{path}: the solvers disagree");
        }
        let n = lines.len() as f64;
        let (a, b) = (
            t_ours.as_secs_f64() * 1e6 / n,
            t_theirs.as_secs_f64() * 1e6 / n,
        );
        let name = path.rsplit('/').next().unwrap_or(path);
        println!(
            "{name:<34} {:>8} {a:>14.2} {b:>14.2} {:>7.2}",
            lines.len(),
            a / b
        );
    }
}
