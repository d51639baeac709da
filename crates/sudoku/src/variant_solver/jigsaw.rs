//! The jigsaw solver: the per-value state of the parent module (for each value, the
//! 81-bit set of cells where it may go, a `u128`), specialised to the units a jigsaw
//! has, nine rows, nine columns and nine regions, so that each unit is tested once
//! for every rule instead of once per pair of units.
//!
//! A node propagates naked singles (bit-sliced counting), then hidden singles in the
//! rows and columns alone (every row at once as nine 9-bit fields, every column at
//! once by folding the rows) until they find nothing, then, for each value whose
//! cells changed, one pass over the units those cells touch (but those where the
//! value is placed) that does locked candidates and the regions' hidden singles
//! together, by the unit of the lowest cell: in a row (or column) the value's
//! cells all lie in the region of its lowest cell exactly
//! when none lies outside that region (claiming: the value leaves the rest of the
//! region); in a region they all lie in the row (or column) of its lowest cell when
//! none lies outside it (pointing: the value leaves the rest of the line). A row or
//! column meets a region in two cells or more only in such pairs, so these are the
//! same deductions as the parent module's list of unit pairs, at one test per unit
//! instead of one per pair, and propagation reaches the same fixed point: the search
//! branches where the per-value solver does and makes the same guesses (tested).
//! The tests are branch-free (masks), as which unit changes is data the processor
//! cannot predict. A layout is nine region masks and the region of each cell, built
//! per puzzle (about 1,300 instructions; the list of unit pairs took about 20,000).
//! The search is compiled in a portable copy and the classic solver's x86-64-v3 and
//! AVX-512 copies, picked at run time ([`isa`]). Speed and what was tried: the crate
//! README ("Jigsaw speed").

mod isa;

use crate::analysis::SearchResult;
use crate::classic::Path;
use crate::variant::Regions;

/// Every cell of the grid: bits 0-80.
const GRID: u128 = (1u128 << 81) - 1;

/// The cells of column 0: bits 0, 9, ..., 72.
const COLUMN0: u128 = {
    let mut m = 0u128;
    let mut r = 0;
    while r < 9 {
        m |= 1 << (9 * r);
        r += 1;
    }
    m
};

/// Bits 0-7 of each row (a 9-bit field): with [`FIELD_HIGH`], which rows of a set
/// hold a cell, for all rows at once (the low bits' sum carries into bit 8 of the
/// field, never beyond).
const FIELD_LOW: u128 = {
    let mut m = 0u128;
    let mut r = 0;
    while r < 9 {
        m |= 0xFF << (9 * r);
        r += 1;
    }
    m
};

/// Bit 8 of each row.
const FIELD_HIGH: u128 = (FIELD_LOW << 1) & !FIELD_LOW;

/// The cells of each cell's row.
const ROW_OF: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        t[c] = 0x1FF << (9 * (c / 9));
        c += 1;
    }
    t
};

/// The cells of each cell's column.
const COLUMN_OF: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        t[c] = COLUMN0 << (c % 9);
        c += 1;
    }
    t
};

/// A node of the search: for each value (index 0 for 1), the cells where it may go
/// (a cell assigned that value included), and the cells assigned.
#[derive(Clone, Copy, Debug)]
struct State {
    cand: [u128; 9],
    solved: u128,
    /// Each value's cells as the unit pass last left them: a value whose cells are the
    /// same has nothing new in any unit.
    seen: [u128; 9],
    /// Each value's cells as the hidden-singles pass last left them.
    singles_seen: [u128; 9],
}

/// A jigsaw layout: the cells of each region and the region of each cell.
#[derive(Clone, Debug)]
pub(crate) struct Jigsaw {
    region: [u128; 9],
    region_of: [u8; 81],
}

/// Counts the solutions of `cells` (81 values, 0 = blank, 1-9 a given) under the rows,
/// columns and `regions` up to `limit`, keeping the first.
pub(crate) fn search(regions: &Regions, cells: &[u8], limit: u64) -> SearchResult {
    Jigsaw::new(regions).search(cells, limit)
}

/// The jigsaw solver and the copy of its search this CPU runs ([`isa`]), as
/// `gridsolve sudoku bench` prints it.
pub(crate) fn copy_name() -> &'static str {
    match Path::detect() {
        Path::Portable => "jigsaw solver (per-value boards of rows, columns, regions), portable",
        Path::X86V3 => {
            "jigsaw solver (per-value boards of rows, columns, regions), x86-64-v3 (AVX2, BMI2)"
        }
        Path::X86V4 => {
            "jigsaw solver (per-value boards of rows, columns, regions), x86-64-v4 \
             (AVX-512 F/BW/VL, BMI2)"
        }
    }
}

impl Jigsaw {
    /// The layout of `regions`.
    pub(crate) fn new(regions: &Regions) -> Jigsaw {
        // Cells 0-63 and 64-80 as 64-bit words: a 128-bit shift by a variable
        // amount costs several instructions on the portable build.
        let mut words = [[0u64; 2]; 9];
        let mut region_of = [0u8; 81];
        for (c, r) in region_of.iter_mut().enumerate() {
            let k = regions.region_of(c).min(8);
            *r = k as u8;
            words[k][c >> 6] |= 1 << (c & 63);
        }
        let region = words.map(|[low, high]| u128::from(low) | (u128::from(high) << 64));
        Jigsaw { region, region_of }
    }

    /// Counts the solutions of `cells` (81 values, 0 = blank, 1-9 a given) up to
    /// `limit`, keeping the first; givens that break a unit give no solution. Runs the
    /// fastest copy of the search this CPU has ([`isa`]).
    pub(crate) fn search(&self, cells: &[u8], limit: u64) -> SearchResult {
        self.search_on(cells, limit, Path::detect())
    }

    /// [`Jigsaw::search`] on a chosen copy; a copy this CPU cannot run falls back to
    /// the portable one.
    pub(crate) fn search_on(&self, cells: &[u8], limit: u64, path: Path) -> SearchResult {
        let mut result = SearchResult::default();
        let Ok(cells) = <&[u8; 81]>::try_from(cells) else {
            return result;
        };
        if limit != 0 {
            isa::run(self, cells, limit, path, &mut result);
        }
        result
    }

    /// The cells sharing a unit with `cell` (itself included).
    #[inline(always)]
    fn peers(&self, cell: usize) -> u128 {
        ROW_OF[cell] | COLUMN_OF[cell] | self.region[usize::from(self.region_of[cell])]
    }

    /// [`Jigsaw::place`] for each of `cells` (open cells where the value may go), at
    /// once: `false` when two of them share a unit, where placing them in turn
    /// would fail at the second. The cells leave every value at once, and their
    /// peers leave this one.
    #[inline(always)]
    fn place_each(&self, st: &mut State, cells: u128, digit: usize) -> bool {
        let mut peers = 0u128;
        let mut rest = cells;
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if (peers >> c) & 1 != 0 {
                return false;
            }
            peers |= self.peers(c);
        }
        if cells != 0 {
            st.solved |= cells;
            for cand in &mut st.cand {
                *cand &= !cells;
            }
            st.cand[digit] = (st.cand[digit] & !peers) | cells;
        }
        true
    }

    /// Assigns value `digit + 1` to `cell`: the cell loses its other values and its
    /// peers lose this one. `false` when the value cannot go there.
    #[inline(always)]
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
        st.cand[digit] = (st.cand[digit] & !self.peers(cell)) | bit;
        true
    }

    /// Naked singles, then hidden singles and locked candidates ([`Jigsaw::units`])
    /// for each value whose cells changed, until nothing changes; `false` on a
    /// contradiction.
    #[inline(always)]
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
                    if !self.place_each(st, st.cand[d] & singles, d) {
                        return false;
                    }
                }
                continue;
            }
            if st.solved == GRID {
                return true;
            }
            // The lines' hidden singles alone first (cheap), locked candidates and
            // the regions' hidden singles only once they find nothing: the same
            // fixed point, fewer passes of the dearer kind.
            let mut found = false;
            for d in 0..9 {
                let x = st.cand[d];
                if x == st.singles_seen[d] {
                    continue;
                }
                st.singles_seen[d] = x;
                let Some(hidden) = self.hidden_singles(x) else {
                    return false;
                };
                let cells = hidden & !st.solved;
                if !self.place_each(st, cells, d) {
                    return false;
                }
                found |= cells != 0;
            }
            if found {
                continue;
            }
            let mut changed = false;
            for d in 0..9 {
                let before = st.cand[d];
                if before == st.seen[d] {
                    continue;
                }
                // As found: a change here makes the value's cells differ from `seen`,
                // so that the value is looked at again.
                let diff = before ^ st.seen[d];
                st.seen[d] = before;
                let Some((after, hidden)) = self.units(before, diff, st.solved) else {
                    return false;
                };
                if after != before {
                    st.cand[d] = after;
                    changed = true;
                }
                let cells = hidden & !st.solved;
                if !self.place_each(st, cells, d) {
                    return false;
                }
                changed |= cells != 0;
            }
            if !changed {
                return true;
            }
        }
    }

    /// The cells of a value's cells `x` alone in a unit (placed cells included):
    /// every row and every column at once, branch-free; `None` when a row or column
    /// has no cell. (The regions' hidden singles are left to [`Jigsaw::units`]: a
    /// test per region here cost more than it saved.)
    #[inline(always)]
    fn hidden_singles(&self, x: u128) -> Option<u128> {
        if (((x & FIELD_LOW) + FIELD_LOW) | x) & FIELD_HIGH != FIELD_HIGH {
            return None;
        }
        // Every row has a cell, so subtracting bit 0 of every field borrows inside
        // the field alone: `many` keeps a cell of each row with two or more.
        let many = x & (x - (FIELD_HIGH >> 8));
        let rows = FIELD_HIGH & !((((many & FIELD_LOW) + FIELD_LOW) | many) & FIELD_HIGH);
        let mut hidden = x & (rows | (rows - (rows >> 8)));
        // Every column at once: which columns hold a cell (`one`) and which two or
        // more (`two`), folding the three bands, then the three rows of a band.
        const BAND: u32 = (1 << 27) - 1;
        let (a, b, c) = (x as u32 & BAND, (x >> 27) as u32 & BAND, (x >> 54) as u32);
        let (one, two) = (a | b | c, (a & b) | (c & (a | b)));
        let (p, q, r) = (one & 0x1FF, (one >> 9) & 0x1FF, one >> 18);
        let one_col = p | q | r;
        let two_col = ((two | (two >> 9) | (two >> 18)) & 0x1FF) | (p & q) | (r & (p | q));
        if one_col != 0x1FF {
            return None;
        }
        let single = one_col & !two_col;
        let single = u128::from(single | (single << 9) | (single << 18));
        hidden |= x & (single | (single << 27) | (single << 54));
        Some(hidden)
    }

    /// One pass over the units that `diff` (the cells that changed since the last
    /// pass) touches, for a value's cells `x`: the cells left after locked
    /// candidates, and the cells that are alone in a region (hidden singles, placed
    /// cells included); `None` when a unit has no cell left. Branch-free but for the
    /// loops and that contradiction: which unit changes, and how, is data the
    /// processor cannot predict. A unit with one cell also "confines" the value,
    /// which removes what placing it removes.
    #[inline(always)]
    fn units(&self, mut x: u128, diff: u128, solved: u128) -> Option<(u128, u128)> {
        let mut hidden = 0u128;
        if diff & diff.wrapping_sub(1) == 0 {
            // One cell changed (as when a cell is placed, for the other eight
            // values): its row, column and region.
            let cell = diff.trailing_zeros() as usize;
            line_pass(self, &mut x, ROW_OF[cell])?;
            line_pass(self, &mut x, COLUMN_OF[cell])?;
            let region = self.region[usize::from(self.region_of[cell])];
            region_pass(&mut x, &mut hidden, region)?;
            return Some((x, hidden));
        }
        // A unit where the value is placed has nothing to find: the placed cell
        // is its only cell (its peers lost the value), so neither claiming nor
        // pointing removes anything and its hidden single is placed already.
        let placed = x & solved;
        // Rows, then columns: the line's cells all in the region of the first
        // (claiming).
        let mut rows = (((diff & FIELD_LOW) + FIELD_LOW) | diff)
            & !(((placed & FIELD_LOW) + FIELD_LOW) | placed)
            & FIELD_HIGH;
        while rows != 0 {
            let line = ROW_OF[rows.trailing_zeros() as usize];
            rows &= rows - 1;
            line_pass(self, &mut x, line)?;
        }
        let mut columns = columns_of(diff) & !columns_of(placed);
        while columns != 0 {
            let line = COLUMN_OF[columns.trailing_zeros() as usize];
            columns &= columns - 1;
            line_pass(self, &mut x, line)?;
        }
        let mut regions = 0u32;
        for (k, &region) in self.region.iter().enumerate() {
            regions |= u32::from((diff & region != 0) & (placed & region == 0)) << k;
        }
        while regions != 0 {
            let region = self.region[regions.trailing_zeros() as usize];
            regions &= regions - 1;
            region_pass(&mut x, &mut hidden, region)?;
        }
        Some((x, hidden))
    }

    /// The open cell to branch on: a bivalue cell with the most open peers (the
    /// parent module's degree rule), the first in row-major order among those;
    /// without a bivalue cell, the first with the fewest candidates.
    #[inline(always)]
    fn branch_cell(&self, st: &State) -> usize {
        let (mut one, mut two, mut three) = (0u128, 0u128, 0u128);
        for &cand in &st.cand {
            three |= two & cand;
            two |= one & cand;
            one |= cand;
        }
        let open = !st.solved & GRID;
        let mut pairs = two & !three & open;
        if pairs != 0 {
            let (mut best, mut best_degree) = (0, 0);
            while pairs != 0 {
                let c = pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                // The cell itself is open and counted: the same for every cell.
                let degree = (self.peers(c) & open).count_ones();
                if degree > best_degree {
                    best_degree = degree;
                    best = c;
                }
            }
            return best;
        }
        let mut best = 0;
        let mut best_count = u32::MAX;
        let mut cells = open;
        while cells != 0 {
            let c = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            let k: u32 = st.cand.iter().map(|&cand| (cand >> c) as u32 & 1).sum();
            if k < best_count {
                best_count = k;
                best = c;
            }
        }
        best
    }
}

/// Defines a copy of the search with the attributes given (a `#[target_feature]` for
/// the fast copies, see [`isa`]): `$entry` places the givens and calls `$dfs`, the
/// depth-first search, which recurses into itself, so that the whole search (every
/// `#[inline(always)]` step of [`Jigsaw`]) runs with the copy's features.
macro_rules! search_copy {
    ($(#[$attr:meta])* $entry:ident, $dfs:ident) => {
        $(#[$attr])*
        fn $entry(jigsaw: &Jigsaw, cells: &[u8; 81], limit: u64, result: &mut SearchResult) {
            let mut st = State {
                cand: [GRID; 9],
                solved: 0,
                seen: [u128::MAX; 9],
                singles_seen: [u128::MAX; 9],
            };
            // (Loops, not iterators: closures would not inherit `$attr`.)
            for cell in 0..81 {
                let v = cells[cell];
                if v != 0 && (v > 9 || !jigsaw.place(&mut st, cell, usize::from(v - 1))) {
                    return;
                }
            }
            if jigsaw.propagate(&mut st) {
                $dfs(jigsaw, &mut st, limit, result);
            }
        }

        /// Depth-first search from a propagated state: tries each value of the branch
        /// cell on a copy but the last, which goes on with `st` itself; stops before a
        /// guess once `limit` solutions are found.
        $(#[$attr])*
        fn $dfs(jigsaw: &Jigsaw, st: &mut State, limit: u64, result: &mut SearchResult) {
            loop {
                if st.solved == GRID {
                    result.count += 1;
                    if result.first.is_none() {
                        result.first = Some(values(st));
                    }
                    return;
                }
                let cell = jigsaw.branch_cell(st);
                let mut values = 0u32;
                for d in 0..9 {
                    values |= ((st.cand[d] >> cell) as u32 & 1) << d;
                }
                loop {
                    if values == 0 || result.count >= limit {
                        return;
                    }
                    let d = values.trailing_zeros() as usize;
                    values &= values - 1;
                    result.stats.guesses += 1;
                    if values == 0 {
                        if !(jigsaw.place(st, cell, d) && jigsaw.propagate(st)) {
                            return;
                        }
                        break;
                    }
                    let mut child = *st;
                    if jigsaw.place(&mut child, cell, d) && jigsaw.propagate(&mut child) {
                        $dfs(jigsaw, &mut child, limit, result);
                    }
                }
            }
        }
    };
}

search_copy!(search_portable, dfs_portable);
#[cfg(target_arch = "x86_64")]
search_copy!(
    // The features `Path::X86V3` stands for (the classic solver's x86-64-v3 copy).
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    search_x86_v3,
    dfs_x86_v3
);
#[cfg(target_arch = "x86_64")]
search_copy!(
    // The features `Path::X86V4` stands for (the classic solver's AVX-512 copy).
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2,bmi1,bmi2,lzcnt,popcnt")]
    search_x86_v4,
    dfs_x86_v4
);

/// The columns (bit `c` for column `c`) that hold a cell of `cells`.
#[inline(always)]
fn columns_of(cells: u128) -> u32 {
    let bands = cells | (cells >> 27) | (cells >> 54);
    (bands | (bands >> 9) | (bands >> 18)) as u32 & 0x1FF
}

/// Every bit when `b`, else none.
#[inline(always)]
fn all_if(b: bool) -> u128 {
    0u128.wrapping_sub(u128::from(b))
}

/// One row or column `line` of a value's cells `x` ([`Jigsaw::units`]): claiming;
/// `None` when it has no cell left. (A line's hidden single is found by
/// [`Jigsaw::hidden_singles`] once the pass has changed the value.)
#[inline(always)]
fn line_pass(jigsaw: &Jigsaw, x: &mut u128, line: u128) -> Option<()> {
    let y = *x & line;
    if y == 0 {
        return None;
    }
    let first = y.trailing_zeros() as usize;
    let region = jigsaw.region[usize::from(jigsaw.region_of[first])];
    *x &= !(region & !line & all_if(y & !region == 0));
    Some(())
}

/// One region of a value's cells `x` ([`Jigsaw::units`]): its cell if it has one
/// left (into `hidden`), and pointing (the region's cells all in the row or the
/// column of the first); `None` when it has none.
#[inline(always)]
fn region_pass(x: &mut u128, hidden: &mut u128, region: u128) -> Option<()> {
    let y = *x & region;
    if y == 0 {
        return None;
    }
    *hidden |= y & all_if(y & (y - 1) == 0);
    let first = y.trailing_zeros() as usize;
    let (row, column) = (ROW_OF[first], COLUMN_OF[first]);
    let lines = (row & all_if(y & !row == 0)) | (column & all_if(y & !column == 0));
    *x &= !(lines & !region);
    Some(())
}

/// The value of every cell of a solved state.
fn values(st: &State) -> Vec<u8> {
    // 128 slots, so that a bit index needs no bounds check; cells 0-63 and 64-80 as
    // 64-bit words.
    let mut out = [0u8; 128];
    for (d, &cand) in st.cand.iter().enumerate() {
        for (base, word) in [(0, cand as u64), (64, (cand >> 64) as u64)] {
            let mut cells = word;
            while cells != 0 {
                out[base + cells.trailing_zeros() as usize] = d as u8 + 1;
                cells &= cells - 1;
            }
        }
    }
    out[..81].to_vec()
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;
    use crate::general::GeneralSolver;
    use crate::variant::Variant;
    use crate::variant_solver::VariantSolver;

    /// A small seeded generator (SplitMix64) for layouts and givens.
    fn splitmix(state: &mut u64) -> u64 {
        *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = *state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Calls `check(regions, per-value solver, cells, keep)` on givens cut from a
    /// solution grid of each of up to 40 layouts (the boxes, then random ones whose
    /// fill finds a grid within a guess budget, as the generator's), each cell kept
    /// with odds `keep` in 81 (81, 40, 28, 24, 18, 10); returns how many layouts were
    /// filled.
    fn each_case(mut check: impl FnMut(&Regions, &VariantSolver, &[u8], u64)) -> usize {
        let mut seed = 7u64;
        let mut layouts = 0;
        for round in 0..40 {
            let regions = if round == 0 {
                Regions::boxes()
            } else {
                let mut next = |k: usize| (splitmix(&mut seed) % k as u64) as usize;
                Regions::random(&mut next, 600)
            };
            let per_value = VariantSolver::from_units(&Variant::Jigsaw(regions.clone()).units());
            let mut filler = per_value.clone();
            filler.max_guesses = 2_000;
            let Some(grid) = filler.search(&[0; 81], 1, None).first else {
                continue;
            };
            layouts += 1;
            for keep in [81, 40, 28, 24, 18, 10] {
                let cells: Vec<u8> = grid
                    .iter()
                    .map(|&v| {
                        if splitmix(&mut seed) % 81 < keep {
                            v
                        } else {
                            0
                        }
                    })
                    .collect();
                check(&regions, &per_value, &cells, keep);
            }
        }
        layouts
    }

    #[test]
    fn agrees_with_the_per_value_and_general_solvers_guesses_included() {
        let layouts = each_case(|regions, per_value, cells, keep| {
            let variant = Variant::Jigsaw(regions.clone());
            for limit in [1, 2, 50] {
                let ours = Jigsaw::new(regions).search(cells, limit);
                let theirs = per_value.search(cells, limit, None);
                assert_eq!(ours.count, theirs.count, "{regions:?} {cells:?}");
                assert_eq!(ours.first, theirs.first);
                assert_eq!(ours.stats.guesses, theirs.stats.guesses);
                // `VariantSolver::new` of a jigsaw hands such searches here.
                let handed = VariantSolver::new(&variant).search(cells, limit, None);
                assert_eq!(handed.first, ours.first);
                assert_eq!(handed.stats.guesses, ours.stats.guesses);
                if keep >= 24 {
                    let general = GeneralSolver::for_variant(&variant).search(cells, limit, None);
                    assert_eq!(ours.count, general.count);
                }
            }
        });
        assert!(layouts >= 30, "{layouts} layouts filled");
    }

    /// Every copy of the search this CPU runs finds what the portable copy finds:
    /// counts, first solutions and guesses.
    #[test]
    fn every_copy_agrees_with_the_portable_one() {
        let copies: Vec<Path> = [Path::X86V3, Path::X86V4]
            .into_iter()
            .filter(|path| path.available())
            .collect();
        let mut compared = 0;
        each_case(|regions, _, cells, _| {
            let layout = Jigsaw::new(regions);
            for limit in [1, 2, 50] {
                let portable = layout.search_on(cells, limit, Path::Portable);
                for &path in &copies {
                    let fast = layout.search_on(cells, limit, path);
                    assert_eq!(fast.count, portable.count, "{path:?} {regions:?} {cells:?}");
                    assert_eq!(fast.first, portable.first, "{path:?}");
                    assert_eq!(fast.stats.guesses, portable.stats.guesses, "{path:?}");
                    compared += 1;
                }
            }
        });
        // On a CPU without the fast copies there is nothing to compare.
        assert!(
            copies.is_empty() || compared >= 90 * copies.len(),
            "{compared}"
        );
    }

    #[test]
    fn clashing_and_malformed_givens_have_no_solution() {
        let boxes = Jigsaw::new(&Regions::boxes());
        let mut cells = [0u8; 81];
        cells[0] = 5;
        cells[10] = 5;
        assert_eq!(boxes.search(&cells, 2).count, 0);
        cells[10] = 10;
        assert_eq!(boxes.search(&cells, 2).count, 0);
        assert_eq!(boxes.search(&cells[..80], 2).count, 0);
        assert_eq!(boxes.search(&[0; 81], 0).count, 0);
        assert_eq!(boxes.search(&[0; 81], 3).count, 3);
    }
}
