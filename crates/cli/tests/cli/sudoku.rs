//! `gridsolve sudoku` end to end: the data sets give the outcome their `SOURCES.md`
//! states, every printed solution passes the independent rules verifier
//! (`verify::sudoku`), and batches keep input order across chunks and thread counts.

use crate::harness::{gridsolve, gridsolve_in, json_lines, repo_root};

fn data(name: &str) -> String {
    let path = repo_root().join("fixtures/sudoku/data").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Runs `solve --format json` on a data file and returns (status, solution) per line.
fn solve_json(name: &str, expect_code: i32) -> Vec<(String, Option<String>)> {
    let file = format!("fixtures/sudoku/data/{name}");
    let run = gridsolve(&["--format", "json", "sudoku", "solve", &file], b"");
    assert_eq!(run.code, Some(expect_code), "{name}: {}", run.stderr);
    run.stdout
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("JSON Lines");
            (
                v["status"].as_str().expect("a status").to_owned(),
                v["solution"].as_str().map(str::to_owned),
            )
        })
        .collect()
}

#[test]
fn unique_sets_are_solved_and_verified() {
    for name in [
        "top95.txt",
        "hardest.txt",
        "easy50.txt",
        "hard20.txt",
        "famous_hard.txt",
        "forum_hardest_1106.txt",
    ] {
        let text = data(name);
        let answers = solve_json(name, 0);
        assert_eq!(answers.len(), text.lines().count(), "{name}");
        for (puzzle, (status, solution)) in text.lines().zip(&answers) {
            assert_eq!(status, "solved", "{name}: {puzzle}");
            let solution = solution.as_deref().expect("a solution");
            assert_eq!(
                verify::sudoku::check_solution_text(puzzle, solution, 3, 3),
                Ok(()),
                "{name}: {puzzle} -> {solution}"
            );
        }
    }
}

#[test]
fn outcome_sets_have_their_status() {
    for (name, status, code) in [
        ("invalid_givens.txt", "invalid", 2),
        ("no_solution.txt", "no_solution", 1),
        ("multi_solution.txt", "multiple", 1),
    ] {
        let answers = solve_json(name, code);
        assert_eq!(answers.len(), data(name).lines().count());
        assert!(
            answers.iter().all(|(s, sol)| s == status && sol.is_none()),
            "{name}"
        );
    }
}

#[test]
fn counts_match_tdoku() {
    let text = data("tdoku_test_puzzles_with_counts.txt");
    let puzzles: String = text
        .lines()
        .map(|l| l.split(':').next().expect("a puzzle").to_owned() + "\n")
        .collect();
    let run = gridsolve(&["sudoku", "count", "--limit", "5000"], puzzles.as_bytes());
    assert_eq!(
        run.code,
        Some(1),
        "10 puzzles have no solution: {}",
        run.stderr
    );
    let counts: Vec<&str> = run.stdout.lines().collect();
    let expected: Vec<&str> = text
        .lines()
        .map(|l| l.split(':').nth(1).expect("a count"))
        .collect();
    assert_eq!(counts, expected);
}

#[test]
fn batches_keep_input_order_across_chunks_and_threads() {
    let path = repo_root().join("../shared/data/sudoku/17clue.txt");
    let text = std::fs::read_to_string(path).expect("17clue.txt is readable");
    // More than one chunk of 4096 records.
    let sample: String = text.lines().take(5000).map(|l| format!("{l}\n")).collect();
    let one = gridsolve(&["sudoku", "solve", "--jobs", "1"], sample.as_bytes());
    let two = gridsolve(&["sudoku", "solve", "--jobs", "2"], sample.as_bytes());
    assert_eq!(one.code, Some(0), "{}", one.stderr);
    assert_eq!(one.stdout, two.stdout);
    let solutions: Vec<&str> = one.stdout.lines().collect();
    assert_eq!(solutions.len(), 5000);
    for (puzzle, solution) in sample.lines().zip(solutions) {
        assert_eq!(
            verify::sudoku::check_solution_text(puzzle, solution, 3, 3),
            Ok(()),
            "{puzzle} -> {solution}"
        );
    }
    assert!(
        one.stderr.contains("5000 puzzles: 5000 solved"),
        "{}",
        one.stderr
    );
}

#[test]
fn one_thread_and_the_pipeline_answer_mixed_batches_alike() {
    // Bad lines, clashing givens, blocks, several and no solutions, repeated past one
    // chunk (4096 records): --jobs 1 runs on one thread, --jobs 2 and 3 through the
    // pool; answers, messages (with their line numbers) and exit codes must agree.
    let root = repo_root().join("fixtures/sudoku");
    let parts: Vec<String> = [
        "bad_batch.txt",
        "block.txt",
        "data/invalid_givens.txt",
        "data/multi_solution.txt",
        "data/no_solution.txt",
    ]
    .iter()
    .map(|f| std::fs::read_to_string(root.join(f)).expect("fixture is readable"))
    // The first multiple-solution puzzle is nearly empty and slow; the rest are quick.
    .map(|text| match text.strip_prefix(".....6....59") {
        Some(rest) => rest
            .split_once('\n')
            .map_or("", |(_, rest)| rest)
            .to_owned(),
        None => text,
    })
    .collect();
    let round = parts.join("\n\n") + "\n\n";
    let input = round.repeat(90);
    for format in ["text", "json"] {
        let run = |jobs: &str| {
            gridsolve(
                &["--format", format, "sudoku", "solve", "--jobs", jobs],
                input.as_bytes(),
            )
        };
        let one = run("1");
        assert_eq!(one.code, Some(2), "{}", one.stderr);
        assert!(one.stderr.contains(" invalid\n"), "{}", one.stderr);
        let summary = one.stderr.lines().last().expect("a summary");
        let puzzles: usize = summary
            .strip_prefix("gridsolve: <stdin>: ")
            .and_then(|s| s.split(' ').next())
            .and_then(|n| n.parse().ok())
            .expect("the summary starts with the number of puzzles");
        assert!(puzzles > 4096, "{summary}");
        for jobs in ["2", "3"] {
            let many = run(jobs);
            assert_eq!(many.code, one.code, "--jobs {jobs}");
            assert!(many.stdout == one.stdout, "--jobs {jobs}: stdout differs");
            assert!(many.stderr == one.stderr, "--jobs {jobs}: stderr differs");
        }
    }
}

#[test]
fn bench_prints_the_standard_columns() {
    let run = gridsolve(&["sudoku", "bench", "fixtures/sudoku/data/hard20.txt"], b"");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let mut lines = run.stdout.lines();
    let header = lines.next().expect("a header");
    for column in [
        "puzzles",
        "puzzles/s",
        "µs/puzzle",
        "no guess %",
        "guesses/puzzle",
    ] {
        assert!(header.contains(column), "{header}");
    }
    let row: Vec<&str> = lines.next().expect("a row").split_whitespace().collect();
    assert_eq!(row[0], "20");
    // The machine the figures were taken on, and the copy of the search it ran.
    let machine = lines.next().expect("a machine line");
    assert!(machine.starts_with("cpu: "), "{machine}");
    assert!(
        machine.ends_with(&format!("; 9x9 search: {}", sudoku::search_copy())),
        "{machine}"
    );
    // What the uniqueness check found: hard20's puzzles are proper (SOURCES.md).
    assert_eq!(
        lines.next(),
        Some("solutions: 20 unique, 0 multiple, 0 none")
    );
    let json = gridsolve(
        &[
            "--format",
            "json",
            "sudoku",
            "bench",
            "fixtures/sudoku/data/hard20.txt",
        ],
        b"",
    );
    let line: serde_json::Value = serde_json::from_str(json.stdout.trim_end()).expect("JSON");
    assert_eq!(line["puzzles"], 20);
    assert_eq!(line["search_copy"], sudoku::search_copy());
    assert!(!line["cpu"].as_str().expect("a cpu").is_empty());
    // Other sizes go to the general solver, which the report names; a file of both
    // names both.
    let hexadoku = "fixtures/sudoku/formats/hexadoku.txt";
    let sixteen = gridsolve(&["sudoku", "bench", hexadoku], b"");
    assert!(
        sixteen
            .stdout
            .contains(&format!("; search: {}\n", sudoku::general_search_name())),
        "{}",
        sixteen.stdout
    );
    let both = gridsolve(
        &["sudoku", "bench", "-"],
        format!(
            "{}\n{}",
            data("hard20.txt").lines().next().unwrap(),
            std::fs::read_to_string(repo_root().join(hexadoku)).unwrap()
        )
        .as_bytes(),
    );
    assert!(
        both.stdout.contains(&format!(
            "; search: 9x9: {}; other sizes: {}\n",
            sudoku::search_copy(),
            sudoku::general_search_name()
        )),
        "{}{}",
        both.stdout,
        both.stderr
    );
    // Bad records are counted in the answer (and give exit 2); the rest are timed.
    let bad = gridsolve(
        &[
            "--format",
            "json",
            "sudoku",
            "bench",
            "fixtures/sudoku/bad_batch.txt",
        ],
        b"",
    );
    assert_eq!(bad.code, Some(2), "{}", bad.stderr);
    let line: serde_json::Value = serde_json::from_str(bad.stdout.trim_end()).unwrap();
    let lines = bad
        .stderr
        .lines()
        .filter(|l| l.contains("bad_batch.txt:"))
        .count();
    assert_eq!(line["invalid"], lines, "{}", bad.stderr);
    assert_eq!(line["puzzles"], 7);
}

#[test]
fn generated_puzzles_are_unique_and_reproducible() {
    let args = [
        "sudoku",
        "generate",
        "--count",
        "4",
        "--seed",
        "11",
        "--symmetry",
        "diagonal",
    ];
    let first = gridsolve(&args, b"");
    let again = gridsolve(&args, b"");
    assert_eq!(first.code, Some(0), "{}", first.stderr);
    assert_eq!(first.stdout, again.stdout);
    let check = gridsolve(&["sudoku", "check"], first.stdout.as_bytes());
    assert_eq!(check.code, Some(0), "{}", check.stderr);
    assert_eq!(check.stdout, "unique\n".repeat(4));
}

#[test]
fn demo_shows_the_solved_classic_example() {
    let run = gridsolve(&["demo"], b"");
    assert_eq!(run.code, Some(0));
    assert!(run.stdout.contains("== Sudoku =="));
    assert!(
        run.stdout.contains("4 8 3 | 9 2 1 | 6 5 7"),
        "{}",
        run.stdout
    );
}

#[test]
fn help_explains_the_input_format() {
    let run = gridsolve(&["sudoku", "solve", "--help"], b"");
    assert_eq!(run.code, Some(0));
    for needle in [
        "  line ",
        "  block ",
        "  framed ",
        "Titles and headers are skipped",
        "[Solution]",
        "--box",
        "Exit status",
        "--first",
        "--jobs",
    ] {
        assert!(
            run.stdout.contains(needle),
            "missing {needle}: {}",
            run.stdout
        );
    }
}

#[test]
fn count_json_has_a_bounded_count_and_draw_is_the_block_form() {
    let puzzles = data("multi_solution.txt");
    let run = gridsolve(
        &["--format", "json", "sudoku", "count", "--limit", "200"],
        puzzles.as_bytes(),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let counts: Vec<(u64, bool)> = run
        .stdout
        .lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            assert_eq!(v["status"], "multiple", "{line}");
            let count = v["count"].as_u64().expect("a count");
            let exact = v["exact"].as_bool().expect("exact");
            (count, exact)
        })
        .collect();
    assert_eq!(counts.len(), 18);
    // #3 has 125 solutions, #13 has 633 (tdoku's counts).
    assert_eq!(counts[2], (125, true));
    assert_eq!(counts[12], (200, false));

    let grid1 = data("hard20.txt")
        .lines()
        .next()
        .expect("a puzzle")
        .to_owned()
        + "\n";
    let drawn = gridsolve(&["sudoku", "solve", "--draw"], grid1.as_bytes());
    let block = gridsolve(&["sudoku", "solve", "--output", "block"], grid1.as_bytes());
    assert_eq!(drawn.code, Some(0), "{}", drawn.stderr);
    assert_eq!(drawn.stdout, block.stdout);
    assert_eq!(drawn.stdout.lines().count(), 12, "{}", drawn.stdout);
}

#[test]
fn drawn_answers_are_paragraphs_bad_records_included() {
    // Under --draw every answer is followed by a blank line, `invalid` too; as the
    // input is written, a line's answer (bad or not) is one line.
    let input = format!(
        "{}\n1 1\n",
        data("hard20.txt").lines().next().expect("a puzzle")
    );
    let drawn = gridsolve(&["sudoku", "solve", "--draw"], input.as_bytes());
    assert_eq!(drawn.code, Some(2), "{}", drawn.stderr);
    assert!(
        drawn.stdout.ends_with("\n\ninvalid\n\n"),
        "{}",
        drawn.stdout
    );
    let lines = gridsolve(&["sudoku", "solve"], input.as_bytes());
    assert_eq!(lines.stdout.lines().nth(1), Some("invalid"));
    assert_eq!(lines.stdout.lines().count(), 2, "{}", lines.stdout);
}

/// Puzzles whose givens clash are bad records, but puzzles: a file that starts with
/// more of them than the batch allows bad records at its start (8) is still answered
/// whole, in order (it stopped there, and the good puzzles after them were lost).
#[test]
fn puzzles_whose_givens_clash_do_not_stop_a_batch() {
    let clash = format!("11{}\n", ".".repeat(79));
    let good = [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    ];
    let input = clash.repeat(10) + &good.join("\n") + "\n";
    // Every verb that reads puzzles answers the good ones after them.
    for verb in [
        "count", "check", "canon", "hint", "explain", "grade", "dedupe", "bench",
    ] {
        let run = gridsolve(&["sudoku", verb], input.as_bytes());
        assert!(
            !run.stderr.contains("no puzzle file"),
            "{verb}: {}",
            run.stderr
        );
        // (bench's summary is on standard output, with its table.)
        let said = format!("{}{}", run.stdout, run.stderr);
        assert!(said.contains("10 invalid"), "{verb}: {said}");
    }
    for jobs in ["1", "2"] {
        let run = gridsolve(&["sudoku", "solve", "--jobs", jobs], input.as_bytes());
        assert_eq!(run.code, Some(2), "{}", run.stderr);
        let lines: Vec<&str> = run.stdout.lines().collect();
        assert_eq!(lines.len(), 12, "{}", run.stdout);
        assert!(
            lines[..10].iter().all(|l| *l == "invalid"),
            "{}",
            run.stdout
        );
        for (puzzle, solution) in good.iter().zip(&lines[10..]) {
            verify::sudoku::check_solution_text(puzzle, solution, 3, 3).unwrap();
        }
        assert!(!run.stderr.contains("no puzzle file"), "{}", run.stderr);
        assert!(
            run.stderr.contains("12 puzzles: 2 solved"),
            "{}",
            run.stderr
        );
    }
    // Lines that are no puzzle at all still stop a batch after 8.
    let run = gridsolve(&["sudoku", "solve"], "1\n".repeat(20).as_bytes());
    assert_eq!(run.code, Some(2));
    assert_eq!(run.stdout.lines().count(), 8, "{}", run.stdout);
    assert!(
        run.stderr
            .contains("none of the first 8 records is a puzzle")
    );
}

/// `count --limit 1` stops at the first solution, so it cannot call a puzzle solved
/// (unique): a puzzle with 125 solutions and a unique one are both `at_least_one`
/// (the first was `solved`, and the summary counted it among the solved).
#[test]
fn count_at_limit_1_does_not_call_a_puzzle_unique() {
    let several =
        "8.........95.......67..........2.485...4.3192......736...651947...732518...894263";
    let unique =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let input = format!("{several}\n{unique}\n");
    let statuses = |limit: &str| -> Vec<(String, bool)> {
        let run = gridsolve(
            &["--format", "json", "sudoku", "count", "--limit", limit],
            input.as_bytes(),
        );
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        run.stdout
            .lines()
            .map(|line| {
                let v: serde_json::Value = serde_json::from_str(line).unwrap();
                (
                    v["status"].as_str().unwrap().to_owned(),
                    v["exact"].as_bool().unwrap(),
                )
            })
            .collect()
    };
    let at_least_one = ("at_least_one".to_owned(), false);
    assert_eq!(statuses("1"), [at_least_one.clone(), at_least_one]);
    // The limit of 2 tells them apart.
    assert_eq!(
        statuses("2"),
        [("multiple".to_owned(), false), ("solved".to_owned(), true)]
    );
    let run = gridsolve(&["sudoku", "count", "--limit", "1"], input.as_bytes());
    assert!(run.stderr.contains("0 solved"), "{}", run.stderr);
    assert!(run.stderr.contains("2 at least one"), "{}", run.stderr);
}

/// A grid's text does not say its boxes: puzzles generated with other boxes than
/// their size's usual ones come with a note saying how to read them back, and read
/// back so they are proper puzzles (read with the usual boxes, they were not).
#[test]
fn puzzles_with_unusual_boxes_say_how_to_read_them_back() {
    let made = gridsolve(
        &[
            "sudoku", "generate", "--box", "3x2", "--count", "3", "--seed", "4",
        ],
        b"",
    );
    assert_eq!(made.code, Some(0), "{}", made.stderr);
    assert!(
        made.stderr
            .contains("give --box 3x2 to read these puzzles back"),
        "{}",
        made.stderr
    );
    let back = gridsolve(
        &["--format", "json", "sudoku", "count", "--box", "3x2"],
        made.stdout.as_bytes(),
    );
    assert_eq!(back.code, Some(0), "{}", back.stderr);
    let counts: Vec<String> = back
        .stdout
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["count"].to_string()
        })
        .collect();
    assert_eq!(counts, ["1", "1", "1"]);
    // The usual boxes say nothing.
    let usual = gridsolve(&["sudoku", "generate", "--box", "2x3", "--count", "1"], b"");
    assert!(!usual.stderr.contains("note"), "{}", usual.stderr);
}

/// `dedupe` writes a CSV table's kept rows under the table's header, so that its
/// output reads back as the table (without the header each row was a bad record).
#[test]
fn dedupe_keeps_a_tables_header() {
    let table = std::fs::read_to_string(repo_root().join("fixtures/sudoku/formats/difficulty.csv"))
        .unwrap();
    let mut lines = table.lines();
    let header = lines.next().unwrap();
    let rows: Vec<&str> = lines.collect();
    // The rows twice: the second copies are duplicates.
    let input = format!("{header}\n{}\n{}\n", rows.join("\n"), rows.join("\n"));
    let run = gridsolve(&["sudoku", "dedupe"], input.as_bytes());
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, format!("{header}\n{}\n", rows.join("\n")));
    let back = gridsolve(
        &["--format", "json", "sudoku", "solve"],
        run.stdout.as_bytes(),
    );
    assert_eq!(back.code, Some(0), "{}", back.stderr);
    let ids: Vec<String> = back
        .stdout
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            assert_eq!(v["status"], "solved", "{l}");
            v["id"].as_str().unwrap().to_owned()
        })
        .collect();
    let expected: Vec<&str> = rows.iter().map(|r| r.split(',').next().unwrap()).collect();
    assert_eq!(ids, expected);
}

/// `dedupe` of OpenSudoku files writes one OpenSudoku file: the first file's
/// declaration and root with its pack details, each kept game inside the folders it
/// was read in (wherever their tags stood on their lines), whole and closed, and the
/// closing tags after the last game.
#[test]
fn dedupe_writes_the_kept_games_of_opensudoku_files_in_their_folders() {
    let read = |name: &str| {
        std::fs::read_to_string(repo_root().join("fixtures/sudoku/formats").join(name)).unwrap()
    };
    // Euler 96's first two grids, and the first transposed with its digits 1 and 2
    // swapped (a duplicate).
    let euler = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    let other = "200080300060070084030500209000105408000000000402706000301007040720040060004010003";
    let cells: Vec<char> = euler.chars().collect();
    let twin: String = (0..81)
        .map(|i| match cells[i % 9 * 9 + i / 9] {
            '1' => '2',
            '2' => '1',
            c => c,
        })
        .collect();
    let game = |data: &str| format!(r#"<game data="{data}"/>"#);
    let dedupe = |args: &[&str], input: &str| {
        let run = gridsolve(&[&["sudoku", "dedupe"], args].concat(), input.as_bytes());
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        run.stdout
    };
    // Folders opened and closed on the games' lines, the duplicate's among them.
    let input = format!(
        "<?xml version=\"1.0\"?>\n<opensudoku version=\"2\"><folder name=\"F1\">{}\n{}</folder><folder name=\"F2\">\n{}</folder></opensudoku>\n",
        game(euler),
        game(&twin),
        game(other)
    );
    let expected = format!(
        "<?xml version=\"1.0\"?>\n<opensudoku version=\"2\">\n  <folder name=\"F1\">\n    {}\n  </folder>\n  <folder name=\"F2\">\n    {}\n  </folder>\n</opensudoku>\n",
        game(euler),
        game(other)
    );
    assert_eq!(dedupe(&[], &input), expected);
    // A selection of lines keeps the elements around its games.
    let only_f2 = format!(
        "<?xml version=\"1.0\"?>\n<opensudoku version=\"2\">\n  <folder name=\"F2\">\n    {}\n  </folder>\n</opensudoku>\n",
        game(other)
    );
    assert_eq!(dedupe(&["--lines", "4"], &input), only_f2);
    // `/>` inside an attribute, and a game closed on the next line.
    let noted = format!(r#"<game note="5/>6" data="{euler}" />"#);
    let open = format!(r#"<game data="{other}">"#);
    let input = format!("<opensudoku>\n{noted}\n{open}\n</game>\n</opensudoku>\n");
    assert_eq!(
        dedupe(&[], &input),
        format!("<opensudoku>\n  {noted}\n  {open}</game>\n</opensudoku>\n")
    );
    // A start tag over two lines, a game in a comment (none), a game after the root
    // closed (written in the root), a description over two lines (its end closes it).
    let input = format!(
        "<opensudoku>\n<description>one\ntwo</description>\n<game note=\"a\"\n  data=\"{euler}\"/>\n<!-- <game data=\"{other}\"/>\n-->\n</opensudoku>\n{}\n",
        game(other)
    );
    assert_eq!(
        dedupe(&[], &input),
        format!(
            "<opensudoku>\n  <game note=\"a\" data=\"{euler}\"/>\n  {}\n</opensudoku>\n",
            game(other)
        )
    );
    // An id's references are replaced in JSON.
    let input = format!(r#"<game id="a&amp;b" data="{euler}"/>"#);
    let json = dedupe(&["--format", "json"], &input);
    assert!(json.contains(r#""id":"a&b""#), "{json}");
    // A version 2 export and a pack of the same two games: one document, the export's;
    // the pack's games are duplicates.
    let (export, pack) = (read("games-v2.opensudoku"), read("games.opensudoku"));
    let merged = dedupe(&[], &format!("{export}{pack}"));
    let export_games: Vec<&str> = export.lines().filter(|l| l.contains("<game")).collect();
    assert_eq!(merged.matches("<opensudoku").count(), 1, "{merged}");
    assert_eq!(merged.matches("<game").count(), 2, "{merged}");
    for game in export_games {
        assert!(merged.contains(&format!("    {game}\n")), "{merged}");
    }
    // Two packs: one root, the first pack's details, both packs' games.
    let pack_of = |name: &str, data: &str| {
        format!(
            "<opensudoku>\n  <name>{name}</name>\n  {}\n</opensudoku>\n",
            game(data)
        )
    };
    let packs = format!("{}{}", pack_of("A", euler), pack_of("B", other));
    assert_eq!(
        dedupe(&[], &packs),
        format!(
            "<opensudoku>\n  <name>A</name>\n  {}\n  {}\n</opensudoku>\n",
            game(euler),
            game(other)
        )
    );
    // The output reads back as the games it kept, with their folders' games in order.
    let back = gridsolve(
        &["--format", "json", "sudoku", "count"],
        expected.as_bytes(),
    );
    assert_eq!(back.code, Some(0), "{}", back.stderr);
    let puzzles: Vec<String> = back
        .stdout
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["puzzle"].as_str().unwrap().trim().to_owned()
        })
        .collect();
    // (An answer's puzzle is the game's data.)
    assert_eq!(puzzles, [euler, other]);
}

#[test]
fn an_input_without_puzzles_is_one_invalid_answer() {
    for verb in ["solve", "hint", "bench"] {
        let run = gridsolve(&["--format", "json", "sudoku", verb], b"# notes\nGrid 01\n");
        assert_eq!(run.code, Some(2), "{verb}: {}", run.stderr);
        let line: serde_json::Value = serde_json::from_str(run.stdout.trim_end())
            .unwrap_or_else(|e| panic!("{verb}: {e}: {}", run.stdout));
        assert_eq!(line["status"], "invalid", "{verb}");
        assert_eq!(line["file"], "<stdin>", "{verb}");
        let error = line["error"].as_str().expect("an error");
        let message = run.stderr.lines().next().expect("a message");
        assert!(message.ends_with(error), "{verb}: {message} / {error}");
    }
}

#[test]
fn errors_of_block_records_point_into_the_whole_file() {
    // Two 4 x 4 blocks: a bad symbol on the third row of the first, clashing givens in
    // the second.
    let input = "# two blocks\n1 . | . .\n. . | 2 .\n. x | . .\n. . | . 4\n\n1 1 | . .\n. . | . .\n. . | . .\n. . | . .\n";
    let run = gridsolve(&["sudoku", "check"], input.as_bytes());
    assert_eq!(run.code, Some(2), "{}", run.stdout);
    let messages: Vec<&str> = run.stderr.lines().take(2).collect();
    assert_eq!(
        messages,
        [
            "gridsolve: <stdin>:4:3: unexpected 'x', expected a digit 1-4, or `.`, `0` or `_` for a blank",
            "gridsolve: <stdin>:7: invalid givens: r1c1 and r1c2 are both 1 in row 1",
        ]
    );
    let json = gridsolve(&["--format", "json", "sudoku", "check"], input.as_bytes());
    let first: serde_json::Value =
        serde_json::from_str(json.stdout.lines().next().expect("an answer")).expect("JSON");
    assert_eq!((&first["line"], &first["column"]), (&4.into(), &3.into()));
    // Bad records take the keys of every puzzle's bad input, the clash its cell, and
    // the record's text as read.
    let second: serde_json::Value =
        serde_json::from_str(json.stdout.lines().nth(1).expect("an answer")).expect("JSON");
    assert_eq!(
        second,
        serde_json::json!({"file": "<stdin>", "line": 7, "cell": [0, 1],
            "error": "invalid givens: r1c1 and r1c2 are both 1 in row 1",
            "puzzle": "1 1 | . .\n. . | . .\n. . | . .\n. . | . .", "status": "invalid"})
    );
}

/// Every format of `fixtures/sudoku/formats/` solves to the published solution: Norvig's
/// grid1 (Project Euler 96's grid 01), Project Euler 96's grid 02, LeetCode 37's example,
/// and for the 16 x 16 alphabets the solution of `sixteen.txt` in their symbols.
#[test]
fn every_format_solves_to_the_known_solution() {
    const GRID1: &str =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
    const EULER_02: &str =
        "245981376169273584837564219976125438513498627482736951391657842728349165654812793";
    const LEETCODE_37: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let sixteen = solve_json_at("fixtures/sudoku/sixteen.txt", &[]);
    let relabel = |to: &str| -> String {
        let from = "123456789ABCDEFG";
        sixteen[0]
            .chars()
            .map(|c| to.chars().nth(from.find(c).expect("a symbol")).expect("16"))
            .collect()
    };
    let cases: [(&str, &[&str], Vec<String>); 32] = [
        ("euler96.txt", &[], vec![GRID1.into(), EULER_02.into()]),
        ("sadman.sdk", &[], vec![GRID1.into()]),
        ("framed.txt", &[], vec![GRID1.into()]),
        ("simple_sudoku.txt", &[], vec![GRID1.into()]),
        ("commas.txt", &[], vec![GRID1.into()]),
        ("semicolons.txt", &[], vec![GRID1.into()]),
        ("kaggle.csv", &[], vec![GRID1.into(), EULER_02.into()]),
        ("leetcode.json", &[], vec![LEETCODE_37.into()]),
        ("leetcode_pretty.json", &[], vec![LEETCODE_37.into()]),
        ("printed_boards.txt", &[], vec![LEETCODE_37.into(); 3]),
        (
            "arrays.txt",
            &[],
            vec![
                GRID1.into(),
                LEETCODE_37.into(),
                LEETCODE_37.into(),
                GRID1.into(),
                LEETCODE_37.into(),
                GRID1.into(),
            ],
        ),
        ("pandas.csv", &[], vec![GRID1.into()]),
        ("pandas_no_index.csv", &[], vec![GRID1.into()]),
        ("r_write_csv.csv", &[], vec![GRID1.into()]),
        ("named_columns.csv", &[], vec![GRID1.into()]),
        ("numpy_floats.txt", &[], vec![GRID1.into()]),
        ("pandas_print.txt", &[], vec![GRID1.into()]),
        ("quoted_fields.csv", &[], vec![GRID1.into()]),
        ("hexadoku.txt", &[], vec![relabel("0123456789ABCDEF")]),
        ("letters16.txt", &[], vec![relabel("ABCDEFGHIJKLMNOP")]),
        ("exchange.txt", &[], vec![GRID1.into(), EULER_02.into()]),
        (
            "numbered.txt",
            &[],
            vec![
                GRID1.into(),
                EULER_02.into(),
                GRID1.into(),
                EULER_02.into(),
                GRID1.into(),
                EULER_02.into(),
            ],
        ),
        ("serate.txt", &[], vec![GRID1.into(), EULER_02.into()]),
        (
            "json_lines.jsonl",
            &[],
            vec![GRID1.into(), EULER_02.into(), GRID1.into()],
        ),
        (
            "letters16_rated.txt",
            &[],
            vec![relabel("ABCDEFGHIJKLMNOP")],
        ),
        ("games.opensudoku", &[], vec![GRID1.into(), EULER_02.into()]),
        ("difficulty.csv", &[], vec![GRID1.into(), EULER_02.into()]),
        ("labels.txt", &[], vec![GRID1.into(), EULER_02.into()]),
        ("bands.txt", &[], vec![GRID1.into(), EULER_02.into()]),
        ("box_drawing.txt", &[], vec![GRID1.into(), EULER_02.into()]),
        ("spreadsheet.csv", &[], vec![GRID1.into(), EULER_02.into()]),
        ("spreadsheet.tsv", &[], vec![GRID1.into()]),
    ];
    for (file, extra, expected) in cases {
        let found = solve_json_at(&format!("fixtures/sudoku/formats/{file}"), extra);
        assert_eq!(found, expected, "{file}");
    }
}

/// `solve --format csv` read back by `solve`, twice: grids of rows come back as one
/// record each (the CSV field holding their rows over several lines, quoted), and
/// puzzles whose line holds other fields (a number, a hash, a CSV row, an OpenSudoku
/// element) as their cells, to the same solutions, which the CSV's solution column
/// matches (`given_solution`).
#[test]
fn csv_answers_of_grids_of_rows_read_back_as_the_same_puzzles() {
    for file in [
        "fixtures/sudoku/block.txt",
        "fixtures/sudoku/sixteen_block.txt",
        "fixtures/sudoku/formats/euler96.txt",
        "fixtures/sudoku/formats/framed.txt",
        "fixtures/sudoku/formats/box_drawing.txt",
        "fixtures/sudoku/formats/bands.txt",
        "fixtures/sudoku/formats/spreadsheet.csv",
        "fixtures/sudoku/formats/numbered.txt",
        "fixtures/sudoku/formats/exchange.txt",
        "fixtures/sudoku/formats/games.opensudoku",
        "fixtures/sudoku/formats/difficulty.csv",
    ] {
        let path = repo_root().join(file);
        let path = path.to_str().expect("a UTF-8 path");
        let csv = gridsolve(&["--format", "csv", "sudoku", "solve", path], b"");
        assert_eq!(csv.code, Some(0), "{file}: {}", csv.stderr);
        // And the answers of those answers: the CSV of a CSV reads back too.
        let again = gridsolve(
            &["--format", "csv", "sudoku", "solve"],
            csv.stdout.as_bytes(),
        );
        assert_eq!(again.code, Some(0), "{file}: {}", again.stderr);
        let back = gridsolve(
            &["--format", "json", "sudoku", "solve"],
            again.stdout.as_bytes(),
        );
        assert_eq!(back.code, Some(0), "{file}: {}", back.stderr);
        let answers: Vec<serde_json::Value> = json_lines(&back.stdout);
        let solutions: Vec<String> = answers
            .iter()
            .map(|v| v["solution"].as_str().expect("a solution").to_owned())
            .collect();
        assert_eq!(solutions, solve_json_at(file, &[]), "{file}");
        for answer in &answers {
            assert_eq!(answer["given_solution"], "matches", "{file}");
        }
    }
}

/// JSON answers (JSON Lines) read back as the same puzzles, generation after
/// generation, with their ids and given solutions: line puzzles, and block grids too,
/// whose `puzzle` holds their rows joined by `\n` (a fresh user's finding: these had
/// been refused; and a 16 x 16 block in 0-F came back with its 0s read as blanks,
/// its alphabet detected on the string's escapes).
#[test]
fn json_answers_read_back_as_the_same_puzzles() {
    let key = |answers: &[serde_json::Value], key: &str| -> Vec<serde_json::Value> {
        answers.iter().map(|a| a[key].clone()).collect()
    };
    for file in [
        "fixtures/sudoku/formats/numbered.txt",
        "fixtures/sudoku/formats/exchange.txt",
        "fixtures/sudoku/formats/games.opensudoku",
        "fixtures/sudoku/formats/difficulty.csv",
        "fixtures/sudoku/formats/json_lines.jsonl",
        "fixtures/sudoku/formats/euler96.txt",
        "fixtures/sudoku/formats/framed.txt",
        "fixtures/sudoku/block.txt",
        "fixtures/sudoku/sixteen_block.txt",
        // 16 x 16 blocks in 0-F (0 a symbol) and in A-P, a rating after the last row.
        "fixtures/sudoku/formats/hexadoku.txt",
        "fixtures/sudoku/formats/letters16_rated.txt",
        // Boards: LeetCode's, Python's print, programs' arrays and NumPy's print.
        "fixtures/sudoku/formats/leetcode_pretty.json",
        "fixtures/sudoku/formats/printed_boards.txt",
        "fixtures/sudoku/formats/arrays.txt",
        "fixtures/sudoku/formats/serate.txt",
    ] {
        let path = repo_root().join(file);
        let path = path.to_str().expect("a UTF-8 path");
        let first = gridsolve(&["--format", "json", "sudoku", "solve", path], b"");
        assert_eq!(first.code, Some(0), "{file}: {}", first.stderr);
        let first = json_lines(&first.stdout);
        let mut previous = first.clone();
        for generation in 1..=2 {
            let text = previous
                .iter()
                .map(|a| format!("{a}\n"))
                .collect::<String>();
            let run = gridsolve(&["--format", "json", "sudoku", "solve"], text.as_bytes());
            assert_eq!(run.code, Some(0), "{file} {generation}: {}", run.stderr);
            let again = json_lines(&run.stdout);
            for k in ["puzzle", "solution", "id", "given_rating"] {
                assert_eq!(key(&again, k), key(&first, k), "{file} {generation}: {k}");
            }
            for answer in &again {
                assert_eq!(answer["given_solution"], "matches", "{file}");
            }
            previous = again;
        }
        assert_eq!(
            key(&first, "solution")
                .iter()
                .map(|s| s.as_str().expect("a solution").to_owned())
                .collect::<Vec<_>>(),
            solve_json_at(file, &[]),
        );
    }
}

/// `generate`'s answers read back with their `index` as the id, in JSON and CSV (an
/// `id` column or key would come first).
#[test]
fn generated_puzzles_read_back_with_their_index_as_id() {
    for format in ["json", "csv"] {
        let args = [
            "--format", format, "sudoku", "generate", "--count", "3", "--seed", "5",
        ];
        let generated = gridsolve(&args, b"");
        assert_eq!(generated.code, Some(0), "{}", generated.stderr);
        let run = gridsolve(
            &["--format", "json", "sudoku", "solve"],
            generated.stdout.as_bytes(),
        );
        let ids: Vec<_> = json_lines(&run.stdout)
            .iter()
            .map(|a| a["id"].clone())
            .collect();
        assert_eq!(ids, ["0", "1", "2"], "{format}: {}", run.stderr);
    }
    let puzzle = ".".repeat(80) + "1";
    let input = format!(
        "{{\"index\": 4, \"id\": \"a\", \"puzzle\": \"{puzzle}\"}}\nindex,id,puzzle\n4,b,{puzzle}\n"
    );
    let run = gridsolve(
        &["--format", "json", "sudoku", "count", "--limit", "1"],
        input.as_bytes(),
    );
    let ids: Vec<_> = json_lines(&run.stdout)
        .iter()
        .map(|a| a["id"].clone())
        .collect();
    assert_eq!(ids, ["a", "b"], "{}", run.stderr);
}

/// A JSON record that names its rules (`"variant": "x"`, as `generate --format json`
/// writes it) read under others gets a note naming the flag; read under its own, none.
#[test]
fn a_json_record_read_under_other_rules_than_it_names_gets_a_note() {
    let generated = gridsolve(
        &[
            "--format",
            "json",
            "sudoku",
            "generate",
            "--variant",
            "x",
            "--count",
            "2",
        ],
        b"",
    );
    assert_eq!(generated.code, Some(0), "{}", generated.stderr);
    let classic = gridsolve(&["sudoku", "solve"], generated.stdout.as_bytes());
    assert!(
        classic
            .stderr
            .contains("<stdin>:2: the record names the x rules, read under the classic ones; give --variant x to use them"),
        "{}",
        classic.stderr
    );
    // `grade` has the classic rules only: it says so.
    let graded = gridsolve(&["sudoku", "grade"], generated.stdout.as_bytes());
    assert!(
        graded.stderr.contains(
            "<stdin>:1: the record names the x rules; grade rates under the classic ones only"
        ),
        "{}",
        graded.stderr
    );
    let x = gridsolve(
        &["--format", "json", "sudoku", "solve", "--variant", "x"],
        generated.stdout.as_bytes(),
    );
    assert_eq!(x.code, Some(0), "{}", x.stderr);
    assert!(!x.stderr.contains("names the"), "{}", x.stderr);
    // The solutions are the generated ones, and each is an X grid (the verifier's).
    let solved: Vec<serde_json::Value> = json_lines(&x.stdout);
    let made: Vec<serde_json::Value> = json_lines(&generated.stdout);
    assert_eq!(solved.len(), 2);
    let digits = |v: &serde_json::Value| -> Vec<u8> {
        v.as_str()
            .expect("a string of cells")
            .bytes()
            .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
            .collect()
    };
    for (s, m) in solved.iter().zip(&made) {
        assert_eq!(s["solution"], m["solution"]);
        assert_eq!(s["given_solution"], "matches");
        let (givens, solution) = (digits(&s["puzzle"]), digits(&s["solution"]));
        assert_eq!(
            verify::sudoku::check_variant_solution(&givens, &solution, "x", None),
            Ok(())
        );
    }
}

/// A 12 x 12 block is answered in the form it is written in: symbols (`A` for 10)
/// for a block of symbols, numbers for a block of numbers (its blanks `..`); the
/// solution (checked by the independent verifier) is the same.
#[test]
fn a_twelve_by_twelve_block_is_answered_in_its_own_symbols() {
    const GIVENS: &str = "...C.81.A.6..7..9.6..4....13..42..7.2.........8.1...5..A.3.7.\
                          5..2..76..A..6...2.4...........9.B.7..18A......B....3AC..4....7.\
                          ......339.2.....8.1";
    let symbols = solve_json_at("fixtures/sudoku/formats/twelve_symbols.txt", &[]);
    let numbers = solve_json_at("fixtures/sudoku/formats/twelve_numbers.txt", &[]);
    assert_eq!(symbols, numbers);
    assert_eq!(
        verify::sudoku::check_solution_text(GIVENS, &symbols[0], 3, 4),
        Ok(())
    );
    let block = |file: &str| {
        let path = repo_root().join(file);
        let run = gridsolve(&["sudoku", "solve", path.to_str().expect("UTF-8")], b"");
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        run.stdout
    };
    // The solution's rows, as the symbols block writes them and as numbers.
    let rows: Vec<&str> = (0..12).map(|r| &symbols[0][12 * r..12 * r + 12]).collect();
    let written = block("fixtures/sudoku/formats/twelve_symbols.txt");
    let cells: Vec<String> = written
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('-'))
        .map(|l| l.replace([' ', '|'], ""))
        .collect();
    assert_eq!(cells, rows);
    let written = block("fixtures/sudoku/formats/twelve_numbers.txt");
    let first: Vec<u32> = written
        .lines()
        .next()
        .expect("a row")
        .split([' ', '|'])
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().expect("a number"))
        .collect();
    let expected: Vec<u32> = rows[0]
        .chars()
        .map(|c| c.to_digit(36).expect("a symbol"))
        .collect();
    assert_eq!(first, expected);
}

/// The solutions printed by `solve --format json` on a file, in order.
fn solve_json_at(file: &str, extra: &[&str]) -> Vec<String> {
    let path = repo_root().join(file);
    let path = path.to_str().expect("a UTF-8 path");
    let mut args = vec!["--format", "json", "sudoku", "solve", path];
    args.extend_from_slice(extra);
    let run = gridsolve(&args, b"");
    assert_eq!(run.code, Some(0), "{file}: {}", run.stderr);
    run.stdout
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("JSON Lines");
            v["solution"].as_str().expect("a solution").to_owned()
        })
        .collect()
}

/// The golden grids of `fixtures/sudoku/logic/techniques.txt`: (technique, puzzle,
/// pencil marks, pinned sentence).
fn golden_grids() -> Vec<[String; 4]> {
    let path = repo_root().join("fixtures/sudoku/logic/techniques.txt");
    let text = std::fs::read_to_string(&path).expect("the golden grids");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            [f[0], f[1], f[2], f[3]].map(str::to_owned)
        })
        .collect()
}

#[test]
fn hint_gives_each_golden_pencil_mark_grid_its_pinned_step() {
    // Pencil marks never allow uniqueness techniques, so the Unique Rectangle and BUG+1
    // grids are left out; every other grid's next step is its technique's pinned sentence.
    let grids: Vec<[String; 4]> = golden_grids()
        .into_iter()
        .filter(|g| !g[0].starts_with("Unique Rectangle") && g[0] != "BUG+1")
        .collect();
    let input: String = grids.iter().map(|g| format!("{}\n", g[2])).collect();
    let run = gridsolve(&["sudoku", "hint", "--jobs", "2"], input.as_bytes());
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let sentences: Vec<&str> = run.stdout.lines().collect();
    let pinned: Vec<&str> = grids.iter().map(|g| g[3].as_str()).collect();
    assert_eq!(sentences, pinned);
}

#[test]
fn explained_steps_agree_with_the_exhaustive_solution() {
    // Every placement of every step is the solver's digit; no elimination removes it.
    let puzzles: String = data("top95.txt")
        .lines()
        .take(12)
        .map(|l| format!("{l}\n"))
        .collect();
    let solved = gridsolve(&["--format", "json", "sudoku", "solve"], puzzles.as_bytes());
    let explained = gridsolve(
        &["--format", "json", "sudoku", "explain"],
        puzzles.as_bytes(),
    );
    assert_eq!(explained.code, Some(0), "{}", explained.stderr);
    for (solution, explanation) in solved.stdout.lines().zip(explained.stdout.lines()) {
        let solution: serde_json::Value = serde_json::from_str(solution).expect("JSON");
        let solution = solution["solution"]
            .as_str()
            .expect("a solution")
            .as_bytes();
        let explanation: serde_json::Value = serde_json::from_str(explanation).expect("JSON");
        assert_eq!(explanation["status"], "solved");
        let digit_at = |cell: &serde_json::Value| {
            let name = cell["cell"].as_str().expect("a cell name").as_bytes();
            let (row, col) = (usize::from(name[1] - b'1'), usize::from(name[3] - b'1'));
            (
                u64::from(solution[row * 9 + col] - b'0'),
                cell["digit"].as_u64(),
            )
        };
        let steps = explanation["steps"].as_array().expect("steps");
        let mut placed = 0;
        for step in steps {
            for p in step["placements"].as_array().expect("placements") {
                let (truth, digit) = digit_at(p);
                assert_eq!(Some(truth), digit, "{step}");
                placed += 1;
            }
            for e in step["eliminations"].as_array().expect("eliminations") {
                let (truth, digit) = digit_at(e);
                assert_ne!(Some(truth), digit, "{step}");
            }
        }
        let givens = solution.len() - placed;
        assert!(givens >= 17, "every empty cell is placed by a step");
    }
}

/// `grade` against Sudoku Explainer itself: easy50 rated on one and two threads gives
/// the same lines, and every line of `--format serate` is the line serate printed for
/// that puzzle (`fixtures/sudoku/se-reference`, serate's own output, which holds all
/// 49 distinct puzzles of the 50 lines).
#[test]
fn grade_is_the_same_on_one_and_two_threads_and_prints_serates_lines() {
    let run = |jobs: &str| {
        gridsolve(
            &[
                "--format",
                "serate",
                "sudoku",
                "grade",
                "fixtures/sudoku/data/easy50.txt",
                "--jobs",
                jobs,
            ],
            b"",
        )
    };
    let (one, two) = (run("1"), run("2"));
    assert_eq!(one.code, Some(0), "{}", one.stderr);
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(one.stdout.lines().count(), 50);
    let mut reference = std::collections::BTreeMap::new();
    for part in ["fixtures", "held-out"] {
        let path = crate::harness::repo_root()
            .join("fixtures/sudoku/se-reference")
            .join(part)
            .join("easy50.txt");
        let text = std::fs::read_to_string(&path).expect("the reference ratings");
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let (puzzle, rating) = line.split_once(' ').expect("PUZZLE ED=...");
            reference.insert(puzzle.to_owned(), rating.to_owned());
        }
    }
    let mut compared = 0;
    for line in one.stdout.lines() {
        let (puzzle, rating) = line.split_once(' ').expect("PUZZLE ED=...");
        if let Some(expected) = reference.get(puzzle) {
            assert_eq!(rating, expected, "{puzzle}");
            compared += 1;
        }
    }
    assert_eq!(compared, 50);
    // The summary table ends with every rated puzzle's line: all 50.
    let all = one.stderr.lines().last().expect("a summary");
    let fields: Vec<&str> = all.split_whitespace().collect();
    assert_eq!(fields[..4], ["gridsolve:", "all", "rated", "50"]);
}

/// serate's own output as input: `--format serate` gives back every line unchanged
/// (one rating per line, not the old one followed by ours), on one and two threads.
#[test]
fn serates_lines_as_input_come_back_unchanged() {
    let path = "fixtures/sudoku/se-reference/held-out/easy50.txt";
    let text = std::fs::read_to_string(crate::harness::repo_root().join(path))
        .expect("the reference ratings");
    let expected: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert!(expected.len() > 10);
    for jobs in ["1", "2"] {
        let run = gridsolve(
            &[
                "--format", "serate", "sudoku", "grade", path, "--jobs", jobs,
            ],
            b"",
        );
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        assert_eq!(run.stdout.lines().collect::<Vec<_>>(), expected);
    }
}

/// A Sudoku Exchange line (`hash puzzle rating`, blanks as `0`) comes back in serate's
/// form as its own 81 characters, `0`s kept, as serate echoes its input; a CSV row
/// gives its puzzle field, not its solution.
#[test]
fn serates_form_keeps_the_puzzle_as_written() {
    let exchange = "0000183b305c  003020600900305001001806400008102900700000008006708200002609500800203009005010300  1.2\n";
    let run = gridsolve(
        &["--format", "serate", "sudoku", "grade"],
        exchange.as_bytes(),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300 ED=1.2/1.2/1.2\n"
    );
    let csv = "id,puzzle,solution,difficulty\n7,..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..,483921657967345821251876493548132976729564138136798245372689514814253769695417382,1.2\n";
    let run = gridsolve(&["--format", "serate", "sudoku", "grade"], csv.as_bytes());
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.. ED=1.2/1.2/1.2\n"
    );
}

/// `explain --se` against two independent references: every value its SE path places
/// is the solver's digit and no removal removes it, the path fills every empty cell,
/// and its ER, EP and ED are the ones serate printed (`fixtures/sudoku/se-reference`);
/// the hardest step of the path is ER, the first is ED.
#[test]
fn se_paths_agree_with_the_solution_and_with_serate() {
    let reference =
        crate::harness::repo_root().join("fixtures/sudoku/se-reference/fixtures/top95.txt");
    let reference = std::fs::read_to_string(&reference).expect("the reference ratings");
    // Puzzles SE rates from 1.2 to 8.x, with removals of every kind of step.
    let rated: Vec<(&str, &str)> = reference
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once(' '))
        .take(12)
        .collect();
    let input: String = rated.iter().map(|(p, _)| format!("{p}\n")).collect();
    let solved = gridsolve(&["--format", "json", "sudoku", "solve"], input.as_bytes());
    let explained = gridsolve(
        &["--format", "json", "sudoku", "explain", "--se"],
        input.as_bytes(),
    );
    assert_eq!(explained.code, Some(0), "{}", explained.stderr);
    let mut removals = 0;
    for (((puzzle, serate), solution), explanation) in rated
        .iter()
        .zip(solved.stdout.lines())
        .zip(explained.stdout.lines())
    {
        let solution: serde_json::Value = serde_json::from_str(solution).expect("JSON");
        let solution = cells81(solution["solution"].as_str().expect("a solution"));
        let explanation: serde_json::Value = serde_json::from_str(explanation).expect("JSON");
        assert_eq!(explanation["status"], "rated", "{puzzle}");
        let rating = |key: &str| format!("{:.1}", explanation[key].as_f64().expect("a rating"));
        assert_eq!(
            format!("ED={}/{}/{}", rating("er"), rating("ep"), rating("ed")),
            serate.split_whitespace().next().expect("ED=ER/EP/ED"),
            "{puzzle}"
        );
        // `rNcM=D` or `rNcM<>D`: the solution's digit at that cell, and D.
        let at = |text: &str, sep: &str| {
            let (cell, digit) = text.split_once(sep).expect("a cell and a digit");
            let b = cell.as_bytes();
            let (row, col) = (usize::from(b[1] - b'1'), usize::from(b[3] - b'1'));
            (
                solution[row * 9 + col],
                digit.parse::<u8>().expect("a digit"),
            )
        };
        let mut grid = cells81(puzzle);
        let steps = explanation["path"].as_array().expect("a path");
        assert_eq!(
            steps.len() as u64,
            explanation["step_count"].as_u64().expect("steps")
        );
        let ratings: Vec<f64> = steps
            .iter()
            .map(|s| s["rating"].as_f64().expect("a rating"))
            .collect();
        assert_eq!(
            ratings.iter().copied().fold(0.0, f64::max),
            explanation["er"].as_f64().expect("ER")
        );
        assert_eq!(Some(&ratings[0]), explanation["ed"].as_f64().as_ref());
        for step in steps {
            if let Some(placed) = step["placed"].as_str() {
                let (truth, digit) = at(placed, "=");
                assert_eq!(truth, digit, "{puzzle}: {step}");
                let b = placed.as_bytes();
                grid[usize::from(b[1] - b'1') * 9 + usize::from(b[3] - b'1')] = digit;
            }
            for removed in step["removed"].as_array().expect("removals") {
                let (truth, digit) = at(removed.as_str().expect("a removal"), "<>");
                assert_ne!(truth, digit, "{puzzle}: {step}");
                removals += 1;
            }
        }
        assert_eq!(grid, solution, "{puzzle}: the path fills the grid");
    }
    assert!(removals > 100, "the sample has removal steps ({removals})");
}

#[test]
fn pencil_marks_may_be_indented_and_commented_and_errors_point_into_the_line() {
    let grids = golden_grids();
    let marks = &grids[0][2];
    let good = format!("  {marks}  # my game\n");
    let run = gridsolve(&["sudoku", "hint"], good.as_bytes());
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout.trim_end(), grids[0][3]);
    // Character 10 of the marks is slot 1 of r1c2; two spaces before make it column 12.
    let mut bad = good.into_bytes();
    bad[2 + 9] = b'q';
    let run = gridsolve(&["sudoku", "hint"], &bad);
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr.starts_with(
            "gridsolve: <stdin>:1:12: expected `1`, `.` or `0` for candidate 1 of r1c2, found `q`"
        ),
        "{}",
        run.stderr
    );
}

/// `--lines A-B` answers exactly the records of the whole run whose lines meet A..=B,
/// as the whole run answers them, on any number of threads.
#[test]
fn lines_select_the_records_of_the_whole_run() {
    let dir = repo_root().join("../shared/data/sudoku");
    let all = gridsolve_in(
        &dir,
        &["--format", "json", "sudoku", "count", "easy50.txt"],
        b"",
    );
    let answers: Vec<serde_json::Value> = json_lines(&all.stdout);
    for (range, jobs) in [("7", "1"), ("10-30", "3"), ("45-", "2"), ("1-1000", "2")] {
        let run = gridsolve_in(
            &dir,
            &[
                "--format",
                "json",
                "sudoku",
                "count",
                "easy50.txt",
                "--lines",
                range,
                "--jobs",
                jobs,
            ],
            b"",
        );
        let (first, last) = match range.split_once('-') {
            None => (range.parse().expect("N"), range.parse().expect("N")),
            Some((a, "")) => (a.parse().expect("A"), u64::MAX),
            Some((a, b)) => (a.parse().expect("A"), b.parse().expect("B")),
        };
        let expected: Vec<&serde_json::Value> = answers
            .iter()
            .filter(|a| (first..=last).contains(&a["line"].as_u64().expect("a line")))
            .collect();
        assert!(!expected.is_empty());
        let got: Vec<serde_json::Value> = json_lines(&run.stdout);
        assert_eq!(got.iter().collect::<Vec<_>>(), expected, "--lines {range}");
    }
}

/// `--symbols` reaches every verb that reads records: grid1 written in `A`-`I` (a
/// relabelling, which changes no technique) grades, hints and benches as grid1 does.
#[test]
fn symbols_reach_grade_hint_and_bench() {
    const GRID1: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let letters: String = GRID1
        .chars()
        .map(|c| match c.to_digit(10) {
            Some(d) => char::from(b'A' + d as u8 - 1),
            None => c,
        })
        .collect();
    let letters = format!("{letters}\n");
    for verb in ["grade", "hint"] {
        let plain = gridsolve(
            &["--format", "json", "sudoku", verb],
            format!("{GRID1}\n").as_bytes(),
        );
        let lettered = gridsolve(
            &["--format", "json", "sudoku", verb, "--symbols", "ABCDEFGHI"],
            letters.as_bytes(),
        );
        assert_eq!(lettered.code, Some(0), "{verb}: {}", lettered.stderr);
        let strip = |s: &str| s.split(",\"status\"").nth(1).map(str::to_owned);
        assert_eq!(strip(&lettered.stdout), strip(&plain.stdout), "{verb}");
        // Without --symbols the letters are no 9 x 9 digits.
        let unread = gridsolve(&["sudoku", verb], letters.as_bytes());
        assert_eq!(unread.code, Some(2), "{verb}");
    }
    let bench = gridsolve(
        &["sudoku", "bench", "--symbols", "ABCDEFGHI"],
        letters.as_bytes(),
    );
    assert_eq!(bench.code, Some(0), "{}", bench.stderr);
}

/// `grade --format serate` gives every OpenSudoku game its 81 cells as written
/// (`0` blanks kept), with an id or without, alone on its line or one of several: the
/// first of two came out as its whole `<game>` element and the second, which had an
/// id, with `.` blanks.
#[test]
fn serate_lines_of_opensudoku_games_are_their_cells() {
    let first = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    let second =
        "200080300060070084030500209000105408000000000402706000301007040720040060004010003";
    let input = format!(
        "<opensudoku>\n<game data=\"{first}\"/><game id=\"b\" data=\"{second}\"/>\n\
         <game id=\"c\" data=\"{first}\"/>\n<game data=\"{second}\"/>\n</opensudoku>\n"
    );
    let run = gridsolve(&["--format", "serate", "sudoku", "grade"], input.as_bytes());
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let puzzles: Vec<&str> = run
        .stdout
        .lines()
        .map(|line| line.split(" ED=").next().unwrap())
        .collect();
    assert_eq!(puzzles, [first, second, first, second], "{}", run.stdout);
}

/// Given solutions in CSV as spreadsheets and pandas write them: RFC 4180 quotes with
/// a header or without, a named solution column wherever it stands, and a named
/// column's field that is no solution said on standard error (not compared), while a
/// header-less line keeps the rule that only a field of the puzzle's length is one.
/// The reference is the published solution of Norvig's grid1.
#[test]
fn given_solutions_in_csv_tables() {
    let grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let right = "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
    let wrong = format!("5{}", &right[1..]);
    let x = format!("{}x", &right[..80]);
    let given = |input: String| {
        let run = gridsolve(&["--format", "json", "sudoku", "solve"], input.as_bytes());
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        let words: Vec<Option<String>> = run
            .stdout
            .lines()
            .map(|line| {
                let value: serde_json::Value = serde_json::from_str(line).unwrap();
                assert_eq!(value["status"], "solved", "{line}");
                value
                    .get("given_solution")
                    .and_then(|w| w.as_str())
                    .map(str::to_owned)
            })
            .collect();
        (words, run.stderr)
    };
    let word = |w: &str| Some(w.to_owned());
    // Quoted fields, with a `puzzle,solution` header or without.
    for (header, line) in [("puzzle,solution\n", 3), ("", 2)] {
        let (words, stderr) = given(format!(
            "{header}\"{grid}\",\"{right}\"\n\"{grid}\",\"{wrong}\"\n"
        ));
        assert_eq!(words, [word("matches"), word("differs")]);
        let note = format!(
            "<stdin>:{line}: the given solution differs from ours at r1c1 (given 5, ours 4)"
        );
        assert!(stderr.contains(&note), "{stderr}");
    }
    // A quoted wrong solution under a header naming the columns; the solution
    // column before the puzzle's.
    let (words, _) = given(format!(
        "id,puzzle,solution,difficulty\n1,{grid},\"{wrong}\",1.2\n2,\"{grid}\",\"{right}\",1.2\n"
    ));
    assert_eq!(words, [word("differs"), word("matches")]);
    let (words, _) = given(format!(
        "difficulty,solution,puzzle\n1.2,{right},{grid}\n1.2,{wrong},{grid}\n"
    ));
    assert_eq!(words, [word("matches"), word("differs")]);
    // A named column's field that is no solution: a note naming file and line, the
    // puzzle still answered, no `given_solution`.
    let (words, stderr) = given(format!(
        "puzzle,solution\n{grid},{}\n{grid},{right}1\n{grid},abc\n{grid},{x}\n{grid},{}\n{grid},\n",
        &right[..80],
        right.replacen('8', ".", 1)
    ));
    assert_eq!(words, [None, None, None, None, None, None]);
    for note in [
        "<stdin>:2: the solution column holds 80 characters, not 81: not compared",
        "<stdin>:3: the solution column holds 82 characters, not 81: not compared",
        "<stdin>:4: the solution column holds 3 characters, not 81: not compared",
        "<stdin>:5: the solution column holds 'x' at r9c9, no symbol of a 9 x 9 grid: not compared",
        "<stdin>:6: the solution column has a blank at r1c2: not compared",
    ] {
        assert!(stderr.contains(note), "{note}\n{stderr}");
    }
    assert!(!stderr.contains("<stdin>:7:"), "{stderr}");
    // Without a header, a field of another length is a comment (no note); one of the
    // puzzle's length is compared, `x` and all.
    let (words, stderr) = given(format!("{grid},{}\n{grid},{x}\n", &right[..80]));
    assert_eq!(words, [None, word("differs")]);
    assert!(!stderr.contains("not compared"), "{stderr}");
}

/// What a record gives beside its puzzle is answered in its own field, not in
/// `puzzle`: a header-less `puzzle,solution` line's and a tdoku line's puzzle is its
/// cells alone (so that `dedupe`'s JSON and CSV name the same puzzle the other verbs
/// do, while its text keeps the line whole); a JSON solution that is no string is
/// said to be none (not passed over); a CSV `variant` column is noted as a JSON
/// `variant` key is; a jigsaw row's named solution column is compared.
#[test]
fn fields_beside_the_puzzle_are_answered_as_such() {
    let grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let right = "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
    let wrong = format!("5{}", &right[1..]);
    let input = format!(
        "{grid},{right}
{grid}:1:{wrong}
"
    );
    for verb in ["solve", "count", "check"] {
        let run = gridsolve(&["--format", "json", "sudoku", verb], input.as_bytes());
        let answers = json_lines(&run.stdout);
        assert_eq!(answers.len(), 2, "{verb}: {}", run.stderr);
        for (answer, word) in answers.iter().zip(["matches", "differs"]) {
            assert_eq!(answer["puzzle"], grid, "{verb}");
            assert_eq!(answer["given_solution"], word, "{verb}");
        }
    }
    // dedupe: the puzzle alone in JSON and CSV, the line as read in text.
    let run = gridsolve(
        &["--format", "json", "sudoku", "dedupe", "--duplicates"],
        input.as_bytes(),
    );
    let answers = json_lines(&run.stdout);
    assert_eq!(answers.len(), 2, "{}", run.stderr);
    assert!(
        answers.iter().all(|a| a["puzzle"] == grid),
        "{}",
        run.stdout
    );
    assert_eq!(answers[1]["status"], "duplicate");
    let run = gridsolve(&["--format", "csv", "sudoku", "dedupe"], input.as_bytes());
    assert_eq!(
        run.stdout
            .lines()
            .nth(1)
            .and_then(|row| row.split(',').nth(1)),
        Some(grid)
    );
    let run = gridsolve(&["sudoku", "dedupe"], input.as_bytes());
    assert_eq!(run.stdout, format!("{grid},{right}\n"));
    // dedupe of a numbered list: the id in its field, the cells in `puzzle`.
    let run = gridsolve(
        &["--format", "json", "sudoku", "dedupe"],
        format!("#7 {grid}\n").as_bytes(),
    );
    let answers = json_lines(&run.stdout);
    assert_eq!(
        (&answers[0]["puzzle"], &answers[0]["id"]),
        (&grid.into(), &"#7".into())
    );

    // A JSON solution that is no string: a note, not compared; `null` is none.
    let input = format!(
        "{{\"puzzle\":\"{grid}\",\"solution\":42}}\n{{\"puzzle\":\"{grid}\",\"solution\":null}}\n"
    );
    let run = gridsolve(&["--format", "json", "sudoku", "solve"], input.as_bytes());
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        json_lines(&run.stdout)
            .iter()
            .all(|a| a.get("given_solution").is_none())
    );
    let note = "<stdin>:1: the given solution holds 2 characters, not 81: not compared";
    assert!(run.stderr.contains(note), "{}", run.stderr);
    assert!(!run.stderr.contains("<stdin>:2:"), "{}", run.stderr);

    // A given solution of a puzzle with several solutions or none: said, not passed
    // over (no `given_solution`).
    let empty = ".".repeat(81);
    // The first puzzle of the no-solution data set (SOURCES.md).
    let none = "..9.287..8.6..4..5..3.....46.........2.71345.........23.....5..9..4..8.7..125.3..";
    let input = format!("puzzle,solution\n{empty},{right}\n{none},{right}\n");
    let run = gridsolve(&["--format", "json", "sudoku", "solve"], input.as_bytes());
    let answers = json_lines(&run.stdout);
    assert_eq!(answers.len(), 2, "{}", run.stderr);
    assert!(answers.iter().all(|a| a.get("given_solution").is_none()));
    for note in [
        "<stdin>:2: the puzzle has more than one solution: the given solution is not compared",
        "<stdin>:3: the puzzle has no solution: the given solution is not compared",
    ] {
        assert!(run.stderr.contains(note), "{note}\n{}", run.stderr);
    }

    // A CSV variant column naming other rules than --variant's: noted.
    let input = format!("puzzle,variant\n{grid},x\n{grid},classic\n");
    let run = gridsolve(&["sudoku", "count"], input.as_bytes());
    let note =
        "<stdin>:2: the record names the x rules, read under the classic ones; give --variant x";
    assert!(run.stderr.contains(note), "{}", run.stderr);
    assert!(!run.stderr.contains("<stdin>:3:"), "{}", run.stderr);
}

/// Boards as programs write them, one after another: a comment after the opening
/// brace, an array left open (one bad record, ended where the next record begins:
/// a C array, or a JSON Lines record), NumPy's repr; every good one answered, in
/// order (fresh users' findings: an open board had swallowed the records after it).
#[test]
fn boards_after_an_open_one_are_answered() {
    let grid1 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let rows: Vec<String> = (0..9)
        .map(|r| {
            let cells: Vec<String> = grid1[r * 9..r * 9 + 9]
                .chars()
                .map(|c| c.to_digit(10).unwrap_or(0).to_string())
                .collect();
            format!("{{{}}}", cells.join(", "))
        })
        .collect();
    let c_array = format!("int grid[9][9] = {{  // grid1\n{}\n}};\n", rows.join(",\n"));
    let open = "board = [\n  [5, 3, 0, 0, 7, 0, 0, 0, 0],\n\n";
    let json = format!("{{\"id\": \"j\", \"puzzle\": \"{grid1}\"}}\n");
    let repr = format!(
        "array([{}])\n",
        rows.join(",\n       ").replace('{', "[").replace('}', "]")
    );
    let input = format!("{c_array}{open}{c_array}{open}{json}{repr}");
    let run = gridsolve(&["--format", "json", "sudoku", "solve"], input.as_bytes());
    let statuses: Vec<_> = json_lines(&run.stdout)
        .iter()
        .map(|a| a["status"].clone())
        .collect();
    assert_eq!(
        statuses,
        ["solved", "invalid", "solved", "invalid", "solved", "solved"],
        "{}",
        run.stderr
    );
}

/// A LeetCode board under a JSON Lines record's puzzle key (an array, not a string)
/// is read where it stands, with the record's id; an error in it is placed at its
/// cell on the line; a value that is neither is named with both forms.
#[test]
fn a_leetcode_board_in_json_lines() {
    let board = r#"[["5","3",".",".","7",".",".",".","."],["6",".",".","1","9","5",".",".","."],[".","9","8",".",".",".",".","6","."],["8",".",".",".","6",".",".",".","3"],["4",".",".","8",".","3",".",".","1"],["7",".",".",".","2",".",".",".","6"],[".","6",".",".",".",".","2","8","."],[".",".",".","4","1","9",".",".","5"],[".",".",".",".","8",".",".","7","9"]]"#;
    let line = format!("{{\"id\": 3, \"board\": {board}}}\n");
    let run = gridsolve(&["--format", "json", "sudoku", "solve"], line.as_bytes());
    let answer = &json_lines(&run.stdout)[0];
    assert_eq!(answer["id"], "3", "{}", run.stderr);
    assert_eq!(
        answer["solution"],
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    );
    let bad = line.replacen(r#""7","9"]]"#, r#""7","x"]]"#, 1);
    let run = gridsolve(&["sudoku", "solve"], bad.as_bytes());
    let column = bad.find('x').unwrap() + 1;
    assert!(
        run.stderr
            .contains(&format!("<stdin>:1:{column}: unexpected 'x'")),
        "{}",
        run.stderr
    );
    let run = gridsolve(&["sudoku", "solve"], b"{\"board\": 5}\n");
    assert!(
        run.stderr
            .contains("expected a string of cells or an array of rows"),
        "{}",
        run.stderr
    );
}

/// `check` asks LeetCode 36's question (do the givens clash?) of a LeetCode board
/// only; the same empty grid as a C array or NumPy's print is checked as any grid
/// (multiple solutions, exit 1: a fresh user's finding, they had said `valid`).
#[test]
fn check_asks_leetcode_36_of_leetcode_boards_only() {
    let rows = |row: &str, sep: &str| [row; 9].join(sep);
    let leetcode = format!(
        "[{}]",
        rows(r#"[".",".",".",".",".",".",".",".","."]"#, ",")
    );
    let c = format!(
        "int grid[9][9] = {{\n{}\n}};",
        rows("{0,0,0,0,0,0,0,0,0}", ",\n")
    );
    let numpy = format!("[{}]", rows("[0 0 0 0 0 0 0 0 0]", "\n "));
    let run = gridsolve(&["sudoku", "check"], leetcode.as_bytes());
    assert_eq!(
        (run.code, run.stdout.trim()),
        (Some(0), "valid"),
        "{}",
        run.stderr
    );
    for input in [c, numpy] {
        let run = gridsolve(&["sudoku", "check"], input.as_bytes());
        assert_eq!(run.code, Some(1), "{input}\n{}", run.stderr);
        assert_eq!(run.stdout.trim(), "multiple solutions", "{input}");
    }
}

/// A jigsaw puzzle's solution in a CSV table's named solution column is compared
/// (its line form's region map is not taken for one); the solution is found by
/// `solve` and checked by the rules verifier first.
#[test]
fn a_jigsaw_solution_column_is_compared() {
    let line =
        std::fs::read_to_string(repo_root().join("fixtures/sudoku/variants/jigsaw.txt")).unwrap();
    let line = line.lines().find(|l| !l.starts_with('#')).unwrap();
    let (cells, map) = line.split_once(' ').unwrap();
    let run = gridsolve(
        &["--format", "json", "sudoku", "solve", "--variant", "jigsaw"],
        line.as_bytes(),
    );
    let answer = &json_lines(&run.stdout)[0];
    // No solution column: the map is not compared as one.
    assert!(answer.get("given_solution").is_none(), "{}", run.stdout);
    let solution = answer["solution"].as_str().unwrap().to_owned();
    let digits = |text: &str| -> Vec<u8> {
        let digit = |b: u8| if b.is_ascii_digit() { b - b'0' } else { 0 };
        text.bytes().map(digit).collect()
    };
    let verdict = verify::sudoku::check_variant_solution(
        &digits(cells),
        &digits(&solution),
        "jigsaw",
        Some(map),
    );
    assert_eq!(verdict, Ok(()));
    let wrong: String = solution.chars().rev().collect();
    let input =
        format!("puzzle,solution\n\"{cells} {map}\",{solution}\n\"{cells} {map}\",{wrong}\n");
    let run = gridsolve(
        &["--format", "json", "sudoku", "check", "--variant", "jigsaw"],
        input.as_bytes(),
    );
    let words: Vec<_> = json_lines(&run.stdout)
        .iter()
        .map(|a| a["given_solution"].clone())
        .collect();
    assert_eq!(words, ["matches", "differs"], "{}", run.stderr);
    assert_eq!(run.code, Some(1), "a differing given solution fails check");
}

/// A solution given after the puzzle is compared with the one found in the record's
/// own alphabet: JSON `given_solution` says `matches` or `differs`, and standard error
/// names the first cell that differs in the alphabet's symbols. The reference is the
/// published solution of Norvig's grid1 (the first row of the Kaggle fixture).
#[test]
fn a_given_solution_is_compared_in_the_records_alphabet() {
    let kaggle = std::fs::read_to_string(
        repo_root().join("fixtures/sudoku/formats/kaggle_wrong_solution.csv"),
    )
    .unwrap();
    let row = kaggle.lines().nth(1).unwrap();
    let letters: String = row
        .chars()
        .map(|c| match c {
            '0' => '.',
            '1'..='9' => char::from(b'A' + c as u8 - b'1'),
            other => other,
        })
        .collect();
    // The same solution with its first two cells swapped (D and H: 4 and 8).
    let (puzzle, solution) = letters.split_once(',').unwrap();
    let wrong = format!(
        "{puzzle},{}{}{}",
        &solution[1..2],
        &solution[..1],
        &solution[2..]
    );
    let input = format!("{letters}\n{wrong}\n{puzzle}\n");
    let run = gridsolve(
        &["--format", "json", "sudoku", "check", "--symbols", "A-I"],
        input.as_bytes(),
    );
    // `check` fails a record whose given solution differs (the record is wrong), and
    // the summary counts it; `solve` answers it (exit 0).
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "3 unique, 0 no solution, 0 multiple, 0 invalid, 1 given solution differs from ours"
        ),
        "{}",
        run.stderr
    );
    let solved = gridsolve(&["sudoku", "solve", "--symbols", "A-I"], input.as_bytes());
    assert_eq!(solved.code, Some(0), "{}", solved.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{}", run.stdout);
    assert!(
        lines[0].contains("\"given_solution\":\"matches\""),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].contains("\"given_solution\":\"differs\""),
        "{}",
        lines[1]
    );
    assert!(!lines[2].contains("given_solution"), "{}", lines[2]);
    assert!(
        run.stderr
            .contains("<stdin>:2: the given solution differs from ours at r1c1 (given H, ours D)"),
        "{}",
        run.stderr
    );
}

/// Without `--symbols`, every verb reads a 16 x 16 puzzle written in `A`-`P` in the
/// alphabet it detects, as `solve` does: `bench` times it, and `grade`, `hint` and
/// `explain` say they take 9 x 9 grids, rather than stopping at the first letter past
/// `G` (which they did when only solve, count and check detected the alphabet).
#[test]
fn every_verb_detects_the_alphabet() {
    let letters = std::fs::read(repo_root().join("fixtures/sudoku/formats/letters16.txt")).unwrap();
    let bench = gridsolve(&["sudoku", "bench"], &letters);
    assert_eq!(bench.code, Some(0), "{}", bench.stderr);
    assert!(bench.stdout.contains("\n         1 "), "{}", bench.stdout);
    assert!(
        bench.stdout.contains("solutions: 1 unique"),
        "{}",
        bench.stdout
    );
    for (verb, why) in [
        (
            "grade",
            "Sudoku Explainer rates 9 x 9 puzzles only, found 16 x 16",
        ),
        (
            "hint",
            "human-style techniques need a 9 x 9 grid, found 16 x 16",
        ),
        (
            "explain",
            "human-style techniques need a 9 x 9 grid, found 16 x 16",
        ),
    ] {
        let run = gridsolve(&["sudoku", verb], &letters);
        assert_eq!(run.code, Some(2), "{verb}");
        assert!(run.stderr.contains(why), "{verb}: {}", run.stderr);
    }
}

/// `generate --symbols` writes puzzles that `solve --symbols` reads back, each with a
/// unique solution, in the same alphabet.
#[test]
fn generated_symbols_read_back() {
    let generated = gridsolve(
        &[
            "sudoku",
            "generate",
            "--size",
            "16",
            "--symbols",
            "A-P",
            "--count",
            "2",
            "--seed",
            "9",
        ],
        b"",
    );
    assert_eq!(generated.code, Some(0), "{}", generated.stderr);
    assert!(
        generated
            .stdout
            .chars()
            .all(|c| matches!(c, 'A'..='P' | '.' | '\n'))
    );
    let solved = gridsolve(
        &["sudoku", "solve", "--symbols", "A-P"],
        generated.stdout.as_bytes(),
    );
    assert_eq!(solved.code, Some(0), "{}", solved.stderr);
    assert_eq!(solved.stdout.lines().count(), 2);
    assert!(
        solved
            .stdout
            .lines()
            .all(|l| l.len() == 256 && !l.contains('.'))
    );
}

/// Cell values of a one-line 9 x 9 puzzle or solution (`.` a blank).
fn cells81(line: &str) -> Vec<u8> {
    line.bytes()
        .take(81)
        .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
        .collect()
}

#[test]
fn generated_variant_puzzles_are_solved_under_their_rules_and_verified() {
    // generate --variant V, read back by solve --variant V (JSON), every solution
    // checked by verify's rules checker, every count by its brute force.
    for variant in ["x", "windoku", "disjoint", "jigsaw"] {
        let generated = gridsolve(
            &[
                "sudoku",
                "generate",
                "--variant",
                variant,
                "--count",
                "3",
                "--seed",
                "8",
            ],
            b"",
        );
        assert_eq!(generated.code, Some(0), "{}", generated.stderr);
        let solved = gridsolve(
            &["--format", "json", "sudoku", "solve", "--variant", variant],
            generated.stdout.as_bytes(),
        );
        assert_eq!(solved.code, Some(0), "{variant}: {}", solved.stderr);
        for (puzzle, line) in generated.stdout.lines().zip(solved.stdout.lines()) {
            let answer: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            assert_eq!(answer["status"], "solved", "{variant}: {line}");
            let map = puzzle.split_whitespace().nth(1);
            assert_eq!(map.is_some(), variant == "jigsaw");
            let givens = cells81(puzzle);
            let solution = cells81(answer["solution"].as_str().expect("a solution"));
            verify::sudoku::check_variant_solution(&givens, &solution, variant, map)
                .unwrap_or_else(|e| panic!("{variant}: {puzzle}: {e}"));
            assert_eq!(
                verify::sudoku::count_variant_solutions(&givens, variant, map, 2),
                Ok(1),
                "{variant}: {puzzle}"
            );
        }
    }
}

/// A 16 x 16 puzzle in `A`-`P` inside a CSV row is read in the alphabet detected from
/// its own field (the row's other fields, digits, do not rule it out): `generate
/// --symbols A-P --format csv` reads back with no `--symbols`.
#[test]
fn a_csv_row_s_alphabet_is_detected_from_its_puzzle() {
    let args = [
        "--format",
        "csv",
        "sudoku",
        "generate",
        "--size",
        "16",
        "--symbols",
        "A-P",
        "--count",
        "2",
    ];
    let generated = gridsolve(&args, b"");
    assert_eq!(generated.code, Some(0), "{}", generated.stderr);
    for verb in ["count", "bench"] {
        let run = gridsolve(&["sudoku", verb], generated.stdout.as_bytes());
        assert_eq!(run.code, Some(0), "{verb}: {}", run.stderr);
    }
}

/// Every verb that reads records keeps a Sudoku Exchange line's `id` and
/// `given_rating` in its JSON lines, a bad record's line included (so that a script
/// can match an error to its record).
#[test]
fn every_verb_keeps_the_id_and_given_rating() {
    const GRID1: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let bad = GRID1.replacen('7', "x", 1);
    let input = format!("0000183b305c {GRID1} 1.2\n00008b6e4a1f {bad} 1.7\n");
    for verb in [
        "solve", "count", "check", "grade", "hint", "explain", "canon", "dedupe",
    ] {
        let run = gridsolve(&["--format", "json", "sudoku", verb], input.as_bytes());
        assert_eq!(run.code, Some(2), "{verb}: {}", run.stderr);
        let lines: Vec<serde_json::Value> = json_lines(&run.stdout);
        let read: Vec<(&str, &str, &str)> = lines
            .iter()
            .map(|l| {
                let field = |key: &str| l[key].as_str().unwrap_or("-");
                (field("id"), field("given_rating"), field("status"))
            })
            .collect();
        assert_eq!(read.len(), 2, "{verb}: {}", run.stdout);
        assert_eq!(read[0].0, "0000183b305c", "{verb}");
        assert_eq!(read[0].1, "1.2", "{verb}");
        assert_eq!(read[1], ("00008b6e4a1f", "1.7", "invalid"), "{verb}");
    }
}

/// Every variant's CSV from `generate` reads back (a jigsaw's puzzle field is `cells
/// map`, which the region map is read from): each puzzle solved under its rules, with
/// the solution `generate` wrote beside it.
#[test]
fn generated_variant_csv_reads_back() {
    for variant in ["x", "windoku", "disjoint", "jigsaw"] {
        let args = [
            "--format",
            "csv",
            "sudoku",
            "generate",
            "--variant",
            variant,
            "--count",
            "3",
        ];
        let generated = gridsolve(&args, b"");
        assert_eq!(generated.code, Some(0), "{}", generated.stderr);
        let solved = gridsolve(
            &["--format", "json", "sudoku", "solve", "--variant", variant],
            generated.stdout.as_bytes(),
        );
        assert_eq!(solved.code, Some(0), "{variant}: {}", solved.stderr);
        let rows: Vec<&str> = generated.stdout.lines().skip(1).collect();
        let answers: Vec<&str> = solved.stdout.lines().collect();
        assert_eq!(answers.len(), rows.len(), "{variant}");
        for (row, line) in rows.iter().zip(answers) {
            let answer: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            let written = row.split(',').nth(5).expect("a solution column");
            assert_eq!(answer["solution"], written, "{variant}: {row}");
        }
    }
}

#[test]
fn hyper_is_windoku() {
    let file = "fixtures/sudoku/variants/windoku.txt";
    let windoku = gridsolve(&["sudoku", "solve", "--variant", "windoku", file], b"");
    let hyper = gridsolve(&["sudoku", "solve", "--variant", "hyper", file], b"");
    assert_eq!(windoku.code, Some(0), "{}", windoku.stderr);
    assert_eq!((hyper.code, &hyper.stdout), (windoku.code, &windoku.stdout));
    let generated = |v| gridsolve(&["sudoku", "generate", "--variant", v, "--seed", "3"], b"");
    assert_eq!(generated("hyper").stdout, generated("windoku").stdout);
    let help = gridsolve(&["sudoku", "solve", "--help"], b"");
    assert!(
        help.stdout.contains("windoku or its alias hyper"),
        "{}",
        help.stdout
    );
}

#[test]
fn the_x_sudoku_counts_eleven_classic_and_one_as_x() {
    let file = "fixtures/sudoku/variants/x-eleven.txt";
    let classic = gridsolve(&["sudoku", "count", file], b"");
    let x = gridsolve(&["sudoku", "count", "--variant", "x", file], b"");
    assert_eq!(
        (classic.stdout.as_str(), x.stdout.as_str()),
        ("11\n", "1\n")
    );
    let text = std::fs::read_to_string(repo_root().join(file)).expect("fixture");
    let givens = cells81(text.trim());
    for (rules, want) in [("classic", 11), ("x", 1)] {
        assert_eq!(
            verify::sudoku::count_variant_solutions(&givens, rules, None, 100),
            Ok(want)
        );
    }
}

#[test]
fn bench_under_a_variant_names_the_variant_solver_it_timed() {
    for (rules, file, solver) in [
        ("x", "fixtures/sudoku/variants/x-eleven.txt", "band solver"),
        (
            "jigsaw",
            "fixtures/sudoku/variants/jigsaw.txt",
            "jigsaw solver",
        ),
    ] {
        // The file's first puzzle alone (jigsaw.txt goes on with bad maps).
        let text = std::fs::read_to_string(repo_root().join(file)).unwrap();
        let first = format!("{}\n", text.lines().next().unwrap());
        let run = gridsolve(&["sudoku", "bench", "--variant", rules], first.as_bytes());
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        let machine = run.stdout.lines().nth(2).expect("a machine line");
        let expected = format!("; --variant {rules} search: {solver}");
        assert!(machine.contains(&expected), "{machine}");
        // The variant's solver may name its own copy (the jigsaw solver's
        // x86-64-v3 or AVX-512 copy), never the classic search in its place.
        assert!(
            !machine.contains(&format!("search: {}", sudoku::search_copy())),
            "not the classic copy: {machine}"
        );
        // The band solver runs the copy the classic solver's CPU check picks, named
        // after its own name.
        if solver == "band solver" {
            assert!(
                [
                    "portable",
                    "x86-64-v3 (AVX2, BMI2)",
                    "x86-64-v4 (AVX-512 F/BW/VL, BMI2)"
                ]
                .iter()
                .any(|copy| machine.ends_with(&format!("extra units), {copy}"))),
                "{machine}"
            );
        }
    }
}

#[test]
fn a_rating_stopped_inside_its_first_step_claims_no_bound() {
    // The first line of the forum's hardest list of 2019 (SE 11+): its first SE step
    // is a nested chain (Dynamic Contradiction Forcing Chains (+ Multiple Forcing
    // Chains), 11.1), far more than a millisecond of work on any machine.
    let first =
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6\n";
    let run = gridsolve(
        &["--format", "json", "sudoku", "grade", "--budget", "1ms"],
        first.as_bytes(),
    );
    assert_eq!(run.code, Some(3), "{}", run.stderr);
    let answer: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(answer["status"], "budget", "{answer}");
    assert_eq!(answer["step_count"], 0, "{answer}");
    assert!(
        answer["er_at_least"].is_null(),
        "no bound, not 0.0: {answer}"
    );
    assert!(
        run.stderr.contains("over budget (ER unknown)"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains(">=0.0"), "{}", run.stderr);
    // serate's form says that no step gave a bound, not `ER >= ?`.
    let run = gridsolve(
        &["--format", "serate", "sudoku", "grade", "--budget", "1ms"],
        first.as_bytes(),
    );
    assert_eq!(run.code, Some(3), "{}", run.stderr);
    assert_eq!(
        run.stdout,
        format!("{} ED=?/?/? (budget: no step taken)\n", first.trim_end()),
        "{}",
        run.stderr
    );
}

#[test]
fn dedupe_duplicates_names_each_dropped_puzzle_and_its_kept_one() {
    // canon.txt twice: its second copy's puzzles are all duplicates, and in the first
    // copy the transposed puzzle (line 4) is one of line 3.
    let canon = std::fs::read(repo_root().join("fixtures/sudoku/canon.txt")).unwrap();
    let input = [canon.as_slice(), canon.as_slice()].concat();
    let plain = gridsolve(&["--format", "json", "sudoku", "dedupe"], &input);
    let all = gridsolve(
        &["--format", "json", "sudoku", "dedupe", "--duplicates"],
        &input,
    );
    assert_eq!(all.code, Some(0), "{}", all.stderr);
    let answers: Vec<serde_json::Value> = json_lines(&all.stdout);
    // Every puzzle of the input answered once, in input order.
    let puzzle_lines: Vec<usize> = String::from_utf8(input.clone())
        .unwrap()
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
        .map(|(i, _)| i + 1)
        .collect();
    let lines: Vec<usize> = answers
        .iter()
        .map(|a| a["line"].as_u64().unwrap() as usize)
        .collect();
    assert_eq!(lines, puzzle_lines);
    // The kept ones are plain dedupe's output, each form once; each duplicate names an
    // earlier kept line whose form is its own (the form as `canon` prints it).
    let kept: Vec<&serde_json::Value> = answers.iter().filter(|a| a["status"] == "kept").collect();
    let kept_text: String = kept.iter().map(|a| format!("{a}\n")).collect();
    let plain_values: Vec<serde_json::Value> = json_lines(&plain.stdout);
    assert_eq!(
        kept.iter().copied().cloned().collect::<Vec<_>>(),
        plain_values,
        "{kept_text}"
    );
    let mut forms = std::collections::HashSet::new();
    assert!(kept.iter().all(|a| forms.insert(a["canonical"].clone())));
    let duplicates: Vec<&serde_json::Value> = answers
        .iter()
        .filter(|a| a["status"] == "duplicate")
        .collect();
    assert_eq!(duplicates.len(), 5, "{}", all.stdout);
    for d in duplicates {
        let first = d["duplicate_of"].as_u64().unwrap();
        assert!(first < d["line"].as_u64().unwrap());
        let k = kept.iter().find(|k| k["line"] == first).unwrap();
        assert_eq!(k["canonical"], d["canonical"]);
        let canon = gridsolve(
            &["sudoku", "canon"],
            d["puzzle"].as_str().unwrap().as_bytes(),
        );
        assert_eq!(canon.stdout.trim(), d["canonical"].as_str().unwrap());
    }
    // Text: standard output is plain dedupe's, the duplicates named on standard error.
    let text = gridsolve(&["sudoku", "dedupe", "--duplicates"], &input);
    let text_plain = gridsolve(&["sudoku", "dedupe"], &input);
    assert_eq!(text.stdout, text_plain.stdout);
    assert_eq!(text.stderr.matches(": duplicate of line ").count(), 5);
    assert!(
        text.stderr.contains("<stdin>:4: duplicate of line 3"),
        "{}",
        text.stderr
    );
}

#[test]
fn search_answers_name_the_variant_they_were_searched_under() {
    let file = "fixtures/sudoku/variants/x-eleven.txt";
    for verb in ["solve", "count", "check"] {
        let x = gridsolve(
            &["--format", "json", "sudoku", verb, "--variant", "x", file],
            b"",
        );
        let classic = gridsolve(&["--format", "json", "sudoku", verb, file], b"");
        let first = |text: &str| -> serde_json::Value {
            serde_json::from_str(text.lines().next().unwrap()).unwrap()
        };
        assert_eq!(first(&x.stdout)["variant"], "x", "{verb}");
        assert_eq!(first(&x.stdout)["count"], 1, "{verb}");
        assert!(first(&classic.stdout).get("variant").is_none(), "{verb}");
        // Under the classic rules it has 11 solutions (solve and check stop at 2).
        let classic_count = first(&classic.stdout)["count"].as_u64().unwrap();
        assert!(classic_count > 1, "{verb}: {classic_count}");
        // A bad record names the rules it was to be read under too, in JSON and CSV.
        let bad = gridsolve(
            &["--format", "json", "sudoku", verb, "--variant", "windoku"],
            b"12\n",
        );
        assert_eq!(bad.code, Some(2), "{verb}");
        assert_eq!(first(&bad.stdout)["status"], "invalid", "{verb}");
        assert_eq!(first(&bad.stdout)["variant"], "windoku", "{verb}");
        let plain = gridsolve(&["--format", "json", "sudoku", verb], b"12\n");
        assert!(first(&plain.stdout).get("variant").is_none(), "{verb}");
        let csv = gridsolve(
            &["--format", "csv", "sudoku", verb, "--variant", "windoku"],
            b"12\n",
        );
        let mut lines = csv.stdout.lines();
        let header: Vec<&str> = lines.next().unwrap().split(',').collect();
        let row: Vec<&str> = lines.next().unwrap().split(',').collect();
        let at = header.iter().position(|&c| c == "variant").unwrap();
        assert_eq!(row[at], "windoku", "{verb}: {}", csv.stdout);
    }
}
