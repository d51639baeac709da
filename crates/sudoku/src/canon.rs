//! Canonical (minlex) forms of 9 x 9 Sudoku puzzles and solution grids.
//!
//! Two puzzles are *equivalent* when one becomes the other by a positional symmetry
//! (transposition, a permutation of the three bands, of the rows within each band, of
//! the three stacks and of the columns within each stack: 2 x 6^8 = 3,359,232 morphs)
//! and a relabelling of the digits. The *minlex* form of a puzzle is the
//! lexicographically smallest 81-character string over all its morphs, each morph's
//! digits relabelled 1, 2, 3, ... in order of first appearance (row-major), a blank
//! being 0 and so smaller than every digit. Equivalent puzzles, and only they, have the
//! same minlex form, which is how collections are deduplicated (the convention of the
//! New Sudoku Players' Forum's puzzle catalogues and of Glenn Fowler's `sudoku -q`).
//! The other convention in use, the canonical form of a puzzle's *solution grid*, is
//! the same function applied to the solved grid: see [`minlex`] on
//! [`Sudoku::solution`](crate::Sudoku::solution)'s cells.
//!
//! # Algorithm
//!
//! A branch-and-bound search over the morphs, in the manner of the row-by-row minlex
//! canonicalisers described on the New Sudoku Players' Forum ("Minlex form",
//! enjoysudoku.com, 2008-2011, the programs of gsf and of dobrichev):
//!
//! 1. The first row of any morph is its blanks and then its givens labelled 1, 2, ...
//!    in order (a row's digits are distinct), so it depends only on which cells are
//!    given: the smallest first row packs each stack's givens to its right and puts
//!    stacks with fewer givens first. That pattern is found over the 18 (transposition,
//!    source row) pairs; only the pairs that reach it, and only the column
//!    permutations (stack order, then columns within each stack, pruned stack by stack)
//!    that give that source row that pattern, are kept as starting points.
//! 2. From each starting point the remaining rows are chosen band by band: the other
//!    two rows of the first band in either order, then a row of either remaining band
//!    (which fixes the second band), its two companions, then the third band. Each
//!    chosen row is relabelled with the labels its prefix has handed out, and compared
//!    cell by cell with the same row of the best string so far: a worse row prunes the
//!    whole subtree, a better one replaces the best from that row on.
//!
//! Every morph either is reached or is pruned because a prefix of it is worse than a
//! string already found, so the result is exact; the tests compare it with a brute
//! force over all 3,359,232 morphs.
//!
//! ```
//! // The first puzzle of the 17-clue set (17clue.txt, line 1).
//! let puzzle = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
//! let mut cells = [0u8; 81];
//! for (c, b) in cells.iter_mut().zip(puzzle.bytes()) {
//!     *c = if b == b'.' { 0 } else { b - b'0' };
//! }
//! let form = sudoku::canon::minlex(&cells);
//! let text: String = form.iter().map(|&d| char::from(b'0' + d)).collect();
//! assert_eq!(
//!     text,
//!     "000000000000000001000002030000003020001040000005000060030000004070080009620007000"
//! );
//! // A morph of the form has the same form.
//! assert_eq!(sudoku::canon::minlex(&form), form);
//! ```

use std::cmp::Ordering;
use std::sync::OnceLock;

/// The six permutations of three things.
const PERMS3: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// `PATTERN3[p][m]`: the 3-bit given pattern `m` of a stack (bit 2 = its first column)
/// after its columns are taken in the order `PERMS3[p]`.
fn pattern3() -> &'static [[u8; 8]; 6] {
    static TABLE: OnceLock<[[u8; 8]; 6]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [[0u8; 8]; 6];
        for (p, perm) in PERMS3.iter().enumerate() {
            for m in 0..8u8 {
                let mut out = 0;
                for (j, &src) in perm.iter().enumerate() {
                    if m & (4 >> src) != 0 {
                        out |= 4 >> j;
                    }
                }
                t[p][m as usize] = out;
            }
        }
        t
    })
}

/// The minlex form of a 9 x 9 puzzle or grid: `cells` row-major, 0 for a blank and
/// 1..=9 for a digit; the answer in the same shape. See the [module docs](self) for
/// the definition and the algorithm. A complete grid gives the canonical form of that
/// grid.
///
/// The givens need not be consistent (no rule is checked), but a row holding a digit
/// twice is still canonicalised correctly; only values above 9 are out of contract
/// (they are read as blanks).
#[must_use]
pub fn minlex(cells: &[u8; 81]) -> [u8; 81] {
    let mut grids = [[0u8; 81]; 2];
    for (i, &v) in cells.iter().enumerate() {
        let v = if v > 9 { 0 } else { v };
        grids[0][i] = v;
        grids[1][(i % 9) * 9 + i / 9] = v;
    }
    // masks[t][row][stack]: the given pattern of a stack of a row, bit 2 = its first
    // column.
    let mut masks = [[[0u8; 3]; 9]; 2];
    let mut best_pattern = u16::MAX;
    let mut first_patterns = [[0u16; 9]; 2];
    for t in 0..2 {
        for r in 0..9 {
            let mut counts = [0u32; 3];
            for s in 0..3 {
                let mut m = 0u8;
                for k in 0..3 {
                    if grids[t][r * 9 + s * 3 + k] != 0 {
                        m |= 4 >> k;
                    }
                }
                masks[t][r][s] = m;
                counts[s] = m.count_ones();
            }
            counts.sort_unstable();
            let p = counts
                .iter()
                .fold(0u16, |acc, &c| (acc << 3) | ((1u16 << c) - 1));
            first_patterns[t][r] = p;
            best_pattern = best_pattern.min(p);
        }
    }
    let table = pattern3();
    let mut search = Search {
        best: [u8::MAX; 81],
    };
    let top = |p: u16, s: usize| ((p >> (6 - 3 * s)) & 7) as u8;
    for t in 0..2 {
        for r0 in 0..9 {
            if first_patterns[t][r0] != best_pattern {
                continue;
            }
            let m = masks[t][r0];
            for sp in &PERMS3 {
                let (m0, m1, m2) = (m[sp[0]], m[sp[1]], m[sp[2]]);
                for (w0, t0) in table.iter().enumerate() {
                    if t0[m0 as usize] != top(best_pattern, 0) {
                        continue;
                    }
                    for (w1, t1) in table.iter().enumerate() {
                        if t1[m1 as usize] != top(best_pattern, 1) {
                            continue;
                        }
                        for (w2, t2) in table.iter().enumerate() {
                            if t2[m2 as usize] != top(best_pattern, 2) {
                                continue;
                            }
                            let mut cols = [0usize; 9];
                            for (s, w) in [(0, w0), (1, w1), (2, w2)] {
                                for k in 0..3 {
                                    cols[s * 3 + k] = sp[s] * 3 + PERMS3[w][k];
                                }
                            }
                            search.search_from(&grids[t], &cols, r0);
                        }
                    }
                }
            }
        }
    }
    search.best
}

/// The labels handed out so far: `map[d]` is digit `d`'s label (0 for none yet).
#[derive(Clone, Copy)]
struct Labels {
    map: [u8; 10],
    next: u8,
}

/// A grid seen with its columns in another order.
struct View<'a> {
    g: &'a [u8; 81],
    cols: &'a [usize; 9],
}

/// The branch-and-bound search over row orders, for one column order.
struct Search {
    /// The smallest string found so far (`u8::MAX` beyond what is known).
    best: [u8; 81],
}

impl Search {
    /// Searches every row order of `g`, its columns taken in the order `cols`, that
    /// starts with source row `r0`.
    fn search_from(&mut self, g: &[u8; 81], cols: &[usize; 9], r0: usize) {
        let h = View { g, cols };
        let labels = Labels {
            map: [0; 10],
            next: 1,
        };
        let mut order = [0usize; 9];
        order[0] = r0;
        self.place(&h, &mut order, 0, labels);
    }

    /// Places source row `order[level]` at output row `level` with `labels`; then
    /// chooses the following rows.
    fn place(&mut self, h: &View<'_>, order: &mut [usize; 9], level: usize, mut labels: Labels) {
        let src = &h.g[order[level] * 9..order[level] * 9 + 9];
        let base = level * 9;
        let mut row = [0u8; 9];
        let mut cmp = Ordering::Equal;
        for j in 0..9 {
            let v = src[h.cols[j]];
            let out = if v == 0 {
                0
            } else {
                let l = &mut labels.map[v as usize];
                if *l == 0 {
                    *l = labels.next;
                    labels.next += 1;
                }
                *l
            };
            row[j] = out;
            if cmp == Ordering::Equal {
                cmp = out.cmp(&self.best[base + j]);
                if cmp == Ordering::Greater {
                    return;
                }
            }
        }
        if cmp == Ordering::Less {
            self.best[base..base + 9].copy_from_slice(&row);
            self.best[base + 9..].fill(u8::MAX);
        }
        if level == 8 {
            return;
        }
        let next = level + 1;
        if next.is_multiple_of(3) {
            // A new band: any row of a band not used yet.
            let first = order[0] / 3;
            let second = if next == 6 { order[3] / 3 } else { first };
            for r in 0..9 {
                if r / 3 == first || r / 3 == second {
                    continue;
                }
                order[next] = r;
                self.place(h, order, next, labels);
            }
        } else {
            // The band's other rows.
            let band = order[level] / 3;
            for r in band * 3..band * 3 + 3 {
                if order[next - (next % 3)..next].contains(&r) {
                    continue;
                }
                order[next] = r;
                self.place(h, order, next, labels);
            }
        }
    }
}
