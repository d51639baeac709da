//! `queens count N --shard I/K` and `queens merge FILES...`: a count split into K
//! disjoint parts that separate machines run, and the sum of their partial results.

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use serde::Deserialize;

use super::render::CountAnswer;
use crate::input::Input;

/// Parses `I/K` (1-based, `1 <= I <= K`) for `--shard`.
pub(super) fn parse_shard(text: &str) -> Result<queens::Shard, String> {
    let (index, of) = text
        .split_once('/')
        .ok_or_else(|| format!("expected I/K such as 3/8, found `{text}`"))?;
    let number = |part: &str| {
        part.trim()
            .parse::<usize>()
            .map_err(|_| format!("expected I/K with whole numbers such as 3/8, found `{text}`"))
    };
    queens::Shard::new(number(index)?, number(of)?).map_err(|err| err.to_string())
}

/// The split that partial results without a `split` name come from: Takaki's prefix
/// split, the only one before the name was written.
const UNNAMED_SPLIT: &str = "prefix";

/// One partial result as `queens count --shard` writes it, in JSON or text.
#[derive(Debug, Deserialize, PartialEq, Eq)]
struct Part {
    n: usize,
    shard: usize,
    shards: usize,
    /// The name of the split ([`queens::Shard::SPLIT`]); [`UNNAMED_SPLIT`] when absent.
    #[serde(default = "unnamed_split")]
    split: String,
    count: u128,
    fundamental: u128,
}

fn unnamed_split() -> String {
    UNNAMED_SPLIT.to_string()
}

/// Reads the partial result of one file (blank and `#` comment lines skipped): a JSON line
/// `{"n":18,"shard":2,"shards":7,"split":"constellations","count":...,"fundamental":...}`
/// or the text line `n = 18, shard 2/7 of the constellations split: ... solutions, ...
/// fundamental (partial ...)` (older versions wrote neither `split` nor `of the ...
/// split`).
fn read_part(path: &Path) -> anyhow::Result<Part> {
    let (name, text) = Input::open(Some(path))?.read_to_string()?;
    let (number, line) = grid_core::text::lines(&text)
        .map(|line| (line.number, line.text))
        .find(|(_, line)| {
            !grid_core::text::is_blank_or_comment(line) && !line.trim().starts_with("gridsolve:")
        })
        .with_context(|| {
            format!("{name}: empty; expected the output of `queens count N --shard I/K`")
        })?;
    let expected = format!(
        "expected the output of `queens count N --shard I/K` (`n = 18, shard 2/7 of the {} \
         split: 123 solutions, 45 fundamental ...` or its JSON)",
        queens::Shard::SPLIT
    );
    let indent = line.len() - line.trim_start().len();
    let line = line.trim();
    if line.starts_with('{') {
        return serde_json::from_str(line).map_err(|e| {
            let (at, message) = grid_core::json_error_at(line, &e);
            let column = indent + at.column.unwrap_or(1);
            anyhow::anyhow!("{name}:{number}:{column}: {message}; {expected}")
        });
    }
    parse_text(line).with_context(|| format!("{name}:{number}: {expected}, found `{line}`"))
}

/// `n = 18, shard 2/7 of the constellations split: 123 solutions, 45 fundamental (...)`
/// (`of the ... split` optional).
fn parse_text(line: &str) -> Option<Part> {
    let rest = line.strip_prefix("n = ")?;
    let (n, rest) = rest.split_once(", shard ")?;
    let (shard, rest) = rest.split_once('/')?;
    let (shards, rest) = rest.split_once(": ")?;
    let (shards, split) = match shards.split_once(" of the ") {
        Some((shards, split)) => (shards, split.strip_suffix(" split")?.to_string()),
        None => (shards, unnamed_split()),
    };
    let (count, rest) = rest.split_once(" solution")?;
    let rest = rest.trim_start_matches('s').strip_prefix(", ")?;
    let (fundamental, _) = rest.split_once(" fundamental")?;
    Some(Part {
        n: n.parse().ok()?,
        shard: shard.parse().ok()?,
        shards: shards.parse().ok()?,
        split,
        count: count.parse().ok()?,
        fundamental: fundamental.parse().ok()?,
    })
}

/// `queens merge`: the sum of every shard of one count, after checking that the files
/// hold each shard `1..=K` of the same `N`, `K` and split exactly once.
pub(super) fn merge(files: &[PathBuf]) -> anyhow::Result<CountAnswer> {
    let mut seen: Vec<Option<&Path>> = Vec::new();
    let mut first: Option<(&Path, Part)> = None;
    let (mut total, mut fundamental) = (0u128, 0u128);
    for path in files {
        let part = read_part(path)?;
        let name = path.display();
        if let Some((first_path, first)) = &first {
            if (part.n, part.shards) != (first.n, first.shards) {
                bail!(
                    "{name}: shard {}/{} of n = {}, but {} holds a shard of {} for n = {}; \
                     every part must come from the same N and K",
                    part.shard,
                    part.shards,
                    part.n,
                    first_path.display(),
                    first.shards,
                    first.n
                );
            }
            if part.split != first.split {
                bail!(
                    "{name}: a shard of the {} split, but {} holds one of the {} split; \
                     shards of different splits (from different gridsolve versions) do not \
                     add up: count every shard with one version",
                    part.split,
                    first_path.display(),
                    first.split
                );
            }
        } else {
            seen = vec![None; part.shards];
        }
        let slot = seen.get_mut(part.shard.wrapping_sub(1)).with_context(|| {
            format!(
                "{name}: shard {}/{} does not exist",
                part.shard, part.shards
            )
        })?;
        if let Some(other) = slot {
            bail!(
                "{name}: shard {}/{} is also in {}; each shard must be given once",
                part.shard,
                part.shards,
                other.display()
            );
        }
        *slot = Some(path);
        total = total
            .checked_add(part.count)
            .context("the total exceeds u128")?;
        fundamental = fundamental
            .checked_add(part.fundamental)
            .context("the total exceeds u128")?;
        if first.is_none() {
            first = Some((path, part));
        }
    }
    let (_, first) = first.context("no files to merge")?;
    let missing: Vec<String> = (1..=first.shards)
        .filter(|i| seen[i - 1].is_none())
        .map(|i| i.to_string())
        .collect();
    if !missing.is_empty() {
        bail!(
            "missing shard{} {} of {} for n = {}: merge needs every shard 1..={}",
            if missing.len() == 1 { "" } else { "s" },
            missing.join(", "),
            first.shards,
            first.n,
            first.shards
        );
    }
    Ok(CountAnswer::new(
        first.n,
        queens::Counts { total, fundamental },
    ))
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;

    #[test]
    fn shards_parse_as_one_based_i_of_k() {
        assert_eq!(parse_shard("2/7"), Ok(queens::Shard::new(2, 7).unwrap()));
        assert!(
            parse_shard("0/7")
                .unwrap_err()
                .contains("numbered from 1 to 7")
        );
        assert!(parse_shard("8/7").is_err());
        assert!(parse_shard("2").unwrap_err().contains("expected I/K"));
    }

    #[test]
    fn the_text_form_reads_back() {
        assert_eq!(
            parse_text("n = 18, shard 2/7: 1 solution, 0 fundamental (partial)"),
            Some(Part {
                n: 18,
                shard: 2,
                shards: 7,
                split: UNNAMED_SPLIT.to_string(),
                count: 1,
                fundamental: 0
            })
        );
        assert_eq!(
            parse_text(
                "n = 18, shard 2/7 of the constellations-1 split: 3 solutions, 1 fundamental (..)"
            ),
            Some(Part {
                n: 18,
                shard: 2,
                shards: 7,
                split: "constellations-1".to_string(),
                count: 3,
                fundamental: 1
            })
        );
        assert_eq!(parse_text("n = 8: 92 solutions, 12 fundamental"), None);
    }
}
