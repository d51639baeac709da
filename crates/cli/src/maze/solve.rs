//! `gridsolve maze solve`: one path (depth-first, moves tried in the order D, L, R, U),
//! as moves and as the classic 0/1 solution matrix, or drawn over the maze.

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;

use super::found_path::{self, FoundPath, display_moves};
use super::input::MazeInput;
use super::read::Asked;
use crate::args::DrawArg;
use crate::report::{Answer, Outcome, Picture};

/// `maze solve`.
#[derive(Debug, Args)]
pub(super) struct SolveArgs {
    #[command(flatten)]
    pub input: MazeInput,
    // `--draw`: the path over the maze in the input's own style instead of the solution
    // matrix.
    #[command(flatten)]
    pub draw: DrawArg,
}

/// The answer of `maze solve`: one path ([`FoundPath`]) and the classic 0/1 solution
/// matrix (`null` without a path).
#[derive(Debug, Serialize)]
pub(super) struct SolveAnswer {
    #[serde(flatten)]
    found: FoundPath,
    /// The classic 0/1 solution matrix (1 on the path).
    solution: Option<Vec<Vec<u8>>>,
    /// With `--draw`: the path drawn over the maze in the file's style (JSON
    /// `"drawing"`, absent without `--draw`).
    #[serde(skip_serializing_if = "Option::is_none")]
    drawing: Option<String>,
    /// With `--draw svg`: the maze and the path as a picture.
    #[serde(skip)]
    picture: Option<Picture>,
}

/// One path of the maze (linear-time depth-first search), with its solution matrix and,
/// under `--draw`, its drawing.
pub(super) fn answer(args: &SolveArgs, asked: &Asked<'_>) -> SolveAnswer {
    let path = asked.query.some_path();
    let (drawing, picture) = found_path::drawings(&args.draw, asked, path.as_ref());
    let maze = &asked.file.maze;
    SolveAnswer {
        found: FoundPath::of(path.as_ref(), asked.query.moves()),
        solution: path.as_ref().map(|p| {
            (p.solution_matrix(maze.rows(), maze.cols()).iter_rows())
                .map(<[u8]>::to_vec)
                .collect()
        }),
        drawing,
        picture,
    }
}

impl Answer for SolveAnswer {
    /// Every key of its JSON lines (a file's columns come first: see `InFile`).
    fn csv_columns() -> Vec<&'static str> {
        // `shortest`'s, and the solution matrix after the path, as in its JSON line.
        let mut columns = super::shortest::ShortestAnswer::csv_columns();
        let path = columns
            .iter()
            .position(|&c| c == "path")
            .map_or(0, |i| i + 1);
        columns.insert(path, "solution");
        columns
    }

    /// Answered, or no path (exit 1).
    fn outcome(&self) -> Outcome {
        Outcome::found(self.found.is_found())
    }

    fn picture(&self) -> Option<&Picture> {
        self.picture.as_ref()
    }

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
