//! Running the real `gridsolve` binary and rendering what it did as text.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// What one run of `gridsolve` produced.
#[derive(Debug)]
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    /// The exit code; `None` if the process was killed by a signal.
    pub code: Option<i32>,
}

impl Run {
    /// A transcript for snapshots: the command, the exit code, stdout and stderr.
    pub fn transcript(&self, args: &[&str]) -> String {
        format!(
            "$ gridsolve {}\nexit: {}\n--- stdout\n{}--- stderr\n{}",
            args.join(" "),
            self.code.map_or("signal".to_owned(), |c| c.to_string()),
            self.stdout,
            self.stderr
        )
    }
}

/// The repository's top-level folder.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A `gridsolve args...` command run in `dir` with all three standard streams piped.
pub fn piped(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gridsolve"));
    command
        .args(args)
        .current_dir(dir)
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// Runs `gridsolve args...` in `dir` with `stdin` as standard input.
pub fn gridsolve_in(dir: &Path, args: &[&str], stdin: &[u8]) -> Run {
    let mut child = piped(dir, args)
        .spawn()
        .expect("the gridsolve binary starts");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = stdin.to_vec();
    // Feed stdin from a thread so a large input cannot deadlock against a full stdout pipe.
    let feeder = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let output = child.wait_with_output().expect("gridsolve runs to the end");
    feeder.join().expect("the stdin feeder does not panic");
    Run {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        code: output.status.code(),
    }
}

/// Runs `gridsolve args...` in the repository root with `stdin` as standard input.
pub fn gridsolve(args: &[&str], stdin: &[u8]) -> Run {
    gridsolve_in(&repo_root(), args, stdin)
}

/// The JSON Lines of `stdout`, one value a line (a line that is no JSON fails the test).
pub fn json_lines(stdout: &str) -> Vec<serde_json::Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("a JSON line ({e}): {l}")))
        .collect()
}
