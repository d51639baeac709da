//! Sudoku Explainer's grid: values and candidates, its regions in its own order, and
//! how a hint changes them.
//!
//! SE (`diuf.sudoku.Grid`, `Cell`) keeps, for every cell, a value (0 when empty) and a
//! set of *potential values*. The potentials of an empty cell start as the digits no
//! peer holds (`Solver.rebuildPotentialValues`); a placement (`Cell.setValueAndCancel`)
//! clears the cell's potentials and removes the value from every cell of its block,
//! row and column. Nothing else changes them but a hint's removals.
//!
//! Regions are numbered as SE's arrays hold them: blocks 0..9 left to right, top to
//! bottom, a block's cells row-major inside it; rows 0..9 top to bottom; columns 0..9
//! left to right. A region's *index* of a cell is its position in that order
//! (`Region.getCell(index)`).

use super::hint::Hint;
use crate::Sudoku;

/// A region kind, in SE's words (`Grid.Block`, `Grid.Row`, `Grid.Column`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A 3 x 3 block.
    Block = 0,
    /// A row.
    Row = 1,
    /// A column.
    Column = 2,
}

impl Kind {
    /// The order most of SE's producers visit kinds in: blocks, columns, rows.
    pub(crate) const BLOCK_COLUMN_ROW: [Kind; 3] = [Kind::Block, Kind::Column, Kind::Row];
    /// `Grid.getRegionTypes()`: blocks, rows, columns (a cell's house cells, loops).
    pub(crate) const BLOCK_ROW_COLUMN: [Kind; 3] = [Kind::Block, Kind::Row, Kind::Column];
}

/// One region: its kind and number (0..9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Region {
    pub(crate) kind: Kind,
    pub(crate) num: usize,
}

impl Region {
    pub(crate) const fn new(kind: Kind, num: usize) -> Region {
        Region { kind, num }
    }

    /// The cell (0..81, row-major) at `index` of this region.
    pub(crate) const fn cell(self, index: usize) -> usize {
        REGION_CELLS[self.kind as usize][self.num][index] as usize
    }

    /// The cell at `index`, computed (builds `REGION_CELLS`).
    const fn compute_cell(self, index: usize) -> usize {
        match self.kind {
            Kind::Block => ((self.num / 3) * 3 + index / 3) * 9 + (self.num % 3) * 3 + index % 3,
            Kind::Row => self.num * 9 + index,
            Kind::Column => index * 9 + self.num,
        }
    }

    /// The region of this kind that holds `cell`.
    pub(crate) const fn of(kind: Kind, cell: usize) -> Region {
        let (row, col) = (cell / 9, cell % 9);
        let num = match kind {
            Kind::Block => (row / 3) * 3 + col / 3,
            Kind::Row => row,
            Kind::Column => col,
        };
        Region { kind, num }
    }

    /// The index of `cell` in this region (`Region.indexOf`); the cell must be in it.
    pub(crate) const fn index_of(self, cell: usize) -> usize {
        let (row, col) = (cell / 9, cell % 9);
        match self.kind {
            Kind::Block => (row % 3) * 3 + col % 3,
            Kind::Row => col,
            Kind::Column => row,
        }
    }

    /// Whether this region contains `cell`.
    pub(crate) const fn contains(self, cell: usize) -> bool {
        let r = Region::of(self.kind, cell);
        r.num == self.num
    }

    /// `Region.crosses`: whether the two regions share cells (a region crosses itself).
    pub(crate) const fn crosses(self, other: Region) -> bool {
        match (self.kind, other.kind) {
            (Kind::Block, Kind::Block) | (Kind::Row, Kind::Row) | (Kind::Column, Kind::Column) => {
                self.num == other.num
            }
            (Kind::Row, Kind::Column) | (Kind::Column, Kind::Row) => true,
            (Kind::Row, Kind::Block) => self.num / 3 == other.num / 3,
            (Kind::Block, Kind::Row) => other.num / 3 == self.num / 3,
            (Kind::Column, Kind::Block) => self.num / 3 == other.num % 3,
            (Kind::Block, Kind::Column) => other.num / 3 == self.num % 3,
        }
    }

    /// The 9 cells, in index order.
    pub(crate) fn cells(self) -> impl Iterator<Item = usize> {
        (0..9).map(move |i| self.cell(i))
    }
}

/// Every region's cells in index order, by kind (block, row, column) and number.
const REGION_CELLS: [[[u8; 9]; 9]; 3] = {
    let mut table = [[[0u8; 9]; 9]; 3];
    let kinds = [Kind::Block, Kind::Row, Kind::Column];
    let mut k = 0;
    while k < 3 {
        let mut num = 0;
        while num < 9 {
            let mut i = 0;
            while i < 9 {
                table[k][num][i] = Region::new(kinds[k], num).compute_cell(i) as u8;
                i += 1;
            }
            num += 1;
        }
        k += 1;
    }
    table
};

/// Every cell's 20 peers in SE's order ([`house_cells`]).
const PEERS: [[u8; 20]; 81] = {
    let mut table = [[0u8; 20]; 81];
    let kinds = [Kind::Block, Kind::Row, Kind::Column];
    let mut cell = 0;
    while cell < 81 {
        let mut seen: u128 = 1 << cell;
        let mut n = 0;
        let mut k = 0;
        while k < 3 {
            let region = Region::of(kinds[k], cell);
            let mut i = 0;
            while i < 9 {
                let c = region.compute_cell(i);
                if seen & (1 << c) == 0 {
                    seen |= 1 << c;
                    table[cell][n] = c as u8;
                    n += 1;
                }
                i += 1;
            }
            k += 1;
        }
        cell += 1;
    }
    table
};

/// Every cell's peers as a set.
const PEER_SETS: [CellSet; 81] = {
    let mut table = [0; 81];
    let mut cell = 0;
    while cell < 81 {
        let mut i = 0;
        while i < 20 {
            table[cell] |= 1 << PEERS[cell][i];
            i += 1;
        }
        cell += 1;
    }
    table
};

/// A set of up to 81 cells, bit `c` for cell `c`.
pub(crate) type CellSet = u128;

/// `Cell.getHouseCells()`: the 20 peers of a cell in SE's order (its block row-major,
/// then its row, then its column, each cell once).
pub(crate) fn house_cells(cell: usize) -> impl Iterator<Item = usize> {
    PEERS[cell].iter().map(|&c| c as usize)
}

/// The peers of a cell as a set (order-free uses).
pub(crate) fn house_set(cell: usize) -> CellSet {
    PEER_SETS[cell]
}

/// Bit for digit `v` (1..=9) in a candidate mask.
pub(crate) const fn bit(v: u8) -> u16 {
    1 << (v - 1)
}

/// Every cell's region number and index in it, by kind (block, row, column):
/// `(num, index)`.
const PLACES: [[(u8, u8); 3]; 81] = {
    let mut table = [[(0u8, 0u8); 3]; 81];
    let kinds = [Kind::Block, Kind::Row, Kind::Column];
    let mut cell = 0;
    while cell < 81 {
        let mut k = 0;
        while k < 3 {
            let region = Region::of(kinds[k], cell);
            table[cell][k] = (region.num as u8, region.index_of(cell) as u8);
            k += 1;
        }
        cell += 1;
    }
    table
};

/// SE's grid: values and potential values, with every region's positions of every
/// value kept up to date ([`Grid::positions`] is a look-up), and every region's count
/// of empty cells. Candidates and values change only through [`Grid::remove`],
/// [`Grid::place`] and [`Grid::apply`], so the positions and counts always agree
/// with them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Grid {
    /// Values, row-major, 0 when empty. Read only: write through [`Grid::place`].
    pub(crate) values: [u8; 81],
    /// Potential values, bit `v - 1` for digit `v`; 0 for a filled cell. Read only:
    /// write through [`Grid::remove`].
    pub(crate) cands: [u16; 81],
    /// `[kind as usize * 9 + num][value - 1]`: bit `i` for each index `i` of the
    /// region whose cell may hold the value.
    table: [[u16; 9]; 27],
    /// `[kind as usize * 9 + num]`: the region's empty cells.
    empty: [u8; 27],
}

impl Grid {
    /// The grid of a 9 x 9 puzzle's givens with potentials rebuilt as SE does.
    pub(crate) fn new(sudoku: &Sudoku) -> Grid {
        let mut values = [0; 81];
        let mut cands = [0x1ff; 81];
        for (cell, &v) in sudoku.cells().iter().enumerate() {
            if v != 0 {
                values[cell] = v;
                cands[cell] = 0;
            }
        }
        for (cell, &v) in values.iter().enumerate() {
            if v != 0 {
                for peer in house_cells(cell) {
                    cands[peer] &= !bit(v);
                }
            }
        }
        Grid::from_parts(values, cands)
    }

    /// A grid of these values and potentials (its positions computed).
    pub(crate) fn from_parts(values: [u8; 81], cands: [u16; 81]) -> Grid {
        let mut table = [[0u16; 9]; 27];
        for (cell, &mask) in cands.iter().enumerate() {
            for v in bits(mask) {
                for (k, &(num, index)) in PLACES[cell].iter().enumerate() {
                    table[k * 9 + num as usize][v] |= 1 << index;
                }
            }
        }
        let mut empty = [0u8; 27];
        for (cell, &v) in values.iter().enumerate() {
            if v == 0 {
                for (k, &(num, _)) in PLACES[cell].iter().enumerate() {
                    empty[k * 9 + num as usize] += 1;
                }
            }
        }
        Grid {
            values,
            cands,
            table,
            empty,
        }
    }

    /// Removes the potentials `mask` from `cell` (those it has).
    pub(crate) fn remove(&mut self, cell: usize, mask: u16) {
        let gone = self.cands[cell] & mask;
        if gone == 0 {
            return;
        }
        self.cands[cell] &= !gone;
        let places = &PLACES[cell];
        for v in bits(gone) {
            for (k, &(num, index)) in places.iter().enumerate() {
                self.table[k * 9 + num as usize][v] &= !(1 << index);
            }
        }
    }

    /// `Solver.isSolved`: every cell has a value.
    pub(crate) fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// Whether `cell` may hold `v`.
    pub(crate) fn has(&self, cell: usize, v: u8) -> bool {
        self.cands[cell] & bit(v) != 0
    }

    /// `Region.getPotentialPositions(v)`: bit `i` for each index `i` whose cell may hold `v`.
    #[inline]
    pub(crate) fn positions(&self, region: Region, v: u8) -> u16 {
        self.table[region.kind as usize * 9 + region.num][v as usize - 1]
    }

    /// Every region's [`Grid::positions`] of every value at once:
    /// `[kind as usize * 9 + num][value - 1]`.
    pub(crate) fn position_table(&self) -> &[[u16; 9]; 27] {
        &self.table
    }

    /// `Region.getEmptyCellCount`.
    pub(crate) fn empty_count(&self, region: Region) -> u32 {
        u32::from(self.empty[region.kind as usize * 9 + region.num])
    }

    /// `Grid.getCountOccurancesOfValue` of every value: how many cells hold `v`,
    /// at `[v - 1]`.
    pub(crate) fn occurrence_counts(&self) -> [u32; 9] {
        let mut counts = [0; 10];
        for &v in &self.values {
            counts[v as usize] += 1;
        }
        let mut out = [0; 9];
        out.copy_from_slice(&counts[1..]);
        out
    }

    /// `Cell.setValueAndCancel`.
    pub(crate) fn place(&mut self, cell: usize, v: u8) {
        if self.values[cell] == 0 {
            for (k, &(num, _)) in PLACES[cell].iter().enumerate() {
                self.empty[k * 9 + num as usize] -= 1;
            }
        }
        self.values[cell] = v;
        self.remove(cell, 0x1ff);
        for peer in house_cells(cell) {
            self.remove(peer, bit(v));
        }
    }

    /// `Hint.apply`: the removals, then the placement (a direct hint has only the
    /// placement; `IndirectHint.apply` removes first, then places its cell if it has one).
    pub(crate) fn apply(&mut self, hint: &Hint) {
        for &(cell, mask) in &hint.removals {
            self.remove(cell as usize, mask);
        }
        if let Some((cell, v)) = hint.placement {
            self.place(cell as usize, v);
        }
    }
}

/// The cells of a set, lowest first.
pub(crate) fn cells_in(mut set: CellSet) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let c = set.trailing_zeros() as usize;
        set &= set - 1;
        Some(c)
    })
}

/// The `k`-element subsets of `0..n` as bit masks, in the order of SE's
/// `tools.Permutations` (Gosper's hack: increasing numeric value).
pub(crate) fn combinations(k: u32, n: u32) -> impl Iterator<Item = u16> {
    // The next larger mask with as many bits (Gosper's hack), until `end`.
    let end = 1u32 << n;
    let mut next = if k > n { end } else { (1u32 << k) - 1 };
    std::iter::from_fn(move || {
        if next >= end {
            return None;
        }
        let m = next;
        next = if m == 0 {
            end
        } else {
            let low = m & m.wrapping_neg();
            let ripple = m + low;
            ripple | (((m ^ ripple) >> 2) / low)
        };
        Some(m as u16)
    })
}

/// The bits of a mask, lowest first.
pub(crate) fn bits(mut mask: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(i)
    })
}

/// The digits of a candidate mask, lowest first.
pub(crate) fn digits(mask: u16) -> impl Iterator<Item = u8> {
    bits(mask).map(|i| i as u8 + 1)
}

/// `CommonTuples.searchCommonTuple`: every set has more than one member and their union
/// has exactly `degree`; returns the union.
pub(crate) fn common_tuple(sets: &[u16], degree: u32) -> Option<u16> {
    common_tuple_of(sets.iter().copied(), degree)
}

/// [`common_tuple`] of sets as they come, without collecting them.
pub(crate) fn common_tuple_of(sets: impl IntoIterator<Item = u16>, degree: u32) -> Option<u16> {
    let mut union = 0;
    for s in sets {
        if s.count_ones() <= 1 {
            return None;
        }
        union |= s;
    }
    (union.count_ones() == degree).then_some(union)
}

/// [`common_tuple`] over every `degree`-subset of `0..9` in SE's `Permutations` order,
/// without trying the subsets that cannot pass: `sets[i]` is member `i`'s set. `f`
/// gets each subset whose sets all have more than one member and whose union has
/// exactly `degree` (as a mask of `i`, and that union), in [`combinations`] order,
/// until it returns something. A subset with a set of one member or fewer, or of more
/// than `degree`, or whose part already has more than `degree` in its union, is
/// skipped whole (the test
/// `tuples_are_the_common_tuples_in_order`).
pub(crate) fn tuples<T>(
    sets: &[u16; 9],
    degree: u32,
    mut f: impl FnMut(u16, u16) -> Option<T>,
) -> Option<T> {
    let mut elems = [0u8; 9];
    let mut n = 0;
    for (i, s) in sets.iter().enumerate() {
        // A set of more than `degree` members is in no subset that can pass.
        if (2..=degree).contains(&s.count_ones()) {
            elems[n] = i as u8;
            n += 1;
        }
    }
    // Increasing masks: the highest member first (ascending), then the next highest
    // below it, and so on (colexicographic order).
    fn go<T>(
        sets: &[u16; 9],
        elems: &[u8],
        k: u32,
        mask: u16,
        union: u16,
        degree: u32,
        f: &mut impl FnMut(u16, u16) -> Option<T>,
    ) -> Option<T> {
        if k == 0 {
            return if union.count_ones() == degree {
                f(mask, union)
            } else {
                None
            };
        }
        for hi in (k as usize - 1)..elems.len() {
            let i = elems[hi];
            let u = union | sets[i as usize];
            if u.count_ones() > degree {
                continue;
            }
            if let Some(t) = go(sets, &elems[..hi], k - 1, mask | 1 << i, u, degree, f) {
                return Some(t);
            }
        }
        None
    }
    if degree == 0 {
        return None;
    }
    go(sets, &elems[..n], degree, 0, 0, degree, &mut f)
}

/// `CommonTuples.searchCommonTupleLight`: the same with every set merely non-empty.
pub(crate) fn common_tuple_light(sets: &[u16], degree: u32) -> Option<u16> {
    let mut union = 0;
    for &s in sets {
        union |= s;
        if s == 0 {
            return None;
        }
    }
    (union.count_ones() == degree).then_some(union)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_agree_with_their_indexes() {
        for kind in Kind::BLOCK_ROW_COLUMN {
            for num in 0..9 {
                let region = Region::new(kind, num);
                for i in 0..9 {
                    let cell = region.cell(i);
                    assert_eq!(Region::of(kind, cell), region);
                    assert_eq!(region.index_of(cell), i);
                }
            }
        }
    }

    #[test]
    fn the_position_table_is_every_regions_positions() {
        let mut cands = [0; 81];
        for (c, mask) in cands.iter_mut().enumerate() {
            *mask = (c * 37 % 512) as u16;
        }
        let mut grid = Grid::from_parts([0; 81], cands);
        // Kept up to date as potentials go.
        for c in (0..81).step_by(7) {
            grid.remove(c, (c * 11 % 512) as u16);
        }
        grid.place(40, 5);
        let table = grid.position_table();
        for kind in Kind::BLOCK_ROW_COLUMN {
            for num in 0..9 {
                for v in 1..=9u8 {
                    let region = Region::new(kind, num);
                    let scanned = region
                        .cells()
                        .enumerate()
                        .filter(|&(_, c)| grid.has(c, v))
                        .fold(0u16, |m, (i, _)| m | 1 << i);
                    assert_eq!(table[kind as usize * 9 + num][v as usize - 1], scanned);
                    assert_eq!(grid.positions(region, v), scanned);
                }
            }
        }
    }

    #[test]
    fn crossing_is_sharing_a_cell() {
        let all: Vec<Region> = Kind::BLOCK_ROW_COLUMN
            .into_iter()
            .flat_map(|k| (0..9).map(move |n| Region::new(k, n)))
            .collect();
        for &a in &all {
            for &b in &all {
                let shared = a.cells().any(|c| b.contains(c));
                assert_eq!(a.crosses(b), shared, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn house_cells_are_the_twenty_peers_block_first() {
        let peers: Vec<usize> = house_cells(40).collect();
        assert_eq!(peers.len(), 20);
        assert_eq!(&peers[..8], &[30, 31, 32, 39, 41, 48, 49, 50]);
    }

    #[test]
    fn tuples_are_the_common_tuples_in_order() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..3000 {
            let mut sets = [0u16; 9];
            for s in &mut sets {
                // Mostly small sets, so that tuples exist.
                let r = next();
                *s = (r as u16 & 0x1ff)
                    & (r >> 16) as u16
                    & if round % 2 == 0 {
                        0x1ff
                    } else {
                        (r >> 32) as u16
                    };
            }
            for degree in 1..=5 {
                let plain: Vec<(u16, u16)> = combinations(degree, 9)
                    .filter_map(|m| {
                        common_tuple_of(bits(m).map(|i| sets[i]), degree).map(|u| (m, u))
                    })
                    .collect();
                let mut fast = Vec::new();
                let none: Option<()> = tuples(&sets, degree, |m, u| {
                    fast.push((m, u));
                    None
                });
                assert!(none.is_none());
                assert_eq!(fast, plain, "{sets:?} {degree}");
                // Stops at the first `Some`.
                if let Some(&first) = plain.first() {
                    assert_eq!(tuples(&sets, degree, |m, u| Some((m, u))), Some(first));
                }
            }
        }
    }

    #[test]
    fn combinations_follow_gospers_order() {
        let c: Vec<u16> = combinations(2, 4).collect();
        assert_eq!(c, [0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]);
        assert_eq!(combinations(3, 9).count(), 84);
        for (k, n) in [(0, 9), (1, 9), (2, 9), (4, 9), (9, 9), (3, 5), (6, 4)] {
            let filtered: Vec<u16> = (0u32..1 << n)
                .filter(|m| m.count_ones() == k)
                .map(|m| m as u16)
                .collect();
            assert_eq!(
                combinations(k, n).collect::<Vec<_>>(),
                filtered,
                "{k} of {n}"
            );
        }
    }
}
