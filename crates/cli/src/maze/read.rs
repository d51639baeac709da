//! Reading one maze file into the question every verb asks of it: the file's lines
//! streamed into a [`MazeReader`], the start, goals and move set checked against the
//! maze ([`Asked`]), and what can go wrong on the way as an [`Invalid`].

use std::path::Path;

use grid_core::Coord;
use grid_core::text::{LineReader, TextLine};
use maze::{Format, Maze, MazeError, MazeFile, MazeReader, Query};

use super::input::MazeInput;
use crate::input::Input;
use crate::report::Invalid;

/// A maze file with the question's setting: what every verb's `answer` reads.
pub(super) struct Asked<'a> {
    /// The name messages give the file (`<stdin>` for standard input).
    pub name: String,
    /// The maze as read, with its markers and drawing style.
    pub file: &'a MazeFile,
    /// Start, goals and move set, checked against the maze.
    pub query: Query<'a>,
}

/// Reads the maze file at `path` (standard input for `None` or `-`) as `input` says
/// (`--input-format`, `--pad`), streaming its lines into a [`MazeReader`]: the text is
/// never held whole. Returns the name messages give it and the maze.
///
/// # Errors
///
/// An [`Invalid`] (boxed: it is large beside the maze) naming the file: it cannot be
/// opened or read (`file: No such file or directory (os error 2)`), a line is not UTF-8
/// (`file:line:column: ...`), or the maze is malformed (the reader's error at its place;
/// ragged art names `--pad`).
pub(super) fn read_maze(
    path: Option<&Path>,
    input: &MazeInput,
) -> Result<(String, MazeFile), Invalid> {
    let opened = Input::open(path)?;
    let name = opened.name.clone();
    let mut reader = MazeReader::new(input.input_format.map(Into::into))
        .pad(input.pad)
        .symbols(input.symbols());
    let mut lines = opened.lines(maze::MAX_LINE_BYTES);
    let mut done = Vec::new();
    while let Some(line) = lines.next_line() {
        let line = line.map_err(|e| Invalid::new(&name, &e))?;
        // A JSON answer of `maze generate` (`{"rows": ..., "maze": "S..#\n..."}`):
        // the maze its `maze` field holds, its lines counted from 1.
        if line.number == 1
            && let Some(text) = generated_maze(line.text)
        {
            for (i, text) in text.lines().enumerate() {
                let inner = TextLine {
                    number: i + 1,
                    text,
                };
                LineReader::push_line(&mut reader, inner, &mut done).map_err(|e| {
                    maze_error(&name, &e).with_hint(" (in the `maze` field of the JSON line)")
                })?;
            }
            continue;
        }
        LineReader::push_line(&mut reader, line, &mut done).map_err(|e| maze_error(&name, &e))?;
    }
    LineReader::finish(&mut reader, &mut done).map_err(|e| maze_error(&name, &e))?;
    match done.pop() {
        Some(file) => Ok((name, file)),
        None => Err(maze_error(&name, &MazeError::Empty)),
    }
}

/// The maze a JSON answer of `maze generate` holds in its `maze` field (its own output
/// read back); `None` for any other line.
fn generated_maze(line: &str) -> Option<String> {
    if !line.trim_start().starts_with("{\"") {
        return None;
    }
    let mut object: serde_json::Map<String, serde_json::Value> = serde_json::from_str(line).ok()?;
    match object.remove("maze")? {
        serde_json::Value::String(maze) => Some(maze),
        _ => None,
    }
}

/// The question `input` asks of the maze `file` from `name`: `--start` or the file's
/// start, `--goal`s or the file's goals (each with its format's default), and the move
/// set.
///
/// # Errors
///
/// An [`Invalid`] when the start or a goal is off the maze, named as the user wrote it.
pub(super) fn ask<'a>(
    name: &str,
    file: &'a MazeFile,
    input: &MazeInput,
) -> Result<Asked<'a>, Invalid> {
    // A letter alone in its cell, read as open, where the start or the goal falls to
    // its default: likely the marker the file meant (a goal written `F`). An answer
    // to the default's question would be an answer nobody asked for.
    let unmarked = [
        (
            input.start.is_none() && file.start.is_none(),
            "start",
            "S",
            "top-left",
        ),
        (
            input.goals.is_empty() && file.goals.is_empty(),
            "goal",
            "G",
            "bottom-right",
        ),
    ];
    if let (Some(&(letter, cell)), Some(&(_, role, marker, corner))) = (
        file.lone_letters.first(),
        unmarked.iter().find(|(defaulted, ..)| *defaulted),
    ) {
        return Err(Invalid::whole(
            name,
            format_args!(
                "no {role} `{marker}` is marked (it would be the {corner} cell), and `{letter}` \
                 stands alone at row {}, column {}, read as an open cell: if `{letter}` is the \
                 {role}, write it `{marker}` or give --{role} {},{}; else give the {role} with \
                 --{role} ROW,COL (0-based), or the open characters with --open",
                cell.row + 1,
                cell.col + 1,
                cell.row,
                cell.col
            ),
        ));
    }
    let start = input.start.unwrap_or_else(|| file.start_or_default());
    let goals = if input.goals.is_empty() {
        file.goals_or_default()
    } else {
        input.goals.clone()
    };
    match file.maze.query(start, &goals, input.move_set()) {
        Ok(query) => Ok(Asked {
            name: name.to_owned(),
            file,
            query,
        }),
        Err(err) => Err(setting_error(name, &err)),
    }
}

/// Notes for standard error (each one line, without the `gridsolve: ` prefix), the same
/// for every format: `--wall` or `--pad` on a maze that is no ASCII art (they do
/// nothing there); how an ASCII-art file was read when the reader had to decide
/// (characters read as open after a `#`, axis labels dropped), and, when the start is
/// blocked or every goal is, which cell and where it came from (a missing marker, the
/// matrix's corner, the command line), since the answer is then "no path". Cells are
/// named 1-based, as in error messages.
pub(super) fn notes(name: &str, file: &MazeFile, input: &MazeInput) -> Vec<String> {
    let mut notes = Vec::new();
    // Flags of ASCII art on a file of another format: said, not silently dropped.
    if file.format != Format::Ascii {
        let format = match file.format {
            Format::Matrix => "a 0/1 matrix",
            _ => "a micromouse file",
        };
        if input.wall.is_some() {
            notes.push(format!(
                "{name}: --wall has no effect: it names ASCII art's wall characters, and this \
                 maze is {format}"
            ));
        }
        // (A forced --input-format has had its note before reading.)
        if input.pad && input.input_format.is_none() {
            notes.push(format!(
                "{name}: --pad has no effect: it pads ASCII art's short rows, and this maze is \
                 {format}"
            ));
        }
    }
    if !file.detected_open.is_empty() {
        let chars: Vec<String> = file
            .detected_open
            .iter()
            .map(|c| format!("`{c}`"))
            .collect();
        notes.push(format!(
            "{name}: read as ASCII art with `#` as the wall and every other character open ({} too); give --wall or --open to say otherwise",
            chars.join(", ")
        ));
    }
    if let Some(labels) = file.axis_labels {
        let header = match labels.header_lines {
            0 => String::new(),
            1 => "1 line of column numbers and ".to_owned(),
            n => format!("{n} lines of column numbers and "),
        };
        notes.push(format!(
            "{name}: read as ASCII art with axis labels: {header}the row numbers (from {}) are not cells",
            labels.first_row
        ));
    }
    let defaulted = file.defaulted();
    let matrix = file.format == Format::Matrix;
    let start = [input.start.unwrap_or_else(|| file.start_or_default())];
    let goals = if input.goals.is_empty() {
        file.goals_or_default()
    } else {
        input.goals.clone()
    };
    let roles: [(&[Coord], &str, &str, &str); 2] = [
        (
            &start,
            "start",
            "S",
            if input.start.is_some() { "--start" } else { "" },
        ),
        (
            &goals,
            "goal",
            "G",
            if input.goals.is_empty() { "" } else { "--goal" },
        ),
    ];
    for (cells, role, marker, flag) in roles {
        let blocked = |cell: &&Coord| file.maze.contains(**cell) && !file.maze.is_open(**cell);
        if !cells.iter().all(|c| blocked(&c)) {
            continue;
        }
        for &cell in cells.iter().filter(blocked) {
            let (why, is, fix) = if !flag.is_empty() {
                (
                    String::new(),
                    format!("({flag}) is"),
                    format!("give another {flag}"),
                )
            } else if matrix {
                (
                    String::new(),
                    "is".to_owned(),
                    format!(
                        "give --{role} ROW,COL (0-based), or --open SYMBOLS if open cells are written otherwise"
                    ),
                )
            } else if (role == "start" && defaulted.start) || (role == "goal" && defaulted.goal) {
                (
                    format!("no {role} `{marker}` is marked, so "),
                    "defaults to".to_owned(),
                    format!("mark the {role} with `{marker}` or give --{role} ROW,COL (0-based)"),
                )
            } else {
                continue;
            };
            // The file's 1-based row and column, and the 0-based pair the flag takes.
            notes.push(format!(
                "{name}: {why}the {role} {is} the {} (row {}, column {}; `--{role} {},{}`), which is blocked; {fix}",
                place_name(&file.maze, cell),
                cell.row + 1,
                cell.col + 1,
                cell.row,
                cell.col
            ));
        }
    }
    notes
}

/// Where `cell` lies in `maze`, for a note: `top-left cell`, ..., or `cell`.
fn place_name(maze: &Maze, cell: Coord) -> &'static str {
    let (top, left) = (cell.row == 0, cell.col == 0);
    let bottom = cell.row + 1 == maze.rows();
    let right = cell.col + 1 == maze.cols();
    match (top, bottom, left, right) {
        (true, _, true, _) => "top-left cell",
        (true, _, _, true) => "top-right cell",
        (_, true, true, _) => "bottom-left cell",
        (_, true, _, true) => "bottom-right cell",
        _ => "cell",
    }
}

/// A maze from `name` that cannot be read; ragged art names `--pad` (not for a blank
/// line inside the art: padding would open a whole row), a matrix value other than 0
/// and 1 names `--open`.
fn maze_error(name: &str, err: &MazeError) -> Invalid {
    let invalid = Invalid::new(name, err);
    let ragged = |e: &MazeError| matches!(e, MazeError::RaggedArt { found, .. } if *found > 0);
    match err {
        MazeError::RaggedArt { found: 0, .. } => invalid,
        MazeError::RaggedArt { .. } => {
            invalid.with_hint("; --pad fills short rows with open cells")
        }
        MazeError::NoFormat { tried } if tried.iter().any(|(_, e)| ragged(e)) => {
            invalid.with_hint("; --pad fills short ASCII-art rows with open cells")
        }
        // Art in other symbols (`X` walls, `o` open cells) reads with them named.
        MazeError::NoFormat { tried }
            if tried
                .iter()
                .any(|(_, e)| matches!(e, MazeError::Unexpected { expected, .. } if expected.starts_with("`#`"))) =>
        {
            invalid.with_hint(
                "; for ASCII art in other symbols name the walls with --wall CHARS or the open cells with --open CHARS",
            )
        }
        // An ASCII-art cell of another symbol (the art's list starts with `#`).
        MazeError::Unexpected { expected, .. } if expected.starts_with("`#`") => invalid
            .with_hint("; for other symbols name the walls with --wall CHARS or the open cells with --open CHARS"),
        // A JSON grid of integers with a string in it (a grid of strings starts with one).
        _ if err.to_string().contains("expected an integer, found `\"") => invalid.with_hint(
            "; a JSON grid holds 0/1 integers or strings, not both: write every cell as a string (`\"#\"` blocked, `\".\"` open) or as 0/1",
        ),
        MazeError::CellValue { .. } => invalid.with_hint(
            "; --open SYMBOLS names the open values (--open 0: 0 open, every other value blocked, as LeetCode 1091 and GeeksforGeeks' -1/0 grids write them)",
        ),
        _ => invalid,
    }
}

/// A question that cannot be asked of the maze from `name`. A start or goal off the
/// maze can only come from `--start` / `--goal` (markers and defaults lie inside), so it
/// is named as the user wrote it, 0-based `ROW,COL`, with the valid range.
fn setting_error(name: &str, err: &MazeError) -> Invalid {
    match *err {
        MazeError::OffMaze {
            role,
            cell,
            rows,
            cols,
        } => Invalid::whole(
            name,
            format_args!(
                "--{role} {},{} is off the {rows} x {cols} maze (rows 0 to {}, columns 0 to {})",
                cell.row,
                cell.col,
                rows.saturating_sub(1),
                cols.saturating_sub(1)
            ),
        ),
        _ => Invalid::new(name, err),
    }
}

#[cfg(test)]
mod tests {
    // unwrap and expect in these tests: a panic is a test failure; no user input reaches them.
    use super::*;

    #[test]
    fn places_are_named_by_corner() {
        let maze: Maze = "1 1 1\n1 1 1\n".parse().expect("a 2 x 3 maze");
        let names: Vec<&str> = [(0, 0), (0, 2), (1, 0), (1, 2), (0, 1)]
            .map(|(r, c)| place_name(&maze, Coord::new(r, c)))
            .into();
        assert_eq!(
            names,
            [
                "top-left cell",
                "top-right cell",
                "bottom-left cell",
                "bottom-right cell",
                "cell"
            ]
        );
    }
}
