//! The dense elimination behind [`Chain::expected_turns`](super::Chain::expected_turns).

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
