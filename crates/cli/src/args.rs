//! Arguments shared by every puzzle's subcommands, so a flag has one name, one
//! meaning and one default everywhere: `--jobs`, `--seed`, `--draw`.
//!
//! A puzzle module flattens the ones its verb needs into its clap arguments
//! (`#[command(flatten)] jobs: JobsArg`). `--format text|json` is global (see `main`).

use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use grid_core::text;

use crate::report::Picture;

/// `--jobs J` (`-j J`): worker threads for a batch or a parallel search; every verb
/// that can use more than one thread takes it, with the same default.
#[derive(Clone, Copy, Debug, Default, Args)]
pub struct JobsArg {
    /// Threads to use (default: all cores); with 1, a single thread does all the work.
    /// The answers and their order do not depend on it (but for work cut short by a
    /// time budget, such as `sudoku grade --budget 5s`).
    #[arg(long, short = 'j', value_name = "J", value_parser = whole_number::<u16>(1, u64::from(u16::MAX)))]
    jobs: Option<u16>,
}

impl JobsArg {
    /// One thread, whatever the machine: for a batch whose answers do their own
    /// parallel work or show their own progress (ladders boards).
    pub fn one() -> JobsArg {
        JobsArg { jobs: Some(1) }
    }

    /// The number of threads asked for, or every core the process may use.
    pub fn threads(self) -> usize {
        match self.jobs {
            Some(jobs) => usize::from(jobs),
            None => std::thread::available_parallelism().map_or(1, usize::from),
        }
    }

    /// A rayon pool of [`JobsArg::threads`] threads.
    ///
    /// # Errors
    ///
    /// When the operating system refuses to start the threads.
    pub fn pool(self) -> anyhow::Result<rayon::ThreadPool> {
        thread_pool(self.threads())
    }
}

/// A rayon pool of `threads` threads.
///
/// # Errors
///
/// When the operating system refuses to start the threads.
pub fn thread_pool(threads: usize) -> anyhow::Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("cannot start the worker threads")
}

/// `--seed S`: the seed of every random choice (generation, simulation), so the same
/// seed gives the same output. Default 0 everywhere.
#[derive(Clone, Copy, Debug, Default, Args)]
pub struct SeedArg {
    /// Seed of the random generator: the same seed gives the same output.
    #[arg(long, value_name = "S", default_value_t = 0, value_parser = whole_number::<u64>(0, u64::MAX))]
    pub seed: u64,
}

/// What `--draw` draws: a text picture (the default, and what `--draw` alone asks
/// for) or a standalone SVG document.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DrawForm {
    /// A picture in text (queens as `Q`, a maze path with `*`, a Sudoku in rows with
    /// box separators, a ladders board), with the answer or in its place (each
    /// command's help says which).
    Text,
    /// One standalone SVG document per answer instead of the text (or one file per
    /// answer in `--output-dir DIR`); in JSON, the document is the `"drawing"`.
    Svg,
}

/// `--draw[=text|svg]`: draw the answer as a picture of the grid (queens as `Q`, a
/// maze path with `*`, a Sudoku in rows with box separators, a ladders board) instead
/// of the compact form, or as an SVG document with `--draw svg`. `--board` is a hidden
/// alias kept for scripts written before the name was settled.
///
/// The value is optional, so `--draw` alone keeps meaning text, and `--draw maze.txt`
/// keeps reading `maze.txt` as the input: [`join_draw_values`] joins `--draw svg` and
/// `--draw text` into `--draw=svg` before clap reads the command line, and clap takes a
/// value only after `=`. A file named `svg` or `text` is then written `./svg`.
#[derive(Clone, Debug, Default, Args)]
pub struct DrawArg {
    /// Draw the answer as a picture: `--draw` (or `--draw text`) a text picture after
    /// the answer, `--draw svg` an SVG document per answer instead (JSON: in
    /// "drawing").
    #[arg(
        long,
        alias = "board",
        value_name = "FORM",
        value_enum,
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "text"
    )]
    draw: Option<DrawForm>,

    /// Write each answer's SVG picture to a file of DIR (created if need be) instead of
    /// standard output, which then gets the file's path (JSON: "drawing_file"); implies
    /// --draw svg. Files are named after the input and the answer's place in it:
    /// `puzzles-line12.svg` for the puzzle on line 12 of puzzles.txt, `stdin-line3.svg`,
    /// `maze.svg` for a maze file, `queens-8.svg` for `queens solve 8`. A name this run
    /// has already written gets `-2`, `-3`, ... (`maze-2.svg`), so nothing this run wrote is
    /// overwritten; a file of that name left by an earlier run is replaced.
    #[arg(long, value_name = "DIR")]
    output_dir: Option<PathBuf>,
}

impl DrawArg {
    /// Whether the text picture was asked for (`--draw`, `--draw text`).
    pub fn text(&self) -> bool {
        self.draw == Some(DrawForm::Text) && self.output_dir.is_none()
    }

    /// Whether an SVG picture was asked for (`--draw svg`, or `--output-dir`).
    pub fn svg(&self) -> bool {
        self.draw == Some(DrawForm::Svg) || self.output_dir.is_some()
    }

    /// The SVG picture of an answer when `--draw svg` asked for one: `draw()` makes
    /// the document, `name` names its file under `--output-dir` (see
    /// [`picture::file_name`](crate::picture::file_name)).
    pub fn picture<D: std::fmt::Display>(
        &self,
        name: &str,
        draw: impl FnOnce() -> D,
    ) -> Option<Picture> {
        if !self.svg() {
            return None;
        }
        let path = self
            .output_dir
            .as_ref()
            .map(|dir| dir.join(format!("{name}.svg")));
        Some(Picture::new(&draw(), path))
    }
}

/// The command line with `--draw svg` and `--draw text` (and `--board ...`) joined into
/// `--draw=svg`, so that `--draw` takes its optional value only when it is one of the
/// forms and a file after it stays the input (see [`DrawArg`]). Arguments after `--`
/// are left alone.
pub fn join_draw_values(
    args: impl IntoIterator<Item = std::ffi::OsString>,
) -> Vec<std::ffi::OsString> {
    let mut joined: Vec<std::ffi::OsString> = Vec::new();
    let mut literal = false;
    for arg in args {
        let is_form = arg == "svg" || arg == "text";
        match joined.last_mut() {
            Some(last) if !literal && is_form && (*last == "--draw" || *last == "--board") => {
                last.push("=");
                last.push(&arg);
            }
            _ => {
                literal |= arg == "--";
                joined.push(arg);
            }
        }
    }
    joined
}

/// The clap value parser of every whole-number argument (`--rows R`, `--count N`,
/// `queens count N`, ...): a value in `min..=max` read as `T`, or a message that says
/// what was expected and names the value as written: `expected a whole number from 1
/// to 100, found `-5``; for an argument without an upper bound of its own (`max` is
/// `u64::MAX`) `expected a whole number of at least 1, found `x``, and a value beyond
/// `u64` says `integer 99999999999999999999 is too large (at most
/// 18446744073709551615)`. Negative values reach it because [`accept_negative_numbers`]
/// lets them through as values.
pub fn whole_number<T>(
    min: u64,
    max: u64,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: TryFrom<u64> + Clone + Send + Sync + 'static,
{
    move |token: &str| {
        let expected = match (min, max) {
            (0, u64::MAX) => "expected a whole number, 0 or more".to_owned(),
            (_, u64::MAX) => format!("expected a whole number of at least {min}"),
            _ => format!("expected a whole number from {min} to {max}"),
        };
        let found = || format!("{expected}, found {}", text::quote(token));
        let value = match text::parse_integer(token, min, max) {
            Ok(value) => value,
            Err(text::IntegerError::TooLarge { .. }) if max < u64::MAX => return Err(found()),
            Err(err @ text::IntegerError::TooLarge { .. }) => return Err(err.to_string()),
            Err(_) => return Err(found()),
        };
        T::try_from(value).map_err(|_| found())
    }
}

/// The clap value parser of a probability (`maze generate --loops P`): a number from
/// 0 to 1 (`0.25`, `1`, `2.5e-1`), or a message in the words of [`whole_number`]'s:
/// `expected a probability from 0 to 1, found `2``. NaN and infinities are refused.
pub fn probability(token: &str) -> Result<f64, String> {
    match token.trim().parse::<f64>() {
        Ok(p) if (0.0..=1.0).contains(&p) => Ok(p),
        _ => Err(format!(
            "expected a probability from 0 to 1, found {}",
            text::quote(token)
        )),
    }
}

/// `cmd` with every argument that takes a value (options and positionals, in every
/// subcommand) accepting a negative number as its value, so that `--rows -1` and
/// `queens count -3` reach the value's parser ([`whole_number`] says what was expected)
/// instead of being taken for unknown flags.
pub fn accept_negative_numbers(cmd: clap::Command) -> clap::Command {
    cmd.mut_args(|arg| {
        if arg.get_action().takes_values() {
            arg.allow_negative_numbers(true)
        } else {
            arg
        }
    })
    .mut_subcommands(accept_negative_numbers)
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;

    #[test]
    fn probabilities_are_from_0_to_1() {
        assert_eq!(probability("0"), Ok(0.0));
        assert_eq!(probability("0.25"), Ok(0.25));
        assert_eq!(probability("1"), Ok(1.0));
        assert_eq!(probability("2.5e-1"), Ok(0.25));
        for bad in ["-1", "2", "1.0001", "NaN", "inf", "x", ""] {
            assert_eq!(
                probability(bad).unwrap_err(),
                format!(
                    "expected a probability from 0 to 1, found {}",
                    text::quote(bad)
                ),
                "{bad}"
            );
        }
    }

    #[test]
    fn whole_numbers_say_what_was_expected() {
        let rows = whole_number::<usize>(0, u64::MAX);
        assert_eq!(rows("12"), Ok(12));
        assert_eq!(
            rows("-1").unwrap_err(),
            "expected a whole number, 0 or more, found `-1`"
        );
        assert_eq!(
            rows("99999999999999999999").unwrap_err(),
            "integer 99999999999999999999 is too large (at most 18446744073709551615)"
        );
        let games = whole_number::<u64>(1, u64::MAX);
        assert_eq!(
            games("x").unwrap_err(),
            "expected a whole number of at least 1, found `x`"
        );
        let players = whole_number::<u32>(1, 100);
        assert_eq!(
            players("101").unwrap_err(),
            "expected a whole number from 1 to 100, found `101`"
        );
        let jobs = whole_number::<u16>(1, u64::from(u16::MAX));
        assert_eq!(
            jobs("70000").unwrap_err(),
            "expected a whole number from 1 to 65535, found `70000`"
        );
    }

    #[test]
    fn draw_takes_a_form_only_when_one_follows() {
        let joined = |args: &[&str]| -> Vec<String> {
            join_draw_values(args.iter().map(std::ffi::OsString::from))
                .into_iter()
                .map(|a| a.into_string().unwrap())
                .collect()
        };
        assert_eq!(
            joined(&["x", "--draw", "svg", "m.txt"]),
            ["x", "--draw=svg", "m.txt"]
        );
        assert_eq!(joined(&["x", "--draw", "m.txt"]), ["x", "--draw", "m.txt"]);
        assert_eq!(joined(&["x", "--board", "text"]), ["x", "--board=text"]);
        assert_eq!(
            joined(&["x", "--", "--draw", "svg"]),
            ["x", "--", "--draw", "svg"]
        );
    }
}
