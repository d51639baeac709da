//! The 9 x 9 solvers of every [`Variant`]: any list of nine-cell units (rows, columns,
//! boxes or jigsaw regions, and extra units such as diagonals), each holding 1-9 once.
//!
//! Three engines. The fixed variants (X, windoku, disjoint groups), whose rows, columns
//! and boxes are the classic ones, go to the band solver ([`band`]): the classic
//! solver's 27 band words (JCZsolve's representation, as in [`crate::classic`]) plus
//! the extra units as band masks. Jigsaw searches go to [`jigsaw`]: the per-value
//! state below specialised to rows, columns and regions, each unit tested once for
//! hidden singles and locked candidates together (the same deductions and guesses,
//! 2-3x faster). The generator's fill, which needs a value order and a guess budget,
//! uses the per-value solver below for every variant, so generated puzzles stay what
//! they were.
//!
//! The per-value state is digit-major: for each value, the 81-bit set of cells where
//! it may still go (a `u128`), and the set of assigned cells; it is copied by value at
//! each branch point (no allocation in the search). A node propagates, until nothing
//! changes: naked singles (cells left with one value, found for all cells at once by
//! bit-sliced counting), hidden singles (a value with one place left in a unit) and
//! locked candidates (a value confined, inside one unit, to the cells it shares with
//! another unit leaves the rest of that other unit: HoDoKu's pointing and claiming,
//! generalised to every pair of units sharing two cells or more); hidden singles and
//! locked candidates look only at the values whose cells changed since they last
//! looked (the `seen` words of JCZsolve and of [`crate::classic`]), which reaches the
//! same fixed point. The search then branches on a bivalue cell with the most open
//! peers (the classic solver's degree rule: 25.5 guesses a puzzle on top1465 with
//! the boxes as regions, against 59.5 for the first fewest-candidate cell), trying
//! its values in turn, with an explicit stack of branch points (at most 81 deep). The
//! generator's fill keeps the first fewest-candidate cell, so generated puzzles are
//! what they were. A value-per-bitboard scheme as in the fast classic solvers
//! (tdoku's notes, <https://t-dillon.github.io/tdoku/>; JCZsolve), with the units a
//! parameter.

mod band;
mod jigsaw;

use crate::analysis::SearchResult;
use crate::variant::{Variant, VariantKind};

/// Every cell of the grid: bits 0-80.
const GRID: u128 = (1u128 << 81) - 1;

/// A node of the search: for each value (index 0 for 1), the cells where it may go
/// (a cell assigned that value included), and the cells assigned.
#[derive(Clone, Copy, Debug)]
struct State {
    cand: [u128; 9],
    solved: u128,
    /// Each value's cells as hidden singles last left them: a value whose cells are
    /// the same has no new hidden single (its placements change its cells too).
    singles_seen: [u128; 9],
    /// Each value's cells as locked candidates last left them.
    locked_seen: [u128; 9],
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

/// Two units sharing two cells or more: a value of the first unit with no cell in
/// `rest` (the first unit's cells outside the shared ones) is confined to the shared
/// cells, so it leaves `outside` (the second unit's cells outside them).
#[derive(Clone, Copy, Debug)]
struct Locked {
    rest: u128,
    outside: u128,
}

/// The name of the search [`Sudoku::analyse_variant`](crate::Sudoku::analyse_variant)
/// runs under `kind`'s rules, for benchmark reports: the classic rules name the copy of
/// the 9 x 9 search this CPU runs ([`crate::search_copy`]); X, windoku and disjoint
/// groups the band solver, jigsaw the jigsaw solver, each with the copy of it this CPU
/// runs (the solver's name, then the copy's).
///
/// # Examples
///
/// ```
/// use sudoku::{VariantKind, variant_search_name};
///
/// let x = variant_search_name(VariantKind::X);
/// assert!(x.starts_with("band solver (classic band words plus the extra units), "));
/// assert_eq!(variant_search_name(VariantKind::Classic), sudoku::search_copy());
/// ```
pub fn variant_search_name(kind: VariantKind) -> &'static str {
    match kind {
        VariantKind::Classic => crate::search_copy(),
        VariantKind::X | VariantKind::Windoku | VariantKind::Disjoint => band::search_copy(),
        VariantKind::Jigsaw => jigsaw::copy_name(),
    }
}

/// Counts the solutions of `cells` under `variant` up to `limit`, keeping the first:
/// the band solver for the fixed variants (without building a [`VariantSolver`]),
/// the per-value solver of the variant's units otherwise.
pub(crate) fn search_variant(variant: &Variant, cells: &[u8], limit: u64) -> SearchResult {
    match band::rules_of(variant) {
        Some(rules) => band::search(cells, rules, limit),
        None => match variant {
            Variant::Jigsaw(regions) => jigsaw::search(regions, cells, limit),
            _ => VariantSolver::new(variant).search(cells, limit, None),
        },
    }
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
    /// The extra units of a variant whose other units are the classic ones (X,
    /// windoku, disjoint groups): searches without a value order go to the band
    /// solver ([`band`]).
    band: Option<&'static band::Rules>,
    /// A jigsaw's layout: searches without a value order or guess budget go to the
    /// jigsaw solver ([`jigsaw`]), as the generator's uniqueness checks do.
    jigsaw: Option<Box<jigsaw::Jigsaw>>,
    /// The search gives up after this many guesses (`u64::MAX`: never); the generator
    /// bounds the fill of a jigsaw layout that may have no solution.
    pub(crate) max_guesses: u64,
}

impl VariantSolver {
    /// The solver of `variant`'s units ([`Variant::units`]).
    pub(crate) fn new(variant: &Variant) -> VariantSolver {
        VariantSolver {
            band: band::rules_of(variant),
            jigsaw: match variant {
                Variant::Jigsaw(regions) => Some(Box::new(jigsaw::Jigsaw::new(regions))),
                _ => None,
            },
            ..VariantSolver::from_units(&variant.units())
        }
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
        // Each unordered pair once, both directions pushed (half the tests).
        let mut locked = Vec::with_capacity(4 * units.len());
        for (i, &a) in units.iter().enumerate() {
            for &b in &units[i + 1..] {
                let shared = a & b;
                // Two cells or more (a test without a 128-bit population count).
                if a != b && shared & shared.wrapping_sub(1) != 0 {
                    locked.push(Locked {
                        rest: a & !shared,
                        outside: b & !shared,
                    });
                    locked.push(Locked {
                        rest: b & !shared,
                        outside: a & !shared,
                    });
                }
            }
        }
        VariantSolver {
            units,
            peers,
            locked,
            band: None,
            jigsaw: None,
            max_guesses: u64::MAX,
        }
    }

    /// Counts the solutions of `cells` (81 values, 0 = blank, 1-9 a given) up to
    /// `limit`, keeping the first. Givens that break a unit give no solution. `order`
    /// (when given) arranges the values of each branch cell, for generation;
    /// otherwise they are tried in ascending order, and a fixed variant without a
    /// guess budget goes to the band solver ([`band`]), which finds the same count
    /// (and, on a unique puzzle, the same solution) several times faster, a jigsaw
    /// to the jigsaw solver ([`jigsaw`]), which finds the same count, first solution
    /// and guesses.
    pub(crate) fn search(
        &self,
        cells: &[u8],
        limit: u64,
        order: Option<&mut ValueOrder<'_>>,
    ) -> SearchResult {
        if let (None, u64::MAX) = (&order, self.max_guesses) {
            if let Some(units) = self.band {
                return band::search(cells, units, limit);
            }
            if let Some(layout) = &self.jigsaw {
                return layout.search(cells, limit);
            }
        }
        let mut result = SearchResult::default();
        if limit == 0 || cells.len() != 81 {
            return result;
        }
        let mut st = State {
            cand: [GRID; 9],
            solved: 0,
            singles_seen: [u128::MAX; 9],
            locked_seen: [u128::MAX; 9],
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
                    // The generator's fill (a value order given) keeps the first
                    // fewest-candidate cell, so that its grids stay what they were.
                    let cell = if order.is_some() {
                        branch_cell(&st)
                    } else {
                        self.branch_cell(&st)
                    };
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
                if st.cand[d] == st.singles_seen[d] {
                    continue;
                }
                // As found: a placement here changes the value's cells, so that the
                // units before it are looked at again (it may leave a single there).
                st.singles_seen[d] = st.cand[d];
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
            for d in 0..9 {
                let mut cand = st.cand[d];
                if cand == st.locked_seen[d] {
                    continue;
                }
                for l in &self.locked {
                    if cand & l.rest == 0 && cand & l.outside != 0 {
                        cand &= !l.outside;
                        changed = true;
                    }
                }
                // As found: a change lets the pairs before it apply again.
                st.locked_seen[d] = st.cand[d];
                st.cand[d] = cand;
            }
            if !changed {
                return true;
            }
        }
    }
}

impl VariantSolver {
    /// The open cell to branch on: a bivalue cell with the most open peers (the
    /// degree rule of the classic solver, [`crate::classic`]), the first in row-major
    /// order among those; without a bivalue cell, the first with the fewest
    /// candidates.
    fn branch_cell(&self, st: &State) -> usize {
        let (mut one, mut two, mut three) = (0u128, 0u128, 0u128);
        for &cand in &st.cand {
            three |= two & cand;
            two |= one & cand;
            one |= cand;
        }
        let open = !st.solved & GRID;
        let mut pairs = two & !three & open;
        if pairs == 0 {
            return branch_cell(st);
        }
        let (mut best, mut best_degree) = (0, 0);
        while pairs != 0 {
            let c = pairs.trailing_zeros() as usize;
            pairs &= pairs - 1;
            let degree = (self.peers[c] & open).count_ones() + 1;
            if degree > best_degree {
                best_degree = degree;
                best = c;
            }
        }
        best
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
                // `new`: the band solver for X, windoku and disjoint groups;
                // `from_units`: the per-value solver of the same units.
                for limit in [1, 2, 500] {
                    let ours = VariantSolver::new(&variant).search(cells, limit, None);
                    let units = VariantSolver::from_units(&variant.units());
                    let per_value = units.search(cells, limit, None);
                    let general = GeneralSolver::for_variant(&variant).search(cells, limit, None);
                    assert_eq!(ours.count, general.count, "{variant:?}");
                    assert_eq!(per_value.count, general.count, "{variant:?}");
                    assert_eq!(ours.first.is_some(), general.first.is_some());
                    if limit > 1 && general.count == 1 {
                        assert_eq!(ours.first, general.first);
                        assert_eq!(per_value.first, general.first);
                    }
                }
            }
        }
    }
}
