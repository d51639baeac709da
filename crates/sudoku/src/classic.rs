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

/// For each of the 54 box-line intersections (box, row) and (box, column): the
/// intersection, the rest of the line and the rest of the box.
const fn intersections() -> [[u128; 3]; 54] {
    let mut out = [[0u128; 3]; 54];
    let mut i = 0;
    let mut b = 0;
    while b < 9 {
        let mut k = 0;
        while k < 3 {
            let row = (b / 3) * 3 + k;
            let col = (b % 3) * 3 + k;
            let boxm = UNITS[18 + b];
            let rowm = UNITS[row];
            let colm = UNITS[9 + col];
            out[i] = [boxm & rowm, rowm & !boxm, boxm & !rowm];
            out[i + 1] = [boxm & colm, colm & !boxm, boxm & !colm];
            i += 2;
            k += 1;
        }
        b += 1;
    }
    out
}

const LINES: [[u128; 3]; 54] = intersections();

#[derive(Clone, Copy)]
struct Board {
    boards: [u128; 9],
    solved: u128,
}

impl Board {
    #[inline]
    fn place(&mut self, v: usize, cell: u32) {
        let bit = 1u128 << cell;
        for b in &mut self.boards {
            *b &= !bit;
        }
        self.boards[v] = (self.boards[v] & !PEERS[cell as usize]) | bit;
        self.solved |= bit;
    }

    /// Naked and hidden singles to a fixed point. `false` on a contradiction.
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
                continue;
            }
            let mut progress = false;
            for v in 0..9 {
                for unit in UNITS {
                    let m = self.boards[v] & unit;
                    if m == 0 {
                        return false;
                    }
                    if m & (m - 1) == 0 && m & self.solved == 0 {
                        self.place(v, m.trailing_zeros());
                        progress = true;
                    }
                }
            }
            if !progress {
                return true;
            }
        }
    }

    /// Pointing and claiming: removes candidates confined to a box-line intersection
    /// from the rest of the line or box. Returns whether anything changed.
    fn locked_candidates(&mut self) -> bool {
        let mut changed = false;
        for b in &mut self.boards {
            for [inter, line_rest, box_rest] in LINES {
                let cands = *b & inter;
                if cands == 0 {
                    continue;
                }
                if *b & box_rest == 0 && *b & line_rest != 0 {
                    *b &= !line_rest;
                    changed = true;
                } else if *b & line_rest == 0 && *b & box_rest != 0 {
                    *b &= !box_rest;
                    changed = true;
                }
            }
        }
        changed
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
    loop {
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
        if !board.locked_candidates() {
            break;
        }
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
