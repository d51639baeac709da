//! Reading one maze file into the question every verb asks of it: the file's lines
//! streamed into a [`MazeReader`], the start, goals and move set checked against the
//! maze ([`Asked`]), and what can go wrong on the way as an [`Invalid`].

use std::path::Path;

use grid_core::Coord;
use grid_core::text::ReadError;
use maze::{Maze, MazeError, MazeFile, MazeReader, Query};

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
    let mut reader = MazeReader::new(input.input_format.map(Into::into)).pad(input.pad);
    match opened.lines().read_all(&mut reader) {
        Ok(mut files) => match files.pop() {
            Some(file) => Ok((name, file)),
            None => Err(maze_error(&name, &MazeError::Empty)),
        },
        Err(ReadError::Reader(err)) => Err(maze_error(&name, &err)),
        Err(ReadError::Line(err)) => Err(Invalid::new(&name, &err)),
        Err(other) => Err(Invalid::new(&name, &other)),
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

/// Notes for standard error (each one line, without the `gridsolve: ` prefix) when the
/// file lacks a start or goal marker ([`MazeFile::defaulted`]), the command line gives
/// none either, and a cell its format puts in the marker's place is blocked: the answer
/// is "no path", and the note says why. Cells are named 1-based, as in error messages.
pub(super) fn blocked_default_notes(name: &str, file: &MazeFile, input: &MazeInput) -> Vec<String> {
    let defaulted = file.defaulted();
    let start = [file.start_or_default()];
    let goals = file.goals_or_default();
    let roles: [(bool, &[Coord], &str, &str, &str); 2] = [
        (
            defaulted.start && input.start.is_none(),
            &start,
            "start `S`",
            "start",
            "mark the start with `S` or give --start ROW,COL (0-based)",
        ),
        (
            defaulted.goal && input.goals.is_empty(),
            &goals,
            "goal `G`",
            "goal",
            "mark the goal with `G` or give --goal ROW,COL (0-based)",
        ),
    ];
    let mut notes = Vec::new();
    for (unmarked, cells, marker, role, fix) in roles {
        if !unmarked {
            continue;
        }
        for &cell in cells.iter().filter(|&&cell| !file.maze.is_open(cell)) {
            notes.push(format!(
                "{name}: no {marker} is marked, so the {role} defaults to the {} (row {}, column {}), which is blocked (`#`); {fix}",
                place_name(&file.maze, cell),
                cell.row + 1,
                cell.col + 1
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

/// A maze from `name` that cannot be read; ragged art names `--pad`.
fn maze_error(name: &str, err: &MazeError) -> Invalid {
    let invalid = Invalid::new(name, err);
    match err {
        MazeError::RaggedArt { .. } => {
            invalid.with_hint("; --pad fills short rows with open cells")
        }
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
