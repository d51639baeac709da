//! `--format csv` against `--format json` on the same input: one header, one row per
//! JSON line, and every field of a JSON line in its column, flattened as `report::emit`
//! documents (read here by a small RFC 4180 reader of the test's own).

use serde_json::Value;

use crate::harness::{gridsolve_in, repo_root};

/// The records of a CSV text (RFC 4180: quoted fields may hold commas, quotes doubled,
/// CR and LF; records end in LF here, no unquoted CR).
fn read_csv(text: &str) -> Vec<Vec<String>> {
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut chars = text.chars().peekable();
    let mut quoted = false;
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\r') => panic!("an unquoted CR"),
            (false, '\n') => {}
            (false, c) => field.push(c),
        }
        if !quoted && c == '\n' {
            record.push(std::mem::take(&mut field));
            records.push(std::mem::take(&mut record));
        }
    }
    assert!(
        field.is_empty() && record.is_empty(),
        "the text ends a record"
    );
    records
}

/// Whether `cell` is `value` as a CSV field: flattened, or for a value too deep to
/// flatten its JSON text (compared as JSON, whatever the order of its keys).
fn field_matches(cell: &str, value: &Value) -> bool {
    match expected_field(value) {
        Some(field) => cell == field,
        None => serde_json::from_str::<Value>(cell).is_ok_and(|v| v == *value),
    }
}

/// What a JSON value should read as in its CSV field; `None` when it is written as its
/// JSON text.
fn expected_field(value: &Value) -> Option<String> {
    Some(match value {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        Value::Object(_) => return None,
        Value::Array(items) => {
            let parts: Option<Vec<String>> = items
                .iter()
                .map(|item| match item {
                    Value::Array(inner)
                        if inner.iter().all(|v| !v.is_array() && !v.is_object()) =>
                    {
                        inner
                            .iter()
                            .map(expected_field)
                            .collect::<Option<Vec<_>>>()
                            .map(|inner| inner.join(","))
                    }
                    Value::Array(_) | Value::Object(_) => None,
                    scalar => expected_field(scalar),
                })
                .collect();
            parts?.join(" ")
        }
        other => other.to_string(),
    })
}

/// Runs `args` in `dir` as JSON and as CSV and checks that they agree; `dropped` are the
/// keys of bad records that have no column (their place is on standard error only).
fn agrees(dir: &str, args: &[&str], dropped: &[&str]) {
    let dir = repo_root().join(dir);
    let json = gridsolve_in(&dir, &[&["--format", "json"], args].concat(), b"");
    let csv = gridsolve_in(&dir, &[&["--format", "csv"], args].concat(), b"");
    assert_eq!(json.code, csv.code, "{args:?}");
    assert_eq!(json.stderr, csv.stderr, "{args:?}");
    let lines: Vec<serde_json::Map<String, Value>> = json
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON object per line"))
        .collect();
    let records = read_csv(&csv.stdout);
    let (header, rows) = records.split_first().expect("a header");
    assert_eq!(rows.len(), lines.len(), "{args:?}: a row per JSON line");
    for (row, line) in rows.iter().zip(&lines) {
        assert_eq!(
            row.len(),
            header.len(),
            "{args:?}: every row has every column"
        );
        for (key, value) in line {
            match header.iter().position(|h| h == key) {
                // A listing's items (`maze paths`), written as found: `;` between them.
                Some(i) if key == "paths" => {
                    let items: Vec<&str> = value
                        .as_array()
                        .expect("a list of paths")
                        .iter()
                        .map(|p| p.as_str().expect("a path"))
                        .collect();
                    assert_eq!(row[i], items.join(";"), "{args:?}: paths");
                }
                Some(i) => assert!(
                    field_matches(&row[i], value),
                    "{args:?}: {key}: {} is not {value}",
                    row[i]
                ),
                None => assert!(
                    dropped.contains(&key.as_str()) && line["status"] == "invalid",
                    "{args:?}: `{key}` has no column"
                ),
            }
        }
        for (i, column) in header.iter().enumerate() {
            if !line.contains_key(column) {
                assert_eq!(
                    row[i], "",
                    "{args:?}: {column} is absent from the JSON line"
                );
            }
        }
    }
}

#[test]
fn every_sudoku_batch_verb_writes_its_json_fields_as_csv() {
    // A bad record's place is in its row too: `file`, `column`, `cell` have columns.
    for verb in [
        "solve", "count", "check", "hint", "explain", "grade", "canon", "dedupe",
    ] {
        agrees(
            "fixtures/sudoku",
            &["sudoku", verb, "bad_batch.txt", "--jobs", "2"],
            &[],
        );
        agrees("fixtures/sudoku", &["sudoku", verb, "block.txt"], &[]);
    }
    agrees(
        "fixtures/sudoku",
        &["sudoku", "check", "formats/leetcode36_invalid.json"],
        &[],
    );
    agrees(
        "fixtures/sudoku",
        &["sudoku", "generate", "--count", "5", "--jobs", "2"],
        &[],
    );
}

#[test]
fn maze_files_queens_listings_and_single_answers_write_csv() {
    for verb in ["exists", "solve", "paths", "shortest", "count"] {
        agrees(
            "fixtures/maze",
            &["maze", verb, "classic.json", "bad-value.txt", "ascii.txt"],
            &[],
        );
    }
    agrees(
        "fixtures/queens",
        &["queens", "all", "7", "--jobs", "2"],
        &[],
    );
    agrees("fixtures/queens", &["queens", "count", "9"], &[]);
    agrees(
        "fixtures/ladders",
        &["ladders", "solve", "chutes-and-ladders.txt"],
        &[],
    );
    agrees(
        "fixtures/ladders",
        &["ladders", "stats", "chutes-and-ladders.txt"],
        &[],
    );
}

/// Bad input that stops a batch after good records (binary data; eight lines that are
/// no puzzle) is one more row in the table's columns, not a second header and a table
/// of its own; its message stays the last word on standard error.
#[test]
fn a_batch_stopped_by_bad_input_keeps_one_table() {
    let good =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
    let binary = [good.as_bytes(), b"\0\0\0\n"].concat();
    for (input, error) in [
        (binary, "control byte 0x00"),
        (
            ["1\n".repeat(10).as_str(), good].concat().into_bytes(),
            "none of the first 8 records is a puzzle",
        ),
    ] {
        for (verb, jobs) in [("solve", "1"), ("solve", "2"), ("dedupe", "1")] {
            let run = gridsolve_in(
                &repo_root(),
                &["--format", "csv", "sudoku", verb, "--jobs", jobs],
                &input,
            );
            assert_eq!(run.code, Some(2), "{}", run.stderr);
            let records = read_csv(&run.stdout);
            let header = &records[0];
            assert_eq!(records.iter().filter(|r| r[0] == "line").count(), 1);
            assert!(
                records.iter().all(|r| r.len() == header.len()),
                "{records:?}"
            );
            let last = records.last().unwrap();
            let column = |name: &str| header.iter().position(|h| h == name).unwrap();
            assert_eq!(last[column("status")], "invalid", "{records:?}");
            assert!(last[column("error")].contains(error), "{records:?}");
            if error.starts_with("control") {
                assert_eq!(records.len(), 3, "{records:?}");
                let answered = if verb == "dedupe" { "kept" } else { "solved" };
                assert_eq!(records[1][column("status")], answered);
                assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
            }
        }
    }
}

#[test]
fn a_large_batch_has_one_header_whatever_the_threads() {
    let dir = repo_root().join("../shared/data/sudoku");
    for jobs in ["1", "3"] {
        let run = gridsolve_in(
            &dir,
            &[
                "--format",
                "csv",
                "sudoku",
                "count",
                "easy50.txt",
                "--jobs",
                jobs,
            ],
            b"",
        );
        let records = read_csv(&run.stdout);
        assert_eq!(records.len(), 51, "--jobs {jobs}");
        assert_eq!(records.iter().filter(|r| r[0] == "line").count(), 1);
    }
}

/// Every verb that reads a file writes one CSV header whatever the outcome (answered,
/// none, gave up, a bad file, a missing one), so that the tables of many runs stack;
/// and each run's JSON fields are in its columns (see [`agrees`]).
#[test]
fn one_header_for_every_outcome_of_a_verb() {
    let runs: [(&str, &[&[&str]]); 8] = [
        (
            // A count, none (n = 3), a shard, and a merge of shards, which prints what
            // the unsplit count prints (a fresh user's finding: its header was
            // another); an interrupted count's keys are among these too
            // (`searches_done`, `searches`).
            ".",
            &[
                &["queens", "count", "8"],
                &["queens", "count", "3"],
                &["queens", "count", "10", "--shard", "2/3"],
                &[
                    "queens",
                    "merge",
                    "fixtures/queens/shard-10-1of3.txt",
                    "fixtures/queens/shard-10-2of3.json",
                    "fixtures/queens/shard-10-3of3.txt",
                ],
                &["queens", "merge", "no-such-file.txt"],
            ],
        ),
        (
            "fixtures/queens",
            &[
                &["queens", "complete", "partial8.txt"],
                &["queens", "complete", "attacking.txt"],
                &["queens", "complete", "bad-char.txt"],
                &["queens", "complete", "--budget", "10", "blocked5.txt"],
                &["queens", "complete", "no-such-file.txt"],
            ],
        ),
        (
            "fixtures/queens",
            &[
                &["queens", "complete", "--count", "partial8.txt"],
                &["queens", "complete", "--count", "bad-char.txt"],
            ],
        ),
        (
            "fixtures/queens",
            &[
                &[
                    "queens",
                    "merge",
                    "shard-10-1of3.txt",
                    "shard-10-2of3.json",
                    "shard-10-3of3.txt",
                ],
                &[
                    "queens",
                    "merge",
                    "shard-10-1of3.txt",
                    "shard-10-2of3.json",
                    "shard-10-1of3.txt",
                    "shard-10-3of3.txt",
                ],
                &["queens", "merge", "no-such-file.txt"],
            ],
        ),
        (
            "fixtures/ladders",
            &[
                &["ladders", "solve", "chutes-and-ladders.txt"],
                &["ladders", "solve", "bad-token.txt"],
                &["ladders", "solve", "no-such-file.txt"],
            ],
        ),
        (
            "fixtures/ladders",
            &[
                &["ladders", "stats", "chutes-and-ladders.txt"],
                &["ladders", "stats", "bad-token.txt"],
            ],
        ),
        (
            "fixtures/sudoku",
            &[
                &["sudoku", "solve", "block.txt"],
                &["sudoku", "solve", "bad_batch.txt"],
                &["sudoku", "solve", "no-such-file.txt"],
            ],
        ),
        (
            "fixtures/sudoku",
            &[
                &["sudoku", "bench", "grid1.txt"],
                &["sudoku", "bench", "no-such-file.txt"],
            ],
        ),
    ];
    for (dir, verb_runs) in runs {
        let headers: Vec<String> = verb_runs
            .iter()
            .map(|args| {
                // (A bench's figures are timings: two runs differ.)
                if !args.contains(&"bench") {
                    agrees(dir, args, &[]);
                }
                let run = gridsolve_in(
                    &repo_root().join(dir),
                    &[&["--format", "csv"], *args].concat(),
                    b"",
                );
                run.stdout.lines().next().expect("a header").to_owned()
            })
            .collect();
        assert!(
            headers.iter().all(|h| h == &headers[0]),
            "{verb_runs:?}: {headers:#?}"
        );
    }
}

/// A listing cut at its `--limit` with more left ends its CSV table with one more row,
/// empty but for its status, `limit` (JSON's closing line), in the listing's columns.
#[test]
fn a_listing_cut_at_its_limit_ends_with_a_row_that_says_so() {
    let run = gridsolve_in(
        &repo_root(),
        &["--format", "csv", "queens", "all", "6", "--limit", "2"],
        b"",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let records = read_csv(&run.stdout);
    assert_eq!(
        records.len(),
        4,
        "a header, two solutions, the end: {}",
        run.stdout
    );
    let status = records[0]
        .iter()
        .position(|c| c == "status")
        .expect("a status column");
    for record in &records {
        assert_eq!(record.len(), records[0].len());
    }
    assert_eq!(records[1][status], "answered");
    // n = 3 has no solution: its one row has the listing's header all the same.
    let none = gridsolve_in(
        &repo_root(),
        &["--format", "csv", "queens", "all", "3"],
        b"",
    );
    assert_eq!(none.stdout.lines().next(), run.stdout.lines().next());
    let last = &records[3];
    assert_eq!(last[status], "limit");
    assert!(
        last.iter()
            .enumerate()
            .all(|(i, f)| i == status || f.is_empty())
    );
}

/// `--draw svg --output-dir DIR` in CSV keeps each picture's file in its row
/// (`drawing_file`), as JSON does, for the batch verbs that draw.
#[test]
fn pictures_written_to_files_are_named_in_csv_rows() {
    let dir = std::env::temp_dir().join(format!("gridsolve-csv-draw-{}", std::process::id()));
    let out = dir.to_str().expect("a UTF-8 path");
    let draw = ["--draw", "svg", "--output-dir", out];
    agrees(
        "fixtures/sudoku",
        &[&["sudoku", "solve", "bad_batch.txt"][..], &draw].concat(),
        &[],
    );
    agrees(
        "fixtures/sudoku",
        &[&["sudoku", "hint", "grid1.txt"][..], &draw].concat(),
        &[],
    );
    for verb in ["solve", "shortest"] {
        agrees(
            "fixtures/maze",
            &[&["maze", verb, "classic.json", "ascii.txt"][..], &draw].concat(),
            &[],
        );
    }
    let run = gridsolve_in(
        &repo_root().join("fixtures/maze"),
        &[
            &["--format", "csv", "maze", "shortest", "ascii.txt"][..],
            &draw,
        ]
        .concat(),
        b"",
    );
    let records = read_csv(&run.stdout);
    let column = records[0]
        .iter()
        .position(|c| c == "drawing_file")
        .expect("a drawing_file column");
    assert!(
        std::path::Path::new(&records[1][column]).is_file(),
        "{}",
        run.stdout
    );
    let _ = std::fs::remove_dir_all(&dir);
}
