//! The banded elimination behind [`Chain::expected_turns`](super::Chain::expected_turns)
//! on boards whose snakes and ladders are short (many snakes, few squares long).

use super::Chain;

/// The band of the expectation system `(faces - stay) E[s] - sum c E[d] = faces` over
/// the squares `0..last` reachable from the start: every move of a reachable square `s`
/// other than to itself or to the last square goes to a square in
/// `s - lower ..= s + upper`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Band {
    /// The farthest a move leads down the board (snakes, bounce).
    pub lower: usize,
    /// The farthest a move leads up the board (rolls, ladders).
    pub upper: usize,
}

impl Band {
    /// The multiply-adds of the elimination on `rows` rows: `rows x lower x upper`
    /// (saturating).
    pub(super) fn work(self, rows: usize) -> usize {
        rows.saturating_mul(self.lower)
            .saturating_mul(self.upper.max(1))
    }

    /// The `f64`s the band holds for `rows` rows (saturating).
    pub(super) fn storage(self, rows: usize) -> usize {
        rows.saturating_mul(self.lower + self.upper + 1)
    }
}

impl Chain {
    /// The band of the expectation system (see [`Band`]).
    pub(super) fn band(&self) -> Band {
        let mut band = Band { lower: 0, upper: 0 };
        for s in 0..self.last {
            if !self.reachable[s as usize] {
                continue;
            }
            for &(d, _) in self.moves_of(s) {
                if d == self.last || d == s {
                    continue;
                }
                if d < s {
                    band.lower = band.lower.max((s - d) as usize);
                } else {
                    band.upper = band.upper.max((d - s) as usize);
                }
            }
        }
        band
    }

    /// The expected turns from every square `0..last` (0 for squares the start cannot
    /// reach), by Gaussian elimination without pivoting inside `band` (G. H. Golub and
    /// C. F. Van Loan, *Matrix Computations*, 4th ed., 2013, algorithms 4.3.1 and
    /// 4.3.2): O(squares x lower x upper) time, O(squares x (lower + upper + 1))
    /// memory. The matrix is a nonsingular M-matrix (every reachable square can
    /// finish), so no pivoting is needed and the elimination creates no entries
    /// outside the band.
    ///
    /// No step subtracts: off-diagonal entries only grow in magnitude, and each
    /// pivot is computed as the row's *slack* (its rolls to the last square, plus the
    /// slack it inherits from eliminated rows) plus its off-diagonal magnitudes, never
    /// as a difference. This is the idea of W. K. Grassmann, M. I. Taksar and D. P.
    /// Heyman, "Regenerative analysis and steady state distributions for Markov
    /// chains", *Operations Research* 33 (1985) 1107-1116, applied to an absorbing
    /// chain; it keeps full relative accuracy on boards whose games last millions of
    /// turns, where the subtracting form loses digits to cancellation.
    pub(super) fn solve_banded(&self, band: Band) -> Vec<f64> {
        let n = self.last as usize;
        let (lo, up) = (band.lower, band.upper);
        let width = lo + up + 1;
        // a[i * width + (j + lo - i)] holds -entry (i, j) >= 0 for j != i in
        // i - lo ..= i + up; the diagonal slot is unused until row i is the pivot.
        let mut a = vec![0.0f64; n * width];
        let mut b = vec![0.0f64; n];
        let mut slack = vec![0.0f64; n];
        for s in 0..n {
            if !self.reachable[s] {
                slack[s] = 1.0;
                continue;
            }
            b[s] = f64::from(self.faces);
            let row = &mut a[s * width..(s + 1) * width];
            for &(d, c) in self.moves_of(s as u32) {
                if d == self.last {
                    slack[s] += f64::from(c);
                } else if d as usize != s {
                    // invariant: d is within the band (Chain::band measured every move).
                    row[d as usize + lo - s] += f64::from(c);
                }
            }
        }
        for c in 0..n {
            let (head, tail) = a.split_at_mut((c + 1) * width);
            let pivot = slack[c]
                + head[c * width + lo + 1..c * width + lo + 1 + up]
                    .iter()
                    .sum::<f64>();
            head[c * width + lo] = pivot;
            let pivot_row = &head[c * width + lo + 1..c * width + lo + 1 + up];
            for i in c + 1..n.min(c + lo + 1) {
                let row = &mut tail[(i - c - 1) * width..(i - c) * width];
                // entry (i, c) sits at offset c + lo - i.
                let at = c + lo - i;
                let f = row[at] / pivot;
                if f == 0.0 {
                    continue;
                }
                row[at] = 0.0;
                for (x, y) in row[at + 1..at + 1 + up].iter_mut().zip(pivot_row) {
                    *x += f * y;
                }
                // The slot of (i, i) collected f x a(c, i): that entry moved onto
                // the diagonal and is not an off-diagonal of row i any more.
                row[lo] = 0.0;
                slack[i] += f * slack[c];
                b[i] += f * b[c];
            }
        }
        let mut x = vec![0.0f64; n];
        for i in (0..n).rev() {
            let row = &a[i * width..(i + 1) * width];
            let hi = up.min(n - 1 - i);
            let s: f64 = (1..=hi).map(|j| row[lo + j] * x[i + j]).sum();
            x[i] = (b[i] + s) / row[lo];
        }
        x
    }
}
