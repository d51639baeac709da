//! The board: squares `1..=N` and the jumps (snakes and ladders) between them, read from
//! the LeetCode 909 matrix, a JSON jump list or a plain-text jump list.

use std::collections::HashMap;
use std::fmt;

use grid_core::TextPosition;

mod chain;
mod error;
mod forms;
mod generated;
#[cfg(feature = "json")]
mod json;
mod matrix;
mod read;

pub use error::{BoardError, JumpSource};
pub use forms::Reading;
pub use matrix::{cell_to_square, square_to_cell};
pub use read::BoardFormat;

/// The largest board accepted, in squares (a 5000 x 5000 LeetCode matrix). Larger
/// boards are refused up front rather than exhausting memory.
pub const MAX_SQUARES: u64 = 25_000_000;

/// The most text a board may take, in bytes: 64 MiB, read whole before the form is
/// decided. Enough for a LeetCode matrix of about 21 million squares (4,600 x 4,600)
/// written as compact JSON with `-1` for most squares (3 bytes a square), and for a
/// jump list of any board up to [`MAX_SQUARES`] with millions of jumps; a board near
/// [`MAX_SQUARES`] with many jumps is written as a jump list. A longer input is
/// refused when it passes this length, so that a wrong file costs no more memory.
pub const MAX_TEXT_BYTES: usize = 64 << 20;

/// `squares` as the size of a board, or [`BoardError::BadSize`] (pointing at `at`,
/// where it was written) unless it is in `1..=`[`MAX_SQUARES`].
pub(crate) fn checked_size(squares: i64, at: Option<TextPosition>) -> Result<u32, BoardError> {
    match u32::try_from(squares) {
        Ok(n) if n >= 1 && u64::from(n) <= MAX_SQUARES => Ok(n),
        _ => Err(BoardError::BadSize {
            squares,
            max: MAX_SQUARES,
            at,
        }),
    }
}

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

/// A Snakes and Ladders board: squares `1..=N` (1-based; the last square `N` is the
/// goal) and at most one jump starting on each square. Square `0` is "off the board",
/// where the published analyses start the token; it has no jump.
///
/// Built from the LeetCode 909 matrix ([`Board::from_matrix`]), a jump list
/// ([`Board::from_jumps`], [`Board::parse_jumps_json`], [`Board::parse_jumps_text`]),
/// or any of them with detection ([`Board::parse`], [`FromStr`](std::str::FromStr)). `Display` writes the
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
    /// Where each jump of a jump list was written, by its start square (empty for a
    /// matrix, whose jumps are named by their cells).
    sources: HashMap<u32, JumpSource>,
    /// The jumps written from a square to itself, read as plain squares
    /// ([`Board::idle_jumps`]).
    idle: Vec<(u32, JumpSource)>,
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

impl Board {
    /// Builds a board of `squares` squares from `(from, to)` jumps (1-based squares).
    ///
    /// A jump may start on square 1 (the Milton Bradley board has a ladder 1 -> 38);
    /// under LeetCode's start on square 1 such a jump is never taken. A jump from a
    /// square to itself changes nothing: the square is a plain one, as a LeetCode
    /// matrix cell holding its own square is ([`Board::idle_jumps`] lists them).
    ///
    /// # Errors
    ///
    /// [`BoardError::BadSize`] for 0 or more than [`MAX_SQUARES`] squares;
    /// [`BoardError::OutOfRange`], [`BoardError::JumpFromLast`],
    /// [`BoardError::TwoJumpsFrom`] for a jump breaking the rules, naming it by its
    /// 1-based position in `jumps`.
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
        let n = checked_size(i64::try_from(squares).unwrap_or(i64::MAX), None)?;
        let mut dest: Vec<u32> = (0..=n).collect();
        let mut written: HashMap<u32, JumpSource> = HashMap::new();
        let mut idle = Vec::new();
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
                idle.push((jump.from, at));
                continue;
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
        Ok(Board {
            dest,
            side: None,
            sources: written,
            idle,
        })
    }

    /// The number of squares, `N`; the last square (the goal) is `N`.
    pub fn squares(&self) -> u32 {
        (self.dest.len() - 1) as u32
    }

    /// The jumps written from a square to itself, each with its square and where it was
    /// written, in the order written: a LeetCode matrix cell holding its own square
    /// (which LeetCode 909 allows) or a jump list's `5 5`. They change nothing, and
    /// the board reads them as plain squares, whatever the form; a caller may say so.
    ///
    /// ```
    /// use grid_core::TextPosition;
    /// use ladders::{Board, JumpSource};
    /// let board = Board::parse("squares 10\n4 4\n2 9\n")?;
    /// assert_eq!(board.jump(4), None);
    /// assert_eq!(board.idle_jumps(), [(4, JumpSource::Text(TextPosition::line(2)))]);
    /// // Bottom row [-1, -1] is squares 1, 2; top row [-1, 3] is squares 4, 3.
    /// let board = Board::parse("[[-1,3],[-1,-1]]")?;
    /// assert_eq!(board.idle_jumps(), [(3, JumpSource::Cell(grid_core::Coord::new(0, 1)))]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn idle_jumps(&self) -> &[(u32, JumpSource)] {
        &self.idle
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

    /// The number of ladders (jumps up) and of snakes (jumps down), in that order.
    ///
    /// ```
    /// let board = ladders::Board::from_jumps(10, &[(2, 9), (8, 3), (4, 5)])?;
    /// assert_eq!(board.ladders_and_snakes(), (2, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn ladders_and_snakes(&self) -> (usize, usize) {
        let ladders = self.jumps().filter(|j| j.is_ladder()).count();
        (ladders, self.jumps().count() - ladders)
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
