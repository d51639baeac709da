//! Rat in a Maze: a path is a legal simple walk over open cells under the move set, from
//! the start to a goal.

use grid_core::{Coord, Direction};
use maze::{Maze, MazeFile, MoveSet, Path};

/// Checks that `path` answers the question "a path from `start` to one of `goals` in
/// `maze` under `moves`", with the move rules written here (not the crate's search code).
///
/// Cells are [`Coord`]s, **0-based, row 0 at the top**. The path must start on `start`,
/// which is open; use only the directions of the move set (right and down; the four
/// cardinal moves; or those plus the four diagonals); step only onto open cells of the
/// maze, never through a wall (the outer edge counts as one); visit no cell twice; and end
/// on a goal without touching one before. A diagonal move needs its target open and both
/// L-shaped pairs of cardinal moves around it passable, or, for
/// `MoveSet::Eight { cut_corners: true }`, at least one of them; under `MoveSet::King`
/// (LeetCode 1091) only the target cell.
///
/// # Errors
///
/// The first violation, naming the move (1-based) and cells (0-based).
pub fn check_path(
    maze: &Maze,
    moves: MoveSet,
    start: Coord,
    goals: &[Coord],
    path: &Path,
) -> Result<(), String> {
    if path.start() != start {
        return Err(format!(
            "the path starts on {:?}, not {start:?}",
            path.start()
        ));
    }
    if !open(maze, start.row as isize, start.col as isize) {
        return Err(format!("the start {start:?} is not an open cell"));
    }
    let mut cells = vec![start];
    let mut at = start;
    for (i, &dir) in path.moves().iter().enumerate() {
        let number = i + 1;
        if !allowed(moves).contains(&dir) {
            return Err(format!("move {number}: {dir:?} is not in {moves:?}"));
        }
        let Some(next) = step(maze, moves, at, dir) else {
            return Err(format!("move {number}: {dir:?} from {at:?} is blocked"));
        };
        if cells.contains(&next) {
            return Err(format!("move {number}: {next:?} is visited twice"));
        }
        if goals.contains(&at) {
            return Err(format!(
                "move {number}: the path goes on past the goal {at:?}"
            ));
        }
        cells.push(next);
        at = next;
    }
    if !goals.contains(&at) {
        return Err(format!("the path ends on {at:?}, which is not a goal"));
    }
    Ok(())
}

/// The directions of a move set, from the puzzle statements.
fn allowed(moves: MoveSet) -> &'static [Direction] {
    use Direction::{Down, DownLeft, DownRight, Left, Right, Up, UpLeft, UpRight};
    match moves {
        MoveSet::RightDown => &[Right, Down],
        MoveSet::Four => &[Down, Left, Right, Up],
        MoveSet::Eight { .. } | MoveSet::King => {
            &[Down, Left, Right, Up, DownLeft, DownRight, UpLeft, UpRight]
        }
    }
}

/// Whether `(row, col)` is an open cell of the maze (outside it everything is blocked).
fn open(maze: &Maze, row: isize, col: isize) -> bool {
    row >= 0
        && col >= 0
        && (row as usize) < maze.rows()
        && (col as usize) < maze.cols()
        && maze.is_open(Coord::new(row as usize, col as usize))
}

/// Whether one cardinal move by `(dr, dc)` from the open cell `(row, col)` is passable:
/// the target is open and no wall stands between the two cells.
fn cardinal(maze: &Maze, (row, col): (isize, isize), (dr, dc): (isize, isize)) -> bool {
    let dir = match (dr, dc) {
        (1, 0) => Direction::Down,
        (-1, 0) => Direction::Up,
        (0, 1) => Direction::Right,
        (0, -1) => Direction::Left,
        _ => return false,
    };
    open(maze, row, col)
        && open(maze, row + dr, col + dc)
        && !maze.has_wall(Coord::new(row as usize, col as usize), dir)
}

/// The cell one move of `dir` leads to from `at`, or `None` when the move is blocked.
fn step(maze: &Maze, moves: MoveSet, at: Coord, dir: Direction) -> Option<Coord> {
    let (dr, dc) = dir.delta();
    let from = (at.row as isize, at.col as isize);
    let to = (from.0 + dr, from.1 + dc);
    let passable = if dr == 0 || dc == 0 {
        cardinal(maze, from, (dr, dc))
    } else {
        let vertical_first =
            cardinal(maze, from, (dr, 0)) && cardinal(maze, (from.0 + dr, from.1), (0, dc));
        let horizontal_first =
            cardinal(maze, from, (0, dc)) && cardinal(maze, (from.0, from.1 + dc), (dr, 0));
        let cut_corners = matches!(moves, MoveSet::Eight { cut_corners: true });
        // A chess king (LeetCode 1091): the target cell alone decides.
        let king = moves == MoveSet::King;
        open(maze, to.0, to.1)
            && if king {
                true
            } else if cut_corners {
                vertical_first || horizontal_first
            } else {
                vertical_first && horizontal_first
            }
    };
    passable.then(|| Coord::new(to.0 as usize, to.1 as usize))
}

/// Fewest moves from each cell to the nearest of `sources`, following the moves of the
/// set **backwards** (`result[r * cols + c]` is the length of the shortest walk from
/// `(r, c)` to a source; `None` when there is none): a plain breadth-first search with a
/// queue over [`Coord`]s and the move rules written here, one `Option<usize>` per cell.
/// Sources on blocked cells are ignored. Sources do not stop a walk that passes them, so
/// for the distances of paths that end at the first goal they reach, take the goals as
/// the sources (a walk from a goal's neighbour to another goal never beats 1).
pub fn distances_to(maze: &Maze, moves: MoveSet, sources: &[Coord]) -> Vec<Option<usize>> {
    let cols = maze.cols();
    let mut dist = vec![None; maze.rows() * cols];
    let mut queue = std::collections::VecDeque::new();
    for &s in sources {
        if open(maze, s.row as isize, s.col as isize) && dist[s.row * cols + s.col].is_none() {
            dist[s.row * cols + s.col] = Some(0);
            queue.push_back(s);
        }
    }
    while let Some(at) = queue.pop_front() {
        let d = dist[at.row * cols + at.col].unwrap_or(0);
        for &dir in allowed(moves) {
            // A cell `from` one move of `dir` before `at`: from = at - delta(dir).
            let (dr, dc) = dir.delta();
            let (r, c) = (at.row as isize - dr, at.col as isize - dc);
            if !open(maze, r, c) {
                continue;
            }
            let from = Coord::new(r as usize, c as usize);
            if dist[from.row * cols + from.col].is_none()
                && step(maze, moves, from, dir) == Some(at)
            {
                dist[from.row * cols + from.col] = Some(d + 1);
                queue.push_back(from);
            }
        }
    }
    dist
}

/// The fewest moves from `start` to one of `goals` ([`distances_to`] read at the start);
/// `None` when no goal can be reached.
pub fn distance(maze: &Maze, moves: MoveSet, start: Coord, goals: &[Coord]) -> Option<usize> {
    distances_to(maze, moves, goals)[start.row * maze.cols() + start.col]
}

/// The lexicographically smallest shortest path from `start` to one of `goals` (moves
/// compared in [`Direction`]'s order), as its moves: from [`distances_to`] the goals, at
/// every step the smallest direction to a cell one move nearer. `None` when no goal can
/// be reached.
pub fn smallest_shortest_path(
    maze: &Maze,
    moves: MoveSet,
    start: Coord,
    goals: &[Coord],
) -> Option<Vec<Direction>> {
    let cols = maze.cols();
    let dist = distances_to(maze, moves, goals);
    let mut dirs = allowed(moves).to_vec();
    dirs.sort();
    let mut at = start;
    let mut d = dist[start.row * cols + start.col]?;
    let mut path = Vec::with_capacity(d);
    while d > 0 {
        let (dir, next) = dirs.iter().find_map(|&dir| {
            step(maze, moves, at, dir)
                .filter(|n| dist[n.row * cols + n.col] == Some(d - 1))
                .map(|n| (dir, n))
        })?;
        path.push(dir);
        at = next;
        d -= 1;
    }
    Some(path)
}

/// Any-input invariants of [`MazeFile::parse`] (every format) and every question (mazes
/// up to 400 cells, from the file's start to its goals, under every move set): existence,
/// the shortest distance, one path and the path list agree; the shortest path has the
/// shortest distance; every path returned passes [`check_path`]; no listed path is
/// shorter than the shortest or listed twice.
///
/// # Panics
///
/// When an invariant breaks.
pub fn invariants(data: &[u8]) {
    let Some(text) = crate::text(data) else {
        return;
    };
    let Ok(file) = MazeFile::parse(text, None) else {
        return;
    };
    if file.maze.rows() * file.maze.cols() > 400 {
        return;
    }
    let (start, goals) = (file.start_or_default(), file.goals_or_default());
    for moves in [
        MoveSet::RightDown,
        MoveSet::Four,
        MoveSet::Eight { cut_corners: false },
        MoveSet::Eight { cut_corners: true },
        MoveSet::King,
    ] {
        let Ok(query) = file.maze.query(start, &goals, moves) else {
            return;
        };
        let legal = |what: &str, path: &Path| {
            if let Err(violation) = check_path(&file.maze, moves, start, &goals, path) {
                panic!("{moves:?}: {what} {path:?} of {text:?} is illegal: {violation}");
            }
        };
        let exists = query.path_exists();
        let shortest = query.shortest_distance();
        assert_eq!(exists, shortest.is_some());
        let some = query.some_path();
        assert_eq!(exists, some.is_some());
        if let Some(path) = &some {
            legal("some_path", path);
        }
        let best = query.shortest_path();
        assert_eq!(best.as_ref().map(Path::len), shortest);
        if let Some(path) = &best {
            legal("shortest_path", path);
        }
        let listed = query.all_paths(20);
        assert_eq!(exists, !listed.paths.is_empty());
        for (i, path) in listed.paths.iter().enumerate() {
            legal("a listed path", path);
            assert!(shortest.is_some_and(|best| path.len() >= best));
            assert!(
                !listed.paths[..i].contains(path),
                "{path:?} is listed twice"
            );
        }
    }
}

/// The contest form of the question, from the statements alone (LeetCode 1091 "Shortest
/// Path in Binary Matrix", GeeksforGeeks' -1/0 grids): the number of **cells** on a
/// shortest path from the top-left cell to the bottom-right cell of the value grid
/// `grid` (rows of equal length), where a cell is open when its value is in `open`;
/// `king` allows the eight moves of a chess king (a diagonal needs only its target
/// open), else the four cardinal moves. `None` when the start or goal is blocked or
/// the goal cannot be reached. A plain breadth-first search over the values themselves,
/// which never builds a `Maze`.
pub fn contest_cells(grid: &[Vec<i64>], open: &[i64], king: bool) -> Option<usize> {
    let rows = grid.len();
    let cols = grid.first()?.len();
    let is_open = |r: usize, c: usize| open.contains(&grid[r][c]);
    if cols == 0 || !is_open(0, 0) || !is_open(rows - 1, cols - 1) {
        return None;
    }
    let mut cells = vec![vec![0usize; cols]; rows];
    cells[0][0] = 1;
    let mut queue = std::collections::VecDeque::from([(0usize, 0usize)]);
    while let Some((r, c)) = queue.pop_front() {
        if (r, c) == (rows - 1, cols - 1) {
            return Some(cells[r][c]);
        }
        for dr in -1i64..=1 {
            for dc in -1i64..=1 {
                if (dr, dc) == (0, 0) || (!king && dr != 0 && dc != 0) {
                    continue;
                }
                let (nr, nc) = (r as i64 + dr, c as i64 + dc);
                if nr < 0 || nc < 0 || nr >= rows as i64 || nc >= cols as i64 {
                    continue;
                }
                let (nr, nc) = (nr as usize, nc as usize);
                if is_open(nr, nc) && cells[nr][nc] == 0 {
                    cells[nr][nc] = cells[r][c] + 1;
                    queue.push_back((nr, nc));
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    #[test]
    fn contest_cells_gives_leetcode_1091_answers() {
        // The statement's examples 1 to 3: 2, 4, -1.
        assert_eq!(
            super::contest_cells(&[vec![0, 1], vec![1, 0]], &[0], true),
            Some(2)
        );
        let two = [vec![0, 0, 0], vec![1, 1, 0], vec![1, 1, 0]];
        assert_eq!(super::contest_cells(&two, &[0], true), Some(4));
        let three = [vec![1, 0, 0], vec![1, 1, 0], vec![1, 1, 0]];
        assert_eq!(super::contest_cells(&three, &[0], true), None);
        assert_eq!(
            super::contest_cells(&[vec![0, 1], vec![1, 0]], &[0], false),
            None
        );
    }

    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;

    fn path(start: Coord, moves: &[Direction]) -> Path {
        Path::new(start, moves.to_vec())
    }

    #[test]
    fn legal_and_illegal_walks() {
        use Direction::{Down, DownRight, Right, Up};
        // 1 0 0
        // 1 1 0
        // 0 1 1
        let grid = grid_core::parse_matrix("1 0 0\n1 1 0\n0 1 1").expect("a matrix");
        let maze = Maze::from_grid(&grid.map(|&v| v == 1)).expect("a maze");
        let (start, goal) = (Coord::new(0, 0), [Coord::new(2, 2)]);
        let check = |moves, steps: &[Direction]| {
            check_path(&maze, moves, start, &goal, &path(start, steps))
        };
        assert_eq!(
            check(MoveSet::RightDown, &[Down, Right, Down, Right]),
            Ok(())
        );
        assert!(
            check(MoveSet::Four, &[Right, Down, Down, Right]).is_err(),
            "through a blocked cell"
        );
        assert!(
            check(MoveSet::Four, &[Down, Right, Down]).is_err(),
            "short of the goal"
        );
        assert!(
            check(MoveSet::Four, &[Down, Up, Down, Right, Down, Right]).is_err(),
            "not simple"
        );
        assert!(
            check(MoveSet::RightDown, &[Down, Right, Up]).is_err(),
            "not in the set"
        );
        // The diagonal (1, 1) -> (2, 2) passes the blocked (1, 2) corner.
        let diagonal = [Down, Right, DownRight];
        assert!(check(MoveSet::Eight { cut_corners: false }, &diagonal).is_err());
        assert_eq!(
            check(MoveSet::Eight { cut_corners: true }, &diagonal),
            Ok(())
        );
    }

    #[test]
    fn walls_and_goals() {
        use Direction::{Down, DownRight, Right};
        // An open 2 x 2 maze with a wall between (0, 0) and (0, 1).
        let mut maze = Maze::new(2, 2, true).expect("a maze");
        maze.set_wall(Coord::new(0, 0), Right, true);
        let start = Coord::new(0, 0);
        let check = |moves, goals: &[Coord], steps: &[Direction]| {
            check_path(&maze, moves, start, goals, &path(start, steps))
        };
        let corner = [Coord::new(1, 1)];
        assert!(
            check(MoveSet::Four, &[Coord::new(0, 1)], &[Right]).is_err(),
            "through the wall"
        );
        assert_eq!(check(MoveSet::Four, &corner, &[Down, Right]), Ok(()));
        // The diagonal brushes the wall's end: only with cut corners.
        assert!(check(MoveSet::Eight { cut_corners: false }, &corner, &[DownRight]).is_err());
        assert_eq!(
            check(MoveSet::Eight { cut_corners: true }, &corner, &[DownRight]),
            Ok(())
        );
        // A path stops at the first goal it reaches; a start on a goal is an empty path.
        let both = [Coord::new(1, 0), Coord::new(1, 1)];
        assert!(
            check(MoveSet::Four, &both, &[Down, Right]).is_err(),
            "past a goal"
        );
        assert_eq!(check(MoveSet::Four, &[start], &[]), Ok(()));
        // Off the maze.
        assert!(check(MoveSet::Four, &corner, &[Direction::Up]).is_err());
    }

    #[test]
    fn invariants_hold_for_the_geeksforgeeks_example() {
        invariants(b"[[1,0,0,0],[1,1,0,1],[1,1,0,0],[0,1,1,1]]");
    }
}
