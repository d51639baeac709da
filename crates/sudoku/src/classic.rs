//! The dedicated 9 x 9 solver: 27 words of candidates, one per (value, band) (see the
//! crate docs).
//!
//! Word `9 * k + v` holds the cells of band `k` (rows `3k..3k+3`) where value `v + 1`
//! may still go: cell `(row, col)` is bit `9 * (row % 3) + col`. A value is placed in a
//! row of a band exactly when that row of its word has a single cell left, so a
//! placement is "keep one cell of the row" and the rest follows from [`Board::update`].

pub(crate) mod isa;
#[cfg(test)]
pub(crate) mod tests;

use crate::analysis::SearchResult;
use core::sync::atomic::{Ordering, compiler_fence};
use isa::{Isa, Portable};

/// The 27 cell bits of a band.
pub(crate) const BAND: u32 = (1 << 27) - 1;

/// Bits 0, 9 and 18: column 0 of a band.
const BAND_COLUMN0: u32 = 1 | (1 << 9) | (1 << 18);

/// The cells of the first box of a band (columns 0-2 of its three rows).
const BAND_BOX0: u32 = 0b111 * BAND_COLUMN0;

/// For each cell of a band (bit `9 * row + col`): the cells of its row and box.
pub(crate) const ROW_AND_BOX: [u32; 32] = {
    let mut t = [0u32; 32];
    let mut bit = 0;
    while bit < 27 {
        t[bit] = (0x1FF << (9 * (bit / 9))) | (BAND_BOX0 << (3 * (bit % 9 / 3)));
        bit += 1;
    }
    t
};

/// For each cell of a band (bit `9 * row + col`): its column in the two other bands,
/// the next band's in bits 0-26 and the one after's in bits 27-53.
pub(crate) const COLUMN_PAIR: [u64; 32] = {
    let mut t = [0u64; 32];
    let mut bit = 0;
    while bit < 27 {
        let column = (BAND_COLUMN0 << (bit % 9)) as u64;
        t[bit] = column | (column << 27);
        bit += 1;
    }
    t
};

/// `ROW_BOXES[r][x]`: for a 9-bit segment `x` of row `r` of a band, which of its three
/// boxes hold a cell, as bits `3r ..= 3r + 2` of a mini-row pattern.
pub(super) const ROW_BOXES: [[u16; 512]; 3] = {
    let mut t = [[0u16; 512]; 3];
    let mut x = 0;
    while x < 512 {
        let boxes = ((x & 0o7 != 0) as u16)
            | (((x & 0o70 != 0) as u16) << 1)
            | (((x & 0o700 != 0) as u16) << 2);
        t[0][x] = boxes;
        t[1][x] = boxes << 3;
        t[2][x] = boxes << 6;
        x += 1;
    }
    t
};

/// For a mini-row pattern (bit `3r + k`, see [`Isa::minirows`]), the cells of the
/// band (bits `9r + 3k ..= 9r + 3k + 2`) of the mini-rows that belong to some
/// permutation pattern inside it; 0 when there is none. A value sits once in each row
/// and once in each box of a band, so its three mini-rows form a 3 x 3 permutation:
/// masking a word with this performs pointing and claiming (locked candidates) within
/// the band and turns a hidden single in a box into a row with one cell.
pub(crate) const PERMUTATION_CELLS: [u32; 512] = {
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
        let mut keep = 0;
        let mut i = 0;
        while i < 6 {
            let p = PERMS[i];
            let m = (1 << p[0]) | (1 << (3 + p[1])) | (1 << (6 + p[2]));
            if s & m == m {
                keep |= m;
            }
            i += 1;
        }
        let mut bit = 0;
        while bit < 9 {
            if keep & (1 << bit) != 0 {
                t[s] |= 0b111 << (9 * (bit / 3) + 3 * (bit % 3));
            }
            bit += 1;
        }
        s += 1;
    }
    t
};

/// `SINGLE[r][x]`: the cells of row `r` of a band when its 9-bit segment `x` has
/// exactly one cell (that cell, shifted into place), else 0.
pub(crate) const SINGLE: [[u32; 512]; 3] = {
    let mut t = [[0u32; 512]; 3];
    let mut x = 0;
    while x < 512 {
        if x != 0 && x & (x - 1) == 0 {
            t[0][x] = x as u32;
            t[1][x] = (x as u32) << 9;
            t[2][x] = (x as u32) << 18;
        }
        x += 1;
    }
    t
};

/// For the columns (bits 0-8) a value occupies in one band: the cells the value keeps
/// in the other two bands. Where it occupies a single column of a stack, its box in
/// this band holds it in that column, so the other boxes of the stack lose the column.
pub(crate) const COLUMN_KEEP: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut keep = BAND;
        let mut stack = 0;
        while stack < 3 {
            let cols = (s >> (3 * stack)) & 7;
            if cols != 0 && cols & (cols - 1) == 0 {
                keep &= !((cols << (3 * stack)) as u32 * BAND_COLUMN0);
            }
            stack += 1;
        }
        t[s] = keep;
        s += 1;
    }
    t
};

/// The columns (bits 0-8) of a band word's cells.
#[inline(always)]
pub(crate) fn fold(a: u32) -> u32 {
    (a | (a >> 9) | (a >> 18)) & 0x1FF
}

/// Guesses made before propagation adds the stack closure ([`Board::stack_closure`]):
/// it cuts the search on hard puzzles (the forum's hardest: 201 guesses per puzzle
/// down to 165, top1465 24.3 to 21.5, as the crate docs and README say) but costs more than it saves where a few
/// guesses do (serg's puzzles, with two or more solutions, need 7.5; 17-clue
/// puzzles 1.5): measured with cachegrind for thresholds 0 to 16.
pub(crate) const CLOSURE_GUESSES: u64 = 8;

/// A value no word can hold (words have 27 bits): the `seen` mark of a word that
/// [`Board::update`] has not examined yet.
pub(crate) const UNSEEN: u32 = u32::MAX;

/// The 9 x 9 search state: copied whole on a guess (240 bytes), so backtracking
/// is a return.
#[derive(Clone, Copy)]
struct Board {
    /// Word `9 * k + v`: the cells of band `k` where value `v + 1` may go.
    words: [u32; 27],
    /// Word `i` as [`Board::update`] last left it: a word that differs has changed
    /// since and must be examined again.
    seen: [u32; 27],
    /// Per band: the cells not yet known.
    unsolved: [u32; 3],
    /// Per band: the unsolved cells with exactly two candidates, as of the last naked
    /// single pass over the band (the branching cells of choice).
    bivalue: [u32; 3],
}

/// Runs `$board.update::<I>()` for every word `I` that changed since it was last
/// examined, in the fixed order given, with `I` a constant so that every index is
/// known at compile time. Returns `false` from the enclosing function on a
/// contradiction; else evaluates to the bands (bit `k`) of the words examined (0 when
/// none changed).
macro_rules! sweep {
    ($board:expr; $($i:literal)*) => {{
        let mut bands = 0u32;
        $(
            if $board.words[$i] != $board.seen[$i] {
                bands |= 1 << ($i / 9);
                if !$board.update::<$i, A>() {
                    return false;
                }
            }
        )*
        bands
    }};
}

/// The 27 words of a board holding the givens of `cells` (81 cells, row-major, 0 =
/// blank) before any propagation, on the copy `A`; also the start of the band solver
/// of the fixed variants (`variant_solver/band.rs`), which shares this board.
#[inline(always)]
pub(crate) fn given_words<A: Isa>(cells: &[u8; 81]) -> [u32; 27] {
    // Givens: the other values leave the cell, the value keeps only the given
    // in its row and leaves the given's column in the other bands; `update`
    // then does the rest (box, and any clash).
    // `by_value[10 * k + v]`: the cells of band `k` holding `v` (0 = blank).
    let by_value = A::by_value(cells);
    // The columns (bits 0-8) of each value's givens, per band: they leave the
    // value's words in the other bands (what the first sweep's column pointing
    // would do, but without the passes it takes: serg's puzzles, 35 givens, 2.7%
    // fewer instructions).
    let mut columns = [[0u32; 9]; 3];
    for (k, band) in columns.iter_mut().enumerate() {
        for (v, c) in band.iter_mut().enumerate() {
            *c = fold(by_value[10 * k + v + 1]);
        }
    }
    // Value by value of a band, the same operations (no table, no branch), so
    // that the compiler can run the nine values of a band side by side.
    let mut words = [0u32; 27];
    for (k, band) in words.chunks_exact_mut(9).enumerate() {
        let blank = by_value[10 * k];
        for (v, word) in band.iter_mut().enumerate() {
            let mine = by_value[10 * k + v + 1];
            let mut rows = 0;
            for r in 0..3 {
                let row = 0x1FF << (9 * r);
                rows |= if mine & row != 0 { row } else { 0 };
            }
            let other = columns[(k + 1) % 3][v] | columns[(k + 2) % 3][v];
            *word = (blank | mine) & (!rows | mine) & !(other * BAND_COLUMN0);
        }
    }
    words
}

impl Board {
    /// A board with the givens of `cells` (81 cells, 0 = blank), nothing examined yet.
    #[inline(always)]
    fn new<A: Isa>(cells: &[u8; 81]) -> Board {
        Board {
            words: given_words::<A>(cells),
            seen: [UNSEEN; 27],
            unsolved: [BAND; 3],
            bivalue: [0; 3],
        }
    }

    /// Examines word `I` (band `I / 9`, value `I % 9`): the band closure
    /// ([`PERMUTATION_CELLS`]), column pointing into the value's words of the other
    /// two bands ([`COLUMN_KEEP`], which also removes the columns of placed cells),
    /// then the cells of rows with one cell left (the value is placed there) leave the
    /// other eight values' words. Removing cells already removed changes nothing, so
    /// that last step is done every time rather than tracked. `false` on a
    /// contradiction.
    #[inline(always)]
    fn update<const I: usize, A: Isa>(&mut self) -> bool {
        let k = I / 9;
        let a = self.words[I] & PERMUTATION_CELLS[(A::minirows(self.words[I]) & 0x1FF) as usize];
        if a == 0 {
            return false;
        }
        self.seen[I] = a;
        // Columns where the value is confined within a box of this band leave the
        // value's other two bands (pointing along columns; covers placed cells).
        let keep = COLUMN_KEEP[fold(a) as usize];
        self.words[(I + 9) % 27] &= keep;
        self.words[(I + 18) % 27] &= keep;
        let placed = SINGLE[0][(a & 0x1FF) as usize]
            | SINGLE[1][((a >> 9) & 0x1FF) as usize]
            | SINGLE[2][((a >> 18) & 0x1FF) as usize];
        self.unsolved[k] &= !placed;
        // The other eight words of the band lose the placed cells one by one: the
        // fence between the stores keeps the compiler from merging them into one
        // vector load and store. Such a load waits for the words' recent one-word
        // stores to reach the cache (no store-to-load forwarding from several stores
        // into one load), and the vector form left the compiler short of registers:
        // the scalar form takes 5-8% fewer instructions and 4-5% less CPU time on
        // the data sets (README, "Against tdoku").
        for i in 9 * k..9 * k + 9 {
            if i != I {
                self.words[i] &= !placed;
                compiler_fence(Ordering::SeqCst);
            }
        }
        self.words[I] = a;
        true
    }

    /// Whether every cell is placed.
    #[inline(always)]
    fn solved(&self) -> bool {
        self.unsolved[0] | self.unsolved[1] | self.unsolved[2] == 0
    }

    /// Keeps only `cell` (bit of band `k`) in its row of word `9 * k + v`: places
    /// value `v + 1` there once [`Board::update`] runs.
    #[inline]
    fn assign(&mut self, v: usize, k: usize, bit: u32) {
        let row = bit / 9;
        self.words[9 * k + v] &= !(0x1FF << (9 * row)) | (1 << bit);
    }

    /// Propagation to a fixed point: [`Board::update`] on every changed word, then
    /// naked singles (cells with one candidate, found by a bit-sliced count over the
    /// nine values of a band, which also records the band's bivalue cells), then, if
    /// `closure`, the stack closure. `false` on a contradiction.
    #[inline(always)]
    fn propagate<A: Isa>(&mut self, closure: bool) -> bool {
        loop {
            // Bands with a changed word: only there can a naked single, an empty cell
            // or a new bivalue cell have appeared since the last look.
            let mut touched = 0u32;
            loop {
                // Value by value, its three bands in turn: consecutive updates then
                // touch different bands' words (band by band, each update waits for
                // the one before through the band's words). 6% more instructions
                // (more passes) but 3-6% less time on the four data sets.
                let bands = sweep!(self;
                    0 9 18 1 10 19 2 11 20 3 12 21 4 13 22 5 14 23 6 15 24 7 16 25 8 17 26);
                if bands == 0 {
                    break;
                }
                touched |= bands;
            }
            if self.solved() {
                return true;
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
                // Placed cells keep their value's bit, so every cell has one.
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
            if found {
                continue;
            }
            if !(closure && self.stack_closure()) {
                return true;
            }
        }
    }

    /// Stack closure: for each value and stack, the columns its three boxes can hold
    /// it in form a 3 x 3 pattern that must contain a permutation; columns outside
    /// every permutation are removed. `true` when a word changed.
    #[inline(always)]
    fn stack_closure(&mut self) -> bool {
        /// Column `j` of each stack takes the bit of column `j + 1` (mod 3).
        #[inline(always)]
        fn next(f: u32) -> u32 {
            ((f >> 1) & 0o333) | ((f << 2) & 0o444)
        }
        /// Column `j` of each stack takes the bit of column `j + 2` (mod 3).
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

    /// The unsolved cell to branch on, as (band, bit): one with the fewest
    /// candidates, nearly always a bivalue cell, and among those the one with the
    /// most unsolved peers (the CSP *degree heuristic*, which breaks the ties of
    /// "fewest candidates first"; Russell and Norvig, *Artificial Intelligence: A
    /// Modern Approach*, ch. 6): settling it constrains the most of what is left. On
    /// bivalue cells it cut the instructions per puzzle by 18% on top1465 and 10% on
    /// the forum's hardest compared with taking the first one (callgrind).
    #[inline(always)]
    fn branch_cell(&self) -> (usize, u32) {
        if self.bivalue[0] | self.bivalue[1] | self.bivalue[2] != 0 {
            // The degree: the unsolved cells of the row and box in the band (the
            // cell itself included, alike for all), then of the column in the other
            // two bands, one 64-bit count. The largest key wins: the degree, then the
            // earliest cell (255 less its index 32k + bit), as a strict `>` would.
            let mut best = 0;
            for k in 0..3 {
                let own = self.unsolved[k];
                let others = u64::from(self.unsolved[(k + 1) % 3])
                    | (u64::from(self.unsolved[(k + 2) % 3]) << 27);
                let mut rest = self.bivalue[k];
                while rest != 0 {
                    let bit = rest.trailing_zeros() as usize & 31;
                    rest &= rest - 1;
                    let degree = (own & ROW_AND_BOX[bit]).count_ones()
                        + (others & COLUMN_PAIR[bit]).count_ones();
                    best = best.max((degree << 8) | (255 - (32 * k as u32 + bit as u32)));
                }
            }
            let index = 255 - (best & 0xFF);
            return ((index / 32) as usize, index % 32);
        }
        // No bivalue cell (rare: about one search node in a hundred on the forum's
        // hardest): the first cell with the fewest candidates, stopping at three.
        // (Breaking its ties by degree too made the forum's hardest 1% slower.)
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

    /// The grid, 81 cells row by row (0 where no value is left, which only happens
    /// on boards that are not solved).
    #[inline(always)]
    fn cells<A: Isa>(&self) -> Vec<u8> {
        A::grid(&self.words).to_vec()
    }
}

/// The copy of the search a CPU runs (see the [`isa`] module).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Path {
    /// Any CPU.
    Portable,
    /// x86-64 with the x86-64-v3 extensions (taken only where the CPU has them).
    #[cfg_attr(
        all(not(target_arch = "x86_64"), not(test)),
        expect(dead_code, reason = "the fast copies exist on x86-64 only")
    )]
    X86V3,
    /// x86-64 with AVX-512 F, BW and VL besides the x86-64-v3 extensions (taken only
    /// where the CPU has them).
    #[cfg_attr(
        all(not(target_arch = "x86_64"), not(test)),
        expect(dead_code, reason = "the fast copies exist on x86-64 only")
    )]
    X86V4,
}

impl Path {
    /// The fastest copy this CPU runs.
    pub(crate) fn detect() -> Path {
        [Path::X86V4, Path::X86V3]
            .into_iter()
            .find(|path| path.available())
            .unwrap_or(Path::Portable)
    }

    /// The copy of the 9 x 9 search to run: the fastest this CPU runs ([`Path::detect`],
    /// which the variant solvers take), but the portable one on a CPU that runs
    /// `pext` in microcode (`isa::pext_is_fast`: AMD before Zen 3), where the x86-64-v3
    /// copy's `pext` made the search about 1.4-1.7x slower than the portable copy's
    /// table look-ups (measured on an AMD EPYC of family 17h: top1465 24.4 against
    /// 14.5 us a puzzle, 17clue 5.58 against 3.37).
    pub(crate) fn classic() -> Path {
        match Path::detect() {
            #[cfg(target_arch = "x86_64")]
            Path::X86V3 | Path::X86V4 if !isa::pext_is_fast() => Path::Portable,
            path => path,
        }
    }

    /// Whether this CPU runs the copy (the portable one runs everywhere).
    pub(crate) fn available(self) -> bool {
        match self {
            Path::Portable => true,
            #[cfg(target_arch = "x86_64")]
            Path::X86V3 => isa::x86_v3_detected(),
            #[cfg(target_arch = "x86_64")]
            Path::X86V4 => isa::x86_v4_detected(),
            #[cfg(not(target_arch = "x86_64"))]
            Path::X86V3 | Path::X86V4 => false,
        }
    }

    /// The copy's name, as `gridsolve sudoku bench` prints it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Path::Portable => "portable",
            Path::X86V3 => "x86-64-v3 (AVX2, BMI2)",
            Path::X86V4 => "x86-64-v4 (AVX-512 F/BW/VL, BMI2)",
        }
    }
}

/// The name of the copy of the 9 x 9 search this CPU runs, picked at run time by its
/// instruction-set extensions: `"x86-64-v4 (AVX-512 F/BW/VL, BMI2)"`, `"x86-64-v3
/// (AVX2, BMI2)"` or `"portable"` (every copy gives the same answers; see the crate
/// docs). For benchmark reports, which depend on it.
///
/// # Examples
///
/// ```
/// let copy = sudoku::search_copy();
/// assert!(copy == "portable" || copy.starts_with("x86-64-v"));
/// ```
pub fn search_copy() -> &'static str {
    Path::classic().name()
}

/// Counts solutions of a 9 x 9 grid (81 cells, 0 = blank, givens consistent) up to
/// `limit`, keeping the first, on the fastest copy of the search this CPU runs.
pub(crate) fn search(cells: &[u8], limit: u64) -> SearchResult {
    search_on(cells, limit, Path::classic())
}

/// [`search`] on a chosen copy; a copy this CPU cannot run ([`Path::available`])
/// falls back to the portable copy.
pub(crate) fn search_on(cells: &[u8], limit: u64, path: Path) -> SearchResult {
    let mut result = SearchResult::default();
    let Ok(cells) = <&[u8; 81]>::try_from(cells) else {
        return result;
    };
    if limit == 0 {
        return result;
    }
    match path {
        #[cfg(target_arch = "x86_64")]
        Path::X86V4 if isa::x86_v4_detected() => {
            #[expect(
                unsafe_code,
                reason = "calls the x86-64-v4 copy of the search, compiled with \
                          #[target_feature]; the CPU was just checked to have it"
            )]
            // SAFETY: `x86_v4_detected` checked every feature the copy enables.
            unsafe {
                search_x86_v4(cells, limit, &mut result)
            }
        }
        #[cfg(target_arch = "x86_64")]
        Path::X86V3 if isa::x86_v3_detected() => {
            #[expect(
                unsafe_code,
                reason = "calls the x86-64-v3 copy of the search, compiled with \
                          #[target_feature]; the CPU was just checked to have it"
            )]
            // SAFETY: `x86_v3_detected` checked every feature the copy enables.
            unsafe {
                search_x86_v3(cells, limit, &mut result)
            }
        }
        _ => search_portable(cells, limit, &mut result),
    }
    result
}

/// The branch of a depth-first 9 x 9 search (the classic one here, and the band solver's
/// of the fixed variants) on the values left at cell `bit` of band `k` of `board`
/// (`words[9 * k + v]` holds value `v`'s cells of band `k`): every value but the last is
/// tried on a copy `child` of the board by `recurse`, then ruled out on the board; the
/// last is tried on the board itself (the same state a copy would have), and the
/// caller's loop goes on propagating it. Returns from the enclosing function when no
/// value is left or `result.count` has reached `limit`. A macro, not a function taking
/// a closure: a closure would not inherit the copy's `#[target_feature]`.
macro_rules! branch_on_values {
    ($board:ident, $k:expr, $bit:expr, $limit:ident, $result:ident, |$child:ident| $recurse:expr) => {{
        let (k, bit) = ($k, $bit);
        let mut values = 0u32;
        for v in 0..9 {
            values |= (($board.words[9 * k + v] >> bit) & 1) << v;
        }
        if values == 0 {
            return;
        }
        while values != 0 {
            if $result.count >= $limit {
                return;
            }
            let v = values.trailing_zeros() as usize;
            values &= values - 1;
            $result.stats.guesses += 1;
            if values == 0 {
                $board.assign(v, k, bit);
                break;
            }
            let mut $child = *$board;
            $child.assign(v, k, bit);
            $recurse;
            $board.words[9 * k + v] &= !(1 << bit);
        }
    }};
}
pub(crate) use branch_on_values;

/// Defines a copy of the search on the instruction-set path `$isa` with the
/// attributes given (a `#[target_feature]` for the fast copies): `$entry` sets up the
/// board and calls `$name`, the depth-first search, which recurses into itself, so
/// the whole search runs with the copy's features.
macro_rules! dfs_path {
    ($(#[$attr:meta])* $entry:ident, $name:ident, $isa:ty) => {
        $(#[$attr])*
        fn $entry(cells: &[u8; 81], limit: u64, result: &mut SearchResult) {
            let mut board = Board::new::<$isa>(cells);
            $name(&mut board, limit, result);
        }

        $(#[$attr])*
        fn $name(board: &mut Board, limit: u64, result: &mut SearchResult) {
            loop {
                if !board.propagate::<$isa>(result.stats.guesses >= CLOSURE_GUESSES) {
                    return;
                }
                if board.solved() {
                    result.count += 1;
                    if result.first.is_none() {
                        result.first = Some(board.cells::<$isa>());
                    }
                    return;
                }
                let (k, bit) = board.branch_cell();
                branch_on_values!(board, k, bit, limit, result, |child| $name(
                    &mut child, limit, result
                ));
            }
        }
    };
}

dfs_path!(search_portable, dfs_portable, Portable);
#[cfg(target_arch = "x86_64")]
dfs_path!(
    // The features `isa::x86_v3_detected` checks.
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    search_x86_v3,
    dfs_x86_v3,
    isa::X86V3
);
#[cfg(target_arch = "x86_64")]
dfs_path!(
    // The features `isa::x86_v4_detected` checks.
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2,bmi1,bmi2,lzcnt,popcnt")]
    search_x86_v4,
    dfs_x86_v4,
    isa::X86V4
);
