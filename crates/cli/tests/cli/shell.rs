//! Shell integration: completion scripts for every shell, the man pages that `cargo
//! xtask man` writes, and `--version` with its commit.

use std::collections::BTreeSet;

use crate::harness::gridsolve;

/// The visible commands, as `gridsolve --help` and each puzzle's `--help` list them.
const COMMANDS: &[&str] = &["demo", "sudoku", "queens", "ladders", "maze", "completions"];
const SUDOKU_VERBS: &[&str] = &[
    "solve", "count", "check", "bench", "generate", "hint", "explain", "grade",
];

#[test]
fn completions_for_every_shell_name_the_subcommands() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let run = gridsolve(&["completions", shell], b"");
        assert_eq!(run.code, Some(0), "{shell}: {}", run.stderr);
        assert!(run.stderr.is_empty(), "{shell}: {}", run.stderr);
        assert!(
            run.stdout.len() > 1000,
            "{shell}: a script of {} bytes",
            run.stdout.len()
        );
        for word in COMMANDS
            .iter()
            .chain(SUDOKU_VERBS)
            .chain(&["format", "draw", "jobs", "symbols"])
        {
            assert!(
                run.stdout.contains(word),
                "the {shell} script does not mention {word}"
            );
        }
        assert!(
            !run.stdout.contains("manpages"),
            "the {shell} script offers the hidden manpages"
        );
    }
}

/// `--variant` completes to the rules' names, not to file names (a fresh user's
/// finding: bash offered files after `sudoku solve --variant`).
#[test]
fn bash_completes_variant_names() {
    let run = gridsolve(&["completions", "bash"], b"");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    let mut offered = 0;
    for (i, line) in lines.iter().enumerate() {
        if line.trim() == "--variant)" {
            let reply = lines[i + 1];
            assert!(!reply.contains("compgen -f"), "files offered: {reply}");
            if reply.contains("classic x windoku disjoint jigsaw") {
                offered += 1;
            }
        }
    }
    // solve, count, check, generate and bench take it.
    assert!(offered >= 5, "{offered} verbs complete the variant names");
}

#[test]
fn completions_help_says_how_to_install_each_shell() {
    let run = gridsolve(&["completions", "--help"], b"");
    assert_eq!(run.code, Some(0));
    for install in [
        "gridsolve completions bash > ~/.local/share/bash-completion/completions/gridsolve",
        "gridsolve completions zsh > ~/.zfunc/_gridsolve",
        "gridsolve completions fish > ~/.config/fish/completions/gridsolve.fish",
        "gridsolve completions powershell >> $PROFILE",
        "gridsolve completions elvish > ~/.config/elvish/lib/gridsolve.elv",
    ] {
        assert!(run.stdout.contains(install), "--help lacks {install}");
    }
}

#[test]
fn an_unknown_shell_is_a_usage_error() {
    let run = gridsolve(&["completions", "tcsh"], b"");
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr.contains("invalid value 'tcsh'"),
        "{}",
        run.stderr
    );
}

#[test]
fn man_pages_one_per_command() {
    let dir = std::env::temp_dir().join(format!("gridsolve-man-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let run = gridsolve(&["manpages", dir.to_str().expect("a UTF-8 temp dir")], b"");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let written: BTreeSet<String> = std::fs::read_dir(&dir)
        .expect("the man directory exists")
        .map(|entry| {
            entry
                .expect("a directory entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    // The listing on stdout names exactly the files written.
    let listed: BTreeSet<String> = run
        .stdout
        .lines()
        .map(|line| line.rsplit('/').next().unwrap_or(line).to_owned())
        .collect();
    assert_eq!(listed, written);
    let mut expected = vec!["gridsolve.1".to_owned()];
    expected.extend(COMMANDS.iter().map(|c| format!("gridsolve-{c}.1")));
    expected.extend(
        SUDOKU_VERBS
            .iter()
            .map(|v| format!("gridsolve-sudoku-{v}.1")),
    );
    expected.extend(
        [
            "queens-count",
            "queens-complete",
            "queens-merge",
            "ladders-stats",
            "maze-generate",
        ]
        .map(|v| format!("gridsolve-{v}.1")),
    );
    for page in &expected {
        assert!(written.contains(page), "no {page} among {written:?}");
    }
    assert!(
        !written
            .iter()
            .any(|p| p.contains("manpages") || p.contains("help")),
        "{written:?}"
    );
    // Every page is roff with its own title, its synopsis and the commit's version.
    let version = gridsolve(&["--version"], b"").stdout;
    let version = version
        .trim()
        .strip_prefix("gridsolve ")
        .expect("gridsolve VERSION");
    for page in &written {
        let text = std::fs::read_to_string(dir.join(page)).expect("a UTF-8 page");
        let title = page.trim_end_matches(".1");
        assert!(
            text.contains(&format!(".TH {title} 1 ")),
            "{page}: {}",
            &text[..200.min(text.len())]
        );
        assert!(
            text.contains(".SH SYNOPSIS") && text.contains(".SH NAME"),
            "{page}"
        );
        assert!(text.contains(version), "{page} does not say {version}");
    }
    let solve =
        std::fs::read_to_string(dir.join("gridsolve-sudoku-solve.1")).expect("the solve page");
    assert!(
        solve.contains("\\-\\-symbols"),
        "the solve page lacks --symbols"
    );
    // The sudoku summary names every verb (issue 24: hint, explain and grade were missing).
    let sudoku = std::fs::read_to_string(dir.join("gridsolve-sudoku.1")).expect("the sudoku page");
    let name = sudoku
        .split(".SH NAME\n")
        .nth(1)
        .and_then(|s| s.lines().next())
        .unwrap_or("");
    for verb in SUDOKU_VERBS {
        assert!(
            name.contains(verb),
            "the sudoku summary `{name}` omits {verb}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn version_names_the_commit_and_its_date() {
    let run = gridsolve(&["--version"], b"");
    assert_eq!(run.code, Some(0));
    let line = run.stdout.trim_end();
    let rest = line
        .strip_prefix(concat!("gridsolve ", env!("CARGO_PKG_VERSION"), " ("))
        .and_then(|rest| rest.strip_suffix(')'))
        .unwrap_or_else(|| panic!("`{line}` is not `gridsolve VERSION (COMMIT DATE)`"));
    // Built from a git checkout with git at hand (as the tests usually are): HEAD's short
    // hash and an ISO date; `unknown` otherwise.
    let head = std::process::Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(crate::harness::repo_root())
        .output()
        .ok()
        .filter(|output| output.status.success())
        .map(|output| String::from_utf8_lossy(&output.stdout).trim().to_owned());
    if let Some(head) = head {
        let hash = rest.split(' ').next().unwrap_or(rest);
        assert!(
            head.starts_with(hash),
            "`{line}` is not HEAD ({head}); rebuild after a commit?"
        );
    }
    if rest != "unknown" {
        let (hash, date) = rest.split_once(' ').expect("a hash and a date");
        assert!(
            hash.len() >= 7 && hash.chars().all(|c| c.is_ascii_hexdigit()),
            "{line}"
        );
        let parts: Vec<&str> = date.split('-').collect();
        assert!(
            parts.len() == 3
                && parts
                    .iter()
                    .zip([4, 2, 2])
                    .all(|(p, n)| p.len() == n && p.chars().all(|c| c.is_ascii_digit())),
            "{line}"
        );
    }
}
