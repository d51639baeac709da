//! Uniqueness techniques: valid only on puzzles known to have one solution.

use super::candidates::Candidates;
use super::step::{Step, Technique, cell_with, to_coord};
use super::units::{PEERS, UNIT_SET, bit, box_of, digits, members, name};
use crate::Unit;

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

/// The corners of every rectangle of unsolved cells in two rows, two columns and two
/// boxes whose four cells all hold the pair `pair` (and maybe more): row-major
/// `[top-left, top-right, bottom-left, bottom-right]` cell indices.
fn rectangles(grid: &Candidates) -> impl Iterator<Item = ([usize; 4], u16)> + '_ {
    (0..9usize).flat_map(move |r1| {
        (r1 + 1..9).flat_map(move |r2| {
            (0..9usize).flat_map(move |c1| {
                (c1 + 1..9).filter_map(move |c2| {
                    let corners = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                    // Two boxes: the rows share a band or the columns a stack, not both.
                    if (r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3) {
                        return None;
                    }
                    let common = corners
                        .iter()
                        .fold(super::candidates::ALL, |m, &i| m & grid.mask(i));
                    (common.count_ones() >= 2 && corners.iter().all(|&i| grid.mask(i) != 0))
                        .then_some((corners, common))
                })
            })
        })
    })
}

/// The rectangles of [`rectangles`] with a pair `xy` of their common candidates that
/// two corners (the floor) hold alone: `(xy, floor, roof)`, the roof being the other
/// two corners (each holding `xy` and more). Types 2 and 4 start from these.
fn floored_rectangles(
    grid: &Candidates,
) -> impl Iterator<Item = (u16, [usize; 2], [usize; 2])> + '_ {
    rectangles(grid).flat_map(move |(corners, common)| {
        super::subsets::combinations(common, 2).filter_map(move |pair| {
            let (floor, roof): (Vec<usize>, Vec<usize>) =
                corners.iter().partition(|&&i| grid.mask(i) == pair);
            Some((pair, floor.try_into().ok()?, roof.try_into().ok()?))
        })
    })
}

/// **Unique Rectangle Type 2**: a rectangle (two rows, two columns, two boxes) whose
/// four cells hold the pair `xy`, two of them only `xy` and the other two `xy` and one
/// more digit `z`, the same in both. Were neither of those two `z`, the rectangle would
/// be a deadly pattern (two solutions), so one of them is `z`: every cell that sees both
/// loses `z`. Only sound on a puzzle known to have one solution.
///
/// Described on SudokuWiki.org, "Unique Rectangles" (type 2), and HoDoKu's
/// "Uniqueness" page ("Uniqueness Test 2").
pub fn unique_rectangle_type2(grid: &Candidates) -> Option<Step> {
    for (pair, floor, roof) in floored_rectangles(grid) {
        let extra = grid.mask(roof[0]) & !pair;
        if extra.count_ones() != 1 || grid.mask(roof[1]) & !pair != extra {
            continue;
        }
        let z = extra.trailing_zeros() as u8 + 1;
        let targets = PEERS[roof[0]] & PEERS[roof[1]] & grid.digit_cells(z);
        if targets == 0 {
            continue;
        }
        let mut step = Step::new(Technique::UniqueRectangleType2)
            .with_cells(floor.iter().chain(&roof).copied())
            .with_digits(pair);
        step.note = format!(
            "{}, {} hold {} and {z}: one of them is {z}",
            name(roof[0]),
            name(roof[1]),
            super::units::digit_list(pair)
        );
        for i in members(targets) {
            step.eliminate(i, z);
        }
        return Some(step);
    }
    None
}

/// **Unique Rectangle Type 4**: a rectangle (two rows, two columns, two boxes) whose
/// four cells hold the pair `xy`, two of them only `xy`; the other two share a house in
/// which `x` fits only in them. One of them is `x`, so were either `y` the rectangle
/// would be a deadly pattern (two solutions): both lose `y`. Only sound on a puzzle
/// known to have one solution.
///
/// Described on SudokuWiki.org, "Unique Rectangles" (type 4), and HoDoKu's
/// "Uniqueness" page ("Uniqueness Test 4").
pub fn unique_rectangle_type4(grid: &Candidates) -> Option<Step> {
    for (pair, floor, roof) in floored_rectangles(grid) {
        let (a, b) = (roof[0], roof[1]);
        for x in digits(pair) {
            let y = (pair & !bit(x)).trailing_zeros() as u8 + 1;
            let shared = Candidates::houses_of(a)
                .into_iter()
                .filter(|h| Candidates::houses_of(b).contains(h));
            let locked = shared
                .into_iter()
                .find(|&h| members(UNIT_SET[h] & grid.digit_cells(x)).eq([a.min(b), a.max(b)]));
            let Some(h) = locked else {
                continue;
            };
            let mut step = Step::new(Technique::UniqueRectangleType4)
                .with_cells(floor.iter().chain(&roof).copied())
                .with_houses([h])
                .with_digits(pair);
            step.note = format!(
                "{x} in {} is at {} or {}: neither is {y}",
                Unit::from_index(h, 9),
                name(a),
                name(b)
            );
            step.eliminate(a, y);
            step.eliminate(b, y);
            return Some(step);
        }
    }
    None
}

/// **BUG+1** (Bivalue Universal Grave plus one): every unsolved cell holds two
/// candidates except one cell holding three, and once the digit `d` that cell holds
/// three times in its row, column and box is taken away, every digit fits exactly
/// twice (or not at all) in every house. That grid without `d` would be a *BUG*, which
/// has no solution or at least two; so on a puzzle known to have one solution, the cell
/// is `d`.
///
/// Described on SudokuWiki.org, "BUG" (Bivalue Universal Grave), and HoDoKu's
/// "Uniqueness" page ("Bivalue Universal Grave + 1").
pub fn bug_plus_one(grid: &Candidates) -> Option<Step> {
    let mut odd = None;
    for i in 0..81 {
        match grid.mask(i).count_ones() {
            0 | 2 => {}
            3 if odd.is_none() => odd = Some(i),
            _ => return None,
        }
    }
    let cell = odd?;
    let houses = Candidates::houses_of(cell);
    let d = digits(grid.mask(cell)).find(|&d| {
        houses
            .iter()
            .all(|&h| grid.positions(h, d).count_ones() == 3)
    })?;
    // Without d in the cell, every digit fits twice or not at all in every house.
    let bug = (0..27).all(|h| {
        (1..=9u8).all(|e| {
            let n = grid.positions(h, e).count_ones() - u32::from(e == d && houses.contains(&h));
            n == 0 || n == 2
        })
    });
    if !bug {
        return None;
    }
    let mut step = Step::new(Technique::BugPlusOne)
        .with_cells([cell])
        .with_digits(bit(d));
    step.placements.push((to_coord(cell), d));
    step.note = cell_with(cell, grid.mask(cell));
    Some(step)
}
