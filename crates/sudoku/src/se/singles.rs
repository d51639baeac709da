//! Singles: SE's `HiddenSingle` and `NakedSingle` producers.

use super::grid::{Grid, Kind, Region};
use super::hint::Hint;

/// `HiddenSingle` (ratings 1.0, 1.2, 1.5; read in `solver/rules/HiddenSingle.java` and
/// `HiddenSingleHint.getDifficulty`).
///
/// Two passes over the regions, each in the order blocks 0..9, columns 0..9, rows 0..9,
/// and in each region the digits 1..9: a digit with exactly one potential position
/// is a hint. The first pass takes only regions with one empty cell left (*alone*,
/// "Full House", 1.0); the second the others: 1.2 in a block, 1.5 in a row or column.
/// SE names them all `Hidden Single`.
pub(crate) fn hidden_single(grid: &Grid) -> Option<Hint> {
    for alone_only in [true, false] {
        for kind in Kind::BLOCK_COLUMN_ROW {
            for num in 0..9 {
                let region = Region::new(kind, num);
                for v in 1..=9 {
                    let positions = grid.positions(region, v);
                    if positions.count_ones() != 1 {
                        continue;
                    }
                    let alone = grid.empty_count(region) == 1;
                    if alone != alone_only {
                        continue;
                    }
                    let rating = match (alone, kind) {
                        (true, _) => 10,
                        (false, Kind::Block) => 12,
                        (false, _) => 15,
                    };
                    let cell = region.cell(positions.trailing_zeros() as usize);
                    return Some(Hint::place(rating, "Hidden Single", cell, v));
                }
            }
        }
    }
    None
}

/// `NakedSingle` (2.3; `solver/rules/NakedSingle.java`): the first empty cell, row-major,
/// with exactly one potential value.
pub(crate) fn naked_single(grid: &Grid) -> Option<Hint> {
    (0..81)
        .find(|&c| grid.values[c] == 0 && grid.cands[c].count_ones() == 1)
        .map(|c| {
            let v = grid.cands[c].trailing_zeros() as u8 + 1;
            Hint::place(23, "Naked Single", c, v)
        })
}
