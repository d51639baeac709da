//! Parallel counting and order-preserving parallel enumeration (feature `parallel`).
//!
//! Both run on the current rayon thread pool: call them inside `ThreadPool::install` to
//! choose the number of threads.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use crate::QueensError;
use crate::count::{Counts, Plan, Tally};
use crate::search::{Cursor, Engine};

/// How many rows the parallel counter pre-places to make its tasks: enough for thousands
/// of tasks on boards worth splitting.
fn split_depth(n: usize) -> usize {
    match n {
        0..=9 => 0,
        10..=13 => 3,
        _ => 4,
    }
}

/// Counts like [`crate::count`], splitting the search into many prefixes (the first rows
/// placed) that rayon runs in parallel on the current thread pool. The answer is the same.
///
/// # Errors
///
/// As for [`crate::count`], plus [`QueensError::CountOverflow`] if the total ever exceeded
/// `u64` (n >= 29, far beyond any feasible run).
///
/// # Examples
///
/// ```
/// assert_eq!(queens::count_parallel(12)?, queens::count(12)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count_parallel(n: usize) -> Result<Counts, QueensError> {
    count_parallel_with_progress(n, |_, _| {})
}

/// [`count_parallel`] that calls `progress(finished, tasks)` after each task finishes
/// (from whichever thread ran it), e.g. to drive a progress bar.
///
/// # Errors
///
/// As for [`count_parallel`].
pub fn count_parallel_with_progress(
    n: usize,
    progress: impl Fn(u64, u64) + Sync,
) -> Result<Counts, QueensError> {
    let plan = Plan::new(n)?;
    let mut tasks = Vec::new();
    for root in plan.roots() {
        plan.split(&root, split_depth(plan.n()), &mut tasks);
    }
    let total_tasks = tasks.len() as u64;
    let finished = AtomicU64::new(0);
    let tally = tasks
        .par_iter()
        .map(|task| {
            let tally = plan.run(task);
            let done = finished.fetch_add(1, Ordering::Relaxed) + 1;
            progress(done, total_tasks);
            tally
        })
        .reduce(Tally::default, |mut a, b| {
            a.add(b);
            a
        });
    tally
        .checked_counts()
        .ok_or(QueensError::CountOverflow { n })
}

/// How many rows the parallel enumerator pre-places per task.
fn prefix_depth(n: usize) -> usize {
    (n / 3).clamp(0, 5)
}

/// One task of the parallel enumerator: a search below one prefix, with the solutions it
/// found but has not handed out yet (flattened, `n` columns each).
#[derive(Debug)]
struct Slot {
    cursor: Cursor,
    found: Vec<usize>,
    done: bool,
}

/// Every solution, in exactly the order of [`crate::Solutions`] (lexicographic by column
/// list), computed by the current rayon thread pool.
///
/// The search is cut into prefixes (the first rows placed, in lexicographic order). A window
/// of prefixes is searched in parallel, each task producing at most a bounded batch of
/// solutions per round, and batches are handed out strictly in prefix order, so memory
/// stays bounded and the order never depends on timing.
///
/// # Examples
///
/// ```
/// let parallel: Vec<_> = queens::ParallelSolutions::new(9)?.collect();
/// let serial: Vec<_> = queens::Solutions::new(9)?.collect();
/// assert_eq!(parallel, serial);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct ParallelSolutions {
    engine: Engine,
    prefixes: Cursor,
    prefixes_done: bool,
    window: VecDeque<Slot>,
    ready: VecDeque<usize>,
    batch: usize,
    width: usize,
    pool: Option<rayon::ThreadPool>,
}

impl ParallelSolutions {
    /// All solutions for an `n x n` board, in lexicographic order.
    ///
    /// # Errors
    ///
    /// As for [`crate::Solutions::new`].
    pub fn new(n: usize) -> Result<ParallelSolutions, QueensError> {
        let engine = Engine::new(n)?;
        let prefixes = engine.cursor(prefix_depth(n));
        Ok(ParallelSolutions {
            engine,
            prefixes,
            prefixes_done: false,
            window: VecDeque::new(),
            ready: VecDeque::new(),
            batch: 4096,
            width: 16 * rayon::current_num_threads().max(1),
            pool: None,
        })
    }

    /// Like [`ParallelSolutions::new`], but every round runs on `pool` instead of the
    /// current pool, so the iterator can be driven from any thread.
    ///
    /// # Errors
    ///
    /// As for [`crate::Solutions::new`].
    pub fn with_pool(n: usize, pool: rayon::ThreadPool) -> Result<ParallelSolutions, QueensError> {
        let mut solutions = ParallelSolutions::new(n)?;
        solutions.width = 16 * pool.current_num_threads().max(1);
        solutions.pool = Some(pool);
        Ok(solutions)
    }

    /// Fills the window, runs one parallel round and moves finished batches, in order,
    /// to `ready`. Returns `false` when everything has been handed out.
    fn round(&mut self) -> bool {
        while !self.prefixes_done && self.window.len() < self.width {
            if self.prefixes.advance(&self.engine) {
                let cursor = Cursor::new(&self.engine, self.prefixes.placement(), self.engine.n());
                self.window.push_back(Slot {
                    cursor,
                    found: Vec::new(),
                    done: false,
                });
            } else {
                self.prefixes_done = true;
            }
        }
        if self.window.is_empty() {
            return false;
        }
        let engine = &self.engine;
        let batch = self.batch;
        let n = engine.n();
        let window = &mut self.window;
        let mut work = move || {
            window.par_iter_mut().for_each(|slot| {
                let mut produced = slot.found.len() / n;
                while !slot.done && produced < batch {
                    if slot.cursor.advance(engine) {
                        slot.found.extend_from_slice(slot.cursor.placement());
                        produced += 1;
                    } else {
                        slot.done = true;
                    }
                }
            });
        };
        match &self.pool {
            Some(pool) => pool.install(work),
            None => work(),
        }
        while let Some(front) = self.window.front_mut() {
            self.ready.extend(front.found.drain(..));
            if front.done {
                self.window.pop_front();
            } else {
                break;
            }
        }
        true
    }
}

impl Iterator for ParallelSolutions {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        let n = self.engine.n();
        while self.ready.len() < n {
            if !self.round() {
                return None;
            }
        }
        Some(self.ready.drain(..n).collect())
    }
}
