//! The breadth-first searches (existence, distance, shortest path) on mazes of many 8 x 8
//! tiles, against the independent reference search of `verify::maze` (a plain queue over
//! coordinates): the distance, the path's legality (`verify::maze::check_path`) and, under
//! the symmetric move sets, the smallest shortest path. The brute force of
//! [`crate::properties`] only reaches a few cells; these mazes reach 70 x 70.

use grid_core::Coord;
use maze::{Maze, MoveSet};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use verify::maze::{check_path, distance, smallest_shortest_path};

const MOVE_SETS: [MoveSet; 5] = [
    MoveSet::RightDown,
    MoveSet::Four,
    MoveSet::Eight { cut_corners: false },
    MoveSet::Eight { cut_corners: true },
    MoveSet::King,
];

/// Every search question against the reference, under every move set.
fn check_searches(maze: &Maze, start: Coord, goals: &[Coord]) {
    for moves in MOVE_SETS {
        let query = maze.query(start, goals, moves).unwrap();
        let expected = distance(maze, moves, start, goals);
        assert_eq!(query.shortest_distance(), expected, "{moves:?}");
        assert_eq!(query.path_exists(), expected.is_some(), "{moves:?}");
        let path = query.shortest_path();
        assert_eq!(path.as_ref().map(|p| p.len()), expected, "{moves:?}");
        if let Some(path) = path {
            assert_eq!(check_path(maze, moves, start, goals, &path), Ok(()));
            if moves.is_symmetric() {
                let smallest = smallest_shortest_path(maze, moves, start, goals).unwrap();
                assert_eq!(path.moves(), &smallest[..], "{moves:?}: the smallest");
            }
        }
    }
}

/// A maze from a row-major list of open cells, with walls between cells when `walls`
/// (east and south bits side by side after the open bits).
fn build(rows: usize, cols: usize, bits: &[bool], walls: bool) -> Maze {
    let n = rows * cols;
    let mut maze = Maze::new(rows, cols, false).unwrap();
    for i in 0..n {
        let cell = Coord::new(i / cols, i % cols);
        maze.set_open(cell, bits[i]);
        if walls {
            maze.set_wall(
                cell,
                grid_core::Direction::Right,
                bits[n + i] && bits[2 * n + i],
            );
            maze.set_wall(
                cell,
                grid_core::Direction::Down,
                bits[n + i] && !bits[2 * n + i],
            );
        }
    }
    maze
}

fn arb_maze(max_side: usize) -> impl Strategy<Value = (usize, usize, Vec<bool>, Vec<usize>)> {
    (1..=max_side, 1..=max_side, 0.55..0.9f64).prop_flat_map(|(rows, cols, density)| {
        let n = rows * cols;
        (
            Just(rows),
            Just(cols),
            proptest::collection::vec(prop::bool::weighted(density), 3 * n),
            proptest::collection::vec(0..n, 1..=3),
        )
    })
}

/// 120 cases; regressions beside this file, as in [`crate::properties`].
fn config() -> ProptestConfig {
    ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..ProptestConfig::with_cases(120)
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn tiled_searches_match_the_reference((rows, cols, bits, cells) in arb_maze(70)) {
        let maze = build(rows, cols, &bits, false);
        let at = |i: usize| Coord::new(i / cols, i % cols);
        // From a corner to the opposite corner, and between random cells.
        check_searches(&maze, Coord::new(0, 0), &[Coord::new(rows - 1, cols - 1)]);
        let goals: Vec<Coord> = cells.iter().skip(1).map(|&i| at(i)).collect();
        let goals = if goals.is_empty() { vec![at(0)] } else { goals };
        check_searches(&maze, at(cells[0]), &goals);
    }

    #[test]
    fn walled_searches_match_the_reference((rows, cols, bits, cells) in arb_maze(30)) {
        let maze = build(rows, cols, &bits, true);
        let at = |i: usize| Coord::new(i / cols, i % cols);
        check_searches(&maze, Coord::new(0, 0), &[Coord::new(rows - 1, cols - 1)]);
        let goals: Vec<Coord> = cells.iter().map(|&i| at(i)).collect();
        check_searches(&maze, at(cells[0] / 2), &goals);
    }
}

/// A 400 x 300 maze of 70 % open cells (a fixed linear congruential sequence), from a
/// corner to the opposite one and to several goals, with a start and goal far apart.
#[test]
fn a_large_random_maze_matches_the_reference() {
    let (rows, cols) = (400, 300);
    let mut state: u64 = 2026;
    let mut maze = Maze::new(rows, cols, false).unwrap();
    for r in 0..rows {
        for c in 0..cols {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            maze.set_open(Coord::new(r, c), (state >> 33) % 100 < 70);
        }
    }
    let corner = Coord::new(rows - 1, cols - 1);
    maze.set_open(Coord::new(0, 0), true);
    maze.set_open(corner, true);
    check_searches(&maze, Coord::new(0, 0), &[corner]);
    check_searches(
        &maze,
        Coord::new(7, 290),
        &[Coord::new(390, 8), Coord::new(200, 150)],
    );
}

/// The first `limit` simple paths in order (D < L < R < U) from `start` to the first goal
/// they reach under the four moves, by plain recursion in move order, or `None` after
/// `budget` steps (a maze whose dead ends make the plain recursion too slow is skipped).
fn first_paths(
    maze: &Maze,
    start: Coord,
    goals: &[Coord],
    limit: usize,
    budget: usize,
) -> Option<Vec<String>> {
    struct Walk<'a> {
        maze: &'a Maze,
        goals: &'a [Coord],
        limit: usize,
        steps: usize,
        seen: Vec<bool>,
        trail: String,
        out: Vec<String>,
    }
    fn go(w: &mut Walk<'_>, at: Coord) -> bool {
        w.steps = w.steps.saturating_sub(1);
        if w.steps == 0 {
            return false;
        }
        if w.goals.contains(&at) {
            w.out.push(w.trail.clone());
            return w.out.len() < w.limit;
        }
        let (rows, cols) = (w.maze.rows() as isize, w.maze.cols() as isize);
        for (letter, dr, dc) in [('D', 1, 0), ('L', 0, -1), ('R', 0, 1), ('U', -1, 0)] {
            let (r, c) = (at.row as isize + dr, at.col as isize + dc);
            if r < 0 || c < 0 || r >= rows || c >= cols {
                continue;
            }
            let next = Coord::new(r as usize, c as usize);
            let k = next.row * w.maze.cols() + next.col;
            if !w.maze.is_open(next) || w.seen[k] {
                continue;
            }
            w.seen[k] = true;
            w.trail.push(letter);
            let go_on = go(w, next);
            w.trail.pop();
            w.seen[k] = false;
            if !go_on {
                return false;
            }
        }
        true
    }
    let mut w = Walk {
        maze,
        goals,
        limit,
        steps: budget,
        seen: vec![false; maze.rows() * maze.cols()],
        trail: String::new(),
        out: Vec::new(),
    };
    if !maze.is_open(start) {
        return Some(Vec::new());
    }
    w.seen[start.row * maze.cols() + start.col] = true;
    go(&mut w, start);
    (w.steps > 0 || w.out.len() == limit).then_some(w.out)
}

proptest! {
    #![proptest_config(config())]

    /// The pruned enumeration (its races between the parts a path cuts off) lists the
    /// same first paths as plain recursion, on mazes big enough for pockets and goals
    /// next to the path.
    #[test]
    fn first_paths_match_plain_recursion((rows, cols, bits, cells) in arb_maze(9)) {
        let maze = build(rows, cols, &bits, false);
        let at = |i: usize| Coord::new(i / cols, i % cols);
        let start = at(cells[0]);
        let goals: Vec<Coord> = cells.iter().skip(1).map(|&i| at(i)).collect();
        let goals = if goals.is_empty() { vec![at(rows * cols - 1)] } else { goals };
        let query = maze.query(start, &goals, MoveSet::Four).unwrap();
        if let Some(expected) = first_paths(&maze, start, &goals, 6, 2_000_000) {
            let got: Vec<String> = query.all_paths(6).paths.iter().map(|p| p.move_string()).collect();
            prop_assert_eq!(got, expected);
        }
    }
}
