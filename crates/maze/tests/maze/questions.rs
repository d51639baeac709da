//! The published GeeksforGeeks example and large mazes: exact path counts past 64 bits,
//! and 2000 x 2000 mazes that must not overflow the stack.

use grid_core::{BoundedCount, Coord};
use maze::{Maze, MazeFile, MoveSet, Path};

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
