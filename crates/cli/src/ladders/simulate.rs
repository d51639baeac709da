//! `gridsolve ladders simulate`: seeded Monte Carlo games, checked against the exact
//! expectation.

use std::io::{self, Write};

use clap::Args;
use grid_core::text::count_of;
use ladders::Chain;
use serde::Serialize;

use super::{BoardArgs, GameSummary, significant};
use crate::args::SeedArg;
use crate::report::{Answer, Outcome};

/// The arguments of `ladders simulate`.
#[derive(Debug, Args)]
pub(super) struct SimulateArgs {
    #[command(flatten)]
    input: BoardArgs,
    /// Number of games.
    #[arg(long, default_value_t = 10_000, value_parser = crate::args::whole_number::<u64>(1, u64::MAX))]
    games: u64,
    #[command(flatten)]
    seed: SeedArg,
    /// Stop a game after this many turns and count it as capped (reported, left
    /// out of the mean).
    #[arg(long, default_value_t = 1_000_000, value_parser = crate::args::whole_number::<u64>(1, u64::MAX))]
    max_turns: u64,
}

/// The answer of `ladders simulate` (see [`ladders::Simulation`]). The JSON keys are in
/// alphabetical order, as they have always been written; `mean`, `ci95`, `std_dev`,
/// `min` and `max` are null when no game finished, the exact figures null when the game may never end or
/// (with `exact_expected_turns_too_large` true) when the expectation is too large to
/// represent (or, with `exact_expected_turns_not_converged` true, unknown: the
/// iterative solver gave up).
#[derive(Debug, Serialize)]
pub(super) struct SimulateAnswer {
    capped: u64,
    /// The 95% confidence interval of the mean, when a game finished.
    ci95: Option<[f64; 2]>,
    exact_expected_turns: Option<f64>,
    /// The iterative solver gave up: the exact expectation is unknown.
    exact_expected_turns_not_converged: bool,
    /// Every game ends, but the exact expectation is beyond `f64`'s range.
    exact_expected_turns_too_large: bool,
    /// Why, for the text.
    #[serde(skip)]
    not_converged: Option<ladders::MarkovError>,
    /// Whether the exact expectation lies in the interval (null without one).
    exact_inside_ci95: Option<bool>,
    finished: u64,
    games: u64,
    max: Option<u64>,
    max_turns: u64,
    mean: Option<f64>,
    min: Option<u64>,
    seed: u64,
    /// The standard deviation of the finished games' lengths, when a game finished.
    std_dev: Option<f64>,
    stuck: u64,
    /// Half the interval's width, for the text.
    #[serde(skip)]
    half_width: f64,
    #[serde(skip)]
    summary: GameSummary,
}

/// Reads the board, plays the games and computes the exact expectation to compare.
pub(super) fn answer(args: &SimulateArgs) -> anyhow::Result<SimulateAnswer> {
    let game = args.input.load_for_chain()?;
    let seed = args.seed.seed;
    let sim = ladders::simulate(&game.board, &game.rules, args.games, seed, args.max_turns);
    // The exact figure to compare with; an iterative solver that gives up leaves it
    // out, and says so.
    let (expected, not_converged) = match Chain::new(&game.board, &game.rules).expected_turns() {
        Ok(expected) => (expected, None),
        Err(err) => (None, Some(err)),
    };
    let exact = expected.map(|e| e.turns).filter(|t| t.is_finite());
    let (low, high) = sim.interval95();
    Ok(SimulateAnswer {
        capped: sim.capped,
        ci95: (sim.finished > 0).then_some([low, high]),
        exact_expected_turns: exact,
        exact_expected_turns_too_large: expected.is_some_and(|e| e.is_too_large()),
        exact_expected_turns_not_converged: not_converged.is_some(),
        not_converged,
        exact_inside_ci95: exact.filter(|_| sim.finished > 0).map(|e| sim.covers(e)),
        finished: sim.finished,
        games: sim.games,
        max: sim.max,
        max_turns: args.max_turns,
        mean: (sim.finished > 0).then_some(sim.mean),
        min: sim.min,
        seed,
        std_dev: (sim.finished > 0).then_some(sim.std_dev),
        stuck: sim.stuck,
        half_width: sim.ci95,
        summary: GameSummary::of(&game),
    })
}

impl Answer for SimulateAnswer {
    /// Answered, or no solution (exit 1) when no game finished.
    fn outcome(&self) -> Outcome {
        Outcome::found(self.finished > 0)
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "board: {}", self.summary)?;
        writeln!(
            out,
            "games: {} (seed {}), finished: {}, capped at {}: {}",
            self.games,
            self.seed,
            self.finished,
            count_of(self.max_turns, "turn"),
            self.capped
        )?;
        if self.stuck > 0 {
            writeln!(
                out,
                "stuck (reached a square from which the last square cannot be reached): {}",
                self.stuck
            )?;
        }
        if let (Some(mean), Some([low, high])) = (self.mean, self.ci95) {
            writeln!(
                out,
                "mean turns: {mean:.4} ± {:.4} (95% confidence interval {low:.4}..{high:.4})",
                self.half_width,
            )?;
            writeln!(
                out,
                "standard deviation: {:.4}, shortest: {}, longest: {}",
                self.std_dev.unwrap_or(0.0),
                self.min.unwrap_or(0),
                self.max.unwrap_or(0)
            )?;
        }
        match (self.exact_expected_turns, self.exact_inside_ci95) {
            (Some(e), Some(inside)) => writeln!(
                out,
                "exact expectation: {} ({} the interval)",
                significant(e, 9),
                if inside { "inside" } else { "outside" }
            )?,
            (Some(e), None) => writeln!(out, "exact expectation: {}", significant(e, 9))?,
            _ if let Some(err) = &self.not_converged => {
                writeln!(out, "exact expectation: unknown: {err}")?
            }
            _ if self.exact_expected_turns_too_large => writeln!(
                out,
                "exact expectation: too large to represent (more than 1.8e308), though every game ends"
            )?,
            _ => writeln!(out, "exact expectation: infinite (the game may never end)")?,
        }
        Ok(())
    }
}
