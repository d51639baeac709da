//! Basic fish: X-Wing, Swordfish, Jellyfish.

use super::candidates::Candidates;
use super::houses::{HOUSE_CELLS, bit};
use super::step::{Step, Technique};
use super::subsets::combinations;

/// **X-Wing / Swordfish / Jellyfish** (`size` 2, 3 or 4): a digit that, in `size` rows
/// (the base), fits only in the same `size` columns (the cover); each cover column then
/// takes it in one of the base rows, so it leaves the rest of those columns. The same
/// with rows and columns swapped. Other sizes find nothing.
///
/// Described on SudokuWiki.org, "X-Wing Strategy", "Swordfish Strategy" and "Jellyfish
/// Strategy", and HoDoKu's "Basic Fish" page.
pub fn basic_fish(grid: &Candidates, size: u32) -> Option<Step> {
    let technique = match size {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        4 => Technique::Jellyfish,
        _ => return None,
    };
    for d in 1..=9u8 {
        // Base rows (houses 0..9, cover columns 9..18), then base columns.
        for (base, cover) in [(0usize, 9usize), (9, 0)] {
            let mut positions = [0u16; 9];
            let mut usable = 0u16;
            for (k, p) in positions.iter_mut().enumerate() {
                *p = grid.positions(base + k, d);
                if (1..=size).contains(&p.count_ones()) {
                    usable |= 1 << k;
                }
            }
            for pick in combinations(usable, size) {
                let union = (0..9)
                    .filter(|k| pick >> k & 1 == 1)
                    .fold(0u16, |m, k| m | positions[k]);
                if union.count_ones() != size {
                    continue;
                }
                let bases = (0..9).filter(|k| pick >> k & 1 == 1).map(|k| base + k);
                let covers = (0..9).filter(|k| union >> k & 1 == 1).map(|k| cover + k);
                let mut step = Step::new(technique)
                    .with_houses(bases.clone().chain(covers.clone()))
                    .with_digits(bit(d));
                step = step.with_cells(bases.flat_map(|h| {
                    HOUSE_CELLS[h]
                        .map(usize::from)
                        .into_iter()
                        .filter(|&i| grid.mask(i) & bit(d) != 0)
                }));
                for c in covers {
                    for k in (0..9).filter(|k| pick >> k & 1 == 0) {
                        let i = usize::from(HOUSE_CELLS[c][k]);
                        if grid.mask(i) & bit(d) != 0 {
                            step.eliminate(i, d);
                        }
                    }
                }
                if !step.eliminations.is_empty() {
                    step.cells.sort();
                    return Some(step);
                }
            }
        }
    }
    None
}
