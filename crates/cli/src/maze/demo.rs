//! The maze part of `gridsolve demo`: the GeeksforGeeks example.

use std::io::{self, Write};

use grid_core::Coord;
use maze::{MazeFile, MoveSet, Path};
use serde::Serialize;

use crate::report::{Answer, Outcome};

/// The demo's answer: the GeeksforGeeks maze, its paths and the shortest length. JSON:
/// `{"maze": [[0/1]], "paths": [moves], "shortest": moves}`.
#[derive(Debug, Serialize)]
pub struct Demo {
    maze: Vec<Vec<u8>>,
    paths: Vec<String>,
    shortest: Option<usize>,
    /// Text only: the maze as read, for its drawing.
    #[serde(skip)]
    file: MazeFile,
}

impl Answer for Demo {
    fn outcome(&self) -> Outcome {
        Outcome::found(self.shortest.is_some())
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "maze (1 = open), start top-left, goal bottom-right:")?;
        write!(out, "{}", self.file.maze)?;
        writeln!(out, "paths: {}", self.paths.join(" "))?;
        if let Some(n) = self.shortest {
            writeln!(out, "shortest: {n} moves")?;
        }
        Ok(())
    }
}

/// The GeeksforGeeks example: `[[1,0,0,0],[1,1,0,1],[1,1,0,0],[0,1,1,1]]`, paths
/// `DDRDRR DRDDRR`, shortest 6 moves.
///
/// # Errors
///
/// None in practice: the example is a valid maze.
pub fn demo() -> anyhow::Result<Demo> {
    let text = "[[1,0,0,0],[1,1,0,1],[1,1,0,0],[0,1,1,1]]";
    let file = MazeFile::parse(text, None)?;
    let query = file.maze.query(
        file.start_or_default(),
        &file.goals_or_default(),
        MoveSet::Four,
    )?;
    let paths = query
        .all_paths(100)
        .paths
        .iter()
        .map(Path::move_string)
        .collect();
    let shortest = query.shortest_distance();
    let (rows, cols) = (file.maze.rows(), file.maze.cols());
    let maze = (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| u8::from(file.maze.is_open(Coord::new(r, c))))
                .collect()
        })
        .collect();
    Ok(Demo {
        maze,
        paths,
        shortest,
        file,
    })
}
