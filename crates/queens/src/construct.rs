//! One solution for any board size in O(n): the explicit construction, and an O(n)
//! verifier.

/// One solution of the `n`-queens puzzle as a column list (`columns[row]`, 0-based), built
/// in O(n) time by the explicit construction of Hoffman, Loessi and Moore (1969), in the
/// form usually quoted from it:
///
/// - write the even columns 2, 4, 6, ... then the odd columns 1, 3, 5, ... (1-based);
/// - if `n mod 6 == 2`, swap 1 and 3 among the odds and move 5 to the end;
/// - if `n mod 6 == 3`, move 2 to the end of the evens and 1, 3 to the end of the odds.
///
/// Returns `None` for `n = 0`, 2 and 3, which have no solution.
///
/// # Examples
///
/// ```
/// let columns = queens::construct(8).expect("8 queens can be placed");
/// assert!(queens::is_solution(&columns));
/// assert_eq!(queens::construct(3), None);
/// ```
pub fn construct(n: usize) -> Option<Vec<usize>> {
    match n {
        0 | 2 | 3 => return None,
        1 => return Some(vec![0]),
        _ => {}
    }
    // 1-based columns, as the construction is stated.
    let mut evens: Vec<usize> = (2..=n).step_by(2).collect();
    let mut odds: Vec<usize> = (1..=n).step_by(2).collect();
    match n % 6 {
        2 => {
            // 3, 1, 7, 9, ..., 5
            odds.swap(0, 1);
            if let Some(pos) = odds.iter().position(|&c| c == 5) {
                odds.remove(pos);
                odds.push(5);
            }
        }
        3 => {
            // 4, 6, ..., 2 and 5, 7, ..., 1, 3
            evens.rotate_left(1);
            odds.rotate_left(2);
        }
        _ => {}
    }
    Some(evens.into_iter().chain(odds).map(|c| c - 1).collect())
}

/// Whether `columns` (`columns[row]`, 0-based) is a solution: every value is below
/// `columns.len()`, no two queens share a column, and none share a diagonal. O(n) time and
/// memory. The empty board is not a solution.
///
/// # Examples
///
/// ```
/// assert!(queens::is_solution(&[1, 3, 0, 2]));
/// assert!(!queens::is_solution(&[0, 1, 2, 3]));
/// ```
pub fn is_solution(columns: &[usize]) -> bool {
    let n = columns.len();
    if n == 0 {
        return false;
    }
    let mut column_used = vec![false; n];
    // Diagonal r + c and anti-diagonal r - c + n - 1, both in 0..2n - 1.
    let mut sum_used = vec![false; 2 * n - 1];
    let mut difference_used = vec![false; 2 * n - 1];
    for (row, &col) in columns.iter().enumerate() {
        if col >= n {
            return false;
        }
        let sum = row + col;
        let difference = row + n - 1 - col;
        if column_used[col] || sum_used[sum] || difference_used[difference] {
            return false;
        }
        column_used[col] = true;
        sum_used[sum] = true;
        difference_used[difference] = true;
    }
    true
}
