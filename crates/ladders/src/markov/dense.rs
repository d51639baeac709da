//! The sweep and dense elimination behind
//! [`Chain::expected_turns`](super::Chain::expected_turns).

use super::{Chain, ExpectedTurns, MAX_STORED, SolveMethod};

/// Solves `a x = b` (`a` is `m x m`, row-major) by Gaussian elimination without
/// pivoting; `a`, `b` and `escape` are overwritten.
///
/// The system here is `(I - B) x = a` where `B[d][j]` is the probability that, from
/// square `d`, the first move down the board lands on `j`, and `escape[d]` the
/// probability that it reaches the last square first: `B >= 0`, each row of `B` plus
/// its escape sums to 1, and `I - B` is a nonsingular M-matrix for an absorbing
/// chain. `a` holds the off-diagonal entries `-B[d][j]`; its diagonal is not read.
/// Elimination without pivoting is stable on such matrices (every pivot stays
/// positive), which allows eliminating four columns per pass over the remaining rows
/// (a quarter of the memory traffic of one column at a time).
///
/// No step subtracts: each pivot is the row's escape plus the magnitudes of its
/// remaining off-diagonal entries (the Grassmann-Taksar-Heyman form, as in
/// `solve_banded`), never `1 - B[d][d]`, which cancels to noise on boards whose games
/// last longer than about 10¹⁶ turns.
///
/// A pivot is zero only when an escape probability underflows (below about 10⁻³⁰⁸):
/// that unknown's expectation is beyond `f64`'s range, and so is, for every board
/// seen in practice, the expectation from the start, which reaches it. The solution
/// is then `None`, reported as too large to represent.
pub(super) fn solve_dense(
    a: &mut [f64],
    b: &mut [f64],
    escape: &mut [f64],
    m: usize,
) -> Option<Vec<f64>> {
    const PANEL: usize = 4;
    let mut c = 0;
    while c < m {
        let w = PANEL.min(m - c);
        // Eliminate within the panel's rows.
        for k in c..c + w {
            // Row k has every column before k eliminated: its pivot is its escape
            // plus the off-diagonal magnitudes that remain.
            let p = escape[k] - a[k * m + k + 1..(k + 1) * m].iter().sum::<f64>();
            a[k * m + k] = p;
            if p == 0.0 {
                return None;
            }
            for i in k + 1..c + w {
                let f = a[i * m + k] / p;
                if f == 0.0 {
                    continue;
                }
                let (upper, lower) = a.split_at_mut(i * m);
                for (x, y) in lower[k..m].iter_mut().zip(&upper[k * m + k..k * m + m]) {
                    *x -= f * y;
                }
                b[i] -= f * b[k];
                escape[i] -= f * escape[k];
            }
        }
        // Apply the panel to every later row in one pass per row.
        let (panel, rest) = a.split_at_mut((c + w) * m);
        let (panel_b, rest_b) = b.split_at_mut(c + w);
        let (panel_escape, rest_escape) = escape.split_at_mut(c + w);
        let rows: Vec<&[f64]> = (c..c + w).map(|k| &panel[k * m..k * m + m]).collect();
        for ((row, bi), ei) in rest
            .chunks_exact_mut(m)
            .zip(rest_b.iter_mut())
            .zip(rest_escape.iter_mut())
        {
            let mut f = [0.0f64; PANEL];
            let mut head = [0.0f64; PANEL];
            head[..w].copy_from_slice(&row[c..c + w]);
            for k in 0..w {
                let p = rows[k][c + k];
                if p == 0.0 {
                    continue;
                }
                f[k] = head[k] / p;
                for l in k + 1..w {
                    head[l] -= f[k] * rows[k][c + l];
                }
            }
            if f.iter().all(|&v| v == 0.0) {
                continue;
            }
            let tail = &mut row[c + w..];
            if w == PANEL {
                let (r0, r1, r2, r3) = (
                    &rows[0][c + w..],
                    &rows[1][c + w..],
                    &rows[2][c + w..],
                    &rows[3][c + w..],
                );
                for ((((x, y0), y1), y2), y3) in tail.iter_mut().zip(r0).zip(r1).zip(r2).zip(r3) {
                    *x -= f[0] * y0 + f[1] * y1 + f[2] * y2 + f[3] * y3;
                }
            } else {
                for k in 0..w {
                    for (x, y) in tail.iter_mut().zip(&rows[k][c + w..]) {
                        *x -= f[k] * y;
                    }
                }
            }
            for k in 0..w {
                *bi -= f[k] * panel_b[c + k];
                *ei -= f[k] * panel_escape[c + k];
            }
            row[c..c + w].iter_mut().for_each(|v| *v = 0.0);
        }
        c += w;
    }
    let mut x = vec![0.0f64; m];
    for i in (0..m).rev() {
        let p = a[i * m + i];
        // A zero entry adds nothing, even against an unknown that overflowed.
        let s: f64 = (i + 1..m)
            .filter(|&j| a[i * m + j] != 0.0)
            .map(|j| a[i * m + j] * x[j])
            .sum();
        x[i] = (b[i] - s) / p;
    }
    Some(x)
}

impl Chain {
    /// The sweep and dense elimination over the back-reached `unknowns`; `None` when
    /// the rows it keeps would exceed [`MAX_STORED`] numbers.
    pub(super) fn elimination(
        &self,
        unknowns: &[u32],
        unknown_index: &[usize],
    ) -> Option<ExpectedTurns> {
        let m = unknowns.len();
        // [a, B_0 .. B_{m-1}, escape]: E[s] = a + sum_j B_j E[unknown j], and the
        // probability of reaching the last square before any unknown (added up, never
        // found as 1 - sum B: see `solve_dense`).
        let width = m + 2;
        // Rows are kept for the last `faces` squares (a ring: every plain move lands
        // there) and pinned for squares needed later.
        let window = self.faces as usize;
        let (pinned_index, pinned_count) = self.pinned_rows(unknowns, window);
        let stored = (window + pinned_count).saturating_mul(width);
        if stored > MAX_STORED {
            return None;
        }
        let mut ring = vec![0.0f64; window * width];
        let mut pinned = vec![0.0f64; pinned_count * width];
        let k = f64::from(self.faces);
        let mut row = vec![0.0f64; width];
        for s in (0..self.last).rev() {
            if !self.reachable[s as usize] {
                continue;
            }
            row.iter_mut().for_each(|v| *v = 0.0);
            row[0] = k;
            let mut stay = 0u32;
            for &(d, c) in self.moves_of(s) {
                let c64 = f64::from(c);
                if d == s {
                    stay += c;
                } else if d == self.last {
                    row[m + 1] += c64;
                } else if d > s {
                    let other = if (d - s) as usize <= window {
                        let slot = d as usize % window;
                        &ring[slot * width..(slot + 1) * width]
                    } else {
                        let slot = pinned_index[d as usize];
                        &pinned[slot * width..(slot + 1) * width]
                    };
                    for (r, o) in row.iter_mut().zip(other) {
                        *r += c64 * o;
                    }
                } else {
                    row[1 + unknown_index[d as usize]] += c64;
                }
            }
            // invariant: stay < faces, else s could not reach the last square (no trap).
            let scale = 1.0 / (k - f64::from(stay));
            for r in &mut row {
                *r *= scale;
            }
            let slot = s as usize % window;
            ring[slot * width..(slot + 1) * width].copy_from_slice(&row);
            let p = pinned_index[s as usize];
            if p != usize::MAX {
                pinned[p * width..(p + 1) * width].copy_from_slice(&row);
            }
        }
        let row_of = |s: u32| {
            let p = pinned_index[s as usize];
            &pinned[p * width..(p + 1) * width]
        };
        let value_at = |s: u32, x: &[f64]| -> f64 {
            let row = row_of(s);
            // A zero weight on an overflowed unknown adds nothing (not 0 x inf = NaN).
            row[0]
                + row[1..=m]
                    .iter()
                    .zip(x)
                    .filter(|&(&a, _)| a != 0.0)
                    .map(|(a, b)| a * b)
                    .sum::<f64>()
        };
        if m == 0 {
            return Some(ExpectedTurns {
                turns: value_at(self.start, &[]),
                method: SolveMethod::Sweep,
            });
        }
        // No solution: an escape probability underflowed (see `solve_dense`).
        let turns =
            solve_unknowns(unknowns, row_of).map_or(f64::INFINITY, |x| value_at(self.start, &x));
        Some(ExpectedTurns {
            turns,
            method: SolveMethod::Elimination { unknowns: m },
        })
    }

    /// The squares whose sweep rows must outlive the ring of the last `window` rows:
    /// the start, the `unknowns`, and the targets of moves up longer than `window`
    /// (ladders). Returns each square's slot (`usize::MAX` when not pinned) and the
    /// number of slots.
    fn pinned_rows(&self, unknowns: &[u32], window: usize) -> (Vec<usize>, usize) {
        let mut pinned_index = vec![usize::MAX; self.last as usize + 1];
        let mut pinned_count = 0;
        let mut pin = |t: u32| {
            if t != self.last && pinned_index[t as usize] == usize::MAX {
                pinned_index[t as usize] = pinned_count;
                pinned_count += 1;
            }
        };
        pin(self.start);
        for &d in unknowns {
            pin(d);
        }
        for s in 0..self.last {
            if self.reachable[s as usize] {
                for &(d, _) in self.moves_of(s) {
                    if d > s && (d - s) as usize > window {
                        pin(d);
                    }
                }
            }
        }
        (pinned_index, pinned_count)
    }
}

/// Solves `(I - B) x = a` for the unknowns, where `row_of(d)` is the sweep row of
/// unknown square `d`: `[a_d, B_d0, B_d1, ..., escape_d]`.
fn solve_unknowns<'a>(unknowns: &[u32], row_of: impl Fn(u32) -> &'a [f64]) -> Option<Vec<f64>> {
    let m = unknowns.len();
    let mut a = vec![0.0f64; m * m];
    let mut b = vec![0.0f64; m];
    let mut escape = vec![0.0f64; m];
    for (i, &d) in unknowns.iter().enumerate() {
        let row = row_of(d);
        b[i] = row[0];
        for j in 0..m {
            a[i * m + j] = -row[1 + j];
        }
        // The diagonal is found from the escape and the off-diagonals (solve_dense).
        a[i * m + i] = 0.0;
        escape[i] = row[m + 1];
    }
    solve_dense(&mut a, &mut b, &mut escape, m)
}
