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
        let part = part.trim();
        part.parse::<usize>().map_err(|_| {
            if !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()) {
                format!(
                    "`{part}` is too large: a count splits into at most {} shards",
                    queens::Shard::MAX_SHARDS
                )
            } else {
                format!("expected I/K with whole numbers such as 3/8, found `{text}`")
            }
        })
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

/// Reads the partial results of one file (`-`: standard input), one per line (blank and
/// `#` comment lines skipped, and `gridsolve:` notes): a JSON line
/// `{"n":18,"shard":2,"shards":7,"split":"constellations-1","count":...,"fundamental":...}`
/// or the text line `n = 18, shard 2/7 of the constellations-1 split: ... solutions, ...
/// fundamental (partial ...)` (older versions wrote neither `split` nor `of the ...
/// split`). Each part comes with its place, `file:line`.
fn read_parts(path: &Path) -> anyhow::Result<Vec<(String, Part)>> {
    let (name, text) = Input::open(Some(path))?.read_to_string()?;
    let expected = format!(
        "expected the output of `queens count N --shard I/K` (`n = 18, shard 2/7 of the {} \
         split: 123 solutions, 45 fundamental ...` or its JSON)",
        queens::Shard::SPLIT
    );
    let mut parts = Vec::new();
    for line in grid_core::text::lines(&text) {
        let (number, line) = (line.number, line.text);
        if grid_core::text::is_blank_or_comment(line) || line.trim().starts_with("gridsolve:") {
            continue;
        }
        let indent = line.len() - line.trim_start().len();
        let line = line.trim();
        let part = if line.starts_with('{') {
            serde_json::from_str(line).map_err(|e| {
                let (at, message) = grid_core::json_error_at(line, &e);
                let column = indent + at.column.unwrap_or(1);
                anyhow::anyhow!("{name}:{number}:{column}: {message}; {expected}")
            })?
        } else {
            parse_text(line)
                .with_context(|| format!("{name}:{number}: {expected}, found `{line}`"))?
        };
        parts.push((format!("{name}:{number}"), part));
    }
    if parts.is_empty() {
        bail!("{name}: empty; {expected}");
    }
    Ok(parts)
}

/// Refuses a part whose numbers its split cannot give (a hand-edited or damaged file):
/// more fundamental solutions than solutions, or, in the constellations split, a shard
/// other than the first whose total is not 8 times its fundamental count (only the first
/// shard holds symmetric solutions).
fn check_plausible(place: &str, part: &Part) -> anyhow::Result<()> {
    let what = format!(
        "{place}: shard {}/{} of n = {} says {} and {} fundamental",
        part.shard,
        part.shards,
        part.n,
        grid_core::text::count_of(part.count, "solution"),
        part.fundamental
    );
    if part.fundamental > part.count {
        bail!("{what}, more fundamental solutions than solutions; was the file edited?");
    }
    if part.split == queens::Shard::SPLIT
        && part.shard != 1
        && Some(part.count) != part.fundamental.checked_mul(8)
    {
        bail!(
            "{what}, but in the {} split every shard but the first has exactly 8 solutions \
             per fundamental one; was the file edited?",
            part.split
        );
    }
    Ok(())
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

/// The most missing shards an error lists by number.
const MISSING_LISTED: usize = 10;

/// `queens merge`: the sum of every shard of one count, after checking that the files
/// (no files: standard input) hold each shard `1..=K` of the same `N`, `K` and split
/// exactly once, each plausible for its split.
pub(super) fn merge(files: &[PathBuf]) -> anyhow::Result<CountAnswer> {
    let stdin = [PathBuf::from("-")];
    let files = if files.is_empty() { &stdin[..] } else { files };
    // Where each shard (by its 1-based number) was found.
    let mut seen: std::collections::HashMap<usize, String> = std::collections::HashMap::new();
    let mut first: Option<(String, Part)> = None;
    let (mut total, mut fundamental) = (0u128, 0u128);
    for path in files {
        for (place, part) in read_parts(path)? {
            queens::Shard::new(part.shard, part.shards)
                .map_err(|e| anyhow::anyhow!("{place}: {e}"))?;
            check_plausible(&place, &part)?;
            if let Some((first_place, first)) = &first {
                if (part.n, part.shards) != (first.n, first.shards) {
                    bail!(
                        "{place}: shard {}/{} of n = {}, but {first_place} holds shard {}/{} of \
                         n = {}; every part must come from one count (the same N and K)",
                        part.shard,
                        part.shards,
                        part.n,
                        first.shard,
                        first.shards,
                        first.n
                    );
                }
                if part.split != first.split {
                    bail!(
                        "{place}: a shard of the {} split, but {first_place} holds one of the {} \
                         split; shards of different splits (from different gridsolve versions) \
                         do not add up: count every shard with one version",
                        part.split,
                        first.split
                    );
                }
            }
            if let Some(other) = seen.get(&part.shard) {
                if *other == place {
                    bail!("{place}: given twice; each shard must be given once");
                }
                bail!(
                    "{place}: shard {}/{} again (it is in {other} already); each shard must be \
                     given once",
                    part.shard,
                    part.shards
                );
            }
            seen.insert(part.shard, place.clone());
            total = total
                .checked_add(part.count)
                .with_context(|| format!("{place}: the sum of the counts exceeds u128"))?;
            fundamental = fundamental
                .checked_add(part.fundamental)
                .with_context(|| format!("{place}: the sum of the counts exceeds u128"))?;
            if first.is_none() {
                first = Some((place, part));
            }
        }
    }
    let (_, first) = first.context("no shards to merge")?;
    let missing: Vec<usize> = (1..=first.shards)
        .filter(|i| !seen.contains_key(i))
        .collect();
    if let [one] = missing[..] {
        bail!(
            "missing shard {one} of {} for n = {}: merge needs every shard 1..={} (count it \
             with `gridsolve queens count {} --shard {one}/{}`)",
            first.shards,
            first.n,
            first.shards,
            first.n,
            first.shards,
        );
    }
    if !missing.is_empty() {
        let mut listed: Vec<String> = missing
            .iter()
            .take(MISSING_LISTED)
            .map(ToString::to_string)
            .collect();
        if missing.len() > MISSING_LISTED {
            listed.push(format!("and {} more", missing.len() - MISSING_LISTED));
        }
        bail!(
            "missing {} shards of {} for n = {}: {}; merge needs every shard 1..={} (count \
             each with `gridsolve queens count {} --shard I/{}`)",
            missing.len(),
            first.shards,
            first.n,
            listed.join(", "),
            first.shards,
            first.n,
            first.shards,
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
        assert!(
            parse_shard("1/99999999999999999999")
                .unwrap_err()
                .contains("too large: a count splits into at most 1048576 shards")
        );
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
