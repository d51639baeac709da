//! Output closed early and Ctrl-C: `gridsolve ... | head` ends quietly with exit 0, and
//! SIGINT during a long count ends the process (by the signal, not by finishing).

use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::harness::{piped, repo_root};

/// Starts `gridsolve args`, reads `lines` lines of its output, closes the pipe, and
/// returns the exit code and standard error.
fn read_then_close(args: &[&str], stdin: Vec<u8>, lines: usize) -> (Option<i32>, String) {
    let mut child = piped(&repo_root(), args)
        .spawn()
        .expect("the gridsolve binary starts");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let feeder = std::thread::spawn(move || {
        let _ = pipe.write_all(&stdin);
    });
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
    for _ in 0..lines {
        let mut line = String::new();
        assert!(
            stdout.read_line(&mut line).expect("output reads") > 0,
            "output ended early"
        );
    }
    drop(stdout); // like `head`: close the read end while gridsolve is still writing
    let output = child.wait_with_output().expect("gridsolve ends");
    feeder.join().expect("the stdin feeder does not panic");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn closed_pipe_ends_quietly_with_exit_0() {
    let grid1 =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n";
    let many_puzzles = grid1.repeat(200_000).into_bytes();
    let cases: [(&[&str], Vec<u8>); 4] = [
        (&["queens", "all", "16"], Vec::new()),
        (&["sudoku", "solve", "--output", "line"], many_puzzles),
        (
            &["maze", "paths", "--limit", "100000000"],
            b"1 1 1 1 1 1\n".repeat(6),
        ),
        (
            &[
                "maze", "generate", "--rows", "3000", "--cols", "3000", "--seed", "1",
            ],
            Vec::new(),
        ),
    ];
    for (args, stdin) in cases {
        let (code, stderr) = read_then_close(args, stdin, 3);
        assert_eq!(
            code,
            Some(0),
            "gridsolve {args:?} after a closed pipe: {stderr}"
        );
        assert!(
            !stderr.contains("panicked") && !stderr.contains("Broken pipe"),
            "gridsolve {args:?} complained about the closed pipe: {stderr}"
        );
    }
}

/// Whether this process ignores SIGINT, as every job started in the background of a
/// non-interactive shell does (POSIX); children inherit that, so a plain spawn would not
/// see a Ctrl-C the way a program run from a terminal does.
fn sigint_ignored(process: &str) -> bool {
    let status = std::fs::read_to_string(format!("/proc/{process}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("SigIgn:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| mask & (1 << (2 - 1)) != 0)
}

#[test]
fn ctrl_c_ends_a_long_count() {
    let binary = env!("CARGO_BIN_EXE_gridsolve");
    let args = ["queens", "count", "20", "--jobs", "1"];
    let mut command = if sigint_ignored("self") {
        // Restore the default disposition for the child, as a terminal session has it;
        // a shell cannot (POSIX forbids resetting a signal ignored on entry), Python can.
        let mut python = Command::new("python3");
        python.args([
            "-c",
            "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])",
            binary,
        ]);
        python.args(args);
        python
    } else {
        let mut direct = Command::new(binary);
        direct.args(args);
        direct
    };
    let mut child = command
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the gridsolve binary starts");
    // Let the count get going (and any wrapper restore the default disposition).
    let pid = child.id().to_string();
    let start = Instant::now();
    while sigint_ignored(&pid) && start.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(300));
    let sent = Command::new("kill")
        .args(["-INT", &pid])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    // n = 20 takes hours on one core: if the process ends, the signal ended it. The
    // deadline only keeps a broken build from hanging the suite; it measures nothing.
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("the child can be waited for") {
            break status;
        }
        if start.elapsed() >= Duration::from_secs(120) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("gridsolve did not end on SIGINT");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(
        status.signal(),
        Some(2),
        "the count must end by SIGINT, not report {status}"
    );
}
