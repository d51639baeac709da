//! The conventions contest sites paste (issue 27): grids read with [`Symbols`] (LeetCode
//! 1091's 0 = open, GeeksforGeeks' -1/0), the chess king's moves, symbol grids and axis
//! labels. The property tests check random value grids, written as JSON and as
//! whitespace rows, read with `--open` and searched with `King` and `Four`, against
//! `verify::maze::contest_cells`, a breadth-first search over the values themselves.

use grid_core::Coord;
use maze::{AxisLabels, Format, MazeError, MazeFile, MazeReader, MoveSet, Symbols};
use proptest::prelude::*;
use verify::maze::contest_cells;

fn read(text: &str, symbols: Symbols) -> Result<MazeFile, MazeError> {
    let mut reader = MazeReader::new(None).symbols(symbols);
    for line in text.lines() {
        reader.push_line(line)?;
    }
    reader.finish()
}

/// Cells on a shortest path from the top-left to the bottom-right cell (moves + 1).
fn cells(file: &MazeFile, moves: MoveSet) -> Option<usize> {
    let (rows, cols) = (file.maze.rows(), file.maze.cols());
    let query = file
        .maze
        .query(Coord::new(0, 0), &[Coord::new(rows - 1, cols - 1)], moves)
        .unwrap();
    if !file.maze.is_open(Coord::new(0, 0)) {
        return None;
    }
    query.shortest_distance().map(|d| d + 1)
}

#[test]
fn leetcode_1091_examples_give_the_published_answers() {
    // Examples 1-3 of the statement: 2, 4, -1 cells.
    for (grid, answer) in [
        ("[[0,1],[1,0]]", Some(2)),
        ("[[0,0,0],[1,1,0],[1,1,0]]", Some(4)),
        ("[[1,0,0],[1,1,0],[1,1,0]]", None),
    ] {
        let file = read(grid, Symbols::open("0")).unwrap();
        assert_eq!(cells(&file, MoveSet::King), answer, "{grid}");
    }
    // Under `eight`, which never passes between two blocked cells, example 1 has none.
    let file = read("[[0,1],[1,0]]", Symbols::open("0")).unwrap();
    assert_eq!(cells(&file, MoveSet::Eight { cut_corners: true }), None);
}

#[test]
fn minus_one_grids_read_with_open_zero() {
    let text = "{{0, 0, 0, 0}, {0, -1, 0, 0}, {-1, 0, 0, 0}, {0, 0, 0, 0}}";
    let err = read(text, Symbols::default()).unwrap_err();
    assert!(
        matches!(err, MazeError::CellValue { found: -1, .. }),
        "{err:?}"
    );
    let file = read(text, Symbols::open("0")).unwrap();
    assert_eq!(
        file.maze.to_string(),
        "1 1 1 1\n1 0 1 1\n0 1 1 1\n1 1 1 1\n"
    );
    let spaced = read("0 0\n-1 0\n", Symbols::open("0")).unwrap();
    assert_eq!(spaced.maze.to_string(), "1 1\n0 1\n");
}

#[test]
fn symbol_grids_read_after_a_wall_or_with_wall_and_open() {
    let file = read("#####\n#S~~#\n#o#E#\n#####\n", Symbols::default()).unwrap();
    assert_eq!(file.format, Format::Ascii);
    assert_eq!(file.detected_open, ['~', 'o']);
    assert_eq!(file.start, Some(Coord::new(1, 1)));
    // A `#` earlier in the same row counts too.
    let file = read("S#o\n..G\n", Symbols::default()).unwrap();
    assert_eq!(
        (file.detected_open.clone(), file.maze.to_string()),
        (vec!['o'], "1 0 1\n1 1 1\n".to_owned())
    );
    let file = read("xx.\n.x.\n", Symbols::wall("x")).unwrap();
    assert_eq!(file.maze.to_string(), "0 0 1\n1 0 1\n");
    assert!(file.detected_open.is_empty());
    let file = read("+-o\no+o\n", Symbols::open("o")).unwrap();
    assert_eq!(file.maze.to_string(), "0 0 1\n1 0 1\n");
    // Without a `#` first, an unknown character is an error in both formats (both stop
    // at their first character, so both are named).
    let err = read("x..y\n", Symbols::default()).unwrap_err();
    assert!(
        matches!(&err, MazeError::NoFormat { tried } if tried.len() == 2),
        "{err:?}"
    );
}

#[test]
fn a_matrix_written_as_an_assignment_reads_as_its_value() {
    // LeetCode 1091's example 1 as its statement writes it (0 = open).
    for text in [
        "grid = [[0,1],[1,0]]",
        "Input: grid = [[0,1],[1,0]]",
        "int[][] grid = {{0,1},{1,0}};",
    ] {
        let file = read(text, Symbols::open("0")).unwrap();
        assert_eq!(file.format, Format::Matrix, "{text}");
        assert_eq!(file.maze.to_string(), "1 0\n0 1\n", "{text}");
    }
}

#[test]
fn letters_alone_in_a_symbol_grid_are_listed() {
    let file = read("#S..#\n#.F.#\n#~~~#\n", Symbols::default()).unwrap();
    assert_eq!(file.detected_open, ['F', '~']);
    assert_eq!(file.lone_letters, [('F', Coord::new(1, 2))]);
    // A letter that comes twice is a symbol of the grid, no marker.
    let file = read("#S..#\n#.F.#\n#F~~#\n", Symbols::default()).unwrap();
    assert_eq!(file.lone_letters, []);
}

#[test]
fn axis_labels_are_dropped_and_checked() {
    let text = "   0123\n 0 #S.#\n 1 #..#\n 2 ##G#\n";
    let file = read(text, Symbols::default()).unwrap();
    assert_eq!(
        file.axis_labels,
        Some(AxisLabels {
            header_lines: 1,
            first_row: 0
        })
    );
    assert_eq!(file.maze.to_string(), "0 1 1 0\n0 1 1 0\n0 0 1 0\n");
    assert_eq!(file.goals, [Coord::new(2, 2)]);
    // Two header lines (tens and units), rows from 1, no separator but the column.
    let tens = "          1\n 1234567890\n1#S.......#\n2#.......G#\n";
    let file = read(tens, Symbols::default()).unwrap();
    assert_eq!((file.maze.rows(), file.maze.cols()), (2, 10));
    assert_eq!(file.axis_labels.map(|l| l.header_lines), Some(2));
    // Rows only.
    let file = read("0 S.\n1 .G\n", Symbols::default()).unwrap();
    assert_eq!(file.maze.to_string(), "1 1\n1 1\n");
    // Labels that grow a digit (`print(i, row)`): each row's cells after its own
    // label, left-aligned or right-aligned (a row of `10` had kept a phantom open
    // cell, and --pad then gave a path one move too long).
    let rows: Vec<String> = (0..11)
        .map(|r| {
            if r == 10 {
                "#.G#"
            } else if r == 0 {
                "#S.#"
            } else {
                "#..#"
            }
            .to_owned()
        })
        .collect();
    for width in [0, 2] {
        let text: String = rows
            .iter()
            .enumerate()
            .map(|(r, row)| format!("{r:>width$} {row}\n"))
            .collect();
        let file = read(&text, Symbols::default()).unwrap();
        assert_eq!((file.maze.rows(), file.maze.cols()), (11, 4), "{text}");
        assert_eq!(file.goals, [Coord::new(10, 2)], "{text}");
    }
    // A wrong label is named with its line; every format tried is named.
    let err = read("   012\n 0 S..\n 2 ..G\n", Symbols::default()).unwrap_err();
    assert!(
        err.to_string().contains("expected the row label 1"),
        "{err}"
    );
}

/// A grid of `rows x cols` values from `values` (cycled).
fn grid_of(rows: usize, cols: usize, values: &[i64]) -> Vec<Vec<i64>> {
    (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| values[(r * cols + c) % values.len()])
                .collect()
        })
        .collect()
}

fn json(grid: &[Vec<i64>]) -> String {
    let rows: Vec<String> = grid
        .iter()
        .map(|row| {
            let cells: Vec<String> = row.iter().map(i64::to_string).collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    format!("[{}]", rows.join(","))
}

/// `grid` as NumPy prints an integer array: no commas, every value right-aligned to
/// the widest, the rows after the first indented by one space.
fn numpy(grid: &[Vec<i64>]) -> String {
    let width = grid
        .iter()
        .flatten()
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1);
    let rows: Vec<String> = grid
        .iter()
        .map(|row| {
            let cells: Vec<String> = row.iter().map(|v| format!("{v:>width$}")).collect();
            format!("[{}]", cells.join(" "))
        })
        .collect();
    format!("[{}]\n", rows.join("\n "))
}

fn spaced(grid: &[Vec<i64>]) -> String {
    grid.iter()
        .map(|row| {
            let cells: Vec<String> = row.iter().map(i64::to_string).collect();
            cells.join(" ") + "\n"
        })
        .collect()
}

proptest! {
    /// Random -1/0/1/2 grids read with `--open` (0 open, or 0 and 2), written as JSON,
    /// spaced rows or NumPy's print, give the cells of the independent search over the
    /// values, under the king's moves and the four.
    #[test]
    fn open_readings_and_king_match_a_search_over_the_values(
        rows in 1usize..9,
        cols in 1usize..9,
        values in proptest::collection::vec(prop_oneof![Just(-1i64), Just(0), Just(0), Just(1), Just(2)], 1..50),
        wide in any::<bool>(),
    ) {
        let grid = grid_of(rows, cols, &values);
        let (list, open): (&str, &[i64]) = if wide { ("0,2", &[0, 2]) } else { ("0", &[0]) };
        for text in [json(&grid), spaced(&grid), numpy(&grid)] {
            let file = read(&text, Symbols::open(list)).unwrap();
            prop_assert_eq!(cells(&file, MoveSet::King), contest_cells(&grid, open, true), "{}", text);
            prop_assert_eq!(cells(&file, MoveSet::Four), contest_cells(&grid, open, false), "{}", text);
        }
    }

    /// Random 0/1 grids read with the default symbols agree with the search taking 1 as
    /// open (today's rule), under the king's moves.
    #[test]
    fn the_default_reading_matches_open_one(
        rows in 1usize..9,
        cols in 1usize..9,
        values in proptest::collection::vec(0i64..2, 1..50),
    ) {
        let grid = grid_of(rows, cols, &values);
        let file = read(&spaced(&grid), Symbols::default()).unwrap();
        prop_assert_eq!(cells(&file, MoveSet::King), contest_cells(&grid, &[1], true));
    }
}
