//! `gridsolve ladders simulate`: seeded Monte Carlo games, checked against the exact
//! expectation.

use std::io::{self, Write};

use clap::Args;
use grid_core::text::count_of;
use ladders::Chain;
use serde::Serialize;

use super::{BoardArgs, Game, GameSummary, significant};
use crate::args::SeedArg;
use crate::interrupt;
use crate::report::{self, Answer, Outcome};

/// The arguments of `ladders simulate`.
#[derive(Debug, Args)]
pub(super) struct SimulateArgs {
    #[command(flatten)]
    pub(super) input: BoardArgs,
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
/// alphabetical order, as they have always been written; `mean`, `min` and `max` are
/// null when no game finished, `ci95`, `std_dev` and `exact_inside_ci95` when fewer
/// than two did, the exact figures null when the game may never end or
/// (with `exact_expected_turns_too_large` true) when the expectation is too large to
/// represent (or, with `exact_expected_turns_not_converged` true, unknown: the
/// iterative solver gave up).
#[derive(Debug, Serialize)]
pub(super) struct SimulateAnswer {
    capped: u64,
    /// The 95% confidence interval of the mean (Student's t, the lower end raised to
    /// the fewest possible turns), when two games or more finished.
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
    /// The sample standard deviation of the finished games' lengths, when two games
    /// or more finished.
    std_dev: Option<f64>,
    stuck: u64,
    /// The `--games` asked for, when Ctrl-C stopped the simulation before them
    /// (`games` is then the number played; JSON's `"status"` is `interrupted`).
    #[serde(skip)]
    requested: Option<u64>,
    /// Half the interval's width before its floor, for the text.
    #[serde(skip)]
    half_width: Option<f64>,
    /// The fewest turns a game can take, when it raised the interval's lower end.
    #[serde(skip)]
    floor: Option<u64>,
    #[serde(skip)]
    summary: GameSummary,
}

/// Measured: 1,000,000 games of the classic Milton Bradley board (39.2 turns each on
/// average) take 0.13 s of CPU time (`ladders simulate chutes-and-ladders.txt --games
/// 1000000`, release build, AMD EPYC, one core): about 3.3 ns per turn, rounded up.
const SECONDS_PER_TURN: f64 = 3.5e-9;

/// A simulation estimated to take longer than this (in seconds) is preceded by a note
/// with the estimate.
const NOTE_FROM_SECONDS: f64 = 60.0;

/// The note printed before a simulation of `games` games of `turns` turns each on
/// average (at most `max_turns`) when it may take more than [`NOTE_FROM_SECONDS`], or
/// `None`.
fn duration_note(games: u64, turns: f64, max_turns: u64) -> Option<String> {
    let seconds = games as f64 * turns.min(max_turns as f64) * SECONDS_PER_TURN;
    (seconds > NOTE_FROM_SECONDS).then(|| {
        format!(
            "note: {} of about {turns:.0} turns each take roughly {} (about 3.5 ns per turn \
             on one core); --games sets how many, and a progress bar shows on a terminal",
            count_of(games, "game"),
            report::rough_duration(seconds),
        )
    })
}

/// Reads the board, plays the games (with a note before a long simulation and a
/// progress bar on a terminal) and computes the exact expectation to compare.
pub(super) fn answer(args: &SimulateArgs, game: &Game) -> anyhow::Result<SimulateAnswer> {
    let seed = args.seed.seed;
    // The exact figure to compare with (and to estimate the time by); an iterative
    // solver that gives up leaves it out, and says so.
    let (expected, not_converged) = match Chain::new(&game.board, &game.rules).expected_turns() {
        Ok(expected) => (expected, None),
        Err(err) => (None, Some(err)),
    };
    let exact = expected.map(|e| e.turns).filter(|t| t.is_finite());
    if let Some(note) = exact.and_then(|turns| duration_note(args.games, turns, args.max_turns)) {
        // In a batch, the board it is about first.
        match game.place.batch {
            Some(_) => report::message(format_args!("{}: {note}", game.place.label())),
            None => report::message(note),
        }
    }
    let bar = game.progress_bar(args.games, "games");
    let watch = interrupt::watch();
    let sim = ladders::simulate_until(
        &game.board,
        &game.rules,
        args.games,
        seed,
        args.max_turns,
        &mut |played| bar.set_position(played),
        interrupt::flag(),
    );
    drop(watch);
    bar.finish_and_clear();
    let interrupted = sim.games < args.games;
    let interval = sim.interval95();
    let floor = sim
        .fewest
        .filter(|&f| interval.is_some_and(|(low, _)| low == f as f64));
    Ok(SimulateAnswer {
        capped: sim.capped,
        ci95: interval.map(|(low, high)| [low, high]),
        exact_expected_turns: exact,
        exact_expected_turns_too_large: expected.is_some_and(|e| e.is_too_large()),
        exact_expected_turns_not_converged: not_converged.is_some(),
        not_converged,
        exact_inside_ci95: exact.and_then(|e| sim.covers(e)),
        finished: sim.finished,
        games: sim.games,
        max: sim.max,
        max_turns: args.max_turns,
        mean: (sim.finished > 0).then_some(sim.mean),
        min: sim.min,
        seed,
        std_dev: sim.std_dev,
        stuck: sim.stuck,
        requested: interrupted.then_some(args.games),
        half_width: sim.ci95,
        floor,
        summary: GameSummary::of(game),
    })
}

impl Answer for SimulateAnswer {
    /// Every key its JSON line may have (the optional ones a flag adds too), then the
    /// place and message of bad input: one CSV header for every outcome.
    fn csv_columns() -> Vec<&'static str> {
        report::with_error_columns(&[
            "capped",
            "ci95",
            "exact_expected_turns",
            "exact_expected_turns_not_converged",
            "exact_expected_turns_too_large",
            "exact_inside_ci95",
            "finished",
            "games",
            "max",
            "max_turns",
            "mean",
            "min",
            "seed",
            "std_dev",
            "stuck",
            "drawing",
            "drawing_file",
            "status",
        ])
    }

    /// Answered, or no solution (exit 1) when no game finished; interrupted (exit 130)
    /// when Ctrl-C stopped it.
    fn outcome(&self) -> Outcome {
        if self.requested.is_some() {
            Outcome::Interrupted
        } else {
            Outcome::found(self.finished > 0)
        }
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        if let Some(requested) = self.requested {
            writeln!(
                out,
                "interrupted (Ctrl-C) after {} of {requested} games: the figures are those of the games played",
                self.games
            )?;
        }
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
        if let Some(mean) = self.mean {
            match (self.ci95, self.half_width) {
                (Some([low, high]), Some(half)) => {
                    let floor = match self.floor {
                        Some(f) => format!(
                            ", its lower end the fewest possible, {}",
                            count_of(f, "turn")
                        ),
                        None => String::new(),
                    };
                    writeln!(
                        out,
                        "mean turns: {mean:.4} ± {half:.4} (95% confidence interval {low:.4}..{high:.4}{floor})"
                    )?
                }
                _ => writeln!(
                    out,
                    "mean turns: {mean:.4} (95% confidence interval: none, from one finished game)"
                )?,
            }
            let std_dev = self
                .std_dev
                .map_or("none".to_owned(), |s| format!("{s:.4}"));
            writeln!(
                out,
                "standard deviation: {std_dev}, shortest: {}, longest: {}",
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

#[cfg(test)]
mod note_tests {
    use super::*;

    #[test]
    fn only_a_simulation_of_more_than_a_minute_gets_a_note() {
        // 100 million games of 39 turns: 14 seconds by the measured rate.
        assert_eq!(duration_note(100_000_000, 39.2, 1_000_000), None);
        assert_eq!(
            duration_note(1_000_000_000, 39.2, 1_000_000).as_deref(),
            Some(
                "note: 1000000000 games of about 39 turns each take roughly 2.3 minutes \
                 (about 3.5 ns per turn on one core); --games sets how many, and a progress \
                 bar shows on a terminal"
            )
        );
        // The turn cap bounds a game's length.
        assert_eq!(duration_note(1_000_000_000, 39.2, 10), None);
    }
}
