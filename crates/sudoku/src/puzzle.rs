//! The puzzle type: a box shape and its cells, built only with consistent givens, and
//! the ways to ask about its solutions.

use std::fmt;
use std::str::FromStr;

use grid_core::{BoundedCount, Coord};

use crate::analysis::{Analysis, Engine, Verdict};
use crate::block::Block;
use crate::error::{ClashingGivens, Error};
use crate::general::GeneralSolver;
use crate::shape::{BoxShape, MAX_SIZE};
use crate::unit::Unit;
use crate::variant::Variant;
use crate::variant_solver;
use crate::{classic, parse};

/// A Sudoku grid: a box shape and n² cells (row-major, 0 = blank, 1..=n a value) whose
/// givens do not clash. Built by parsing ([`FromStr`], [`Sudoku::parse`]) or from cell
/// values ([`Sudoku::from_cells`]); both check the givens.
///
/// `Display` writes the canonical one-line form (`.` for blanks); `{:#}` is the same.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Sudoku {
    // Crate-visible for the solvers and the generator, which build grids they know to
    // be consistent (a solution, a puzzle with givens removed).
    pub(crate) shape: BoxShape,
    pub(crate) cells: Vec<u8>,
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
    /// given; when `shape` is `None`, the shape a block's drawing shows (the cells
    /// between the bars of a row, the rows between border lines: a 6 x 6 grid drawn
    /// with boxes three rows tall reads with 3x2 boxes), else the usual shape of its
    /// size ([`BoxShape::for_size`]). Drawn boxes that do not tile the grid are
    /// [`ParseErrorKind::DrawnShapeMismatch`](crate::ParseErrorKind::DrawnShapeMismatch),
    /// and without a given shape a bar or border line off the boundaries of the boxes
    /// read is [`ParseErrorKind::DrawnOffBoundary`](crate::ParseErrorKind::DrawnOffBoundary).
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
    ///
    /// // Drawn with boxes three rows tall and two columns wide.
    /// let drawn = "1 . | . . | . .\n. . | 2 . | . .\n. . | . . | . .\n----+-----+----\n\
    ///              . . | . . | . .\n. . | . 3 | . .\n. . | . . | . 4";
    /// assert_eq!(Sudoku::parse(drawn, None)?.shape(), BoxShape::new(3, 2)?);
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
    pub(crate) fn check_givens(&self) -> Result<(), ClashingGivens> {
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

    /// [`Sudoku::analyse`] under a 9 x 9 variant's rules ([`Variant`]): the classic
    /// rules go to the fast 9 x 9 solver; X, windoku and disjoint groups to a band
    /// solver (the classic solver's 27 band words plus each extra unit as band masks);
    /// jigsaw to a per-value solver of rows, columns and its nine regions (bitmask
    /// candidates, naked and hidden singles, locked candidates, branching on a bivalue
    /// cell with the most open peers). Build the puzzle with the variant's check
    /// ([`Record::parse_variant`](crate::Record::parse_variant),
    /// [`Sudoku::from_cells_variant`]); givens that still clash in a unit give no
    /// solution. A grid other than 9 x 9 is analysed under its own rules whatever the
    /// variant.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku::{Sudoku, Variant};
    ///
    /// // The empty grid: a diagonal holds each digit once in every X solution.
    /// let empty = Sudoku::empty(sudoku::BoxShape::CLASSIC);
    /// let x = empty.analyse_variant(1, &Variant::X).first.expect("a solution");
    /// let mut diagonal: Vec<u8> = (0..9).map(|i| x.cells()[i * 10]).collect();
    /// diagonal.sort();
    /// assert_eq!(diagonal, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn analyse_variant(&self, limit: u64, variant: &Variant) -> Analysis {
        if *variant == Variant::Classic || self.shape != BoxShape::CLASSIC {
            return self.analyse(limit);
        }
        let result = variant_solver::search_variant(variant, &self.cells, limit);
        Analysis {
            count: BoundedCount::with_limit(u128::from(result.count), u128::from(limit)),
            first: result.first.map(|cells| Sudoku {
                shape: self.shape,
                cells,
            }),
            stats: result.stats,
        }
    }

    /// A 9 x 9 grid from 81 cell values (row-major, 0 for a blank) whose givens are
    /// checked against a variant's units alone ([`Variant::check_givens`]: a jigsaw's
    /// regions, not the classic boxes); analyse it with [`Sudoku::analyse_variant`].
    ///
    /// # Errors
    ///
    /// [`Error::Cells`] when there are not 81 cells or a value exceeds 9;
    /// [`Error::VariantClash`] (or [`Error::Clash`] under the classic rules) when two
    /// givens share a value in a unit.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku::{Sudoku, Variant};
    ///
    /// let mut cells = [0u8; 81];
    /// cells[0] = 5;
    /// cells[80] = 5;
    /// assert!(Sudoku::from_cells_variant(&cells, &Variant::Windoku).is_ok());
    /// assert!(Sudoku::from_cells_variant(&cells, &Variant::X).is_err());
    /// ```
    pub fn from_cells_variant(cells: &[u8], variant: &Variant) -> Result<Sudoku, Error> {
        let shape = BoxShape::CLASSIC;
        if cells.len() != shape.cells() || cells.iter().any(|&v| v > 9) {
            return Sudoku::from_cells(shape, cells);
        }
        let sudoku = Sudoku {
            shape,
            cells: cells.to_vec(),
        };
        sudoku.check_givens_under(variant)?;
        Ok(sudoku)
    }

    /// The givens checked under `variant`: the classic check for [`Variant::Classic`],
    /// otherwise the variant's units alone on a 9 x 9 grid.
    pub(crate) fn check_givens_under(&self, variant: &Variant) -> Result<(), Error> {
        if *variant == Variant::Classic {
            return Ok(self.check_givens()?);
        }
        if self.shape != BoxShape::CLASSIC {
            return Err(Error::VariantSize {
                variant: variant.kind(),
                size: self.size(),
            });
        }
        Ok(variant.check_givens(&self.cells)?)
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

    /// The minlex form of a 9 x 9 puzzle with 3 x 3 boxes (row-major, 0 for a blank,
    /// digits relabelled in order of first appearance); `None` for any other size or box
    /// shape. See [`crate::canon`]; applied to [`Sudoku::solution`] it is the canonical
    /// form of the solution grid.
    ///
    /// # Examples
    ///
    /// ```
    /// use sudoku::Sudoku;
    /// let text = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
    /// let a: Sudoku = text.parse()?;
    /// // The same puzzle with the digits 1 and 2 swapped.
    /// let swapped: String = text.chars().map(|c| match c { '1' => '2', '2' => '1', c => c }).collect();
    /// let b: Sudoku = swapped.parse()?;
    /// assert_ne!(a, b);
    /// assert_eq!(a.minlex(), b.minlex());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn minlex(&self) -> Option<[u8; 81]> {
        if self.shape != BoxShape::CLASSIC {
            return None;
        }
        let cells: &[u8; 81] = self.cells.as_slice().try_into().ok()?;
        Some(crate::canon::minlex(cells))
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
