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
///
/// A region with one empty cell holds every value it lacks at that cell, so the
/// first pass looks only at regions whose positions all lie on one cell, and a
/// single the second pass meets is never in such a region (the first would have
/// taken it); the test `fast_producers_find_the_plain_hints` in `se/plain.rs`.
pub(crate) fn hidden_single(grid: &Grid) -> Option<Hint> {
    let table = grid.position_table();
    for kind in Kind::BLOCK_COLUMN_ROW {
        for num in 0..9 {
            let positions = &table[kind as usize * 9 + num];
            let any = positions.iter().fold(0, |any, &p| any | p);
            let region = Region::new(kind, num);
            if !any.is_power_of_two() || grid.empty_count(region) != 1 {
                continue;
            }
            if let Some(v) = (1..=9u8).find(|&v| positions[v as usize - 1] != 0) {
                let cell = region.cell(any.trailing_zeros() as usize);
                return Some(Hint::place(10, "Hidden Single", cell, v));
            }
        }
    }
    for kind in Kind::BLOCK_COLUMN_ROW {
        for num in 0..9 {
            let positions = &table[kind as usize * 9 + num];
            for v in 1..=9u8 {
                let p = positions[v as usize - 1];
                if !p.is_power_of_two() {
                    continue;
                }
                let rating = if kind == Kind::Block { 12 } else { 15 };
                let cell = Region::new(kind, num).cell(p.trailing_zeros() as usize);
                return Some(Hint::place(rating, "Hidden Single", cell, v));
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
