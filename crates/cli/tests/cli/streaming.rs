//! Answers that grow with the input are written as they are found: `maze paths` holds
//! no list, so its peak memory does not grow with `--limit`, and what it streams is
//! right (every path checked by `verify`, the number by a brute-force count written
//! here, the same paths in every output form).

// unwrap and expect in these tests: a panic is a test failure; no user input reaches them.

use std::path::Path;
use std::process::{Command, Stdio};

use grid_core::{Coord, Direction};
use maze::{MazeFile, MoveSet};

use crate::harness::{gridsolve, repo_root};

/// An open `rows x cols` maze as a 0/1 matrix.
fn open_maze(rows: usize, cols: usize) -> String {
    format!("{}\n", vec!["1"; cols].join(" ")).repeat(rows)
}

/// The peak resident memory, in KiB, of `gridsolve args` with its output thrown away,
/// as `/usr/bin/time -f %M` measures it (Debian's `time` package; `.ci/run` installs it).
fn peak_kib(args: &[&str]) -> u64 {
    let time = Path::new("/usr/bin/time");
    assert!(
        time.exists(),
        "this test measures memory with /usr/bin/time: apt-get install time"
    );
    let report = std::env::temp_dir().join(format!(
        "gridsolve-peak-{}-{}",
        std::process::id(),
        args.join("_").replace(['/', ' '], "_")
    ));
    let status = Command::new(time)
        .arg("-f")
        .arg("%M")
        .arg("-o")
        .arg(&report)
        .arg(env!("CARGO_BIN_EXE_gridsolve"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("/usr/bin/time runs");
    assert!(status.success(), "gridsolve {args:?}: {status}");
    let text = std::fs::read_to_string(&report).expect("time wrote its report");
    std::fs::remove_file(&report).unwrap();
    text.trim().parse().expect("a number of KiB")
}

#[test]
fn maze_paths_peak_memory_does_not_grow_with_the_limit() {
    // A 40 x 40 open maze: its depth-first paths snake through most of the maze, about
    // 1,500 moves each, so 20,000 of them are 31 MB of text. Held as a list (paths and
    // their strings) before being written, as before, they took over 60 MB more than
    // one path; written as found, the peak is that of 10 paths.
    let dir = std::env::temp_dir().join(format!("gridsolve-stream-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("open40.txt");
    std::fs::write(&file, open_maze(40, 40)).unwrap();
    let file = file.to_str().unwrap();
    for format in ["text", "json", "csv"] {
        let few = peak_kib(&["--format", format, "maze", "paths", "--limit", "10", file]);
        let many = peak_kib(&[
            "--format", format, "maze", "paths", "--limit", "20000", file,
        ]);
        assert!(
            many < few + 8 * 1024,
            "--format {format}: {many} KiB for 20,000 paths against {few} KiB for 10"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A small pseudo-random 0/1 maze (`seed` picks it), start and goal corners open.
fn random_maze(seed: u64, rows: usize, cols: usize) -> Vec<Vec<bool>> {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut grid = vec![vec![true; cols]; rows];
    for (r, row) in grid.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let corner = (r, c) == (0, 0) || (r, c) == (rows - 1, cols - 1);
            *cell = corner || state % 100 >= 28;
        }
    }
    grid
}

/// The number of simple four-direction paths from the top-left to the bottom-right
/// cell, by plain depth-first search with no pruning (the reference).
fn brute_force_count(grid: &[Vec<bool>]) -> u64 {
    fn walk(grid: &[Vec<bool>], seen: &mut Vec<Vec<bool>>, r: usize, c: usize) -> u64 {
        let (rows, cols) = (grid.len(), grid[0].len());
        if (r, c) == (rows - 1, cols - 1) {
            return 1;
        }
        seen[r][c] = true;
        let mut n = 0;
        for (dr, dc) in [(1, 0), (0, -1), (0, 1), (-1, 0)] {
            let (Some(nr), Some(nc)) = (r.checked_add_signed(dr), c.checked_add_signed(dc)) else {
                continue;
            };
            if nr < rows && nc < cols && grid[nr][nc] && !seen[nr][nc] {
                n += walk(grid, seen, nr, nc);
            }
        }
        seen[r][c] = false;
        n
    }
    let mut seen = vec![vec![false; grid[0].len()]; grid.len()];
    walk(grid, &mut seen, 0, 0)
}

fn direction(letter: char) -> Direction {
    match letter {
        'D' => Direction::Down,
        'L' => Direction::Left,
        'R' => Direction::Right,
        'U' => Direction::Up,
        other => panic!("not a move: {other}"),
    }
}

#[test]
fn streamed_paths_are_every_path_in_every_form() {
    let mut total = 0;
    for seed in 0..40 {
        let (rows, cols) = (4 + (seed % 3) as usize, 5 + (seed % 2) as usize);
        let grid = random_maze(seed, rows, cols);
        let text: String = grid
            .iter()
            .map(|row| {
                let cells: Vec<&str> = row.iter().map(|&o| if o { "1" } else { "0" }).collect();
                format!("{}\n", cells.join(" "))
            })
            .collect();
        let expected = brute_force_count(&grid);
        total += expected;
        let run = gridsolve(
            &["--format", "json", "maze", "paths", "--limit", "100000"],
            text.as_bytes(),
        );
        let line: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
        let paths: Vec<String> = line["paths"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap().to_owned())
            .collect();
        assert_eq!(paths.len() as u64, expected, "seed {seed}:\n{text}");
        assert_eq!(line["count"], expected, "seed {seed}");
        assert_eq!(line["exact"], true, "seed {seed}");
        assert_eq!(
            run.code,
            Some(if expected > 0 { 0 } else { 1 }),
            "seed {seed}"
        );
        // Each path obeys the rules (an independent verifier), none twice, in order.
        let file = MazeFile::parse(&text, None).unwrap();
        let goal = Coord::new(rows - 1, cols - 1);
        for moves in &paths {
            let path = maze::Path::new(Coord::new(0, 0), moves.chars().map(direction).collect());
            verify::maze::check_path(&file.maze, MoveSet::Four, Coord::new(0, 0), &[goal], &path)
                .unwrap_or_else(|e| panic!("seed {seed}: {moves}: {e}"));
        }
        let key = |moves: &String| -> Vec<usize> {
            moves.chars().map(|m| "DLRU".find(m).unwrap()).collect()
        };
        assert!(
            paths.windows(2).all(|w| key(&w[0]) < key(&w[1])),
            "seed {seed}: paths sorted D < L < R < U, no repeats"
        );
        // `maze count` agrees, and so do the text and CSV forms of the same stream.
        let count = gridsolve(&["--format", "json", "maze", "count"], text.as_bytes());
        let count: serde_json::Value = serde_json::from_str(count.stdout.trim()).unwrap();
        assert_eq!(count["count"], expected, "seed {seed}");
        let listed = gridsolve(&["maze", "paths", "--limit", "100000"], text.as_bytes());
        let lines: Vec<&str> = listed.stdout.lines().collect();
        assert_eq!(lines[..lines.len() - 1], paths, "seed {seed}");
        let csv = gridsolve(
            &["--format", "csv", "maze", "paths", "--limit", "100000"],
            text.as_bytes(),
        );
        let row = csv.stdout.lines().nth(1).unwrap();
        let quoted = format!("<stdin>,\"{}\",{expected},true,100000,", paths.join(";"));
        assert!(row.starts_with(&quoted), "seed {seed}: {row}");
    }
    assert!(total > 400, "the mazes have paths to list: {total} in all");
}

#[test]
fn a_limited_listing_says_more_exist_in_every_form() {
    let dir = repo_root().join("fixtures/maze");
    let run = gridsolve(
        &[
            "--format",
            "json",
            "maze",
            "paths",
            "--limit",
            "2",
            dir.join("open5.txt").to_str().unwrap(),
        ],
        b"",
    );
    let line: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(line["paths"].as_array().unwrap().len(), 2);
    assert_eq!((&line["count"], &line["exact"]), (&2.into(), &false.into()));
    assert_eq!(line["status"], "answered");
}
