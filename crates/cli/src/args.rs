//! Arguments shared by every puzzle's subcommands, so a flag has one name, one
//! meaning and one default everywhere: `--jobs`, `--seed`, `--draw`.
//!
//! A puzzle module flattens the ones its verb needs into its clap arguments
//! (`#[command(flatten)] jobs: JobsArg`). `--format text|json` is global (see `main`).

use anyhow::Context;
use clap::Args;

/// `--jobs J` (`-j J`): worker threads for a batch or a parallel search; every verb
/// that can use more than one thread takes it, with the same default.
#[derive(Clone, Copy, Debug, Default, Args)]
pub struct JobsArg {
    /// Threads to use (default: all cores); 1 runs everything on the calling thread.
    /// The answers and their order do not depend on it.
    #[arg(long, short = 'j', value_name = "J", value_parser = clap::value_parser!(u16).range(1..))]
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
    #[arg(long, value_name = "S", default_value_t = 0)]
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
