//! Basic fish: SE's `Fisherman` producer.

use super::grid::{Grid, Kind, Region, bit, bits, tuples};
use super::hint::Hint;

/// `Fisherman(degree)`: *X-Wing* 3.2, *Swordfish* 3.8, *Jellyfish* 5.2
/// (`LockingHint.getDifficulty`, degree 2..4).
///
/// Base regions columns then rows (the cover regions are the other kind). For each
/// set of `degree` base regions (`Permutations` order) and each digit 1..9 placed at
/// most `9 - 2 * degree` times in the grid: every base region has more than one
/// position of the digit and their union covers `degree` indexes; the digit leaves
/// the cover regions at those indexes outside the base regions.
pub(crate) fn fish(grid: &Grid, degree: u32) -> Option<Hint> {
    let (rating, name) = match degree {
        2 => (32, "X-Wing"),
        3 => (38, "Swordfish"),
        _ => (52, "Jellyfish"),
    };
    let occurrences = grid.occurrence_counts();
    for (base, cover) in [(Kind::Column, Kind::Row), (Kind::Row, Kind::Column)] {
        // SE tries each set of base regions with every digit in turn: the first hint
        // is the least (bases, digit), found digit by digit as each digit's least.
        let mut first: Option<(u16, Hint)> = None;
        for v in 1..=9u8 {
            if occurrences[v as usize - 1] + degree * 2 > 9 {
                continue;
            }
            let mut sets = [0u16; 9];
            for (i, set) in sets.iter_mut().enumerate() {
                *set = grid.positions(Region::new(base, i), v);
            }
            let found = tuples(&sets, degree, |bases, covers| {
                if first.as_ref().is_some_and(|(b, _)| *b <= bases) {
                    // Not before the hint of a smaller digit: stop this digit.
                    return Some(None);
                }
                let mut removals = Vec::new();
                for i in bits(covers) {
                    let region = Region::new(cover, i);
                    for j in bits(grid.positions(region, v) & !bases) {
                        removals.push((region.cell(j) as u8, bit(v)));
                    }
                }
                let hint = Hint::remove(rating, name, removals);
                hint.is_worth().then_some(Some((bases, hint)))
            });
            if let Some(Some(better)) = found {
                first = Some(better);
            }
        }
        if let Some((_, hint)) = first {
            return Some(hint);
        }
    }
    None
}
