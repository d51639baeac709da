//! N-Queens: no two queens attack each other, and a completion keeps the placed queens;
//! and the counts by an independent method ([`count_classes`]).

use queens::PartialBoard;

mod classes;

pub use classes::count_classes;

/// Checks that `columns` places `n = columns.len()` non-attacking queens on an `n x n`
/// board: `columns[row]` is the **0-based** column of the queen in that row, every column
/// is below `n`, and no two queens share a column or a diagonal (rows differ by
/// construction). Pairwise, on explicit coordinates, without bitboards: O(n²), so for
/// large boards use [`check_solution_linear`].
///
/// # Errors
///
/// An empty list, a column off the board, or the first attacking pair (0-based).
pub fn check_solution(columns: &[usize]) -> Result<(), String> {
    let n = columns.len();
    if n == 0 {
        return Err("no queens: a board has at least one row".to_owned());
    }
    if let Some((row, col)) = columns.iter().enumerate().find(|&(_, &col)| col >= n) {
        return Err(format!("row {row}: column {col} is off a board of {n}"));
    }
    for (a, &ca) in columns.iter().enumerate() {
        for (b, &cb) in columns.iter().enumerate().skip(a + 1) {
            if ca == cb {
                return Err(format!("rows {a} and {b} share column {ca}"));
            }
            if ca.abs_diff(cb) == b - a {
                return Err(format!(
                    "the queens at ({a}, {ca}) and ({b}, {cb}) share a diagonal"
                ));
            }
        }
    }
    Ok(())
}

/// [`check_solution`] in O(n) time and memory, for boards too large for the pairwise check
/// (the explicit construction answers n in the hundreds of thousands): every column is
/// below `n` and no column, no diagonal `row + col` and no anti-diagonal `row - col` holds
/// two queens, each tracked by the row that first took it. Same rules, same errors for the
/// same first violation found in row order; the pairwise [`check_solution`] stays the
/// plainer reference for small boards.
///
/// # Errors
///
/// An empty list, a column off the board, or an attacking pair (0-based): the pair whose
/// later row is smallest.
pub fn check_solution_linear(columns: &[usize]) -> Result<(), String> {
    let n = columns.len();
    if n == 0 {
        return Err("no queens: a board has at least one row".to_owned());
    }
    if let Some((row, col)) = columns.iter().enumerate().find(|&(_, &col)| col >= n) {
        return Err(format!("row {row}: column {col} is off a board of {n}"));
    }
    // The row holding each column, diagonal (row + col) and anti-diagonal (row - col + n - 1).
    let mut column = vec![None; n];
    let mut diagonal = vec![None; 2 * n - 1];
    let mut anti = vec![None; 2 * n - 1];
    for (b, &cb) in columns.iter().enumerate() {
        if let Some(a) = column[cb].replace(b) {
            return Err(format!("rows {a} and {b} share column {cb}"));
        }
        for line in [&mut diagonal[b + cb], &mut anti[b + n - 1 - cb]] {
            if let Some(a) = *line {
                let ca = columns[a];
                return Err(format!(
                    "the queens at ({a}, {ca}) and ({b}, {cb}) share a diagonal"
                ));
            }
            *line = Some(b);
        }
    }
    Ok(())
}

/// Checks that `columns` completes a partial board: it passes [`check_solution`], has one
/// entry per row of `placed`, keeps every placed queen (`placed[row] == Some(col)`,
/// 0-based) and puts no queen on a square for which `blocked(row, col)` holds.
///
/// # Errors
///
/// The first violation.
pub fn check_completion(
    placed: &[Option<usize>],
    blocked: impl Fn(usize, usize) -> bool,
    columns: &[usize],
) -> Result<(), String> {
    check_solution(columns)?;
    if placed.len() != columns.len() {
        return Err(format!(
            "{} columns for a board of {} rows",
            columns.len(),
            placed.len()
        ));
    }
    for (row, (&given, &col)) in placed.iter().zip(columns).enumerate() {
        if given.is_some_and(|given| given != col) {
            return Err(format!("row {row}: the placed queen moved to column {col}"));
        }
        if blocked(row, col) {
            return Err(format!("row {row}: a queen on the blocked column {col}"));
        }
    }
    Ok(())
}

/// [`check_completion`] for boards of any size, in O(n) time and memory: the placement
/// passes [`check_solution_linear`] and keeps every placed queen. No blocked squares.
///
/// # Errors
///
/// The first violation, in row order.
pub fn check_completion_linear(placed: &[Option<usize>], columns: &[usize]) -> Result<(), String> {
    if placed.len() != columns.len() {
        return Err(format!(
            "{} columns for a board of {} rows",
            columns.len(),
            placed.len()
        ));
    }
    check_solution_linear(columns)?;
    for (row, (&given, &col)) in placed.iter().zip(columns).enumerate() {
        if given.is_some_and(|given| given != col) {
            return Err(format!("row {row}: the placed queen moved to column {col}"));
        }
    }
    Ok(())
}

/// Any-input invariants of [`PartialBoard`] parsing and completion (boards up to 12 x 12):
/// a completion exists exactly when the count of completions is non-zero, and it passes
/// [`check_completion`].
///
/// # Panics
///
/// When an invariant breaks.
pub fn invariants(data: &[u8]) {
    let Some(text) = crate::text(data) else {
        return;
    };
    let Ok(board) = text.parse::<PartialBoard>() else {
        return;
    };
    if board.n() > 12 {
        return; // completion is NP-complete; keep each case short
    }
    let Ok(completion) = board.first_completion() else {
        return;
    };
    let count = board.count_completions_up_to(1).map(|count| count.count);
    assert_eq!(completion.is_some(), count == Ok(1));
    let found = board.find_completion(0, u64::MAX);
    assert_eq!(
        matches!(found, queens::Completion::Found(_)),
        completion.is_some()
    );
    if let queens::Completion::Found(columns) = found {
        let blocked = |row, col| board.is_blocked(grid_core::Coord::new(row, col));
        if let Err(violation) = check_completion(board.queens(), blocked, &columns) {
            panic!("the completion {columns:?} of {text:?} is wrong: {violation}");
        }
    }
    if let Some(columns) = completion {
        let blocked = |row, col| board.is_blocked(grid_core::Coord::new(row, col));
        if let Err(violation) = check_completion(board.queens(), blocked, &columns) {
            panic!("the completion {columns:?} of {text:?} is wrong: {violation}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solutions_pass_and_attacks_fail() {
        assert_eq!(check_solution(&[0]), Ok(()));
        assert_eq!(check_solution(&[1, 3, 0, 2]), Ok(()));
        assert_eq!(check_solution(&[0, 4, 7, 5, 2, 6, 1, 3]), Ok(()));
        assert!(check_solution(&[]).is_err());
        assert_eq!(
            check_solution(&[1, 3, 0, 4]),
            Err("row 3: column 4 is off a board of 4".to_owned())
        );
        assert_eq!(
            check_solution(&[0, 2, 0]),
            Err("rows 0 and 2 share column 0".to_owned())
        );
        assert_eq!(
            check_solution(&[1, 0]),
            Err("the queens at (0, 1) and (1, 0) share a diagonal".to_owned())
        );
    }

    #[test]
    fn the_linear_check_agrees_with_the_pairwise_one() {
        assert_eq!(check_solution_linear(&[1, 3, 0, 2]), Ok(()));
        assert!(check_solution_linear(&[]).is_err());
        assert_eq!(
            check_solution_linear(&[1, 3, 0, 4]),
            Err("row 3: column 4 is off a board of 4".to_owned())
        );
        assert_eq!(
            check_solution_linear(&[0, 2, 0]),
            Err("rows 0 and 2 share column 0".to_owned())
        );
        assert_eq!(
            check_solution_linear(&[1, 0]),
            Err("the queens at (0, 1) and (1, 0) share a diagonal".to_owned())
        );
        assert_eq!(
            check_solution_linear(&[0, 4, 2, 1, 3]),
            Err("the queens at (0, 0) and (2, 2) share a diagonal".to_owned())
        );
        // Every list of length 1..=6 over 0..7 (columns off the board included).
        for n in 1..=6u32 {
            for code in 0..7usize.pow(n) {
                let columns: Vec<usize> = (0..n).map(|i| code / 7usize.pow(i) % 7).collect();
                assert_eq!(
                    check_solution_linear(&columns).is_ok(),
                    check_solution(&columns).is_ok(),
                    "{columns:?}"
                );
            }
        }
    }

    #[test]
    fn completions_keep_queens_and_avoid_blocks() {
        let placed = [None, Some(3), None, None];
        assert_eq!(
            check_completion(&placed, |_, _| false, &[1, 3, 0, 2]),
            Ok(())
        );
        assert!(check_completion(&placed, |_, _| false, &[2, 0, 3, 1]).is_err());
        assert!(check_completion(&placed, |r, c| (r, c) == (2, 0), &[1, 3, 0, 2]).is_err());
        assert!(check_completion(&placed[..3], |_, _| false, &[1, 3, 0, 2]).is_err());
    }

    #[test]
    fn the_linear_completion_check_keeps_placed_queens() {
        let placed = [None, Some(3), None, None];
        assert_eq!(check_completion_linear(&placed, &[1, 3, 0, 2]), Ok(()));
        for wrong in [[2, 0, 3, 1], [1, 3, 0, 4], [0, 3, 1, 2], [1, 3, 2, 0]] {
            assert!(
                check_completion_linear(&placed, &wrong).is_err(),
                "{wrong:?}"
            );
        }
        assert!(check_completion_linear(&placed[..3], &[1, 3, 0, 2]).is_err());
    }

    #[test]
    fn invariants_hold_for_a_partial_board() {
        invariants(b". Q . .\n. . . .\n. . x .\n. . . .\n");
    }
}
