//! The game as an absorbing Markov chain: expected length, length distribution and
//! several players.
//!
//! States are the squares `0..=N` (0 = off the board); the last square `N` absorbs.
//! From square `s` each roll `1..=faces` has probability `1/faces` and moves the token
//! as [`crate::roll_move`] says. This is the model of S. C. Althoen, L. King and
//! K. Schilling, "How long is a game of Snakes and Ladders?", *The Mathematical
//! Gazette* 77 (478), 1993, pp. 71-76.

mod banded;
mod dense;
mod distribution;
mod length;

pub use distribution::{HistogramBar, LengthDistribution, PlayersOutcome};

use std::sync::atomic::{AtomicBool, Ordering};

use crate::{Board, Rules};

/// Why an expectation could not be computed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum MarkovError {
    /// The iterative method did not reach its tolerance within its sweep limit.
    #[error(
        "the iterative solver did not converge within {sweeps} sweeps (last change {change:e})"
    )]
    NotConverged {
        /// Sweeps done.
        sweeps: usize,
        /// Largest relative change in the last sweep.
        change: f64,
    },
    /// The stop flag of [`Chain::expected_turns_until`] was set before the iterative
    /// method finished.
    #[error("stopped after {sweeps} sweeps of the iterative solver, before it converged")]
    Stopped {
        /// Sweeps done.
        sweeps: usize,
    },
}

/// A numerical failure is about no place in the input.
impl grid_core::Positioned for MarkovError {}

/// How [`Chain::expected_turns`] solved the linear system.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveMethod {
    /// No move leads to a lower square: one exact sweep from the last square down.
    Sweep,
    /// Exact elimination: a sweep from the last square down expresses every expectation
    /// in terms of the `unknowns` squares that some move leads back to (snake tails,
    /// bounce squares), then a dense Gaussian elimination (an M-matrix, no pivoting
    /// needed) solves for those. Exact up to floating-point rounding.
    Elimination {
        /// The number of back-reached squares solved for densely.
        unknowns: usize,
    },
    /// Exact elimination in a band: every move leads at most `lower` squares down and
    /// `upper` squares up the board (short snakes and ladders, however many), so
    /// Gaussian elimination without pivoting on the whole system stays inside the band
    /// and costs O(squares x lower x upper). Picked over [`SolveMethod::Elimination`]
    /// when it is cheaper (boards dense with short snakes). Exact up to floating-point
    /// rounding.
    Banded {
        /// The farthest a move leads down the board, in squares.
        lower: usize,
        /// The farthest a move leads up the board, in squares.
        upper: usize,
    },
    /// Gauss-Seidel sweeps (from the last square down) until no expectation changes by
    /// more than [`GAUSS_SEIDEL_TOLERANCE`] relative; used when there are too many
    /// back-reached squares for the dense elimination.
    GaussSeidel {
        /// Sweeps done.
        sweeps: usize,
    },
}

/// Relative change at which the Gauss-Seidel fallback stops.
pub const GAUSS_SEIDEL_TOLERANCE: f64 = 1e-13;
/// Sweep limit of the Gauss-Seidel fallback.
pub const GAUSS_SEIDEL_MAX_SWEEPS: usize = 200_000;
/// Work limit of the Gauss-Seidel fallback, in moves examined (sweeps x moves per
/// sweep), so a huge board gives up in tens of seconds instead of hours.
pub const GAUSS_SEIDEL_MAX_WORK: usize = 20_000_000_000;
/// The most back-reached squares solved by dense elimination.
pub const MAX_DENSE_UNKNOWNS: usize = 3000;
/// The most multiply-adds of the banded elimination (squares x lower x upper), about
/// ten seconds; beyond it (and beyond [`MAX_DENSE_UNKNOWNS`]) Gauss-Seidel runs.
pub const BANDED_MAX_WORK: usize = 10_000_000_000;
/// The most `f64`s an exact method keeps (320 MB).
const MAX_STORED: usize = 40_000_000;
/// The probability of a still-running game at which a length distribution may stop
/// (the `tolerance` of [`Chain::length_distribution`] the `gridsolve` CLI uses): a
/// larger [`LengthDistribution::unfinished`] means the turn limit cut it short.
pub const LENGTH_TOLERANCE: f64 = 1e-12;
/// The turn limit of [`Chain::suggested_max_turns`] on boards small enough.
pub const SUGGESTED_MAX_TURNS: usize = 10_000;
/// The work budget of [`Chain::suggested_max_turns`], in square-rolls (squares x faces
/// per turn): about a minute of [`Chain::length_distribution`].
pub const LENGTH_WORK_BUDGET: u64 = 2_000_000_000;

/// The expected number of turns for one player to reach the last square.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExpectedTurns {
    /// Expected turns from the start; [`f64::INFINITY`] when the expectation is
    /// finite but beyond the largest `f64` (about 1.8·10³⁰⁸: a board where finishing
    /// is all but impossible, yet every game ends with probability 1). See
    /// [`ExpectedTurns::is_too_large`].
    pub turns: f64,
    /// How the system was solved.
    pub method: SolveMethod,
}

impl ExpectedTurns {
    /// Whether the expectation is too large to represent as an `f64` (`turns` is
    /// infinite, though every game ends).
    pub fn is_too_large(&self) -> bool {
        self.turns.is_infinite()
    }

    /// This answer with a result that left `f64`'s range written as infinity. Every
    /// method adds and multiplies non-negative numbers only, so a non-finite result
    /// (infinity, or NaN from infinity times a zero weight) means an overflow.
    fn overflow_as_infinity(self) -> ExpectedTurns {
        if self.turns.is_finite() {
            self
        } else {
            ExpectedTurns {
                turns: f64::INFINITY,
                ..self
            }
        }
    }
}

/// The transition structure of a board under some rules.
#[derive(Clone, Debug)]
pub struct Chain {
    last: u32,
    faces: u32,
    start: u32,
    /// CSR: moves of square `s` are `moves[offsets[s]..offsets[s + 1]]`, as
    /// `(destination, number of rolls)`, sorted by destination; `s` in `0..last`.
    offsets: Vec<usize>,
    moves: Vec<(u32, u32)>,
    /// Squares from which the last square can be reached.
    finishes: Vec<bool>,
    /// Squares reachable from the start.
    reachable: Vec<bool>,
    /// The rules the chain was built for.
    rules: Rules,
    /// `dest[t]`: where landing on square `t` leaves the token (`0..=last`).
    dest: Vec<u32>,
    /// The squares `t` with `dest[t] != t`, ascending.
    jump_squares: Vec<u32>,
}

impl Chain {
    /// Builds the chain of `board` under `rules`: O(squares x faces).
    pub fn new(board: &Board, rules: &Rules) -> Chain {
        let last = board.squares();
        let faces = rules.faces();
        let start = rules.start().square().min(last);
        let mut offsets = Vec::with_capacity(last as usize + 1);
        let mut moves = Vec::with_capacity(last as usize * (faces as usize).min(8));
        let mut scratch = Vec::with_capacity(faces as usize);
        for s in 0..last {
            offsets.push(moves.len());
            scratch.clear();
            for roll in 1..=faces {
                let to = crate::roll_move(board, rules, s, roll).map_or(s, |(_, to)| to);
                scratch.push(to);
            }
            scratch.sort_unstable();
            let mut i = 0;
            while i < scratch.len() {
                let d = scratch[i];
                let mut j = i;
                while j < scratch.len() && scratch[j] == d {
                    j += 1;
                }
                moves.push((d, (j - i) as u32));
                i = j;
            }
        }
        offsets.push(moves.len());

        let dest: Vec<u32> = (0..=last).map(|t| board.after_jump(t)).collect();
        let jump_squares = (0..=last).filter(|&t| dest[t as usize] != t).collect();
        let reachable = reachable_from(start, last, &offsets, &moves);
        let finishes = finishing(last, &offsets, &moves);
        Chain {
            last,
            faces,
            start,
            offsets,
            moves,
            finishes,
            reachable,
            rules: *rules,
            dest,
            jump_squares,
        }
    }

    /// The last square.
    pub fn last(&self) -> u32 {
        self.last
    }

    /// The start square.
    pub fn start(&self) -> u32 {
        self.start
    }

    /// A turn limit for [`Chain::length_distribution`] on this chain:
    /// [`SUGGESTED_MAX_TURNS`], fewer (down to 100) on boards so large that each turn's
    /// squares x faces moves would exceed [`LENGTH_WORK_BUDGET`] in all.
    ///
    /// ```
    /// use ladders::{Board, Chain, Rules};
    /// let small = Chain::new(&Board::from_jumps(100, &[])?, &Rules::classic());
    /// assert_eq!(small.suggested_max_turns(), 10_000);
    /// let large = Chain::new(&Board::from_jumps(1_000_000, &[])?, &Rules::classic());
    /// assert_eq!(large.suggested_max_turns(), 333); // 2e9 / (1e6 squares x 6 faces)
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn suggested_max_turns(&self) -> usize {
        let work = u64::from(self.last) * u64::from(self.faces);
        (LENGTH_WORK_BUDGET / work.max(1)).clamp(100, SUGGESTED_MAX_TURNS as u64) as usize
    }

    fn moves_of(&self, s: u32) -> &[(u32, u32)] {
        &self.moves[self.offsets[s as usize]..self.offsets[s as usize + 1]]
    }

    /// Whether the last square can be reached from `square` (false for squares past
    /// the end).
    pub fn can_finish(&self, square: u32) -> bool {
        self.finishes.get(square as usize).copied().unwrap_or(false)
    }

    /// A square the token can reach from the start but from which the last square can
    /// never be reached (so the game may go on forever), the lowest such; `None` when
    /// every game ends with probability 1.
    pub fn trap(&self) -> Option<u32> {
        (0..=self.last).find(|&s| self.reachable[s as usize] && !self.finishes[s as usize])
    }

    /// The expected number of turns for one player from the start to the last square,
    /// or `Ok(None)` when the game can go on forever ([`Chain::trap`]).
    ///
    /// The expectations satisfy `E[N] = 0` and
    /// `E[s] = 1 + (1/faces) * sum over rolls of E[move(s, roll)]`; see [`SolveMethod`]
    /// for how the system is solved. Boards whose moves never lead down (no snakes,
    /// no bounce) take one sweep; the others are solved exactly by the cheaper of the
    /// banded elimination (within [`BANDED_MAX_WORK`]) and the dense elimination (up
    /// to [`MAX_DENSE_UNKNOWNS`] squares reached by a move down); beyond both,
    /// Gauss-Seidel runs to a relative tolerance of [`GAUSS_SEIDEL_TOLERANCE`].
    ///
    /// # Errors
    ///
    /// [`MarkovError::NotConverged`] when Gauss-Seidel does not meet its tolerance
    /// within [`GAUSS_SEIDEL_MAX_SWEEPS`] sweeps (or [`GAUSS_SEIDEL_MAX_WORK`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladders::{Board, Chain, Rules};
    /// // Seven empty squares, a roll past the end wins. From square 7 - j (j <= 7) the
    /// // expected number of turns is (7/6)^(j-1), so from off the board it is (7/6)^6.
    /// let board = Board::from_jumps(7, &[])?;
    /// let rules = Rules::classic().with_end(ladders::EndRule::OvershootWins);
    /// let e = Chain::new(&board, &rules).expected_turns()?.expect("the game ends");
    /// assert!((e.turns - (7.0f64 / 6.0).powi(6)).abs() < 1e-12);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn expected_turns(&self) -> Result<Option<ExpectedTurns>, MarkovError> {
        self.expected_turns_until(&AtomicBool::new(false), &mut |_, _| {})
    }

    /// [`Chain::expected_turns`] that the caller can watch and stop: when the system is
    /// solved by Gauss-Seidel (the one method whose time is not bounded by a small
    /// power of the board: tens of seconds on a board of a million squares), it calls
    /// `progress(sweep, most_sweeps)` after each sweep and looks at `stop` before each;
    /// the exact methods run to their end.
    ///
    /// # Errors
    ///
    /// As for [`Chain::expected_turns`], and [`MarkovError::Stopped`] once `stop` is set
    /// during Gauss-Seidel.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use ladders::{Board, Chain, Rules};
    /// let board = Board::from_jumps(100, &[(98, 2)])?;
    /// let chain = Chain::new(&board, &Rules::classic());
    /// let go = AtomicBool::new(false);
    /// let e = chain.expected_turns_until(&go, &mut |_, _| {})?.expect("the game ends");
    /// assert_eq!(Some(e), chain.expected_turns()?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn expected_turns_until(
        &self,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<Option<ExpectedTurns>, MarkovError> {
        if let Some(settled) = self.settled() {
            return Ok(settled);
        }
        let (unknowns, unknown_index) = self.back_reached();
        let m = unknowns.len();
        let rows = self.last as usize;
        // The dense elimination sweeps every square against m + 1 columns, then
        // eliminates m unknowns; the banded one costs rows x lower x upper.
        let band = (m > 0).then(|| self.band());
        let dense_work = rows.saturating_mul(m + 1).saturating_add(m.pow(3) / 3);
        let dense_fits = m <= MAX_DENSE_UNKNOWNS;
        if let Some(band) = band
            && band.storage(rows) <= MAX_STORED
            && band.work(rows) <= BANDED_MAX_WORK
            && (!dense_fits || band.work(rows) < dense_work)
        {
            return Ok(Some(self.banded(band).overflow_as_infinity()));
        }
        // The dense elimination only where its answer is used: past MAX_DENSE_UNKNOWNS
        // its sweep alone (squares x unknowns) could take longer than Gauss-Seidel.
        if dense_fits && let Some(e) = self.elimination(&unknowns, &unknown_index) {
            return Ok(Some(e.overflow_as_infinity()));
        }
        self.gauss_seidel(stop, progress).map(Some)
    }

    /// The expected number of turns by the banded elimination alone (one of the
    /// methods [`Chain::expected_turns`] picks from, see [`SolveMethod::Banded`]);
    /// `None` when the game can go on forever. For tests and benchmarks: it takes
    /// O(squares x (lower + upper)) memory whatever the band.
    pub fn expected_turns_banded(&self) -> Option<ExpectedTurns> {
        if let Some(settled) = self.settled() {
            return settled;
        }
        Some(self.banded(self.band()).overflow_as_infinity())
    }

    /// The expected number of turns by the sweep and dense elimination alone (the
    /// reference the other methods are tested against, see
    /// [`SolveMethod::Elimination`]), whatever the number of unknowns; `None` when the
    /// game can go on forever or when its rows would hold more than 4·10⁷ numbers.
    pub fn expected_turns_dense(&self) -> Option<ExpectedTurns> {
        if let Some(settled) = self.settled() {
            return settled;
        }
        let (unknowns, unknown_index) = self.back_reached();
        self.elimination(&unknowns, &unknown_index)
            .map(ExpectedTurns::overflow_as_infinity)
    }

    /// The expectation when no system needs solving: `Some(None)` when the game may
    /// never end ([`Chain::trap`]), 0 turns from the last square; `None` otherwise.
    fn settled(&self) -> Option<Option<ExpectedTurns>> {
        if self.trap().is_some() {
            return Some(None);
        }
        (self.start == self.last).then_some(Some(ExpectedTurns {
            turns: 0.0,
            method: SolveMethod::Sweep,
        }))
    }

    fn banded(&self, band: banded::Band) -> ExpectedTurns {
        let e = self.solve_banded(band);
        ExpectedTurns {
            turns: e[self.start as usize],
            method: SolveMethod::Banded {
                lower: band.lower,
                upper: band.upper,
            },
        }
    }

    /// The squares some reachable square moves down to (snake tails, bounce squares):
    /// the unknowns of the dense system, sorted, and each square's index among them
    /// (`usize::MAX` for the other squares).
    fn back_reached(&self) -> (Vec<u32>, Vec<usize>) {
        let mut unknown_index = vec![usize::MAX; self.last as usize + 1];
        let mut unknowns: Vec<u32> = Vec::new();
        for s in 0..self.last {
            if !self.reachable[s as usize] {
                continue;
            }
            for &(d, _) in self.moves_of(s) {
                if d < s && unknown_index[d as usize] == usize::MAX {
                    unknown_index[d as usize] = 0;
                    unknowns.push(d);
                }
            }
        }
        unknowns.sort_unstable();
        for (i, &d) in unknowns.iter().enumerate() {
            unknown_index[d as usize] = i;
        }
        (unknowns, unknown_index)
    }

    /// The expected number of turns by Gauss-Seidel alone (the fallback of
    /// [`Chain::expected_turns`] for many back-reached squares), to a relative
    /// tolerance of [`GAUSS_SEIDEL_TOLERANCE`]; `Ok(None)` when the game can go on
    /// forever.
    ///
    /// # Errors
    ///
    /// [`MarkovError::NotConverged`] after [`GAUSS_SEIDEL_MAX_SWEEPS`] sweeps or
    /// [`GAUSS_SEIDEL_MAX_WORK`] moves examined, whichever comes first.
    pub fn expected_turns_gauss_seidel(&self) -> Result<Option<ExpectedTurns>, MarkovError> {
        if self.trap().is_some() {
            return Ok(None);
        }
        self.gauss_seidel(&AtomicBool::new(false), &mut |_, _| {})
            .map(Some)
    }

    fn gauss_seidel(
        &self,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<ExpectedTurns, MarkovError> {
        let k = f64::from(self.faces);
        let mut e = vec![0.0f64; self.last as usize + 1];
        let mut change = f64::INFINITY;
        let max_sweeps =
            GAUSS_SEIDEL_MAX_SWEEPS.min(GAUSS_SEIDEL_MAX_WORK / self.moves.len().max(1));
        for sweep in 1..=max_sweeps {
            if stop.load(Ordering::Relaxed) {
                return Err(MarkovError::Stopped { sweeps: sweep - 1 });
            }
            change = 0.0;
            for s in (0..self.last).rev() {
                if !self.reachable[s as usize] {
                    continue;
                }
                let mut sum = k;
                let mut stay = 0u32;
                for &(d, c) in self.moves_of(s) {
                    if d == s {
                        stay += c;
                    } else {
                        sum += f64::from(c) * e[d as usize];
                    }
                }
                let new = sum / (k - f64::from(stay));
                let rel = (new - e[s as usize]).abs() / new.abs().max(1.0);
                change = change.max(rel);
                e[s as usize] = new;
            }
            progress(sweep, max_sweeps);
            if change <= GAUSS_SEIDEL_TOLERANCE {
                return Ok(ExpectedTurns {
                    turns: e[self.start as usize],
                    method: SolveMethod::GaussSeidel { sweeps: sweep },
                });
            }
        }
        Err(MarkovError::NotConverged {
            sweeps: max_sweeps,
            change,
        })
    }
}

/// `reachable[s]`: whether square `s` can be reached from `start` (depth-first over the
/// CSR moves of squares `0..last`; the last square has no moves).
fn reachable_from(start: u32, last: u32, offsets: &[usize], moves: &[(u32, u32)]) -> Vec<bool> {
    let mut reachable = vec![false; last as usize + 1];
    reachable[start as usize] = true;
    let mut stack = vec![start];
    while let Some(s) = stack.pop() {
        if s == last {
            continue;
        }
        for &(d, _) in &moves[offsets[s as usize]..offsets[s as usize + 1]] {
            if !reachable[d as usize] {
                reachable[d as usize] = true;
                stack.push(d);
            }
        }
    }
    reachable
}

/// `finishes[s]`: whether the last square can be reached from square `s` (depth-first
/// from the last square over the reversed moves, built as a second CSR).
fn finishing(last: u32, offsets: &[usize], moves: &[(u32, u32)]) -> Vec<bool> {
    let n = last as usize + 1;
    let mut rev_offsets = vec![0usize; n + 1];
    for &(d, _) in moves {
        rev_offsets[d as usize + 1] += 1;
    }
    for i in 0..n {
        rev_offsets[i + 1] += rev_offsets[i];
    }
    let mut fill = rev_offsets.clone();
    let mut rev = vec![0u32; moves.len()];
    for s in 0..last as usize {
        for &(d, _) in &moves[offsets[s]..offsets[s + 1]] {
            rev[fill[d as usize]] = s as u32;
            fill[d as usize] += 1;
        }
    }
    let mut finishes = vec![false; n];
    finishes[last as usize] = true;
    let mut stack = vec![last];
    while let Some(d) = stack.pop() {
        for &s in &rev[rev_offsets[d as usize]..rev_offsets[d as usize + 1]] {
            if !finishes[s as usize] {
                finishes[s as usize] = true;
                stack.push(s);
            }
        }
    }
    finishes
}
