//! Snakes and Ladders: the fewest rolls to the last square with an optimal route
//! (LeetCode 909 and beyond), real boards as jump lists, and the game as an absorbing
//! Markov chain (expected length, length distribution, several players).
//!
//! # The board
//!
//! A [`Board`] has squares `1..=N`; square `N` is the goal; each square holds at most
//! one snake or ladder ([`Jump`]). Read it from:
//! - the **LeetCode 909 matrix** ([`Board::from_matrix`]): `n x n`, squares numbered
//!   boustrophedon from the bottom-left, the direction of each row alternating counted
//!   from the **bottom** row (so for odd `n` the top row runs left to right and square
//!   n² is top-**right**), `-1` for a plain square, else the jump's destination
//!   ([`square_to_cell`] gives the numbering);
//! - a **JSON jump list** `{"squares": 100, "jumps": [[4, 14], [16, 6]]}`;
//! - a **text jump list**: `squares 100` then `from to` per line, `#` comments.
//!
//! # The two questions and their conventions
//!
//! - **Fewest rolls** ([`Board::shortest_route`]): the player chooses every roll;
//!   breadth-first search over squares in O(squares x faces). LeetCode 909 starts on
//!   **square 1** ([`Start::SquareOne`], [`Rules::leetcode`]) and clamps a roll past
//!   the end to `n²` (`min(curr + 6, n²)`, [`EndRule::OvershootWins`]); for this
//!   question [`EndRule::Exact`] and [`EndRule::Bounce`] give the same number (a roll
//!   can overshoot only from within `faces - 1` of the end, where a smaller roll lands
//!   exactly).
//! - **How long a random game lasts** ([`Chain`]): the die is fair; the token starts
//!   **off the board** on square 0 ([`Start::OffBoard`], [`Rules::classic`]) and must
//!   reach `N` by exact count, as in the Milton Bradley rules and in S. C. Althoen,
//!   L. King and K. Schilling, "How long is a game of Snakes and Ladders?", *The
//!   Mathematical Gazette* 77 (1993) 71-76. On their Milton Bradley "Chutes and
//!   Ladders" board ([`chutes_and_ladders`]) the expected length is 39.2251223 turns.
//!
//! A move follows at most one snake or ladder: a ladder ending on a snake's head does
//! not chain into the snake. Boards whose rules chain jumps are played on
//! [`Board::chained`], where every jump leads to the end of its chain (a loop of jumps
//! is an error there).
//!
//! # Example
//!
//! ```
//! use ladders::{Board, Chain, Rules};
//! let board = Board::parse("[[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],\
//!     [-1,35,-1,-1,13,-1],[-1,-1,-1,-1,-1,-1],[-1,15,-1,-1,-1,-1]]")?;
//! let route = board.shortest_route(&Rules::leetcode()).expect("the end is reachable");
//! assert_eq!(route.rolls(), 4);
//! assert_eq!(route.squares(), vec![1, 15, 13, 35, 36]);
//!
//! let chutes = ladders::chutes_and_ladders();
//! let e = Chain::new(&chutes, &Rules::classic()).expected_turns()?.expect("ends");
//! assert!((e.turns - 39.225122308).abs() < 1e-8);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Errors
//!
//! A board that cannot be read or breaks the rules is a [`BoardError`]; an unreachable
//! last square is an answer (`None`), never an error. A `BoardError`'s `Display` is the
//! message alone; where it points is data ([`grid_core::Positioned`]): a 1-based line
//! and column of a jump list or a malformed matrix, or the 0-based cell of a LeetCode
//! matrix.
//!
//! # Features
//!
//! - `json` (default): the JSON forms, the matrix `[[-1,-1],[-1,3]]` and the jump list
//!   `{"squares": N, "jumps": [...]}` (`Board::parse_jumps_json`); pulls `serde_json`.
//!   Without it, reading either is an error that says so.
//! - `simulate` (off by default): `simulate()` (and `simulate_with_progress()`, the
//!   same games with a progress callback, and `simulate_until()`, which also stops
//!   early when a caller's `AtomicBool` is set), seeded Monte Carlo games (ChaCha8,
//!   the same seed gives the same games everywhere); pulls `rand` and `rand_chacha`.
#![deny(missing_docs)]

mod board;
mod draw;
mod markov;
mod optional;
mod rules;
#[cfg(feature = "simulate")]
mod simulate;
mod solve;

pub use board::{
    Board, BoardError, BoardFormat, Jump, JumpSource, MAX_SQUARES, MAX_TEXT_BYTES, Reading,
    cell_to_square, square_to_cell,
};
pub use draw::MAX_DRAWN_SQUARES;
pub use markov::{
    BANDED_MAX_WORK, Chain, ExpectedTurns, GAUSS_SEIDEL_MAX_SWEEPS, GAUSS_SEIDEL_MAX_WORK,
    GAUSS_SEIDEL_TOLERANCE, HistogramBar, LENGTH_TOLERANCE, LENGTH_WORK_BUDGET, LengthDistribution,
    MAX_DENSE_UNKNOWNS, MarkovError, PlayersOutcome, SUGGESTED_MAX_TURNS, SolveMethod,
};
pub use rules::{EndRule, FacesError, MAX_FACES, Rules, Start};
#[cfg(feature = "simulate")]
pub use simulate::{
    PROGRESS_EVERY, Simulation, simulate, simulate_until, simulate_with_progress, t_quantile_975,
};
pub use solve::{Route, Step, roll_move};

/// LeetCode 909 with its signature: the fewest moves from square 1 to square n² of the
/// `n x n` `board` (rows top to bottom, squares boustrophedon from the bottom-left, `-1`
/// plain), or `-1` when n² cannot be reached.
///
/// # Errors
///
/// [`BoardError::NotSquare`] when the rows are not `n` rows of `n` values, else as
/// [`Board::from_matrix`] (where LeetCode's constraints promise valid input, this crate
/// checks it).
///
/// # Examples
///
/// ```
/// let board = vec![vec![-1, -1], vec![-1, 3]];
/// assert_eq!(ladders::snakes_and_ladders(&board)?, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn snakes_and_ladders(board: &[Vec<i32>]) -> Result<i32, BoardError> {
    let n = board.len();
    if let Some(row) = board.iter().find(|row| row.len() != n) {
        return Err(BoardError::NotSquare {
            rows: n,
            cols: row.len(),
        });
    }
    let cells: Vec<i64> = board.iter().flatten().map(|&v| i64::from(v)).collect();
    let grid = grid_core::Grid::from_vec(n, n, cells)
        .map_err(|_| BoardError::NotSquare { rows: n, cols: n })?;
    let rolls = Board::from_matrix(&grid)?.fewest_rolls(&Rules::leetcode());
    Ok(rolls.map_or(-1, |r| i32::try_from(r).unwrap_or(i32::MAX)))
}

/// The jumps of the Milton Bradley "Chutes and Ladders" board (100 squares):
/// ladders 1-38, 4-14, 9-31, 21-42, 28-84, 36-44, 51-67, 71-91, 80-100 and chutes
/// 16-6, 47-26, 49-11, 56-53, 62-19, 64-60, 87-24, 93-73, 95-75, 98-78, as used by
/// Althoen, King and Schilling (1993) and in D. Rusin's "Chutes and Ladders" notes
/// (<http://www.math.niu.edu/~rusin/uses-math/games/chutes/chutes.sum>). Under
/// [`Rules::classic`] its expected length is
/// 225837582538403273407117496273279920181931269186581786048583 /
/// 5757472998140039232950575874628786131130999406013041613400 ≈ 39.2251223 turns
/// (the exact fraction of Althoen et al., as quoted by Futility Closet, 2018).
pub const CHUTES_AND_LADDERS_JUMPS: [(u32, u32); 19] = [
    (1, 38),
    (4, 14),
    (9, 31),
    (16, 6),
    (21, 42),
    (28, 84),
    (36, 44),
    (47, 26),
    (49, 11),
    (51, 67),
    (56, 53),
    (62, 19),
    (64, 60),
    (71, 91),
    (80, 100),
    (87, 24),
    (93, 73),
    (95, 75),
    (98, 78),
];

/// The Milton Bradley "Chutes and Ladders" board ([`CHUTES_AND_LADDERS_JUMPS`]).
pub fn chutes_and_ladders() -> Board {
    let jumps: Vec<(i64, i64)> = CHUTES_AND_LADDERS_JUMPS
        .iter()
        .map(|&(f, t)| (i64::from(f), i64::from(t)))
        .collect();
    // invariant: the constant table is a valid 100-square board (checked by a unit test).
    Board::from_jumps(100, &jumps).unwrap_or_else(|_| unreachable!("valid constant board"))
}
