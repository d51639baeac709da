//! Output closed early and Ctrl-C: `gridsolve ... | head` ends quietly with exit 0, and
//! SIGINT (sent with `kill -INT`, as Ctrl-C sends it) during long work ends it with what
//! it had found, marked interrupted, and exit 130.

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

/// What a run interrupted by SIGINT produced.
struct Interrupted {
    stdout: String,
    stderr: String,
    status: std::process::ExitStatus,
}

/// Starts `gridsolve args` in the repository root with SIGINT at its default (as a
/// program run from a terminal has it), waits `after`, sends it SIGINT with `kill
/// -INT`, and returns what it wrote and how it ended.
fn interrupt_after(args: &[&str], after: Duration) -> Interrupted {
    interrupt_after_times(args, after, 1)
}

/// [`interrupt_after`] with SIGINT sent `times` times at once (`kill -INT PID PID`), as
/// `timeout -s INT` does when it signals the process and then its group.
fn interrupt_after_times(args: &[&str], after: Duration, times: usize) -> Interrupted {
    let binary = env!("CARGO_BIN_EXE_gridsolve");
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
        .current_dir(repo_root())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the gridsolve binary starts");
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let mut stderr = child.stderr.take().expect("stderr is piped");
    let read_out = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut stdout, &mut text);
        text
    });
    let read_err = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr, &mut text);
        text
    });
    // Let the work get going (and any wrapper restore the default disposition).
    let pid = child.id().to_string();
    let start = Instant::now();
    while sigint_ignored(&pid) && start.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(after);
    let sent = Command::new("kill")
        .arg("-INT")
        .args(std::iter::repeat_n(&pid, times))
        .status()
        .expect("kill runs");
    assert!(sent.success());
    // The work asked for takes hours: if the process ends, the signal ended it. The
    // deadline only keeps a broken build from hanging the suite; it measures nothing.
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("the child can be waited for") {
            break status;
        }
        if start.elapsed() >= Duration::from_secs(120) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("gridsolve {args:?} did not end on SIGINT");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Interrupted {
        stdout: read_out.join().expect("the stdout reader does not panic"),
        stderr: read_err.join().expect("the stderr reader does not panic"),
        status,
    }
}

/// The one JSON line of an interrupted run, checked to be marked interrupted with exit
/// 130.
fn interrupted_line(run: &Interrupted) -> serde_json::Value {
    assert_eq!(
        (run.status.code(), run.status.signal()),
        (Some(130), None),
        "exit 130 after Ctrl-C, not {}; stderr: {}",
        run.status,
        run.stderr
    );
    let line: serde_json::Value = serde_json::from_str(run.stdout.trim())
        .unwrap_or_else(|e| panic!("one JSON line ({e}): {}", run.stdout));
    assert_eq!(line["status"], "interrupted", "{line}");
    line
}

#[test]
fn ctrl_c_ends_a_long_count_with_what_it_counted() {
    let args = ["--format", "json", "queens", "count", "20", "--jobs", "1"];
    let run = interrupt_after(&args, Duration::from_millis(500));
    let line = interrupted_line(&run);
    let (done, of) = (&line["searches_done"], &line["searches"]);
    let (done, of) = (done.as_u64().unwrap(), of.as_u64().unwrap());
    assert!(done < of, "{line}");
    // The solutions found so far: no more than the whole count (OEIS A000170, n = 20).
    let count = line["count"].as_u64().unwrap();
    assert!(count < 39_029_188_884, "{line}");
    assert!(line["fundamental"].as_u64().unwrap() <= count, "{line}");
    // The text says the count is partial.
    let text = interrupt_after(&args[2..], Duration::from_millis(500));
    assert_eq!(text.status.code(), Some(130), "{}", text.stderr);
    assert!(
        text.stdout
            .starts_with("n = 20: interrupted (Ctrl-C) after ")
            && text.stdout.contains("(a partial count)"),
        "{}",
        text.stdout
    );
}

/// A fresh user's finding: under `timeout -s INT`, which signals the process and then
/// its group, the second SIGINT arrived within microseconds and ended the process
/// before it wrote anything. One interruption delivered twice is one interruption.
#[test]
fn sigint_delivered_twice_at_once_still_ends_with_what_was_counted() {
    let args = ["--format", "json", "queens", "count", "20", "--jobs", "1"];
    for _ in 0..3 {
        let run = interrupt_after_times(&args, Duration::from_millis(300), 2);
        let line = interrupted_line(&run);
        assert!(line["count"].as_u64().is_some(), "{line}");
    }
}

#[test]
fn ctrl_c_ends_a_solution_listing_with_how_many_it_wrote() {
    // n = 20 has 39 billion solutions: hours of listing.
    let run = interrupt_after(
        &["--format", "json", "queens", "all", "20"],
        Duration::from_millis(500),
    );
    assert_eq!(run.status.code(), Some(130), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    let (end, solutions) = lines.split_last().expect("at least the end line");
    let end: serde_json::Value = serde_json::from_str(end).expect("JSON");
    assert_eq!(end["status"], "interrupted", "{end}");
    assert_eq!(
        end["answered"].as_u64(),
        Some(solutions.len() as u64),
        "{end}"
    );
    for line in solutions {
        let solution: serde_json::Value = serde_json::from_str(line).expect("JSON");
        assert_eq!(solution["n"], 20, "{line}");
        let columns = solution["columns"].as_array().expect("columns");
        let columns: Vec<usize> = columns
            .iter()
            .map(|c| usize::try_from(c.as_u64().expect("a column")).expect("fits"))
            .collect();
        assert_eq!(verify::queens::check_solution(&columns), Ok(()), "{line}");
    }
    let count = solutions.len();
    let says = format!("interrupted (Ctrl-C) after {count} solution");
    assert!(run.stderr.contains(&says), "{}", run.stderr);
}

/// In CSV, a listing or a batch cut by Ctrl-C ends with one more row in the table's
/// columns, empty but for its status, `interrupted`.
#[test]
fn ctrl_c_ends_a_csv_table_with_a_row_that_says_so() {
    let listing: &[&str] = &["--format", "csv", "queens", "all", "20"];
    let batch: &[&str] = &[
        "--format",
        "csv",
        "sudoku",
        "generate",
        "--count",
        "1000000000",
    ];
    for args in [listing, batch] {
        let run = interrupt_after(args, Duration::from_millis(500));
        assert_eq!(run.status.code(), Some(130), "{args:?}: {}", run.stderr);
        let rows: Vec<&str> = run.stdout.lines().collect();
        assert!(
            rows.len() >= 3,
            "{args:?}: a header, answers and the end row"
        );
        let width = rows[0].split(',').count();
        let last = rows.last().expect("rows");
        let fields: Vec<&str> = last.split(',').collect();
        assert_eq!(fields.len(), width, "{args:?}: {last}");
        let status = rows[0]
            .split(',')
            .position(|c| c == "status")
            .expect("a status column");
        assert_eq!(fields[status], "interrupted", "{args:?}: {last}");
        assert!(
            fields
                .iter()
                .enumerate()
                .all(|(i, f)| i == status || f.is_empty()),
            "{last}"
        );
    }
}

#[test]
fn ctrl_c_ends_a_completion_count_with_a_partial_count() {
    // One queen on a 40-row board: hours of counting, and no limit to stop it.
    let args = [
        "--format",
        "json",
        "queens",
        "complete",
        "fixtures/queens/one-queen-40.txt",
        "--count",
        "--limit",
        "18446744073709551615",
    ];
    let line = interrupted_line(&interrupt_after(&args, Duration::from_millis(500)));
    assert_eq!(line["n"], 40, "{line}");
    assert_eq!(line["exact"], false, "{line}");
    assert!(line["count"].is_u64(), "{line}");
    let text = interrupt_after(&args[2..], Duration::from_millis(500));
    assert_eq!(text.status.code(), Some(130), "{}", text.stderr);
    assert!(
        text.stdout.starts_with("at least ")
            && text
                .stdout
                .ends_with(" (interrupted by Ctrl-C: a partial count)\n"),
        "{}",
        text.stdout
    );
}

#[test]
fn ctrl_c_ends_a_huge_simulation_with_the_games_played() {
    let board = "fixtures/ladders/chutes-and-ladders.txt";
    let args = [
        "--format",
        "json",
        "ladders",
        "simulate",
        board,
        "--games",
        "18446744073709551615",
    ];
    let run = interrupt_after(&args, Duration::from_millis(700));
    // The estimate came first (roughly 80000 years at 3.5 ns a turn).
    assert!(
        run.stderr.starts_with(
            "gridsolve: note: 18446744073709551615 games of about 39 turns each take roughly "
        ),
        "{}",
        run.stderr
    );
    let line = interrupted_line(&run);
    let games = line["games"].as_u64().unwrap();
    assert!(games > 0 && games < u64::MAX, "{line}");
    assert_eq!(
        line["finished"], games,
        "every game of this board ends: {line}"
    );
    // The statistics are those of the games played: the classic board's exact
    // expectation, 39.2251223 turns, lies well within a few intervals of their mean.
    let mean = line["mean"].as_f64().unwrap();
    let [low, high] = [0, 1].map(|i| line["ci95"][i].as_f64().unwrap());
    let half = (high - low) / 2.0;
    assert!((mean - 39.2251223).abs() < 5.0 * half.max(0.5), "{line}");
    // The same games as a run asked for exactly that many (the same seed).
    let again = crate::harness::gridsolve(
        &[
            "--format",
            "json",
            "ladders",
            "simulate",
            board,
            "--games",
            &games.to_string(),
        ],
        b"",
    );
    let whole: serde_json::Value = serde_json::from_str(again.stdout.trim()).unwrap();
    assert_eq!(whole["mean"], line["mean"]);
    assert_eq!(whole["max"], line["max"]);
    assert_eq!(whole["status"], "answered");
}

#[test]
fn ctrl_c_stops_the_iterative_solver_of_a_huge_board() {
    // 200,000 squares: one snake across the board (a band too wide for the banded
    // elimination) and 39,998 short ones (too many back-reached squares for the dense
    // one), so Gauss-Seidel solves it, for many seconds.
    let dir = std::env::temp_dir().join(format!("gridsolve-ctrl-c-gs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("huge.txt");
    let mut board = String::from("squares 200000\n199996 2\n");
    for s in (10..199_990).step_by(5) {
        board.push_str(&format!("{s} {}\n", s - 3));
    }
    std::fs::write(&file, board).unwrap();
    let file = file.to_str().unwrap();
    let run = interrupt_after(
        &["--format", "json", "ladders", "stats", file],
        Duration::from_millis(800),
    );
    let line = interrupted_line(&run);
    assert!(line["expected_turns"].is_null(), "{line}");
    assert_eq!(line["expected_turns_not_converged"], false, "{line}");
    let text = interrupt_after(&["ladders", "stats", file], Duration::from_millis(800));
    assert_eq!(text.status.code(), Some(130), "{}", text.stderr);
    assert!(
        text.stdout
            .contains("expected turns: unknown: interrupted by Ctrl-C after "),
        "{}",
        text.stdout
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ctrl_c_ends_a_long_listing_with_the_paths_written() {
    let dir = std::env::temp_dir().join(format!("gridsolve-ctrl-c-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("open300.txt");
    std::fs::write(&file, format!("{}\n", vec!["1"; 300].join(" ")).repeat(300)).unwrap();
    let file = file.to_str().unwrap();
    // Each path snakes through most of the 90,000 cells: millions of paths take hours.
    let args = [
        "--format",
        "json",
        "maze",
        "paths",
        "--limit",
        "100000000",
        file,
    ];
    let run = interrupt_after(&args, Duration::from_millis(800));
    let line = interrupted_line(&run);
    let paths = line["paths"].as_array().unwrap();
    assert!(!paths.is_empty(), "some paths were found in 0.8 s");
    assert_eq!(line["count"], paths.len());
    assert_eq!(line["exact"], false);
    // A count is stopped the same way, with the paths counted so far.
    let args = [
        "--format",
        "json",
        "maze",
        "count",
        "--limit",
        "100000000000",
        file,
    ];
    let run = interrupt_after(&args, Duration::from_millis(800));
    let line = interrupted_line(&run);
    assert!(line["count"].as_u64().unwrap() > 0, "{line}");
    assert_eq!(line["exact"], false);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ctrl_c_ends_a_batch_with_the_answers_of_the_records_read() {
    let args = ["sudoku", "generate", "--count", "1000000000", "--jobs", "2"];
    let run = interrupt_after(&args, Duration::from_millis(400));
    assert_eq!(
        run.status.code(),
        Some(130),
        "exit 130 after Ctrl-C, not {}; stderr: {}",
        run.status,
        run.stderr
    );
    assert_eq!(
        run.stderr,
        "gridsolve: interrupted (Ctrl-C): no more input was read; the answers above are those of the records read before it\n"
    );
    // Whole puzzles only, each a valid one with a unique solution: the batch stopped
    // between chunks, not in the middle of a line.
    assert!(run.stdout.ends_with('\n'));
    let puzzles: Vec<&str> = run.stdout.lines().collect();
    assert!(!puzzles.is_empty());
    for line in puzzles.iter().step_by(997) {
        let puzzle: sudoku::Sudoku = line.parse().expect("a puzzle line");
        assert!(puzzle.is_uniquely_solvable(), "{line}");
    }
}

/// A JSON batch of `args` interrupted after 400 ms, checked to exit 130 and to end
/// with its closing `"status":"interrupted"` line: the run, that line, and the
/// answers above it.
fn interrupted_batch(args: &[&str]) -> (Interrupted, serde_json::Value, Vec<serde_json::Value>) {
    let run = interrupt_after(args, Duration::from_millis(400));
    assert_eq!(run.status.code(), Some(130), "stderr: {}", run.stderr);
    let mut answers: Vec<serde_json::Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("a JSON line ({e}): {l}")))
        .collect();
    let last = answers.pop().expect("the closing line");
    assert_eq!(last["status"], "interrupted", "{last}");
    (run, last, answers)
}

#[test]
fn ctrl_c_ends_a_json_batch_with_a_line_that_says_so() {
    let args = [
        "--format",
        "json",
        "sudoku",
        "generate",
        "--count",
        "1000000000",
        "--jobs",
        "2",
    ];
    let (_, last, answers) = interrupted_batch(&args);
    // The closing line counts the answers above it, each a generated puzzle.
    assert_eq!(last["answered"].as_u64(), Some(answers.len() as u64));
    assert!(!answers.is_empty());
    assert!(
        answers.iter().all(|a| a["puzzle"].is_string()),
        "{}",
        answers[0]
    );
}

#[test]
fn ctrl_c_stops_a_rating_in_progress() {
    // The forum's hardest puzzles take a second or more each: the signal comes while
    // the first is being rated, and the rating stops there instead of running on.
    let args = [
        "--format",
        "json",
        "sudoku",
        "grade",
        "fixtures/sudoku/data/forum_hardest_1106.txt",
        "--jobs",
        "1",
    ];
    let (run, _, answers) = interrupted_batch(&args);
    assert!(
        answers.iter().any(|a| a["status"] == "interrupted"),
        "a rating stopped part way: {}",
        run.stdout
    );
    for answer in answers {
        assert!(
            answer["status"] == "rated" || answer["status"] == "interrupted",
            "{answer}"
        );
        // An interrupted rating claims no ER, only what its path fixed.
        if answer["status"] == "interrupted" {
            assert!(answer["er"].is_null(), "{answer}");
        }
    }
    assert!(
        run.stderr.contains("interrupted (Ctrl-C)"),
        "{}",
        run.stderr
    );
}
