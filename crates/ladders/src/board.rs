//! The board: squares `1..=N` and the jumps (snakes and ladders) between them, read from
//! the LeetCode 909 matrix, a JSON jump list or a plain-text jump list.

use std::fmt;
use std::str::FromStr;

use grid_core::{Coord, Grid};

/// The largest board accepted, in squares (a 5000 x 5000 LeetCode matrix). Larger
/// boards are refused up front rather than exhausting memory.
pub const MAX_SQUARES: u64 = 25_000_000;

/// One snake or ladder: landing on square `from` at the end of a move sends the token
/// to square `to`. Squares are 1-based. `to > from` is a ladder, `to < from` a snake.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Jump {
    /// The square where the jump starts (foot of a ladder, head of a snake), 1-based.
    pub from: u32,
    /// The square where the jump ends, 1-based.
    pub to: u32,
}

impl Jump {
    /// Whether this jump goes up the board.
    pub fn is_ladder(self) -> bool {
        self.to > self.from
    }
}

impl fmt::Display for Jump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.is_ladder() { "ladder" } else { "snake" };
        write!(f, "{kind} {} -> {}", self.from, self.to)
    }
}

/// Where a jump was written, for error messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JumpSource {
    /// The `index`-th jump (1-based) of a JSON jump list.
    Item(usize),
    /// Line `line` (1-based) of the text form.
    Line(usize),
    /// The LeetCode matrix cell at `coord` (0-based row from the top, 0-based column).
    Cell(Coord),
}

impl fmt::Display for JumpSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JumpSource::Item(i) => write!(f, "jump {i}"),
            JumpSource::Line(l) => write!(f, "line {l}"),
            JumpSource::Cell(c) => write!(f, "row {}, column {}", c.row + 1, c.col + 1),
        }
    }
}

impl grid_core::Positioned for BoardError {
    fn text_position(&self) -> Option<grid_core::TextPosition> {
        match self {
            BoardError::Matrix(e) => e.text_position(),
            _ => None,
        }
    }
}

/// Why a board could not be built. Squares are 1-based; matrix rows and columns in
/// messages are 1-based, counted from the top-left as the matrix is written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// The LeetCode matrix could not be read as an integer matrix.
    #[error("{0}")]
    Matrix(#[from] grid_core::ParseError),
    /// The LeetCode matrix is not n x n (or is empty).
    #[error("the board is {rows} x {cols}, expected a square n x n matrix with n >= 1")]
    NotSquare {
        /// Number of rows.
        rows: usize,
        /// Number of columns.
        cols: usize,
    },
    /// A matrix cell holds neither `-1` nor a square in `1..=n²`.
    #[error("{at} (square {square}): {value} is neither -1 nor a square in 1..={squares}")]
    CellOutOfRange {
        /// The cell.
        at: JumpSource,
        /// The square that cell is (boustrophedon label).
        square: u32,
        /// The value found.
        value: i64,
        /// n².
        squares: u32,
    },
    /// A jump starts on square 1 of a LeetCode matrix (the token starts there).
    #[error("{at}: {jump} starts on square 1, where the token starts")]
    JumpFromFirst {
        /// Where it was written.
        at: JumpSource,
        /// The jump.
        jump: Jump,
    },
    /// A jump starts on the last square (the game is over there).
    #[error("{at}: {jump} starts on the last square {squares}, where the game ends")]
    JumpFromLast {
        /// Where it was written.
        at: JumpSource,
        /// The jump.
        jump: Jump,
        /// The last square.
        squares: u32,
    },
    /// A jump names a square outside `1..=squares`.
    #[error("{at}: jump {from} -> {to} names a square outside 1..={squares}")]
    OutOfRange {
        /// Where it was written.
        at: JumpSource,
        /// Start square as written.
        from: i64,
        /// End square as written.
        to: i64,
        /// The number of squares.
        squares: u32,
    },
    /// Two jumps start on the same square.
    #[error("{at}: {jump} starts on square {}, which already has {first} ({first_at})", jump.from)]
    TwoJumpsFrom {
        /// Where the second jump was written.
        at: JumpSource,
        /// The second jump.
        jump: Jump,
        /// The first jump from that square.
        first: Jump,
        /// Where the first jump was written.
        first_at: JumpSource,
    },
    /// A jump from a square to itself.
    #[error("{at}: jump {square} -> {square} goes nowhere")]
    JumpToItself {
        /// Where it was written.
        at: JumpSource,
        /// The square.
        square: u32,
    },
    /// The board has too many (or too few) squares.
    #[error("the board has {squares} square{}, expected 1..={max}", if *squares == 1 { "" } else { "s" })]
    BadSize {
        /// Squares asked for.
        squares: u64,
        /// [`MAX_SQUARES`].
        max: u64,
    },
    /// The input holds nothing but whitespace and comments.
    #[error("no board found: the input is empty")]
    Empty,
    /// The JSON jump list is malformed.
    #[error("line {line}, column {column}: {message}")]
    Json {
        /// 1-based line where the problem was found.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What was expected.
        message: String,
    },
    /// The JSON jump list is well-formed JSON but not of the expected shape.
    #[error("{0}")]
    JumpListShape(String),
    /// A line of the text form could not be read.
    #[error("line {line}, column {column}: {message}")]
    Text {
        /// 1-based line.
        line: usize,
        /// 1-based column (characters).
        column: usize,
        /// What was expected.
        message: String,
    },
}

/// The input forms a board can be read from. See [`Board::parse`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardFormat {
    /// The LeetCode 909 `n x n` matrix, JSON (`[[-1,-1],[-1,3]]`) or whitespace rows.
    Matrix,
    /// `{"squares": 100, "jumps": [[4, 14], [16, 6]]}`.
    JumpsJson,
    /// A `squares 100` header line, then one `from to` pair per line; `#` starts a comment.
    JumpsText,
}

impl BoardFormat {
    /// Guesses the form from the text: `{` first means [`BoardFormat::JumpsJson`], a first
    /// word `squares` means [`BoardFormat::JumpsText`], anything else a matrix.
    /// Blank lines and `#` comment lines are skipped; a leading byte-order mark is ignored.
    pub fn detect(text: &str) -> BoardFormat {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        for line in text.lines() {
            let t = line.trim_start();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            if t.starts_with('{') {
                return BoardFormat::JumpsJson;
            }
            if t.split_whitespace()
                .next()
                .is_some_and(|w| w.eq_ignore_ascii_case("squares"))
            {
                return BoardFormat::JumpsText;
            }
            return BoardFormat::Matrix;
        }
        BoardFormat::Matrix
    }
}

/// A Snakes and Ladders board: squares `1..=N` (1-based; the last square `N` is the
/// goal) and at most one jump starting on each square. Square `0` is "off the board",
/// where the published analyses start the token; it has no jump.
///
/// Built from the LeetCode 909 matrix ([`Board::from_matrix`]), a jump list
/// ([`Board::from_jumps`], [`Board::parse_jumps_json`], [`Board::parse_jumps_text`]),
/// or any of them with detection ([`Board::parse`], [`FromStr`]). `Display` writes the
/// canonical text form (`squares N` then `from to` lines), which parses back to the
/// same board.
///
/// # Examples
///
/// ```
/// use ladders::Board;
/// let board: Board = "squares 100\n4 14\n16 6\n".parse()?;
/// assert_eq!(board.squares(), 100);
/// assert_eq!(board.jump(4), Some(14));
/// assert_eq!(board.jump(5), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Board {
    /// `dest[s]` is where landing on square `s` leaves the token (`s` itself when no jump).
    /// Index 0 is off the board.
    pub(crate) dest: Vec<u32>,
    /// `Some(n)` when the board came from an n x n LeetCode matrix.
    side: Option<u32>,
}

/// Two boards are equal when they have the same squares and jumps, whatever form
/// they were read from.
impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.dest == other.dest
    }
}

impl Eq for Board {}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Board")
            .field("squares", &self.squares())
            .field("jumps", &self.jumps().collect::<Vec<_>>())
            .finish()
    }
}

/// The 0-based matrix cell (row from the top, column from the left) of 1-based square
/// `square` on an `n x n` LeetCode board: boustrophedon from the bottom-left, the
/// bottom row left to right, the next one right to left, and so on. Rows alternate
/// counted from the **bottom** row, so on odd `n` the top row runs left to right and
/// square n² is top-right, not top-left.
///
/// # Panics
///
/// If `square` is not in `1..=n²`.
///
/// # Examples
///
/// ```
/// use grid_core::Coord;
/// assert_eq!(ladders::square_to_cell(1, 6), Coord { row: 5, col: 0 });
/// assert_eq!(ladders::square_to_cell(7, 6), Coord { row: 4, col: 5 });
/// assert_eq!(ladders::square_to_cell(36, 6), Coord { row: 0, col: 0 });
/// assert_eq!(ladders::square_to_cell(9, 3), Coord { row: 0, col: 2 });
/// ```
pub fn square_to_cell(square: u32, n: u32) -> Coord {
    assert!(
        square >= 1 && u64::from(square) <= u64::from(n) * u64::from(n),
        "square {square} is not on an {n} x {n} board"
    );
    let idx = square - 1;
    let from_bottom = idx / n;
    let along = idx % n;
    let col = if from_bottom.is_multiple_of(2) {
        along
    } else {
        n - 1 - along
    };
    Coord {
        row: (n - 1 - from_bottom) as usize,
        col: col as usize,
    }
}

/// The 1-based square of the 0-based cell `cell` on an `n x n` LeetCode board; the
/// inverse of [`square_to_cell`].
///
/// # Panics
///
/// If `cell` is outside the board.
pub fn cell_to_square(cell: Coord, n: u32) -> u32 {
    let (row, col) = (cell.row as u32, cell.col as u32);
    assert!(
        row < n && col < n,
        "cell {cell:?} is not on an {n} x {n} board"
    );
    let from_bottom = n - 1 - row;
    let along = if from_bottom.is_multiple_of(2) {
        col
    } else {
        n - 1 - col
    };
    from_bottom * n + along + 1
}

impl Board {
    /// Builds a board of `squares` squares from `(from, to)` jumps (1-based squares).
    ///
    /// A jump may start on square 1 (the Milton Bradley board has a ladder 1 -> 38);
    /// under LeetCode's start on square 1 such a jump is never taken.
    ///
    /// # Errors
    ///
    /// [`BoardError::BadSize`] for 0 or more than [`MAX_SQUARES`] squares;
    /// [`BoardError::OutOfRange`], [`BoardError::JumpFromLast`],
    /// [`BoardError::JumpToItself`], [`BoardError::TwoJumpsFrom`] for a jump breaking
    /// the rules, naming it by its 1-based position in `jumps`.
    ///
    /// # Examples
    ///
    /// ```
    /// let board = ladders::Board::from_jumps(10, &[(2, 9), (8, 3)])?;
    /// assert_eq!(board.jumps().count(), 2);
    /// assert!(ladders::Board::from_jumps(10, &[(10, 3)]).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_jumps(squares: u64, jumps: &[(i64, i64)]) -> Result<Board, BoardError> {
        let listed: Vec<_> = jumps
            .iter()
            .enumerate()
            .map(|(i, &(f, t))| (JumpSource::Item(i + 1), f, t))
            .collect();
        Board::build(squares, &listed)
    }

    fn build(squares: u64, jumps: &[(JumpSource, i64, i64)]) -> Result<Board, BoardError> {
        if squares == 0 || squares > MAX_SQUARES {
            return Err(BoardError::BadSize {
                squares,
                max: MAX_SQUARES,
            });
        }
        let n = squares as u32;
        let mut dest: Vec<u32> = (0..=n).collect();
        let mut written: std::collections::HashMap<u32, JumpSource> =
            std::collections::HashMap::new();
        for &(at, from, to) in jumps {
            let in_range = |s: i64| s >= 1 && s <= i64::from(n);
            if !in_range(from) || !in_range(to) {
                return Err(BoardError::OutOfRange {
                    at,
                    from,
                    to,
                    squares: n,
                });
            }
            let jump = Jump {
                from: from as u32,
                to: to as u32,
            };
            if jump.from == jump.to {
                return Err(BoardError::JumpToItself {
                    at,
                    square: jump.from,
                });
            }
            if jump.from == n {
                return Err(BoardError::JumpFromLast {
                    at,
                    jump,
                    squares: n,
                });
            }
            if let Some(&first_at) = written.get(&jump.from) {
                return Err(BoardError::TwoJumpsFrom {
                    at,
                    jump,
                    first: Jump {
                        from: jump.from,
                        to: dest[jump.from as usize],
                    },
                    first_at,
                });
            }
            written.insert(jump.from, at);
            dest[jump.from as usize] = jump.to;
        }
        Ok(Board { dest, side: None })
    }

    /// Builds a board from the LeetCode 909 matrix: `n x n`, squares labelled `1..=n²`
    /// boustrophedon from the bottom-left ([`square_to_cell`]), `-1` a plain square,
    /// any other value the destination of the snake or ladder starting there. A cell
    /// holding its own square is a jump to itself, which LeetCode allows and which
    /// changes nothing; it is read as a plain square.
    ///
    /// # Errors
    ///
    /// [`BoardError::NotSquare`] for a non-square or empty matrix,
    /// [`BoardError::CellOutOfRange`] for a value outside `-1` and `1..=n²`,
    /// [`BoardError::JumpFromFirst`] / [`BoardError::JumpFromLast`] for a jump on square
    /// 1 or n² (LeetCode's constraints), [`BoardError::BadSize`] beyond [`MAX_SQUARES`].
    ///
    /// # Examples
    ///
    /// ```
    /// let grid = grid_core::parse_matrix("[[-1,4],[-1,3]]")?;
    /// let board = ladders::Board::from_matrix(&grid)?;
    /// assert_eq!(board.squares(), 4);
    /// // Bottom row [-1, 3] is squares 1, 2; top row [-1, 4] is squares 4, 3.
    /// assert_eq!(board.jump(2), Some(3));
    /// assert_eq!(board.jump(3), Some(4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_matrix(grid: &Grid<i64>) -> Result<Board, BoardError> {
        let (rows, cols) = (grid.rows(), grid.cols());
        if rows != cols || rows == 0 {
            return Err(BoardError::NotSquare { rows, cols });
        }
        let squares = (rows as u64) * (rows as u64);
        if squares > MAX_SQUARES {
            return Err(BoardError::BadSize {
                squares,
                max: MAX_SQUARES,
            });
        }
        let n = rows as u32;
        let last = n * n;
        let mut dest: Vec<u32> = (0..=last).collect();
        for (cell, &value) in grid.iter() {
            let square = cell_to_square(cell, n);
            if value == -1 {
                continue;
            }
            let at = JumpSource::Cell(cell);
            if value < 1 || value > i64::from(last) {
                return Err(BoardError::CellOutOfRange {
                    at,
                    square,
                    value,
                    squares: last,
                });
            }
            let jump = Jump {
                from: square,
                to: value as u32,
            };
            if jump.from == jump.to {
                continue;
            }
            if square == 1 {
                return Err(BoardError::JumpFromFirst { at, jump });
            }
            if square == last {
                return Err(BoardError::JumpFromLast {
                    at,
                    jump,
                    squares: last,
                });
            }
            dest[square as usize] = jump.to;
        }
        Ok(Board {
            dest,
            side: Some(n),
        })
    }

    /// Parses the LeetCode matrix in JSON or whitespace form (see
    /// [`grid_core::parse_matrix`]) and builds the board with [`Board::from_matrix`].
    ///
    /// # Errors
    ///
    /// [`BoardError::Matrix`] when the text is not an integer matrix, else as
    /// [`Board::from_matrix`].
    pub fn parse_matrix(text: &str) -> Result<Board, BoardError> {
        Board::from_matrix(&grid_core::parse_matrix(text)?)
    }

    /// Parses the JSON jump list `{"squares": 100, "jumps": [[4, 14], [16, 6]]}`.
    /// Jumps are `[from, to]` pairs of 1-based squares; `"jumps"` may be empty.
    ///
    /// # Errors
    ///
    /// [`BoardError::Json`] for malformed JSON (with line and column),
    /// [`BoardError::JumpListShape`] for a missing field or a jump that is not a pair of
    /// integers, else as [`Board::from_jumps`] (the jump named by its 1-based index).
    pub fn parse_jumps_json(text: &str) -> Result<Board, BoardError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| BoardError::Json {
                line: e.line(),
                // serde_json says column 0 for the end of the input just after a
                // line break; our columns are 1-based.
                column: e.column().max(1),
                message: grid_core::json_error_message(&e),
            })?;
        let shape = |m: &str| BoardError::JumpListShape(m.to_owned());
        let object = value.as_object().ok_or_else(|| {
            shape("expected an object {\"squares\": N, \"jumps\": [[from, to], ...]}")
        })?;
        for key in object.keys() {
            if key != "squares" && key != "jumps" {
                return Err(BoardError::JumpListShape(format!(
                    "unknown field `{key}`, expected `squares` and `jumps`"
                )));
            }
        }
        let squares = object
            .get("squares")
            .ok_or_else(|| shape("missing field `squares` (the number of the last square)"))?
            .as_u64()
            .ok_or_else(|| shape("`squares` must be a positive integer"))?;
        let jumps = match object.get("jumps") {
            None => &Vec::new(),
            Some(j) => j
                .as_array()
                .ok_or_else(|| shape("`jumps` must be an array of [from, to] pairs"))?,
        };
        let mut listed = Vec::with_capacity(jumps.len());
        for (i, jump) in jumps.iter().enumerate() {
            let pair = jump.as_array().filter(|a| a.len() == 2);
            let pair = pair.and_then(|a| Some((a[0].as_i64()?, a[1].as_i64()?)));
            let Some((from, to)) = pair else {
                return Err(BoardError::JumpListShape(format!(
                    "jump {}: expected a pair of integers [from, to], found {jump}",
                    i + 1
                )));
            };
            listed.push((JumpSource::Item(i + 1), from, to));
        }
        Board::build(squares, &listed)
    }

    /// Parses the plain-text jump list: a `squares N` header line, then one jump per
    /// line as two integers `from to` (spaces or tabs; `->` between them is allowed).
    /// `#` starts a comment running to the end of the line; blank lines are skipped.
    ///
    /// ```text
    /// # Milton Bradley Chutes and Ladders
    /// squares 100
    /// 1 38
    /// 16 6
    /// ```
    ///
    /// # Errors
    ///
    /// [`BoardError::Text`] (line and column) for a missing header or a line that is not
    /// two integers, else as [`Board::from_jumps`] with the jump named by its line.
    pub fn parse_jumps_text(text: &str) -> Result<Board, BoardError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut squares: Option<u64> = None;
        let mut listed = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let content = raw.split('#').next().unwrap_or("");
            let tokens: Vec<(usize, &str)> = tokens_with_columns(content)
                .filter(|(_, t)| *t != "->")
                .collect();
            if tokens.is_empty() {
                continue;
            }
            let number = |(column, token): (usize, &str)| -> Result<i64, BoardError> {
                token.parse::<i64>().map_err(|_| BoardError::Text {
                    line,
                    column,
                    message: format!("expected an integer, found `{token}`"),
                })
            };
            match squares {
                None => {
                    if tokens.len() != 2 || !tokens[0].1.eq_ignore_ascii_case("squares") {
                        return Err(BoardError::Text {
                            line,
                            column: tokens[0].0,
                            message: "expected the header `squares N` before any jump".into(),
                        });
                    }
                    let n = number(tokens[1])?;
                    if n < 1 {
                        return Err(BoardError::BadSize {
                            squares: 0,
                            max: MAX_SQUARES,
                        });
                    }
                    squares = Some(n as u64);
                }
                Some(_) => {
                    if tokens.len() != 2 {
                        let column = tokens.get(2).map_or(tokens[0].0, |t| t.0);
                        return Err(BoardError::Text {
                            line,
                            column,
                            message: format!(
                                "expected two squares `from to`, found {} value{}",
                                tokens.len(),
                                if tokens.len() == 1 { "" } else { "s" }
                            ),
                        });
                    }
                    listed.push((
                        JumpSource::Line(line),
                        number(tokens[0])?,
                        number(tokens[1])?,
                    ));
                }
            }
        }
        let squares = squares.ok_or(BoardError::Text {
            line: 1,
            column: 1,
            message: "no `squares N` header found: the input is empty".into(),
        })?;
        Board::build(squares, &listed)
    }

    /// Parses a board in the given form, or detects it ([`BoardFormat::detect`]).
    ///
    /// # Errors
    ///
    /// [`BoardError::Empty`] for blank input, else as the parser of that form.
    pub fn parse_as(text: &str, format: Option<BoardFormat>) -> Result<Board, BoardError> {
        let blank = text
            .strip_prefix('\u{feff}')
            .unwrap_or(text)
            .lines()
            .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'));
        if blank {
            return Err(BoardError::Empty);
        }
        match format.unwrap_or_else(|| BoardFormat::detect(text)) {
            BoardFormat::Matrix => Board::parse_matrix(text),
            BoardFormat::JumpsJson => Board::parse_jumps_json(text),
            BoardFormat::JumpsText => Board::parse_jumps_text(text),
        }
    }

    /// Parses a board in any of the three forms, detected by [`BoardFormat::detect`].
    ///
    /// # Errors
    ///
    /// As the parser of the detected form.
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        Board::parse_as(text, None)
    }

    /// The number of squares, `N`; the last square (the goal) is `N`.
    pub fn squares(&self) -> u32 {
        (self.dest.len() - 1) as u32
    }

    /// The side `n` when the board came from an `n x n` LeetCode matrix.
    pub fn side(&self) -> Option<u32> {
        self.side
    }

    /// Where the jump starting on 1-based `square` leads, if there is one.
    pub fn jump(&self, square: u32) -> Option<u32> {
        let d = *self.dest.get(square as usize)?;
        (d != square).then_some(d)
    }

    /// Where landing on `square` leaves the token: the jump's end, or `square` itself.
    /// Square 0 (off the board) and squares past the end map to themselves.
    #[inline]
    pub fn after_jump(&self, square: u32) -> u32 {
        self.dest.get(square as usize).copied().unwrap_or(square)
    }

    /// Every jump in increasing order of its start square.
    pub fn jumps(&self) -> impl Iterator<Item = Jump> + '_ {
        self.dest
            .iter()
            .enumerate()
            .filter(|&(s, &d)| s as u32 != d)
            .map(|(s, &d)| Jump {
                from: s as u32,
                to: d,
            })
    }

    /// The LeetCode matrix of this board when its size is a perfect square `n²`
    /// (row 0 is the top row), else `None`.
    pub fn to_matrix(&self) -> Option<Grid<i64>> {
        let squares = self.squares();
        let n = (f64::from(squares)).sqrt().round() as u32;
        if n * n != squares {
            return None;
        }
        let mut grid = Grid::new(n as usize, n as usize, -1_i64);
        for jump in self.jumps() {
            grid[square_to_cell(jump.from, n)] = i64::from(jump.to);
        }
        Some(grid)
    }
}

fn tokens_with_columns(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut chars = line.char_indices().enumerate().peekable();
    std::iter::from_fn(move || {
        while let Some(&(_, (_, c))) = chars.peek() {
            if !c.is_whitespace() {
                break;
            }
            chars.next();
        }
        let (column, (start, _)) = chars.next()?;
        let mut end = line.len();
        while let Some(&(_, (byte, c))) = chars.peek() {
            if c.is_whitespace() {
                end = byte;
                break;
            }
            chars.next();
        }
        Some((column + 1, &line[start..end]))
    })
}

impl FromStr for Board {
    type Err = BoardError;

    /// Same as [`Board::parse`].
    fn from_str(text: &str) -> Result<Board, BoardError> {
        Board::parse(text)
    }
}

impl fmt::Display for Board {
    /// The canonical text form: `squares N`, then `from to` per jump in increasing
    /// order of `from`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "squares {}", self.squares())?;
        for jump in self.jumps() {
            writeln!(f, "{} {}", jump.from, jump.to)?;
        }
        Ok(())
    }
}
