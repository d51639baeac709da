//! The `answer` step of each `gridsolve queens` verb: call the library, return a typed
//! answer (see [`super::render`]). Nothing here prints.

use anyhow::{Context, bail};
use queens::{
    Completion, FundamentalSolutions, ParallelSolutions, PartialBoard, QueensError, Solutions,
};

use super::args::{AllArgs, CompleteArgs, CountArgs, SolveArgs};
use super::render::{CompletionCountAnswer, CountAnswer, Question, SolutionAnswer};
use crate::input::Input;
use crate::report;

/// The largest board `queens solve` builds: the answer alone is n numbers.
const MAX_SOLVE_N: usize = 100_000_000;

/// The default `--limit` of `queens complete --count`.
const DEFAULT_COMPLETION_LIMIT: u64 = 1_000_000;

/// `queens solve`: the constructed solution, verified, or none (n = 2, 3).
pub(super) fn solve(args: &SolveArgs) -> anyhow::Result<SolutionAnswer> {
    let n = args.n;
    if n == 0 {
        bail!(QueensError::Empty);
    }
    if n > MAX_SOLVE_N {
        bail!(
            "n = {n} is too large: `queens solve` builds boards up to n = {MAX_SOLVE_N} \
             (the answer alone would take {} MB of memory)",
            n / 125_000
        );
    }
    let columns = queens::construct(n);
    if let Some(columns) = &columns {
        // invariant: the construction is proven and tested; a failure here is a bug.
        anyhow::ensure!(
            queens::is_solution(columns),
            "internal error: the construction for n = {n} failed verification"
        );
    }
    Ok(SolutionAnswer::new(
        n,
        columns,
        args.draw.draw,
        Question::Solution,
    ))
}

/// The solutions of `queens all`, streamed in lexicographic order of the column list:
/// serially on the calling thread (`--jobs 1`), or by a rayon pool that hands them out
/// in exactly the same order.
#[derive(Debug)]
pub(super) enum SolutionStream {
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

/// `queens all`: the stream of solutions. Sizes the search cannot take are refused here,
/// before any work starts.
pub(super) fn all(args: &AllArgs) -> anyhow::Result<SolutionStream> {
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

/// `queens count`: the counts, on `--jobs` threads; `progress(finished, tasks)` is
/// called as the parallel tasks finish.
pub(super) fn count(
    args: &CountArgs,
    progress: impl Fn(u64, u64) + Sync,
) -> anyhow::Result<CountAnswer> {
    let n = args.n;
    // Refuse impossible sizes before starting threads.
    queens::check_count_size(n)?;
    let pool = args.jobs.pool()?;
    let mut options = queens::CountOptions::new().parallel().progress(&progress);
    if let Some(shard) = args.shard {
        options = options.shard(shard);
        let counts = pool.install(|| queens::count_with(n, &options))?;
        return Ok(CountAnswer::shard(n, shard, counts));
    }
    let counts = pool.install(|| queens::count_with(n, &options))?;
    Ok(CountAnswer::new(n, counts))
}

/// Reads the partial board of `queens complete`: the error names the file, line and
/// column.
pub(super) fn read_board(args: &CompleteArgs) -> anyhow::Result<PartialBoard> {
    let (name, text) = Input::open(args.file.as_deref())?.read_to_string()?;
    text.parse()
        .map_err(|err: QueensError| anyhow::anyhow!(report::input_error(&name, &err)))
}

/// `queens complete`: one completion of `board` (verified), none, or the news that the
/// budget ran out.
pub(super) fn complete(
    board: &PartialBoard,
    args: &CompleteArgs,
) -> anyhow::Result<SolutionAnswer> {
    let n = board.n();
    let question = Question::Completion;
    Ok(match board.find_completion(args.seed.seed, args.budget) {
        Completion::Found(columns) => {
            // invariant: the library verifies; checked again here, in O(n), before printing.
            anyhow::ensure!(
                board.is_completion(&columns),
                "internal error: the completion found for n = {n} failed verification"
            );
            SolutionAnswer::new(n, Some(columns), args.draw.draw, question)
        }
        Completion::GaveUp { steps } => SolutionAnswer::gave_up(n, steps),
        _ => SolutionAnswer::new(n, None, args.draw.draw, question),
    })
}

/// `queens complete --count`: the completions of `board`, counted up to `--limit`.
pub(super) fn count_completions(
    board: &PartialBoard,
    args: &CompleteArgs,
) -> anyhow::Result<CompletionCountAnswer> {
    let limit = args.limit.unwrap_or(DEFAULT_COMPLETION_LIMIT);
    Ok(CompletionCountAnswer::new(
        board.count_completions_up_to(limit)?,
        limit,
    ))
}

/// The 8-queens classic: the first solution and the counts.
pub(super) fn demo() -> anyhow::Result<(SolutionAnswer, CountAnswer)> {
    let first = Solutions::new(8)?
        .next()
        .context("the eight queens puzzle has solutions")?;
    let solution = SolutionAnswer::new(8, Some(first), true, Question::Solution);
    Ok((solution, CountAnswer::new(8, queens::count(8)?)))
}
