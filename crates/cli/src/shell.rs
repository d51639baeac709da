//! Shell integration: `gridsolve completions SHELL` (clap_complete) and the hidden
//! `gridsolve manpages DIR` (clap_mangen) that `cargo xtask man` runs.
//!
//! Both are generated from the one clap tree of `main.rs`, so they never drift from the
//! arguments the binary accepts. The man pages come from the binary rather than from a
//! copy of the tree in xtask: xtask stays a small crate that does not compile the
//! solvers, and the pages describe exactly the binary that wrote them.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;
use clap_complete::Shell;

/// `gridsolve --version`: the package version, the commit and its date (`0.1.0 (10c01a4
/// 2026-12-01)`), or `(unknown)` for a build outside a git checkout (see `build.rs`).
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (",
    env!("GRIDSOLVE_COMMIT"),
    ")"
);

/// The help of `gridsolve completions`, with how to install each shell's script.
const COMPLETIONS_HELP: &str = "\
Install (each line writes the script where the shell looks for it; open a new shell after):
  bash        gridsolve completions bash > ~/.local/share/bash-completion/completions/gridsolve
              (needs the bash-completion package; or `source <(gridsolve completions bash)`
              in ~/.bashrc)
  zsh         gridsolve completions zsh > ~/.zfunc/_gridsolve
              with, in ~/.zshrc: fpath=(~/.zfunc $fpath); autoload -Uz compinit; compinit
  fish        gridsolve completions fish > ~/.config/fish/completions/gridsolve.fish
  powershell  gridsolve completions powershell >> $PROFILE
              (or `gridsolve completions powershell | Out-String | Invoke-Expression` in $PROFILE)
  elvish      gridsolve completions elvish > ~/.config/elvish/lib/gridsolve.elv
              and in ~/.config/elvish/rc.elv: use gridsolve

Example:
  gridsolve completions fish > ~/.config/fish/completions/gridsolve.fish

The script is the same whatever --format says.";

/// `gridsolve completions SHELL`.
#[derive(Debug, Args)]
#[command(after_long_help = COMPLETIONS_HELP)]
pub struct CompletionsArgs {
    /// The shell to write the completion script for.
    #[arg(value_enum, value_name = "SHELL")]
    shell: Shell,
}

/// The name of the hidden `gridsolve manpages DIR`.
pub const MANPAGES: &str = "manpages";

/// `gridsolve manpages DIR` (hidden; `cargo xtask man` runs it). `main` adds it to the
/// clap tree it parses with ([`manpages_command`]), outside the `Command` enum that the
/// completions and the pages are made from, so neither offers it.
#[derive(Debug, Args)]
pub struct ManpagesArgs {
    /// Directory to write the pages into (created if missing).
    #[arg(value_name = "DIR")]
    dir: PathBuf,
}

/// The hidden `manpages` subcommand.
pub fn manpages_command() -> clap::Command {
    // The about is set after the arguments: `augment_args` would put the struct's
    // developer docs (above) in `help manpages`.
    ManpagesArgs::augment_args(clap::Command::new(MANPAGES).hide(true))
        .about("Write one man page per command into DIR (`cargo xtask man` runs this)")
        .long_about(None)
}

/// Writes the completion script of `args.shell` for `command` (the whole clap tree) to
/// `out`.
///
/// # Errors
///
/// When `out` cannot be written.
pub fn completions(
    args: &CompletionsArgs,
    mut command: clap::Command,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    // clap_complete panics on a failed write: generate into memory, write with errors.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "gridsolve", &mut script);
    out.write_all(&script)?;
    Ok(())
}

/// Writes one man page per command of `command` (`gridsolve.1`, `gridsolve-sudoku.1`,
/// `gridsolve-sudoku-solve.1`, ...; hidden commands left out) into `args.dir`, dated with
/// the commit's date, and lists the files written on `out`, one per line.
///
/// # Errors
///
/// When the directory cannot be created or a page cannot be written; the message names
/// the path.
pub fn manpages(
    args: &ManpagesArgs,
    command: clap::Command,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    fs::create_dir_all(&args.dir)
        .with_context(|| format!("cannot create {}", args.dir.display()))?;
    let mut command = command.disable_help_subcommand(true);
    command.build();
    let mut pending = vec![command];
    while let Some(command) = pending.pop() {
        pending.extend(
            command
                .get_subcommands()
                .filter(|sub| !sub.is_hide_set())
                .cloned(),
        );
        let page = write_page(command, &args.dir)?;
        writeln!(out, "{}", page.display())?;
    }
    Ok(())
}

/// The date part of the build's commit (`2026-12-01`), or nothing outside a checkout.
fn commit_date() -> &'static str {
    match env!("GRIDSOLVE_COMMIT").split_once(' ') {
        Some((_, date)) => date,
        None => "",
    }
}

fn write_page(command: clap::Command, dir: &Path) -> anyhow::Result<PathBuf> {
    let man = clap_mangen::Man::new(command)
        .date(commit_date())
        .source(format!("gridsolve {VERSION}"))
        .manual("gridsolve manual");
    let path = dir.join(man.get_filename());
    let mut page = Vec::new();
    man.render(&mut page)?;
    fs::write(&path, page).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(path)
}
