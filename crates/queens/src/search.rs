//! Streaming enumeration in lexicographic order: bitboard backtracking with an explicit
//! stack, trying columns from left to right, so solutions come out sorted by column list.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::QueensError;
use crate::symmetry::is_canonical;

/// The largest `n` that [`Solutions`] and [`crate::PartialBoard`] search: one 64-bit word
/// per row.
pub const MAX_ENUMERATE_N: usize = 64;

/// The rules of one search: the board size and, per row, the columns that may be used
/// (all of them for the plain puzzle; fewer for a partial board).
#[derive(Clone, Debug)]
pub(crate) struct Engine {
    n: usize,
    allowed: [u64; MAX_ENUMERATE_N],
}

impl Engine {
    pub(crate) fn new(n: usize) -> Result<Engine, QueensError> {
        check_size(n)?;
        Ok(Engine::with_rows(n, vec![full_mask(n); n]))
    }

    /// `allowed[row]` are the columns row `row` may use; `n <= 64` is the caller's duty.
    pub(crate) fn with_rows(n: usize, allowed: Vec<u64>) -> Engine {
        let mut rows = [0; MAX_ENUMERATE_N];
        for (row, mask) in rows.iter_mut().zip(allowed) {
            *row = mask;
        }
        Engine { n, allowed: rows }
    }

    pub(crate) fn n(&self) -> usize {
        self.n
    }

    /// A cursor over every placement of rows `0..depth` (all rows for `depth == n`).
    pub(crate) fn cursor(&self, depth: usize) -> Cursor {
        Cursor::new(self, &[], depth)
    }
}

pub(crate) fn check_size(n: usize) -> Result<(), QueensError> {
    if n == 0 {
        return Err(QueensError::Empty);
    }
    if n > MAX_ENUMERATE_N {
        return Err(QueensError::TooLargeToSearch {
            n,
            max: MAX_ENUMERATE_N,
        });
    }
    Ok(())
}

pub(crate) fn full_mask(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

/// The explicit search stack: yields, in lexicographic order, every non-attacking
/// placement of rows `start..stop` that extends a fixed placement of rows `0..start`.
#[derive(Clone, Debug)]
pub(crate) struct Cursor {
    start: usize,
    stop: usize,
    row: usize,
    fresh: bool,
    exhausted: bool,
    /// Per row: [columns still to try, left diagonals, columns, right diagonals].
    frames: Box<[[u64; 4]; MAX_ENUMERATE_N]>,
    columns: [usize; MAX_ENUMERATE_N],
}

impl Cursor {
    /// A cursor below the placement `prefix` (which the caller has checked), yielding
    /// placements of rows `0..stop`.
    pub(crate) fn new(engine: &Engine, prefix: &[usize], stop: usize) -> Cursor {
        let start = prefix.len();
        let mut cursor = Cursor {
            start,
            stop,
            row: start,
            fresh: true,
            exhausted: false,
            frames: Box::new([[0; 4]; MAX_ENUMERATE_N]),
            columns: [0; MAX_ENUMERATE_N],
        };
        let (mut l, mut d, mut r) = (0u64, 0u64, 0u64);
        for (row, &col) in prefix.iter().enumerate() {
            let bit = 1u64 << col;
            cursor.columns[row] = col;
            l = (l | bit) << 1;
            d |= bit;
            r = (r | bit) >> 1;
        }
        if start < stop {
            let free = engine.allowed[start] & !(l | d | r);
            cursor.frames[start] = [free, l, d, r];
        }
        cursor
    }

    /// Advances to the next placement; `false` when there is none.
    pub(crate) fn advance(&mut self, engine: &Engine) -> bool {
        // invariant: an unbudgeted search never runs out of budget.
        self.search::<false>(engine, &mut 0)
            .expect("an unbudgeted search always ends at a placement or at the end")
    }

    /// [`Cursor::advance`] that spends at most `budget` search steps (and deducts the
    /// ones it spent): `Some(true)` at the next placement, `Some(false)` when there is
    /// none, `None` when the budget ran out first (the cursor keeps its place; call again
    /// to go on). The parallel enumerator uses it to stop searching ahead once the
    /// solutions it must hand out next are ready.
    pub(crate) fn advance_within(&mut self, engine: &Engine, budget: &mut u64) -> Option<bool> {
        self.search::<true>(engine, budget)
    }

    /// The search loop of [`Cursor::advance`] and [`Cursor::advance_within`]. With
    /// `BUDGETED` false the budget is never read, and the compiler drops its check, so
    /// the serial search pays nothing for the budgeted one.
    fn search<const BUDGETED: bool>(&mut self, engine: &Engine, budget: &mut u64) -> Option<bool> {
        if self.exhausted {
            return Some(false);
        }
        if self.start >= self.stop {
            // Nothing to place: the prefix itself is the one placement.
            self.exhausted = !self.fresh;
            self.fresh = false;
            return Some(!self.exhausted);
        }
        self.fresh = false;
        let (start, stop) = (self.start, self.stop);
        let mut y = self.row;
        let [mut avail, mut l, mut d, mut r] = self.frames[y];
        loop {
            if BUDGETED {
                if *budget == 0 {
                    self.frames[y] = [avail, l, d, r];
                    self.row = y;
                    return None;
                }
                *budget -= 1;
            }
            if avail == 0 {
                if y == start {
                    self.exhausted = true;
                    return Some(false);
                }
                y -= 1;
                [avail, l, d, r] = self.frames[y];
                continue;
            }
            let bit = avail & avail.wrapping_neg();
            avail ^= bit;
            self.columns[y] = bit.trailing_zeros() as usize;
            self.frames[y] = [avail, l, d, r];
            if y + 1 == stop {
                self.row = y;
                return Some(true);
            }
            y += 1;
            l = (l | bit) << 1;
            d |= bit;
            r = (r | bit) >> 1;
            avail = engine.allowed[y] & !(l | d | r);
        }
    }

    /// The current placement of rows `0..stop`.
    pub(crate) fn placement(&self) -> &[usize] {
        &self.columns[..self.stop]
    }
}

/// Every solution of the `n`-queens puzzle, streamed in lexicographic order of the column
/// list (`columns[row]`, 0-based), with memory for one search stack only.
///
/// Use [`Solutions::next_solution`] to borrow each solution without allocating, or the
/// [`Iterator`] implementation to get owned `Vec<usize>`s.
///
/// # Examples
///
/// ```
/// let all: Vec<Vec<usize>> = queens::Solutions::new(4)?.collect();
/// assert_eq!(all, vec![vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
///
/// let mut solutions = queens::Solutions::new(8)?;
/// let mut seen = 0;
/// while let Some(columns) = solutions.next_solution() {
///     assert!(queens::is_solution(columns));
///     seen += 1;
/// }
/// assert_eq!(seen, 92);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solutions {
    engine: Engine,
    cursor: Cursor,
}

impl Solutions {
    /// All solutions for an `n x n` board.
    ///
    /// # Errors
    ///
    /// [`QueensError::Empty`] for `n = 0`, [`QueensError::TooLargeToSearch`] for
    /// `n > MAX_ENUMERATE_N`.
    pub fn new(n: usize) -> Result<Solutions, QueensError> {
        let engine = Engine::new(n)?;
        Ok(Solutions::from_engine(engine))
    }

    pub(crate) fn from_engine(engine: Engine) -> Solutions {
        let cursor = engine.cursor(engine.n());
        Solutions { engine, cursor }
    }

    /// The next solution, borrowed from the search stack.
    pub fn next_solution(&mut self) -> Option<&[usize]> {
        if self.cursor.advance(&self.engine) {
            Some(self.cursor.placement())
        } else {
            None
        }
    }

    /// Advances to the next solution as [`Solutions::next_solution`] does, looking at
    /// `stop` each time `budget` search steps have run out (then it holds
    /// [`STOP_POLL_STEPS`] again): `Some(true)` at the next solution, `Some(false)` after
    /// the last, `None` once `stop` is set (the search keeps its place). The caller keeps
    /// `budget` from one solution to the next, so the flag is looked at every
    /// [`STOP_POLL_STEPS`] steps however often solutions come.
    pub(crate) fn advance_until(&mut self, stop: &AtomicBool, budget: &mut u64) -> Option<bool> {
        loop {
            if let Some(found) = self.cursor.advance_within(&self.engine, budget) {
                return Some(found);
            }
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            *budget = STOP_POLL_STEPS;
        }
    }
}

/// How many search steps [`Solutions::advance_until`] takes between two looks at its
/// stop flag: about a millisecond of search.
pub(crate) const STOP_POLL_STEPS: u64 = 1 << 20;

impl Iterator for Solutions {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        self.next_solution().map(<[usize]>::to_vec)
    }
}

/// One solution per symmetry class (the fundamental solutions, OEIS A002562), each the
/// lexicographically smallest member of its class ([`crate::canonical`]), streamed in
/// lexicographic order.
///
/// It filters [`Solutions`], so it costs as much as enumerating every solution.
///
/// # Examples
///
/// ```
/// let fundamental = queens::FundamentalSolutions::new(8)?;
/// assert_eq!(fundamental.count(), 12);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct FundamentalSolutions {
    inner: Solutions,
}

impl FundamentalSolutions {
    /// The fundamental solutions for an `n x n` board.
    ///
    /// # Errors
    ///
    /// As for [`Solutions::new`].
    pub fn new(n: usize) -> Result<FundamentalSolutions, QueensError> {
        Ok(FundamentalSolutions {
            inner: Solutions::new(n)?,
        })
    }

    /// The next fundamental solution, borrowed from the search stack.
    pub fn next_solution(&mut self) -> Option<&[usize]> {
        loop {
            let found = self.inner.cursor.advance(&self.inner.engine);
            if !found {
                return None;
            }
            if is_canonical(self.inner.cursor.placement()) {
                return Some(self.inner.cursor.placement());
            }
        }
    }
}

impl Iterator for FundamentalSolutions {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        self.next_solution().map(<[usize]>::to_vec)
    }
}
