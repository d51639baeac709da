//! The dedicated 9 x 9 solver: one 81-bit board per value (see the crate docs).
//!
//! Cell `c = 9 * row + col` is bit `c` of a `u128`. `boards[v]` holds the cells where
//! value `v + 1` is placed or still possible; a placed value keeps only its own bit
//! within its peers, so a unit whose board for some value is empty is a contradiction.

use crate::SearchResult;

const ALL: u128 = (1 << 81) - 1;

const fn unit_masks() -> [u128; 27] {
    let mut units = [0u128; 27];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        let b = (r / 3) * 3 + c / 3;
        units[r] |= 1 << cell;
        units[9 + c] |= 1 << cell;
        units[18 + b] |= 1 << cell;
        cell += 1;
    }
    units
}

/// Rows 0..9, columns 9..18, boxes 18..27.
const UNITS: [u128; 27] = unit_masks();

const fn peer_masks() -> [u128; 81] {
    let mut peers = [0u128; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        let b = (r / 3) * 3 + c / 3;
        peers[cell] = (UNITS[r] | UNITS[9 + c] | UNITS[18 + b]) & !(1 << cell);
        cell += 1;
    }
    peers
}

const PEERS: [u128; 81] = peer_masks();

/// Column 0: bits 0, 9, ..., 72.
const COLUMN0: u128 = {
    let mut m = 0u128;
    let mut r = 0;
    while r < 9 {
        m |= 1 << (9 * r);
        r += 1;
    }
    m
};

const BAND: u32 = (1 << 27) - 1;

/// For a 9-bit row segment: which of its three boxes (bits 0-2) hold a cell.
const ROW_BOXES: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        t[x] = ((x & 0o7 != 0) as u32)
            | (((x & 0o70 != 0) as u32) << 1)
            | (((x & 0o700 != 0) as u32) << 2);
        x += 1;
    }
    t
};

/// For a 3 x 3 occupancy pattern of a band's mini-rows (bit 3r + k: row r, box k), the
/// union of the permutation patterns inside it: a value sits once in each row and
/// once in each box of a band, so its three mini-rows form a permutation.
const PERMUTATION_UNION: [u32; 512] = {
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut i = 0;
        while i < 6 {
            let p = PERMS[i];
            let m = (1 << p[0]) | (1 << (3 + p[1])) | (1 << (6 + p[2]));
            if s & m == m {
                t[s] |= m as u32;
            }
            i += 1;
        }
        s += 1;
    }
    t
};

/// A mini-row pattern (bit 3r + k) as the band's cells (bits 9r + 3k ..= 9r + 3k + 2).
const MINIROW_CELLS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut bit = 0;
        while bit < 9 {
            if s & (1 << bit) != 0 {
                t[s] |= 0b111 << (9 * (bit / 3) + 3 * (bit % 3));
            }
            bit += 1;
        }
        s += 1;
    }
    t
};

/// The band and stack closure of one value's board. A value sits once in each row,
/// column and box, so in each band (three rows) the mini-rows (row x box intersections)
/// holding it form a 3 x 3 permutation pattern, and likewise the mini-columns of each
/// stack (three columns). This keeps only the mini-rows and mini-columns that belong
/// to some such pattern: one table step per band and per stack that performs pointing
/// and claiming (locked candidates) for rows and columns and exposes hidden singles in
/// boxes as row singles. `None` when a band or stack admits no placement.
#[inline]
fn band_closure(board: u128) -> Option<u128> {
    let mut bands = [0u32; 3];
    for (k, band) in bands.iter_mut().enumerate() {
        let a = (board >> (27 * k)) as u32 & BAND;
        let s = ROW_BOXES[(a & 0x1FF) as usize]
            | (ROW_BOXES[((a >> 9) & 0x1FF) as usize] << 3)
            | (ROW_BOXES[(a >> 18) as usize] << 6);
        let keep = PERMUTATION_UNION[s as usize];
        if keep == 0 {
            return None;
        }
        *band = a & MINIROW_CELLS[keep as usize];
    }
    // Columns present in each band (bit c: column c), then the same closure per stack
    // with bands as the pattern's rows and the stack's columns as its columns.
    let occ = bands.map(|a| (a | (a >> 9) | (a >> 18)) & 0x1FF);
    let mut allowed = [0u32; 3];
    for stack in 0..3 {
        let shift = 3 * stack;
        let pattern = ((occ[0] >> shift) & 7)
            | (((occ[1] >> shift) & 7) << 3)
            | (((occ[2] >> shift) & 7) << 6);
        let keep = PERMUTATION_UNION[pattern as usize];
        if keep == 0 {
            return None;
        }
        for (k, cols) in allowed.iter_mut().enumerate() {
            *cols |= ((keep >> (3 * k)) & 7) << shift;
        }
    }
    let mut out = 0u128;
    for k in 0..3 {
        let cols = allowed[k];
        let cells = bands[k] & (cols | (cols << 9) | (cols << 18));
        out |= u128::from(cells) << (27 * k);
    }
    Some(out)
}

#[derive(Clone, Copy)]
struct Board {
    boards: [u128; 9],
    solved: u128,
    /// Values whose board changed since propagation last examined it.
    dirty: u16,
}

impl Board {
    #[inline]
    fn place(&mut self, v: usize, cell: u32) {
        let bit = 1u128 << cell;
        for (k, b) in self.boards.iter_mut().enumerate() {
            if *b & bit != 0 {
                *b &= !bit;
                self.dirty |= 1 << k;
            }
        }
        self.boards[v] = (self.boards[v] & !PEERS[cell as usize]) | bit;
        self.dirty |= 1 << v;
        self.solved |= bit;
    }

    /// Propagation to a fixed point: naked singles, the band closure (see
    /// [`band_closure`]), and hidden singles in rows and columns. `false` on a
    /// contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            let unsolved = ALL & !self.solved;
            if unsolved == 0 {
                return true;
            }
            let (mut ones, mut twos) = (0u128, 0u128);
            for &b in &self.boards {
                twos |= ones & b;
                ones |= b;
            }
            if ones & unsolved != unsolved {
                return false;
            }
            let mut singles = ones & !twos & unsolved;
            if singles != 0 {
                while singles != 0 {
                    let cell = singles.trailing_zeros();
                    singles &= singles - 1;
                    let bit = 1u128 << cell;
                    match self.boards.iter().position(|&b| b & bit != 0) {
                        Some(v) => self.place(v, cell),
                        None => return false,
                    }
                }
            }
            if self.dirty == 0 {
                return true;
            }
            while self.dirty != 0 {
                let v = self.dirty.trailing_zeros() as usize;
                self.dirty &= self.dirty - 1;
                let before = self.boards[v];
                let Some(after) = band_closure(before) else {
                    return false;
                };
                if after != before {
                    self.boards[v] = after;
                }
                // Hidden singles in rows (a row segment with one cell) and columns (a
                // column bit seen in exactly one row segment).
                let (mut col_ones, mut col_twos) = (0u32, 0u32);
                for r in 0..9 {
                    let seg = (after >> (9 * r)) as u32 & 0x1FF;
                    col_twos |= col_ones & seg;
                    col_ones |= seg;
                    if seg & seg.wrapping_sub(1) == 0 {
                        if seg == 0 {
                            return false;
                        }
                        let cell = 9 * r + seg.trailing_zeros();
                        if self.solved & (1u128 << cell) == 0 {
                            self.place(v, cell);
                        }
                    }
                }
                if col_ones != 0x1FF {
                    return false;
                }
                let mut once = col_ones & !col_twos;
                if once != 0 {
                    let board = self.boards[v];
                    while once != 0 {
                        let col = once.trailing_zeros();
                        once &= once - 1;
                        let cells = board & (COLUMN0 << col);
                        if cells != 0 && cells & (cells - 1) == 0 && cells & self.solved == 0 {
                            self.place(v, cells.trailing_zeros());
                        }
                    }
                }
            }
        }
    }

    /// The unsolved cell to branch on: a bivalue cell if any, else one with the fewest
    /// candidates.
    fn branch_cell(&self) -> u32 {
        let unsolved = ALL & !self.solved;
        let (mut ones, mut twos, mut threes) = (0u128, 0u128, 0u128);
        for &b in &self.boards {
            threes |= twos & b;
            twos |= ones & b;
            ones |= b;
        }
        let bivalue = twos & !threes & unsolved;
        if bivalue != 0 {
            return bivalue.trailing_zeros();
        }
        let mut best = unsolved.trailing_zeros();
        let mut best_count = u32::MAX;
        let mut rest = unsolved;
        while rest != 0 {
            let cell = rest.trailing_zeros();
            rest &= rest - 1;
            let count = self
                .boards
                .iter()
                .filter(|&&b| b & (1u128 << cell) != 0)
                .count() as u32;
            if count < best_count {
                best_count = count;
                best = cell;
                if count == 3 {
                    break;
                }
            }
        }
        best
    }

    fn cells(&self) -> Vec<u8> {
        (0..81)
            .map(|cell| {
                let bit = 1u128 << cell;
                self.boards
                    .iter()
                    .position(|&b| b & bit != 0)
                    .map_or(0, |v| v as u8 + 1)
            })
            .collect()
    }
}

/// Counts solutions of a 9 x 9 grid (81 cells, 0 = blank, givens consistent) up to
/// `limit`, keeping the first.
pub(crate) fn search(cells: &[u8], limit: u64) -> SearchResult {
    let mut result = SearchResult::default();
    if limit == 0 || cells.len() != 81 {
        return result;
    }
    let mut board = Board {
        boards: [ALL; 9],
        solved: 0,
        dirty: 0x1FF,
    };
    for (cell, &v) in cells.iter().enumerate() {
        if (1..=9).contains(&v) {
            let bit = 1u128 << cell;
            if board.boards[usize::from(v - 1)] & bit == 0 {
                return result;
            }
            board.place(usize::from(v - 1), cell as u32);
        }
    }
    dfs(board, limit, &mut result);
    result
}

fn dfs(mut board: Board, limit: u64, result: &mut SearchResult) {
    if !board.propagate() {
        return;
    }
    if board.solved == ALL {
        result.count += 1;
        if result.first.is_none() {
            result.first = Some(board.cells());
        }
        return;
    }
    let cell = board.branch_cell();
    let bit = 1u128 << cell;
    for v in 0..9 {
        if board.boards[v] & bit == 0 {
            continue;
        }
        if result.count >= limit {
            return;
        }
        result.stats.guesses += 1;
        let mut child = board;
        child.place(v, cell);
        dfs(child, limit, result);
        board.boards[v] &= !bit;
    }
}
