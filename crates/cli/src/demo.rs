//! `gridsolve demo`: every puzzle on the example from its classic statement.

use std::io::Write;

use crate::report::{Format, Outcome};

/// Runs each puzzle's demo in turn, separated by a heading.
pub fn run(out: &mut dyn Write, format: Format) -> anyhow::Result<Outcome> {
    type Demo = fn(&mut dyn Write, Format) -> anyhow::Result<()>;
    let demos: &[(&str, Demo)] = &[("Rat in a Maze", crate::maze::demo)];
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
