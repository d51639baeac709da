//! The answers of the verbs that ask a question of each maze file: one `answer`
//! function per verb that calls the library and returns a typed answer, and that
//! answer's rendering (text through [`Render`], JSON through its `Serialize` derive).

use std::io::{self, Write};

use grid_core::{BoundedCount, Coord};
use maze::{MazeFile, MoveSet, Path, Query};
use serde::Serialize;

use super::args::{CountArgs, ExistsArgs, PathsArgs, ShortestArgs, SolveArgs};
use crate::report::{Outcome, Render};

/// A maze file with the question's setting: what every verb's `answer` step reads.
pub(super) struct Asked<'a> {
    /// The file's name as messages show it (`<stdin>` for standard input).
    pub name: &'a str,
    /// The maze as read, with its markers and drawing style.
    pub file: &'a MazeFile,
    /// Start, goals and move set, checked against the maze.
    pub query: Query<'a>,
}

/// An answer of one maze file: rendered by [`Render`] and `Serialize`, with the
/// [`Outcome`] it means for the exit status.
pub(super) trait MazeAnswer: Render {
    /// Answered, or no path (a valid maze without a path is exit status 1).
    fn outcome(&self) -> Outcome;
}

/// A verb that asks one question of each maze file.
pub(super) trait Question {
    /// The verb's typed answer.
    type Answer: MazeAnswer;

    /// Calls the library for one maze; no printing.
    fn answer(&self, asked: &Asked<'_>) -> Self::Answer;
}

/// The move string: letters run together, or separated by spaces for the eight-direction
/// move set so that every path of a list reads alike.
fn moves_text(path: &Path, moves: MoveSet) -> String {
    if matches!(moves, MoveSet::Eight { .. }) {
        path.move_string_separated(" ")
    } else {
        path.move_string()
    }
}

/// The move string for text output, or a note for the empty path of a start that is
/// already a goal.
fn display_moves(moves: &str) -> &str {
    if moves.is_empty() {
        "(none: the start is a goal)"
    } else {
        moves
    }
}

/// A path's cells as `[row, column]` pairs (0-based), the JSON form of a path.
fn path_cells(path: &Path) -> Vec<[usize; 2]> {
    path.cells().map(|c: Coord| [c.row, c.col]).collect()
}

/// `"1 path"`, `"2 paths"`.
fn paths_noun(n: impl Into<u128>) -> &'static str {
    if n.into() == 1 { "path" } else { "paths" }
}

// ---- exists -----------------------------------------------------------------------------

/// `maze exists`: whether a path leads from the start to a goal.
#[derive(Debug, Serialize)]
pub(super) struct ExistsAnswer {
    file: String,
    found: bool,
}

impl Question for ExistsArgs {
    type Answer = ExistsAnswer;

    fn answer(&self, asked: &Asked<'_>) -> ExistsAnswer {
        ExistsAnswer {
            file: asked.name.to_owned(),
            found: asked.query.path_exists(),
        }
    }
}

impl Render for ExistsAnswer {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "{}",
            if self.found { "path exists" } else { "no path" }
        )
    }
}

impl MazeAnswer for ExistsAnswer {
    fn outcome(&self) -> Outcome {
        Outcome::found(self.found)
    }
}

// ---- solve ------------------------------------------------------------------------------

/// The JSON shape every maze verb that gives a path shares (`solve`, `shortest`), flattened
/// into its answer: `found`, and the path's `length` (moves, a number), `moves` (the
/// letters, a string) and `path` (the cells, `[row, column]`, 0-based), all three `null`
/// when no path was found (an empty path, `length` 0 and `moves` "", is a start that is
/// already a goal).
#[derive(Debug, Serialize)]
pub(super) struct FoundPath {
    found: bool,
    /// Number of moves.
    length: Option<usize>,
    /// The moves as letters (space-separated under `--moves eight`).
    moves: Option<String>,
    /// The path's cells, `[row, column]` (0-based).
    path: Option<Vec<[usize; 2]>>,
}

impl FoundPath {
    fn of(path: Option<&Path>, moves: MoveSet) -> FoundPath {
        FoundPath {
            found: path.is_some(),
            length: path.map(Path::len),
            moves: path.map(|p| moves_text(p, moves)),
            path: path.map(path_cells),
        }
    }

    /// The move letters and their number, when a path was found.
    fn found(&self) -> Option<(usize, &str)> {
        self.length.zip(self.moves.as_deref())
    }
}

/// `maze solve`: one path ([`FoundPath`]) and the classic 0/1 solution matrix (`null`
/// without a path).
#[derive(Debug, Serialize)]
pub(super) struct SolveAnswer {
    file: String,
    #[serde(flatten)]
    found: FoundPath,
    /// The classic 0/1 solution matrix (1 on the path).
    solution: Option<Vec<Vec<u8>>>,
    /// With `--draw`, text only: the path drawn over the maze in the file's style.
    #[serde(skip)]
    drawing: Option<String>,
}

impl Question for SolveArgs {
    type Answer = SolveAnswer;

    fn answer(&self, asked: &Asked<'_>) -> SolveAnswer {
        let path = asked.query.some_path();
        let maze = &asked.file.maze;
        SolveAnswer {
            file: asked.name.to_owned(),
            found: FoundPath::of(path.as_ref(), asked.query.moves()),
            solution: path.as_ref().map(|p| {
                (p.solution_matrix(maze.rows(), maze.cols()).iter_rows())
                    .map(<[u8]>::to_vec)
                    .collect()
            }),
            drawing: (path.as_ref())
                .filter(|_| self.draw.draw)
                .map(|p| asked.file.draw(p)),
        }
    }
}

impl Render for SolveAnswer {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let (Some((_, moves)), Some(solution)) = (self.found.found(), &self.solution) else {
            return writeln!(out, "no path");
        };
        writeln!(out, "moves: {}", display_moves(moves))?;
        if let Some(drawing) = &self.drawing {
            return write!(out, "{drawing}");
        }
        for row in solution {
            let cells: Vec<String> = row.iter().map(u8::to_string).collect();
            writeln!(out, "{}", cells.join(" "))?;
        }
        Ok(())
    }
}

impl MazeAnswer for SolveAnswer {
    fn outcome(&self) -> Outcome {
        Outcome::found(self.found.found)
    }
}

// ---- paths ------------------------------------------------------------------------------

/// `maze paths`: every path's moves in order, at most `limit` of them, and how many
/// there are (`count`, `exact`: `false` when more exist than were listed).
#[derive(Debug, Serialize)]
pub(super) struct PathsAnswer {
    file: String,
    paths: Vec<String>,
    #[serde(flatten)]
    count: BoundedCount,
    limit: usize,
}

impl Question for PathsArgs {
    type Answer = PathsAnswer;

    fn answer(&self, asked: &Asked<'_>) -> PathsAnswer {
        let found = asked.query.all_paths(self.limit);
        PathsAnswer {
            file: asked.name.to_owned(),
            paths: found
                .paths
                .iter()
                .map(|p| moves_text(p, asked.query.moves()))
                .collect(),
            count: found.count(),
            limit: self.limit,
        }
    }
}

impl Render for PathsAnswer {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        for moves in &self.paths {
            if moves.is_empty() {
                writeln!(out, "(empty path: the start is a goal)")?;
            } else {
                writeln!(out, "{moves}")?;
            }
        }
        let n = self.paths.len() as u128;
        if !self.count.exact {
            writeln!(
                out,
                "(stopped after {n} {}: more exist; raise --limit to list them)",
                paths_noun(n)
            )
        } else if n == 0 {
            writeln!(out, "no path")
        } else {
            writeln!(out, "({n} {})", paths_noun(n))
        }
    }
}

impl MazeAnswer for PathsAnswer {
    fn outcome(&self) -> Outcome {
        Outcome::found(!self.paths.is_empty() || !self.count.exact)
    }
}

// ---- shortest ---------------------------------------------------------------------------

/// `maze shortest`: a shortest path ([`FoundPath`]).
#[derive(Debug, Serialize)]
pub(super) struct ShortestAnswer {
    file: String,
    #[serde(flatten)]
    found: FoundPath,
    /// With `--draw`, text only: the path drawn over the maze in the file's style.
    #[serde(skip)]
    drawing: Option<String>,
}

impl Question for ShortestArgs {
    type Answer = ShortestAnswer;

    fn answer(&self, asked: &Asked<'_>) -> ShortestAnswer {
        let path = asked.query.shortest_path();
        ShortestAnswer {
            file: asked.name.to_owned(),
            found: FoundPath::of(path.as_ref(), asked.query.moves()),
            drawing: path
                .as_ref()
                .filter(|_| self.draw.draw)
                .map(|p| asked.file.draw(p)),
        }
    }
}

impl Render for ShortestAnswer {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let Some((n, moves)) = self.found.found() else {
            return writeln!(out, "no path");
        };
        let noun = if n == 1 { "move" } else { "moves" };
        writeln!(out, "{n} {noun}: {}", display_moves(moves))?;
        if let Some(drawing) = &self.drawing {
            write!(out, "{drawing}")?;
        }
        Ok(())
    }
}

impl MazeAnswer for ShortestAnswer {
    fn outcome(&self) -> Outcome {
        Outcome::found(self.found.found)
    }
}

// ---- count ------------------------------------------------------------------------------

/// `maze count`: the number of paths (`count`, `exact`: `false` means more than `count`).
#[derive(Debug, Serialize)]
pub(super) struct CountAnswer {
    file: String,
    #[serde(flatten)]
    count: BoundedCount,
    /// The `--limit` that stopped an inexact count, for the text's advice.
    #[serde(skip)]
    limit: u128,
}

impl Question for CountArgs {
    type Answer = CountAnswer;

    fn answer(&self, asked: &Asked<'_>) -> CountAnswer {
        CountAnswer {
            file: asked.name.to_owned(),
            count: asked.query.count_paths(self.limit),
            limit: self.limit,
        }
    }
}

impl Render for CountAnswer {
    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let BoundedCount { count: n, exact } = self.count;
        if exact {
            writeln!(out, "{n} {}", paths_noun(n))
        } else if n == u128::MAX {
            writeln!(out, "more than {n} paths (the count exceeds 2^128 - 1)")
        } else {
            writeln!(
                out,
                "more than {n} {} (stopped at --limit {}; raise it to count further)",
                paths_noun(n),
                self.limit
            )
        }
    }
}

impl MazeAnswer for CountAnswer {
    /// Zero paths is "no solution", as for every other puzzle's count.
    fn outcome(&self) -> Outcome {
        Outcome::found(self.count.count > 0)
    }
}
