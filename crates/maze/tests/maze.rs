//! Checks every question against an independent brute force, every returned path against
//! the independent rules verifier (`verify::maze::check_path`), the GeeksforGeeks example,
//! and the micromouse contest mazes of `../shared/data/maze` against the distances their
//! SOURCES.md lists.

use std::path::PathBuf;

use grid_core::{BoundedCount, Coord, Direction, Positioned, TextPosition};
use maze::{Format, Maze, MazeError, MazeFile, MoveSet, Path};
use proptest::prelude::*;
use verify::maze::check_path;

// ---- an independent brute force ------------------------------------------------------

/// A small maze as plain vectors: open cells, a wall east of (r, c), a wall south of (r, c).
#[derive(Clone, Debug)]
struct Plain {
    rows: usize,
    cols: usize,
    open: Vec<bool>,
    east: Vec<bool>,
    south: Vec<bool>,
}

impl Plain {
    fn open(&self, r: i64, c: i64) -> bool {
        r >= 0
            && c >= 0
            && (r as usize) < self.rows
            && (c as usize) < self.cols
            && self.open[r as usize * self.cols + c as usize]
    }

    /// One cardinal move by (dr, dc) from an open cell.
    fn cardinal(&self, r: i64, c: i64, dr: i64, dc: i64) -> bool {
        let (nr, nc) = (r + dr, c + dc);
        if !self.open(nr, nc) {
            return false;
        }
        let (wr, wc) = (r.min(nr) as usize, c.min(nc) as usize);
        if dr == 0 {
            !self.east[wr * self.cols + wc]
        } else {
            !self.south[wr * self.cols + wc]
        }
    }

    fn allowed(&self, r: i64, c: i64, dir: Direction, cut: bool) -> bool {
        let (dr, dc) = dir.delta();
        let (dr, dc) = (dr as i64, dc as i64);
        if dr == 0 || dc == 0 {
            return self.cardinal(r, c, dr, dc);
        }
        if !self.open(r + dr, c + dc) {
            return false;
        }
        let a = self.cardinal(r, c, dr, 0) && self.cardinal(r + dr, c, 0, dc);
        let b = self.cardinal(r, c, 0, dc) && self.cardinal(r, c + dc, dr, 0);
        if cut { a || b } else { a && b }
    }

    fn to_maze(&self) -> Maze {
        let mut maze = Maze::new(self.rows, self.cols, false).unwrap();
        for r in 0..self.rows {
            for c in 0..self.cols {
                let cell = Coord::new(r, c);
                maze.set_open(cell, self.open[r * self.cols + c]);
                if self.east[r * self.cols + c] {
                    maze.set_wall(cell, Direction::Right, true);
                }
                if self.south[r * self.cols + c] {
                    maze.set_wall(cell, Direction::Down, true);
                }
            }
        }
        maze
    }
}

fn move_list(moves: MoveSet) -> Vec<Direction> {
    use Direction::*;
    match moves {
        MoveSet::RightDown => vec![Down, Right],
        MoveSet::Four => vec![Down, Left, Right, Up],
        MoveSet::Eight { .. } => vec![Down, Left, Right, Up, DownLeft, DownRight, UpLeft, UpRight],
    }
}

/// Every simple path from `start` that ends at the first goal it reaches, by plain recursion.
fn brute_paths(p: &Plain, start: Coord, goals: &[Coord], moves: MoveSet) -> Vec<Vec<Direction>> {
    #[expect(
        clippy::too_many_arguments,
        reason = "a plain recursive brute force, kept obvious"
    )]
    fn go(
        p: &Plain,
        r: i64,
        c: i64,
        goals: &[Coord],
        moves: MoveSet,
        seen: &mut Vec<bool>,
        trail: &mut Vec<Direction>,
        out: &mut Vec<Vec<Direction>>,
    ) {
        if goals.contains(&Coord::new(r as usize, c as usize)) {
            out.push(trail.clone());
            return;
        }
        let cut = matches!(moves, MoveSet::Eight { cut_corners: true });
        for dir in move_list(moves) {
            if !p.allowed(r, c, dir, cut) {
                continue;
            }
            let (dr, dc) = dir.delta();
            let (nr, nc) = (r + dr as i64, c + dc as i64);
            let k = nr as usize * p.cols + nc as usize;
            if seen[k] {
                continue;
            }
            seen[k] = true;
            trail.push(dir);
            go(p, nr, nc, goals, moves, seen, trail, out);
            trail.pop();
            seen[k] = false;
        }
    }
    let mut out = Vec::new();
    if !p.open(start.row as i64, start.col as i64) {
        return out;
    }
    let mut seen = vec![false; p.rows * p.cols];
    seen[start.row * p.cols + start.col] = true;
    go(
        p,
        start.row as i64,
        start.col as i64,
        goals,
        moves,
        &mut seen,
        &mut Vec::new(),
        &mut out,
    );
    out.sort();
    out
}

fn arb_case(max_side: usize, walls: bool) -> impl Strategy<Value = (Plain, Coord, Vec<Coord>)> {
    (1..=max_side, 1..=max_side).prop_flat_map(move |(rows, cols)| {
        let n = rows * cols;
        (
            proptest::collection::vec(prop::bool::weighted(0.75), n),
            proptest::collection::vec(prop::bool::weighted(if walls { 0.3 } else { 0.0 }), n),
            proptest::collection::vec(prop::bool::weighted(if walls { 0.3 } else { 0.0 }), n),
            0..n,
            proptest::collection::vec(0..n, 1..=2),
            any::<bool>(),
        )
            .prop_map(move |(open, east, south, s, gs, default_corners)| {
                let plain = Plain {
                    rows,
                    cols,
                    open,
                    east,
                    south,
                };
                let (start, goals) = if default_corners {
                    (Coord::new(0, 0), vec![Coord::new(rows - 1, cols - 1)])
                } else {
                    (
                        Coord::new(s / cols, s % cols),
                        gs.iter().map(|g| Coord::new(g / cols, g % cols)).collect(),
                    )
                };
                (plain, start, goals)
            })
    })
}

fn check_all_questions(p: &Plain, start: Coord, goals: &[Coord], moves: MoveSet) {
    let maze = p.to_maze();
    let query = maze.query(start, goals, moves).unwrap();
    let expected = brute_paths(p, start, goals, moves);

    // all paths, in order, with and without truncation
    let all = query.all_paths(usize::MAX);
    let got: Vec<Vec<Direction>> = all.paths.iter().map(|p| p.moves().to_vec()).collect();
    assert_eq!(got, expected, "all paths, {moves:?}");
    assert!(!all.truncated);
    for limit in [0, 1, 2] {
        let some = query.all_paths(limit);
        assert_eq!(some.paths.len(), expected.len().min(limit));
        assert_eq!(some.truncated, expected.len() > limit);
        assert_eq!(some.count().exact, !some.truncated);
        assert_eq!(some.count().count, some.paths.len() as u128);
        assert_eq!(some.paths[..], all.paths[..some.paths.len()]);
    }
    if moves != (MoveSet::Eight { cut_corners: false })
        && moves != (MoveSet::Eight { cut_corners: true })
    {
        let strings: Vec<String> = all.paths.iter().map(Path::move_string).collect();
        let mut sorted = strings.clone();
        sorted.sort();
        assert_eq!(strings, sorted, "move strings sort lexicographically");
    }

    // exists
    assert_eq!(query.path_exists(), !expected.is_empty());

    // one path
    match query.some_path() {
        Some(path) => {
            assert_eq!(
                check_path(&maze, moves, start, goals, &path),
                Ok(()),
                "some_path {path:?}"
            );
            if moves == MoveSet::RightDown {
                assert_eq!(
                    path.moves(),
                    &expected[0][..],
                    "right-down: the smallest path"
                );
            }
            let matrix = path.solution_matrix(p.rows, p.cols);
            let ones = matrix.cells().iter().filter(|&&v| v == 1).count();
            assert_eq!(ones, path.len() + 1);
            assert!(path.cells().all(|c| matrix[c] == 1));
        }
        None => assert!(expected.is_empty()),
    }

    // shortest
    let min = expected.iter().map(Vec::len).min();
    assert_eq!(query.shortest_distance(), min);
    match query.shortest_path() {
        Some(path) => {
            assert_eq!(Some(path.len()), min);
            assert_eq!(
                check_path(&maze, moves, start, goals, &path),
                Ok(()),
                "shortest_path {path:?}"
            );
            if moves.is_symmetric() {
                let smallest = expected.iter().find(|e| Some(e.len()) == min).unwrap();
                assert_eq!(path.moves(), &smallest[..], "the smallest shortest path");
            }
        }
        None => assert_eq!(min, None),
    }

    // count
    assert_eq!(
        query.count_paths(u128::MAX),
        BoundedCount::exact(expected.len() as u128)
    );
    if moves != MoveSet::RightDown && !expected.is_empty() {
        let limit = expected.len() as u128 - 1;
        assert_eq!(query.count_paths(limit), BoundedCount::at_least(limit));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn right_down_matches_brute_force((p, start, goals) in arb_case(6, false)) {
        check_all_questions(&p, start, &goals, MoveSet::RightDown);
    }

    #[test]
    fn four_matches_brute_force((p, start, goals) in arb_case(4, false)) {
        check_all_questions(&p, start, &goals, MoveSet::Four);
    }

    #[test]
    fn eight_matches_brute_force((p, start, goals) in arb_case(3, false), cut in any::<bool>()) {
        check_all_questions(&p, start, &goals, MoveSet::Eight { cut_corners: cut });
    }

    #[test]
    fn walled_mazes_match_brute_force((p, start, goals) in arb_case(4, true), which in 0..4usize) {
        let moves = [MoveSet::RightDown, MoveSet::Four, MoveSet::Eight { cut_corners: false }, MoveSet::Eight { cut_corners: true }][which];
        check_all_questions(&p, start, &goals, moves);
    }

    /// Writing a maze and reading it back gives the same maze, in every format.
    #[test]
    fn formats_round_trip((p, _, _) in arb_case(6, false), walls in arb_case(6, true)) {
        let maze = p.to_maze();
        for json in [false, true] {
            let text = maze::render(&maze, Format::Matrix, json, None, &[]).unwrap();
            prop_assert_eq!(&MazeFile::parse(&text, None).unwrap().maze, &maze);
        }
        let start = Coord::new(0, 0);
        let goal = [Coord::new(p.rows - 1, p.cols - 1)];
        if maze.is_open(start) && maze.is_open(goal[0]) {
            let text = maze::render(&maze, Format::Ascii, false, Some(start), &goal).unwrap();
            let file = MazeFile::parse(&text, Some(Format::Ascii)).unwrap();
            prop_assert_eq!(&file.maze, &maze);
            prop_assert_eq!(file.start, Some(start));
        }
        // micromouse: all cells open, walls only
        let mut walled = walls.0.clone();
        walled.open = vec![true; walled.rows * walled.cols];
        let wm = walled.to_maze();
        let text = maze::render(&wm, Format::Micromouse, false, None, &[]).unwrap();
        let back = MazeFile::parse(&text, None).unwrap();
        prop_assert_eq!(back.format, Format::Micromouse);
        for r in 0..walled.rows {
            for c in 0..walled.cols {
                for d in Direction::CARDINAL {
                    prop_assert_eq!(back.maze.has_wall(Coord::new(r, c), d), wm.has_wall(Coord::new(r, c), d));
                }
            }
        }
    }

    /// The cell form of a walled maze has exactly doubled distances.
    #[test]
    fn cell_form_doubles_distances(walls in arb_case(5, true)) {
        let mut walled = walls.0.clone();
        walled.open = vec![true; walled.rows * walled.cols];
        let wm = walled.to_maze();
        let cells = wm.to_cell_form().unwrap();
        let far = Coord::new(walled.rows - 1, walled.cols - 1);
        let d1 = wm.query(Coord::new(0, 0), &[far], MoveSet::Four).unwrap().shortest_distance();
        let d2 = cells.query(Coord::new(0, 0), &[Coord::new(2 * far.row, 2 * far.col)], MoveSet::Four).unwrap().shortest_distance();
        prop_assert_eq!(d1.map(|d| 2 * d), d2);
    }

    #[test]
    fn arbitrary_text_never_panics(text in "[o|\\- SGE#.01\\n\\[\\],]{0,300}") {
        if let Ok(file) = MazeFile::parse(&text, None) {
            let start = file.start_or_default();
            let goals = file.goals_or_default();
            if let Ok(q) = file.maze.query(start, &goals, MoveSet::Four)
                && let Some(path) = q.shortest_path()
            {
                let _ = file.draw(&path);
            }
        }
        for format in [Format::Matrix, Format::Ascii, Format::Micromouse] {
            let _ = MazeFile::parse(&text, Some(format));
        }
    }

    #[test]
    fn error_positions_point_into_the_text(
        text in "\u{feff}?[o|\\- SGE#.01é2\n\r\\[\\],]{0,200}",
        format in prop::option::of(prop_oneof![
            Just(Format::Matrix),
            Just(Format::Ascii),
            Just(Format::Micromouse),
        ]),
    ) {
        let Err(err) = MazeFile::parse(&text, format) else {
            return Ok(());
        };
        let lines: Vec<&str> = text.trim_start_matches('\u{feff}').lines().collect();
        if let Some(TextPosition { line, column }) = err.text_position() {
            prop_assert!((1..=lines.len()).contains(&line), "{err:?}");
            if let Some(column) = column {
                let chars = lines[line - 1].chars().count();
                prop_assert!((1..=chars + 1).contains(&column), "{err:?}");
            }
        }
        match err {
            MazeError::CellValue { cell, found } => {
                prop_assert_eq!(err.cell(), Some(cell));
                prop_assert!(found != 0 && found != 1);
                prop_assert!(cell.row < lines.len(), "{:?}", err);
            }
            _ => prop_assert_eq!(err.cell(), None),
        }
        // The message never repeats the position it carries as data.
        prop_assert!(!err.to_string().starts_with("line "), "{err}");
    }
}

// ---- published examples ------------------------------------------------------------------

#[test]
fn geeksforgeeks_example() {
    let file = MazeFile::parse("[[1,0,0,0],[1,1,0,1],[1,1,0,0],[0,1,1,1]]", None).unwrap();
    let q = file
        .maze
        .query(
            file.start_or_default(),
            &file.goals_or_default(),
            MoveSet::Four,
        )
        .unwrap();
    let paths: Vec<String> = q
        .all_paths(10)
        .paths
        .iter()
        .map(Path::move_string)
        .collect();
    assert_eq!(paths, ["DDRDRR", "DRDDRR"]);
    assert_eq!(q.count_paths(100), BoundedCount::exact(2));
    assert_eq!(q.shortest_distance(), Some(6));
}

#[test]
fn forty_by_forty_right_down_count_is_exact() {
    let maze = Maze::new(40, 40, true).unwrap();
    let q = maze
        .query(Coord::new(0, 0), &[Coord::new(39, 39)], MoveSet::RightDown)
        .unwrap();
    // C(78, 39), computed here by the multiplicative formula.
    let mut binom: u128 = 1;
    for i in 0..39u128 {
        binom = binom * (78 - i) / (i + 1);
    }
    assert_eq!(binom, 27_217_014_869_199_032_015_600);
    assert_eq!(q.count_paths(0), BoundedCount::exact(binom));
    // 70 x 70 has C(138, 69) > 2^128 paths.
    let big = Maze::new(70, 70, true).unwrap();
    let q = big
        .query(Coord::new(0, 0), &[Coord::new(69, 69)], MoveSet::RightDown)
        .unwrap();
    assert_eq!(q.count_paths(0), BoundedCount::at_least(u128::MAX));
}

#[test]
fn two_thousand_open_maze_does_not_overflow_the_stack() {
    let maze = Maze::new(2000, 2000, true).unwrap();
    let goal = [Coord::new(1999, 1999)];
    for moves in [
        MoveSet::RightDown,
        MoveSet::Four,
        MoveSet::Eight { cut_corners: false },
    ] {
        let q = maze.query(Coord::new(0, 0), &goal, moves).unwrap();
        assert!(q.path_exists());
        let one = q.some_path().unwrap();
        assert_eq!(one.end(), goal[0]);
        let expected = if matches!(moves, MoveSet::Eight { .. }) {
            1999
        } else {
            3998
        };
        assert_eq!(q.shortest_distance(), Some(expected));
        assert_eq!(q.shortest_path().unwrap().len(), expected);
    }
    // A serpentine corridor: the one path is about 2,000,000 moves long.
    let mut snake = Maze::new(2000, 2000, true).unwrap();
    for row in (1..2000).step_by(2) {
        let gap = if row % 4 == 1 { 1999 } else { 0 };
        for col in 0..2000 {
            if col != gap {
                snake.set_open(Coord::new(row, col), false);
            }
        }
    }
    // Row 1999 is open only at column 0, below the end of the last corridor.
    let q = snake
        .query(Coord::new(0, 0), &[Coord::new(1999, 0)], MoveSet::Four)
        .unwrap();
    let one = q.some_path().unwrap();
    assert_eq!(one.len(), q.shortest_distance().unwrap());
    assert_eq!(one.len(), 1000 * 1999 + 1999);
    assert_eq!(q.all_paths(5).paths.len(), 1);
}

// ---- micromouse contest mazes ------------------------------------------------------------

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/maze")
}

fn read(rel: &str) -> MazeFile {
    let path = data_dir().join(rel);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let file = MazeFile::parse(&text, None).unwrap_or_else(|e| panic!("{rel}: {e}"));
    assert_eq!(file.format, Format::Micromouse, "{rel}");
    file
}

#[test]
fn micromouse_files_give_the_listed_distances() {
    // (file, rows = cols, S -> G distance in cell moves, None = unreachable), from SOURCES.md
    let table: &[(&str, usize, Option<usize>)] = &[
        ("classic/AAMC15Maze.txt", 16, Some(33)),
        ("classic/uk2016f.txt", 16, Some(69)),
        ("classic/japan2013eq.txt", 16, Some(52)),
        ("classic/allamerica2013.txt", 16, Some(50)),
        ("classic/alljapan-044-2023-exp-fin.txt", 16, Some(51)),
        ("classic/taiwan2023cef.txt", 16, Some(83)),
        ("classic/50.txt", 16, Some(63)),
        ("classic/86.txt", 16, Some(24)),
        ("classic/torture.txt", 16, Some(209)),
        ("classic/test-pathological.txt", 16, Some(113)),
        ("classic/001.txt", 16, None),
        ("classic/001-anomaly-test.txt", 16, None),
        ("classic/br2025-robochallenge-day1.txt", 16, Some(38)),
        ("halfsize/japan2019hef.txt", 32, Some(181)),
        ("halfsize/japan2023hef.txt", 32, Some(142)),
        ("halfsize/taiwan2018hef.txt", 21, Some(94)),
        ("halfsize/uk-spring-2023-half-size.txt", 16, Some(43)),
        ("halfsize/empty-test-half-size.txt", 32, Some(13)),
    ];
    for &(rel, side, distance) in table {
        let file = read(rel);
        assert_eq!((file.maze.rows(), file.maze.cols()), (side, side), "{rel}");
        let start = file.start.unwrap_or_else(|| panic!("{rel} has S"));
        assert_eq!(
            start,
            Coord::new(side - 1, 0),
            "{rel}: S in the south-west corner"
        );
        assert!(!file.goals.is_empty(), "{rel} has G");
        let q = file.maze.query(start, &file.goals, MoveSet::Four).unwrap();
        assert_eq!(q.shortest_distance(), distance, "{rel}");
        assert_eq!(q.path_exists(), distance.is_some(), "{rel}");
        match q.shortest_path() {
            Some(path) => {
                assert_eq!(Some(path.len()), distance, "{rel}");
                // every step stays on the maze, crosses no wall, and the path ends on a goal
                assert_eq!(
                    check_path(&file.maze, MoveSet::Four, start, &file.goals, &path),
                    Ok(()),
                    "{rel}"
                );
                // the cell form's distance is exactly double
                let cells = file.maze.to_cell_form().unwrap();
                let dbl: Vec<Coord> = file
                    .goals
                    .iter()
                    .map(|g| Coord::new(2 * g.row, 2 * g.col))
                    .collect();
                let d2 = cells
                    .query(
                        Coord::new(2 * start.row, 2 * start.col),
                        &dbl,
                        MoveSet::Four,
                    )
                    .unwrap()
                    .shortest_distance();
                assert_eq!(d2, distance.map(|d| 2 * d), "{rel}");
            }
            None => assert_eq!(distance, None, "{rel}"),
        }
    }
}

#[test]
fn micromouse_goal_areas_and_training_files() {
    assert_eq!(
        read("classic/AAMC15Maze.txt").goals,
        [
            Coord::new(7, 7),
            Coord::new(7, 8),
            Coord::new(8, 7),
            Coord::new(8, 8)
        ]
    );
    assert_eq!(read("halfsize/japan2019hef.txt").goals.len(), 9);
    assert_eq!(read("halfsize/empty-test-half-size.txt").goals.len(), 12);
    // Training frames: no S or G; reachable cells from the south-west corner (SOURCES.md).
    for (rel, reachable) in [
        ("training/practice-8x8-a.txt", 81),
        ("training/test-zigzag-a.txt", 88),
    ] {
        let file = read(rel);
        assert_eq!((file.start, file.goals.len()), (None, 0), "{rel}");
        assert_eq!(file.start_or_default(), Coord::new(15, 0));
        let mut count = 0;
        for r in 0..16 {
            for c in 0..16 {
                let q = file
                    .maze
                    .query(file.start_or_default(), &[Coord::new(r, c)], MoveSet::Four)
                    .unwrap();
                count += usize::from(q.path_exists());
            }
        }
        assert_eq!(count, reachable, "{rel}");
    }
    for rel in [
        "training/minimaze.txt",
        "training/maze-train-10x5-empty.txt",
    ] {
        let file = read(rel);
        assert_eq!((file.maze.rows(), file.maze.cols()), (16, 16));
        assert_eq!(file.goals_or_default().len(), 4);
    }
}

// ---- formats -----------------------------------------------------------------------------

#[test]
fn format_detection_and_forms() {
    assert_eq!(Format::detect("[[1]]"), Format::Matrix);
    assert_eq!(Format::detect("# a comment\n1 0\n1 1\n"), Format::Matrix);
    assert_eq!(Format::detect("0110\n1111\n"), Format::Matrix);
    assert_eq!(Format::detect("#####\n#S.G#\n#####\n"), Format::Ascii);
    assert_eq!(Format::detect("S..\n.#.\n..G\n"), Format::Ascii);
    assert_eq!(
        Format::detect("\u{feff}o---o\r\n| S |\r\no---o\r\n"),
        Format::Micromouse
    );

    let compact = MazeFile::parse("0110\n1111\n", None).unwrap();
    let spaced = MazeFile::parse("0 1 1 0\n1 1 1 1\n", None).unwrap();
    let json = MazeFile::parse("[[0,1,1,0],[1,1,1,1]]", None).unwrap();
    assert_eq!(compact.maze, spaced.maze);
    assert_eq!(json.maze, spaced.maze);
    assert_eq!(spaced.maze.to_string(), "0 1 1 0\n1 1 1 1\n");

    // CRLF and a BOM in a micromouse file; one cell, start and goal in it.
    let one = MazeFile::parse("\u{feff}o---o\r\n| S |\r\no---o\r\n", None).unwrap();
    assert_eq!(
        (one.maze.rows(), one.maze.cols(), one.start),
        (1, 1, Some(Coord::new(0, 0)))
    );

    // Ragged ASCII rows are padded with open cells; several goals.
    let art = MazeFile::parse("S.#\n.\n#GE\n", Some(Format::Ascii)).unwrap();
    assert_eq!((art.maze.rows(), art.maze.cols()), (3, 3));
    assert!(art.maze.is_open(Coord::new(1, 2)));
    assert_eq!(art.goals, [Coord::new(2, 1), Coord::new(2, 2)]);
}

/// The error's message after its position, read from the error's fields (`line L,
/// column C: `, `line L: ` or the 1-based `row R, column C: ` of a matrix cell), so the
/// tests check positions and messages together.
fn placed(err: &MazeError) -> String {
    match (err.text_position(), err.cell()) {
        (
            Some(TextPosition {
                line,
                column: Some(column),
            }),
            _,
        ) => format!("line {line}, column {column}: {err}"),
        (Some(TextPosition { line, column: None }), _) => format!("line {line}: {err}"),
        (None, Some(cell)) => format!("row {}, column {}: {err}", cell.row + 1, cell.col + 1),
        (None, None) => err.to_string(),
    }
}

#[test]
fn errors_name_the_place() {
    let err = |text: &str, format| placed(&MazeFile::parse(text, format).unwrap_err());
    assert_eq!(
        err("1 0\n1 5\n", None),
        "row 2, column 2: expected 0 (blocked) or 1 (open), found 5"
    );
    assert_eq!(err("[]", None), "no maze found: the input is empty");
    assert_eq!(
        err(" \n\n", Some(Format::Ascii)),
        "no maze found: the input is empty"
    );
    assert_eq!(
        err("o---o\n| X |\no---o\n", None),
        "line 2, column 3: expected a space, `S` (start) or `G` (goal) at a cell centre, found 'X'"
    );
    assert_eq!(
        err("o-- o\n|   |\no---o\n", None),
        "line 1, column 2: expected a wall `---` or three spaces, found '-'"
    );
    assert_eq!(
        err("o---o\n|   |\n", None),
        "line 2: a micromouse maze has 2 x rows + 1 lines, alternating post rows and cell rows, found 2 lines"
    );
    assert_eq!(
        err("o---o\n", None),
        "line 1: a micromouse maze has 2 x rows + 1 lines, alternating post rows and cell rows, found 1 line"
    );
    assert_eq!(
        err("#S#\n#S#\n", None),
        "line 2, column 2: a second start marker `S` (the first is at line 1, column 2)"
    );
    assert_eq!(
        err("o---o---o\n| S   S |\no---o---o\n", None),
        "line 2, column 7: a second start marker `S` (the first is at line 2, column 3)"
    );
    let ragged = MazeFile::parse("1 1\n1\n", None).unwrap_err();
    assert_eq!(
        ragged.to_string(),
        "row 2 has 1 value, expected 2 like row 1"
    );
    assert_eq!(ragged.text_position(), Some(TextPosition::line(2)));
    let value = MazeFile::parse("1 0\n1 5\n", None).unwrap_err();
    assert_eq!(value.cell(), Some(Coord::new(1, 1)));
    assert_eq!(value.text_position(), None);
}

/// A 2 x 2 micromouse maze, closed all round, one inner wall.
const MOUSE: &str = "o---o---o\n|   |   |\no   o---o\n| S     |\no---o---o\n";

#[test]
fn micromouse_reading_stops_only_after_the_maze() {
    let err = |text: &str| placed(&MazeFile::parse(text, None).unwrap_err());
    let line = |n: usize, with: &str| {
        let mut lines: Vec<&str> = MOUSE.lines().collect();
        lines[n - 1] = with;
        lines.join("\n") + "\n"
    };
    assert!(MazeFile::parse(MOUSE, None).is_ok());
    // A line inside the maze that starts with neither `o` nor `|` is named, with what
    // belonged there, whether the count it leaves is wrong or maze lines follow it.
    assert_eq!(
        err(&line(2, "X   |   |")),
        "line 2, column 1: expected a cell row starting with `|`, found 'X'"
    );
    assert_eq!(
        err(&line(3, "#   o---o")),
        "line 3, column 1: expected a post row starting with `o`, found '#'"
    );
    assert_eq!(
        err(&line(4, "X S     |")),
        "line 4, column 1: expected a cell row starting with `|`, found 'X'"
    );
    assert_eq!(
        err(&line(3, "")),
        "line 3: expected a post row starting with `o`, found a blank line"
    );
    assert_eq!(
        placed(&MazeFile::parse(" o---o\n", Some(Format::Micromouse)).unwrap_err()),
        "line 1, column 1: expected a post row starting with `o`, found ' '"
    );
    // Text after a complete maze is ignored, as the collection's reader does.
    let tail = format!("{MOUSE}\nsolution: 3 moves\n");
    assert_eq!(
        MazeFile::parse(&tail, None).unwrap().maze,
        MazeFile::parse(MOUSE, None).unwrap().maze
    );
}

#[test]
fn micromouse_outer_wall_must_be_closed() {
    let err = |text: &str| placed(&MazeFile::parse(text, None).unwrap_err());
    let edit = |n: usize, f: &dyn Fn(&str) -> String| {
        let mut lines: Vec<String> = MOUSE.lines().map(String::from).collect();
        lines[n - 1] = f(&lines[n - 1]);
        lines.join("\n") + "\n"
    };
    // `sed '2s/|$//'`: no east wall.
    assert_eq!(
        err(&edit(2, &|l| l.trim_end_matches('|').to_string())),
        "line 2, column 9: expected the closed outer wall `|`, found ' '"
    );
    assert_eq!(
        err(&edit(4, &|l| l.replacen('|', " ", 1))),
        "line 4, column 1: expected a cell row starting with `|`, found ' '"
    );
    assert_eq!(
        err(&edit(1, &|l| l.replacen("---", "   ", 1))),
        "line 1, column 2: expected the closed outer wall `---`, found ' '"
    );
    assert_eq!(
        err(&edit(5, &|l| l
            .replacen("---", "   ", 2)
            .replacen("   ", "---", 1))),
        "line 5, column 6: expected the closed outer wall `---`, found ' '"
    );
}

#[test]
fn micromouse_collection_files_all_parse() {
    let mut count = 0;
    for dir in ["classic", "halfsize", "training"] {
        for entry in std::fs::read_dir(data_dir().join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "txt") {
                let rel = format!("{dir}/{}", path.file_name().unwrap().to_string_lossy());
                read(&rel);
                count += 1;
            }
        }
    }
    assert!(count >= 22, "only {count} maze files found");
    let maze = Maze::new(2, 2, true).unwrap();
    assert_eq!(
        maze.query(Coord::new(0, 0), &[Coord::new(2, 0)], MoveSet::Four)
            .unwrap_err()
            .to_string(),
        "the goal cell (2, 0) (0-based row, column) is off the 2 x 2 maze"
    );
    assert_eq!(
        maze.query(Coord::new(0, 0), &[], MoveSet::Four)
            .unwrap_err()
            .to_string(),
        "no goal cell given"
    );
}
