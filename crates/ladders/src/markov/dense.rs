//! The dense elimination behind [`Chain::expected_turns`](super::Chain::expected_turns).

/// Solves `a x = b` (`a` is `m x m`, row-major) by Gaussian elimination without
/// pivoting; `a` and `b` are overwritten.
///
/// The system here is `(I - B) x = a` where `B[d][j]` is the probability that, from
/// square `d`, the first move down the board lands on `j`: `B >= 0` with row sums at
/// most 1, and `I - B` is a nonsingular M-matrix for an absorbing chain. Elimination
/// without pivoting is stable on such matrices (every pivot stays positive), which
/// allows eliminating four columns per pass over the remaining rows (a quarter of the
/// memory traffic of one column at a time). A zero pivot (which cannot occur here)
/// leaves that unknown at 0 rather than dividing by zero.
pub(super) fn solve_dense(a: &mut [f64], b: &mut [f64], m: usize) -> Vec<f64> {
    const PANEL: usize = 4;
    let mut c = 0;
    while c < m {
        let w = PANEL.min(m - c);
        // Eliminate within the panel's rows.
        for k in c..c + w {
            let p = a[k * m + k];
            if p == 0.0 {
                continue;
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
            }
        }
        // Apply the panel to every later row in one pass per row.
        let (panel, rest) = a.split_at_mut((c + w) * m);
        let (panel_b, rest_b) = b.split_at_mut(c + w);
        let rows: Vec<&[f64]> = (c..c + w).map(|k| &panel[k * m..k * m + m]).collect();
        for (row, bi) in rest.chunks_exact_mut(m).zip(rest_b.iter_mut()) {
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
            }
            row[c..c + w].iter_mut().for_each(|v| *v = 0.0);
        }
        c += w;
    }
    let mut x = vec![0.0f64; m];
    for i in (0..m).rev() {
        let p = a[i * m + i];
        if p == 0.0 {
            continue;
        }
        let s: f64 = (i + 1..m).map(|j| a[i * m + j] * x[j]).sum();
        x[i] = (b[i] - s) / p;
    }
    x
}
