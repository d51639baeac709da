//! `gridsolve demo`: every puzzle on the example from its classic statement.
//!
//! Each puzzle module's `demo()` returns its answer; a [`Section`] puts the puzzle's
//! heading before its text (JSON: the answer's own line).

use std::io::{self, Write};

use serde::{Serialize, Serializer};

use crate::report::{self, Answer, Format, Outcome};

/// One puzzle's demo answer under its heading (`== Sudoku ==`), a blank line before
/// every heading but the first. JSON: the answer's own line, no heading.
#[derive(Debug)]
pub struct Section<A> {
    title: &'static str,
    first: bool,
    answer: A,
}

impl<A: Serialize> Serialize for Section<A> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.answer.serialize(serializer)
    }
}

impl<A: Answer> Answer for Section<A> {
    fn outcome(&self) -> Outcome {
        self.answer.outcome()
    }

    fn status(&self) -> Option<&'static str> {
        self.answer.status()
    }

    fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        if !self.first {
            writeln!(out)?;
        }
        writeln!(out, "== {} ==", self.title)?;
        self.answer.write_text(out)
    }
}

/// Writes `answer` under `title` and returns its outcome.
fn section(
    out: &mut dyn Write,
    format: Format,
    title: &'static str,
    answer: impl Answer,
) -> anyhow::Result<Outcome> {
    let first = title == TITLES[0];
    Ok(report::emit(
        out,
        format,
        &Section {
            title,
            first,
            answer,
        },
    )?)
}

/// The puzzles' headings, in the order they are shown.
const TITLES: [&str; 4] = ["Sudoku", "N-Queens", "Snakes and Ladders", "Rat in a Maze"];

/// Runs each puzzle's demo in turn, separated by a heading.
pub fn run(out: &mut dyn Write, format: Format) -> anyhow::Result<Outcome> {
    format.refuse_csv("the demo answers four different puzzles")?;
    let mut outcome = Outcome::Answered;

    // Sudoku: Norvig's grid1.
    outcome = outcome.worst(section(out, format, TITLES[0], crate::sudoku::demo()?)?);

    // N-Queens: the first solution of 8 x 8, and the counts.
    outcome = outcome.worst(section(out, format, TITLES[1], crate::queens::demo()?)?);

    // Snakes and Ladders: LeetCode 909 example 1 and Chutes and Ladders.
    outcome = outcome.worst(section(out, format, TITLES[2], crate::ladders::demo()?)?);

    // Rat in a Maze: the GeeksforGeeks example.
    outcome = outcome.worst(section(out, format, TITLES[3], crate::maze::demo()?)?);

    Ok(outcome)
}
