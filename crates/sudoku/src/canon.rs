//! Canonical (minlex) forms of 9 x 9 Sudoku puzzles and solution grids.
//!
//! Two puzzles are *equivalent* when one becomes the other by a positional symmetry
//! (transposition, a permutation of the three bands, of the rows within each band, of
//! the three stacks and of the columns within each stack: 2 x 6^8 = 3,359,232 morphs)
//! and a relabelling of the digits. The *minlex* form of a puzzle is the
//! lexicographically smallest 81-character string over all its morphs, each morph's
//! digits relabelled 1, 2, 3, ... in order of first appearance (row-major), a blank
//! being 0 and so smaller than every digit. Equivalent puzzles, and only they, have the
//! same minlex form, which is how collections are deduplicated (the convention of the
//! New Sudoku Players' Forum's puzzle catalogues and of Glenn Fowler's `sudoku -q`).
//! The other convention in use, the canonical form of a puzzle's *solution grid*, is
//! the same function applied to the solved grid: see [`minlex`] on
//! [`Sudoku::solution`](crate::Sudoku::solution)'s cells.
//!
//! # Algorithm
//!
//! Both searches narrow row by row, after the minlex canonicalisers discussed on the
//! New Sudoku Players' Forum ("Minlex form", enjoysudoku.com, 2008-2011: gsf's
//! `sudoku -q` and dobrichev's `patminlex`, whose lists of candidate morphs, each with a
//! stack order and per-stack masks of column orders, the puzzle search follows) and
//! the band analysis of Felgenhauer and Jarvis ("Enumerating possible Sudoku grids",
//! 2005: a band's second and third rows given its first, 416 classes of first bands).
//! The code and its tables are our own.
//!
//! **Puzzles.** A set of *partial morphs* fixes a transposition, the source rows of the
//! output rows placed so far, a stack order and, for each stack, a set of column
//! orders within it (a 6-bit mask), together with the labels the placed rows handed
//! out; every member of the set gives the same prefix. One output row is placed for
//! all sets at once (a level): each set tries each source row it may take (any unused
//! row when a band starts, else the unused rows of the band being placed) and, stack
//! by stack, takes the smallest triplet its allowed column orders give. A cell's code
//! is 0 for a blank, its label for a digit the prefix has labelled, and larger than
//! both for a new digit (which takes the next label in order of appearance), so the
//! smallest orders come from a table indexed by how the three codes compare and by the
//! mask; orders that tie but hand out labels differently (two new digits) split the
//! set. Only the extensions whose row ties the smallest row of the level survive: a
//! worse prefix is never extended, so the levels' smallest rows are the minlex form.
//! The first level starts from the 12 (transposition, stack order) sets with every
//! column order allowed. Where no row or column repeats a digit, a first row's labels
//! are 1, 2, ... in order, so it depends only on its given cells: only the rows and
//! stack orders giving the smallest pattern (stacks with fewer givens first) are
//! tried. Blanks never split a set, so sparse puzzles keep few.
//!
//! **Solution grids.** Any morph of a valid grid starts `123456789`, so the form is
//! decided by its first band, then by the rest. Name a band's second-row digits by
//! their column in the first row: a *column map* `s` (second row at column `c` = first
//! row at `s[c]`; `s` sends every column out of its own stack). A column order `x`
//! turns it into `x⁻¹ ∘ s ∘ x`, which plus one is that morph's relabelled second row.
//! The 12,096 maps a band can have fall into 15 classes under the 1,296 column orders;
//! a table (built once, at first use, about 30 KB) gives each map's class, numbered in
//! the order of its smallest member, and an order reaching that member; per class, a
//! second table gives, for each of the 216 third rows the first two allow, the
//! smallest third row the orders fixing the smallest second row reach, and those
//! orders. So the first band costs 18 map lookups (a pair of rows and its reverse,
//! whose class is the inverse class) and one third-row lookup per pair of the best
//! class. For each way to reach the best band (usually one or two; a grid's
//! automorphisms make more), the other six rows are relabelled and sorted (the band
//! holding the smallest row next, each band's rows in increasing order), and the
//! smallest completion wins. Input that is not a valid complete grid takes the puzzle
//! search.
//!
//! Both are exact: the tests compare them with a brute force over all 3,359,232 morphs
//! (random puzzles, grids, the most automorphic grids and puzzles cut from them, the
//! empty puzzle, an invalid one) and with each other (the solutions of top95), and
//! check invariance under random morphs with proptest. Speed, one core: about 26,500
//! instructions a 17-clue puzzle and 7,000 a solution grid (see the crate README).
//!
//! ```
//! // The first puzzle of the 17-clue set (17clue.txt, line 1).
//! let puzzle = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
//! let mut cells = [0u8; 81];
//! for (c, b) in cells.iter_mut().zip(puzzle.bytes()) {
//!     *c = if b == b'.' { 0 } else { b - b'0' };
//! }
//! let form = sudoku::canon::minlex(&cells);
//! let text: String = form.iter().map(|&d| char::from(b'0' + d)).collect();
//! assert_eq!(
//!     text,
//!     "000000000000000001000002030000003020001040000005000060030000004070080009620007000"
//! );
//! // A morph of the form has the same form.
//! assert_eq!(sudoku::canon::minlex(&form), form);
//! ```

use std::cmp::Ordering;
use std::sync::OnceLock;

/// The six permutations of three things.
const PERMS3: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The minlex form of a 9 x 9 puzzle or grid: `cells` row-major, 0 for a blank and
/// 1..=9 for a digit; the answer in the same shape. See the [module docs](self) for
/// the definition and the algorithm. A complete grid gives the canonical form of that
/// grid (through the faster grid search when it is a valid solution grid).
///
/// The givens need not be consistent (no rule is checked), but a row holding a digit
/// twice is still canonicalised correctly; only values above 9 are out of contract
/// (they are read as blanks).
#[must_use]
pub fn minlex(cells: &[u8; 81]) -> [u8; 81] {
    if is_solution_grid(cells) {
        grid_minlex(cells)
    } else {
        puzzle_minlex(cells)
    }
}

// ---------------------------------------------------------------------------
// Puzzles: level-by-level narrowing of partial morphs.
// ---------------------------------------------------------------------------

/// A set of partial morphs that all give the same prefix (the rows placed so far):
/// a transposition, the source rows of the output rows placed, a stack order, and for
/// each output stack a set of column orders within it (bit `p` = `PERMS3[p]`), with
/// the digit labels the prefix handed out (the same for every member of the set).
#[derive(Clone, Copy)]
struct Partial {
    /// 0: as given, 1: transposed.
    t: u8,
    /// The source stack of each output stack.
    stacks: [u8; 3],
    /// The allowed column orders within each output stack.
    masks: [u8; 3],
    /// The source row of each output row placed.
    rows: [u8; 9],
    /// The source rows placed, as bits.
    used: u16,
    /// `labels[d]`: digit `d`'s label, 0 while it has none.
    labels: [u8; 10],
    /// The next label to hand out.
    next: u8,
}

/// How two values compare: 0 for less, 1 for equal, 2 for greater.
#[inline]
const fn cmp3(x: usize, y: usize) -> usize {
    (x >= y) as usize + (x > y) as usize
}

/// How three values compare: 9 x (a vs b) + 3 x (a vs c) + (b vs c), by [`cmp3`].
#[inline]
fn relation(v: &[u16; 3]) -> usize {
    let [a, b, c] = v.map(usize::from);
    9 * cmp3(a, b) + 3 * cmp3(a, c) + cmp3(b, c)
}

/// `SMALLEST_ORDERS[mask << 5 | relation]`: of the orders in `mask` (bit `w` =
/// `PERMS3[w]`), those that put three values related as [`relation`] says in the
/// smallest order (0 for an empty mask or a relation no values have).
static SMALLEST_ORDERS: [u8; 64 << 5] = {
    let mut t = [0u8; 64 << 5];
    // Values 0..3 for each cell realise every possible relation.
    let mut cube = 0;
    while cube < 27 {
        let v = [cube / 9, cube / 3 % 3, cube % 3];
        let rel = 9 * cmp3(v[0], v[1]) + 3 * cmp3(v[0], v[2]) + cmp3(v[1], v[2]);
        let mut mask = 1;
        while mask < 64 {
            let (mut best, mut orders, mut w) = (usize::MAX, 0u8, 0);
            while w < 6 {
                if mask & (1 << w) != 0 {
                    let p = PERMS3[w];
                    let key = v[p[0]] * 9 + v[p[1]] * 3 + v[p[2]];
                    if key < best {
                        best = key;
                        orders = 0;
                    }
                    if key == best {
                        orders |= 1 << w;
                    }
                }
                w += 1;
            }
            t[mask << 5 | rel] = orders;
            mask += 1;
        }
        cube += 1;
    }
    t
};

/// One output row being chosen for a whole level: the smallest row found so far (a
/// packed triplet per output stack, 4 bits a cell) and the partial morphs that give it.
struct Level<'a> {
    best: [u16; 3],
    out: &'a mut Vec<Partial>,
}

/// The output triplet (4 bits a cell, first cell highest) of a stack's source cells
/// `src` taken in the order `perm`, with `labels` and new labels from `next`, and the
/// source digits in that order (the key of the labels it hands out).
#[inline]
fn triplet(src: [u8; 3], perm: [usize; 3], labels: &[u8; 10], next: u8) -> (u16, u16) {
    let mut out = 0u16;
    let mut key = 0u16;
    let mut fresh = [0u8; 3];
    let mut n_fresh = 0usize;
    let mut next = next;
    for &i in &perm {
        let d = src[i];
        key = (key << 4) | u16::from(d);
        let v = if d == 0 {
            0
        } else if labels[d as usize] != 0 {
            labels[d as usize]
        } else if let Some(k) = fresh[..n_fresh].iter().position(|&f| f == d) {
            // The same digit twice in a row (an invalid puzzle): one label.
            next - (n_fresh - k) as u8
        } else {
            fresh[n_fresh] = d;
            n_fresh += 1;
            next += 1;
            next - 1
        };
        out = (out << 4) | u16::from(v);
    }
    (out, key)
}

/// The labels after a stack's source digits `key` (as [`triplet`] gives it).
#[inline]
fn apply_key(key: u16, labels: &mut [u8; 10], next: &mut u8) {
    for shift in [8, 4, 0] {
        let d = ((key >> shift) & 15) as usize;
        if d != 0 && labels[d] == 0 {
            labels[d] = *next;
            *next += 1;
        }
    }
}

impl Level<'_> {
    /// Offers output stack `s` onwards of source row `row` (the cells of the transposed
    /// or plain grid) for the partial morph `p`, the stacks before `s` already chosen
    /// (their masks in `masks`) with `labels`/`next`. Keeps every extension whose row
    /// ties the smallest so far; a smaller row drops those kept before.
    fn offer(
        &mut self,
        p: &Partial,
        row: &[u8],
        s: usize,
        masks: [u8; 3],
        labels: [u8; 10],
        next: u8,
    ) {
        let base = p.stacks[s] as usize * 3;
        let src = [row[base], row[base + 1], row[base + 2]];
        let mask = p.masks[s];
        if src == [0, 0, 0] {
            // Every order gives 000 and hands out nothing.
            if !self.compare(s, 0) {
                return;
            }
            let mut m = masks;
            m[s] = mask;
            self.descend(p, row, s, m, labels, next);
            return;
        }
        let (best, groups, n) = if src[0] != 0 && (src[0] == src[1] || src[0] == src[2])
            || src[1] != 0 && src[1] == src[2]
        {
            Self::triplets_slow(src, mask, &labels, next)
        } else {
            Self::triplets(src, mask, &labels, next)
        };
        if !self.compare(s, best) {
            return;
        }
        for &(key, group) in &groups[..n] {
            let mut m = masks;
            m[s] = group;
            let mut l = labels;
            let mut nx = next;
            apply_key(key, &mut l, &mut nx);
            self.descend(p, row, s, m, l, nx);
        }
    }

    /// The smallest triplet the orders in `mask` give a stack's source cells `src`
    /// (three different digits or blanks), and those orders grouped by the labels they
    /// hand out: `(triplet, [(key, orders)], groups)`, each key the source digits in
    /// that order ([`apply_key`]).
    ///
    /// A blank is 0, a labelled digit its label, and every unlabelled digit larger
    /// than both (it takes the next label in order of appearance), so the orders can be
    /// compared on these codes with the unlabelled digits all alike.
    #[inline]
    fn triplets(
        src: [u8; 3],
        mask: u8,
        labels: &[u8; 10],
        next: u8,
    ) -> (u16, [(u16, u8); 6], usize) {
        const NEW: u16 = 15;
        let code = |d: u8| match d {
            0 => 0,
            d if labels[usize::from(d)] != 0 => u16::from(labels[usize::from(d)]),
            _ => NEW,
        };
        let codes = [code(src[0]), code(src[1]), code(src[2])];
        let orders = SMALLEST_ORDERS[usize::from(mask) << 5 | relation(&codes)];
        let [a, b, c] = PERMS3[orders.trailing_zeros() as usize];
        let best = (codes[a] << 8) | (codes[b] << 4) | codes[c];
        // The unlabelled digits take labels from `next` on, left to right.
        let mut out = 0u16;
        let mut fresh = u16::from(next);
        for shift in [8, 4, 0] {
            let mut v = (best >> shift) & 15;
            if v == NEW {
                v = fresh;
                fresh += 1;
            }
            out = (out << 4) | v;
        }
        let mut groups = [(0u16, 0u8); 6];
        let key = |w: usize| {
            let [a, b, c] = PERMS3[w];
            (u16::from(src[a]) << 8) | (u16::from(src[b]) << 4) | u16::from(src[c])
        };
        if fresh - u16::from(next) <= 1 {
            // At most one new label: every order that gives `out` hands out the same.
            groups[0] = (key(orders.trailing_zeros() as usize), orders);
            return (out, groups, 1);
        }
        let mut n = 0;
        let mut bits = orders;
        while bits != 0 {
            let w = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let k = key(w);
            if let Some(g) = groups[..n].iter_mut().find(|g| g.0 == k) {
                g.1 |= 1 << w;
            } else {
                groups[n] = (k, 1 << w);
                n += 1;
            }
        }
        (out, groups, n)
    }

    /// [`Level::triplets`] for any source cells (a digit twice in a stack of a row, as
    /// an invalid puzzle can have): each order relabelled in full.
    fn triplets_slow(
        src: [u8; 3],
        mask: u8,
        labels: &[u8; 10],
        next: u8,
    ) -> (u16, [(u16, u8); 6], usize) {
        let mut best = u16::MAX;
        let mut groups = [(0u16, 0u8); 6];
        let mut n = 0usize;
        let mut bits = mask;
        while bits != 0 {
            let w = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (out, key) = triplet(src, PERMS3[w], labels, next);
            if out > best {
                continue;
            }
            if out < best {
                best = out;
                n = 0;
            }
            if let Some(g) = groups[..n].iter_mut().find(|g| g.0 == key) {
                g.1 |= 1 << w;
            } else {
                groups[n] = (key, 1 << w);
                n += 1;
            }
        }
        (best, groups, n)
    }

    /// Whether triplet `v` at output stack `s` ties or beats the best row (whose stacks
    /// before `s` this one ties); a better one becomes the best and drops the kept.
    #[inline]
    fn compare(&mut self, s: usize, v: u16) -> bool {
        match v.cmp(&self.best[s]) {
            Ordering::Greater => false,
            Ordering::Equal => true,
            Ordering::Less => {
                self.best[s] = v;
                for b in &mut self.best[s + 1..] {
                    *b = u16::MAX;
                }
                self.out.clear();
                true
            }
        }
    }

    /// Goes on to the next output stack, or keeps the finished extension.
    #[inline]
    fn descend(
        &mut self,
        p: &Partial,
        row: &[u8],
        s: usize,
        masks: [u8; 3],
        labels: [u8; 10],
        next: u8,
    ) {
        if s < 2 {
            self.offer(p, row, s + 1, masks, labels, next);
        } else {
            self.out.push(Partial {
                masks,
                labels,
                next,
                ..*p
            });
        }
    }
}

/// The minlex form of any 9 x 9 puzzle (see the module docs): every partial morph
/// whose prefix ties the smallest is extended by one row at a time.
fn puzzle_minlex(cells: &[u8; 81]) -> [u8; 81] {
    let mut grids = [[0u8; 81]; 2];
    for r in 0..9 {
        for c in 0..9 {
            let v = cells[r * 9 + c];
            let v = if v > 9 { 0 } else { v };
            grids[0][r * 9 + c] = v;
            grids[1][c * 9 + r] = v;
        }
    }
    // The first row: where no row holds a digit twice, a row's relabelled form depends
    // only on which cells are given (its labels are 1, 2, ... in order), so only the
    // rows and stack orders that give the smallest pattern, the stacks with fewer
    // givens first, can start the form. `counts[t][r]`: givens per stack, 2 bits each.
    let mut counts = [[0u8; 9]; 2];
    let mut repeats = false;
    for (t, g) in grids.iter().enumerate() {
        for (r, row) in g.chunks_exact(9).enumerate() {
            let mut seen = 0u16;
            for (c, &v) in row.iter().enumerate() {
                if v != 0 {
                    counts[t][r] += 1 << (2 * (c / 3));
                    repeats |= seen & (1 << v) != 0;
                    seen |= 1 << v;
                }
            }
        }
    }
    let first_key = |t: u8, r: usize, stacks: &[u8; 3]| {
        stacks.iter().fold(0u8, |acc, &s| {
            (acc << 2) | ((counts[usize::from(t)][r] >> (2 * s)) & 3)
        })
    };
    let mut first_best = u8::MAX;
    for &row in counts.iter().flatten() {
        let mut c = [0u8, 1, 2].map(|s| (row >> (2 * s)) & 3);
        c.sort_unstable();
        first_best = first_best.min(c[0] << 4 | c[1] << 2 | c[2]);
    }
    let mut cur: Vec<Partial> = Vec::with_capacity(256);
    let mut nxt: Vec<Partial> = Vec::with_capacity(256);
    // The rows each (transposition, stack order) may start with.
    let mut first_rows = [0u16; 12];
    for t in 0..2u8 {
        for sp in &PERMS3 {
            let stacks = [sp[0] as u8, sp[1] as u8, sp[2] as u8];
            let rows = (0..9).fold(0u16, |acc, r| {
                let ok = repeats || first_key(t, r, &stacks) == first_best;
                acc | u16::from(ok) << r
            });
            if rows == 0 {
                continue;
            }
            first_rows[cur.len()] = rows;
            cur.push(Partial {
                t,
                stacks,
                masks: [0x3F; 3],
                rows: [0; 9],
                used: 0,
                labels: [0; 10],
                next: 1,
            });
        }
    }
    let mut form = [0u8; 81];
    for level in 0..9 {
        let mut lv = Level {
            best: [u16::MAX; 3],
            out: &mut nxt,
        };
        for (i, p) in cur.iter().enumerate() {
            // The source rows this level may take: any row at a band's first row,
            // else the unused rows of the band being placed.
            let choices: u16 = if level == 0 {
                first_rows[i]
            } else if level % 3 == 0 {
                0x1FF & !p.used
            } else {
                let band = p.rows[level - level % 3] / 3;
                (0b111 << (band * 3)) & !p.used
            };
            let g = &grids[p.t as usize];
            let mut bits = choices;
            while bits != 0 {
                let r = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let mut q = *p;
                q.rows[level] = r as u8;
                q.used |= 1 << r;
                lv.offer(&q, &g[r * 9..r * 9 + 9], 0, [0; 3], p.labels, p.next);
            }
        }
        let best = lv.best;
        for (s, b) in best.iter().enumerate() {
            for k in 0..3 {
                form[level * 9 + s * 3 + k] = ((b >> (8 - 4 * k)) & 15) as u8;
            }
        }
        std::mem::swap(&mut cur, &mut nxt);
        nxt.clear();
    }
    form
}

// ---------------------------------------------------------------------------
// Solution grids: the smallest first band from a table of column maps, then the
// other rows sorted.
// ---------------------------------------------------------------------------

/// Whether `cells` is a complete, valid solution grid (every row, column and box holds
/// 1..=9 once).
fn is_solution_grid(cells: &[u8; 81]) -> bool {
    const ALL: u16 = 0b11_1111_1110;
    let mut cols = [0u16; 9];
    let mut boxes = [0u16; 3];
    let mut ok = true;
    for (r, row) in cells.chunks_exact(9).enumerate() {
        let mut seen = 0u16;
        for (c, &v) in row.iter().enumerate() {
            // Values above 15 are caught too: their bit falls outside ALL (or off the u16).
            let bit = 1u16.checked_shl(u32::from(v)).unwrap_or(0);
            seen |= bit;
            cols[c] |= bit;
            boxes[c / 3] |= bit;
        }
        ok &= seen == ALL;
        if r % 3 == 2 {
            ok &= boxes == [ALL; 3];
            boxes = [0; 3];
        }
    }
    ok && cols == [ALL; 9]
}

/// A permutation of the nine columns (or of nine anything): `p[j]` is the image of `j`.
type Perm9 = [u8; 9];

/// The number of column maps a band's second row can have: 56 ways to choose which
/// three first-row columns each stack draws from, times 6^3 orders within the stacks.
const BAND_MAPS: usize = 56 * 216;

/// `TRIPLES[(a * 9 + b) * 9 + c]` for three distinct columns: the set `{a, b, c}` as
/// bits (0-8), and above them (bits 9-11) the rank (0..6) of their order.
static TRIPLES: [u16; 729] = {
    let mut t = [0u16; 729];
    let mut i = 0;
    while i < 729 {
        let (a, b, c) = (i / 81, i / 9 % 9, i % 9);
        // The order's rank: how the three compare, mapped onto 0..6.
        let rank = match (a > b, a > c, b > c) {
            (false, false, false) => 0,
            (false, false, true) => 1,
            (true, false, false) => 2,
            (true, true, false) => 3,
            (false, true, true) => 4,
            _ => 5,
        };
        t[i] = (1 << a) | (1 << b) | (1 << c) | (rank << 9);
        i += 1;
    }
    t
};

/// The stack contents and orders of a column map, one [`TRIPLES`] entry per stack.
#[inline]
fn triples(s: &Perm9) -> [u16; 3] {
    let at = |k: usize| {
        TRIPLES[usize::from(s[k]) * 81 + usize::from(s[k + 1]) * 9 + usize::from(s[k + 2])]
    };
    [at(0), at(3), at(6)]
}

/// The key of a column map's stack contents (from [`triples`]): which columns of
/// stacks 1 and 2 stack 0 draws from, and which of stacks 0 and 2 stack 1 draws from
/// (12 bits; stack 2 takes the rest).
#[inline]
fn contents_key(t: &[u16; 3]) -> usize {
    let (m0, m1) = (usize::from(t[0]), usize::from(t[1]));
    ((m0 >> 3) & 63) << 6 | (m1 & 7) | ((m1 >> 3) & 0x38)
}

/// `x⁻¹ ∘ s ∘ x`: the column map `s` seen through the column order `x` (output column
/// `j` takes source column `x[j]`; `xinv` is `x`'s inverse).
#[inline]
fn conjugate(s: &Perm9, x: &Perm9, xinv: &Perm9) -> Perm9 {
    let mut out = [0u8; 9];
    for j in 0..9 {
        out[j] = xinv[s[x[j] as usize] as usize];
    }
    out
}

/// The inverse of a permutation.
#[inline]
fn inverse(p: &Perm9) -> Perm9 {
    let mut inv = [0u8; 9];
    for (j, &v) in p.iter().enumerate() {
        inv[v as usize] = j as u8;
    }
    inv
}

/// A class of column maps under the 1,296 column orders: its smallest member `min`
/// and, for the third rows a band with second row `min` can have, the smallest third
/// row the column orders that fix `min` give, and the orders that give it.
struct MapClass {
    min: Perm9,
    /// By the third row's orders within its stacks (its contents follow from `min`):
    /// the smallest third row reachable and the indices (in
    /// [`GridTables::orders`]) of the orders reaching it.
    thirds: Vec<(Perm9, Vec<u16>)>,
}

/// The tables of the grid search, built once (about 30 KB, well under a millisecond).
///
/// The second row of a band, its digits named by their column in the first row, is a
/// column map `s` (row 2 at column `c` holds the digit row 1 holds at `s[c]`); a column
/// order `x` turns it into `x⁻¹ ∘ s ∘ x`, and the relabelled second row of that morph is
/// that map plus one. So the smallest second row a pair of rows can reach is the
/// smallest member of its map's class under conjugation by the column orders. The
/// 12,096 maps a band can have fall into 15 classes.
struct GridTables {
    /// The 1,296 column orders (stack order, then the order within each stack), and
    /// their inverses.
    orders: Vec<Perm9>,
    inverses: Vec<Perm9>,
    /// The number (0..56) of each stack-contents key ([`contents_key`]) a band map
    /// can have.
    contents: Vec<u8>,
    /// For each band map (by [`GridTables::map_index`]): its class (classes numbered in
    /// the order of their smallest members) in the high bits, and in the low 11 bits a
    /// column order taking it to that smallest member.
    maps: Vec<u16>,
    classes: Vec<MapClass>,
    /// The class of the inverses of each class's maps.
    inverse_class: Vec<u16>,
}

impl GridTables {
    /// The index (0..12,096) of a band map: its stack contents, then the order within
    /// each stack.
    #[inline]
    fn map_index(&self, s: &Perm9) -> usize {
        let t = triples(s);
        let orders = (t[0] >> 9) * 36 + (t[1] >> 9) * 6 + (t[2] >> 9);
        usize::from(self.contents[contents_key(&t)]) * 216 + usize::from(orders)
    }
}

/// The index in [`GridTables::orders`] of a column order.
fn order_index(x: &Perm9) -> usize {
    let perm3 = |a: u8, b: u8, c: u8| -> usize {
        PERMS3
            .iter()
            .position(|p| *p == [a as usize, b as usize, c as usize])
            .unwrap_or(0)
    };
    let stacks = perm3(x[0] / 3, x[3] / 3, x[6] / 3);
    let mut index = stacks;
    for s in 0..3 {
        index = index * 6 + perm3(x[s * 3] % 3, x[s * 3 + 1] % 3, x[s * 3 + 2] % 3);
    }
    index
}

fn grid_tables() -> &'static GridTables {
    static TABLES: OnceLock<GridTables> = OnceLock::new();
    TABLES.get_or_init(build_grid_tables)
}

/// Every band map: the permutations of the nine columns that send each column out of
/// its own stack, in lexicographic order.
fn band_maps() -> Vec<Perm9> {
    fn extend(s: &mut Perm9, c: usize, used: u16, out: &mut Vec<Perm9>) {
        if c == 9 {
            out.push(*s);
            return;
        }
        for t in 0..9u8 {
            if used & (1 << t) == 0 && usize::from(t / 3) != c / 3 {
                s[c] = t;
                extend(s, c + 1, used | 1 << t, out);
            }
        }
    }
    let mut out = Vec::with_capacity(BAND_MAPS);
    extend(&mut [0; 9], 0, 0, &mut out);
    out
}

/// Whether the map `u` can be the third row of a band whose second row is `s`: each
/// stack's three rows hold nine different digits.
fn completes_band(s: &Perm9, u: &Perm9) -> bool {
    (0..3).all(|k| {
        let bits = |m: &Perm9| (0..3).fold(0u16, |acc, i| acc | 1 << m[k * 3 + i]);
        (0b111 << (k * 3)) | bits(s) | bits(u) == 0x1FF
    })
}

fn build_grid_tables() -> GridTables {
    let mut orders = Vec::with_capacity(1296);
    for sp in &PERMS3 {
        for w0 in &PERMS3 {
            for w1 in &PERMS3 {
                for w2 in &PERMS3 {
                    let mut x = [0u8; 9];
                    for (s, w) in [w0, w1, w2].iter().enumerate() {
                        for k in 0..3 {
                            x[s * 3 + k] = (sp[s] * 3 + w[k]) as u8;
                        }
                    }
                    orders.push(x);
                }
            }
        }
    }
    let inverses: Vec<Perm9> = orders.iter().map(inverse).collect();
    let all = band_maps();
    let mut contents = vec![u8::MAX; 4096];
    let mut n_contents = 0u8;
    for s in &all {
        let key = contents_key(&triples(s));
        if contents[key] == u8::MAX {
            contents[key] = n_contents;
            n_contents += 1;
        }
    }
    assert!(
        all.len() == BAND_MAPS && usize::from(n_contents) == 56,
        "12,096 band maps in 56 stack contents"
    );
    let mut tables = GridTables {
        orders,
        inverses,
        contents,
        maps: vec![u16::MAX; BAND_MAPS],
        classes: Vec::new(),
        inverse_class: Vec::new(),
    };
    for s in &all {
        if tables.maps[tables.map_index(s)] != u16::MAX {
            continue;
        }
        let (orders, inverses) = (&tables.orders, &tables.inverses);
        let (mut min, mut min_at) = ([u8::MAX; 9], 0);
        for (g, (x, xinv)) in orders.iter().zip(inverses).enumerate() {
            let c = conjugate(s, x, xinv);
            if c < min {
                min = c;
                min_at = g;
            }
        }
        let stabiliser: Vec<u16> = (0..1296u16)
            .filter(|&g| conjugate(&min, &orders[g as usize], &inverses[g as usize]) == min)
            .collect();
        let mut thirds = vec![([u8::MAX; 9], Vec::new()); 216];
        let mut n_thirds = 0;
        for u in all.iter().filter(|u| completes_band(&min, u)) {
            let t = triples(u);
            let (best, at) =
                &mut thirds[usize::from((t[0] >> 9) * 36 + (t[1] >> 9) * 6 + (t[2] >> 9))];
            n_thirds += 1;
            for &g in &stabiliser {
                let row3 = conjugate(u, &orders[usize::from(g)], &inverses[usize::from(g)]);
                if row3 < *best {
                    *best = row3;
                    at.clear();
                }
                if row3 == *best {
                    at.push(g);
                }
            }
        }
        assert!(
            n_thirds == 216 && thirds.iter().all(|(_, at)| !at.is_empty()),
            "a band's first two rows leave 6^3 third rows, one per order within the stacks"
        );
        let class = tables.classes.len() as u16;
        // The member x⁻¹ s x reaches the smallest through x⁻¹ ∘ orders[min_at].
        for (x, xinv) in orders.iter().zip(inverses) {
            let member = tables.map_index(&conjugate(s, x, xinv));
            if tables.maps[member] == u16::MAX {
                let mut to_min = [0u8; 9];
                for j in 0..9 {
                    to_min[j] = xinv[orders[min_at][j] as usize];
                }
                tables.maps[member] = (class << 11) | order_index(&to_min) as u16;
            }
        }
        tables.classes.push(MapClass { min, thirds });
    }
    assert!(tables.classes.len() <= 31, "class numbers fit in 5 bits");
    // Number the classes in the order of their smallest members.
    let mut by_min: Vec<usize> = (0..tables.classes.len()).collect();
    by_min.sort_by_key(|&k| tables.classes[k].min);
    let mut renumber = vec![0u16; by_min.len()];
    for (new, &old) in by_min.iter().enumerate() {
        renumber[old] = new as u16;
    }
    for m in &mut tables.maps {
        *m = (renumber[usize::from(*m >> 11)] << 11) | (*m & 0x7FF);
    }
    let mut slots: Vec<Option<MapClass>> = std::mem::take(&mut tables.classes)
        .into_iter()
        .map(Some)
        .collect();
    tables.classes = by_min
        .iter()
        .map(|&old| {
            slots[old]
                .take()
                .unwrap_or_else(|| unreachable!("each class once"))
        })
        .collect();
    // Conjugation commutes with inversion, so a class's inverses form one class.
    tables.inverse_class = tables
        .classes
        .iter()
        .map(|c| tables.maps[tables.map_index(&inverse(&c.min))] >> 11)
        .collect();
    tables
}

/// A way to reach the smallest first band: the transposition, the source row of
/// output row 1, and the column order as a table order taking the second row's map to
/// its class's smallest member, then an order of that member's stabiliser.
#[derive(Clone, Copy)]
struct BandMorph {
    t: u8,
    row: u8,
    to_min: u16,
    stabiliser: u16,
}

/// The positions of the digits of a row: `pos[d]` is the column holding `d`.
#[inline]
fn positions(row: &[u8]) -> [u8; 10] {
    let mut pos = [0u8; 10];
    for (col, &d) in row.iter().enumerate() {
        pos[usize::from(d)] = col as u8;
    }
    pos
}

/// The map of a row against a first row's digit positions: column `c` holds the digit
/// the first row holds at `map[c]`.
#[inline]
fn row_map(pos: &[u8; 10], row: &[u8]) -> Perm9 {
    let mut s = [0u8; 9];
    for (c, &d) in row.iter().enumerate() {
        s[c] = pos[usize::from(d)];
    }
    s
}

/// The canonical form of a valid solution grid: the smallest first band over the 36
/// (orientation, band, first row, second row) choices and every column order (the
/// second row's class from the table, the third row over the column orders that keep
/// the smallest second row); then, for each way to reach that band, the other six
/// rows relabelled and sorted (the band holding the smallest row next, each band's
/// rows in increasing order), the smallest completion winning.
fn grid_minlex(cells: &[u8; 81]) -> [u8; 81] {
    let tables = grid_tables();
    let mut grids = [*cells; 2];
    for r in 0..9 {
        for c in 0..9 {
            grids[1][c * 9 + r] = cells[r * 9 + c];
        }
    }
    let row = |t: u8, r: u8| {
        let start = usize::from(r) * 9;
        &grids[usize::from(t)][start..start + 9]
    };
    // The class of every (orientation, first row, second row): three maps per band,
    // the reversed pairs through the classes of the inverse maps.
    let mut best_class = u16::MAX;
    let mut pairs = [(0u8, 0u8, 0u8); 36];
    let mut n_pairs = 0;
    let mut offer = |class: u16, pair: (u8, u8, u8)| {
        if class < best_class {
            best_class = class;
            n_pairs = 0;
        }
        if class == best_class {
            pairs[n_pairs] = pair;
            n_pairs += 1;
        }
    };
    for t in 0..2u8 {
        for r in [0u8, 3, 6] {
            let p0 = positions(row(t, r));
            let p1 = positions(row(t, r + 1));
            for (a, b, pos) in [(r, r + 1, &p0), (r, r + 2, &p0), (r + 1, r + 2, &p1)] {
                let class = tables.maps[tables.map_index(&row_map(pos, row(t, b)))] >> 11;
                offer(class, (t, a, b));
                offer(tables.inverse_class[usize::from(class)], (t, b, a));
            }
        }
    }
    let class = &tables.classes[usize::from(best_class)];
    // The third row over every column order that gives the smallest second row: with
    // u = base⁻¹ ∘ third ∘ base, the class's table gives the smallest x⁻¹ ∘ u ∘ x over the
    // orders x that fix the smallest second row.
    let mut best3 = [u8::MAX; 9];
    let mut ties: Vec<BandMorph> = Vec::with_capacity(16);
    for &(t, a, b) in &pairs[..n_pairs] {
        let c = a / 3 * 3 + (3 - a % 3 - b % 3);
        let pos = positions(row(t, a));
        let to_min = tables.maps[tables.map_index(&row_map(&pos, row(t, b)))] & 0x7FF;
        let base = &tables.orders[usize::from(to_min)];
        let base_inv = &tables.inverses[usize::from(to_min)];
        let u = triples(&conjugate(&row_map(&pos, row(t, c)), base, base_inv));
        let (row3, orders) =
            &class.thirds[usize::from((u[0] >> 9) * 36 + (u[1] >> 9) * 6 + (u[2] >> 9))];
        match row3.cmp(&best3) {
            Ordering::Greater => continue,
            Ordering::Less => {
                best3 = *row3;
                ties.clear();
            }
            Ordering::Equal => {}
        }
        ties.extend(orders.iter().map(|&st| BandMorph {
            t,
            row: a,
            to_min,
            stabiliser: st,
        }));
    }
    // The rest of the grid for each way to reach the smallest band.
    let mut best_rest = [u64::MAX; 6];
    for m in &ties {
        let g = &grids[m.t as usize];
        let a = m.row as usize;
        let (base, st) = (
            &tables.orders[usize::from(m.to_min)],
            &tables.orders[usize::from(m.stabiliser)],
        );
        let mut cols = [0u8; 9];
        for (j, col) in cols.iter_mut().enumerate() {
            *col = base[usize::from(st[j])];
        }
        let mut label = [0u8; 10];
        for (j, &col) in cols.iter().enumerate() {
            label[g[a * 9 + col as usize] as usize] = j as u8 + 1;
        }
        let band = m.row / 3;
        let mut bands = [[0u64; 3]; 2];
        let mut k = 0;
        for other in 0..3u8 {
            if other == band {
                continue;
            }
            for (i, r) in (other * 3..other * 3 + 3).enumerate() {
                let src = &g[r as usize * 9..r as usize * 9 + 9];
                bands[k][i] = cols.iter().fold(0u64, |acc, &col| {
                    (acc << 4) | u64::from(label[src[col as usize] as usize])
                });
            }
            bands[k].sort_unstable();
            k += 1;
        }
        if bands[1][0] < bands[0][0] {
            bands.swap(0, 1);
        }
        let rest = [
            bands[0][0],
            bands[0][1],
            bands[0][2],
            bands[1][0],
            bands[1][1],
            bands[1][2],
        ];
        if rest < best_rest {
            best_rest = rest;
        }
    }
    let mut form = [0u8; 81];
    for j in 0..9 {
        form[j] = j as u8 + 1;
        form[9 + j] = class.min[j] + 1;
        form[18 + j] = best3[j] + 1;
    }
    for (r, packed) in best_rest.iter().enumerate() {
        for j in 0..9 {
            form[27 + r * 9 + j] = ((packed >> (32 - 4 * j)) & 15) as u8;
        }
    }
    form
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Sudoku;

    /// The two searches agree on solution grids: the grid search against the puzzle
    /// search (itself checked against the brute force in `tests/sudoku/canon.rs`), on
    /// the solutions of top95 and on grids with many automorphisms.
    #[test]
    fn grid_search_agrees_with_puzzle_search() {
        let text = include_str!("../../../fixtures/sudoku/data/top95.txt");
        let mut grids: Vec<[u8; 81]> = text
            .lines()
            .filter_map(|line| line.parse::<Sudoku>().ok()?.solution())
            .filter_map(|s| s.cells().try_into().ok())
            .collect();
        assert_eq!(grids.len(), 95, "top95's puzzles are proper");
        for symmetric in [
            "123456789456789123789123456214365897365897214897214365531642978642978531978531642",
            "123456789457893612986217354274538196531964827698721435342685971715349268869172543",
        ] {
            let mut g = [0u8; 81];
            for (c, b) in g.iter_mut().zip(symmetric.bytes()) {
                *c = b - b'0';
            }
            grids.push(g);
        }
        for g in &grids {
            assert!(is_solution_grid(g));
            assert_eq!(grid_minlex(g), puzzle_minlex(g));
        }
    }

    #[test]
    fn only_valid_complete_grids_take_the_grid_search() {
        let mut g = [0u8; 81];
        for (i, c) in g.iter_mut().enumerate() {
            // The pattern grid: row r is 1..9 shifted by 3 (r % 3) + r / 3.
            let (r, col) = (i / 9, i % 9);
            *c = ((col + 3 * (r % 3) + r / 3) % 9) as u8 + 1;
        }
        assert!(is_solution_grid(&g));
        let mut blank = g;
        blank[40] = 0;
        assert!(!is_solution_grid(&blank));
        let mut swapped = g;
        swapped.swap(0, 1);
        assert!(!is_solution_grid(&swapped));
        let mut large = g;
        large[3] = 200;
        assert!(!is_solution_grid(&large));
    }

    #[test]
    fn tables_hold_the_band_classes() {
        let t = grid_tables();
        assert_eq!(t.classes.len(), 15);
        assert!(t.maps.iter().all(|&m| m != u16::MAX));
        // Numbered in the order of their smallest members; the first is the pure
        // band's 456789123.
        assert!(t.classes.windows(2).all(|w| w[0].min < w[1].min));
        assert_eq!(t.classes[0].min, [3, 4, 5, 6, 7, 8, 0, 1, 2]);
        for (k, c) in t.classes.iter().enumerate() {
            let back = t.inverse_class[usize::from(t.inverse_class[k])];
            assert_eq!(usize::from(back), k);
            assert_eq!(usize::from(t.maps[t.map_index(&c.min)] >> 11), k);
        }
    }
}
