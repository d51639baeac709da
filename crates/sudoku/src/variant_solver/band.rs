//! The band solver of the fixed variants (X, windoku, disjoint groups): the classic
//! 9 x 9 solver's board ([`crate::classic`]: 27 words, one per (band, value), after
//! JCZsolve) for the rows, columns and boxes, plus the variant's extra units, each as
//! three band masks. The search is compiled once per variant ([`RULES`], indexed by a
//! const parameter), so each copy's extra units are constants.
//!
//! The extra units are looked at after every sweep of the classic rules, and only for
//! the values whose words changed since they were last looked at: a value placed in
//! an extra unit leaves the unit's other cells; a value with one cell left in the unit
//! is placed there; none left (or placed twice) is a contradiction. Windoku adds the
//! five units its windows imply ([`WINDOKU_UNITS`]); in X, a value with two cells left in a
//! diagonal leaves every cell that sees both, and the search branches first on such
//! a value ([`Board::bilocal`]); each diagonal's cells in a band lie in one box, and
//! the examination of a word adds the pointing from that box into the diagonal (see
//! [`Board::update`]). Everything else (the band
//! closure, column pointing, naked singles, the stack closure for X and disjoint groups,
//! branching on the bivalue cell with the most unsolved peers) is the classic
//! solver's, on its shared tables; a grid is reported solved only after the extra
//! units were looked at, so every solution keeps every unit. What was tried and
//! dropped, with the figures: the crate README, "Variants".

mod copies;

use crate::analysis::SearchResult;
use crate::classic::isa::Isa;
use crate::classic::{
    BAND, CLOSURE_GUESSES, COLUMN_KEEP, COLUMN_PAIR, PERMUTATION_CELLS, Path, ROW_AND_BOX, SINGLE,
    UNSEEN, fold, given_words,
};
use crate::variant::Variant;
use core::sync::atomic::{Ordering, compiler_fence};

/// An extra unit as its cells in bands 0, 1 and 2 (bit `9 * (row % 3) + col`).
type BandUnit = [u32; 3];

/// The band masks of a list of units given as row-major cells.
const fn band_units<const N: usize>(cells: [[usize; 9]; N]) -> [BandUnit; N] {
    let mut out = [[0u32; 3]; N];
    let mut u = 0;
    while u < N {
        let mut i = 0;
        while i < 9 {
            let c = cells[u][i];
            out[u][c / 27] |= 1 << (c % 27);
            i += 1;
        }
        u += 1;
    }
    out
}

/// X: the main diagonal and the anti-diagonal.
const X_UNITS: [BandUnit; 2] = band_units({
    let mut cells = [[0usize; 9]; 2];
    let mut i = 0;
    while i < 9 {
        cells[0][i] = 10 * i;
        cells[1][i] = 9 * i + 8 - i;
        i += 1;
    }
    cells
});

/// Windoku: the four windows with corners at rows and columns 1 and 5 (0-based),
/// then the five units they imply. Rows 1-3 hold each value three times, two of them
/// in windows 1 and 2, so their cells outside the windows (columns 0, 4 and 8) hold
/// each value once: with the row groups {1, 2, 3}, {5, 6, 7} and {0, 4, 8} and the
/// same column groups, the nine products of a row group and a column group (the
/// windows are four of them) each hold 1-9 once. The implied units only name what the
/// rules already force, so the solutions are the same; they give the search hidden
/// singles the windows alone do not (see the crate README, "Variants").
const WINDOKU_UNITS: [BandUnit; 9] = band_units({
    const GROUPS: [[usize; 3]; 3] = [[1, 2, 3], [5, 6, 7], [0, 4, 8]];
    let products = [
        (0, 0),
        (0, 1),
        (1, 0),
        (1, 1),
        (0, 2),
        (1, 2),
        (2, 0),
        (2, 1),
        (2, 2),
    ];
    let mut cells = [[0usize; 9]; 9];
    let mut w = 0;
    while w < 9 {
        let (a, b) = products[w];
        let mut i = 0;
        while i < 9 {
            cells[w][i] = GROUPS[a][i / 3] * 9 + GROUPS[b][i % 3];
            i += 1;
        }
        w += 1;
    }
    cells
});

/// Disjoint groups: group `p` is the cell at place `p` of every box.
const DISJOINT_UNITS: [BandUnit; 9] = band_units({
    let mut cells = [[0usize; 9]; 9];
    let mut p = 0;
    while p < 9 {
        let mut b = 0;
        while b < 9 {
            cells[p][b] = (b / 3 * 3 + p / 3) * 9 + b % 3 * 3 + p % 3;
            b += 1;
        }
        p += 1;
    }
    cells
});

/// The rules a band search adds to the classic ones.
#[derive(Debug)]
pub(crate) struct Rules {
    /// Which of [`RULES`] these are (the search is compiled once for each).
    id: usize,
    /// The extra units.
    units: &'static [BandUnit],
    /// For each cell (row-major), the other cells of its extra units.
    peers: [BandUnit; 81],
    /// Whether every extra unit's cells sit at different bits in the three bands
    /// (X, windoku), so that a value's cells in a unit are one word: the OR of its
    /// three band words masked by the unit.
    folded: bool,
    /// For each folded extra unit (see [`Rules::folded`]) and bit, the cell's row,
    /// column, box and extra peers, as band masks; used where [`Rules::links`].
    link_peers: [[BandUnit; 32]; 9],
    /// Whether a value with two cells left in an extra unit (a strong link) leaves
    /// every cell that sees both.
    links: bool,
    /// Whether a branching cell's degree counts its open extra peers too.
    extra_degree: bool,
    /// Whether the search branches first on a value with two cells left in an extra
    /// unit ([`Board::bilocal`]): there, then elsewhere.
    bilocal: bool,
    /// Whether each extra unit's cells in a band lie in one box (X's diagonals): then
    /// [`Board::update`] adds the pointing from that box into the unit, which also
    /// clears a placed cell's extra peers (no loop over the placed cells).
    boxed: bool,
    /// For each unit, where [`Rules::boxed`]: per band, the cells of the box holding
    /// the unit's cells there, less those cells.
    box_rest: [BandUnit; 9],
    /// Whether propagation compares the 27 words with their last examined state
    /// before a sweep, to skip a sweep that would find nothing changed.
    settle_compare: bool,
    /// After how many guesses propagation adds the classic solver's stack closure
    /// (`u64::MAX`: never): disjoint groups after
    /// [`CLOSURE_GUESSES`](crate::classic::CLOSURE_GUESSES), as the classic solver
    /// does; X from the start (27.5 guesses a check against 31.7 without it, 28.2
    /// after eight guesses).
    closure_after: u64,
    /// Per band, the cells of the extra units (all 32 bits where they cover the
    /// band, so that the mask costs nothing there): [`Board::extra`] looks again at a
    /// value only when its words changed in these cells (X: 1,246 mispredicted
    /// branches a check against 1,365, the same instructions).
    covered: BandUnit,
}

/// Per band, the cells in any of `units`; `u32::MAX` for a band they cover whole.
const fn covered(units: &[BandUnit]) -> BandUnit {
    let mut out = [0u32; 3];
    let mut u = 0;
    while u < units.len() {
        let mut k = 0;
        while k < 3 {
            out[k] |= units[u][k];
            k += 1;
        }
        u += 1;
    }
    let mut k = 0;
    while k < 3 {
        if out[k] == BAND {
            out[k] = u32::MAX;
        }
        k += 1;
    }
    out
}

/// Whether no two bands of any unit put a cell at the same bit.
const fn folded(units: &[BandUnit]) -> bool {
    let mut u = 0;
    while u < units.len() {
        let [a, b, c] = units[u];
        if a & b != 0 || b & c != 0 || a & c != 0 {
            return false;
        }
        u += 1;
    }
    true
}

/// Whether every unit's cells in each band lie in one box.
const fn boxed(units: &[BandUnit]) -> bool {
    let mut u = 0;
    while u < units.len() {
        let mut k = 0;
        while k < 3 {
            // The unit's columns in band k, one bit per box (stack) they touch.
            let cols = units[u][k] | (units[u][k] >> 9) | (units[u][k] >> 18);
            let stacks =
                (cols & 0o7 != 0) as u32 + (cols & 0o70 != 0) as u32 + (cols & 0o700 != 0) as u32;
            if stacks > 1 {
                return false;
            }
            k += 1;
        }
        u += 1;
    }
    true
}

/// For each unit (of nine or fewer) and band: the cells of the boxes the unit's cells
/// there touch, less the unit's cells (for [`Rules::boxed`] units, one box a band).
const fn box_rest(units: &[BandUnit]) -> [BandUnit; 9] {
    let mut out = [[0u32; 3]; 9];
    let mut u = 0;
    while u < units.len() && u < 9 {
        let mut k = 0;
        while k < 3 {
            let cols = units[u][k] | (units[u][k] >> 9) | (units[u][k] >> 18);
            let mut b = 0;
            while b < 3 {
                if cols & (0o7 << (3 * b)) != 0 {
                    out[u][k] |= 0o7007007 << (3 * b);
                }
                b += 1;
            }
            out[u][k] &= !units[u][k];
            k += 1;
        }
        u += 1;
    }
    out
}

/// For each unit (of nine or fewer) and bit of a band word: the row, column, box and
/// extra peers (`peers`) of the unit's cell at that bit, the first band's holding it.
const fn link_peers(units: &[BandUnit], peers: &[BandUnit; 81]) -> [[BandUnit; 32]; 9] {
    let mut out = [[[0u32; 3]; 32]; 9];
    let mut u = 0;
    while u < units.len() && u < 9 {
        let mut c = 0;
        while c < 81 {
            let (k, bit) = (c / 27, c % 27);
            if units[u][k] & (1 << bit) != 0
                && out[u][bit][0] | out[u][bit][1] | out[u][bit][2] == 0
            {
                let mut d = 0;
                while d < 81 {
                    let (r1, c1, r2, c2) = (c / 9, c % 9, d / 9, d % 9);
                    let classic = r1 == r2 || c1 == c2 || (r1 / 3 == r2 / 3 && c1 / 3 == c2 / 3);
                    if classic && c != d {
                        out[u][bit][d / 27] |= 1 << (d % 27);
                    }
                    d += 1;
                }
                let mut j = 0;
                while j < 3 {
                    out[u][bit][j] |= peers[c][j];
                    j += 1;
                }
            }
            c += 1;
        }
        u += 1;
    }
    out
}

/// The rules of a list of extra units: strong links when `links`, the extra peers
/// in the degree of a branching cell when `extra_degree`, branching on a value with
/// two cells left in a unit when `bilocal` (both only for folded units, see
/// [`Rules::folded`]), the compare before a sweep when `settle_compare`, the stack
/// closure after `closure_after` guesses.
const fn rules(
    id: usize,
    units: &'static [BandUnit],
    links: bool,
    extra_degree: bool,
    bilocal: bool,
    settle_compare: bool,
    closure_after: u64,
) -> Rules {
    let mut peers = [[0u32; 3]; 81];
    let mut u = 0;
    while u < units.len() {
        let unit = units[u];
        let mut c = 0;
        while c < 81 {
            if unit[c / 27] & (1 << (c % 27)) != 0 {
                let mut k = 0;
                while k < 3 {
                    peers[c][k] |= unit[k];
                    k += 1;
                }
                peers[c][c / 27] &= !(1 << (c % 27));
            }
            c += 1;
        }
        u += 1;
    }
    Rules {
        id,
        units,
        peers,
        folded: folded(units),
        link_peers: link_peers(units, &peers),
        links: links && folded(units),
        extra_degree,
        bilocal: bilocal && folded(units),
        boxed: boxed(units),
        box_rest: box_rest(units),
        settle_compare,
        closure_after,
        covered: covered(units),
    }
}

/// The rules of X, windoku and disjoint groups, in the order of [`Rules::id`].
const RULES: [Rules; 3] = [
    rules(0, &X_UNITS, true, true, true, false, 0),
    rules(1, &WINDOKU_UNITS, true, false, false, true, u64::MAX),
    rules(
        2,
        &DISJOINT_UNITS,
        false,
        false,
        false,
        true,
        CLOSURE_GUESSES,
    ),
];

/// [`RULES`] with an address, for callers that keep a reference.
static RULES_STATIC: [Rules; 3] = RULES;

/// The rules of a variant whose units are the classic rows, columns and boxes plus
/// extra units; `None` for the classic rules and jigsaw.
pub(crate) fn rules_of(variant: &Variant) -> Option<&'static Rules> {
    match variant {
        Variant::X => Some(&RULES_STATIC[0]),
        Variant::Windoku => Some(&RULES_STATIC[1]),
        Variant::Disjoint => Some(&RULES_STATIC[2]),
        _ => None,
    }
}

/// The search state, copied whole on a guess: the classic board plus the words as
/// the extra units last saw them.
#[derive(Clone, Copy)]
struct Board {
    /// Word `9 * k + v`: the cells of band `k` where value `v + 1` may go.
    words: [u32; 27],
    /// Word `i` as [`Board::update`] last left it.
    seen: [u32; 27],
    /// Word `i` as [`Board::extra`] last left it.
    checked: [u32; 27],
    /// Per band: the cells not yet known.
    unsolved: [u32; 3],
    /// Per band: the unsolved bivalue cells as of the last naked single pass.
    bivalue: [u32; 3],
}

/// Runs `$board.update::<I, V, A>()` for every word `I` that changed since it was
/// last examined; returns `false` from the enclosing function on a contradiction, else
/// evaluates to the bands (bit `k`) of the words examined.
macro_rules! sweep {
    ($board:expr, $v:ident, $a:ident; $($i:literal)*) => {{
        let mut bands = 0u32;
        $(
            if $board.words[$i] != $board.seen[$i] {
                bands |= 1 << ($i / 9);
                if !$board.update::<$i, $v, $a>() {
                    return false;
                }
            }
        )*
        bands
    }};
}

impl Board {
    /// A board with the givens of `cells` (81 cells, 0 = blank), as the classic
    /// solver's copy `A` sets them up.
    #[inline(always)]
    fn new<A: Isa>(cells: &[u8; 81]) -> Board {
        let words = given_words::<A>(cells);
        Board {
            words,
            seen: [UNSEEN; 27],
            checked: [UNSEEN; 27],
            unsolved: [BAND; 3],
            bivalue: [0; 3],
        }
    }

    /// The classic solver's examination of word `I`: band closure, column pointing,
    /// placements of rows with one cell; a cell placed for the first time also leaves
    /// the value's words at the other cells of its extra units (two placements of a
    /// value in one extra unit empty a row of its word: a contradiction the next
    /// examination finds). Where [`Rules::boxed`] (X), the placement step is instead
    /// the pointing from each unit's box in this band into the unit, with the column
    /// pointing and with no branch: the value's cells in the box all in the unit leave
    /// the unit's cells in the other bands. A placed cell is the value's only cell
    /// in its box after the band closure, so a cell placed in a unit leaves the rest
    /// of the unit: in this band the closure cleared it (the same box), in the others
    /// the pointing. `false` on a contradiction.
    #[inline(always)]
    fn update<const I: usize, const V: usize, A: Isa>(&mut self) -> bool {
        let rules = &RULES[V];
        let k = I / 9;
        let (j1, j2) = ((I + 9) % 27, (I + 18) % 27);
        let w = self.words[I];
        let a = w & PERMUTATION_CELLS[(A::minirows(w) & 0x1FF) as usize];
        if a == 0 {
            return false;
        }
        self.seen[I] = a;
        let keep = COLUMN_KEEP[fold(a) as usize];
        let (mut keep1, mut keep2) = (keep, keep);
        if rules.boxed {
            // Pointing: the value's cells in this band's box of a unit all in the
            // unit leave the unit in the other bands.
            for (n, u) in rules.units.iter().enumerate() {
                let on = 0u32.wrapping_sub(u32::from(a & rules.box_rest[n][k] == 0));
                keep1 &= !(u[(k + 1) % 3] & on);
                keep2 &= !(u[(k + 2) % 3] & on);
            }
        }
        self.words[j1] &= keep1;
        self.words[j2] &= keep2;
        let placed = SINGLE[0][(a & 0x1FF) as usize]
            | SINGLE[1][((a >> 9) & 0x1FF) as usize]
            | SINGLE[2][((a >> 18) & 0x1FF) as usize];
        let mut new = placed & self.unsolved[k];
        self.unsolved[k] &= !placed;
        // One word at a time, as the classic solver's update does (see there):
        // a vector load over words just stored one by one waits for the stores.
        for i in 9 * k..9 * k + 9 {
            if i != I {
                self.words[i] &= !placed;
                compiler_fence(Ordering::SeqCst);
            }
        }
        self.words[I] = a;
        if rules.boxed {
            // A cell placed in a unit is the value's only cell in its box, which the
            // band closure left, so the pointing above cleared the unit's cells in
            // the other bands, and the closure those in this band (the same box).
            return true;
        }
        while new != 0 {
            let bit = new.trailing_zeros() as usize;
            new &= new - 1;
            let peers = &rules.peers[27 * k + bit];
            self.words[I % 9] &= !peers[0];
            self.words[9 + I % 9] &= !peers[1];
            self.words[18 + I % 9] &= !peers[2];
        }
        true
    }

    /// Hidden singles and locked candidates in the extra units, for every value
    /// whose words changed since they were last looked at (after a full sweep: every
    /// placed value has left its extra units): a value with one cell left in a unit
    /// is assigned there; with [`Rules::links`], a value with two cells left in a
    /// unit leaves every cell that sees both. `None` on a contradiction (a value with
    /// no cell left in a unit), else whether a word changed.
    #[inline(always)]
    fn extra<const V: usize, A: Isa>(&mut self) -> Option<bool> {
        let rules = &RULES[V];
        if rules.boxed {
            return self.extra_found::<V, A>();
        }
        let mut changed = false;
        // Only a change in the units' cells can give them something new: the values
        // to look at, found with no branch, then taken one by one.
        let mut todo = 0u32;
        for v in 0..9 {
            let (i0, i1, i2) = (v, 9 + v, 18 + v);
            todo |= u32::from(
                ((self.words[i0] ^ self.checked[i0]) & rules.covered[0])
                    | ((self.words[i1] ^ self.checked[i1]) & rules.covered[1])
                    | ((self.words[i2] ^ self.checked[i2]) & rules.covered[2])
                    != 0,
            ) << v;
        }
        while todo != 0 {
            let v = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let (i0, i1, i2) = (v, 9 + v, 18 + v);
            // As found: a change here gets the value looked at again.
            self.checked[i0] = self.words[i0];
            self.checked[i1] = self.words[i1];
            self.checked[i2] = self.words[i2];
            for (n, u) in rules.units.iter().enumerate() {
                let m = [
                    self.words[i0] & u[0],
                    self.words[i1] & u[1],
                    self.words[i2] & u[2],
                ];
                if rules.folded {
                    // One word: the unit's cells sit at different bits in each band.
                    let f = m[0] | m[1] | m[2];
                    if f == 0 {
                        return None;
                    }
                    if f & (f - 1) == 0 {
                        let k = usize::from(m[0] == 0) + usize::from(m[0] | m[1] == 0);
                        if f & self.unsolved[k] != 0 {
                            self.assign(v, k, f.trailing_zeros());
                            changed = true;
                        }
                    } else if rules.links {
                        // Two cells left: one holds the value, so a cell seeing both
                        // does not.
                        let rest = f & (f - 1);
                        if rest & (rest - 1) == 0 {
                            let a = &rules.link_peers[n][f.trailing_zeros() as usize & 31];
                            let b = &rules.link_peers[n][rest.trailing_zeros() as usize & 31];
                            let w = [self.words[i0], self.words[i1], self.words[i2]];
                            let new = [
                                w[0] & !(a[0] & b[0]),
                                w[1] & !(a[1] & b[1]),
                                w[2] & !(a[2] & b[2]),
                            ];
                            if new != w {
                                self.words[i0] = new[0];
                                self.words[i1] = new[1];
                                self.words[i2] = new[2];
                                changed = true;
                            }
                        }
                    }
                } else {
                    let nonzero =
                        usize::from(m[0] != 0) + usize::from(m[1] != 0) + usize::from(m[2] != 0);
                    if nonzero == 0 {
                        return None;
                    }
                    let k = usize::from(m[0] == 0) + usize::from(m[0] | m[1] == 0);
                    if nonzero == 1 && m[k] & (m[k] - 1) == 0 && m[k] & self.unsolved[k] != 0 {
                        self.assign(v, k, m[k].trailing_zeros());
                        changed = true;
                    }
                }
            }
        }
        Some(changed)
    }

    /// [`Board::extra`] for X, with fewer branches: first, for every value and unit
    /// and with no branch, whether the value's cells in the unit changed since they
    /// were last looked at and whether none, one unsolved cell or two are left; then
    /// only the units so found are taken one by one, each looked at again on the
    /// words as they are by then (an earlier unit's link may have changed them). The
    /// same fixpoint as the value-by-value pass, with about 120 fewer mispredicted
    /// branches a check (the branches on one or two cells left, for every unit of a
    /// changed value, mispredicted often). The scan is the copy's
    /// ([`Isa::unit_scan`]: AVX-512 on the x86-64-v4 copy, 2.5% less CPU time for X
    /// than the scalar loop).
    #[inline(always)]
    fn extra_found<const V: usize, A: Isa>(&mut self) -> Option<bool> {
        let rules = &RULES[V];
        let units = rules.units;
        // Bit `16 * n + v`: value v in unit n (two units at most).
        let [looked, empty, mut single, mut pair] =
            A::unit_scan(&self.words, &mut self.checked, &self.unsolved, units);
        if looked == 0 {
            return Some(false);
        }
        if empty & looked != 0 {
            return None;
        }
        let mut changed = false;
        single &= looked;
        while single != 0 {
            let bit = single.trailing_zeros() as usize;
            single &= single - 1;
            let (v, u) = (bit % 16, &units[bit / 16]);
            let m = [
                self.words[v] & u[0],
                self.words[9 + v] & u[1],
                self.words[18 + v] & u[2],
            ];
            let f = m[0] | m[1] | m[2];
            if f != 0 && f & (f - 1) == 0 {
                let k = usize::from(m[0] == 0) + usize::from(m[0] | m[1] == 0);
                if f & self.unsolved[k] != 0 {
                    self.assign(v, k, f.trailing_zeros());
                    changed = true;
                }
            }
        }
        pair &= looked;
        while pair != 0 {
            let bit = pair.trailing_zeros() as usize;
            pair &= pair - 1;
            let (v, n) = (bit % 16, bit / 16);
            let u = &units[n];
            let (i0, i1, i2) = (v, 9 + v, 18 + v);
            let w = [self.words[i0], self.words[i1], self.words[i2]];
            let f = (w[0] & u[0]) | (w[1] & u[1]) | (w[2] & u[2]);
            let rest = f & f.wrapping_sub(1);
            if rest != 0 && rest & (rest - 1) == 0 {
                // Two cells left: one holds the value, so a cell seeing both does not.
                let a = &rules.link_peers[n][f.trailing_zeros() as usize & 31];
                let b = &rules.link_peers[n][rest.trailing_zeros() as usize & 31];
                let new = [
                    w[0] & !(a[0] & b[0]),
                    w[1] & !(a[1] & b[1]),
                    w[2] & !(a[2] & b[2]),
                ];
                if new != w {
                    self.words[i0] = new[0];
                    self.words[i1] = new[1];
                    self.words[i2] = new[2];
                    changed = true;
                }
            }
        }
        Some(changed)
    }

    /// A value with exactly two cells left in an extra unit, as (value, band, bit) of
    /// the first of the two and (band, bit) of the second: the first such in the order
    /// of the values, then of the units, whose two cells lie in different bands, else
    /// the first such (on X, 31.7 guesses a check against 32.3 for the first such). For
    /// folded units only (one word per unit).
    #[inline(always)]
    fn bilocal<const V: usize>(&self) -> Option<(usize, usize, u32, usize, u32)> {
        let mut first = None;
        for v in 0..9 {
            for u in RULES[V].units {
                let m = [
                    self.words[v] & u[0],
                    self.words[9 + v] & u[1],
                    self.words[18 + v] & u[2],
                ];
                let f = m[0] | m[1] | m[2];
                let rest = f & f.wrapping_sub(1);
                if rest != 0 && rest & (rest - 1) == 0 {
                    let k = usize::from(m[0] == 0) + usize::from(m[0] | m[1] == 0);
                    // The second cell: the other bit, in the last band with a cell.
                    let k2 = 2 - usize::from(m[2] == 0) - usize::from(m[2] | m[1] == 0);
                    let bit = m[k].trailing_zeros();
                    let pair = (v, k, bit, k2, (f & !(1 << bit)).trailing_zeros());
                    if m[k] != f {
                        return Some(pair);
                    }
                    first = first.or(Some(pair));
                }
            }
        }
        first
    }

    /// Whether every cell is placed.
    #[inline(always)]
    fn solved(&self) -> bool {
        self.unsolved[0] | self.unsolved[1] | self.unsolved[2] == 0
    }

    /// Keeps only `bit` in its row of word `9 * k + v`.
    #[inline]
    fn assign(&mut self, v: usize, k: usize, bit: u32) {
        let row = bit / 9;
        self.words[9 * k + v] &= !(0x1FF << (9 * row)) | (1 << bit);
    }

    /// Propagation to a fixed point: the classic sweep (with the extra units'
    /// placements), naked singles, then the extra units' hidden singles and locked
    /// candidates ([`Board::extra`]; on X before the naked singles, the same fixpoint
    /// with fewer naked single passes), then (if `closure`) the stack closure. `false`
    /// on a contradiction.
    #[inline(always)]
    fn propagate<const V: usize, A: Isa>(&mut self, closure: bool) -> bool {
        let mut touched = 0u32;
        loop {
            loop {
                // One compare of the 27 words in place of a last sweep that finds
                // nothing changed (see `settle_compare`).
                if RULES[V].settle_compare && self.words == self.seen {
                    break;
                }
                // X examines its words in an order where consecutive words share
                // neither band nor value (word 9k + v, k = 0..3 for v = d + k, d =
                // 0..9): an examination writes the words of its value and of its
                // band, so the next one does not wait on it (X 1.6-1.9% less CPU
                // time, same answers; windoku and disjoint groups 1-2% more, so they
                // keep the classic solver's order).
                let bands = if RULES[V].boxed {
                    sweep!(self, V, A;
                        0 10 20 1 11 21 2 12 22 3 13 23 4 14 24 5 15 25 6 16 26 7 17 18 8 9 19)
                } else {
                    sweep!(self, V, A;
                        0 9 18 1 10 19 2 11 20 3 12 21 4 13 22 5 14 23 6 15 24 7 16 25 8 17 26)
                };
                if bands == 0 {
                    break;
                }
                touched |= bands;
            }
            if self.solved() {
                return true;
            }
            if RULES[V].boxed {
                // X looks at the diagonals before the naked singles: what it finds
                // goes to the next sweeps with the bands already touched, so one
                // naked single pass follows both.
                match self.extra::<V, A>() {
                    None => return false,
                    Some(true) => continue,
                    Some(false) => {}
                }
            }
            let mut found = false;
            for k in 0..3 {
                if touched & (1 << k) == 0 {
                    continue;
                }
                let unsolved = self.unsolved[k];
                let (mut ones, mut twos, mut threes) = (0u32, 0u32, 0u32);
                for &w in &self.words[9 * k..9 * k + 9] {
                    threes |= twos & w;
                    twos |= ones & w;
                    ones |= w;
                }
                if ones != BAND {
                    return false;
                }
                self.bivalue[k] = twos & !threes & unsolved;
                let singles = ones & !twos & unsolved;
                if singles != 0 {
                    found = true;
                    for v in 0..9 {
                        let mut mine = self.words[9 * k + v] & singles;
                        while mine != 0 {
                            let bit = mine.trailing_zeros();
                            mine &= mine - 1;
                            self.assign(v, k, bit);
                        }
                    }
                }
            }
            touched = 0;
            if found {
                continue;
            }
            if !RULES[V].boxed {
                match self.extra::<V, A>() {
                    None => return false,
                    Some(true) => continue,
                    Some(false) => {}
                }
            }
            if !(closure && self.stack_closure()) {
                return true;
            }
        }
    }

    /// The classic solver's stack closure; `true` when a word changed.
    #[inline(always)]
    fn stack_closure(&mut self) -> bool {
        #[inline(always)]
        fn next(f: u32) -> u32 {
            ((f >> 1) & 0o333) | ((f << 2) & 0o444)
        }
        #[inline(always)]
        fn after(f: u32) -> u32 {
            ((f >> 2) & 0o111) | ((f << 1) & 0o666)
        }
        #[inline(always)]
        fn spread(c: u32) -> u32 {
            c | (c << 9) | (c << 18)
        }
        let (b0, rest) = self.words.split_at_mut(9);
        let (b1, b2) = rest.split_at_mut(9);
        let mut changed = 0;
        for ((w0, w1), w2) in b0.iter_mut().zip(b1.iter_mut()).zip(b2.iter_mut()) {
            let (f0, f1, f2) = (fold(*w0), fold(*w1), fold(*w2));
            let k0 = (next(f1) & after(f2)) | (after(f1) & next(f2));
            let k1 = (next(f2) & after(f0)) | (after(f2) & next(f0));
            let k2 = (next(f0) & after(f1)) | (after(f0) & next(f1));
            let (n0, n1, n2) = (*w0 & spread(k0), *w1 & spread(k1), *w2 & spread(k2));
            changed |= (n0 ^ *w0) | (n1 ^ *w1) | (n2 ^ *w2);
            (*w0, *w1, *w2) = (n0, n1, n2);
        }
        changed != 0
    }

    /// The classic solver's branching cell, as (band, bit): the bivalue cell with the
    /// most unsolved row, box and column peers (and extra peers, where
    /// `rules.extra_degree`), else the first cell with the fewest candidates.
    #[inline(always)]
    fn branch_cell<const V: usize>(&self) -> (usize, u32) {
        let rules = &RULES[V];
        if self.bivalue[0] | self.bivalue[1] | self.bivalue[2] != 0 {
            let mut best = 0;
            for k in 0..3 {
                let own = self.unsolved[k];
                let others = u64::from(self.unsolved[(k + 1) % 3])
                    | (u64::from(self.unsolved[(k + 2) % 3]) << 27);
                let mut rest = self.bivalue[k];
                while rest != 0 {
                    let bit = rest.trailing_zeros() as usize & 31;
                    rest &= rest - 1;
                    let mut degree = (own & ROW_AND_BOX[bit]).count_ones()
                        + (others & COLUMN_PAIR[bit]).count_ones();
                    if rules.extra_degree {
                        let p = &rules.peers[27 * k + bit];
                        degree += (p[0] & self.unsolved[0]).count_ones()
                            + (p[1] & self.unsolved[1]).count_ones()
                            + (p[2] & self.unsolved[2]).count_ones();
                    }
                    best = best.max((degree << 8) | (255 - (32 * k as u32 + bit as u32)));
                }
            }
            let index = 255 - (best & 0xFF);
            return ((index / 32) as usize, index % 32);
        }
        let mut best = (0, 0);
        let mut best_count = u32::MAX;
        for k in 0..3 {
            let mut rest = self.unsolved[k];
            while rest != 0 && best_count > 3 {
                let bit = rest.trailing_zeros();
                rest &= rest - 1;
                let mut count = 0;
                for v in 0..9 {
                    count += (self.words[9 * k + v] >> bit) & 1;
                }
                if count < best_count {
                    best_count = count;
                    best = (k, bit);
                }
            }
        }
        best
    }

    /// The grid, 81 cells row by row, by the classic solver's copy `A`.
    #[inline(always)]
    fn cells<A: Isa>(&self) -> Vec<u8> {
        A::grid(&self.words).to_vec()
    }
}

/// Counts the solutions of `cells` (81 values, 0 = blank, 1-9 a given) under the
/// classic rules plus `rules` up to `limit`, keeping the first (values tried in
/// ascending order), on the fastest copy of the search this CPU runs (the classic
/// solver's choice, [`Path::detect`]). Givens that break a unit give no solution.
pub(crate) fn search(cells: &[u8], rules: &Rules, limit: u64) -> SearchResult {
    search_on(cells, rules, limit, Path::detect())
}

/// [`search`] on a chosen copy; a copy this CPU cannot run falls back to the
/// portable one. Every copy gives the same result, guess count included.
pub(crate) fn search_on(cells: &[u8], rules: &Rules, limit: u64, path: Path) -> SearchResult {
    let mut result = SearchResult::default();
    let Ok(cells) = <&[u8; 81]>::try_from(cells) else {
        return result;
    };
    if limit == 0 || cells.iter().any(|&v| v > 9) {
        return result;
    }
    copies::search(cells, rules.id, limit, path, &mut result);
    result
}

/// The name of the copy of the band search this CPU runs, for benchmark reports.
pub(crate) fn search_copy() -> &'static str {
    match Path::detect() {
        Path::Portable => "band solver (classic band words plus the extra units), portable",
        Path::X86V3 => {
            "band solver (classic band words plus the extra units), x86-64-v3 (AVX2, BMI2)"
        }
        Path::X86V4 => {
            "band solver (classic band words plus the extra units), x86-64-v4 (AVX-512 F/BW/VL, \
             BMI2)"
        }
    }
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;
    use crate::variant::Variant;
    use crate::{GenerateOptions, VariantKind, generate_variant};

    /// The cells (row-major) of a band unit.
    fn cells(unit: &BandUnit) -> Vec<usize> {
        (0..81)
            .filter(|&c| unit[c / 27] & (1 << (c % 27)) != 0)
            .collect()
    }

    /// The puzzles of a fixture file (one per line, `.` or `0` blank).
    fn fixture(name: &str) -> Vec<Vec<u8>> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../fixtures/sudoku/variants")
            .join(name);
        let text = std::fs::read_to_string(&path).unwrap();
        let puzzles: Vec<Vec<u8>> = text
            .lines()
            .filter(|l| l.len() == 81)
            .map(|l| {
                l.bytes()
                    .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
                    .collect()
            })
            .collect();
        assert!(!puzzles.is_empty(), "{}", path.display());
        puzzles
    }

    #[test]
    fn every_copy_gives_the_portable_answers_counts_solutions_and_guesses() {
        let fast = crate::classic::tests::fast_paths();
        // xorshift64: a fixed random sample.
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let cases = [
            (Variant::X, VariantKind::X, "x-eleven.txt"),
            (Variant::Windoku, VariantKind::Windoku, "windoku.txt"),
            (Variant::Disjoint, VariantKind::Disjoint, "disjoint.txt"),
        ];
        let mut compared = 0;
        for (variant, kind, file) in cases {
            let rules = rules_of(&variant).unwrap();
            let mut puzzles = fixture(file);
            puzzles.extend(fixture("x-clash.txt"));
            for index in 0..12 {
                let (puzzle, variant) =
                    generate_variant(&GenerateOptions::default(), kind, 3, index);
                let solution = puzzle.analyse_variant(1, &variant).first.unwrap();
                puzzles.push(puzzle.cells().to_vec());
                // Random givens of the solution, 8 to 40 of them; every fourth with one
                // given changed to a random value (often no solution).
                for round in 0..4 {
                    let givens = 8 + next() % 33;
                    let mut cells = vec![0u8; 81];
                    for _ in 0..givens {
                        let c = (next() % 81) as usize;
                        cells[c] = solution.cells()[c];
                    }
                    if round == 3 {
                        cells[(next() % 81) as usize] = 1 + (next() % 9) as u8;
                    }
                    puzzles.push(cells);
                }
            }
            for (i, cells) in puzzles.iter().enumerate() {
                for limit in [1, 2, 50] {
                    let portable = search_on(cells, rules, limit, Path::Portable);
                    for &path in &fast {
                        let other = search_on(cells, rules, limit, path);
                        let copy = path.name();
                        let name = format!("{kind} #{i}, limit {limit}, {copy}");
                        assert_eq!(portable.count, other.count, "{name}: counts");
                        assert_eq!(portable.first, other.first, "{name}: first solutions");
                        assert_eq!(portable.stats, other.stats, "{name}: guesses");
                        compared += 1;
                    }
                }
            }
        }
        // Three variants, at least 60 puzzles each (the generated ones), three limits,
        // every fast copy this CPU has (one without AVX-512, two with it).
        assert!(
            compared >= 3 * 60 * 3 * fast.len(),
            "{compared} comparisons"
        );
    }

    #[test]
    fn only_x_has_each_unit_in_one_box_of_a_band() {
        assert!(RULES[0].boxed, "X");
        assert!(!RULES[1].boxed, "windoku");
        assert!(!RULES[2].boxed, "disjoint groups");
        for unit in &X_UNITS {
            for k in 0..3 {
                let boxes: std::collections::BTreeSet<usize> = cells(unit)
                    .into_iter()
                    .filter(|&c| c / 27 == k)
                    .map(|c| c / 27 * 3 + c % 9 / 3)
                    .collect();
                assert_eq!(boxes.len(), 1, "band {k}");
            }
        }
    }

    #[test]
    fn the_band_solver_names_the_copy_it_runs() {
        let name = search_copy();
        assert!(name.starts_with("band solver (classic band words plus the extra units), "));
        assert!(name.ends_with(Path::detect().name()), "{name}");
    }

    /// A board with every value possible everywhere.
    fn open_board() -> Board {
        Board::new::<crate::classic::isa::Portable>(&[0; 81])
    }

    #[test]
    fn the_units_windoku_implies_hold_in_windoku_solutions() {
        for unit in &WINDOKU_UNITS {
            assert_eq!(cells(unit).len(), 9);
        }
        for index in 0..10 {
            let (puzzle, variant) =
                generate_variant(&GenerateOptions::default(), VariantKind::Windoku, 7, index);
            let solution = puzzle.analyse_variant(2, &variant).first.expect("solved");
            verify::sudoku::check_variant_solution(
                puzzle.cells(),
                solution.cells(),
                "windoku",
                None,
            )
            .unwrap();
            for unit in &WINDOKU_UNITS {
                let mut values: Vec<u8> =
                    cells(unit).iter().map(|&c| solution.cells()[c]).collect();
                values.sort_unstable();
                assert_eq!(values, [1, 2, 3, 4, 5, 6, 7, 8, 9], "{index}: {puzzle}");
            }
        }
    }

    #[test]
    fn a_value_with_one_cell_left_in_an_implied_windoku_unit_is_placed_there() {
        // Unit 8: rows 0, 4, 8 by columns 0, 4, 8; value 1 is left only at r5c1.
        let unit = WINDOKU_UNITS[8];
        assert_eq!(cells(&unit), [0, 4, 8, 36, 40, 44, 72, 76, 80]);
        let mut board = open_board();
        for c in [0, 4, 8, 40, 44, 72, 76, 80] {
            board.words[9 * (c / 27)] &= !(1 << (c % 27));
        }
        assert_eq!(
            board.extra::<1, crate::classic::isa::Portable>(),
            Some(true)
        );
        // Row 4 (row 1 of band 1) of value 1's word keeps r5c1 alone.
        assert_eq!((board.words[9] >> 9) & 0x1FF, 1);
    }

    #[test]
    fn x_pointing_from_a_box_into_a_diagonal() {
        use crate::classic::isa::Portable;
        let (main, anti) = (X_UNITS[0], X_UNITS[1]);
        // Value 1 in box 1 (band 0) left on the main diagonal only (r1c1, r2c2,
        // r3c3): the rest of the diagonal loses it; the anti-diagonal but r5c5
        // keeps it, and so do the diagonal cells in box 1.
        let mut board = open_board();
        board.words[0] &= !(0o7007007 & !main[0]);
        assert!(board.update::<0, 0, Portable>());
        assert_eq!(board.words[9] & main[1], 0, "band 1");
        assert_eq!(board.words[18] & main[2], 0, "band 2");
        let rest = anti[1] & !main[1];
        assert_eq!(board.words[9] & rest, rest, "the anti-diagonal but r5c5");
        assert_eq!(
            board.words[18] & anti[2],
            anti[2],
            "the anti-diagonal in band 2"
        );
        assert_eq!(board.words[0] & main[0], main[0]);
        // A placement: value 2 at r5c5 (row 5 holds it nowhere else) is its only
        // cell in box 5 after the closure, so both diagonals lose it in bands 0 and 2.
        let mut board = open_board();
        board.words[10] &= !(0x1FF << 9) | (1 << 13);
        assert!(board.update::<10, 0, Portable>());
        assert_eq!(board.words[10] & 0o7007007 << 3, 1 << 13, "box 5");
        assert_eq!(board.words[1] & (main[0] | anti[0]), 0, "band 0");
        assert_eq!(board.words[19] & (main[2] | anti[2]), 0, "band 2");
        // Windoku and disjoint groups do not point into their units.
        for v in [1, 2] {
            let mut board = open_board();
            board.words[0] &= !(0o7007007 & !main[0]);
            let ok = if v == 1 {
                board.update::<0, 1, Portable>()
            } else {
                board.update::<0, 2, Portable>()
            };
            assert!(ok);
            assert_eq!(board.words[9], BAND);
            assert_eq!(board.words[18], BAND);
        }
    }

    #[test]
    fn x_branches_first_on_a_diagonal_pair_across_two_bands() {
        let main = X_UNITS[0];
        // Value 1 left on the main diagonal at r1c1 and r2c2 (one box).
        let mut board = open_board();
        board.words[0] &= !(main[0] & !(1 | 1 << 10));
        board.words[9] &= !main[1];
        board.words[18] &= !main[2];
        assert_eq!(board.bilocal::<0>(), Some((0, 0, 0, 0, 10)));
        // Value 2 left on it at r1c1 and r9c9 (bands 0 and 2): preferred.
        board.words[1] &= !(main[0] & !1);
        board.words[10] &= !main[1];
        board.words[19] &= !(main[2] & !(1 << 26));
        assert_eq!(board.bilocal::<0>(), Some((1, 0, 0, 2, 26)));
    }

    #[test]
    fn a_value_with_two_cells_left_in_an_extra_unit_leaves_the_cells_seeing_both() {
        // X: value 1 left on the main diagonal at r1c1 and r9c9 only; r1c9 and r9c1
        // see both (a row and a column), so they lose it.
        let main = X_UNITS[0];
        let mut board = open_board();
        board.words[0] &= !(main[0] & !1);
        board.words[9] &= !main[1];
        board.words[18] &= !(main[2] & !(1 << 26));
        assert_eq!(
            board.extra::<0, crate::classic::isa::Portable>(),
            Some(true)
        );
        assert_eq!(board.words[0] & (1 << 8), 0, "r1c9");
        assert_eq!(board.words[18] & (1 << 18), 0, "r9c1");
        // r1c2 sees r1c1 only: it keeps the value.
        assert_ne!(board.words[0] & (1 << 1), 0, "r1c2");
        // Windoku: value 2 left in window 1 (r2-r4, c2-c4) at r2c2 and r4c3 only;
        // r1c3 (box 1, column 3) and r5c2 (column 2, box 4) see both, so they lose
        // it; r1c2 sees r2c2 alone.
        let window = WINDOKU_UNITS[0];
        let mut board = open_board();
        board.words[1] &= !(window[0] & !(1 << 10));
        board.words[10] &= !(window[1] & !(1 << 2));
        assert_eq!(
            board.extra::<1, crate::classic::isa::Portable>(),
            Some(true)
        );
        assert_eq!(board.words[1] & (1 << 2), 0, "r1c3");
        assert_eq!(board.words[10] & (1 << 10), 0, "r5c2");
        assert_ne!(board.words[1] & (1 << 1), 0, "r1c2");
    }
}
