//! Intersections: SE's `Locking` producer, direct (`Locking(true)`) and not.

use super::grid::{Grid, Kind, Region, bit};
use super::hint::Hint;

/// The region-kind pairs `Locking.getHints` visits, in order: (block, column),
/// (block, row), (column, block), (row, block). A pair whose first region is a block
/// is *pointing*, else *claiming*.
pub(super) const PAIRS: [(Kind, Kind); 4] = [
    (Kind::Block, Kind::Column),
    (Kind::Block, Kind::Row),
    (Kind::Column, Kind::Block),
    (Kind::Row, Kind::Block),
];

/// The index of a kind pair in [`PAIRS`].
fn pair_of(k1: Kind, k2: Kind) -> usize {
    match (k1, k2) {
        (Kind::Block, Kind::Column) => 0,
        (Kind::Block, Kind::Row) => 1,
        (Kind::Column, _) => 2,
        _ => 3,
    }
}

/// The removals of a locking hint: `v` from the cells of `r2` outside `r1`.
fn removals(grid: &Grid, r1: Region, r2: Region, v: u8) -> Vec<(u8, u16)> {
    r2.cells()
        .filter(|&c| !r1.contains(c) && grid.has(c, v))
        .map(|c| (c as u8, bit(v)))
        .collect()
}

/// `INSIDE[pair][i1][i2]`: bit `i` for each index `i` of region `i1` of the pair's
/// first kind whose cell lies in region `i2` of its second kind (0 when they do not
/// cross).
const INSIDE: [[[u16; 9]; 9]; 4] = {
    let mut table = [[[0u16; 9]; 9]; 4];
    let mut p = 0;
    while p < 4 {
        let (k1, k2) = PAIRS[p];
        let mut i1 = 0;
        while i1 < 9 {
            let mut i2 = 0;
            while i2 < 9 {
                let (r1, r2) = (Region::new(k1, i1), Region::new(k2, i2));
                let mut i = 0;
                while i < 9 {
                    if r2.contains(r1.cell(i)) {
                        table[p][i1][i2] |= 1 << i;
                    }
                    i += 1;
                }
                i2 += 1;
            }
            i1 += 1;
        }
        p += 1;
    }
    table
};

/// `CROSSING[pair][i1]`: the three regions `i2` of the pair's second kind that cross
/// region `i1` of its first, in order, with their [`INSIDE`] masks.
const CROSSING: [[[(usize, u16); 3]; 9]; 4] = {
    let mut table = [[[(0, 0u16); 3]; 9]; 4];
    let mut p = 0;
    while p < 4 {
        let mut i1 = 0;
        while i1 < 9 {
            let (mut i2, mut n) = (0, 0);
            while i2 < 9 {
                if INSIDE[p][i1][i2] != 0 {
                    table[p][i1][n] = (i2, INSIDE[p][i1][i2]);
                    n += 1;
                }
                i2 += 1;
            }
            i1 += 1;
        }
        p += 1;
    }
    table
};

/// The first of `f`'s answers for every (r1, r2, v) where the potential positions of
/// `v` in `r1` (more than one) all lie in `r2`, in SE's order: kind pair, then region
/// r1 0..9, region r2 0..9, digit 1..9 (only crossing regions can hold them).
fn first_locking<T>(
    grid: &Grid,
    mut f: impl FnMut(usize, Region, Region, u8) -> Option<T>,
) -> Option<T> {
    for (p, &(k1, k2)) in PAIRS.iter().enumerate() {
        for (i1, crossing) in CROSSING[p].iter().enumerate() {
            let r1 = Region::new(k1, i1);
            let table = &grid.position_table()[k1 as usize * 9 + i1];
            for &(i2, inside) in crossing {
                for (v, &positions) in (1..=9u8).zip(table) {
                    // All inside r2, and more than one.
                    if positions & !inside == 0 && positions & positions.wrapping_sub(1) != 0 {
                        let found = f(i1, r1, Region::new(k2, i2), v);
                        if found.is_some() {
                            return found;
                        }
                    }
                }
            }
        }
    }
    None
}

/// `Locking(true)`, *Direct Pointing* 1.7 / *Direct Claiming* 1.9
/// (`DirectLockingHint.getDifficulty`): a locking (r1, r2, v) whose removals leave a
/// hidden single of `v` in another region r3 of r1's kind crossing r2 (r3 in 0..9
/// order, `lookForFollowingHiddenSingles`): r3 had more than one position of `v` and
/// exactly one outside r2. The hint removes and places that single.
pub(crate) fn direct_locking(grid: &Grid) -> Option<Hint> {
    first_locking(grid, |i1, r1, r2, v| {
        let pair = pair_of(r1.kind, r2.kind);
        // The regions of r1's kind that cross r2, in order.
        for &(i3, _) in &CROSSING[pair_of(r2.kind, r1.kind)][r2.num] {
            if i3 == i1 {
                continue;
            }
            let r3 = Region::new(r1.kind, i3);
            let positions = grid.positions(r3, v);
            if positions.count_ones() <= 1 {
                continue;
            }
            // The positions of `v` in r3 outside r2 (r3 and r1 are of one kind).
            let outside = positions & !INSIDE[pair][i3][r2.num];
            if outside.count_ones() == 1 {
                let single = r3.cell(outside.trailing_zeros() as usize);
                let (rating, name) = if r1.kind == Kind::Block {
                    (17, "Direct Pointing")
                } else {
                    (19, "Direct Claiming")
                };
                return Some(Hint {
                    placement: Some((single as u8, v)),
                    ..Hint::remove(rating, name, removals(grid, r1, r2, v))
                });
            }
        }
        None
    })
}

/// `Locking(false)`, *Pointing* 2.6 / *Claiming* 2.8 (`LockingHint.getDifficulty`,
/// degree 1): the first locking (r1, r2, v) that removes something.
///
/// The fork's *generalized intersection* (`Locking.getHintsG`, 2.9), tried after
/// these, is not implemented: on a plain 9 x 9 grid the cells that see every position
/// of a digit in a region, outside it, are those a pointing or claiming removes, so it
/// never finds a removal this function has not found first.
pub(crate) fn locking(grid: &Grid) -> Option<Hint> {
    first_locking(grid, |_, r1, r2, v| {
        let (rating, name) = if r1.kind == Kind::Block {
            (26, "Pointing")
        } else {
            (28, "Claiming")
        };
        let hint = Hint::remove(rating, name, removals(grid, r1, r2, v));
        hint.is_worth().then_some(hint)
    })
}
