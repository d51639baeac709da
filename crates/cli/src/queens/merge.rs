//! `gridsolve queens merge FILES...`: the partial counts of `queens count N --shard I/K`
//! added up into the count of N. The `queens` crate reads and checks them
//! ([`queens::Merge`]); this file reads the files and writes the answer.

use std::path::PathBuf;

use clap::Args;

use super::count::CountAnswer;
use crate::input::Input;
use crate::report::Invalid;

/// `queens merge FILES...`.
#[derive(Debug, Args)]
pub(super) struct MergeArgs {
    /// The partial results (one shard per line; several lines per file are fine; `-` or
    /// none: standard input, e.g. `cat part-* | gridsolve queens merge`).
    pub files: Vec<PathBuf>,
}

/// The sum of every shard of one count, after checking that the files (no files:
/// standard input) hold each shard `1..=K` of the same `N`, `K` and split exactly once,
/// each plausible for its split. A file that breaks a rule is [`Invalid`] (naming the file
/// and line); so is a set of files that misses a shard (naming the files).
pub(super) fn answer(args: &MergeArgs) -> anyhow::Result<CountAnswer> {
    let stdin = [PathBuf::from("-")];
    let files = if args.files.is_empty() {
        &stdin[..]
    } else {
        &args.files
    };
    let mut merge = queens::Merge::new();
    let mut names = Vec::new();
    for path in files {
        let (name, text) = Input::open(Some(path))?.read_to_string()?;
        merge
            .add_text(&name, &text)
            .map_err(|err| Invalid::new(&name, &err))?;
        names.push(name);
    }
    let merged = merge
        .finish()
        .map_err(|err| Invalid::whole(&names.join(", "), err))?;
    Ok(CountAnswer::new(merged.n, merged.counts))
}
