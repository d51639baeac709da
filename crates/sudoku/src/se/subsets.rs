//! Subsets: SE's `NakedSet` and `HiddenSet` producers (direct and not).

use super::grid::{Grid, Kind, Region, tuples};
use super::hint::Hint;

/// `NakedSet(degree)`: *Naked Pair* 3.0, *Triplet* 3.6, *Quad* 5.0
/// (`NakedSetHint.getDifficulty`). Regions blocks, columns, rows (0..9 each) with at
/// least `2 * degree` empty cells; index sets in `Permutations` order; every cell of
/// the set has more than one potential and their union has `degree` values: those
/// values leave the region's other cells (only that region).
pub(crate) fn naked_set(grid: &Grid, degree: u32) -> Option<Hint> {
    let (rating, name) = match degree {
        2 => (30, "Naked Pair"),
        3 => (36, "Naked Triplet"),
        _ => (50, "Naked Quad"),
    };
    for kind in Kind::BLOCK_COLUMN_ROW {
        for num in 0..9 {
            let region = Region::new(kind, num);
            if grid.empty_count(region) < degree * 2 {
                continue;
            }
            let mut sets = [0u16; 9];
            for (i, set) in sets.iter_mut().enumerate() {
                *set = grid.cands[region.cell(i)];
            }
            let found = tuples(&sets, degree, |indexes, common| {
                let removals: Vec<(u8, u16)> = (0..9)
                    .filter(|&i| indexes & 1 << i == 0)
                    .map(|i| region.cell(i))
                    .filter(|&c| grid.cands[c] & common != 0)
                    .map(|c| (c as u8, grid.cands[c] & common))
                    .collect();
                let hint = Hint::remove(rating, name, removals);
                hint.is_worth().then_some(hint)
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// `HiddenSet(degree, direct)`. Regions blocks, columns, rows (0..9 each) with more
/// than `2 * degree` empty cells (direct: more than `degree`); value sets in
/// `Permutations` order; every value has more than one potential position and their
/// union has `degree` positions: the other values leave those cells.
///
/// Not direct: *Hidden Pair* 3.4, *Triplet* 4.0, *Quad* 5.4 (`HiddenSetHint`), when it
/// removes something. Direct (`DirectHiddenSetHint`, *Direct Hidden Pair* 2.0,
/// *Triplet* 2.5): only when, for some value outside the set (1..9, first found),
/// the removals leave exactly one position of it in the region (it had more than
/// one): the hint then also places it there.
pub(crate) fn hidden_set(grid: &Grid, degree: u32, direct: bool) -> Option<Hint> {
    let (rating, name) = match (direct, degree) {
        (true, 2) => (20, "Direct Hidden Pair"),
        (true, _) => (25, "Direct Hidden Triplet"),
        (false, 2) => (34, "Hidden Pair"),
        (false, 3) => (40, "Hidden Triplet"),
        (false, _) => (54, "Hidden Quad"),
    };
    for kind in Kind::BLOCK_COLUMN_ROW {
        for num in 0..9 {
            let region = Region::new(kind, num);
            let empty = grid.empty_count(region);
            if !(empty > degree * 2 || (direct && empty > degree)) {
                continue;
            }
            let sets = &grid.position_table()[kind as usize * 9 + num];
            let found = tuples(sets, degree, |values, common| {
                let removals: Vec<(u8, u16)> = super::grid::bits(common)
                    .map(|i| region.cell(i))
                    .filter(|&c| grid.cands[c] & !values != 0)
                    .map(|c| (c as u8, grid.cands[c] & !values))
                    .collect();
                if direct {
                    let single = (1..=9u8)
                        .filter(|v| values & super::grid::bit(*v) == 0)
                        .find_map(|v| {
                            let positions = grid.positions(region, v);
                            let left = positions & !common;
                            (positions.count_ones() > 1 && left.count_ones() == 1)
                                .then(|| (region.cell(left.trailing_zeros() as usize), v))
                        });
                    single.map(|(cell, v)| Hint {
                        placement: Some((cell as u8, v)),
                        ..Hint::remove(rating, name, removals)
                    })
                } else {
                    let hint = Hint::remove(rating, name, removals);
                    hint.is_worth().then_some(hint)
                }
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}
