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
    /// Mean number of turns of the finished games.
    pub mean: f64,
    /// Sample standard deviation of the finished games' lengths.
    pub std_dev: f64,
    /// Half-width of the 95% confidence interval of the mean (1.96 standard errors,
    /// the normal approximation, sound for the thousands of games used in practice).
    pub ci95: f64,
    /// Shortest finished game, in turns.
    pub min: Option<u64>,
    /// Longest finished game, in turns.
    pub max: Option<u64>,
}

impl Simulation {
    /// The 95% confidence interval of the mean, `(mean - ci95, mean + ci95)`
    /// (NaN bounds when no game finished).
    pub fn interval95(&self) -> (f64, f64) {
        (self.mean - self.ci95, self.mean + self.ci95)
    }

    /// Whether `expected` (the exact expectation, say) lies in the 95% confidence
    /// interval of the mean; false when no game finished.
    ///
    /// ```
    /// use ladders::{Board, Rules, simulate};
    /// let board = Board::from_jumps(1, &[])?; // every game lasts one turn
    /// let sim = simulate(&board, &Rules::classic().with_end(ladders::EndRule::OvershootWins), 10, 0, 5);
    /// assert!(sim.covers(1.0));
    /// assert!(!sim.covers(1.5));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn covers(&self, expected: f64) -> bool {
        self.finished > 0 && (self.mean - expected).abs() <= self.ci95
    }
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
/// assert!((sim.mean - 7.0).abs() < 4.0 * sim.ci95);
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
    let std_dev = if finished > 1 {
        (m2 / (finished - 1) as f64).sqrt()
    } else {
        0.0
    };
    let ci95 = if finished > 0 {
        1.96 * std_dev / (finished as f64).sqrt()
    } else {
        0.0
    };
    Simulation {
        games,
        finished,
        capped,
        stuck,
        mean: if finished > 0 { mean } else { f64::NAN },
        std_dev,
        ci95,
        min,
        max,
    }
}
