//! `gridsolve ladders stats`: the game's length as an absorbing Markov chain. Every
//! figure comes from the `ladders` crate; this module only writes them.

use std::fmt;
use std::io::{self, Write};
use std::ops::ControlFlow;

use clap::Args;
use grid_core::text::count_of;
use ladders::{Chain, HistogramBar, LengthDistribution, MarkovError, SolveMethod};
use serde::{Serialize, Serializer};

use super::{BoardArgs, Game, GameSummary, RuleArg, significant};
use crate::args::DrawArg;
use crate::interrupt;
use crate::picture;
use crate::report::{self, Answer, Outcome, Picture};

/// The percentiles the text lists (`90% of games end within T turns`).
const PERCENTILES: [u8; 6] = [10, 25, 50, 75, 90, 99];
/// The most bars the text histogram draws.
const HISTOGRAM_BARS: usize = 20;
/// The width of the histogram's longest bar, in characters.
const BAR_WIDTH: f64 = 40.0;

/// The arguments of `ladders stats`.
#[derive(Debug, Args)]
pub(super) struct StatsArgs {
    #[command(flatten)]
    pub(super) input: BoardArgs,
    /// Number of players taking turns; the first to reach the last square wins.
    #[arg(long, default_value_t = 1, value_parser = crate::args::whole_number::<u32>(1, 100))]
    players: u32,
    /// Stop the length distribution after this many turns (the probability of
    /// longer games is reported as unfinished). Default: 10,000, fewer on boards so
    /// large that 10,000 turns would take minutes (about 2·10⁹ square-rolls).
    #[arg(long, value_parser = crate::args::whole_number::<u64>(1, 10_000_000))]
    max_turns: Option<u64>,
    /// `--draw svg`: a chart of the game-length distribution with its mean and median
    /// marked (`--draw` alone, text, is the histogram the text always shows).
    #[command(flatten)]
    draw: DrawArg,
    /// Also the expected turns when every ladder may be declined and the player plays
    /// to finish soonest (Codeforces 1245E; boards of ladders only, rule exact or
    /// overshoot-wins). JSON: "expected_turns_optional".
    #[arg(long)]
    optional_ladders: bool,
}

/// The answer of `ladders stats`. The JSON keys are in alphabetical order, as they
/// have always been written; `expected_turns` and `method` are null (and `trap` names
/// a square) when the game may never end; `expected_turns` is null and
/// `expected_turns_too_large` true when it is too large to represent;
/// `expected_turns` and `method` are null and `expected_turns_not_converged` true
/// when the iterative solver gave up (exit 3: no answer either way). After Ctrl-C
/// (exit 130, status `interrupted`) the figures are those reached: the expectation is
/// null if the iterative solver was stopped, and the distribution ends at the turn
/// reached (`unfinished`: the games still running then).
#[derive(Debug, Serialize)]
pub(super) struct StatsAnswer {
    /// P(T <= t) for every computed turn t.
    cumulative: Vec<f64>,
    /// P(T = t) for every computed turn t.
    exactly: Vec<f64>,
    /// The expected number of turns, when every game ends and it fits in an `f64`.
    expected_turns: Option<f64>,
    /// The iterative solver (boards too large for the exact methods) did not meet
    /// its tolerance: the expectation is unknown, though every game ends.
    expected_turns_not_converged: bool,
    /// Every game ends, but the expected number of turns is beyond `f64`'s range
    /// (about 1.8e308): `expected_turns` is null, `method` and no `trap` are given.
    expected_turns_too_large: bool,
    /// With `--optional-ladders`: the expected turns when each ladder may be declined,
    /// played best (Codeforces 1245E).
    #[serde(skip_serializing_if = "Option::is_none")]
    expected_turns_optional: Option<f64>,
    faces: u32,
    median: Option<usize>,
    /// How the expectation was computed, when it was.
    method: Option<Method>,
    mode: Option<usize>,
    /// P(the game never ends).
    never: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    players: Option<Players>,
    rule: RuleArg,
    shortest: Option<Shortest>,
    squares: u32,
    start: u32,
    /// A square the token can reach and never leave for the last square.
    trap: Option<u32>,
    /// P(the game is still running after the last computed turn).
    unfinished: f64,
    /// What the text shows besides the JSON's figures.
    #[serde(skip)]
    text: TextExtras,
    /// `--draw svg`: the chart of the distribution.
    #[serde(skip)]
    picture: Option<Picture>,
    /// Ctrl-C stopped the solver or the distribution.
    #[serde(skip)]
    interrupted: bool,
}

/// The figures only the text form shows (JSON readers compute them from `exactly`).
#[derive(Debug)]
struct TextExtras {
    summary: GameSummary,
    /// The last turn the distribution reached.
    last_turn: usize,
    /// `(percent, turns)`: that percentage of games end within that many turns.
    percentiles: Vec<(u8, usize)>,
    histogram: Vec<HistogramBar>,
    /// Why the expectation is unknown, when the iterative solver gave up.
    not_converged: Option<MarkovError>,
}

/// How the expectation was computed; written as `sweep`, `elimination (N unknowns)`,
/// `banded elimination (band L down, U up)` or `gauss-seidel (N sweeps, tolerance T)`.
#[derive(Clone, Copy, Debug)]
struct Method(SolveMethod);

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            SolveMethod::Sweep => write!(f, "sweep"),
            SolveMethod::Elimination { unknowns } => {
                write!(f, "elimination ({})", count_of(unknowns, "unknown"))
            }
            SolveMethod::Banded { lower, upper } => {
                write!(f, "banded elimination (band {lower} down, {upper} up)")
            }
            SolveMethod::GaussSeidel { sweeps } => write!(
                f,
                "gauss-seidel ({}, tolerance {:e})",
                count_of(sweeps, "sweep"),
                ladders::GAUSS_SEIDEL_TOLERANCE
            ),
        }
    }
}

impl Serialize for Method {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// The shortest possible game.
#[derive(Debug, Serialize)]
struct Shortest {
    probability: f64,
    turns: usize,
}

/// The game with several players (`--players`, more than one). Every figure needs the
/// whole length distribution: when `--max-turns` (or the automatic limit, or Ctrl-C)
/// cut it short, they are null, never the partial sums of the turns computed.
#[derive(Debug, Serialize)]
struct Players {
    count: usize,
    /// Expected total moves until someone wins, when every game ends and the
    /// distribution was not cut short.
    expected_moves: Option<f64>,
    /// Expected rounds until someone wins, as `expected_moves`.
    expected_rounds: Option<f64>,
    /// P(no player has won by the last computed turn, yet one still can).
    undecided: f64,
    /// `win[i]`: the probability that player i + 1 wins, when the distribution was
    /// not cut short.
    win: Option<Vec<f64>>,
}

/// Reads the board, solves the chain for the expectation and iterates it for the
/// length distribution (with a progress bar on a terminal for the iterative solver's
/// sweeps and for the turns); Ctrl-C stops either, and the answer says how far it got.
pub(super) fn answer(args: &StatsArgs, game: &Game) -> anyhow::Result<StatsAnswer> {
    let watch = interrupt::watch();
    let optional = if args.optional_ladders {
        let turns = game
            .board
            .expected_turns_optional(&game.rules)
            .ok_or_else(|| {
                game.place.whole(
                    "--optional-ladders needs a board of ladders only and --rule exact or \
                     overshoot-wins (a snake, or bounce, makes declining a game with cycles)",
                )
            })?;
        Some(turns)
    } else {
        None
    };
    let chain = Chain::new(&game.board, &game.rules);
    // Only the iterative solver (huge boards) reports sweeps: its bar shows then.
    let sweeps = game.progress_bar(0, "sweeps of the iterative solver");
    let solved = chain.expected_turns_until(interrupt::flag(), &mut |sweep, most| {
        if sweep == 1 {
            sweeps.set_length(most as u64);
        }
        sweeps.set_position(sweep as u64);
    });
    sweeps.finish_and_clear();
    // A solver that gives up is an answer without the expectation (exit 3), not an
    // error: the distribution is still worth reading.
    let (expected, not_converged) = match solved {
        Ok(expected) => (expected, None),
        Err(err) => (None, Some(err)),
    };
    let max_turns = args
        .max_turns
        .map_or_else(|| chain.suggested_max_turns(), |t| t as usize);
    let bar = game.progress_bar(max_turns as u64, "turns");
    let dist =
        chain.length_distribution_with_progress(ladders::LENGTH_TOLERANCE, max_turns, &mut |t| {
            bar.set_position(t as u64);
            if interrupt::requested() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
    bar.finish_and_clear();
    drop(watch);
    let interrupted = interrupt::requested();
    let players = args.players as usize;
    let players = (players > 1).then(|| {
        let outcome = dist.players(players);
        Players {
            count: players,
            expected_moves: outcome.expected_moves,
            expected_rounds: outcome.expected_rounds,
            undecided: outcome.undecided,
            win: outcome.win,
        }
    });
    let exact_mean = expected.is_some_and(|e| e.turns.is_finite());
    if let Some(note) = cut_note(&dist, players.as_ref(), exact_mean, interrupted) {
        report::message(format_args!("{}: note: {note}", game.place.label()));
    }
    let picture = match args.draw.svg() {
        true => {
            // The chart shows the turns that hold all but a thousandth of the games.
            let last = dist.quantile(0.999).unwrap_or_else(|| dist.last_turn());
            let mean = expected.map(|e| e.turns).filter(|t| t.is_finite());
            let chart = picture::chart::game_lengths(&dist.exactly, last, mean, dist.median())
                .map_err(|e| anyhow::anyhow!("cannot draw the chart: {e}"))?;
            args.draw.picture(&game.place.picture_name(), || chart)
        }
        false => None,
    };
    Ok(StatsAnswer {
        picture,
        cumulative: dist.cumulative_all(),
        expected_turns: expected.map(|e| e.turns).filter(|t| t.is_finite()),
        expected_turns_too_large: expected.is_some_and(|e| e.is_too_large()),
        expected_turns_not_converged: not_converged
            .as_ref()
            .is_some_and(|err| !matches!(err, MarkovError::Stopped { .. })),
        expected_turns_optional: optional,
        faces: game.rules.faces(),
        median: dist.median(),
        method: expected.map(|e| Method(e.method)),
        mode: dist.mode(),
        never: dist.never,
        players,
        rule: game.rule,
        shortest: dist
            .shortest()
            .map(|(turns, probability)| Shortest { probability, turns }),
        squares: game.board.squares(),
        start: game.rules.start().square(),
        trap: chain.trap(),
        unfinished: dist.unfinished,
        text: text_extras(&dist, GameSummary::of(game), not_converged),
        exactly: dist.exactly,
        interrupted,
    })
}

/// The note on standard error when the distribution was cut short (by `--max-turns`,
/// the automatic limit or Ctrl-C) and some figure is unknown for it: where it was cut,
/// the probability left, the figures left unknown and how to raise the cut; `None`
/// when nothing is unknown for the cut.
fn cut_note(
    dist: &LengthDistribution,
    players: Option<&Players>,
    exact_mean: bool,
    interrupted: bool,
) -> Option<String> {
    if dist.unfinished <= ladders::LENGTH_TOLERANCE {
        return None;
    }
    let mut unknown = Vec::new();
    if dist.median().is_none() {
        unknown.push("the median");
    }
    if dist.mode().is_none() {
        unknown.push("the mode");
    }
    if players.is_some_and(|p| p.win.is_none()) {
        unknown.push("the players' win chances, expected rounds and expected moves");
    }
    let (last, unknown) = unknown.split_last()?;
    let unknown = match unknown {
        [] => (*last).to_owned(),
        _ => format!("{} and {last}", unknown.join(", ")),
    };
    let how = if interrupted {
        "stopped by Ctrl-C"
    } else {
        "cut"
    };
    let exact = if exact_mean {
        " (the expected turns are exact: the linear system needs no cut)"
    } else {
        ""
    };
    let raise = if interrupted {
        ""
    } else {
        "; a larger --max-turns raises the cut"
    };
    Some(format!(
        "the length distribution was {how} at {} with probability {} of a game still \
         running, so {unknown} {} unknown{exact}{raise}",
        count_of(dist.last_turn(), "turn"),
        significant(dist.unfinished, 6),
        if unknown.contains(" and ") {
            "are"
        } else {
            "is"
        },
    ))
}

fn text_extras(
    dist: &LengthDistribution,
    summary: GameSummary,
    not_converged: Option<MarkovError>,
) -> TextExtras {
    let percentiles = PERCENTILES
        .iter()
        .filter_map(|&percent| Some((percent, dist.quantile(f64::from(percent) / 100.0)?)))
        .collect();
    TextExtras {
        summary,
        last_turn: dist.last_turn(),
        percentiles,
        histogram: dist.histogram(HISTOGRAM_BARS),
        not_converged,
    }
}

impl StatsAnswer {
    /// The expectation, the shortest game, median and mode, and what the
    /// distribution leaves out.
    fn write_figures(&self, out: &mut dyn Write) -> io::Result<()> {
        match (self.expected_turns, self.method) {
            (Some(turns), Some(method)) => writeln!(
                out,
                "expected turns: {} (Markov chain, {method})",
                significant(turns, 9)
            )?,
            (None, Some(method)) => writeln!(
                out,
                "expected turns: too large to represent (more than 1.8e308), though every game ends (Markov chain, {method})"
            )?,
            _ => match &self.text.not_converged {
                Some(err) => writeln!(out, "expected turns: unknown: {err}; every game ends")?,
                None => writeln!(
                    out,
                    "expected turns: infinite (from square {} the last square cannot be reached)",
                    self.trap.unwrap_or(0)
                )?,
            },
        }
        if let Some(turns) = self.expected_turns_optional {
            writeln!(
                out,
                "expected turns, ladders optional and played best: {} (Codeforces 1245E)",
                significant(turns, 12)
            )?;
        }
        match &self.shortest {
            Some(s) => writeln!(
                out,
                "shortest game: {}, probability {}",
                count_of(s.turns, "turn"),
                significant(s.probability, 6)
            )?,
            None if self.never < 1.0 => writeln!(
                out,
                "shortest game: none within {} ({})",
                count_of(self.text.last_turn, "turn"),
                self.why_the_distribution_ends()
            )?,
            None => writeln!(out, "shortest game: none (no game ends)")?,
        }
        let or_none = |v: Option<usize>| v.map_or("none".to_owned(), |t| count_of(t, "turn"));
        writeln!(
            out,
            "median: {}, mode: {}",
            or_none(self.median),
            or_none(self.mode)
        )?;
        if self.never > 0.0 {
            writeln!(
                out,
                "never ends: probability {}",
                significant(self.never, 6)
            )?;
        }
        if self.unfinished > ladders::LENGTH_TOLERANCE {
            writeln!(
                out,
                "still running after {}: probability {} ({})",
                count_of(self.text.last_turn, "turn"),
                significant(self.unfinished, 6),
                self.why_the_distribution_ends()
            )?;
        }
        Ok(())
    }

    /// Why the distribution ends before every game has: Ctrl-C, or `--max-turns`.
    fn why_the_distribution_ends(&self) -> &'static str {
        if self.interrupted {
            "interrupted by Ctrl-C"
        } else {
            "raise --max-turns"
        }
    }

    /// A text histogram of P(T = t), one `#` bar per [`HistogramBar`].
    fn write_histogram(&self, out: &mut dyn Write) -> io::Result<()> {
        let bars = &self.text.histogram;
        if bars.is_empty() {
            return Ok(());
        }
        let top = bars.iter().map(|b| b.probability).fold(0.0, f64::max);
        writeln!(out, "game length (turns)   P")?;
        for bar in bars {
            let label = if bar.first == bar.last {
                bar.first.to_string()
            } else {
                format!("{}-{}", bar.first, bar.last)
            };
            let hashes = "#".repeat(((bar.probability / top) * BAR_WIDTH).round() as usize);
            let percent = bar.probability * 100.0;
            // A bar of a game that almost never ends is not `0.0000%`.
            let line = if percent == 0.0 || percent >= 1e-4 {
                format!("{label:>9} {percent:>8.4}% {hashes}")
            } else {
                format!("{label:>9} {percent:>8.1e}% {hashes}")
            };
            // A bar too short to draw leaves no trailing space.
            writeln!(out, "{}", line.trim_end())?;
        }
        Ok(())
    }

    fn write_players(players: &Players, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{} players (player 1 moves first):", players.count)?;
        let or_none =
            |v: Option<f64>, digits| v.map_or("none".to_owned(), |x| significant(x, digits));
        // Null for a cut distribution (shown as none) or, for a game that may never
        // end, infinite (not shown).
        if players.win.is_none() || players.expected_rounds.is_some() {
            writeln!(
                out,
                "  expected rounds until someone wins: {}",
                or_none(players.expected_rounds, 9)
            )?;
            writeln!(
                out,
                "  expected moves in all: {}",
                or_none(players.expected_moves, 9)
            )?;
        }
        for i in 0..players.count {
            let win = players.win.as_ref().map(|w| w[i]);
            writeln!(out, "  player {} wins: {}", i + 1, or_none(win, 6))?;
        }
        Ok(())
    }
}

impl Answer for StatsAnswer {
    /// Every key its JSON line may have (the optional ones a flag adds too), then the
    /// place and message of bad input: one CSV header for every outcome.
    fn csv_columns() -> Vec<&'static str> {
        report::with_error_columns(&[
            "cumulative",
            "exactly",
            "expected_turns",
            "expected_turns_not_converged",
            "expected_turns_too_large",
            "expected_turns_optional",
            "faces",
            "median",
            "method",
            "mode",
            "never",
            "players",
            "rule",
            "shortest",
            "squares",
            "start",
            "trap",
            "unfinished",
            "drawing",
            "drawing_file",
            "status",
        ])
    }

    fn picture(&self) -> Option<&Picture> {
        self.picture.as_ref()
    }

    /// Answered, no solution (exit 1) when the game may never end, or undecided
    /// (exit 3) when the iterative solver gave up.
    fn outcome(&self) -> Outcome {
        if self.interrupted {
            return Outcome::Interrupted;
        }
        if self.expected_turns_not_converged {
            return Outcome::Undecided;
        }
        Outcome::found(self.method.is_some())
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "board: {}", self.text.summary)?;
        if let Some(MarkovError::Stopped { sweeps }) = &self.text.not_converged {
            // Ctrl-C stopped the solver before the distribution began: nothing else is known.
            return writeln!(
                out,
                "expected turns: unknown: interrupted by Ctrl-C after {} of the iterative \
                 solver; the length distribution was not started",
                count_of(*sweeps, "sweep")
            );
        }
        self.write_figures(out)?;
        for &(percent, turns) in &self.text.percentiles {
            writeln!(
                out,
                "{percent:>2}% of games end within {}",
                count_of(turns, "turn")
            )?;
        }
        self.write_histogram(out)?;
        if let Some(players) = &self.players {
            StatsAnswer::write_players(players, out)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;
    use crate::report::{Format, emit};
    use ladders::{EndRule, Start};

    /// The answer on a board too large for the exact methods, whose iterative solver
    /// gave up (no board that makes it give up runs in a test's time).
    fn not_converged() -> StatsAnswer {
        let summary = GameSummary {
            squares: 24_000,
            ladders: 0,
            snakes: 19_999,
            faces: 6,
            rule: EndRule::Exact,
            start: Start::OffBoard,
            chain: false,
        };
        StatsAnswer {
            picture: None,
            cumulative: vec![0.0],
            exactly: vec![0.0],
            expected_turns: None,
            expected_turns_not_converged: true,
            expected_turns_too_large: false,
            expected_turns_optional: None,
            faces: 6,
            median: None,
            method: None,
            mode: None,
            never: 0.0,
            players: None,
            rule: RuleArg::Exact,
            shortest: None,
            squares: 24_000,
            start: 0,
            trap: None,
            unfinished: 1.0,
            text: TextExtras {
                summary,
                last_turn: 10,
                percentiles: Vec::new(),
                histogram: Vec::new(),
                not_converged: Some(MarkovError::NotConverged {
                    sweeps: 139_005,
                    change: 7.2e-6,
                }),
            },
            interrupted: false,
        }
    }

    /// The answer's text and its JSON line.
    fn text_and_json(answer: &StatsAnswer) -> (String, serde_json::Value) {
        let mut text = Vec::new();
        emit(&mut text, Format::Text, answer).unwrap();
        let mut json = Vec::new();
        emit(&mut json, Format::Json, answer).unwrap();
        (
            String::from_utf8(text).unwrap(),
            serde_json::from_slice(&json).unwrap(),
        )
    }

    #[test]
    fn a_solver_that_gives_up_is_undecided_not_infinite() {
        let answer = not_converged();
        assert_eq!(answer.outcome(), Outcome::Undecided);
        let (text, json) = text_and_json(&answer);
        assert!(
            text.contains(
                "expected turns: unknown: the iterative solver did not converge within 139005 sweeps"
            ),
            "{text}"
        );
        assert!(!text.contains("infinite"), "{text}");
        assert!(text.contains("shortest game: none within 10 turns (raise --max-turns)"));
        assert_eq!(json["expected_turns_not_converged"], true);
        assert!(json["expected_turns"].is_null() && json["trap"].is_null());
    }

    #[test]
    fn an_interrupted_solver_says_so_and_is_no_failure_to_converge() {
        let mut answer = not_converged();
        answer.interrupted = true;
        answer.expected_turns_not_converged = false;
        answer.text.not_converged = Some(MarkovError::Stopped { sweeps: 12 });
        assert_eq!(answer.outcome(), Outcome::Interrupted);
        let (text, json) = text_and_json(&answer);
        assert!(
            text.ends_with(
                "expected turns: unknown: interrupted by Ctrl-C after 12 sweeps of the iterative \
                 solver; the length distribution was not started\n"
            ),
            "{text}"
        );
        assert!(!text.contains("shortest game"), "{text}");
        // Stopped later, in the distribution: its figures so far, without --max-turns' hint.
        answer.text.not_converged = None;
        let (text, _) = text_and_json(&answer);
        assert!(text.contains("shortest game: none within 10 turns (interrupted by Ctrl-C)"));
        assert!(!text.contains("raise --max-turns"), "{text}");
        assert_eq!(json["status"], "interrupted");
        assert_eq!(json["expected_turns_not_converged"], false);
    }
}
