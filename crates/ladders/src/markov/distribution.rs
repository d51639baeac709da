//! The length of a game: its distribution, the figures read from it, and several
//! players.

use super::LENGTH_TOLERANCE;

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

    /// The `q`-quantile of the length: the smallest `t` with P(T <= t) >= `q`, if
    /// within the computed turns (`None` when the games that end within
    /// `exactly.len() - 1` turns are less likely than `q`). `q` is a probability in
    /// `0..=1`; a `q` of 0 gives turn 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladders::LengthDistribution;
    /// // P(T = t) = 2^-t for t >= 1 (a geometric length).
    /// let exactly = (0..=10).map(|t| if t == 0 { 0.0 } else { 0.5f64.powi(t) }).collect();
    /// let dist = LengthDistribution { exactly, unfinished: 0.5f64.powi(10), never: 0.0 };
    /// assert_eq!(dist.quantile(0.5), Some(1));
    /// assert_eq!(dist.quantile(0.9), Some(4)); // 1 - 2^-4 = 0.9375 >= 0.9 > 1 - 2^-3
    /// assert_eq!(dist.quantile(1.0), None);
    /// ```
    pub fn quantile(&self, q: f64) -> Option<usize> {
        let mut c = 0.0;
        for (t, p) in self.exactly.iter().enumerate() {
            c += p;
            if c >= q {
                return Some(t);
            }
        }
        None
    }

    /// The median length: the smallest `t` with P(T <= t) >= 1/2, if within the
    /// computed turns ([`LengthDistribution::quantile`] of 0.5).
    pub fn median(&self) -> Option<usize> {
        self.quantile(0.5)
    }

    /// The last turn computed, `exactly.len() - 1`: [`LengthDistribution::unfinished`]
    /// is the probability of a game still running after it.
    pub fn last_turn(&self) -> usize {
        self.exactly.len().saturating_sub(1)
    }

    /// P(T <= t) for every computed `t` (`exactly`'s running sums), in one pass.
    pub fn cumulative_all(&self) -> Vec<f64> {
        self.exactly
            .iter()
            .scan(0.0, |c, p| {
                *c += p;
                Some(*c)
            })
            .collect()
    }

    /// The distribution in at most `max_bars` bars of equal width (in turns), from the
    /// shortest game to the 99th percentile (to the last computed turn when that is not
    /// reached): each bar holds P(`first <= T <= last`). Empty when no game ends within
    /// the computed turns.
    ///
    /// # Panics
    ///
    /// If `max_bars` is 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladders::{HistogramBar, LengthDistribution};
    /// let dist = LengthDistribution { exactly: vec![0.0, 0.0, 0.5, 0.25, 0.25], unfinished: 0.0, never: 0.0 };
    /// let bars = dist.histogram(2);
    /// assert_eq!(bars, [
    ///     HistogramBar { first: 2, last: 3, probability: 0.75 },
    ///     HistogramBar { first: 4, last: 4, probability: 0.25 },
    /// ]);
    /// ```
    pub fn histogram(&self, max_bars: usize) -> Vec<HistogramBar> {
        assert!(max_bars > 0, "a histogram needs at least one bar");
        let Some((first, _)) = self.shortest() else {
            return Vec::new();
        };
        let last = self.quantile(0.99).unwrap_or(self.last_turn()).max(first);
        let width = (last - first + 1).div_ceil(max_bars);
        (first..=last)
            .step_by(width)
            .map(|lo| {
                let hi = (lo + width - 1).min(last);
                HistogramBar {
                    first: lo,
                    last: hi,
                    probability: self.exactly[lo..=hi].iter().sum(),
                }
            })
            .collect()
    }

    /// The most likely length (the smallest if tied), if any game ends and the
    /// computed turns settle it: `None` when [`LengthDistribution::unfinished`] (the
    /// games longer than the last computed turn) exceeds the probability of the most
    /// likely computed length, since one of the longer lengths could then be more
    /// likely. No single longer length holds more than `unfinished`, so otherwise the
    /// mode is exact.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladders::LengthDistribution;
    /// let dist = LengthDistribution { exactly: vec![0.0, 0.3, 0.2], unfinished: 0.5, never: 0.0 };
    /// assert_eq!(dist.mode(), None); // turn 3 or later may hold up to 0.5
    /// let dist = LengthDistribution { exactly: vec![0.0, 0.5, 0.3], unfinished: 0.2, never: 0.0 };
    /// assert_eq!(dist.mode(), Some(1));
    /// ```
    pub fn mode(&self) -> Option<usize> {
        let mut best: Option<(usize, f64)> = None;
        for (t, &p) in self.exactly.iter().enumerate() {
            if p > 0.0 && best.is_none_or(|(_, bp)| p > bp) {
                best = Some((t, p));
            }
        }
        best.filter(|&(_, p)| p >= self.unfinished).map(|(t, _)| t)
    }

    /// The shortest possible game and its probability.
    pub fn shortest(&self) -> Option<(usize, f64)> {
        self.exactly
            .iter()
            .enumerate()
            .find(|(_, p)| **p > 0.0)
            .map(|(t, &p)| (t, p))
    }

    /// `sum t P(T = t)` over the computed turns, in turns: the expected length when
    /// `unfinished` and `never` are negligible, else only the part of it from the
    /// games that end within the computed turns (a lower bound). The expectation
    /// itself, whatever the cut, is [`crate::Chain::expected_turns`].
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
    /// Every figure depends on the whole distribution: when it was cut short (more
    /// than [`LENGTH_TOLERANCE`] of [`PlayersOutcome::undecided`] left at the last
    /// computed turn), the win chances and the expectations are `None`, never the
    /// partial sums of the computed turns (which would understate them all).
    ///
    /// # Panics
    ///
    /// If `players` is 0.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladders::LengthDistribution;
    /// // Every game ends in one turn or two, equally likely.
    /// let whole = LengthDistribution { exactly: vec![0.0, 0.5, 0.5], unfinished: 0.0, never: 0.0 };
    /// let two = whole.players(2);
    /// // Player 1 wins in round 1 (1/2), or in round 2 after both missed (1/4).
    /// assert_eq!(two.win, Some(vec![0.75, 0.25]));
    /// assert_eq!(two.expected_rounds, Some(1.25));
    /// // Cut after turn 1: half the games are still running, a quarter of the rounds.
    /// let cut = LengthDistribution { exactly: vec![0.0, 0.5], unfinished: 0.5, never: 0.0 };
    /// let two = cut.players(2);
    /// assert_eq!((two.win, two.expected_rounds, two.undecided), (None, None, 0.25));
    /// ```
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
        // No one has won after the last computed turn, yet some player still can:
        // every player still running or trapped, less every player trapped.
        let undecided = ((self.unfinished + self.never).powi(k) - self.never.powi(k)).max(0.0);
        let whole = undecided <= LENGTH_TOLERANCE;
        let ends = whole && self.never == 0.0;
        PlayersOutcome {
            win: whole.then_some(win),
            undecided,
            expected_rounds: ends.then_some(expected_rounds),
            expected_moves: ends.then_some(expected_moves),
        }
    }
}

/// One bar of [`LengthDistribution::histogram`]: the games lasting `first..=last` turns.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HistogramBar {
    /// The shortest length in the bar, in turns.
    pub first: usize,
    /// The longest length in the bar, in turns (`first` for a bar of one length).
    pub last: usize,
    /// P(`first <= T <= last`).
    pub probability: f64,
}

/// The result of a game of several players ([`LengthDistribution::players`]).
#[derive(Clone, Debug, PartialEq)]
pub struct PlayersOutcome {
    /// `win[i]` = probability that player `i + 1` wins; `None` when the distribution
    /// was cut short (`undecided` above [`LENGTH_TOLERANCE`]), as the games that
    /// last longer decide the rest.
    pub win: Option<Vec<f64>>,
    /// P(no player has won by the last computed turn, yet one still can): the part
    /// of the game the distribution leaves out. Nothing more than rounding when the
    /// distribution ran to its tolerance.
    pub undecided: f64,
    /// Expected number of rounds (each player moving once per round) until someone
    /// wins; `None` when the game may never end or the distribution was cut short.
    pub expected_rounds: Option<f64>,
    /// Expected total number of moves by all players until someone wins; `None` as
    /// for `expected_rounds`.
    pub expected_moves: Option<f64>,
}
