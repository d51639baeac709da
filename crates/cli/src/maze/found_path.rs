//! How the verbs that give paths write them: the move letters ([`moves_text`]), the
//! JSON shape `solve` and `shortest` share ([`FoundPath`]) and their drawings
//! ([`drawings`]).

use grid_core::Coord;
use maze::{MoveSet, Path};
use serde::Serialize;

use super::read::Asked;
use crate::args::DrawArg;
use crate::picture;
use crate::report::Picture;

/// The drawings of `path` in the maze `asked` as `draw` asks for them: the text drawing
/// over the maze in the file's own style (`--draw`; none without a path), and the SVG
/// picture (`--draw svg`, named after the maze file under `--output-dir`).
pub(super) fn drawings(
    draw: &DrawArg,
    asked: &Asked<'_>,
    path: Option<&Path>,
) -> (Option<String>, Option<Picture>) {
    let drawing = path.filter(|_| draw.text()).map(|p| asked.file.draw(p));
    let picture = draw.picture(&picture::file_name(&asked.name, None), || {
        let query = &asked.query;
        picture::maze::picture(&asked.file.maze, path, query.start(), &query.goals())
    });
    (drawing, picture)
}

/// The move string: letters run together, or separated by spaces for the eight-direction
/// move set so that every path of a list reads alike.
pub(super) fn moves_text(path: &Path, moves: MoveSet) -> String {
    if moves.has_diagonals() {
        path.move_string_separated(" ")
    } else {
        path.move_string()
    }
}

/// The move string for text output, or a note for the empty path of a start that is
/// already a goal.
pub(super) fn display_moves(moves: &str) -> &str {
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

/// The JSON shape every maze verb that gives a path shares (`solve`, `shortest`), flattened
/// into its answer: `found`, and the path's `length` (moves, a number), `moves` (the
/// letters, a string), `cells` (the cells visited, start and goal included: `length + 1`,
/// what LeetCode 1091 counts) and `path` (the cells, `[row, column]`, 0-based), all four
/// `null` when no path was found (an empty path, `length` 0, `cells` 1 and `moves` "", is
/// a start that is already a goal).
#[derive(Debug, Serialize)]
pub(super) struct FoundPath {
    found: bool,
    /// Number of moves.
    length: Option<usize>,
    /// Number of cells visited, start and goal included (`length + 1`).
    cells: Option<usize>,
    /// The moves as letters (space-separated under `--moves eight` and `king`).
    moves: Option<String>,
    /// The path's cells, `[row, column]` (0-based).
    path: Option<Vec<[usize; 2]>>,
}

impl FoundPath {
    /// The shape of `path` (or of no path) under the move set `moves`.
    pub(super) fn of(path: Option<&Path>, moves: MoveSet) -> FoundPath {
        FoundPath {
            found: path.is_some(),
            length: path.map(Path::len),
            cells: path.map(|p| p.len() + 1),
            moves: path.map(|p| moves_text(p, moves)),
            path: path.map(path_cells),
        }
    }

    /// Whether a path was found.
    pub(super) fn is_found(&self) -> bool {
        self.found
    }

    /// The move letters and their number, when a path was found.
    pub(super) fn found(&self) -> Option<(usize, &str)> {
        self.length.zip(self.moves.as_deref())
    }
}
