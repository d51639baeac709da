//! Invariants that must hold for ANY input bytes, one checker per parser and solver entry
//! point. Shared, as one source file, by the proptest runs in `robustness.rs` (stable
//! Rust, in CI) and the libFuzzer targets in `fuzz/fuzz_targets/` (via `#[path]`).
//!
//! Each checker panics when an invariant breaks; returning normally means the input was
//! either rejected with an error or answered consistently.

use ladders::{Board, Rules};
use maze::{MazeFile, MoveSet};
use queens::PartialBoard;
use sudoku::Sudoku;

/// grid-core's matrix parser: whatever it accepts renders to the whitespace form and
/// parses back to the same grid.
pub fn grid_matrix(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(grid) = grid_core::parse_matrix(text)
        && grid.rows() > 0
        && grid.cols() > 0
    {
        let again = grid_core::parse_matrix(&grid.to_string()).expect("rendered grids parse");
        assert_eq!(again, grid);
    }
}

/// Sudoku: the canonical text form parses back to the same puzzle; a bounded analysis
/// of a puzzle up to 9 x 9 reports a solution exactly when it counts one, and that
/// solution keeps every given and fills each row, column and box with each value once
/// (checked here, independently of the solver).
pub fn sudoku(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(puzzle) = Sudoku::parse(text, None) else {
        return;
    };
    let again = Sudoku::parse(&puzzle.to_string(), Some(puzzle.shape()))
        .expect("the canonical form parses");
    assert_eq!(again, puzzle);
    if puzzle.size() > 9 {
        return; // larger sizes can need long searches; the crate's property tests cover them
    }
    let analysis = puzzle.analyse(2);
    assert!(analysis.count <= 2);
    assert_eq!(analysis.count == 0, analysis.first.is_none());
    if let Some(solution) = analysis.first {
        sudoku_solution_is_valid(&puzzle, &solution);
    }
}

fn sudoku_solution_is_valid(puzzle: &Sudoku, solution: &Sudoku) {
    let n = puzzle.size();
    let shape = puzzle.shape();
    let (box_rows, box_cols) = (shape.rows(), shape.cols());
    for (i, (&given, &value)) in puzzle.cells().iter().zip(solution.cells()).enumerate() {
        assert!(
            value >= 1 && usize::from(value) <= n,
            "cell {i} holds {value}"
        );
        if given != 0 {
            assert_eq!(given, value, "the given at cell {i} changed");
        }
    }
    let cell = |r: usize, c: usize| usize::from(solution.cells()[r * n + c]);
    let boxes_across = n / box_cols;
    for unit in 0..n {
        let (mut row, mut col, mut bx) =
            (vec![false; n + 1], vec![false; n + 1], vec![false; n + 1]);
        for k in 0..n {
            assert!(
                !std::mem::replace(&mut row[cell(unit, k)], true),
                "row {unit} repeats"
            );
            assert!(
                !std::mem::replace(&mut col[cell(k, unit)], true),
                "column {unit} repeats"
            );
            let r = (unit / boxes_across) * box_rows + k / box_cols;
            let c = (unit % boxes_across) * box_cols + k % box_cols;
            assert!(
                !std::mem::replace(&mut bx[cell(r, c)], true),
                "box {unit} repeats"
            );
        }
    }
}

/// N-Queens partial boards: a completion exists exactly when the count is non-zero, and
/// it keeps every pre-placed queen, avoids blocked squares and is a solution.
pub fn queens_complete(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(board) = text.parse::<PartialBoard>() else {
        return;
    };
    if board.n() > 12 {
        return; // completion is NP-complete; keep each case short
    }
    let completion = board.complete();
    assert_eq!(
        completion.is_some(),
        board.count_completions_up_to(1).count == 1
    );
    if let Some(columns) = completion {
        assert!(queens::is_solution(&columns));
        for (row, (&placed, &col)) in board.queens().iter().zip(&columns).enumerate() {
            if let Some(placed) = placed {
                assert_eq!(placed, col, "the pre-placed queen in row {row} moved");
            }
            assert!(!board.is_blocked(grid_core::Coord::new(row, col)));
        }
    }
}

/// Snakes and Ladders boards in any format: the route's length equals the fewest rolls.
pub fn ladders(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(board) = Board::parse(text) else {
        return;
    };
    if board.squares() > 20_000 {
        return;
    }
    let rules = Rules::leetcode();
    let fewest = board.fewest_rolls(&rules);
    let route = board.shortest_route(&rules);
    assert_eq!(fewest, route.as_ref().map(|r| r.steps.len()));
}

/// Mazes in every input format, under every move set: exists, shortest, one path and
/// the path list agree; no listed path is shorter than the shortest.
pub fn maze(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
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
    ] {
        let Ok(query) = file.maze.query(start, &goals, moves) else {
            return;
        };
        let exists = query.path_exists();
        let shortest = query.shortest_distance();
        assert_eq!(exists, shortest.is_some());
        assert_eq!(exists, query.some_path().is_some());
        let listed = query.all_paths(20);
        assert_eq!(exists, !listed.paths.is_empty());
        if let Some(best) = shortest {
            assert!(listed.paths.iter().all(|p| p.len() >= best));
        }
    }
}
