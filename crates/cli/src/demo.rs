//! `gridsolve demo`: every puzzle on the example from its classic statement.

use std::io::Write;

use crate::report::{Format, Outcome};

/// Runs each puzzle's demo in turn, separated by a heading.
pub fn run(out: &mut dyn Write, format: Format) -> anyhow::Result<Outcome> {
    type Demo = fn(&mut dyn Write, Format) -> anyhow::Result<()>;
    let demos: &[(&str, Demo)] = &[
        ("Sudoku", crate::sudoku::demo),
        ("N-Queens", crate::queens::demo),
        ("Snakes and Ladders", crate::ladders::demo),
        ("Rat in a Maze", crate::maze::demo),
    ];
    for (i, (title, demo)) in demos.iter().enumerate() {
        if format == Format::Text {
            if i > 0 {
                writeln!(out)?;
            }
            writeln!(out, "== {title} ==")?;
        }
        demo(out, format)?;
    }
    Ok(Outcome::Answered)
}
