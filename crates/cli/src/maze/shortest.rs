//! `gridsolve maze shortest`: a shortest path (breadth-first search), its length in
//! moves and the path, or the path drawn over the maze.

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;

use super::found_path::{self, FoundPath, display_moves};
use super::input::MazeInput;
use super::read::Asked;
use crate::args::DrawArg;
use crate::report::{Answer, Outcome, Picture};

/// `maze shortest`.
#[derive(Debug, Args)]
pub(super) struct ShortestArgs {
    #[command(flatten)]
    pub input: MazeInput,
    // `--draw`: the path over the maze in the input's own style.
    #[command(flatten)]
    pub draw: DrawArg,
}

/// The answer of `maze shortest`: a shortest path ([`FoundPath`]).
#[derive(Debug, Serialize)]
pub(super) struct ShortestAnswer {
    #[serde(flatten)]
    found: FoundPath,
    /// With `--draw`: the path drawn over the maze in the file's style (JSON
    /// `"drawing"`, absent without `--draw`).
    #[serde(skip_serializing_if = "Option::is_none")]
    drawing: Option<String>,
    /// With `--draw svg`: the maze and the path as a picture.
    #[serde(skip)]
    picture: Option<Picture>,
}

/// A shortest path of the maze and, under `--draw`, its drawing.
pub(super) fn answer(args: &ShortestArgs, asked: &Asked<'_>) -> ShortestAnswer {
    let path = asked.query.shortest_path();
    let (drawing, picture) = found_path::drawings(&args.draw, asked, path.as_ref());
    ShortestAnswer {
        found: FoundPath::of(path.as_ref(), asked.query.moves()),
        drawing,
        picture,
    }
}

impl Answer for ShortestAnswer {
    /// Every key of its JSON lines (a file's columns come first: see `InFile`).
    fn csv_columns() -> Vec<&'static str> {
        // `--draw svg`'s picture, or under `--output-dir` its file, before the status.
        vec![
            "found",
            "length",
            "cells",
            "moves",
            "path",
            "drawing",
            "drawing_file",
            "status",
        ]
    }

    /// Answered, or no path (exit 1).
    fn outcome(&self) -> Outcome {
        Outcome::found(self.found.is_found())
    }

    fn picture(&self) -> Option<&Picture> {
        self.picture.as_ref()
    }

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
