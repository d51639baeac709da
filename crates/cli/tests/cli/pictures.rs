//! `--draw svg` end to end: every picture is rendered to pixels with `resvg` and checked
//! for what must be visible, against the answer's own JSON (the queens' columns, the
//! maze path, the ladders route) or the input file (the Sudoku givens). The colours are
//! those the README names; they are written here again, not taken from the binary.

use std::path::Path;

use resvg::tiny_skia::Pixmap;
use resvg::usvg;

use crate::harness::{gridsolve, gridsolve_in, repo_root};

const PAPER: [u8; 3] = [0xff, 0xff, 0xff];
const INK: [u8; 3] = [0x1a, 0x1a, 0x1a];
const GIVEN: [u8; 3] = [0xd0, 0xd0, 0xd0];
const PATTERN: [u8; 3] = [0xff, 0xe6, 0x80];
const PLACED: [u8; 3] = [0x7f, 0xd4, 0x7f];
const ELIMINATED: [u8; 3] = [0xf0, 0x80, 0x80];
const PATH: [u8; 3] = [0xe4, 0x57, 0x2e];
const QUEEN: [u8; 3] = [0x7b, 0x1f, 0xa2];
const BLOCKED: [u8; 3] = [0x8c, 0x8c, 0x8c];
const MEAN: [u8; 3] = [0xc6, 0x28, 0x28];
const MEDIAN: [u8; 3] = [0x2a, 0x6f, 0xdb];

/// The document rendered at its own size (fonts are not loaded: text draws nothing,
/// so every check is on shapes and their colours).
fn render(svg: &str) -> Pixmap {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).expect("a valid SVG document");
    let size = tree.size().to_int_size();
    let mut pixmap = Pixmap::new(size.width(), size.height()).expect("a picture of some size");
    resvg::render(&tree, usvg::Transform::default(), &mut pixmap.as_mut());
    pixmap
}

/// The colour at pixel `(x, y)` (opaque pictures: premultiplied is plain).
fn at(pixmap: &Pixmap, x: f64, y: f64) -> [u8; 3] {
    let p = pixmap.pixel(x as u32, y as u32).unwrap_or_else(|| {
        panic!(
            "({x}, {y}) is off the {}x{} picture",
            pixmap.width(),
            pixmap.height()
        )
    });
    [p.red(), p.green(), p.blue()]
}

fn dir(puzzle: &str) -> std::path::PathBuf {
    repo_root().join("fixtures").join(puzzle)
}

fn json(stdout: &str) -> serde_json::Value {
    serde_json::from_str(stdout.lines().next().expect("a JSON line")).expect("JSON")
}

/// No two queens share a row, column or diagonal (the rules, written here).
fn is_solution(columns: &[usize]) -> bool {
    let n = columns.len();
    (0..n).all(|a| {
        columns[a] < n
            && (a + 1..n)
                .all(|b| columns[a] != columns[b] && columns[a].abs_diff(columns[b]) != b - a)
    })
}

#[test]
fn a_queen_sits_on_each_rows_square_and_nowhere_else() {
    for n in [4usize, 8, 30, 800] {
        let arg = n.to_string();
        let run = gridsolve(
            &["--format", "json", "queens", "solve", &arg, "--draw", "svg"],
            b"",
        );
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        let value = json(&run.stdout);
        let columns: Vec<usize> = serde_json::from_value(value["columns"].clone()).unwrap();
        assert!(is_solution(&columns), "n = {n}");
        let pixmap = render(value["drawing"].as_str().expect("the drawing"));
        assert_eq!(pixmap.width(), pixmap.height());
        assert!(pixmap.width() <= 1000, "n = {n}: {} pixels", pixmap.width());
        let square = f64::from(pixmap.width()) / n as f64;
        let rows: Vec<usize> = if n <= 30 {
            (0..n).collect()
        } else {
            (0..n).step_by(37).collect()
        };
        for &row in &rows {
            let y = (row as f64 + 0.5) * square;
            for col in 0..n {
                let x = (col as f64 + 0.5) * square;
                let queen = at(&pixmap, x, y) == QUEEN;
                assert_eq!(
                    queen,
                    col == columns[row],
                    "n = {n}, row {row}, column {col}"
                );
            }
        }
    }
}

#[test]
fn a_completed_board_shows_its_blocked_squares_in_every_drawing() {
    // Blocked: r2c3 and r4c2 (1-based); the completion must avoid them.
    let board = b". . . . . .\n. . x . . .\n. . . . . .\n. x . . . .\n. . . . . .\n. . . . . .\n";
    let blocked = [(1usize, 2usize), (3, 1)];
    let run = gridsolve(
        &["--format", "json", "queens", "complete", "--draw", "svg"],
        board,
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let value = json(&run.stdout);
    let columns: Vec<usize> = serde_json::from_value(value["columns"].clone()).unwrap();
    assert!(is_solution(&columns));
    let pixmap = render(value["drawing"].as_str().expect("the drawing"));
    let square = f64::from(pixmap.width()) / 6.0;
    for (row, &queen) in columns.iter().enumerate() {
        for col in 0..6 {
            // A square's colour a quarter in from its top left corner: clear of the
            // queen's disc and of the blocked square's cross.
            let (x, y) = ((col as f64 + 0.2) * square, (row as f64 + 0.45) * square);
            let is_blocked = blocked.contains(&(row, col));
            assert_eq!(at(&pixmap, x, y) == BLOCKED, is_blocked, "r{row}c{col}");
            let centre = at(
                &pixmap,
                (col as f64 + 0.5) * square,
                (row as f64 + 0.5) * square,
            );
            assert_eq!(centre == QUEEN, queen == col, "r{row}c{col}");
        }
    }
    // The text drawing and JSON's: `x` on the blocked squares, `Q` on the queens.
    let expected: String = (0..6)
        .map(|row| {
            let squares: Vec<&str> = (0..6)
                .map(
                    |col| match (columns[row] == col, blocked.contains(&(row, col))) {
                        (true, _) => "Q",
                        (false, true) => "x",
                        (false, false) => ".",
                    },
                )
                .collect();
            format!("{}\n", squares.join(" "))
        })
        .collect();
    let text = gridsolve(&["queens", "complete", "--draw"], board);
    assert_eq!(text.code, Some(0), "{}", text.stderr);
    assert_eq!(text.stdout, expected);
    let json_text = gridsolve(&["--format", "json", "queens", "complete", "--draw"], board);
    assert_eq!(json(&json_text.stdout)["drawing"], expected.as_str());
}

#[test]
fn a_huge_board_merges_squares_and_keeps_every_queen() {
    let run = gridsolve(
        &[
            "--format", "json", "queens", "solve", "2000", "--draw", "svg",
        ],
        b"",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let value = json(&run.stdout);
    let columns: Vec<usize> = serde_json::from_value(value["columns"].clone()).unwrap();
    assert!(is_solution(&columns));
    let pixmap = render(value["drawing"].as_str().unwrap());
    // 2000 rows in at most 800 pixels: blocks of 3 x 3 squares, one pixel each.
    let merge = 3;
    assert_eq!(pixmap.width(), 2000u32.div_ceil(merge));
    let merge = merge as usize;
    for (row, &col) in columns.iter().enumerate() {
        let (x, y) = ((col / merge) as f64 + 0.5, (row / merge) as f64 + 0.5);
        assert_eq!(at(&pixmap, x, y), QUEEN, "row {row}");
    }
    let purple = pixmap
        .pixels()
        .iter()
        .filter(|p| [p.red(), p.green(), p.blue()] == QUEEN)
        .count();
    assert!(
        purple <= columns.len(),
        "{purple} purple pixels for {} queens",
        columns.len()
    );
}

#[test]
fn givens_are_grey_and_filled_digits_are_not() {
    let run = gridsolve_in(
        &dir("sudoku"),
        &["sudoku", "solve", "grid1.txt", "--draw", "svg"],
        b"",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stdout.starts_with("<svg"),
        "one standalone document: {}",
        &run.stdout[..40]
    );
    let puzzle = std::fs::read_to_string(dir("sudoku").join("grid1.txt")).unwrap();
    let givens: Vec<bool> = puzzle
        .trim()
        .chars()
        .map(|c| c.is_ascii_digit() && c != '0')
        .collect();
    assert_eq!(givens.len(), 81);
    let pixmap = render(&run.stdout);
    let cell = (f64::from(pixmap.width()) - 20.0) / 9.0;
    for (i, &given) in givens.iter().enumerate() {
        // A point inside the cell, clear of its digit and of the grid lines.
        let (x, y) = (
            10.0 + (i % 9) as f64 * cell + 5.0,
            10.0 + (i / 9) as f64 * cell + 5.0,
        );
        let expected = if given { GIVEN } else { PAPER };
        assert_eq!(at(&pixmap, x, y), expected, "cell {i}");
    }
    // The digits are told apart too: the filled ones in blue, the givens in ink.
    assert!(run.stdout.contains(r##"<g class="filled">"##));
    assert!(run.stdout.contains(r##"fill="#1f5fbf""##));
}

/// The solved grid of `file` (in fixtures/sudoku) under `--variant variant`, the
/// first record, drawn; and the size of a cell in pixels.
fn variant_picture(variant: &str, file: &str) -> (Pixmap, f64) {
    let run = gridsolve_in(
        &dir("sudoku"),
        &[
            "sudoku",
            "solve",
            "--variant",
            variant,
            file,
            "--lines",
            "1",
            "--draw",
            "svg",
        ],
        b"",
    );
    assert_eq!(run.code, Some(0), "{file}: {}", run.stderr);
    let pixmap = render(&run.stdout);
    let cell = (f64::from(pixmap.width()) - 20.0) / 9.0;
    (pixmap, cell)
}

#[test]
fn the_cells_of_an_x_sudokus_diagonals_are_tinted_and_no_others() {
    let (pixmap, cell) = variant_picture("x", "variants/x-eleven.txt");
    for i in 0..81 {
        let (row, col) = (i / 9, i % 9);
        let colour = at(
            &pixmap,
            10.0 + col as f64 * cell + 5.0,
            10.0 + row as f64 * cell + 5.0,
        );
        // The rules, written here: the two long diagonals.
        let on_diagonal = row == col || row + col == 8;
        let plain = colour == PAPER || colour == GIVEN;
        assert_eq!(!plain, on_diagonal, "r{}c{}: {colour:?}", row + 1, col + 1);
        if on_diagonal {
            assert!(colour[2] > colour[0], "a blue tint: {colour:?}");
        }
    }
}

#[test]
fn a_jigsaws_regions_have_thick_borders_and_its_cells_thin_ones() {
    let (pixmap, cell) = variant_picture("jigsaw", "variants/jigsaw.txt");
    let text = std::fs::read_to_string(dir("sudoku").join("variants/jigsaw.txt")).unwrap();
    let map: Vec<char> = text
        .lines()
        .next()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .chars()
        .collect();
    assert_eq!(map.len(), 81);
    // A thick line (3 px) reaches a pixel past the cell edge; a thin one (1 px) does
    // not. Checked on every edge between two cells of a row, then of a column.
    let edge =
        |x: f64, y: f64, inside: (f64, f64)| at(&pixmap, x, y) != at(&pixmap, inside.0, inside.1);
    for row in 0..9 {
        for col in 1..9 {
            let (x, y) = (
                10.0 + col as f64 * cell,
                10.0 + row as f64 * cell + cell / 2.0,
            );
            let thick = edge(x + 1.0, y, (x + 6.0, y));
            let border = map[row * 9 + col] != map[row * 9 + col - 1];
            assert_eq!(
                thick,
                border,
                "between r{}c{col} and r{}c{}",
                row + 1,
                row + 1,
                col + 1
            );
        }
    }
    for row in 1..9 {
        for col in 0..9 {
            let (x, y) = (
                10.0 + col as f64 * cell + cell / 2.0,
                10.0 + row as f64 * cell,
            );
            let thick = edge(x, y + 1.0, (x, y + 6.0));
            let border = map[row * 9 + col] != map[(row - 1) * 9 + col];
            assert_eq!(
                thick,
                border,
                "between r{row}c{} and r{}c{}",
                col + 1,
                row + 1,
                col + 1
            );
        }
    }
}

/// The hint of `file` (in fixtures/sudoku) as JSON, and its picture.
fn hint(file: &str) -> (serde_json::Value, Pixmap) {
    let run = gridsolve_in(
        &dir("sudoku"),
        &["--format", "json", "sudoku", "hint", file, "--draw", "svg"],
        b"",
    );
    assert_eq!(run.code, Some(0), "{file}: {}", run.stderr);
    let value = json(&run.stdout);
    let pixmap = render(value["drawing"].as_str().unwrap());
    (value, pixmap)
}

/// The 0-based (row, column) of a cell named `r5c8`.
fn cell_name(v: &serde_json::Value) -> (usize, usize) {
    let s = v.as_str().unwrap();
    let (r, c) = s[1..].split_once('c').unwrap();
    (
        r.parse::<usize>().unwrap() - 1,
        c.parse::<usize>().unwrap() - 1,
    )
}

/// Checks the step's pattern cells and the squares of its eliminated and placed
/// candidates on the 60-pixel candidate grid 10 pixels from the edge.
fn check_step(file: &str, value: &serde_json::Value, pixmap: &Pixmap) {
    let (cell, mini) = (60.0, 20.0);
    let origin = |(r, c): (usize, usize)| (10.0 + c as f64 * cell, 10.0 + r as f64 * cell);
    for c in value["cells"].as_array().unwrap() {
        // Where four candidate squares meet: never a candidate's mark, always the cell's.
        let (x, y) = origin(cell_name(c));
        assert_eq!(at(pixmap, x + mini, y + mini), PATTERN, "{file}: {c}");
    }
    for (key, colour) in [("eliminations", ELIMINATED), ("placements", PLACED)] {
        for p in value[key].as_array().unwrap() {
            let (x, y) = origin(cell_name(&p["cell"]));
            let d = p["digit"].as_u64().unwrap() as usize - 1;
            let (mx, my) = (x + (d % 3) as f64 * mini, y + (d / 3) as f64 * mini);
            assert_eq!(at(pixmap, mx + 3.0, my + 3.0), colour, "{file}: {key} {p}");
        }
    }
}

#[test]
fn a_hint_marks_its_pattern_eliminations_and_placements() {
    let mut eliminations = 0;
    for file in [
        "grid1.txt",
        "hint-x-wing.txt",
        "hint-x-chain.txt",
        "hint-pointing.txt",
        "hint-naked-pair.txt",
    ] {
        let (value, pixmap) = hint(file);
        assert_eq!(value["status"], "step", "{file}");
        eliminations += value["eliminations"].as_array().unwrap().len();
        check_step(file, &value, &pixmap);
    }
    assert!(eliminations > 0, "some step eliminates");
}

#[test]
fn a_hint_without_a_step_draws_the_grid_unmarked_one_picture_per_answer() {
    // A solved grid, then givens that clash nowhere but leave r1c9 no candidate.
    let solved =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let stuck = format!("12345678.{}{}", "........9", ".".repeat(63));
    let input = format!("{solved}\n{stuck}\n");
    let run = gridsolve(&["sudoku", "hint", "-", "--draw", "svg"], input.as_bytes());
    // 1: a puzzle ended in a contradiction.
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    // Nothing but the two documents on standard output (the status words went there).
    assert_eq!(run.stdout.matches("<svg").count(), 2, "{}", run.stdout);
    assert!(run.stdout.trim_start().starts_with("<svg"));
    assert!(run.stdout.trim_end().ends_with("</svg>"));
    let run = gridsolve(
        &["--format", "json", "sudoku", "hint", "-", "--draw", "svg"],
        input.as_bytes(),
    );
    let statuses: Vec<serde_json::Value> = run.stdout.lines().map(json).collect();
    // Text: each grid drawn as it stands, then its status word.
    let run = gridsolve(&["sudoku", "hint", "-", "--draw"], input.as_bytes());
    let (first, rest) = run.stdout.split_once("solved\n").expect("a status word");
    let digits: String = first.chars().filter(char::is_ascii_digit).collect();
    assert_eq!(digits, solved, "{first}");
    assert!(
        rest.ends_with("contradiction: no solution (r1c9 is left with no candidate)\n"),
        "{rest}"
    );
    assert!(
        rest.lines().any(|l| l.starts_with("| 1 ")),
        "a grid first: {rest}"
    );
    assert_eq!(statuses[0]["status"], "solved");
    assert_eq!(statuses[1]["status"], "contradiction");
    // r1c9 sees 1-8 in its row and the 9 below it.
    assert_eq!(
        statuses[1]["contradiction"],
        "r1c9 is left with no candidate"
    );
    assert_eq!(statuses[0]["contradiction"], serde_json::Value::Null);
    for value in &statuses {
        let pixmap = render(value["drawing"].as_str().unwrap());
        // No cell or candidate marked: none of the step colours anywhere.
        for p in pixmap.pixels() {
            let colour = [p.red(), p.green(), p.blue()];
            assert!(
                ![PATTERN, PLACED, ELIMINATED].contains(&colour),
                "{}: {colour:?}",
                value["status"]
            );
        }
    }
}

#[test]
fn explain_draws_one_grid_per_step() {
    let run = gridsolve_in(
        &dir("sudoku"),
        &[
            "--format",
            "json",
            "sudoku",
            "explain",
            "grid1.txt",
            "--draw",
            "svg",
        ],
        b"",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let value = json(&run.stdout);
    let svg = value["drawing"].as_str().unwrap();
    let steps = value["step_count"].as_u64().unwrap() as usize;
    assert!(steps > 10);
    assert_eq!(svg.matches(r#"<g class="marks">"#).count(), steps);
    // The first step's grid is at the top, under its 30-pixel heading.
    let pixmap = render(svg);
    let first = &value["steps"][0];
    let (r, c) = cell_name(&first["cells"][0]);
    let (x, y) = (10.0 + c as f64 * 60.0, 40.0 + r as f64 * 60.0);
    assert_eq!(at(&pixmap, x + 20.0, y + 20.0), PATTERN);
}

/// Checks that every cell of `path` lies in the path colour on the picture of a maze
/// of `rows` x `cols` cells, and returns the picture's size.
fn check_path(svg: &str, rows: usize, cols: usize, path: &[(usize, usize)]) -> (u32, u32) {
    let pixmap = render(svg);
    let (w, h) = (f64::from(pixmap.width()), f64::from(pixmap.height()));
    let merge = (rows.max(cols) as f64 * 4.0 / 1000.0).ceil().max(1.0) as usize;
    let px = w / cols.div_ceil(merge) as f64;
    assert!(
        (h / rows.div_ceil(merge) as f64 - px).abs() < 0.01,
        "square blocks"
    );
    let (first, last) = (path[0], path[path.len() - 1]);
    let centre = |(r, c): (usize, usize)| {
        (
            (c / merge) as f64 * px + px / 2.0,
            (r / merge) as f64 * px + px / 2.0,
        )
    };
    // The start and goal discs: at least 8 pixels in radius, over the path, moved
    // inwards to be whole at the picture's edge.
    let radius = (px * 0.45).max(8.0);
    let disc = |(x, y): (f64, f64)| (x.clamp(radius, w - radius), y.clamp(radius, h - radius));
    let under_disc = |(x, y): (f64, f64)| {
        [disc(centre(first)), disc(centre(last))]
            .iter()
            .any(|&(cx, cy)| (x - cx).hypot(y - cy) <= radius + 1.5)
    };
    for &(r, c) in path {
        let (br, bc) = (r / merge, c / merge);
        if under_disc(centre((r, c))) {
            continue;
        }
        let (x, y) = (bc as f64 * px + px / 2.0, br as f64 * px + px / 2.0);
        assert_eq!(
            at(&pixmap, x, y),
            PATH,
            "cell ({r}, {c}) of {rows} x {cols}"
        );
    }
    (pixmap.width(), pixmap.height())
}

fn path_of(value: &serde_json::Value) -> Vec<(usize, usize)> {
    serde_json::from_value::<Vec<[usize; 2]>>(value["path"].clone())
        .unwrap()
        .into_iter()
        .map(|[r, c]| (r, c))
        .collect()
}

#[test]
fn the_maze_path_is_drawn_in_the_path_colour() {
    let run = gridsolve_in(
        &dir("maze"),
        &[
            "--format",
            "json",
            "maze",
            "shortest",
            "ascii.txt",
            "--draw",
            "svg",
        ],
        b"",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let value = json(&run.stdout);
    let path = path_of(&value);
    let svg = value["drawing"].as_str().unwrap();
    check_path(svg, 7, 10, &path);
    // Walls in ink, open cells off the path on paper: (0, 0) is a wall, (1, 3) open.
    let pixmap = render(svg);
    assert_eq!(at(&pixmap, 20.0, 20.0), INK);
    assert_eq!(at(&pixmap, 3.0 * 40.0 + 20.0, 60.0), PAPER);
}

#[test]
fn a_huge_maze_is_scaled_and_merged_with_its_path_visible() {
    let dir = std::env::temp_dir().join(format!("gridsolve-pictures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let maze = gridsolve(
        &[
            "maze", "generate", "--rows", "1500", "--cols", "1200", "--seed", "3",
        ],
        b"",
    );
    assert_eq!(maze.code, Some(0), "{}", maze.stderr);
    std::fs::write(dir.join("big.txt"), &maze.stdout).unwrap();
    let run = gridsolve_in(
        &dir,
        &[
            "--format", "json", "maze", "shortest", "big.txt", "--draw", "svg",
        ],
        b"",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let value = json(&run.stdout);
    let svg = value["drawing"].as_str().unwrap();
    let (w, h) = check_path(svg, 1500, 1200, &path_of(&value));
    assert!(w <= 1000 && h <= 1000, "{w} x {h}");
    assert!(svg.len() < 4 << 20, "{} bytes", svg.len());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A large maze of scattered walls (a random 0/1 grid, 30% walls) keeps them visible
/// when its cells are merged: each block is shaded by its share of walls (a fresh
/// user's finding: drawn as a wall only where most of a block's cells were walls, such
/// a maze came out as an empty field). The picture's mean darkness off the path tracks
/// the share of walls: none for an open maze, about 30% of a full block's for this one.
#[test]
fn a_merged_maze_of_scattered_walls_is_shaded_by_their_share() {
    // A fixed xorshift sample: 30% walls, start and goal corners open.
    let (rows, cols) = (600usize, 600usize);
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    let mut text = String::new();
    for r in 0..rows {
        for c in 0..cols {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let corner = (r, c) == (0, 0) || (r, c) == (rows - 1, cols - 1);
            text.push(if corner || state % 10 >= 3 { '1' } else { '0' });
        }
        text.push('\n');
    }
    let darkness = |maze: &str| {
        let run = gridsolve(
            &["--format", "json", "maze", "shortest", "--draw", "svg"],
            maze.as_bytes(),
        );
        let value = json(&run.stdout);
        let pixmap = render(value["drawing"].as_str().expect("a drawing"));
        // Mean darkness (0 paper, 1 ink) of the grey pixels and paper: the path's
        // colour and the markers are left out.
        let (mut sum, mut n) = (0.0, 0usize);
        for p in pixmap.pixels() {
            let (r, g, b) = (p.red(), p.green(), p.blue());
            if r == g && g == b {
                sum += f64::from(255 - r) / f64::from(255 - INK[0]);
                n += 1;
            }
        }
        sum / n as f64
    };
    let open = "1".repeat(cols) + "\n";
    assert!(darkness(&open.repeat(rows)) < 0.001);
    let scattered = darkness(&text);
    // MERGED_WALL (#6a6a6a) is about 60% of ink's darkness: 30% walls give about 0.18.
    assert!((0.12..0.25).contains(&scattered), "{scattered}");
}

#[test]
fn the_ladders_route_is_drawn_on_its_squares() {
    let run = gridsolve_in(
        &dir("ladders"),
        &[
            "--format",
            "json",
            "ladders",
            "solve",
            "leetcode-example1.json",
            "--draw",
            "svg",
        ],
        b"",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let value = json(&run.stdout);
    let pixmap = render(value["drawing"].as_str().unwrap());
    let side = 6u32;
    let cell = f64::from(pixmap.width()) / f64::from(side);
    let squares: Vec<u32> = serde_json::from_value(value["path"].clone()).unwrap();
    for &square in squares.iter().filter(|&&s| s > 0) {
        // Boustrophedon from the bottom left, as LeetCode 909 numbers the board.
        let k = square - 1;
        let row = side - 1 - k / side;
        let col = if (k / side).is_multiple_of(2) {
            k % side
        } else {
            side - 1 - k % side
        };
        let (x, y) = (
            f64::from(col) * cell + cell - 4.0,
            f64::from(row) * cell + cell - 4.0,
        );
        assert_eq!(at(&pixmap, x, y), PATH, "square {square}");
    }
    // Square 3 is not on the route.
    assert_ne!(
        at(&pixmap, 2.0 * cell + cell - 4.0, 5.0 * cell + cell - 4.0),
        PATH
    );
}

#[test]
fn the_stats_chart_marks_the_mean_and_the_median() {
    let run = gridsolve_in(
        &dir("ladders"),
        &[
            "--format",
            "json",
            "ladders",
            "stats",
            "leetcode-example1.json",
            "--draw",
            "svg",
        ],
        b"",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let value = json(&run.stdout);
    let svg = value["drawing"].as_str().unwrap();
    let mean = value["expected_turns"].as_f64().unwrap();
    let median = value["median"].as_u64().unwrap();
    assert!(
        svg.contains(&format!("mean {mean:.2}")),
        "the legend names the mean"
    );
    assert!(svg.contains(&format!("median {median}")));
    let pixmap = render(svg);
    let count = |colour: [u8; 3]| {
        (0..pixmap.width())
            .flat_map(|x| (0..pixmap.height()).map(move |y| (x, y)))
            .filter(|&(x, y)| at(&pixmap, f64::from(x), f64::from(y)) == colour)
            .count()
    };
    // Each line runs the chart's height (hundreds of pixels), beside its legend entry.
    assert!(count(MEAN) > 300, "mean: {}", count(MEAN));
    assert!(count(MEDIAN) > 300, "median: {}", count(MEDIAN));
}

#[test]
fn a_bad_record_writes_no_text_among_the_pictures() {
    // A puzzle, a solved grid, and givens that clash (an error on standard error).
    let input = format!(
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n\
         483921657967345821251876493548132976729564138136798245372689514814253769695417382\n\
         11{}\n",
        ".".repeat(79)
    );
    for verb in ["solve", "hint", "explain"] {
        let run = gridsolve(&["sudoku", verb, "-", "--draw", "svg"], input.as_bytes());
        assert_eq!(run.code, Some(2), "{verb}: {}", run.stderr);
        assert!(
            run.stderr.contains(":3: invalid givens"),
            "{verb}: {}",
            run.stderr
        );
        // What is left once every document is cut out: nothing but line ends.
        let mut rest = run.stdout.as_str();
        let mut documents = 0;
        let mut outside = String::new();
        while let Some(start) = rest.find("<svg") {
            outside.push_str(&rest[..start]);
            let end = rest[start..].find("</svg>").expect("a closed document") + start;
            rest = &rest[end + "</svg>".len()..];
            documents += 1;
        }
        outside.push_str(rest);
        assert_eq!(documents, 2, "{verb}");
        assert!(outside.trim().is_empty(), "{verb}: {outside:?}");
    }
    // Under --output-dir, standard output is the two files' paths alone.
    let out = std::env::temp_dir().join(format!("gridsolve-bad-record-{}", std::process::id()));
    let arg = out.display().to_string();
    let run = gridsolve(
        &["sudoku", "solve", "-", "--output-dir", &arg],
        input.as_bytes(),
    );
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stdout);
    assert!(
        lines
            .iter()
            .all(|l| l.ends_with(".svg") && Path::new(l).is_file())
    );
    std::fs::remove_dir_all(&out).unwrap();
}

#[test]
fn output_dir_writes_one_file_per_answer_named_after_the_line() {
    let out = std::env::temp_dir().join(format!("gridsolve-output-dir-{}", std::process::id()));
    let arg = out.display().to_string();
    let puzzles = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n\n\
                   ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n";
    let run = gridsolve(
        &["sudoku", "solve", "-", "--output-dir", &arg],
        puzzles.as_bytes(),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let expected = [out.join("stdin-line1.svg"), out.join("stdin-line3.svg")];
    let listed: Vec<String> = expected.iter().map(|p| p.display().to_string()).collect();
    assert_eq!(run.stdout.lines().collect::<Vec<_>>(), listed);
    for file in &expected {
        let svg = std::fs::read_to_string(file).unwrap();
        assert_eq!(render(&svg).width(), 416);
    }
    std::fs::remove_dir_all(&out).unwrap();
}

#[test]
fn inputs_with_one_name_never_overwrite_each_others_picture() {
    let root = std::env::temp_dir().join(format!("gridsolve-same-name-{}", std::process::id()));
    let (one, two, out) = (root.join("one"), root.join("two"), root.join("out"));
    std::fs::create_dir_all(&one).unwrap();
    std::fs::create_dir_all(&two).unwrap();
    // Two different mazes, both named m.txt: one path right, one path down.
    std::fs::write(one.join("m.txt"), "1 1\n0 1\n").unwrap();
    std::fs::write(two.join("m.txt"), "1 0\n1 1\n").unwrap();
    let (a, b) = (one.join("m.txt"), two.join("m.txt"));
    let args = [a.to_str().unwrap(), b.to_str().unwrap()];
    let arg = out.display().to_string();
    for jobs in ["1", "2"] {
        let run = gridsolve(
            &[
                &["maze", "shortest", "--jobs", jobs, "--output-dir", &arg],
                &args[..],
            ]
            .concat(),
            b"",
        );
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        let files: Vec<&str> = run.stdout.lines().collect();
        assert_eq!(files.len(), 2, "{}", run.stdout);
        assert_ne!(files[0], files[1], "one file each");
        let svgs: Vec<String> = files
            .iter()
            .map(|f| std::fs::read_to_string(f).unwrap())
            .collect();
        assert_ne!(svgs[0], svgs[1], "each file holds its own maze");
    }
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn draw_takes_a_form_but_never_the_input_file() {
    let maze = dir("maze");
    let text = gridsolve_in(&maze, &["maze", "shortest", "--draw", "ascii.txt"], b"");
    assert_eq!(text.code, Some(0), "{}", text.stderr);
    assert!(text.stdout.contains("#*####"), "{}", text.stdout);
    for args in [
        &["maze", "shortest", "--draw", "svg", "ascii.txt"][..],
        &["maze", "shortest", "--draw=svg", "ascii.txt"],
        &["maze", "shortest", "ascii.txt", "--draw", "svg"],
    ] {
        let run = gridsolve_in(&maze, args, b"");
        assert_eq!(run.code, Some(0), "{args:?}: {}", run.stderr);
        assert!(run.stdout.starts_with("<svg"), "{args:?}");
    }
    assert!(Path::new(&maze.join("ascii.txt")).exists());
}

#[test]
fn a_batch_writes_one_document_per_answer_solved_or_not() {
    let puzzles = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n\
                   ..9.287..8.6..4..5..3.....46.........2.71345.........23.....5..9..4..8.7..125.3..\n\
                   .................................................................................\n";
    let run = gridsolve(&["sudoku", "solve", "--draw", "svg"], puzzles.as_bytes());
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let documents: Vec<&str> = run.stdout.split_inclusive("</svg>\n").collect();
    assert_eq!(documents.len(), 3, "{}", run.stdout);
    for document in documents {
        assert!(document.starts_with("<svg"));
        render(document);
    }
}
