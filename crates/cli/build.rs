//! Puts the commit and its date into `gridsolve --version`: `gridsolve 0.1.0 (10c01a4
//! 2026-12-01)`, read from git as `GRIDSOLVE_COMMIT`. Outside a git checkout, or without
//! git, the version says `(unknown)`; this script never fails the build.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    let commit = git(&["log", "-1", "--format=%h %cs"]).unwrap_or_else(|| "unknown".to_owned());
    println!("cargo:rustc-env=GRIDSOLVE_COMMIT={commit}");
    println!("cargo:rerun-if-env-changed=GIT_DIR");
    // Run again when HEAD moves: HEAD itself (a checkout), the branch it names (a
    // commit) and packed-refs (a gc). The paths come from git, so a worktree's `.git`
    // file is followed.
    if let Some(git_dir) = git(&["rev-parse", "--git-dir"]).map(PathBuf::from) {
        let head = git_dir.join("HEAD");
        println!("cargo:rerun-if-changed={}", head.display());
        if let Some(common) = git(&["rev-parse", "--git-common-dir"]).map(PathBuf::from) {
            println!(
                "cargo:rerun-if-changed={}",
                common.join("packed-refs").display()
            );
            if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
                for dir in [&git_dir, &common] {
                    rerun_if_exists(&dir.join(&branch));
                }
            }
        }
    }
}

/// The trimmed standard output of `git ARGS` run in this crate's directory, or `None`
/// when git is missing, fails or prints nothing.
fn git(args: &[&str]) -> Option<String> {
    let output = Command::new("git")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()?;
    if !output.status.success() {
        return None;
    }
    let text = String::from_utf8(output.stdout).ok()?;
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_owned())
}

fn rerun_if_exists(path: &Path) {
    if path.exists() {
        println!("cargo:rerun-if-changed={}", path.display());
    }
}
