//! `gridsolve maze`: the GeeksforGeeks example, JSON shapes, the micromouse data set,
//! a 2000 x 2000 maze, and generated mazes read back.

use crate::harness::{gridsolve, gridsolve_in, json_lines, repo_root};

const CLASSIC: &[u8] = b"[[1,0,0,0],[1,1,0,1],[1,1,0,0],[0,1,1,1]]";

#[test]
fn geeksforgeeks_example_through_every_verb() {
    let run = gridsolve(&["--format", "json", "maze", "paths"], CLASSIC);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let v = &json_lines(&run.stdout)[0];
    assert_eq!(v["paths"], serde_json::json!(["DDRDRR", "DRDDRR"]));
    assert_eq!(
        (&v["count"], &v["exact"]),
        (&serde_json::json!(2), &serde_json::json!(true))
    );

    let run = gridsolve(&["--format", "json", "maze", "solve"], CLASSIC);
    let v = &json_lines(&run.stdout)[0];
    assert_eq!(v["found"], true);
    assert_eq!(v["moves"], "DDRDRR");
    assert_eq!(
        v["path"],
        serde_json::json!([[0, 0], [1, 0], [2, 0], [2, 1], [3, 1], [3, 2], [3, 3]])
    );

    // One shape for every verb that gives a path: found, length, moves, path.
    let run = gridsolve(&["--format", "json", "maze", "shortest"], CLASSIC);
    let w = &json_lines(&run.stdout)[0];
    assert_eq!(w["length"], 6);
    for field in ["found", "moves", "path"] {
        assert_eq!(w[field], v[field], "{field}");
    }
    assert_eq!(v["length"], 6);

    let run = gridsolve(&["--format", "json", "maze", "count"], CLASSIC);
    assert_eq!(json_lines(&run.stdout)[0]["count"], 2);

    let run = gridsolve(&["demo"], b"");
    assert!(
        run.stdout.contains("paths: DDRDRR DRDDRR"),
        "{}",
        run.stdout
    );
}

#[test]
fn no_path_is_exit_one_with_null_moves() {
    let maze = b"0 1\n1 1\n";
    for verb in ["shortest", "solve"] {
        let run = gridsolve(&["--format", "json", "maze", verb], maze);
        assert_eq!(run.code, Some(1));
        let v = &json_lines(&run.stdout)[0];
        assert_eq!(v["found"], false, "{verb}");
        for field in ["length", "moves", "path"] {
            assert_eq!(v[field], serde_json::Value::Null, "{verb} {field}");
        }
    }
    let run = gridsolve(&["--format", "json", "maze", "paths"], maze);
    assert_eq!(run.code, Some(1));
    assert_eq!(json_lines(&run.stdout)[0]["paths"], serde_json::json!([]));
}

#[test]
fn micromouse_files_through_the_cli() {
    let data = repo_root().join("../shared/data/maze");
    for (rel, moves) in [
        ("classic/AAMC15Maze.txt", Some(33)),
        ("classic/torture.txt", Some(209)),
        ("classic/br2025-robochallenge-day1.txt", Some(38)),
        ("halfsize/taiwan2018hef.txt", Some(94)),
        ("halfsize/japan2019hef.txt", Some(181)),
        ("classic/001.txt", None),
    ] {
        let path = data.join(rel);
        let path = path.to_str().unwrap();
        let run = gridsolve(&["--format", "json", "maze", "shortest", path], b"");
        let v = &json_lines(&run.stdout)[0];
        assert_eq!(
            v["length"].as_u64(),
            moves.map(|m: u64| m),
            "{rel}: {}",
            run.stderr
        );
        assert_eq!(run.code, Some(if moves.is_some() { 0 } else { 1 }), "{rel}");
    }
}

#[test]
fn two_thousand_by_two_thousand_open_maze() {
    let dir = std::env::temp_dir().join(format!("gridsolve-maze-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("open2000.txt");
    let row = vec!["1"; 2000].join(" ");
    let text = format!("{row}\n").repeat(2000);
    std::fs::write(&file, text).unwrap();
    let file = file.to_str().unwrap();

    let run = gridsolve(&["maze", "exists", file], b"");
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (Some(0), "path exists\n"),
        "{}",
        run.stderr
    );
    let run = gridsolve(&["--format", "json", "maze", "shortest", file], b"");
    assert_eq!(json_lines(&run.stdout)[0]["length"], 3998);
    let run = gridsolve(&["maze", "solve", file], b"");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let first = run.stdout.lines().next().unwrap();
    assert_eq!(first.len(), "moves: ".len() + 3998);
    assert_eq!(run.stdout.lines().count(), 2001);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn generated_mazes_read_back_in_every_format() {
    for format in ["matrix", "json", "ascii", "micromouse"] {
        let run = gridsolve(
            &[
                "maze",
                "generate",
                "--rows",
                "21",
                "--cols",
                "31",
                "--seed",
                "9",
                "--output-format",
                format,
            ],
            b"",
        );
        assert_eq!(run.code, Some(0), "{format}: {}", run.stderr);
        // A perfect maze: exactly one path between the default start and goal.
        let paths = gridsolve(
            &["--format", "json", "maze", "paths", "--limit", "5"],
            run.stdout.as_bytes(),
        );
        assert_eq!(paths.code, Some(0), "{format}: {}", paths.stderr);
        let v = &json_lines(&paths.stdout)[0];
        assert_eq!(v["paths"].as_array().unwrap().len(), 1, "{format}");
        assert_eq!(v["exact"], true);
    }
    // The same seed gives the same maze; another seed another one.
    let a = gridsolve(
        &[
            "maze", "generate", "--rows", "15", "--cols", "15", "--seed", "3",
        ],
        b"",
    );
    let b = gridsolve(
        &[
            "maze", "generate", "--rows", "15", "--cols", "15", "--seed", "3",
        ],
        b"",
    );
    let c = gridsolve(
        &[
            "maze", "generate", "--rows", "15", "--cols", "15", "--seed", "4",
        ],
        b"",
    );
    assert_eq!(a.stdout, b.stdout);
    assert_ne!(a.stdout, c.stdout);
}

#[test]
fn bounded_counts_read_count_and_exact() {
    // An open 3 x 3 maze has 12 simple four-direction paths corner to corner.
    let open = b"1 1 1\n1 1 1\n1 1 1\n";
    let run = gridsolve(&["--format", "json", "maze", "count"], open);
    let v = &json_lines(&run.stdout)[0];
    assert_eq!(
        (&v["count"], &v["exact"]),
        (&serde_json::json!(12), &serde_json::json!(true))
    );
    let run = gridsolve(&["--format", "json", "maze", "count", "--limit", "5"], open);
    let v = &json_lines(&run.stdout)[0];
    assert_eq!(
        (&v["count"], &v["exact"]),
        (&serde_json::json!(5), &serde_json::json!(false))
    );
    let run = gridsolve(&["--format", "json", "maze", "paths", "--limit", "5"], open);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let v = &json_lines(&run.stdout)[0];
    assert_eq!(v["paths"].as_array().map(Vec::len), Some(5));
    assert_eq!(
        (&v["count"], &v["exact"]),
        (&serde_json::json!(5), &serde_json::json!(false))
    );
    assert!(v.get("truncated").is_none(), "`truncated` became `exact`");
}

#[test]
fn board_is_a_hidden_alias_of_draw() {
    let maze = b"S.#\n#.G\n";
    for verb in ["solve", "shortest"] {
        let draw = gridsolve(&["maze", verb, "--draw"], maze);
        let board = gridsolve(&["maze", verb, "--board"], maze);
        assert_eq!(draw.code, Some(0), "{verb}: {}", draw.stderr);
        assert!(draw.stdout.contains("S*#\n#*G"), "{verb}: {}", draw.stdout);
        assert_eq!(board.stdout, draw.stdout, "{verb}");
    }
    let generate = [
        "maze", "generate", "--rows", "5", "--cols", "7", "--seed", "2",
    ];
    let draw = gridsolve(&[&generate[..], &["--draw"]].concat(), b"");
    let board = gridsolve(&[&generate[..], &["--board"]].concat(), b"");
    assert!(draw.stdout.contains('*'), "{}", draw.stdout);
    assert_eq!(board.stdout, draw.stdout);
    let help = gridsolve(&["maze", "solve", "--help"], b"");
    assert!(!help.stdout.contains("--board"), "{}", help.stdout);
}

#[test]
fn jobs_do_not_change_the_answers_or_their_order() {
    let dir = repo_root().join("fixtures/maze");
    let files = [
        "classic.json",
        "bad-value.txt",
        "no-path.txt",
        "ascii.txt",
        "missing.txt",
        "mouse.txt",
        "ragged.txt",
    ];
    for verb in ["shortest", "paths"] {
        let run = |jobs: &str| {
            let args = [&["maze", verb, "--jobs", jobs][..], &files[..]].concat();
            gridsolve_in(&dir, &args, b"")
        };
        let one = run("1");
        assert_eq!(one.code, Some(2), "{verb}: {}", one.stderr);
        assert_eq!(
            one.stdout.matches("== ").count(),
            4,
            "{verb}: {}",
            one.stdout
        );
        assert_eq!(one.stderr.lines().count(), 3, "{verb}: {}", one.stderr);
        for jobs in ["2", "3", "8"] {
            let many = run(jobs);
            assert_eq!(
                (&many.stdout, &many.stderr, many.code),
                (&one.stdout, &one.stderr, one.code),
                "{verb} --jobs {jobs}"
            );
        }
    }
}

#[test]
fn a_goal_off_the_maze_is_named_as_written() {
    let run = gridsolve(
        &["maze", "exists", "--goal", "1,1", "--goal", "0,5"],
        b"1 1\n1 1\n",
    );
    assert_eq!(run.code, Some(2));
    assert_eq!(
        run.stderr,
        "gridsolve: <stdin>: --goal 0,5 is off the 2 x 2 maze (rows 0 to 1, columns 0 to 1)\n"
    );
}

#[test]
fn every_json_line_has_a_status() {
    let dir = repo_root().join("fixtures/maze");
    let files = [
        "classic.json",
        "no-path.txt",
        "bad-value.txt",
        "missing.txt",
    ];
    let expected = ["answered", "no_solution", "invalid", "invalid"];
    for verb in ["exists", "solve", "paths", "shortest", "count"] {
        let args = [&["--format", "json", "maze", verb][..], &files[..]].concat();
        let run = gridsolve_in(&dir, &args, b"");
        assert_eq!(run.code, Some(2), "{verb}: {}", run.stderr);
        let lines = json_lines(&run.stdout);
        let statuses: Vec<&str> = lines
            .iter()
            .map(|v| v["status"].as_str().unwrap())
            .collect();
        assert_eq!(statuses, expected, "{verb}: {}", run.stdout);
        for (line, file) in lines.iter().zip(files) {
            assert_eq!(line["file"], file, "{verb}");
        }
        // A bad file takes the keys of every invalid input: its place, then `error`.
        assert_eq!(lines[2]["cell"], serde_json::json!([1, 1]), "{verb}");
        assert!(lines[3]["error"].is_string(), "{verb}");
    }
    // A question that does not fit the maze is an invalid line too.
    let run = gridsolve(
        &["--format", "json", "maze", "shortest", "--start", "5,0"],
        b"1 1\n1 1\n",
    );
    assert_eq!(run.code, Some(2));
    assert_eq!(
        json_lines(&run.stdout),
        [serde_json::json!({
            "file": "<stdin>",
            "error": "--start 5,0 is off the 2 x 2 maze (rows 0 to 1, columns 0 to 1)",
            "status": "invalid"
        })]
    );
    let run = gridsolve(
        &[
            "--format", "json", "maze", "generate", "--rows", "3", "--cols", "3", "--seed", "1",
        ],
        b"",
    );
    assert_eq!(json_lines(&run.stdout)[0]["status"], "answered");
    let run = gridsolve(&["--format", "json", "demo"], b"");
    // The maze's demo line is the one with paths, wherever the other puzzles' lines are.
    let maze = json_lines(&run.stdout)
        .into_iter()
        .find(|line| line.get("paths").is_some())
        .expect("the demo shows the maze's paths");
    assert_eq!(maze["paths"], serde_json::json!(["DDRDRR", "DRDDRR"]));
    assert_eq!(maze["status"], "answered");
}

#[test]
fn a_blocked_start_or_goal_gets_a_note_in_every_format() {
    // No `S`: the start defaults to the blocked top-left corner.
    let art = b"#.G\n...\n";
    let run = gridsolve(&["maze", "exists"], art);
    assert_eq!((run.code, run.stdout.as_str()), (Some(1), "no path\n"));
    assert!(
        run.stderr.contains("no start `S` is marked"),
        "{}",
        run.stderr
    );
    // The command line names a start: no note.
    let run = gridsolve(&["maze", "exists", "--start", "0,1"], art);
    assert_eq!((run.code, run.stderr.as_str()), (Some(0), ""));
    // A matrix has no markers, but its blocked corner is explained the same way (issue
    // 27), naming --open for grids that write open cells otherwise.
    let run = gridsolve(&["maze", "exists"], b"0 1\n1 1\n");
    assert_eq!(run.code, Some(1));
    assert_eq!(
        run.stderr,
        "gridsolve: <stdin>: the start is the top-left cell (row 1, column 1; `--start 0,0`), which is blocked; \
         give --start ROW,COL (0-based), or --open SYMBOLS if open cells are written otherwise\n"
    );
    // A --start on a blocked cell too.
    let run = gridsolve(&["maze", "exists", "--start", "1,0"], b"1 1\n0 1\n");
    assert!(
        run.stderr
            .contains("the start (--start) is the bottom-left cell"),
        "{}",
        run.stderr
    );
    // JSON: the same note on standard error beside the answer line.
    let run = gridsolve(&["--format", "json", "maze", "shortest"], b"1 1\n1 0\n");
    assert_eq!(json_lines(&run.stdout)[0]["status"], "no_solution");
    assert!(
        run.stderr.contains("the goal is the bottom-right cell"),
        "{}",
        run.stderr
    );
}

/// `--wall` and `--pad` name ASCII art's characters and rows: on a matrix they change
/// nothing, and standard error says so (they were dropped without a word); on art they
/// say nothing.
#[test]
fn art_flags_on_a_matrix_are_noted() {
    let run = gridsolve(
        &["maze", "shortest", "--wall", "X", "--pad"],
        b"[[1,0],[1,1]]",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, "2 moves: DR\n");
    assert!(
        run.stderr.contains("--wall has no effect: it names ASCII art's wall characters, and this maze is a 0/1 matrix"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("--pad has no effect"), "{}", run.stderr);
    let art = gridsolve(&["maze", "shortest", "--wall", "X", "--pad"], b"S.X\n..G\n");
    assert_eq!(art.code, Some(0), "{}", art.stderr);
    assert_eq!(art.stdout, "3 moves: DRR\n");
    assert!(!art.stderr.contains("no effect"), "{}", art.stderr);
}

/// The JSON answer of `maze generate` reads back (a fresh user's finding: piping it to
/// a solving verb said "expected `{` to open a row"): the maze of its `maze` field,
/// answered as that maze's text is, in every output format.
#[test]
fn a_generated_mazes_json_answer_reads_back_as_its_maze() {
    for format in ["ascii", "matrix", "json", "micromouse"] {
        let args = [
            "--format",
            "json",
            "maze",
            "generate",
            "--rows",
            "9",
            "--cols",
            "11",
            "--seed",
            "5",
            "--output-format",
            format,
        ];
        let generated = gridsolve(&args, b"");
        assert_eq!(generated.code, Some(0), "{}", generated.stderr);
        let answer = &json_lines(&generated.stdout)[0];
        let maze = answer["maze"].as_str().expect("the maze's text");
        let from_json = gridsolve(&["maze", "shortest"], generated.stdout.as_bytes());
        let from_text = gridsolve(&["maze", "shortest"], maze.as_bytes());
        assert_eq!(from_json.code, Some(0), "{format}: {}", from_json.stderr);
        assert_eq!(from_json.stdout, from_text.stdout, "{format}");
        assert!(
            from_json.stdout.contains("moves"),
            "{format}: {}",
            from_json.stdout
        );
    }
}

/// Walled art (every row opens with `#`) read with the symbols named: `--wall '#'`
/// and `--open .` give the maze read without them (a fresh user's finding: the rows
/// had been taken for `#` comments of a matrix, "no maze found").
#[test]
fn walled_art_reads_with_its_symbols_named() {
    let art = b"#S.#\n#.x#\n#.G#\n";
    let plain = gridsolve(&["maze", "shortest"], art);
    assert_eq!(plain.stdout, "3 moves: DDR\n", "{}", plain.stderr);
    for flags in [&["--wall", "#"][..], &["--open", "."], &["--open", ".x"]] {
        let args = [&["maze", "shortest"][..], flags].concat();
        let run = gridsolve(&args, art);
        assert_eq!(
            (run.code, run.stdout.as_str()),
            (Some(0), "3 moves: DDR\n"),
            "{flags:?}: {}",
            run.stderr
        );
    }
}

/// Under the king's moves a path holds spaces (`D DR R`): the CSV field of `maze paths`
/// separates the paths by `;`, so that it splits back into the JSON list (a fresh
/// user's finding: they had been joined by spaces too).
#[test]
fn csv_paths_split_back_under_the_diagonal_moves() {
    let maze = br#"["S..","...","..G"]"#;
    let args = ["maze", "paths", "--moves", "king", "--limit", "50"];
    let json = gridsolve(&[&["--format", "json"][..], &args].concat(), maze);
    let paths = json_lines(&json.stdout)[0]["paths"].clone();
    let paths: Vec<&str> = paths
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    assert!(
        paths.len() > 2 && paths.iter().any(|p| p.contains(' ')),
        "{paths:?}"
    );
    let csv = gridsolve(&[&["--format", "csv"][..], &args].concat(), maze);
    let row = csv.stdout.lines().nth(1).unwrap();
    let field = row.split('"').nth(1).unwrap();
    assert_eq!(field.split(';').collect::<Vec<_>>(), paths);
}
