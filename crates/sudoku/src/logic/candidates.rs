//! The pencil-mark grid: placed values and the candidates left in every other cell.

use std::fmt;

use grid_core::Coord;
#[cfg(test)]
use grid_core::TextPosition;

use super::error::CandidatesError;
use super::step::Step;
use super::units::{CELL_UNITS, CellSet, PEERS, UNIT_CELLS, bit, digit_string, index};
use crate::parse::pencil;
use crate::{BoxShape, Sudoku};

/// All nine candidate bits.
pub(crate) const ALL: u16 = 0x1ff;

/// A 9 x 9 pencil-mark grid: for every cell either its placed value or the set of
/// digits still possible there (its *candidates*).
///
/// Built from a [`Sudoku`] ([`Candidates::from_sudoku`]: every blank starts with the
/// digits none of its peers hold) or from a 729-character pencil-mark string
/// or a grid of candidate lists ([`Candidates::parse`]). Techniques read it ([`next_step`](super::next_step)); a
/// [`Step`] changes it ([`Candidates::apply`]). Placing a value removes it from the
/// candidates of the cell's 20 peers.
///
/// Cells are addressed by [`Coord`], **0-based** (row 0 at the top); digits are 1..=9.
///
/// `Display` draws the usual boxed pencil-mark grid (each cell its candidates, a
/// placed cell its value); [`Candidates::pencil_marks`] writes the 729-character form.
///
/// # Examples
///
/// ```
/// use grid_core::Coord;
/// use sudoku::Sudoku;
/// use sudoku::logic::Candidates;
///
/// let puzzle: Sudoku =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///         .parse()?;
/// let grid = Candidates::from_sudoku(&puzzle)?;
/// assert_eq!(grid.value(Coord::new(0, 2)), Some(3));
/// assert_eq!(grid.candidates(Coord::new(0, 0)), [4, 5]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Candidates {
    /// Placed values, row-major, 0 for an unsolved cell.
    values: [u8; 81],
    /// Candidate masks (bit `d - 1` for digit `d`), 0 for a placed cell.
    masks: [u16; 81],
}

/// How a candidate grid is broken: the puzzle (or a trial assumption) has no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Contradiction {
    /// An unsolved cell has no candidate left.
    EmptyCell(usize),
    /// A digit is neither placed in the house nor possible anywhere in it.
    MissingDigit(usize, u8),
}

impl fmt::Display for Contradiction {
    /// `r5c1 is left with no candidate`, `7 has no place left in row 3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Contradiction::EmptyCell(c) => {
                write!(f, "{} is left with no candidate", super::units::name(c))
            }
            Contradiction::MissingDigit(h, m) => write!(
                f,
                "{m} has no place left in {}",
                crate::Unit::from_index(h, 9)
            ),
        }
    }
}

impl Candidates {
    /// The candidate grid of a puzzle: its givens placed, every blank holding the
    /// digits that no given of its row, column or box holds.
    ///
    /// # Errors
    ///
    /// [`CandidatesError::UnsupportedSize`] unless the grid is 9 x 9 with 3 x 3 boxes.
    pub fn from_sudoku(sudoku: &Sudoku) -> Result<Candidates, CandidatesError> {
        if sudoku.shape() != BoxShape::CLASSIC {
            return Err(CandidatesError::UnsupportedSize {
                size: sudoku.size(),
            });
        }
        let mut grid = Candidates {
            values: [0; 81],
            masks: [ALL; 81],
        };
        for (i, &v) in sudoku.cells().iter().enumerate() {
            if (1..=9).contains(&v) {
                grid.place(i, v);
            }
        }
        Ok(grid)
    }

    /// Reads pencil marks in either of the two forms players and programs exchange.
    ///
    /// **The 729-character form** of HoDoKu and SudokuWiki's solver: for each cell in
    /// row-major order, nine characters, the `k`-th (1-based) being the digit `k` when
    /// it is a candidate and `.` or `0` when it is not. So `1.3......` is a cell with
    /// candidates 1 and 3, `....5....` a cell holding only 5. Whitespace and line breaks
    /// anywhere are ignored.
    ///
    /// **The grid of candidate lists** that HoDoKu ("Copy PM grid"), Sudoku Explainer
    /// and Simple Sudoku print, and this type's `Display` writes: nine rows of nine
    /// lists, each the candidates of one cell (`123 4 56 ...`), separated by blanks and
    /// optionally by `|` bars; frame lines made of `-`, `=`, `+`, `.`, `:`, `'`, `*` and
    /// `|` (`.----.----.`, `:----+----:`, `+-----+`) are skipped:
    ///
    /// ```text
    /// .----------------------.---------------------.-------------------.
    /// | 45    4578   3       | 49     2      147   | 6     5789  57    |
    /// ...
    /// ```
    ///
    /// The text is read as the 729-character form when, outside frame lines, it has no
    /// `|` and some token is longer than nine characters or holds `.` or `0`; as the
    /// grid of lists otherwise. Blank lines, lines starting with `#` and a leading
    /// byte-order mark are ignored in both.
    ///
    /// Neither form tells a placed value from a lone candidate, so a cell with one
    /// candidate is taken as **placed** when none of its peers still holds that digit
    /// (as after placing it), and as an unsolved cell with one candidate (a naked
    /// single to place) otherwise. So both [`Candidates::pencil_marks`] and `Display`
    /// read back to the same grid unless a lone candidate is held by no peer.
    ///
    /// # Errors
    ///
    /// Positions are 1-based lines and columns, columns counting characters.
    ///
    /// - The 729-character form: [`CandidatesError::Length`] unless there are exactly
    ///   729 characters; [`CandidatesError::Symbol`] for a character other than its
    ///   slot's digit, `.` or `0`; [`CandidatesError::NoCandidates`] for a cell of nine
    ///   absence marks.
    /// - The grid of lists: [`CandidatesError::ListSymbol`] for a character in a list
    ///   that is not a digit 1-9, [`CandidatesError::Repeated`] for a digit written
    ///   twice in one list, [`CandidatesError::RowLength`] for a row without nine lists,
    ///   [`CandidatesError::Rows`] unless there are nine rows.
    ///
    /// # Examples
    ///
    /// ```
    /// use grid_core::{Coord, Positioned, TextPosition};
    /// use sudoku::Sudoku;
    /// use sudoku::logic::{Candidates, CandidatesError};
    ///
    /// let puzzle: Sudoku =
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    ///         .parse()?;
    /// let grid = Candidates::from_sudoku(&puzzle)?;
    /// let marks = grid.pencil_marks();
    /// assert!(marks.starts_with("...45...."));
    /// assert_eq!(Candidates::parse(&marks)?, grid);
    /// // The printed grid of lists reads back too.
    /// assert_eq!(Candidates::parse(&grid.to_string())?, grid);
    ///
    /// let err = Candidates::parse(&"x".repeat(729)).unwrap_err();
    /// assert_eq!(err.to_string(), "expected `1`, `.` or `0` for candidate 1 of r1c1, found `x`");
    /// assert_eq!(err.text_position(), Some(TextPosition::at(1, 1)));
    ///
    /// let mut rows = vec!["123456789 ".repeat(9); 9];
    /// rows[1] = "1 2 3 4 5 6 7 8".to_owned();
    /// let err = Candidates::parse(&rows.join("\n")).unwrap_err();
    /// assert_eq!(err.to_string(), "expected 9 candidate lists in row 2, found 8");
    /// assert_eq!(err.text_position(), Some(TextPosition::at(2, 16)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(input: &str) -> Result<Candidates, CandidatesError> {
        match pencil::form(input) {
            pencil::Form::Dense => pencil::parse_dense(input),
            pencil::Form::Lists => pencil::parse_lists(input),
        }
    }

    /// The grid of candidate masks (every one non-zero), a lone candidate that no peer
    /// holds being a placed value (see [`Candidates::parse`]).
    pub(crate) fn from_masks(masks: [u16; 81]) -> Candidates {
        let mut grid = Candidates {
            values: [0; 81],
            masks,
        };
        for i in 0..81 {
            let mut peers_hold = 0u16;
            let mut peers = PEERS[i];
            while peers != 0 {
                peers_hold |= masks[peers.trailing_zeros() as usize];
                peers &= peers - 1;
            }
            if masks[i].count_ones() == 1 && masks[i] & peers_hold == 0 {
                grid.values[i] = masks[i].trailing_zeros() as u8 + 1;
                grid.masks[i] = 0;
            }
        }
        grid
    }

    /// The 729-character pencil-mark form read by [`Candidates::parse`], on one line: a
    /// placed cell is written as its digit alone in its slot.
    pub fn pencil_marks(&self) -> String {
        let mut out = String::with_capacity(729);
        for i in 0..81 {
            let mask = self.mask_or_value(i);
            for d in 1..=9u8 {
                out.push(if mask & bit(d) != 0 {
                    char::from(b'0' + d)
                } else {
                    '.'
                });
            }
        }
        out
    }

    /// The placed value of a cell (0-based), `None` when it is unsolved or outside the grid.
    pub fn value(&self, cell: Coord) -> Option<u8> {
        index(cell).and_then(|i| (self.values[i] != 0).then_some(self.values[i]))
    }

    /// The candidates of a cell (0-based), increasing; empty for a placed cell or a cell
    /// outside the grid.
    pub fn candidates(&self, cell: Coord) -> Vec<u8> {
        index(cell).map_or_else(Vec::new, |i| super::units::digits(self.masks[i]).collect())
    }

    /// Whether `digit` is a candidate of the (unsolved) cell.
    pub fn has(&self, cell: Coord, digit: u8) -> bool {
        (1..=9).contains(&digit) && index(cell).is_some_and(|i| self.masks[i] & bit(digit) != 0)
    }

    /// The placed values, row-major, 0 for an unsolved cell (the layout of
    /// [`Sudoku::cells`]).
    pub fn cells(&self) -> &[u8] {
        &self.values
    }

    /// Whether every cell holds a value.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The number of candidates left in unsolved cells.
    pub fn candidate_count(&self) -> usize {
        self.masks.iter().map(|m| m.count_ones() as usize).sum()
    }

    /// Applies a step: its placements (each removing the digit from the cell's peers),
    /// then its eliminations. Entries outside the grid, digits outside 1..=9 and
    /// placements of a digit that is not a candidate of its cell are skipped, so a
    /// step found on another grid cannot corrupt this one.
    pub fn apply(&mut self, step: &Step) {
        for &(cell, digit) in &step.placements {
            if self.has(cell, digit)
                && let Some(i) = index(cell)
            {
                self.place(i, digit);
            }
        }
        for &(cell, digit) in &step.eliminations {
            if self.has(cell, digit)
                && let Some(i) = index(cell)
            {
                self.masks[i] &= !bit(digit);
            }
        }
    }

    /// Places `digit` in cell `i` and removes it from the peers.
    pub(crate) fn place(&mut self, i: usize, digit: u8) {
        self.values[i] = digit;
        self.masks[i] = 0;
        let b = !bit(digit);
        let mut peers = PEERS[i];
        while peers != 0 {
            let p = peers.trailing_zeros() as usize;
            peers &= peers - 1;
            self.masks[p] &= b;
        }
    }

    /// The candidate mask of cell `i` (0 when placed).
    pub(crate) fn mask(&self, i: usize) -> u16 {
        self.masks[i]
    }

    /// The placed value of cell `i` (0 when unsolved).
    pub(crate) fn placed(&self, i: usize) -> u8 {
        self.values[i]
    }

    /// The candidate mask, or the placed value's bit.
    fn mask_or_value(&self, i: usize) -> u16 {
        match self.values[i] {
            0 => self.masks[i],
            v => bit(v),
        }
    }

    /// The cells where `digit` is a candidate.
    pub(crate) fn digit_cells(&self, digit: u8) -> CellSet {
        let b = bit(digit);
        let mut set = 0u128;
        for (i, &m) in self.masks.iter().enumerate() {
            if m & b != 0 {
                set |= 1 << i;
            }
        }
        set
    }

    /// The positions (bit `k` = the `k`-th cell of the house) where `digit` is a
    /// candidate in house `h`.
    pub(crate) fn positions(&self, h: usize, digit: u8) -> u16 {
        let b = bit(digit);
        let mut out = 0u16;
        for (k, &i) in UNIT_CELLS[h].iter().enumerate() {
            if self.masks[usize::from(i)] & b != 0 {
                out |= 1 << k;
            }
        }
        out
    }

    /// The first way the grid is broken, in words: an unsolved cell without candidates
    /// (`r5c1 is left with no candidate`, cells in row-major order), else a digit with
    /// no place left in a house that lacks it (`7 has no place left in row 3`, the
    /// rows, then the columns, then the boxes); `None` when it is not broken.
    ///
    /// ```
    /// use sudoku::logic::Candidates;
    /// // Row 1 holds 1-8, and column 9 a 9: r1c9 has no candidate.
    /// let grid: sudoku::Sudoku = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63)).parse()?;
    /// let candidates = Candidates::from_sudoku(&grid)?;
    /// assert_eq!(candidates.contradiction_reason().as_deref(), Some("r1c9 is left with no candidate"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn contradiction_reason(&self) -> Option<String> {
        self.contradiction().map(|c| c.to_string())
    }

    /// The first way the grid is broken, if any: an unsolved cell without candidates,
    /// or a digit with no place left in a house that lacks it.
    pub(crate) fn contradiction(&self) -> Option<Contradiction> {
        if let Some(i) = (0..81).find(|&i| self.values[i] == 0 && self.masks[i] == 0) {
            return Some(Contradiction::EmptyCell(i));
        }
        for h in 0..27 {
            let mut seen = 0u16;
            for &i in &UNIT_CELLS[h] {
                seen |= self.mask_or_value(usize::from(i));
            }
            if seen != ALL {
                let missing = (!seen & ALL).trailing_zeros() as u8 + 1;
                return Some(Contradiction::MissingDigit(h, missing));
            }
        }
        None
    }

    /// The houses of cell `i` as house indices (row, column, box).
    pub(crate) fn houses_of(i: usize) -> [usize; 3] {
        CELL_UNITS[i].map(usize::from)
    }
}

impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Candidates({})", self.pencil_marks())
    }
}

impl fmt::Display for Candidates {
    /// The boxed pencil-mark grid of HoDoKu's print-out: one line per row, each cell its
    /// candidates (a placed cell its value), columns padded to their widest cell, `|`
    /// between boxes and a border between bands.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text: Vec<String> = (0..81)
            .map(|i| digit_string(self.mask_or_value(i)))
            .collect();
        let widths: Vec<usize> = (0..9)
            .map(|c| (0..9).map(|r| text[r * 9 + c].len()).max().unwrap_or(1))
            .collect();
        let stack_width =
            |s: usize| -> usize { widths[s * 3..s * 3 + 3].iter().sum::<usize>() + 4 };
        let border = |left: char, mid: char, right: char| -> String {
            let mut line = String::new();
            line.push(left);
            for s in 0..3 {
                line.push_str(&"-".repeat(stack_width(s)));
                line.push(if s < 2 { mid } else { right });
            }
            line
        };
        writeln!(f, "{}", border('.', '.', '.'))?;
        for r in 0..9 {
            let mut line = String::from("|");
            for c in 0..9 {
                line.push(' ');
                line.push_str(&format!("{:<w$}", text[r * 9 + c], w = widths[c]));
                if c % 3 == 2 {
                    line.push_str(" |");
                }
            }
            writeln!(f, "{line}")?;
            if r == 2 || r == 5 {
                writeln!(f, "{}", border(':', '+', ':'))?;
            }
        }
        writeln!(f, "{}", border('\'', '\'', '\''))
    }
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;

    #[test]
    fn a_broken_grid_says_where() {
        // Every cell has candidates, but no cell of row 1 can hold 9.
        let row1 = ["12345678"; 9].join(" ");
        let full = ["123456789"; 9].join(" ");
        let text = std::iter::once(row1)
            .chain(std::iter::repeat_n(full, 8))
            .collect::<Vec<_>>()
            .join("\n");
        let grid = Candidates::parse(&text).unwrap();
        assert_eq!(
            grid.contradiction_reason().as_deref(),
            Some("9 has no place left in row 1")
        );
        let open = Candidates::parse(&vec![["123456789"; 9].join(" "); 9].join("\n")).unwrap();
        assert_eq!(open.contradiction_reason(), None);
    }

    const GRID1: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    #[test]
    fn candidates_of_a_blank_exclude_its_peers() {
        let sudoku: Sudoku = GRID1.parse().expect("parses");
        let grid = Candidates::from_sudoku(&sudoku).expect("9 x 9");
        // r1c1 sees 3, 2, 6 (row 1), 9, 7 (column 1), 3, 9, 1, 8 (box 1).
        assert_eq!(grid.candidates(Coord::new(0, 0)), [4, 5]);
        assert_eq!(grid.value(Coord::new(1, 0)), Some(9));
        assert!(grid.candidates(Coord::new(1, 0)).is_empty());
        assert!(grid.contradiction().is_none());
    }

    #[test]
    fn pencil_marks_round_trip_and_errors_name_their_place() {
        let sudoku: Sudoku = GRID1.parse().expect("parses");
        let grid = Candidates::from_sudoku(&sudoku).expect("9 x 9");
        let marks = grid.pencil_marks();
        assert_eq!(marks.len(), 729);
        let spread: String = marks
            .as_bytes()
            .chunks(81)
            .map(|c| format!("{}\n", std::str::from_utf8(c).expect("ascii")))
            .collect();
        // Every lone candidate of grid1's start is still held by a peer: it reads back.
        assert_eq!(Candidates::parse(&spread), Ok(grid.clone()));

        let mut bad = marks.clone().into_bytes();
        bad[9 + 3] = b'7';
        let err = Candidates::parse(std::str::from_utf8(&bad).expect("ascii")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "expected `4`, `.` or `0` for candidate 4 of r1c2, found `7`"
        );
        use grid_core::Positioned;
        assert_eq!(err.text_position(), Some(TextPosition::at(1, 13)));
        assert_eq!(err.cell(), Some(Coord::new(0, 1)));

        let err = Candidates::parse(&marks[..728]).unwrap_err();
        assert_eq!(err, CandidatesError::Length { found: 728 });

        let mut empty = marks.clone();
        empty.replace_range(0..9, ".........");
        assert!(matches!(
            Candidates::parse(&empty),
            Err(CandidatesError::NoCandidates { .. })
        ));

        // A lone candidate no peer holds is a placed value: the digit leaves no peer.
        let mut lone = marks;
        lone.replace_range(0..9, "...4.....");
        let read = Candidates::parse(&lone).expect("valid marks");
        assert_eq!(read.value(Coord::new(0, 0)), None, "r1c2 still holds 4");
        let mut placed = read.pencil_marks();
        for k in (0..81).filter(|&k| k != 0 && PEERS[0] >> k & 1 == 1) {
            placed.replace_range(k * 9 + 3..k * 9 + 4, ".");
        }
        let read = Candidates::parse(&placed).expect("valid marks");
        assert_eq!(read.value(Coord::new(0, 0)), Some(4));
    }

    #[test]
    fn grids_of_candidate_lists_read_back_and_errors_name_their_place() {
        use grid_core::Positioned;
        let sudoku: Sudoku = GRID1.parse().expect("parses");
        let mut grid = Candidates::from_sudoku(&sudoku).expect("9 x 9");
        // Mid-game too: a few steps in, placed values and lone candidates mixed.
        for _ in 0..12 {
            let step = super::super::next_step(&grid).expect("a step");
            grid.apply(&step);
        }
        let drawn = grid.to_string();
        assert_eq!(Candidates::parse(&drawn), Ok(grid.clone()));
        // Unframed, one blank between lists, in a comment-headed file.
        let plain: String = (0..9)
            .map(|r| {
                let row: Vec<String> = (0..9)
                    .map(|c| digit_string(grid.mask_or_value(r * 9 + c)))
                    .collect();
                format!("{}\n", row.join(" "))
            })
            .collect();
        assert_eq!(
            Candidates::parse(&format!("# mid-game\n{plain}")),
            Ok(grid.clone())
        );

        let lines: Vec<&str> = drawn.lines().collect();
        let with = |k: usize, line: &str| -> String {
            let mut l = lines.clone();
            l[k] = line;
            l.join("\n")
        };
        // Row 1 is line 2 (after the top frame).
        let err = Candidates::parse(&with(1, &lines[1].replacen("45", "4x", 1))).unwrap_err();
        assert_eq!(
            err.to_string(),
            "expected a candidate digit 1-9 in the list of r1c1, found `x`"
        );
        assert_eq!(err.text_position(), Some(TextPosition::at(2, 4)));
        assert_eq!(err.cell(), Some(Coord::new(0, 0)));
        let err = Candidates::parse(&with(1, &lines[1].replacen("45", "454", 1))).unwrap_err();
        assert_eq!(
            err.to_string(),
            "expected each candidate once in the list of r1c1, found 4 again"
        );
        assert_eq!(err.text_position(), Some(TextPosition::at(2, 5)));
        let err = Candidates::parse(&with(1, "| 45 |")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "expected 9 candidate lists in row 1, found 1"
        );
        assert_eq!(err.text_position(), Some(TextPosition::at(2, 7)));
        let err = Candidates::parse(&with(1, &format!("{} 1", lines[1]))).unwrap_err();
        assert_eq!(
            err.to_string(),
            "expected 9 candidate lists in row 1, found 10"
        );
        let short: Vec<&str> = lines[..8].to_vec();
        let err = Candidates::parse(&short.join("\n")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "expected 9 rows of candidate lists, found 6"
        );
        assert_eq!(err.text_position(), Some(TextPosition::line(8)));
        let err = Candidates::parse(&format!("{drawn}{}\n", lines[1])).unwrap_err();
        assert_eq!(
            err.to_string(),
            "expected 9 rows of candidate lists, found 10"
        );
        assert_eq!(err.text_position(), Some(TextPosition::line(14)));
    }

    #[test]
    fn other_sizes_are_refused() {
        let four = Sudoku::parse("1...\n..2.\n.3..\n...4", None).expect("parses");
        assert_eq!(
            Candidates::from_sudoku(&four),
            Err(CandidatesError::UnsupportedSize { size: 4 })
        );
    }

    #[test]
    fn display_draws_the_boxed_grid() {
        let sudoku: Sudoku = GRID1.parse().expect("parses");
        let grid = Candidates::from_sudoku(&sudoku).expect("9 x 9");
        let drawn = grid.to_string();
        assert_eq!(drawn.lines().count(), 13);
        assert!(drawn.lines().nth(1).expect("row 1").starts_with("| 45 "));
    }
}
