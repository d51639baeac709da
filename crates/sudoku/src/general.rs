//! The general-size solver: bit-mask candidates per cell (bit v-1 set when value v is
//! still possible), naked and hidden singles to a fixed point, then depth-first search
//! branching on a most-constrained cell (fewest candidates), as in Norvig's essay
//! "Solving Every Sudoku Puzzle" (constraint propagation plus search) with Knuth's
//! "minimum remaining values" heuristic. The search keeps its branch points on an
//! explicit stack (heap memory), so a search hundreds of guesses deep (an empty 32 x 32
//! grid's first solution is 794 deep) takes no call stack.

use crate::analysis::SearchResult;
use crate::shape::BoxShape;
#[cfg(test)]
use crate::variant::Variant;

/// What this solver is, for benchmark reports: every size but 9 x 9 under the classic
/// rules goes to it.
///
/// ```
/// assert!(sudoku::general_search_name().starts_with("general solver"));
/// ```
pub fn general_search_name() -> &'static str {
    "general solver (bit-mask candidates, naked and hidden singles, search; any size)"
}

/// Cell-to-unit tables for one box shape (or one 9 x 9 variant's list of units).
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    n: usize,
    full: u32,
    /// `units[u * n .. (u + 1) * n]`: the cells of unit u (rows, then columns, then
    /// boxes, then a variant's extra units).
    units: Vec<u16>,
    /// `peers[peer_start[c] .. peer_start[c + 1]]`: the cells sharing a unit with c,
    /// each once.
    peers: Vec<u16>,
    peer_start: Vec<usize>,
}

impl Layout {
    pub(crate) fn new(shape: BoxShape) -> Layout {
        let n = shape.size();
        let (br, bc) = (shape.rows(), shape.cols());
        let mut units = Vec::with_capacity(3 * n * n);
        for r in 0..n {
            units.extend((0..n).map(|c| (r * n + c) as u16));
        }
        for c in 0..n {
            units.extend((0..n).map(|r| (r * n + c) as u16));
        }
        for b in 0..n {
            let (r0, c0) = ((b / br) * br, (b % br) * bc);
            for i in 0..n {
                units.push(((r0 + i / bc) * n + c0 + i % bc) as u16);
            }
        }
        Layout::from_units(n, units)
    }

    /// The layout of a 9 x 9 variant: its units as listed by [`Variant::units`] (the
    /// variant solver's cross-check in tests).
    #[cfg(test)]
    pub(crate) fn for_variant(variant: &Variant) -> Layout {
        let units = variant
            .units()
            .iter()
            .flat_map(|u| u.iter().map(|&c| u16::from(c)))
            .collect();
        Layout::from_units(9, units)
    }

    fn from_units(n: usize, units: Vec<u16>) -> Layout {
        let mut lists: Vec<Vec<u16>> = vec![Vec::new(); n * n];
        for unit in units.chunks_exact(n) {
            for &a in unit {
                lists[usize::from(a)].extend(unit.iter().copied().filter(|&b| b != a));
            }
        }
        let mut peers = Vec::new();
        let mut peer_start = Vec::with_capacity(n * n + 1);
        for mut list in lists {
            list.sort_unstable();
            list.dedup();
            peer_start.push(peers.len());
            peers.extend(list);
        }
        peer_start.push(peers.len());
        let full = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
        Layout {
            n,
            full,
            units,
            peers,
            peer_start,
        }
    }

    fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[self.peer_start[cell]..self.peer_start[cell + 1]]
    }
}

/// Reorders the candidate values (as single-bit masks) of a branch cell.
pub(crate) type ValueOrder<'a> = dyn FnMut(&mut [u32]) + 'a;

/// A branch point of the search: the state before its guess, the cell guessed, and
/// where its untried values start in the search's value stack.
#[derive(Debug)]
struct Branch {
    state: State,
    cell: usize,
    base: usize,
}

#[derive(Clone, Debug)]
struct State {
    cand: Vec<u32>,
    solved: Vec<bool>,
    left: usize,
}

/// The general solver for one box shape.
#[derive(Clone, Debug)]
pub(crate) struct GeneralSolver {
    layout: Layout,
    /// The search gives up after this many guesses (`u64::MAX`: never); used by the
    /// generator to bound uniqueness checks on large grids.
    pub(crate) max_guesses: u64,
}

impl GeneralSolver {
    pub(crate) fn new(shape: BoxShape) -> GeneralSolver {
        GeneralSolver {
            layout: Layout::new(shape),
            max_guesses: u64::MAX,
        }
    }

    /// The solver of a 9 x 9 variant's units (the variant solver's cross-check in
    /// tests).
    #[cfg(test)]
    pub(crate) fn for_variant(variant: &Variant) -> GeneralSolver {
        GeneralSolver {
            layout: Layout::for_variant(variant),
            max_guesses: u64::MAX,
        }
    }

    /// Counts solutions of `cells` (0 = blank, 1..=n) up to `limit`, keeping the first.
    /// `order` (when given) picks the order in which a branch cell's values are tried,
    /// for generation; otherwise ascending.
    pub(crate) fn search(
        &self,
        cells: &[u8],
        limit: u64,
        order: Option<&mut ValueOrder<'_>>,
    ) -> SearchResult {
        let l = &self.layout;
        let mut result = SearchResult::default();
        if limit == 0 {
            return result;
        }
        let mut st = State {
            cand: vec![l.full; l.n * l.n],
            solved: vec![false; l.n * l.n],
            left: l.n * l.n,
        };
        let mut queue = Vec::new();
        for (cell, &v) in cells.iter().enumerate() {
            if v != 0 && !self.assign(&mut st, cell, 1 << (v - 1), &mut queue) {
                return result;
            }
        }
        if !self.propagate(&mut st, &mut queue) {
            return result;
        }
        let mut order = order;
        self.dfs(st, limit, &mut result, &mut queue, &mut order);
        result
    }

    /// Depth-first search from a propagated state, with an explicit stack of branch
    /// points instead of a recursive call per guess, so the depth of the search (up to
    /// one level per cell, 1024 on a 32 x 32 grid) never reaches the thread's stack.
    ///
    /// The order is the recursive one: at a branch point the values are tried in turn
    /// (ascending, or as `order` arranges them), each on a copy of the state, the last
    /// on the state itself; the search stops before a guess once `limit` solutions are
    /// found or the guess budget is spent.
    fn dfs(
        &self,
        root: State,
        limit: u64,
        result: &mut SearchResult,
        queue: &mut Vec<(usize, u32)>,
        order: &mut Option<&mut ValueOrder<'_>>,
    ) {
        // The untried values of every open branch point, the innermost on top; each
        // branch's values are stored in reverse so that `pop` yields the next to try.
        let mut values: Vec<u32> = Vec::new();
        let mut branches: Vec<Branch> = Vec::new();
        let mut node = Some(root);
        loop {
            if let Some(st) = node.take() {
                if st.left == 0 {
                    result.count += 1;
                    if result.first.is_none() {
                        result.first = Some(
                            st.cand
                                .iter()
                                .map(|&c| c.trailing_zeros() as u8 + 1)
                                .collect(),
                        );
                    }
                } else {
                    let cell = Self::branch_cell(&st);
                    let base = values.len();
                    let mut bits = st.cand[cell];
                    while bits != 0 {
                        values.push(bits & bits.wrapping_neg());
                        bits &= bits - 1;
                    }
                    if let Some(shuffle) = order.as_mut() {
                        shuffle(&mut values[base..]);
                    }
                    values[base..].reverse();
                    if values.len() > base {
                        branches.push(Branch {
                            state: st,
                            cell,
                            base,
                        });
                    }
                }
            }
            let Some(top) = branches.last() else {
                return;
            };
            if result.count >= limit || result.stats.guesses >= self.max_guesses {
                return;
            }
            let cell = top.cell;
            let Some(bit) = values.pop() else {
                return;
            };
            result.stats.guesses += 1;
            let mut child = if values.len() == top.base {
                // The branch's last value: its state is no longer needed as a base.
                match branches.pop() {
                    Some(branch) => branch.state,
                    None => return,
                }
            } else {
                top.state.clone()
            };
            queue.clear();
            if self.assign(&mut child, cell, bit, queue) && self.propagate(&mut child, queue) {
                node = Some(child);
            }
        }
    }

    /// The unsolved cell to branch on: one with the fewest candidates (the first with
    /// two, as no unsolved cell has fewer after propagation).
    fn branch_cell(st: &State) -> usize {
        let mut best = usize::MAX;
        let mut best_count = u32::MAX;
        for (cell, (&c, &s)) in st.cand.iter().zip(&st.solved).enumerate() {
            if !s {
                let k = c.count_ones();
                if k < best_count {
                    best_count = k;
                    best = cell;
                    if k <= 2 {
                        break;
                    }
                }
            }
        }
        best
    }

    fn assign(&self, st: &mut State, cell: usize, bit: u32, queue: &mut Vec<(usize, u32)>) -> bool {
        if st.solved[cell] {
            return st.cand[cell] == bit;
        }
        if st.cand[cell] & bit == 0 {
            return false;
        }
        st.cand[cell] = bit;
        st.solved[cell] = true;
        st.left -= 1;
        for &p in self.layout.peers(cell) {
            let p = usize::from(p);
            let c = st.cand[p];
            if c & bit != 0 {
                let c = c & !bit;
                if c == 0 {
                    return false;
                }
                st.cand[p] = c;
                if c & (c - 1) == 0 {
                    queue.push((p, c));
                }
            }
        }
        true
    }

    fn propagate(&self, st: &mut State, queue: &mut Vec<(usize, u32)>) -> bool {
        let l = &self.layout;
        loop {
            while let Some((cell, bit)) = queue.pop() {
                if !self.assign(st, cell, bit, queue) {
                    return false;
                }
            }
            if st.left == 0 {
                return true;
            }
            for unit in l.units.chunks_exact(l.n) {
                let (mut ones, mut twos) = (0u32, 0u32);
                for &c in unit {
                    let x = st.cand[usize::from(c)];
                    twos |= ones & x;
                    ones |= x;
                }
                if ones != l.full {
                    return false;
                }
                let mut once = ones & !twos;
                while once != 0 {
                    let bit = once & once.wrapping_neg();
                    once &= once - 1;
                    if let Some(&c) = unit.iter().find(|&&c| st.cand[usize::from(c)] & bit != 0) {
                        let c = usize::from(c);
                        if !st.solved[c] {
                            queue.push((c, bit));
                        }
                    }
                }
            }
            if queue.is_empty() {
                return true;
            }
        }
    }
}
