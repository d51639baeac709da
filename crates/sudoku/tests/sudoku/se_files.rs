//! Reading the serate reference ratings of `fixtures/sudoku/se-reference/` (shared by the
//! `se_reference` test and the `se_compare` bench, which includes this file by path).
//!
//! A file holds `#` header lines (serate's version and commit, the command, the date),
//! one `PUZZLE ED=ER/EP/ED` line per rated puzzle as serate prints it, and
//! `# timeout after Ns: PUZZLE` lines for puzzles serate did not finish.

use std::path::{Path, PathBuf};

/// One reference rating: the puzzle and serate's three ratings, in tenths.
#[derive(Clone, Debug)]
pub struct Reference {
    /// The set (the file name without `.txt`).
    pub set: String,
    /// The 81-character puzzle.
    pub puzzle: String,
    /// ER, EP, ED in tenths.
    pub er: u16,
    pub ep: u16,
    pub ed: u16,
}

/// The reference directory.
pub fn reference_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/sudoku/se-reference")
}

fn tenths(text: &str) -> Option<u16> {
    let (whole, tenth) = text.split_once('.')?;
    Some(whole.parse::<u16>().ok()? * 10 + tenth.parse::<u16>().ok()?)
}

/// Parses one serate line `PUZZLE ED=ER/EP/ED`.
pub fn parse_line(set: &str, line: &str) -> Option<Reference> {
    let (puzzle, ratings) = line.split_once(" ED=")?;
    let mut parts = ratings.trim().split('/');
    let er = tenths(parts.next()?)?;
    let ep = tenths(parts.next()?)?;
    let ed = tenths(parts.next()?)?;
    (puzzle.len() == 81).then(|| Reference {
        set: set.to_owned(),
        puzzle: puzzle.to_owned(),
        er,
        ep,
        ed,
    })
}

/// Every rating of one part (`fixtures` or `held-out`), sets in name order.
pub fn part(name: &str) -> Vec<Reference> {
    let dir = reference_dir().join(name);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for file in files {
        let set = file
            .file_stem()
            .expect("a .txt file")
            .to_string_lossy()
            .into_owned();
        let text = std::fs::read_to_string(&file)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
        for (n, line) in text.lines().enumerate() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let reference = parse_line(&set, line)
                .unwrap_or_else(|| panic!("{}:{}: not a serate line", file.display(), n + 1));
            out.push(reference);
        }
    }
    out
}

/// serate's `%e` (the time it took to rate a puzzle: `12.34s`, `1m05s`, `2h03m`,
/// `1d02h`) in seconds.
#[allow(dead_code, reason = "read by the se_compare bench, not by the test")]
pub fn serate_elapsed(text: &str) -> Option<f64> {
    // The two numbers' units in seconds, and what parts them.
    let (rest, first, second, parting) = if let Some(rest) = text.strip_suffix('s') {
        if !rest.contains('m') {
            return rest.parse().ok();
        }
        (rest, 60.0, 1.0, 'm')
    } else if let Some(rest) = text.strip_suffix('m') {
        (rest, 3600.0, 60.0, 'h')
    } else {
        (text.strip_suffix('h')?, 86400.0, 3600.0, 'd')
    };
    let (a, b) = rest.split_once(parting)?;
    Some(a.parse::<f64>().ok()? * first + b.parse::<f64>().ok()? * second)
}

#[test]
fn serate_elapsed_reads_every_form() {
    assert_eq!(serate_elapsed("0.42s"), Some(0.42));
    assert_eq!(serate_elapsed("1m05s"), Some(65.0));
    assert_eq!(serate_elapsed("2h03m"), Some(7380.0));
    assert_eq!(serate_elapsed("1d02h"), Some(93600.0));
    assert_eq!(serate_elapsed("ED=1.2/1.2/1.2"), None);
}

/// serate's own time per puzzle (seconds, its `%e`) from `times/*.tsv`, by puzzle;
/// or, when the environment variable `SERATE_TIMES` names a file, from serate's
/// output lines in it (`--format='%g ED=%r/%p/%d %e'`: the puzzle first, the time
/// last), so that a run of serate beside the bench can replace the recorded times.
#[allow(dead_code, reason = "read by the se_compare bench, not by the test")]
pub fn serate_seconds() -> std::collections::HashMap<String, f64> {
    let mut out = std::collections::HashMap::new();
    if let Some(file) = std::env::var_os("SERATE_TIMES") {
        let text = std::fs::read_to_string(&file).expect("SERATE_TIMES names a readable file");
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let fields: Vec<&str> = line.split_whitespace().collect();
            if let (Some(puzzle), Some(Some(seconds))) =
                (fields.first(), fields.last().map(|e| serate_elapsed(e)))
                && fields.len() >= 3
            {
                out.insert((*puzzle).to_owned(), seconds);
            }
        }
        return out;
    }
    let dir = reference_dir().join("times");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return out;
    };
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let fields: Vec<&str> = line.split('\t').collect();
            if let [puzzle, _, seconds, ..] = fields[..]
                && let Ok(s) = seconds.parse()
            {
                out.insert(puzzle.to_owned(), s);
            }
        }
    }
    out
}
