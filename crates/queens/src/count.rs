//! The count: the constellations counter, the border queens placed first, up to symmetry.
//!
//! Every solution has exactly one queen in each of the four border lines (row 0, row
//! `n - 1`, column 0, column `n - 1`); a corner queen serves two of them, and there is
//! never more than one corner queen. These three or four queens are the solution's
//! *constellation*. The 8 symmetries of the square map the solutions with constellation
//! `C` one to one onto those with constellation `g(C)`, so
//!
//! - **total** = the sum, over one representative `C` per symmetry class of
//!   constellations, of (the size of `C`'s class) x (the completions of `C`);
//! - **fundamental** = (total + 2 S90 + S180) / 8 (Burnside's lemma: no reflection of
//!   the square fixes a solution for `n >= 2`, as two queens mirrored in an axis or a
//!   diagonal attack each other), where S180 and S90 are the numbers of solutions that a
//!   half turn and a quarter turn fix. Those are counted by placing whole orbits of queens
//!   (`tally::count_invariant`), a search over about half (a quarter) of the rows. Every
//!   solution fixed by a turn has a constellation that the turn fixes, so a class of 8
//!   holds none: its completions are its fundamental solutions, and the lemma is
//!   applied to the smaller classes alone (`tally::ShareTally`), the same number in parts
//!   that the shards of a split count can add up.
//!
//! The search is a bitboard backtrack from row 1 down (one word each for the attacked
//! columns and the two diagonal directions); each row's squares attacked by the
//! constellation are one precomputed mask. Representatives that differ only in the
//! bottom queen are completed together: the bottom row is searched last, restricted to
//! those bottom queens. A side queen's row is searched too, with that queen as its only
//! candidate, so every step is one row down. A child is entered only when its row, the
//! row below it and the bottom row still have a free square; the last three rows are
//! counted branch-free. A node is saved for backtracking only while it has candidates
//! left: its last child is entered in its place (as a tail call), so an exhausted branch
//! returns straight to the nearest ancestor with work left instead of through a chain of
//! empty nodes (measured: about 16% less time at n = 16). Each class is completed in the
//! orientation whose search is cheapest by a fixed rule (the left queen lowest, then the
//! top queen nearest the middle), as every member of a class has the same number of
//! completions. Only about an eighth of
//! all solutions is built (`n = 16`: 3206 representative constellations).
//!
//! Sources: the constellation idea of the Q27 project, T. B. Preußer and M. R. Engelhardt,
//! "Putting Queens in Carry Chains, No27", *Journal of Signal Processing Systems* 88,
//! 2017, pp. 185-201 (the FPGA computation of the 27-queens count, which pre-places the
//! border queens up to symmetry and completes the inner board), and Ingo Schäfer's
//! NQueensFaf counter, which uses the same pre-placement on CPUs and GPUs; W. Burnside,
//! *Theory of Groups of Finite Order* (1897), for the orbit count.
//!
//! The code is split by role: [`plan`] finds the representative constellations and turns
//! each into one search (and deals the searches of a split count to its shards),
//! [`search`] completes one constellation, [`tally`] adds up what the searches found and
//! finishes the counts. Boards with `n` below [`plan::MIN_N`] have no constellation and
//! are answered directly. The tests' independent reference is Takaki's corner / edge
//! counter in `crates/verify` (`verify::queens::count_classes`).

use std::sync::atomic::AtomicBool;

use crate::{QueensError, Shard};

mod plan;
mod search;
mod tally;

/// The largest `n` [`count`] accepts: each row of the search is one 32-bit word.
pub const MAX_COUNT_N: usize = 32;

/// Solution counts for one board size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counts {
    /// All solutions (OEIS A000170). `u128`: the totals pass `u64` from about n = 30,
    /// and sums of shards ([`CountOptions::shard`]) must not wrap.
    pub total: u128,
    /// Fundamental solutions: classes under rotation and reflection (OEIS A002562).
    pub fundamental: u128,
}

/// Checks that [`count`] can count the `n x n` board, without counting anything: `n` is
/// at least 1 and at most [`MAX_COUNT_N`].
///
/// # Errors
///
/// [`QueensError::Empty`] for `n = 0`; [`QueensError::TooLargeToCount`] for
/// `n > MAX_COUNT_N`.
///
/// # Examples
///
/// ```
/// use queens::{QueensError, check_count_size};
///
/// assert!(check_count_size(32).is_ok());
/// assert_eq!(check_count_size(0), Err(QueensError::Empty));
/// assert!(matches!(check_count_size(33), Err(QueensError::TooLargeToCount { n: 33, .. })));
/// ```
pub fn check_count_size(n: usize) -> Result<(), QueensError> {
    if n == 0 {
        return Err(QueensError::Empty);
    }
    if n > MAX_COUNT_N {
        return Err(QueensError::TooLargeToCount {
            n,
            max: MAX_COUNT_N,
        });
    }
    Ok(())
}

/// How [`count_with`] counts: the whole count or one shard of it, on the calling thread or
/// (feature `parallel`) on the current rayon pool, with or without a progress callback.
/// The default, [`CountOptions::new`], is what [`count`] does: the whole count, on the
/// calling thread, no callback. The options never change the answer, only how it is
/// reached (except [`CountOptions::shard`], which asks for a part of it).
///
/// # Examples
///
/// ```
/// use queens::{CountOptions, Shard, count, count_with};
///
/// // The three shards of a split count add up to the whole.
/// let mut total = 0;
/// for i in 1..=3 {
///     total += count_with(10, &CountOptions::new().shard(Shard::new(i, 3)?))?.total;
/// }
/// assert_eq!(total, count(10)?.total);
///
/// // A progress callback: called with (searches finished, searches) after each search.
/// let finished = std::sync::atomic::AtomicU64::new(0);
/// let progress = |done: u64, _of: u64| finished.store(done, std::sync::atomic::Ordering::Relaxed);
/// count_with(12, &CountOptions::new().progress(&progress))?;
/// assert!(finished.into_inner() > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Default)]
pub struct CountOptions<'a> {
    shard: Option<Shard>,
    #[cfg(feature = "parallel")]
    parallel: bool,
    progress: Option<&'a (dyn Fn(u64, u64) + Sync)>,
}

impl std::fmt::Debug for CountOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut out = f.debug_struct("CountOptions");
        out.field("shard", &self.shard);
        #[cfg(feature = "parallel")]
        out.field("parallel", &self.parallel);
        out.field("progress", &self.progress.map(|_| "callback"))
            .finish()
    }
}

impl<'a> CountOptions<'a> {
    /// The whole count, on the calling thread, without a progress callback.
    pub fn new() -> CountOptions<'a> {
        CountOptions::default()
    }

    /// Counts only `shard` of a split count (see [`Shard`]): summing the counts of shards
    /// `1..=K` of the same `K` gives the whole count exactly (both the total and the
    /// fundamental count). Boards with `n < 4` are counted whole by the first shard.
    pub fn shard(self, shard: Shard) -> CountOptions<'a> {
        CountOptions {
            shard: Some(shard),
            ..self
        }
    }

    /// Runs the searches (hundreds, biggest first) as rayon tasks on the current thread
    /// pool (call [`count_with`] inside `ThreadPool::install` to choose the number of
    /// threads), letting work stealing balance their uneven sizes. Same answer.
    #[cfg(feature = "parallel")]
    pub fn parallel(self) -> CountOptions<'a> {
        CountOptions {
            parallel: true,
            ..self
        }
    }

    /// Calls `progress(finished, searches)` after each search finishes (from whichever
    /// thread ran it), e.g. to drive a progress bar.
    pub fn progress(self, progress: &'a (dyn Fn(u64, u64) + Sync)) -> CountOptions<'a> {
        CountOptions {
            progress: Some(progress),
            ..self
        }
    }
}

/// Counts all solutions and fundamental solutions of the `n`-queens puzzle, on the
/// calling thread: [`count_with`] and the default [`CountOptions`].
///
/// # Errors
///
/// [`QueensError::Empty`] for `n = 0`; [`QueensError::TooLargeToCount`] for
/// `n > MAX_COUNT_N` (see [`check_count_size`]).
///
/// # Examples
///
/// ```
/// let c = queens::count(10)?;
/// assert_eq!((c.total, c.fundamental), (724, 92));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count(n: usize) -> Result<Counts, QueensError> {
    count_with(n, &CountOptions::new())
}

/// Counts the solutions and fundamental solutions of the `n`-queens puzzle as `options`
/// say: the whole count or one shard, serially or on the current rayon pool, with or
/// without progress reports. The answer does not depend on the options but the shard.
///
/// # Errors
///
/// As for [`count`].
///
/// # Examples
///
/// ```
/// use queens::{CountOptions, count_with};
///
/// let c = count_with(8, &CountOptions::new())?;
/// assert_eq!((c.total, c.fundamental), (92, 12));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count_with(n: usize, options: &CountOptions<'_>) -> Result<Counts, QueensError> {
    match count_until(n, options, &AtomicBool::new(false))? {
        Counted::Done(counts) => Ok(counts),
        // Never: nothing sets the flag. The partial counts are still lower bounds.
        Counted::Stopped { found, .. } => Ok(found),
    }
}

/// What [`count_until`] came to: the counts, or what the searches run before it was
/// stopped found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Counted {
    /// Every search ran: the exact counts (as [`count_with`] gives them).
    Done(Counts),
    /// The count was stopped before every search had run.
    Stopped {
        /// Lower bounds of the counts: every solution the searches run so far completed
        /// (`total`), and the fundamental solutions among them that need no symmetry
        /// correction (those of constellation classes of 8; the others are known only
        /// when every search has run).
        found: Counts,
        /// The searches run to their end.
        searches_done: u64,
        /// The searches of the whole count (or of the shard).
        searches: u64,
    },
}

/// [`count_with`] that stops early once `stop` is set: the cancellation hook of a
/// caller that may be interrupted (Ctrl-C in the `gridsolve` binary; the library knows
/// nothing of signals). The flag is checked before each search (the unit of work the
/// progress callback counts) and, within a search, each time it backtracks to one of its
/// first rows, so a stop takes milliseconds even where one search runs for seconds (from
/// n = 18 up); a search stopped under way adds nothing to the counts, and searches not
/// yet started are skipped.
///
/// # Errors
///
/// As for [`count`].
///
/// # Examples
///
/// ```
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use queens::{CountOptions, Counted, count_until};
///
/// let stop = AtomicBool::new(false);
/// assert!(matches!(
///     count_until(8, &CountOptions::new(), &stop)?,
///     Counted::Done(c) if c.total == 92
/// ));
/// // Stopped after the first search of 12: some solutions found, not all.
/// let progress = |_: u64, _: u64| stop.store(true, Ordering::Relaxed);
/// let Counted::Stopped { found, searches_done, searches } =
///     count_until(12, &CountOptions::new().progress(&progress), &stop)?
/// else {
///     panic!("the flag was set after the first search");
/// };
/// assert_eq!(searches_done, 1);
/// assert!(searches > 1 && found.total < 14_200);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count_until(
    n: usize,
    options: &CountOptions<'_>,
    stop: &AtomicBool,
) -> Result<Counted, QueensError> {
    check_count_size(n)?;
    let progress = options.progress.unwrap_or(&|_, _| {});
    if n < plan::MIN_N {
        // No constellation: n = 1 has one solution, n = 2 and 3 none. The first shard
        // holds the whole count.
        progress(1, 1);
        let whole = u128::from(n == 1);
        if options.shard.is_some_and(|shard| shard.index() != 1) {
            return Ok(Counted::Done(Counts::default()));
        }
        return Ok(Counted::Done(Counts {
            total: whole,
            fundamental: whole,
        }));
    }
    let (tasks, symmetric) = match options.shard {
        None => (plan::constellations(n), true),
        Some(shard) => {
            let share = plan::shard_share(n, shard.index() - 1, shard.of());
            (share.tasks, share.symmetric)
        }
    };
    let searches = tasks.len() as u64;
    #[cfg(feature = "parallel")]
    let (tally, searches_done) = if options.parallel {
        tally::run_parallel(tasks, progress, stop)
    } else {
        tally::run(&tasks, progress, stop)
    };
    #[cfg(not(feature = "parallel"))]
    let (tally, searches_done) = tally::run(&tasks, progress, stop);
    if searches_done < searches {
        return Ok(Counted::Stopped {
            found: tally.found_so_far(),
            searches_done,
            searches,
        });
    }
    Ok(Counted::Done(tally.counts(n, symmetric)))
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;

    #[test]
    fn refuses_sizes_it_cannot_count() {
        assert_eq!(count(0), Err(QueensError::Empty));
        assert_eq!(
            count(33),
            Err(QueensError::TooLargeToCount { n: 33, max: 32 })
        );
    }

    #[test]
    fn small_boards_are_counted_whole_by_the_first_shard() {
        for n in 1..4 {
            let whole = count(n).unwrap();
            assert_eq!(whole.total, u128::from(n == 1));
            let first = CountOptions::new().shard(Shard::new(1, 2).unwrap());
            let second = CountOptions::new().shard(Shard::new(2, 2).unwrap());
            assert_eq!(count_with(n, &first).unwrap(), whole);
            assert_eq!(count_with(n, &second).unwrap(), Counts::default());
        }
    }
}
