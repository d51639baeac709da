//! Order-preserving parallel enumeration (feature `parallel`; the parallel count is
//! [`crate::CountOptions::parallel`]).
//!
//! It runs on the current rayon thread pool (call it inside `ThreadPool::install` to
//! choose the number of threads) or on a pool of its own
//! ([`ParallelSolutions::with_pool`]).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use crate::QueensError;
use crate::search::{Cursor, Engine};

/// How many rows the parallel enumerator pre-places per task.
fn prefix_depth(n: usize) -> usize {
    (n / 3).clamp(0, 5)
}

/// The largest number of solutions a task produces in one round. The first rounds ask
/// for fewer (1, 2, 4, ...), so the first solutions come as fast as from the serial
/// search even when some prefix of the window has a slow subtree.
const MAX_BATCH: usize = 4096;

/// How many search steps a task that searches ahead takes between looks at whether the
/// round is over (about a millisecond of work).
const STEPS_BETWEEN_CHECKS: u64 = 1 << 16;

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
/// stays bounded and the order never depends on timing. A round lasts as long as the
/// front task (the one whose solutions come next) needs for its batch: the tasks behind
/// it search ahead meanwhile and pause, keeping their place, when it is done, so a slow
/// prefix further on never holds up the solutions before it. The batch grows from 1 to
/// 4096 over the first rounds, so the first solutions come about as fast as serially.
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
            batch: 1,
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
        self.batch = (self.batch * 2).min(MAX_BATCH);
        let n = engine.n();
        let window = &mut self.window;
        let front_done = AtomicBool::new(false);
        let mut work = move || {
            window.par_iter_mut().enumerate().for_each(|(index, slot)| {
                if index == 0 {
                    slot.fill(engine, batch, n, None);
                    front_done.store(true, Ordering::Relaxed);
                } else {
                    slot.fill(engine, batch, n, Some(&front_done));
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

impl Slot {
    /// Searches until the slot holds `batch` solutions (of `n` columns) or its prefix is
    /// exhausted. With `stop`, it also gives up when `stop` is set, looking at it after
    /// every [`STEPS_BETWEEN_CHECKS`] search steps: a small prefix is searched to its
    /// batch in one go (stopping it would cost a round for very little work), a big one
    /// pauses soon after the front task is done.
    fn fill(&mut self, engine: &Engine, batch: usize, n: usize, stop: Option<&AtomicBool>) {
        let stopped = || stop.is_some_and(|stop| stop.load(Ordering::Relaxed));
        let mut produced = self.found.len() / n;
        let mut budget = STEPS_BETWEEN_CHECKS;
        while !self.done && produced < batch {
            let step = if stop.is_none() {
                Some(self.cursor.advance(engine))
            } else if budget == 0 {
                if stopped() {
                    return;
                }
                budget = STEPS_BETWEEN_CHECKS;
                continue;
            } else {
                self.cursor.advance_within(engine, &mut budget)
            };
            match step {
                Some(true) => {
                    self.found.extend_from_slice(self.cursor.placement());
                    produced += 1;
                }
                Some(false) => self.done = true,
                None => {}
            }
        }
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

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;

    /// A search that pauses every few steps yields exactly the placements of one that
    /// never pauses, in the same order.
    #[test]
    fn paused_searches_resume_where_they_stopped() {
        for n in 1..=9 {
            let engine = Engine::new(n).unwrap();
            for prefix_len in [0, 1, 2] {
                let mut prefixes = engine.cursor(prefix_len.min(n));
                while prefixes.advance(&engine) {
                    let prefix = prefixes.placement();
                    let mut plain = Cursor::new(&engine, prefix, n);
                    let mut expected = Vec::new();
                    while plain.advance(&engine) {
                        expected.push(plain.placement().to_vec());
                    }
                    for step in [1, 2, 5] {
                        let mut paused = Cursor::new(&engine, prefix, n);
                        let mut found = Vec::new();
                        // Every fourth call is a plain `advance`, as when a task that
                        // searched ahead becomes the front task.
                        for call in 0.. {
                            let mut budget = step;
                            let step = if call % 4 == 3 {
                                Some(paused.advance(&engine))
                            } else {
                                paused.advance_within(&engine, &mut budget)
                            };
                            match step {
                                Some(true) => found.push(paused.placement().to_vec()),
                                Some(false) => break,
                                None => assert_eq!(budget, 0),
                            }
                        }
                        assert_eq!(found, expected, "n = {n}, prefix {prefix:?}, step {step}");
                        assert!(!paused.advance(&engine), "an exhausted cursor stays so");
                    }
                }
            }
        }
    }

    #[test]
    fn the_first_solution_of_a_large_board_comes_without_waiting_for_the_window() {
        // n = 29: the serial search finds its first solution at once, while some of the
        // prefixes behind it take a long time to yield anything.
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let first = ParallelSolutions::with_pool(29, pool).unwrap().next();
        assert_eq!(first, crate::Solutions::new(29).unwrap().next());
    }
}
