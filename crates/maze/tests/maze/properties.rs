//! Property tests: every question against an independent brute force on small mazes
//! (with and without walls, under every move set), every returned path against
//! `verify::maze::check_path`, format round trips, and any text parsing without panics,
//! with error positions inside the text. Proptest's regressions live beside this file
//! (`properties.proptest-regressions`).

use grid_core::{BoundedCount, Coord, Direction, Positioned, TextPosition};
use maze::{Format, Maze, MazeError, MazeFile, MoveSet, Path};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
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

    /// Whether `dir` from `(r, c)` is allowed: `cut` lets a diagonal pass one blocked
    /// corner, `king` (a chess king, LeetCode 1091) needs only the target open.
    fn allowed(&self, r: i64, c: i64, dir: Direction, (cut, king): (bool, bool)) -> bool {
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
        king || if cut { a || b } else { a && b }
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
        MoveSet::Eight { .. } | MoveSet::King => {
            vec![Down, Left, Right, Up, DownLeft, DownRight, UpLeft, UpRight]
        }
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
        let rule = (
            matches!(moves, MoveSet::Eight { cut_corners: true }),
            moves == MoveSet::King,
        );
        for dir in move_list(moves) {
            if !p.allowed(r, c, dir, rule) {
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
    if !moves.has_diagonals() {
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

/// 300 cases, with the saved regressions read from (and new ones written to)
/// `properties.proptest-regressions` beside this file. Proptest's default,
/// `SourceParallel`, would look for `tests/proptest-regressions/properties.txt` instead,
/// because this directory holds a `main.rs`.
fn config() -> ProptestConfig {
    ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..ProptestConfig::with_cases(300)
    }
}

proptest! {
    #![proptest_config(config())]

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
    fn king_matches_brute_force((p, start, goals) in arb_case(3, false)) {
        check_all_questions(&p, start, &goals, MoveSet::King);
    }

    #[test]
    fn walled_mazes_match_brute_force((p, start, goals) in arb_case(4, true), which in 0..5usize) {
        let moves = [MoveSet::RightDown, MoveSet::Four, MoveSet::Eight { cut_corners: false }, MoveSet::Eight { cut_corners: true }, MoveSet::King][which];
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
