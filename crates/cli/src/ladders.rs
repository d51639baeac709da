//! `gridsolve ladders`: fewest rolls with the route, the game as a Markov chain, and
//! seeded simulation, for LeetCode 909 matrices and real boards given as jump lists.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, Subcommand, ValueEnum};
use ladders::{Board, BoardFormat, Chain, EndRule, Rules, Start};
use serde_json::json;

use crate::input::Input;
use crate::report::{self, Format, Outcome, write_json_line};

const FORMATS_HELP: &str = "\
Input forms (detected from the text; force one with --input-format):

  LeetCode 909 matrix, JSON or whitespace rows: n x n, squares numbered 1..n²
  boustrophedon from the bottom-left (row direction alternating from the bottom row),
  -1 for a plain square, else where the snake or ladder on that square leads:
      [[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],
       [-1,35,-1,-1,13,-1],[-1,-1,-1,-1,-1,-1],[-1,15,-1,-1,-1,-1]]

  Jump list, JSON:  {\"squares\": 100, \"jumps\": [[1, 38], [4, 14], [16, 6]]}

  Jump list, text (# starts a comment):
      squares 100
      1 38
      16 6

With no FILE (or FILE `-`) the board is read from standard input.";

/// Snakes and Ladders: fewest rolls (LeetCode 909), the game's length as a Markov
/// chain, and simulation.
#[derive(Debug, Args)]
#[command(after_long_help = FORMATS_HELP)]
pub struct LaddersArgs {
    #[command(subcommand)]
    command: LaddersCommand,
}

#[derive(Debug, Subcommand)]
enum LaddersCommand {
    /// Fewest rolls to the last square when you choose every roll (LeetCode 909).
    ///
    /// Prints `min rolls: K` (JSON: `{"min_rolls": K or null, "path": [squares], ...}`).
    /// Exit 1 when the last square cannot be reached.
    ///
    /// Example: echo '[[-1,-1],[-1,3]]' | gridsolve ladders solve --path
    #[command(after_long_help = FORMATS_HELP)]
    Solve {
        #[command(flatten)]
        input: BoardArgs,
        /// Also print one optimal route: each roll, the square landed on and the square
        /// after the snake or ladder.
        #[arg(long)]
        path: bool,
        /// Also draw the board with the route marked (boards up to 10,000 squares).
        #[arg(long)]
        board: bool,
    },
    /// The game's length as a Markov chain: expected turns, the distribution of game
    /// length with a histogram, and with --players K each player's chance to win.
    ///
    /// The token starts off the board (square 0) unless --start says otherwise.
    ///
    /// Example: gridsolve ladders stats chutes.txt --players 2
    #[command(after_long_help = FORMATS_HELP)]
    Stats {
        #[command(flatten)]
        input: BoardArgs,
        /// Number of players taking turns; the first to reach the last square wins.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100))]
        players: u32,
        /// Stop the length distribution after this many turns (the probability of
        /// longer games is reported as unfinished). Default: 10,000, fewer on boards so
        /// large that 10,000 turns would take minutes (about 2·10⁹ square-rolls).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
        max_turns: Option<u64>,
    },
    /// Monte Carlo games with a seeded random number generator (ChaCha8): mean game
    /// length with a 95% confidence interval, checked against the exact expectation.
    ///
    /// Example: gridsolve ladders simulate chutes.txt --games 100000 --seed 7
    #[command(after_long_help = FORMATS_HELP)]
    Simulate {
        #[command(flatten)]
        input: BoardArgs,
        /// Number of games.
        #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..))]
        games: u64,
        /// Seed of the random number generator (same seed, same games).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop a game after this many turns and count it as capped (reported, left
        /// out of the mean).
        #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..))]
        max_turns: u64,
    },
}

/// The board and the rules, shared by every ladders subcommand.
#[derive(Debug, Args)]
struct BoardArgs {
    /// The board file (LeetCode matrix or jump list); standard input when omitted or `-`.
    file: Option<PathBuf>,
    /// The input form; `auto` detects it from the text.
    #[arg(long, value_enum, default_value_t = InputFormat::Auto)]
    input_format: InputFormat,
    /// Faces of the die (rolls 1..=K, equally likely).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=i64::from(ladders::MAX_FACES)))]
    faces: u32,
    /// What a roll past the last square does. LeetCode's min(curr+6, n²) is
    /// overshoot-wins; the fewest rolls are the same under all three rules.
    #[arg(long, value_enum, default_value_t = RuleArg::Exact)]
    rule: RuleArg,
    /// Where the token starts. Default: on square 1 for `solve` on a LeetCode matrix
    /// (LeetCode's rule), off the board (square 0) otherwise (the physical game and
    /// the published analyses).
    #[arg(long, value_enum)]
    start: Option<StartArg>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum InputFormat {
    Auto,
    Matrix,
    JumpsJson,
    JumpsText,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum RuleArg {
    /// A roll past the last square leaves the token where it is (Milton Bradley rule).
    Exact,
    /// A roll past the last square ends on it (LeetCode 909).
    OvershootWins,
    /// A roll past the last square moves back by the excess.
    Bounce,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum StartArg {
    /// Off the board, square 0: the first roll r lands on square r.
    OffBoard,
    /// On square 1 (LeetCode 909).
    SquareOne,
}

/// The largest board `stats` and `simulate` take: the Markov chain holds about
/// 8 x faces bytes per square, and the length distribution costs squares x faces per turn.
const MAX_CHAIN_SQUARES: u32 = 2_000_000;

/// A board read from its input, with the rules to play it by.
struct Game {
    name: String,
    board: Board,
    rules: Rules,
}

impl BoardArgs {
    /// Reads the board and settles the rules; `leetcode_start` picks square 1 as the
    /// default start for boards read from a matrix.
    fn load_for_chain(&self) -> anyhow::Result<Game> {
        let game = self.load(false)?;
        anyhow::ensure!(
            game.board.squares() <= MAX_CHAIN_SQUARES,
            "{}: the board has {} squares; stats and simulate take at most {MAX_CHAIN_SQUARES} \
             (solve takes up to {})",
            game.name,
            game.board.squares(),
            ladders::MAX_SQUARES
        );
        Ok(game)
    }

    fn load(&self, leetcode_start: bool) -> anyhow::Result<Game> {
        let input = Input::open(self.file.as_deref())?;
        let (name, text) = input.read_to_string()?;
        let format = match self.input_format {
            InputFormat::Auto => BoardFormat::detect(&text),
            InputFormat::Matrix => BoardFormat::Matrix,
            InputFormat::JumpsJson => BoardFormat::JumpsJson,
            InputFormat::JumpsText => BoardFormat::JumpsText,
        };
        let board = Board::parse_as(&text, Some(format))
            .map_err(|e| anyhow::anyhow!(report::input_error(&name, &e)))?;
        let start = match self.start {
            Some(StartArg::OffBoard) => Start::OffBoard,
            Some(StartArg::SquareOne) => Start::SquareOne,
            None if leetcode_start && format == BoardFormat::Matrix => Start::SquareOne,
            None => Start::OffBoard,
        };
        let end = match self.rule {
            RuleArg::Exact => EndRule::Exact,
            RuleArg::OvershootWins => EndRule::OvershootWins,
            RuleArg::Bounce => EndRule::Bounce,
        };
        let rules = Rules::new(self.faces)?.with_end(end).with_start(start);
        Ok(Game { name, board, rules })
    }
}

/// Runs `gridsolve ladders ...`.
pub fn run(args: LaddersArgs, format: Format, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    match args.command {
        LaddersCommand::Solve { input, path, board } => {
            let game = input.load(true)?;
            solve(&game, path, board, format, out)
        }
        LaddersCommand::Stats {
            input,
            players,
            max_turns,
        } => {
            let game = input.load_for_chain()?;
            let work = u64::from(game.board.squares()) * u64::from(game.rules.faces());
            let max_turns = max_turns.unwrap_or_else(|| (2_000_000_000 / work).clamp(100, 10_000));
            stats(&game, players as usize, max_turns as usize, format, out)
        }
        LaddersCommand::Simulate {
            input,
            games,
            seed,
            max_turns,
        } => {
            let game = input.load_for_chain()?;
            simulate(&game, games, seed, max_turns, format, out)
        }
    }
}

fn describe(game: &Game) -> String {
    let (mut ladders, mut snakes) = (0usize, 0usize);
    for jump in game.board.jumps() {
        if jump.is_ladder() {
            ladders += 1;
        } else {
            snakes += 1;
        }
    }
    let start = match game.rules.start() {
        Start::OffBoard => "off the board (square 0)",
        Start::SquareOne => "square 1",
    };
    let plural = |n: usize, word: &str| {
        if n == 1 {
            format!("1 {word}")
        } else {
            format!("{n} {word}s")
        }
    };
    format!(
        "{} squares, {}, {}; {}-sided die, rule {}, start {start}",
        game.board.squares(),
        plural(ladders, "ladder"),
        plural(snakes, "snake"),
        game.rules.faces(),
        game.rules.end()
    )
}

fn solve(
    game: &Game,
    show_path: bool,
    draw: bool,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let route = game.board.shortest_route(&game.rules);
    let drawing = if draw {
        Some(game.board.draw(route.as_ref()).with_context(|| {
            format!(
                "{}: the board has {} squares; --board draws at most {}",
                game.name,
                game.board.squares(),
                ladders::MAX_DRAWN_SQUARES
            )
        })?)
    } else {
        None
    };
    let outcome = if route.is_some() {
        Outcome::Answered
    } else {
        Outcome::NoSolution
    };
    match format {
        Format::Json => {
            let mut value = json!({
                "min_rolls": route.as_ref().map(|r| r.rolls()),
                "path": route.as_ref().map(|r| r.squares()).unwrap_or_default(),
                "start": game.rules.start().square(),
            });
            if let Some(route) = &route {
                value["route"] = route
                    .steps
                    .iter()
                    .map(|s| json!({"roll": s.roll, "landed": s.landed, "square": s.square}))
                    .collect();
            }
            if let Some(d) = &drawing {
                value["board"] = d.lines().collect();
            }
            write_json_line(out, &value)?;
        }
        Format::Text => {
            match &route {
                Some(route) => writeln!(out, "min rolls: {}", route.rolls())?,
                None => writeln!(out, "min rolls: none (the last square cannot be reached)")?,
            }
            if show_path && let Some(route) = &route {
                let start = route.start;
                if start == 0 {
                    writeln!(out, "start off the board (square 0)")?;
                } else {
                    writeln!(out, "start on square {start}")?;
                }
                for (i, step) in route.steps.iter().enumerate() {
                    write!(
                        out,
                        "{:>4}. roll {}: land on {}",
                        i + 1,
                        step.roll,
                        step.landed
                    )?;
                    if step.square > step.landed {
                        write!(out, ", ladder to {}", step.square)?;
                    } else if step.square < step.landed {
                        write!(out, ", snake to {}", step.square)?;
                    }
                    writeln!(out)?;
                }
            }
            if let Some(d) = &drawing {
                writeln!(out)?;
                out.write_all(d.as_bytes())?;
                writeln!(
                    out,
                    "L<n>: ladder to n, S<n>: snake to n, @: start, *: square on the route"
                )?;
            }
        }
    }
    Ok(outcome)
}

/// `x` with `digits` significant digits.
fn significant(x: f64, digits: usize) -> String {
    if x == 0.0 || !x.is_finite() {
        return format!("{x}");
    }
    let magnitude = x.abs().log10().floor() as i64;
    let decimals = (digits as i64 - 1 - magnitude).max(0) as usize;
    format!("{x:.decimals$}")
}

fn stats(
    game: &Game,
    players: usize,
    max_turns: usize,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let chain = Chain::new(&game.board, &game.rules);
    let expected = chain
        .expected_turns()
        .with_context(|| format!("{}: cannot compute the expected length", game.name))?;
    let bar = crate::report::progress_bar(max_turns as u64, "turns");
    let dist = chain.length_distribution_with_progress(1e-12, max_turns, &mut |t| {
        bar.set_position(t as u64);
    });
    bar.finish_and_clear();
    let method = expected.map(|e| match e.method {
        ladders::SolveMethod::Sweep => "sweep".to_owned(),
        ladders::SolveMethod::Elimination { unknowns } => {
            format!("elimination ({unknowns} unknowns)")
        }
        ladders::SolveMethod::GaussSeidel { sweeps } => format!(
            "gauss-seidel ({sweeps} sweeps, tolerance {:e})",
            ladders::GAUSS_SEIDEL_TOLERANCE
        ),
    });
    let outcome = if expected.is_some() {
        Outcome::Answered
    } else {
        Outcome::NoSolution
    };
    let multi = (players > 1).then(|| dist.players(players));
    match format {
        Format::Json => {
            let mut cumulative = Vec::with_capacity(dist.exactly.len());
            let mut c = 0.0;
            for p in &dist.exactly {
                c += p;
                cumulative.push(c);
            }
            let mut value = json!({
                "squares": game.board.squares(),
                "faces": game.rules.faces(),
                "rule": game.rules.end().to_string(),
                "start": game.rules.start().square(),
                "expected_turns": expected.map(|e| e.turns),
                "method": method,
                "trap": chain.trap(),
                "shortest": dist.shortest().map(|(t, p)| json!({"turns": t, "probability": p})),
                "median": dist.median(),
                "mode": dist.mode(),
                "exactly": dist.exactly,
                "cumulative": cumulative,
                "unfinished": dist.unfinished,
                "never": dist.never,
            });
            if let Some(m) = &multi {
                value["players"] = json!({
                    "count": players,
                    "win": m.win,
                    "expected_rounds": m.expected_rounds,
                    "expected_moves": m.expected_moves,
                });
            }
            write_json_line(out, &value)?;
        }
        Format::Text => {
            writeln!(out, "board: {}", describe(game))?;
            match (expected, &method) {
                (Some(e), Some(method)) => writeln!(
                    out,
                    "expected turns: {} (Markov chain, {method})",
                    significant(e.turns, 9)
                )?,
                _ => writeln!(
                    out,
                    "expected turns: infinite (from square {} the last square cannot be reached)",
                    chain.trap().unwrap_or(0)
                )?,
            }
            match dist.shortest() {
                Some((t, p)) => writeln!(
                    out,
                    "shortest game: {t} turns, probability {}",
                    significant(p, 6)
                )?,
                None => writeln!(out, "shortest game: none (no game ends)")?,
            }
            let or_none = |v: Option<usize>| v.map_or("none".to_owned(), |t| format!("{t} turns"));
            writeln!(
                out,
                "median: {}, mode: {}",
                or_none(dist.median()),
                or_none(dist.mode())
            )?;
            if dist.never > 0.0 {
                writeln!(
                    out,
                    "never ends: probability {}",
                    significant(dist.never, 6)
                )?;
            }
            if dist.unfinished > 1e-12 {
                writeln!(
                    out,
                    "still running after {} turns: probability {} (raise --max-turns)",
                    dist.exactly.len() - 1,
                    significant(dist.unfinished, 6)
                )?;
            }
            for line in [10usize, 25, 50, 75, 90, 99] {
                let t = quantile(&dist.exactly, line as f64 / 100.0);
                if let Some(t) = t {
                    writeln!(out, "{line:>2}% of games end within {t} turns")?;
                }
            }
            histogram(&dist.exactly, out)?;
            if let Some(m) = &multi {
                writeln!(out, "{players} players (player 1 moves first):")?;
                if let (Some(r), Some(mv)) = (m.expected_rounds, m.expected_moves) {
                    writeln!(
                        out,
                        "  expected rounds until someone wins: {}",
                        significant(r, 9)
                    )?;
                    writeln!(out, "  expected moves in all: {}", significant(mv, 9))?;
                }
                for (i, w) in m.win.iter().enumerate() {
                    writeln!(out, "  player {} wins: {}", i + 1, significant(*w, 6))?;
                }
            }
        }
    }
    Ok(outcome)
}

/// The smallest `t` with P(T <= t) >= q.
fn quantile(exactly: &[f64], q: f64) -> Option<usize> {
    let mut c = 0.0;
    for (t, p) in exactly.iter().enumerate() {
        c += p;
        if c >= q {
            return Some(t);
        }
    }
    None
}

/// A text histogram of P(T = t), in at most 20 bars, from the shortest game up to the
/// 99th percentile.
fn histogram(exactly: &[f64], out: &mut dyn Write) -> anyhow::Result<()> {
    let Some(first) = exactly.iter().position(|&p| p > 0.0) else {
        return Ok(());
    };
    let last = quantile(exactly, 0.99)
        .unwrap_or(exactly.len() - 1)
        .max(first);
    let span = last - first + 1;
    let width = span.div_ceil(20);
    let bins: Vec<(usize, usize, f64)> = (first..=last)
        .step_by(width)
        .map(|lo| {
            let hi = (lo + width - 1).min(last);
            (lo, hi, exactly[lo..=hi].iter().sum())
        })
        .collect();
    let top = bins.iter().map(|b| b.2).fold(0.0, f64::max);
    writeln!(out, "game length (turns)   P")?;
    for (lo, hi, p) in bins {
        let label = if lo == hi {
            lo.to_string()
        } else {
            format!("{lo}-{hi}")
        };
        let bar = "#".repeat(((p / top) * 40.0).round() as usize);
        writeln!(out, "{label:>9} {:>8.4}% {bar}", p * 100.0)?;
    }
    Ok(())
}

fn simulate(
    game: &Game,
    games: u64,
    seed: u64,
    max_turns: u64,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let sim = ladders::simulate(&game.board, &game.rules, games, seed, max_turns);
    let chain = Chain::new(&game.board, &game.rules);
    // The exact figure to compare with; an iterative non-convergence just omits it.
    let exact = chain.expected_turns().ok().flatten().map(|e| e.turns);
    let inside = exact.map(|e| sim.finished > 0 && (sim.mean - e).abs() <= sim.ci95);
    let outcome = if sim.finished > 0 {
        Outcome::Answered
    } else {
        Outcome::NoSolution
    };
    match format {
        Format::Json => write_json_line(
            out,
            &json!({
                "games": sim.games,
                "seed": seed,
                "finished": sim.finished,
                "capped": sim.capped,
                "stuck": sim.stuck,
                "max_turns": max_turns,
                "mean": (sim.finished > 0).then_some(sim.mean),
                "std_dev": sim.std_dev,
                "ci95": [sim.mean - sim.ci95, sim.mean + sim.ci95],
                "min": sim.min,
                "max": sim.max,
                "exact_expected_turns": exact,
                "exact_inside_ci95": inside,
            }),
        )?,
        Format::Text => {
            writeln!(out, "board: {}", describe(game))?;
            writeln!(
                out,
                "games: {} (seed {seed}), finished: {}, capped at {max_turns} turns: {}",
                sim.games, sim.finished, sim.capped
            )?;
            if sim.stuck > 0 {
                writeln!(
                    out,
                    "stuck (reached a square from which the last square cannot be reached): {}",
                    sim.stuck
                )?;
            }
            if sim.finished > 0 {
                writeln!(
                    out,
                    "mean turns: {:.4} ± {:.4} (95% confidence interval {:.4}..{:.4})",
                    sim.mean,
                    sim.ci95,
                    sim.mean - sim.ci95,
                    sim.mean + sim.ci95
                )?;
                writeln!(
                    out,
                    "standard deviation: {:.4}, shortest: {}, longest: {}",
                    sim.std_dev,
                    sim.min.unwrap_or(0),
                    sim.max.unwrap_or(0)
                )?;
            }
            match (exact, inside) {
                (Some(e), Some(inside)) => writeln!(
                    out,
                    "exact expectation: {} ({} the interval)",
                    significant(e, 9),
                    if inside { "inside" } else { "outside" }
                )?,
                _ => writeln!(out, "exact expectation: infinite (the game may never end)")?,
            }
        }
    }
    Ok(outcome)
}

/// `gridsolve demo`: LeetCode 909 example 1 and the Chutes and Ladders board.
pub fn demo(out: &mut dyn Write, format: Format) -> anyhow::Result<()> {
    let example = "[[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],\
                   [-1,35,-1,-1,13,-1],[-1,-1,-1,-1,-1,-1],[-1,15,-1,-1,-1,-1]]";
    let board = Board::parse(example)?;
    let route = board.shortest_route(&Rules::leetcode());
    let chutes = ladders::chutes_and_ladders();
    let expected = Chain::new(&chutes, &Rules::classic())
        .expected_turns()?
        .map(|e| e.turns);
    match format {
        Format::Json => {
            write_json_line(
                out,
                &json!({
                    "min_rolls": route.as_ref().map(|r| r.rolls()),
                    "path": route.as_ref().map(|r| r.squares()).unwrap_or_default(),
                }),
            )?;
            write_json_line(
                out,
                &json!({"board": "chutes-and-ladders", "expected_turns": expected}),
            )?;
        }
        Format::Text => {
            writeln!(out, "LeetCode 909 example 1 (6 x 6):")?;
            if let Some(route) = &route {
                writeln!(out, "min rolls: {}", route.rolls())?;
                let squares: Vec<String> = route.squares().iter().map(u32::to_string).collect();
                writeln!(out, "route: {}", squares.join(" -> "))?;
                if let Some(d) = board.draw(Some(route)) {
                    out.write_all(d.as_bytes())?;
                }
            }
            if let Some(e) = expected {
                writeln!(
                    out,
                    "Milton Bradley Chutes and Ladders: expected game length {} turns (one player, exact finish)",
                    significant(e, 9)
                )?;
            }
        }
    }
    Ok(())
}
