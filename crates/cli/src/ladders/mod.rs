//! `gridsolve ladders`: fewest rolls with the route, the game as a Markov chain, and
//! seeded simulation, for LeetCode 909 matrices and real boards given as jump lists.
//!
//! One module per verb, each in the CLI template: its clap `Args`, an `answer` step
//! that asks the `ladders` crate and returns a typed answer, and the answer's
//! [`report::Answer`] (text, JSON through `serde::Serialize`, outcome), written by
//! [`report::emit`]. This file holds what the verbs share: the board and the
//! rules ([`BoardArgs`], [`Game`]) and the one-line description of a game.

mod boards;
mod demo;
mod simulate;
mod solve;
mod stats;

use grid_core::TextPosition;
use grid_core::text::count_of;
use std::fmt::{self, Display};
use std::io::Write;
use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};
use ladders::{Board, BoardFormat, EndRule, Jump, Rules, Start};
use serde::Serialize;

use crate::report::{self, Format, Invalid, Outcome};

pub use demo::demo;

const FORMATS_HELP: &str = "\
Input forms (detected from the text; force one with --input-format):

  LeetCode 909 matrix, JSON or whitespace rows: n x n, squares numbered 1..n²
  boustrophedon from the bottom-left (row direction alternating from the bottom row),
  -1 for a plain square, else where the snake or ladder on that square leads:
      [[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],
       [-1,35,-1,-1,13,-1],[-1,-1,-1,-1,-1,-1],[-1,15,-1,-1,-1,-1]]

  Jump list, JSON:  {\"squares\": 100, \"jumps\": [[1, 38], [4, 14], [16, 6]]}

  Jump list, text (# starts a comment; `squares: 100` or `squares = 100` too, and an
  arrow between the squares, `16 -> 6`, `16->6`):
      squares 100
      1 38
      16 6

  A jump from a square to itself (a matrix cell holding its own square, which
  LeetCode 909 allows, or a jump `5 5`) changes nothing: in every form the square
  is read as a plain one, with a note naming where it was written.

  Bare jump list, JSON: [[1, 38], [4, 14], [16, 6]] with --squares N, or N inferred
  (the smallest n² holding every square named, with a note). Two pairs of squares
  read as a 2 x 2 LeetCode matrix unless --squares or --input-format jump-pairs.

  Heights matrix (Codeforces 1245E): n x n, each cell the number of rows the ladder
  on it rises (0: none), squares numbered as in LeetCode 909; the token starts on
  square 1. Detected (with a note) when the matrix is no LeetCode board, holds a 0
  and no negative value:
      0 0 0
      0 0 0
      0 2 0

  Several JSON boards one after another (JSON Lines, one board a line, or values
  separated by whitespace; LeetCode's object {\"board\": [[...]]} too, other keys
  ignored) are a batch: every board is answered in order, under `Board at line L:`
  (JSON and CSV: a \"line\" key or column); a bad board is reported at its place and
  the others are still answered; the exit status is the worst. After a malformed
  value reading goes on at the next line starting with `[` or `{`. The text forms
  (jump lists, whitespace rows) are one board a file.

With no FILE (or FILE `-`) the board is read from standard input.

Limits: boards of up to 25,000,000 squares for solve, 2,000,000 for stats and simulate
(their Markov chain); the board's text, read whole, at most
64 MiB (a compact JSON matrix of about 21 million squares; write a larger board as a
jump list). A longer input, more than 1 MiB of blank lines before the board, or a
control byte (NUL, ESC, ...: binary data) stops reading at once with one error.";

/// What `--draw` does for `solve` (the shared [`crate::args::DrawArg`] says it in
/// general words).
const DRAW_HELP: &str = "Also draw the board with the route marked (boards up to 10,000 squares): \
`--draw` in text, `--draw svg` as an SVG picture with the snakes (red), the ladders (green) and the \
route's squares (orange)";

/// What `--draw` does for `stats`.
const STATS_DRAW_HELP: &str = "`--draw svg`: instead of the text, an SVG chart of the game-length \
distribution with the mean (red) and the median (blue) marked; the text always has its histogram, \
so `--draw` alone changes nothing";

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
    /// Prints `min rolls: K` (JSON: `{"min_rolls": K, "path": [squares], ...}`, both
    /// null when the last square cannot be reached).
    /// Exit 1 when the last square cannot be reached.
    ///
    /// Example: echo '[[-1,-1],[-1,3]]' | gridsolve ladders solve --path
    #[command(after_long_help = FORMATS_HELP, mut_arg("draw", |arg| arg.help(DRAW_HELP)))]
    Solve(solve::SolveArgs),
    // The examples below are paragraphs of their own: clap joins the lines of one.
    /// The game's length as a Markov chain: expected turns, the distribution of game
    /// length with a histogram, and with --players K each player's chance to win.
    ///
    /// The token starts off the board (square 0) unless --start says otherwise.
    /// Exit 1 when the game may never end; 3 when the board is too large for the
    /// exact methods and the iterative one gives up (the expectation is then unknown).
    ///
    /// Examples:
    ///
    /// gridsolve ladders stats chutes.txt --players 2
    ///
    /// gridsolve ladders stats chutes.txt --draw svg > lengths.svg
    #[command(after_long_help = FORMATS_HELP, mut_arg("draw", |arg| arg.help(STATS_DRAW_HELP)))]
    Stats(stats::StatsArgs),
    /// Monte Carlo games with a seeded random number generator (ChaCha8): mean game
    /// length with a 95% confidence interval, checked against the exact expectation.
    ///
    /// A simulation estimated at more than a minute starts with a note saying how long;
    /// on a terminal a progress bar shows the games played and the time left. Ctrl-C
    /// stops it between two games and reports the games played so far, marked
    /// interrupted, with exit status 130.
    ///
    /// Example: gridsolve ladders simulate chutes.txt --games 100000 --seed 7
    #[command(after_long_help = FORMATS_HELP)]
    Simulate(simulate::SimulateArgs),
}

impl LaddersArgs {
    /// The CSV columns of the verb's answer (see [`report::Answer::csv_columns`]).
    pub fn csv_columns(&self) -> Vec<&'static str> {
        use report::Answer;
        match &self.command {
            LaddersCommand::Solve(_) => solve::SolveAnswer::csv_columns(),
            LaddersCommand::Stats(_) => stats::StatsAnswer::csv_columns(),
            LaddersCommand::Simulate(_) => simulate::SimulateAnswer::csv_columns(),
        }
    }
}

/// Runs `gridsolve ladders ...`: the verb's answer to each board of the input (one,
/// or a batch of JSON boards: see [`boards`]), written in `format`.
pub fn run(args: LaddersArgs, format: Format, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let solve = Loading {
        leetcode_start: true,
        for_chain: false,
    };
    let chain = Loading {
        leetcode_start: false,
        for_chain: true,
    };
    match args.command {
        LaddersCommand::Solve(args) => {
            boards::run(&args.input, solve, false, format, out, |game| {
                solve::answer(&args, game)
            })
        }
        // Watched from the start, so that a Ctrl-C while a huge board is read stops the
        // solver at its first look rather than killing the process with nothing said.
        LaddersCommand::Stats(args) => boards::run(&args.input, chain, true, format, out, |game| {
            stats::answer(&args, game)
        }),
        LaddersCommand::Simulate(args) => {
            boards::run(&args.input, chain, false, format, out, |game| {
                simulate::answer(&args, game)
            })
        }
    }
}

/// How a verb takes its board.
#[derive(Clone, Copy, Debug)]
struct Loading {
    /// Square 1 is the default start for boards read from a matrix (`solve`).
    leetcode_start: bool,
    /// At most [`MAX_CHAIN_SQUARES`] squares (`stats` and `simulate`).
    for_chain: bool,
}

/// The board and the rules, shared by every ladders subcommand.
#[derive(Debug, Args)]
struct BoardArgs {
    /// The board file (LeetCode matrix or jump list; several JSON boards make a batch);
    /// standard input when omitted or `-`.
    file: Option<PathBuf>,
    /// The input form; `auto` detects it from the text.
    #[arg(long, value_enum, default_value_t = InputFormat::Auto)]
    input_format: InputFormat,
    /// The number of squares of a bare JSON jump list `[[from, to], ...]` (default: the
    /// smallest n² holding every square it names).
    #[arg(long, value_name = "N", value_parser = crate::args::whole_number::<u32>(1, ladders::MAX_SQUARES))]
    squares: Option<u32>,
    /// Faces of the die (rolls 1..=K, equally likely).
    #[arg(long, default_value_t = 6, value_parser = crate::args::whole_number::<u32>(1, u64::from(ladders::MAX_FACES)))]
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
    /// A jump that ends on the start of another jump follows that one too (ladder
    /// onto ladder, ladder onto a snake's head, ...), as some boards rule; jumps that
    /// lead back to their own start are an error. Default: one jump per move
    /// (LeetCode 909, the Milton Bradley rules).
    #[arg(long)]
    chain: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum InputFormat {
    Auto,
    Matrix,
    JumpsJson,
    JumpsText,
    /// A bare JSON list of [from, to] pairs.
    JumpPairs,
    /// The Codeforces 1245E heights matrix.
    Heights,
}

/// `--rule`, and the `"rule"` of the JSON answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Serialize)]
#[serde(rename_all = "kebab-case")]
enum RuleArg {
    /// A roll past the last square leaves the token where it is (Milton Bradley rule).
    Exact,
    /// A roll past the last square ends on it (LeetCode 909).
    OvershootWins,
    /// A roll past the last square moves back by the excess (with more faces than
    /// squares, on back and forth between square 0 and the last).
    Bounce,
}

impl RuleArg {
    fn end_rule(self) -> EndRule {
        match self {
            RuleArg::Exact => EndRule::Exact,
            RuleArg::OvershootWins => EndRule::OvershootWins,
            RuleArg::Bounce => EndRule::Bounce,
        }
    }
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

/// Where a board was read from, for its messages: the input's name and, for one
/// board of a batch, where it starts.
#[derive(Clone, Debug)]
struct Place {
    /// The input (a file name or `<stdin>`).
    name: String,
    /// Where the board's text starts in the input: every place of its errors and
    /// notes is moved by it ([`ladders::BoardError::within`]).
    origin: TextPosition,
    /// One board of a batch: its errors point at it when they have no place of their
    /// own, and its notes name its line.
    batch: Option<usize>,
}

impl Place {
    /// The board's error `err` (its places counted in the board's text) as bad input.
    fn invalid(&self, err: &ladders::BoardError) -> Invalid {
        let err = err.clone().within(self.origin);
        let invalid = match self.batch {
            Some(_) => Invalid::new(
                &self.name,
                &boards::AtBoard {
                    err: &err,
                    origin: self.origin,
                },
            ),
            None => Invalid::new(&self.name, &err),
        };
        match err {
            ladders::BoardError::NotSquare { cols: 2, .. } => invalid.with_hint(
                "; a list of [from, to] jumps reads with --input-format jump-pairs (and --squares N)",
            ),
            _ => invalid,
        }
    }

    /// A problem of the whole board (no place in it): at the board's start in a batch.
    fn whole(&self, error: impl Display) -> Invalid {
        match self.batch {
            Some(_) => Invalid::new(
                &self.name,
                &boards::AtBoard {
                    err: &boards::Whole(error),
                    origin: self.origin,
                },
            ),
            None => Invalid::whole(&self.name, error),
        }
    }

    /// What a note names: the input, and in a batch the board's place in it.
    fn label(&self) -> String {
        match self.batch {
            Some(_) => format!("{}:{}", self.name, self.origin),
            None => self.name.clone(),
        }
    }

    /// The picture file's name under `--output-dir` (`-line{N}` in a batch).
    fn picture_name(&self) -> String {
        crate::picture::file_name(&self.name, self.batch)
    }
}

/// A board read from its input, with the rules to play it by.
struct Game {
    /// Where the board came from, for messages.
    place: Place,
    board: Board,
    rules: Rules,
    /// The rule as the user named it, for the JSON answers.
    rule: RuleArg,
    /// Under `--chain`, the board as written (`board` then has every chain resolved),
    /// for showing each jump of a move.
    written: Option<Board>,
}

impl Game {
    /// The squares a move that lands on `landed` passes through: `landed`, then the end
    /// of each jump taken (one jump per move, or every jump of the chain under
    /// `--chain`).
    fn jumps_from(&self, landed: u32) -> Vec<u32> {
        match &self.written {
            Some(written) => written.jump_chain(landed),
            None => std::iter::once(landed)
                .chain(self.board.jump(landed))
                .collect(),
        }
    }
}

impl BoardArgs {
    /// The input form `--input-format` forces, if any.
    fn forced(&self) -> Option<BoardFormat> {
        match self.input_format {
            InputFormat::Auto => None,
            InputFormat::Matrix => Some(BoardFormat::Matrix),
            InputFormat::JumpsJson => Some(BoardFormat::JumpsJson),
            InputFormat::JumpsText => Some(BoardFormat::JumpsText),
            InputFormat::JumpPairs => Some(BoardFormat::JumpPairs),
            InputFormat::Heights => Some(BoardFormat::Heights),
        }
    }

    /// Reads the board `piece` of the input `name` (whose text is `text`; `batch`: one
    /// board of several) and settles the rules, adding its notes to `notes` (their
    /// lines without `gridsolve: `). `stats` and `simulate` take at most
    /// [`MAX_CHAIN_SQUARES`] squares.
    fn game(
        &self,
        name: &str,
        text: &str,
        piece: &boards::Piece,
        batch: bool,
        loading: Loading,
        notes: &mut Vec<String>,
    ) -> anyhow::Result<Game> {
        let place = Place {
            name: name.to_owned(),
            origin: piece.origin,
            batch: batch.then_some(piece.line),
        };
        let text = &text[piece.range.clone()];
        let game = self.load(place, text, loading.leetcode_start, notes)?;
        if loading.for_chain && game.board.squares() > MAX_CHAIN_SQUARES {
            let error = format!(
                "the board has {} squares; stats and simulate take at most {MAX_CHAIN_SQUARES} \
                 (solve takes up to {})",
                game.board.squares(),
                ladders::MAX_SQUARES
            );
            return Err(game.place.whole(error).into());
        }
        Ok(game)
    }

    /// Reads the board `text` and settles the rules; `leetcode_start` makes square 1
    /// the default start for boards read from a matrix.
    fn load(
        &self,
        place: Place,
        text: &str,
        leetcode_start: bool,
        notes: &mut Vec<String>,
    ) -> anyhow::Result<Game> {
        let forced = self.forced();
        let label = place.label();
        // The detected form is left to `Board::read`, which then names a jump list's
        // missing `squares N` header rather than a non-square matrix.
        let (mut board, reading) = Board::read(text, forced, self.squares).map_err(|e| {
            let invalid = place.invalid(&e);
            // Two `[from, to]` pairs also make a 2 x 2 matrix, which detection takes.
            let two_by_two = grid_core::parse_matrix(text).is_ok_and(|grid| {
                grid.rows() == 2 && grid.cols() == 2 && grid.iter().all(|(_, &v)| v >= 1)
            });
            if forced.is_none() && two_by_two {
                invalid.with_hint(
                    " (read as a 2 x 2 LeetCode matrix; a list of two [from, to] jumps reads with \
                     --squares N, the board's size)",
                )
            } else {
                invalid
            }
        })?;
        let form = reading.format;
        if let Some((squares, largest)) = reading.inferred_squares {
            notes.push(format!(
                "{label}: note: a bare jump list names no number of squares: read as {squares} squares, the smallest n x n board holding square {largest}; --squares N says otherwise"
            ));
        }
        if let Some(squares) = self.squares
            && form != BoardFormat::JumpPairs
        {
            notes.push(format!(
                "{label}: note: --squares {squares} has no effect: it numbers the squares of a bare jump list `[[from, to], ...]`, and this board gives its own ({})",
                board.squares()
            ));
        }
        if let Some(note) = idle_note(&board, place.origin) {
            notes.push(format!("{label}: note: {note}"));
        }
        if reading.detected && form == BoardFormat::Heights {
            notes.push(format!(
                "{label}: note: read as a heights matrix (Codeforces 1245E: each cell the rows its ladder rises), since a LeetCode 909 cell is never 0; the token starts on square 1"
            ));
        }
        let mut written = None;
        if self.chain {
            // The board keeps where its jumps were written: its errors point there.
            let chained = board.chained().map_err(|e| place.invalid(&e))?;
            written = Some(std::mem::replace(&mut board, chained));
        } else if let Some(jump) = board.jumps().find(|j| board.jump(j.to).is_some()) {
            let next = Jump {
                from: jump.to,
                to: board.jump(jump.to).unwrap_or(jump.to),
            };
            notes.push(format!(
                "{label}: note: {jump} ends on the start of {next}; a move takes one jump \
                 (--chain follows both)"
            ));
        }
        let start = match self.start {
            Some(StartArg::OffBoard) => Start::OffBoard,
            Some(StartArg::SquareOne) => Start::SquareOne,
            None if leetcode_start && form == BoardFormat::Matrix => Start::SquareOne,
            None if form == BoardFormat::Heights => Start::SquareOne,
            None => Start::OffBoard,
        };
        if start == Start::SquareOne
            && let Some(to) = board.jump(1)
        {
            let jump = Jump { from: 1, to };
            notes.push(format!(
                "{label}: note: {jump} starts on square 1, where the token starts: it is never \
                 taken (--start off-board takes it, as the physical game does)"
            ));
        }
        let rules = Rules::new(self.faces)?
            .with_end(self.rule.end_rule())
            .with_start(start);
        Ok(Game {
            place,
            board,
            rules,
            rule: self.rule,
            written,
        })
    }
}

/// The note for the jumps written from a square to itself, which the board reads as
/// plain squares (in every form: LeetCode 909 allows a cell holding its own square):
/// said, since in a jump list it is likely a slip; places in the text moved by
/// `origin`, where the board's text starts. `None` when there are none.
fn idle_note(board: &Board, origin: TextPosition) -> Option<String> {
    const SHOWN: usize = 3;
    let idle: Vec<(u32, ladders::JumpSource)> = board
        .idle_jumps()
        .iter()
        .map(|&(square, at)| (square, at.within(origin)))
        .collect();
    let (&(square, at), rest) = idle.split_first()?;
    let mut note = match rest.len() {
        0 => format!("jump {square} -> {square} ({at}) leads to its own square"),
        _ => format!(
            "{} jumps lead to their own square: {square} -> {square} ({at})",
            idle.len()
        ),
    };
    for &(square, at) in rest.iter().take(SHOWN - 1) {
        note.push_str(&format!(", {square} -> {square} ({at})"));
    }
    if idle.len() > SHOWN {
        note.push_str(&format!(" and {} more", idle.len() - SHOWN));
    }
    note.push_str(match rest.len() {
        0 => ": it changes nothing, and the square is read as a plain one",
        _ => ": they change nothing, and the squares are read as plain ones",
    });
    Some(note)
}

impl Game {
    /// A progress bar over `len` `unit`s of this board's work (on a terminal only); a
    /// hidden one for a board of a batch, whose bar counts boards (a fresh user's
    /// finding: 10,000 boards drew 10,000 bars, 16 MB of terminal output).
    fn progress_bar(&self, len: u64, unit: &str) -> indicatif::ProgressBar {
        match self.place.batch {
            Some(_) => indicatif::ProgressBar::hidden(),
            None => report::progress_bar(len, unit),
        }
    }
}

/// The one-line description of a game that `stats` and `simulate` print first:
/// `100 squares, 9 ladders, 10 snakes; 6-sided die, rule exact, start off the board
/// (square 0)`.
#[derive(Clone, Copy, Debug)]
struct GameSummary {
    squares: u32,
    ladders: usize,
    snakes: usize,
    faces: u32,
    rule: EndRule,
    start: Start,
    /// `--chain`: a move follows every jump of a chain.
    chain: bool,
}

impl GameSummary {
    fn of(game: &Game) -> GameSummary {
        // Under --chain the jumps as written, not as resolved.
        let (ladders, snakes) = game
            .written
            .as_ref()
            .unwrap_or(&game.board)
            .ladders_and_snakes();
        GameSummary {
            squares: game.board.squares(),
            ladders,
            snakes,
            faces: game.rules.faces(),
            rule: game.rules.end(),
            start: game.rules.start(),
            chain: game.written.is_some(),
        }
    }
}

impl fmt::Display for GameSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let start = match self.start {
            Start::OffBoard => "off the board (square 0)",
            Start::SquareOne => "square 1",
        };
        write!(
            f,
            "{}, {}, {}; {}-sided die, rule {}, start {start}",
            count_of(self.squares, "square"),
            count_of(self.ladders, "ladder"),
            count_of(self.snakes, "snake"),
            self.faces,
            self.rule
        )?;
        if self.chain {
            write!(f, ", chained jumps")?;
        }
        Ok(())
    }
}

/// `x` with `digits` significant digits; in scientific notation below 1e-6 (so the
/// shortest game on a huge board is not hundreds of zeros) and from 1e15 (so an
/// expectation of 1e38 turns does not print 39 digits, 30 of them noise).
fn significant(x: f64, digits: usize) -> String {
    if x == 0.0 || !x.is_finite() {
        return format!("{x}");
    }
    let magnitude = x.abs().log10().floor() as i64;
    if !(-6..15).contains(&magnitude) {
        let decimals = digits.saturating_sub(1);
        return format!("{x:.decimals$e}");
    }
    let decimals = (digits as i64 - 1 - magnitude).max(0) as usize;
    format!("{x:.decimals$}")
}
