//! Seeded Monte Carlo games (feature `simulate`).

use std::sync::atomic::{AtomicBool, Ordering};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::{Board, Rules};

/// The outcome of [`simulate`].
#[derive(Clone, Debug, PartialEq)]
pub struct Simulation {
    /// Games played.
    pub games: u64,
    /// Games that reached the last square.
    pub finished: u64,
    /// Games stopped at the turn cap without reaching the last square (never silent:
    /// they are left out of the mean and counted here).
    pub capped: u64,
    /// Games stopped because the token reached a square from which the last square
    /// cannot be reached (such a game never ends); left out of the mean.
    pub stuck: u64,
    /// Mean number of turns of the finished games (NaN when none finished).
    pub mean: f64,
    /// Sample standard deviation of the finished games' lengths, in turns (divisor
    /// `finished - 1`); `None` when fewer than two games finished (one game says
    /// nothing of the spread).
    pub std_dev: Option<f64>,
    /// Half-width of the 95% confidence interval of the mean, in turns: Student's
    /// `t` quantile for `finished - 1` degrees of freedom ([`t_quantile_975`]) times
    /// the standard error `std_dev / sqrt(finished)`; `None` when fewer than two games
    /// finished.
    pub ci95: Option<f64>,
    /// The fewest turns any game can take (breadth-first search, as
    /// [`Board::fewest_rolls`]), the floor of [`Simulation::interval95`]; `None` when
    /// the last square cannot be reached.
    pub fewest: Option<u64>,
    /// Shortest finished game, in turns.
    pub min: Option<u64>,
    /// Longest finished game, in turns.
    pub max: Option<u64>,
}

impl Simulation {
    /// The 95% confidence interval of the mean, in turns: `mean ± ci95`, its lower
    /// end raised to [`Simulation::fewest`] (no game is shorter, so neither is the
    /// mean); `None` when fewer than two games finished.
    ///
    /// ```
    /// use ladders::{Board, Rules, simulate};
    /// // One square, exact finish, off the board: only a 1 finishes (6 turns on average).
    /// let board = Board::from_jumps(1, &[])?;
    /// let sim = simulate(&board, &Rules::classic(), 3, 0, 1_000);
    /// let (low, high) = sim.interval95().expect("three games");
    /// assert!(1.0 <= low && low <= high); // no game takes fewer than one turn
    /// assert_eq!(simulate(&board, &Rules::classic(), 1, 0, 1_000).interval95(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn interval95(&self) -> Option<(f64, f64)> {
        let half = self.ci95?;
        let floor = self.fewest.map_or(0.0, |f| f as f64);
        Some(((self.mean - half).max(floor), self.mean + half))
    }

    /// Whether `expected` (the exact expectation, say) lies in the 95% confidence
    /// interval of the mean ([`Simulation::interval95`]); `None` without an interval
    /// (fewer than two games finished).
    ///
    /// ```
    /// use ladders::{Board, Rules, simulate};
    /// let board = Board::from_jumps(1, &[])?; // every game lasts one turn
    /// let sim = simulate(&board, &Rules::classic().with_end(ladders::EndRule::OvershootWins), 10, 0, 5);
    /// assert_eq!(sim.covers(1.0), Some(true));
    /// assert_eq!(sim.covers(1.5), Some(false));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn covers(&self, expected: f64) -> Option<bool> {
        let (low, high) = self.interval95()?;
        Some(low <= expected && expected <= high)
    }
}

/// Two-sided 95% quantiles of Student's t (P(T <= t) = 0.975) for 1 to 30 degrees of
/// freedom, as tabulated in the NIST/SEMATECH e-Handbook of Statistical Methods,
/// section 1.3.6.7.2 (there to three decimals; here to seven, and the tests check each
/// against a numerical integration of the t density).
const T_975: [f64; 30] = [
    12.706_204_7,
    4.302_652_7,
    3.182_446_3,
    2.776_445_1,
    2.570_581_8,
    2.446_911_9,
    2.364_624_3,
    2.306_004_1,
    2.262_157_2,
    2.228_138_9,
    2.200_985_2,
    2.178_812_8,
    2.160_368_7,
    2.144_786_7,
    2.131_449_5,
    2.119_905_3,
    2.109_815_6,
    2.100_922_0,
    2.093_024_1,
    2.085_963_4,
    2.079_613_8,
    2.073_873_1,
    2.068_657_6,
    2.063_898_6,
    2.059_538_6,
    2.055_529_4,
    2.051_830_5,
    2.048_407_1,
    2.045_229_6,
    2.042_272_5,
];

/// The 97.5% quantile of Student's t distribution with `degrees_of_freedom` degrees
/// of freedom (a dimensionless multiplier of the standard error): the table of
/// [NIST/SEMATECH](https://www.itl.nist.gov/div898/handbook/eda/section3/eda3672.htm)
/// up to 30, beyond it the Cornish-Fisher expansion of M. Abramowitz and I. A. Stegun,
/// *Handbook of Mathematical Functions* (1964), formula 26.7.5, about the normal
/// quantile 1.959964 (four terms, within 1e-6 from 30 degrees of freedom up).
///
/// # Panics
///
/// If `degrees_of_freedom` is 0 (no interval comes from one observation).
///
/// # Examples
///
/// ```
/// use ladders::t_quantile_975;
/// assert!((t_quantile_975(1) - 12.706).abs() < 1e-3);
/// assert!((t_quantile_975(10) - 2.228).abs() < 1e-3);
/// assert!((t_quantile_975(100) - 1.984).abs() < 1e-3);
/// assert!((t_quantile_975(u64::MAX) - 1.960).abs() < 1e-3);
/// ```
pub fn t_quantile_975(degrees_of_freedom: u64) -> f64 {
    assert!(
        degrees_of_freedom > 0,
        "a t quantile needs a degree of freedom"
    );
    if let Some(&t) = usize::try_from(degrees_of_freedom - 1)
        .ok()
        .and_then(|i| T_975.get(i))
    {
        return t;
    }
    // A&S 26.7.5: t = x + g1/v + g2/v^2 + g3/v^3 + g4/v^4, x the normal quantile.
    let x = 1.959_963_984_540_054_f64;
    let v = degrees_of_freedom as f64;
    let (x2, x3) = (x * x, x * x * x);
    let (x5, x7, x9) = (x3 * x2, x3 * x2 * x2, x3 * x3 * x3);
    let g1 = (x3 + x) / 4.0;
    let g2 = (5.0 * x5 + 16.0 * x3 + 3.0 * x) / 96.0;
    let g3 = (3.0 * x7 + 19.0 * x5 + 17.0 * x3 - 15.0 * x) / 384.0;
    let g4 = (79.0 * x9 + 776.0 * x7 + 1482.0 * x5 - 1920.0 * x3 - 945.0 * x) / 92_160.0;
    x + (g1 + (g2 + (g3 + g4 / v) / v) / v) / v
}

/// Plays `games` one-player games with a die driven by ChaCha8 seeded with `seed`
/// (the same seed gives the same games on every platform), each for at most
/// `max_turns` turns. A game that enters a square from which the last square cannot be
/// reached is stopped at once and counted in [`Simulation::stuck`].
///
/// # Examples
///
/// ```
/// use ladders::{Board, Rules, simulate};
/// let board = Board::from_jumps(7, &[])?;
/// let sim = simulate(&board, &Rules::classic(), 1000, 42, 1_000_000);
/// assert_eq!(sim.finished, 1000);
/// assert!((sim.mean - 7.0).abs() < 4.0 * sim.ci95.expect("1000 games"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn simulate(board: &Board, rules: &Rules, games: u64, seed: u64, max_turns: u64) -> Simulation {
    simulate_with_progress(board, rules, games, seed, max_turns, &mut |_| {})
}

/// Games played between two calls of a [`simulate_with_progress`] callback.
pub const PROGRESS_EVERY: u64 = 1 << 14;

/// [`simulate`], calling `progress(games_played)` after every [`PROGRESS_EVERY`]
/// games and after the last: the same games, the same [`Simulation`].
///
/// # Examples
///
/// ```
/// use ladders::{Board, Rules, simulate, simulate_with_progress};
/// let board = Board::from_jumps(7, &[])?;
/// let mut seen = Vec::new();
/// let sim = simulate_with_progress(&board, &Rules::classic(), 40_000, 42, 1_000, &mut |n| seen.push(n));
/// assert_eq!(seen, [16_384, 32_768, 40_000]);
/// assert_eq!(sim, simulate(&board, &Rules::classic(), 40_000, 42, 1_000));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn simulate_with_progress(
    board: &Board,
    rules: &Rules,
    games: u64,
    seed: u64,
    max_turns: u64,
    progress: &mut dyn FnMut(u64),
) -> Simulation {
    simulate_until(
        board,
        rules,
        games,
        seed,
        max_turns,
        progress,
        &AtomicBool::new(false),
    )
}

/// [`simulate_with_progress`] that stops early once `stop` is set (checked before each
/// game; a game under way is played to its end): the cancellation hook of a caller that
/// may be interrupted (Ctrl-C in the `gridsolve` binary). The [`Simulation`] is then
/// that of the games played, [`Simulation::games`] of them, the first games of the
/// same seed: the figures of a shorter run, exactly as if `games` had been that number.
///
/// # Examples
///
/// ```
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use ladders::{Board, Rules, simulate, simulate_until};
/// let board = Board::from_jumps(7, &[])?;
/// let stop = AtomicBool::new(false);
/// // Stopped after the first progress report, at game 16,384 of a billion.
/// let sim = simulate_until(&board, &Rules::classic(), 1_000_000_000, 42, 1_000, &mut |_| {
///     stop.store(true, Ordering::Relaxed)
/// }, &stop);
/// assert_eq!(sim.games, 16_384);
/// assert_eq!(sim, simulate(&board, &Rules::classic(), 16_384, 42, 1_000));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn simulate_until(
    board: &Board,
    rules: &Rules,
    games: u64,
    seed: u64,
    max_turns: u64,
    progress: &mut dyn FnMut(u64),
    stop: &AtomicBool,
) -> Simulation {
    let chain = crate::Chain::new(board, rules);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let last = board.squares();
    let start = rules.start().square().min(last);
    let faces = rules.faces();
    let (mut finished, mut capped, mut stuck) = (0u64, 0u64, 0u64);
    let (mut mean, mut m2) = (0.0f64, 0.0f64);
    let (mut min, mut max): (Option<u64>, Option<u64>) = (None, None);
    let mut played = 0;
    for game in 0..games {
        if game > 0 && game % PROGRESS_EVERY == 0 {
            progress(game);
        }
        if stop.load(Ordering::Relaxed) {
            break;
        }
        played = game + 1;
        let mut at = start;
        let mut turns = 0u64;
        while at != last && turns < max_turns && chain.can_finish(at) {
            let roll = rng.random_range(1..=faces);
            if let Some((_, to)) = crate::roll_move(board, rules, at, roll) {
                at = to;
            }
            turns += 1;
        }
        if at != last {
            if chain.can_finish(at) {
                capped += 1;
            } else {
                stuck += 1;
            }
            continue;
        }
        finished += 1;
        let x = turns as f64;
        let delta = x - mean;
        mean += delta / finished as f64;
        m2 += delta * (x - mean);
        min = Some(min.map_or(turns, |m| m.min(turns)));
        max = Some(max.map_or(turns, |m| m.max(turns)));
    }
    let games = played;
    if games > 0 {
        progress(games);
    }
    let std_dev = (finished > 1).then(|| (m2 / (finished - 1) as f64).sqrt());
    let ci95 = std_dev.map(|s| t_quantile_975(finished - 1) * s / (finished as f64).sqrt());
    Simulation {
        games,
        finished,
        capped,
        stuck,
        mean: if finished > 0 { mean } else { f64::NAN },
        std_dev,
        ci95,
        fewest: board.fewest_rolls(rules).map(|r| r as u64),
        min,
        max,
    }
}
