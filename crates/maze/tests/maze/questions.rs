//! The published GeeksforGeeks example and large mazes: exact path counts past 64 bits,
//! and 2000 x 2000 mazes that must not overflow the stack.

use std::sync::atomic::AtomicBool;

use grid_core::{BoundedCount, Coord};
use maze::{Maze, MazeFile, MoveSet, Path, Query};

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

/// Right-and-down paths counted by brute force: every path from `from` to `to`
/// moving down or right over open cells (the independent reference for small counts).
fn right_down_brute_force(maze: &Maze, from: Coord, to: Coord) -> u128 {
    if !maze.is_open(from) || from.row > to.row || from.col > to.col {
        return 0;
    }
    if from == to {
        return 1;
    }
    right_down_brute_force(maze, Coord::new(from.row + 1, from.col), to)
        + right_down_brute_force(maze, Coord::new(from.row, from.col + 1), to)
}

/// A fresh user's finding: cells with more than 2^128 paths that lead to no goal
/// (past it, or walled off from it) made the count "more than 2^128 - 1" where it is
/// small or none. Only a sum that reaches a goal may make it inexact.
#[test]
fn a_right_down_count_is_exact_when_only_cells_off_every_path_have_more_than_u128_paths() {
    let count = |maze: &Maze, goal: Coord| {
        maze.query(Coord::new(0, 0), &[goal], MoveSet::RightDown)
            .unwrap()
            .count_paths(0)
    };
    // A goal near the start of an open 80 x 80 maze: C(4, 2).
    let mut open = Maze::new(80, 80, true).unwrap();
    assert_eq!(count(&open, Coord::new(2, 2)), BoundedCount::exact(6));
    // Walls near the start, the goal inside them: the brute force's count.
    for (r, c) in [(0, 3), (1, 1), (2, 4), (3, 2), (4, 0), (5, 5), (6, 3)] {
        open.set_open(Coord::new(r, c), false);
    }
    let goal = Coord::new(7, 7);
    let expected = right_down_brute_force(&open, Coord::new(0, 0), goal);
    assert!(expected > 0);
    assert_eq!(count(&open, goal), BoundedCount::exact(expected));
    // The far corner walled off: no path (as `path_exists` says), not "more than".
    let mut walled = Maze::new(80, 80, true).unwrap();
    walled.set_open(Coord::new(78, 79), false);
    walled.set_open(Coord::new(79, 78), false);
    let q = walled
        .query(Coord::new(0, 0), &[Coord::new(79, 79)], MoveSet::RightDown)
        .unwrap();
    assert!(!q.path_exists());
    assert_eq!(q.count_paths(0), BoundedCount::exact(0));
    // A wall across the maze with one gap next to the start's row: every path to
    // the goal beyond the wall takes the gap.
    let mut gap = Maze::new(75, 140, true).unwrap();
    for r in 1..75 {
        gap.set_open(Coord::new(r, 3), false);
    }
    let goal = Coord::new(4, 8);
    let expected = right_down_brute_force(&gap, Coord::new(0, 0), goal);
    // C(8, 4): every path runs along row 0 past the wall, to (0, 4).
    assert_eq!(expected, 70);
    assert_eq!(count(&gap, goal), BoundedCount::exact(expected));
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

/// A watched count reports at every multiple of `Query::PROGRESS_EVERY` paths and
/// answers as the plain count: on an open 6 x 6 maze, corner to corner under the four
/// moves, the published number of self-avoiding paths across a 6 x 6 grid of cells
/// (OEIS A007764: 1,262,816), so 19 reports, the last at 19 x 65,536.
#[test]
fn a_watched_count_reports_its_progress_and_gives_the_published_count() {
    let maze = Maze::new(6, 6, true).unwrap();
    let q = maze
        .query(Coord::new(0, 0), &[Coord::new(5, 5)], MoveSet::Four)
        .unwrap();
    let mut seen = Vec::new();
    let count = q.count_paths_watched(u128::MAX, &AtomicBool::new(false), &mut |n| seen.push(n));
    assert_eq!(count, BoundedCount::exact(1_262_816));
    let expected: Vec<u128> = (1..=19).map(|k| k * Query::PROGRESS_EVERY).collect();
    assert_eq!(seen, expected);
    // Stopped by its flag: no report, as the plain count stopped by it.
    let stopped = q.count_paths_watched(u128::MAX, &AtomicBool::new(true), &mut |n| seen.push(n));
    assert_eq!(stopped, BoundedCount::at_least(0));
    assert_eq!(seen.len(), 19);
}
