//! `gridsolve queens` end to end: counts against OEIS, every printed solution checked by
//! the independent rules verifier (`verify::queens`), identical output across thread
//! counts, quiet closed pipes.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use crate::harness::gridsolve;

/// OEIS A000170 and A002562 for n = 1..=14.
const TOTAL: [u64; 14] = [
    1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596,
];
const FUNDAMENTAL: [u64; 14] = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752];

#[test]
fn count_matches_oeis_for_1_to_14() {
    for n in 1..=14 {
        let run = gridsolve(
            &["--format", "json", "queens", "count", &n.to_string()],
            b"",
        );
        let expected_code = if TOTAL[n - 1] == 0 { 1 } else { 0 };
        assert_eq!(run.code, Some(expected_code), "n = {n}: {}", run.stderr);
        let value: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
        assert_eq!(value["n"], n as u64);
        assert_eq!(value["count"], TOTAL[n - 1], "n = {n}");
        assert_eq!(value["fundamental"], FUNDAMENTAL[n - 1], "n = {n}");
    }
}

#[test]
fn all_prints_every_solution_once_in_order() {
    for n in [1usize, 5, 8, 10] {
        let run = gridsolve(&["queens", "all", &n.to_string()], b"");
        assert_eq!(run.code, Some(0));
        let solutions: Vec<Vec<usize>> = run
            .stdout
            .lines()
            .map(|line| {
                line.split(' ')
                    .map(|c| c.parse::<usize>().unwrap() - 1)
                    .collect()
            })
            .collect();
        assert_eq!(solutions.len() as u64, TOTAL[n - 1]);
        for solution in &solutions {
            assert_eq!(solution.len(), n);
            assert_eq!(
                verify::queens::check_solution(solution),
                Ok(()),
                "n = {n}: {solution:?}"
            );
        }
        assert!(
            solutions.windows(2).all(|w| w[0] < w[1]),
            "sorted, no repeats"
        );
        // The fundamental listing is the canonical subset.
        let fundamental = gridsolve(&["queens", "all", &n.to_string(), "--fundamental"], b"");
        assert_eq!(
            fundamental.stdout.lines().count() as u64,
            FUNDAMENTAL[n - 1]
        );
        assert!(
            fundamental
                .stdout
                .lines()
                .all(|l| run.stdout.lines().any(|a| a == l))
        );
    }
}

/// A listing cut by `--limit` says so (standard error, and a closing JSON line with
/// `"exact": false`) exactly when more solutions exist: at a limit of the published
/// count (OEIS) it is whole and says nothing, one below it says more exist.
#[test]
fn all_says_when_the_limit_cut_the_listing() {
    for n in [4usize, 5, 6, 8] {
        for (fundamental, counts) in [(false, &TOTAL), (true, &FUNDAMENTAL)] {
            let total = counts[n - 1];
            for (limit, cut) in [(total, false), (total + 1, false), (total - 1, true)] {
                if limit == 0 {
                    continue;
                }
                let (n, limit) = (n.to_string(), limit.to_string());
                let mut args = vec!["--format", "json", "queens", "all", &n, "--limit", &limit];
                if fundamental {
                    args.push("--fundamental");
                }
                for jobs in ["1", "2"] {
                    let mut args = args.clone();
                    args.extend(["--jobs", jobs]);
                    let run = gridsolve(&args, b"");
                    let name = format!("{args:?}");
                    assert_eq!(run.code, Some(0), "{name}: {}", run.stderr);
                    let last = run.stdout.lines().last().unwrap();
                    let said = run.stderr.contains("more exist; raise --limit");
                    assert_eq!(said, cut, "{name}: {}", run.stderr);
                    assert_eq!(last.contains("\"status\":\"limit\""), cut, "{name}: {last}");
                    let listed = run.stdout.lines().count() - usize::from(cut);
                    assert_eq!(listed as u64, total.min(limit.parse().unwrap()), "{name}");
                    if cut {
                        let value: serde_json::Value = serde_json::from_str(last).unwrap();
                        assert_eq!(value["exact"], false, "{name}");
                        assert_eq!(value["answered"].as_u64(), Some(total - 1), "{name}");
                    }
                }
            }
        }
    }
}

#[test]
fn all_and_count_print_the_same_for_any_number_of_jobs() {
    // `--jobs` defaults to every core; with `--jobs 1` one thread searches (`all` the
    // main thread, `count` a one-thread pool's worker while the main thread waits).
    for args in [
        &["queens", "all", "10"][..],
        &["--format", "json", "queens", "all", "9"],
        &["queens", "all", "10", "--fundamental", "--draw"],
        &["queens", "all", "12", "--fundamental", "--limit", "50"],
        &["queens", "all", "3"],
    ] {
        let serial = with_jobs(args, Some("1"));
        let expected_code = if args.contains(&"3") { 1 } else { 0 };
        assert_eq!(
            serial.code,
            Some(expected_code),
            "{args:?}: {}",
            serial.stderr
        );
        assert!(!serial.stdout.is_empty());
        for jobs in [None, Some("2"), Some("3")] {
            let run = with_jobs(args, jobs);
            assert_eq!(run.code, serial.code, "{args:?} --jobs {jobs:?}");
            assert_eq!(run.stdout, serial.stdout, "{args:?} --jobs {jobs:?}");
        }
    }
    let one = gridsolve(&["queens", "count", "12", "--jobs", "1"], b"");
    assert_eq!(one.stdout, "n = 12: 14200 solutions, 1787 fundamental\n");
    for jobs in [None, Some("2")] {
        assert_eq!(
            with_jobs(&["queens", "count", "12"], jobs).stdout,
            one.stdout
        );
    }
}

/// Runs `gridsolve args... [--jobs J]`.
fn with_jobs(args: &[&str], jobs: Option<&str>) -> crate::harness::Run {
    let mut args = args.to_vec();
    if let Some(jobs) = jobs {
        args.extend(["--jobs", jobs]);
    }
    gridsolve(&args, b"")
}

#[test]
fn completion_counts_say_whether_they_are_exact() {
    // fixtures/queens/partial8.txt has 14 completions.
    let count = |limit: &str| {
        let run = gridsolve(
            &[
                "--format",
                "json",
                "queens",
                "complete",
                "fixtures/queens/partial8.txt",
                "--count",
                "--limit",
                limit,
            ],
            b"",
        );
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        let value: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
        (
            value["count"].as_u64().unwrap(),
            value["exact"].as_bool().unwrap(),
        )
    };
    assert_eq!(count("13"), (13, false));
    assert_eq!(count("14"), (14, true));
    assert_eq!(count("1000"), (14, true));
}

#[test]
fn the_old_board_flag_still_draws() {
    let draw = gridsolve(&["queens", "solve", "6", "--draw"], b"");
    let board = gridsolve(&["queens", "solve", "6", "--board"], b"");
    assert_eq!(draw.code, Some(0));
    assert_eq!(draw.stdout.lines().count(), 6);
    assert_eq!(board.stdout, draw.stdout);
}

#[test]
fn solve_is_verified_for_many_sizes() {
    for n in (4..60).chain([1, 1000, 100_003]) {
        let run = gridsolve(
            &["--format", "json", "queens", "solve", &n.to_string()],
            b"",
        );
        assert_eq!(run.code, Some(0), "n = {n}");
        let value: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
        let columns: Vec<usize> = serde_json::from_value(value["columns"].clone()).unwrap();
        assert_eq!(columns.len(), n);
        // The whole board, in O(n) for n = 100,003; the pairwise check too while cheap.
        assert_eq!(
            verify::queens::check_solution_linear(&columns),
            Ok(()),
            "n = {n}"
        );
        if n <= 1000 {
            assert_eq!(verify::queens::check_solution(&columns), Ok(()), "n = {n}");
        }
    }
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridsolve"))
        .args(["queens", "all", "14"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let first: Vec<String> = BufReader::new(stdout)
        .lines()
        .take(3)
        .map(Result::unwrap)
        .collect();
    assert_eq!(first[0], "1 3 5 7 12 10 13 4 14 9 2 6 8 11");
    // The reader is dropped here, closing the pipe.
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

#[test]
fn completion_round_trips_the_board_output() {
    let board = gridsolve(&["queens", "solve", "12", "--board"], b"");
    // Keep the first four rows and clear the rest.
    let partial: String = board
        .stdout
        .lines()
        .enumerate()
        .map(|(i, line)| {
            if i < 4 {
                format!("{line}\n")
            } else {
                format!("{}\n", line.replace('Q', "."))
            }
        })
        .collect();
    let run = gridsolve(
        &["--format", "json", "queens", "complete"],
        partial.as_bytes(),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let value: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
    let columns: Vec<usize> = serde_json::from_value(value["columns"].clone()).unwrap();
    let kept: Vec<usize> = board
        .stdout
        .lines()
        .take(4)
        .map(|l| l.find('Q').unwrap() / 2)
        .collect();
    assert_eq!(&columns[..4], &kept[..]);
    // The completion solves the board and keeps the four queens (nothing is blocked).
    let placed: Vec<Option<usize>> = (0..12).map(|row| kept.get(row).copied()).collect();
    assert_eq!(
        verify::queens::check_completion(&placed, |_, _| false, &columns),
        Ok(())
    );
}

/// Starts `gridsolve args...`, reads the first line of standard error, then kills the
/// process (its work would take minutes) and returns that line.
fn first_stderr_line(args: &[&str], stdin: &[u8]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridsolve"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the gridsolve binary starts");
    {
        use std::io::Write;
        let mut pipe = child.stdin.take().unwrap();
        pipe.write_all(stdin).unwrap();
    }
    let mut line = String::new();
    let read = BufReader::new(child.stderr.take().unwrap()).read_line(&mut line);
    let _ = child.kill();
    let _ = child.wait();
    read.expect("standard error can be read");
    line
}

#[test]
fn long_searches_print_a_note_before_they_start() {
    let count = first_stderr_line(&["queens", "count", "18", "--jobs", "1"], b"");
    assert!(
        count
            .starts_with("gridsolve: note: counting n = 18 takes roughly 64 seconds with 1 thread"),
        "{count}"
    );
    let all = first_stderr_line(&["queens", "all", "36", "--limit", "1"], b"");
    assert!(
        all.starts_with("gridsolve: note: for n >= 30 the first solution")
            && all.contains("`gridsolve queens solve 36`"),
        "{all}"
    );
    let board = format!("{}\n", vec![". ".repeat(39) + "."; 40].join("\n"));
    let counting = first_stderr_line(
        &["queens", "complete", "--count", "--limit", "10"],
        board.as_bytes(),
    );
    assert!(
        counting.contains("--limit caps the count, not the time"),
        "{counting}"
    );
}

#[test]
fn no_note_below_the_thresholds() {
    for args in [
        &["queens", "all", "29", "--limit", "1"][..],
        &["queens", "count", "12"][..],
        &[
            "queens",
            "complete",
            "fixtures/queens/holes10.txt",
            "--count",
        ][..],
    ] {
        let run = gridsolve(args, b"");
        assert_eq!(run.code, Some(0), "{args:?}: {}", run.stderr);
        // Nothing but the note that `--limit 1` cut the listing.
        let notes: Vec<&str> = run
            .stderr
            .lines()
            .filter(|l| !l.contains("at --limit 1: more exist"))
            .collect();
        assert!(notes.is_empty(), "{args:?}: {notes:?}");
    }
}

/// `queens complete` on a column list of `n` rows with queens in `placed` (0-based
/// `(row, col)`): the 0-based columns of its JSON answer, checked by the O(n) verifier
/// from `verify` (not timed).
fn complete_large(n: usize, placed: &[(usize, usize)], seed: &str) -> Vec<usize> {
    let mut entries = vec![".".to_owned(); n];
    for &(row, col) in placed {
        entries[row] = (col + 1).to_string();
    }
    let input = entries.join(" ") + "\n";
    let run = gridsolve(
        &["queens", "complete", "--seed", seed, "--format", "json"],
        input.as_bytes(),
    );
    assert_eq!(run.code, Some(0), "n = {n}: {}", run.stderr);
    let answer: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let columns: Vec<usize> = serde_json::from_value(answer["columns"].clone()).unwrap();
    let given: Vec<Option<usize>> = (0..n)
        .map(|row| placed.iter().find(|p| p.0 == row).map(|p| p.1))
        .collect();
    if let Err(violation) = verify::queens::check_completion_linear(&given, &columns) {
        panic!("n = {n}: {violation}");
    }
    columns
}

#[test]
fn completes_large_boards_with_placed_queens() {
    // The "one mandatory queen" exercises: a queen in column 4 of row 1.
    complete_large(50, &[(0, 3)], "0");
    complete_large(50, &[(0, 3), (20, 10), (41, 48)], "5");
    complete_large(1000, &[(0, 3), (500, 17), (999, 600), (7, 7)], "0");
    complete_large(100_000, &[(0, 3), (50_000, 11), (99_999, 99_998)], "1");
}

#[test]
fn large_boards_say_when_they_cannot_be_completed_or_give_up() {
    // Every row placed but one, whose only free column clashes: proven impossible.
    let mut entries: Vec<String> = (1..=1000).map(|c| c.to_string()).collect();
    entries.truncate(999); // the main diagonal attacks itself: bad input
    let run = gridsolve(
        &["queens", "complete"],
        (entries.join(" ") + " .\n").as_bytes(),
    );
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr.contains("attack each other along a diagonal"),
        "{}",
        run.stderr
    );
    // A tiny budget on a large board: an honest "not found", exit 3.
    let input = format!("4{}\n", " .".repeat(199));
    let run = gridsolve(
        &["queens", "complete", "--budget", "1", "--seed", "9"],
        input.as_bytes(),
    );
    assert_eq!(run.code, Some(3), "{}", run.stdout);
    assert!(
        run.stdout
            .starts_with("no completion found within 1 search step (not proven impossible"),
        "{}",
        run.stdout
    );
    let run = gridsolve(
        &["queens", "complete", "--budget", "1", "--format", "json"],
        input.as_bytes(),
    );
    assert_eq!(
        run.stdout,
        "{\"n\":200,\"columns\":null,\"gave_up_after_steps\":1,\"reason\":\"not proven \
         impossible: a board of 200 rows is too large for the exhaustive search (up to 64 \
         rows), and the local search cannot prove it; try another --seed or a larger \
         --budget\",\"status\":\"undecided\"}\n"
    );
    // A board of 70 rows whose first row is all blocked: proven impossible at once.
    let input = format!(
        "{}\n{}",
        "x".repeat(70),
        format!("{}\n", ".".repeat(70)).repeat(69)
    );
    let run = gridsolve(&["queens", "complete"], input.as_bytes());
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "no completion: row 1 has no open square (each is blocked or attacked by a placed queen)\n"
    );
}

/// A board up to 64 rows that runs out of --budget names the budget and the way on, not
/// the size limit of the exhaustive search.
#[test]
fn small_boards_out_of_budget_name_the_budget() {
    let input = ". . . Q . . . .\n. . . . . . . .\nx x . . . . . .\n".to_owned()
        + &". . . . . . . .\n".repeat(5);
    let run = gridsolve(&["queens", "complete", "--budget", "3"], input.as_bytes());
    assert_eq!(run.code, Some(3), "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "no completion found within 3 search steps (--budget 3 ran out before the exhaustive \
         search finished, half of it going to the local search; try a larger one \
         (`--budget 30`: the local search often finds a completion the exhaustive one is \
         slow to reach), or, to settle whether there is any, `--count --limit 1`, which \
         searches exhaustively without a budget and can take long)\n"
    );
    let run = gridsolve(&["queens", "complete"], input.as_bytes());
    assert_eq!(run.code, Some(0), "{}", run.stderr);
}

#[test]
fn merged_shards_print_the_unsplit_count() {
    let dir = std::env::temp_dir().join(format!("gridsolve-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (n, k) in [(11, 7), (12, 2)] {
        let mut files = Vec::new();
        for i in 1..=k {
            let shard = format!("{i}/{k}");
            // Every form a shard's count is written in (CSV under its header row).
            let format = ["text", "json", "csv"][i % 3];
            let run = gridsolve(
                &[
                    "queens",
                    "count",
                    &n.to_string(),
                    "--shard",
                    &shard,
                    "--format",
                    format,
                ],
                b"",
            );
            assert_eq!(run.code, Some(0), "{}", run.stderr);
            let file = dir.join(format!("{n}-{i}.out"));
            std::fs::write(&file, run.stdout).unwrap();
            files.push(file.to_string_lossy().into_owned());
        }
        files.reverse();
        let mut args = vec!["queens", "merge"];
        args.extend(files.iter().map(String::as_str));
        let merged = gridsolve(&args, b"");
        let whole = gridsolve(&["queens", "count", &n.to_string()], b"");
        assert_eq!(merged.code, Some(0), "{}", merged.stderr);
        assert_eq!(merged.stdout, whole.stdout);
        // The files run together on standard input (`cat part-* | ...`): each CSV
        // header row reads the rows after it.
        let joined: Vec<u8> = files
            .iter()
            .flat_map(|file| std::fs::read(file).unwrap())
            .collect();
        let merged = gridsolve(&["queens", "merge"], &joined);
        assert_eq!(merged.code, Some(0), "{}", merged.stderr);
        assert_eq!(merged.stdout, whole.stdout);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn merge_names_the_missing_shards_and_their_rerun_completes_the_count() {
    let dir = std::env::temp_dir().join(format!("gridsolve-missing-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let part = |i: usize| dir.join(format!("part-{i}.json"));
    let count = |i: usize| {
        let shard = format!("{i}/5");
        let run = gridsolve(
            &[
                "queens", "count", "11", "--shard", &shard, "--format", "json",
            ],
            b"",
        );
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        std::fs::write(part(i), run.stdout).unwrap();
    };
    for i in [1, 2, 4] {
        count(i);
    }
    // Shard 5 was stopped before it wrote: an empty file is a missing shard.
    std::fs::write(part(5), "").unwrap();
    let files: Vec<String> = [1, 2, 4, 5]
        .map(|i| part(i).to_string_lossy().into_owned())
        .to_vec();
    let merge = |extra: &[&str], files: &[String]| {
        let mut args = vec!["queens", "merge"];
        args.extend(extra);
        args.extend(files.iter().map(String::as_str));
        gridsolve(&args, b"")
    };
    let missing = merge(&["--missing"], &files);
    assert_eq!(
        (missing.code, missing.stdout.as_str()),
        (Some(0), "3\n5\n"),
        "{}",
        missing.stderr
    );
    let json = merge(&["--missing", "--format", "json"], &files);
    assert_eq!(
        json.stdout,
        "{\"n\":11,\"shards\":5,\"missing\":[3,5],\"status\":\"answered\"}\n"
    );
    // Without --missing the empty file is still refused.
    assert_eq!(merge(&[], &files).code, Some(2));
    // Count exactly the shards it named, and the merge is the whole count.
    for line in missing.stdout.lines() {
        count(line.parse().unwrap());
    }
    let files: Vec<String> = (1..=5)
        .map(|i| part(i).to_string_lossy().into_owned())
        .collect();
    let none = merge(&["--missing"], &files);
    assert_eq!(
        (none.code, none.stdout.as_str()),
        (Some(0), ""),
        "{}",
        none.stderr
    );
    let merged = merge(&[], &files);
    assert_eq!(merged.stdout, "n = 11: 2680 solutions, 341 fundamental\n");
    // Parts of another count are refused, not listed.
    let other = gridsolve(&["queens", "count", "10", "--shard", "3/5"], b"");
    std::fs::write(part(3), other.stdout).unwrap();
    assert_eq!(merge(&["--missing"], &files).code, Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_count_keeps_its_progress_file_and_prints_the_same() {
    let dir = std::env::temp_dir().join(format!("gridsolve-progress-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("count.progress");
    let path = file.to_string_lossy().into_owned();
    let run = gridsolve(&["queens", "count", "13", "--progress", &path], b"");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    // OEIS A000170 and A002562.
    assert_eq!(run.stdout, "n = 13: 73712 solutions, 9233 fundamental\n");
    let line = std::fs::read_to_string(&file).unwrap();
    let (done, rest) = line
        .strip_prefix("n = 13: done, ")
        .and_then(|rest| rest.split_once(" of "))
        .unwrap_or_else(|| panic!("{line}"));
    let total = rest.split_once(' ').unwrap().0;
    assert_eq!(done, total, "{line}");
    assert!(done.parse::<u64>().unwrap() > 0, "{line}");
    // A progress file that cannot be written is an error before the count.
    let bad = dir
        .join("no-such-dir")
        .join("x")
        .to_string_lossy()
        .into_owned();
    let run = gridsolve(&["queens", "count", "13", "--progress", &bad], b"");
    assert_eq!((run.code, run.stdout.as_str()), (Some(2), ""));
    assert!(
        run.stderr.contains("cannot write the progress file"),
        "{}",
        run.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A fresh user's finding: `complete --count` refused `--budget` but ignored `--seed`
/// and `--draw` unsaid; the count is one exhaustive search, so each is refused.
#[test]
fn counting_completions_refuses_the_flags_of_one_completion() {
    let board = ". . . .\n. . . .\n. . . .\n. . . .\n";
    for flag in ["--seed=3", "--budget=9", "--draw", "--output-dir=pictures"] {
        let run = gridsolve(&["queens", "complete", "--count", flag], board.as_bytes());
        assert_eq!(run.code, Some(2), "{flag}: {}", run.stderr);
        assert!(
            run.stderr.contains("cannot be used with"),
            "{flag}: {}",
            run.stderr
        );
        assert!(run.stdout.is_empty(), "{flag}: {}", run.stdout);
    }
    let run = gridsolve(&["queens", "complete", "--count"], board.as_bytes());
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (Some(0), "2 completions\n")
    );
}
