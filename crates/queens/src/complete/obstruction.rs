//! Sound impossibility checks on a partial board, run before any search: a row or a
//! column that no queen may use, and a set of rows with fewer usable columns than rows.
//!
//! A square is *open* when a queen may stand on it in a completion: a pre-placed
//! queen's own square, or a square of a row without a queen that is neither blocked nor
//! attacked by a pre-placed queen (same column or diagonal). A completion puts one queen
//! in each row on an open square, in distinct columns: a perfect matching of the
//! bipartite graph of rows and columns joined by the open squares. So when that graph has
//! no perfect matching, no completion exists (the converse fails: the diagonals between
//! the new queens are ignored). By Hall's theorem (P. Hall, "On Representatives of
//! Subsets", J. London Math. Soc. 10, 1935) a graph without a perfect matching has a set
//! of rows whose open squares lie in fewer columns than there are rows; the search for
//! augmenting paths (H. W. Kuhn, "The Hungarian Method for the Assignment Problem",
//! Naval Research Logistics Quarterly 2, 1955) finds such a set when it fails: the rows
//! and columns its last search reached.

use std::collections::BTreeMap;
use std::collections::BTreeSet;
use std::fmt;

use grid_core::Coord;

/// The largest board whose open squares `find` lays out as a bit matrix (n^2 / 8 bytes:
/// 512 KiB) for the row, column and matching checks. The matching takes O(n^3 / 64)
/// word operations at worst (0.1 s at this size), usually O(n^2 / 64). Larger boards get
/// the O(b log b) checks on the `b` blocked squares alone.
pub const MAX_MATCHING_N: usize = 2048;

/// Why a partial board has no completion, found without searching
/// ([`crate::PartialBoard::obstruction`]). Rows and columns are **0-based** in the
/// fields; the [`Display`](fmt::Display) text counts from 1, as the board's messages do.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Obstruction {
    /// Row `row` has no pre-placed queen and no open square: each of its squares is
    /// blocked or attacked by a pre-placed queen.
    Row {
        /// The row (0-based).
        row: usize,
    },
    /// Column `col` has no pre-placed queen and no open square: each of its squares is
    /// blocked, attacked by a pre-placed queen, or in a row whose queen is placed.
    Column {
        /// The column (0-based).
        col: usize,
    },
    /// The pigeonhole: the rows `rows` (all without a pre-placed queen) have their open
    /// squares in the columns `columns` only, one column fewer than rows (a violation of
    /// Hall's condition, so the rows and columns have no perfect matching).
    Pigeonhole {
        /// The rows (0-based, ascending).
        rows: Vec<usize>,
        /// Every column an open square of those rows lies in (0-based, ascending).
        columns: Vec<usize>,
    },
}

impl fmt::Display for Obstruction {
    /// `row 1 has no open square (each is blocked or attacked by a placed queen)`,
    /// `column 3 has no open square (...)`, `rows 1-16 can only use 15 columns (1-15)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Obstruction::Row { row } => write!(
                f,
                "row {} has no open square (each is blocked or attacked by a placed queen)",
                row + 1
            ),
            Obstruction::Column { col } => write!(
                f,
                "column {} has no open square (each is blocked, attacked by a placed queen, \
                 or in a row whose queen is placed)",
                col + 1
            ),
            Obstruction::Pigeonhole { rows, columns } => {
                let column_word = if columns.len() == 1 {
                    "column"
                } else {
                    "columns"
                };
                write!(
                    f,
                    "rows {} can only use {} {column_word} ({})",
                    Ranges(rows),
                    columns.len(),
                    Ranges(columns)
                )
            }
        }
    }
}

/// Ascending 0-based indices written 1-based as ranges: `1-16, 18, 20-22`.
struct Ranges<'a>(&'a [usize]);

impl fmt::Display for Ranges<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut i = 0;
        while i < self.0.len() {
            let first = self.0[i];
            let mut last = first;
            while i + 1 < self.0.len() && self.0[i + 1] == last + 1 {
                i += 1;
                last = self.0[i];
            }
            if first != self.0[0] {
                f.write_str(", ")?;
            }
            if first == last {
                write!(f, "{}", first + 1)?;
            } else {
                write!(f, "{}-{}", first + 1, last + 1)?;
            }
            i += 1;
        }
        Ok(())
    }
}

/// The first obstruction of a board of `queens.len()` rows (`queens[row]` the pre-placed
/// column, the queens checked not to attack each other nor stand on `blocked`), or
/// `None` when the checks find none (which does not mean a completion exists). Checks in
/// order: a row, then a column, with no open square; then the matching. Boards over
/// [`MAX_MATCHING_N`] rows get only the row and column checks that count blocked squares.
pub(crate) fn find(queens: &[Option<usize>], blocked: &BTreeSet<Coord>) -> Option<Obstruction> {
    let n = queens.len();
    if n > MAX_MATCHING_N {
        return blocked_lines(queens, blocked);
    }
    let open = OpenSquares::new(queens, blocked);
    if let Some(row) = (0..n).find(|&row| open.row(row).iter().all(|&word| word == 0)) {
        return Some(Obstruction::Row { row });
    }
    let mut used = vec![0u64; open.words];
    for row in 0..n {
        for (all, &word) in used.iter_mut().zip(open.row(row)) {
            *all |= word;
        }
    }
    if let Some(col) = (0..n).find(|&col| used[col / 64] & (1 << (col % 64)) == 0) {
        return Some(Obstruction::Column { col });
    }
    open.hall_violator()
}

/// The row and column checks from the blocked squares alone, O(b log b) for `b` blocked
/// squares: a row without a queen whose every square is blocked, a column without a
/// queen whose every square is blocked or in a row with a queen.
fn blocked_lines(queens: &[Option<usize>], blocked: &BTreeSet<Coord>) -> Option<Obstruction> {
    let n = queens.len();
    let mut per_row: BTreeMap<usize, usize> = BTreeMap::new();
    let mut per_col: BTreeMap<usize, usize> = BTreeMap::new();
    for square in blocked.iter().filter(|square| queens[square.row].is_none()) {
        *per_row.entry(square.row).or_default() += 1;
        *per_col.entry(square.col).or_default() += 1;
    }
    if let Some((&row, _)) = per_row.iter().find(|&(_, &count)| count == n) {
        return Some(Obstruction::Row { row });
    }
    let placed = n - queens.iter().filter(|queen| queen.is_none()).count();
    let has_queen: BTreeSet<usize> = queens.iter().flatten().copied().collect();
    per_col
        .iter()
        .find(|&(col, &count)| count + placed == n && !has_queen.contains(col))
        .map(|(&col, _)| Obstruction::Column { col })
}

/// The open squares as a bit matrix: `words` 64-bit words per row, column `c` in bit
/// `c % 64` of word `c / 64`.
struct OpenSquares {
    n: usize,
    words: usize,
    bits: Vec<u64>,
}

impl OpenSquares {
    fn new(queens: &[Option<usize>], blocked: &BTreeSet<Coord>) -> OpenSquares {
        let n = queens.len();
        let words = n.div_ceil(64);
        let mut free_columns = vec![0u64; words];
        for col in 0..n {
            free_columns[col / 64] |= 1 << (col % 64);
        }
        for &col in queens.iter().flatten() {
            free_columns[col / 64] &= !(1 << (col % 64));
        }
        let mut bits = Vec::with_capacity(n * words);
        for queen in queens {
            match queen {
                Some(col) => {
                    let start = bits.len();
                    bits.resize(start + words, 0);
                    bits[start + col / 64] = 1 << (col % 64);
                }
                None => bits.extend_from_slice(&free_columns),
            }
        }
        let mut open = OpenSquares { n, words, bits };
        for square in blocked {
            open.clear(square.row, square.col);
        }
        for (qrow, qcol) in queens
            .iter()
            .enumerate()
            .filter_map(|(row, col)| col.map(|col| (row, col)))
        {
            for row in (0..n).filter(|&row| queens[row].is_none()) {
                let distance = row.abs_diff(qrow);
                if qcol + distance < n {
                    open.clear(row, qcol + distance);
                }
                if let Some(col) = qcol.checked_sub(distance) {
                    open.clear(row, col);
                }
            }
        }
        open
    }

    fn clear(&mut self, row: usize, col: usize) {
        self.bits[row * self.words + col / 64] &= !(1 << (col % 64));
    }

    fn row(&self, row: usize) -> &[u64] {
        &self.bits[row * self.words..(row + 1) * self.words]
    }

    /// A maximum matching of rows to columns along open squares, grown from a greedy one
    /// by breadth-first searches for augmenting paths (Kuhn 1955), one per row left
    /// unmatched; the first search that fails names its Hall violator: the rows it
    /// reached, whose open squares lie in the columns it reached, one fewer.
    fn hall_violator(&self) -> Option<Obstruction> {
        const NONE: usize = usize::MAX;
        let n = self.n;
        let mut row_of_col = vec![NONE; n];
        let mut col_of_row = vec![NONE; n];
        let mut taken = vec![0u64; self.words];
        for (row, matched) in col_of_row.iter_mut().enumerate() {
            let free =
                self.row(row)
                    .iter()
                    .zip(&taken)
                    .enumerate()
                    .find_map(|(w, (&open, &used))| {
                        let bits = open & !used;
                        (bits != 0).then(|| w * 64 + bits.trailing_zeros() as usize)
                    });
            if let Some(col) = free {
                taken[col / 64] |= 1 << (col % 64);
                row_of_col[col] = row;
                *matched = col;
            }
        }
        let mut parent = vec![NONE; n];
        let mut queue = Vec::with_capacity(n);
        for start in 0..n {
            if col_of_row[start] != NONE {
                continue;
            }
            // Breadth-first over alternating paths: a row, an open column, its matched row.
            let mut unseen = vec![u64::MAX; self.words];
            queue.clear();
            queue.push(start);
            let mut head = 0;
            let mut end = None;
            'search: while head < queue.len() {
                let row = queue[head];
                head += 1;
                for (w, (&open, seen)) in self.row(row).iter().zip(&mut unseen).enumerate() {
                    let mut bits = open & *seen;
                    *seen &= !bits;
                    while bits != 0 {
                        let col = w * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        parent[col] = row;
                        if row_of_col[col] == NONE {
                            end = Some(col);
                            break 'search;
                        }
                        queue.push(row_of_col[col]);
                    }
                }
            }
            let Some(mut col) = end else {
                let mut rows = queue.clone();
                rows.sort_unstable();
                let columns: Vec<usize> = (0..n)
                    .filter(|&col| unseen[col / 64] & (1 << (col % 64)) == 0)
                    .collect();
                return Some(Obstruction::Pigeonhole { rows, columns });
            };
            // Flip the path: each row on it takes the column that led past it.
            loop {
                let row = parent[col];
                let previous = col_of_row[row];
                col_of_row[row] = col;
                row_of_col[col] = row;
                if row == start {
                    break;
                }
                col = previous;
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_one_based_and_compressed() {
        assert_eq!(Ranges(&[0]).to_string(), "1");
        assert_eq!(Ranges(&[0, 1, 2, 4, 6, 7]).to_string(), "1-3, 5, 7-8");
        assert_eq!(Ranges(&[]).to_string(), "");
    }

    /// Past `MAX_MATCHING_N` only whole lines of blocked squares count.
    #[test]
    fn large_boards_get_the_blocked_line_checks() {
        let n = MAX_MATCHING_N + 1;
        let mut queens = vec![None; n];
        let row: BTreeSet<Coord> = (0..n).map(|col| Coord::new(7, col)).collect();
        assert_eq!(find(&queens, &row), Some(Obstruction::Row { row: 7 }));
        // Column 3: blocked in every row but row 0, which has its queen elsewhere.
        queens[0] = Some(5);
        let col: BTreeSet<Coord> = (1..n).map(|row| Coord::new(row, 3)).collect();
        assert_eq!(find(&queens, &col), Some(Obstruction::Column { col: 3 }));
        let mut open = col.clone();
        open.remove(&Coord::new(n - 1, 3));
        assert_eq!(find(&queens, &open), None);
    }
}
