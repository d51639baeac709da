//! Wings: XY-Wing, XYZ-Wing, W-Wing.

use super::candidates::Candidates;
use super::step::{Step, Technique, cell_with};
use super::units::{PEERS, UNIT_CELLS, bit, members, name, sees};
use crate::Unit;

/// **XY-Wing**: a pivot cell with candidates `xy` sees two pincers `xz` and `yz`.
/// Whichever the pivot holds, one pincer is `z`, so `z` leaves every cell that sees
/// both pincers.
///
/// Described on SudokuWiki.org, "Y-Wing Strategy", and HoDoKu's "Wings" page
/// ("XY-Wing").
pub fn xy_wing(grid: &Candidates) -> Option<Step> {
    let bivalue: Vec<usize> = (0..81)
        .filter(|&i| grid.mask(i).count_ones() == 2)
        .collect();
    for &p in &bivalue {
        let pm = grid.mask(p);
        for &a in bivalue.iter().filter(|&&a| sees(p, a)) {
            let am = grid.mask(a);
            if (am & pm).count_ones() != 1 {
                continue;
            }
            let z = am & !pm;
            let want = (pm & !am) | z;
            for &b in bivalue.iter().filter(|&&b| b > a && sees(p, b)) {
                if grid.mask(b) != want {
                    continue;
                }
                let zd = z.trailing_zeros() as u8 + 1;
                let targets = PEERS[a] & PEERS[b] & grid.digit_cells(zd) & !(1u128 << p);
                if targets != 0 {
                    return Some(wing(Technique::XyWing, grid, [p, a, b], zd, targets));
                }
            }
        }
    }
    None
}

/// **XYZ-Wing**: a pivot with candidates `xyz` sees two pincers `xz` and `yz`. One of
/// the three cells is `z`, so `z` leaves every cell that sees all three.
///
/// Described on SudokuWiki.org, "XYZ-Wing", and HoDoKu's "Wings" page ("XYZ-Wing").
pub fn xyz_wing(grid: &Candidates) -> Option<Step> {
    let bivalue: Vec<usize> = (0..81)
        .filter(|&i| grid.mask(i).count_ones() == 2)
        .collect();
    for p in (0..81).filter(|&i| grid.mask(i).count_ones() == 3) {
        let pm = grid.mask(p);
        for &a in bivalue
            .iter()
            .filter(|&&a| sees(p, a) && grid.mask(a) & !pm == 0)
        {
            for &b in bivalue.iter().filter(|&&b| b > a && sees(p, b)) {
                let (am, bm) = (grid.mask(a), grid.mask(b));
                let z = am & bm;
                if bm & !pm != 0 || z.count_ones() != 1 || am | bm != pm {
                    continue;
                }
                let zd = z.trailing_zeros() as u8 + 1;
                let targets = PEERS[p] & PEERS[a] & PEERS[b] & grid.digit_cells(zd);
                if targets != 0 {
                    return Some(wing(Technique::XyzWing, grid, [p, a, b], zd, targets));
                }
            }
        }
    }
    None
}

fn wing(technique: Technique, grid: &Candidates, cells: [usize; 3], z: u8, targets: u128) -> Step {
    let [p, a, b] = cells;
    let mut step = Step::new(technique)
        .with_cells(cells)
        .with_digits(grid.mask(p) | grid.mask(a) | grid.mask(b));
    step.note = cell_with(p, grid.mask(p));
    for i in members(targets) {
        step.eliminate(i, z);
    }
    step
}

/// **W-Wing**: two cells that do not see each other both hold only `xy`, and a strong
/// link on `x` (a house where `x` fits in exactly two cells) has one end seeing each of
/// them. One of the two cells must then be `y` (were both `x`, the link's two ends would
/// both lose `x`), so `y` leaves every cell that sees both.
///
/// Described on SudokuWiki.org, "W-Wing", and HoDoKu's "Wings" page ("W-Wing").
pub fn w_wing(grid: &Candidates) -> Option<Step> {
    let bivalue: Vec<usize> = (0..81)
        .filter(|&i| grid.mask(i).count_ones() == 2)
        .collect();
    for (k, &a) in bivalue.iter().enumerate() {
        for &b in &bivalue[k + 1..] {
            let m = grid.mask(a);
            if grid.mask(b) != m || sees(a, b) {
                continue;
            }
            for x in super::units::digits(m) {
                let y = (m & !bit(x)).trailing_zeros() as u8 + 1;
                let targets = PEERS[a] & PEERS[b] & grid.digit_cells(y);
                if targets == 0 {
                    continue;
                }
                for h in 0..27 {
                    let positions = grid.positions(h, x);
                    if positions.count_ones() != 2 {
                        continue;
                    }
                    let u = usize::from(UNIT_CELLS[h][positions.trailing_zeros() as usize]);
                    let v = usize::from(UNIT_CELLS[h][15 - positions.leading_zeros() as usize]);
                    if [u, v].iter().any(|&c| c == a || c == b) {
                        continue;
                    }
                    let linked = (sees(u, a) && sees(v, b)) || (sees(u, b) && sees(v, a));
                    if !linked {
                        continue;
                    }
                    let mut step = Step::new(Technique::WWing)
                        .with_cells([a, b, u, v])
                        .with_houses([h])
                        .with_digits(m);
                    step.cells.truncate(2);
                    step.cells.extend([u, v].map(super::step::to_coord));
                    step.note = format!(
                        "{x} in {} is at {} or {}",
                        Unit::from_index(h, 9),
                        name(u),
                        name(v)
                    );
                    for i in members(targets) {
                        step.eliminate(i, y);
                    }
                    return Some(step);
                }
            }
        }
    }
    None
}
