//! The dedicated 9 x 9 solver: one 81-bit board per value (see the crate docs).
//!
//! Each board is three 27-bit words, one per band (rows 0-2, 3-5, 6-8): cell
//! `(row, col)` is bit `9 * (row % 3) + col` of word `row / 3`. `boards[v]` holds the
//! cells where value `v + 1` is placed or still possible; a placed value keeps only its
//! own bit within its peers, so a unit whose board for some value is empty is a
//! contradiction.

use crate::SearchResult;

type Bands = [u32; 3];

const fn peer_masks() -> [Bands; 81] {
    let mut peers = [[0u32; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        let mut other = 0;
        while other < 81 {
            let (r2, c2) = (other / 9, other % 9);
            let same_box = r / 3 == r2 / 3 && c / 3 == c2 / 3;
            if other != cell && (r == r2 || c == c2 || same_box) {
                peers[cell][r2 / 3] |= 1 << (9 * (r2 % 3) + c2);
            }
            other += 1;
        }
        cell += 1;
    }
    peers
}

const PEERS: [Bands; 81] = peer_masks();

/// Bits 0, 9 and 18: column 0 of a band.
const BAND_COLUMN0: u32 = 1 | (1 << 9) | (1 << 18);

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
fn band_closure(board: Bands) -> Option<Bands> {
    let mut bands = [0u32; 3];
    for (band, &a) in bands.iter_mut().zip(&board) {
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
    for (band, cols) in bands.iter_mut().zip(allowed) {
        *band &= cols | (cols << 9) | (cols << 18);
    }
    Some(bands)
}

#[derive(Clone, Copy)]
struct Board {
    boards: [Bands; 9],
    solved: Bands,
    /// Values whose board changed since propagation last examined it.
    dirty: u16,
}

/// The cell number (9 * row + col) of bit `bit` of band `k`.
#[inline]
fn cell_of(k: usize, bit: u32) -> u32 {
    27 * k as u32 + bit
}

impl Board {
    #[inline]
    fn place(&mut self, v: usize, cell: u32) {
        let (k, bit) = ((cell / 27) as usize, 1u32 << (cell % 27));
        for (d, b) in self.boards.iter_mut().enumerate() {
            if b[k] & bit != 0 {
                b[k] &= !bit;
                self.dirty |= 1 << d;
            }
        }
        let peers = &PEERS[cell as usize];
        let b = &mut self.boards[v];
        for j in 0..3 {
            b[j] &= !peers[j];
        }
        b[k] |= bit;
        self.dirty |= 1 << v;
        self.solved[k] |= bit;
    }

    fn is_solved(&self) -> bool {
        self.solved == [BAND; 3]
    }

    /// Propagation to a fixed point: naked singles, the band and stack closure (see
    /// [`band_closure`]), and hidden singles in rows and columns. `false` on a
    /// contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            for k in 0..3 {
                let unsolved = BAND & !self.solved[k];
                if unsolved == 0 {
                    continue;
                }
                let (mut ones, mut twos) = (0u32, 0u32);
                for b in &self.boards {
                    twos |= ones & b[k];
                    ones |= b[k];
                }
                if ones & unsolved != unsolved {
                    return false;
                }
                let mut singles = ones & !twos & unsolved;
                while singles != 0 {
                    let bit = singles.trailing_zeros();
                    singles &= singles - 1;
                    match self.boards.iter().position(|b| b[k] & (1 << bit) != 0) {
                        Some(v) => self.place(v, cell_of(k, bit)),
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
                let Some(after) = band_closure(self.boards[v]) else {
                    return false;
                };
                self.boards[v] = after;
                // Hidden singles in rows (a row segment with one cell) and columns (a
                // column bit seen in exactly one row segment).
                let (mut col_ones, mut col_twos) = (0u32, 0u32);
                for (k, &a) in after.iter().enumerate() {
                    for r in 0..3 {
                        let seg = (a >> (9 * r)) & 0x1FF;
                        col_twos |= col_ones & seg;
                        col_ones |= seg;
                        if seg & seg.wrapping_sub(1) == 0 {
                            if seg == 0 {
                                return false;
                            }
                            let bit = 9 * r + seg.trailing_zeros();
                            if self.solved[k] & (1 << bit) == 0 {
                                self.place(v, cell_of(k, bit));
                            }
                        }
                    }
                }
                if col_ones != 0x1FF {
                    return false;
                }
                let mut once = col_ones & !col_twos;
                while once != 0 {
                    let col = once.trailing_zeros();
                    once &= once - 1;
                    let board = self.boards[v];
                    for (k, &word) in board.iter().enumerate() {
                        let cells = word & (BAND_COLUMN0 << col);
                        if cells != 0 {
                            if cells & (cells - 1) == 0 && self.solved[k] & cells == 0 {
                                self.place(v, cell_of(k, cells.trailing_zeros()));
                            }
                            break;
                        }
                    }
                }
            }
        }
    }

    /// The unsolved cell to branch on: a bivalue cell if any, else one with the fewest
    /// candidates.
    fn branch_cell(&self) -> u32 {
        let mut best = u32::MAX;
        let mut best_count = u32::MAX;
        for k in 0..3 {
            let unsolved = BAND & !self.solved[k];
            let (mut ones, mut twos, mut threes) = (0u32, 0u32, 0u32);
            for b in &self.boards {
                threes |= twos & b[k];
                twos |= ones & b[k];
                ones |= b[k];
            }
            let bivalue = twos & !threes & unsolved;
            if bivalue != 0 {
                return cell_of(k, bivalue.trailing_zeros());
            }
            let mut rest = unsolved;
            while rest != 0 && best_count > 3 {
                let bit = rest.trailing_zeros();
                rest &= rest - 1;
                let count = self
                    .boards
                    .iter()
                    .filter(|b| b[k] & (1 << bit) != 0)
                    .count() as u32;
                if count < best_count {
                    best_count = count;
                    best = cell_of(k, bit);
                }
            }
        }
        best
    }

    fn cells(&self) -> Vec<u8> {
        (0..81u32)
            .map(|cell| {
                let (k, bit) = ((cell / 27) as usize, 1u32 << (cell % 27));
                self.boards
                    .iter()
                    .position(|b| b[k] & bit != 0)
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
        boards: [[BAND; 3]; 9],
        solved: [0; 3],
        dirty: 0x1FF,
    };
    for (cell, &v) in cells.iter().enumerate() {
        if (1..=9).contains(&v) {
            let (k, bit) = (cell / 27, 1u32 << (cell % 27));
            if board.boards[usize::from(v - 1)][k] & bit == 0 {
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
    if board.is_solved() {
        result.count += 1;
        if result.first.is_none() {
            result.first = Some(board.cells());
        }
        return;
    }
    let cell = board.branch_cell();
    let (k, bit) = ((cell / 27) as usize, 1u32 << (cell % 27));
    for v in 0..9 {
        if board.boards[v][k] & bit == 0 {
            continue;
        }
        if result.count >= limit {
            return;
        }
        result.stats.guesses += 1;
        let mut child = board;
        child.place(v, cell);
        dfs(child, limit, result);
        board.boards[v][k] &= !bit;
    }
}
