//! `gridsolve maze exists`: whether a path leads from the start to a goal.

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;

use super::input::MazeInput;
use super::read::Asked;
use crate::report::{Answer, Outcome};

/// `maze exists`.
#[derive(Debug, Args)]
pub(super) struct ExistsArgs {
    #[command(flatten)]
    pub input: MazeInput,
}

/// The answer of `maze exists`. JSON: `{"found": bool}`.
#[derive(Debug, Serialize)]
pub(super) struct ExistsAnswer {
    found: bool,
}

/// Whether the maze has a path from its start to a goal (breadth-first search).
pub(super) fn answer(_: &ExistsArgs, asked: &Asked<'_>) -> ExistsAnswer {
    ExistsAnswer {
        found: asked.query.path_exists(),
    }
}

impl Answer for ExistsAnswer {
    /// Every key of its JSON lines (a file's columns come first: see `InFile`).
    fn csv_columns() -> Vec<&'static str> {
        vec!["found", "status"]
    }

    /// Answered, or no path (exit 1).
    fn outcome(&self) -> Outcome {
        Outcome::found(self.found)
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "{}",
            if self.found { "path exists" } else { "no path" }
        )
    }
}
