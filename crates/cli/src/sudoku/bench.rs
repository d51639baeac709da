//! `gridsolve sudoku bench`: times the solver on a file, single-threaded.

use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use grid_core::text::count_of;
use serde::Serialize;
use sudoku::{BoxShape, Layout, Sudoku, Variant, VariantKind};

use super::records::{Item, Records};
use crate::batch::Reader;
use crate::input::Input;
use crate::report::{self, Answer, Invalid, Outcome};

/// `gridsolve sudoku bench`.
#[derive(Debug, Args)]
pub(super) struct BenchArgs {
    /// Puzzle file (standard input when omitted or `-`).
    file: Option<PathBuf>,
    /// Box shape RxC; detected when omitted.
    #[arg(long = "box", value_name = "RxC")]
    box_shape: Option<BoxShape>,
    /// Symbols of the values, as for `solve` (`1-9`, `0-F`, `A-P`, ...); detected when
    /// omitted, as `solve` detects them.
    #[arg(long, value_name = "ALPHABET")]
    symbols: Option<sudoku::Alphabet>,
    // --variant: time the uniqueness check under a variant's rules (9x9).
    #[command(flatten)]
    variant: super::puzzles::VariantArg,
}

/// The timing of a file, and the machine it was taken on. JSON: `{"puzzles": N,
/// "puzzles_per_second": .., "us_per_puzzle": .., "no_guess_percent": ..,
/// "guesses_per_puzzle": .., "unique": U, "multiple": M, "no_solution": Z, "invalid": B,
/// "cpu": "AMD EPYC", "search_copy": "x86-64-v4 (..)"}`; the exit status is 2 (bad
/// input) when B, the records that were no puzzle, is not 0.
#[derive(Debug, Serialize)]
pub(super) struct BenchAnswer {
    puzzles: usize,
    puzzles_per_second: f64,
    us_per_puzzle: f64,
    no_guess_percent: f64,
    guesses_per_puzzle: f64,
    /// Puzzles with exactly one solution under the rules timed.
    unique: usize,
    /// Puzzles with two or more (the check stops at the second).
    multiple: usize,
    /// Puzzles with none.
    no_solution: usize,
    /// Records that were no puzzle (reported on standard error), not timed.
    invalid: usize,
    /// The CPU's model name (Linux: `/proc/cpuinfo`), or its architecture where that
    /// is not to be had: timings depend on it.
    cpu: String,
    /// The search timed: the copy of the 9 x 9 search this CPU runs
    /// ([`sudoku::search_copy`]), the general solver for other sizes
    /// ([`sudoku::general_search_name`]; both, `;`-separated, for a file of both), or
    /// under `--variant` the variant's solver ([`sudoku::variant_search_name`]).
    search_copy: String,
    /// What the text calls it: `9x9 search` for the classic rules on 9 x 9 puzzles,
    /// `search` for other sizes, `--variant x search` and so on.
    #[serde(skip)]
    searched: String,
}

impl Answer for BenchAnswer {
    /// Its keys, then the place and message of bad input: one CSV header for a
    /// missing or empty file too.
    fn csv_columns() -> Vec<&'static str> {
        crate::report::with_error_columns(&[
            "puzzles",
            "puzzles_per_second",
            "us_per_puzzle",
            "no_guess_percent",
            "guesses_per_puzzle",
            "unique",
            "multiple",
            "no_solution",
            "invalid",
            "cpu",
            "search_copy",
            "status",
        ])
    }

    /// Answered, or bad input when some records were not puzzles (the rest are timed).
    fn outcome(&self) -> Outcome {
        if self.invalid > 0 {
            Outcome::BadInput
        } else {
            Outcome::Answered
        }
    }

    fn status(&self) -> Option<&'static str> {
        Some(Outcome::Answered.status())
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "{:>10} {:>12} {:>11} {:>11} {:>15}",
            "puzzles", "puzzles/s", "µs/puzzle", "no guess %", "guesses/puzzle"
        )?;
        writeln!(
            out,
            "{:>10} {:>12.0} {:>11.2} {:>11.1} {:>15.2}",
            self.puzzles,
            self.puzzles_per_second,
            self.us_per_puzzle,
            self.no_guess_percent,
            self.guesses_per_puzzle
        )?;
        writeln!(
            out,
            "cpu: {}; {}: {}",
            self.cpu, self.searched, self.search_copy
        )?;
        write!(
            out,
            "solutions: {} unique, {} multiple, {} none",
            self.unique, self.multiple, self.no_solution
        )?;
        if self.invalid > 0 {
            write!(
                out,
                "; {} not timed (reported above)",
                count_of(self.invalid, "invalid record")
            )?;
        }
        writeln!(out)
    }
}

/// Reads every puzzle of the input (reporting bad records on standard error), then
/// times `analyse_variant(2, ..)` on each: the uniqueness check under `--variant`
/// (classic by default).
///
/// # Errors
///
/// An input that cannot be read, or that holds no puzzle to time (an [`Invalid`]).
pub(super) fn answer(args: &BenchArgs) -> anyhow::Result<BenchAnswer> {
    let input = Input::open(args.file.as_deref())?;
    let mut records = Records::new(input, args.box_shape, Layout::Detect);
    let source = records.name.clone();
    // Read and parsed a chunk at a time, so that only the puzzles are held, and an
    // input of no puzzles (`yes 1 |`) stops as a batch's does (Reader::bad_start_limit).
    let mut items = Vec::new();
    let mut puzzles = Vec::new();
    let mut bad = 0usize;
    let mut any_puzzle = false;
    loop {
        items.clear();
        // An error that ends the input comes with the read after the records before
        // it, and ends the bench.
        records.read(crate::batch::CHUNK, &mut items)?;
        if items.is_empty() {
            break;
        }
        for item in &items {
            let parsed = match item {
                Item::Text(record) => {
                    super::puzzles::record_variant(args.variant.variant, record, &source).and_then(
                        |variant| {
                            super::puzzles::parse_in_alphabet(
                                record,
                                &source,
                                args.box_shape,
                                args.symbols.as_ref(),
                                &variant,
                            )
                            .puzzle
                            .map(|puzzle| (puzzle, variant))
                            .map_err(|e| super::puzzles::record_invalid(&source, &e))
                        },
                    )
                }
                Item::Unreadable(bad) => Err(Invalid::new(&source, bad)),
            };
            match parsed {
                Ok(puzzle) => puzzles.push(puzzle),
                Err(invalid) => {
                    report::message(invalid.message());
                    bad += 1;
                    // A puzzle whose givens clash is a puzzle: the input is a puzzle file.
                    any_puzzle |= invalid.is_a_puzzle();
                    let limit = records.bad_start_limit().unwrap_or(usize::MAX);
                    if puzzles.is_empty() && !any_puzzle && bad >= limit {
                        return Err(records.not_puzzles(bad));
                    }
                }
            }
        }
    }
    if puzzles.is_empty() {
        return Err(Invalid::whole(&source, "no puzzle to time").into());
    }
    Ok(time(&puzzles, bad, args.variant.variant))
}

fn time(puzzles: &[(Sudoku, Variant)], invalid: usize, rules: VariantKind) -> BenchAnswer {
    let started = Instant::now();
    let mut guesses = 0u64;
    let mut no_guess = 0usize;
    // Solutions found per puzzle, 0, 1 or 2 (the limit): the uniqueness the check
    // establishes, shown so that a file of improper puzzles is not timed unawares.
    let mut found = [0usize; 3];
    for (p, variant) in puzzles {
        let a = p.analyse_variant(2, variant);
        guesses += a.stats.guesses;
        no_guess += usize::from(a.stats.guesses == 0);
        found[usize::try_from(a.count.count.min(2)).unwrap_or(2)] += 1;
    }
    let secs = started.elapsed().as_secs_f64().max(1e-9);
    // Under the classic rules, 9 x 9 puzzles go to the 9 x 9 search, others to the
    // general solver: name what was timed.
    let nine = puzzles.iter().filter(|(p, _)| p.size() == 9).count();
    let (searched, search_copy) = match rules {
        VariantKind::Classic if nine == puzzles.len() => {
            ("9x9 search".to_owned(), sudoku::search_copy().to_owned())
        }
        VariantKind::Classic if nine == 0 => (
            "search".to_owned(),
            sudoku::general_search_name().to_owned(),
        ),
        VariantKind::Classic => (
            "search".to_owned(),
            format!(
                "9x9: {}; other sizes: {}",
                sudoku::search_copy(),
                sudoku::general_search_name()
            ),
        ),
        rules => (
            format!("--variant {rules} search"),
            sudoku::variant_search_name(rules).to_owned(),
        ),
    };
    let n = puzzles.len() as f64;
    // Rounded as the text shows them, so JSON holds no digits the clock cannot give.
    let round = |value: f64, decimals: i32| {
        let scale = 10f64.powi(decimals);
        (value * scale).round() / scale
    };
    BenchAnswer {
        puzzles: puzzles.len(),
        puzzles_per_second: round(n / secs, 0),
        us_per_puzzle: round(secs * 1e6 / n, 2),
        no_guess_percent: round(100.0 * no_guess as f64 / n, 1),
        guesses_per_puzzle: round(guesses as f64 / n, 2),
        unique: found[1],
        multiple: found[2],
        no_solution: found[0],
        invalid,
        cpu: cpu_model(),
        search_copy,
        searched,
    }
}

/// The CPU's model name: the first `model name` of `/proc/cpuinfo` (Linux on x86-64;
/// other systems, or an ARM `cpuinfo` without the field, give the architecture).
fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .filter_map(|line| line.split_once(':'))
                .find(|(key, _)| key.trim() == "model name")
                .map(|(_, name)| name.trim().to_owned())
        })
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| format!("unknown {} CPU", std::env::consts::ARCH))
}
