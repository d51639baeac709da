//! Cutting a stream of lines into puzzle records.

use std::convert::Infallible;

use grid_core::text::{LineReader, TextLine};

use super::block::block_width;
use super::is_filler;
use super::line::{first_token_is_longer_than_a_row, is_line_puzzle};
use super::titles::Title;
use super::{as_title, is_json_board, is_title};
use crate::Sudoku;
use crate::error::RecordError;
use crate::shape::BoxShape;

/// One puzzle's text cut from a larger input by [`RecordSplitter`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// 1-based line number, in the whole input, of the record's first line. Line numbers
    /// in a [`crate::ParseError`] from parsing `text` count from this line
    /// ([`Record::parse`] adds it).
    pub first_line: usize,
    /// The record's lines, joined with `\n`.
    pub text: String,
}

impl Record {
    /// Parses the record as [`Sudoku::parse`] does, with the error placed in the whole
    /// input (see [`RecordError`]).
    ///
    /// # Errors
    ///
    /// A [`RecordError`] whose [`grid_core::Positioned::text_position`] is the line and
    /// column in the whole input (1-based), and whose message is that of the
    /// [`crate::Error`].
    pub fn parse(&self, shape: Option<BoxShape>) -> Result<Sudoku, RecordError> {
        self.parse_text(shape)
    }

    /// Whether the record is a JSON board (LeetCode 36/37, `[["5","3",".",...],...]`),
    /// whose `check` has LeetCode 36's meaning: do the givens clash?
    ///
    /// ```
    /// let record = sudoku::Record { first_line: 1, text: r#"[["1","."],[".","."]]"#.into() };
    /// assert!(record.is_json_board());
    /// ```
    pub fn is_json_board(&self) -> bool {
        super::is_json_board(&self.text)
    }

    /// Whether the record is a grid of candidate lists (pencil marks as HoDoKu prints
    /// them, read by [`crate::logic::Candidates::parse`]): its first line that is not a
    /// frame or a comment holds nine lists of digits, one of them two digits or more.
    ///
    /// ```
    /// let record = sudoku::Record { first_line: 1, text: "| 45 4578 3 | 49 2 147 | 6 5789 57 |".into() };
    /// assert!(record.is_candidate_grid());
    /// ```
    pub fn is_candidate_grid(&self) -> bool {
        self.text
            .lines()
            .find(|l| !super::is_filler(l))
            .is_some_and(crate::logic::pencil::is_list_row)
    }

    /// The solution given after a one-line puzzle (CSV `puzzle,solution`, tdoku
    /// `puzzle:count:solution`): the last field after the puzzle, split at `,`, `;`,
    /// `:` or whitespace, with as many characters as the puzzle and no blank (`.`, `0`,
    /// `_`), as written (it may break the rules: the caller compares it with a
    /// solution). `None` for other records, or when no such field is there.
    ///
    /// ```
    /// use sudoku::Record;
    /// let record = Record { first_line: 1, text: "1.3.4...2...3...,1234341221434321".into() };
    /// assert_eq!(record.given_solution(), Some("1234341221434321"));
    /// ```
    pub fn given_solution(&self) -> Option<&str> {
        if self.text.contains('\n') {
            return None;
        }
        let (start, token) = super::line::line_token(&self.text);
        let rest = &self.text[start - 1 + token.len()..];
        rest.split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | ':'))
            .filter(|field| field.len() == token.len() && token.len() >= 16)
            .rfind(|field| field.chars().all(|c| super::symbol_value(c).is_some()))
    }

    fn parse_text(&self, shape: Option<BoxShape>) -> Result<Sudoku, RecordError> {
        Sudoku::parse(&self.text, shape).map_err(|error| RecordError {
            first_line: self.first_line,
            error,
        })
    }
}

/// Cuts a stream of lines into puzzle records: one line per puzzle for the line form,
/// n rows (plus any border lines) for the block form. Blank lines, `#` comment lines and
/// border lines between records are skipped; a blank line ends an unfinished block.
///
/// Titles are skipped too: a line that cannot be a grid row nor a puzzle and holds
/// words (`Grid 01`, a CSV header such as `quizzes,solutions`, a program's name and
/// version), or a `[Section]` line. The grids of a section other than `[Puzzle]`
/// (`[Solution]`, `[State]` in a SadMan `.sdk` file) are not puzzles and are skipped
/// up to the next section line.
///
/// It does no I/O: feed it lines with [`RecordSplitter::push_line`] and call
/// [`RecordSplitter::finish`] at the end of the input.
///
/// # Examples
///
/// ```
/// use sudoku::RecordSplitter;
///
/// let mut splitter = RecordSplitter::new(None);
/// let mut records = Vec::new();
/// for (i, line) in ["# two puzzles", &".".repeat(81), "", &"1".repeat(81)].iter().enumerate() {
///     records.extend(splitter.push_line(i + 1, line));
/// }
/// records.extend(splitter.finish());
/// assert_eq!(records.iter().map(|r| r.first_line).collect::<Vec<_>>(), [2, 4]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct RecordSplitter {
    shape: Option<BoxShape>,
    first_line: usize,
    lines: Vec<String>,
    rows: usize,
    expected_rows: usize,
    /// Inside a section whose grids are not puzzles (`[Solution]`).
    skipping: bool,
    /// Inside a JSON board: the depth of its open brackets.
    json_depth: Option<usize>,
    /// The layout forced on the input, if any.
    layout: Layout,
    /// The record being read is a grid of candidate lists.
    marks: bool,
}

/// How records are laid out in the input: detected line by line, or forced when
/// detection would guess wrong (a 16 x 16 row such as `1...2...3...4...` also reads as
/// a 4 x 4 one-line puzzle).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Layout {
    /// Each line tells what it is (the default).
    #[default]
    Detect,
    /// One puzzle per line (also CSV and tdoku lines, the rest being comments).
    Line,
    /// Puzzles of several rows (block or framed), never one-line puzzles.
    Block,
    /// JSON boards (LeetCode 36/37).
    Json,
    /// Pencil marks ([`crate::logic::Candidates::parse`]): a line of 729 characters is
    /// a record, and any other line starts a grid of nine rows of candidate lists
    /// (or of 81 characters), frame and comment lines within it kept, a blank line
    /// ending it early.
    Candidates,
}

/// The most lines a JSON board may take (one per cell, as some pretty-printers write,
/// one per bracket, and a few more): past it the board is cut, and parsing it says
/// what is missing.
const MAX_JSON_LINES: usize = crate::MAX_SIZE * crate::MAX_SIZE + 2 * crate::MAX_SIZE + 4;

impl RecordSplitter {
    /// A splitter for puzzles of the given box shape, or of any detected shape.
    pub fn new(shape: Option<BoxShape>) -> RecordSplitter {
        RecordSplitter {
            shape,
            ..RecordSplitter::default()
        }
    }

    /// A splitter that reads every record in `layout` rather than detecting it.
    ///
    /// ```
    /// use sudoku::{Layout, RecordSplitter};
    /// let mut splitter = RecordSplitter::with_layout(None, Layout::Block);
    /// let mut done = Vec::new();
    /// for (i, row) in ["1...2...3...4...".to_string()].iter().chain(&vec![".".repeat(16); 15]).enumerate() {
    ///     splitter.push_line_into(i + 1, row, &mut done);
    /// }
    /// assert_eq!(done.len(), 1);
    /// assert_eq!(done[0].parse(None)?.size(), 16);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_layout(shape: Option<BoxShape>, layout: Layout) -> RecordSplitter {
        RecordSplitter {
            shape,
            layout,
            ..RecordSplitter::default()
        }
    }

    /// Feeds the next line (`number` is its 1-based line number, `line` has no line
    /// ending) and returns the records it completes: usually none or one; two when a
    /// line that cannot be a block row ends an unfinished block and is a record itself.
    pub fn push_line(&mut self, number: usize, line: &str) -> Vec<Record> {
        let mut done = Vec::new();
        self.push_line_into(number, line, &mut done);
        done
    }

    /// [`RecordSplitter::push_line`] appending the records it completes to `done`, so a
    /// long stream needs no new vector per line.
    ///
    /// ```
    /// use sudoku::RecordSplitter;
    ///
    /// let mut splitter = RecordSplitter::new(None);
    /// let mut done = Vec::new();
    /// for (i, line) in ["12", "21", &".".repeat(81)].iter().enumerate() {
    ///     splitter.push_line_into(i + 1, line, &mut done);
    /// }
    /// // A 2 x 2 block, then a line.
    /// assert_eq!(done.iter().map(|r| r.text.len()).collect::<Vec<_>>(), [5, 81]);
    /// ```
    pub fn push_line_into(&mut self, number: usize, line: &str, done: &mut Vec<Record>) {
        if self.marks || self.layout == Layout::Candidates {
            self.push_marks_line(number, line, done);
            return;
        }
        if let Some(depth) = self.json_depth {
            self.push_json_line(depth, line, done);
            return;
        }
        if !self.lines.is_empty() {
            if line.trim().is_empty() {
                done.extend(self.finish());
                return;
            }
            if is_filler(line) {
                self.lines.push(line.to_owned());
                return;
            }
            if block_width(line).is_some_and(|w| w == self.expected_rows || !is_title(line)) {
                self.lines.push(line.to_owned());
                self.rows += 1;
                if self.rows == self.expected_rows {
                    done.extend(self.finish());
                }
                return;
            }
            // Not a row: the block ends unfinished and this line stands alone.
            done.extend(self.finish());
        }
        if is_filler(line) {
            return;
        }
        if self.layout == Layout::Detect && crate::logic::pencil::is_list_row(line) {
            self.marks = true;
            self.push_marks_line(number, line, done);
            return;
        }
        // Shortcut for one-line files: a first token longer than any block row makes
        // `is_line_puzzle` true (its last line returns `len > MAX_SIZE`, and its earlier
        // returns are all `true`), so the match below would take its `_` arm whatever
        // `block_width` says. Skip `block_width`, the costly part.
        match self.layout {
            Layout::Line if !is_title(line) => return self.emit(number, line, done),
            Layout::Json => {
                self.first_line = number;
                return self.push_json_line(0, line, done);
            }
            _ => {}
        }
        let block = self.layout == Layout::Block;
        if !block && first_token_is_longer_than_a_row(line) {
            self.emit(number, line, done);
            return;
        }
        if !block && is_json_board(line) {
            self.first_line = number;
            self.push_json_line(0, line, done);
            return;
        }
        if let Some(title) = as_title(line) {
            if let Title::Section(name) = title {
                self.skipping = !name.eq_ignore_ascii_case("puzzle");
            }
            return;
        }
        match block_width(line) {
            Some(width) if block || !is_line_puzzle(line, self.shape) => {
                self.first_line = number;
                self.expected_rows = width;
                self.rows = 1;
                self.lines.push(line.to_owned());
            }
            _ => self.emit(number, line, done),
        }
    }

    /// Adds a line of pencil marks: a one-line record of 729 characters, or a row (or
    /// frame or comment line) of a grid of candidate lists, which ends after nine rows
    /// or at a blank line.
    fn push_marks_line(&mut self, number: usize, line: &str, done: &mut Vec<Record>) {
        if line.trim().is_empty() {
            done.extend(self.finish());
            return;
        }
        if is_filler(line) {
            // Frames and comments inside a grid are kept so that positions count them.
            if !self.lines.is_empty() {
                self.lines.push(line.to_owned());
            }
            return;
        }
        if self.lines.is_empty() {
            // A row holds at most 81 digits and a few bars: 100 characters or more are
            // the 729-character form on one line.
            if line.chars().filter(|c| !c.is_whitespace()).count() >= 100 {
                self.emit(number, line, done);
                return;
            }
            self.first_line = number;
            self.rows = 0;
        }
        self.lines.push(line.to_owned());
        self.rows += 1;
        if self.rows == 9 {
            done.extend(self.finish());
        }
    }

    /// Adds a line to the JSON board being read (`depth` brackets open before it),
    /// ending the record when its brackets close.
    fn push_json_line(&mut self, depth: usize, line: &str, done: &mut Vec<Record>) {
        let opened = line.matches('[').count();
        let closed = line.matches(']').count();
        let depth = (depth + opened).saturating_sub(closed);
        self.lines.push(line.to_owned());
        if depth == 0 || self.lines.len() >= MAX_JSON_LINES {
            self.json_depth = None;
            done.extend(self.finish());
        } else {
            self.json_depth = Some(depth);
        }
    }

    /// Adds the one-line record `line` to `done`, unless in a skipped section.
    fn emit(&self, number: usize, line: &str, done: &mut Vec<Record>) {
        if !self.skipping {
            done.push(Record {
                first_line: number,
                text: line.to_owned(),
            });
        }
    }

    /// Ends the input: returns the unfinished block, if any (parsing it reports what
    /// is missing), unless it lies in a skipped section.
    pub fn finish(&mut self) -> Option<Record> {
        if self.lines.is_empty() {
            return None;
        }
        let text = self.lines.join("\n");
        self.lines.clear();
        self.rows = 0;
        self.json_depth = None;
        self.marks = false;
        if self.skipping {
            return None;
        }
        Some(Record {
            first_line: self.first_line,
            text,
        })
    }
}

/// The splitter as a [`LineReader`]: it hands out each record as soon as a line
/// completes it ([`RecordSplitter::push_line_into`]), and the unfinished one at the end
/// ([`RecordSplitter::finish`]). It refuses nothing: a malformed record is found when
/// it is parsed.
///
/// ```
/// use grid_core::text::read_str;
/// use sudoku::RecordSplitter;
///
/// let records = read_str("# two\n12\n21\n\n1.34....", &mut RecordSplitter::new(None))?;
/// assert_eq!(records.iter().map(|r| r.first_line).collect::<Vec<_>>(), [2, 5]);
/// # Ok::<(), std::convert::Infallible>(())
/// ```
impl LineReader for RecordSplitter {
    type Item = Record;
    type Error = Infallible;

    fn push_line(&mut self, line: TextLine<'_>, done: &mut Vec<Record>) -> Result<(), Infallible> {
        self.push_line_into(line.number, line.text, done);
        Ok(())
    }

    fn finish(&mut self, done: &mut Vec<Record>) -> Result<(), Infallible> {
        done.extend(RecordSplitter::finish(self));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_core::{Coord, Positioned, TextPosition};

    fn records(text: &str) -> Vec<Record> {
        let mut splitter = RecordSplitter::new(None);
        let mut done = Vec::new();
        for line in grid_core::text::lines(text) {
            splitter.push_line_into(line.number, line.text, &mut done);
        }
        done.extend(splitter.finish());
        done
    }

    #[test]
    fn record_errors_are_placed_in_the_whole_input() {
        let text = "# two blocks\n1 . | . .\n. . | 2 .\n. x | . .\n. . | . 4\n\n1 1 | . .\n. . | . .\n. . | . .\n. . | . .\n";
        let found = records(text);
        assert_eq!(found.len(), 2);
        let bad = found[0].parse(None).unwrap_err();
        assert_eq!(bad.text_position(), Some(TextPosition::at(4, 3)));
        assert_eq!(bad.cell(), None);
        let clash = found[1].parse(None).unwrap_err();
        assert_eq!(clash.text_position(), Some(TextPosition::line(7)));
        assert_eq!(clash.cell(), Some(Coord::new(0, 1)));
        assert_eq!(
            clash.to_string(),
            "invalid givens: r1c1 and r1c2 are both 1 in row 1"
        );
    }

    #[test]
    fn grids_of_candidate_lists_are_records_detected_or_forced() {
        let row = "| 12 3 4 | 5 6 7 | 8 9 1 |";
        let mut grid = vec![".-----------."];
        for r in 0..9 {
            grid.push(row);
            if r % 3 == 2 {
                grid.push(":-----+-----:");
            }
        }
        let text = format!(
            "# marks\n{}\n{}\n\n{}\n",
            grid.join("\n"),
            grid.join("\n"),
            "1........".repeat(81)
        );
        let mut found = records(&text);
        assert_eq!(
            found.iter().map(|r| r.first_line).collect::<Vec<_>>(),
            [3, 16, 29]
        );
        assert!(found[0].is_candidate_grid() && found[1].is_candidate_grid());
        assert!(!found[2].is_candidate_grid());
        // The middle frames are kept, so positions count them; the closing one is not.
        assert_eq!(found.remove(0).text.lines().count(), 11);

        let mut splitter = RecordSplitter::with_layout(None, Layout::Candidates);
        let mut done = Vec::new();
        for line in grid_core::text::lines("1 2 3 4 5 6 7 8 9\n1 2\n\n1 2 3") {
            splitter.push_line_into(line.number, line.text, &mut done);
        }
        done.extend(splitter.finish());
        assert_eq!(
            done.iter().map(|r| r.first_line).collect::<Vec<_>>(),
            [1, 4]
        );
    }
}
