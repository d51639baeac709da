//! `gridsolve sudoku solve|count|check|bench|generate|hint|explain|grade|canon|dedupe`: one
//! file per verb, each with its clap `Args`, its answer step and its answer type (an
//! [`Answer`](crate::report::Answer): text, serde, outcome), written by
//! [`report::emit`] alone.
//!
//! What the verbs share: [`records`] (the input flags, and the reader that cuts the
//! input into records, each with the form its splitter found), [`record_batch`] (a
//! verb that answers every record, through [`crate::batch`]: in input order, on
//! `--jobs` threads, memory bounded whatever the size of the input; a record that is
//! no puzzle answered as [`crate::report::Invalid`]), [`puzzles`] (what solve, count
//! and check share: the alphabet, the search and its verdict) and [`logic`] (what hint
//! and explain share).

mod bench;
mod canon;
mod check;
mod count;
mod dedupe;
mod demo;
mod explain;
mod generate;
mod grade;
mod hint;
mod logic;
mod puzzles;
mod record_batch;
mod records;
mod solve;

use std::fmt::Display;
use std::io::Write;

use clap::{Args, Subcommand};
use serde::Serializer;

use crate::report::{self, Format, Outcome};

pub use demo::demo;

const INPUT_HELP: &str = "\
Input: FILE, or standard input when FILE is omitted or `-`. One puzzle per line, or one
puzzle per block of rows. Blank lines, `#` comment lines and border lines are skipped.

Titles and headers are skipped: a line that is neither a grid row nor a puzzle and holds
words (a word with a lowercase letter, more letters than digits), such as `Grid 01`
(Project Euler 96), a CSV header (`quizzes,solutions`), a program's name and version
after a grid; and `[Section]` lines (SadMan .sdk), where the grids of any section other
than `[Puzzle]` (`[Solution]`) are skipped up to the next section. A title with a
number just above a grid (or its top border), as `Grid 01` or `Puzzle 3:`, is kept as
that grid's JSON/CSV `id`.

Formats (detected per record; `--input-format FORMAT` forces one):
  line      81 cells row-major (`.`, `0` or `_` a blank); anything after whitespace,
            `,`, `;` or `:` is a comment (tdoku `puzzle:count:solution` reads too):
              ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
              4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  csv       a header, then `puzzle,solution` rows (fields quoted or not, a quoted one
            over lines holding a grid's rows, as gridsolve's CSV answers write it; a
            `solution` column read wherever the header puts it); solve, count and check compare a
            given solution with a unique one found (JSON/CSV `given_solution`: matches
            or differs; stderr names the first cell that differs, or says the solution
            column holds no solution):
              quizzes,solutions
              003020600900305001...,483921657967345821...
  block     9 rows; cells together or between spaces, `|`, `,` or `;`; `-`/`+` borders;
            a spreadsheet's rows (`,`, `;` or tab, an empty field a blank); a blank
            line between bands; labels of capitals (`HARD`, `LEVEL: 3`) and Markdown
            code fences skipped:
              . . 3 | . 2 . | 6 . .      ..3.2.6..      .,.,3,.,2,.,6,.,.      ,,3,,2,,6,,
              9 . . | 3 . 5 | . . 1      9..3.5..1      9,.,.,3,.,5,.,.,1      9,,,3,,5,,,1
  framed    rows between `|`, a space for a blank, `+---+` or `*---*` borders (or
            Unicode box drawing: `│`, `─`, `┼`, `║`, `═`, ...):
              |     3 |   2   | 6     |      |..3|.2.|6..|
              | 9     | 3   5 |     1 |      |9..|3.5|..1|
  leetcode-json
            the LeetCode 36/37 board, n rows of n strings (`.` a blank) or numbers (0 a
            blank), on one line or several; `check` on it says whether the givens clash
            (LeetCode 36: `valid`, or `not valid` and the clash, exit 1):
              [[\"5\",\"3\",\".\",\".\",\"7\",\".\",\".\",\".\",\".\"],
               [\"6\",\".\",\".\",\"1\",\"9\",\"5\",\".\",\".\",\".\"], ...]
            also as programs write it: a C, C++, Java or C# array (after its
            declaration, `;` after it), Python's `print(board)`, NumPy's print (`check`
            asks LeetCode 36's question of the board and its Python and Java prints, and
            of C-family arrays and NumPy's print whether the solution is unique):
              int grid[N][N] = { { 3, 0, 6, 5, 0, 8, 4, 0, 0 },     [[3 0 6 5 0 8 4 0 0]
                                 { 5, 2, 0, 0, 0, 0, 0, 0, 0 }, ...  [5 2 0 0 0 0 0 0 0] ...

Rated lists (their id and rating kept as JSON/CSV `id` and `given_rating`):
  Sudoku Exchange `hash puzzle rating`:
              0000183b305c  003020600900305001...  1.2
  a numbered list (`1.`, `2)`, `#3`, `No. 4`, `Puzzle 5:`, `6 -` before the cells; `# 7`
  with a space is a comment):
              1. 003020600900305001...
  serate output, or any text after a block's last row:
              ..3.2.6..9..3.5..1... ED=7.1/1.2/1.2
  OpenSudoku XML (`.opensudoku`), one game or several per line:
              <opensudoku>
                <game data=\"003020600900305001...\" />
  CSV whose header names its columns (puzzle, and id or difficulty), separated
  by `,`, `;` or a tab (a rating may have a decimal comma, `1,2`):
              id,puzzle,solution,clues,difficulty
              0,..3.2.6..9..3.5..1...,483921657967345821...,32,1.2
  JSON Lines, one object a line, the cells under `puzzle` (`board`, `quizzes`, ...)
  and an id, rating or solution under theirs (gridsolve's own JSON answers read back):
              {\"id\": 7, \"puzzle\": \"003020600900305001...\", \"difficulty\": 1.2}

Other sizes (4x4, 6x6 with 2x3 boxes, 12x12, 16x16, 25x25, ...): a line of n*n
symbols `1`-`9` then `A`-`Z`, a line of n*n whitespace-separated numbers, or n rows.
The box shape is given with `--box RxC`, or read from a block's drawing (the cells
between a row's `|` bars, the rows between border lines), or else the usual one (the
most square, boxes wider than tall).

Symbols: `--symbols` names the alphabet: `1-9`, `1-9A-G`, `0-F` (hexadoku: `0` is a
value, `.` or `_` the blank), `A-P` (16x16, POJ 3076), `A-Y` (25x25), or the symbols in
order. Without it, a 12x12 or larger grid is read in the alphabet it shows: a 16x16 grid
with `0` among its symbols, `.` blanks (or spaces in a frame) and no letter past `F` is
`0-F`; no digit at all is
as many letters as the side (`A-L` for 12x12, `A-P` for 16x16, `A-Y` for 25x25), with a
note on stderr when the standard alphabet would read it too.
A symbol is never read as a blank. Solutions are written in the input's alphabet (a
block past 9x9 in the form it is written in: symbols, `A` for 10, or numbers, `..` or `.`
a blank).

Limits: grids from 4x4 to 32x32; a line of at most 1 MiB, checked as it is read (the
longest puzzle line is a few KiB). A longer line, a control byte (NUL, ESC, ...:
binary data) or 17 lines in a row that are not UTF-8 stop reading at once with one
error.";

const EXIT_HELP: &str = "\
Exit status: 0 when every puzzle was answered (solved, or counted), 1 when a valid
puzzle has no solution (or, for solve and check, not exactly one; for check, also
when the solution a CSV or JSON record gives differs from the unique one), 2 for bad
input (malformed text, clashing givens or, under --variant, givens that clash in one of
the variant's units, or a bad region map; the batch goes on and reports each bad
record with file:line:column).";

const GRADE_HELP: &str = "\
The ratings are Sudoku Explainer 1.2.1's (SE), as its command-line rater serate prints
them (PUZZLE ED=ER/EP/ED), computed natively by the library's sudoku::se, which follows
SE's techniques, their order and its rating table rule by rule:
- ER: the rating of the hardest step of SE's solution path (the puzzle's difficulty);
- EP: the largest rating up to the first step that places a value;
- ED: the rating of the first step.
SE's path applies, at every step, the first hint of the first of its techniques (in its
order) that finds one. The engine has every SE technique, up to its Dynamic Forcing
Chains (+) (9.0 and up) and nested forcing chains (levels 2 to 5, 9.5 to 11.0 and up:
the forum's hardest puzzles). Such a step takes seconds (serate: minutes to hours);
--budget gives up on a puzzle visibly, with ER's lower bound (er_at_least, the
hardest step so far) and the EP and ED the path had already fixed, never a guess.

Only valid 9 x 9 puzzles with exactly one solution are rated, as SE rates them: a puzzle
with no solution or several gets that status (serate would print a number for it); a
grid of another size, clashing givens and pencil marks are bad input.

Forms: text (`ER 7.1  EP 1.2  ED 1.2  Forcing Chain (62 steps)`), JSON (keys status,
er, ep, ed, se_step, step_count, er_at_least, se_needs; null where unknown), CSV, and
--format serate: serate's own line, the input line (its 81 cells alone when it carries
an id or a rating) then ` ED=ER/EP/ED`, so a pipeline built on serate can use gridsolve
instead (a rating not known is `?`, followed by why in parentheses: `... ED=?/1.2/1.2
(budget: ER >= 9.0)`; a bad record: its first line then `ED=?/?/?`, the reason on
standard error). A rating given with the puzzle (`ED=7.1/1.2/1.2`, `7.1`) is compared
with SE's in the summary.

--budget TIME is wall-clock time per puzzle, so what it reaches depends on the machine,
its load and --jobs; --budget Nsteps (SE's steps) gives the same answers everywhere, but
one step can take seconds. Ctrl-C stops the rating in progress (status `interrupted`).

Exit status: 0 when every puzzle was rated, 1 when a puzzle has no solution or several,
2 for bad input (reported with file:line:column; the batch goes on), 3 when a rating is
not known: over --budget. The worst of the batch is returned, in the order 2, 3, 1, 0
(bad input first: a batch with a bad record exits 2 even when another puzzle was over
budget; the summary counts each status).

Examples:
  gridsolve sudoku grade top95.txt --jobs 2
  gridsolve --format serate sudoku grade puzzles.txt > rated.txt
  gridsolve --format json sudoku grade hardest.txt --budget 10s";

/// Solve, count, check, benchmark and generate Sudoku puzzles of any box shape; give the
/// next logical step, every step, and Sudoku Explainer's rating of 9 x 9 puzzles.
#[derive(Debug, Args)]
#[command(after_long_help = INPUT_HELP)]
pub struct SudokuArgs {
    #[command(subcommand)]
    command: SudokuCommand,
}

#[derive(Debug, Subcommand)]
enum SudokuCommand {
    /// Solve every puzzle; checks that the solution is unique unless --first.
    #[command(after_long_help = format!("{INPUT_HELP}\n\n{EXIT_HELP}\n\nExamples:\n  gridsolve sudoku solve puzzles.txt --jobs 2 --format json\n  gridsolve sudoku solve puzzles.txt --output-dir pictures\n  gridsolve sudoku solve --variant x x-sudoku.txt\n  gridsolve sudoku solve --variant jigsaw jigsaw.txt   (each line: 81 cells, a space, an 81-character region map)"))]
    Solve(solve::SolveArgs),
    /// Count the solutions of every puzzle, up to --limit.
    #[command(after_long_help = format!("{INPUT_HELP}\n\n{EXIT_HELP}\n\nExamples:\n  gridsolve sudoku count --limit 1000 multi_solution.txt\n  gridsolve sudoku count --variant windoku windoku.txt"))]
    Count(count::CountArgs),
    /// Tell whether every puzzle is proper (exactly one solution), without printing it.
    #[command(after_long_help = format!("{INPUT_HELP}\n\n{EXIT_HELP}\n\nExamples:\n  gridsolve sudoku check puzzles.txt --format json\n  gridsolve sudoku check --variant disjoint disjoint.txt"))]
    Check(check::CheckArgs),
    /// Time the solver on a file, single-threaded, uniqueness checked: puzzles/s,
    /// µs/puzzle, % solved without guessing, guesses per puzzle; then the CPU model and
    /// the copy of the 9x9 search it runs (portable, x86-64-v3 or x86-64-v4), the
    /// general solver for other sizes, or under --variant the variant's solver; then how
    /// many puzzles have one solution, several or none, and how many records were no
    /// puzzle.
    #[command(after_long_help = format!("{}\n\nExamples:\n  gridsolve sudoku bench top1465.txt\n  gridsolve sudoku bench --variant x x-sudoku.txt",
        // bench detects every record's format; it takes no --input-format.
        INPUT_HELP.replace(" (detected per record; `--input-format FORMAT` forces one)", " (detected per record)")))]
    Bench(bench::BenchArgs),
    /// Generate puzzles with a unique solution, minimal by default, reproducibly from --seed.
    #[command(
        after_long_help = "A puzzle of a box shape other than the usual one for its size (--box 3x2 \
                           rather than 2x3 for 6 x 6) written as a line must be read back with \
                           the same --box: a line does not record the shape (the block form \
                           and --draw do, in their bars and border lines). \
                           --variant jigsaw writes each puzzle on one line: its 81 cells, a \
                           space, and a fresh region map (as solve --variant jigsaw reads it).\n\n\
                           Examples:\n  gridsolve sudoku generate --count 3 --seed 7 --symmetry central\n  \
                           gridsolve sudoku generate --box 2x3 --seed 1 --draw\n  \
                           gridsolve sudoku generate --variant jigsaw --count 2 --seed 1"
    )]
    Generate(generate::GenerateArgs),
    /// The next logical step of every puzzle or pencil-mark grid, in one sentence.
    #[command(after_long_help = format!("{INPUT_HELP}\n\n{}\n\nExamples:\n  gridsolve sudoku hint stuck.txt --format json\n  gridsolve sudoku hint stuck.txt --draw svg > hint.svg\n  \
                                      gridsolve sudoku hint --input-format candidates pencil-marks.txt", logic::HELP))]
    Hint(hint::HintArgs),
    /// Every logical step to the solution, numbered; --draw shows the candidates before each.
    #[command(after_long_help = format!("{INPUT_HELP}\n\n{}\n\nExample:\n  gridsolve sudoku explain puzzle.txt --draw", logic::HELP))]
    Explain(explain::ExplainArgs),
    /// Sudoku Explainer's rating of every 9 x 9 puzzle (ER, EP, ED and its hardest
    /// step, as serate prints them), with a summary table per hardest step.
    #[command(after_long_help = format!("{INPUT_HELP}\n\n{GRADE_HELP}"))]
    Grade(grade::GradeArgs),
    /// The minlex form of every 9 x 9 puzzle (the smallest of its 3,359,232 positional
    /// morphs, digits relabelled in order of appearance, blank = 0), or with --grid the
    /// canonical form of its solution grid.
    #[command(after_long_help = format!("Equivalent puzzles (one becomes the other by transposition, \
permutations of bands, rows within a band, stacks and columns within a stack, and a
relabelling of the digits) have the same minlex form, and only they. Two conventions are
in use: the puzzle's minlex form (the default) and the canonical form of its solution grid
(--grid), which puzzles with equivalent solutions share; JSON names the one given in
\"form\" (puzzle_minlex or solution_grid_minlex).\n\n{INPUT_HELP}\n\n{EXIT_HELP}\n\nExamples:
  gridsolve sudoku canon 17clue.txt
  gridsolve sudoku canon --grid 17clue.txt --format json"))]
    Canon(canon::CanonArgs),
    /// Keep the first puzzle of each equivalence class (by minlex form), streaming
    #[command(after_long_help = format!("Puzzles are written as read, the counts on standard error: a CSV table's
kept rows under its header line, the kept games of OpenSudoku files as one OpenSudoku
file (the first file's root and details, each game in the folder it was read in), so
that the output reads as its input did; JSON and CSV name the puzzle alone (\"puzzle\",
with \"id\" and \"given_rating\" when given), as the other verbs do. 9 x 9 puzzles under the
classic rules only (the forms are theirs): others are bad records, which are reported
on standard error (and as \"status\":\"invalid\" lines in JSON and CSV) and skipped.
The forms seen are kept in memory (about 100 bytes each).\n\n{INPUT_HELP}\n\nExample:
  cat a.txt b.txt | gridsolve sudoku dedupe > merged.txt"))]
    Dedupe(dedupe::DedupeArgs),
}

impl SudokuArgs {
    /// The CSV columns of the verb's answers (bad records' included; see
    /// [`report::Answer::csv_columns`]).
    pub fn csv_columns(&self) -> Vec<&'static str> {
        use report::Answer;
        match &self.command {
            SudokuCommand::Solve(_) => solve::SolveAnswer::csv_columns(),
            SudokuCommand::Count(_) => count::CountAnswer::csv_columns(),
            SudokuCommand::Check(_) => check::CheckAnswer::csv_columns(),
            SudokuCommand::Bench(_) => bench::BenchAnswer::csv_columns(),
            SudokuCommand::Generate(_) => generate::Generated::csv_columns(),
            SudokuCommand::Hint(_) => hint::HintAnswer::csv_columns(),
            SudokuCommand::Explain(args) if args.se => grade::SePathAnswer::csv_columns(),
            SudokuCommand::Explain(_) => explain::ExplainAnswer::csv_columns(),
            SudokuCommand::Grade(_) => grade::GradeAnswer::csv_columns(),
            SudokuCommand::Canon(_) => canon::CanonAnswer::csv_columns(),
            SudokuCommand::Dedupe(_) => dedupe::Kept::csv_columns(),
        }
    }

    /// Whether the verb is `grade`, the one that takes `--format serate`.
    pub fn is_grade(&self) -> bool {
        matches!(self.command, SudokuCommand::Grade(_))
    }
}

/// Runs `gridsolve sudoku ...`: the verb's answers, written in `format`.
pub fn run(args: SudokuArgs, format: Format, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    match args.command {
        SudokuCommand::Solve(args) => solve::run(&args, format, out),
        SudokuCommand::Count(args) => count::run(&args, format, out),
        SudokuCommand::Check(args) => check::run(&args, format, out),
        SudokuCommand::Bench(args) => Ok(report::emit(out, format, &bench::answer(&args)?)?),
        SudokuCommand::Generate(args) => generate::run(&args, format, out),
        SudokuCommand::Hint(args) => {
            args.classic.refuse("hint", CLASSIC_TECHNIQUES)?;
            hint::run(&args, format, out)
        }
        SudokuCommand::Explain(args) => {
            args.classic.refuse("explain", CLASSIC_TECHNIQUES)?;
            explain::run(&args, format, out)
        }
        SudokuCommand::Grade(args) => {
            args.classic
                .refuse("grade", "Sudoku Explainer's rating is of classic puzzles")?;
            grade::run(&args, format, out)
        }
        SudokuCommand::Canon(args) => {
            args.classic.refuse(
                "canon",
                "the minlex form's symmetries are those of the classic rules",
            )?;
            canon::run(&args, format, out)
        }
        SudokuCommand::Dedupe(args) => {
            args.classic
                .refuse("dedupe", "its equivalence is that of the classic rules")?;
            dedupe::run(&args, format, out)
        }
    }
}

/// Why hint and explain refuse `--variant`.
const CLASSIC_TECHNIQUES: &str = "its techniques are written for rows, columns and 3 x 3 boxes";

/// Serializes a value as the string of its `Display`, written straight into the
/// output (no `String` per value).
fn text<S: Serializer>(value: &impl Display, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// [`text`] for an optional value (`null` for `None`).
fn optional_text<S: Serializer>(
    value: &Option<impl Display>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match value {
        Some(value) => serializer.collect_str(value),
        None => serializer.serialize_none(),
    }
}
