//! Uniqueness techniques: valid only on puzzles known to have one solution.

use super::candidates::Candidates;
use super::houses::{box_of, digits};
use super::step::{Step, Technique, cell_with};

/// **Unique Rectangle Type 1**: four unsolved cells at the corners of a rectangle (two
/// rows, two columns, two boxes) where three hold only the same pair `xy` and the
/// fourth holds `xy` and more. Were the fourth also `xy`, the two digits could be swapped
/// round the rectangle, giving a second solution; so on a puzzle with a unique solution
/// the fourth cell is neither `x` nor `y`.
///
/// Only sound when the puzzle is known to have exactly one solution: the caller says so
/// through [`Options::assume_unique`](super::Options::assume_unique).
///
/// Described on SudokuWiki.org, "Unique Rectangles" (type 1), and HoDoKu's
/// "Uniqueness" page ("Uniqueness Test 1").
pub fn unique_rectangle_type1(grid: &Candidates) -> Option<Step> {
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    let corners = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                    let mut boxes: Vec<usize> = corners.iter().map(|&i| box_of(i)).collect();
                    boxes.sort_unstable();
                    boxes.dedup();
                    if boxes.len() != 2 {
                        continue;
                    }
                    let masks = corners.map(|i| grid.mask(i));
                    if masks.contains(&0) {
                        continue;
                    }
                    let pairs: Vec<usize> =
                        (0..4).filter(|&k| masks[k].count_ones() == 2).collect();
                    if pairs.len() != 3 {
                        continue;
                    }
                    let pair = masks[pairs[0]];
                    if pairs.iter().any(|&k| masks[k] != pair) {
                        continue;
                    }
                    let Some(odd) = (0..4).find(|k| !pairs.contains(k)) else {
                        continue;
                    };
                    if masks[odd] & pair != pair {
                        continue;
                    }
                    let mut step = Step::new(Technique::UniqueRectangleType1)
                        .with_cells(corners)
                        .with_digits(pair);
                    step.note = cell_with(corners[odd], masks[odd]);
                    for d in digits(pair) {
                        step.eliminate(corners[odd], d);
                    }
                    return Some(step);
                }
            }
        }
    }
    None
}
