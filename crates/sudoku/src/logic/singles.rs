//! Singles: the techniques that place a value.

use super::candidates::Candidates;
use super::step::{Step, Technique, to_coord};
use super::units::{UNIT_CELLS, bit};

/// **Full House**: a house with one empty cell left; the missing digit goes there.
///
/// Described on HoDoKu's "Singles" page (hodoku.sourceforge.net/en/tech_singles.php,
/// "Full House"); Sudoku Explainer calls it "last value" in a block, row or column.
pub fn full_house(grid: &Candidates) -> Option<Step> {
    for h in [18..27, 0..9, 9..18].into_iter().flatten() {
        let mut empty = UNIT_CELLS[h]
            .iter()
            .map(|&i| usize::from(i))
            .filter(|&i| grid.placed(i) == 0);
        if let (Some(i), None) = (empty.next(), empty.next())
            && grid.mask(i).count_ones() == 1
        {
            return Some(place(Technique::FullHouse, grid, i, h));
        }
    }
    None
}

/// **Hidden Single**: a digit that fits in only one cell of a house (searched in boxes
/// first, then rows, then columns, as players scan).
///
/// Described on SudokuWiki.org, "Getting Started" (hidden singles), and HoDoKu's
/// "Singles" page ("Hidden Single").
pub fn hidden_single(grid: &Candidates) -> Option<Step> {
    for h in [18..27, 0..9, 9..18].into_iter().flatten() {
        for d in 1..=9u8 {
            let positions = grid.positions(h, d);
            if positions.count_ones() == 1 {
                let i = usize::from(UNIT_CELLS[h][positions.trailing_zeros() as usize]);
                let mut step = Step::new(Technique::HiddenSingle).with_houses([h]);
                step.cells = vec![to_coord(i)];
                step.digits = vec![d];
                step.placements = vec![(to_coord(i), d)];
                return Some(step);
            }
        }
    }
    None
}

/// **Naked Single**: a cell with one candidate left.
///
/// Described on SudokuWiki.org, "Getting Started" (naked singles), and HoDoKu's
/// "Singles" page ("Naked Single").
pub fn naked_single(grid: &Candidates) -> Option<Step> {
    (0..81)
        .find(|&i| grid.mask(i).count_ones() == 1)
        .map(|i| place(Technique::NakedSingle, grid, i, Candidates::houses_of(i)[0]))
}

/// The step that places the lone candidate of cell `i`.
fn place(technique: Technique, grid: &Candidates, i: usize, house: usize) -> Step {
    let d = grid.mask(i).trailing_zeros() as u8 + 1;
    debug_assert_eq!(grid.mask(i), bit(d));
    let mut step = Step::new(technique).with_houses([house]);
    step.cells = vec![to_coord(i)];
    step.digits = vec![d];
    step.placements = vec![(to_coord(i), d)];
    step
}
