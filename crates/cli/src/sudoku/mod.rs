//! `gridsolve sudoku solve|count|check|bench|generate|hint|explain|grade`, in the CLI template's parts:
//! [`args`] (one clap struct per verb), the answer steps ([`answer`] for the batch
//! verbs, [`generate`], [`bench`](mod@bench)) that return typed answers, and [`render`] (text
//! through `report::Render`, JSON through serde).
//!
//! Batches stream through [`crate::batch`]: records (one line, or one block of rows)
//! are read in chunks and answered in input order, so memory stays bounded whatever the
//! size of the file; `--jobs J` answers them on J threads.

mod answer;
mod args;
mod bench;
mod generate;
mod logic;
mod render;

use std::io::Write;

use anyhow::Context;
use clap::{Args, Subcommand};
use sudoku::Sudoku;

use self::answer::{Layout, Mode};
use self::args::{BenchArgs, CheckArgs, CountArgs, GenerateArgs, OutputForm, SolveArgs};
use self::render::{Analysed, PuzzleAnswer, Show, Status};
use crate::report::{self, Format, Outcome};

const INPUT_HELP: &str = "\
Input: FILE, or standard input when FILE is omitted or `-`. One puzzle per line, or one
puzzle per block of rows. Blank lines, `#` comment lines and border lines are skipped.

Titles and headers are skipped: a line that is neither a grid row nor a puzzle and holds
words (a word with a lowercase letter, more letters than digits), such as `Grid 01`
(Project Euler 96), a CSV header (`quizzes,solutions`), a program's name and version
after a grid; and `[Section]` lines (SadMan .sdk), where the grids of any section other
than `[Puzzle]` (`[Solution]`) are skipped up to the next section.

Formats (detected per record; `--input-format FORMAT` forces one):
  line      81 cells row-major (`.`, `0` or `_` a blank); anything after whitespace,
            `,`, `;` or `:` is a comment (tdoku `puzzle:count:solution` reads too):
              ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
              4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
  csv       a header, then `puzzle,solution` rows; a given solution that differs
            from ours is reported on stderr with the line and the first cell:
              quizzes,solutions
              003020600900305001...,483921657967345821...
  block     9 rows; cells together or between spaces, `|`, `,` or `;`; `-`/`+` borders:
              . . 3 | . 2 . | 6 . .      ..3.2.6..      .,.,3,.,2,.,6,.,.
              9 . . | 3 . 5 | . . 1      9..3.5..1      9,.,.,3,.,5,.,.,1
  framed    rows between `|`, a space for a blank, `+---+` or `*---*` borders:
              |     3 |   2   | 6     |      |..3|.2.|6..|
              | 9     | 3   5 |     1 |      |9..|3.5|..1|
  leetcode-json
            the LeetCode 36/37 board, n rows of n strings (`.` a blank) or numbers (0 a
            blank), on one line or several; `check` on it says whether the givens clash
            (LeetCode 36: `valid`, or `not valid` and the clash, exit 1):
              [[\"5\",\"3\",\".\",\".\",\"7\",\".\",\".\",\".\",\".\"],
               [\"6\",\".\",\".\",\"1\",\"9\",\"5\",\".\",\".\",\".\"], ...]

Other sizes (4x4, 6x6 with 2x3 boxes, 12x12, 16x16, 25x25, ...): a line of n*n
symbols `1`-`9` then `A`-`Z`, a line of n*n whitespace-separated numbers, or n rows.
The box shape is detected (the most square one, boxes wider than tall) or given with
`--box RxC`.

Symbols: `--symbols` names the alphabet: `1-9`, `1-9A-G`, `0-F` (hexadoku: `0` is a
value, `.` or `_` the blank), `A-P` (16x16, POJ 3076), `A-Y` (25x25), or the symbols in
order. Without it, a 16x16 or larger grid is read in the alphabet it shows: `0` among its
symbols with `.` blanks and no letter past `F` is `0-F`; no digit at all is `A-P`
(`A-Y` for 25x25), with a note on stderr when the standard alphabet would read it too.
A symbol is never read as a blank. Solutions are written in the input's alphabet.";

const EXIT_HELP: &str = "\
Exit status: 0 when every puzzle was answered (solved, or counted), 1 when a valid
puzzle has no solution (or, for solve and check, not exactly one), 2 for bad input
(malformed text or clashing givens; the batch goes on and reports each bad record
with file:line:column).";

/// Solve, count, check, benchmark and generate Sudoku puzzles of any box shape.
#[derive(Debug, Args)]
#[command(after_long_help = INPUT_HELP)]
pub struct SudokuArgs {
    #[command(subcommand)]
    command: SudokuCommand,
}

#[derive(Debug, Subcommand)]
enum SudokuCommand {
    /// Solve every puzzle; checks that the solution is unique unless --first.
    #[command(after_long_help = format!("{INPUT_HELP}\n\n{EXIT_HELP}\n\nExample:\n  gridsolve sudoku solve puzzles.txt --jobs 2 --format json"))]
    Solve(SolveArgs),
    /// Count the solutions of every puzzle, up to --limit.
    #[command(after_long_help = format!("{INPUT_HELP}\n\n{EXIT_HELP}\n\nExample:\n  gridsolve sudoku count --limit 1000 multi_solution.txt"))]
    Count(CountArgs),
    /// Tell whether every puzzle is proper (exactly one solution), without printing it.
    #[command(after_long_help = format!("{INPUT_HELP}\n\n{EXIT_HELP}\n\nExample:\n  gridsolve sudoku check puzzles.txt --format json"))]
    Check(CheckArgs),
    /// Time the solver on a file, single-threaded, uniqueness checked: puzzles/s,
    /// µs/puzzle, % solved without guessing, guesses per puzzle.
    #[command(after_long_help = format!("{INPUT_HELP}\n\nExample:\n  gridsolve sudoku bench top1465.txt"))]
    Bench(BenchArgs),
    /// Generate puzzles with a unique solution, minimal by default, reproducibly from --seed.
    #[command(
        after_long_help = "A puzzle of a box shape other than the usual one for its size (--box 3x2 \
                           rather than 2x3 for 6 x 6) must be read back with the same --box: \
                           neither output form records the shape.\n\n\
                           Example:\n  gridsolve sudoku generate --count 3 --seed 7 --symmetry central\n  \
                           gridsolve sudoku generate --box 2x3 --seed 1 --draw"
    )]
    Generate(GenerateArgs),
    /// The next logical step of every puzzle or pencil-mark grid, in one sentence.
    #[command(after_long_help = format!("{INPUT_HELP}\n\n{}\n\nExamples:\n  gridsolve sudoku hint stuck.txt --format json\n  \
                                      gridsolve sudoku hint --input-format candidates pencil-marks.txt", logic::HELP))]
    Hint(logic::HintArgs),
    /// Every logical step to the solution, numbered; --draw shows the candidates before each.
    #[command(after_long_help = format!("{INPUT_HELP}\n\n{}\n\nExample:\n  gridsolve sudoku explain puzzle.txt --draw", logic::HELP))]
    Explain(logic::ExplainArgs),
    /// The difficulty of every puzzle: its hardest technique and an SE-style rating,
    /// with a summary table per hardest technique on standard error.
    #[command(after_long_help = format!("{INPUT_HELP}\n\n{}\n\nExample:\n  gridsolve sudoku grade top95.txt --jobs 2", logic::HELP))]
    Grade(logic::GradeArgs),
}

/// Runs `gridsolve sudoku ...`.
pub fn run(args: SudokuArgs, format: Format, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    match args.command {
        SudokuCommand::Solve(a) => {
            let mode = if a.first { Mode::First } else { Mode::Solve };
            let layout = match a.output {
                _ if a.draw.draw => Layout::Block,
                Some(OutputForm::Block) => Layout::Block,
                Some(OutputForm::Line) => Layout::Line,
                Some(OutputForm::Json) | None => Layout::AsInput,
            };
            let format = match a.output {
                Some(OutputForm::Json) => Format::Json,
                Some(o @ (OutputForm::Line | OutputForm::Block)) if format == Format::Json => {
                    anyhow::bail!(
                        "--output {} asks for text, but --format json asks for JSON lines: give one",
                        if o == OutputForm::Line {
                            "line"
                        } else {
                            "block"
                        }
                    )
                }
                _ => format,
            };
            answer::batch(&a.input, mode, layout, format, out)
        }
        SudokuCommand::Count(a) => {
            answer::batch(&a.input, Mode::Count(a.limit), Layout::AsInput, format, out)
        }
        SudokuCommand::Check(a) => {
            answer::batch(&a.input, Mode::Check, Layout::AsInput, format, out)
        }
        SudokuCommand::Bench(a) => bench::bench(a, format, out),
        SudokuCommand::Generate(a) => generate::generate(a, format, out),
        SudokuCommand::Hint(a) => logic::run(&a.input, logic::Verb::Hint, format, out),
        SudokuCommand::Explain(a) => {
            let verb = logic::Verb::Explain { draw: a.draw.draw };
            logic::run(&a.input, verb, format, out)
        }
        SudokuCommand::Grade(a) => logic::run(&a.input, logic::Verb::Grade, format, out),
    }
}

/// The classic statement's example: Norvig's `grid1`, solved.
pub fn demo(out: &mut dyn Write, format: Format) -> anyhow::Result<()> {
    const GRID1: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let puzzle: Sudoku = GRID1.parse()?;
    let analysis = puzzle.analyse(2);
    let guesses = analysis.stats.guesses;
    let solution = analysis.first.context("Norvig's grid1 has a solution")?;
    match format {
        Format::Json => report::write_json_line(
            out,
            &PuzzleAnswer {
                line: 1,
                status: Status::Solved(Analysed {
                    solution: Some(Some(render::Solution {
                        grid: solution,
                        alphabet: None,
                    })),
                    count: analysis.count,
                    givens: puzzle.givens(),
                    guesses,
                }),
                show: Show::Solution { block: true },
            },
        )?,
        Format::Text => {
            writeln!(out, "Puzzle (Norvig's grid1, {} givens):", puzzle.givens())?;
            write!(out, "{}", puzzle.block())?;
            writeln!(
                out,
                "\nSolution (unique: {} found with a limit of 2; {guesses} guesses):",
                analysis.count
            )?;
            write!(out, "{}", solution.block())?;
        }
    }
    Ok(())
}
