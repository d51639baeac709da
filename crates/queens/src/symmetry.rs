//! The 8 symmetries of the square (the dihedral group D4) acting on column lists.
//!
//! These functions work on any permutation written as a column list (`columns[row]`,
//! 0-based); they are written for clarity, not speed, and are independent of the counter.

/// The 8 images of a board under the symmetries of the square, identity first.
///
/// Each image is again a column list. `columns` must be a permutation of `0..n`.
fn images(columns: &[usize]) -> [Vec<usize>; 8] {
    let n = columns.len();
    let last = n.saturating_sub(1);
    let mut inverse = vec![0; n];
    for (row, &col) in columns.iter().enumerate() {
        inverse[col] = row;
    }
    let map = |f: &dyn Fn(usize) -> usize| (0..n).map(f).collect::<Vec<usize>>();
    [
        columns.to_vec(),
        // Rotation by 90 degrees clockwise: (r, c) -> (c, last - r).
        map(&|i| last - inverse[i]),
        // Rotation by 180 degrees: (r, c) -> (last - r, last - c).
        map(&|i| last - columns[last - i]),
        // Rotation by 270 degrees: (r, c) -> (last - c, r).
        map(&|i| inverse[last - i]),
        // Mirror left-right: (r, c) -> (r, last - c).
        map(&|i| last - columns[i]),
        // Mirror top-bottom: (r, c) -> (last - r, c).
        map(&|i| columns[last - i]),
        // Transpose (main diagonal): (r, c) -> (c, r).
        map(&|i| inverse[i]),
        // Anti-transpose: (r, c) -> (last - c, last - r).
        map(&|i| last - inverse[last - i]),
    ]
}

/// The representative of a board's symmetry class: the lexicographically smallest column
/// list among its 8 images under rotation and reflection.
///
/// `columns` must be a permutation of `0..n` (every solution is one).
///
/// # Examples
///
/// ```
/// // The mirror image of the first 8-queens solution maps back to it.
/// assert_eq!(queens::canonical(&[7, 3, 0, 2, 5, 1, 6, 4]), vec![0, 4, 7, 5, 2, 6, 1, 3]);
/// ```
pub fn canonical(columns: &[usize]) -> Vec<usize> {
    let [first, rest @ ..] = images(columns);
    rest.into_iter().fold(first, |best, image| best.min(image))
}

/// Whether `columns` is the representative of its class ([`canonical`]): the
/// fundamental solutions listed by [`crate::FundamentalSolutions`] are exactly these.
pub fn is_canonical(columns: &[usize]) -> bool {
    let [_, rest @ ..] = images(columns);
    rest.iter().all(|image| image.as_slice() >= columns)
}

/// How many distinct boards the class of `columns` has: 8 for a board with no symmetry,
/// 4 for one that only a half turn maps to itself, 2 for one a quarter turn maps to itself
/// (and 1 for the one-square board).
pub fn symmetry_class_size(columns: &[usize]) -> usize {
    let mut all = images(columns).to_vec();
    all.sort();
    all.dedup();
    all.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_of_a_quarter_turn_symmetric_board() {
        // The 4-queens solutions form one class of two boards.
        assert_eq!(symmetry_class_size(&[1, 3, 0, 2]), 2);
        assert_eq!(canonical(&[2, 0, 3, 1]), vec![1, 3, 0, 2]);
        assert!(is_canonical(&[1, 3, 0, 2]));
        assert!(!is_canonical(&[2, 0, 3, 1]));
        assert_eq!(symmetry_class_size(&[0]), 1);
    }
}
