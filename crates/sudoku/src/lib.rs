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
//!   tdoku's `puzzle:count:solution` lines work; a puzzle in double quotes, as
//!   spreadsheets write a CSV field, is read inside them).
//!   For n ≥ 6 a line of n² whitespace-separated numbers (0 or `.` blank) works too.
//! - **Block**: n rows of n cells, written together (`53..7....`) or spaced
//!   (`5 3 . | . 7 .`), numbers for n > 9 (`10 . 3 16 ...`, `..` a blank too); border lines such as
//!   `------+-------+------`, `|` separators, blank lines before and after, and `#`
//!   comment lines are ignored.
//!
//! - **Block** rows may also put `,` or `;` between cells (`.,2,3,4,.,.,8,.,.`), or
//!   `,`, `;` or a tab between fields with an empty field for a blank, as a
//!   spreadsheet exports a grid (`,,3,,2,,6,,`); a blank line between bands
//!   (after a whole number of rows that divides the side) keeps the grid whole; a
//!   label line of capitals before a puzzle (`HARD`, `Q1`) is skipped.
//! - **Box drawing**: Unicode box-drawing characters (`│`, `─`, `┼`, `║`, `═`, ...)
//!   read as the ASCII they stand for (`|`, `-`, `+`, `=`), `·` as a blank.
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
//!   The search is compiled three times from one source: a portable copy, and on
//!   x86-64 a copy with the x86-64-v3 extensions enabled (`#[target_feature]`; BMI2's
//!   `pext` reads a word's mini-row pattern in one instruction instead of three table
//!   lookups, POPCNT counts a degree in one) and one with AVX-512 F, BW and VL as
//!   well (the givens sorted by value with 64-byte compares into mask registers, the
//!   solution written with masked byte blends), picked at run time by
//!   `is_x86_feature_detected!` (the Rust reference, "The `target_feature`
//!   attribute"; `std::arch`, "Dynamic CPU feature detection"), so one binary runs on
//!   any x86-64 or aarch64 CPU; [`search_copy`] names the copy taken. Every copy gives
//!   the same answers and guesses (tested); the x86-64-v3 one takes 10-13% fewer
//!   instructions and 7-10% less time than the portable one, the AVX-512 one 4-8% less
//!   time than the x86-64-v3 one on easy puzzles and the same on hard ones (AMD Zen 4).
//! - **Other sizes** (`general` module): a `u32` candidate mask per cell, naked and
//!   hidden singles to a fixed point (hidden singles by a bit-sliced "seen once / seen
//!   twice" count over each unit), and the same most-constrained-cell branching,
//!   depth-first with an explicit stack of branch points rather than a recursive call
//!   per guess.
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
//! The [`se`] module computes Sudoku Explainer's own ratings (ER/EP/ED, as `serate`
//! prints them) with SE's techniques in SE's order; it answers "beyond" for a puzzle that
//! needs a technique it does not have yet.
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
pub mod canon;
mod classic;
mod error;
mod general;
#[cfg(feature = "generate")]
mod generate;
pub mod logic;
mod parse;
mod puzzle;
pub mod se;
mod shape;
mod unit;
mod variant;
mod variant_solver;

pub use analysis::{Analysis, Engine, SolveStats, Verdict};
pub use block::Block;
pub use classic::search_copy;
pub use error::{CellName, ClashingGivens, Error, ParseError, ParseErrorKind, RecordError};
pub use general::general_search_name;
#[cfg(feature = "generate")]
pub use generate::{
    GenerateOptions, LARGE_GRID_GUESS_BUDGET, Symmetry, generate, generate_variant,
};
pub use grid_core::{BoundedCount, Coord, Positioned, TextPosition};
pub use parse::{
    Alphabet, AlphabetError, Detected, Layout, Record, RecordForm, RecordSplitter, XmlContext,
    XmlElement,
};
pub use puzzle::Sudoku;
pub use shape::{BoxShape, MAX_LINE_BYTES, MAX_SIZE, MIN_SIZE, ShapeError};
pub use unit::Unit;
pub use variant::{
    RegionError, RegionErrorKind, Regions, Variant, VariantClash, VariantKind, VariantUnit,
};
pub use variant_solver::variant_search_name;
