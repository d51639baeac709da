//! Completing a partial board: some queens already placed, some squares blocked.
//!
//! Gent, Jefferson and Nightingale (2017) proved n-Queens Completion NP-complete, so the
//! exact questions (the lexicographically first completion, counting) are a backtracking
//! search (the same lexicographic bitboard search as [`crate::Solutions`], with each row
//! limited to the squares the pre-placed queens leave free) and counting takes a limit.
//! One completion of a board of any size ([`PartialBoard::find_completion`]) is the
//! Hoffman-Loessi-Moore construction with the pre-placed queens swapped in when that
//! already completes the board, and otherwise comes from the backtracking search raced
//! with the local search of [`crate::repair`]; it is some completion, not necessarily the
//! lexicographically first. Before any search, [`PartialBoard::obstruction`] looks for a
//! cheap proof that no completion exists (a row or column no queen may use, a set of rows
//! with too few columns: [`Obstruction`]).

mod obstruction;
mod parse;

pub use obstruction::{MAX_MATCHING_N, Obstruction};

use std::collections::BTreeSet;
use std::fmt;
use std::sync::atomic::AtomicBool;

use grid_core::{BoundedCount, Coord};

use crate::repair::{self, Repair};
use crate::search::{Engine, STOP_POLL_STEPS, Solutions, check_size, full_mask};
use crate::{AttackLine, QueensError};

/// An `n x n` board with some queens already placed (at most one per row) and some
/// squares blocked, read from text or built from a column list with holes.
///
/// Text forms ([`FromStr`](std::str::FromStr)):
///
/// - **Board**: `n` lines of `n` squares, `Q` (or `q`) for a queen, `.` for an empty
///   square, `x` (or `X`) for a blocked square that no queen may use. Spaces and tabs
///   between squares are ignored, as are blank lines before and after the board.
/// - **Column list**: one line of `n` entries separated by spaces or commas, each the
///   **1-based** column of the queen in that row or `.` (also `?`, `_`, `-`) for a row
///   still to fill, e.g. `2 . . 3` for n = 4.
///
/// A one-line text containing a digit is a column list; anything else is a board. Both
/// forms are read by [`grid_core::text`]: a leading byte-order mark, `\r\n` endings and
/// `#` comment lines are ignored, and so is a comment after a row (`# ...` to the end of
/// the line; no form uses `#`).
///
/// # Examples
///
/// ```
/// use grid_core::BoundedCount;
/// use queens::PartialBoard;
///
/// let board: PartialBoard = ". Q . .\n. . . .\n. . . .\n. . . .".parse()?;
/// assert_eq!(board.first_completion()?, Some(vec![1, 3, 0, 2]));
///
/// let holes: PartialBoard = "# eight queens, the first one in the corner\n1 . . . . . . .".parse()?;
/// assert_eq!(holes.count_completions_up_to(u64::MAX)?, BoundedCount::exact(4));
/// assert_eq!(holes.count_completions_up_to(3)?, BoundedCount::at_least(3));
///
/// let clash = "Q . . .\n. . . .\n. . Q .\n. . . .".parse::<PartialBoard>();
/// assert_eq!(
///     clash.unwrap_err().to_string(),
///     "the queens on row 1, column 1 and row 3, column 3 attack each other along a diagonal"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartialBoard {
    queens: Vec<Option<usize>>,
    blocked: BTreeSet<Coord>,
}

/// What [`PartialBoard::count_completions_until`] came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CompletionCount {
    /// The count ran to its end or to its limit, as
    /// [`PartialBoard::count_completions_up_to`] gives it.
    Counted(BoundedCount),
    /// The stop flag was set first: `found` completions were counted, a lower bound.
    Stopped {
        /// The completions counted before the stop.
        found: u64,
    },
}

/// The answer of [`PartialBoard::find_completion`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Completion {
    /// A completion (`columns[row]`, 0-based), checked in O(n) before it is returned.
    Found(Vec<usize>),
    /// No completion exists. `Some` names the [`Obstruction`] that proves it, found
    /// before any search ([`PartialBoard::obstruction`]); `None` means the exhaustive
    /// search (boards up to [`crate::MAX_ENUMERATE_N`] rows) ran to its end without one.
    Impossible(Option<Obstruction>),
    /// The budget ran out before a completion was found or ruled out.
    GaveUp {
        /// The search steps spent (backtracking nodes plus local-search swap trials).
        steps: u64,
        /// Whether the exhaustive search took part (boards up to
        /// [`crate::MAX_ENUMERATE_N`] rows): then the budget ran out before it finished,
        /// and a larger budget can settle the board either way. When `false` the board is
        /// too large for it and only the local search ran, which cannot prove that no
        /// completion exists.
        exhaustive: bool,
    },
}

/// The search steps of the first backtracking round of [`PartialBoard::find_completion`]:
/// enough to settle most boards up to n = 20 exactly (when the construction did not fit,
/// the answer is then the lexicographically first completion).
const FIRST_ROUND: u64 = 1 << 17;

impl PartialBoard {
    /// How often [`PartialBoard::count_completions_watched`] reports: every this many
    /// completions.
    pub const PROGRESS_EVERY: u64 = 1 << 16;

    /// A board of `columns.len()` rows where `columns[row]` is `Some(col)` (0-based) for a
    /// pre-placed queen and `None` for a row to fill; no square is blocked. Any size: the
    /// check of the queens takes O(n) time and memory.
    ///
    /// # Errors
    ///
    /// [`QueensError::Empty`], [`QueensError::QueenOffBoard`] for a column outside the
    /// board, [`QueensError::Attacking`] for pre-placed queens that attack each other.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::{PartialBoard, QueensError};
    ///
    /// let board = PartialBoard::from_columns(&[Some(1), None, None, None])?;
    /// assert_eq!(board.first_completion()?, Some(vec![1, 3, 0, 2]));
    /// assert_eq!(
    ///     PartialBoard::from_columns(&[None, Some(2)]),
    ///     Err(QueensError::QueenOffBoard { row: 1, col: 2, n: 2 })
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_columns(columns: &[Option<usize>]) -> Result<PartialBoard, QueensError> {
        let n = columns.len();
        if n == 0 {
            return Err(QueensError::Empty);
        }
        if let Some((row, col)) = columns
            .iter()
            .enumerate()
            .find_map(|(row, c)| c.filter(|&c| c >= n).map(|c| (row, c)))
        {
            return Err(QueensError::QueenOffBoard { row, col, n });
        }
        let board = PartialBoard {
            queens: columns.to_vec(),
            blocked: BTreeSet::new(),
        };
        board.check_queens(&[])?;
        Ok(board)
    }

    /// The board size `n`.
    pub fn n(&self) -> usize {
        self.queens.len()
    }

    /// The pre-placed queens: `Some(col)` (0-based) per row, `None` for a row to fill.
    pub fn queens(&self) -> &[Option<usize>] {
        &self.queens
    }

    /// How many rows have no pre-placed queen (the rows the search fills).
    pub fn rows_to_fill(&self) -> usize {
        self.queens.iter().filter(|queen| queen.is_none()).count()
    }

    /// Whether `square` (0-based) is blocked; squares outside the board are not.
    pub fn is_blocked(&self, square: Coord) -> bool {
        self.blocked.contains(&square)
    }

    /// The blocked squares (0-based), row by row, left to right within a row.
    ///
    /// ```
    /// use grid_core::Coord;
    /// use queens::PartialBoard;
    ///
    /// let board: PartialBoard = ". x . .\n. . . .\nx . . .\n. . . .".parse()?;
    /// let blocked: Vec<Coord> = board.blocked_squares().collect();
    /// assert_eq!(blocked, [Coord::new(0, 1), Coord::new(2, 0)]);
    /// # Ok::<(), queens::QueensError>(())
    /// ```
    pub fn blocked_squares(&self) -> impl Iterator<Item = Coord> + '_ {
        self.blocked.iter().copied()
    }

    /// Whether any square is blocked.
    pub fn has_blocked_squares(&self) -> bool {
        !self.blocked.is_empty()
    }

    /// Whether `columns` (0-based) completes this board: a solution with one entry per
    /// row that keeps every pre-placed queen and uses no blocked square. O(n) time plus a
    /// lookup per blocked square.
    pub fn is_completion(&self, columns: &[usize]) -> bool {
        columns.len() == self.n()
            && crate::is_solution(columns)
            && self
                .queens
                .iter()
                .zip(columns)
                .all(|(queen, &col)| queen.is_none_or(|queen| queen == col))
            && self
                .blocked
                .iter()
                .all(|square| columns[square.row] != square.col)
    }

    /// Every completion (a full solution that keeps the pre-placed queens and avoids the
    /// blocked squares), streamed in lexicographic order of the column list.
    ///
    /// # Errors
    ///
    /// [`QueensError::TooLargeToSearch`] for boards larger than [`crate::MAX_ENUMERATE_N`].
    pub fn completions(&self) -> Result<Solutions, QueensError> {
        Ok(Solutions::from_engine(self.engine()?))
    }

    /// The lexicographically first completion, or `None` when there is none, by
    /// exhaustive backtracking. The time can grow exponentially with the rows to fill
    /// (minutes for some boards of 40 rows); [`PartialBoard::find_completion`] finds some
    /// completion of any board quickly.
    ///
    /// # Errors
    ///
    /// [`QueensError::TooLargeToSearch`] for boards larger than [`crate::MAX_ENUMERATE_N`].
    pub fn first_completion(&self) -> Result<Option<Vec<usize>>, QueensError> {
        Ok(self.completions()?.next())
    }

    /// One completion of a board of any size, within `budget` search steps: some
    /// completion, not necessarily the lexicographically first (that is
    /// [`PartialBoard::first_completion`]).
    ///
    /// The methods, in order:
    ///
    /// 1. The Hoffman-Loessi-Moore construction for `n` with each pre-placed queen
    ///    swapped into its row (O(n)). When that is already a completion (no two queens
    ///    attack, no queen on a blocked square) it is the answer, whatever the seed: an
    ///    empty board of any `n >= 4` gets [`crate::construct`]`(n)`, so an empty 8 x 8
    ///    board gets `[1, 3, 5, 7, 2, 0, 6, 4]`, not the lexicographically first
    ///    `[0, 4, 7, 5, 2, 6, 1, 3]`.
    /// 2. The checks of [`PartialBoard::obstruction`] (a row or column no queen may use,
    ///    the pigeonhole over rows and columns): when one fails, the answer is
    ///    [`Completion::Impossible`] with that [`Obstruction`], whatever the budget. With
    ///    at most one row to fill, the board cannot be completed otherwise either.
    /// 3. Boards up to [`crate::MAX_ENUMERATE_N`] rows race two searches in alternating
    ///    rounds of doubling length (2^17 steps each at first), so each gets about half
    ///    of `budget`, backtracking first: the
    ///    exhaustive lexicographic backtracking search (which also proves that no
    ///    completion exists) and a seeded min-conflicts local search (Sosič and Gu, 1994)
    ///    started from the construction of step 1. When the backtracking search finishes
    ///    first, the answer is the lexicographically first completion; when the local
    ///    search does, it is whichever completion the seed leads to. Larger boards use the
    ///    local search alone, which finds a completion but cannot prove there is none.
    ///    When the budget runs out first the answer is [`Completion::GaveUp`] (its
    ///    `exhaustive` says whether the backtracking search took part); the count
    ///    ([`PartialBoard::count_completions_up_to`]) has no budget.
    ///
    /// Every [`Completion::Found`] answer has passed [`PartialBoard::is_completion`]. The
    /// same board, `seed` and `budget` give the same answer.
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::{Completion, Obstruction, PartialBoard};
    ///
    /// // 1000 queens, three of them placed (1-based columns 4, 17 and 500).
    /// let mut columns = vec![None; 1000];
    /// columns[0] = Some(3);
    /// columns[10] = Some(16);
    /// columns[600] = Some(499);
    /// let board = PartialBoard::from_columns(&columns)?;
    /// let Completion::Found(found) = board.find_completion(0, 10_000_000) else {
    ///     panic!("a completion exists and is easy to find");
    /// };
    /// assert!(board.is_completion(&found));
    ///
    /// // The queen in column 2 attacks every square of row 2.
    /// let impossible: PartialBoard = "2 . .".parse()?;
    /// assert_eq!(
    ///     impossible.find_completion(0, 1_000),
    ///     Completion::Impossible(Some(Obstruction::Row { row: 1 }))
    /// );
    ///
    /// // An empty board gets the construction, not the lexicographically first solution.
    /// let empty = PartialBoard::from_columns(&[None; 8])?;
    /// let construction = queens::construct(8).expect("every n >= 4 has a solution");
    /// assert_eq!(construction, vec![1, 3, 5, 7, 2, 0, 6, 4]);
    /// assert_eq!(empty.find_completion(0, 1_000), Completion::Found(construction));
    /// assert_eq!(empty.first_completion()?, Some(vec![0, 4, 7, 5, 2, 6, 1, 3]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn find_completion(&self, seed: u64, budget: u64) -> Completion {
        let answer = self.search(seed, budget);
        if let Completion::Found(columns) = &answer {
            // invariant: both searches only return completions; a failure is a bug.
            assert!(
                self.is_completion(columns),
                "the completion search returned a board that is not a completion"
            );
        }
        answer
    }

    fn search(&self, seed: u64, budget: u64) -> Completion {
        let mut repair = Repair::new(
            &self.queens,
            repair::start(&self.queens),
            &self.blocked,
            seed,
        );
        if repair.solved() {
            return Completion::Found(repair.columns().to_vec());
        }
        if let Some(obstruction) = self.obstruction() {
            return Completion::Impossible(Some(obstruction));
        }
        if self.rows_to_fill() <= 1 {
            // The free row (if any) can only take the one free column, and it clashes
            // (boards up to `MAX_MATCHING_N` rows were caught above).
            if let Some(row) = self.queens.iter().position(Option::is_none) {
                return Completion::Impossible(Some(Obstruction::Row { row }));
            }
        }
        let mut exact = self.engine().ok().map(|engine| {
            let cursor = engine.cursor(engine.n());
            (engine, cursor)
        });
        let exhaustive = exact.is_some();
        let mut spent = 0;
        let mut round = FIRST_ROUND;
        while spent < budget {
            if let Some((engine, cursor)) = &mut exact {
                let mut steps = round.min(budget - spent);
                let before = steps;
                let found = cursor.advance_within(engine, &mut steps);
                spent += before - steps;
                match found {
                    Some(true) => return Completion::Found(cursor.placement().to_vec()),
                    Some(false) => return Completion::Impossible(None),
                    None => {}
                }
            }
            let steps = round.min(budget - spent);
            spent += steps;
            if repair.run(steps) {
                return Completion::Found(repair.columns().to_vec());
            }
            round = round.saturating_mul(2);
        }
        Completion::GaveUp {
            steps: spent,
            exhaustive,
        }
    }

    /// A proof that this board has no completion, found without searching, or `None`
    /// (which does not mean a completion exists). The checks, in order: a row with no
    /// open square (one a queen may use: not blocked, not attacked by a pre-placed
    /// queen), a column with none, and the pigeonhole: the bipartite graph of rows and
    /// columns joined by open squares has no perfect matching (simple augmenting paths,
    /// H. W. Kuhn, 1955; the rows found by the failed search have too few columns, by
    /// P. Hall's theorem, 1935). Sound, not complete: the diagonals between the queens
    /// still to place are not considered.
    ///
    /// Boards up to [`MAX_MATCHING_N`] rows get every check (O(n^2 / 64) memory words,
    /// O(n^3 / 64) time at worst); larger ones only a row whose every square is blocked
    /// and a column whose every square is blocked or in a row with its queen placed
    /// (O(b log b) for `b` blocked squares).
    ///
    /// # Examples
    ///
    /// ```
    /// use queens::{Obstruction, PartialBoard};
    ///
    /// // Rows 1-3 may only use columns 1-2.
    /// let board: PartialBoard = "..xx\n..xx\n..xx\n....".parse()?;
    /// assert_eq!(
    ///     board.obstruction(),
    ///     Some(Obstruction::Pigeonhole { rows: vec![0, 1, 2], columns: vec![0, 1] })
    /// );
    /// assert_eq!(
    ///     board.obstruction().map(|o| o.to_string()).as_deref(),
    ///     Some("rows 1-3 can only use 2 columns (1-2)")
    /// );
    /// // A queen in the corner attacks every square of row 2 but two; both are blocked.
    /// let attacked: PartialBoard = "Q...\n..xx\n....\n....".parse()?;
    /// assert_eq!(attacked.obstruction(), Some(Obstruction::Row { row: 1 }));
    /// let open: PartialBoard = ". Q . .\n. . . .\n. . . .\n. . . .".parse()?;
    /// assert_eq!(open.obstruction(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn obstruction(&self) -> Option<Obstruction> {
        obstruction::find(&self.queens, &self.blocked)
    }

    /// The number of completions, counting no further than `limit`: `count` is
    /// `min(true count, limit)`, and `exact` says whether that is the true count (the
    /// search looks for one completion beyond `limit` to tell). The time grows with
    /// `limit` and, the problem being NP-complete, can be large even for small limits.
    ///
    /// # Errors
    ///
    /// [`QueensError::TooLargeToSearch`] for boards larger than [`crate::MAX_ENUMERATE_N`]
    /// with a row to fill (a board with every row placed is its own one completion, at
    /// any size).
    pub fn count_completions_up_to(&self, limit: u64) -> Result<BoundedCount, QueensError> {
        // The plain enumeration: no stop flag, so no step budget to keep on the hot loop.
        match self.count_by(limit, |solutions, _| {
            Some(solutions.next_solution().is_some())
        })? {
            CompletionCount::Counted(count) => Ok(count),
            // Never: `next_solution` always answers. The partial count is a lower bound.
            CompletionCount::Stopped { found } => Ok(BoundedCount::at_least(u128::from(found))),
        }
    }

    /// [`PartialBoard::count_completions_up_to`] that stops early once `stop` is set
    /// (looked at about every millisecond of search, between completions too): the
    /// cancellation hook of a caller that may be interrupted (Ctrl-C in the `gridsolve`
    /// binary).
    ///
    /// # Errors
    ///
    /// As for [`PartialBoard::count_completions_up_to`].
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use queens::{CompletionCount, PartialBoard};
    ///
    /// let empty = PartialBoard::from_columns(&[None; 8])?;
    /// let go = AtomicBool::new(false);
    /// assert!(matches!(
    ///     empty.count_completions_until(100, &go)?,
    ///     CompletionCount::Counted(c) if c.count == 92 && c.exact
    /// ));
    /// // A flag set before the count starts stops it at its first look (after about a
    /// // million search steps), however often completions come.
    /// let stop = AtomicBool::new(true);
    /// let big = PartialBoard::from_columns(&[None; 16])?;
    /// assert!(matches!(
    ///     big.count_completions_until(u64::MAX, &stop)?,
    ///     CompletionCount::Stopped { .. }
    /// ));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_completions_until(
        &self,
        limit: u64,
        stop: &AtomicBool,
    ) -> Result<CompletionCount, QueensError> {
        self.count_completions_watched(limit, stop, &mut |_| {})
    }

    /// [`PartialBoard::count_completions_until`] that also tells `progress` how many
    /// completions it has counted so far, each time that number reaches a multiple of
    /// [`PartialBoard::PROGRESS_EVERY`] (65,536), for a caller that shows a long count's
    /// progress.
    ///
    /// # Errors
    ///
    /// As for [`PartialBoard::count_completions_up_to`].
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use queens::{CompletionCount, PartialBoard};
    ///
    /// // The 14,772,512 solutions of n = 16, counted to 200,000: three reports.
    /// let empty = PartialBoard::from_columns(&[None; 16])?;
    /// let mut seen = Vec::new();
    /// let counted =
    ///     empty.count_completions_watched(200_000, &AtomicBool::new(false), &mut |n| seen.push(n))?;
    /// assert!(matches!(counted, CompletionCount::Counted(c) if c.count == 200_000 && !c.exact));
    /// assert_eq!(seen, [1, 2, 3].map(|k| k * PartialBoard::PROGRESS_EVERY));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_completions_watched(
        &self,
        limit: u64,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(u64),
    ) -> Result<CompletionCount, QueensError> {
        let mut budget = STOP_POLL_STEPS;
        self.count_by(limit, |solutions, found| {
            if found > 0 && found.is_multiple_of(Self::PROGRESS_EVERY) {
                progress(found);
            }
            solutions.advance_until(stop, &mut budget)
        })
    }

    /// The completions counted up to `limit` (one beyond it looked for, to tell whether
    /// the count is exact), `next` advancing the enumeration: `Some(true)` at a
    /// completion, `Some(false)` after the last, `None` to stop; `next` is also given
    /// the completions found so far.
    fn count_by(
        &self,
        limit: u64,
        mut next: impl FnMut(&mut Solutions, u64) -> Option<bool>,
    ) -> Result<CompletionCount, QueensError> {
        if self.rows_to_fill() == 0 {
            // Every row placed: the board itself, checked when it was made, is the one
            // completion, at any size.
            return Ok(CompletionCount::Counted(if limit == 0 {
                BoundedCount::at_least(0)
            } else {
                BoundedCount::exact(1)
            }));
        }
        let mut solutions = self.completions()?;
        if self.obstruction().is_some() {
            return Ok(CompletionCount::Counted(BoundedCount::exact(0)));
        }
        let mut found = 0;
        while found < limit {
            match next(&mut solutions, found) {
                None => return Ok(CompletionCount::Stopped { found }),
                Some(false) => {
                    return Ok(CompletionCount::Counted(BoundedCount::exact(u128::from(
                        found,
                    ))));
                }
                Some(true) => found += 1,
            }
        }
        let Some(more) = next(&mut solutions, found) else {
            return Ok(CompletionCount::Stopped { found });
        };
        Ok(CompletionCount::Counted(BoundedCount {
            count: u128::from(found),
            exact: !more,
        }))
    }

    /// The search rules: each row may use only the squares the pre-placed queens leave
    /// free (a pre-placed row only its own square) and that are not blocked.
    fn engine(&self) -> Result<Engine, QueensError> {
        let n = self.n();
        check_size(n)?;
        let full = full_mask(n);
        let mut allowed: Vec<u64> = vec![full; n];
        for square in &self.blocked {
            allowed[square.row] &= !(1 << square.col);
        }
        for Coord {
            row: qrow,
            col: qcol,
        } in self.placed()
        {
            for (row, mask) in allowed.iter_mut().enumerate() {
                if row == qrow {
                    *mask &= 1 << qcol;
                    continue;
                }
                let distance = row.abs_diff(qrow);
                let mut attacked = 1u64 << qcol;
                if qcol + distance < n {
                    attacked |= 1 << (qcol + distance);
                }
                if let Some(col) = qcol.checked_sub(distance) {
                    attacked |= 1 << col;
                }
                *mask &= !attacked;
            }
        }
        Ok(Engine::with_rows(n, allowed))
    }

    fn placed(&self) -> impl Iterator<Item = Coord> + '_ {
        self.queens
            .iter()
            .enumerate()
            .filter_map(|(row, col)| col.map(|col| Coord::new(row, col)))
    }

    /// Checks that no queen stands on a blocked square and no two queens attack each
    /// other; `extra` are further queens found in rows that already have one (from a
    /// board with two `Q` in a row). Reports the first problem in reading order: the
    /// first queen (by row, then column) that is blocked or attacked by a later one, and
    /// the nearest such later queen. O(n log n) time, O(n) memory.
    fn check_queens(&self, extra: &[Coord]) -> Result<(), QueensError> {
        let n = self.n();
        let mut all: Vec<Coord> = self.placed().chain(extra.iter().copied()).collect();
        all.sort();
        // Per line, the index of the nearest later queen on it, filled from the end.
        let lines = |q: Coord| {
            [
                q.row,
                n + q.col,
                2 * n + q.row + q.col,
                4 * n + q.row + n - 1 - q.col,
            ]
        };
        let mut next = vec![usize::MAX; 6 * n];
        let mut partner = vec![usize::MAX; all.len()];
        for (i, &queen) in all.iter().enumerate().rev() {
            for line in lines(queen) {
                partner[i] = partner[i].min(next[line]);
                next[line] = i;
            }
        }
        for (i, &first) in all.iter().enumerate() {
            if self.is_blocked(first) {
                return Err(QueensError::QueenOnBlockedSquare { square: first });
            }
            let Some(&second) = all.get(partner[i]) else {
                continue;
            };
            let line = if first.row == second.row {
                AttackLine::Row
            } else if first.col == second.col {
                AttackLine::Column
            } else {
                AttackLine::Diagonal
            };
            return Err(QueensError::Attacking {
                first,
                second,
                line,
            });
        }
        Ok(())
    }
}

impl fmt::Display for PartialBoard {
    /// The board form: `Q`, `.` and `x` separated by spaces, one row per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.n();
        for row in 0..n {
            for col in 0..n {
                if col > 0 {
                    f.write_str(" ")?;
                }
                let mark = if self.queens[row] == Some(col) {
                    'Q'
                } else if self.is_blocked(Coord::new(row, col)) {
                    'x'
                } else {
                    '.'
                };
                write!(f, "{mark}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use grid_core::{Positioned, TextPosition};

    use super::*;

    /// The error's position (when it has one) and message.
    fn located(result: Result<PartialBoard, QueensError>) -> (Option<TextPosition>, String) {
        let err = result.expect_err("the board is malformed");
        (err.text_position(), err.to_string())
    }

    #[test]
    fn messages_use_the_singular_for_one() {
        assert_eq!(
            located("Q Q".parse()),
            (
                Some(TextPosition::at(1, 4)),
                "the board has 1 row of 2 squares; a board must be square (n rows of n squares)"
                    .to_owned()
            )
        );
        assert_eq!(
            located("Q Q\n. .\n. .\n".parse()),
            (
                Some(TextPosition::at(3, 4)),
                "the board has 3 rows of 2 squares; a board must be square (n rows of n squares)"
                    .to_owned()
            )
        );
        assert_eq!(
            located(". Q\n.\n".parse()),
            (
                Some(TextPosition::at(2, 2)),
                "this row has 1 square; a board of 2 rows must have 2 squares in every row"
                    .to_owned()
            )
        );
        assert_eq!(
            located(PartialBoard::from_columns(&[Some(1)])),
            (
                None,
                "row 1 has its queen in column index 1, \
                 but the board has 1 column (0-based indices 0..1)"
                    .to_owned()
            )
        );
        assert_eq!(
            located(PartialBoard::from_columns(&[Some(0), None, Some(3)])),
            (
                None,
                "row 3 has its queen in column index 3, \
                 but the board has 3 columns (0-based indices 0..3)"
                    .to_owned()
            )
        );
    }

    #[test]
    fn columns_count_characters_after_bom_comments_and_compact_rows() {
        // The byte-order mark is not a character of line 1; `é` is one character.
        assert_eq!(
            located("\u{feff}# é\nQ.\n.é\n".parse()).0,
            Some(TextPosition::at(3, 2))
        );
        // Commas and spaces both separate column-list entries.
        assert_eq!(
            located("1,., 9".parse()),
            (
                Some(TextPosition::at(1, 6)),
                "expected a column from 1 to 3 or `.` for an empty row, found `9`".to_owned()
            )
        );
        assert_eq!(
            located("Q . .\n\n. . .\n. . .".parse()).0,
            Some(TextPosition::at(2, 1))
        );
    }

    #[test]
    fn comment_lines_and_crlf_are_not_part_of_the_board() {
        let board: PartialBoard =
            "# four\r\n. Q . .\r\n# a note\r\n. . . .\r\n. . . .\r\n. . . .\r\n"
                .parse()
                .unwrap();
        assert_eq!(board.n(), 4);
        assert_eq!(board.queens(), &[Some(1), None, None, None]);
        assert_eq!(board.rows_to_fill(), 3);
        assert!(!board.has_blocked_squares());
    }

    /// A fresh user's finding: `2 . . .   # c` was a column list of six entries.
    #[test]
    fn a_comment_may_end_a_row_in_either_form() {
        let columns: PartialBoard = "2 . . .   # the first queen, in column 2".parse().unwrap();
        assert_eq!(columns.queens(), &[Some(1), None, None, None]);
        let board: PartialBoard = ". Q . . # row 1\n. . . .#\n. . . .\n. . . .  # x Q\n"
            .parse()
            .unwrap();
        assert_eq!(board.queens(), &[Some(1), None, None, None]);
        assert!(!board.has_blocked_squares());
        // Columns in messages still count on the line as written.
        let err = "2 . 9 . # c".parse::<PartialBoard>().unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::at(1, 5)), "{err}");
    }

    /// A fresh user's finding: two boards in one file got messages about the first
    /// board's squares (`expected Q, . or x, found '2'`, `blank line inside the board`);
    /// they now say that a file holds one board, where the second begins.
    #[test]
    fn a_second_board_is_named_as_such() {
        let message = |text: &str| {
            let err = text.parse::<PartialBoard>().unwrap_err();
            (err.text_position(), err.to_string())
        };
        let one_board = "one board a file (give each board its own file)";
        for (text, line) in [
            ("2 . . .\n. . . . 1\n", 2),
            ("2 . . .\n3 . . .\n", 2),
            ("2 . . .\n\n3 . . .\n", 2),
            (". Q . .\n. . . .\n. . . .\n. . . .\n\n. . Q .\n", 5),
        ] {
            let (at, text) = message(text);
            assert_eq!(at.map(|at| at.line), Some(line), "{text}");
            assert!(text.ends_with(one_board), "{text}");
        }
        // A blank line in a board cut short, and a digit in a board's row, keep their
        // own messages.
        let (_, text) = message(". Q . .\n. . . .\n\n. . . .\n. . . .\n");
        assert_eq!(
            text,
            "blank line inside the board; a board is n consecutive lines"
        );
        let (at, text) = message("Q . 1 .\n. . . .\n. . . .\n. . . .\n");
        assert!(
            text.contains("found `1`") && at == Some(TextPosition::at(1, 5)),
            "{text}"
        );
    }

    /// A fresh user's finding: a board of more than 64 rows with every row placed was
    /// refused as too large to count; it is its own one completion.
    #[test]
    fn a_full_board_of_any_size_is_its_one_completion() {
        let columns = crate::construct(100).unwrap();
        assert!(crate::is_solution(&columns));
        let full =
            PartialBoard::from_columns(&columns.iter().map(|&c| Some(c)).collect::<Vec<_>>())
                .unwrap();
        assert_eq!(
            full.count_completions_up_to(5).unwrap(),
            BoundedCount::exact(1)
        );
        assert_eq!(
            full.count_completions_up_to(0).unwrap(),
            BoundedCount::at_least(0)
        );
        // One row open: the search's size limit holds.
        let mut open: Vec<Option<usize>> = columns.iter().map(|&c| Some(c)).collect();
        open[7] = None;
        let open = PartialBoard::from_columns(&open).unwrap();
        assert!(matches!(
            open.count_completions_up_to(5),
            Err(QueensError::TooLargeToSearch { .. })
        ));
    }

    #[test]
    fn bounded_counts_are_exact_only_when_nothing_is_left() {
        let holes = PartialBoard::from_columns(&[None; 6]).unwrap();
        // 6 queens have 4 solutions.
        assert_eq!(
            holes.count_completions_up_to(3).unwrap(),
            BoundedCount::at_least(3)
        );
        assert_eq!(
            holes.count_completions_up_to(4).unwrap(),
            BoundedCount::exact(4)
        );
        assert_eq!(
            holes.count_completions_up_to(5).unwrap(),
            BoundedCount::exact(4)
        );
        assert_eq!(
            holes.count_completions_up_to(0).unwrap(),
            BoundedCount::at_least(0)
        );
        let none = PartialBoard::from_columns(&[None; 3]).unwrap();
        assert_eq!(
            none.count_completions_up_to(0).unwrap(),
            BoundedCount::exact(0)
        );
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]
        /// The local search alone (no backtracking race): whatever it finds is a
        /// completion, and on boards the exact search can complete it finds one.
        #[test]
        fn local_search_agrees_with_the_exact_search(
            n in 4usize..=12,
            marks in proptest::collection::vec((0usize..12, 0usize..12, proptest::bool::ANY), 0..6),
            seed in 0u64..1000,
        ) {
            let mut columns = vec![None; n];
            let mut blocked = BTreeSet::new();
            for (row, col, queen) in marks {
                let square = Coord::new(row % n, col % n);
                if queen {
                    columns[square.row] = Some(square.col);
                } else {
                    blocked.insert(square);
                }
            }
            blocked.retain(|square| columns[square.row] != Some(square.col));
            let Ok(mut board) = PartialBoard::from_columns(&columns) else {
                return Ok(());
            };
            board.blocked = blocked;
            let exact = board.first_completion().unwrap();
            let mut repair = Repair::new(&board.queens, repair::start(&board.queens), &board.blocked, seed);
            let found = repair.run(2_000_000);
            if found {
                proptest::prop_assert!(board.is_completion(repair.columns()));
                proptest::prop_assert!(exact.is_some());
            }
            // Boards with one completion at most can defeat a local search; with free
            // rows and a completion, 2,000,000 trials are plenty on 12 x 12.
            if exact.is_some() && board.rows_to_fill() == n && board.blocked.is_empty() {
                proptest::prop_assert!(found);
            }
        }
    }

    #[test]
    fn large_boards_are_read_and_completed() {
        let mut text = "4".to_owned();
        text.push_str(&" .".repeat(99_999));
        let board: PartialBoard = text.parse().unwrap();
        assert_eq!(board.n(), 100_000);
        let Completion::Found(columns) = board.find_completion(3, 100_000_000) else {
            panic!("n = 100000 with one queen has completions");
        };
        assert_eq!(columns[0], 3);
        assert!(crate::is_solution(&columns));
        assert_eq!(
            board.count_completions_up_to(1),
            Err(QueensError::TooLargeToSearch {
                n: 100_000,
                max: 64
            })
        );
    }
}
