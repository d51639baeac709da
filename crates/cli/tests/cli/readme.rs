//! The READMEs' `$ gridsolve ...` transcripts, replayed: the documentation is kept true by
//! the test suite.
//!
//! Each README names the directory its transcripts run in, for people in a sentence and
//! for this test in a marker comment, `<!-- transcripts run in: fixtures/sudoku -->`
//! (relative to the repository root), which applies to the fenced blocks after it. A
//! fenced block whose lines start with `$ ` is a transcript: each `$ COMMAND` line is run
//! with `sh -c` in that directory (so pipes, `head` and `; echo "exit $?"` work), with the
//! binary under test first on `PATH`, standard error into the same pipe as standard output
//! (so the lines come in the order a terminal shows them), and `$?` set to the previous
//! command's exit status (so `$ echo $?` works). Its output must be the lines up to the
//! next `$ ` line or the end of the block, byte for byte, blank lines at the end aside.
//!
//! Two exceptions, both visible in the README: a command that ends in a `# timings vary`
//! comment is checked for its shape only (every number may differ, the words may not,
//! but those after `cpu: ` at the start of a line, which name the machine);
//! and a command that reads `shared/data` (the data sets beside the repository) runs
//! only when that directory exists, and is reported as skipped otherwise.
//! We use this harness rather than `trycmd`, which runs commands without a shell (no
//! pipes) and compares standard output and standard error apart.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::harness::repo_root;

/// The READMEs whose transcripts are replayed.
const READMES: &[&str] = &[
    "README.md",
    "crates/sudoku/README.md",
    "crates/queens/README.md",
    "crates/ladders/README.md",
    "crates/maze/README.md",
];

const MARKER: &str = "<!-- transcripts run in: ";

/// One `$ COMMAND` of a README with the output it shows.
#[derive(Debug)]
struct Transcript {
    /// The 1-based line of the `$ ` line.
    line: usize,
    dir: Option<String>,
    command: String,
    expected: String,
}

fn transcripts(text: &str) -> Vec<Transcript> {
    let mut found: Vec<Transcript> = Vec::new();
    let mut dir = None;
    let mut in_block = false;
    let mut current: Option<Transcript> = None;
    for (index, line) in text.lines().enumerate() {
        if let Some(rest) = line.trim().strip_prefix(MARKER) {
            dir = Some(rest.trim_end_matches("-->").trim().to_owned());
            continue;
        }
        if line.starts_with("```") {
            in_block = !in_block;
            found.extend(current.take());
            continue;
        }
        if !in_block {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            found.extend(current.take());
            current = Some(Transcript {
                line: index + 1,
                dir: dir.clone(),
                command: command.to_owned(),
                expected: String::new(),
            });
        } else if let Some(transcript) = &mut current {
            transcript.expected.push_str(line);
            transcript.expected.push('\n');
        }
    }
    found
}

/// `text` without its trailing blank lines, ending in one newline unless empty.
fn trimmed(text: &str) -> String {
    let body = text.trim_end_matches(['\n', ' ']);
    if body.is_empty() {
        String::new()
    } else {
        format!("{body}\n")
    }
}

/// The shape of lines whose numbers vary: each number is `N`, runs of spaces one space;
/// the machine line of `sudoku bench` (`cpu: ...`), whose words vary with the CPU, is
/// kept up to its colon.
fn shape(text: &str) -> String {
    text.split_inclusive('\n')
        .map(|line| match line.strip_prefix("cpu: ") {
            Some(rest) if rest.ends_with('\n') => "cpu:\n".to_owned(),
            Some(_) => "cpu:".to_owned(),
            None => shape_of_line(line),
        })
        .collect()
}

/// [`shape`] of a line that is not the machine line.
fn shape_of_line(text: &str) -> String {
    let mut out = String::new();
    let mut in_number = false;
    for c in text.chars() {
        if c.is_ascii_digit() || (in_number && c == '.') {
            if !in_number {
                out.push('N');
            }
            in_number = true;
        } else {
            in_number = false;
            if !(c == ' ' && out.ends_with(' ')) {
                out.push(c);
            }
        }
    }
    out
}

fn binary_dir() -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_gridsolve"))
        .parent()
        .expect("the binary is in a directory")
        .to_path_buf()
}

#[test]
fn every_readme_names_its_transcripts_directory_and_they_all_match() {
    let root = repo_root();
    let shared_data = root.join("../shared/data").is_dir();
    let path = std::env::join_paths(std::iter::once(binary_dir()).chain(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    )))
    .expect("a PATH");
    let mut failures = Vec::new();
    let mut ran = 0;
    for &readme in READMES {
        let text = std::fs::read_to_string(root.join(readme)).expect("the README exists");
        let found = transcripts(&text);
        assert!(!found.is_empty(), "{readme} has no `$ ` transcripts");
        let mut status = 0;
        for transcript in found {
            let Some(dir) = &transcript.dir else {
                failures.push(format!(
                    "{readme}:{}: no `{MARKER}DIR -->` before this transcript",
                    transcript.line
                ));
                continue;
            };
            if transcript.command.contains("shared/data") && !shared_data {
                eprintln!(
                    "skipped (no ../shared/data): {readme}:{}: $ {}",
                    transcript.line, transcript.command
                );
                continue;
            }
            let output = Command::new("sh")
                .arg("-c")
                .arg(format!(
                    "exec 2>&1; (exit {status}); {}",
                    transcript.command
                ))
                .current_dir(root.join(dir))
                .env("PATH", &path)
                .env_remove("RUST_BACKTRACE")
                .stdin(std::process::Stdio::null())
                .output()
                .expect("sh runs");
            ran += 1;
            status = output.status.code().unwrap_or(128);
            let actual = trimmed(&String::from_utf8_lossy(&output.stdout));
            let expected = trimmed(&transcript.expected);
            let same = if transcript.command.contains("# timings vary") {
                shape(&actual) == shape(&expected)
            } else {
                actual == expected
            };
            if !same {
                failures.push(format!(
                    "{readme}:{} (in {dir}): $ {}\n--- the README shows\n{expected}--- the binary prints\n{actual}",
                    transcript.line, transcript.command
                ));
            }
        }
    }
    eprintln!("{ran} README transcripts replayed");
    assert!(ran > 40, "only {ran} transcripts ran");
    assert!(
        failures.is_empty(),
        "{} transcripts differ:\n\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn transcripts_are_read_with_their_directory_and_output() {
    let text = "x\n<!-- transcripts run in: fixtures/maze -->\n```text\n$ a | b\none\n\n$ c\n```\n```sh\nnot a transcript\n```\n";
    let found = transcripts(text);
    assert_eq!(found.len(), 2);
    assert_eq!(
        (
            found[0].line,
            found[0].command.as_str(),
            found[0].expected.as_str()
        ),
        (4, "a | b", "one\n\n")
    );
    assert_eq!(found[1].dir.as_deref(), Some("fixtures/maze"));
    assert_eq!(found[1].expected, "");
    assert_eq!(trimmed("one\n\n"), "one\n");
    assert_eq!(
        shape("   1465   128926   7.76  x2"),
        shape(" 1465 99 10.5 x7")
    );
    assert_ne!(shape("1465 puzzles"), shape("1465 grids"));
}
