//! The game as an absorbing Markov chain: expected length, length distribution and
//! several players.
//!
//! States are the squares `0..=N` (0 = off the board); the last square `N` absorbs.
//! From square `s` each roll `1..=faces` has probability `1/faces` and moves the token
//! as [`crate::roll_move`] says. This is the model of S. C. Althoen, L. King and
//! K. Schilling, "How long is a game of Snakes and Ladders?", *The Mathematical
//! Gazette* 77 (478), 1993, pp. 71-76.

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

/// The expected number of turns for one player to reach the last square.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExpectedTurns {
    /// Expected turns from the start.
    pub turns: f64,
    /// How the system was solved.
    pub method: SolveMethod,
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

        // Forward reachability from the start.
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
        // Backward reachability from the last square (reverse CSR).
        let n = last as usize + 1;
        let mut rev_offsets = vec![0usize; n + 1];
        for &(d, _) in &moves {
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
        Chain {
            last,
            faces,
            start,
            offsets,
            moves,
            finishes,
            reachable,
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
    /// no bounce) take one sweep; boards with up to [`MAX_DENSE_UNKNOWNS`] squares
    /// reached by a move down are solved exactly; beyond that Gauss-Seidel runs to a
    /// relative tolerance of [`GAUSS_SEIDEL_TOLERANCE`].
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
        if self.trap().is_some() {
            return Ok(None);
        }
        if self.start == self.last {
            return Ok(Some(ExpectedTurns {
                turns: 0.0,
                method: SolveMethod::Sweep,
            }));
        }
        // Squares some reachable square moves down to.
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
        let m = unknowns.len();
        let squares = self.last as usize + 1;
        let width = m + 1;
        // Rows are kept for the last `faces` squares (a ring: every plain move lands
        // there) and pinned for squares needed later: the targets of longer moves up
        // (ladders), the unknowns themselves and the start.
        let window = self.faces as usize;
        let mut pinned_index = vec![usize::MAX; squares];
        let mut pinned_count = 0;
        let mut pin = |t: u32, pinned_index: &mut Vec<usize>| {
            if t != self.last && pinned_index[t as usize] == usize::MAX {
                pinned_index[t as usize] = pinned_count;
                pinned_count += 1;
            }
        };
        pin(self.start, &mut pinned_index);
        for &d in &unknowns {
            pin(d, &mut pinned_index);
        }
        for s in 0..self.last {
            if self.reachable[s as usize] {
                for &(d, _) in self.moves_of(s) {
                    if d > s && (d - s) as usize > window {
                        pin(d, &mut pinned_index);
                    }
                }
            }
        }
        let stored = (window + pinned_count).saturating_mul(width);
        if m > MAX_DENSE_UNKNOWNS || stored > 40_000_000 {
            return self.gauss_seidel().map(Some);
        }
        let mut ring = vec![0.0f64; window * width];
        let mut pinned = vec![0.0f64; pinned_count * width];
        let k = f64::from(self.faces);
        let mut row = vec![0.0f64; width];
        for s in (0..self.last).rev() {
            if !self.reachable[s as usize] {
                continue;
            }
            row.iter_mut().for_each(|v| *v = 0.0);
            row[0] = k;
            let mut stay = 0u32;
            for &(d, c) in self.moves_of(s) {
                let c64 = f64::from(c);
                if d == s {
                    stay += c;
                } else if d > s {
                    if d != self.last {
                        let other = if (d - s) as usize <= window {
                            let slot = d as usize % window;
                            &ring[slot * width..(slot + 1) * width]
                        } else {
                            let slot = pinned_index[d as usize];
                            &pinned[slot * width..(slot + 1) * width]
                        };
                        for (r, o) in row.iter_mut().zip(other) {
                            *r += c64 * o;
                        }
                    }
                } else {
                    row[1 + unknown_index[d as usize]] += c64;
                }
            }
            // invariant: stay < faces, else s could not reach the last square (no trap).
            let scale = 1.0 / (k - f64::from(stay));
            for r in &mut row {
                *r *= scale;
            }
            let slot = s as usize % window;
            ring[slot * width..(slot + 1) * width].copy_from_slice(&row);
            let p = pinned_index[s as usize];
            if p != usize::MAX {
                pinned[p * width..(p + 1) * width].copy_from_slice(&row);
            }
        }
        let row_of = |s: u32| {
            let p = pinned_index[s as usize];
            &pinned[p * width..(p + 1) * width]
        };
        let value_at = |s: u32, x: &[f64]| -> f64 {
            let row = row_of(s);
            row[0] + row[1..].iter().zip(x).map(|(a, b)| a * b).sum::<f64>()
        };
        if m == 0 {
            return Ok(Some(ExpectedTurns {
                turns: value_at(self.start, &[]),
                method: SolveMethod::Sweep,
            }));
        }
        // (I - B) x = a for the unknowns.
        let mut a = vec![0.0f64; m * m];
        let mut b = vec![0.0f64; m];
        for (i, &d) in unknowns.iter().enumerate() {
            let row = row_of(d);
            b[i] = row[0];
            for j in 0..m {
                a[i * m + j] = -row[1 + j];
            }
            a[i * m + i] += 1.0;
        }
        let x = solve_dense(&mut a, &mut b, m);
        Ok(Some(ExpectedTurns {
            turns: value_at(self.start, &x),
            method: SolveMethod::Elimination { unknowns: m },
        }))
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
        self.gauss_seidel().map(Some)
    }

    fn gauss_seidel(&self) -> Result<ExpectedTurns, MarkovError> {
        let k = f64::from(self.faces);
        let mut e = vec![0.0f64; self.last as usize + 1];
        let mut change = f64::INFINITY;
        let max_sweeps =
            GAUSS_SEIDEL_MAX_SWEEPS.min(GAUSS_SEIDEL_MAX_WORK / self.moves.len().max(1));
        for sweep in 1..=max_sweeps {
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

    /// The distribution of the length of a one-player game, by iterating the chain
    /// turn by turn from the start: O(squares x faces) per turn. Stops when the
    /// probability of a game still running falls to `tolerance` or after `max_turns`
    /// turns, whichever comes first; what is left is [`LengthDistribution::unfinished`].
    /// Probability that flows into a [trap](Chain::trap) is counted in
    /// [`LengthDistribution::never`] at once.
    pub fn length_distribution(&self, tolerance: f64, max_turns: usize) -> LengthDistribution {
        self.length_distribution_with_progress(tolerance, max_turns, &mut |_| {})
    }

    /// [`Chain::length_distribution`], calling `progress(t)` after each turn `t` (for a
    /// progress bar on large boards).
    pub fn length_distribution_with_progress(
        &self,
        tolerance: f64,
        max_turns: usize,
        progress: &mut dyn FnMut(usize),
    ) -> LengthDistribution {
        let n = self.last as usize + 1;
        let mut exactly = vec![0.0f64];
        let mut never = 0.0;
        let mut p = vec![0.0f64; n];
        let mut next = vec![0.0f64; n];
        let mut running = 1.0;
        if self.start == self.last {
            exactly[0] = 1.0;
            running = 0.0;
        } else if !self.finishes[self.start as usize] {
            never = 1.0;
            running = 0.0;
        } else {
            p[self.start as usize] = 1.0;
        }
        let inv = 1.0 / f64::from(self.faces);
        // Squares with mass, kept sparse-ish by scanning a window of active squares.
        while running > tolerance && exactly.len() <= max_turns {
            next.iter_mut().for_each(|v| *v = 0.0);
            for s in 0..self.last {
                let mass = p[s as usize];
                if mass == 0.0 {
                    continue;
                }
                for &(d, c) in self.moves_of(s) {
                    next[d as usize] += mass * f64::from(c) * inv;
                }
            }
            let finished = next[self.last as usize];
            next[self.last as usize] = 0.0;
            let mut lost = 0.0;
            running = 0.0;
            for (s, v) in next.iter_mut().enumerate() {
                if *v != 0.0 && !self.finishes[s] {
                    lost += *v;
                    *v = 0.0;
                }
                running += *v;
            }
            never += lost;
            exactly.push(finished);
            std::mem::swap(&mut p, &mut next);
            progress(exactly.len() - 1);
        }
        LengthDistribution {
            exactly,
            unfinished: running,
            never,
        }
    }
}

/// Solves `a x = b` (`a` is `m x m`, row-major) by Gaussian elimination without
/// pivoting; `a` and `b` are overwritten.
///
/// The system here is `(I - B) x = a` where `B[d][j]` is the probability that, from
/// square `d`, the first move down the board lands on `j`: `B >= 0` with row sums at
/// most 1, and `I - B` is a nonsingular M-matrix for an absorbing chain. Elimination
/// without pivoting is stable on such matrices (every pivot stays positive), which
/// allows eliminating four columns per pass over the remaining rows (a quarter of the
/// memory traffic of one column at a time). A zero pivot (which cannot occur here)
/// leaves that unknown at 0 rather than dividing by zero.
fn solve_dense(a: &mut [f64], b: &mut [f64], m: usize) -> Vec<f64> {
    const PANEL: usize = 4;
    let mut c = 0;
    while c < m {
        let w = PANEL.min(m - c);
        // Eliminate within the panel's rows.
        for k in c..c + w {
            let p = a[k * m + k];
            if p == 0.0 {
                continue;
            }
            for i in k + 1..c + w {
                let f = a[i * m + k] / p;
                if f == 0.0 {
                    continue;
                }
                let (upper, lower) = a.split_at_mut(i * m);
                for (x, y) in lower[k..m].iter_mut().zip(&upper[k * m + k..k * m + m]) {
                    *x -= f * y;
                }
                b[i] -= f * b[k];
            }
        }
        // Apply the panel to every later row in one pass per row.
        let (panel, rest) = a.split_at_mut((c + w) * m);
        let (panel_b, rest_b) = b.split_at_mut(c + w);
        let rows: Vec<&[f64]> = (c..c + w).map(|k| &panel[k * m..k * m + m]).collect();
        for (row, bi) in rest.chunks_exact_mut(m).zip(rest_b.iter_mut()) {
            let mut f = [0.0f64; PANEL];
            let mut head = [0.0f64; PANEL];
            head[..w].copy_from_slice(&row[c..c + w]);
            for k in 0..w {
                let p = rows[k][c + k];
                if p == 0.0 {
                    continue;
                }
                f[k] = head[k] / p;
                for l in k + 1..w {
                    head[l] -= f[k] * rows[k][c + l];
                }
            }
            if f.iter().all(|&v| v == 0.0) {
                continue;
            }
            let tail = &mut row[c + w..];
            if w == PANEL {
                let (r0, r1, r2, r3) = (
                    &rows[0][c + w..],
                    &rows[1][c + w..],
                    &rows[2][c + w..],
                    &rows[3][c + w..],
                );
                for ((((x, y0), y1), y2), y3) in tail.iter_mut().zip(r0).zip(r1).zip(r2).zip(r3) {
                    *x -= f[0] * y0 + f[1] * y1 + f[2] * y2 + f[3] * y3;
                }
            } else {
                for k in 0..w {
                    for (x, y) in tail.iter_mut().zip(&rows[k][c + w..]) {
                        *x -= f[k] * y;
                    }
                }
            }
            for k in 0..w {
                *bi -= f[k] * panel_b[c + k];
            }
            row[c..c + w].iter_mut().for_each(|v| *v = 0.0);
        }
        c += w;
    }
    let mut x = vec![0.0f64; m];
    for i in (0..m).rev() {
        let p = a[i * m + i];
        if p == 0.0 {
            continue;
        }
        let s: f64 = (i + 1..m).map(|j| a[i * m + j] * x[j]).sum();
        x[i] = (b[i] - s) / p;
    }
    x
}

/// The distribution of the number of turns `T` one player needs.
#[derive(Clone, Debug, PartialEq)]
pub struct LengthDistribution {
    /// `exactly[t]` = P(T = t), for `t = 0..exactly.len()`.
    pub exactly: Vec<f64>,
    /// P(the game is still running after the last computed turn, but can still end).
    pub unfinished: f64,
    /// P(the game never ends): the token reached a square from which the last square
    /// cannot be reached.
    pub never: f64,
}

impl LengthDistribution {
    /// P(T <= t).
    pub fn cumulative(&self, t: usize) -> f64 {
        self.exactly.iter().take(t + 1).sum()
    }

    /// P(T > t), computed from the tail (more accurate than `1 - cumulative`).
    pub fn survival(&self, t: usize) -> f64 {
        self.exactly.iter().skip(t + 1).sum::<f64>() + self.unfinished + self.never
    }

    /// The smallest `t` with P(T <= t) >= 1/2, if within the computed turns.
    pub fn median(&self) -> Option<usize> {
        let mut c = 0.0;
        for (t, p) in self.exactly.iter().enumerate() {
            c += p;
            if c >= 0.5 {
                return Some(t);
            }
        }
        None
    }

    /// The most likely length (the smallest if tied), if any game ends.
    pub fn mode(&self) -> Option<usize> {
        let mut best: Option<(usize, f64)> = None;
        for (t, &p) in self.exactly.iter().enumerate() {
            if p > 0.0 && best.is_none_or(|(_, bp)| p > bp) {
                best = Some((t, p));
            }
        }
        best.map(|(t, _)| t)
    }

    /// The shortest possible game and its probability.
    pub fn shortest(&self) -> Option<(usize, f64)> {
        self.exactly
            .iter()
            .enumerate()
            .find(|(_, p)| **p > 0.0)
            .map(|(t, &p)| (t, p))
    }

    /// `sum t P(T = t)` over the computed turns: the expected length when
    /// `unfinished` and `never` are negligible.
    pub fn mean(&self) -> f64 {
        self.exactly
            .iter()
            .enumerate()
            .map(|(t, p)| t as f64 * p)
            .sum()
    }

    /// The game with `players` independent players taking turns in order (player 1
    /// first); the first to reach the last square wins. With `f(t)` = P(T = t) and
    /// `S(t)` = P(T > t): player `i` wins in round `t` with probability
    /// `f(t) S(t)^(i-1) S(t-1)^(players-i)`, and the number of rounds `R` has
    /// P(R > t) = S(t)^players.
    ///
    /// # Panics
    ///
    /// If `players` is 0.
    pub fn players(&self, players: usize) -> PlayersOutcome {
        assert!(players > 0, "a game needs at least one player");
        let k = players as i32;
        let mut survival = Vec::with_capacity(self.exactly.len());
        let mut tail = self.unfinished + self.never;
        for p in self.exactly.iter().rev() {
            survival.push(tail);
            tail += p;
        }
        survival.reverse(); // survival[t] = P(T > t)
        let s = |t: usize| survival[t];
        let mut win = vec![0.0f64; players];
        let mut expected_rounds = 0.0;
        let mut expected_moves = 0.0;
        for t in 0..self.exactly.len() {
            expected_rounds += s(t).powi(k);
            if t == 0 {
                continue;
            }
            let f = self.exactly[t];
            if f == 0.0 {
                continue;
            }
            for (i, w) in win.iter_mut().enumerate() {
                let p = f * s(t).powi(i as i32) * s(t - 1).powi(k - 1 - i as i32);
                *w += p;
                expected_moves += p * ((t - 1) as f64 * f64::from(k) + (i + 1) as f64);
            }
        }
        let endless = self.never > 0.0;
        PlayersOutcome {
            win,
            expected_rounds: (!endless).then_some(expected_rounds),
            expected_moves: (!endless).then_some(expected_moves),
        }
    }
}

/// The result of a game of several players ([`LengthDistribution::players`]).
#[derive(Clone, Debug, PartialEq)]
pub struct PlayersOutcome {
    /// `win[i]` = probability that player `i + 1` wins.
    pub win: Vec<f64>,
    /// Expected number of rounds (each player moving once per round) until someone
    /// wins; `None` when the game may never end.
    pub expected_rounds: Option<f64>,
    /// Expected total number of moves by all players until someone wins.
    pub expected_moves: Option<f64>,
}
