//! `cargo xtask tidy`: the house rules that ARCHITECTURE.md states, checked on the
//! tracked files, so the document stays true without anyone remembering it. Also run by
//! `cargo test` (the `house_rules` test below), as rust-analyzer's `xtask/src/tidy.rs`
//! does for its own rules.
//!
//! The rules (each a function returning its violations as `path: what is wrong`), on the
//! tracked sources and those not yet added (but not ignored):
//! - [`format_choices`]: outside `crates/cli/src/report.rs` no code chooses between the
//!   output forms (a comparison with, or a match arm on, `Format::Text` / `Format::Json` /
//!   `Format::Csv`, a `match` or `if` on a value named `format`).
//! - [`unsafe_code`]: the `unsafe` keyword appears only in the files that
//!   ARCHITECTURE.md lists under "Unsafe code".
//! - [`puzzle_dependencies`]: no puzzle crate depends on another puzzle crate (every
//!   directory under `crates/` but [`NOT_PUZZLES`] is a puzzle crate).
//! - [`unpositioned_errors`]: every error type of a library crate (a
//!   `#[derive(.. Error ..)]`) implements `grid_core::Positioned`.
//! - [`build_output`]: no build output (`target/`) is tracked.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, bail};

/// The crates under `crates/` that are not puzzles: every other directory there is a
/// puzzle crate (so a new puzzle is checked without being listed anywhere).
pub const NOT_PUZZLES: &[&str] = &["grid-core", "cli", "verify"];

/// The library crates that are not puzzles and whose errors must carry their place.
pub const SHARED_LIBRARIES: &[&str] = &["grid-core"];

/// The file that alone picks the output form.
const REPORT: &str = "crates/cli/src/report.rs";

/// The names the output format goes by in the CLI (`--format`, resolved once).
const FORMAT_VALUES: &[&str] = &["format", "self.format", "args.format", "cli.format"];

/// The heading in ARCHITECTURE.md under which the files allowed `unsafe` are listed, one
/// backquoted path per bullet.
const UNSAFE_HEADING: &str = "**Unsafe code.**";

/// One tracked file: its path from the repository root and its text.
#[derive(Debug)]
pub struct Source {
    /// The path, `/`-separated, from the repository root.
    pub path: String,
    /// The file's text.
    pub text: String,
}

/// Runs every rule on the repository at `root`; fails with the list of violations.
///
/// # Errors
///
/// When a rule is broken, or git or a file cannot be read.
pub fn run(root: &Path) -> anyhow::Result<()> {
    let violations = check(root)?;
    if violations.is_empty() {
        println!("tidy: every house rule holds");
        return Ok(());
    }
    let mut message = format!("{} house rule violation(s):\n", violations.len());
    for v in &violations {
        let _ = writeln!(message, "  {v}");
    }
    message.push_str(
        "(the rules: ARCHITECTURE.md, \"Architecture invariants\"; the checks: xtask/src/tidy.rs)",
    );
    bail!(message)
}

/// Every violation of every rule in the repository at `root`.
///
/// # Errors
///
/// When git or a file cannot be read.
pub fn check(root: &Path) -> anyhow::Result<Vec<String>> {
    let tracked = git_files(root, &["--cached"])?;
    // Sources not yet added count too: a rule holds before the commit, not after it.
    let sources = git_files(root, &["--cached", "--others", "--exclude-standard"])?;
    let puzzles = puzzle_crates(root)?;
    let rust: Vec<Source> = sources
        .iter()
        .filter(|p| p.ends_with(".rs"))
        .map(|p| read(root, p))
        .collect::<anyhow::Result<_>>()?;
    let architecture = std::fs::read_to_string(root.join("ARCHITECTURE.md"))
        .context("cannot read ARCHITECTURE.md")?;
    let manifests: Vec<Source> = puzzles
        .iter()
        .map(|c| read(root, &format!("crates/{c}/Cargo.toml")))
        .collect::<anyhow::Result<_>>()?;
    let mut violations = Vec::new();
    violations.extend(format_choices(&rust));
    violations.extend(unsafe_code(&rust, &architecture));
    violations.extend(puzzle_dependencies(&manifests, &puzzles));
    let libraries: Vec<String> = SHARED_LIBRARIES
        .iter()
        .map(|c| (*c).to_owned())
        .chain(puzzles.iter().cloned())
        .collect();
    violations.extend(unpositioned_errors(&rust, &libraries));
    violations.extend(build_output(&tracked));
    Ok(violations)
}

fn read(root: &Path, path: &str) -> anyhow::Result<Source> {
    let text =
        std::fs::read_to_string(root.join(path)).with_context(|| format!("cannot read {path}"))?;
    Ok(Source {
        path: path.to_owned(),
        text,
    })
}

/// The puzzle crates: the directories under `crates/` other than [`NOT_PUZZLES`].
fn puzzle_crates(root: &Path) -> anyhow::Result<Vec<String>> {
    let mut puzzles = Vec::new();
    for entry in std::fs::read_dir(root.join("crates")).context("cannot list crates/")? {
        let entry = entry.context("cannot list crates/")?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if entry.path().join("Cargo.toml").exists() && !NOT_PUZZLES.contains(&name.as_str()) {
            puzzles.push(name);
        }
    }
    puzzles.sort();
    Ok(puzzles)
}

/// The files `git ls-files <which>` lists under `root`, `/`-separated.
fn git_files(root: &Path, which: &[&str]) -> anyhow::Result<Vec<String>> {
    let output = Command::new("git")
        .current_dir(root)
        .args(["ls-files", "-z"])
        .args(which)
        .output()
        .context("cannot run `git ls-files`")?;
    if !output.status.success() {
        bail!("`git ls-files` failed in {}", root.display());
    }
    let paths = String::from_utf8(output.stdout).context("a tracked path is not UTF-8")?;
    Ok(paths
        .split('\0')
        .filter(|p| !p.is_empty())
        // A file deleted but not yet committed is still listed: skip it.
        .filter(|p| root.join(PathBuf::from(p)).exists())
        .map(str::to_owned)
        .collect())
}

/// The code of a line: without its `//` comment and with string and character literals
/// emptied, so a rule's words in a comment, a message or a `'{'` do not count.
fn code_of(line: &str) -> String {
    let mut code = String::with_capacity(line.len());
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => break,
            '"' => {
                code.push('"');
                while let Some(s) = chars.next() {
                    match s {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        _ => {}
                    }
                }
                code.push('"');
            }
            _ => code.push(c),
        }
    }
    code
}

/// Whether `word` occurs in `code` as a whole identifier.
fn has_word(code: &str, word: &str) -> bool {
    code.match_indices(word).any(|(i, _)| {
        let before = code[..i].chars().next_back();
        let after = code[i + word.len()..].chars().next();
        let ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !ident(before) && !ident(after)
    })
}

/// Whether the `Format` variant at `at..at + len` of `code` is compared (`== Format::Json`,
/// `!= report::Format::Text`) or matched (`Format::Text =>`, `| Format::Json`): the path
/// before it (`report::`, `crate::report::`) is skipped, and a longer name that ends the
/// same way (`OutputFormat::Json`) is not the output format.
fn compared_or_matched(code: &str, at: usize, len: usize) -> bool {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    if code[..at].chars().next_back().is_some_and(ident) {
        return false;
    }
    let mut start = at;
    while code[..start].ends_with("::") {
        let path = code[..start - 2].trim_end_matches(ident);
        start = path.len();
    }
    let before = code[..start].trim_end();
    let after = code[at + len..].trim_start();
    before.ends_with("==")
        || before.ends_with("!=")
        || before.ends_with('|')
        || after.starts_with("=>")
        || after.starts_with('|')
}

/// Rule: only `report.rs` chooses between text and JSON.
pub fn format_choices(sources: &[Source]) -> Vec<String> {
    let mut violations = Vec::new();
    for source in sources {
        if !source.path.starts_with("crates/cli/src/") || source.path == REPORT {
            continue;
        }
        for (i, line) in source.text.lines().enumerate() {
            let code = code_of(line);
            let compact: String = code.split_whitespace().collect::<Vec<_>>().join(" ");
            let chooses = ["Format::Text", "Format::Json", "Format::Csv"]
                .iter()
                .any(|variant| {
                    compact
                        .match_indices(variant)
                        .any(|(at, _)| compared_or_matched(&compact, at, variant.len()))
                })
                || ["match ", "if ", "if let "].iter().any(|keyword| {
                    compact.match_indices(keyword).any(|(at, _)| {
                        let rest = &compact[at + keyword.len()..];
                        let subject = rest.split([' ', '{', '=', ')']).next().unwrap_or("");
                        FORMAT_VALUES.contains(&subject)
                    })
                });
            if chooses {
                violations.push(format!(
                    "{}:{}: chooses between text and JSON outside report.rs: `{}`",
                    source.path,
                    i + 1,
                    line.trim()
                ));
            }
        }
    }
    violations
}

/// The files ARCHITECTURE.md allows `unsafe` in: the backquoted paths of the bullets
/// under [`UNSAFE_HEADING`], up to the next blank line.
pub fn unsafe_allowed(architecture: &str) -> Vec<String> {
    let Some(start) = architecture.find(UNSAFE_HEADING) else {
        return Vec::new();
    };
    architecture[start..]
        .lines()
        .skip(1)
        .take_while(|line| !line.trim().is_empty())
        .filter(|line| line.trim_start().starts_with("- "))
        .filter_map(|line| line.split('`').nth(1))
        .map(str::to_owned)
        .collect()
}

/// Rule: `unsafe` only in the files ARCHITECTURE.md names.
pub fn unsafe_code(sources: &[Source], architecture: &str) -> Vec<String> {
    let allowed = unsafe_allowed(architecture);
    let mut violations = Vec::new();
    if allowed.is_empty() {
        violations.push(format!(
            "ARCHITECTURE.md: no `{UNSAFE_HEADING}` list of the files allowed `unsafe`"
        ));
    }
    let mut used = Vec::new();
    for source in sources {
        let lines: Vec<usize> = source
            .text
            .lines()
            .enumerate()
            .filter(|(_, line)| has_word(&code_of(line), "unsafe"))
            .map(|(i, _)| i + 1)
            .collect();
        if lines.is_empty() {
            continue;
        }
        used.push(source.path.clone());
        if !allowed.contains(&source.path) {
            violations.push(format!(
                "{}:{}: `unsafe` outside the files ARCHITECTURE.md allows it in ({})",
                source.path,
                lines[0],
                allowed.join(", ")
            ));
        }
    }
    for path in &allowed {
        if !used.contains(path) {
            violations.push(format!(
                "ARCHITECTURE.md: allows `unsafe` in {path}, which has none (or does not exist): \
                 take it off the list"
            ));
        }
    }
    violations
}

/// Rule: a puzzle crate's manifest names no other puzzle crate (in any dependency
/// table: normal, dev or build).
pub fn puzzle_dependencies(manifests: &[Source], puzzles: &[String]) -> Vec<String> {
    let mut violations = Vec::new();
    for manifest in manifests {
        let own = manifest.path.split('/').nth(1).unwrap_or("");
        let mut table = String::new();
        for (i, line) in manifest.text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.starts_with('[') {
                table = line.to_owned();
                continue;
            }
            if !table.contains("dependencies") {
                continue;
            }
            let name = line.split(['=', '.']).next().unwrap_or("").trim();
            if name != own && puzzles.iter().any(|p| p == name) {
                violations.push(format!(
                    "{}:{}: the puzzle crate {own} depends on the puzzle crate {name}",
                    manifest.path,
                    i + 1
                ));
            }
        }
    }
    violations
}

/// Rule: every error type of a library crate implements `Positioned`.
pub fn unpositioned_errors(sources: &[Source], libraries: &[String]) -> Vec<String> {
    let mut violations = Vec::new();
    for krate in libraries {
        let prefix = format!("crates/{krate}/src/");
        let sources: Vec<&Source> = sources
            .iter()
            .filter(|s| s.path.starts_with(&prefix))
            .collect();
        let positioned: Vec<String> = sources
            .iter()
            .flat_map(|s| s.text.lines())
            .filter_map(|line| {
                let code = code_of(line);
                let (_, after) = code.split_once("Positioned for ")?;
                let name = after.split([' ', '{', '<']).next()?;
                Some(name.to_owned())
            })
            .collect();
        for source in &sources {
            let lines: Vec<&str> = source.text.lines().collect();
            for (i, line) in lines.iter().enumerate() {
                let code = code_of(line);
                let derives_error = code.trim_start().starts_with("#[derive(")
                    && (has_word(&code, "Error") || code.contains("thiserror::Error"));
                if !derives_error {
                    continue;
                }
                let Some((at, name)) = lines[i + 1..].iter().enumerate().find_map(|(j, l)| {
                    let code = code_of(l);
                    let words: Vec<&str> = code.split_whitespace().collect();
                    let k = words.iter().position(|w| *w == "enum" || *w == "struct")?;
                    let name = words.get(k + 1)?.split(['<', '{', '(', ';']).next()?;
                    Some((i + 1 + j + 1, name.to_owned()))
                }) else {
                    continue;
                };
                if !positioned.contains(&name) {
                    violations.push(format!(
                        "{}:{at}: the error type {name} does not implement grid_core::Positioned \
                         (an empty `impl Positioned for {name} {{}}` says it has no place)",
                        source.path
                    ));
                }
            }
        }
    }
    violations
}

/// Rule: no build output is tracked.
pub fn build_output(tracked: &[String]) -> Vec<String> {
    tracked
        .iter()
        .filter(|p| p.starts_with("target/") || p.contains("/target/"))
        .map(|p| format!("{p}: build output is tracked (`git rm --cached` it)"))
        .collect()
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;

    fn source(path: &str, text: &str) -> Source {
        Source {
            path: path.to_owned(),
            text: text.to_owned(),
        }
    }

    /// The rules hold on this repository.
    #[test]
    fn house_rules() {
        let root = crate::repo_root();
        let violations = check(&root).expect("the repository can be read");
        assert!(
            violations.is_empty(),
            "house rules broken (see ARCHITECTURE.md):\n{}",
            violations.join("\n")
        );
    }

    /// The lines of `text` in a CLI file that the format rule flags, by number.
    fn flagged(text: &str) -> Vec<usize> {
        format_choices(&[source("crates/cli/src/maze/mod.rs", text)])
            .iter()
            .map(|v| {
                v.split(':')
                    .nth(1)
                    .and_then(|n| n.parse().ok())
                    .unwrap_or(0)
            })
            .collect()
    }

    #[test]
    fn a_format_choice_outside_report_is_found() {
        let choices = "if self.format == Format::Json {\n    match format {\n\
                       Format::Text => write(out),\nif a != report::Format::Text {\n\
                       if format == Format::Csv {\n";
        assert_eq!(flagged(choices), [1, 2, 3, 4, 5]);
    }

    #[test]
    fn passing_or_resolving_a_format_is_not_a_choice() {
        let fine = "// match format { in a comment\nlet f = Format::Json;\n\
                    emit(out, format, &a);\nmatch self.input_format {\n\
                    OutputFormat::Matrix | OutputFormat::Json => {\n\
                    if file.format != maze::Format::Ascii {\nlet s = \"match format {\";\n";
        assert_eq!(flagged(fine), Vec::<usize>::new());
        let report = source(REPORT, "match format {\n");
        assert!(format_choices(&[report]).is_empty());
    }

    #[test]
    fn unsafe_is_allowed_only_where_architecture_says() {
        let architecture =
            "intro\n\n**Unsafe code.** Only in:\n- `a.rs`: why\n- `gone.rs`: why\n\nmore `b.rs`\n";
        assert_eq!(unsafe_allowed(architecture), ["a.rs", "gone.rs"]);
        let sources = [
            source("a.rs", "let x = unsafe { f() };\n"),
            source(
                "b.rs",
                "// unsafe in a comment\n#![deny(unsafe_code)]\nlet s = \"unsafe\";\n",
            ),
            source("c.rs", "fn g() {}\nunsafe fn h() {}\n"),
        ];
        let found = unsafe_code(&sources, architecture);
        assert_eq!(found.len(), 2, "{found:#?}");
        assert!(found[0].starts_with("c.rs:2:"));
        assert!(found[1].contains("gone.rs, which has none"));
        assert!(unsafe_code(&[], "no list")[0].contains("no `**Unsafe code.**` list"));
    }

    #[test]
    fn a_puzzle_depending_on_a_puzzle_is_found() {
        let manifests = [
            source(
                "crates/maze/Cargo.toml",
                "[package]\nname = \"maze\"\n\n[dependencies]\ngrid-core.workspace = true\nsudoku = { workspace = true }\n",
            ),
            source(
                "crates/queens/Cargo.toml",
                "[dependencies]\nqueens-x = \"1\"\n[dev-dependencies]\nverify.workspace = true\n# ladders = 1\n",
            ),
        ];
        let puzzles = ["maze", "queens", "ladders", "sudoku"].map(String::from);
        let found = puzzle_dependencies(&manifests, &puzzles);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(found[0].starts_with("crates/maze/Cargo.toml:6:"));
    }

    #[test]
    fn an_error_without_a_place_is_found() {
        let sources = [
            source(
                "crates/maze/src/error.rs",
                "#[derive(Debug, thiserror::Error)]\n#[non_exhaustive]\npub enum MazeError {}\n\n#[derive(Debug, Error)]\npub struct Lost;\nimpl Positioned for MazeError {}\n",
            ),
            source(
                "crates/cli/src/report.rs",
                "#[derive(Debug, thiserror::Error)]\npub struct Elsewhere;\n",
            ),
        ];
        let found = unpositioned_errors(&sources, &["maze".to_owned()]);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(found[0].starts_with("crates/maze/src/error.rs:6: the error type Lost"));
    }

    #[test]
    fn tracked_build_output_is_found() {
        let tracked = [
            "crates/ladders/target/criterion/x.json".to_owned(),
            "target/debug/a".to_owned(),
            "crates/targets.rs".to_owned(),
        ];
        assert_eq!(build_output(&tracked).len(), 2);
    }
}
