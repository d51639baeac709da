//! What the searches add up to: the tally of classes of 8 and of the smaller classes,
//! run one after the other or on the current rayon pool, finished into [`Counts`] by
//! Burnside's lemma over the solutions a half or quarter turn fixes.
//!
//! See [`super`] for the method and its sources.

use std::sync::atomic::{AtomicBool, Ordering};

use super::Counts;
use super::plan::{Constellation, Queen, transform};

/// What searches add to a count, the whole count's or one shard's: (total, fundamental)
/// for classes of 8, and the total of the smaller classes (whose fundamental count waits
/// for Burnside's lemma, [`ShareTally::counts`]).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct ShareTally {
    /// Solutions of classes of 8.
    total: u128,
    /// Fundamental solutions of classes of 8.
    fundamental: u128,
    /// Solutions of classes of 1, 2 or 4.
    symmetric_total: u128,
}

impl ShareTally {
    /// Runs one search; `None` if `stop` was set before it ended.
    fn of(task: &Constellation, stop: &AtomicBool) -> Option<ShareTally> {
        let completions = u128::from(task.completions(stop)?);
        Some(if task.class_size == 8 {
            ShareTally {
                total: 8 * completions,
                fundamental: completions,
                symmetric_total: 0,
            }
        } else {
            ShareTally {
                symmetric_total: u128::from(task.class_size) * completions,
                ..ShareTally::default()
            }
        })
    }

    /// What the searches run so far found, as lower bounds of the counts: every
    /// solution they completed, and the fundamental solutions of their classes of 8
    /// (those of the smaller classes wait for Burnside's lemma, which needs every search).
    pub(super) fn found_so_far(self) -> Counts {
        Counts {
            total: self.total + self.symmetric_total,
            fundamental: self.fundamental,
        }
    }

    /// Both tallies together.
    fn add(self, other: ShareTally) -> ShareTally {
        ShareTally {
            total: self.total + other.total,
            fundamental: self.fundamental + other.fundamental,
            symmetric_total: self.symmetric_total + other.symmetric_total,
        }
    }

    /// The counts; with `symmetric` (the whole count, or the shard that holds the
    /// classes of 1, 2 and 4), those classes are finished by Burnside's lemma: (their
    /// total + 2 S90 + S180) / 8 fundamental solutions (no reflection of the square fixes
    /// a solution for `n >= 2`; S90 and S180 from [`count_invariant`]).
    pub(super) fn counts(self, n: usize, symmetric: bool) -> Counts {
        let mut counts = Counts {
            total: self.total,
            fundamental: self.fundamental,
        };
        if symmetric {
            let s180 = count_invariant(n, false);
            let s90 = count_invariant(n, true);
            counts.total += self.symmetric_total;
            counts.fundamental += (self.symmetric_total + 2 * s90 + s180) / 8;
        }
        counts
    }
}

/// The tally of `tasks`, run one after the other, calling `progress(finished, tasks)`
/// after each, until `stop` is set (checked before each search and, within one, as it
/// backtracks to its first rows: a stopped search adds nothing); with the number of
/// searches run to their end.
pub(super) fn run(
    tasks: &[Constellation],
    progress: &dyn Fn(u64, u64),
    stop: &AtomicBool,
) -> (ShareTally, u64) {
    let total_tasks = tasks.len() as u64;
    let mut tally = ShareTally::default();
    let mut ran = 0;
    for (done, task) in (1..).zip(tasks) {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let Some(share) = ShareTally::of(task, stop) else {
            break;
        };
        tally = tally.add(share);
        ran = done;
        progress(done, total_tasks);
    }
    (tally, ran)
}

/// The tally of `tasks` as rayon tasks on the current pool, the biggest first so that
/// the threads finish together (their sizes: the free squares of the first rows),
/// calling `progress(finished, tasks)` after each (from whichever thread ran it); a
/// search not yet started when `stop` is set is skipped, one under way ends as it
/// backtracks to its first rows and adds nothing. Returns the number of searches run to
/// their end with the tally.
#[cfg(feature = "parallel")]
pub(super) fn run_parallel(
    mut tasks: Vec<Constellation>,
    progress: &(dyn Fn(u64, u64) + Sync),
    stop: &AtomicBool,
) -> (ShareTally, u64) {
    use rayon::prelude::*;
    use std::sync::atomic::AtomicU64;

    tasks.sort_by_key(|task| std::cmp::Reverse(task.size_estimate()));
    let total_tasks = tasks.len() as u64;
    let finished = AtomicU64::new(0);
    let tally = tasks
        .par_iter()
        .map(|task| {
            if stop.load(Ordering::Relaxed) {
                return ShareTally::default();
            }
            let Some(tally) = ShareTally::of(task, stop) else {
                return ShareTally::default();
            };
            let done = finished.fetch_add(1, Ordering::Relaxed) + 1;
            progress(done, total_tasks);
            tally
        })
        .reduce(ShareTally::default, ShareTally::add);
    (tally, finished.into_inner())
}

/// The number of solutions a quarter turn (`quarter`) or a half turn fixes: whole orbits of
/// the turn are placed at once, row by row from the top.
fn count_invariant(n: usize, quarter: bool) -> u128 {
    let mut board = Orbits {
        n,
        quarter,
        rows: 0,
        cols: 0,
        diag: 0,
        anti: 0,
    };
    board.count(0)
}

/// The occupied rows, columns and diagonals of a partly built symmetric board.
struct Orbits {
    n: usize,
    quarter: bool,
    rows: u64,
    cols: u64,
    diag: u64,
    anti: u64,
}

impl Orbits {
    fn count(&mut self, from: usize) -> u128 {
        let n = self.n;
        let Some(row) = (from..n).find(|&r| self.rows & (1 << r) == 0) else {
            return 1;
        };
        let mut found = 0;
        for col in 0..n {
            let saved = (self.rows, self.cols, self.diag, self.anti);
            let orbit: [usize; 4] = if self.quarter {
                [0, 1, 2, 3]
            } else {
                [0, 2, 0, 2]
            };
            let mut ok = true;
            let mut placed: [Queen; 4] = [(n, n); 4];
            for (i, &g) in orbit.iter().enumerate() {
                let q = transform(g, (row, col), n);
                if placed[..i].contains(&q) {
                    continue;
                }
                placed[i] = q;
                if !self.place(q) {
                    ok = false;
                    break;
                }
            }
            if ok {
                found += self.count(row + 1);
            }
            (self.rows, self.cols, self.diag, self.anti) = saved;
        }
        found
    }

    fn place(&mut self, (r, c): Queen) -> bool {
        let d = 1u64 << (r + self.n - 1 - c);
        let a = 1u64 << (r + c);
        if self.rows & (1 << r) != 0
            || self.cols & (1 << c) != 0
            || self.diag & d != 0
            || self.anti & a != 0
        {
            return false;
        }
        self.rows |= 1 << r;
        self.cols |= 1 << c;
        self.diag |= d;
        self.anti |= a;
        true
    }
}
