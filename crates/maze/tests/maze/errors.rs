//! Error messages and the positions they carry as data (line and column of the text, or
//! the matrix cell), micromouse reading in particular.

use grid_core::{Coord, Positioned, TextPosition};
use maze::{Format, MazeError, MazeFile};

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
    const NO_ROWS: &str = "no maze found: the input has no rows (it is empty or `[]`, or read as a matrix its lines are all `#` comments)";
    assert_eq!(err("[]", None), NO_ROWS);
    assert_eq!(err(" \n\n", Some(Format::Ascii)), NO_ROWS);
    // ASCII art forced into the matrix form: its wall lines read as comments.
    assert_eq!(err("###\n#.#\n###\n", Some(Format::Matrix)), NO_ROWS);
    assert_eq!(
        err("o---o\n| X |\no---o\n", None),
        "line 2, column 3: expected a space, `S` (start) or `G` (goal) at a cell centre, found 'X'"
    );
    assert_eq!(
        err("o-- o\n|   |\no---o\n", None),
        "line 1, column 4: expected `-` to continue the wall `---`, found ' '"
    );
    // The character that breaks a side is named where it stands, not where the side begins.
    assert_eq!(
        err(
            "o---o---o\n|   |   |\no---o-x-o\n| S     |\no---o---o\n",
            None
        ),
        "line 3, column 7: expected `-` to continue the wall `---`, found 'x'"
    );
    assert_eq!(
        err("o---o\n|   |\no   o\n|   |\no-#-o\n", None),
        "line 5, column 3: expected `-` to continue the wall `---`, found '#'"
    );
    assert_eq!(
        err("o---o\n|   |\no  -o\n|   |\no---o\n", None),
        "line 3, column 4: expected a space to continue the gap of three spaces, found '-'"
    );
    assert_eq!(
        err("o---o\n|   |\noxx o\n|   |\no---o\n", None),
        "line 3, column 2: expected a wall `---` or three spaces, found 'x'"
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
    assert_eq!(ragged.text_position(), Some(TextPosition::at(2, 1)));
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
