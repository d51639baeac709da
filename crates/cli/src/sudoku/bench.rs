//! `gridsolve sudoku bench`: times the solver on a file, single-threaded.

use std::io::{self, Write};
use std::time::Instant;

use anyhow::Context;
use grid_core::text::LineReader;
use serde::Serialize;
use sudoku::{RecordSplitter, Sudoku};

use super::answer::Unreadable;
use super::args::BenchArgs;
use crate::input::Input;
use crate::report::{self, Format, Outcome, Render};

/// The timing of a file. JSON: `{"puzzles": N, "puzzles_per_second": ..,
/// "us_per_puzzle": .., "no_guess_percent": .., "guesses_per_puzzle": ..}`.
#[derive(Debug, Serialize)]
struct BenchReport {
    puzzles: usize,
    puzzles_per_second: f64,
    us_per_puzzle: f64,
    no_guess_percent: f64,
    guesses_per_puzzle: f64,
}

impl Render for BenchReport {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "{:>10} {:>12} {:>11} {:>11} {:>15}",
            "puzzles", "puzzles/s", "µs/puzzle", "no guess %", "guesses/puzzle"
        )?;
        writeln!(
            out,
            "{:>10} {:>12.0} {:>11.2} {:>11.1} {:>15.2}",
            self.puzzles,
            self.puzzles_per_second,
            self.us_per_puzzle,
            self.no_guess_percent,
            self.guesses_per_puzzle
        )
    }
}

/// Reads every puzzle of the input (reporting bad records), then times
/// `analyse(2)` on each: the uniqueness check.
pub(super) fn bench(
    args: BenchArgs,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let input = Input::open(args.file.as_deref())?;
    let source = input.name.clone();
    let mut splitter = RecordSplitter::new(args.box_shape);
    let mut records = Vec::new();
    let mut outcome = Outcome::Answered;
    let mut lines = input.lines();
    while let Some(line) = lines.next_line() {
        match line {
            Ok(line) => {
                let Ok(()) = LineReader::push_line(&mut splitter, line, &mut records);
            }
            Err(err) => {
                let bad = Unreadable::of(&err)
                    .ok_or(err)
                    .with_context(|| format!("cannot read {source}"))?;
                report::message(report::input_error(&source, &bad));
                outcome = Outcome::BadInput;
            }
        }
    }
    records.extend(splitter.finish());
    let mut puzzles = Vec::with_capacity(records.len());
    for record in &records {
        match record.parse(args.box_shape) {
            Ok(puzzle) => puzzles.push(puzzle),
            Err(e) => {
                report::message(report::input_error(&source, &e));
                outcome = Outcome::BadInput;
            }
        }
    }
    anyhow::ensure!(!puzzles.is_empty(), "{source}: no puzzle to time");
    let report = time(&puzzles);
    report::write_answer(out, format, &report)?;
    Ok(outcome)
}

fn time(puzzles: &[Sudoku]) -> BenchReport {
    let started = Instant::now();
    let mut guesses = 0u64;
    let mut no_guess = 0usize;
    for p in puzzles {
        let a = p.analyse(2);
        guesses += a.stats.guesses;
        no_guess += usize::from(a.stats.guesses == 0);
    }
    let secs = started.elapsed().as_secs_f64().max(1e-9);
    let n = puzzles.len() as f64;
    BenchReport {
        puzzles: puzzles.len(),
        puzzles_per_second: n / secs,
        us_per_puzzle: secs * 1e6 / n,
        no_guess_percent: 100.0 * no_guess as f64 / n,
        guesses_per_puzzle: guesses as f64 / n,
    }
}
