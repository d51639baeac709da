//! The 9 x 9 solver of every [`Variant`]: any list of nine-cell units (rows, columns,
//! boxes or jigsaw regions, and extra units such as diagonals), each holding 1-9 once.
//!
//! The state is digit-major: for each value, the 81-bit set of cells where it may
//! still go (a `u128`), and the set of assigned cells; it is copied by value at each
//! branch point (no allocation in the search). A node propagates, until nothing
//! changes: naked singles (cells left with one value, found for all cells at once by
//! bit-sliced counting), hidden singles (a value with one place left in a unit) and
//! locked candidates (a value confined, inside one unit, to the cells it shares with
//! another unit leaves the rest of that other unit: HoDoKu's pointing and claiming,
//! generalised to every pair of units sharing two cells or more). The search then
//! branches on an open cell with the fewest candidates, trying its values in turn,
//! with an explicit stack of branch points (at most 81 deep). A value-per-bitboard
//! scheme as in the fast classic solvers (tdoku's notes, JCZsolve), with the units a
//! parameter.

use crate::analysis::SearchResult;
use crate::variant::Variant;

/// Every cell of the grid: bits 0-80.
const GRID: u128 = (1u128 << 81) - 1;

/// A node of the search: for each value (index 0 for 1), the cells where it may go
/// (a cell assigned that value included), and the cells assigned.
#[derive(Clone, Copy, Debug)]
struct State {
    cand: [u128; 9],
    solved: u128,
}

/// A branch point: the state before its guess, the cell guessed and its values (as
/// bits 0-8) in the order they are tried (`values[next..len]` still to try).
#[derive(Clone, Copy, Debug)]
struct Branch {
    state: State,
    cell: u8,
    values: [u16; 9],
    len: u8,
    next: u8,
}

/// Reorders the candidate values (as single-bit masks, bit 0 for 1) of a branch cell.
pub(crate) type ValueOrder<'a> = dyn FnMut(&mut [u16]) + 'a;

/// Two units sharing two cells or more: a value of `inside` confined to `shared`
/// leaves `outside` (the other unit's remaining cells).
#[derive(Clone, Copy, Debug)]
struct Locked {
    inside: u128,
    shared: u128,
    outside: u128,
}

/// The solver of one variant's units (built once, used for any number of grids).
#[derive(Clone, Debug)]
pub(crate) struct VariantSolver {
    /// Every unit as a set of nine cells.
    units: Vec<u128>,
    /// The cells sharing a unit with each cell (the cell itself excluded).
    peers: [u128; 81],
    /// The unit pairs of locked candidates.
    locked: Vec<Locked>,
    /// The search gives up after this many guesses (`u64::MAX`: never); the generator
    /// bounds the fill of a jigsaw layout that may have no solution.
    pub(crate) max_guesses: u64,
}

impl VariantSolver {
    /// The solver of `variant`'s units ([`Variant::units`]).
    pub(crate) fn new(variant: &Variant) -> VariantSolver {
        VariantSolver::from_units(&variant.units())
    }

    /// The solver of a list of nine-cell units over the 81 cells.
    pub(crate) fn from_units(units: &[[u8; 9]]) -> VariantSolver {
        let units: Vec<u128> = units
            .iter()
            .map(|u| u.iter().fold(0u128, |m, &c| m | (1u128 << c)))
            .collect();
        let mut peers = [0u128; 81];
        for &unit in &units {
            let mut cells = unit;
            while cells != 0 {
                let c = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                peers[c] |= unit;
            }
        }
        for (c, p) in peers.iter_mut().enumerate() {
            *p &= !(1u128 << c);
        }
        let mut locked = Vec::new();
        for &a in &units {
            for &b in &units {
                let shared = a & b;
                if a != b && shared.count_ones() >= 2 {
                    locked.push(Locked {
                        inside: a,
                        shared,
                        outside: b & !shared,
                    });
                }
            }
        }
        VariantSolver {
            units,
            peers,
            locked,
            max_guesses: u64::MAX,
        }
    }

    /// Counts the solutions of `cells` (81 values, 0 = blank, 1-9 a given) up to
    /// `limit`, keeping the first. Givens that break a unit give no solution. `order`
    /// (when given) arranges the values of each branch cell, for generation;
    /// otherwise they are tried in ascending order.
    pub(crate) fn search(
        &self,
        cells: &[u8],
        limit: u64,
        order: Option<&mut ValueOrder<'_>>,
    ) -> SearchResult {
        let mut result = SearchResult::default();
        if limit == 0 || cells.len() != 81 {
            return result;
        }
        let mut st = State {
            cand: [GRID; 9],
            solved: 0,
        };
        for (cell, &v) in cells.iter().enumerate() {
            if v != 0 && (!(1..=9).contains(&v) || !self.place(&mut st, cell, usize::from(v - 1))) {
                return result;
            }
        }
        if !self.propagate(&mut st) {
            return result;
        }
        self.dfs(st, limit, &mut result, order);
        result
    }

    /// Depth-first search from a propagated state with an explicit stack of branch
    /// points; stops before a guess once `limit` solutions are found or the guess
    /// budget is spent.
    fn dfs(
        &self,
        root: State,
        limit: u64,
        result: &mut SearchResult,
        mut order: Option<&mut ValueOrder<'_>>,
    ) {
        let mut branches: Vec<Branch> = Vec::with_capacity(81);
        let mut node = Some(root);
        loop {
            if let Some(st) = node.take() {
                if st.solved == GRID {
                    result.count += 1;
                    if result.first.is_none() {
                        result.first = Some(values(&st));
                    }
                } else {
                    let cell = branch_cell(&st);
                    let mut branch = Branch {
                        state: st,
                        cell: cell as u8,
                        values: [0; 9],
                        len: 0,
                        next: 0,
                    };
                    for (d, &cand) in st.cand.iter().enumerate() {
                        if cand >> cell & 1 != 0 {
                            branch.values[usize::from(branch.len)] = 1 << d;
                            branch.len += 1;
                        }
                    }
                    if let Some(shuffle) = order.as_mut() {
                        shuffle(&mut branch.values[..usize::from(branch.len)]);
                    }
                    if branch.len > 0 {
                        branches.push(branch);
                    }
                }
            }
            if result.count >= limit || result.stats.guesses >= self.max_guesses {
                return;
            }
            let Some(top) = branches.last_mut() else {
                return;
            };
            let cell = usize::from(top.cell);
            let digit = top.values[usize::from(top.next)].trailing_zeros() as usize;
            top.next += 1;
            let mut child = top.state;
            if top.next == top.len {
                branches.pop();
            }
            result.stats.guesses += 1;
            if self.place(&mut child, cell, digit) && self.propagate(&mut child) {
                node = Some(child);
            }
        }
    }

    /// Assigns value `digit + 1` to `cell`: the cell loses its other values and its
    /// peers lose this one. `false` when the value cannot go there.
    #[inline]
    fn place(&self, st: &mut State, cell: usize, digit: usize) -> bool {
        let bit = 1u128 << cell;
        if st.cand[digit] & bit == 0 {
            return false;
        }
        if st.solved & bit != 0 {
            return true;
        }
        st.solved |= bit;
        for cand in &mut st.cand {
            *cand &= !bit;
        }
        st.cand[digit] = (st.cand[digit] | bit) & !self.peers[cell];
        true
    }

    /// Naked singles, hidden singles and locked candidates until nothing changes;
    /// `false` on a contradiction (a cell without values, a value without a place in a
    /// unit).
    fn propagate(&self, st: &mut State) -> bool {
        loop {
            let (mut ones, mut twos) = (0u128, 0u128);
            for &cand in &st.cand {
                twos |= ones & cand;
                ones |= cand;
            }
            if ones != GRID {
                return false;
            }
            let singles = ones & !twos & !st.solved;
            if singles != 0 {
                for d in 0..9 {
                    let mut cells = st.cand[d] & singles;
                    while cells != 0 {
                        let c = cells.trailing_zeros() as usize;
                        cells &= cells - 1;
                        if !self.place(st, c, d) {
                            return false;
                        }
                    }
                }
                continue;
            }
            if st.solved == GRID {
                return true;
            }
            let mut found = false;
            for d in 0..9 {
                for &unit in &self.units {
                    let here = st.cand[d] & unit;
                    if here == 0 {
                        return false;
                    }
                    if here & (here - 1) == 0 && here & st.solved == 0 {
                        let c = here.trailing_zeros() as usize;
                        if !self.place(st, c, d) {
                            return false;
                        }
                        found = true;
                    }
                }
            }
            if found {
                continue;
            }
            let mut changed = false;
            for l in &self.locked {
                for cand in &mut st.cand {
                    if *cand & l.inside & !l.shared == 0 && *cand & l.outside != 0 {
                        *cand &= !l.outside;
                        changed = true;
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }
}

/// The value of every cell of a solved state.
fn values(st: &State) -> Vec<u8> {
    (0..81)
        .map(|c| {
            (0..9)
                .find(|&d| st.cand[d] >> c & 1 != 0)
                .map_or(0, |d| d as u8 + 1)
        })
        .collect()
}

/// The open cell to branch on: one with the fewest candidates, the first in row-major
/// order among those (after propagation every open cell has two or more).
fn branch_cell(st: &State) -> usize {
    let (mut one, mut two, mut three) = (0u128, 0u128, 0u128);
    for &cand in &st.cand {
        three |= two & cand;
        two |= one & cand;
        one |= cand;
    }
    let open = !st.solved & GRID;
    let pairs = two & !three & open;
    if pairs != 0 {
        return pairs.trailing_zeros() as usize;
    }
    let mut best = 0;
    let mut best_count = u32::MAX;
    let mut cells = open;
    while cells != 0 {
        let c = cells.trailing_zeros() as usize;
        cells &= cells - 1;
        let k = st.cand.iter().filter(|&&cand| cand >> c & 1 != 0).count() as u32;
        if k < best_count {
            best_count = k;
            best = c;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;
    use crate::general::GeneralSolver;

    #[test]
    fn counts_agree_with_the_general_solver_on_every_variant() {
        let puzzle: Vec<u8> =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
                .bytes()
                .map(|b| if b == b'.' { 0 } else { b - b'0' })
                .collect();
        let mut sparse = puzzle.clone();
        for c in sparse.iter_mut().step_by(2) {
            *c = 0;
        }
        for variant in [
            Variant::Classic,
            Variant::X,
            Variant::Windoku,
            Variant::Disjoint,
        ] {
            for cells in [&puzzle, &sparse] {
                let ours = VariantSolver::new(&variant).search(cells, 500, None);
                let general = GeneralSolver::for_variant(&variant).search(cells, 500, None);
                assert_eq!(ours.count, general.count, "{variant:?}");
                assert_eq!(ours.first.is_some(), general.first.is_some());
            }
        }
    }
}
