//! Units (rows, columns, boxes; HoDoKu's houses) of the 9 x 9 grid and the tables every
//! technique reads: the cells of each unit, the units of each cell, and each cell's 20
//! peers as a bit set. All of them are built at compile time. A unit is numbered 0..27
//! as [`Unit::from_index`](crate::Unit) reads it: rows, then columns, then boxes.

use grid_core::Coord;

/// A set of cells of the 9 x 9 grid: bit `i` is the cell of row-major index `i`
/// (`row * 9 + col`, 0-based).
pub(crate) type CellSet = u128;

/// The coordinate of row-major cell index `i` (0..81).
pub(crate) fn coord(i: u8) -> Coord {
    Coord::new(usize::from(i) / 9, usize::from(i) % 9)
}

/// The row-major index of a cell, `None` outside the 9 x 9 grid.
pub(crate) fn index(c: Coord) -> Option<usize> {
    (c.row < 9 && c.col < 9).then_some(c.row * 9 + c.col)
}

/// A cell named the way players write it: `r5c4` (1-based).
pub(crate) fn name(i: usize) -> String {
    crate::CellName(Coord::new(i / 9, i % 9)).to_string()
}

/// The box (0..9) of cell `i`.
pub(crate) const fn box_of(i: usize) -> usize {
    (i / 27) * 3 + (i % 9) / 3
}

/// `UNIT_CELLS[h]`: the nine cells of house `h` (rows, then columns, then boxes),
/// row-major within the house.
pub(crate) const UNIT_CELLS: [[u8; 9]; 27] = {
    let mut t = [[0u8; 9]; 27];
    let mut k = 0;
    while k < 9 {
        let mut j = 0;
        while j < 9 {
            t[k][j] = (k * 9 + j) as u8;
            t[9 + k][j] = (j * 9 + k) as u8;
            t[18 + k][j] = (((k / 3) * 3 + j / 3) * 9 + (k % 3) * 3 + j % 3) as u8;
            j += 1;
        }
        k += 1;
    }
    t
};

/// `CELL_UNITS[i]`: the row, column and box (as house indices) of cell `i`.
pub(crate) const CELL_UNITS: [[u8; 3]; 81] = {
    let mut t = [[0u8; 3]; 81];
    let mut i = 0;
    while i < 81 {
        t[i] = [(i / 9) as u8, (9 + i % 9) as u8, (18 + box_of(i)) as u8];
        i += 1;
    }
    t
};

/// `UNIT_SET[h]`: the cells of house `h` as a set.
pub(crate) const UNIT_SET: [CellSet; 27] = {
    let mut t = [0u128; 27];
    let mut h = 0;
    while h < 27 {
        let mut j = 0;
        while j < 9 {
            t[h] |= 1u128 << UNIT_CELLS[h][j];
            j += 1;
        }
        h += 1;
    }
    t
};

/// `PEERS[i]`: the 20 cells that share a house with cell `i` (not `i` itself).
pub(crate) const PEERS: [CellSet; 81] = {
    let mut t = [0u128; 81];
    let mut i = 0;
    while i < 81 {
        let h = CELL_UNITS[i];
        t[i] = (UNIT_SET[h[0] as usize] | UNIT_SET[h[1] as usize] | UNIT_SET[h[2] as usize])
            & !(1u128 << i);
        i += 1;
    }
    t
};

/// Whether two distinct cells share a house.
pub(crate) fn sees(a: usize, b: usize) -> bool {
    PEERS[a] >> b & 1 == 1
}

/// The cells of a set, in increasing order.
pub(crate) fn members(mut set: CellSet) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let i = set.trailing_zeros() as usize;
            set &= set - 1;
            i
        })
    })
}

/// The digits (1..=9) of a candidate mask (bit `d - 1` for digit `d`), increasing.
pub(crate) fn digits(mask: u16) -> impl Iterator<Item = u8> {
    (1..=9u8).filter(move |d| mask >> (d - 1) & 1 == 1)
}

/// The bit of digit `d` (1..=9) in a candidate mask.
pub(crate) const fn bit(d: u8) -> u16 {
    1 << (d - 1)
}

/// Digits written compactly, as players write candidate sets: `127`.
pub(crate) fn digit_string(mask: u16) -> String {
    digits(mask).map(|d| char::from(b'0' + d)).collect()
}

/// Digits listed: `1, 2, 7`.
pub(crate) fn digit_list(mask: u16) -> String {
    digits(mask)
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_has_twenty_peers_and_three_houses() {
        for i in 0..81 {
            assert_eq!(PEERS[i].count_ones(), 20);
            for h in CELL_UNITS[i] {
                assert!(UNIT_CELLS[usize::from(h)].contains(&(i as u8)));
            }
        }
        for set in UNIT_SET {
            assert_eq!(set.count_ones(), 9);
        }
        // Box 5 (index 4) is rows 4-6, columns 4-6 (1-based).
        assert_eq!(UNIT_CELLS[22], [30, 31, 32, 39, 40, 41, 48, 49, 50]);
        assert!(sees(0, 80 - 72) && !sees(0, 80));
    }
}
