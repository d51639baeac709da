//! Test helpers shared by the modules of the `sudoku` integration tests.
//!
//! `verify` is the independent reference: it is written against the rules of Sudoku
//! only, from the raw text of the data files, and uses nothing from the solver (not
//! even its parser), so a solver bug cannot hide behind a matching checker bug.

use std::path::{Path, PathBuf};

/// The repository root.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Lines of a data file under `fixtures/sudoku/data/`.
pub fn fixture_lines(name: &str) -> Vec<String> {
    let path = repo_root().join("fixtures/sudoku/data").join(name);
    read_lines(&path)
}

/// Lines of a data file under `../shared/data/sudoku/` (the large sets, not copied).
pub fn shared_lines(name: &str) -> Vec<String> {
    let path = repo_root().join("../shared/data/sudoku").join(name);
    read_lines(&path)
}

fn read_lines(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines().map(str::to_owned).collect()
}

/// Cell values of an n-squared symbol string: `1`-`9`, `A`-`Z` are values, `.` and `0`
/// blanks. Written here, not borrowed from the crate's parser.
pub fn values(line: &str) -> Vec<u32> {
    line.chars()
        .map(|c| match c {
            '.' | '0' => 0,
            '1'..='9' => c as u32 - '0' as u32,
            'A'..='Z' => c as u32 - 'A' as u32 + 10,
            other => panic!("unexpected symbol {other:?} in test data"),
        })
        .collect()
}

/// Checks that `solution` solves `givens` on an n x n grid with `box_rows x box_cols`
/// boxes: same length, every given kept, every cell 1..=n, every row, column and box
/// holding each value exactly once. Returns a description of the first violation.
pub fn verify(
    givens: &[u32],
    solution: &[u32],
    box_rows: usize,
    box_cols: usize,
) -> Result<(), String> {
    let n = box_rows * box_cols;
    if givens.len() != n * n || solution.len() != n * n {
        return Err(format!("expected {} cells", n * n));
    }
    for (i, (&g, &s)) in givens.iter().zip(solution).enumerate() {
        if s < 1 || s as usize > n {
            return Err(format!("cell {i} holds {s}"));
        }
        if g != 0 && g != s {
            return Err(format!("cell {i}: given {g} changed to {s}"));
        }
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for r in 0..n {
        groups.push((0..n).map(|c| r * n + c).collect());
    }
    for c in 0..n {
        groups.push((0..n).map(|r| r * n + c).collect());
    }
    for br in 0..box_cols {
        for bc in 0..box_rows {
            let mut g = Vec::new();
            for r in br * box_rows..(br + 1) * box_rows {
                for c in bc * box_cols..(bc + 1) * box_cols {
                    g.push(r * n + c);
                }
            }
            groups.push(g);
        }
    }
    for (k, group) in groups.iter().enumerate() {
        let mut seen = vec![false; n + 1];
        for &i in group {
            let v = solution[i] as usize;
            if seen[v] {
                return Err(format!("group {k} holds {v} twice"));
            }
            seen[v] = true;
        }
    }
    Ok(())
}

/// `verify` for the classic 9 x 9 grid, on symbol strings.
pub fn verify9(puzzle: &str, solution: &str) -> Result<(), String> {
    verify(&values(puzzle), &values(solution), 3, 3)
}
