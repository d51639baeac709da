//! The ASCII-art reader, fed one line at a time: one character per cell, packed into
//! bits as the lines arrive.

use grid_core::{Coord, TextPosition};

use super::symbols::CharCell;
use super::{Format, MazeFile, StartMarker, Style, Symbols};
use crate::bits::BitSet;
use crate::{Maze, MazeError};

/// What an ASCII-art cell may hold.
const CELL_CHARS: &str = "`#` (blocked), `.` or space (open), `S` (start), `G` or `E` (goal)";

/// What an ASCII-art cell may hold when both open and wall characters are named.
const NAMED_CHARS: &str = "a character named open or wall, `S` (start), `G` or `E` (goal)";

/// A [`Format::Ascii`] maze being read.
///
/// The rows are packed back to back (`open` and `dots`, one bit per cell, row `r` from
/// bit `ends[r - 1]`) because the width is known only at the end when short rows are
/// padded; [`Art::finish`] lays them out in the maze.
#[derive(Debug, Default)]
pub(super) struct Art {
    /// Pad short rows with open cells instead of refusing them.
    pad: bool,
    open: BitSet,
    /// Open cells drawn as `.` (the others as spaces), for drawing in the file's style.
    dots: BitSet,
    /// Where each row ends in `open` and `dots`.
    ends: Vec<usize>,
    /// The first row's length and line.
    first: Option<(usize, usize)>,
    widest: usize,
    /// Blank lines after the last row: rows if more art follows, dropped otherwise.
    blank: Vec<(usize, String)>,
    start: StartMarker,
    goals: Vec<Coord>,
    /// The goals marked `E` rather than `G`.
    exits: Vec<Coord>,
    /// The first non-blank character of the first row.
    first_data: Option<TextPosition>,
    /// Which characters are open, blocked or markers.
    symbols: Symbols,
    /// The symbols are the default ones (`#`, `.`, space).
    default_chars: bool,
    /// Whether a `#` was met in a row before the current one: with the default symbols,
    /// other characters after a `#` are read as open (a symbol grid, `#` the walls) and
    /// listed in `detected`.
    hash_seen: bool,
    /// Characters outside the default set read as open after a `#`, in order of first
    /// appearance.
    detected: Vec<char>,
    /// For each of `detected`, its first cell and how many times it came.
    detected_at: Vec<(Coord, usize)>,
    /// Lines of digits and spaces before the first row: column labels if labelled rows
    /// follow (at most [`MAX_HEADER_LINES`]), else rows.
    header: Vec<(usize, String)>,
    /// The row labels, once the first row had one.
    labels: Option<Labels>,
}

/// Column-label lines kept before the first row (units, tens, hundreds, ...).
const MAX_HEADER_LINES: usize = 3;

/// Axis labels around ASCII art, as Advent of Code write-ups and grid printers draw
/// them: lines of column numbers above the art and a row number before each row
/// (`MazeFile::axis_labels`). They are not cells.
///
/// ```text
///    0123
///  0 #..#
///  1 S..G
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AxisLabels {
    /// Lines of column labels above the art (0 when only the rows are labelled).
    pub header_lines: usize,
    /// The first row's label (0 or 1); the rows are numbered on from it.
    pub first_row: usize,
}

/// The row labels being read.
#[derive(Clone, Copy, Debug)]
struct Labels {
    /// Characters before a row's first cell.
    skip: usize,
    /// The next row's label.
    next: usize,
    found: AxisLabels,
}

impl Art {
    /// A reader of the characters `symbols` names; `pad` accepts rows shorter than the
    /// widest (padded with open cells).
    pub(super) fn new(pad: bool, symbols: Symbols) -> Art {
        Art {
            pad,
            default_chars: symbols.default_chars(),
            symbols,
            ..Art::default()
        }
    }

    /// Reads line `number` (1-based) of the text.
    ///
    /// # Errors
    ///
    /// [`MazeError::Unexpected`], [`MazeError::SecondStart`], [`MazeError::RaggedArt`]
    /// (without padding), [`MazeError::TooLarge`].
    pub(super) fn push(&mut self, number: usize, line: &str) -> Result<(), MazeError> {
        if line.trim().is_empty() {
            // Leading and trailing blank lines are not rows; blank lines inside are.
            if self.first.is_some() {
                self.blank.push((number, line.to_owned()));
            }
            return Ok(());
        }
        if self.first.is_none() && self.labels.is_none() && self.default_chars {
            if self.header.len() < MAX_HEADER_LINES && is_header(line) {
                self.header.push((number, line.to_owned()));
                return Ok(());
            }
            match self.label_start(line) {
                Some(labels) => {
                    self.labels = Some(labels);
                    self.header.clear();
                }
                None => self.replay_header()?,
            }
        }
        for (blank_number, blank) in std::mem::take(&mut self.blank) {
            let (skip, content) = self.unlabel(blank_number, &blank, true)?;
            self.row(blank_number, content, skip)?;
        }
        let (skip, content) = self.unlabel(number, line, false)?;
        self.row(number, content, skip)
    }

    /// Reads the lines kept as possible column labels as rows (no labelled row followed
    /// them); call before [`Art::finish`].
    ///
    /// # Errors
    ///
    /// As [`Art::push`].
    pub(super) fn settle(&mut self) -> Result<(), MazeError> {
        self.replay_header()
    }

    /// The header lines kept, read as rows after all (no row label followed them).
    fn replay_header(&mut self) -> Result<(), MazeError> {
        for (header_number, header) in std::mem::take(&mut self.header) {
            self.row(header_number, &header, 0)?;
        }
        Ok(())
    }

    /// Row labels, when `line` (the first row) starts with the label 0 or 1 and the
    /// header lines (if any) leave room for it.
    fn label_start(&self, line: &str) -> Option<Labels> {
        let trimmed = line.trim_start();
        let lead = line.len() - trimmed.len();
        let digits = trimmed.bytes().take_while(u8::is_ascii_digit).count();
        let label: usize = trimmed.get(..digits)?.parse().ok()?;
        if label > 1 || !line.is_ascii() {
            return None;
        }
        let after = lead + digits;
        let skip = if self.header.is_empty() {
            // Without column labels, a row label must be followed by art, not by more
            // numbers (`1 -1` is a matrix row).
            let rest = line.get(after + 1..)?;
            if rest
                .bytes()
                .any(|b| b.is_ascii_digit() || b == b'-' || b == b'+')
            {
                return None;
            }
            matches!(line.as_bytes().get(after), Some(b' ' | b':' | b'|')).then_some(after + 1)?
        } else {
            let start = self
                .header
                .iter()
                .map(|(_, h)| h.len() - h.trim_start().len())
                .min()?;
            let gap = line.get(after..start)?;
            gap.bytes()
                .all(|b| matches!(b, b' ' | b':' | b'|'))
                .then_some(start)?
        };
        Some(Labels {
            skip,
            next: label,
            found: AxisLabels {
                header_lines: self.header.len(),
                first_row: label,
            },
        })
    }

    /// The cells of row line `number` (its label checked and dropped when the rows are
    /// labelled; a `blank` line inside the art has none), with the number of characters
    /// dropped.
    fn unlabel<'l>(
        &mut self,
        number: usize,
        line: &'l str,
        blank: bool,
    ) -> Result<(usize, &'l str), MazeError> {
        let Some(labels) = &mut self.labels else {
            return Ok((0, line));
        };
        // A label wider than the first row's (`10 #.E#` after `0 #S.#`, as `print(i,
        // row)` writes them) ends after its own digits and separator, so that its
        // cells stay in their columns.
        let trimmed = line.trim_start();
        let lead = line.len() - trimmed.len();
        let digits = trimmed.bytes().take_while(u8::is_ascii_digit).count();
        let own = lead + digits;
        let skip = match line.as_bytes().get(own) {
            Some(b' ' | b':' | b'|') if !blank && line.is_ascii() && own >= labels.skip => own + 1,
            _ => labels.skip,
        };
        let cut = line
            .char_indices()
            .nth(skip)
            .map_or(line.len(), |(byte, _)| byte);
        let (label, cells) = line.split_at(cut);
        let written = label.trim().trim_end_matches([':', '|']).trim();
        if !blank && written != labels.next.to_string() {
            return Err(MazeError::Shape {
                position: TextPosition::at(number, 1),
                message: format!(
                    "expected the row label {} in the first {} characters, found {}",
                    labels.next,
                    labels.skip,
                    grid_core::text::quote(written)
                ),
            });
        }
        labels.next += 1;
        Ok((skip, cells))
    }

    /// Reads the row on line `number`, whose cells start after `skip` characters of
    /// labels (a JSON grid of strings gives its rows here, one line a row).
    pub(super) fn row(&mut self, number: usize, line: &str, skip: usize) -> Result<(), MazeError> {
        let row = self.ends.len();
        let begin = self.ends.last().copied().unwrap_or(0);
        let len = line.chars().count();
        Maze::check_size(row + 1, len.max(self.widest))?;
        match self.first {
            None => {
                self.first = Some((len, number));
                let first = super::first_char(number, line);
                self.first_data = Some(TextPosition::at(number, first.column.unwrap_or(1) + skip));
            }
            Some((expected, first_line)) if len != expected && !self.pad => {
                return Err(MazeError::RaggedArt {
                    position: TextPosition::line(number),
                    row: row + 1,
                    found: len,
                    expected,
                    first_line,
                });
            }
            Some(_) => {}
        }
        let end = begin + len;
        if self.open.capacity() < end {
            let grown = end.max(self.open.capacity() * 2);
            self.open.grow_to(grown);
            self.dots.grow_to(grown);
        }
        for (col, ch) in line.chars().enumerate() {
            let cell = Coord::new(row, col);
            let at = begin + col;
            // The default symbols without the general lookup: this loop is the hot path
            // of huge art mazes.
            let kind = if self.default_chars {
                match ch {
                    '#' => CharCell::Wall,
                    '.' => CharCell::Dot,
                    ' ' => CharCell::Space,
                    'S' => CharCell::Start,
                    'G' => CharCell::Goal,
                    'E' => CharCell::Exit,
                    _ => CharCell::Unknown,
                }
            } else {
                self.symbols.char_cell(ch)
            };
            match kind {
                CharCell::Wall => continue,
                CharCell::Dot => self.dots.set(at),
                CharCell::Space => {}
                CharCell::Start => {
                    self.start
                        .mark(cell, TextPosition::at(number, skip + col + 1))?;
                }
                CharCell::Goal => self.goals.push(cell),
                CharCell::Exit => {
                    self.goals.push(cell);
                    self.exits.push(cell);
                }
                // (Whether a `#` came before is looked up here, off the hot path: in an
                // earlier row, or earlier in this one.)
                CharCell::Unknown
                    if self.default_chars
                        && (self.hash_seen || line.chars().take(col).any(|c| c == '#')) =>
                {
                    // A symbol grid: `#` is the wall, every other character open.
                    match self.detected.iter().position(|&c| c == ch) {
                        Some(i) => self.detected_at[i].1 += 1,
                        None => {
                            self.detected.push(ch);
                            self.detected_at.push((cell, 1));
                        }
                    }
                }
                CharCell::Unknown => {
                    return Err(MazeError::Unexpected {
                        position: TextPosition::at(number, skip + col + 1),
                        expected: if self.default_chars {
                            CELL_CHARS
                        } else {
                            NAMED_CHARS
                        },
                        found: ch,
                    });
                }
            }
            self.open.set(at);
        }
        self.ends.push(end);
        if self.default_chars && !self.hash_seen {
            self.hash_seen = line.contains('#');
        }
        self.widest = self.widest.max(len);
        Ok(())
    }

    /// Where the first row starts, once there is one; `None` once the rows had axis
    /// labels (labelled art fitted, whatever stops it).
    pub(super) fn first_data(&self) -> Option<TextPosition> {
        self.first_data.filter(|_| self.labels.is_none())
    }

    /// The maze read.
    ///
    /// # Errors
    ///
    /// [`MazeError::Empty`] without rows (call [`Art::settle`] first).
    pub(super) fn finish(self) -> Result<MazeFile, MazeError> {
        let (rows, cols) = (self.ends.len(), self.widest);
        if rows == 0 || cols == 0 {
            return Err(MazeError::Empty);
        }
        let mut open = Maze::new(rows, cols, false)?;
        let stride = cols + 2;
        let mut dots = BitSet::new(open.open_len());
        let mut begin = 0;
        for (row, &end) in self.ends.iter().enumerate() {
            let base = (row + 1) * stride + 1;
            for col in 0..cols {
                let at = begin + col;
                // Cells past the end of a short row are padding: open, drawn as spaces.
                if at >= end || self.open.get(at) {
                    open.set_open(Coord::new(row, col), true);
                }
                if at < end && self.dots.get(at) {
                    dots.set(base + col);
                }
            }
            begin = end;
        }
        Ok(MazeFile {
            maze: open,
            format: Format::Ascii,
            start: self.start.cell(),
            goals: self.goals,
            lone_letters: self
                .detected
                .iter()
                .zip(&self.detected_at)
                .filter(|&(c, &(_, count))| c.is_alphabetic() && count == 1)
                .map(|(&c, &(cell, _))| (c, cell))
                .collect(),
            detected_open: self.detected,
            axis_labels: self.labels.map(|l| l.found),
            style: Style::Ascii {
                dots,
                exits: self.exits,
            },
        })
    }
}

/// Whether `line` could be a line of column labels: digits and spaces, at least one digit.
fn is_header(line: &str) -> bool {
    line.bytes().any(|b| b.is_ascii_digit())
        && line.bytes().all(|b| b.is_ascii_digit() || b == b' ')
}
