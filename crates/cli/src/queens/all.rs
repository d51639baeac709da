//! `gridsolve queens all N`: every solution, streamed in lexicographic order of the
//! column list (N up to 64), serially or by a thread pool that hands them out in the same
//! order; `--fundamental` lists one per symmetry class.

use std::io::{self, Write};

use clap::Args;
use queens::{FundamentalSolutions, ParallelSolutions, Solutions};
use serde::Serialize;

use super::notes;
use super::solution::{Drawn, Question, SolutionAnswer, write_board, write_columns};
use crate::args::{DrawArg, JobsArg};
use crate::interrupt;
use crate::picture;
use crate::report::{self, Answer, Format, Outcome, Picture};

/// `queens all N`.
#[derive(Debug, Args)]
pub(super) struct AllArgs {
    /// The board size.
    #[arg(value_parser = crate::args::whole_number::<usize>(1, u64::MAX))]
    pub n: usize,
    /// Stop after K solutions (at least 1); when more exist, standard error says so and
    /// JSON ends with `{"status":"limit","answered":K,"exact":false}`.
    #[arg(long, value_name = "K", value_parser = crate::args::whole_number::<u64>(1, u64::MAX))]
    pub limit: Option<u64>,
    /// List only the fundamental solutions: one per class under rotation and reflection,
    /// the lexicographically smallest member of each class.
    #[arg(long)]
    pub fundamental: bool,
    #[command(flatten)]
    pub draw: DrawArg,
    #[command(flatten)]
    pub jobs: JobsArg,
}

/// Writes each solution as it is found, up to `--limit`, or says there is none in the
/// words and shape of `queens solve`. When the listing stops at `--limit` with more
/// solutions left (one more is looked for), standard error says so and JSON ends with
/// `{"status":"limit","answered":K,"exact":false}`. Ctrl-C ends the listing after the
/// solution being written: JSON ends with `{"status":"interrupted","answered":N}`,
/// standard error says the solutions above are the first N, and the exit code is 130.
pub(super) fn run(args: &AllArgs, format: Format, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    // Refuses sizes the search cannot take before saying anything about its time.
    let mut solutions = stream(args)?;
    if let Some(text) = notes::search_note(args.n) {
        report::message(text);
    }
    let limit = args.limit.unwrap_or(u64::MAX);
    let mut written = 0;
    let mut header = true;
    let watch = interrupt::watch();
    while written < limit
        && !interrupt::requested()
        && let Some(columns) = solutions.next_solution()
    {
        let mut answer = ColumnsAnswer::new(args.n, columns, args.draw.text(), written);
        // Solution k (1-based) of `queens all 8` is `queens-8-k.svg` under --output-dir.
        answer.picture = args
            .draw
            .picture(&format!("queens-{}-{}", args.n, written + 1), || {
                picture::queens::board(columns, &[])
            });
        report::emit_in::<ColumnsAnswer>(out, format, &answer, &mut header)?;
        written += 1;
    }
    // At the limit, whether the listing is whole: one more solution says it is not.
    let more = written == limit && !interrupt::requested() && solutions.next_solution().is_some();
    drop(watch);
    if interrupt::requested() {
        let answered = usize::try_from(written).unwrap_or(usize::MAX);
        let columns = ColumnsAnswer::csv_columns();
        report::write_interrupted(out, format, answered, &columns, &mut header)?;
        out.flush()?;
        report::message(format!(
            "interrupted (Ctrl-C) after {written} solution{}: these are the first in the listing's order; more may exist",
            if written == 1 { "" } else { "s" }
        ));
        return Ok(Outcome::Interrupted);
    }
    if written == 0 {
        let none = SolutionAnswer::new(args.n, None, args.draw.text(), Question::Solution);
        // In the listing's columns, as its solutions would be.
        let columns = ColumnsAnswer::csv_columns();
        return Ok(report::emit_in_columns(out, format, &none, &columns)?);
    }
    if more {
        report::write_limit_reached(out, format, written, &ColumnsAnswer::csv_columns())?;
        // After the listing, as it reads in a terminal.
        out.flush()?;
        report::message(format!(
            "stopped after {} at --limit {limit}: more exist; raise --limit to list them",
            grid_core::text::count_of(written, "solution")
        ));
    }
    Ok(Outcome::Answered)
}

/// The solutions of `queens all`, streamed in lexicographic order of the column list:
/// serially on the calling thread (`--jobs 1`), or by a rayon pool that hands them out
/// in exactly the same order.
#[derive(Debug)]
enum SolutionStream {
    /// Every solution, on the calling thread.
    Serial(Solutions),
    /// The fundamental solutions, on the calling thread.
    Fundamental(FundamentalSolutions),
    /// Every solution (only the canonical ones when `fundamental`), by a thread pool.
    Parallel {
        solutions: Box<ParallelSolutions>,
        fundamental: bool,
        current: Vec<usize>,
    },
}

impl SolutionStream {
    /// The next solution (0-based columns), or `None` after the last.
    pub fn next_solution(&mut self) -> Option<&[usize]> {
        match self {
            SolutionStream::Serial(solutions) => solutions.next_solution(),
            SolutionStream::Fundamental(solutions) => solutions.next_solution(),
            SolutionStream::Parallel {
                solutions,
                fundamental,
                current,
            } => {
                *current = solutions
                    .by_ref()
                    .find(|columns| !*fundamental || queens::is_canonical(columns))?;
                Some(current)
            }
        }
    }
}

/// The stream of solutions. Sizes the search cannot take are refused here,
/// before any work starts.
fn stream(args: &AllArgs) -> anyhow::Result<SolutionStream> {
    let n = args.n;
    let threads = args.jobs.threads();
    Ok(if threads > 1 {
        let pool = crate::args::thread_pool(threads)?;
        SolutionStream::Parallel {
            solutions: Box::new(ParallelSolutions::with_pool(n, pool)?),
            fundamental: args.fundamental,
            current: Vec::new(),
        }
    } else if args.fundamental {
        SolutionStream::Fundamental(FundamentalSolutions::new(n)?)
    } else {
        SolutionStream::Serial(Solutions::new(n)?)
    })
}

/// One solution of the `all` listing: JSON `{"n": N, "columns": [0-based]}` (the keys of
/// the no-solution line, so a CSV header is the same either way); text the 1-based
/// columns on one line, or a drawn board with a blank line before every board but the
/// first.
#[derive(Debug, Serialize)]
pub(super) struct ColumnsAnswer<'a> {
    n: usize,
    columns: &'a [usize],
    /// `--draw`: the drawn board (JSON `"drawing"`).
    #[serde(skip_serializing_if = "Option::is_none")]
    drawing: Option<Drawn<'a>>,
    #[serde(skip)]
    draw: bool,
    #[serde(skip)]
    first: bool,
    /// `--draw svg`: the board.
    #[serde(skip)]
    picture: Option<Picture>,
}

impl<'a> ColumnsAnswer<'a> {
    /// The `index`-th (0-based) solution of a listing of the `n x n` board.
    pub fn new(n: usize, columns: &'a [usize], draw: bool, index: u64) -> Self {
        ColumnsAnswer {
            n,
            columns,
            drawing: draw.then_some(Drawn(columns, &[])),
            draw,
            first: index == 0,
            picture: None,
        }
    }
}

impl Answer for ColumnsAnswer<'_> {
    /// Its keys, those `--draw` adds included, so that the row that ends a listing cut
    /// at its limit or by Ctrl-C has the listing's columns.
    fn csv_columns() -> Vec<&'static str> {
        vec!["n", "columns", "drawing", "drawing_file", "status"]
    }

    fn outcome(&self) -> Outcome {
        Outcome::Answered
    }

    fn picture(&self) -> Option<&Picture> {
        self.picture.as_ref()
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        if !self.draw {
            return write_columns(out, self.columns);
        }
        if !self.first {
            writeln!(out)?;
        }
        write_board(out, self.columns, &[])
    }
}
