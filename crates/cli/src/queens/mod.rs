//! `gridsolve queens`: one solution, every solution, counts, and completion of partial
//! boards for the N-Queens puzzle.
//!
//! One file per verb, each with its clap `Args`, its answer and the answer's type
//! (`report::Answer`: text, serde, outcome): [`solve`], [`all`], [`count`],
//! [`complete`], [`merge`]. What several verbs share: [`solution`] (the answer that is one
//! solution or none, and the two ways to write a solution) and [`notes`] (the warnings
//! about long searches). [`demo()`] is the 8-queens classic.

mod all;
mod complete;
mod count;
mod demo;
mod merge;
mod notes;
mod solution;
mod solve;

use std::io::Write;

use clap::{Args, Subcommand};

use crate::report::{self, Format, Outcome};

pub use demo::demo;

/// Place N queens on an N x N board so that no two attack each other.
#[derive(Debug, Args)]
#[command(after_long_help = "\
Solutions are column lists: text prints the 1-based column of the queen in each row, \
from the top row down, as chess problem books do (`2 4 1 3` for n = 4); JSON prints \
{\"columns\": [1, 3, 0, 2]} with 0-based columns; --draw draws Q and . squares. \
n = 2 and n = 3 have no solution (exit 1).

Running time: `solve` is instant for any n. `complete` finds one completion of a board \
of any size in well under a second for typical boards (n = 100,000 with a few placed \
queens: about 0.1 s). `all` and `complete --count` search by backtracking: the first \
solution in lexicographic order takes under 2 s up to n = 33 but 16 s for n = 34 and \
more than a minute for n = 36 and 40, irregularly in n, so from n = 30 (for \
`complete --count`, 30 rows to fill) they print a note on standard error first. `count` takes \
about 1 s for n = 16 on one core and about 8 times longer for each further n; from \
n = 18 it prints its estimate on standard error first. Notes do not stop the work.

Examples:
  gridsolve queens solve 8 --draw
  gridsolve queens all 8 --fundamental
  gridsolve queens all 14 --limit 10 --format json
  gridsolve queens count 16 --jobs 2
  gridsolve queens count 20 --shard 3/64 --format json > part-3.json
  gridsolve queens merge part-*.json
  gridsolve queens complete partial.txt --count")]
pub struct QueensArgs {
    #[command(subcommand)]
    command: QueensCommand,
}

#[derive(Debug, Subcommand)]
enum QueensCommand {
    /// One solution for any N in O(N), by the construction of Hoffman, Loessi and Moore
    /// (1969), checked by an O(N) verifier before it is printed (N up to 100,000,000).
    ///
    /// Text: the 1-based column of the queen in each row, top row first (`2 4 1 3 5`);
    /// with --draw, the board in its place (`Q` a queen, `.` an empty square). JSON and
    /// CSV `columns` are 0-based (`[1,3,0,2,4]`).
    #[command(
        after_long_help = "Examples:\n  gridsolve queens solve 8 --draw\n  gridsolve queens solve 8 --draw svg > queens.svg\n  gridsolve queens solve 1000000 --format json > million.json"
    )]
    Solve(solve::SolveArgs),
    /// Every solution, streamed in lexicographic order of the column list (N up to 64;
    /// from N = 30 a note warns that the first solution can take minutes).
    ///
    /// Text: one solution a line, the 1-based column of the queen in each row; with
    /// --draw, each board in its place, a blank line between boards. JSON and CSV
    /// `columns` are 0-based.
    #[command(
        after_long_help = "Examples:\n  gridsolve queens all 8 --fundamental --draw\n  gridsolve queens all 14 --limit 10 --format json"
    )]
    All(all::AllArgs),
    /// The number of solutions and of fundamental solutions (N up to 32), using the
    /// symmetries of the square; text `n = 8: 92 solutions, 12 fundamental`, JSON
    /// `{"n":8,"count":92,"fundamental":12,"status":"answered"}`. From N = 18 a note estimates the time
    /// (n = 16 takes about 1 s on one core, each further n about 8 times longer).
    ///
    /// From N = 16 a progress bar shows on a terminal. Ctrl-C stops the count after the
    /// searches under way and reports the solutions found so far, marked interrupted
    /// (JSON `"status":"interrupted"` with `"searches_done"` and `"searches"`), exit 130.
    #[command(
        after_long_help = "Examples:\n  gridsolve queens count 12\n  gridsolve queens count 16 --jobs 2 --format json\n  gridsolve queens count 20 --shard 3/64 > part-3.txt\n  gridsolve queens count 20 --shard 3/64 --progress part-3.progress > part-3.txt"
    )]
    Count(count::CountArgs),
    /// Complete a partial board: keep the queens already placed and fill the other rows.
    ///
    /// The input (FILE, or standard input when FILE is omitted or `-`) is either a board,
    /// N lines of N squares (`Q` a queen, `.` empty, `x` a blocked square no queen may use;
    /// spaces between squares are allowed):
    ///
    ///     . Q . .
    ///     . . . .
    ///     . . . .
    ///     . . . .
    ///
    /// or one line of N entries, each the 1-based column of the queen in that row or `.`
    /// for a row to fill: `2 . . .` (any N; the one-line form suits large boards).
    /// Lines starting with `#` are comments, and a `#` after a row starts a comment too
    /// (`2 . . .  # the first queen`). Rows and columns in messages count from 1.
    ///
    /// One completion, not necessarily the lexicographically first: the constructed
    /// solution of `queens solve N` with the placed queens swapped in, when that already
    /// fits (always for an empty board of N >= 4). Otherwise quick checks first prove
    /// some boards impossible and say why: a row or column with no open square (one not
    /// blocked nor attacked by a placed queen), or rows with fewer usable columns than
    /// rows (no matching of rows to columns; boards up to 2048 rows). Then, on boards up
    /// to 64 rows, an exhaustive backtracking search (in lexicographic order; it proves
    /// when there is none) is raced against a seeded min-conflicts local search started
    /// from that construction, each taking about half of --budget; larger boards use the
    /// local search alone. Every completion is verified before it is printed. --seed
    /// picks the local search's random choices; --budget caps the search steps; the same
    /// board, --seed and --budget give the same answer. For an empty board, `queens all N
    /// --limit 1` prints the lexicographically first solution.
    ///
    /// Exit status: 0 completed; 1 no completion exists (proven: the reason is printed,
    /// or the exhaustive search found none); 2 bad input, including placed queens that
    /// attack each other; 3 no completion found within --budget, neither proven
    /// impossible (on a board up to 64 rows the exhaustive search did not finish in its
    /// share: try a larger --budget, where the local search often finds a completion, or
    /// to settle it --count --limit 1, which has no budget and can take long; on a
    /// larger board nothing here can prove there is none: try another --seed or a larger
    /// --budget). The message says which.
    ///
    /// Limits: the board's text, read whole, is at most 64 MiB (a drawn board of 8,000
    /// rows; the one-line form for larger ones); a longer input, more than 1 MiB of blank
    /// lines before the board, or a control byte (NUL, ESC, ...: binary data) stops
    /// reading at once.
    ///
    /// --count counts completions exactly by backtracking (boards up to 64 rows): with 30
    /// or more rows to fill it can take minutes (a note on standard error says so first;
    /// --limit caps the count, not the time).
    ///
    /// Examples:
    ///     gridsolve queens complete partial.txt --draw
    ///     printf '4%s\n' "$(printf ' .%.0s' $(seq 49))" | gridsolve queens complete
    ///     gridsolve queens complete big.txt --seed 7 --format json
    ///     gridsolve queens complete partial.txt --count --limit 1000
    #[command(verbatim_doc_comment)]
    Complete(complete::CompleteArgs),
    /// Add up the partial counts of `queens count N --shard I/K` (text, JSON or CSV, in
    /// any order, a file per shard or several in one) into the count of N, printed as
    /// the unsplit count prints it: every shard 1..=K exactly once, all of the same N, K
    /// and split (one gridsolve version), or an error that names the file. A count that
    /// Ctrl-C interrupted is never added.
    ///
    /// With --missing it prints the shards still to count instead, one per line, for
    /// re-running only those (an empty file, or a shard whose count was interrupted,
    /// counts as missing).
    ///
    /// Files are read a line at a time, each line at most 64 KiB; a longer one or a
    /// control byte stops reading at once.
    ///
    /// Example (two machines, or two terminals):
    ///     gridsolve queens count 18 --shard 1/2 > part1.txt
    ///     gridsolve queens count 18 --shard 2/2 > part2.txt
    ///     gridsolve queens merge part1.txt part2.txt
    ///     gridsolve queens merge --missing part1.txt    # prints 2
    #[command(verbatim_doc_comment)]
    Merge(merge::MergeArgs),
}

impl QueensArgs {
    /// The CSV columns of the verb's answers, for `count` and the verbs that read files
    /// (`complete`, `merge`): one header for every outcome, bad input's included (a sum
    /// of shards has `count`'s). Empty for the others, whose answers name their own
    /// (the same keys whatever the outcome).
    pub fn csv_columns(&self) -> Vec<&'static str> {
        match &self.command {
            QueensCommand::Count(_) => count::csv_columns(),
            QueensCommand::Complete(args) => complete::csv_columns(args),
            QueensCommand::Merge(args) => merge::csv_columns(args),
            _ => Vec::new(),
        }
    }
}

/// Runs one `gridsolve queens` command.
pub fn run(args: QueensArgs, format: Format, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    match args.command {
        QueensCommand::Solve(args) => Ok(report::emit(out, format, &solve::answer(&args)?)?),
        QueensCommand::All(args) => all::run(&args, format, out),
        QueensCommand::Count(args) => count::run(&args, format, out),
        QueensCommand::Complete(args) => complete::run(&args, format, out),
        QueensCommand::Merge(args) => merge::run(&args, format, out),
    }
}
