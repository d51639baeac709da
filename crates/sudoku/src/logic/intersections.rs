//! Intersections: locked candidates, where a box meets a row or a column.

use super::candidates::Candidates;
use super::step::{Step, Technique};
use super::units::{CellSet, UNIT_SET, box_of, members};

/// **Locked Candidates Type 1 (Pointing)**: in a box, a digit fits only in cells of one
/// row (or column); it cannot go elsewhere in that row (column).
///
/// Described on SudokuWiki.org, "Intersection Removal" (pointing pairs and triples),
/// and HoDoKu's "Intersections" page ("Locked Candidates Type 1 (Pointing)").
pub fn pointing(grid: &Candidates) -> Option<Step> {
    for d in 1..=9u8 {
        let cells = grid.digit_cells(d);
        for b in 18..27 {
            let inside = cells & UNIT_SET[b];
            if inside == 0 {
                continue;
            }
            for line in 0..18 {
                if inside & !UNIT_SET[line] == 0 {
                    let out = cells & UNIT_SET[line] & !UNIT_SET[b];
                    if out != 0 {
                        return Some(locked(
                            Technique::LockedCandidatesPointing,
                            [b, line],
                            inside,
                            out,
                            d,
                        ));
                    }
                }
            }
        }
    }
    None
}

/// **Locked Candidates Type 2 (Claiming)**: in a row (or column), a digit fits only in
/// cells of one box; it cannot go elsewhere in that box.
///
/// Described on SudokuWiki.org, "Intersection Removal" (box/line reduction), and
/// HoDoKu's "Intersections" page ("Locked Candidates Type 2 (Claiming)").
pub fn claiming(grid: &Candidates) -> Option<Step> {
    for d in 1..=9u8 {
        let cells = grid.digit_cells(d);
        for line in 0..18 {
            let inside = cells & UNIT_SET[line];
            if inside == 0 {
                continue;
            }
            let b = 18 + box_of(inside.trailing_zeros() as usize);
            if inside & !UNIT_SET[b] == 0 {
                let out = cells & UNIT_SET[b] & !UNIT_SET[line];
                if out != 0 {
                    return Some(locked(
                        Technique::LockedCandidatesClaiming,
                        [line, b],
                        inside,
                        out,
                        d,
                    ));
                }
            }
        }
    }
    None
}

fn locked(technique: Technique, houses: [usize; 2], inside: CellSet, out: CellSet, d: u8) -> Step {
    let mut step = Step::new(technique)
        .with_houses(houses)
        .with_cells(members(inside))
        .with_digits(super::units::bit(d));
    for i in members(out) {
        step.eliminate(i, d);
    }
    step
}
