//! Maintainer tasks for gridsolve, run as `cargo xtask <task>`
//! (the alias lives in `.cargo/config.toml`).
//!
//! Every snapshot test lives in the CLI's integration-test binary (`crates/cli/tests/cli`);
//! a snapshot test added anywhere else must be added to the command below.
//!
//! - `cargo xtask fixtures`: run every snapshot test with insta told to write, so all
//!   golden snapshots under `fixtures/` are regenerated, then delete the snapshots no
//!   test referenced (orphans). Needs no cargo-insta.
//! - `cargo xtask fixtures --check`: run the same tests with insta told never to write
//!   and fail on any stale or missing snapshot, or any orphan.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use anyhow::{Context, bail};

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
        _ => bail!(
            "usage: cargo xtask fixtures [--check]\n\n  fixtures          regenerate the golden snapshots under fixtures/ and delete orphans\n  fixtures --check  fail if any snapshot is stale, missing or orphaned"
        ),
    }
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask sits one level below the repository root") // invariant: fixed layout
        .to_path_buf()
}

fn fixtures(check: bool) -> anyhow::Result<()> {
    let root = repo_root();
    let fixtures_dir = root.join("fixtures");
    let target = root.join("target");
    std::fs::create_dir_all(&target).context("cannot create target/")?;
    let references = target.join("xtask-snapshot-references.txt");
    let _ = std::fs::remove_file(&references);

    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let mut test = Command::new(cargo);
    test.current_dir(&root)
        // Every snapshot test lives in the CLI's one integration-test binary
        // (crates/cli/tests/cli): golden fixtures and the bad-input catalogue.
        .args(["test", "-p", "cli", "--test", "cli", "--quiet"])
        .env("INSTA_SNAPSHOT_REFERENCES_FILE", &references)
        .env_remove("INSTA_FORCE_PASS");
    if check {
        test.env("INSTA_UPDATE", "no");
    } else {
        // insta never writes under CI=true; a maintainer asking to regenerate means it.
        test.env("INSTA_UPDATE", "always")
            .env("INSTA_FORCE_PASS", "1")
            .env_remove("CI");
    }
    let status = test.status().context("cannot run cargo test")?;
    if !status.success() {
        if check {
            bail!(
                "snapshot tests failed: a snapshot is stale or missing (run `cargo xtask fixtures` and review the diff with `git status --porcelain` and `git diff`)"
            );
        }
        bail!("cargo test failed while regenerating snapshots");
    }

    let referenced: BTreeSet<PathBuf> = std::fs::read_to_string(&references)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| std::fs::canonicalize(l).unwrap_or_else(|_| PathBuf::from(l)))
        .collect();
    let mut orphans = Vec::new();
    collect_snapshots(&fixtures_dir, &mut |path| {
        let canonical = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        if !referenced.contains(&canonical) {
            orphans.push(path.to_path_buf());
        }
    })?;
    if orphans.is_empty() {
        println!(
            "xtask: {} snapshots {}",
            referenced.len(),
            if check { "up to date" } else { "regenerated" }
        );
        return Ok(());
    }
    let list: Vec<String> = orphans
        .iter()
        .map(|p| p.strip_prefix(&root).unwrap_or(p).display().to_string())
        .collect();
    if check {
        bail!(
            "orphaned snapshots (no test references them; run `cargo xtask fixtures`):\n  {}",
            list.join("\n  ")
        );
    }
    for path in &orphans {
        std::fs::remove_file(path).with_context(|| format!("cannot delete {}", path.display()))?;
    }
    println!(
        "xtask: {} snapshots regenerated, {} orphans deleted:\n  {}",
        referenced.len(),
        orphans.len(),
        list.join("\n  ")
    );
    Ok(())
}

fn collect_snapshots(dir: &Path, found: &mut dyn FnMut(&Path)) -> anyhow::Result<()> {
    for entry in std::fs::read_dir(dir).with_context(|| format!("cannot list {}", dir.display()))? {
        let path = entry?.path();
        if path.is_dir() {
            collect_snapshots(&path, found)?;
        } else if path.extension().is_some_and(|e| e == "snap") {
            found(&path);
        }
    }
    Ok(())
}
