//! Local search for one completion of a partial board of any size: min-conflicts repair
//! by swaps (R. Sosič and J. Gu, "Efficient Local Search with Conflict Minimization: A
//! Case Study of the n-Queens Problem", IEEE TKDE 6(5), 1994), started from the
//! Hoffman-Loessi-Moore construction with the pre-placed queens swapped into it.
//!
//! The free rows always hold a permutation of the free columns, so rows and columns never
//! clash; the cost is the number of attacking pairs along diagonals plus one per queen
//! on a blocked square. A step picks a conflicted free row and swaps its column with a
//! random free row when that lowers the cost (or keeps it, now and then, to cross
//! plateaus); after a long run without a new best, a random swap shakes the board.

use std::collections::BTreeSet;

use grid_core::{Coord, SplitMix64};

/// The most squares a board may have for [`Repair`] to keep its blocked squares as
/// bits (16 MiB; boards with blocked squares come from text of at most 64 MiB, so up to
/// about 8,000 rows, all within this); larger boards look each square up in the set.
const MAX_BLOCKED_BITS: usize = 1 << 27;

/// The blocked squares of an `n x n` board as bits, or nothing (none blocked, or more
/// than [`MAX_BLOCKED_BITS`] squares).
fn blocked_bits(n: usize, blocked: &BTreeSet<Coord>) -> Vec<u64> {
    let Some(squares) = n
        .checked_mul(n)
        .filter(|&squares| squares <= MAX_BLOCKED_BITS)
    else {
        return Vec::new();
    };
    if blocked.is_empty() {
        return Vec::new();
    }
    let mut bits = vec![0u64; squares.div_ceil(64)];
    for square in blocked {
        let index = square.row * n + square.col;
        bits[index / 64] |= 1 << (index % 64);
    }
    bits
}

/// How many random partners a conflicted row tries before it gives up for this turn.
const PARTNERS: usize = 48;

/// The state of the local search over one board.
#[derive(Debug)]
pub(crate) struct Repair<'a> {
    n: usize,
    /// `cols[row]`: the column of the queen in each row (pre-placed rows never change).
    cols: Vec<usize>,
    /// The rows the search may change.
    free_rows: Vec<usize>,
    /// Queens per diagonal `row + col` and per anti-diagonal `row + n - 1 - col`.
    sums: Vec<u32>,
    differences: Vec<u32>,
    blocked: &'a BTreeSet<Coord>,
    /// The blocked squares as bits (square `row * n + col`), when there are any and the
    /// board has at most [`MAX_BLOCKED_BITS`] squares: a step looks up eight squares, and
    /// a `BTreeSet` lookup each made a step on a 30 x 30 board with 240 blocked squares
    /// cost about 290 ns against about 5 ns for a backtracking step.
    blocked_bits: Vec<u64>,
    /// Free rows that may be in conflict (checked when picked).
    suspects: Vec<usize>,
    cost: u64,
    best: u64,
    since_best: u64,
    rng: SplitMix64,
}

impl<'a> Repair<'a> {
    /// Starts from `start` (a permutation of `0..n` that keeps every pre-placed queen);
    /// `placed[row]` is the pre-placed column or `None`.
    pub(crate) fn new(
        placed: &[Option<usize>],
        start: Vec<usize>,
        blocked: &'a BTreeSet<Coord>,
        seed: u64,
    ) -> Repair<'a> {
        let n = placed.len();
        let mut repair = Repair {
            n,
            cols: start,
            free_rows: (0..n).filter(|&row| placed[row].is_none()).collect(),
            sums: vec![0; 2 * n],
            differences: vec![0; 2 * n],
            blocked,
            blocked_bits: blocked_bits(n, blocked),
            suspects: Vec::new(),
            cost: 0,
            best: u64::MAX,
            since_best: 0,
            rng: SplitMix64::new(seed),
        };
        for row in 0..n {
            let col = repair.cols[row];
            repair.cost += repair.add(row, col);
        }
        repair.suspects = repair
            .free_rows
            .iter()
            .copied()
            .filter(|&row| repair.conflicted(row))
            .collect();
        repair.best = repair.cost;
        repair
    }

    /// The column list; a solution once [`Repair::solved`].
    pub(crate) fn columns(&self) -> &[usize] {
        &self.cols
    }

    pub(crate) fn solved(&self) -> bool {
        self.cost == 0
    }

    fn diagonals(&self, row: usize, col: usize) -> (usize, usize) {
        (row + col, row + self.n - 1 - col)
    }

    fn penalty(&self, row: usize, col: usize) -> u64 {
        if self.blocked.is_empty() {
            return 0;
        }
        if self.blocked_bits.is_empty() {
            return u64::from(self.blocked.contains(&Coord::new(row, col)));
        }
        let square = row * self.n + col;
        (self.blocked_bits[square / 64] >> (square % 64)) & 1
    }

    /// Puts the queen of `row` on `col`; returns the conflicts it adds.
    fn add(&mut self, row: usize, col: usize) -> u64 {
        let (sum, difference) = self.diagonals(row, col);
        let added = u64::from(self.sums[sum] + self.differences[difference]);
        self.sums[sum] += 1;
        self.differences[difference] += 1;
        self.cols[row] = col;
        added + self.penalty(row, col)
    }

    /// Lifts the queen of `row`; returns the conflicts it removes.
    fn remove(&mut self, row: usize) -> u64 {
        let col = self.cols[row];
        let (sum, difference) = self.diagonals(row, col);
        self.sums[sum] -= 1;
        self.differences[difference] -= 1;
        u64::from(self.sums[sum] + self.differences[difference]) + self.penalty(row, col)
    }

    fn conflicted(&self, row: usize) -> bool {
        let col = self.cols[row];
        let (sum, difference) = self.diagonals(row, col);
        self.sums[sum] > 1 || self.differences[difference] > 1 || self.penalty(row, col) > 0
    }

    /// Swaps the columns of two rows; returns the new cost (`self.cost` is the caller's
    /// to update).
    fn swap(&mut self, a: usize, b: usize) -> u64 {
        let (ca, cb) = (self.cols[a], self.cols[b]);
        let removed = self.remove(a) + self.remove(b);
        let added = self.add(a, cb) + self.add(b, ca);
        // The removed conflicts were all counted in the cost before the swap.
        self.cost + added - removed
    }

    /// Undoes [`Repair::swap`] of the same two rows (the cost is unchanged).
    fn unswap(&mut self, a: usize, b: usize) {
        let (ca, cb) = (self.cols[a], self.cols[b]);
        self.remove(a);
        self.remove(b);
        self.add(a, cb);
        self.add(b, ca);
    }

    fn push_if_conflicted(&mut self, row: usize) {
        if self.conflicted(row) {
            self.suspects.push(row);
        }
    }

    /// Runs at most `steps` swap trials; `true` once the board is a solution. The state
    /// carries over to the next call.
    pub(crate) fn run(&mut self, steps: u64) -> bool {
        let mut left = steps;
        while self.cost > 0 && left > 0 && self.free_rows.len() >= 2 {
            let Some(row) = self.pick_suspect() else {
                // invariant: a conflict always has a suspect row; rebuild if not.
                self.suspects = self.free_rows.clone();
                continue;
            };
            let mut moved = false;
            for _ in 0..PARTNERS {
                if left == 0 {
                    break;
                }
                left -= 1;
                let other = self.free_rows[self.rng.below(self.free_rows.len())];
                if other == row {
                    continue;
                }
                let cost = self.swap(row, other);
                let sideways = cost == self.cost && self.rng.below(4) == 0;
                if cost < self.cost || sideways {
                    self.cost = cost;
                    moved = true;
                    self.push_if_conflicted(row);
                    self.push_if_conflicted(other);
                    break;
                }
                self.unswap(row, other);
            }
            if !moved {
                self.suspects.push(row);
            }
            self.note_progress();
        }
        self.cost == 0
    }

    /// A random suspect that is still in conflict, removed from the list.
    fn pick_suspect(&mut self) -> Option<usize> {
        while !self.suspects.is_empty() {
            let index = self.rng.below(self.suspects.len());
            let row = self.suspects.swap_remove(index);
            if self.conflicted(row) {
                return Some(row);
            }
        }
        None
    }

    /// Tracks the best cost; after a long stretch without a new best, shakes the board
    /// with a few random swaps.
    fn note_progress(&mut self) {
        if self.cost < self.best {
            self.best = self.cost;
            self.since_best = 0;
            return;
        }
        self.since_best += 1;
        if self.since_best < 2_000 + 4 * self.n as u64 {
            return;
        }
        self.since_best = 0;
        self.best = u64::MAX;
        for _ in 0..4 {
            let a = self.free_rows[self.rng.below(self.free_rows.len())];
            let b = self.free_rows[self.rng.below(self.free_rows.len())];
            if a != b {
                self.cost = self.swap(a, b);
                self.push_if_conflicted(a);
                self.push_if_conflicted(b);
            }
        }
    }
}

/// The start of the repair: the constructed solution for `n` (the identity for n = 2, 3)
/// with each pre-placed queen swapped into its row, so the free rows hold exactly the
/// free columns.
pub(crate) fn start(placed: &[Option<usize>]) -> Vec<usize> {
    let n = placed.len();
    let mut cols = crate::construct(n).unwrap_or_else(|| (0..n).collect());
    let mut row_of = vec![0; n];
    for (row, &col) in cols.iter().enumerate() {
        row_of[col] = row;
    }
    for (row, &queen) in placed.iter().enumerate() {
        if let Some(col) = queen {
            let other = row_of[col];
            let old = cols[row];
            cols.swap(row, other);
            row_of[old] = other;
            row_of[col] = row;
        }
    }
    cols
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_keeps_placed_queens_and_is_a_permutation() {
        let placed = [None, Some(0), None, Some(5), None, None, Some(2), None];
        let cols = start(&placed);
        for (row, queen) in placed.iter().enumerate() {
            if let Some(col) = queen {
                assert_eq!(cols[row], *col);
            }
        }
        let mut sorted = cols.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..8).collect::<Vec<_>>());
    }

    #[test]
    fn repair_solves_an_empty_board_from_a_bad_start() {
        let placed = vec![None; 30];
        let blocked = BTreeSet::new();
        let mut repair = Repair::new(&placed, (0..30).collect(), &blocked, 7);
        assert!(repair.run(10_000_000));
        assert!(crate::is_solution(repair.columns()));
    }
}
