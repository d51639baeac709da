//! Arguments shared by every puzzle's subcommands, so a flag has one name, one
//! meaning and one default everywhere: `--jobs`, `--seed`, `--draw`.
//!
//! A puzzle module flattens the ones its verb needs into its clap arguments
//! (`#[command(flatten)] jobs: JobsArg`). `--format text|json` is global (see `main`).

use anyhow::Context;
use clap::Args;
use grid_core::text;

/// `--jobs J` (`-j J`): worker threads for a batch or a parallel search; every verb
/// that can use more than one thread takes it, with the same default.
#[derive(Clone, Copy, Debug, Default, Args)]
pub struct JobsArg {
    /// Threads to use (default: all cores); with 1, a single thread does all the work.
    /// The answers and their order do not depend on it.
    #[arg(long, short = 'j', value_name = "J", value_parser = whole_number::<u16>(1, u64::from(u16::MAX)))]
    jobs: Option<u16>,
}

impl JobsArg {
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

/// `--draw`: draw the answer as a picture of the grid (queens as `Q`, a maze path
/// with `*`, a Sudoku in rows with box separators, a ladders board) instead of the
/// compact form. `--board` is a hidden alias kept for scripts written before the
/// name was settled.
#[derive(Clone, Copy, Debug, Default, Args)]
pub struct DrawArg {
    /// Draw the answer as a picture of the grid instead of the compact form.
    #[arg(long, alias = "board")]
    pub draw: bool,
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
            (0, u64::MAX) => "expected a whole number".to_owned(),
            (_, u64::MAX) => format!("expected a whole number of at least {min}"),
            _ => format!("expected a whole number from {min} to {max}"),
        };
        let found = || format!("{expected}, found `{}`", token.escape_debug());
        let value = match text::parse_integer(token, min, max) {
            Ok(value) => value,
            Err(text::IntegerError::TooLarge { .. }) if max < u64::MAX => return Err(found()),
            Err(err @ text::IntegerError::TooLarge { .. }) => return Err(err.to_string()),
            Err(_) => return Err(found()),
        };
        T::try_from(value).map_err(|_| found())
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
    use super::*;

    #[test]
    fn whole_numbers_say_what_was_expected() {
        let rows = whole_number::<usize>(0, u64::MAX);
        assert_eq!(rows("12"), Ok(12));
        assert_eq!(
            rows("-1").unwrap_err(),
            "expected a whole number, found `-1`"
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
}
