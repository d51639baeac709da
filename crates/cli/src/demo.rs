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

/// The demos shown so far: where they are written and how they went.
struct Shown<'a> {
    out: &'a mut dyn Write,
    format: Format,
    count: usize,
    outcome: Outcome,
}

impl Shown<'_> {
    /// Writes `answer` under `title` (a blank line before every heading but the first).
    fn show(&mut self, title: &'static str, answer: impl Answer) -> anyhow::Result<()> {
        let first = self.count == 0;
        let section = Section {
            title,
            first,
            answer,
        };
        let outcome = report::emit(self.out, self.format, &section)?;
        self.outcome = self.outcome.worst(outcome);
        self.count += 1;
        Ok(())
    }
}

/// Runs each puzzle's demo in turn, under its heading. A new puzzle is one line here.
pub fn run(out: &mut dyn Write, format: Format) -> anyhow::Result<Outcome> {
    format.refuse_csv("the demo answers four different puzzles")?;
    let mut shown = Shown {
        out,
        format,
        count: 0,
        outcome: Outcome::Answered,
    };
    // Norvig's grid1.
    shown.show("Sudoku", crate::sudoku::demo()?)?;
    // The first solution of 8 x 8, and the counts.
    shown.show("N-Queens", crate::queens::demo()?)?;
    // LeetCode 909 example 1 and Chutes and Ladders.
    shown.show("Snakes and Ladders", crate::ladders::demo()?)?;
    // The GeeksforGeeks example.
    shown.show("Rat in a Maze", crate::maze::demo()?)?;
    Ok(shown.outcome)
}
