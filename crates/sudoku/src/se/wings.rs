//! XY-Wing and XYZ-Wing: SE's `XYWing` producer.

use super::grid::{Grid, bit, cells_in, house_cells, house_set};
use super::hint::Hint;

/// `XYWing(xyz)`: *XY-Wing* 4.2, *XYZ-Wing* 4.4 (`XYWingHint.getDifficulty`).
///
/// Pivot cells row-major with 2 potentials (XYZ: 3); wing cells `xz` then `yz` among
/// the pivot's house cells (SE's order: block, row, column), each with 2 potentials,
/// `xz` sharing all but one of the pivot's. XY: the three cells hold three values in
/// all and no value common to the three; XYZ: three values in all and one common.
/// `z`, the value common to the wings, leaves every cell that sees both wings (XYZ:
/// and the pivot), the three cells excepted.
pub(crate) fn xy_wing(grid: &Grid, xyz: bool) -> Option<Hint> {
    let (target, rating, name) = if xyz {
        (3, 44, "XYZ-Wing")
    } else {
        (2, 42, "XY-Wing")
    };
    // The pivot's house cells with two potentials, in SE's order.
    let mut wings: Vec<(usize, u16)> = Vec::with_capacity(20);
    for pivot in 0..81 {
        let xy = grid.cands[pivot];
        if xy.count_ones() != target {
            continue;
        }
        wings.clear();
        wings.extend(
            house_cells(pivot)
                .map(|c| (c, grid.cands[c]))
                .filter(|&(_, cands)| cands.count_ones() == 2),
        );
        for &(xz_cell, xz) in &wings {
            if (xy & !xz).count_ones() != 1 {
                continue;
            }
            for &(yz_cell, yz) in &wings {
                let union = xy | xz | yz;
                let inter = xy & xz & yz;
                let common = if xyz { 1 } else { 0 };
                if union.count_ones() != 3 || inter.count_ones() != common {
                    continue;
                }
                let z = (xz & yz).trailing_zeros() as u8 + 1;
                let mut victims = house_set(xz_cell) & house_set(yz_cell);
                if xyz {
                    victims &= house_set(pivot);
                }
                victims &= !(1 << pivot | 1 << xz_cell | 1 << yz_cell);
                // The victims that hold `z`, lowest cell first.
                let removals: Vec<(u8, u16)> = cells_in(victims)
                    .filter(|&c| grid.has(c, z))
                    .map(|c| (c as u8, bit(z)))
                    .collect();
                let hint = Hint::remove(rating, name, removals);
                if hint.is_worth() {
                    return Some(hint);
                }
            }
        }
    }
    None
}
