//! Prints µs/puzzle for gridsolve's `sudoku` crate against a peer on the same files,
//! single-threaded, uniqueness checked by both. The two are measured in alternating
//! rounds so that a loaded machine slows both alike.
//!
//! Usage (from benches/sudoku-compare):
//!
//! - `cargo run --release -- [ROUNDS] FILE...`: against the crates.io `sudoku` crate
//!   (v0.8), in process; prints the best round of each.
//! - `cargo run --release -- [ROUNDS] --peer 'COMMAND {file}' FILE...`: against an
//!   external solver. Each round times our solver in process, then runs `COMMAND` with
//!   `{file}` replaced by the file's path; the command must time its own solving loop
//!   (not its start-up or reading, after an untimed warm-up on up to 1,000 puzzles as
//!   ours gets) and print `µs_per_puzzle [puzzles [unique]]` as the
//!   first line of its standard output, optionally followed by its thread's CPU
//!   µs/puzzle. Prints, per file, the range over the rounds of each solver's wall-clock
//!   µs/puzzle and of the per-round ratio ours / peer (wall clock, and thread CPU time
//!   when the peer gives it), and checks that the peer saw as many puzzles and as many
//!   unique ones as we did.
//!
//! - `sudoku-compare --as-peer FILE`: one warm-up and one timed pass of ours, printed
//!   as a peer prints it, so that two builds of ours can be compared side by side
//!   (`--peer '/path/to/old/sudoku-compare --as-peer {file}'`).
//!
//! With `ONLY=ours` or `ONLY=theirs` in the environment (no `--peer`) only that solver
//! is timed (for `perf stat` or `valgrind`, whose counts are load-independent).

mod cpu;
mod peer;

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
    if args.first().is_some_and(|a| a == "--as-peer") {
        for path in &args[1..] {
            peer::print_as_peer(path);
        }
        return;
    }
    if let Some(at) = args.iter().position(|a| a == "--peer") {
        let Some(command) = args.get(at + 1).cloned() else {
            eprintln!("--peer needs a command, e.g. --peer '/path/to/driver {{file}}'");
            std::process::exit(2);
        };
        args.drain(at..at + 2);
        if let Err(e) = peer::run(rounds, &command, &args) {
            eprintln!("sudoku-compare: {e}");
            std::process::exit(1);
        }
        return;
    }
    println!(
        "{:<34} {:>8} {:>14} {:>14} {:>7}",
        "file", "puzzles", "ours µs/p", "sudoku µs/p", "ratio"
    );
    for path in &args {
        let text = peer::read_lines(path);
        let lines: Vec<&str> = text.iter().map(String::as_str).collect();
        let ours = peer::parse_ours(path, &lines);
        let theirs: Vec<emerentius::Sudoku> = lines
            .iter()
            .map(|l| {
                emerentius::Sudoku::from_str_line(l)
                    .unwrap_or_else(|e| peer::fail(format_args!("{path}: {l:?}: {e:?}")))
            })
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
                let u = peer::unique_count(&ours);
                t_ours = t_ours.min(start.elapsed());
                std::hint::black_box(u);
                continue;
            }
            let start = Instant::now();
            let unique = peer::unique_count(&ours);
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
