//! `gridsolve queens complete [FILE]`: one completion of a partial board (queens placed,
//! squares blocked), or with `--count` the number of completions up to `--limit`.

use std::io::{self, Write};
use std::path::PathBuf;

use clap::Args;
use grid_core::BoundedCount;
use grid_core::text::count_of;
use queens::{Completion, CompletionCount, PartialBoard, QueensError};
use serde::Serialize;

use super::notes;
use super::solution::{Question, SolutionAnswer};
use crate::args::{DrawArg, SeedArg};
use crate::input::Input;
use crate::interrupt;
use crate::picture;
use crate::report::{self, Answer, Format, Invalid, Outcome};

/// The default `--limit` of `queens complete --count`.
const DEFAULT_COMPLETION_LIMIT: u64 = 1_000_000;

/// `queens complete [FILE]`.
#[derive(Debug, Args)]
pub(super) struct CompleteArgs {
    /// The partial board (omit or `-` for standard input).
    pub file: Option<PathBuf>,
    /// Count the completions instead of printing one (an exhaustive search: no --seed,
    /// --budget, --draw or --output-dir).
    #[arg(long, conflicts_with_all = ["seed", "draw", "output_dir"])]
    pub count: bool,
    /// With --count, stop counting at K (at least 1; default 1,000,000). Needs --count.
    #[arg(long, value_name = "K", requires = "count",
          value_parser = crate::args::whole_number::<u64>(1, u64::MAX))]
    pub limit: Option<u64>,
    /// Give up finding a completion after this many search steps (backtracking nodes,
    /// about 5 ns each, plus local-search swap trials, about 10 to 50 ns each; each
    /// search takes about half) and exit 3.
    #[arg(long, value_name = "STEPS", default_value_t = 200_000_000, conflicts_with = "count",
          value_parser = crate::args::whole_number::<u64>(1, u64::MAX))]
    pub budget: u64,
    #[command(flatten)]
    pub seed: SeedArg,
    #[command(flatten)]
    pub draw: DrawArg,
}

/// One completion (see the help for which), or the count with `--count`; a note first
/// when counting can take minutes.
pub(super) fn run(
    args: &CompleteArgs,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let (name, board) = read_board(args)?;
    if !args.count {
        super::solution::check_text_drawing(board.n(), &args.draw)?;
    }
    if args.count && board.n() > queens::MAX_ENUMERATE_N && board.rows_to_fill() > 0 {
        return Err(Invalid::whole(
            &name,
            format_args!(
                "cannot count the completions of a board of {} rows: counting enumerates \
                 them by backtracking, which handles boards up to {} rows; without --count, \
                 `queens complete` finds one completion of a board of any size",
                board.n(),
                queens::MAX_ENUMERATE_N
            ),
        )
        .into());
    }
    // No warning of a long search on a board the checks before any search settle
    // (asked only where a note would be written).
    if let Some(text) = notes::completion_note(board.rows_to_fill(), args.count)
        && board.obstruction().is_none()
    {
        report::message(text);
    }
    let columns = csv_columns(args);
    Ok(if args.count {
        report::emit_in_columns(out, format, &count_completions(&board, args)?, &columns)?
    } else {
        let name = picture::file_name(&name, None);
        let answer = complete(&board, args)?.with_picture(&args.draw, &name);
        report::emit_in_columns(out, format, &answer, &columns)?
    })
}

/// The CSV columns of `complete`'s answers: a completion's (or with `--count` the
/// count's) keys, the optional ones included, then the place and message of bad input.
pub(super) fn csv_columns(args: &CompleteArgs) -> Vec<&'static str> {
    match args.count {
        true => report::with_error_columns(&["n", "count", "exact", "status"]),
        false => report::with_error_columns(&[
            "n",
            "columns",
            "gave_up_after_steps",
            "reason",
            "drawing",
            "drawing_file",
            "status",
        ]),
    }
}

/// Reads the partial board, and the name of its input: bad input is [`Invalid`], naming
/// the file, line and column.
fn read_board(args: &CompleteArgs) -> anyhow::Result<(String, PartialBoard)> {
    let (name, text) =
        Input::open(args.file.as_deref())?.read_to_string(queens::MAX_BOARD_TEXT_BYTES)?;
    let board = text
        .parse()
        .map_err(|err: QueensError| Invalid::new(&name, &err))?;
    Ok((name, board))
}

/// One completion of `board` (verified), none, or the news that the
/// budget ran out.
fn complete(board: &PartialBoard, args: &CompleteArgs) -> anyhow::Result<SolutionAnswer> {
    let n = board.n();
    let question = Question::Completion;
    Ok(match board.find_completion(args.seed.seed, args.budget) {
        Completion::Found(columns) => {
            // invariant: the library verifies; checked again here, in O(n), before printing.
            anyhow::ensure!(
                board.is_completion(&columns),
                "internal error: the completion found for n = {n} failed verification"
            );
            SolutionAnswer::new(n, Some(columns), args.draw.text(), question)
                .with_blocked(board.blocked_squares().collect())
        }
        Completion::GaveUp { steps, exhaustive } => {
            SolutionAnswer::gave_up(n, steps, args.budget, exhaustive)
        }
        Completion::Impossible(Some(obstruction)) => {
            SolutionAnswer::new(n, None, args.draw.text(), question)
                .because(obstruction.to_string())
        }
        _ => SolutionAnswer::new(n, None, args.draw.text(), question),
    })
}

/// The completions of `board`, counted up to `--limit`, or until Ctrl-C, with the
/// completions counted so far on a spinner while it runs (on a terminal only).
fn count_completions(
    board: &PartialBoard,
    args: &CompleteArgs,
) -> anyhow::Result<CompletionCountAnswer> {
    let limit = args.limit.unwrap_or(DEFAULT_COMPLETION_LIMIT);
    let watch = interrupt::watch();
    let spinner = report::count_spinner(&format!("n = {}", board.n()), "completions");
    let counted = board.count_completions_watched(limit, interrupt::flag(), &mut |n| {
        spinner.set_position(n);
    })?;
    spinner.finish_and_clear();
    drop(watch);
    let (count, interrupted) = match counted {
        CompletionCount::Counted(count) => (count, false),
        CompletionCount::Stopped { found } => (BoundedCount::at_least(u128::from(found)), true),
    };
    Ok(CompletionCountAnswer {
        n: board.n(),
        count,
        limit,
        interrupted,
    })
}

/// The answer of `queens complete --count`: JSON `{"n": 8, "count": 14, "exact": true}`;
/// text `14 completions`, or `at least 1000 completions (stopped at --limit 1000)` when
/// the count stopped at the limit with more completions left, or `at least 52
/// completions (interrupted by Ctrl-C: a partial count)` with the status `interrupted`.
#[derive(Debug, Serialize)]
pub(super) struct CompletionCountAnswer {
    n: usize,
    #[serde(flatten)]
    count: BoundedCount,
    #[serde(skip)]
    limit: u64,
    #[serde(skip)]
    interrupted: bool,
}

impl Answer for CompletionCountAnswer {
    /// Answered when there is a completion, else no solution (exit 1); interrupted
    /// (exit 130) after Ctrl-C.
    fn outcome(&self) -> Outcome {
        if self.interrupted {
            Outcome::Interrupted
        } else {
            Outcome::found(self.count.count > 0)
        }
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let completions = count_of(self.count.count, "completion");
        if self.interrupted {
            writeln!(
                out,
                "at least {completions} (interrupted by Ctrl-C: a partial count)"
            )
        } else if self.count.exact {
            writeln!(out, "{completions}")
        } else {
            writeln!(
                out,
                "at least {completions} (stopped at --limit {})",
                self.limit
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::queens::solution::tests::emitted;
    use crate::report::Format;

    fn answer(count: BoundedCount, interrupted: bool) -> CompletionCountAnswer {
        CompletionCountAnswer {
            n: 8,
            count,
            limit: 10,
            interrupted,
        }
    }

    #[test]
    fn completion_counts_say_whether_they_are_exact() {
        // (count, interrupted, text, JSON)
        let cases = [
            (
                BoundedCount::exact(1),
                false,
                "1 completion\n",
                r#"{"n":8,"count":1,"exact":true,"status":"answered"}"#,
            ),
            (
                BoundedCount::at_least(10),
                false,
                "at least 10 completions (stopped at --limit 10)\n",
                r#"{"n":8,"count":10,"exact":false,"status":"answered"}"#,
            ),
            (
                BoundedCount::at_least(3),
                true,
                "at least 3 completions (interrupted by Ctrl-C: a partial count)\n",
                r#"{"n":8,"count":3,"exact":false,"status":"interrupted"}"#,
            ),
        ];
        for (count, interrupted, text, json) in cases {
            let answer = answer(count, interrupted);
            assert_eq!(emitted(Format::Text, &answer), text);
            assert_eq!(emitted(Format::Json, &answer), format!("{json}\n"));
        }
    }
}
