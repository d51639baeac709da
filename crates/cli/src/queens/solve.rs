//! `gridsolve queens solve N`: one solution for any N in O(N), by the construction of
//! Hoffman, Loessi and Moore (1969), checked by an O(N) verifier before it is printed.

use anyhow::bail;
use clap::Args;
use queens::QueensError;

use super::solution::{Question, SolutionAnswer};
use crate::args::DrawArg;

/// The largest board `queens solve` builds: the answer alone is n numbers.
const MAX_SOLVE_N: usize = 100_000_000;

/// `queens solve N`.
#[derive(Debug, Args)]
pub(super) struct SolveArgs {
    /// The board size.
    #[arg(value_parser = crate::args::whole_number::<usize>(1, u64::MAX))]
    pub n: usize,
    #[command(flatten)]
    pub draw: DrawArg,
}

/// The constructed solution, verified, or none (n = 2, 3).
pub(super) fn answer(args: &SolveArgs) -> anyhow::Result<SolutionAnswer> {
    let n = args.n;
    if n == 0 {
        bail!(QueensError::Empty);
    }
    super::solution::check_text_drawing(n, &args.draw)?;
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
    Ok(
        SolutionAnswer::new(n, columns, args.draw.text(), Question::Solution)
            .with_picture(&args.draw, &format!("queens-{n}")),
    )
}
