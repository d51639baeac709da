//! Maintainer tasks for gridsolve, run as `cargo xtask <task>`
//! (the alias lives in `.cargo/config.toml`).
//!
//! - `cargo xtask fixtures`: run the snapshot tests (and only them) with insta told to
//!   write, so every golden snapshot under `fixtures/` is regenerated, then delete the
//!   snapshots no test referenced (orphans), and list what changed. Needs no cargo-insta.
//! - `cargo xtask fixtures --check`: run the same tests with insta told to write each
//!   difference beside its snapshot as `<name>.snap.new` (read, reported and deleted
//!   here) instead of failing, and fail on any **stale** snapshot (the output changed),
//!   **missing** snapshot (a new fixture or case) or **orphaned** snapshot (no test
//!   references it).
//! - `cargo xtask man [DIR]`: write one man page per `gridsolve` command into DIR
//!   (default `target/man`, under `CARGO_TARGET_DIR` when set) by running the binary's
//!   hidden `gridsolve manpages DIR`, so the pages come from the CLI's one clap tree.
//! - `cargo xtask tidy`: check the house rules that ARCHITECTURE.md states (see
//!   [`tidy`]); `cargo test` runs the same check.
//!
//! The fixture tasks run the snapshot tests with `INSTA_FORCE_PASS=1`, so a failing test is never a
//! snapshot difference: it is reported as a failure of its own (a panic, or an assertion
//! such as the bad-input catalogue's exit-code check), and the other tests of the binary
//! (properties, end-to-end checks) are not run at all: `cargo test` reports those.
//!
//! Every snapshot test lives in the CLI's integration-test binary (`crates/cli/tests/cli`)
//! and is named in [`SNAPSHOT_TESTS`]; a snapshot test added anywhere else must be added
//! there, and a name that no longer exists is an error.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use anyhow::{Context, bail};

mod tidy;

/// The snapshot tests, by exact name, in the CLI's integration-test binary: the golden
/// fixtures and the bad-input catalogue.
const SNAPSHOT_TESTS: &[&str] = &["fixtures::golden", "bad_input::catalogue"];

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("xtask: {err:#}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        ["fixtures"] => fixtures(false),
        ["fixtures", "--check"] => fixtures(true),
        ["tidy"] => tidy::run(&repo_root()),
        ["man"] => man(&default_man_dir(&repo_root())),
        ["man", dir] if !dir.starts_with('-') => man(&std::env::current_dir()?.join(dir)),
        _ => bail!(
            "usage: cargo xtask fixtures [--check] | cargo xtask man [DIR] | cargo xtask tidy\n\n  fixtures          regenerate the golden snapshots under fixtures/ and delete orphans\n  fixtures --check  fail if any snapshot is stale, missing or orphaned\n  man [DIR]         write one man page per gridsolve command into DIR (default target/man)\n  tidy              check the house rules of ARCHITECTURE.md"
        ),
    }
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask sits one level below the repository root") // invariant: fixed layout
        .to_path_buf()
}

/// `target/man` of the repository, or `$CARGO_TARGET_DIR/man` when that is set.
fn default_man_dir(root: &Path) -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(target) => root.join(target).join("man"),
        None => root.join("target").join("man"),
    }
}

/// `cargo xtask man DIR`: builds the binary and runs its hidden `gridsolve manpages DIR`,
/// which writes the pages and lists them.
fn man(dir: &Path) -> anyhow::Result<()> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let status = Command::new(cargo)
        .current_dir(repo_root())
        .args(["run", "--quiet", "-p", "gridsolve", "--", "manpages"])
        .arg(dir)
        .status()
        .context("cannot run cargo")?;
    if !status.success() {
        bail!("gridsolve manpages {} failed ({status})", dir.display());
    }
    println!(
        "man pages in {} (read one with `man -l {}`)",
        dir.display(),
        dir.join("gridsolve.1").display()
    );
    Ok(())
}

/// `cargo test -p gridsolve --test cli`, run in the repository root, followed by `extra`.
fn cli_tests(root: &Path, extra: &[&str]) -> Command {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let mut test = Command::new(cargo);
    test.current_dir(root)
        .args(["test", "-p", "gridsolve", "--test", "cli"])
        .args(extra);
    test
}

/// What one run of the snapshot tests left behind.
struct Run {
    root: PathBuf,
    /// Whether every snapshot test passed (with `INSTA_FORCE_PASS`, so a failure is not a
    /// snapshot difference).
    passed: bool,
    /// The snapshots under `fixtures/` before the run, with their contents.
    before: BTreeMap<PathBuf, String>,
    /// How many snapshots the tests asserted.
    referenced: usize,
    /// Snapshots no test asserted; empty when a test failed (it may have stopped early).
    orphans: Vec<PathBuf>,
}

impl Run {
    /// `path` relative to the repository root, on a line of its own.
    fn show(&self, paths: &[PathBuf]) -> String {
        paths
            .iter()
            .map(|p| format!("\n  {}", p.strip_prefix(&self.root).unwrap_or(p).display()))
            .collect()
    }

    fn failure(&self) -> Option<&'static str> {
        (!self.passed).then_some(
            "a snapshot test failed for a reason other than a snapshot difference (see its output above); orphans were not judged",
        )
    }
}

fn fixtures(check: bool) -> anyhow::Result<()> {
    let run = run_snapshot_tests(check)?;
    if check {
        report_check(&run)
    } else {
        finish_regeneration(&run)
    }
}

/// Runs the snapshot tests, writing in place (`check == false`) or writing each
/// difference as `<name>.snap.new` (`check == true`).
fn run_snapshot_tests(check: bool) -> anyhow::Result<Run> {
    let root = repo_root();
    let fixtures_dir = root.join("fixtures");
    let target = root.join("target");
    std::fs::create_dir_all(&target).context("cannot create target/")?;
    let references = target.join("xtask-snapshot-references.txt");
    let _ = std::fs::remove_file(&references);
    for leftover in files_ending(&fixtures_dir, ".snap.new")? {
        // Left by an interrupted run or by insta's default mode: they would be misread
        // as this run's differences.
        std::fs::remove_file(&leftover)
            .with_context(|| format!("cannot delete {}", leftover.display()))?;
    }
    ensure_snapshot_tests_exist(&root)?;
    let before = read_snapshots(&fixtures_dir)?;

    let mut test = cli_tests(&root, &["--quiet", "--", "--exact"]);
    test.args(SNAPSHOT_TESTS)
        .env("INSTA_SNAPSHOT_REFERENCES_FILE", &references)
        .env("INSTA_FORCE_PASS", "1");
    if check {
        // `new` writes `<name>.snap.new` beside each differing snapshot, even under CI;
        // nothing else is written.
        test.env("INSTA_UPDATE", "new").arg("--nocapture"); // show insta's diffs
    } else {
        // insta never writes under CI=true; a maintainer asking to regenerate means it.
        test.env("INSTA_UPDATE", "always").env_remove("CI");
    }
    let passed = test.status().context("cannot run cargo test")?.success();

    let referenced: BTreeSet<PathBuf> = std::fs::read_to_string(&references)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| canonical(Path::new(l)))
        .collect();
    let orphans = before
        .keys()
        .filter(|path| passed && !referenced.contains(&canonical(path)))
        .cloned()
        .collect();
    Ok(Run {
        root,
        passed,
        before,
        referenced: referenced.len(),
        orphans,
    })
}

/// Sorts the `.snap.new` files of a check run into stale and missing snapshots (deleting
/// them), and fails on any of those, on orphans, or on a failed test.
fn report_check(run: &Run) -> anyhow::Result<()> {
    let (mut stale, mut missing) = (Vec::new(), Vec::new());
    for new in files_ending(&run.root.join("fixtures"), ".snap.new")? {
        let snapshot = new.with_extension(""); // `x.snap.new` -> `x.snap`
        std::fs::remove_file(&new).with_context(|| format!("cannot delete {}", new.display()))?;
        if run.before.contains_key(&snapshot) {
            stale.push(snapshot);
        } else {
            missing.push(snapshot);
        }
    }
    let mut problems: Vec<String> = run.failure().map(str::to_owned).into_iter().collect();
    for (paths, what, why) in [
        (
            &stale,
            "stale snapshot",
            "the output changed; the diffs are above",
        ),
        (&missing, "missing snapshot", "a new fixture or case"),
        (&run.orphans, "orphaned snapshot", "no test references them"),
    ] {
        if !paths.is_empty() {
            problems.push(format!(
                "{} ({why}):{}",
                plural(paths.len(), what),
                run.show(paths)
            ));
        }
    }
    if !(stale.is_empty() && missing.is_empty() && run.orphans.is_empty()) {
        problems.push(
            "run `cargo xtask fixtures`, then read every change with `git status --porcelain` and `git diff`".to_owned(),
        );
    }
    if !problems.is_empty() {
        bail!("{}", problems.join("\n"));
    }
    println!("xtask: {} snapshots up to date", run.referenced);
    Ok(())
}

/// Deletes the orphans of a regeneration run and lists what changed.
fn finish_regeneration(run: &Run) -> anyhow::Result<()> {
    for path in &run.orphans {
        std::fs::remove_file(path).with_context(|| format!("cannot delete {}", path.display()))?;
    }
    let after = read_snapshots(&run.root.join("fixtures"))?;
    let updated: Vec<PathBuf> = after
        .iter()
        .filter(|(path, text)| run.before.get(*path).is_some_and(|old| old != *text))
        .map(|(path, _)| path.clone())
        .collect();
    let added: Vec<PathBuf> = after
        .keys()
        .filter(|path| !run.before.contains_key(*path))
        .cloned()
        .collect();
    let list = |title: &str, paths: &[PathBuf]| {
        if paths.is_empty() {
            String::new()
        } else {
            format!("\n{title}:{}", run.show(paths))
        }
    };
    println!(
        "xtask: {} snapshots {}: {} updated, {} new, {} orphans deleted{}{}{}",
        run.referenced,
        if run.passed {
            "regenerated"
        } else {
            "asserted before the failure"
        },
        updated.len(),
        added.len(),
        run.orphans.len(),
        list("updated", &updated),
        list("new", &added),
        list("deleted", &run.orphans),
    );
    if let Some(failure) = run.failure() {
        bail!("{failure}; the snapshots it did not reach are unchanged");
    }
    Ok(())
}

/// Fails unless every name in [`SNAPSHOT_TESTS`] is a test of the CLI's test binary (a
/// filter that matches nothing would make a stale snapshot pass silently).
fn ensure_snapshot_tests_exist(root: &Path) -> anyhow::Result<()> {
    let output = cli_tests(root, &["--quiet", "--", "--list", "--exact"])
        .args(SNAPSHOT_TESTS)
        .stderr(Stdio::inherit())
        .output()
        .context("cannot run cargo test")?;
    if !output.status.success() {
        bail!("cannot build or list the CLI's tests");
    }
    let listed = String::from_utf8_lossy(&output.stdout);
    let found: BTreeSet<&str> = listed
        .lines()
        .filter_map(|line| line.strip_suffix(": test"))
        .collect();
    let unknown: Vec<&str> = SNAPSHOT_TESTS
        .iter()
        .copied()
        .filter(|name| !found.contains(name))
        .collect();
    if !unknown.is_empty() {
        bail!(
            "no test named {} in crates/cli/tests/cli: update SNAPSHOT_TESTS in xtask/src/main.rs",
            unknown.join(", ")
        );
    }
    Ok(())
}

/// `1 stale snapshot`, `2 stale snapshots`.
fn plural(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

fn canonical(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

/// Every `.snap` file under `dir` with its contents.
fn read_snapshots(dir: &Path) -> anyhow::Result<BTreeMap<PathBuf, String>> {
    files_ending(dir, ".snap")?
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            Ok((path, text))
        })
        .collect()
}

/// Every file under `dir` (recursively) whose name ends with `suffix`.
fn files_ending(dir: &Path, suffix: &str) -> anyhow::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in
            std::fs::read_dir(&dir).with_context(|| format!("cannot list {}", dir.display()))?
        {
            let path = entry?.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.to_string_lossy().ends_with(suffix) {
                found.push(path);
            }
        }
    }
    found.sort();
    Ok(found)
}
