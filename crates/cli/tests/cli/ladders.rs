//! `gridsolve ladders`: answers checked end to end (the golden fixtures in
//! fixtures/ladders cover the text output).

use crate::harness::gridsolve;

const EXAMPLE1: &str = "[[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],[-1,-1,-1,-1,-1,-1],\
                        [-1,35,-1,-1,13,-1],[-1,-1,-1,-1,-1,-1],[-1,15,-1,-1,-1,-1]]";

fn json_of(stdout: &str) -> serde_json::Value {
    serde_json::from_str(stdout.trim()).expect("one JSON object")
}

#[test]
fn solve_json_from_stdin() {
    let run = gridsolve(
        &["--format", "json", "ladders", "solve"],
        EXAMPLE1.as_bytes(),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let v = json_of(&run.stdout);
    assert_eq!(v["min_rolls"], 4);
    assert_eq!(v["path"], serde_json::json!([1, 15, 13, 35, 36]));
    assert_eq!(
        v["route"][0],
        serde_json::json!({"roll": 1, "landed": 2, "square": 15})
    );
}

#[test]
fn unreachable_is_exit_1_with_null() {
    let board = b"squares 9\n2 1\n3 1\n4 1\n5 1\n6 1\n7 1\n";
    let run = gridsolve(&["--format", "json", "ladders", "solve"], board);
    assert_eq!(run.code, Some(1));
    let v = json_of(&run.stdout);
    // No answer is null, the key kept (ARCHITECTURE.md, "JSON: no answer").
    for key in ["min_rolls", "path", "route"] {
        assert!(
            v.get(key).is_some_and(serde_json::Value::is_null),
            "{key}: {v}"
        );
    }
}

#[test]
fn chutes_and_ladders_stats_and_simulation() {
    let board = "fixtures/ladders/chutes-and-ladders.txt";
    let run = gridsolve(
        &[
            "--format",
            "json",
            "ladders",
            "stats",
            board,
            "--players",
            "3",
        ],
        b"",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let v = json_of(&run.stdout);
    let e = v["expected_turns"].as_f64().expect("a number");
    assert!((e - 39.225_122_308).abs() < 1e-8, "{e}");
    assert_eq!(v["shortest"]["turns"], 7);
    let win: Vec<f64> = v["players"]["win"]
        .as_array()
        .expect("array")
        .iter()
        .filter_map(serde_json::Value::as_f64)
        .collect();
    assert_eq!(win.len(), 3);
    assert!((win.iter().sum::<f64>() - 1.0).abs() < 1e-9);

    let args = [
        "--format", "json", "ladders", "simulate", board, "--games", "20000", "--seed", "9",
    ];
    let run = gridsolve(&args, b"");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let v = json_of(&run.stdout);
    assert_eq!(v["capped"], 0);
    assert_eq!(v["exact_inside_ci95"], true, "{v}");
}

#[test]
fn bad_board_names_file_and_jump() {
    let run = gridsolve(&["ladders", "solve", "-"], b"squares 10\n3 7\n3 2\n");
    assert_eq!(run.code, Some(2));
    assert_eq!(
        run.stderr,
        "gridsolve: <stdin>:3: snake 3 -> 2 starts on square 3, which already has ladder 3 -> 7 (line 2)\n"
    );
}

#[test]
fn input_format_override() {
    // A jump list read as a matrix is an error; as text it is a board.
    let text = b"squares 4\n2 3\n";
    let run = gridsolve(&["ladders", "solve", "--input-format", "matrix"], text);
    assert_eq!(run.code, Some(2));
    let run = gridsolve(&["ladders", "solve", "--input-format", "jumps-text"], text);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, "min rolls: 1\n");
}

#[test]
fn draw_and_its_old_name_board_draw_the_same() {
    let draw = gridsolve(
        &["ladders", "solve", "--path", "--draw"],
        EXAMPLE1.as_bytes(),
    );
    let board = gridsolve(
        &["ladders", "solve", "--path", "--board"],
        EXAMPLE1.as_bytes(),
    );
    assert_eq!(draw.code, Some(0), "{}", draw.stderr);
    assert!(draw.stdout.contains("L<n>: ladder to n"), "{}", draw.stdout);
    assert_eq!(draw.stdout, board.stdout);
    let json = gridsolve(
        &["--format", "json", "ladders", "solve", "--draw"],
        EXAMPLE1.as_bytes(),
    );
    let v = json_of(&json.stdout);
    // The drawing in JSON is the text drawing's lines, as every drawing verb gives it.
    let drawing = v["drawing"].as_str().expect("a drawing");
    assert_eq!(drawing.lines().count(), 6);
    assert!(draw.stdout.contains(drawing), "{}", draw.stdout);
}

#[test]
fn simulate_seeds_with_zero_by_default() {
    let board = b"squares 30\n3 22\n5 8\n11 26\n20 29\n17 4\n19 7\n27 1\n21 9\n";
    let args = ["--format", "json", "ladders", "simulate", "--games", "500"];
    let default = gridsolve(&args, board);
    let zero = gridsolve(&[&args[..], &["--seed", "0"]].concat(), board);
    let one = gridsolve(&[&args[..], &["--seed", "1"]].concat(), board);
    assert_eq!(default.code, Some(0), "{}", default.stderr);
    assert_eq!(json_of(&default.stdout)["seed"], 0);
    assert_eq!(default.stdout, zero.stdout);
    assert_ne!(default.stdout, one.stdout);
}

#[test]
fn stats_json_figures_agree_with_its_distribution() {
    let run = gridsolve(
        &[
            "--format",
            "json",
            "ladders",
            "stats",
            "fixtures/ladders/chutes-and-ladders.txt",
        ],
        b"",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let v = json_of(&run.stdout);
    let exactly: Vec<f64> = v["exactly"]
        .as_array()
        .expect("array")
        .iter()
        .filter_map(serde_json::Value::as_f64)
        .collect();
    // Recompute the median, mode and shortest game from P(T = t) alone.
    let mut running = 0.0;
    let median = exactly.iter().position(|p| {
        running += p;
        running >= 0.5
    });
    assert_eq!(v["median"].as_u64().map(|m| m as usize), median);
    let shortest = exactly.iter().position(|&p| p > 0.0).expect("a game ends");
    assert_eq!(v["shortest"]["turns"], shortest);
    let top = exactly.iter().copied().fold(0.0, f64::max);
    let mode = exactly.iter().position(|&p| p == top);
    assert_eq!(v["mode"].as_u64().map(|m| m as usize), mode);
    let mean: f64 = exactly.iter().enumerate().map(|(t, p)| t as f64 * p).sum();
    let expected = v["expected_turns"].as_f64().expect("a number");
    assert!((mean - expected).abs() < 1e-6, "{mean} vs {expected}");
}

#[test]
fn json_jump_list_errors_point_at_the_jump() {
    let text = b"{\"squares\": 10,\n \"jumps\": [[2, 5],\n   [10, 1]]}\n";
    let run = gridsolve(&["ladders", "solve"], text);
    assert_eq!(run.code, Some(2));
    assert_eq!(
        run.stderr,
        "gridsolve: <stdin>:3:4: snake 10 -> 1 starts on the last square 10, where the game ends\n"
    );
}

/// `--chain` on the three-jump board of `three_jump_chain_by_hand` in the ladders
/// crate (ladder 2 -> 6, snake 6 -> 3, ladder 3 -> 9; two faces): fewest rolls 2 with
/// each jump of the first move shown, expected turns 3.5 (worked by hand there);
/// without `--chain` 3 rolls and a note on stderr that `--chain` exists.
#[test]
fn chained_jumps_end_to_end() {
    let board = b"squares 10\n2 6\n6 3\n3 9\n";
    let run = gridsolve(
        &[
            "--format", "json", "ladders", "solve", "--faces", "2", "--chain",
        ],
        board,
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stderr, "");
    let v = json_of(&run.stdout);
    assert_eq!(v["min_rolls"], 2);
    assert_eq!(
        v["route"][0],
        serde_json::json!({"roll": 2, "landed": 2, "square": 9, "via": [6, 3]})
    );

    let run = gridsolve(
        &[
            "--format", "json", "ladders", "stats", "--faces", "2", "--chain",
        ],
        board,
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let e = json_of(&run.stdout)["expected_turns"]
        .as_f64()
        .expect("a number");
    assert!((e - 3.5).abs() < 1e-12, "{e}");

    let run = gridsolve(
        &["--format", "json", "ladders", "solve", "--faces", "2"],
        board,
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(json_of(&run.stdout)["min_rolls"], 3);
    assert_eq!(
        run.stderr,
        "gridsolve: <stdin>: note: ladder 2 -> 6 ends on the start of snake 6 -> 3; a move \
         takes one jump (--chain follows both)\n"
    );
}

/// A simulation of 2^64 - 1 games says first how long it would take (from the exact
/// expectation: 39.2 turns a game on this board), before any game is played; the test
/// reads that line and ends the process.
#[test]
fn a_huge_simulation_starts_with_an_estimate() {
    use std::io::BufRead;
    let mut child = crate::harness::piped(
        &crate::harness::repo_root().join("fixtures/ladders"),
        &[
            "ladders",
            "simulate",
            "chutes-and-ladders.txt",
            "--games",
            "18446744073709551615",
        ],
    )
    .spawn()
    .expect("the gridsolve binary starts");
    let stderr = child.stderr.take().expect("stderr is piped");
    let mut first = String::new();
    std::io::BufReader::new(stderr)
        .read_line(&mut first)
        .expect("stderr is read");
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(
        first,
        "gridsolve: note: 18446744073709551615 games of about 39 turns each take roughly \
         80000 years (about 3.5 ns per turn on one core); --games sets how many, and a \
         progress bar shows on a terminal\n"
    );
}

/// The user's report: the Milton Bradley board cut at 10 turns with two players. The
/// expectation comes from the linear system whatever the cut; the mode, the win
/// chances and the expected rounds and moves lie beyond the cut and are null (none
/// in text), with a note on stderr saying where it was cut and how to raise it.
#[test]
fn stats_cut_short_reports_unknown_figures_not_partial_sums() {
    let board = "fixtures/ladders/chutes-and-ladders.txt";
    let args = [
        "ladders",
        "stats",
        board,
        "--max-turns",
        "10",
        "--players",
        "2",
    ];
    let run = gridsolve(&[&["--format", "json"][..], &args].concat(), b"");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let v = json_of(&run.stdout);
    let e = v["expected_turns"]
        .as_f64()
        .expect("exact, whatever the cut");
    assert!((e - 39.225_122_308).abs() < 1e-8, "{e}");
    for key in ["mode", "median"] {
        assert!(v[key].is_null(), "{key}: {v}");
    }
    for key in ["win", "expected_rounds", "expected_moves"] {
        assert!(v["players"][key].is_null(), "{key}: {v}");
    }
    let unfinished = v["unfinished"].as_f64().expect("a number");
    assert!(unfinished > 0.97, "{unfinished}");
    // Neither player has won after 10 rounds: both still running.
    let undecided = v["players"]["undecided"].as_f64().expect("a number");
    assert!((undecided - unfinished * unfinished).abs() < 1e-12);
    assert!(
        run.stderr
            .contains("note: the length distribution was cut at 10 turns with probability 0.97")
            && run.stderr.contains("a larger --max-turns raises the cut"),
        "{}",
        run.stderr
    );
    let text = gridsolve(&args, b"");
    assert_eq!(text.code, Some(0), "{}", text.stderr);
    for line in [
        "median: none, mode: none",
        "expected rounds until someone wins: none",
        "expected moves in all: none",
        "player 1 wins: none",
        "player 2 wins: none",
    ] {
        assert!(text.stdout.contains(line), "{line}: {}", text.stdout);
    }
    // Uncut, the same command gives the whole figures and no note.
    let whole = gridsolve(&args[..3], b"");
    assert!(!whole.stderr.contains("note"), "{}", whole.stderr);
}

#[test]
fn simulate_one_game_has_no_interval_and_no_verdict() {
    let board = "fixtures/ladders/chutes-and-ladders.txt";
    let args = ["ladders", "simulate", board, "--games", "1"];
    let run = gridsolve(&[&["--format", "json"][..], &args].concat(), b"");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let v = json_of(&run.stdout);
    for key in ["ci95", "exact_inside_ci95", "std_dev"] {
        assert!(v[key].is_null(), "{key}: {v}");
    }
    assert!(v["mean"].is_number(), "{v}");
    let text = gridsolve(&args, b"");
    assert!(
        text.stdout
            .contains("(95% confidence interval: none, from one finished game)")
            && text.stdout.contains("standard deviation: none")
            && !text.stdout.contains("the interval)"),
        "{}",
        text.stdout
    );
}

#[test]
fn simulate_small_samples_get_a_t_interval_floored_at_the_fewest_turns() {
    // One square from off the board, exact finish: 6 turns on average (only a 1
    // finishes), at least 1. Three games of seed 0 are the user's report.
    let run = gridsolve(
        &["--format", "json", "ladders", "simulate", "--games", "3"],
        b"[[-1]]",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let v = json_of(&run.stdout);
    assert_eq!(v["exact_expected_turns"], 6.0);
    assert_eq!(v["exact_inside_ci95"], true, "{v}");
    let low = v["ci95"][0].as_f64().expect("an interval");
    assert!(low >= 1.0, "{v}");
    // Two games of the Milton Bradley board: no game is shorter than 7 turns, and
    // neither is the interval's lower end.
    let run = gridsolve(
        &[
            "--format",
            "json",
            "ladders",
            "simulate",
            "fixtures/ladders/chutes-and-ladders.txt",
            "--games",
            "2",
        ],
        b"",
    );
    let v = json_of(&run.stdout);
    let low = v["ci95"][0].as_f64().expect("an interval");
    assert!(low >= 7.0, "{v}");
}

/// `--squares` numbers a bare jump list's squares; on a board that gives its own count
/// it changes nothing, and standard error says so (it was dropped without a word).
#[test]
fn squares_on_a_board_with_its_own_count_is_noted() {
    let run = gridsolve(
        &["ladders", "solve", "--squares", "50"],
        b"squares 100\n1 38\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stderr.contains("--squares 50 has no effect") && run.stderr.contains("its own (100)"),
        "{}",
        run.stderr
    );
    // On a bare jump list it is the count, and nothing is noted.
    let bare = gridsolve(
        &["--format", "json", "ladders", "solve", "--squares", "50"],
        b"[[1,38],[4,14],[9,31]]",
    );
    assert_eq!(bare.code, Some(0), "{}", bare.stderr);
    assert!(!bare.stderr.contains("no effect"), "{}", bare.stderr);
}

/// A jump on square 1 of a LeetCode matrix (a fresh user's finding: it was refused even
/// with `--start off-board`, while a jump list's `1 38` was read): taken by a token that
/// starts off the board, never by one that starts on square 1, with a note. On 9 squares
/// with a 2-sided die, by hand: off the board, roll 1 to square 1, up to 8, roll 1 to 9
/// (2 rolls); from square 1, 8 squares at 2 a roll (4 rolls).
#[test]
fn a_jump_on_square_one_is_taken_from_off_the_board_only() {
    let board = b"[[-1,-1,-1],[-1,-1,-1],[8,-1,-1]]";
    let off = gridsolve(
        &["ladders", "solve", "--faces", "2", "--start", "off-board"],
        board,
    );
    assert_eq!(off.code, Some(0), "{}", off.stderr);
    assert_eq!(off.stdout.trim(), "min rolls: 2");
    assert!(!off.stderr.contains("never taken"), "{}", off.stderr);
    let on = gridsolve(&["ladders", "solve", "--faces", "2"], board);
    assert_eq!(on.code, Some(0), "{}", on.stderr);
    assert_eq!(on.stdout.trim(), "min rolls: 4");
    assert!(
        on.stderr.contains(
            "ladder 1 -> 8 starts on square 1, where the token starts: it is never taken"
        ),
        "{}",
        on.stderr
    );
}

/// A LeetCode 909 board in the brace form C, C++ and Java write (`{{-1, -1}, ...}`, on
/// one line or after a declaration over lines) is the matrix, not a JSON jump list (a
/// fresh user's finding: "key must be a string").
#[test]
fn a_brace_matrix_is_a_board() {
    let json = gridsolve(
        &["--format", "json", "ladders", "solve"],
        b"[[-1,-1,-1],[-1,-1,-1],[-1,-1,2]]",
    );
    let expected = json_of(&json.stdout);
    // A snake 3 -> 2 on a 3 x 3 board: two rolls (1, 7, 9).
    assert_eq!(expected["min_rolls"], 2, "{expected}");
    for text in [
        "{{-1,-1,-1},{-1,-1,-1},{-1,-1,2}}",
        "int board[3][3] = {\n  {-1, -1, -1},\n  {-1, -1, -1},\n  {-1, -1, 2}, // square 3 -> 2\n};\n",
        "int board[3][3] = {  // LeetCode 909\n  {-1, -1, -1},\n  {-1, -1, -1},\n  {-1, -1, 2}\n};\n",
        // A comment after the statement's `;` (a fresh user's finding: "unexpected text
        // after the JSON value").
        "int board[3][3] = {{-1, -1, -1}, {-1, -1, -1}, {-1, -1, 2}}; // LeetCode 909\n",
        "int board[3][3] = {{-1, -1, -1}, {-1, -1, -1}, {-1, -1, 2}};\n// the end\n",
    ] {
        let run = gridsolve(&["--format", "json", "ladders", "solve"], text.as_bytes());
        assert_eq!(run.code, json.code, "{text}: {}", run.stderr);
        assert_eq!(
            json_of(&run.stdout)["min_rolls"],
            expected["min_rolls"],
            "{text}"
        );
    }
}
