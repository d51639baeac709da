//! Sudoku of any box shape: parsing the forms people use, a fast dedicated 9 x 9
//! solver, a general bit-mask solver for 4 x 4 up to 32 x 32, bounded solution counting
//! and seeded generation of puzzles with a unique solution.
//!
//! # The puzzle
//!
//! An `n x n` grid (`n = r * c`) is cut into `n` boxes of `r x c` cells ([`BoxShape`]);
//! rows, columns and boxes are the *units*. Fill every cell with a value 1..=n so that
//! each unit holds each value once. The *givens* are the cells filled in advance.
//! A proper puzzle has exactly one solution.
//!
//! Cells are stored row-major; a cell is a [`Coord`] of `grid_core`, 0-based (row 0 at
//! the top, column 0 at the left), and a value of 0 is a blank. [`Sudoku::get`],
//! [`Sudoku::box_of`] and [`Sudoku::units`] take and yield `Coord`s. Messages name
//! cells 1-based in the forum notation `r5c4` ([`CellName`]).
//!
//! # Outcomes
//!
//! Every outcome is distinct: malformed text is an [`Error::Parse`] that carries its
//! 1-based line and column; givens that already clash are an [`Error::Clash`] naming
//! both cells and the unit ("r5c4 and r6c6 are both 5 in box 5"); a [`Sudoku`] value
//! always has consistent givens, and [`Sudoku::analyse`] tells no solution, a unique
//! one, or several (a [`BoundedCount`] up to a limit) apart through [`Verdict`].
//!
//! Every error implements [`Positioned`]: its `Display` is the message alone, and the
//! place it points at is [`Positioned::text_position`] (malformed text) or
//! [`Positioned::cell`] (the later of two clashing givens), so a caller composes
//! `file:line:column: message` itself. [`Record::parse`] places the error of one
//! record of a larger input in the whole input.
//!
//! # Text forms
//!
//! - **One line** (every public data set): n² cells row-major, `1`-`9` then `A`-`Z`
//!   (or `a`-`z`) for values, `.`, `0` or `_` for a blank. Anything after the first
//!   whitespace, `,`, `;` or `:` is a comment (so `puzzle,solution` CSV lines and
//!   tdoku's `puzzle:count:solution` lines work).
//!   For n ≥ 6 a line of n² whitespace-separated numbers (0 or `.` blank) works too.
//! - **Block**: n rows of n cells, written together (`53..7....`) or spaced
//!   (`5 3 . | . 7 .`), numbers for n > 9 (`10 . 3 16 ...`); border lines such as
//!   `------+-------+------`, `|` separators, blank lines before and after, and `#`
//!   comment lines are ignored.
//!
//! - **Block** rows may also put `,` or `;` between cells (`.,2,3,4,.,.,8,.,.`).
//! - **Framed** boards, as other solvers print them: rows between `|` with a space for
//!   a blank (`|     3 |   2   | 6     |`) or cells together (`|..3|.2.|6..|`, Simple
//!   Sudoku), between `+-------+` or `*-----------*` borders.
//! - **JSON boards** (LeetCode 36/37): `[["5","3",".",...],...]`, one line or several;
//!   numbers work too (`[[5,3,0,...],...]`).
//!
//! Titles are not puzzles: [`RecordSplitter`] skips a line that is neither a grid row
//! nor a puzzle and holds words (`Grid 01`, a CSV header, a program's name and version),
//! and `[Section]` lines, with the grids of every section but `[Puzzle]`.
//! [`Alphabet`] reads and writes other symbol alphabets (`0-F`, `A-P`, `A-Y`, any list).
//!
//! All forms accept `\n` or `\r\n` line endings and a leading byte-order mark, read
//! with [`grid_core::text`], the one text reader of the gridsolve crates.
//!
//! The box shape is the usual one for n ([`BoxShape::for_size`]) unless given
//! ([`Sudoku::parse`]). [`Sudoku`]'s `Display` is the canonical line form;
//! [`Sudoku::block`] renders the block form.
//!
//! # Design of the solvers, and sources
//!
//! - **9 x 9** (`classic` module): candidates kept per value and per band (three rows),
//!   27 words of 27 bits, in the manner of JCZSolve (Zhouyundong 2012, the basis of
//!   Emerentius' `sudoku` crate) as described in Tom Dillon's tdoku write-up ("A Fast
//!   Sudoku Solver", 2019). A value is placed in a row of a band when that row of its
//!   word has one cell left. Re-examining a changed word (JCZSolve's per-band
//!   "update") does three things: the *band closure* (a value sits once per row and
//!   box of a band, so the mini-rows, row x box intersections, that hold it form a
//!   3 x 3 permutation pattern; a 512-entry table keeps only the mini-rows of some
//!   such pattern, which performs pointing and claiming within the band and turns a
//!   hidden single in a box into a row with one cell), *column pointing* (a value
//!   confined to one column of a box leaves that column in the other two bands) and,
//!   for rows down to one cell, the removal of those cells from the other eight
//!   values (done every time: removing what is gone changes nothing, and a branch
//!   would cost more). Only words that changed are re-examined: a fixed sweep over
//!   the 27 words compares each with its value when last examined, and every index
//!   in it is a compile-time constant, so the sweep has no bounds checks and no
//!   index arithmetic (JCZSolve unrolls the same loop); it takes the words value by
//!   value, a value's three bands in turn, so that consecutive updates work on
//!   different bands and the processor overlaps them. When that settles, *naked
//!   singles* (cells with one candidate, found for a whole band by a bit-sliced count
//!   over the nine values, which also yields the band's bivalue cells) are placed,
//!   and the loop resumes. Once the search has made 8 guesses, a settled board also
//!   gets the *stack closure*, the band closure turned on its side: in each stack
//!   a value's three boxes hold it in three different columns, so the columns each
//!   box can hold it in form a 3 x 3 pattern that must contain a permutation, and a
//!   column outside every permutation leaves that box (column claiming and pointing;
//!   with the band closure, hidden singles in columns), in a few bit operations per
//!   value, branch-free over the nine values. This is the vertical half of the band reasoning in Tom
//!   Dillon's tdoku, whose bands run both ways (its write-up, "Getting Vectorized");
//!   it cut the guesses per puzzle on the forum's hardest from 201 to 165 and on
//!   top1465 from 24.3 to 21.5, but costs more than it saves on puzzles that need a
//!   few guesses (hence the threshold; measured with cachegrind). The set-up already
//!   removes each given's column from its value's other bands.
//!   Then it branches on a cell with the fewest candidates (Norvig's essay "Solving
//!   Every Sudoku Puzzle"), nearly always a bivalue cell, and among those on the one
//!   with the most unsolved peers (the degree heuristic of constraint satisfaction,
//!   Russell and Norvig's *Artificial Intelligence: A Modern Approach*, ch. 6), which
//!   cut the work on hard puzzles by 10-20% (instructions, callgrind; on top1465 the
//!   guesses per puzzle fell from 43 to 24) against the first bivalue cell JCZSolve
//!   takes. Each search node copies the state (240 bytes), so
//!   backtracking is a return.
//!   The search is compiled twice from one source: a portable copy, and on x86-64 a
//!   copy with the x86-64-v3 extensions enabled (`#[target_feature]`; BMI2's `pext`
//!   reads a word's mini-row pattern in one instruction instead of three table
//!   lookups, POPCNT counts a degree in one), picked at run time by
//!   `is_x86_feature_detected!` (the Rust reference, "The `target_feature`
//!   attribute"; `std::arch`, "Dynamic CPU feature detection"), so one binary runs on
//!   any x86-64 or aarch64 CPU. Both copies give the same answers and guesses (tested);
//!   the fast one takes 10-13% fewer instructions and 7-10% less time.
//! - **Other sizes** (`general` module): a `u32` candidate mask per cell, naked and
//!   hidden singles to a fixed point (hidden singles by a bit-sliced "seen once / seen
//!   twice" count over each unit), and the same most-constrained-cell branching.
//!
//! Both count solutions up to a caller's limit, so nearly empty grids end promptly.
//!
//! # Example
//!
//! ```
//! use sudoku::{Sudoku, Verdict};
//!
//! // Norvig's grid1.
//! let puzzle: Sudoku =
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!         .parse()?;
//! match puzzle.analyse(2).verdict() {
//!     Verdict::Unique(solution) => assert!(solution.to_string().starts_with("483921657")),
//!     other => panic!("expected a unique solution, got {other:?}"),
//! }
//! assert!(puzzle.is_uniquely_solvable());
//!
//! // Givens that clash are an error, not a puzzle.
//! let clash = "11".to_owned() + &".".repeat(79);
//! let err = clash.parse::<Sudoku>().unwrap_err();
//! assert_eq!(err.to_string(), "invalid givens: r1c1 and r1c2 are both 1 in row 1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Human-style solving
//!
//! The [`logic`] module explains 9 x 9 puzzles the way people solve them: pencil marks,
//! named techniques, one sentence per step, and a difficulty grade.
//!
//! # Features
//!
//! - `generate` (default): [`generate`] puzzles reproducibly from a seed (pulls `rand`
//!   and `rand_chacha`).
//! - `json` (default): LeetCode 36/37 JSON boards (`[["5","3",".",...],...]`), read
//!   with grid-core's JSON reader (pulls `serde_json`); without it such a board is an
//!   error that says so.
#![deny(missing_docs)]

mod analysis;
mod block;
mod classic;
mod error;
mod general;
#[cfg(feature = "generate")]
mod generate;
pub mod logic;
mod parse;
mod shape;

use std::fmt;
use std::str::FromStr;

pub use analysis::{Analysis, Engine, SolveStats, Verdict};
pub use block::Block;
pub use error::{CellName, ClashingGivens, Error, ParseError, ParseErrorKind, RecordError, Unit};
#[cfg(feature = "generate")]
pub use generate::{GenerateOptions, LARGE_GRID_GUESS_BUDGET, Symmetry, generate};
pub use grid_core::{BoundedCount, Coord, Positioned, TextPosition};
pub use parse::{Alphabet, AlphabetError, Detected, Layout, Record, RecordSplitter};
pub use shape::{BoxShape, MAX_SIZE, MIN_SIZE, ShapeError};

pub(crate) use crate::analysis::SearchResult;
use crate::general::GeneralSolver;

/// A Sudoku grid: a box shape and n² cells (row-major, 0 = blank, 1..=n a value) whose
/// givens do not clash. Built by parsing ([`FromStr`], [`Sudoku::parse`]) or from cell
/// values ([`Sudoku::from_cells`]); both check the givens.
///
/// `Display` writes the canonical one-line form (`.` for blanks); `{:#}` is the same.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Sudoku {
    shape: BoxShape,
    cells: Vec<u8>,
}

impl Sudoku {
    /// The empty grid of a box shape (every cell blank).
    pub fn empty(shape: BoxShape) -> Sudoku {
        Sudoku {
            shape,
            cells: vec![0; shape.cells()],
        }
    }

    /// A grid from n² cell values, row-major, 0 for a blank.
    ///
    /// # Errors
    ///
    /// [`Error::Cells`] when the length is not n² or a value exceeds n;
    /// [`Error::Clash`] when two givens share a value in a unit.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku::{BoxShape, Coord, Positioned, Sudoku};
    ///
    /// let mut cells = vec![0u8; 16];
    /// cells[6] = 5;
    /// let err = Sudoku::from_cells(BoxShape::new(2, 2)?, &cells).unwrap_err();
    /// assert_eq!(err.to_string(), "expected 16 cells with values 0 to 4, got 16 cells (cell 7 holds 5)");
    /// assert_eq!(err.cell(), Some(Coord::new(1, 2)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_cells(shape: BoxShape, cells: &[u8]) -> Result<Sudoku, Error> {
        let n = shape.size();
        let bad = cells.iter().position(|&v| usize::from(v) > n);
        if cells.len() != shape.cells() || bad.is_some() {
            return Err(Error::Cells {
                expected: shape.cells(),
                size: n,
                found: cells.len(),
                bad_value: bad.map(|i| (i, cells[i])),
            });
        }
        let sudoku = Sudoku {
            shape,
            cells: cells.to_vec(),
        };
        sudoku.check_givens()?;
        Ok(sudoku)
    }

    /// Parses one puzzle in any form described in the crate docs, with the box shape
    /// given, or detected from the size when `shape` is `None`.
    ///
    /// # Errors
    ///
    /// [`Error::Parse`] for malformed text (positions are 1-based and relative to
    /// `text`), [`Error::Clash`] for givens that break the rules.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku::{BoxShape, Sudoku};
    ///
    /// let six = Sudoku::parse("1.....\n..2...\n......\n......\n...3..\n.....4", None)?;
    /// assert_eq!(six.shape(), BoxShape::new(2, 3)?);
    /// assert_eq!(six.to_string(), "1.......2..................3.......4");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(text: &str, shape: Option<BoxShape>) -> Result<Sudoku, Error> {
        let (shape, cells) = parse::parse_cells(text, shape)?;
        let sudoku = Sudoku { shape, cells };
        sudoku.check_givens()?;
        Ok(sudoku)
    }

    /// The box shape.
    pub fn shape(&self) -> BoxShape {
        self.shape
    }

    /// The side length n.
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// The n² cells, row-major, 0 for a blank.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The value of a 0-based cell: `Some(0)` for a blank, `None` outside the grid.
    ///
    /// ```
    /// use sudoku::{Coord, Sudoku};
    /// let four = Sudoku::parse("1...\n..2.\n.3..\n...4", None)?;
    /// assert_eq!(four.get(Coord::new(1, 2)), Some(2));
    /// assert_eq!(four.get(Coord::new(1, 1)), Some(0));
    /// assert_eq!(four.get(Coord::new(4, 0)), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn get(&self, cell: Coord) -> Option<u8> {
        let n = self.size();
        (cell.row < n && cell.col < n).then(|| self.cells[cell.row * n + cell.col])
    }

    /// The 0-based box number (row-major) of a 0-based cell; see [`BoxShape::box_of`].
    pub fn box_of(&self, cell: Coord) -> usize {
        self.shape.box_of(cell)
    }

    /// Every unit with its cells (0-based): the rows, then the columns, then the boxes;
    /// see [`BoxShape::units`].
    ///
    /// ```
    /// use sudoku::{Sudoku, Unit};
    /// let four = Sudoku::parse("1...\n..2.\n.3..\n...4", None)?;
    /// let first_box: Vec<u8> = four
    ///     .units()
    ///     .find(|(unit, _)| *unit == Unit::Box(0))
    ///     .map(|(_, cells)| cells.filter_map(|c| four.get(c)).collect())
    ///     .unwrap_or_default();
    /// assert_eq!(first_box, [1, 0, 0, 0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn units(&self) -> impl Iterator<Item = (Unit, impl Iterator<Item = Coord>)> {
        self.shape.units()
    }

    /// The number of givens (filled cells).
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell is filled (the grid is then a valid solution, as givens never
    /// clash).
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// The first pair of givens that share a value in a unit, scanning rows, then
    /// columns, then boxes.
    ///
    /// One pass sets a bit per value in a mask per row, column and box; only when a bit
    /// is already set (some unit repeats a value) does [`Sudoku::check_givens_slow`]
    /// run, to name the first clash in its order. Both find a clash in exactly the
    /// same grids: those where some unit holds a value twice.
    fn check_givens(&self) -> Result<(), ClashingGivens> {
        let n = self.size();
        let (br, bc) = (self.shape.rows(), self.shape.cols());
        let mut rows = [0u64; MAX_SIZE];
        let mut cols = [0u64; MAX_SIZE];
        let mut boxes = [0u64; MAX_SIZE];
        for (r, row) in self.cells.chunks_exact(n).enumerate() {
            let band = (r / br) * br;
            for (c, &v) in row.iter().enumerate() {
                if v == 0 {
                    continue;
                }
                // invariant: both constructors keep values at most n <= MAX_SIZE < 64.
                let bit = 1u64 << v;
                let b = band + c / bc;
                if (rows[r] | cols[c] | boxes[b]) & bit != 0 {
                    return self.check_givens_slow();
                }
                rows[r] |= bit;
                cols[c] |= bit;
                boxes[b] |= bit;
            }
        }
        Ok(())
    }

    /// [`Sudoku::check_givens`] unit by unit: the reference, and the routine that names
    /// the first clash.
    fn check_givens_slow(&self) -> Result<(), ClashingGivens> {
        let n = self.size();
        for (unit, cells) in self.units() {
            let mut seen: [Option<Coord>; MAX_SIZE + 1] = [None; MAX_SIZE + 1];
            for cell in cells {
                let v = self.cells[cell.row * n + cell.col];
                if v == 0 {
                    continue;
                }
                if let Some(first) = seen[usize::from(v)] {
                    return Err(ClashingGivens {
                        first,
                        second: cell,
                        value: v,
                        unit,
                    });
                }
                seen[usize::from(v)] = Some(cell);
            }
        }
        Ok(())
    }

    /// Searches for up to `limit` solutions with the default engine and returns what
    /// it found. `analyse(2)` is the uniqueness check of serious solvers; use a larger
    /// limit to count. The work is bounded by the limit (and the grid), never by a
    /// hidden timeout.
    pub fn analyse(&self, limit: u64) -> Analysis {
        self.analyse_with(limit, Engine::Auto)
    }

    /// [`Sudoku::analyse`] with a chosen [`Engine`].
    pub fn analyse_with(&self, limit: u64, engine: Engine) -> Analysis {
        let result = match engine {
            Engine::Auto if self.shape == BoxShape::CLASSIC => classic::search(&self.cells, limit),
            _ => GeneralSolver::new(self.shape).search(&self.cells, limit, None),
        };
        Analysis {
            count: BoundedCount::with_limit(u128::from(result.count), u128::from(limit)),
            first: result.first.map(|cells| Sudoku {
                shape: self.shape,
                cells,
            }),
            stats: result.stats,
        }
    }

    /// Some solution (the first the search finds), or `None` when there is none.
    /// Does not check uniqueness: see [`Sudoku::solution`].
    pub fn some_solution(&self) -> Option<Sudoku> {
        self.analyse(1).first
    }

    /// The solution when there is exactly one; `None` when there is none or several.
    pub fn solution(&self) -> Option<Sudoku> {
        match self.analyse(2).verdict() {
            Verdict::Unique(s) => Some(s),
            _ => None,
        }
    }

    /// The number of solutions, counting no further than `limit` (`exact` is false
    /// when the count reached the limit).
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku::{BoxShape, Sudoku};
    ///
    /// // The 4 x 4 grid has 288 solutions.
    /// let four = Sudoku::empty(BoxShape::new(2, 2)?).count_solutions_up_to(1000);
    /// assert_eq!((four.count, four.exact), (288, true));
    /// let nine = Sudoku::empty(BoxShape::CLASSIC).count_solutions_up_to(1000);
    /// assert_eq!(nine.to_string(), "1000+");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_solutions_up_to(&self, limit: u64) -> BoundedCount {
        self.analyse(limit).count
    }

    /// Whether the puzzle has exactly one solution.
    pub fn is_uniquely_solvable(&self) -> bool {
        self.count_solutions_up_to(2).count == 1
    }

    /// A view that displays the grid in block form: n rows of space-separated cells,
    /// `|` between boxes and a `-`/`+` border between bands. Values above 9 are written as
    /// numbers for n > 9, padded to two characters.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku::{BoxShape, Sudoku};
    ///
    /// let four = Sudoku::parse("1...\n..2.\n.3..\n...4", None)?;
    /// assert_eq!(four.block().to_string(), "1 . | . .\n. . | 2 .\n----+----\n. 3 | . .\n. . | . 4\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn block(&self) -> Block<'_> {
        Block(self)
    }
}

impl FromStr for Sudoku {
    type Err = Error;

    /// Parses any form of the crate docs with the box shape detected from the size.
    fn from_str(s: &str) -> Result<Sudoku, Error> {
        Sudoku::parse(s, None)
    }
}

impl fmt::Display for Sudoku {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Symbols are ASCII: fill a byte buffer rather than collect `char`s.
        let mut buf = [0u8; MAX_SIZE * MAX_SIZE];
        // invariant: both constructors make n² cells with n <= MAX_SIZE.
        let line = &mut buf[..self.cells.len()];
        for (b, &v) in line.iter_mut().zip(&self.cells) {
            *b = parse::value_byte(v);
        }
        f.write_str(std::str::from_utf8(line).map_err(|_| fmt::Error)?)
    }
}

impl fmt::Debug for Sudoku {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sudoku({}, \"{self}\")", self.shape)
    }
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;
    use proptest::prelude::*;

    /// Grids with consistent givens (a relabelled valid grid, some cells blanked) and a
    /// few arbitrary edits, so that some clash and some do not.
    fn grids() -> impl Strategy<Value = (BoxShape, Vec<u8>)> {
        prop::sample::select(vec![(2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (4, 4), (5, 5)])
            .prop_flat_map(|(br, bc)| {
                let shape = BoxShape::new(br, bc).expect("valid shape");
                let n = shape.size();
                (
                    Just(shape),
                    Just((1..=n as u8).collect::<Vec<u8>>()).prop_shuffle(),
                    prop::collection::vec(any::<bool>(), n * n),
                    prop::collection::vec((0..n * n, 0..=n as u8), 0..3),
                )
            })
            .prop_map(|(shape, perm, keep, edits)| {
                let (br, bc, n) = (shape.rows(), shape.cols(), shape.size());
                let mut cells: Vec<u8> = (0..n * n)
                    .map(|i| {
                        let (r, c) = (i / n, i % n);
                        perm[((r % br) * bc + r / br + c) % n]
                    })
                    .zip(keep)
                    .map(|(v, k)| if k { v } else { 0 })
                    .collect();
                for (i, v) in edits {
                    cells[i] = v;
                }
                (shape, cells)
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        #[test]
        fn check_givens_fast_path_matches_the_reference((shape, cells) in grids()) {
            let sudoku = Sudoku { shape, cells };
            prop_assert_eq!(sudoku.check_givens(), sudoku.check_givens_slow());
        }
    }

    #[test]
    fn display_writes_every_symbol() {
        let shape = BoxShape::new(5, 5).expect("valid shape");
        let cells: Vec<u8> = (0..625).map(|i| (i % 26) as u8).collect();
        let sudoku = Sudoku { shape, cells };
        let expected: String = sudoku
            .cells
            .iter()
            .map(|&v| parse::value_symbol(v))
            .collect();
        assert!(expected.starts_with(".123456789ABCDEFGHIJKLMNOP."));
        assert_eq!(sudoku.to_string(), expected);
    }
}
