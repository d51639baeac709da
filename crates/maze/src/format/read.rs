//! [`MazeReader`]: a maze read one line at a time, in a given format or in every format
//! that still fits.

use grid_core::text::{LineReader, TextLine};
use grid_core::{Positioned, TextPosition};

use super::ascii::Art;
use super::matrix::Rows;
use super::micromouse::Mouse;
use super::{Format, MazeFile, Symbols};
use crate::MazeError;

/// Reads a maze one line at a time, packing the rows into the maze's bits as they
/// arrive, so a huge maze never sits in memory as text.
///
/// The caller does the I/O: it gives each line without its line ending
/// ([`MazeReader::push_line`]) and asks for the maze at the end ([`MazeReader::finish`]).
/// Whitespace and compact 0/1 rows and ASCII art are streamed (one bit per cell, two for
/// ASCII art, plus at most as much again while the rows are laid out at the end), and so
/// are micromouse files (two wall bits per cell, packed as the lines arrive, plus one
/// line of text; the growing sets may hold up to as much again in spare capacity). The
/// JSON and brace matrix forms are kept as text and read whole. A micromouse file's
/// errors are reported by [`MazeReader::finish`], as if the whole text had been seen:
/// a line count that is not `2 x rows + 1` comes before a bad character on an earlier
/// line.
///
/// **Which format.** With a format given, only that one is read. Without, the first
/// non-blank line decides when it can: `[` or `{` is a matrix in the JSON or brace form
/// (or, a JSON array of strings, ASCII art written in JSON: [`Format::Ascii`]),
/// a line starting with `o` a micromouse file; otherwise the lines are read as a 0/1
/// matrix and as ASCII art side by side until one of them fails (`#` lines are comments
/// in a matrix and walls in art). The first that reads the whole text wins (the matrix
/// if both do); when none does, the error is [`MazeError::NoFormat`], naming where and
/// why each stopped.
///
/// **Ragged art.** ASCII-art rows must be as long as the first row
/// ([`MazeError::RaggedArt`]) unless [`MazeReader::pad`] is set, which pads short rows
/// with open cells.
///
/// # Examples
///
/// ```
/// use maze::{Format, MazeReader};
///
/// let mut reader = MazeReader::new(None);
/// for line in "{{1, 0, 0, 0},\n {1, 1, 0, 1},\n {1, 1, 0, 0},\n {0, 1, 1, 1}}".lines() {
///     reader.push_line(line)?;
/// }
/// let file = reader.finish()?;
/// assert_eq!(file.format, Format::Matrix);
/// assert_eq!(file.maze.to_string(), "1 0 0 0\n1 1 0 1\n1 1 0 0\n0 1 1 1\n");
/// # Ok::<(), maze::MazeError>(())
/// ```
#[derive(Debug)]
pub struct MazeReader {
    /// Lines pushed so far.
    lines: usize,
    forced: Option<Format>,
    pad: bool,
    symbols: Symbols,
    matrix: Option<Rows>,
    art: Option<Art>,
    mouse: Option<Mouse>,
    /// Before the first non-blank line, while the format is open.
    undecided: bool,
    /// The blank text read before the first non-blank line, in bytes.
    blank_bytes: usize,
    /// The formats that stopped, with why, and whether they stopped at the start of
    /// their first row (they never fitted: digits are no art, `.` no matrix).
    failed: Vec<(Format, MazeError, bool)>,
}

impl MazeReader {
    /// A reader of `format`, or of whichever format fits when `None`; short ASCII-art
    /// rows are an error (see [`MazeReader::pad`]).
    pub fn new(format: Option<Format>) -> MazeReader {
        MazeReader {
            lines: 0,
            forced: format,
            pad: false,
            symbols: Symbols::default(),
            matrix: None,
            art: None,
            mouse: None,
            undecided: true,
            blank_bytes: 0,
            failed: Vec::new(),
        }
    }

    /// Whether ASCII-art rows shorter than the widest are padded with open cells
    /// (`true`) or refused with [`MazeError::RaggedArt`] (`false`, the default).
    pub fn pad(mut self, pad: bool) -> MazeReader {
        self.pad = pad;
        self
    }

    /// Which matrix values and art characters are open ([`Symbols`]; by default `1`,
    /// and `.` or space).
    pub fn symbols(mut self, symbols: Symbols) -> MazeReader {
        self.symbols = symbols;
        self
    }

    /// Reads the next line, numbered after the last: its text without the line ending
    /// (and, on line 1, without a byte-order mark), as [`grid_core::text::lines`]
    /// gives it. Through [`LineReader`] the line brings its own number.
    ///
    /// # Errors
    ///
    /// As soon as no format fits any more: the format's own error when one format was
    /// being read, else [`MazeError::NoFormat`]. Pushing more lines after an error is
    /// not meaningful.
    pub fn push_line(&mut self, line: &str) -> Result<(), MazeError> {
        self.push_numbered(self.lines + 1, line)
    }

    /// [`MazeReader::push_line`] for line `number` (1-based, after the last).
    fn push_numbered(&mut self, number: usize, line: &str) -> Result<(), MazeError> {
        self.lines = number;
        // The first line's assignment before a matrix (`grid = [[0,1],[1,0]]`, as
        // LeetCode writes an example) turned into spaces: the matrix is read.
        let unassigned = match self.undecided {
            true => grid_core::text::without_assignment(line),
            false => std::borrow::Cow::Borrowed(line),
        };
        let line: &str = &unassigned;
        if self.undecided {
            if line.trim().is_empty() {
                self.blank_bytes += line.len() + 1;
                if self.blank_bytes > crate::MAX_LEADING_BLANK_BYTES {
                    return Err(MazeError::BlankText {
                        position: TextPosition::line(number),
                        max: crate::MAX_LEADING_BLANK_BYTES,
                    });
                }
                return Ok(());
            }
            self.decide(line);
        }
        if let Some(mouse) = &mut self.mouse {
            mouse.push(number, line);
        }
        if let Some(rows) = &mut self.matrix
            && let Err(err) = rows.push(number, line)
        {
            let hopeless = err.text_position() == rows.first_data();
            self.matrix = None;
            self.failed.push((Format::Matrix, err, hopeless));
        }
        if let Some(art) = &mut self.art
            && let Err(err) = art.push(number, line)
        {
            let hopeless = err.text_position() == art.first_data();
            self.art = None;
            self.failed.push((Format::Ascii, err, hopeless));
        }
        if self.matrix.is_none() && self.art.is_none() && self.mouse.is_none() {
            return Err(self.failure());
        }
        Ok(())
    }

    /// Chooses the readers from the first non-blank line.
    fn decide(&mut self, line: &str) {
        self.undecided = false;
        let trimmed = line.trim_start();
        let format = self.forced.or(if trimmed.starts_with(['[', '{']) {
            Some(Format::Matrix)
        } else if line.starts_with('o') {
            Some(Format::Micromouse)
        } else {
            None
        });
        match format {
            Some(Format::Matrix) => self.matrix = Some(Rows::new(self.symbols.clone(), self.pad)),
            Some(Format::Ascii) => self.art = Some(Art::new(self.pad, self.symbols.clone())),
            Some(Format::Micromouse) => self.mouse = Some(Mouse::default()),
            None => {
                self.matrix = Some(Rows::new(self.symbols.clone(), self.pad));
                self.art = Some(Art::new(self.pad, self.symbols.clone()));
            }
        }
    }

    /// The maze read.
    ///
    /// # Errors
    ///
    /// [`MazeError::Empty`] for input with no maze; the format's own error when one
    /// format was read; [`MazeError::NoFormat`] when none fits.
    pub fn finish(mut self) -> Result<MazeFile, MazeError> {
        if self.undecided {
            return Err(MazeError::Empty);
        }
        if let Some(mouse) = self.mouse.take() {
            return mouse.finish();
        }
        if let Some(rows) = self.matrix.take() {
            match rows.finish() {
                Ok(file) => return Ok(file),
                // A matrix that found no row (every line a `#` comment, as walled art's
                // rows under `--wall '#'` read to it) never fitted.
                Err(err) => {
                    let hopeless = matches!(err, MazeError::Empty);
                    self.failed.push((Format::Matrix, err, hopeless));
                }
            }
        }
        if let Some(mut art) = self.art.take() {
            // Lines of digits kept as possible column labels are rows after all.
            let settled = art.settle();
            let first_data = art.first_data();
            // Under named symbols (`--open`, `--wall`) art takes any character, so
            // text whose first row read as a matrix row is a matrix with a bad value
            // further on (`0,1` / `1,x` under `--open 0`), not art: its error stands.
            if !self.symbols.is_default()
                && let Some(at) = self
                    .failed
                    .iter()
                    .position(|(format, _, hopeless)| *format == Format::Matrix && !hopeless)
            {
                return Err(self.failed.swap_remove(at).1);
            }
            match settled.and_then(|()| art.finish()) {
                Ok(file) => return Ok(file),
                Err(err) => {
                    let hopeless = err.text_position() == first_data;
                    self.failed.push((Format::Ascii, err, hopeless));
                }
            }
        }
        Err(self.failure())
    }

    /// The error once every format stopped. Formats that found no maze at all, or
    /// stopped at the very start of their first row (they never fitted: digits are no
    /// art, `.` no matrix; art whose rows had axis labels always fitted), are left out
    /// when another format read further; one format
    /// left gives its own error, several give [`MazeError::NoFormat`] with the one that
    /// read furthest first (a matrix value that is not 0 or 1 counts as reading all;
    /// the matrix first on a tie).
    fn failure(&mut self) -> MazeError {
        let mut failed = std::mem::take(&mut self.failed);
        for (_, err, hopeless) in &mut failed {
            *hopeless |= *err == MazeError::Empty;
        }
        if failed.iter().any(|(_, _, hopeless)| !hopeless) {
            failed.retain(|(_, _, hopeless)| !hopeless);
        } else if failed.iter().all(|(_, err, _)| *err == MazeError::Empty) {
            return MazeError::Empty;
        }
        let mut failed: Vec<(Format, MazeError)> = failed
            .into_iter()
            .map(|(format, err, _)| (format, err))
            .collect();
        if failed.len() == 1 {
            return failed.pop().map(|(_, err)| err).expect("one error"); // invariant: len 1
        }
        failed.sort_by_key(|(format, err)| {
            let reach = match (err.text_position(), err.cell()) {
                (Some(p), _) => (p.line, p.column.unwrap_or(0)),
                (None, Some(_)) => (usize::MAX, 0),
                (None, None) => (0, 0),
            };
            (std::cmp::Reverse(reach), *format != Format::Matrix)
        });
        MazeError::NoFormat { tried: failed }
    }
}

/// The reader as a [`LineReader`] of whole maze files: it hands out one [`MazeFile`] at
/// the end of the input.
///
/// ```
/// use grid_core::text::LineSource;
/// use maze::{Format, MazeReader};
///
/// let mut source = LineSource::new(&b"\xef\xbb\xbf1 0\r\n1 1\r\n"[..]);
/// let files = source.read_all(&mut MazeReader::new(None))?;
/// assert_eq!(files[0].format, Format::Matrix);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl LineReader for MazeReader {
    type Item = MazeFile;
    type Error = MazeError;

    fn push_line(&mut self, line: TextLine<'_>, _: &mut Vec<MazeFile>) -> Result<(), MazeError> {
        self.push_numbered(line.number, line.text)
    }

    /// Ends the input ([`MazeReader::finish`]); the reader is then a new one of the
    /// same format and padding.
    fn finish(&mut self, done: &mut Vec<MazeFile>) -> Result<(), MazeError> {
        let fresh = MazeReader::new(self.forced)
            .pad(self.pad)
            .symbols(self.symbols.clone());
        done.push(std::mem::replace(self, fresh).finish()?);
        Ok(())
    }
}

/// Where an error stopped, as words for a message: `line L, column C`, `line L`, or the
/// 1-based `row R, column C` of a matrix cell; `None` when it names no place.
pub(crate) fn place(err: &MazeError) -> Option<String> {
    match (err.text_position(), err.cell()) {
        (
            Some(TextPosition {
                line,
                column: Some(column),
            }),
            _,
        ) => Some(format!("line {line}, column {column}")),
        (Some(TextPosition { line, column: None }), _) => Some(format!("line {line}")),
        (None, Some(cell)) => Some(format!("row {}, column {}", cell.row + 1, cell.col + 1)),
        (None, None) => None,
    }
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use grid_core::{Coord, Positioned, TextPosition};
    use proptest::prelude::*;

    use super::MazeReader;
    use crate::{Format, Maze, MazeError, MazeFile, Symbols, render};

    fn read(text: &str, format: Option<Format>, pad: bool) -> Result<MazeFile, MazeError> {
        let mut reader = MazeReader::new(format).pad(pad);
        for line in text.lines() {
            reader.push_line(line)?;
        }
        reader.finish()
    }

    #[test]
    fn endless_blank_lines_stop_at_the_limit() {
        let mut reader = MazeReader::new(None);
        let blank = " ".repeat(1023);
        let mut stopped = None;
        for number in 1..=2000 {
            if let Err(err) = reader.push_line(&blank) {
                stopped = Some((number, err));
                break;
            }
        }
        let (number, err) = stopped.expect("1 MiB of blank lines is refused");
        // 1024 bytes a line, newline counted: the limit is passed on line 1025.
        assert_eq!(number, crate::MAX_LEADING_BLANK_BYTES / 1024 + 1);
        assert_eq!(err.text_position(), Some(TextPosition::line(number)));
        assert!(err.to_string().starts_with("no maze in the first 1 MiB"));
        // Blank lines short of the limit before a maze are skipped as before.
        let text = format!("{}\n1 1\n", "\n".repeat(1000));
        assert_eq!(read(&text, None, false).unwrap().maze.to_string(), "1 1\n");
    }

    #[test]
    fn the_brace_form_reads_as_a_matrix_on_one_line_or_many() {
        let one = "{{1, 0, 0, 0}, {1, 1, 0, 1}, {1, 1, 0, 0}, {0, 1, 1, 1}}";
        let many = "\n{{1, 0, 0, 0},\n {1, 1, 0, 1},\n {1, 1, 0, 0},\n {0, 1, 1, 1}}\n";
        for text in [one, many] {
            let file = read(text, None, false).unwrap();
            assert_eq!(file.format, Format::Matrix);
            let query = file
                .maze
                .query(
                    file.start_or_default(),
                    &file.goals_or_default(),
                    crate::MoveSet::Four,
                )
                .unwrap();
            let paths: Vec<String> = query
                .all_paths(10)
                .paths
                .iter()
                .map(|p| p.move_string())
                .collect();
            assert_eq!(paths, ["DDRDRR", "DRDDRR"]);
        }
        assert_eq!(Format::detect(one), Format::Matrix);
    }

    #[test]
    fn rows_with_commas_read_as_the_matrix_they_are() {
        // A spreadsheet's CSV, with and without spaces and a trailing comma, reads as
        // the whitespace rows do.
        let spaced = read("1 0 0\n1 1 0\n0 1 1\n", None, false).unwrap().maze;
        for text in ["1,0,0\n1,1,0\n0,1,1\n", "1, 0, 0,\n1, 1, 0,\n0, 1, 1,\n"] {
            let file = read(text, None, false).unwrap();
            assert_eq!(file.format, Format::Matrix, "{text:?}");
            assert_eq!(file.maze, spaced, "{text:?}");
        }
        // LeetCode 1091's grid as CSV under `--open 0` (0 open): the king's diagonal
        // move DR is the path. (Read as art, `0,1` had been three cells, commas blocked.)
        let mut reader = MazeReader::new(None).symbols(Symbols::open("0"));
        for line in ["0,1", "1,0"] {
            reader.push_line(line).unwrap();
        }
        let file = reader.finish().unwrap();
        assert_eq!(file.format, Format::Matrix);
        assert_eq!(file.maze.to_string(), "1 0\n0 1\n");
        // A bad value is named where it is.
        let err = read("1,0\n1, x\n", None, false).unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::at(2, 4)));
        assert_eq!(err.to_string(), "expected an integer, found `x`");
        let err = read("1,0\n1,1,1\n", None, false).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("row 2 has 3 values, expected 2"),
            "{err}"
        );
    }

    #[test]
    fn under_named_symbols_a_matrix_with_a_bad_value_is_not_read_as_art() {
        // `--open 0` makes every other art character blocked, so the art reader takes
        // anything; rows that read as a matrix until a typo are the matrix's error.
        for (text, at) in [("0,0,0\n1,1,0\n1,1,O\n", (3, 5)), ("0 1\n1 x\n", (2, 3))] {
            let mut reader = MazeReader::new(None).symbols(Symbols::open("0"));
            for line in text.lines() {
                reader.push_line(line).unwrap();
            }
            let err = reader.finish().unwrap_err();
            assert_eq!(
                err.text_position(),
                Some(TextPosition::at(at.0, at.1)),
                "{text:?}"
            );
            assert!(err.to_string().starts_with("expected an integer"), "{err}");
        }
        // Art under named symbols still reads: its first row is no matrix row.
        let mut reader = MazeReader::new(None).symbols(Symbols::wall("X"));
        for line in ["S.X", "..G"] {
            reader.push_line(line).unwrap();
        }
        assert_eq!(reader.finish().unwrap().format, Format::Ascii);
    }

    #[test]
    fn json_grids_of_strings_read_as_art() {
        // One string a cell (LeetCode 1926) and one string a row, on one line or many:
        // art's characters, its markers and its symbols.
        let cells = "[[\"S\",\"#\",\".\"],\n [\".\",\".\",\"G\"]]";
        let rows = "[\"S#.\", \"..G\"]";
        // As Python's print and NumPy's write them: single quotes, no commas.
        let python = "[['S', '#', '.'], ['.', '.', 'G']]";
        let python_rows = "['S#.', '..G']";
        let numpy = "[['S' '#' '.']\n ['.' '.' 'G']]";
        for text in [cells, rows, python, python_rows, numpy] {
            let file = read(text, None, false).unwrap();
            assert_eq!(file.format, Format::Ascii, "{text}");
            assert_eq!(file.maze.to_string(), "1 0 1\n1 1 1\n");
            assert_eq!(file.start, Some(Coord::new(0, 0)));
            assert_eq!(file.goals, [Coord::new(1, 2)]);
        }
        // LeetCode 1926's `+` walls, named with --wall.
        let mut reader = MazeReader::new(None).symbols(Symbols::wall("+"));
        reader
            .push_line(r#"[["+","+","."],[".",".","+"]]"#)
            .unwrap();
        assert_eq!(reader.finish().unwrap().maze.to_string(), "0 0 1\n1 1 0\n");
        // Without it `+` is no symbol: named at its string (line, column of the quote).
        let err = read("[[\".\",\".\"],\n [\".\",\"+\"]]", None, false).unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::at(2, 7)));
        assert!(err.to_string().ends_with("found '+'"), "{err}");
        // In a row string, at its character (an escape is one character).
        let err = read("[\"..\",\n \"\\u002e%\"]", None, false).unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::at(2, 9)));
        // A cell of two characters, a value that is no string, a short row.
        let err = read("[[\".\",\"..\"]]", None, false).unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::at(1, 7)));
        assert_eq!(
            err.to_string(),
            "expected one character for a cell, found `..`"
        );
        let err = read("[[\".\",\n 1]]", None, false).unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::at(2, 2)));
        let err = read("[\"...\",\n \"..\"]", None, false).unwrap_err();
        assert!(
            matches!(err, MazeError::RaggedArt { row: 2, .. }),
            "{err:?}"
        );
        assert_eq!(err.text_position(), Some(TextPosition::at(2, 2)));
        assert!(read("[\"...\",\n \"..\"]", None, true).is_ok());
    }

    #[test]
    fn json_grids_of_booleans_are_refused_with_what_to_write() {
        let err = read("[[1,1],\n [true,false]]", None, false).unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::at(2, 3)));
        assert!(
            err.to_string()
                .starts_with("expected 0 or 1, found `true`: a grid of booleans is not read"),
            "{err}"
        );
    }

    #[test]
    fn when_no_format_fits_every_format_tried_is_named() {
        let err = read("####\n1 1\n1 y\n", None, false).unwrap_err();
        let MazeError::NoFormat { tried } = &err else {
            panic!("{err:?}")
        };
        let formats: Vec<Format> = tried.iter().map(|(f, _)| *f).collect();
        assert_eq!(formats, [Format::Matrix, Format::Ascii]);
        assert_eq!(err.text_position(), Some(TextPosition::at(3, 3)));
        assert_eq!(
            err.to_string(),
            "not a maze in any format: as a 0/1 matrix, expected an integer, found `y`; \
             as ASCII art, line 2: row 2 has 3 cells, expected 4 like row 1 (line 1)"
        );
        // Mostly digits: the art stopped at its first character and is left out.
        let err = read("1 1\n1 y\n", None, false).unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::at(2, 3)));
        assert!(matches!(err, MazeError::Matrix(_)), "{err:?}");
        // Both stop at once: both are named.
        let err = read("x\n", None, false).unwrap_err();
        assert!(matches!(&err, MazeError::NoFormat { tried } if tried.len() == 2));
        // A forced format is the only one tried.
        let err = read("1 1\n1 y\n", Some(Format::Ascii), false).unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::at(1, 1)));
    }

    #[test]
    fn ragged_art_is_an_error_unless_padded() {
        let text = "S..#\n.#\n...G\n";
        let err = read(text, None, false).unwrap_err();
        assert_eq!(
            err,
            MazeError::RaggedArt {
                position: TextPosition::line(2),
                row: 2,
                found: 2,
                expected: 4,
                first_line: 1,
            }
        );
        let padded = read(text, None, true).unwrap();
        assert!(padded.maze.is_open(Coord::new(1, 3)));
        assert!(!padded.maze.is_open(Coord::new(1, 1)));
        // A longer row is named too.
        let err = read("S.\n...\n", Some(Format::Ascii), false).unwrap_err();
        assert_eq!(err.text_position(), Some(TextPosition::line(2)));
    }

    /// A maze of `rows x cols` from the low bits of `bits` (cycled).
    fn maze_of(rows: usize, cols: usize, bits: &[bool]) -> Maze {
        let mut maze = Maze::new(rows, cols, false).unwrap();
        for row in 0..rows {
            for col in 0..cols {
                maze.set_open(Coord::new(row, col), bits[(row * cols + col) % bits.len()]);
            }
        }
        maze
    }

    proptest! {
        /// Every written form reads back, streamed, to the same cells as the maze
        /// written (the reference: the maze's own cells).
        #[test]
        fn every_form_reads_back(
            rows in 1usize..12,
            cols in 1usize..12,
            bits in proptest::collection::vec(any::<bool>(), 1..40),
        ) {
            let maze = maze_of(rows, cols, &bits);
            let spaced = maze.to_string();
            let compact = spaced.replace(' ', "");
            let json = render(&maze, Format::Matrix, true, None, &[]).unwrap();
            let braces = json.replace('[', "{").replace(']', "}");
            let art = render(&maze, Format::Ascii, false, None, &[]).unwrap();
            // The art as JSON strings: one a row, and one a cell.
            let quoted = |s: &str| format!("\"{s}\"");
            let string_rows: Vec<String> = art.lines().map(quoted).collect();
            let string_rows = format!("[{}]", string_rows.join(",\n"));
            let string_cells: Vec<String> = art
                .lines()
                .map(|l| {
                    let cells: Vec<String> = l.chars().map(|c| quoted(&c.to_string())).collect();
                    format!("[{}]", cells.join(", "))
                })
                .collect();
            let string_cells = format!("[{}]", string_cells.join(",\n"));
            for text in [&spaced, &compact, &json, &braces, &art, &string_rows, &string_cells] {
                let file = read(text, None, false).unwrap();
                prop_assert_eq!(&file.maze, &maze, "{}", text);
            }
        }
    }

    proptest! {
        /// Ragged art: without padding the first row of another length than the first is
        /// named (row and line); with padding every cell past a row's end is open and the
        /// others are as written (the reference: the rows themselves).
        #[test]
        fn ragged_art_is_named_or_padded(
            rows in proptest::collection::vec("[#. ]{1,8}", 1..8),
        ) {
            // A row of spaces only would be a blank line: give every row a wall first.
            let rows: Vec<String> = rows.into_iter().map(|r| format!("#{r}")).collect();
            let text = rows.join("\n");
            let first = rows[0].len();
            match rows.iter().position(|r| r.len() != first) {
                Some(k) => {
                    let err = read(&text, Some(Format::Ascii), false).unwrap_err();
                    prop_assert_eq!(err, MazeError::RaggedArt {
                        position: TextPosition::line(k + 1),
                        row: k + 1,
                        found: rows[k].len(),
                        expected: first,
                        first_line: 1,
                    });
                }
                None => prop_assert!(read(&text, Some(Format::Ascii), false).is_ok()),
            }
            let file = read(&text, Some(Format::Ascii), true).unwrap();
            let widest = rows.iter().map(String::len).max().unwrap_or(0);
            prop_assert_eq!((file.maze.rows(), file.maze.cols()), (rows.len(), widest));
            for (r, row) in rows.iter().enumerate() {
                for c in 0..widest {
                    let open = row.as_bytes().get(c).is_none_or(|&b| b != b'#');
                    prop_assert_eq!(file.maze.is_open(Coord::new(r, c)), open);
                }
            }
        }
    }
}
