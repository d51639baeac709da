//! `gridsolve queens`: one solution, every solution, counts, and completion of partial
//! boards for the N-Queens puzzle.
//!
//! The module follows the CLI template: [`args`] holds one clap struct per verb,
//! [`answer`] calls the `queens` crate and returns typed answers, [`render`] writes them
//! as text or JSON through [`report::write_answer`], and [`notes`] words the warnings
//! about long searches.

mod answer;
mod args;
mod notes;
mod render;
mod shard;

use std::io::Write;

use crate::report::{self, Format, Outcome};

pub use args::QueensArgs;
use args::{AllArgs, CompleteArgs, CountArgs, QueensCommand};
use render::{ColumnsAnswer, Question, SolutionAnswer};

/// Counts with n at least this large show a progress bar (when stderr is a terminal).
const PROGRESS_FROM_N: usize = 16;

/// Runs one `gridsolve queens` command.
pub fn run(args: QueensArgs, format: Format, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    match args.command {
        QueensCommand::Solve(args) => {
            let answer = answer::solve(&args)?;
            report::write_answer(out, format, &answer)?;
            Ok(answer.outcome())
        }
        QueensCommand::All(args) => all(&args, format, out),
        QueensCommand::Count(args) => count(&args, format, out),
        QueensCommand::Complete(args) => complete(&args, format, out),
        QueensCommand::Merge(args) => {
            let answer = shard::merge(&args.files)?;
            report::write_answer(out, format, &answer)?;
            Ok(answer.outcome())
        }
    }
}

/// Prints a note on standard error; the work goes on.
fn note(text: &str) {
    report::message(text);
}

/// `queens all`: writes each solution as it is found, up to `--limit`, or says there is
/// none in the words and shape of `queens solve`.
fn all(args: &AllArgs, format: Format, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    // Refuses sizes the search cannot take before saying anything about its time.
    let mut solutions = answer::all(args)?;
    if let Some(text) = notes::search_note(args.n) {
        note(&text);
    }
    let limit = args.limit.unwrap_or(u64::MAX);
    let mut written = 0;
    while written < limit
        && let Some(columns) = solutions.next_solution()
    {
        let answer = ColumnsAnswer::new(columns, args.draw.draw, written);
        report::write_answer(out, format, &answer)?;
        written += 1;
    }
    if written == 0 {
        let none = SolutionAnswer::new(args.n, None, args.draw.draw, Question::Solution);
        report::write_answer(out, format, &none)?;
        return Ok(none.outcome());
    }
    Ok(Outcome::Answered)
}

/// `queens count`, with a note on long counts and a progress bar on a terminal.
fn count(args: &CountArgs, format: Format, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    if let Some(mut text) = notes::count_note(args.n, args.jobs.threads()) {
        if let Some(shard) = args.shard {
            text.push_str(&format!(
                "; shard {}/{} is about 1/{} of that",
                shard.index(),
                shard.of(),
                shard.of()
            ));
        }
        note(&text);
    }
    let bar = (args.n >= PROGRESS_FROM_N).then(|| report::progress_bar(0, "tasks"));
    let answer = answer::count(args, |done, total| {
        if let Some(bar) = &bar {
            bar.set_length(total);
            bar.set_position(done);
        }
    })?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    report::write_answer(out, format, &answer)?;
    Ok(answer.outcome())
}

/// `queens complete`: one completion (see the help for which), or the count with `--count`.
fn complete(args: &CompleteArgs, format: Format, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let board = answer::read_board(args)?;
    if args.count && board.n() > queens::MAX_ENUMERATE_N {
        let name = match args.file.as_deref() {
            Some(path) if path.as_os_str() != "-" => path.display().to_string(),
            _ => "<stdin>".to_owned(),
        };
        anyhow::bail!(
            "{name}: cannot count the completions of a board of {} rows: counting enumerates \
             them by backtracking, which handles boards up to {} rows; without --count, \
             `queens complete` finds one completion of a board of any size",
            board.n(),
            queens::MAX_ENUMERATE_N
        );
    }
    if let Some(text) = notes::completion_note(board.rows_to_fill(), args.count) {
        note(&text);
    }
    if args.count {
        let answer = answer::count_completions(&board, args)?;
        report::write_answer(out, format, &answer)?;
        Ok(answer.outcome())
    } else {
        let answer = answer::complete(&board, args)?;
        report::write_answer(out, format, &answer)?;
        Ok(answer.outcome())
    }
}

/// The 8-queens classic: the first solution as a board, and the counts.
pub fn demo(out: &mut dyn Write, format: Format) -> anyhow::Result<()> {
    let (first, counts) = answer::demo()?;
    if format == Format::Text {
        writeln!(
            out,
            "Eight queens, the first solution in lexicographic order:"
        )?;
    }
    report::write_answer(out, format, &first)?;
    report::write_answer(out, format, &counts)?;
    Ok(())
}
