//! `gridsolve ladders` on a file of several JSON boards (a batch): every board is
//! answered in input order, each answer checked against the same board solved alone
//! (the one-board path, unchanged, is the reference), a bad board in the middle is
//! one bad record and the batch goes on.

use serde_json::Value;

use crate::harness::{gridsolve, json_lines};

/// LeetCode 909's example 1 (fewest rolls 4).
const EXAMPLE1: &str = "[[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],\
                        [-1,35,-1,-1,13,-1],[-1,-1,-1,-1,-1,-1],[-1,15,-1,-1,-1,-1]]";

/// Deterministic LeetCode boards of 2 x 2 to 6 x 6: about one cell in three a snake
/// or ladder to any square, the top row (which holds the last square) and the start
/// square plain; some end up unreachable with one face, none with six.
fn boards(count: usize) -> Vec<String> {
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |below: u64| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) % below
    };
    (0..count)
        .map(|_| {
            let n = 2 + next(5) as usize;
            let rows: Vec<String> = (0..n)
                .map(|row| {
                    let cells: Vec<String> = (0..n)
                        .map(|col| {
                            let plain = row == 0 || (row == n - 1 && col == 0) || next(3) != 0;
                            if plain {
                                "-1".to_owned()
                            } else {
                                (1 + next((n * n) as u64)).to_string()
                            }
                        })
                        .collect();
                    format!("[{}]", cells.join(","))
                })
                .collect();
            format!("[{}]", rows.join(","))
        })
        .collect()
}

/// `board` answered alone by `gridsolve [--format F] ladders VERB board EXTRA...`:
/// its standard output and exit code.
fn alone(format: &str, verb: &str, board: &str, extra: &[&str]) -> (String, Option<i32>) {
    let mut args = vec!["--format", format, "ladders", verb];
    args.extend(extra);
    let run = gridsolve(&args, board.as_bytes());
    (run.stdout, run.code)
}

#[test]
fn every_board_of_a_json_lines_file_is_answered_as_alone_in_order() {
    let mut boards = boards(12);
    boards.insert(3, EXAMPLE1.to_owned());
    let input: String = boards.iter().map(|b| format!("{b}\n")).collect();
    let mut worst = 0;
    let mut text = String::new();
    let mut json = Vec::new();
    for board in &boards {
        let (out, code) = alone("text", "solve", board, &["--path"]);
        let code = code.expect("an exit code");
        assert!(code <= 1, "{board}: exit {code}");
        worst = worst.max(code);
        text.push_str(&format!("Board at line {}:\n{out}\n", json.len() + 1));
        let (out, _) = alone("json", "solve", board, &[]);
        let mut answer: serde_json::Map<String, Value> =
            serde_json::from_str(out.trim()).expect("one JSON object");
        let mut line = serde_json::Map::new();
        line.insert("line".into(), Value::from(json.len() + 1));
        line.append(&mut answer);
        json.push(Value::Object(line));
    }
    assert_eq!(worst, 0, "six faces reach the end of every board");

    let run = gridsolve(&["ladders", "solve", "--path"], input.as_bytes());
    assert_eq!(run.code, Some(worst), "{}", run.stderr);
    assert_eq!(run.stdout, text);
    assert!(run.stdout.contains("Board at line 4:\nmin rolls: 4\n"));

    let run = gridsolve(&["--format", "json", "ladders", "solve"], input.as_bytes());
    assert_eq!(run.code, Some(worst), "{}", run.stderr);
    assert_eq!(json_lines(&run.stdout), json);

    // With one face some boards cannot be finished: the batch's status is the worst.
    let run = gridsolve(
        &["--format", "json", "ladders", "solve", "--faces", "1"],
        input.as_bytes(),
    );
    let lines = json_lines(&run.stdout);
    let (mut worst, mut unreachable) = (0, 0);
    for (i, board) in boards.iter().enumerate() {
        let (out, code) = alone("json", "solve", board, &["--faces", "1"]);
        let code = code.expect("an exit code");
        worst = worst.max(code);
        unreachable += usize::from(code == 1);
        let alone: Value = serde_json::from_str(out.trim()).expect("one JSON object");
        assert_eq!(lines[i]["min_rolls"], alone["min_rolls"], "board {}", i + 1);
        assert_eq!(lines[i]["line"], i + 1);
    }
    assert_eq!(worst, 1, "some board is unreachable with one face");
    assert_eq!(run.code, Some(worst));
    // The closing count agrees with the boards answered alone.
    assert_eq!(
        run.stderr.lines().last(),
        Some(
            format!(
                "gridsolve: <stdin>: {} boards: {} answered, {unreachable} no solution, 0 invalid",
                boards.len(),
                boards.len() - unreachable
            )
            .as_str()
        ),
        "{}",
        run.stderr
    );
}

#[test]
fn values_over_several_lines_are_named_by_their_first_line() {
    // A pretty-printed board, two on one line, and LeetCode's object form.
    let input = format!(
        "[\n  [-1, -1],\n  [-1, 3]\n]\n{EXAMPLE1} [[-1,-1],[-1,-1]]\n\n{{\"board\": {EXAMPLE1}}}\n"
    );
    let run = gridsolve(&["--format", "json", "ladders", "solve"], input.as_bytes());
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines = json_lines(&run.stdout);
    let found: Vec<(Value, Value)> = lines
        .iter()
        .map(|v| (v["line"].clone(), v["min_rolls"].clone()))
        .collect();
    let expected: Vec<(Value, Value)> = [(1, 1), (5, 4), (5, 1), (7, 4)]
        .iter()
        .map(|&(l, r)| (l.into(), r.into()))
        .collect();
    assert_eq!(found, expected);
}

#[test]
fn stats_and_simulate_answer_each_board_as_alone() {
    let boards = boards(4);
    let input: String = boards.iter().map(|b| format!("{b}\n")).collect();
    for (verb, extra) in [("stats", &[][..]), ("simulate", &["--games", "200"][..])] {
        let mut args = vec!["--format", "json", "ladders", verb];
        args.extend(extra);
        let run = gridsolve(&args, input.as_bytes());
        assert_eq!(run.code, Some(0), "{verb}: {}", run.stderr);
        let lines = json_lines(&run.stdout);
        assert_eq!(lines.len(), boards.len(), "{verb}");
        for (i, board) in boards.iter().enumerate() {
            let (out, _) = alone("json", verb, board, extra);
            let mut alone: Value = serde_json::from_str(out.trim()).expect("one JSON object");
            alone["line"] = (i + 1).into();
            assert_eq!(lines[i], alone, "{verb}, board {}", i + 1);
        }
    }
}

#[test]
fn a_bad_board_in_the_middle_is_one_bad_record_and_the_batch_goes_on() {
    let input = format!(
        "[[-1,-1],[-1,3]]\n\
         [[-1,-1],[-1,3]\n\
         {EXAMPLE1}\n\
         [[-1,-1],[-1,9]]\n\
         [[-1,-1,-1],[-1,-1,-1]]\n\
         {{\"squares\": 9, \"jumps\": [[2, 7], [2, 8]]}}\n\
         [[-1,-1],[-1,4]]\n"
    );
    let run = gridsolve(&["--format", "json", "ladders", "solve"], input.as_bytes());
    assert_eq!(run.code, Some(2), "the worst: bad input");
    let lines = json_lines(&run.stdout);
    let summary: Vec<(u64, &str)> = lines
        .iter()
        .map(|v| {
            (
                v["line"].as_u64().expect("a line"),
                v["status"].as_str().expect("a status"),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            (1, "answered"),
            (2, "invalid"),
            (3, "answered"),
            (4, "invalid"),
            (5, "invalid"),
            (6, "invalid"),
            (7, "answered"),
        ]
    );
    assert_eq!(lines[2]["min_rolls"], 4);
    assert_eq!(lines[6]["min_rolls"], 1);
    // Each error in the words of the same board alone, at its place in the file.
    let errors: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(
        errors,
        [
            "gridsolve: <stdin>:2:15: the input ends inside the JSON (a value or a closing bracket is missing)",
            "gridsolve: <stdin>:4:1: row 2, column 2: square 2 holds 9, which is neither -1 nor a square in 1..=4",
            "gridsolve: <stdin>:5:1: the board is 2 x 3, expected a square n x n matrix with n >= 1",
            "gridsolve: <stdin>:6:34: ladder 2 -> 8 starts on square 2, which already has ladder 2 -> 7 (line 6, column 26)",
            // The closing count: lines 1, 3 and 7 answered.
            "gridsolve: <stdin>: 7 boards: 3 answered, 0 no solution, 4 invalid",
        ]
    );
    let alone = gridsolve(
        &["ladders", "solve"],
        b"{\"squares\": 9, \"jumps\": [[2, 7], [2, 8]]}",
    );
    assert_eq!(
        alone.stderr,
        "gridsolve: <stdin>:1:34: ladder 2 -> 8 starts on square 2, which already has ladder 2 -> 7 (line 1, column 26)\n"
    );
    assert_eq!(lines[5]["column"], 34);

    // Text: the good boards under their headers, the bad ones on standard error.
    let run = gridsolve(&["ladders", "solve"], input.as_bytes());
    assert_eq!(run.code, Some(2));
    assert_eq!(
        run.stdout,
        "Board at line 1:\nmin rolls: 1\n\nBoard at line 3:\nmin rolls: 4\n\nBoard at line 7:\nmin rolls: 1\n\n"
    );
}

#[test]
fn an_unclosed_board_ends_the_batch_after_the_boards_before_it() {
    let input = format!("{EXAMPLE1}\n[[-1,-1],[-1,3]]\n[[-1,-1],\n  [-1,3]\n");
    let run = gridsolve(&["--format", "json", "ladders", "solve"], input.as_bytes());
    assert_eq!(run.code, Some(2));
    let lines = json_lines(&run.stdout);
    assert_eq!(lines.len(), 3, "{}", run.stdout);
    assert_eq!(
        (&lines[0]["line"], &lines[0]["min_rolls"]),
        (&1.into(), &4.into())
    );
    assert_eq!(
        (&lines[1]["line"], &lines[1]["min_rolls"]),
        (&2.into(), &1.into())
    );
    assert_eq!(lines[2]["status"], "invalid");
    assert!(
        run.stderr.starts_with("gridsolve: <stdin>:4:"),
        "{}",
        run.stderr
    );
}

#[test]
fn csv_of_a_batch_has_a_line_column() {
    let input = "[[-1,-1],[-1,3]]\n[[-1,-1],[-1,9]]\n[[-1,4],[-1,-1]]\n";
    let run = gridsolve(&["--format", "csv", "ladders", "solve"], input.as_bytes());
    assert_eq!(run.code, Some(2));
    let rows: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        rows[0],
        "line,min_rolls,path,route,start,drawing,drawing_file,status,file,column,cell,error"
    );
    assert!(rows[1].starts_with("1,1,1 4,"), "{}", rows[1]);
    assert!(
        rows[2].starts_with("2,,,,,,,invalid,<stdin>,1,1 1,"),
        "{}",
        rows[2]
    );
    assert!(rows[3].starts_with("3,1,1 4,"), "{}", rows[3]);
    assert_eq!(rows.len(), 4);
}

#[test]
fn one_board_is_answered_as_before() {
    for format in ["text", "json", "csv"] {
        let (out, code) = alone(format, "solve", EXAMPLE1, &["--path"]);
        assert_eq!(code, Some(0));
        // No header, no `line` key, no `line` column first.
        assert!(
            !out.contains("Board at") && !out.contains("\"line\"") && !out.starts_with("line,"),
            "{format}: {out}"
        );
        // LeetCode's object form gives the same answer as its matrix.
        let object = format!("{{\"board\": {EXAMPLE1}}}\n");
        assert_eq!(alone(format, "solve", &object, &["--path"]), (out, code));
    }
    // A text form is one board, whatever it holds.
    let run = gridsolve(&["ladders", "solve"], b"squares 9\n2 7\n");
    assert_eq!((run.code, run.stdout.as_str()), (Some(0), "min rolls: 2\n"));
    // One value with text after it is still that one board's error.
    let run = gridsolve(&["ladders", "solve"], b"[[-1,-1],[-1,3]] x\n");
    assert_eq!(run.code, Some(2));
    assert_eq!(
        run.stderr,
        "gridsolve: <stdin>:1:18: unexpected text after the JSON value\n"
    );
}
