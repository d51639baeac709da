//! `gridsolve queens merge FILES...`: the partial counts of `queens count N --shard I/K`
//! added up into the count of N. The `queens` crate reads and checks them
//! ([`queens::Merge`]); this file reads the files and writes the answer. With
//! `--missing` it names the shards still to count instead, for re-running only those.

use std::io::{self, Write};
use std::path::PathBuf;

use clap::Args;
use queens::MergeError;
use serde::Serialize;

use super::count::CountAnswer;
use crate::input::Input;
use crate::report::{self, Answer, Format, Invalid, Outcome};

/// `queens merge FILES...`.
#[derive(Debug, Args)]
pub(super) struct MergeArgs {
    /// The partial results, as `queens count N --shard I/K` writes them in any
    /// --format (one shard per line, CSV rows under their header row; several lines per
    /// file are fine; `-` or none: standard input, e.g. `cat part-* | gridsolve queens
    /// merge`).
    pub files: Vec<PathBuf>,
    /// Print the shards missing from FILES instead of the sum, one number per line
    /// (nothing when none is missing), to re-run only those: e.g.
    /// `sbatch --array="$(gridsolve queens merge --missing part-*.json | paste -sd, -)"`.
    /// An empty file counts as missing (a shard that was stopped before it wrote), and
    /// so does a shard whose only line is that of a count Ctrl-C interrupted;
    /// FILES must still agree on N, K and the split. JSON: `{"n","shards","missing"}`
    /// (`shards` only when some are missing).
    #[arg(long)]
    pub missing: bool,
}

/// The CSV columns of `merge`'s answer (the sum's: those of `count`, whose output it
/// is; or with `--missing` the missing shards'), then the place and message of bad
/// input.
pub(super) fn csv_columns(args: &MergeArgs) -> Vec<&'static str> {
    match args.missing {
        true => report::with_error_columns(&["n", "shards", "missing", "status"]),
        false => super::count::csv_columns(),
    }
}

/// `queens merge`: the sum, or with `--missing` the shards still to count.
pub(super) fn run(
    args: &MergeArgs,
    format: Format,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let columns = csv_columns(args);
    if args.missing {
        Ok(report::emit_in_columns(
            out,
            format,
            &missing(args)?,
            &columns,
        )?)
    } else {
        Ok(report::emit_in_columns(
            out,
            format,
            &answer(args)?,
            &columns,
        )?)
    }
}

/// The most text (in bytes) of blank or comment lines read without a partial count:
/// a shard's output is one line, so past 1 MiB the input is no file of partial counts.
const MAX_GAP_BYTES: usize = 1 << 20;

/// Every file added to one [`queens::Merge`], with the names read; empty files are
/// skipped when `skip_empty`.
fn read(args: &MergeArgs, skip_empty: bool) -> anyhow::Result<(queens::Merge, Vec<String>)> {
    let stdin = [PathBuf::from("-")];
    let files = if args.files.is_empty() {
        &stdin[..]
    } else {
        &args.files
    };
    let mut merge = queens::Merge::new();
    let mut names = Vec::new();
    for path in files {
        let input = Input::open(Some(path))?;
        let name = input.name.clone();
        let mut lines = input.lines(queens::MAX_PARTIAL_COUNT_LINE_BYTES);
        let mut added = false;
        // Bytes since the last partial count: a pipe of blank lines ends (MAX_GAP_BYTES).
        let mut gap = 0;
        while let Some(line) = lines.next_line() {
            let line = line.map_err(|err| Invalid::new(&name, &err))?;
            let number = line.number;
            gap += line.text.len() + 1;
            if merge
                .add_line(&name, line)
                .map_err(|err| Invalid::new(&name, &err))?
            {
                added = true;
                gap = 0;
            } else if gap > MAX_GAP_BYTES {
                let why = format!(
                    "line {number}: 1 MiB of blank or comment lines without a partial count; reading stops"
                );
                return Err(Invalid::whole(&name, why).into());
            }
        }
        if !added && !skip_empty {
            let err = MergeError::Empty {
                source_name: name.clone(),
            };
            return Err(Invalid::new(&name, &err).into());
        }
        names.push(name);
    }
    Ok((merge, names))
}

/// The sum of every shard of one count, after checking that the files (no files:
/// standard input) hold each shard `1..=K` of the same `N`, `K` and split exactly once,
/// each plausible for its split. A file that breaks a rule is [`Invalid`] (naming the file
/// and line); so is a set of files that misses a shard (naming the files).
pub(super) fn answer(args: &MergeArgs) -> anyhow::Result<CountAnswer> {
    let (merge, names) = read(args, false)?;
    let merged = merge
        .finish()
        .map_err(|err| Invalid::whole(&names.join(", "), err))?;
    Ok(CountAnswer::new(merged.n, merged.counts))
}

/// The shards missing from the files, after the same checks as [`answer`] but for the
/// missing shards themselves (an empty file is one not yet written).
fn missing(args: &MergeArgs) -> anyhow::Result<MissingAnswer> {
    let (merge, names) = read(args, true)?;
    match merge.finish() {
        Ok(merged) => Ok(MissingAnswer {
            n: merged.n,
            shards: None,
            missing: Vec::new(),
        }),
        Err(MergeError::MissingShards {
            n, shards, missing, ..
        }) => Ok(MissingAnswer {
            n,
            shards: Some(shards),
            missing,
        }),
        Err(err) => Err(Invalid::whole(&names.join(", "), err).into()),
    }
}

/// The answer of `queens merge --missing`: the 1-based shards not in the files, text one
/// per line, JSON `{"n":15,"shards":8,"missing":[3,8]}` (`shards` absent when none is
/// missing, as the files then need not say K twice).
#[derive(Debug, Serialize)]
struct MissingAnswer {
    n: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    shards: Option<usize>,
    missing: Vec<usize>,
}

impl Answer for MissingAnswer {
    /// Answered, whether shards are missing or not.
    fn outcome(&self) -> Outcome {
        Outcome::Answered
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        for shard in &self.missing {
            writeln!(out, "{shard}")?;
        }
        Ok(())
    }
}
